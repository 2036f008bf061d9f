"""Can I activate this? One board per rule (107.5, 107.6, 302.6, 602.2, 602.5, 119.4,
118.3, 115, 113.6), each answer derived by hand from the rule text.

Seed text (reference/seeds/001_*.txt) for 107.5 / 107.6: a tapped permanent can't pay
{T}; an untapped one can't pay {Q}; both need a creature to be free of summoning
sickness (302.6); haste exempts (702.10c); noncreature permanents are exempt.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import AmbiguousInput, BadInput, GameState, load_state_data, load_state_text
from manacheck.solver.activation import abilities, can_activate, resolve_ability

from manacheck.cli import main

REFERENCE = Path(__file__).resolve().parents[1] / "reference"


def state(alice: str, *, bob: str = "{}", turn: str = "{active_player: Alice}",
          stack: str = "[]", extra: str = "") -> GameState:
    return load_state_text(f"""
turn: {turn}
players:
  Alice: {alice}
  Bob: {bob}
stack: {stack}
{extra}
""")


def rules_of(v: object) -> list[str]:
    return [r.rule for r in v.reasons]  # type: ignore[attr-defined]


def test_seed_text_states_107_5_and_107_6() -> None:
    seed = (REFERENCE / "seeds" / "001_babcb20d26a3b8b2.txt").read_text(encoding="utf-8")
    assert "A permanent that’s already tapped can’t be tapped again to pay the cost" in seed
    assert "A permanent that’s already untapped can’t be untapped again" in seed


# --- {T} and {Q} (CR 107.5, 107.6), summoning sickness (302.6) --------------------------


@pytest.mark.cr("107.5")
def test_tapped_permanent_cant_pay_tap_107_5() -> None:
    s = state("{battlefield: [{card: Sol Ring, tapped: true}]}")
    v = can_activate(s, "Sol Ring")
    assert not v.legal and rules_of(v) == ["107.5"]
    assert [f.description for f in v.fixes] == ["legal if Sol Ring were untapped"]


@pytest.mark.cr("107.5")
def test_untapped_permanent_pays_tap_107_5() -> None:
    v = can_activate(state("{battlefield: [Sol Ring]}"), "Sol Ring")
    assert v.legal and v.ways == 1 and v.witness is not None
    assert v.witness.tapped == ("Sol Ring",)


@pytest.mark.cr("302.6")
def test_summoning_sick_creature_cant_pay_tap_302_6() -> None:
    s = state("{battlefield: [{card: Llanowar Elves, summoning_sick: true}]}")
    v = can_activate(s, "Llanowar Elves")
    assert not v.legal and rules_of(v) == ["302.6"]
    assert [f.description for f in v.fixes] == [
        "legal if Llanowar Elves had been under your control since your turn began"]


@pytest.mark.cr("702.10c")
def test_haste_exempts_from_302_6() -> None:
    s = state("{battlefield: [{card: Llanowar Elves, summoning_sick: true, "
              "counters: {haste: 1}}]}")
    assert can_activate(s, "Llanowar Elves").legal


@pytest.mark.cr("302.6")
def test_noncreature_permanent_has_no_summoning_sickness_302_6() -> None:
    s = state("{battlefield: [{card: Sol Ring, summoning_sick: true}]}")
    assert can_activate(s, "Sol Ring").legal


@pytest.mark.cr("302.6")
def test_tapping_a_sick_creature_for_another_cost_ignores_302_6() -> None:
    """Springleaf Drum: "{T}, Tap an untapped creature you control" may tap a creature
    that just arrived: that cost isn't the creature's {T} (302.6 is about its own)."""
    s = state("{battlefield: [Springleaf Drum, {card: Llanowar Elves, summoning_sick: true}]}")
    v = can_activate(s, "Springleaf Drum")
    assert v.legal and v.witness is not None
    assert v.witness.tapped == ("Springleaf Drum", "Llanowar Elves")
    assert v.ways == 1


@pytest.mark.cr("118.3")
def test_tap_untapped_creature_needs_an_untapped_one_118_3() -> None:
    s = state("{battlefield: [Springleaf Drum, {card: Llanowar Elves, tapped: true}]}")
    v = can_activate(s, "Springleaf Drum")
    assert not v.legal and rules_of(v) == ["118.3"]
    assert any("one more untapped creature" in f.description for f in v.fixes)


@pytest.mark.cr("107.5")
def test_tapped_summoning_sick_creature_gets_both_reasons() -> None:
    s = state("{battlefield: [{card: Llanowar Elves, summoning_sick: true, tapped: true}]}")
    v = can_activate(s, "Llanowar Elves")
    assert rules_of(v) == ["107.5", "302.6"]
    # No single change is enough: the fix is the pair.
    assert len(v.fixes) == 1 and len(v.fixes[0].changes) == 2


# --- who and when (CR 602.2, 602.5) ----------------------------------------------------


@pytest.mark.cr("602.2")
def test_only_the_controller_may_activate_602_2() -> None:
    s = state("{battlefield: [Sol Ring]}")
    v = can_activate(s, "Sol Ring", player="Bob")
    assert not v.legal and rules_of(v) == ["602.2"]
    assert v.fixes[0].change.kind == "activate_as"


SORCERY_CARD = """cards:
  - name: Slow Engine
    mana_cost: "{3}"
    types: [Artifact]
    abilities:
      - activated: {cost: "{T}", timing: sorcery, effects: [{kind: draw, count: 1}],
                    text: "{T}: Draw a card. Activate only as a sorcery."}
  - name: Daily Engine
    mana_cost: "{3}"
    types: [Artifact]
    abilities:
      - activated: {cost: [{pay_life: 3}], once_each_turn: true,
                    effects: [{kind: draw, count: 1}],
                    text: "Pay 3 life: Draw a card. Activate only once each turn."}
"""


@pytest.mark.cr("602.5d")
@pytest.mark.parametrize("turn, stack, legal", [
    ("{active_player: Alice, phase: precombat_main}", "[]", True),
    ("{active_player: Alice, phase: postcombat_main}", "[]", True),
    ("{active_player: Alice, phase: upkeep}", "[]", False),
    ("{active_player: Bob, phase: precombat_main}", "[]", False),
    ("{active_player: Alice, phase: precombat_main}",
     "[{card: Llanowar Elves, controller: Bob}]", False),
])
def test_activate_only_as_a_sorcery_602_5d(turn: str, stack: str, legal: bool) -> None:
    s = state("{battlefield: [Slow Engine]}", turn=turn, stack=stack, extra=SORCERY_CARD)
    v = can_activate(s, "Slow Engine")
    assert v.legal is legal
    if not legal:
        assert rules_of(v) == ["602.5d"]
        assert [f.description for f in v.fixes] == [
            "legal in your main phase with an empty stack"]


@pytest.mark.cr("602.5b")
def test_activate_only_once_each_turn_602_5b() -> None:
    s = state("{battlefield: [Daily Engine]}", extra=SORCERY_CARD)
    assert can_activate(s, "Daily Engine").legal
    s2 = state("{battlefield: [Daily Engine]}",
               extra=SORCERY_CARD + "activated_this_turn: [{object: Daily Engine, ability: 1}]")
    assert s2.activated_this_turn == (("Daily Engine", 1),)
    v = can_activate(s2, "Daily Engine")
    assert not v.legal and rules_of(v) == ["602.5b"]


# --- life, counters, sacrifice, discard (CR 119.4, 118.3) -------------------------------


@pytest.mark.cr("119.4")
@pytest.mark.parametrize("life, legal", [(4, True), (3, True), (2, False), (1, False)])
def test_pay_life_needs_life_total_at_least_the_amount_119_4(life: int, legal: bool) -> None:
    s = state(f"{{life: {life}, battlefield: [Daily Engine]}}", extra=SORCERY_CARD)
    v = can_activate(s, "Daily Engine")
    assert v.legal is legal
    if legal:
        assert v.witness is not None and v.witness.life_paid == 3
    else:
        assert rules_of(v) == ["119.4"]
        assert [f.description for f in v.fixes] == ["legal with a life total of at least 3"]


@pytest.mark.cr("704.5a")
@pytest.mark.cr("117.5")
def test_at_0_life_the_player_has_lost_before_anyone_acts() -> None:
    # CR 704.5a: a player with 0 or less life loses the game, a state-based action the
    # game performs before anyone receives priority (117.5). manacheck doesn't model a
    # player leaving the game: not decided, naming the rule, never "pay 3 life: no".
    s = state("{life: 0, battlefield: [Daily Engine]}", extra=SORCERY_CARD)
    v = can_activate(s, "Daily Engine")
    assert not v.legal and v.undecided and "704.5a" in v.undecided
    assert v.to_data()["legal"] is None


@pytest.mark.cr("119.4b")
def test_paying_zero_life_is_always_allowed_119_4b() -> None:
    extra = """cards:
  - name: Free Engine
    mana_cost: "{1}"
    types: [Artifact]
    abilities: [{activated: {cost: [{pay_life: 0}], effects: [{kind: draw, count: 1}]}}]
"""
    # At life 1 (at 0 the player would already have lost, 704.5a: see above), paying 0
    # life is allowed however little life is left; paying 2 isn't.
    assert can_activate(state("{life: 1, battlefield: [Free Engine]}", extra=extra),
                        "Free Engine").legal


@pytest.mark.cr("118.3")
def test_remove_counters_needs_the_counters_118_3() -> None:
    s = state("{battlefield: [{card: Pentad Prism, counters: {charge: 1}}, "
              "{card: Pentad Prism, id: empty}]}")
    v = can_activate(s, "Pentad Prism")
    assert v.legal and v.witness is not None
    assert v.witness.counters_removed == (("Pentad Prism", "charge", 1),)
    e = can_activate(s, "empty")
    assert not e.legal and rules_of(e) == ["118.3"]
    assert [f.description for f in e.fixes] == ["legal if Pentad Prism had 1 charge counter(s)"]


@pytest.mark.cr("118.3")
def test_sacrifice_a_creature_counts_each_choice() -> None:
    s = state("{battlefield: [Phyrexian Altar, Llanowar Elves, "
              "{card: Llanowar Elves, tapped: true, summoning_sick: true}, Sol Ring]}")
    v = can_activate(s, "Phyrexian Altar")
    # Two creatures to choose from (tapped or sick doesn't matter for sacrifice).
    assert v.legal and v.ways == 2
    none = state("{battlefield: [Phyrexian Altar, Sol Ring]}")
    w = can_activate(none, "Phyrexian Altar")
    assert not w.legal and rules_of(w) == ["118.3"]
    assert any(f.change.kind == "add_permanent" for f in w.fixes)


@pytest.mark.cr("118.3")
def test_discard_your_hand_is_payable_with_an_empty_hand() -> None:
    """Lion's Eye Diamond: "Discard your hand, Sacrifice": an empty hand is no obstacle."""
    v = can_activate(state("{battlefield: [Lion's Eye Diamond]}"), "Lion's Eye Diamond")
    assert v.legal and v.witness is not None
    assert v.witness.sacrificed == ("Lion's Eye Diamond",) and v.witness.discarded == ()
    full = state("{hand: [Forest, Sol Ring], battlefield: [Lion's Eye Diamond]}")
    fw = can_activate(full, "Lion's Eye Diamond")
    assert fw.witness is not None and sorted(fw.witness.discarded) == ["Forest", "Sol Ring"]


@pytest.mark.cr("113.6")
def test_spirit_guide_works_from_hand_not_battlefield_113_6() -> None:
    s = state("{hand: [Elvish Spirit Guide], battlefield: [{card: Elvish Spirit Guide, "
              "id: esg-bf}]}")
    v = can_activate(s, "Elvish Spirit Guide")
    assert v.legal and v.witness is not None and v.witness.exiled == ("Elvish Spirit Guide",)
    b = can_activate(s, "esg-bf")
    assert not b.legal and rules_of(b) == ["113.6"]


# --- targets (CR 115, 601.2c) ---------------------------------------------------------


@pytest.mark.cr("115.1")
def test_vizier_needs_another_target_permanent() -> None:
    alone = state("{battlefield: [Vizier of Tumbling Sands]}")
    v = can_activate(alone, "Vizier of Tumbling Sands", 1)
    assert not v.legal and rules_of(v) == ["601.2c"]
    two = state("{battlefield: [Vizier of Tumbling Sands, Forest]}",
                bob="{battlefield: [Sol Ring]}")
    w = can_activate(two, "Vizier of Tumbling Sands", 1)
    assert w.legal and w.ways == 2


@pytest.mark.cr("702.11b")
def test_hexproof_and_shroud_are_not_legal_targets() -> None:
    extra = """cards:
  - {name: Hex Bear, mana_cost: "{1}{G}", types: [Creature], power: 2, toughness: 2,
     keywords: [Hexproof]}
  - {name: Shroud Bear, mana_cost: "{1}{G}", types: [Creature], power: 2, toughness: 2,
     keywords: [Shroud]}
"""
    s = state("{battlefield: [Vizier of Tumbling Sands, Shroud Bear]}",
              bob="{battlefield: [Hex Bear]}", extra=extra)
    v = can_activate(s, "Vizier of Tumbling Sands", 1)
    assert not v.legal and rules_of(v) == ["601.2c"]
    mine = state("{battlefield: [Vizier of Tumbling Sands, Hex Bear]}", extra=extra)
    assert can_activate(mine, "Vizier of Tumbling Sands", 1).ways == 1


@pytest.mark.cr("601.2c")
def test_deathrite_needs_a_land_card_in_a_graveyard() -> None:
    s = state("{battlefield: [Deathrite Shaman], graveyard: [Sol Ring]}",
              bob="{graveyard: [Forest, Island]}")
    v = can_activate(s, "Deathrite Shaman", 1)
    assert v.legal and v.ways == 2
    none = state("{battlefield: [Deathrite Shaman], graveyard: [Sol Ring]}")
    w = can_activate(none, "Deathrite Shaman", 1)
    assert not w.legal and rules_of(w) == ["601.2c"]
    assert any("in a graveyard" in f.description for f in w.fixes)


# --- ability numbers and bad input -----------------------------------------------------


def test_ability_number_may_be_omitted_only_when_one_could_be_meant() -> None:
    s = state("{hand: [Vizier of Tumbling Sands], battlefield: [Deathrite Shaman, Sol Ring]}")
    assert resolve_ability(s, "Sol Ring")[0] == 1
    # In hand only the cycling ability (2) works from there (CR 113.6).
    assert resolve_ability(s, "Vizier of Tumbling Sands")[0] == 2
    with pytest.raises(AmbiguousInput, match="3 activated abilities"):
        resolve_ability(s, "Deathrite Shaman")
    with pytest.raises(BadInput, match="no activated ability 4"):
        resolve_ability(s, "Deathrite Shaman", 4)


def test_cli_ambiguous_and_unknown_player_exit_2(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("turn: {active_player: Alice}\nplayers:\n  Alice: {battlefield: "
                 "[Deathrite Shaman, Sol Ring]}\n")
    assert main(["can-activate", str(f), "Deathrite Shaman"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--ability" in err
    assert main(["can-activate", str(f), "Sol Ring", "--player", "Zed"]) == 2
    assert "unknown player 'Zed'" in capsys.readouterr().err
    assert main(["can-activate", str(f), "Sol Ring"]) == 0
    assert main(["abilities", str(f)]) == 0


def test_abilities_lists_battlefield_then_hand() -> None:
    s = state("{hand: [Elvish Spirit Guide, Forest], battlefield: [Sol Ring, "
              "{card: Llanowar Elves, summoning_sick: true}]}")
    rows = abilities(s, "Alice")
    assert [(o, n, v.legal) for o, n, v in rows] == [
        ("Sol Ring", 1, True), ("Llanowar Elves", 1, False), ("Elvish Spirit Guide", 1, True)]


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "activation.yaml"


def test_example_file_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/activation.yaml: Kozilek can counter either spell by discarding Sheer
    Drop (Fireball X=2 has mana value 3, Sheer Drop cast for awaken has 3; Fireball in
    hand has 1 and Llanowar Elves 1: no spell has 1); the tapped, summoning-sick wizard
    gets 107.5 and 302.6."""
    import json

    assert main(["can-activate", str(EXAMPLE), "kozilek", "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ways"] == 2
    assert sorted(w["targets"][0] for w in data["all"]) == ["fireball", "sheer-drop"]
    assert {w["discarded"][0] for w in data["all"]} == {"Sheer Drop"}
    assert main(["can-activate", str(EXAMPLE), "wizard", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [r["rule"] for r in data["reasons"]] == ["107.5", "302.6"]
    assert "ways_limit_reached" not in data
    assert main(["abilities", str(EXAMPLE), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["abilities"]
    assert [(r["object"], r["legal"]) for r in rows] == [
        ("kozilek", True), ("wizard", False), ("Pili-Pala", True), ("Voltaic Key", True),
        ("Springleaf Drum", True), ("new-elf", False), ("Forest", True), ("Sol Ring", True)]


WALKER = """cards:
  - name: Test Walker
    mana_cost: "{2}{U}"
    types: [Planeswalker]
    loyalty: 3
    abilities:
      - activated: {cost: [], loyalty: true, effects: [{kind: draw, count: 1}],
                    text: "+1: Draw a card."}
      - activated: {cost: [{remove_counters: {counter: loyalty, count: 2}}], loyalty: true,
                    effects: [{kind: draw, count: 2}], text: "-2: Draw two cards."}
"""


@pytest.mark.cr("606.3")
def test_loyalty_abilities_main_phase_empty_stack_once_per_permanent_606_3() -> None:
    walker = "{battlefield: [{card: Test Walker, counters: {loyalty: 3}}]}"
    assert can_activate(state(walker, extra=WALKER), "Test Walker", 2).legal
    bobs = can_activate(state(walker, turn="{active_player: Bob}", extra=WALKER),
                        "Test Walker", 1, find_fixes=False)
    assert rules_of(bobs) == ["606.3"]
    used = can_activate(state(walker, extra=WALKER + "activated_this_turn: "
                                                    "[{object: Test Walker, ability: 1}]"),
                        "Test Walker", 2, find_fixes=False)
    assert rules_of(used) == ["606.3"]


@pytest.mark.cr("115.4")
def test_walking_ballista_any_target_and_its_counters() -> None:
    """"Remove a +1/+1 counter: 1 damage to any target": creatures, planeswalkers,
    battles and players (CR 115.4). Here: Ballista itself and two Llanowar Elves (Sol
    Ring and Forest aren't), plus the two players: 5 ways."""
    s = state("{battlefield: [{card: Walking Ballista, counters: {'+1/+1': 2}}, "
              "Llanowar Elves, Sol Ring]}", bob="{battlefield: [Llanowar Elves, Forest]}")
    v = can_activate(s, "Walking Ballista", 2)
    assert v.legal and v.ways == 3 + 2
    assert v.witness is not None
    assert v.witness.counters_removed == (("Walking Ballista", "+1/+1", 1),)
    # A Ballista with no counters is a 0/0: it is put into the graveyard before anyone
    # could act (CR 117.5, 704.5f), so it can't be activated at all.
    empty = state("{battlefield: [Walking Ballista]}")
    e = can_activate(empty, "Walking Ballista", 2)
    assert rules_of(e) == ["704.3"]
    assert any("toughness 0" in line and "704.5f" in line for line in e.state_based)
    # A noncreature with the same cost and no counters: it needs a counter (118.3).
    extra = """cards:
  - name: Counter Engine
    types: [Artifact]
    abilities:
      - activated: {cost: [{remove_counters: {counter: "+1/+1", count: 1}}],
                    effects: [{kind: draw, count: 1}]}
"""
    e = can_activate(state("{battlefield: [Counter Engine]}", extra=extra), "Counter Engine")
    assert rules_of(e) == ["118.3"]
    assert [f.description for f in e.fixes] == [
        "legal if Counter Engine had 1 +1/+1 counter(s)"]


@pytest.mark.cr("302.6")
def test_grand_architect_may_tap_itself_while_summoning_sick() -> None:
    """"Tap an untapped blue creature you control" isn't {T}: a summoning-sick Grand
    Architect can tap itself for it (302.6 applies only to {T}/{Q} in the cost)."""
    s = state("{battlefield: [{card: Grand Architect, summoning_sick: true}]}")
    v = can_activate(s, "Grand Architect", 2)
    assert v.legal and v.ways == 1 and v.witness is not None
    assert v.witness.tapped == ("Grand Architect",)


def test_huge_choice_is_refused_not_hung(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """"Sacrifice X lands" with 40 lands is 2^40 choices: not decided (a search
    budget, never bad input), exit 1, said in one line."""
    f = tmp_path / "big.yaml"
    lands = ", ".join(["Forest"] * 40)
    f.write_text(f"""turn: {{active_player: Alice}}
players:
  Alice: {{battlefield: [Mass Altar, {lands}]}}
cards:
  - name: Mass Altar
    mana_cost: "{{3}}"
    types: [Artifact]
    abilities:
      - activated: {{cost: [{{sacrifice: {{count: X, filter: {{types: [land]}}}}}}],
                    effects: [{{kind: draw, count: X}}]}}
""")
    assert main(["can-activate", str(f), "Mass Altar"]) == 1
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.startswith("not decided: whether Alice may activate Mass Altar")
    assert "not decided (search budget)" in out.out and "too many ways to choose" in out.out


def test_all_lists_exactly_ways_distinct_ways_on_the_example() -> None:
    """``--all`` (``ways``) lists as many ways as ``ways`` counts, all distinct (targets,
    X, objects used and the payment's identity)."""
    from manacheck.model import load_state
    from manacheck.solver.activation import ways

    s = load_state(EXAMPLE)
    checked = 0
    for obj, n, v in abilities(s, "Alice"):
        listed = list(ways(s, obj, n))
        assert len(listed) == v.ways, (obj, n)
        keys = {(w.targets, w.x, w.tapped, w.discarded, w.sacrificed,
                 getattr(w.payment, "identity", None)) for w in listed}
        assert len(keys) == len(listed), (obj, n)
        checked += v.ways
    assert checked > 50


# --- priority (CR 117.1b, 117.3a, 514.3, 605.3a) ------------------------------------------


@pytest.mark.cr("117.1b")
def test_only_the_player_holding_priority_may_activate_117_1b() -> None:
    turn = "{active_player: Alice, priority: Bob}"
    s = state("{battlefield: [Vizier of Tumbling Sands, Sol Ring]}", turn=turn)
    v = can_activate(s, "Vizier of Tumbling Sands", 1)
    assert not v.legal and rules_of(v) == ["117.1b"]
    assert "Alice doesn't hold priority (Bob does)" in v.reasons[0].message
    assert [f.change.kind for f in v.fixes] == ["hold_priority"]
    assert v.fixes[0].description == "legal if Alice held priority"
    # A mana ability may be activated while paying a cost (605.3a): priority doesn't
    # stop it.
    assert can_activate(s, "Sol Ring").legal
    # Bob holds priority: Bob could activate his own Vizier.
    mine = state("{}", bob="{battlefield: [Vizier of Tumbling Sands, Sol Ring]}", turn=turn)
    assert can_activate(mine, "Vizier of Tumbling Sands", 1, "Bob").legal
    # Left out: the player asking is taken to hold priority.
    assert can_activate(state("{battlefield: [Vizier of Tumbling Sands, Sol Ring]}"),
                        "Vizier of Tumbling Sands", 1).legal


@pytest.mark.cr("117.3a")
@pytest.mark.parametrize(("phase", "stack", "rules"), [
    ("untap", "[]", ["117.3a"]),
    ("cleanup", "[]", ["514.3"]),
    ("cleanup", "[{card: Sol Ring, controller: Bob}]", []),  # 514.3a: something happened
    ("upkeep", "[]", []),
    ("end", "[]", []),
])
def test_no_priority_in_the_untap_step_nor_an_uneventful_cleanup(phase: str, stack: str,
                                                                  rules: list[str]) -> None:
    s = state("{battlefield: [Vizier of Tumbling Sands, Sol Ring]}",
              turn=f"{{active_player: Alice, phase: {phase}}}", stack=stack)
    v = can_activate(s, "Vizier of Tumbling Sands", 1)
    assert rules_of(v) == rules and v.legal == (not rules)
    if rules:
        assert [f.change.kind for f in v.fixes] == ["priority_step"]
    assert can_activate(s, "Sol Ring").legal  # a mana ability (605.3a)


def test_priority_round_trips_and_a_bad_holder_is_reported() -> None:
    from manacheck.model.statefile import dump_state

    s = state("{}", turn="{active_player: Alice, priority: Bob}")
    assert s.turn.priority == "Bob"
    again = load_state_data(dump_state(s))
    assert again.turn.priority == "Bob"
    with pytest.raises(BadInput) as info:
        state("{}", turn="{active_player: Alice, priority: Bobb}")
    line = info.value.one_line()
    assert "unknown player 'Bobb' at turn.priority" in line and "did you mean 'Bob'" in line


@pytest.mark.cr("302.6")
def test_thousand_year_elixir_lets_sick_creatures_use_tap_abilities() -> None:
    # "You may activate abilities of creatures you control as though those creatures
    # had haste": the {T} abilities of Alice's sick creatures work (CR 302.6, 702.10c),
    # mana abilities included (so the payment solver may tap them); Bob's don't.
    from manacheck.solver.payments import count_payments

    board = ("{battlefield: [Thousand-Year Elixir, {card: Llanowar Elves, "
             "summoning_sick: true}, {card: Vizier of Tumbling Sands, summoning_sick: true}]}")
    s = state(board, bob="{battlefield: [{card: Llanowar Elves, summoning_sick: true}]}")
    assert can_activate(s, "Llanowar Elves").legal
    # Another target permanent: the Elixir, Alice's Elves, Bob's Elves.
    assert can_activate(s, "Vizier of Tumbling Sands", 1).ways == 3
    assert count_payments(s, "Alice", "{G}") == 1
    v = can_activate(s, "Llanowar Elves#2", player="Bob")
    assert not v.legal and rules_of(v) == ["302.6"]
    without = state(board.replace("Thousand-Year Elixir, ", ""))
    assert rules_of(can_activate(without, "Llanowar Elves")) == ["302.6"]
    assert count_payments(without, "Alice", "{G}") == 0


TAMIYO = "Tamiyo, Compleated Sage"


@pytest.mark.cr("606.3")
@pytest.mark.cr("606.4")
def test_tamiyo_loyalty_abilities() -> None:
    # Tamiyo enters with 5 loyalty (CR 306.5b: a state file that gives no loyalty
    # describes that). [+1]: legal, putting a loyalty counter on (606.4), with "up to
    # one" target (here none: no artifact or creature). [−7]: 118.3, only 5 counters.
    # [−X]: X is a graveyard card's mana value, at most its loyalty.
    s = state(f'{{battlefield: ["{TAMIYO}"], graveyard: [Sol Ring, Fireball, Forest]}}')
    assert s.permanent(TAMIYO).counters["loyalty"] == 5
    plus = can_activate(s, TAMIYO, 1)
    assert plus.legal and plus.witness is not None
    assert plus.witness.counters_added == ((TAMIYO, "loyalty", 1),)
    assert plus.witness.targets == ()
    assert rules_of(can_activate(s, TAMIYO, 3)) == ["118.3"]
    minus = can_activate(s, TAMIYO, 2)
    # Sol Ring (mana value 1) with X=1; Fireball is a sorcery, Forest a land: no.
    assert minus.legal and minus.ways == 1 and minus.witness is not None
    assert minus.witness.x == 1 and minus.witness.counters_removed == ((TAMIYO, "loyalty", 1),)


@pytest.mark.cr("606.3")
def test_loyalty_abilities_need_sorcery_timing_and_one_per_turn() -> None:
    s = state(f'{{battlefield: ["{TAMIYO}"]}}', turn="{active_player: Bob}")
    assert rules_of(can_activate(s, TAMIYO, 1, "Alice")) == ["606.3"]
    s = state(f'{{battlefield: ["{TAMIYO}"]}}',
              extra=f'activated_this_turn: [{{object: "{TAMIYO}", ability: 3}}]')
    assert rules_of(can_activate(s, TAMIYO, 1)) == ["606.3"]
    # An explicit loyalty is kept (0 would be a pending state-based action, 704.5i).
    s = state(f'{{battlefield: [{{card: "{TAMIYO}", counters: {{loyalty: 8}}}}]}}')
    assert can_activate(s, TAMIYO, 3).legal


@pytest.mark.cr("605.3a")
@pytest.mark.parametrize("turn", ["{active_player: Alice, phase: untap}",
                                  "{active_player: Alice, priority: Bob}"])
def test_a_mana_ability_without_priority_is_legal_only_while_paying(turn: str) -> None:
    # CR 605.3a, 117.1d: a mana ability may be activated without priority only while a
    # cost is being paid: legal, and said so; with priority, nothing to say.
    s = state("{battlefield: [Forest]}", turn=turn)
    v = can_activate(s, "Forest", 1, "Alice")
    assert v.legal and v.only_while_paying.startswith("only while paying a cost")
    assert v.to_data()["only_while_paying_a_cost"]
    assert not can_activate(state("{battlefield: [Forest]}"), "Forest", 1).only_while_paying


@pytest.mark.cr("602.1a")
def test_an_ability_that_may_be_unread_text_is_not_decided(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Voodoo Doll's "{X}{X}, {T}: ... X is the number of pin counters on Voodoo Doll."
    # isn't read (its "X is" sets X, CR 107.3c). Asking about its ability is a fair
    # question: not decided, naming the text (exit 1), not bad input. A number beyond
    # every line that could be an ability still is bad input (exit 2).
    s = state("{battlefield: [{card: Voodoo Doll, counters: {pin: 2}}, Wastes]}")
    for asked in (None, 1):
        v = can_activate(s, "Voodoo Doll", asked)
        assert v.legal is None and not v.witness
        assert [u.object_id for u in v.unapplied] == ["Voodoo Doll"]
        assert "X is the number of pin counters" in v.unapplied[0].text
    path = tmp_path / "doll.yaml"
    path.write_text("turn: {active_player: Alice}\nplayers:\n  Alice: {battlefield: "
                    "[Voodoo Doll]}\n", encoding="utf-8")
    assert main(["can-activate", str(path), "Voodoo Doll"]) == 1
    assert "not decided" in capsys.readouterr().out
    assert main(["can-activate", str(path), "Voodoo Doll", "--ability", "2"]) == 2
    assert main(["can-activate", str(path), "Voodoo Doll", "--ability", "0"]) == 2
