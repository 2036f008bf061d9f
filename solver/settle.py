"""Before a question is asked: what the game does before the player receives priority.

A state file may describe a moment at which state-based actions are pending: two Mox
Opals under one player's control, a creature with toughness 0, +1/+1 and -1/-1 counters
on one permanent. The game performs them before anyone may act (CR 117.5), so every
question is asked of the state(s) that follow. :func:`before_priority` finds them: the
state itself when nothing is pending (the usual case, found without playing anything);
else the resolution solver's own state-based actions and triggers (one branch per
choice, such as which legendary permanent to keep); and, for a pending state-based action
the resolution solver doesn't perform, or one whose outcome rests on an effect nobody
applies, an :class:`~manacheck.solver.soundness.Undecided` entry instead of a guess.

Rules
-----
CR 117.5, 704.3: state-based actions are performed (all at once, repeatedly) and then
triggered abilities are put on the stack, before a player receives priority.
CR 704.5f: toughness 0 or less. CR 704.5j: the legend rule (its controller chooses the
one to keep). CR 704.5q, 122.3: +1/+1 and -1/-1 counters cancel in pairs. Not performed
here, so reported as not decided: CR 704.5a (0 life), 704.5i (0 loyalty), 704.5m (an
Aura attached to nothing, or illegally: its "Enchant" quality, 303.4d, or protection,
702.16c).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from manacheck.model import GameState, Permanent, StaticAbility, effective
from manacheck.model.characteristics import Characteristics
from manacheck.model.effects import Family
from manacheck.model.english import with_article
from manacheck.model.keywords import untargetable_reason

from .soundness import CHARACTERISTICS, Question, Undecided, board_effects, unapplied
from .wording import STATE_BASED_QUESTION

__all__ = ["BeforePriority", "Branch", "before_priority"]

#: What performing state-based actions reads: toughness (layer 7), whether objects are
#: creatures or legendary (layer 4), their abilities (layer 6).
STATE_BASED = Question(STATE_BASED_QUESTION, frozenset({
    Family.POWER_TOUGHNESS, Family.TYPES, Family.ABILITIES, Family.STATE_BASED}),
    # the layers (CHARACTERISTICS), the legend rule's exception (704.5j), and Auras'
    # legality (704.5m: enchant quality and protection, checked in _aura_problem)
    CHARACTERISTICS | {"static:other:no_legend_rule", "keyword:enchant",
                       "keyword:protection"})

#: At most this many branches (choices such as which legendary permanent to keep).
MAX_BRANCHES = 64


@dataclass(frozen=True, slots=True)
class Branch:
    """One state the player would receive priority in, and how the game got there."""

    state: GameState
    performed: tuple[str, ...] = ()  # each with its rule: "... (CR 704.5j)"
    choices: tuple[tuple[str, str], ...] = ()  # (what was chosen, the answer)

    @property
    def choice_text(self) -> str:
        return "; ".join(f"{a} ({c})" for c, a in self.choices)


@dataclass(frozen=True, slots=True)
class BeforePriority:
    """Every state a question is asked of, or why that can't be told."""

    branches: tuple[Branch, ...]
    undecided: tuple[Undecided, ...] = ()

    @property
    def changed(self) -> bool:
        return len(self.branches) != 1 or bool(self.branches[0].performed)

    @property
    def performed(self) -> tuple[str, ...]:
        """What every branch performed (the first branch's log when there is one)."""
        return self.branches[0].performed if len(self.branches) == 1 else ()


def _pending(state: GameState) -> tuple[bool, list[Undecided]]:
    """Whether any state-based action is pending, and those that can't be performed."""
    chars = effective(state)
    pending = False
    unsure: list[Undecided] = []
    legends: dict[tuple[str, str], int] = {}
    no_legend_rule = any(
        isinstance(ab, StaticAbility) and ab.kind == "other"
        and ab.params.get("no_legend_rule") is True
        for p in state.permanents for ab in chars[p.id].abilities)
    for perm in state.permanents:
        c = chars[perm.id]
        if c.is_creature and (c.toughness is None or c.toughness <= 0):
            pending = True
        if min(perm.counters["+1/+1"], perm.counters["-1/-1"]) > 0:
            pending = True
        if "Legendary" in c.supertypes and not no_legend_rule:
            key = (perm.controller, c.name)
            legends[key] = legends.get(key, 0) + 1
            pending = pending or legends[key] > 1
        if "Planeswalker" in c.types and perm.counters["loyalty"] <= 0:
            unsure.append(Undecided(perm.id, perm.name, "0 loyalty",
                                    "state-based action CR 704.5i (a planeswalker with 0 "
                                    "loyalty is put into its owner's graveyard) is pending "
                                    "and isn't performed by manacheck", "sba:704.5i"))
        if "Aura" in c.subtypes:
            why = _aura_problem(state, perm, chars)
            if why:
                unsure.append(Undecided(perm.id, perm.name, why,
                                        f"state-based action CR 704.5m (an Aura {why} is "
                                        "put into its owner's graveyard) is pending or may "
                                        "be, and manacheck doesn't perform it",
                                        "sba:704.5m"))
    for player in state.players:
        if player.life <= 0:
            unsure.append(Undecided(player.name, player.name, f"life {player.life}",
                                    "state-based action CR 704.5a (a player with 0 or less "
                                    "life loses the game) is pending and isn't performed by "
                                    "manacheck", "sba:704.5a"))
    return pending, unsure


_ENCHANT_TYPES = {"land": "Land", "creature": "Creature", "artifact": "Artifact",
                  "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


def _aura_problem(state: GameState, aura: Permanent,
                  chars: Mapping[str, Characteristics]) -> str:
    """Why an Aura may not stay where it is (CR 704.5m, 303.4d), "" if it may: attached
    to nothing, to something its "Enchant [quality]" doesn't allow, or to something
    with protection from it (702.16c); an enchant quality manacheck doesn't read is a
    reason too (it can't tell)."""
    if aura.attached_to is None or aura.attached_to not in state \
            or state.zone_of(aura.attached_to) != "battlefield":
        return "attached to nothing"
    host = state.permanent(aura.attached_to)
    hc = chars[host.id]
    for kw in chars[aura.id].keywords:
        words = kw.strip().split()
        if not words or words[0].lower() != "enchant":
            continue
        quality = " ".join(words[1:])
        wanted = _ENCHANT_TYPES.get(quality.lower())
        if quality.lower() == "permanent":
            continue
        several = re.split(r",? or |, ", quality.lower())
        if len(several) > 1 and all(q in _ENCHANT_TYPES for q in several):
            # "Enchant creature, land, or planeswalker": any of them (CR 303.4a)
            if not any(_ENCHANT_TYPES[q] in hc.types for q in several):
                return f"attached to {host.id}, which is none of {quality.lower()}"
            continue
        if wanted is not None:
            if wanted not in hc.types:
                return f"attached to {host.id}, which isn't {with_article(quality.lower())}"
        elif quality in hc.subtypes:
            continue
        else:
            return f"with 'Enchant {quality}', which manacheck doesn't read"
    if untargetable_reason([k for k in hc.keywords if k.lower().startswith("protection")],
                           host.controller, chars[aura.id], aura.controller):
        return f"attached to {host.id}, which has protection from it (CR 702.16c)"
    return ""


def _unapplied_for_sba(state: GameState) -> list[Undecided]:
    """The effects state-based actions read and nobody applies. A self-only change of
    types matters only to an object that would die as a creature (its printed
    toughness, with its counters, 0 or less: CR 704.5f) or that is legendary (704.5j)."""
    kinds = {(e.object_id, e.text): e.kind for e in board_effects(state)}
    out = []
    for u in unapplied(state, STATE_BASED):
        kind = kinds.get((u.object_id, u.text))
        if kind is not None and kind.self_only and \
                kind.families & STATE_BASED.reads <= {Family.TYPES} and \
                u.object_id in state and state.zone_of(u.object_id) == "battlefield":
            perm = state.permanent(u.object_id)
            tough = perm.card.toughness
            now = effective(state)[perm.id].toughness  # with other effects, if a creature
            at_risk = "Legendary" in perm.card.supertypes or not isinstance(tough, int) \
                or tough + perm.counters["+1/+1"] - perm.counters["-1/-1"] <= 0 \
                or (now is not None and now <= 0)
            if not at_risk:
                continue
        out.append(u)
    return out


def before_priority(state: GameState) -> BeforePriority:
    """The states a player would receive priority in, from ``state`` (CR 117.5).

    Cached on the state. With nothing pending (checked without playing anything), the
    one branch is ``state`` itself.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Mox Opal, Mox Opal]\\n")
    >>> b = before_priority(s)
    >>> len(b.branches), [len(x.state.permanents) for x in b.branches]
    (2, [1, 1])
    >>> before_priority(load_state_text("turn: {active_player: A}\\nplayers:\\n  A: {}\\n")
    ...                 ).changed
    False
    """
    cached: BeforePriority | None = state.__dict__.get("_before_priority")
    if cached is not None:
        return cached
    pending, unsure = _pending(state)
    # An effect that could change toughness, types or abilities and that nobody applies
    # could make a state-based action pending (or not): not decided.
    unsure += _unapplied_for_sba(state)
    if not pending:
        answer = BeforePriority((Branch(state),), tuple(unsure))
    else:
        # (the resolution solver is imported only when something is pending: a command
        # asked of a settled board doesn't load it)
        from .resolution import Unsupported, outcomes

        try:
            outs = outcomes(state, [], limit=MAX_BRANCHES, settle_first=True)
        except Unsupported as e:
            unsure.append(Undecided("", "", "state-based actions", str(e), "sba"))
            outs = []
        branches = []
        for o in outs:
            if o.stopped:
                unsure.append(Undecided("", "", "state-based actions", o.stopped, "sba"))
                continue
            performed = tuple(f"{e.text} (CR {', '.join(e.rules)})" if e.rules else e.text
                              for e in o.log)
            branches.append(Branch(o.state, performed, o.choices))
        answer = BeforePriority(tuple(branches) or (Branch(state),), tuple(unsure))
    state.__dict__["_before_priority"] = answer
    return answer
