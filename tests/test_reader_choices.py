"""The reader's choices family: chosen colors and types, commander color identity,
"instead" conditions, devotion reminders, Jegantha's restriction (issue 12).

For each construct: the reading derived by hand, the round trip (the data rendered back
is the normalised line), and a small board whose ``pay`` / ``produce`` answers are
derived by hand. The cards on the boards are made from their oracle text by the reader
(``oracle.read_text``), so the answers test the reader's data, not a hand-written card.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from manacheck.model import ManaType, load_state_text
from manacheck.model.carddata import builtin_cards, parse_activated
from manacheck.model.oracle import read_text
from manacheck.model.oracletext import read_line, render_activated
from manacheck.solver.payments import payment_answer
from manacheck.solver.produce import could_produce

from manacheck.cli import main

W, U, B, R, G, C = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G, ManaType.C)


def _card(name: str, types: list[str], text: str, *, subtypes: tuple[str, ...] = (),
          mana_cost: str = "", supertypes: tuple[str, ...] = (), **extra: Any
          ) -> dict[str, Any]:
    """A card-format card made by the reader from its oracle text; every line read."""
    abilities, keywords, unread = read_text(name, text, subtypes)
    assert unread == [], unread
    card: dict[str, Any] = {"name": name, "types": types, "text": text,
                            "abilities": abilities, **extra}
    if subtypes:
        card["subtypes"] = list(subtypes)
    if supertypes:
        card["supertypes"] = list(supertypes)
    if mana_cost:
        card["mana_cost"] = mana_cost
    if keywords:
        card["keywords"] = keywords
    return card


def _state(cards: list[dict[str, Any]], battlefield: list[Any], extra: str = "",
           player_extra: str = "") -> Any:
    text = ("cards: " + json.dumps(cards) + "\nturn: {active_player: A}\nplayers:\n  A:\n"
            "    battlefield: " + json.dumps(battlefield) + "\n" + player_extra
            + "  B: {}\n" + extra)
    return load_state_text(text)


def _read(line: str, name: str) -> dict[str, Any]:
    r = read_line(line, name)
    assert r.status == "read", r.why
    assert r.rendered == r.normalised
    ab = r.ability["activated"] if r.ability else {}
    # the round trip from the data alone
    assert render_activated(ab, singular_spells=" a creature spell" in line) \
        == r.normalised.split(" — ", 1)[-1]
    parse_activated(ab, name)  # valid card data
    return dict(ab["mana"])


# ---- Jegantha (CR 106.6, 107.4b) ----------------------------------------------------

JEGANTHA = "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs."


@pytest.mark.cr("106.6")
def test_jegantha_reads_as_not_generic() -> None:
    mana = _read(JEGANTHA, "Jegantha, the Wellspring")
    assert mana == {"add": "{W}{U}{B}{R}{G}", "restriction": {
        "text": "This mana can't be spent to pay generic mana costs.", "not_generic": True}}


@pytest.mark.cr("107.4b")
def test_jegantha_read_pays_colored_symbols_not_generic() -> None:
    # WUBRG pays {W}{U}{B}{R}{G}; none of it pays {1} (a generic mana cost).
    card = _card("Test Elk", ["Creature"], JEGANTHA, power=5, toughness=5)
    s = _state([card], ["Test Elk"])
    assert payment_answer(s, "A", "{W}{U}{B}{R}{G}").payable is True
    assert payment_answer(s, "A", "{1}").payable is False
    assert could_produce(s, "Test Elk") == frozenset({W, U, B, R, G})


# ---- devotion and its reminder text (CR 700.5, 207.2) -------------------------------

NYX = ("{T}: Choose a color. Add an amount of mana of that color equal to your devotion "
       "to that color. (Your devotion to a color is the number of mana symbols of that "
       "color in the mana costs of permanents you control.)")
ACOLYTE = ("{T}: Add an amount of {G} equal to your devotion to green. (Each {G} in the "
           "mana costs of permanents you control counts toward your devotion to green.)")


@pytest.mark.cr("700.5")
def test_devotion_lines_read_with_their_reminders_checked() -> None:
    assert _read(NYX, "Nyx Lotus") == {"one_color": 1, "amount_of": "devotion"}
    assert _read(ACOLYTE, "Karametra's Acolyte") == {"add": "{G}", "amount_of": "devotion"}


@pytest.mark.cr("207.2")
def test_a_devotion_reminder_must_fit_its_line() -> None:
    # The green reminder beside a blue ability, the color reminder beside a fixed
    # color: reminder text is checked, never trusted.
    wrong = [ACOLYTE.replace("{G} equal to your devotion to green.",
                             "{U} equal to your devotion to blue."),
             "{T}: Add an amount of {G} equal to your devotion to green. (Your devotion to "
             "a color is the number of mana symbols of that color in the mana costs of "
             "permanents you control.)"]
    for line in wrong:
        assert read_line(line, "Test Druid").status == "unread"


@pytest.mark.cr("700.5")
def test_nyx_lotus_read_adds_its_devotion() -> None:
    # Devotion: Nyx Lotus {4} none; Test Acolyte {3}{G}: 1 green; a {G}{G} bear: 2.
    # Nyx Lotus adds {G}{G}{G} (devotion to green 3), or nothing of another color.
    lotus = _card("Test Lotus", ["Artifact"], NYX, mana_cost="{4}")
    bear = {"name": "Test Bear", "types": ["Creature"], "mana_cost": "{G}{G}",
            "power": 2, "toughness": 2}
    acolyte = _card("Test Acolyte", ["Creature"], ACOLYTE.replace("Karametra's Acolyte", ""),
                    mana_cost="{3}{G}", power=1, toughness=4)
    s = _state([lotus, bear, acolyte], ["Test Lotus", "Test Bear", "Test Acolyte"])
    assert could_produce(s, "Test Lotus") == frozenset({G})
    # Lotus GGG + Acolyte GGG (devotion 3 too): six green.
    assert payment_answer(s, "A", "{G}{G}{G}{G}{G}{G}").payable is True
    assert payment_answer(s, "A", "{G}{G}{G}{G}{G}{G}{G}").payable is False
    assert payment_answer(s, "A", "{U}").payable is False


# ---- "instead" (CR 614.1a, 605.3b) --------------------------------------------------

TOWER = ("{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add "
         "{C}{C}{C} instead.")
MINE = ("{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} "
        "instead.")
PLANT = "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C} instead."
LEAFKIN = "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead."
CAVERNS = ("{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana "
           "of any color.")


def _urza(kind: str) -> dict[str, Any]:
    return {"kind": "controls_at_least", "count": 1,
            "filter": {"subtypes": ["Urza’s", kind], "controller": "you"}}


@pytest.mark.cr("614.1a")
def test_instead_readings() -> None:
    assert _read(TOWER, "Urza's Tower") == {"add": "{C}", "instead": {
        "if": [_urza("Mine"), _urza("Power-Plant")], "add": "{C}{C}{C}"}}
    assert _read(MINE, "Urza's Mine")["instead"]["if"] == [_urza("Power-Plant"),
                                                            _urza("Tower")]
    assert _read(LEAFKIN, "Leafkin Druid") == {"add": "{G}", "instead": {
        "if": [{"kind": "controls_at_least", "count": 4,
                "filter": {"types": ["creature"], "controller": "you"}}], "add": "{G}{G}"}}
    assert _read(CAVERNS, "Gemstone Caverns") == {"add": "{C}", "instead": {
        "if": [{"kind": "at_least", "count": 1,
                "amount": {"counters": "luck", "of": "self"}}], "any_color": 1}}


def test_the_reader_agrees_with_the_built_in_instead_cards() -> None:
    # The hand-written Urza lands, Gemstone Caverns, Jegantha, Nykthos and Karametra's
    # Acolyte are the reader's data exactly.
    db = builtin_cards()
    for name in ("Urza's Tower", "Urza's Mine", "Urza's Power Plant", "Gemstone Caverns",
                 "Jegantha, the Wellspring", "Nykthos, Shrine to Nyx",
                 "Karametra's Acolyte"):
        card = db[name]
        for ab in card.activated_abilities:
            r = read_line(ab.text, card.name)
            assert r.status == "read", (name, r.why)
            mine = parse_activated(r.ability["activated"] if r.ability else {}, name)
            assert mine.mana == ab.mana, name


def _urza_cards() -> list[dict[str, Any]]:
    return [_card("Test Tower", ["Land"], TOWER, subtypes=("Urza’s", "Tower")),
            _card("Test Mine", ["Land"], MINE, subtypes=("Urza’s", "Mine")),
            _card("Test Plant", ["Land"], PLANT, subtypes=("Urza’s", "Power-Plant"))]


@pytest.mark.cr("614.1a")
def test_urza_lands_read_pay_by_hand() -> None:
    cards = _urza_cards()
    alone = _state(cards, ["Test Tower"])
    assert payment_answer(alone, "A", "{1}").payable is True
    assert payment_answer(alone, "A", "{2}").payable is False
    # Tower 3 + Mine 2 + Power-Plant 2 = 7.
    all3 = _state(cards, ["Test Tower", "Test Mine", "Test Plant"])
    assert payment_answer(all3, "A", "{7}").count == 1
    assert payment_answer(all3, "A", "{8}").payable is False
    assert could_produce(all3, "Test Tower") == frozenset({C})
    # The opponent's Mine and Power-Plant don't count ("you control").
    split = load_state_text(
        "cards: " + json.dumps(cards) + "\nturn: {active_player: A}\nplayers:\n"
        "  A: {battlefield: [Test Tower]}\n  B: {battlefield: [Test Mine, Test Plant]}\n")
    assert payment_answer(split, "A", "{2}").payable is False


@pytest.mark.cr("614.1a")
def test_leafkin_druid_read_by_hand() -> None:
    druid = _card("Test Druid", ["Creature"], LEAFKIN, power=0, toughness=3)
    bear = {"name": "Test Bear", "types": ["Creature"], "mana_cost": "{1}{G}",
            "power": 2, "toughness": 2}
    three = _state([druid, bear], ["Test Druid", "Test Bear", "Test Bear"])
    assert payment_answer(three, "A", "{G}").payable is True
    assert payment_answer(three, "A", "{G}{G}").payable is False
    four = _state([druid, bear], ["Test Druid", "Test Bear", "Test Bear", "Test Bear"])
    assert payment_answer(four, "A", "{G}{G}").payable is True
    assert payment_answer(four, "A", "{G}{G}{G}").payable is False


@pytest.mark.cr("614.1a")
@pytest.mark.cr("122.1")
def test_gemstone_caverns_read_by_hand() -> None:
    cav = _card("Test Caverns", ["Land"], CAVERNS.replace("Gemstone Caverns", "Test Caverns"))
    plain = _state([cav], ["Test Caverns"])
    assert could_produce(plain, "Test Caverns") == frozenset({C})
    lucky = _state([cav], [{"card": "Test Caverns", "counters": {"luck": 1}}])
    assert could_produce(lucky, "Test Caverns") == frozenset({W, U, B, R, G})
    assert payment_answer(lucky, "A", "{C}").payable is False


RIVER = "{T}: Add {U}. If you played a land this turn, add {B} instead."


@pytest.mark.cr("305.2")
@pytest.mark.cr("614.1a")
def test_river_of_tears_reads_and_looks_at_lands_played() -> None:
    assert _read(RIVER, "River of Tears") == {"add": "{U}", "instead": {
        "if": [{"kind": "played_land_this_turn"}], "add": "{B}"}}
    river = _card("Test River", ["Land"], RIVER)
    s = _state([river], ["Test River"])
    assert could_produce(s, "Test River") == frozenset({U})
    assert payment_answer(s, "A", "{B}").payable is False
    played = _state([river], ["Test River"], player_extra="    lands_played_this_turn: 1\n")
    assert played.player("A").lands_played == 1
    assert could_produce(played, "Test River") == frozenset({B})
    assert payment_answer(played, "A", "{B}").payable is True
    assert payment_answer(played, "A", "{U}").payable is False
    # B's land played doesn't count: "you" is the activator (CR 109.5).
    theirs = load_state_text("cards: " + json.dumps([river]) + "\nturn: {active_player: B}\n"
                             "players:\n  A: {battlefield: [Test River]}\n"
                             "  B: {lands_played_this_turn: 1}\n")
    assert could_produce(theirs, "Test River") == frozenset({U})


def test_lands_played_this_turn_is_checked(tmp_path: Any,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {lands_played_this_turn: -1}\n",
                    encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "players.A.lands_played_this_turn" in err


@pytest.mark.parametrize("line", [
    # a condition the card format doesn't have
    "{T}: Add {U}. If you attacked this turn, add {B} instead.",
    # (power, layer 7, is read: the questions then read that layer too,
    # tests/test_reader_power.py)
    # "of that type": a could-produce amount, not in an instead
    "{T}: Add one mana of any type that a land you control could produce. If Test Druid "
    "has a +1/+1 counter on it, add three mana of that type instead.",
    # an opponent's permanents
    "{T}: Add {C}. If an opponent controls four or more lands, add {C}{C} instead.",
])
def test_instead_lines_that_stay_unread(line: str) -> None:
    assert read_line(line, "Test Druid").status == "unread"


# ---- a creature spell of the chosen type (CR 106.6) ---------------------------------

PILLAR = ("{T}: Add one mana of any color. Spend this mana only to cast a creature spell "
          "of the chosen type.")
PILLAR_CHOOSE = "As Test Pillar enters the battlefield, choose a creature type."


@pytest.mark.cr("106.6")
def test_pillar_reads_the_chosen_type() -> None:
    assert _read(PILLAR, "Pillar of Origins") == {"any_color": 1, "restriction": {
        "text": "Spend this mana only to cast a creature spell of the chosen type.",
        "spells": {"types": ["creature"], "chosen_creature_type": True}}}
    # "and that spell can't be countered" (Cavern of Souls) is read as a rider on the
    # restriction (the riders' ``_uncounterable``), as the built-in Cavern holds it: no
    # payment question reads it (CR 106.6 restricts; the rider acts on the spell)
    cavern = read_line("{T}: Add one mana of any color. Spend this mana only to cast a "
                       "creature spell of the chosen type, and that spell can't be "
                       "countered.", "Cavern of Souls")
    assert cavern.status == "read" and cavern.ability is not None
    assert cavern.ability["activated"]["mana"]["restriction"]["spells"] == {
        "types": ["creature"], "chosen_creature_type": True}


@pytest.mark.cr("106.6")
@pytest.mark.cr("614.12")
def test_pillar_read_pays_only_for_the_chosen_type() -> None:
    # The chosen type Elf: an Elf creature spell is paid, a Goblin one isn't; a
    # noncreature spell isn't (CR 106.6). Without a choice it pays for nothing.
    pillar = _card("Test Pillar", ["Artifact"], PILLAR_CHOOSE + "\n" + PILLAR)
    assert pillar["abilities"][0] == {"static": {
        "kind": "other", "params": {"choose": "creature_type"}, "text": PILLAR_CHOOSE}}
    elf = {"name": "Test Elf", "types": ["Creature"], "subtypes": ["Elf"],
           "mana_cost": "{G}", "power": 1, "toughness": 1}
    gob = {"name": "Test Goblin", "types": ["Creature"], "subtypes": ["Goblin"],
           "mana_cost": "{R}", "power": 1, "toughness": 1}
    extra = "stack: []\n"
    s = _state([pillar, elf, gob],
               [{"card": "Test Pillar", "chosen": {"creature_type": "Elf"}}], extra,
               "    hand: [Test Elf, Test Goblin]\n")
    assert payment_answer(s, "A", "{G}", for_object="Test Elf").payable is True
    assert payment_answer(s, "A", "{R}", for_object="Test Goblin").payable is False
    unchosen = _state([pillar, elf], ["Test Pillar"], extra, "    hand: [Test Elf]\n")
    assert payment_answer(unchosen, "A", "{G}", for_object="Test Elf").payable is False


# ---- "Add {R} or one mana of the chosen color" (Thriving lands; CR 614.12) ----------

BLUFF = ("Test Bluff enters the battlefield tapped.\nAs Test Bluff enters the battlefield, "
         "choose a color other than red.\n{T}: Add {R} or one mana of the chosen color.")


def test_thriving_reads() -> None:
    assert _read("{T}: Add {R} or one mana of the chosen color.", "Thriving Bluff") == {
        "chosen_color": 1, "or_add": "{R}"}
    card = _card("Test Bluff", ["Land"], BLUFF)
    assert card["abilities"][1]["static"]["params"] == {"choose": "color", "other_than": "R"}


@pytest.mark.cr("614.12")
@pytest.mark.cr("106.5")
def test_thriving_bluff_with_blue_chosen() -> None:
    # Chosen blue: {R} or {U}, so it pays {U} or {R}, not {G}; with no choice in the
    # state file, only {R} (the chosen color is undefined, CR 106.5).
    card = _card("Test Bluff", ["Land"], BLUFF)
    s = _state([card], [{"card": "Test Bluff", "chosen": {"color": "U"}}])
    assert could_produce(s, "Test Bluff") == frozenset({R, U})
    assert payment_answer(s, "A", "{U}").count == 1
    assert payment_answer(s, "A", "{R}").count == 1
    assert payment_answer(s, "A", "{G}").payable is False
    assert payment_answer(s, "A", "{1}").count == 2  # {R} or {U}
    none = _state([card], ["Test Bluff"])
    assert could_produce(none, "Test Bluff") == frozenset({R})


def test_a_thriving_land_choosing_its_own_color_is_bad_input(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    card = _card("Test Bluff", ["Land"], BLUFF)
    path = tmp_path / "bad.yaml"
    path.write_text("cards: " + json.dumps([card]) + "\nturn: {active_player: A}\n"
                    "players:\n  A:\n    battlefield: [{card: Test Bluff, chosen: "
                    "{color: R}}]\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "other than R" in err and "chosen.color" in err


# ---- commander color identity (CR 903.4, 903.4f, 702.124c) -------------------------

TOWER_LINE = "{T}: Add one mana of any color in your commander's color identity."


def _tower(commander: str = "", graveyard: str = "") -> Any:
    card = _card("Test Tower", ["Land"], TOWER_LINE)
    player = f"    commander: {commander}\n" if commander else ""
    return _state([card], ["Test Tower"], player_extra=player + graveyard)


def test_command_tower_reads() -> None:
    assert _read(TOWER_LINE, "Command Tower") == {"color_among": "commander_identity"}


@pytest.mark.cr("903.4")
def test_command_tower_with_a_golgari_commander_adds_black_or_green() -> None:
    # Meren of Clan Nel Toth {2}{B}{G}: identity B, G.
    s = _tower('"Meren of Clan Nel Toth"')
    assert s.player("A").commander_identity == (B, G)
    assert could_produce(s, "Test Tower") == frozenset({B, G})
    assert payment_answer(s, "A", "{B}").count == 1
    assert payment_answer(s, "A", "{G}").count == 1
    assert payment_answer(s, "A", "{W}").payable is False


@pytest.mark.cr("903.4f")
def test_command_tower_without_a_commander_adds_nothing() -> None:
    # CR 903.4f: no commander: the colors are undefined and that part of the ability
    # does nothing; a colorless identity (Kozilek, {8}{C}{C}) has no colors either.
    for s in (_tower(), _tower('"Kozilek, the Great Distortion"')):
        assert could_produce(s, "Test Tower") == frozenset()
        assert payment_answer(s, "A", "{1}").payable is False


@pytest.mark.cr("702.124c")
@pytest.mark.cr("903.4")
def test_partners_rules_text_and_back_faces_count() -> None:
    # Tymna {1}{W}{B} and Thrasios {G}{U}: W, U, B, G combined (702.124c).
    s = _tower('["Tymna the Weaver", "Thrasios, Triton Hero"]')
    assert could_produce(s, "Test Tower") == frozenset({W, U, B, G})
    # Golos {5}: its rules text has {W}{U}{B}{R}{G} (903.4).
    assert could_produce(_tower('"Golos, Tireless Pilgrim"'), "Test Tower") \
        == frozenset({W, U, B, R, G})
    # Valki {1}{B}, back face Tibalt {5}{B}{R}: B, R (903.4d).
    assert could_produce(_tower('"Valki, God of Lies"'), "Test Tower") == frozenset({B, R})
    # Esika {1}{G}{G}, back face The Prismatic Bridge {W}{U}{B}{R}{G}: all five.
    assert could_produce(_tower('"Esika, God of the Tree"'), "Test Tower") \
        == frozenset({W, U, B, R, G})
    # Lurrus {1}{W/B}{W/B}: a hybrid symbol is both colors.
    assert could_produce(_tower('"Lurrus of the Dream-Den"'), "Test Tower") \
        == frozenset({W, B})


@pytest.mark.cr("903.4e")
def test_an_identity_the_format_cant_say_is_not_decided() -> None:
    # Bruna is one part of a meld card: its identity isn't modelled, so the Tower is left
    # out: could-produce is a lower bound, payments don't count on it.
    from manacheck.solver.produce import explain_could_produce
    s = _tower('"Bruna, the Fading Light"')
    assert s.player("A").commander_identity is None
    got = explain_could_produce(s, "Test Tower", explain=False)
    assert got.complete is False and got.mana_types == frozenset()
    a = payment_answer(s, "A", "{W}")
    assert a.payable is None and a.complete is False  # not decided


@pytest.mark.parametrize(("player", "top", "where", "what"), [
    ('    commander: "Not A Card"\n', "", "players.A.commander", "unknown card"),
    ('    commander: "Llanowar Elves"\n', "", "players.A.commander", "can't be a commander"),
    ('    commander: [Tymna the Weaver, "Thrasios, Triton Hero", "Golos, Tireless Pilgrim"]\n',
     "", "players.A.commander", "list of two"),
    ("", "commander: Tymna the Weaver\n", "commander", "unknown key"),
    ('    commander: "Tibalt, Cosmic Impostor"\n', "", "players.A.commander",
     "back face"),
])
def test_bad_commanders_are_one_line_exit_2(
        tmp_path: Any, capsys: pytest.CaptureFixture[str], player: str, top: str, where: str,
        what: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(top + "turn: {active_player: A}\nplayers:\n  A:\n" + player
                    + "    battlefield: [Command Tower]\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and what in err and where in err, err


def test_a_commander_round_trips_through_the_state_file() -> None:
    from manacheck.model import dump_state_text
    s = _tower('["Tymna the Weaver", "Thrasios, Triton Hero"]')
    again = load_state_text(dump_state_text(s).replace(
        "Test Tower", "Command Tower"))
    assert again.player("A").commanders == ("Tymna the Weaver", "Thrasios, Triton Hero")
    assert could_produce(again, "Command Tower") == frozenset({W, U, B, G})


# ---- colors among permanents and graveyard cards (CR 105.2, 613.1e) -----------------

AMBER = "{T}: Add one mana of any color among legendary creatures and planeswalkers you control."
CRATER = "{T}: Choose a color of a permanent you control. Add one mana of that color."
GRAF = "{T}: Choose a color of a card in your graveyard. Add one mana of that color."


def test_colors_among_readings() -> None:
    assert _read(AMBER, "Mox Amber") == {"color_among": {"permanents": {
        "supertypes": ["Legendary"], "any_types": ["creature", "planeswalker"],
        "controller": "you"}}}
    assert _read(CRATER, "Meteor Crater") == {"color_among": {"permanents": {
        "controller": "you"}}}
    assert _read(GRAF, "Corrupted Grafstone") == {"color_among": "your_graveyard"}


@pytest.mark.cr("105.2")
def test_mox_amber_and_meteor_crater_by_hand() -> None:
    # A: Test Amber, Test Crater, a legendary {B}{G} creature, a nonlegendary red bear.
    # Amber: B or G (the legend); Crater: B, G or R (every permanent's colors; the
    # colorless artifacts and lands add none). B's white legend doesn't count.
    amber = _card("Test Amber", ["Artifact"], AMBER, supertypes=("Legendary",),
                  mana_cost="{0}")
    crater = _card("Test Crater", ["Land"], CRATER)
    bear = {"name": "Test Bear", "types": ["Creature"], "mana_cost": "{1}{R}",
            "power": 2, "toughness": 2}
    legend = {"name": "Test Legend", "supertypes": ["Legendary"], "types": ["Creature"],
              "mana_cost": "{B}{G}", "power": 2, "toughness": 2}
    white = {"name": "Test White Legend", "supertypes": ["Legendary"],
             "types": ["Creature"], "mana_cost": "{W}", "power": 1, "toughness": 1}
    s = load_state_text(
        "cards: " + json.dumps([amber, crater, bear, legend, white])
        + "\nturn: {active_player: A}\nplayers:\n  A: {battlefield: [Test Amber, "
        "Test Crater, Test Legend, Test Bear]}\n  B: {battlefield: [Test White Legend]}\n")
    assert could_produce(s, "Test Amber") == frozenset({B, G})
    assert could_produce(s, "Test Crater") == frozenset({B, G, R})
    assert payment_answer(s, "A", "{W}").payable is False
    # Amber and Crater pay {B}{R} (Amber B, Crater R); not {R}{R}.
    assert payment_answer(s, "A", "{B}{R}").payable is True
    assert payment_answer(s, "A", "{R}{R}").payable is False
    alone = _state([amber, crater], ["Test Amber", "Test Crater"])
    assert could_produce(alone, "Test Amber") == frozenset()
    assert could_produce(alone, "Test Crater") == frozenset()


@pytest.mark.cr("202.2")
def test_corrupted_grafstone_by_hand() -> None:
    graf = _card("Test Graf", ["Artifact"], GRAF, mana_cost="{2}")
    s = _state([graf], ["Test Graf"],
               player_extra="    graveyard: [Lightning Bolt, Counterspell, Sol Ring]\n")
    assert could_produce(s, "Test Graf") == frozenset({R, U})
    assert payment_answer(s, "A", "{U}").payable is True
    assert payment_answer(s, "A", "{G}").payable is False
    empty = _state([graf], ["Test Graf"])
    assert could_produce(empty, "Test Graf") == frozenset()


# ---- could produce, with a filter (CR 106.7) ---------------------------------------

COMPASS = "{T}: Add one mana of any color that a basic land you control could produce."
PLAZA = "{T}: Add one mana of any type that a Gate you control could produce."


def test_filtered_could_produce_readings() -> None:
    assert _read(COMPASS, "Star Compass") == {"could_produce": {
        "lands": "you", "of": "color", "filter": {"supertypes": ["Basic"]}}}
    assert _read(PLAZA, "Plaza of Harmony") == {"could_produce": {
        "lands": "you", "of": "type", "filter": {"subtypes": ["Gate"]}}}


@pytest.mark.cr("106.7")
def test_star_compass_and_plaza_by_hand() -> None:
    # A: Forest (basic), Command Tower-less nonbasic Underground Sea (U B), Gruul
    # Guildgate (a Gate: R G), Test Compass, Test Plaza. Compass: G only (the one basic
    # land); Plaza: R or G (the Gate). B's basic Island doesn't count.
    compass = _card("Test Compass", ["Artifact"], COMPASS, mana_cost="{2}")
    plaza = _card("Test Plaza", ["Land"], PLAZA)
    s = load_state_text(
        "cards: " + json.dumps([compass, plaza]) + "\nturn: {active_player: A}\n"
        "players:\n  A: {battlefield: [Forest, Underground Sea, Gruul Guildgate, "
        "Test Compass, Test Plaza]}\n  B: {battlefield: [Island]}\n")
    assert could_produce(s, "Test Compass") == frozenset({G})
    assert could_produce(s, "Test Plaza") == frozenset({R, G})
    assert payment_answer(s, "A", "{W}").payable is False


def test_choose_a_color_before_another_effect_is_no_mana_ability() -> None:
    # "Choose a color." joins only an "Add" sentence after it (CR 605.1a: no mana, no
    # mana ability): this line stays an activated ability with its effect unread.
    r = read_line("{1}: Choose a color. Test Wall becomes that color until end of turn.",
                  "Test Wall")
    assert r.mana is False and r.status == "partial"


@pytest.mark.cr("903.4")
@pytest.mark.cr("903.4c")
def test_color_identity_by_hand() -> None:
    from manacheck.model.cards import CardDefinition
    from manacheck.model.identity import color_identity
    from manacheck.model.mana import ManaCost
    # Reminder text doesn't count (903.4c); a {G/P} symbol in the text is green; {C}
    # and {T} are no colors; a color indicator counts (903.4).
    card = CardDefinition("Test Legend", ManaCost.parse("{1}{W}"), ("Legendary",),
                          ("Creature",), text="{T}: Add {C}. ({T}: Add {R}.)\n"
                          "{G/P}: Test Legend gets +1/+1 until end of turn.",
                          color_indicator=(U,))
    assert color_identity(card) == frozenset({W, U, G})
    # A characteristic-defining color the data doesn't hold: not said (None).
    cda = CardDefinition("Test Shade", ManaCost.parse("{3}"), ("Legendary",),
                         ("Creature",), text="Test Shade is all colors.")
    assert color_identity(cda) is None


COURTYARD = ("{T}: Add one mana of any color. Spend this mana only to cast a creature spell "
             "of the chosen type or activate an ability of a creature or creature card of "
             "the chosen type.")


@pytest.mark.cr("106.6")
def test_secluded_courtyard_reads_and_pays_for_the_chosen_type() -> None:
    chosen = {"types": ["creature"], "chosen_creature_type": True}
    # "a creature or creature card": abilities of cards too (CR 109.2: "creature" alone
    # would be a permanent)
    assert _read(COURTYARD, "Secluded Courtyard") == {"any_color": 1, "restriction": {
        "text": COURTYARD.split(". ", 1)[1], "spells": chosen, "abilities": chosen,
        "abilities_of_cards": True}}
    yard = _card("Test Yard", ["Land"], COURTYARD)
    elf = {"name": "Test Elf", "types": ["Creature"], "subtypes": ["Elf"],
           "mana_cost": "{G}", "power": 1, "toughness": 1}
    gob = {"name": "Test Goblin", "types": ["Creature"], "subtypes": ["Goblin"],
           "mana_cost": "{R}", "power": 1, "toughness": 1}
    s = _state([yard, elf, gob], [{"card": "Test Yard", "chosen": {"creature_type": "Elf"}},
                                  "Test Elf", "Test Goblin"],
               player_extra="    hand: [{card: Test Elf, id: elf card}, "
                            "{card: Test Goblin, id: goblin card}]\n")
    # casting: an Elf spell, not a Goblin one
    assert payment_answer(s, "A", "{G}", for_object="elf card").payable is True
    assert payment_answer(s, "A", "{R}", for_object="goblin card").payable is False
    # an ability's cost: of the Elf permanent, not of the Goblin
    assert payment_answer(s, "A", "{1}", for_object="Test Elf").payable is True
    assert payment_answer(s, "A", "{1}", for_object="Test Goblin").payable is False
