"""Card definitions back to the card format: the inverse of :mod:`.carddata`.

:func:`dump_card` writes a :class:`~.cards.CardDefinition` as the plain data a card file
holds (``cards:`` in a state file, or ``--cards FILE``), so that loading it back gives an
equal definition: ``parse_card(dump_card(c)) == c`` for every built-in card (a test
keeps it so). Defaults are left out, as a person would write the entry.

Rules
-----
None of its own: it writes what :mod:`.carddata` and :mod:`.cardformat` read.
"""

from __future__ import annotations

from typing import Any

from .abilities import (
    Ability,
    ActivatedAbility,
    Condition,
    CostKind,
    CostPart,
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
from .cards import CardDefinition
from .mana import ManaType

__all__ = ["dump_card"]

_TYPE_ORDER = "WUBRGC"


def _types_text(types: tuple[ManaType, ...]) -> str:
    return "".join("{" + t.value + "}" for t in types)


def dump_filter(f: ObjectFilter) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("types", "any_types", "not_types", "subtypes", "any_subtypes", "supertypes",
                "not_supertypes", "keywords", "not_keywords", "not_subtypes"):
        val = getattr(f, key)
        if val:
            out[key] = sorted(val)
    for key in ("colors", "not_colors"):
        if getattr(f, key):
            out[key] = sorted((c.value for c in getattr(f, key)), key=_TYPE_ORDER.index)
    if f.token is not None:
        out["token"] = f.token
    if f.counter is not None:
        out["counter"] = f.counter
    if f.compare:
        out["compare"] = [list(c) for c in f.compare]
    if f.combat is not None:
        out["combat"] = f.combat
    for key in ("colorless", "multicolored"):
        if getattr(f, key) is not None:
            out[key] = getattr(f, key)
    if f.mana_value is not None:
        out["mana_value"] = f.mana_value
    if f.controller is not None:
        out["controller"] = f.controller
    for key in ("another", "chosen_creature_type", "chosen_color", "enchanted"):
        if getattr(f, key):
            out[key] = True
    for key in ("tapped", "has_counters"):
        if getattr(f, key) is not None:
            out[key] = getattr(f, key)
    if f.name is not None:
        out["name"] = f.name
    if f.any_of:
        out["any_of"] = [dump_filter(a) for a in f.any_of]
    return out


def _value(v: object) -> Any:
    if isinstance(v, Params):
        return {k: _value(x) for k, x in v.items}
    if isinstance(v, ObjectFilter):
        return dump_filter(v)
    if isinstance(v, tuple):
        return [_value(x) for x in v]
    return v


def dump_params(p: Params) -> dict[str, Any]:
    return {k: _value(v) for k, v in p.items}


def _with_kind(kind: str, params: Params) -> dict[str, Any]:
    return {"kind": kind, **dump_params(params)}


def dump_effect(e: Effect) -> dict[str, Any]:
    return _with_kind(e.kind, e.params)


def dump_condition(c: Condition) -> dict[str, Any]:
    return _with_kind(c.kind, c.params)


def _restriction(r: SpendRestriction) -> dict[str, Any]:
    out: dict[str, Any] = {"text": r.text}
    if r.spells is not None:
        out["spells"] = dump_filter(r.spells)
    if r.abilities is not None:
        out["abilities"] = dump_filter(r.abilities)
    if r.not_generic:
        out["not_generic"] = True
        if r.any_use:
            del out["spells"], out["abilities"]
    if r.from_graveyard:
        out["from_graveyard"] = True
    if r.costs:
        out["costs"] = sorted(r.costs)
    if r.kicked:
        out["kicked"] = True
    if r.no_x_mana_cost:
        out["no_x_mana_cost"] = True
    if r.keyword_from_a_graveyard:
        out["keyword_from_a_graveyard"] = r.keyword_from_a_graveyard
    if r.abilities_of_cards:
        out["abilities_of_cards"] = True
    if r.commander:
        out["commander"] = True
    return out


def dump_mana(m: ManaProduction) -> dict[str, Any]:
    k = m.kind
    out: dict[str, Any]
    if k is ManaProductionKind.UNMODELLED:
        out = {"unmodelled": True}
    elif k is ManaProductionKind.POOL_COPY:
        out = {"pool_copy": m.amount}
    elif k is ManaProductionKind.FIXED:
        out = {"add": _types_text(m.mana)}
        if m.per_sacrificed_mana_value:
            out["per_sacrificed"] = "mana_value"
    elif k is ManaProductionKind.CHOICE:
        out = {"choice": [_types_text(o) for o in m.options]}
    elif k is ManaProductionKind.COULD_PRODUCE:
        assert m.could_produce is not None
        out = {"could_produce": {"lands": m.could_produce.lands, "of": m.could_produce.of}}
        if not m.could_produce.filter.is_empty:
            out["could_produce"]["filter"] = dump_filter(m.could_produce.filter)
    elif k is ManaProductionKind.COLOR_AMONG:
        assert m.colors_of is not None
        out = {"color_among": {"permanents": dump_filter(m.colors_of.filter)}
               if m.colors_of.what == "permanents" else m.colors_of.what}
    else:
        out = {{ManaProductionKind.ANY_COLOR: "any_color",
                ManaProductionKind.ONE_COLOR: "one_color",
                ManaProductionKind.CHOSEN_COLOR: "chosen_color",
                ManaProductionKind.DIFFERENT_COLORS: "different_colors",
                ManaProductionKind.PRODUCED_TYPE: "produced_type"}[k]: m.amount}
    if m.or_add:
        out["or_add"] = _types_text(m.or_add)
    if m.per is not None:
        out["per"] = dump_filter(m.per)
    if m.restriction is not None:
        out["restriction"] = _restriction(m.restriction)
    if m.amount_of == "number":
        out["amount_of"] = m.amount_plus
    elif m.amount_of == "counters":
        out["amount_of"] = {"counters": m.amount_counter}
    elif m.amount_of in ("graveyard", "greatest_power", "basic_land_types", "revealed") \
            and m.amount_filter is not None:
        out["amount_of"] = {m.amount_of: dump_filter(m.amount_filter)}
    elif m.amount_of:
        out["amount_of"] = m.amount_of
    if m.counter_first:
        out["counter_first"] = m.counter_first
    if m.amount_plus and m.amount_of != "number":
        out["amount_plus"] = m.amount_plus
    if m.instead is not None:
        out["instead"] = {"if": [dump_condition(c) for c in m.instead_if],
                          **dump_mana(m.instead)}
    return out


_PART_KEYS = {CostKind.SACRIFICE: "sacrifice", CostKind.DISCARD: "discard",
              CostKind.REMOVE_COUNTERS: "remove_counters",
              CostKind.ADD_COUNTERS: "add_counters",
              CostKind.EXILE_FROM_GRAVEYARD: "exile_from_graveyard",
              CostKind.TAP_UNTAPPED: "tap_untapped", CostKind.REVEAL: "reveal",
              CostKind.TAP_TOTAL_POWER: "tap_total_power", CostKind.RETURN: "return",
              CostKind.DISCARD_RANDOM: "discard_random",
              CostKind.EXILE: "exile", CostKind.EXILE_FROM_HAND: "exile_from_hand"}


def _part(c: CostPart) -> dict[str, Any]:
    k = c.kind
    if k is CostKind.SACRIFICE_SELF:
        return {"sacrifice": "self"}
    if k is CostKind.EXILE_SELF:
        return {"exile_self": True}
    if k is CostKind.DISCARD_HAND:
        return {"discard_hand": True}
    if k is CostKind.DISCARD_SELF:
        return {"discard_self": True}
    if k is CostKind.RETURN_SELF:
        return {"return_self": True}
    if k is CostKind.REVEAL_SELF:
        return {"reveal_self": True}
    if k is CostKind.PAY_ENERGY:
        return {"pay_energy": c.count}
    if k is CostKind.PAY_LIFE:
        return {"pay_life": c.count}
    if k is CostKind.MILL:
        return {"mill": c.count}
    if k is CostKind.EXERT_SELF:
        return {"exert_self": True}
    body: dict[str, Any] = {}
    if c.count != 1:
        body["count"] = c.count
    if not c.filter.is_empty:
        body["filter"] = dump_filter(c.filter)
    if c.counter:
        body["counter"] = c.counter
    return {_PART_KEYS[k]: body}


def _cost(ab: ActivatedAbility) -> Any:
    text = ab.mana_cost.text + ("{T}" if ab.tap else "") + ("{Q}" if ab.untap else "")
    if not ab.costs:
        return text
    return ([text] if text else []) + [_part(c) for c in ab.costs]


def dump_target(t: TargetSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"zone": t.zone}
    if not t.filter.is_empty:
        out["filter"] = dump_filter(t.filter)
    if not t.spell:
        out["spell"] = False
    if t.text:
        out["text"] = t.text
    if t.count != 1:
        out["count"] = t.count
    if t.up_to:
        out["up_to"] = True
    return out


def dump_activated(ab: ActivatedAbility) -> dict[str, Any]:
    out: dict[str, Any] = {"cost": _cost(ab)}
    if ab.mana is not None:
        out["mana"] = dump_mana(ab.mana)
    if ab.effects:
        out["effects"] = [dump_effect(e) for e in ab.effects]
    if ab.targets:
        out["targets"] = [dump_target(t) for t in ab.targets]
    if ab.timing != "instant":
        out["timing"] = ab.timing
    if ab.once_each_turn:
        out["once_each_turn"] = True
    if ab.per_turn:
        out["per_turn"] = ab.per_turn
    if ab.condition is not None:
        out["condition"] = dump_condition(ab.condition)
    if ab.zone is not Zone.BATTLEFIELD:
        out["zone"] = ab.zone.value
    if ab.loyalty:
        out["loyalty"] = True
    if ab.any_player:
        out["any_player"] = True
    if ab.text:
        out["text"] = ab.text
    return out


def dump_triggered(ab: TriggeredAbility) -> dict[str, Any]:
    out: dict[str, Any] = {"event": ab.event}
    if not ab.subject.is_empty:
        out["subject"] = dump_filter(ab.subject)
    if ab.self_only:
        out["self_only"] = True
    if ab.intervening_if is not None:
        out["intervening_if"] = dump_condition(ab.intervening_if)
    if ab.effects:
        out["effects"] = [dump_effect(e) for e in ab.effects]
    if ab.targets:
        out["targets"] = [dump_target(t) for t in ab.targets]
    if ab.optional:
        out["optional"] = True
    if ab.mana is not None:
        out["mana"] = dump_mana(ab.mana)
    if ab.your_turn_only:
        out["your_turn_only"] = True
    if ab.only_if_adds:
        out["only_if_adds"] = ab.only_if_adds
    if ab.text:
        out["text"] = ab.text
    return out


def _replacement(r: ManaReplacement) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not r.source.is_empty:
        out["source"] = dump_filter(r.source)
    if r.player is not None:
        out["player"] = r.player
    if not r.tapped_for_mana:
        out["tapped_for_mana"] = False
    if r.cases:
        out["cases"] = [{"source": dump_filter(f), "produces": t.value} for f, t in r.cases]
    if r.set_type is not None:
        out["set_type"] = r.set_type.value
    if r.set_amount is not None:
        out["set_amount"] = r.set_amount
    if r.multiply is not None:
        out["multiply"] = r.multiply
    if r.only_if_at_least is not None:
        out["only_if_at_least"] = r.only_if_at_least
    if r.only_if_produces:
        out["only_if_produces"] = sorted((t.value for t in r.only_if_produces),
                                         key=_TYPE_ORDER.index)
    return out


def dump_static(ab: StaticAbility) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": ab.kind}
    if not ab.affected.is_empty:
        out["affected"] = dump_filter(ab.affected)
    if ab.replacement is not None:
        out["replacement"] = _replacement(ab.replacement)
    if ab.set_subtypes:
        out["set_subtypes"] = list(ab.set_subtypes)
    if ab.add_subtypes:
        out["add_subtypes"] = list(ab.add_subtypes)
    if ab.granted is not None:
        out["granted"] = dump_activated(ab.granted)
    if ab.counter:
        out["counter"] = ab.counter
    if ab.count:
        out["count"] = ab.count
    if ab.params.items:
        out["params"] = dump_params(ab.params)
    if ab.duration:
        out["duration"] = ab.duration
    if ab.text:
        out["text"] = ab.text
    if ab.affects:
        out["affects"] = list(ab.affects)
    if ab.self_only:
        out["self_only"] = True
    if ab.multiply is not None:
        out["multiply"] = ab.multiply
    if ab.effects_only:
        out["effects_only"] = True
    if ab.add_types:
        out["add_types"] = list(ab.add_types)
    if ab.set_power_toughness is not None:
        out["set_power_toughness"] = ab.set_power_toughness
    if ab.set_types:
        out["set_types"] = list(ab.set_types)
    if ab.set_colors is not None:
        out["set_colors"] = ab.set_colors
    if ab.lose_abilities:
        out["lose_abilities"] = True
    return out


def dump_ability(ab: Ability) -> dict[str, Any]:
    if isinstance(ab, ActivatedAbility):
        return {"activated": dump_activated(ab)}
    if isinstance(ab, TriggeredAbility):
        return {"triggered": dump_triggered(ab)}
    return {"static": dump_static(ab)}


def dump_card(card: CardDefinition) -> dict[str, Any]:
    """The card as a card-format entry that loads back to an equal definition."""
    out: dict[str, Any] = {"name": card.name}
    if card.mana_cost is not None:
        out["mana_cost"] = card.mana_cost.text
    if card.supertypes:
        out["supertypes"] = list(card.supertypes)
    out["types"] = list(card.types)
    if card.subtypes:
        out["subtypes"] = list(card.subtypes)
    for key in ("power", "toughness", "loyalty"):
        if getattr(card, key) is not None:
            out[key] = getattr(card, key)
    if card.keywords:
        out["keywords"] = list(card.keywords)
    if card.color_indicator is not None:
        out["color_indicator"] = [t.value for t in card.color_indicator]
    if card.front_face is not None and card.front_face_mana_cost is None:
        out["back_face_of"] = card.front_face  # a modal double-faced card's back face
    elif card.front_face is not None:
        out["transforms_from"] = {"name": card.front_face,
                                  "mana_cost": card.front_face_mana_cost.text
                                  if card.front_face_mana_cost is not None else ""}
    if card.alternative_costs:
        out["alternative_costs"] = [
            {"name": a.name, "mana_cost": a.mana_cost.text,
             **({"text": a.text} if a.text else {}),
             **({"extra": dump_params(a.extra)} if a.extra.items else {})}
            for a in card.alternative_costs]
    if card.text:
        out["text"] = card.text
    if card.abilities:
        out["abilities"] = [dump_ability(a) for a in card.abilities]
    if card.spell is not None:
        # one entry for every line read (CR 608.2c: in order), its targets numbered so
        out.setdefault("abilities", []).append({"spell": {
            "effects": [dump_effect(e) for e in card.spell.effects],
            **({"targets": [dump_target(t) for t in card.spell.targets]}
               if card.spell.targets else {}),
            "text": "\n".join(card.spell.lines)}})
    return out
