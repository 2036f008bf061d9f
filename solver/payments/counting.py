"""How many distinct payments: a dynamic programme over the groups, no listing.

A state is (activations of each kind..., activations in total, creatures needed by
"tap an untapped creature" costs, group members tapped for their own {T}, life paid
for abilities, room for plain activations), packed into one int (``_Layout``); each
maps to how many distinct partial payments reach it. Groups with a mana-costing option
come first, so each state knows how many plain activations it can still use. Validity
depends only on the final state (plus pool and life), so the exact check runs once per
distinct state. Budgets bound the work (:mod:`.limits`): partial states, checked as
each table grows, and exact checks; either one spent raises
:class:`~.values.PaymentSearchLimit` (then :mod:`.bounds` bounds the count).

Rules
-----
CR 601.2h: the total cost is paid at once (validity is checked on the whole payment).
CR 119.4: life paid for abilities and Phyrexian symbols together at most the life
total. CR 702.51a: a creature tapped for its own {T} ability can't also be tapped for
another cost.
"""

from __future__ import annotations

import copy
import itertools
from collections import defaultdict
from typing import Any

from manacheck.model import ManaType

from . import exact, limits
from .board import Board
from .kinds import Group, Option, max_units
from .values import StatesSpent

__all__ = ["count"]


def count(b: Board, max_states: int | None = None, max_checks: int | None = None) -> int:
    """The number of distinct payments, by dynamic programming over the groups.

    A state is (activations of each kind..., activations in total, creatures needed by
    "tap an untapped creature" costs, group members tapped for their own {T}); each
    maps to how many distinct partial payments reach it. A group is added one option
    at a time with a "members used so far" counter, so a group of ``s`` members and
    ``k`` options costs O(k * s) per state instead of one step per multiset of
    options. Validity depends only on the final state (plus pool and life), so it is
    checked once per distinct state.
    """
    if max_states is None:
        max_states = limits.DEFAULT_MAX_STATES
    if max_checks is None:
        max_checks = limits.DEFAULT_MAX_CHECKS
    b.max_flows = b.flows + max_checks
    b.order_limit = b.order_checks + max_checks
    try:
        return _count_checked(b, max_states)
    finally:
        b.max_flows = b.order_limit = None


def _count_checked(b: Board, max_states: int) -> int:
    # One budget for the whole count: every table's states, checked as it grows.
    b.count_limit, b.count_done = max_states, 0
    if b.simple is not None and not b.uses_tappers:
        return _count_simple(b, max_states)
    nk = len(b.kinds)
    cap = b.max_plain  # the total dimension counts activations without a mana cost
    tappers = b.uses_tappers
    # kinds..., plain activations, creatures needed, self taps, life paid for abilities
    need_i, self_i, life_i = nk + 1, nk + 2, nk + 3
    # Life paid for abilities only matters if it could get within reach of the life
    # total together with the Phyrexian symbols; usually it can't, and then it isn't
    # tracked (fewer states).
    most_life = b.max_activations * max((o.life for g in b.groups for o in g.options),
                                        default=0)
    track_life = most_life > 0 and most_life + 2 * b.life_symbols_most > max(b.life, 0)
    if not track_life:
        b = _without_life(b)
    lay = _Layout(b, cap, tappers)
    # Groups with a mana-costing option first: once they are in, each state knows how
    # many plain activations it can still use (``_Layout.cap``).
    blocks = [(g, options, bound)
              for g in sorted(b.groups, key=lambda g: not any(
                  b.kinds[o.kind].mana_cost for o in g.options))
              for options, bound in g.blocks()]
    future = [0] * (len(blocks) + 1)
    for i in range(len(blocks) - 1, -1, -1):
        _g, options, bound = blocks[i]
        future[i] = future[i + 1] + bound * max((lay.more[o.kind] for o in options),
                                                default=0)
    states: dict[int, int] = {0: 1}
    for i, (g, options, bound) in enumerate(blocks):
        lay.future = future[i]
        if len(options) == 1:
            states = _add_option(b, lay, g, options[0], bound, states, tappers)
        else:
            states = _add_block(b, lay, g, list(options), bound, states, tappers)
    total_tappers = b.extra_tappers + sum(g.tappers for g in b.groups)
    pool_ranges = [range(pk.amount + 1) for pk in b.pool]
    life_top = b.life_top
    total = 0
    for packed, ways in states.items():
        st = lay.unpack(packed)
        counts = st[:nk]
        need, avail = (st[need_i], total_tappers - st[self_i]) if tappers else (0, 0)
        for pool in itertools.product(*pool_ranges):
            for life in range(life_top + 1):
                if exact.valid(b, counts, pool, life, need, avail, st[life_i]):
                    total += ways
    return total


class _Layout:
    """A counting state packed into one int: digit ``i`` in a mixed radix whose base
    at each place exceeds the most that dimension can reach.

    Dimensions: activations of each kind, plain activations in total, creatures
    needed by "tap an untapped creature" costs, self taps, life paid for abilities,
    and the room the chosen mana-costing activations make for plain ones (``more``).
    One int per state instead of a tuple with one entry per kind: a board with a
    Cascading Cataracts has over a hundred kinds, nearly all of them 0 in any state.
    """

    def __init__(self, b: Board, cap: int, tappers: bool) -> None:
        nk = len(b.kinds)
        self.d_main_max = b.d_main_max
        self.max_plain = cap
        #: What one activation of each kind adds to the room for plain activations: a
        #: mana-costing one asks up to ``most`` mana and spends at least one of its own.
        self.more = [max(sum(max_units(s) for s in k.mana_cost) - 1, 0) for k in b.kinds]
        #: The room the blocks not yet added could still make (set per block).
        self.future = 0
        self.room_i = nk + 4
        tops = [0] * (nk + 5)
        for g in b.groups:
            for options, bound in g.blocks():
                for o in options:
                    tops[o.kind] += bound
                tops[nk + 1] += bound * max(
                    (b.kinds[o.kind].taps_other for o in options), default=0) * tappers
                tops[nk + 2] += bound * any(o.taps_self for o in options) * bool(
                    g.tappers) * tappers
                tops[nk + 3] += bound * max((o.life for o in options), default=0)
                tops[nk + 4] += bound * max((self.more[o.kind] for o in options),
                                            default=0)
        tops[nk] = cap
        self.base = [t + 1 for t in tops]
        self.place: list[int] = []
        p = 1
        for base in self.base:
            self.place.append(p)
            p *= base

    def digit(self, packed: int, i: int) -> int:
        return (packed // self.place[i]) % self.base[i]

    def cap(self, packed: int) -> int:
        """The most plain activations a payment reaching this state can use.

        Each activation spends at least one of its mana on the cost or on a
        mana-costing activation's cost, so plain ones N and mana-costing ones F satisfy
        N + F <= d_main_max + (what the F ask): N <= d_main_max + sum(most - 1) over
        the chosen ones, and those of the blocks still to come (CR 601.2g-h, 605.3a).
        """
        return min(self.max_plain,
                   self.d_main_max + self.future + self.digit(packed, self.room_i))

    def step(self, k: int, plain: int) -> int:
        """What one activation of kind ``k`` adds to a packed state (its kind, the
        plain total, the room it makes)."""
        return (self.place[k] + plain * self.place[self.room_i - 4]
                + self.more[k] * self.place[self.room_i])

    def unpack(self, packed: int) -> tuple[int, ...]:
        out = []
        for base in self.base:
            packed, d = divmod(packed, base)
            out.append(d)
        return tuple(out)


def _without_life(b: Board) -> Board:
    """A shallow copy of the board whose options pay no life (for counting when the
    life they pay can never matter)."""
    nb = copy.copy(b)
    nb.flow_possible = None  # asked again of the new options
    nb.groups = [Group(g.ids, g.name, g.zone,
                        tuple(Option(o.ability, o.kind, o.exclusive, o.repeat, o.taps_self,
                                      0, o.event) for o in g.options),
                        g.tappers, g.tapper_filter_ok) for g in b.groups]
    return nb


def _count_simple(b: Board, max_states: int) -> int:
    """The count when validity is arithmetic (see ``Board._simple_check_data``).

    A state is (mana so far, then for each type the cost names: that type's mana so
    far, saturated at what the cost needs of it): valid at the end iff the total is
    the cost's and every saturated count is full. Types the cost doesn't name are
    only counted in the total, so the state space stays tiny however many sources.
    """
    assert b.simple is not None
    total_needed, need = b.simple
    needed = sorted(need, key=lambda t: t.order)
    col = {t: i + 1 for i, t in enumerate(needed)}
    caps = [total_needed] + [need[t] for t in needed]

    def add(st: tuple[int, ...], t: ManaType, m: int) -> tuple[int, ...] | None:
        if st[0] + m > total_needed:
            return None
        lst = list(st)
        lst[0] += m
        i = col.get(t)
        if i is not None:
            lst[i] = min(caps[i], lst[i] + m)
        return tuple(lst)

    states: dict[tuple[int, ...], int] = {tuple([0] * len(caps)): 1}
    for g in b.groups:
        for options, bound in g.blocks():
            cur: dict[tuple[tuple[int, ...], int], int] = {
                (st, 0): w for st, w in states.items()}
            for o in options:
                t = b.kinds[o.kind].event.types[0]
                nxt: defaultdict[tuple[tuple[int, ...], int], int] = defaultdict(int)
                for (st, used), w in cur.items():
                    nxt[(st, used)] += w
                    for m in range(1, bound - used + 1):
                        new = add(st, t, m)
                        if new is None:
                            break
                        nxt[(new, used + m)] += w
                cur = nxt
            merged: defaultdict[tuple[int, ...], int] = defaultdict(int)
            for (st, _used), w in cur.items():
                merged[st] += w
            states = merged
            if len(states) > max_states:
                raise StatesSpent(f"counting stopped after {max_states} states")
    total = 0
    pool_ranges = [range(pk.amount + 1) for pk in b.pool]
    for pool in itertools.product(*pool_ranges):
        for st, w in states.items():
            end: tuple[int, ...] | None = st
            for i, n in enumerate(pool):
                if n and end is not None:
                    end = add(end, b.pool[i].type, n)
            if end is not None and end[0] == total_needed and all(
                    end[i] == caps[i] for i in range(1, len(caps))):
                total += w
    return total


def _add_option(b: Board, lay: _Layout, g: Group, o: Option, bound: int,
                states: dict[int, int], tappers: bool) -> dict[int, int]:
    """Add 0..bound activations of one option to every state.

    Along a line of states that differ only in this option's kind, the new count at
    ``j`` is the sum of the old counts at ``j - bound .. j``: a sliding window, so
    the step costs O(states) rather than O(states * bound).
    """
    if tappers or o.life:
        return _add_block(b, lay, g, [o], bound, states, tappers)
    k = o.kind
    tot_i = len(b.kinds)
    plain = 0 if b.kinds[k].mana_cost else 1  # mana-costing ones aren't in the total
    place, base = lay.place[k], lay.base[k]
    step = lay.step(k, plain)
    lines: defaultdict[int, dict[int, int]] = defaultdict(dict)
    for st, w in states.items():
        c = (st // place) % base
        lines[st - c * step][c] = w
    out: dict[int, int] = {}
    for rest, row in lines.items():
        lo = min(row)
        hi = max(row) + bound
        if plain:
            hi = min(hi, lay.cap(rest) - lay.digit(rest, tot_i))
        window = 0
        room = b.count_limit - b.count_done  # checked per state: a line may be huge
        for j in range(lo, hi + 1):
            window += row.get(j, 0)
            if j - bound - 1 >= lo:
                window -= row.get(j - bound - 1, 0)
            if window:
                out[rest + j * step] = window
                if len(out) > room:
                    _grew(out, b)
        _grew(out, b)
    b.count_done += len(out)
    return out


def _grew(table: dict[Any, int], b: Board) -> None:
    """The state budget of the whole count (every table so far and this one), checked
    while a table grows, never only after a block (nor only after a line: one option
    repeatable 3^30 times, Farrelite Priest fed by thirty Nyxbloom Ancients, makes a
    line that long)."""
    if b.count_done + len(table) > b.count_limit:
        raise StatesSpent(
            f"counting stopped after {b.count_limit:,} partial states")


def _prefix_step(lay: _Layout, k: int, tot_i: int, bound: int,
                 cur: dict[tuple[int, int], int], b: Board, plain: int = 1
                 ) -> dict[tuple[int, int], int]:
    """Add any number m >= 0 of kind ``k`` while ``used + m <= bound`` and the total
    stays within the state's ``_Layout.cap``: along a line (other kinds fixed,
    ``used - st[k]`` fixed) the new count at ``j`` is the sum of the old counts at or
    below ``j``. ``plain`` is 0 for kinds that cost mana (they are not in the total)."""
    place, base = lay.place[k], lay.base[k]
    t_place, t_base = lay.place[tot_i], lay.base[tot_i]
    step = lay.step(k, plain)
    lines: defaultdict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for (st, used), w in cur.items():
        c = (st // place) % base
        lines[(st - c * step, used - c)][c] = w
    out: dict[tuple[int, int], int] = {}
    for (rest, d), row in lines.items():
        lo = min(row)
        hi = bound - d
        if plain:
            hi = min(hi, lay.cap(rest) - (rest // t_place) % t_base)
        running = 0
        room = b.count_limit - b.count_done  # checked per state: a line may be huge
        for j in range(lo, hi + 1):
            running += row.get(j, 0)
            if running:
                out[(rest + j * step, d + j)] = running
                if len(out) > room:
                    _grew(out, b)
        _grew(out, b)
    b.count_done += len(out)
    return out


def _add_block(b: Board, lay: _Layout, g: Group, options: list[Option], bound: int,
               states: dict[int, int], tappers: bool) -> dict[int, int]:
    """Add activations of several options sharing one bound (a group's members).

    The state carries "members used so far"; without tap costs each option is added
    with a running (prefix) sum along its kind, O(states) per option.
    """
    nk = len(b.kinds)
    cur: dict[tuple[int, int], int] = {(st, 0): w for st, w in states.items()}
    if not tappers and not any(o.life for o in options):
        for o in options:
            cur = _prefix_step(lay, o.kind, nk, bound, cur, b,
                               0 if b.kinds[o.kind].mana_cost else 1)
        merged0: defaultdict[int, int] = defaultdict(int)
        for (st, _used), w in cur.items():
            merged0[st] += w
        return merged0
    for o in options:
        k = o.kind
        plain = 0 if b.kinds[k].mana_cost else 1
        taps = b.kinds[k].taps_other if tappers else 0
        self_tap = 1 if tappers and o.taps_self and g.tappers else 0
        delta = (lay.step(k, plain) + taps * lay.place[nk + 1]
                 + self_tap * lay.place[nk + 2] + o.life * lay.place[nk + 3])
        nxt: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (st, used), w in cur.items():
            nxt[(st, used)] += w
            room = bound - used
            if plain:
                room = min(room, lay.cap(st) - lay.digit(st, nk))
            if room <= 0:
                continue
            s = st
            left = b.count_limit - b.count_done  # checked per state: room may be huge
            for m in range(1, room + 1):
                s += delta
                nxt[(s, used + m)] += w
                if len(nxt) > left:
                    _grew(nxt, b)
            _grew(nxt, b)
        b.count_done += len(nxt)
        cur = nxt
    merged: defaultdict[int, int] = defaultdict(int)
    for (st, _used), w in cur.items():
        merged[st] += w
    return merged
