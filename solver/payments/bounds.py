"""Proven bounds on the number of payments when the exact count is out of budget.

When :func:`.counting.count` stops at its state budget, two cheap programmes still
bound the answer:

* **At least**: the exact count of the payments that leave some sources unused.
  Every payment that uses none of the mana-costing sources (Signets, filter lands,
  Cascading Cataracts, Pili-Pala) is a payment of the whole board, counted the same way
  (each is a choice of how many activations of each option of each group; a group's
  unused members change nothing). That count is exact and usually cheap, since the
  mana-costing sources are what makes the exact count grow. Mana-costing groups are
  then added back one at a time while the budget lasts; each count that completes is a
  larger lower bound.
* **At most**: the count of the choices that pass a necessary condition instead of the
  exact check. Every payment spends its mana exactly: each activation gives at least
  one of its mana and at most all of it, pool mana chosen is spent, and what is spent
  fills the cost's symbols and the chosen activations' own costs (CR 601.2g-h, 605.3a).
  So the mana spent lies between ``sum(lowest)`` and ``sum(highest)``, and the symbols
  filled between the cost's fewest and most units plus the activations' costs; each
  colored symbol of the cost needs one mana that can be of its color (CR 107.4a).
  A programme over (lowest spent minus most asked, highest spent minus fewest asked,
  and, per color the cost names, the mana of that color saturated at the need) counts
  every choice for which the two ranges meet and the colors are there. Each valid
  payment passes, so the count is an upper bound.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 605.3a: a mana ability may be activated while paying; one may pay another's cost.
CR 107.4a: a colored symbol is paid with mana of its color (no spend rule, CR 609.4b,
changes that here: with one, the color condition is dropped).
CR 107.4e, 107.4f: {2/W} takes one or two mana; a Phyrexian symbol is paid with mana
or 2 life (CR 119.4).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from . import counting, exact, limits
from .board import Board
from .kinds import max_units
from .sources import build_board
from .values import PaymentSearchLimit

__all__ = ["CountBounds", "bounds"]


@dataclass(frozen=True, slots=True)
class CountBounds:
    """``at_least`` <= the number of payments <= ``at_most`` (None: no upper bound
    computed: sources left out, sacrifice outlets, or its own budget spent)."""

    at_least: int
    at_most: int | None


def bounds(b: Board, max_states: int | None = None, max_steps: int | None = None
           ) -> CountBounds:
    """Bounds on the count of ``b``'s payments, each within its own state budget.

    Parameters
    ----------
    b : Board
        The board whose exact count stopped at its budget.
    max_states : int, optional
        The states the lower bound's counts may make in all (default
        ``limits.BOUND_STATES``).
    max_steps : int, optional
        The steps the upper bound's programme may take (default
        ``limits.BOUND_STEPS``).

    Returns
    -------
    CountBounds
    """
    if max_states is None:
        max_states = limits.BOUND_STATES
    if max_steps is None:
        max_steps = limits.BOUND_STEPS
    low = _at_least(b, max_states)
    high: int | None = None
    if not b.left_out and not b.count_only and not b.uses_sacs:
        try:
            high = _at_most(b, max_steps)
        except PaymentSearchLimit:
            high = None
    if high is not None:
        high = max(high, low)  # both proven: the upper one is never below
    return CountBounds(low, high)


def _costly_groups(b: Board) -> list[int]:
    """The groups with a mana-costing option, fewest options first (cheapest to add)."""
    costly = [gi for gi, g in enumerate(b.groups)
              if any(b.kinds[o.kind].mana_cost for o in g.options)]
    return sorted(costly, key=lambda gi: (len(b.groups[gi].options), gi))


def _at_least(b: Board, max_states: int) -> int:
    """The exact count of the payments that leave the mana-costing groups unused, then
    with those groups added back one at a time while the budget lasts."""
    costly = _costly_groups(b)
    left, checks = max_states, limits.BOUND_CHECKS
    best = 0
    for used in range(len(costly) + 1):
        out = frozenset(i for gi in costly[used:] for i in b.groups[gi].ids)
        sub = build_board(b.state, b.player.name, b.cost, b.for_object,
                          b.exclude | out, b.delve_done, b.for_ability, b.stated)
        try:
            n = counting.count(sub, left, checks)
        except PaymentSearchLimit:
            break
        best = max(best, n)
        left -= sub.count_done
        checks -= sub.flows + sub.order_checks
        if left <= 0 or checks <= 0:
            break
    return best


def _at_most(b: Board, max_steps: int) -> int:
    """The count of the choices that pass the necessary condition of the module
    docstring (an upper bound on the payments), in at most ``max_steps`` steps (one
    per state and number of activations tried)."""
    need = dict(exact.one_type_needs(b))
    colors = sorted(need, key=lambda t: t.order)
    tops = [need[t] for t in colors]
    # The colors' saturated counts, packed in one int (base top + 1 per color).
    c_place = [1] * len(colors)
    for i in range(1, len(colors)):
        c_place[i] = c_place[i - 1] * (tops[i - 1] + 1)
    full = sum(t * p for t, p in zip(tops, c_place, strict=True))
    # One block per bound on activations (a group's members, one ability's uses, a pool
    # kind's amount); one move per option: (lowest spent - most asked, highest spent -
    # fewest asked, mana of each needed color it can add).
    blocks: list[tuple[int, list[tuple[int, int, tuple[int, ...]]]]] = []
    for g in b.groups:
        for options, bound in g.blocks():
            moves = []
            for o in options:
                k = b.kinds[o.kind]
                most = sum(max_units(s) for s in k.mana_cost)
                fewest = b.fewest_units(k.mana_cost)
                moves.append((1 - most, k.event.total - fewest,
                              tuple(k.event.count(t) for t in colors)))
            blocks.append((bound, moves))
    for pk in b.pool:
        blocks.append((pk.amount, [(1, 1, tuple(int(pk.type is t) for t in colors))]))
    life_top = min(b.phyrexian, max(b.life, 0) // 2)
    hi_need = b.d_main_max  # the most units the cost's symbols take
    lo_need = b.d_main_min - life_top
    # What the remaining blocks can still change, to drop states that can't end well:
    # x (lowest minus most) falls by at most ``down``, y (highest minus fewest) rises
    # by at most ``up``.
    down = [0] * (len(blocks) + 1)
    up = [0] * (len(blocks) + 1)
    for i in range(len(blocks) - 1, -1, -1):
        bound, moves = blocks[i]
        down[i] = down[i + 1] + bound * min(0, *(m[0] for m in moves))
        up[i] = up[i + 1] + bound * max(0, *(m[1] for m in moves))
    # x and y packed in one int: x * span + y, with y offset to stay >= 0.
    y_off = -sum(bound * min(0, *(m[1] for m in moves)) for bound, moves in blocks)
    span = y_off + up[0] + 1
    states: dict[tuple[int, int], int] = {(y_off, 0): 1}  # (x * span + y, colors)
    steps = 0
    for i, (bound, moves) in enumerate(blocks):
        cur: dict[tuple[int, int, int], int] = {(xy, c, 0): w
                                                for (xy, c), w in states.items()}
        for dx, dy, dc in moves:
            dxy = dx * span + dy
            sat: dict[tuple[int, int], int] = {}  # (colors, m) -> colors after m more
            nxt: defaultdict[tuple[int, int, int], int] = defaultdict(int)
            for (xy, c, used), w in cur.items():
                nxt[(xy, c, used)] += w
                room = bound - used
                steps += room + 1
                if steps > max_steps:  # checked as the work grows
                    raise PaymentSearchLimit(
                        f"the upper bound stopped after {max_steps:,} steps")
                for m in range(1, room + 1):
                    c2 = sat.get((c, m))
                    if c2 is None:
                        c2 = sum(min(t, (c // p) % (t + 1) + m * d) * p
                                 for t, p, d in zip(tops, c_place, dc, strict=True))
                        sat[(c, m)] = c2
                    nxt[(xy + m * dxy, c2, used + m)] += w
            cur = nxt
        merged: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (xy, c, _used), w in cur.items():
            x, y = divmod(xy, span)
            if x + down[i + 1] <= hi_need and y - y_off + up[i + 1] >= lo_need:
                merged[(xy, c)] += w
        states = merged
    total = 0
    for (xy, c), w in states.items():
        if c != full:
            continue
        x, y = divmod(xy, span)
        for life in range(life_top + 1):
            # Each Phyrexian symbol paid with 2 life takes one unit less (CR 107.4f).
            if x <= hi_need - life and y - y_off >= b.d_main_min - life:
                total += w
    return total
