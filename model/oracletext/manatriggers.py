"""Triggered mana abilities that add one more mana of the color chosen for their source.

"Whenever a land's ability causes you to add one or more mana of the chosen color, add
one additional mana of that color." (Caged Sun) triggers on any mana ability of a land
(not only one with {T}) that you activate and that adds mana of that color (CR 605.1b):
``event: mana_added``, ``subject: {types: [land], controller: you}``. "Whenever a basic
land is tapped for mana of the chosen color, its controller adds an additional one mana
of that color." (Gauntlet of Power) triggers on a mana ability with {T} of any player's
basic land that produced that color (CR 106.12a): ``event: tapped_for_mana``. Both add
one mana of the chosen color (``mana: {chosen_color: 1}``) only when the event's mana
holds that color (``only_if_adds: chosen_color``). "Whenever enchanted land is tapped for
mana, its controller adds an additional {G}" (Wild Growth; "one mana of any color",
Fertile Ground; "one mana of the chosen color", Utopia Sprawl) triggers on the enchanted
permanent's {T} mana abilities (``subject: {enchanted: true}``, CR 303.4). Each line is
read only when it renders back to itself.

Rules
-----
CR 605.1b: triggered mana abilities (they trigger from a mana ability and don't use the
stack). CR 106.12a: "tapped for mana" and "tapped for mana of a specified type".
"""

from __future__ import annotations

import re
from typing import Any

from .normal import normalise

__all__ = ["read_mana_trigger", "render_mana_trigger"]

#: The subjects read, as words and as filters.
_SUBJECTS: dict[str, dict[str, Any]] = {
    "land": {"types": ["land"]},
    "basic land": {"types": ["land"], "supertypes": ["basic"]},
}

_CAUSES = re.compile(r"Whenever an? ([a-z ]+)'s ability causes you to add one or more "
                     r"mana of the chosen color, add one additional mana of that color\.")
_TAPPED = re.compile(r"Whenever an? ([a-z ]+) is tapped for mana of the chosen color, its "
                     r"controller adds an additional one mana of that color\.")


#: "Whenever enchanted land is tapped for mana, its controller adds an additional {G}."
#: (Wild Growth, Fertile Ground, Utopia Sprawl; CR 605.1b, 106.12a, 303.4): the enchanted
#: permanent's {T} mana abilities, whoever controls it.
_ENCHANTED = re.compile(r"Whenever enchanted (land|Forest|Plains|Island|Swamp|Mountain) "
                        r"is tapped for mana, its controller adds an additional "
                        r"(\{[WUBRGC]\}(?:\{[WUBRGC]\})*|one mana of any color|one mana "
                        r"of the chosen color)\.")

#: The additional mana, as words and as the card format's mana.
_EXTRA: dict[str, dict[str, Any]] = {"one mana of any color": {"any_color": 1},
                                      "one mana of the chosen color": {"chosen_color": 1}}


def _enchanted(words: str, mana: str) -> dict[str, Any]:
    subject: dict[str, Any] = ({"types": ["land"]} if words == "land"
                               else {"subtypes": [words]})
    return {"event": "tapped_for_mana", "subject": {**subject, "enchanted": True},
            "mana": _EXTRA.get(mana, {"add": mana})}


def _render_enchanted(ab: dict[str, Any]) -> str:
    subject = dict(ab["subject"])
    if subject.pop("enchanted", None) is not True or ab["event"] != "tapped_for_mana":
        raise ValueError("not an enchanted land's trigger")
    words = "land" if subject == {"types": ["land"]} else subject["subtypes"][0]
    mana = ab["mana"]
    extra = next((w for w, m in _EXTRA.items() if m == mana), None) or mana["add"]
    return (f"Whenever enchanted {words} is tapped for mana, its controller adds an "
            f"additional {extra}.")


def _article(words: str) -> str:
    return "an" if words[:1] in "aeiou" else "a"


def render_mana_trigger(ab: dict[str, Any]) -> str:
    """A triggered ability of this module's shape as its line (module docstring)."""
    if ab.get("mana") != {"chosen_color": 1} or ab.get("only_if_adds") != "chosen_color" \
            or set(ab) - {"event", "subject", "mana", "only_if_adds", "text"}:
        raise ValueError("not an additional mana of the chosen color")
    subject = dict(ab["subject"])
    if ab["event"] == "mana_added":
        if subject.pop("controller", None) != "you":
            raise ValueError("another player's land")
        words = next(w for w, f in _SUBJECTS.items() if f == subject)
        return (f"Whenever {_article(words)} {words}'s ability causes you to add one or "
                "more mana of the chosen color, add one additional mana of that color.")
    if ab["event"] == "tapped_for_mana":
        words = next(w for w, f in _SUBJECTS.items() if f == subject)
        return (f"Whenever {_article(words)} {words} is tapped for mana of the chosen "
                "color, its controller adds an additional one mana of that color.")
    raise ValueError(f"event {ab['event']}")


def read_mana_trigger(line: str, name: str = "") -> dict[str, Any] | None:
    """The card-format triggered mana ability of ``line`` (module docstring), or None."""
    norm = normalise(line, name)
    if norm.reminders:
        return None
    if (m := _ENCHANTED.fullmatch(norm.text)) is not None:
        ab = _enchanted(m.group(1), m.group(2))
        try:
            if _render_enchanted(ab) != norm.text:
                return None
        except (ValueError, KeyError, IndexError):
            return None
        return {"triggered": {**ab, "text": line.strip()}}
    if (m := _CAUSES.fullmatch(norm.text)) is not None:
        event, you = "mana_added", {"controller": "you"}
    elif (m := _TAPPED.fullmatch(norm.text)) is not None:
        event, you = "tapped_for_mana", {}
    else:
        return None
    subject = _SUBJECTS.get(m.group(1))
    if subject is None:
        return None
    ab = {"event": event, "subject": {**subject, **you}, "only_if_adds": "chosen_color",
          "mana": {"chosen_color": 1}}
    try:
        if render_mana_trigger(ab) != norm.text:
            return None
    except (ValueError, StopIteration):
        return None
    return {"triggered": {**ab, "text": line.strip()}}
