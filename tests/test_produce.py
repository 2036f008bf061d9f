"""Could-produce (CR 106.7) and one activation's mana: one test per official ruling.

Each test quotes (or cites by date) the ruling from reference/cards/cards.json and
builds the board it describes; the expected answers are derived by hand from the
ruling and the rules cited. Helper cards (Vivid Crag, Spire of Industry, ...) are
defined in each state's own ``cards:`` so the tests don't depend on other card files.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from manacheck.model import GameState, ManaType, load_state_text
from manacheck.solver.amounts import Amounts
from manacheck.solver.produce import (
    activation_outcomes,
    could_produce,
    could_produce_all,
    explain_could_produce,
    mana_abilities,
    mana_triggers,
    produced_types,
)
from manacheck.solver.replacement import bound_replacements

REFERENCE = Path(__file__).resolve().parents[1] / "reference"

HELPER_CARDS = """
cards:
  - name: Vivid Crag
    types: [Land]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{R}"}}
      - activated:
          cost: ["{T}", {remove_counters: {counter: charge, count: 1}}]
          mana: {any_color: 1}
  - name: Spire of Industry
    types: [Land]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}"}}
      - activated:
          cost: ["{T}", {pay_life: 1}]
          mana: {any_color: 1}
          condition: {kind: you_control, filter: {types: [artifact]}}
  - name: Pillar of the Paruns
    types: [Land]
    abilities:
      - activated:
          cost: "{T}"
          mana:
            any_color: 1
            restriction: {text: Spend this mana only to cast a multicolored spell.,
                          spells: {multicolored: true}}
  - name: Ancient Ziggurat
    types: [Land]
    abilities:
      - activated:
          cost: "{T}"
          mana:
            any_color: 1
            restriction: {text: Spend this mana only to cast a creature spell.,
                          spells: {types: [creature]}}
  - name: Hall of the Bandit Lord
    supertypes: [Legendary]
    types: [Land]
    abilities:
      - activated: {cost: ["{T}", {pay_life: 3}], mana: {add: "{C}"}}
  - name: Cavern of Souls
    types: [Land]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}"}}
      - activated:
          cost: "{T}"
          mana:
            any_color: 1
            restriction: {text: creature spell of the chosen type,
                          spells: {types: [creature], chosen_creature_type: true}}
  - name: Ancient Tomb
    types: [Land]
    abilities:
      - activated: {cost: ["{T}", {pay_life: 2}], mana: {add: "{C}{C}"}}
  - name: Darkwater Catacombs
    types: [Land]
    abilities:
      - activated: {cost: "{1}{T}", mana: {add: "{U}{B}"}}
  - name: Twin Grove
    types: [Land]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{G}{G}"}}
  - name: Barren Mesa
    types: [Land]
  - name: Storage Pools
    # Calciform Pools' shape (not in reference/cards): {T}: Add {C}. {1}, {T}: Put a
    # storage counter on this. Remove X storage counters: Add X mana in any
    # combination of {W} and/or {U}. Here with X = 2.
    types: [Land]
    abilities:
      - activated: {cost: "{T}", mana: {add: "{C}"}}
      - activated:
          cost: [{remove_counters: {counter: storage, count: 2}}]
          mana: {choice: ["{W}{W}", "{W}{U}", "{U}{U}"]}
  - name: Sacrificial Glade
    types: [Land]
    abilities:
      - activated: {cost: [{sacrifice: self}], mana: {add: "{G}"}}
  - name: Gnarled Helper
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated:
          cost: [{tap_untapped: {count: 1, filter: {types: [creature]}}}]
          mana: {add: "{G}"}
"""


def board(text: str) -> GameState:
    """A state from YAML players (and optional extra lines), with the helper cards."""
    body = textwrap.dedent(text).strip("\n")
    if "  B:" not in body:
        body = body.replace("players:\n", "players:\n  B: {}\n", 1)
    return load_state_text("turn: {active_player: A}\n" + body + "\n" + HELPER_CARDS)


def letters(types: frozenset[ManaType]) -> str:
    return "".join(t.value for t in (ManaType.W, ManaType.U, ManaType.B, ManaType.R,
                                     ManaType.G, ManaType.C) if t in types)


def cp(state: GameState, object_id: str) -> str:
    """The could-produce solver's set (some boards here have pending state-based actions
    the public ``could_produce`` rightly calls not decided)."""
    return letters(produced_types(state, object_id))


def outs(state: GameState, object_id: str, ability: int = 1, **kw: object) -> set[str]:
    """Outcomes as strings in WUBRGC order: {"BB", "B"}."""
    res = activation_outcomes(state, object_id, ability, **kw)  # type: ignore[arg-type]
    return {"".join(t.value for t in ev) for ev in res}


def ruling(card: str, date: str, start: str) -> str:
    """The ruling's text (checked to exist, so the citation can't drift)."""
    cards = json.loads((REFERENCE / "cards" / "cards.json").read_text(encoding="utf-8"))
    for c in cards:
        if c["name"] == card:
            for r in c.get("rulings", []):
                if r["date"] == date and r["text"].startswith(start):
                    return str(r["text"])
    raise AssertionError(f"no ruling {card} {date} {start!r}")


# ---------------------------------------------------------------------------------------
# Reflecting Pool
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.7")
def test_reflecting_pool_2004_replacement_effects_considered() -> None:
    ruling("Reflecting Pool", "2004-10-04", "Any replacement effects are considered")
    s = board("""
    players:
      A: {battlefield: [Forest, Reflecting Pool, Contamination]}
    """)
    # Contamination: the Forest produces {B} instead; so the Pool could produce B, and
    # its own mana is replaced too.
    assert cp(s, "Forest") == "B"
    assert cp(s, "Reflecting Pool") == "B"
    assert outs(s, "Reflecting Pool") == {"B"}


@pytest.mark.cr("305.7")
def test_reflecting_pool_2004_land_type_changes() -> None:
    ruling("Reflecting Pool", "2004-10-04", "Any change to a land’s type")
    s = board("""
    players:
      A: {battlefield: [Island, Reflecting Pool, "Urborg, Tomb of Yawgmoth"]}
    """)
    # Urborg makes each land a Swamp (so the Pool itself taps for {B} too).
    assert cp(s, "Island") == "UB"
    assert cp(s, "Reflecting Pool") == "UB"


@pytest.mark.cr("106.1b")
def test_reflecting_pool_2008_types_include_colorless() -> None:
    ruling("Reflecting Pool", "2008-05-01", "The types of mana are white, blue, black, red")
    s = board("""
    players:
      A: {battlefield: [Wastes, Reflecting Pool, Harvester Druid]}
    """)
    assert cp(s, "Reflecting Pool") == "C"
    assert cp(s, "Harvester Druid") == ""  # "color": colorless doesn't count


@pytest.mark.cr("106.7")
def test_reflecting_pool_2008_costs_not_checked_vivid_crag() -> None:
    ruling("Reflecting Pool", "2008-05-01", "Reflecting Pool checks the effects")
    s = board("""
    players:
      A:
        battlefield:
          - {card: Vivid Crag, tapped: true}    # no charge counter, tapped
          - Reflecting Pool
    """)
    assert cp(s, "Vivid Crag") == "WUBRG"
    assert cp(s, "Reflecting Pool") == "WUBRG"


@pytest.mark.cr("106.7")
def test_storage_land_costed_abilities_count_without_counters() -> None:
    # Issue 4: "Calciform Pools' costed abilities count" (CR 106.7: ignore costs).
    s = board("""
    players:
      A: {battlefield: [Storage Pools, Reflecting Pool]}
    """)
    assert cp(s, "Storage Pools") == "WUC"
    assert cp(s, "Reflecting Pool") == "WUC"
    assert outs(s, "Storage Pools", 2) == {"WW", "WU", "UU"}


@pytest.mark.cr("106.7")
def test_reflecting_pool_2008_restrictions_and_riders_ignored() -> None:
    ruling("Reflecting Pool", "2008-05-01", "Reflecting Pool doesn’t care about any")
    s = board("""
    players:
      A: {battlefield: [Pillar of the Paruns, Hall of the Bandit Lord, Reflecting Pool]}
    """)
    assert cp(s, "Reflecting Pool") == "WUBRGC"
    # the Pool's mana carries no restriction: its ability has none
    ab = mana_abilities(s, "Reflecting Pool")[0][1]
    assert ab.mana is not None and ab.mana.restriction is None


@pytest.mark.cr("106.7")
def test_reflecting_pool_2008_multiple_pools_dont_help_each_other() -> None:
    ruling("Reflecting Pool", "2008-05-01", "Multiple Reflecting Pools won’t help")
    s = board("""
    players:
      A: {battlefield: [Reflecting Pool, Reflecting Pool, Barren Mesa]}
    """)
    assert cp(s, "Reflecting Pool") == ""
    assert cp(s, "Reflecting Pool#2") == ""
    # "you may still activate Reflecting Pool's ability — it just won't produce any mana"
    assert len(mana_abilities(s, "Reflecting Pool")) == 1
    assert activation_outcomes(s, "Reflecting Pool", 1) == frozenset()


# ---------------------------------------------------------------------------------------
# Exotic Orchard
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("105.1")
def test_exotic_orchard_2009_no_colorless() -> None:
    ruling("Exotic Orchard", "2009-02-01", "The colors of mana are white")
    s = board("""
    players:
      A: {battlefield: [Exotic Orchard]}
      B: {battlefield: [Wastes, Island]}
    """)
    assert cp(s, "Exotic Orchard") == "U"


@pytest.mark.cr("106.7")
def test_exotic_orchard_2009_costs_not_checked() -> None:
    ruling("Exotic Orchard", "2009-02-01", "Exotic Orchard checks the effects")
    s = board("""
    players:
      A: {battlefield: [Exotic Orchard]}
      B: {battlefield: [{card: Vivid Crag, tapped: true}]}
    """)
    assert cp(s, "Exotic Orchard") == "WUBRG"


@pytest.mark.cr("616.1")
def test_exotic_orchard_2009_replacement_effects_any_order() -> None:
    ruling("Exotic Orchard", "2009-02-01", "When determining what colors")
    s = board("""
    players:
      A: {battlefield: [Exotic Orchard, Fellwar Stone]}
      B: {battlefield: [Taiga, Infernal Darkness, Reflecting Pool]}
    effects: [{card: Pale Moon, controller: A}]
    """)
    # B's Taiga (nonbasic): Pale Moon then Infernal Darkness -> {B}; Infernal Darkness
    # then Pale Moon -> {C}. Fellwar Stone takes colors: B only.
    assert outs(s, "Taiga") == {"B", "C"}
    assert outs(s, "Taiga", 2) == {"B", "C"}
    assert cp(s, "Taiga") == "BC"
    assert cp(s, "Fellwar Stone") == "B"
    # The Orchard chooses {B}, but it is a nonbasic land itself: the same two effects
    # then apply to its own mana, in either order.
    assert outs(s, "Exotic Orchard") == {"B", "C"}
    # B's Reflecting Pool takes types: both (and its own mana is replaced the same way).
    assert cp(s, "Reflecting Pool") == "BC"


@pytest.mark.cr("106.7")
def test_exotic_orchard_2009_restrictions_ignored() -> None:
    ruling("Exotic Orchard", "2009-02-01", "Exotic Orchard doesn't care about any")
    s = board("""
    players:
      A: {battlefield: [Exotic Orchard]}
      B: {battlefield: [Ancient Ziggurat, Hall of the Bandit Lord]}
    """)
    assert cp(s, "Exotic Orchard") == "WUBRG"


@pytest.mark.cr("106.7")
def test_exotic_orchard_2009_could_produce_lands_only_help_when_grounded() -> None:
    ruling("Exotic Orchard", "2009-02-01", "Lands that produce mana based only")
    s = board("""
    players:
      A: {battlefield: [Exotic Orchard]}
      B: {battlefield: [Exotic Orchard, Reflecting Pool]}
    """)
    assert could_produce_all(s) == {"Exotic Orchard": frozenset(),
                                    "Exotic Orchard#2": frozenset(),
                                    "Reflecting Pool": frozenset()}
    s2 = board("""
    players:
      A: {battlefield: [Forest, Exotic Orchard]}
      B: {battlefield: [Exotic Orchard, Reflecting Pool]}
    """)
    assert {k: letters(v) for k, v in could_produce_all(s2).items()} == {
        "Forest": "G", "Exotic Orchard": "G", "Exotic Orchard#2": "G", "Reflecting Pool": "G"}


# ---------------------------------------------------------------------------------------
# Fellwar Stone
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.7")
def test_fellwar_stone_2004_works_if_opponents_lands_tapped() -> None:
    ruling("Fellwar Stone", "2004-10-04", "This works even if the opponent's lands are tapped")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [{card: Island, tapped: true}]}
    """)
    assert cp(s, "Fellwar Stone") == "U"


@pytest.mark.cr("106.5")
def test_fellwar_stone_2004_no_producing_lands_no_mana() -> None:
    ruling("Fellwar Stone", "2004-10-04", "The ability can be activated if the opponent")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone, Forest]}
      B: {battlefield: [Barren Mesa]}
    """)
    assert len(mana_abilities(s, "Fellwar Stone")) == 1
    assert activation_outcomes(s, "Fellwar Stone", 1) == frozenset()


@pytest.mark.cr("106.7")
def test_fellwar_stone_2004_only_one_mana() -> None:
    ruling("Fellwar Stone", "2004-10-04", "It only produces one mana")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [Darkwater Catacombs]}
    """)
    assert outs(s, "Darkwater Catacombs") == {"UB"}
    assert outs(s, "Fellwar Stone") == {"U", "B"}


@pytest.mark.cr("105.1")
def test_fellwar_stone_2009_no_colorless() -> None:
    ruling("Fellwar Stone", "2009-10-01", "The colors of mana are white")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [Wastes, Ancient Tomb]}
    """)
    assert cp(s, "Fellwar Stone") == ""


@pytest.mark.cr("106.7")
def test_fellwar_stone_2009_costs_not_checked() -> None:
    ruling("Fellwar Stone", "2009-10-01", "Fellwar Stone checks the effects")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [{card: Vivid Crag, tapped: true}]}
    """)
    assert cp(s, "Fellwar Stone") == "WUBRG"


@pytest.mark.cr("616.1")
def test_fellwar_stone_2009_replacement_effects_any_order() -> None:
    ruling("Fellwar Stone", "2009-10-01", "When determining what colors")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [Plains, Contamination, Reality Twist]}
    """)
    # Plains: Contamination then Reality Twist -> {R}; Reality Twist then Contamination
    # -> {B}. Both orders are possible (CR 616.1).
    assert outs(s, "Plains") == {"R", "B"}
    assert cp(s, "Fellwar Stone") == "BR"


@pytest.mark.cr("106.7")
def test_fellwar_stone_2009_restrictions_ignored() -> None:
    ruling("Fellwar Stone", "2009-10-01", "Fellwar Stone doesn't care about any")
    s = board("""
    players:
      A: {battlefield: [Fellwar Stone]}
      B: {battlefield: [Ancient Ziggurat]}
    """)
    assert cp(s, "Fellwar Stone") == "WUBRG"


# ---------------------------------------------------------------------------------------
# Naga Vitalist and Harvester Druid
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.1b")
def test_naga_vitalist_2017_types_include_colorless() -> None:
    ruling("Naga Vitalist", "2017-04-18", "The types of mana are")
    s = board("""
    players:
      A: {battlefield: [Wastes, {card: Naga Vitalist, summoning_sick: true}]}
    """)
    assert cp(s, "Naga Vitalist") == "C"  # summoning sick: costs are ignored (106.7)


@pytest.mark.cr("613.1f")
def test_naga_vitalist_2017_type_changes_and_gained_abilities() -> None:
    ruling("Naga Vitalist", "2017-04-18", "Any change to a land’s type or abilities gained")
    s = board("""
    players:
      A: {battlefield: [Wastes, Naga Vitalist, Chromatic Lantern]}
    """)
    assert cp(s, "Naga Vitalist") == "WUBRGC"
    s2 = board("""
    players:
      A: {battlefield: [Wastes, Naga Vitalist, "Yavimaya, Cradle of Growth"]}
    """)
    assert cp(s2, "Naga Vitalist") == "GC"


@pytest.mark.cr("106.7")
def test_naga_vitalist_2017_costs_and_legality_not_checked() -> None:
    ruling("Naga Vitalist", "2017-04-18", "Naga Vitalist checks the effects")
    s = board("""
    players:
      A: {life: 0, battlefield: [{card: Spire of Industry, tapped: true}, Naga Vitalist]}
    """)
    assert cp(s, "Naga Vitalist") == "WUBRGC"


@pytest.mark.cr("106.7")
def test_naga_vitalist_2017_restrictions_ignored_cavern() -> None:
    ruling("Naga Vitalist", "2017-04-18", "Naga Vitalist doesn’t care about any")
    s = board("""
    players:
      A: {battlefield: [Cavern of Souls, Naga Vitalist]}
    """)
    assert cp(s, "Naga Vitalist") == "WUBRGC"


@pytest.mark.cr("106.7")
def test_harvester_druid_colors_only_of_lands_you_control() -> None:
    s = board("""
    players:
      A: {battlefield: [Wastes, Forest, Harvester Druid]}
      B: {battlefield: [Island]}
    """)
    assert cp(s, "Harvester Druid") == "G"


# ---------------------------------------------------------------------------------------
# Squandered Resources
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.5")
def test_squandered_resources_2004_land_that_cant_produce_mana() -> None:
    ruling("Squandered Resources", "2004-10-04", "Can sacrifice a land which")
    s = board("""
    players:
      A: {battlefield: [Squandered Resources, Barren Mesa, Reflecting Pool, Swamp]}
    """)
    assert activation_outcomes(s, "Squandered Resources", 1, sacrificed="Barren Mesa") \
        == frozenset()
    assert outs(s, "Squandered Resources", sacrificed="Swamp") == {"B"}
    # the sacrificed land's answer is taken before it leaves (last known information)
    assert outs(s, "Squandered Resources", sacrificed="Reflecting Pool") == {"B"}
    # could produce: any land it could sacrifice
    assert cp(s, "Squandered Resources") == "B"


@pytest.mark.cr("106.12b")
def test_squandered_resources_is_not_tapping_for_mana() -> None:
    s = board("""
    players:
      A: {battlefield: [Squandered Resources, Forest, Mana Reflection, Contamination]}
    """)
    # Mana Reflection and Contamination replace mana of lands/permanents *tapped* for
    # mana; sacrificing a land is not tapping (Mana Reflection's 2020 ruling).
    assert outs(s, "Squandered Resources", sacrificed="Forest") == {"B"}
    assert outs(s, "Forest") == {"B", "BB"}


@pytest.mark.cr("106.7")
def test_squandered_resources_rejects_a_land_it_cannot_sacrifice() -> None:
    from manacheck.model import BadInput

    s = board("""
    players:
      A: {battlefield: [Squandered Resources]}
      B: {battlefield: [Island]}
    """)
    with pytest.raises(BadInput, match="not a land A controls"):
        activation_outcomes(s, "Squandered Resources", 1, sacrificed="Island")


def test_sacrificed_is_ignored_by_abilities_that_dont_look_at_it() -> None:
    s = board("""
    players:
      A: {battlefield: [Sol Ring, Llanowar Elves]}
    """)
    assert outs(s, "Sol Ring", sacrificed="Llanowar Elves") == {"CC"}


# ---------------------------------------------------------------------------------------
# Contamination, Infernal Darkness, Pale Moon
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("614.1a")
def test_contamination_2004_replacement_not_trigger() -> None:
    ruling("Contamination", "2004-10-04", "The second ability of this card is a replacement")
    s = board("""
    players:
      A: {battlefield: [Forest, Contamination]}
    """)
    forest = s.permanent("Forest")
    ab = mana_abilities(s, "Forest")[0][1]
    assert [b.effect_id for b in bound_replacements(s, forest, ab)] == ["Contamination"]
    assert mana_triggers(s, forest, ab) == ()
    assert outs(s, "Forest") == {"B"}


@pytest.mark.cr("106.12a")
def test_contamination_2004_external_extra_mana_unaffected() -> None:
    ruling("Contamination", "2004-10-04", "External effects that generate more mana")
    s = board("""
    players:
      A:
        battlefield:
          - {card: Twin Grove, id: grove}
          - {card: Wild Growth, attached_to: grove}
          - Contamination
    """)
    # Contamination: {G}{G} -> {B}; Wild Growth still adds its {G}.
    assert outs(s, "grove", include_triggered=True) == {"BG"}
    s2 = board("""
    players:
      A: {battlefield: [Twin Grove, Contamination, Mana Flare]}
    """)
    # Mana Flare adds one of the type produced: affected in color (B), not amount.
    assert outs(s2, "Twin Grove", include_triggered=True) == {"BB"}


def test_contamination_2004_upkeep_choice_is_a_trigger_not_mana() -> None:
    ruling("Contamination", "2004-10-04", "You choose whether to sacrifice a creature")
    s = board("""
    players:
      A: {battlefield: [Contamination]}
    """)
    (trig,) = s.permanent("Contamination").card.triggered_abilities
    assert trig.event == "upkeep" and trig.mana is None
    assert could_produce(s, "Contamination") == frozenset()


@pytest.mark.cr("614.1a")
def test_infernal_darkness_2008_type_not_amount() -> None:
    ruling("Infernal Darkness", "2008-10-01", "This effect changes the type of mana")
    s = board("""
    players:
      A: {battlefield: [Ancient Tomb, Infernal Darkness, Sol Ring]}
    """)
    assert outs(s, "Ancient Tomb") == {"BB"}
    assert outs(s, "Sol Ring") == {"CC"}  # not a land


@pytest.mark.cr("614.1a")
def test_pale_moon_2004_amount_unchanged() -> None:
    ruling("Pale Moon", "2004-10-04", "The ability does not change the amount")
    s = board("""
    players:
      A: {battlefield: [Darkwater Catacombs, Island]}
    effects: [{card: Pale Moon, controller: B}]
    """)
    assert outs(s, "Darkwater Catacombs") == {"CC"}
    assert outs(s, "Island") == {"U"}  # basic: unaffected


# ---------------------------------------------------------------------------------------
# Reality Twist, Naked Singularity
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("616.1")
def test_reality_twist_2004_two_colors_choose_but_all_the_same() -> None:
    ruling("Reality Twist", "2004-10-04", "If a player uses a text-changing effect")
    # We don't model text-changing effects; the same situation arises with a land of
    # two affected types (next test) and with an amount above one:
    s = board("""
    players:
      A: {battlefield: [Taiga, Reality Twist, Mana Reflection]}
    """)
    # Taiga (Mountain Forest) -> {W} or {B}; doubled -> {W}{W} or {B}{B}, never {W}{B}.
    assert outs(s, "Taiga") == {"WW", "BB"}
    assert outs(s, "Taiga", 2) == {"WW", "BB"}


@pytest.mark.cr("616.1")
def test_reality_twist_2013_more_than_one_basic_land_type() -> None:
    ruling("Reality Twist", "2013-04-15", "If a land has more than one basic land type")
    s = board("""
    players:
      A: {battlefield: [Plateau, Island, Reality Twist]}
    """)
    # Plateau: Mountain Plains -> W or R, from either of its abilities.
    assert cp(s, "Plateau") == "WR"
    assert outs(s, "Plateau", 1) == {"W", "R"}
    assert cp(s, "Island") == "U"  # Islands are not named by Reality Twist


@pytest.mark.cr("614.1a")
def test_naked_singularity_2004_replacement_effect() -> None:
    ruling("Naked Singularity", "2004-10-04", "The ability generates a replacement effect")
    s = board("""
    players:
      A: {battlefield: [Island, Swamp, Wastes, Naked Singularity]}
    """)
    assert cp(s, "Island") == "G"
    assert cp(s, "Swamp") == "W"
    assert cp(s, "Wastes") == "C"


@pytest.mark.cr("616.1")
def test_naked_singularity_2004_text_change_two_colors() -> None:
    ruling("Naked Singularity", "2004-10-04", "If a player uses a text-changing effect")
    s = board("""
    players:
      A: {battlefield: [Twin Grove, Naked Singularity, Prismatic Omen]}
    """)
    # Twin Grove is every basic land type: {G}{G} becomes two mana of one of R G W U B.
    assert outs(s, "Twin Grove", 6) == {"WW", "UU", "BB", "RR", "GG"}


@pytest.mark.cr("616.1")
def test_naked_singularity_2013_more_than_one_basic_land_type() -> None:
    ruling("Naked Singularity", "2013-04-15", "If a land has more than one basic land type")
    s = board("""
    players:
      A: {battlefield: [Tundra, Naked Singularity, Mana Reflection]}
    """)
    # Tundra (Plains Island) -> R or G, doubled and all the same.
    assert outs(s, "Tundra", 1) == {"RR", "GG"}
    assert cp(s, "Tundra") == "RG"


# ---------------------------------------------------------------------------------------
# Mana Reflection, Nyxbloom Ancient
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.12b")
def test_mana_reflection_2020_only_abilities_with_tap_symbol() -> None:
    ruling("Mana Reflection", "2020-08-07", "You're “tapping a permanent for mana” only")
    s = board("""
    players:
      A: {battlefield: [Sacrificial Glade, Gnarled Helper, Llanowar Elves, Mana Reflection]}
    """)
    assert outs(s, "Sacrificial Glade") == {"G"}
    assert outs(s, "Gnarled Helper") == {"G"}
    assert outs(s, "Llanowar Elves") == {"GG"}


@pytest.mark.cr("106.12a")
def test_mana_reflection_2020_triggered_mana_not_doubled() -> None:
    ruling("Mana Reflection", "2020-08-07", "If an ability triggers “whenever you tap”")
    s = board("""
    players:
      A:
        battlefield:
          - Forest
          - {card: Wild Growth, attached_to: Forest}
          - Mana Reflection
          - Llanowar Elves
          - Leyline of Abundance
    """)
    assert outs(s, "Forest", include_triggered=True) == {"GGG"}
    assert outs(s, "Llanowar Elves", include_triggered=True) == {"GGG"}
    assert outs(s, "Forest") == {"GG"}


@pytest.mark.cr("106.6")
def test_mana_reflection_2020_restrictions_apply_to_all_of_it() -> None:
    ruling("Mana Reflection", "2020-08-07", "Mana Reflection doesn't produce any mana itself")
    s = board("""
    players:
      A: {battlefield: [Ancient Ziggurat, Mana Reflection]}
    """)
    # Every outcome is the Ziggurat's own ability's mana, doubled: the ability's
    # restriction (read by the payment solver per ability) covers all of it.
    assert outs(s, "Ancient Ziggurat") == {c * 2 for c in "WUBRG"}
    ab = mana_abilities(s, "Ancient Ziggurat")[0][1]
    assert ab.mana is not None and ab.mana.restriction is not None
    assert could_produce(s, "Mana Reflection") == frozenset()


@pytest.mark.cr("614.5")
def test_mana_reflection_2020_cumulative() -> None:
    ruling("Mana Reflection", "2020-08-07", "The effects of multiple Mana Reflections")
    s = board("""
    players:
      A: {battlefield: [Forest, Mana Reflection, Mana Reflection, Mana Reflection]}
      B: {battlefield: [Mana Reflection, Island]}
    """)
    assert outs(s, "Forest") == {"G" * 8}  # B's Reflection: "If *you* tap"
    assert outs(s, "Island") == {"UU"}


@pytest.mark.cr("106.12b")
def test_nyxbloom_ancient_2020_only_abilities_with_tap_symbol() -> None:
    ruling("Nyxbloom Ancient", "2020-01-24", "You’re “tapping a permanent for mana” only")
    s = board("""
    players:
      A: {battlefield: [Sacrificial Glade, Sol Ring, Nyxbloom Ancient]}
    """)
    assert outs(s, "Sacrificial Glade") == {"G"}
    assert outs(s, "Sol Ring") == {"CCCCCC"}


@pytest.mark.cr("106.12a")
def test_nyxbloom_ancient_2020_triggered_mana_not_tripled() -> None:
    ruling("Nyxbloom Ancient", "2020-01-24", "If an ability triggers “whenever you tap”")
    s = board("""
    players:
      A: {battlefield: [Swamp, Crypt Ghast, Nyxbloom Ancient]}
    """)
    assert outs(s, "Swamp", include_triggered=True) == {"BBBB"}


@pytest.mark.cr("106.6")
def test_nyxbloom_ancient_2020_produces_no_mana_itself() -> None:
    ruling("Nyxbloom Ancient", "2020-01-24", "Nyxbloom Ancient doesn’t produce any mana")
    s = board("""
    players:
      A: {battlefield: [Pillar of the Paruns, Nyxbloom Ancient]}
    """)
    assert could_produce(s, "Nyxbloom Ancient") == frozenset()
    assert outs(s, "Pillar of the Paruns") == {c * 3 for c in "WUBRG"}


@pytest.mark.cr("614.5")
def test_nyxbloom_ancient_2020_cumulative() -> None:
    ruling("Nyxbloom Ancient", "2020-01-24", "The effects of multiple Nyxbloom Ancients")
    s = board("""
    players:
      A: {battlefield: [Forest, Nyxbloom Ancient, Nyxbloom Ancient, Mana Reflection]}
    """)
    assert outs(s, "Forest") == {"G" * 18}


# ---------------------------------------------------------------------------------------
# Triggered mana abilities (CR 106.12a, 605.1b)
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("106.12a")
def test_mana_flare_2004_same_color_as_produced() -> None:
    ruling("Mana Flare", "2004-10-04", "When used with lands that can produce multiple")
    s = board("""
    players:
      A: {battlefield: [Taiga, Mana Flare]}
    """)
    assert outs(s, "Taiga", 1, include_triggered=True) == {"RR"}
    assert outs(s, "Taiga", 2, include_triggered=True) == {"GG"}


@pytest.mark.cr("106.12a")
def test_mana_flare_2004_only_when_tapped_for_mana() -> None:
    ruling("Mana Flare", "2004-10-04", "Only produces extra mana when land is tapped")
    s = board("""
    players:
      A: {battlefield: [Sacrificial Glade, Mana Flare]}
    """)
    assert outs(s, "Sacrificial Glade", include_triggered=True) == {"G"}


@pytest.mark.cr("106.12a")
def test_mana_flare_2004_choose_among_types_produced() -> None:
    ruling("Mana Flare", "2004-10-04", "If the land produces more than one color")
    s = board("""
    players:
      A: {battlefield: [Darkwater Catacombs, Mana Flare]}
    """)
    assert outs(s, "Darkwater Catacombs", include_triggered=True) == {"UUB", "UBB"}


@pytest.mark.cr("605.1b")
def test_mana_flare_2004_triggered_mana_ability_not_could_produce() -> None:
    ruling("Mana Flare", "2004-10-04", "This is a triggered mana ability.")
    s = board("""
    players:
      A: {battlefield: [Island, Mana Flare, Reflecting Pool]}
    """)
    assert cp(s, "Island") == "U"
    assert could_produce(s, "Mana Flare") == frozenset()
    assert outs(s, "Island", include_triggered=True) == {"UU"}


@pytest.mark.cr("613.1d")
def test_mana_flare_2004_after_type_changing_effects() -> None:
    ruling("Mana Flare", "2004-10-04", "Mana Flare adds one of whatever color")
    s = board("""
    players:
      A: {battlefield: [Tundra, Blood Moon, Mana Flare]}
    """)
    assert outs(s, "Tundra", include_triggered=True) == {"RR"}


@pytest.mark.cr("106.1b")
def test_mana_flare_2004_types_include_colorless() -> None:
    ruling("Mana Flare", "2004-10-04", "The types of mana are")
    s = board("""
    players:
      A: {battlefield: [Wastes, Mana Flare]}
    """)
    assert outs(s, "Wastes", include_triggered=True) == {"CC"}


@pytest.mark.cr("106.6")
def test_mana_flare_2007_restrictions_not_copied() -> None:
    ruling("Mana Flare", "2007-09-16", "Does not copy any restrictions")
    s = board("""
    players:
      A: {battlefield: [Ancient Ziggurat, Mana Flare]}
    """)
    zig = s.permanent("Ancient Zig" + "gurat")
    ((_, trig),) = mana_triggers(s, zig, mana_abilities(s, zig.id)[0][1])
    assert trig.mana is not None and trig.mana.restriction is None
    assert outs(s, zig.id, include_triggered=True) == {c * 2 for c in "WUBRG"}


@pytest.mark.cr("106.12a")
def test_mana_flare_2007_only_one_additional() -> None:
    ruling("Mana Flare", "2007-09-16", "Produces only one additional mana")
    s = board("""
    players:
      A: {battlefield: [Ancient Tomb, Mana Flare, Heartbeat of Spring]}
    """)
    assert outs(s, "Ancient Tomb", include_triggered=True) == {"CCCC"}


@pytest.mark.cr("106.12a")
def test_heartbeat_zendikar_mirari_vorinclex_choose_one_type() -> None:
    ruling("Heartbeat of Spring", "2020-08-07", "If you tap a land for more than one mana")
    ruling("Zendikar Resurgent", "2016-01-22", "If the land’s mana ability produces more")
    ruling("Mirari's Wake", "2021-06-18", "If tapping a land produces more than one type")
    ruling("Vorinclex, Voice of Hunger", "2017-11-17", "If a land you control produces")
    for card in ("Heartbeat of Spring", "Zendikar Resurgent", "Mirari's Wake",
                 "Vorinclex, Voice of Hunger", "Dictate of Karametra"):
        s = board(f"""
        players:
          A: {{battlefield: [Darkwater Catacombs, "{card}"]}}
        """)
        assert outs(s, "Darkwater Catacombs", include_triggered=True) == {"UUB", "UBB"}, card


@pytest.mark.cr("106.12a")
def test_you_tap_triggers_only_for_your_lands() -> None:
    s = board("""
    players:
      A: {battlefield: [Zendikar Resurgent, Forest, Mana Flare]}
      B: {battlefield: [Island]}
    """)
    assert outs(s, "Forest", include_triggered=True) == {"GGG"}
    assert outs(s, "Island", include_triggered=True) == {"UU"}  # only Mana Flare


@pytest.mark.cr("106.12a")
def test_wild_growth_2004_not_something_the_land_can_produce() -> None:
    ruling("Wild Growth", "2004-10-04", "The additional mana is not an ability of the land")
    s = board("""
    players:
      A:
        battlefield:
          - Plains
          - {card: Wild Growth, attached_to: Plains}
          - Reflecting Pool
          - Overgrowth
    """)
    assert cp(s, "Plains") == "W"
    assert cp(s, "Reflecting Pool") == "W"
    assert outs(s, "Plains", include_triggered=True) == {"WG"}
    # Overgrowth isn't attached to anything: it adds nothing.
    assert outs(s, "Reflecting Pool", include_triggered=True) == {"W"}


@pytest.mark.cr("106.12a")
def test_overgrowth_2004_triggered_mana_ability() -> None:
    ruling("Overgrowth", "2004-10-04", "This is a triggered mana ability.")
    s = board("""
    players:
      A: {battlefield: [Island, {card: Overgrowth, attached_to: Island}]}
    """)
    assert outs(s, "Island", include_triggered=True) == {"UGG"}
    assert cp(s, "Island") == "U"


@pytest.mark.cr("106.12a")
def test_utopia_sprawl_chosen_color_on_enchanted_forest() -> None:
    s = board("""
    players:
      A:
        battlefield:
          - Forest
          - {card: Utopia Sprawl, attached_to: Forest, chosen: {color: U}}
          - {card: Forest, id: other}
    """)
    assert outs(s, "Forest", include_triggered=True) == {"UG"}
    assert outs(s, "other", include_triggered=True) == {"G"}


@pytest.mark.cr("106.12a")
def test_crypt_ghast_any_swamp_with_urborg() -> None:
    s = board("""
    players:
      A: {battlefield: [Crypt Ghast, Island, "Urborg, Tomb of Yawgmoth"]}
    """)
    assert outs(s, "Island", 1, include_triggered=True) == {"UB"}
    assert outs(s, "Island", 2, include_triggered=True) == {"BB"}


@pytest.mark.cr("106.12a")
def test_kinnan_2020_nonland_permanents_only() -> None:
    ruling("Kinnan, Bonder Prodigy", "2020-04-17", "You’re “tapping a permanent for mana”")
    ruling("Kinnan, Bonder Prodigy", "2020-04-17", "The types of mana are")
    s = board("""
    players:
      A: {battlefield: [Sol Ring, Forest, Gnarled Helper, "Kinnan, Bonder Prodigy"]}
    """)
    assert outs(s, "Sol Ring", include_triggered=True) == {"CCC"}
    assert outs(s, "Forest", include_triggered=True) == {"G"}
    assert outs(s, "Gnarled Helper", include_triggered=True) == {"G"}  # no {T}


@pytest.mark.cr("106.12a")
def test_kinnan_2020_extra_mana_is_kinnans_without_riders() -> None:
    ruling("Kinnan, Bonder Prodigy", "2020-04-17", "The additional mana is produced by Kinnan")
    ruling("Kinnan, Bonder Prodigy", "2020-04-17", "Kinnan doesn’t care about any")
    s = board("""
    players:
      A: {battlefield: [Llanowar Elves, "Kinnan, Bonder Prodigy", Mana Reflection]}
    """)
    elves = s.permanent("Llanowar Elves")
    ((src, trig),) = mana_triggers(s, elves, mana_abilities(s, elves.id)[0][1])
    assert src.id == "Kinnan, Bonder Prodigy" and trig.mana is not None
    assert trig.mana.restriction is None
    # Mana Reflection doubles the Elves' mana, not Kinnan's.
    assert outs(s, "Llanowar Elves", include_triggered=True) == {"GGG"}


@pytest.mark.cr("106.12a")
def test_leyline_of_abundance_2019_needs_tap_symbol_of_the_creature() -> None:
    ruling("Leyline of Abundance", "2019-07-12", "An ability that triggers “whenever you tap")
    s = board("""
    players:
      A: {battlefield: [Llanowar Elves, Gnarled Helper, Leyline of Abundance]}
    """)
    assert outs(s, "Llanowar Elves", include_triggered=True) == {"GG"}
    assert outs(s, "Gnarled Helper", include_triggered=True) == {"G"}


# ---------------------------------------------------------------------------------------
# Layers and could-produce together, Cryptolith Rite, explanations, caching
# ---------------------------------------------------------------------------------------


@pytest.mark.cr("305.7")
def test_blood_moon_2020_nonbasic_lands_tap_for_red_only() -> None:
    ruling("Blood Moon", "2020-08-07", "Nonbasic lands will lose any other land types")
    s = board("""
    players:
      A: {battlefield: [Reflecting Pool, Island, Tundra, Blood Moon, Exotic Orchard]}
      B: {battlefield: [Wastes]}
    """)
    assert cp(s, "Island") == "U"
    assert cp(s, "Tundra") == "R"
    assert cp(s, "Reflecting Pool") == "R"  # a Mountain now: its own ability is gone
    assert cp(s, "Exotic Orchard") == "R"


@pytest.mark.cr("613.1f")
def test_cryptolith_rite_2016_one_mana_per_tap() -> None:
    ruling("Cryptolith Rite", "2016-04-08", "If a creature has multiple mana abilities")
    s = board("""
    players:
      A: {battlefield: [Llanowar Elves, Cryptolith Rite, Cryptolith Rite]}
    """)
    nums = [n for n, _ in mana_abilities(s, "Llanowar Elves")]
    assert nums == [1, 2, 3]
    for n in nums[1:]:
        assert outs(s, "Llanowar Elves", n) == set("WUBRG")
    assert cp(s, "Llanowar Elves") == "WUBRG"


@pytest.mark.cr("106.7")
def test_explanation_names_ability_lands_and_replacements_in_order() -> None:
    s = board("""
    players:
      A: {battlefield: [Forest, Reflecting Pool, Reality Twist, Contamination]}
    """)
    ex = explain_could_produce(s, "Reflecting Pool")
    assert letters(ex.mana_types) == "B"
    (d,) = ex.derivation
    assert d.ability == 1 and d.looked_at == ("Forest", "Reflecting Pool")
    assert d.outcome == Amounts.of((ManaType.B,))
    assert "106.7" in d.rules and "616.1" in d.rules
    # the path is a real order: replaying it gives the outcome
    assert [r.effect_id for r in d.replacements] in (["Contamination"],
                                                      ["Contamination", "Reality Twist"],
                                                      ["Reality Twist", "Contamination"])


def test_activation_outcomes_memoized_per_state() -> None:
    s = board("""
    players:
      A: {battlefield: [Forest, Reflecting Pool]}
    """)
    a = activation_outcomes(s, "Reflecting Pool", 1)
    assert activation_outcomes(s, "Reflecting Pool", 1) is a
    assert a == frozenset({(ManaType.G,)})


def test_unknown_object_is_bad_input() -> None:
    from manacheck.model import UnknownObject

    s = board("""
    players:
      A: {battlefield: [Forest]}
    """)
    with pytest.raises(UnknownObject):
        could_produce(s, "Forrest")


@pytest.mark.cr("113.6")
def test_spirit_guide_on_the_battlefield_could_produce_nothing() -> None:
    s = board("""
    players:
      A: {battlefield: [Elvish Spirit Guide, Naga Vitalist]}
    """)
    # Its mana ability works only from the hand (CR 113.6), so on the battlefield it
    # couldn't produce mana, and it is not a land for Naga Vitalist anyway.
    assert cp(s, "Elvish Spirit Guide") == ""
    assert mana_abilities(s, "Elvish Spirit Guide") == ()


@pytest.mark.cr("106.5")
def test_undefined_type_produces_nothing() -> None:
    s = load_state_text(textwrap.dedent("""
    turn: {active_player: A}
    players:
      A:
        battlefield:
          - {card: Chosen Heart, id: unchosen}
          - {card: Chosen Heart, id: red, chosen: {color: R}}
          - Forest
          - {card: Utopia Sprawl, attached_to: Forest}
    cards:
      - name: Chosen Heart
        types: [Artifact]
        abilities:
          - activated: {cost: "{T}", mana: {chosen_color: 1}}
    """))
    assert could_produce(s, "unchosen") == frozenset()
    assert activation_outcomes(s, "unchosen", 1) == frozenset()
    assert could_produce(s, "red") == frozenset({ManaType.R})
    # Utopia Sprawl without a chosen color adds nothing (CR 106.5).
    assert outs(s, "Forest", include_triggered=True) == {"G"}


@pytest.mark.cr("106.7")
def test_a_land_that_would_produce_no_mana_now_could_produce_nothing() -> None:
    text = """
    players:
      A: {battlefield: [Cradle Like, Reflecting Pool, Mana Flare%s]}
    cards:
      - name: Cradle Like
        types: [Land]
        abilities:
          - activated: {cost: "{T}", mana: {add: "{G}", per: {types: [creature]}}}
    """
    s = load_state_text("turn: {active_player: A}\n" + textwrap.dedent(text % ""))
    # "If that permanent wouldn't produce any mana under these conditions ... there's
    # no type of mana it could produce" (CR 106.7); nothing produced, nothing triggers
    # (CR 106.12a: "resolves and produces mana").
    assert could_produce(s, "Cradle Like") == frozenset()
    assert could_produce(s, "Reflecting Pool") == frozenset()
    assert activation_outcomes(s, "Cradle Like", 1, include_triggered=True) == frozenset()
    s2 = load_state_text("turn: {active_player: A}\n"
                         + textwrap.dedent(text % ", Llanowar Elves, Llanowar Elves"))
    assert could_produce(s2, "Reflecting Pool") == frozenset({ManaType.G})
    assert outs(s2, "Cradle Like", include_triggered=True) == {"GGG"}


USER_EFFECT = """
cards:
  - name: Verdant Tide
    types: [Enchantment]
    abilities:
      - static:
          kind: mana_replacement
          replacement: {source: {types: [land]}, set_type: U, only_if_produces: [G]}
          text: If a land is tapped for {G}, it produces {U} instead.
"""


@pytest.mark.cr("616.1f")
def test_user_defined_effect_rechecked_after_each_replacement() -> None:
    s = load_state_text(textwrap.dedent("""
    turn: {active_player: A}
    players:
      A: {battlefield: [Swamp, Forest, Reality Twist, Verdant Tide]}
    """) + USER_EFFECT)
    # Swamp: {B}. Verdant Tide doesn't apply yet; Reality Twist makes it {G}; now
    # Verdant Tide applies (CR 616.1f) -> {U}. Every order ends in {U}.
    assert outs(s, "Swamp") == {"U"}
    # Forest: {G}. Tide first -> {U}, then Reality Twist (still a Forest) -> {B}.
    # Twist first -> {B}; the Tide no longer applies. Every order ends in {B}.
    assert outs(s, "Forest") == {"B"}
    ex = explain_could_produce(s, "Swamp")
    assert [r.effect_id for r in ex.derivation[0].replacements] == ["Reality Twist",
                                                                    "Verdant Tide"]
