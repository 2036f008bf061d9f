"""Card definitions and the card format: cards are data, never code.

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
            intervening_if: {kind: hand_size_less_than, count: 7}
            effects: [{kind: draw_up_to, count: 7}]
        - activated:
            cost: [{discard: {filter: {mana_value: X}}}]
            targets: [{zone: stack, filter: {mana_value: X}}]
            effects: [{kind: counter_target, target: 0}]

See ``docs`` in README.md ("Card format") for every key.

Rules
-----
CR 305.6: basic land types give intrinsic mana abilities; they are not written in the
card data, they follow from the subtypes (see ``characteristics``).
"""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from .abilities import (
    Ability,
    ActivatedAbility,
    AlternativeCost,
    Condition,
    CostKind,
    CostPart,
    CouldProduceRef,
    Effect,
    ManaProduction,
    ManaProductionKind,
    ManaReplacement,
    ObjectFilter,
    Params,
    SpendRestriction,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    Zone,
)
from .errors import CardDataError, ManacheckError, UnknownObject
from .keywords import keyword_problem
from .mana import ManaCost, ManaType, SymbolKind, parse_mana_types, sort_types

__all__ = [
    "BASIC_LAND_TYPES",
    "CARD_TYPES",
    "CardDatabase",
    "CardDefinition",
    "builtin_cards",
    "parse_card",
    "parse_cards",
]

CARD_TYPES = frozenset(
    {
        "Artifact",
        "Battle",
        "Creature",
        "Enchantment",
        "Instant",
        "Kindred",
        "Land",
        "Planeswalker",
        "Sorcery",
    }
)
SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
# CR 305.6: the basic land types and the mana ability each one grants.
BASIC_LAND_TYPES: Mapping[str, ManaType] = {
    "Plains": ManaType.W,
    "Island": ManaType.U,
    "Swamp": ManaType.B,
    "Mountain": ManaType.R,
    "Forest": ManaType.G,
}
PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


@dataclass(frozen=True)
class CardDefinition:
    """A card's printed characteristics and abilities (CR 109.3).

    ``mana_cost`` is None for a card with no mana cost (lands); ``colors`` is the
    card's color (CR 202.2): from its mana cost unless ``color_indicator`` or devoid
    says otherwise.
    """

    name: str
    mana_cost: ManaCost | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    loyalty: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    alternative_costs: tuple[AlternativeCost, ...] = ()
    color_indicator: tuple[ManaType, ...] | None = None
    text: str = ""
    #: For the back face of a transforming double-faced card: its front face's name and
    #: mana cost (CR 712.8e: the back face up, the mana value is the front face's).
    front_face: str | None = None
    front_face_mana_cost: ManaCost | None = None

    @property
    def colors(self) -> tuple[ManaType, ...]:
        """CR 202.2: a card's colors come from its mana cost, or its color indicator.

        Devoid (CR 702.114a) makes it colorless.
        """
        if "Devoid" in self.keywords:
            return ()
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors if self.mana_cost is not None else ()

    def mana_value(self, x: int = 0) -> int:
        """CR 202.3: 0 with no mana cost (202.3a); ``x`` only on the stack (202.3e).

        A transformed permanent (a back face) has its front face's mana value (CR
        712.8e), though no mana cost of its own.
        """
        if self.mana_cost is None and self.front_face_mana_cost is not None:
            return self.front_face_mana_cost.mana_value(0)
        return self.mana_cost.mana_value(x) if self.mana_cost is not None else 0

    @property
    def is_permanent_card(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def is_spell_card(self) -> bool:
        """Cards that can be cast: every card that isn't a land (CR 300.2a, 305.9)."""
        return "Land" not in self.types

    @property
    def has_variable_cost(self) -> bool:
        return self.mana_cost is not None and self.mana_cost.has_variable

    @property
    def activated_abilities(self) -> tuple[ActivatedAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, ActivatedAbility))

    @property
    def triggered_abilities(self) -> tuple[TriggeredAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, TriggeredAbility))

    @property
    def static_abilities(self) -> tuple[StaticAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, StaticAbility))

    @property
    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


# ---------------------------------------------------------------------------------------
# Parsing the card format. Each function takes the raw value and its key path.
# ---------------------------------------------------------------------------------------


class _Err(CardDataError):
    def __init__(self, message: str, path: str, suggestion: str | None = None) -> None:
        super().__init__(f"{message} at {path}" if path else message, suggestion=suggestion)
        self.path = path


def _suggest(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _keys(d: Any, path: str, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
    if not isinstance(d, Mapping):
        raise _Err(f"expected a mapping, got {type(d).__name__}", path)
    allowed_set = set(allowed)
    for k in d:
        if k not in allowed_set:
            raise _Err(f"unknown key '{k}'", path, _suggest(str(k), allowed_set))
    for k in required:
        if k not in d:
            raise _Err(f"missing key '{k}'", path)


def _str_list(v: Any, path: str) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _Err("expected a list of strings", path)
    return tuple(v)


def _keywords(v: Any, path: str) -> tuple[str, ...]:
    """Keywords are free text, but one that restricts targeting must be understood
    (``protection from``/``hexproof from`` a quality, CR 702.16a, 702.11d)."""
    out = _str_list(v, path)
    for i, kw in enumerate(out):
        problem = keyword_problem(kw)
        if problem:
            raise _Err(problem, f"{path}[{i}]" if not isinstance(v, str) else path)
    return out


def _cost(v: Any, path: str) -> ManaCost:
    if not isinstance(v, str):
        raise _Err("expected mana text such as '{2}{G}'", path)
    try:
        return ManaCost.parse(v)
    except ManacheckError as e:
        raise _Err(e.message, path, e.suggestion) from None


def _types(v: Any, path: str) -> tuple[ManaType, ...]:
    if not isinstance(v, str):
        raise _Err("expected mana text such as '{B}{R}'", path)
    try:
        return parse_mana_types(v)
    except ManacheckError as e:
        raise _Err(e.message, path, e.suggestion) from None


_COLOR_WORDS = {"white": ManaType.W, "blue": ManaType.U, "black": ManaType.B, "red": ManaType.R,
                "green": ManaType.G}


def _color(v: Any, path: str) -> ManaType:
    if isinstance(v, str):
        s = v.strip("{}").upper()
        if s in ManaType.__members__:
            return ManaType[s]
        if v.lower() in _COLOR_WORDS:
            return _COLOR_WORDS[v.lower()]
    raise _Err(f"not a mana type: {v!r}", path, "use W, U, B, R, G or C")


FILTER_KEYS = (
    "types", "any_types", "not_types", "subtypes", "any_subtypes", "supertypes",
    "not_supertypes", "colors", "colorless", "multicolored", "mana_value", "controller",
    "another", "tapped", "has_counters", "name", "chosen_creature_type", "enchanted",
    "any_of",
)


def parse_filter(v: Any, path: str) -> ObjectFilter:
    """Parse an object filter; ``types`` etc. accept lower-case words."""
    if v is None:
        return ObjectFilter()
    _keys(v, path, FILTER_KEYS)

    def words(key: str) -> frozenset[str]:
        return frozenset(w[:1].upper() + w[1:] for w in _str_list(v[key], f"{path}.{key}"))

    kw: dict[str, Any] = {}
    for key in ("types", "any_types", "not_types", "subtypes", "any_subtypes", "supertypes",
                "not_supertypes"):
        if key in v:
            kw[key] = words(key)
    if "colors" in v:
        kw["colors"] = frozenset(_color(c, f"{path}.colors") for c in _str_list(v["colors"], path))
    for key in ("colorless", "multicolored", "another", "tapped", "has_counters",
                "chosen_creature_type", "enchanted"):
        if key in v:
            if not isinstance(v[key], bool):
                raise _Err("expected true or false", f"{path}.{key}")
            kw[key] = v[key]
    if "mana_value" in v:
        mv = v["mana_value"]
        if isinstance(mv, bool) or not isinstance(mv, int | str):
            raise _Err("expected a number or a variable such as X", f"{path}.mana_value")
        kw["mana_value"] = mv
    if "controller" in v:
        if v["controller"] not in ("you", "opponent"):
            raise _Err("controller must be 'you' or 'opponent'", f"{path}.controller")
        kw["controller"] = v["controller"]
    if "name" in v:
        if not isinstance(v["name"], str):
            raise _Err("expected a card name", f"{path}.name")
        kw["name"] = v["name"]
    if "any_of" in v:
        alts = v["any_of"]
        if not isinstance(alts, list) or len(alts) < 2:
            raise _Err("any_of is a list of at least two filters", f"{path}.any_of")
        kw["any_of"] = tuple(parse_filter(a, f"{path}.any_of[{i}]") for i, a in enumerate(alts))
    return ObjectFilter(**kw)


def _params(d: Mapping[str, Any], path: str, skip: Iterable[str] = ("kind",)) -> Params:
    items: dict[str, object] = {}
    for k, val in d.items():
        if k in skip:
            continue
        if k == "filter":
            items[k] = parse_filter(val, f"{path}.{k}")
        elif isinstance(val, list):
            items[k] = tuple(val)
        elif isinstance(val, dict):
            items[k] = _freeze(val)
        else:
            items[k] = val
    return Params(tuple(sorted(((str(k), v) for k, v in items.items()), key=lambda kv: kv[0])))


def _freeze(v: Any) -> object:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return Params(tuple(sorted(((str(a), _freeze(b)) for a, b in v.items()),
                                   key=lambda kv: kv[0])))
    return v


def parse_effect(v: Any, path: str) -> Effect:
    if not isinstance(v, Mapping) or "kind" not in v or not isinstance(v["kind"], str):
        raise _Err("an effect is a mapping with a 'kind'", path)
    return Effect(v["kind"], _params(v, path))


def parse_condition(v: Any, path: str) -> Condition:
    if not isinstance(v, Mapping) or "kind" not in v or not isinstance(v["kind"], str):
        raise _Err("a condition is a mapping with a 'kind'", path)
    return Condition(v["kind"], _params(v, path))


def _restriction(v: Any, path: str) -> SpendRestriction:
    _keys(v, path, ("text", "spells", "abilities"), ("text",))
    return SpendRestriction(
        text=str(v["text"]),
        spells=parse_filter(v["spells"], f"{path}.spells") if "spells" in v else None,
        abilities=parse_filter(v["abilities"], f"{path}.abilities") if "abilities" in v else None,
    )


MANA_KEYS = ("add", "choice", "any_color", "one_color", "chosen_color", "could_produce",
             "produced_type", "unmodelled", "per", "restriction", "per_sacrificed")


def parse_mana(v: Any, path: str) -> ManaProduction:
    """Parse what a mana ability adds.

    ``{add: "{C}{C}"}``, ``{choice: ["{B}{B}", "{B}{R}"]}``, ``{any_color: 1}``,
    ``{one_color: 3}``, ``{chosen_color: 1}``,
    ``{could_produce: {lands: you, of: type}}``, ``{produced_type: 1}``,
    ``{unmodelled: true}`` (adds mana the format can't describe: devotion, "for each
    color among ...", an exiled card's mana value; CR 605.1a still classifies it and
    solvers refuse to guess); optional ``per: FILTER`` and
    ``restriction: {text, spells, abilities}``.
    """
    _keys(v, path, MANA_KEYS)
    kinds = [k for k in ("add", "choice", "any_color", "one_color", "chosen_color",
                         "could_produce", "produced_type", "unmodelled") if k in v]
    if len(kinds) != 1:
        raise _Err("a mana production needs exactly one of add, choice, any_color, "
                   "one_color, chosen_color, could_produce, produced_type, unmodelled",
                   path)
    k = kinds[0]
    per = parse_filter(v["per"], f"{path}.per") if "per" in v else None
    restriction = _restriction(v["restriction"], f"{path}.restriction") if "restriction" in v \
        else None
    p = f"{path}.{k}"
    if k == "unmodelled":
        if v[k] is not True:
            raise _Err("unmodelled takes true (describe the mana in the ability's text)", p)
        # amount stays 1 so that no solver mistakes it for "adds nothing" (CR 106.5).
        return ManaProduction(ManaProductionKind.UNMODELLED, per=per, restriction=restriction)
    if "per_sacrificed" in v and (k != "add" or v["per_sacrificed"] != "mana_value"):
        raise _Err("per_sacrificed: mana_value goes with add (Soldevi Adnate)",
                   f"{path}.per_sacrificed")
    if k == "add":
        return ManaProduction(ManaProductionKind.FIXED, mana=_types(v[k], p), amount=0, per=per,
                              restriction=restriction,
                              per_sacrificed_mana_value="per_sacrificed" in v)
    if k == "choice":
        if not isinstance(v[k], list) or not v[k]:
            raise _Err("expected a list of mana options", p)
        opts = tuple(_types(o, f"{p}[{i}]") for i, o in enumerate(v[k]))
        return ManaProduction(ManaProductionKind.CHOICE, options=opts, amount=0, per=per,
                              restriction=restriction)
    if k == "could_produce":
        _keys(v[k], p, ("lands", "of"), ("lands", "of"))
        lands, of = v[k]["lands"], v[k]["of"]
        if lands not in ("you", "opponent", "sacrificed") or of not in ("type", "color"):
            raise _Err("could_produce needs lands: you|opponent|sacrificed, of: type|color", p)
        return ManaProduction(ManaProductionKind.COULD_PRODUCE,
                              could_produce=CouldProduceRef(lands, of), per=per,
                              restriction=restriction)
    n = v[k]
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise _Err("expected a positive number of mana", p)
    kind = {
        "any_color": ManaProductionKind.ANY_COLOR,
        "one_color": ManaProductionKind.ONE_COLOR,
        "chosen_color": ManaProductionKind.CHOSEN_COLOR,
        "produced_type": ManaProductionKind.PRODUCED_TYPE,
    }[k]
    return ManaProduction(kind, amount=n, per=per, restriction=restriction)


_COST_KINDS = {
    "sacrifice": CostKind.SACRIFICE,
    "discard": CostKind.DISCARD,
    "pay_life": CostKind.PAY_LIFE,
    "remove_counters": CostKind.REMOVE_COUNTERS,
    "exile_from_graveyard": CostKind.EXILE_FROM_GRAVEYARD,
    "tap_untapped": CostKind.TAP_UNTAPPED,
    "reveal": CostKind.REVEAL,
    "exile": CostKind.EXILE,
}


def parse_cost(v: Any, path: str) -> tuple[ManaCost, bool, bool, tuple[CostPart, ...]]:
    """Parse an activation cost: mana/{T}/{Q} text and structured parts.

    ``"{2}{T}"`` or a list mixing such text with ``{sacrifice: self}``,
    ``{sacrifice: {count: 1, filter: {...}}}``, ``{discard: {filter: {mana_value: X}}}``,
    ``{discard_hand: true}``, ``{discard_self: true}``, ``{pay_life: 2}``,
    ``{remove_counters: {counter: "+1/+1", count: 1}}``, ``{exile_self: true}``,
    ``{exile_from_graveyard: {count: 1, filter: ...}}``,
    ``{tap_untapped: {count: 1, filter: {types: [creature]}}}``,
    ``{exile: {count: 1, filter: {types: [creature], controller: you}}}``.
    """
    items = v if isinstance(v, list) else [v]
    symbols: list[Any] = []
    parts: list[CostPart] = []
    for i, item in enumerate(items):
        p = f"{path}[{i}]" if isinstance(v, list) else path
        if isinstance(item, str):
            try:
                symbols.extend(ManaCost.parse(item, allow_tap=True).symbols)
            except ManacheckError as e:
                raise _Err(e.message, p, e.suggestion) from None
            continue
        if not isinstance(item, Mapping) or len(item) != 1:
            raise _Err("a cost part is mana text or a one-key mapping", p)
        (key, arg), = item.items()
        if key == "sacrifice" and arg == "self":
            parts.append(CostPart(CostKind.SACRIFICE_SELF))
        elif key == "exile_self":
            parts.append(CostPart(CostKind.EXILE_SELF))
        elif key == "discard_hand":
            parts.append(CostPart(CostKind.DISCARD_HAND))
        elif key == "discard_self":
            parts.append(CostPart(CostKind.DISCARD_SELF))
        elif key == "pay_life":
            if isinstance(arg, bool) or not isinstance(arg, int) or arg < 0:
                raise _Err("pay_life needs a number", p)
            parts.append(CostPart(CostKind.PAY_LIFE, count=arg))
        elif key in _COST_KINDS:
            arg = arg or {}
            _keys(arg, f"{p}.{key}", ("count", "filter", "counter"))
            count = arg.get("count", 1)
            if isinstance(count, bool) or not isinstance(count, int | str):
                raise _Err("count must be a number or a variable", f"{p}.{key}.count")
            parts.append(CostPart(_COST_KINDS[key], count=count,
                                  filter=parse_filter(arg.get("filter"), f"{p}.{key}.filter"),
                                  counter=str(arg.get("counter", ""))))
        else:
            raise _Err(f"unknown cost part '{key}'", p,
                       _suggest(str(key), [*_COST_KINDS, "exile_self", "discard_hand",
                                               "discard_self"]))
    tap = any(s.kind is SymbolKind.TAP for s in symbols)
    untap = any(s.kind is SymbolKind.UNTAP for s in symbols)
    mana = ManaCost(tuple(s for s in symbols if s.is_mana))
    return mana, tap, untap, tuple(parts)


def parse_target(v: Any, path: str) -> TargetSpec:
    _keys(v, path, ("zone", "filter", "spell", "text", "count"), ("zone",))
    count = v.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int | str):
        raise _Err("count must be a number or a variable", f"{path}.count")
    zone = v["zone"]
    if zone not in ("stack", "battlefield", "graveyard", "player", "any"):
        raise _Err(f"unknown target zone '{zone}'", f"{path}.zone",
                   "use stack, battlefield, graveyard, player or any")
    return TargetSpec(zone=zone, filter=parse_filter(v.get("filter"), f"{path}.filter"),
                      spell=bool(v.get("spell", True)), text=str(v.get("text", "")),
                      count=count)


ACTIVATED_KEYS = ("cost", "mana", "effects", "targets", "timing", "once_each_turn",
                  "condition", "zone", "loyalty", "text")


def parse_activated(v: Any, path: str) -> ActivatedAbility:
    _keys(v, path, ACTIVATED_KEYS, ("cost",))
    mana, tap, untap, parts = parse_cost(v["cost"], f"{path}.cost")
    timing = v.get("timing", "instant")
    if timing not in ("instant", "sorcery", "as_instant"):
        raise _Err("timing must be 'instant', 'sorcery' or 'as_instant'", f"{path}.timing")
    zone_name = v.get("zone", "battlefield")
    try:
        zone = Zone(zone_name)
    except ValueError:
        raise _Err(f"unknown zone '{zone_name}'", f"{path}.zone",
                   _suggest(str(zone_name), [z.value for z in Zone])) from None
    return ActivatedAbility(
        mana_cost=mana,
        tap=tap,
        untap=untap,
        costs=parts,
        mana=parse_mana(v["mana"], f"{path}.mana") if "mana" in v else None,
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
    )


TRIGGERED_KEYS = ("event", "subject", "self_only", "intervening_if", "effects", "targets",
                  "optional", "mana", "your_turn_only", "text")


def parse_triggered(v: Any, path: str) -> TriggeredAbility:
    _keys(v, path, TRIGGERED_KEYS, ("event",))
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
    )


REPLACEMENT_KEYS = ("source", "player", "tapped_for_mana", "cases", "set_type", "set_amount",
                    "multiply", "only_if_produces")


def parse_replacement(v: Any, path: str) -> ManaReplacement:
    _keys(v, path, REPLACEMENT_KEYS)
    cases = []
    for i, c in enumerate(v.get("cases", [])):
        _keys(c, f"{path}.cases[{i}]", ("source", "produces"), ("source", "produces"))
        cases.append((parse_filter(c["source"], f"{path}.cases[{i}].source"),
                      _color(c["produces"], f"{path}.cases[{i}].produces")))
    return ManaReplacement(
        source=parse_filter(v.get("source"), f"{path}.source"),
        player=v.get("player"),
        tapped_for_mana=bool(v.get("tapped_for_mana", True)),
        cases=tuple(cases),
        set_type=_color(v["set_type"], f"{path}.set_type") if "set_type" in v else None,
        set_amount=v.get("set_amount"),
        multiply=v.get("multiply"),
        only_if_produces=frozenset(_color(c, f"{path}.only_if_produces")
                                   for c in _str_list(v.get("only_if_produces", []), path)),
    )


STATIC_KEYS = ("kind", "affected", "replacement", "set_subtypes", "add_subtypes", "granted",
               "counter", "count", "params", "duration", "text")
STATIC_KINDS = ("mana_replacement", "land_types", "grant_ability", "enters_with_counters",
                "spend_as_any_color", "cost_modifier", "other")


def parse_static(v: Any, path: str) -> StaticAbility:
    _keys(v, path, STATIC_KEYS, ("kind",))
    kind = v["kind"]
    if kind not in STATIC_KINDS:
        raise _Err(f"unknown static ability kind '{kind}'", f"{path}.kind",
                   _suggest(str(kind), STATIC_KINDS))
    count = v.get("count", 0)
    return StaticAbility(
        kind=kind,
        affected=parse_filter(v.get("affected"), f"{path}.affected"),
        replacement=parse_replacement(v["replacement"], f"{path}.replacement")
        if "replacement" in v else None,
        set_subtypes=_str_list(v.get("set_subtypes", []), f"{path}.set_subtypes"),
        add_subtypes=_str_list(v.get("add_subtypes", []), f"{path}.add_subtypes"),
        granted=parse_activated(v["granted"], f"{path}.granted") if "granted" in v else None,
        counter=str(v.get("counter", "")),
        count=count if isinstance(count, int | str) else 0,
        params=_params(v.get("params", {}), f"{path}.params", skip=()),
        duration=str(v.get("duration", "")),
        text=str(v.get("text", "")),
    )


def parse_ability(v: Any, path: str) -> Ability:
    if not isinstance(v, Mapping) or len(v) != 1:
        raise _Err("an ability is a mapping with one key: activated, triggered or static", path)
    (key, body), = v.items()
    if key == "activated":
        return parse_activated(body, f"{path}.activated")
    if key == "triggered":
        return parse_triggered(body, f"{path}.triggered")
    if key == "static":
        return parse_static(body, f"{path}.static")
    raise _Err(f"unknown ability kind '{key}'", path,
               _suggest(str(key), ("activated", "triggered", "static")))


CARD_KEYS = ("name", "mana_cost", "supertypes", "types", "subtypes", "power", "toughness",
             "loyalty", "keywords", "abilities", "alternative_costs", "color_indicator", "text",
             "transforms_from")


def _pt(v: Any, path: str) -> int | str | None:
    if v is None or isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
        return v
    raise _Err("expected a number or '*'", path)


def parse_card(v: Any, path: str = "") -> CardDefinition:
    """Parse one card entry of the card format.

    Raises
    ------
    CardDataError
        With the key path of the bad entry and a suggestion where one exists.
    """
    _keys(v, path, CARD_KEYS, ("name", "types"))
    name = v["name"]
    if not isinstance(name, str) or not name.strip():
        raise _Err("a card needs a name", f"{path}.name")
    types = tuple(t[:1].upper() + t[1:] for t in _str_list(v["types"], f"{path}.types"))
    for t in types:
        if t not in CARD_TYPES:
            raise _Err(f"unknown card type '{t}'", f"{path}.types", _suggest(t, CARD_TYPES))
    supertypes = tuple(t[:1].upper() + t[1:]
                       for t in _str_list(v.get("supertypes", []), f"{path}.supertypes"))
    for t in supertypes:
        if t not in SUPERTYPES:
            raise _Err(f"unknown supertype '{t}'", f"{path}.supertypes", _suggest(t, SUPERTYPES))
    alts = []
    for i, a in enumerate(v.get("alternative_costs", [])):
        p = f"{path}.alternative_costs[{i}]"
        _keys(a, p, ("name", "mana_cost", "text", "extra"), ("name", "mana_cost"))
        alts.append(AlternativeCost(str(a["name"]), _cost(a["mana_cost"], f"{p}.mana_cost"),
                                    str(a.get("text", "")),
                                    _params(a.get("extra", {}), f"{p}.extra", skip=())))
    indicator = None
    if "color_indicator" in v:
        indicator = sort_types(_color(c, f"{path}.color_indicator")
                               for c in _str_list(v["color_indicator"], path))
    loyalty = v.get("loyalty")
    if loyalty is not None and (isinstance(loyalty, bool) or not isinstance(loyalty, int)):
        raise _Err("expected a number", f"{path}.loyalty")
    abilities = v.get("abilities", [])
    if not isinstance(abilities, list):
        raise _Err("expected a list of abilities", f"{path}.abilities")
    front, front_cost = None, None
    if "transforms_from" in v:
        # The back face of a transforming double-faced card (CR 712.8e).
        p = f"{path}.transforms_from"
        _keys(v["transforms_from"], p, ("name", "mana_cost"), ("name", "mana_cost"))
        front = str(v["transforms_from"]["name"])
        front_cost = _cost(v["transforms_from"]["mana_cost"], f"{p}.mana_cost")
        if v.get("mana_cost") not in (None, ""):
            raise _Err("a back face has no mana cost of its own (CR 712.8e)",
                       f"{path}.mana_cost")
    return CardDefinition(
        name=name.strip(),
        mana_cost=_cost(v["mana_cost"], f"{path}.mana_cost") if v.get("mana_cost") not in
        (None, "") else None,
        supertypes=supertypes,
        types=types,
        subtypes=_str_list(v.get("subtypes", []), f"{path}.subtypes"),
        power=_pt(v.get("power"), f"{path}.power"),
        toughness=_pt(v.get("toughness"), f"{path}.toughness"),
        loyalty=loyalty,
        keywords=_keywords(v.get("keywords", []), f"{path}.keywords"),
        abilities=tuple(parse_ability(a, f"{path}.abilities[{i}]")
                        for i, a in enumerate(abilities)),
        alternative_costs=tuple(alts),
        color_indicator=indicator,
        text=str(v.get("text", "")),
        front_face=front,
        front_face_mana_cost=front_cost,
    )


def parse_cards(data: Any, path: str = "cards") -> list[CardDefinition]:
    if not isinstance(data, list):
        raise _Err("a card file is a list of cards", path)
    return [parse_card(c, f"{path}[{i}]") for i, c in enumerate(data)]


#: Said when a name matches no card at all: how a user adds one.
HOW_TO_ADD_A_CARD = ("to use a card manacheck doesn't know, define it under 'cards:' in the "
                     "state file or in a file given with --cards, in the format of the "
                     "built-in cards (model/data/cards/*.yaml; README, 'Extra cards')")


@dataclass(frozen=True)
class CardDatabase:
    """Card definitions by name; later definitions override earlier ones."""

    cards: Mapping[str, CardDefinition] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        """As :meth:`get`: any letter case."""
        return isinstance(name, str) and self.get(name) is not None

    def __getitem__(self, name: str) -> CardDefinition:
        card = self.get(name)
        if card is None:
            raise UnknownObject(f"unknown card '{name}'",
                                suggestion=self.suggest(name) or HOW_TO_ADD_A_CARD)
        return card

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> CardDefinition | None:
        """The card named ``name``; letter case doesn't matter (``llanowar elves``), but an
        exact spelling wins when two definitions differ only in case."""
        card = self.cards.get(name)
        if card is None:
            canonical = self._by_lower.get(name.strip().lower())
            card = self.cards[canonical] if canonical is not None else None
        return card

    @functools.cached_property
    def _by_lower(self) -> dict[str, str]:
        return {n.lower(): n for n in self.cards}

    def suggest(self, name: str) -> str | None:
        """'did you mean ...?' for the nearest card names: names that contain what was
        typed (``Gaea`` gives Gaea's Cradle), then names spelled alike."""
        lower = self._by_lower
        typed = name.strip().lower()
        if not typed:
            return None
        close = sorted(lower[n] for n in lower if typed in n and n != typed)[:3]
        if not close:
            close = difflib.get_close_matches(name, list(self.cards), n=3, cutoff=0.6)
        if not close:
            close = [lower[c] for c in difflib.get_close_matches(typed, list(lower),
                                                                 n=3, cutoff=0.6)]
        close = [c for c in close if c != name]
        if not close:
            return None
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"

    def extended(self, extra: Sequence[CardDefinition]) -> CardDatabase:
        merged = dict(self.cards)
        for card in extra:
            merged[card.name] = card
        return CardDatabase(merged)


@functools.cache
def builtin_cards() -> CardDatabase:
    """The built-in card definitions shipped in ``model/data/cards/*.yaml``."""
    import yaml

    out: dict[str, CardDefinition] = {}
    folder = resources.files("manacheck.model").joinpath("data", "cards")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith((".yaml", ".yml", ".json")):
            continue
        text = entry.read_text(encoding="utf-8")
        # libyaml's C loader when present: several times faster than the pure-Python
        # one, which made CLI start-up the slowest part of `manacheck validate`.
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = json.loads(text) if entry.name.endswith(".json") else yaml.load(text, loader)
        for card in parse_cards(data or [], path=entry.name):
            if card.name in out:
                raise CardDataError(f"card '{card.name}' is defined twice (in {entry.name})")
            out[card.name] = card
    return CardDatabase(out)


def intrinsic_mana_ability(land_type: str) -> ActivatedAbility:
    """CR 305.6: the intrinsic "{T}: Add [mana]" of a basic land type."""
    t = BASIC_LAND_TYPES[land_type]
    return ActivatedAbility(
        tap=True,
        mana=ManaProduction(ManaProductionKind.FIXED, mana=(t,), amount=0),
        text=f"{{T}}: Add {{{t.value}}}. (CR 305.6: intrinsic to {land_type})",
    )

