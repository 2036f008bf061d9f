"""Mage-Ring Network: "{T}: Add {C}. / {1}, {T}: Put a storage counter on Mage-Ring
Network. / {T}, Remove any number of storage counters from Mage-Ring Network: Add {C}
for each storage counter removed this way" (issue 16, "not expressible today").

The third ability is ``mana: {add: "{C}", amount_of: X}`` with the cost
``{remove_counters: {counter: storage, count: X}}``: X is chosen as the cost is paid,
from 0 to the storage counters on it (CR 107.3, 118.3: a cost can't remove counters
that aren't there; 601.2b via 602.2b), and the ability adds {C} X times. Each X is its
own activation, so a payment that uses it differs by the mana it adds (as for every
source: issue 3's definition of a distinct payment); {T} makes the three abilities
exclusive (CR 107.5: one of them per payment). X = 0 adds nothing and is never part of
a payment; as an activation it is legal (can-activate counts it).

XMage's ManaOptionsTest (Mage.Tests/src/test/java/org/mage/test/utils/ManaOptionsTest.java)
has two of these boards (testMageRingNetwork, testMageRingNetwork2): with a Plains
and a Swamp, 0 counters make at most {C}{W}{B} and 4 counters {C}{C}{C}{C}{W}{B}.
The random boards of ``test_payments_oracle`` include Mage-Ring Network with two
counters, and the count is compared with a brute-force formula below.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.model import ManaType, load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.amounts import Amounts
from manacheck.solver.payments import payment_answer, payments
from manacheck.solver.produce import activation_outcomes, could_produce

MRN = "Mage-Ring Network"
C = ManaType.C


def _board(counters: int, perms: list[str] = (), extra: str = "") -> str:  # type: ignore[assignment]
    others = "".join(f", {p}" for p in perms)
    return ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: [{card: "
            f"{MRN}, counters: {{storage: {counters}}}}}{others}]\n" + extra)


def _pay(counters: int, cost: str, perms: list[str] = ()) -> tuple[bool, int]:  # type: ignore[assignment]
    a = payment_answer(load_state_text(_board(counters, perms)), "A", cost)
    assert a.complete and not a.left_out
    assert a.count is not None
    return bool(a.payable), a.count


@pytest.mark.cr("106.7")
@pytest.mark.cr("107.3")
def test_what_it_could_produce_and_adds() -> None:
    # CR 106.7: colorless only. With 3 counters, ability 1 adds {C}; ability 3 adds
    # {C} X times for X in 1..3 (X = 0 adds nothing).
    s = load_state_text(_board(3))
    assert could_produce(s, MRN) == frozenset({C})
    assert activation_outcomes(s, MRN, 1) == {(C,)}
    assert activation_outcomes(s, MRN, 3) == {(C,), (C, C), (C, C, C)}
    empty = load_state_text(_board(0))
    assert activation_outcomes(empty, MRN, 3) == frozenset()
    assert could_produce(empty, MRN) == frozenset({C})


@pytest.mark.cr("107.3")
@pytest.mark.cr("601.2h")
def test_three_counters_alone() -> None:
    # {3}: X = 3, the only way (one permanent, one {T} ability).
    assert _pay(3, "{3}") == (True, 1)
    assert _pay(3, "{4}") == (False, 0)
    # {2}: X = 2, or X = 3 with one {C} left over.
    assert _pay(3, "{2}") == (True, 2)
    assert _pay(3, "{C}{C}") == (True, 2)
    # {1}: ability 1, or X = 1, 2 or 3: four payments.
    assert _pay(3, "{1}") == (True, 4)
    (p,) = payments(load_state_text(_board(3)), "A", "{3}")
    (use,) = p.activations
    assert (use.ability, use.mana) == (3, Amounts.of((C, C, C)))
    # No {W} from it.
    assert _pay(3, "{W}") == (False, 0)


@pytest.mark.cr("107.3")
def test_xmage_mana_options_boards() -> None:
    # testMageRingNetwork: no counters, Plains, Swamp: {C}{W}{B} at most.
    assert _pay(0, "{3}", ["Plains", "Swamp"]) == (True, 1)
    assert _pay(0, "{4}", ["Plains", "Swamp"]) == (False, 0)
    # testMageRingNetwork2: 4 counters: {C}{C}{C}{C}{W}{B}.
    assert _pay(4, "{4}{W}{B}", ["Plains", "Swamp"]) == (True, 1)
    assert _pay(4, "{7}", ["Plains", "Swamp"]) == (False, 0)
    # {1} there: Plains, Swamp, ability 1, or X = 1..4: seven payments.
    assert _pay(4, "{1}", ["Plains", "Swamp"]) == (True, 7)


@pytest.mark.cr("118.3")
@pytest.mark.cr("602.2b")
def test_can_activate_each_ability() -> None:
    s = load_state_text(_board(2, ["Plains"]))
    # Ability 2's {1}: the Plains (Mage-Ring Network is tapped for the cost itself).
    assert (can_activate(s, MRN, 2).legal, can_activate(s, MRN, 2).ways) == (True, 1)
    # Ability 3: X = 0, 1 or 2 (CR 107.3: any number, up to the counters on it).
    v = can_activate(s, MRN, 3)
    assert (v.legal, v.ways) == (True, 3)
    tapped = load_state_text(_board(2).replace("counters:", "tapped: true, counters:"))
    assert can_activate(tapped, MRN, 3).legal is False  # CR 107.5


def _by_formula(counters: int, wastes: int, n: int) -> int:
    """Payments of {n} by hand: w of the Wastes (interchangeable, {C} each) and
    Mage-Ring Network doing nothing, ability 1 ({C}) or X = x in 1..counters. Each
    activation gives at least one mana to the cost, and the mana covers it."""
    total = 0
    for w in range(wastes + 1):
        for mana, acts in [(0, 0), (1, 1), *((x, 1) for x in range(1, counters + 1))]:
            if w + acts <= n <= w + mana:
                total += 1
    return total


@pytest.mark.cr("107.3")
@pytest.mark.cr("601.2h")
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 4), st.integers(1, 12))
def test_count_matches_a_formula(counters: int, wastes: int, n: int) -> None:
    s = load_state_text(_board(counters, ["Wastes"] * wastes))
    a = payment_answer(s, "A", "{" + str(n) + "}")
    assert a.complete and a.count == _by_formula(counters, wastes, n)
    assert len(list(payments(s, "A", "{" + str(n) + "}"))) == a.count


@pytest.mark.cr("107.3")
def test_many_counters() -> None:
    # 300 counters: X = 1..300 are 300 options (payments differ by the mana added); the
    # ones with more {C} than the cost takes are alike for validity, and listing them
    # doesn't recurse once per option. {5} with two Wastes: X >= 5 - w for w Wastes.
    s = load_state_text(_board(300, ["Wastes", "Wastes"]))
    a = payment_answer(s, "A", "{5}")
    assert a.complete and a.count == _by_formula(300, 2, 5) == 296 + 297 + 298
    assert len(a.options) > 0


CACHE_LIKE = """
cards:
  - name: Storage Jar
    types: [Artifact]
    abilities:
      - activated:
          cost: [{remove_counters: {counter: charge, count: X}}]
          mana: {add: "{C}", amount_of: X}
          text: "Remove X charge counters from Storage Jar: Add X {C}."
"""


@pytest.mark.cr("602.1")
def test_without_tap_it_is_left_out_not_guessed() -> None:
    # Without {T} it could be activated again (CR 602.1), removing some counters each
    # time: not modelled, so the source is left out and "no" becomes "not decided".
    s = load_state_text(CACHE_LIKE + _board(0, []).replace(
        f"{{card: {MRN}, counters: {{storage: 0}}}}",
        "{card: Storage Jar, counters: {charge: 3}}"))
    a = payment_answer(s, "A", "{3}")
    assert a.left_out and a.verdict == "not decided"


