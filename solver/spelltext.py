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

On the stack
------------
A spell on the stack has been cast (or is being paid for, CR 601.2a). Of its text only
the abilities CR 113.6 names function there: its costs and how it is cast (113.6d-f),
"can't be countered" and "can't be copied" (113.6g), abilities that say they work on the
stack (113.6b-c), characteristic-defining abilities (113.6a), and keywords such as split
second (702.61a). The rest is its effect, followed as it resolves (CR 113.3a, 608.2), or
a permanent's ability, which works once it is on the battlefield (CR 113.6, 608.3).
:func:`acts_on_resolution` tells, conservatively, an unread line of the second kind;
:func:`own_payment_rule` a line that is a rule for paying that spell only (113.6d).

>>> acts_on_resolution("Destroy target artifact or enchantment.", "Krosan Grip")
True
>>> acts_on_resolution("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt")
True
>>> acts_on_resolution("This spell can't be countered.", "Abrupt Decay")
True
>>> acts_on_resolution("This spell costs {1} less to cast.", "Ghostfire")
False
>>> acts_on_resolution("Ghostfire is colorless.", "Ghostfire")
False
>>> own_payment_rule("Spend only black mana on X.", "Consume Spirit")
True

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

__all__ = ["UNREAD_SPELL_EFFECT", "acts_on_resolution", "may_bear_on_payment",
           "own_payment_rule", "spell_effect_kind"]

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


# ---- a spell on the stack (CR 113.6) ------------------------------------------------

# "mana value" names a characteristic of what the line looks at, not a cost; "3 or
# less" compares a number (a filter's, "with mana value 3 or less"), it reduces nothing.
_MANA_VALUE = re.compile(r"\bmana values?\b|\b\d+ or (?:less|more|greater|fewer)\b",
                         re.IGNORECASE)

# X as an amount of what the spell does ("deals X damage", "you gain X life", "gets
# +X/+0"): the value chosen as it was cast (CR 107.3a, 601.2b), read, not set, by the
# effect. A line that defines X or limits it ("X can't be 0") keeps its X.
_X_AMOUNT = re.compile(r"\bX (?:damage|life|cards?|(?:[+-]\d+/[+-]\d+ )?counters?|"
                       r"tokens?|target)\b|[+-]X/[+-][X\d]+|[+-]\d+/[+-]X")

# Words of the abilities that function on the stack (CR 113.6b-c, 113.6g, 702.61a): the
# zone itself, "as long as"/"while" (which state where an ability works), countering and
# copying the spell, split second.
_ON_STACK = re.compile(
    r"\b(?:stack|as long as|while|countered|copy|copies|copied|split second)\b",
    re.IGNORECASE)

# "this spell", "this card", "this creature": the object itself, whose own rules
# (costs, how it is cast, where it works, what it is: CR 113.6a-g) are what function
# off the battlefield. "this turn", "this way" and the like aren't an object.
_THIS = re.compile(r"\bthis\b(?! (?:turn|way|combat|phase|step|effect|process)\b)",
                   re.IGNORECASE)

# An ability the spell grants another object, in quotes ('target creature gains "{T}:
# Tap target creature."'): that object's, not the spell's; left out of the checks.
_QUOTED = re.compile(r'"[^"]*"')

# A sentence starting with a pronoun after a sentence with a target ("Exile target
# creature. Its controller gains 4 life."): the target is what it names (CR 608.2c),
# unless it may say what the spell itself is (its color, type, power, cost).
_PRONOUN = re.compile(r"(?:it|its|they|their)\b", re.IGNORECASE)
_WHAT_IT_IS = re.compile(r"\b(?:is|are|isn't|aren't|colou?rs?|colou?rless|power|"
                         r"toughness|types?|name)\b|'s\b", re.IGNORECASE)

# "This spell can't be countered." (CR 113.6g): it works on the stack, but only against
# an instruction to counter it, and an object is countered only as a spell or ability
# with that instruction resolves (CR 701.6a, 608.2c).
_CANT_BE_COUNTERED = r"(?:This spell|{name}) can't be countered\."

# A sentence: up to a period, outside quotes and parentheses (kept whole with them).
_SENTENCE = re.compile(r"(?:[^.\"(]|\"[^\"]*\"|\([^)]*\))+\.?")

# Sentences that continue an instruction about its object, not the spell (CR 608.2c:
# "Destroy target creature. It can't be regenerated.").
_CONTINUES = frozenset({"It can't be regenerated.", "They can't be regenerated."})


def acts_on_resolution(text: str, name: str) -> bool:
    """Whether an unread line of a spell on the stack provably does nothing until a
    spell or ability resolves (conservative: False unless provably so).

    True for the spell's effect, followed as it resolves (CR 113.3a, 608.2), for a
    permanent spell's ability that works once it is on the battlefield (CR 113.6, 608.3),
    and for "This spell can't be countered." (CR 113.6g, 701.6a). False for anything
    that may be one of the abilities that function on the stack (CR 113.6a-g): a line
    about costs, mana, X or casting (``may_bear_on_payment``'s words), about the object
    itself ("this spell", its name other than "[name] deals"), about the stack, about
    countering or copying it; a triggered or activated ability (CR 113.6j-k).

    Rules
    -----
    CR 113.3a: an instant's or sorcery's text is a spell ability unless it is an
    activated, triggered or static ability of 113.6. CR 113.6: the exceptions that
    function off the battlefield. CR 608.2: a spell's instructions are followed as it
    resolves. CR 701.6a: countering.
    """
    body = text.strip()
    if not body:
        return False
    if name and re.fullmatch(_CANT_BE_COUNTERED.replace("{name}", re.escape(name)), body):
        return True
    body = _QUOTED.sub('""', body)
    if _TRIGGER.match(body) or ":" in body:
        return False  # a triggered or activated ability (CR 113.6j-k)
    words = _X_AMOUNT.sub("", _MANA_VALUE.sub("", body))
    if _pattern(_COST_WORDS).search(words) or _pattern(_CAST_WORDS).search(words) \
            or _ON_STACK.search(words) \
            or _THIS.search(words):
        return False
    targeted = False
    for sentence in (m.group(0).strip() for m in _SENTENCE.finditer(body)):
        if not sentence or sentence in _CONTINUES:
            continue
        if _PRONOUN.match(sentence) and (not targeted or _WHAT_IT_IS.search(sentence)):
            return False  # may be about the spell itself
        targeted = targeted or bool(re.search(r"\btargets?\b", sentence, re.IGNORECASE))
        rest = sentence
        if name:
            # "Lightning Bolt deals 3 damage ...": what it does as it resolves; any
            # other use of its name may be a rule about itself (CR 113.6a, 113.6g).
            rest = re.sub(rf"\b{re.escape(name)} deals\b", "", rest)
            if name in rest:
                return False
    return True


# Rules for paying the spell itself (CR 113.6d, 601.2f, 106.6), each a whole line.
_OWN_PAYMENT = (
    r"Spend only [^.{}:\"]* mana on X\.",
    r"As an additional cost to cast this spell, [^.:\"]*\.",
    r"(?:This spell|{name}) costs \{[^.:\"]* (?:less|more) to cast[^.:\"]*\.",
)


def own_payment_rule(text: str, name: str) -> bool:
    """Whether an unread line is a rule for paying that spell only: "Spend only black
    mana on X.", "As an additional cost to cast this spell, ...", "This spell costs
    {1} less to cast ..." (CR 113.6d, 601.2f, 106.6). It matters to paying that spell
    and to nothing else; what it says isn't read."""
    body = text.strip()
    name_re = re.escape(name) if name else "This spell"
    return any(re.fullmatch(p.replace("{name}", name_re), body) for p in _OWN_PAYMENT)
