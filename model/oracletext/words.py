"""The words the grammar's trees hold, as card-format values: mana symbols, number
words, type words (singular), color words; and :class:`Unreadable`, raised for a tree
the card format can't hold. Shared by ``transform`` and ``amounts``.

Rules
-----
CR 106.1 (mana types), 205.3 (subtypes and their plurals).
"""

from __future__ import annotations

import re

from lark import Token

from .rendering import SINGULAR
from .subtypes import SUBTYPES

__all__ = ["COLOR_WORDS", "NUMBER_WORDS", "Unreadable", "mana_text", "number", "typeword"]

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10}
#: Subtypes whose singular ends in s (CR 205.3i, 205.3m): not plurals.
_S_SINGULAR = frozenset({"Plains", "Cyclops"})
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


class Unreadable(Exception):
    """A tree the card format can't hold (an unknown word, a type mixed with a subtype)."""


def mana_text(tok: Token) -> str:
    """Mana symbols an ability adds: only {W}, {U}, {B}, {R}, {G} and {C} (CR 106.1)."""
    text = str(tok)
    if not re.fullmatch(r"(\{[WUBRGC]\})+", text):
        raise Unreadable(f"mana {text}")
    return text


def number(tok: Token) -> int:
    return NUMBER_WORDS[str(tok)]


def typeword(tok: Token) -> tuple[str, str]:
    """("types" | "subtypes", singular word) of a type word; :class:`Unreadable` for a
    capitalised word that is no subtype (``subtypes.SUBTYPES``)."""
    w = str(tok)
    if tok.type == "SUBTYPE":
        if w in SINGULAR:
            word = SINGULAR[w]
        else:
            # A regular plural ("Swamps"); a singular that ends in s ("Pegasus") is
            # then misread, which the rendering back shows.
            plural = w.endswith("s") and not w.endswith(("ss", "us")) \
                and w not in _S_SINGULAR
            word = w[:-1] if plural else w
        if word not in SUBTYPES:
            # CR 205.3: a capitalised word that is no subtype ("Artifact creatures",
            # "Attacking creatures" at the start of a sentence) is never read as one
            raise Unreadable(f"{w} is no subtype")
        return "subtypes", word
    if w == "sorceries":
        return "types", "sorcery"
    return "types", w[:-1] if w.endswith("s") else w
