"""Decide the easy "payable?" cases before searching: one payment, found greedily.

"Is this cost payable?" needs one legal way, not a count. Before the exact search
(which may have to order many mana abilities that cost mana, CR 605.3a, or walk many
partial states), :func:`witness` builds one payment the way a player would:

1. while the mana at hand can't pay the cost, it adds the source that best covers the
   symbol still short: mana in the pool first, then a source whose ability costs no
   mana (preferring the one adding the most of what is short), then a mana ability that
   costs mana (a Signet, a filter land) whose own cost the mana at hand pays, funding
   that cost from free sources first when it must;
2. it then drops every activation the payment can do without (each activation must
   give at least one mana to the cost or to a later activation's cost, CR 601.2g-h);
3. and it checks the result with the exact max-flow check for that one order of the
   mana-costing activations (:func:`.exact.try_orders`), so a witness is a real
   payment, never a guess.

Finding none says nothing: the exact search decides then. The greedy covers boards
whose symbols are colored, {C}, hybrid and generic, with sources activated once each
({T}, {Q}, sacrifice), no spending restriction, spend rule, life payment, tapper or
sacrifice outlet; other boards go straight to the search.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 605.3a: a mana ability that costs mana is paid from mana already made (never its
own). CR 107.4a-e: which mana pays which symbol. CR 106.4: mana not spent is leftover.
"""

from __future__ import annotations

from typing import Any

from manacheck.model import ManaType, SymbolKind

from . import exact
from .board import Board
from .kinds import Slot

__all__ = ["witness"]

#: Symbol kinds the greedy pays (the others go to the exact search).
_PLAIN_KINDS = (SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.COLORLESS,
                SymbolKind.HYBRID, SymbolKind.COLORLESS_HYBRID)
#: Pool entries larger than this are one step (amounts have no cap, CR 107.1).
_UNIT_STEPS = 64

Need = tuple[frozenset[ManaType] | None, int]  # (types it accepts, None: any; units)
Step = tuple[str, int, int]  # ("act", group, option) or ("pool", entry, units)


def _applies(b: Board) -> bool:
    if b.spend or b.spend_sources or b.uses_tappers or b.uses_sacs or b.convoke:
        return False
    if b.phyrexian or b.life_colors:
        return False
    costs = [b.cost, *(k.mana_cost for k in b.kinds)]
    return all(s.kind in _PLAIN_KINDS for c in costs for s in c)


def _needs(slots: list[Slot]) -> list[Need] | None:
    if any(s.mono or s.snow or s.life for s in slots):
        return None
    out = [(s.accepts, s.count) for s in slots if s.count]
    # The most constrained first: one type, then a few, then any.
    return sorted(out, key=lambda n: 99 if n[0] is None else len(n[0]))


def _take(pool: dict[ManaType, int], needs: list[Need]) -> tuple[dict[ManaType, int] | None,
                                                                 Need | None]:
    """Pay ``needs`` from ``pool`` greedily: (what is left, None), or (None, the need
    that fell short). Counts, never one unit at a time (amounts may be huge)."""
    left = dict(pool)
    for i, (ok, n) in enumerate(needs):
        later: dict[ManaType, int] = {}
        for ok2, n2 in needs[i + 1:]:
            if ok2 is not None and len(ok2) == 1:
                (t2,) = ok2
                later[t2] = later.get(t2, 0) + n2
        types = [t for t in left if left[t] and (ok is None or t in ok)]
        # Colorless first, then the types with the most to spare for later symbols.
        types.sort(key=lambda t: (t is not ManaType.C, later.get(t, 0) - left[t],
                                  t.order))
        for t in types:
            if not n:
                break
            k = min(left[t], n)
            left[t] -= k
            n -= k
        if n:
            return None, (ok, n)
    return left, None


def _useful(event_types: dict[ManaType, int], ok: frozenset[ManaType] | None) -> int:
    return sum(n for t, n in event_types.items() if ok is None or t in ok)


class _Greedy:
    """One greedy construction over a board (see the module docstring)."""

    def __init__(self, b: Board, main: list[Need]) -> None:
        self.b = b
        self.main = main
        self.cost_needs: dict[int, list[Need] | None] = {}
        self.left = {gi: g.size for gi, g in enumerate(b.groups)}
        self.pool_left = [pk.amount if pk.allowed and not pk.not_generic else 0
                          for pk in b.pool]
        self.plain: list[Step] = []
        self.costly: list[Step] = []
        # The options it may use: activated once per member, no restriction, no life,
        # nothing tapped or sacrificed besides the source.
        self.options: list[tuple[int, int, bool]] = []  # (group, option, costs mana)
        for gi, g in enumerate(b.groups):
            for oi, o in enumerate(g.options):
                k = b.kinds[o.kind]
                if (not o.exclusive or o.life or k.life or k.restriction is not None
                        or k.taps_other or k.sacs_other or k.self_feed):
                    continue
                if k.mana_cost and self._cost_needs(o.kind) is None:
                    continue
                self.options.append((gi, oi, bool(k.mana_cost)))

    def _cost_needs(self, kind: int) -> list[Need] | None:
        if kind not in self.cost_needs:
            slots = [s for s in exact.slots_for(self.b, (kind,)) if s.owner == 0]
            self.cost_needs[kind] = _needs(slots)
        return self.cost_needs[kind]

    def _event(self, step: Step) -> dict[ManaType, int]:
        if step[0] == "pool":
            return {self.b.pool[step[1]].type: step[2]}
        o = self.b.groups[step[1]].options[step[2]]
        return dict(self.b.kinds[o.kind].event.items())

    def pool_after(self, plain: list[Step], costly: list[Step]) -> dict[ManaType, int] | None:
        """The mana at hand after these steps (free sources first, then the mana-costing
        ones in order, each paying its cost from what is at hand), or None when one
        of those costs can't be paid."""
        pool: dict[ManaType, int] = {}
        for step in plain:
            for t, n in self._event(step).items():
                pool[t] = pool.get(t, 0) + n
        for step in costly:
            o = self.b.groups[step[1]].options[step[2]]
            needs = self._cost_needs(o.kind)
            assert needs is not None
            left, _ = _take(pool, needs)
            if left is None:
                return None
            pool = left
            for t, n in self._event(step).items():
                pool[t] = pool.get(t, 0) + n
        return pool

    def _free_step(self, ok: frozenset[ManaType] | None) -> Step | None:
        """Pool mana of an accepted type, else the free source adding the most of it
        (the least flexible first)."""
        for i, n in enumerate(self.pool_left):
            if n and (ok is None or self.b.pool[i].type in ok):
                units = n if n > _UNIT_STEPS else 1
                self.pool_left[i] -= units
                return ("pool", i, units)
        best: tuple[tuple[int, int, int], Step] | None = None
        for gi, oi, costly in self.options:
            if costly or not self.left[gi]:
                continue
            ev = self._event(("act", gi, oi))
            useful = _useful(ev, ok)
            if not useful:
                continue
            flexible = len(self.b.group_colors(gi))
            key = (-useful, flexible, gi)
            if best is None or key < best[0]:
                best = (key, ("act", gi, oi))
        if best is None:
            return None
        self.left[best[1][1]] -= 1
        return best[1]

    def _fund(self, needs: list[Need], costly: list[Step]) -> bool:
        """Add free steps until the mana at hand after ``costly`` pays ``needs``."""
        while True:
            pool = self.pool_after(self.plain, costly)
            if pool is None:
                return False
            _, short = _take(pool, needs)
            if short is None:
                return True
            step = self._free_step(short[0])
            if step is None:
                return False
            self.plain.append(step)

    def _costly_step(self, ok: frozenset[ManaType] | None) -> bool:
        """Add the mana-costing activation that adds the most accepted mana, net of its
        own cost, funding its cost from free sources when it must."""
        tried: list[tuple[tuple[int, int], int, int]] = []
        for gi, oi, costly in self.options:
            if not costly or not self.left[gi]:
                continue
            o = self.b.groups[gi].options[oi]
            k = self.b.kinds[o.kind]
            useful = _useful(dict(k.event.items()), ok)
            net = k.event.total - self.b.fewest_units(k.mana_cost)
            if useful and (net > 0 or ok is not None):
                tried.append(((-useful, -net), gi, oi))
        for _, gi, oi in sorted(tried):
            o = self.b.groups[gi].options[oi]
            needs = self._cost_needs(o.kind)
            assert needs is not None
            saved = (list(self.plain), list(self.pool_left), dict(self.left))
            self.left[gi] -= 1
            if self._fund(needs, self.costly):
                self.costly.append(("act", gi, oi))
                return True
            self.plain, self.pool_left, self.left = saved
        return False

    def build(self) -> bool:
        """Steps until the mana at hand pays the cost (False: none found)."""
        most = sum(self.left.values()) + sum(min(n, _UNIT_STEPS) for n in self.pool_left) + 1
        for _ in range(most):
            pool = self.pool_after(self.plain, self.costly)
            if pool is None:
                return False
            _, short = _take(pool, self.main)
            if short is None:
                return True
            step = self._free_step(short[0])
            if step is not None:
                self.plain.append(step)
            elif not self._costly_step(short[0]):
                return False
        return False

    def prune(self) -> None:
        """Drop each step the payment can do without, the last added first."""
        for which in (self.costly, self.plain):
            for i in range(len(which) - 1, -1, -1):
                step = which.pop(i)
                pool = self.pool_after(self.plain, self.costly)
                if pool is None or _take(pool, self.main)[1] is not None:
                    which.insert(i, step)

    def solution(self) -> dict[Any, Any] | None:
        """The steps as a solution mapping, checked exactly (None if the check fails)."""
        b = self.b
        counts = [0] * len(b.kinds)
        pool = [0] * len(b.pool)
        sol: dict[Any, Any] = {("n", gi, oi): 0 for gi, g in enumerate(b.groups)
                               for oi in range(len(g.options))}
        for tag, i, j in self.plain + self.costly:
            if tag == "pool":
                pool[i] += j
            else:
                sol[("n", i, j)] += 1
                counts[b.groups[i].options[j].kind] += 1
        for i, n in enumerate(pool):
            sol[("p", i, 0)] = n
        sol[("l", 0, 0)] = 0
        order = tuple(b.groups[i].options[j].kind for _, i, j in self.costly)
        flow = exact.try_orders(b, counts, pool, 0, order, len(order))
        if flow is None:
            return None
        b.memo[(tuple(counts), tuple(pool), 0, True)] = True
        b.known_flows[(tuple(counts), tuple(pool))] = flow
        return sol


def witness(b: Board) -> dict[Any, Any] | None:
    """One payment of the board's cost found greedily and checked exactly, as a
    solution mapping (``("n", group, option)``: activations, ``("p", i, 0)``: pool
    mana spent, ``("l", 0, 0)``: symbols paid with life), or None (which says nothing:
    the exact search decides).

    Rules
    -----
    CR 601.2g-h, 605.3a, 107.4a-e (see the module docstring).
    """
    if b.witness is not None:
        return b.witness or None
    found: dict[Any, Any] | None = None
    if _applies(b):
        main = _needs([s for s in exact.slots_for(b, ()) if s.owner == -1])
        if main is not None:
            g = _Greedy(b, main)
            if g.build():
                g.prune()
                found = g.solution()
    b.witness = found or {}
    return found
