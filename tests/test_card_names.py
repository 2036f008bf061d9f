"""Finding cards by name as a user types them (issue 15): letter case doesn't matter,
partial names get suggestions, and a suggestion never repeats what was typed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from manacheck.model import StateFileError, builtin_cards, load_state_text
from manacheck.model.errors import UnknownObject

from manacheck.cli import main


def test_a_name_in_any_letter_case_is_the_card() -> None:
    db = builtin_cards()
    assert db["llanowar elves"] is db["Llanowar Elves"]
    assert db.get("  GAEA'S CRADLE ") is db["Gaea's Cradle"]
    assert "llanowar elves" not in db.cards  # the canonical name is kept


def test_a_state_file_may_name_cards_in_lower_case() -> None:
    state = load_state_text(
        "turn: {active_player: Alice, phase: precombat_main}\n"
        "players:\n  Alice:\n    battlefield: [llanowar elves, forest, Forest]\n")
    ids = [p.id for p in state.player("Alice").battlefield]
    assert ids == ["Llanowar Elves", "Forest", "Forest#2"]


@pytest.mark.parametrize(("typed", "suggested"), [
    ("Gaea", "Gaea's Cradle"),
    ("Gaeas Cradle", "Gaea's Cradle"),
    ("cradle", "Gaea's Cradle"),
    ("Kozilek", "Kozilek, the Great Distortion"),
])
def test_partial_and_misspelt_names_get_suggestions(typed: str, suggested: str) -> None:
    with pytest.raises(UnknownObject) as caught:
        builtin_cards()[typed]
    assert f"'{suggested}'" in caught.value.one_line()


def test_a_suggestion_never_repeats_the_name_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player named "2024" named unquoted elsewhere is a number to YAML: say so, instead
    of "did you mean '2024'?"."""
    state = tmp_path / "state.yaml"
    state.write_text('turn: {active_player: 2024, phase: precombat_main}\n'
                     'players:\n  "2024":\n    battlefield: [Forest]\n', encoding="utf-8")
    assert main(["validate", str(state)]) == 2
    err = capsys.readouterr().err
    assert "did you mean '2024'" not in err
    assert 'write it as text: "2024"' in err
    assert err.count("\n") == 1


def test_a_name_like_no_card_says_how_to_add_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Zzyzx Qwerty"]) == 2
    err = capsys.readouterr().err
    assert "define it under 'cards:'" in err and "--cards" in err
    assert err.count("\n") == 1
    with pytest.raises(StateFileError, match="define it under 'cards:'"):
        load_state_text("turn: {active_player: Alice, phase: precombat_main}\n"
                        "players:\n  Alice:\n    battlefield: [Zzyzx Qwerty]\n")


def test_cards_search_by_name_type_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 15: `manacheck cards search TEXT`; every word must occur, any letter case.
    from manacheck.model import builtin_cards

    from manacheck.cli import main

    names = [c.name for c in builtin_cards().search("cradle")]
    # (Yavimaya, Cradle of Growth is the pool's reading now: not built in)
    assert names == ["Gaea's Cradle", "Itlimoc, Cradle of the Sun"]
    assert [c.name for c in builtin_cards().search("legendary planeswalker",
                                                   field="type")] == [
        "Tamiyo, Compleated Sage"]
    texts = builtin_cards().search("activate only as an instant", field="text")
    assert "Lion's Eye Diamond" in [c.name for c in texts]
    # The command searches the shipped 2022 pool too (tests/test_pool.py): the built-in
    # three and the pool's other "cradle" cards.
    assert main(["cards", "search", "cradle", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["count"] == 9
    assert {c["name"] for c in found["cards"]} >= {"Gaea's Cradle", "Cradle of Vitality",
                                                   "Seedcradle Witch"}
    assert main(["cards", "search", "no such words here"]) == 1


def test_an_id_that_is_also_a_shared_name_is_said_to_be(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 15: --for "Kitchen Finks" with a copy in hand and one on the battlefield: the
    # answer is about the object with that id, and names the other's id.
    from manacheck.cli import main

    path = tmp_path / "f.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {hand: [Kitchen Finks], "
                    "battlefield: [Kitchen Finks, Forest, Plains, Plains]}\n")
    assert main(["pay", str(path), "--for", "Kitchen Finks"]) == 0
    out = capsys.readouterr().out
    assert ("note: 'Kitchen Finks' is the object with that id (in the hand); "
            "Kitchen Finks#2 is the one on the battlefield") in out
    assert main(["pay", str(path), "{1}", "--for", "Kitchen Finks#2"]) == 0
    assert "note:" not in capsys.readouterr().out
