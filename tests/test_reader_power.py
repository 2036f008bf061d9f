"""Mana abilities whose amount or condition reads other permanents' power, or their
land types (issue 12): "for each creature with power 4 or greater you control"
(Leafkin Avenger), "If you control a creature with power 4 or greater, add two mana of
any one color instead" (Ilysian Caryatid), "Activate only if you control a creature
with power 4 or greater" (Whisperer of the Wilds), "Activate only if creatures you
control have total power 8 or greater" (Circle of Elders), "X is the greatest power
among creatures you control" (Selvala, Heart of the Wilds), "X is the number of basic
land types among lands you control" (Prismatic Geoscope), and "Choose a color. Add one
mana of that color for each charge counter on CARDNAME" (Astral Cornucopia).

Each line is read as card-format data derived by hand and renders back to itself. Each
construct then has a small board of pool cards whose answers are derived by hand from
the rules (the card's power and toughness from the pool), and where the brute-force
payment oracle of ``test_payments_oracle`` applies, the solver's payments are exactly
its payments. Power is read as the layers make it (counters, a lord: CR 613.4), and
an effect on power that no question applies makes the answer not decided: these
amounts and conditions depend on layer 7 (``produce.amount_families``).

Rules
-----
CR 106.7 (could produce), 107.1b (a negative amount is 0), 122.1 (counters), 208.1
(power), 305.6 (basic land types), 602.1b and 602.5b ("Activate only if"), 605.3b (a
mana ability resolves at once: it looks at the board it is activated on), 613.4
(layer 7), 614.1a ("instead").
"""

from __future__ import annotations

from typing import Any

import pytest
from manacheck.model import ManaType, load_state_text
from manacheck.model.effects import Family
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.activation import can_activate
from manacheck.solver.produce import activation_outcomes, amount_families, could_produce

from tests.test_payments_oracle import (
    same_as_brute_force,
    verdict_and_count,
)

W, U, B, R, G, C = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G,
                    ManaType.C)
COLORS = (W, U, B, R, G)

POWER4 = {"types": ["creature"], "compare": [["power", ">=", 4]], "controller": "you"}

READINGS: list[tuple[str, str, dict[str, Any]]] = [
    ("Leafkin Avenger", "{T}: Add {G} for each creature with power 4 or greater you "
     "control.", {"cost": "{T}", "mana": {"add": "{G}", "per": POWER4}}),
    ("Ilysian Caryatid", "{T}: Add one mana of any color. If you control a creature with "
     "power 4 or greater, add two mana of any one color instead.",
     {"cost": "{T}", "mana": {"any_color": 1, "instead": {
         "if": [{"kind": "controls_at_least", "count": 1, "filter": POWER4}],
         "one_color": 2}}}),
    ("Whisperer of the Wilds", "Ferocious — {T}: Add {G}{G}. Activate only if you control "
     "a creature with power 4 or greater.",
     {"cost": "{T}", "mana": {"add": "{G}{G}"}, "condition": {
         "kind": "controls_at_least", "count": 1, "filter": POWER4}}),
    ("Circle of Elders", "Formidable — {T}: Add {C}{C}{C}. Activate only if creatures you "
     "control have total power 8 or greater.",
     {"cost": "{T}", "mana": {"add": "{C}{C}{C}"},
      "condition": {"kind": "total_power_at_least", "count": 8}}),
    ("Selvala, Heart of the Wilds", "{G}, {T}: Add X mana in any combination of colors, "
     "where X is the greatest power among creatures you control.",
     {"cost": "{G}{T}", "mana": {"any_color": 1, "amount_of": {
         "greatest_power": {"types": ["creature"], "controller": "you"}}}}),
    ("Prismatic Geoscope", "Domain — {T}: Add X mana in any combination of colors, where "
     "X is the number of basic land types among lands you control.",
     {"cost": "{T}", "mana": {"any_color": 1, "amount_of": {
         "basic_land_types": {"types": ["land"], "controller": "you"}}}}),
    ("Astral Cornucopia", "{T}: Choose a color. Add one mana of that color for each "
     "charge counter on Astral Cornucopia.",
     {"cost": "{T}", "mana": {"one_color": 1, "amount_of": {"counters": "charge"}}}),
]


@pytest.mark.cr("208.1")
@pytest.mark.parametrize(("name", "line", "data"), READINGS, ids=[r[0] for r in READINGS])
def test_the_line_is_read_as_derived_by_hand_and_renders_back(
        name: str, line: str, data: dict[str, Any]) -> None:
    r = read_line(line, name)
    assert r.status == "read", r.why
    assert r.mana and r.rendered == r.normalised
    got = dict(r.ability["activated"])  # type: ignore[index]
    assert got.pop("text") == line
    assert got == data


@pytest.mark.parametrize("line", [
    # not basic land types: no template (and no such card)
    "{T}: Add X mana of any one color, where X is the number of land types among lands "
    "you control.",
    "{T}: Add X mana of any one color, where X is the number of basic creature types "
    "among lands you control.",
])
def test_other_types_among_stay_unread(line: str) -> None:
    assert read_line(line, "Test Scope").status == "unread"


def test_a_count_of_basic_lands_is_still_a_count() -> None:
    """The domain rule doesn't take over "the number of basic lands you control" (a
    count of permanents, CR 107.3)."""
    r = read_line("{T}: Add X mana of any one color, where X is the number of basic "
                  "lands you control.", "Test Druid")
    assert r.status == "read"
    assert r.ability["activated"]["mana"] == {  # type: ignore[index]
        "one_color": 1, "per": {"supertypes": ["Basic"], "types": ["land"],
                                "controller": "you"}}


# ---- boards ----------------------------------------------------------------------------

def _board(mine: list[str], cards: str = "") -> str:
    return ("turn: {active_player: A, number: 3}\nplayers:\n  A:\n"
            "    battlefield: [" + ", ".join(mine) + "]\n  B: {}\n" + cards)


_answer = verdict_and_count
_same_as_brute_force = same_as_brute_force


#: A test enchantment whose effect on power no question applies (declared in layer 7).
SHRINKER = """cards:
  - name: Test Shrinker
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [power_toughness], text: "Creatures get -1/-0."}
"""
GIANT4 = "{card: Hill Giant, counters: {+1/+1: 1}}"  # 3/3 with a +1/+1 counter: 4/4


@pytest.mark.cr("208.1")
@pytest.mark.cr("613.4")
def test_leafkin_avenger_counts_creatures_of_power_four_or_more() -> None:
    """Leafkin Avenger is 4/3: alone it counts itself, {G}. With Hill Giant (3/3) still
    {G}: {G}{G} not payable. The Giant with a +1/+1 counter is 4/4 (CR 613.4c): {G}{G},
    one payment; {G}{G}{G} not payable. An effect on power not applied: not decided."""
    alone = load_state_text(_board(["Leafkin Avenger", "Hill Giant"]))
    assert activation_outcomes(alone, "Leafkin Avenger", 1) == {(G,)}
    assert _answer(_board(["Leafkin Avenger", "Hill Giant"]), "{G}{G}") == (
        "not payable", 0)
    big = _board(["Leafkin Avenger", GIANT4])
    assert activation_outcomes(load_state_text(big), "Leafkin Avenger", 1) == {(G, G)}
    assert _answer(big, "{G}{G}") == ("payable", 1)
    assert _same_as_brute_force(big, "{G}{G}") == 1
    assert _answer(big, "{G}{G}{G}") == ("not payable", 0)
    shrunk = _board(["Leafkin Avenger", GIANT4, "Test Shrinker"], SHRINKER)
    assert Family.POWER_TOUGHNESS in amount_families(load_state_text(shrunk), "A")
    assert _answer(shrunk, "{G}{G}")[0] == "not decided"


@pytest.mark.cr("614.1a")
@pytest.mark.cr("605.3b")
def test_ilysian_caryatid_two_of_one_color_with_a_big_creature() -> None:
    """Ilysian Caryatid (1/1) alone: one mana of any color; {W}{W} not payable. With
    Craw Wurm (6/4): two of one color instead (CR 614.1a), {W}{W} one way, {W}{U} none;
    a lord making Hill Giant 4/4 (Glorious Anthem, +1/+1) counts too."""
    alone = load_state_text(_board(["Ilysian Caryatid"]))
    assert activation_outcomes(alone, "Ilysian Caryatid", 1) == {(c,) for c in COLORS}
    assert _answer(_board(["Ilysian Caryatid"]), "{W}{W}") == ("not payable", 0)
    wurm = _board(["Ilysian Caryatid", "Craw Wurm"])
    assert activation_outcomes(load_state_text(wurm), "Ilysian Caryatid", 1) == {
        (c, c) for c in COLORS}
    assert _answer(wurm, "{W}{W}") == ("payable", 1)
    assert _answer(wurm, "{W}{U}") == ("not payable", 0)
    anthem = _board(["Ilysian Caryatid", "Hill Giant", "Glorious Anthem"])
    assert activation_outcomes(load_state_text(anthem), "Ilysian Caryatid", 1) == {
        (c, c) for c in COLORS}
    assert _answer(_board(["Ilysian Caryatid", "Craw Wurm", "Test Shrinker"], SHRINKER),
                   "{W}{W}")[0] == "not decided"


@pytest.mark.cr("602.1b")
def test_whisperer_of_the_wilds_ferocious() -> None:
    """Whisperer of the Wilds (0/2): {T}: {G}, or {G}{G} only if you control a creature
    with power 4 or greater (CR 602.1b). With Grizzly Bears: {G}{G} not payable. With
    Craw Wurm: {G}{G} payable one way (its second ability), {G}{G}{G} not."""
    bears = _board(["Whisperer of the Wilds", "Grizzly Bears"])
    assert _answer(bears, "{G}") == ("payable", 1)
    assert _answer(bears, "{G}{G}") == ("not payable", 0)
    wurm = _board(["Whisperer of the Wilds", "Craw Wurm"])
    assert _answer(wurm, "{G}{G}") == ("payable", 1)
    assert _same_as_brute_force(wurm, "{G}{G}") == 1
    assert _answer(wurm, "{G}{G}{G}") == ("not payable", 0)
    assert _answer(_board(["Whisperer of the Wilds", "Craw Wurm", "Test Shrinker"],
                          SHRINKER), "{G}{G}")[0] == "not decided"


@pytest.mark.cr("602.1b")
def test_circle_of_elders_formidable() -> None:
    """Circle of Elders (2/4) with Craw Wurm (6/4): total power 8, {C}{C}{C} payable.
    With Grizzly Bears (2/2) instead, total 4: not payable."""
    assert _answer(_board(["Circle of Elders", "Craw Wurm"]), "{C}{C}{C}") == (
        "payable", 1)
    assert _answer(_board(["Circle of Elders", "Grizzly Bears"]), "{C}{C}{C}") == (
        "not payable", 0)


@pytest.mark.cr("208.1")
@pytest.mark.cr("106.7")
def test_selvala_greatest_power() -> None:
    """Selvala (2/3; "{G}, {T}: Add X mana in any combination of colors, where X is the
    greatest power among creatures you control") with Craw Wurm (6/4) and a Forest: the
    Forest pays {G}, X = 6: six mana, {6} payable and {7} not (paying with the Forest
    instead leaves one). Without the Wurm, X = 2: {2} payable, {3} not. It could produce
    every color (CR 106.7)."""
    wurm = _board(["\"Selvala, Heart of the Wilds\"", "Craw Wurm", "Forest"])
    assert _answer(wurm, "{6}")[0] == "payable"
    assert _answer(wurm, "{W}{U}{B}{R}{G}{G}")[0] == "payable"
    assert _answer(wurm, "{7}") == ("not payable", 0)
    alone = _board(["\"Selvala, Heart of the Wilds\"", "Forest"])
    assert _answer(alone, "{W}{U}")[0] == "payable"
    assert _answer(alone, "{3}") == ("not payable", 0)
    # (could_produce raises ProduceNotDecided when the answer isn't decided)
    assert could_produce(load_state_text(alone), "Selvala, Heart of the Wilds") == \
        frozenset(COLORS)
    assert _answer(_board(["\"Selvala, Heart of the Wilds\"", "Craw Wurm", "Forest",
                           "Test Shrinker"], SHRINKER), "{7}")[0] == "not decided"


@pytest.mark.cr("305.6")
def test_prismatic_geoscope_domain() -> None:
    """Prismatic Geoscope with Forest, Island and a second Forest: two basic land types,
    X = 2; the lands add three more. {W}{W} payable (the Geoscope), {5} payable, {6} not.
    Tropical Island (Forest Island, CR 305.6) and a Plains: three types, so {W}{B}{R}
    is payable (the Geoscope's three), and with the two lands {5}, not {6}."""
    two = _board(["Prismatic Geoscope", "Forest", "Island", "Forest"])
    assert activation_outcomes(load_state_text(two), "Prismatic Geoscope", 1) == {
        tuple(sorted((a, b), key=lambda t: t.order)) for a in COLORS for b in COLORS}
    assert _answer(two, "{W}{W}")[0] == "payable"
    assert _answer(two, "{5}")[0] == "payable"
    assert _answer(two, "{6}") == ("not payable", 0)
    three = _board(["Prismatic Geoscope", "Tropical Island", "Plains"])
    assert _answer(three, "{W}{B}{R}")[0] == "payable"
    assert _answer(three, "{5}")[0] == "payable"
    assert _answer(three, "{6}") == ("not payable", 0)


@pytest.mark.cr("122.1")
def test_astral_cornucopia_one_color_per_counter() -> None:
    """Astral Cornucopia with three charge counters: three mana of one chosen color:
    {R}{R}{R} one way, {R}{R}{G} none; with none, it adds nothing (CR 107.1b)."""
    three = _board(["{card: Astral Cornucopia, counters: {charge: 3}}"])
    assert activation_outcomes(load_state_text(three), "Astral Cornucopia", 1) == {
        (c, c, c) for c in COLORS}
    assert _answer(three, "{R}{R}{R}") == ("payable", 1)
    assert _same_as_brute_force(three, "{R}{R}{R}") == 1
    assert _answer(three, "{R}{R}{G}") == ("not payable", 0)
    none = load_state_text(_board(["Astral Cornucopia"]))
    assert activation_outcomes(none, "Astral Cornucopia", 1) in (set(), {()})


@pytest.mark.cr("602.1b")
@pytest.mark.cr("613.4")
def test_can_activate_reads_power_in_a_condition() -> None:
    """A non-mana ability with "Activate only if you control a creature with power 4
    or greater" reads layer 7: with an effect on power no question applies, the verdict
    is not decided; with Craw Wurm and nothing else, legal."""
    cards = """cards:
  - name: Test Ferocity
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          condition:
            kind: controls_at_least
            count: 1
            filter: {types: [creature], compare: [[power, ">=", 4]], controller: you}
          effects: [{kind: gain_life, amount: 1}]
          text: "{T}: You gain 1 life. Activate only if you control a creature with power
            4 or greater."
  - name: Test Shrinker
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [power_toughness], text: "Creatures get -1/-0."}
"""
    ok = can_activate(load_state_text(_board(["Test Ferocity", "Craw Wurm"], cards)),
                      "Test Ferocity", 1)
    assert ok.legal and not ok.undecided
    no = can_activate(load_state_text(_board(["Test Ferocity", "Grizzly Bears"], cards)),
                      "Test Ferocity", 1)
    assert not no.legal
    shrunk = can_activate(load_state_text(_board(["Test Ferocity", "Craw Wurm",
                                                  "Test Shrinker"], cards)),
                          "Test Ferocity", 1)
    assert shrunk.undecided
