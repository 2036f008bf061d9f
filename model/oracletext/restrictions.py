"""Spend restrictions of mana abilities as oracle text (CR 106.6): the sentence after
what an ability adds ("Spend this mana only to cast creature spells."), and the spells
a filter names. Each reading is checked by rendering it back (``rendering``).

Rules
-----
CR 106.6: restrictions on how mana may be spent; 601.2f (a cost that contains {X} or
{C}); 702.33d (kicked spells); 702.24a (cumulative upkeep); 702.143a (foretell);
702.146a (disturb).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..english import with_article
from .phrases import render_filter

__all__ = ["render_spells", "restriction_sentence", "spells_words"]


def spells_words(flt: Mapping[str, Any], singular: bool) -> str:
    """"artifact spells", or with ``singular`` "an artifact spell" (the same meaning)."""
    if flt.get("_and_or"):
        types = [str(t).lower() for t in flt.get("any_types", [])]
        if len(types) != 2 or set(flt) != {"any_types", "_and_or"}:
            raise ValueError("and/or of other than two types")
        return f"{types[0]} and/or {types[1]} spells"
    if flt.get("chosen_creature_type"):
        rest = {k: v for k, v in flt.items() if k != "chosen_creature_type"}
        return spells_words(rest, singular) + " of the chosen type"
    if flt.get("keywords") and set(flt) == {"keywords"}:
        with_words = " ".join("with " + str(k).lower() for k in flt["keywords"])
        return ("a spell " if singular else "spells ") + with_words
    words = render_filter(flt, noun="spell")
    if singular:
        body = words if words.endswith("spell") else words + " spell"
        return with_article(body)
    return words + "s" if words.endswith("spell") else words + " spells"


def render_spells(flt: Mapping[str, Any]) -> str:
    """Spells a filter names, in the plural ("planeswalker spells")."""
    return spells_words(flt, False)


def restriction_sentence(mana: Mapping[str, Any], singular_spells: bool) -> str:
    """The spend restriction's sentence, with a space before it, or nothing."""
    res = mana.get("restriction")
    if res is None:
        return ""
    if res.get("not_generic") and "spells" not in res and "abilities" not in res:
        # CR 106.6, 107.4b (Jegantha): on which symbols it pays, not on what for
        return " This mana can't be spent to pay generic mana costs."
    if res.get("costs") == ["with_x"] and not set(res) - {"text", "costs"}:
        # Rosheen Meanderer: on costs, whatever they are for (CR 601.2f)
        return " Spend this mana only on costs that contain {X}."
    return (" Spend this mana only to " + _restriction_words(res, singular_spells)
            + (", and that spell can't be countered." if res.get("_uncounterable") else "."))


def _restriction_words(res: Mapping[str, Any], singular: bool) -> str:
    """What a spend restriction allows (CR 106.6), after "Spend this mana only to"."""
    if res.get("costs"):
        return _cost_words(res, singular)
    if res.get("kicked") or res.get("no_x_mana_cost") or res.get("keyword_from_a_graveyard") \
            or res.get("commander"):
        return _spell_words(res)
    if res.get("_abilities_first") and res.get("abilities") == {}:
        rest = {k: v for k, v in res.items() if k not in ("_abilities_first", "abilities")}
        return "activate an ability or " + _restriction_words(rest, singular)
    if "spells" not in res:
        abilities = res.get("abilities", {})
        if not abilities:
            return "activate abilities"
        return "activate abilities of " + render_filter(abilities, plural=True)
    spells = res["spells"]
    if res.get("from_graveyard"):
        if spells:
            raise ValueError("spells of a kind from your graveyard")
        return ("cast a spell" if singular else "cast spells") + " from your graveyard"
    if spells.get("any_of") and set(spells) == {"any_of"}:
        words = " or ".join(spells_words(a, singular) for a in spells["any_of"])
    else:
        words = spells_words(spells, singular)
    words = "cast " + words
    if "abilities" in res:
        abilities = res["abilities"]
        if res.get("abilities_of_cards"):
            # (Secluded Courtyard: the source may be a permanent or a card, CR 109.2)
            if abilities != {"types": ["creature"], "chosen_creature_type": True}:
                raise ValueError("abilities of cards other than Secluded Courtyard's")
            return words + (" or activate an ability of a creature or creature card of the "
                            "chosen type")
        if abilities.get("_one"):
            plain = {k: v for k, v in abilities.items() if k != "_one"}
            to = " or to activate" if res.get("_to") else " or activate"
            return words + to + " an ability of " + with_article(render_filter(plain))
        return words + " or activate abilities of " + render_filter(abilities, plural=True)
    return words


def _cost_words(res: Mapping[str, Any], singular: bool) -> str:
    """A spend restriction that names costs (``SpendRestriction.costs``; CR 106.6)."""
    costs = res["costs"]
    rest = {k: v for k, v in res.items() if k != "costs"}
    uses = set(rest) - {"text"}
    if costs == ["cumulative_upkeep"] and not uses:
        return "pay cumulative upkeep costs"
    if costs == ["face_down", "manifest", "morph"] and not uses:
        return ("cast a face-down creature spell, pay a mana cost to turn a manifested "
                "creature face up, or pay a morph cost")
    if costs in (["disturb"], ["foretell"]) and uses == {"spells"}:
        first = "pay a disturb cost" if costs == ["disturb"] else \
            "foretell a card from your hand"
        return first + " or " + _restriction_words(rest, singular)
    abilities = rest.get("abilities", {})
    if costs == ["with_c"] and uses == {"spells", "abilities"} and abilities.get("_one"):
        plain = {k: v for k, v in abilities.items() if k != "_one"}
        return ("cast " + spells_words(rest["spells"], True) + ", activate an ability of "
                + with_article(render_filter(plain)) + ", or pay a cost that contains {C}")
    raise ValueError("a spend restriction's costs")


def _spell_words(res: Mapping[str, Any]) -> str:
    """Kicked spells (CR 702.33d), or a colored spell without {X} in its mana cost."""
    if set(res) - {"text"} == {"spells", "kicked"} and res["spells"] == {}:
        return "cast kicked spells"
    if set(res) - {"text"} == {"spells", "no_x_mana_cost"} and \
            res["spells"] == {"colorless": False}:
        return "cast a spell that's one or more colors without {X} in its mana cost"
    if set(res) - {"text"} == {"spells", "commander"} and res["spells"] == {}:
        return "cast your commander"  # (Jeweled Lotus; CR 903.3)
    if set(res) - {"text"} == {"spells", "keyword_from_a_graveyard"} and \
            res["spells"] == {} and res["keyword_from_a_graveyard"] == "Flashback":
        return "cast spells with flashback from a graveyard"
    raise ValueError("a spend restriction on kicked spells or mana costs")
