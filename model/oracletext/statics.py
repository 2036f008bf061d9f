"""Static abilities the grammar reads: "+N/+N" for the attached creature or for the
creatures you control (layer 7c), each read only when it renders back to its line.

"Enchanted creature gets +1/+1." (an Aura) and "Equipped creature gets +1/+1." (an
Equipment) are one model, the creature the source is attached to (``enchanted`` in a
filter, CR 303.4, 301.5): which word it prints follows from the card's subtype, so a
card that is neither stays unread. "Other Elf creatures you control get +1/+1." is a
lord. The data is the card format's ``kind: other`` static with ``params: {pump:
{power, toughness}}``, which the layers apply (``model/layers.py``, CR 613.4c).

Rules
-----
CR 613.4c: effects that modify power and toughness; 303.4 (Auras), 301.5 (Equipment),
611.3a: a static ability's effect applies to what it affects at each moment.
"""

from __future__ import annotations

import re
from typing import Any

from lark.exceptions import LarkError

from .normal import normalise
from .reading import parser
from .rendering import render_filter
from .transform import ToData, Unreadable

__all__ = ["read_static", "render_static"]

_PT = re.compile(r"[+-]\d+/[+-]\d+")
_LOWER = ("Other ", "Creatures ", "White ", "Blue ", "Black ", "Red ", "Green ",
          "Legendary ", "Snow ", "Colorless ", "Multicolored ")


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


def render_static(ab: dict[str, Any], attached_word: str = "") -> str:
    """A pump static's data as its line (module docstring)."""
    pump = ab["params"]["pump"]
    pt = f"{pump['power']:+d}/{pump['toughness']:+d}"
    flt = dict(ab["affected"])
    if flt.get("enchanted"):
        if flt != {"types": ["creature"], "enchanted": True} or not attached_word:
            raise ValueError("an attached filter")
        return f"{attached_word} creature gets {pt}."
    if flt.pop("controller", None) != "you":
        raise ValueError("a lord of another player's creatures")
    another = flt.pop("another", False)
    words = render_filter(flt, plural=True)
    text = ("other " if another else "") + words + " you control get " + pt + "."
    return text[:1].upper() + text[1:]


def read_static(line: str, name: str = "", subtypes: tuple[str, ...] = ()
                ) -> dict[str, Any] | None:
    """The card-format static ability of ``line``, or None (module docstring)."""
    if not _PT.search(line):  # (every line the grammar's static_line reads has one)
        return None
    norm = normalise(line, name)
    if norm.reminders:
        return None
    text = norm.text
    attached_word = "Enchanted" if "Aura" in subtypes else \
        "Equipped" if "Equipment" in subtypes else ""
    src = text
    if attached_word and src.startswith(attached_word + " creature gets "):
        src = "attached" + src[len(attached_word):]
    elif src.startswith(_LOWER):
        src = src[:1].lower() + src[1:]
    try:
        flt, pt = ToData().transform(parser().parse(src, start="static_line"))
    except (LarkError, Unreadable, KeyError):
        return None
    power, toughness = _pt(pt)
    ab = {"kind": "other", "affected": flt,
          "params": {"pump": {"power": power, "toughness": toughness}}}
    try:
        if render_static(ab, attached_word) != text:
            return None
    except ValueError:
        return None
    return {"static": {**ab, "text": line.strip()}}
