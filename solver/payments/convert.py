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
import operator
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
    cost, the cost's symbols, and the memo of decided states.

    A state is (mana-costing activations still to make, per kind; activations whose
    mana is *pending*, per distinct mana event: none of their mana is spent yet, and
    one of it must be; mana that *may* be spent, per type). Pool mana is pending too
    (a one-mana event: it is spent in full). Spending a mana of type t discharges a
    pending activation whose mana has a t when there is one (its other mana then may be
    spent): that is never worse than spending a "may" mana of type t (the same mana,
    one obligation fewer), so the programme does it; which pending event gives it is a
    choice.
    """

    def __init__(self, b: Board) -> None:
        self.board = b
        nt = len(MANA_TYPES)
        self.event: list[Vec] = []
        self.pays: list[list[Vec]] = []
        self.cost_units: list[int] = []
        self.one_unit: list[list[int] | None] = []
        for k in b.kinds:
            v = [0] * nt
            for t, n in k.event.items():
                v[_T[t]] += n
            self.event.append(tuple(v))
            units = _units(k.mana_cost)
            self.cost_units.append(len(units))
            self.pays.append(_payments(units) if units else [])
            #: For a cost of one mana: the types that pay it, else None.
            self.one_unit.append(sorted(range(nt) if units[0] is None else units[0])
                                 if len(units) == 1 else None)
        #: 1 for a kind with a mana cost, else 0; each kind's mana in all.
        self.costly = [int(bool(k.mana_cost)) for k in b.kinds]
        self.made = [sum(ev) for ev in self.event]
        #: The distinct mana events a pending activation (or pool mana) can have.
        self.classes: list[Vec] = [tuple(int(i == t) for i in range(nt)) for t in range(nt)]
        self.kclass: list[int] = []
        for ev in self.event:
            if ev not in self.classes:
                self.classes.append(ev)
            self.kclass.append(self.classes.index(ev))
        #: For each type, the classes whose mana has it.
        self.with_type = [[p for p, ev in enumerate(self.classes) if ev[t]] for t in range(nt)]
        main: dict[frozenset[int] | None, int] = {}
        for u in _units(b.cost):
            main[u] = main.get(u, 0) + 1
        #: The cost's symbols as (type indexes accepted or None, how many).
        self.main = sorted(main.items(), key=lambda kv: (kv[0] is None, sorted(kv[0] or ())))
        self.d_main = sum(main.values())
        self.memo: dict[tuple[Vec, Vec, Vec], bool] = {}
        self.final_memo: dict[tuple[Vec, Vec], bool] = {}

    # -- the end: pay the cost itself ---------------------------------------------------
    def final(self, pend: Vec, may: Vec) -> bool:
        """Whether the cost can be paid from this pool with one mana of every pending
        activation spent (CR 601.2h: the cost is paid in full, exactly)."""
        key = (pend, may)
        r = self.final_memo.get(key)
        if r is None:
            r = self._final(pend, may)
            self.final_memo[key] = r
        return r

    def _final(self, pend: Vec, may: Vec) -> bool:
        """A flow source -> pending events -> types -> the cost's symbols -> sink, in two
        phases: first one mana per pending activation (all must get through), then the
        rest of their mana and the "may" mana; augmenting never takes back flow leaving
        the source, so the first phase's stays. (A group of n activations of one event
        giving u >= n mana, at most n of each of its types' share, can give each of
        them one: deal the mana out in turn.)"""
        d = self.d_main
        need = sum(pend)
        if need > d:
            return False
        nt = len(MANA_TYPES)
        live = [p for p, n in enumerate(pend) if n]
        ns = len(self.main)
        # Nodes: 0 source, the live events, the types, the symbol classes, the sink.
        t0 = 1 + len(live)
        s0 = t0 + nt
        sink = s0 + ns
        cap = [[0] * (sink + 1) for _ in range(sink + 1)]
        for j, (ok, c) in enumerate(self.main):
            cap[s0 + j][sink] = c
            for i in range(nt):
                if ok is None or i in ok:
                    cap[t0 + i][s0 + j] = d
        for x, p in enumerate(live):
            ev = self.classes[p]
            cap[0][1 + x] = pend[p]
            for i in range(nt):
                cap[1 + x][t0 + i] = pend[p] * ev[i]
        flow = _maxflow(cap, 0, sink, 0)
        if flow < need:
            return False
        for x, p in enumerate(live):
            cap[0][1 + x] += pend[p] * (sum(self.classes[p]) - 1)
        for i in range(nt):
            cap[0][t0 + i] += may[i]
        return _maxflow(cap, 0, sink, flow) == d

    # -- the programme ------------------------------------------------------------------
    def finish(self, rem: Vec, pend: Vec, may: Vec, room: int) -> bool:
        """Whether the mana-costing activations ``rem`` (per kind) can all be made, in
        some order, from this pool, and the cost then paid with one mana of every
        activation spent. ``room``: the symbols still to pay, the cost's and those of
        ``rem``'s costs. Raises :class:`_Spent` past :data:`MAX_STATES` states."""
        # Every pending activation and each one still to make spends one mana of its
        # own on a symbol still to pay; at most the symbols left over (``spare``) take
        # "may" mana, so more "may" mana of a type than that can only be left over.
        spare = room - sum(pend) - sum(rem)
        if spare < 0:
            return False
        if max(may) > spare:
            may = tuple(min(x, spare) for x in may)
        key = (rem, pend, may)
        r = self.memo.get(key)
        if r is not None:
            return r
        if len(self.memo) > MAX_STATES:
            raise _Spent
        r = self.final(pend, may) if not any(rem) else (
            self.step(rem, pend, may, room) is not None)
        self.memo[key] = r
        return r

    def step(self, rem: Vec, pend: Vec, may: Vec, room: int
             ) -> tuple[int, Vec, Vec] | None:
        """One next activation that leads to a payment: (its kind, the pool after it),
        or None."""
        nt = len(MANA_TYPES)
        classes = self.classes
        have: list[int] | None = None
        for k, n in enumerate(rem):
            if not n:
                continue
            rest = (*rem[:k], n - 1, *rem[k + 1:])
            after: set[tuple[Vec, Vec]] = set()
            one = self.one_unit[k]
            if one is not None:  # one mana (a Signet's {1}, a filter land's {W/U}): fast
                for t in one:
                    gave = False
                    for p in self.with_type[t]:
                        if pend[p]:
                            gave = True
                            ev = classes[p]
                            after.add(((*pend[:p], pend[p] - 1, *pend[p + 1:]),
                                       tuple([may[i] + ev[i] - (i == t) for i in range(nt)])))
                    if not gave and may[t]:
                        after.add((pend, (*may[:t], may[t] - 1, *may[t + 1:])))
            else:
                if have is None:
                    have = [may[i] + sum(pend[p] * classes[p][i] for p in self.with_type[i])
                            for i in range(nt)]
                for pay in self.pays[k]:
                    if all(pay[i] <= have[i] for i in range(nt)):
                        after |= self._spend(pend, may, pay)
            c = self.kclass[k]
            left = room - self.cost_units[k]
            # Fewest activations left pending first: the likelier way to a payment.
            for pd, my in sorted(after, key=lambda st: (sum(st[0]), st)):
                pd2 = (*pd[:c], pd[c] + 1, *pd[c + 1:])
                if self.finish(rest, pd2, my, left):
                    return k, pd2, my
        return None

    def _spend(self, pend: Vec, may: Vec, pay: Vec) -> set[tuple[Vec, Vec]]:
        """Every pool after spending the mana ``pay`` (per type): each mana discharges a
        pending activation with that type when there is one, else is "may" mana."""
        nt = len(MANA_TYPES)
        out: set[tuple[Vec, Vec]] = {(pend, may)}
        for t in range(nt):
            for _ in range(pay[t]):
                nxt: set[tuple[Vec, Vec]] = set()
                for pd, my in out:
                    gave = False
                    for p in self.with_type[t]:
                        if pd[p]:
                            gave = True
                            ev = self.classes[p]
                            nxt.add(((*pd[:p], pd[p] - 1, *pd[p + 1:]),
                                     tuple(my[i] + ev[i] - (i == t) for i in range(nt))))
                    if not gave and my[t]:
                        nxt.add((pd, (*my[:t], my[t] - 1, *my[t + 1:])))
                out = nxt
                if not out:
                    return out
        return out

    def start(self, counts: Sequence[int], pool: Sequence[int]) -> tuple[Vec, Vec]:
        """The pool after every activation without a mana cost, and the pool mana: all
        pending."""
        b = self.board
        pend = [0] * len(self.classes)
        for i, n in enumerate(pool):
            pend[_T[b.pool[i].type]] += n
        for k, n in enumerate(counts):
            if n and not b.kinds[k].mana_cost:
                pend[self.kclass[k]] += n
        return tuple(pend), _ZERO

    def decide(self, counts: Sequence[int], pool: Sequence[int]) -> list[int] | None:
        """An order of the mana-costing activations of ``counts`` (kinds) in which they
        and the rest pay the cost, or None when there is none."""
        rem = tuple(map(operator.mul, counts, self.costly))
        # Each activation and each unit of pool mana fills at least one symbol; all the
        # mana made covers every symbol (the necessary tests of ``exact.solve``).
        slots = self.d_main + sum(map(operator.mul, rem, self.cost_units))
        made = sum(pool) + sum(map(operator.mul, counts, self.made))
        if sum(counts) + sum(pool) > slots or made < slots:
            return None
        pend, may = self.start(counts, pool)
        if self.finish(rem, pend, may, slots):
            return self._order(rem, pend, may, slots)
        return None

    def _order(self, rem: Vec, pend: Vec, may: Vec, room: int) -> list[int]:
        order: list[int] = []
        while any(rem):
            got = self.step(rem, pend, may, room)
            assert got is not None  # (``finish`` said there is a way)
            k, pend, may = got
            order.append(k)
            rem = (*rem[:k], rem[k] - 1, *rem[k + 1:])
            room -= self.cost_units[k]
        return order


class _Spent(Exception):
    """The programme's state budget is spent (the max-flow search decides then)."""


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
