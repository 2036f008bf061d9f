"""Proven bounds on the count when the exact count stops at its budget (issue 14).

``bounds.bounds``: the exact count of the payments that leave mana-costing groups
unused (a lower bound) and a relaxed count that every payment passes (an upper bound).
Checked against the brute force of ``test_payments_oracle`` on random boards of Signets,
filter lands and plain sources, and through ``payment_answer`` and ``pay --json`` with
the count's budget made tiny: the answer says "at least", never a wrong number.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import ManaCost, load_state_text
from manacheck.solver.payments import limits, payment_answer, payments
from manacheck.solver.payments.bounds import bounds

from manacheck.cli import main
from tests.test_payments_oracle import oracle
from tests.test_production_network import _board, network_boards


@pytest.mark.cr("601.2h")
@pytest.mark.cr("605.3a")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(network_boards())
def test_bounds_hold_against_the_brute_force(case: tuple[str, str]) -> None:
    text, cost_text = case
    state = load_state_text(text)
    cost = ManaCost.parse(cost_text)
    exact = len(oracle(state, "A", cost))
    b = payments(state, "A", cost).board
    got = bounds(b)
    assert got.at_least <= exact
    assert got.at_most is None or exact <= got.at_most
    # With no room for any count, the lower bound is 0 and the upper one still holds.
    tight = bounds(payments(state, "A", cost).board, max_states=1, max_steps=50)
    assert tight.at_least <= exact
    assert tight.at_most is None or exact <= tight.at_most


@pytest.mark.cr("605.3a")
def test_bounds_derived_by_hand() -> None:
    # Three Plains and two Azorius Signets ({1}, {T}: Add {W}{U}), paying {2}. Each
    # activation spends at least one of its mana, one-mana ones all of it. With p
    # Plains and s Signets: 2 Plains; 1 Plains + 1 or 2 Signets (the Plains pays the
    # first Signet, whose mana pays the second); 2 Plains + 1 or 2 Signets (a Signet's
    # second mana left over). 3 Plains are one too many; Signets alone can't start.
    # So 5 payments.
    s = load_state_text(_board(["Plains"] * 3 + ["Azorius Signet"] * 2))
    cost = ManaCost.parse("{2}")
    assert len(oracle(s, "A", cost)) == 5
    got = bounds(payments(s, "A", cost).board)
    # Lower: without the Signets 1 (2 Plains); with them added back, all 5.
    assert got.at_least == 5
    # Upper: the relaxed condition asks p + 0*s <= 2 (at least one mana spent per
    # activation, at most one asked per Signet) and p + 2s - s >= 2: (p, s) in
    # (0,2) (1,1) (1,2) (2,0) (2,1) (2,2) -- six; (0, 2) is the one that fails the
    # order (nothing pays the first Signet).
    assert got.at_most == 6
    assert bounds(payments(s, "A", cost).board, max_states=1) == type(got)(0, 6)
    assert bounds(payments(s, "A", cost).board, max_steps=1) == type(got)(5, None)


def test_a_stopped_count_answers_with_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    s = load_state_text(_board(["Plains"] * 3 + ["Forest"] * 2 + ["Azorius Signet"] * 2))
    full = payment_answer(s, "A", "{2}{W}")
    assert full.complete and full.count == len(oracle(s, "A", ManaCost.parse("{2}{W}")))
    monkeypatch.setattr(limits, "DEFAULT_MAX_STATES", 3)
    # The bounds meet (the lower one counts the whole board in its own budget): that
    # is the exact count, proven, and said as such.
    a = payment_answer(s, "A", "{2}{W}")
    assert (a.count, a.complete, a.stopped, a.count_bounds) == (full.count, True, "", None)
    # With less room, the lower bound is the lands' own payments: {W} from a Plains and
    # two more of the other four lands, the Forests one of them or not: 3 Plains; 2
    # Plains and a Forest; a Plains and 2 Forests. Those prove "payable".
    monkeypatch.setattr(limits, "BOUND_STATES", 20)
    a = payment_answer(s, "A", "{2}{W}")
    assert a.payable is True and a.count is None and not a.complete
    assert "counting stopped after 3 partial states" in a.stopped
    assert a.count_bounds is not None and a.count_bounds.at_least == 3
    assert a.count_bounds.at_most is None or full.count <= a.count_bounds.at_most


def test_pay_json_gives_the_bounds(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str],
                                   tmp_path: object) -> None:
    from pathlib import Path
    path = Path(str(tmp_path)) / "board.yaml"
    path.write_text(_board(["Plains"] * 4 + ["Island"] * 3 + ["Azorius Signet"] * 2
                           + ["Graven Cairns", "Swamp"]))
    monkeypatch.setattr(limits, "DEFAULT_MAX_STATES", 3)
    monkeypatch.setattr(limits, "BOUND_STATES", 40)
    code = main(["pay", str(path), "{3}{W}", "--count", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["payable"] is True
    assert data["count"] is None and data["complete"] is False
    assert data["count_at_least"] >= 1
    assert "count_at_most" not in data or data["count_at_most"] >= data["count_at_least"]
    code = main(["pay", str(path), "{3}{W}", "--count"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("at least ") and "stopped" in out


PLAIN_ONLY = ["Plains", "Island", "Forest", "Sol Ring", "Wastes", "Birds of Paradise"]


@pytest.mark.cr("107.4a")
@pytest.mark.cr("107.4b")
@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(PLAIN_ONLY), min_size=1, max_size=6),
       st.lists(st.sampled_from(["{W}", "{U}", "{G}", "{C}", "{1}", "{2}"]), min_size=1,
                max_size=4),
       st.data())
def test_the_arithmetic_check_agrees_with_the_max_flow(
        lands: list[str], symbols: list[str], data: st.DataObject) -> None:
    # exact.plain_valid (one-type mana, plain costs) against the max-flow (solve) on
    # random multisets of the board's kinds.
    from manacheck.solver.payments import exact as exact_mod
    s = load_state_text(_board(lands))
    b = payments(s, "A", "".join(symbols)).board
    counts = [data.draw(st.integers(0, 3)) for _ in b.kinds]
    pool = [0] * len(b.pool)
    got = exact_mod.plain_valid(b, counts, pool, 0)
    assert got is not None  # every kind here qualifies
    assert got == (exact_mod.solve(b, counts, pool, 0) is not None)


def test_a_count_out_of_states_lists_without_the_signets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The count's states spent: the listing, which keeps at least as many, is not
    # tried; the payments shown are those without mana-costing sources, said so.
    s = load_state_text(_board(["Plains"] * 3 + ["Forest"] * 2 + ["Azorius Signet"] * 2))
    monkeypatch.setattr(limits, "DEFAULT_MAX_STATES", 3)
    monkeypatch.setattr(limits, "BOUND_STATES", 20)
    a = payment_answer(s, "A", "{2}{W}")
    assert a.count is None and a.options and not a.order_complete
    assert "not tried" in a.listing_stopped
    assert all("Signet" not in q.text for q in a.options)
    full = payments(s, "A", "{2}{W}")
    assert all(q in full for q in a.options)
