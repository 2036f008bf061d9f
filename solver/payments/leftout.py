"""Why the payment solver leaves a mana ability out although it might be activated.

A source the solver can't model exactly (its mana, a cost part, a condition, a rider
that changes life while paying) is *left out*, and said so: every answer is then a
lower bound, and "not payable" becomes "not decided" (never a guess).

Rules
-----
CR 601.2g-h, 119.4: mana abilities are activated before the total cost is paid. CR
107.4h: {S}. CR 701.17b: mill. CR 106.6: spending restrictions. CR 107.3: X.
"""

from __future__ import annotations

from manacheck.model import (
    ActivatedAbility,
    CostKind,
    ManaProductionKind,
    Permanent,
    TriggeredAbility,
    effective,
)
from manacheck.model.effects import TRIGGER_MANA_EVENTS

from .. import produce
from ..replacement import replacement_sources
from .board import Board
from .graveyard import graveyard_why
from .kinds import POOL_COPY_WHY, UNMODELLED_WHY, LeftOut, not_generic
from .riders import changes_your_life, life_order_irrelevant, mill_total

__all__ = ["mana_events_plain", "one_activation_enough", "per_unit_repeatable", "unmodelled"]

_SUPPORTED_COSTS = {CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF, CostKind.PAY_LIFE,
                    CostKind.REMOVE_COUNTERS, CostKind.TAP_UNTAPPED, CostKind.REVEAL,
                    CostKind.MILL, CostKind.EXERT_SELF}


#: Productions whose X units are each chosen on their own ("X mana in any combination of
#: {W} and/or {U}", "... of colors", "{C} for each counter removed"): one activation
#: removing X counters can make whatever several removing X in all make.
_PER_UNIT = (ManaProductionKind.CHOICE, ManaProductionKind.FIXED,
             ManaProductionKind.ANY_COLOR)


def per_unit_repeatable(ab: ActivatedAbility) -> bool:
    """Whether a repeatable mana ability is a storage land's "{1}, Remove X storage
    counters: Add X mana in any combination of {W} and/or {U}" (Calciform Pools): X
    counters removed, X mana each unit chosen on its own, nothing else in its cost or
    effect (see :func:`one_activation_enough`)."""
    prod = ab.mana
    if prod is None or prod.amount_of != "X" or prod.amount_plus or ab.effects \
            or prod.kind not in _PER_UNIT or (prod.kind is ManaProductionKind.ANY_COLOR
                                              and prod.amount != 1) \
            or ab.tap or ab.untap or ab.mana_cost.has_variable or prod.instead is not None:
        return False
    return [c.kind for c in ab.costs] == [CostKind.REMOVE_COUNTERS] \
        and ab.costs[0].count == "X"


def mana_events_plain(b: Board) -> bool:
    """Whether no mana replacement effect and no resolved spell's triggered mana ability
    could act on a mana event (High Tide's trigger, Pale Moon's replacement; CR 106.12b,
    605.1b)."""
    return not (replacement_sources(b.state) or any(
        isinstance(a, TriggeredAbility) and a.event in TRIGGER_MANA_EVENTS
        for e in b.state.effects for a in e.card.abilities))


def one_activation_enough(b: Board, ab: ActivatedAbility, mana_triggers: bool) -> bool:
    """Whether one activation of a repeatable mana ability ("{1}, Remove X storage
    counters: Add X mana in any combination of {W} and/or {U}", Calciform Pools) does
    whatever several would for paying a cost, so that using it once leaves the verdict
    exact and only the count a lower bound.

    Several activations removing X1 + ... + Xk counters pay the mana cost k times and add
    X1 + ... + Xk mana, each unit chosen on its own; one activation removing all of them
    (CR 107.3, 118.3) pays it once and can add the same mana, leaving more. That fails
    when each activation gets something of its own: an amount plus one (the Mana
    Batteries), one color per activation, a rider, another cost part, or an effect on
    each mana event (a mana replacement effect or a triggered mana ability, CR 106.12,
    605.1b: Caged Sun adds one per activation; ``mana_triggers``: a triggered mana
    ability on the board that this ability sets off, as ``sources.collect`` found; then
    ``storage.sequence_events`` may list its sequences of activations instead). Those
    stay left out."""
    return per_unit_repeatable(ab) and not mana_triggers and mana_events_plain(b)


def _this_turn_why(b: Board, perm: Permanent, ab: ActivatedAbility) -> str:
    """Why an amount counted over the turn ("the amount of life you gained this turn",
    "for each card you've drawn this turn") can't be used: the state doesn't give it, or
    another of the player's mana abilities could add to it while paying (CR 601.2g: a
    mana ability that gains life or draws a card, activated first); "" if it can."""
    assert ab.mana is not None
    what = ab.mana.amount_of
    counted = f"what it adds counts the {what.replace('_', ' ')} this turn (CR " + (
        "119.3)" if what == "life_gained" else "121.1)")
    if produce.this_turn_unknown(b.state, perm, ab.mana):
        return (f"{counted}, which the state doesn't give (players.{perm.controller}."
                f"{produce.THIS_TURN[what]})")
    grows = ("gain_life",) if what == "life_gained" else ("draw", "draw_up_to")
    chars = effective(b.state)
    sources = [(p.id, chars[p.id].activated) for p in b.player.battlefield]
    sources += [(c.id, c.card.activated_abilities) for c in b.player.hand]
    for oid, abilities in sources:
        if any(a.is_mana_ability and e.kind in grows and "at" not in e.params
               for a in abilities for e in a.effects):
            return (f"{counted}, which {oid}'s mana ability could add to while paying (CR "
                    "601.2g), and the payment solver doesn't order that")
    return ""


def unmodelled(b: Board, perm: Permanent | None, ab: ActivatedAbility,
                unknown_condition: bool) -> LeftOut | None:
    """Why the payment solver can't use an ability it might be able to activate: then
    the source is left out and every answer is a lower bound (never a guess)."""
    if ab.mana is not None and ab.mana.amount_of in produce.THIS_TURN and perm is not None:
        turn_why = _this_turn_why(b, perm, ab)
        if turn_why:
            return LeftOut(turn_why)
    if ab.mana is not None and ab.mana.kind is ManaProductionKind.POOL_COPY:
        return LeftOut(POOL_COPY_WHY)
    if ab.mana is not None and (ab.mana.kind is ManaProductionKind.UNMODELLED or (
            perm is not None and produce.unmodelled_now(b.state, perm, ab.mana))):
        return LeftOut(UNMODELLED_WHY)
    if not (ab.tap or ab.untap or any(c.kind is CostKind.SACRIFICE_SELF for c in ab.costs)) \
            and any(b.life_payable(s) for s in ab.mana_cost):
        # K'rrik: 2 life may pay a {B} in this ability's cost too (its ruling: "any
        # cost you pay"; CR 107.4f for a Phyrexian symbol). The exact check pays an
        # activation's symbols with life (``exact.slots_for``), but how often a
        # repeatable one may be activated is bounded by the mana that could pay it
        # (``sources.repeat_filters``), which life would escape.
        return LeftOut("2 life may pay a symbol of its mana cost (K'rrik, Son of "
                       "Yawgmoth, or Phyrexian mana, CR 107.4f), and how often it may then "
                       "be activated (CR 602.1) is not modelled")
    if ab.mana is not None and (why := b.spend_unknown(ab.mana.restriction)):
        return LeftOut(why)
    if any(e.kind == "other" for e in ab.effects):
        # An effect kept as unread text could change anything the payment reads.
        return LeftOut("an effect of it is unread text, which the payment solver can't "
                       "apply")
    if any(changes_your_life(e) for e in ab.effects) and b.pays_life \
            and not life_order_irrelevant(b):
        # CR 601.2g-h, 119.4: mana abilities are activated before the cost is paid, so
        # the life a painland's damage takes is gone (and the life Pristine Talisman
        # gains is there) when 2 life would pay a Phyrexian symbol or "Pay 1 life" a
        # cost; the payment solver doesn't track that order.
        return LeftOut("its mana changes your life (damage, life loss or gain) before "
                       "life is paid, which the payment solver doesn't model (CR "
                       "601.2g-h, 119.4)")
    if ab.mana is not None and not_generic(ab.mana.restriction) and b.snow_matters \
            and perm is not None and effective(b.state)[perm.id].is_snow:
        # CR 107.4h sets {S} apart from generic mana ("effects that reduce the amount
        # of generic mana you pay don't affect {S} costs"); Jegantha's ruling calls a
        # generic mana cost "any cost requiring mana where that cost isn't {C}, {W},
        # {U}, {B}, {R}, or {G}". Whether its mana pays {S} is not decided.
        return LeftOut("its mana can't be spent to pay generic mana costs, and whether "
                       "{S} is one (CR 107.4h) is not decided by manacheck")
    if unknown_condition and ab.condition is not None:
        return LeftOut(f"its condition '{ab.condition.kind}' is not modelled by the "
                        f"payment solver")
    if any(c.kind is CostKind.MILL for c in ab.costs) and (
            not (ab.tap or ab.untap) or mill_total(b) > b.player.library_size):
        # CR 701.17b: every mill in one payment comes out of the same library, which
        # the payment solver doesn't share out between sources.
        return LeftOut("its cost mills cards, and the mill costs that could be paid "
                       "together ask for more cards than your library has (CR 701.17b), "
                       "which the payment solver doesn't share out")
    for c in ab.costs:
        if c.kind is CostKind.SACRIFICE and ab.mana is not None and (
                (ab.mana.could_produce is not None and ab.mana.could_produce.lands
                 != "sacrificed") or ab.mana.per_sacrificed_mana_value):
            return LeftOut("what it adds depends on the permanent it sacrifices")
        if c.kind is CostKind.SACRIFICE and perm is not None and isinstance(c.count, int):
            continue  # a sacrifice outlet (Ashnod's Altar): see outlets.sacs_fit
        if c.kind is CostKind.EXILE_FROM_GRAVEYARD:
            # Titans' Nest: as often as it has cards to exile (``graveyard``)
            why = graveyard_why(b, perm, ab)
            if why:
                return LeftOut(why)
            continue
        if c.kind not in _SUPPORTED_COSTS:
            return LeftOut(f"its cost part '{c.text}' is not modelled by the payment "
                            f"solver")
        if c.kind is CostKind.REMOVE_COUNTERS and c.count == "X" and ab.mana is not None \
                and ab.mana.amount_of == "X" and (ab.tap or ab.untap or ab.mana_cost):
            # Mage-Ring Network: one activation per permanent ({T}), one option per X
            # from 1 to its counters (``produce.base_outcomes``; CR 107.3, 118.3). A
            # storage land's "{1}, Remove X storage counters" is used at most once per
            # payment (its options share one activation, ``Group.blocks``), and since
            # it could be activated again, its source is left out (see ``collect``).
            continue
        if not isinstance(c.count, int):
            return LeftOut(f"its cost part '{c.text}' has a variable amount")
    if ab.mana_cost.has_variable:
        return LeftOut("its mana cost has X")
    return None
