"""What happens when it resolves: events, state-based actions, triggers and resolution.

:func:`resolve` plays out a state file's ``events:`` (vocabulary in
:mod:`manacheck.solver.resolution.events`) and returns an :class:`Outcome`: a log with a line for
each event, each state-based action it causes, each ability it triggers and each
resolution, every line with its rule numbers, and the resulting :class:`GameState`
(which :func:`state_text` prints as a state file that can be fed back in).
:func:`outcomes` plays out every combination of the choices the file leaves open and
returns each distinct outcome once.

Algorithm
---------
A run is deterministic given its answers to the open choices. Answers come from the
file's ``choose`` events first, then from a script (a list of option numbers);
:func:`resolve` uses an empty script and stops at the first open choice;
:func:`outcomes` explores the tree of scripts depth first, re-running from the start for
each branch (boards are small; each run is linear in the number of events and stack
objects). Outcomes are deduplicated by their resulting state.

Rules
-----
CR 603.2, 603.3b: abilities trigger when their event happens but wait until a player
would receive priority; then state-based actions are checked until none happen, then
each player in APNAP order (CR 101.4) puts their triggers on the stack in the order
they choose, and the whole process repeats.
CR 603.3d: a triggered ability with no legal target is removed from the stack.
CR 603.4: an intervening "if" is checked when the ability would trigger and again on
resolution.
CR 603.5: a "you may" is chosen as the ability resolves.
CR 603.6a, 603.6c, 603.10a: enters- and leaves-the-battlefield abilities; the latter look
back in time (they trigger from the state before the event, with the leaving object's
counters: CR 608.2h last-known information, kept on the stack item).
CR 122.5: moving counters is all or nothing; if either object isn't there, nothing
moves. CR 122.8: "put its counters" after it left puts the same number of each kind.
CR 704.3: state-based actions are performed simultaneously: 704.5d (tokens off the
battlefield), 704.5f (toughness 0 or less), 704.5j (legend rule), 704.5q (+1/+1 and
-1/-1 counters cancel in pairs).
CR 608.2b: an ability whose targets are all illegal doesn't resolve.
CR 107.3m: an enters-with-X-counters replacement (CR 614.1c) uses the spell's X.
CR 121.2, 704.5b: drawing from an empty library.
CR 701.6a: a countered spell goes to its owner's graveyard.

CR 702.79a, 702.93a: persist and undying are triggered abilities (numbered after the
card's written triggered abilities).
CR 508.1, 508.3a: declaring attackers taps them (not with vigilance) and triggers
"whenever ... attacks".

Not modelled: damage and the rest of combat, mana payment and timing (a cast takes its
costs as paid), the effects of instants and sorceries, "whenever a player casts" and
other trigger events not listed here (a board that needs them is refused with
:class:`Unsupported`, never silently ignored), and card identities of drawn cards (a
drawn card is an ``Unknown Card``: the state knows the library's size, not its cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from manacheck.model import (
    GameState,
)

from .actions import apply_event
from .core import OpenChoice, Run, StepLimit, Unsupported
from .events import (
    Activate,
    Attack,
    BadEvent,
    BeginningOfCombat,
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
from .limits import MAX_OUTCOMES, MAX_STEPS, MAX_TOKENS
from .outcome import Choice, LogEntry, Outcome, canonical, state_text
from .sba import priority
from .triggers import (
    KEYWORD_TRIGGERS,
    triggered_abilities,
)

__all__ = [
    "KEYWORD_TRIGGERS",
    "MAX_OUTCOMES",
    "MAX_STEPS",
    "MAX_TOKENS",
    "BadEvent",
    "Choice",
    "LogEntry",
    "Outcome",
    "Unsupported",
    "canonical",
    "outcomes",
    "parse_events",
    "resolve",
    "state_text",
    "triggered_abilities",
]

# ---------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------


class _Run(Run):

    # ---- the main loop -------------------------------------------------------------
    def play(self) -> None:
        while self.pos < len(self.events):
            ev = self.events[self.pos]
            self.current = ev.index
            self.pos += 1
            if isinstance(ev, Choose):
                raise BadEvent(ev.index, "choose", "no choice is open at this point")
            apply_event(self, ev)
            priority(self)

# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def _events_of(state: GameState, events: Sequence[Any] | None) -> tuple[Event, ...]:
    raw = state.events if events is None else events
    if raw and all(isinstance(e, PutCounters | RemoveCounters | Leaves | Cast | Activate
                              | Draw | BeginningOfCombat | Attack | Resolve | Choose)
                   for e in raw):
        return tuple(raw)
    return parse_events(list(raw))


def _run(state: GameState, events: tuple[Event, ...], script: tuple[int, ...]
         ) -> tuple[Outcome, int]:
    run = _Run(replace(state, events=()), events, script)
    choice: Choice | None = None
    stopped: str | None = None
    try:
        run.play()
    except OpenChoice as oc:
        choice = oc.choice
    except StepLimit as s:
        stopped = str(s)
    pending = tuple(f"{t.source}'s triggered ability {t.number}"
                    + (f" for {t.subject}" if t.subject else "") for t in run.pending)
    return (Outcome(run.state, tuple(run.log), tuple(run.made), choice, stopped, pending),
            run.open_options)


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
    122.8, 107.3m (see the module docstring).

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
    outcome, _ = _run(state, _events_of(state, events), ())
    return outcome


def outcomes(state: GameState, events: Sequence[Any] | None = None,
             limit: int = MAX_OUTCOMES) -> list[Outcome]:
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
        out, n = _run(state, evs, script)
        if out.open_choice is not None:
            partial = out
            todo.extend((*script, i) for i in reversed(range(n)))
            continue
        key = canonical(out.state)
        seen.setdefault(key, out)
    result = list(seen.values())
    if truncated:
        note = f"stopped after {limit} runs; more choice combinations were not explored"
        if result:
            result[-1] = replace(result[-1], stopped=note)
        elif partial is not None:  # where the last run got to, with its open choice
            result.append(replace(partial, stopped=note))
    return result
