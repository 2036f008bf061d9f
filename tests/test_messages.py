"""Text slips a first-time user met (issue 15): counts and articles read as English."""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import load_state_text
from manacheck.model.english import plural, with_article
from manacheck.solver import can_activate

from manacheck.cli import main


def test_plural_and_article() -> None:
    assert plural(1, "permanent") == "1 permanent"
    assert plural(0, "permanent") == "0 permanents"
    assert plural(2, "card in hands", "cards in hands") == "2 cards in hands"
    assert with_article("instant") == "an instant"
    assert with_article("untapped creature") == "an untapped creature"
    assert with_article("creature") == "a creature"


def test_validate_says_1_permanent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "one.yaml"
    state.write_text("turn: {active_player: Alice, phase: precombat_main}\n"
                     "players:\n  Alice:\n    hand: [Forest]\n    battlefield: [Forest]\n",
                     encoding="utf-8")
    assert main(["validate", str(state)]) == 0
    out = capsys.readouterr().out
    assert "1 player (Alice), 1 permanent, 1 card in hands," in out


def test_a_fix_reads_an_instant_or_sorcery_card() -> None:
    """Deathrite Shaman's "Exile target instant or sorcery card from a graveyard" with
    empty graveyards: the fix says "an instant or sorcery card" (was "a instant")."""
    state = load_state_text(
        "turn: {active_player: Alice, phase: precombat_main, number: 3}\n"
        "players:\n  Alice:\n    battlefield: [Deathrite Shaman, Swamp]\n")
    verdict = can_activate(state, "Deathrite Shaman", 2)
    assert not verdict
    descriptions = [f.description for f in verdict.fixes]
    assert any("legal with an instant or sorcery card" in d for d in descriptions), descriptions
    assert not any(" a instant" in d for d in descriptions)


def test_the_legend_rule_prompt_for_the_ozolith_has_one_the() -> None:
    # Issue 15: "the The Ozolith" read badly; a name that starts with "The" keeps its own.
    from manacheck.model import load_state_text
    from manacheck.model.english import the
    from manacheck.solver.settle import before_priority

    assert the("The Ozolith") == "The Ozolith" and the("Mox Opal") == "the Mox Opal"
    s = load_state_text("turn: {active_player: A}\nplayers:\n  A:\n"
                        "    battlefield: [The Ozolith, The Ozolith]\n")
    prompts = {c for b in before_priority(s).branches for c, _ in b.choices}
    assert prompts == {"The Ozolith to keep (legend rule)"}


def test_fixes_that_differ_only_in_interchangeable_mana_are_one() -> None:
    # Issue 15: Basalt Monolith's "{3}: Untap" with one Forest: two more sources of any
    # type work alike; one fix says so instead of 21 colour combinations. The reason's
    # detail follows a colon, with no brackets inside brackets.
    from manacheck.model import load_state_text
    from manacheck.solver.activation import can_activate

    s = load_state_text("""
turn: {active_player: A, phase: precombat_main}
players:
  A: {battlefield: [{card: Basalt Monolith, tapped: true}, Forest]}
""")
    v = can_activate(s, "Basalt Monolith", 2, "A")
    assert [f.description for f in v.fixes] == [
        "legal with two more mana sources of any of {W}, {U}, {B}, {R}, {G}, {C} "
        "(each works the same here)"]
    assert v.reasons[0].message.startswith("the mana cost {3} can't be paid: at most 1")
    # Where a type matters the fixes stay apart: {G}{G} needs green.
    s = load_state_text("""
turn: {active_player: A, phase: precombat_main}
players:
  A: {battlefield: [Quirion Ranger Stand-in]}
cards:
  - name: Quirion Ranger Stand-in
    types: [Artifact]
    abilities:
      - activated: {cost: "{G}{G}", effects: [{kind: draw, count: 1}], text: "{G}{G}: Draw."}
""")
    fixes = [f.description for f in can_activate(s, "Quirion Ranger Stand-in", 1, "A").fixes]
    assert fixes == ["legal with two more sources of {G}"]
