"""Could-produce whose total work is bounded (CR 106.7, 616.1): one budget per question,
derivations only when asked, identical permanents as one node of the fixed point."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.model import ManaType, load_state_data
from manacheck.solver import budget as budget_mod
from manacheck.solver.amounts import Amounts
from manacheck.solver.budget import Budget, BudgetExhausted
from manacheck.solver.naive import naive_could_produce
from manacheck.solver.produce import (
    could,
    could_produce_all,
    explain_could_produce,
    produced_types_all,
)
from manacheck.solver.produce.could import solver_for
from manacheck.solver.replacement import (
    BoundReplacement,
    EnumerationLimit,
    ReplacementGraph,
    clear_caches,
)

from manacheck.cli import main

T = ManaType
TYPES = "WUBRGC"


def split_cards(k: int) -> list[dict[str, Any]]:
    """``k`` distinct effects "if a land would produce {X}, it produces {Y} or {Z}
    instead": they don't commute, so the application states grow like 2^k."""
    combos = [(a, b, c) for a in TYPES for b, c in itertools.combinations(TYPES, 2)
              if a not in (b, c)]
    combos.sort(key=lambda x: (TYPES.index(x[0]) * 7 + TYPES.index(x[1]) * 3
                               + TYPES.index(x[2])) % 17)
    return [{"name": f"Split {a} to {b} or {c}", "types": ["Enchantment"], "abilities": [
        {"static": {"kind": "mana_replacement", "text": f"{a} becomes {b} or {c}",
                    "replacement": {
                        "source": {"types": ["land"]}, "only_if_produces": [a],
                        "cases": [{"source": {"types": ["land"]}, "produces": b},
                                  {"source": {"types": ["land"]}, "produces": c}]}}}]}
            for a, b, c in combos[:k]]


def split_board(k: int) -> dict[str, Any]:
    cards = split_cards(k)
    return {"turn": {"active_player": "A"},
            "players": {"A": {"battlefield": ["Plains", "Island", "Forest",
                                              *[c["name"] for c in cards]]}},
            "cards": cards}


# ---------------------------------------------------------------------------------------
# One budget for the whole question.
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("616.1")
def test_one_budget_covers_every_graph() -> None:
    effs = [BoundReplacement("r", "x2", multiply=2), BoundReplacement("b", "to B",
                                                                      frozenset({T.B}))]
    alone = ReplacementGraph(effs, (T.G,)).graph.number_of_nodes()
    b = Budget(alone * 2 - 1)
    ReplacementGraph(effs, (T.G,), budget=b)  # fits alone
    assert b.spent == alone
    with pytest.raises(BudgetExhausted, match="search budget"):
        ReplacementGraph(effs, (T.R,), budget=b)  # the second graph doesn't
    assert b.spent == b.limit


@pytest.mark.cr("616.1")
def test_budget_is_checked_as_the_graph_grows() -> None:
    distinct = [BoundReplacement(f"s{i}", f"to {t.value}", frozenset({t}))
                for i, t in enumerate(T)]
    b = Budget(10)
    with pytest.raises(BudgetExhausted) as info:
        ReplacementGraph(distinct, (T.G,), budget=b)
    assert b.spent == 10 and info.value.limit == 10
    assert isinstance(info.value, EnumerationLimit)  # old callers still stop on it
    assert "6 replacement effects on {G}" in str(info.value)


@pytest.mark.cr("106.7")
def test_a_spent_budget_is_not_decided_never_a_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    clear_caches()
    monkeypatch.setattr(budget_mod, "MAX_STATES", 500)
    s = load_state_data(split_board(12))
    ans = explain_could_produce(s, "Plains", explain=False)
    assert ans.limit is not None and "search budget" in ans.limit and "500" in ans.limit
    assert not ans.complete and ans.mana_types == frozenset()
    d = ans.as_dict(explain=False)
    assert d["complete"] is False and d["decided"] is False and "derivation" not in d
    with pytest.raises(BudgetExhausted):  # the library call says so too
        could_produce_all(load_state_data(split_board(12)))
    clear_caches()


@pytest.mark.cr("106.7")
def test_the_same_board_finishes_with_the_full_budget() -> None:
    clear_caches()
    s = load_state_data(split_board(6))
    assert produced_types_all(s) == naive_could_produce(s)
    assert explain_could_produce(s, "Plains").limit is None


@pytest.mark.cr("106.7")
def test_cli_budget_is_exit_0_with_complete_false(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    clear_caches()
    monkeypatch.setattr(budget_mod, "MAX_STATES", 500)
    f = tmp_path / "s.json"
    f.write_text(json.dumps(split_board(12)), encoding="utf-8")
    assert main(["produce", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["complete"] is False
    assert len(out["limits"]) == 1 and "search budget" in out["limits"][0]
    for o in out["objects"]:
        assert o["complete"] is False and o["decided"] is False and o["mana_types"] == []
    clear_caches()
    assert main(["produce", str(f), "--explain"]) == 0
    text = capsys.readouterr().out
    assert "(not decided)" in text and "search budget" in text
    clear_caches()


@pytest.mark.cr("106.7")
def test_other_enumeration_limits_are_answers_too(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Forty Mana Reflections make 2^40 mana: amounts are exact (CR 107.1, issue 16),
    # so the derivation shows them (it once stopped at 100,000 mana and fell back to
    # types without amounts): each Reflection doubles it once (CR 614.5, 616.1).
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"turn": {"active_player": "A"}, "players": {"A": {
        "battlefield": ["Forest", *["Mana Reflection"] * 40]}}}), encoding="utf-8")
    assert main(["produce", str(f), "--json", "--explain"]) == 0
    (o,) = json.loads(capsys.readouterr().out)["objects"]
    (d,) = o["derivation"]
    assert o["mana_types"] == ["G"] and "amounts_shown" not in d
    assert d["outcome"] == "{G}×1099511627776" and d["outcome_amounts"] == {"G": 2 ** 40}
    assert len(d["replacements"]) == 40


# ---------------------------------------------------------------------------------------
# Derivations only when asked; their own budget.
# ---------------------------------------------------------------------------------------


def multiplier_board() -> dict[str, Any]:
    cards = [{"name": f"Times {m}", "types": ["Enchantment"], "abilities": [
        {"static": {"kind": "mana_replacement", "text": f"x{m}",
                    "replacement": {"multiply": m}}}]} for m in (2, 3, 5, 7)]
    cards += [{"name": f"Amount {a}", "types": ["Enchantment"], "abilities": [
        {"static": {"kind": "mana_replacement", "text": f"amount {a}",
                    "replacement": {"set_amount": a}}}]} for a in (1, 2, 3)]
    return {"turn": {"active_player": "A"},
            "players": {"A": {"battlefield": ["Forest", "Tundra",
                                              *[c["name"] for c in cards]]}},
            "cards": cards}


@pytest.mark.cr("106.7")
def test_no_derivation_is_built_without_explain() -> None:
    s = load_state_data(multiplier_board())
    ans = explain_could_produce(s, "Tundra", explain=False)
    assert ans.mana_types == frozenset({T.W, T.U}) and ans.derivation == ()
    solver = solver_for(s)
    assert solver.explain_budget.spent == 0 and "_explain_graphs" not in solver.__dict__
    full = explain_could_produce(s, "Tundra")
    assert [d.mana_type for d in full.derivation] == [T.W, T.U]
    assert solver.explain_budget.spent > 0


@pytest.mark.cr("616.1")
def test_spent_explanation_budget_falls_back_to_types(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(could, "EXPLAIN_STATES", 3)
    s = load_state_data(multiplier_board())
    ans = explain_could_produce(s, "Tundra")
    assert ans.limit is None and ans.complete  # the answer itself is decided
    assert ans.mana_types == frozenset({T.W, T.U})
    assert [d.mana_type for d in ans.derivation] == [T.W, T.U]
    assert any(not d.amounts for d in ans.derivation)
    assert all(d.outcome == Amounts.of((d.mana_type,)) for d in ans.derivation
               if not d.amounts)
    monkeypatch.setattr(could, "FALLBACK_STATES", 0)
    s = load_state_data(multiplier_board())
    ans = explain_could_produce(s, "Tundra")
    assert ans.mana_types == frozenset({T.W, T.U}) and ans.derivation == ()
    assert ans.explain_limit is not None and "search budget" in ans.explain_limit
    assert ans.as_dict()["explanation_complete"] is False


# ---------------------------------------------------------------------------------------
# Identical permanents: one node of the fixed point.
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.7")
def test_a_chain_of_identical_pools_is_one_node() -> None:
    s = load_state_data({"turn": {"active_player": "A"}, "players": {
        "A": {"battlefield": ["Island", "Forest", *["Reflecting Pool"] * 300]},
        "B": {"battlefield": [*["Exotic Orchard"] * 50, "Mountain"]}}})
    solver = solver_for(s)
    # Island, Forest, the pools; Orchards of B (they look at A's lands), Mountain.
    assert len(solver.deps) == 5
    assert sum(len(d) for d in solver.deps.values()) <= 6
    got = could_produce_all(s)
    assert got["Reflecting Pool#300"] == frozenset({T.U, T.G})
    assert got["Exotic Orchard#50"] == frozenset({T.U, T.G})
    assert got["Mountain"] == frozenset({T.R})


@pytest.mark.cr("106.5")
def test_chosen_colors_keep_permanents_apart() -> None:
    s = load_state_data({"turn": {"active_player": "A"}, "players": {"A": {"battlefield": [
        {"card": "Heart", "id": "red", "chosen": {"color": "R"}},
        {"card": "Heart", "id": "blue", "chosen": {"color": "U"}},
        {"card": "Heart", "id": "none"}]}},
        "cards": [{"name": "Heart", "types": ["Artifact"], "abilities": [
            {"activated": {"cost": "{T}", "mana": {"chosen_color": 1}}}]}]})
    assert could_produce_all(s) == {"red": frozenset({T.R}), "blue": frozenset({T.U}),
                                    "none": frozenset()}


COPIED = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Forest", "Tundra",
          "Island", "Wastes", "Squandered Resources", "Naga Vitalist"]
EXTRA = ["Reality Twist", "Mana Reflection", "Blood Moon", "Contamination",
         "Urborg, Tomb of Yawgmoth", "Infernal Darkness"]


@st.composite
def copied_boards(draw: st.DrawFn) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for p in "AB":
        cards: list[str] = []
        for name in draw(st.lists(st.sampled_from(COPIED), max_size=4)):
            cards += [name] * draw(st.integers(1, 6))
        cards += draw(st.lists(st.sampled_from(EXTRA), max_size=2))
        players[p] = {"battlefield": [{"card": c, "id": f"{p}{i}"}
                                      for i, c in enumerate(cards)]}
    data: dict[str, Any] = {"turn": {"active_player": "A"}, "players": players}
    if draw(st.booleans()):
        data["effects"] = [{"card": "Pale Moon", "controller": "A"}]
    return data


@pytest.mark.cr("106.7")
@settings(max_examples=80, deadline=None)
@given(copied_boards())
def test_many_identical_copies_equal_naive_iteration(data: dict[str, Any]) -> None:
    s = load_state_data(data)
    assert produced_types_all(s) == naive_could_produce(load_state_data(data))


# ---------------------------------------------------------------------------------------
# The other commands: a spent budget is "not decided", exit 1, never exit 2.
# ---------------------------------------------------------------------------------------


def pump_board() -> dict[str, Any]:
    data = split_board(12)
    data["players"]["A"]["battlefield"].append("Pump")
    data["cards"].append({"name": "Pump", "types": ["Artifact"], "abilities": [
        {"activated": {"cost": "{W}{U}", "effects": [{"kind": "draw", "amount": 1}]}}]})
    return data


@pytest.mark.cr("616.1")
def test_pay_and_can_activate_answer_not_decided_on_the_budget(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setattr(budget_mod, "MAX_STATES", 500)
    f = tmp_path / "s.json"
    f.write_text(json.dumps(pump_board()), encoding="utf-8")
    clear_caches()
    assert main(["pay", str(f), "{W}", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["payable"] is None and out["complete"] is False
    assert "search budget" in out["limit"]
    clear_caches()
    assert main(["can-activate", str(f), "Pump", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is None and "search budget" in out["undecided"][0]["why"]
    clear_caches()
    assert main(["abilities", str(f)]) in (0, 1)
    assert "not decided: search budget" in capsys.readouterr().out
    clear_caches()
