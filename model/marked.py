"""The permanents whose cards have some property, once per state and found quickly from
the last state asked about.

:func:`permanents_with` serves the questions that look at only a few permanents of a
large board (the ones with a static ability about counters, ``placing``; the ones with
triggered abilities, the resolution solver): each state keeps its answer, and a state
that differs from the last one asked about only by permanents whose cards don't have the
property (found by :func:`~.layers.battlefield_changes`, at most 64 of them) has that
one's answer, without a loop over the battlefield.

Rules
-----
CR 113.6, 604.1: abilities of permanents function on the battlefield; only a permanent
whose card has the ability can be one that matters.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CardDefinition
from .layers import battlefield_changes
from .state import GameState, Permanent

__all__ = ["permanents_with"]

#: By property key: the battlefields of the last state answered, and its answer.
_LAST: dict[str, tuple[tuple[tuple[Permanent, ...], ...], tuple[Permanent, ...]]] = {}

#: How many changed permanents a state may have from the last one to reuse its answer.
_MAX_CHANGES = 64


def permanents_with(state: GameState, key: str, has: Callable[[CardDefinition], bool]
                    ) -> tuple[Permanent, ...]:
    """The permanents of ``state``, in battlefield order, whose cards ``has`` (module
    docstring); ``key`` names the property (one cache per key). ``has`` must depend on
    the card definition alone."""
    slot = f"_with_{key}"
    hit: tuple[Permanent, ...] | None = state.__dict__.get(slot)
    if hit is not None:
        return hit
    last = _LAST.get(key)
    if last is not None:
        found = battlefield_changes(last[0], state, _MAX_CHANGES)
        if found is not None and not any(has(p.card) for ps in found for p in ps):
            hit = last[1]
    if hit is None:
        hit = tuple(p for p in state.permanents if has(p.card))
    state.__dict__[slot] = hit
    _LAST[key] = (tuple(p.battlefield for p in state.players), hit)
    return hit
