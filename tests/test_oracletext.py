"""The oracle-text grammar (model/oracletext): readings derived by hand from the rules,
lines that must stay unread, agreement with the hand-written cards, the round trip on
the whole 2022 pool, and ``manacheck parse``.

Every expected reading below is written from the card's text and the rules cited, not
from the reader's output.
"""

from __future__ import annotations

import dataclasses
import json
import lzma
from pathlib import Path
from typing import Any

import pytest
from manacheck.model.carddata import builtin_cards, parse_activated
from manacheck.model.cardfiles import CardRecord, collect, read_records
from manacheck.model.oracletext import normalise, read_line, render_activated
from manacheck.model.oracletext.coverage import coverage, faces_of

from manacheck.cli import main
from tests.test_cardfiles import atomic, face, write
from tests.test_cardfiles import run as run_cli

POOL = Path(__file__).parent.parent / "reference" / "cards" / "AtomicCards-2022-04.json.xz"


def download(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *faces: Any) -> Path:
    """An AtomicCards download of one-face cards, with the card cache in ``tmp_path``."""
    monkeypatch.setenv("MANACHECK_CACHE_DIR", str(tmp_path / "cache"))
    return write(tmp_path / "AtomicCards.json",
                 atomic([CardRecord(f.name, "normal", (f,)) for f in faces]))

#: (line, card name, the card-format data expected, mana ability?), each by hand.
READ = [
    # CR 605.1a, 106.1: a fixed group, a choice, any color, one color.
    ("{T}: Add {C}{C}.", "Sol Ring", {"cost": "{T}", "mana": {"add": "{C}{C}"}}, True),
    ("{T}: Add {B}{B}, {B}{R}, or {R}{R}.", "Graven Cairns",
     {"cost": "{T}", "mana": {"choice": ["{B}{B}", "{B}{R}", "{R}{R}"]}}, True),
    ("{1}, {T}: Add {W}{U}.", "Azorius Signet",
     {"cost": "{1}{T}", "mana": {"add": "{W}{U}"}}, True),
    ("{T}, Sacrifice Black Lotus: Add three mana of any one color.", "Black Lotus",
     {"cost": ["{T}", {"sacrifice": "self"}], "mana": {"one_color": 3}}, True),
    ("{T}, Pay 1 life: Add one mana of any color.", "Mana Confluence",
     {"cost": ["{T}", {"pay_life": 1}], "mana": {"any_color": 1}}, True),
    # A painland's damage is an effect, not a cost (CR 118, 605.1a).
    ("{T}: Add {U} or {B}. Underground River deals 1 damage to you.", "Underground River",
     {"cost": "{T}", "mana": {"choice": ["{U}", "{B}"]},
      "effects": [{"kind": "deal_damage", "amount": 1, "to": "you"}]}, True),
    # CR 701.21a: only a permanent you control can be sacrificed.
    ("{T}, Sacrifice a Forest: Add {G}{G}{G}.", "Test Land",
     {"cost": ["{T}", {"sacrifice": {"count": 1, "filter": {"subtypes": ["Forest"],
                                                           "controller": "you"}}}],
      "mana": {"add": "{G}{G}{G}"}}, True),
    # CR 602.5: an activation condition (metalcraft is only a label, CR 207.2c).
    ("Metalcraft — {T}: Add one mana of any color. Activate only if you control three or "
     "more artifacts.", "Test Rock",
     {"cost": "{T}", "mana": {"any_color": 1},
      "condition": {"kind": "controls_at_least", "count": 3,
                    "filter": {"types": ["artifact"], "controller": "you"}}}, True),
    # CR 106.6: a spend restriction, in the plural and in the singular.
    ("{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities "
     "of artifacts.", "Test Workshop",
     {"cost": "{T}", "mana": {"add": "{C}{C}", "restriction": {
         "text": "Spend this mana only to cast artifact spells or activate abilities of "
                 "artifacts.", "spells": {"types": ["artifact"]},
         "abilities": {"types": ["artifact"]}}}}, True),
    ("{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
     "Ancient Ziggurat",
     {"cost": "{T}", "mana": {"any_color": 1, "restriction": {
         "text": "Spend this mana only to cast a creature spell.",
         "spells": {"types": ["creature"]}}}}, True),
    # CR 106.7: mana a land could produce.
    ("{T}: Add one mana of any color that a land an opponent controls could produce.",
     "Exotic Orchard", {"cost": "{T}", "mana": {"could_produce": {"lands": "opponent",
                                                                 "of": "color"}}}, True),
    ("{T}: Add {G} for each Elf you control.", "Elvish Archdruid",
     {"cost": "{T}", "mana": {"add": "{G}", "per": {"subtypes": ["Elf"],
                                                   "controller": "you"}}}, True),
    # Tapping an untapped creature isn't the {T} symbol (CR 302.6 doesn't apply).
    ("Tap two untapped Elves you control: Add one mana of any color.", "Test Elf",
     {"cost": [{"tap_untapped": {"count": 2, "filter": {"subtypes": ["Elf"],
                                                        "controller": "you"}}}],
      "mana": {"any_color": 1}}, True),
    # An ability whose cost exiles the card from the hand works from the hand (CR 602.1).
    ("{T}, Exile a card from your graveyard: Add {B}.", "Test Crypt",
     {"cost": ["{T}", {"exile_from_graveyard": {"count": 1, "filter": {"controller": "you"}}}],
      "mana": {"add": "{B}"}}, True),
    ("Exile Simian Spirit Guide from your hand: Add {R}.", "Simian Spirit Guide",
     {"cost": [{"exile_self": True}], "mana": {"add": "{R}"}, "zone": "hand"}, True),
    # The current templating for the object itself reads the same (normal.py).
    ("{T}, Sacrifice this artifact: Add one mana of any color.", "Test Treasure",
     {"cost": ["{T}", {"sacrifice": "self"}], "mana": {"any_color": 1}}, True),
    ("{T}: Add one mana of the chosen color.", "Test Heart",
     {"cost": "{T}", "mana": {"chosen_color": 1}}, True),
    ("{T}: Add an amount of {G} equal to Marwyn's power.", "Marwyn, the Nurturer",
     {"cost": "{T}", "mana": {"add": "{G}", "amount_of": "power"}}, True),
    ("{T}: Add {C}. ({C} represents colorless mana.)", "Test Waste",
     {"cost": "{T}", "mana": {"add": "{C}"}}, True),
    # Activated abilities that aren't mana abilities: cost, timing, targets read (CR
    # 602.1a, 115.1); the effect composed from the vocabulary where its sentence is read
    # whole (destroy 701.8, damage 120.3, counters 122.1, draw 121.1), "other" where not.
    ("{2}, {T}: Destroy target artifact. Activate only as a sorcery.", "Test Rod",
     {"cost": "{2}{T}", "timing": "sorcery",
      "effects": [{"kind": "destroy", "target": 0}],
      "targets": [{"zone": "battlefield", "filter": {"types": ["artifact"]},
                   "text": "target artifact"}]}, False),
    ("{1}, Sacrifice Test Bomb: Test Bomb deals 2 damage to any target.", "Test Bomb",
     {"cost": ["{1}", {"sacrifice": "self"}],
      "effects": [{"kind": "deal_damage", "amount": 2, "target": 0}],
      "targets": [{"zone": "any", "text": "any target"}]}, False),
    ("{G}, {T}: Put a +1/+1 counter on target creature you control. Activate only once "
     "each turn.", "Test Druid",
     {"cost": "{G}{T}", "once_each_turn": True,
      "effects": [{"kind": "put_counters", "counter": "+1/+1", "count": 1,
                   "onto": "target", "target": 0}],
      "targets": [{"zone": "battlefield", "filter": {"types": ["creature"],
                                                     "controller": "you"},
                   "text": "target creature you control"}]}, False),
    ("Channel — {1}{G}, Discard Grove of Echoes: Draw two cards.", "Grove of Echoes",
     {"cost": ["{1}{G}", {"discard_self": True}], "zone": "hand",
      "effects": [{"kind": "draw", "count": 2}]}, False),
    # CR 107.3, 118.3: any number of counters removed is an X chosen as the cost is paid.
    ("{T}, Remove any number of storage counters from Mage-Ring Network: Add {C} for each "
     "storage counter removed this way.", "Mage-Ring Network",
     {"cost": ["{T}", {"remove_counters": {"counter": "storage", "count": "X"}}],
      "mana": {"add": "{C}", "amount_of": "X"}}, True),
    # CR 113.6m: an effect that moves the card out of its graveyard works from there.
    ("{2}{B}, Discard a creature card: Return Kraul Swarm from your graveyard to your hand.",
     "Kraul Swarm",
     {"cost": ["{2}{B}", {"discard": {"count": 1, "filter": {"types": ["creature"]}}}],
      "zone": "graveyard", "effects": [{"kind": "other", "text":
                                        "Return CARDNAME from your graveyard to your hand."}]},
     False),
    # "from your graveyard": a card's controller there is its owner (CR 404.1, 108.3).
    ("{2}, {T}: Return target creature card from your graveyard to your hand.", "Test Ghoul",
     {"cost": "{2}{T}", "targets": [{"zone": "graveyard", "filter": {
         "types": ["creature"], "controller": "you"},
         "text": "target creature card from your graveyard"}],
      "effects": [{"kind": "other", "text":
                   "Return target creature card from your graveyard to your hand."}]}, False),
    # CR 503, 506.1, 602.5: when an ability may be activated.
    ("{T}: Add {B}. Activate only during your upkeep.", "Test Land",
     {"cost": "{T}", "mana": {"add": "{B}"}, "condition": {"kind": "your_upkeep"}}, True),
    ("{R}: Test Knight gets +1/+0 until end of turn. Activate only during your turn, before "
     "attackers are declared.", "Test Knight",
     {"cost": "{R}", "condition": {"kind": "your_turn", "before": "declare_attackers"},
      "effects": [{"kind": "pump", "onto": "self", "power": 1, "toughness": 0,
                   "duration": "end_of_turn"}]},
     False),
    ("{1}: Untap Test Rock. Activate only during your turn and only once each turn.",
     "Test Rock", {"cost": "{1}", "condition": {"kind": "your_turn"}, "once_each_turn": True,
                   "effects": [{"kind": "untap", "onto": "self"}]}, False),
    # Threshold is an ability word (CR 207.2c); the condition is the sentence.
    ("Threshold — {B}: Regenerate Test Ghoul. Activate only if seven or more cards are in "
     "your graveyard.", "Test Ghoul",
     {"cost": "{B}", "condition": {"kind": "graveyard_at_least", "count": 7},
      "effects": [{"kind": "other", "text": "Regenerate CARDNAME."}]}, False),
    # CR 602.2: another player may activate it (Mana Cache's any_player).
    ("Pay 4 life: Destroy Test Sphere. It can't be regenerated. Any player may activate "
     "this ability.", "Test Sphere",
     {"cost": [{"pay_life": 4}], "any_player": True,
      "effects": [{"kind": "other", "text": "Destroy CARDNAME."},
                  {"kind": "other", "text": "It can't be regenerated."}]}, False),
    # CR 602.5e; the payment solver never uses it while paying (Lion's Eye Diamond).
    ("{T}: Add {R}. Activate only as an instant.", "Test Diamond",
     {"cost": "{T}", "mana": {"add": "{R}"}, "timing": "as_instant"}, True),
    ("{T}: Draw a card. Activate only if you have no cards in hand.", "Test Well",
     {"cost": "{T}", "condition": {"kind": "fewer_than", "amount": {"cards": "hand"},
                                    "count": 1},
      "effects": [{"kind": "draw", "count": 1}]}, False),
    # Keywords read as the rules define them (CR 702.6a, 702.29a, 702.84a, 702.107a).
    ("Equip {3} ({3}: Attach to target creature you control. Equip only as a sorcery.)",
     "Test Sword",
     {"cost": "{3}", "timing": "sorcery",
      "effects": [{"kind": "attach", "target": 0}],
      "targets": [{"zone": "battlefield", "filter": {"types": ["creature"],
                                                     "controller": "you"},
                   "text": "target creature you control"}]}, False),
    ("Cycling {2} ({2}, Discard this card: Draw a card.)", "Test Cycler",
     {"cost": ["{2}", {"discard_self": True}], "zone": "hand",
      "effects": [{"kind": "draw", "count": 1}]}, False),
    ("Outlast {1}{W} ({1}{W}, {T}: Put a +1/+1 counter on this creature. Outlast only as a "
     "sorcery.)", "Test Outlaster",
     {"cost": "{1}{W}{T}", "timing": "sorcery",
      "effects": [{"kind": "put_counters", "counter": "+1/+1", "count": 1, "onto": "self"}]},
     False),
    ("{3}, {T}: Up to two target creatures each get +1/+1 until end of turn.", "Test Banner",
     {"cost": "{3}{T}",
      "effects": [{"kind": "other", "text":
                   "Up to two target creatures each get +1/+1 until end of turn."}],
      "targets": [{"zone": "battlefield", "filter": {"types": ["creature"]}, "count": 2,
                   "up_to": True, "text": "up to two target creatures"}]}, False),
]


@pytest.mark.parametrize(("line", "name", "want", "mana"), READ,
                         ids=[r[0][:40] for r in READ])
def test_lines_read_as_derived_by_hand(line: str, name: str, want: dict[str, Any],
                                       mana: bool) -> None:
    r = read_line(line, name)
    assert r.ability is not None, r.why
    got = dict(r.ability["activated"])
    assert got.pop("text") == line
    effects = [e for e in want.get("effects", []) if e["kind"] == "other"]
    assert got == want
    assert r.mana is mana
    assert r.status == ("partial" if effects else "read")
    # The data is the card format's: it parses as an activated ability.
    parse_activated(r.ability["activated"], "test")
    # And it renders back to the line, normalised (the round trip, by construction of
    # "read"; checked here against the normalisation stated in normal.py).
    text = normalise(line, name).text
    assert r.rendered == text
    if r.template.startswith("keyword"):
        return  # a keyword renders as itself; its meaning is read from the rules
    # An ability word has no rules meaning (CR 207.2c): it isn't in the data.
    body = text.split(" — ", 1)[1] if " — " in text else text
    assert render_activated(r.ability["activated"],
                            singular_spells="a creature spell" in line) == body


#: Lines that must stay unread: each could change an answer if it were half read.
UNREAD = [
    # An "instead" rider changes what the ability adds (CR 614.1a): one whose condition
    # isn't in the card format stays unread.
    ("{T}: Add {U}. If you attacked this turn, add {B} instead.", "Test Land"),
    # (One that compares power is read: the questions then read layer 7 too,
    # tests/test_reader_power.py.)
    # A restriction the grammar doesn't derive (CR 602.5).
    ("{T}: Add {B}. Activate only during your end step.", "Test Land"),
    ("{1}: Add {R}. Activate no more than twice each turn.", "Test Land"),
    # A spend restriction not derived (CR 106.6).
    ("{T}: Add {C}{C}. Spend this mana only to cast spells with madness from a "
     "graveyard.", "Test Land"),
    ("{T}: Add {C}{C}. Spend this mana only on costs that contain {C}.", "Test Land"),
    # "This mana can't be spent ..." other than Jegantha's generic mana costs.
    ("{T}: Add {R}. This mana can't be spent to cast creature spells.", "Test Land"),
    # X from counters "removed this way" must be the counters the cost removes.
    ("{T}, Remove a storage counter from Test Land: Add {C} for each storage counter "
     "removed this way.", "Test Land"),
    ("{T}, Remove any number of charge counters from Test Land: Add {C} for each storage "
     "counter removed this way.", "Test Land"),
    # A target the grammar can't read: can-activate would miss a requirement (CR 601.2c).
    ("{T}: Tap target creature blocking Test Land.", "Test Land"),
    # A mana ability has no target (CR 605.1a); such a line isn't one and isn't read here.
    ("{T}: Add {G}. Target creature gets +1/+1 until end of turn.", "Test Land"),
    # A loyalty symbol with no sign that isn't [0], and keywords written oddly.
    ("[5]: Draw a card.", "Test Walker"),
    ("Equip—Pay 3 life.", "Test Sword"),
    ("Equip legendary creature {1}", "Test Sword"),
    # A keyword's reminder must be its own, with the same cost.
    ("Cycling {2} ({3}, Discard this card: Draw a card.)", "Test Cycler"),
    ("Equip {1} ({1}: Attach to target creature you control. Equip any time.)", "Test Sword"),
    # Reminder text that isn't checked is never taken on trust (CR 207.2).
    ("{T}: Add {G}. (This is wrong reminder text.)", "Test Land"),
    # An ability that works from exile (CR 113.6m) isn't read: no question asks there.
    ("{2}: Return Test Exile from exile to your hand.", "Test Exile"),
    # Exhaust is a keyword, not an ability word: its restriction is in the rules, which
    # aren't read here (boast and forecast are, with theirs: test_target_filters.py).
    ("Exhaust — {1}{R}: Test Raider deals 1 damage to any target.", "Test Raider"),
    # A cost the grammar doesn't derive.
    ("{T}, Mill X cards: Add {C}.", "Test Land"),
    ("{1}, Untap a tapped land an opponent controls: Add {R}.", "Test Land"),
    # Who may activate it, and when, in words the grammar doesn't derive (CR 602.2).
    ("{1}: Add {C}. Any player may activate this ability but only during any upkeep step.",
     "Test Land"),
]


@pytest.mark.parametrize(("line", "name"), UNREAD, ids=[u[0][:40] for u in UNREAD])
def test_lines_that_would_change_an_answer_stay_unread(line: str, name: str) -> None:
    r = read_line(line, name)
    assert r.ability is None and r.status == "unread", r.ability


def test_hand_written_cards_agree_with_the_reader_wherever_it_reads_them() -> None:
    """Every built-in activated ability the reader reads is the hand-written definition
    (its cost, mana, timing, condition, zone and targets), and the reader's effects
    include the hand-written ones (the generated cards leave out a painland's damage,
    which no mana question reads).

    Counted apart: the hand-written cards (the YAML files, not the reader's own
    ``40_generated.json``), where the check means something. A hand-written card the
    reader reads exactly is retired (issue 12, tests/test_retired_cards.py), so what
    is left are cards the reader reads in part."""
    db = builtin_cards()
    generated = {c["name"] for c in json.loads(
        (POOL.parents[2] / "model" / "data" / "cards" / "40_generated.json").read_text(
            encoding="utf-8"))}
    compared = hand_compared = 0
    names = set()
    for name in list(db.cards):
        card = db[name]
        for ab in card.activated_abilities:
            if not ab.text:
                continue
            r = read_line(ab.text, card.name)
            if r.status != "read":
                continue
            mine = parse_activated(r.ability["activated"] if r.ability else {}, name)
            assert dataclasses.replace(mine, text="", effects=()) == \
                dataclasses.replace(ab, text="", effects=()), (name, ab.text)
            assert set(ab.effects) <= set(mine.effects), (name, ab.text)
            compared += 1
            if name not in generated:
                hand_compared += 1
                names.add(card.name)
    assert compared >= 700  # 762 today, the reader's mana cards included
    assert hand_compared >= 30  # 33 today, of 29 hand-written cards
    # The riders, spend restrictions, limits and costs read since (each built in by
    # hand first): Mana Cache's "any player ... before the end step", Jegantha's and
    # Cavern of Souls' restrictions; Eldrazi Temple's plural and Soldevi Adnate's cost
    # and mana are read so well that their hand-written definitions were retired.
    assert {"Mana Cache", "Jegantha, the Wellspring", "Cavern of Souls"} <= names
    assert {"Eldrazi Temple", "Soldevi Adnate"} <= generated - names


@pytest.fixture(scope="module")
def pool_coverage() -> Any:
    found = collect(read_records(POOL), name=POOL.name)
    return coverage(faces_of(found.cards))


def test_the_pool_reads_at_least_as_well_as_measured(pool_coverage: Any) -> None:
    """A floor on the 2022 pool (22,811 cards read here, the note has the numbers):
    the round trip holds for every line counted read, by construction of the reader."""
    data = pool_coverage.to_data()
    assert data["cards"] > 22_000
    # 1,236 of 1,265 (97.7%) on the reference file's cards: the 97% target met (the
    # shipped pool's faces give 1,240 of 1,269)
    assert data["mana_cards"]["every_mana_ability_read"] >= 1_236
    assert data["mana_cards"]["met"]
    # of 7,262 (90.6%): 6,583 until issue 31 left unread seven lines whose cost's X the
    # text defines (CR 107.3c) and Vivien Reid's list (whose "with flying" may be every
    # alternative's), and read The Royal Scions' (its target is its reflexive trigger's)
    assert data["activated_abilities"]["read"] >= 6_576
    assert data["activated_abilities"]["met"]


def test_every_read_ability_of_the_pool_is_valid_card_data() -> None:
    """Each ability the reader produces on the mana cards of the reference file parses
    in the card format, and a mana ability's rendering is its own line."""
    data = json.loads((POOL.parent / "mana-cards.json").read_text(encoding="utf-8"))
    entries = data["cards"] if isinstance(data, dict) else data
    n = 0
    for e in entries:
        for line in str(e.get("oracle_text") or "").split("\n"):
            r = read_line(line, str(e["name"]))
            if r.ability is None:
                continue
            parse_activated(r.ability["activated"], e["name"])
            assert r.rendered == r.normalised
            n += 1
    assert n > 1_000


def test_the_pool_file_is_there() -> None:
    with lzma.open(POOL) as f:
        assert f.read(1) == b"{"


def test_parse_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["parse", "{T}: Add {R} or {G}. Test Land deals 1 damage to you.\nFlying",
                 "--name", "Test Land", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["read"] is True
    assert data["lines"][0]["ability"]["activated"]["mana"] == {"choice": ["{R}", "{G}"]}
    assert data["lines"][1]["keywords"] == ["Flying"]
    code = main(["parse", "{T}: Add {C} for each card revealed this way.", "--name",
                 "Test Land"])
    out = capsys.readouterr().out
    assert code == 1
    assert "unread: {T}: Add {C} for each card revealed this way." in out
    assert "why: not read: Add {C} for each card revealed this way." in out
    code = main(["parse", "({T}: Add {G} or {W}.)", "--type-line", "Land — Forest Plains"])
    assert code == 0
    # CR 207.2a: a line that is only reminder text has no game function, matching or not
    code = main(["parse", "({T}: Add {G} or {U}.)", "--type-line", "Land — Forest Plains"])
    assert code == 0
    code = main(["parse", "Tapping for mana. (Not a reminder.)", "--name", "Test"])
    assert code == 1


def test_a_download_card_read_by_the_grammar_answers_pay_and_can_activate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards no one wrote by hand, read from a download: the answers follow from their
    text (CR 106.1, 601.2g-h, 602.2, 115.1)."""
    cards = [
        face("Test Talisman", "{2}", "Artifact",
             "{T}: Add {C}.\n{T}: Add {U} or {B}. Test Talisman deals 1 damage to you."),
        face("Test Rod", "{3}", "Artifact",
             "{2}, {T}: Destroy target artifact. Activate only as a sorcery."),
    ]
    path = download(tmp_path, monkeypatch, *cards)
    state = tmp_path / "state.yaml"
    state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                     "    battlefield: [Test Talisman, Test Rod, Island]\n  B:\n"
                     "    battlefield: [Sol Ring]\n")
    # The Talisman makes one mana a turn: {B} (or {U}, or {C}); Island {U}.
    code, out, err = run_cli(capsys, "pay", str(state), "{U}{B}", "--cards", str(path),
                             "--count", "--json")
    assert code == 0, err
    assert json.loads(out)["count"] == 1
    code, out, err = run_cli(capsys, "pay", str(state), "{B}{B}", "--cards", str(path))
    assert code == 1, err
    code, out, err = run_cli(capsys, "pay", str(state), "{1}{B}", "--cards", str(path),
                             "--count", "--json")
    assert code == 0, err
    assert json.loads(out)["count"] == 1  # Talisman {B}, Island {1}
    # The Rod: {2} and {T} (Talisman + Island pay {2}); sorcery speed in A's main phase
    # with an empty stack; Sol Ring is a target artifact (CR 602.5d, 115.1).
    code, out, err = run_cli(capsys, "can-activate", str(state), "Test Rod", "--cards",
                             str(path), "--json")
    assert code == 0, err
    verdict = json.loads(out)
    assert verdict["legal"] is True


def test_conditions_and_keywords_read_from_text_decide_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Equip's sorcery timing and target (CR 702.6a, 602.5d) and "Activate only during
    your upkeep" (CR 503, 602.5), read from a download, decide can-activate and pay."""
    faces = [face("Test Sword", "{1}", "Artifact — Equipment",
                  "Equip {1} ({1}: Attach to target creature you control. Equip only as a "
                  "sorcery.)"),
             face("Test Upkeep Land", "", "Land",
                  "{T}: Add {B}. Activate only during your upkeep.")]
    path = download(tmp_path, monkeypatch, *faces)

    def board(phase: str, creature: bool = True) -> Path:
        state = tmp_path / f"{phase}{creature}.yaml"
        bf = "[Test Sword, Test Upkeep Land, Forest" + (", Llanowar Elves]" if creature
                                                         else "]")
        state.write_text(f"turn: {{active_player: A, phase: {phase}}}\nplayers:\n  A:\n"
                         f"    battlefield: {bf}\n  B: {{}}\n")
        return state

    def verdict(state: Path) -> dict[str, Any]:
        code, out, err = run_cli(capsys, "can-activate", str(state), "Test Sword",
                                 "--cards", str(path), "--json")
        assert code in (0, 1), err
        data: dict[str, Any] = json.loads(out)
        return data

    main_phase = verdict(board("precombat_main"))
    assert main_phase["legal"] is True
    upkeep = verdict(board("upkeep"))
    assert upkeep["legal"] is False
    assert any(r["rule"].startswith("602.5") or r["rule"].startswith("307")
               for r in upkeep["reasons"]), upkeep["reasons"]
    no_creature = verdict(board("precombat_main", creature=False))
    assert no_creature["legal"] is False
    assert any(r["rule"] == "601.2c" for r in no_creature["reasons"])
    # {B} comes only from the land, and only in its controller's upkeep.
    code, _, err = run_cli(capsys, "pay", str(board("precombat_main")), "{B}", "--cards",
                           str(path))
    assert code == 1, err
    code, _, err = run_cli(capsys, "pay", str(board("upkeep")), "{B}", "--cards", str(path))
    assert code == 0, err


def test_a_painland_read_with_its_damage_is_left_out_when_life_pays_part_of_the_cost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Karplusan Forest's damage is read as an effect of its mana ability. Mana
    abilities are activated before the cost is paid (CR 601.2g-h), so that damage
    lowers the life that can pay a Phyrexian symbol (CR 119.4): at 2 life, {R} from the
    Forest and {W/P} from 2 life is not a payment. The payment solver doesn't order
    life, so it leaves the Forest out there (a lower bound, said); without life in the
    cost the Forest is an ordinary source."""
    state = tmp_path / "s.yaml"
    state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                     "    life: 2\n    battlefield: [Karplusan Forest, Plains]\n  B: {}\n")
    code, out, err = run_cli(capsys, "pay", str(state), "{R}{W}", "--count", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["count"] == 1 and data["complete"] is True
    code, out, err = run_cli(capsys, "pay", str(state), "{R}{W/P}", "--json")
    data = json.loads(out)
    assert code == 1, out  # not decided: never "payable" by 2 life after the damage
    assert "Karplusan Forest" in json.dumps(data)
    assert data.get("complete") is not True or data.get("payable") is not True


def test_cards_coverage_counts_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Four cards: a painland (its mana ability read), a rock whose mana isn't read
    (cards revealed as an amount), an Equipment (equip read as CR 702.6a defines it) and a
    flier with no activated ability. Mana: 1 of 2 cards; activated: 1 of 1."""
    faces = [face("Test Pain", "", "Land", "{T}: Add {C}.\n{T}: Add {R} or {G}. Test Pain "
                  "deals 1 damage to you."),
             face("Test Battery", "{2}", "Artifact",
                  "{T}: Add {C} for each card revealed this way."),
             face("Test Blade", "{1}", "Artifact — Equipment", "Equip {2}"),
             face("Test Bird", "{U}", "Creature — Bird", "Flying")]
    path = download(tmp_path, monkeypatch, *faces)
    code, out, err = run_cli(capsys, "cards", "coverage", str(path), "--json")
    assert code == 1, err  # the targets (97%, 90%) aren't met here
    data = json.loads(out)
    assert data["cards"] == 4
    assert data["mana_cards"]["total"] == 2
    assert data["mana_cards"]["every_mana_ability_read"] == 1
    assert data["activated_abilities"] == {"total": 1, "read": 1, "percent": 100.0,
                                           "target_percent": 90, "met": True}
    assert data["by_kind"]["mana"] == {"lines": 3, "read": 2, "unread": 1}
    assert data["by_kind"]["other"] == {"lines": 1, "read": 1}
    assert data["unread"] == [{"sentence": "not read: Add {S} for each card revealed "
                                           "this way.", "lines": 1}]
    code, out, err = run_cli(capsys, "cards", "coverage", str(path), "--top", "0")
    assert code == 2 and "--top" in err


def test_targets_of_a_granted_ability_or_related_to_each_other_are_not_taken_as_its_own(
        ) -> None:
    """A quoted ability's target belongs to the ability it grants (CR 113.2c), so the
    token-making ability has none; "a second target creature" ties two targets together
    (CR 115.3), which the grammar doesn't read, so that line stays unread."""
    r = read_line('{W}, {T}, Discard a card: Create a 1/1 white Kithkin Soldier creature '
                  'token named Goldmeadow Harrier. It has "{W}, {T}: Tap target creature."',
                  "Goldmeadow Harrier")
    assert r.status == "partial" and r.ability is not None
    assert "targets" not in r.ability["activated"]
    r = read_line("{U}, {Q}: Move a counter from target creature onto a second target "
                  "creature.", "Test Mover")
    assert r.status == "unread"
    r = read_line("{W}: Another target creature gets +1/+1 until end of turn.", "Test Chief")
    assert r.targets == ({"zone": "battlefield", "filter": {"types": ["creature"],
                                                            "another": True},
                          "text": "another target creature"},)


@pytest.mark.parametrize(("line", "want"), [
    ("Enchant creature", ["Enchant creature"]),
    ("Flying, first strike", ["Flying", "First strike"]),
    ("Defender (This creature can't attack.)", ["Defender"]),
    ("Kicker {2}{R} (You may pay an additional {2}{R} as you cast this spell.)",
     ["Kicker {2}{R}"]),
    ("Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end "
     "of turn.)", ["Bushido 1"]),
    ("Protection from red", ["Protection from red"]),
    # Not taken: an activated keyword (an ability, CR 702.122), a protection the
    # targeting rules don't understand, a reminder whose cost isn't the keyword's, an
    # undeclared word.
    ("Crew 2", None),
    # (a creature type is a quality the targeting rules understand, CR 702.16a)
    ("Protection from Humans", ["Protection from Humans"]),
    ("Protection from Gobbledygooks", None),
    ("Ward {2} (Whenever this creature becomes the target of a spell or ability an "
     "opponent controls, counter it unless that player pays {3}.)", None),
    ("Gobbledygook", None),
    # A static that starts with a keyword is no keyword line (CR 613.4c; 702.9).
    ("Flying creatures you control get +1/+1.", None),
])
def test_keyword_lines(line: str, want: list[str] | None) -> None:
    from manacheck.model.oracletext.keywords import keyword_line

    assert keyword_line(line) == want


def test_a_keyword_read_from_text_is_decided_by_its_declared_families(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An Aura's "Enchant creature" (CR 702.5: what it may be cast on and stay on) can't
    change a payment, so a board with it is decided; the same Aura with a line the reader
    doesn't read is "not decided" (CR 106.7, 601.2g-h)."""
    faces = [face("Test Aura", "{W}", "Enchantment — Aura", "Enchant creature"),
             face("Test Odd Aura", "{W}", "Enchantment — Aura",
                  "Enchant creature\nEnchanted creature's controller may pay {1} less.")]
    path = download(tmp_path, monkeypatch, *faces)
    for aura, status in (("Test Aura", 0), ("Test Odd Aura", 1)):
        state = tmp_path / f"{status}.yaml"
        # Attached to a creature: an Aura attached to nothing is a pending state-based
        # action (CR 704.5m), which would make any answer "not decided".
        state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                         f"    battlefield: [Forest, Grizzly Bears, {{card: {aura}, "
                         "attached_to: Grizzly Bears}]\n  B: {}\n")
        code, out, err = run_cli(capsys, "pay", str(state), "{G}", "--cards", str(path),
                                 "--json")
        assert code == status, (aura, out, err)
        data = json.loads(out)
        if status == 1:
            assert "Test Odd Aura" in json.dumps(data)


@pytest.mark.parametrize(("line", "subtypes", "affected", "pt"), [
    # CR 613.4c, 303.4, 301.5: the creature the Aura or Equipment is attached to.
    ("Enchanted creature gets +2/+2.", ("Aura",), {"types": ["creature"], "enchanted": True},
     (2, 2)),
    ("Equipped creature gets +1/-1.", ("Equipment",),
     {"types": ["creature"], "enchanted": True}, (1, -1)),
    ("Other Elf creatures you control get +1/+1.", (),
     {"another": True, "types": ["creature"], "subtypes": ["Elf"], "controller": "you"},
     (1, 1)),
    ("Goblins you control get +1/+1.", (), {"subtypes": ["Goblin"], "controller": "you"},
     (1, 1)),
    ("White creatures you control get +1/+1.", (),
     {"colors": ["W"], "types": ["creature"], "controller": "you"}, (1, 1)),
])
def test_pump_statics(line: str, subtypes: tuple[str, ...], affected: dict[str, Any],
                      pt: tuple[int, int]) -> None:
    from manacheck.model.carddata import parse_card
    from manacheck.model.oracletext.statics import read_static

    got = read_static(line, "Test Card", subtypes)
    assert got == {"static": {"kind": "other", "affected": affected,
                              "params": {"pump": {"power": pt[0], "toughness": pt[1]}},
                              "text": line}}
    parse_card({"name": "Test Card", "types": ["Enchantment"], "abilities": [got]}, "t")


@pytest.mark.parametrize(("line", "subtypes"), [
    ("Enchanted creature gets +2/+2.", ()),  # neither an Aura nor an Equipment
    ("Equipped creature gets +2/+2.", ("Aura",)),  # an Aura says "enchanted"
    ("Enchanted creature gets +2/+2 and has flying.", ("Aura",)),
    ("Creatures your opponents control get -1/-1.", ()),
    ("Other creatures you control get +1/+1 as long as you control a Forest.", ()),
])
def test_pump_statics_not_read(line: str, subtypes: tuple[str, ...]) -> None:
    from manacheck.model.oracletext.statics import read_static

    assert read_static(line, "Test Card", subtypes) is None


def test_an_equipment_pump_read_from_text_changes_power_on_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Marwyn adds {G} equal to its power: equipped with a +2/+0 Equipment read from a
    download, its 1 power becomes 3 (CR 613.4c), and pay answers with it."""
    sword = face("Test Sword", "{1}", "Artifact — Equipment",
                 "Equipped creature gets +2/+0.\nEquip {1}")
    path = download(tmp_path, monkeypatch, sword)
    state = tmp_path / "s.yaml"
    state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                     "    battlefield: [{card: 'Marwyn, the Nurturer', summoning_sick: false},"
                     " {card: Test Sword, attached_to: 'Marwyn, the Nurturer'}]\n  B: {}\n")
    code, out, err = run_cli(capsys, "pay", str(state), "{G}{G}{G}", "--cards", str(path))
    assert code == 0, (out, err)
    code, out, err = run_cli(capsys, "pay", str(state), "{G}{G}{G}{G}", "--cards", str(path))
    assert code == 1, (out, err)


def test_exiling_from_your_graveyard_needs_a_card_of_your_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Exile a card from your graveyard" can't be paid with a card in an opponent's
    graveyard (CR 118.3, 404.1)."""
    ghoul = face("Test Ghoul", "{B}", "Creature — Zombie",
                 "{B}, Exile a card from your graveyard: Test Ghoul gets +1/+1 until end of "
                 "turn.")
    path = download(tmp_path, monkeypatch, ghoul)
    for mine, legal in ((False, False), (True, True)):
        where = "A" if mine else "B"
        state = tmp_path / f"{where}.yaml"
        grave = "    graveyard: [Forest]\n"
        state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                         "    battlefield: [Test Ghoul, Swamp]\n" + (grave if mine else "")
                         + "  B:\n" + ("" if mine else grave) + "    battlefield: []\n")
        code, out, err = run_cli(capsys, "can-activate", str(state), "Test Ghoul",
                                 "--cards", str(path), "--json")
        assert code == (0 if legal else 1), err
        assert json.loads(out)["legal"] is legal, (where, out, err)


@pytest.mark.parametrize(("line", "event"), [
    ("When Test Seer enters the battlefield, scry 2 and each player discards a card.", "enters"),
    ("When Test Wurm dies, create two 1/1 green Saproling creature tokens.", "dies"),
])
def test_a_trigger_condition_read_with_its_effect_unread(line: str, event: str) -> None:
    """CR 603.2, 603.6a, 700.4: the condition is read; the effect stays unread."""
    from manacheck.model.oracletext.triggers import read_trigger

    name = line.split(" enters")[0].split(" dies")[0].removeprefix("When ")
    got = read_trigger(line, name)
    assert got is not None
    tr = got["triggered"]
    assert (tr["event"], tr["self_only"], tr["text"]) == (event, True, line)
    assert [e["kind"] for e in tr["effects"]] == ["other"]


@pytest.mark.parametrize("line", [
    "When Test Wurm enters the battlefield or dies, draw a card.",
    "Whenever another creature enters the battlefield under your control, draw a card.",
    "When Test Wurm enters the battlefield, it deals 1 damage to you. (Reminder.)",
])
def test_trigger_conditions_not_read(line: str) -> None:
    from manacheck.model.oracletext.triggers import read_trigger

    assert read_trigger(line, "Test Wurm") is None


def test_a_creature_with_an_enters_trigger_no_longer_blocks_a_payment(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A permanent's "When ... enters" ability can't change a payment (CR 603.3, 605.1b),
    so pay answers; resolve still refuses the unread effect when it would trigger."""
    seer = face("Test Seer", "{1}{U}", "Creature — Human Wizard",
                "When Test Seer enters the battlefield, scry 2 and each player discards a "
                "card.")
    path = download(tmp_path, monkeypatch, seer)
    state = tmp_path / "s.yaml"
    state.write_text("turn: {active_player: A, phase: precombat_main}\nplayers:\n  A:\n"
                     "    battlefield: [Island, Test Seer]\n  B: {}\n")
    code, out, err = run_cli(capsys, "pay", str(state), "{U}", "--cards", str(path))
    assert code == 0, (out, err)
    code, out, err = run_cli(capsys, "card", "Test Seer", "--cards", str(path))
    assert code == 0 and "1 card read, 1 with text not read" in err  # its effect


def test_parse_refuses_a_type_line_it_cannot_read(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["parse", "{T}: Add {G}.", "--type-line", "Lnd — Forest"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert "'Lnd' is not a card type or supertype" in err[0] and "did you mean 'Land'" in err[0]


def test_coverage_targets_are_met_exactly_not_by_a_rounded_percent() -> None:
    """1,227 of 1,265 rounds to 97.0% but is 96.996%: one card short of 97%; 1,231 of
    1,269 (97.005%) meets it. ``cards coverage`` exits 0 only when both are met."""
    from manacheck.model.oracletext.coverage import Coverage, describe

    short = Coverage(cards=10, mana_cards=1_265, mana_cards_read=1_227).to_data()
    assert short["mana_cards"]["percent"] == 97.0 and short["mana_cards"]["met"] is False
    assert "not met: 1 short" in describe(short, "x")
    ok = Coverage(cards=10, mana_cards=1_269, mana_cards_read=1_231).to_data()
    assert ok["mana_cards"]["met"] is True and "not met" not in describe(ok, "x").split(
        "\n")[1]
