"""The card format back to oracle-style text: the check that the reader is right.

:func:`render_activated` writes an activated ability's card-format data (the
dictionaries of the YAML card files) as oracle text, in the normalised form of
``normal`` (the object itself is ``CARDNAME``). It is written from the card format
alone, never from the parse tree or the line: a line the reader read counts as read
only when this rendering gives back the line's own normalised text, so a reading that
lost or changed anything shows up as a difference.

Effects of kind ``other`` (sentences the reader kept unread) are written as they are;
everything else is written from its parameters.

Rules
-----
CR 602.1a: "[Cost]: [Effect.] [Activation instructions (if any).]". CR 118: costs.
CR 106.1, 106.6: mana and spend restrictions. CR 602.5: activation restrictions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..english import with_article
from .normal import SELF

__all__ = ["render_activated", "render_cost", "render_filter", "render_mana",
           "render_target"]

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
            8: "eight", 9: "nine", 10: "ten"}
_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{[^{}]+\}")


#: Plurals of subtypes that don't add an s, and the singular of each.
PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
           "Sorcery": "Sorceries", "Fox": "Foxes", "Ox": "Oxen", "Mouse": "Mice",
           "Octopus": "Octopuses", "Fish": "Fish", "Sheep": "Sheep", "Moonfolk": "Moonfolk",
           "Merfolk": "Merfolk", "Kithkin": "Kithkin", "Phyrexian": "Phyrexians"}
PLURALS["Ally"] = "Allies"  # (Harabaz Druid's "Allies you control")
SINGULAR = {v: k for k, v in PLURALS.items() if v != k}


def _plural(word: str) -> str:
    if word == "sorcery":
        return "sorceries"
    if word == "Plains":  # CR 205.3i: the plural is the singular
        return word
    return PLURALS.get(word, word + "s")


def render_filter(flt: Mapping[str, Any], *, plural: bool = False, noun: str = "") -> str:
    """The words of an object filter ("untapped creature you control"), singular unless
    ``plural``; ``noun`` replaces "permanent" when the filter names no type."""
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
        adj.append("non" + _COLORS[c])
    for s in flt.get("not_supertypes", []):
        adj.append("non" + str(s).lower())
    for s in flt.get("supertypes", []):
        adj.append(str(s).lower())
    colors = [_COLORS[c] for c in flt.get("colors", [])]
    if colors:
        adj.append(" or ".join(colors))
    for s in flt.get("not_subtypes", []):
        adj.append("non-" + str(s))
    if flt.get("colorless"):
        adj.append("colorless")
    if flt.get("multicolored"):
        adj.append("multicolored")
    types = [str(t).lower() for t in flt.get("types", [])]
    subs = [str(s) for s in flt.get("subtypes", [])]
    if len(types) == 2 and not subs:
        head = types[0] + " " + (_plural(types[1]) if plural else types[1])
    elif subs and types:
        words = [*subs, *types]
        head = " ".join([*words[:-1], _plural(words[-1]) if plural else words[-1]])
    else:
        many = [str(t).lower() for t in flt.get("any_types", [])] \
            or [str(s) for s in flt.get("any_subtypes", [])]
        one = types or subs
        if many:
            words = [_plural(w) if plural else w for w in many]
            head = " or ".join(words) if len(words) == 2 else \
                ", ".join(words[:-1]) + ", or " + words[-1]
        elif one:
            head = _plural(one[0]) if plural else one[0]
        else:
            base = noun or "permanent"
            head = _plural(base) if plural else base
    if flt.get("token") is True:
        head += " tokens" if plural else " token"
    out = " ".join([*adj, head])
    ctl = _controller_words(flt)
    after = _suffixes(flt)
    return out + (after + ctl if flt.get("_suffix_first") else ctl + after)


def _controller_words(flt: Mapping[str, Any]) -> str:
    """" you control", " an opponent controls", " you don't control", or nothing."""
    if flt.get("_dont_control"):
        return " you don't control"
    return {"you": " you control", "opponent": " an opponent controls"}.get(
        str(flt.get("controller")), "")


def _suffixes(flt: Mapping[str, Any]) -> str:
    """What follows a filter's noun: "with flying", "with power 3 or less", "with a
    +1/+1 counter on it"."""
    out = ""
    for k in flt.get("keywords", []):
        out += " with " + str(k).lower()
    for k in flt.get("not_keywords", []):
        out += " without " + str(k).lower()
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


def _counted(n: int | str, flt: Mapping[str, Any], noun: str = "") -> str:
    another = bool(flt.get("another"))
    rest = {k: v for k, v in flt.items() if k != "another"}
    words = render_filter(rest, plural=n != 1, noun=noun)
    if another:
        if n != 1:
            raise ValueError("another with a count")
        return "another " + words
    if n == 1:
        return with_article(words)
    return f"{_NUMBERS[n] if isinstance(n, int) else n} {words}"


def _symbol_groups(text: str) -> list[str]:
    """"{1}{T}" as ["{1}", "{T}"]: mana symbols together, {T} and {Q} each alone."""
    out: list[str] = []
    run = ""
    for sym in _SYMBOL.findall(text):
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


def _card_phrase(flt: Mapping[str, Any], n: int | str) -> str:
    words = render_filter(flt, noun="card")
    body = words if words.endswith("card") else words + " card"
    if n == 1:
        return with_article(body)
    num = _NUMBERS[n] if isinstance(n, int) else str(n)
    return f"{num} {body}s"


def _counter_words(n: int | str, counter: str) -> str:
    if n == 1:
        return with_article(f"{counter} counter")
    return f"{_NUMBERS[n] if isinstance(n, int) else n} {counter} counters"


def render_cost(cost: str | Sequence[Any], any_number: bool = False) -> str:
    """An activation cost as oracle text ("{1}, {T}, Sacrifice CARDNAME"); with
    ``any_number``, X counters removed are "any number of" them (the mana says X)."""
    parts = [cost] if isinstance(cost, str) else list(cost)
    out: list[str] = []
    for p in parts:
        if isinstance(p, str):
            out.extend(_symbol_groups(p))
            continue
        (key, arg), = p.items()
        if key == "sacrifice" and arg == "self":
            out.append(f"Sacrifice {SELF}")
        elif key == "sacrifice":
            # "you control" goes without saying (CR 701.21a).
            flt = dict(arg.get("filter", {}))
            if flt.pop("controller", None) != "you":
                raise ValueError("a sacrifice of another player's permanent")
            out.append("Sacrifice " + _counted(arg.get("count", 1), flt))
        elif key == "pay_life":
            out.append(f"Pay {arg} life")
        elif key == "pay_energy":
            out.append("Pay " + "{E}" * int(arg))
        elif key == "discard_self":
            out.append(f"Discard {SELF}")
        elif key == "discard_hand":
            out.append("Discard your hand")
        elif key == "discard_random":
            out.append("Discard " + _card_phrase({}, arg.get("count", 1)) + " at random")
        elif key == "discard":
            out.append("Discard " + _card_phrase(arg.get("filter", {}), arg.get("count", 1)))
        elif key == "exile_self":
            out.append(f"Exile {SELF}{{from_zone}}")
        elif key == "reveal_self":
            out.append(f"Reveal {SELF} from your hand")
        elif key == "return_self":
            out.append(f"Return {SELF} to its owner's hand")
        elif key == "return":
            out.append("Return " + _counted(arg.get("count", 1), arg.get("filter", {}))
                       + " to its owner's hand")
        elif key == "exile_from_graveyard":
            flt = dict(arg.get("filter", {}))
            if flt.pop("controller", None) != "you":
                raise ValueError("exile from another graveyard")
            out.append("Exile " + _card_phrase(flt, arg.get("count", 1))
                       + " from your graveyard")
        elif key == "tap_untapped":
            flt = {**arg.get("filter", {}), "tapped": False}
            out.append("Tap " + _counted(arg.get("count", 1), flt))
        elif key == "tap_total_power":
            flt = {k: v for k, v in arg.get("filter", {}).items() if k != "another"}
            other = "other " if arg.get("filter", {}).get("another") else ""
            out.append(f"Tap any number of {other}untapped "
                       + render_filter(flt, plural=True)
                       + f" with total power {arg['count']} or greater")
        elif key == "remove_counters" and arg.get("count") == "X" and any_number:
            out.append(f"Remove any number of {arg['counter']} counters from {SELF}")
        elif key == "remove_counters":
            out.append("Remove " + _counter_words(arg.get("count", 1), arg["counter"])
                       + f" from {SELF}")
        elif key == "add_counters":
            out.append("Put " + _counter_words(arg.get("count", 1), arg["counter"])
                       + f" on {SELF}")
        else:
            raise ValueError(f"no rendering for the cost {key}")
    return ", ".join(out)


def _spells(flt: Mapping[str, Any], singular: bool) -> str:
    """"artifact spells", or with ``singular`` "an artifact spell" (the same meaning)."""
    words = render_filter(flt, noun="spell")
    if singular:
        body = words if words.endswith("spell") else words + " spell"
        return with_article(body)
    return words + "s" if words.endswith("spell") else words + " spells"


def render_mana(mana: Mapping[str, Any], singular_spells: bool = False,
                removed: str = "") -> str:
    """What a mana ability adds, and its spend restriction, as sentences (the spells
    named in the singular or the plural: CR 106.6 reads them the same)."""
    if (amount := _amount_words(mana, removed)) is not None:
        what = amount
    elif "choice" in mana:
        opts = list(mana["choice"])
        what = " or ".join(opts) if len(opts) == 2 else ", ".join(opts[:-1]) + ", or " + opts[-1]
    elif "any_color" in mana:
        n = mana["any_color"]
        what = "one mana of any color" if n == 1 else \
            f"{_NUMBERS[n]} mana in any combination of colors"
    elif "one_color" in mana:
        what = f"{_NUMBERS[mana['one_color']]} mana of any one color"
    elif "chosen_color" in mana:
        what = f"{_NUMBERS[mana['chosen_color']]} mana of the chosen color"
    elif "could_produce" in mana:
        ref = mana["could_produce"]
        whose = "you control" if ref["lands"] == "you" else "an opponent controls"
        what = f"one mana of any {ref['of']} that a land {whose} could produce"
    elif "add" in mana and mana.get("amount_of") == "devotion":
        color = _COLORS[mana["add"].strip("{}")]
        what = f"an amount of {mana['add']} equal to your devotion to {color}"
    elif "add" in mana and mana.get("amount_of") == "power":
        what = f"an amount of {mana['add']} equal to {SELF}'s power"
    elif "add" in mana and mana.get("amount_of") == "X":
        what = f"{mana['add']} for each {removed} counter removed this way"
    elif "add" in mana and "per" in mana:
        what = f"{mana['add']} for each {render_filter(mana['per'])}"
    elif "add" in mana and len(mana) == 1 + ("restriction" in mana):
        what = str(mana["add"])
    else:
        raise ValueError(f"no rendering for the mana {dict(mana)}")
    out = f"Add {what}."
    res = mana.get("restriction")
    if res is not None:
        out += " Spend this mana only to cast " + _restriction_words(res, singular_spells) + "."
    return out


def _per_words(per: Mapping[str, Any], plural: bool) -> str:
    """What a "for each" counts: "Elf on the battlefield" (no controller: everyone's),
    "artifact you control named CARDNAME"."""
    words = render_filter({k: v for k, v in per.items() if k != "name"}, plural=plural)
    if "controller" not in per:
        words += " on the battlefield"
    if "name" in per:
        words += " named " + str(per["name"])
    return words


def _x_is(mana: Mapping[str, Any]) -> str:
    """The "where X is ..." of "Add X mana of any one color, where X is ..."."""
    what = mana.get("amount_of")
    if "per" in mana:
        return "the number of " + _per_words(mana["per"], plural=True)
    if isinstance(what, Mapping):
        return f"the number of {what['counters']} counters on {SELF}"
    return {"power": f"{SELF}'s power", "life": "your life total"}[str(what)]


def _amount_words(mana: Mapping[str, Any], removed: str) -> str | None:
    """The words of the amounts read by ``transform``'s amount rules (CR 107.3, 122.1),
    or None for the others."""
    what, plus = mana.get("amount_of"), mana.get("amount_plus", 0)
    if "different_colors" in mana:
        return f"{_NUMBERS[mana['different_colors']]} mana of different colors"
    if "choice" in mana and (what == "X" or isinstance(what, int)) and not plus \
            and len(mana["choice"]) == 2:
        n = "X" if what == "X" else _NUMBERS[what]
        return f"{n} mana in any combination of {mana['choice'][0]} and/or {mana['choice'][1]}"
    if "choice" in mana and len(mana["choice"]) == 2 and not plus and (
            what in ("power", "life") or isinstance(what, Mapping)
            or ("per" in mana and what is None)):
        return (f"X mana in any combination of {mana['choice'][0]} and/or "
                f"{mana['choice'][1]}, where X is {_x_is(mana)}")
    kind = "one_color" if mana.get("one_color") == 1 else \
        "any_color" if mana.get("any_color") == 1 else ""
    if kind and what == "X" and not plus:
        return "X mana of any one color" if kind == "one_color" else \
            "X mana in any combination of colors"
    if kind and not plus and (what in ("power", "life") or isinstance(what, Mapping)
                              or ("per" in mana and what is None)):
        head = "X mana of any one color" if kind == "one_color" else \
            "X mana in any combination of colors"
        return f"{head}, where X is {_x_is(mana)}"
    if "add" not in mana:
        return None
    sym = mana["add"]
    if isinstance(what, Mapping) and "graveyard" in what and not plus:
        words = render_filter(what["graveyard"], noun="card")
        card = words if words.endswith("card") else words + " card"
        return f"{sym} for each {card} in your graveyard"
    if isinstance(what, Mapping) and not plus:
        return f"{sym} for each {what['counters']} counter on {SELF}"
    if what == "X" and plus and mana.get("_then_additional"):
        return f"{sym}, then add an additional {sym} for each {removed} counter removed " \
               "this way"
    if what == "X" and plus:
        return f"an amount of {sym} equal to X plus {_NUMBERS[plus]}"
    if "per" in mana and what is None and ("controller" not in mana["per"]
                                           or "name" in mana["per"]):
        return f"{sym} for each {_per_words(mana['per'], plural=False)}"
    return None


def _restriction_words(res: Mapping[str, Any], singular: bool) -> str:
    spells = res.get("spells", {})
    words = _spells(spells, singular)
    if "abilities" in res:
        return words + " or activate abilities of " + render_filter(res["abilities"],
                                                                    plural=True)
    return words


def _effect(eff: Mapping[str, Any]) -> str:
    kind = eff.get("kind")
    if kind == "other":
        return str(eff["text"])
    if kind == "deal_damage" and eff.get("to") == "you":
        return f"{SELF} deals {eff['amount']} damage to you."
    if kind == "lose_life" and "who" not in eff:
        return f"You lose {eff['amount']} life."
    if kind == "draw" and eff.get("count") == 1:
        return "Draw a card."
    if kind == "skip_next_untap" and eff.get("onto") == "self":
        return f"{SELF} doesn't untap during your next untap step."
    if kind == "put_counters" and eff.get("onto") == "self":
        return "Put " + _counter_words(eff.get("count", 1), eff["counter"]) + f" on {SELF}."
    if kind == "sacrifice_self_if_no_counters":
        return f"If there are no {eff['counter']} counters on {SELF}, sacrifice it."
    raise ValueError(f"no rendering for the effect {kind}")


def _condition(cond: Mapping[str, Any]) -> str:
    kind = cond["kind"]
    if kind == "your_turn":
        return "Activate only during your turn."
    if kind == "your_upkeep":
        return "Activate only during your upkeep."
    if kind == "your_turn_before_attackers":
        return "Activate only during your turn, before attackers are declared."
    if kind == "graveyard_at_least":
        return f"Activate only if {_NUMBERS[cond['count']]} or more cards are in your graveyard."
    if kind == "during_combat":
        return "Activate only during combat."
    if kind == "total_power_at_least":
        return (f"Activate only if creatures you control have total power {cond['count']} "
                "or greater.")
    if kind == "graveyard_card_types_at_least":
        return (f"Activate only if there are {_NUMBERS[cond['count']]} or more card types "
                "among cards in your graveyard.")
    if kind == "different_powers_at_least":
        return (f"Activate only if you control {_NUMBERS[cond['count']]} or more creatures "
                "with different powers.")
    if kind == "source_attacking":
        return f"Activate only if {SELF} is attacking."
    if kind == "declare_blockers_step":
        return "Activate only during the declare blockers step."
    if kind == "opponents_turn":
        return "Activate only during an opponent's turn."
    if kind == "controls_at_least":
        n = cond.get("count", 1)
        flt = {k: v for k, v in cond.get("filter", {}).items() if k != "controller"}
        if cond.get("filter", {}).get("controller") != "you":
            raise ValueError("controls_at_least for another player")
        if n == 1:
            return "Activate only if you control " + _counted(1, flt) + "."
        return (f"Activate only if you control {_NUMBERS[n]} or more "
                + render_filter(flt, plural=True) + ".")
    if kind == "hand_size_less_than" and cond["count"] == 1:
        return "Activate only if you have no cards in hand."
    if kind == "hand_size_less_than":
        return (f"Activate only if you have {_NUMBERS[cond['count'] - 1]} or fewer cards "
                "in hand.")
    raise ValueError(f"no rendering for the condition {kind}")


def render_target(spec: Mapping[str, Any]) -> str:
    """A target phrase ("target creature you control", "up to two target lands")."""
    zone = spec["zone"]
    flt = dict(spec.get("filter", {}))
    if zone == "any":
        return "any target"
    if zone in ("player", "player_or_planeswalker"):
        pw = " or planeswalker" if zone == "player_or_planeswalker" else ""
        if flt.get("controller") == "opponent":
            return "target opponent" + pw
        if flt:
            raise ValueError("a player filter")
        return "target player" + pw
    if zone == "stack":
        if not flt:
            return "target spell"
        if set(flt) - {"types", "any_types", "subtypes", "colors", "not_colors",
                       "not_types", "supertypes", "controller", "_dont_control"}:
            raise ValueError("a spell filter")
        ctl = {k: flt.pop(k) for k in ("controller", "_dont_control") if k in flt}
        words = render_filter(flt, noun="spell")
        words = words if words.endswith("spell") else words + " spell"
        return "target " + words + _controller_words(ctl)
    n = spec.get("count", 1)
    if zone == "graveyard":
        whose = {"you": "your graveyard", "opponent": "an opponent's graveyard",
                 None: "a graveyard"}[flt.pop("controller", None)]
        if flt.pop("_graveyards", False):
            whose = "graveyards"
        after = _suffixes(flt)
        plain = {k: v for k, v in flt.items()
                 if k not in ("keywords", "not_keywords", "compare", "mana_value", "counter",
                              "has_counters")}
        body = render_filter(plain, noun="card")
        body = body if body.endswith("card") else body + " card"
        if n != 1:
            body += "s"
        head = "target"
        if spec.get("up_to"):
            head = f"up to {_NUMBERS[n] if isinstance(n, int) else n} target"
        elif n != 1:
            head = f"{_NUMBERS[n] if isinstance(n, int) else n} target"
        return f"{head} {body}{after} from {whose}"
    another = flt.pop("another", False)
    words = render_filter(flt, plural=n != 1)
    head = "target " + words
    if another:
        head = "another " + head
    elif n != 1:
        head = f"{_NUMBERS[n] if isinstance(n, int) else n} {head}"
    if spec.get("up_to"):
        head = ("up to " + (_NUMBERS[n] if isinstance(n, int) else str(n)) + " "
                + head.removeprefix(f"{_NUMBERS.get(n, n) if isinstance(n, int) else n} "))
    return head


def render_activated(ab: Mapping[str, Any], *, singular_spells: bool = False) -> str:
    """An activated ability's card-format data as a normalised oracle line. "Once each
    turn" with a condition of when is one sentence ("Activate only during your turn and
    only once each turn."), as the cards print it."""
    mana = ab.get("mana")
    removed = ""
    if mana is not None and mana.get("amount_of") == "X":
        parts = [ab["cost"]] if isinstance(ab["cost"], str) else ab["cost"]
        removed = next((p["remove_counters"]["counter"] for p in parts
                        if isinstance(p, dict) and "remove_counters" in p), "")
    # "Remove any number of ... counters" goes with "for each ... counter removed this
    # way"; "Add X mana ..." and "equal to X plus one" with "Remove X ... counters".
    any_number = bool(removed) and mana is not None and "add" in mana and (
        not mana.get("amount_plus") or bool(mana.get("_then_additional")))
    cost = render_cost(ab["cost"], any_number=any_number)
    if "{from_zone}" in cost:
        zone = ab.get("zone")
        cost = cost.replace("{from_zone}", f" from your {zone}" if zone else "")
    sentences: list[str] = []
    if ab.get("mana") is not None:
        sentences.append(render_mana(ab["mana"], singular_spells, removed))
    sentences.extend(_effect(e) for e in ab.get("effects", []))
    sorcery = ab.get("timing") == "sorcery"
    if ab.get("any_player") and sorcery and not ab.get("once_each_turn") \
            and ab.get("condition") is None:
        sentences.append("Any player may activate this ability but only as a sorcery.")
        return f"{cost}: " + " ".join(sentences)
    if ab.get("any_player"):
        sentences.append("Any player may activate this ability.")
    once = bool(ab.get("once_each_turn"))
    joined = ab.get("condition") is not None and ab["condition"]["kind"] in (
        "your_turn", "your_upkeep")
    if joined and once and not sorcery:
        sentences.append(_condition(ab["condition"]).removesuffix(".")
                         + " and only once each turn.")
        return f"{cost}: " + " ".join(sentences)
    if ab.get("timing") == "as_instant":
        sentences.append("Activate only as an instant.")
    if sorcery and once:
        sentences.append("Activate only as a sorcery and only once each turn.")
    elif sorcery:
        sentences.append("Activate only as a sorcery.")
    elif once:
        sentences.append("Activate only once each turn.")
    if ab.get("condition") is not None:
        sentences.append(_condition(ab["condition"]))
    if ab.get("_in_graveyard"):
        sentences.append(f"Activate only if {SELF} is in your graveyard.")
    return f"{cost}: " + " ".join(sentences)
