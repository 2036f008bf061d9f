"""Parse trees of the oracle-text grammar to card-format values.

:class:`ToData` turns each rule of ``grammar.lark`` into the dictionaries of the card
format (costs, filters, mana, riders, restrictions, targets); :class:`Unreadable` is
raised for a tree the card format can't hold, which leaves the line unread.

Rules
-----
CR 118 (costs), 106.1 (mana), 602.5 (restrictions), 115.1 (targets), 701.21a (only a
permanent you control is sacrificed), 205.3 (subtypes).
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token, Transformer

from ..errors import ManacheckError
from ..mana import ManaCost
from .amounts import AmountRules
from .choices import ChoicesData
from .rendering import SINGULAR  # noqa: F401  (the singulars words.typeword reads)
from .transform_effects import EffectData
from .transform_riders import RiderData
from .transform_targets import TargetData
from .words import COLOR_WORDS as _COLORS
from .words import Unreadable
from .words import mana_text as _mana
from .words import number as _num
from .words import typeword as _typeword

__all__ = ["ToData", "Unreadable"]


class _ListNoun(dict[str, Any]):
    """The noun of a list of three or more alternatives ("artifact, creature, or land"),
    told apart from a one-word noun so that ``ToData.filter`` can refuse the words a
    list leaves ambiguous."""


class ToData(AmountRules, RiderData, EffectData, ChoicesData, TargetData,
             Transformer[Token, Any]):
    """Trees to card-format values (module docstring); the amounts', the riders' and the
    choices family's rules are in ``amounts``, ``transform_riders`` and ``choices``."""

    def typeword_of(self, tok: Token) -> tuple[str, str]:
        return _typeword(tok)

    def mana_of(self, tok: Token) -> str:
        return _mana(tok)

    # ---- counts
    def article(self, _: list[Any]) -> Any:
        return {}

    def count_one(self, _: list[Any]) -> Any:
        return 1

    def count_word(self, c: list[Token]) -> Any:
        return _num(c[0])

    def count_x(self, _: list[Any]) -> Any:
        return "X"

    def count_any(self, _: list[Any]) -> Any:
        # "any number of": X, chosen as the cost is paid (CR 107.3, 118.3)
        return "X"

    def count_another(self, _: list[Any]) -> Any:
        return ("another", 1)

    # ---- filters
    def adj_untapped(self, _: list[Any]) -> Any:
        return {"tapped": False}

    def adj_tapped(self, _: list[Any]) -> Any:
        return {"tapped": True}

    def adj_nonland(self, _: list[Any]) -> Any:
        return {"not_types": ["land"]}

    def adj_noncreature(self, _: list[Any]) -> Any:
        return {"not_types": ["creature"]}

    def adj_nontoken(self, _: list[Any]) -> Any:
        return {"token": False}

    def adj_attacking_or_blocking(self, _: list[Any]) -> Any:
        return {"combat": "attacking_or_blocking"}

    def adj_attacking(self, _: list[Any]) -> Any:
        return {"combat": "attacking"}

    def adj_blocking(self, _: list[Any]) -> Any:
        return {"combat": "blocking"}

    def adj_blocked(self, _: list[Any]) -> Any:
        return {"combat": "blocked"}

    def adj_unblocked(self, _: list[Any]) -> Any:
        return {"combat": "unblocked"}

    def adj_non(self, c: list[Token]) -> Any:
        word = str(c[0])[3:]
        if word in _COLORS:
            return {"not_colors": [_COLORS[word]]}
        if word in ("legendary", "snow"):
            return {"not_supertypes": [word.capitalize()]}
        return {"not_types": [word]}

    def adj_non_subtype(self, c: list[Token]) -> Any:
        return {"not_subtypes": [str(c[0])[4:]]}

    # ---- what follows a noun
    def token_word(self, _: list[Any]) -> Any:
        return {"token": True}

    def with_keyword(self, c: list[Token]) -> Any:
        return {"keywords": [str(c[0]).capitalize()]}

    def without_keyword(self, c: list[Token]) -> Any:
        # "without first strike, double strike, or vigilance": none of them
        return {"not_keywords": [str(t).capitalize() for t in c]}

    def with_compare(self, c: list[Token]) -> Any:
        return {"compare": [[str(c[0]), "<=" if str(c[2]) == "less" else ">=", int(c[1])]]}

    def with_compare_x(self, c: list[Token]) -> Any:
        return {"compare": [[str(c[0]), "<=" if str(c[1]) == "less" else ">=", "X"]]}

    def with_mv_x(self, _: list[Any]) -> Any:
        return {"mana_value": "X"}

    def with_mv_compare(self, c: list[Token]) -> Any:
        return {"compare": [["mana_value", "<=" if str(c[1]) == "less" else ">=",
                             int(c[0])]]}

    def with_mv(self, c: list[Token]) -> Any:
        return {"mana_value": int(c[0])}

    def with_counter(self, c: list[Any]) -> Any:
        return {"counter": str(c[1])}

    def with_different_powers(self, _: list[Any]) -> Any:
        return {"_different_powers": True}

    def that_has_counter(self, c: list[Any]) -> Any:
        return {"counter": str(c[1]), "_that_has": True}

    def with_any_counter(self, _: list[Any]) -> Any:
        return {"has_counters": True}

    def suffix(self, c: list[Any]) -> Any:
        return c[0]

    def adj_nonbasic(self, _: list[Any]) -> Any:
        return {"not_supertypes": ["Basic"]}

    def adj_legendary(self, _: list[Any]) -> Any:
        return {"supertypes": ["Legendary"]}

    def adj_snow(self, _: list[Any]) -> Any:
        return {"supertypes": ["Snow"]}

    def adj_basic(self, _: list[Any]) -> Any:
        return {"supertypes": ["Basic"]}

    def adj_color(self, c: list[Token]) -> Any:
        # "white or black": at least one of them (ObjectFilter.colors)
        return {"colors": [_COLORS[str(t)] for t in c]}

    def adj_colorless(self, _: list[Any]) -> Any:
        return {"colorless": True}

    def adj_multicolored(self, _: list[Any]) -> Any:
        return {"multicolored": True}

    def noun(self, c: list[Token]) -> Any:
        words = [_typeword(t) for t in c]
        keys = {k for k, _ in words}
        if len(keys) != 1:
            raise Unreadable("a type or a subtype")
        key = keys.pop()
        vals = [w for _, w in words]
        if vals == ["permanent"]:
            return {}
        if "permanent" in vals:
            raise Unreadable("permanent in a list")
        if len(vals) == 1:
            return {key: vals}
        return {"any_" + key: vals}

    def noun_list(self, c: list[Token]) -> Any:
        # "artifact, creature, or land": one of three or more (a list of its own kind,
        # see ``filter``)
        return _ListNoun(self.noun(c))

    def noun_two_types(self, c: list[Token]) -> Any:
        a, b = _typeword(c[0]), _typeword(c[1])
        if a[1] == "permanent" or b[1] == "permanent" or a[1] == b[1]:
            raise Unreadable("two types")
        return {"types": [a[1], b[1]]}

    def noun_subtyped(self, c: list[Token]) -> Any:
        sub, typ = _typeword(c[0]), _typeword(c[1])
        if sub[0] != "subtypes" or typ[0] != "types" or typ[1] == "permanent":
            raise Unreadable("subtype")
        return {"subtypes": [sub[1]], "types": [typ[1]]}

    def you_control(self, _: list[Any]) -> Any:
        return {"controller": "you"}

    def not_you_control(self, _: list[Any]) -> Any:
        # "you don't control": controlled by another player, as "an opponent controls"
        # is matched (there are no teams here: every other player is an opponent,
        # CR 102.2); the hint keeps the words for rendering
        return {"controller": "opponent", "_dont_control": True}

    def opponent_controls(self, _: list[Any]) -> Any:
        return {"controller": "opponent"}

    def filter(self, c: list[dict[str, Any]]) -> Any:
        if any(isinstance(part, _ListNoun) for part in c) and any(
                set(part) - {"controller", "_dont_control"}
                for part in c if not isinstance(part, _ListNoun)):
            # "tapped artifact, creature, or land", "artifact, enchantment, or creature
            # with flying": whether the words are every alternative's or the nearest
            # one's is the card's meaning, not its syntax (the latter: Vivien Reid's
            # flying creature; the former: Pernicious Deed's mana value), so neither
            # is read. "you control" after the list is every one's.
            raise Unreadable("words beside a list of three or more")
        out: dict[str, Any] = {}
        for part in c:
            for k, v in part.items():
                if k == "combat" and out.get(k) in ("blocked", "unblocked") \
                        and v == "attacking":
                    # "unblocked attacking creature": blocked or not, it is attacking
                    out["_and_attacking"] = True
                    continue
                if k in out:
                    if isinstance(v, list) and k in ("not_types", "supertypes", "colors",
                                                     "not_colors", "not_supertypes",
                                                     "compare", "keywords"):
                        out[k] = out[k] + v
                        continue
                    raise Unreadable(f"two {k}")
                out[k] = v
        return out

    def filter_suffix_first(self, c: list[dict[str, Any]]) -> Any:
        # "target creature with flying you control": the words' order, for rendering
        return {**self.filter(list(c)), "_suffix_first": True}

    def plural_filter(self, c: list[Any]) -> Any:
        return self.filter([*c[:-1], self.noun([c[-1]])])

    def any_card(self, _: list[Any]) -> Any:
        return {}

    def typed_card(self, c: list[Any]) -> Any:
        return self.noun([c[0]])

    def typed_card_or(self, c: list[Any]) -> Any:
        return self.noun([c[0], c[1]])

    card_filter = filter

    # ---- costs
    def cost_symbols(self, c: list[Token]) -> Any:
        try:
            ManaCost.parse(str(c[0]), allow_tap=True)
        except ManacheckError as e:
            raise Unreadable(str(e)) from None
        return str(c[0])

    def cost_life(self, c: list[Token]) -> Any:
        return {"pay_life": int(c[0])}

    def cost_energy(self, c: list[Token]) -> Any:
        # CR 107.14: "Pay {E}{E}" removes two energy counters from you
        text = str(c[0])
        if not re.fullmatch(r"(\{E\})+", text):
            raise Unreadable(f"pay {text}")
        return {"pay_energy": text.count("{E}")}

    def cost_sacrifice_self(self, _: list[Any]) -> Any:
        return {"sacrifice": "self"}

    def _counted(self, c: list[Any]) -> dict[str, Any]:
        n, flt = c[0], dict(c[1])
        if isinstance(n, tuple):
            flt["another"] = True
            n = n[1]
        return {"count": n, **({"filter": flt} if flt else {})}

    def cost_sacrifice(self, c: list[Any]) -> Any:
        # CR 701.21a: a player can sacrifice only a permanent they control.
        part = self._counted(c)
        if "controller" in part.get("filter", {}):
            raise Unreadable("sacrifice with a controller")
        part["filter"] = {**part.get("filter", {}), "controller": "you"}
        return {"sacrifice": part}

    def cost_discard_self(self, _: list[Any]) -> Any:
        return {"discard_self": True}

    def cost_discard_hand(self, _: list[Any]) -> Any:
        return {"discard_hand": True}

    def cost_discard_random(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple) or c[0] == "X":
            raise Unreadable("discard another or X at random")
        return {"discard_random": {"count": c[0]}}

    def cost_discard(self, c: list[Any]) -> Any:
        return {"discard": self._counted(c)}

    def cost_exile_self(self, c: list[Token]) -> Any:
        return {"exile_self": True, "_zone": str(c[0])}

    def cost_exile_graveyard(self, c: list[Any]) -> Any:
        # "from your graveyard": a card's controller in a graveyard is its owner
        # (matching.py), so the filter says you (CR 404.1: each player's graveyard).
        part = self._counted(c)
        part["filter"] = {**part.get("filter", {}), "controller": "you"}
        return {"exile_from_graveyard": part}

    def cost_tap_untapped(self, c: list[Any]) -> Any:
        part = self._counted(c)
        flt = part.get("filter", {})
        if flt.get("controller") != "you" or flt.get("tapped") is not None:
            raise Unreadable("tap untapped")
        return {"tap_untapped": part}

    def cost_crew(self, c: list[Token]) -> Any:
        # CR 702.122a: "Tap any number of other untapped creatures you control with total
        # power N or greater"
        return {"tap_total_power": {"count": int(c[0]), "filter": {
            "types": ["creature"], "controller": "you", "another": True}}}

    def cost_exile_self_permanent(self, _: list[Any]) -> Any:
        # "Exile this artifact": the permanent itself, from the battlefield
        return {"exile_self": True, "_zone": "battlefield"}

    def cost_reveal_self(self, _: list[Any]) -> Any:
        return {"reveal_self": True, "_zone": "hand"}

    def cost_return_self(self, _: list[Any]) -> Any:
        return {"return_self": True}

    def cost_return(self, c: list[Any]) -> Any:
        # "Return a land you control to its owner's hand": only what you control
        part = self._counted(c)
        if part.get("filter", {}).get("controller") != "you" or part["count"] != 1:
            raise Unreadable("return what you don't control, or more than one")
        return {"return": part}

    def cost_remove_counters(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple):
            raise Unreadable("another counter")
        return {"remove_counters": {"counter": str(c[1]), "count": c[0]}}

    def cost_add_counters(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple):
            raise Unreadable("another counter")
        return {"add_counters": {"counter": str(c[1]), "count": c[0]}}

    def costs(self, c: list[Any]) -> Any:
        return list(c)

    # ---- mana
    def add_fixed(self, c: list[Token]) -> Any:
        return {"add": _mana(c[0])}

    def add_choice(self, c: list[Token]) -> Any:
        return {"choice": [_mana(t) for t in c]}

    def add_any_color(self, c: list[Token]) -> Any:
        return {"any_color": _num(c[0])}

    def add_one_color(self, c: list[Token]) -> Any:
        return {"one_color": _num(c[0])}

    def add_chosen_color(self, c: list[Token]) -> Any:
        return {"chosen_color": _num(c[0])}

    def kind_type(self, _: list[Any]) -> Any:
        return "type"

    def kind_color(self, _: list[Any]) -> Any:
        return "color"

    def lands_you(self, _: list[Any]) -> Any:
        return "you"

    def lands_opponent(self, _: list[Any]) -> Any:
        return "opponent"

    def add_could_produce(self, c: list[Any]) -> Any:
        if _num(c[0]) != 1:
            raise Unreadable("could produce")
        return {"could_produce": {"lands": c[2], "of": c[1]}}

    def add_could_produce_sacrificed(self, c: list[Any]) -> Any:
        # "one mana of any type the sacrificed land could produce" (Squandered
        # Resources; CR 106.7: the land as it last existed, with its sacrifice cost)
        if _num(c[0]) != 1:
            raise Unreadable("could produce")
        return {"could_produce": {"lands": "sacrificed", "of": c[1]}}

    def add_n_symbols(self, c: list[Token]) -> Any:
        # "Add six {G}." (Castle Garenbrig): the one symbol that many times (CR 106.1)
        sym, n = _mana(c[1]), _num(c[0])
        if sym.count("{") != 1 or n < 2:
            raise Unreadable("a number of several symbols")
        return {"add": sym * n, "_count_word": True}

    def add_per(self, c: list[Any]) -> Any:
        return {"add": _mana(c[0]), "per": c[1]}

    def add_per_removed(self, c: list[Token]) -> Any:
        # CR 107.3: X is the number of counters the cost removed (checked by the reader
        # against the cost, and by the card format: amount_of X needs such a cost).
        return {"add": _mana(c[0]), "amount_of": "X", "_removed": str(c[1])}

    def amount_devotion(self, c: list[Token]) -> Any:
        return ("devotion", _COLORS[str(c[0])])

    def amount_power(self, _: list[Any]) -> Any:
        return ("power", "")

    def add_amount(self, c: list[Any]) -> Any:
        sym, (what, color) = _mana(c[0]), c[1]
        if what == "X":  # "an amount of {C} equal to X plus one" (Kyren Toy)
            return {"add": sym, "amount_of": "X", "amount_plus": color, "_x": True}
        if what == "devotion" and sym != "{" + color + "}":
            raise Unreadable("devotion to another color")
        return {"add": sym, "amount_of": what}

    def mana_sentence(self, c: list[Any]) -> Any:
        return ("mana", c[0])

    # ---- riders and restrictions
    def rider_damage(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "deal_damage", "amount": int(c[0]), "to": "you"})

    def rider_lose_life(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "lose_life", "amount": int(c[0])})

    def rider_draw(self, _: list[Any]) -> Any:
        return ("effect", {"kind": "draw", "count": 1})

    def rider_skip_untap(self, _: list[Any]) -> Any:
        return ("effect", {"kind": "doesnt_untap", "onto": "self"})

    def rider_put_counters(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple):
            raise Unreadable("another counter")
        return ("effect", {"kind": "put_counters", "counter": str(c[1]), "count": c[0],
                           "onto": "self"})

    def rider_sacrifice_if_none(self, c: list[Token]) -> Any:
        # "If there are no mining counters on CARDNAME, sacrifice it" (CR 701.21a, 122.1)
        return ("effect", {"kind": "sacrifice", "of": "self", "if": {
            "kind": "fewer_than", "amount": {"counters": str(c[0]), "of": "self"},
            "count": 1}})

    def spells_one(self, c: list[Any]) -> Any:
        return self.filter([*c[:-1], self.noun([c[-1]])])

    spells_plural = spells_one

    def spells_one_or(self, c: list[Any]) -> Any:
        return self.filter([*c[:-2], self.noun(c[-2:])])

    spells_plural_or = spells_one_or

    def rider_spend_cast(self, c: list[Any]) -> Any:
        return ("spend", {"spells": c[0]})

    def rider_spend_cast_activate(self, c: list[Any]) -> Any:
        return ("spend", {"spells": c[0], "abilities": c[1]})

    def only_sorcery(self, _: list[Any]) -> Any:
        return ("timing", "sorcery")

    def only_once(self, _: list[Any]) -> Any:
        return ("once", True)

    def only_sorcery_once(self, _: list[Any]) -> Any:
        return ("sorcery_once", True)

    def only_your_turn(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "your_turn"})

    def only_before_attackers(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "your_turn", "before": "declare_attackers"})

    def only_your_turn_once(self, _: list[Any]) -> Any:
        return ("condition_once", {"kind": "your_turn"})

    def only_your_upkeep_once(self, _: list[Any]) -> Any:
        return ("condition_once", {"kind": "your_upkeep"})

    def only_instant(self, _: list[Any]) -> Any:
        return ("timing", "as_instant")

    def only_if_hand_empty(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "fewer_than", "amount": {"cards": "hand"}, "count": 1})

    def only_if_graveyard(self, c: list[Token]) -> Any:
        return ("condition", {"kind": "graveyard_at_least", "count": _num(c[0])})

    def rider_any_player(self, _: list[Any]) -> Any:
        return ("any_player", True)

    def rider_any_player_sorcery(self, _: list[Any]) -> Any:
        # CR 602.2 (Mana Cache's ruling): any player, each only as a sorcery (307.1)
        return ("any_player_sorcery", True)

    def only_your_upkeep(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "your_upkeep"})

    def only_if_total_power(self, c: list[Token]) -> Any:
        return ("condition", {"kind": "total_power_at_least", "count": int(c[0])})

    def only_if_gy_types(self, c: list[Token]) -> Any:
        return ("condition", {"kind": "graveyard_card_types_at_least", "count": _num(c[0])})

    def only_in_graveyard(self, _: list[Any]) -> Any:
        return ("in_graveyard", True)

    def only_if_attacking(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "source_attacking"})

    def only_declare_blockers(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "declare_blockers_step"})

    def only_during_combat(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "during_combat"})

    def only_opponents_turn(self, _: list[Any]) -> Any:
        return ("condition", {"kind": "opponents_turn"})

    def only_if_control(self, c: list[Any]) -> Any:
        part = self._counted(c)
        flt = {**part.get("filter", {}), "controller": "you"}
        return ("condition", {"kind": "controls_at_least", "count": part["count"],
                              "filter": flt})

    def only_if_control_more(self, c: list[Any]) -> Any:
        if c[1].pop("_different_powers", False):
            # coven: "three or more creatures with different powers"
            if c[1] != {"types": ["creature"]}:
                raise Unreadable("different powers of other objects")
            return ("condition", {"kind": "different_powers_at_least", "count": _num(c[0])})
        return ("condition", {"kind": "controls_at_least", "count": _num(c[0]),
                              "filter": {**c[1], "controller": "you"}})

    def only_if_hand_at_most(self, c: list[Token]) -> Any:
        return ("condition", {"kind": "fewer_than", "amount": {"cards": "hand"},
                              "count": _num(c[0]) + 1})

    def restriction(self, c: list[Any]) -> Any:
        return c[0]

    def rider(self, c: list[Any]) -> Any:
        return c[0]

    # ---- statics: power and toughness (CR 613.4c)
    def pump_attached(self, c: list[Token]) -> Any:
        return ({"types": ["creature"], "enchanted": True}, str(c[0]))

    def other(self, _: list[Any]) -> Any:
        return {"another": True}

    def lord_creatures(self, c: list[Token]) -> Any:
        if str(c[0]) != "creatures":
            raise Unreadable("a lord of noncreatures")
        return {"types": ["creature"]}

    def lord_subtype_creatures(self, c: list[Token]) -> Any:
        if str(c[1]) != "creatures":
            raise Unreadable("a lord of noncreatures")
        return {"types": ["creature"], "subtypes": [_typeword(c[0])[1]]}

    def lord_typed_creatures(self, c: list[Token]) -> Any:
        # "artifact creatures you control": creatures that are also of another card
        # type (CR 205.2a); never "creature creatures"
        first = _typeword(c[0])[1]
        if str(c[1]) != "creatures" or first in ("creature", "permanent"):
            raise Unreadable("a lord of noncreatures")
        return {"types": [first, "creature"]}

    def lord_subtype(self, c: list[Token]) -> Any:
        # "Goblins you control": the creatures among them get it (CR 613.4c)
        return {"subtypes": [_typeword(c[0])[1]]}

    def lord_filter(self, c: list[dict[str, Any]]) -> Any:
        return {**self.filter(list(c)), "controller": "you"}

    def pump_lord(self, c: list[Any]) -> Any:
        return (c[0], str(c[1]))

    def static_line(self, c: list[Any]) -> Any:
        return c[0]
