"""What happens when it resolves: events, state-based actions, triggers and resolution.

:func:`resolve` plays out a state file's ``events:`` (vocabulary in :mod:`.events`) and
returns an :class:`Outcome`: a log with a line for each event, each state-based action
it causes, each ability it triggers and each resolution, every line with its rule
numbers, and the resulting :class:`GameState` (which :func:`state_text` prints as a
state file that can be fed back in). :func:`outcomes` plays out every combination of
the choices the file leaves open and returns each distinct outcome once.

The package's rooms
-------------------
In the order they build on each other (each imports only modules listed before it):
``events``: the event vocabulary and its parsing (``parse_events``, ``BadEvent``).
``limits``: MAX_STEPS, MAX_TOKENS, MAX_OUTCOMES. ``cards``: the drawn Unknown Card and
token definitions. ``outcome``: what a run answers (Outcome, LogEntry, Choice,
canonical, state_text). ``zones``: state edits (objects into and out of zones,
counters, new ids, APNAP order). ``core``: the run's state and primitives (log,
choices, step counter; Unsupported). ``targets``: target legality, and an ability's
source by last-known information. ``triggers``: triggered abilities, moves onto and off
the battlefield, triggers onto the stack. ``sba``: state-based actions and priority.
``effects``: one function per effect kind. ``stack``: resolving the top of the stack.
``actions``: each event, played. ``run``: the driver, :func:`resolve` and
:func:`outcomes` (the algorithm is described there). This package's ``__init__`` only
re-exports.

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

from .core import Unsupported
from .events import BadEvent, parse_events
from .limits import MAX_OUTCOMES, MAX_STEPS, MAX_TOKENS
from .outcome import Choice, LogEntry, Outcome, canonical, state_text
from .run import outcomes, resolve
from .triggers import KEYWORD_TRIGGERS, triggered_abilities

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
