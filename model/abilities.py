"""Abilities as data: costs, mana production, effects, targets, restrictions.

Nothing here searches or decides; these are the values the card format (``cardformat``)
produces and the solvers read. Every class is frozen and hashable.

Rules
-----
CR 602.1: an activated ability is written "[Cost]: [Effect.] [Activation instructions.]".
CR 605.1a: an activated ability is a mana ability if it has no target, could add mana
and is not a loyalty ability.
CR 603.1 / 603.4: triggered abilities, with an optional intervening "if" condition.
CR 604 / 614: static abilities and replacement effects (mana replacements: 106.12b).
CR 106.6: spending restrictions on produced mana.
CR 115: targets.
"""

from __future__ import annotations

import builtins
import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from .mana import ManaCost, ManaType

__all__ = [
    "Ability",
    "ActivatedAbility",
    "AlternativeCost",
    "ColorsRef",
    "Condition",
    "CostKind",
    "CostPart",
    "CouldProduceRef",
    "Effect",
    "ManaProduction",
    "ManaProductionKind",
    "ManaReplacement",
    "ObjectFilter",
    "Params",
    "SpellText",
    "SpendRestriction",
    "StaticAbility",
    "TargetSpec",
    "TriggeredAbility",
    "Zone",
]


class Zone(enum.Enum):
    """Zones (CR 400.1)."""

    BATTLEFIELD = "battlefield"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    LIBRARY = "library"
    STACK = "stack"


# A frozen, hashable mapping of parameters: sorted (key, value) pairs.
ParamValue = object


@dataclass(frozen=True, slots=True)
class Params:
    """An immutable bag of named parameters for effects and conditions."""

    items: tuple[tuple[str, ParamValue], ...] = ()

    @staticmethod
    def of(**kwargs: ParamValue) -> Params:
        return Params(tuple(sorted(kwargs.items(), key=lambda kv: kv[0])))

    def get(self, key: str, default: ParamValue = None) -> ParamValue:
        for k, v in self.items:
            if k == key:
                return v
        return default

    def int(self, key: str, default: int = 0) -> int:
        v = self.get(key, default)
        return v if isinstance(v, int) else default

    def str(self, key: str, default: str = "") -> str:
        v = self.get(key, default)
        return v if isinstance(v, str) else default

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.items)

    # builtins.str: inside this class body, `str` is the method above.
    def __iter__(self) -> Iterator[builtins.str]:
        return (k for k, _ in self.items)

    def as_dict(self) -> dict[builtins.str, ParamValue]:
        return dict(self.items)


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """Which objects a cost, target, count or restriction accepts.

    All given fields must hold. ``types`` must all be present ("artifact creature");
    ``any_types`` needs at least one ("artifact or creature"); ``mana_value`` is a number
    or a variable name ("X") bound by the solver (Kozilek: the discarded card and the
    target spell share X). ``controller`` is relative to the ability's controller:
    ``"you"`` or ``"opponent"``.
    """

    types: frozenset[str] = frozenset()
    any_types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    any_subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[ManaType] = frozenset()  # at least one of these colors
    colorless: bool | None = None
    multicolored: bool | None = None
    mana_value: int | str | None = None
    controller: str | None = None  # "you" | "opponent"
    another: bool = False  # "another": not the source itself
    tapped: bool | None = None
    has_counters: bool | None = None
    name: str | None = None
    chosen_creature_type: bool = False  # "of the chosen type" (Cavern of Souls)
    #: "of the chosen color" (Caged Sun): has the color chosen for the filter's source
    #: (as it entered, CR 614.12, 607.2a); with none chosen, nothing matches.
    chosen_color: bool = False
    enchanted: bool = False  # the permanent the source is attached to ("enchanted land")
    keywords: frozenset[str] = frozenset()  # "with flying": has every one of them
    not_keywords: frozenset[str] = frozenset()  # "without flying"
    not_colors: frozenset[ManaType] = frozenset()  # "nonblack": none of these colors
    not_subtypes: frozenset[str] = frozenset()  # "non-Human"
    token: bool | None = None  # "creature token" / "nontoken"
    counter: str | None = None  # "with a +1/+1 counter on it" (CR 122.1)
    #: Comparisons of a characteristic with a number, each (characteristic, op, n):
    #: characteristic is "power", "toughness" or "mana_value"; op "<=" ("N or less")
    #: or ">=" ("N or greater"). An object without that characteristic (a noncreature's
    #: power) fails them (CR 208.3: only creatures have power and toughness). n may be a
    #: variable ("power X or less"), bound as ``mana_value`` is; unbound it matches.
    compare: tuple[tuple[str, str, int | str], ...] = ()
    #: Its part in combat (CR 506.4): "attacking", "blocking", "attacking_or_blocking",
    #: "blocked" or "unblocked" (an attacking creature, from the declare blockers step
    #: on, CR 509.1h).
    combat: str | None = None
    #: At least one of these must hold too ("a black or artifact creature": types
    #: creature, any_of: [colors B], [types artifact]).
    any_of: tuple[ObjectFilter, ...] = ()

    @property
    def is_empty(self) -> bool:
        return self == ObjectFilter()

    @property
    def compares_power(self) -> bool:
        """Whether it compares power or toughness, itself or in ``any_of`` ("with power
        4 or greater"): matching it reads layer 7 (CR 613.4)."""
        return any(c[0] != "mana_value" for c in self.compare) \
            or any(f.compares_power for f in self.any_of)


class CostKind(enum.Enum):
    """Parts of an activation cost other than mana, {T} and {Q} (CR 118, 602.2b)."""

    SACRIFICE_SELF = "sacrifice_self"
    SACRIFICE = "sacrifice"  # sacrifice N permanents matching a filter
    DISCARD = "discard"  # discard N cards matching a filter
    DISCARD_HAND = "discard_hand"
    PAY_LIFE = "pay_life"  # CR 119.4
    REMOVE_COUNTERS = "remove_counters"  # from the source; count may be "X"
    ADD_COUNTERS = "add_counters"  # put counters on the source ([+1] loyalty: CR 606.4)
    EXILE_SELF = "exile_self"  # e.g. exile this card from your hand (Spirit Guides)
    EXILE_FROM_GRAVEYARD = "exile_from_graveyard"
    TAP_UNTAPPED = "tap_untapped"  # tap N untapped permanents you control (not {T}: 302.6 n/a)
    REVEAL = "reveal"
    EXILE = "exile"  # exile N permanents you control matching a filter (Food Chain)
    DISCARD_SELF = "discard_self"  # discard this card (cycling, CR 702.29a)
    #: tap any number of untapped permanents you control (the filter's) whose total
    #: power is ``count`` or greater (crew, CR 702.122a)
    TAP_TOTAL_POWER = "tap_total_power"
    #: return N permanents you control (the filter's) to their owner's hand (ninjutsu's
    #: "an unblocked attacking creature you control", CR 702.49a)
    RETURN = "return"
    RETURN_SELF = "return_self"  # return this permanent to its owner's hand
    REVEAL_SELF = "reveal_self"  # reveal this card from your hand (ninjutsu, forecast)
    PAY_ENERGY = "pay_energy"  # pay {E} ``count`` times (CR 107.14)
    DISCARD_RANDOM = "discard_random"  # discard ``count`` cards at random (CR 701.9b)
    #: mill ``count`` cards: only with that many cards in your library (CR 701.17b)
    MILL = "mill"
    #: exert this permanent: it won't untap during your next untap step; always
    #: payable on the battlefield (CR 701.43a-c)
    EXERT_SELF = "exert_self"
    #: exile ``count`` cards from your hand matching the filter (Cadaverous Bloom)
    EXILE_FROM_HAND = "exile_from_hand"


#: A cost part in words ({n}: its count; {counter}: its counter kind).
_COST_WORDS = {
    CostKind.SACRIFICE_SELF: "Sacrifice this",
    CostKind.SACRIFICE: "Sacrifice {n} permanent(s)",
    CostKind.DISCARD: "Discard {n} card(s)",
    CostKind.DISCARD_HAND: "Discard your hand",
    CostKind.PAY_LIFE: "Pay {n} life",
    CostKind.REMOVE_COUNTERS: "Remove {n} {counter} counter(s)",
    CostKind.ADD_COUNTERS: "Put {n} {counter} counter(s) on this",
    CostKind.EXILE_SELF: "Exile this card",
    CostKind.EXILE_FROM_GRAVEYARD: "Exile {n} card(s) from a graveyard",
    CostKind.TAP_UNTAPPED: "Tap {n} untapped permanent(s) you control",
    CostKind.RETURN: "Return {n} permanent(s) you control to their owner's hand",
    CostKind.RETURN_SELF: "Return this to its owner's hand",
    CostKind.DISCARD_RANDOM: "Discard {n} card(s) at random",
    CostKind.REVEAL_SELF: "Reveal this card from your hand",
    CostKind.TAP_TOTAL_POWER: "Tap untapped creatures you control with total power {n} or "
                              "greater",
    CostKind.EXILE: "Exile {n} permanent(s) you control",
    CostKind.DISCARD_SELF: "Discard this card",
    CostKind.REVEAL: "Reveal {n} card(s)",
    CostKind.PAY_ENERGY: "Pay {n} energy",
    CostKind.MILL: "Mill {n} card(s)",
    CostKind.EXERT_SELF: "Exert this",
    CostKind.EXILE_FROM_HAND: "Exile {n} card(s) from your hand",
}


@dataclass(frozen=True, slots=True)
class CostPart:
    """One non-mana part of a cost. ``count`` may be an int or a variable name."""

    kind: CostKind
    count: int | str = 1
    filter: ObjectFilter = ObjectFilter()
    counter: str = ""  # for REMOVE_COUNTERS: the counter kind ("+1/+1", "charge")

    @property
    def text(self) -> str:
        if self.kind is CostKind.PAY_ENERGY:
            return "Pay " + "{E}" * int(self.count)
        return _COST_WORDS[self.kind].format(n=self.count, counter=self.counter)


@dataclass(frozen=True, slots=True)
class SpendRestriction:
    """A spending restriction on produced mana (CR 106.6).

    The mana may be spent to cast spells matching ``spells`` and, where
    ``abilities`` is given, to activate abilities of sources matching it. ``None``
    for either means that use is not allowed.
    """

    text: str
    spells: ObjectFilter | None = None
    abilities: ObjectFilter | None = None
    #: "This mana can't be spent to pay generic mana costs" (Jegantha, the
    #: Wellspring): a restriction on which *symbols* the mana pays, not on what it is
    #: spent for (CR 106.6). Generic mana costs are the numeric symbols and {X}
    #: (CR 107.4b), and the "two mana" half of a {2/W} symbol (CR 107.4e: a numeric
    #: half; the card's 2020-04-17 ruling: a generic mana cost "is any cost requiring
    #: mana where that cost isn't {C}, {W}, {U}, {B}, {R}, or {G}"). Whether {S} is one
    #: is left undecided (CR 107.4h sets it apart from generic mana; the ruling's
    #: words would include it): the payment solver leaves such snow mana out.
    not_generic: bool = False
    #: "Spend this mana only to cast spells from your graveyard" (Rootcoil Creeper): the
    #: spell must be cast from its caster's graveyard too. A card in the payer's
    #: graveyard is; a card elsewhere isn't; a spell already on the stack doesn't say
    #: where it was cast from, so the payment solver leaves such mana out for it.
    from_graveyard: bool = False
    #: Costs the mana may pay whatever they are for (CR 106.6, 601.2f): ``"with_x"``
    #: ("Spend this mana only on costs that contain {X}", Rosheen Meanderer: any part
    #: of a cost with an {X}, even with X = 0, its rulings), ``"with_c"`` ("pay a cost
    #: that contains {C}", Cultivator Drone), and costs no payment question names:
    #: ``"cumulative_upkeep"`` (CR 702.24a), ``"disturb"`` (CR 702.146a; a spell on the
    #: stack cast with ``alternative_cost: disturb`` is one) and ``"foretell"`` (a special
    #: action, CR 702.143a).
    costs: frozenset[str] = frozenset()
    #: "Spend this mana only to cast kicked spells" (Elfhame Druid): the spell must be
    #: kicked (its kicker cost paid, CR 702.33d). A spell cast for its total cost as
    #: the question states it (no kicker) isn't; where the state can't say, the payment
    #: solver leaves the mana out.
    kicked: bool = False
    #: "a spell ... without {X} in its mana cost" (Titans' Nest): the spell's mana cost
    #: has no {X} (an {X} in an additional or alternative cost doesn't count: its ruling).
    no_x_mana_cost: bool = False
    #: "Spend this mana only to cast spells with flashback from a graveyard" (Altar of
    #: the Lost): the spell has a keyword ability of this name, whatever its cost
    #: (``"Flashback"``, CR 702.34a), and is cast from a graveyard, anyone's (its
    #: rulings; not necessarily by that keyword). A spell on the stack doesn't say where
    #: it was cast from: the payment solver leaves such mana out for it.
    keyword_from_a_graveyard: str = ""
    #: "activate an ability of a creature or creature card of the chosen type" (Secluded
    #: Courtyard): ``abilities`` names cards as well as permanents. Without it, a
    #: filter that names a card type means a permanent of that type (CR 109.2), so a
    #: card's ability (unearth from a graveyard) isn't one of them.
    abilities_of_cards: bool = False
    #: "Spend this mana only to cast your commander" (Jeweled Lotus): the spell is one
    #: of the payer's commanders, the card the state's ``commander`` names (CR 903.3).
    commander: bool = False

    @property
    def any_use(self) -> bool:
        """Whether it allows every spell and ability (only ``not_generic`` restricts)."""
        return (self.spells is not None and self.abilities is not None
                and self.spells.is_empty and self.abilities.is_empty
                and not self.from_graveyard and not self.kicked and not self.no_x_mana_cost
                and not self.keyword_from_a_graveyard and not self.commander)


class ManaProductionKind(enum.Enum):
    """How a mana ability says what it adds (CR 106.1, 106.7)."""

    FIXED = "fixed"  # {C}{C}
    CHOICE = "choice"  # {B}{B}, {B}{R}, or {R}{R}
    ANY_COLOR = "any_color"  # N mana, each of any color ("in any combination of colors")
    ONE_COLOR = "one_color"  # N mana of any one color
    CHOSEN_COLOR = "chosen_color"  # one mana of the chosen color (Coldsteel Heart)
    COULD_PRODUCE = "could_produce"  # one mana of any type/color a land ... could produce
    DIFFERENT_COLORS = "different_colors"  # N mana of N different colors (Firemind Vessel)
    PRODUCED_TYPE = "produced_type"  # (triggered) one mana of any type that land produced
    #: one mana of any color among some objects' colors, or in the commander's color
    #: identity (Command Tower, Mox Amber, Meteor Crater): see ``ColorsRef``
    COLOR_AMONG = "color_among"
    # The ability adds mana (so CR 605.1a can classify it) but what it adds cannot be
    # expressed in the card format (devotion, "for each color among", an exiled card's
    # mana value, ...). Solvers must refuse to guess; the ability's text says what it adds.
    UNMODELLED = "unmodelled"
    #: For each type of mana (CR 106.1: W, U, B, R, G, C; snow is not a type), as much
    #: of it as is unspent in the controller's mana pool (CR 106.4), ``amount`` times,
    #: without the pool mana's restrictions: Doubling Cube's "Double the amount of each
    #: type of unspent mana you have" (its rulings) is ``amount`` 1. Only the payment
    #: solver models it (``solver.payments.copies``); every other solver treats it as
    #: unmodelled (what it adds depends on the pool at the time, CR 605.3a).
    POOL_COPY = "pool_copy"


@dataclass(frozen=True, slots=True)
class CouldProduceRef:
    """What a CR 106.7 "could produce" ability looks at.

    ``lands``: ``"you"`` (lands you control), ``"opponent"`` (lands an opponent
    controls) or ``"sacrificed"`` (the land sacrificed to pay the cost).
    ``of``: ``"type"`` (colorless included) or ``"color"`` (colorless excluded).
    """

    lands: str
    of: str
    #: Only the lands matching it ("a basic land you control", Star Compass; "a Gate
    #: you control", Plaza of Harmony); empty: every land.
    filter: ObjectFilter = ObjectFilter()


@dataclass(frozen=True, slots=True)
class ColorsRef:
    """Where a COLOR_AMONG production finds its colors.

    ``what`` is ``"commander_identity"`` (the colors of the controller's commander's
    color identity, CR 903.4, 702.124c: partners' combined; none without a commander,
    903.4f), ``"permanents"`` (the colors of the permanents ``filter`` accepts, as they
    are now, layer 5: CR 105.2, 613.1e; Mox Amber, Meteor Crater) or
    ``"your_graveyard"`` (the colors of the cards in the controller's graveyard:
    Corrupted Grafstone).
    """

    what: str
    filter: ObjectFilter = ObjectFilter()


@dataclass(frozen=True, slots=True)
class ManaProduction:
    """What a mana ability adds.

    ``amount`` is how many mana for ANY_COLOR / ONE_COLOR / CHOSEN_COLOR /
    COULD_PRODUCE; FIXED uses ``mana`` and CHOICE ``options``. ``per`` multiplies the
    whole production by the number of objects matching it ("Add {G} for each creature
    you control"). ``restriction`` applies to all of it (CR 106.6a).
    """

    kind: ManaProductionKind
    mana: tuple[ManaType, ...] = ()
    options: tuple[tuple[ManaType, ...], ...] = ()
    amount: int = 1
    could_produce: CouldProduceRef | None = None
    per: ObjectFilter | None = None
    restriction: SpendRestriction | None = None
    #: "an amount of {B} equal to the sacrificed creature's mana value" (Soldevi
    #: Adnate): the FIXED mana is repeated that many times.
    per_sacrificed_mana_value: bool = False
    #: "Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C}
    #: instead": when every condition of ``instead_if`` holds as the ability resolves,
    #: it adds ``instead`` (CR 605.3b: a mana ability resolves at once, so the board
    #: it looks at is the board it is activated on). Neither looks at what other
    #: permanents could produce (no COULD_PRODUCE, no unmodelled mana).
    instead_if: tuple[Condition, ...] = ()
    instead: ManaProduction | None = None
    #: How many times the production is made (an amount given by an expression; CR
    #: 107.3): ``"devotion"`` (your devotion to the mana's color, CR 700.5; for
    #: ONE_COLOR, to the color chosen: Nykthos), ``"power"`` (the source's power:
    #: Marwyn, Heronblade Elite), ``"life"`` (your life total: Sanctum of the Sun),
    #: ``"counters"`` (the ``amount_counter`` counters on the source: Everflowing
    #: Chalice), ``"graveyard"`` (the ``amount_filter`` cards in your graveyard),
    #: ``"greatest_power"`` (the greatest power among the ``amount_filter`` permanents,
    #: 0 if none: Selvala), ``"basic_land_types"`` (the basic land types among the
    #: ``amount_filter`` permanents: domain, Prismatic Geoscope), ``"revealed"`` (any
    #: number, chosen, of the ``amount_filter`` cards in your hand, revealed: Metalworker,
    #: CR 701.20a), ``"life_gained"`` and
    #: ``"cards_drawn"`` (the controller's this turn: Accomplished Alchemist, Kydele),
    #: ``"X"`` (below) or ``"number"`` (``amount_plus`` alone); then
    #: ``amount_plus`` is added. The FIXED mana that many times; for ONE_COLOR and
    #: ANY_COLOR (amount 1) that many mana; for CHOICE that many choices, each made on
    #: its own ("X mana in any combination of {W} and/or {U}").
    amount_of: str = ""
    #: For ``amount_of: X`` ("Remove any number of storage counters: Add {C} for each
    #: storage counter removed this way", Mage-Ring Network): the counter kind the
    #: ability's cost removes X of (CR 107.3, 118.3); set from the cost when the
    #: ability is read. The FIXED mana is added X times, X chosen from 0 to the
    #: counters on the source.
    x_counter: str = ""
    #: CHOSEN_COLOR only: "Add {R} or one mana of the chosen color" (Thriving Bluff):
    #: this mana instead of the chosen color's, at the player's choice.
    or_add: tuple[ManaType, ...] = ()
    #: COLOR_AMONG only: where its colors are found.
    colors_of: ColorsRef | None = None
    #: ``amount_of: counters``: the kind of the counters on the source whose number is
    #: the amount ("Add {C} for each charge counter on CARDNAME", CR 122.1).
    amount_counter: str = ""
    #: Added to the number ``amount_of`` names ("an amount of {C} equal to X plus one",
    #: Kyren Toy; "Add {B}, then add an additional {B} for each charge counter removed
    #: this way", the Mana Batteries). For ``amount_of: number`` it is the amount itself
    #: ("three mana in any combination of {R} and/or {G}": a CHOICE made three times).
    amount_plus: int = 0
    #: ``amount_of: graveyard``: the cards in the controller's graveyard it counts ("Add
    #: {B} for each black creature card in your graveyard", Crypt of Agadeem); for
    #: ``greatest_power`` and ``basic_land_types`` the permanents it looks at.
    amount_filter: ObjectFilter | None = None
    #: "Put a charge counter on CARDNAME. Add X mana ..., where X is the number of
    #: charge counters on CARDNAME" (Empowered Autogenerator): the kind of the one
    #: counter the ability puts on its source before the mana is added (CR 608.2c), as
    #: the effects on the battlefield change it (``model.placing``); with ``amount_of:
    #: counters`` only.
    counter_first: str = ""

    @property
    def refers_to_other_permanents(self) -> bool:
        """Whether what it adds depends on other objects than its source (could
        produce, colors among, the conditions of an "instead")."""
        return self.kind in (ManaProductionKind.COULD_PRODUCE,
                             ManaProductionKind.COLOR_AMONG) or bool(self.instead_if)


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of an ability's effect, as data: a kind and its parameters.

    The kinds are a closed vocabulary of generic rules verbs,
    :data:`manacheck.model.vocabulary.EFFECT_KINDS` (each with its parameters and CR
    rule): ``draw``/``draw_up_to`` (``count``), ``exile`` (``target``, or ``count``
    cards ``from`` a zone), ``sacrifice`` (``of: self`` or a ``filter``; ``if``/
    ``unless``: a condition), ``counter`` (``target``), ``put_counters`` (``counter``,
    ``count``, ``onto``: ``"self"`` or ``"target"``), ``put_counters_like`` (LKI
    counters of the trigger's object onto ``onto``), ``move_all_counters`` (from self
    onto ``target``), ``tap``/``untap``/``doesnt_untap``, ``look_at_top``, ``reveal``,
    ``search``, ``return_to_hand``, ``add_mana``, ``deal_damage``, ``lose_life``,
    ``gain_life`` ... ; words that can't be composed are ``other`` (``text``), which
    every solver refuses. No kind names a card.
    """

    kind: str
    params: Params = Params()

    def get(self, key: str, default: ParamValue = None) -> ParamValue:
        return self.params.get(key, default)


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition ("if you have fewer than seven cards in hand"), as data: a kind of
    :data:`manacheck.model.vocabulary.CONDITION_KINDS` ("fewer than seven cards in
    hand" is ``fewer_than`` with ``amount: {cards: hand}`` and ``count: 7``)."""

    kind: str
    params: Params = Params()


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """A target requirement (CR 115.1): a zone, or a player, and a filter.

    ``zone`` is ``"stack"`` (a spell or ability), ``"battlefield"`` (a permanent),
    ``"graveyard"`` (a card in a graveyard), ``"player"``, ``"player_or_planeswalker"``
    (a player the filter accepts, or any planeswalker: "target opponent or
    planeswalker"), or ``"any"`` (any target: creature, player, planeswalker or battle;
    CR 115.4).
    """

    zone: str
    filter: ObjectFilter = ObjectFilter()
    spell: bool = True  # on the stack: spells only (not abilities)
    text: str = ""
    count: int | str = 1  # how many targets: a number or a variable ("X target lands")
    up_to: bool = False  # "up to N target ...": any number from 0 to N (CR 115.1d)


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """An activated ability (CR 602): cost, effect, targets and instructions.

    ``mana_cost`` holds the mana symbols of the cost; ``tap``/``untap`` the {T}/{Q}
    symbols (CR 107.5, 107.6); ``costs`` every other part. ``timing`` is
    ``"instant"`` (the default, CR 602.5), ``"sorcery"`` ("Activate only as a
    sorcery", CR 602.5d) or ``"as_instant"`` ("Activate only as an instant",
    CR 602.5e: only with priority, so a mana ability with it can't be activated
    while paying a cost, CR 605.3a). ``zone`` is where the
    ability works from (the battlefield unless it says otherwise, CR 113.6).
    """

    mana_cost: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    costs: tuple[CostPart, ...] = ()
    mana: ManaProduction | None = None
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    timing: str = "instant"
    once_each_turn: bool = False
    condition: Condition | None = None
    zone: Zone = Zone.BATTLEFIELD
    loyalty: bool = False
    text: str = ""
    #: "Any player may activate this ability" (Mana Cache): CR 602.2's exception to
    #: "only its controller"; the player who activates it is "you" for it (CR 109.5),
    #: its condition is theirs, and its mana goes to their pool (CR 106.4).
    any_player: bool = False
    #: "Activate no more than three times each turn" (Manaforge Cinder): at most this
    #: many activations each turn (CR 602.5b), counted in the state's
    #: ``activated_this_turn``; 0 for no such limit.
    per_turn: int = 0

    def activations_left(self, activated: tuple[tuple[str, int], ...], source: str,
                         number: int) -> int | None:
        """How many more times this ability (``number`` of ``source``) may be activated
        this turn (CR 602.5b), or None for no limit."""
        if not self.once_each_turn and not self.per_turn:
            return None
        done = sum(1 for o, n in activated if o == source and n == number)
        return max((1 if self.once_each_turn else self.per_turn) - done, 0)

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: no target, could add mana, not a loyalty ability."""
        return self.mana is not None and not self.targets and not self.loyalty

    @property
    def cost_text(self) -> str:
        parts = []
        sym = self.mana_cost.text
        if sym:
            parts.append(sym)
        if self.tap:
            parts.append("{T}")
        if self.untap:
            parts.append("{Q}")
        parts.extend(c.text for c in self.costs)
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class SpellText:
    """What an instant or sorcery does as it resolves (its spell abilities, CR 113.3a,
    608.2): the effects of its lines read, in order (CR 608.2c), each on the target of
    its index among ``targets`` (chosen as it is cast, CR 601.2c). ``lines`` are the
    lines read so. A line not read isn't here: it stays an unread static, refused
    where it would act (``solver.resolution``)."""

    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """A triggered ability (CR 603): its event, whose event, intervening-if, effect.

    Events used: ``cast_self`` ("when you cast this spell"), ``enters``,
    ``leaves_battlefield``, ``dies``, ``attacks``, ``beginning_of_combat``,
    ``upkeep``, ``tapped_for_mana`` (CR 106.12a), ``mana_added`` ("whenever a land's
    ability causes you to add mana": any mana ability of an object matching
    ``subject``, {T} in its cost or not, CR 605.1b), ``becomes_tapped``.
    ``subject`` filters the object the event happens to; ``self_only`` means only
    this object. ``only_if_adds`` is a condition on the mana a mana trigger's event
    added (after replacement effects): ``chosen_color``, at least one mana of the color
    chosen for the trigger's source ("for mana of the chosen color", "one or more mana
    of the chosen color"; CR 106.12a).
    """

    event: str
    subject: ObjectFilter = ObjectFilter()
    self_only: bool = False
    intervening_if: Condition | None = None
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False
    mana: ManaProduction | None = None
    your_turn_only: bool = False
    text: str = ""
    only_if_adds: str = ""


@dataclass(frozen=True, slots=True)
class ManaReplacement:
    """A replacement effect on a mana production event (CR 106.12b, 614.1a).

    Applies when a permanent matching ``source`` is tapped for mana (if
    ``tapped_for_mana``) by a player matching ``player`` (``"you"``/``None`` = any).
    ``cases`` maps source filters to the type produced instead ("Plains produce {R}");
    ``set_type`` replaces every type (Pale Moon: colorless); ``set_amount`` also
    replaces the amount ("instead of any other type and amount": one mana);
    ``multiply`` multiplies the amount (Mana Reflection: 2). A source that matches
    several ``cases`` produces the type of any one of them, all its mana the same
    type (Reality Twist's 2013 ruling); ``only_if_produces`` makes the effect apply
    only while the event holds one of those types (re-checked per CR 616.1f). The
    solver is ``manacheck.solver.replacement``.
    """

    source: ObjectFilter = ObjectFilter()
    player: str | None = None
    tapped_for_mana: bool = True
    cases: tuple[tuple[ObjectFilter, ManaType], ...] = ()
    set_type: ManaType | None = None
    set_amount: int | None = None
    multiply: int | None = None
    only_if_produces: frozenset[ManaType] = frozenset()
    #: "If a land is tapped for two or more mana" (Damping Sphere): the effect applies
    #: only while the event holds at least this much mana (re-checked, CR 616.1f).
    only_if_at_least: int | None = None


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability (CR 604).

    ``kind`` is one of ``mana_replacement`` (with ``replacement``), ``land_types``
    (``affected`` lands become ``set_subtypes`` and lose other abilities, or gain
    ``add_subtypes``; CR 305.7, 613.1d), ``grant_ability`` (``affected`` objects have
    ``granted``), ``enters_with_counters`` (``counter``, ``count``: int or "X",
    CR 107.3m, 614.1c), ``cant_have_counters`` (its own object with ``self_only``, or
    the ``affected`` ones, can't have counters put on them: of the ``counter`` kind,
    or of any kind without one; CR 122.5, 122.6), ``counter_replacement`` (``counter``
    counters, or counters of every kind without one, that would be put on an
    ``affected`` object are ``multiply`` times as many instead, by an effect only with
    ``effects_only``; CR 614.1a, 616.1), ``token_replacement`` (tokens an effect would
    create under an ``affected`` player's control are ``multiply`` times as many; CR
    111.1, 614.1a), ``type_change`` (``affected`` objects gain
    ``add_types`` or have ``set_types``, layer 4, ``set_colors``, layer 5, lose
    their abilities and gain ``granted``, layer 6, and have ``set_power_toughness``,
    layer 7b; CR 613.1d-f, 613.4b, 613.6), ``spend_as_any_color``, ``cost_modifier``,
    ``pay_life_for_mana``
    (``params: {mana: B, life: 2}``: "For each {B} in a cost, you may pay 2 life rather
    than pay that mana", K'rrik) and ``other``
    (an effect known by its parameter, or only by its text: then ``affects`` names the
    rule families it could change, and every answer it could change is not decided).
    """

    kind: str
    affected: ObjectFilter = ObjectFilter()
    replacement: ManaReplacement | None = None
    set_subtypes: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    granted: ActivatedAbility | None = None
    counter: str = ""
    count: int | str = 0
    params: Params = Params()
    duration: str = ""
    text: str = ""
    #: For an effect the card format can't express (``kind: other`` with only text):
    #: the rule families it could change (``manacheck.model.effects.Family`` labels),
    #: and whether it changes only its own object. Read by the soundness check.
    affects: tuple[str, ...] = ()
    self_only: bool = False
    #: ``counter_replacement``: "twice that many ... are put instead" (Branching
    #: Evolution: 2), CR 614.1a; ``token_replacement``: "it creates twice that many of
    #: those tokens instead" (Doubling Season, CR 111.1, 614.1a).
    multiply: int | None = None
    #: ``counter_replacement``: only counters an effect puts ("If an effect would put
    #: one or more counters", Doubling Season), not those a cost puts (its ruling: a
    #: loyalty ability's cost isn't doubled).
    effects_only: bool = False
    #: ``type_change``: the card types the ``affected`` objects gain (layer 4, CR
    #: 613.1d), and the power and toughness they get (layer 7b, CR 613.4b): a number
    #: or ``"mana_value"`` (each its own mana value: March of the Machines).
    add_types: tuple[str, ...] = ()
    set_power_toughness: int | str | None = None
    #: ``type_change``: the card types the ``affected`` objects have instead of their
    #: own (layer 4: CR 205.1a, they keep the subtypes of the types they keep, and
    #: their supertypes, 205.4b); the colors they have instead (layer 5, CR 613.1e:
    #: ``"{C}"`` is colorless, 105.2c); whether they lose all their abilities (layer
    #: 6, CR 613.1f) before gaining ``granted``.
    set_types: tuple[str, ...] = ()
    set_colors: str | None = None
    lose_abilities: bool = False


Ability = ActivatedAbility | TriggeredAbility | StaticAbility


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """An alternative cost (CR 118.9), e.g. awaken. It never changes mana value (202.3)."""

    name: str
    mana_cost: ManaCost
    text: str = ""
    extra: Params = field(default_factory=Params)
