"""Words for an activation's parts: filters, cost parts and abilities in English.

What the reasons and fixes say about a target or a cost part comes from here
("untapped creature you control", "sacrifice two artifacts", "exile a card from your
graveyard"), so every message names a part the same way.

Rules
-----
None decided here; the words name the parts of CR 115.1 (targets: "target ...") and
CR 118.3, 601.2h (costs: sacrifice, discard, reveal, exile, tap an untapped
permanent) as the rules write them.
"""

from __future__ import annotations

from dataclasses import replace

from manacheck.model import ActivatedAbility, CostKind, CostPart, ObjectFilter
from manacheck.model.english import with_article

__all__ = ["ability_text", "cost_label", "describe_filter", "zone_noun"]


def ability_text(ab: ActivatedAbility) -> str:
    """The ability's text, or its cost followed by ": ..." when it has none."""
    return ab.text or (ab.cost_text + ": ...")


def describe_filter(flt: ObjectFilter, noun: str = "permanent") -> str:
    """A short English description of a filter ("untapped creature you control")."""
    words: list[str] = []
    if flt.tapped is True:
        words.append("tapped")
    elif flt.tapped is False:
        words.append("untapped")
    if flt.colorless:
        words.append("colorless")
    if flt.colors:
        words.append(" or ".join(sorted(c.color_name for c in flt.colors)))
    if flt.any_of:  # "black or artifact"
        words.append(" or ".join(describe_filter(f, "").strip() for f in flt.any_of))
    words.extend(sorted(s for s in flt.supertypes))
    words.extend(sorted(flt.subtypes))
    if flt.any_subtypes:
        words.append(" or ".join(sorted(flt.any_subtypes)))
    types = [t.lower() for t in sorted(flt.types)]
    if flt.any_types:
        types.append(" or ".join(t.lower() for t in sorted(flt.any_types)))
    if types:
        words.append(" ".join(types))
        if noun not in ("permanent",):
            words.append(noun)
    else:
        words.append(noun)
    if flt.not_types:
        words.append("that isn't " + " or ".join(t.lower() for t in sorted(flt.not_types)))
    if flt.not_colors:
        words.insert(0, "non" + "/non".join(sorted(c.color_name for c in flt.not_colors)))
    if flt.not_subtypes:
        words.insert(0, "non-" + "/non-".join(sorted(flt.not_subtypes)))
    if flt.token is True:
        words.append("token")
    elif flt.token is False:
        words.insert(0, "nontoken")
    if flt.combat is not None:
        words.insert(0, {"blocked": "blocked attacking", "unblocked": "unblocked attacking"}
                     .get(flt.combat, flt.combat.replace("_", " ")))
    if flt.name:
        words.append(f"named {flt.name}")
    if flt.mana_value is not None:
        words.append(f"with mana value {flt.mana_value}")
    for what, op, n in flt.compare:
        words.append(f"with {what.replace('_', ' ')} {n} or "
                     f"{'less' if op == '<=' else 'greater'}")
    if flt.keywords:
        words.append("with " + " and ".join(sorted(k.lower() for k in flt.keywords)))
    if flt.not_keywords:
        words.append("without " + " or ".join(sorted(k.lower() for k in flt.not_keywords)))
    if flt.counter is not None:
        words.append(f"with a {flt.counter} counter on it")
    if flt.controller == "you":
        words.append("you control")
    elif flt.controller == "opponent":
        words.append("an opponent controls")
    if flt.another:
        words.insert(0, "another")
    return " ".join(words)


def zone_noun(zone: str) -> str:
    """What a target in that zone is called: "spell", "card", "player", "target"."""
    return {"stack": "spell", "graveyard": "card", "player": "player", "any": "target",
            "player_or_planeswalker": "player or planeswalker"}.get(zone, "permanent")


def _count_words(count: int | str) -> str:
    if count == 1:
        return "a "
    return f"{count} "


def cost_label(part: CostPart, noun: str) -> str:
    """The cost part in words: "tap an untapped creature you control"."""
    what = describe_filter(part.filter, noun)
    n = _count_words(part.count)
    if part.kind is CostKind.TAP_UNTAPPED:
        return f"tap {'an ' if part.count == 1 else n}untapped {what}"
    if part.kind is CostKind.TAP_TOTAL_POWER:
        plain = describe_filter(replace(part.filter, another=False, controller=None), noun)
        other = "other " if part.filter.another else ""
        return (f"tap any number of {other}untapped {plain}s you control with total power "
                f"{part.count} or greater")
    if part.kind is CostKind.EXILE_FROM_GRAVEYARD:
        where = "your graveyard" if part.filter.controller == "you" else "a graveyard"
        what = describe_filter(replace(part.filter, controller=None), noun)
        return f"exile {n}{what} from {where}"
    if part.kind is CostKind.EXILE_FROM_HAND:
        return f"exile {n}{what} from your hand"
    if part.kind is CostKind.RETURN:
        one = with_article(what) if part.count == 1 else n + what
        return f"return {one} to its owner's hand"
    verb = {CostKind.SACRIFICE: "sacrifice", CostKind.DISCARD: "discard",
            CostKind.REVEAL: "reveal", CostKind.EXILE: "exile"}.get(part.kind, "pay")
    return f"{verb} {n}{what}"

