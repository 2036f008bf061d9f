"""The run's state and its primitives: the log, the choices, the step counter.

:class:`Run` holds everything one play-out of the events carries: the game state, the
events and how far they are played, the script of answers to open choices, the log,
the triggered abilities waiting to go on the stack (:class:`PendingTrigger`) and the
last-known information of objects that left. Its methods are the primitives every rule
family uses: :meth:`Run.note` (a log line), :meth:`Run.bad` (a :class:`BadEvent` for the
event being played), :meth:`Run.choose` (answer a choice from the file's ``choose``
events, then the script, else stop with :class:`OpenChoice`), :meth:`Run.tick` (count a
step; :class:`StepLimit` past ``MAX_STEPS``) and :meth:`Run.require_permanent`. The rule
families are functions taking a run, in the modules named for them (zones, targets,
triggers, sba, effects, stack, actions); :mod:`.run` drives them.

Rules
-----
CR 603.2, 603.3: a triggered ability waits (``Run.pending``) until a player would
receive priority. CR 113.7a, 608.2h: the last-known information of an object that left
the battlefield (``Run.lki``, ``Run.lki_chars``). CR 603.3b, 601.2c, 603.5, 701.21a,
704.5j: the choices :meth:`Run.choose` answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from manacheck.model import (
    CardDefinition,
    Counters,
    GameState,
    Permanent,
    TriggeredAbility,
)
from manacheck.model.abilities import TargetSpec
from manacheck.model.characteristics import Characteristics

from ..notdecided import NotDecided
from . import limits
from .events import BadEvent, Choose, Event
from .outcome import Choice, LogEntry

__all__ = ["OpenChoice", "PendingTrigger", "Run", "StepLimit", "Unsupported"]


class Unsupported(NotDecided):
    """The board needs something the resolution solver doesn't model: the outcome is
    not decided (a :class:`~manacheck.solver.NotDecided`, never bad input)."""


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.2, 603.3)."""

    source: str
    number: int  # 1-based among the card's triggered abilities
    ability: TriggeredAbility
    controller: str
    counters: Counters  # last-known counters of the object whose leaving triggered it
    subject: str | None
    seq: int  # order of triggering, for stable labels


class OpenChoice(Exception):
    """The run reached a choice that neither the file nor the script answers."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.prompt)
        self.choice = choice


class StepLimit(Exception):
    """The run took more than ``MAX_STEPS`` steps (a loop?)."""


@dataclass
class Run:
    """One play-out of the events with one script of answers to open choices."""

    state: GameState
    events: tuple[Event, ...]
    script: tuple[int, ...] = ()
    log: list[LogEntry] = field(default_factory=list)
    made: list[tuple[str, str]] = field(default_factory=list)
    pending: list[PendingTrigger] = field(default_factory=list)
    pos: int = 0
    script_pos: int = 0
    current: int | None = None
    steps: int = 0
    seq: int = 0
    taken: set[str] = field(default_factory=set)
    #: Where :func:`~.zones.new_id` goes on from, for each base name (with ``taken``).
    id_memo: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    sources: dict[str, CardDefinition] = field(default_factory=dict)
    drew_from_empty: set[str] = field(default_factory=set)
    #: Players already noted as having lost for 0 or less life (CR 704.5a).
    lost_for_life: set[str] = field(default_factory=set)
    lki: dict[str, Counters] = field(default_factory=dict)  # counters as objects left
    #: Characteristics of permanents as they last existed on the battlefield (CR 113.7a:
    #: an ability's source that has left is judged by its last-known information).
    lki_chars: dict[str, Characteristics] = field(default_factory=dict)
    open_options: int = 0  # number of options of the choice that stopped the run
    #: The last state where state-based actions found nothing to do, and whether no two
    #: legendary permanents of one controller shared a name there (CR 704.5j): the next
    #: check need only look at what changed since (CR 704.3, :mod:`.sba`).
    clean: tuple[GameState, bool] | None = None
    #: The target requirements of the ability resolving, by index: each effect on a
    #: target checks it again as it acts (CR 608.2b).
    target_specs: tuple[TargetSpec, ...] = ()

    # ---- logging and choices -------------------------------------------------------
    def note(self, text: str, *rules: str, depth: int = 1) -> None:
        self.log.append(LogEntry(text, tuple(rules), self.current, depth))

    def bad(self, message: str, suggestion: str | None = None) -> BadEvent:
        i = self.current if self.current is not None else 0
        return BadEvent(i, self.events[i].kind if self.events else "?", message, suggestion)

    def choose(self, kind: str, player: str, prompt: str, options: Sequence[str],
               rules: tuple[str, ...] = (), auto_single: bool = True) -> str:
        """Answer a choice: a ``choose`` event next in the file, else the script."""
        if not options:
            raise AssertionError("a choice needs options")
        nxt = self.events[self.pos] if self.pos < len(self.events) else None
        if len(options) == 1 and auto_single and not (
                isinstance(nxt, Choose) and nxt.choice == kind):
            return options[0]  # the only legal choice; nothing to ask
        if isinstance(nxt, Choose):
            ev = nxt
            self.pos += 1
            if ev.choice != kind:
                raise BadEvent(ev.index, "choose", f"the open choice is {kind} ({prompt}), "
                                                   f"not {ev.choice}",
                               "options: " + "; ".join(options))
            answer = " < ".join(ev.value) if kind == "order" else ev.text
            if answer not in options:
                raise BadEvent(ev.index, "choose", f"'{answer}' is not a legal {kind} "
                                                   f"({prompt})",
                               "options: " + "; ".join(options))
            self.log.append(LogEntry(f"{player} chooses {answer} ({prompt})",
                                     rules, ev.index, 1))
            return answer
        if self.script_pos < len(self.script):
            answer = options[self.script[self.script_pos]]
            self.script_pos += 1
            self.made.append((prompt, answer))
            self.note(f"{player} chooses {answer} ({prompt})", *rules)
            return answer
        self.open_options = len(options)
        raise OpenChoice(Choice(kind, player, prompt, tuple(options), rules))

    def tick(self) -> None:
        self.steps += 1
        if self.steps > limits.MAX_STEPS:
            raise StepLimit(f"stopped after {limits.MAX_STEPS} steps (a loop?)")

    # ---- lookups with event errors -------------------------------------------------
    def require_permanent(self, oid: str) -> Permanent:
        if oid not in self.state:
            raise self.bad(f"unknown object '{oid}'", self.state._suggest_id(oid))
        zone = self.state.zone_of(oid)
        if zone != "battlefield":
            raise self.bad(f"'{oid}' is not on the battlefield any more (it is in the "
                           f"{zone})")
        return self.state.permanent(oid)
