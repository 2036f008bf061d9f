"""Replacement effects on one mana event, in every order the player may choose.

A mana ability's event can be modified by several replacement effects (Contamination,
Infernal Darkness, Pale Moon, Reality Twist, Naked Singularity, Mana Reflection, ...).
The player whose mana it is picks one to apply, then picks again among those that
still apply to the modified event, and so on (CR 616.1, 616.1f); each applies at most
once (CR 614.5). "Could produce" (CR 106.7) is the union over every such order.

Instead of trying the k! orders, :class:`ReplacementGraph` explores the graph of
*application states* lazily, as a networkx ``DiGraph``: a node is (which effects have
been applied, the event as it now stands); an edge applies one effect that still
applies; identical nodes are merged, and copies of the same effect (two Mana
Reflections) are interchangeable, so commuting effects collapse. The sinks are the
outcomes, and the explanation of an outcome is a path to it. The work grows with the
number of distinct intermediate states, not with k!.

:func:`manacheck.solver.naive.outcomes_by_permutations` is the reference the tests
and benchmarks compare against: every permutation, replayed with the 616.1f re-check,
no merging.

Rules
-----
CR 106.12b, 614.1a: effects that replace what a mana ability produces.
CR 616.1, 616.1f: the affected player chooses the order; after each, re-check which
effects still apply.
CR 614.5: a replacement effect applies at most once to an event.
CR 106.7: "could produce" considers replacement effects in any possible order.
CR 107.1: amounts are whole numbers with no cap: events are exact counts per type
(:class:`~manacheck.solver.amounts.Amounts`), never one element per mana, so thirty
Nyxbloom Ancients (3^30 mana from one Forest) are one small node.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manacheck.model import (
    MANA_TYPES,
    ActivatedAbility,
    GameState,
    ManaReplacement,
    ManaType,
    Permanent,
    StaticAbility,
    effective,
    matches,
)

from .amounts import Amounts
from .budget import EnumerationLimit

if TYPE_CHECKING:
    import networkx as nx

    from .budget import Budget

__all__ = [
    "MAX_LISTED_MANA",
    "MAX_NODES",
    "BoundReplacement",
    "EnumerationLimit",
    "ManaEvent",
    "ReplacementGraph",
    "apply_replacement",
    "bound_replacements",
    "canonical",
    "canonical_amounts",
    "canonical_outcomes",
    "clear_caches",
    "from_vector",
    "listed",
    "replacement_applies",
    "replacement_outcomes",
    "replacement_sources",
    "to_vector",
]

#: One mana event: the mana added, as a sorted tuple (a multiset), WUBRGC order.
ManaEvent = tuple[ManaType, ...]
#: The same event as counts per type in WUBRGC order (compact for big multipliers).
Vector = tuple[int, int, int, int, int, int]

#: The most application states one graph may explore before it stops and says so.
#: A question's total is bounded by its :class:`~manacheck.solver.budget.Budget`.
MAX_NODES = 200_000
#: The most mana an event may hold where it is *listed* one mana at a time (the tuple
#: API: :attr:`ReplacementGraph.outcomes`, :func:`replacement_outcomes`,
#: :func:`canonical_outcomes`). Amounts themselves have no cap (:attr:`ReplacementGraph.
#: amounts`, :func:`canonical_amounts`); the payment and could-produce solvers use those.
MAX_LISTED_MANA = 100_000

_INDEX = {t: i for i, t in enumerate(MANA_TYPES)}


def to_vector(event: Iterable[ManaType]) -> Vector:
    v = [0] * 6
    for t in event:
        v[_INDEX[t]] += 1
    return (v[0], v[1], v[2], v[3], v[4], v[5])


def from_vector(v: Vector) -> ManaEvent:
    return tuple(t for t, n in zip(MANA_TYPES, v, strict=True) for _ in range(n))


@dataclass(frozen=True, slots=True)
class BoundReplacement:
    """A mana replacement effect as it applies to one source's mana event.

    ``set_types``: the mana becomes all of one of these types, the player's choice
    (one type for Infernal Darkness; a land with two matching land types under Reality
    Twist offers both, per its 2013-04-15 ruling); ``None`` keeps the types.
    ``set_amount``: the amount becomes this ("instead of any other type and amount",
    Contamination). ``multiply``: every mana is produced this many times (Mana
    Reflection 2, Nyxbloom Ancient 3). ``only_if_produces``: the effect applies only
    while the event contains one of these types (re-checked per CR 616.1f).
    ``effect_id`` / ``name``: the permanent whose static ability creates it.
    """

    effect_id: str
    name: str
    set_types: frozenset[ManaType] | None = None
    set_amount: int | None = None
    multiply: int | None = None
    only_if_produces: frozenset[ManaType] = frozenset()
    only_if_at_least: int | None = None

    @property
    def key(self) -> tuple[object, ...]:
        """What the effect does, without who creates it: equal keys are interchangeable."""
        st = None if self.set_types is None else tuple(sorted(t.order for t in self.set_types))
        only = tuple(sorted(t.order for t in self.only_if_produces))
        return (st, self.set_amount, self.multiply, only, self.only_if_at_least)

    def describe(self) -> str:
        parts = []
        if self.set_types is not None:
            parts.append("type -> " + "/".join(t.value for t in
                                                sorted(self.set_types, key=lambda t: t.order)))
        if self.set_amount is not None:
            parts.append(f"amount -> {self.set_amount}")
        if self.multiply is not None:
            parts.append(f"amount x{self.multiply}")
        if self.only_if_at_least is not None:
            parts.append(f"if {self.only_if_at_least} or more mana")
        what = ", ".join(parts or ["no change"])
        if not self.name:  # a canonical representative (``canonical``): no object named
            return "a replacement effect: " + what
        who = self.name if self.effect_id in ("", self.name) else f"{self.name} ({self.effect_id})"
        return f"{who}: " + what


def replacement_applies(eff: BoundReplacement, event: Vector) -> bool:
    """CR 616.1f: whether the effect applies to the event as it now stands."""
    if sum(event) == 0:
        return False
    if eff.only_if_at_least is not None and sum(event) < eff.only_if_at_least:
        return False  # "tapped for two or more mana" (Damping Sphere)
    if eff.only_if_produces:
        return any(event[_INDEX[t]] for t in eff.only_if_produces)
    return True


def apply_replacement(eff: BoundReplacement, event: Vector) -> frozenset[Vector]:
    """Every event the effect could turn ``event`` into (one per choice of type)."""
    total = sum(event)
    amount = eff.set_amount if eff.set_amount is not None else total
    outs: set[Vector] = set()
    if eff.set_types is not None:
        for t in eff.set_types:
            v = [0] * 6
            v[_INDEX[t]] = amount
            outs.add(_vec(v))
    elif eff.set_amount is not None:
        # An amount without a type: the mana is of one of the types it had.
        for i, n in enumerate(event):
            if n:
                v = [0] * 6
                v[i] = amount
                outs.add(_vec(v))
    else:
        outs.add(event)
    if eff.multiply is not None:
        m = eff.multiply
        outs = {_vec([n * m for n in v]) for v in outs}
    return frozenset(outs)


def _vec(v: Sequence[int]) -> Vector:
    return (v[0], v[1], v[2], v[3], v[4], v[5])


def listed(events: Iterable[Amounts]) -> frozenset[ManaEvent]:
    """Events as sorted tuples of types (one element per mana).

    Raises
    ------
    EnumerationLimit
        If one holds more than :data:`MAX_LISTED_MANA` mana (it is never built).
    """
    out: set[ManaEvent] = set()
    for e in events:
        got = e.listed(MAX_LISTED_MANA)
        if got is None:
            raise EnumerationLimit(
                f"a mana event of {e.total:,} mana ({e.text}) can't be listed one mana at "
                f"a time (the limit is {MAX_LISTED_MANA:,})",
                suggestion="ask the payment or could-produce solver, which keep amounts "
                           "exact")
        out.add(got)
    return frozenset(out)


def bound_replacements(
    state: GameState, source: Permanent, ability: ActivatedAbility
) -> tuple[BoundReplacement, ...]:
    """The mana replacement effects that would apply when ``ability`` of ``source`` is
    activated by its controller, bound to that source (state-file order).

    Rules
    -----
    CR 106.12b: "tapped for mana" means a mana ability with {T} in its cost (the
    rulings of Mana Reflection and Nyxbloom Ancient); Squandered Resources'
    sacrifice ability is not tapping. CR 614.1a: "instead".
    """
    if ability.mana is None:
        return ()
    chars = effective(state)
    src_chars = chars[source.id]
    out: list[BoundReplacement] = []
    for eff_id, eff_name, controller, r in replacement_sources(state):
        if r.tapped_for_mana and not ability.tap:
            continue
        # "If you tap": the tapping player is the source's controller.
        if r.player == "you" and controller != source.controller:
            continue
        if r.player == "opponent" and controller == source.controller:
            continue
        if not matches(r.source, src_chars, source, state, controller, eff_id):
            continue
        set_types: frozenset[ManaType] | None = None
        if r.cases:
            set_types = frozenset(t for f, t in r.cases
                                  if matches(f, src_chars, source, state, controller, eff_id))
            if not set_types:
                continue  # no case names this source: the effect doesn't apply
        elif r.set_type is not None:
            set_types = frozenset({r.set_type})
        out.append(BoundReplacement(eff_id, eff_name, set_types, r.set_amount,
                                    r.multiply, r.only_if_produces, r.only_if_at_least))
    return tuple(out)


def replacement_sources(state: GameState
                         ) -> list[tuple[str, str, str, ManaReplacement]]:
    """Every mana replacement effect in the state: static abilities of permanents (as
    they now are: Blood Moon may have removed a land's), then continuous effects of
    resolved spells (CR 611.2a: Pale Moon). Cached on the state."""
    cached: list[tuple[str, str, str, ManaReplacement]] | None = state.__dict__.get(
        "_mana_replacement_sources")
    if cached is not None:
        return cached
    chars = effective(state)
    found: list[tuple[str, str, str, ManaReplacement]] = []
    for p in state.permanents:
        for ab in chars[p.id].abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "mana_replacement" \
                    and ab.replacement is not None:
                found.append((p.id, p.card.name, p.controller, ab.replacement))
    for e in state.effects:
        for ab in e.card.abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "mana_replacement" \
                    and ab.replacement is not None:
                found.append((e.id, e.card.name, e.controller, ab.replacement))
    state.__dict__["_mana_replacement_sources"] = found
    return found


# ---------------------------------------------------------------------------------------
# The application-state graph.
# ---------------------------------------------------------------------------------------

#: (how many copies of each distinct effect have been applied, the event).
Node = tuple[tuple[int, ...], Vector]


class ReplacementGraph:
    """The graph of application states of some replacement effects on one event.

    Parameters
    ----------
    effects : sequence of BoundReplacement
        The effects that could apply (each at most once, CR 614.5).
    event : iterable of ManaType, or Amounts
        The mana the ability would produce before replacement (exact counts; no cap
        on amounts, CR 107.1).
    max_nodes : int
        Exploration stops with :class:`EnumerationLimit` past this many states.
    budget : Budget, optional
        The question's budget, shared with its other graphs: charged one state at a
        time as the graph grows (not after), and
        :class:`~manacheck.solver.budget.BudgetExhausted` is raised when it is spent.

    Attributes
    ----------
    graph : networkx.DiGraph
        Nodes ``(applied, event)`` where ``applied[i]`` counts the copies of the
        ``i``-th distinct effect applied; edges carry ``effect`` (that index) and
        ``copy`` (which copy: its effect_id via :attr:`classes`).
    root : Node
    classes : tuple of tuple of BoundReplacement
        Interchangeable effects grouped by :attr:`BoundReplacement.key`, in first-seen
        order.

    Notes
    -----
    Breadth-first from the root; a node's successors are the results of applying
    each not-yet-exhausted effect class that still applies (CR 616.1f). Merging
    identical nodes makes the cost O(states x classes) instead of O(k!): 16 commuting
    distinct effects give 2^16 states, 16 copies of one effect give 17.

    Rules
    -----
    CR 616.1, 616.1f, 614.5, 106.7 (see the module docstring).
    """

    def __init__(self, effects: Sequence[BoundReplacement],
                 event: Iterable[ManaType] | Amounts,
                 *, max_nodes: int = MAX_NODES, budget: Budget | None = None) -> None:
        groups: dict[tuple[object, ...], list[BoundReplacement]] = {}
        for e in effects:
            groups.setdefault(e.key, []).append(e)
        self.classes: tuple[tuple[BoundReplacement, ...], ...] = tuple(
            tuple(g) for g in groups.values())
        self.root: Node = (tuple(0 for _ in self.classes), Amounts.of(event).counts)
        import networkx as nx  # lazy: most CLI runs never need it

        self.graph: nx.DiGraph = nx.DiGraph()
        self.graph.add_node(self.root)
        self._explore(max_nodes, budget)

    def _where(self) -> str:
        return f"{sum(len(c) for c in self.classes)} replacement effects on " + (
            Amounts(self.root[1]).text or "nothing")

    def _explore(self, max_nodes: int, budget: Budget | None) -> None:
        # Plain dicts while exploring (networkx per-edge calls cost more than the
        # search); the DiGraph is built once at the end.
        seen: set[Node] = {self.root}
        edges: list[tuple[Node, Node, dict[str, int]]] = []
        queue: deque[Node] = deque([self.root])
        classes = self.classes
        where = self._where() if budget is not None else ""
        if budget is not None:
            budget.spend(1, where)  # the root
        applied_cache: dict[tuple[int, Vector], frozenset[Vector]] = {}
        while queue:
            node = queue.popleft()
            applied, ev = node
            for i, cls in enumerate(classes):
                if applied[i] >= len(cls):
                    continue
                eff = cls[applied[i]]
                results = applied_cache.get((i, ev))
                if results is None:
                    results = (apply_replacement(eff, ev) if replacement_applies(eff, ev)
                               else frozenset())
                    applied_cache[(i, ev)] = results
                if not results:
                    continue
                nxt_applied = (*applied[:i], applied[i] + 1, *applied[i + 1:])
                label = {"effect": i}
                for out in results:
                    nxt = (nxt_applied, out)
                    if nxt not in seen:
                        if budget is not None:  # charged as the graph grows
                            budget.spend(1, where)
                        if len(seen) >= max_nodes:
                            raise EnumerationLimit(
                                f"stopped after {max_nodes:,} application states of "
                                f"{sum(len(c) for c in classes)} replacement effects",
                                suggestion="remove some replacement effects from the state")
                        seen.add(nxt)
                        queue.append(nxt)
                    edges.append((node, nxt, label))
        self.graph.add_nodes_from(seen)
        self.graph.add_edges_from(edges)

    @property
    def sinks(self) -> list[Node]:
        """Nodes where no effect still applies: the finished events (CR 616.1)."""
        return [n for n in self.graph if self.graph.out_degree(n) == 0]

    @property
    def amounts(self) -> frozenset[Amounts]:
        """The finished events, exact; an event of no mana is no outcome (nothing is
        added)."""
        return frozenset(Amounts(n[1]) for n in self.sinks if any(n[1]))

    @property
    def outcomes(self) -> frozenset[ManaEvent]:
        """The finished events as sorted tuples of types (see :func:`listed`: at most
        :data:`MAX_LISTED_MANA` mana each, else :class:`EnumerationLimit`)."""
        return listed(self.amounts)

    def path_to(self, outcome: Iterable[ManaType] | Amounts) -> list[BoundReplacement]:
        """One order of effects (a shortest one) that ends in ``outcome``.

        Raises
        ------
        KeyError
            If ``outcome`` is not an outcome of this graph.
        """
        target = Amounts.of(outcome).counts
        sinks = [n for n in self.sinks if n[1] == target]
        if not sinks:
            raise KeyError(outcome)
        import networkx as nx

        best = min((nx.shortest_path(self.graph, self.root, s) for s in sinks), key=len)
        used = [0] * len(self.classes)
        order: list[BoundReplacement] = []
        for a, b in itertools.pairwise(best):
            i = self.graph.edges[a, b]["effect"]
            order.append(self.classes[i][used[i]])
            used[i] += 1
        return order


#: (classes, reps, event) -> outcomes: shared by every state and question (what the
#: effects do, not who creates them). Plain dict (not lru_cache) so that a hit costs
#: no budget and a miss is charged to the asking question's budget.
_OUTCOMES: dict[tuple[tuple[tuple[tuple[object, ...], int], ...],
                      tuple[BoundReplacement, ...], Vector], frozenset[Amounts]] = {}
_OUTCOMES_MAX = 65536


def _outcomes_cached(classes: tuple[tuple[tuple[object, ...], int], ...], reps: tuple[
        BoundReplacement, ...], event: Vector, budget: Budget | None = None
                     ) -> frozenset[Amounts]:
    key = (classes, reps, event)
    hit = _OUTCOMES.get(key)
    if hit is not None:
        return hit
    effects = [r for r, (_, n) in zip(reps, classes, strict=True) for _ in range(n)]
    got = ReplacementGraph(effects, Amounts(event), budget=budget).amounts
    if len(_OUTCOMES) >= _OUTCOMES_MAX:
        _OUTCOMES.clear()
    _OUTCOMES[key] = got
    return got


#: What a list of effects does, independent of who creates them: (key, copies) per
#: class with a representative each, in a canonical order. Cache key for outcomes.
Canonical = tuple[tuple[tuple[tuple[object, ...], int], ...], tuple[BoundReplacement, ...]]


def clear_caches() -> None:
    """Empty the memo of replacement outcomes (for timing runs from a cold start)."""
    _OUTCOMES.clear()
    _canonical_cached.cache_clear()


def canonical(effects: Sequence[BoundReplacement]) -> Canonical:
    """Group interchangeable effects and drop ids, so equal situations share a cache.

    Interned: equal inputs give the identical object (callers may memoize on it)."""
    return _canonical_cached(tuple(effects))


@functools.lru_cache(maxsize=16384)
def _canonical_cached(effects: tuple[BoundReplacement, ...]) -> Canonical:
    groups: dict[tuple[object, ...], list[BoundReplacement]] = {}
    for e in effects:
        groups.setdefault(e.key, []).append(e)
    keys = sorted(groups, key=repr)
    reps = tuple(BoundReplacement("", "", groups[k][0].set_types, groups[k][0].set_amount,
                                  groups[k][0].multiply, groups[k][0].only_if_produces,
                                  groups[k][0].only_if_at_least)
                 for k in keys)
    return tuple((k, len(groups[k])) for k in keys), reps


def replacement_outcomes(effects: Sequence[BoundReplacement],
                         event: Iterable[ManaType]) -> frozenset[ManaEvent]:
    """Every event that ``event`` could end as, over every order (CR 616.1).

    Cached on what the effects do, not who creates them, so it is shared between
    sources and states (see :func:`canonical_outcomes`).

    Examples
    --------
    >>> from manacheck.model import ManaType as T
    >>> contamination = BoundReplacement("c", "Contamination", frozenset({T.B}), 1)
    >>> reflection = BoundReplacement("m", "Mana Reflection", multiply=2)
    >>> sorted(replacement_outcomes([contamination, reflection], [T.G]))
    [(ManaType.B,), (ManaType.B, ManaType.B)]

    Rules
    -----
    CR 616.1, 616.1f, 614.5.
    """
    return canonical_outcomes(canonical(effects), event)


def canonical_outcomes(canon: Canonical, event: Iterable[ManaType],
                       budget: Budget | None = None) -> frozenset[ManaEvent]:
    """:func:`replacement_outcomes` for effects already put in :func:`canonical` form
    (callers asking about many events of one source compute it once); a graph it
    has to build is charged to ``budget`` (a remembered answer costs nothing).
    Events are listed (:func:`listed`); :func:`canonical_amounts` keeps them exact."""
    return listed(canonical_amounts(canon, Amounts.of(event), budget))


def canonical_amounts(canon: Canonical, event: Amounts, budget: Budget | None = None
                      ) -> frozenset[Amounts]:
    """:func:`canonical_outcomes` with exact amounts (no cap, CR 107.1): the graph's
    nodes are counts per type, so 3^30 mana cost no more than 3.

    Rules
    -----
    CR 616.1, 616.1f, 614.5, 107.1.
    """
    if not event:
        return frozenset()
    classes, reps = canon
    if not classes:
        return frozenset({event})
    return _outcomes_cached(classes, reps, event.counts, budget)
