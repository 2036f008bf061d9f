"""Mana abilities whose mana depends on a condition: "add ... instead" (issue 16, point
4; CR 605.3b, 614.1a).

Urza's Tower adds {C}, or {C}{C}{C} if you control an Urza's Mine and an Urza's
Power-Plant; Mine and Power Plant add {C}, or {C}{C} with the other two; Gemstone
Caverns adds {C}, or one mana of any color with a luck counter on it. The condition is
read on the board the ability is activated on (a mana ability resolves at once, CR
605.3b). Answers derived by hand.
"""

from __future__ import annotations

import pytest
from manacheck.model import ManaType, load_state_text
from manacheck.model.errors import BadInput
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import could_produce

from manacheck.cli import main


def _board(perms: list[str], extra: str = "") -> str:
    return ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: ["
            + ", ".join(perms) + "]\n" + extra)


TOWER, MINE, PLANT = '"Urza\'s Tower"', '"Urza\'s Mine"', '"Urza\'s Power Plant"'


@pytest.mark.cr("614.1a")
def test_urzas_tower_alone_adds_one_colorless() -> None:
    # Issue 16 (XMage's tests of the Urza lands): no Mine, no Power Plant: {C}, decided.
    s = load_state_text(_board([TOWER]))
    a = payment_answer(s, "A", "{1}")
    assert (a.payable, a.count, a.complete, a.left_out) == (True, 1, True, ())
    assert payment_answer(s, "A", "{2}").payable is False


@pytest.mark.cr("614.1a")
def test_the_three_urza_lands_make_seven() -> None:
    # Tower 3 + Mine 2 + Power Plant 2 = 7: {7} in one way, {8} in none. {6}: all three
    # with one mana of a multi-mana activation left over (each gives at least one), one
    # way; any two make at most 5.
    s = load_state_text(_board([TOWER, MINE, PLANT]))
    assert payment_answer(s, "A", "{7}").count == 1
    assert payment_answer(s, "A", "{8}").payable is False
    assert payment_answer(s, "A", "{6}").count == 1
    # Two of the three: each adds {C} only. Tower and Mine make 2.
    s2 = load_state_text(_board([TOWER, MINE]))
    assert payment_answer(s2, "A", "{2}").count == 1
    assert payment_answer(s2, "A", "{3}").payable is False


@pytest.mark.cr("106.7")
def test_could_produce_is_colorless_either_way() -> None:
    s = load_state_text(_board([TOWER, MINE, PLANT]))
    assert {could_produce(s, p.id) for p in s.permanents} == {frozenset({ManaType.C})}


@pytest.mark.cr("614.1a")
@pytest.mark.cr("122.1")
def test_gemstone_caverns_with_and_without_a_luck_counter() -> None:
    plain = load_state_text(_board(["Gemstone Caverns"]))
    assert payment_answer(plain, "A", "{C}").count == 1
    assert payment_answer(plain, "A", "{W}").payable is False
    lucky = load_state_text(_board(["{card: Gemstone Caverns, counters: {luck: 1}}"]))
    assert payment_answer(lucky, "A", "{W}").count == 1
    assert payment_answer(lucky, "A", "{1}").count == 5  # one mana of any color
    assert payment_answer(lucky, "A", "{C}").payable is False


CUSTOM = """
cards:
  - name: Odd Land
    types: [Land]
    abilities:
      - activated:
          cost: "{T}"
          mana: {add: "{C}", instead: {if: [{kind: full_moon}], add: "{C}{C}"}}
          text: "{T}: Add {C}. If the moon is full, add {C}{C} instead."
"""


def test_instead_needs_known_conditions(tmp_path: object,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # A mana amount is never a guess: a condition kind manacheck doesn't know, or no
    # conditions at all, is bad input naming the key (one line, exit 2).
    from pathlib import Path
    for bad, where, hint in (
            (CUSTOM, "unknown condition kind 'full_moon'", "controls_at_least"),
            (CUSTOM.replace("if: [{kind: full_moon}], ", ""), "instead", "'if'")):
        with pytest.raises(BadInput, match=where):
            load_state_text(_board(["Odd Land"], bad))
        path = Path(str(tmp_path)) / "bad.yaml"
        path.write_text(_board(["Odd Land"], bad), encoding="utf-8")
        assert main(["validate", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and where in err and hint in err
