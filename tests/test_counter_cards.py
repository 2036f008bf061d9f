"""Tatterkite, Blightbeetle, March of the Machines and Branching Evolution (issue 16,
"not expressible today"), alone and with The Ozolith.

Every expected answer is derived by hand from the Comprehensive Rules and the cards'
official rulings (quoted in the boards of ``examples/rulings/`` and in the docstrings
here), never read from our own output. Where XMage has a test of the same board
(``TheOzolithTest``, Mage.Tests, org.mage.test.cards.single.iko), it is named.

Rules
-----
CR 122.5 (moving a counter: a counter that can't be put onto the second object isn't
removed from the first), 122.6 (putting counters, also as a permanent enters), 614.1a
and 616.1 (replacement effects, their order), 614.12 (how a permanent enters), 613.1d,
613.4b and 613.6 (layer 4 type change, layer 7b power and toughness, the same objects),
603.10a (leaves-the-battlefield abilities look back), 704.5f and 704.5q (state-based
actions), 702.16b (protection from a color: targeting), 302.6 (summoning sickness),
118.3 (a cost that can't be paid).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from manacheck.model import GameState, effective, load_state, load_state_text
from manacheck.model.characteristics import full_characteristics
from manacheck.model.placing import place_counters
from manacheck.model.state import Counters
from manacheck.solver.activation import can_activate
from manacheck.solver.resolution import Outcome, Unsupported, outcomes, resolve

from manacheck.cli import main

RULINGS = Path(__file__).resolve().parents[1] / "examples" / "rulings"


def board(name: str) -> GameState:
    return load_state(RULINGS / f"{name}.yaml")


def done(st: GameState, events: list[Any] | None = None) -> Outcome:
    out = resolve(st, events)
    assert out.complete, (out.open_choice, out.stopped)
    # The characteristics derived step by step equal those computed from nothing.
    assert dict(effective(out.state)) == full_characteristics(out.state)
    return out


def counters(st: GameState, oid: str) -> dict[str, int]:
    return st.permanent(oid).counters.as_dict()


def rules(out: Outcome) -> set[str]:
    return {r for e in out.log for r in e.rules}


def text(out: Outcome) -> str:
    return "\n".join(e.text for e in out.log)


def state(battlefields: dict[str, list[Any]], extra: str = "") -> GameState:
    """A board: each player's battlefield (card names or permanent entries)."""
    import yaml

    players = {p: {"battlefield": bf, "library_size": 10} for p, bf in battlefields.items()}
    data = {"turn": {"active_player": next(iter(battlefields)), "phase": "precombat_main"},
            "players": players}
    return load_state_text(yaml.safe_dump(data, sort_keys=False) + extra)


OZ = "The Ozolith"
ELVES = "Llanowar Elves"


def move_onto(target: str) -> list[Any]:
    """The Ozolith's beginning-of-combat ability, targeting ``target``, moved: yes."""
    return ["beginning_of_combat", {"choose": {"target": target}}, {"resolve": "top"},
            {"choose": {"may": True}}]


# ---- Tatterkite ----------------------------------------------------------------------


@pytest.mark.cr("122.5")
def test_ozolith_cant_move_counters_onto_tatterkite_122_5() -> None:
    """XMage TheOzolithTest.testTheOzolithCantGiveAnyCounters; Tatterkite rulings
    2008-05-01; CR 122.5: the counters stay on The Ozolith."""
    out = done(board("tatterkite-ozolith-move"))
    assert counters(out.state, OZ) == {"+1/+1": 2, "flying": 1}
    assert counters(out.state, "Tatterkite") == {}
    assert "122.5" in rules(out)
    assert "resolves" in text(out)  # the ability isn't countered (ruling)
    assert out.state.stack == ()


@pytest.mark.cr("122.6")
def test_tatterkite_gets_no_counter_of_any_kind_but_others_do_122_6() -> None:
    """Tatterkite rulings 2008-05-01: "prevents any kind of counter ... not just -1/-1
    counters"; "If it would put counters on any other creatures, it continues to do
    so"."""
    st = state({"Alice": ["Tatterkite", ELVES]})
    out = done(st, [{"put_counters": {"objects": ["Tatterkite", ELVES],
                                      "counters": {"-1/-1": 1, "+1/+1": 2,
                                                   "hexproof": 1}}}])
    assert counters(out.state, "Tatterkite") == {}
    assert counters(out.state, ELVES) == {"+1/+1": 1, "hexproof": 1}  # 704.5q: one pair
    assert out.state.zone_of("Tatterkite") == "battlefield"
    chars = effective(out.state)["Tatterkite"]
    assert (chars.power, chars.toughness) == (2, 1) and "Hexproof" not in chars.keywords


@pytest.mark.cr("614.12")
def test_tatterkite_with_persist_returns_without_a_counter_614_12() -> None:
    """Tatterkite ruling 2008-05-01: granted persist, "it returns to the battlefield
    without a -1/-1 counter on it" (so it would persist again)."""
    out = done(board("tatterkite-persist-enters-without-counters"))
    assert out.state.zone_of("Tatterkite") == "battlefield"
    assert counters(out.state, "Tatterkite") == {}


TATTERED_WALKER = """
cards:
  - name: Tattered Walker
    mana_cost: "{X}{X}"
    types: [Artifact, Creature]
    power: 0
    toughness: 0
    abilities:
      - static: {kind: enters_with_counters, counter: "+1/+1", count: X}
      - static: {kind: cant_have_counters, self_only: true}
      - triggered:
          event: dies
          self_only: true
          effects: [{kind: create_tokens, token: Thopter, per_counter: "+1/+1"}]
"""


@pytest.mark.cr("614.12")
def test_x_counters_on_a_permanent_that_cant_have_counters_614_12() -> None:
    """Hangarback Walker's text with Tatterkite's ability ("Tattered Walker", a test
    card): Tatterkite ruling 2008-05-01, "it enters the battlefield but doesn't have
    those counters": a 0/0, it dies (CR 704.5f) and makes no Thopter (no +1/+1 counter
    on it as it last existed, CR 608.2h)."""
    st = load_state_text("turn: {active_player: Alice, phase: precombat_main}\n"
                         "players:\n  Alice:\n    hand: [Tattered Walker]\n"
                         + TATTERED_WALKER)
    out = done(st, [{"cast": {"card": "Tattered Walker", "x": 3}}, {"resolve": "all"}])
    assert out.state.zone_of("Tattered Walker") == "graveyard"
    assert not [p for p in out.state.permanents if p.card.name == "Thopter"]


# ---- Blightbeetle ----------------------------------------------------------------------


@pytest.mark.cr("122.5")
def test_ozolith_moves_only_what_blightbeetle_allows_122_5() -> None:
    """XMage TheOzolithTest.testTheOzolithCantGiveSomeCounters; Blightbeetle ruling
    2019-07-12 (counters already there stay); CR 122.5."""
    out = done(board("blightbeetle-ozolith-move"))
    assert counters(out.state, OZ) == {"+1/+1": 2}
    assert counters(out.state, ELVES) == {"+1/+1": 1, "flying": 1}


@pytest.mark.cr("122.6")
def test_blightbeetle_affects_only_its_opponents_creatures_122_6() -> None:
    """"Creatures your opponents control": Bob's Blightbeetle doesn't stop counters on
    Bob's creatures, nor on Alice's noncreature The Ozolith (ruling 2020-04-17: +1/+1
    counters on it have no effect unless it becomes a creature), nor other kinds."""
    st = state({"Alice": [OZ, ELVES], "Bob": ["Blightbeetle", ELVES + " B"]},
               "cards:\n  - {name: Llanowar Elves B, types: [Creature], power: 1, "
               "toughness: 1}\n")
    out = done(st, [{"put_counters": {"objects": [OZ, ELVES, "Blightbeetle",
                                                  "Llanowar Elves B"],
                                      "counters": {"+1/+1": 1, "flying": 1}}}])
    assert counters(out.state, OZ) == {"+1/+1": 1, "flying": 1}
    assert counters(out.state, ELVES) == {"flying": 1}
    assert counters(out.state, "Blightbeetle") == {"+1/+1": 1, "flying": 1}
    assert counters(out.state, "Llanowar Elves B") == {"+1/+1": 1, "flying": 1}


@pytest.mark.cr("122.6")
def test_blightbeetle_creature_enters_without_counters_and_dies_122_6() -> None:
    """Blightbeetle ruling 2019-07-12: no +1/+1 counters as they enter; Walking Ballista
    (X=2) is a 0/0 and dies (CR 704.5f)."""
    out = done(board("blightbeetle-enters-without-counters"))
    assert out.state.zone_of("Walking Ballista") == "graveyard"


@pytest.mark.cr("616.1")
def test_blightbeetle_stops_the_doubled_counters_too_616_1() -> None:
    """Blightbeetle ruling 2019-07-12: the replacement effect may be applied, "but they
    won't get counters"."""
    out = done(board("blightbeetle-replacement-applies"))
    assert counters(out.state, ELVES) == {"flying": 1}
    assert "614.1a" in rules(out)


GREEN_OZOLITH = """
cards:
  - name: Verdant Monolith
    mana_cost: "{1}{G}"
    types: [Artifact]
    abilities:
      - triggered:
          event: beginning_of_combat
          your_turn_only: true
          intervening_if: {kind: at_least, amount: {counters: any, of: self}, count: 1}
          targets: [{zone: battlefield, filter: {types: [Creature]}, text: target creature}]
          effects: [{kind: move_all_counters, target: 0}]
"""


@pytest.mark.cr("702.16b")
def test_blightbeetle_protection_from_green_702_16b() -> None:
    """CR 702.16b: Blightbeetle can't be the target of abilities from a green source.
    A green version of The Ozolith's second ability (a test card) finds no legal
    target with only Blightbeetle: it is removed from the stack (CR 603.3d); the
    colorless The Ozolith may target it."""
    st = state({"Alice": [{"card": "Verdant Monolith", "counters": {"flying": 1}}],
                "Bob": ["Blightbeetle"]}, GREEN_OZOLITH)
    out = done(st, ["beginning_of_combat", {"resolve": "all"}])
    assert "603.3d" in rules(out) and out.state.stack == ()
    assert counters(out.state, "Blightbeetle") == {}
    st = state({"Alice": [{"card": OZ, "counters": {"flying": 1}}], "Bob": ["Blightbeetle"]})
    out = done(st, move_onto("Blightbeetle"))
    assert counters(out.state, "Blightbeetle") == {"flying": 1}


@pytest.mark.cr("118.3")
def test_a_cost_that_puts_counters_cant_be_paid_118_3() -> None:
    """Tatterkite ruling 2008-05-01: "You can't pay a cost that includes putting a
    counter on Tatterkite." Blightbeetle ruling 2019-07-12: "If the cost of an ability
    or an additional cost of a spell requires putting +1/+1 counters on a creature
    affected by Blightbeetle, that cost can't be paid." An ability whose cost puts a
    +1/+1 counter on its creature (a test card)."""
    extra = """
cards:
  - name: Growing Adept
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated:
          cost: [{add_counters: {counter: "+1/+1", count: 1}}]
          effects: [{kind: draw, count: 1}]
          text: "Put a +1/+1 counter on Growing Adept: Draw a card."
"""
    free = can_activate(state({"Alice": ["Growing Adept"]}, extra), "Growing Adept", 1)
    assert free.legal and not free.unapplied
    barred = can_activate(state({"Alice": ["Growing Adept"], "Bob": ["Blightbeetle"]},
                                extra), "Growing Adept", 1)
    assert not barred.legal and not barred.undecided and not barred.unapplied
    assert any(r.rule == "118.3" and "can't have +1/+1 counters" in r.message
               for r in barred.reasons)
    # Bob's own creature isn't affected; Branching Evolution doesn't stop the cost.
    mine = can_activate(state({"Bob": ["Growing Adept", "Blightbeetle"],
                               "Alice": ["Branching Evolution"]}, extra),
                        "Growing Adept", 1)
    assert mine.legal and not mine.unapplied


# ---- March of the Machines -------------------------------------------------------------


@pytest.mark.cr("613.4b")
def test_march_animates_noncreature_artifacts_613_4b() -> None:
    """Each noncreature artifact is an artifact creature with power and toughness equal
    to its mana value (layer 4, then 7b before the counters of 7c, CR 613.4c): The
    Ozolith (mana value 1) with two +1/+1 counters is 3/3; Sol Ring 1/1; an artifact
    creature keeps its own (Walking Ballista 0/0 with its counter: 1/1); a nonartifact
    is untouched."""
    st = state({"Alice": ["March of the Machines", {"card": OZ, "counters": {"+1/+1": 2}},
                          "Sol Ring", {"card": "Walking Ballista", "counters": {"+1/+1": 1}},
                          ELVES]})
    chars = effective(st)
    oz = chars[OZ]
    assert oz.types == frozenset({"Artifact", "Creature"}) and "Legendary" in oz.supertypes
    assert (oz.power, oz.toughness) == (3, 3)
    assert (chars["Sol Ring"].power, chars["Sol Ring"].toughness) == (1, 1)
    assert (chars["Walking Ballista"].power, chars["Walking Ballista"].toughness) == (1, 1)
    assert chars[ELVES].types == frozenset({"Creature"})
    assert not effective(state({"Alice": [OZ]}))[OZ].is_creature
    assert dict(chars) == full_characteristics(st)


@pytest.mark.cr("704.5f")
def test_march_artifact_land_and_mox_die_704_5f() -> None:
    """March ruling 2004-12-01: artifact lands have mana value 0 and die as 0/0
    creatures, keeping their other types; Mox Opal (mana value 0) too."""
    out = done(board("march-artifact-land-dies"))
    assert out.state.zone_of("Ancient Den") == "graveyard"
    assert out.state.zone_of("Sol Ring") == "battlefield"
    st = state({"Alice": ["March of the Machines", "Ancient Den"]})
    assert effective(st)["Ancient Den"].types == frozenset({"Artifact", "Land", "Creature"})
    out = done(state({"Alice": ["March of the Machines", "Mox Opal"]}), [{"resolve": "all"}])
    assert out.state.zone_of("Mox Opal") == "graveyard"


@pytest.mark.cr("704.5q")
def test_march_and_branching_evolution_ozolith_minus_plus_704_5q() -> None:
    """XMage TheOzolithTest.testTheOzolithMinusPlus: The Ozolith, a 1/1 creature, gets
    4 +1/+1 (2 doubled) and 3 -1/-1 counters, is 2/2, and keeps one +1/+1 counter."""
    out = done(board("march-ozolith-minus-plus"))
    assert out.state.zone_of("Endless One") == "graveyard"
    assert counters(out.state, OZ) == {"+1/+1": 1}
    chars = effective(out.state)[OZ]
    assert chars.is_creature and (chars.power, chars.toughness) == (2, 2)


@pytest.mark.cr("603.10a")
def test_animated_ozolith_dies_and_its_own_ability_triggers_603_10a() -> None:
    """March makes The Ozolith "a creature you control": given 2 +1/+1 and 3 -1/-1 it is
    0/0 and dies (CR 704.5f); looking back (CR 603.10a) its first ability triggers for
    itself (it had counters), and on resolution puts nothing (CR 400.7: it is a new
    object in the graveyard)."""
    out = done(board("march-ozolith-dies-and-triggers"))
    assert out.state.zone_of(OZ) == "graveyard"
    log = text(out)
    assert "The Ozolith's triggered ability 1 triggers (it had 2 +1/+1, 3 -1/-1)" in log
    assert "The Ozolith is no longer on the battlefield: no counters are put" in log
    assert out.state.stack == () and not out.pending


@pytest.mark.cr("603.10a")
def test_animated_ozolith_dying_feeds_a_second_ozolith_603_10a() -> None:
    """With two Ozoliths (Mirror Gallery: no legend rule) animated by March, one dying
    with counters triggers both; the survivor gets its counters (Ozolith ruling
    2020-04-17: each receives the same number and kinds)."""
    gallery = ("cards:\n  - {name: Mirror Gallery, mana_cost: '{5}', types: [Artifact], "
               "abilities: [{static: {kind: other, params: {no_legend_rule: true}}}]}\n")
    st = state({"Alice": ["March of the Machines", "Mirror Gallery",
                          {"card": OZ, "id": "Ozolith A", "counters": {"+1/+1": 2}},
                          {"card": OZ, "id": "Ozolith B"}]}, gallery)
    outs = outcomes(st, [{"dies": "Ozolith A"}, {"resolve": "all"}])
    assert len(outs) == 1  # either order of the two triggers: one outcome
    assert outs[0].complete and counters(outs[0].state, "Ozolith B") == {"+1/+1": 2}
    assert effective(outs[0].state)["Ozolith B"].toughness == 3


@pytest.mark.cr("302.6")
def test_march_animated_artifact_has_summoning_sickness_302_6() -> None:
    """March ruling 2009-10-01: "A noncreature permanent that turns into a creature is
    subject to the "summoning sickness" rule: It can only attack, and its {T} abilities
    can only be activated, if its controller has continuously controlled that permanent
    since the beginning of their most recent turn." Sol Ring that came under Alice's
    control this turn can't be tapped for mana; without March it can."""
    sick = {"card": "Sol Ring", "summoning_sick": True}
    animated = can_activate(state({"Alice": ["March of the Machines", sick]}), "Sol Ring", 1)
    assert not animated.legal and not animated.unapplied
    assert any(r.rule == "302.6" for r in animated.reasons)
    assert can_activate(state({"Alice": [sick]}), "Sol Ring", 1).legal


@pytest.mark.cr("704.5n")
@pytest.mark.cr("301.5c")
def test_march_attached_equipment_becomes_unattached_704_5n() -> None:
    """March ruling 2004-12-01: "If it's currently attached to a creature, it becomes
    unattached" (CR 301.5c, 704.5n): a 1/1 artifact creature, still on the battlefield.
    With reconfigure it would stop being a creature while attached (702.151b), which the
    layers don't apply: refused, named."""
    extra = ("cards:\n  - {name: Test Blade, mana_cost: '{1}', types: [Artifact], "
             "subtypes: [Equipment]}\n")
    st = state({"Alice": ["March of the Machines", ELVES,
                          {"card": "Test Blade", "attached_to": ELVES}]}, extra)
    out = resolve(st, [{"resolve": "all"}])
    assert out.state.permanent("Test Blade").attached_to is None
    assert any("704.5n" in e.rules and "301.5c" in e.text for e in out.log)
    st = state({"Alice": ["March of the Machines", ELVES,
                          {"card": "Test Blade", "attached_to": ELVES}]},
               extra.replace("subtypes: [Equipment]", "subtypes: [Equipment], "
                             "keywords: ['Reconfigure {2}']"))
    # (refused before the state-based actions are reached: reconfigure changes its
    # types, CR 702.151b, layer 4, which resolve doesn't apply)
    with pytest.raises(Unsupported, match=r"702\.151b|Reconfigure \{2\}"):
        resolve(st, [{"resolve": "all"}])


# ---- Branching Evolution ---------------------------------------------------------------


@pytest.mark.cr("616.1")
def test_two_branching_evolutions_quadruple_616_1() -> None:
    """Branching Evolution ruling 2020-06-23: two of them, four times as many."""
    out = done(board("branching-evolution-two"))
    assert counters(out.state, ELVES) == {"+1/+1": 11}  # 12, then 704.5q with the -1/-1


@pytest.mark.cr("614.12")
def test_branching_evolution_doubles_counters_a_creature_enters_with_614_12() -> None:
    """Branching Evolution ruling 2020-06-23: Hangarback Walker (X=2) enters with 4."""
    out = done(board("branching-evolution-enters"))
    assert sum(p.card.name == "Thopter" for p in out.state.permanents) == 4


@pytest.mark.cr("122.5")
def test_ozolith_move_onto_your_creature_is_doubled_122_5() -> None:
    """Moving is removing and putting (CR 122.5; Bioshift ruling 2013-01-24: "Any
    abilities that care about a counter being removed or placed on a creature will
    apply"): the 2 +1/+1 counters put onto Alice's Elves are 4, the flying counter 1;
    The Ozolith is left with none."""
    st = state({"Alice": [{"card": OZ, "counters": {"+1/+1": 2, "flying": 1}},
                          "Branching Evolution", ELVES]})
    out = done(st, move_onto(ELVES))
    assert counters(out.state, ELVES) == {"+1/+1": 4, "flying": 1}
    assert counters(out.state, OZ) == {}


@pytest.mark.cr("614.1a")
def test_counters_on_noncreature_ozolith_arent_doubled_614_1a() -> None:
    """"on a creature you control": The Ozolith (not a creature) gets the 2 +1/+1
    counters Llanowar Elves had; with March of the Machines it is a creature and gets
    4."""
    plain = state({"Alice": [OZ, "Branching Evolution",
                             {"card": ELVES, "counters": {"+1/+1": 2}}]})
    out = done(plain, [{"dies": ELVES}, {"resolve": "all"}])
    assert counters(out.state, OZ) == {"+1/+1": 2}
    animated = state({"Alice": [OZ, "Branching Evolution", "March of the Machines",
                                {"card": ELVES, "counters": {"+1/+1": 2}}]})
    out = done(animated, [{"dies": ELVES}, {"resolve": "all"}])
    assert counters(out.state, OZ) == {"+1/+1": 4}


@pytest.mark.cr("614.1a")
def test_branching_evolution_is_its_controllers_614_1a() -> None:
    """"a creature you control" is a creature Branching Evolution's controller controls:
    Alice's Ozolith moving counters onto Bob's creature is doubled by Bob's Branching
    Evolution, not by Alice's."""
    st = state({"Alice": [{"card": OZ, "counters": {"+1/+1": 1}}, "Branching Evolution"],
                "Bob": ["Kozilek, the Great Distortion"]})
    out = done(st, move_onto("Kozilek, the Great Distortion"))
    assert counters(out.state, "Kozilek, the Great Distortion") == {"+1/+1": 1}
    st = state({"Alice": [{"card": OZ, "counters": {"+1/+1": 1}}],
                "Bob": ["Kozilek, the Great Distortion", "Branching Evolution"]})
    out = done(st, move_onto("Kozilek, the Great Distortion"))
    assert counters(out.state, "Kozilek, the Great Distortion") == {"+1/+1": 2}


@pytest.mark.cr("122.5")
def test_branching_evolution_and_tatterkite_nothing_moves_122_5() -> None:
    """The doubling doesn't help: Tatterkite can't have counters put on it, so nothing
    moves (CR 122.5)."""
    st = state({"Alice": [{"card": OZ, "counters": {"+1/+1": 2}}, "Branching Evolution",
                          "Tatterkite"]})
    out = done(st, move_onto("Tatterkite"))
    assert counters(out.state, OZ) == {"+1/+1": 2} and counters(out.state, "Tatterkite") == {}


@pytest.mark.cr("704.5q")
def test_animated_ozolith_under_opponents_blightbeetle_gets_only_minus_counters_704_5q(
) -> None:
    """With March, The Ozolith is a creature Alice controls, so Bob's Blightbeetle stops
    the +1/+1 counters it would get; the -1/-1 counters are put: 1/1 with 3 -1/-1, it
    dies (CR 704.5f)."""
    st = state({"Alice": [OZ, "March of the Machines",
                          {"card": "Endless One", "counters": {"+1/+1": 2}}],
                "Bob": ["Blightbeetle"]})
    out = done(st, [{"put_counters": {"object": "Endless One",
                                      "counters": {"-1/-1": 3}}}, {"resolve": "all"}])
    assert out.state.zone_of(OZ) == "graveyard"


def test_place_counters_reports_each_change() -> None:
    """The model function the solvers share: what is put, and one line per change."""
    st = state({"Alice": ["Branching Evolution", ELVES], "Bob": ["Blightbeetle"]})
    got = place_counters(st, ELVES, Counters.of({"+1/+1": 1, "flying": 2}))
    assert got.put.as_dict() == {"flying": 2}
    assert [r for _, r in got.why] == [("614.1a", "616.1"), ("122.6",)]
    assert place_counters(st, "Blightbeetle", Counters.of({"+1/+1": 1})).why == ()


def test_every_board_has_all_outcomes_complete() -> None:
    for name in ("tatterkite-ozolith-move", "blightbeetle-ozolith-move",
                 "march-ozolith-minus-plus"):
        outs = outcomes(board(name))
        assert outs and all(o.complete for o in outs)


# ---- the card format -----------------------------------------------------------------


@pytest.mark.parametrize(("static", "message"), [
    ({"kind": "cant_have_counters"}, "exactly one of self_only: true"),
    ({"kind": "cant_have_counters", "self_only": True, "affected": {"types": ["Creature"]}},
     "exactly one of self_only: true"),
    ({"kind": "cant_have_counters", "self_only": True, "counter": 3}, "a counter kind"),
    ({"kind": "cant_have_counters", "self_only": True, "count": 1}, "count doesn't go"),
    ({"kind": "counter_replacement", "affected": {"types": ["Creature"]}, "counter": "+1/+1",
      "multiply": 1}, "multiply: N"),
    ({"kind": "counter_replacement", "counter": "+1/+1", "multiply": 2},
     "needs affected: FILTER"),
    # (no counter: every kind, Doubling Season; a token replacement names none)
    ({"kind": "token_replacement", "affected": {"controller": "you"}, "multiply": 2,
      "counter": "+1/+1"}, "counter doesn't go with kind token_replacement"),
    ({"kind": "token_replacement", "affected": {"controller": "you"}, "multiply": 2,
      "effects_only": True}, "effects_only goes with kind counter_replacement"),
    ({"kind": "counter_replacement", "affected": {"controller": "you"}, "multiply": 2,
      "effects_only": "yes"}, "effects_only"),
    ({"kind": "other", "multiply": 2}, "multiply goes with kind counter_replacement"),
    ({"kind": "type_change", "affected": {"types": ["Artifact"]}}, "needs add_types"),
    ({"kind": "type_change", "affected": {"types": ["Artifact"]}, "add_types": ["Creture"]},
     "unknown card type 'Creture'"),
    # (making objects lands is modelled: land-type effects wait for it, CR 613.8a; only
    # Land may be set, the subtypes kept being land types, CR 205.1a)
    ({"kind": "type_change", "affected": {"enchanted": True}, "set_types": ["Artifact"]},
     "set_types is modelled for [Land] only"),
    ({"kind": "type_change", "affected": {"enchanted": True}, "set_types": ["Land"],
      "add_types": ["Artifact"]}, "add_types and set_types don't go together"),
    ({"kind": "type_change", "set_colors": "{Q}"}, "set_colors"),
    ({"kind": "type_change", "affected": {"types": ["Artifact"]}, "add_types": ["Creature"],
      "set_power_toughness": "power"}, "a whole number or mana_value"),
    ({"kind": "type_change", "affected": {"types": ["Artifact"]}, "add_types": ["Creature"]},
     "adds Creature needs set_power_toughness"),
    ({"kind": "land_types", "set_power_toughness": 2},
     "set_power_toughness goes with kind type_change"),
])
def test_bad_counter_and_type_keys_are_one_line_exit_2(
        static: dict[str, Any], message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"name": "Odd Thing", "types": ["Enchantment"],
                                 "abilities": [{"static": static}]}]))
    code = main(["card", "Odd Thing", "--cards", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_the_new_keys_dump_and_load_back() -> None:
    from manacheck.model import default_cards, parse_card
    from manacheck.model.carddump import dump_card

    db = default_cards()  # Branching Evolution is the pool's (issue 12)
    for name in ("Tatterkite", "Blightbeetle", "March of the Machines",
                 "Branching Evolution"):
        assert parse_card(dump_card(db[name]), name) == db[name]


LAND_ARTIFICER = """
cards:
  - name: Land Artificer
    types: [Enchantment]
    abilities:
      - static:
          kind: type_change
          affected: {types: [Land]}
          add_types: [Artifact]
          text: Each land is an artifact in addition to its other types.
"""


@pytest.mark.cr("613.8a")
def test_a_type_change_that_depends_on_another_goes_after_it_613_8a() -> None:
    """CR 613.8a: March's effect depends on one that makes lands artifacts (applying
    that one changes what March applies to), so it applies after it whatever their
    timestamps: Forest is an artifact land creature, 0/0 (its mana value), either way.
    CR 613.6: the 7b part applies to the objects of the layer-4 part."""
    for first, second in (("March of the Machines", "Land Artificer"),
                          ("Land Artificer", "March of the Machines")):
        st = state({"Alice": [first, second, "Forest", OZ]}, LAND_ARTIFICER)
        chars = effective(st)
        forest = chars["Forest"]
        assert forest.types == frozenset({"Land", "Artifact", "Creature"}), first
        assert (forest.power, forest.toughness) == (0, 0)
        assert (chars[OZ].power, chars[OZ].toughness) == (1, 1)
        assert dict(chars) == full_characteristics(st)
    st = state({"Alice": ["Land Artificer", "Forest"]}, LAND_ARTIFICER)
    assert not effective(st)["Forest"].is_creature


@pytest.mark.cr("611.2c")
def test_a_resolved_spells_type_change_is_not_decided_611_2c() -> None:
    """A resolved spell's effect that changes characteristics applies to the objects
    fixed as it resolved (CR 611.2c), which the layers don't model for a type change:
    the resolution solver refuses it, naming it, and an activation answer is not
    decided."""
    st = load_state_text("turn: {active_player: Alice, phase: precombat_main}\n"
                         "players:\n  Alice:\n    battlefield: [Sol Ring]\n"
                         "effects: [{card: March of the Machines, controller: Alice}]\n")
    with pytest.raises(Unsupported, match="March of the Machines"):
        resolve(st, [{"resolve": "all"}])
    assert can_activate(st, "Sol Ring", 1).unapplied


@pytest.mark.cr("302.6")
def test_march_animated_mana_rock_doesnt_pay_while_sick_302_6() -> None:
    """The payment solver reads the same characteristics: Sol Ring animated by March
    and not controlled since the turn began can't be tapped for mana (March ruling
    2009-10-01, CR 302.6), so {2} can't be paid with it; without March it can. An
    opponent's Blightbeetle, Tatterkite and Branching Evolution don't change payments
    (nothing pays with counters): the answer is decided."""
    from manacheck.solver.payments.answer import payment_answer

    sick = {"card": "Sol Ring", "summoning_sick": True}
    animated = payment_answer(state({"Alice": ["March of the Machines", sick]}), "Alice",
                              "{2}")
    assert animated.payable is False
    plain = payment_answer(state({"Alice": [sick, "Tatterkite", "Branching Evolution"],
                                  "Bob": ["Blightbeetle"]}), "Alice", "{2}")
    assert plain.payable is True and plain.count == 1


#: Ruling sentences of these four cards that no board or test here answers, and why.
NOT_ANSWERED = {
    "If Tatterkite is dealt damage by a creature with wither, that damage has no effect.":
        "damage isn't dealt by the resolution solver (an effect that deals damage is "
        "refused, never skipped)",
    "It's not prevented; it just doesn't do anything.": "as above (wither damage)",
    "Abilities that trigger on damage being dealt will still trigger.":
        "as above (wither damage)",
    "For example, if Tatterkite is the only creature you control, you can't cast "
    "Scarscale Ritual because you can't pay the additional cost.":
        "a spell's additional costs aren't modelled (the activation solver's cost check "
        "is tested instead)",
    "If a resolving spell or ability says that a player may put +1/+1 counters on that "
    "creature, that player can't choose to do so.":
        "no effect in the card data offers to put counters",
    "If the original event is entirely replaced (such as by applying Vigor's replacement "
    "effect), the entire original event simply doesn't happen.":
        "the only counter replacement in the card data multiplies (Vigor's isn't one)",
    "If an Equipment becomes a creature, it can no longer equip a creature.":
        "Equipment attaching isn't modelled; an attached one that becomes a creature is "
        "refused (704.5n, test_march_attached_equipment_is_refused_704_5n)",
    "If it's currently attached to a creature, it becomes unattached (but remains on the "
    "battlefield).": "refused: test_march_attached_equipment_is_refused_704_5n",
    "You can activate the Equipment's equip ability, but it won't do anything.":
        "equip abilities aren't resolved",
    "If a noncreature artifact becomes an artifact creature this way and then another "
    "effect animates it, the new effect overrides March of the Machines's effect.":
        "no card in the data animates until end of turn (layer 7b timestamps)",
    "For example, Chimeric Staff is a 4/4 creature while March of the Machines is on the "
    "battlefield.": "as above",
    "If you activate Chimeric Staff's ability and choose X = 5, Chimeric Staff will be a "
    "5/5 artifact creature for the rest of the turn.": "as above",
}


def _norm(text: str) -> str:
    import re

    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def test_every_ruling_of_the_four_cards_is_answered_or_listed() -> None:
    """Each official ruling sentence of Tatterkite, Blightbeetle, March of the Machines
    and Branching Evolution (MTGJSON AtomicCards 2022-04, in reference/cards) is quoted
    by a ruling board or a test here, or listed in NOT_ANSWERED with why."""
    import json
    import lzma
    import re

    ref = Path(__file__).resolve().parents[1] / "reference" / "cards"
    with lzma.open(ref / "AtomicCards-2022-04.json.xz") as f:
        pool = json.load(f)["data"]
    quoted = " ".join(_norm(" ".join(line.lstrip("# ") for line in p.read_text().splitlines()
                                     if line.startswith("#")))
                      for p in sorted(RULINGS.glob("*.yaml")))
    quoted += " " + _norm(Path(__file__).read_text(encoding="utf-8"))
    listed = {_norm(k) for k in NOT_ANSWERED}
    missing, seen = [], set()
    for name in ("Tatterkite", "Blightbeetle", "March of the Machines",
                 "Branching Evolution"):
        for ruling in pool[name][0]["rulings"]:
            for sentence in re.split(r"(?<=[.!?])\s+", ruling["text"]):
                words = _norm(sentence)
                if words in listed:
                    seen.add(words)
                elif len(words.split()) > 6 and words not in quoted:
                    missing.append(f"{name}: {sentence}")
    assert not missing, missing
    assert seen == listed  # nothing listed that isn't a ruling


@pytest.mark.cr("122.5")
def test_own_blightbeetle_and_ozolith_targeting_an_opponents_creature_122_5() -> None:
    """The Ozolith may target any creature (CR 115.1: "target creature"). Alice controls
    both: moving onto Bob's creature, the +1/+1 counters stay and the others move (CR
    122.5); onto her own Blightbeetle, all move."""
    mine = {"card": OZ, "counters": {"+1/+1": 2, "trample": 1}}
    st = state({"Alice": [mine, "Blightbeetle"], "Bob": [ELVES]})
    out = done(st, move_onto(ELVES))
    assert counters(out.state, ELVES) == {"trample": 1}
    assert counters(out.state, OZ) == {"+1/+1": 2}
    out = done(st, move_onto("Blightbeetle"))
    assert counters(out.state, "Blightbeetle") == {"+1/+1": 2, "trample": 1}
    assert counters(out.state, OZ) == {}


@pytest.mark.cr("118.3")
def test_a_cost_that_puts_x_counters_allows_only_x_0_118_3() -> None:
    """A cost that puts X +1/+1 counters on a creature that can't have them (a test
    card, Blightbeetle's opponent's): only X = 0 can be paid (putting none), so there is
    one way to activate it; without Blightbeetle every X the mana allows is a way."""
    extra = """
cards:
  - name: Swelling Adept
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated:
          cost: ["{X}", {add_counters: {counter: "+1/+1", count: X}}]
          effects: [{kind: draw, count: 1}]
          text: "{X}, Put X +1/+1 counters on Swelling Adept: Draw a card."
"""
    forests = ["Forest", {"card": "Forest", "id": "Forest 2"}]
    free = can_activate(state({"Alice": ["Swelling Adept", *forests]}, extra),
                        "Swelling Adept", 1)
    assert free.legal and free.ways == 3 and free.ways_complete  # X = 0, 1, 2
    barred = can_activate(state({"Alice": ["Swelling Adept", *forests],
                                 "Bob": ["Blightbeetle"]}, extra), "Swelling Adept", 1)
    assert barred.legal and barred.ways == 1 and barred.witness is not None
    assert barred.witness.x == 0
