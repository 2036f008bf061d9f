"""Why an effect left unapplied keeps an answer from being decided, in a judge's words.

A question (``manacheck.solver.soundness.Question``) reads some rule families; an effect
that it doesn't apply and that could change one of them makes its answer "not decided".
:func:`effect_why` says so in words: whether manacheck doesn't read the effect's text or
doesn't apply an effect it has read, and what *this* question reads that the effect could
change ("the total cost (CR 601.2f)", "whether mana abilities may be activated (CR
602.5)"), with the rule numbers. An effect that matters only through the check for
state-based actions made before a player gets priority says that plainly.

Rules
-----
CR 117.5, 704.3: state-based actions are checked whenever a player would get priority.
CR 601.2f, 602.2b: the total cost. CR 602.5: abilities prohibited from being activated.
CR 106.1, 605.1a: what mana abilities add; CR 106.7: what a permanent could produce.
CR 106.6, 609.4b: how mana may be spent. CR 613.1d-f, 613.4: layers 4 to 7.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from manacheck.model.effects import Family

__all__ = ["STATE_BASED_QUESTION", "effect_why", "family_words"]

F = Family

#: The name of the question asked before every other: is a state-based action pending
#: (``manacheck.solver.settle``)?
STATE_BASED_QUESTION: Final = "state-based actions"

#: What a family is, for any question: a noun phrase with its rules. The order here is
#: the order of the words (the most telling first).
_GENERIC: dict[Family, str] = {
    F.ACTIVATION: "whether abilities may be activated (CR 602.5)",
    F.NONMANA_ACTIVATION: "whether abilities other than mana abilities may be activated "
                          "(CR 602.5, 605.3a)",
    F.MANA: "what mana abilities add (CR 106.1, 605.1a)",
    F.ABILITY_COSTS: "the total cost of activating an ability (CR 602.2b, 601.2f)",
    F.SPELL_COSTS: "the total cost (CR 601.2f)",
    F.SPENDING: "how mana may be spent (CR 106.6, 609.4b)",
    F.SPELL_SPENDING: "how mana may be spent on this spell (CR 609.4b, 601.2h)",
    F.TARGETING: "who may be targeted (CR 115, 702.11, 702.16, 702.18)",
    F.OWN_ABILITIES: "the object's own activated keyword abilities (CR 702)",
    F.COUNTERS: "whether counters can be put on permanents (CR 122.6, 118.3)",
    F.TYPES: "card types and subtypes (layer 4, CR 613.1d)",
    F.COLORS: "colors (layer 5, CR 613.1e)",
    F.ABILITIES: "abilities gained or lost (layer 6, CR 613.1f)",
    F.POWER_TOUGHNESS: "power and toughness (layer 7, CR 613.4)",
    F.STATE_BASED: "state-based actions (CR 704)",
}

#: What each question reads, where it says more than the generic words.
_BY_QUESTION: dict[str, dict[Family, str]] = {
    "payment": {
        F.ACTIVATION: "whether mana abilities may be activated (CR 602.5)",
        F.MANA: "what the mana abilities add (CR 106.1, 605.1a)",
        F.ABILITY_COSTS: "the costs of the mana abilities (CR 602.2b, 601.2f)",
        F.TYPES: "the permanents' types (layer 4, CR 613.1d)",
        F.COLORS: "colors, which some mana abilities add or count (layer 5, CR 613.1e)",
        F.ABILITIES: "the permanents' abilities, mana abilities among them (layer 6, "
                     "CR 613.1f)",
        F.POWER_TOUGHNESS: "power, which some mana abilities count (layer 7, CR 613.4)",
        F.COUNTERS: "counters that some mana abilities put or count (CR 122.6)",
    },
    "activation": {
        F.ACTIVATION: "whether this ability or the mana abilities paying for it may be "
                      "activated (CR 602.5)",
        F.NONMANA_ACTIVATION: "whether this ability may be activated, if it isn't a mana "
                              "ability (CR 602.5, 605.3a)",
        F.MANA: "what those mana abilities add (CR 106.1, 605.1a)",
        F.ABILITY_COSTS: "the total costs of this ability and of those mana abilities "
                         "(CR 602.2b, 601.2f)",
        F.TYPES: "the permanents' types (layer 4, CR 613.1d)",
        F.ABILITIES: "the permanents' abilities (layer 6, CR 613.1f)",
        F.COUNTERS: "whether counters can be put on a permanent as a cost (CR 118.3, "
                    "122.6)",
    },
    "could-produce": {
        F.MANA: "what the abilities would add if they resolved (CR 106.7)",
        F.TYPES: "the permanents' types, land types among them (layer 4, CR 305.7, "
                 "613.1d)",
        F.ABILITIES: "the permanents' abilities, mana abilities among them (layer 6, "
                     "CR 613.1f)",
        F.COLORS: "colors, which some mana abilities add (layer 5, CR 613.1e)",
    },
    STATE_BASED_QUESTION: {
        F.TYPES: "which permanents are creatures, planeswalkers or legendary (layer 4, "
                 "CR 613.1d)",
        F.ABILITIES: "the permanents' abilities (layer 6, CR 613.1f)",
        F.POWER_TOUGHNESS: "toughness (layer 7, CR 613.4, 704.5f)",
        F.STATE_BASED: "the state-based actions themselves (CR 704.5)",
    },
}

#: How each question is named in the words.
_NOUN = {"payment": "the payment", "activation": "this activation",
         "could-produce": "the could-produce answer", "resolve": "the resolution",
         STATE_BASED_QUESTION: "the check for state-based actions"}

#: The most telling families first: with more than :data:`_SHOWN` of them (text not
#: read, which could change anything), the first few are named "such as".
_FIRST = (F.ACTIVATION, F.NONMANA_ACTIVATION, F.SPELL_COSTS, F.MANA, F.ABILITY_COSTS, F.SPENDING,
          F.SPELL_SPENDING, F.TARGETING, F.TYPES, F.POWER_TOUGHNESS, F.ABILITIES,
          F.COLORS, F.STATE_BASED, F.COUNTERS, F.OWN_ABILITIES)
_ORDER = {f: i for i, f in enumerate([*_FIRST, *(f for f in Family if f not in _FIRST)])}
_SHOWN = 3


def family_words(question: str, family: Family) -> str:
    """What ``question`` reads of ``family``, as a noun phrase with its rules."""
    return _BY_QUESTION.get(question, {}).get(family) or _GENERIC.get(family) or family.rules


def _join(parts: list[str], last: str = "and") -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return "; ".join(parts[:-1]) + f"; {last} " + parts[-1]


#: The kind of a "chosen name" prohibition whose name the state doesn't give (Pithing
#: Needle with no ``chosen: {name: ...}``; ``manacheck.solver.soundness``).
UNCHOSEN_NAME = "static:other:unchosen_name"


def _lead(key: str) -> str:
    """How manacheck stands to the effect: its text isn't read, or it isn't applied."""
    if key.startswith(("static:other:unread", "effect:static:other:unread")):
        return "manacheck doesn't read this text, and it could change"
    if key == UNCHOSEN_NAME:
        return ("the state file gives no name chosen for it (set the permanent's "
                "chosen: {name: ...}), and that name could change")
    if key.startswith("order:"):
        return "manacheck can't order these effects, and their order could change"
    if key.startswith("effect:"):
        return "manacheck doesn't apply this effect of a resolved spell, and it could change"
    return "manacheck doesn't apply this effect, and it could change"


def effect_why(question: str, families: Iterable[Family], key: str,
               player: str | None = None) -> str:
    """Why an effect of kind ``key`` that could change ``families`` makes ``question``'s
    answer not decided. For the check for state-based actions (``player`` is who would
    get priority, if known), the words say that the effect matters through it. With
    more than three families (text not read, which could change anything), the first
    three are named as examples; ``Undecided.families`` has them all.

    Examples
    --------
    >>> effect_why("payment", [Family.SPELL_COSTS], "static:other:cost_increase_unknown")
    "manacheck doesn't apply this effect, and it could change the total cost (CR 601.2f)"
    >>> effect_why("state-based actions", [Family.POWER_TOUGHNESS], "static:other:pump",
    ...            "Alice")  # doctest: +NORMALIZE_WHITESPACE
    "manacheck doesn't apply this effect, and it could change whether a state-based
    action is pending before Alice gets priority (CR 117.5, 704.3), through toughness
    (layer 7, CR 613.4, 704.5f)"
    """
    fams = sorted(set(families), key=lambda f: _ORDER[f])
    words = [family_words(question, f) for f in fams]
    if len(words) > _SHOWN:
        what = f"what {_NOUN.get(question, question)} reads, such as " + \
            _join(words[:_SHOWN], "or")
        through = "what the check reads, such as " + _join(words[:_SHOWN], "or")
    else:
        what = through = _join(words)
    if question == STATE_BASED_QUESTION:
        who = player or "a player"
        return (f"{_lead(key)} whether a state-based action is pending before {who} gets "
                f"priority (CR 117.5, 704.3), through {through}")
    return f"{_lead(key)} {what}"
