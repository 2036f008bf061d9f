"""Parse trees of the grammar's riders, spend restrictions, activation limits and costs
of mana abilities to card-format values (the ``%extend`` blocks of ``grammar.lark``).

:class:`RiderData` is a part of :class:`~.transform.ToData`, which gives it the
shared filter rules (``filter``, ``noun``, ...): the stubs below are theirs.

Rules
-----
CR 119.3 (life), 603.7 (delayed triggered abilities), 605.3b (a mana ability resolves
at once), 106.6 (spend restrictions), 602.5b (limits each turn), 602.2 (any player),
118 (costs), 701.17 (mill), 701.43 (exert), 701.21a (sacrifice).
"""

from __future__ import annotations

from typing import Any

from lark import Token

__all__ = ["RiderData", "Unreadable"]

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _num(tok: Token) -> int:
    return _NUMBERS[str(tok)]


class Unreadable(Exception):
    """A rider's tree the card format can't hold. Raised inside the transformer, it
    reaches the reader as Lark's ``VisitError`` (a ``LarkError``): the line stays
    unread."""


class RiderData:
    """The rules of the riders' blocks (module docstring)."""

    # ---- the shared rules, which ToData defines
    def filter(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def noun(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def noun_subtyped(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def with_keyword(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def spells_one(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def _counted(self, c: list[Any]) -> dict[str, Any]:
        raise NotImplementedError

    def typeword_of(self, tok: Token) -> tuple[str, str]:
        """("types" | "subtypes", the singular word) of a type word."""
        raise NotImplementedError

    def mana_of(self, tok: Token) -> str:
        """Mana symbols an ability adds (only {W}, {U}, {B}, {R}, {G}, {C})."""
        raise NotImplementedError

    # ---- riders of mana abilities (CR 119.3 life, 603.7 delayed triggers, 605.3b)
    def control_one(self, c: list[Any]) -> Any:
        part = self._counted(c)
        if part["count"] != 1 or "another" in part.get("filter", {}):
            raise Unreadable("a count in a rider's condition")
        return {**part.get("filter", {}), "controller": "you"}

    def rider_gain_life(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "gain_life", "amount": int(c[0])})

    @staticmethod
    def _one_controlled(cond: Any) -> dict[str, Any]:
        """The filter of an ``instead_cond`` ("a God": one permanent you control)."""
        if cond.get("count") != 1:
            raise Unreadable("a count in a rider's condition")
        return dict(cond["filter"])

    def rider_gain_life_if(self, c: list[Any]) -> Any:
        return ("effect", {"kind": "gain_life", "amount": int(c[1]), "if": {
            "kind": "controls_at_least", "count": 1, "filter": self._one_controlled(c[0])}})

    def rider_each_player_loses(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "lose_life", "amount": int(c[0]), "who": "each_player"})

    def rider_each_opponent_gains(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "gain_life", "amount": int(c[0]),
                           "who": "each_opponent"})

    def rider_damage_unless(self, c: list[Any]) -> Any:
        return ("effect", {"kind": "deal_damage", "amount": int(c[0]), "to": "you",
                           "unless": {"kind": "controls_at_least", "count": 1,
                                      "filter": self.control_one(c[1:])}})

    def rider_draw_next_upkeep(self, _: list[Any]) -> Any:
        return ("effect", {"kind": "draw", "count": 1, "at": "next_upkeep"})

    def rider_opponent_gains_control(self, _: list[Any]) -> Any:
        return ("effect", {"kind": "gain_control", "of": "self", "who": "an_opponent",
                           "at": "next_end_step"})

    def rider_return_next_untap(self, _: list[Any]) -> Any:
        return ("effect", {"kind": "return_to_hand", "of": "self",
                           "at": "your_next_untap_step"})

    def rider_sacrifice_after_times(self, c: list[Token]) -> Any:
        return ("effect", {"kind": "sacrifice", "of": "self", "at": "next_end_step",
                           "if": {"kind": "at_least",
                                  "amount": {"activations_this_turn": "self"},
                                  "count": _num(c[0])}})

    # ---- spend restrictions (CR 106.6)
    def spells_adjectives(self, c: list[Any]) -> Any:
        # "a multicolored spell", "legendary spells": no type named
        return self.filter(list(c))

    def spells_subtyped(self, c: list[Any]) -> Any:
        return self.filter([*c[:-2], self.noun_subtyped(c[-2:])])

    def spells_with_keyword(self, c: list[Any]) -> Any:
        return self.filter([*c[:-1], self.with_keyword([c[-1]])])

    def spells_and_or(self, c: list[Token]) -> Any:
        # "instant and/or sorcery spells": a spell of at least one of the types
        return {**self.noun(list(c)), "_and_or": True}

    def rider_spend_abilities(self, _: list[Any]) -> Any:
        return ("spend", {"abilities": {}})

    def rider_spend_abilities_of(self, c: list[Any]) -> Any:
        return ("spend", {"abilities": c[0]})

    def rider_spend_cast_activate_one(self, c: list[Any]) -> Any:
        return ("spend", {"spells": c[0],
                          "abilities": {**self.filter([*c[1:-1], self.noun([c[-1]])]),
                                        "_one": True}})

    def rider_spend_cast_either(self, c: list[Any]) -> Any:
        return ("spend", {"spells": {"any_of": [c[0], c[1]]}})

    # ---- activation limits (CR 602.5b, 602.2)
    def only_per_turn(self, c: list[Token]) -> Any:
        n = _num(c[0])
        if n < 2:
            raise Unreadable("no more than one time")
        return ("per_turn", n)

    def only_if_counters(self, c: list[Token]) -> Any:
        return ("condition", {"kind": "at_least",
                              "amount": {"counters": str(c[1]), "of": "self"},
                              "count": _num(c[0])})

    def rider_any_player_before_end(self, _: list[Any]) -> Any:
        # Mana Cache: any player, each only during their own turn before the end step
        # ("their" is the activating player's, CR 109.5)
        return ("any_player_condition", {"kind": "your_turn", "before": "end"})

    # ---- costs: mill, exert, exile from hand or the battlefield, a named token
    def cost_mill_one(self, _: list[Any]) -> Any:
        return {"mill": 1}

    def cost_mill(self, c: list[Token]) -> Any:
        return {"mill": _num(c[0])}

    def cost_exert_self(self, _: list[Any]) -> Any:
        return {"exert_self": True}

    def cost_exile_hand(self, c: list[Any]) -> Any:
        part = self._counted(c)
        if "another" in part.get("filter", {}):
            raise Unreadable("another card from your hand")
        return {"exile_from_hand": part}

    def cost_exile_permanent(self, c: list[Any]) -> Any:
        # "Exile a creature you control" (Food Chain): only your own permanents
        part = self._counted(c)
        if part.get("filter", {}).get("controller") != "you" or part["count"] != 1:
            raise Unreadable("exile what you don't control, or more than one")
        return {"exile": part}

    def cost_sacrifice_named_token(self, c: list[Any]) -> Any:
        if c[0] != 1:
            raise Unreadable("tokens named")
        return {"sacrifice": {"count": 1, "filter": {"token": True, "name": str(c[1]),
                                                     "controller": "you"}}}

    def adj_color_or_type(self, c: list[Token]) -> Any:
        # "a black or artifact creature": a creature that is black or an artifact
        return {"any_of": [{"colors": [_COLORS[str(c[0])]]},
                           {"types": [self.typeword_of(c[1])[1]]}]}

    def add_sacrificed_mv(self, c: list[Token]) -> Any:
        # Soldevi Adnate: the mana value of the permanent the cost sacrificed
        return {"add": self.mana_of(c[0]), "per_sacrificed": "mana_value",
                "_sacrificed": self.typeword_of(c[1])[1]}

    def spells_chosen_type(self, c: list[Any]) -> Any:
        # "a creature spell of the chosen type" (Cavern of Souls): bound to the
        # source's choice when its mana is made (``bind_restriction``)
        return {**self.spells_one(c), "chosen_creature_type": True}

    def rider_spend_activate_or_cast(self, c: list[Any]) -> Any:
        # "to activate an ability or cast an artifact spell": any ability
        return ("spend", {"abilities": {}, "spells": c[0], "_abilities_first": True})

    def rider_spend_four_subtypes(self, c: list[Any]) -> Any:
        # Base Camp: "a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability
        # of a Cleric, Rogue, Warrior, or Wizard": the same four, for both
        first = [self.typeword_of(t)[1] for t in c[1:5]]
        second = [self.typeword_of(t)[1] for t in c[6:10]]
        if first != second:
            raise Unreadable("two lists of subtypes")
        return ("spend", {"spells": {"any_subtypes": first},
                          "abilities": {"any_subtypes": second, "_one": True},
                          "_to": True})

    # ---- riders on spending the mana ("if that mana is spent on ...")
    def then_uncounterable(self, _: list[Any]) -> Any:
        return {"then": "cant_be_countered"}

    def then_haste_eot(self, _: list[Any]) -> Any:
        return {"then": "gains_haste_until_end_of_turn"}

    def then_haste(self, _: list[Any]) -> Any:
        return {"then": "gains_haste"}

    def then_counter(self, c: list[Token]) -> Any:
        return {"then": "enters_with_counter", "counter": str(c[0])}

    def rider_if_spent(self, c: list[Any]) -> Any:
        return ("effect", {"kind": "when_spent", "filter": c[0], **c[1]})

    def rider_when_spent_copy(self, c: list[Any]) -> Any:
        return ("effect", {"kind": "when_spent", "filter": c[0], "trigger": True,
                           "then": "copy_may_choose_new_targets"})

    def rider_not_generic(self, _: list[Any]) -> Any:
        # Jegantha: which symbols it pays, not what for (CR 107.4b; SpendRestriction)
        return ("spend", {"not_generic": True})

    def rider_spend_uncounterable(self, c: list[Any]) -> Any:
        # Cavern of Souls: the restriction, and the spell it is spent on can't be
        # countered (a rider on spending, kept as its own effect)
        return ("spend", {"spells": c[0], "_uncounterable": True})

    def rider_spend_chosen_creature_or_card(self, c: list[Any]) -> Any:
        # Secluded Courtyard: abilities of a creature (a permanent) or a creature card
        # of the chosen type: the filter of either
        if not c[0].get("chosen_creature_type") or [str(t) for t in c[2:]] != [
                "creature", "creature"]:
            raise Unreadable("the chosen type of one but not the other")
        return ("spend", {"spells": c[0], "abilities": {
            "types": ["creature"], "chosen_creature_type": True},
            "abilities_of_cards": True})

    def rider_spend_commander(self, _: list[Any]) -> Any:
        # Jeweled Lotus: "Spend this mana only to cast your commander" (CR 903.3)
        return ("spend", {"spells": {}, "commander": True})

    def rider_spend_from_graveyard(self, _: list[Any]) -> Any:
        # Rootcoil Creeper, Lord of the Forsaken: any spell, cast from your graveyard
        return ("spend", {"spells": {}, "from_graveyard": True})

    # ---- spend restrictions on costs and special uses (CR 106.6, 601.2f)
    def rider_spend_x_costs(self, c: list[Token]) -> Any:
        # Rosheen Meanderer: any cost with an {X} (SpendRestriction.costs)
        if str(c[0]) != "{X}":
            raise Unreadable("costs that contain a symbol other than {X}")
        return ("spend", {"costs": ["with_x"]})

    def rider_spend_cast_activate_cost(self, c: list[Any]) -> Any:
        # Cultivator Drone: a spell, an ability of one permanent, or a cost with {C}
        if str(c[-1]) != "{C}":
            raise Unreadable("a cost that contains a symbol other than {C}")
        return ("spend", {"spells": c[0],
                          "abilities": {**self.filter([*c[1:-2], self.noun([c[-2]])]),
                                        "_one": True},
                          "costs": ["with_c"]})

    def rider_spend_kicked(self, _: list[Any]) -> Any:
        # Elfhame Druid: kicked spells (CR 702.33d)
        return ("spend", {"spells": {}, "kicked": True})

    def rider_spend_cumulative_upkeep(self, _: list[Any]) -> Any:
        # Adarkar Unicorn: cumulative upkeep costs only (CR 702.24a)
        return ("spend", {"costs": ["cumulative_upkeep"]})

    def rider_spend_disturb_or_cast(self, c: list[Any]) -> Any:
        # Unblinking Observer: a disturb cost (CR 702.146a), or a spell
        return ("spend", {"costs": ["disturb"], "spells": c[0]})

    def rider_spend_foretell_or_cast(self, c: list[Any]) -> Any:
        # Karfell Harbinger: foretelling is a special action (CR 702.143a), or a spell
        return ("spend", {"costs": ["foretell"], "spells": c[0]})

    def rider_spend_face_down(self, _: list[Any]) -> Any:
        # Qarsi Deceiver: a face-down spell (CR 708.4), turning a manifested creature
        # face up (CR 701.34b) or a morph cost (CR 702.37e): no payment question's
        return ("spend", {"costs": ["face_down", "manifest", "morph"]})

    def rider_spend_flashback_graveyard(self, _: list[Any]) -> Any:
        # Altar of the Lost: a spell with flashback (CR 702.34a), cast from a graveyard
        return ("spend", {"spells": {}, "keyword_from_a_graveyard": "Flashback"})

    def rider_spend_colored_no_x(self, c: list[Any]) -> Any:
        # Titans' Nest: a spell of one or more colors, no {X} in its mana cost
        if str(c[-1]) != "{X}":
            raise Unreadable("a mana cost without a symbol other than {X}")
        return ("spend", {"spells": {"colorless": False}, "no_x_mana_cost": True})
