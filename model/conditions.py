"""Conditions ("Activate only if ...", "If you control ..., add ... instead"): whether
one holds now.

The condition kinds the card format has for activated abilities, each read the same way
by every solver (the activation solver reports it as a reason; the payment solver
decides whether a mana ability such as Mox Opal's may be used).

Rules
-----
CR 602.5: restrictions on when an ability may be activated; CR 602.1b: "activate only
if" text is part of the activation instructions. The kinds are the generic ones of
:data:`manacheck.model.vocabulary.CONDITION_KINDS`: ``at_least`` / ``fewer_than`` compare
an amount with ``count`` (:func:`amount_now`: ``{cards: hand}``, the cards in your hand;
``{counters: KIND, of: self}``, the source's counters of a kind, CR 122.1: Pyramid of the
Pantheon, Gemstone Caverns' luck counter); ``controls_at_least``: you control N or more
permanents matching a filter (metalcraft, CR 702.80 ability words are just labels).
``your_turn``: during your turn; with ``before``, in a step before that one
(``declare_attackers``: CR 508.1; ``end``: Mana Cache's "only during their turn before
the end step", CR 500.1, 513). ``your_upkeep``: during your upkeep (CR 503).
``during_combat``: during the combat phase of any turn (CR 506.1). ``opponents_turn``:
during a turn that isn't yours (every other player is an opponent, CR 102.2).
``graveyard_at_least``: N or more cards in your graveyard. ``played_land_this_turn``: you
played a land this turn (CR 305.2; the state file's ``lands_played_this_turn``). "Your"
is the activating player's (CR 109.5).
:func:`chosen_production`: a mana ability's "instead" mana
(Urza's Tower).
"""

from __future__ import annotations

from collections.abc import Iterable

from .abilities import Condition, ManaProduction, ObjectFilter, Params
from .characteristics import effective, matches
from .mana import ManaType
from .state import GameState, Permanent, Phase

__all__ = ["CARD_TYPES", "CONDITION_KINDS", "POWER_CONDITIONS", "amount_now",
           "chosen_production",
           "condition_holds", "devotion", "total_power"]

#: The condition kinds an activated ability may have.
CONDITION_KINDS = ("at_least", "fewer_than", "controls_at_least", "your_turn",
                   "your_upkeep", "during_combat", "opponents_turn",
                   "graveyard_at_least", "source_attacking", "declare_blockers_step",
                   "source_attacked_this_turn", "total_power_at_least",
                   "graveyard_card_types_at_least", "different_powers_at_least",
                   "played_land_this_turn")
#: Conditions that read power (layer 7): the question then reads that family too.
POWER_CONDITIONS = ("total_power_at_least", "different_powers_at_least")
#: The card types (CR 205.2a), for "card types among cards in your graveyard".
CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant",
                        "Kindred", "Tribal", "Land", "Planeswalker", "Sorcery"})
#: The steps of a turn before attackers are declared (CR 500.1, 508.1).
_BEFORE_ATTACKERS = (Phase.UNTAP, Phase.UPKEEP, Phase.DRAW, Phase.PRECOMBAT_MAIN,
                     Phase.BEGINNING_OF_COMBAT)
#: The steps of the combat phase (CR 506.1).
COMBAT_STEPS = (Phase.BEGINNING_OF_COMBAT, Phase.DECLARE_ATTACKERS, Phase.DECLARE_BLOCKERS,
                Phase.COMBAT_DAMAGE, Phase.END_OF_COMBAT)

#: The steps of a turn before its end step (CR 500.1, 513): "only during their turn
#: before the end step" (Mana Cache).
_BEFORE_END = tuple(p for p in Phase if p not in (Phase.END, Phase.CLEANUP))
#: ``your_turn``'s ``before``: the steps before the one named.
_BEFORE = {"declare_attackers": _BEFORE_ATTACKERS, "end": _BEFORE_END}


def total_power(state: GameState, ids: Iterable[str]) -> int:
    """The total power of the creatures among ``ids`` (CR 208.3: a noncreature has none),
    each counted as it is: a negative power lowers the total (Atarka Beastbreaker's
    ruling: powers 4, 5 and -2 total 7; CR 107.1b clamps only a result, not a term).
    Formidable and crew (CR 702.122a) compare it."""
    chars = effective(state)
    return sum(chars[i].power or 0 for i in ids if chars[i].is_creature)


def condition_holds(state: GameState, cond: Condition, player: str, source: str
                    ) -> tuple[bool, int] | None:
    """(holds, the number it looked at) for ``player`` activating ``source``'s ability,
    or None for a kind not in :data:`CONDITION_KINDS`.

    The number is the hand size, the count of matching permanents, or 0.
    """
    me = state.player(player)
    if cond.kind in ("at_least", "fewer_than"):
        have = amount_now(state, cond.params.get("amount"), player, source)
        if have is None:
            return None
        n = cond.params.int("count")
        return (have >= n if cond.kind == "at_least" else have < n), have
    if cond.kind == "controls_at_least":
        flt = cond.params.get("filter")
        if not isinstance(flt, ObjectFilter):
            flt = ObjectFilter()
        chars = effective(state)
        have = sum(1 for p in me.battlefield
                   if matches(flt, chars[p.id], p, state, player, source))
        return have >= cond.params.int("count"), have
    if cond.kind == "your_turn":  # with "before": in a step before that one (CR 500.1)
        before = cond.params.str("before")
        if before and before not in _BEFORE:
            return None
        return (state.turn.active_player == player
                and (not before or state.turn.phase in _BEFORE[before])), 0
    if cond.kind == "graveyard_at_least":  # threshold: "seven or more cards are in your
        # graveyard" (threshold is an ability word, CR 207.2c)
        return len(me.graveyard) >= cond.params.int("count"), len(me.graveyard)
    if cond.kind == "your_upkeep":  # "Activate only during your upkeep" (CR 503)
        return state.turn.active_player == player and state.turn.phase is Phase.UPKEEP, 0
    if cond.kind == "during_combat":  # "Activate only during combat" (CR 506.1)
        return state.turn.phase in COMBAT_STEPS, 0
    if cond.kind == "opponents_turn":  # "during an opponent's turn": not yours (CR 102.2)
        return state.turn.active_player != player, 0
    if cond.kind == "source_attacking":  # "only if this is attacking" (CR 506.4)
        perm = state.get(source) if source in state else None
        return isinstance(perm, Permanent) and perm.attacking, 0
    if cond.kind == "source_attacked_this_turn":  # boast (CR 702.142a, 508.1)
        perm = state.get(source) if source in state else None
        return isinstance(perm, Permanent) and (perm.attacking
                                                or perm.attacked_this_turn), 0
    if cond.kind == "total_power_at_least":  # formidable (CR 207.2c ability word)
        total = total_power(state, [p.id for p in me.battlefield])
        return total >= cond.params.int("count"), total
    if cond.kind == "different_powers_at_least":  # coven
        chars = effective(state)
        powers = {chars[p.id].power for p in me.battlefield if chars[p.id].is_creature}
        return len(powers) >= cond.params.int("count"), len(powers)
    if cond.kind == "graveyard_card_types_at_least":  # delirium
        types = {t for c in me.graveyard for t in c.card.types if t in CARD_TYPES}
        return len(types) >= cond.params.int("count"), len(types)
    if cond.kind == "declare_blockers_step":  # "during the declare blockers step" (509)
        return state.turn.phase is Phase.DECLARE_BLOCKERS, 0
    if cond.kind == "played_land_this_turn":  # "If you played a land this turn" (305.2)
        return me.lands_played > 0, me.lands_played
    return None


def amount_now(state: GameState, amount: object, player: str, source: str) -> int | None:
    """The number an ``amount`` of a condition names on this board, for ``player``
    activating ``source``'s ability; None for an amount not read here
    (:data:`~manacheck.model.vocabulary.AMOUNT_KEYS`).

    ``{cards: hand}``: the cards in the player's hand (CR 402); ``{counters: KIND, on:
    self}``: the source's counters of that kind (``any``: of every kind), none off the
    battlefield (CR 122.1: counters are on permanents; CR 400.7).
    """
    if not isinstance(amount, Params):
        return None
    if amount.items == (("cards", "hand"),):
        return len(state.player(player).hand)
    if "counters" in amount and amount.get("of") == "self" and len(amount.items) == 2:
        if source not in state or state.zone_of(source) != "battlefield":
            return 0
        have = state.permanent(source).counters
        kind = amount.str("counters")
        return sum(n for _, n in have.items) if kind == "any" else have[kind]
    return None


def chosen_production(state: GameState, source: str, player: str,
                      prod: ManaProduction) -> ManaProduction | None:
    """What a mana ability adds on this board: its ``instead`` production when every
    condition of ``instead_if`` holds, else its own; None when a condition is of a
    kind manacheck can't decide (the caller treats the mana as unmodelled).

    Rules
    -----
    CR 605.3b: a mana ability resolves immediately, on the board it is activated on.
    CR 614.1a: "instead" replaces what it would add.
    """
    if prod.instead is None:
        return prod
    for cond in prod.instead_if:
        held = condition_holds(state, cond, player, source)
        if held is None:
            return None
        if not held[0]:
            return prod
    return prod.instead


def devotion(state: GameState, player: str, colors: frozenset[ManaType]) -> int:
    """``player``'s devotion to ``colors`` (CR 700.5): the mana symbols among the mana
    costs of the permanents they control that are of any of those colors (a hybrid
    symbol counts once, for each of its colors; Phyrexian and {2/G} symbols are
    colored; generic and {C} are not). CR 700.5a: the mana costs after copy effects,
    which manacheck's states don't have, so the printed ones (the back face of a
    transforming card has none, CR 712.8e).
    """
    return sum(1 for p in state.player(player).battlefield
               if p.card.mana_cost is not None
               for sym in p.card.mana_cost if set(sym.colors) & colors)
