"""Statics that change what spells and activated abilities cost: "Noncreature spells cost
{1} more to cast.", "Red spells you cast cost {1} less to cast.", "Activated abilities of
artifacts cost {2} more to activate unless they're mana abilities."

Each line is read into the card format's ``cost_modifier`` static (applied by
``manacheck.solver.costs``), and then rendered back from that data: a line counts as
read only when its rendering is its own text (normalised, ``normal``), so every word is
accounted for. Anything else (a condition, "for each", "that target", "the first spell
each turn", "up to one", a limit on colored mana) leaves the line unread, and the lines
classified by their form (``lineforms``) say which questions it could change.

The subject of a spell line is a list of words before "spells": colors ("Red",
"Colorless", "Multicolored"), "non-" card types, supertypes ("Legendary"), card types
and subtypes. Alternatives are written "Instant and sorcery spells", "Artifact, instant,
and sorcery spells" or "Treefolk spells and Shaman spells": a spell that is any one of
them (CR 205.2, 205.3). An activated-ability line names the permanents whose abilities
it changes in the plural ("of creatures you control", "of white enchantments").

Rules
-----
CR 601.2f (a spell's total cost: its mana cost plus increases minus reductions), 602.2b
(an activation cost, the same way), 118.7 (reducing a cost), 605.1a (a mana ability is
an activated ability: "unless they're mana abilities" leaves them out), 109.2 ("creature"
means a creature permanent; "spell" means a spell on the stack or being cast).
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import ManacheckError
from ..mana import ManaCost
from .normal import normalise
from .phrases import subtype_plural
from .subtypes import SUBTYPES

__all__ = ["read_cost_change", "render_cost_change"]

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_WORDS = {v: k for k, v in _COLORS.items()}
#: Card types a spell can have (CR 300.1; a land is never cast, 305.9).
_SPELL_TYPES = ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker",
                "battle", "kindred", "tribal")
#: Card types a permanent can have, in the plural (CR 110.4).
_PERMANENTS = {"artifacts": "artifact", "creatures": "creature", "enchantments": "enchantment",
               "lands": "land", "planeswalkers": "planeswalker", "battles": "battle"}
_SUPERTYPES = ("legendary", "snow")
_PLURAL_SUBTYPES = {subtype_plural(s): s for s in SUBTYPES}

_SPELLS = re.compile(r"(?P<subject>.*?)spells(?P<with> with [a-z ]+?)?(?P<caster> you cast| "
                     r"your opponents cast)? cost (?P<up>up to )?(?P<mana>(?:\{[^}]+\})+) "
                     r"(?P<way>more|less) to cast\.")
_ABILITIES = re.compile(r"Activated abilities(?: of (?P<of>[A-Za-z ,]+?))? cost (?P<up>up to )?"
                        r"(?P<mana>(?:\{[^}]+\})+) (?P<way>more|less) to activate"
                        r"(?P<unless> unless they're mana abilities)?\.")
#: Zirda's "Abilities you activate that aren't mana abilities" and Power Artifact's
#: "Enchanted artifact's activated abilities".
_YOURS = re.compile(r"Abilities you activate that aren't mana abilities cost (?P<up>up to )?"
                    r"(?P<mana>(?:\{[^}]+\})+) (?P<way>more|less) to activate\.")
_ENCHANTED = re.compile(r"Enchanted (?P<type>artifact|creature|land|permanent)'s activated "
                        r"abilities cost (?P<up>up to )?(?P<mana>(?:\{[^}]+\})+) "
                        r"(?P<way>more|less) to activate\.")
_AT_LEAST_ONE = " This effect can't reduce the mana in that cost to less than one mana."
_KEYWORDS = ("flying", "flash", "trample", "convoke", "haste", "deathtouch", "lifelink",
             "vigilance", "reach", "menace", "defender")


def _spell_word(word: str, flt: dict[str, Any]) -> str | None:
    """The filter key one adjective or noun before "spells" sets, or None."""
    low = word.lower()
    if low in _COLORS:
        flt.setdefault("colors", []).append(_COLORS[low])
        return "colors"
    if low in ("colorless", "multicolored"):
        flt[low] = True
        return low
    if low.startswith("non") and low[3:] in _SPELL_TYPES:
        flt.setdefault("not_types", []).append(low[3:])
        return "not_types"
    if low in _SUPERTYPES:
        flt.setdefault("supertypes", []).append(low)
        return "supertypes"
    if low in _SPELL_TYPES:
        flt.setdefault("types", []).append("kindred" if low == "tribal" else low)
        return "types"
    if word in SUBTYPES:
        flt.setdefault("subtypes", []).append(word)
        return "subtypes"
    return None


def _alternatives(subject: str) -> list[str] | None:
    """"Instant and sorcery" / "Artifact, instant, and sorcery" / "Treefolk spells and
    Shaman" as its alternatives, or the one subject; None for a list of another shape."""
    if ", and " in subject:
        head, last = subject.rsplit(", and ", 1)
        items = [*head.split(", "), last]
    elif " spells and " in subject:
        items = subject.split(" spells and ")
    elif " and " in subject:
        items = subject.split(" and ")
    else:
        return [subject]
    if any(" " in i or not i for i in items):
        return None  # "Black creature and …": alternatives of one word each only
    return items


def _subject_filter(subject: str) -> dict[str, Any] | None:
    """The filter of the words before "spells" (module docstring), or None."""
    subject = subject.strip()
    if not subject:
        return {}
    items = _alternatives(subject)
    if items is None:
        return None
    if len(items) > 1:
        found: dict[str, Any] = {}
        keys = {_spell_word(i, found) for i in items}
        if keys == {"types"}:
            return {"any_types": found["types"]}
        if keys == {"subtypes"}:
            return {"any_subtypes": found["subtypes"]}
        if keys == {"colors"} and " spells and " in subject and len(items) == 2:
            return {"colors": found["colors"]}  # "Blue spells and red spells": either
        return None
    flt: dict[str, Any] = {}
    seen: list[str] = []
    for word in subject.split():
        key = _spell_word(word, flt)
        if key is None or (key in seen and key != "colors"):
            return None
        seen.append(key)
    if len(flt.get("colors", ())) > 1:
        return None  # "Red green spells" isn't a phrase
    return flt


def _mana_ok(text: str) -> bool:
    """Whether a changed amount is mana manacheck reads ({X} needs a "where X is")."""
    try:
        cost = ManaCost.parse(text)
    except ManacheckError:
        return False
    return "X" not in cost.text


def _permanent_filter(words: str) -> dict[str, Any] | None:
    """The filter of "creatures you control", "white enchantments", "artifacts": the
    permanents whose activated abilities change, or None."""
    flt: dict[str, Any] = {}
    text = words
    for suffix, who in ((" you control", "you"), (" your opponents control", "opponent")):
        if text.endswith(suffix):
            flt["controller"] = who
            text = text[: -len(suffix)]
    parts = text.split()
    if not parts:
        return None
    noun = parts[-1]
    if noun in _PERMANENTS:
        flt["types"] = [_PERMANENTS[noun]]
    elif noun in _PLURAL_SUBTYPES:
        flt["subtypes"] = [_PLURAL_SUBTYPES[noun]]
    else:
        return None
    for word in parts[:-1]:
        low = word.lower()
        if low in _COLORS and "colors" not in flt:
            flt["colors"] = [_COLORS[low]]
        elif low.startswith("non") and low[3:] in _PERMANENTS.values():
            flt.setdefault("not_types", []).append(low[3:])
        elif low in _SUPERTYPES:
            flt.setdefault("supertypes", []).append(low)
        elif low in _PERMANENTS.values() and "types" in flt:
            flt["types"] = [low, *flt["types"]]
        else:
            return None
    return flt


def read_cost_change(line: str, name: str = "") -> dict[str, Any] | None:
    """The ``cost_modifier`` static of ``line``, or None unless it is read whole.

    Examples
    --------
    >>> read_cost_change("Noncreature spells cost {1} more to cast.")["static"]["affected"]
    {'not_types': ['creature']}
    >>> read_cost_change("Spells your opponents cast that target X cost {2} more to cast.")
    """
    text = normalise(line, name).text
    if normalise(line, name).reminders:
        return None
    static = _spell_change(text) or _ability_change(text)
    if static is None or not all(_mana_ok(str(v)) for k, v in static["params"].items()
                                 if k in ("increase", "reduce", "reduce_up_to")):
        return None
    try:
        if render_cost_change(static) != text:
            return None
    except ValueError:
        return None
    return {"static": {**static, "text": line.strip()}}


def _spell_change(text: str) -> dict[str, Any] | None:
    m = _SPELLS.fullmatch("spells" + text[6:] if text.startswith("Spells ") else text)
    if m is None or (m.group("up") and m.group("way") == "more"):
        return None
    flt = _subject_filter(m.group("subject"))
    if flt is None:
        return None
    if m.group("with"):
        kw = m.group("with")[len(" with "):]
        if kw not in _KEYWORDS:
            return None
        flt["keywords"] = [kw]
    params: dict[str, Any] = {"applies_to": "spells"}
    caster = (m.group("caster") or "").strip()
    if caster:
        params["controller"] = "you" if caster == "you cast" else "opponents"
    params[_amount_key(m)] = m.group("mana")
    out: dict[str, Any] = {"kind": "cost_modifier", "params": params}
    if flt:
        out["affected"] = flt
    return out


def _amount_key(m: re.Match[str]) -> str:
    if m.group("way") == "more":
        return "increase"
    return "reduce_up_to" if m.group("up") else "reduce"


def _ability_change(text: str) -> dict[str, Any] | None:
    least = text.endswith(_AT_LEAST_ONE)
    head = text[: -len(_AT_LEAST_ONE)] if least else text
    m = _ABILITIES.fullmatch(head) or _YOURS.fullmatch(head) or _ENCHANTED.fullmatch(head)
    if m is None or (least and m.group("way") != "less") or (
            m.group("up") and m.group("way") == "more"):
        return None
    out: dict[str, Any] = {"kind": "cost_modifier"}
    params: dict[str, Any] = {"applies_to": "activated_abilities", _amount_key(m): m.group("mana")}
    if m.re is _YOURS:
        params.update(controller="you", not_mana_abilities=True)
    elif m.re is _ENCHANTED:
        kind = m.group("type")
        out["affected"] = {"enchanted": True, **({} if kind == "permanent" else
                                                 {"types": [kind]})}
    elif m.group("of"):
        flt = _permanent_filter(m.group("of"))
        if flt is None:
            return None
        out["affected"] = flt
    if m.re is _ABILITIES and m.group("unless"):
        params["not_mana_abilities"] = True
    if least:
        params["minimum_mana"] = 1
    out["params"] = params
    return out


def render_cost_change(static: dict[str, Any]) -> str:
    """The words of a ``cost_modifier`` static read by :func:`read_cost_change`.

    Raises
    ------
    ValueError
        For data these words don't write.
    """
    params = static["params"]
    key = next(k for k in ("increase", "reduce", "reduce_up_to") if k in params)
    amount = ("up to " if key.endswith("_up_to") else "") + str(params[key]) + \
        (" more" if key.startswith("increase") else " less")
    flt = static.get("affected", {})
    if params["applies_to"] == "spells":
        subject = _render_subject(flt)
        caster = {"you": " you cast", "opponents": " your opponents cast"}.get(
            params.get("controller", ""), "")
        kws = flt.get("keywords", [])
        with_kw = f" with {kws[0]}" if kws else ""
        text = f"{subject}spells{with_kw}{caster} cost {amount} to cast."
        return text[:1].upper() + text[1:]
    least = _AT_LEAST_ONE if params.get("minimum_mana") == 1 else ""
    if flt.get("enchanted"):
        kind = (flt.get("types") or ["permanent"])[0]
        return f"Enchanted {kind}'s activated abilities cost {amount} to activate.{least}"
    if params.get("controller") == "you":
        if not params.get("not_mana_abilities") or flt:
            raise ValueError("no words for these abilities")
        return ("Abilities you activate that aren't mana abilities cost "
                f"{amount} to activate.{least}")
    of = f" of {_render_permanents(flt)}" if flt else ""
    unless = " unless they're mana abilities" if params.get("not_mana_abilities") else ""
    return f"Activated abilities{of} cost {amount} to activate{unless}.{least}"


def _render_subject(flt: dict[str, Any]) -> str:
    if "any_types" in flt or "any_subtypes" in flt:
        items = [str(i) for i in flt.get("any_types") or flt["any_subtypes"]]
        if "any_subtypes" in flt:
            return " spells and ".join(items) + " "
        if len(items) == 2:
            return f"{items[0]} and {items[1]} "
        return ", ".join(items[:-1]) + ", and " + items[-1] + " "
    colors = [_COLOR_WORDS[c] for c in flt.get("colors", [])]
    if len(colors) == 2:
        return f"{colors[0]} spells and {colors[1]} "
    words = colors + [w for w in ("colorless", "multicolored") if flt.get(w)]
    words += ["non" + t for t in flt.get("not_types", [])]
    words += list(flt.get("supertypes", []))
    words += list(flt.get("types", [])) + list(flt.get("subtypes", []))
    return "".join(w + " " for w in words)


def _render_permanents(flt: dict[str, Any]) -> str:
    words = [_COLOR_WORDS[c] for c in flt.get("colors", [])]
    words += ["non" + t for t in flt.get("not_types", [])]
    words += list(flt.get("supertypes", []))
    types = list(flt.get("types", []))
    subs = list(flt.get("subtypes", []))
    if subs:
        words += [*types, subtype_plural(subs[0])]
    elif types:
        words += [*types[:-1], types[-1] + "s"]
    else:
        raise ValueError("no noun")
    ctl = {"you": " you control", "opponent": " your opponents control"}.get(
        flt.get("controller", ""), "")
    return " ".join(words) + ctl
