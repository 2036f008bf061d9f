"""Mana abilities that cost mana as a production network (issue 14; CR 605.3a, 601.2g-h).

Signets, filter lands, Pili-Pala and Cascading Cataracts pay each other's costs in
some order. The payment solver decides the order by a search whose every node is a
relaxed max-flow (``exact.find_order``), with no cap on how many activations are
ordered, and the "payable?" pre-check counts what activations bring net of their own
costs (``precheck.net_units``). Checked here against:

* the brute force of ``test_payments_oracle`` (every permanent's every choice, every
  order of the mana-costing activations) on random boards made mostly of such
  sources, with and without the search's topological shortcut;
* boards whose answers are derived by hand from the rules, beyond the old limit of
  six ordered activations.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import ManaCost, load_state_text
from manacheck.solver.payments import convert, exact, limits, payment_answer, payments
from manacheck.solver.payments.precheck import flow_payable

from manacheck.cli import main
from tests.test_payments_oracle import board_text, identity, oracle

MANA_COSTING = ["Azorius Signet", "Graven Cairns", "Mystic Gate", "Rugged Prairie",
                "Pili-Pala", "Basalt Monolith"]
PLAIN = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Sol Ring", "Wastes"]
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{C}", "{1}", "{1}", "{2}", "{W/U}", "{B/R}",
           "{2/W}", "{W/P}"]



@st.composite
def network_boards(draw: st.DrawFn) -> tuple[str, str]:
    # At most five permanents: the brute force tries every choice and every order.
    costly = draw(st.lists(st.sampled_from(MANA_COSTING), min_size=2, max_size=3))
    plain = draw(st.lists(st.sampled_from(PLAIN), max_size=5 - len(costly)))
    # Pili-Pala's {Q} needs it tapped (CR 107.6); no creature here is summoning sick.
    perms = [(name, name == "Pili-Pala", False) for name in costly + plain]
    pool = "".join(draw(st.lists(st.sampled_from(["{W}", "{C}"]), max_size=1)))
    cost = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3))
    return board_text(perms, pool, 20), "".join(cost)


def _check_against_oracle(text: str, cost_text: str) -> None:
    state = load_state_text(text)
    cost = ManaCost.parse(cost_text)
    expected = oracle(state, "A", cost)
    p = payments(state, "A", cost)
    listed = [identity(state, q) for q in p]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected
    assert p.count() == len(expected)
    assert bool(p) == bool(expected)
    if not flow_payable(state, "A", cost):
        assert not expected  # the pre-check says "no" only when nothing pays


@pytest.mark.cr("605.3a")
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(network_boards())
def test_mana_costing_boards_match_the_brute_force(case: tuple[str, str]) -> None:
    _check_against_oracle(*case)


@pytest.fixture
def no_shortcut(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The order search without its topological shortcut: every node branches."""
    monkeypatch.setattr(exact, "_topological", lambda deps, lo, hi: None)
    yield


@pytest.mark.cr("605.3a")
@settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(network_boards())
def test_the_order_search_alone_is_exact(no_shortcut: None, case: tuple[str, str]) -> None:
    _check_against_oracle(*case)


def _board(battlefield: list[str], extra: str = "") -> str:
    return ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(battlefield) + "]\n" + extra)


@pytest.mark.cr("605.3a")
@pytest.mark.parametrize("signets", [7, 10, 14])
def test_a_chain_of_signets_longer_than_six(signets: int) -> None:
    # One Plains pays the first Signet's {1}; each Signet then nets one mana ({1} in,
    # {W}{U} out), so Plains and n Signets make n + 1 mana, all of it by one payment:
    # the Plains and every Signet. One more mana is not payable.
    s = load_state_text(_board(["Plains"] + ["Azorius Signet"] * signets))
    total = signets + 1
    a = payment_answer(s, "A", f"{{{total}}}")
    assert a.payable is True and a.complete and a.count == 1
    assert payment_answer(s, "A", f"{{{total + 1}}}").payable is False
    # White: each Signet's {W}; the Plains' {W} or a {U} must pay the first Signet,
    # and every later Signet is paid by an earlier one's {U}, so n {W} and not n + 1.
    assert payment_answer(s, "A", "{W}" * signets).payable is True
    assert payment_answer(s, "A", "{W}" * (signets + 1)).payable is False


@pytest.mark.cr("605.3a")
@pytest.mark.cr("107.4e")
def test_filter_lands_chain_through_each_other() -> None:
    # Swamp pays Graven Cairns' {B/R} ({B}{B}); one {B} pays the second Cairns' cost,
    # and so on: Swamp and five Cairns make 1 + 5 = 6 mana, as six {B} or {R}{R}...
    s = load_state_text(_board(["Swamp"] + ["Graven Cairns"] * 5))
    assert payment_answer(s, "A", "{B}" * 6).payable is True
    assert payment_answer(s, "A", "{R}" * 6).payable is True
    assert payment_answer(s, "A", "{7}").payable is False
    # {W}: nothing makes white.
    assert payment_answer(s, "A", "{W}").payable is False


def _cataracts() -> str:
    basics = [b for b in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
              for _ in range(5)]
    return _board(basics + ["Cascading Cataracts"] * 3)


@pytest.mark.cr("605.3a")
def test_cascading_cataracts_board_from_xmage_7710() -> None:
    # 30 lands that tap for one mana and three Cascading Cataracts. Each Cataracts adds
    # {C}, or five mana of any colors for {5}: net one either way, so at most 33 mana;
    # white: five Plains, plus 15 from the three Cataracts paid by 15 of the other 25
    # lands, so 20 {W} and not 21.
    s = load_state_text(_cataracts())
    assert payment_answer(s, "A", "{33}").payable is True
    assert payment_answer(s, "A", "{34}").payable is False
    assert payment_answer(s, "A", "{W}" * 20).payable is True
    assert payment_answer(s, "A", "{W}" * 21).payable is False


@pytest.mark.cr("605.3a")
def test_a_cheap_order_search_budget_is_reported_not_guessed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A budget of one max-flow can't order anything: the answer says so ("not
    # decided"), never "not payable". The one payment: Plains pays the first Signet,
    # whose mana pays the second's {1} and one of {4}, and so on (1 + 2 + 2 + 2 = 4 +
    # 3 mana); with two Signets 1 + 2 + 2 falls short of 4 + 2.
    s = load_state_text(_board(["Plains"] + ["Azorius Signet"] * 3))
    a = payment_answer(s, "A", "{4}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    monkeypatch.setattr(limits, "MAX_ORDER_CHECKS", 1)
    monkeypatch.setattr(limits, "DEFAULT_MAX_CHECKS", 1)  # the count's own budget
    monkeypatch.setattr(limits, "BOUND_CHECKS", 1)  # and its lower bound's
    monkeypatch.setattr(exact, "_topological", lambda deps, lo, hi: None)
    # (The programme over mana vectors, ``convert``, needs no order search: off here,
    # this test is about the search's budget.)
    monkeypatch.setattr(convert, "converter", lambda b: None)
    # "Payable?" needs one way: the greedy witness finds this chain and checks it for
    # its one order, whatever the search's budget; the count's proven upper bound (1)
    # meets it, so the count is exact too.
    a = payment_answer(s, "A", "{4}")
    assert (a.payable, a.count, a.complete) == (True, 1, True) and len(a.options) == 1
    # Without the witness, the spent budget is said: "not decided", never "no".
    from manacheck.solver.payments import enumeration

    monkeypatch.setattr(enumeration, "witness", lambda b: None)
    s = load_state_text(_board(["Plains"] + ["Azorius Signet"] * 3))
    a = payment_answer(s, "A", "{4}")
    assert a.payable is None and a.count is None and not a.complete
    assert "stopped" in a.stopped
    assert a.count_bounds is not None and a.count_bounds.at_least == 0
    assert a.count_bounds.at_most is None or a.count_bounds.at_most >= 1


@pytest.mark.cr("602.1")
@pytest.mark.cr("118.3")
def test_options_of_one_repeatable_ability_share_its_activations() -> None:
    # Pentad Prism with two charge counters: "Remove a charge counter: Add one mana of
    # any color" can be activated twice in all, whatever colors it makes. With two
    # Forests, {W}{U}{G}{G} is paid one way (Prism W and U, the Forests GG) and
    # {W}{U}{B}{G} not at all. (Before, each color was bounded on its own: 3 payments.)
    s = load_state_text(_board(["{card: Pentad Prism, counters: {charge: 2}}",
                                "Forest", "Forest"]))
    a = payment_answer(s, "A", "{W}{U}{G}{G}")
    assert a.payable is True and a.count == 1
    assert payment_answer(s, "A", "{W}{U}{B}{G}").payable is False


SCARECROW = """
cards:
  - name: Scarecrow
    types: [Artifact, Creature]
    power: 0
    toughness: 1
    abilities:
      - activated: {cost: "{1}", mana: {any_color: 1}, once_each_turn: true,
                    text: "{1}: Add one mana of any color. Activate only once each turn."}
  - name: Hybrid Bear
    mana_cost: "{R/G}{R/G}{R/G}"
    types: [Creature]
    power: 3
    toughness: 3
"""


@pytest.mark.cr("602.5b")
@pytest.mark.cr("605.3a")
def test_shire_scarecrows_pay_three_hybrid_symbols(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: object) -> None:
    # Issue 16 (XMage's LimitPerTurnTest): three Scarecrows, once each turn, paid by
    # three of five Swamps, make three red or green mana: {R/G}x3 is payable in four
    # ways (R^k G^(3-k)), {R/G}x5 is not. Once per Scarecrow is exactly what the rule
    # allows, so none is "left out" as a repeatable ability. `pay --for` the spell
    # answers, exit 0.
    text = _board(["Scarecrow"] * 3 + ["Swamp"] * 5) + "    hand: [Hybrid Bear]\n" \
        + SCARECROW
    s = load_state_text(text)
    a = payment_answer(s, "A", "{R/G}" * 3)
    assert a.payable is True and a.complete and a.count == 4
    assert not a.left_out
    five = payment_answer(s, "A", "{R/G}" * 5)
    assert five.payable is False and not five.left_out
    from pathlib import Path
    path = Path(str(tmp_path)) / "scarecrows.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["pay", str(path), "--for", "Hybrid Bear", "--count"]) == 0
    assert capsys.readouterr().out.strip().endswith("4")


@pytest.mark.cr("601.2h")
def test_a_spent_listing_budget_is_said_and_the_count_stands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The listing keeps its partial states within a budget; when it is spent the
    # answer keeps its exact count and verdict and says the listing stopped (exit 0,
    # never "bad input").
    monkeypatch.setattr(limits, "MAX_LIST_STATES", 3)
    s = load_state_text(_board(["Plains", "Azorius Signet", "Azorius Signet", "Island"]))
    a = payment_answer(s, "A", "{W}{U}{1}")
    assert a.payable is True and a.count is not None and a.count > 0
    # The one payment shown is the witness of "payable" (never a payable verdict with
    # nothing to show), said as such.
    assert "listing stopped" in a.listing_stopped and len(a.options) == 1
    assert "shown: one payment" in a.listing_stopped
    assert not a.stopped  # the count is exact
    # With lands enough to pay without the Signets, those payments are shown instead,
    # said to be the best without mana abilities that cost mana (not best-first).
    s = load_state_text(_board(["Plains", "Plains", "Island", "Azorius Signet",
                                "Azorius Signet"]))
    a = payment_answer(s, "A", "{W}{U}{1}")
    assert a.payable is True and a.count == payments(s, "A", "{W}{U}{1}").count()
    assert a.options and not a.order_complete
    assert "no mana ability with a mana cost" in a.listing_stopped
    full = payments(s, "A", "{W}{U}{1}")
    for q in a.options:
        assert q in full and "Signet" not in q.text


@pytest.mark.cr("605.3a")
def test_pool_mana_may_pay_an_activation_instead_of_the_cost() -> None:
    # Five {C} floating pay one Cascading Cataracts' {5}; it adds {W}x5. The pre-check
    # counts pool mana through the same budget as the activations' net mana, so this
    # is payable (and {W}x6 is not: nothing else makes white).
    text = ("turn: {active_player: A}\nplayers:\n  A:\n    mana_pool: \"{C}{C}{C}{C}{C}\"\n"
            "    battlefield: [Cascading Cataracts]\n")
    s = load_state_text(text)
    assert flow_payable(s, "A", "{W}" * 5)
    a = payment_answer(s, "A", "{W}" * 5)
    assert a.payable is True and a.count == 1
    assert payment_answer(s, "A", "{W}" * 6).payable is False


@pytest.mark.cr("605.3a")
def test_listing_through_a_mana_costing_ability_is_as_bounded_as_counting() -> None:
    # Issue 16, point 7: Cascading Cataracts and one basic of each type. {6} is paid one
    # way (every land, Cataracts for {C}); {W}x5 one way (the five basics pay its {5},
    # it adds {W}x5). Listing it took about 180 s before; now it walks the count's
    # layers back.
    s = load_state_text(_board(["Plains", "Island", "Swamp", "Mountain", "Forest",
                                "Cascading Cataracts"]))
    for cost in ("{6}", "{W}" * 5):
        a = payment_answer(s, "A", cost)
        assert a.payable is True and a.count == 1 and len(a.options) == 1
        assert a.order_complete and not a.stopped
    assert payment_answer(s, "A", "{7}").payable is False


FILTERS = """
cards:
  - name: Farrelite Priest
    types: [Creature]
    subtypes: [Human, Cleric]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{1}", mana: {add: "{W}"}, text: "{1}: Add {W}."}
  - name: Loop A
    types: [Artifact]
    abilities:
      - activated: {cost: "{1}", mana: {add: "{W}"}, text: "{1}: Add {W}."}
  - name: Loop B
    types: [Artifact]
    abilities:
      - activated: {cost: "{W}", mana: {add: "{U}"}, text: "{W}: Add {U}."}
"""


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.3a")
def test_farrelite_priest_converts_each_swamp_once() -> None:
    # Issue 16, point 1 (XMage's NonTappingManaAbilitiesTest): "{1}: Add {W}" with
    # four Swamps. Each activation takes one mana and gives one, so the four Swamps'
    # mana is {W}^k {B}^(4-k) for k = 0..4: {4} is paid in five ways, {5} in none (a
    # one-for-one filter never adds to the total), {W}x4 in one (every Swamp through
    # the Priest), {W}x5 in none. The Priest's own {W} paying it again changes nothing
    # and is not counted as another way (``sources.repeat_filters``). (The real card
    # also sacrifices itself at the next end step after four activations: nothing a
    # payment sees.)
    s = load_state_text(_board(["Farrelite Priest"] + ["Swamp"] * 4, FILTERS))
    four = payment_answer(s, "A", "{4}")
    assert (four.payable, four.count, four.complete, four.left_out) == (True, 5, True, ())
    assert payment_answer(s, "A", "{5}").payable is False
    assert payment_answer(s, "A", "{W}" * 4).count == 1
    assert payment_answer(s, "A", "{W}" * 5).payable is False
    assert payment_answer(s, "A", "{W}{W}{B}{B}").count == 1


@pytest.mark.cr("602.1")
@pytest.mark.cr("605.3a")
def test_orochi_leafcallers_convert_green_only() -> None:
    # Issue 16, point 1: "{G}: Add one mana of any color" with two Plains and two
    # Forests. Each Forest's {G} may become any color, the Plains stay {W}: {W}{W}{U}{B}
    # in one way; {4} in 1 + 5 + 15 = 21 (none, one or two Forests converted, to any
    # colors); {5} in none; {W}x3 in two (two Plains and one Forest converted, or one
    # Plains and both), {W}x4 in one, {W}x5 in none. Two Leafcallers change nothing:
    # still only two {G} to convert ({U}{B}{R}{R} needs four), and they are one group.
    s = load_state_text(_board(["Orochi Leafcaller", "Plains", "Plains", "Forest",
                                "Forest"]))
    a = payment_answer(s, "A", "{W}{W}{U}{B}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    assert payment_answer(s, "A", "{4}").count == 21
    assert payment_answer(s, "A", "{5}").payable is False
    assert [payment_answer(s, "A", "{W}" * n).count for n in (3, 4, 5)] == [2, 1, 0]
    s2 = load_state_text(_board(["Orochi Leafcaller"] * 2 + ["Plains", "Plains", "Forest",
                                                            "Forest"]))
    a2 = payment_answer(s2, "A", "{W}{W}{U}{B}")
    assert (a2.payable, a2.count, a2.complete) == (True, 1, True)
    assert payment_answer(s2, "A", "{U}{B}{R}{R}").payable is False


@pytest.mark.cr("602.1")
def test_two_filters_that_feed_each_other_stay_a_lower_bound() -> None:
    # "{1}: Add {W}" and "{W}: Add {U}": each one's mana pays the other's cost, a loop
    # that could repeat without end. That loop is not modelled: each is used once and
    # left out, so "not payable" is never said on their account.
    s = load_state_text(_board(["Loop A", "Loop B", "Swamp"], FILTERS))
    a = payment_answer(s, "A", "{U}")
    assert a.payable is True and not a.complete  # Swamp -> A -> W -> B -> U
    assert set(a.left_out) == {"Loop A (ability 1)", "Loop B (ability 1)"}
    assert payment_answer(s, "A", "{U}{U}").payable is None
