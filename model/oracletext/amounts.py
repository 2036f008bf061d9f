"""The grammar's amount rules as card-format data (CR 107.3, 122.1): how many times a
mana ability's production is made. "Add {C} for each charge counter on CARDNAME"
(``amount_of: {counters: charge}``), "Add X mana of any one color, where X is ..." (a
count, the source's power, your life total), X of a "Remove X ... counters" cost (the
reader checks the cost), "X mana in any combination of {W} and/or {U}" (a choice made X
times), "three mana in any combination of {R} and/or {G}", "two mana of different
colors", "Add {B}, then add an additional {B} for each charge counter removed this
way", "for each black creature card in your graveyard".

:class:`AmountRules` is a mixin of ``transform.ToData``: one method per rule of the
amounts block of ``grammar.lark``.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .words import Unreadable, mana_text, number

__all__ = ["AmountRules"]


class AmountRules:
    """The amount rules of ``grammar.lark`` (module docstring)."""

    def add_per_counter(self, c: list[Token]) -> Any:
        return {"add": mana_text(c[0]), "amount_of": {"counters": str(c[1])}}

    def add_per_battlefield(self, c: list[Any]) -> Any:
        # "for each Elf on the battlefield": everyone's (no controller in the filter)
        if "controller" in c[1]:
            raise Unreadable("a controller and the battlefield")
        return {"add": mana_text(c[0]), "per": c[1]}

    def add_per_named(self, c: list[Any]) -> Any:
        # "for each artifact you control named CARDNAME": the reader puts in the name
        return {"add": mana_text(c[0]), "per": {**c[1], "name": "CARDNAME"}}

    def add_per_graveyard_card(self, c: list[Any]) -> Any:
        # "for each black creature card in your graveyard" (Crypt of Agadeem)
        return {"add": mana_text(c[0]), "amount_of": {"graveyard": c[1]}}

    def x_counters(self, c: list[Token]) -> Any:
        return {"amount_of": {"counters": str(c[0])}}

    def x_filter(self, c: list[Any]) -> Any:
        return {"per": c[0]}

    def x_filter_battlefield(self, c: list[Any]) -> Any:
        if "controller" in c[0]:
            raise Unreadable("a controller and the battlefield")
        return {"per": c[0]}

    def x_power(self, _: list[Any]) -> Any:
        return {"amount_of": "power"}

    def x_life(self, _: list[Any]) -> Any:
        return {"amount_of": "life"}

    def x_life_gained(self, _: list[Any]) -> Any:
        # "the amount of life you gained this turn" (Accomplished Alchemist; CR 119.3)
        return {"amount_of": "life_gained"}

    def add_per_card_drawn(self, c: list[Token]) -> Any:
        # "Add {C} for each card you've drawn this turn" (Kydele; CR 121.1)
        return {"add": mana_text(c[0]), "amount_of": "cards_drawn"}

    def add_counter_first(self, c: list[Any]) -> Any:
        # "Put a charge counter on CARDNAME. Add X mana of any one color, where X is the
        # number of charge counters on CARDNAME." (Empowered Autogenerator): the counter
        # is put as the ability resolves, then X counts it (CR 608.2c, 605.3b)
        prod = c[2]
        if not isinstance(prod, dict) or "counter_first" in prod:
            raise Unreadable("a production after putting a counter")
        return {**prod, "counter_first": str(c[1])}

    def x_greatest_power(self, c: list[Any]) -> Any:
        # "the greatest power among creatures you control" (Selvala; CR 208.1, 107.1b)
        return {"amount_of": {"greatest_power": c[0]}}

    def x_land_types(self, c: list[Any]) -> Any:
        # "the number of basic land types among lands you control" (domain; CR 205.3i,
        # 305.6: Plains, Island, Swamp, Mountain, Forest)
        if c[0] != {"supertypes": ["Basic"], "types": ["land"]}:
            raise Unreadable("types among other than basic land types")
        return {"amount_of": {"basic_land_types": c[1]}}

    def add_per_revealed_in(self, c: list[Any]) -> Any:
        # "Reveal any number of artifact cards in your hand. Add {C}{C} for each card
        # revealed this way." (Metalworker): as many as the player chooses to reveal, from
        # none to every such card in their hand (CR 701.20a, 107.1)
        return self._revealed(c, "")

    def add_per_revealed_from(self, c: list[Any]) -> Any:
        # "... creature cards with power 5 or greater from your hand ..." (Sacellum
        # Godspeaker)
        return self._revealed(c, "from")

    @staticmethod
    def _revealed(c: list[Any], word: str) -> Any:
        flt = c[0]
        if not isinstance(flt, dict) or "controller" in flt:
            raise Unreadable("revealed cards with a controller")
        out: dict[str, Any] = {"add": mana_text(c[1]), "amount_of": {"revealed": flt}}
        if word:
            out["_from_hand"] = True
        return out

    def add_choose_per_counter(self, c: list[Token]) -> Any:
        # "Choose a color. Add one mana of that color for each charge counter on
        # CARDNAME." (Astral Cornucopia): one color, as many as the counters (CR 122.1)
        return {"one_color": 1, "amount_of": {"counters": str(c[0])}, "_choose": True}

    def add_one_color_where(self, c: list[Any]) -> Any:
        return {"one_color": 1, **c[0]}

    def add_any_color_where(self, c: list[Any]) -> Any:
        return {"any_color": 1, **c[0]}

    # X of the cost (CR 107.3a): the reader checks that the cost removes X counters.
    def add_one_color_x(self, _: list[Any]) -> Any:
        return {"one_color": 1, "amount_of": "X", "_x": True}

    def add_any_color_x(self, _: list[Any]) -> Any:
        return {"any_color": 1, "amount_of": "X", "_x": True}

    @staticmethod
    def _two_symbols(a: Token, b: Token) -> list[str]:
        one, two = mana_text(a), mana_text(b)
        if one == two or len(one) != 3 or len(two) != 3:
            raise Unreadable("a combination of two types")
        return [one, two]

    def add_combination_x(self, c: list[Token]) -> Any:
        return {"choice": self._two_symbols(c[0], c[1]), "amount_of": "X", "_x": True}

    def add_combination_where(self, c: list[Any]) -> Any:
        return {"choice": self._two_symbols(c[0], c[1]), **c[2]}

    def add_combination(self, c: list[Token]) -> Any:
        n = number(c[0])
        if n < 2:
            raise Unreadable("one mana in any combination")
        return {"choice": self._two_symbols(c[1], c[2]), "amount_of": n}

    def add_different_colors(self, c: list[Token]) -> Any:
        n = number(c[0])
        if not 2 <= n <= 5:
            raise Unreadable("different colors")
        return {"different_colors": n}

    def add_then_per_removed(self, c: list[Token]) -> Any:
        # "Add {B}, then add an additional {B} for each charge counter removed this way":
        # X + 1 {B}, X the counters removed (CR 107.3).
        sym = mana_text(c[0])
        if mana_text(c[1]) != sym or len(sym) != 3:
            raise Unreadable("an additional mana of another type")
        return {"add": sym, "amount_of": "X", "amount_plus": 1, "_removed": str(c[2]),
                "_then_additional": True}

    def amount_x_plus(self, c: list[Token]) -> Any:
        return ("X", number(c[0]))
