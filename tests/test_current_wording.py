"""Today's Oracle wording and older wordings read to the same model as the 2022 text.

The whole 2022 pool (reference/cards) is rewritten by the published wording updates,
independently of the reader's own rewriting (``oracletext.wording``):

* Foundations (2024): "enters the battlefield" becomes "enters" everywhere, and a
  nonlegendary card's name, outside quotation marks and reminder text, becomes "this
  creature", "this land", "this Aura", … (an instant's or sorcery's activated ability
  away from the stack says "this card"; its effects keep the name);
* before Core Set 2019: "Add {G}." was "Add {G} to your mana pool.", and "their" was
  "his or her".

Every rewritten line must read to the same abilities (their text aside), keywords and
unread lines as the 2022 line (CR 201.5, 106.4: the wording changed, not the rules).
"""

from __future__ import annotations

import json
import lzma
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from manacheck.model.oracle import read_text

POOL = Path(__file__).resolve().parents[1] / "reference/cards/AtomicCards-2022-04.json.xz"

_NOUNS = (("Creature", "creature"), ("Planeswalker", "planeswalker"), ("Battle", "battle"),
          ("Land", "land"), ("Artifact", "artifact"), ("Enchantment", "enchantment"),
          ("Instant", "spell"), ("Sorcery", "spell"))
_SUBNOUNS = ("Equipment", "Vehicle", "Aura", "Saga", "Class", "Fortification")
_KEPT = re.compile(r"\"[^\"]*\"|\([^()]*\)")


def _noun(face: dict[str, Any]) -> str:
    subtypes, types = face.get("subtypes") or [], face.get("types") or []
    for sub in _SUBNOUNS:
        if sub in subtypes and "Creature" not in types:
            return sub
    return next((noun for t, noun in _NOUNS if t in types), "permanent")


def _this(text: str, name: str, noun: str) -> str:
    text = re.sub(r"(^|(?<=[.:] )|(?<=— ))" + re.escape(name) + r"\b", "This " + noun, text)
    return re.sub(re.escape(name) + r"\b", "this " + noun, text)


def current(line: str, name: str, face: dict[str, Any]) -> str:
    """``line`` as Oracle words it since Foundations."""
    line = re.sub(r"\benters the battlefield\b", "enters", line)
    noun = _noun(face)
    if "Legendary" in (face.get("supertypes") or []) or (noun == "spell" and ":" not in line):
        return line
    noun = "card" if noun == "spell" else noun
    out, start = [], 0
    for kept in _KEPT.finditer(line):
        out += [_this(line[start:kept.start()], name, noun), kept.group(0)]
        start = kept.end()
    return "".join(out) + _this(line[start:], name, noun)


def before_2017(line: str, name: str, face: dict[str, Any]) -> str:
    """``line`` as Oracle worded it before Core Set 2019 (mana pools, "his or her")."""
    line = re.sub(r"\btheir\b", "his or her", line) if "player" in line else line
    return re.sub(r"(Add (?:\{[^}]+\})+|Add (?:one|two|three|X) mana of any (?:one )?"
                  r"(?:color|type))\.", r"\1 to your mana pool.", line)


@cache
def _pool() -> dict[str, list[dict[str, Any]]]:
    with lzma.open(POOL) as f:
        data: dict[str, list[dict[str, Any]]] = json.loads(f.read())["data"]
    return data


def _faces() -> Iterator[tuple[str, dict[str, Any]]]:
    for name, faces in _pool().items():
        for face in faces:
            yield str(face.get("faceName") or name), face


def _without_text(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _without_text(x) for k, x in v.items() if k != "text"}
    if isinstance(v, list):
        return [_without_text(x) for x in v]
    return v


def _reading(name: str, line: str, face: dict[str, Any]) -> tuple[Any, list[str], int]:
    abilities, keywords, unread = read_text(name, line, tuple(face.get("subtypes") or ()),
                                            str(face.get("manaCost") or ""))
    return _without_text(abilities), keywords, len(unread)


Rewrite = Callable[[str, str, dict[str, Any]], str]


@pytest.mark.parametrize("rewrite", [current, before_2017], ids=["current", "before-2017"])
def test_every_rewritten_line_of_the_pool_reads_the_same(rewrite: Rewrite) -> None:
    changed, differ = 0, []
    for name, face in _faces():
        for line in str(face.get("text") or "").split("\n"):
            new = rewrite(line, name, face)
            if new == line:
                continue
            changed += 1
            before, after = _reading(name, line, face), _reading(name, new, face)
            # Keyword lines are kept as written; compare them by their reading only.
            if (before[0], len(before[1]), before[2]) != (after[0], len(after[1]), after[2]):
                differ.append((name, line, new))
    assert changed > (10_000 if rewrite is current else 1_000)  # the rewrite did its work
    assert differ == []


@pytest.mark.parametrize(("name", "line", "expect"), [
    ("Watery Grave", "As Watery Grave enters, you may pay 2 life. If you don't, it enters "
     "tapped.", {"static": {"kind": "other", "params": {"enters_tapped_unless": True}}}),
    ("Llanowar Wastes", "This land enters tapped.",
     {"static": {"kind": "other", "params": {"enters_tapped": True}}}),
    ("Llanowar Elves", "{T}: Add {G} to your mana pool.",
     {"activated": {"cost": "{T}", "mana": {"add": "{G}"}}}),
    ("Wall of Roots", "Put a -0/-1 counter on this creature: Add {G}. Activate only once "
     "each turn.", None),
])
def test_the_issues_lines_read(name: str, line: str, expect: dict[str, Any] | None) -> None:
    abilities, _keywords, unread = read_text(name, line)
    assert unread == []
    assert len(abilities) == 1
    if expect is not None:
        assert _without_text(abilities) == [expect]
    assert all(next(iter(a.values()))["text"] == line for a in abilities)  # as written


def test_a_quoted_this_creature_is_not_the_card() -> None:
    # CR 113.2c: in a granted ability "this creature" is the object that has it.
    from manacheck.model.oracletext.wording import reader_wording

    line = 'Creatures you control have "{T}, Sacrifice this creature: Add {C}."'
    assert reader_wording(line, "Lord") == line
    assert reader_wording("Sacrifice this artifact: Add {C}.", "Rock") == \
        "Sacrifice Rock: Add {C}."
