"""Misreadings that gave confident wrong answers (issue 31, part 1), each made impossible
by construction and checked over every line of the shipped pool that uses the phrase,
then on small boards.

Each expectation is derived by hand from the card's text and the Comprehensive Rules
(the rule is named beside it), never from manacheck's output:

* a target list is read to its end or not at all (CR 115.1: "target artifact, creature,
  or land" is one target, any of the three);
* a capitalised word is a subtype only if the rules list it as one (CR 205.3); the
  adjectives and card types that start a sentence ("Attacking creatures you control",
  "Artifact creatures you control") are read as what they are, or not at all;
* the targets of a triggered ability an effect creates ("When you do, ... any target")
  are that ability's, chosen when it triggers (CR 603.12, 603.7c), not as the activated
  ability is activated (CR 601.2c);
* an X of an activation cost that the text defines ("X is the number of pin counters")
  is not a free choice (CR 107.3c): such a line stays unread;
* "an ability of a creature or creature card" names cards too (CR 109.2); "your
  commander" is the card the state names (CR 903.3);
* a mana ability that doesn't tap its source may pay for its source's own {T} ability
  (CR 601.2g-h; Cryptic Trilobite's ruling).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from manacheck.model import GameState, load_state_data
from manacheck.model.oracletext.reading import read_line
from manacheck.model.oracletext.subtypes import SUBTYPES
from manacheck.model.pool import PoolCards
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer

from tests.conftest import REFERENCE

B = "battlefield"


# ---- the pool -----------------------------------------------------------------------


@functools.cache
def _pool() -> tuple[tuple[str, dict[str, Any]], ...]:
    return tuple((name, json.loads(entry)) for name, entry in PoolCards().entries())


def _abilities() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(card, kind, body) of every ability of the pool."""
    for name, entry in _pool():
        for ab in entry.get("abilities", []):
            (kind, body), = ab.items()
            yield name, kind, body


def _walk(v: Any) -> Iterator[dict[str, Any]]:
    if isinstance(v, dict):
        yield v
        for x in v.values():
            yield from _walk(x)
    elif isinstance(v, list):
        for x in v:
            yield from _walk(x)


def _targets(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The targets read in an ability (a granted ability's too), without their text."""
    return [{k: v for k, v in t.items() if k != "text"}
            for d in _walk(body) if isinstance(d.get("targets"), list) for t in d["targets"]]


def _cr_subtypes() -> set[str]:
    """The subtypes CR 205.3g-q list (planar types, 205.3n, left out)."""
    text = (REFERENCE / "rules" / "comprehensive-rules.txt").read_text(encoding="utf-8")
    out: set[str] = set()
    for rule in "ghijkmpq":
        m = re.search(rf"^205\.3{rule} (.*)$", text, re.M)
        assert m is not None
        for sentence in re.split(r"(?<=\.) (?=[A-Z])", m.group(1)):
            if sentence.startswith("Of that list"):
                continue
            found = re.search(r"long: (.*)\.$", sentence) or \
                re.search(r" types? (?:are|is) (.*)\.$", sentence)
            if found is None:
                continue
            body = re.sub(r" \(see rules? [^)]*\)", "", found.group(1))
            out.update(w.strip() for w in re.split(r", and |, | and ", body))
    return out


# ---- boards: helpers ------------------------------------------------------------


def _board(alice: list[Any], bob: list[Any], phase: str = "precombat_main", *,
           hand: list[Any] | None = None, graveyard: list[Any] | None = None,
           cards: list[Any] | None = None, commander: str | None = None,
           bob_extra: dict[str, Any] | None = None) -> GameState:
    a: dict[str, Any] = {"battlefield": alice, "hand": hand or [],
                         "graveyard": graveyard or []}
    if commander:
        a["commander"] = commander
    return load_state_data({
        "turn": {"active_player": "Alice", "phase": phase},
        "players": {"Alice": a, "Bob": {"battlefield": bob, **(bob_extra or {})}},
        "cards": cards or []})


def _ways(state: GameState, source: str, ability: int = 1) -> tuple[bool, int | None]:
    v = can_activate(state, source, ability, "Alice", find_fixes=False)
    assert not v.undecided, v.undecided
    return v.legal, v.ways


def _targets_of(state: GameState, source: str, ability: int = 1) -> tuple[str, ...]:
    v = can_activate(state, source, ability, "Alice", find_fixes=False)
    assert v.legal and v.witness is not None
    return tuple(v.witness.targets)


_ANTHEM = {"name": "Test Anthem", "mana_cost": "{2}", "types": ["Enchantment"]}
_DRONE = {"name": "Test Drone", "mana_cost": "{2}", "types": ["Artifact", "Creature"],
          "power": 2, "toughness": 1}
_RAT = {"name": "Test Rat", "mana_cost": "{B}", "types": ["Creature"], "subtypes": ["Rat"],
        "power": 1, "toughness": 1}


def _walker(name: str, line: str, loyalty: int) -> dict[str, Any]:
    """A planeswalker card whose one ability is ``line`` as the reader reads it (the
    real card's other lines, unread, would leave every answer not decided)."""
    r = read_line(line, name)
    assert r.ability is not None, r.why
    return {"name": name, "mana_cost": "{3}", "types": ["Planeswalker"],
            "subtypes": ["Test"], "loyalty": loyalty, "abilities": [r.ability]}


# ---- 1. subtypes --------------------------------------------------------------------


@pytest.mark.cr("205.3")
def test_the_subtypes_are_the_rules_lists_and_the_pools_type_lines() -> None:
    from_rules = _cr_subtypes()
    assert {"Time Lord", "Advisor", "Zubera", "Equipment", "Siege", "Sorin"} <= from_rules
    on_cards = {s for _, e in _pool() for s in e.get("subtypes", [])}
    assert from_rules | on_cards == SUBTYPES
    # the words that start "Artifact creatures you control", "Attacking creatures you
    # control", ... are no subtypes
    assert not {"Artifact", "Attacking", "Equipped", "Untapped", "Land", "Commander",
                "Face-down", "Enchanted", "Other"} & SUBTYPES


@pytest.mark.cr("205.3")
def test_no_filter_of_the_pool_names_a_word_that_is_no_subtype() -> None:
    bad = sorted({(name, s) for name, _, body in _abilities() for d in _walk(body)
                  for key in ("subtypes", "any_subtypes", "not_subtypes")
                  if isinstance(d.get(key), list) for s in d[key] if s not in SUBTYPES})
    assert bad == []


#: The first word of "WORD [...] creatures you control get/have ..." that is no subtype,
#: and what it means (derived by hand): a filter key and value, or None where the card
#: format has no such filter (the line must then stay unread).
_FIRST_WORDS: dict[str, tuple[str, Any] | None] = {
    "Attacking": ("combat", "attacking"),  # CR 506.4
    "Blocking": ("combat", "blocking"),
    "Unblocked": ("combat", "unblocked"),  # CR 509.1h
    "Untapped": ("tapped", False),
    "Artifact": ("types", "artifact"),  # CR 205.2a: a card type
    "Land": ("types", "land"),
    "Multicolored": ("multicolored", True),
    "Colorless": ("colorless", True),
    "Legendary": ("supertypes", "Legendary"),
    "Nontoken": ("token", False),
    "Green": ("colors", "G"), "White": ("colors", "W"), "Red": ("colors", "R"),
    "Black": ("colors", "B"), "Blue": ("colors", "U"), "Nongreen": ("not_colors", "G"),
    # what no filter of the card format says: an Equipment or an Aura attached (CR
    # 301.5, 303.4), a commander (903.3), face down (708.2), modified (700.9)
    "Equipped": None, "Enchanted": None, "Commander": None, "Face-down": None,
    "Modified": None,
}
_LORD = re.compile(r"^([A-Z][a-z]+(?:-[a-z]+)?) (?:[a-z]+ )?(?:creatures|[A-Z][a-z]+) you "
                   r"control (?:get|have|gain)\b")


@pytest.mark.cr("205.3")
@pytest.mark.cr("613.4c")
def test_every_lord_whose_first_word_is_no_subtype_is_read_as_what_the_word_is() -> None:
    seen: dict[str, int] = {}
    read: set[tuple[str, str]] = set()
    for name, kind, body in _abilities():
        m = _LORD.match(str(body.get("text", "")))
        if kind != "static" or m is None or m.group(1) not in _FIRST_WORDS:
            continue
        word = m.group(1)
        seen[word] = seen.get(word, 0) + 1
        affected = body.get("affected")
        want = _FIRST_WORDS[word]
        if affected is None:
            continue  # unread: every answer it could change is not decided
        assert want is not None, (name, body["text"])
        assert word not in affected.get("subtypes", []), (name, body["text"])
        key, value = want
        got = affected.get(key)
        assert got == value or (isinstance(got, list) and value in got), (name, affected)
        read.add((name, body["text"]))
    # the 21 lines of 20 cards once read with the word as a subtype
    assert sum(seen[w] for w in ("Attacking", "Untapped", "Artifact", "Land", "Equipped",
                                 "Enchanted", "Commander", "Face-down")) >= 21
    assert {("Tempered Steel", "Artifact creatures you control get +2/+2."),
            ("Nobilis of War", "Attacking creatures you control get +2/+0."),
            ("Castle", "Untapped creatures you control get +0/+2."),
            ("Halimar Tidecaller", "Land creatures you control have flying.")} <= read


@pytest.mark.parametrize(("line", "affected"), [
    ("Artifact creatures you control get +2/+2.",
     {"types": ["artifact", "creature"], "controller": "you"}),
    ("Attacking creatures you control get +2/+0.",
     {"combat": "attacking", "types": ["creature"], "controller": "you"}),
    ("Untapped creatures you control get +0/+2.",
     {"tapped": False, "types": ["creature"], "controller": "you"}),
    ("Other artifact creatures you control get +1/+1.",
     {"another": True, "types": ["artifact", "creature"], "controller": "you"}),
    ("Equipped creatures you control get +1/+1.", None),
    ("Face-down creatures you control get +0/+1.", None),
    ("Commander creatures you control get +2/+2.", None),
])
def test_pump_lines_by_their_first_word(line: str, affected: dict[str, Any] | None) -> None:
    from manacheck.model.oracletext.statics import read_static

    got = read_static(line)
    assert (None if got is None else got["static"]["affected"]) == affected


@pytest.mark.cr("613.4c")
@pytest.mark.cr("106.1")
def test_tempered_steel_pumps_an_artifact_creature_for_ilysian_caryatid() -> None:
    # Ilysian Caryatid adds two mana of one color with a creature of power 4 or greater;
    # the 2/1 artifact creature is 4/3 with Tempered Steel
    s = _board(["Ilysian Caryatid", "Test Drone", "Tempered Steel"], [], cards=[_DRONE])
    assert payment_answer(s, "Alice", "{2}").payable is True
    s = _board(["Ilysian Caryatid", "Test Drone"], [], cards=[_DRONE])
    assert payment_answer(s, "Alice", "{2}").payable is False


@pytest.mark.cr("506.4")
@pytest.mark.cr("613.4c")
def test_nobilis_of_war_pumps_only_attacking_creatures() -> None:
    attacking = {"card": "Grizzly Bears", "attacking": True}
    s = _board(["Ilysian Caryatid", attacking, "Nobilis of War"], [], "declare_attackers")
    assert payment_answer(s, "Alice", "{2}").payable is True  # the Bears are 4/2
    s = _board(["Ilysian Caryatid", "Grizzly Bears", "Nobilis of War"], [],
               "declare_attackers")
    assert payment_answer(s, "Alice", "{2}").payable is False  # Nobilis 3, Bears 2


@pytest.mark.cr("301.5")
def test_an_equipped_lord_is_not_decided() -> None:
    # Stone Haven Outfitter's "Equipped creatures you control" stays unread: whether
    # the Caryatid sees power 4 isn't decided
    s = _board(["Ilysian Caryatid", "Grizzly Bears", "Stone Haven Outfitter"], [])
    assert payment_answer(s, "Alice", "{2}").payable is not False
