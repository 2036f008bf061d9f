"""The oracle-text translator for the plainest mana cards (model/oracle.py).

Its output for ``reference/cards/mana-cards.json`` is the built-in
``40_generated.yaml``, and every card there is also checked line by line against the
reference by ``test_builtin_cards.py``. Here: the file is what the translator makes
now, the translator refuses anything it doesn't fully understand, and a few generated
cards answer as their rules text says (CR 106.1, 305.6).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import ManaType, load_state_text
from manacheck.model.oracle import (
    GENERATED,
    card_from_oracle,
    hand_written_names,
    render,
    translate,
    with_stats,
)
from manacheck.solver.produce import could_produce

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "reference"


def test_the_generated_file_is_the_translators_output_now() -> None:
    entries = json.loads((REFERENCE / "cards" / "mana-cards.json").read_text(encoding="utf-8"))
    made = render(translate(with_stats(entries["cards"]), skip=hand_written_names()))
    assert made == (REPO / "model" / "data" / "cards" / GENERATED).read_text(encoding="utf-8")
    assert made.count("\n{") >= 300


def entry(text: str, type_line: str = "Land", name: str = "Test Land",
          **extra: Any) -> dict[str, Any]:
    return {"name": name, "mana_cost": "", "type_line": type_line, "oracle_text": text,
            "layout": "normal", **extra}


@pytest.mark.parametrize("text,type_line", [
    ("{T}: Add {C}.\nWhen Test Land enters the battlefield, draw two cards.", "Land"),
    ("{T}: Add {G}.", "Instant"),  # not a permanent
    ("({T}: Add {G} or {W}.)", "Land — Forest Island"),  # reminder that doesn't match
    ("{T}: Add {G}. Activate only during your end step.", "Land"),  # not in the grammar
    ("{T}, Mill X cards: Add {B}.", "Land"),  # a cost part the format doesn't hold
])
def test_anything_not_fully_understood_is_not_translated(text: str, type_line: str) -> None:
    assert card_from_oracle(entry(text, type_line)) is None


#: Lines the grammar reads (model/oracletext), with the data derived by hand from the
#: rules: a condition (CR 602.5), discarding and sacrificing as costs (CR 118, 701.21a:
#: only your own permanents), mana for each permanent, a spend restriction (CR 106.6)
#: and a painland's damage, an effect of the ability (CR 605.1a).
GRAMMAR_READ = [
    ("{T}: Add {G}. Activate only if you control an artifact.", "Land",
     {"cost": "{T}", "mana": {"add": "{G}"}, "condition": {
         "kind": "controls_at_least", "count": 1,
         "filter": {"types": ["artifact"], "controller": "you"}}}),
    ("{T}, Discard a card: Add {B}.", "Land",
     {"cost": ["{T}", {"discard": {"count": 1}}], "mana": {"add": "{B}"}}),
    ("{T}, Sacrifice a creature: Add {B}{B}.", "Land",
     {"cost": ["{T}", {"sacrifice": {"count": 1, "filter": {"types": ["creature"],
                                                           "controller": "you"}}}],
      "mana": {"add": "{B}{B}"}}),
    ("{T}: Add {B} for each Swamp you control.", "Land",
     {"cost": "{T}", "mana": {"add": "{B}", "per": {"subtypes": ["Swamp"],
                                                   "controller": "you"}}}),
    ("{T}: Add {C}{C}. Spend this mana only to cast artifact spells.", "Artifact",
     {"cost": "{T}", "mana": {"add": "{C}{C}", "restriction": {
         "text": "Spend this mana only to cast artifact spells.",
         "spells": {"types": ["artifact"]}}}}),
    ("{T}: Add {W} or {U}. Test Land deals 2 damage to you.", "Land",
     {"cost": "{T}", "mana": {"choice": ["{W}", "{U}"]},
      "effects": [{"kind": "deal_damage", "amount": 2, "to": "you"}]}),
]


@pytest.mark.parametrize("text,type_line,want", GRAMMAR_READ)
def test_lines_the_grammar_reads_are_translated(text: str, type_line: str,
                                                want: dict[str, object]) -> None:
    card = card_from_oracle(entry(text, type_line))
    assert card is not None
    got = dict(card["abilities"][0]["activated"])
    assert got.pop("text") == text
    assert got == want


def test_a_painland_a_tapland_and_a_snow_dual() -> None:
    pain = card_from_oracle(entry(
        "{T}: Add {C}.\n{T}: Add {W} or {U}. Test Land deals 1 damage to you."))
    assert pain is not None and [a["activated"]["mana"] for a in pain["abilities"]] == [
        {"add": "{C}"}, {"choice": ["{W}", "{U}"]}]
    snow = card_from_oracle(entry("({T}: Add {G} or {W}.)\nTest Land enters the battlefield "
                                  "tapped.", "Snow Land — Forest Plains"))
    assert snow is not None and snow["supertypes"] == ["Snow"]
    assert snow["subtypes"] == ["Forest", "Plains"]
    assert [a["static"]["params"] for a in snow["abilities"]] == [{"enters_tapped": True}]


@pytest.mark.cr("106.7")
def test_generated_cards_make_the_mana_their_text_says() -> None:
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Adarkar Wastes, Azorius Guildgate, Arcane Sanctum, Arctic Treeline]}
""")
    w, u, b, g, c = ManaType.W, ManaType.U, ManaType.B, ManaType.G, ManaType.C
    assert could_produce(s, "Adarkar Wastes") == {c, w, u}
    assert could_produce(s, "Azorius Guildgate") == {w, u}
    assert could_produce(s, "Arcane Sanctum") == {w, u, b}
    assert could_produce(s, "Arctic Treeline") == {g, w}  # CR 305.6: Forest Plains


def test_costs_with_mana_life_and_sacrificing_itself() -> None:
    signet = card_from_oracle(entry("{1}, {T}: Add {W}{U}.", "Artifact", "Test Signet"))
    assert signet is not None and signet["abilities"][0]["activated"]["cost"] == "{1}{T}"
    horn = card_from_oracle(entry("{T}: Add {G}.\nSacrifice Test Horn: Add {G}.",
                                  "Artifact", "Test Horn"))
    assert horn is not None
    assert horn["abilities"][1]["activated"]["cost"] == [{"sacrifice": "self"}]
    life = card_from_oracle(entry("{T}, Pay 1 life: Add {B}."))
    assert life is not None
    assert life["abilities"][0]["activated"]["cost"] == ["{T}", {"pay_life": 1}]


@pytest.mark.cr("601.2g")
def test_tap_then_sacrifice_one_permanent() -> None:
    # Horn of Ramos: "{T}: Add {G}" and "Sacrifice Horn of Ramos: Add {G}": tapped for
    # {G}, then sacrificed for another (CR 601.2g, 605.3a: mana abilities in any order
    # while paying; CR 107.5 needs it untapped only for the first). {G}{G}: exactly one
    # payment, both abilities; {G}{G}{G}: definitely not payable.
    from manacheck.solver.payments import payment_answer, payments

    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Horn of Ramos]}
""")
    p = payments(s, "A", "{G}{G}")
    assert p and not p.left_out and p.count() == 1
    (only,) = list(p)
    assert sorted((u.object, u.ability, u.times) for u in only.activations) == [
        ("Horn of Ramos", 1, 1), ("Horn of Ramos", 2, 1)]
    assert payment_answer(s, "A", "{G}{G}{G}").verdict == "not payable"


@pytest.mark.cr("601.2g")
def test_tap_then_sacrifice_with_an_outlet_is_a_lower_bound() -> None:
    # With a mana ability that sacrifices other permanents on the board (Ashnod's Altar:
    # "Sacrifice a creature: Add {C}{C}"), sacrifice plans count a permanent's own
    # sacrifice as its one exclusive use: the Horn's second ability is left out and
    # said, so "not payable" is "not decided", never a guess.
    from manacheck.solver.payments import payments

    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Horn of Ramos, "Ashnod's Altar"]}
""")
    p = payments(s, "A", "{G}{G}")
    assert p.left_out == ("Horn of Ramos (ability 2)",)
    from manacheck.solver import NotDecided

    with pytest.raises(NotDecided):  # not payable without it, which might pay it
        bool(p)


def test_generated_cycling_land_cycles_from_the_hand_702_29a() -> None:
    # Irrigated Farmland: "Cycling {2} ({2}, Discard this card: Draw a card.)" works from
    # the hand (CR 702.29a); two Plains pay it.
    from manacheck.solver.activation import can_activate

    s = load_state_text("""
turn: {active_player: A}
players:
  A: {hand: [Irrigated Farmland], battlefield: [Plains, Plains]}
""")
    v = can_activate(s, "Irrigated Farmland", find_fixes=False)
    assert v.legal and v.ways == 1 and v.witness.discarded == ("Irrigated Farmland",)


@pytest.mark.parametrize("text", [
    "Cycling {2} ({3}, Discard this card: Draw a card.)",  # reminder and cost disagree
    "When Test Land enters the battlefield, you gain 1 life and draw a card.",
    "{T}: Add {W}. Test Land deals 2 damage to target player.",  # a target: not mana
])
def test_near_misses_of_the_templates_are_refused(text: str) -> None:
    assert card_from_oracle(entry(text)) is None


def test_a_generated_mana_creature_and_its_toughness() -> None:
    # Elvish Mystic ("{T}: Add {G}."): a creature, so summoning sickness applies (CR
    # 302.6); its power and toughness come from the shipped pool (a 1/1), so a -1/-1
    # counter kills it (CR 704.5f). (They once were missing, and the resolution solver
    # refused to guess.)
    from manacheck.solver.activation import can_activate
    from manacheck.solver.resolution import resolve

    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [{card: Elvish Mystic, summoning_sick: true}]}
""")
    assert could_produce(s, "Elvish Mystic") == {ManaType.G}
    assert [r.rule for r in can_activate(s, "Elvish Mystic", find_fixes=False).reasons] == [
        "302.6"]
    shrink = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [Elvish Mystic]}
events:
  - put_counters: {object: Elvish Mystic, counters: {"-1/-1": 1}}
""")
    out = resolve(shrink)
    assert out.state.permanents == ()
    assert [c.name for c in out.state.player("A").graveyard] == ["Elvish Mystic"]


def test_a_basic_land_type_condition_becomes_a_condition_602_5() -> None:
    card = card_from_oracle(entry("{T}: Add {B} or {R}. Activate only if you control a "
                                  "Swamp."))
    assert card is not None
    cond = card["abilities"][0]["activated"]["condition"]
    assert cond == {"kind": "controls_at_least", "count": 1,
                    "filter": {"subtypes": ["Swamp"], "controller": "you"}}
    keyworded = card_from_oracle(entry("Haste\n{T}: Add {R}.", "Creature — Goblin"))
    assert keyworded is not None and keyworded["keywords"] == ["Haste"]


@pytest.mark.cr("208.1")
def test_generated_creatures_have_power_and_toughness() -> None:
    """Every generated creature has its power and toughness (from the shipped pool:
    ``mana-cards.json`` has none), so "an amount of {G} equal to its power" reads the
    real power: Viridian Joiner, a 1/2, adds {G} (it added nothing)."""
    gen = json.loads((REPO / "model" / "data" / "cards" / GENERATED).read_text(encoding="utf-8"))
    creatures = [c for c in gen if "Creature" in c["types"]]
    assert creatures and all("power" in c and "toughness" in c for c in creatures)
    joiner = next(c for c in creatures if c["name"] == "Viridian Joiner")
    assert (joiner["power"], joiner["toughness"]) == (1, 2)
