"""Exact huge mana amounts (issue 16, point 5).

Thirty Nyxbloom Ancients and a Forest (an XMage-style board, as in XMage's
NyxbloomAncientTest, with thirty of them): "If you tap a permanent for mana, it
produces three times as much of that mana instead" is a replacement effect of each
Ancient (CR 614.1a, 106.12b: the Forest's mana ability has {T}); the player applies
them one at a time, each once (CR 616.1, 614.5), so the Forest adds 3^30 =
205,891,132,094,649 green mana. Numbers in the rules are whole numbers with no cap
(CR 107.1), so every answer below is exact: amounts are counts per type
(:class:`~manacheck.solver.amounts.Amounts`) and nothing is built one mana at a time.

Every expected answer is derived by hand in its test's docstring.
"""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from manacheck.model import MANA_TYPES, ManaType, load_state_text
from manacheck.solver.amounts import Amounts
from manacheck.solver.maxflow import FlowNetwork
from manacheck.solver.payments import payment_answer
from manacheck.solver.payments.sources import board_for
from manacheck.solver.produce import activation_amounts, activation_outcomes, could_produce
from manacheck.solver.replacement import EnumerationLimit

from manacheck.cli import main

G, U, B, R, W = ManaType.G, ManaType.U, ManaType.B, ManaType.R, ManaType.W
N = 3 ** 30
assert N == 205_891_132_094_649

PRIEST = """cards:
  - name: Farrelite Priest
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{1}", mana: {add: "{W}"}, text: "{1}: Add {W}."}
"""


def board(*cards: str, nyxblooms: int = 30, head: str = "") -> str:
    lines = [head + "turn: {active_player: Alice, phase: precombat_main}", "players:",
             "  Alice:", "    battlefield:"]
    lines += [f"      - {c}" for c in (*cards, *["Nyxbloom Ancient"] * nyxblooms)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def thirty(tmp_path: Path) -> str:
    path = tmp_path / "nyxbloom30.yaml"
    path.write_text(board("Forest"), encoding="utf-8")
    return str(path)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


# ---------------------------------------------------------------------------------------
# Thirty Nyxblooms and a Forest.
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("616.1")
def test_the_forest_adds_three_to_the_thirtieth_green() -> None:
    """CR 616.1, 614.5, 106.12b: thirty tripling effects, each applied once, in any
    order (they commute): one outcome, 3^30 {G}. The tuple API (one element per mana)
    refuses to build it and says so; the exact API gives it."""
    s = load_state_text(board("Forest"))
    assert activation_amounts(s, "Forest", 1) == {Amounts.one(G, N)}
    with pytest.raises(EnumerationLimit, match="205,891,132,094,649 mana"):
        activation_outcomes(s, "Forest", 1)


@pytest.mark.cr("601.2h")
def test_pay_g_is_one_payment(thirty: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CR 601.2g-h, 106.4: tap the Forest (the only source), spend one {G} on {G}, the
    other 3^30 - 1 are left over. One payment; exit 0; the leftover shown exactly and
    compactly (never 2x10^14 symbols)."""
    a = payment_answer(load_state_text(board("Forest")), "Alice", "{G}")
    assert a.payable is True and a.count == 1 and a.complete
    (p,) = a.options
    (use,) = p.activations
    assert use.mana == Amounts.one(G, N) and p.leftover == Amounts.one(G, N - 1)
    code, out = cli(capsys, "pay", thirty, "{G}")
    assert code == 0
    assert out.splitlines() == [
        "{G}: payable, 1 distinct payment",
        "   1. Forest [ability 1: {G}×205891132094649] (leftover {G}×205891132094648)"]


@pytest.mark.cr("106.7")
def test_produce_answers_g(thirty: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CR 106.7: the Forest could produce {G} (the Ancients change amounts, not types;
    they have no mana ability). With --explain / --json the derivation shows the
    exact amount after the thirty replacements (CR 616.1)."""
    assert could_produce(load_state_text(board("Forest")), "Forest") == {G}
    code, out = cli(capsys, "produce", thirty)
    assert code == 0 and out.splitlines() == ["Forest  G"]
    code, out = cli(capsys, "produce", thirty, "--explain")
    assert code == 0 and "gives {G}×205891132094649" in out
    code, out = cli(capsys, "produce", thirty, "--explain", "--json")
    (o,) = json.loads(out)["objects"]
    (d,) = o["derivation"]
    assert code == 0 and d["outcome_amounts"] == {"G": N} and len(d["replacements"]) == 30


@pytest.mark.cr("107.3")
def test_x_is_payable_up_to_the_exact_amount(thirty: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """CR 107.3, 107.4b, 601.2h: {X} with X = 3^30 takes all of the Forest's mana (one
    payment, nothing left over); with X = 3^30 + 1 no source can make enough (the
    Forest is the only mana ability on the board): not payable, exit 1, and the reason
    names the exact most."""
    code, out = cli(capsys, "pay", thirty, "{X}", "--x", str(N))
    assert code == 0
    assert out.splitlines()[0] == ("{X} with X=205891132094649 ({205891132094649}): "
                                   "payable, 1 distinct payment")
    code, out = cli(capsys, "pay", thirty, "{X}", "--x", str(N + 1))
    assert code == 1
    assert "not payable" in out.splitlines()[0]
    assert "at most 205,891,132,094,649 mana can be made" in out
    code, out = cli(capsys, "pay", thirty, "{X}", "--x", str(N), "--count")
    assert code == 0 and out.strip() == "1"
    code, out = cli(capsys, "pay", thirty, "{X}", "--x", str(N + 1), "--count")
    assert code == 1 and out.strip() == "0"


@pytest.mark.cr("107.1")
def test_json_has_exact_integers(thirty: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CR 107.1: JSON numbers are exact integers: X, each activation's mana by type, the
    assignment (one entry: 3^30 units of {G} paying {1} each, CR 107.4b) and the
    leftover ({G} left over after paying {G}: 3^30 - 1)."""
    code, out = cli(capsys, "pay", thirty, "{X}", "--x", str(N), "--json")
    data = json.loads(out)
    assert code == 0 and data["x"] == N and data["count"] == 1 and data["complete"]
    (opt,) = data["options"]
    (act,) = opt["activations"]
    assert act["amounts"] == {"G": N} and act["mana"] == "{G}×205891132094649"
    assert opt["assignment"] == [{"symbol": "{1}", "paid_with": "{G}", "source": "Forest",
                                  "times": N}]
    assert opt["leftover_amounts"] == {}
    code, out = cli(capsys, "pay", thirty, "{G}", "--json")
    (opt,) = json.loads(out)["options"]
    assert opt["leftover_amounts"] == {"G": N - 1}
    assert opt["assignment"] == [{"symbol": "{G}", "paid_with": "{G}", "source": "Forest"}]


@pytest.mark.cr("601.2h")
def test_pay_answers_fast(thirty: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16: the answer never depends on the amount's size (no per-mana work):
    well under a second for every question on the board, in-process."""
    payment_answer(load_state_text(board("Forest", nyxblooms=2)), "Alice", "{G}")  # imports
    s = load_state_text(board("Forest"))
    start = time.perf_counter()
    for cost, x in (("{G}", None), ("{X}", N), ("{X}", N + 1), ("{X}{G}", N - 1)):
        payment_answer(s, "Alice", cost, x=x)
    assert time.perf_counter() - start < 1.0


# ---------------------------------------------------------------------------------------
# Three Nyxblooms: 27 {G}, and the same answers as before exact amounts.
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("601.2h")
@pytest.mark.parametrize(("x", "payable"), [(1, True), (26, True), (27, True), (28, False)])
def test_three_nyxblooms_make_27(x: int, payable: bool) -> None:
    """CR 616.1: 3^3 = 27 {G} from one tap; {X} is payable for X <= 27, one payment
    each (the Forest alone), and not for 28 (CR 601.2h)."""
    a = payment_answer(load_state_text(board("Forest", nyxblooms=3)), "Alice", "{X}", x=x)
    assert a.payable is payable and a.count == (1 if payable else 0)


def _recorded() -> tuple[ModuleType, dict[str, Any]]:
    here = Path(__file__).parent / "data" / "small_amounts"
    spec = importlib.util.spec_from_file_location("make_answers", here / "make_answers.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, json.loads((here / "answers.json").read_text(encoding="utf-8"))


_MAKER, _OLD = _recorded()


@pytest.mark.cr("616.1")
@pytest.mark.parametrize(("cid", "text", "cost", "x"), _MAKER.cases(),
                         ids=[c[0] for c in _MAKER.cases()])
def test_small_boards_answer_as_before(cid: str, text: str, cost: str, x: int | None
                                       ) -> None:
    """The vector path against the tuple path: 432 boards (a Forest; + Island; a Simic
    Signet; Mountain + Graven Cairns; Plains + Sol Ring; a Farrelite Priest; under 0-3
    Nyxbloom Ancients or Mana Reflections, CR 616.1) and twelve costs up to {6} and
    {X} = 28, answered by the code of ``main`` before exact amounts (recorded by
    ``tests/data/small_amounts/make_answers.py``): the same verdict, count and
    payments, mana for mana."""
    assert _MAKER.answer(text, cost, x) == _OLD[cid]


def test_the_recorded_answers_are_not_trivial() -> None:
    """The comparison above means something: the recorded answers hold payable and
    unpayable costs, counts above 1 and events of more than sixteen mana."""
    assert {v["payable"] for v in _OLD.values()} == {True, False}
    assert max(v["count"] for v in _OLD.values()) > 10
    assert any(n > 16 for v in _OLD.values() for p in v["payments"] for a in p
               for n in a[2].values())


# ---------------------------------------------------------------------------------------
# Huge events with mana-costing sources.
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("605.3a")
def test_a_signet_under_thirty_nyxblooms() -> None:
    """Simic Signet, "{1}, {T}: Add {G}{U}": tapped for mana, so tripled thirty times
    too (CR 106.12b): {G}xN {U}xN, N = 3^30. Its {1} can only be paid by the Forest's
    {G} (CR 605.3a, 601.2g-h).

    * {U}: the Signet is needed, so the Forest too: one payment.
    * {G}: the Forest alone; or the Forest paying the Signet, whose {G} pays {G} (each
      source used gives mana to the cost): two payments.
    * {X}: the most is N (Forest) - 1 (Signet's cost) + 2N (Signet) = 3N - 1:
      payable, one payment; 3N is not payable.
    """
    s = load_state_text(board("Forest", "Simic Signet"))
    sig = Amounts.one(G, N) + Amounts.one(U, N)
    a = payment_answer(s, "Alice", "{U}")
    assert a.payable and a.count == 1
    assert {u.mana for u in a.options[0].activations} == {Amounts.one(G, N), sig}
    assert payment_answer(s, "Alice", "{G}").count == 2
    most = payment_answer(s, "Alice", "{X}", x=3 * N - 1)
    assert most.payable and most.count == 1 and most.complete
    assert payment_answer(s, "Alice", "{X}", x=3 * N).payable is False


@pytest.mark.cr("605.3a")
def test_a_filter_land_under_thirty_nyxblooms() -> None:
    """Graven Cairns, "{B/R}, {T}: Add {B}{B}, {B}{R}, or {R}{R}" (and "{T}: Add {C}"),
    with a Mountain ({R}xN). {B}{R}: the Mountain's {R} pays the hybrid (CR 107.4e) and
    {R}; {B} needs the Cairns' {B}: its {B}{B} (tripled: {B}x2N) or {B}{R} ({B}xN
    {R}xN); {R}{R} has no {B}, {C} pays neither. Two payments, each with its exact
    mana (CR 616.1)."""
    s = load_state_text(board("Mountain", "Graven Cairns"))
    a = payment_answer(s, "Alice", "{B}{R}")
    assert a.payable and a.count == 2 and a.complete
    cairns = {u.mana for p in a.options for u in p.activations if u.object == "Graven Cairns"}
    assert cairns == {Amounts.one(B, 2 * N), Amounts.one(B, N) + Amounts.one(R, N)}


@pytest.mark.cr("602.1")
def test_farrelite_priest_fed_by_a_huge_event() -> None:
    """Farrelite Priest, "{1}: Add {W}" (no {T}: not tripled, CR 106.12b), repeatable as
    often as its cost can be paid (CR 602.1), never by its own mana (a loop that
    changes nothing). The Forest's {G}xN pays its {1}s.

    * {W}{W}{W}: three activations, each paid with {G}: one payment.
    * {1}: the Forest alone, or the Forest paying one Priest activation whose {W}
      pays {1}: two payments.
    * {X} with X = 100: m activations, 0 <= m <= 100, each turning one {G} into a
      {W} that pays part of X (every activation's mana is spent): the {G} spent is
      m + (100 - m) = 100 <= N, so 101 payments.
    * {X} with X = N: by the same argument N + 1 payments. That count is out of the
      counting programme's reach (one state per number of activations): it is
      reported as not decided (a lower bound, its budget named), never a wrong count;
      the cost is payable (exit 0).
    """
    s = load_state_text(board("Forest", "Farrelite Priest", head=PRIEST))
    a = payment_answer(s, "Alice", "{W}{W}{W}")
    assert a.payable and a.count == 1
    (p,) = a.options
    assert {(u.object, u.times) for u in p.activations} == {("Forest", 1),
                                                            ("Farrelite Priest", 3)}
    assert payment_answer(s, "Alice", "{1}").count == 2
    assert payment_answer(s, "Alice", "{X}", x=100).count == 101
    big = payment_answer(s, "Alice", "{X}", x=N)
    assert big.payable is True and big.count is None and not big.complete
    assert big.count_bounds is not None and 1 <= big.count_bounds.at_least <= N + 1
    assert "partial states" in big.stopped


@pytest.mark.cr("601.2h")
def test_kinds_are_cut_to_what_a_payment_can_spend() -> None:
    """``spending.cap_kinds``: for {G}, a payment spends one mana, so the exact check
    sees one {G} from the Forest (the rest is always leftover, CR 106.4); the option
    keeps its exact 3^30. With a Signet the bound adds its {1}."""
    b = board_for(load_state_text(board("Forest")), "Alice", "{G}", None, None,
                  frozenset())
    assert b.spend_most == 1
    (g,) = b.groups
    (o,) = g.options
    assert o.event == Amounts.one(G, N) and b.kinds[o.kind].event.total == 1
    b2 = board_for(load_state_text(board("Forest", "Simic Signet")), "Alice", "{2}",
                   None, None, frozenset())
    assert b2.spend_most == 3


@pytest.mark.cr("601.2h")
def test_events_cut_alike_stay_distinct_payments() -> None:
    """Mage-Ring Network with two storage counters, a Forest and thirty Nyxbloom
    Ancients. {1} is paid by one source: the Forest ({G}xN); the Network's "{T}: Add
    {C}" ({C}xN); or its "{T}, Remove X storage counters: Add {C} for each" with X = 1
    ({C}xN) or X = 2 ({C}x2N) (CR 107.3, 118.3; all tapped for mana, so tripled thirty
    times, CR 106.12b). Four payments (issue 3: the ability and the mana it adds make
    them distinct). For {1} the solver cuts every event to one mana
    (``spending.cap_kinds``), so the Network's three options share one kind: the count
    must still see three options, not one."""
    s = load_state_text(board("Forest", "{card: Mage-Ring Network, counters: {storage: 2}}"))
    a = payment_answer(s, "Alice", "{1}")
    assert a.count == 4 and a.complete
    mrn = {(u.ability, u.mana) for p in a.options for u in p.activations
           if u.object == "Mage-Ring Network"}
    C = ManaType.C
    assert mrn == {(1, Amounts.one(C, N)), (3, Amounts.one(C, N)), (3, Amounts.one(C, 2 * N))}
    b = board_for(s, "Alice", "{1}", None, None, frozenset())
    (net,) = [g for g in b.groups if g.name == "Mage-Ring Network"]
    assert len(net.options) == 3 and len({o.kind for o in net.options}) == 1


LIFE_WELL = """cards:
  - name: Life Well
    types: [Artifact]
    abilities:
      - activated: {cost: [{pay_life: 1}], mana: {add: "{C}"}, text: "Pay 1 life: Add {C}."}
  - name: Double Priest
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "{2}", mana: {add: "{W}"}, text: "{2}: Add {W}."}
"""


@pytest.mark.cr("602.1")
def test_a_repeatable_source_feeding_repeated_activations_is_never_a_wrong_no() -> None:
    """Life Well ("Pay 1 life: Add {C}", no {T}: as often as life allows, CR 602.1,
    119.4) and Double Priest ("{2}: Add {W}", repeatable). {W}{W}{W}: three Priest
    activations, their {2}{2}{2} paid by six Life Well activations (six life of 20):
    payable. The solver bounds Life Well by the mana the cost and each ability's cost
    once ask (3 + 2 = 5 activations), too few; before, it answered "not payable". Now
    that bound is flagged: not decided (exit 1, the source named as left out), never a
    wrong "no". {W} (one Priest, two Life Wells, within the bound) stays exact: one
    payment."""
    s = load_state_text(board("Life Well", "Double Priest", nyxblooms=0, head=LIFE_WELL))
    a = payment_answer(s, "Alice", "{W}{W}{W}")
    assert a.payable is None and not a.complete and a.left_out
    one = payment_answer(s, "Alice", "{W}")
    assert one.payable is True and one.count == 1 and one.complete


# ---------------------------------------------------------------------------------------
# The pieces.
# ---------------------------------------------------------------------------------------


def test_max_flow_has_no_sentinel_infinity() -> None:
    """Capacities of any size: a path of capacity 3^40 (more than 2^60, the old
    bottleneck's start) carries all of it."""
    net = FlowNetwork()
    s, a, t = net.node(), net.node(), net.node()
    net.edge(s, a, 3 ** 40)
    net.edge(a, t, 3 ** 41)
    assert net.maxflow(s, t) == 3 ** 40


def test_amounts_text_is_compact() -> None:
    """Runs of more than 16 are written with their count, whatever its size; nothing is
    expanded (10^100 mana is a short string)."""
    assert Amounts.of([G, G, W]).text == "{W}{G}{G}"
    assert Amounts.one(G, 17).text == "{G}×17"
    assert Amounts.one(G, 10 ** 100).text == "{G}×1" + "0" * 100
    assert Amounts.one(G, 10 ** 100).listed(100_000) is None


@given(st.lists(st.lists(st.sampled_from(MANA_TYPES), max_size=7), min_size=2, max_size=30))
def test_sort_key_orders_as_the_tuples_did(events: list[list[ManaType]]) -> None:
    """Options keep the order they had as sorted tuples of types (lexicographic, WUBRGC
    order), so listings are unchanged on small boards."""
    tuples = [tuple(sorted(e, key=lambda t: t.order)) for e in events]
    by_tuple = sorted(set(tuples), key=lambda e: [t.order for t in e])
    by_key = sorted(set(tuples), key=lambda e: Amounts.of(e).sort_key)
    assert by_tuple == by_key
