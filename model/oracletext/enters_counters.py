"""Statics about a permanent's own entering: "CARDNAME enters with N counters on it."

"CARDNAME enters the battlefield with four +1/+1 counters on it." (or "with X ...", "with
a -1/-1 counter") is a replacement effect that applies only as the permanent itself
enters (CR 614.1c, 614.12), not while it is on the battlefield: the card format's
``kind: enters_with_counters`` (``counter``, ``count``: a number or "X", X being 0
anywhere but on the stack, CR 107.3m), which the resolution solver applies where the
permanent enters.

"CARDNAME enters with a +1/+1 counter on it for each color of mana spent to cast it"
(converge) and other counts the model doesn't compute are kept as
``static:other:enters_with_unread_count``: an effect on its own entering (self-only
``Family.ENTERING``), which the resolution solver refuses where the permanent would
enter (``enter_battlefield``) and no other question reads.

Anything else (an "If", "instead", "unless", another object entering, a second
sentence, reminder text) is not read here.

Rules
-----
CR 614.1c: "[This permanent] enters with ..." is a replacement effect; 614.12: it
applies as the permanent enters. CR 122.6: counters it enters with. CR 107.3m: X.
CR 207.2c: an ability word (converge) has no rules meaning.
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise
from .reading import ABILITY_WORD

__all__ = ["read_enters_with_counters"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
            "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
            "twelve": 12, "twenty": 20}


_FIXED = re.compile(r"CARDNAME enters with (" + "|".join(_NUMBERS) + r"|\d+|X) "
                    r"(\+1/\+1|-1/-1|[a-z]+) counters? on it\.")

#: A count the model doesn't compute, on its own entering only.
_OTHER_COUNT = re.compile(r"CARDNAME enters with (?:a|an|X|one) (\+1/\+1|-1/-1|[a-z]+) "
                          r"counters? on it(?: for each [^.]+|, where X is [^.]+)\.")

_NOT_ONLY = re.compile(r"\b(?:if|instead|unless|as long as|additional|each other|"
                       r"another)\b", re.IGNORECASE)


def read_enters_with_counters(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format static of ``line`` (module docstring), or None.

    Examples
    --------
    >>> read_enters_with_counters("Workhorse enters the battlefield with four +1/+1 "
    ...                           "counters on it.", "Workhorse")["static"]["count"]
    4
    >>> read_enters_with_counters("Converge — Crystalline Crawler enters the battlefield "
    ...     "with a +1/+1 counter on it for each color of mana spent to cast it.",
    ...     "Crystalline Crawler")["static"]["params"]
    {'enters_with_unread_count': True}
    >>> read_enters_with_counters("Each other creature you control enters with an "
    ...                           "additional +1/+1 counter on it.") is None
    True
    """
    norm = normalise(line, name)
    if norm.reminders:
        return None
    body = norm.text
    word = ABILITY_WORD.match(body)
    if word is not None:
        body = body[word.end():]
    if body.count(".") != 1 or _NOT_ONLY.search(body):
        return None
    text = line.strip()
    if (m := _FIXED.fullmatch(body)) is not None and word is None:
        n = m.group(1)
        count: int | str = "X" if n == "X" else int(n) if n.isdigit() else _NUMBERS[n]
        if count == 0:
            return None
        return {"static": {"kind": "enters_with_counters", "counter": m.group(2),
                           "count": count, "text": text}}
    if _OTHER_COUNT.fullmatch(body) is not None:
        return {"static": {"kind": "other", "text": text,
                           "params": {"enters_with_unread_count": True}}}
    return None
