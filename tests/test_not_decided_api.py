"""The documented Python helpers can't lose "not decided" (issues 30 and 36).

Each helper is asked on boards of real cards that manacheck doesn't decide, and on
decided ones. The expectations come from the rules:

* Humility ("All creatures lose all abilities and have base power and toughness
  1/1.") beside Sol Ring: its line isn't read, and such text could stop Sol Ring's
  ability (Null Rod's does, and is read: tests/test_prohibitions.py), so manacheck must
  say "not decided", never True or a count.
* Talisman of Dominance and Mana Confluence at 2 life, {U}{B}: payable by the rules
  (the Talisman's {U}, 1 damage; Confluence's {B}, 1 life: 2 -> 1 -> 0, and the life
  is there when it is paid), but with so little life the payment solver leaves the
  Talisman's colored ability out (the damage comes first and could leave too little to
  pay), so it finds none: "not decided", never False. (At 20 life no order can matter
  and it is decided: tests/test_krrik.py.)
* Forest and Island: decided. {1}{G} is payable in exactly one way (Forest's {G} for
  {G}, Island's {U} for {1}); {B} isn't (nothing makes black mana).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from manacheck.model import BadInput, load_state_text
from manacheck.solver import (
    NotDecided,
    abilities,
    can_activate,
    could_produce,
    could_produce_all,
    count_payments,
    explain_could_produce,
    is_payable,
    unpayable_reasons,
)
from manacheck.solver.payments import PaymentSearchLimit, limits, payment_answer, payments

from manacheck.cli import main

UNREAD = """
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Sol Ring]}
  Bob: {battlefield: [Humility]}
"""

TALISMAN = """
turn: {active_player: Alice}
players:
  Alice: {life: 2, battlefield: [Talisman of Dominance, Mana Confluence]}
  Bob: {}
"""

BOLT = """
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Sol Ring, Llanowar Elves]}
  Bob: {}
stack:
  - {card: Lightning Bolt, controller: Bob, targets: [Alice]}
"""

DECIDED = """
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Forest, Island, {card: Llanowar Elves, summoning_sick: true}]}
  Bob: {}
"""


def _cli(tmp_path: Path, text: str, *argv: str) -> tuple[int, str]:
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out_path = tmp_path / "out.txt"
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main([argv[0], str(f), *argv[1:]])
    out_path.write_text(buf.getvalue())
    return code, buf.getvalue()


# ---- is_payable, count_payments, unpayable_reasons, payments ----------------------------


@pytest.mark.cr("601.2h")
def test_unread_text_makes_every_payment_helper_say_not_decided(tmp_path: Path) -> None:
    s = load_state_text(UNREAD)
    for helper in (is_payable, count_payments, unpayable_reasons, payments):
        with pytest.raises(NotDecided) as e:
            helper(s, "Alice", "{2}")
        # The effect that stops it is named, structured.
        assert [u.object_id for u in e.value.undecided] == ["Humility"]
        assert not isinstance(e.value, BadInput)
    answer = payment_answer(s, "Alice", "{2}")
    assert answer.payable is None and answer.verdict == "not decided"
    with pytest.raises(NotDecided):  # the answer's own bool() can't say "no" either
        bool(answer)
    code, out = _cli(tmp_path, UNREAD, "pay", "{2}")
    assert code == 1 and "not decided" in out


@pytest.mark.cr("601.2h")
@pytest.mark.cr("119.4")
def test_talisman_and_confluence_are_not_decided_never_false(tmp_path: Path) -> None:
    s = load_state_text(TALISMAN)
    for helper in (is_payable, count_payments, unpayable_reasons):
        with pytest.raises(NotDecided) as e:
            helper(s, "Alice", "{U}{B}")
        assert e.value.left_out == ("Talisman of Dominance (ability 2)",)
    p = payments(s, "Alice", "{U}{B}")  # the lazy object: its "no" isn't one
    assert p.left_out == ("Talisman of Dominance (ability 2)",)
    with pytest.raises(NotDecided):
        bool(p)
    with pytest.raises(NotDecided):
        p.count()
    code, _ = _cli(tmp_path, TALISMAN, "pay", "{U}{B}")
    assert code == 1
    # {B} alone is payable without the Talisman's colored ability: decided, stands.
    assert is_payable(s, "Alice", "{B}") is True


def test_decided_boards_answer_plain_values() -> None:
    s = load_state_text(DECIDED)
    assert is_payable(s, "Alice", "{1}{G}") is True
    assert is_payable(s, "Alice", "{B}") is False
    assert count_payments(s, "Alice", "{1}{G}") == 1
    assert count_payments(s, "Alice", "{B}") == 0
    assert unpayable_reasons(s, "Alice", "{1}{G}") == []
    assert any("{B}" in r for r in unpayable_reasons(s, "Alice", "{B}"))
    p = payments(s, "Alice", "{1}{G}")
    assert bool(p) and p.count() == 1 and len(list(p)) == 1
    assert bool(payment_answer(s, "Alice", "{1}{G}")) is True
    assert bool(payment_answer(s, "Alice", "{B}")) is False
    assert not payments(s, "Alice", "{B}")


def test_bad_input_is_still_bad_input() -> None:
    s = load_state_text(DECIDED)
    with pytest.raises(BadInput):
        is_payable(s, "Nobody", "{1}")
    with pytest.raises(BadInput):
        count_payments(s, "Alice", "{X}")  # X needs a value (CR 107.3)


def test_a_spent_budget_is_not_decided_never_bad_input(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    assert issubclass(PaymentSearchLimit, NotDecided)
    assert not issubclass(PaymentSearchLimit, BadInput)
    # Three Forests, three Islands and Sol Ring, {3}: lands alone 4 payments (3+0,
    # 2+1, 1+2, 0+3 Forests+Islands); Sol Ring ({C}{C}) with one land 2 (a Forest or
    # an Island); with two lands 3 (Sol Ring gives one, one left over: FF, FI, II):
    # 9. With a counting budget of one state the count is not decided, with bounds,
    # and "payable" stands (a payment is found without counting).
    s = load_state_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Forest, Forest, Forest, Island, Island, Island, Sol Ring]}
""")
    assert count_payments(s, "Alice", "{3}") == 9
    monkeypatch.setattr(limits, "DEFAULT_MAX_STATES", 1)
    monkeypatch.setattr(limits, "BOUND_STATES", 1)
    with pytest.raises(NotDecided) as e:
        count_payments(s, "Alice", "{3}")
    assert e.value.stopped and e.value.at_least is not None and e.value.at_least >= 1
    assert is_payable(s, "Alice", "{3}") is True


# ---- can_activate, abilities: Verdict.legal and bool(verdict) -----------------------------


@pytest.mark.cr("602.2")
def test_verdicts_carry_none_and_bool_raises(tmp_path: Path) -> None:
    for board, obj in ((UNREAD, "Sol Ring"), (BOLT, "Sol Ring")):
        s = load_state_text(board)
        v = can_activate(s, obj)
        code, _ = _cli(tmp_path, board, "can-activate", obj, "--json")
        data = json.loads(_cli(tmp_path, board, "can-activate", obj, "--json")[1])
        # The helper and the CLI say the same; where the CLI says "not decided" (null),
        # the verdict's legal is None and bool() refuses to say "no".
        assert v.legal == data["legal"]
        if v.legal is None:
            assert code == 1 and v.undecided and not v.decided
            with pytest.raises(NotDecided):
                bool(v)
        else:
            assert bool(v) is v.legal
    # Humility's line isn't read: this one is certainly not decided.
    v = can_activate(load_state_text(UNREAD), "Sol Ring")
    assert v.legal is None and [u.object_id for u in v.unapplied] == ["Humility"]
    rows = abilities(load_state_text(UNREAD), "Alice")
    assert [(o, n, r.legal) for o, n, r in rows] == [("Sol Ring", 1, None)]


@pytest.mark.cr("302.6")
def test_decided_verdicts_are_plain_booleans() -> None:
    s = load_state_text(DECIDED)
    yes = can_activate(s, "Forest")
    no = can_activate(s, "Llanowar Elves", find_fixes=False)  # summoning sick
    assert yes.legal is True and bool(yes) and yes.decided
    assert no.legal is False and not bool(no) and no.decided


# ---- could_produce and friends ------------------------------------------------------------


@pytest.mark.cr("106.7")
def test_could_produce_helpers_carry_not_decided() -> None:
    s = load_state_text(UNREAD)
    with pytest.raises(NotDecided):
        could_produce(s, "Sol Ring")
    everything = could_produce_all(s)
    assert not everything.decided and "Sol Ring" in everything.undecided
    with pytest.raises(NotDecided):
        everything["Sol Ring"]
    answer = explain_could_produce(s, "Sol Ring")
    assert not answer.decided and answer.undecided
    decided = load_state_text(DECIDED)
    assert {t.value for t in could_produce(decided, "Forest")} == {"G"}
    assert explain_could_produce(decided, "Island").decided
