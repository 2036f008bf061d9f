"""The payment board: everything a payment search needs, computed once per question.

A :class:`Board` holds the cost, the grouped sources (:mod:`.sources` fills them in),
the pool, the life total, what sacrifice outlets may sacrifice (:mod:`.outlets`) and
the caches of the exact check (:mod:`.exact`). It also answers the restriction
questions every part asks: may mana with this restriction pay the cost, or a
mana-costing activation's cost?

Rules
-----
CR 106.6: a spending restriction is tested against what the mana is spent on: the
spell being cast, the ability being activated (its source), or a mana ability's cost
(a filter land). CR 601.2a: the spell being cast is on the stack while it is paid for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from manacheck.model import (
    ActivatedAbility,
    Card,
    CardDefinition,
    CostKind,
    GameState,
    ManaCost,
    ManaSymbol,
    ManaType,
    ObjectFilter,
    Permanent,
    SpendRestriction,
    StackItem,
    StaticAbility,
    SymbolKind,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.cardformat import parse_color
from manacheck.model.mana import parse_mana_types

from .casting import spell_card
from .kinds import (
    NOT_STATED,
    Group,
    Kind,
    PoolKind,
    Slot,
    SpendRule,
    Stated,
    max_units,
    min_units,
    type_classes,
)

__all__ = ["Board", "ExactData"]

#: Data of the arithmetic exact check (see :func:`.exact.simple_check_data`): the
#: cost's total mana and what each type must cover.
ExactData = tuple[int, dict[ManaType, int]]


def spend_statics(state: GameState, player: str) -> list[StaticAbility]:
    """CR 609.4b: the "spend mana as though it were mana of any color" statics that
    apply to ``player``: those of the permanents they control ("You may spend ...") and
    any permanent's with ``players: all`` ("Players may spend ..."). Cached on the
    state, which is immutable."""
    cache: dict[str, list[StaticAbility]] = state.__dict__.setdefault("_spend_rules", {})
    found = cache.get(player)
    if found is None:
        chars = effective(state)
        found = cache[player] = [
            ab for p in state.permanents for ab in chars[p.id].abilities
            if isinstance(ab, StaticAbility) and ab.kind == "spend_as_any_color"
            and (p.controller == player or ab.params.get("players") == "all")]
    return found


def spend_rule(state: GameState, player: str,
               applies: Callable[[StaticAbility], bool] | None = None) -> SpendRule:
    """CR 609.4b: what the :func:`spend_statics` of ``player`` let them do: Chromatic
    Orrery, every type as any color; Celestial Dawn, white as any color and the rest
    only as though colorless. A static with an ``affected`` filter applies only "to
    cast" the spells it names (Oath of Nissa: planeswalker spells), where ``applies``
    says so (without it, only the statics for every payment count)."""
    any_color: set[ManaType] = set()
    only_colorless: set[ManaType] = set()
    for ab in spend_statics(state, player):
        if not ab.affected.is_empty and (applies is None or not applies(ab)):
            continue
        which = ab.params.get("mana")
        types = set(parse_mana_types(str(which))) if which else set(ManaType)
        any_color |= types
        if ab.params.get("others_as_colorless"):
            only_colorless |= set(ManaType) - types - {ManaType.C}
    # 609.4a: where two effects apply, both do: mana one effect lets pay any color may.
    return SpendRule(frozenset(any_color), frozenset(only_colorless - any_color))


#: The symbols a color's "pay 2 life rather than pay that mana" reaches (K'rrik's
#: ruling: "a mana symbol that may be paid in multiple ways, such as {B/R}, {B/P}, or
#: {2/B}": if you choose to pay {B}, you may pay life instead). Never generic mana.
_LIFE_KINDS = (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.MONO_HYBRID,
               SymbolKind.COLORLESS_HYBRID)


def life_colors(state: GameState, player: str) -> frozenset[ManaType]:
    """The colors whose symbols ``player`` may pay with 2 life instead of the mana:
    "For each {B} in a cost, you may pay 2 life rather than pay that mana" (K'rrik, Son
    of Yawgmoth, on a permanent they control). Cached on the (immutable) state.

    Rules
    -----
    CR 109.5: "you" is the controller of the permanent with the ability; CR 604.1:
    a static ability functions while on the battlefield (as its layer-6 abilities,
    ``effective``, say); CR 119.4: the life is paid only up to the life total, which
    the exact check enforces.
    """
    cache: dict[str, frozenset[ManaType]] = state.__dict__.setdefault("_life_colors", {})
    found = cache.get(player)
    if found is None:
        chars = effective(state)
        found = cache[player] = frozenset(
            parse_color(ab.params.get("mana"), "mana")  # checked when the card loaded
            for p in state.permanents if p.controller == player
            for ab in chars[p.id].abilities
            if isinstance(ab, StaticAbility) and ab.kind == "pay_life_for_mana")
    return found


#: Costs a restriction may name that a card's keyword offers as another way to cast it
#: (CR 702.146a disturb; CR 702.37c morph: cast face down for {3}), by the keyword
#: words: a cost given for such a card may be one.
_OTHER_WAYS = {"disturb": ("disturb",), "face_down": ("morph", "megamorph", "disguise")}


class Board:
    """The sources, cost and caches of one payment question.

    Built by :func:`manacheck.solver.payments.sources.build_board`; read by the exact
    check, the counting programme and the enumeration.
    """

    def __init__(self, state: GameState, player: str, cost: ManaCost,
                 for_object: str | None, exclude: frozenset[str],
                 delve_done: bool = False, for_ability: bool = False,
                 stated: Stated = NOT_STATED) -> None:
        self.state = state
        #: What the question says of its cost beyond its symbols (``Stated``).
        self.stated = stated
        #: The cost is an activated ability's of ``for_object`` (a card in a hand or a
        #: graveyard too), not its casting: restrictions read ``abilities`` (CR 106.6).
        self.for_ability = for_ability
        self.delve_done = delve_done  # delve is handled by DelvePayments around it
        self.player = state.player(player)
        self.cost = cost
        self.for_object = for_object
        self.exclude = exclude
        self.notes: list[str] = []  # why sources were left out (for unpayable_reasons)
        #: Sources the solver can't fully model (their mana, a cost part or condition, or
        #: repeated activations of a mana-costing ability): answers are lower bounds
        #: when this isn't empty.
        self.left_out: list[str] = []
        #: Sources used once though they could be activated again, where one activation
        #: does whatever several would (``leftout.one_activation_enough``): the verdict
        #: stands and counts are lower bounds.
        self.count_only: list[str] = []
        #: Storage lands whose sequences of activations are options of their own, each
        #: adding its mana less the mana spent on its own {1} costs, when a triggered
        #: mana ability makes each activation worth more (``storage``): the verdict
        #: stands, but one payment may be several options, so it isn't counted.
        self.count_sequences: list[str] = []
        #: Pool-copying mana abilities left out (Doubling Cube): (permanent id, ability
        #: number, its ``left_out`` entry); ``copies`` decides payments with them.
        self.pool_copies: list[tuple[str, int, str]] = []
        self.kinds: list[Kind] = []
        self.kind_index: dict[Kind, int] = {}
        self.groups: list[Group] = []
        self.id_group: dict[str, int] = {}
        self.extra_tappers = 0  # creatures that can pay tap_untapped but make no mana
        costs = [ab.mana_cost for perm in self.player.battlefield if perm.id not in exclude
                 for ab in effective(state)[perm.id].activated if ab.is_mana_ability]
        costs += [ab.mana_cost for c in self.player.hand for ab in c.card.activated_abilities
                  if ab.is_mana_ability]
        # Other players' mana abilities that any player may activate (CR 602.2).
        costs += [ab.mana_cost for perm in state.permanents if perm.controller != player
                  and perm.id not in exclude for ab in effective(state)[perm.id].activated
                  if ab.is_mana_ability and ab.any_player]
        self.costly_abilities = any(bool(c) for c in costs)
        #: CR 609.4b: how this player may spend mana as though it were another type.
        self.spend = spend_rule(state, player, self._spend_applies)
        #: CR 609.4b for the mana abilities' own costs paid along the way: those aren't
        #: the spell's, so an "as though ... to cast <spells>" static doesn't reach them.
        self.spend_sources = spend_rule(state, player)
        self.type_class = type_classes([cost, *costs], self.spend, self.spend_sources)
        self.snow_matters = any(sym.kind is SymbolKind.SNOW for c in [cost, *costs]
                                for sym in c)
        #: The most activations a payment could use: each adds some mana to the cost or
        #: to a mana-costing activation's cost (those activate at most once each).
        self.useful = sum(max_units(s) for c in [cost, *costs] for s in c)
        #: What sacrifice outlets may sacrifice: (filter, source for "another").
        #: (filter, source for "another", the type the sacrificed land must could
        #: produce, for Squandered Resources).
        self.sac_filters: list[tuple[ObjectFilter, str | None, ManaType | None]] = []
        self.sac_index: dict[tuple[ObjectFilter, str | None, ManaType | None], int] = {}
        self.sac_split = False
        self.outlets: list[tuple[str, int]] = []
        #: For each group whose members outlets may sacrifice: which outlet filters they
        #: fit; permanents in no group, by id (see :func:`.outlets.sac_classes`).
        self.sac_group_sig: dict[int, tuple[bool, ...]] = {}
        self.sac_extra: dict[str, tuple[bool, ...]] = {}
        #: "Spend only mana produced by creatures to cast this spell" (Myr Superion).
        self.creature_mana_only = self._creature_mana_only()
        #: Whether a creature's mana ability costs mana (so a noncreature's mana might
        #: still help pay a creature-only spell): set by the source collection.
        self.feeds_creatures = False
        #: Convoke (CR 702.51a): untapped creatures may be tapped to pay (ability 0).
        self.convoke = False
        self.uses_sacs = False
        self.uses_tappers = False
        self.pool: list[PoolKind] = []
        self.life = self.player.life
        #: K'rrik: the colors whose symbols may be paid with 2 life (CR 119.4 limits it).
        self.life_colors = life_colors(state, player)
        #: The symbols of the cost that may be paid with 2 life: Phyrexian (CR 107.4f)
        #: and those K'rrik reaches (``life_payable``).
        self.phyrexian = sum(1 for s in cost if self.life_payable(s))
        #: ... and with the activations' costs (set with the sources, ``bound_activations``).
        self.life_symbols_most = self.phyrexian
        #: Whether life may be paid in this payment: a symbol paid with life, or a mana
        #: ability of the player's with "Pay N life" in its cost (CR 119.4).
        self.pays_life = self.phyrexian > 0 or any(
            part.kind is CostKind.PAY_LIFE
            for p in state.permanents if p.controller == player
            for ab in effective(state)[p.id].abilities if isinstance(ab, ActivatedAbility)
            and ab.mana is not None for part in ab.costs) or self._object_pays_life()
        #: Whether what is paid for pays life of its own (an ability's "Pay N life").
        self.pays_life_for_object = self._object_pays_life()
        #: Caches of the exact check (by kind counts; by order of mana-costing kinds).
        self.memo: dict[tuple[object, ...], bool] = {}
        #: Flow witnesses already found, by (kind counts, pool spent), with no life
        #: paid: the greedy witness's (``quick``), so showing it orders nothing again.
        self.known_flows: dict[tuple[tuple[int, ...], tuple[int, ...]], Any] = {}
        #: The greedy witness (``quick.witness``) once looked for: {} when none.
        self.witness: dict[Any, Any] | None = None
        self.slots_cache: dict[tuple[int, ...], list[Slot]] = {}
        self.group_colors_cache: dict[int, frozenset[ManaType]] = {}
        #: Exact (max-flow) checks made, and the most a count may make (None: no limit).
        self.flows = 0
        self.max_flows: int | None = None
        #: Max-flows spent ordering mana-costing activations (``exact.find_order``).
        self.order_checks = 0
        #: The most ``order_checks`` may reach (None: ``limits.MAX_ORDER_CHECKS``); a
        #: count sets its own, since it orders one multiset per final state.
        self.order_limit: int | None = None
        #: The counting programme's state budget, and the states it has made so far
        #: (both set when a count starts).
        self.count_limit = 0
        self.count_done = 0
        #: The listing programme's steps, layers and payment ends (``listing``).
        self.listing: Any = None
        #: The arithmetic exact check's data when it applies (set with the sources).
        self.simple: ExactData | None = None
        #: Whether the cost has only colored, {C} and generic symbols (``exact``).
        self.plain_cost = all(s.kind in (SymbolKind.GENERIC, SymbolKind.COLORED,
                                         SymbolKind.COLORLESS) and not self.life_payable(s)
                              for s in cost)
        #: (type, symbols only it pays), for the exact check's quick test (``exact``).
        self.one_type_needs: tuple[tuple[ManaType, int], ...] | None = None
        #: The answer of the relaxed max-flow pre-check, once asked.
        self.flow_possible: bool | None = None
        self.d_main_max = sum(max_units(s) for s in cost)
        self.d_main_min = sum(1 if s.kind is SymbolKind.MONO_HYBRID else max_units(s)
                              for s in cost)
        self.max_activations = 0
        self.max_plain = 0
        #: The most mana a payment of this question can spend (``spending.cap_kinds``).
        self.spend_most = 0

    def life_payable(self, s: ManaSymbol) -> bool:
        """Whether symbol ``s`` of a cost may be paid with 2 life.

        Rules
        -----
        CR 107.4f: a Phyrexian symbol, by its color or 2 life. K'rrik's rulings
        (2019-08-23): "any cost you pay"; a symbol that "may be paid in multiple ways,
        such as {B/R}, {B/P}, or {2/B}", once you choose to pay its {B} (so {C/B} too,
        CR 107.4e); "You can't pay 2 life to pay for generic mana".
        """
        if s.kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            return True
        return bool(self.life_colors) and s.kind in _LIFE_KINDS \
            and bool(self.life_colors & set(s.colors))

    def life_symbols(self, cost: ManaCost) -> int:
        """How many symbols of an activation's mana cost 2 life may pay (CR 107.4f;
        K'rrik's ruling: "any cost you pay", mana abilities' costs too)."""
        return sum(1 for s in cost if self.life_payable(s))

    def fewest_units(self, cost: ManaCost) -> int:
        """The fewest mana an activation's mana cost can take: :func:`~.kinds.min_units`
        of each symbol, none for one 2 life may pay (when the life total allows it,
        CR 119.4)."""
        if self.life < 2:
            return sum(min_units(s) for s in cost)
        return sum(0 if self.life_payable(s) else min_units(s) for s in cost)

    @property
    def life_top(self) -> int:
        """The most symbols a payment may pay with 2 life: those of the cost and of its
        activations' costs (``life_symbols_most``), at most half the life total
        (CR 119.4)."""
        return min(self.life_symbols_most, max(self.life, 0) // 2)

    def bound_activations(self) -> None:
        """How many activations a payment can use, from the collected sources.

        Every activation gives at least one mana to the cost or to a later activation's
        cost, so sources without a mana cost number at most the cost's mana plus what
        the mana-costing activations ask; those are at most how many the board offers
        (each permanent activates one exclusive ability). In mana, not symbols:
        Pili-Pala's {2} asks for two mana. Both are also at most the activations the
        blocks allow (``Group.blocks``), whatever the amounts.
        """
        cmax = max((sum(max_units(s) for s in k.mana_cost) for k in self.kinds
                    if k.mana_cost), default=0)
        f_avail = sum(g.size if any(o.exclusive for o in g.options
                                    if self.kinds[o.kind].mana_cost) else 0
                      for g in self.groups)
        f_avail += sum(g.size * o.repeat for g in self.groups for o in g.options
                       if not o.exclusive and self.kinds[o.kind].mana_cost)
        self.max_activations = self.d_main_max + f_avail * (1 + cmax)
        #: Activations without a mana cost: N + F <= demand <= d_main_max + F * cmax.
        self.max_plain = self.d_main_max + f_avail * max(cmax - 1, 0)
        # Nor can a payment use more activations than its blocks allow (CR 602.1,
        # 107.5): with a huge cost ({X}, X = 3^30) the mana bounds above are huge too.
        blocks = [(opts, bound) for g in self.groups for opts, bound in g.blocks()]
        #: The most symbols 2 life may pay in one payment: the cost's and, at most, each
        #: block's activations' (``life_symbols``).
        self.life_symbols_most = self.phyrexian + sum(
            bound * max(self.life_symbols(self.kinds[o.kind].mana_cost) for o in opts)
            for opts, bound in blocks)
        self.max_activations = min(self.max_activations, sum(n for _, n in blocks))
        self.max_plain = min(self.max_plain, sum(
            n for opts, n in blocks if any(not self.kinds[o.kind].mana_cost for o in opts)))

    # -- restrictions (CR 106.6) -------------------------------------------------------
    def allowed_main(self, r: object) -> bool:
        """Whether mana with restriction ``r`` may pay the cost itself (CR 106.6)."""
        if r is None or (isinstance(r, SpendRestriction) and r.any_use):
            return True  # (``not_generic`` mana: which symbols it pays is the flow's)
        if not isinstance(r, SpendRestriction):
            return False
        if self.cost_allows(r):
            return True
        if self.for_object is None:
            return False
        obj = self.state.get(self.for_object)
        chars = object_characteristics(self.state, self.for_object)
        ability = self.is_ability
        flt = r.abilities if ability else r.spells
        if ability and isinstance(obj, Card) and flt is not None and not flt.is_empty \
                and not r.abilities_of_cards:
            # CR 109.2: "an ability of a colorless permanent", "abilities of artifacts"
            # name permanents: a card's ability (cycling) isn't one. (Secluded
            # Courtyard's "a creature or creature card of the chosen type" names both:
            # ``abilities_of_cards``.)
            return False
        if not ability and r.commander and not (
                isinstance(obj, Card) and obj.owner == self.player.name
                and obj.card.name in self.player.commanders):
            # CR 903.3: "your commander" is the card the state names as the payer's
            # commander (a spell on the stack: see ``spend_unknown``)
            return False
        if r.from_graveyard and not ability and not (
                isinstance(obj, Card) and obj.owner == self.player.name
                and self.state.zone_of(obj.id) == "graveyard"):
            # cast from your graveyard (a spell on the stack: see ``spend_unknown``)
            return False
        if not ability and r.keyword_from_a_graveyard and not (
                isinstance(obj, Card) and self.state.zone_of(obj.id) == "graveyard"
                and self._has_keyword(r.keyword_from_a_graveyard)):
            # a spell with that keyword cast from a graveyard, anyone's (Altar of the
            # Lost's rulings); a spell on the stack: see ``spend_unknown``
            return False
        if not ability and r.kicked:
            # CR 702.33d: the question's spell is cast for the cost it states, with no
            # kicker paid (where that isn't known, ``spend_unknown`` leaves it out)
            return False
        if not ability and r.no_x_mana_cost:
            card = self.spell_card
            if card is None or card.mana_cost is None or "X" in card.mana_cost.variables:
                return False
        return flt is not None and matches(flt, chars, obj, self.state, self.player.name)

    def _spend_applies(self, ab: StaticAbility) -> bool:
        """Whether a spend static that applies only "to cast" the spells its
        ``affected`` names (Oath of Nissa) applies to this cost: the spell being cast
        (a card, or a spell on the stack) is one (CR 609.4b, 601.2h)."""
        if self.for_object is None or self.is_ability or self.spell_card is None:
            return False
        return matches(ab.affected, object_characteristics(self.state, self.for_object),
                       self.state.get(self.for_object), self.state, self.player.name)

    def _has_keyword(self, name: str) -> bool:
        """Whether the spell paid for has a keyword ability called ``name``, whatever
        its cost ("Flashback {2}{R}" is flashback, CR 702.34a)."""
        card = self.spell_card
        low = name.lower()
        return card is not None and any(
            k.strip().lower().startswith(low) and not k.strip()[len(low):len(low) + 1].isalpha()
            for k in card.keywords)

    @property
    def is_ability(self) -> bool:
        """Whether the cost is an activated ability's (of a permanent, a card's with
        ``for_ability``, or an ability on the stack), not a spell's."""
        obj = self.state.get(self.for_object) if self.for_object is not None else None
        return isinstance(obj, Permanent) or self.for_ability or (
            isinstance(obj, StackItem) and not obj.is_spell)

    def cost_allows(self, r: SpendRestriction) -> bool:
        """Whether the cost itself is one ``r.costs`` names (CR 106.6, 601.2f): a cost
        that contains {X} (even with X = 0: Rosheen Meanderer's ruling) or {C}
        (Cultivator Drone), or a disturb cost (a spell on the stack cast for it,
        CR 702.146a). Cumulative upkeep and foretell costs are no payment question's."""
        if "with_x" in r.costs and self.cost_has_x:
            return True
        if "with_c" in r.costs and any(s.kind is SymbolKind.COLORLESS for s in self.cost):
            return True
        obj = self.state.get(self.for_object) if self.for_object is not None else None
        return "disturb" in r.costs and isinstance(obj, StackItem) and obj.is_spell \
            and obj.alternative_cost == "disturb" and not self.for_ability

    @functools.cached_property
    def cost_has_x(self) -> bool | None:
        """Whether the cost paid contains {X} (CR 107.3), None when the question doesn't
        say. Told by the caller (``contains_x``), else: a spell's total cost includes
        its mana cost (CR 601.2f), so a spell with {X} in it (cast for its mana cost)
        has one; with an {X} elsewhere on the card (Verdeloth's kicker), or cast for an
        alternative cost, not known. An ability's: known when all or none of the
        object's activated abilities with a mana cost have {X}."""
        if self.stated.contains_x is not None:
            return self.stated.contains_x
        if self.for_object is None:
            return False
        obj = self.state.get(self.for_object)
        card = self.spell_card
        if card is not None and not self.for_ability:
            if card.mana_cost is not None and "X" in card.mana_cost.variables:
                if isinstance(obj, StackItem) and obj.alternative_cost:
                    return None  # (cast for another cost: its mana cost isn't paid)
                return True
            return None if any("{X}" in k for k in card.keywords) else False
        if isinstance(obj, Permanent):
            abilities = effective(self.state)[obj.id].activated
        elif isinstance(obj, Card):
            abilities = obj.card.activated_abilities
        else:
            return None
        with_x = {"X" in ab.mana_cost.variables for ab in abilities
                  if ab.mana_cost.mana_only and not ab.is_mana_ability}
        return None if len(with_x) != 1 else with_x.pop()

    def spend_unknown(self, r: object) -> str | None:
        """Why mana with restriction ``r`` may or may not pay this cost, where the state
        or the question doesn't say: such mana is left out, never guessed (CR 106.6).
        None when it is known."""
        if not isinstance(r, SpendRestriction) or r.any_use:
            return None
        if "with_x" in r.costs and self.cost_has_x is None:
            return ("its mana may pay only costs that contain {X}, and whether this cost "
                    "does isn't known (give the cost as written, with its {X})")
        if self.for_object is None or self.is_ability or self.cost_allows(r):
            return None
        obj = self.state.get(self.for_object)
        card = self.spell_card
        if isinstance(obj, StackItem) and r.keyword_from_a_graveyard and self._has_keyword(
                r.keyword_from_a_graveyard):
            return ("its mana may pay only for a spell cast from a graveyard (CR 106.6), "
                    "and where the spell on the stack was cast from isn't in the state")
        if r.commander and isinstance(obj, StackItem) and obj.card is not None \
                and obj.card.name in self.player.commanders:
            return ("its mana may pay only for your commander (CR 903.3), and whether the "
                    "spell on the stack is that card (not a copy, not another player's) "
                    "isn't in the state")
        if r.from_graveyard and isinstance(obj, StackItem):
            return ("its mana may pay only for a spell cast from your graveyard (CR "
                    "106.6), and where the spell on the stack was cast from isn't in the "
                    "state")
        kicker = card is not None and any(
            k.strip().lower().startswith(("kicker", "multikicker")) for k in card.keywords)
        if r.kicked and kicker and (isinstance(obj, StackItem) or not self.stated.total):
            return ("its mana may pay only for a kicked spell (CR 702.33d), and whether "
                    "this one is kicked isn't in the state or the question")
        for use, words in _OTHER_WAYS.items():
            if use in r.costs and isinstance(obj, Card) and not self.stated.total and \
                    card is not None and any(k.strip().lower().startswith(words)
                                             for k in card.keywords):
                return (f"its mana may pay a {use.replace('_', '-')} cost, and whether the "
                        f"cost given is one (the card has {words[0]}) isn't known")
        return None

    def allowed_filter(self, r: SpendRestriction | None, filter_kind: Kind) -> bool:
        """Whether mana with restriction ``r`` may pay the mana cost of an activation of
        ``filter_kind`` (an ability of the permanent named ``filter_source``)."""
        if r is None or r.any_use:
            return True
        if "with_c" in r.costs and any(s.kind is SymbolKind.COLORLESS
                                       for s in filter_kind.mana_cost):
            return True  # a cost that contains {C} (Cultivator Drone), whatever it's for
        if r.abilities is None:
            return False
        chars_all = effective(self.state)
        # (another player's, for one any player may activate: CR 602.2)
        for perm in (*self.player.battlefield, *self.state.permanents):
            if perm.card.name == filter_kind.filter_source:
                return matches(r.abilities, chars_all[perm.id], perm, self.state,
                               self.player.name)
        return False

    # -- kinds, groups, pool -----------------------------------------------------------
    def kind(self, k: Kind) -> int:
        """The index of kind ``k``, registered on first use."""
        i = self.kind_index.get(k)
        if i is None:
            i = len(self.kinds)
            self.kinds.append(k)
            self.kind_index[k] = i
        return i

    @functools.cached_property
    def spell_card(self) -> CardDefinition | None:
        """The card of the spell being paid for (a card in hand or a spell on the stack),
        or None when an ability is being paid for, or nothing in particular."""
        return spell_card(self.state, self.for_object)

    def _object_pays_life(self) -> bool:
        """Whether what is paid for may pay life beside the mana (CR 119.4, 601.2h): an
        activated ability with "Pay N life" of the permanent or card paid for
        (``activation.paying`` asks with that life taken off, so a mana ability's damage
        or life gain, which comes first, CR 601.2g, is not accounted for)."""
        if self.for_object is None or self.for_object not in self.state:
            return False
        obj = self.state.get(self.for_object)
        if isinstance(obj, Permanent):
            abilities = effective(self.state)[obj.id].abilities
        elif isinstance(obj, Card):
            abilities = obj.card.abilities
        else:
            return False
        return any(part.kind is CostKind.PAY_LIFE for ab in abilities
                   if isinstance(ab, ActivatedAbility) for part in ab.costs)

    def _creature_mana_only(self) -> bool:
        """Whether the spell being cast may be paid only with mana produced by creatures
        (a static of the card itself, Myr Superion; CR 106.6)."""
        card = self.spell_card
        return card is not None and any(
            ab.params.get("spend_only_mana_from") == "creature"
            for ab in card.static_abilities)

    def group_colors(self, gi: int) -> frozenset[ManaType]:
        """The colors group ``gi``'s options could make."""
        cache = self.group_colors_cache
        if gi not in cache:
            cache[gi] = frozenset(t for o in self.groups[gi].options
                                  for t in o.event.types if t.is_color)
        return cache[gi]

    def pool_text(self, i: int) -> str:
        """One pool mana of entry ``i``, with what sets it apart (snow, restriction)."""
        e = self.player.mana_pool.entries[i]
        text = "{" + e.type.value + "}"
        if e.snow:
            text += " (snow)"
        if e.restriction is not None:
            r = e.restriction
            text += f" (restricted: {r.text if isinstance(r, SpendRestriction) else r})"
        return text

    def delve_most(self) -> int:
        """How many cards delve could exile for this payment: the spell being cast has
        delve (CR 702.66a), and each card pays one generic mana of the total cost; 0
        otherwise. The spell itself, on the stack while it is paid for, is not in the
        graveyard."""
        card = self.spell_card
        if card is None or "delve" not in {k.strip().lower() for k in card.keywords}:
            return 0
        generic = sum(s.amount for s in self.cost if s.kind is SymbolKind.GENERIC)
        cards = sum(1 for c in self.player.graveyard if c.id != self.for_object)
        return min(generic, cards)
