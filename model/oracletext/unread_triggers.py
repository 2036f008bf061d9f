"""Unread lines whose form proves them triggered abilities that use the stack.

A line "When/Whenever/At the beginning of [condition], [effect]" (CR 603.1), possibly
after an ability word (CR 207.2c), or a chapter ability of a Saga ("I, II — [effect]",
CR 714.2b), is a triggered ability: the whole paragraph is the one ability, its effect
and any instructions after it (CR 603.1, 113.2c). Unless it is a triggered mana ability
(CR 605.1b), it goes on the stack the next time a player would receive priority after
it triggers (CR 603.3) and does nothing before it resolves (CR 608.2): an effect it
creates, even a replacement or a continuous effect ("..., it gets +1/+1 as long as you
control a Forest", "..., if you would draw a card, exile it instead"), exists only once
it has resolved (CR 611.2a, 614.1), and a state file lists such a lasting effect under
``effects``. So it can't change a payment, what a permanent could produce (CR 106.7),
whether an ability may be activated now, or the state-based actions performed before a
player receives priority (CR 704.3, 603.3: triggers are put on the stack after them):
only the events ``resolve`` plays out can trigger it, and resolve can't tell when, so it
stays "not decided" there (``static:other:unread_trigger``, ``Family.UNREAD_TRIGGERS``).

A triggered mana ability (CR 605.1b) has no target, could add mana, and triggers from
activating or resolving a mana ability or from mana being added. Conservatively, a line
stays unread (every family) when its condition has a word that could be about a mana
ability being activated or resolved or its costs being paid ("mana", "tap", "tapped",
"activate", "sacrifice", "pay", "discard", "exile", "life", "counter", "damage", "dies",
"graveyard", "leaves", "add", "spend") *and* its effect could add mana ("add", "mana"
but for "mana value" and "mana cost"), unless the effect targets and adds no mana, or
it triggers at a step's or phase's beginning or end (CR 605.5a). A Saga's chapter
ability triggers from lore counters (CR 714.2b), never from a mana ability. Reminder
text has no rules meaning (CR 207.2a) and is left out of the test; a quoted ability an
effect grants is part of that effect.

Rules
-----
CR 603.1, 603.2, 603.3: triggered abilities, when they trigger and go on the stack.
CR 605.1b, 605.3b, 605.5a: triggered mana abilities (they don't use the stack). CR
207.2a, 207.2c: reminder text, ability words. CR 714.2b: chapter abilities. CR 608.2,
611.2a: effects begin when the ability resolves.
"""

from __future__ import annotations

import re

from .normal import normalise
from .reading import ABILITY_WORD

__all__ = ["modal_trigger_lines", "triggers_on_state_based_actions", "unread_trigger"]


#: The opening of a triggered ability (CR 603.1).
_OPENING = re.compile(r"^(?:When|Whenever|At the beginning of|At end of|At the end of) ")

#: A trigger on a step or phase beginning or ending (CR 603.2, 605.5a: never a mana
#: ability, whatever it adds).
_PHASE = re.compile(r"^(?:At the beginning of|At end of|At the end of) ")

#: Words that could make an effect add mana (CR 605.1a).
_MANA_WORDS = re.compile(r"\b[Aa]dds?\b|\bmana(?! value| cost)\b|\bfor mana\b",
                         re.IGNORECASE)

#: Words of a trigger condition that could be about a mana ability being activated or
#: resolved, its costs being paid, or mana being added (CR 605.1b).
_MANA_CONDITION = re.compile(
    r"\bmana\b|\btap|\bactivat|\bsacrific|\bpa(?:y|ys|id)\b|\bdiscard|\bexile|\blife\b|"
    r"\bcounters?\b|\bdamage\b|\bdies\b|\bdie\b|\bgraveyard\b|\bleaves\b|\badds?\b|"
    r"\bspen[dt]\b|\bremove", re.IGNORECASE)

#: Words of an effect that could last after it resolved (CR 611.2a): a gained ability,
#: a characteristic, a duration, a rule.
_LASTING = re.compile(r"\b(?:gains?|gets?|has|have|becomes?|until|as long as|can't|cannot|"
                      r"don't|doesn't|this turn|instead|is|are)\b|\"", re.IGNORECASE)

#: A Saga's chapter ability (CR 714.2b).
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — ")


def unread_trigger(line: str, name: str = "") -> bool:
    """Whether an unread ``line`` is, by its form, a triggered ability that uses the
    stack (module docstring).

    Examples
    --------
    >>> unread_trigger("Whenever a creature you control attacks, put a charge counter "
    ...                "on Druids' Repository.", "Druids' Repository")
    True
    >>> unread_trigger("Whenever you tap a creature for mana, add an additional {G}.")
    False
    >>> unread_trigger("Whenever you tap Forbidden Orchard for mana, target opponent "
    ...                "creates a 1/1 colorless Spirit creature token.", "Forbidden Orchard")
    True
    >>> unread_trigger("If a land would enter, it enters tapped instead.")
    False
    >>> unread_trigger("Whenever Gravity Negator attacks, you may pay {C}. If you do, "
    ...                "another target creature gains flying until end of turn. ({C} "
    ...                "represents colorless mana.)", "Gravity Negator")
    True
    >>> unread_trigger("Whenever you cast a spell, add {C}. ({C} represents colorless "
    ...                "mana.)")  # it triggers from casting, not from a mana ability
    True
    >>> unread_trigger("Whenever a player taps a land for mana, that player adds one mana "
    ...                "of any type that land produced.")
    False
    >>> unread_trigger("At the beginning of your precombat main phase, add {B} for each "
    ...                "charge counter on Black Market.", "Black Market")
    True
    """
    norm = normalise(line, name)
    body = norm.text
    if "\n" in body or not body.endswith((".", '."')):
        return False
    if _CHAPTER.match(body):
        # CR 714.2b: it triggers as lore counters are put, never from mana. A Saga's
        # lore counters say which chapters have triggered (CR 714.3b), so a lasting
        # effect of one ("Urza's Saga gains "{T}: Add {C}."") may be in force now:
        # such a line stays unread.
        return _LASTING.search(body) is None
    word = ABILITY_WORD.match(body)
    if word is not None:
        body = body[word.end():]
    if not _OPENING.match(body):
        return False
    condition, comma, effect = body.partition(", ")
    if not comma or not effect:
        return False
    if _PHASE.match(body) or not _MANA_CONDITION.search(condition):
        return True  # CR 605.5a, 605.1b: it can't trigger from a mana ability
    # CR 605.1b: a triggered mana ability could add mana: an effect with no mana word
    # (reminders left out) isn't one; any other could be.
    return not _MANA_WORDS.search(effect)


def modal_trigger_lines(lines: list[str], name: str = "") -> frozenset[str]:
    """The lines of modal triggered abilities: "When/Whenever/At ..., choose one —"
    followed by its modes, each a line of its own beginning with "•" (CR 700.2). The
    header and its modes are one ability (CR 603.1, 700.2b), judged whole by
    :func:`unread_trigger`; the lines of one that is a triggered ability using the stack
    are returned.

    Examples
    --------
    >>> len(modal_trigger_lines(["Whenever Putrid Warrior deals damage, choose one —",
    ...                          "• Each player loses 1 life.",
    ...                          "• Each player gains 1 life."], "Putrid Warrior"))
    3
    """
    found: set[str] = set()
    for i, header in enumerate(lines):
        if not header.endswith(" —"):
            continue
        modes = []
        for line in lines[i + 1:]:
            if not line.startswith("• "):
                break
            modes.append(line)
        whole = " ".join([header, *modes])
        if modes and unread_trigger(whole, name):
            found.update([header, *modes])
    return frozenset(found)


#: Words of a trigger condition that could be met while state-based actions are
#: performed (CR 704.3: they put permanents into graveyards, remove counters, make
#: players lose, unattach) or as triggered abilities are put on the stack (CR 603.3),
#: or that could make a state trigger (CR 603.8: "When you control no Islands").
_SBA_CONDITION = re.compile(
    r"\bdies\b|\bdie\b|\bgraveyards?\b|\bleaves?\b|\bput into\b|\bcounters?\b|"
    r"\bremoved?\b|\bexiled?\b|\bno\b|\bnot\b|\bloses?\b|\blost\b|\battach|\bunattach|"
    r"\bsacrific|\bdestroy|\bstack\b|\btrigger|\bstate\b|\bzones?\b|\bphases?\b",
    re.IGNORECASE)

#: Conditions that are events of their own that performing state-based actions is not:
#: a step or phase beginning or ending (CR 603.2, 500.1), a spell cast (CR 601.2i),
#: an attack or block (CR 508, 509), damage dealt (CR 120), a permanent entering (no
#: permanent enters as they are performed, CR 704.3), an ability activated (CR 602.2).
_OWN_EVENT = re.compile(
    r"\bcasts?\b|\bcopy\b|\battacks?\b|\bblocks?\b|\bdeals?\b|\bdealt\b|\benters?\b|"
    r"\bactivates?\b|"
    r"\bcycles?\b|\bdraws?\b|\bgains? life\b|\bis turned face up\b", re.IGNORECASE)


def triggers_on_state_based_actions(line: str, name: str = "") -> bool:
    """Whether an unread triggered ability (:func:`unread_trigger`) could trigger while
    state-based actions are performed before a player receives priority, or as
    triggered abilities are put on the stack (CR 704.3, 603.3). One that triggers at a
    step's or phase's beginning or end can't; nor can one whose condition is an event
    of its own (a spell cast, an attack, damage, a permanent entering) and names none
    of what performing them does or could make true (a permanent dying, counters
    removed, a player losing, a state, CR 603.8). Any other could, and so does any
    line that isn't plainly a trigger.

    Examples
    --------
    >>> triggers_on_state_based_actions("Whenever an opponent casts their first "
    ...     "noncreature spell each turn, draw a card unless that player pays {X}.")
    False
    >>> triggers_on_state_based_actions("At the beginning of your upkeep, you lose 4 "
    ...     "life unless there are four or more card types among cards in your graveyard.")
    False
    >>> triggers_on_state_based_actions("Whenever Skirk Drill Sergeant or another Goblin "
    ...     "dies, you may pay {2}{R}.", "Skirk Drill Sergeant")
    True
    >>> triggers_on_state_based_actions("When you control no Islands, sacrifice Dandan.")
    True
    >>> triggers_on_state_based_actions("Whenever a creature enters or leaves the "
    ...     "battlefield, you gain 1 life.")
    True
    """
    norm = normalise(line, name)
    body = re.sub(r"\([^)]*\)", "", norm.text).strip()
    word = ABILITY_WORD.match(body)
    if word is not None:
        body = body[word.end():]
    if _PHASE.match(body):
        return False
    if not _OPENING.match(body):
        return True
    condition, comma, _effect = body.partition(", ")
    if not comma:
        return True
    condition = _OPENING.sub("", condition)
    return not _OWN_EVENT.search(condition) or bool(_SBA_CONDITION.search(condition))
