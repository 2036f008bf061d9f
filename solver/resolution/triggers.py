"""Triggered abilities: what triggers, the intervening "if", and onto the stack.

:func:`triggered_abilities` numbers a card's triggered abilities (its own, then those
its keywords stand for: persist, undying). Permanents move onto and off the
battlefield through :func:`enter_battlefield` and :func:`leave_battlefield`, which
fire the abilities those moves trigger (leaving ones look back in time, and the
leaving objects' last-known information is kept). :func:`trigger` checks an
intervening "if" and adds a :class:`~.core.PendingTrigger`;
:func:`put_triggers_on_stack` puts the pending ones on the stack in APNAP order, each
player ordering their own, choosing targets as each goes on.

Rules
-----
CR 603.2: an ability triggers when its event happens. CR 603.3, 603.3b: the next time a
player would receive priority, each player in APNAP order (CR 101.4) puts their
triggered abilities on the stack in the order they choose. CR 603.3d, 601.2c: targets
are chosen as it is put on the stack; with no legal target it is removed. CR 603.4: an
intervening "if" is checked when it would trigger (and again on resolution). CR 603.6a,
603.6c: enters- and leaves-the-battlefield abilities. CR 603.10a: leaves-the-battlefield
abilities look back in time. CR 608.2h, 113.7a: last-known information of the object
that left (its counters, kept on the stack object; its characteristics). CR 700.4:
"dies". CR 111.7, 704.5d: a token that leaves ceases to exist. CR 122.2, 400.7:
counters don't follow an object to a new zone. CR 702.79a persist, 702.93a undying.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from manacheck.model import (
    Card,
    CardDefinition,
    Counters,
    GameState,
    Permanent,
    StackItem,
    StaticAbility,
    TriggeredAbility,
    effective,
    matches,
)
from manacheck.model.abilities import Condition, Effect, Params
from manacheck.model.effects import Family, kind_of_ability
from manacheck.model.marked import permanents_with
from manacheck.model.placing import place_counters

from .core import PendingTrigger, Run, Unsupported
from .targets import target_options
from .zones import (
    add_card,
    add_permanent,
    apnap,
    fmt_counters,
    new_id,
    on_battlefield,
    remove_permanent,
)

__all__ = [
    "KEYWORD_TRIGGERS",
    "condition",
    "enter_battlefield",
    "leave_battlefield",
    "live_triggers",
    "put_triggers_on_stack",
    "trigger",
    "triggered_abilities",
    "with_triggers",
]


def _keyword_trigger(name: str, rule: str, counter: str) -> TriggeredAbility:
    """Persist / undying: "if it had no [counter] counters on it, return it to the
    battlefield under its owner's control with a [counter] counter on it"."""
    return TriggeredAbility(
        event="dies", self_only=True,
        intervening_if=Condition("fewer_than", Params.of(
            amount=Params.of(counters=counter, of="subject"), count=1)),
        effects=(Effect("return_to_battlefield", Params.of(counter=counter)),),
        text=f"{name} (CR {rule}): when this permanent is put into a graveyard from the "
             f"battlefield, if it had no {counter} counters on it, return it to the "
             f"battlefield under its owner's control with a {counter} counter on it.")


#: Keywords that are triggered abilities (CR 702.79a persist, 702.93a undying).
KEYWORD_TRIGGERS: Mapping[str, TriggeredAbility] = {
    "Persist": _keyword_trigger("Persist", "702.79a", "-1/-1"),
    "Undying": _keyword_trigger("Undying", "702.93a", "+1/+1"),
}


def triggered_abilities(card: CardDefinition) -> tuple[TriggeredAbility, ...]:
    """A card's triggered abilities, numbered from 1 in this order: the ones written in
    its card data, then those its keywords stand for (persist, undying). Cached on the
    card definition (it is immutable)."""
    hit: tuple[TriggeredAbility, ...] | None = card.__dict__.get("_triggered")
    if hit is None:
        kws = {k[:1].upper() + k[1:] for k in card.keywords}
        hit = card.triggered_abilities + tuple(ab for k, ab in KEYWORD_TRIGGERS.items()
                                               if k in kws)
        card.__dict__["_triggered"] = hit
    return hit


def with_triggers(state: GameState) -> tuple[Permanent, ...]:
    """The permanents whose cards have triggered abilities, in battlefield order (the
    only ones an event can trigger; once per state): a trigger check looks at these,
    not at every permanent.

    When the permanents that differ between ``state`` and the last state asked about
    (:func:`~manacheck.model.marked.permanents_with`) all have cards without
    triggered abilities, the answer is that state's: the others are the same objects
    in the same order.

    Rules
    -----
    CR 603.2: an ability triggers when its event happens; only a permanent with a
    triggered ability can have one trigger. CR 702.79a, 702.93a: persist and undying
    count (:func:`triggered_abilities`).
    """
    return permanents_with(state, "triggers", _has_triggers)


def _has_triggers(card: CardDefinition) -> bool:
    return bool(triggered_abilities(card))


def live_triggers(state: GameState, perm: Permanent
                  ) -> tuple[tuple[int, TriggeredAbility], ...]:
    """A permanent's triggered abilities that exist now, numbered as
    :func:`triggered_abilities`: none when an effect took its rules-text abilities away
    (Blood Moon on a nonbasic land, CR 305.7, 613.1f)."""
    trig = triggered_abilities(perm.card)
    if not trig or effective(state)[perm.id].lost_abilities:
        return ()
    return tuple(enumerate(trig, 1))


# ---- the intervening "if" and triggering ---------------------------------------------
def condition(run: Run, ab: TriggeredAbility, controller: str, source: str,
              counters: Counters) -> tuple[bool, str]:
    cond = ab.intervening_if
    if cond is None:
        return True, ""
    amount = cond.params.get("amount")
    if cond.kind in ("at_least", "fewer_than") and isinstance(amount, Params):
        got = _amount(run, amount, controller, source, counters)
        if got is not None:
            have, why = got
            if have is None:  # CR 608.2h: no last-known information to read
                return True, why
            n = cond.params.int("count")
            return (have >= n if cond.kind == "at_least" else have < n), why
    raise Unsupported(f"intervening-if condition '{cond.kind}' is not supported by the "
                      "resolution solver")


def _amount(run: Run, amount: Params, controller: str, source: str, counters: Counters
            ) -> tuple[int | None, str] | None:
    """The number an intervening "if" compares (CR 603.4), with words saying what was
    seen; None for an amount not read here. ``{counters: KIND|any, of: subject}``: the
    trigger's object's counters as it last existed (CR 603.10a, 608.2h);
    ``{counters: ..., of: self}``: the source's (its last-known information once it
    left; none known: (None, why)); ``{cards: hand}``: the controller's hand size."""
    if amount.items == (("cards", "hand"),):
        size = len(run.state.player(controller).hand)
        return size, f"{controller} has {size} card(s) in hand"
    if "counters" not in amount or len(amount.items) != 2:
        return None
    kind = amount.str("counters")

    def number(have: Counters) -> int:
        return sum(n for _, n in have.items) if kind == "any" else have[kind]
    if amount.get("of") == "subject":
        return number(counters), f"it had {fmt_counters(counters)}"
    if amount.get("of") != "self":
        return None
    perm = on_battlefield(run.state, source)
    if perm is None:
        had = run.lki.get(source)
        if had is None:
            return None, f"{source} left the battlefield (last-known information)"
        return number(had), (f"{source} left the battlefield with "
                             f"{fmt_counters(had)} (last-known information, 608.2h)")
    return number(perm.counters), f"{source} has {fmt_counters(perm.counters)}"


def trigger(run: Run, source: str, card: CardDefinition, number: int, ab: TriggeredAbility,
            controller: str, counters: Counters, subject: str | None) -> None:
    ok, why = condition(run, ab, controller, source, counters)
    label = f"{source}'s triggered ability {number}"
    if not ok:
        run.note(f"{label} doesn't trigger: its intervening 'if' is false ({why})",
                 "603.4")
        return
    run.sources[source] = card
    run.seq += 1
    run.pending.append(PendingTrigger(source, number, ab, controller, counters, subject,
                                      run.seq))
    run.note(f"{label} triggers{' for ' + subject if subject else ''}"
             f"{' (' + why + ')' if why else ''}: {ab.text or ab.event}", "603.2",
             *(["603.4"] if why else []))


# ---- moves onto and off the battlefield ----------------------------------------------
def _commander_zone(run: Run, perm: Permanent, to: str) -> str:
    """Where a permanent leaving for ``to`` ends up: a commander's owner may put it
    into the command zone instead (CR 903.9b: from the way to a hand, a replacement;
    903.9a: once in a graveyard or exile, a state-based action, taken here before
    anyone could act). Their choice (``choose: {may: yes|no}``); anything else: ``to``.
    """
    owner = run.state.player(perm.owner)
    if perm.card.name not in owner.commanders or to not in ("hand", "graveyard", "exile"):
        return to
    rule = "903.9b" if to == "hand" else "903.9a"
    where = {"hand": "its owner's hand", "graveyard": "its owner's graveyard",
             "exile": "exile"}[to]
    yes = run.choose("may", owner.name, f"whether to put {perm.id}, {owner.name}'s "
                     f"commander, into the command zone instead of leaving it in {where}",
                     ["yes", "no"], (rule,), auto_single=False)
    if yes == "yes":
        run.note(f"{perm.id} is {owner.name}'s commander: it goes to the command zone "
                 f"instead of {where}", rule)
        return "command"
    return to


def leave_battlefield(run: Run, ids: Sequence[str], to: str) -> None:
    """Move permanents off the battlefield at once; trigger looking back (603.10a)."""
    before = run.state
    chars = effective(before)
    st = before
    for oid in ids:
        perm = before.permanent(oid)
        run.lki[oid] = perm.counters
        run.lki_chars[oid] = chars[oid]
        st = remove_permanent(st, oid)
        if perm.token:
            run.note(f"{oid} (a token) goes to {to}, then ceases to exist", "111.7",
                     "704.5d")
            continue
        dest = _commander_zone(run, perm, to)
        st = add_card(st, perm.owner, dest, Card(oid, perm.card, perm.owner))
        if perm.counters:
            run.note(f"{oid} left with {fmt_counters(perm.counters)}; counters don't "
                     "follow it to the new zone", "122.2", "400.7")
    run.state = st
    # CR 603.10a: leaves-the-battlefield abilities look back in time.
    for src in with_triggers(before):
        for n, ab in live_triggers(before, src):
            if ab.event not in ("leaves_battlefield", "dies",
                                "put_into_graveyard_from_battlefield"):
                continue
            if ab.event != "leaves_battlefield" and to != "graveyard":
                continue
            for oid in ids:
                left = before.permanent(oid)
                if ab.self_only:
                    if oid != src.id:
                        continue
                elif not matches(ab.subject, chars[oid], left, before, src.controller,
                                 src.id):
                    continue
                trigger(run, src.id, src.card, n, ab, src.controller, left.counters,
                        None if oid == src.id else oid)


def enter_battlefield(run: Run, perm: Permanent) -> None:
    """CR 614.1c-e, 614.12: how it enters: "enters tapped" applies; another rule about
    its entering that the resolution solver doesn't apply is refused, never ignored.
    These are read from the permanent as it would exist on the battlefield (614.12: a
    land Blood Moon makes a Mountain has no "enters tapped" to apply)."""
    entered = add_permanent(run.state, perm)
    would_be = effective(entered)[perm.id]
    as_is = perm
    for ab in would_be.abilities:
        if not isinstance(ab, StaticAbility):
            continue
        kind = kind_of_ability(ab)
        if kind is None or Family.ENTERING not in kind.families:
            continue
        if kind.key == "static:other:enters_tapped":
            if not perm.tapped:
                perm = replace(perm, tapped=True)
                run.note(f"{perm.id} enters tapped ({ab.text})", "614.1c")
        elif kind.key != "static:enters_with_counters":
            raise Unsupported(f"{perm.id} enters the battlefield, and how it enters "
                              f"depends on \"{ab.text}\", which the resolution solver "
                              "doesn't apply (CR 614.1c-e, 614.12)")
    if perm.counters:
        # CR 122.6, 614.12: the counters it enters with are put on it, as the effects
        # that would apply to it on the battlefield change them (Branching Evolution's
        # and Tatterkite's rulings: twice as many; none).
        placing = place_counters(entered, perm.id, perm.counters)
        for text, rules in placing.why:
            run.note(text, *rules, "614.12")
        if placing.put != perm.counters:
            perm = replace(perm, counters=placing.put)
            run.note(f"{perm.id} enters with {fmt_counters(placing.put)}", "122.6",
                     "614.12")
    run.state = entered if perm is as_is else add_permanent(run.state, perm)
    for src in with_triggers(run.state):
        for n, ab in live_triggers(run.state, src):
            if ab.event not in ("enters", "enters_or_attacks"):
                continue
            if ab.self_only:
                if src.id != perm.id:
                    continue
            elif not matches(ab.subject, effective(run.state)[perm.id], perm, run.state,
                             src.controller, src.id):
                continue
            trigger(run, src.id, src.card, n, ab, src.controller, Counters(),
                    None if src.id == perm.id else perm.id)


# ---- onto the stack --------------------------------------------------------------------
def put_triggers_on_stack(run: Run) -> None:
    """CR 603.3b: the pending triggers, each player's in the order they choose, APNAP."""
    pending = list(run.pending)  # run.pending shrinks as each goes on the stack
    for player in apnap(run.state):
        mine = [t for t in pending if t.controller == player]
        if not mine:
            continue
        labels = _labels(mine)
        if len(mine) > 1:
            orders: dict[tuple[str, ...], tuple[PendingTrigger, ...]] = {}
            for perm in itertools.permutations(mine):
                key = tuple(labels[t.seq] for t in perm)
                orders.setdefault(key, perm)
                if len(orders) > 120:
                    raise Unsupported("more than 5 simultaneous triggers of one "
                                      "player: too many orders to enumerate")
            opts = [" < ".join(k) for k in orders]
            answer = run.choose("order", player, "the order to put "
                                f"{len(mine)} triggered abilities on the stack, first "
                                "= bottom", opts, ("603.3b",))
            mine = list(orders[tuple(answer.split(" < "))])
        for t in mine:
            _put_on_stack(run, t, labels[t.seq])
            run.pending.remove(t)


def _labels(trigs: Sequence[PendingTrigger]) -> dict[int, str]:
    out: dict[int, str] = {}
    for t in trigs:
        same_src = [u for u in trigs if u.source == t.source]
        label = t.source
        if len({u.number for u in same_src}) > 1:
            label += f" trigger {t.number}"
        if len([u for u in same_src if u.number == t.number]) > 1:
            label += f" for {t.subject}"
        out[t.seq] = label
    return out


def _put_on_stack(run: Run, t: PendingTrigger, label: str) -> None:
    targets: list[str] = []
    for i, spec in enumerate(t.ability.targets):
        opts = target_options(run, spec, t.controller, t.source)
        if not opts:
            run.note(f"{label}: no legal target for '{spec.text or 'its target'}'; the "
                     "ability is removed from the stack", "603.3d")
            return
        targets.append(run.choose("target", t.controller,
                                  f"target {i + 1} of {label}: {spec.text}", opts,
                                  ("603.3d", "601.2c")))
    item = StackItem(id=new_id(run.state, f"{t.source} trigger {t.number}", run.taken,
                               run.id_memo),
                     controller=t.controller, source=t.source, trigger=t.number,
                     targets=tuple(targets), counters=t.counters)
    run.state = replace(run.state, stack=(*run.state.stack, item))
    run.note(f"{label} goes on the stack as '{item.id}'"
             f"{' targeting ' + ', '.join(targets) if targets else ''}"
             f"{' (remembering ' + fmt_counters(t.counters) + ')' if t.counters else ''}",
             "603.3", *(["608.2h"] if t.counters else []))
