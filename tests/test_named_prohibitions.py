"""Pithing Needle and Phyrexian Revoker: "Activated abilities of sources with the chosen
name can't be activated [unless they're mana abilities]." (CR 602.5, 605.1a, 614.12).

Pithing Needle's rulings: it "affects cards regardless of what zone they're in. This
includes cards in hand" (a player can't cycle a named card); "If you name a card that
has both a mana ability and another activated ability, the mana ability can be activated
but the other ability can't be activated." Phyrexian Revoker has no "unless": a mana
ability is an activated ability (605.1a), so it stops those too. Each verdict is derived
by hand from those texts.
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer


def board(their_battlefield: str, hand: str = "") -> GameState:
    return load_state_text(f"""
turn: {{active_player: A}}
players:
  A:
    hand: [{hand}]
    battlefield:
      - {{card: Mind Stone, id: stone}}
      - {{card: Sol Ring, id: ring}}
      - {{card: Island, id: island}}
  B:
    battlefield:
{their_battlefield}
""")


def legal(state: GameState, object_id: str, ability: int) -> bool | None:
    return can_activate(state, object_id, ability, "A", count_ways=False,
                        find_fixes=False).legal


NEEDLE = "      - {card: Pithing Needle, chosen: {name: Mind Stone}}\n"


@pytest.mark.cr("602.5", "605.1a")
def test_pithing_needle_stops_the_named_cards_other_abilities() -> None:
    s = board(NEEDLE)
    assert legal(s, "stone", 1) is True    # {T}: Add {C}. (a mana ability)
    assert legal(s, "stone", 2) is False   # {1}, {T}, Sacrifice: Draw a card.
    assert legal(s, "ring", 1) is True     # another name


@pytest.mark.cr("602.5")
def test_pithing_needle_reaches_a_card_in_hand() -> None:
    s = board("      - {card: Pithing Needle, chosen: {name: Lonely Sandbar}}\n",
              hand="Lonely Sandbar")
    sandbar = s.player("A").hand[0].id
    verdict = can_activate(s, sandbar, None, "A", count_ways=False, find_fixes=False)
    assert verdict.legal is False
    assert any(r.rule == "602.5" for r in verdict.reasons)
    # Without a name chosen in the state, which name it has isn't known: not decided,
    # naming the Needle; another Needle's name doesn't matter.
    s = board("      - {card: Pithing Needle}\n", hand="Lonely Sandbar")
    verdict = can_activate(s, s.player("A").hand[0].id, None, "A", count_ways=False,
                           find_fixes=False)
    assert verdict.legal is None
    assert [u.object_id for u in verdict.unapplied] == ["Pithing Needle"]
    s = board("      - {card: Pithing Needle, chosen: {name: Sol Ring}}\n",
              hand="Lonely Sandbar")
    verdict = can_activate(s, s.player("A").hand[0].id, None, "A", count_ways=False,
                           find_fixes=False)
    assert verdict.legal is True


@pytest.mark.cr("602.5", "605.1a")
def test_phyrexian_revoker_stops_mana_abilities_too() -> None:
    s = board("      - {card: Phyrexian Revoker, chosen: {name: Sol Ring}}\n")
    assert legal(s, "ring", 1) is False
    # {2}: Sol Ring can't help; Mind Stone and the Island make 2 (one way).
    a = payment_answer(s, "A", "{2}")
    assert a.payable is True and a.count == 1
    assert payment_answer(s, "A", "{3}").payable is False
