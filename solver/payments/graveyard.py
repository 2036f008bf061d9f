"""Mana abilities whose cost exiles cards from a graveyard (Titans' Nest: "Exile a card
from your graveyard: Add {C}. Spend this mana only to cast a colored spell without {X}
in its mana cost.").

Such an ability may be activated as often as its cost can be paid (CR 602.1, 118.3):
once per card it may exile. The cards come out of one graveyard, so the count is exact
only when nothing else in the payment touches those cards: no other mana ability that
exiles from a graveyard (they would share the cards out), none that could put a card
into a graveyard while paying (a discard, mill or sacrifice cost, a rider that
sacrifices, destroys, discards or mills: it would give more to exile, CR 601.2g), no
delve on the spell paid for (CR 702.66a: it exiles the same cards), and no graveyard
cost on the ability paid for. Otherwise the source is left out and said (answers are
lower bounds, never a guess). A card being cast from a graveyard is on the stack while
its cost is paid (CR 601.2a), so it is not among the cards.

Rules
-----
CR 118.3: a cost can't be paid without the resources. CR 404.1: a graveyard. CR 601.2a,
601.2g-h, 602.1, 702.66a.
"""

from __future__ import annotations

from manacheck.model import (
    ActivatedAbility,
    CostKind,
    Permanent,
    Zone,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.abilities import CostPart

from .board import Board

__all__ = ["graveyard_cards", "graveyard_why"]

#: Cost parts of another mana ability that put cards into a graveyard while paying.
_FEEDING_COSTS = frozenset({CostKind.DISCARD, CostKind.DISCARD_HAND, CostKind.DISCARD_RANDOM,
                            CostKind.DISCARD_SELF, CostKind.MILL, CostKind.SACRIFICE})
#: Effect kinds of the vocabulary (``model.vocabulary.EFFECT_KINDS``) that never put a
#: card into a graveyard while paying (damage kills only through state-based actions,
#: which aren't checked while a cost is paid, CR 704.3; tokens aren't cards, CR
#: 111.1): any other effect of another mana ability could.
_SAFE_EFFECTS = frozenset({"add_mana", "gain_life", "lose_life", "deal_damage", "draw",
                           "draw_up_to", "scry", "put_counters", "remove_counters", "tap",
                           "untap", "doesnt_untap", "pump", "gain_keyword", "set_color",
                           "cant_block", "reveal", "when_spent", "create_tokens"})


def graveyard_cards(b: Board, part: CostPart, source_id: str) -> int:
    """How many cards ``part`` ("Exile a card from your graveyard") could exile: the
    cards in the graveyards it names that match its filter, less the card being cast
    (CR 601.2a)."""
    state = b.state
    n = 0
    for p in state.players:
        for card in p.graveyard:
            if card.id == b.for_object:
                continue
            if matches(part.filter, object_characteristics(state, card.id), card, state,
                       b.player.name, source_id):
                n += 1
    return n


def _exiles_from_graveyard(ab: ActivatedAbility) -> bool:
    return any(c.kind is CostKind.EXILE_FROM_GRAVEYARD for c in ab.costs)


def _feeds_graveyard(ab: ActivatedAbility, perm: Permanent | None) -> bool:
    """Whether activating ``ab`` (of ``perm``; None: a card in hand) could put a card
    into a graveyard: a discard, mill or sacrifice cost, sacrificing itself (a
    nontoken), or such an effect."""
    for c in ab.costs:
        if c.kind in _FEEDING_COSTS:
            return True
        if c.kind is CostKind.SACRIFICE_SELF and (perm is None or not perm.token):
            return True
    return any(e.kind not in _SAFE_EFFECTS for e in ab.effects)


def graveyard_why(b: Board, perm: Permanent | None, ab: ActivatedAbility) -> str:
    """Why a mana ability whose cost exiles cards from a graveyard can't be counted
    exactly on this board ("" when it can; module docstring)."""
    parts = [c for c in ab.costs if c.kind is CostKind.EXILE_FROM_GRAVEYARD]
    if len(parts) != 1 or not isinstance(parts[0].count, int) or parts[0].count < 1:
        return "its cost exiles cards from a graveyard in a way not modelled (CR 118.3)"
    if perm is None:
        return ("its cost exiles cards from a graveyard and it works from the hand (CR "
                "118.3)")
    chars = effective(b.state)
    mine: list[tuple[Permanent | None, ActivatedAbility]] = [
        (p, a) for p in b.player.battlefield for a in chars[p.id].activated]
    mine += [(None, a) for c in b.player.hand for a in c.card.activated_abilities
             if a.zone is Zone.HAND]
    for p, other in mine:
        if other is ab and p is perm:
            continue
        if not other.is_mana_ability:
            continue
        if _exiles_from_graveyard(other):
            return ("another mana ability also exiles cards from a graveyard, and the "
                    "payment solver doesn't share the cards out between them (CR 118.3)")
        if _feeds_graveyard(other, p):
            return ("another mana ability could put cards into a graveyard while paying "
                    "(CR 601.2g), which would give it more cards to exile")
    card = b.spell_card
    if card is not None and any(k.strip().lower() == "delve" for k in card.keywords):
        return ("delve exiles cards from your graveyard to pay for the spell (CR "
                "702.66a), the same cards it would exile")
    if b.for_object is not None and b.is_ability:
        obj = b.state.get(b.for_object)
        abilities = effective(b.state)[obj.id].activated if isinstance(obj, Permanent) \
            else getattr(getattr(obj, "card", None), "activated_abilities", ())
        if any(_exiles_from_graveyard(a) for a in abilities):
            return ("the ability paid for may exile cards from a graveyard too, and the "
                    "payment solver doesn't share the cards out (CR 118.3, 601.2h)")
    return ""
