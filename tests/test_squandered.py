"""Squandered Resources: "Sacrifice a land: Add one mana of any type the sacrificed land
could produce" (issue 16, point 3; XMage's ManaOptionsTest has the first two boards).

Each type it adds needs a land that could produce that type (CR 106.7, computed with the
could-produce solver); a land may tap for its own mana first and then be sacrificed
(CR 601.2g: mana abilities are activated before costs are paid), never twice (CR
701.21a). Which land is sacrificed is a cost choice, not another payment (as for every
sacrifice outlet). Expectations derived by hand.
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.solver.payments import payment_answer


def _board(lands: list[str]) -> str:
    return ("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: [Squandered Resources, "
            + ", ".join(lands) + "]\n")


@pytest.mark.cr("106.7")
@pytest.mark.cr("601.2g")
def test_tap_then_sacrifice_for_one_more() -> None:
    # Forest taps for {G} and is sacrificed for {G}; Mana Confluence taps for any color
    # (1 life) and is sacrificed for any color. {G}{G}{W}{U}: the Forest's two {G}, and
    # the Confluence's W and U either way round: 2 payments. Four mana at most.
    s = load_state_text(_board(["Forest", "Mana Confluence"]))
    a = payment_answer(s, "A", "{G}{G}{W}{U}")
    assert (a.payable, a.count, a.complete, a.left_out) == (True, 2, True, ())
    assert payment_answer(s, "A", "{5}").payable is False
    # {G}{G}: two of Forest, Confluence (as {G}), Squandered for {G} (either land):
    # {Forest, Confluence}, {Forest, S}, {Confluence, S}, {S, S}.
    assert payment_answer(s, "A", "{G}{G}").count == 4
    # Black only from the Confluence: twice (tap, then sacrifice), never three times.
    assert payment_answer(s, "A", "{B}{B}").count == 1
    assert payment_answer(s, "A", "{B}{B}{B}").payable is False


@pytest.mark.cr("106.7")
def test_four_lands_make_eight() -> None:
    # Each of four lands taps once and is sacrificed once: 8 mana, not 9. The payments
    # of {8} differ in the mana chosen: the taps give Forest {G}, Taiga {R} or {G},
    # Confluence any of five colors, Island {U} (10 ways); the four sacrifices give {G},
    # {U}, x in {R, G} and y in WUBRG, as a multiset: 5 with x = R, 4 more with x = G
    # ({G}{U}{G}{R} is already counted), 9. So 10 * 9 = 90.
    s = load_state_text(_board(["Forest", "Taiga", "Mana Confluence", "Island"]))
    assert payment_answer(s, "A", "{8}").count == 90
    assert payment_answer(s, "A", "{9}").payable is False


@pytest.mark.cr("106.7")
def test_a_dual_land_gives_either_of_its_types() -> None:
    # Taiga could produce {R} or {G}: tapped for one, sacrificed for either.
    s = load_state_text(_board(["Taiga"]))
    assert payment_answer(s, "A", "{R}{G}").count == 2  # tap R + sac G, tap G + sac R
    assert payment_answer(s, "A", "{R}{R}").count == 1
    assert payment_answer(s, "A", "{R}{G}{G}").payable is False
    assert payment_answer(s, "A", "{W}").payable is False
