"""Can a player activate this ability now? One constraint problem per activation.

:func:`can_activate` answers with a :class:`~manacheck.solver.activation.verdict.Verdict`:
every failing requirement with its rule number, one complete legal way (a witness), how
many distinct ways there are, and (for an illegal activation) the smallest verified
changes that would make it legal (:mod:`manacheck.solver.activation.fixes`). :func:`ways`
lists the ways; :func:`abilities` gives a verdict for every ability a player could
consider.

The choices made while activating (CR 601.2c–h via 602.2b) are the variables of one
constraint problem: one per target (CR 601.2c), one per cost part that chooses objects
(sacrifice, discard, exile from a graveyard, tap untapped permanents, reveal), and X
when the ability mentions X. Filters that share X ("Discard a card with mana value X:
Counter target spell with mana value X") become constraints between those variables.
The mana cost is then checked for each solution by the payment solver
(:mod:`manacheck.solver.payments`), with the objects the other costs use kept out.

Rules
-----
CR 602.2: only an object's controller (or owner, if it has none) may activate its
abilities. CR 113.6: abilities work from the battlefield unless they say otherwise.
CR 602.5d, 307.1: "activate only as a sorcery": your main phase, empty stack.
CR 602.5b: "activate only once each turn". CR 117.1b, 117.3a, 514.3: priority (who
holds it; nobody in the untap step or an uneventful cleanup step). CR 605.3a: mana
abilities (no stack; also activated while paying a cost, so priority doesn't stop
them).
CR 107.5 / 107.6: {T} needs the permanent untapped; {Q} needs it tapped.
CR 302.6, 602.5a, 702.10c: a creature's {T}/{Q} abilities need it to have been under
its controller's control since their most recent turn began, or haste. Tapping an
untapped creature for another cost ("Tap an untapped creature you control") is not
{T} and ignores 302.6.
CR 601.2c, 115.1–115.3: each target needs a legal choice; the same object can't be
chosen twice for one instance of "target". CR 702.11b, 702.18a: hexproof, shroud.
CR 118.3, 601.2h: a cost can't be paid without the resources; partial payments are
not allowed. CR 119.4, 119.4b: paying life needs life total ≥ the amount; 0 is
always payable. CR 202.3e: {X} of a card not on the stack is 0; on the stack, the
chosen value. CR 118.9c: an alternative cost doesn't change mana value.
CR 601.2g: mana abilities are activated before costs are paid, so a permanent tapped
to pay another cost can't also be tapped for mana, while a permanent the cost
sacrifices or exiles may first be tapped for mana (but not sacrificed for it).
CR 606.3: loyalty abilities.

Notes
-----
Assumptions and limits (said, not hidden):

* Who holds priority (CR 117.1b) is ``turn.priority`` in the state file; when it is left
  out, the player asking is taken to hold it. Nobody holds it in the untap step
  (117.3a), nor in a cleanup step with an empty stack (514.3). Mana abilities are
  exempt: they may be activated while paying a cost (605.3a).
* A permanent tapped for a cost ("Tap an untapped creature you control") is kept out of
  the mana payment entirely, even though a mana ability of it that doesn't tap it
  (say, "Remove a counter: Add {G}") could in principle have been used first.
* Ability conditions supported: ``hand_size_less_than``, ``controls_at_least``,
  ``your_turn``; any other condition is refused as bad input rather than guessed.
* "Exile a card from a graveyard" without ``controller: you`` accepts any graveyard.
* Shroud, hexproof, "hexproof from" and protection (from a color, each color,
  multicolored, monocolored, colorless, a card type, everything) make a permanent an
  illegal target (CR 702.18a, 702.11b/d, 702.16b/j). Ward is a triggered ability, not a
  targeting restriction (CR 702.21a): it doesn't change whether an activation is legal.
"""


from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator
from dataclasses import replace

from manacheck.model import CardDefinition, GameState, Permanent, Zone, effective

from .core import Activation
from .limits import DOMAIN_LIMIT, WAYS_LIMIT, X_LIMIT, ActivationSearchLimit
from .lookup import activated_abilities, default_player, resolve_ability
from .problem import Problem
from .reasons import choice_reasons, fixed_reasons, joint_reason, var_reasons
from .verdict import Fix, Verdict, Witness
from .witness import build_witness
from .words import ability_text, describe_filter

__all__ = [
    "DOMAIN_LIMIT",
    "WAYS_LIMIT",
    "X_LIMIT",
    "ActivationSearchLimit",
    "abilities",
    "activated_abilities",
    "can_activate",
    "describe_filter",
    "is_legal",
    "resolve_ability",
    "ways",
]


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def _referenced_ids(state: GameState) -> frozenset[str]:
    """Every string by which the state could refer to an object: attachments and
    choices of permanents, everything on the stack but card definitions (targets,
    sources), abilities activated this turn, mana in pools, continuous effects and
    events. A permanent whose id is among them is referred to by something else (so it
    has no twin). Cached."""
    hit = state.__dict__.get("_activation_referenced")
    if hit is None:
        found: set[str] = set()

        def walk(v: object) -> None:
            if isinstance(v, str):
                found.add(v)
            elif isinstance(v, tuple | list | frozenset | set):
                for item in v:
                    walk(item)
            elif isinstance(v, dict):
                for k, item in v.items():
                    walk(k)
                    walk(item)
            elif dataclasses.is_dataclass(v) and not isinstance(v, type | CardDefinition):
                for f in dataclasses.fields(v):
                    if f.name != "id":
                        walk(getattr(v, f.name))

        for player in state.players:
            for perm in player.battlefield:
                if perm.attached_to is not None:
                    found.add(perm.attached_to)
                walk(perm.chosen)
            walk(player.mana_pool)
        for name in ("stack", "activated_this_turn", "effects", "events"):
            walk(getattr(state, name))
        hit = frozenset(found)
        state.__dict__["_activation_referenced"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def _twin_key(state: GameState, perm: Permanent, number: int) -> Hashable | None:
    """A key shared by the same ability of *twins*: permanents with the same card,
    controller, owner, status, counters, choices, attachment and effective
    characteristics, neither referred to by anything else in the state. Swapping two
    twins maps the game state onto itself, so an ability of one has exactly as many
    legal ways as the same ability of the other. None when ``perm`` can't have a twin."""
    if perm.id in _referenced_ids(state):
        return None
    return (perm.card.name, id(perm.card), perm.controller, perm.owner, perm.tapped,
            perm.summoning_sick, perm.counters, perm.chosen, perm.token, perm.attached_to,
            effective(state)[perm.id], number)


def _for_twin(verdict: Verdict, twin: str) -> Verdict | None:
    """``verdict`` (for one of two twins) turned into the twin's verdict, or None when
    it can't be (a reason names either object: it is then asked afresh).

    Exchanging twins maps the game state onto itself (see :func:`_twin_key`), so the
    twin's ability is legal exactly when this one is, with as many ways, for the same
    reasons, and the witness with the two exchanged is a legal way for it.
    """
    a = verdict.object_id
    texts = [r.message for r in verdict.reasons] + list(verdict.left_out)
    if any(a in t or twin in t for t in texts) or verdict.fixes or verdict.undecided:
        return None
    witness = verdict.witness.swapped(a, twin) if verdict.witness is not None else None
    return replace(verdict, object_id=twin, witness=witness)


def can_activate(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    count_ways: bool = True,
    find_fixes: bool = True,
    ways_limit: int = WAYS_LIMIT,
) -> Verdict:
    """Whether ``player`` may activate the object's ability now, with every reason.

    Parameters
    ----------
    state : GameState
    object_id : str
        A permanent, or a card in a hand or graveyard.
    ability : int, optional
        1-based number among the object's activated abilities
        (:func:`activated_abilities`); may be omitted when only one could be meant.
    player : str, optional
        Who activates it; the object's controller (owner for a card) by default.
    count_ways : bool
        Count the distinct ways (may enumerate up to ``ways_limit`` choices).
    find_fixes : bool
        For an illegal activation, search the smallest changes that make it legal.
    ways_limit : int
        Stop counting after this many choices of targets and objects.

    Returns
    -------
    Verdict
        ``legal``; ``reasons``: every failing requirement (not just the first), each
        with its rule; ``witness``: one complete legal way; ``ways``; ``fixes``.

    Raises
    ------
    BadInput, AmbiguousInput, UnknownObject
        Unknown object or player, no such ability, or ``ability`` needed.

    Notes
    -----
    **Distinct ways.** Two ways are distinct when they differ in the target chosen
    for some instance of "target", the value of X, the set of objects chosen for some
    object-choosing cost part (sacrifice, discard, exile from a graveyard, tap
    untapped, reveal: the order in which a part's objects are chosen doesn't
    matter), or the mana payment (distinct as the payment solver defines it). Costs
    that leave no choice ({T}, {Q}, sacrifice or exile this, discard your hand, pay N
    life, remove N counters) don't multiply. ``ways`` is the sum, over every solution
    of the constraint problem on the non-mana choices, of the number of payments of
    the mana cost with that solution's tapped and sacrificed objects kept out.

    The constraint problem has one variable per target and per object-choosing cost
    part (its domain: the candidate objects, or combinations of them) and X; filters
    with ``mana_value: X`` are constraints tying those variables to X. The first
    solution whose mana cost the payment solver can pay is the witness (memoized on
    X and the objects kept out of the payment).

    Rules
    -----
    See the module docstring: CR 602.2, 602.5, 605.3a, 107.5, 107.6, 302.6, 601.2c–h,
    115, 118.3, 119.4, 202.3.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice: {battlefield: [{card: Llanowar Elves, summoning_sick: true}]}
    ... ''')
    >>> v = can_activate(s, "Llanowar Elves", find_fixes=False)
    >>> v.legal, [r.rule for r in v.reasons]
    (False, ['302.6'])
    """
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)  # UnknownObject for an unknown player
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
        witness, n_ways, complete = _search(problem, count_ways and not reasons, ways_limit)
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
    fixes: tuple[Fix, ...] = ()
    if not legal and find_fixes and not undecided:
        from .fixes import find_fixes as _find

        fixes = _find(state, object_id, number, you, tuple(reasons))
    return Verdict(object_id=object_id, ability=number, player=you, legal=legal,
                   reasons=tuple(reasons), witness=witness if legal else None,
                   ways=n_ways if legal else 0, ways_complete=complete, fixes=fixes,
                   text=ability_text(ab), undecided=undecided,
                   left_out=tuple(sorted(problem.left_out)))


def is_legal(state: GameState, object_id: str, ability: int, player: str) -> bool:
    """Just the yes/no of :func:`can_activate` (no counting, no fixes)."""
    return can_activate(state, object_id, ability, player, count_ways=False,
                        find_fixes=False).legal


def _search(problem: Problem, count: bool, limit: int) -> tuple[Witness | None, int, bool]:
    """The first way (a witness), and with ``count`` the number of ways.

    Returns (witness or None, ways, complete); ``complete`` is False when the count
    stopped at ``limit`` solutions or a payment scan stopped at its limit.
    """
    witness: Witness | None = None
    total = 0
    complete = True
    payer = problem.payer
    has_mana = bool(problem.act.ab.mana_cost)
    for i, sol in enumerate(problem.solutions()):
        if count and i >= limit:
            if witness is not None:
                return witness, total, False
            count, complete = False, False  # keep looking for a witness, stop counting
        x, uses = problem.x_of(sol), problem.uses_of(sol)
        if has_mana and not payer.payable(x, uses):
            continue
        if witness is None:
            witness = build_witness(problem, sol,
                                    payer.first_payment(x, uses) if has_mana else None)
            if not count:
                return witness, 1, False
        if has_mana:
            n, done = payer.payment_count(x, uses)
            total += n
            complete = complete and done
        else:
            total += 1
    return witness, total, complete


def ways(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    limit: int = WAYS_LIMIT,
) -> Iterator[Witness]:
    """Every distinct legal way to activate the ability (``--all``), lazily.

    Yields nothing when the activation is illegal for a reason that doesn't depend on
    the choices (timing, {T}, 302.6, ...). Stops after ``limit`` ways. See
    :func:`can_activate` for what makes two ways distinct.
    """
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)
    act = Activation(state, object_id, number, ab, you)
    problem = Problem(act)
    if fixed_reasons(act):
        return
    n = 0
    for sol in problem.solutions():
        x = problem.x_of(sol)
        uses = problem.uses_of(sol)
        if ab.mana_cost and not problem.payer.payable(x, uses):
            continue
        for pay in problem.payer.all_payments(x, uses, limit - n):
            yield build_witness(problem, sol, pay)
            n += 1
            if n >= limit:
                return


def abilities(
    state: GameState, player: str, *, find_fixes: bool = False, count_ways: bool = True,
) -> list[tuple[str, int, Verdict]]:
    """A verdict for every activated ability ``player`` could consider now.

    Every ability of every permanent the player controls, and the abilities of cards in
    their hand or graveyard that work from there (CR 113.6), in battlefield, hand,
    graveyard order. Fixes are off by default (they re-check many changed states).
    """
    me = state.player(player)
    out: list[tuple[str, int, Verdict]] = []

    def one(object_id: str, number: int, text: str) -> Verdict:
        # One ability whose choices are too many to search doesn't stop the listing:
        # it is reported as undecided, with the limit that stopped it.
        try:
            return can_activate(state, object_id, number, player, count_ways=count_ways,
                                find_fixes=find_fixes)
        except ActivationSearchLimit as e:
            return Verdict(object_id, number, player, legal=False, text=text,
                           undecided=e.one_line())

    # Twins (see _twin_key) have the same verdict up to exchanging them: each set of
    # twins is solved once, and the others get that verdict with the two exchanged.
    solved: dict[Hashable, Verdict] = {}
    for perm in me.battlefield:
        for i, ab in enumerate(effective(state)[perm.id].activated, 1):
            key = _twin_key(state, perm, i) if not find_fixes else None
            twin = solved.get(key) if key is not None else None
            v = _for_twin(twin, perm.id) if twin is not None else None
            if v is None:
                v = one(perm.id, i, ab.text)
                if key is not None and not v.undecided:
                    solved.setdefault(key, v)
            out.append((perm.id, i, v))
    for zone, cards in ((Zone.HAND, me.hand), (Zone.GRAVEYARD, me.graveyard)):
        for card in cards:
            for i, ab in enumerate(card.card.activated_abilities, 1):
                if ab.zone is zone:
                    out.append((card.id, i, one(card.id, i, ab.text)))
    return out
