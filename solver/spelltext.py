"""Unread text of the card being paid for that can't bear on its payment.

A spell's effect happens when it resolves (CR 608.2); what is paid to cast it is fixed
before that: its total cost (CR 601.2f: mana cost or alternative cost, plus additional
costs and cost increases, less reductions; 118.7-118.9) and how mana may be spent on it
(CR 106.6, 609.4b), which depends on its characteristics (types and colors, for
restrictions such as "spend this mana only to cast a multicolored spell"). So an unread
line of the card being paid for can change the payment only if it is about its cost,
how it is cast or paid, mana, X, or its own characteristics.

:func:`may_bear_on_payment` is conservative: a line is taken to bear on the payment
unless it uses none of a list of words about costs, casting, paying, mana, X, keywords
that change costs or how a spell is cast, and (outside a triggered ability) colors and
types. A triggered ability of a card in hand can't change the payment: it triggers only
on an event and is put on the stack after the spell has become cast (CR 601.2i, 603.3),
and its text says nothing about the cost; a trigger line using mana or cost words still
counts. Any doubt keeps the line "could change anything".

Such a line is given the kind :data:`UNREAD_SPELL_EFFECT` (every family, self-only), and
only ``pay --for`` applies it (``manacheck.solver.soundness.PAYMENT_FOR``): every other
question, ``resolve`` in particular, still finds it unapplied and is not decided.

Examples
--------
>>> may_bear_on_payment("Lightning Bolt deals 3 damage to any target.")
False
>>> may_bear_on_payment("This spell costs {1} less to cast for each artifact you control.")
True
>>> may_bear_on_payment("Whenever a player casts a white spell, you may gain 1 life.")
False
>>> may_bear_on_payment("Ghostfire is colorless.")
True
>>> may_bear_on_payment("Target creature gets +3/-3 until end of turn.")
False
>>> may_bear_on_payment("Target creature gets +1/+1. Ghostfire is colorless.")
True
"""

from __future__ import annotations

import functools
import re

from manacheck.model.effects import EffectKind

__all__ = ["UNREAD_SPELL_EFFECT", "may_bear_on_payment", "spell_effect_kind"]

#: The kind of an unread line of the card paid for that can't bear on its payment.
UNREAD_SPELL_EFFECT = "static:other:unread_spell_effect"

# Words about costs, paying, mana, X and how a spell is cast (CR 601.2b, 601.2f,
# 118.7-118.9, 106.6): any of them keeps the line "could change anything".
_COST_WORDS = (
    r"costs?|costing|pay|pays|paid|paying|spend|spends|spent|spending|mana|x|free|less|"
    r"additional|alternative|instead|rather|without|reduce[sd]?|reduction|increase[sd]?|"
    r"convoke|delve|affinity|improvise|emerge|evoke|flashback|kicker|kicked|multikicker|"
    r"buyback|entwine|replicate|spree|offspring|bargain|bargained|casualty|escape|"
    r"overload|surge|prowl|madness|dash|blitz|suspend|foretell|foretold|plot|plotted|"
    r"disturb|miracle|spectacle|assist|splice|retrace|jump-start|aftermath|offering|"
    r"undaunted|conspire|strive|escalate|sunburst|converge|adamant|bestow|awaken|"
    r"morph|megamorph|disguise|mutate|ninjutsu|cleave|squad|gift|freerunning|impending|"
    r"warp|sneak|harmonize|craft|tiered|collect|forage|exhaust|mayhem|station|devoid|"
    r"changeling|split|fuse|adventure|omen|prepare|treasure|energy")

# How the spell is cast or played (CR 601.2a-e: "can't be cast", "cast only", "you may
# cast it from ..."): outside a triggered ability only, where "whenever a player casts"
# is the trigger's event.
_CAST_WORDS = r"cast|casts|casting|castable|play|plays|played|playing"

# Outside a triggered ability, the spell's own characteristics (CR 601.2f, 106.6:
# restrictions look at a spell's types and colors).
_CHARACTERISTIC_WORDS = (
    r"white|blue|black|red|green|colou?rs?|colou?rless|multicolou?red|monocolou?red|"
    r"types?|subtypes?|supertypes?|legendary|snow|tribal|kindred|artifact|creature|"
    r"enchantment|land|planeswalker|battle|instant|sorcery|spell|spells|card|is|are|"
    r"becomes?|all|every|characteristics?|name|named")


@functools.cache
def _pattern(words: str) -> re.Pattern[str]:
    """``\\b(?:words)\\b``, ignoring case, compiled on first use (the alternations are
    long: compiling them at import would cost every command's start-up)."""
    return re.compile(rf"\b(?:{words})\b", re.IGNORECASE)


_TRIGGER = re.compile(r"^(?:when|whenever|at)\b", re.IGNORECASE)
_TARGETED = re.compile(r"Target [^.]*\.")


def may_bear_on_payment(text: str) -> bool:
    """Whether an unread line of the card being paid for could change its total cost or
    how mana may be spent on it (conservative: True unless provably not)."""
    if not text or "{" in text or "}" in text:
        return True
    # Reminder text is read like the rest: a cost keyword's reminder names its cost.
    body = text.strip()
    if _pattern(_COST_WORDS).search(body):
        return True
    if _TRIGGER.match(body):
        return False
    if _TARGETED.fullmatch(body):
        # One sentence about its target ("Target creature gets +3/-3 until end of
        # turn."): what the spell does as it resolves (CR 608.2b-c), so its type and
        # color words are the target's; a static ability of the spell never starts so.
        return bool(_pattern(_CAST_WORDS).search(body))
    return bool(_pattern(_CAST_WORDS).search(body)
                or _pattern(_CHARACTERISTIC_WORDS).search(body))


def spell_effect_kind(kind: EffectKind) -> EffectKind:
    """``kind`` (an unread line's) as :data:`UNREAD_SPELL_EFFECT`, same families."""
    return EffectKind(UNREAD_SPELL_EFFECT, kind.families, True)
