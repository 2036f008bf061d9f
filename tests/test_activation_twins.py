"""Twins: identical permanents whose ability is solved once by ``abilities``.

``abilities`` solves one ability of each set of *twins* (same card, status, counters,
choices and effective characteristics, referred to by nothing else in the state) and
gives the others that verdict with the two objects exchanged. These tests check that
every row of ``abilities`` is what :func:`can_activate` says of that object alone, and
that objects something refers to (an Aura, an ability activated this turn) are never
treated as twins. The property test in ``test_activation_props.py`` replays every
witness ``abilities`` gives, twins' included.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import GameState, Permanent, StackItem, load_state_text
from manacheck.solver.activation import abilities, can_activate

from tests.test_activation_props import CARDS, replay

QUARRY = """
  - name: Quarry
    types: [Land]
    subtypes: [Forest]
    abilities:
      - activated: {cost: ["{1}", "{T}"], effects: [{kind: draw, count: 1}]}
  - name: Daily Engine
    mana_cost: "{1}"
    types: [Artifact]
    abilities:
      - activated: {cost: ["{T}"], once_each_turn: true, effects: [{kind: draw, count: 1}]}
"""


def rows(state: GameState, player: str = "Alice") -> dict[tuple[str, int], object]:
    return {(o, n): v for o, n, v in abilities(state, player)}


def same_as_alone(state: GameState, player: str = "Alice") -> None:
    """Every row of ``abilities`` equals ``can_activate`` asked of that object alone
    (legal, reasons, ways), and a legal row's witness replays (in the state the player
    gets priority in: after the legend rule, keeping the first, when two Kozileks make
    it pending, CR 117.5, 704.5j; a row that depends on the choice is not legal)."""
    from manacheck.solver.settle import before_priority

    after = before_priority(state).branches[0].state
    for (obj, n), v in rows(state, player).items():
        alone = can_activate(state, obj, n, player, find_fixes=False)
        got = (v.legal, v.reasons, v.ways, v.ways_complete)  # type: ignore[attr-defined]
        assert got == (alone.legal, alone.reasons, alone.ways, alone.ways_complete), \
            (obj, n, got, alone)
        assert v.object_id == obj  # type: ignore[attr-defined]
        if v.legal:  # type: ignore[attr-defined]
            assert replay(after, obj, n, v.witness), (obj, n, v)  # type: ignore[attr-defined]


def test_an_enchanted_land_is_not_a_twin_of_its_copies() -> None:
    # qa is enchanted by Wild Growth (tapped for mana, it adds an extra {G}). Paying
    # qa's {1}: qb or qc, which are interchangeable: 1 payment. Paying qb's {1}: qa
    # (which makes {G}{G}) or qc: 2 payments; qc likewise. Were qa taken for qb's twin,
    # qb would wrongly get qa's single way.
    s = load_state_text(f"""
turn: {{active_player: Alice}}
players:
  Alice:
    battlefield:
      - {{card: Quarry, id: qa}}
      - {{card: Quarry, id: qb}}
      - {{card: Quarry, id: qc}}
      - {{card: Wild Growth, attached_to: qa}}
  Bob: {{}}
cards:{QUARRY}""")
    r = rows(s)
    assert [r[(q, 2)].ways for q in ("qa", "qb", "qc")] == [1, 2, 2]  # type: ignore[attr-defined]
    same_as_alone(s)


def test_an_ability_activated_this_turn_is_not_shared_with_its_copy_602_5b() -> None:
    s = load_state_text(f"""
turn: {{active_player: Alice}}
players:
  Alice: {{battlefield: [{{card: Daily Engine, id: d1}}, {{card: Daily Engine, id: d2}},
                        {{card: Daily Engine, id: d3}}]}}
  Bob: {{}}
activated_this_turn: [{{object: d2, ability: 1}}]
cards:{QUARRY}""")
    r = rows(s)
    assert [r[(d, 1)].legal for d in ("d1", "d2", "d3")] == [True, False, True]  # type: ignore[attr-defined]
    assert [x.rule for x in r[("d2", 1)].reasons] == ["602.5b"]  # type: ignore[attr-defined]
    same_as_alone(s)


def test_twins_witnesses_name_their_own_object() -> None:
    # Three untapped Voltaic Keys: each witness taps its own Key ({T}) and pays {1}
    # with the Sol Ring.
    s = load_state_text("""
turn: {active_player: Alice}
players:
  Alice: {battlefield: [Sol Ring, Voltaic Key, Voltaic Key, Voltaic Key]}
  Bob: {}
""")
    for (obj, _), v in rows(s).items():
        if obj.startswith("Voltaic Key"):
            assert v.witness.tapped == (obj,)  # type: ignore[attr-defined]
    same_as_alone(s)


def test_the_fields_twins_are_judged_on_are_all_known() -> None:
    # twin_key and referenced_ids (solver/activation/twins.py) name these fields one by
    # one: a new field that could tell two permanents apart, or refer to one, must be
    # added there too.
    assert [f.name for f in dataclasses.fields(Permanent)] == [
        "id", "card", "controller", "owner", "tapped", "summoning_sick", "counters",
        "chosen", "token", "attached_to", "timestamp", "attacking", "blocking",
        "blocked", "attacked_this_turn", "damage"]
    assert {f.name for f in dataclasses.fields(GameState)} == {
        "players", "turn", "stack", "cards", "activated_this_turn", "events", "source",
        "effects"}
    assert "targets" in {f.name for f in dataclasses.fields(StackItem)}


# A board of few kinds of card, many copies, some tapped or sick, an Aura on one land.
TWIN_CARDS = ["Forest", "Sol Ring", "Llanowar Elves", "Voltaic Key", "Springleaf Drum",
              "Bone Altar", "Tap Engine", "Kozilek, the Great Distortion", "Quarry",
              "Ashnod's Altar"]


@st.composite
def twin_boards(draw: st.DrawFn) -> GameState:
    kinds = draw(st.lists(st.sampled_from(TWIN_CARDS), min_size=1, max_size=3, unique=True))
    perms = []
    for name in kinds:
        for _ in range(draw(st.integers(1, 3))):
            tapped, sick = draw(st.booleans()), draw(st.sampled_from([False, False, True]))
            perms.append(f'{{card: "{name}", id: "p{len(perms)}", tapped: '
                         f'{str(tapped).lower()}, summoning_sick: {str(sick).lower()}}}')
    lands = [i for i, p in enumerate(perms) if "Quarry" in p or "Forest" in p]
    if lands and draw(st.booleans()):
        perms.append(f'{{card: "Wild Growth", attached_to: "p{draw(st.sampled_from(lands))}"}}')
    hand = draw(st.lists(st.sampled_from(["Forest", "Sol Ring", "Fireball"]), max_size=2))
    stack = draw(st.lists(st.sampled_from(["Sol Ring", "Llanowar Elves"]), max_size=2))
    return load_state_text(f"""
turn: {{active_player: Alice}}
players:
  Alice: {{hand: [{", ".join(f'"{h}"' for h in hand)}], battlefield: [{", ".join(perms)}]}}
  Bob: {{battlefield: [Forest]}}
stack: [{", ".join(f'{{card: "{n}", controller: Bob}}' for n in stack)}]
{CARDS}{QUARRY}""")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(twin_boards())
def test_abilities_rows_equal_each_object_asked_alone(state: GameState) -> None:
    same_as_alone(state)
