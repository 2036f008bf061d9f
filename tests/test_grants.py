"""Statics that grant an activated ability, read from oracle text (``oracletext.grants``).

Expectations derived by hand from the rules:

* CR 613.1f: an ability-adding effect applies in layer 6; the granted ability is the
  affected object's own (CR 113.2c), so it adds to what that object could produce
  (CR 106.7) and may be activated to pay costs (CR 601.2g, 605.3a).
* CR 303.4, 301.5: "enchanted land" / "equipped creature" is the permanent the Aura or
  Equipment is attached to; nothing else.
* CR 302.6: a creature's {T} ability, granted or not, can't be activated while it has
  summoning sickness.
* CR 305.7, 613.1d, 613.7: Blood Moon removes a nonbasic land's own abilities in layer 4;
  an Aura's granted ability is added later, in layer 6, so the land has it.
* The reader reads a line only when it renders back to its own text; the quoted ability
  is read by the same reader as a card's own line, and the card's own name inside it
  (which would mean the granting card) is not read.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.carddata import parse_card
from manacheck.model.oracle import read_text
from manacheck.model.oracletext.grants import read_grant
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import explain_could_produce

ANY = {"cost": "{T}", "mana": {"any_color": 1}, "text": "{T}: Add one mana of any color."}


def state(battlefield: str) -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: Alice, phase: precombat_main}}
        players:
          Alice:
            battlefield: {battlefield}
          Bob:
            battlefield: []
        """))


def payable(s: GameState, cost: str) -> bool | None:
    return payment_answer(s, "Alice", cost, list_payments=False).payable


def could(s: GameState, pid: str) -> str:
    d = explain_could_produce(s, pid, explain=False).as_dict(explain=False)
    assert not d.get("undecided"), d
    return "".join(str(t) for t in d["mana_types"])  # type: ignore[union-attr]


@pytest.mark.cr("613.1f")
@pytest.mark.parametrize(("line", "subtypes", "affected", "granted"), [
    ('Enchanted land has "{T}: Add two mana of any one color."', ("Aura",),
     {"types": ["land"], "enchanted": True},
     {"cost": "{T}", "mana": {"one_color": 2}, "text": "{T}: Add two mana of any one color."}),
    ('Enchanted creature has "{T}: Add one mana of any color."', ("Aura",),
     {"types": ["creature"], "enchanted": True}, ANY),
    ('Equipped creature has "{T}: Add one mana of any color."', ("Equipment",),
     {"types": ["creature"], "enchanted": True}, ANY),
    ('Lands you control have "{T}: Add one mana of any color."', (),
     {"types": ["land"], "controller": "you"}, ANY),
    ('Basic lands you control have "{T}: Add one mana of any color."', (),
     {"supertypes": ["Basic"], "types": ["land"], "controller": "you"}, ANY),
    ('Elves you control have "{T}: Add {B}."', (),
     {"subtypes": ["Elf"], "controller": "you"},
     {"cost": "{T}", "mana": {"add": "{B}"}, "text": "{T}: Add {B}."}),
    ('Sliver creatures you control have "{T}: Add one mana of any color."', (),
     {"types": ["creature"], "subtypes": ["Sliver"], "controller": "you"}, ANY),
    # "this permanent" in the quoted ability is the object that has it (CR 113.2c)
    ('All Slivers have "Sacrifice this permanent: Add {B}{B}."', (),
     {"subtypes": ["Sliver"]},
     {"cost": [{"sacrifice": "self"}], "mana": {"add": "{B}{B}"},
      "text": "Sacrifice this permanent: Add {B}{B}."}),
    ('All creatures have "{T}: Add {G}{G}."', (), {"types": ["creature"]},
     {"cost": "{T}", "mana": {"add": "{G}{G}"}, "text": "{T}: Add {G}{G}."}),
])
def test_grants_read(line: str, subtypes: tuple[str, ...], affected: dict[str, Any],
                     granted: dict[str, Any]) -> None:
    got = read_grant(line, subtypes)
    assert got == {"static": {"kind": "grant_ability", "affected": affected,
                              "granted": granted, "text": line}}
    parse_card({"name": "Test Card", "types": ["Enchantment"], "abilities": [got]}, "t")


@pytest.mark.parametrize(("line", "subtypes"), [
    # neither an Aura nor an Equipment: no attached permanent
    ('Enchanted land has "{T}: Add two mana of any one color."', ()),
    ('Equipped creature has "{T}: Add one mana of any color."', ("Aura",)),
    # a plural after "has", a controller the grammar doesn't take here
    ('Enchanted lands has "{T}: Add {G}."', ("Aura",)),
    ('Creatures your opponents control have "{T}: Add {G}."', ()),
    # a condition, a second quoted ability, types lost besides
    ('As long as you control six or more lands, lands you control have "{T}: Add one '
     'mana of any color."', ()),
    ('Enchanted land loses all land types and abilities and has "{T}: Add {C}" and "{T}, '
     'Pay 1 life: Add one mana of any color."', ("Aura",)),
    # the granting card's own name in the quoted ability's cost (it means that card,
    # not the object that has the ability)
    ('Creatures you control have "{T}, Sacrifice Test Card: Add {G}."', ()),
    # quoted text that isn't an activated ability, or one the reader doesn't read
    ('Enchanted creature has "Whenever this creature attacks, add {R}."', ("Aura",)),
    ('Human creatures you control have "{T}: Add one mana of any of this creature\'s '
     'colors."', ()),
    # reminder text
    ('Creatures you control have "{T}: Add {C}." ({C} represents colorless mana.)', ()),
])
def test_grants_not_read(line: str, subtypes: tuple[str, ...]) -> None:
    assert read_grant(line, subtypes) is None
    abilities, _, unread = read_text("Test Card", line, subtypes)
    assert unread == [line] or abilities[0].get("static", {}).get("kind") != "grant_ability"


def test_gift_of_paradise_read_into_the_pool() -> None:
    """The pool's Gift of Paradise holds the grant, not an unread line."""
    from manacheck.model import default_cards

    card = default_cards()["Gift of Paradise"]
    grants = [a for a in card.static_abilities if a.kind == "grant_ability"]
    assert len(grants) == 1 and grants[0].granted is not None
    assert grants[0].affected.enchanted


@pytest.mark.cr("303.4")
def test_the_grant_reaches_only_the_enchanted_land() -> None:
    """Gift of Paradise on one of two Wastes ({T}: Add {C}): that one could produce {C}
    and every color, the other only {C}; {W}{W} is payable (two mana of one color from
    the enchanted Wastes), {W}{W}{W} and {W}{U} aren't (CR 106.7, 303.4, 601.2h)."""
    s = state("[{card: Wastes, id: a}, {card: Wastes, id: b}, "
              "{card: Gift of Paradise, attached_to: a}]")
    assert could(s, "a") == "WUBRGC"
    assert could(s, "b") == "C"
    assert payable(s, "{W}{W}") is True
    assert payable(s, "{W}{W}{C}") is True
    assert payable(s, "{W}{W}{W}") is False
    assert payable(s, "{W}{U}") is False


@pytest.mark.cr("613.1f")
def test_blood_moon_doesnt_remove_an_auras_granted_ability() -> None:
    """Blood Moon makes Ancient Tomb a Mountain without its {C}{C} ability (CR 305.7,
    layer 4); Gift of Paradise's grant applies in layer 6 (CR 613.1f) from an Aura Blood
    Moon doesn't touch: the Tomb could produce {R} and every color, {G}{G} is payable,
    {C} isn't."""
    s = state("[{card: Ancient Tomb, id: tomb}, {card: Gift of Paradise, attached_to: tomb},"
              " Blood Moon]")
    assert could(s, "tomb") == "WUBRG"
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{C}") is False


@pytest.mark.cr("302.6")
def test_equipment_grant_and_summoning_sickness() -> None:
    """Paradise Mantle ("Equipped creature has "{T}: Add one mana of any color."") on
    Grizzly Bears: {U} is payable; with the Bears summoning sick it isn't (CR 302.6),
    though it could still produce every color (CR 106.7 ignores costs)."""
    s = state("[{card: Grizzly Bears, id: bear}, {card: Paradise Mantle, attached_to: bear}]")
    assert payable(s, "{U}") is True
    assert payable(s, "{U}{U}") is False
    sick = state("[{card: Grizzly Bears, id: bear, summoning_sick: true}, "
                 "{card: Paradise Mantle, attached_to: bear}]")
    assert payable(sick, "{U}") is False
    assert could(sick, "bear") == "WUBRG"


@pytest.mark.cr("113.2c")
def test_all_slivers_have_a_sacrifice_ability_each_for_itself() -> None:
    """Basal Sliver ("All Slivers have "Sacrifice this permanent: Add {B}{B}."") twice
    on Alice's side, one on Bob's: each Sliver has the ability, "this permanent" is the
    Sliver that has it (CR 113.2c), and no {T} is in its cost, so a summoning-sick
    Sliver may activate it too (CR 302.6): Alice pays {B}x4 by sacrificing both, never
    {B}x5; Bob's own Sliver pays {B}{B} for him."""
    s = load_state_text(textwrap.dedent("""\
        turn: {active_player: Alice, phase: precombat_main}
        players:
          Alice:
            battlefield: [Basal Sliver, {card: Basal Sliver, id: b2, summoning_sick: true}]
          Bob:
            battlefield: [Basal Sliver]
        """))
    assert payable(s, "{B}{B}{B}{B}") is True
    assert payable(s, "{B}{B}{B}{B}{B}") is False
    assert payment_answer(s, "Bob", "{B}{B}", list_payments=False).payable is True
    assert payment_answer(s, "Bob", "{B}{B}{B}", list_payments=False).payable is False
