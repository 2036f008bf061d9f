"""The card format: card entries and their abilities, and the built-in cards.

A card file is a YAML or JSON list of card entries. The built-in cards live in
``model/data/cards/*.yaml`` and are loaded once. The format, by example::

    - name: Graven Cairns
      types: [Land]
      abilities:
        - activated: {cost: "{T}", mana: {add: "{C}"}}
        - activated:
            cost: "{B/R}{T}"
            mana: {choice: ["{B}{B}", "{B}{R}", "{R}{R}"]}
    - name: Kozilek, the Great Distortion
      mana_cost: "{8}{C}{C}"
      supertypes: [Legendary]
      types: [Creature]
      subtypes: [Eldrazi]
      power: 12
      toughness: 12
      keywords: [Menace]
      abilities:
        - triggered:
            event: cast_self
            intervening_if: {kind: fewer_than, amount: {cards: hand}, count: 7}
            effects: [{kind: draw_up_to, count: 7}]
        - activated:
            cost: [{discard: {filter: {mana_value: X}}}]
            targets: [{zone: stack, filter: {mana_value: X}}]
            effects: [{kind: counter, target: 0}]

See docs/card-files.md ("Cards in a state file, and the card format") for every key.
The values inside an entry (filters, costs, mana, targets, effects) are read by
``cardformat``.

Rules
-----
CR 602: activated abilities; CR 603: triggered abilities (603.4: an intervening "if"
clause); CR 604: static abilities. CR 702.16a, 702.11d: a keyword that restricts
targeting (protection from, hexproof from) must be understood. CR 712.8e: a back face
has no mana cost of its own.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .abilities import (
    Ability,
    ActivatedAbility,
    AlternativeCost,
    CostKind,
    CostPart,
    Effect,
    ManaProduction,
    ManaReplacement,
    ObjectFilter,
    SpellText,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    Zone,
)
from .cardformat import (
    CardFieldError,
    check_keys,
    parse_color,
    parse_condition,
    parse_cost,
    parse_effect,
    parse_filter,
    parse_mana,
    parse_mana_cost,
    parse_params,
    parse_target,
    str_list,
    suggest,
)
from .cards import CARD_TYPES, SUPERTYPES, CardDatabase, CardDefinition, LazyCards
from .effects import Family, family_by_name
from .errors import CardDataError
from .keywords import keyword_problem
from .mana import ManaCost, sort_types

__all__ = [
    "COMPILED_CARDS",
    "builtin_cards",
    "compiled_cards_text",
    "parse_ability",
    "parse_activated",
    "parse_builtin_sources",
    "parse_card",
    "parse_cards",
    "parse_static",
    "parse_triggered",
]


ACTIVATED_KEYS = ("cost", "mana", "effects", "targets", "timing", "once_each_turn",
                  "condition", "zone", "loyalty", "text", "any_player", "per_turn")


def parse_activated(v: Any, path: str) -> ActivatedAbility:
    check_keys(v, path, ACTIVATED_KEYS, ("cost",))
    mana, tap, untap, parts = parse_cost(v["cost"], f"{path}.cost")
    timing = v.get("timing", "instant")
    if timing not in ("instant", "sorcery", "as_instant"):
        raise CardFieldError("timing must be 'instant', 'sorcery' or 'as_instant'",
                             f"{path}.timing")
    zone_name = v.get("zone", "battlefield")
    try:
        zone = Zone(zone_name)
    except ValueError:
        raise CardFieldError(f"unknown zone '{zone_name}'", f"{path}.zone",
                   suggest(str(zone_name), [z.value for z in Zone])) from None
    any_player = v.get("any_player", False)
    if not isinstance(any_player, bool):
        raise CardFieldError("expected true or false (\"Any player may activate this "
                             "ability\", CR 602.2)", f"{path}.any_player")
    per_turn = v.get("per_turn", 0)
    if "per_turn" in v and (isinstance(per_turn, bool) or not isinstance(per_turn, int)
                            or per_turn < 1):
        raise CardFieldError("per_turn is a number, 1 or more (\"Activate no more than "
                             "three times each turn\", CR 602.5b)", f"{path}.per_turn")
    if per_turn and v.get("once_each_turn"):
        raise CardFieldError("per_turn and once_each_turn both limit activations: give "
                             "one", f"{path}.per_turn")
    produced = parse_mana(v["mana"], f"{path}.mana") if "mana" in v else None
    if produced is not None and produced.amount_of == "X":
        produced = _x_from_counters(produced, mana, parts, f"{path}.mana.amount_of")
    return ActivatedAbility(
        mana_cost=mana,
        tap=tap,
        untap=untap,
        costs=parts,
        mana=produced,
        effects=tuple(parse_effect(e, f"{path}.effects[{i}]")
                      for i, e in enumerate(v.get("effects", []))),
        targets=tuple(parse_target(t, f"{path}.targets[{i}]")
                      for i, t in enumerate(v.get("targets", []))),
        timing=timing,
        once_each_turn=bool(v.get("once_each_turn", False)),
        condition=parse_condition(v["condition"], f"{path}.condition") if "condition" in v
        else None,
        zone=zone,
        loyalty=bool(v.get("loyalty", False)),
        text=str(v.get("text", "")),
        any_player=any_player,
        per_turn=per_turn,
    )


def _x_from_counters(produced: ManaProduction, mana: ManaCost, parts: tuple[CostPart, ...],
                     path: str) -> ManaProduction:
    """``amount_of: X``: the X of the cost's "Remove X ... counters" (CR 107.3, 118.3),
    the only X it may name (not {X} in the mana cost)."""
    removes = [c for c in parts if c.kind is CostKind.REMOVE_COUNTERS and c.count == "X"]
    if len(removes) != 1 or mana.has_variable \
            or any(c.count == "X" for c in parts if c is not removes[0]):
        raise CardFieldError("amount_of 'X' needs a cost that removes X counters "
                             "({remove_counters: {counter: storage, count: X}}) and no "
                             "other X", path)
    return dataclasses.replace(produced, x_counter=removes[0].counter)


TRIGGERED_KEYS = ("event", "subject", "self_only", "intervening_if", "effects", "targets",
                  "optional", "mana", "your_turn_only", "only_if_adds", "text")

#: The conditions a mana trigger may put on the mana its event added (CR 106.12a).
ONLY_IF_ADDS = ("chosen_color",)


def parse_triggered(v: Any, path: str) -> TriggeredAbility:
    check_keys(v, path, TRIGGERED_KEYS, ("event",))
    if isinstance(v.get("mana"), Mapping) and v["mana"].get("amount_of") == "X":
        raise CardFieldError("amount_of 'X' needs an activated ability whose cost removes "
                             "X counters", f"{path}.mana.amount_of")
    return TriggeredAbility(
        event=str(v["event"]),
        subject=parse_filter(v.get("subject"), f"{path}.subject"),
        self_only=bool(v.get("self_only", False)),
        intervening_if=parse_condition(v["intervening_if"], f"{path}.intervening_if")
        if "intervening_if" in v else None,
        effects=tuple(parse_effect(e, f"{path}.effects[{i}]")
                      for i, e in enumerate(v.get("effects", []))),
        targets=tuple(parse_target(t, f"{path}.targets[{i}]")
                      for i, t in enumerate(v.get("targets", []))),
        optional=bool(v.get("optional", False)),
        mana=parse_mana(v["mana"], f"{path}.mana") if "mana" in v else None,
        your_turn_only=bool(v.get("your_turn_only", False)),
        text=str(v.get("text", "")),
        only_if_adds=_only_if_adds(v, path),
    )


def _only_if_adds(v: Mapping[str, Any], path: str) -> str:
    """A mana trigger's condition on the mana its event added (``ONLY_IF_ADDS``)."""
    what = str(v.get("only_if_adds", ""))
    if what and what not in ONLY_IF_ADDS:
        raise CardFieldError(f"unknown only_if_adds '{what}'", f"{path}.only_if_adds",
                             suggest(what, ONLY_IF_ADDS))
    if what and not isinstance(v.get("mana"), Mapping):
        raise CardFieldError("only_if_adds needs a triggered mana ability (mana)",
                             f"{path}.only_if_adds")
    return what


REPLACEMENT_KEYS = ("source", "player", "tapped_for_mana", "cases", "set_type", "set_amount",
                    "multiply", "only_if_produces", "only_if_at_least")


def parse_replacement(v: Any, path: str) -> ManaReplacement:
    check_keys(v, path, REPLACEMENT_KEYS)
    cases = []
    for i, c in enumerate(v.get("cases", [])):
        check_keys(c, f"{path}.cases[{i}]", ("source", "produces"), ("source", "produces"))
        cases.append((parse_filter(c["source"], f"{path}.cases[{i}].source"),
                      parse_color(c["produces"], f"{path}.cases[{i}].produces")))
    return ManaReplacement(
        source=parse_filter(v.get("source"), f"{path}.source"),
        player=v.get("player"),
        tapped_for_mana=bool(v.get("tapped_for_mana", True)),
        cases=tuple(cases),
        set_type=parse_color(v["set_type"], f"{path}.set_type") if "set_type" in v else None,
        set_amount=v.get("set_amount"),
        multiply=v.get("multiply"),
        only_if_produces=frozenset(parse_color(c, f"{path}.only_if_produces")
                                   for c in str_list(v.get("only_if_produces", []), path)),
        only_if_at_least=_positive(v.get("only_if_at_least"), f"{path}.only_if_at_least"),
    )


def _positive(v: Any, path: str) -> int | None:
    """An optional positive whole number."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise CardFieldError(f"expected a positive whole number, not {v!r}", path)
    return v


STATIC_KEYS = ("kind", "affected", "replacement", "set_subtypes", "add_subtypes", "granted",
               "counter", "count", "params", "duration", "text", "affects", "self_only",
               "multiply", "add_types", "set_power_toughness", "effects_only", "set_types",
               "set_colors", "lose_abilities")
STATIC_KINDS = ("mana_replacement", "land_types", "grant_ability", "enters_with_counters",
                "cant_have_counters", "counter_replacement", "token_replacement",
                "type_change",
                "spend_as_any_color", "cost_modifier", "pay_life_for_mana", "other")
#: Keys only one kind reads (anywhere else they would be silently ignored: refused).
_KIND_KEYS = {"multiply": ("counter_replacement", "token_replacement"),
              "add_types": ("type_change",), "set_power_toughness": ("type_change",),
              "effects_only": ("counter_replacement",), "set_types": ("type_change",),
              "set_colors": ("type_change",), "lose_abilities": ("type_change",),
              "granted": ("grant_ability", "type_change")}


def parse_static(v: Any, path: str) -> StaticAbility:
    check_keys(v, path, STATIC_KEYS, ("kind",))
    kind = v["kind"]
    if kind not in STATIC_KINDS:
        raise CardFieldError(f"unknown static ability kind '{kind}'", f"{path}.kind",
                   suggest(str(kind), STATIC_KINDS))
    count = v.get("count", 0)
    _check_static_params(v.get("params", {}), f"{path}.params")
    if kind == "cost_modifier":
        _check_cost_modifier(v.get("params", {}), f"{path}.params")
    for key, owners in _KIND_KEYS.items():
        if key in v and kind not in owners:
            raise CardFieldError(f"{key} goes with kind {' or '.join(owners)}, not {kind}",
                                 f"{path}.{key}")
    affected = parse_filter(v.get("affected"), f"{path}.affected")
    extra = _counter_static(v, kind, affected, path) if kind in (
        "cant_have_counters", "counter_replacement", "token_replacement",
        "type_change") else {}
    if kind == "pay_life_for_mana":
        _check_pay_life(v.get("params"), f"{path}.params")
    return StaticAbility(
        kind=kind,
        affected=affected,
        replacement=parse_replacement(v["replacement"], f"{path}.replacement")
        if "replacement" in v else None,
        set_subtypes=str_list(v.get("set_subtypes", []), f"{path}.set_subtypes"),
        add_subtypes=str_list(v.get("add_subtypes", []), f"{path}.add_subtypes"),
        granted=parse_activated(v["granted"], f"{path}.granted") if "granted" in v else None,
        counter=str(v.get("counter", "")),
        count=count if isinstance(count, int | str) else 0,
        params=parse_params(v.get("params", {}), f"{path}.params", skip=()),
        duration=str(v.get("duration", "")),
        text=str(v.get("text", "")),
        affects=_affects(v.get("affects", []), f"{path}.affects"),
        self_only=_bool(v.get("self_only", False), f"{path}.self_only"),
        **extra,
    )


def _counter_static(v: Mapping[str, Any], kind: str, affected: ObjectFilter,
                    path: str) -> dict[str, Any]:
    """The keys of ``cant_have_counters``, ``counter_replacement`` and ``type_change``,
    checked: each must say what it applies to, and nothing it says may be ignored.

    Rules
    -----
    CR 122.5, 122.6 (counters that can't be put), 614.1a (a replacement effect),
    613.1d, 613.4b, 613.6 (a type change and the power and toughness it sets).
    """
    self_only = v.get("self_only", False) is True
    counter = v.get("counter")
    if counter is not None and (not isinstance(counter, str) or not counter.strip()):
        raise CardFieldError(f"expected a counter kind such as '+1/+1', not {counter!r}",
                             f"{path}.counter")
    if "count" in v or "params" in v:
        key = "count" if "count" in v else "params"
        raise CardFieldError(f"{key} doesn't go with kind {kind}", f"{path}.{key}")
    if kind == "cant_have_counters":
        if self_only == (not affected.is_empty):
            raise CardFieldError("cant_have_counters needs exactly one of self_only: true "
                                 "(its own object) and affected: FILTER", path)
        return {}
    if self_only or (affected.is_empty and kind != "type_change"):
        # (a type change with no filter applies to every permanent: "All permanents
        # are artifacts", Mycosynth Lattice)
        raise CardFieldError(f"{kind} needs affected: FILTER (the objects it applies to)",
                             path)
    if kind in ("counter_replacement", "token_replacement"):
        n = v.get("multiply")
        if isinstance(n, bool) or not isinstance(n, int) or n < 2:
            raise CardFieldError(f"{kind} needs multiply: N (a whole number of at least 2), "
                                 f"not {n!r}", path)
        if kind == "token_replacement" and counter is not None:
            raise CardFieldError("counter doesn't go with kind token_replacement",
                                 f"{path}.counter")
        # (no counter: counters of every kind, "one or more counters", Doubling Season)
        return {"multiply": n,
                "effects_only": _bool(v.get("effects_only", False), f"{path}.effects_only")}
    types = _card_types(v, "add_types", path)
    set_types = _card_types(v, "set_types", path)
    if set_types and set_types != ("Land",):
        # CR 205.1a: the subtypes an object keeps are those of the card types it keeps;
        # only land types (CR 205.3i) are told apart.
        raise CardFieldError("set_types is modelled for [Land] only", f"{path}.set_types")
    if types and set_types:
        raise CardFieldError("add_types and set_types don't go together", path)
    colors = v.get("set_colors")
    if colors is not None:
        parse_mana_cost(colors, f"{path}.set_colors")
    lose = _bool(v.get("lose_abilities", False), f"{path}.lose_abilities")
    if not (types or set_types or colors is not None or lose or "granted" in v):
        raise CardFieldError("type_change needs add_types: [TYPE, ...] or set_types, "
                             "set_colors, lose_abilities, granted", f"{path}.add_types")
    pt = v.get("set_power_toughness")
    if pt is not None and pt != "mana_value" and (
            isinstance(pt, bool) or not isinstance(pt, int) or pt < 0):
        raise CardFieldError(f"set_power_toughness is a whole number or mana_value, not "
                             f"{pt!r}", f"{path}.set_power_toughness")
    if counter is not None:
        raise CardFieldError("counter doesn't go with kind type_change", f"{path}.counter")
    if "Creature" in types and pt is None:
        # An object that becomes a creature has the power and toughness the effect
        # gives, or its printed ones; a printed noncreature may have none (CR 208.3).
        raise CardFieldError("a type_change that adds Creature needs set_power_toughness",
                             f"{path}.set_power_toughness")
    return {"add_types": types, "set_power_toughness": pt, "set_types": set_types,
            "set_colors": None if colors is None else str(colors), "lose_abilities": lose}


def _card_types(v: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
    """A type change's list of card types (CR 205.2a), capitalised and checked."""
    types = tuple(t[:1].upper() + t[1:] for t in str_list(v.get(key, []), f"{path}.{key}"))
    for t in types:
        if t not in CARD_TYPES:
            raise CardFieldError(f"unknown card type '{t}'", f"{path}.{key}",
                                 suggest(t, CARD_TYPES))
    return types


#: "get +N/+N for each ..." amounts the layers count (model.characteristics).
PUMP_PER = ("colors_among_permanents_you_control", "unspent_green_mana")


def _check_static_params(v: Any, path: str) -> None:
    """The parameters the layers read are checked when the card loads, not when a
    question meets them: a pump's "for each", a color to set, a devotion."""
    if not isinstance(v, Mapping):
        return
    pump = v.get("pump")
    if isinstance(pump, Mapping) and "per" in pump and pump["per"] not in PUMP_PER:
        raise CardFieldError(f"unknown 'for each' amount '{pump['per']}'", f"{path}.pump.per",
                             suggest(str(pump["per"]), PUMP_PER)
                             or "one of " + ", ".join(PUMP_PER))
    for key, where in (("set_color", v.get("set_color")),):
        if where is not None:
            parse_mana_cost(where, f"{path}.{key}")
    devotion = v.get("not_creature_unless_devotion")
    if devotion is not None:
        if not isinstance(devotion, Mapping) or not isinstance(devotion.get("count"), int):
            raise CardFieldError("expected {colors: \"{G}{U}\", count: N}",
                                 f"{path}.not_creature_unless_devotion")
        parse_mana_cost(devotion.get("colors", ""), f"{path}.not_creature_unless_devotion")


def _check_pay_life(v: Any, path: str) -> None:
    """``params: {mana: B, life: 2}``: "For each {B} in a cost, you may pay 2 life
    rather than pay that mana" (K'rrik, Son of Yawgmoth). The payment solver pays 2
    life per symbol, as for Phyrexian mana (CR 107.4f), so only 2 is accepted."""
    if not isinstance(v, Mapping):
        raise CardFieldError("pay_life_for_mana needs params: {mana: B, life: 2}", path)
    check_keys(v, path, ("mana", "life"), ("mana", "life"))
    if not parse_color(v["mana"], f"{path}.mana").is_color:
        raise CardFieldError("pay_life_for_mana is for a colored symbol ({W} {U} {B} {R} "
                             "{G})", f"{path}.mana")
    if v["life"] != 2 or isinstance(v["life"], bool):
        raise CardFieldError(f"pay_life_for_mana pays 2 life per symbol, not {v['life']!r} "
                             "(as Phyrexian mana, CR 107.4f)", f"{path}.life")


#: What a cost change may say (read by manacheck.solver.costs); anything else would be
#: silently ignored, so it is refused.
COST_MODIFIER_KEYS = ("applies_to", "increase", "reduce", "reduce_up_to", "minimum_mana",
                      "minimum_total", "while_untapped", "controller", "not_mana_abilities")


def _check_cost_modifier(v: Any, path: str) -> None:
    if not isinstance(v, Mapping):
        raise CardFieldError("a cost_modifier needs params", path)
    check_keys(v, path, COST_MODIFIER_KEYS, ("applies_to",))
    if v["applies_to"] not in ("spells", "activated_abilities"):
        raise CardFieldError(f"unknown applies_to '{v['applies_to']}'", f"{path}.applies_to",
                             "spells or activated_abilities")
    for key in ("increase", "reduce", "reduce_up_to"):
        if key in v:
            parse_mana_cost(v[key], f"{path}.{key}")
    if v.get("controller", "you") not in ("you", "opponents"):
        raise CardFieldError(f"unknown controller '{v['controller']}'", f"{path}.controller",
                             "you (spells you cast) or opponents (spells your opponents "
                             "cast)")


def _affects(v: Any, path: str) -> tuple[str, ...]:
    """Rule-family labels (``manacheck.model.effects.Family``) an unread effect touches."""
    labels = str_list(v, path)
    names = [f.label for f in Family]
    for i, label in enumerate(labels):
        if family_by_name(label) is None:
            raise CardFieldError(f"unknown rule family '{label}'", f"{path}[{i}]",
                                 suggest(label, names) or "one of " + ", ".join(names))
    return tuple(label.strip().lower() for label in labels)


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise CardFieldError(f"expected true or false, got {v!r}", path)
    return v


def parse_ability(v: Any, path: str) -> Ability:
    if not isinstance(v, Mapping) or len(v) != 1:
        raise CardFieldError("an ability is a mapping with one key: activated, triggered or "
                             "static", path)
    (key, body), = v.items()
    if key == "activated":
        return parse_activated(body, f"{path}.activated")
    if key == "triggered":
        return parse_triggered(body, f"{path}.triggered")
    if key == "static":
        return parse_static(body, f"{path}.static")
    raise CardFieldError(f"unknown ability kind '{key}'", path,
               suggest(str(key), ("activated", "triggered", "static")))


CARD_KEYS = ("name", "mana_cost", "supertypes", "types", "subtypes", "power", "toughness",
             "loyalty", "keywords", "abilities", "alternative_costs", "color_indicator", "text",
             "transforms_from", "back_face_of")


def _keywords(v: Any, path: str) -> tuple[str, ...]:
    """Keywords are free text, but one that restricts targeting must be understood
    (``protection from``/``hexproof from`` a quality, CR 702.16a, 702.11d)."""
    out = str_list(v, path)
    for i, kw in enumerate(out):
        problem = keyword_problem(kw)
        if problem:
            raise CardFieldError(problem, f"{path}[{i}]" if not isinstance(v, str) else path)
    return out


def _pt(v: Any, path: str) -> int | str | None:
    if v is None or isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise CardFieldError("expected a number or '*'", path)


def parse_card(v: Any, path: str = "") -> CardDefinition:
    """Parse one card entry of the card format.

    Raises
    ------
    CardDataError
        With the key path of the bad entry and a suggestion where one exists.
    """
    check_keys(v, path, CARD_KEYS, ("name", "types"))
    name = v["name"]
    if not isinstance(name, str) or not name.strip():
        raise CardFieldError("a card needs a name", f"{path}.name")
    types = tuple(t[:1].upper() + t[1:] for t in str_list(v["types"], f"{path}.types"))
    for t in types:
        if t not in CARD_TYPES:
            raise CardFieldError(f"unknown card type '{t}'", f"{path}.types",
                                 suggest(t, CARD_TYPES))
    supertypes = tuple(t[:1].upper() + t[1:]
                       for t in str_list(v.get("supertypes", []), f"{path}.supertypes"))
    for t in supertypes:
        if t not in SUPERTYPES:
            raise CardFieldError(f"unknown supertype '{t}'", f"{path}.supertypes",
                                 suggest(t, SUPERTYPES))
    alts = []
    for i, a in enumerate(v.get("alternative_costs", [])):
        p = f"{path}.alternative_costs[{i}]"
        check_keys(a, p, ("name", "mana_cost", "text", "extra"), ("name", "mana_cost"))
        alts.append(AlternativeCost(str(a["name"]),
                                    parse_mana_cost(a["mana_cost"], f"{p}.mana_cost"),
                                    str(a.get("text", "")),
                                    parse_params(a.get("extra", {}), f"{p}.extra", skip=())))
    indicator = None
    if "color_indicator" in v:
        indicator = sort_types(parse_color(c, f"{path}.color_indicator")
                               for c in str_list(v["color_indicator"], path))
    loyalty = v.get("loyalty")
    if loyalty is not None and (isinstance(loyalty, bool) or not isinstance(loyalty, int)):
        raise CardFieldError("expected a number", f"{path}.loyalty")
    abilities = v.get("abilities", [])
    if not isinstance(abilities, list):
        raise CardFieldError("expected a list of abilities", f"{path}.abilities")
    spell = parse_spell([(i, a["spell"]) for i, a in enumerate(abilities)
                         if isinstance(a, Mapping) and set(a) == {"spell"}], types, path)
    front, front_cost = None, None
    if "transforms_from" in v:
        # The back face of a transforming double-faced card (CR 712.8e).
        p = f"{path}.transforms_from"
        check_keys(v["transforms_from"], p, ("name", "mana_cost"), ("name", "mana_cost"))
        front = str(v["transforms_from"]["name"])
        front_cost = parse_mana_cost(v["transforms_from"]["mana_cost"], f"{p}.mana_cost")
        if v.get("mana_cost") not in (None, ""):
            raise CardFieldError("a back face has no mana cost of its own (CR 712.8e)",
                       f"{path}.mana_cost")
    if "back_face_of" in v:
        # The back face of a modal double-faced card: its own characteristics, mana
        # value included, but off the battlefield and the stack the card is its front
        # face (CR 712.8a, 712.8f).
        if front is not None:
            raise CardFieldError("a card has transforms_from or back_face_of, not both",
                                 f"{path}.back_face_of")
        if not isinstance(v["back_face_of"], str) or not v["back_face_of"].strip():
            raise CardFieldError("expected the front face's name", f"{path}.back_face_of")
        front = v["back_face_of"].strip()
    return CardDefinition(
        name=name.strip(),
        mana_cost=parse_mana_cost(v["mana_cost"], f"{path}.mana_cost") if v.get("mana_cost") not in
        (None, "") else None,
        supertypes=supertypes,
        types=types,
        subtypes=str_list(v.get("subtypes", []), f"{path}.subtypes"),
        power=_pt(v.get("power"), f"{path}.power"),
        toughness=_pt(v.get("toughness"), f"{path}.toughness"),
        loyalty=loyalty,
        keywords=_keywords(v.get("keywords", []), f"{path}.keywords"),
        abilities=tuple(parse_ability(a, f"{path}.abilities[{i}]")
                        for i, a in enumerate(abilities)
                        if not (isinstance(a, Mapping) and set(a) == {"spell"})),
        alternative_costs=tuple(alts),
        color_indicator=indicator,
        text=str(v.get("text", "")),
        front_face=front,
        front_face_mana_cost=front_cost,
        spell=spell,
    )


def parse_spell(parts: list[tuple[int, Any]], types: Any, path: str) -> SpellText | None:
    """The ``{spell: {effects, targets, text}}`` entries of an instant's or sorcery's
    abilities as one :class:`SpellText` (CR 608.2c: its lines in order); each entry's
    effects name its own targets by index, numbered on from the entries before."""
    if not parts:
        return None
    if not {"Instant", "Sorcery"} & set(types):
        raise CardFieldError("only an instant or sorcery has spell effects (CR 113.3a, "
                             "608.2)", f"{path}.abilities[{parts[0][0]}]")
    effects: list[Effect] = []
    targets: list[TargetSpec] = []
    lines: list[str] = []
    for i, body in parts:
        p = f"{path}.abilities[{i}].spell"
        check_keys(body, p, ("effects", "targets", "text"), ("effects", "text"))
        offset = len(targets)
        for j, t in enumerate(body.get("targets", [])):
            targets.append(parse_target(t, f"{p}.targets[{j}]"))
        for j, e in enumerate(body["effects"]):
            if isinstance(e, Mapping) and "target" in e:
                n = e["target"]
                if isinstance(n, bool) or not isinstance(n, int) \
                        or not 0 <= n < len(targets) - offset:
                    raise CardFieldError("an effect's target must be the index of one of "
                                         "its targets", f"{p}.effects[{j}].target")
                e = {**e, "target": n + offset}
            effects.append(parse_effect(e, f"{p}.effects[{j}]"))
        lines.append(str(body["text"]))
    return SpellText(tuple(effects), tuple(targets), tuple(lines))


def parse_cards(data: Any, path: str = "cards") -> list[CardDefinition]:
    if not isinstance(data, list):
        raise CardFieldError("a card file is a list of cards", path)
    return [parse_card(c, f"{path}[{i}]") for i, c in enumerate(data)]


#: The built-in cards compiled from ``data/cards/*`` (``python -m
#: manacheck.model.compile_cards`` writes it): each card's entry as JSON text, by name.
COMPILED_CARDS = "compiled_cards.json"


def _builtin_entries() -> list[tuple[str, str, Any]]:
    """Every built-in card entry from the sources: (file name, card name, entry)."""
    from importlib import resources

    import yaml

    out: list[tuple[str, str, Any]] = []
    folder = resources.files("manacheck.model").joinpath("data", "cards")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith((".yaml", ".yml", ".json")):
            continue
        text = entry.read_text(encoding="utf-8")
        # libyaml's C loader when present: several times faster than the pure-Python
        # one, which made CLI start-up the slowest part of `manacheck validate`.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = json.loads(text) if entry.name.endswith(".json") else yaml.load(text, loader)
        cards = parse_cards(data or [], path=entry.name)  # checks every entry
        out.extend((entry.name, card.name, raw) for card, raw in zip(cards, data or [],
                                                                       strict=True))
    return out


def parse_builtin_sources() -> CardDatabase:
    """The built-in cards parsed from their sources, every one (what the compiled form
    must equal)."""
    out: dict[str, CardDefinition] = {}
    for file_name, name, raw in _builtin_entries():
        if name in out:
            raise CardDataError(f"card '{name}' is defined twice (in {file_name})")
        out[name] = parse_card(raw, file_name)
    return CardDatabase(out)


def compiled_cards_text() -> str:
    """The compiled form of the built-in cards, as ``COMPILED_CARDS`` holds it."""
    cards: dict[str, str] = {}
    for file_name, name, raw in _builtin_entries():
        if name in cards:
            raise CardDataError(f"card '{name}' is defined twice (in {file_name})")
        cards[name] = json.dumps(raw, ensure_ascii=False,
                                 separators=(",", ":"))
    return json.dumps({"cards": cards}, ensure_ascii=False, indent=0) + "\n"


@functools.cache
def builtin_cards() -> CardDatabase:
    """The built-in card definitions shipped in ``model/data/cards/*.yaml``.

    Read from their compiled form; a definition is parsed only when first looked up,
    so a state file naming five cards parses five.
    """
    # Beside this module, as installed; not importlib.resources, whose import (zipfile,
    # threading) costs more than reading the file.
    text = (Path(__file__).parent / "data" / COMPILED_CARDS).read_text(encoding="utf-8")
    entries: dict[str, str] = json.loads(text)["cards"]
    return CardDatabase(LazyCards(entries, _parse_compiled))


def _parse_compiled(name: str, entry: str) -> CardDefinition:
    return parse_card(json.loads(entry), name)
