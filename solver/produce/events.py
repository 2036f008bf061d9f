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
    Condition,
    CostKind,
    Counters,
    GameState,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    ObjectFilter,
    Permanent,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.conditions import POWER_CONDITIONS, chosen_production, devotion
from manacheck.model.effects import Family
from manacheck.model.errors import BadInput
from manacheck.model.placing import place_counters

from ..notdecided import NotDecided
from ..replacement import (
    EnumerationLimit,
)

__all__ = [
    "COUNTER_KINDS",
    "MAX_EVENTS",
    "THIS_TURN",
    "ManaEvent",
    "UnmodelledMana",
    "amount_families",
    "amount_now",
    "base_outcomes",
    "check_events",
    "colors_among",
    "count_per",
    "production_now",
    "revealable",
    "sacrifice_candidates",
    "sorted_event",
    "this_turn_unknown",
    "unmodelled_now",
]


#: One mana production event: the mana added, as a sorted tuple (a multiset).
ManaEvent = tuple[ManaType, ...]


def sorted_event(types: tuple[ManaType, ...] | list[ManaType]) -> ManaEvent:
    return tuple(sorted(types, key=lambda t: t.order))


def count_per(state: GameState, source: Permanent, prod: ManaProduction) -> int:
    """How many times ``per`` multiplies the production ("for each Swamp you control"),
    or ``amount_of`` repeats it ("an amount of {G} equal to your devotion to green",
    CR 700.5; "... equal to Marwyn's power", "X mana of any one color, where X is your
    life total", never less than 0 mana, CR 107.1b; "{C} for each charge counter on
    CARDNAME", CR 122.1), ``amount_plus`` added."""
    if prod.amount_of == "X":
        # The types it could produce ignore whether its cost could be paid (CR 106.7):
        # X could be any number, and five repetitions make every set of types the
        # ability can make (five colors). (What it adds now: ``base_outcomes``.)
        return 5 + prod.amount_plus
    if prod.amount_of and prod.amount_of != "devotion":
        return amount_now(state, source, prod)
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


def amount_families(state: GameState, player: str | None = None) -> frozenset[Family]:
    """The rule families the mana abilities of permanents (``player``'s, or anyone's)
    read beyond what the mana questions read: layer 7 for an amount given by power
    ("where X is CARDNAME's power", "the greatest power among creatures you control",
    CR 613.4), a count, an "instead" or an activation condition whose filter compares
    power or toughness ("for each creature with power 4 or greater you control",
    "Activate only if creatures you control have total power 8 or greater"); layer 5
    for a count or condition by color ("for each black creature card in your
    graveyard", CR 613.1e); the counters family for a counter put first (Empowered
    Autogenerator, CR 122.6), whose effects ``model.placing`` applies
    (:data:`COUNTER_KINDS`). An effect in them that a question doesn't apply then makes
    its answer not decided. Cached on the (immutable) state, per player."""
    cache: dict[str | None, frozenset[Family]] = state.__dict__.setdefault(
        "_amount_families", {})
    found = cache.get(player)
    if found is None:
        found = cache[player] = _amount_families(state, player)
    return found


def _amount_families(state: GameState, player: str | None) -> frozenset[Family]:
    chars = effective(state)
    out: set[Family] = set()
    for p in state.permanents:
        if player is not None and p.controller != player:
            continue
        for ab in chars[p.id].activated:
            prod = ab.mana
            if prod is None:
                continue
            if prod.amount_of in _POWER_AMOUNTS:
                out.add(Family.POWER_TOUGHNESS)
            conds = (*prod.instead_if, *((ab.condition,) if ab.condition else ()))
            filters = [f for f in (prod.per, prod.amount_filter) if f is not None]
            filters += [f for c in conds for f in _condition_filters(c)]
            if any(f.compares_power for f in filters) \
                    or any(c.kind in POWER_CONDITIONS for c in conds):
                out.add(Family.POWER_TOUGHNESS)
            if any(_names_colors(f) for f in filters):
                out.add(Family.COLORS)
            if prod.counter_first:  # the counter it puts first (CR 122.6, 614.1a)
                out.add(Family.COUNTERS)
    return frozenset(out)


#: The effect kinds of the counters family that the amounts apply (``model.placing``):
#: a question that reads the family for them implements these.
COUNTER_KINDS = frozenset({"static:counter_replacement", "static:cant_have_counters"})

#: The basic land types (CR 305.6).
_BASICS = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})

#: Amounts given by power (layer 7, CR 613.4).
_POWER_AMOUNTS = ("power", "greatest_power")


def _condition_filters(cond: Condition) -> list[ObjectFilter]:
    return [v for _, v in cond.params.items if isinstance(v, ObjectFilter)]


def _names_colors(flt: ObjectFilter) -> bool:
    return bool(flt.colors or flt.not_colors or flt.colorless is not None
                or flt.multicolored is not None or any(_names_colors(f) for f in flt.any_of))


def amount_now(state: GameState, source: Permanent, prod: ManaProduction) -> int:
    """The number an ``amount_of`` other than X and devotion names, ``amount_plus``
    added: the source's power, its controller's life total (CR 107.1b: a negative
    number counts as 0), the counters of a kind on it, the cards in its controller's
    graveyard that match a filter, the greatest power or the basic land types among the
    permanents that match one, or a number."""
    what = prod.amount_of
    if what == "power":
        base = max(effective(state)[source.id].power or 0, 0)
    elif what == "life":
        base = max(state.player(source.controller).life, 0)
    elif what == "counters":
        base = source.counters[prod.amount_counter]
        if prod.counter_first:  # put first, as the effects change it (CR 608.2c, 122.6)
            base += place_counters(state, source.id, Counters.of(
                {prod.counter_first: 1})).put[prod.amount_counter]
    elif what == "revealed" and prod.amount_filter is not None:
        # "Reveal any number of artifact cards in your hand. Add {C}{C} for each card
        # revealed this way": the most it can reveal (``base_outcomes`` offers each
        # number from one up, CR 701.20a).
        base = len(revealable(state, source, prod))
    elif what == "graveyard" and prod.amount_filter is not None:
        # "for each black creature card in your graveyard": its controller's cards,
        # with the color effects that reach them (object_characteristics).
        flt = prod.amount_filter
        base = sum(1 for card in state.player(source.controller).graveyard
                   if matches(flt, object_characteristics(state, card.id), card, state,
                              source.controller, source.id))
    elif what in ("greatest_power", "basic_land_types") and prod.amount_filter is not None:
        # "the greatest power among creatures you control" (CR 208.1; none: 0, and a
        # negative greatest power adds no mana, 107.1b); "the number of basic land
        # types among lands you control" (domain: Plains, Island, Swamp, Mountain,
        # Forest, CR 305.6), each as the layers make it (CR 613.1d, 613.4).
        chars = effective(state)
        found = [p for p in state.permanents
                 if matches(prod.amount_filter, chars[p.id], p, state, source.controller,
                            source.id)]
        if what == "greatest_power":
            base = max([chars[p.id].power or 0 for p in found] + [0])
        else:
            base = len({t for p in found for t in chars[p.id].subtypes if t in _BASICS})
    elif what in THIS_TURN:  # (None: left out, ``this_turn_unknown``)
        base = this_turn_count(state, source, prod) or 0
    elif what == "number":
        base = 0
    else:
        raise BadInput(f"unknown mana amount {what!r}")
    return base + prod.amount_plus


def revealable(state: GameState, source: Permanent, prod: ManaProduction
               ) -> tuple[str, ...]:
    """The cards in the hand of ``source``'s controller that its ``amount_of: revealed``
    filter accepts ("artifact cards", "creature cards with power 5 or greater"), with
    the characteristics they have there (``object_characteristics``: a card's printed
    ones, a characteristic-defining ability's too, CR 604.3)."""
    flt = prod.amount_filter
    if flt is None:
        return ()
    return tuple(card.id for card in state.player(source.controller).hand
                 if matches(flt, object_characteristics(state, card.id), card, state,
                            source.controller, source.id))


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
    if prod.amount_of == "revealed":
        # Any number of the cards, chosen as it resolves (CR 608.2d): one event per
        # number from one up (none revealed adds nothing).
        most = amount_now(state, source, prod) - prod.amount_plus
        counts = [n + prod.amount_plus for n in range(1, most + 1)]
        check_events(sum(_size(prod, n) for n in counts), source)
        found: set[ManaEvent] = set()
        for n in counts:
            found |= _events(state, source, prod, n, could_produce_types)
        return frozenset(found)
    if prod.amount_of == "X":
        # "Remove any number of storage counters: Add {C} for each counter removed this
        # way" (Mage-Ring Network), "Remove X storage counters: Add X mana in any
        # combination of {W} and/or {U}" (Calciform Pools): X is chosen as the cost is
        # paid, from 0 to the counters on it (CR 107.3, 118.3, 601.2b via 602.2b); X = 0
        # adds nothing but ``amount_plus`` (a Mana Battery's one {B}).
        most = source.counters[prod.x_counter]
        counts = [x + prod.amount_plus for x in range(most + 1) if x + prod.amount_plus]
        check_events(sum(_size(prod, n) for n in counts), source)
        out: set[ManaEvent] = set()
        for n in counts:
            out |= _events(state, source, prod, n, could_produce_types)
        return frozenset(out)
    n = count_per(state, source, prod)
    check_events(_size(prod, n), source)
    return _events(state, source, prod, n, could_produce_types)


def _size(prod: ManaProduction, n: int) -> int:
    """How many events ``n`` repetitions of a production could make (at most)."""
    k = prod.kind
    if k is ManaProductionKind.CHOICE and n:
        return math.comb(len(prod.options) + n - 1, n)
    if k is ManaProductionKind.ANY_COLOR:
        return math.comb(5 + prod.amount * n - 1, prod.amount * n)
    return 1 if k is not ManaProductionKind.DIFFERENT_COLORS else math.comb(5, prod.amount)


def _events(state: GameState, source: Permanent, prod: ManaProduction, n: int,
            could_produce_types: frozenset[ManaType]) -> frozenset[ManaEvent]:
    """The events of the production made ``n`` times (``count_per``)."""
    k = prod.kind
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
    if k is ManaProductionKind.DIFFERENT_COLORS:
        # "two mana of different colors": one each of two colors (CR 105.1); ``per`` and
        # ``amount_of`` never go with it (the card format says so).
        return frozenset(itertools.combinations(COLORS, prod.amount))
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
    if k in (ManaProductionKind.UNMODELLED, ManaProductionKind.POOL_COPY):
        raise UnmodelledMana(source.id, prod)
    raise BadInput(f"unknown mana production kind {k}")


def unmodelled_now(state: GameState, source: Permanent, prod: ManaProduction) -> bool:
    """Whether what ``prod`` adds on this board is something manacheck can't say: an
    ``unmodelled`` production, or the color identity of a commander the card format
    can't establish (``model.identity``: a color chosen before the game, a card with
    other parts; CR 903.4b, 903.4e). Such a source is left out, the answer a lower
    bound, never a guess. So is an amount the state doesn't give: the life gained or
    the cards drawn this turn, without ``life_gained_this_turn`` or
    ``cards_drawn_this_turn``; the creature cards of a power it may reveal, with one
    whose power the hand doesn't fix ("*")."""
    if prod.kind in (ManaProductionKind.UNMODELLED, ManaProductionKind.POOL_COPY):
        # (POOL_COPY: what it adds depends on the pool when it resolves; only the
        # payment solver's ``copies`` search models it)
        return True
    if this_turn_unknown(state, source, prod):
        return True
    if prod.amount_of == "revealed" and prod.amount_filter is not None \
            and prod.amount_filter.compares_power and any(
                c.is_creature and (c.power is None or c.toughness is None)
                for c in (object_characteristics(state, card.id)
                          for card in state.player(source.controller).hand)):
        # A creature card whose power is "*" in the hand (a characteristic-defining
        # ability manacheck doesn't compute there, CR 604.3): whether it may be
        # revealed is not known.
        return True
    if prod.kind is ManaProductionKind.COLOR_AMONG and prod.colors_of is not None \
            and prod.colors_of.what == "commander_identity":
        me = state.player(source.controller)
        return bool(me.commanders) and me.commander_identity is None
    return False


#: Amounts counted over the turn so far, by the player's state key (CR 119.3, 121.1).
THIS_TURN = {"life_gained": "life_gained_this_turn", "cards_drawn": "cards_drawn_this_turn"}


def this_turn_count(state: GameState, source: Permanent, prod: ManaProduction
                    ) -> int | None:
    """The life its controller gained (CR 119.3) or the cards they drew (CR 121.1) this
    turn, for an amount that counts it; None when the state doesn't give it."""
    me = state.player(source.controller)
    return me.life_gained if prod.amount_of == "life_gained" else me.cards_drawn


def this_turn_unknown(state: GameState, source: Permanent, prod: ManaProduction) -> bool:
    """Whether ``prod``'s amount counts something this turn that the state doesn't give
    ("the amount of life you gained this turn", "for each card you've drawn this
    turn")."""
    return prod.amount_of in THIS_TURN and this_turn_count(state, source, prod) is None


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


class UnmodelledMana(NotDecided):
    """A mana ability whose production the card format can't describe (e.g. devotion):
    what it adds is not decided (a :class:`~manacheck.solver.NotDecided`, never bad
    input).

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
