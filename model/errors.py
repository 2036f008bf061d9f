"""The error tree: every problem a user can cause is a ``ValueError`` subclass.

``BadInput`` is bad syntax or a reference to something that isn't there (exit status 2
in the CLI); ``AmbiguousInput`` is input that could mean two things; ``IllegalAction``
is a well-formed request the rules forbid. Every message is one line and carries what
is needed to reproduce it: the bad token, where it is, and a suggestion where one exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = [
    "AmbiguousInput",
    "BadInput",
    "CardDataError",
    "IllegalAction",
    "Location",
    "ManaSyntaxError",
    "ManacheckError",
    "StateFileError",
    "UnknownObject",
]


class ManacheckError(ValueError):
    """Base of every manacheck error."""

    #: True for an answer that is not decided rather than an error of the input
    #: (``manacheck.solver.NotDecided``): the CLI says "not decided", exit status 1.
    not_decided: ClassVar[bool] = False

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion

    def one_line(self) -> str:
        """The message with its suggestion, on one line."""
        text = self.message
        if self.suggestion and self.suggestion not in text:
            text = f"{text}; {self.suggestion}"
        return " ".join(text.split())


class BadInput(ManacheckError):
    """Input that is malformed or names something that doesn't exist."""


class AmbiguousInput(ManacheckError):
    """Input that could mean more than one thing (e.g. an ability number is needed)."""


class IllegalAction(ManacheckError):
    """A well-formed request that the rules don't allow."""


class ManaSyntaxError(BadInput):
    """Cost or mana text that can't be parsed: names the symbol and its position."""

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        position: int | None = None,
        suggestion: str | None = None,
    ) -> None:
        super().__init__(message, suggestion=suggestion)
        self.token = token
        self.position = position


class UnknownObject(BadInput):
    """An object id, player name or card name that isn't there."""


@dataclass(frozen=True)
class Location:
    """Where in a file a problem is: the file, the key path and the line (1-based)."""

    file: str | None = None
    path: str = ""
    line: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.path:
            parts.append(f"at {self.path}")
        if self.line is not None:
            parts.append(f"(line {self.line})")
        where = " ".join(parts)
        if self.file:
            return f"{self.file}: {where}" if where else self.file
        return where


class StateFileError(BadInput):
    """One or more problems in a state file, each with its location."""

    def __init__(self, problems: list[tuple[str, Location, str | None]]) -> None:
        self.problems = problems
        first = problems[0] if problems else ("empty error", Location(), None)
        super().__init__(_format_problem(*first))

    def lines(self) -> list[str]:
        return [_format_problem(*p) for p in self.problems]


def _format_problem(message: str, loc: Location, suggestion: str | None) -> str:
    head = f"{loc.file}: " if loc.file else ""
    where = []
    if loc.path:
        where.append(f"at {loc.path}")
    if loc.line is not None:
        where.append(f"(line {loc.line})")
    text = f"{head}{message}"
    if where:
        text += " " + " ".join(where)
    if suggestion:
        text += f"; {suggestion}"
    return " ".join(text.split())


class CardDataError(BadInput):
    """A card definition that doesn't follow the card format."""
