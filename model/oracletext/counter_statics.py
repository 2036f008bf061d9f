"""Static abilities that change how many counters or tokens are put or created: "If an
effect would put one or more counters on a permanent you control, it puts twice that
many of those counters on that permanent instead." (Doubling Season), "If one or more
+1/+1 counters would be put on a creature you control, twice that many +1/+1 counters
are put on that creature instead." (Branching Evolution), "If an effect would create
one or more tokens under your control, it creates twice that many of those tokens
instead." (Doubling Season, Parallel Lives).

Each is read into the card format's ``counter_replacement`` (``multiply: 2``; no
``counter``: every kind; ``effects_only``: "If an effect would put", not a cost) or
``token_replacement`` static, and only when that data renders back to the line.

Rules
-----
CR 614.1a: an effect that uses "instead" is a replacement effect. CR 122.6: putting
counters. CR 111.1: creating tokens. CR 616.1: the affected object's controller orders
replacement effects (multiplications commute). Doubling Season's ruling: it doesn't
change the loyalty a planeswalker's loyalty ability costs (a cost, not an effect).
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise
from .phrases import render_filter

__all__ = ["read_counter_static", "render_counter_static"]

_WHO: dict[str, dict[str, Any]] = {"a permanent you control": {"controller": "you"},
        "a creature you control": {"types": ["creature"], "controller": "you"}}
_COUNTERS = re.compile(
    r"If (?P<effect>an effect would put one or more counters|one or more (?P<kind>\S+) "
    r"counters would be put) on (?P<who>a permanent you control|a creature you control), "
    r"(?:it puts )?twice that many (?:of those counters|(?P<kind2>\S+) counters are put) "
    r"on that (?:permanent|creature) instead\.")
_TOKENS = ("If an effect would create one or more tokens under your control, it creates "
           "twice that many of those tokens instead.")


def render_counter_static(ab: dict[str, Any]) -> str:
    """The line of a ``counter_replacement`` or ``token_replacement`` static (module
    docstring)."""
    if ab.get("multiply") != 2:
        raise ValueError("a multiple other than twice")
    if ab["kind"] == "token_replacement":
        if ab.get("affected") != {"controller": "you"}:
            raise ValueError("tokens under another player's control")
        return _TOKENS
    who = "a " + render_filter(ab["affected"])
    noun = "creature" if ab["affected"].get("types") == ["creature"] else "permanent"
    if ab.get("effects_only") and "counter" not in ab:
        return (f"If an effect would put one or more counters on {who}, it puts twice "
                f"that many of those counters on that {noun} instead.")
    if not ab.get("effects_only") and "counter" in ab:
        k = ab["counter"]
        return (f"If one or more {k} counters would be put on {who}, twice that many {k} "
                f"counters are put on that {noun} instead.")
    raise ValueError("no rendering for this counter replacement")


def read_counter_static(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format static of ``line`` (module docstring), or None."""
    norm = normalise(line, name)
    if norm.reminders:
        return None
    text = norm.text
    ab: dict[str, Any]
    if text == _TOKENS:
        ab = {"kind": "token_replacement", "affected": {"controller": "you"}, "multiply": 2}
    elif (m := _COUNTERS.fullmatch(text)) is not None:
        ab = {"kind": "counter_replacement", "affected": dict(_WHO[m["who"]]),
              "multiply": 2}
        if m["kind"]:
            if m["kind"] != m["kind2"]:
                return None
            ab["counter"] = m["kind"]
        else:
            ab["effects_only"] = True
    else:
        return None
    try:
        if render_counter_static(ab) != text:
            return None
    except ValueError:
        return None
    return {"static": {**ab, "text": line.strip()}}
