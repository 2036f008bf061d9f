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
from manacheck.model.oracletext.rendering import render_target
from manacheck.model.oracletext.restrictions import restriction_sentence
from manacheck.model.oracletext.subtypes import SUBTYPES
from manacheck.model.pool import PoolCards
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer

from manacheck.cli import main
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


# ---- 2. target lists ----------------------------------------------------------------

#: "target A, B, or C" in an ability's line: a list of three or more after "target".
_LIST = re.compile(r"\b[Tt]arget (?:[^.,;:\"]+)(?:, [^.,;:\"]+)+, (?:or|and/or) [^.,;:\"]+")
_ACL = {"any_types": ["artifact", "creature", "land"]}

#: Every line of the pool with such a list, and the targets its ability must have
#: (derived by hand, CR 115.1), or None: not read (its meaning isn't one the reader
#: can be sure of, or the card format can't hold it).
_TARGET_LISTS: dict[str, list[dict[str, Any]] | None] = {
    "Amber Prison": [{"zone": B, "filter": _ACL}],
    "Amulet of Unmaking": [{"zone": B, "filter": _ACL}],
    "Animal Sanctuary": [{"zone": B, "filter": {
        "any_subtypes": ["Bird", "Cat", "Dog", "Goat", "Ox", "Snake"]}}],
    # "you control" after the list is every alternative's
    "Bazaar Trader": [{"zone": "player"},
                      {"zone": B, "filter": {**_ACL, "controller": "you"}}],
    "Rats of Rath": [{"zone": B, "filter": {**_ACL, "controller": "you"}}],
    "Elder Druid": [{"zone": B, "filter": _ACL}],
    "Icy Manipulator": [{"zone": B, "filter": _ACL}],
    "Mind Over Matter": [{"zone": B, "filter": _ACL}],
    "Opposition": [{"zone": B, "filter": _ACL}],
    "Ring of Gix": [{"zone": B, "filter": _ACL}],
    "Trickster Mage": [{"zone": B, "filter": _ACL}],
    "Vedalken Certarch": [{"zone": B, "filter": _ACL}],
    "Vorel of the Hull Clade": [{"zone": B, "filter": _ACL}],
    "Mirage Mirror": [{"zone": B, "filter": {
        "any_types": ["artifact", "creature", "enchantment", "land"]}}],
    "Nahiri, the Harbinger": [{"zone": B, "filter": {"any_of": [
        {"types": ["enchantment"]}, {"tapped": True, "types": ["artifact"]},
        {"tapped": True, "types": ["creature"]}]}}],
    # CR 115.4 "any target" narrowed to an opponent and their creatures and
    # planeswalkers (no battle)
    "Nicol Bolas, God-Pharaoh": [{"zone": "any", "filter": {
        "controller": "opponent", "any_types": ["creature", "planeswalker"]}}],
    "Swarmyard": [{"zone": B, "filter": {
        "any_subtypes": ["Insect", "Rat", "Spider", "Squirrel"]}}],
    "Teferi, Time Raveler": [{"zone": B, "up_to": True, "filter": {
        "any_types": ["artifact", "creature", "enchantment"]}}],
    "Undead Slayer": [{"zone": B, "filter": {
        "any_subtypes": ["Skeleton", "Vampire", "Zombie"]}}],
    "Underdark Rift": [{"zone": B, "filter": {
        "any_types": ["artifact", "creature", "planeswalker"]}}],
    "Vraska, Relic Seeker": [{"zone": B, "filter": {
        "any_types": ["artifact", "creature", "enchantment"]}}],
    # "without A, B, or C": none of them (CR 702)
    "Grand Master of Flowers": [{"zone": B, "filter": {
        "types": ["creature"], "not_keywords": ["First strike", "Double strike",
                                                "Vigilance"]}}],
    # "with flying" may be the creature's alone or every one's: not read
    "Vivien Reid": None,
    # a player among permanents; a list after "that's"; the others' own reasons
    "Cautery Sliver": None, "Martyrdom": None, "Bounty Agent": None,
    "Boseiju, Who Endures": None, "Gauntlets of Chaos": None, "Nature's Chosen": None,
    "Otawara, Soaring City": None,
    # a list of choices, not of targets: the target before it is whole
    "Golem Artisan": [{"zone": B, "filter": {"types": ["artifact", "creature"]}}],
    "Walking Sponge": [{"zone": B, "filter": {"types": ["creature"]}}],
    "Gideon Blackblade": None, "Nature's Blessing": None,
}


@pytest.mark.cr("115.1")
def test_every_target_list_of_the_pool_is_read_whole_or_not_at_all() -> None:
    found: dict[str, list[dict[str, Any]] | None] = {}
    for name, kind, body in _abilities():
        line = str(body.get("text", ""))
        if ":" not in line or not _LIST.search(line):
            continue
        read = kind == "activated" or body.get("kind") == "grant_ability"
        found[name] = _targets(body) if read else None
    assert found == _TARGET_LISTS


@pytest.mark.cr("115.1")
def test_no_target_of_the_pool_stops_before_the_rest_of_its_list() -> None:
    # the words after each read target's: never ", B, or C" nor " or B"
    rest = re.compile(r"(?:, [^,.;:]+)*,? (?:or|and/or) ")
    cut = []
    for name, _, body in _abilities():
        for d in _walk(body):
            for t in d.get("targets", []) if isinstance(d.get("targets"), list) else []:
                text = str(d.get("text", "")).replace(name, "CARDNAME")
                low = text[:1].lower() + text[1:]
                for line in {text, low, text.lower()}:
                    i = line.find(str(t["text"]))
                    if i >= 0:
                        after = line[i + len(str(t["text"])):]
                        if rest.match(after):
                            cut.append((name, t["text"]))
                        break
    assert cut == []


@pytest.mark.parametrize(("spec", "words"), [
    ({"zone": B, "filter": _ACL}, "target artifact, creature, or land"),
    ({"zone": B, "filter": {**_ACL, "controller": "you"}},
     "target artifact, creature, or land you control"),
    ({"zone": B, "filter": {"any_of": [{"types": ["enchantment"]},
                                       {"tapped": True, "types": ["artifact"]}]}},
     "target enchantment or tapped artifact"),
])
def test_a_target_is_rendered_from_every_part_of_its_data(spec: dict[str, Any],
                                                           words: str) -> None:
    assert render_target(spec) == words


@pytest.mark.parametrize("spec", [
    # data the words can't say: never rendered as if it weren't there
    {"zone": "any", "filter": {"controller": "you"}},
    {"zone": B, "filter": {"types": ["creature"], "enchanted": True}},
    {"zone": B, "filter": {"types": ["artifact", "creature", "land"]}},
    {"zone": B, "filter": {"types": ["creature"], "any_types": ["artifact", "land"]}},
    {"zone": B, "filter": {"subtypes": ["Elf", "Goblin"]}},
])
def test_a_target_whose_data_the_words_cant_say_is_not_rendered(spec: dict[str, Any]
                                                                ) -> None:
    with pytest.raises(ValueError):
        render_target(spec)


@pytest.mark.parametrize(("line", "name"), [
    ("{3}: Tap target tapped artifact, creature, or land.", "Test One"),
    ("{3}: Destroy target artifact, creature, or land with flying.", "Test Two"),
    ("{3}: Tap target player, planeswalker, or Sliver creature.", "Test Three"),
    ("{3}: Tap target artifact, creature, or land an opponent controls with flying.",
     "Test Four"),
])
def test_a_list_whose_words_may_be_every_alternatives_is_not_read(line: str, name: str
                                                                  ) -> None:
    assert read_line(line, name).status == "unread"


@pytest.mark.cr("115.1")
def test_icy_manipulator_may_tap_an_artifact_a_creature_or_a_land() -> None:
    # {1}, {T}: the one Wastes pays; targets: Icy itself and Bob's Sol Ring (artifacts),
    # the Bears (a creature), the Wastes (a land, tapped for mana after targets are
    # chosen, CR 601.2c before 601.2g); not the enchantment
    s = _board(["Icy Manipulator", "Wastes"], ["Grizzly Bears", "Sol Ring", "Test Anthem"],
               cards=[_ANTHEM])
    assert _ways(s, "Icy Manipulator") == (True, 4)


@pytest.mark.cr("115.1")
def test_you_control_after_a_list_is_every_alternatives() -> None:
    # Rats of Rath: "target artifact, creature, or land you control": Bob's Sol Ring is
    # no legal target; the Rats themselves and the Swamp are
    s = _board(["Rats of Rath", "Swamp"], ["Sol Ring"])
    assert _ways(s, "Rats of Rath") == (True, 2)
    # Bazaar Trader: either player, and one of Alice's (the Trader): never Bob's Ring
    s = _board(["Bazaar Trader"], ["Sol Ring"])
    assert _ways(s, "Bazaar Trader") == (True, 2)
    assert "Sol Ring" not in _targets_of(s, "Bazaar Trader")


@pytest.mark.cr("115.1")
def test_swarmyard_and_the_lists_of_types_find_their_target() -> None:
    s = _board(["Swarmyard"], ["Test Rat"], cards=[_RAT])
    assert _ways(s, "Swarmyard", 2) == (True, 1)
    s = _board(["Swarmyard"], ["Grizzly Bears"])
    assert _ways(s, "Swarmyard", 2) == (False, 0)
    # Mind Over Matter: discard the one card, untap Bob's Forest
    s = _board(["Mind Over Matter"], ["Forest"], hand=["Grizzly Bears"])
    assert _ways(s, "Mind Over Matter") == (True, 1)
    # Opposition: tap the Bears for the cost; the Bears and Bob's Forest are targets
    s = _board(["Opposition", "Grizzly Bears"], ["Forest"])
    assert _ways(s, "Opposition") == (True, 2)
    # Underdark Rift (a land): only Bob's creature is an artifact, creature or
    # planeswalker
    s = _board(["Underdark Rift", "Wastes", "Wastes", "Wastes", "Wastes", "Wastes"],
               ["Grizzly Bears"])
    assert _ways(s, "Underdark Rift", 2) == (True, 1)


@pytest.mark.cr("115.1")
def test_planeswalker_target_lists() -> None:
    pw = {"card": "Vraska, Relic Seeker", "counters": {"loyalty": 6}}
    s = _board([pw], ["Test Anthem"], cards=[_ANTHEM])
    assert _ways(s, "Vraska, Relic Seeker", 2) == (True, 1)
    # Nahiri: an enchantment, or a tapped artifact or creature: not the untapped Bears
    nahiri = {"card": "Nahiri, the Harbinger", "counters": {"loyalty": 4}}
    s = _board([nahiri], ["Grizzly Bears", {"card": "Sol Ring", "tapped": True},
                          "Test Anthem"], cards=[_ANTHEM])
    assert _ways(s, "Nahiri, the Harbinger", 2) == (True, 2)
    s = _board([nahiri], ["Grizzly Bears"])
    assert _ways(s, "Nahiri, the Harbinger", 2) == (False, 0)


@pytest.mark.cr("115.4")
@pytest.mark.cr("702.11c")
def test_nicol_bolas_may_target_the_creature_of_an_opponent_with_hexproof() -> None:
    # Bob has hexproof (Leyline of Sanctity): not a legal target, but his creature is
    bolas = {"card": "Nicol Bolas, God-Pharaoh", "counters": {"loyalty": 7}}
    s = _board([bolas, "Grizzly Bears"], ["Leyline of Sanctity", "Grizzly Bears"])
    legal, ways = _ways(s, "Nicol Bolas, God-Pharaoh", 3)
    assert legal and ways == 1  # Bob's Bears; not Alice's, not Bob himself
    s = _board([bolas, "Grizzly Bears"], ["Leyline of Sanctity"])
    assert _ways(s, "Nicol Bolas, God-Pharaoh", 3) == (False, 0)


@pytest.mark.cr("702.2")
def test_without_a_list_of_keywords() -> None:
    # Grand Master of Flowers +1: a creature without first strike, double strike, or
    # vigilance; Serra Angel has vigilance, the Bears none of them
    gm = _walker("Test Master", "[+1]: Target creature without first strike, double "
                 "strike, or vigilance can't attack or block until your next turn.", 3)
    s = _board(["Test Master"], ["Serra Angel"], cards=[gm])
    assert _ways(s, "Test Master") == (False, 0)
    s = _board(["Test Master"], ["Serra Angel", "Grizzly Bears"], cards=[gm])
    assert _ways(s, "Test Master") == (True, 1)


# ---- 3. reflexive triggers ----------------------------------------------------------

#: Every ability line of the pool with a triggered ability in its effect whose own
#: effect names a target, and the activated ability's own targets (by hand: only those
#: in the trigger's condition, CR 603.12, 603.7c, 601.2c).
_INNER = re.compile(r"(?:^|[.:,] )[Ww]hen(?:ever)? [^,.]*, [^.]*\b(?:[Tt]arget|any target)\b")
_INNER_TRIGGERS: dict[str, list[dict[str, Any]] | None] = {
    "Sorin, Imperious Bloodlord": [],  # "When you do, ... any target"
    "Grist, the Hunger Tide": [],
    "Hidetsugu, Devouring Chaos": [],
    "Inferno of the Star Mounts": [],
    "Narset of the Ancient Way": [],
    "The Royal Scions": [],
}


@pytest.mark.cr("603.12")
def test_a_reflexive_triggers_target_is_not_the_activated_abilitys() -> None:
    found: dict[str, list[dict[str, Any]] | None] = {}
    for name, kind, body in _abilities():
        line = str(body.get("text", ""))
        m = _INNER.search(line.split(": ", 1)[-1])
        if m is None or ":" not in line or '"' in line:
            continue
        if kind == "activated":
            found[name] = _targets(body)
    assert found == _INNER_TRIGGERS


@pytest.mark.parametrize(("line", "name", "targets"), [
    # a target in the trigger's condition is chosen now: the activated ability's
    ("{1}: When target creature is put into your graveyard this turn, return that card "
     "to the battlefield.", "Test Saffi", 1),
    ("[+1]: You may sacrifice a Vampire. When you do, Sorin deals 3 damage to any "
     "target and you gain 3 life.", "Sorin", 0),
])
def test_a_target_of_a_trigger_s_condition_is_the_abilitys(line: str, name: str,
                                                          targets: int) -> None:
    r = read_line(line, name)
    assert r.status == "partial", r.why
    assert len(r.targets) == targets


@pytest.mark.cr("603.12")
def test_sorin_and_grist_choose_no_target_as_they_activate() -> None:
    sorin = {"card": "Sorin, Imperious Bloodlord", "counters": {"loyalty": 4}}
    s = _board([sorin], ["Grizzly Bears"])
    assert _ways(s, "Sorin, Imperious Bloodlord", 2) == (True, 1)
    assert _targets_of(s, "Sorin, Imperious Bloodlord", 2) == ()
    # (Grist's own unread first line would leave its answers not decided: its −2 alone)
    grist = _walker("Test Grist", "[−2]: You may sacrifice a creature. When you do, "
                    "destroy target creature or planeswalker.", 3)
    s = _board(["Test Grist"], ["Grizzly Bears"], cards=[grist])
    assert _ways(s, "Test Grist") == (True, 1)
    assert _targets_of(s, "Test Grist") == ()


# ---- 4. X defined by the text --------------------------------------------------------

_X_COST = re.compile(r"^[^:\"]*(?:\{X\}|\bX\b)[^:\"]*:")


@pytest.mark.cr("107.3c")
def test_every_cost_x_the_text_defines_leaves_its_line_unread() -> None:
    lines = [(name, body) for name, _, body in _abilities()
             if _X_COST.search(str(body.get("text", "")))
             and re.search(r"\bX is\b", str(body.get("text", "")))]
    assert {n for n, _ in lines} >= {"Voodoo Doll", "Bargaining Table", "Soul Foundry",
                                     "Prototype Portal", "Elite Arcanist", "Chromatic Armor",
                                     "Caller of the Untamed"}
    assert [n for n, body in lines if "cost" in body] == []


@pytest.mark.cr("107.3c")
def test_voodoo_doll_is_not_answered_with_a_free_x(tmp_path: Any,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    # X is the number of pin counters (2): {4} and {T}; three Wastes can't pay it. The
    # card format has no X defined so: the line stays unread, never "legal, X=0".
    f = tmp_path / "doll.json"
    f.write_text(json.dumps({
        "turn": {"active_player": "Alice", "phase": "precombat_main"},
        "players": {"Alice": {"battlefield": [
            {"card": "Voodoo Doll", "counters": {"pin": 2}}, "Wastes", "Wastes", "Wastes"]},
            "Bob": {}}}), encoding="utf-8")
    assert main(["can-activate", str(f), "Voodoo Doll"]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("not decided")
    assert "manacheck doesn't read this text" in out.out


# ---- 5. spend restrictions ------------------------------------------------------------


@pytest.mark.cr("109.2")
def test_a_creature_card_in_a_restriction_names_cards() -> None:
    found = {name: body for name, _, body in _abilities()
             if "or creature card" in str(body.get("text", ""))
             and "Spend this mana" in str(body.get("text", ""))}
    assert set(found) == {"Secluded Courtyard"}
    res = found["Secluded Courtyard"]["mana"]["restriction"]
    assert res["abilities_of_cards"] is True
    # and the words are written from that key alone: without it, no "creature card"
    # (here: no words at all, the chosen type of a permanent's ability having none)
    plain = {k: v for k, v in res.items() if k != "abilities_of_cards"}
    try:
        words = restriction_sentence({"restriction": plain}, True)
    except ValueError:
        words = ""
    assert "creature card" not in words


def test_your_commander_is_read_and_rendered() -> None:
    r = read_line("{T}, Sacrifice Jeweled Lotus: Add three mana of any one color. Spend "
                  "this mana only to cast your commander.", "Jeweled Lotus")
    assert r.status == "read"
    assert r.ability is not None
    assert r.ability["activated"]["mana"]["restriction"] == {
        "text": "Spend this mana only to cast your commander.", "spells": {},
        "commander": True}


@pytest.mark.cr("109.2")
@pytest.mark.cr("106.6")
def test_secluded_courtyard_pays_for_unearth_from_the_graveyard() -> None:
    yard = {"card": "Secluded Courtyard", "chosen": {"creature_type": "Elemental"}}
    s = _board([yard, dict(yard)], [], graveyard=["Hellspark Elemental"])
    v = can_activate(s, "Hellspark Elemental", 1, "Alice", find_fixes=False)
    assert v.legal and not v.undecided
    goblins = {"card": "Secluded Courtyard", "chosen": {"creature_type": "Goblin"}}
    s = _board([goblins, dict(goblins)], [], graveyard=["Hellspark Elemental"])
    v = can_activate(s, "Hellspark Elemental", 1, "Alice", find_fixes=False)
    assert not v.legal and not v.undecided


@pytest.mark.cr("903.3")
@pytest.mark.cr("106.6")
def test_jeweled_lotus_pays_for_your_commander_in_hand() -> None:
    atraxa = "Atraxa, Praetors' Voice"
    lands = ["Jeweled Lotus", "Forest", "Plains", "Island"]
    s = _board(lands, [], hand=[atraxa, "Grizzly Bears"], commander=atraxa)
    assert payment_answer(s, "Alice", None, for_object=atraxa).payable is True
    # the Bears are no commander: the Lotus's mana can't pay their {1}
    s = _board(["Jeweled Lotus", "Forest"], [], hand=["Grizzly Bears"], commander=atraxa)
    assert payment_answer(s, "Alice", None, for_object="Grizzly Bears").payable is False
    # no commander named: Atraxa is no commander, {B} has no source
    s = _board(lands, [], hand=[atraxa])
    assert payment_answer(s, "Alice", None, for_object=atraxa).payable is False


@pytest.mark.cr("601.2f")
def test_culling_the_weak_is_not_payable_without_its_sacrifice() -> None:
    # "As an additional cost to cast this spell, sacrifice a creature": not answered
    # "payable" with no creature to sacrifice
    s = _board(["Swamp"], [], hand=["Culling the Weak"])
    assert payment_answer(s, "Alice", None, for_object="Culling the Weak").payable \
        is not True


@pytest.mark.cr("601.2g")
@pytest.mark.cr("601.2h")
def test_cryptic_trilobite_pays_for_its_own_tap_ability() -> None:
    # Its ruling: its {C}{C} (from removing a counter, not tapping) may pay its own
    # "{1}, {T}: Put a +1/+1 counter"; can-activate and pay --for agree
    tri = {"card": "Cryptic Trilobite", "counters": {"+1/+1": 3}}
    s = _board([tri], [])
    assert _ways(s, "Cryptic Trilobite", 2)[0] is True
    assert payment_answer(s, "Alice", "{1}", for_object="Cryptic Trilobite").payable is True
    # with no counter there is no mana for {1}; tapped, its {T} can't be paid
    s = _board(["Cryptic Trilobite"], [])
    assert _ways(s, "Cryptic Trilobite", 2)[0] is False
    s = _board([{**tri, "tapped": True}], [])
    assert _ways(s, "Cryptic Trilobite", 2)[0] is False


@pytest.mark.cr("601.2g")
def test_a_cost_that_removes_the_same_counters_keeps_the_source_out() -> None:
    # A source whose {T} ability also removes a counter: with one counter, its mana
    # ability (which removes it first, CR 601.2g) leaves none for the cost: not legal.
    card = {"name": "Test Fossil", "mana_cost": "{2}", "types": ["Artifact"],
            "abilities": [
                {"activated": {"cost": [{"remove_counters": {"counter": "charge",
                                                              "count": 1}}],
                               "mana": {"add": "{C}{C}"}}},
                {"activated": {"cost": ["{1}{T}", {"remove_counters": {
                    "counter": "charge", "count": 1}}],
                    "effects": [{"kind": "draw", "count": 1}]}}]}
    s = _board([{"card": "Test Fossil", "counters": {"charge": 1}}], [], cards=[card])
    assert _ways(s, "Test Fossil", 2)[0] is False
