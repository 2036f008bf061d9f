"""What happens when it resolves: events, state-based actions, triggers and resolution.

:func:`resolve` plays out a state file's ``events:`` (vocabulary in
:mod:`manacheck.solver.resolution.events`) and returns an :class:`Outcome`: a log with a line for
each event, each state-based action it causes, each ability it triggers and each
resolution, every line with its rule numbers, and the resulting :class:`GameState`
(which :func:`state_text` prints as a state file that can be fed back in).
:func:`outcomes` plays out every combination of the choices the file leaves open and
returns each distinct outcome once.

Algorithm
---------
A run is deterministic given its answers to the open choices. Answers come from the
file's ``choose`` events first, then from a script (a list of option numbers);
:func:`resolve` uses an empty script and stops at the first open choice;
:func:`outcomes` explores the tree of scripts depth first, re-running from the start for
each branch (boards are small; each run is linear in the number of events and stack
objects). Outcomes are deduplicated by their resulting state.

Rules
-----
CR 603.2, 603.3b: abilities trigger when their event happens but wait until a player
would receive priority; then state-based actions are checked until none happen, then
each player in APNAP order (CR 101.4) puts their triggers on the stack in the order
they choose, and the whole process repeats.
CR 603.3d: a triggered ability with no legal target is removed from the stack.
CR 603.4: an intervening "if" is checked when the ability would trigger and again on
resolution.
CR 603.5: a "you may" is chosen as the ability resolves.
CR 603.6a, 603.6c, 603.10a: enters- and leaves-the-battlefield abilities; the latter look
back in time (they trigger from the state before the event, with the leaving object's
counters: CR 608.2h last-known information, kept on the stack item).
CR 122.5: moving counters is all or nothing; if either object isn't there, nothing
moves. CR 122.8: "put its counters" after it left puts the same number of each kind.
CR 704.3: state-based actions are performed simultaneously: 704.5d (tokens off the
battlefield), 704.5f (toughness 0 or less), 704.5j (legend rule), 704.5q (+1/+1 and
-1/-1 counters cancel in pairs).
CR 608.2b: an ability whose targets are all illegal doesn't resolve.
CR 107.3m: an enters-with-X-counters replacement (CR 614.1c) uses the spell's X.
CR 121.2, 704.5b: drawing from an empty library.
CR 701.6a: a countered spell goes to its owner's graveyard.

CR 702.79a, 702.93a: persist and undying are triggered abilities (numbered after the
card's written triggered abilities).
CR 508.1, 508.3a: declaring attackers taps them (not with vigilance) and triggers
"whenever ... attacks".

Not modelled: damage and the rest of combat, mana payment and timing (a cast takes its
costs as paid), the effects of instants and sorceries, "whenever a player casts" and
other trigger events not listed here (a board that needs them is refused with
:class:`Unsupported`, never silently ignored), and card identities of drawn cards (a
drawn card is an ``Unknown Card``: the state knows the library's size, not its cards).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from manacheck.model import (
    Card,
    Counters,
    GameState,
    Phase,
    StackItem,
    effective,
    matches,
)
from manacheck.model.abilities import (
    ActivatedAbility,
    CostKind,
    TargetSpec,
)
from manacheck.model.characteristics import (
    characteristics,
)

from .core import OpenChoice, Run, StepLimit, Unsupported
from .effects import draw
from .events import (
    Activate,
    Attack,
    BadEvent,
    BeginningOfCombat,
    Cast,
    Choose,
    Draw,
    Event,
    Leaves,
    PutCounters,
    RemoveCounters,
    Resolve,
    parse_events,
)
from .limits import MAX_OUTCOMES, MAX_STEPS, MAX_TOKENS
from .outcome import Choice, LogEntry, Outcome, canonical, state_text
from .sba import priority
from .stack import resolve_top
from .targets import legal_target
from .triggers import (
    KEYWORD_TRIGGERS,
    leave_battlefield,
    trigger,
    triggered_abilities,
)
from .zones import (
    add_card,
    fmt_counters,
    new_id,
    set_counters,
)

__all__ = [
    "KEYWORD_TRIGGERS",
    "MAX_OUTCOMES",
    "MAX_STEPS",
    "MAX_TOKENS",
    "BadEvent",
    "Choice",
    "LogEntry",
    "Outcome",
    "Unsupported",
    "canonical",
    "outcomes",
    "parse_events",
    "resolve",
    "state_text",
    "triggered_abilities",
]

# ---------------------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------------------


class _Run(Run):

    # ---- the main loop -------------------------------------------------------------
    def play(self) -> None:
        while self.pos < len(self.events):
            ev = self.events[self.pos]
            self.current = ev.index
            self.pos += 1
            if isinstance(ev, Choose):
                raise BadEvent(ev.index, "choose", "no choice is open at this point")
            self.apply(ev)
            priority(self)

    def apply(self, ev: Event) -> None:
        if isinstance(ev, PutCounters):
            self.put_counters_event(ev)
        elif isinstance(ev, RemoveCounters):
            self.remove_counters_event(ev)
        elif isinstance(ev, Leaves):
            perms = [self.require_permanent(o) for o in ev.objects]
            where = {"graveyard": "its owner's graveyard", "exile": "exile",
                     "hand": "its owner's hand"}[ev.to]
            self.note(f"event {ev.index + 1}: {', '.join(p.id for p in perms)} "
                      f"{'dies' if ev.to == 'graveyard' and len(perms) == 1 else 'leave'}"
                      f"{'' if ev.to == 'graveyard' and len(perms) == 1 else ' the battlefield'}"
                      f" to {where}", *(["700.4"] if ev.to == "graveyard" else ["603.6c"]),
                      depth=0)
            leave_battlefield(self, [p.id for p in perms], ev.to)
        elif isinstance(ev, Cast):
            self.cast(ev)
        elif isinstance(ev, Activate):
            self.activate(ev)
        elif isinstance(ev, Draw):
            if ev.player not in self.state.player_names:
                raise self.bad(f"unknown player '{ev.player}'",
                               "players are " + ", ".join(self.state.player_names))
            self.note(f"event {ev.index + 1}: {ev.player} draws {ev.count} card(s)", "121.2",
                      depth=0)
            draw(self, ev.player, ev.count)
        elif isinstance(ev, BeginningOfCombat):
            self.beginning_of_combat(ev)
        elif isinstance(ev, Attack):
            self.attack(ev)
        elif isinstance(ev, Resolve):
            if not self.state.stack:
                if ev.all:
                    self.note(f"event {ev.index + 1}: resolve the whole stack: it is empty",
                              "608.1", depth=0)
                    return
                raise self.bad("the stack is empty; nothing to resolve")
            self.note(f"event {ev.index + 1}: resolve "
                      f"{'the whole stack' if ev.all else 'the top of the stack'}", "608.1",
                      depth=0)
            resolve_top(self)
            if ev.all:
                priority(self)
                while self.state.stack:
                    resolve_top(self)
                    priority(self)

    # ---- events ----------------------------------------------------------------------
    def put_counters_event(self, ev: PutCounters) -> None:
        perms = [self.require_permanent(o) for o in ev.objects]
        self.note(f"event {ev.index + 1}: put {fmt_counters(ev.counters)} on "
                  f"{', '.join(p.id for p in perms)}", "122.6", depth=0)
        for p in perms:
            self.state = set_counters(self.state, p.id, p.counters.plus(ev.counters))

    def remove_counters_event(self, ev: RemoveCounters) -> None:
        perms = [self.require_permanent(o) for o in ev.objects]
        for p in perms:
            for k, n in ev.counters.items:
                if p.counters[k] < n:
                    raise self.bad(f"'{p.id}' has {p.counters[k]} {k} counter(s); can't "
                                   f"remove {n}")
        self.note(f"event {ev.index + 1}: remove {fmt_counters(ev.counters)} from "
                  f"{', '.join(p.id for p in perms)}", "122.1", depth=0)
        for p in perms:
            c = p.counters
            for k, n in ev.counters.items:
                c = c.remove(k, n)
            self.state = set_counters(self.state, p.id, c)

    def cast(self, ev: Cast) -> None:
        st = self.state
        if ev.card not in st:
            raise self.bad(f"unknown object '{ev.card}'", st._suggest_id(ev.card))
        zone = st.zone_of(ev.card)
        obj = st.get(ev.card)
        if zone != "hand" or not isinstance(obj, Card):
            raise self.bad(f"'{ev.card}' is not in a hand (it is in the {zone}); only casting "
                           "from hand is supported")
        card = obj.card
        if not card.is_spell_card:
            raise self.bad(f"'{card.name}' is a land; lands are played, not cast (CR 305.9)")
        if ev.x is not None and not card.has_variable_cost:
            raise self.bad(f"x given for '{card.name}', whose mana cost has no X")
        if ev.alternative_cost is not None and ev.alternative_cost not in [
                a.name for a in card.alternative_costs]:
            raise self.bad(f"'{card.name}' has no alternative cost '{ev.alternative_cost}'")
        for t in ev.targets:
            if t not in st and t not in st.player_names:
                raise self.bad(f"unknown target '{t}'", st._suggest_id(t))
        caster = obj.owner
        p = st.player(caster)
        st = st.with_player(replace(p, hand=tuple(c for c in p.hand if c.id != obj.id)))
        x = ev.x if card.has_variable_cost else None
        if card.has_variable_cost and x is None:
            x = 0
        item = StackItem(id=obj.id, controller=caster, card=card, x=x,
                         alternative_cost=ev.alternative_cost, targets=ev.targets)
        self.state = replace(st, stack=(*st.stack, item))
        extra = []
        if x is not None:
            extra.append(f"X={x}")
        if ev.alternative_cost:
            extra.append(f"for its {ev.alternative_cost} cost")
        self.note(f"event {ev.index + 1}: {caster} casts {obj.id}"
                  f"{' (' + ', '.join(extra) + ')' if extra else ''}; it goes on the stack "
                  f"(costs taken as paid, timing not checked; mana value "
                  f"{item.mana_value()})", "601.2", "202.3e",
                  depth=0)
        for perm in self.state.permanents:
            if any(ab.event == "cast_spell" for ab in perm.card.triggered_abilities):
                raise Unsupported(f"{perm.id} has a 'whenever a player casts' ability, which "
                                  "the resolution solver doesn't model")
        # "When you cast this spell" (CR 603.2, 603.4: intervening if checked now).
        for n, ab in enumerate(triggered_abilities(card), 1):
            if ab.event == "cast_self":
                trigger(self, obj.id, card, n, ab, caster, Counters(), None)

    def activate(self, ev: Activate) -> None:
        perm = self.require_permanent(ev.object)
        chars = effective(self.state)[perm.id]
        if ev.ability > len(chars.activated):
            raise self.bad(f"'{perm.id}' has {len(chars.activated)} activated abilities; no "
                           f"ability {ev.ability}")
        ab = chars.activated[ev.ability - 1]
        if (ab.mana_cost.symbols or ab.tap or ab.untap or ab.is_mana_ability
                or any(c.kind is not CostKind.DISCARD for c in ab.costs)):
            raise Unsupported(f"event {ev.index + 1} (activate): only abilities whose whole "
                              "cost is discarding cards are supported here (e.g. Kozilek); use "
                              "the activation solver for others")
        need = sum(c.count if isinstance(c.count, int) else 1 for c in ab.costs)
        you = perm.controller
        hand = {c.id: c for c in self.state.player(you).hand}
        targets = ev.targets
        discard = ev.discard
        if not targets and len(ab.targets) == 1 and ab.targets[0].zone == "stack":
            # Which spell to target is an open choice (CR 601.2c): a spell is a choice only
            # if the cost can then be paid (Kozilek ruling: match a card in hand).
            spec = ab.targets[0]
            opts = [sp.id for sp in self.state.stack
                    if legal_target(self, spec, sp.id, you, perm.id)
                    and (discard or self._discard_options(ab, hand, you, perm.id,
                                                          self._bind(spec, sp)))]
            if not opts:
                raise self.bad(f"no legal target for '{spec.text or 'its target'}' that a "
                               f"card in {you}'s hand can pay for (CR 115.1, 601.2c)")
            targets = (self.choose("target", you, f"target of {perm.id}'s ability "
                                   f"{ev.ability}: {spec.text}", opts, ("601.2c", "115.1")),)
        if len(targets) != len(ab.targets):
            raise self.bad(f"the ability has {len(ab.targets)} target(s); "
                           f"{len(targets)} given (CR 601.2c, 602.2b)")
        # Targets first: they fix X (Kozilek ruling: the target determines X).
        bindings: dict[str, int] = {}
        for spec, t in zip(ab.targets, targets, strict=True):
            if t not in self.state:
                raise self.bad(f"unknown target '{t}'", self.state._suggest_id(t))
            tobj = self.state.get(t)
            if spec.zone == "stack":
                if not isinstance(tobj, StackItem) or (spec.spell and tobj.card is None):
                    raise self.bad(f"'{t}' is not a spell on the stack (CR 115.1)")
                mvar = spec.filter.mana_value
                if isinstance(mvar, str):
                    bindings[mvar] = tobj.mana_value()
                if not matches(spec.filter, characteristics(tobj), tobj, self.state, you,
                               perm.id, bindings):
                    raise self.bad(f"'{t}' is not a legal target ({spec.text or 'filter'})")
            elif not legal_target(self, spec, t, you, perm.id):
                raise self.bad(f"'{t}' is not a legal target ({spec.text or spec.zone})")
        if not discard and need == 1:
            opts = self._discard_options(ab, hand, you, perm.id, bindings)
            if not opts:
                raise self.bad(f"no card in {you}'s hand can pay the cost "
                               f"({', '.join(c.text for c in ab.costs)}"
                               f"{', X=' + str(next(iter(bindings.values()))) if bindings else ''})"
                               " (CR 601.2h)")
            discard = (self.choose("discard", you, f"the card to discard for {perm.id}'s "
                                   f"ability {ev.ability}", opts, ("601.2h", "602.2b")),)
        if len(discard) != need:
            raise self.bad(f"the cost discards {need} card(s); {len(discard)} given")
        for cid, cost in zip(discard, itertools.cycle(ab.costs), strict=False):
            if cid not in hand:
                where = (f"it is in the {self.state.zone_of(cid)}" if cid in self.state
                         else "no such object")
                raise self.bad(f"'{cid}' is not in {you}'s hand ({where})")
            card = hand[cid]
            mvar = cost.filter.mana_value
            mv = card.mana_value()  # CR 202.3e: X is 0 off the stack
            if isinstance(mvar, str) and mvar in bindings and mv != bindings[mvar]:
                raise self.bad(f"'{cid}' has mana value {mv} (an X in a card's cost off "
                               f"the stack is 0, CR 107.3), but {mvar} is {bindings[mvar]} "
                               "(the target spell's mana value, CR 202.3e, 118.9c)")
            if isinstance(mvar, str) and mvar not in bindings:
                bindings[mvar] = mv
            if not matches(cost.filter, characteristics(card), card, self.state, you, perm.id,
                           bindings):
                raise self.bad(f"'{cid}' doesn't match the cost's filter")
        for cid in discard:
            p = self.state.player(you)
            card = hand[cid]
            self.state = add_card(self.state.with_player(
                replace(p, hand=tuple(c for c in p.hand if c.id != cid))), card.owner,
                "graveyard", card)
        xval = next(iter(bindings.values()), None)
        item = StackItem(id=new_id(self.state, f"{perm.id} ability {ev.ability}", self.taken),
                         controller=you, source=perm.id, ability=ev.ability, x=xval,
                         targets=targets)
        self.state = replace(self.state, stack=(*self.state.stack, item))
        self.sources[perm.id] = perm.card
        self.note(f"event {ev.index + 1}: {you} activates {perm.id}'s ability {ev.ability} "
                  f"(X={xval}), discarding {', '.join(discard)}, targeting "
                  f"{', '.join(targets)}", "602.2", "107.3", "202.3e", depth=0)

    @staticmethod
    def _bind(spec: TargetSpec, spell: StackItem) -> dict[str, int]:
        """The variable a target fixes: "target spell with mana value X" (CR 202.3e)."""
        mvar = spec.filter.mana_value
        return {mvar: spell.mana_value()} if isinstance(mvar, str) else {}

    def _discard_options(self, ab: ActivatedAbility, hand: Mapping[str, Card], you: str,
                         source: str, bindings: Mapping[str, int]) -> list[str]:
        """Cards in hand that can pay a one-card discard cost with these bindings."""
        if len(ab.costs) != 1:
            return []
        cost = ab.costs[0]
        return [cid for cid, card in hand.items()
                if matches(cost.filter, characteristics(card), card, self.state, you, source,
                           bindings)]

    def beginning_of_combat(self, ev: BeginningOfCombat) -> None:
        self.state = replace(self.state, turn=replace(self.state.turn,
                                                      phase=Phase.BEGINNING_OF_COMBAT))
        self.note(f"event {ev.index + 1}: {self.state.turn.active_player}'s beginning of "
                  "combat step", "507.1", depth=0)
        for perm in self.state.permanents:
            for n, ab in enumerate(triggered_abilities(perm.card), 1):
                if ab.event != "beginning_of_combat":
                    continue
                if ab.your_turn_only and perm.controller != self.state.turn.active_player:
                    continue
                trigger(self, perm.id, perm.card, n, ab, perm.controller, Counters(), None)

    def attack(self, ev: Attack) -> None:
        """CR 508.1: the active player declares attackers; they become tapped (508.1f)
        unless they have vigilance (702.20b); "whenever ... attacks" triggers (508.3a)."""
        ap = self.state.turn.active_player
        chars = effective(self.state)
        perms = [self.require_permanent(o) for o in ev.objects]
        for p in perms:
            c = chars[p.id]
            if not c.is_creature:
                raise self.bad(f"'{p.id}' is not a creature; only creatures attack (CR 508.1a)")
            if p.controller != ap:
                raise self.bad(f"'{p.id}' is controlled by {p.controller}, not by the active "
                               f"player {ap} (CR 508.1a)")
            if p.tapped:
                raise self.bad(f"'{p.id}' is tapped and can't attack (CR 508.1a)")
            if p.summoning_sick and "Haste" not in c.keywords:
                raise self.bad(f"'{p.id}' hasn't been under {ap}'s control since the turn "
                               "began and can't attack (CR 302.6)")
        self.state = replace(self.state, turn=replace(self.state.turn,
                                                      phase=Phase.DECLARE_ATTACKERS))
        self.note(f"event {ev.index + 1}: {ap} attacks with {', '.join(ev.objects)}", "508.1",
                  depth=0)
        for src in self.state.permanents:
            if any(ab.event == "becomes_tapped" for ab in triggered_abilities(src.card)):
                raise Unsupported(f"{src.id} has a 'becomes tapped' trigger, which the "
                                  "resolution solver doesn't model")
        for p in perms:
            if "Vigilance" not in chars[p.id].keywords:
                self.state = self.state.with_permanent(replace(self.state.permanent(p.id),
                                                               tapped=True))
        for src in self.state.permanents:
            for n, ab in enumerate(triggered_abilities(src.card), 1):
                if ab.event not in ("attacks", "enters_or_attacks"):
                    continue
                for p in perms:
                    if ab.self_only and p.id != src.id:
                        continue
                    if not ab.self_only and not matches(ab.subject, chars[p.id], p,
                                                        self.state, src.controller, src.id):
                        continue
                    trigger(self, src.id, src.card, n, ab, src.controller, Counters(),
                                 None if p.id == src.id else p.id)

# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def _events_of(state: GameState, events: Sequence[Any] | None) -> tuple[Event, ...]:
    raw = state.events if events is None else events
    if raw and all(isinstance(e, PutCounters | RemoveCounters | Leaves | Cast | Activate
                              | Draw | BeginningOfCombat | Attack | Resolve | Choose)
                   for e in raw):
        return tuple(raw)
    return parse_events(list(raw))


def _run(state: GameState, events: tuple[Event, ...], script: tuple[int, ...]
         ) -> tuple[Outcome, int]:
    run = _Run(replace(state, events=()), events, script)
    choice: Choice | None = None
    stopped: str | None = None
    try:
        run.play()
    except OpenChoice as oc:
        choice = oc.choice
    except StepLimit as s:
        stopped = str(s)
    pending = tuple(f"{t.source}'s triggered ability {t.number}"
                    + (f" for {t.subject}" if t.subject else "") for t in run.pending)
    return (Outcome(run.state, tuple(run.log), tuple(run.made), choice, stopped, pending),
            run.open_options)


def resolve(state: GameState, events: Sequence[Any] | None = None) -> Outcome:
    """Play out the events; stop at the first choice the events leave open.

    Parameters
    ----------
    state
        The game state; its ``events`` are used when ``events`` is None.
    events
        Raw events (as in a state file) or parsed ones.

    Returns
    -------
    Outcome
        With ``open_choice`` set if it stopped at a choice.

    Raises
    ------
    BadEvent
        A malformed event, an unknown object, an object that isn't there any more, or
        an illegal choice: the message names the event's number and kind.
    Unsupported
        The board needs an effect or condition the solver doesn't model.

    Rules
    -----
    CR 603.2, 603.3b, 603.4, 603.10a, 608.2b, 608.2h, 704.3, 704.5f, 704.5q, 122.5,
    122.8, 107.3m (see the module docstring).

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> st = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice:
    ...     battlefield:
    ...       - {card: "Hei Bai, Spirit of Balance", id: Hei Bai, counters: {"+1/+1": 2}}
    ...       - Kozilek, the Great Distortion
    ... events:
    ...   - put_counters: {object: Hei Bai, counters: {"-1/-1": 5}}
    ...   - resolve: all
    ... ''')
    >>> resolve(st).state.permanent("Kozilek, the Great Distortion").counters.as_dict()
    {'-1/-1': 3}
    """
    outcome, _ = _run(state, _events_of(state, events), ())
    return outcome


def outcomes(state: GameState, events: Sequence[Any] | None = None,
             limit: int = MAX_OUTCOMES) -> list[Outcome]:
    """Every distinct outcome over all combinations of the open choices.

    Explores the choice tree depth first (one full run per leaf). Outcomes with the
    same resulting state (:func:`canonical`) are reported once, the first found.
    If more than ``limit`` runs would be needed it stops, and the last outcome's
    ``stopped`` says so.

    Parameters
    ----------
    state, events
        As :func:`resolve`.
    limit
        At most this many runs (each plays the events once with one set of answers).

    Returns
    -------
    list[Outcome]
        Complete outcomes, each distinct resulting state once, in depth-first order of
        the choices (options in the order listed).

    Raises
    ------
    BadEvent, Unsupported
        As :func:`resolve`.

    Rules
    -----
    CR 101.4, 603.3b (orders of simultaneous triggers), 601.2c (targets), 603.5
    ("you may"), 701.21a (which permanent to sacrifice), 704.5j (which legendary
    permanent to keep): every option of each is tried.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> st = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice:
    ...     battlefield:
    ...       - {card: The Ozolith, counters: {"+1/+1": 2}}
    ...       - Llanowar Elves
    ... events: [beginning_of_combat, {resolve: top}]
    ... ''')
    >>> sorted(o.state.permanent("Llanowar Elves").counters["+1/+1"] for o in outcomes(st))
    [0, 2]
    """
    evs = _events_of(state, events)
    seen: dict[str, Outcome] = {}
    todo: list[tuple[int, ...]] = [()]
    runs = 0
    truncated = False
    partial: Outcome | None = None
    while todo:
        script = todo.pop()
        if runs >= limit:
            truncated = True
            break
        runs += 1
        out, n = _run(state, evs, script)
        if out.open_choice is not None:
            partial = out
            todo.extend((*script, i) for i in reversed(range(n)))
            continue
        key = canonical(out.state)
        seen.setdefault(key, out)
    result = list(seen.values())
    if truncated:
        note = f"stopped after {limit} runs; more choice combinations were not explored"
        if result:
            result[-1] = replace(result[-1], stopped=note)
        elif partial is not None:  # where the last run got to, with its open choice
            result.append(replace(partial, stopped=note))
    return result
