"""The events a state file lists, played one by one: what each does before priority.

:func:`apply_event` plays one event: putting and removing counters, permanents leaving
the battlefield, casting a spell from hand, activating an ability whose cost is
discarding cards (Kozilek), drawing, the beginning of combat, declaring attackers and
resolving the stack. Each writes its log line (depth 0), changes the state and fires
the abilities it triggers; the caller (:mod:`.run`) then gives priority
(:func:`~.sba.priority`). Illegal events are reported with :meth:`~.core.Run.bad`.

Rules
-----
CR 122.1, 122.6: removing and putting counters. CR 700.4, 603.6c: dying and leaving the
battlefield. CR 601.2, 202.3e: casting a spell (costs taken as paid; its mana value on
the stack); CR 305.9: lands are played, not cast. CR 602.2, 601.2c, 601.2h, 107.3,
115.1: activating an ability, its targets first (they fix X), then the cards to discard
(Kozilek ruling: a card whose mana value matches the target's). CR 121.2: drawing.
CR 507: the beginning of combat step. CR 508.1, 508.1a, 508.1f, 508.3a, 702.20b, 302.6:
declaring attackers taps them (not with vigilance) and triggers "whenever ... attacks".
CR 608.1: resolving the top of the stack, or until it is empty.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace

from manacheck.model import (
    Card,
    Counters,
    Phase,
    StackItem,
    StaticAbility,
    effective,
    matches,
)
from manacheck.model.abilities import ActivatedAbility, CostKind, TargetSpec
from manacheck.model.characteristics import characteristics

from .core import Run, Unsupported
from .effects import draw, put_counters_on
from .events import (
    Activate,
    Attack,
    BeginningOfStep,
    Cast,
    Draw,
    Event,
    Leaves,
    PutCounters,
    RemoveCounters,
    Resolve,
)
from .sba import priority
from .stack import resolve_top
from .targets import legal_target
from .triggers import (
    leave_battlefield,
    live_triggers,
    trigger,
    triggered_abilities,
    with_triggers,
)
from .zones import add_card, fmt_counters, new_id, set_counters

__all__ = ["apply_event"]


def apply_event(run: Run, ev: Event) -> None:
    """Play one event (not a ``choose``: those answer choices as they come up)."""
    if isinstance(ev, PutCounters):
        _put_counters(run, ev)
    elif isinstance(ev, RemoveCounters):
        _remove_counters(run, ev)
    elif isinstance(ev, Leaves):
        _leaves(run, ev)
    elif isinstance(ev, Cast):
        _cast(run, ev)
    elif isinstance(ev, Activate):
        _activate(run, ev)
    elif isinstance(ev, Draw):
        _draw(run, ev)
    elif isinstance(ev, BeginningOfStep):
        _beginning_of_step(run, ev)
    elif isinstance(ev, Attack):
        _attack(run, ev)
    elif isinstance(ev, Resolve):
        _resolve(run, ev)


def _put_counters(run: Run, ev: PutCounters) -> None:
    """CR 122.6: put counters on permanents, all at once, as the effects on the
    battlefield change them (CR 614.1a, 616.1; :func:`~.effects.put_counters_on`)."""
    perms = [run.require_permanent(o) for o in ev.objects]
    run.note(f"event {ev.index + 1}: put {fmt_counters(ev.counters)} on "
             f"{', '.join(p.id for p in perms)}", "122.6", depth=0)
    for p in perms:
        put = put_counters_on(run, p.id, ev.counters)
        if put != ev.counters and put:
            run.note(f"put {fmt_counters(put)} on {p.id}", "122.6")


def _remove_counters(run: Run, ev: RemoveCounters) -> None:
    """CR 122.1: remove counters a permanent has."""
    perms = [run.require_permanent(o) for o in ev.objects]
    for p in perms:
        for k, n in ev.counters.items:
            if p.counters[k] < n:
                raise run.bad(f"'{p.id}' has {p.counters[k]} {k} counter(s); can't "
                              f"remove {n}")
    run.note(f"event {ev.index + 1}: remove {fmt_counters(ev.counters)} from "
             f"{', '.join(p.id for p in perms)}", "122.1", depth=0)
    for p in perms:
        c = p.counters
        for k, n in ev.counters.items:
            c = c.remove(k, n)
        run.state = set_counters(run.state, p.id, c)


def _leaves(run: Run, ev: Leaves) -> None:
    """CR 700.4, 603.6c: permanents leave the battlefield at once."""
    perms = [run.require_permanent(o) for o in ev.objects]
    where = {"graveyard": "its owner's graveyard", "exile": "exile",
             "hand": "its owner's hand"}[ev.to]
    run.note(f"event {ev.index + 1}: {', '.join(p.id for p in perms)} "
             f"{'dies' if ev.to == 'graveyard' and len(perms) == 1 else 'leave'}"
             f"{'' if ev.to == 'graveyard' and len(perms) == 1 else ' the battlefield'}"
             f" to {where}", *(["700.4"] if ev.to == "graveyard" else ["603.6c"]),
             depth=0)
    leave_battlefield(run, [p.id for p in perms], ev.to)


def _cast(run: Run, ev: Cast) -> None:
    """CR 601.2: cast a spell from hand onto the stack (costs taken as paid); "when you
    cast" abilities trigger (CR 603.2, 603.4)."""
    st = run.state
    if ev.card not in st:
        raise run.bad(f"unknown object '{ev.card}'", st._suggest_id(ev.card))
    zone = st.zone_of(ev.card)
    obj = st.get(ev.card)
    if zone != "hand" or not isinstance(obj, Card):
        raise run.bad(f"'{ev.card}' is not in a hand (it is in the {zone}); only casting "
                      "from hand is supported")
    card = obj.card
    if not card.is_spell_card:
        raise run.bad(f"'{card.name}' is a land; lands are played, not cast (CR 305.9)")
    if ev.x is not None and not card.has_variable_cost:
        raise run.bad(f"x given for '{card.name}', whose mana cost has no X")
    if ev.alternative_cost is not None and ev.alternative_cost not in [
            a.name for a in card.alternative_costs]:
        raise run.bad(f"'{card.name}' has no alternative cost '{ev.alternative_cost}'")
    for t in ev.targets:
        if t not in st and t not in st.player_names:
            raise run.bad(f"unknown target '{t}'", st._suggest_id(t))
    caster = obj.owner
    p = st.player(caster)
    st = st.with_player(replace(p, hand=tuple(c for c in p.hand if c.id != obj.id)))
    x = ev.x if card.has_variable_cost else None
    if card.has_variable_cost and x is None:
        x = 0
    item = StackItem(id=obj.id, controller=caster, card=card, x=x,
                     alternative_cost=ev.alternative_cost, targets=ev.targets)
    run.state = replace(st, stack=(*st.stack, item))
    if card.spell is not None and card.spell.targets:
        # CR 601.2c, 115.1: its targets, as many as it has, each legal
        if len(ev.targets) != len(card.spell.targets):
            raise run.bad(f"'{card.name}' has {len(card.spell.targets)} target(s); "
                          f"{len(ev.targets)} given (CR 601.2c)")
        for spec, t in zip(card.spell.targets, ev.targets, strict=True):
            if not legal_target(run, spec, t, caster, obj.id):
                raise run.bad(f"'{t}' is not a legal target ({spec.text or spec.zone}) "
                              "(CR 115.1, 601.2c)")
    extra = []
    if x is not None:
        extra.append(f"X={x}")
    if ev.alternative_cost:
        extra.append(f"for its {ev.alternative_cost} cost")
    run.note(f"event {ev.index + 1}: {caster} casts {obj.id}"
             f"{' (' + ', '.join(extra) + ')' if extra else ''}; it goes on the stack "
             f"(costs taken as paid, timing not checked; mana value "
             f"{item.mana_value()})", "601.2", "202.3e",
             depth=0)
    for perm in with_triggers(run.state):
        if any(ab.event == "cast_spell" for ab in perm.card.triggered_abilities):
            raise Unsupported(f"{perm.id} has a 'whenever a player casts' ability, which "
                              "the resolution solver doesn't model")
    # "When you cast this spell" (CR 603.2, 603.4: intervening if checked now).
    for n, ab in enumerate(triggered_abilities(card), 1):
        if ab.event == "cast_self":
            trigger(run, obj.id, card, n, ab, caster, Counters(), None)


def _activate(run: Run, ev: Activate) -> None:
    """CR 602.2: activate an ability whose whole cost is discarding cards (Kozilek): its
    targets first (CR 601.2c; they fix X), then the cards to discard (CR 601.2h)."""
    perm = run.require_permanent(ev.object)
    chars = effective(run.state)[perm.id]
    if ev.ability > len(chars.activated):
        raise run.bad(f"'{perm.id}' has {len(chars.activated)} activated abilities; no "
                      f"ability {ev.ability}")
    ab = chars.activated[ev.ability - 1]
    if (ab.mana_cost.symbols or ab.tap or ab.untap or ab.is_mana_ability
            or any(c.kind is not CostKind.DISCARD for c in ab.costs)):
        raise Unsupported(f"event {ev.index + 1} (activate): only abilities whose whole "
                          "cost is discarding cards are supported here (e.g. Kozilek); use "
                          "the activation solver for others")
    need = sum(c.count if isinstance(c.count, int) else 1 for c in ab.costs)
    you = perm.controller
    hand = {c.id: c for c in run.state.player(you).hand}
    targets = ev.targets
    discard = ev.discard
    if not targets and len(ab.targets) == 1 and ab.targets[0].zone == "stack":
        targets = (_choose_spell_target(run, ev, ab, you, perm.id, hand,
                                        bool(discard)),)
    if len(targets) != len(ab.targets):
        raise run.bad(f"the ability has {len(ab.targets)} target(s); "
                      f"{len(targets)} given (CR 601.2c, 602.2b)")
    # Targets first: they fix X (Kozilek ruling: the target determines X).
    bindings = _check_targets(run, ab, targets, you, perm.id)
    if not discard and need == 1:
        discard = (_choose_discard(run, ev, ab, you, perm.id, hand, bindings),)
    if len(discard) != need:
        raise run.bad(f"the cost discards {need} card(s); {len(discard)} given")
    _check_discards(run, ab, discard, you, perm.id, hand, bindings)
    for cid in discard:
        p = run.state.player(you)
        card = hand[cid]
        run.state = add_card(run.state.with_player(
            replace(p, hand=tuple(c for c in p.hand if c.id != cid))), card.owner,
            "graveyard", card)
    xval = next(iter(bindings.values()), None)
    item = StackItem(id=new_id(run.state, f"{perm.id} ability {ev.ability}", run.taken,
                                   run.id_memo),
                     controller=you, source=perm.id, ability=ev.ability, x=xval,
                     targets=targets)
    run.state = replace(run.state, stack=(*run.state.stack, item))
    run.sources[perm.id] = perm.card
    run.note(f"event {ev.index + 1}: {you} activates {perm.id}'s ability {ev.ability} "
             f"(X={xval}), discarding {', '.join(discard)}, targeting "
             f"{', '.join(targets)}", "602.2", "107.3", "202.3e", depth=0)


def _choose_spell_target(run: Run, ev: Activate, ab: ActivatedAbility, you: str,
                         source: str, hand: Mapping[str, Card], discard_given: bool) -> str:
    """Which spell to target is an open choice (CR 601.2c): a spell is a choice only if
    the cost can then be paid (Kozilek ruling: match a card in hand)."""
    spec = ab.targets[0]
    opts = [sp.id for sp in run.state.stack
            if legal_target(run, spec, sp.id, you, source)
            and (discard_given or _discard_options(run, ab, hand, you, source,
                                                   _bind(spec, sp)))]
    if not opts:
        raise run.bad(f"no legal target for '{spec.text or 'its target'}' that a "
                      f"card in {you}'s hand can pay for (CR 115.1, 601.2c)")
    return run.choose("target", you, f"target of {source}'s ability "
                      f"{ev.ability}: {spec.text}", opts, ("601.2c", "115.1"))


def _check_targets(run: Run, ab: ActivatedAbility, targets: tuple[str, ...], you: str,
                   source: str) -> dict[str, int]:
    """CR 115.1, 601.2c: each target is legal; the variables the targets fix (X is the
    target spell's mana value, CR 202.3e)."""
    bindings: dict[str, int] = {}
    for spec, t in zip(ab.targets, targets, strict=True):
        if t not in run.state:
            raise run.bad(f"unknown target '{t}'", run.state._suggest_id(t))
        tobj = run.state.get(t)
        if spec.zone == "stack":
            if not isinstance(tobj, StackItem) or (spec.spell and tobj.card is None):
                raise run.bad(f"'{t}' is not a spell on the stack (CR 115.1)")
            mvar = spec.filter.mana_value
            if isinstance(mvar, str):
                bindings[mvar] = tobj.mana_value()
            if not matches(spec.filter, characteristics(tobj), tobj, run.state, you,
                           source, bindings):
                raise run.bad(f"'{t}' is not a legal target ({spec.text or 'filter'})")
        elif not legal_target(run, spec, t, you, source):
            raise run.bad(f"'{t}' is not a legal target ({spec.text or spec.zone})")
    return bindings


def _choose_discard(run: Run, ev: Activate, ab: ActivatedAbility, you: str, source: str,
                    hand: Mapping[str, Card], bindings: Mapping[str, int]) -> str:
    """CR 601.2h: the card to discard is an open choice among those that can pay."""
    opts = _discard_options(run, ab, hand, you, source, bindings)
    if not opts:
        raise run.bad(f"no card in {you}'s hand can pay the cost "
                      f"({', '.join(c.text for c in ab.costs)}"
                      f"{', X=' + str(next(iter(bindings.values()))) if bindings else ''})"
                      " (CR 601.2h)")
    return run.choose("discard", you, f"the card to discard for {source}'s "
                      f"ability {ev.ability}", opts, ("601.2h", "602.2b"))


def _check_discards(run: Run, ab: ActivatedAbility, discard: tuple[str, ...], you: str,
                    source: str, hand: Mapping[str, Card], bindings: dict[str, int]
                    ) -> None:
    """CR 601.2h: each card to discard is in hand and matches its cost (fixing X if no
    target did: CR 107.3, 202.3e, 118.9c)."""
    for cid, cost in zip(discard, itertools.cycle(ab.costs), strict=False):
        if cid not in hand:
            where = (f"it is in the {run.state.zone_of(cid)}" if cid in run.state
                     else "no such object")
            raise run.bad(f"'{cid}' is not in {you}'s hand ({where})")
        card = hand[cid]
        mvar = cost.filter.mana_value
        mv = card.mana_value()  # CR 202.3e: X is 0 off the stack
        if isinstance(mvar, str) and mvar in bindings and mv != bindings[mvar]:
            raise run.bad(f"'{cid}' has mana value {mv} (an X in a card's cost off "
                          f"the stack is 0, CR 107.3), but {mvar} is {bindings[mvar]} "
                          "(the target spell's mana value, CR 202.3e, 118.9c)")
        if isinstance(mvar, str) and mvar not in bindings:
            bindings[mvar] = mv
        if not matches(cost.filter, characteristics(card), card, run.state, you, source,
                       bindings):
            raise run.bad(f"'{cid}' doesn't match the cost's filter")


def _bind(spec: TargetSpec, spell: StackItem) -> dict[str, int]:
    """The variable a target fixes: "target spell with mana value X" (CR 202.3e)."""
    mvar = spec.filter.mana_value
    return {mvar: spell.mana_value()} if isinstance(mvar, str) else {}


def _discard_options(run: Run, ab: ActivatedAbility, hand: Mapping[str, Card], you: str,
                     source: str, bindings: Mapping[str, int]) -> list[str]:
    """Cards in hand that can pay a one-card discard cost with these bindings."""
    if len(ab.costs) != 1:
        return []
    cost = ab.costs[0]
    return [cid for cid, card in hand.items()
            if matches(cost.filter, characteristics(card), card, run.state, you, source,
                       bindings)]


def _draw(run: Run, ev: Draw) -> None:
    """CR 121.2: a player draws cards."""
    if ev.player not in run.state.player_names:
        raise run.bad(f"unknown player '{ev.player}'",
                      "players are " + ", ".join(run.state.player_names))
    run.note(f"event {ev.index + 1}: {ev.player} draws {ev.count} card(s)", "121.2",
             depth=0)
    draw(run, ev.player, ev.count)


#: A step event's phase, its words and rule: CR 507.1 (beginning of combat: "at the
#: beginning of combat" abilities trigger), 513.1 (end step: "at the beginning of the
#: end step" abilities trigger).
_STEPS = {"beginning_of_combat": (Phase.BEGINNING_OF_COMBAT, "beginning of combat step",
                                  "507.1"),
          "beginning_of_end_step": (Phase.END, "end step", "513.1")}


def _beginning_of_step(run: Run, ev: BeginningOfStep) -> None:
    """The turn moves to the beginning of combat (CR 507.1) or end step (513.1), and the
    abilities that trigger "at the beginning of" it trigger (603.2)."""
    phase, words, rule = _STEPS[ev.kind]
    run.state = replace(run.state, turn=replace(run.state.turn, phase=phase))
    run.note(f"event {ev.index + 1}: {run.state.turn.active_player}'s {words}", rule,
             depth=0)
    for perm in with_triggers(run.state):
        for n, ab in live_triggers(run.state, perm):
            if ab.event != ev.kind:
                continue
            if ab.your_turn_only and perm.controller != run.state.turn.active_player:
                continue
            trigger(run, perm.id, perm.card, n, ab, perm.controller, Counters(), None)


def _attack(run: Run, ev: Attack) -> None:
    """CR 508.1: the active player declares attackers; they become tapped (508.1f)
    unless they have vigilance (702.20b); "whenever ... attacks" triggers (508.3a)."""
    ap = run.state.turn.active_player
    chars = effective(run.state)
    perms = [run.require_permanent(o) for o in ev.objects]
    for p in perms:
        c = chars[p.id]
        if not c.is_creature:
            raise run.bad(f"'{p.id}' is not a creature; only creatures attack (CR 508.1a)")
        if p.controller != ap:
            raise run.bad(f"'{p.id}' is controlled by {p.controller}, not by the active "
                          f"player {ap} (CR 508.1a)")
        if p.tapped:
            raise run.bad(f"'{p.id}' is tapped and can't attack (CR 508.1a)")
        if p.summoning_sick and "Haste" not in c.keywords:
            raise run.bad(f"'{p.id}' hasn't been under {ap}'s control since the turn "
                          "began and can't attack (CR 302.6)")
        if "Defender" in c.keywords:
            raise run.bad(f"'{p.id}' has defender and can't attack (CR 702.3b)")
        for src in run.state.permanents:
            for ab in chars[src.id].abilities:
                if isinstance(ab, StaticAbility) and ab.params.get("cant_attack") is True \
                        and matches(ab.affected, c, p, run.state, src.controller, src.id):
                    raise run.bad(f"'{p.id}' can't attack: {src.id} says \"{ab.text}\" "
                                  "(CR 508.1c: a declaration that disobeys a restriction "
                                  "is illegal)")
    run.state = replace(run.state, turn=replace(run.state.turn,
                                                phase=Phase.DECLARE_ATTACKERS))
    run.note(f"event {ev.index + 1}: {ap} attacks with {', '.join(ev.objects)}", "508.1",
             depth=0)
    for src in with_triggers(run.state):
        if any(ab.event == "becomes_tapped" for ab in triggered_abilities(src.card)):
            raise Unsupported(f"{src.id} has a 'becomes tapped' trigger, which the "
                              "resolution solver doesn't model")
    for p in perms:
        if "Vigilance" not in chars[p.id].keywords:
            run.state = run.state.with_permanent(replace(run.state.permanent(p.id),
                                                         tapped=True))
    for src in with_triggers(run.state):
        for n, ab in live_triggers(run.state, src):
            if ab.event not in ("attacks", "enters_or_attacks"):
                continue
            for p in perms:
                if ab.self_only and p.id != src.id:
                    continue
                if not ab.self_only and not matches(ab.subject, chars[p.id], p,
                                                    run.state, src.controller, src.id):
                    continue
                trigger(run, src.id, src.card, n, ab, src.controller, Counters(),
                        None if p.id == src.id else p.id)


def _resolve(run: Run, ev: Resolve) -> None:
    """CR 608.1: resolve the top of the stack, or until it is empty (priority between)."""
    if not run.state.stack:
        if ev.all:
            run.note(f"event {ev.index + 1}: resolve the whole stack: it is empty",
                     "608.1", depth=0)
            return
        raise run.bad("the stack is empty; nothing to resolve")
    run.note(f"event {ev.index + 1}: resolve "
             f"{'the whole stack' if ev.all else 'the top of the stack'}", "608.1",
             depth=0)
    resolve_top(run)
    if ev.all:
        priority(run)
        while run.state.stack:
            resolve_top(run)
            priority(run)
