"""The oracle-text grammar's choices family, as card-format values: chosen colors and
types, colors among objects, the commander's color identity, devotion, "instead".

:class:`ChoicesData` holds the transform's rules for the grammar's choices block
(``grammar.lark``); ``transform.ToData`` has them. A tree the card format can't hold
raises :class:`NotRead` (the parser reports it, and the line stays unread).

Rules
-----
CR 106.6 (spend restrictions), 106.7 (could produce), 105.2 (colors), 614.1a
("instead"), 614.12 (choices as a permanent enters), 700.5 (devotion), 903.4 (color
identity), 305.2 (playing lands).
"""

from __future__ import annotations

from typing import Any

from lark import Token

__all__ = ["ChoicesData", "NotRead"]


class NotRead(Exception):
    """A tree of the choices block the card format can't hold."""


class ChoicesData:
    """The choices block's rules; the rules they reuse (``filter``, ``noun``,
    ``count_word``, ``add_fixed``) are the transform's own."""

    def filter(self, c: list[dict[str, Any]]) -> Any:
        raise NotImplementedError

    def noun(self, c: list[Token]) -> Any:
        raise NotImplementedError

    def count_word(self, c: list[Token]) -> Any:
        raise NotImplementedError

    def add_fixed(self, c: list[Token]) -> Any:
        raise NotImplementedError

    # ---- choices: chosen colors and types, devotion, "instead" (CR 106.7, 614.1a,
    # 700.5)
    def add_choose_devotion(self, _: list[Any]) -> Any:
        # "Choose a color. Add an amount of mana of that color equal to your devotion
        # to that color." (Nykthos): one color, as many as the devotion to it (700.5)
        return {"one_color": 1, "amount_of": "devotion"}

    def choice_mana_sentence(self, c: list[Any]) -> Any:
        return c[0]

    def choice_rider(self, c: list[Any]) -> Any:
        return c[0]

    def rider_not_generic(self, _: list[Any]) -> Any:
        # CR 106.6, 107.4b (Jegantha): which symbols the mana pays, not what for
        return ("spend", {"not_generic": True})

    def cond_control_urza(self, c: list[Any]) -> Any:
        # CR 205.3i: "Urza's" is a land type of its own, beside Mine, Power-Plant, Tower
        return {"kind": "controls_at_least", "count": 1, "filter": {
            "subtypes": ["Urza’s", str(c[1]).removeprefix("Urza's ")], "controller": "you"}}

    def cond_control_one(self, c: list[Any]) -> Any:
        if "controller" in c[1]:
            raise NotRead("a controller in a control condition")
        return {"kind": "controls_at_least", "count": 1,
                "filter": {**c[1], "controller": "you"}}

    def cond_control_more(self, c: list[Any]) -> Any:
        if "controller" in c[1] or "_different_powers" in c[1]:
            raise NotRead("a controller in a control condition")
        return {"kind": "controls_at_least", "count": self.count_word([c[0]]),
                "filter": {**c[1], "controller": "you"}}

    def rider_instead(self, c: list[Any]) -> Any:
        # CR 614.1a: "If ..., add ... instead": every condition must hold
        *conds, prod = c
        return ("instead", {"if": list(conds), **prod})

    def rider_instead_counter(self, c: list[Any]) -> Any:
        # "If CARDNAME has a luck counter on it, instead add ..." (Gemstone Caverns)
        return ("instead", {"if": [{"kind": "at_least", "count": 1,
                                    "amount": {"counters": str(c[1]), "of": "self"}}],
                            **c[2]})

    def spells_chosen_type(self, c: list[Any]) -> Any:
        # "a creature spell of the chosen type": bound to the source's choice when the
        # mana is spent (CR 106.6; matching.bind_restriction)
        flt = self.filter([*c[:-1], self.noun([c[-1]])])
        if flt.get("types") != ["creature"]:
            raise NotRead("a chosen type of a noncreature")
        return {**flt, "chosen_creature_type": True}

    def spells_chosen_type_plural(self, c: list[Any]) -> Any:
        # "creature spells of the chosen type" (the singular is the riders' rule)
        return ChoicesData.spells_chosen_type(self, c)

    def spell_filter(self, c: list[Any]) -> Any:
        return c[0]

    def chosen_spell_filter(self, c: list[Any]) -> Any:
        return c[0]

    def add_choose_permanent_color(self, c: list[Any]) -> Any:
        # "Choose a color of a permanent you control. Add one mana of that color."
        # (Meteor Crater): a color among those permanents (CR 105.2)
        flt = dict(c[1])
        if flt.get("controller") != "you":
            raise NotRead("a color of another player's permanent")
        return {"color_among": {"permanents": flt}}

    def add_choose_graveyard_color(self, _: list[Any]) -> Any:
        return {"color_among": "your_graveyard"}  # (Corrupted Grafstone)

    def add_or_chosen(self, c: list[Token]) -> Any:
        # "Add {R} or one mana of the chosen color." (Thriving Bluff)
        if self.count_word([c[1]]) != 1:
            raise NotRead("more than one mana of the chosen color")
        return {"chosen_color": 1, "or_add": self.add_fixed([c[0]])["add"]}

    def add_commander_identity(self, c: list[Token]) -> Any:
        # CR 903.4, 903.4f (Command Tower)
        if self.count_word([c[0]]) != 1:
            raise NotRead("several mana of the identity")
        return {"color_among": "commander_identity"}

    def add_color_among(self, c: list[Any]) -> Any:
        # "one mana of any color among legendary creatures and planeswalkers you
        # control" (Mox Amber): the adjectives go with both nouns
        if self.count_word([c[0]]) != 1:
            raise NotRead("several mana of a color among")
        adjs, first, second = c[1:-2], c[-2], c[-1]
        a, b = self.noun([first]), self.noun([second])
        if not (str(first).endswith("s") and str(second).endswith("s")) or a == b \
                or set(a) != {"types"} or set(b) != {"types"}:
            raise NotRead("a color among")
        flt = self.filter([*adjs, {"any_types": [*a["types"], *b["types"]]}])
        return {"color_among": {"permanents": {**flt, "controller": "you"}}}

    def _could_filtered(self, c: list[Any], flt: dict[str, Any]) -> Any:
        if self.count_word([c[0]]) != 1:
            raise NotRead("could produce")
        return {"could_produce": {"lands": c[2], "of": c[1], "filter": flt}}

    def add_could_produce_basic(self, c: list[Any]) -> Any:
        # "a basic land you control" (Star Compass)
        return self._could_filtered(c, {"supertypes": ["Basic"]})

    def add_could_produce_subtype(self, c: list[Any]) -> Any:
        # "a Gate you control" (Plaza of Harmony): lands of that subtype (CR 205.3i)
        if self.noun([c[2]]) != {"subtypes": [str(c[2])]}:
            raise NotRead("not a singular subtype")
        word = str(c[2])
        return self._could_filtered([c[0], c[1], c[3]], {"subtypes": [word]})

    def rider_instead_played(self, c: list[Any]) -> Any:
        # "If you played a land this turn, add {B} instead." (River of Tears; CR 305.2)
        return ("instead", {"if": [{"kind": "played_land_this_turn"}], **c[0]})

    def rider_spend_chosen_activate(self, c: list[Any]) -> Any:
        # "... a creature spell of the chosen type or activate an ability of a creature
        # or creature card of the chosen type." (Secluded Courtyard; CR 106.6): the
        # ability's source, a permanent or a card, of that type
        if not c[0].get("chosen_creature_type"):
            raise NotRead("abilities of the chosen type beside other spells")
        return ("spend", {"spells": c[0], "abilities": {"types": ["creature"],
                                                       "chosen_creature_type": True}})
