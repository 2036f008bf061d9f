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
no symbol tells apart). CR 119.4: life paid in an activation's cost. CR 602.1: how often
an ability may be activated (``Option.repeat``).
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

__all__ = [
    "UNMODELLED_WHY",
    "Group",
    "Kind",
    "LeftOut",
    "Option",
    "PoolKind",
    "Slot",
    "max_units",
    "note",
    "symbol_slot",
    "type_classes",
]


@dataclass(frozen=True, slots=True)
class Kind:
    """What validity depends on: the mana of one activation and its cost side-effects."""

    event: tuple[ManaType, ...]
    snow: bool
    restriction: SpendRestriction | None
    mana_cost: ManaCost  # paid with other sources' mana (filter lands)
    life: int  # life paid as part of the activation cost (CR 119.4)
    filter_source: str  # card name of a mana-costing ability's source, else ""
    taps_other: int  # "Tap an untapped creature you control" (not {T}: no CR 302.6)
    taps_filter: ObjectFilter | None
    sacs_other: int = 0  # "Sacrifice a creature" (Ashnod's Altar): permanents it uses up
    sac_filter: int = -1  # index in Board.sac_filters of what it may sacrifice


@dataclass(frozen=True, slots=True)
class Option:
    ability: int
    kind: int
    exclusive: bool  # {T}, {Q}, sacrifice or exile: once per permanent
    repeat: int  # max activations per permanent when not exclusive
    taps_self: bool
    life: int = 0  # life paid as part of the activation cost (CR 119.4)
    event: tuple[ManaType, ...] = ()  # the mana it really adds (kinds may merge types)
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


@dataclass(frozen=True, slots=True)
class PoolKind:
    type: ManaType
    snow: bool
    allowed: bool
    amount: int


UNMODELLED_WHY = ("what it adds is not modelled by manacheck, so payments using it are not "
                   "listed or counted")


class LeftOut(str):
    """Why a source is left out although it might be activated: the payment solver
    can't model it (its mana, a cost part, a condition). The answer is a lower bound."""


def note(object_id: str, number: int, why: str) -> str:
    """Why a source isn't used: it can't be activated now, or it is left out."""
    if isinstance(why, LeftOut):
        return f"{object_id} (ability {number}) is left out: {why}"
    return f"{object_id} (ability {number}) can't be activated: {why}"


def type_classes(costs: Iterable[ManaCost]) -> dict[ManaType, ManaType]:
    """Map each mana type to a representative of the types that every symbol of these
    costs treats alike (same "can this type pay it?" answers)."""
    symbols = [sym for c in costs for sym in c]

    def pays(sym: ManaSymbol, t: ManaType) -> bool:
        k = sym.kind
        if k is SymbolKind.COLORLESS:
            return t is ManaType.C
        if k in (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.MONO_HYBRID,
                 SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            return t in sym.colors
        if k is SymbolKind.COLORLESS_HYBRID:
            return t in sym.colors or t is ManaType.C
        return True

    rep: dict[tuple[bool, ...], ManaType] = {}
    out: dict[ManaType, ManaType] = {}
    for t in (*COLORS, ManaType.C):
        sig = tuple(pays(sym, t) for sym in symbols)
        out[t] = rep.setdefault(sig, t)
    return out


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


def symbol_slot(owner: int, s: ManaSymbol, n: int) -> Slot:
    k = s.kind
    if k is SymbolKind.COLORED:
        return Slot(owner, frozenset(s.colors), False, False, n, False, s.text)
    if k is SymbolKind.COLORLESS:
        return Slot(owner, frozenset({ManaType.C}), False, False, n, False, s.text)
    if k is SymbolKind.GENERIC:
        return Slot(owner, None, False, False, n * s.amount, False, s.text)
    if k is SymbolKind.HYBRID:
        return Slot(owner, frozenset(s.colors), False, False, n, False, s.text)
    if k is SymbolKind.MONO_HYBRID:
        return Slot(owner, frozenset(s.colors), False, False, n, True, s.text)
    if k is SymbolKind.COLORLESS_HYBRID:  # CR 107.4e: its color or colorless (107.4c)
        return Slot(owner, frozenset((*s.colors, ManaType.C)), False, False, n, False,
                    s.text)
    if k is SymbolKind.PHYREXIAN or k is SymbolKind.HYBRID_PHYREXIAN:
        return Slot(owner, frozenset(s.colors), False, owner == -1, n, False, s.text)
    if k is SymbolKind.SNOW:
        return Slot(owner, None, True, False, n, False, s.text)
    raise BadInput(f"{s.text} can't be paid with mana", suggestion="give X a value with --x")
