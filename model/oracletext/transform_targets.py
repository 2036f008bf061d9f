"""Parse trees of the grammar's target phrases (``target_phrase``, ``target_list``) to
card-format targets (CR 115.1).

:class:`TargetData` is a part of :class:`~.transform.ToData`, which gives it the shared
filter rules (``filter``, ``noun``): the stubs below are theirs.

Rules
-----
CR 115.1 (targets), 115.4 (any target), 404.1 (each player's graveyard), 115.1d ("up
to N").
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .words import Unreadable

__all__ = ["TargetData"]

#: What follows a filter's noun ("with flying", "with mana value X", "with a +1/+1
#: counter on it"); every other part but the controller comes before it.
_SUFFIX_KEYS = frozenset({"keywords", "not_keywords", "compare", "mana_value", "counter",
                          "has_counters", "_that_has", "_different_powers"})
#: The keys of a filter's noun.
_NOUN_KEYS = frozenset({"types", "any_types", "subtypes", "any_subtypes"})


class TargetData:
    """The rules of target phrases (module docstring)."""

    # ---- the shared rules, which ToData defines
    def filter(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def noun(self, c: list[Any]) -> Any:
        raise NotImplementedError

    def target_phrase(self, c: list[Any]) -> Any:
        return c[0]

    def target_any(self, _: list[Any]) -> Any:
        return {"zone": "any"}

    def target_player(self, _: list[Any]) -> Any:
        return {"zone": "player"}

    def target_opponent(self, _: list[Any]) -> Any:
        return {"zone": "player", "filter": {"controller": "opponent"}}

    def target_spell(self, c: list[Any]) -> Any:
        return {"zone": "stack", **({"filter": c[0]} if c and c[0] else {})}

    def target_spell_typed(self, c: list[Any]) -> Any:
        flt = self.filter(list(c))
        if set(flt) & {"tapped", "combat", "token"}:
            raise Unreadable("a permanent's status on a spell")
        return {"zone": "stack", **({"filter": flt} if flt else {})}

    def target_player_pw(self, _: list[Any]) -> Any:
        return {"zone": "player_or_planeswalker"}

    def target_opponent_pw(self, _: list[Any]) -> Any:
        return {"zone": "player_or_planeswalker", "filter": {"controller": "opponent"}}

    def target_permanent(self, c: list[Any]) -> Any:
        count, flt = (c[0], c[1]) if len(c) == 2 else (1, c[0])
        out: dict[str, Any] = {"zone": "battlefield"}
        if isinstance(count, tuple):
            flt = {**flt, "another": True}
            count = 1
        if flt:
            out["filter"] = flt
        if count != 1:
            out["count"] = count
        return out

    def alternative(self, c: list[Any]) -> Any:
        return self.filter([self.noun([x]) if isinstance(x, Token) else x for x in c])

    def target_alternatives(self, c: list[Any]) -> Any:
        # "target artifact, enchantment, or creature with flying": one of them (CR
        # 115.1); a trailing "you control" is every one's. Plain types or subtypes make
        # any_types / any_subtypes (target_phrase reads those); other lists any_of.
        ctl = c[-1] if "controller" in c[-1] else {}
        alts = [dict(a) for a in (c[:-1] if ctl else c)]
        if any("controller" in a or "another" in a for a in alts):
            raise Unreadable("a controller of one alternative")
        before = [set(a) - _SUFFIX_KEYS - _NOUN_KEYS for a in alts]
        after = [set(a) & _SUFFIX_KEYS for a in alts]
        if (before[0] and not all(before)) or (after[-1] and not all(after)):
            # "tapped artifact, creature, or enchantment", "artifact, enchantment, or
            # creature with flying": the first's adjective or the last's "with ..."
            # may be every alternative's (see ``filter``)
            raise Unreadable("words that may be every alternative's")
        return {"zone": "battlefield", "filter": {"any_of": alts, **ctl}}

    def target_opponent_or_theirs(self, _: list[Any]) -> Any:
        # "target opponent, creature an opponent controls, or planeswalker an opponent
        # controls": any target (CR 115.4) that is an opponent or a creature or
        # planeswalker of theirs (a battle isn't one)
        return {"zone": "any", "filter": {"controller": "opponent",
                                          "any_types": ["creature", "planeswalker"]}}

    def target_up_to(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple):
            raise Unreadable("up to another")
        spec = self.target_permanent([c[0], c[1]])
        spec["up_to"] = True
        return spec

    def gy_any(self, _: list[Any]) -> Any:
        return {}

    def gy_any_plural(self, _: list[Any]) -> Any:
        return {"_graveyards": True}

    def gy_you(self, _: list[Any]) -> Any:
        return {"controller": "you"}

    def gy_opponent(self, _: list[Any]) -> Any:
        return {"controller": "opponent"}

    def target_card(self, c: list[Any]) -> Any:
        flt = {**c[0], **c[1]}
        if set(flt) & {"tapped", "combat", "token"}:
            raise Unreadable("a permanent's status on a card")
        return {"zone": "graveyard", **({"filter": flt} if flt else {})}

    def target_card_n(self, c: list[Any]) -> Any:
        if isinstance(c[0], tuple):
            raise Unreadable("another card")
        spec = self.target_card(c[1:])
        if c[0] != 1:
            spec["count"] = c[0]
        return spec

    def target_card_up_to(self, c: list[Any]) -> Any:
        spec = self.target_card_n(c)
        spec["up_to"] = True
        return spec

