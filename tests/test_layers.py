"""Layers 4 and 6 as mana needs them (CR 305.7, 613.1d, 613.1f, 613.7, 613.8): one test
per official ruling of Blood Moon, Urborg, Yavimaya, Prismatic Omen, Chromatic Lantern,
Cryptolith Rite and Celestial Dawn (land types part), quoted from
reference/cards/cards.json. Expected answers are derived by hand from the ruling."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from manacheck.model import GameState, ManaType, effective, load_state_text
from manacheck.model.characteristics import characteristics
from manacheck.solver.produce import activation_outcomes
from manacheck.solver.produce import produced_types as could_produce  # the solver's sets

REFERENCE = Path(__file__).resolve().parents[1] / "reference"

HELPER_CARDS = """
cards:
  - name: Gated Crossing
    types: [Land]
    subtypes: [Gate]
    abilities:
      - triggered:
          event: enters
          self_only: true
          effects: [{kind: scry, count: 1}]
      - static: {kind: other, text: enters tapped}
      - activated: {cost: "{T}", mana: {choice: ["{W}", "{U}"]}}
"""


def board(text: str) -> GameState:
    body = textwrap.dedent(text).strip("\n")
    return load_state_text("turn: {active_player: A}\n" + body + "\n" + HELPER_CARDS)


def ruling(card: str, date: str, start: str) -> str:
    cards = json.loads((REFERENCE / "cards" / "cards.json").read_text(encoding="utf-8"))
    for c in cards:
        if c["name"] == card:
            for r in c.get("rulings", []):
                if r["date"] == date and r["text"].startswith(start):
                    return str(r["text"])
    raise AssertionError(f"no ruling {card} {date} {start!r}")


def cp(state: GameState, object_id: str) -> str:
    got = could_produce(state, object_id)
    return "".join(t.value for t in (ManaType.W, ManaType.U, ManaType.B, ManaType.R,
                                     ManaType.G, ManaType.C) if t in got)


def subtypes(state: GameState, object_id: str) -> set[str]:
    return set(effective(state)[object_id].subtypes)


# ---- Blood Moon ----------------------------------------------------------------------


@pytest.mark.cr("305.7")
def test_blood_moon_2020_loses_enters_trigger() -> None:
    ruling("Blood Moon", "2020-08-07", "If a nonbasic land has an ability that triggers")
    s = board("""
    players:
      A: {battlefield: [Gated Crossing, Blood Moon]}
    """)
    c = effective(s)["Gated Crossing"]
    assert not any(type(a).__name__ == "TriggeredAbility" for a in c.abilities)
    assert c.lost_abilities


@pytest.mark.cr("305.7")
def test_blood_moon_2020_loses_enters_tapped_and_as_enters_abilities() -> None:
    ruling("Blood Moon", "2020-08-07", "If a nonbasic land has an ability that causes")
    s = board("""
    players:
      A: {battlefield: [Gated Crossing, Blood Moon]}
    """)
    assert effective(s)["Gated Crossing"].abilities == ()


@pytest.mark.cr("305.7")
def test_blood_moon_2020_mountain_with_red_ability_only() -> None:
    ruling("Blood Moon", "2020-08-07", "Nonbasic lands will lose any other land types")
    s = board("""
    players:
      A: {battlefield: [Gated Crossing, Tundra, Blood Moon, Plains]}
    """)
    for land in ("Gated Crossing", "Tundra"):
        assert subtypes(s, land) == {"Mountain"}  # Gate, Plains, Island gone
        assert cp(s, land) == "R"
        assert activation_outcomes(s, land, 1) == frozenset({(ManaType.R,)})
    assert cp(s, "Plains") == "W"  # basic: unaffected


@pytest.mark.cr("305.7")
def test_blood_moon_2020_names_and_supertypes_unchanged() -> None:
    ruling("Blood Moon", "2020-08-07", "This effect doesn't affect names or supertypes")
    s = board("""
    players:
      A: {battlefield: ["Urborg, Tomb of Yawgmoth", Blood Moon]}
    """)
    c = effective(s)["Urborg, Tomb of Yawgmoth"]
    assert c.name == "Urborg, Tomb of Yawgmoth"
    assert c.supertypes == {"Legendary"}
    assert "Basic" not in c.supertypes


# ---- Urborg, Yavimaya ----------------------------------------------------------------


@pytest.mark.cr("305.6")
def test_urborg_2021_not_a_swamp_off_the_battlefield() -> None:
    ruling("Urborg, Tomb of Yawgmoth", "2021-03-19", "Urborg, Tomb of Yawgmoth isn’t a Swamp")
    ruling("Urborg, Tomb of Yawgmoth", "2021-03-19", "Land cards not on the battlefield")
    s = board("""
    players:
      A:
        hand: ["Urborg, Tomb of Yawgmoth", Island]
        battlefield: [{card: "Urborg, Tomb of Yawgmoth", id: u}]
    """)
    hand = s.player("A").hand
    assert all("Swamp" not in characteristics(c).subtypes for c in hand)
    assert "Swamp" in subtypes(s, "u")


@pytest.mark.cr("305.6")
def test_urborg_2021_each_land_a_swamp_nothing_else_changes() -> None:
    ruling("Urborg, Tomb of Yawgmoth", "2021-03-19", "Urborg’s ability causes each land")
    s = board("""
    players:
      A: {battlefield: ["Urborg, Tomb of Yawgmoth", Snow-Covered Forest]}
      B: {battlefield: [Tundra]}
    """)
    forest = effective(s)["Snow-Covered Forest"]
    assert forest.subtypes == {"Forest", "Swamp"}
    assert forest.supertypes == {"Basic", "Snow"} and forest.name == "Snow-Covered Forest"
    assert cp(s, "Snow-Covered Forest") == "BG"
    assert cp(s, "Tundra") == "WUB"  # opponents' lands too: "each land"
    assert cp(s, "Urborg, Tomb of Yawgmoth") == "B"


@pytest.mark.cr("613.8a")
@pytest.mark.parametrize("order", ["moon first", "urborg first"])
def test_urborg_2021_blood_moon_removes_it_in_either_order(order: str) -> None:
    ruling("Urborg, Tomb of Yawgmoth", "2021-03-19", "If an effect such as that of Magus")
    lands = '["Urborg, Tomb of Yawgmoth", Blood Moon, Island]' if order == "urborg first" \
        else '[Blood Moon, "Urborg, Tomb of Yawgmoth", Island]'
    s = board(f"""
    players:
      A: {{battlefield: {lands}}}
    """)
    assert subtypes(s, "Island") == {"Island"}
    assert subtypes(s, "Urborg, Tomb of Yawgmoth") == {"Mountain"}
    assert cp(s, "Island") == "U"
    assert cp(s, "Urborg, Tomb of Yawgmoth") == "R"


@pytest.mark.cr("305.6")
def test_yavimaya_2021_not_a_forest_off_the_battlefield() -> None:
    ruling("Yavimaya, Cradle of Growth", "2021-06-18", "Yavimaya, Cradle of Growth isn’t")
    ruling("Yavimaya, Cradle of Growth", "2021-06-18", "Land cards not on the battlefield")
    s = board("""
    players:
      A:
        hand: [Island]
        battlefield: [{card: "Yavimaya, Cradle of Growth", id: y}]
    """)
    assert "Forest" not in characteristics(s.player("A").hand[0]).subtypes
    assert subtypes(s, "y") == {"Forest"}


@pytest.mark.cr("305.6")
def test_yavimaya_2021_each_land_a_forest() -> None:
    ruling("Yavimaya, Cradle of Growth", "2021-06-18", "Yavimaya’s ability causes each land")
    s = board("""
    players:
      A: {battlefield: ["Yavimaya, Cradle of Growth", Island, Wastes]}
    """)
    assert cp(s, "Island") == "UG"
    assert cp(s, "Wastes") == "GC"
    assert effective(s)["Wastes"].supertypes == {"Basic"}


# ---- Prismatic Omen, Chromatic Lantern, Cryptolith Rite --------------------------------


@pytest.mark.cr("305.6")
def test_prismatic_omen_2008_every_basic_land_type_keeps_the_rest() -> None:
    ruling("Prismatic Omen", "2008-05-01", "Each land you control will have the land types")
    ruling("Prismatic Omen", "2008-05-01", "Giving a land extra basic land types")
    s = board("""
    players:
      A: {battlefield: [Prismatic Omen, Gated Crossing, Wastes]}
      B: {battlefield: [Island]}
    """)
    assert subtypes(s, "Gated Crossing") == {"Gate", "Plains", "Island", "Swamp", "Mountain",
                                              "Forest"}
    assert cp(s, "Gated Crossing") == "WUBRG"
    assert cp(s, "Wastes") == "WUBRGC"
    assert effective(s)["Wastes"].name == "Wastes"
    assert effective(s)["Wastes"].supertypes == {"Basic"}
    assert cp(s, "Island") == "U"  # "lands you control"


@pytest.mark.cr("613.7")
def test_prismatic_omen_and_blood_moon_follow_timestamps() -> None:
    # No dependency between them (neither changes the other's existence or what it
    # applies to), so timestamp order (CR 613.7): the later one wins where they clash.
    s = board("""
    players:
      A: {battlefield: [Blood Moon, Prismatic Omen, Tundra]}
    """)
    assert cp(s, "Tundra") == "WUBRG"  # Mountain, then every basic land type
    s2 = board("""
    players:
      A: {battlefield: [Prismatic Omen, Blood Moon, Tundra]}
    """)
    assert cp(s2, "Tundra") == "R"  # every type, then just a Mountain


@pytest.mark.cr("613.1f")
def test_chromatic_lantern_2018_lands_keep_abilities_and_types() -> None:
    ruling("Chromatic Lantern", "2018-10-05", "Lands you control won’t lose any other")
    s = board("""
    players:
      A: {battlefield: [Chromatic Lantern, Gated Crossing, Wastes]}
    """)
    c = effective(s)["Gated Crossing"]
    assert c.subtypes == {"Gate"}
    assert len(c.activated) == 2  # its own choice ability, then the granted one
    assert activation_outcomes(s, "Gated Crossing", 1) == frozenset({(ManaType.W,),
                                                                      (ManaType.U,)})
    assert cp(s, "Wastes") == "WUBRGC"


@pytest.mark.cr("613.1f")
def test_chromatic_lantern_gives_any_color_under_blood_moon() -> None:
    # Layer 4 (Blood Moon) applies before layer 6 (Lantern's granted ability).
    s = board("""
    players:
      A: {battlefield: [Blood Moon, Chromatic Lantern, Tundra]}
    """)
    assert cp(s, "Tundra") == "WUBRG"


@pytest.mark.cr("613.1f")
def test_cryptolith_rite_2016_creatures_get_the_ability() -> None:
    ruling("Cryptolith Rite", "2016-04-08", "If a creature has multiple mana abilities")
    s = board("""
    players:
      A: {battlefield: [Cryptolith Rite, Cryptolith Rite, {card: Sol Ring}]}
      B: {battlefield: [Llanowar Elves]}
    """)
    assert cp(s, "Sol Ring") == "C"  # not a creature
    assert cp(s, "Llanowar Elves") == "G"  # "creatures you control"


# ---- Celestial Dawn (land types) -----------------------------------------------------


@pytest.mark.cr("305.7")
def test_celestial_dawn_lands_you_control_are_plains() -> None:
    s = board("""
    players:
      A: {battlefield: [Celestial Dawn, Tundra, Forest, Gated Crossing]}
      B: {battlefield: [Island]}
    """)
    for land in ("Tundra", "Forest", "Gated Crossing"):
        assert subtypes(s, land) == {"Plains"}
        assert cp(s, land) == "W"
    assert cp(s, "Island") == "U"


@pytest.mark.cr("305.7")
def test_celestial_dawn_2004_snow_unchanged() -> None:
    ruling("Celestial Dawn", "2004-10-04", "Will not add or remove Snow Supertype")
    s = board("""
    players:
      A: {battlefield: [Celestial Dawn, Snow-Covered Forest]}
    """)
    assert effective(s)["Snow-Covered Forest"].supertypes == {"Basic", "Snow"}
    assert cp(s, "Snow-Covered Forest") == "W"


@pytest.mark.cr("305.7")
def test_celestial_dawn_2004_2006_lands_off_the_battlefield_unchanged() -> None:
    ruling("Celestial Dawn", "2004-10-04", "Celestial Dawn does not change the type of lands")
    ruling("Celestial Dawn", "2006-09-25", "Land cards you own that aren’t on the battlefield")
    s = board("""
    players:
      A: {battlefield: [Celestial Dawn], hand: [Forest]}
    """)
    assert characteristics(s.player("A").hand[0]).subtypes == {"Forest"}


@pytest.mark.cr("305.7")
def test_celestial_dawn_2006_nonland_mana_unaffected() -> None:
    ruling("Celestial Dawn", "2006-09-25", "Mana produced by spells you control")
    s = board("""
    players:
      A: {battlefield: [Celestial Dawn, Llanowar Elves]}
    """)
    assert cp(s, "Llanowar Elves") == "G"


@pytest.mark.cr("305.7")
def test_celestial_dawn_2017_nonbasic_land_loses_enters_abilities() -> None:
    ruling("Celestial Dawn", "2017-09-29", "If a nonbasic land has an ability that causes")
    s = board("""
    players:
      A: {battlefield: [Celestial Dawn, Gated Crossing]}
    """)
    assert effective(s)["Gated Crossing"].abilities == ()


@pytest.mark.cr("613.7")
def test_celestial_dawn_and_blood_moon_timestamp_order() -> None:
    s = board("""
    players:
      A: {battlefield: [Blood Moon, Celestial Dawn, Tundra]}
    """)
    assert cp(s, "Tundra") == "W"
    s2 = board("""
    players:
      A: {battlefield: [Celestial Dawn, Blood Moon, Tundra]}
    """)
    assert cp(s2, "Tundra") == "R"


@pytest.mark.cr("613.8a")
def test_yavimaya_under_celestial_dawn_loses_its_ability() -> None:
    # Celestial Dawn makes Yavimaya a Plains (it loses its ability, CR 305.7), whatever
    # the timestamps: Yavimaya's effect depends on Celestial Dawn's (CR 613.8a).
    for order in ('["Yavimaya, Cradle of Growth", Celestial Dawn]',
                  '[Celestial Dawn, "Yavimaya, Cradle of Growth"]'):
        s = board(f"""
        players:
          A: {{battlefield: {order}}}
          B: {{battlefield: [Island]}}
        """)
        assert cp(s, "Island") == "U", order
        assert cp(s, "Yavimaya, Cradle of Growth") == "W", order


@pytest.mark.cr("613.7")
def test_explicit_timestamps_decide_the_layer_order_and_file_order_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 15: Blood Moon and Prismatic Omen on a Tundra: the later effect wins in
    # layer 4 (613.7). Without timestamps, file order decides, and the answer says so;
    # with them, the file's order no longer matters.
    from manacheck.model.characteristics import order_sensitive

    from manacheck.cli import main

    def tundra(text: str) -> list[str]:
        s = load_state_text(text)
        return [t.value for t in could_produce(s, "Tundra")]

    omen_first = ("turn: {active_player: A}\nplayers:\n  A: {battlefield: [Tundra, "
                  "Prismatic Omen]}\n  B: {battlefield: [Blood Moon]}\n")
    moon_first = ("turn: {active_player: A}\nplayers:\n  B: {battlefield: [Blood Moon]}\n"
                  "  A: {battlefield: [Tundra, Prismatic Omen]}\n")
    assert tundra(omen_first) == ["R"]
    assert sorted(tundra(moon_first)) == sorted("WUBRG")
    assert order_sensitive(load_state_text(omen_first)) == (("Prismatic Omen",
                                                             "Blood Moon"),)
    fixed = ("turn: {active_player: A}\nplayers:\n  A: {battlefield: [Tundra, "
             "{card: Prismatic Omen, timestamp: 5}]}\n"
             "  B: {battlefield: [{card: Blood Moon, timestamp: 2}]}\n")
    assert sorted(tundra(fixed)) == sorted("WUBRG")
    assert order_sensitive(load_state_text(fixed)) == ()
    path = tmp_path / "t.yaml"
    path.write_text(omen_first)
    assert main(["produce", str(path), "Tundra"]) == 0
    assert "rests on the timestamp order (CR 613.7)" in capsys.readouterr().out
    path.write_text(fixed)
    assert main(["produce", str(path), "Tundra"]) == 0
    assert "note" not in capsys.readouterr().out
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "timestamp 5" in out and "Blood Moon, Prismatic Omen" in out
