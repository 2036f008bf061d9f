"""The exact check: does this multiset of mana kinds (with pool mana and life) pay the
cost? A small max-flow from units of mana to symbol slots.

Hybrid and {2/W} choices are not search variables: they don't make payments distinct,
so they are decided here. Each activation must give at least one mana (the rest of a
multi-mana activation is leftover); pool mana and life are spent in full. Activations
whose ability costs mana (filter lands) are taken one by one in an order: the mana of
one may pay the cost of a later one, never its own. The answer depends only on the
multiset of kinds, so it is memoized on the board.

Rules
-----
CR 601.2g-h: mana abilities are activated before the total cost is paid at once.
CR 605.3a: a mana ability may be activated while paying, so one may pay another's cost.
CR 107.4c ({C}), 107.4e (hybrid, {2/W}), 107.4f (Phyrexian), 107.4h ({S}: mana from a
snow source). CR 119.4, 119.4b: life can be paid only up to the life total (0 always).
CR 106.6: restricted mana only where its restriction allows.
"""

from __future__ import annotations

import itertools
from collections import Counter as _Multiset
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from manacheck.model import ManaSymbol, ManaType, SymbolKind

from ..maxflow import FlowNetwork
from . import limits
from .board import Board, ExactData
from .kinds import Slot, max_units, symbol_slot
from .values import PaymentSearchLimit

__all__ = [
    "FlowWitness",
    "flow_check",
    "orderings",
    "simple_check_data",
    "simple_valid",
    "slots_for",
    "solve",
    "try_orders",
    "valid",
]


def valid(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          tap_need: int = 0, tap_avail: int = 0, act_life: int = 0) -> bool:
    """Whether these activations (kind counts), this pool mana, these Phyrexian
    symbols paid with life and this life paid for activations pay the cost."""
    if act_life + 2 * life_syms > max(b.life, 0) and act_life + 2 * life_syms > 0:
        return False  # CR 119.4, 119.4b
    key = (tuple(counts), tuple(pool), life_syms, tap_need <= tap_avail)
    r = b.memo.get(key)
    if r is None:
        if tap_need > tap_avail:
            r = False
        elif b.simple is not None:
            r = simple_valid(b, counts, pool, life_syms)
        else:
            b.flows += 1
            if b.max_flows is not None and b.flows > b.max_flows:
                raise PaymentSearchLimit(
                    f"counting stopped after {b.max_flows} exact checks",
                    suggestion="list payments with --limit instead")
            r = solve(b, counts, pool, life_syms) is not None
        b.memo[key] = r
    return r


def simple_check_data(b: Board) -> ExactData | None:
    """For the common case -- costs of colored, {C} and generic symbols only, every
    source adding one unrestricted mana with no mana or life cost -- validity is
    arithmetic: every unit is spent (each activation gives exactly one), so the
    total is the cost's and each type covers its own symbols. None otherwise."""
    need: dict[ManaType, int] = {}
    total = 0
    if b.spend:  # CR 609.4b: who may pay a colored symbol isn't its color alone
        return None
    for s in b.cost:
        if s.kind is SymbolKind.GENERIC:
            total += s.amount
        elif s.kind is SymbolKind.COLORED or s.kind is SymbolKind.COLORLESS:
            t = s.colors[0] if s.kind is SymbolKind.COLORED else ManaType.C
            need[t] = need.get(t, 0) + 1
            total += 1
        else:
            return None
    for k in b.kinds:
        if len(k.event) != 1 or k.mana_cost or k.restriction is not None:
            return None
    if any(o.life for g in b.groups for o in g.options):
        return None
    if any(not pk.allowed for pk in b.pool):
        return None
    return total, need


def simple_valid(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int
                  ) -> bool:
    assert b.simple is not None
    total, need = b.simple
    if life_syms or sum(counts) + sum(pool) != total:
        return False
    have: dict[ManaType, int] = {}
    for k, n in enumerate(counts):
        if n:
            t = b.kinds[k].event[0]
            have[t] = have.get(t, 0) + n
    for i, n in enumerate(pool):
        if n:
            t = b.pool[i].type
            have[t] = have.get(t, 0) + n
    return all(have.get(t, 0) >= n for t, n in need.items())


def solve(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          act_life: int = 0) -> FlowWitness | None:
    """A max-flow witness that this multiset of kinds pays the cost, or None."""
    total_life = act_life + 2 * life_syms
    if total_life > 0 and total_life > b.life:  # CR 119.4, 119.4b
        return None
    if life_syms > b.phyrexian:
        return None
    # Quick necessary test: each activation gives 1..size mana, the pool and life
    # are spent in full, the demand lies between its cheapest and dearest modes.
    acts = produced = fmin = fmax = 0
    for k, n in enumerate(counts):
        if n:
            kind = b.kinds[k]
            acts += n
            produced += n * len(kind.event)
            if kind.mana_cost:
                fmin += n * sum(1 if s.kind is SymbolKind.MONO_HYBRID else max_units(s)
                                for s in kind.mana_cost)
                fmax += n * sum(max_units(s) for s in kind.mana_cost)
    extra = sum(pool) + life_syms
    if acts + extra > b.d_main_max + fmax or produced + extra < b.d_main_min + fmin:
        return None
    filters = [k for k, n in enumerate(counts) if n and b.kinds[k].mana_cost
               for _ in range(n)]
    if len(filters) > limits.MAX_CHAIN:
        raise PaymentSearchLimit(
            f"{len(filters)} activations of mana abilities with a mana cost in one "
            f"payment; at most {limits.MAX_CHAIN} are ordered (CR 605.3a)")
    if len(filters) > 1 and try_orders(b, counts, pool, life_syms,
                                             tuple(sorted(filters)), True) is None:
        return None  # not even with every activation paying every other's cost
    for order in orderings(filters):
        flow = try_orders(b, counts, pool, life_syms, order, False)
        if flow is not None:
            return flow
    return None


def try_orders(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
                order: tuple[int, ...], relaxed: bool) -> FlowWitness | None:
    """The flow for one order of the mana-costing activations (each mode of the
    {2/W} symbols); ``relaxed`` lets any of them pay any other's cost."""
    slots_base = b.slots_cache.get(order)
    if slots_base is None:
        slots_base = b.slots_cache[order] = slots_for(b, order)
    mono = [(i, s) for i, s in enumerate(slots_base) if s.mono]
    ranges = [range(s.count + 1) for _, s in mono]
    for choice in itertools.product(*ranges):
        slots = list(slots_base)
        for (i, s), m in zip(mono, choice, strict=True):
            slots[i] = Slot(s.owner, s.accepts, False, False, s.count - m, False,
                             s.symbol)
            if m:
                slots.append(Slot(s.owner, None, False, False, 2 * m, False,
                                   s.symbol))
        flow = flow_check(b, counts, pool, life_syms, slots, order, relaxed)
        if flow is not None:
            return flow
    return None


def orderings(filters: list[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of the mana-costing activations (kinds may repeat)."""
    if not filters:
        yield ()
        return
    seen: set[tuple[int, ...]] = set()
    for perm in itertools.permutations(sorted(filters)):
        if perm not in seen:
            seen.add(perm)
            yield perm


def slots_for(board: Board, order: Sequence[int]) -> list[Slot]:
    """Symbol slots: the cost's (owner -1), then each mana-costing activation's own
    (owner = its position in ``order``)."""
    merged: dict[tuple[int, str], int] = {}
    sym_of: dict[str, ManaSymbol] = {}
    for s in board.cost:
        merged[(-1, s.text)] = merged.get((-1, s.text), 0) + 1
        sym_of[s.text] = s
    for pos, k in enumerate(order):
        for s in board.kinds[k].mana_cost:
            merged[(pos, s.text)] = merged.get((pos, s.text), 0) + 1
            sym_of[s.text] = s
    return [symbol_slot(o, sym_of[t], n, board.spend) for (o, t), n in merged.items() if n]


@dataclass(slots=True)
class FlowWitness:
    """A witness: units of (kind, type) or (pool index) or life sent to each slot."""

    slots: list[Slot]
    sends: list[tuple[tuple[str, int, ManaType | None], int, int]]  # (unit, slot, amount)
    order: tuple[int, ...] = ()  # kinds of the mana-costing activations, in order


_INF = 1 << 40


def flow_check(board: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          slots: list[Slot], order: tuple[int, ...] = (), relaxed: bool = False
          ) -> FlowWitness | None:
    """Max-flow check that these activations, this pool mana and this life pay every
    slot, each activation giving at least one mana (its leftover is capped at its
    size minus one), pool mana and life all spent.

    Activations whose ability costs mana are taken one by one in ``order``: the mana
    of one of them may pay the cost of a later one (CR 605.3a), never its own or an
    earlier one's. The other activations are aggregated by kind.
    """
    demand = sum(s.count for s in slots)
    acts = sum(counts)
    spent = sum(pool)
    produced = sum(n * len(board.kinds[k].event) for k, n in enumerate(counts))
    # Every activation gives at least one mana, pool mana and life are all spent.
    if acts + spent + life_syms > demand or produced + spent + life_syms < demand:
        return None
    net = FlowNetwork()
    s, t, left = net.node(), net.node(), net.node()
    supply = produced + spent + life_syms
    net.edge(left, t, supply - demand)
    slot_nodes = [net.node() for _ in slots]
    for sn, sl in zip(slot_nodes, slots, strict=True):
        net.edge(sn, t, sl.count)
    units: list[tuple[tuple[str, int, ManaType | None], list[tuple[int, int]]]] = []
    # (tag, index, kind, how many activations, position in order or -1)
    sources = [("kind", k, k, n, -1) for k, n in enumerate(counts)
               if n and not board.kinds[k].mana_cost]
    sources += [("act", pos, k, 1, pos) for pos, k in enumerate(order)]
    for tag, idx, k, n, pos in sources:
        kind = board.kinds[k]
        lk = net.node()
        net.edge(lk, left, n * (len(kind.event) - 1))
        main_ok = board.allowed_main(kind.restriction)
        for ty, m in _Multiset(kind.event).items():
            u = net.node()
            net.edge(s, u, n * m)
            net.edge(u, lk, _INF)
            edges = []
            for j, sl in enumerate(slots):
                if sl.owner == -1:
                    if not main_ok:
                        continue
                elif (sl.owner == pos if relaxed else sl.owner <= pos) or \
                        not board.allowed_filter(
                        kind.restriction, board.kinds[order[sl.owner]]):
                    continue  # only later activations' costs; restrictions (CR 106.6)
                if sl.snow and not kind.snow:
                    continue
                if sl.accepts is not None and ty not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], _INF)))
            units.append(((tag, idx, ty), edges))
    for i, amount in enumerate(pool):
        if not amount:
            continue
        pk = board.pool[i]
        u = net.node()
        net.edge(s, u, amount)
        edges = []
        if pk.allowed:
            for j, sl in enumerate(slots):
                if sl.snow and not pk.snow:
                    continue
                if sl.accepts is not None and pk.type not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], _INF)))
        units.append((("pool", i, pk.type), edges))
    if life_syms:
        u = net.node()
        net.edge(s, u, life_syms)
        edges = [(j, net.edge(u, slot_nodes[j], _INF)) for j, sl in enumerate(slots) if sl.life]
        units.append((("life", 0, None), edges))
    if net.maxflow(s, t) != supply:
        return None
    sends = []
    for unit, edges in units:
        for j, e in edges:
            f = net.flow_on(e)
            if f:
                sends.append((unit, j, f))
    return FlowWitness(slots, sends, order)
