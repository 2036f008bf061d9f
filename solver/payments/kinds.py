"""The pieces a payment board is made of: kinds of mana, options, groups, pool kinds.

Sources are grouped (interchangeable permanents in one :class:`Group`); each group
offers :class:`Option` s (an ability and the mana one activation of it adds); what an
option's validity depends on is its :class:`Kind` (the mana, snow, restriction, the
activation's own costs), shared by every option alike, so the exact check is memoized
per multiset of kinds.

Rules
-----
CR 106.6: spending restrictions (a kind keeps the restriction only where it forbids
something). CR 107.4: which mana each symbol accepts (:func:`type_classes` merges types
no symbol tells apart). CR 609.4b: spending mana as though it were another type
(:class:`SpendRule`). CR 119.4: life paid in an activation's cost. CR 602.1: how often an
ability may be activated (``Option.repeat``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from manacheck.model import (
    COLORS,
    ManaCost,
    ManaSymbol,
    ManaType,
    ObjectFilter,
    SpendRestriction,
    SymbolKind,
)
from manacheck.model.errors import BadInput

from ..amounts import Amounts

__all__ = [
    "NOT_STATED",
    "NO_SPEND_RULE",
    "POOL_COPY_WHY",
    "UNMODELLED_WHY",
    "Group",
    "Kind",
    "LeftOut",
    "Option",
    "PoolKind",
    "Slot",
    "SpendRule",
    "Stated",
    "accepts",
    "max_units",
    "min_units",
    "not_generic",
    "note",
    "symbol_slot",
    "type_classes",
]


@dataclass(frozen=True, slots=True)
class Kind:
    """What validity depends on: the mana of one activation and its cost side-effects.

    ``event`` is the activation's mana with types no symbol tells apart merged, and
    each type's count cut to the most mana any payment of the question can spend
    (``spending.cap_kinds``): the rest is always leftover, so validity can't see it.
    """

    event: Amounts
    snow: bool
    restriction: SpendRestriction | None
    mana_cost: ManaCost  # paid with other sources' mana (filter lands)
    life: int  # life paid as part of the activation cost (CR 119.4)
    filter_source: str  # card name of a mana-costing ability's source, else ""
    taps_other: int  # "Tap an untapped creature you control" (not {T}: no CR 302.6)
    taps_filter: ObjectFilter | None
    sacs_other: int = 0  # "Sacrifice a creature" (Ashnod's Altar): permanents it uses up
    sac_filter: int = -1  # index in Board.sac_filters of what it may sacrifice
    #: For a repeatable mana ability that costs mana and adds one mana ("{1}: Add
    #: {W}"): its card and ability; its mana never pays an activation of the same
    #: (``exact.flow_check``; ``sources.repeat_filters``). "" otherwise.
    self_feed: str = ""


@dataclass(frozen=True, slots=True)
class Option:
    ability: int
    kind: int
    exclusive: bool  # {T}, {Q}, sacrifice or exile: once per permanent
    repeat: int  # max activations per permanent when not exclusive
    taps_self: bool
    life: int = 0  # life paid as part of the activation cost (CR 119.4)
    #: The mana it really adds, exact (kinds may merge types and cut amounts).
    event: Amounts = Amounts((0, 0, 0, 0, 0, 0))
    gone: bool = False  # it sacrifices or exiles its own source (Lotus Petal)


@dataclass(slots=True)
class Group:
    ids: tuple[str, ...]
    name: str
    zone: str
    options: tuple[Option, ...]
    tappers: int  # members that could be tapped for a tap_untapped cost (0 or len(ids))
    tapper_filter_ok: tuple[bool, ...] = ()

    @property
    def size(self) -> int:
        return len(self.ids)

    def blocks(self) -> list[tuple[tuple[Option, ...], int]]:
        """The options that share one bound on how often they are used, each with the
        bound: the exclusive options ({T}, {Q}, sacrifice, exile) share the members,
        one each; the options of one other ability (what each activation of it may add)
        share its activations, ``repeat`` per member (Pentad Prism with two charge
        counters makes two mana in all, whatever their colors; CR 602.1, 118.3)."""
        out: list[tuple[tuple[Option, ...], int]] = []
        excl = tuple(o for o in self.options if o.exclusive)
        if excl:
            out.append((excl, self.size))
        by_ability: dict[int, list[Option]] = {}
        for o in self.options:
            if not o.exclusive:
                by_ability.setdefault(o.ability, []).append(o)
        out += [(tuple(opts), self.size * opts[0].repeat) for opts in by_ability.values()]
        return out


@dataclass(frozen=True, slots=True)
class PoolKind:
    type: ManaType
    snow: bool
    allowed: bool
    amount: int
    #: It can't pay generic mana costs (Jegantha's mana; ``SpendRestriction.not_generic``).
    not_generic: bool = False


def not_generic(r: object) -> bool:
    """Whether mana with restriction ``r`` can't pay generic mana costs (Jegantha)."""
    return isinstance(r, SpendRestriction) and r.not_generic


UNMODELLED_WHY = ("what it adds is not modelled by manacheck, so payments using it are not "
                   "listed or counted")


#: Why a pool-copying mana ability (Doubling Cube) is left out of the payments listed and
#: counted; ``copies`` decides on its own whether a payment with it exists.
POOL_COPY_WHY = ("what it adds depends on the unspent mana in your pool when it resolves "
                 "(CR 106.4, 605.3a), so payments using it are not listed or counted; "
                 "whether the cost can be paid with it is searched on its own")


class LeftOut(str):
    """Why a source is left out although it might be activated: the payment solver
    can't model it (its mana, a cost part, a condition). The answer is a lower bound."""


def note(object_id: str, number: int, why: str) -> str:
    """Why a source isn't used: it can't be activated now, or it is left out."""
    if isinstance(why, LeftOut):
        return f"{object_id} (ability {number}) is left out: {why}"
    return f"{object_id} (ability {number}) can't be activated: {why}"


@dataclass(frozen=True, slots=True)
class SpendRule:
    """CR 609.4b: how the paying player may spend mana "as though" it were another type.

    ``any_color``: mana of these types may be spent as though it were mana of any color
    (Chromatic Orrery: every type; Celestial Dawn: white). ``only_colorless``: mana of
    these types may be spent only as though it were colorless (Celestial Dawn: the
    others). It changes only what may pay a symbol, never the cost or what mana was
    spent, so {S}, restrictions and "mana produced by" still look at the real mana
    (609.4b; the snow rulings: snow is not a type).
    """

    any_color: frozenset[ManaType] = frozenset()
    only_colorless: frozenset[ManaType] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.any_color or self.only_colorless)


NO_SPEND_RULE = SpendRule()


@dataclass(frozen=True, slots=True)
class Stated:
    """What a payment question says of its cost beyond the symbols paid, for spend
    restrictions that look at the cost (CR 106.6, 601.2f).

    ``contains_x``: whether the cost as written contains {X} (CR 107.3: X is given its
    value before the cost is paid, so the symbols paid no longer show it); None when
    the caller doesn't say (the board works it out from what is paid for). ``total``:
    the cost is what is paid for's total cost as the solver computed it (its mana cost
    or ability cost, no kicker or other optional additional cost paid, no alternative
    cost; CR 601.2f), not a cost the question gave.
    """

    contains_x: bool | None = None
    total: bool = False


#: A question that says nothing of its cost beyond its symbols.
NOT_STATED = Stated()

_COLORED_KINDS = (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.MONO_HYBRID,
                  SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN,
                  SymbolKind.COLORLESS_HYBRID)


def accepts(sym: ManaSymbol, rule: SpendRule = NO_SPEND_RULE) -> frozenset[ManaType] | None:
    """The mana types one mana of which may pay ``sym``'s mana half (None: any type).

    CR 107.4a-e: a colored symbol (or a hybrid's colored half) takes its color; {C}
    takes colorless (107.4c); {C/W} either; generic and {S} any type ({S} also needs a
    snow source, checked apart). CR 609.4b: with a spend rule, ``any_color`` mana also
    pays the colored halves, and ``only_colorless`` mana pays none of them. {C} is not a
    color: no rule here lets colored mana pay it (Chromatic Orrery's ruling).
    """
    k = sym.kind
    if k is SymbolKind.COLORLESS:
        return frozenset({ManaType.C})
    if k in _COLORED_KINDS:
        colored = (frozenset(sym.colors) - rule.only_colorless) | rule.any_color
        if k is SymbolKind.COLORLESS_HYBRID:
            colored |= {ManaType.C}
        return colored
    return None


def type_classes(costs: Iterable[ManaCost], rule: SpendRule = NO_SPEND_RULE,
                 others: SpendRule | None = None) -> dict[ManaType, ManaType]:
    """Map each mana type to a representative of the types that every symbol of these
    costs treats alike (same "can this type pay it?" answers). ``rule`` is the first
    cost's spend rule, ``others`` the rest's (default the same)."""
    symbols: list[tuple[ManaSymbol, SpendRule]] = []
    for i, c in enumerate(costs):
        r = rule if i == 0 or others is None else others
        symbols += [(sym, r) for sym in c]

    def pays(sym_rule: tuple[ManaSymbol, SpendRule], t: ManaType) -> bool:
        ok = accepts(*sym_rule)
        return ok is None or t in ok

    rep: dict[tuple[bool, ...], ManaType] = {}
    out: dict[ManaType, ManaType] = {}
    for t in (*COLORS, ManaType.C):
        sig = tuple(pays(sym, t) for sym in symbols)
        out[t] = rep.setdefault(sig, t)
    return out


def min_units(s: ManaSymbol) -> int:
    """The fewest mana one symbol of an activation's cost can take: none for Phyrexian
    mana paid with life (CR 107.4f), one for {2/W} (CR 107.4e)."""
    if s.kind in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
        return 0
    return 1 if s.kind is SymbolKind.MONO_HYBRID else max_units(s)


def max_units(s: ManaSymbol) -> int:
    """The most mana one symbol can take ({2/W} takes two, {3} three)."""
    if s.kind is SymbolKind.GENERIC:
        return s.amount
    if s.kind is SymbolKind.MONO_HYBRID:
        return 2
    return 1


@dataclass(frozen=True, slots=True)
class Slot:
    """``count`` symbol units of one class. ``owner`` -1 is the cost itself, else the
    kind whose activation cost this is. ``accepts`` None means any type."""

    owner: int
    accepts: frozenset[ManaType] | None
    snow: bool
    life: bool
    count: int
    mono: bool
    symbol: str
    #: Units of a generic mana cost: a numeric symbol, {X} given a value (CR 107.4b), or
    #: the "two mana" half of a {2/W} (CR 107.4e), which ``not_generic`` mana can't pay.
    generic: bool = False


def symbol_slot(owner: int, s: ManaSymbol, n: int, rule: SpendRule = NO_SPEND_RULE,
                life: bool | None = None) -> Slot:
    """``n`` copies of symbol ``s`` as a slot. ``life``: whether 2 life may pay each
    (default: a Phyrexian symbol of the cost itself, CR 107.4f; the board says so for
    K'rrik, ``Board.life_payable``)."""
    k = s.kind
    ok = accepts(s, rule)
    if life is not None and k not in (SymbolKind.GENERIC, SymbolKind.SNOW):
        base = symbol_slot(owner, s, n, rule)
        return Slot(base.owner, base.accepts, base.snow, life, base.count, base.mono,
                    base.symbol, base.generic)
    if k in (SymbolKind.COLORED, SymbolKind.COLORLESS, SymbolKind.HYBRID,
             SymbolKind.COLORLESS_HYBRID):  # CR 107.4a-e
        return Slot(owner, ok, False, False, n, False, s.text)
    if k is SymbolKind.GENERIC:
        return Slot(owner, None, False, False, n * s.amount, False, s.text, generic=True)
    if k is SymbolKind.MONO_HYBRID:
        return Slot(owner, ok, False, False, n, True, s.text)
    if k is SymbolKind.PHYREXIAN or k is SymbolKind.HYBRID_PHYREXIAN:
        return Slot(owner, ok, False, owner == -1, n, False, s.text)
    if k is SymbolKind.SNOW:
        return Slot(owner, None, True, False, n, False, s.text)
    raise BadInput(f"{s.text} can't be paid with mana", suggestion="give X a value with --x")
