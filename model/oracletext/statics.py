"""Static abilities the grammar reads: "+N/+N" for the attached creature or for the
creatures you control (layer 7c), each read only when it renders back to its line.

"Enchanted creature gets +1/+1." (an Aura) and "Equipped creature gets +1/+1." (an
Equipment) are one model, the creature the source is attached to (``enchanted`` in a
filter, CR 303.4, 301.5): which word it prints follows from the card's subtype, so a
card that is neither stays unread. "Other Elf creatures you control get +1/+1." is a
lord; "Creatures you control of the chosen color get +1/+1." (Caged Sun) one whose
filter has ``chosen_color`` (the color chosen for the source as it entered), and
"Creatures of the chosen color get +1/+1." (Gauntlet of Power) the same for every
player's creatures. The first word is read in lower case first ("Attacking creatures",
"Artifact creatures": an adjective, a card type), then as printed ("Elf creatures"):
only a word the rules list as a subtype is one (``words.typeword``, CR 205.3), so
"Equipped creatures you control" stays unread rather than meaning Equipped-type ones.
The data is the card format's ``kind: other`` static with ``params: {pump: {power,
toughness}}``, which the layers apply (``model/layers.py``, CR 613.4c).

Rules
-----
CR 613.4c: effects that modify power and toughness; 303.4 (Auras), 301.5 (Equipment),
611.3a: a static ability's effect applies to what it affects at each moment; 205.3
(subtypes), 506.4 (attacking creatures).
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
_CHOSEN = " of the chosen color get "
_EVERY = re.compile(r"creatures get ([+-]\d+/[+-]\d+)\.")


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
    if flt == {"types": ["creature"], "chosen_color": True}:
        return f"Creatures of the chosen color get {pt}."  # every player's (Gauntlet)
    if flt.pop("controller", None) != "you":
        raise ValueError("a lord of another player's creatures")
    another = flt.pop("another", False)
    chosen = " of the chosen color" if flt.pop("chosen_color", False) else ""
    words = render_filter(flt, plural=True)
    text = ("other " if another else "") + words + " you control" + chosen + " get " + \
        pt + "."
    return text[:1].upper() + text[1:]


def _read_pump(src: str) -> tuple[dict[str, Any], str, bool] | None:
    """The affected filter, the "+N/+N" and whether it is "of the chosen color", of one
    spelling of a pump line (``read_static``), or None."""
    # "Creatures you control of the chosen color get +1/+1" (Caged Sun): the color
    # chosen as the source entered (CR 614.12), a filter part the grammar leaves out.
    chosen = _CHOSEN in src
    src = src.replace(_CHOSEN, " get ", 1)
    try:
        if (every := _EVERY.fullmatch(src)) is not None:
            # "Creatures of the chosen color get +1/+1": every player's (Gauntlet of
            # Power; the grammar's lords are "you control")
            return dict[str, Any](types=["creature"]), every.group(1), chosen
        flt, pt = ToData().transform(parser().parse(src, start="static_line"))
    except (LarkError, Unreadable, KeyError):
        return None
    return flt, pt, chosen


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
    if attached_word and text.startswith(attached_word + " creature gets "):
        sources = ["attached" + text[len(attached_word):]]
    else:
        # The first word in lower case ("Untapped creatures", "Artifact creatures": an
        # adjective or a card type) or as printed ("Elf creatures": a subtype, which
        # only a subtype's word is, ``words.typeword``)
        sources = [text[:1].lower() + text[1:], text]
    for src in sources:
        found = _read_pump(src)
        if found is None:
            continue
        flt, pt, chosen = found
        if chosen:
            flt = {**flt, "chosen_color": True}
        power, toughness = _pt(pt)
        ab = {"kind": "other", "affected": flt,
              "params": {"pump": {"power": power, "toughness": toughness}}}
        try:
            if render_static(ab, attached_word) != text:
                continue
        except ValueError:
            continue
        return {"static": {**ab, "text": line.strip()}}
    return None
