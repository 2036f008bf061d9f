"""The lazy answer to "how can I pay this?": :class:`Payments`.

Sources are grouped; the constraint problem (:mod:`manacheck.solver.csp`) has one
integer variable per (group, option): how many members of the group make that option,
plus one per pool entry (how much of it is spent) and one for how many Phyrexian
symbols are paid with life. Symmetric duplicates are never visited. Every solution is
checked exactly (:mod:`.exact`), with the sacrifice budget (:mod:`.outlets`) and the
creatures "tap an untapped creature" costs need. Counting doesn't list: it is the
dynamic programme of :mod:`.counting`.

Rules
-----
CR 601.2g-h: mana abilities are activated before the total cost is paid at once;
partial payments are not allowed. CR 107.4: which mana pays which symbol ({C}, {S},
Phyrexian bounds prune the search). CR 119.4: life paid. CR 701.21a: each sacrifice
its own permanent.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any

from manacheck.model import ManaCost, ManaType, SymbolKind

from ..csp import CSP
from ..notdecided import NotDecided
from . import exact, limits, listing
from .board import Board
from .bounds import CountBounds, bounds
from .counting import count
from .outlets import sacs_fit
from .precheck import flow_possible, plain_sources_pay
from .quick import witness
from .sources import build_board
from .values import Payment, PaymentSearchLimit, StatesSpent
from .witness import build_payment, check_proposed

__all__ = ["Payments"]


class Payments:
    """Every distinct payment of a cost, lazily (like python-chess ``legal_moves``).

    ``bool(p)`` stops at the first payment; ``p.count()`` counts without listing;
    iterating yields payments layer by layer (fewest sources first); ``proposed in p``
    checks one payment without searching; :meth:`best` gives the best ``n``.
    """

    def __init__(self, board: Board, limit: int | None = None) -> None:
        self._b = board
        self.limit = limit
        self._count: int | None = None
        #: Why the count stopped at its budget, once it has.
        self._stopped: str | None = None
        #: Whether that budget was the count's states (see :meth:`best`'s ``whole``).
        self.states_spent = False
        #: False when ``best`` stopped scanning a layer at its limit.
        self.best_complete = True
        #: When ``best``'s listing stopped at its budget and it showed the payments of
        #: the board without mana abilities that cost mana: why, and that.
        self.best_stopped = ""
        #: Set by the public ``payments()``: ``bool()`` and :meth:`count` then raise
        #: :class:`~manacheck.solver.NotDecided` rather than answer "no" or a count
        #: that sources left out (or used once) make a lower bound.
        self.strict = False
        #: With :attr:`strict`: decides a "no" with the pool-copying sources left out
        #: (Doubling Cube, ``copies.decide_with_copies``), None when it can't.
        self.decide_copies: Callable[[Board], bool | None] | None = None

    @property
    def cost(self) -> ManaCost:
        return self._b.cost

    @property
    def board(self) -> Board:
        """The board the answers come from (sources, kinds, pool): for cross-checks."""
        return self._b

    @property
    def left_out(self) -> tuple[str, ...]:
        """Sources left out because the payment solver can't model them (what they add,
        a cost part or a condition): every answer is then a lower bound."""
        return tuple(self._b.left_out)

    @property
    def count_only(self) -> tuple[str, ...]:
        """Sources used once where several activations could only add payments, never
        make a cost payable (``leftout.one_activation_enough``): counts are lower
        bounds, the verdict stands."""
        return tuple(self._b.count_only)

    @property
    def count_sequences(self) -> tuple[str, ...]:
        """Storage lands listed by their sequences of activations (``storage``): the
        verdict stands, the count is only "at least one"."""
        return tuple(self._b.count_sequences)

    # -- the CSP ------------------------------------------------------------------------
    def _csp(self, layer: int | None) -> tuple[CSP, list[tuple[str, int, int]]]:
        b = self._b
        p = CSP()
        names: list[tuple[str, int, int]] = []
        act_names: list[tuple[str, int, int]] = []
        cap = b.max_activations
        for gi, g in enumerate(b.groups):
            index = {o: oi for oi, o in enumerate(g.options)}
            for options, bound in g.blocks():
                shared = [("n", gi, index[o]) for o in options]
                for name in shared:
                    p.add_variable(name, range(min(bound, cap) + 1))
                    names.append(name)
                    act_names.append(name)
                if len(shared) > 1:  # one bound for the block (Group.blocks)
                    p.add_max_sum(shared, bound)
        for i, pk in enumerate(b.pool):
            name = ("p", i, 0)
            p.add_variable(name, range(pk.amount + 1))
            names.append(name)
        p.add_variable(("l", 0, 0), range(b.life_top + 1))
        names.append(("l", 0, 0))
        if layer is not None:
            if act_names:
                p.add_exact_sum(act_names, layer)
            elif layer:
                p.add_variable(("never", 0, 0), [0])
                p.add_predicate([("never", 0, 0)], lambda _v: False)
        elif act_names:
            p.add_max_sum(act_names, cap)
        plain = [nm for nm in act_names
                 if not b.kinds[b.groups[nm[1]].options[nm[2]].kind].mana_cost]
        if len(plain) < len(act_names):
            p.add_max_sum(plain, b.max_plain)
        self._add_color_bounds(p, act_names)
        p.add_predicate(names, self._check(names))
        return p, names

    def _add_color_bounds(self, p: CSP, act_names: list[tuple[str, int, int]]) -> None:
        """Necessary per-type bounds: strict {c} / {C} / {S} symbols need that many
        units able to pay them (prunes the search before the exact check)."""
        b = self._b
        need: dict[str, int] = {}
        for s in b.cost:
            if s.kind is SymbolKind.COLORED and b.life_payable(s):
                continue  # K'rrik: 2 life may pay it
            if s.kind is SymbolKind.COLORED and not b.spend:  # 609.4b changes who pays it
                need[s.colors[0].value] = need.get(s.colors[0].value, 0) + 1
            elif s.kind is SymbolKind.COLORLESS:
                need["C"] = need.get("C", 0) + 1
            elif s.kind is SymbolKind.SNOW:
                need["S"] = need.get("S", 0) + 1
        for what, n in need.items():
            vars_: list[Hashable] = []
            weights: list[int] = []
            for name in act_names:
                _, gi, oi = name
                kind = b.kinds[b.groups[gi].options[oi].kind]
                if not b.allowed_main(kind.restriction):
                    continue
                w = kind.event.total if what == "S" and kind.snow else (
                    kind.event.count(ManaType(what)) if what != "S" else 0)
                if w:
                    vars_.append(name)
                    weights.append(w)
            for i, pk in enumerate(b.pool):
                ok = pk.allowed and (pk.snow if what == "S" else pk.type.value == what)
                if ok:
                    vars_.append(("p", i, 0))
                    weights.append(1)
            if not vars_:
                p.add_variable(("never", what, 0), [0])
                p.add_predicate([("never", what, 0)], lambda _v: False)
            else:
                p.add_min_sum(vars_, n, weights)

    def _check(self, names: list[tuple[str, int, int]]) -> Any:
        b = self._b
        nk = len(b.kinds)
        npool = len(b.pool)
        # Precomputed per variable: what a value of it adds (kept flat for speed).
        acts = []  # (position, kind, taps_other, group if it taps itself else -1, life)
        pools = []  # (position, pool index)
        sac_acts = []  # (position, outlet filter or -1, sacrifices, group if it's gone or -1)
        life_at = -1
        for pos, (tag, i, j) in enumerate(names):
            if tag == "n":
                o = b.groups[i].options[j]
                acts.append((pos, o.kind, b.kinds[o.kind].taps_other,
                             i if o.taps_self else -1, o.life))
                k = b.kinds[o.kind]
                if b.uses_sacs and (k.sacs_other or o.gone):
                    sac_acts.append((pos, k.sac_filter, k.sacs_other, i if o.gone else -1))
            elif tag == "p":
                pools.append((pos, i))
            elif tag == "l":
                life_at = pos
        tappers = [(gi, g.tappers) for gi, g in enumerate(b.groups) if g.tappers]
        uses_tappers = b.uses_tappers
        valid = functools.partial(exact.valid, b)

        def ok(*values: int) -> bool:
            counts = [0] * nk
            need = act_life = 0
            used: dict[int, int] = {}
            for pos, kind, taps, gi, life in acts:
                v = values[pos]
                if v:
                    counts[kind] += v
                    act_life += v * life
                    if uses_tappers:
                        need += v * taps
                        if gi >= 0:
                            used[gi] = used.get(gi, 0) + v
            pool = [0] * npool
            for pos, i in pools:
                pool[i] = values[pos]
            avail = 0
            if uses_tappers:
                avail = b.extra_tappers + sum(t - used.get(gi, 0) for gi, t in tappers)
            if sac_acts:
                demand = [0] * len(b.sac_filters)
                gone: dict[int, int] = {}
                for pos, f, n, gi in sac_acts:
                    v = values[pos]
                    if v and n:
                        demand[f] += v * n
                    if v and gi >= 0:
                        gone[gi] = gone.get(gi, 0) + v
                if not sacs_fit(b, demand, gone):
                    return False
            return valid(counts, pool, values[life_at] if life_at >= 0 else 0, need, avail,
                         act_life)

        return ok

    def _colors_left(self, sol: Mapping[Any, Any]) -> frozenset[ManaType]:
        """Colors the sources this payment doesn't use could still make."""
        b = self._b
        used: dict[int, int] = {}
        for (tag, i, j), v in sol.items():
            if tag == "n" and v and b.groups[i].options[j].exclusive:
                used[i] = used.get(i, 0) + v
        left: set[ManaType] = set()
        for gi, g in enumerate(b.groups):
            if used.get(gi, 0) < g.size:
                left.update(b.group_colors(gi))
        return frozenset(left)

    def _sort_key(self, sol: Mapping[Any, Any]) -> tuple[int, str]:
        picked = sorted((k, v) for k, v in sol.items() if v and k[0] != "never")
        return (-len(self._colors_left(sol)), repr(picked))

    # -- lazy protocol -------------------------------------------------------------------
    def _layers(self) -> range:
        """Numbers of activations worth trying: each adds at most ``widest`` mana
        (the pool and 2-life payments cover the rest), each at least one."""
        b = self._b
        widest = max((b.kinds[o.kind].event.total
                      - min(1, b.fewest_units(b.kinds[o.kind].mana_cost))
                      for g in b.groups for o in g.options), default=1)
        need = b.d_main_min - sum(pk.amount for pk in b.pool if pk.allowed) \
            - min(b.phyrexian, max(b.life, 0) // 2)
        low = max(0, -(-need // max(widest, 1)))
        return range(low, b.max_activations + 1)

    def _solutions(self) -> Iterator[dict[Any, Any]]:
        if not flow_possible(self._b):
            return
        if listing.applies(self._b):
            yield from listing.solutions(self._b)
            return
        for layer in self._layers():
            csp, _ = self._csp(layer)
            yield from csp.solutions()

    def __iter__(self) -> Iterator[Payment]:
        for n, sol in enumerate(self._solutions()):
            if self.limit is not None and n >= self.limit:
                return
            yield build_payment(self._b, sol, self._colors_left(sol))

    def __bool__(self) -> bool:
        """Payable? (:meth:`found`; with :attr:`strict`, a "no" that sources left
        out could change raises :class:`~manacheck.solver.NotDecided`.)"""
        found = self.found()
        if not found and self.strict:
            return self._decided_no()
        return found

    def found(self) -> bool:
        """Whether the solver finds a payment (without the sources it leaves out).

        The max-flow pre-check first (a "no" there is exact; a "yes" too when every
        source adds one unrestricted mana and the cost has only colored, {C} and
        generic symbols); then one payment found greedily and checked exactly
        (:func:`.quick.witness`: payable needs one way, not a count); only then the
        budgeted exact search, whose spent budget raises
        :class:`~.values.PaymentSearchLimit` (not decided)."""
        b = self._b
        if not flow_possible(b):
            return False
        if b.simple is not None and not b.uses_tappers and not b.uses_sacs:
            return True
        if self._count is not None:
            return self._count > 0
        if listing.applies(b) and plain_sources_pay(b):  # exact, no Signet needed
            return True
        if witness(b) is not None:
            return True
        if listing.applies(b):
            return next(listing.solutions(b), None) is not None
        csp, _ = self._csp(None)
        return csp.first() is not None

    def _decided_no(self) -> bool:
        """When the solver finds no payment: False, unless sources were left out (one
        might pay it: :class:`~manacheck.solver.NotDecided`) and the search with the
        pool-copying ones (Doubling Cube, ``copies``) doesn't decide it (True when it
        finds a payment with them)."""
        if not self.left_out:
            return False
        if self._b.pool_copies and self.decide_copies is not None:
            with_copy = self.decide_copies(self._b)
            if with_copy is not None:
                return with_copy
        raise NotDecided("not payable without sources the payment solver can't model, "
                         "one of which might pay it (CR 601.2h)", left_out=self.left_out)

    def witness(self) -> Payment | None:
        """One payment, found greedily and checked exactly (:func:`.quick.witness`),
        or None when the greedy finds none (which says nothing)."""
        sol = witness(self._b)
        return None if sol is None else build_payment(self._b, sol, self._colors_left(sol))

    def first(self) -> Payment | None:
        """The first payment listed (fewest sources first, within
        ``limits.FIRST_LIST_STATES``); when the listing's budget is spent, the greedy
        witness, else :class:`~.values.PaymentSearchLimit`."""
        try:
            if not flow_possible(self._b):
                return None
            if listing.applies(self._b) and self._b.listing is None:
                sol = next(listing.solutions(self._b, budget=limits.FIRST_LIST_STATES), None)
                return None if sol is None else build_payment(self._b, sol,
                                                              self._colors_left(sol))
            return next(iter(self), None)
        except PaymentSearchLimit:
            found = self.witness()
            if found is None:
                raise
            return found

    def best(self, n: int, max_scan: int | None = None, whole: bool = True
             ) -> list[Payment]:
        """The ``n`` best payments: fewest sources, then most colors the unused sources
        could still make.

        Layers (numbers of sources) are walked in order; within a layer at most
        ``max_scan`` payments are examined, with O(n) memory. When that limit cut a
        layer short, :attr:`best_complete` is False (the order inside that layer is
        then "best of the first ``max_scan`` found"). When the listing's own budget is
        spent (or ``whole`` is False: the count already stopped at a budget the
        listing would meet too), the payments shown are the best that use no mana
        ability with a mana cost, and :attr:`best_stopped` says so.
        """
        if max_scan is None:
            max_scan = limits.DEFAULT_MAX_SCAN
        self.best_complete = True
        self.best_stopped = ""
        if n <= 0 or not flow_possible(self._b):
            return []
        b = self._b
        costly = frozenset(i for g in b.groups
                           if any(b.kinds[o.kind].mana_cost for o in g.options)
                           for i in g.ids)
        stopped = ("not tried: the count stopped at its state budget, which the "
                   "listing would meet too")
        if whole or not costly:
            try:
                return self._best(n, max_scan)
            except PaymentSearchLimit as e:
                if not costly:
                    raise
                stopped = e.message
        # The listing's budget is spent (a big board with mana abilities that cost
        # mana): the best payments that use none of those are payments too (a group
        # left unused changes nothing), listed from the smaller board; said as such.
        sub = Payments(build_board(b.state, b.player.name, b.cost, b.for_object,
                                   b.exclude | costly, b.delve_done, b.for_ability,
                                   b.stated))
        found = sub.best(n, max_scan)
        if not found:
            raise PaymentSearchLimit(stopped)
        self.best_complete = False
        self.best_stopped = (f"{stopped}; shown: the best payments that use no mana "
                             "ability with a mana cost")
        return found

    def _best(self, n: int, max_scan: int) -> list[Payment]:
        out: list[Payment] = []
        for layer in self._layers():
            if len(out) >= n:
                break
            if listing.applies(self._b):
                it = listing.solutions(self._b, layer)
            else:
                csp, _ = self._csp(layer)
                it = csp.solutions()
            scanned = itertools.islice(it, max_scan)
            top = heapq.nsmallest(n - len(out), scanned, key=self._sort_key)
            if next(it, None) is not None:
                self.best_complete = False
            out.extend(build_payment(self._b, s, self._colors_left(s)) for s in top)
        return out

    def count(self) -> int:
        """How many distinct payments (combinatorial count, no listing). With
        :attr:`strict`, a count that is only a lower bound (sources left out or used
        once) raises :class:`~manacheck.solver.NotDecided` with it as ``at_least``."""
        n = self.count_found()
        if self.strict and (self.left_out or self.count_only or self.count_sequences):
            if not n and not self._decided_no():
                return 0
            raise NotDecided(f"at least {max(n, 1):,} distinct payments: more may use "
                             "sources the count leaves out or uses once",
                             left_out=(*self.left_out, *self.count_only,
                                       *self.count_sequences), at_least=max(n, 1))
        return n

    def count_found(self, max_checks: int | None = None, max_states: int | None = None
                    ) -> int:
        """The count of the payments the solver finds (see :meth:`count`); with
        ``max_checks`` and ``max_states``, smaller budgets than the count's own
        (``limits.DEFAULT_MAX_CHECKS``, ``DEFAULT_MAX_STATES``)."""
        if self._count is None:
            if not flow_possible(self._b):
                self._count = 0
            elif self._b.uses_sacs:
                # What outlets sacrifice is a budget shared by every group (Hall's
                # condition), which the counting programme doesn't track: count the
                # constraint problem's solutions instead, up to a limit.
                n = 0
                for _ in self._solutions():
                    n += 1
                    if n > limits.SAC_COUNT_LIMIT:
                        raise PaymentSearchLimit(
                            f"counting stopped after {limits.SAC_COUNT_LIMIT:,} payments with "
                            f"sacrifice outlets")
                self._count = n
            else:
                if self._stopped is not None:  # asked again: the same budget, spent
                    raise PaymentSearchLimit(self._stopped)
                try:
                    self._count = count(self._b, max_states, max_checks)
                except PaymentSearchLimit as e:
                    self._stopped = e.message  # not the exception: its frames hold tables
                    self.states_spent = isinstance(e, StatesSpent)
                    raise
        if self.limit is not None:
            return min(self._count, self.limit)
        return self._count

    def count_bounds(self) -> CountBounds:
        """Proven bounds on :meth:`count`, for when the exact count stops at its budget
        (``at_least == at_most`` when it doesn't). See :mod:`.bounds`."""
        try:
            n: int | None = self.count_found()
        except PaymentSearchLimit:
            n = None  # (bounded below, once the stopped count's tables are freed)
        if n is not None:
            return CountBounds(n, n)
        if self._b.uses_sacs:  # it found more than the limit, one by one
            return CountBounds(limits.SAC_COUNT_LIMIT + 1, None)
        return bounds(self._b)

    def count_by_enumeration(self) -> int:
        """The same count, by walking every CSP solution (for cross-checks)."""
        return sum(1 for _ in self._solutions())

    def __contains__(self, proposed: object) -> bool:
        if not isinstance(proposed, Payment):
            return False
        return check_proposed(self._b, proposed)
