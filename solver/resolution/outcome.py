"""What a run answers: its log, the choices it met, and the resulting state as text.

An :class:`Outcome` is the result of playing out the events: the resulting
:class:`~manacheck.model.GameState`, the log (:class:`LogEntry` lines, each with its rule
numbers), the answers given to choices the file left open, and the :class:`Choice` it
stopped at, if any. :func:`canonical` is the key outcomes are deduplicated by;
:func:`state_text` prints a resulting state as a state file that can be fed back in.

Rules
-----
CR 603.3b (the order of simultaneous triggers), 601.2c (targets), 603.5 ("you may"),
701.21a (which permanent to sacrifice), 704.5j (which legendary permanent to keep): the
kinds of :class:`Choice`, each answered by a ``choose`` event.
CR 101.4, 704.3: things that happen simultaneously are listed in some order; the
:func:`canonical` key sorts every zone, so the order doesn't make outcomes differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from manacheck.model import GameState
from manacheck.model.statefile import dump_state

from .cards import SYNTHETIC_CARDS

__all__ = ["Choice", "LogEntry", "Outcome", "canonical", "state_text"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of an outcome's log: what happened, why (rule numbers), at which event.

    ``depth`` is 0 for an event, 1 for what it causes.
    """

    text: str
    rules: tuple[str, ...] = ()
    event: int | None = None
    depth: int = 1

    def __str__(self) -> str:
        rules = f"  [CR {', '.join(self.rules)}]" if self.rules else ""
        return "  " * self.depth + self.text + rules


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice the events leave open: who makes it, what it is, and the options.

    Each option is written as the value of a ``choose`` event of kind ``kind``.
    """

    kind: str
    player: str
    prompt: str
    options: tuple[str, ...]
    rules: tuple[str, ...] = ()

    def choose_event(self, option: str) -> dict[str, Any]:
        """The ``choose`` event that picks ``option``."""
        if self.kind == "order":
            return {"choose": {"order": option.split(" < ")}}
        if self.kind == "target":
            return {"choose": {"target": option}}
        return {"choose": {self.kind: option}}


@dataclass(frozen=True)
class Outcome:
    """The result of playing out the events.

    ``state`` is the resulting state (no events left); ``log`` what happened;
    ``choices`` the (prompt, answer) pairs made for choices the file left open;
    ``open_choice`` the choice it stopped at (``resolve`` only) and ``stopped`` a reason
    when a limit stopped it.
    """

    state: GameState
    log: tuple[LogEntry, ...]
    choices: tuple[tuple[str, str], ...] = ()
    open_choice: Choice | None = None
    stopped: str | None = None
    #: Triggered abilities waiting to go on the stack when the run stopped at a choice.
    pending: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.open_choice is None and self.stopped is None

    def log_text(self) -> str:
        return "\n".join(str(e) for e in self.log)

    def state_text(self, extra_cards: Sequence[Mapping[str, Any]] = ()) -> str:
        return state_text(self.state, extra_cards)

    def to_data(self, extra_cards: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
        """The outcome as JSON-ready data (the ``resolve --json`` shape): choices made,
        the log with its rules, the resulting state (text and data), and where it
        stopped. ``extra_cards`` are card entries to copy into the state text."""
        d: dict[str, Any] = {
            "choices": [{"choice": c, "answer": a} for c, a in self.choices],
            "log": [{"text": e.text, "rules": list(e.rules),
                     "event": None if e.event is None else e.event + 1} for e in self.log],
            "state": self.state_text(extra_cards),
            "state_data": dump_state(self.state),
        }
        if self.open_choice is not None:
            ch = self.open_choice
            d["open_choice"] = {"kind": ch.kind, "player": ch.player, "prompt": ch.prompt,
                                "options": list(ch.options), "rules": list(ch.rules),
                                "events": [ch.choose_event(x) for x in ch.options]}
        if self.stopped:
            d["stopped"] = self.stopped
        if self.pending:
            d["pending_triggers"] = list(self.pending)
        return d


def canonical(state: GameState) -> str:
    """The state as text with every zone sorted by id: equal for equal game states
    whatever order the file listed simultaneous things in."""
    import json

    data = dump_state(state)
    for pd in data["players"].values():
        for zone in ("hand", "battlefield", "graveyard", "exile", "command"):
            if zone in pd:
                pd[zone] = sorted(pd[zone], key=lambda d: str(d["id"]))
    return json.dumps(data, sort_keys=True)


def state_text(state: GameState, extra_cards: Sequence[Mapping[str, Any]] = ()) -> str:
    """The state as a state file, with definitions of tokens and placeholder cards the
    built-in cards don't have (and ``extra_cards``, e.g. the input file's ``cards:``)."""
    import yaml
    from manacheck.model.pool import default_cards

    data = dump_state(state)
    names = {o.card.name for p in state.players
             for z in (p.hand, p.battlefield, p.graveyard, p.exile) for o in z}
    names |= {s.card.name for s in state.stack if s.card is not None}
    cards = [dict(c) for c in extra_cards]
    have = {c.get("name") for c in cards}
    db = default_cards()
    for n in sorted(names):
        if n in SYNTHETIC_CARDS and n not in db and n not in have:
            cards.append(SYNTHETIC_CARDS[n][1])
    if cards:
        data["cards"] = cards
    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
