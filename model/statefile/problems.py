"""Collecting every problem of a state or card file, to report them all at once.

Each problem is (message, :class:`~manacheck.model.errors.Location`, suggestion): the
file, the key path and its line, what was wrong, and "did you mean ...?" where a close
match exists. :meth:`Collector.fail` raises them together as one ``StateFileError``, in
file order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import BadInput, Location, StateFileError

__all__ = ["Collector", "Problem", "check_keys", "suggest"]

#: (message, location, suggestion): one problem of a file.
Problem = tuple[str, Location, str | None]


class Collector:
    """The problems found so far, each placed at its key path's line (or the nearest
    enclosing path's)."""

    def __init__(self, name: str | None, lines: Mapping[str, int]) -> None:
        self.name = name
        self.lines = lines
        self.problems: list[Problem] = []
        #: Names of inline card definitions that failed to load: their own problem is
        #: reported, so a reference to one is not reported again as an unknown card.
        self.broken_cards: set[str] = set()

    def add(self, message: str, path: str, suggestion: str | None = None) -> None:
        line = self.lines.get(path)
        probe = path
        while line is None and probe:
            probe = probe.rsplit("[", 1)[0] if probe.endswith("]") else probe.rpartition(".")[0]
            line = self.lines.get(probe)
        self.problems.append((message, Location(self.name, path, line), suggestion))

    def fail(self) -> StateFileError:
        """Every problem, in file order (problems without a line first)."""
        return StateFileError(sorted(self.problems, key=lambda p: p[1].line or 0))

    def add_card_error(self, e: BadInput, default_path: str) -> None:
        """A card-format error, with its key path moved into the location."""
        path = str(getattr(e, "path", default_path) or default_path)
        message = e.message
        suffix = f" at {path}"
        if message.endswith(suffix):
            message = message[: -len(suffix)]
        self.add(message, path, e.suggestion)


def suggest(word: str, choices: Any) -> str | None:
    """'did you mean ...?' for the nearest choice, or how to quote a number meant as text."""
    import difflib

    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        return None
    if close[0] == str(word):  # the same text, but read as a number or other non-text
        return f"write it as text: \"{word}\" (unquoted, YAML reads {word} as a number)"
    return f"did you mean '{close[0]}'?"


def check_keys(d: Mapping[str, Any], allowed: tuple[str, ...], path: str,
               c: Collector) -> None:
    """One problem for each key of ``d`` not in ``allowed``."""
    for k in d:
        if k not in allowed:
            c.add(f"unknown key '{k}'", f"{path}.{k}" if path else str(k), suggest(k, allowed))

