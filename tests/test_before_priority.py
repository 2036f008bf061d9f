"""Pending state-based actions are performed before any question (CR 117.5, issue 10).

Each board describes a moment at which the game would first perform state-based actions
(CR 704.3) before a player receives priority; every answer is about the state after
them, says which were performed, and answers for each choice the game asks for
(CR 704.5j) when the answers differ. Expected answers are derived by hand.
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import abilities, can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.settle import before_priority


def board(battlefield: str, life: int = 20) -> GameState:
    return load_state_text(f"""
turn: {{active_player: A, phase: precombat_main}}
players:
  A: {{life: {life}, battlefield: [{battlefield}]}}
  B: {{}}
""")


@pytest.mark.cr("704.5j")
def test_two_mox_opals_and_a_sol_ring_leave_no_metalcraft() -> None:
    # Mox Opal's ruling: "If you control Mox Opal and one other artifact, then have a
    # second Mox Opal enter the battlefield as your third artifact, you can't activate
    # either one's mana ability before putting one into your graveyard due to the
    # 'legend rule.'" Then two artifacts are left (Mox Opal, Sol Ring): metalcraft
    # ("three or more artifacts") is off, whichever is kept.
    s = board("Mox Opal, Mox Opal, Sol Ring")
    before = before_priority(s)
    assert len(before.branches) == 2
    assert all(len(b.state.permanents) == 2 for b in before.branches)
    for oid in ("Mox Opal", "Mox Opal#2"):
        v = can_activate(s, oid, 1, "A", find_fixes=False)
        assert not v.legal and not v.undecided
        assert any("704.5j" in line for line in v.state_based)
    a = payment_answer(s, "A", "{W}")
    assert a.payable is False and any("704.5j" in line for line in a.state_based)
    a = payment_answer(s, "A", "{1}")
    assert a.payable is True and a.count == 1  # Sol Ring only
    rows = {(o, n): v.legal for o, n, v in abilities(s, "A")}
    assert rows == {("Mox Opal", 1): False, ("Mox Opal#2", 1): False, ("Sol Ring", 1): True}


@pytest.mark.cr("704.5f")
def test_a_creature_with_toughness_0_is_gone_before_it_can_tap() -> None:
    # Llanowar Elves with a -1/-1 counter is 0/0: put into the graveyard first.
    s = board("{card: Llanowar Elves, counters: {\"-1/-1\": 1}}, Forest")
    a = payment_answer(s, "A", "{G}{G}")
    assert a.payable is False
    assert any("toughness 0" in line and "704.5f" in line for line in a.state_based)
    assert payment_answer(s, "A", "{G}").count == 1
    v = can_activate(s, "Llanowar Elves", 1, "A", find_fixes=False)
    assert not v.legal and v.reasons[0].rule == "704.3"
    assert explain_could_produce(s, "Llanowar Elves").mana_types == frozenset()


@pytest.mark.cr("704.5q")
def test_plus_and_minus_counters_cancel_and_the_creature_lives() -> None:
    # One +1/+1 and one -1/-1 counter: both removed (122.3, 704.5q); a 1/1 Elf stays.
    s = board("{card: Llanowar Elves, counters: {\"+1/+1\": 1, \"-1/-1\": 1}}")
    after = before_priority(s).branches[0].state
    assert after.permanent("Llanowar Elves").counters.as_dict() == {}
    assert payment_answer(s, "A", "{G}").payable is True


@pytest.mark.cr("704.5j")
def test_answers_that_depend_on_the_legend_rule_choice_are_given_for_each() -> None:
    # Two Gaea's Cradles (legendary), one tapped; one creature. Keeping the untapped
    # one, {G} is payable; keeping the tapped one, it isn't: not decided, with both.
    s = board("Gaea's Cradle, {card: Gaea's Cradle, tapped: true}, Llanowar Elves")
    a = payment_answer(s, "A", "{G}{G}")
    assert a.payable is None
    got = sorted(x.verdict for _, x in a.by_choice)
    assert got == ["not payable", "payable"]
    assert a.to_data()["by_choice"][0]["choice"]


@pytest.mark.cr("704.5i")
@pytest.mark.cr("704.5a")
def test_pending_state_based_actions_it_doesnt_perform_are_not_decided() -> None:
    # A planeswalker with 0 loyalty counters (704.5i) and a player at 0 life (704.5a):
    # manacheck doesn't perform these, so nothing is decided.
    s = board("Forest, {card: \"Tamiyo, Compleated Sage\", counters: {loyalty: 0}}")
    a = payment_answer(s, "A", "{G}")
    assert a.payable is None and any("704.5i" in u.why for u in a.undecided)
    a = payment_answer(board("Forest", life=0), "A", "{G}")
    assert a.payable is None and any("704.5a" in u.why for u in a.undecided)


def test_nothing_pending_is_the_state_itself() -> None:
    s = board("Forest, Llanowar Elves")
    before = before_priority(s)
    assert not before.changed and before.branches[0].state is s


def test_show_says_the_legend_rule_will_apply(tmp_path: object,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 15: three copies of a legendary permanent are a legal description of a
    # moment before state-based actions; show says what the game does first.
    from pathlib import Path

    from manacheck.cli import main

    path = Path(str(tmp_path)) / "l.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A:\n"
                    "    battlefield: [Mox Opal, Mox Opal, Mox Opal]\n")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "before anyone may act, the game first performs state-based actions" in out
    assert "legend rule" in out and "704.5j" in out
    assert main(["show", str(path), "--json"]) == 0
    assert "legend" not in capsys.readouterr().out  # the JSON still loads back
