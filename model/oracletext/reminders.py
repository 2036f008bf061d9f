"""Reminder-only lines of well-known shapes, checked against the card and dropped.

Reminder text has no game function (CR 207.2a): the rule it recalls comes from
something else on the card, a mana symbol of its cost or text. A line that is only
reminder text is dropped here only when it has one of these exact shapes *and* the card
really has the symbol it explains; otherwise (another shape, a symbol the card lacks,
which would mean the text isn't what it seems) it stays unread, never trusted blindly:

* "({G/U} can be paid with either {G} or {U}.)": a hybrid symbol of the mana cost
  (CR 107.4e);
* "({G/P} can be paid with either {G} or 2 life.)": a Phyrexian symbol of the mana cost
  (CR 107.4f);
* "({2/W} can be paid with any two mana or with {W}. This card's mana value is N.)": a
  monocolored hybrid symbol of the mana cost, N its mana value (CR 107.4e, 202.3f);
* "({C} represents colorless mana.)": {C} elsewhere on the card (CR 107.4c);
* "({S} can be paid with one mana from a snow source.)": {S} in the mana cost (CR
  107.4h).

Rules
-----
CR 207.2a: reminder text (italic, in parentheses) summarises a rule and has no game
function. CR 107.4c, 107.4e, 107.4f, 107.4h: the symbols. CR 202.3f: a hybrid symbol's
part of the mana value is its largest component.
"""

from __future__ import annotations

import re

__all__ = ["KEYWORD_REMINDERS", "checked_reminder"]

_C = "[WUBRG]"

_HYBRID = re.compile(r"\(\{(" + _C + r")/(" + _C + r")\} can be paid with either "
                     r"\{\1\} or \{\2\}\.\)")
_PHYREXIAN = re.compile(r"\(\{(" + _C + r")/P\} can be paid with either \{\1\} or "
                        r"2 life\.\)")
_TWO_HYBRID = re.compile(r"\(\{2/(" + _C + r")\} can be paid with any two mana or with "
                         r"\{\1\}\. This card's mana value is (\d+)\.\)")
_COLORLESS = "({C} represents colorless mana.)"
_SNOW = "({S} can be paid with one mana from a snow source.)"


def _mana_value(cost: str) -> int | None:
    """The mana value of a printed mana cost (CR 202.3), or None if a symbol is odd."""
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            continue
        elif sym.startswith("2/"):
            total += 2
        elif re.fullmatch(r"[WUBRGCS](?:/[WUBRGP])?(?:/P)?", sym):
            total += 1
        else:
            return None
    return total


def checked_reminder(line: str, mana_cost: str, text: str = "") -> bool:
    """Whether ``line`` is a reminder-only line of a known shape whose symbol the card
    has (module docstring): ``mana_cost`` is its printed mana cost, ``text`` its whole
    rules text.

    Examples
    --------
    >>> checked_reminder("({G/U} can be paid with either {G} or {U}.)", "{G/U}{G/U}")
    True
    >>> checked_reminder("({G/U} can be paid with either {G} or {U}.)", "{1}{G}")
    False
    >>> checked_reminder("({2/W} can be paid with any two mana or with {W}. This card's "
    ...                  "mana value is 6.)", "{2/W}{2/W}{2/W}")
    True
    """
    line = line.strip()
    symbols = set(re.findall(r"\{[^}]+\}", mana_cost))
    if (m := _HYBRID.fullmatch(line)) is not None:
        return m.group(1) != m.group(2) and (
            "{" + f"{m.group(1)}/{m.group(2)}" + "}" in symbols)
    if (m := _PHYREXIAN.fullmatch(line)) is not None:
        return "{" + f"{m.group(1)}/P" + "}" in symbols
    if (m := _TWO_HYBRID.fullmatch(line)) is not None:
        return "{2/" + m.group(1) + "}" in symbols and _mana_value(mana_cost) == int(
            m.group(2))
    if line == _COLORLESS:
        rest = text.replace(_COLORLESS, "")
        return "{C}" in rest or "{C}" in symbols
    if line == _SNOW:
        return "{S}" in symbols
    return False


#: The reminder texts a granted keyword may have, for one object ("it") or several.
KEYWORD_REMINDERS: dict[str, tuple[str, ...]] = {
    "menace": ("It can't be blocked except by two or more creatures.",
               "They can't be blocked except by two or more creatures."),
    "vigilance": ("Attacking doesn't cause it to tap.",
                  "Attacking doesn't cause them to tap."),
    "trample": ("It can deal excess combat damage to the player or planeswalker it's "
                "attacking.",
                "They can deal excess combat damage to the player or planeswalker "
                "they're attacking."),
    "reach": ("It can block creatures with flying.", "They can block creatures with flying."),
    "first strike": ("It deals combat damage before creatures without first strike.",
                     "They deal combat damage before creatures without first strike."),
    "double strike": ("It deals both first-strike and regular combat damage.",
                      "They deal both first-strike and regular combat damage."),
    "hexproof": ("It can't be the target of spells or abilities your opponents control.",
                 "They can't be the targets of spells or abilities your opponents "
                 "control."),
    "shroud": ("It can't be the target of spells or abilities.",
               "They can't be the targets of spells or abilities."),
    "haste": ("It can attack and {T} as soon as it comes under your control.",
              "They can attack and {T} as soon as they come under your control."),
    "indestructible": ('Damage and effects that say "destroy" don\'t destroy it.',
                       'Damage and effects that say "destroy" don\'t destroy them.',
                       'Effects that say "destroy" don\'t destroy them. Artifact '
                       "creatures with indestructible can't be destroyed by damage."),
}
