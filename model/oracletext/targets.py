"""Target phrases of an activated ability's effect (CR 115.1), each read whole or not at
all, and only the ability's own.

:func:`read_targets` finds every "target ..." and "any target" of the sentences the
reader keeps unread and reads each through the grammar (``target_phrase``, or
``target_list`` for a list of alternatives with words of their own). A phrase counts
only when its data renders back to its own words (``rendering.render_target``) and it
can't go on past them: it ends before a word that can't continue it, and before a
comma only when a clause of its own follows ("..., then untap it"), so "target
artifact, creature, or land" is read to its end or the line stays unread, never as
"target artifact". A target in quotation marks is a granted ability's (CR 113.2c); one
in the effect of a triggered ability the effect creates ("When you do, ... any
target") is that ability's, chosen as it triggers (CR 603.12, 603.7c), not as this one
is activated (CR 601.2c).

Rules
-----
CR 115.1 (targets), 115.4 (any target), 113.2c, 603.12 (reflexive triggered abilities),
603.7c (delayed triggered abilities), 601.2c (targets chosen on activation).
"""

from __future__ import annotations

import re
from typing import Any

from lark.exceptions import LarkError

from .parsing import parse, sentences
from .rendering import render_target
from .transform import Unreadable

__all__ = ["TARGET_WORDS", "own_targets_text", "read_targets"]

TARGET_WORDS = re.compile(r"\b(?:[Aa]ny target|(?:[Uu]p to (?:one|two|three|X) )?(?:[Aa]nother )?"
                     r"(?:(?:[Tt]wo|[Tt]hree|X) )?[Tt]arget)\b")
#: Words that may follow a whole target phrase: a qualifier ("with flying", "that's
#: tapped", "or player") would continue it, so a phrase is taken only before these.
_AFTER_TARGET = frozenset({
    ".", ",", "and", "to", "on", "into", "for", "until", "unless", "instead", "this", "each",
    "twice", "is", "may", "can't", "doesn't", "get", "gets", "gain", "gains", "loses",
    "becomes", "deals", "phases", "fights", "attacks", "blocks", "discards", "mills",
    "reveals", "draws", "exiles", "puts", "sacrifices", "shuffles", "scry", "returns",
    "creates", "onto", "has", "if", "'s", "from", "at", "as", "can", "deal"})
#: Words that may follow a whole target phrase and a comma: a clause of its own ("...,
#: then untap it", "..., where X is ...", "..., except it has haste", "..., and up to
#: one target land"). Any other word after the comma could be the next item of a list
#: ("target artifact, creature, or land"), so the phrase before it isn't taken whole.
_AFTER_COMMA = frozenset({"where", "then", "except", "and", "all", "up"})
#: The longest target phrase tried, in words (a comma is a word): "target Bird, Cat,
#: Dog, Goat, Ox, or Snake" is 13.
_LONGEST_TARGET = 24
#: A triggered ability an effect creates, up to the comma after its condition ("When
#: you do, ...", "This turn, when target creature ... attacks, ...").
_INNER_TRIGGER = re.compile(r"(?:^|(?<=, ))[Ww]hen(?:ever)? [^,.]*,")


def own_targets_text(effect: str) -> str:
    """The effect's words whose targets are the ability's own: a quoted ability's
    targets are its own (CR 113.2c), and so are those of the effect of a triggered
    ability the effect creates ("When you do, ... any target": a reflexive triggered
    ability, CR 603.12; a delayed one, 603.7c), chosen when it triggers, not as this
    ability is activated (CR 601.2c). A target in the trigger's condition ("When target
    creature dies this turn, ...") is this ability's."""
    effect = re.sub(r'"[^"]*"', '"…"', effect)
    out: list[str] = []
    for sentence in sentences(effect):
        m = _INNER_TRIGGER.search(sentence)
        out.append(sentence if m is None else sentence[:m.end()] + " ….")
    return " ".join(out)


def _ends_phrase(spec: dict[str, Any], after: str, next_word: str) -> bool:
    """Whether a target phrase may end before ``after`` (then ``next_word``): only
    before a word that can't continue it (``_AFTER_TARGET``, ``_AFTER_COMMA``)."""
    if after == ",":
        return next_word in _AFTER_COMMA
    return after in _AFTER_TARGET or (
        # ("all lands target player controls": the player is the target)
        after in ("controls", "owns") and spec.get("zone") == "player")


def read_targets(effect: str) -> list[dict[str, Any]] | None:
    """Every target phrase of an unread effect, read whole, or None if one isn't (or
    doesn't render back to its own words, or may go on past the words read: a list is
    read to its end or not at all)."""
    out: list[dict[str, Any]] = []
    effect = own_targets_text(effect)
    words_all = effect.replace(",", " ,").replace(".", " .").split()
    for m in TARGET_WORDS.finditer(effect):
        head = effect[:m.start()].replace(",", " ,").replace(".", " .").split()
        if head and head[-1].lower() in ("second", "third", "other", "different", "same"):
            return None  # "a second target creature": a relation between targets
        words = words_all[len(head):]
        found = None
        for n in range(min(len(words), _LONGEST_TARGET), 0, -1):
            phrase = " ".join(words[:n]).replace(" ,", ",")
            after = words[n] if n < len(words) else "."
            next_word = words[n + 1] if n + 1 < len(words) else "."
            if phrase.endswith("'s") and not phrase.endswith("opponent's"):
                # "target player's library", "target creature's power": the target
                # is the one whose it is
                phrase, after = phrase[:-2], "'s"
            if phrase.endswith(","):
                continue
            lower = phrase if phrase.startswith("X ") else phrase[:1].lower() + phrase[1:]
            spec = _target_spec(lower)
            if spec is None or _rendered_target(spec) != lower:
                continue
            if not _ends_phrase(spec, after, next_word):
                break  # the longest phrase read may go on: never a shorter one
            found = {**spec, "text": lower}
            break
        if found is None:
            return None
        out.append(found)
    return out


def _rendered_target(spec: dict[str, Any]) -> str | None:
    """A target's words from its data, or None when the rendering has no words for
    some of it (then it isn't read: its words would say less than the data)."""
    try:
        return render_target(spec)
    except ValueError:
        return None


def _target_spec(phrase: str) -> dict[str, Any] | None:
    """A target phrase's card-format target (``target_phrase``, or a list of
    alternatives, ``target_list``), or None."""
    for start in ("target_phrase", "target_list"):
        try:
            spec: dict[str, Any] = parse(phrase, start)
        except (LarkError, Unreadable, KeyError):
            continue
        return spec
    return None
