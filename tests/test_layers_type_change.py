"""Type changes in layers 4, 5 and 6: Imprisoned in the Moon ("Enchanted permanent is a
colorless land with "{T}: Add {C}" and loses all other card types and abilities.") and
Mycosynth Lattice ("All permanents are artifacts in addition to their other types. All
cards that aren't on the battlefield, spells, and permanents are colorless."), read by
the oracle-text reader into the generic ``type_change`` static and a color-setting one.

Every expectation is derived by hand from the rules cited and the cards' rulings
(reference/cards/AtomicCards-2022-04.json.xz), quoted where they decide.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from manacheck.model import GameState, effective
from manacheck.model.carddata import CardFieldError, parse_card
from manacheck.model.characteristics import object_characteristics, order_sensitive
from manacheck.model.oracletext.keywords import keyword_line
from manacheck.model.oracletext.typelines import read_type_line

from manacheck.cli import main
from tests.test_xmage_port import activation, board, payable, produce

IMPRISONED = "{card: Imprisoned in the Moon, attached_to: %s, owner: Bob}"


# ---- Imprisoned in the Moon -------------------------------------------------------------


@pytest.mark.cr("205.1a")
def test_imprisoned_urza_mine_keeps_land_types_loses_ability() -> None:
    """Ruling 2016-07-13: "If the enchanted permanent is a land and has land types, it
    retains those types even though it loses any intrinsic mana abilities": Urza's Mine
    is still a Land (CR 205.1a: its card type is set to Land, so the land types, the
    subtypes of a type it keeps, stay), colorless (layer 5), and has only "{T}: Add
    {C}" (layer 6: all its abilities lost, the quoted one gained, so it is
    ``lost_abilities`` and a trigger of it wouldn't exist). The Tower still counts it
    (it is an Urza's Mine): Tower {C}{C}{C} + Power Plant {C}{C} + Mine {C} = 6."""
    s = board("{card: \"Urza's Mine\", id: mine}", '"Urza\'s Tower"',
              '"Urza\'s Power Plant"', IMPRISONED % "mine")
    c = effective(s)["mine"]
    assert c.types == {"Land"}
    assert {t.replace("\u2019", "'") for t in c.subtypes} == {"Urza's", "Mine"}
    assert not c.colors and c.lost_abilities
    assert [a.text for a in c.activated] == ["{T}: Add {C}."]
    assert produce(s)["mine"] == "C"
    assert payable(s, "{6}") is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("302.6")
def test_imprisoned_summoning_sick_creature_taps_for_colorless() -> None:
    """A summoning-sick Llanowar Elves enchanted by Imprisoned in the Moon is a land, not
    a creature (layer 4, CR 205.1a: its card type is set to Land, and its creature types
    go with Creature), so CR 302.6 doesn't stop its {T} ability: it pays {C}. It has
    lost "{T}: Add {G}" (layer 6) and its color (layer 5), and has no power or
    toughness (CR 208.3). Without the Aura it can't pay {G} (302.6)."""
    elf = "{card: Llanowar Elves, id: elf, summoning_sick: true}"
    s = board(elf, IMPRISONED % "elf")
    c = effective(s)["elf"]
    assert c.types == {"Land"} and not c.subtypes and not c.colors
    assert c.power is None and c.toughness is None
    assert payable(s, "{C}") is True
    assert payable(s, "{G}") is False
    assert activation(s, "elf", 1) is True
    assert payable(board(elf), "{G}") is False
    assert activation(board(elf), "elf", 1) is False


@pytest.mark.cr("205.4b")
def test_imprisoned_legendary_creature_stays_legendary() -> None:
    """Ruling 2016-07-13: "The permanent will keep any supertypes it previously had"
    (CR 205.4b): Isamaru, Hound of Konda is a legendary land."""
    s = board("{card: \"Isamaru, Hound of Konda\", id: dog}", IMPRISONED % "dog")
    c = effective(s)["dog"]
    assert c.types == {"Land"} and c.supertypes == {"Legendary"}


@pytest.mark.cr("305.6")
def test_imprisoned_basic_forest_is_still_a_forest_without_its_mana() -> None:
    """An Imprisoned basic Forest: CR 305.7 is about an effect that sets a land's
    *subtype*; Imprisoned sets its card type to Land, which it already is, so by CR
    205.1a its land type Forest stays (a subtype of a card type it keeps) and so does
    the supertype Basic (205.4b). The ability "{T}: Add {G}" is intrinsic to the type
    (305.6) but is an ability all the same, and the effect removes all abilities in
    layer 6 (613.1f) after the type line gave it: the Forest makes {C} only. This is
    the ruling's own example: "a Plains enchanted by Imprisoned in the Moon is still a
    Plains, but it can't tap for {W}, only for {C}"."""
    s = board("{card: Forest, id: f}", IMPRISONED % "f")
    c = effective(s)["f"]
    assert c.subtypes == {"Forest"} and c.supertypes == {"Basic"}
    assert produce(s)["f"] == "C"
    assert payable(s, "{G}") is False
    assert payable(s, "{C}") is True


GIFT = ("cards:\n  - name: Gift Aura\n    types: [Enchantment]\n    subtypes: [Aura]\n"
        "    abilities:\n      - static:\n          kind: grant_ability\n"
        "          affected: {types: [land], enchanted: true}\n"
        "          granted: {cost: \"{T}\", mana: {one_color: 2}}\n")


@pytest.mark.cr("613.7")
def test_imprisoned_and_a_granted_ability_in_timestamp_order() -> None:
    """Ruling 2016-07-13: "Any abilities the permanent gains after that point will work
    normally." Layer 6 in timestamp order (CR 613.7): an Aura granting "{T}: Add two
    mana of any one color" attached before Imprisoned loses its ability to it (the land
    makes {C} only); attached after, the land has both ({C}, or two of one color)."""
    def state(gift: int, moon: int) -> GameState:
        return board("{card: Forest, id: f}",
                     f"{{card: Gift Aura, attached_to: f, timestamp: {gift}}}",
                     opponent=(f"{{card: Imprisoned in the Moon, attached_to: f, "
                               f"timestamp: {moon}}}",), extra=GIFT)
    before = state(1, 2)
    assert payable(before, "{G}") is False
    assert payable(before, "{C}") is True
    after = state(2, 1)
    assert payable(after, "{G}{G}") is True
    assert produce(after)["f"] == "WUBRGC"


@pytest.mark.cr("613.8a")
def test_blood_moon_depends_on_imprisoned_whatever_the_timestamps() -> None:
    """Blood Moon ("Nonbasic lands are Mountains") and an Imprisoned creature: applying
    Imprisoned changes what Blood Moon applies to (the creature becomes a nonbasic
    land), so Blood Moon depends on it (CR 613.8a) and applies after it even with the
    earlier timestamp: the land is a Mountain (305.7). In layer 6 Imprisoned removes
    every ability, the Mountain's intrinsic "{T}: Add {R}" too: it makes {C} only."""
    s = board("Blood Moon", "{card: Llanowar Elves, id: elf}", IMPRISONED % "elf")
    c = effective(s)["elf"]
    assert c.types == {"Land"} and c.subtypes == {"Mountain"}
    assert produce(s)["elf"] == "C"


@pytest.mark.cr("613.7c")
def test_imprisoned_with_keyword_counters_is_not_decided() -> None:
    """A keyword counter (CR 122.1b) applies in layer 6 with its own timestamp, when it
    was put on (613.7c), which the state doesn't give: whether an Imprisoned creature
    with a hexproof counter has hexproof isn't known, so the answer is not decided."""
    s = board("{card: Llanowar Elves, id: elf, counters: {hexproof: 1}}",
              IMPRISONED % "elf")
    assert payable(s, "{C}") is None


# ---- Mycosynth Lattice ------------------------------------------------------------------


@pytest.mark.cr("613.1d")
def test_lattice_makes_lands_artifacts_for_metalcraft() -> None:
    """Mox Opal's metalcraft ("Activate only if you control three or more artifacts"):
    with a Mountain and a Forest beside it, one artifact, it can't be activated. With
    Mycosynth Lattice and a Mountain, the Mountain is an artifact too (layer 4, CR
    613.1d, 205.1b: in addition to its types): three artifacts, so {W}{R} is
    payable."""
    assert payable(board("Mox Opal", "Mountain", "Forest"), "{W}{R}") is False
    s = board("Mox Opal", "Mountain", "Mycosynth Lattice")
    assert effective(s)["Mountain"].types == {"Artifact", "Land"}
    assert payable(s, "{W}{R}") is True


@pytest.mark.cr("105.2c")
def test_lattice_makes_spells_colorless_for_spend_restrictions() -> None:
    """Pillar of the Paruns' mana is spent "only to cast a multicolored spell" (CR
    106.6). Heroes' Reunion ({G}{W}) is multicolored, but with Mycosynth Lattice every
    card that isn't on the battlefield is colorless (layer 5; the ruling: "everything,
    in every zone of the game, colorless"): not castable with the Pillars' mana, though
    the Lattice lets mana be spent as though any color (its ruling: "it doesn't remove
    restrictions on the mana")."""
    hand = ('"Heroes\' Reunion"',)
    assert payable(board("Pillar of the Paruns", "Pillar of the Paruns", hand=hand),
                   None, for_object="Heroes' Reunion") is True
    s = board("Pillar of the Paruns", "Pillar of the Paruns", "Mycosynth Lattice",
              hand=hand, opponent=("Mountain",))
    assert not object_characteristics(s, "Heroes' Reunion").colors
    assert payable(s, None, for_object="Heroes' Reunion") is False


@pytest.mark.cr("613.8a")
def test_march_of_the_machines_depends_on_lattice() -> None:
    """March of the Machines ("Each noncreature artifact is an artifact creature with
    power and toughness each equal to its mana value") and Mycosynth Lattice, March
    with the earlier timestamp: applying the Lattice changes what March applies to, so
    March depends on it and applies after it (CR 613.8a). Every permanent is an
    artifact, so every noncreature one becomes a creature with its mana value as power
    and toughness (layer 7b, CR 613.4b, 613.6): the Mountain 0/0 (it would die as a
    state-based action, not checked here), March 4/4, the Lattice 6/6."""
    s = board("March of the Machines", "Mountain", "Mycosynth Lattice")
    chars = effective(s)
    assert chars["Mountain"].types == {"Artifact", "Creature", "Land"}
    assert (chars["Mountain"].power, chars["Mountain"].toughness) == (0, 0)
    assert (chars["March of the Machines"].power, chars["Mycosynth Lattice"].toughness) \
        == (4, 6)


@pytest.mark.cr("613.7")
def test_lattice_and_imprisoned_in_timestamp_order() -> None:
    """Neither effect changes what the other applies to or does (CR 613.8a), so layer 4
    is in timestamp order (613.7): Lattice first, then Imprisoned sets the enchanted
    permanent's types to Land only (not an artifact); Imprisoned first, then the Lattice
    adds Artifact (an artifact land). The file fixes neither timestamp, so the order
    rests on the file's places (``order_sensitive``, the CLI's note)."""
    s = board("Mycosynth Lattice", "{card: Llanowar Elves, id: elf}", IMPRISONED % "elf")
    assert effective(s)["elf"].types == {"Land"}
    assert order_sensitive(s)
    s = board("{card: Mycosynth Lattice, timestamp: 2}", "{card: Llanowar Elves, id: elf}",
              "{card: Imprisoned in the Moon, attached_to: elf, timestamp: 1}")
    assert effective(s)["elf"].types == {"Artifact", "Land"}


# ---- the reader and the card format -----------------------------------------------------


def test_reader_type_lines() -> None:
    """The three forms read, each rendering back to its line; near misses stay unread
    (a creature needs its power and toughness; "is a land" without losing the other
    types; no Aura to say "Enchanted")."""
    moon = ('Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all '
            'other card types and abilities.')
    got = read_type_line(moon, ("Aura",))
    assert got is not None and got["static"]["set_types"] == ["Land"]
    assert got["static"]["set_colors"] == "{C}" and got["static"]["lose_abilities"]
    assert read_type_line(moon) is None
    assert read_type_line("All permanents are enchantments in addition to their other "
                          "types.") is not None
    assert read_type_line("All lands are creatures in addition to their other types.") \
        is None
    assert read_type_line("Enchanted permanent is a land.", ("Aura",)) is None
    assert read_type_line("All cards that aren't on the battlefield, spells, and "
                          "permanents are purple.") is None
    assert keyword_line("Enchant creature, land, or planeswalker") == [
        "Enchant creature, land, or planeswalker"]


def test_card_format_set_types_only_land() -> None:
    """Setting card types is modelled for Land only (CR 205.1a: the subtypes kept are
    those of the types kept, told apart for land types only)."""
    card = {"name": "X", "types": ["Enchantment"], "abilities": [{"static": {
        "kind": "type_change", "affected": {"enchanted": True}, "set_types": ["Artifact"]}}]}
    with pytest.raises(CardFieldError):
        parse_card(card)


@pytest.mark.cr("613.7")
def test_lattice_and_celestial_dawn_off_the_battlefield_in_timestamp_order() -> None:
    """Celestial Dawn makes the nonland cards Alice owns off the battlefield white,
    Mycosynth Lattice every card off the battlefield colorless: both layer 5 (CR
    613.1e), so the later timestamp wins (613.7). Lightning Bolt in Alice's hand is
    colorless when the Lattice is later, white when Celestial Dawn is."""
    def state(dawn: int, lattice: int) -> GameState:
        return board(f"{{card: Celestial Dawn, timestamp: {dawn}}}",
                     f"{{card: Mycosynth Lattice, timestamp: {lattice}}}",
                     hand=("{card: Lightning Bolt, id: bolt}",))
    later = state(1, 2)
    assert not object_characteristics(later, "bolt").colors
    earlier = state(2, 1)
    colors = object_characteristics(earlier, "bolt").colors
    assert {t.value for t in colors} == {"W"}


def test_produce_explain_cites_the_layer(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``produce --explain`` on an Imprisoned Urza's Mine: its one ability is the
    granted "{T}: Add {C}" (layer 6, CR 613.1f), not a land type's (305.7 is for an
    effect that sets a land type)."""
    path = tmp_path / "moon.yaml"
    path.write_text("turn: {active_player: Alice}\nplayers:\n  Alice:\n"
                    "    battlefield: [{card: \"Urza's Mine\", id: mine}]\n  Bob:\n"
                    "    battlefield: [{card: Imprisoned in the Moon, attached_to: mine}]\n")
    assert main(["produce", str(path), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "ability 1 ({T}: Add {C}.): adds {C} [CR 106.7, 613.1f]" in out
