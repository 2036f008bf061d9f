"""Statics that forbid activating abilities (``oracletext.prohibitions``), applied.

Expectations derived by hand from the rules:

* CR 602.5: a player can't begin to activate a prohibited ability. CR 605.1a: a mana
  ability is an activated ability, so "Activated abilities of artifacts can't be
  activated." (Null Rod) stops Sol Ring's mana ability: Sol Ring can't pay {2}, and
  "can Alice activate Sol Ring?" is no, citing 602.5.
* It names artifacts only: a Forest still taps for {G}.
* "... your opponents control" (Karn, the Great Creator) is relative to the static's
  controller (CR 109.5): Karn stops Alice's Sol Ring when Bob controls Karn, not Bob's.
* "... unless they're mana abilities" leaves mana abilities alone.
* CR 106.7: what a permanent could produce ignores whether its ability may be
  activated ("if the ability were to resolve"), so Sol Ring could produce {C} anyway.
"""

from __future__ import annotations

import textwrap

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.oracle import read_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce


def board(alice: str, bob: str, extra: str = "") -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            battlefield: {alice}
          Bob:
            battlefield: {bob}
        """) + textwrap.dedent(extra))


EXTRA = """\
cards:
  - name: Test Damper
    types: [Artifact]
    text: "Activated abilities of artifacts and creatures can't be activated unless
      they're mana abilities."
"""


@pytest.mark.cr("602.5")
@pytest.mark.parametrize(("line", "affected", "mode"), [
    ("Activated abilities of artifacts can't be activated.", {"types": ["artifact"]}, "all"),
    ("Activated abilities of creatures can't be activated.", {"types": ["creature"]}, "all"),
    ("Activated abilities of artifacts your opponents control can't be activated.",
     {"types": ["artifact"], "controller": "opponent"}, "all"),
    ("Activated abilities of artifacts and creatures can't be activated unless they're "
     "mana abilities.", {"any_types": ["artifact", "creature"]}, "nonmana"),
])
def test_read(line: str, affected: dict[str, object], mode: str) -> None:
    static = read_text("Test", line)[0][0]["static"]
    assert static["affected"] == affected and static["params"] == {"cant_activate": mode}


def test_not_read_without_a_phrase_for_the_objects() -> None:
    line = "Activated abilities of nonland permanents can't be activated."
    static = read_text("Test", line)[0][0]["static"]
    assert "params" not in static and static["affects"] == ["activation"]


@pytest.mark.cr("602.5")
@pytest.mark.cr("605.1a")
@pytest.mark.parametrize("rod_side", ["alice", "bob"])
def test_null_rod_stops_sol_ring_not_forest(rod_side: str) -> None:
    alice = "[Forest, Sol Ring" + (", Null Rod]" if rod_side == "alice" else "]")
    bob = "[Null Rod]" if rod_side == "bob" else "[]"
    state = board(alice, bob)
    two = payment_answer(state, "Alice", "{2}")
    assert two.payable is False and not two.undecided
    one = payment_answer(state, "Alice", "{G}")
    assert one.payable is True and one.count == 1
    verdict = can_activate(state, "Sol Ring", 1, "Alice")
    assert verdict.legal is False and not verdict.undecided and not verdict.unapplied
    assert any(r.rule == "602.5" and "Null Rod" in r.message for r in verdict.reasons)
    # CR 106.7: could produce ignores whether it may be activated
    assert {t.value for t in explain_could_produce(state, "Sol Ring").mana_types} == {"C"}


@pytest.mark.cr("109.5")
def test_karn_stops_only_the_opponents_artifacts() -> None:
    state = board("[Sol Ring]", '["Karn, the Great Creator", {card: Sol Ring, id: bobs}]')
    assert payment_answer(state, "Alice", "{2}").payable is False
    assert payment_answer(state, "Bob", "{2}").payable is True


def test_unless_mana_abilities() -> None:
    state = board("[Sol Ring, Llanowar Elves, Test Damper]", "[]", EXTRA)
    assert payment_answer(state, "Alice", "{2}{G}").payable is True


@pytest.mark.cr("605.3a")
def test_a_named_prohibition_of_nonmana_abilities_leaves_mana_abilities_decided() -> None:
    """Pithing Needle with no name chosen in the state: the name isn't known, but
    "... unless they're mana abilities" can't touch a mana ability (CR 605.3a): a payment
    and a mana ability's verdict are decided; a non-mana ability's (Prodigal
    Sorcerer's) isn't."""
    state = board("[Forest, Pithing Needle, Sol Ring, Prodigal Sorcerer]", "[]")
    assert payment_answer(state, "Alice", "{G}").payable is True
    assert can_activate(state, "Sol Ring", 1, "Alice").legal is True
    sorcerer = can_activate(state, "Prodigal Sorcerer", 1, "Alice")
    assert sorcerer.undecided and [u.object_id for u in sorcerer.unapplied] == [
        "Pithing Needle"]


@pytest.mark.cr("303.4")
def test_arrest_stops_the_enchanted_creatures_mana_ability() -> None:
    """Arrest: "Enchanted creature can't attack or block, and its activated abilities
    can't be activated." On Llanowar Elves, the Elves can't pay {G} (CR 602.5, 605.1a);
    another Elves can. Attached to nothing, it stops nothing (704.5m puts it into the
    graveyard first)."""
    state = board("[{card: Llanowar Elves, id: stopped}, {card: Arrest, attached_to: "
                  "stopped}]", "[]")
    assert payment_answer(state, "Alice", "{G}").payable is False
    verdict = can_activate(state, "stopped", 1, "Alice")
    assert verdict.legal is False and any(r.rule == "602.5" for r in verdict.reasons)
    two = board("[{card: Llanowar Elves, id: stopped}, {card: Arrest, attached_to: "
                "stopped}, Llanowar Elves]", "[]")
    assert payment_answer(two, "Alice", "{G}").count == 1
    detained = board("[{card: Llanowar Elves, id: e}, {card: Detainment Spell, "
                     "attached_to: e}]", "[]")
    assert payment_answer(detained, "Alice", "{G}").payable is False
