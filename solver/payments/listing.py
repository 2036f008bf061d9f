"""Listing payments as the counting programme sees them: no dead ends, bounded work.

The constraint problem of :mod:`.enumeration` checks a payment only once every
variable has a value, so on a board where few combinations pay (mana abilities that
cost mana: Signets, filter lands, Cascading Cataracts) it may walk a huge space to list
a single payment. Here the groups' options are added one at a time, as in
:mod:`.counting`, and every intermediate set of states is kept. The final states that
pass the exact check (with each pool amount and life payment) are the ends of the
payments; walking back from one, each step picks how many activations of one option
lead to a state the step before really reached, so every path walked is a payment and
each payment is reached once.

A state is (activations of each kind..., life paid for abilities, members of the
current block used); the kinds already tell how many sources a payment uses, so the
payments come out layer by layer (fewest activations first), as the constraint
problem's do. The states kept are bounded by ``limits.MAX_LIST_STATES`` in all,
counted as they are added; past it :class:`~.values.PaymentSearchLimit`.

Boards with "tap an untapped creature" costs or sacrifice outlets (budgets shared by
every group) are listed by the constraint problem instead (:func:`applies`).

Rules
-----
CR 601.2g-h: mana abilities are activated before the total cost is paid at once; the
exact check decides each whole payment. CR 602.1, 118.3: a repeatable ability's
options share its activations (``Group.blocks``). CR 119.4: life paid for abilities
and for Phyrexian symbols together at most the life total.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from . import exact, limits
from .board import Board
from .values import PaymentSearchLimit

__all__ = ["applies", "solutions"]

Core = tuple[int, ...]  # activations of each kind..., life paid for abilities
#: After each step: every core reached, with the members of the current block used.
Layer = dict[Core, set[int]]
#: One step: (group index, its options' indices, kind, life per activation, block
#: bound, first step of its block). Options of one block with the same kind and life
#: change the state alike, so they are one step; the payments split its activations
#: among them in every way.
Step = tuple[int, tuple[int, ...], int, int, int, bool]


def applies(b: Board) -> bool:
    """Whether payments of this board are listed here: the exact check isn't
    arithmetic, and no budget shared by every group (tappers, outlets) applies."""
    return b.simple is None and not b.uses_tappers and not b.uses_sacs


def _steps(b: Board) -> list[Step]:
    out: list[Step] = []
    for gi, g in enumerate(b.groups):
        index = {o: oi for oi, o in enumerate(g.options)}
        for options, bound in g.blocks():
            alike: dict[tuple[int, int], list[int]] = {}
            for o in options:
                alike.setdefault((o.kind, o.life), []).append(index[o])
            for n, ((kind, life), ois) in enumerate(alike.items()):
                out.append((gi, tuple(ois), kind, life, bound, n == 0))
    return out


def _splits(m: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``m`` as an ordered sum of ``parts`` numbers >= 0, the first
    part largest first (then the rest likewise). Without recursion: ``parts`` may be
    thousands (Mage-Ring Network's options of one kind)."""
    cur = [m] + [0] * (parts - 1)
    while True:
        yield tuple(cur)
        i = next((j for j in range(parts - 2, -1, -1) if cur[j] > 0), -1)
        if i < 0:
            return
        rest = sum(cur[i + 1:])
        cur[i] -= 1
        cur[i + 1] = rest + 1
        for j in range(i + 2, parts):
            cur[j] = 0


def _forward(b: Board, steps: list[Step], budget: int | None = None) -> list[Layer]:
    """The layers after each step (index 0: before any), within ``budget`` states
    (default ``limits.MAX_LIST_STATES``)."""
    nk = len(b.kinds)
    plain = [not k.mana_cost for k in b.kinds]
    if budget is None:
        budget = limits.MAX_LIST_STATES
    kept = 1
    layers: list[Layer] = [{(0,) * (nk + 1): {0}}]
    for _gi, _oi, k, life, bound, first in steps:
        nxt: Layer = {}
        for core, useds in layers[-1].items():
            total = sum(core[:nk])
            plains = sum(core[i] for i in range(nk) if plain[i])
            for used in ((0,) if first else useds):
                for m in range(bound - used + 1):
                    if m and (total + m > b.max_activations
                              or (plain[k] and plains + m > b.max_plain)):
                        break
                    lst = list(core)
                    lst[k] += m
                    lst[nk] += m * life
                    have = nxt.setdefault(tuple(lst), set())
                    if used + m in have:
                        continue
                    have.add(used + m)
                    kept += 1
                    if kept > budget:
                        raise PaymentSearchLimit(
                            f"listing stopped after {budget:,} partial states")
        layers.append(nxt)
    return layers


class _Ends:
    """(activations, final core, pool amounts, Phyrexian symbols paid with life) of
    every payment's end, fewest activations first, each checked exactly only when the
    walk gets to it: the first payment doesn't check (or order) every final state."""

    def __init__(self, b: Board, last: Layer) -> None:
        nk = len(b.kinds)
        pool_ranges = [range(pk.amount + 1) for pk in b.pool]
        self.b = b
        self.candidates = sorted(
            (sum(core[:nk]), core, pool, life) for core in last
            for pool in itertools.product(*pool_ranges) for life in range(b.life_top + 1))
        self.found: list[tuple[int, Core, tuple[int, ...], int]] = []
        self.checked = 0

    def __iter__(self) -> Iterator[tuple[int, Core, tuple[int, ...], int]]:
        nk = len(self.b.kinds)
        i = 0
        while True:
            if i < len(self.found):
                yield self.found[i]
                i += 1
                continue
            if self.checked >= len(self.candidates):
                return
            end = self.candidates[self.checked]
            _acts, core, pool, life = end
            ok = exact.valid(self.b, core[:nk], pool, life, 0, 0, core[nk])  # may raise
            self.checked += 1
            if ok:
                self.found.append(end)


def solutions(b: Board, layer: int | None = None, budget: int | None = None
              ) -> Iterator[dict[Any, Any]]:
    """Every payment as a solution mapping (``("n", group, option)``: activations,
    ``("p", i, 0)``: pool mana spent, ``("l", 0, 0)``: Phyrexian symbols paid with
    life), fewest activations first; only those with ``layer`` activations if given."""
    if b.listing is None:  # computed once per board (``best`` asks layer by layer)
        steps = _steps(b)
        layers = _forward(b, steps, budget)
        b.listing = (steps, layers, _Ends(b, layers[-1]))
    steps, layers, ends = b.listing
    nk = len(b.kinds)
    for acts, core, pool, life in ends:
        if layer is not None and acts != layer:
            continue
        base: dict[Any, Any] = {("p", i, 0): n for i, n in enumerate(pool)}
        base[("l", 0, 0)] = life
        for used in sorted(layers[-1][core]):
            for picks in _back(steps, layers, nk, core, used):
                splits = [_splits(m, len(step[1])) for step, m in zip(steps, picks,
                                                                       strict=True)]
                for parts in itertools.product(*splits):
                    sol = dict(base)
                    for step, split in zip(steps, parts, strict=True):
                        for oi, n in zip(step[1], split, strict=True):
                            sol[("n", step[0], oi)] = n
                    yield sol


def _back(steps: list[Step], layers: list[Layer], nk: int, core: Core, used: int
          ) -> Iterator[tuple[int, ...]]:
    """Every way (activations at each step) to reach ``(core, used)`` after the last
    step: a depth-first walk back through the layers, each move to a state the layer
    before really holds, so no walk is a dead end."""
    # (step j, core and members used after step j, activations at steps j..)
    stack: list[tuple[int, Core, int, tuple[int, ...]]] = [(len(steps), core, used, ())]
    while stack:
        j, cur, u, tail = stack.pop()
        if j == 0:
            yield tail
            continue
        _gi, _oi, k, life, _bound, first = steps[j - 1]
        before = layers[j - 1]
        for m in ((u,) if first else range(u + 1)):
            if m > cur[k] or m * life > cur[nk]:
                continue
            lst = list(cur)
            lst[k] -= m
            lst[nk] -= m * life
            prev = tuple(lst)
            had = before.get(prev)
            if had is None:
                continue
            # A block's first option starts from 0 members used: any "used" of the
            # block before may precede it. Otherwise the members used before are known.
            for pu in (sorted(had) if first else (u - m,) if u - m in had else ()):
                stack.append((j - 1, prev, pu, (m, *tail)))
