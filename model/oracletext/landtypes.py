"""Statics that set or add basic land types: "Enchanted land is a Swamp.", "Each land is
a Forest in addition to its other land types.", "Nonbasic lands are Mountains.", "Lands
you control are every basic land type in addition to their other types."

Each is read into the card format's ``land_types`` static (applied in layer 4 by
``manacheck.model.layers``): ``set_subtypes`` when the text sets the land types (the
land loses its other land types and the abilities of its rules text, and has the new
types' intrinsic mana abilities, CR 305.7), ``add_subtypes`` with "in addition to its
other (land) types" (205.1b). A line is read only when its rendering from that data is
its own text. Anything else ("for as long as it has a flood counter on it", Ashaya's
"are Forest lands") stays unread.

Rules
-----
CR 305.6 (basic land types' intrinsic mana abilities), 305.7 (setting a land's subtype),
205.1b ("in addition to its other types"), 613.1d (layer 4), 303.4 ("enchanted land").
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise

__all__ = ["read_land_types", "render_land_types"]

_BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_PLURAL = {"Plains": "Plains", "Island": "Islands", "Swamp": "Swamps",
           "Mountain": "Mountains", "Forest": "Forests"}
_SINGULAR = {v: k for k, v in _PLURAL.items()}
#: Who the line is about, as its words say it and as a filter.
_SUBJECTS: dict[str, dict[str, Any]] = {
    "Enchanted land is": {"types": ["land"], "enchanted": True},
    "Each land is": {"types": ["land"]},
    "All lands are": {"types": ["land"]},
    "Nonbasic lands are": {"types": ["land"], "not_supertypes": ["basic"]},
    "Lands you control are": {"types": ["land"], "controller": "you"},
}
_EVERY = "every basic land type"


def _type_words(words: str, plural: bool) -> list[str] | None:
    """"a Mountain, Forest, and Plains" / "Mountains" / "every basic land type" as land
    types, or None."""
    if words == _EVERY:
        return list(_BASICS)
    if not plural:
        m = re.fullmatch(r"an? (.+)", words)
        if m is None:
            return None
        words = m.group(1)
    if ", and " in words:
        head, last = words.rsplit(", and ", 1)
        items = [*head.split(", "), last]
    elif " and " in words:
        items = words.split(" and ")
    else:
        items = [words]
    table = _SINGULAR if plural else {b: b for b in _BASICS}
    found = [table.get(i) for i in items]
    if any(f is None for f in found) or len(set(found)) != len(found):
        return None
    return [f for f in found if f is not None]


def read_land_types(line: str, name: str = "") -> dict[str, Any] | None:
    """The ``land_types`` static of ``line``, or None unless it is read whole.

    Examples
    --------
    >>> read_land_types("Enchanted land is a Swamp.")["static"]["set_subtypes"]
    ['Swamp']
    >>> read_land_types("Each land is a Swamp in addition to its other land types."
    ...                 )["static"]["add_subtypes"]
    ['Swamp']
    """
    norm = normalise(line, name)
    if norm.reminders or not norm.text.endswith("."):
        return None
    text = norm.text[:-1]
    static = _static(text)
    if static is None or render_land_types(static) != norm.text:
        return None
    static.pop("_other", None)
    static.pop("_subject", None)
    return {"static": {**static, "text": line.strip()}}


def _static(text: str) -> dict[str, Any] | None:
    subject = next((s for s in _SUBJECTS if text.startswith(s + " ")), None)
    if subject is None:
        m = re.fullmatch(r"All (Plains|Islands|Swamps|Mountains|Forests) are (.+)", text)
        if m is None:
            return None
        affected: dict[str, Any] = {"subtypes": [_SINGULAR[m.group(1)]]}
        rest = m.group(2)
    else:
        affected = dict(_SUBJECTS[subject])
        rest = text[len(subject) + 1:]
    plural = not subject or subject.endswith("are")
    adding = re.fullmatch(r"(.+) in addition to (?:its|their) other (?:land )?types", rest)
    words = adding.group(1) if adding else rest
    found = _type_words(words, plural and words != _EVERY)
    if found is None:
        return None
    out: dict[str, Any] = {"kind": "land_types", "affected": affected,
                           "_subject": subject}
    out["add_subtypes" if adding else "set_subtypes"] = found
    if adding:
        out["_other"] = "land types" if " other land types" in rest else "types"
    return out


def render_land_types(static: dict[str, Any]) -> str:
    """The words of a static read by :func:`read_land_types` (its ``_other`` and
    ``_subject`` say which of the words that mean the same the line had: "other types"
    or "other land types", "Each land is" or "All lands are")."""
    affected = static["affected"]
    subject = static.get("_subject") or next(
        (s for s, f in _SUBJECTS.items() if f == affected), None)
    if subject is None:
        sub = affected["subtypes"][0]
        subject = f"All {_PLURAL[sub]} are"
    plural = subject.endswith("are")
    types = static.get("add_subtypes") or static["set_subtypes"]
    if list(types) == list(_BASICS) and len(types) == 5:
        words = _EVERY
    else:
        names = [_PLURAL[t] for t in types] if plural else list(types)
        words = names[0] if len(names) == 1 else (
            f"{names[0]} and {names[1]}" if len(names) == 2
            else ", ".join(names[:-1]) + ", and " + names[-1])
        if not plural:
            words = ("an " if words[0] in "AEIOU" else "a ") + words
    text = f"{subject} {words}"
    if "add_subtypes" in static:
        its = "their" if plural else "its"
        text += f" in addition to {its} other {static.get('_other', 'types')}"
    return text + "."
