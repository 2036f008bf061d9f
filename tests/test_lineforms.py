"""Unread lines classified by their form (``model/oracletext/lineforms.py``, issue 30).

Expectations derived by hand from the rules:

* CR 207.2a: reminder text has no game function; a line that is only reminder text
  changes nothing.
* CR 508.1c-d, 509.1b-c, 510.1c: attack and block restrictions, requirements and costs
  to attack, and how combat damage is assigned, change only combat.
* CR 615: prevention changes damage only. CR 502.3: untapping is the untap step's.
  CR 402.2, 514.1: maximum hand size is checked in the cleanup step.
* CR 614.1c, 614.12: "As CARDNAME enters" and "enters tapped" change its own entering.
  CR 707.2: a copy's characteristics last, and the state doesn't give them.
* CR 613.4: power and toughness are layer 7; CR 613.1f: a granted keyword is layer 6,
  and changes what that keyword's rules change (flying: blocks, CR 702.9).
* CR 601.2f: a cost reduction changes spells' total costs only.
* CR 301.5, 303.4: "Equipped/Enchanted creature" is the object it is attached to, and
  no object when it is attached to nothing.
"""

from __future__ import annotations

import textwrap

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.effects import Family
from manacheck.model.oracle import read_text
from manacheck.model.oracletext.lineforms import classify_line
from manacheck.solver.payments import payment_answer
from manacheck.solver.soundness import ACTIVATION, PAYMENT, PRODUCE, unapplied

F = Family


def state(alice: str, bob: str = "[]", extra: str = "") -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            battlefield: {alice}
          Bob:
            battlefield: {bob}
        """) + textwrap.dedent(extra))


@pytest.mark.parametrize(("line", "name", "families", "scope"), [
    ("(Seat of the Synod isn't a spell.)", "Seat of the Synod", set(), "any"),
    ("Craven Giant can't block.", "Craven Giant", {F.ATTACKS, F.BLOCKS}, "self"),
    ("Bog Rats can't be blocked by Walls.", "Bog Rats", {F.ATTACKS, F.BLOCKS}, "self"),
    ("You may have Deathcoil Wurm assign its combat damage as though it weren't "
     "blocked.", "Deathcoil Wurm", {F.ATTACKS, F.BLOCKS}, "self"),
    ("Creatures can't attack you unless their controller pays {2} for each creature "
     "they control that's attacking you.", "Propaganda", {F.ATTACKS, F.BLOCKS}, "any"),
    ("Prevent all combat damage that would be dealt to Guard Gomazoa.", "Guard Gomazoa",
     {F.DAMAGE}, "any"),
    ("Brass Man doesn't untap during your untap step.", "Brass Man", {F.STEPS}, "self"),
    ("You have no maximum hand size.", "Reliquary Tower", {F.STEPS}, "any"),
    ("If you would draw a card, draw two cards instead.", "Thought Reflection",
     {F.ZONES}, "any"),
    ("As True-Name Nemesis enters the battlefield, choose a player.", "True-Name Nemesis",
     {F.ENTERING}, "self"),
    ("As Watery Grave enters, you may pay 2 life. If you don't, it enters tapped.",
     "Watery Grave", {F.ENTERING}, "self"),
    ("You may have Sculpting Steel enter the battlefield as a copy of any artifact on "
     "the battlefield.", "Sculpting Steel", set(Family), "self"),
    ("Gearsmith Prodigy gets +1/+0 as long as you control an artifact.",
     "Gearsmith Prodigy", {F.POWER_TOUGHNESS}, "self"),
    ("Threshold — As long as seven or more cards are in your graveyard, Mystic Penitent "
     "gets +1/+1 and has flying.", "Mystic Penitent", {F.POWER_TOUGHNESS, F.BLOCKS},
     "self"),
    ("Enchanted creature gets +2/+1 and has menace.", "Giant Spectacle",
     {F.POWER_TOUGHNESS, F.BLOCKS}, "attached"),
    ("Other white creatures get +1/+1.", "Crovax, Ascendant Hero", {F.POWER_TOUGHNESS},
     "any"),
    ("Spells you cast cost up to {1} less to cast.", "Stone Calendar", {F.SPELL_COSTS},
     "any"),
    ("Blue spells you cast cost {1} less to cast.", "Sapphire Medallion", {F.SPELL_COSTS},
     "any"),
    ("This spell can't be countered.", "Isao, Enlightened Bushi", {F.ZONES}, "self"),
    ("Each player can't cast more than one noncreature spell each turn.",
     "Deafening Silence", {F.CASTING}, "any"),
    ("If you would gain life, you gain that much life plus 1 instead.", "Heron of Hope",
     {F.LIFE, F.DAMAGE}, "any"),
    ("Draft Cogwork Librarian face up.", "Cogwork Librarian", set(), "any"),
    # CR 602.5, 605.1a: which abilities may be activated, mana abilities included; what
    # a permanent could produce ignores it (CR 106.7: "if the ability were to resolve")
    ("Activated abilities of artifacts can't be activated.", "Null Rod", {F.ACTIVATION},
     "any"),
    ("Other creatures you control with flying get +1/+1.", "Test", {F.POWER_TOUGHNESS},
     "any"),
    ("Each creature you control with a +1/+1 counter on it has reach.", "Test",
     {F.BLOCKS}, "any"),
    ("If Covetous Geist would be put into a graveyard from anywhere, exile it instead.",
     "Covetous Geist", {F.ZONES, F.STATE_BASED}, "self"),
    ("You may exert Tah-Crop Elite as it attacks. When you do, creatures you control get "
     "+1/+1 until end of turn.", "Tah-Crop Elite",
     {F.ATTACKS, F.STEPS, F.UNREAD_TRIGGERS}, "any"),
    ("You control enchanted creature.", "Control Magic", set(Family), "attached"),
    ("Creatures you control get +0/+1 and have reach.", "Test",
     {F.POWER_TOUGHNESS, F.BLOCKS}, "any"),
    ("Harbor Serpent can't attack unless there are five or more Islands on the "
     "battlefield.", "Harbor Serpent", {F.ATTACKS, F.BLOCKS}, "self"),
    ("Skip your draw step.", "Solitary Confinement", {F.STEPS}, "any"),
    ("Spells your opponents cast that target Elderwood Scion cost {2} more to cast.",
     "Elderwood Scion", {F.SPELL_COSTS}, "any"),
    # CR 613.1f, 603.3: a granted triggered ability waits for the stack like any other
    ("Enchanted creature has \"Whenever another creature dies, put a +1/+1 counter on "
     "this creature.\"", "Test", {F.UNREAD_TRIGGERS}, "attached"),
])
def test_forms(line: str, name: str, families: set[Family] | None, scope: str | None
               ) -> None:
    found = classify_line(line, name)
    if families is None:
        assert found is None
        return
    assert found is not None
    assert found.families == families
    assert found.scope == scope


@pytest.mark.parametrize(("line", "name"), [
    # every family: the form is one of nothing known, or it could reach mana or costs
    ("Creatures can't attack unless their controller sacrifices a land.", "Test"),
    ("Craven Giant can't block. Lands you control have \"{T}: Add {G}.\"", "Craven Giant"),
    ("Nonbasic lands are Mountains.", "Blood Moon"),
    ("Enchanted creature has \"{T}: Add {G}.\"", "Test"),
    ("Enchanted land has \"{T}: Add one mana of any color.\"", "Test"),
    ("If you would draw a card, add {G} instead.", "Test"),
    ("Creature spells you cast cost {1} less to cast. Activated abilities cost {1} less "
     "to activate.", "Test"),
    ("Equipped creature has bogus.", "Test"),
    ("As long as you control an artifact, Test has \"{T}: Add {C}.\"", "Test"),
    ("Artifact creatures you control get +2/+2 and have \"{T}: Add {C}.\"", "Test"),
    # a condition that is an effect of its own, or a subject that sets types
    ("Test gets +1/+1 as long as you control a Forest and has haste.", "Test"),
    ("Lands you control are Forests and creatures get +1/+1.", "Test"),
    # a granted ability that could be a mana ability, or a trigger that could add mana
    ("Enchanted land has \"Whenever this land becomes tapped, add {G}.\"", "Test"),
    ("As long as Riftstone Portal is in your graveyard, lands you control have \"{T}: "
     "Add {G} or {W}.\"", "Riftstone Portal"),
])
def test_lines_that_stay_unread(line: str, name: str) -> None:
    assert classify_line(line, name) is None


def test_the_reader_keeps_a_classified_line_with_its_families() -> None:
    abilities, _, unread = read_text("Craven Giant", "Craven Giant can't block.")
    assert unread == ["Craven Giant can't block."]
    static = abilities[0]["static"]
    assert static["affects"] == ["attacks", "blocks"] and static["self_only"] is True
    abilities, _, unread = read_text("Test", "Equipped creature has vigilance.")
    assert abilities[0]["static"]["affected"] == {"enchanted": True} or unread == []


def test_combat_text_leaves_payments_decided() -> None:
    """CR 508.1c: Craven Giant's "can't block" and Propaganda's attack cost can't change a
    payment: {G}{G} with two Forests is payable in one way, on either side."""
    for alice, bob in (("[Forest, Forest, Craven Giant, Propaganda]", "[]"),
                       ("[Forest, Forest]", "[Craven Giant, Propaganda]")):
        answer = payment_answer(state(alice, bob), "Alice", "{G}{G}")
        assert answer.payable is True and answer.count == 1


def test_unattached_equipment_changes_nothing() -> None:
    """CR 301.5: Lightning Greaves attached to nothing gives haste to no creature; attached
    to a summoning-sick Llanowar Elves, its haste lets the Elves tap (CR 302.6, applied
    in layer 6, 613.1f), so {G}{G} is payable with the Forest and the Elves."""
    greaves = ("Equipped creature has haste and shroud. (It can't be the target of spells "
               "or abilities.)")
    extra = f"""\
        cards:
          - name: Test Greaves
            types: [Artifact]
            subtypes: [Equipment]
            text: "{greaves}"
        """
    loose = state("[Forest, Test Greaves]", extra=extra)
    assert unapplied(loose, PAYMENT) == ()
    assert unapplied(loose, PRODUCE) == ()
    attached = state("[Forest, {card: Llanowar Elves, id: elves, summoning_sick: true}, "
                     "{card: Test Greaves, attached_to: elves}]", extra=extra)
    assert unapplied(attached, PAYMENT) == ()
    answer = payment_answer(attached, "Alice", "{G}{G}")
    assert answer.payable is True and answer.count == 1
    assert payment_answer(loose, "Alice", "{G}{G}").payable is False


def test_own_haste_of_a_creature_without_abilities_changes_no_payment() -> None:
    """CR 302.6: haste matters only to its own {T} abilities: "As long as ..., CARDNAME
    has haste" on a creature with no activated ability can't change a payment; on one
    with a mana ability it could."""
    extra = """\
        cards:
          - name: Test Runner
            types: [Creature]
            power: 2
            toughness: 2
            text: "As long as you control a Forest, Test Runner has haste."
          - name: Test Druid
            types: [Creature]
            power: 1
            toughness: 1
            text: "As long as you control a Forest, Test Druid has haste.\\n{T}: Add {G}."
        """
    runner = state("[Forest, {card: Test Runner, summoning_sick: true}]", extra=extra)
    assert unapplied(runner, PAYMENT) == ()
    assert unapplied(runner, ACTIVATION) == ()
    druid = state("[Forest, {card: Test Druid, summoning_sick: true}]", extra=extra)
    assert [u.object_id for u in unapplied(druid, PAYMENT)] == ["Test Druid"]


def test_modal_trigger_is_one_ability() -> None:
    """CR 603.1, 700.2: "Whenever ..., choose one —" and its modes are one triggered
    ability, which uses the stack (CR 603.3)."""
    text = ("Whenever Putrid Warrior deals damage, choose one —\n"
            "• Each player loses 1 life.\n• Each player gains 1 life.")
    abilities, _, _ = read_text("Putrid Warrior", text)
    assert [a["static"].get("params") for a in abilities] == [{"unread_trigger": True}] * 3


def test_an_auras_unread_toughness_change_is_its_hosts_for_state_based_actions() -> None:
    """CR 704.5f, 303.4: an Aura's "Enchanted creature gets -1/-1 for each Forest you
    control." (by its form: power and toughness, of the creature it enchants) could kill
    that creature, so the check before priority (CR 117.5) isn't decided; the Aura
    itself being no creature doesn't matter. Attached to nothing, it changes nothing."""
    extra = """\
        cards:
          - name: Test Curse
            types: [Enchantment]
            subtypes: [Aura]
            keywords: [Enchant creature]
            text: "Enchanted creature gets -1/-1 for each Forest you control."
        """
    on_bears = state("[Forest, {card: Grizzly Bears, id: bears}, "
                     "{card: Test Curse, attached_to: bears}]", extra=extra)
    answer = payment_answer(on_bears, "Alice", "{G}")
    assert answer.payable is None and [u.object_id for u in answer.undecided] == [
        "Test Curse"]


@pytest.mark.cr("715.4")
def test_an_adventurer_on_the_battlefield_is_its_creature() -> None:
    """CR 715.4: off the stack an adventurer card has only its normal characteristics:
    Oakhame Ranger on the battlefield is the creature, so a payment beside it is
    decided; that it may be cast as its Adventure (715.3) is its own casting only."""
    from manacheck.model.pool import default_cards

    ranger = default_cards()["Oakhame Ranger"]
    [marker] = [a for a in ranger.abilities if "Adventure" in getattr(a, "text", "")]
    assert set(marker.affects) == {"casting", "spell_costs"} and marker.self_only
    answer = payment_answer(state("[Forest, Oakhame Ranger]"), "Alice", "{G}")
    assert (answer.payable, answer.count) == (True, 1)
