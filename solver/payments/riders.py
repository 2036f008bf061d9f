"""What the payment solver reads of mana abilities' riders and limits.

:func:`changes_your_life`: a rider that changes its controller's life total, which
matters when life pays part of the cost (CR 601.2g-h, 119.4). :func:`mill_total`: the
cards the mill costs of one payment would mill together (CR 701.17b).
:func:`once_more`: an ability that may be activated only once more this turn (CR
602.5b).
"""

from __future__ import annotations

from manacheck.model import ActivatedAbility, CostKind, Permanent, effective
from manacheck.model.abilities import Effect, Params

from .board import Board

__all__ = ["changes_your_life", "mill_total", "once_more"]


#: Effects that change a player's life total (CR 119.3, 120.3a): damage, loss, gain.
_LIFE_KINDS = frozenset({"deal_damage", "lose_life", "gain_life"})


def changes_your_life(eff: Effect) -> bool:
    """Whether an effect of a mana ability may change its controller's life total
    (CR 119.3): damage to them, life loss or gain, also under a condition ("if you
    control a Nissa planeswalker") or nested in another effect; only "each opponent"
    leaves them out. Delayed effects (``at``, CR 603.7) happen after the payment."""
    if "at" in eff.params:
        return False
    if eff.kind in _LIFE_KINDS:
        return eff.params.get("who") != "each_opponent"
    return any(isinstance(v, Params) and v.get("kind") in _LIFE_KINDS
               for _, v in eff.params.items)


def mill_total(b: Board) -> int:
    """The cards every mill cost of the payer's mana abilities, and of the object paid
    for, would mill together (CR 701.17b): each activated once."""
    chars = effective(b.state)
    ids = [p.id for p in b.player.battlefield]
    if b.for_object is not None and b.for_object in b.state \
            and b.state.zone_of(b.for_object) == "battlefield" \
            and b.for_object not in ids:
        ids.append(b.for_object)
    total = sum(int(c.count) for i in ids for ab in chars[i].activated
                for c in ab.costs if c.kind is CostKind.MILL and isinstance(c.count, int)
                and (ab.mana is not None or i == b.for_object))
    obj = b.state.get(b.for_object) if b.for_object is not None \
        and b.for_object in b.state else None
    if obj is not None and not isinstance(obj, Permanent) and hasattr(obj, "card") \
            and obj.card is not None:
        total += sum(int(c.count) for ab in obj.card.activated_abilities
                     for c in ab.costs if c.kind is CostKind.MILL
                     and isinstance(c.count, int))
    return total


def once_more(b: Board, perm: Permanent, ab: ActivatedAbility, number: int) -> bool:
    """Whether the ability may be activated only once more this turn (CR 602.5b): then
    its one modelled activation is all of them."""
    return ab.activations_left(b.state.activated_this_turn, perm.id, number) == 1
