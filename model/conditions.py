"""Activation conditions ("Activate only if ..."): whether one holds now.

The condition kinds the card format has for activated abilities, each read the same way
by every solver (the activation solver reports it as a reason; the payment solver
decides whether a mana ability such as Mox Opal's may be used).

Rules
-----
CR 602.5: restrictions on when an ability may be activated; CR 602.1b: "activate only
if" text is part of the activation instructions. ``hand_size_less_than``: fewer than N
cards in your hand. ``controls_at_least``: you control N or more permanents matching
a filter (metalcraft, CR 702.80 ability words are just labels). ``your_turn``: during
your turn.
"""

from __future__ import annotations

from .abilities import Condition, ObjectFilter
from .characteristics import effective, matches
from .state import GameState

__all__ = ["CONDITION_KINDS", "condition_holds"]

#: The condition kinds an activated ability may have.
CONDITION_KINDS = ("hand_size_less_than", "controls_at_least", "your_turn")


def condition_holds(state: GameState, cond: Condition, player: str, source: str
                    ) -> tuple[bool, int] | None:
    """(holds, the number it looked at) for ``player`` activating ``source``'s ability,
    or None for a kind not in :data:`CONDITION_KINDS`.

    The number is the hand size, the count of matching permanents, or 0.
    """
    me = state.player(player)
    if cond.kind == "hand_size_less_than":
        return len(me.hand) < cond.params.int("count"), len(me.hand)
    if cond.kind == "controls_at_least":
        flt = cond.params.get("filter")
        if not isinstance(flt, ObjectFilter):
            flt = ObjectFilter()
        chars = effective(state)
        have = sum(1 for p in me.battlefield
                   if matches(flt, chars[p.id], p, state, player, source))
        return have >= cond.params.int("count"), have
    if cond.kind == "your_turn":
        return state.turn.active_player == player, 0
    return None
