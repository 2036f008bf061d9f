"""Unread triggered abilities, "enters with counters" statics and reminder-only lines.

Expectations derived by hand from the rules:

* CR 603.3, 605.1b: a triggered ability that isn't a mana ability goes on the stack the
  next time a player would receive priority; it can't change a payment, what a
  permanent could produce (CR 106.7), whether an ability may be activated now, or the
  state-based actions (CR 704.3). ``resolve`` plays events that might trigger it, so it
  stays "not decided" there, naming it.
* CR 614.1c, 614.12: "CARDNAME enters with N counters" applies only as it enters.
* CR 207.2a: reminder text has no game function, once the card has the symbol it
  explains.
"""

from __future__ import annotations

import textwrap

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.effects import STATIC_KINDS, Family
from manacheck.model.oracle import read_text
from manacheck.model.oracletext.unread_triggers import unread_trigger
from manacheck.solver import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce
from manacheck.solver.resolution import Unsupported, resolve
from manacheck.solver.settle import STATE_BASED
from manacheck.solver.soundness import (
    ACTIVATION,
    PAYMENT,
    PAYMENT_FOR,
    PRODUCE,
    RESOLUTION,
    RESOLUTION_ATTACKS,
    UNREAD_TRIGGER,
)

DRUID = "Whenever an opponent casts an artifact spell, put a +1/+1 counter on Citanul Druid."


def state(battlefield: str, extra: str = "") -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            battlefield: {battlefield}
          Bob:
            battlefield: []
        """) + textwrap.dedent(extra))


# ---- the form of a triggered ability (CR 603.1, 605.1b) ------------------------------


@pytest.mark.cr("603.1")
@pytest.mark.parametrize(("line", "name", "is_trigger"), [
    (DRUID, "Citanul Druid", True),
    ("Heroic — Whenever you cast a spell that targets Akroan Crusader, create a 1/1 red "
     "Soldier creature token with haste.", "Akroan Crusader", True),
    ("At the beginning of your upkeep, you lose 1 life.", "Test", True),
    # CR 605.1b: it targets and adds no mana, so it is no mana ability
    ("Whenever you tap Forbidden Orchard for mana, target opponent creates a 1/1 "
     "colorless Spirit creature token.", "Forbidden Orchard", True),
    # CR 605.5a: it triggers at a phase's beginning, not from a mana ability or mana
    # being added, so it is no mana ability whatever it adds: it uses the stack
    ("At the beginning of your precombat main phase, add {C}.", "Test", True),
    # could be a triggered mana ability (CR 605.1b): stays unread, every family
    ("Whenever you tap a Forest for mana, add an additional {G}.", "Test", False),
    ("Whenever enchanted land is tapped for mana, its controller adds an additional "
     "{G}.", "Test", False),
    ("Whenever a creature you control becomes tapped, you may pay {1}. If you do, "
     "draw a card. Spend only mana from lands on this.", "Test", False),
    # CR 603.1, 608.2, 611.2a: the whole paragraph is the triggered ability; an effect
    # it creates (a rule, a replacement, a continuous effect) exists only once it has
    # resolved, so before then it waits for the stack like any other
    ("Whenever a creature dies, it can't be regenerated this turn.", "Test", True),
    ("When Test enters, if you would draw a card, exile it instead.", "Test", True),
    ("Whenever Test attacks, it gets +1/+1 as long as you control a Forest.", "Test",
     True),
    # CR 605.1b: it triggers from casting, not from a mana ability or mana being added,
    # so whatever it adds it uses the stack
    ("Whenever you cast a spell, add {C}. ({C} represents colorless mana.)", "Test", True),
    # its reminder isn't rules text (CR 207.2a): the Treasure's "Add" is no mana it adds
    ("Whenever an opponent draws a card, that player may pay {2}. If the player doesn't, "
     "you create a Treasure token. (It's an artifact with \"{T}, Sacrifice this "
     "artifact: Add one mana of any color.\")", "Smothering Tithe", True),
    ("Whenever an opponent casts a spell, you may draw a card unless that player pays "
     "{1}.", "Rhystic Study", True),
    # CR 714.2b: a chapter ability triggers from lore counters
    ("I, II — Add {R}{R}.", "Test", True),
    # its condition could be a mana ability's cost being paid, and it adds mana
    ("Whenever you sacrifice a creature, add {B}.", "Test", False),
    ("Whenever a creature you control dies, add {C}.", "Test", False),
    # not a trigger's form
    ("Creatures you control get +1/+1.", "Test", False),
    ("{T}: Draw a card.", "Test", False),
    ("When", "Test", False),
])
def test_unread_trigger_form(line: str, name: str, is_trigger: bool) -> None:
    assert unread_trigger(line, name) is is_trigger


@pytest.mark.cr("603.3")
def test_unread_trigger_kind_is_read_only_by_resolve() -> None:
    """Its family is read by resolve (which plays events) and by no question asked of
    the state as it is: paying, producing, activating, state-based actions."""
    kind = STATIC_KINDS[UNREAD_TRIGGER]
    assert kind.families == {Family.UNREAD_TRIGGERS} and not kind.self_only
    for q in (PAYMENT, PAYMENT_FOR, PRODUCE, ACTIVATION, STATE_BASED):
        assert not kind.families & q.reads, q.name
    for q in (RESOLUTION, RESOLUTION_ATTACKS):
        assert kind.families <= q.reads


@pytest.mark.cr("605.1b")
def test_read_text_keeps_mana_trigger_unread() -> None:
    abilities, _, unread = read_text("Test", "Whenever you tap a Forest for mana, add an "
                                             "additional {G}.\n" + DRUID.replace(
                                                 "Citanul Druid", "Test"))
    assert len(unread) == 2
    assert "params" not in abilities[0]["static"]  # every family
    assert abilities[1]["static"]["params"] == {"unread_trigger": True}


# ---- boards ----------------------------------------------------------------------------


@pytest.mark.cr("603.3")
def test_unread_trigger_doesnt_stop_pay_produce_activate() -> None:
    """Citanul Druid's trigger is unread; two Forests and Llanowar Elves (no summoning
    sickness): {G}{G}{G} payable, four not; the Forest could produce {G}; the Elves'
    {T}: Add {G} may be activated."""
    s = state("[Forest, Forest, Llanowar Elves, Citanul Druid]")
    a = payment_answer(s, "Alice", "{G}{G}{G}", list_payments=False)
    assert a.payable is True and not a.undecided
    assert payment_answer(s, "Alice", "{G}{G}{G}{G}", list_payments=False).payable is False
    d = explain_could_produce(s, "Forest", explain=False).as_dict(explain=False)
    assert [str(t) for t in d["mana_types"]] == ["G"]  # type: ignore[union-attr]
    assert not d.get("undecided")
    v = can_activate(s, "Llanowar Elves", 1)
    assert v.legal is True and not v.undecided


@pytest.mark.cr("603.2")
def test_resolve_refuses_unread_trigger() -> None:
    """A -1/-1 counter on a 1/1 Citanul Druid: it dies (CR 704.5f), an event that could
    trigger the other Druid's unread ability: resolve is not decided, naming it."""
    s = state('[{card: Citanul Druid, id: A}, {card: Citanul Druid, id: B}]', """\
        events:
          - put_counters: {object: A, counters: {"-1/-1": 1}}
        """)
    with pytest.raises(Unsupported, match="Whenever an opponent casts an artifact spell"):
        resolve(s)


@pytest.mark.cr("704.3", "603.2")
def test_pending_sba_with_unread_trigger_on_another_event_is_decided() -> None:
    """A state-based action is pending (a 1/1 with a -1/-1 counter dies). The other
    Druid's unread trigger ("Whenever an opponent casts an artifact spell") can't
    trigger as it is performed (no spell is cast, CR 603.2, 704.3), so the payment is
    decided in the state after, and says what was performed. A trigger on a creature
    dying could trigger then: not decided (Skirk Drill Sergeant)."""
    s = state('[Forest, {card: Citanul Druid, id: A, counters: {"-1/-1": 1}}, '
              '{card: Citanul Druid, id: B}]')
    a = payment_answer(s, "Alice", "{G}", list_payments=False)
    assert a.payable is True and not a.undecided
    assert any("704.5f" in line for line in a.state_based)
    dies = state('[Forest, {card: Citanul Druid, id: A, counters: {"-1/-1": 1}}, '
                 '{card: Skirk Drill Sergeant, id: B}]')
    d = payment_answer(dies, "Alice", "{G}", list_payments=False)
    assert d.payable is None
    assert any("Skirk Drill Sergeant" in str(u) for u in d.undecided)


# ---- enters with counters (CR 614.1c) -------------------------------------------------


@pytest.mark.cr("614.1c")
@pytest.mark.parametrize(("line", "counter", "count"), [
    ("Test enters the battlefield with four +1/+1 counters on it.", "+1/+1", 4),
    ("Test enters the battlefield with a -1/-1 counter on it.", "-1/-1", 1),
    ("Test enters the battlefield with X +1/+1 counters on it.", "+1/+1", "X"),
    ("Test enters with three charge counters on it.", "charge", 3),
])
def test_enters_with_counters_read(line: str, counter: str, count: int | str) -> None:
    abilities, _, unread = read_text("Test", line)
    assert not unread
    assert abilities == [{"static": {"kind": "enters_with_counters", "counter": counter,
                                     "count": count, "text": line}}]


@pytest.mark.cr("614.1c")
@pytest.mark.parametrize("line", [
    "Each other creature you control enters the battlefield with an additional +1/+1 "
    "counter on it.",
    "Test enters the battlefield with two +1/+1 counters on it if you control a Forest.",
    "Test enters the battlefield with four +1/+1 counters on it. Test can't block.",
])
def test_enters_with_counters_others_stay_unread(line: str) -> None:
    _, _, unread = read_text("Test", line)
    assert unread == [line]


@pytest.mark.cr("614.12")
def test_converge_is_own_entering_only() -> None:
    line = ("Converge — Test enters the battlefield with a +1/+1 counter on it for each "
            "color of mana spent to cast it.")
    abilities, _, _ = read_text("Test", line)
    assert abilities[0]["static"]["params"] == {"enters_with_unread_count": True}
    kind = STATIC_KINDS["static:other:enters_with_unread_count"]
    assert kind.families == {Family.ENTERING} and kind.self_only


# ---- reminder-only lines (CR 207.2a) ---------------------------------------------------


@pytest.mark.cr("207.2a")
def test_hybrid_reminder_checked_against_cost() -> None:
    line = "({G/U} can be paid with either {G} or {U}.)"
    assert read_text("Test", line, mana_cost="{G/U}{G/U}") == ([], [], [])
    # CR 207.2a: reminder text has no game function, whatever it says and whether or not
    # the card has the symbol it explains: a line that is only reminder is no ability
    assert read_text("Test", line, mana_cost="{1}{G}") == ([], [], [])
    assert read_text("Test", line) == ([], [], [])
    odd = "({G/U} can be paid with either {G} or {U}, or 3 life.)"
    assert read_text("Test", odd, mana_cost="{G/U}") == ([], [], [])
    # (Seat of the Synod's and Dryad Arbor's reminder lines likewise)
    assert read_text("Seat of the Synod", "(Seat of the Synod isn't a spell.)\n"
                     "{T}: Add {U}.")[2] == []


# ---- the Theros gods' devotion static (CR 700.5, 613.1d) ---------------------------------


@pytest.mark.cr("700.5")
def test_devotion_god_read_with_checked_reminder() -> None:
    from manacheck.model import effective

    line = ("As long as your devotion to black is less than five, Erebos isn't a creature. "
            "(Each {B} in the mana costs of permanents you control counts toward your "
            "devotion to black.)")
    abilities, _, unread = read_text("Erebos, God of the Dead", line)
    assert not unread
    assert abilities[0]["static"]["params"] == {
        "not_creature_unless_devotion": {"colors": "{B}", "count": 5}}
    wrong = line.replace("Each {B}", "Each {W}")
    assert read_text("Erebos, God of the Dead", wrong)[2] == [wrong]
    # Erebos ({3}{B}) alone: devotion 1, not a creature; two Gray Merchants ({3}{B}{B})
    # make it 5: a creature.
    alone = state('["Erebos, God of the Dead"]')
    assert not effective(alone)["Erebos, God of the Dead"].is_creature
    five = state('["Erebos, God of the Dead", Gray Merchant of Asphodel, '
                 '{card: Gray Merchant of Asphodel, id: GM2}]')
    assert effective(five)["Erebos, God of the Dead"].is_creature


@pytest.mark.cr("107.4c")
@pytest.mark.cr("605.1b")
def test_the_colorless_reminder_is_not_mana_the_trigger_adds() -> None:
    """Gravity Negator's attack trigger ("you may pay {C}. If you do, another target
    creature gains flying ...") with "({C} represents colorless mana.)": the reminder
    explains its {C}, so the line is a trigger that uses the stack; a trigger that adds
    {C} and could trigger from a mana ability stays unread whatever its reminder."""
    assert unread_trigger("Whenever Gravity Negator attacks, you may pay {C}. If you do, "
                          "another target creature gains flying until end of turn. ({C} "
                          "represents colorless mana.)", "Gravity Negator")
    # CR 605.1b: casting a spell is no mana ability: it uses the stack whatever it adds
    assert unread_trigger("Whenever you cast a spell, add {C}. ({C} represents "
                          "colorless mana.)", "Test Idol")
    assert not unread_trigger("Whenever you tap a land for mana, add {C}. ({C} "
                              "represents colorless mana.)", "Test Idol")
    # attacking is no mana ability either (CR 605.1b): on resolution it adds {C}
    assert unread_trigger("Whenever Test Idol attacks, you may pay {1}. If you do, "
                          "add {C}. ({C} represents colorless mana.)", "Test Idol")
