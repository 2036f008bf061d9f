"""Pending state-based actions are performed before any question (CR 117.5, issue 10).

Each board describes a moment at which the game would first perform state-based actions
(CR 704.3) before a player receives priority; every answer is about the state after
them, says which were performed, and answers for each choice the game asks for
(CR 704.5j) when the answers differ. Expected answers are derived by hand.
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import abilities, can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.settle import before_priority


def board(battlefield: str, life: int = 20) -> GameState:
    return load_state_text(f"""
turn: {{active_player: A, phase: precombat_main}}
players:
  A: {{life: {life}, battlefield: [{battlefield}]}}
  B: {{}}
""")


@pytest.mark.cr("704.5j")
def test_two_mox_opals_and_a_sol_ring_leave_no_metalcraft() -> None:
    # Mox Opal's ruling: "If you control Mox Opal and one other artifact, then have a
    # second Mox Opal enter the battlefield as your third artifact, you can't activate
    # either one's mana ability before putting one into your graveyard due to the
    # 'legend rule.'" Then two artifacts are left (Mox Opal, Sol Ring): metalcraft
    # ("three or more artifacts") is off, whichever is kept.
    s = board("Mox Opal, Mox Opal, Sol Ring")
    before = before_priority(s)
    assert len(before.branches) == 2
    assert all(len(b.state.permanents) == 2 for b in before.branches)
    for oid in ("Mox Opal", "Mox Opal#2"):
        v = can_activate(s, oid, 1, "A", find_fixes=False)
        assert not v.legal and not v.undecided
        assert any("704.5j" in line for line in v.state_based)
    a = payment_answer(s, "A", "{W}")
    assert a.payable is False and any("704.5j" in line for line in a.state_based)
    a = payment_answer(s, "A", "{1}")
    assert a.payable is True and a.count == 1  # Sol Ring only
    rows = {(o, n): v.legal for o, n, v in abilities(s, "A")}
    assert rows == {("Mox Opal", 1): False, ("Mox Opal#2", 1): False, ("Sol Ring", 1): True}


@pytest.mark.cr("704.5f")
def test_a_creature_with_toughness_0_is_gone_before_it_can_tap() -> None:
    # Llanowar Elves with a -1/-1 counter is 0/0: put into the graveyard first.
    s = board("{card: Llanowar Elves, counters: {\"-1/-1\": 1}}, Forest")
    a = payment_answer(s, "A", "{G}{G}")
    assert a.payable is False
    assert any("toughness 0" in line and "704.5f" in line for line in a.state_based)
    assert payment_answer(s, "A", "{G}").count == 1
    v = can_activate(s, "Llanowar Elves", 1, "A", find_fixes=False)
    assert not v.legal and v.reasons[0].rule == "704.3"
    assert explain_could_produce(s, "Llanowar Elves").mana_types == frozenset()


@pytest.mark.cr("704.5q")
def test_plus_and_minus_counters_cancel_and_the_creature_lives() -> None:
    # One +1/+1 and one -1/-1 counter: both removed (122.3, 704.5q); a 1/1 Elf stays.
    s = board("{card: Llanowar Elves, counters: {\"+1/+1\": 1, \"-1/-1\": 1}}")
    after = before_priority(s).branches[0].state
    assert after.permanent("Llanowar Elves").counters.as_dict() == {}
    assert payment_answer(s, "A", "{G}").payable is True


@pytest.mark.cr("704.5j")
def test_answers_that_depend_on_the_legend_rule_choice_are_given_for_each() -> None:
    # Two Gaea's Cradles (legendary), one tapped; one creature. Keeping the untapped
    # one, {G} is payable; keeping the tapped one, it isn't: not decided, with both.
    s = board("Gaea's Cradle, {card: Gaea's Cradle, tapped: true}, Llanowar Elves")
    a = payment_answer(s, "A", "{G}{G}")
    assert a.payable is None
    got = sorted(x.verdict for _, x in a.by_choice)
    assert got == ["not payable", "payable"]
    assert a.to_data()["by_choice"][0]["choice"]


@pytest.mark.cr("704.5a")
def test_a_player_at_0_life_is_not_decided() -> None:
    # A player at 0 life (704.5a) loses the game before priority, which no question
    # models: nothing is decided.
    a = payment_answer(board("Forest", life=0), "A", "{G}")
    assert a.payable is None and any("704.5a" in u.why for u in a.undecided)


@pytest.mark.cr("704.5i")
@pytest.mark.cr("306.5c")
def test_a_planeswalker_with_0_loyalty_is_put_into_the_graveyard_first() -> None:
    # Tamiyo with 0 loyalty counters: loyalty 0 (306.5c), so she is put into her owner's
    # graveyard before priority (704.5i); then the Forest pays {G}.
    s = board("Forest, {card: \"Tamiyo, Compleated Sage\", counters: {loyalty: 0}}")
    a = payment_answer(s, "A", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 1, ())
    assert any("Tamiyo" in line and "704.5i" in line for line in a.state_based)
    after = before_priority(s).branches[0].state
    assert after.zone_of("Tamiyo, Compleated Sage") == "graveyard"
    # With loyalty left she stays: nothing to perform.
    kept = board("Forest, {card: \"Tamiyo, Compleated Sage\", counters: {loyalty: 1}}")
    assert not before_priority(kept).changed


@pytest.mark.cr("704.5i")
@pytest.mark.cr("614.12")
def test_dakkon_with_no_loyalty_counters_beside_a_forest(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 30: a board that leaves out Dakkon's counters. Dakkon's unread line about
    # the counters he enters with works only as he enters (CR 614.12, 113.6h); nothing
    # enters before priority, so it can't stand in the way. Dakkon is put into his
    # owner's graveyard first (704.5i); the Forest pays {G}.
    import json
    from pathlib import Path

    from manacheck.cli import main

    text = ("turn: {active_player: A, phase: precombat_main}\nplayers:\n"
            "  A: {battlefield: [\"Dakkon, Shadow Slayer\", Forest]}\n  B: {}\n")
    s = load_state_text(text)
    a = payment_answer(s, "A", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 1, ())
    assert a.state_based[0].startswith("state-based action: Dakkon, Shadow Slayer")
    assert "put into its owner's graveyard" in a.state_based[0]
    assert "CR 704.5i" in a.state_based[0]
    path = Path(str(tmp_path)) / "d.yaml"
    path.write_text(text)
    assert main(["pay", str(path), "{G}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is True and "704.5i" in data["state_based_actions"][0]
    # With loyalty counters Dakkon stays; his lines (how he enters, CR 614.1c; loyalty
    # abilities, which do nothing until activated, CR 602.2) can't change a payment.
    kept = board("Forest, {card: \"Dakkon, Shadow Slayer\", counters: {loyalty: 3}}")
    assert payment_answer(kept, "A", "{G}").payable is True


@pytest.mark.cr("704.5m")
@pytest.mark.cr("303.4m")
def test_akki_war_paint_attached_to_nothing_goes_first() -> None:
    # Akki War Paint ("As long as enchanted permanent is a creature, it gets +2/+1.")
    # attached to nothing: the line applies to nothing (303.4m); the Aura is put into its
    # owner's graveyard before priority (704.5m).
    s = board("Akki War Paint, Forest")
    a = payment_answer(s, "A", "{G}")
    assert (a.payable, a.count, a.undecided) == (True, 1, ())
    assert any("Akki War Paint" in x and "704.5m" in x for x in a.state_based)
    p = explain_could_produce(s, "Forest")
    assert p.letters == ["G"] and not p.undecided


@pytest.mark.cr("704.5m")
@pytest.mark.cr("603.2")
def test_fertile_grounds_trigger_on_nothing_enchanted_can_never_trigger() -> None:
    # Fertile Ground attached to nothing: "Whenever enchanted land is tapped for mana,
    # ..." names only what it enchants, which is nothing; the Aura goes (704.5m), and
    # the Forest pays {G} once. On a Forest, it stays: its triggered mana ability adds
    # one more mana of any color (CR 605.1b), so {G}{U} is payable by the Forest alone.
    a = payment_answer(board("Fertile Ground, Forest"), "A", "{G}")
    assert (a.payable, a.count) == (True, 1)
    assert any("Fertile Ground" in x and "704.5m" in x for x in a.state_based)
    on = board("Forest, {card: Fertile Ground, attached_to: Forest}")
    assert payment_answer(on, "A", "{G}{U}").payable is True


@pytest.mark.cr("704.5m")
@pytest.mark.cr("603.2")
def test_rancor_attached_to_nothing_triggers_an_ability_not_read() -> None:
    # Rancor goes to the graveyard too, but "When Rancor is put into a graveyard from the
    # battlefield, ..." isn't read: whether it triggers and goes on the stack can't be
    # told (CR 603.2, 603.3), so the state before priority isn't known: not decided,
    # naming the trigger.
    a = payment_answer(board("Rancor, Forest"), "A", "{G}")
    assert a.payable is None
    assert any("When Rancor is put into a graveyard" in u.why for u in a.undecided)


TEST_AURA = """cards:
  - name: Test Aura
    mana_cost: "{G}"
    types: [Enchantment]
    subtypes: [Aura]
    keywords: [Enchant creature]
"""


def board_with(battlefield: str, extra: str) -> GameState:
    return load_state_text(f"""
turn: {{active_player: A, phase: precombat_main}}
players:
  A: {{battlefield: [{battlefield}]}}
  B: {{}}
{extra}""")


@pytest.mark.cr("704.5m")
@pytest.mark.cr("702.5a")
def test_an_aura_attached_to_what_it_cant_enchant_goes_first() -> None:
    # Enchant creature, attached to a Forest (not a creature): put into the graveyard.
    s = board_with("Forest, {card: Test Aura, attached_to: Forest}", TEST_AURA)
    a = payment_answer(s, "A", "{G}")
    assert (a.payable, a.count) == (True, 1)
    assert any("isn't a creature" in x and "704.5m" in x for x in a.state_based)
    # Attached to a creature it stays: nothing is performed.
    ok = board_with("Forest, Llanowar Elves, {card: Test Aura, attached_to: Llanowar Elves}",
                    TEST_AURA)
    assert not before_priority(ok).changed and not before_priority(ok).undecided


@pytest.mark.cr("704.5m")
def test_an_aura_whose_enchant_quality_isnt_read_is_not_decided() -> None:
    # "Enchant player" (Curse of Death's Hold): a state can't say which player it is
    # attached to; "Enchant creature card in a graveyard" (Animate Dead: the keyword is
    # read, its quality isn't one 704.5m is checked against). Whether 704.5m applies
    # can't be told.
    for aura, why in (("Curse of Death's Hold", "'Enchant player', which manacheck "
                                                "doesn't read"),
                      ("Animate Dead", "'Enchant creature card in a graveyard', which "
                                       "manacheck doesn't read")):
        a = payment_answer(board(f"Forest, {aura}"), "A", "{G}")
        assert a.payable is None, aura
        assert any(why in u.text and "704.5m" in u.why for u in a.undecided), aura


@pytest.mark.cr("704.5m")
@pytest.mark.cr("704.5f")
def test_an_aura_goes_when_the_creature_it_enchants_dies() -> None:
    # Resolving two -1/-1 counters on Llanowar Elves (1/1) enchanted by Test Aura: the
    # Elves die (704.5f); at the next check the Aura is attached to nothing (704.5m).
    from manacheck.solver.resolution import resolve

    s = board_with("Llanowar Elves, {card: Test Aura, attached_to: Llanowar Elves}",
                   TEST_AURA + "events:\n  - put_counters: {object: Llanowar Elves, "
                   "counters: {\"-1/-1\": 2}}\n")
    out = resolve(s)
    assert out.state.zone_of("Llanowar Elves") == "graveyard"
    assert out.state.zone_of("Test Aura") == "graveyard"
    rules = [r for e in out.log for r in e.rules]
    assert rules.index("704.5f") < rules.index("704.5m")


@pytest.mark.cr("704.5i")
def test_a_planeswalker_whose_last_loyalty_counter_is_removed_goes() -> None:
    # Resolving "remove one loyalty counter" from Liliana of the Veil with one: loyalty
    # 0, put into her owner's graveyard (704.5i).
    from manacheck.solver.resolution import resolve

    s = board_with("{card: Liliana of the Veil, counters: {loyalty: 1}}",
                   "events:\n  - remove_counters: {object: Liliana of the Veil, "
                   "counters: {loyalty: 1}}\n")
    out = resolve(s)
    assert out.state.zone_of("Liliana of the Veil") == "graveyard"
    assert any("704.5i" in e.rules for e in out.log)


def test_nothing_pending_is_the_state_itself() -> None:
    s = board("Forest, Llanowar Elves")
    before = before_priority(s)
    assert not before.changed and before.branches[0].state is s


def test_show_says_the_legend_rule_will_apply(tmp_path: object,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 15: three copies of a legendary permanent are a legal description of a
    # moment before state-based actions; show says what the game does first.
    from pathlib import Path

    from manacheck.cli import main

    path = Path(str(tmp_path)) / "l.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A:\n"
                    "    battlefield: [Mox Opal, Mox Opal, Mox Opal]\n")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "before anyone may act, the game first performs state-based actions" in out
    assert "legend rule" in out and "704.5j" in out
    assert main(["show", str(path), "--json"]) == 0
    assert "legend" not in capsys.readouterr().out  # the JSON still loads back


# ---- what the state-based check reads (issue 30): effects shown unable to matter ------

GAUGE = """cards:
  - name: Gauge
    types: [Artifact]
    abilities:
      - static: {kind: other, affects: [power_toughness], self_only: true,
                 text: "Gauge's power is equal to the number of cards in your hand."}
  - name: Gauge Beast
    types: [Artifact, Creature]
    power: 1
    toughness: 1
    abilities:
      - static: {kind: other, affects: [power_toughness], self_only: true,
                 text: "Gauge Beast's power is equal to the number of cards in your hand."}
  - name: Gauge Shifter
    types: [Artifact]
    abilities:
      - static: {kind: other, affects: [power_toughness], self_only: true,
                 text: "Gauge Shifter's toughness is 0."}
      - static: {kind: other, affects: [types], self_only: true,
                 text: "Gauge Shifter is a creature."}
"""


@pytest.mark.cr("704.5f")
def test_a_noncreatures_own_power_and_toughness_change_no_state_based_action() -> None:
    # An unread "Gauge's power is ..." changes only Gauge's power and toughness, which
    # only a creature's state-based actions read (704.5f-h): Gauge is an artifact, so
    # the payment is decided. On a creature (Gauge Beast) it could make the toughness 0:
    # not decided. Beside a change of its own types (Gauge Shifter) it could too.
    s = board_with("Forest, Gauge", GAUGE)
    assert not before_priority(s).undecided
    assert payment_answer(s, "A", "{G}").payable is True
    for name in ("Gauge Beast", "Gauge Shifter"):
        other = board_with(f"Forest, {name}", GAUGE)
        assert [u.object_id for u in before_priority(other).undecided][:1] == [name]
        assert payment_answer(other, "A", "{G}").payable is None


CHANGELINGS = TEST_AURA + """  - name: Legendary Mimic
    supertypes: [Legendary]
    types: [Creature]
    subtypes: [Shapeshifter]
    power: 2
    toughness: 2
    keywords: [Changeling]
"""


@pytest.mark.cr("702.73a")
@pytest.mark.cr("704.5j")
def test_changeling_changes_no_state_based_action_unless_something_is_attached() -> None:
    # Changeling makes it every creature type (702.73a): the legend rule reads names and
    # the legendary supertype, not creature types, so a legendary changeling alone
    # changes nothing before priority. An Aura on it reads its types (enchant quality,
    # 704.5m): then it is kept, not decided.
    s = board_with("Forest, Legendary Mimic", CHANGELINGS)
    assert not before_priority(s).undecided
    assert explain_could_produce(s, "Forest").letters == ["G"]
    enchanted = board_with("Forest, Legendary Mimic, "
                           "{card: Test Aura, attached_to: Legendary Mimic}", CHANGELINGS)
    assert [u.text for u in before_priority(enchanted).undecided] == ["Changeling"]


SHIFTER = TEST_AURA + """  - name: Shifter
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - static: {kind: other, affects: [types], self_only: true,
                 text: "As long as the moon is full, Shifter isn't a creature."}
"""


@pytest.mark.cr("704.5m")
@pytest.mark.cr("704.5j")
def test_a_self_only_change_of_types_matters_to_what_is_attached_and_same_names() -> None:
    # Shifter's unread change of its own types can't kill a 1/1 (704.5f) or make it
    # legendary beside nothing of its name: decided. But an Aura attached to it reads
    # its types (704.5m), and a second Shifter could become a legendary twin (704.5j).
    assert not before_priority(board_with("Forest, Shifter", SHIFTER)).undecided
    for extra in ("{card: Test Aura, attached_to: Shifter}", "Shifter"):
        s = board_with(f"Forest, Shifter, {extra}", SHIFTER)
        assert "Shifter" in [u.object_id for u in before_priority(s).undecided], extra


GEAR = """cards:
  - name: Odd Gear
    mana_cost: "{1}"
    types: [Artifact]
    subtypes: [Equipment]
    abilities:
      - static: {kind: other, text: "Equipped creature gets +1/+1 and has \\"Whenever \\
          this creature attacks, you gain 1 life.\\""}
"""


@pytest.mark.cr("303.4m")
@pytest.mark.cr("301.5a")
def test_an_unattached_equipments_line_about_the_equipped_creature_does_nothing() -> None:
    # "Equipped creature gets ..." names what the Equipment is attached to; attached to
    # nothing, it applies to nothing and can't make a state-based action pending. On a
    # creature it could (its toughness, its abilities), so the check is not decided.
    assert not before_priority(board_with("Forest, Odd Gear", GEAR)).undecided
    on = board_with("Forest, Llanowar Elves, {card: Odd Gear, attached_to: Llanowar Elves}",
                    GEAR)
    assert [u.object_id for u in before_priority(on).undecided] == ["Odd Gear"]


# ---- attachments and the rules not performed (704.5k, 704.5n, 704.5p, 704.5y) ---------

@pytest.mark.cr("704.5n")
def test_an_equipment_attached_to_a_land_becomes_unattached_first() -> None:
    # Bonesplitter attached to a Forest: not a creature, so it becomes unattached and
    # stays on the battlefield (704.5n, 301.5c).
    s = board("Forest, {card: Bonesplitter, attached_to: Forest}")
    a = payment_answer(s, "A", "{G}")
    assert (a.payable, a.count) == (True, 1)
    assert any("Bonesplitter" in x and "704.5n" in x and "remains on the battlefield" in x
               for x in a.state_based)
    after = before_priority(s).branches[0].state
    assert after.permanent("Bonesplitter").attached_to is None
    on_a_creature = board("Llanowar Elves, {card: Bonesplitter, attached_to: Llanowar Elves}")
    assert not before_priority(on_a_creature).changed


@pytest.mark.cr("301.5c")
@pytest.mark.cr("704.5n")
def test_an_equipment_that_became_a_creature_becomes_unattached_first() -> None:
    # March of the Machines makes Bonesplitter a 1/1 artifact creature: it can't equip
    # (301.5c; March's ruling: "it becomes unattached"), and stays on the battlefield.
    s = board("Forest, Llanowar Elves, March of the Machines, "
              "{card: Bonesplitter, attached_to: Llanowar Elves}")
    performed = before_priority(s).performed
    assert len(performed) == 1 and "301.5c" in performed[0] and "704.5n" in performed[0]
    assert payment_answer(s, "A", "{G}").count == 2


WARDED = """cards:
  - name: Warded Elf
    types: [Creature]
    subtypes: [Elf]
    power: 1
    toughness: 1
    keywords: [Protection from artifacts]
"""


@pytest.mark.cr("702.16d")
@pytest.mark.cr("704.5n")
def test_an_equipment_on_a_creature_with_protection_from_it_becomes_unattached() -> None:
    s = board_with("Forest, Warded Elf, {card: Bonesplitter, attached_to: Warded Elf}",
                   WARDED)
    performed = before_priority(s).performed
    assert len(performed) == 1 and "protection" in performed[0] and "704.5n" in performed[0]


@pytest.mark.cr("704.5n")
@pytest.mark.cr("704.5f")
def test_an_equipment_stays_when_the_creature_it_equips_dies() -> None:
    # Llanowar Elves (1/1) equipped with Bonesplitter gets two -1/-1 counters: it dies
    # (704.5f); at the next check Bonesplitter is attached to nothing and becomes
    # unattached (704.5n), still on the battlefield.
    from manacheck.solver.resolution import resolve

    s = board_with("Llanowar Elves, {card: Bonesplitter, attached_to: Llanowar Elves}",
                   "events:\n  - put_counters: {object: Llanowar Elves, "
                   "counters: {\"-1/-1\": 2}}\n")
    out = resolve(s)
    assert out.state.zone_of("Llanowar Elves") == "graveyard"
    assert out.state.permanent("Bonesplitter").attached_to is None
    assert any("704.5n" in e.rules for e in out.log)


ODD = """cards:
  - name: Test World
    supertypes: [World]
    types: [Enchantment]
  - name: Other World
    supertypes: [World]
    types: [Enchantment]
  - name: Test Role
    types: [Enchantment]
    subtypes: [Aura, Role]
    keywords: [Enchant creature]
"""


@pytest.mark.cr("704.5k")
@pytest.mark.cr("704.5y")
def test_the_world_rule_and_roles_are_not_decided() -> None:
    # Two world permanents (704.5k: all but the newest world go; how long each has been
    # one isn't in the state) and two Roles of one player on one creature (704.5y):
    # pending, not performed, so not decided. One of each is nothing pending.
    for battlefield, rule in (
            ("Forest, Test World, Other World", "704.5k"),
            ("Forest, Llanowar Elves, {card: Test Role, attached_to: Llanowar Elves}, "
             "{card: Test Role, attached_to: Llanowar Elves}", "704.5y")):
        a = payment_answer(board_with(battlefield, ODD), "A", "{G}")
        assert a.payable is None and any(rule in u.why for u in a.undecided), rule
    for battlefield in ("Forest, Test World",
                        "Forest, Llanowar Elves, {card: Test Role, "
                        "attached_to: Llanowar Elves}"):
        s = board_with(battlefield, ODD)
        assert not before_priority(s).changed and not before_priority(s).undecided


@pytest.mark.cr("704.5m")
@pytest.mark.cr("702.5a")
def test_enchant_creature_you_control_is_read() -> None:
    # "Enchant creature you control" (Dizzying Gaze): attached to nothing it goes
    # (704.5m); on its controller's creature it stays; on an opponent's creature it is
    # attached illegally and goes too ("you" is its controller, CR 109.5).
    gone = payment_answer(board("Forest, Dizzying Gaze"), "A", "{G}")
    assert gone.payable is True and any("Dizzying Gaze" in x for x in gone.state_based)
    kept = board("Forest, {card: Grizzly Bears, id: bears}, "
                 "{card: Dizzying Gaze, attached_to: bears}")
    assert payment_answer(kept, "A", "{G}").state_based == ()
    theirs = load_state_text(
        "turn: {active_player: A, phase: precombat_main}\nplayers:\n"
        "  A: {battlefield: [Forest, {card: Dizzying Gaze, attached_to: bears}]}\n"
        "  B: {battlefield: [{card: Grizzly Bears, id: bears}]}\n")
    answer = payment_answer(theirs, "A", "{G}")
    assert any("doesn't control" in x and "704.5m" in x for x in answer.state_based)


@pytest.mark.cr("704.5f")
@pytest.mark.cr("613.4c")
def test_an_unread_change_that_only_raises_toughness_kills_nothing() -> None:
    # "Nimble Mongoose gets +2/+2 as long as ..." and "All Sliver creatures get +0/+1."
    # (not read; by their form, power and toughness only) can't make a toughness 0 or
    # less: with no creature at 0 toughness, no state-based action could be pending
    # (CR 704.5f), so a payment is decided. "Mogg Squad gets -1/-1 for each other
    # creature on the battlefield." could kill it: not decided.
    for card in ("Nimble Mongoose", "Plated Sliver"):
        answer = payment_answer(board(f"Forest, Grizzly Bears, {card}"), "A", "{G}")
        assert (answer.payable, answer.count) == (True, 1), card
    squad = payment_answer(board("Forest, Grizzly Bears, Mogg Squad"), "A", "{G}")
    assert squad.payable is None and [u.object_id for u in squad.undecided] == [
        "Mogg Squad"]


@pytest.mark.cr("704.5f", "704.3", "603.2")
def test_what_cant_change_the_actions_performed_leaves_the_payment_decided() -> None:
    # Ivy Elemental with no +1/+1 counter is a 0/0: it is put into its owner's
    # graveyard before Alice gets priority (CR 704.5f). Beside it, lines manacheck
    # doesn't read but whose form shows they can't change that: Esper Sentinel's
    # trigger on a spell cast and Mindwrack Demon's at the beginning of the upkeep (no
    # spell is cast and no step begins as state-based actions are performed, CR
    # 603.2, 704.3); One-Eyed Scarecrow's "-1/-0" (no state-based action reads power);
    # Hedge Troll's own "+1/+1" (it raises the toughness of a creature that isn't
    # dying); Quarum Trench Gnomes' activated ability (nobody activates it then, CR
    # 602.2). So {G} is paid by the Forest alone, one way, in the state after.
    for card in ("Esper Sentinel", "Mindwrack Demon", "One-Eyed Scarecrow",
                 "Hedge Troll", "Quarum Trench Gnomes"):
        answer = payment_answer(board(f"Forest, Ivy Elemental, {card}"), "A", "{G}")
        assert (answer.payable, answer.count) == (True, 1), (card, answer.undecided)
        assert any("704.5f" in line for line in answer.state_based), card


@pytest.mark.cr("704.5f", "603.2", "603.3")
def test_a_trigger_on_a_creature_dying_keeps_the_actions_not_decided() -> None:
    # Skirk Drill Sergeant's "Whenever Skirk Drill Sergeant or another Goblin dies"
    # (not read) could trigger as Ivy Elemental dies (CR 603.2): what would then be
    # on the stack isn't known, so the answer isn't decided, and says why; without the
    # dying creature, no state-based action is performed and the trigger can't matter.
    answer = payment_answer(board("Forest, Ivy Elemental, Skirk Drill Sergeant"), "A",
                            "{G}")
    assert answer.payable is None
    quiet = payment_answer(board("Forest, Grizzly Bears, Skirk Drill Sergeant"), "A", "{G}")
    assert (quiet.payable, quiet.count) == (True, 1)
