"""The values inside card entries: filters, costs, mana, targets, effects, conditions.

Each ``parse_*`` function takes the raw value (plain data from YAML or JSON) and its key
path, and raises :class:`CardFieldError` naming that path. Whole cards and abilities
are read by ``carddata``, which builds on these.

Rules
-----
CR 106.5, 605.1a: mana the format can't describe (``unmodelled``) is still a mana
ability and never "adds nothing". CR 118: costs; CR 602.1a: an activation cost is
everything before the colon. CR 115: targets.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from .abilities import (
    ColorsRef,
    Condition,
    CostKind,
    CostPart,
    CouldProduceRef,
    Effect,
    ManaProduction,
    ManaProductionKind,
    ObjectFilter,
    Params,
    SpendRestriction,
    TargetSpec,
)
from .errors import CardDataError, ManacheckError
from .mana import ManaCost, ManaType, SymbolKind, parse_mana_types
from .vocabulary import CONDITION_KINDS

__all__ = [
    "FILTER_KEYS",
    "MANA_KEYS",
    "CardFieldError",
    "check_keys",
    "parse_color",
    "parse_condition",
    "parse_cost",
    "parse_effect",
    "parse_filter",
    "parse_mana",
    "parse_mana_cost",
    "parse_params",
    "parse_target",
    "str_list",
    "suggest",
]


class CardFieldError(CardDataError):
    """A card-data error at a key path (``path``), which the message ends with."""

    def __init__(self, message: str, path: str, suggestion: str | None = None) -> None:
        super().__init__(f"{message} at {path}" if path else message, suggestion=suggestion)
        self.path = path


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """'did you mean ...?' for the nearest of ``choices``, or None."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def check_keys(d: Any, path: str, allowed: Iterable[str],
               required: Iterable[str] = ()) -> None:
    """``d`` is a mapping with only ``allowed`` keys and every ``required`` one."""
    if not isinstance(d, Mapping):
        raise CardFieldError(f"expected a mapping, got {type(d).__name__}", path)
    allowed_set = set(allowed)
    for k in d:
        if k not in allowed_set:
            raise CardFieldError(f"unknown key '{k}'", path, suggest(str(k), allowed_set))
    for k in required:
        if k not in d:
            raise CardFieldError(f"missing key '{k}'", path)


def str_list(v: Any, path: str) -> tuple[str, ...]:
    """A string or a list of strings, as a tuple."""
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise CardFieldError("expected a list of strings", path)
    return tuple(v)


def parse_mana_cost(v: Any, path: str) -> ManaCost:
    """Mana cost text such as ``{2}{G}``."""
    if not isinstance(v, str):
        raise CardFieldError("expected mana text such as '{2}{G}'", path)
    try:
        return ManaCost.parse(v)
    except ManacheckError as e:
        raise CardFieldError(e.message, path, e.suggestion) from None


def _types(v: Any, path: str) -> tuple[ManaType, ...]:
    if not isinstance(v, str):
        raise CardFieldError("expected mana text such as '{B}{R}'", path)
    try:
        return parse_mana_types(v)
    except ManacheckError as e:
        raise CardFieldError(e.message, path, e.suggestion) from None


_COLOR_WORDS = {"white": ManaType.W, "blue": ManaType.U, "black": ManaType.B, "red": ManaType.R,
                "green": ManaType.G}


def parse_color(v: Any, path: str) -> ManaType:
    """A mana type: ``W``, ``{W}`` or ``white`` (any letter case)."""
    if isinstance(v, str):
        s = v.strip("{}").upper()
        if s in ManaType.__members__:
            return ManaType[s]
        if v.lower() in _COLOR_WORDS:
            return _COLOR_WORDS[v.lower()]
    raise CardFieldError(f"not a mana type: {v!r}", path, "use W, U, B, R, G or C")


FILTER_KEYS = (
    "types", "any_types", "not_types", "subtypes", "any_subtypes", "supertypes",
    "not_supertypes", "colors", "colorless", "multicolored", "mana_value", "controller",
    "another", "tapped", "has_counters", "name", "chosen_creature_type", "enchanted",
    "chosen_color", "any_of", "keywords", "not_keywords", "not_colors", "not_subtypes",
    "token", "counter", "compare", "combat",
)
#: What ``compare`` compares, and how (ObjectFilter.compare).
COMPARED = ("power", "toughness", "mana_value")
#: ``combat`` values (ObjectFilter.combat).
COMBAT = ("attacking", "blocking", "attacking_or_blocking", "blocked", "unblocked")


def _more_filter(v: Mapping[str, Any], path: str, kw: dict[str, Any]) -> None:
    """A filter's ``counter``, ``compare`` and ``combat`` (ObjectFilter)."""
    if "counter" in v:
        if not isinstance(v["counter"], str) or not v["counter"]:
            raise CardFieldError("expected a counter kind such as +1/+1", f"{path}.counter")
        kw["counter"] = v["counter"]
    if "combat" in v:
        if v["combat"] not in COMBAT:
            raise CardFieldError(f"unknown combat status {v['combat']!r}", f"{path}.combat",
                                 "use " + ", ".join(COMBAT))
        kw["combat"] = v["combat"]
    if "compare" in v:
        items = v["compare"]
        if not isinstance(items, list):
            raise CardFieldError("compare is a list such as [[power, '<=', 3]]",
                                 f"{path}.compare")
        out = []
        for i, item in enumerate(items):
            p = f"{path}.compare[{i}]"
            if (not isinstance(item, list | tuple) or len(item) != 3
                    or item[0] not in COMPARED or item[1] not in ("<=", ">=")
                    or isinstance(item[2], bool) or not isinstance(item[2], int | str)):
                raise CardFieldError("expected [power|toughness|mana_value, <= or >=, a "
                                     "number or a variable such as X]", p)
            out.append((str(item[0]), str(item[1]), item[2]))
        kw["compare"] = tuple(out)


def parse_filter(v: Any, path: str) -> ObjectFilter:
    """Parse an object filter; ``types`` etc. accept lower-case words."""
    if v is None:
        return ObjectFilter()
    check_keys(v, path, FILTER_KEYS)

    def words(key: str) -> frozenset[str]:
        return frozenset(w[:1].upper() + w[1:] for w in str_list(v[key], f"{path}.{key}"))

    kw: dict[str, Any] = {}
    for key in ("types", "any_types", "not_types", "subtypes", "any_subtypes", "supertypes",
                "not_supertypes", "keywords", "not_keywords", "not_subtypes"):
        if key in v:
            kw[key] = words(key)
    for key in ("colors", "not_colors"):
        if key in v:
            kw[key] = frozenset(parse_color(c, f"{path}.{key}")
                                for c in str_list(v[key], f"{path}.{key}"))
    _more_filter(v, path, kw)
    for key in ("colorless", "multicolored", "another", "tapped", "has_counters",
                "chosen_creature_type", "chosen_color", "enchanted", "token"):
        if key in v:
            if not isinstance(v[key], bool):
                raise CardFieldError("expected true or false", f"{path}.{key}")
            kw[key] = v[key]
    if "mana_value" in v:
        mv = v["mana_value"]
        if isinstance(mv, bool) or not isinstance(mv, int | str):
            raise CardFieldError("expected a number or a variable such as X", f"{path}.mana_value")
        kw["mana_value"] = mv
    if "controller" in v:
        if v["controller"] not in ("you", "opponent"):
            raise CardFieldError("controller must be 'you' or 'opponent'", f"{path}.controller")
        kw["controller"] = v["controller"]
    if "name" in v:
        if not isinstance(v["name"], str):
            raise CardFieldError("expected a card name", f"{path}.name")
        kw["name"] = v["name"]
    if "any_of" in v:
        alts = v["any_of"]
        if not isinstance(alts, list) or len(alts) < 2:
            raise CardFieldError("any_of is a list of at least two filters", f"{path}.any_of")
        kw["any_of"] = tuple(parse_filter(a, f"{path}.any_of[{i}]") for i, a in enumerate(alts))
    return ObjectFilter(**kw)


def parse_params(d: Mapping[str, Any], path: str,
                 skip: Iterable[str] = ("kind",)) -> Params:
    """An effect's or condition's other keys, frozen (``filter`` is parsed)."""
    items: dict[str, object] = {}
    for k, val in d.items():
        if k in skip:
            continue
        if k == "filter":
            items[k] = parse_filter(val, f"{path}.{k}")
        elif isinstance(val, (list, dict)):
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
        raise CardFieldError("an effect is a mapping with a 'kind'", path)
    _check_rider(v, path)
    params = parse_params(v, path, skip=("kind", "if", "unless"))
    for key in ("if", "unless"):
        if key in v:  # a condition of the effect's own, its filter parsed
            cond = parse_params(v[key], f"{path}.{key}", skip=())
            params = Params(tuple(sorted((*params.items, (key, cond)),
                                         key=lambda kv: kv[0])))
    return Effect(v["kind"], params)


#: When a rider's delayed triggered ability triggers (CR 603.7): "at the beginning of
#: the next turn's upkeep", "... of the next end step", "during your next untap step".
EFFECT_AT = ("next_upkeep", "next_end_step", "your_next_untap_step")
#: Conditions of an effect's own ("if you control a Nissa planeswalker, you gain 2
#: life"; "if this ability has been activated four or more times this turn"): any kind
#: of the vocabulary (``vocabulary.CONDITION_KINDS``).
EFFECT_CONDITIONS = tuple(CONDITION_KINDS)
#: What happens to the spell a mana ability's mana is spent on ("If that mana is spent
#: on a creature spell, it gains haste"; CR 106.6).
WHEN_SPENT = ("cant_be_countered", "gains_haste_until_end_of_turn", "gains_haste",
              "enters_with_counter", "copy_may_choose_new_targets")
#: Whose life a life effect changes (none: the ability's controller's, CR 119.3).
_LIFE_WHO = ("each_player", "each_opponent", "target")


def _check_rider(v: Mapping[str, Any], path: str) -> None:
    """The parameters of the riders' effects (life, delayed triggers, conditions)."""
    kind = v["kind"]
    if kind == "when_spent" and (v.get("then") not in WHEN_SPENT or "filter" not in v):
        raise CardFieldError("when_spent needs a filter (the spell the mana is spent on) "
                             "and then: one of " + ", ".join(WHEN_SPENT), path)
    if kind in ("gain_life", "lose_life", "deal_damage") and "amount" in v and (
            isinstance(v["amount"], bool) or not isinstance(v["amount"], int)
            or v["amount"] < 0):
        raise CardFieldError(f"{kind} needs an amount (a number, 0 or more)",
                             f"{path}.amount")
    if kind in ("gain_life", "lose_life") and "who" in v and v["who"] not in _LIFE_WHO:
        raise CardFieldError(f"unknown player {v['who']!r} for {kind}", f"{path}.who",
                             "use " + ", ".join(_LIFE_WHO) + " (or none: you)")
    if "at" in v and v["at"] not in EFFECT_AT:
        raise CardFieldError(f"unknown time {v['at']!r} for a delayed effect (CR 603.7)",
                             f"{path}.at", "use " + ", ".join(EFFECT_AT))
    for key in ("if", "unless"):
        if key not in v:
            continue
        cond = v[key]
        if not isinstance(cond, Mapping) or cond.get("kind") not in EFFECT_CONDITIONS:
            raise CardFieldError(f"{key} is a condition whose kind is one of "
                                 + ", ".join(EFFECT_CONDITIONS), f"{path}.{key}")
        if cond["kind"] in ("controls_at_least", "at_least", "fewer_than"):
            n = cond.get("count")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise CardFieldError("expected a number, 1 or more", f"{path}.{key}.count")


def parse_condition(v: Any, path: str) -> Condition:
    if not isinstance(v, Mapping) or "kind" not in v or not isinstance(v["kind"], str):
        raise CardFieldError("a condition is a mapping with a 'kind'", path)
    return Condition(v["kind"], parse_params(v, path))


def _restriction(v: Any, path: str) -> SpendRestriction:
    """What the mana may be spent on (CR 106.6; each key is a ``SpendRestriction`` field);
    ``not_generic: true`` alone (Jegantha) allows every spell and ability."""
    check_keys(v, path, ("text", "spells", "abilities", "not_generic", "from_graveyard",
                         "costs", "kicked", "no_x_mana_cost", "keyword_from_a_graveyard",
                         "abilities_of_cards", "commander"), ("text",))
    not_generic = v.get("not_generic", False)
    if not isinstance(not_generic, bool):
        raise CardFieldError("expected true or false", f"{path}.not_generic")
    from_graveyard = v.get("from_graveyard", False)
    if not isinstance(from_graveyard, bool) or (from_graveyard and "spells" not in v):
        raise CardFieldError("from_graveyard is true or false, with spells (\"cast spells "
                             "from your graveyard\")", f"{path}.from_graveyard")
    costs = v.get("costs", [])
    if not isinstance(costs, list) or any(c not in SPEND_COSTS for c in costs):
        raise CardFieldError("costs is a list of " + ", ".join(SPEND_COSTS), f"{path}.costs")
    for key, needs in (("kicked", "spells"), ("no_x_mana_cost", "spells"),
                       ("commander", "spells"), ("abilities_of_cards", "abilities")):
        if not isinstance(v.get(key, False), bool) or (v.get(key) and needs not in v):
            raise CardFieldError(f"{key} is true or false, with {needs}", f"{path}.{key}")
    keyword = v.get("keyword_from_a_graveyard", "")
    if not isinstance(keyword, str) or (keyword and "spells" not in v):
        raise CardFieldError("keyword_from_a_graveyard is a keyword's name, with spells",
                             f"{path}.keyword_from_a_graveyard")
    spells = parse_filter(v["spells"], f"{path}.spells") if "spells" in v else None
    abilities = parse_filter(v["abilities"], f"{path}.abilities") if "abilities" in v \
        else None
    if not_generic and spells is None and abilities is None:
        spells = abilities = ObjectFilter()
    flags = {k: v.get(k, False) for k in ("kicked", "no_x_mana_cost", "commander",
                                          "abilities_of_cards")}
    return SpendRestriction(text=str(v["text"]), spells=spells, abilities=abilities,
                            not_generic=not_generic, from_graveyard=from_graveyard,
                            costs=frozenset(costs), keyword_from_a_graveyard=keyword, **flags)


#: The costs a spend restriction may name (``SpendRestriction.costs``, CR 106.6).
SPEND_COSTS = ("with_x", "with_c", "cumulative_upkeep", "disturb", "foretell", "face_down",
               "manifest", "morph")


MANA_KEYS = ("add", "choice", "any_color", "one_color", "chosen_color", "could_produce",
             "produced_type", "unmodelled", "per", "restriction", "per_sacrificed",
             "counter_first",
             "instead", "amount_of", "or_add", "color_among",
             "amount_plus", "different_colors", "pool_copy")
#: An ``instead`` production's kinds: none that looks at other permanents' mana.
_INSTEAD_KINDS = (ManaProductionKind.FIXED, ManaProductionKind.CHOICE,
                  ManaProductionKind.ANY_COLOR, ManaProductionKind.ONE_COLOR)


def _with_instead(v: Mapping[str, Any], path: str) -> ManaProduction:
    """``{add: "{C}", instead: {if: [CONDITION, ...], add: "{C}{C}{C}"}}``: the
    ability adds the ``instead`` production when every condition holds (Urza's
    Tower; CR 614.1a)."""
    p = f"{path}.instead"
    inst = v["instead"]
    if not isinstance(inst, Mapping) or "if" not in inst:
        raise CardFieldError("instead is a mapping with 'if' (a list of conditions) and "
                             "the mana it adds then", p)
    conds = inst["if"]
    if not isinstance(conds, list) or not conds:
        raise CardFieldError("expected a list of conditions", f"{p}.if")
    main = parse_mana({k: x for k, x in v.items() if k != "instead"}, path)
    other = parse_mana({k: x for k, x in inst.items() if k != "if"}, p)
    for what, prod, where in (("the mana", main, path), ("the instead mana", other, p)):
        if prod.kind not in _INSTEAD_KINDS or prod.per is not None \
                or prod.per_sacrificed_mana_value or prod.instead is not None:
            raise CardFieldError(f"{what} of an ability with instead must be add, choice, "
                                 "any_color or one_color, without per", where)
    from .conditions import CONDITION_KINDS  # (imports the layers: only when needed)

    parsed = tuple(parse_condition(c, f"{p}.if[{i}]") for i, c in enumerate(conds))
    for i, c in enumerate(parsed):
        if c.kind not in CONDITION_KINDS:  # a mana amount is never a guess
            raise CardFieldError(f"unknown condition kind {c.kind!r}", f"{p}.if[{i}].kind",
                                 "one of " + ", ".join(CONDITION_KINDS))
    return dataclasses.replace(main, instead=other, instead_if=parsed)


def _colors_ref(v: Any, path: str) -> ColorsRef:
    """``commander_identity``, ``your_graveyard`` or ``{permanents: FILTER}``: where a
    ``color_among`` production finds its colors (``abilities.ColorsRef``)."""
    if v in ("commander_identity", "your_graveyard"):
        return ColorsRef(str(v))
    if isinstance(v, Mapping) and set(v) == {"permanents"}:
        return ColorsRef("permanents", parse_filter(v["permanents"], f"{path}.permanents"))
    raise CardFieldError("color_among is commander_identity, your_graveyard or "
                         "{permanents: FILTER}", path)
#: The productions an amount may repeat (``amount_of``), one mana of them each time
#: (ONE_COLOR and ANY_COLOR with 1; FIXED and CHOICE as written).
_AMOUNT_KINDS = (ManaProductionKind.FIXED, ManaProductionKind.CHOICE,
                 ManaProductionKind.ONE_COLOR, ManaProductionKind.ANY_COLOR)


#: Amounts given by a filter: the cards in your graveyard it accepts, the greatest power
#: among the permanents it accepts, the basic land types among them.
_FILTER_AMOUNTS = ("graveyard", "greatest_power", "basic_land_types", "revealed")


def _amount(v: Mapping[str, Any], path: str) -> ManaProduction:
    """``amount_of``: how many times the production is made (an expression, CR 107.3):
    ``devotion`` (with add or one_color), ``power``, ``life``, ``X`` (the X of a cost
    that removes X counters), ``{counters: KIND}`` (the counters of that kind on the
    source), ``{graveyard: FILTER}`` (the cards in your graveyard that match),
    ``{greatest_power: FILTER}`` (the greatest power among the permanents that match,
    0 when none does: Selvala), ``{basic_land_types: FILTER}`` (how many basic land
    types are among the permanents that match: domain, Prismatic Geoscope),
    ``{revealed: FILTER}`` (any number, chosen, of the cards in your hand that match,
    revealed: Metalworker, CR 701.20a),
    ``life_gained`` or ``cards_drawn`` (this turn, from the state file's
    ``life_gained_this_turn`` and ``cards_drawn_this_turn``) or a number (2 or more,
    with choice: "three mana in any combination of {R} and/or {G}"),
    with ``add``, ``choice``, ``one_color: 1`` or ``any_color: 1``; optional
    ``amount_plus: N`` is added ("X plus one"). Never with ``per``."""
    p = f"{path}.amount_of"
    base = parse_mana({k: x for k, x in v.items() if k not in ("amount_of", "amount_plus")},
                      path)
    what = v["amount_of"]
    counter = ""
    cards: ObjectFilter | None = None
    if isinstance(what, Mapping):
        check_keys(what, p, ("counters", *_FILTER_AMOUNTS))
        if len(what) != 1:
            raise CardFieldError("amount_of is {counters: KIND}, {graveyard: FILTER}, "
                                 "{greatest_power: FILTER}, {basic_land_types: FILTER} or "
                                 "{revealed: FILTER}", p)
        key = next(iter(what))
        if key in _FILTER_AMOUNTS:  # the cards in your graveyard that match (CR 404); the
            # greatest power among the permanents that match (CR 208.1); the basic land
            # types among them (CR 305.6); any number of the cards in your hand that
            # match, revealed (CR 701.20a)
            cards = parse_filter(what[key], f"{p}.{key}")
            what = key
        else:
            counter = what["counters"]
            if not isinstance(counter, str) or not counter.strip():
                raise CardFieldError("expected a counter kind (charge, storage, +1/+1, ...)",
                                     f"{p}.counters")
            what = "counters"
    plus = v.get("amount_plus", 0)
    if isinstance(what, int) and not isinstance(what, bool):
        if what < 2 or base.kind is not ManaProductionKind.CHOICE or "amount_plus" in v:
            raise CardFieldError("a number amount_of is 2 or more, with choice and "
                                 "without amount_plus (\"three mana in any combination of "
                                 "{R} and/or {G}\")", p)
        what, plus = "number", what
    if what not in ("devotion", "power", "life", "X", "counters", "number", "life_gained",
                    "cards_drawn", *_FILTER_AMOUNTS) \
            or base.kind not in _AMOUNT_KINDS or base.per is not None \
            or base.per_sacrificed_mana_value or base.instead is not None \
            or (base.kind in (ManaProductionKind.ONE_COLOR, ManaProductionKind.ANY_COLOR)
                and base.amount != 1):
        raise CardFieldError(f"amount_of {what!r}: it is devotion, power, life, "
                             "life_gained, cards_drawn, X, "
                             "{counters: KIND}, {graveyard | greatest_power | "
                             "basic_land_types: FILTER} or a number, with add, "
                             "choice, one_color: 1 or any_color: 1 and without per", p)
    if what == "devotion" and base.kind not in (ManaProductionKind.FIXED,
                                                 ManaProductionKind.ONE_COLOR):
        raise CardFieldError("amount_of 'devotion' goes with add or one_color", p)
    if isinstance(plus, bool) or not isinstance(plus, int) or plus < 0 \
            or ("amount_plus" in v and (plus < 1 or what == "devotion")):
        raise CardFieldError("amount_plus is a positive number added to amount_of "
                             "(not to devotion)", f"{path}.amount_plus")
    return dataclasses.replace(base, amount_of=what, amount_counter=counter,
                               amount_plus=plus, amount_filter=cards)


def parse_mana(v: Any, path: str) -> ManaProduction:
    """Parse what a mana ability adds.

    ``{add: "{C}{C}"}``, ``{choice: ["{B}{B}", "{B}{R}"]}``, ``{any_color: 1}``,
    ``{one_color: 3}``, ``{chosen_color: 1}``,
    ``{could_produce: {lands: you, of: type}}``, ``{produced_type: 1}``,
    ``{unmodelled: true}`` (adds mana the format can't describe: devotion, "for each
    color among ...", an exiled card's mana value; CR 605.1a still classifies it and
    solvers refuse to guess); optional ``per: FILTER`` and
    ``restriction: {text, spells, abilities, not_generic}``; ``amount_of: devotion | power`` with
    ``add`` or ``one_color`` ("an amount of {G} equal to your devotion to green",
    Nykthos, Marwyn); ``amount_of: X`` with ``add``, in an activated ability whose cost
    removes X counters ("Add {C} for each storage counter removed this way", Mage-Ring
    Network; CR 107.3); ``instead: {if: [CONDITION, ...], <mana>}`` ("If you control an
    Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead"); ``or_add: "{R}"``
    with ``chosen_color: 1`` ("Add {R} or one mana of the chosen color", Thriving
    Bluff); ``pool_copy: N`` (N times as much of each type of unspent mana as the pool
    holds: Doubling Cube, CR 106.1, 106.4); ``color_among: commander_identity |
    your_graveyard | {permanents: FILTER}``
    (one mana of any color in your commander's color identity, among the cards in your
    graveyard, among the permanents the filter accepts); ``could_produce`` may have a
    ``filter`` (only those lands: "a basic land you control").
    """
    check_keys(v, path, MANA_KEYS)
    if "counter_first" in v:
        kind = v["counter_first"]
        base = parse_mana({k: x for k, x in v.items() if k != "counter_first"}, path)
        if not isinstance(kind, str) or not kind.strip() or base.amount_of != "counters":
            raise CardFieldError("counter_first is a counter kind, with amount_of: "
                                 "{counters: KIND} (\"Put a charge counter on CARDNAME. "
                                 "Add X mana ..., where X is the number of charge counters "
                                 "on CARDNAME\")", f"{path}.counter_first")
        return dataclasses.replace(base, counter_first=kind)
    if "instead" in v:
        return _with_instead(v, path)
    if "amount_of" in v:
        return _amount(v, path)
    if "amount_plus" in v:
        raise CardFieldError("amount_plus goes with amount_of", f"{path}.amount_plus")
    if "or_add" in v:
        base = parse_mana({k: x for k, x in v.items() if k != "or_add"}, path)
        if base.kind is not ManaProductionKind.CHOSEN_COLOR or base.amount != 1 \
                or base.per is not None:
            raise CardFieldError("or_add goes with chosen_color: 1 (\"Add {R} or one mana "
                                 "of the chosen color\")", f"{path}.or_add")
        return dataclasses.replace(base, or_add=_types(v["or_add"], f"{path}.or_add"))
    kinds = [k for k in ("add", "choice", "any_color", "one_color", "chosen_color",
                         "could_produce", "produced_type", "unmodelled", "color_among",
                         "different_colors", "pool_copy") if k in v]
    if len(kinds) != 1:
        raise CardFieldError("a mana production needs exactly one of add, choice, any_color, "
                   "one_color, chosen_color, could_produce, produced_type, unmodelled, "
                   "color_among, different_colors, pool_copy", path)
    k = kinds[0]
    per = parse_filter(v["per"], f"{path}.per") if "per" in v else None
    restriction = _restriction(v["restriction"], f"{path}.restriction") if "restriction" in v \
        else None
    p = f"{path}.{k}"
    if k == "unmodelled":
        if v[k] is not True:
            raise CardFieldError("unmodelled takes true (describe the mana in the ability's "
                                 "text)", p)
        # amount stays 1 so that no solver mistakes it for "adds nothing" (CR 106.5).
        return ManaProduction(ManaProductionKind.UNMODELLED, per=per, restriction=restriction)
    if "per_sacrificed" in v and (k != "add" or v["per_sacrificed"] != "mana_value"):
        raise CardFieldError("per_sacrificed: mana_value goes with add (Soldevi Adnate)",
                   f"{path}.per_sacrificed")
    if k == "add":
        return ManaProduction(ManaProductionKind.FIXED, mana=_types(v[k], p), amount=0, per=per,
                              restriction=restriction,
                              per_sacrificed_mana_value="per_sacrificed" in v)
    if k == "choice":
        if not isinstance(v[k], list) or not v[k]:
            raise CardFieldError("expected a list of mana options", p)
        opts = tuple(_types(o, f"{p}[{i}]") for i, o in enumerate(v[k]))
        return ManaProduction(ManaProductionKind.CHOICE, options=opts, amount=0, per=per,
                              restriction=restriction)
    if k == "could_produce":
        check_keys(v[k], p, ("lands", "of", "filter"), ("lands", "of"))
        lands, of = v[k]["lands"], v[k]["of"]
        if lands not in ("you", "opponent", "sacrificed") or of not in ("type", "color"):
            raise CardFieldError("could_produce needs lands: you|opponent|sacrificed, "
                                 "of: type|color", p)
        flt = parse_filter(v[k]["filter"], f"{p}.filter") if "filter" in v[k] \
            else ObjectFilter()
        if lands == "sacrificed" and not flt.is_empty:
            raise CardFieldError("a filter goes with lands: you or opponent", f"{p}.filter")
        return ManaProduction(ManaProductionKind.COULD_PRODUCE,
                              could_produce=CouldProduceRef(lands, of, flt), per=per,
                              restriction=restriction)
    if k == "color_among":
        return ManaProduction(ManaProductionKind.COLOR_AMONG, colors_of=_colors_ref(v[k], p),
                              per=per, restriction=restriction)
    n = v[k]
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise CardFieldError("expected a positive number of mana", p)
    if k == "different_colors":
        # "Add two mana of different colors" (Firemind Vessel): one mana each of N
        # different colors (CR 105.1: five colors).
        if not 2 <= n <= 5 or per is not None:
            raise CardFieldError("different_colors is 2 to 5 (mana of that many different "
                                 "colors), without per", p)
        return ManaProduction(ManaProductionKind.DIFFERENT_COLORS, amount=n,
                              restriction=restriction)
    kind = {
        "any_color": ManaProductionKind.ANY_COLOR,
        "one_color": ManaProductionKind.ONE_COLOR,
        "chosen_color": ManaProductionKind.CHOSEN_COLOR,
        "produced_type": ManaProductionKind.PRODUCED_TYPE,
        "pool_copy": ManaProductionKind.POOL_COPY,  # (never ``per``: it reads the pool)
    }[k]
    if kind is ManaProductionKind.POOL_COPY and per is not None:
        raise CardFieldError("pool_copy goes without per", p)
    return ManaProduction(kind, amount=n, per=per, restriction=restriction)


_COST_KINDS = {
    "sacrifice": CostKind.SACRIFICE,
    "discard": CostKind.DISCARD,
    "pay_life": CostKind.PAY_LIFE,
    "remove_counters": CostKind.REMOVE_COUNTERS,
    "add_counters": CostKind.ADD_COUNTERS,
    "exile_from_graveyard": CostKind.EXILE_FROM_GRAVEYARD,
    "tap_untapped": CostKind.TAP_UNTAPPED,
    "tap_total_power": CostKind.TAP_TOTAL_POWER,
    "return": CostKind.RETURN,
    "discard_random": CostKind.DISCARD_RANDOM,
    "reveal": CostKind.REVEAL,
    "exile": CostKind.EXILE,
    "exile_from_hand": CostKind.EXILE_FROM_HAND,
}


def parse_cost(v: Any, path: str) -> tuple[ManaCost, bool, bool, tuple[CostPart, ...]]:
    """Parse an activation cost: mana/{T}/{Q} text and structured parts.

    ``"{2}{T}"`` or a list mixing such text with ``{sacrifice: self}``,
    ``{sacrifice: {count: 1, filter: {...}}}``, ``{discard: {filter: {mana_value: X}}}``,
    ``{discard_hand: true}``, ``{discard_self: true}``, ``{pay_life: 2}``,
    ``{remove_counters: {counter: "+1/+1", count: 1}}``, ``{add_counters: {counter:
    loyalty, count: 1}}`` (a [+1] loyalty cost, CR 606.4), ``{exile_self: true}``,
    ``{exile_from_graveyard: {count: 1, filter: ...}}``,
    ``{tap_untapped: {count: 1, filter: {types: [creature]}}}``,
    ``{tap_total_power: {count: 3, filter: {types: [creature], another: true}}}`` (crew 3:
    total power 3 or greater, CR 702.122a),
    ``{exile: {count: 1, filter: {types: [creature], controller: you}}}``,
    ``{return: {count: 1, filter: {types: [land], controller: you}}}`` (to its owner's
    hand), ``{return_self: true}``, ``{reveal_self: true}`` (this card, from your
    hand), ``{pay_energy: 2}`` ({E}{E}, CR 107.14), ``{mill: 1}`` (CR 701.17b),
    ``{exert_self: true}`` (CR 701.43), ``{exile_from_hand: {count: 1, filter: ...}}``.
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
                raise CardFieldError(e.message, p, e.suggestion) from None
            continue
        if not isinstance(item, Mapping) or len(item) != 1:
            raise CardFieldError("a cost part is mana text or a one-key mapping", p)
        (key, arg), = item.items()
        if key == "sacrifice" and arg == "self":
            parts.append(CostPart(CostKind.SACRIFICE_SELF))
        elif key == "exile_self":
            parts.append(CostPart(CostKind.EXILE_SELF))
        elif key == "return_self":
            parts.append(CostPart(CostKind.RETURN_SELF))
        elif key == "reveal_self":
            parts.append(CostPart(CostKind.REVEAL_SELF))
        elif key == "discard_hand":
            parts.append(CostPart(CostKind.DISCARD_HAND))
        elif key == "discard_self":
            parts.append(CostPart(CostKind.DISCARD_SELF))
        elif key == "exert_self":
            if arg is not True:
                raise CardFieldError("exert_self takes true (\"Exert CARDNAME\", CR 701.43)", p)
            parts.append(CostPart(CostKind.EXERT_SELF))
        elif key == "mill":
            if isinstance(arg, bool) or not isinstance(arg, int) or arg < 1:
                raise CardFieldError("mill needs a number of cards (1 or more; CR 701.17)", p)
            parts.append(CostPart(CostKind.MILL, count=arg))
        elif key == "pay_energy":
            if isinstance(arg, bool) or not isinstance(arg, int) or arg < 1:
                raise CardFieldError("pay_energy needs a number of {E} (1 or more)", p)
            parts.append(CostPart(CostKind.PAY_ENERGY, count=arg))
        elif key == "pay_life":
            if isinstance(arg, bool) or not isinstance(arg, int) or arg < 0:
                raise CardFieldError("pay_life needs a number", p)
            parts.append(CostPart(CostKind.PAY_LIFE, count=arg))
        elif key in _COST_KINDS:
            arg = arg or {}
            check_keys(arg, f"{p}.{key}", ("count", "filter", "counter"))
            count = arg.get("count", 1)
            if isinstance(count, bool) or not isinstance(count, int | str):
                raise CardFieldError("count must be a number or a variable", f"{p}.{key}.count")
            parts.append(CostPart(_COST_KINDS[key], count=count,
                                  filter=parse_filter(arg.get("filter"), f"{p}.{key}.filter"),
                                  counter=str(arg.get("counter", ""))))
        else:
            raise CardFieldError(f"unknown cost part '{key}'", p,
                       suggest(str(key), [*_COST_KINDS, "exile_self", "discard_hand",
                                               "discard_self", "return_self",
                                               "reveal_self", "pay_energy", "mill",
                                               "exert_self"]))
    tap = any(s.kind is SymbolKind.TAP for s in symbols)
    untap = any(s.kind is SymbolKind.UNTAP for s in symbols)
    mana = ManaCost(tuple(s for s in symbols if s.is_mana))
    return mana, tap, untap, tuple(parts)


def parse_target(v: Any, path: str) -> TargetSpec:
    check_keys(v, path, ("zone", "filter", "spell", "text", "count", "up_to"), ("zone",))
    count = v.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int | str):
        raise CardFieldError("count must be a number or a variable", f"{path}.count")
    zone = v["zone"]
    if zone not in ("stack", "battlefield", "graveyard", "player", "any",
                    "player_or_planeswalker"):
        raise CardFieldError(f"unknown target zone '{zone}'", f"{path}.zone",
                   "use stack, battlefield, graveyard, player, player_or_planeswalker or any")
    return TargetSpec(zone=zone, filter=parse_filter(v.get("filter"), f"{path}.filter"),
                      spell=bool(v.get("spell", True)), text=str(v.get("text", "")),
                      count=count, up_to=bool(v.get("up_to", False)))
