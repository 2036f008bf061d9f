"""One wording for the reader: today's Oracle text, the 2022 text and older printings
read alike.

Oracle wording changes while the rules meaning stays the same. The updates that touch
the lines the reader knows are:

* Core Set 2019 (2017 announcement, CR 106.4): mana is no longer "added to your mana
  pool"; "Add {G} to your mana pool." became "Add {G}.". Users' older files still have
  the long form, and so do reprints' printed text.
* "his or her" became "their" (2017).
* Foundations (2024): "enters the battlefield" became "enters", and most cards that
  named themselves now say "this creature", "this land", "this Aura", … (CR 201.5: a
  card that refers to itself means the object it is).
* "Activate this ability only any time you could cast a sorcery" became "Activate only
  as a sorcery" (2021), and "Activate this ability only once each turn" "Activate only
  once each turn".

:func:`reader_wording` writes a line in the one wording the templates are written in:
the object's own name for a self-reference, "Add {G}." without the pool, "their", and
the 2021 activation restrictions. "enters the battlefield" and "enters" are the same to
every template (``normal`` writes the older form as the newer). A self-reference inside
quotation marks is left alone: in a granted ability, "this creature" is the object that
has the granted ability, not the card that grants it (CR 113.2c, 607.1); nor is reminder
text changed, which the reader checks against its keyword.

Rules
-----
CR 201.5 (a card that refers to itself), 106.4 (mana is added to a mana pool, however
the text says it), 113.2c (an ability granted in quotation marks).
"""

from __future__ import annotations

import functools
import re

__all__ = ["SELF_NOUNS", "reader_wording"]

#: The nouns "this ..." names an object by itself in current Oracle text, outside
#: quotation marks: the card types of a permanent and the subtypes Oracle uses for
#: them ("this Aura", "this Equipment", …). "this spell" is not among them: it is
#: the 2022 wording as well, and the reader's spell-cost forms read it as it is.
SELF_NOUNS = ("creature", "artifact", "land", "enchantment", "permanent", "planeswalker",
              "battle", "card", "Aura", "Equipment", "Vehicle", "Saga", "Class",
              "Fortification", "Case", "Room", "Spacecraft", "Planet")

_SELF = re.compile(r"\b[Tt]his (" + "|".join(SELF_NOUNS) + r")\b")
_POOL = re.compile(r" to (?:your|his or her|their|that player's|its controller's) mana pool")
_THEIR = re.compile(r"\bhis or her\b")
_SORCERY = re.compile(r"\bActivate this ability only any time you could cast a sorcery\.")
_ONCE = re.compile(r"\bActivate this ability only once each turn\.")
_ONLY = re.compile(r"\bActivate this ability only\b")
#: Quoted abilities and reminder text, kept as they are.
_KEPT = re.compile(r"\"[^\"]*\"|\([^()]*\)")


def _outside(text: str, name: str) -> str:
    """A self-reference outside quotes and reminders, written as the name."""
    def one(m: re.Match[str]) -> str:
        return name
    return _SELF.sub(one, text)


@functools.lru_cache(maxsize=8192)
def reader_wording(line: str, name: str) -> str:
    """``line`` in the wording the reader's templates are written in (module docstring).

    Parameters
    ----------
    line
        One line of a card's text, in any Oracle wording.
    name
        The card's (or face's) name; empty when unknown, then self-references stay.

    Examples
    --------
    >>> reader_wording("This land enters tapped.", "Tapland")
    'Tapland enters tapped.'
    >>> reader_wording("{T}: Add {G} to your mana pool.", "Llanowar Elves")
    '{T}: Add {G}.'
    >>> reader_wording('Creatures you control have "{T}: Sacrifice this creature."', "X")
    'Creatures you control have "{T}: Sacrifice this creature."'
    """
    text = _POOL.sub("", line)
    text = _THEIR.sub("their", text)
    text = _SORCERY.sub("Activate only as a sorcery.", text)
    text = _ONCE.sub("Activate only once each turn.", text)
    text = _ONLY.sub("Activate only", text)
    if not name:
        return text
    out: list[str] = []
    start = 0
    for kept in _KEPT.finditer(text):
        out.append(_outside(text[start:kept.start()], name))
        out.append(kept.group(0))
        start = kept.end()
    out.append(_outside(text[start:], name))
    return "".join(out)
