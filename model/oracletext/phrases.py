"""Words of the rendering (``rendering``): object filters, counts, counters and the
plurals of subtypes, written back as oracle text.

Rules
-----
CR 205.3 (subtypes), 109.1 (objects), 122 (counters).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..english import with_article
from .normal import SELF

__all__ = [
    "COLOR_NAMES",
    "NUMBER_NAMES",
    "PLURALS",
    "RENDERED_KEYS",
    "SINGULAR",
    "SYMBOL_RE",
    "X_IS",
    "card_phrase",
    "controller_words",
    "counted",
    "counter_words",
    "per_words",
    "render_filter",
    "subtype_plural",
    "suffixes",
    "symbol_groups",
    "x_is",
]

NUMBER_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
            8: "eight", 9: "nine", 10: "ten"}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SYMBOL_RE = re.compile(r"\{[^{}]+\}")


#: Plurals of subtypes that don't add an s, and the singular of each.
PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
           "Sorcery": "Sorceries", "Fox": "Foxes", "Ox": "Oxen", "Mouse": "Mice",
           "Octopus": "Octopuses", "Fish": "Fish", "Sheep": "Sheep", "Moonfolk": "Moonfolk",
           "Merfolk": "Merfolk", "Kithkin": "Kithkin", "Phyrexian": "Phyrexians",
           "Eldrazi": "Eldrazi", "Myr": "Myr"}
PLURALS["Ally"] = "Allies"  # (Harabaz Druid's "Allies you control")
SINGULAR = {v: k for k, v in PLURALS.items() if v != k}


def subtype_plural(word: str) -> str:
    if word == "sorcery":
        return "sorceries"
    if word == "Plains":  # CR 205.3i: the plural is the singular
        return word
    return PLURALS.get(word, word + "s")


#: The keys :func:`render_filter` writes; any other key is meaning it would drop, so a
#: filter with one can't be rendered (the round trip checks meaning, not just words).
RENDERED_KEYS = frozenset({
    "combat", "_and_attacking", "tapped", "token", "not_types", "not_colors",
    "not_supertypes", "supertypes", "colors", "any_of", "not_subtypes", "colorless",
    "multicolored", "types", "subtypes", "any_types", "any_subtypes", "controller",
    "_dont_control", "_suffix_first", "keywords", "not_keywords", "compare",
    "mana_value", "counter", "_that_has", "has_counters"})


def render_filter(flt: Mapping[str, Any], *, plural: bool = False, noun: str = "") -> str:
    """The words of an object filter ("untapped creature you control"), singular unless
    ``plural``; ``noun`` replaces "permanent" when the filter names no type.

    Raises
    ------
    ValueError
        For a filter with a key or a combination of nouns it doesn't write (its words
        would say less than the filter means).
    """
    if set(flt) - RENDERED_KEYS:
        raise ValueError(f"no words for {sorted(set(flt) - RENDERED_KEYS)}")
    if _is_list(flt):
        return _alternatives(flt, plural)
    adj: list[str] = []
    combat = flt.get("combat")
    if combat is not None:
        adj.append(str(combat).replace("_", " "))
        if flt.get("_and_attacking"):
            adj.append("attacking")
    if flt.get("tapped") is False:
        adj.append("untapped")
    elif flt.get("tapped") is True:
        adj.append("tapped")
    if flt.get("token") is False:
        adj.append("nontoken")
    for t in flt.get("not_types", []):
        adj.append("non" + t)
    for c in flt.get("not_colors", []):
        adj.append("non" + COLOR_NAMES[c])
    for s in flt.get("not_supertypes", []):
        adj.append("non" + str(s).lower())
    for s in flt.get("supertypes", []):
        adj.append(str(s).lower())
    colors = [COLOR_NAMES[c] for c in flt.get("colors", [])]
    if colors:
        adj.append(" or ".join(colors))
    alts = flt.get("any_of")
    if alts:
        # "black or artifact": a color or a type (the only alternatives written so)
        if not _color_or_type(alts):
            raise ValueError("alternatives other than a color or a type")
        adj.append(f"{COLOR_NAMES[alts[0]['colors'][0]]} or {str(alts[1]['types'][0]).lower()}")
    for s in flt.get("not_subtypes", []):
        adj.append("non-" + str(s))
    if flt.get("colorless"):
        adj.append("colorless")
    if flt.get("multicolored"):
        adj.append("multicolored")
    types = [str(t).lower() for t in flt.get("types", [])]
    subs = [str(s) for s in flt.get("subtypes", [])]
    many = [str(t).lower() for t in flt.get("any_types", [])] \
        or [str(s) for s in flt.get("any_subtypes", [])]
    if len(types) > 2 or (many and (types or subs)) or (
            flt.get("any_types") and flt.get("any_subtypes")) or (len(subs) > 1 and not types):
        raise ValueError("nouns these words don't write")
    if len(types) == 2 and not subs:
        head = types[0] + " " + (subtype_plural(types[1]) if plural else types[1])
    elif subs and types:
        words = [*subs, *types]
        head = " ".join([*words[:-1], subtype_plural(words[-1]) if plural else words[-1]])
    elif many:
        words = [subtype_plural(w) if plural else w for w in many]
        head = " or ".join(words) if len(words) == 2 else \
            ", ".join(words[:-1]) + ", or " + words[-1]
    elif types or subs:
        one = types or subs
        head = subtype_plural(one[0]) if plural else one[0]
    else:
        base = noun or "permanent"
        head = subtype_plural(base) if plural else base
    if flt.get("token") is True:
        head += " tokens" if plural else " token"
    out = " ".join([*adj, head])
    ctl = controller_words(flt)
    after = suffixes(flt)
    return out + (after + ctl if flt.get("_suffix_first") else ctl + after)


def _color_or_type(alts: Any) -> bool:
    """Whether alternatives are "black or artifact": one color, then one card type."""
    return len(alts) == 2 and set(alts[0]) == {"colors"} and len(alts[0]["colors"]) == 1 \
        and set(alts[1]) == {"types"} and len(alts[1]["types"]) == 1


def _is_list(flt: Mapping[str, Any]) -> bool:
    """Whether a filter is a list of alternatives and no more ("artifact, enchantment,
    or creature with flying"), with a controller every one shares."""
    alts = flt.get("any_of")
    return bool(alts) and set(flt) <= {"any_of", "controller", "_dont_control"} \
        and not _color_or_type(alts)


def _alternatives(flt: Mapping[str, Any], plural: bool) -> str:
    """"artifact, enchantment, or creature with flying you control": each alternative
    in its own words, in order, then the controller they share (CR 115.1: one of them)."""
    alts = list(flt["any_of"])
    if len(alts) < 2 or any(set(a) & {"controller", "_dont_control", "another", "any_of"}
                            or not a for a in alts):
        raise ValueError("alternatives with a controller, or fewer than two")
    words = [render_filter(a, plural=plural) for a in alts]
    head = " or ".join(words) if len(words) == 2 else \
        ", ".join(words[:-1]) + ", or " + words[-1]
    return head + controller_words(flt)


def controller_words(flt: Mapping[str, Any]) -> str:
    """" you control", " an opponent controls", " you don't control", or nothing."""
    if flt.get("_dont_control"):
        return " you don't control"
    return {"you": " you control", "opponent": " an opponent controls"}.get(
        str(flt.get("controller")), "")


def suffixes(flt: Mapping[str, Any]) -> str:
    """What follows a filter's noun: "with flying", "with power 3 or less", "with a
    +1/+1 counter on it"."""
    out = ""
    for k in flt.get("keywords", []):
        out += " with " + str(k).lower()
    nots = [str(k).lower() for k in flt.get("not_keywords", [])]
    if nots:
        # "without first strike, double strike, or vigilance": none of them
        out += " without " + (" or ".join(nots) if len(nots) <= 2 else
                              ", ".join(nots[:-1]) + ", or " + nots[-1])
    for what, op, n in flt.get("compare", []):
        out += (f" with {str(what).replace('_', ' ')} {n} or "
                f"{'less' if op == '<=' else 'greater'}")
    if flt.get("mana_value") is not None:
        out += f" with mana value {flt['mana_value']}"
    if flt.get("counter") is not None:
        out += (" that has " if flt.get("_that_has") else " with ") \
            + with_article(f"{flt['counter']} counter") + " on it"
    if flt.get("has_counters") is True:
        out += " with a counter on it"
    return out


def counted(n: int | str, flt: Mapping[str, Any], noun: str = "") -> str:
    another = bool(flt.get("another"))
    rest = {k: v for k, v in flt.items() if k != "another"}
    words = render_filter(rest, plural=n != 1, noun=noun)
    if another:
        if n != 1:
            raise ValueError("another with a count")
        return "another " + words
    if n == 1:
        return with_article(words)
    return f"{NUMBER_NAMES[n] if isinstance(n, int) else n} {words}"


def symbol_groups(text: str) -> list[str]:
    """"{1}{T}" as ["{1}", "{T}"]: mana symbols together, {T} and {Q} each alone."""
    out: list[str] = []
    run = ""
    for sym in SYMBOL_RE.findall(text):
        if sym in ("{T}", "{Q}"):
            if run:
                out.append(run)
                run = ""
            out.append(sym)
        else:
            run += sym
    if run:
        out.append(run)
    return out


def card_phrase(flt: Mapping[str, Any], n: int | str) -> str:
    words = render_filter(flt, noun="card")
    body = words if words.endswith("card") else words + " card"
    if n == 1:
        return with_article(body)
    num = NUMBER_NAMES[n] if isinstance(n, int) else str(n)
    return f"{num} {body}s"


def counter_words(n: int | str, counter: str) -> str:
    if n == 1:
        return with_article(f"{counter} counter")
    return f"{NUMBER_NAMES[n] if isinstance(n, int) else n} {counter} counters"


def per_words(per: Mapping[str, Any], plural: bool) -> str:
    """What a "for each" counts: "Elf on the battlefield" (no controller: everyone's),
    "artifact you control named CARDNAME"."""
    words = render_filter({k: v for k, v in per.items() if k != "name"}, plural=plural)
    if "controller" not in per:
        words += " on the battlefield"
    if "name" in per:
        words += " named " + str(per["name"])
    return words


#: The amounts "where X is ..." names by a word (CR 107.3).
X_IS = ("power", "life", "life_gained")


def x_is(mana: Mapping[str, Any]) -> str:
    """The "where X is ..." of "Add X mana of any one color, where X is ..."."""
    what = mana.get("amount_of")
    if "per" in mana:
        return "the number of " + per_words(mana["per"], plural=True)
    if isinstance(what, Mapping) and {"greatest_power", "basic_land_types"} & set(what):
        key = next(iter(what))  # (Selvala; Prismatic Geoscope)
        head = "the greatest power" if key == "greatest_power" else "the number of basic land types"
        return f"{head} among {render_filter(what[key], plural=True)}"
    if isinstance(what, Mapping):
        return f"the number of {what['counters']} counters on {SELF}"
    return {"power": f"{SELF}'s power", "life": "your life total",
            "life_gained": "the amount of life you gained this turn"}[str(what)]
