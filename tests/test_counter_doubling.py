"""Twice as many counters or tokens (issues 12 and 16): Doubling Season ("If an effect
would put one or more counters on a permanent you control, it puts twice that many of
those counters on that permanent instead."; "... it creates twice that many of those
tokens instead."), Branching Evolution's +1/+1 counters, and a mana ability that puts a
counter before it adds mana (Empowered Autogenerator: "{T}: Put a charge counter on
CARDNAME. Add X mana of any one color, where X is the number of charge counters on
CARDNAME.").

Every expectation is derived by hand from the card's text, its rulings and the rules.

Rules
-----
CR 122.6 (putting counters), 111.1 (creating tokens), 614.1a (replacement effects with
"instead"), 616.1 (their order: multiplications commute), 608.2c (an ability's
instructions in order: the counter is put, then X counts it), 605.3b (a mana ability
resolves at once). Doubling Season's ruling: the loyalty ability costs of a
planeswalker aren't doubled (a cost, not an effect).
"""

from __future__ import annotations

from typing import Any

import pytest
from manacheck.model import COLORS, Counters, load_state_text
from manacheck.model.effects import Family, kind_of_ability
from manacheck.model.oracle import read_text
from manacheck.model.placing import place_counters
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import activation_outcomes
from manacheck.solver.soundness import RESOLUTION

DS_TOKENS = ("If an effect would create one or more tokens under your control, it "
             "creates twice that many of those tokens instead.")
DS_COUNTERS = ("If an effect would put one or more counters on a permanent you control, "
               "it puts twice that many of those counters on that permanent instead.")
BRANCHING = ("If one or more +1/+1 counters would be put on a creature you control, twice "
             "that many +1/+1 counters are put on that creature instead.")


@pytest.mark.cr("614.1a")
@pytest.mark.parametrize(("line", "data"), [
    (DS_TOKENS, {"kind": "token_replacement", "affected": {"controller": "you"},
                 "multiply": 2}),
    (DS_COUNTERS, {"kind": "counter_replacement", "affected": {"controller": "you"},
                   "multiply": 2, "effects_only": True}),
    (BRANCHING, {"kind": "counter_replacement", "affected": {
        "types": ["creature"], "controller": "you"}, "multiply": 2, "counter": "+1/+1"}),
])
def test_the_line_is_read_as_derived_by_hand(line: str, data: dict[str, Any]) -> None:
    abilities, keywords, unread = read_text("Test Season", line)
    assert unread == [] and keywords == []
    assert abilities == [{"static": {**data, "text": line}}]


@pytest.mark.parametrize("line", [
    # "that many plus one" is not twice (Hardened Scales)
    "If one or more +1/+1 counters would be put on a creature you control, that many "
    "plus one +1/+1 counters are put on it instead.",
    # two kinds named differently
    "If one or more +1/+1 counters would be put on a creature you control, twice that "
    "many -1/-1 counters are put on that creature instead.",
    # an opponent's tokens
    "If an effect would create one or more tokens under an opponent's control, it "
    "creates twice that many of those tokens instead.",
])
def test_lines_not_read(line: str) -> None:
    assert read_text("Test Season", line)[2] == [line]


def _board(mine: list[str], theirs: list[str] = ()) -> str:  # type: ignore[assignment]
    return ("turn: {active_player: A, number: 3}\nplayers:\n  A:\n"
            "    battlefield: [" + ", ".join(mine) + "]\n  B:\n"
            "    battlefield: [" + ", ".join(theirs) + "]\n")


@pytest.mark.cr("122.6")
@pytest.mark.cr("616.1")
def test_doubling_season_puts_twice_as_many_counters_of_every_kind() -> None:
    """Doubling Season doubles every kind an effect puts on a permanent you control
    (one charge and two +1/+1: two and four), not on an opponent's, not those a cost
    puts (its ruling); two of them: four times as many (CR 616.1: each applies once).
    Branching Evolution doubles +1/+1 counters only, and those a cost puts too."""
    s = load_state_text(_board(["Doubling Season", "Llanowar Elves", "Mind Stone"],
                               ["Grizzly Bears"]))
    ask = Counters.of({"charge": 1, "+1/+1": 2})
    assert place_counters(s, "Llanowar Elves", ask).put.as_dict() == {"charge": 2, "+1/+1": 4}
    assert place_counters(s, "Mind Stone", ask).put.as_dict() == {"charge": 2, "+1/+1": 4}
    assert place_counters(s, "Grizzly Bears", ask).put.as_dict() == {"charge": 1, "+1/+1": 2}
    assert place_counters(s, "Llanowar Elves", ask, by_effect=False).put == ask
    two = load_state_text(_board(["Doubling Season", "Doubling Season", "Llanowar Elves"]))
    assert place_counters(two, "Llanowar Elves", Counters.of({"loyalty": 3})).put[
        "loyalty"] == 12
    evo = load_state_text(_board(["Branching Evolution", "Llanowar Elves"]))
    assert place_counters(evo, "Llanowar Elves", ask, by_effect=False).put.as_dict() == {
        "charge": 1, "+1/+1": 4}


def test_token_doubling_is_declared_for_what_resolution_reads() -> None:
    """Nothing applies "twice that many tokens" yet: its kind is in the zones family
    (a replaced event, CR 614.1a), which resolve reads and doesn't implement, so an
    answer it could change is not decided; the mana questions don't read it."""
    s = load_state_text(_board(["Doubling Season"]))
    kinds = [kind_of_ability(ab) for ab in s.permanent("Doubling Season").card.abilities]
    token = [k for k in kinds if k is not None and k.key == "static:token_replacement"]
    assert token and token[0].families == frozenset({Family.ZONES})
    assert Family.ZONES in RESOLUTION.reads
    assert "static:token_replacement" not in RESOLUTION.implements


AUTO = "Empowered Autogenerator"


@pytest.mark.cr("608.2c")
@pytest.mark.cr("122.6")
def test_empowered_autogenerator_counts_the_counter_it_puts() -> None:
    """With no counters it puts one, then adds one mana: {R} payable, {R}{R} not. With
    two it adds three of one color: {G}{G}{G} payable one way, four not. With Doubling
    Season the counter becomes two (an effect on a permanent you control): from none,
    {R}{R}; an opponent's Doubling Season changes nothing. With an effect that stops
    counters being put on it that the payment doesn't apply: not decided."""
    none = _board([AUTO])
    assert activation_outcomes(load_state_text(none), AUTO, 1) == {(c,) for c in COLORS}
    assert payment_answer(load_state_text(none), "A", "{R}").verdict == "payable"
    assert payment_answer(load_state_text(none), "A", "{R}{R}").verdict == "not payable"
    two = _board(["{card: Empowered Autogenerator, counters: {charge: 2}}"])
    assert payment_answer(load_state_text(two), "A", "{G}{G}{G}").count == 1
    assert payment_answer(load_state_text(two), "A", "{G}{G}{G}{G}").verdict == \
        "not payable"
    season = _board([AUTO, "Doubling Season"])
    assert payment_answer(load_state_text(season), "A", "{R}{R}").verdict == "payable"
    assert payment_answer(load_state_text(season), "A", "{R}{R}{R}").verdict == \
        "not payable"
    theirs = _board([AUTO], ["Doubling Season"])
    assert payment_answer(load_state_text(theirs), "A", "{R}{R}").verdict == "not payable"
    cards = """cards:
  - name: Test Stopper
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [counters], text: "Counters can't be put on artifacts."}
"""
    stopped = load_state_text(_board([AUTO, "Test Stopper"]) + cards)
    assert payment_answer(stopped, "A", "{R}").verdict == "not decided"
