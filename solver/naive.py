"""Naive references: the slow, obviously right answers the solver is checked against.

Tests (property tests against random boards) and benchmarks (ratios against the
solver on the same boards) import these from here, one copy each. They are small
enough to trust by reading, and far too slow for real use.

* :func:`outcomes_by_permutations`: replacement effects on one mana event, by replaying
  every permutation of the effects (O(k!)).
* :func:`naive_could_produce`: could-produce for every permanent by plain Kleene
  iteration (re-run every permanent until nothing changes), replacement effects by
  permutations.

Rules
-----
CR 616.1, 616.1f, 614.5: the affected player orders the replacement effects; after
each one, which effects still apply is checked again; each applies at most once.
CR 106.7: "could produce" ignores costs and considers replacement effects in any
order; references between permanents are followed to a fixed point.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence

from manacheck.model import GameState, ManaProductionKind, ManaType, effective, matches

from .produce import base_outcomes
from .replacement import (
    BoundReplacement,
    ManaEvent,
    Vector,
    apply_replacement,
    bound_replacements,
    from_vector,
    replacement_applies,
    to_vector,
)

__all__ = ["naive_could_produce", "outcomes_by_permutations", "replay"]


def outcomes_by_permutations(effects: Sequence[BoundReplacement],
                             event: Iterable[ManaType]) -> tuple[frozenset[ManaEvent], int]:
    """The naive reference: replay every permutation of the effects.

    For each permutation, repeatedly apply the first effect in that order that has not
    been applied and still applies (CR 616.1f), branching on the player's choices,
    until none applies. Every real order of application is produced by some
    permutation (itself followed by the rest). Returns the outcomes and the number of
    permutations tried. O(k! x k^2): for tests and benchmarks only.
    """
    start = to_vector(event)
    outs: set[ManaEvent] = set()
    if sum(start) == 0:
        return frozenset(), 0
    tried = 0
    for perm in itertools.permutations(effects):
        tried += 1
        for final in replay(perm, (False,) * len(perm), start):
            outs.add(from_vector(final))
    if not effects:
        outs.add(from_vector(start))
    return frozenset(o for o in outs if o), tried


def replay(perm: Sequence[BoundReplacement], used: tuple[bool, ...], ev: Vector
            ) -> Iterator[Vector]:
    for i, eff in enumerate(perm):
        if not used[i] and replacement_applies(eff, ev):
            now = (*used[:i], True, *used[i + 1:])
            for out in apply_replacement(eff, ev):
                yield from replay(perm, now, out)
            return
    yield ev


def naive_could_produce(state: GameState) -> dict[str, frozenset[ManaType]]:
    """Kleene iteration over every permanent, replacement effects by permutations."""
    chars = effective(state)
    values: dict[str, frozenset[ManaType]] = {p.id: frozenset() for p in state.permanents}
    changed = True
    while changed:
        changed = False
        for perm in state.permanents:
            got = set(values[perm.id])
            for ab in chars[perm.id].activated:
                if not ab.is_mana_ability or ab.mana is None:
                    continue
                cands: frozenset[ManaType] = frozenset()
                if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                    assert ab.mana.could_produce is not None
                    mine = ab.mana.could_produce.lands in ("you", "sacrificed")
                    flt = ab.mana.could_produce.filter
                    for land in state.permanents:
                        if chars[land.id].is_land and (land.controller == perm.controller) \
                                == mine and (flt.is_empty or matches(
                                    flt, chars[land.id], land, state, perm.controller,
                                    perm.id)):
                            cands |= values[land.id]
                    if ab.mana.could_produce.of == "color":
                        cands -= {ManaType.C}
                for ev in base_outcomes(state, perm, ab.mana, cands):
                    outs, _ = outcomes_by_permutations(
                        bound_replacements(state, perm, ab), ev)
                    for o in outs:
                        got.update(o)
            if frozenset(got) != values[perm.id]:
                values[perm.id] = frozenset(got)
                changed = True
    return values
