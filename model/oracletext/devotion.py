"""The Theros gods' static: "As long as your devotion to black is less than five,
CARDNAME isn't a creature." read as the card format's ``not_creature_unless_devotion``
(applied in layer 4, ``model/layers.py``).

The devotion reminder that may follow it, "(Each {B} in the mana costs of permanents
you control counts toward your devotion to black.)", is accepted only when it names
exactly the colors of the line (CR 207.2a: reminder text has no game function; one that
doesn't match isn't what it seems, and the line stays unread).

Rules
-----
CR 700.5: devotion. CR 613.1d: layer 4, type-changing effects. CR 604.1, 611.3: a static
ability's effect applies at each moment it holds. CR 208.3: a noncreature permanent has
no power or toughness.
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise

__all__ = ["read_devotion_god"]

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NUMBERS = {"five": 5, "seven": 7, "three": 3, "four": 4, "six": 6, "eight": 8}
_C = "(" + "|".join(_COLORS) + ")"

_GOD = re.compile(r"As long as your devotion to " + _C + r"(?: and " + _C + r")? is less "
                  r"than (" + "|".join(_NUMBERS) + r"), CARDNAME isn't a creature\.")


def _reminder(colors: list[str]) -> str:
    symbols = " and ".join("{" + _COLORS[c] + "}" for c in colors)
    return (f"Each {symbols} in the mana costs of permanents you control counts toward "
            f"your devotion to {' and '.join(colors)}.")


def read_devotion_god(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format static of ``line`` (module docstring), or None.

    Examples
    --------
    >>> read_devotion_god("As long as your devotion to white and blue is less than "
    ...     "seven, Ephara isn't a creature.", "Ephara, God of the Polis")["static"]["params"]
    {'not_creature_unless_devotion': {'colors': '{W}{U}', 'count': 7}}
    >>> read_devotion_god("As long as your devotion to black is less than five, Erebos "
    ...     "isn't a creature. (Each {G} in the mana costs of permanents you control counts "
    ...     "toward your devotion to black.)", "Erebos, God of the Dead") is None
    True
    """
    norm = normalise(line, name)
    m = _GOD.fullmatch(norm.text)
    if m is None:
        return None
    colors = [c for c in (m.group(1), m.group(2)) if c]
    if len(set(colors)) != len(colors):
        return None
    if norm.reminders and norm.reminders != (_reminder(colors),):
        return None
    return {"static": {"kind": "other", "text": line.strip(), "params": {
        "not_creature_unless_devotion": {
            "colors": "".join("{" + _COLORS[c] + "}" for c in colors),
            "count": _NUMBERS[m.group(3)]}}}}
