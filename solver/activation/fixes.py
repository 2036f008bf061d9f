"""The smallest changes that would make an illegal activation legal.

A search over a documented, finite set of single changes to the game state, each
verified by re-running the legality check (:func:`.check.is_legal`:
:func:`~manacheck.solver.activation.can_activate` without counting or fixes) on the
changed state. When no single change
works, pairs of them are tried (at most ``PAIR_LIMIT`` pairs, and only pairs whose two
rules answer every failing rule). Only changes that pass the re-check are reported, so
every fix is true of the rules as implemented.

The single changes (kind: what it does; the rule it answers):

* ``untap_source``: the permanent is untapped (CR 107.5, {T}).
* ``tap_source``: the permanent is tapped (CR 107.6, {Q}).
* ``no_summoning_sickness``: the creature has been under its controller's control since
  their most recent turn began (CR 302.6).
* ``main_phase_empty_stack``: it is the player's precombat main phase and the stack is
  empty (CR 602.5d, "activate only as a sorcery").
* ``not_activated_this_turn``: the ability hasn't been activated this turn (CR 602.5b).
* ``activate_as``: its controller activates it instead (CR 602.2).
* ``hold_priority``: the player holds priority (CR 117.1b).
* ``priority_step``: it is the upkeep step of the same turn, a step in which players
  receive priority (CR 117.3a, 514.3).
* ``add_spell``: a spell with mana value N (and the target's other required
  characteristics) controlled by an opponent is on the stack, for each N a cost's
  shared X could take, or the filter's own mana value (CR 601.2c, 115).
* ``add_card_to_hand`` / ``add_card_to_graveyard``: a card that fits a discard/reveal
  or exile-from-graveyard cost, with each mana value the shared X could need (CR 118.3).
* ``add_permanent``: one more untapped permanent that fits a sacrifice, exile or
  tap-untapped cost, or a permanent target (CR 118.3, 115).
* ``add_mana_source``: one more untapped land "{T}: Add {M}" for each mana type M
  (CR 601.2g–h: "legal with one more source of {U}").
* ``more_life``: the player's life total is the amount the cost pays (CR 119.4).
* ``more_counters``: the source has as many counters as the cost removes (CR 118.3).

Rules
-----
CR 601.2c–h, 602.2, 602.5, 107.5, 107.6, 302.6, 115, 117.1b, 117.3a, 118.3, 119.4 (each
change above).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from manacheck.model import (
    MANA_TYPES,
    ActivatedAbility,
    CardDefinition,
    CostKind,
    GameState,
    ManaCost,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    ObjectFilter,
    Permanent,
    Phase,
    StackItem,
    Turn,
)
from manacheck.model.english import with_article
from manacheck.model.state import Card

from .check import is_legal
from .core import Activation
from .lookup import resolve_ability
from .problem import Problem
from .verdict import Change, Fix, Reason
from .words import describe_filter

__all__ = ["PAIR_LIMIT", "Candidate", "candidate_changes", "find_fixes", "mana_source"]

#: The most pairs of single changes re-checked when no single change is enough.
PAIR_LIMIT = 300

_FIX_PREFIX = "fix"


@dataclass(frozen=True)
class Candidate:
    """A single change: what it says, its rule, the change as data and how to apply it."""

    description: str
    rule: str
    change: Change
    apply: Callable[[GameState], GameState]


def _with_perm(state: GameState, object_id: str, **kw: object) -> GameState:
    perm = state.permanent(object_id)
    return state.with_permanent(replace(perm, **kw))  # type: ignore[arg-type,unused-ignore]


def _synth_card(flt: ObjectFilter, mv: int | None, default_types: tuple[str, ...],
                name: str) -> CardDefinition:
    """A card with exactly the characteristics a filter asks for (and mana value mv)."""
    types = tuple(sorted(flt.types)) or (
        (sorted(flt.any_types)[0],) if flt.any_types else default_types)
    subtypes = tuple(sorted(flt.subtypes)) + (
        (sorted(flt.any_subtypes)[0],) if flt.any_subtypes else ())
    cost: ManaCost | None
    if mv is None:
        cost = None if "Land" in types else ManaCost.parse("{1}")
    elif flt.colors:
        color = sorted(flt.colors, key=lambda c: c.order)[0]
        cost = ManaCost.parse(("{" + str(mv - 1) + "}" if mv > 1 else "")
                              + "{" + color.value + "}") if mv >= 1 else None
    else:
        cost = ManaCost.parse("{" + str(mv) + "}")
    return CardDefinition(name=name, mana_cost=cost, supertypes=tuple(sorted(flt.supertypes)),
                          types=types, subtypes=subtypes,
                          power=1 if "Creature" in types else None,
                          toughness=1 if "Creature" in types else None)


def _card_params(card: CardDefinition) -> tuple[tuple[str, object], ...]:
    """What an added object is, for the change's data: its name, types and mana cost."""
    return (("card", card.name), ("types", tuple(card.types)),
            ("subtypes", tuple(card.subtypes)),
            ("mana_cost", card.mana_cost.text if card.mana_cost is not None else None))


def mana_source(t: ManaType) -> CardDefinition:
    ab = ActivatedAbility(tap=True, mana=ManaProduction(ManaProductionKind.FIXED, mana=(t,),
                                                        amount=0),
                          text=f"{{T}}: Add {{{t.value}}}.")
    return CardDefinition(name=f"Source of {{{t.value}}}", types=("Land",), abilities=(ab,),
                          text=ab.text)


def _add_permanent(state: GameState, player: str, card: CardDefinition, pid: str
                   ) -> GameState:
    p = state.player(player)
    perm = Permanent(id=pid, card=card, controller=player, owner=player)
    return state.with_player(replace(p, battlefield=(*p.battlefield, perm)))


def _add_card(state: GameState, player: str, zone: str, card: CardDefinition, cid: str
              ) -> GameState:
    p = state.player(player)
    c = Card(id=cid, card=card, owner=player)
    if zone == "hand":
        return state.with_player(replace(p, hand=(*p.hand, c)))
    return state.with_player(replace(p, graveyard=(*p.graveyard, c)))


def _opponent(state: GameState, you: str) -> str:
    opps = state.opponents(you)
    return opps[0].name if opps else you


def candidate_changes(state: GameState, object_id: str, number: int, player: str,
                      reasons: Sequence[Reason]) -> list[Candidate]:
    """The single changes worth trying for this activation (see the module docstring)."""
    _, ab = resolve_ability(state, object_id, number)
    problem = Problem(Activation(state, object_id, number, ab, player))
    rules = {r.rule for r in reasons}
    out = _status_changes(problem.act, rules)
    choices, k = _choice_changes(problem)
    out.extend(choices)
    out.extend(_resource_changes(problem.act, rules, k))
    return out


def _status_changes(act: Activation, rules: set[str]) -> list[Candidate]:
    """The source's status, the turn, priority and who activates it (CR 107.5, 107.6,
    302.6, 602.5d, 117.1b, 117.3a, 602.5b, 602.2)."""
    object_id, number, player, ab = act.source_id, act.number, act.you, act.ab
    out: list[Candidate] = []
    obj = act.obj
    name = obj.name
    if isinstance(obj, Permanent):
        if ab.tap and obj.tapped:
            out.append(Candidate(f"legal if {name} were untapped", "107.5",
                                 Change("untap_source", (("object", object_id),)),
                                 lambda s: _with_perm(s, object_id, tapped=False)))
        if ab.untap and not obj.tapped:
            out.append(Candidate(f"legal if {name} were tapped", "107.6",
                                 Change("tap_source", (("object", object_id),)),
                                 lambda s: _with_perm(s, object_id, tapped=True)))
        if "302.6" in rules:
            out.append(Candidate(f"legal if {name} had been under your control since your "
                                 f"turn began", "302.6",
                                 Change("no_summoning_sickness", (("object", object_id),)),
                                 lambda s: _with_perm(s, object_id, summoning_sick=False)))
    if "602.5d" in rules:
        out.append(Candidate("legal in your main phase with an empty stack", "602.5d",
                             Change("main_phase_empty_stack", (("player", player),)),
                             lambda s: replace(s, turn=Turn(player, Phase.PRECOMBAT_MAIN,
                                                            s.turn.number), stack=())))
    if "117.1b" in rules:
        out.append(Candidate(f"legal if {player} held priority", "117.1b",
                             Change("hold_priority", (("player", player),)),
                             lambda s: replace(s, turn=replace(s.turn, priority=player))))
    if rules & {"117.3a", "514.3"}:
        out.append(Candidate("legal in the upkeep step (a step in which players receive "
                             "priority)", "117.3a",
                             Change("priority_step", (("phase", "upkeep"),)),
                             lambda s: replace(s, turn=replace(s.turn, phase=Phase.UPKEEP))))
    if "602.5b" in rules:
        out.append(Candidate("legal if it hadn't been activated this turn", "602.5b",
                             Change("not_activated_this_turn", ()),
                             lambda s: replace(s, activated_this_turn=tuple(
                                 a for a in s.activated_this_turn
                                 if a != (object_id, number)))))
    if "602.2" in rules:
        ctl = act.controller()
        out.append(Candidate(f"legal if {ctl} (its controller) activated it", "602.2",
                             Change("activate_as", (("player", ctl),)),
                             lambda s: s))
    return out


def _choice_changes(problem: Problem) -> tuple[list[Candidate], int]:
    """One more object for each target and object-choosing cost part, with each mana
    value a shared X could need (CR 601.2c, 115, 118.3); and how many were numbered."""
    act = problem.act
    state, player, ab = act.state, act.you, act.ab
    out: list[Candidate] = []
    # Values X could need: the mana values the other X-variables' candidates have.
    x_values: set[int] = set()
    for v in problem.x_vars:
        x_values.update(act.mana_value(c) for c in v.candidates
                        if c not in state.player_names)
    if problem.x_vars and not x_values:
        x_values = {1}  # nothing to match yet: any one value shows the shape of the fix
    k = 0
    for v in problem.vars:
        flt = v.filter
        mvs: Sequence[int | None]
        if flt.mana_value == "X":
            mvs = list(sorted(x_values))[:8]
        elif isinstance(flt.mana_value, int):
            mvs = [flt.mana_value]
        else:
            mvs = [None]
        for mv in mvs:
            k += 1
            tag = f"{_FIX_PREFIX}:{k}"
            with_mv = f" with mana value {mv}" if mv is not None else ""
            if v.kind == "target":
                spec = ab.targets[v.index]
                if spec.zone == "stack":
                    card = _synth_card(flt, mv, ("Instant",), f"a spell{with_mv}")
                    ctl = player if flt.controller == "you" else _opponent(state, player)
                    out.append(Candidate(
                        f"legal if a spell{with_mv} were on the stack", "601.2c",
                        Change("add_spell", (("controller", ctl), ("mana_value", mv),
                                            *_card_params(card))),
                        _adder_stack(card, ctl, tag)))
                elif spec.zone in ("battlefield", "any"):
                    one = with_article(describe_filter(flt))
                    card = _synth_card(flt, mv, ("Creature",), one)
                    ctl = player if flt.controller == "you" else _opponent(state, player)
                    out.append(Candidate(
                        f"legal if there were {one}{with_mv} on the battlefield", "601.2c",
                        Change("add_permanent", (("controller", ctl), ("mana_value", mv),
                                                *_card_params(card))),
                        _adder_perm(card, ctl, tag)))
                elif spec.zone == "graveyard":
                    card = _synth_card(flt, mv, ("Sorcery",), "a card")
                    out.append(Candidate(
                        f"legal with {with_article(describe_filter(flt, 'card'))}{with_mv} "
                        "in a graveyard",
                        "601.2c", Change("add_card_to_graveyard", (("mana_value", mv),
                                                          *_card_params(card))),
                        _adder_card(card, player, "graveyard", tag)))
                continue
            kind = CostKind(v.kind)
            if kind in (CostKind.DISCARD, CostKind.REVEAL, CostKind.EXILE_FROM_HAND):
                card = _synth_card(flt, mv, ("Sorcery",), f"a card{with_mv}")
                out.append(Candidate(
                    f"legal with {with_article(describe_filter(flt, 'card'))}{with_mv} in your hand"
                    .replace("mana value X with mana value", "mana value"),
                    "118.3", Change("add_card_to_hand", (("mana_value", mv), *_card_params(card))),
                    _adder_card(card, player, "hand", tag)))
            elif kind is CostKind.EXILE_FROM_GRAVEYARD:
                card = _synth_card(flt, mv, ("Sorcery",), f"a card{with_mv}")
                out.append(Candidate(
                    f"legal with one more {describe_filter(flt, 'card')} in your graveyard",
                    "118.3", Change("add_card_to_graveyard", (("mana_value", mv),
                                                         *_card_params(card))),
                    _adder_card(card, player, "graveyard", tag)))
            else:
                card = _synth_card(flt, mv, ("Creature",), with_article(describe_filter(flt)))
                what = "untapped " if kind is CostKind.TAP_UNTAPPED else ""
                out.append(Candidate(
                    f"legal if you controlled one more {what}"
                    f"{describe_filter(replace(flt, controller=None, another=False))}{with_mv}"
                    .replace("mana value X with mana value", "mana value"),
                    "118.3", Change("add_permanent", (("controller", player),
                                                      ("mana_value", mv),
                                                      *_card_params(card))),
                    _adder_perm(card, player, tag)))
    return out, k


def _resource_changes(act: Activation, rules: set[str], k: int) -> list[Candidate]:
    """More mana, life or counters (CR 601.2g–h, 119.4, 118.3); ``k`` changes are
    already numbered."""
    object_id, player, ab = act.source_id, act.you, act.ab
    obj = act.obj
    name = obj.name
    out: list[Candidate] = []
    if "601.2h" in rules or (ab.mana_cost and rules & {"601.2c"}):
        for t in MANA_TYPES:
            k += 1
            out.append(Candidate(f"legal with one more source of {{{t.value}}}", "601.2h",
                                 Change("add_mana_source", (("mana", t.value),)),
                                 _adder_perm(mana_source(t), player, f"{_FIX_PREFIX}:{k}")))
            out.append(Candidate(f"legal with two more sources of {{{t.value}}}", "601.2h",
                                 Change("add_mana_source", (("mana", t.value), ("number", 2))),
                                 _adder_two(mana_source(t), player, f"{_FIX_PREFIX}:{k}")))
    if "119.4" in rules:
        need = max(c.count for c in ab.costs
                   if c.kind is CostKind.PAY_LIFE and isinstance(c.count, int))
        out.append(Candidate(f"legal with a life total of at least {need}", "119.4",
                             Change("more_life", (("life", need),)),
                             lambda s: s.with_player(replace(s.player(player), life=need))))
    if isinstance(obj, Permanent):
        for c in ab.costs:
            if c.kind is CostKind.REMOVE_COUNTERS and isinstance(c.count, int) \
                    and obj.counters[c.counter] < c.count:
                out.append(Candidate(
                    f"legal if {name} had {c.count} {c.counter} counter(s)", "118.3",
                    Change("more_counters", (("counter", c.counter), ("number", c.count))),
                    _adder_counters(object_id, c.counter, c.count)))
    return out


def _adder_counters(object_id: str, kind: str, n: int) -> Callable[[GameState], GameState]:
    def apply(s: GameState) -> GameState:
        have = s.permanent(object_id).counters
        return _with_perm(s, object_id, counters=have.add(kind, n - have[kind]))
    return apply


def _adder_stack(card: CardDefinition, ctl: str, tag: str) -> Callable[[GameState], GameState]:
    def apply(s: GameState) -> GameState:
        return replace(s, stack=(*s.stack, StackItem(id=tag, controller=ctl, card=card)))
    return apply


def _adder_perm(card: CardDefinition, ctl: str, tag: str) -> Callable[[GameState], GameState]:
    return lambda s: _add_permanent(s, ctl, card, tag)


def _adder_two(card: CardDefinition, ctl: str, tag: str) -> Callable[[GameState], GameState]:
    return lambda s: _add_permanent(_add_permanent(s, ctl, card, tag), ctl, card, tag + "b")


def _adder_card(card: CardDefinition, player: str, zone: str, tag: str
                ) -> Callable[[GameState], GameState]:
    return lambda s: _add_card(s, player, zone, card, tag)


def find_fixes(state: GameState, object_id: str, number: int, player: str,
               reasons: Sequence[Reason]) -> tuple[Fix, ...]:
    """The smallest verified changes that make the activation legal.

    Every single change from :func:`candidate_changes` whose changed state passes the
    legality check; if none does, every pair that does (at most ``PAIR_LIMIT`` pairs
    tried). Empty when nothing in the set helps.
    """
    cands = candidate_changes(state, object_id, number, player, reasons)

    def legal(cs: Sequence[Candidate]) -> bool:
        s = state
        who = player
        for c in cs:
            s = c.apply(s)
            if c.change.kind == "activate_as":
                who = str(dict(c.change.params)["player"])
        return is_legal(s, object_id, number, who)

    # "Two more sources" counts as a pair: it is only tried after the singles.
    doubles = [c for c in cands if dict(c.change.params).get("number") == 2]
    cands = [c for c in cands if c not in doubles]
    singles = tuple(Fix(c.description, c.rule, (c.change,)) for c in cands if legal([c]))
    if singles:
        return _dedupe(singles)
    pairs: list[Fix] = [Fix(c.description, c.rule, (c.change,)) for c in doubles
                        if legal([c])]
    # A pair is only worth re-checking if it answers every failing rule: each change
    # answers the rule it was made for (a joint reason, 601.2c or 601.2h, is answered
    # by a change to either of its parts).
    needed = {r.rule for r in reasons}
    joint = {"601.2c", "601.2h", "118.3"}
    tried = 0
    for a, b in itertools.combinations(cands, 2):
        answered = {a.rule, b.rule}
        if answered & joint:
            answered |= joint
        if not needed <= answered:
            continue
        tried += 1
        if tried > PAIR_LIMIT:
            break
        if legal([a, b]):
            second = b.description.removeprefix("legal ").removeprefix("if ")
            name = state.get(object_id).name
            if name in a.description and second.startswith(name):
                second = "it" + second[len(name):]
            pairs.append(Fix(f"{a.description} and {second}",
                             f"{a.rule}, {b.rule}", (a.change, b.change)))
    return _dedupe(tuple(pairs))


def _dedupe(fixes: tuple[Fix, ...]) -> tuple[Fix, ...]:
    seen: set[str] = set()
    out: list[Fix] = []
    for f in fixes:
        if f.description not in seen:
            seen.add(f.description)
            out.append(f)
    return _collapse_mana(tuple(out))


_NUMBER_WORDS = {1: "one", 2: "two"}


def _added_mana(fix: Fix) -> tuple[str, ...] | None:
    """The mana types of the sources a fix adds, sorted, if that is all it does."""
    types: list[str] = []
    for c in fix.changes:
        if c.kind != "add_mana_source":
            return None
        params = dict(c.params)
        types += [str(params["mana"])] * int(str(params.get("number", 1)))
    return tuple(sorted(types))


def _collapse_mana(fixes: tuple[Fix, ...]) -> tuple[Fix, ...]:
    """Fixes that only add mana sources and differ only in interchangeable types are one
    fix: when every combination of N sources over a set of types works, "N more mana
    sources of any of these types" (the first such fix's changes stand for them)."""
    by_n: dict[int, list[tuple[Fix, tuple[str, ...]]]] = {}
    for f in fixes:
        added = _added_mana(f)
        if added is not None:
            by_n.setdefault(len(added), []).append((f, added))
    merged: dict[int, Fix] = {}
    for n, group in by_n.items():
        types = sorted({t for _, added in group for t in added},
                       key=lambda t: "WUBRGC".index(t) if t in "WUBRGC" else 9)
        every = {tuple(sorted(c)) for c in itertools.combinations_with_replacement(types, n)}
        if len(types) > 1 and {added for _, added in group} == every:
            first = group[0][0]
            kinds = ", ".join(f"{{{t}}}" for t in types)
            merged[n] = Fix(f"legal with {_NUMBER_WORDS.get(n, str(n))} more mana "
                            f"source{'s' if n > 1 else ''} of any of {kinds} (each works "
                            "the same here)", "601.2h", first.changes)
    out: list[Fix] = []
    done: set[int] = set()
    for f in fixes:
        added = _added_mana(f)
        if added is not None and len(added) in merged:
            if len(added) not in done:
                done.add(len(added))
                out.append(merged[len(added)])
            continue
        out.append(f)
    return tuple(out)
