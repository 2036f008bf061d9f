"""The predefined tokens (CR 111.10): Treasure, Food, Gold, Clue, Blood, Powerstone and
the others, as card definitions a state file names on the battlefield.

A predefined token is named by the rules: 111.4 gives a token whose effect names none
its subtype plus the word "Token" ("Treasure Token"), and 111.10d and 111.10j-r name the
Walker and the Roles ("Cursed"). A state file may also write it by its subtype alone
(``Treasure``, ``Cursed Role``); it is then a token (CR 111.1, 111.6), and only on the
battlefield (111.7: elsewhere a token ceases to exist).

Their card data (``data/tokens.json``) is the rules' text read by the oracle-text
reader, "this token" read as the permanent itself (CR 201.5), with the one line the
reader can't read written by hand: Powerstone's "This mana can't be spent to cast a
nonartifact spell." (CR 106.6: the mana may pay for artifact spells and for any
ability). ``python -m manacheck.model.tokens`` writes the file; a test keeps it equal
to what the rules' text gives.

Rules
-----
CR 111.1-111.4, 111.6, 111.7, 111.10a-u: the predefined tokens. CR 712: Incubator is a
double-faced token; its back face is a Phyrexian artifact creature named Phyrexian Token.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from .cards import CardDefinition

__all__ = ["PREDEFINED", "TOKENS_FILE", "predefined_token", "token_entries",
           "token_names"]

TOKENS_FILE = "tokens.json"

#: (rule, name, card types, subtypes, text) of each predefined token, as 111.10 defines
#: it; every one is colorless but the Walker (black), none has a mana cost.
PREDEFINED: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("111.10a", "Treasure Token", ("Artifact",), ("Treasure",),
     "{T}, Sacrifice this token: Add one mana of any color."),
    ("111.10b", "Food Token", ("Artifact",), ("Food",),
     "{2}, {T}, Sacrifice this token: You gain 3 life."),
    ("111.10c", "Gold Token", ("Artifact",), ("Gold",),
     "Sacrifice this token: Add one mana of any color."),
    ("111.10d", "Walker", ("Creature",), ("Zombie",), ""),
    ("111.10e", "Shard Token", ("Enchantment",), ("Shard",),
     "{2}, Sacrifice this token: Scry 1, then draw a card."),
    ("111.10f", "Clue Token", ("Artifact",), ("Clue",),
     "{2}, Sacrifice this token: Draw a card."),
    ("111.10g", "Blood Token", ("Artifact",), ("Blood",),
     "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    ("111.10h", "Powerstone Token", ("Artifact",), ("Powerstone",),
     "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    ("111.10i", "Incubator Token", ("Artifact",), ("Incubator",),
     "{2}: Transform this token."),
    ("111.10i", "Phyrexian Token", ("Artifact", "Creature"), ("Phyrexian",), ""),
    ("111.10j", "Cursed", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature has base power and toughness 1/1."),
    ("111.10k", "Monster", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature gets +1/+1 and has trample."),
    ("111.10m", "Royal", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature gets +1/+1 and has ward {1}."),
    ("111.10n", "Sorcerer", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature gets +1/+1 and has \"Whenever this creature "
     "attacks, scry 1.\""),
    ("111.10p", "Virtuous", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature gets +1/+1 for each enchantment you control."),
    ("111.10q", "Wicked", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature gets +1/+1.\nWhen this token is put into a "
     "graveyard from the battlefield, each opponent loses 1 life."),
    ("111.10r", "Young Hero", ("Enchantment",), ("Aura", "Role"),
     "Enchant creature\nEnchanted creature has \"Whenever this creature attacks, if its "
     "toughness is 3 or less, put a +1/+1 counter on it.\""),
    ("111.10s", "Map Token", ("Artifact",), ("Map",),
     "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate "
     "only as a sorcery."),
    ("111.10t", "Junk Token", ("Artifact",), ("Junk",),
     "{T}, Sacrifice this token: Exile the top card of your library. You may play that "
     "card this turn. Activate only as a sorcery."),
    ("111.10u", "Lander Token", ("Artifact",), ("Lander",),
     "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
     "onto the battlefield tapped, then shuffle."),
)

#: CR 106.6, 111.10h: Powerstone's restriction, which the reader doesn't read: only
#: artifact spells among spells, and any ability (a card's too).
_POWERSTONE_MANA = {
    "add": "{C}",
    "restriction": {"text": "This mana can't be spent to cast a nonartifact spell.",
                    "spells": {"types": ["artifact"]}, "abilities": {},
                    "abilities_of_cards": True},
}


def _self_word(types: tuple[str, ...]) -> str:
    """How the reader names a permanent itself: "this artifact", "this creature" ...
    (CR 201.5: "this token" is the object the text is on)."""
    return "this " + ("creature" if "Creature" in types else types[0].lower())


def _restore(v: Any, word: str) -> Any:
    """Card data with the reader's self word put back as the rules write it."""
    if isinstance(v, str):
        return v.replace(word, "this token").replace(word.capitalize(), "This token")
    if isinstance(v, list):
        return [_restore(x, word) for x in v]
    if isinstance(v, dict):
        return {k: _restore(x, word) for k, x in v.items()}
    return v


def _entry(rule: str, name: str, types: tuple[str, ...], subtypes: tuple[str, ...],
           text: str) -> dict[str, Any]:
    """The card data of one predefined token, its text read by the reader."""
    from .oracle import read_text

    entry: dict[str, Any] = {"name": name, "types": list(types), "subtypes": list(subtypes)}
    if name == "Walker":
        entry |= {"color_indicator": ["B"], "power": 2, "toughness": 2}
    if name == "Phyrexian Token":
        entry |= {"power": 0, "toughness": 0,
                  # (a token has no mana cost: mana value 0, CR 202.3a, 712.8e)
                  "transforms_from": {"name": "Incubator Token", "mana_cost": "{0}"}}
    word = _self_word(types)
    abilities, keywords, _unread = read_text(name, text.replace("this token", word),
                                             list(subtypes), "")
    abilities = _restore(abilities, word)
    if name == "Powerstone Token":
        abilities = [{"activated": {"cost": "{T}", "mana": _POWERSTONE_MANA,
                                    "text": text}}]
    entry["abilities"] = abilities
    if keywords:
        entry["keywords"] = keywords
    entry["text"] = text
    entry["rule"] = rule
    return entry


def generated_entries() -> list[dict[str, Any]]:
    """Every predefined token's card data, from the rules' text (slow: the reader)."""
    return [_entry(*t) for t in PREDEFINED]


def generated_text() -> str:
    return json.dumps(generated_entries(), indent=1, ensure_ascii=False) + "\n"


@functools.cache
def token_entries() -> Mapping[str, CardDefinition]:
    """Each predefined token's definition by its name (from ``data/tokens.json``)."""
    from .carddata import parse_card

    raw = json.loads(resources.files("manacheck.model").joinpath(
        "data", TOKENS_FILE).read_text(encoding="utf-8"))
    out: dict[str, CardDefinition] = {}
    for e in raw:
        e = {k: v for k, v in e.items() if k != "rule"}
        out[e["name"]] = parse_card(e, f"tokens[{e['name']}]")
    return out


@functools.cache
def _aliases() -> Mapping[str, str]:
    """Lower-case names a state file may use -> the token's name: its name, and its
    subtype(s) alone ("Treasure", "Cursed Role")."""
    out: dict[str, str] = {}
    for _rule, name, _types, subtypes, _text in PREDEFINED:
        out[name.lower()] = name
        if name.endswith(" Token") and name != "Phyrexian Token":
            out[name.removesuffix(" Token").lower()] = name
        if "Role" in subtypes:
            out[f"{name} Role".lower()] = name
    return out


def token_names() -> tuple[str, ...]:
    """Every name a predefined token may be written by, as the rules spell it."""
    names: list[str] = []
    for _rule, name, _types, subtypes, _text in PREDEFINED:
        names.append(name)
        if name.endswith(" Token") and name != "Phyrexian Token":
            names.append(name.removesuffix(" Token"))
        if "Role" in subtypes:
            names.append(f"{name} Role")
    return tuple(names)


def predefined_token(name: object) -> CardDefinition | None:
    """The predefined token a state file names (CR 111.10), or None.

    Examples
    --------
    >>> predefined_token("Treasure").name
    'Treasure Token'
    >>> predefined_token("Treasure Cruise") is None
    True
    """
    if not isinstance(name, str):
        return None
    canonical = _aliases().get(name.strip().lower())
    return token_entries()[canonical] if canonical is not None else None


def main() -> None:
    from pathlib import Path

    target = Path(__file__).resolve().parent / "data" / TOKENS_FILE
    target.write_text(generated_text(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
