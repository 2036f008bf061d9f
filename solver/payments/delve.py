"""Delve as a way to pay: the union over each number of cards exiled.

Rules
-----
CR 702.66a: for each generic mana in the total cost, you may exile a card from your
graveyard rather than pay that mana. Which cards doesn't make payments distinct; how
many does (``Payment.delved``). The spell itself is on the stack while it is paid for
(CR 601.2a), so it isn't one of the cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from .board import Board
from .bounds import CountBounds
from .enumeration import Payments
from .values import Payment

__all__ = ["DelvePayments"]


class DelvePayments(Payments):
    """The payments of a spell with delve (CR 702.66a): for each number k of cards
    exiled from the graveyard, the payments of the cost with k generic mana less,
    each marked ``delved=k``. Counts and listings are their sums and unions."""

    def __init__(self, board: Board, parts: list[tuple[int, Payments]],
                 limit: int | None = None) -> None:
        super().__init__(board, limit)
        self._parts = parts

    @property
    def left_out(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x for _, p in self._parts for x in p.left_out))

    @property
    def count_only(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x for _, p in self._parts for x in p.count_only))

    @property
    def count_sequences(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x for _, p in self._parts for x in p.count_sequences))

    def __iter__(self) -> Iterator[Payment]:
        n = 0
        for k, p in self._parts:
            for q in p:
                if self.limit is not None and n >= self.limit:
                    return
                n += 1
                yield dataclasses.replace(q, delved=k)

    def found(self) -> bool:
        return any(p.found() for _, p in self._parts)

    def witness(self) -> Payment | None:
        for k, p in self._parts:
            q = p.witness()
            if q is not None:
                return dataclasses.replace(q, delved=k)
        return None

    def count_found(self, max_checks: int | None = None, max_states: int | None = None
                    ) -> int:
        total = sum(p.count_found(max_checks, max_states) for _, p in self._parts)
        return min(total, self.limit) if self.limit is not None else total

    def count_bounds(self) -> CountBounds:
        parts = [p.count_bounds() for _, p in self._parts]
        most = [q.at_most for q in parts]
        return CountBounds(sum(q.at_least for q in parts),
                           None if None in most else sum(m or 0 for m in most))

    def count_by_enumeration(self) -> int:
        return sum(p.count_by_enumeration() for _, p in self._parts)

    def best(self, n: int, max_scan: int | None = None, whole: bool = True
             ) -> list[Payment]:
        found: list[Payment] = []
        self.best_complete = True
        self.best_stopped = ""
        for k, p in self._parts:
            found.extend(dataclasses.replace(q, delved=k)
                         for q in p.best(n, max_scan, whole))
            self.best_complete = self.best_complete and p.best_complete
            self.best_stopped = self.best_stopped or p.best_stopped
        return sorted(found, key=lambda q: (q.permanents + q.delved, *q.sort_key()[1:]))[:n]

    def __contains__(self, proposed: object) -> bool:
        if not isinstance(proposed, Payment):
            return False
        for k, p in self._parts:
            if k == proposed.delved:
                return dataclasses.replace(proposed, delved=0) in p
        return False
