"""A storage land's repeated activations when each one sets off a triggered mana ability.

"{1}, Remove X storage counters: Add X mana in any combination of {W} and/or {U}"
(Calciform Pools) may be activated again and again while a cost is paid (CR 602.1,
605.3a), X chosen each time from the counters still on it (CR 107.3, 118.3). Alone, one
activation removing all the counters does whatever several would
(``leftout.one_activation_enough``). With a triggered mana ability that each activation
sets off ("Whenever a land's ability causes you to add one or more mana of the chosen
color, add one additional mana of that color", Caged Sun, CR 605.1b), several
activations add more than one: each is worth one more mana (an activation with X = 1 is
then a filter, "{1}: Add {W}{W}"), so the solver is given every sequence instead.

A sequence of k activations removing X1 + ... + Xk counters (each Xi at least 1: an
activation with X = 0 adds no mana, sets off nothing, and only costs {1}) adds the sum
of each activation's mana with its triggered mana. Its k costs of {1} are paid either
with other mana or with mana an earlier activation of the sequence added (CR 601.2g-h:
mana abilities are activated while paying; each activation's mana is in the pool before
the next is activated). The first is always paid with other mana. So a sequence is an
option "pay {j}, add its mana less any k - j of it", for j from 1 to k: any k - j of its
mana can be the ones spent on the other activations, activating first those that add
them (each activation adds at least one mana, so there is always one in the pool to pay
the next). These options share one use per permanent, exactly what the ability can do
in one payment.

Only an ability whose every unit is chosen on its own (``leftout.per_unit_repeatable``),
whose mana cost is {1}, with no spending restriction, no replacement effect on the
board, and at most :data:`MOST_COUNTERS` counters is listed this way; any other stays
left out.

Rules
-----
CR 602.1, 605.3a: a mana ability may be activated as often as its cost can be paid. CR
107.3, 118.3: X in a cost. CR 605.1b, 106.12a: triggered mana abilities. CR 601.2g-h.
"""

from __future__ import annotations

from manacheck.model import (
    ActivatedAbility,
    GameState,
    ManaCost,
    Permanent,
    SymbolKind,
    TriggeredAbility,
)

from .. import produce
from ..amounts import Amounts

__all__ = ["MOST_COUNTERS", "MOST_SEQUENCES", "generic_cost", "sequence_events"]

#: The most counters whose sequences are listed (each counter may be its own activation).
MOST_COUNTERS = 8

#: The most distinct (activations, mana) pairs listed before giving up (left out).
MOST_SEQUENCES = 4000


def _unit_cost(ab: ActivatedAbility) -> bool:
    """Whether the ability's mana cost is exactly {1} (any mana pays it, CR 107.4b)."""
    syms = tuple(ab.mana_cost)
    return len(syms) == 1 and syms[0].kind is SymbolKind.GENERIC and syms[0].amount == 1


def _less(y: Amounts, r: int) -> set[Amounts]:
    """Every event ``y`` less ``r`` of its mana."""
    out = {y}
    for _ in range(r):
        nxt: set[Amounts] = set()
        for a in out:
            for i, n in enumerate(a.counts):
                if n:
                    c = list(a.counts)
                    c[i] -= 1
                    nxt.add(Amounts((c[0], c[1], c[2], c[3], c[4], c[5])))
        out = nxt
    return out


def sequence_events(state: GameState, perm: Permanent, ab: ActivatedAbility,
                    triggered: tuple[tuple[Permanent, TriggeredAbility], ...]
                    ) -> dict[int, frozenset[Amounts]] | None:
    """For each number j of {1} costs paid with other mana, the mana every sequence of
    activations of ``ab`` could leave (module docstring); None when the ability isn't
    one listed this way (then it stays left out)."""
    prod = ab.mana
    if prod is None or prod.restriction is not None or not _unit_cost(ab) \
            or ab.once_each_turn or ab.per_turn or not prod.x_counter:
        return None
    most = perm.counters[prod.x_counter]
    if most > MOST_COUNTERS:
        return None
    events = produce.base_outcomes(state, perm, prod)
    units = {e for e in events if len(e) == 1}
    # X units are X independent choices of one unit each: checked against the events.
    per_x: dict[int, set[Amounts]] = {0: {Amounts.of(())}}
    for x in range(1, most + 1):
        per_x[x] = {a + Amounts.of(u) for a in per_x[x - 1] for u in units}
    if frozenset(Amounts.of(e) for e in events if e) != frozenset(
            a for x in range(1, most + 1) for a in per_x[x]):
        return None
    one = {x: produce.with_triggered(state, triggered, frozenset(per_x[x]))
           for x in range(1, most + 1)}
    # reach[used]: the (activations, mana) a sequence removing ``used`` counters adds.
    reach: dict[int, set[tuple[int, Amounts]]] = {0: {(0, Amounts.of(()))}}
    for used in range(most):
        for k, y in reach.get(used, set()):
            for x in range(1, most - used + 1):
                into = reach.setdefault(used + x, set())
                into.update((k + 1, y + t) for t in one[x])
        if sum(len(s) for s in reach.values()) > MOST_SEQUENCES:
            return None
    out: dict[int, set[Amounts]] = {}
    for used, pairs in reach.items():
        for k, y in pairs:
            if not used:
                continue
            for j in range(1, k + 1):
                out.setdefault(j, set()).update(_less(y, k - j))
    return {j: frozenset(evs) for j, evs in out.items()}


def generic_cost(n: int) -> ManaCost:
    """{n}: the mana cost of ``n`` activations whose cost is {1}."""
    return ManaCost.parse(f"{{{n}}}")
