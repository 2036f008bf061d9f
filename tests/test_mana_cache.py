"""Mana Cache: "Remove a charge counter from Mana Cache: Add {C}. Any player may
activate this ability but only during their turn before the end step" (issue 16, "not
expressible today").

The ability is ``any_player: true`` with ``condition: {kind: your_turn,
before: end}``. CR 602.2: only an object's controller may activate its
abilities "unless the object specifically says otherwise" -- this one does. The player
who activates it is its "you" (CR 109.5): "their turn" is the activator's, and the
{C} goes to the activator's mana pool (CR 106.4), so an opponent may use it to pay
their own costs on their own turn, before their end step (CR 500.1: untap, upkeep,
draw, main, combat, main; then end and cleanup). It is a mana ability (CR 605.1a: no
target, it adds mana), so priority doesn't matter, but the restriction does, while
paying too (CR 602.5, 605.3a). Without {T}, it may be activated once per charge counter
(CR 602.1, 118.3).

Its triggered ability ("At the beginning of each player's end step, put a charge
counter on Mana Cache for each untapped land that player controls") is a
``put_counters`` effect whose count is ``for_each`` untapped land of the active player
(CR 513.1: "each player's end step"; "that player" is the player whose turn it is),
counted as it resolves (CR 608.2h); the event ``beginning_of_end_step`` steps into it.
Answers derived by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.model import load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer, payments

from manacheck.cli import main

CACHE = "Mana Cache"


def _board(active: str, phase: str = "precombat_main", charge: int = 2,
           bob: str = "Forest") -> str:
    return (f"turn: {{active_player: {active}, phase: {phase}}}\nplayers:\n  A:\n"
            f"    battlefield: [{{card: {CACHE}, counters: {{charge: {charge}}}}}, Mountain]\n"
            f"  B:\n    battlefield: [{bob}]\n")


def _can(active: str, phase: str, who: str) -> tuple[bool, int, list[str]]:
    v = can_activate(load_state_text(_board(active, phase)), CACHE, 1, who)
    assert not v.undecided
    return v.legal, v.ways, [r.rule for r in v.reasons]


@pytest.mark.cr("602.2")
@pytest.mark.cr("602.5")
def test_who_may_activate_it_and_when() -> None:
    # Its controller A on A's turn; the opponent B on B's turn (CR 602.2: it says so).
    assert _can("A", "precombat_main", "A") == (True, 1, [])
    assert _can("B", "precombat_main", "B") == (True, 1, [])
    assert _can("B", "upkeep", "B") == (True, 1, [])
    assert _can("B", "postcombat_main", "B") == (True, 1, [])
    # Not during another player's turn, whoever controls it (602.1b: the restriction).
    assert _can("A", "precombat_main", "B") == (False, 0, ["602.1b"])
    assert _can("B", "precombat_main", "A") == (False, 0, ["602.1b"])
    # Not in the end step or later, even on one's own turn.
    assert _can("A", "end", "A") == (False, 0, ["602.1b"])
    assert _can("B", "end", "B") == (False, 0, ["602.1b"])
    # CR 118.3: a charge counter to remove.
    none = load_state_text(_board("B", charge=0))
    assert can_activate(none, CACHE, 1, "B").legal is False


@pytest.mark.cr("602.2")
@pytest.mark.cr("106.4")
@pytest.mark.cr("601.2h")
def test_the_active_opponent_pays_with_it() -> None:
    # B's turn, B pays {2} with B's Forest and A's Mana Cache (two charge counters):
    # {Forest, Cache} or {Cache, Cache}: two payments; {3}: all three, one.
    s = load_state_text(_board("B"))
    a = payment_answer(s, "B", "{2}")
    assert (a.payable, a.count, a.complete, a.left_out) == (True, 2, True, ())
    assert payment_answer(s, "B", "{3}").count == 1
    assert payment_answer(s, "B", "{4}").payable is False
    for p in payments(s, "B", "{3}"):
        assert {u.object for u in p.activations} == {"Forest", CACHE}
    # A, paying during B's turn, can't use it: only the Mountain.
    assert payment_answer(s, "A", "{1}").count == 1
    assert payment_answer(s, "A", "{2}").payable is False
    # On A's turn B can't use it (and A can): B's Forest alone.
    t = load_state_text(_board("A"))
    assert payment_answer(t, "B", "{2}").payable is False
    assert payment_answer(t, "A", "{2}").count == 2  # {Mountain, Cache}, {Cache, Cache}
    # In B's end step, neither.
    e = load_state_text(_board("B", "end"))
    assert payment_answer(e, "B", "{2}").payable is False


@pytest.mark.cr("602.2")
@pytest.mark.cr("605.3a")
def test_it_pays_the_opponents_activation() -> None:
    # B's Mind Stone: "{1}, {T}, Sacrifice Mind Stone: Draw a card". Its own {C} can't
    # pay (it is tapped for the cost); A's Mana Cache can, on B's turn only.
    s = load_state_text(_board("B", bob="Mind Stone"))
    v = can_activate(s, "Mind Stone", 2, "B")
    assert (v.legal, v.ways) == (True, 1)
    v = can_activate(load_state_text(_board("A", bob="Mind Stone")), "Mind Stone", 2, "B")
    assert v.legal is False and not v.undecided


@pytest.mark.cr("602.1")
@pytest.mark.cr("602.2")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(0, 3), st.integers(1, 8))
def test_count_against_a_formula(charge: int, forests: int, n: int) -> None:
    # B's turn: A's Mana Cache (one {C} per charge counter removed, each activation
    # one mana) and B's Forests (one {G} each) pay {n} with every mana spent: c
    # activations of the Cache and n - c Forests, for each c that both allow.
    s = load_state_text(_board("B", charge=charge, bob=", ".join(["Forest"] * forests)))
    want = sum(1 for c in range(charge + 1) if 0 <= n - c <= forests)
    a = payment_answer(s, "B", "{" + str(n) + "}")
    assert a.complete and a.count == want


@pytest.mark.parametrize("bad", ["maybe", "2"])
def test_bad_any_player_is_one_line(bad: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {activated: "
                    f"{{cost: \"{{T}}\", mana: {{add: \"{{C}}\"}}, any_player: {bad}, "
                    "text: t}}\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "any_player" in err and "(line 8)" in err


# --- the end-step trigger (CR 513.1, 603.2, 608.2h, 122.6) ------------------------------


def _end_step(active: str, bob_lands: str, *, extra: str = "") -> str:
    return f"""
turn: {{active_player: {active}, phase: postcombat_main}}
players:
  A:
    battlefield:
      - {{card: {CACHE}, id: cache, counters: {{charge: 1}}}}
      - Forest
      - {{card: Forest, tapped: true}}
  B:
    battlefield: {bob_lands}
{extra}
events:
  - beginning_of_end_step
  - resolve: top
"""


def _charge_after(text: str) -> int:
    from manacheck.solver.resolution import resolve

    out = resolve(load_state_text(text))
    return out.state.permanent("cache").counters["charge"]


@pytest.mark.cr("513.1")
def test_end_step_counts_the_active_players_untapped_lands() -> None:
    """B's end step: B's three untapped lands count (not B's tapped one, nor A's
    lands): 1 + 3 = 4 charge counters."""
    lands = "[Mountain, Mountain, {card: Mountain, tapped: true}, Plains]"
    assert _charge_after(_end_step("B", lands)) == 4


@pytest.mark.cr("513.1")
def test_own_end_step_counts_own_untapped_lands() -> None:
    """A's end step: A's one untapped Forest counts: 1 + 1 = 2."""
    assert _charge_after(_end_step("A", "[Mountain, Mountain]")) == 2


@pytest.mark.cr("608.2h")
def test_no_untapped_land_puts_no_counter() -> None:
    """B controls no untapped land: no counter is put (CR 122.8: zero counters)."""
    assert _charge_after(_end_step("B", "[{card: Plains, tapped: true}]")) == 1


def test_end_step_event_in_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                   ) -> None:
    f = tmp_path / "cache.yaml"
    f.write_text(_end_step("B", "[Mountain, Mountain]"), encoding="utf-8")
    assert main(["resolve", str(f)]) == 0
    out = capsys.readouterr().out
    assert "B's end step  [CR 513.1]" in out and "put 2 charge on cache" in out
