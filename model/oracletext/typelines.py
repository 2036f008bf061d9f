"""Static abilities that change card types and colors (layers 4 and 5), and with them
abilities (layer 6), each read only when it renders back to its line.

Three forms, each the card format's generic ``type_change`` static or a color-setting
one, never a kind of its own:

* "All permanents are artifacts in addition to their other types." (Mycosynth
  Lattice): ``type_change`` with ``add_types`` (CR 205.1b: the other types stay);
* "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other
  card types and abilities." (Imprisoned in the Moon, an Aura): ``type_change`` with
  ``set_types`` (CR 205.1a), ``set_colors`` (``{C}``: colorless, CR 105.2c),
  ``lose_abilities`` and the ``granted`` ability (read as a card's own line, as in
  ``oracletext.grants``);
* "All cards that aren't on the battlefield, spells, and permanents are colorless."
  (Mycosynth Lattice): ``kind: other`` with ``params: {set_color, off_battlefield}``,
  the color-setting effect the layers apply (as Celestial Dawn's), for every player.

Anything else stays unread.

Rules
-----
CR 613.1d (layer 4), 613.1e (layer 5), 613.1f (layer 6), 613.6 (one effect in several
layers applies to the same objects); 205.1a-b (setting and adding card types); 105.2c
(colorless); 303.4 (Auras: "enchanted").
"""

from __future__ import annotations

import re
from typing import Any

from .grants import attached_word_of
from .normal import normalise
from .reading import read_line

__all__ = ["read_type_line", "render_type_line"]

_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")
_COLORS = {"colorless": "{C}", "white": "{W}", "blue": "{U}", "black": "{B}", "red": "{R}",
           "green": "{G}"}
_WORD = {v: k for k, v in _COLORS.items()}
_ALL = re.compile(r"All (?P<subject>[a-z]+)s are (?P<type>[a-z]+)s in addition to their "
                  r"other types\.")
_SET = re.compile(r"(?P<subject>\w+ [a-z]+) is an? (?:(?P<color>[a-z]+) )?(?P<type>[a-z]+)"
                  r'(?: with "(?P<quoted>[^"]+)")? and loses all other card types'
                  r"(?P<abilities> and abilities)?\.")
_OFF = re.compile(r"All cards that aren't on the battlefield, spells, and permanents are "
                  r"(?P<color>[a-z]+)\.")


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def render_type_line(ab: dict[str, Any], attached_word: str = "",
                     granted_text: str = "") -> str:
    """The line of a static this module reads (``ValueError`` for another one)."""
    params = ab.get("params", {})
    if ab["kind"] == "other":
        if set(params) != {"set_color", "off_battlefield"} or ab.get("affected"):
            raise ValueError("not a color-setting effect of every zone")
        return ("All cards that aren't on the battlefield, spells, and permanents are "
                f"{_WORD[params['set_color']]}.")
    flt = dict(ab.get("affected", {}))
    if "add_types" in ab:
        (added,) = ab["add_types"]
        subject = flt.pop("types", ["permanent"])
        if flt or len(subject) != 1 or set(ab) - {"kind", "affected", "add_types", "text"}:
            raise ValueError("another type change")
        return f"All {subject[0].lower()}s are {added.lower()}s in addition to their " \
               "other types."
    if not flt.pop("enchanted", False) or not attached_word:
        raise ValueError("only the enchanted permanent's types are set")
    subject = flt.pop("types", ["permanent"])
    (new_type,) = ab["set_types"]
    if flt or len(subject) != 1:
        raise ValueError("another filter")
    color = _WORD[ab["set_colors"]] + " " if "set_colors" in ab else ""
    words = f"{color}{new_type.lower()}"
    text = f"{attached_word} {subject[0].lower()} is {_article(words)} {words}"
    if "granted" in ab:
        text += f' with "{granted_text}"'
    text += " and loses all other card types"
    return text + (" and abilities." if ab.get("lose_abilities") else ".")


def read_type_line(line: str, subtypes: tuple[str, ...] = ()) -> dict[str, Any] | None:
    """The card-format static of ``line``, or None (module docstring). The line must
    not name the card."""
    norm = normalise(line)
    if norm.reminders:
        return None
    text = norm.text
    ab: dict[str, Any] | None = None
    granted_text = ""
    attached_word = attached_word_of(subtypes)
    if (m := _OFF.fullmatch(text)) and m.group("color") in _COLORS:
        ab = {"kind": "other",
              "params": {"set_color": _COLORS[m.group("color")], "off_battlefield": True}}
    elif (m := _ALL.fullmatch(text)) and m.group("type") in _TYPES and m.group("type") \
            != "creature" and m.group("subject") in (*_TYPES, "permanent"):
        # (a creature needs its power and toughness: not this form)
        subject = m.group("subject")
        ab = {"kind": "type_change", "add_types": [m.group("type").capitalize()]}
        if subject != "permanent":
            ab["affected"] = {"types": [subject]}
    elif (m := _SET.fullmatch(text)) and m.group("type") == "land" and attached_word \
            and m.group("subject").startswith(attached_word + " ") \
            and (m.group("color") is None or m.group("color") in _COLORS):
        subject = m.group("subject").split(" ")[1]
        if subject not in (*_TYPES, "permanent"):
            return None
        ab = {"kind": "type_change", "affected": {"enchanted": True}, "set_types": ["Land"]}
        if subject != "permanent":
            ab["affected"]["types"] = [subject]
        if m.group("color") is not None:
            ab["set_colors"] = _COLORS[m.group("color")]
        if m.group("abilities"):
            ab["lose_abilities"] = True
        if m.group("quoted") is not None:
            # (the quoted ability, printed without its final period here, is read
            # with it, as a card's own line)
            raw = re.search(r'"([^"]+)"', " ".join(line.split()))
            quoted = raw.group(1) if raw else ""
            reading = read_line(quoted if quoted.endswith(".") else quoted + ".")
            granted = (reading.ability or {}).get("activated")
            if granted is None or "zone" in granted or granted.get("loyalty"):
                return None
            ab["granted"] = granted
            granted_text = reading.rendered if quoted.endswith(".") \
                else reading.rendered.removesuffix(".")
    if ab is None:
        return None
    try:
        if render_type_line(ab, attached_word, granted_text) != text:
            return None
    except (ValueError, KeyError):
        return None
    return {"static": {**ab, "text": line.strip()}}
