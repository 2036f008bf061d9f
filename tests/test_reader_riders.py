"""The reader's riders, spend restrictions, activation limits and costs of mana
abilities, each read by hand and checked on a small board.

Every reading below is derived by hand from the oracle line (the card-format data the
line means), and the round trip (rendering that data gives the normalised line back)
is what makes the line count as read. The boards check what the solvers do with it.

Rules
-----
CR 119.3, 119.4: gaining and losing life; paying life only up to the life total.
CR 601.2g-h: mana abilities are activated before the total cost is paid, in any order.
CR 603.7: delayed triggered abilities. CR 605.3b: a mana ability resolves at once.
CR 106.6: spending restrictions. CR 602.5b: limits on activations each turn.
CR 118: costs; 701.13 mill; 701.43 exert.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import load_state_text
from manacheck.model.carddata import parse_activated
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer
from manacheck.solver.resolution import resolve
from manacheck.solver.resolution.core import Unsupported

from manacheck.cli import main


def _read(line: str, name: str) -> dict[str, Any]:
    """The reader's data of a line that must be read, its rendering its own line."""
    r = read_line(line, name)
    assert r.status == "read", (r.status, r.why, r.unread)
    assert r.rendered == r.normalised
    assert r.ability is not None
    ab = dict(r.ability["activated"])
    parse_activated(ab, name)  # valid card data
    del ab["text"]
    return ab


def _card(name: str, types: str, *lines: str, **more: Any) -> dict[str, Any]:
    """A card entry whose abilities are the reader's data for its oracle lines."""
    abilities = []
    for line in lines:
        r = read_line(line, name)
        assert r.status == "read", (r.why, line)
        assert r.ability is not None
        abilities.append(r.ability)
    return {"name": name, "types": [types], "abilities": abilities, **more}


def _state(battlefield: list[Any], cards: list[dict[str, Any]], life: int = 20,
           extra: str = "", hand: list[str] | None = None) -> str:
    return ("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
            f"    life: {life}\n    library_size: 5\n"
            f"    battlefield: {json.dumps(battlefield)}\n"
            f"    hand: {json.dumps(hand or [])}\n  B: {{}}\n"
            f"cards: {json.dumps(cards)}\n{extra}")


# ---- riders: the readings -------------------------------------------------------------

RIDERS = [
    ("Pristine Talisman", "{T}: Add {C}. You gain 1 life.",
     {"cost": "{T}", "mana": {"add": "{C}"},
      "effects": [{"kind": "gain_life", "amount": 1}]}),
    ("The Great Henge", "{T}: Add {G}{G}. You gain 2 life.",
     {"cost": "{T}", "mana": {"add": "{G}{G}"},
      "effects": [{"kind": "gain_life", "amount": 2}]}),
    ("Avid Reclaimer", "{T}: Add {G} or {U}. If you control a Nissa planeswalker, you "
     "gain 2 life.",
     {"cost": "{T}", "mana": {"choice": ["{G}", "{U}"]},
      "effects": [{"kind": "gain_life", "amount": 2, "if": {
          "kind": "controls_at_least", "count": 1, "filter": {
              "subtypes": ["Nissa"], "types": ["planeswalker"], "controller": "you"}}}]}),
    ("Cryptolith Fragment", "{T}: Add one mana of any color. Each player loses 1 life.",
     {"cost": "{T}", "mana": {"any_color": 1},
      "effects": [{"kind": "lose_life", "amount": 1, "who": "each_player"}]}),
    ("Grove of the Burnwillows", "{T}: Add {R} or {G}. Each opponent gains 1 life.",
     {"cost": "{T}", "mana": {"choice": ["{R}", "{G}"]},
      "effects": [{"kind": "gain_life", "amount": 1, "who": "each_opponent"}]}),
    ("Astrolabe", "{1}, {T}, Sacrifice Astrolabe: Add two mana of any one color. Draw a "
     "card at the beginning of the next turn's upkeep.",
     {"cost": ["{1}{T}", {"sacrifice": "self"}], "mana": {"one_color": 2},
      "effects": [{"kind": "draw", "count": 1, "at": "next_upkeep"}]}),
    ("Rainbow Vale", "{T}: Add one mana of any color. An opponent gains control of Rainbow "
     "Vale at the beginning of the next end step.",
     {"cost": "{T}", "mana": {"any_color": 1},
      "effects": [{"kind": "gain_control", "of": "self", "who": "an_opponent",
                   "at": "next_end_step"}]}),
    ("Undiscovered Paradise", "{T}: Add one mana of any color. During your next untap "
     "step, as you untap your permanents, return Undiscovered Paradise to its owner's "
     "hand.",
     {"cost": "{T}", "mana": {"any_color": 1},
      "effects": [{"kind": "return_to_hand", "of": "self",
                   "at": "your_next_untap_step"}]}),
    ("Tomb of Urami", "{T}: Add {B}. Tomb of Urami deals 1 damage to you if you don't "
     "control an Ogre.",
     {"cost": "{T}", "mana": {"add": "{B}"},
      "effects": [{"kind": "deal_damage", "amount": 1, "to": "you", "unless": {
          "kind": "controls_at_least", "count": 1,
          "filter": {"subtypes": ["Ogre"], "controller": "you"}}}]}),
    ("Farrelite Priest", "{1}: Add {W}. If this ability has been activated four or more "
     "times this turn, sacrifice Farrelite Priest at the beginning of the next end step.",
     {"cost": "{1}", "mana": {"add": "{W}"},
      "effects": [{"kind": "sacrifice", "of": "self", "at": "next_end_step",
                   "if": {"kind": "at_least", "amount": {"activations_this_turn": "self"},
                          "count": 4}}]}),
]


@pytest.mark.cr("119.3")
@pytest.mark.cr("603.7")
@pytest.mark.parametrize(("name", "line", "want"), RIDERS, ids=[r[0] for r in RIDERS])
def test_each_rider_is_read_as_derived_by_hand(name: str, line: str,
                                               want: dict[str, Any]) -> None:
    assert _read(line, name) == want


def test_riders_with_words_changed_stay_unread() -> None:
    """A rider that says something else is not read as one of these (the grammar
    never guesses): another player, another time, a count of permanents."""
    for line in ("{T}: Add {C}. Target player gains 1 life.",
                 "{T}: Add {C}. Draw a card at the beginning of your next upkeep.",
                 "{T}: Add {C}. If you control two Gods, you gain 1 life.",
                 "{T}: Add {C}. Each player gains 1 life."):
        r = read_line(line, "Test Rock")
        assert r.status != "read", line


# ---- riders: what the solvers do with them ---------------------------------------------

TALISMAN = _card("Pristine Talisman", "Artifact", "{T}: Add {C}. You gain 1 life.")
GROVE = _card("Grove of the Burnwillows", "Land",
              "{T}: Add {R} or {G}. Each opponent gains 1 life.")
FRAGMENT = _card("Cryptolith Fragment", "Artifact",
                 "{T}: Add one mana of any color. Each player loses 1 life.")
ASTROLABE = _card("Astrolabe", "Artifact",
                  "{1}, {T}, Sacrifice Astrolabe: Add two mana of any one color. Draw a "
                  "card at the beginning of the next turn's upkeep.")


@pytest.mark.cr("601.2g")
@pytest.mark.cr("119.4")
def test_life_gained_while_paying_is_not_guessed() -> None:
    """Pristine Talisman at 1 life paying {W/P}{1}: by the rules it is payable (CR
    601.2g: the Talisman is activated first, A gains 1 life, 2 life; 601.2h, 119.4: 2
    life pays {W/P} and {C} pays {1}). The payment solver doesn't model life changing
    during a payment, so it leaves the Talisman out and says "not decided" rather than
    "not payable"."""
    s = load_state_text(_state(["Pristine Talisman"], [TALISMAN], life=1))
    a = payment_answer(s, "A", "{W/P}{1}")
    assert a.complete is False and a.left_out
    # Without life in the payment, the rider can't matter: {1} is paid by the {C}.
    a = payment_answer(s, "A", "{1}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)


@pytest.mark.cr("601.2g")
@pytest.mark.cr("119.4")
def test_each_player_loses_life_while_paying_is_not_guessed() -> None:
    """Cryptolith Fragment at 2 life paying {W/P}: its mana pays it (payable), and the
    life route fails (it makes A lose 1 life first: 1 left, CR 119.4). The solver leaves
    the Fragment out when life could pay, and says so."""
    s = load_state_text(_state(["Cryptolith Fragment"], [FRAGMENT], life=2))
    a = payment_answer(s, "A", "{W/P}")
    assert a.complete is False and a.left_out
    assert payment_answer(s, "A", "{G}").count == 1  # no life paid: it is used


@pytest.mark.cr("601.2h")
def test_an_opponents_life_gain_does_not_touch_the_payment() -> None:
    """Grove of the Burnwillows at 1 life paying {R/P}: 2 life can't pay it (CR 119.4),
    the Grove's {R} can: one payment, decided (only the opponent gains life)."""
    s = load_state_text(_state(["Grove of the Burnwillows"], [GROVE], life=1))
    a = payment_answer(s, "A", "{R/P}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)


@pytest.mark.cr("603.7")
def test_a_delayed_draw_does_not_change_the_payment() -> None:
    """Astrolabe and a Forest paying {U}{U}: the Forest pays the Astrolabe's {1}, which
    adds {U}{U} (its draw waits for the next upkeep, CR 603.7): one payment."""
    s = load_state_text(_state(["Astrolabe", "Forest"], [ASTROLABE]))
    a = payment_answer(s, "A", "{U}{U}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)


@pytest.mark.cr("601.2g")
@pytest.mark.cr("119.4")
def test_a_painland_before_an_abilitys_own_life_payment() -> None:
    """A's Test Oracle "{W}, Pay 1 life: Draw a card" at 1 life, with only Talisman of
    Progress to pay {W}: its {W} ability deals 1 damage to A first (CR 601.2g), which
    leaves 0 life, and 1 life can't be paid (CR 119.4): not legal by the rules. The
    solver can't order that, so it must not say legal: not decided."""
    oracle = {"name": "Test Oracle", "types": ["Artifact"], "abilities": [{"activated": {
        "cost": ["{W}", {"pay_life": 1}], "effects": [{"kind": "draw", "count": 1}],
        "text": "{W}, Pay 1 life: Draw a card."}}]}
    s = load_state_text(_state(["Talisman of Progress", "Test Oracle"], [oracle], life=1))
    v = can_activate(s, "Test Oracle", 1, "A")
    assert v.legal is not True and v.undecided


@pytest.mark.cr("603.7")
def test_resolution_refuses_a_delayed_or_conditional_effect() -> None:
    """An ability with a delayed effect (CR 603.7) or an effect's own condition on the
    stack: the resolution solver refuses it rather than doing it now or always."""
    for eff in ({"kind": "draw", "count": 1, "at": "next_upkeep"},
                {"kind": "gain_life", "amount": 2, "if": {
                    "kind": "controls_at_least", "count": 1,
                    "filter": {"subtypes": ["Nissa"], "controller": "you"}}}):
        card = {"name": "Test Relic", "types": ["Artifact"], "abilities": [{"activated": {
            "cost": "{2}", "effects": [eff], "text": "{2}: Something."}}]}
        s = load_state_text(_state(["Test Relic"], [card], extra=(
            "stack: [{ability_of: Test Relic, ability: 1, controller: A}]\n"
            "events: [{resolve: top}]\n")))
        with pytest.raises(Unsupported):
            resolve(s)


@pytest.mark.parametrize(("bad", "key"), [
    ('{kind: draw, count: 1, at: "next_week"}', "at"),
    ('{kind: gain_life, amount: -1}', "amount"),
    ('{kind: gain_life, amount: 1, who: "everyone"}', "who"),
    ('{kind: gain_life, amount: 1, if: {kind: "moon_phase", count: 1}}', "if"),
])
def test_bad_rider_data_is_one_line(bad: str, key: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {activated: "
                    f"{{cost: \"{{T}}\", mana: {{add: \"{{C}}\"}}, effects: [{bad}], "
                    "text: t}}\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and "(line 8)" in err, err


# ---- spend restrictions (CR 106.6) ------------------------------------------------------

def _spend(text: str, spells: Any = None, abilities: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"text": text}
    if spells is not None:
        out["spells"] = spells
    if abilities is not None:
        out["abilities"] = abilities
    return out


SPEND = [
    ("Cormela, Glamour Thief", "{1}, {T}: Add {U}{B}{R}. Spend this mana only to cast "
     "instant and/or sorcery spells.", {"add": "{U}{B}{R}", "restriction": _spend(
         "Spend this mana only to cast instant and/or sorcery spells.",
         {"any_types": ["instant", "sorcery"]})}),
    ("Untaidake, the Cloud Keeper", "{T}, Pay 2 life: Add {C}{C}. Spend this mana only "
     "to cast legendary spells.", {"add": "{C}{C}", "restriction": _spend(
         "Spend this mana only to cast legendary spells.", {"supertypes": ["Legendary"]})}),
    ("Pillar of the Paruns", "{T}: Add one mana of any color. Spend this mana only to "
     "cast a multicolored spell.", {"any_color": 1, "restriction": _spend(
         "Spend this mana only to cast a multicolored spell.", {"multicolored": True})}),
    ("Gnarlroot Trapper", "{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf "
     "creature spell.", {"add": "{G}", "restriction": _spend(
         "Spend this mana only to cast an Elf creature spell.",
         {"subtypes": ["Elf"], "types": ["creature"]})}),
    ("Haven of the Spirit Dragon", "{T}: Add one mana of any color. Spend this mana only "
     "to cast a Dragon creature spell.", {"any_color": 1, "restriction": _spend(
         "Spend this mana only to cast a Dragon creature spell.",
         {"subtypes": ["Dragon"], "types": ["creature"]})}),
    ("Corrupted Crossroads", "{T}, Pay 1 life: Add one mana of any color. Spend this mana "
     "only to cast a spell with devoid.", {"any_color": 1, "restriction": _spend(
         "Spend this mana only to cast a spell with devoid.", {"keywords": ["Devoid"]})}),
    ("Cryptic Trilobite", "Remove a +1/+1 counter from Cryptic Trilobite: Add {C}{C}. "
     "Spend this mana only to activate abilities.", {"add": "{C}{C}", "restriction": _spend(
         "Spend this mana only to activate abilities.", None, {})}),
    ("Soldevi Machinist", "{T}: Add {C}{C}. Spend this mana only to activate abilities of "
     "artifacts.", {"add": "{C}{C}", "restriction": _spend(
         "Spend this mana only to activate abilities of artifacts.", None,
         {"types": ["artifact"]})}),
    ("Primal Beyond", "{T}: Add one mana of any color. Spend this mana only to cast an "
     "Elemental spell or activate an ability of an Elemental.", {
         "any_color": 1, "restriction": _spend(
             "Spend this mana only to cast an Elemental spell or activate an ability of an "
             "Elemental.", {"subtypes": ["Elemental"]}, {"subtypes": ["Elemental"]})}),
    ("Chandra's Embercat", "{T}: Add {R}. Spend this mana only to cast an Elemental spell "
     "or a Chandra planeswalker spell.", {"add": "{R}", "restriction": _spend(
         "Spend this mana only to cast an Elemental spell or a Chandra planeswalker spell.",
         {"any_of": [{"subtypes": ["Elemental"]},
                     {"subtypes": ["Chandra"], "types": ["planeswalker"]}]})}),
    ("Eldrazi Temple", "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi "
     "spells or activate abilities of colorless Eldrazi.", {"add": "{C}{C}", "restriction":
         _spend("Spend this mana only to cast colorless Eldrazi spells or activate "
                "abilities of colorless Eldrazi.", {"colorless": True, "subtypes": ["Eldrazi"]},
                {"colorless": True, "subtypes": ["Eldrazi"]})}),
    ("Myr Reservoir", "{T}: Add {C}{C}. Spend this mana only to cast Myr spells or activate "
     "abilities of Myr.", {"add": "{C}{C}", "restriction": _spend(
         "Spend this mana only to cast Myr spells or activate abilities of Myr.",
         {"subtypes": ["Myr"]}, {"subtypes": ["Myr"]})}),
]


@pytest.mark.cr("106.6")
@pytest.mark.parametrize(("name", "line", "mana"), SPEND, ids=[r[0] for r in SPEND])
def test_each_spend_restriction_is_read_as_derived_by_hand(name: str, line: str,
                                                           mana: dict[str, Any]) -> None:
    assert _read(line, name)["mana"] == mana


def test_restrictions_the_state_cant_check_stay_unread() -> None:
    """A spell with another keyword cast from any graveyard isn't read: unread, never a
    guess. (Kicked spells, costs that contain {X} and spells with flashback from a
    graveyard are read, and the payment solver decides them only where the question
    says: tests/test_spend_costs.py.)"""
    for line in ("{T}: Add {C}. Spend this mana only to cast spells with madness from a "
                 "graveyard.",):
        assert read_line(line, "Test Land").status == "unread", line
    for line in ("{T}: Add {G}{G}. Spend this mana only to cast kicked spells.",
                 "{T}: Add {C}. Spend this mana only to cast spells with flashback from a "
                 "graveyard.",
                 "{T}: Add {C}{C}. Spend this mana only on costs that contain {X}."):
        assert read_line(line, "Test Land").status == "read", line


def _spell(name: str, types: list[str], cost: str = "{1}", **more: Any) -> dict[str, Any]:
    return {"name": name, "types": types, "mana_cost": cost, **more}


SPELLS = [
    _spell("Test Bolt", ["Instant"]),
    _spell("Test Bear", ["Creature"], power=2, toughness=2),
    _spell("Test Elf", ["Creature"], subtypes=["Elf"], power=1, toughness=1),
    _spell("Test Elf Tribal", ["Kindred", "Instant"], subtypes=["Elf"]),
    _spell("Test Legend", ["Creature"], supertypes=["Legendary"], power=1, toughness=1),
    _spell("Test Gold", ["Sorcery"], "{W}{U}"),
    _spell("Test Void", ["Instant"], "{1}{U}", keywords=["Devoid"]),
    {"name": "Test Relic", "types": ["Artifact"], "abilities": [{"activated": {
        "cost": "{1}", "effects": [{"kind": "draw", "count": 1}],
        "text": "{1}: Draw a card."}}]},
    {"name": "Test Cycler", "types": ["Instant"], "mana_cost": "{1}", "abilities": [
        {"activated": {"cost": ["{1}", {"discard_self": True}], "zone": "hand",
                       "effects": [{"kind": "draw", "count": 1}],
                       "text": "{1}, Discard this card: Draw a card."}}]},
]
_HAND = ["Test Bolt", "Test Bear", "Test Elf", "Test Elf Tribal", "Test Legend",
         "Test Gold", "Test Void", "Test Cycler"]


def _pays(source: str, line: str, paid_for: str, cost: str) -> bool:
    """Whether the restricted mana of ``source`` (its one line, read) pays ``cost`` for
    ``paid_for`` (a card in A's hand: casting it; Test Relic: its ability), the only
    mana on the board; the answer is always decided."""
    card = _card(source, "Artifact", line)
    s = load_state_text(_state([source, "Test Relic"], [card, *SPELLS], hand=_HAND))
    a = payment_answer(s, "A", cost, for_object=paid_for)
    assert a.complete, a.left_out
    return a.payable


@pytest.mark.cr("106.6")
def test_the_payment_solver_honours_each_restriction() -> None:
    """Each restricted mana against a spell or ability it may pay for and one it may not
    (CR 106.6: the restriction is checked against what the mana is spent on)."""
    cormela = ("{1}, {T}: Add {U}{B}{R}. Spend this mana only to cast instant and/or "
               "sorcery spells.")
    # (Cormela's own {1} can't be paid: no other mana. A free version of its words:)
    sorcery_mana = ("{T}: Add {U}{B}{R}. Spend this mana only to cast instant and/or "
                    "sorcery spells.")
    assert read_line(cormela, "Cormela, Glamour Thief").status == "read"
    assert _pays("Test Rock", sorcery_mana, "Test Bolt", "{1}")
    assert _pays("Test Rock", sorcery_mana, "Test Gold", "{U}{B}")
    assert not _pays("Test Rock", sorcery_mana, "Test Bear", "{1}")
    assert not _pays("Test Rock", sorcery_mana, "Test Relic", "{1}")
    legendary = "{T}: Add {C}{C}. Spend this mana only to cast legendary spells."
    assert _pays("Test Rock", legendary, "Test Legend", "{2}")
    assert not _pays("Test Rock", legendary, "Test Bear", "{2}")
    multi = "{T}: Add one mana of any color. Spend this mana only to cast a multicolored spell."
    assert _pays("Test Rock", multi, "Test Gold", "{W}")
    assert not _pays("Test Rock", multi, "Test Bolt", "{1}")
    elf = "{T}: Add {G}. Spend this mana only to cast an Elf creature spell."
    assert _pays("Test Rock", elf, "Test Elf", "{G}")
    assert not _pays("Test Rock", elf, "Test Elf Tribal", "{G}")  # an Elf, no creature
    assert not _pays("Test Rock", elf, "Test Bear", "{G}")
    devoid = "{T}: Add one mana of any color. Spend this mana only to cast a spell with devoid."
    assert _pays("Test Rock", devoid, "Test Void", "{U}")
    assert not _pays("Test Rock", devoid, "Test Bolt", "{U}")
    abilities = "{T}: Add {C}{C}. Spend this mana only to activate abilities."
    assert _pays("Test Rock", abilities, "Test Relic", "{2}")
    assert not _pays("Test Rock", abilities, "Test Bolt", "{1}")
    artifacts = "{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts."
    assert _pays("Test Rock", artifacts, "Test Relic", "{1}")
    assert not _pays("Test Rock", artifacts, "Test Bolt", "{1}")
    either = ("{T}: Add {R}. Spend this mana only to cast an Elemental spell or a Chandra "
              "planeswalker spell.")
    assert not _pays("Test Rock", either, "Test Bolt", "{1}")


@pytest.mark.cr("106.6")
@pytest.mark.cr("602.2")
def test_spell_only_mana_does_not_pay_an_ability_of_a_card_in_hand() -> None:
    """Cycling an instant from the hand is activating an ability, not casting a spell
    (CR 602.1, 702.29a): mana spendable only on instant and/or sorcery spells can't pay
    it, though it pays for casting the same card (``pay --for``)."""
    line = "{T}: Add {U}{B}{R}. Spend this mana only to cast instant and/or sorcery spells."
    card = _card("Test Rock", "Artifact", line)
    s = load_state_text(_state(["Test Rock"], [card, *SPELLS], hand=_HAND))
    v = can_activate(s, "Test Cycler", 1, "A")
    assert v.legal is False and not v.undecided
    assert payment_answer(s, "A", "{1}", for_object="Test Cycler").payable
    # An ability-only mana pays for cycling it.
    line = "{T}: Add {C}{C}. Spend this mana only to activate abilities."
    s = load_state_text(_state(["Test Rock"], [_card("Test Rock", "Artifact", line),
                                               *SPELLS], hand=_HAND))
    v = can_activate(s, "Test Cycler", 1, "A")
    assert v.legal is True and v.ways == 1


# ---- activation limits (CR 602.5b, 602.1b, 602.2) ----------------------------------------

CINDER_LINE = "{1}: Add {B} or {R}. Activate no more than three times each turn."
CINDER = _card("Manaforge Cinder", "Creature", CINDER_LINE, power=1, toughness=1)
PYRAMID_LINE = ("{T}: Add three mana of any one color. Activate only if there are three or "
                "more brick counters on Pyramid of the Pantheon.")
PYRAMID = _card("Pyramid of the Pantheon", "Artifact", PYRAMID_LINE)
CACHE_LINE = ("Remove a charge counter from Mana Cache: Add {C}. Any player may activate "
              "this ability but only during their turn before the end step.")


def test_the_limits_are_read_as_derived_by_hand() -> None:
    assert _read(CINDER_LINE, "Manaforge Cinder") == {
        "cost": "{1}", "mana": {"choice": ["{B}", "{R}"]}, "per_turn": 3}
    assert _read(PYRAMID_LINE, "Pyramid of the Pantheon") == {
        "cost": "{T}", "mana": {"one_color": 3}, "condition": {
            "kind": "at_least", "amount": {"counters": "brick", "of": "self"}, "count": 3}}
    # Mana Cache: what its built-in definition says (model/data/cards/13_misc.yaml).
    assert _read(CACHE_LINE, "Mana Cache") == {
        "cost": [{"remove_counters": {"counter": "charge", "count": 1}}],
        "mana": {"add": "{C}"}, "any_player": True,
        "condition": {"kind": "your_turn", "before": "end"}}
    # "no more than one time" is "once": not read as a count here.
    assert read_line("{1}: Add {C}. Activate no more than one time each turn.",
                     "X").status == "unread"


def _cinder_board(done: int, mountains: int = 2) -> str:
    extra = "activated_this_turn: " + json.dumps(
        [{"object": "Manaforge Cinder", "ability": 1}] * done) + "\n" if done else ""
    return _state([{"card": "Manaforge Cinder"}, *["Mountain"] * mountains], [CINDER],
                  extra=extra)


@pytest.mark.cr("602.5b")
@pytest.mark.parametrize(("done", "legal"), [(0, True), (2, True), (3, False), (4, False)])
def test_no_more_than_three_times_each_turn(done: int, legal: bool) -> None:
    """Manaforge Cinder after ``done`` activations this turn (each an entry of
    ``activated_this_turn``): a fourth is not allowed (CR 602.5b)."""
    s = load_state_text(_cinder_board(done))
    v = can_activate(s, "Manaforge Cinder", 1, "A")
    assert not v.undecided and v.legal is legal
    if not legal:
        assert any(r.rule == "602.5b" for r in v.reasons)
    # Paying {B}: a Mountain pays the Cinder's {1}, the Cinder adds {B}: payable while
    # it may still be activated, not after. With one activation left it is modelled
    # exactly; with more left, only one is modelled and the answer says it is a lower
    # bound (the Cinder left out as "used at most once").
    a = payment_answer(s, "A", "{B}")
    assert a.payable is legal
    assert a.complete is (done >= 2)


@pytest.mark.cr("602.5b")
def test_the_last_activation_is_modelled_exactly_and_more_are_not_guessed() -> None:
    """{B}{B} needs two activations of the Cinder (two Mountains pay them). After two
    this turn, one is left: not payable, decided. With none done the payment solver
    models one activation only, so it doesn't say "not payable": not decided."""
    a = payment_answer(load_state_text(_cinder_board(2)), "A", "{B}{B}")
    assert a.complete and not a.payable
    a = payment_answer(load_state_text(_cinder_board(0)), "A", "{B}{B}")
    assert not a.complete


@pytest.mark.cr("602.1b")
@pytest.mark.parametrize(("bricks", "legal"), [(0, False), (2, False), (3, True), (5, True)])
def test_three_or_more_brick_counters(bricks: int, legal: bool) -> None:
    """Pyramid of the Pantheon with ``bricks`` brick counters (CR 602.1b): its mana
    pays {G}{G}{G} only with three or more."""
    s = load_state_text(_state(
        [{"card": "Pyramid of the Pantheon", "counters": {"brick": bricks}}] if bricks
        else ["Pyramid of the Pantheon"], [PYRAMID]))
    v = can_activate(s, "Pyramid of the Pantheon", 1, "A")
    assert not v.undecided and v.legal is legal
    if not legal:
        assert any("3 or more brick counters" in r.message for r in v.reasons), v.reasons
    a = payment_answer(s, "A", "{G}{G}{G}")
    assert a.complete and a.payable is legal


@pytest.mark.parametrize(("bad", "key"), [("per_turn: 0", "per_turn"),
                                          ("per_turn: two", "per_turn"),
                                          ("per_turn: 3, once_each_turn: true", "per_turn")])
def test_bad_limit_data_is_one_line(bad: str, key: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {activated: "
                    f"{{cost: \"{{1}}\", mana: {{add: \"{{C}}\"}}, {bad}, text: t}}}}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and "(line 8)" in err, err


# ---- costs (CR 118, 701.17 mill, 701.43 exert) ------------------------------------------

MILLIKIN_LINE = ("{T}, Mill a card: Add {C}. (To mill a card, put the top card of your "
                 "library into your graveyard.)")
MILLIKIN = _card("Millikin", "Artifact", MILLIKIN_LINE)
RITUALIST_LINE = ("{T}, Exert Oasis Ritualist: Add two mana of any one color. (An exerted "
                  "creature won't untap during your next untap step.)")
RITUALIST = _card("Oasis Ritualist", "Creature", RITUALIST_LINE, power=2, toughness=4)
BLOOM_LINE = "Exile a card from your hand: Add {B}{B} or {G}{G}."
BLOOM = _card("Cadaverous Bloom", "Enchantment", BLOOM_LINE)
PATROL_LINE = "Sacrifice a token named Wood: Add {R}."
PATROL = _card("Jungle Patrol", "Creature", PATROL_LINE, power=3, toughness=2)
WOOD = {"name": "Wood", "types": ["Creature"], "subtypes": ["Wall"], "power": 0,
        "toughness": 1}
ADNATE_LINE = ("{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to "
               "the sacrificed creature's mana value.")


def test_the_costs_are_read_as_derived_by_hand() -> None:
    assert _read(MILLIKIN_LINE, "Millikin") == {
        "cost": ["{T}", {"mill": 1}], "mana": {"add": "{C}"}}
    assert _read(RITUALIST_LINE, "Oasis Ritualist") == {
        "cost": ["{T}", {"exert_self": True}], "mana": {"one_color": 2}}
    assert _read(BLOOM_LINE, "Cadaverous Bloom") == {
        "cost": [{"exile_from_hand": {"count": 1}}],
        "mana": {"choice": ["{B}{B}", "{G}{G}"]}}
    assert _read(PATROL_LINE, "Jungle Patrol") == {
        "cost": [{"sacrifice": {"count": 1, "filter": {"token": True, "name": "Wood",
                                                       "controller": "you"}}}],
        "mana": {"add": "{R}"}}
    assert _read(ADNATE_LINE, "Soldevi Adnate") == {
        "cost": ["{T}", {"sacrifice": {"count": 1, "filter": {
            "any_of": [{"colors": ["B"]}, {"types": ["artifact"]}], "types": ["creature"],
            "controller": "you"}}}],
        "mana": {"add": "{B}", "per_sacrificed": "mana_value"}}
    assert _read("{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed "
                 "artifact's mana value.", "Priest of Yawgmoth")["mana"] == {
        "add": "{B}", "per_sacrificed": "mana_value"}
    # Without one permanent sacrificed, "the sacrificed creature" names nothing.
    assert read_line("{T}: Add an amount of {B} equal to the sacrificed creature's mana "
                     "value.", "X").status == "unread"
    assert read_line("{T}, Sacrifice two creatures: Add an amount of {B} equal to the "
                     "sacrificed creature's mana value.", "X").status == "unread"
    # A mill reminder must go with a mill cost (CR 207.2: it is checked, not trusted).
    assert read_line("{T}: Add {C}. (To mill a card, put the top card of your library "
                     "into your graveyard.)", "X").status == "unread"


def test_soldevi_adnate_and_food_chain_agree_with_their_built_in_definitions() -> None:
    """The reader's data is the hand-written card's (model/data/cards): Soldevi Adnate
    whole; Food Chain's cost (its mana, "X is 1 plus the exiled creature's mana value",
    stays unread, and the built-in card holds it as unmodelled)."""
    from manacheck.model.carddata import builtin_cards
    from manacheck.model.oracletext.reading import _parse

    db = builtin_cards()
    adnate = db["Soldevi Adnate"].activated_abilities[0]
    mine = parse_activated(read_line(ADNATE_LINE, "Soldevi Adnate").ability["activated"],
                           "Soldevi Adnate")
    assert mine.costs == adnate.costs and mine.mana == adnate.mana and mine.tap
    food = db["Food Chain"].activated_abilities[0]
    from manacheck.model.cardformat import parse_cost

    assert parse_cost(_parse("Exile a creature you control", "costs"), "c")[3] == food.costs
    assert read_line(food.text, "Food Chain").status == "unread"


def _millikins(n: int, library: int) -> str:
    return _state(["Millikin"] * n, [MILLIKIN]).replace("library_size: 5",
                                                        f"library_size: {library}")


@pytest.mark.cr("701.17b")
def test_mill_needs_cards_in_the_library() -> None:
    """Millikin "{T}, Mill a card: Add {C}": with an empty library the cost can't be
    paid (CR 701.17b); with one card it can."""
    empty = load_state_text(_millikins(1, 0))
    v = can_activate(empty, "Millikin", 1, "A")
    assert v.legal is False and not v.undecided
    assert any(r.rule == "701.17b" for r in v.reasons)
    a = payment_answer(empty, "A", "{1}")
    assert (a.payable, a.complete) == (False, True)
    one = load_state_text(_millikins(1, 1))
    assert can_activate(one, "Millikin", 1, "A").legal is True
    a = payment_answer(one, "A", "{1}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)


@pytest.mark.cr("701.17b")
def test_two_mill_costs_share_one_library() -> None:
    """Two Millikins paying {2}: both must mill, two cards. With two cards in the
    library it is payable (one way); with one card it isn't by the rules, and the
    payment solver, which doesn't share the library out, says "not decided"."""
    a = payment_answer(load_state_text(_millikins(2, 2)), "A", "{2}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    a = payment_answer(load_state_text(_millikins(2, 1)), "A", "{2}")
    assert a.complete is False and a.left_out


@pytest.mark.cr("701.43b")
def test_exert_is_always_payable_on_the_battlefield() -> None:
    """Oasis Ritualist: exerting needs nothing but the permanent (CR 701.43b: even one
    already exerted); {T} needs it untapped and not summoning sick (CR 302.6)."""
    s = load_state_text(_state(["Oasis Ritualist"], [RITUALIST]))
    assert can_activate(s, "Oasis Ritualist", 1, "A").legal is True
    a = payment_answer(s, "A", "{G}{G}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    sick = load_state_text(_state([{"card": "Oasis Ritualist", "summoning_sick": True}],
                                  [RITUALIST]))
    assert can_activate(sick, "Oasis Ritualist", 1, "A").legal is False


@pytest.mark.cr("118.3")
def test_exile_a_card_from_your_hand() -> None:
    """Cadaverous Bloom: one card in hand is one activation (CR 118.3: none without a
    card). The payment solver doesn't model hand costs: it leaves the Bloom out."""
    s = load_state_text(_state(["Cadaverous Bloom"], [BLOOM, *SPELLS], hand=["Test Bolt"]))
    v = can_activate(s, "Cadaverous Bloom", 1, "A")
    assert v.legal is True and not v.undecided
    none = load_state_text(_state(["Cadaverous Bloom"], [BLOOM]))
    v = can_activate(none, "Cadaverous Bloom", 1, "A")
    assert v.legal is False and not v.undecided
    a = payment_answer(s, "A", "{B}{B}")
    assert a.complete is False and a.left_out


@pytest.mark.cr("701.21a")
@pytest.mark.parametrize(("wood", "payable"), [({"card": "Wood", "token": True}, True),
                                               ("Wood", False)])
def test_sacrifice_a_token_named_wood(wood: Any, payable: bool) -> None:
    """Jungle Patrol's mana needs a token named Wood: a Wood token pays {R}; a Wood card
    that isn't a token doesn't."""
    s = load_state_text(_state(["Jungle Patrol", wood], [PATROL, WOOD]))
    a = payment_answer(s, "A", "{R}")
    assert a.payable is payable and a.complete
    assert can_activate(s, "Jungle Patrol", 1, "A").legal is payable


@pytest.mark.parametrize(("bad", "key"), [("{mill: 0}", "mill"), ("{mill: two}", "mill"),
                                          ("{exert_self: 1}", "exert_self")])
def test_bad_cost_data_is_one_line(bad: str, key: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {activated: "
                    f"{{cost: [\"{{T}}\", {bad}], mana: {{add: \"{{C}}\"}}, text: t}}}}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and "(line 8)" in err, err


# ---- more spend restrictions: the chosen type, "an ability or", four subtypes ------------

CHOOSE = {"static": {"kind": "other", "params": {"choose": "creature_type"},
                     "text": "As CARDNAME enters, choose a creature type."}}
MORE_SPELLS = [
    _spell("Test Artifact", ["Artifact"]),
    _spell("Test Cleric", ["Creature"], subtypes=["Human", "Cleric"], power=1, toughness=1),
    {"name": "Test Wizard", "types": ["Creature"], "subtypes": ["Wizard"], "power": 1,
     "toughness": 1, "abilities": [{"activated": {
         "cost": "{1}", "effects": [{"kind": "draw", "count": 1}],
         "text": "{1}: Draw a card."}}]},
]


def _chosen_pays(line: str, paid_for: str, cost: str = "{1}") -> bool:
    card = _card("Test Pillar", "Land", line)
    card["abilities"].insert(0, CHOOSE)
    s = load_state_text(_state(
        [{"card": "Test Pillar", "chosen": {"creature_type": "Elf"}}, "Test Relic",
         "Test Wizard"], [card, *SPELLS, *MORE_SPELLS],
        hand=[*_HAND, "Test Artifact", "Test Cleric"]))
    a = payment_answer(s, "A", cost, for_object=paid_for)
    assert a.complete, a.left_out
    return a.payable


@pytest.mark.cr("106.6")
def test_a_creature_spell_of_the_chosen_type() -> None:
    """Pillar of Origins (Elf chosen as it entered): an Elf creature spell, not another
    creature; The Ringhart Crest: that, or a legendary creature spell."""
    pillar = ("{T}: Add one mana of any color. Spend this mana only to cast a creature "
              "spell of the chosen type.")
    assert _read(pillar, "Pillar of Origins")["mana"]["restriction"]["spells"] == {
        "types": ["creature"], "chosen_creature_type": True}
    assert _chosen_pays(pillar, "Test Elf")
    assert not _chosen_pays(pillar, "Test Bear")
    assert not _chosen_pays(pillar, "Test Elf Tribal")  # an Elf, not a creature
    crest = ("{T}: Add {G}. Spend this mana only to cast a creature spell of the chosen "
             "type or a legendary creature spell.")
    assert _read(crest, "The Ringhart Crest")["mana"]["restriction"]["spells"] == {
        "any_of": [{"types": ["creature"], "chosen_creature_type": True},
                   {"supertypes": ["Legendary"], "types": ["creature"]}]}
    assert _chosen_pays(crest, "Test Elf")
    assert _chosen_pays(crest, "Test Legend")
    assert not _chosen_pays(crest, "Test Bear")


@pytest.mark.cr("106.6")
def test_an_ability_or_an_artifact_spell_and_four_subtypes() -> None:
    artificer = ("{T}: Add {C}. Spend this mana only to activate an ability or cast an "
                 "artifact spell.")
    assert _read(artificer, "Automated Artificer")["mana"]["restriction"] == {
        "text": "Spend this mana only to activate an ability or cast an artifact spell.",
        "abilities": {}, "spells": {"types": ["artifact"]}}
    assert _chosen_pays(artificer, "Test Relic")
    assert _chosen_pays(artificer, "Test Artifact")
    assert not _chosen_pays(artificer, "Test Bolt")
    camp = ("{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, "
            "Warrior, or Wizard spell or to activate an ability of a Cleric, Rogue, "
            "Warrior, or Wizard.")
    four = {"any_subtypes": ["Cleric", "Rogue", "Warrior", "Wizard"]}
    res = _read(camp, "Base Camp")["mana"]["restriction"]
    assert (res["spells"], res["abilities"]) == (four, four)
    assert _chosen_pays(camp, "Test Cleric")
    assert _chosen_pays(camp, "Test Wizard")  # its ability
    assert not _chosen_pays(camp, "Test Bear")
    assert not _chosen_pays(camp, "Test Relic")


# ---- riders on spending the mana ---------------------------------------------------------

SPENT = [
    ("Boseiju, Who Shelters All", "{T}, Pay 2 life: Add {C}. If that mana is spent on an "
     "instant or sorcery spell, that spell can't be countered.",
     {"kind": "when_spent", "filter": {"any_types": ["instant", "sorcery"]},
      "then": "cant_be_countered"}),
    ("Hall of the Bandit Lord", "{T}, Pay 3 life: Add {C}. If that mana is spent on a "
     "creature spell, it gains haste.",
     {"kind": "when_spent", "filter": {"types": ["creature"]}, "then": "gains_haste"}),
    ("Generator Servant", "{T}, Sacrifice Generator Servant: Add {C}{C}. If that mana is "
     "spent on a creature spell, it gains haste until end of turn. (That creature can "
     "attack and {T} as soon as it comes under your control.)",
     {"kind": "when_spent", "filter": {"types": ["creature"]},
      "then": "gains_haste_until_end_of_turn"}),
    ("Guildmages' Forum", "{1}, {T}: Add one mana of any color. If that mana is spent on a "
     "multicolored creature spell, that creature enters with an additional +1/+1 counter "
     "on it.",
     {"kind": "when_spent", "filter": {"multicolored": True, "types": ["creature"]},
      "then": "enters_with_counter", "counter": "+1/+1"}),
    ("Pyromancer's Goggles", "{T}: Add {R}. When that mana is spent to cast a red instant "
     "or sorcery spell, copy that spell and you may choose new targets for the copy.",
     {"kind": "when_spent", "filter": {"colors": ["R"], "any_types": ["instant", "sorcery"]},
      "trigger": True, "then": "copy_may_choose_new_targets"}),
]


@pytest.mark.cr("106.6")
@pytest.mark.parametrize(("name", "line", "effect"), SPENT, ids=[r[0] for r in SPENT])
def test_each_rider_on_spending_is_read_as_derived_by_hand(name: str, line: str,
                                                           effect: dict[str, Any]) -> None:
    assert _read(line, name)["effects"] == [effect]


@pytest.mark.cr("601.2h")
def test_a_rider_on_spending_leaves_the_payment_as_it_is() -> None:
    """Hall of the Bandit Lord pays {1} (3 life, at 20): what happens to the spell later
    changes nothing in the payment; at 2 life its cost can't be paid (CR 119.4)."""
    hall = _card("Hall of the Bandit Lord", "Land", SPENT[1][1])
    a = payment_answer(load_state_text(_state(["Hall of the Bandit Lord"], [hall])), "A",
                       "{1}")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    a = payment_answer(load_state_text(_state(["Hall of the Bandit Lord"], [hall], life=2)),
                       "A", "{1}")
    assert (a.payable, a.complete) == (False, True)


def test_bad_rider_on_spending_is_one_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: [X]}\ncards:\n"
                    "  - name: X\n    types: [Artifact]\n    abilities:\n      - {activated: "
                    "{cost: \"{T}\", mana: {add: \"{C}\"}, effects: [{kind: when_spent, "
                    "filter: {types: [creature]}, then: explodes}], text: t}}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "when_spent" in err and "(line 8)" in err, err


def test_jegantha_and_cavern_of_souls_read_as_built_in() -> None:
    """Jegantha's "This mana can't be spent to pay generic mana costs" and Cavern of
    Souls' restriction are the built-in definitions (model/data/cards); Cavern's "and
    that spell can't be countered" is kept as its own effect (when_spent), written in the
    restriction's sentence."""
    from manacheck.model.carddata import builtin_cards

    db = builtin_cards()
    for name in ("Jegantha, the Wellspring", "Cavern of Souls"):
        ab = db[name].activated_abilities[-1]
        r = read_line(ab.text, name)
        assert r.status == "read", r.why
        mine = parse_activated(r.ability["activated"], name)
        assert (mine.mana, mine.mana_cost, mine.tap, mine.costs) == (
            ab.mana, ab.mana_cost, ab.tap, ab.costs)
        assert set(ab.effects) <= set(mine.effects)
    cavern = _read(db["Cavern of Souls"].activated_abilities[-1].text, "Cavern of Souls")
    assert cavern["effects"] == [{"kind": "when_spent", "filter": {
        "types": ["creature"], "chosen_creature_type": True}, "then": "cant_be_countered"}]


@pytest.mark.cr("106.6")
def test_an_ability_of_a_creature_of_the_chosen_type() -> None:
    """Secluded Courtyard (Wizard chosen): a Wizard creature spell or a Wizard's
    ability; not an artifact's ability."""
    line = ("{T}: Add one mana of any color. Spend this mana only to cast a creature spell "
            "of the chosen type or activate an ability of a creature or creature card of "
            "the chosen type.")
    card = _card("Test Courtyard", "Land", line)
    card["abilities"].insert(0, CHOOSE)
    s = load_state_text(_state(
        [{"card": "Test Courtyard", "chosen": {"creature_type": "Wizard"}}, "Test Relic",
         "Test Wizard"], [card, *SPELLS, *MORE_SPELLS]))
    assert payment_answer(s, "A", "{1}", for_object="Test Wizard").payable
    a = payment_answer(s, "A", "{1}", for_object="Test Relic")
    assert a.complete and not a.payable


# ---- mana for spells cast from your graveyard ------------------------------------------

ROOTCOIL_LINE = ("{T}: Add two mana of any one color. Spend this mana only to cast spells "
                 "from your graveyard.")


def test_spells_from_your_graveyard_are_read() -> None:
    assert _read(ROOTCOIL_LINE, "Rootcoil Creeper")["mana"] == {
        "one_color": 2, "restriction": {
            "text": "Spend this mana only to cast spells from your graveyard.",
            "spells": {}, "from_graveyard": True}}
    assert _read("Pay 1 life: Add {C}. Spend this mana only to cast a spell from your "
                 "graveyard.", "Lord of the Forsaken")["mana"]["restriction"] == {
        "text": "Spend this mana only to cast a spell from your graveyard.", "spells": {},
        "from_graveyard": True}


@pytest.mark.cr("106.6")
def test_mana_for_a_spell_cast_from_your_graveyard() -> None:
    """Rootcoil Creeper's mana pays for a card cast from A's graveyard (Test Void), not
    from A's hand (Test Bolt). For a spell already on the stack the state doesn't say
    where it was cast from: the Creeper, and pool mana with its restriction, are left
    out (not decided), never guessed."""
    card = _card("Test Creeper", "Artifact", ROOTCOIL_LINE)
    text = ("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
            "    battlefield: [Test Creeper]\n    hand: [Test Bolt]\n"
            "    graveyard: [Test Void]\n  B:\n    graveyard: [Test Gold]\n"
            f"cards: {json.dumps([card, *SPELLS])}\n"
            "stack: [{card: Test Bear, controller: A}]\n")
    s = load_state_text(text)
    a = payment_answer(s, "A", "{1}{U}", for_object="Test Void")
    assert (a.payable, a.count, a.complete) == (True, 1, True)
    a = payment_answer(s, "A", "{1}", for_object="Test Bolt")
    assert (a.payable, a.complete) == (False, True)
    a = payment_answer(s, "A", "{1}", for_object="Test Gold")  # B's graveyard
    assert (a.payable, a.complete) == (False, True)
    a = payment_answer(s, "A", "{1}", for_object="Test Bear")
    assert a.complete is False and a.left_out
    pooled = load_state_text(text.replace(
        "    battlefield: [Test Creeper]\n",
        "    battlefield: [Test Creeper]\n"
        "    mana_pool: [{mana: \"{G}\", from: Test Creeper}]\n"))
    a = payment_answer(pooled, "A", "{1}", for_object="Test Bear")
    assert a.complete is False and "the mana pool" in a.left_out
    a = payment_answer(pooled, "A", "{G}", for_object="Test Void")
    assert a.payable and a.complete


def test_a_rider_of_three_alternatives_stays_partial() -> None:
    """Altar of the Pantheon's "If you control a God, a Demigod, or a legendary
    enchantment, you gain 1 life." shares its "If you control" start with the "instead"
    riders, and the grammar's list of three nouns would take "a God, a ..." for one
    filter: it stays an unread effect, so payments leave the Altar out (sound)."""
    r = read_line("{T}: Add one mana of any color. If you control a God, a Demigod, or a "
                  "legendary enchantment, you gain 1 life.", "Altar of the Pantheon")
    assert r.status == "partial" and r.unread == (
        "If you control a God, a Demigod, or a legendary enchantment, you gain 1 life.",)
