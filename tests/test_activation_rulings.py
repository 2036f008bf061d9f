"""Official rulings about activating abilities (reference/cards/rulings.json), one board
each. Every test first finds its ruling's text in the shared data, so a test can't
silently drift from the ruling it claims to encode.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from manacheck.model import GameState, effective, load_state_text
from manacheck.solver.activation import activated_abilities, can_activate

REFERENCE = Path(__file__).resolve().parents[1] / "reference"


@cache
def _rulings() -> dict[str, list[str]]:
    data = json.loads((REFERENCE / "cards" / "rulings.json").read_text(encoding="utf-8"))
    return {name: [r["text"] for r in rs] for name, rs in data["rulings"].items()}


def ruling(card: str, fragment: str) -> str:
    """The ruling of ``card`` containing ``fragment`` (fails if there is none)."""
    hits = [t for t in _rulings().get(card, []) if fragment in t]
    assert hits, f"no ruling of {card} mentions {fragment!r}"
    return hits[0]


def state(alice: str, *, turn: str = "{active_player: Alice}", bob: str = "{}",
          stack: str = "[]") -> GameState:
    return load_state_text(f"""
turn: {turn}
players:
  Alice: {alice}
  Bob: {bob}
stack: {stack}
""")


def rules_of(v: object) -> list[str]:
    return [r.rule for r in v.reasons]  # type: ignore[attr-defined]


@pytest.mark.cr("107.6")
def test_pili_pala_already_untapped_cant_activate() -> None:
    ruling("Pili-Pala", "If Pili-Pala is already untapped, you can’t activate its {Q} ability")
    v = can_activate(state("{battlefield: [Pili-Pala, Sol Ring]}"), "Pili-Pala")
    assert not v.legal and rules_of(v) == ["107.6"]


@pytest.mark.cr("302.6")
@pytest.mark.parametrize("haste, legal", [(False, False), (True, True)])
def test_pili_pala_q_needs_control_since_turn_began_unless_haste(haste: bool,
                                                                 legal: bool) -> None:
    ruling("Pili-Pala", "unless the creature has haste")
    counters = ", counters: {haste: 1}" if haste else ""
    s = state(f"{{battlefield: [{{card: Pili-Pala, tapped: true, summoning_sick: true"
              f"{counters}}}, Sol Ring]}}")
    v = can_activate(s, "Pili-Pala")
    assert v.legal is legal
    if not legal:
        assert rules_of(v) == ["302.6"]


@pytest.mark.cr("605.1a")
def test_pili_pala_and_spirit_guide_are_mana_abilities_deathrite_first_is_not() -> None:
    ruling("Pili-Pala", "Pili-Pala’s ability is a mana ability")
    ruling("Elvish Spirit Guide", "This ability is a mana ability")
    ruling("Deathrite Shaman", "Because the first ability requires a target, it is not a "
                               "mana ability")
    s = state("{hand: [Elvish Spirit Guide], battlefield: [Pili-Pala, Deathrite Shaman]}")
    assert activated_abilities(s, "Pili-Pala")[0].is_mana_ability
    assert activated_abilities(s, "Elvish Spirit Guide")[0].is_mana_ability
    deathrite = effective(s)["Deathrite Shaman"].activated
    assert not deathrite[0].is_mana_ability and deathrite[0].mana is not None


@pytest.mark.cr("302.6")
def test_springleaf_drum_may_tap_a_creature_that_just_arrived() -> None:
    ruling("Springleaf Drum", "You can tap a creature that hasn't been under your control")
    s = state("{battlefield: [Springleaf Drum, {card: Birds of Paradise, "
              "summoning_sick: true}]}")
    v = can_activate(s, "Springleaf Drum")
    assert v.legal and v.witness is not None
    assert v.witness.tapped == ("Springleaf Drum", "Birds of Paradise")


@pytest.mark.cr("302.6")
def test_grand_architect_taps_any_blue_creature_including_itself() -> None:
    ruling("Grand Architect", "This includes Grand Architect itself")
    s = state("{battlefield: [{card: Grand Architect, summoning_sick: true}, "
              "{card: Grand Architect, summoning_sick: true}]}")
    v = can_activate(s, "Grand Architect", 2)
    # Either Grand Architect may be tapped, even though both just arrived.
    assert v.legal and v.ways == 2


@pytest.mark.cr("118.3")
def test_relic_second_ability_with_empty_graveyards() -> None:
    ruling("Relic of Progenitus", "even if no players have any cards in their graveyards")
    s = state("{battlefield: [Relic of Progenitus, Plains]}")
    assert not any(p.graveyard for p in s.players)
    v = can_activate(s, "Relic of Progenitus", 2)
    assert v.legal and v.witness is not None
    assert v.witness.exiled == ("Relic of Progenitus",)
    # The first ability targets a player, and that needs no cards in graveyards either.
    assert can_activate(s, "Relic of Progenitus", 1).ways == 2


@pytest.mark.cr("602.5e")
def test_lions_eye_diamond_is_instant_speed_any_turn() -> None:
    ruling("Lion's Eye Diamond", "it can only be activated at times when you can cast an "
                                 "instant")
    s = state("{hand: [Forest], battlefield: [Lion's Eye Diamond]}",
              turn="{active_player: Bob, phase: end}",
              stack="[{card: Llanowar Elves, controller: Bob}]")
    v = can_activate(s, "Lion's Eye Diamond")
    assert v.legal and v.witness is not None
    assert v.witness.discarded == ("Forest",) and v.witness.sacrificed == ("Lion's Eye Diamond",)


@pytest.mark.cr("702.29a")
def test_vizier_cycles_even_if_its_cycling_trigger_has_no_target() -> None:
    ruling("Vizier of Tumbling Sands", "You can cycle a card even if it has a triggered "
                                       "ability from cycling that won’t have a legal target")
    # Mana from Alice's pool: no permanent anywhere for the trigger to target.
    s = load_state_text("""
turn: {active_player: Alice}
players:
  Alice: {hand: [Vizier of Tumbling Sands], mana_pool: "{U}{U}"}
  Bob: {}
""")
    assert not s.permanents
    v = can_activate(s, "Vizier of Tumbling Sands")
    assert v.legal and v.ability == 2


@pytest.mark.cr("118.3")
def test_pentad_prism_without_counters_stays_but_cant_pay() -> None:
    ruling("Pentad Prism", "Once Pentad Prism has run out of charge counters, it remains")
    v = can_activate(state("{battlefield: [Pentad Prism]}"), "Pentad Prism")
    assert not v.legal and rules_of(v) == ["118.3"]
