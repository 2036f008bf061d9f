"""The stated normalisation of oracle text, applied before reading and before comparing.

A read line counts as read only when rendering its ability back gives the line's own
text *after this normalisation* (``rendering``). The normalisation is exactly:

* the card's name, and for a legendary name with a comma ("Marwyn, the Nurturer") its
  short name ("Marwyn"), becomes ``CARDNAME``; so do "this creature", "this artifact",
  "this land", "this enchantment", "this permanent" and "this card" (the current
  templating for the object itself);
* reminder text, in parentheses, is taken out and returned beside the line (it is
  checked, not trusted: a keyword's reminder must say what the keyword means);
* the older templates are written as the current ones: "enters the battlefield"
  becomes "enters", "converted mana cost" becomes "mana value";
* runs of whitespace become one space, and the line is stripped.

Rules
-----
CR 201.5: a card that refers to itself by name means that object; CR 207.2: reminder
text has no rules meaning. CR 202.3: mana value (formerly converted mana cost).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["SELF", "Normalised", "normalise"]

#: The placeholder for the object itself.
SELF = "CARDNAME"

_SELF_WORDS = re.compile(r"\b[Tt]his (creature|artifact|land|enchantment|permanent|card|"
                         r"planeswalker|battle|vehicle|equipment)\b")
_REMINDER = re.compile(r"\s*\(([^()]*)\)")
_OLD = ((re.compile(r"\benters the battlefield\b"), "enters"),
        (re.compile(r"\bconverted mana cost\b"), "mana value"))


@dataclass(frozen=True, slots=True)
class Normalised:
    """A line as the reader sees it, and the reminder texts taken out of it."""

    text: str
    reminders: tuple[str, ...] = ()


@functools.lru_cache(maxsize=8192)
def normalise(line: str, name: str = "") -> Normalised:
    """``line`` under the module's normalisation (see the module docstring).

    Examples
    --------
    >>> normalise("{T}, Sacrifice Lotus Petal: Add one mana of any color.", "Lotus Petal").text
    '{T}, Sacrifice CARDNAME: Add one mana of any color.'
    >>> normalise("Cycling {2} ({2}, Discard this card: Draw a card.)").reminders
    ('{2}, Discard CARDNAME: Draw a card.',)
    """
    text = line
    if name:
        text = text.replace(name, SELF)
        short = name.split(",", 1)[0] if "," in name else ""
        if short and len(short) > 2:
            text = re.sub(rf"\b{re.escape(short)}\b", SELF, text)
    text = _SELF_WORDS.sub(SELF, text)
    for pattern, new in _OLD:
        text = pattern.sub(new, text)
    reminders = tuple(" ".join(m.group(1).split()) for m in _REMINDER.finditer(text))
    text = _REMINDER.sub("", text)
    return Normalised(" ".join(text.split()), reminders)
