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
from collections.abc import Sequence
from dataclasses import dataclass

from manacheck.model import ManaSymbol, ManaType, SymbolKind

from ..maxflow import FlowNetwork
from . import convert, limits
from .board import Board, ExactData
from .kinds import Slot, max_units, not_generic, symbol_slot
from .values import PaymentSearchLimit

__all__ = [
    "FlowWitness",
    "find_order",
    "flow_check",
    "one_type_needs",
    "plain_valid",
    "simple_check_data",
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
        elif (plain := plain_valid(b, counts, pool, life_syms)) is not None:
            r = plain  # arithmetic: every board of ``b.simple`` and more
        elif (conv := convert.valid(b, counts, pool, life_syms)) is not None:
            r = conv  # mana-costing sources as conversions of mana vectors, no order search
        else:
            b.flows += 1
            if b.max_flows is not None and b.flows > b.max_flows:
                raise PaymentSearchLimit(
                    f"counting stopped after {b.max_flows} exact checks")
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
        if b.life_payable(s):  # K'rrik: 2 life may pay it
            return None
        if s.kind is SymbolKind.GENERIC:
            total += s.amount
        elif s.kind is SymbolKind.COLORED or s.kind is SymbolKind.COLORLESS:
            t = s.colors[0] if s.kind is SymbolKind.COLORED else ManaType.C
            need[t] = need.get(t, 0) + 1
            total += 1
        else:
            return None
    for k in b.kinds:
        if k.event.total != 1 or k.mana_cost or k.restriction is not None:
            return None
    if any(o.life for g in b.groups for o in g.options):
        return None
    if any(not pk.allowed or pk.not_generic for pk in b.pool):
        return None
    return total, need


def plain_valid(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int
                 ) -> bool | None:
    """The exact check in arithmetic when it is arithmetic for these activations, else
    None: the cost has only colored, {C} and generic symbols and no spend rule applies;
    each activation used costs nothing but {T} and the like and adds unrestricted mana
    of one type (Sol Ring's {C}{C}); the pool's mana is unrestricted.

    Each activation spends one to all of its mana (the rest is left over), the pool in
    full, so mana of type t spent lies in [lo_t, hi_t]; each symbol of one type needs
    its own, the generic ones take any. A choice of spent_t in [max(lo_t, need_t),
    hi_t] summing to the cost's total exists iff the sums of those ends bracket it.

    Rules
    -----
    CR 107.4a, 107.4c: a colored or {C} symbol is paid with mana of its type; CR 107.4b:
    generic with any. CR 601.2h: the total cost is paid at once.
    """
    if b.spend or life_syms or not b.plain_cost:
        return None
    lo: dict[ManaType, int] = {}
    hi: dict[ManaType, int] = {}
    for k, n in enumerate(counts):
        if n:
            kind = b.kinds[k]
            t = kind.event.types[0]
            if (kind.mana_cost or kind.restriction is not None or kind.life
                    or kind.taps_other or kind.sacs_other
                    or len(kind.event.types) != 1):
                return None
            lo[t] = lo.get(t, 0) + n
            hi[t] = hi.get(t, 0) + n * kind.event.total
    for i, n in enumerate(pool):
        if n:
            pk = b.pool[i]
            if not pk.allowed or pk.not_generic:
                return None
            lo[pk.type] = lo.get(pk.type, 0) + n
            hi[pk.type] = hi.get(pk.type, 0) + n
    need = dict(one_type_needs(b))
    if any(hi.get(t, 0) < want for t, want in need.items()):
        return False
    least = sum(max(lo.get(t, 0), need.get(t, 0)) for t in {*lo, *need})
    return least <= b.d_main_max <= sum(hi.values())


def solve(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          act_life: int = 0) -> FlowWitness | None:
    """A max-flow witness that this multiset of kinds pays the cost, or None."""
    total_life = act_life + 2 * life_syms
    if total_life > 0 and total_life > b.life:  # CR 119.4, 119.4b
        return None
    if not total_life:
        known = b.known_flows.get((tuple(counts), tuple(pool)))
        if known is not None:  # the greedy witness's order (``quick``)
            return known  # type: ignore[no-any-return]
    if life_syms > b.phyrexian + sum(n * b.life_symbols(b.kinds[k].mana_cost)
                                     for k, n in enumerate(counts) if n):
        return None
    # Quick necessary test: each activation gives 1..size mana, the pool and life
    # are spent in full, the demand lies between its cheapest and dearest modes.
    acts = produced = fmin = fmax = 0
    for k, n in enumerate(counts):
        if n:
            kind = b.kinds[k]
            acts += n
            produced += n * kind.event.total
            if kind.mana_cost:
                fmin += n * sum(1 if s.kind is SymbolKind.MONO_HYBRID else max_units(s)
                                for s in kind.mana_cost)
                fmax += n * sum(max_units(s) for s in kind.mana_cost)
    extra = sum(pool) + life_syms
    if acts + extra > b.d_main_max + fmax or produced + extra < b.d_main_min + fmin:
        return None
    # And each symbol of one type ({G}, {C}) needs mana of its type (CR 107.4a, 107.4c;
    # not with a spend rule, CR 609.4b).
    for t, want in one_type_needs(b):
        have = sum(n * b.kinds[k].event.count(t) for k, n in enumerate(counts) if n)
        have += sum(n for i, n in enumerate(pool) if n and b.pool[i].type is t)
        if have < want:
            return None
    filters = tuple(sorted(k for k, n in enumerate(counts) if n and b.kinds[k].mana_cost
                           for _ in range(n)))
    if len(filters) <= 1:
        return try_orders(b, counts, pool, life_syms, filters, len(filters))
    if convert.converter(b) is not None:
        # The programme over mana vectors gives an order; the max-flow for that one
        # order checks it (and gives the witness). Its "no" is exact; where it stops at
        # its budget, or (never expected) its order fails the check, the search decides.
        order = convert.order_for(b, counts, pool, life_syms)
        if order is not None:
            flow = try_orders(b, counts, pool, life_syms, order, len(order))
            if flow is not None:
                return flow
        elif convert.valid(b, counts, pool, life_syms) is False:
            return None
    return find_order(b, counts, pool, life_syms, filters)


def one_type_needs(b: Board) -> tuple[tuple[ManaType, int], ...]:
    """For each mana type, how many symbols of the cost only that type pays ({G},
    {C}); none when a spend rule lets other mana pay them (CR 609.4b)."""
    if b.one_type_needs is None:
        need: dict[ManaType, int] = {}
        if not b.spend:
            for s in b.cost:
                if b.life_payable(s):
                    continue  # K'rrik: 2 life may pay it instead
                if s.kind is SymbolKind.COLORED or s.kind is SymbolKind.COLORLESS:
                    t = s.colors[0] if s.kind is SymbolKind.COLORED else ManaType.C
                    need[t] = need.get(t, 0) + 1
        b.one_type_needs = tuple(need.items())
    return b.one_type_needs


def find_order(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
               filters: tuple[int, ...]) -> FlowWitness | None:
    """An order of the mana-costing activations ``filters`` (kinds, with repeats) in
    which they and the other activations pay the cost, as a flow witness; None if no
    order does.

    A search over orders, one position at a time, that never enumerates them blindly.
    A *node* is a fixed prefix of the order with the rest left unordered; its check
    (:func:`flow_check` with ``fixed``) lets a prefix activation pay only the ones
    after it, and the unordered ones pay each other in any direction but never
    themselves. Every real order extending the prefix gives such a flow, so a node
    whose check fails has no completion: the search is exact. Two shortcuts make the
    usual case one or two max-flows, whatever the number of activations:

    * if the node's flow has no cycle among the unordered activations ("A's mana pays
      B's cost and B's pays A's"), any topological order of that flow is a real order
      (the same flow is valid in it), checked once and returned;
    * otherwise the activations that the flow pays from outside the unordered set are
      tried first as the next position.

    Orders of identical kinds are the same order, so each node branches once per
    distinct kind. The work is bounded by ``limits.MAX_ORDER_CHECKS`` max-flows per
    question (a count, which orders many multisets, sets ``Board.order_limit``); past
    it :class:`~.values.PaymentSearchLimit` says so (the answer is then "not decided",
    never a guess).

    Rules
    -----
    CR 605.3a: a mana ability may be activated while a cost is being paid, so one
    activation's mana may pay a later activation's mana cost (Swamp, then Graven
    Cairns, then another Graven Cairns), never its own (CR 601.2h: each cost is paid
    from mana already in the pool). CR 601.2g-h: every activation comes before the
    total cost is paid.
    """
    def check(prefix: tuple[int, ...], rest: tuple[int, ...]) -> FlowWitness | None:
        b.order_checks += 1
        most = limits.MAX_ORDER_CHECKS if b.order_limit is None else b.order_limit
        if b.order_checks > most:
            raise PaymentSearchLimit(
                f"ordering {len(filters)} activations of mana abilities with a mana "
                f"cost stopped after {most:,} exact checks (CR 605.3a)")
        return try_orders(b, counts, pool, life_syms, prefix + rest, len(prefix))

    def search(prefix: tuple[int, ...], rest: tuple[int, ...],
               flow: FlowWitness) -> FlowWitness | None:
        if len(rest) <= 1:
            return flow  # the check of this node was the check of a whole order
        deps = _dependencies(flow, len(prefix), len(prefix) + len(rest))
        topo = _topological(deps, len(prefix), len(prefix) + len(rest))
        if topo is not None:
            order = prefix + tuple(flow.order[p] for p in topo)
            whole = try_orders(b, counts, pool, life_syms, order, len(order))
            if whole is not None:
                return whole
        fed = {q for ps in deps.values() for q in ps}
        firsts = sorted(range(len(prefix), len(prefix) + len(rest)),
                        key=lambda p: (p in fed, p))
        tried: set[int] = set()
        for p in firsts:
            k = flow.order[p]
            if k in tried:
                continue
            tried.add(k)
            left = list(rest)
            left.remove(k)
            longer = (*prefix, k)
            nxt = check(longer, tuple(left))
            if nxt is not None:
                found = search(longer, tuple(left), nxt)
                if found is not None:
                    return found
        return None

    root = check((), filters)
    return None if root is None else search((), filters, root)


def _dependencies(flow: FlowWitness, lo: int, hi: int) -> dict[int, set[int]]:
    """Among the activations at positions ``lo..hi-1`` of ``flow.order``: which pay
    which one's cost (position -> positions whose cost its mana pays)."""
    deps: dict[int, set[int]] = {}
    for (tag, idx, _ty), j, _amount in flow.sends:
        if tag != "act" or not lo <= idx < hi:
            continue
        q = flow.slots[j].owner
        if lo <= q < hi:
            deps.setdefault(idx, set()).add(q)
    return deps


def _topological(deps: dict[int, set[int]], lo: int, hi: int) -> list[int] | None:
    """Positions ``lo..hi-1`` in an order where every dependency points forward, or
    None when the dependencies have a cycle (Kahn's algorithm)."""
    indegree = dict.fromkeys(range(lo, hi), 0)
    for qs in deps.values():
        for q in qs:
            indegree[q] += 1
    ready = [p for p in range(lo, hi) if indegree[p] == 0]
    out: list[int] = []
    while ready:
        p = ready.pop()
        out.append(p)
        for q in deps.get(p, ()):
            indegree[q] -= 1
            if indegree[q] == 0:
                ready.append(q)
    return out if len(out) == hi - lo else None


def try_orders(b: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
                order: tuple[int, ...], fixed: int) -> FlowWitness | None:
    """The flow for one (partial) order of the mana-costing activations, trying each
    mode of the {2/W} symbols: the first ``fixed`` positions are ordered, the rest
    are not (see :func:`flow_check`)."""
    slots_base = b.slots_cache.get(order)
    if slots_base is None:
        slots_base = b.slots_cache[order] = slots_for(b, order)
    mono = [(i, s) for i, s in enumerate(slots_base) if s.mono]
    ranges = [range(s.count + 1) for _, s in mono]
    for choice in itertools.product(*ranges):
        slots = list(slots_base)
        for (i, s), m in zip(mono, choice, strict=True):
            slots[i] = Slot(s.owner, s.accepts, False, s.life, s.count - m, False,
                             s.symbol)
            if m:  # the "two mana of any type" half: generic (CR 107.4b, 107.4e)
                slots.append(Slot(s.owner, None, False, False, 2 * m, False,
                                   s.symbol, generic=True))
        flow = flow_check(b, counts, pool, life_syms, slots, order, fixed)
        if flow is not None:
            return flow
    return None


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
    # 2 life may pay a Phyrexian symbol of any cost (CR 107.4f) and, with K'rrik, a {B}
    # of any cost, a mana ability's too (its ruling: "any cost you pay").
    return [symbol_slot(o, sym_of[t], n, board.spend if o == -1 else board.spend_sources,
                        board.life_payable(sym_of[t]))
            for (o, t), n in merged.items() if n]


@dataclass(slots=True)
class FlowWitness:
    """A witness: units of (kind, type) or (pool index) or life sent to each slot."""

    slots: list[Slot]
    sends: list[tuple[tuple[str, int, ManaType | None], int, int]]  # (unit, slot, amount)
    order: tuple[int, ...] = ()  # kinds of the mana-costing activations, in order



def _may_pay(pos: int, owner: int, fixed: int) -> bool:
    """Whether the activation at ``pos`` (-1: one without a mana cost) may pay the
    cost of the one at ``owner``: a later one, or, both past the ordered prefix,
    another one."""
    return owner > pos or (pos >= fixed and owner >= fixed and owner != pos)


def flow_check(board: Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          slots: list[Slot], order: tuple[int, ...] = (), fixed: int | None = None
          ) -> FlowWitness | None:
    """Max-flow check that these activations, this pool mana and this life pay every
    slot, each activation giving at least one mana (its leftover is capped at its
    size minus one), pool mana and life all spent.

    Activations whose ability costs mana are taken one by one in ``order``: the mana
    of one of them may pay the cost of a later one (CR 605.3a), never its own or an
    earlier one's. Only the first ``fixed`` positions (all of them by default) are
    ordered: the activations after them may also pay each other's costs in either
    direction (never their own), which relaxes every order that extends the fixed
    prefix. The other activations are aggregated by kind.
    """
    if fixed is None:
        fixed = len(order)
    demand = sum(s.count for s in slots)
    acts = sum(counts)
    spent = sum(pool)
    produced = sum(n * board.kinds[k].event.total for k, n in enumerate(counts))
    # Every activation gives at least one mana, pool mana and life are all spent.
    if acts + spent + life_syms > demand or produced + spent + life_syms < demand:
        return None
    net = FlowNetwork()
    s, t, left = net.node(), net.node(), net.node()
    supply = produced + spent + life_syms
    # "Unbounded" edges: more than all the flow there is (amounts have no cap, CR
    # 107.1, so no fixed constant would do: 3^30 mana is more than 2^40).
    inf = supply + demand + 1
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
        net.edge(lk, left, n * (kind.event.total - 1))
        main_ok = board.allowed_main(kind.restriction)
        no_generic = not_generic(kind.restriction)
        for ty, m in kind.event.items():
            u = net.node()
            net.edge(s, u, n * m)
            net.edge(u, lk, inf)
            edges = []
            for j, sl in enumerate(slots):
                if sl.owner == -1:
                    if not main_ok:
                        continue
                elif not _may_pay(pos, sl.owner, fixed) or not board.allowed_filter(
                        kind.restriction, board.kinds[order[sl.owner]]):
                    continue  # only later activations' costs; restrictions (CR 106.6)
                elif kind.self_feed and kind.self_feed == board.kinds[
                        order[sl.owner]].self_feed:
                    continue  # a pointless loop (``sources.repeat_filters``)
                if sl.snow and not kind.snow:
                    continue
                if sl.generic and no_generic:
                    continue  # "can't be spent to pay generic mana costs" (Jegantha)
                if sl.accepts is not None and ty not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], inf)))
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
                if sl.generic and pk.not_generic:
                    continue
                if sl.accepts is not None and pk.type not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], inf)))
        units.append((("pool", i, pk.type), edges))
    if life_syms:
        u = net.node()
        net.edge(s, u, life_syms)
        edges = [(j, net.edge(u, slot_nodes[j], inf)) for j, sl in enumerate(slots) if sl.life]
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
