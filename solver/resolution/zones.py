"""Edits of a game state: objects into and out of zones, counters, new ids, APNAP order.

Pure functions from a :class:`~manacheck.model.GameState` to a new one (or to a value
read from it); nothing here logs or triggers. Moving a permanent is
``remove_permanent`` then ``add_card`` (or ``add_permanent``): the object that arrives
is a new object (CR 400.7), so counters don't come along unless the caller puts them.
:func:`new_id` names the objects a run creates (stack objects, tokens, drawn cards)
with ids no object in the state or earlier in the run has. :func:`fmt_counters` writes
counters for the log.

Rules
-----
CR 101.4: APNAP order (:func:`apnap`). CR 400.7: an object that moves from one zone to
another becomes a new object. CR 122.1: counters are put on and removed from permanents
(:func:`set_counters`).
"""

from __future__ import annotations

import operator
from dataclasses import replace

from manacheck.model import Card, Counters, GameState, Permanent

from . import limits
from .limits import CountLimit

_ID = operator.attrgetter("id")

__all__ = [
    "add_card",
    "add_permanent",
    "apnap",
    "fmt_counters",
    "new_id",
    "on_battlefield",
    "remove_permanent",
    "set_counters",
]


def fmt_counters(c: Counters) -> str:
    return ", ".join(f"{n} {k}" for k, n in c.items) if c else "no counters"


def _named(base: str, n: int) -> str:
    return base if n == 1 else f"{base}#{n}"


def new_id(state: GameState, base: str, taken: set[str],
           memo: dict[str, tuple[int, tuple[int, ...]]] | None = None) -> str:
    """The first of ``base``, ``base#2``, ``base#3``, ... that no object of ``state``
    has and that isn't in ``taken`` (it is added there).

    ``memo`` (kept by the caller with ``taken``) makes many ids of one base quick
    without changing which id is given: for each base, the number to go on from and
    the smaller numbers that were only in use by an object of the state (which may
    have ceased to exist since, so they are looked at again); every other smaller
    number is in ``taken``, which only grows.

    Rules
    -----
    CR 109.1, 111.1: each object a run makes (a token, a stack object, a drawn card) is
    a new object with an id of its own. CR 111.7: a token that left the battlefield
    ceases to exist, so its id may be given again.
    """
    start, recheck = memo.get(base, (1, ())) if memo is not None else (1, ())
    for i, m in enumerate(recheck):
        cand = _named(base, m)
        if cand not in state and cand not in taken:
            taken.add(cand)
            if memo is not None:
                memo[base] = (start, recheck[:i] + recheck[i + 1:])
            return cand
    n = start
    in_state: list[int] = []
    while True:
        cand = _named(base, n)
        if cand not in taken:
            if cand not in state:
                break
            in_state.append(n)
        n += 1
    taken.add(cand)
    if memo is not None:
        memo[base] = (n + 1, (*recheck, *in_state))
    return cand


def remove_permanent(state: GameState, perm_id: str) -> GameState:
    for p in state.players:
        ids = list(map(_ID, p.battlefield))  # no Python loop over the permanents
        if perm_id in ids:
            i = ids.index(perm_id)
            bf = p.battlefield
            return state.with_player(replace(p, battlefield=(*bf[:i], *bf[i + 1:])))
    raise KeyError(perm_id)


def add_card(state: GameState, player: str, zone: str, card: Card) -> GameState:
    p = state.player(player)
    cards: tuple[Card, ...] = (*getattr(p, zone), card)
    if zone == "hand":
        return state.with_player(replace(p, hand=cards))
    if zone == "graveyard":
        return state.with_player(replace(p, graveyard=cards))
    if zone == "exile":
        return state.with_player(replace(p, exile=cards))
    if zone == "command":
        return state.with_player(replace(p, command=(*p.command, card)))
    raise ValueError(f"not a card zone: {zone}")


def add_permanent(state: GameState, perm: Permanent) -> GameState:
    p = state.player(perm.controller)
    return state.with_player(replace(p, battlefield=(*p.battlefield, perm)))


def set_counters(state: GameState, perm_id: str, counters: Counters) -> GameState:
    """The state with ``perm_id``'s counters set (at most ``limits.MAX_COUNTERS`` of a
    kind: more raises :class:`~.limits.CountLimit`)."""
    for kind in counters:
        if counters[kind] > limits.MAX_COUNTERS:
            raise CountLimit(f"{perm_id} would have {counters[kind]:,} {kind} "
                             f"counters, more than the {limits.MAX_COUNTERS:,} manacheck "
                             "models (and a state file can hold)")
    return state.with_permanent(replace(_on_battlefield(state, perm_id), counters=counters))


def _on_battlefield(state: GameState, perm_id: str) -> Permanent:
    """The permanent with this id, found without building the state's index of every
    object (a resolution makes a state per event)."""
    for p in state.players:
        ids = list(map(_ID, p.battlefield))
        if perm_id in ids:
            return p.battlefield[ids.index(perm_id)]
    return state.permanent(perm_id)  # not there: the state says why


def on_battlefield(state: GameState, oid: str) -> Permanent | None:
    if oid in state and state.zone_of(oid) == "battlefield":
        return state.permanent(oid)
    return None


def apnap(state: GameState) -> list[str]:
    """CR 101.4: the active player, then the others in turn order."""
    names = list(state.player_names)
    i = names.index(state.turn.active_player)
    return names[i:] + names[:i]
