"""What mana a permanent could produce (CR 106.7): a least fixed point.

"Could produce" refers to other permanents (Reflecting Pool, Exotic Orchard, Fellwar
Stone): each permanent's answer depends on theirs, so all answers are computed together
as the least fixed point of the "could produce" references, with costs ignored and
replacement effects applied in every order (the replacement graph).

Bounded work: one :class:`~manacheck.solver.budget.Budget` per state (per question)
covers every replacement graph the fixed point builds; when it is spent the answer is
not decided (:class:`~manacheck.solver.budget.BudgetExhausted`), never a guess.
Identical permanents (a hundred Reflecting Pools) are one node of the dependency
graph (``ProduceSolver._twin_key``), so a chain of L identical lands costs O(L).

Rules
-----
CR 106.7: costs ignored; replacement effects in any possible order. CR 616.1, 616.1f:
the affected player's order, each effect once, re-checked after each. CR 106.12a:
triggered mana abilities are not what a permanent could produce.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Mapping

from manacheck.model import (
    COLORS,
    ActivatedAbility,
    GameState,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    ObjectFilter,
    Permanent,
    Zone,
    effective,
    matches,
)

from ..amounts import Amounts
from ..budget import Budget
from ..fixpoint import least_fixed_point
from ..replacement import (
    BoundReplacement,
    Canonical,
    EnumerationLimit,
    bound_replacements,
    canonical,
    canonical_amounts,
)
from .events import (
    ManaEvent,
    base_outcomes,
    count_per,
    production_now,
    sacrifice_candidates,
    sorted_event,
    unmodelled_now,
)

__all__ = [
    "ProduceSolver",
    "base_supports",
    "clear_caches",
    "incomplete_answers",
    "mana_abilities",
    "produced_types",
    "produced_types_all",
    "producing_abilities",
    "referenced_lands",
    "solver_for",
    "type_only",
]


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


def producing_abilities(state: GameState, object_id: str
                        ) -> tuple[tuple[int, ActivatedAbility], ...]:
    """The permanent's activated abilities that would add mana if they resolved, with
    their 1-based numbers: what CR 106.7 counts. Its mana abilities (CR 605.1a) and also
    abilities that add mana but aren't mana abilities, because they target or are
    loyalty abilities (Deathrite Shaman's first ability, CR 605.1a's exceptions): "any
    type of mana that an ability of that permanent would produce if the ability were to
    resolve". Only abilities that work on the battlefield (CR 113.6).
    """
    acts = effective(state)[object_id].activated
    return tuple((i, a) for i, a in enumerate(acts, 1)
                 if a.mana is not None and a.zone is Zone.BATTLEFIELD)


def referenced_lands(state: GameState, perm: Permanent, prod: ManaProduction
                      ) -> tuple[str, ...]:
    """The lands a COULD_PRODUCE production looks at (CR 106.7), state-file order."""
    ref = prod.could_produce
    if ref is None:
        return ()
    chars = effective(state)
    mine = ref.lands in ("you", "sacrificed")
    flt = ref.filter
    return tuple(p.id for p in state.permanents
                 if chars[p.id].is_land and (p.controller == perm.controller) == mine
                 and (flt.is_empty or matches(flt, chars[p.id], p, state, perm.controller,
                                              perm.id)))


def _allowed(prod: ManaProduction, types: frozenset[ManaType]) -> frozenset[ManaType]:
    """"Any color" excludes colorless; "any type" includes it (CR 105.1, 106.1b)."""
    ref = prod.could_produce
    if ref is not None and ref.of == "color":
        return types - {ManaType.C}
    return types


#: The most application states the explanations of one question may explore, full
#: events and type-only graphs each (the answer itself has MAX_STATES).
EXPLAIN_STATES = 50_000
#: The same for the type-only graphs the explanations fall back to.
FALLBACK_STATES = 50_000

#: Productions whose events depend on nothing of the permanent itself (only on the
#: ability, and for could-produce on the lands it looks at): see ProduceSolver._twin_key.
_TWIN_KINDS = frozenset({ManaProductionKind.FIXED, ManaProductionKind.CHOICE,
                         ManaProductionKind.ANY_COLOR, ManaProductionKind.ONE_COLOR,
                         ManaProductionKind.COULD_PRODUCE,
                         ManaProductionKind.PRODUCED_TYPE,
                         ManaProductionKind.DIFFERENT_COLORS})


class ProduceSolver:
    """Everything could-produce knows about one state; built once, cached on it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._bound: dict[tuple[str, ActivatedAbility], tuple[BoundReplacement, ...]] = {}
        # (permanent id, id(ability)) -> (the ability, kept alive; its effects, canonical)
        self._canonical: dict[tuple[str, int], tuple[ActivatedAbility, Canonical]] = {}
        self._memo: dict[tuple[str, int, ManaEvent], frozenset[Amounts]] = {}
        self._types_memo: dict[tuple[str, int, frozenset[ManaType] | None],
                               frozenset[ManaType]] = {}
        self._refs: dict[tuple[str, ManaProduction], tuple[str, ...]] = {}
        self._by_canon: dict[tuple[int, ManaEvent], frozenset[Amounts]] = {}
        # The lands a could-produce ability looks at depend only on its controller and
        # whose lands it names: one tuple per (controller, mine, filter), shared (O(L) once).
        self._lands: dict[tuple[str, bool, ObjectFilter], tuple[str, ...]] = {}
        # id(one of those tuples) -> (the tuple, kept alive; its lands' classes).
        self._classes_of: dict[int, tuple[tuple[str, ...], frozenset[str]]] = {}
        self._ref_classes: dict[tuple[str, ManaProduction], frozenset[str]] = {}
        #: One budget for the whole question: every application state explored, in
        #: every replacement graph this state asks for (CR 616.1).
        self.budget = Budget()
        #: The explanations' own budgets (``--explain``): full events, then the
        #: smaller type-only graphs once that is spent (see explain.explain_could_produce).
        self.explain_budget = Budget(EXPLAIN_STATES)
        self.fallback_budget = Budget(FALLBACK_STATES)
        # The rest (the abilities, classes, dependency graph, what is left out) is
        # computed on first use: what one activation adds (the payment solver's
        # question, :meth:`outcomes`) needs none of it.

    @functools.cached_property
    def abilities(self) -> dict[str, tuple[tuple[int, ActivatedAbility], ...]]:
        """CR 106.7: every ability that would add mana if it resolved, targeted or not,
        by permanent."""
        return {p.id: producing_abilities(self.state, p.id) for p in self.state.permanents}

    @functools.cached_property
    def klass(self) -> dict[str, str]:
        """Each permanent's class: identical permanents are one node of the dependency
        graph (see :meth:`_twin_key`), named by the first of them."""
        klass: dict[str, str] = {}
        first: dict[Hashable, str] = {}
        for p in self.state.permanents:
            key = self._twin_key(p)
            klass[p.id] = p.id if key is None else first.setdefault(key, p.id)
        return klass

    @functools.cached_property
    def deps(self) -> dict[str, set[str]]:
        """Class representative -> the representatives of the classes it reads."""
        klass = self.klass
        deps: dict[str, set[str]] = {}
        for p in self.state.permanents:
            if klass[p.id] != p.id:
                continue
            d: set[str] = set()
            for _, ab in self.abilities[p.id]:
                if ab.mana is not None and ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
                    d |= self.ref_classes(p, ab.mana)
            deps[p.id] = d
        return deps

    @functools.cached_property
    def unmodelled(self) -> frozenset[str]:
        """Permanents with a mana ability the card format can't describe (left out)."""
        state = self.state
        return frozenset(
            pid for pid, abs_ in self.abilities.items()
            if any(ab.mana is not None
                   and unmodelled_now(state, state.permanent(pid), ab.mana)
                   for _, ab in abs_))

    @functools.cached_property
    def incomplete(self) -> frozenset[str]:
        """Answers that are lower bounds: the unmodelled permanents and everything that
        looks (transitively) at one of them (on classes: twins share their answer)."""
        klass = self.klass
        readers: dict[str, set[str]] = {}
        for c, d in self.deps.items():
            for x in d:
                readers.setdefault(x, set()).add(c)
        bad = {klass[pid] for pid in self.unmodelled}
        todo = list(bad)
        while todo:
            for r in readers.get(todo.pop(), ()):
                if r not in bad:
                    bad.add(r)
                    todo.append(r)
        return frozenset(pid for pid, c in klass.items() if c in bad)

    def _twin_key(self, perm: Permanent) -> Hashable | None:
        """What :meth:`_step` reads of ``perm``; equal keys give equal answers.

        ``None`` (a class of its own) unless every mana ability is one whose events
        depend only on the ability, its replacement effects and the lands it looks at
        (:data:`_TWIN_KINDS`: not the permanent's own chosen color, no "for each"
        count, no sacrificed permanent's mana value, nothing unmodelled).

        Two permanents with equal keys have the same step function and the same
        dependencies, so every Kleene iterate (from all-empty) gives them equal values,
        and so does the least fixed point: merging them into one node computes exactly
        the same answers (a hundred Reflecting Pools cost one node, not a hundred, and
        the edges between them are one self-loop, not L^2).
        """
        parts: list[Hashable] = [perm.controller]
        for num, ab in self.abilities[perm.id]:
            prod = ab.mana
            if prod is None or prod.kind not in _TWIN_KINDS or prod.instead is not None \
                    or prod.per is not None or prod.per_sacrificed_mana_value \
                    or prod.amount_of in ("power", "counters", "greatest_power",
                                          "basic_land_types", "revealed"):
                # (an "instead" condition, its power or its counters: the permanent's own)
                return None
            refs: Hashable = None
            if prod.kind is ManaProductionKind.COULD_PRODUCE:
                ref = prod.could_produce
                refs = None if ref is None else (ref.lands in ("you", "sacrificed"),
                                                 ref.filter)
            parts.append((num, ab, canonical(self.bound(perm, ab)), refs))
        return tuple(parts)

    @functools.cached_property
    def values(self) -> Mapping[str, frozenset[ManaType]]:
        """The least fixed point: what every permanent could produce (CR 106.7).

        Computed on first use: an activation whose ability doesn't look at what other
        permanents could produce never needs it (most payment questions). Solved on
        the classes of identical permanents (:meth:`_twin_key`), then read back per
        permanent."""
        solved = least_fixed_point(list(self.deps), self.deps, self._step)
        return {pid: solved[c] for pid, c in self.klass.items()}

    def try_values(self) -> Mapping[str, frozenset[ManaType]] | EnumerationLimit:
        """:attr:`values`, or the limit that stopped them (remembered: asked again, it
        answers at once instead of searching again)."""
        err = self.__dict__.get("_values_error")
        if isinstance(err, EnumerationLimit):
            return err
        try:
            return self.values
        except EnumerationLimit as e:
            self.__dict__["_values_error"] = e
            return e

    def bound(self, perm: Permanent, ab: ActivatedAbility) -> tuple[BoundReplacement, ...]:
        key = (perm.id, ab)
        if key not in self._bound:
            self._bound[key] = bound_replacements(self.state, perm, ab)
        return self._bound[key]

    def refs(self, perm: Permanent, prod: ManaProduction) -> tuple[str, ...]:
        key = (perm.id, prod)
        got = self._refs.get(key)
        if got is None:
            ref = prod.could_produce
            if ref is None:
                got = ()
            else:
                lands_key = (perm.controller, ref.lands in ("you", "sacrificed"),
                             ref.filter)
                got = self._lands.get(lands_key)
                if got is None:
                    got = self._lands[lands_key] = referenced_lands(self.state, perm, prod)
            self._refs[key] = got
        return got

    def ref_classes(self, perm: Permanent, prod: ManaProduction) -> frozenset[str]:
        """The classes (their representatives) of the lands ``prod`` looks at."""
        key = (perm.id, prod)
        got = self._ref_classes.get(key)
        if got is None:
            lands = self.refs(perm, prod)
            by_lands = self._classes_of.get(id(lands))
            if by_lands is None or by_lands[0] is not lands:
                by_lands = (lands, frozenset(self.klass[x] for x in lands))
                self._classes_of[id(lands)] = by_lands
            got = self._ref_classes[key] = by_lands[1]
        return got

    def candidates(self, perm: Permanent, prod: ManaProduction,
                   values: Mapping[str, frozenset[ManaType]],
                   sacrificed: str | None = None) -> frozenset[ManaType]:
        """The types a COULD_PRODUCE production may choose from, given ``values``."""
        # ``values`` is keyed by pid or by class representative (inside the fixed
        # point): a representative's value is its whole class's, so reading the
        # classes is the same as reading every land (and O(classes), not O(lands)).
        lands = frozenset({sacrificed}) if sacrificed is not None \
            else self.ref_classes(perm, prod)
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
            return frozenset(sorted_event(list(ab.mana.mana) * chars[c].mana_value)
                             for c in which if chars[c].mana_value > 0)
        cands = frozenset[ManaType]()
        if ab.mana.kind is ManaProductionKind.COULD_PRODUCE:
            cands = self.candidates(perm, ab.mana, values, sacrificed)
        return base_outcomes(self.state, perm, ab.mana, cands)

    def outcomes(self, perm: Permanent, ab: ActivatedAbility,
                 values: Mapping[str, frozenset[ManaType]],
                 sacrificed: str | None = None) -> frozenset[Amounts]:
        """Every event one activation could add, after replacement effects in every
        order (CR 616.1), with exact amounts (CR 107.1: no cap)."""
        key = (perm.id, id(ab))
        entry = self._canonical.get(key)
        if entry is None:
            entry = self._canonical[key] = (ab, canonical(self.bound(perm, ab)))
        canon = entry[1]
        events = self.base_events(perm, ab, values, sacrificed)
        if not canon[0]:  # no replacement effect applies to this ability
            return frozenset(Amounts.of(ev) for ev in events if ev)
        out: set[Amounts] = set()
        memo = self._memo
        for ev in events:
            got = memo.get((perm.id, key[1], ev))
            if got is None:
                got = memo[(perm.id, key[1], ev)] = canonical_amounts(
                    canon, Amounts.of(ev), self.budget)
            out |= got
        return frozenset(out)

    def type_effects(self, perm: Permanent, ab: ActivatedAbility) -> tuple[
            BoundReplacement, ...]:
        """The ability's replacement effects as they act on the *set* of types."""
        return tuple(type_only(b) for b in self.bound(perm, ab))

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
        types (see :func:`type_only`), so its size never depends on amounts.

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
        if any(b.only_if_at_least is not None for b in self.bound(perm, ab)):
            # Whether it applies depends on the amount ("tapped for two or more mana",
            # Damping Sphere), so the types come from the whole events.
            whole = frozenset(t for ev in self.outcomes(perm, ab, values, None)
                              for t in ev.types)
            self._types_memo[memo_key] = whole
            return whole
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
                got = self._by_canon[(id(canon), sup)] = canonical_amounts(
                    canon, Amounts.of(sup), self.budget)
            for ev in got:
                types.update(ev.types)
        result = self._types_memo[memo_key] = frozenset(types)
        return result

    def _step(self, pid: str, values: Mapping[str, frozenset[ManaType]]) -> frozenset[ManaType]:
        perm = self.state.permanent(pid)
        types: set[ManaType] = set()
        for _, ab in self.abilities[pid]:
            if ab.mana is not None and unmodelled_now(self.state, perm, ab.mana):
                continue  # left out, and the answer marked incomplete (see __init__)
            types |= self.type_outcomes(perm, ab, values)
        return frozenset(types)


@functools.lru_cache(maxsize=4096)
def type_only(b: BoundReplacement) -> BoundReplacement:
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
                            b.only_if_produces, b.only_if_at_least)


def base_supports(state: GameState, source: Permanent, prod: ManaProduction,
                  could_produce_types: frozenset[ManaType] = frozenset()
                  ) -> frozenset[ManaEvent]:
    """The sets of types (as sorted tuples, one of each) of :func:`base_outcomes`,
    computed without enumerating the events (so "X mana in any combination of colors"
    stays small)."""
    prod = production_now(state, source, prod)
    k = prod.kind
    n = count_per(state, source, prod)
    if n == 0:
        return frozenset()
    if k is ManaProductionKind.FIXED:
        return frozenset({sorted_event(list(set(prod.mana)))}) if prod.mana else frozenset()
    if k is ManaProductionKind.CHOICE:
        opts = sorted({frozenset(o) for o in prod.options if o}, key=lambda f: sorted(
            t.order for t in f))
        out: set[ManaEvent] = set()
        for size in range(1, min(n, len(opts)) + 1):
            for combo in itertools.combinations(opts, size):
                out.add(sorted_event(list(frozenset().union(*combo))))
        return frozenset(out)
    amount = prod.amount * n
    if amount == 0:
        return frozenset()
    if k is ManaProductionKind.ANY_COLOR:
        return frozenset(c for size in range(1, min(amount, 5) + 1)
                         for c in itertools.combinations(COLORS, size))
    if k is ManaProductionKind.DIFFERENT_COLORS:
        return frozenset(itertools.combinations(COLORS, prod.amount))
    if k is ManaProductionKind.ONE_COLOR and prod.amount_of != "devotion":
        return frozenset((c,) for c in COLORS)  # (any amount of one color: its type)
    return frozenset(sorted_event(list(set(ev))) for ev in
                     base_outcomes(state, source, ManaProduction(
                         prod.kind, prod.mana, prod.options, 1, prod.could_produce,
                         amount_of="devotion" if prod.amount_of == "devotion" else "",
                         or_add=prod.or_add, colors_of=prod.colors_of),
                         could_produce_types))


def solver_for(state: GameState) -> ProduceSolver:
    solver = state.__dict__.get("_could_produce_solver")
    if solver is None:
        solver = ProduceSolver(state)
        state.__dict__["_could_produce_solver"] = solver
    assert isinstance(solver, ProduceSolver)
    return solver


def produced_types_all(state: GameState) -> dict[str, frozenset[ManaType]]:
    """What the could-produce solver finds for every permanent on the battlefield
    (CR 106.7), in one call: the solver's sets, for the solvers' own use.

    Not an answer on its own: an effect it doesn't apply (an unread line) may make one
    not decided. The public answers are ``manacheck.solver.produce.decided``'s
    :func:`~manacheck.solver.produce.decided.could_produce_all` and
    :func:`~manacheck.solver.produce.decided.could_produce`, which say so.

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
    return dict(solver_for(state).values)


def incomplete_answers(state: GameState) -> frozenset[str]:
    """Permanents whose :func:`produced_types` answer is only a lower bound.

    These have a mana ability whose production isn't modelled (``unmodelled: true`` in
    the card data, e.g. Nykthos' devotion), or look at one that does (a Reflecting Pool
    beside such a land). Their listed types are certain; more may be possible.
    """
    return solver_for(state).incomplete


def produced_types(state: GameState, object_id: str) -> frozenset[ManaType]:
    """What the could-produce solver finds for the permanent ``object_id`` (CR 106.7):
    as :func:`produced_types_all`, not an answer on its own.

    Raises
    ------
    UnknownObject
        If there is no such permanent.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\n"
    ...                     "players: {A: {battlefield: [Island, Reflecting Pool]}}")
    >>> sorted(t.value for t in produced_types(s, "Reflecting Pool"))
    ['U']

    Rules
    -----
    CR 106.7 (see :func:`produced_types_all`).
    """
    state.permanent(object_id)
    return solver_for(state).values[object_id]


def clear_caches() -> None:
    """Empty the memo of :func:`type_only` (for timing runs from a cold start)."""
    type_only.cache_clear()
