"""What mana an ability would add, and what mana a permanent could produce (CR 106.7).

This module is the contract between the payment solver and the could-produce solver:

* :func:`activation_outcomes` — every mana event one activation of a mana ability could
  add right now, each as a sorted tuple of mana types (a multiset), after replacement
  effects in any order the player may choose (CR 616.1); optionally with the mana of
  the triggered mana abilities it sets off (CR 106.12a, 605.1b). The payment solver
  reads only this.
* :func:`could_produce` / :func:`could_produce_all` / :func:`explain_could_produce` —
  CR 106.7: the least fixed point over the "could produce" references (Reflecting
  Pool, Exotic Orchard, ...), costs ignored, replacement effects in any order, with
  the derivation of every type.

Rules
-----
CR 106.7: "could produce" ignores costs and takes replacement effects into account in
any possible order.
CR 106.5: an ability that would produce an undefined type produces nothing.
CR 106.12a, 605.1b: triggered mana abilities add mana, but are not what a land "could
produce" (Wild Growth's ruling).
CR 605.1a: mana abilities.
CR 616.1, 616.1f, 614.5: replacement effects in the affected player's order, re-checked
after each, at most once each.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from manacheck.model import (
    COLORS,
    MANA_TYPES,
    ActivatedAbility,
    CostKind,
    GameState,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    Permanent,
    TriggeredAbility,
    Zone,
    effective,
    matches,
)
from manacheck.model.errors import BadInput
from manacheck.solver.fixpoint import least_fixed_point
from manacheck.solver.replacement import (
    BoundReplacement,
    Canonical,
    EnumerationLimit,
    ReplacementGraph,
    bound_replacements,
    canonical,
    canonical_outcomes,
)

__all__ = [
    "CouldProduce",
    "ManaEvent",
    "TypeDerivation",
    "UnmodelledMana",
    "activation_outcomes",
    "base_outcomes",
    "could_produce",
    "could_produce_all",
    "count_per",
    "explain_could_produce",
    "incomplete_answers",
    "mana_abilities",
    "mana_triggers",
]

#: One mana production event: the mana added, as a sorted tuple (a multiset).
ManaEvent = tuple[ManaType, ...]


def _sorted(types: tuple[ManaType, ...] | list[ManaType]) -> ManaEvent:
    return tuple(sorted(types, key=lambda t: t.order))


def count_per(state: GameState, source: Permanent, prod: ManaProduction) -> int:
    """How many times ``per`` multiplies the production ("for each Swamp you control")."""
    if prod.per is None:
        return 1
    chars = effective(state)
    return sum(
        1
        for p in state.permanents
        if matches(prod.per, chars[p.id], p, state, source.controller, source.id)
    )


def sacrifice_candidates(state: GameState, perm: Permanent, ab: ActivatedAbility
                         ) -> tuple[str, ...]:
    """The permanents an ability's "Sacrifice a ..." cost could sacrifice: its
    controller's, fitting the filter (CR 701.21a)."""
    chars = effective(state)
    flts = [c.filter for c in ab.costs if c.kind is CostKind.SACRIFICE]
    return tuple(p.id for p in state.permanents if p.controller == perm.controller
                 and any(matches(f, chars[p.id], p, state, perm.controller, perm.id)
                         for f in flts))


def base_outcomes(
    state: GameState,
    source: Permanent,
    prod: ManaProduction,
    could_produce_types: frozenset[ManaType] = frozenset(),
) -> frozenset[ManaEvent]:
    """The mana events an ability's production could add before replacement effects.

    ``could_produce_types`` is the set of types a COULD_PRODUCE ability may choose
    from (computed by the could-produce solver); an empty set means the ability
    produces nothing (CR 106.5, 106.7).
    """
    k = prod.kind
    n = count_per(state, source, prod)
    if k is ManaProductionKind.CHOICE and n:
        _check_events(math.comb(len(prod.options) + n - 1, n), source)
    if k is ManaProductionKind.ANY_COLOR:
        _check_events(math.comb(5 + prod.amount * n - 1, prod.amount * n), source)
    if k is ManaProductionKind.FIXED:
        return frozenset({_sorted(list(prod.mana) * n)}) if prod.mana and n else frozenset()
    if k is ManaProductionKind.CHOICE:
        if n == 0:
            return frozenset()
        # "for each" with a choice: each repetition chooses independently.
        return frozenset(
            _sorted([t for opt in combo for t in opt])
            for combo in itertools.combinations_with_replacement(prod.options, n)
        )
    amount = prod.amount * n
    if amount == 0:
        return frozenset()
    if k is ManaProductionKind.ANY_COLOR:
        return frozenset(
            _sorted(list(c)) for c in itertools.combinations_with_replacement(COLORS, amount)
        )
    if k is ManaProductionKind.ONE_COLOR:
        return frozenset((c,) * amount for c in COLORS)
    if k is ManaProductionKind.CHOSEN_COLOR:
        chosen = source.choice("color")
        if chosen is None:
            return frozenset()  # CR 106.5: undefined type, no mana
        return frozenset({(ManaType[chosen],) * amount})
    if k is ManaProductionKind.COULD_PRODUCE:
        return frozenset((t,) * amount for t in could_produce_types)
    if k is ManaProductionKind.PRODUCED_TYPE:
        return frozenset((t,) * amount for t in MANA_TYPES)
    if k is ManaProductionKind.UNMODELLED:
        raise UnmodelledMana(source.id, prod)
    raise BadInput(f"unknown mana production kind {k}")


class UnmodelledMana(BadInput):
    """A mana ability whose production the card format can't describe (e.g. devotion).

    Solvers never guess what it adds: could-produce leaves it out and marks every
    answer that depends on it as incomplete; payments leave the source out and say so.
    """

    def __init__(self, object_id: str, prod: ManaProduction) -> None:
        super().__init__(f"what {object_id}'s mana ability adds is not modelled by manacheck",
                         suggestion="its answer would be a guess; see the card's text")
        self.object_id = object_id
        self.prod = prod


#: The most distinct mana events one activation may have before we stop and say so.
MAX_EVENTS = 100_000


def _check_events(count: int, source: Permanent) -> None:
    if count > MAX_EVENTS:
        raise EnumerationLimit(
            f"'{source.id}' could add {count:,} different combinations of mana; "
            f"the limit is {MAX_EVENTS:,}", suggestion="ask about fewer mana at once")


# ---------------------------------------------------------------------------------------
# CR 106.7: what each permanent could produce, as a least fixed point.
# ---------------------------------------------------------------------------------------


def mana_abilities(state: GameState, object_id: str) -> tuple[tuple[int, ActivatedAbility], ...]:
    """The permanent's activated mana abilities with their 1-based numbers (CR 605.1a).

    Only abilities that work on the battlefield (CR 113.6: not "exile this card from
    your hand", which a Spirit Guide on the battlefield can't use).
    """
    acts = effective(state)[object_id].activated
    return tuple((i, a) for i, a in enumerate(acts, 1)
                 if a.is_mana_ability and a.zone is Zone.BATTLEFIELD)


def _referenced_lands(state: GameState, perm: Permanent, prod: ManaProduction
                      ) -> tuple[str, ...]:
    """The lands a COULD_PRODUCE production looks at (CR 106.7), state-file order."""
    ref = prod.could_produce
    if ref is None:
        return ()
    chars = effective(state)
    mine = ref.lands in ("you", "sacrificed")
    return tuple(p.id for p in state.permanents
                 if chars[p.id].is_land and (p.controller == perm.controller) == mine)


def _allowed(prod: ManaProduction, types: frozenset[ManaType]) -> frozenset[ManaType]:
    """"Any color" excludes colorless; "any type" includes it (CR 105.1, 106.1b)."""
    ref = prod.could_produce
    if ref is not None and ref.of == "color":
        return types - {ManaType.C}
    return types


class _Solver:
    """Everything could-produce knows about one state; built once, cached on it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.abilities = {p.id: mana_abilities(state, p.id) for p in state.permanents}
        self._bound: dict[tuple[str, ActivatedAbility], tuple[BoundReplacement, ...]] = {}
        # (permanent id, id(ability)) -> (the ability, kept alive; its effects, canonical)
        self._canonical: dict[tuple[str, int], tuple[ActivatedAbility, Canonical]] = {}
        self._memo: dict[tuple[str, int, ManaEvent], frozenset[ManaEvent]] = {}
        self._types_memo: dict[tuple[str, int, frozenset[ManaType] | None],
                               frozenset[ManaType]] = {}
        self._refs: dict[tuple[str, ManaProduction], tuple[str, ...]] = {}
        self._by_canon: dict[tuple[int, ManaEvent], frozenset[ManaEvent]] = {}
        deps: dict[str, set[str]] = {}
        for p in state.permanents:
            d: set[str] = set()
            for _, ab in self.abilities[p.id]:
                if ab.mana is not None and ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                    d.update(self.refs(p, ab.mana))
            deps[p.id] = d
        self.deps = deps
        #: Permanents with a mana ability the card format can't describe (left out).
        self.unmodelled = frozenset(
            pid for pid, abs_ in self.abilities.items()
            if any(ab.mana is not None and ab.mana.kind is ManaProductionKind.UNMODELLED
                   for _, ab in abs_))
        # Answers that are lower bounds: the unmodelled permanents and everything that
        # looks (transitively) at one of them.
        incomplete = set(self.unmodelled)
        changed = True
        while changed:
            changed = False
            for pid, d in deps.items():
                if pid not in incomplete and d & incomplete:
                    incomplete.add(pid)
                    changed = True
        self.incomplete = frozenset(incomplete)

    @functools.cached_property
    def values(self) -> Mapping[str, frozenset[ManaType]]:
        """The least fixed point: what every permanent could produce (CR 106.7).

        Computed on first use: an activation whose ability doesn't look at what other
        permanents could produce never needs it (most payment questions)."""
        return least_fixed_point([p.id for p in self.state.permanents], self.deps, self._step)

    def bound(self, perm: Permanent, ab: ActivatedAbility) -> tuple[BoundReplacement, ...]:
        key = (perm.id, ab)
        if key not in self._bound:
            self._bound[key] = bound_replacements(self.state, perm, ab)
        return self._bound[key]

    def refs(self, perm: Permanent, prod: ManaProduction) -> tuple[str, ...]:
        key = (perm.id, prod)
        if key not in self._refs:
            self._refs[key] = _referenced_lands(self.state, perm, prod)
        return self._refs[key]

    def candidates(self, perm: Permanent, prod: ManaProduction,
                   values: Mapping[str, frozenset[ManaType]],
                   sacrificed: str | None = None) -> frozenset[ManaType]:
        """The types a COULD_PRODUCE production may choose from, given ``values``."""
        if sacrificed is not None:
            lands: tuple[str, ...] = (sacrificed,)
        else:
            lands = self.refs(perm, prod)
        out: frozenset[ManaType] = frozenset()
        for land in lands:
            out |= values.get(land, frozenset())
        return _allowed(prod, out)

    def base_events(self, perm: Permanent, ab: ActivatedAbility,
                    values: Mapping[str, frozenset[ManaType]],
                    sacrificed: str | None = None) -> frozenset[ManaEvent]:
        assert ab.mana is not None
        if ab.mana.per_sacrificed_mana_value:
            # "an amount of {B} equal to the sacrificed creature's mana value": one event
            # per mana value among what the cost could sacrifice (CR 202.3); a
            # sacrificed permanent is judged as it last existed (CR 608.2h).
            chars = effective(self.state)
            which = (sacrificed,) if sacrificed is not None else \
                sacrifice_candidates(self.state, perm, ab)
            return frozenset(_sorted(list(ab.mana.mana) * chars[c].mana_value)
                             for c in which if chars[c].mana_value > 0)
        cands = frozenset[ManaType]()
        if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
            cands = self.candidates(perm, ab.mana, values, sacrificed)
        return base_outcomes(self.state, perm, ab.mana, cands)

    def outcomes(self, perm: Permanent, ab: ActivatedAbility,
                 values: Mapping[str, frozenset[ManaType]],
                 sacrificed: str | None = None) -> frozenset[ManaEvent]:
        key = (perm.id, id(ab))
        entry = self._canonical.get(key)
        if entry is None:
            entry = self._canonical[key] = (ab, canonical(self.bound(perm, ab)))
        canon = entry[1]
        events = self.base_events(perm, ab, values, sacrificed)
        if not canon[0]:  # no replacement effect applies to this ability
            return frozenset(ev for ev in events if ev)
        out: set[ManaEvent] = set()
        memo = self._memo
        for ev in events:
            got = memo.get((perm.id, key[1], ev))
            if got is None:
                got = memo[(perm.id, key[1], ev)] = canonical_outcomes(canon, ev)
            out |= got
        return frozenset(out)

    def type_effects(self, perm: Permanent, ab: ActivatedAbility) -> tuple[
            BoundReplacement, ...]:
        """The ability's replacement effects as they act on the *set* of types."""
        return tuple(_type_only(b) for b in self.bound(perm, ab))

    def supports(self, perm: Permanent, ab: ActivatedAbility,
                 values: Mapping[str, frozenset[ManaType]]) -> frozenset[ManaEvent]:
        assert ab.mana is not None
        cands = frozenset[ManaType]()
        if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
            cands = self.candidates(perm, ab.mana, values)
        return base_supports(self.state, perm, ab.mana, cands)

    def type_outcomes(self, perm: Permanent, ab: ActivatedAbility,
                      values: Mapping[str, frozenset[ManaType]]) -> frozenset[ManaType]:
        """The types the ability could produce: the same process on each event's set of
        types (see :func:`_type_only`), so its size never depends on amounts.

        Memoized on the ability and, for a could-produce ability, the types it may
        choose from (the only thing that changes between fixed-point passes)."""
        assert ab.mana is not None
        cands: frozenset[ManaType] | None = None
        if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
            cands = self.candidates(perm, ab.mana, values)
        memo_key = (perm.id, id(ab), cands)
        hit = self._types_memo.get(memo_key)
        if hit is not None:
            return hit
        key = (perm.id, -id(ab))
        entry = self._canonical.get(key)
        if entry is None:
            entry = self._canonical[key] = (ab, canonical(self.type_effects(perm, ab)))
        canon = entry[1]
        types: set[ManaType] = set()
        for sup in base_supports(self.state, perm, ab.mana, cands or frozenset()):
            if not canon[0]:
                types.update(sup)
                continue
            # canon is interned (and kept alive by self._canonical): memo on its id.
            got = self._by_canon.get((id(canon), sup))
            if got is None:
                got = self._by_canon[(id(canon), sup)] = canonical_outcomes(canon, sup)
            for ev in got:
                types.update(ev)
        result = self._types_memo[memo_key] = frozenset(types)
        return result

    def _step(self, pid: str, values: Mapping[str, frozenset[ManaType]]) -> frozenset[ManaType]:
        perm = self.state.permanent(pid)
        types: set[ManaType] = set()
        for _, ab in self.abilities[pid]:
            if ab.mana is not None and ab.mana.kind is ManaProductionKind.UNMODELLED:
                continue  # left out, and the answer marked incomplete (see __init__)
            types |= self.type_outcomes(perm, ab, values)
        return frozenset(types)


@functools.lru_cache(maxsize=4096)
def _type_only(b: BoundReplacement) -> BoundReplacement:
    """The effect as it acts on the set of types of an event.

    Whether an effect applies depends only on which types the event has (CR 616.1f:
    "if it would produce {G}"), and what it does to that set does not depend on the
    amounts: setting the type gives one type, doubling keeps the set, setting the
    amount without a type keeps one of the types. So the sets of types reachable
    from an event are those reachable from its set of types with amounts dropped;
    the hypothesis tests check this against the full events.
    """
    amount = b.set_amount if b.set_amount in (None, 0) else 1
    multiply = None if b.multiply is None or b.multiply > 0 else 0
    return BoundReplacement(b.effect_id, b.name, b.set_types, amount, multiply,
                            b.only_if_produces)


def base_supports(state: GameState, source: Permanent, prod: ManaProduction,
                  could_produce_types: frozenset[ManaType] = frozenset()
                  ) -> frozenset[ManaEvent]:
    """The sets of types (as sorted tuples, one of each) of :func:`base_outcomes`,
    computed without enumerating the events (so "X mana in any combination of colors"
    stays small)."""
    k = prod.kind
    n = count_per(state, source, prod)
    if n == 0:
        return frozenset()
    if k is ManaProductionKind.FIXED:
        return frozenset({_sorted(list(set(prod.mana)))}) if prod.mana else frozenset()
    if k is ManaProductionKind.CHOICE:
        opts = sorted({frozenset(o) for o in prod.options if o}, key=lambda f: sorted(
            t.order for t in f))
        out: set[ManaEvent] = set()
        for size in range(1, min(n, len(opts)) + 1):
            for combo in itertools.combinations(opts, size):
                out.add(_sorted(list(frozenset().union(*combo))))
        return frozenset(out)
    amount = prod.amount * n
    if amount == 0:
        return frozenset()
    if k is ManaProductionKind.ANY_COLOR:
        return frozenset(c for size in range(1, min(amount, 5) + 1)
                         for c in itertools.combinations(COLORS, size))
    return frozenset(_sorted(list(set(ev))) for ev in
                     base_outcomes(state, source, ManaProduction(prod.kind, prod.mana,
                                                                 prod.options, 1,
                                                                 prod.could_produce),
                                   could_produce_types))


def _solver(state: GameState) -> _Solver:
    solver = state.__dict__.get("_could_produce_solver")
    if solver is None:
        solver = _Solver(state)
        state.__dict__["_could_produce_solver"] = solver
    assert isinstance(solver, _Solver)
    return solver


def could_produce_all(state: GameState) -> dict[str, frozenset[ManaType]]:
    """What every permanent on the battlefield could produce (CR 106.7), in one call.

    Parameters
    ----------
    state : GameState

    Returns
    -------
    dict
        Permanent id -> the set of mana types its mana abilities could produce now
        (empty for a permanent without mana abilities), in state-file order.

    Notes
    -----
    One least fixed point (:func:`manacheck.solver.fixpoint.least_fixed_point`) over
    the graph "permanent -> the lands its could-produce abilities look at",
    condensed into strongly connected components; cached on the state.

    Rules
    -----
    CR 106.7: costs are ignored (a tapped Forest, a summoning-sick Llanowar Elves still
    could produce {G}); replacement effects apply in any possible order; "type"
    includes colorless, "color" doesn't. CR 106.5: an undefined type gives nothing.
    Triggered mana abilities are not counted (CR 106.12a; Wild Growth's ruling).
    """
    return dict(_solver(state).values)


def incomplete_answers(state: GameState) -> frozenset[str]:
    """Permanents whose :func:`could_produce` answer is only a lower bound.

    These have a mana ability whose production isn't modelled (``unmodelled: true`` in
    the card data, e.g. Nykthos' devotion), or look at one that does (a Reflecting Pool
    beside such a land). Their listed types are certain; more may be possible.
    """
    return _solver(state).incomplete


def could_produce(state: GameState, object_id: str) -> frozenset[ManaType]:
    """What the permanent ``object_id`` could produce (CR 106.7).

    Raises
    ------
    UnknownObject
        If there is no such permanent.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\n"
    ...                     "players: {A: {battlefield: [Island, Reflecting Pool]}}")
    >>> sorted(t.value for t in could_produce(s, "Reflecting Pool"))
    ['U']

    Rules
    -----
    CR 106.7 (see :func:`could_produce_all`).
    """
    state.permanent(object_id)
    return _solver(state).values[object_id]


# ---------------------------------------------------------------------------------------
# Explanations.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypeDerivation:
    """How one mana type comes out of one ability (a path in the replacement graph).

    ``looked_at``: for a could-produce ability, the permanents whose own answer gave
    the type that was chosen (CR 106.7). ``event``: the mana before replacement;
    ``replacements``: the effects applied, in order; ``outcome``: the mana after.
    """

    mana_type: ManaType
    ability: int
    ability_text: str
    event: ManaEvent
    looked_at: tuple[str, ...]
    replacements: tuple[BoundReplacement, ...]
    outcome: ManaEvent
    rules: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "mana_type": self.mana_type.value,
            "ability": self.ability,
            "ability_text": self.ability_text,
            "event": _text(self.event),
            "looked_at": list(self.looked_at),
            "replacements": [
                {"object": r.effect_id, "card": r.name, "effect": r.describe()}
                for r in self.replacements
            ],
            "outcome": _text(self.outcome),
            "rules": list(self.rules),
        }

    def describe(self) -> str:
        head = f"{self.mana_type.value}: ability {self.ability} ({self.ability_text})"
        parts = [f"adds {_text(self.event)}"]
        if self.looked_at:
            parts.append("because " + ", ".join(self.looked_at) + " could produce "
                         + self.event[0].value)
        if self.replacements:
            parts.append("then " + " -> ".join(r.describe() for r in self.replacements)
                         + f" gives {_text(self.outcome)}")
        return f"{head}: " + "; ".join(parts) + " [CR " + ", ".join(self.rules) + "]"


@dataclass(frozen=True, slots=True)
class CouldProduce:
    """A permanent's could-produce answer with one derivation per type."""

    object_id: str
    mana_types: frozenset[ManaType]
    derivation: tuple[TypeDerivation, ...]
    #: False when an unmodelled mana ability is involved: ``mana_types`` is a lower bound.
    complete: bool = True

    @property
    def letters(self) -> list[str]:
        return [t.value for t in MANA_TYPES if t in self.mana_types]

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"object": self.object_id, "mana_types": self.letters,
                                  "derivation": [d.as_dict() for d in self.derivation]}
        if not self.complete:
            out["complete"] = False
            out["note"] = INCOMPLETE_NOTE
        return out


INCOMPLETE_NOTE = ("at least these: a mana ability involved adds mana manacheck doesn't "
                   "model (the card data marks it unmodelled), so more types may be possible")


def _text(ev: ManaEvent) -> str:
    return "".join(f"{{{t.value}}}" for t in ev) or "nothing"


def explain_could_produce(state: GameState, object_id: str) -> CouldProduce:
    """:func:`could_produce` with a derivation for every type.

    For each type: the first ability (in user numbering) that gives it, the mana it
    adds before replacement effects, the permanents it looked at (could-produce
    abilities), one shortest order of replacement effects that ends in mana of that
    type, and the rule numbers.

    Rules
    -----
    CR 106.7, 305.6 (intrinsic abilities), 305.7 and 613.1d (land types), 613.1f
    (granted abilities), 614.1a and 616.1 (replacement effects in order).
    """
    solver = _solver(state)
    perm = state.permanent(object_id)
    chars = effective(state)[object_id]
    found: dict[ManaType, TypeDerivation] = {}
    for num, ab in solver.abilities[object_id]:
        assert ab.mana is not None
        if ab.mana.kind is ManaProductionKind.UNMODELLED:
            continue  # left out; the answer says it is incomplete
        bound = solver.bound(perm, ab)
        try:
            base = solver.base_events(perm, ab, solver.values)
        except EnumerationLimit:
            # Too many events to list: explain with their sets of types instead.
            base = solver.supports(perm, ab, solver.values)
            bound = solver.type_effects(perm, ab)
        events = sorted(base, key=lambda e: (len(e), [t.order for t in e]))
        for ev in events:
            looked: tuple[str, ...] = ()
            rules = ["106.7"]
            if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                looked = tuple(lid for lid in _referenced_lands(state, perm, ab.mana)
                               if ev and ev[0] in solver.values[lid])
            if "(CR 305.6" in ab.text:
                rules.append("305.6")
            if chars.lost_abilities:
                rules.append("305.7")
            if ab not in perm.card.abilities and "(CR 305.6" not in ab.text:
                rules.append("613.1f")
            graph = ReplacementGraph(bound, ev)
            for out in sorted(graph.outcomes, key=lambda e: (len(e), [t.order for t in e])):
                for t in out:
                    if t in found:
                        continue
                    path = tuple(graph.path_to(out))
                    r = rules + (["614.1a", "616.1"] if path else [])
                    found[t] = TypeDerivation(t, num, ab.text or ab.cost_text, ev, looked,
                                              path, out, tuple(r))
    types = solver.values[object_id]
    assert frozenset(found) == types, (found, types)
    return CouldProduce(object_id, types,
                        tuple(found[t] for t in MANA_TYPES if t in found),
                        complete=object_id not in solver.incomplete)


# ---------------------------------------------------------------------------------------
# One activation: the payment solver's contract.
# ---------------------------------------------------------------------------------------


def mana_triggers(state: GameState, source: Permanent, ability: ActivatedAbility
                  ) -> tuple[tuple[Permanent, TriggeredAbility], ...]:
    """The triggered mana abilities that activating ``ability`` of ``source`` sets off.

    "Whenever ... is tapped for mana" needs a mana ability with {T} in its cost
    (Leyline of Abundance's and Kinnan's rulings). State-file order.

    Rules
    -----
    CR 106.12a, 605.1b: triggered mana abilities.
    """
    if ability.mana is None or not ability.tap:
        return ()
    chars = effective(state)
    src_chars = chars[source.id]
    out = []
    for perm in state.permanents:
        for trig in chars[perm.id].abilities:
            if not isinstance(trig, TriggeredAbility) or trig.event != "tapped_for_mana" \
                    or trig.mana is None:
                continue
            if trig.self_only and perm.id != source.id:
                continue
            if matches(trig.subject, src_chars, source, state, perm.controller, perm.id):
                out.append((perm, trig))
    return tuple(out)


def _trigger_options(state: GameState, perm: Permanent, trig: TriggeredAbility,
                     produced: ManaEvent) -> frozenset[ManaEvent]:
    """What one triggered mana ability adds, given the mana the source produced."""
    assert trig.mana is not None
    if trig.mana.kind is ManaProductionKind.PRODUCED_TYPE:
        # "one mana of any type that land produced": after replacement effects (Mana
        # Flare's and Contamination's rulings); nothing if it produced nothing.
        opts = frozenset((t,) * trig.mana.amount for t in set(produced))
    else:
        opts = base_outcomes(state, perm, trig.mana)
    return opts or frozenset({()})


def activation_outcomes(
    state: GameState,
    object_id: str,
    ability: int | ActivatedAbility,
    *,
    sacrificed: str | None = None,
    include_triggered: bool = False,
) -> frozenset[ManaEvent]:
    """Every mana event one activation of this mana ability could add now.

    Parameters
    ----------
    state : GameState
    object_id : str
        The permanent whose ability it is.
    ability : int or ActivatedAbility
        1-based number among the permanent's activated abilities (as in
        ``Characteristics.activated``), or the ability itself.
    sacrificed : str, optional
        For "any type the sacrificed land could produce" (Squandered Resources): the
        land sacrificed (its could-produce answer before it left, CR 608.2h). Without
        it, any land its controller controls.
    include_triggered : bool
        Also add the mana of the triggered mana abilities the activation sets off
        (Mana Flare, Wild Growth, ...), each combination of their choices.

    Returns
    -------
    frozenset of ManaEvent
        Sorted tuples of mana types; empty if the ability would add no mana.

    Raises
    ------
    BadInput
        Unknown object, no such ability, or ``sacrificed`` not a land its
        controller controls.

    Notes
    -----
    Could-produce references use the least fixed point of :func:`could_produce_all`;
    replacement effects are applied in every order through the application-state
    graph (:mod:`manacheck.solver.replacement`). Memoized per state object on
    (object, ability, sacrificed, include_triggered).

    Rules
    -----
    CR 605.1a: only mana abilities are asked about. CR 106.5: undefined types produce
    nothing. CR 106.7, 616.1, 616.1f, 614.5: replacement effects in any order.
    CR 106.12a, 605.1b: triggered mana abilities (not affected by Mana Reflection or
    Contamination: they are not the land's mana).
    """
    cache: dict[object, frozenset[ManaEvent]] = state.__dict__.setdefault(
        "_activation_outcomes_cache", {})
    key = (object_id, ability, sacrificed, include_triggered)
    hit = cache.get(key)
    if hit is not None:
        return hit
    perm = state.permanent(object_id)
    ab = _ability(state, perm, ability)
    if ab.mana is None:
        cache[key] = frozenset()
        return cache[key]
    solver = _solver(state)
    # ``sacrificed`` only matters to "the sacrificed land could produce"; other
    # abilities that sacrifice (Ashnod's Altar) ignore it.
    sac = sacrificed if ab.mana.could_produce is not None and \
        ab.mana.could_produce.lands == "sacrificed" else None
    if sacrificed is not None and ab.mana.per_sacrificed_mana_value:
        if sacrificed not in sacrifice_candidates(state, perm, ab):
            raise BadInput(f"'{sacrificed}' can't be sacrificed for {perm.id}'s ability "
                           f"{ability}", suggestion="name a permanent its cost accepts")
        sac = sacrificed
    elif sac is not None:
        land = state.permanent(sac)
        if not effective(state)[land.id].is_land or land.controller != perm.controller:
            raise BadInput(f"'{sac}' is not a land {perm.controller} controls",
                           suggestion="name a land its controller can sacrifice")
    # Only could-produce abilities look at the fixed point (computed lazily).
    values = solver.values if ab.mana.kind is ManaProductionKind.COULD_PRODUCE else {}
    result = solver.outcomes(perm, ab, values, sac)
    if include_triggered:
        triggers = mana_triggers(state, perm, ab)
        if triggers:
            combined: set[ManaEvent] = set()
            for ev in result:
                options = [_trigger_options(state, tp, trig, ev) for tp, trig in triggers]
                for extra in itertools.product(*options):
                    combined.add(_sorted([*ev, *(t for e in extra for t in e)]))
            result = frozenset(combined)
    cache[key] = result
    return result


def _ability(state: GameState, perm: Permanent, ability: int | ActivatedAbility
             ) -> ActivatedAbility:
    if isinstance(ability, ActivatedAbility):
        return ability
    acts = effective(state)[perm.id].activated
    if not 1 <= ability <= len(acts):
        raise BadInput(f"'{perm.id}' has no activated ability {ability} "
                       f"(it has {len(acts)})")
    return acts[ability - 1]
