"""Mana events: what one activation of a mana ability adds, before replacement effects.

Rules
-----
CR 106.1, 106.4: mana and its types. CR 106.5: an ability that would produce an
undefined type produces nothing. CR 605.1a: mana abilities. CR 107.3: X (amounts that
count something on the battlefield).
"""

from __future__ import annotations

import itertools
import math

from manacheck.model import (
    COLORS,
    MANA_TYPES,
    ActivatedAbility,
    CostKind,
    GameState,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    Permanent,
    effective,
    matches,
)
from manacheck.model.conditions import chosen_production, devotion
from manacheck.model.errors import BadInput

from ..replacement import (
    EnumerationLimit,
)

__all__ = [
    "MAX_EVENTS",
    "ManaEvent",
    "UnmodelledMana",
    "base_outcomes",
    "check_events",
    "colors_among",
    "count_per",
    "production_now",
    "sacrifice_candidates",
    "sorted_event",
    "unmodelled_now",
]


#: One mana production event: the mana added, as a sorted tuple (a multiset).
ManaEvent = tuple[ManaType, ...]


def sorted_event(types: tuple[ManaType, ...] | list[ManaType]) -> ManaEvent:
    return tuple(sorted(types, key=lambda t: t.order))


def count_per(state: GameState, source: Permanent, prod: ManaProduction) -> int:
    """How many times ``per`` multiplies the production ("for each Swamp you control"),
    or ``amount_of`` gives the FIXED mana's count ("an amount of {G} equal to your
    devotion to green", CR 700.5; "... equal to Marwyn's power", which is never less
    than 0 mana, CR 107.1b)."""
    if prod.amount_of == "power":
        return max(effective(state)[source.id].power or 0, 0)
    if prod.amount_of == "X":
        # The types it could produce ignore whether its cost could be paid (CR 106.7):
        # with X at least 1 it adds its mana. (What it adds now: ``base_outcomes``.)
        return 1
    if prod.amount_of == "devotion" and prod.kind is ManaProductionKind.FIXED:
        return devotion(state, source.controller, frozenset(prod.mana))
    if prod.per is None:
        return 1
    chars = effective(state)
    return sum(
        1
        for p in state.permanents
        if matches(prod.per, chars[p.id], p, state, source.controller, source.id)
    )


def sacrifice_candidates(state: GameState, perm: Permanent, ab: ActivatedAbility
                         ) -> tuple[str, ...]:
    """The permanents an ability's "Sacrifice a ..." cost could sacrifice: its
    controller's, fitting the filter (CR 701.21a)."""
    chars = effective(state)
    flts = [c.filter for c in ab.costs if c.kind is CostKind.SACRIFICE]
    return tuple(p.id for p in state.permanents if p.controller == perm.controller
                 and any(matches(f, chars[p.id], p, state, perm.controller, perm.id)
                         for f in flts))


def base_outcomes(
    state: GameState,
    source: Permanent,
    prod: ManaProduction,
    could_produce_types: frozenset[ManaType] = frozenset(),
) -> frozenset[ManaEvent]:
    """The mana events an ability's production could add before replacement effects.

    ``could_produce_types`` is the set of types a COULD_PRODUCE ability may choose
    from (computed by the could-produce solver); an empty set means the ability
    produces nothing (CR 106.5, 106.7).
    """
    prod = production_now(state, source, prod)
    k = prod.kind
    if prod.amount_of == "X":
        # "Remove any number of storage counters: Add {C} for each counter removed this
        # way" (Mage-Ring Network): X is chosen as the cost is paid, from 0 to the
        # counters on it (CR 107.3, 118.3, 601.2b via 602.2b); X = 0 adds nothing.
        most = source.counters[prod.x_counter]
        check_events(most, source)
        return frozenset(sorted_event(list(prod.mana) * x) for x in range(1, most + 1)
                         if prod.mana)
    n = count_per(state, source, prod)
    if k is ManaProductionKind.CHOICE and n:
        check_events(math.comb(len(prod.options) + n - 1, n), source)
    if k is ManaProductionKind.ANY_COLOR:
        check_events(math.comb(5 + prod.amount * n - 1, prod.amount * n), source)
    if k is ManaProductionKind.FIXED:
        return frozenset({sorted_event(list(prod.mana) * n)}) if prod.mana and n else frozenset()
    if k is ManaProductionKind.CHOICE:
        if n == 0:
            return frozenset()
        # "for each" with a choice: each repetition chooses independently.
        return frozenset(
            sorted_event([t for opt in combo for t in opt])
            for combo in itertools.combinations_with_replacement(prod.options, n)
        )
    amount = prod.amount * n
    if amount == 0:
        return frozenset()
    if k is ManaProductionKind.ANY_COLOR:
        return frozenset(
            sorted_event(list(c)) for c in itertools.combinations_with_replacement(COLORS, amount)
        )
    if k is ManaProductionKind.ONE_COLOR:
        if prod.amount_of == "devotion":  # "... of that color equal to your devotion
            return frozenset(  # to that color" (Nykthos; none where it is 0, CR 106.5)
                (c,) * d for c in COLORS
                if (d := devotion(state, source.controller, frozenset({c}))))
        return frozenset((c,) * amount for c in COLORS)
    if k is ManaProductionKind.CHOSEN_COLOR:
        out: set[ManaEvent] = set()
        if prod.or_add:  # "Add {R} or one mana of the chosen color" (Thriving Bluff)
            out.add(sorted_event(prod.or_add))
        chosen = source.choice("color")
        if chosen is not None:  # (none chosen: CR 106.5, undefined type, no mana)
            out.add((ManaType[chosen],) * amount)
        return frozenset(out)
    if k is ManaProductionKind.COLOR_AMONG:
        return frozenset((c,) * amount for c in colors_among(state, source, prod))
    if k is ManaProductionKind.COULD_PRODUCE:
        return frozenset((t,) * amount for t in could_produce_types)
    if k is ManaProductionKind.PRODUCED_TYPE:
        return frozenset((t,) * amount for t in MANA_TYPES)
    if k is ManaProductionKind.UNMODELLED:
        raise UnmodelledMana(source.id, prod)
    raise BadInput(f"unknown mana production kind {k}")


def unmodelled_now(state: GameState, source: Permanent, prod: ManaProduction) -> bool:
    """Whether what ``prod`` adds on this board is something manacheck can't say: an
    ``unmodelled`` production, or the color identity of a commander the card format
    can't establish (``model.identity``: a color chosen before the game, a card with
    other parts; CR 903.4b, 903.4e). Such a source is left out, the answer a lower
    bound, never a guess."""
    if prod.kind is ManaProductionKind.UNMODELLED:
        return True
    if prod.kind is ManaProductionKind.COLOR_AMONG and prod.colors_of is not None \
            and prod.colors_of.what == "commander_identity":
        me = state.player(source.controller)
        return bool(me.commanders) and me.commander_identity is None
    return False


def colors_among(state: GameState, source: Permanent, prod: ManaProduction
                 ) -> frozenset[ManaType]:
    """The colors a COLOR_AMONG production may add (``abilities.ColorsRef``).

    Rules
    -----
    CR 903.4, 702.124c: the commanders' combined color identity; 903.4f: none without
    a commander (and CR 106.5: no mana). CR 105.2, 613.1e: the permanents' colors now
    (layer 5); a colorless one adds none. CR 202.2: a card's colors in a graveyard.
    """
    ref = prod.colors_of
    if ref is None:
        raise UnmodelledMana(source.id, prod)
    me = state.player(source.controller)
    if ref.what == "commander_identity":
        if not me.commanders:
            return frozenset()
        if me.commander_identity is None:
            raise UnmodelledMana(source.id, prod)
        return frozenset(me.commander_identity)
    if ref.what == "your_graveyard":
        return frozenset(t for c in me.graveyard for t in c.card.colors)
    if ref.what == "permanents":
        chars = effective(state)
        return frozenset(t for p in state.permanents
                         if matches(ref.filter, chars[p.id], p, state, source.controller,
                                    source.id)
                         for t in chars[p.id].colors)
    raise UnmodelledMana(source.id, prod)


def production_now(state: GameState, source: Permanent, prod: ManaProduction) -> ManaProduction:
    """The production that applies on this board ("add {C}{C}{C} instead" when its
    conditions hold; CR 605.3b, 614.1a); unmodelled when a condition can't be
    decided."""
    chosen = chosen_production(state, source.id, source.controller, prod)
    if chosen is None:
        raise UnmodelledMana(source.id, prod)
    return chosen


class UnmodelledMana(BadInput):
    """A mana ability whose production the card format can't describe (e.g. devotion).

    Solvers never guess what it adds: could-produce leaves it out and marks every
    answer that depends on it as incomplete; payments leave the source out and say so.
    """

    def __init__(self, object_id: str, prod: ManaProduction) -> None:
        super().__init__(f"what {object_id}'s mana ability adds is not modelled by manacheck",
                         suggestion="its answer would be a guess; see the card's text")
        self.object_id = object_id
        self.prod = prod


#: The most distinct mana events one activation may have before we stop and say so.
MAX_EVENTS = 100_000


def check_events(count: int, source: Permanent) -> None:
    if count > MAX_EVENTS:
        raise EnumerationLimit(
            f"'{source.id}' could add {count:,} different combinations of mana; "
            f"the limit is {MAX_EVENTS:,}", suggestion="ask about fewer mana at once")
