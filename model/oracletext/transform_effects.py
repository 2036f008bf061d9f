"""Parse trees of the composed effects of activated abilities (the last ``%extend rider``
block of ``grammar.lark``) to card-format effects of the vocabulary
(``model/vocabulary.py``).

A target phrase stands in the sentence as ``TARGET``: ``targets.read_targets`` read it
whole first, and the reader (``reading``) replaces the effect's ``target`` (here the
marker :data:`TARGET_SLOT`) with the index of the ability's target it acts on.

Rules
-----
CR 608.2 (an ability's effect), 115.1 (targets), 120.3 (damage), 701.8 (destroy),
701.13 (exile), 701.26 (tap and untap), 400.6 (return to hand), 121.1 (draw), 701.9
(discard), 701.17 (mill), 119.3 (life), 122.1 (counters), 701.22 (scry), 701.21
(sacrifice), 701.6a (counter), 701.3a (attach), 611.2a (until end of turn), 613.4c
(+N/+N), 702 (keywords).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .words import Unreadable
from .words import number as _num

__all__ = ["TARGET_SLOT", "EffectData"]

#: The value of an effect's ``target`` while the reader hasn't given it its index.
TARGET_SLOT = "TARGET"


def _pt(tok: Token) -> tuple[int, int]:
    """"+2/-1" as (2, -1) (CR 613.4c)."""
    power, toughness = str(tok).split("/")
    return int(power), int(toughness)


def _eff(kind: str, **params: Any) -> tuple[str, dict[str, Any]]:
    # (``_composed``: a hint the reader strips, naming an effect of this block)
    return ("effect", {"kind": kind, **params, "_composed": True})


_EOT = "end_of_turn"


class EffectData:
    """The rules of the composed effects (module docstring)."""

    # ---- power and toughness, keywords until end of turn (CR 611.2a, 613.4c, 702)
    def eff_pump_self(self, c: list[Token]) -> Any:
        p, t = _pt(c[0])
        return _eff("pump", onto="self", power=p, toughness=t, duration=_EOT)

    def eff_pump_target(self, c: list[Token]) -> Any:
        p, t = _pt(c[0])
        return _eff("pump", onto="target", target=TARGET_SLOT, power=p, toughness=t,
                    duration=_EOT)

    def eff_pump_yours(self, c: list[Token]) -> Any:
        # "Creatures you control get +N/+N until end of turn": each of them as the effect
        # begins (CR 611.2c: the set is locked in then)
        p, t = _pt(c[0])
        return _eff("pump", onto="each", filter={"types": ["creature"], "controller": "you"},
                    power=p, toughness=t, duration=_EOT)

    def eff_pump_keyword_target(self, c: list[Token]) -> Any:
        p, t = _pt(c[0])
        return ("effects", [
            {"kind": "pump", "onto": "target", "target": TARGET_SLOT, "power": p,
             "toughness": t, "duration": _EOT, "_composed": True},
            {"kind": "gain_keyword", "onto": "target", "target": TARGET_SLOT,
             "keyword": str(c[1]).capitalize(), "duration": _EOT, "_and": True,
             "_composed": True}])

    def eff_pump_keyword_self(self, c: list[Token]) -> Any:
        p, t = _pt(c[0])
        return ("effects", [
            {"kind": "pump", "onto": "self", "power": p, "toughness": t, "duration": _EOT,
             "_composed": True},
            {"kind": "gain_keyword", "onto": "self", "keyword": str(c[1]).capitalize(),
             "duration": _EOT, "_and": True, "_composed": True}])

    def eff_keyword_self(self, c: list[Token]) -> Any:
        return _eff("gain_keyword", onto="self", keyword=str(c[0]).capitalize(),
                    duration=_EOT)

    def eff_keyword_target(self, c: list[Token]) -> Any:
        return _eff("gain_keyword", onto="target", target=TARGET_SLOT,
                    keyword=str(c[0]).capitalize(), duration=_EOT)

    # ---- damage (CR 120.3)
    def eff_damage_target(self, c: list[Token]) -> Any:
        # (the target's index alone, as the card format writes it: Walking Ballista)
        return _eff("deal_damage", amount=int(c[0]), target=TARGET_SLOT)

    def eff_damage_each(self, c: list[Any]) -> Any:
        return _eff("deal_damage", amount=int(c[0]), to=c[1])

    def each_opponent(self, _: list[Any]) -> Any:
        return "each_opponent"

    def each_player(self, _: list[Any]) -> Any:
        return "each_player"

    # ---- permanents: tap, untap, destroy, exile, return, sacrifice
    def eff_tap_target(self, _: list[Any]) -> Any:
        return _eff("tap", target=TARGET_SLOT)

    def eff_untap_target(self, _: list[Any]) -> Any:
        return _eff("untap", target=TARGET_SLOT)

    def eff_untap_self(self, _: list[Any]) -> Any:
        return _eff("untap", onto="self")

    def eff_destroy_target(self, _: list[Any]) -> Any:
        return _eff("destroy", target=TARGET_SLOT)

    def eff_exile_target(self, _: list[Any]) -> Any:
        return _eff("exile", target=TARGET_SLOT)

    def eff_return_self(self, _: list[Any]) -> Any:
        return _eff("return_to_hand", of="self")

    def eff_return_target(self, _: list[Any]) -> Any:
        return _eff("return_to_hand", of="target", target=TARGET_SLOT)

    def eff_sacrifice_self(self, _: list[Any]) -> Any:
        return _eff("sacrifice", of="self")

    def eff_counter_target(self, _: list[Any]) -> Any:
        return _eff("counter", target=TARGET_SLOT)

    def eff_attach_target(self, _: list[Any]) -> Any:
        return _eff("attach", target=TARGET_SLOT)

    # ---- cards: draw, discard, mill, scry
    def eff_draw_n(self, c: list[Token]) -> Any:
        n = _num(c[0])
        if n < 2:
            raise Unreadable("draw one card is 'Draw a card.'")
        return _eff("draw", count=n)

    def eff_loot(self, _: list[Any]) -> Any:
        # two effects in one sentence, in order (CR 608.2c); "then" only joins them
        return ("effects", [{"kind": "draw", "count": 1, "_composed": True},
                            {"kind": "discard", "count": 1, "_then": True,
                             "_composed": True}])

    def eff_draw_target(self, _: list[Any]) -> Any:
        return _eff("draw", count=1, who="target", target=TARGET_SLOT)

    def eff_draw_target_n(self, c: list[Token]) -> Any:
        n = _num(c[0])
        if n < 2:
            raise Unreadable("one card is 'draws a card'")
        return _eff("draw", count=n, who="target", target=TARGET_SLOT)

    def eff_discard(self, _: list[Any]) -> Any:
        return _eff("discard", count=1)

    def eff_discard_target(self, _: list[Any]) -> Any:
        return _eff("discard", count=1, who="target", target=TARGET_SLOT)

    def eff_mill_one(self, _: list[Any]) -> Any:
        return _eff("mill", count=1)

    def eff_mill_n(self, c: list[Token]) -> Any:
        n = _num(c[0])
        if n < 2:
            raise Unreadable("one card is 'Mill a card.'")
        return _eff("mill", count=n)

    def eff_mill_target_one(self, _: list[Any]) -> Any:
        return _eff("mill", count=1, who="target", target=TARGET_SLOT)

    def eff_mill_target_n(self, c: list[Token]) -> Any:
        n = _num(c[0])
        if n < 2:
            raise Unreadable("one card is 'mills a card'")
        return _eff("mill", count=n, who="target", target=TARGET_SLOT)

    def eff_scry(self, c: list[Token]) -> Any:
        return _eff("scry", count=int(c[0]))

    # ---- life (CR 119.3), counters (CR 122.1)
    def eff_lose_life_target(self, c: list[Token]) -> Any:
        return _eff("lose_life", amount=int(c[0]), who="target", target=TARGET_SLOT)

    def eff_gain_life_target(self, c: list[Token]) -> Any:
        return _eff("gain_life", amount=int(c[0]), who="target", target=TARGET_SLOT)

    def eff_put_counters_target(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple) or not isinstance(c[0], int):
            raise Unreadable("a count of counters not a number")
        return _eff("put_counters", counter=str(c[1]), count=c[0], onto="target",
                    target=TARGET_SLOT)
