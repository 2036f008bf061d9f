"""Static abilities that grant an activated ability, each read only when it renders back.

"Enchanted land has "{T}: Add two mana of any one color."" (Gift of Paradise, an Aura),
"Equipped creature has "..."" (an Equipment), "Lands you control have "..."" and "All
Slivers have "..."" are one model: the card format's ``grant_ability`` static, whose
``affected`` objects have the ``granted`` activated ability (layer 6, applied by
``model/layers.py``). The object an Aura or Equipment is attached to is ``enchanted`` in
a filter (CR 303.4, 301.5); which word the line prints ("Enchanted", "Equipped") follows
from the card's subtype, so a card that is neither stays unread.

The quoted ability is read by the same reader as a card's own line
(``reading.read_line``), with no card name: "this creature" in it is the object that
has the ability (CR 113.2c, 201.5), and the granting card's name (which would mean the
granting card) stays words the reader doesn't read. Only one quoted ability, which must
be an activated ability the reader reads (whole or partly, as for a card's own line),
and only a line with no reminder text, is read; anything else stays unread.

Rules
-----
CR 613.1f: ability-adding effects apply in layer 6; 611.3a: a static ability's effect
applies to what it affects at each moment; 303.4 (Auras), 301.5 (Equipment); 602.1a
(an activated ability's form); 113.2c (an object may have an ability granted to it).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token
from lark.exceptions import LarkError

from .normal import normalise
from .phrases import render_filter
from .reading import parser, read_line
from .transform import ToData, Unreadable
from .words import typeword

__all__ = ["GrantData", "attached_word_of", "read_grant", "render_grant", "render_subject",
           "without_hints"]

#: A line whose subject has (or have) one quoted ability, which ends it.
_GRANT = re.compile(r'^(?P<subject>[^"]+) (?P<verb>has|have) "(?P<quoted>[^"]+)"$')


class GrantData(ToData):
    """The grammar's ``grant_line`` trees as card-format filters."""

    def lord_creatures(self, c: list[Token]) -> Any:
        # "Lands you control", "Artifacts you control": any card type (CR 205.2a);
        # "Permanents you control" names none.
        key, word = typeword(c[0])
        return {} if word == "permanent" else {key: [word]}

    def grant_attached(self, c: list[Token]) -> Any:
        key, word = typeword(c[0])
        if str(c[0]) != word:
            raise Unreadable("a plural after 'has'")
        return {"enchanted": True} if word == "permanent" else \
            {key: [word], "enchanted": True}

    def grant_lord(self, c: list[Any]) -> Any:
        return c[0]

    def grant_all(self, c: list[Any]) -> Any:
        return c[0]

    def grant_line(self, c: list[Any]) -> Any:
        return c[0]


def without_hints(val: Any) -> Any:
    """A filter without the rendering's hints (keys starting "_": word order, "and
    attacking"), which have no meaning of their own."""
    if isinstance(val, dict):
        return {k: without_hints(v) for k, v in val.items() if not str(k).startswith("_")}
    if isinstance(val, list):
        return [without_hints(v) for v in val]
    return val


def attached_word_of(subtypes: tuple[str, ...]) -> str:
    return "Enchanted" if "Aura" in subtypes else \
        "Equipped" if "Equipment" in subtypes else ""


def render_subject(affected: dict[str, Any], attached_word: str = "") -> str:
    """The words of a grant's ``affected`` filter with its verb: "Enchanted land has",
    "Lands you control have", "All Slivers have" (``ValueError`` for another filter)."""
    flt = dict(affected)
    if flt.pop("enchanted", False):
        types = flt.pop("types", ["permanent"])
        if flt or len(types) != 1 or not attached_word:
            raise ValueError("an attached filter")
        text = f"{attached_word} {str(types[0]).lower()} has"
    elif flt.get("controller") == "you":
        another = flt.pop("another", False)
        text = ("other " if another else "") + render_filter(flt, plural=True) + " have"
    elif "controller" in flt:
        raise ValueError("another player's permanents")
    else:
        text = "all " + render_filter(flt, plural=True) + " have"
    return text[:1].upper() + text[1:]


def render_grant(affected: dict[str, Any], granted_text: str, attached_word: str = ""
                 ) -> str:
    """A grant static's line: its ``affected`` filter's words and the granted ability's
    (already rendered) text in quotation marks (module docstring)."""
    return f'{render_subject(affected, attached_word)} "{granted_text}"'


def read_grant(line: str, subtypes: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The card-format ``grant_ability`` static of ``line``, or None (module
    docstring). The card's name isn't taken: the line must not name the card."""
    norm = normalise(line)
    if norm.reminders:
        return None
    m = _GRANT.match(norm.text)
    raw = _GRANT.match(" ".join(line.split()))
    if m is None or raw is None:
        return None
    reading = read_line(raw.group("quoted"))  # (its text as printed)
    granted = (reading.ability or {}).get("activated")
    if granted is None or "zone" in granted or granted.get("loyalty"):
        return None  # (an ability of another zone, or a loyalty ability: not granted so)
    attached_word = attached_word_of(subtypes)
    subject, verb = m.group("subject"), m.group("verb")
    if attached_word and subject.startswith(attached_word + " "):
        subjects = ["attached" + subject[len(attached_word):]]
    else:
        subjects = [subject[:1].lower() + subject[1:], subject]
    for src in subjects:
        try:
            tree = parser().parse(f"{src} {verb} QUOTED", start="grant_line")
            flt = GrantData().transform(tree)
        except (LarkError, Unreadable, KeyError):
            continue
        try:
            if render_grant(flt, reading.rendered, attached_word) != norm.text:
                continue
        except ValueError:
            continue
        return {"static": {"kind": "grant_ability", "affected": without_hints(flt),
                           "granted": granted, "text": line.strip()}}
    return None
