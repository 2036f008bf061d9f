"""From a solution to a :class:`Payment` and back: the witness shown, and membership.

:func:`build_payment` turns one solution of the constraint problem into the payment
shown: which ids activate, what outlets sacrifice, one assignment of mana to symbols
(from the exact check's flow) and the leftover. :func:`check_proposed` answers
``payment in payments`` without a search.

Rules
-----
CR 601.2g-h: every activation adds its mana before the total cost is paid; mana not
spent is leftover. CR 701.21a: one permanent per sacrifice. CR 107.4f, 119.4: 2 life
per Phyrexian symbol paid with life.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter as _Multiset
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from manacheck.model import MANA_TYPES, ManaType

from ..amounts import Amounts
from . import exact
from .board import Board
from .exact import FlowWitness
from .kinds import Slot
from .outlets import plan_sacrifices, sacrificable, sacs_fit
from .values import Assigned, ManaUse, Payment, SacrificePlan, use_key

__all__ = ["build_payment", "check_proposed", "explain", "pool_splits"]


def build_payment(b: Board, sol: Mapping[Any, Any], colors_left: frozenset[ManaType]
                  ) -> Payment:
    """The :class:`Payment` of one solution of the constraint problem: its uses (ids
    taken in group order), one sacrifice plan, one assignment of mana to symbols and
    the leftover."""
    counts = [0] * len(b.kinds)
    pool = [0] * len(b.pool)
    uses: list[ManaUse] = []
    acts: list[tuple[str, int, Amounts]] = []
    taken: dict[int, int] = {}
    used_excl: dict[int, int] = {}
    gone_ids: set[str] = set()
    sac_wants: list[tuple[int, int]] = []  # (index in uses, outlet filter), one a sacrifice
    life_syms = act_life = 0
    for key, v in sorted(sol.items(), key=lambda kv: repr(kv[0])):
        tag, i, j = key
        if tag == "p":
            pool[i] = v
        elif tag == "l":
            life_syms = v
        elif tag == "n" and v:
            g = b.groups[i]
            o = g.options[j]
            counts[o.kind] += v
            act_life += v * o.life
            if o.exclusive:
                start = taken.get(i, 0)
                ids = g.ids[start:start + v]
                taken[i] = start + v
                used_excl[i] = used_excl.get(i, 0) + v
                acts.extend((obj, o.kind, o.event) for obj in ids)
                if o.gone:
                    gone_ids.update(ids)
            else:
                per = max(o.repeat, 1)
                ids = tuple(dict.fromkeys(g.ids[k // per] for k in range(v)))
                acts.extend((g.ids[k // per], o.kind, o.event) for k in range(v))
            k = b.kinds[o.kind]
            sac_wants.extend((len(uses), k.sac_filter)
                             for _ in range(v * k.sacs_other))
            uses.append(ManaUse(ids[0], o.ability, o.event, v, ids, g.ids,
                                g.zone))
    check: Callable[[frozenset[str]], SacrificePlan | None] | None = None
    may_sacrifice: frozenset[str] = frozenset()
    if sac_wants:
        wants = tuple((use_key(uses[ui]), f) for ui, f in sac_wants)
        check = functools.partial(plan_sacrifices, b, wants, frozenset(gone_ids))
        may_sacrifice = frozenset(m for f in {f for _, f in sac_wants}
                                  for m in sacrificable(b, f))
        plan = check(frozenset())
        if plan is not None:
            uses = [dataclasses.replace(u, sacrificed=plan.get(use_key(u), ()))
                    for u in uses]
    flow = exact.solve(b, counts, pool, life_syms, act_life)
    leftover = Amounts.of(())
    assignment: list[Assigned] = []
    if flow is not None:
        leftover, assignment = explain(b, acts, flow)
    spent_pool = [b.pool[i].type for i, v in enumerate(pool) for _ in range(v)]
    detail = [b.pool_text(i) for i, v in enumerate(pool) for _ in range(v)]
    life = act_life + 2 * life_syms
    uses.sort(key=lambda u: (u.zone, u.object, u.ability, u.mana.sort_key))
    return Payment(tuple(uses), tuple(spent_pool), life, leftover,
                   tuple(assignment), colors_left, tuple(detail), check, may_sacrifice)


def explain(b: Board, activations: list[tuple[str, int, Amounts]],
            flow: FlowWitness) -> tuple[Amounts, list[Assigned]]:
    """Turn the flow witness into one assignment of mana to symbols, and the leftover.

    ``activations`` lists (object id, kind, mana it really adds) for every activation
    of the payment; the flow speaks of kinds, whose types may stand for a class of
    types the cost can't tell apart (and whose amounts are cut to what a payment can
    spend, ``spending.cap_kinds``), so the units are matched back to real mana. Works
    on counts: one :class:`Assigned` per (symbol, mana, source, purpose) with how many
    units, so 3^30 mana paying ``{X}`` is one entry, never 3^30.

    Rules
    -----
    CR 601.2g-h: the mana is added, then spent on the cost; what is not spent is left
    over (CR 106.4).
    """
    cls = b.type_class
    # One entry per activation: [object, mana left of each type, whether it gave any].
    per_kind: dict[int, list[tuple[str, dict[ManaType, int], list[bool]]]] = {}
    for obj, k, real in activations:
        per_kind.setdefault(k, []).append((obj, dict(real.items()), [False]))
    at_pos: dict[int, tuple[str, dict[ManaType, int], list[bool]]] = {}
    seen: dict[int, int] = {}
    for pos, k in enumerate(flow.order):
        i = seen.get(k, 0)
        seen[k] = i + 1
        at_pos[pos] = per_kind[k][i]

    def take(act: tuple[str, dict[ManaType, int], list[bool]], ty: ManaType, f: int
             ) -> list[tuple[ManaType, int]]:
        """Up to ``f`` units of real mana of class ``ty`` from one activation (its
        types in WUBRGC order, as one unit at a time would take them)."""
        mana = act[1]
        got = []
        for x in MANA_TYPES:
            n = mana.get(x, 0)
            if f and n and cls[x] is ty:
                m = min(f, n)
                mana[x] = n - m
                f -= m
                got.append((x, m))
        if got:
            act[2][0] = True
        return got

    def assigned(slot: Slot, ty: ManaType | None, source: str, times: int) -> Assigned:
        part = "" if slot.owner == -1 else f"activating {at_pos[slot.owner][0]}"
        generic = slot.accepts is None and not slot.snow and slot.symbol[1:-1].isdigit()
        return Assigned("{1}" if generic else slot.symbol,
                        "{" + ty.value + "}" if ty else "", source, part, times)

    out: list[Assigned] = []
    rest: list[tuple[tuple[str, int, ManaType | None], int, int]] = []
    for (tag, k, ty), j, f in flow.sends:
        if tag == "act" and ty is not None:
            act = at_pos[k]
            out.extend(assigned(flow.slots[j], x, act[0], m) for x, m in take(act, ty, f))
            continue
        if tag != "kind" or ty is None:
            rest.append(((tag, k, ty), j, f))
            continue
        # First give every activation of the kind one unit, so each visibly contributes.
        for act in per_kind.get(k, []):
            if f and not act[2][0]:
                for x, m in take(act, ty, 1):
                    out.append(assigned(flow.slots[j], x, act[0], m))
                    f -= m
        if f:
            rest.append(((tag, k, ty), j, f))
    for (tag, k, ty), j, f in rest:
        if tag == "kind" and ty is not None:
            for act in per_kind[k]:
                for x, m in take(act, ty, f):
                    out.append(assigned(flow.slots[j], x, act[0], m))
                    f -= m
        elif tag == "pool":
            out.append(assigned(flow.slots[j], ty, "pool", f))
        else:
            owner = flow.slots[j].owner
            out.append(Assigned(flow.slots[j].symbol, "2 life", "life", "" if owner == -1
                                else f"activating {at_pos[owner][0]}", f))
    left = [0] * 6
    for lst in per_kind.values():
        for _, mana, _ in lst:
            for x, n in mana.items():
                left[MANA_TYPES.index(x)] += n
    leftover = Amounts((left[0], left[1], left[2], left[3], left[4], left[5]))
    merged: dict[tuple[str, str, str, str], int] = {}
    for a in out:
        key = (a.part_of, a.symbol, a.paid_with, a.source)
        merged[key] = merged.get(key, 0) + a.times
    return leftover, [Assigned(sym, paid, src, part, n)
                      for (part, sym, paid, src), n in sorted(merged.items())]


def check_proposed(b: Board, proposed: Payment) -> bool:
    """Whether ``proposed`` is a payment of this board (``proposed in payments``), checked
    without searching: its uses must name real groups and options, and the kinds, pool
    mana and life it spends must pass the exact check."""
    counts = [0] * len(b.kinds)
    per_group: dict[int, int] = {}
    per_ability: dict[tuple[int, int], int] = {}
    seen: set[str] = set()
    need = act_life = 0
    demand = [0] * len(b.sac_filters)
    gone: dict[int, int] = {}
    for u in proposed.activations:
        ids = u.ids or (u.object,)
        if any(i not in b.id_group for i in ids):
            return False
        gis = {b.id_group[i] for i in ids}
        if len(gis) != 1:
            return False
        gi = gis.pop()
        g = b.groups[gi]
        match = [o for o in g.options if o.ability == u.ability
                 and o.event == u.mana]
        if not match or u.times < 1:
            return False
        o = match[0]
        if o.exclusive:
            if len(ids) != u.times or len(set(ids)) != len(ids) or seen & set(ids):
                return False
            seen.update(ids)
            per_group[gi] = per_group.get(gi, 0) + u.times
        else:  # the options of one ability share its activations (Group.blocks)
            key = (gi, o.ability)
            per_ability[key] = per_ability.get(key, 0) + u.times
            if per_ability[key] > g.size * o.repeat:
                return False
        counts[o.kind] += u.times
        act_life += u.times * o.life
        need += u.times * b.kinds[o.kind].taps_other
        if b.kinds[o.kind].sacs_other:
            demand[b.kinds[o.kind].sac_filter] += u.times * b.kinds[o.kind].sacs_other
        if o.gone:
            gone[gi] = gone.get(gi, 0) + u.times
    if any(n > b.groups[gi].size for gi, n in per_group.items()):
        return False
    if b.uses_sacs and not sacs_fit(b, demand, gone):
        return False
    want = _Multiset(proposed.pool)
    extra = proposed.life - act_life
    if extra < 0 or extra % 2:
        return False
    avail = b.extra_tappers + sum(g.tappers - per_group.get(gi, 0)
                                  for gi, g in enumerate(b.groups) if g.tappers)
    return any(exact.valid(b, counts, split, extra // 2, need, avail, act_life)
               for split in pool_splits(b, want))


def pool_splits(b: Board, want: _Multiset[ManaType]) -> Iterator[list[int]]:
    """Every way to take the pool mana ``want`` from the pool's entries."""
    ranges = [range(pk.amount + 1) for pk in b.pool]
    for combo in itertools.product(*ranges):
        got: _Multiset[ManaType] = _Multiset()
        for pk, n in zip(b.pool, combo, strict=True):
            got[pk.type] += n
        if +got == +want:
            yield list(combo)
