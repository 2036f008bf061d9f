"""The legend rule's branches share work, and the answers stay those of each branch (issue 36).

With several copies of one legendary permanent pending the legend rule (CR 704.5j), a
question is asked of each state the choice could leave (CR 117.5). A verdict that
can't read the copies is solved once; interchangeable branches (the copies kept are
twins) are solved once each set. Every answer here is checked against the verdict
solved in each branch on its own, as the game would pose it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import abilities
from manacheck.solver.activation.branches import branch_shape, sees_moved
from manacheck.solver.activation.check import check
from manacheck.solver.activation.lookup import resolve_ability
from manacheck.solver.activation.verdict import Verdict
from manacheck.solver.settle import before_priority

KOZILEK = "Kozilek, the Great Distortion"
CARDS = """cards:
  - name: Bone Altar
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated: {cost: ["{1}", {sacrifice: {count: 1, filter: {types: [creature],
                                                                 controller: you}}}],
                    effects: [{kind: draw, count: 1}]}
  - name: Grave Warden
    mana_cost: "{1}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          targets: [{zone: graveyard, filter: {types: [creature]},
                     text: target creature card from a graveyard}]
          effects: [{kind: exile, target: 0}]
          text: "{T}: Exile target creature card from a graveyard."
  - name: Vizier Legend
    mana_cost: "{3}"
    supertypes: [Legendary]
    types: [Artifact, Creature]
    power: 1
    toughness: 1
    abilities:
      - static:
          kind: cost_modifier
          affected: {types: [creature]}
          params: {reduce: "{1}", applies_to: activated_abilities, minimum_mana: 1}
          text: Activated abilities of creatures cost {1} less to activate.
      - activated: {cost: "{2}{T}", effects: [{kind: draw, count: 1}]}
"""
OTHERS = ["Forest", "Llanowar Elves", "Springleaf Drum", "Bone Altar", "Voltaic Key",
          "Grave Warden", "Sol Ring", "Island"]


def board(perms: list[str], hand: str = "[Forest, Sol Ring]") -> GameState:
    return load_state_text(f"""
turn: {{active_player: A, phase: precombat_main}}
players:
  A: {{hand: {hand}, battlefield: [{", ".join(perms)}], graveyard: [Llanowar Elves]}}
  B: {{battlefield: [Forest]}}
{CARDS}""")


def perm(name: str, tapped: bool = False, sick: bool = False, counters: int = 0) -> str:
    extra = f', counters: {{"+1/+1": {counters}}}' if counters else ""
    return (f'{{card: "{name}", tapped: {str(tapped).lower()}, '
            f"summoning_sick: {str(sick).lower()}{extra}}}")


def each_branch(state: GameState, object_id: str, number: int) -> list[Verdict | None]:
    """The verdict in each branch solved on its own (None: it left the battlefield)."""
    out: list[Verdict | None] = []
    for branch in before_priority(state).branches:
        st = branch.state
        if object_id not in st or st.zone_of(object_id) != state.zone_of(object_id):
            out.append(None)
        else:
            out.append(check(st, object_id, number, "A"))
    return out


def same(a: Verdict, b: Verdict | None) -> bool:
    """The same verdict (the witness is one example of the ways: a legal one either
    way, compared apart)."""
    if b is None:
        return a.legal is False and a.reasons[0].rule == "704.3"
    return (replace(a, witness=None, state_based=()) == replace(b, witness=None)
            and (a.witness is None) == (b.witness is None))


def check_against_each_branch(state: GameState, fresh: GameState) -> None:
    """Every row of ``abilities`` on ``state`` is what solving each branch of ``fresh``
    (the same board, loaded again: no cache shared) gives."""
    rows = abilities(state, "A", count_ways=True)
    for object_id, number, got in rows:
        if number == 0:
            continue
        ref = each_branch(fresh, object_id, number)
        if got.by_choice:
            assert len(got.by_choice) == len(ref)
            for (_, v), r in zip(got.by_choice, ref, strict=True):
                assert same(v, r), (object_id, v, r)
        else:
            # (a copy that left the battlefield: not legal, no way, decided)
            said = (got.legal, got.ways, bool(got.undecided))
            assert all(((r.legal, r.ways, bool(r.undecided)) if r is not None
                        else (False, 0, False)) == said for r in ref), (object_id, got, ref)
            assert same(got, ref[0]), (object_id, got, ref[0])
            assert "the verdict is the same for every other choice" in got.state_based


@pytest.mark.cr("704.5j")
def test_kozilek_copies_move_and_elves_dont_read_them() -> None:
    s = board([perm(KOZILEK), perm(KOZILEK, tapped=True), perm(KOZILEK),
               perm("Llanowar Elves"), perm("Grave Warden"), perm("Bone Altar"),
               perm("Forest")])
    before = before_priority(s)
    shape = branch_shape(s, before)
    assert shape is not None and len(before.branches) == 3
    assert shape.moved == {KOZILEK, f"{KOZILEK}#2", f"{KOZILEK}#3"}
    # Keeping the first or third copy (untapped twins) are interchangeable branches.
    assert shape.rep == (0, 1, 0) and shape.pairs[2] == ((KOZILEK, f"{KOZILEK}#3"),)
    assert shape.inert  # Kozilek: a non-mana ability, a cast trigger, menace
    first = before.branches[0].state

    def sees(object_id: str) -> bool:
        return sees_moved(shape, before, object_id,
                          resolve_ability(first, object_id, 1)[1], "A")

    assert not sees("Llanowar Elves")
    assert sees("Grave Warden")  # a creature card in a graveyard: the copies put there
    assert sees("Bone Altar")  # mana to pay, and a creature to sacrifice
    assert sees(KOZILEK)  # a copy itself


@pytest.mark.cr("704.5j")
def test_a_legend_with_a_static_is_not_inert() -> None:
    s = board([perm("Vizier Legend"), perm("Vizier Legend", tapped=True),
               perm("Llanowar Elves")])
    shape = branch_shape(s, before_priority(s))
    assert shape is not None and not shape.inert


@pytest.mark.cr("704.5j")
def test_answers_per_choice_are_those_of_each_branch() -> None:
    # Tapped or untapped, the copy kept changes what Springleaf Drum can tap: its ways
    # differ by choice (and are given for each), and so do the copies' own verdicts.
    perms = [perm(KOZILEK), perm(KOZILEK, tapped=True), perm(KOZILEK, sick=True),
             perm("Springleaf Drum"), perm("Llanowar Elves", tapped=True),
             perm("Bone Altar"), perm("Grave Warden"), perm("Voltaic Key"),
             perm("Forest"), perm("Sol Ring")]
    s = board(perms)
    check_against_each_branch(s, board(perms))
    rows = {(o, n): v for o, n, v in abilities(s, "A")}
    drum = rows[("Springleaf Drum", 1)]
    assert drum.by_choice and len({v.ways for _, v in drum.by_choice}) == 2
    assert not rows[("Llanowar Elves", 1)].by_choice


@pytest.mark.cr("704.5j")
@pytest.mark.parametrize("seed", range(12))
def test_random_boards_match_each_branch(seed: int) -> None:
    rng = random.Random(seed)
    legend = rng.choice([KOZILEK, "Vizier Legend"])
    perms = [perm(legend, rng.random() < 0.4, rng.random() < 0.3,
                  rng.choice([0, 0, 1])) for _ in range(rng.randint(2, 4))]
    perms += [perm(rng.choice(OTHERS), rng.random() < 0.3, rng.random() < 0.3)
              for _ in range(rng.randint(3, 9))]
    rng.shuffle(perms)
    check_against_each_branch(board(perms), board(perms))
