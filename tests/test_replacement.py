"""Property tests: the application-state graph and the least fixed point against naive
references small enough to trust by reading.

* Replacement effects (CR 616.1, 616.1f, 614.5): :func:`replacement_outcomes` equals
  :func:`outcomes_by_permutations` (every permutation replayed, k <= 6), and every
  explanation path is a legal order that ends in its outcome.
* Could produce (CR 106.7): :func:`could_produce_all` equals a plain Kleene iteration
  that uses the permutation reference for replacement effects; it does not depend on
  the order of the permanents; adding a basic land never removes a type from a
  Reflecting Pool (monotone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.model import (
    MANA_TYPES,
    GameState,
    ManaType,
    load_state_data,
)
from manacheck.solver.fixpoint import least_fixed_point, naive_least_fixed_point
from manacheck.solver.naive import naive_could_produce, outcomes_by_permutations

# the solver's sets (the public answers' "not decided" is tested in test_unread_spells.py)
from manacheck.solver.produce import produced_types as could_produce
from manacheck.solver.produce import produced_types_all as could_produce_all
from manacheck.solver.replacement import (
    BoundReplacement,
    EnumerationLimit,
    ReplacementGraph,
    apply_replacement,
    replacement_applies,
    replacement_outcomes,
    to_vector,
)

types = st.sampled_from(MANA_TYPES)
type_sets = st.frozensets(types, min_size=1, max_size=2)


@st.composite
def effects(draw: st.DrawFn) -> BoundReplacement:
    kind = draw(st.sampled_from(["set", "set_amount", "multiply", "cases"]))
    only = draw(st.one_of(st.just(frozenset()), type_sets))
    i = draw(st.integers(0, 10**6))
    if kind == "set":
        return BoundReplacement(f"e{i}", "set", frozenset({draw(types)}),
                                only_if_produces=only)
    if kind == "set_amount":
        return BoundReplacement(f"e{i}", "contamination-like", frozenset({draw(types)}),
                                draw(st.integers(1, 2)), only_if_produces=only)
    if kind == "multiply":
        return BoundReplacement(f"e{i}", "multiply", multiply=draw(st.integers(2, 3)),
                                only_if_produces=only)
    return BoundReplacement(f"e{i}", "cases", draw(type_sets), only_if_produces=only)


events = st.lists(types, min_size=0, max_size=3).map(
    lambda ts: tuple(sorted(ts, key=lambda t: t.order)))


@pytest.mark.cr("616.1")
@settings(max_examples=150, deadline=None)
@given(st.lists(effects(), max_size=6), events)
def test_graph_equals_every_permutation(effs: list[BoundReplacement],
                                        event: tuple[ManaType, ...]) -> None:
    naive, _ = outcomes_by_permutations(effs, event)
    assert replacement_outcomes(effs, event) == naive
    assert ReplacementGraph(effs, event).outcomes == naive


@pytest.mark.cr("616.1f")
@settings(max_examples=100, deadline=None)
@given(st.lists(effects(), min_size=1, max_size=6), events.filter(bool))
def test_every_explanation_path_is_a_legal_order(effs: list[BoundReplacement],
                                                 event: tuple[ManaType, ...]) -> None:
    g = ReplacementGraph(effs, event)
    for out in g.outcomes:
        path = g.path_to(out)
        assert len({id(e) for e in path}) == len(path)  # CR 614.5: each at most once
        current = {to_vector(event)}
        for eff in path:
            current = {o for v in current if replacement_applies(eff, v)
                       for o in apply_replacement(eff, v)}
            assert current, "an effect on the path did not apply"
        finals = {v for v in current if not any(
            replacement_applies(e, v) for e in effs if all(e is not p for p in path))}
        assert to_vector(out) in finals


@pytest.mark.cr("614.5")
def test_identical_effects_collapse() -> None:
    reflections = [BoundReplacement(f"m{i}", "Mana Reflection", multiply=2) for i in range(16)]
    g = ReplacementGraph(reflections, (ManaType.G,))
    assert g.graph.number_of_nodes() == 17
    assert g.outcomes == frozenset({(ManaType.G,) * 2**16})
    assert [e.effect_id for e in g.path_to((ManaType.G,) * 2**16)] == [f"m{i}" for i in range(16)]


def test_enumeration_limit_says_so() -> None:
    distinct = [BoundReplacement(f"s{i}", "set", frozenset({t}))
                for i, t in enumerate(MANA_TYPES)]
    distinct += [BoundReplacement("m2", "x2", multiply=2), BoundReplacement("m3", "x3",
                                                                             multiply=3)]
    with pytest.raises(EnumerationLimit, match="stopped after 10 application states"):
        ReplacementGraph(distinct, (ManaType.G,), max_nodes=10)


# ---------------------------------------------------------------------------------------
# The least fixed point on random boards.
# ---------------------------------------------------------------------------------------

LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Tundra",
         "Reflecting Pool", "Exotic Orchard", "Reflecting Pool", "Exotic Orchard"]
OTHERS = ["Fellwar Stone", "Naga Vitalist", "Harvester Druid", "Squandered Resources"]
EFFECTS = ["Contamination", "Infernal Darkness", "Reality Twist", "Naked Singularity",
           "Mana Reflection"]

#: Layer-4/6 cards whose result doesn't depend on timestamps among themselves.
LAYERS = ["Blood Moon", "Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth",
          "Chromatic Lantern", "Cryptolith Rite", "Nyxbloom Ancient"]

permanent = st.sampled_from(LANDS + LANDS + OTHERS + EFFECTS + LAYERS)


def make_state(a: list[str], b: list[str], pale_moon: bool = False) -> GameState:
    data: dict[str, Any] = {
        "turn": {"active_player": "A"},
        "players": {
            "A": {"battlefield": [{"card": c, "id": f"a{i}"} for i, c in enumerate(a)]},
            "B": {"battlefield": [{"card": c, "id": f"b{i}"} for i, c in enumerate(b)]},
        },
    }
    if pale_moon:
        data["effects"] = [{"card": "Pale Moon", "controller": "A"}]
    return load_state_data(data)


boards = st.tuples(st.lists(permanent, max_size=7), st.lists(permanent, max_size=7),
                   st.booleans())
#: With Prismatic Omen too (its result against Blood Moon follows timestamps, CR 613.7,
#: so it stays out of the order-independence test).
boards_omen = st.tuples(st.lists(st.one_of(permanent, st.just("Prismatic Omen")), max_size=7),
                        st.lists(permanent, max_size=7), st.booleans())


@pytest.mark.cr("106.7")
@settings(max_examples=120, deadline=None)
@given(boards_omen)
def test_fixed_point_equals_naive_iteration(board: tuple[list[str], list[str], bool]) -> None:
    s = make_state(*board)
    assert could_produce_all(s) == naive_could_produce(s)


@pytest.mark.cr("106.7")
@settings(max_examples=60, deadline=None)
@given(boards, st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_order(board: tuple[list[str], list[str], bool],
                                         rnd: Any) -> None:
    a, b, pm = board
    s = make_state(a, b, pm)
    ia, ib = list(enumerate(a)), list(enumerate(b))
    rnd.shuffle(ia)
    rnd.shuffle(ib)
    data: dict[str, Any] = {
        "turn": {"active_player": "A"},
        "players": {
            "B": {"battlefield": [{"card": c, "id": f"b{i}"} for i, c in ib]},
            "A": {"battlefield": [{"card": c, "id": f"a{i}"} for i, c in ia]},
        },
    }
    if pm:
        data["effects"] = [{"card": "Pale Moon", "controller": "A"}]
    assert could_produce_all(load_state_data(data)) == could_produce_all(s)


@pytest.mark.cr("106.7")
@settings(max_examples=80, deadline=None)
@given(boards_omen,
       st.sampled_from(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]))
def test_adding_a_basic_land_never_removes_a_type_from_reflecting_pool(
        board: tuple[list[str], list[str], bool], basic: str) -> None:
    a, b, pm = board
    a = [*a, "Reflecting Pool"]
    before = could_produce(make_state(a, b, pm), f"a{len(a) - 1}")
    after = could_produce(make_state([*a, basic], b, pm), f"a{len(a) - 1}")
    assert before <= after


def test_fixpoint_module_matches_naive_on_a_cycle() -> None:
    # x = y | {1}; y = x | z; z = z (a self-loop that stays empty); w = {}.
    deps: Mapping[str, list[str]] = {"x": ["y"], "y": ["x", "z"], "z": ["z"], "w": []}

    def step(n: str, v: Mapping[str, frozenset[int]]) -> frozenset[int]:
        return {"x": v["y"] | {1}, "y": v["x"] | v["z"], "z": v["z"], "w": frozenset()}[n]

    got = least_fixed_point(["x", "y", "z", "w"], deps, step)
    assert got == naive_least_fixed_point(["x", "y", "z", "w"], step)
    assert got == {"x": {1}, "y": {1}, "z": frozenset(), "w": frozenset()}


def test_huge_events_are_exact() -> None:
    """Forty Mana Reflections on one {G}: each doubles the event (CR 616.1, 614.5: each
    applies once, in any order; doubling commutes), so the only outcome is 2^40 green
    mana, exactly (CR 107.1: no cap). The graph has 41 states (copies of one effect are
    interchangeable), never 2^40 of anything. (Replaces the old test that 40 Mana
    Reflections stopped at 100,000 mana.)"""
    from manacheck.solver.amounts import Amounts
    from manacheck.solver.replacement import ReplacementGraph, canonical, canonical_amounts

    reflections = [BoundReplacement(f"m{i}", "Mana Reflection", multiply=2)
                   for i in range(40)]
    got = canonical_amounts(canonical(reflections), Amounts.of((ManaType.G,)))
    assert got == {Amounts.one(ManaType.G, 2 ** 40)}
    graph = ReplacementGraph(reflections, (ManaType.G,))
    assert graph.graph.number_of_nodes() == 41
    assert graph.amounts == got
    assert len(graph.path_to(Amounts.one(ManaType.G, 2 ** 40))) == 40


def test_huge_events_are_not_listed_one_mana_at_a_time() -> None:
    """The tuple API (one element per mana) refuses an event it would have to build
    with more than MAX_LISTED_MANA elements, naming the exact amount; below it, the
    same answers as the exact one (2^16 = 65,536 mana from sixteen Reflections)."""
    from manacheck.solver.replacement import MAX_LISTED_MANA

    reflections = [BoundReplacement(f"m{i}", "Mana Reflection", multiply=2)
                   for i in range(40)]
    with pytest.raises(EnumerationLimit, match=f"1,099,511,627,776 mana .*the limit is "
                                               f"{MAX_LISTED_MANA:,}"):
        replacement_outcomes(reflections, (ManaType.G,))
    assert replacement_outcomes(reflections[:16], (ManaType.G,)) == {(ManaType.G,) * 2 ** 16}


def test_too_many_color_combinations_stop_with_a_message() -> None:
    from manacheck.solver.produce import activation_outcomes

    s = load_state_data({
        "turn": {"active_player": "A"},
        "players": {"A": {"battlefield": ["Wild Orchard", *["Forest"] * 60]}},
        "cards": [{"name": "Wild Orchard", "types": ["Land"], "abilities": [
            {"activated": {"cost": "{T}", "mana": {"any_color": 1,
                                                   "per": {"types": ["land"]}}}}]}],
    })
    with pytest.raises(EnumerationLimit, match="different combinations of mana"):
        activation_outcomes(s, "Wild Orchard", 1)


@pytest.mark.cr("616.1f")
@settings(max_examples=150, deadline=None)
@given(st.lists(effects(), max_size=6), st.lists(types, min_size=1, max_size=4))
def test_types_follow_from_the_set_of_types(effs: list[BoundReplacement],
                                            event: list[ManaType]) -> None:
    # could-produce runs the process on each event's set of types with amounts dropped
    # (produce.type_only); the types reached must be those of the full events.
    from manacheck.solver.produce import type_only

    ev = tuple(sorted(event, key=lambda t: t.order))
    support = tuple(sorted(set(event), key=lambda t: t.order))
    full = {t for o in outcomes_by_permutations(effs, ev)[0] for t in o}
    small = {t for o in replacement_outcomes([type_only(e) for e in effs], support)
             for t in o}
    assert small == full


def test_could_produce_needs_no_enumeration_of_amounts() -> None:
    s = load_state_data({
        "turn": {"active_player": "A"},
        "players": {"A": {"battlefield": ["Wild Orchard", "Mana Reflection",
                                          *["Forest"] * 60]}},
        "cards": [{"name": "Wild Orchard", "types": ["Land"], "abilities": [
            {"activated": {"cost": "{T}", "mana": {"any_color": 1,
                                                   "per": {"types": ["land"]}}}}]}],
    })
    assert could_produce(s, "Wild Orchard") == frozenset(MANA_TYPES) - {ManaType.C}


def test_a_canonical_effect_is_described_without_an_empty_name() -> None:
    # canonical() drops names so that equal situations share a cache; a limit message
    # made from one still reads as English ("after a replacement effect: amount x3").
    from manacheck.solver.replacement import BoundReplacement, canonical

    _, reps = canonical([BoundReplacement("n1", "Nyxbloom Ancient", multiply=3)])
    assert reps[0].describe() == "a replacement effect: amount x3"
    assert BoundReplacement("n1", "Nyxbloom Ancient", multiply=3).describe() == \
        "Nyxbloom Ancient (n1): amount x3"
