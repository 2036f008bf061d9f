"""Exact amounts of mana: one mana event as counts per type, never one element per mana.

Thirty Nyxbloom Ancients make a Forest add 3^30 = 205,891,132,094,649 green mana. The
rules set no cap on an amount of mana (CR 107.1: numbers are whole numbers; CR 106.4:
the pool holds whatever was added), and Python integers don't overflow, so an event
is kept as six counts (WUBRGC) and everything that reads it asks for counts, types or
a total: nothing builds a tuple, list or string with one element per mana.

:class:`Amounts` deliberately has no ``__len__`` and no ``__iter__``: code that used
to treat an event as a tuple of types must say what it means (``total``, ``count``,
``types``), and the type checker finds every place that didn't.

Rules
-----
CR 106.1, 106.4: mana, its types and the pool. CR 107.1: amounts are whole numbers.
CR 106.12b, 614.1a, 616.1: replacement effects may multiply what an ability adds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from manacheck.model import MANA_TYPES, ManaType

__all__ = ["RUN_SHOWN", "Amounts", "Vector", "fmt_amounts"]

#: The same event as counts per type in WUBRGC order.
Vector = tuple[int, int, int, int, int, int]

#: Up to this many mana of one type are written out symbol by symbol (``{G}{G}{G}``);
#: more are written ``{G}×N`` (exact, never expanded).
RUN_SHOWN = 16

_INDEX = {t: i for i, t in enumerate(MANA_TYPES)}


@dataclass(frozen=True, slots=True)
class Amounts:
    """One mana event (a multiset of mana types) as exact counts per type.

    Parameters
    ----------
    counts : Vector
        How many mana of each type, WUBRGC order; whole numbers of any size.

    Examples
    --------
    >>> from manacheck.model import ManaType as T
    >>> e = Amounts.of([T.G, T.G, T.W])
    >>> e.total, e.count(T.G), e.types
    (3, 2, (ManaType.W, ManaType.G))
    >>> Amounts.one(T.G, 3 ** 30).text
    '{G}×205891132094649'
    >>> Amounts.one(T.G, 3 ** 30).capped(4).text
    '{G}{G}{G}{G}'

    Rules
    -----
    CR 106.1, 106.4, 107.1 (see the module docstring).
    """

    counts: Vector

    @classmethod
    def of(cls, mana: Iterable[ManaType] | Amounts) -> Amounts:
        """The event of these mana (a tuple of types, one per mana), or itself."""
        if isinstance(mana, Amounts):
            return mana
        v = [0] * 6
        for t in mana:
            v[_INDEX[t]] += 1
        return cls((v[0], v[1], v[2], v[3], v[4], v[5]))

    @classmethod
    def one(cls, t: ManaType, n: int) -> Amounts:
        """``n`` mana of type ``t``."""
        v = [0] * 6
        v[_INDEX[t]] = n
        return cls((v[0], v[1], v[2], v[3], v[4], v[5]))

    @property
    def total(self) -> int:
        """How many mana in all."""
        return sum(self.counts)

    def count(self, t: ManaType) -> int:
        """How many mana of type ``t``."""
        return self.counts[_INDEX[t]]

    @property
    def types(self) -> tuple[ManaType, ...]:
        """The types it has, each once, WUBRGC order."""
        return tuple(t for t, n in zip(MANA_TYPES, self.counts, strict=True) if n)

    def items(self) -> tuple[tuple[ManaType, int], ...]:
        """(type, count) for each type it has, WUBRGC order."""
        return tuple((t, n) for t, n in zip(MANA_TYPES, self.counts, strict=True) if n)

    def capped(self, most: int) -> Amounts:
        """Each type's count cut to at most ``most``."""
        c = self.counts
        return Amounts((min(c[0], most), min(c[1], most), min(c[2], most),
                        min(c[3], most), min(c[4], most), min(c[5], most)))

    def __add__(self, other: Amounts) -> Amounts:
        a, b = self.counts, other.counts
        return Amounts((a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4],
                        a[5] + b[5]))

    def __bool__(self) -> bool:
        return any(self.counts)

    def listed(self, most: int) -> tuple[ManaType, ...] | None:
        """The event as a sorted tuple of types (one per mana), or None if it holds
        more than ``most`` mana (it is never built then)."""
        if self.total > most:
            return None
        return tuple(t for t, n in zip(MANA_TYPES, self.counts, strict=True)
                     for _ in range(n))

    @property
    def sort_key(self) -> tuple[tuple[int, int, int], ...]:
        """Orders events as their sorted tuples of types compare (lexicographically,
        by WUBRGC order), without building them.

        One entry per run of one type: a tuple that ends with this run sorts before
        one that goes on (it is a prefix, or has a later type where the other still
        has this one); among runs that end, the shorter first; among runs that go
        on, the longer first (the shorter one reaches a later type sooner).
        """
        runs = [(t.order, n) for t, n in zip(MANA_TYPES, self.counts, strict=True) if n]
        return tuple((order, 0, n) if i == len(runs) - 1 else (order, 1, -n)
                     for i, (order, n) in enumerate(runs))

    @property
    def text(self) -> str:
        """Symbols, WUBRGC order: ``{G}{G}``, or ``{G}×N`` for more than
        :data:`RUN_SHOWN` of one type (exact, never expanded)."""
        return fmt_amounts(self)

    def to_data(self) -> dict[str, int]:
        """Exact counts by type letter (JSON: exact integers)."""
        return {t.value: n for t, n in self.items()}

    def __repr__(self) -> str:
        return f"Amounts({self.text or 'nothing'})"


def fmt_amounts(event: Amounts | Iterable[ManaType]) -> str:
    """Mana as symbols in WUBRGC order, compact for long runs (see :attr:`Amounts.text`)."""
    e = Amounts.of(event)
    parts = []
    for t, n in e.items():
        sym = "{" + t.value + "}"
        parts.append(sym * n if n <= RUN_SHOWN else f"{sym}×{n}")
    return "".join(parts)
