"""Unread lines whose form proves them triggered abilities that use the stack.

A line "When/Whenever/At the beginning of [condition], [effect]" (CR 603.1), possibly
after an ability word (CR 207.2c), is a triggered ability. Unless it is a triggered mana
ability (CR 605.1b: it triggers from a mana ability and could add mana), it goes on the
stack the next time a player would receive priority after it triggers (CR 603.3) and
does nothing before it resolves (CR 608.2). So it can't change a payment, what a
permanent could produce (CR 106.7), whether an ability may be activated now, or the
state-based actions performed before a player receives priority (CR 704.3, 603.3:
triggers are put on the stack after them): only the events ``resolve`` plays out can
trigger it, and resolve can't tell when, so it stays "not decided" there
(``static:other:unread_trigger``, ``Family.UNREAD_TRIGGERS``).

Conservative: a line whose text (reminders included) has a word that could make it a
mana ability ("add", "mana" but for "mana value" and "mana cost", "tapped for mana")
unless its effect targets and names no mana (CR 605.1b: a triggered mana ability has no
target) or it triggers at a step's or phase's beginning or end (CR 605.5a: "At the
beginning of your precombat main phase, add {B} ..." uses the stack), or a word that
could make part of it a static or replacement effect
("instead", "can't", "as long as", "prevent", "skip", "would", "rather than",
"unless", "may ... as though"), or a second ability on the line, is not recognised here
and stays unread (every family).

Rules
-----
CR 603.1, 603.2, 603.3: triggered abilities, when they trigger and go on the stack.
CR 605.1b, 605.3b: triggered mana abilities (they don't use the stack). CR 207.2c:
ability words. CR 614.1: replacement effects ("instead", "would").
"""

from __future__ import annotations

import re

from .normal import normalise
from .reading import ABILITY_WORD

__all__ = ["unread_trigger"]


#: The opening of a triggered ability (CR 603.1).
_OPENING = re.compile(r"^(?:When|Whenever|At the beginning of|At end of|At the end of) ")

#: A trigger on a step or phase beginning or ending (CR 603.2, 605.5a: never a mana
#: ability, whatever it adds).
_PHASE = re.compile(r"^(?:At the beginning of|At end of|At the end of) ")

#: The reminder text of {C} (CR 107.4c).
_C_REMINDER = "{C} represents colorless mana."

#: Words that could make an effect add mana (CR 605.1a).
_MANA_WORDS = re.compile(r"\b[Aa]dds?\b|\bmana(?! value| cost)\b|\bfor mana\b",
                         re.IGNORECASE)

#: Words that could make (part of) the line a static or replacement effect, or a rule
#: that applies while the trigger waits (CR 604, 614).
_STATIC_WORDS = re.compile(
    r"\binstead\b|\bcan't\b|\bcannot\b|\bas long as\b|\bprevent|\bskip\b|\bwould\b|"
    r"\brather than\b|\bunless\b|\bas though\b|\bdoesn't untap\b|\bdon't untap\b|"
    r"\bcan be\b|\bhave no\b|\blose all\b|\bmay play\b|\bmay cast\b",
    re.IGNORECASE)


def unread_trigger(line: str, name: str = "") -> bool:
    """Whether an unread ``line`` is, by its form, a triggered ability that uses the
    stack and has no static part (module docstring).

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
    ...                "mana.)")
    False
    >>> unread_trigger("At the beginning of your precombat main phase, add {B} for each "
    ...                "charge counter on Black Market.", "Black Market")
    True
    """
    norm = normalise(line, name)
    body = norm.text
    if "\n" in body or '"' in body:
        return False  # a quoted ability granted by the effect: read nothing into it
    word = ABILITY_WORD.match(body)
    if word is not None:
        body = body[word.end():]
    if not _OPENING.match(body) or not body.endswith("."):
        return False
    _condition, comma, effect = body.partition(", ")
    if not comma or not effect:
        return False
    # "({C} represents colorless mana.)" explains a symbol of the line (CR 107.4c): a
    # reminder of what {C} is, not mana the effect adds (Gravity Negator).
    reminders = tuple(r for r in norm.reminders
                      if not (r == _C_REMINDER and "{C}" in body))
    whole = " ".join((body, *reminders))
    if _STATIC_WORDS.search(whole):
        return False
    # CR 605.1b: a triggered mana ability has no target and could add mana. An effect
    # that targets ("target opponent", not "the target of") and has no mana word isn't
    # one; nor is a trigger on a step or phase beginning or ending (CR 605.5a: it
    # triggers from neither a mana ability nor mana being added); any other line with
    # a mana word could be.
    return not _MANA_WORDS.search(whole) or _PHASE.match(body) is not None or (
        re.search(r"(?<!the )\btarget\b", effect) is not None
        and not _MANA_WORDS.search(" ".join((effect, *reminders))))
