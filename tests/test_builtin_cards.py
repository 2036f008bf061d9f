"""The built-in cards against the reference data in reference/cards (CR 109.3, 202.3).

Every expectation here comes from outside the card files: the reference
``cards.json`` / ``mana-cards.json`` (names, mana costs, type lines, P/T, loyalty,
oracle text), the text of each ability read by a deliberately small text reader, or
mana written out by hand from the rules. None is computed by the code under test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from manacheck.model import builtin_cards
from manacheck.model.abilities import (
    ActivatedAbility,
    CostKind,
    ManaProductionKind,
    ObjectFilter,
    Params,
    TriggeredAbility,
    Zone,
)
from manacheck.model.carddata import parse_card, parse_cards
from manacheck.model.cards import CardDefinition
from manacheck.model.errors import CardDataError, ManacheckError
from manacheck.model.mana import ManaType
from manacheck.model.pool import default_cards
from manacheck.model.statefile import load_state_text
from manacheck.solver.produce import activation_outcomes

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "reference"
CARD_DIR = REPO / "model" / "data" / "cards"
#: The card files this test checks line by line against the oracle text.
ORACLE_CHECKED_FILES = (
    "10_lands.yaml",
    "11_mana_rocks_and_creatures.yaml",
    "12_spells.yaml",
    "13_misc.yaml",
    "40_generated.json",
)
#: Built-in cards with no entry in either reference file, each with the reason.
_ATOMIC = "its text is checked against MTGJSON's AtomicCards in " \
          "test_no_reference_cards_match_atomic_cards"
NO_REFERENCE: Mapping[str, str] = {
    "Damping Sphere": "not a mana card (it replaces mana): " + _ATOMIC,
    # issue 16: counters and a type change (resolution answers, with The Ozolith)
    "Tatterkite": "not a mana card (its counters can't be put): " + _ATOMIC,
    "Blightbeetle": "not a mana card (+1/+1 counters can't be put): " + _ATOMIC,
    "March of the Machines": "not a mana card (it animates artifacts): " + _ATOMIC,
    "K'rrik, Son of Yawgmoth": "not a mana card (it changes how costs are paid): " + _ATOMIC,
}
SUPERTYPE_WORDS = {"Basic", "Legendary", "Snow", "World", "Ongoing"}


# --------------------------------------------------------------------------------------
# Reference data
# --------------------------------------------------------------------------------------


@cache
def reference() -> dict[str, dict[str, Any]]:
    """Reference entries by name (and by face name for " // " cards).

    ``cards.json`` wins over ``mana-cards.json``; each entry records which file it is
    from in ``_file`` and, for a face, which face in ``_face``.
    """
    out: dict[str, dict[str, Any]] = {}
    mana = json.loads((REFERENCE / "cards" / "mana-cards.json").read_text(encoding="utf-8"))
    full = json.loads((REFERENCE / "cards" / "cards.json").read_text(encoding="utf-8"))
    for file, entries in (("mana-cards.json", mana["cards"]), ("cards.json", full)):
        for entry in entries:
            if entry.get("nontraditional") or entry.get("is_online_only"):
                continue
            out[entry["name"]] = {**entry, "_file": file, "_face": None}
            faces = entry["name"].split(" // ")
            if len(faces) > 1:
                for i, face in enumerate(faces):
                    out[face] = {**entry, "_file": file, "_face": i}
    return out


def _face(entry: Mapping[str, Any], key: str) -> str:
    value = entry.get(key) or ""
    if entry["_face"] is None:
        return str(value)
    parts = str(value).split(" // ")
    return parts[entry["_face"]] if len(parts) > entry["_face"] else ""


def parse_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, card types, subtypes) of a printed type line (CR 205)."""
    left, _, right = line.partition("—")
    words = left.split()
    return (
        tuple(w for w in words if w in SUPERTYPE_WORDS),
        tuple(w for w in words if w not in SUPERTYPE_WORDS),
        tuple(right.split()),
    )


def _pt(v: object) -> str | None:
    return None if v is None else str(v)


def all_cards() -> list[CardDefinition]:
    db = builtin_cards()
    return [db[name] for name in sorted(db)]


def my_cards() -> Iterator[tuple[str, CardDefinition]]:
    for fname in ORACLE_CHECKED_FILES:
        data = yaml.safe_load((CARD_DIR / fname).read_text(encoding="utf-8"))
        for card in parse_cards(data, path=fname):
            yield fname, card


def _norm(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------------------
# Every card against the reference
# --------------------------------------------------------------------------------------


def test_there_are_at_least_55_builtin_cards() -> None:
    assert len(builtin_cards()) >= 55


def test_no_reference_list_names_only_cards_without_a_reference() -> None:
    ref = reference()
    db = builtin_cards()
    for name in NO_REFERENCE:
        assert name in db, f"{name} is listed in NO_REFERENCE but is not a built-in card"
        assert name not in ref, f"{name} has a reference entry: remove it from NO_REFERENCE"


@pytest.mark.cr("202.3")
@pytest.mark.parametrize("card", all_cards(), ids=lambda c: c.name)
def test_card_matches_reference(card: CardDefinition) -> None:
    entry = reference().get(card.name)
    if entry is None:
        assert card.name in NO_REFERENCE, (
            f"{card.name} has no entry in cards.json or mana-cards.json; add it to "
            "NO_REFERENCE with a reason"
        )
        pytest.skip(NO_REFERENCE[card.name])
    ref_cost = _face(entry, "mana_cost")
    assert (card.mana_cost.text if card.mana_cost is not None else "") == ref_cost
    if "mana_value" in entry and entry["_face"] in (None, 0):
        assert card.mana_value() == int(entry["mana_value"])
    elif entry.get("layout") == "transform" and entry["_face"] == 1:
        # CR 712.8e: a transformed permanent's mana value is its front face's (the
        # entry's top-level mana value), though the back face has no mana cost.
        assert card.front_face == entry["name"].split(" // ")[0]
        assert card.mana_value() == int(entry["mana_value"])
    elif not ref_cost:
        assert card.mana_value() == 0  # CR 202.3a: no mana cost
    supertypes, types, subtypes = parse_type_line(_face(entry, "type_line"))
    assert card.supertypes == supertypes
    assert card.types == types
    assert card.subtypes == subtypes
    if entry["_file"] == "cards.json":
        assert _pt(card.power) == _pt(entry["power"])
        assert _pt(card.toughness) == _pt(entry["toughness"])
        assert _pt(card.loyalty) == _pt(entry["loyalty"])
    elif "Creature" not in card.types:
        assert card.power is None and card.toughness is None


@pytest.mark.parametrize("fname,card", list(my_cards()), ids=lambda v: getattr(v, "name", v))
def test_card_text_is_the_oracle_text(fname: str, card: CardDefinition) -> None:
    assert _norm(card.text) == _norm(oracle_of(reference()[card.name]))


def oracle_of(entry: Mapping[str, Any]) -> str:
    """The oracle text of the card, or of the face the entry is for."""
    if entry["_face"] is not None and entry.get("faces"):
        return str(entry["faces"][entry["_face"]]["oracle_text"])
    return str(entry["oracle_text"])


@pytest.mark.parametrize("fname,card", list(my_cards()), ids=lambda v: getattr(v, "name", v))
def test_every_ability_text_is_part_of_the_oracle_text(fname: str,
                                                        card: CardDefinition) -> None:
    oracle = _norm(oracle_of(reference()[card.name]))
    for ab in card.abilities:
        assert ab.text, f"{card.name}: an ability without text"
        text = _norm(ab.text)
        assert text in oracle, f"{card.name}: {text!r} is not in the oracle text"


# --------------------------------------------------------------------------------------
# Each activated ability's data against its own text
# --------------------------------------------------------------------------------------


def _split(ab: ActivatedAbility) -> tuple[str, str]:
    """(cost, effect) of an ability's text "[Cost]: [Effect.]" (CR 602.1a)."""
    text = _norm(ab.text)
    text = re.sub(r"^[A-Z][a-z]+ — ", "", text)  # ability word (CR 207.2c)
    m = re.match(r"^Cycling (\{[^)]*?\}) \((.*)\)$", text)
    if m:  # CR 702.29a: "[Cost], Discard this card: Draw a card."
        text = m.group(2)
    cost, sep, effect = text.partition(": ")
    assert sep, f"not an activated ability text: {ab.text!r}"
    return cost, effect


def expected_cost_kinds(cost: str) -> set[CostKind]:
    """The non-mana cost parts a cost text names (CR 118, 602.2b)."""
    kinds: set[CostKind] = set()
    for part in (p.strip() for p in cost.split(",")):
        if part.startswith("Sacrifice "):
            generic = re.match(r"Sacrifice (a|an|another|one|two|\d+) ", part)
            kinds.add(CostKind.SACRIFICE if generic else CostKind.SACRIFICE_SELF)
        elif re.fullmatch(r"Pay \d+ life", part):
            kinds.add(CostKind.PAY_LIFE)
        elif part == "Discard your hand":
            kinds.add(CostKind.DISCARD_HAND)
        elif part == "Discard this card":
            kinds.add(CostKind.DISCARD_SELF)
        elif part.startswith("Discard "):
            kinds.add(CostKind.DISCARD)
        elif part.startswith("Remove "):
            kinds.add(CostKind.REMOVE_COUNTERS)
        elif re.fullmatch(r"Put (a|an|one|two|\d+) \S+ counters? on .+", part):
            kinds.add(CostKind.ADD_COUNTERS)  # Wall of Roots' -0/-1 counter (CR 122.1)
        elif re.match(r"Tap (a|an|one|two|\w+) untapped ", part):
            kinds.add(CostKind.TAP_UNTAPPED)
        elif part.startswith("Exile ") and "graveyard" in part:
            kinds.add(CostKind.EXILE_FROM_GRAVEYARD)
        elif re.fullmatch(r"Exile (a|an|one|two) .*cards? from your hand", part):
            kinds.add(CostKind.EXILE_FROM_HAND)
        elif re.fullmatch(r"Mill (a card|\w+ cards)", part):
            kinds.add(CostKind.MILL)  # CR 701.17
        elif part.startswith("Exert "):
            kinds.add(CostKind.EXERT_SELF)  # CR 701.43
        elif re.match(r"Exile (a|an|another) .* you control", part):
            kinds.add(CostKind.EXILE)
        elif part.startswith("Exile "):
            kinds.add(CostKind.EXILE_SELF)
        elif re.match(r"Return (a|an|one) .* you control to its owner's hand", part):
            kinds.add(CostKind.RETURN)
        elif re.fullmatch(r"Return .+ to its owner's hand", part):
            kinds.add(CostKind.RETURN_SELF)
        elif re.fullmatch(r"Reveal .+ from your hand", part):
            kinds.add(CostKind.REVEAL_SELF)
        else:
            assert re.fullmatch(r"(\{[^}]+\})+", part), f"unread cost part {part!r}"
    return kinds


def activated_abilities() -> list[tuple[str, int, ActivatedAbility]]:
    """Every printed activated ability, and every ability a static ability grants."""
    out = [
        (card.name, i, ab)
        for card in all_cards()
        for i, ab in enumerate(card.activated_abilities, start=1)
        if not ab.loyalty
    ]
    out.extend(
        (f"{card.name} (granted)", i, st.granted)
        for card in all_cards()
        for i, st in enumerate(card.static_abilities, start=1)
        if st.granted is not None
    )
    return out


def triggered_abilities() -> list[tuple[str, TriggeredAbility]]:
    return [(card.name, ab) for card in all_cards() for ab in card.triggered_abilities]


@pytest.mark.cr("602.1")
@pytest.mark.parametrize("name,number,ab", activated_abilities(),
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_activation_cost_matches_its_text(name: str, number: int,
                                          ab: ActivatedAbility) -> None:
    cost, effect = _split(ab)
    symbols = re.findall(r"\{[^}]+\}", cost)
    assert ab.tap == ("{T}" in symbols)  # CR 107.5
    assert ab.untap == ("{Q}" in symbols)  # CR 107.6
    assert ab.mana_cost.text == "".join(s for s in symbols if s not in ("{T}", "{Q}"))
    assert {c.kind for c in ab.costs} == expected_cost_kinds(cost)
    for part in ab.costs:
        if part.kind is CostKind.PAY_LIFE:
            assert f"Pay {part.count} life" in cost  # CR 119.4
        if part.kind is CostKind.REMOVE_COUNTERS and part.count == "X":
            # "Remove any number of storage counters" (Mage-Ring Network, CR 107.3)
            assert re.search(rf"Remove any number of {re.escape(part.counter)} counters",
                             cost)
            assert ab.mana is not None and ab.mana.amount_of == "X"
        elif part.kind is CostKind.REMOVE_COUNTERS:
            assert re.search(rf"Remove (a|an|one) {re.escape(part.counter)} counter", cost)
    # CR 115.1: a targeted ability says "target"; CR 602.5d/e, 602.5b: instructions.
    assert bool(ab.targets) == bool(re.search(r"\btarget\b", effect, re.I))
    expected_timing = ("sorcery" if "Activate only as a sorcery" in effect else
                       "as_instant" if "Activate only as an instant" in effect else "instant")
    assert ab.timing == expected_timing
    assert ab.once_each_turn == ("Activate only once each turn" in effect)
    # CR 602.2: "Any player may activate this ability but only during their turn before
    # the end step" (Mana Cache) is who and when.
    anyone = "Any player may activate this ability" in effect
    assert ab.any_player == anyone
    if anyone:
        assert ab.condition is not None and (ab.condition.kind, ab.condition.params) == (
            ("your_turn", Params.of(before="end"))
            if "only during their turn before the end step" in effect else "?")
    else:
        assert (ab.condition is not None) == ("Activate only if" in effect)
    # (a card of the hand exiled as a cost, Cadaverous Bloom, is not this one)
    from_hand = ("from your hand" in cost and not re.search(
        r"Exile (a|an|one|two) .*cards? from your hand", cost)) \
        or "Discard this card" in cost
    assert ab.zone is (Zone.HAND if from_hand else Zone.BATTLEFIELD)


def _adds_mana(effect: str) -> bool:
    """Whether an effect text adds mana (CR 106.1); Doubling Cube's doubling adds too."""
    return bool(re.search(r"\badd\b", effect, re.I)) or "unspent mana" in effect


@pytest.mark.cr("605.1a")
@pytest.mark.parametrize("name,number,ab", activated_abilities(),
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_cr_605_1a_mana_ability_classification(name: str, number: int,
                                               ab: ActivatedAbility) -> None:
    """A mana ability could add mana, has no target and isn't a loyalty ability."""
    _, effect = _split(ab)
    adds = _adds_mana(effect)
    targeted = bool(re.search(r"\btarget\b", effect, re.I))
    assert (ab.mana is not None) == adds
    assert ab.is_mana_ability == (adds and not targeted)


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}
CARD_TYPE_WORDS = {"artifact", "creature", "enchantment", "land", "planeswalker"}


def read_production(effect: str) -> tuple[str, object, str | None]:
    """(kind, what, "for each" text) of the first "Add ..." sentence (CR 106.1).

    A small reader for the plain templates only; anything else is ``unmodelled``.
    """
    if mp := re.fullmatch(r"(Double|Triple) the amount of each type of unspent mana you "
                          r"have\.", effect.strip()):
        # as much again of each type in the pool (CR 106.1, 106.4): Doubling Cube
        return "pool_copy", 1 if mp.group(1) == "Double" else 2, None
    m = re.search(r"\bAdd ([^.]*)\.", effect)
    if m is None or (re.search(r"\binstead\b", effect) and read_instead(effect) is None):
        return "unmodelled", None, None
    phrase, _, per = m.group(1).partition(" for each ")
    if per == "card you've drawn this turn":  # (Kydele; CR 121.1)
        per = "cards_drawn"
    elif per == "card revealed this way":  # (Metalworker; CR 701.20a)
        per = "revealed"
    elif per.startswith("card"):  # counts cards, not permanents
        return "unmodelled", None, None
    if re.fullmatch(r"[\w-]+ counter removed this way", per):  # X of the cost (CR 107.3)
        per = "X"
    if re.fullmatch(r"\S+ counter on .+", per):  # counters on the source (CR 122.1)
        per = "counters"
    if re.fullmatch(r"[\w ]*\bcard in your graveyard", per):  # cards in the graveyard
        per = "graveyard"
    group = r"(?:\{[WUBRGC]\})+"
    # Amounts (CR 107.3): "X mana of any one color, where X is ...", X of the cost,
    # "three mana in any combination of {R} and/or {G}", "two mana of different colors",
    # "{B}, then add an additional {B} for each ...", "... equal to X plus one".
    if mx := re.fullmatch(r"X mana (of any one color|in any combination of colors)"
                          r"(?:, where X is (.+))?", phrase):
        kind = "one_color" if mx.group(1) == "of any one color" else "any_color"
        where = mx.group(2)
        if where is None:
            return kind, 1, "X"
        if where == "your life total":
            return kind, 1, "life"
        if where == "the amount of life you gained this turn":  # (CR 119.3)
            return kind, 1, "life_gained"
        if re.fullmatch(r"[\w ,']+'s power", where):
            return kind, 1, "power"
        if re.fullmatch(r"the number of \S+ counters on .+", where):
            return kind, 1, "counters"
        if re.fullmatch(r"the greatest power among .+", where):  # (Selvala; CR 208.1)
            return kind, 1, "greatest_power"
        if re.fullmatch(r"the number of basic land types among .+", where):  # (domain)
            return kind, 1, "basic_land_types"
        if where.startswith("the number of ") and " among " not in where:
            return kind, 1, where.removeprefix("the number of ")
        return "unmodelled", None, None
    if mc := re.fullmatch(r"(\w+) mana in any combination of (\{[WUBRGC]\}) and/or "
                          r"(\{[WUBRGC]\})", phrase):
        return "choice", ((ManaType(mc.group(2)[1]),), (ManaType(mc.group(3)[1]),)), \
            "X" if mc.group(1) == "X" else "number"
    if mc := re.fullmatch(r"(\w+) mana of different colors", phrase):
        return "different_colors", NUMBER_WORDS[mc.group(1)], None
    if mc := re.fullmatch(rf"({group}), then add an additional ({group})", phrase):
        return "fixed", (ManaType(mc.group(1)[1]),), per
    if mc := re.fullmatch(rf"an amount of ({group}) equal to X plus one", phrase):
        return "fixed", (ManaType(mc.group(1)[1]),), "X"
    # "an amount of {G} equal to your devotion to green" / "... equal to Marwyn's power"
    if m6 := re.fullmatch(rf"an amount of ({group}) equal to (?:your devotion to (\w+)|"
                          r"[\w ,']+'s power)", phrase):
        return "fixed", tuple(ManaType(c) for c in re.findall(r"[WUBRGC]", m6.group(1))), \
            "devotion" if m6.group(2) else "power"
    if phrase == "an amount of mana of that color equal to your devotion to that color":
        return "one_color", 1, "devotion"  # Nykthos
    if m5 := re.fullmatch(rf"an amount of ({group}) equal to the sacrificed "
                          r"(?:creature|artifact)'s mana value", phrase):
        return "fixed", tuple(ManaType(c) for c in re.findall(r"[WUBRGC]", m5.group(1))), \
            "sacrificed mana value"
    if re.fullmatch(group, phrase):
        return "fixed", tuple(ManaType(c) for c in re.findall(r"[WUBRGC]", phrase)), per or None
    if (mn := re.fullmatch(r"(\w+) (\{[WUBRGC]\})", phrase)) and mn.group(1) in NUMBER_WORDS:
        # "six {G}" (Castle Garenbrig): that many of the one symbol (CR 106.1)
        return "fixed", (ManaType(mn.group(2)[1]),) * NUMBER_WORDS[mn.group(1)], per or None
    if phrase == "one mana of any type the sacrificed land could produce":
        return "could_produce", ("sacrificed", "type"), None  # (Squandered Resources)
    if re.fullmatch(rf"{group}(?:, {group})*,? or {group}", phrase):
        options = re.findall(group, phrase)
        return "choice", tuple(tuple(ManaType(c) for c in re.findall(r"[WUBRGC]", o))
                               for o in options), per or None
    m2 = re.fullmatch(r"(\w+) mana (?:of any (one )?color|in any combination of colors)",
                      phrase)
    if m2 and m2.group(1) in NUMBER_WORDS:
        kind = "one_color" if m2.group(2) else "any_color"
        return kind, NUMBER_WORDS[m2.group(1)], per or None
    if phrase == "one mana of the chosen color":
        return "chosen_color", 1, per or None
    if m7 := re.fullmatch(rf"({group}) or one mana of the chosen color", phrase):
        return "chosen_color", ("or", m7.group(1)), None  # (Thriving Bluff)
    # CR 903.4 (Command Tower); colors of permanents (Mox Amber); Meteor Crater and
    # Corrupted Grafstone ("Choose a color of ... Add one mana of that color.")
    if phrase == "one mana of any color in your commander's color identity":
        return "color_among", "commander_identity", None
    if phrase == "one mana of any color among legendary creatures and planeswalkers you " \
            "control":
        return "color_among", ("permanents", ObjectFilter(
            supertypes=frozenset({"Legendary"}), controller="you",
            any_types=frozenset({"Creature", "Planeswalker"}))), None
    if phrase == "one mana of that color":
        if effect.startswith("Choose a color of a permanent you control. "):
            return "color_among", ("permanents", ObjectFilter(controller="you")), None
        if effect.startswith("Choose a color of a card in your graveyard. "):
            return "color_among", "your_graveyard", None
    if m8 := re.fullmatch(r"one mana of any (type|color) that a (basic land|Gate) you "
                          r"control could produce", phrase):
        flt = ObjectFilter(supertypes=frozenset({"Basic"})) if m8.group(2) == "basic land" \
            else ObjectFilter(subtypes=frozenset({"Gate"}))
        return "could_produce", ("you", m8.group(1), flt), None
    if m3 := re.fullmatch(r"one mana of any (type|color) that a land (you control|an "
                          r"opponent controls) could produce", phrase):
        lands = "you" if m3.group(2) == "you control" else "opponent"
        return "could_produce", (lands, m3.group(1)), per or None
    if m4 := re.fullmatch(r"one mana of any (type|color) the sacrificed land could produce",
                          phrase):
        return "could_produce", ("sacrificed", m4.group(1)), per or None
    return "unmodelled", None, None


def read_instead(effect: str) -> tuple[tuple[tuple[str, object], ...], str, object] | None:
    """The conditions and production of "If ..., add ... instead" (Urza's Tower) or
    "If CARDNAME has a luck counter on it, instead add one mana of any color" (Gemstone
    Caverns): ((condition kind, what), ...), production kind, what. None otherwise."""
    m = re.search(r"If (.*?), (?:add ((?:\{[WUBRGC]\})+) instead|instead add one mana of "
                  r"any color|add (\w+) mana of any one color instead)\.", effect)
    if m is None:
        return None
    cond, added, one = m.group(1), m.group(2), m.group(3)
    prod: tuple[str, object] = ("fixed", tuple(ManaType(c) for c in re.findall(
        r"[WUBRGC]", added))) if added else ("one_color", NUMBER_WORDS[one]) if one \
        else ("any_color", 1)
    if c := re.fullmatch(r"you control a creature with power (\d+) or greater", cond):
        # (Ilysian Caryatid: layer 7, CR 613.4)
        return (("controls_at_least", (1, frozenset({"Creature"}), int(c.group(1)))),), \
            *prod
    if c := re.fullmatch(r"you control an Urza's ([\w-]+) and an Urza's ([\w-]+)", cond):
        return tuple(("controls_at_least", frozenset({"Urza’s", w})) for w in c.groups()), \
            *prod
    if (c := re.fullmatch(r"you control (\w+) or more (creature|land|artifact)s", cond)) \
            and c.group(1) in NUMBER_WORDS:  # (Leafkin Druid)
        types = frozenset({c.group(2).capitalize()})
        return (("controls_at_least", (NUMBER_WORDS[c.group(1)], types)),), *prod
    if cond == "you played a land this turn":  # (River of Tears; CR 305.2)
        return (("played_land_this_turn", None),), *prod
    if c := re.fullmatch(r"\S.* has an? (\w+) counter on it", cond):
        # (CR 122.1: one or more of those counters on the source)
        return (("at_least", (c.group(1), 1)),), *prod
    return None


@pytest.mark.cr("614.1a")
@pytest.mark.parametrize("name,number,ab",
                         [t for t in activated_abilities()
                          if t[2].mana is not None and t[2].mana.instead is not None],
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_instead_mana_matches_its_text(name: str, number: int, ab: ActivatedAbility) -> None:
    _, effect = _split(ab)
    assert ab.mana is not None and ab.mana.instead is not None
    read = read_instead(effect)
    assert read is not None, effect
    conds, kind, what = read
    inst = ab.mana.instead
    assert inst.kind.value == kind
    assert (inst.mana if kind == "fixed" else inst.amount) == what
    got = []
    for cond in ab.mana.instead_if:
        amount = cond.params.get("amount")
        if isinstance(amount, Params):
            assert amount.get("of") == "self"
            got.append((cond.kind, (amount.str("counters"), cond.params.int("count"))))
            continue
        flt = cond.params.get("filter")
        if isinstance(flt, ObjectFilter) and flt.types and flt.compare:
            assert flt == ObjectFilter(types=flt.types, controller="you", compare=(
                ("power", ">=", flt.compare[0][2]),))
            got.append((cond.kind, (cond.params.int("count"), flt.types,
                                    flt.compare[0][2])))
            continue
        if isinstance(flt, ObjectFilter) and flt.types:
            assert flt.controller == "you" and flt == ObjectFilter(types=flt.types,
                                                                   controller="you")
            got.append((cond.kind, (cond.params.int("count"), flt.types)))
            continue
        got.append((cond.kind, flt.subtypes if isinstance(flt, ObjectFilter)
                    else cond.params.get("counter")))
    assert tuple(got) == conds


@pytest.mark.cr("106.1")
@pytest.mark.parametrize("name,number,ab",
                         [t for t in activated_abilities() if t[2].mana is not None],
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_mana_production_matches_its_text(name: str, number: int,
                                          ab: ActivatedAbility) -> None:
    _, effect = _split(ab)
    prod = ab.mana
    assert prod is not None
    kind, what, per = read_production(effect)
    assert prod.kind.value == kind
    if kind == "fixed":
        assert prod.mana == what
    elif kind == "choice":
        assert prod.options == what
    elif kind == "chosen_color" and isinstance(what, tuple):
        assert prod.amount == 1 and prod.or_add == tuple(
            ManaType(c) for c in re.findall(r"[WUBRGC]", what[1]))
    elif kind in ("any_color", "one_color", "chosen_color", "different_colors",
                  "pool_copy"):
        assert prod.amount == what
        assert prod.or_add == ()
    elif kind == "could_produce":
        assert prod.could_produce is not None
        got = (prod.could_produce.lands, prod.could_produce.of)
        if isinstance(what, tuple) and len(what) == 3:
            got = (*got, prod.could_produce.filter)
        else:
            assert prod.could_produce.filter == ObjectFilter()
        assert got == what
    elif kind == "color_among":
        assert prod.colors_of is not None
        assert (prod.colors_of.what if prod.colors_of.what != "permanents"
                else ("permanents", prod.colors_of.filter)) == what
    # "equal to the sacrificed creature's mana value" (Soldevi Adnate)
    assert prod.per_sacrificed_mana_value == (per == "sacrificed mana value")
    # "an amount ... equal to your devotion" / "... power" (CR 700.5)
    amounts = ("devotion", "power", "X", "life", "counters", "graveyard", "number",
               "greatest_power", "basic_land_types", "life_gained", "cards_drawn",
               "revealed")
    assert prod.amount_of == (per if per in amounts else "")
    # "then add an additional {B}" / "X plus one": one more; "three mana in any
    # combination": three choices.
    plus = 1 if re.search(r"then add an additional|equal to X plus one", effect) else 0
    if per == "number":
        plus = NUMBER_WORDS[effect.split("Add ", 1)[1].split()[0]]
    assert prod.amount_plus == plus
    if per == "counters":
        counter = re.search(r"(\S+) counters? on ", effect)
        assert counter is not None and prod.amount_counter == counter.group(1)
    if per in ("sacrificed mana value", *amounts):
        per = None
    # "for each [noun] you control" / "on the battlefield"
    assert (prod.per is not None) == (per is not None)
    if prod.per is not None and per is not None:
        # "artifact you control named Powerstone Shard" (its own name)
        per, _, named = per.partition(" named ")
        words = per.split()
        # "basic Swamp": the supertype first (CR 205.4a; Cabal Stronghold)
        supers = frozenset({"Basic"}) if words[0] == "basic" else frozenset()
        noun = words[1] if supers else words[0]
        # "the number of Elves / Allies / enchantments": the counted noun's singular
        noun = {"Elves": "Elf", "Allies": "Ally"}.get(noun, noun)
        if noun.endswith("s") and noun.lower().removesuffix("s") in CARD_TYPE_WORDS:
            noun = noun[:-1]
        controller = "you" if "you control" in per else None
        # "creature with defender" (CR 702: a keyword the counted objects have)
        having = re.search(r"\bwith (\w+)", per)
        kws = frozenset({having.group(1).capitalize()}) if having else frozenset()
        if noun.lower() in CARD_TYPE_WORDS:
            expected = ObjectFilter(types=frozenset({noun.capitalize()}), controller=controller,
                                    supertypes=supers, keywords=kws, name=named or None)
        else:
            expected = ObjectFilter(subtypes=frozenset({noun}), controller=controller,
                                    supertypes=supers, keywords=kws)
        assert prod.per == expected
    # CR 106.6: a spending restriction is written "Spend this mana only ...", or
    # "This mana can't be spent to pay generic mana costs" (Jegantha: not_generic).
    no_generic = "This mana can't be spent to pay generic mana costs" in effect
    assert (prod.restriction is not None) == ("Spend this mana only" in effect or no_generic)
    if prod.restriction is not None:
        assert _norm(prod.restriction.text) in effect
        assert prod.restriction.not_generic == no_generic


@pytest.mark.cr("605.1b")
@pytest.mark.parametrize("name,ab", triggered_abilities(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_cr_605_1b_triggered_mana_ability_classification(name: str,
                                                         ab: TriggeredAbility) -> None:
    """Only an ability that triggers from a mana ability (tapping for mana), adds mana
    and has no target carries ``mana``; other mana-adding triggers (Lotus Cobra, Coalition
    Relic) aren't mana abilities and keep the mana in their effects."""
    text = _norm(ab.text)
    from_mana_ability = bool(re.search(r"\b(taps?|is tapped) .*\bfor mana\b", text))
    adds = bool(re.search(r"\badds?\b", text))
    assert (ab.mana is not None) == (from_mana_ability and adds)
    if ab.mana is not None:
        assert ab.event == "tapped_for_mana" and not ab.targets


# --------------------------------------------------------------------------------------
# Official rulings
# --------------------------------------------------------------------------------------


def _ability(card: str, number: int) -> ActivatedAbility:
    # The cards a command knows (built in, then the pool: the retired ones, issue 12).
    return default_cards()[card].activated_abilities[number - 1]


@pytest.mark.cr("605.1a")
def test_ruling_deathrite_shaman_first_ability_is_not_a_mana_ability() -> None:
    # "Because the first ability requires a target, it is not a mana ability."
    ab = _ability("Deathrite Shaman", 1)
    assert ab.mana is not None and ab.targets
    assert not ab.is_mana_ability


@pytest.mark.cr("605.1a")
@pytest.mark.parametrize("card,number", [("Doubling Cube", 1), ("Metalworker", 1),
                                         ("Nykthos, Shrine to Nyx", 2)])
def test_ruling_these_are_mana_abilities(card: str, number: int) -> None:
    # Doubling Cube: "Doubling Cube's ability is a mana ability." Metalworker: "This is
    # a mana ability." Nykthos: "The second ability is a mana ability."
    ab = _ability(card, number)
    assert ab.is_mana_ability and ab.mana is not None
    # Nykthos adds one color, as much as your devotion to it (CR 700.5); Metalworker
    # {C}{C} per artifact card revealed (CR 701.20a); Doubling Cube as much again of
    # each type of mana in the pool (CR 106.1, 106.4).
    if card == "Nykthos, Shrine to Nyx":
        assert (ab.mana.kind, ab.mana.amount_of) == (ManaProductionKind.ONE_COLOR,
                                                     "devotion")
    elif card == "Metalworker":
        assert (ab.mana.kind, ab.mana.amount_of) == (ManaProductionKind.FIXED, "revealed")
    elif card == "Doubling Cube":
        assert (ab.mana.kind, ab.mana.amount) == (ManaProductionKind.POOL_COPY, 1)
    else:
        assert ab.mana.kind is ManaProductionKind.UNMODELLED


@pytest.mark.cr("605.1a")
def test_ruling_candelabra_of_tawnos_is_not_a_mana_ability() -> None:
    # "This is not mana ability. It is a normal ability ..."; X target lands.
    ab = _ability("Candelabra of Tawnos", 1)
    assert not ab.is_mana_ability
    (target,) = ab.targets
    assert target.count == "X" and target.filter.types == frozenset({"Land"})
    assert target.filter.controller is None  # "You may untap your opponent's lands"


@pytest.mark.cr("602.5e")
def test_ruling_lions_eye_diamond_is_a_mana_ability_activated_only_as_an_instant() -> None:
    # "The ability is a mana ability ... but it can only be activated at times when you
    # can cast an instant."
    ab = _ability("Lion's Eye Diamond", 1)
    assert ab.is_mana_ability
    assert ab.timing == "as_instant"
    assert {c.kind for c in ab.costs} == {CostKind.DISCARD_HAND, CostKind.SACRIFICE_SELF}


@pytest.mark.cr("106.6")
def test_eldrazi_temple_restriction_is_colorless_eldrazi_spells_and_abilities() -> None:
    prod = _ability("Eldrazi Temple", 2).mana
    assert prod is not None and prod.restriction is not None
    for flt in (prod.restriction.spells, prod.restriction.abilities):
        assert flt is not None
        assert flt.colorless is True and flt.subtypes == frozenset({"Eldrazi"})
    plain = _ability("Eldrazi Temple", 1).mana
    assert plain is not None and plain.restriction is None


@pytest.mark.cr("106.6")
def test_cavern_of_souls_restriction_is_creature_spells_of_the_chosen_type() -> None:
    prod = _ability("Cavern of Souls", 2).mana
    assert prod is not None and prod.restriction is not None
    spells = prod.restriction.spells
    assert spells is not None and spells.types == frozenset({"Creature"})
    assert spells.chosen_creature_type
    assert prod.restriction.abilities is None  # not for abilities


@pytest.mark.cr("106.6")
@pytest.mark.cr("903.3")
def test_jeweled_lotus_mana_casts_only_your_commander() -> None:
    # "Spend this mana only to cast your commander": a spell, your commander (which
    # spells those are is the state's ``commander``), no ability
    prod = _ability("Jeweled Lotus", 1).mana
    assert prod is not None and prod.restriction is not None
    assert prod.restriction.commander
    assert prod.restriction.spells is not None and prod.restriction.spells.is_empty
    assert prod.restriction.abilities is None


@pytest.mark.cr("302.6")
@pytest.mark.parametrize("card,number", [("Springleaf Drum", 1), ("Grand Architect", 2)])
def test_tap_an_untapped_creature_is_a_cost_part_not_the_tap_symbol(card: str,
                                                                     number: int) -> None:
    ab = _ability(card, number)
    (part,) = ab.costs
    assert part.kind is CostKind.TAP_UNTAPPED and part.count == 1
    assert "Creature" in part.filter.types and part.filter.controller == "you"


@pytest.mark.cr("113.6")
@pytest.mark.parametrize("card,mana", [("Elvish Spirit Guide", ManaType.G),
                                       ("Simian Spirit Guide", ManaType.R)])
def test_spirit_guides_work_from_the_hand(card: str, mana: ManaType) -> None:
    ab = _ability(card, 1)
    assert ab.zone is Zone.HAND and ab.is_mana_ability
    assert [c.kind for c in ab.costs] == [CostKind.EXILE_SELF]
    assert ab.mana is not None and ab.mana.mana == (mana,)


@pytest.mark.cr("202.3")
def test_force_of_will_alternative_cost_keeps_mana_value_5() -> None:
    card = builtin_cards()["Force of Will"]
    assert card.mana_value() == 5
    (alt,) = card.alternative_costs
    assert alt.mana_cost.mana_value() == 0
    assert alt.extra.get("pay_life") == 1


# --------------------------------------------------------------------------------------
# Semantics: what one activation adds (solver.produce contract), by hand
# --------------------------------------------------------------------------------------

BOARD = """
turn: {active_player: Alice, phase: precombat_main}
players:
  Alice:
    battlefield:
      - Sol Ring
      - Graven Cairns
      - Black Lotus
      - Gaea's Cradle
      - Llanowar Elves
      - Birds of Paradise
      - Underground Sea
      - Bayou
      - Swamp
      - Cabal Coffers
      - {card: Coldsteel Heart, chosen: {color: R}}
      - Elvish Archdruid
      - Priest of Titania
      - Tolarian Academy
      - Serra's Sanctum
      - Eldrazi Temple
      - Mishra's Workshop
      - Azorius Signet
  Bob:
    battlefield: [Swamp, Llanowar Elves, Sol Ring]
"""

W, U, B, R, G, C = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G,
                    ManaType.C)
FIVE_COLORS = (W, U, B, R, G)


def _outcomes(obj: str, number: int) -> set[tuple[ManaType, ...]]:
    state = load_state_text(BOARD)
    return {tuple(sorted(e, key=lambda t: "WUBRGC".index(t.value)))
            for e in activation_outcomes(state, obj, number)}


@pytest.mark.cr("106.1")
@pytest.mark.parametrize("obj,number,expected", [
    ("Sol Ring", 1, {(C, C)}),
    ("Graven Cairns", 1, {(C,)}),
    ("Graven Cairns", 2, {(B, B), (B, R), (R, R)}),
    ("Black Lotus", 1, {(c, c, c) for c in FIVE_COLORS}),
    ("Birds of Paradise", 1, {(c,) for c in FIVE_COLORS}),
    ("Coldsteel Heart", 1, {(R,)}),
    ("Eldrazi Temple", 2, {(C, C)}),
    ("Mishra's Workshop", 1, {(C, C, C)}),
    ("Azorius Signet", 1, {(W, U)}),
])
def test_activation_outcomes_by_hand(obj: str, number: int,
                                     expected: set[tuple[ManaType, ...]]) -> None:
    assert _outcomes(obj, number) == expected


@pytest.mark.cr("305.6")
def test_underground_sea_has_intrinsic_u_and_b_abilities() -> None:
    assert _outcomes("Underground Sea", 1) == {(U,)}
    assert _outcomes("Underground Sea", 2) == {(B,)}


@pytest.mark.cr("106.1")
def test_for_each_counts_by_hand() -> None:
    # Alice controls creatures: Llanowar Elves, Birds, Elvish Archdruid, Priest of
    # Titania (4). Elves: Llanowar, Archdruid, Priest (3 hers) + Bob's Llanowar (1).
    # Swamps she controls: Underground Sea, Bayou, Swamp (CR 305.6 subtypes). Artifacts:
    # Sol Ring, Black Lotus, Coldsteel Heart, Azorius Signet. Enchantments: none.
    assert _outcomes("Gaea's Cradle", 1) == {(G,) * 4}
    assert _outcomes("Elvish Archdruid", 1) == {(G,) * 3}
    assert _outcomes("Priest of Titania", 1) == {(G,) * 4}
    assert _outcomes("Cabal Coffers", 1) == {(B,) * 3}
    assert _outcomes("Tolarian Academy", 1) == {(U,) * 4}
    assert _outcomes("Serra's Sanctum", 1) == set()


@pytest.mark.cr("106.1")
def test_gaeas_cradle_with_two_creatures_adds_gg() -> None:
    state = load_state_text(
        "turn: {active_player: A}\n"
        "players: {A: {battlefield: [Gaea's Cradle, Llanowar Elves, Birds of Paradise]}}"
    )
    assert activation_outcomes(state, "Gaea's Cradle", 1) == frozenset({(G, G)})


# --------------------------------------------------------------------------------------
# The card-format additions these cards use
# --------------------------------------------------------------------------------------


def _one(ability: dict[str, Any]) -> ActivatedAbility:
    card = parse_card({"name": "Test", "types": ["Artifact"],
                       "abilities": [{"activated": ability}]})
    (ab,) = card.activated_abilities
    return ab


def test_format_timing_as_instant_and_bad_timing() -> None:
    assert _one({"cost": "{T}", "mana": {"add": "{C}"}, "timing": "as_instant"}).timing \
        == "as_instant"
    with pytest.raises(CardDataError, match="timing"):
        _one({"cost": "{T}", "timing": "whenever"})


def test_format_unmodelled_mana_needs_true() -> None:
    ab = _one({"cost": "{T}", "mana": {"unmodelled": True}})
    assert ab.is_mana_ability and ab.mana is not None
    assert ab.mana.kind is ManaProductionKind.UNMODELLED
    with pytest.raises(CardDataError, match="unmodelled"):
        _one({"cost": "{T}", "mana": {"unmodelled": 2}})


def test_format_exile_and_discard_self_cost_parts() -> None:
    ab = _one({"cost": [{"exile": {"filter": {"types": ["creature"], "controller": "you"}}},
                        {"discard_self": True}]})
    assert [c.kind for c in ab.costs] == [CostKind.EXILE, CostKind.DISCARD_SELF]
    assert ab.costs[0].filter.types == frozenset({"Creature"})


def test_format_target_count() -> None:
    ab = _one({"cost": "{X}{T}", "targets": [{"zone": "battlefield", "count": "X"}]})
    assert ab.targets[0].count == "X"
    assert _one({"cost": "{T}", "targets": [{"zone": "player"}]}).targets[0].count == 1
    with pytest.raises(CardDataError, match="count"):
        _one({"cost": "{T}", "targets": [{"zone": "player", "count": [1]}]})


@pytest.mark.cr("106.5")
@pytest.mark.parametrize("card,number", [("Bloom Tender", 1), ("Chrome Mox", 1)])
def test_unmodelled_mana_is_refused_not_read_as_no_mana(card: str, number: int) -> None:
    # The card format can't say what these add; "nothing" would be a wrong answer.
    state = load_state_text(f"turn: {{active_player: A}}\n"
                            f"players: {{A: {{battlefield: [\"{card}\"]}}}}")
    with pytest.raises(ManacheckError):
        activation_outcomes(state, card, number)


CAVERN_BOARD = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    hand: [Llanowar Elves]
    battlefield: [{card: Cavern of Souls, chosen: {creature_type: Goblin}}]
"""


@pytest.mark.cr("106.6")
def test_cavern_of_souls_naming_goblin_cannot_pay_for_an_elf() -> None:
    # Cavern's {T}: Add {C} can't pay {G}; its any-color mana is only for Goblin spells.
    from manacheck.solver.payments import count_payments

    state = load_state_text(CAVERN_BOARD)
    assert count_payments(state, "A", "{G}", for_object="Llanowar Elves") == 0


@pytest.mark.cr("106.6")
def test_cavern_of_souls_naming_elf_pays_for_an_elf_and_only_generic_otherwise() -> None:
    # Hand count: naming Elf, the any-color ability can pay {G} for Llanowar Elves (1 way);
    # for a noncreature spell (Sol Ring, {1}) only the {C} ability can pay (1 way).
    from manacheck.solver.payments import count_payments

    board = CAVERN_BOARD.replace("Goblin", "Elf").replace("[Llanowar Elves]",
                                                          "[Llanowar Elves, Sol Ring]")
    state = load_state_text(board)
    assert count_payments(state, "A", "{G}", for_object="Llanowar Elves") == 1
    assert count_payments(state, "A", "{1}", for_object="Sol Ring") == 1
    # {1} for the Elf: {C}, or the restricted mana in any of the five colors (CR 106.6).
    assert count_payments(state, "A", "{1}", for_object="Llanowar Elves") == 6


@pytest.mark.cr("106.6")
def test_cavern_mana_in_the_pool_keeps_its_chosen_type() -> None:
    from manacheck.solver.payments import count_payments

    board = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    hand: [Llanowar Elves, Sol Ring]
    mana_pool: [{mana: "{G}", from: Cavern of Souls, chosen: {creature_type: Elf}}]
"""
    state = load_state_text(board)
    assert count_payments(state, "A", "{G}", for_object="Llanowar Elves") == 1
    assert count_payments(state, "A", "{1}", for_object="Sol Ring") == 0
    goblin = load_state_text(board.replace("Elf}", "Goblin}"))
    assert count_payments(goblin, "A", "{G}", for_object="Llanowar Elves") == 0


# --------------------------------------------------------------------------------------
# Transforming double-faced cards (CR 712) and Mana Web
# --------------------------------------------------------------------------------------


@pytest.mark.cr("712.8e")
def test_itlimoc_has_its_front_faces_mana_value_and_counts_creatures() -> None:
    from manacheck.model import object_characteristics
    from manacheck.solver.payments import count_payments

    state = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: ["Itlimoc, Cradle of the Sun", Llanowar Elves, Llanowar Elves]}
""")
    chars = object_characteristics(state, "Itlimoc, Cradle of the Sun")
    assert chars.mana_value == 3 and chars.colors == frozenset()  # no mana cost, no color
    assert _outcomes_of(state, "Itlimoc, Cradle of the Sun", 2) == {(ManaType.G,) * 2}
    # {G}{G}{G}{G}: Itlimoc's second ability (GG) and both Elves: the only way.
    assert count_payments(state, "A", "{G}{G}{G}{G}") == 1


def _outcomes_of(state: object, obj: str, n: int) -> set[tuple[ManaType, ...]]:
    return set(activation_outcomes(state, obj, n))  # type: ignore[arg-type]


@pytest.mark.cr("712.8a")
def test_a_back_face_off_the_battlefield_is_refused_with_the_front_faces_name() -> None:
    with pytest.raises(ManacheckError) as info:
        load_state_text("""
turn: {active_player: A}
players:
  A: {graveyard: ["Itlimoc, Cradle of the Sun"]}
""")
    line = info.value.one_line()  # type: ignore[attr-defined]
    assert "CR 712.8a" in line and "name the front face, 'Growing Rites of Itlimoc'" in line


def test_a_back_face_has_no_mana_cost_of_its_own() -> None:
    with pytest.raises(CardDataError, match="a back face has no mana cost"):
        parse_card({"name": "Odd Back", "types": ["Land"], "mana_cost": "{1}",
                    "transforms_from": {"name": "Odd Front", "mana_cost": "{2}"}})


@pytest.mark.cr("603.3")
def test_mana_web_changes_no_payment() -> None:
    # Its trigger goes on the stack after the payment (CR 603.3): what can be paid now
    # is the same with or without it.
    from manacheck.solver.payments import count_payments

    board = """
turn: {{active_player: A}}
players:
  A: {{battlefield: [Forest, Forest, Island]}}
  B: {{battlefield: [{web}Island]}}
"""
    with_web = load_state_text(board.format(web="Mana Web, "))
    without = load_state_text(board.format(web=""))
    for cost in ("{G}", "{1}{U}", "{2}{G}"):
        assert count_payments(with_web, "A", cost) == count_payments(without, "A", cost)
    ab = builtin_cards().get("Mana Web").abilities[0]
    assert isinstance(ab, TriggeredAbility) and ab.mana is None  # not a mana ability


@pytest.mark.cr("202.3")
def test_soldevi_adnate_adds_the_sacrificed_creatures_mana_value_in_black() -> None:
    # "{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the
    # sacrificed creature's mana value." Candidates here: itself ({1}{B}, black, mana
    # value 2) and Myr Superion (an artifact creature, {2}); not the green Elves.
    from manacheck.model import BadInput
    from manacheck.solver.activation import can_activate
    from manacheck.solver.payments import payments
    from manacheck.solver.produce import could_produce

    state = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Soldevi Adnate, Myr Superion, Llanowar Elves, Sol Ring]}
""")
    assert _outcomes_of(state, "Soldevi Adnate", 1) == {(ManaType.B,) * 2}
    assert set(activation_outcomes(state, "Soldevi Adnate", 1,  # type: ignore[arg-type]
                                   sacrificed="Myr Superion")) == {(ManaType.B,) * 2}
    with pytest.raises(BadInput, match="can't be sacrificed"):
        activation_outcomes(state, "Soldevi Adnate", 1,  # type: ignore[arg-type]
                            sacrificed="Llanowar Elves")
    assert could_produce(state, "Soldevi Adnate") == frozenset({ManaType.B})
    # Sacrifice itself or Myr Superion (the Elves are green, Sol Ring isn't a creature).
    v = can_activate(state, "Soldevi Adnate", find_fixes=False)
    assert v.legal and v.ways == 2
    # What it adds depends on the creature: the payment solver leaves it out, said so.
    p = payments(state, "A", "{B}")
    assert p.left_out == ("Soldevi Adnate (ability 1)",)
    from manacheck.solver import NotDecided

    with pytest.raises(NotDecided):  # not payable without it, which might pay it
        bool(p)


def test_every_built_in_card_round_trips_through_the_card_format() -> None:
    # Issue 15: `manacheck card NAME --json` prints an entry that loads back as
    # `cards:` / --cards to an equal definition: print -> load -> equal, for every card.
    import json

    from manacheck.model.carddata import parse_card
    from manacheck.model.carddump import dump_card

    db = builtin_cards()
    for name in db:
        card = db[name]
        entry = json.loads(json.dumps(dump_card(card)))  # what the CLI prints
        assert parse_card(entry, name) == card, name


def test_card_json_loads_back_as_cards(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from manacheck.cli import main

    assert main(["card", "Tamiyo, Compleated Sage", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)
    entry["name"] = "Tamiyo Copy"
    path = tmp_path / "c.json"
    path.write_text(json.dumps([entry]))
    assert main(["card", "Tamiyo Copy", "--cards", str(path)]) == 0
    assert "ability 3: [−7]" in capsys.readouterr().out


def test_no_reference_cards_match_atomic_cards() -> None:
    # The cards outside both reference files, against the 2022 pool (reference/cards).
    import lzma

    with lzma.open(REFERENCE / "cards" / "AtomicCards-2022-04.json.xz") as f:
        pool = json.load(f)["data"]
    db = builtin_cards()
    for name in NO_REFERENCE:
        card, (face,) = db[name], pool[name]
        assert card.text.replace("\n", " ") == face["text"].replace("\n", " ")
        assert (card.mana_cost.text if card.mana_cost else "") == face.get("manaCost", "")
        assert list(card.types) == face["types"]
