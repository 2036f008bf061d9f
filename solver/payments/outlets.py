"""Sacrifice outlets ("Sacrifice a creature: Add {C}{C}") as mana sources.

Each activation of an outlet needs its own permanent to sacrifice. Which permanent is
a cost choice (like the creature Springleaf Drum taps) and doesn't make payments
distinct, but there must be enough: the permanents outlets may sacrifice are a budget
shared by every group, checked with Hall's condition over the outlets' filters
(:func:`sacs_fit`) and, for the payment shown, matched one by one
(:func:`assign_sacrifices`).

Rules
-----
CR 701.21a: you sacrifice only permanents you control, each once. CR 601.2g: mana
abilities are activated before costs are paid, so a permanent tapped for mana may then
be sacrificed; one that sacrificed itself for mana (Lotus Petal) is gone.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from manacheck.model import ManaType, ObjectFilter, Permanent, effective, matches

from ..amounts import Amounts
from .board import Board
from .kinds import LeftOut, note
from .values import SacrificePlan

__all__ = [
    "assign_sacrifices",
    "plan_sacrifices",
    "sac_classes",
    "sac_filter_index",
    "sacrificable",
    "sacs_fit",
]


def sac_filter_index(b: Board, flt: ObjectFilter, perm: Permanent | None,
                     produces: ManaType | None = None) -> int:
    """The index of what an outlet may sacrifice (one per filter, and per source
    when the filter looks at it: "another creature"; and per type when what it adds
    is a type the sacrificed land could produce, Squandered Resources: the lands that
    could produce ``produces``, CR 106.7)."""
    looks = flt.another or flt.enchanted or flt.chosen_creature_type or flt.chosen_color
    src = perm.id if perm is not None and looks else None
    key = (flt, src, produces)
    if key not in b.sac_index:
        b.sac_index[key] = len(b.sac_filters)
        b.sac_filters.append(key)
    return b.sac_index[key]


def sacrificable(b: Board, index: int) -> tuple[str, ...]:
    """Permanents the player controls that fit outlet filter ``index`` (CR 701.21a:
    you sacrifice only your own permanents), objects kept out excepted."""
    flt, src, produces = b.sac_filters[index]
    chars = effective(b.state)
    fit = tuple(p.id for p in b.player.battlefield if p.id not in b.exclude
                and matches(flt, chars[p.id], p, b.state, b.player.name, src))
    if produces is None:
        return fit
    from ..produce import produced_types  # (the could-produce solver, once per board)

    return tuple(m for m in fit if produces in produced_types(b.state, m))


def sac_classes(b: Board) -> None:
    """Who could be sacrificed to which outlet: for each group, whether its members
    fit each outlet filter (a group whose members differ, which an "another" filter
    can cause, leaves its outlets out); permanents in no group by id."""
    b.sac_group_sig = {}
    b.sac_extra = {}
    fits = [set(sacrificable(b, i)) for i in range(len(b.sac_filters))]
    for gi, g in enumerate(b.groups):
        sigs = {tuple(m in f for f in fits) for m in g.ids}
        if len(sigs) > 1:
            b.sac_split = True
            for oid, n in b.outlets:
                b.left_out.append(f"{oid} (ability {n})")
                b.notes.append(note(oid, n, LeftOut(
                    "interchangeable permanents differ in whether it may sacrifice "
                    "them, which the payment solver doesn't model")))
            return
        (sig,) = sigs
        if any(sig):
            b.sac_group_sig[gi] = sig
    for m in set().union(*fits):
        if m not in b.id_group:
            b.sac_extra[m] = tuple(m in f for f in fits)


def sacs_fit(b: Board, demand: Sequence[int], gone_used: Mapping[int, int],
             unavailable: frozenset[str] = frozenset()) -> bool:
    """Whether every outlet activation gets its own permanent to sacrifice: Hall's
    condition over the outlet filters (for every set of filters, the permanents
    fitting any of them number at least what they ask). A permanent that sacrifices
    itself for mana (``gone_used`` per group), or is ``unavailable`` (a cost
    sacrifices it), can't be sacrificed again; one tapped for mana first can (CR
    601.2g: mana abilities may be activated in any order before costs are paid)."""
    wanted = [i for i, d in enumerate(demand) if d]
    if not wanted:
        return True
    if b.sac_split:
        return False
    classes: list[tuple[tuple[bool, ...], int]] = []
    for gi, sig in b.sac_group_sig.items():
        g = b.groups[gi]
        n = g.size - gone_used.get(gi, 0) - sum(1 for m in g.ids if m in unavailable)
        if n > 0:
            classes.append((sig, n))
    for m, sig in b.sac_extra.items():
        if m not in unavailable:
            classes.append((sig, 1))
    for r in range(1, len(wanted) + 1):
        for subset in itertools.combinations(wanted, r):
            need = sum(demand[i] for i in subset)
            have = sum(n for sig, n in classes if any(sig[i] for i in subset))
            if need > have:
                return False
    return True


def assign_sacrifices(b: Board, demands: Sequence[int], gone_ids: frozenset[str]
                      ) -> list[str] | None:
    """One permanent for each outlet demand (its filter index), none twice and none
    in ``gone_ids``: a small augmenting-path matching. None if there is none."""
    cands = [[m for m in sacrificable(b, f) if m not in gone_ids] for f in demands]
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for m in cands[i]:
            if m in seen:
                continue
            seen.add(m)
            if m not in owner or place(owner[m], seen):
                owner[m] = i
                return True
        return False

    if not all(place(i, set()) for i in range(len(demands))):
        return None
    out = [""] * len(demands)
    for m, i in owner.items():
        out[i] = m
    return out


def plan_sacrifices(b: Board, wants: tuple[tuple[tuple[str, int, Amounts], int], ...],
                    gone: frozenset[str], unavailable: frozenset[str]) -> SacrificePlan | None:
    """One permanent for each sacrifice the outlets ask (``wants``: the use and its
    outlet filter, once per permanent), none that sacrifices itself for mana (``gone``)
    or is ``unavailable``; None if there is no such choice (CR 701.21a)."""
    picked = assign_sacrifices(b, [f for _, f in wants], gone | unavailable)
    if picked is None:
        return None
    plan: dict[tuple[str, int, Amounts], list[str]] = {}
    for (key, _), m in zip(wants, picked, strict=True):
        plan.setdefault(key, []).append(m)
    return {k: tuple(v) for k, v in plan.items()}
