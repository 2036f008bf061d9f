"""Mana-costing sources as conversions of mana vectors (issue 36; CR 605.3a, 601.2g-h).

``solver.payments.convert`` decides whether a multiset of activations pays a cost with
a programme over mana vectors instead of the max-flow order search
(``exact.find_order``). Checked here:

* against the brute force of ``test_payments_oracle`` (every permanent's every choice,
  every order) on random small boards of Signets, filter lands and plain sources, with
  the programme known to apply;
* against the order search itself (the programme switched off) on random boards of up
  to ten permanents, multiset by multiset and in the whole count;
* on boards derived by hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import ManaCost, load_state_text
from manacheck.solver.payments import convert, counting, exact, payment_answer
from manacheck.solver.payments import search_payments as payments

from tests.test_payments_oracle import board_text, identity, oracle

SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet",
           "Simic Signet"]
FILTERS = ["Graven Cairns", "Fire-Lit Thicket", "Flooded Grove", "Mystic Gate"]
PLAIN = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Sol Ring", "Wastes",
         "Mind Stone", "Gilded Lotus"]
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{1}", "{2}", "{W/U}",
           "{B/R}"]


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[str, str]:
    # At most five permanents: the brute force tries every choice and every order.
    costly = draw(st.lists(st.sampled_from(SIGNETS + FILTERS), min_size=1, max_size=3))
    plain = draw(st.lists(st.sampled_from(PLAIN), max_size=5 - len(costly)))
    perms = [(name, False, False) for name in costly + plain]
    pool = "".join(draw(st.lists(st.sampled_from(["{W}", "{C}", "{B}"]), max_size=1)))
    cost = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3))
    return board_text(perms, pool, 20), "".join(cost)


@pytest.mark.cr("605.3a")
@pytest.mark.cr("601.2h")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards())
def test_programme_count_matches_the_brute_force(case: tuple[str, str]) -> None:
    text, cost_text = case
    state = load_state_text(text)
    cost = ManaCost.parse(cost_text)
    expected = oracle(state, "A", cost)
    p = payments(state, "A", cost)
    assert convert.applies(p.board)  # these boards are the programme's
    assert p.count() == len(expected)
    listed = [identity(state, q) for q in p]
    assert len(listed) == len(set(listed)) and set(listed) == expected


def _count(text: str, cost: str, *, programme: bool, monkeypatch: pytest.MonkeyPatch
           ) -> int:
    with monkeypatch.context() as m:
        if not programme:
            m.setattr(convert, "converter", lambda b: None)
        b = payments(load_state_text(text), "A", cost).board
        return counting.count(b, 10**6, 10**6)


@pytest.mark.cr("605.3a")
@settings(max_examples=25, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**6))
def test_programme_agrees_with_the_order_search(monkeypatch: pytest.MonkeyPatch,
                                                seed: int) -> None:
    rng = random.Random(seed)
    names = rng.choices(SIGNETS + FILTERS, k=rng.randint(2, 5))
    names += rng.choices(PLAIN, k=rng.randint(1, 4))
    text = board_text([(n, False, False) for n in names], "", 20)
    cost = "".join(rng.choices(SYMBOLS, k=rng.randint(1, 3)))
    state = load_state_text(text)
    b = payments(state, "A", cost).board
    assert convert.applies(b)
    conv = convert.converter(b)
    assert conv is not None
    # Multiset by multiset: the programme's verdict is the order search's.
    costly = [k for k, kind in enumerate(b.kinds) if kind.mana_cost]
    free = [k for k, kind in enumerate(b.kinds) if not kind.mana_cost]
    for _ in range(30):
        counts = [0] * len(b.kinds)
        for k in rng.sample(costly, min(len(costly), rng.randint(1, 4))):
            counts[k] = rng.randint(1, 2)
        for k in rng.sample(free, min(len(free), rng.randint(0, 3))):
            counts[k] = rng.randint(1, 2)
        filters = tuple(sorted(k for k, n in enumerate(counts) if n and b.kinds[k].mana_cost
                               for _ in range(n)))
        searched = exact.find_order(b, counts, [], 0, filters) is not None if len(
            filters) > 1 else exact.try_orders(b, counts, [], 0, filters, 1) is not None
        got = conv.decide(counts, [])
        assert (got is not None) == searched, (names, cost, counts)
        if got is not None:  # its order replays through the max-flow for that order
            assert exact.try_orders(b, counts, [], 0, tuple(got), len(got)) is not None
    # And the whole count.
    assert _count(text, cost, programme=True, monkeypatch=monkeypatch) == _count(
        text, cost, programme=False, monkeypatch=monkeypatch)


def _board(names: list[str]) -> str:
    return board_text([(n, False, False) for n in names], "", 20)


@pytest.mark.cr("605.3a")
def test_two_signets_alone_pay_nothing() -> None:
    # Each Signet's {1} must be paid with mana made before it (CR 605.3a), never its
    # own: two Signets and nothing else can't start, whatever the cost.
    s = load_state_text(_board(["Azorius Signet", "Dimir Signet"]))
    for cost in ("{1}", "{2}", "{U}"):
        a = payment_answer(s, "A", cost)
        assert a.payable is False and a.count == 0


@pytest.mark.cr("605.3a")
@pytest.mark.cr("106.4")
def test_mind_stone_and_a_signet_by_hand() -> None:
    # {1} with Mind Stone ({C}) and Azorius Signet ({1}: {W}{U}): Mind Stone alone; or
    # Mind Stone pays the Signet and the Signet's W or U pays {1}, its other mana left
    # over (each activation gives one mana, CR 106.4). Two payments (a Signet's {W}{U}
    # is one option, so which of its mana pays doesn't make a payment).
    s = load_state_text(_board(["Mind Stone", "Azorius Signet"]))
    a = payment_answer(s, "A", "{1}")
    assert (a.payable, a.count, a.complete) == (True, 2, True)
    # {W}{U}: Mind Stone pays the Signet, whose {W}{U} pays the cost: one payment.
    a = payment_answer(s, "A", "{W}{U}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    # {C}{W}: Mind Stone's {C} can't both pay the Signet and the {C}.
    assert payment_answer(s, "A", "{C}{W}").payable is False


@pytest.mark.cr("605.3a")
def test_filter_chain_counts_every_option() -> None:
    # Swamp, then Graven Cairns ({B/R}: {B}{B}, {B}{R} or {R}{R}) paid by the Swamp's
    # {B}, pays {2}: Swamp alone is one mana, too little; Swamp + Cairns: the Cairns'
    # two mana pay {2}, one payment per option (3). Swamp + Cairns' {T}: {C} is a
    # payment of {2} too (two activations, one mana each): 4 in all.
    s = load_state_text(_board(["Swamp", "Graven Cairns"]))
    a = payment_answer(s, "A", "{2}")
    assert (a.payable, a.count, a.complete) == (True, 4, True)


def test_programme_stays_off_where_its_assumptions_fail() -> None:
    # Phyrexian mana (CR 107.4f: paid with life) and {2/W} are the max-flow's.
    for cost in ("{W/P}", "{2/W}"):
        b = payments(load_state_text(_board(["Azorius Signet", "Plains"])), "A",
                     cost).board
        assert not convert.applies(b)
    b = payments(load_state_text(_board(["Azorius Signet", "Plains"])), "A", "{1}").board
    assert convert.applies(b)
