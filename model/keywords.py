"""Keywords that decide who may target what: shroud, hexproof, protection.

A card's keywords are free text (``keywords: [Flying, "Protection from red"]``); the
ones that restrict targeting are read here, and a "protection from" or "hexproof from"
whose quality isn't understood is refused when the card is loaded (never ignored: it
would make an illegal target look legal).

Rules
-----
CR 702.18a: a permanent with shroud can't be the target of spells or abilities.
CR 702.11b: hexproof: not by spells or abilities its controller's opponents control.
CR 702.11d: "hexproof from [quality]": not by spells with that quality or abilities
from sources with that quality that its controller's opponents control.
CR 702.16a-b: "protection from [quality]": not by spells with that quality or abilities
from a source with that quality (whoever controls them); a card type quality applies
to permanents and to sources elsewhere of that type. CR 702.16g: "from A and from B" is
two protections. CR 702.16h-i: "from each color" is one protection per color. CR 702.16j:
protection from everything: not by any spell or ability.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from .creaturetypes import CREATURE_TYPES
from .mana import ManaType

__all__ = ["keyword_problem", "untargetable_reason"]

_COLOR_WORDS = {"white": ManaType.W, "blue": ManaType.U, "black": ManaType.B,
                "red": ManaType.R, "green": ManaType.G}
_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker",
               "land": "Land", "battle": "Battle", "kindred": "Kindred"}
_PLURAL = {"artifacts": "artifact", "creatures": "creature", "enchantments": "enchantment",
           "instants": "instant", "sorceries": "sorcery", "planeswalkers": "planeswalker",
           "lands": "land", "battles": "battle"}


class _Source(Protocol):
    @property
    def colors(self) -> frozenset[ManaType]: ...

    @property
    def types(self) -> frozenset[str]: ...

    @property
    def subtypes(self) -> frozenset[str]: ...


def creature_type_of(word: str) -> str | None:
    """The creature type a quality's plural names ("Demons", "Elves", "Wolves"), or None
    (CR 205.3m; CR 702.16a: a quality may be a creature type)."""
    for guess in (word, word[:-1], word[:-2], word[:-3] + "f", word[:-3] + "fe",
                  word[:-3] + "y"):
        if guess in CREATURE_TYPES:
            return guess
    return None


def _quality_test(quality: str) -> Callable[[_Source], bool] | None:
    """What a source must be to have the quality, or None if it isn't understood."""
    q = quality.strip().lower()
    if q in _COLOR_WORDS:
        color = _COLOR_WORDS[q]
        return lambda s: color in s.colors
    if q in ("each color", "all colors", "every color"):
        return lambda s: any(c.is_color for c in s.colors)
    if q == "multicolored":
        return lambda s: sum(1 for c in s.colors if c.is_color) >= 2
    if q == "monocolored":
        return lambda s: sum(1 for c in s.colors if c.is_color) == 1
    if q == "colorless":
        return lambda s: not any(c.is_color for c in s.colors)
    word = _PLURAL.get(q, q)
    if word in _TYPE_WORDS:
        card_type = _TYPE_WORDS[word]
        return lambda s: card_type in s.types
    kind = creature_type_of(quality.strip())
    if kind is not None and quality.strip()[:1].isupper():
        # "protection from Demons": a source that is a Demon (its subtypes, CR 205.3m)
        return lambda s: kind in s.subtypes
    return None


def _qualities(rest: str) -> list[str]:
    """CR 702.16g: "red and from white" is two qualities (", from" too)."""
    out = []
    for part in rest.replace(", and from ", " and from ").replace(", from ", " and from ") \
            .split(" and from "):
        out.append(part.strip())
    return out


def _split(keyword: str) -> tuple[str, list[str]] | None:
    """("protection" | "hexproof", qualities) for a "... from ..." keyword."""
    k = keyword.strip()
    low = k.lower()
    for head in ("protection from", "hexproof from"):
        if low == head or low.startswith(head + " "):
            return head.split()[0], _qualities(k[len(head):])
    return None


_SUPPORTED = ("white, blue, black, red, green, each color, multicolored, monocolored, "
              "colorless, a card type (artifacts, creatures, ...), and for protection "
              "everything")


def keyword_problem(keyword: str) -> str | None:
    """Why a "protection from"/"hexproof from" keyword can't be understood (None if it
    can, or isn't one)."""
    split = _split(keyword)
    if split is None:
        return None
    kind, qualities = split
    for q in qualities:
        if kind == "protection" and q.lower() == "everything":
            continue
        if _quality_test(q) is None:
            return (f"{kind} from '{q}' is not understood (supported qualities: "
                    f"{_SUPPORTED})")
    return None


def untargetable_reason(keywords: Iterable[str], target_controller: str,
                        source: _Source, source_controller: str) -> tuple[str, str] | None:
    """Why a permanent with these keywords can't be the target of an ability from
    ``source`` controlled by ``source_controller``: (rule, keyword), or None if it can.

    Unknown keywords are ignored here; :func:`keyword_problem` refuses the ones that
    claim to restrict targeting when the card is loaded.
    """
    opponent = target_controller != source_controller
    for kw in keywords:
        low = kw.strip().lower()
        if low == "shroud":
            return "702.18a", "shroud"
        if low == "hexproof":
            if opponent:
                return "702.11b", "hexproof"
            continue
        split = _split(kw)
        if split is None:
            continue
        kind, qualities = split
        if kind == "hexproof" and not opponent:
            continue
        for q in qualities:
            if kind == "protection" and q.lower() == "everything":
                return "702.16j", kw.strip().lower()
            test = _quality_test(q)
            if test is not None and test(source):
                return ("702.16b" if kind == "protection" else "702.11d"), \
                    f"{kind} from {q.strip().lower()}"
    return None
