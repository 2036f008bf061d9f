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
from manacheck.model.effects import Family

from ..soundness import Question, unapplied
from .board import Board

__all__ = ["changes_your_life", "life_order_irrelevant", "mill_total", "once_more"]


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


#: What could change how much life a mana ability's damage or loss takes: damage
#: replacement and prevention, "can't lose life" (CR 615, 614, 119.7-119.8).
_LIFE_READER = Question("life order", frozenset({Family.DAMAGE, Family.LIFE}), frozenset())


def _life_taken(ab: ActivatedAbility) -> int | None:
    """The life one activation of a mana ability takes from its controller at most: its
    "Pay N life" and the damage or life loss its effects deal them (CR 119.3, 119.4);
    None when an amount isn't a fixed number or an effect is nested."""
    total = 0
    for part in ab.costs:
        if part.kind is CostKind.PAY_LIFE:
            if not isinstance(part.count, int):
                return None
            total += part.count
    for eff in ab.effects:
        if not changes_your_life(eff):
            continue
        if eff.kind == "gain_life":
            continue  # (gaining can't make a life payment unaffordable)
        amount = eff.params.get("amount")
        if eff.kind not in ("deal_damage", "lose_life") or not isinstance(amount, int):
            return None
        total += amount
    return total


def life_order_irrelevant(b: Board) -> bool:
    """Whether the order of life paid and of damage and life loss from mana abilities
    can't matter to this payment: each ability that takes life can be activated once
    at most (a {T} or {Q} cost, or it sacrifices itself; CR 107.5), and everything all
    of them and the cost's Phyrexian symbols (2 life each, CR 107.4f) could take
    together is less than the player's life, so every life payment is affordable in any
    order (CR 119.4) and life never reaches 0 while paying. Nothing on the board may
    change damage or life loss (prevention, doubling, "can't lose life": families
    damage and life), and what is paid for pays no life of its own.

    Examples: Talisman of Dominance and Mana Confluence at 20 life (1 + 1 < 20).
    """
    if b.pays_life_for_object or unapplied(b.state, _LIFE_READER):
        return False
    chars = effective(b.state)
    total = 2 * b.phyrexian
    for perm in b.state.permanents:
        for ab in chars[perm.id].activated:
            if not ab.is_mana_ability or (perm.controller != b.player.name
                                          and not ab.any_player):
                continue
            taken = _life_taken(ab)
            if taken is None:
                return False
            if not taken:
                continue
            once = ab.tap or ab.untap or any(c.kind is CostKind.SACRIFICE_SELF
                                             for c in ab.costs)
            if not once or any(b.life_payable(sym) for sym in ab.mana_cost):
                return False
            total += taken
    return total < b.life


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
