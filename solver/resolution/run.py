"""Playing out the events: the driver, and the questions :func:`resolve` and
:func:`outcomes`.

:func:`play` plays the events in order, giving priority (state-based actions, then
triggers onto the stack) after each. :func:`resolve` plays them once and stops at the
first choice the file leaves open; :func:`outcomes` plays out every combination of the
open choices and returns each distinct outcome once.

Algorithm
---------
A run is deterministic given its answers to the open choices. Answers come from the
file's ``choose`` events first, then from a script (a list of option numbers);
:func:`resolve` uses an empty script and stops at the first open choice;
:func:`outcomes` explores the tree of scripts depth first, re-running from the start for
each branch (boards are small; each run is linear in the number of events and stack
objects). Outcomes are deduplicated by their resulting state (:func:`~.outcome.canonical`).

Rules
-----
CR 117.5, 704.3, 603.3b: after each event, state-based actions and then triggered
abilities, before a player would receive priority. CR 101.4, 603.3b (orders of
simultaneous triggers), 601.2c (targets), 603.5 ("you may"), 701.21a (which permanent
to sacrifice), 704.5j (which legendary permanent to keep): the choices :func:`outcomes`
tries every option of.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from manacheck.model import GameState
from manacheck.model.effects import Family

from ..soundness import ON_RESOLUTION, RESOLUTION, RESOLUTION_ATTACKS, Question, unapplied
from .actions import apply_event
from .core import OpenChoice, Run, StepLimit, Unsupported
from .events import (
    Activate,
    Attack,
    BadEvent,
    BeginningOfStep,
    Cast,
    Choose,
    Draw,
    Event,
    Leaves,
    PutCounters,
    RemoveCounters,
    Resolve,
    parse_events,
)
from .limits import MAX_OUTCOMES, CountLimit
from .outcome import Choice, Outcome, canonical
from .sba import priority

__all__ = ["outcomes", "play", "resolve"]


def play(run: Run) -> None:
    """Play the events from ``run.pos`` on, each followed by priority (CR 117.5)."""
    while run.pos < len(run.events):
        ev = run.events[run.pos]
        run.current = ev.index
        run.pos += 1
        if isinstance(ev, Choose):
            raise BadEvent(ev.index, "choose", "no choice is open at this point")
        apply_event(run, ev)
        priority(run)


def _events_of(state: GameState, events: Sequence[Any] | None) -> tuple[Event, ...]:
    raw = state.events if events is None else events
    if raw and all(isinstance(e, PutCounters | RemoveCounters | Leaves | Cast | Activate
                              | Draw | BeginningOfStep | Attack | Resolve | Choose)
                   for e in raw):
        return tuple(raw)
    return parse_events(list(raw))


def _run(state: GameState, events: tuple[Event, ...], script: tuple[int, ...],
         settle_first: bool = False) -> tuple[Outcome, int]:
    run = Run(replace(state, events=()), events, script)
    choice: Choice | None = None
    stopped: str | None = None
    try:
        if settle_first:
            priority(run)
        play(run)
    except OpenChoice as oc:
        choice = oc.choice
    except (StepLimit, CountLimit) as s:
        stopped = str(s)
    pending = tuple(f"{t.source}'s triggered ability {t.number}"
                    + (f" for {t.subject}" if t.subject else "") for t in run.pending)
    return (Outcome(run.state, tuple(run.log), tuple(run.made), choice, stopped, pending),
            run.open_options)


#: What performing state-based actions and putting triggered abilities on the stack
#: never reads (CR 704.3, 603.3): life (none is gained or lost), how permanents enter
#: (none enters), and, when nothing went on the stack, who may be targeted.
SETTLING_UNREAD: frozenset[Family] = frozenset({Family.LIFE, Family.ENTERING})


def refuse_unapplied(state: GameState, events: Sequence[Event],
                     triggers: bool = True,
                     inert: Collection[tuple[str, str]] = (),
                     settled: Sequence[Outcome] | None = None) -> None:
    """Soundness (``manacheck.solver.soundness``): an effect on the board that could
    change what the events do and that the resolution solver doesn't apply is refused,
    named with the rules it would need, never ignored. With ``triggers`` false, the
    triggered abilities that weren't read are left out: for a run in which nothing
    happened, so nothing could trigger them (CR 603.2). ``inert``: the (object, text) of
    effects the caller proved can't change what these events do (``settle``).
    ``settled``: the outcomes of performing the state-based actions pending in
    ``state`` with no events: what that reads is checked, not what a resolution reads
    (:data:`SETTLING_UNREAD`).

    Raises
    ------
    Unsupported
        Naming the first such effect (and how many more there are).
    """
    question = RESOLUTION_ATTACKS if any(isinstance(e, Attack) for e in events) \
        else RESOLUTION
    if not triggers:
        question = Question(question.name, question.reads - {Family.UNREAD_TRIGGERS},
                            question.implements)
    if settled is not None:
        # Only state-based actions were performed (CR 704.3) and triggered abilities
        # put on the stack (CR 603.3): no life changed, nothing entered, and no target
        # was chosen unless something went on the stack (CR 603.3d).
        unread = SETTLING_UNREAD | (
            {Family.TARGETING} if not any(len(o.state.stack) > len(state.stack)
                                          for o in settled) else set())
        question = Question(question.name, question.reads - unread,
                            question.implements)
    if not any(isinstance(e, Resolve) for e in events):
        # Nothing on the stack resolves: a spell's effect there never happens (CR 608.2).
        question = Question(question.name, question.reads,
                            question.implements | {ON_RESOLUTION})
    # A spell that resolves is the object its own rules are about: its keywords about
    # how it enters (sunburst, riot, CR 702.44a, 702.136a) and where it goes (buyback,
    # flashback) count (CR 608.3, 614.1c).
    about = [item.id for item in state.stack if item.card is not None] \
        if any(isinstance(e, Resolve) for e in events) else []
    found = tuple(u for u in unapplied(state, question, about)
                  if (u.object_id, u.text) not in inert)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        u = found[0]
        raise Unsupported(f"{u}{more}")


def resolve(state: GameState, events: Sequence[Any] | None = None) -> Outcome:
    """Play out the events; stop at the first choice the events leave open.

    Parameters
    ----------
    state
        The game state; its ``events`` are used when ``events`` is None.
    events
        Raw events (as in a state file) or parsed ones.

    Returns
    -------
    Outcome
        With ``open_choice`` set if it stopped at a choice.

    Raises
    ------
    BadEvent
        A malformed event, an unknown object, an object that isn't there any more, or
        an illegal choice: the message names the event's number and kind.
    Unsupported
        The board needs an effect or condition the solver doesn't model.

    Rules
    -----
    CR 603.2, 603.3b, 603.4, 603.10a, 608.2b, 608.2h, 704.3, 704.5f, 704.5q, 122.5,
    122.8, 107.3m (see :mod:`manacheck.solver.resolution`).

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> st = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice:
    ...     battlefield:
    ...       - {card: "Hei Bai, Spirit of Balance", id: Hei Bai, counters: {"+1/+1": 2}}
    ...       - Kozilek, the Great Distortion
    ... events:
    ...   - put_counters: {object: Hei Bai, counters: {"-1/-1": 5}}
    ...   - resolve: all
    ... ''')
    >>> resolve(st).state.permanent("Kozilek, the Great Distortion").counters.as_dict()
    {'-1/-1': 3}
    """
    evs = _events_of(state, events)
    refuse_unapplied(state, evs)
    outcome, _ = _run(state, evs, ())
    return outcome


def outcomes(state: GameState, events: Sequence[Any] | None = None,
             limit: int = MAX_OUTCOMES, *, settle_first: bool = False,
             inert: Collection[tuple[str, str]] = ()) -> list[Outcome]:
    """Every distinct outcome over all combinations of the open choices.

    Explores the choice tree depth first (one full run per leaf). Outcomes with the
    same resulting state (:func:`canonical`) are reported once, the first found.
    If more than ``limit`` runs would be needed it stops, and the last outcome's
    ``stopped`` says so.

    Parameters
    ----------
    state, events
        As :func:`resolve`.
    limit
        At most this many runs (each plays the events once with one set of answers).
    settle_first
        First do what the game does before a player receives priority in ``state``
        itself (state-based actions, then triggers: CR 117.5); with no events, the
        outcomes are the states a player would receive priority in.
    inert
        The (object, text) of effects the caller proved can't change what these events
        do (``manacheck.solver.settle``): not refused.

    Returns
    -------
    list[Outcome]
        Complete outcomes, each distinct resulting state once, in depth-first order of
        the choices (options in the order listed).

    Raises
    ------
    BadEvent, Unsupported
        As :func:`resolve`.

    Rules
    -----
    CR 101.4, 603.3b (orders of simultaneous triggers), 601.2c (targets), 603.5
    ("you may"), 701.21a (which permanent to sacrifice), 704.5j (which legendary
    permanent to keep): every option of each is tried.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> st = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice:
    ...     battlefield:
    ...       - {card: The Ozolith, counters: {"+1/+1": 2}}
    ...       - Llanowar Elves
    ... events: [beginning_of_combat, {resolve: top}]
    ... ''')
    >>> sorted(o.state.permanent("Llanowar Elves").counters["+1/+1"] for o in outcomes(st))
    [0, 2]
    """
    evs = _events_of(state, events)
    # Settling with no events: a triggered ability not read can trigger only if a
    # state-based action is performed (CR 603.2, 704.3); checked once that is known.
    quiet = settle_first and not evs
    refuse_unapplied(state, evs, triggers=not quiet, inert=inert)
    seen: dict[str, Outcome] = {}
    todo: list[tuple[int, ...]] = [()]
    runs = 0
    truncated = False
    partial: Outcome | None = None
    while todo:
        script = todo.pop()
        if runs >= limit:
            truncated = True
            break
        runs += 1
        out, n = _run(state, evs, script, settle_first)
        if out.open_choice is not None:
            partial = out
            todo.extend((*script, i) for i in reversed(range(n)))
            continue
        key = canonical(out.state)
        seen.setdefault(key, out)
    result = list(seen.values())
    if quiet and (truncated or any(o.log for o in result)):
        refuse_unapplied(state, evs, inert=inert,
                         settled=None if truncated else result)
    if truncated:
        note = f"stopped after {limit} runs; more choice combinations were not explored"
        if result:
            result[-1] = replace(result[-1], stopped=note)
        elif partial is not None:  # where the last run got to, with its open choice
            result.append(replace(partial, stopped=note))
    return result
