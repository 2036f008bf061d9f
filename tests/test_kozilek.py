"""Kozilek, the Great Distortion: "Discard a card with mana value X: Counter target spell
with mana value X." One constraint problem: target spell, discarded card and X.

Each official ruling (reference/cards/cards.json, seed 001) is a board here. The
expected answers are derived by hand from the ruling text; ``ways`` is also checked
against a brute force over every (card in hand, spell on the stack) pair.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import can_activate, ways

from manacheck.cli import main

REFERENCE = Path(__file__).resolve().parents[1] / "reference"
KOZ = "Kozilek, the Great Distortion"


def board(hand: list[str], stack: str = "[]", *, extra: str = "",
          kozilek: str = "{card: \"Kozilek, the Great Distortion\", id: koz}") -> GameState:
    hand_text = "[" + ", ".join(f'"{c}"' for c in hand) + "]"
    return load_state_text(f"""
turn: {{active_player: Alice, phase: precombat_main}}
players:
  Alice:
    hand: {hand_text}
    battlefield: [{kozilek}]
  Bob:
    battlefield: [Forest]
stack: {stack}
{extra}
""")


def kozilek_rulings() -> list[str]:
    cards = json.loads((REFERENCE / "cards" / "cards.json").read_text(encoding="utf-8"))
    (koz,) = [c for c in cards if c["name"] == KOZ]
    return [r["text"] for r in koz["rulings"]]


def test_rulings_present_in_shared_data() -> None:
    """The rulings these tests encode are the official ones (and the seed's)."""
    rulings = " ".join(kozilek_rulings())
    assert "there must be a legal target: a spell on the stack" in rulings
    assert "that X is 0" in rulings
    assert "Sheer Drop" in rulings and "awaken" in rulings
    seed = (REFERENCE / "seeds" / "001_babcb20d26a3b8b2.txt").read_text(encoding="utf-8")
    assert "You can't activate the ability unless you can match the mana value" in seed


@pytest.mark.cr("601.2c")
def test_ruling_needs_a_spell_on_the_stack_601_2c() -> None:
    """Ruling: "To activate the last ability, there must be a legal target: a spell on
    the stack." Empty stack: illegal, and the fix is a spell of a hand card's mana value."""
    s = board(["Llanowar Elves", "Sheer Drop"])
    v = can_activate(s, "koz")
    assert not v.legal
    assert [r.rule for r in v.reasons] == ["601.2c"]
    descriptions = sorted(f.description for f in v.fixes)
    assert descriptions == ["legal if a spell with mana value 1 were on the stack",
                            "legal if a spell with mana value 3 were on the stack"]
    assert v.witness is None and v.ways == 0


@pytest.mark.cr("601.2c")
def test_ruling_ability_on_stack_is_not_a_spell_601_2c() -> None:
    # An ability on the stack is not a spell, so it can't be Kozilek's "target spell"
    # (here Kozilek's own ability; a mana ability can't be on the stack at all, 605.3b).
    s = board(["Llanowar Elves"], "[{ability_of: koz, ability: 1, controller: Bob}]")
    v = can_activate(s, "koz", find_fixes=False)
    assert not v.legal
    assert [r.rule for r in v.reasons] == ["601.2c"]


@pytest.mark.cr("601.2h")
def test_ruling_must_match_mana_value_of_a_hand_card() -> None:
    """Ruling: "You can't activate the ability unless you can match the mana value of a
    spell on the stack to that of a card in your hand." Hand: mana value 1; stack: 3."""
    s = board(["Llanowar Elves"], "[{card: Sheer Drop, controller: Bob}]")
    v = can_activate(s, "koz")
    assert not v.legal
    assert len(v.reasons) == 1
    assert v.reasons[0].rule == "601.2c"
    assert "mana value X" in v.reasons[0].message
    fixes = sorted(f.description for f in v.fixes)
    assert "legal if a spell with mana value 1 were on the stack" in fixes
    assert "legal with a card with mana value 3 in your hand" in fixes


@pytest.mark.cr("202.3e")
def test_ruling_x_in_discarded_card_is_zero_202_3e() -> None:
    """Ruling: "If there's an {X} in the mana cost of the card you discard, that X is 0."
    Fireball ({X}{R}) in hand has mana value 1: it pays for a mana value 1 spell only."""
    s = board(["Fireball"], "[{card: Llanowar Elves, controller: Bob}]")
    v = can_activate(s, "koz")
    assert v.legal and v.witness is not None
    assert v.witness.x == 1 and v.witness.discarded == ("Fireball",)
    s2 = board(["Fireball"], "[{card: Sol Ring, controller: Bob, id: ring}, "
                             "{card: Sheer Drop, controller: Bob}]")
    v2 = can_activate(s2, "koz")
    assert v2.legal and v2.witness is not None and v2.witness.targets == ("ring",)


@pytest.mark.cr("202.3e")
def test_ruling_x_of_target_spell_is_its_chosen_value_202_3e() -> None:
    """Ruling: "Any {X} in the mana cost of the target spell will have whatever value was
    determined for it as the spell was cast." Fireball with X=4 on the stack: mana value 5."""
    s = board(["Llanowar Elves", "Sheer Drop"], "[{card: Fireball, controller: Bob, x: 4}]")
    v = can_activate(s, "koz")
    assert not v.legal
    assert "legal with a card with mana value 5 in your hand" in [f.description
                                                                  for f in v.fixes]
    s5 = board(["Llanowar Elves", "Sheer Drop"], "[{card: Fireball, controller: Bob, x: 2}]")
    v5 = can_activate(s5, "koz")
    assert v5.legal and v5.witness is not None
    assert (v5.witness.x, v5.witness.discarded) == (3, ("Sheer Drop",))


@pytest.mark.cr("118.9c")
def test_ruling_sheer_drop_cast_for_awaken_has_mana_value_3_118_9c() -> None:
    """Ruling: a Sheer Drop cast for its awaken cost {5}{W} has mana value 3."""
    stack = "[{card: Sheer Drop, controller: Bob, alternative_cost: awaken}]"
    v = can_activate(board(["Sheer Drop"], stack), "koz")
    assert v.legal and v.witness is not None and v.witness.x == 3
    # Nothing with mana value 6 ({5}{W}) is what's needed: a 6-drop in hand doesn't fit.
    extra = """cards:
  - {name: Six Drop, mana_cost: "{5}{W}", types: [Sorcery]}"""
    v6 = can_activate(board(["Six Drop"], stack, extra=extra), "koz", find_fixes=False)
    assert not v6.legal


def test_can_counter_its_controllers_own_spell() -> None:
    s = board(["Sol Ring"], "[{card: Llanowar Elves, controller: Alice}]")
    v = can_activate(s, "koz")
    assert v.legal and v.witness is not None
    (target,) = v.witness.targets
    item = s.get(target)
    assert item.name == "Llanowar Elves" and item.controller == "Alice"  # type: ignore[union-attr]


@pytest.mark.cr("302.6")
def test_no_tap_symbol_so_tapped_or_summoning_sick_kozilek_may_activate_302_6() -> None:
    s = board(["Sol Ring"], "[{card: Llanowar Elves, controller: Bob}]",
              kozilek='{card: "Kozilek, the Great Distortion", id: koz, tapped: true, '
                      'summoning_sick: true}')
    assert can_activate(s, "koz").legal


@pytest.mark.cr("602.2")
def test_only_controller_may_activate_602_2() -> None:
    s = board(["Sol Ring"], "[{card: Llanowar Elves, controller: Bob}]")
    v = can_activate(s, "koz", player="Bob")
    assert not v.legal
    # Every reason: Bob doesn't control Kozilek, and Bob (who would pay) has no card to
    # discard (CR 118.3).
    assert [r.rule for r in v.reasons] == ["602.2", "118.3"]
    assert "only its controller Alice" in v.reasons[0].message


def brute_force_ways(s: GameState) -> int:
    """Every (card in Alice's hand, spell on the stack) with equal mana values."""
    hand = s.player("Alice").hand
    spells = [item for item in s.stack if item.is_spell]
    return sum(1 for c in hand for sp in spells if c.mana_value() == sp.mana_value())


def test_ways_equals_brute_force_and_all_lists_them() -> None:
    stack = ("[{card: Llanowar Elves, controller: Bob}, {card: Sol Ring, controller: Alice},"
             " {card: Fireball, controller: Bob, x: 2}, {card: Sheer Drop, controller: Bob,"
             " alternative_cost: awaken}]")
    s = board(["Llanowar Elves", "Sol Ring", "Fireball", "Sheer Drop", "Forest"], stack)
    v = can_activate(s, "koz")
    assert v.legal
    assert v.ways == brute_force_ways(s) == 3 * 2 + 2
    listed = list(ways(s, "koz"))
    assert len(listed) == v.ways
    assert len({(w.targets, w.discarded) for w in listed}) == v.ways
    for w in listed:
        (t,), (d,) = w.targets, w.discarded
        spell, card = s.get(t), s.get(d)
        assert spell.mana_value() == card.mana_value() == w.x  # type: ignore[union-attr]


def test_cli_exit_codes_and_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    f = tmp_path / "k.yaml"
    f.write_text("""
turn: {active_player: Alice}
players:
  Alice: {hand: [Sol Ring], battlefield: [{card: "Kozilek, the Great Distortion", id: koz}]}
  Bob: {}
stack: [{card: Sheer Drop, controller: Bob}]
""")
    assert main(["can-activate", str(f), "koz", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["object", "ability", "legal", "reasons", "witness", "ways", "fixes"]
    assert data["legal"] is False and data["witness"] is None and data["ways"] == 0
    assert data["reasons"][0]["rule"] == "601.2c"
    assert main(["can-activate", str(f), "nobody"]) == 2
    assert "unknown object 'nobody'" in capsys.readouterr().err
    assert main(["can-activate", str(f), "koz", "--ability", "3"]) == 2
    assert "has no activated ability 3" in capsys.readouterr().err


def test_counting_stops_at_the_limit_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    stack = ("[{card: Llanowar Elves, controller: Bob}, {card: Sol Ring, controller: Bob}, "
             "{card: Sheer Drop, controller: Bob}]")
    s = board(["Llanowar Elves", "Sol Ring", "Sheer Drop"], stack)
    full = can_activate(s, "koz")
    assert full.ways == brute_force_ways(s) == 5 and full.ways_complete
    cut = can_activate(s, "koz", ways_limit=2)
    assert cut.legal and cut.ways == 2 and not cut.ways_complete
    assert cut.to_data()["ways_limit_reached"] is True
    # Nothing payable among the first solutions still finds the witness.
    one = can_activate(board(["Sheer Drop"], stack), "koz", ways_limit=0)
    assert one.legal and one.witness is not None and not one.ways_complete


def test_empty_hand_and_stack_need_a_pair_of_changes() -> None:
    v = can_activate(board([]), "koz")
    assert [r.rule for r in v.reasons] == ["601.2c", "118.3"]
    assert [f.description for f in v.fixes] == [
        "legal if a spell with mana value 1 were on the stack and with a card with mana "
        "value 1 in your hand"]
    assert len(v.fixes[0].changes) == 2
