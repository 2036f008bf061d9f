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
CR 704.5f: toughness 0 or less. CR 704.5i: a planeswalker with 0 loyalty. CR 704.5j: the
legend rule (its controller chooses the one to keep). CR 704.5m: an Aura attached to
nothing, or illegally (its "Enchant" quality, 303.4c-d, or protection, 702.16c). CR
704.5n, 704.5p: an Equipment or Fortification attached illegally, or another permanent
attached, becomes unattached. CR 704.5q, 122.3: +1/+1 and -1/-1 counters cancel in pairs.
Not performed, so reported as not decided: CR 704.5a (0 life: the game ends for that
player, which no question models), 704.5m for an Aura whose enchant quality manacheck
doesn't read, 704.5k (the world rule) and 704.5y (Roles), and an attached Equipment with
reconfigure that is a creature (702.151b: the layers don't apply it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import ModuleType

from manacheck.model import GameState, StaticAbility, effective
from manacheck.model.characteristics import Characteristics
from manacheck.model.effects import Family

from .soundness import (
    CHARACTERISTICS,
    ON_RESOLUTION,
    RESOLUTION,
    UNREAD,
    UNREAD_TRIGGER,
    Question,
    Undecided,
    board_effects,
    unapplied,
)
from .wording import STATE_BASED_QUESTION

__all__ = ["BeforePriority", "Branch", "before_priority"]

#: What performing state-based actions reads: toughness (layer 7), whether objects are
#: creatures or legendary (layer 4), their abilities (layer 6).
STATE_BASED = Question(STATE_BASED_QUESTION, frozenset({
    Family.POWER_TOUGHNESS, Family.TYPES, Family.ABILITIES, Family.STATE_BASED}),
    # the layers (CHARACTERISTICS), the legend rule's exception (704.5j), and Auras'
    # legality (704.5m: enchant quality and protection, checked in _aura_problem)
    CHARACTERISTICS | {"static:other:no_legend_rule", "keyword:enchant",
                       "keyword:protection",
                       # a spell's effect on the stack: nothing resolves before
                       # priority (CR 117.5, 608.2)
                       ON_RESOLUTION})

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


def _sba() -> ModuleType:
    """The resolution solver's state-based actions, imported only for a board with
    something attached (a command asked of a plain board doesn't load the solver)."""
    from .resolution import sba

    return sba


def _pending(state: GameState) -> tuple[bool, list[Undecided]]:
    """Whether any state-based action is pending, and those that can't be performed."""
    chars = effective(state)
    pending = False
    unsure: list[Undecided] = []
    legends: dict[tuple[str, str], int] = {}
    roles: dict[tuple[str, str], int] = {}
    worlds = 0
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
            pending = True  # CR 704.5i, 306.5c: performed (resolution.sba)
        if perm.attached_to is not None and "Aura" not in c.subtypes and \
                _sba().attachment_problem(state, perm, chars):
            # CR 704.5n, 704.5p: performed; an attached Equipment with reconfigure that
            # is a creature (702.151b) is refused by the resolution solver: not decided
            pending = True
        if "World" in c.supertypes:
            worlds += 1
            pending = pending or worlds > 1  # CR 704.5k: refused, so not decided
        if "Role" in c.subtypes and perm.attached_to is not None:
            key = (perm.attached_to, perm.controller)
            roles[key] = roles.get(key, 0) + 1
            pending = pending or roles[key] > 1  # CR 704.5y: refused, so not decided
        if "Aura" in c.subtypes:
            why, known = _sba().aura_problem(state, perm, chars)
            if why and known:
                pending = True  # CR 704.5m: performed (resolution.sba)
            elif why:
                unsure.append(Undecided(perm.id, perm.name, why,
                                        f"state-based action CR 704.5m (an Aura {why} is "
                                        "put into its owner's graveyard) is pending or may "
                                        "be, and manacheck can't tell which",
                                        "sba:704.5m"))
    for player in state.players:
        if player.life <= 0:
            unsure.append(Undecided(player.name, player.name, f"life {player.life}",
                                    "state-based action CR 704.5a (a player with 0 or less "
                                    "life loses the game) is pending and isn't performed by "
                                    "manacheck", "sba:704.5a"))
    return pending, unsure


# ---- effects that can't change what happens before priority --------------------------
#
# Performing state-based actions (CR 704.3) moves permanents only to graveyards, removes
# counters and unattaches; putting triggered abilities on the stack (CR 603.3) moves no
# permanent at all. So before priority nothing enters the battlefield and nothing
# becomes attached. Three kinds of unread lines provably do nothing then:

# Its own entering ("Dakkon, Shadow Slayer enters the battlefield with a number of
# loyalty counters on him equal to the number of lands you control."): a replacement
# effect on the event of its entering (CR 614.1c, 614.12), which functions only as it
# enters (CR 113.6h). A permanent already on the battlefield has entered.
_OWN_ENTERING = (r"(?:{name}|This (?:creature|permanent|artifact|enchantment|land|"
                 r"planeswalker|battle)) enters(?: the battlefield)?(?: tapped)?"
                 r"(?: with [^.,;:\"()]*counters? on (?:it|him|her|them)"
                 r"(?: (?:equal to|for each) [^.;:\"()]*)?)?\.")

# About the object it is attached to only ("Enchanted creature gets +2/+0 and has
# trample.", "As long as enchanted permanent is a creature, it gets +2/+1."): "enchanted"
# and "equipped" name what the permanent is attached to (CR 303.4m, 301.5a), so on a
# permanent attached to nothing such a line applies to nothing. Each sentence must be of
# that form and name nothing else (no other object, player or group); quoted abilities
# granted to it and reminder text are left out of that check, as they are its own.
_ATTACHED_SUBJECT = re.compile(
    r"(?:As long as (?:enchanted|equipped) (?:creature|permanent|land|artifact|"
    r"planeswalker) is [^,]*, it|(?:Enchanted|Equipped) (?:creature|permanent|land|"
    r"artifact|planeswalker)) ")
_NAMES_ANOTHER = re.compile(
    r"\b(?:other|others|another|each|all|any|you|your|player|players|opponent|"
    r"opponents|controller|controllers|owner|owners|creatures|permanents|lands|"
    r"artifacts|enchantments|planeswalkers|target|they|them|their|this|that|those)\b",
    re.IGNORECASE)


# An activated ability, a mana ability or not ("{T}: If target Plains is tapped for
# mana, it produces colorless mana instead of white mana."): it does nothing unless a
# player activates it, which takes priority or a payment in progress (CR 602.2, 605.3a),
# neither of which happens while state-based actions are performed (CR 704.3;
# ``oracletext.forms.activated_form``).

# A triggered ability whose condition names only what it is attached to ("Whenever
# enchanted land is tapped for mana, ..."): attached to nothing, its event can't happen
# (CR 603.2), and a paragraph is one ability (CR 113.2c), so its effect goes with it.
_ATTACHED_TRIGGER = re.compile(
    r"(?:When|Whenever) (?:enchanted|equipped) (?:creature|permanent|land|artifact|"
    r"planeswalker) ([^,.]*),")


def _about_attached_only(text: str) -> bool:
    """Whether every sentence of a line is about the object its permanent is attached
    to, and names nothing else (see ``_ATTACHED_SUBJECT``), or the line is a triggered
    ability whose condition is (``_ATTACHED_TRIGGER``)."""
    trigger = _ATTACHED_TRIGGER.match(text.strip())
    if trigger:
        return not _NAMES_ANOTHER.search(trigger.group(1))
    body = re.sub(r"\([^)]*\)", "", re.sub(r'"[^"]*"', '""', text.strip()))
    sentences = [x.strip() for x in re.split(r"(?<=\.)\s+", body) if x.strip()]
    return bool(sentences) and all(
        _ATTACHED_SUBJECT.match(x) and x.endswith((".", '""'))
        and not _NAMES_ANOTHER.search(x)
        for x in sentences)


def _inert(state: GameState) -> frozenset[tuple[str, str]]:
    """The (object, text) of the unread lines that provably do nothing while state-based
    actions are performed and triggered abilities are put on the stack (see above):
    a permanent's line about its own entering, a line about the object it is
    attached to, of a permanent attached to nothing, and an activated ability."""
    out: set[tuple[str, str]] = set()
    on_board = {p.id: p for p in state.permanents}
    for e in board_effects(state):
        perm = on_board.get(e.object_id)
        if perm is None or e.kind.key != UNREAD:
            continue
        entering = re.fullmatch(_OWN_ENTERING.replace("{name}", re.escape(perm.name)),
                                e.text.strip())
        unattached = perm.attached_to is None or perm.attached_to not in on_board
        # (the reader's forms: imported only for a board with a line not read)
        from manacheck.model.oracletext.forms import activated_form

        if entering or (unattached and _about_attached_only(e.text)) \
                or activated_form(e.text, perm.name):
            out.add((e.object_id, e.text))
    return frozenset(out)


def _unapplied_for_sba(state: GameState, inert: frozenset[tuple[str, str]]
                       ) -> list[Undecided]:
    """The effects state-based actions read and nobody applies, but those shown unable
    to change whether any is pending (each with its rule below). Only an effect changing
    its own object alone (self-only) can be shown so, from what that object is; every
    other effect stays. (Narrowing only ever matters when all of them go: one left makes
    the answer not decided.)

    * ``inert``: doing nothing before priority (:func:`_inert`).
    * Changeling (CR 702.73a: "this object is every creature type"): creature types are
      read by no state-based action, except through an enchant quality of what is
      attached to it (704.5m, 702.5a): kept only then.
    * A self-only change of types matters only to an object that would die as a creature
      (its printed toughness, with its counters, 0 or less: CR 704.5f), that is
      legendary or shares its controller and name with another permanent (704.5j), or
      any world permanent being there (704.5k), to what is attached to it and to what it
      is attached to (704.5m-n, 704.5p, 303.4d), and with a self-only change of its power
      or toughness beside it (together they could make it a creature with toughness 0).
    * A self-only change of power or toughness matters only to a creature (704.5f-h; no
      other state-based action reads them), and only with no self-only change of its
      types beside it (the two cases above, the other way round); one that only raises
      toughness matters only to a creature whose toughness is 0 or less without it.
    * A change of power alone ("-1/-0") matters to none (no state-based action reads
      power); one that only raises toughness, to none when no creature's toughness is
      0 or less (:func:`raises_toughness_only`).
    """
    kinds = {(e.object_id, e.text): e.kind for e in board_effects(state)}
    # the object a self-only effect changes: its own, or what its Aura or Equipment is
    # attached to ("Enchanted creature gets -3/-3.", soundness.BoardEffect.scope_id)
    changes = {(e.object_id, e.text): e.changes for e in board_effects(state)}
    found = [u for u in unapplied(state, STATE_BASED) if (u.object_id, u.text) not in inert]
    own: dict[str, set[Family]] = {}  # each object's self-only families read
    for u in found:
        kind = kinds.get((u.object_id, u.text))
        if kind is not None and kind.self_only:
            own.setdefault(changes.get((u.object_id, u.text), u.object_id), set()).update(
                kind.families & STATE_BASED.reads)
    chars = effective(state)
    on_board = {p.id: p for p in state.permanents}
    hosts = {p.attached_to for p in state.permanents if p.attached_to is not None}
    worlds = any("World" in chars[p.id].supertypes for p in state.permanents)
    out = []
    dying = any(_toughness_at_most_zero(chars[p.id]) for p in state.permanents)
    for u in found:
        kind = kinds.get((u.object_id, u.text))
        if kind is not None and kind.families & STATE_BASED.reads <= {
                Family.POWER_TOUGHNESS} and (changes_power_only(u.text) or (
                    not dying and raises_toughness_only(u.text))):
            continue
        perm = on_board.get(changes.get((u.object_id, u.text), u.object_id))
        if kind is None or not kind.self_only or perm is None:
            out.append(u)
            continue
        fams = kind.families & STATE_BASED.reads
        if kind.key == "keyword:changeling":
            if perm.id not in hosts:
                continue
        elif fams <= {Family.TYPES}:
            tough = perm.card.toughness
            now = chars[perm.id].toughness  # with other effects, if a creature
            same_name = any(p.id != perm.id and p.controller == perm.controller
                            and chars[p.id].name == chars[perm.id].name
                            for p in state.permanents)
            at_risk = "Legendary" in perm.card.supertypes or same_name or worlds \
                or not isinstance(tough, int) \
                or tough + perm.counters["+1/+1"] - perm.counters["-1/-1"] <= 0 \
                or (now is not None and now <= 0) \
                or perm.id in hosts or perm.attached_to is not None \
                or Family.POWER_TOUGHNESS in own.get(perm.id, set())
            if not at_risk:
                continue
        elif fams <= {Family.POWER_TOUGHNESS} and Family.TYPES not in own.get(
                perm.id, set()) and (not chars[perm.id].is_creature or (
                    raises_toughness_only(u.text)
                    and not _toughness_at_most_zero(chars[perm.id]))):
            # (a creature's own raise can't make it die, and it isn't dying to be saved)
            continue
        out.append(u)
    return out


def _toughness_at_most_zero(c: Characteristics) -> bool:
    """A creature whose toughness is 0 or less, or unknown (CR 704.5f)."""
    if not c.is_creature:
        return False
    return c.toughness is None or c.toughness <= 0


#: A change of power and toughness as the text writes it: "+2/+2", "-1/-0", "+X/+X".
_PT_CHANGE = re.compile(r"([+-])(\d+|X)/([+-])(\d+|X)")
#: Words that set power or toughness rather than add to them (CR 613.4a-b).
_PT_SETS = re.compile(r"\b(?:base|equal|becomes?|power|toughness|lose|loses|switch|"
                      r"double|instead)\b", re.IGNORECASE)


def _pt_changes(text: str) -> list[tuple[str, str, str, str]]:
    """The changes of power and toughness a line writes ("+2/+2": power's sign and
    amount, toughness's), or none when a word sets them instead (CR 613.4a-b)."""
    if _PT_SETS.search(_PT_CHANGE.sub("", text)):
        return []
    found: list[tuple[str, str, str, str]] = _PT_CHANGE.findall(text)
    return found


def raises_toughness_only(text: str) -> bool:
    """Whether a line read by its form as changing power and toughness only can only
    raise toughness or leave it: every change it writes is "+N" or "-0" in toughness
    ("Other white creatures get +1/+1.", "All blue creatures get -2/-0."), and no word
    sets them instead. Such an effect can't make a creature's toughness 0 or less (CR
    704.5f); it can only save one whose toughness already is, which then makes a
    state-based action pending anyway (CR 613.4c).

    Examples
    --------
    >>> raises_toughness_only("All Sliver creatures get +0/+1.")
    True
    >>> raises_toughness_only("Nonwhite creatures get -1/-1.")
    False
    >>> raises_toughness_only("Necrogoyf's power is equal to the number of cards.")
    False
    """
    changes = _pt_changes(text)
    return bool(changes) and all(sign == "+" or amount == "0"
                                 for _, _, sign, amount in changes)


def changes_power_only(text: str) -> bool:
    """Whether a line read by its form as changing power and toughness changes power
    alone: every change it writes is "+0" or "-0" in toughness ("Creatures with flying
    your opponents control get -1/-0."), and no word sets them instead. No state-based
    action reads power (CR 704.5), so such an effect can't change any of them, whether
    or not one is pending.

    Examples
    --------
    >>> changes_power_only("Creatures with flying your opponents control get -1/-0.")
    True
    >>> changes_power_only("All Sliver creatures get +0/+1.")
    False
    >>> changes_power_only("Its power is equal to the number of cards, and it gets +1/-0.")
    False
    """
    changes = _pt_changes(text)
    return bool(changes) and all(amount == "0" for _, _, _, amount in changes)


def _harmless_to_settling(state: GameState, inert: frozenset[tuple[str, str]],
                          kept: list[Undecided]) -> frozenset[tuple[str, str]]:
    """The (object, text) of effects :func:`_unapplied_for_sba` showed can't change
    whether any state-based action is pending, and that change nothing else performing
    them reads: none of their families is read by the resolution solver beyond what
    the check for state-based actions reads (no zone change replacement, no trigger,
    no targeting; CR 704.3, 603.3). Performing the same actions on the same objects,
    such an effect changes none of them, so the run performing them may leave it out;
    the question asked of the state after them applies or refuses it itself."""
    # (the reader's forms, imported only when something is pending: pay on a settled
    # board doesn't load the grammar)
    from manacheck.model.oracletext.unread_triggers import triggers_on_state_based_actions

    kinds = {(e.object_id, e.text): e.kind for e in board_effects(state)}
    kept_ids = {u.effect for u in kept}
    out: set[tuple[str, str]] = set()
    for u in unapplied(state, STATE_BASED):
        kind = kinds.get(u.effect)
        if u.effect in inert or u.effect in kept_ids or kind is None:
            continue
        if kind.families & RESOLUTION.reads <= STATE_BASED.reads:
            out.add(u.effect)
    for e in board_effects(state):
        if e.kind.key == UNREAD_TRIGGER and not triggers_on_state_based_actions(
                e.text, e.name):
            out.add((e.object_id, e.text))  # (CR 603.2: its event doesn't happen)
    return frozenset(out)


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
    inert = _inert(state)
    kept = _unapplied_for_sba(state, inert)
    unsure += kept
    if not pending:
        answer = BeforePriority((Branch(state),), tuple(unsure))
    else:
        # (the resolution solver is imported only when something is pending: a command
        # asked of a settled board doesn't load it)
        from .resolution import Unsupported, outcomes

        try:
            outs = outcomes(state, [], limit=MAX_BRANCHES, settle_first=True,
                            inert=inert | _harmless_to_settling(state, inert, kept))
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
