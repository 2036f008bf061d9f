"""What a line's form says when the reader leaves it unread: a mana ability by CR
605.1a's words, or an activated ability that can't add mana (which does nothing until
it is activated, CR 602.2).

Rules
-----
CR 602.1a: "[Cost]: [Effect.]". CR 605.1a: a mana ability has no target, could add
mana and isn't a loyalty ability. CR 606: loyalty abilities.
"""

from __future__ import annotations

import re

from .normal import Normalised, normalise
from .reading import ABILITY_WORD, LOYALTY_SYMBOL, TARGET_WORDS, split_cost, top_colon

__all__ = ["activated_form", "could_be_mana_ability", "line_body", "unread_activated"]


def line_body(line: str, name: str = "") -> tuple[Normalised, str, bool]:
    """A line normalised, its body without an ability word ("Formidable — ", CR 207.2c),
    and whether it had one."""
    norm = normalise(line, name)
    word = ABILITY_WORD.match(norm.text)
    return norm, norm.text[word.end():] if word else norm.text, word is not None


#: Words that could make an effect add mana (CR 605.1a): "add", or "mana" but for
#: "mana value" and "mana cost".
_MANA_WORDS = re.compile(r"\b[Aa]dds?\b|\bmana(?! value| cost)\b")


def unread_activated(line: str, name: str = "") -> bool:
    """Whether a line that :func:`read_line` leaves unread is, by its form, an activated
    ability that isn't a mana ability: a loyalty ability (CR 606.4: "[+1]: ...", never a
    mana ability, CR 605.1a), or a cost the grammar derives before the top-level colon
    (CR 602.1a) followed by an effect with no word that could add mana or with a target
    (a mana ability has none, CR 605.1a).

    Such an ability does nothing until it is activated (CR 602.2), so only a question
    about its own object can depend on it (``Family.OWN_ABILITIES``, as an activated
    keyword ability the model doesn't read); any other line left unread could be a
    static ability, or a mana ability the payment solver would need, and could change
    anything.

    Examples
    --------
    >>> unread_activated("[−6]: Separate all permanents target player controls into two piles.")
    True
    >>> unread_activated("{T}: Add {R}. Spend this mana only to cast an instant spell with X.")
    False
    >>> unread_activated("Creatures you control get +1/+0 for each Aura on them.")
    False
    >>> unread_activated("{T}: If target Plains is tapped for mana, it produces colorless "
    ...                  "mana instead of white mana.")  # a target: not a mana ability
    True
    """
    norm, body, worded = line_body(line, name)
    if not worded and LOYALTY_SYMBOL.match(body):
        return True
    if not activated_form(line, name):
        return False
    effect = re.sub(r'"[^"]*"', "", body[top_colon(body) + 1:])
    targeted = TARGET_WORDS.search(effect) is not None  # never a mana ability (605.1a)
    return targeted or not (_MANA_WORDS.search(effect)
                            or any(_MANA_WORDS.search(r) for r in norm.reminders))


def activated_form(line: str, name: str = "") -> bool:
    """Whether a line is, by its form, an activated ability, a mana ability or not: a
    loyalty ability (CR 606.4) or a cost the grammar derives before the top-level colon
    (CR 602.1a). Such an ability does nothing unless a player activates it, which takes
    priority or a payment in progress (CR 602.2, 605.3a): never while state-based
    actions are performed (CR 704.3).

    Examples
    --------
    >>> activated_form("{T}: If target Plains is tapped for mana, it produces colorless "
    ...                "mana instead of white mana.")
    True
    >>> activated_form('Equipped creature has "{T}: Add {G}."')
    False
    """
    _norm, body, worded = line_body(line, name)
    if not worded and LOYALTY_SYMBOL.match(body):
        return True
    colon = top_colon(body)
    if colon <= 0 or body.startswith("["):
        return False
    return split_cost(body, colon, None) is not None


#: An activated ability whose effect adds mana: "Add" in its first sentence after the
#: colon, or in a later one (outside quotation marks).
_MANA_LINE = re.compile(r"^[^\"]*?: (?:[^\"]*\. )?Add ")


def could_be_mana_ability(text: str) -> bool:
    """Whether a normalised line is a mana ability by CR 605.1a's words: an activated
    ability whose effect adds mana, that isn't a loyalty ability ("[+1]: Add {R}{R}."
    uses the stack) and has no target in its effect ("Exile target land card from a
    graveyard. Add one mana of any color." isn't one either).

    Examples
    --------
    >>> could_be_mana_ability("{T}: Add {G}.")
    True
    >>> could_be_mana_ability("[+1]: Add {R}{R}.")
    False
    >>> could_be_mana_ability("{T}: Add {B}{B}{B}{B}. Target opponent gains control of CARDNAME.")
    False
    """
    if not _MANA_LINE.search(text) or LOYALTY_SYMBOL.match(text):
        return False
    effect = re.sub(r'"[^"]*"', "", text[top_colon(text) + 1:])
    return TARGET_WORDS.search(effect) is None
