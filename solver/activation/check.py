"""The legality check: one activation's verdict, every reason, witness and ways, no fixes.

:func:`check` is :func:`~manacheck.solver.activation.can_activate` without the search
for fixes; :func:`is_legal` is its yes/no, the re-check every fix must pass
(:mod:`.fixes`). Keeping it below the fixes is what lets them re-run it.

Rules
-----
CR 602.2, 602.5, 605.3a, 107.5, 107.6, 302.6, 113.6, 117.1b, 117.3a, 514.3, 606.3,
119.4, 118.3, 602.1b (the fixed reasons, :mod:`.reasons`); CR 601.2c–h, 115 (the
choices and the mana cost). CR 601.2h: a mana cost that isn't shown payable without
sources the payment solver can't model is *not decided*, never a guessed "no".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from manacheck.model import ActivatedAbility, CostKind, GameState, ManaCost, ObjectFilter, Zone
from manacheck.model.conditions import CONDITION_KINDS, POWER_CONDITIONS, condition_holds
from manacheck.model.effects import Family

from ..costs import ability_total_cost
from ..notdecided import NotDecided
from ..payments.answer import ABILITY_COST_KIND, unapplied_for_payment
from ..settle import BeforePriority, before_priority
from ..soundness import (
    ACTIVATION,
    ACTIVATION_PT,
    PAYMENT,
    UNREAD,
    Undecided,
    merge_reasons,
    unapplied,
)
from .branches import BranchShape, branch_shape, renamed, sees_moved
from .core import Activation
from .limits import WAYS_LIMIT
from .lookup import default_player, resolve_ability, unread_asked
from .problem import Problem
from .reasons import (
    choice_reasons,
    fixed_reasons,
    joint_reason,
    only_while_paying,
    var_reasons,
)
from .search import search
from .verdict import Reason, Verdict, Witness
from .words import ability_text

__all__ = ["budget_words", "check", "is_legal", "unapplied_for_activation"]


def _unread_verdict(state: GameState, object_id: str, ability: int | None,
                    player: str | None, text: str) -> Verdict:
    """Not decided: the ability asked about may be text manacheck doesn't read."""
    you = player if player is not None else default_player(state, object_id)
    state.player(you)  # UnknownObject for an unknown player
    u = Undecided(object_id, state.get(object_id).name, text,
                  "manacheck doesn't read this text, and it may be the activated ability "
                  "asked about (CR 602.1a): its cost, timing and restrictions are unknown",
                  UNREAD)
    return Verdict(object_id=object_id, ability=ability or 1, player=you, legal=None,
                   text=text, unapplied=(u,), undecided=undecided_text((u,)))


def check(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    count_ways: bool = True,
    ways_limit: int = WAYS_LIMIT,
) -> Verdict:
    """Whether ``player`` may activate the object's ability now, with every reason, a
    witness and the ways, but no fixes (see
    :func:`~manacheck.solver.activation.can_activate` for the parameters)."""
    unread = unread_asked(state, object_id, ability)
    if unread is not None:
        return _unread_verdict(state, object_id, ability, player, unread)
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)  # UnknownObject for an unknown player
    before = before_priority(state)  # CR 117.5: pending state-based actions first
    if before.undecided or before.changed:
        return _after_state_based(before, state, object_id, number, you,
                                  count_ways=count_ways, ways_limit=ways_limit)
    unapplied_effects = _unapplied_effects(state, object_id, ab, you)
    base = ab.mana_cost.mana_only
    total = ability_total_cost(state, object_id, ab,
                               base.with_x(0) if base.has_variable else base, you)
    unapplied_effects += tuple(Undecided("", "", "the total cost", why, "cost")
                               for why in total.unread)
    if "Y" in ab.mana_cost.variables:
        # CR 107.3p: Y is a variable of its own, which can-activate doesn't choose.
        unapplied_effects += (Undecided(object_id, object_id, ab.text or ab.cost_text,
                                        "its cost has {Y}, a variable of its own (CR "
                                        "107.3p), which can-activate doesn't choose", "Y"),)
    if ab.condition is not None and condition_holds(state, ab.condition, you,
                                                    object_id) is None:
        # CR 602.5: an "activate only if" condition manacheck doesn't model.
        unapplied_effects += (Undecided(object_id, object_id, ab.text or ab.cost_text,
                                        f"its condition '{ab.condition.kind}' isn't "
                                        "modelled by can-activate (CR 602.5; modelled: "
                                        + ", ".join(CONDITION_KINDS) + ")", "condition"),)
    unapplied_effects += _random_discard_undecided(state, object_id, ab, you)
    if unapplied_effects:
        # Soundness: an effect this question doesn't apply could change the verdict,
        # unless a failing requirement stands whatever it does.
        certain = _stands_anyway(state, object_id, ab, unapplied_effects)
        if certain:
            return Verdict(object_id=object_id, ability=number, player=you, legal=False,
                           ways=0, text=ability_text(ab), reasons=certain)
        return Verdict(object_id=object_id, ability=number, player=you, legal=False,
                       ways=0, text=ability_text(ab), unapplied=unapplied_effects,
                       undecided=undecided_text(unapplied_effects))
    try:
        return _decide(state, object_id, number, ab, you, count_ways, ways_limit)
    except NotDecided as e:
        # A search limit (the replacement effects' budget, CR 616.1; the payment
        # solver's; the activation's own choices) is not bad input: the verdict is not
        # decided, and says which limit and where.
        return Verdict(object_id=object_id, ability=number, player=you, legal=None,
                       ways=0, text=ability_text(ab),
                       undecided=budget_words(e))


def _decide(state: GameState, object_id: str, number: int, ab: ActivatedAbility, you: str,
            count_ways: bool, ways_limit: int) -> Verdict:
    """The verdict once nothing unapplied stands in the way (see :func:`check`)."""
    act = Activation(state, object_id, number, ab, you)
    problem = Problem(act)
    reasons = fixed_reasons(act)
    decided = bool(reasons) or bool(var_reasons(problem))
    choice = choice_reasons(problem)
    reasons.extend(choice)
    witness: Witness | None = None
    n_ways = 0
    complete = True
    if not choice:
        # One pass over the solutions: the first payable one is the witness; with
        # count_ways (and nothing else failing) the rest are counted.
        witness, n_ways, complete = search(problem, count_ways and not reasons, ways_limit)
        if witness is None:
            reasons.append(joint_reason(problem))
    legal = not reasons and witness is not None
    if legal and not count_ways:
        n_ways, complete = 1, False
    if legal and problem.left_out:
        complete = False  # payments using the sources left out aren't counted
    if not legal:
        n_ways, complete = 0, True
    # Only the mana cost failed, and the payment solver left out sources it can't model
    # (one of them might pay it): not decided, never a guessed "no".
    undecided = ""
    if not legal and not decided and problem.left_out:
        undecided = ("no way was found to pay the mana cost without "
                     + ", ".join(sorted(problem.left_out))
                     + ", which the payment solver can't model; one of them might pay it")
    return Verdict(object_id=object_id, ability=number, player=you, legal=legal,
                   reasons=tuple(reasons), witness=witness if legal else None,
                   ways=n_ways if legal else 0, ways_complete=complete,
                   text=ability_text(ab), undecided=undecided,
                   left_out=tuple(sorted(problem.left_out)),
                   only_while_paying=only_while_paying(act) if legal else "")


def _after_state_based(before: BeforePriority, state: GameState, object_id: str,
                       number: int, you: str, *, count_ways: bool, ways_limit: int
                       ) -> Verdict:
    """:func:`check` of the state(s) after pending state-based actions (CR 117.5): one
    verdict if every branch gives it, else not decided with each (CR 704.5j)."""
    ab = resolve_ability(state, object_id, number)[1]
    text = ability_text(ab)
    if before.undecided:
        # Each effect once: what this activation reads of it when it reads any, else how
        # it could make a state-based action pending (CR 117.5, 704.3).
        found = merge_reasons(before.undecided,
                              _unapplied_effects(state, object_id, ab, you), you)
        certain = _stands_anyway(state, object_id, ab, found)
        if certain:  # (no state-based action untaps a permanent either: CR 704.5)
            return Verdict(object_id=object_id, ability=number, player=you, legal=False,
                           text=text, reasons=certain)
        return Verdict(object_id=object_id, ability=number, player=you, legal=False,
                       text=text, unapplied=found, undecided=undecided_text(found))
    shape = branch_shape(state, before)
    first_state = before.branches[0].state
    if shape is not None and object_id not in shape.moved and object_id in first_state \
            and first_state.zone_of(object_id) == state.zone_of(object_id) \
            and not sees_moved(shape, before, object_id,
                               resolve_ability(first_state, object_id, number)[1], you):
        # The branches differ only in objects this verdict doesn't read: the same in
        # every branch, solved once (CR 704.5j's choice can't change it).
        return _same_for_every_choice(
            _in_branch(before, 0, state, object_id, number, you, count_ways, ways_limit),
            before)
    ask = _BranchQuestion(before, shape, state, object_id, number, you, count_ways,
                          ways_limit)
    if shape is not None and object_id not in shape.moved:
        # Interchangeable branches give the same verdict: when one of each set agrees,
        # every branch does.
        reps = [ask.one(i) for i in shape.representatives]
        if _agree(reps):
            return _same_for_every_choice(reps[0], before)
    verdicts = ask.every_branch()
    if _agree([v for _, v in verdicts]):
        return _same_for_every_choice(verdicts[0][1], before)
    why = "; ".join(f"{c}: {'legal' if v.legal else 'not legal'}" for c, v in verdicts)
    return Verdict(object_id=object_id, ability=number, player=you, legal=False, text=text,
                   undecided="it depends on a choice the game asks for before priority "
                             "(CR 704.5j): " + why,
                   by_choice=tuple(verdicts))


def _agree(verdicts: list[Verdict]) -> bool:
    """Whether the verdicts say the same: legal or not, as many ways, decided or not."""
    first = verdicts[0]
    return all((v.legal, v.ways, bool(v.undecided)) == (first.legal, first.ways,
                                                        bool(first.undecided))
               for v in verdicts[1:])


def _same_for_every_choice(first: Verdict, before: BeforePriority) -> Verdict:
    """The first branch's verdict (its state-based actions said) as the answer for all."""
    if len(before.branches) == 1:
        return first
    return replace(first, state_based=(*first.state_based,
                                       "the verdict is the same for every other choice"))


def _in_branch(before: BeforePriority, index: int, state: GameState, object_id: str,
               number: int, you: str, count_ways: bool, ways_limit: int) -> Verdict:
    """The verdict in one branch, its state-based actions said (cached on its state:
    the branch is settled, so this is :func:`check` of it)."""
    branch = before.branches[index]
    st = branch.state
    memo: dict[tuple[str, int, str, bool, int], Verdict] = st.__dict__.setdefault(
        "_activation_branch_checks", {})
    key = (object_id, number, you, count_ways, ways_limit)
    hit = memo.get(key)
    if hit is None:
        if state.zone_of(object_id) == "battlefield" and (
                object_id not in st or st.zone_of(object_id) != "battlefield"):
            text = ability_text(resolve_ability(state, object_id, number)[1])
            hit = Verdict(object_id=object_id, ability=number, player=you, legal=False,
                          text=text, reasons=(Reason("704.3", f"{object_id} left the "
                                                     "battlefield through a state-based "
                                                     "action before any player could act "
                                                     "(CR 117.5)"),))
        else:
            hit = check(st, object_id, number, you, count_ways=count_ways,
                        ways_limit=ways_limit)
        hit = replace(hit, state_based=branch.performed)
        memo[key] = hit
    return hit


@dataclass(frozen=True, slots=True)
class _BranchQuestion:
    """One activation asked of every branch: solved in one branch of each set of
    interchangeable ones (:class:`.branches.BranchShape`) and carried over to the
    others with the kept objects exchanged (solved there when it can't be)."""

    before: BeforePriority
    shape: BranchShape | None
    state: GameState
    object_id: str
    number: int
    you: str
    count_ways: bool
    ways_limit: int

    def solve(self, index: int, object_id: str | None = None) -> Verdict:
        return _in_branch(self.before, index, self.state, object_id or self.object_id,
                          self.number, self.you, self.count_ways, self.ways_limit)

    def one(self, index: int) -> Verdict:
        """The verdict in branch ``index``."""
        shape = self.shape
        if shape is None or shape.rep[index] == index:
            return self.solve(index)
        st = self.before.branches[index].state
        if self.object_id in shape.moved and (
                self.object_id not in st or st.zone_of(self.object_id) != "battlefield"):
            return self.solve(index)  # it left the battlefield here: nothing to solve
        theirs = self.solve(shape.rep[index], shape.counterpart(index, self.object_id))
        carried = renamed(theirs, shape.pairs[index], self.object_id)
        if carried is None:
            return self.solve(index)
        return replace(carried, state_based=self.before.branches[index].performed)

    def every_branch(self) -> list[tuple[str, Verdict]]:
        """(the choice, the verdict) for each branch."""
        branches = self.before.branches
        return [(b.choice_text, self.one(i)) for i, b in enumerate(branches)]


def _unapplied_effects(state: GameState, object_id: str, ab: ActivatedAbility, you: str
                       ) -> tuple[Undecided, ...]:
    """The effects on the board this activation reads and doesn't apply."""
    found = unapplied_for_activation(state, object_id, you, ab.mana_cost.mana_only)
    if ab.is_mana_ability:
        # "... can't be activated unless they're mana abilities" (Pithing Needle) can't
        # touch a mana ability (CR 605.3a), nor the mana abilities paying for it
        found = tuple(u for u in found if not u.families
                      or set(u.families) - {Family.NONMANA_ACTIVATION})
    if _reads_power(ab):
        # (power and toughness read too: each effect with every family it touches)
        wider = {u.effect: u for u in unapplied(state, ACTIVATION_PT, [object_id])}
        seen = {u.effect for u in found}
        found = tuple(wider.get(u.effect, u) for u in found) + tuple(
            u for e, u in wider.items() if e not in seen)
    return found


def _stands_anyway(state: GameState, object_id: str, ab: ActivatedAbility,
                   found: tuple[Undecided, ...]) -> tuple[Reason, ...]:
    """The failing requirements that no effect in ``found`` could lift, each with why:
    a tapped permanent can't be tapped to pay {T} (CR 107.5, 118.3).

    Being tapped is a status, not a characteristic (CR 110.5a): no continuous effect,
    whatever families it touches, changes it, and a permanent stays tapped until a
    spell, ability or turn-based action untaps it (CR 110.5c). Before this cost is
    paid, the only abilities that can happen are mana abilities (CR 601.2g, 602.2b),
    and none untaps a permanent (no card's mana ability does); state-based actions and
    triggered abilities come only after (CR 117.5). So the answer is "no" with that
    reason, whatever the effects left unapplied do."""
    if not ab.tap or ab.zone is not Zone.BATTLEFIELD or object_id not in state \
            or state.zone_of(object_id) != "battlefield":
        return ()
    perm = state.permanent(object_id)
    if not perm.tapped:
        return ()
    families = sorted({f.label.replace("_", " ") for u in found for f in u.families})
    named = list(dict.fromkeys(u.name or u.object_id for u in found if u.object_id))
    names = (", ".join(named[:-1]) + " and " + named[-1]) if len(named) > 1 else "".join(named)
    it, does = ("they", "do") if len(named) > 1 else ("it", "does")
    what = (f"That stands whatever {names} {does}, which manacheck doesn't apply: what "
            f"{it} could change ({', '.join(families)}) doesn't untap a permanent"
            if families and names else
            "That stands whatever manacheck leaves undecided here")
    return (Reason("107.5", f"{perm.name} is tapped, so it can't be tapped to pay {{T}} "
                            f"(CR 118.3). {what}: a permanent stays tapped until a spell, "
                            "ability or turn-based action untaps it (CR 110.5c), and none "
                            "can before this cost is paid (CR 601.2g-h)"),)


def undecided_text(found: tuple[Undecided, ...]) -> str:
    """A verdict's ``undecided`` in one line: each reason with its object and text."""
    return "; ".join(str(u) for u in found)


def budget_words(e: NotDecided) -> str:
    """Why a verdict is not decided, for a search that stopped at its budget: "not
    decided (search budget): ..." (or the message itself when it names the budget)."""
    text = e.one_line()
    if text.startswith("search budget"):
        return "not decided: " + text
    return ("not decided (search budget): " if e.stopped else "not decided: ") + text


def _reads_power(ab: ActivatedAbility) -> bool:
    """Whether the verdict reads power or toughness (layer 7, CR 613.4) beyond what
    ACTIVATION reads: a target or cost filter that compares them ("target creature with
    power 3 or less"), crew's total power (CR 702.122a), formidable or coven, a
    condition on creatures of some power."""
    filters = [t.filter for t in ab.targets] + [p.filter for p in ab.costs]
    if ab.condition is not None:  # "Activate only if you control a creature with power 4
        # or greater" (Whisperer of the Wilds)
        filters += [v for _, v in ab.condition.params.items if isinstance(v, ObjectFilter)]
    return (any(f.compares_power for f in filters)
            or any(p.kind is CostKind.TAP_TOTAL_POWER for p in ab.costs)
            or (ab.condition is not None and ab.condition.kind in POWER_CONDITIONS))


def _random_discard_undecided(state: GameState, object_id: str, ab: ActivatedAbility,
                              you: str) -> tuple[Undecided, ...]:
    """A cost "Discard N cards at random" is paid after mana abilities (CR 601.2g-h): a
    card in hand that could be spent for mana first (Elvish Spirit Guide) could leave
    too few. When that could decide it, the verdict is not decided."""
    need = sum(int(p.count) for p in ab.costs if p.kind is CostKind.DISCARD_RANDOM)
    if not need:
        return ()
    hand = [c for c in state.player(you).hand if c.id != object_id]
    sure = [c for c in hand if not any(a.is_mana_ability and a.zone is Zone.HAND
                                       for a in c.card.activated_abilities)]
    if len(sure) >= need or len(hand) < need:
        return ()
    return (Undecided(object_id, object_id, ab.text or ab.cost_text,
                      "the cards to discard at random are what is left after mana "
                      "abilities (CR 601.2g-h), and a card in hand can make mana; "
                      "can-activate doesn't decide that", "discard_random"),)


def unapplied_for_activation(state: GameState, object_id: str, player: str,
                             cost: ManaCost) -> tuple[Undecided, ...]:
    """The effects on the board that could change this verdict and that it doesn't
    apply (``manacheck.solver.soundness``). The ability's own total cost is applied; a
    change to a mana source's own activation cost, or a spend rule the payment solver
    can't apply exactly, counts as for a payment (:func:`.payments.answer.
    unapplied_for_payment`)."""
    found = unapplied(state, ACTIVATION, [object_id])
    extra = unapplied_for_payment(state, player, cost, PAYMENT, object_id)
    seen = {u.effect for u in found}
    found += tuple(u for u in extra if u.key in (ABILITY_COST_KIND, "static:spend_as_any_color")
                   and u.effect not in seen)
    return found


def is_legal(state: GameState, object_id: str, ability: int, player: str) -> bool:
    """Just the yes of :func:`~manacheck.solver.activation.can_activate` (no
    counting, no fixes): True only when it is certainly legal (a fix must make it so)."""
    return check(state, object_id, ability, player, count_ways=False).legal is True
