"""Why an activation is illegal: every failing requirement, each with its rule number.

The *fixed* reasons don't depend on the choices (who, priority, where, when, {T}/{Q},
summoning sickness, life, counters, the ability's condition); the *choice* reasons
look at each target and cost part on its own, then at the mana cost on its own; the
*joint* reason says that every part can be paid alone but no single choice pays them
all. Every :class:`~.verdict.Reason` carries the rule it comes from.

Rules
-----
CR 602.2: only an object's controller (or owner) may activate its abilities.
CR 117.1b, 117.3a, 514.3: priority (who holds it; nobody in the untap step or an
uneventful cleanup step); CR 605.3a: mana abilities are exempt. CR 113.6: the zone an
ability works from. CR 602.5d, 307.1: "activate only as a sorcery". CR 606.3: loyalty
abilities. CR 602.5b: "activate only once each turn". CR 107.5 / 107.6: {T} needs the
permanent untapped, {Q} tapped. CR 302.6: summoning sickness. CR 119.4: paying life.
CR 118.3: a cost needs the resources (counters, candidates). CR 602.1b: "activate
only if". CR 601.2c: a target needs a legal choice. CR 601.2h: the mana cost.
"""

from __future__ import annotations

from dataclasses import replace as dataclass_replace

from manacheck.model import CostKind, Counters, ObjectFilter, Permanent, Phase, Zone, effective
from manacheck.model.abilities import Params
from manacheck.model.characteristics import (
    activation_prohibited_by,
    named_activation_ban,
    tap_abilities_blocked,
)
from manacheck.model.conditions import condition_holds, total_power
from manacheck.model.placing import place_counters

from .core import Activation, Var
from .lookup import activated_abilities
from .problem import Problem
from .verdict import Reason
from .words import describe_filter

__all__ = ["choice_reasons", "fixed_reasons", "joint_reason", "only_while_paying",
           "var_reasons"]


# ---------------------------------------------------------------------------------------
# Requirements that don't depend on the choices
# ---------------------------------------------------------------------------------------


def fixed_reasons(act: Activation) -> list[Reason]:
    """Who, where, when, {T}/{Q}, summoning sickness, life and counters."""
    reasons = _controller_reasons(act)
    reasons.extend(_priority_reasons(act))
    reasons.extend(_zone_reasons(act))
    reasons.extend(_timing_reasons(act))
    reasons.extend(_status_reasons(act))
    reasons.extend(_resource_reasons(act))
    if act.ab.condition is not None:
        reasons.extend(_condition_reasons(act))
    return reasons


def _controller_reasons(act: Activation) -> list[Reason]:
    """CR 602.2: only the controller of a permanent (the owner of a card) activates it."""
    controller = act.controller()
    if act.you == controller or (act.ab.any_player and act.is_permanent):
        return []  # "Any player may activate this ability" (CR 602.2)
    return [Reason("602.2", f"{act.you} can't activate it: only its "
                            f"{'controller' if act.is_permanent else 'owner'} "
                            f"{controller} may activate {act.obj.name}'s abilities")]


def _priority_reasons(act: Activation) -> list[Reason]:
    """CR 117.1b: an ability is activated by a player holding priority. Nobody gets
    it in the untap step (117.3a) or, unless something triggers or a state-based
    action happens, in the cleanup step (514.3, 514.3a: an empty stack there means
    nothing did). A mana ability may also be activated while a cost is being paid
    (605.3a), so none of this stops one -- unless it says "Activate only as an instant"
    (602.5e): then it follows the timing rules for casting an instant, which needs
    priority (117.1a), even though it is a mana ability (605.1)."""
    if act.ab.is_mana_ability and act.ab.timing != "as_instant":
        return []
    out = _without_priority(act)
    if out and act.ab.is_mana_ability:
        # CR 602.5e: "Activate only as an instant" needs priority, as an instant does.
        out = [Reason("602.5e", "activate only as an instant: it follows the timing rules "
                                "for casting an instant, which need priority (CR 117.1a), "
                                "so it isn't activated while paying a cost either; "
                                + r.message) for r in out]
    return out


def only_while_paying(act: Activation) -> str:
    """For a mana ability the player could activate now only because it is a mana
    ability: why they don't hold priority, with "only while paying a cost" (CR 605.3a,
    117.1d); "" when they hold priority."""
    if not act.ab.is_mana_ability or act.ab.timing == "as_instant":
        return ""
    why = _without_priority(act)
    if not why:
        return ""
    return ("only while paying a cost (CR 605.3a, 117.1d: a mana ability may be "
            "activated without priority only to pay a cost): "
            + "; ".join(r.message for r in why))


def _without_priority(act: Activation) -> list[Reason]:
    """Why the player doesn't hold priority now (CR 117.1b, 117.3a, 514.3)."""
    st = act.state
    out: list[Reason] = []
    if st.turn.phase is Phase.UNTAP:
        out.append(Reason("117.3a", "no player receives priority during the untap "
                                    "step, so no ability can be activated then"))
    elif st.turn.phase is Phase.CLEANUP and not st.stack:
        out.append(Reason("514.3", "players receive no priority in the cleanup step "
                                   "unless a state-based action or a trigger happens "
                                   "(the stack is empty)"))
    for item in st.stack:
        if item.card is not None and not act.ab.is_mana_ability and any(
                k.strip().lower() == "split second" for k in item.card.keywords):
            out.append(Reason("702.61a", f"{item.id} has split second: while it is on the "
                                         "stack, players can't activate abilities that "
                                         "aren't mana abilities"))
    holder = st.turn.priority
    if holder is not None and holder != act.you:
        out.append(Reason("117.1b", f"{act.you} doesn't hold priority ({holder} does); "
                                    f"a player activates an ability only when they "
                                    f"hold priority"))
    return out


def _zone_reasons(act: Activation) -> list[Reason]:
    """CR 113.6: the ability works only from the zone it says (the battlefield unless
    it says otherwise)."""
    if act.ab.zone is act.zone:
        return []
    return [Reason("113.6", f"this ability works only from the {act.ab.zone.value}, "
                            f"and {act.obj.name} is in the {act.zone.value}")]


def _timing_reasons(act: Activation) -> list[Reason]:
    """CR 602.5d (sorcery speed), 606.3 (loyalty abilities), 602.5b (once each turn)."""
    st = act.state
    ab = act.ab
    name = act.obj.name
    reasons: list[Reason] = []
    if ab.timing == "sorcery":
        problems = []
        if st.turn.active_player != act.you:
            problems.append(f"it is {st.turn.active_player}'s turn")
        if not st.turn.phase.is_main:
            problems.append(f"it is the {st.turn.phase.value.replace('_', ' ')} step")
        if st.stack:
            problems.append(f"the stack has {len(st.stack)} object(s)")
        if problems:
            reasons.append(Reason("602.5d", "activate only as a sorcery: needs your main "
                                            "phase and an empty stack, but "
                                  + " and ".join(problems)))
    if ab.loyalty:
        # CR 606.3: main phase of your turn, empty stack, and no loyalty ability of
        # this permanent activated yet this turn.
        acts = activated_abilities(st, act.source_id)
        if ab.timing != "sorcery" and (st.turn.active_player != act.you
                                       or not st.turn.phase.is_main or st.stack):
            reasons.append(Reason("606.3", "a loyalty ability needs your main phase and "
                                           "an empty stack"))
        if any(o == act.source_id and 1 <= n <= len(acts) and acts[n - 1].loyalty
               for o, n in st.activated_this_turn):
            reasons.append(Reason("606.3", f"a loyalty ability of {name} was already "
                                           f"activated this turn"))
    if ab.once_each_turn and (act.source_id, act.number) in st.activated_this_turn:
        reasons.append(Reason("602.5b", "activate only once each turn: already activated "
                                        "this turn"))
    if ab.per_turn and ab.activations_left(st.activated_this_turn, act.source_id,
                                           act.number) == 0:
        reasons.append(Reason("602.5b", f"activate no more than {ab.per_turn} times each "
                                        f"turn: already activated {ab.per_turn} times "
                                        "this turn"))
    return reasons


def _status_reasons(act: Activation) -> list[Reason]:
    """CR 107.5 / 107.6: {T} needs the permanent untapped, {Q} tapped; CR 302.6: a
    creature's {T}/{Q} abilities need it under its controller's control since their
    most recent turn began, or haste; CR 602.5: no static forbids activating them
    (Null Rod; a mana ability too, 605.1a)."""
    ab = act.ab
    perm = act.obj if isinstance(act.obj, Permanent) else None
    if perm is None or ab.zone is not Zone.BATTLEFIELD:
        # A card's ability in its hand or graveyard (cycling, unearth): only a
        # prohibition that names it reaches it there (Pithing Needle's ruling).
        named = named_activation_ban(act.state, act.obj.name, ab.is_mana_ability)
        return [] if named is None else [Reason(
            "602.5", f"{named.name}'s static ability forbids activating the activated "
                     f"abilities of sources named {act.obj.name}, in every zone")]
    name = act.obj.name
    reasons: list[Reason] = []
    if ab.tap and perm.tapped:
        reasons.append(Reason("107.5", f"{name} is tapped, so it can't be tapped to "
                                       f"pay {{T}}"))
    if ab.untap and not perm.tapped:
        reasons.append(Reason("107.6", f"{name} is untapped, so it can't be untapped "
                                       f"to pay {{Q}}"))
    ban = activation_prohibited_by(act.state, perm, ab.is_mana_ability)
    if ban is not None:
        reasons.append(Reason("602.5", f"{ban.name}'s static ability forbids activating "
                                       f"{name}'s activated abilities"))
    if (ab.tap or ab.untap) and tap_abilities_blocked(act.state, perm):
        sym = "{T}" if ab.tap else "{Q}"
        reasons.append(Reason("302.6", f"{name} is a creature that hasn't been under "
                                       f"{perm.controller}'s control since their most "
                                       f"recent turn began and has no haste, so its "
                                       f"{sym} abilities can't be activated"))
    return reasons


def _resource_reasons(act: Activation) -> list[Reason]:
    """CR 119.4: paying life needs a life total at least the amount (0 is always
    payable, 119.4b); CR 107.14: paying {E} needs an energy counter for each; CR 118.3:
    removing counters needs them, and putting counters needs a permanent that can have
    them put on it (Tatterkite ruling 2008-05-01: "You can't pay a cost that includes
    putting a counter on Tatterkite"; Blightbeetle ruling 2019-07-12: such a cost "can't
    be paid")."""
    perm = act.obj if isinstance(act.obj, Permanent) else None
    name = act.obj.name
    reasons: list[Reason] = []
    life = act.state.player(act.you).life
    energy = act.state.player(act.you).energy
    library = act.state.player(act.you).library_size
    in_hand = sum(1 for c in act.state.player(act.you).hand if c.id != act.source_id)
    for part in act.ab.costs:
        if part.kind is CostKind.DISCARD_RANDOM and in_hand < int(part.count):
            reasons.append(Reason("118.3", f"can't discard {part.count} card(s) at random "
                                           f"with {in_hand} other card(s) in hand"))
        if part.kind is CostKind.MILL and library < int(part.count):
            reasons.append(Reason("701.17b", f"can't mill {part.count} card(s) with "
                                             f"{library} card(s) in your library"))
        if part.kind is CostKind.EXERT_SELF and not isinstance(act.obj, Permanent):
            reasons.append(Reason("701.43c", f"{name} isn't on the battlefield, so it "
                                             "can't be exerted"))
        if part.kind is CostKind.PAY_ENERGY and energy < int(part.count):
            reasons.append(Reason("107.14", f"can't pay {'{E}' * int(part.count)} with "
                                            f"{energy} energy"))
        if part.kind is CostKind.PAY_LIFE and isinstance(part.count, int) \
                and part.count > 0 and life < part.count:
            reasons.append(Reason("119.4", f"can't pay {part.count} life with a life total "
                                           f"of {life}"))
        if part.kind is CostKind.REMOVE_COUNTERS and isinstance(part.count, int):
            have = perm.counters[part.counter] if perm is not None else 0
            if have < part.count:
                reasons.append(Reason("118.3", f"{name} has {have} {part.counter} "
                                               f"counter(s); the cost removes "
                                               f"{part.count}"))
        if part.kind is CostKind.ADD_COUNTERS and perm is not None \
                and perm.id in act.state and act.state.zone_of(perm.id) == "battlefield":
            # (A count of X: X=0 puts none, so only a fixed count is checked here.)
            n = part.count if isinstance(part.count, int) else 0
            placing = place_counters(act.state, perm.id, Counters.of({part.counter: n}),
                                     by_effect=False)
            if n > 0 and not placing.put[part.counter]:
                reasons.append(Reason("118.3", f"{name} can't have {part.counter} counters "
                                               "put on it, so a cost that puts them "
                                               "can't be paid"))
    return reasons


#: Why a condition doesn't hold, by kind: (rule, words with {n}, {seen}, {turn}, {name}).
_CONDITION_WORDS = {
    "graveyard_at_least": ("602.1b", "activate only if {n} or more cards are in your "
                                     "graveyard (there are {seen})"),
    "your_upkeep": ("602.1b", "activate only during your upkeep ({turn})"),
    "during_combat": ("602.1b", "activate only during combat ({turn}; CR 506.1)"),
    "opponents_turn": ("602.1b", "activate only during an opponent's turn ({turn})"),
    "source_attacking": ("602.1b", "activate only if {name} is attacking (it isn't; CR "
                                   "506.4)"),
    "total_power_at_least": ("602.1b", "activate only if creatures you control have total "
                                       "power {n} or greater (they have {seen})"),
    "graveyard_card_types_at_least": ("602.1b", "activate only if there are {n} or more "
                                                "card types among cards in your graveyard "
                                                "(there are {seen}; CR 205.2a)"),
    "different_powers_at_least": ("602.1b", "activate only if you control {n} or more "
                                            "creatures with different powers (you control "
                                            "{seen} different)"),
    "source_attacked_this_turn": ("702.142a", "boast: activate only if {name} attacked "
                                              "this turn (it didn't)"),
    "declare_blockers_step": ("602.1b", "activate only during the declare blockers step "
                                        "({turn}; CR 509)"),
}
#: ``your_turn`` with ``before``, by the step named.
_BEFORE_WORDS = {
    "end": "activate only during your turn, before the end step ({turn})",
    "declare_attackers": "activate only during your turn, before attackers are declared "
                         "({turn}; CR 508.1)",
}


def _condition_reasons(act: Activation) -> list[Reason]:
    """CR 602.1b, 602.5: the ability's "activate only if" condition
    (:func:`manacheck.model.conditions.condition_holds`)."""
    cond = act.ab.condition
    assert cond is not None
    got = condition_holds(act.state, cond, act.you, act.source_id)
    if got is None:
        return []  # not modelled: the verdict is not decided (check.py says so)
    holds, seen = got
    if holds:
        return []
    n = cond.params.int("count")
    amount = cond.params.get("amount")
    if cond.kind == "fewer_than" and isinstance(amount, Params) \
            and amount.get("cards") == "hand":
        return [Reason("602.1b", f"activate only if you have fewer than {n} cards in "
                                 f"hand (you have {seen})")]
    if cond.kind == "at_least" and isinstance(amount, Params) and "counters" in amount:
        return [Reason("602.1b", f"activate only if there are {n} or more "
                                 f"{amount.str('counters')} counters on {act.obj.name} "
                                 f"(there are {seen})")]
    if cond.kind == "controls_at_least":
        flt = cond.params.get("filter")
        base = flt if isinstance(flt, ObjectFilter) else ObjectFilter()
        # "you control" is the sentence's own: describe the objects without it.
        what = describe_filter(dataclass_replace(base, controller=None))
        qualified = any(q in what for q in (" that isn't ", " named ", " with mana value "))
        objects = f"{what}s" if not qualified else f"permanents of this kind: {what}"
        return [Reason("602.1b", f"activate only if you control {n} or more {objects} "
                                 f"(you control {seen})")]
    phase = act.state.turn.phase.value.replace("_", " ")
    turn = f"it is {act.state.turn.active_player}'s turn, {phase} step"
    before = cond.params.str("before") if cond.kind == "your_turn" else ""
    if before in _BEFORE_WORDS:
        return [Reason("602.1b", _BEFORE_WORDS[before].format(turn=turn))]
    template = _CONDITION_WORDS.get(cond.kind)
    if template is not None:
        rule, words = template
        return [Reason(rule, words.format(n=n, seen=seen, turn=turn, name=act.obj.name,
                                          counter=cond.params.str("counter")))]
    return [Reason("602.1b", "activate only during your turn")]


# ---------------------------------------------------------------------------------------
# Requirements of the choices
# ---------------------------------------------------------------------------------------


def choice_reasons(problem: Problem) -> list[Reason]:
    """Each target and cost part on its own, then the mana cost on its own."""
    return var_reasons(problem) + _mana_reasons(problem)


def _total_power_reason(problem: Problem, v: Var) -> list[Reason]:
    """Crew N (CR 702.122a): the candidates' total power falls short of N (their
    positive powers: a creature with negative power needn't be tapped)."""
    state = problem.act.state
    total = total_power(state, [c for c in v.candidates
                                if (effective(state)[c].power or 0) > 0])
    if total >= int(v.count):
        return []
    return [Reason("702.122a", f"can't pay '{v.label}': the untapped creatures that could "
                               f"be tapped have total power {total}")]


def var_reasons(problem: Problem) -> list[Reason]:
    """Each target and object-choosing cost part on its own (CR 601.2c, 118.3)."""
    reasons: list[Reason] = []
    for v in problem.vars:
        if v.kind == CostKind.TAP_TOTAL_POWER.value:
            reasons.extend(_total_power_reason(problem, v))
            continue
        need = v.count if isinstance(v.count, int) and not v.up_to else 0
        if len(v.candidates) >= need:
            continue
        if v.kind == "target":
            spec = problem.act.ab.targets[v.index]
            where = {"stack": "on the stack", "graveyard": "in a graveyard"}.get(
                spec.zone, "")
            shielded = problem.untargetable.get(spec, ())
            detail = "; ".join(f"{oid} has {kw} (CR {rule})"
                               for oid, rule, kw in shielded[:5])
            if len(shielded) > 5:
                detail += f"; and {len(shielded) - 5} more"
            reasons.append(Reason("601.2c", f"no legal choice for {v.label}"
                                  + (f" (nothing {where} qualifies)" if where else "")
                                  + (f" ({detail})" if detail else "")))
        else:
            reasons.append(Reason("118.3", f"can't pay '{v.label}': "
                                           f"{len(v.candidates)} candidate(s), "
                                           f"{need} needed"))
    return reasons


def _mana_reasons(problem: Problem) -> list[Reason]:
    """The mana cost on its own (CR 601.2h)."""
    reasons: list[Reason] = []
    cost = problem.act.ab.mana_cost
    payer = problem.payer
    if cost:
        dom = problem.x_domain() if problem.uses_x else (0,)
        x0 = dom[0] if dom else 0
        if not payer.payable(x0):
            extra = payer.unpayable_text(x0)
            text = cost.with_x(x0).text if cost.has_variable else cost.text
            total = payer.total(x0)
            if total.changes:  # CR 602.2b, 601.2f: the total cost is what is paid
                text = (f"{text}, total cost {total.cost.text or '{0}'} "
                        f"({'; '.join(total.changes)}),")
            # The payment solver's reasons carry their own "(CR ...)": after a colon,
            # not inside another pair of brackets.
            reasons.append(Reason("601.2h", f"the mana cost {text} can't be paid"
                                  + (" with " + problem.act.obj.name + " itself spoken for"
                                     if payer.base_uses.hard else "")
                                  + (f": {extra}" if extra else "")))
    return reasons


def joint_reason(problem: Problem) -> Reason:
    """Every part is payable alone, but no choice pays them all at once."""
    parts = [v.label for v in problem.vars]
    cost = problem.act.ab.mana_cost
    if cost:
        parts.append(f"the mana cost {cost.text}")
    shared = [v.label for v in problem.x_vars]
    if len(shared) >= 2:
        return Reason("601.2c" if any(v.kind == "target" for v in problem.x_vars)
                      else "601.2h",
                      "no value of X fits every part at once: "
                      + " and ".join(shared)
                      + " must all have the same mana value X")
    return Reason("601.2h", "each part of the cost is payable alone, but no single "
                            "choice pays all of them: " + "; ".join(parts))
