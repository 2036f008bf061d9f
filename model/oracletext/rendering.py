"""The card format back to oracle-style text: the check that the reader is right.

:func:`render_activated` writes an activated ability's card-format data (the
dictionaries of the YAML card files) as oracle text, in the normalised form of
``normal`` (the object itself is ``CARDNAME``). It is written from the card format
alone, never from the parse tree or the line: a line the reader read counts as read
only when this rendering gives back the line's own normalised text, so a reading that
lost or changed anything shows up as a difference.

Effects of kind ``other`` (sentences the reader kept unread) are written as they are;
everything else is written from its parameters, every one of them: data the words
can't say (a filter key ``phrases.render_filter`` has no words for, a target list with
a controller of one alternative, "any target" with a filter it doesn't name) raises
``ValueError`` rather than being left out, and the reader leaves such a line unread.

Rules
-----
CR 602.1a: "[Cost]: [Effect.] [Activation instructions (if any).]". CR 118: costs.
CR 106.1, 106.6: mana and spend restrictions. CR 602.5: activation restrictions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..english import with_article
from .normal import SELF
from .phrases import (
    COLOR_NAMES as _COLORS,
)
from .phrases import (
    NUMBER_NAMES as _NUMBERS,
)
from .phrases import (
    PLURALS,
    SINGULAR,
    SYMBOL_RE,
    X_IS,
    per_words,
    render_filter,
    x_is,
)
from .phrases import (
    card_phrase as _card_phrase,
)
from .phrases import (
    controller_words as _controller_words,
)
from .phrases import (
    counted as _counted,
)
from .phrases import (
    counter_words as _counter_words,
)
from .phrases import (
    subtype_plural as _plural,
)
from .phrases import (
    suffixes as _suffixes,
)
from .phrases import (
    symbol_groups as _symbol_groups,
)
from .restrictions import restriction_sentence, spells_words

__all__ = ["PLURALS", "SINGULAR", "render_activated", "render_cost", "render_filter",
           "render_mana", "render_target"]

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
            if set(flt) == {"token", "name"} and flt["token"] is True \
                    and arg.get("count", 1) == 1:
                out.append(f"Sacrifice a token named {flt['name']}")
                continue
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
        elif key in _MORE_COSTS:
            out.append(_more_cost(key, arg))
        else:
            raise ValueError(f"no rendering for the cost {key}")
    return ", ".join(out)


#: Costs of mana abilities rendered by :func:`_more_cost`.
_MORE_COSTS = frozenset({"mill", "exert_self", "exile_from_hand", "exile"})


def _more_cost(key: str, arg: Any) -> str:
    """"Mill a card", "Exert CARDNAME", "Exile a card from your hand", "Exile a creature
    you control" (CR 701.17, 701.43, 118)."""
    if key == "mill":
        return "Mill a card" if arg == 1 else f"Mill {_NUMBERS[arg]} cards"
    if key == "exert_self":
        return f"Exert {SELF}"
    if key == "exile_from_hand":
        return ("Exile " + _card_phrase(arg.get("filter", {}), arg.get("count", 1))
                + " from your hand")
    flt = arg.get("filter", {})
    if flt.get("controller") != "you":
        raise ValueError("exile of another player's permanent")
    return "Exile " + _counted(arg.get("count", 1), flt)


def _cards_plural(words: str) -> str:
    """"artifact card" -> "artifact cards"; "creature with power 5 or greater" ->
    "creature cards with power 5 or greater"."""
    if "card" in words.split():
        return words.replace("card", "cards", 1)
    for sep in (" with ", " without "):
        if sep in words:
            head, tail = words.split(sep, 1)
            return f"{head} cards{sep}{tail}"
    return words + " cards"


def render_mana(mana: Mapping[str, Any], singular_spells: bool = False,
                removed: str = "") -> str:
    """What a mana ability adds, and its spend restriction, as sentences (the spells
    named in the singular or the plural: CR 106.6 reads them the same)."""
    if "counter_first" in mana:  # (Empowered Autogenerator)
        rest = {k: v for k, v in mana.items() if k != "counter_first"}
        return (f"Put {with_article(str(mana['counter_first']))} counter on {SELF}. "
                + render_mana(rest, singular_spells, removed))
    what_of = mana.get("amount_of")
    if isinstance(what_of, Mapping) and "revealed" in what_of:  # (Metalworker)
        cards = _cards_plural(render_filter(what_of["revealed"], noun="card"))
        where = "from" if mana.get("_from_hand") else "in"
        return (f"Reveal any number of {cards} {where} your hand. Add {mana['add']} for "
                f"each card revealed this way." + restriction_sentence(mana, singular_spells))
    if mana.get("_choose"):  # (Astral Cornucopia)
        return (f"Choose a color. Add one mana of that color for each "
                f"{mana['amount_of']['counters']} counter on {SELF}."
                + restriction_sentence(mana, singular_spells))
    if (amount := _amount_words(mana, removed)) is not None:
        what = amount
    elif "choice" in mana:
        opts = list(mana["choice"])
        what = " or ".join(opts) if len(opts) == 2 else ", ".join(opts[:-1]) + ", or " + opts[-1]
    elif "any_color" in mana:
        n = mana["any_color"]
        what = "one mana of any color" if n == 1 else \
            f"{_NUMBERS[n]} mana in any combination of colors"
    elif "one_color" in mana and mana.get("amount_of") == "devotion":
        if mana["one_color"] != 1:
            raise ValueError("devotion of several colors")
        return (f"Choose a color. Add an amount of mana of that color equal to your "
                f"devotion to that color.{restriction_sentence(mana, singular_spells)}")
    elif "one_color" in mana:
        what = f"{_NUMBERS[mana['one_color']]} mana of any one color"
    elif "chosen_color" in mana:
        what = f"{_NUMBERS[mana['chosen_color']]} mana of the chosen color"
        if "or_add" in mana:  # (Thriving Bluff)
            what = f"{mana['or_add']} or {what}"
    elif "color_among" in mana:
        return _color_among(mana["color_among"]) + restriction_sentence(mana,
                                                                         singular_spells)
    elif "could_produce" in mana and mana["could_produce"]["lands"] == "sacrificed":
        what = f"one mana of any {mana['could_produce']['of']} the sacrificed land could produce"
    elif mana.get("_count_word") and set(mana) - {"restriction"} == {"add", "_count_word"}:
        syms = SYMBOL_RE.findall(mana["add"])  # "six {G}" (Castle Garenbrig)
        if len(set(syms)) != 1 or not 2 <= len(syms) <= 10:
            raise ValueError("a count word for several symbols")
        what = f"{_NUMBERS[len(syms)]} {syms[0]}"
    elif "could_produce" in mana:
        ref = mana["could_produce"]
        whose = "you control" if ref["lands"] == "you" else "an opponent controls"
        land = with_article(render_filter(ref["filter"], noun="land")) \
            if ref.get("filter") else "a land"
        what = f"one mana of any {ref['of']} that {land} {whose} could produce"
    elif "add" in mana and mana.get("per_sacrificed") == "mana_value":
        noun = mana.get("_sacrificed", "permanent")
        what = f"an amount of {mana['add']} equal to the sacrificed {noun}'s mana value"
    elif "add" in mana and mana.get("amount_of") == "devotion":
        color = _COLORS[mana["add"].strip("{}")]
        what = f"an amount of {mana['add']} equal to your devotion to {color}"
    elif "add" in mana and mana.get("amount_of") == "power":
        what = f"an amount of {mana['add']} equal to {SELF}'s power"
    elif "add" in mana and mana.get("amount_of") == "X":
        what = f"{mana['add']} for each {removed} counter removed this way"
    elif "add" in mana and "per" in mana:
        what = f"{mana['add']} for each {render_filter(mana['per'])}"
    elif "add" in mana and len(mana) == 1 + ("restriction" in mana) + ("instead" in mana):
        what = str(mana["add"])
    else:
        raise ValueError(f"no rendering for the mana {dict(mana)}")
    out = f"Add {what}."
    if "instead" in mana:
        out += " " + _instead_sentence(mana["instead"])
    return out + restriction_sentence(mana, singular_spells)


def _color_among(ref: Any) -> str:
    """The sentences of a ``color_among`` production (Command Tower, Mox Amber, Meteor
    Crater, Corrupted Grafstone)."""
    if ref == "commander_identity":
        return "Add one mana of any color in your commander's color identity."
    if ref == "your_graveyard":
        return "Choose a color of a card in your graveyard. Add one mana of that color."
    flt = dict(ref["permanents"])
    if flt.pop("controller", None) != "you":
        raise ValueError("colors among another player's permanents")
    if not flt:
        return "Choose a color of a permanent you control. Add one mana of that color."
    nouns = [_plural(str(t)) for t in flt.pop("any_types", [])]
    if len(nouns) != 2 or set(flt) - {"supertypes"}:
        raise ValueError("no rendering for these colors among")
    adj = " ".join(str(s).lower() for s in flt.get("supertypes", []))
    return (f"Add one mana of any color among {adj + ' ' if adj else ''}{nouns[0]} and "
            f"{nouns[1]} you control.")


#: The land types of Urza's lands, as the oracle text writes them (CR 205.3i).
_URZA = {"Mine": "Urza's Mine", "Power-Plant": "Urza's Power-Plant", "Tower": "Urza's Tower"}


def _controlled(cond: Mapping[str, Any]) -> str:
    """What an "instead" condition says you control ("an Urza's Mine", "four or more
    creatures")."""
    if cond["kind"] != "controls_at_least":
        raise ValueError(f"no rendering for the instead condition {cond['kind']}")
    flt = dict(cond.get("filter", {}))
    if flt.pop("controller", None) != "you":
        raise ValueError("an instead condition on another player's permanents")
    n = cond.get("count", 1)
    subs = flt.get("subtypes", [])
    if n == 1 and len(subs) == 2 and subs[0] == "Urza’s" and subs[1] in _URZA \
            and set(flt) == {"subtypes"}:
        return with_article(_URZA[subs[1]])
    if n == 1:
        return _counted(1, flt)
    return f"{_NUMBERS[n]} or more " + render_filter(flt, plural=True)


def _instead_sentence(inst: Mapping[str, Any]) -> str:
    """"If you control ..., add {C}{C} instead." or "If CARDNAME has a luck counter on
    it, instead add one mana of any color." (CR 614.1a)."""
    conds = list(inst["if"])
    prod = {k: v for k, v in inst.items() if k != "if"}
    what = render_mana(prod).removeprefix("Add ").removesuffix(".")
    if len(conds) == 1 and conds[0]["kind"] == "played_land_this_turn":
        return f"If you played a land this turn, add {what} instead."
    if counters := (_own_counters(conds[0], "at_least", 1) if len(conds) == 1 else ""):
        # the words' order the one such card prints (Gemstone Caverns)
        return (f"If {SELF} has " + with_article(f"{counters} counter")
                + f" on it, instead add {what}.")
    return "If you control " + " and ".join(_controlled(c) for c in conds) \
        + f", add {what} instead."


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
            what in X_IS or isinstance(what, Mapping)
            or ("per" in mana and what is None)):
        return (f"X mana in any combination of {mana['choice'][0]} and/or "
                f"{mana['choice'][1]}, where X is {x_is(mana)}")
    kind = "one_color" if mana.get("one_color") == 1 else \
        "any_color" if mana.get("any_color") == 1 else ""
    if kind and what == "X" and not plus:
        return "X mana of any one color" if kind == "one_color" else \
            "X mana in any combination of colors"
    if kind and not plus and (what in X_IS or isinstance(what, Mapping)
                              or ("per" in mana and what is None)):
        head = "X mana of any one color" if kind == "one_color" else \
            "X mana in any combination of colors"
        return f"{head}, where X is {x_is(mana)}"
    if "add" not in mana:
        return None
    sym = mana["add"]
    if isinstance(what, Mapping) and "graveyard" in what and not plus:
        words = render_filter(what["graveyard"], noun="card")
        card = words if words.endswith("card") else words + " card"
        return f"{sym} for each {card} in your graveyard"
    if what == "cards_drawn" and not plus:
        return f"{sym} for each card you've drawn this turn"
    if isinstance(what, Mapping) and set(what) == {"counters"} and not plus:
        return f"{sym} for each {what['counters']} counter on {SELF}"
    if what == "X" and plus and mana.get("_then_additional"):
        return f"{sym}, then add an additional {sym} for each {removed} counter removed " \
               "this way"
    if what == "X" and plus:
        return f"an amount of {sym} equal to X plus {_NUMBERS[plus]}"
    if "per" in mana and what is None and ("controller" not in mana["per"]
                                           or "name" in mana["per"]):
        return f"{sym} for each {per_words(mana['per'], plural=False)}"
    return None


def _pt_words(power: int, toughness: int) -> str:
    """"+2/-1" (CR 613.4c); a zero takes the other's sign, as printed ("-1/-0")."""
    neg = power < 0 or toughness < 0
    def one(n: int) -> str:
        return f"-{-n}" if n < 0 or (n == 0 and neg) else f"+{n}"
    return f"{one(power)}/{one(toughness)}"


def _cards_words(n: int) -> str:
    return "a card" if n == 1 else f"{_NUMBERS[n]} cards"


def _composed(eff: Mapping[str, Any], targets: Sequence[Mapping[str, Any]]) -> str:
    """A composed effect of an activated ability (``transform_effects``) in words, its
    target phrase rendered from the ability's target it names; "" for none of them."""
    kind = eff.get("kind")
    keys = set(eff) - {"kind", "_then", "_and", "_composed", "_it"}
    idx = eff.get("target")
    if idx is not None:
        if not isinstance(idx, int) or not 0 <= idx < len(targets):
            raise ValueError("an effect's target the ability doesn't have")
        target = render_target(targets[idx])
    else:
        target = ""
    who = target[:1].upper() + target[1:]
    onto_t = eff.get("onto") == "target" or eff.get("of") == "target" \
        or eff.get("who") == "target"
    if idx is not None and not onto_t and kind not in ("deal_damage", "tap", "untap",
                                                       "destroy", "exile", "counter",
                                                       "attach"):
        return ""
    subject = who if idx is not None else SELF
    n = eff.get("count", 1)
    eot = "until end of turn"
    if kind == "pump" and keys == {"onto", "power", "toughness", "duration"} | (
            {"target"} if idx is not None else set()) and eff["duration"] == "end_of_turn":
        return f"{subject} gets {_pt_words(eff['power'], eff['toughness'])} {eot}."
    if kind == "pump" and keys == {"onto", "filter", "power", "toughness", "duration"} \
            and eff["onto"] == "each" and eff["duration"] == "end_of_turn" \
            and eff["filter"] == {"types": ["creature"], "controller": "you"}:
        return f"Creatures you control get {_pt_words(eff['power'], eff['toughness'])} {eot}."
    if kind == "gain_keyword" and keys == {"onto", "keyword", "duration"} | (
            {"target"} if idx is not None else set()) and eff["duration"] == "end_of_turn":
        return f"{subject} gains {str(eff['keyword']).lower()} {eot}."
    if kind == "deal_damage" and keys == {"amount", "target"}:
        # ("It deals ...": the source the cost names, ``_it``; reading._it_is_self)
        return f"{'It' if eff.get('_it') else SELF} deals {eff['amount']} damage to {target}."
    if kind == "deal_damage" and keys == {"amount", "to"} and eff["to"] in (
            "each_opponent", "each_player"):
        return f"{SELF} deals {eff['amount']} damage to {eff['to'].replace('_', ' ')}."
    if kind in ("tap", "untap", "destroy", "exile", "counter") and keys == {"target"}:
        return f"{kind.capitalize()} {target}."
    if kind == "attach" and keys == {"target"}:
        return f"Attach {SELF} to {target}."
    if kind == "untap" and keys == {"onto"} and eff["onto"] == "self":
        return f"Untap {SELF}."
    if kind == "return_to_hand" and keys == {"of"} | ({"target"} if idx is not None
                                                      else set()):
        return f"Return {target or SELF} to its owner's hand."
    if kind == "sacrifice" and keys == {"of"} and eff["of"] == "self":
        return f"Sacrifice {SELF}."
    if kind == "draw" and keys == {"count"} and isinstance(n, int) and n > 1:
        return f"Draw {_cards_words(n)}."
    if kind in ("draw", "discard", "mill") and keys == {"count", "who", "target"} \
            and isinstance(n, int):
        verb = {"draw": "draws", "discard": "discards", "mill": "mills"}[kind]
        return f"{who} {verb} {_cards_words(n)}."
    if kind in ("discard", "mill") and keys == {"count"} and isinstance(n, int):
        return f"{kind.capitalize()} {_cards_words(n)}."
    if kind in ("lose_life", "gain_life") and keys == {"amount", "who", "target"}:
        verb = "loses" if kind == "lose_life" else "gains"
        return f"{who} {verb} {eff['amount']} life."
    if kind == "put_counters" and keys == {"counter", "count", "onto", "target"}:
        return f"Put {_counter_words(n, eff['counter'])} on {target}."
    if kind == "scry" and keys == {"count"}:
        return f"Scry {n}."
    return ""


def effects_words(effects: Sequence[Mapping[str, Any]],
                   targets: Sequence[Mapping[str, Any]]) -> list[str]:
    """The sentences of an ability's effects; one marked ``_then`` joins the sentence
    before it ("Draw a card, then discard a card.")."""
    out: list[str] = []
    eot = " until end of turn."
    for e in effects:
        words = _effect(e, targets)
        if e.get("_and") and out and out[-1].endswith(eot) and " gains " in words:
            # "... gets +2/+2 and gains trample until end of turn." (one subject)
            out[-1] = out[-1][:-len(eot)] + " and" + words[words.index(" gains "):]
        elif e.get("_then") and out:
            out[-1] = out[-1].removesuffix(".") + ", then " + words[:1].lower() + words[1:]
        else:
            out.append(words)
    return out


def _effect(eff: Mapping[str, Any], targets: Sequence[Mapping[str, Any]] = ()) -> str:
    kind = eff.get("kind")
    if kind == "other":
        return str(eff["text"])
    composed = _composed(eff, targets)
    if composed:
        return composed
    rider = _rider(eff)
    if rider:
        return rider
    if kind == "deal_damage" and eff.get("to") == "you" and "unless" not in eff:
        return f"{SELF} deals {eff['amount']} damage to you."
    if kind == "lose_life" and "who" not in eff:
        return f"You lose {eff['amount']} life."
    if kind == "draw" and eff.get("count") == 1 and "at" not in eff:
        return "Draw a card."
    if kind == "doesnt_untap" and eff.get("onto") == "self":
        return f"{SELF} doesn't untap during your next untap step."
    if kind == "put_counters" and eff.get("onto") == "self":
        return "Put " + _counter_words(eff.get("count", 1), eff["counter"]) + f" on {SELF}."
    counters = _own_counters(eff.get("if", {}), "fewer_than", 1)
    if counters and eff == {"kind": "sacrifice", "of": "self", "if": eff.get("if")}:
        return f"If there are no {counters} counters on {SELF}, sacrifice it."
    raise ValueError(f"no rendering for the effect {kind}")


#: When a delayed triggered ability of a rider triggers (CR 603.7), in words.
_AT_WORDS = {"next_upkeep": "at the beginning of the next turn's upkeep",
             "next_end_step": "at the beginning of the next end step"}


def _you_control(cond: Mapping[str, Any]) -> str:
    """"you control a Nissa planeswalker" (or "a God, a Demigod, or a legendary
    enchantment") of a ``controls_at_least`` condition for one permanent."""
    flt = dict(cond.get("filter", {}))
    if cond.get("kind") != "controls_at_least" or cond.get("count", 1) != 1 \
            or flt.pop("controller", None) != "you":
        raise ValueError("a rider's condition")
    alts = flt.pop("any_of", None)
    if alts is None:
        return "you control " + _counted(1, flt)
    if flt or len(alts) != 3:
        raise ValueError("a rider's condition")
    words = [_counted(1, a) for a in alts]
    return "you control " + ", ".join(words[:-1]) + ", or " + words[-1]


#: What happens to a spell its mana was spent on ("when_spent" riders), in words.
_SPENT_THEN = {"cant_be_countered": "that spell can't be countered",
               "gains_haste_until_end_of_turn": "it gains haste until end of turn",
               "gains_haste": "it gains haste",
               "copy_may_choose_new_targets": "copy that spell and you may choose new "
                                              "targets for the copy"}


def _when_spent(eff: Mapping[str, Any]) -> str:
    """"If that mana is spent on a creature spell, it gains haste." and the like."""
    then = str(eff.get("then"))
    spell = spells_words(eff.get("filter", {}), True)
    if then == "enters_with_counter":
        what = ("that creature enters with an additional "
                + f"{eff['counter']} counter on it")
    elif then in _SPENT_THEN:
        what = _SPENT_THEN[then]
    else:
        return ""
    if eff.get("trigger"):
        return f"When that mana is spent to cast {spell}, {what}."
    return f"If that mana is spent on {spell}, {what}."


def _rider(eff: Mapping[str, Any]) -> str:
    """A mana ability's rider (life, delayed triggers, conditions), or "" for none of
    them (CR 119.3, 603.7)."""
    kind, n = eff.get("kind"), eff.get("amount")
    if kind == "when_spent":
        return _when_spent(eff)
    keys = set(eff) - {"kind"}
    if kind == "gain_life" and keys == {"amount"}:
        return f"You gain {n} life."
    if kind == "gain_life" and keys == {"amount", "if"}:
        return f"If {_you_control(eff['if'])}, you gain {n} life."
    if kind == "gain_life" and keys == {"amount", "who"} and eff["who"] == "each_opponent":
        return f"Each opponent gains {n} life."
    if kind == "lose_life" and keys == {"amount", "who"} and eff["who"] == "each_player":
        return f"Each player loses {n} life."
    if kind == "deal_damage" and keys == {"amount", "to", "unless"} and eff["to"] == "you":
        return (f"{SELF} deals {n} damage to you if "
                + _you_control(eff["unless"]).replace("you control", "you don't control")
                + ".")
    at = _AT_WORDS.get(str(eff.get("at")), "")
    if kind == "draw" and keys == {"count", "at"} and eff["count"] == 1 \
            and eff["at"] == "next_upkeep":
        return f"Draw a card {at}."
    if kind == "gain_control" and eff == {"kind": kind, "of": "self", "who": "an_opponent",
                                          "at": "next_end_step"}:
        return f"An opponent gains control of {SELF} {at}."
    if kind == "return_to_hand" and eff == {"kind": kind, "of": "self",
                                            "at": "your_next_untap_step"}:
        return (f"During your next untap step, as you untap your permanents, return {SELF} "
                "to its owner's hand.")
    cond = eff.get("if", {})
    if kind == "sacrifice" and keys == {"of", "at", "if"} and eff["of"] == "self" \
            and eff["at"] == "next_end_step" \
            and cond.get("kind") == "at_least" and set(cond) == {"kind", "amount", "count"} \
            and cond["amount"] == {"activations_this_turn": "self"}:
        return (f"If this ability has been activated {_NUMBERS[cond['count']]} or more times "
                f"this turn, sacrifice {SELF} {at}.")
    return ""


def _own_counters(cond: Mapping[str, Any], kind: str, count: object) -> str:
    """The counter kind of a condition ``kind`` comparing the counters of one kind on
    the source with ``count`` ("N or more charge counters on CARDNAME"), or ""."""
    amount = cond.get("amount")
    return str(amount["counters"]) if cond == {"kind": kind, "amount": amount, "count": count} \
        and isinstance(amount, Mapping) and set(amount) == {"counters", "of"} \
        and amount["of"] == "self" else ""


def _condition(cond: Mapping[str, Any]) -> str:
    kind = cond["kind"]
    if cond == {"kind": "your_turn"}:
        return "Activate only during your turn."
    if kind == "your_upkeep":
        return "Activate only during your upkeep."
    if cond == {"kind": "your_turn", "before": "declare_attackers"}:
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
    if counters := _own_counters(cond, "at_least", cond.get("count")):
        return (f"Activate only if there are {_NUMBERS[cond['count']]} or more "
                f"{counters} counters on {SELF}.")
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
    hand = kind == "fewer_than" and cond.get("amount") == {"cards": "hand"}
    if hand and cond["count"] == 1:
        return "Activate only if you have no cards in hand."
    if hand:
        return (f"Activate only if you have {_NUMBERS[cond['count'] - 1]} or fewer cards "
                "in hand.")
    raise ValueError(f"no rendering for the condition {kind}")


def render_target(spec: Mapping[str, Any]) -> str:
    """A target phrase ("target creature you control", "up to two target lands")."""
    zone = spec["zone"]
    flt = dict(spec.get("filter", {}))
    if zone == "any" and flt == {"controller": "opponent",
                                 "any_types": ["creature", "planeswalker"]}:
        # any target that is an opponent or a creature or planeswalker of theirs
        return ("target opponent, creature an opponent controls, or planeswalker an "
                "opponent controls")
    if zone == "any":
        if flt:
            raise ValueError("any target with a filter")
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


def _loyalty_symbol(cost: Any) -> str:
    """A loyalty ability's cost as its loyalty symbol (CR 606.4): loyalty counters put
    on ("[+1]") or removed ("[−X]"), or none ("[0]"); any other cost as it is written
    (which no loyalty line reads back)."""
    parts = [cost] if isinstance(cost, (str, dict)) else list(cost)
    if not parts:
        return "[0]"
    if len(parts) == 1 and isinstance(parts[0], dict):
        (key, arg), = parts[0].items()
        if key in ("add_counters", "remove_counters") and arg.get("counter") == "loyalty":
            return f"[{'+' if key == 'add_counters' else '−'}{arg['count']}]"
    return render_cost(cost)


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
    cost = (_loyalty_symbol(ab["cost"]) if ab.get("loyalty") else
            render_cost(ab["cost"], any_number=any_number))
    if "{from_zone}" in cost:
        zone = ab.get("zone")
        cost = cost.replace("{from_zone}", f" from your {zone}" if zone else "")
    sentences: list[str] = []
    if ab.get("mana") is not None:
        sentences.append(render_mana(ab["mana"], singular_spells, removed))
    sentences.extend(effects_words([e for e in ab.get("effects", [])
                                     if not e.get("_in_restriction")],
                                    ab.get("targets", [])))
    sorcery = ab.get("timing") == "sorcery"
    once = bool(ab.get("once_each_turn"))
    if ab.get("any_player") and sorcery and not ab.get("once_each_turn") \
            and ab.get("condition") is None:
        sentences.append("Any player may activate this ability but only as a sorcery.")
        return f"{cost}: " + " ".join(sentences)
    if ab.get("any_player") and ab.get("condition") == {"kind": "your_turn", "before": "end"} \
            and not once and not ab.get("timing") and not ab.get("per_turn"):
        sentences.append("Any player may activate this ability but only during their turn "
                         "before the end step.")
        return f"{cost}: " + " ".join(sentences)
    if ab.get("any_player"):
        sentences.append("Any player may activate this ability.")
    joined = ab.get("condition") in ({"kind": "your_turn"}, {"kind": "your_upkeep"})
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
    if ab.get("per_turn"):
        sentences.append(f"Activate no more than {_NUMBERS[ab['per_turn']]} times each turn.")
    if ab.get("condition") is not None:
        sentences.append(_condition(ab["condition"]))
    if ab.get("_in_graveyard"):
        sentences.append(f"Activate only if {SELF} is in your graveyard.")
    return f"{cost}: " + " ".join(sentences)
