"""Card names for the page's autocomplete: one sorted index, built once at start.

The names are the whole card pool's (``manacheck.model.pool``), the built-in cards' and
those of the ``--cards`` files, each once. A query's matches are the names that start
with it (found by bisection in the folded, sorted names), then those with a word that
starts with it, then those that hold it anywhere; each group in alphabetical order.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["NameIndex"]


def _fold(name: str) -> str:
    return name.casefold()


@dataclass(frozen=True)
class NameIndex:
    """Card names, sorted by their folded spelling, with the folded spellings."""

    names: tuple[str, ...]
    folded: tuple[str, ...] = field(repr=False)

    @classmethod
    def of(cls, names: Iterable[str]) -> NameIndex:
        """The index of ``names`` (each once; a name that differs only in case from
        another is kept once, the first given)."""
        seen: dict[str, str] = {}
        for n in names:
            seen.setdefault(_fold(n), n)
        keys = sorted(seen)
        return cls(tuple(seen[k] for k in keys), tuple(keys))

    def __len__(self) -> int:
        return len(self.names)

    def complete(self, query: str, limit: int = 12) -> list[str]:
        """At most ``limit`` names matching ``query`` (any letter case): those that
        start with it first, then those with a word starting with it, then the rest
        that contain it."""
        q = _fold(" ".join(query.split()))
        if not q or limit <= 0:
            return []
        out: list[str] = []
        i = bisect.bisect_left(self.folded, q)
        while i < len(self.folded) and self.folded[i].startswith(q) and len(out) < limit:
            out.append(self.names[i])
            i += 1
        if len(out) >= limit:
            return out
        word: list[str] = []
        inside: list[str] = []
        for name, key in zip(self.names, self.folded, strict=True):
            at = key.find(q)
            if at <= 0:
                continue
            (word if not key[at - 1].isalnum() else inside).append(name)
            if len(word) >= limit:
                break
        return (out + word + inside)[:limit]
