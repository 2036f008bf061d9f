"""The exact check through mana abilities that cost mana, as conversions of mana vectors.

A Signet ("{1}, {T}: Add {W}{U}"), a filter land ("{W/U}, {T}: Add {W}{W}, {W}{U}, or
{U}{U}") or Cabal Coffers converts mana: it takes mana of the pool and gives other mana
(CR 605.3a: its cost is paid from mana already made, never its own). Whether a multiset
of activations pays a cost (:func:`.exact.valid`) then asks for an order of those
activations; :func:`.exact.find_order` searches it one position at a time, each node a
max-flow. This module decides the same question with a dynamic programme over *mana
vectors* instead, memoized on the board, with no max-flow:

* The activations with no mana cost come first (nothing is lost by it: their mana can
  only help a later cost, CR 601.2g-h), then the mana-costing ones one at a time.
* The state is (the mana-costing activations still to make, per kind; the mana of each
  type in the pool that *must* still be spent; the mana of each type that *may* be).
  Every activation must give at least one mana to the cost or to a later activation's
  cost (the definition of a payment, :mod:`manacheck.solver.payments`): one unit of each
  activation's mana, of a type it chooses, is a "must" unit; pool mana is spent in full,
  so it is all "must". Units of one type are interchangeable, so paying with a "must"
  unit before a "may" unit of the same type is never worse (swap them), and the
  programme pays that way.
* It ends when every activation is made and the cost can be paid from the pool with
  every "must" unit spent: a small flow from types to the cost's symbols with lower
  bounds (the "must" units) and upper bounds (all units), checked in two phases.

Every multiset of activations is then decided exactly, and the same as by the
max-flow order search on every board where the programme applies (a property test
compares them). It applies only where its assumptions provably hold (:func:`applies`):
symbols that are generic, colored, {C} or hybrid (no {2/W}, Phyrexian, {S}); no spend
rule (CR 609.4b) or spending restriction (CR 106.6); no life paid (CR 119.4); no
"tap an untapped creature" or "sacrifice a permanent" costs; mana events (triggered
mana included, CR 106.12a, as the board's kinds already hold it) of modest size; else
:func:`valid` answers None and the caller runs the max-flow search.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 605.3a: a mana ability that costs mana is paid with mana made before it.
CR 106.4: mana not spent is left over. CR 107.4a-c, 107.4e: which mana pays which
symbol (a hybrid symbol by either of its halves).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from manacheck.model import MANA_TYPES, ManaCost, SymbolKind

from .board import Board
from .kinds import accepts

__all__ = ["Converter", "applies", "converter", "order_for", "valid"]

#: Symbol kinds the programme pays exactly (CR 107.4a-c, 107.4e).
_KINDS = (SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.COLORLESS,
          SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID)
#: The largest cost (in mana) and mana event the programme takes (amounts have no cap,
#: CR 107.1; huge ones go to the max-flow, which works on counts).
_MOST = 40
#: States one board's programme may memoize before it answers None (the max-flow then
#: decides): a budget, never a guess.
MAX_STATES = 400_000

Vec = tuple[int, ...]
_T = {t: i for i, t in enumerate(MANA_TYPES)}
_ZERO: Vec = (0,) * len(MANA_TYPES)


def _units(cost: ManaCost) -> list[frozenset[int] | None]:
    """One entry per mana the cost takes: the type indexes that may pay it (None: any)."""
    out: list[frozenset[int] | None] = []
    for s in cost:
        ok = accepts(s)
        n = s.amount if s.kind is SymbolKind.GENERIC else 1
        out += [None if ok is None else frozenset(_T[t] for t in ok)] * n
    return out


def _payments(units: list[frozenset[int] | None]) -> list[Vec]:
    """Every distinct vector of mana (by type) that pays these units."""
    choices = [range(len(MANA_TYPES)) if u is None else sorted(u) for u in units]
    out: set[Vec] = set()
    for combo in itertools.product(*choices):
        v = [0] * len(MANA_TYPES)
        for i in combo:
            v[i] += 1
        out.add(tuple(v))
    return sorted(out)


class Converter:
    """The programme's data for one board: each kind's mana and the ways to pay its
    cost, the cost's symbols, and the memo of decided states."""

    def __init__(self, b: Board) -> None:
        self.board = b
        self.event: list[Vec] = []
        self.pays: list[list[Vec]] = []
        self.cost_units: list[int] = []
        for k in b.kinds:
            v = [0] * len(MANA_TYPES)
            for t, n in k.event.items():
                v[_T[t]] += n
            self.event.append(tuple(v))
            units = _units(k.mana_cost)
            self.cost_units.append(len(units))
            self.pays.append(_payments(units) if units else [])
        main: dict[frozenset[int] | None, int] = {}
        for u in _units(b.cost):
            main[u] = main.get(u, 0) + 1
        #: The cost's symbols as (type indexes accepted or None, how many).
        self.main = sorted(main.items(), key=lambda kv: (kv[0] is None, sorted(kv[0] or ())))
        self.d_main = sum(main.values())
        self.memo: dict[tuple[Vec, Vec, Vec], bool] = {}
        self.final_memo: dict[tuple[Vec, Vec], bool] = {}

    # -- the end: pay the cost itself ---------------------------------------------------
    def final(self, must: Vec, may: Vec) -> bool:
        """Whether the cost can be paid from this pool with every "must" unit spent.

        A flow from types to the cost's symbols: first only the "must" units (all of
        them must get through), then the "may" units added; augmenting never takes
        back flow leaving the source, so the "must" units stay spent (CR 601.2h: the
        cost is paid in full, exactly).
        """
        key = (must, may)
        r = self.final_memo.get(key)
        if r is None:
            r = self._final(must, may)
            self.final_memo[key] = r
        return r

    def _final(self, must: Vec, may: Vec) -> bool:
        d = self.d_main
        if sum(must) > d or sum(must) + sum(may) < d:
            return False
        nt = len(MANA_TYPES)
        ns = len(self.main)
        # Nodes: 0 source, 1..nt types, then the symbol classes, then the sink.
        sink = 1 + nt + ns
        n = sink + 1
        cap = [[0] * n for _ in range(n)]
        for j, (ok, c) in enumerate(self.main):
            cap[1 + nt + j][sink] = c
            for i in range(nt):
                if ok is None or i in ok:
                    cap[1 + i][1 + nt + j] = d
        for i in range(nt):
            cap[0][1 + i] = must[i]
        flow = _maxflow(cap, 0, sink, 0)
        if flow < sum(must):
            return False
        for i in range(nt):
            cap[0][1 + i] += may[i]
        return _maxflow(cap, 0, sink, flow) == d

    # -- the programme ------------------------------------------------------------------
    def finish(self, rem: Vec, must: Vec, may: Vec) -> bool:
        """Whether the mana-costing activations ``rem`` (per kind) can all be made, in
        some order, from this pool, and the cost then paid with every "must" unit
        spent. Raises :class:`_Spent` past :data:`MAX_STATES` states."""
        # Mana of a type beyond every symbol still to pay can only be left over.
        room = self.d_main + sum(n * self.cost_units[k] for k, n in enumerate(rem))
        if max(may) > room:
            may = tuple(min(x, room) for x in may)
        key = (rem, must, may)
        r = self.memo.get(key)
        if r is not None:
            return r
        if len(self.memo) > MAX_STATES:
            raise _Spent
        r = self._finish(rem, must, may)
        self.memo[key] = r
        return r

    def _finish(self, rem: Vec, must: Vec, may: Vec) -> bool:
        if not any(rem):
            return self.final(must, may)
        # Every "must" unit, and one of each activation still to make, needs a symbol
        # to pay: the cost's or a later activation's cost.
        slots = self.d_main + sum(n * self.cost_units[k] for k, n in enumerate(rem))
        if sum(must) + sum(rem) > slots:
            return False
        return any(True for _ in self._moves(rem, must, may))

    def _moves(self, rem: Vec, must: Vec, may: Vec
               ) -> itertools.chain[tuple[int, Vec, Vec]]:
        """The next activations that lead to a payment: (kind, the pool after it)."""
        return itertools.chain.from_iterable(
            self._moves_of(k, rem, must, may) for k, n in enumerate(rem) if n)

    def _moves_of(self, k: int, rem: Vec, must: Vec, may: Vec
                  ) -> list[tuple[int, Vec, Vec]]:
        out: list[tuple[int, Vec, Vec]] = []
        nt = len(MANA_TYPES)
        left = list(rem)
        left[k] -= 1
        rest = tuple(left)
        ev = self.event[k]
        # Paying with mana that must be spent first: the likelier way to a payment.
        ok = [pay for pay in self.pays[k]
              if all(pay[i] <= must[i] + may[i] for i in range(nt))]
        ok.sort(key=lambda pay: -sum(min(must[i], pay[i]) for i in range(nt)))
        for pay in ok:
            m1 = [must[i] - min(must[i], pay[i]) for i in range(nt)]
            o1 = [may[i] - (pay[i] - min(must[i], pay[i])) for i in range(nt)]
            for t in range(nt):
                if not ev[t]:
                    continue
                m2 = tuple(m1[i] + (i == t) for i in range(nt))
                o2 = tuple(o1[i] + ev[i] - (i == t) for i in range(nt))
                if self.finish(rest, m2, o2):
                    out.append((k, m2, o2))
                    return out
        return out

    def starts(self, counts: Sequence[int], pool: Sequence[int]) -> set[tuple[Vec, Vec]]:
        """The pools after every activation without a mana cost and the pool mana: one
        per choice of each activation's "must" unit type (its other units "may")."""
        b = self.board
        nt = len(MANA_TYPES)
        base = [0] * nt
        for i, n in enumerate(pool):
            base[_T[b.pool[i].type]] += n
        states: set[tuple[Vec, Vec]] = {(tuple(base), _ZERO)}
        for k, n in enumerate(counts):
            if not n or b.kinds[k].mana_cost:
                continue
            ev = self.event[k]
            types = [i for i in range(nt) if ev[i]]
            nxt: set[tuple[Vec, Vec]] = set()
            for split in _splits(n, len(types)):
                add_m = [0] * nt
                for i, m in zip(types, split, strict=True):
                    add_m[i] = m
                for must, may in states:
                    nxt.add((tuple(must[i] + add_m[i] for i in range(nt)),
                             tuple(may[i] + n * ev[i] - add_m[i] for i in range(nt))))
            states = nxt
        return states

    def decide(self, counts: Sequence[int], pool: Sequence[int]) -> list[int] | None:
        """An order of the mana-costing activations of ``counts`` (kinds) in which they
        and the rest pay the cost, or None when there is none."""
        b = self.board
        rem = tuple(n if b.kinds[k].mana_cost else 0 for k, n in enumerate(counts))
        # Each activation and each unit of pool mana fills at least one symbol; all the
        # mana made covers every symbol (the necessary tests of ``exact.solve``).
        slots = self.d_main + sum(n * self.cost_units[k] for k, n in enumerate(rem))
        made = sum(pool) + sum(n * sum(self.event[k]) for k, n in enumerate(counts))
        if sum(counts) + sum(pool) > slots or made < slots:
            return None
        for must, may in sorted(self.starts(counts, pool)):
            if self.finish(rem, must, may):
                return self._order(rem, must, may)
        return None

    def _order(self, rem: Vec, must: Vec, may: Vec) -> list[int]:
        order: list[int] = []
        while any(rem):
            moves = list(self._moves(rem, must, may))
            k, must, may = moves[0]
            order.append(k)
            left = list(rem)
            left[k] -= 1
            rem = tuple(left)
        return order


class _Spent(Exception):
    """The programme's state budget is spent (the max-flow search decides then)."""


def _splits(n: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as an ordered sum of ``parts`` numbers >= 0."""
    if parts == 1:
        return [(n,)]
    return [(i, *rest) for i in range(n + 1) for rest in _splits(n - i, parts - 1)]


def _maxflow(cap: list[list[int]], s: int, t: int, flow: int) -> int:
    """Augment ``cap`` (residual capacities, changed in place) from s to t; the flow
    already sent plus what could be added (breadth-first augmenting paths)."""
    n = len(cap)
    while True:
        parent = [-1] * n
        parent[s] = s
        queue = [s]
        for u in queue:
            for v in range(n):
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[t] < 0:
            return flow
        push = -1
        v = t
        while v != s:
            u = parent[v]
            push = cap[u][v] if push < 0 else min(push, cap[u][v])
            v = u
        v = t
        while v != s:
            u = parent[v]
            cap[u][v] -= push
            cap[v][u] += push
            v = u
        flow += push


def applies(b: Board) -> bool:
    """Whether the programme's assumptions hold on this board (module docstring)."""
    if b.spend or b.spend_sources or b.uses_tappers or b.uses_sacs or b.convoke:
        return False
    if b.phyrexian or b.life_colors or b.life_symbols_most:
        return False
    if any(s.kind not in _KINDS for c in [b.cost, *(k.mana_cost for k in b.kinds)]
           for s in c):
        return False
    if b.d_main_max > _MOST:
        return False
    for k in b.kinds:
        if (k.restriction is not None or k.self_feed or k.life or k.taps_other
                or k.sacs_other or k.event.total > _MOST
                or sum(s.amount if s.kind is SymbolKind.GENERIC else 1
                       for s in k.mana_cost) > 8):
            return False
    if any(o.life for g in b.groups for o in g.options):
        return False
    return all(pk.allowed and not pk.not_generic for pk in b.pool)


def converter(b: Board) -> Converter | None:
    """The board's programme, made once (None where it doesn't apply)."""
    got = b.__dict__.get("_converter", False)
    if got is False:
        got = Converter(b) if applies(b) else None
        b.__dict__["_converter"] = got
    return got  # type: ignore[no-any-return]


def valid(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int
          ) -> bool | None:
    """Whether these activations and this pool mana pay the cost (the question of
    :func:`.exact.valid`), decided by the programme; None where it doesn't apply or its
    budget is spent (then the max-flow search decides)."""
    if life_syms:
        return None
    c = converter(b)
    if c is None or not any(n and b.kinds[k].mana_cost for k, n in enumerate(counts)):
        return None
    try:
        return c.decide(counts, pool) is not None
    except _Spent:
        return None


def order_for(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int
              ) -> tuple[int, ...] | None:
    """An order of the mana-costing activations that works (to be checked by the
    max-flow for that one order, :func:`.exact.try_orders`), or None."""
    if life_syms:
        return None
    c = converter(b)
    if c is None:
        return None
    try:
        order = c.decide(counts, pool)
    except _Spent:
        return None
    return None if order is None else tuple(order)
