"""Mana amounts read from the pool's oracle text (issue 12, the "amounts" family): what
a mana ability adds when the amount is counted ("for each charge counter on CARDNAME",
"where X is the number of Allies you control", "... CARDNAME's power", "... your life
total"), chosen as a cost is paid ("Remove X storage counters ...: Add X mana in any
combination of {W} and/or {U}", the Mana Batteries, Kyren Toy), fixed with a choice per
mana ("three mana in any combination of {R} and/or {G}") or of different colors ("two
mana of different colors").

Each reading is the card-format data derived by hand, and the line renders back to
itself; each construct then has a small board whose answers are counted by hand (and,
where the brute-force payment oracle of ``test_payments_oracle`` applies, compared with
it). A payment is issue 3's: the multiset of (source group, ability, mana that
activation adds), every activation giving at least one mana to the cost or to a later
activation's cost.

Rules
-----
CR 106.1 (mana types), 105.1 (five colors), 106.5 (no mana of an undefined type),
106.7 (could produce: costs ignored), 107.1b (a negative amount is 0), 107.3 / 107.3a
(X chosen as the ability is activated), 118.3 (a cost can't remove counters that aren't
there), 122.1 (counters), 202.3 (mana value), 208.1 (power), 601.2g-h and 605.3a (mana
abilities while paying), 602.1 (activated as often as the costs can be paid).
"""

from __future__ import annotations

from typing import Any

import pytest
from manacheck.model import ManaCost, ManaProductionKind, ManaType, load_state_text
from manacheck.model.oracletext.reading import read_line
from manacheck.solver.payments import payment_answer, payments
from manacheck.solver.produce import activation_outcomes, could_produce

from tests.test_payments_oracle import (
    identity,
    oracle,
    same_as_brute_force,
    verdict_and_count,
)

W, U, B, R, G, C = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G,
                    ManaType.C)
COLORS = (W, U, B, R, G)


# ---- the readings ------------------------------------------------------------------

READINGS: list[tuple[str, str, dict[str, Any]]] = [
    # CR 122.1: the counters on the source.
    ("Everflowing Chalice", "{T}: Add {C} for each charge counter on Everflowing Chalice.",
     {"cost": "{T}", "mana": {"add": "{C}", "amount_of": {"counters": "charge"}}}),
    ("City of Shadows", "{T}: Add {C} for each storage counter on City of Shadows.",
     {"cost": "{T}", "mana": {"add": "{C}", "amount_of": {"counters": "storage"}}}),
    ("Gyre Sage", "{T}: Add {G} for each +1/+1 counter on Gyre Sage.",
     {"cost": "{T}", "mana": {"add": "{G}", "amount_of": {"counters": "+1/+1"}}}),
    ("Shrine of Boundless Growth", "{T}, Sacrifice Shrine of Boundless Growth: Add {C} for "
     "each charge counter on Shrine of Boundless Growth.",
     {"cost": ["{T}", {"sacrifice": "self"}],
      "mana": {"add": "{C}", "amount_of": {"counters": "charge"}}}),
    ("Lotus Blossom", "{T}, Sacrifice Lotus Blossom: Add X mana of any one color, where X "
     "is the number of petal counters on Lotus Blossom.",
     {"cost": ["{T}", {"sacrifice": "self"}],
      "mana": {"one_color": 1, "amount_of": {"counters": "petal"}}}),
    ("Glittering Stockpile", "{T}, Sacrifice Glittering Stockpile: Add X mana of any one "
     "color, where X is the number of stash counters on Glittering Stockpile.",
     {"cost": ["{T}", {"sacrifice": "self"}],
      "mana": {"one_color": 1, "amount_of": {"counters": "stash"}}}),
    # "where X is the number of ...": a "for each" of permanents (CR 107.3).
    ("Sanctum Weaver", "{T}: Add X mana of any one color, where X is the number of "
     "enchantments you control.",
     {"cost": "{T}", "mana": {"one_color": 1,
                              "per": {"types": ["enchantment"], "controller": "you"}}}),
    ("Harabaz Druid", "{T}: Add X mana of any one color, where X is the number of Allies "
     "you control.",
     {"cost": "{T}", "mana": {"one_color": 1,
                              "per": {"subtypes": ["Ally"], "controller": "you"}}}),
    ("Wirewood Channeler", "{T}: Add X mana of any one color, where X is the number of "
     "Elves on the battlefield.",
     {"cost": "{T}", "mana": {"one_color": 1, "per": {"subtypes": ["Elf"]}}}),
    ("Axebane Guardian", "{T}: Add X mana in any combination of colors, where X is the "
     "number of creatures with defender you control.",
     {"cost": "{T}", "mana": {"any_color": 1, "per": {
         "types": ["creature"], "keywords": ["Defender"], "controller": "you"}}}),
    ("Heronblade Elite", "{T}: Add X mana of any one color, where X is Heronblade Elite's "
     "power.", {"cost": "{T}", "mana": {"one_color": 1, "amount_of": "power"}}),
    ("Sanctum of the Sun", "{T}: Add X mana of any one color, where X is your life total.",
     {"cost": "{T}", "mana": {"one_color": 1, "amount_of": "life"}}),
    ("Priest of Titania", "{T}: Add {G} for each Elf on the battlefield.",
     {"cost": "{T}", "mana": {"add": "{G}", "per": {"subtypes": ["Elf"]}}}),
    ("Cloudpost", "{T}: Add {C} for each Locus on the battlefield.",
     {"cost": "{T}", "mana": {"add": "{C}", "per": {"subtypes": ["Locus"]}}}),
    ("Powerstone Shard", "{T}: Add {C} for each artifact you control named Powerstone "
     "Shard.", {"cost": "{T}", "mana": {"add": "{C}", "per": {
         "types": ["artifact"], "controller": "you", "name": "Powerstone Shard"}}}),
    ("Test Xenagos", "{T}: Add X mana in any combination of {R} and/or {G}, where X is the "
     "number of creatures you control.",
     {"cost": "{T}", "mana": {"choice": ["{R}", "{G}"],
                              "per": {"types": ["creature"], "controller": "you"}}}),
    # Cards in your graveyard (CR 404).
    ("Crypt of Agadeem", "{2}, {T}: Add {B} for each black creature card in your "
     "graveyard.", {"cost": "{2}{T}", "mana": {"add": "{B}", "amount_of": {
         "graveyard": {"colors": ["B"], "types": ["creature"]}}}}),
    # X of the cost (CR 107.3a, 118.3).
    ("Calciform Pools", "{1}, Remove X storage counters from Calciform Pools: Add X mana "
     "in any combination of {W} and/or {U}.",
     {"cost": ["{1}", {"remove_counters": {"counter": "storage", "count": "X"}}],
      "mana": {"choice": ["{W}", "{U}"], "amount_of": "X"}}),
    ("Petalmane Baku", "{1}, Remove X ki counters from Petalmane Baku: Add X mana of any "
     "one color.", {"cost": ["{1}", {"remove_counters": {"counter": "ki", "count": "X"}}],
                    "mana": {"one_color": 1, "amount_of": "X"}}),
    ("Black Mana Battery", "{T}, Remove any number of charge counters from Black Mana "
     "Battery: Add {B}, then add an additional {B} for each charge counter removed this "
     "way.", {"cost": ["{T}", {"remove_counters": {"counter": "charge", "count": "X"}}],
              "mana": {"add": "{B}", "amount_of": "X", "amount_plus": 1}}),
    ("Kyren Toy", "{T}, Remove X charge counters from Kyren Toy: Add an amount of {C} "
     "equal to X plus one.",
     {"cost": ["{T}", {"remove_counters": {"counter": "charge", "count": "X"}}],
      "mana": {"add": "{C}", "amount_of": "X", "amount_plus": 1}}),
    # A fixed number of choices, and different colors (CR 105.1).
    ("Goblin Clearcutter", "{T}, Sacrifice a Forest: Add three mana in any combination of "
     "{R} and/or {G}.",
     {"cost": ["{T}", {"sacrifice": {"count": 1, "filter": {
         "subtypes": ["Forest"], "controller": "you"}}}],
      "mana": {"choice": ["{R}", "{G}"], "amount_of": 3}}),
    ("Firemind Vessel", "{T}: Add two mana of different colors.",
     {"cost": "{T}", "mana": {"different_colors": 2}}),
]


@pytest.mark.cr("107.3")
@pytest.mark.cr("122.1")
@pytest.mark.parametrize(("name", "line", "data"), READINGS,
                         ids=[r[0] for r in READINGS])
def test_the_line_is_read_as_derived_by_hand_and_renders_back(
        name: str, line: str, data: dict[str, Any]) -> None:
    r = read_line(line, name)
    assert r.status == "read", r.why
    assert r.mana and r.rendered == r.normalised
    got = dict(r.ability["activated"])  # type: ignore[index]
    assert got.pop("text") == line
    assert got == data


@pytest.mark.parametrize(("name", "line"), [
    # X that no cost removes (CR 107.3a: X of "Sacrifice X Goats" is another rule).
    ("Springjack Pasture", "{T}, Sacrifice X Goats: Add X mana of any one color. You gain "
     "X life."),
    # Two X in the cost: which one the mana names is not one counter kind.
    ("Test Baku", "{X}, Remove X ki counters from Test Baku: Add X mana of any one color."),
    # (Life gained and cards drawn this turn are read: tests/test_reader_this_turn.py.)
    # A controller and "on the battlefield" at once is not a template.
    ("Test Post", "{T}: Add {C} for each Locus you control on the battlefield."),
    # Two of the same type is not "a combination".
    ("Test Clearcutter", "{T}: Add three mana in any combination of {R} and/or {R}."),
])
def test_what_the_solver_cant_apply_stays_unread(name: str, line: str) -> None:
    assert read_line(line, name).status == "unread"


def test_the_shipped_pool_holds_the_readings() -> None:
    s = load_state_text(_board(["Everflowing Chalice", "Calciform Pools", "Firemind Vessel",
                                "Black Mana Battery"]))
    chalice = s.permanent("Everflowing Chalice").card.activated_abilities[0].mana
    assert chalice is not None and (chalice.amount_of, chalice.amount_counter) == (
        "counters", "charge")
    pools = s.permanent("Calciform Pools").card.activated_abilities[2].mana
    assert pools is not None and (pools.kind, pools.amount_of, pools.x_counter) == (
        ManaProductionKind.CHOICE, "X", "storage")
    vessel = s.permanent("Firemind Vessel").card.activated_abilities[0].mana
    assert vessel is not None and (vessel.kind, vessel.amount) == (
        ManaProductionKind.DIFFERENT_COLORS, 2)
    battery = s.permanent("Black Mana Battery").card.activated_abilities[1].mana
    assert battery is not None and (battery.amount_of, battery.amount_plus) == ("X", 1)


# ---- boards ----------------------------------------------------------------------------

def _board(mine: list[str], theirs: list[str] = (), life: int = 20,  # type: ignore[assignment]
           cards: str = "") -> str:
    return ("turn: {active_player: A, number: 3}\nplayers:\n  A:\n"
            f"    life: {life}\n    battlefield: [" + ", ".join(mine) + "]\n  B:\n"
            "    battlefield: [" + ", ".join(theirs) + "]\n" + cards)


_answer = verdict_and_count
_same_as_brute_force = same_as_brute_force


CHALICE2 = "{card: Everflowing Chalice, counters: {charge: 2}}"


@pytest.mark.cr("122.1")
@pytest.mark.cr("601.2h")
def test_everflowing_chalice_adds_a_colorless_mana_per_charge_counter() -> None:
    """Two charge counters: {C}{C}, colorless only (CR 106.7). With a Forest: {1} is
    the Forest alone or the Chalice alone (one {C} left over): 2; {2} the Chalice
    alone, or the Chalice and the Forest (each gives one, a {C} left over): 2; {3} both:
    1; {4} none. With no counters it adds nothing, so it could produce nothing (CR
    106.7: it would produce no mana) and {1} is the Forest alone."""
    s = load_state_text(_board([CHALICE2, "Forest"]))
    assert activation_outcomes(s, "Everflowing Chalice", 1) == {(C, C)}
    assert could_produce(s, "Everflowing Chalice") == {C}
    text = _board([CHALICE2, "Forest"])
    assert [_answer(text, c) for c in ("{1}", "{2}", "{3}", "{4}")] == [
        ("payable", 2), ("payable", 2), ("payable", 1), ("not payable", 0)]
    assert [_same_as_brute_force(text, c) for c in ("{1}", "{2}", "{3}")] == [2, 2, 1]
    empty = _board(["Everflowing Chalice", "Forest"])
    s0 = load_state_text(empty)
    assert activation_outcomes(s0, "Everflowing Chalice", 1) == frozenset()
    assert could_produce(s0, "Everflowing Chalice") == frozenset()
    assert _answer(empty, "{1}") == ("payable", 1)
    assert _answer(empty, "{2}") == ("not payable", 0)


@pytest.mark.cr("122.1")
def test_gyre_sage_counts_its_plus_one_counters() -> None:
    """Two +1/+1 counters: {G}{G}; {G}{G} one way, {G}{G}{G} none."""
    text = _board(["{card: Gyre Sage, counters: {+1/+1: 2}}"])
    assert activation_outcomes(load_state_text(text), "Gyre Sage", 1) == {(G, G)}
    assert _answer(text, "{G}{G}") == ("payable", 1)
    assert _answer(text, "{G}{G}{G}") == ("not payable", 0)


BLOSSOM = """cards:
  - name: Test Blossom
    types: [Artifact]
    abilities:
      - activated:
          cost: ["{T}", {sacrifice: self}]
          mana: {one_color: 1, amount_of: {counters: petal}}
          text: "{T}, Sacrifice Test Blossom: Add X mana of any one color, where X is the
            number of petal counters on Test Blossom."
"""


@pytest.mark.cr("122.1")
@pytest.mark.cr("106.7")
def test_lotus_blossom_adds_its_petal_counters_of_one_color() -> None:
    """Three petal counters: three mana of one color, five events; it could produce each
    color. With no petal counter the pool card adds nothing: {W} is not payable (its
    upkeep trigger is unread, but a trigger goes on the stack later and can't change a
    payment, CR 603.3). The same ability on a test card: {W}{W} one way (WWW, one
    left over), {W}{U} none, {4} none."""
    s = load_state_text(_board(["{card: Lotus Blossom, counters: {petal: 3}}"]))
    assert activation_outcomes(s, "Lotus Blossom", 1) == {(c,) * 3 for c in COLORS}
    assert could_produce(s, "Lotus Blossom") == set(COLORS)
    assert _answer(_board(["Lotus Blossom"]), "{W}")[0] == "not payable"
    text = _board(["{card: Test Blossom, counters: {petal: 3}}"], cards=BLOSSOM)
    assert [_answer(text, c) for c in ("{W}{W}", "{W}{U}", "{4}")] == [
        ("payable", 1), ("not payable", 0), ("not payable", 0)]
    assert _same_as_brute_force(text, "{W}{W}") == 1
    none = _board(["Test Blossom"], cards=BLOSSOM)
    assert activation_outcomes(load_state_text(none), "Test Blossom", 1) == frozenset()


@pytest.mark.cr("107.3")
def test_priest_of_titania_counts_every_elf_on_the_battlefield() -> None:
    """Itself, A's Llanowar Elves and B's: {G}{G}{G}. {3}: the Priest alone, or the
    Priest and the Elves (one {G} left over): 2; {4}: both, 1; {5}: none."""
    text = _board(["Priest of Titania", "Llanowar Elves"], ["Llanowar Elves"])
    assert activation_outcomes(load_state_text(text), "Priest of Titania", 1) == {(G,) * 3}
    assert [_answer(text, c) for c in ("{3}", "{4}", "{5}")] == [
        ("payable", 2), ("payable", 1), ("not payable", 0)]
    assert _same_as_brute_force(text, "{3}") == 2


@pytest.mark.cr("107.3")
def test_cloudpost_and_powerstone_shard_count_what_they_name() -> None:
    """Cloudposts: three Loci on the battlefield (one B's): {C}{C}{C} each; {3} is one
    Cloudpost, or two (the second gives one, two left over): 2. Powerstone Shards: two
    of A's (B's doesn't count: "you control"): {C}{C} each; {4} both: 1."""
    posts = _board(["Cloudpost", "Cloudpost"], ["Cloudpost"])
    assert activation_outcomes(load_state_text(posts), "Cloudpost", 1) == {(C,) * 3}
    assert _answer(posts, "{3}") == ("payable", 2)
    shards = _board(["Powerstone Shard", "Powerstone Shard"], ["Powerstone Shard"])
    assert activation_outcomes(load_state_text(shards), "Powerstone Shard", 1) == {(C, C)}
    assert _answer(shards, "{4}") == ("payable", 1)
    assert _answer(shards, "{5}") == ("not payable", 0)


@pytest.mark.cr("107.3")
def test_x_of_one_color_counted_among_permanents() -> None:
    """Wirewood Channeler and B's Elves: X = 2, so two mana of one color; {U}{U} one
    way, {U}{G} none. Two Axebane Guardians (defender): X = 2 mana in any combination
    each (15 events). {W}{U}: one Guardian making {W}{U} (1), or both, one with a {W}
    and the other with a {U} among its two mana (5 x 5 ordered pairs, none counted
    twice: only {W}{U}{W}{U} could be, and it is one multiset): 25; 26 in all. Harabaz
    Druid alone is its one Ally: one mana of any color."""
    chan = _board(["Wirewood Channeler"], ["Llanowar Elves"])
    assert activation_outcomes(load_state_text(chan), "Wirewood Channeler", 1) == {
        (c, c) for c in COLORS}
    assert _answer(chan, "{U}{U}") == ("payable", 1)
    assert _answer(chan, "{U}{G}") == ("not payable", 0)
    axe = _board(["Axebane Guardian", "Axebane Guardian"])
    assert len(activation_outcomes(load_state_text(axe), "Axebane Guardian", 1)) == 15
    assert _answer(axe, "{W}{U}") == ("payable", 26)
    assert _same_as_brute_force(axe, "{W}{U}") == 26
    druid = load_state_text(_board(["Harabaz Druid"]))
    assert activation_outcomes(druid, "Harabaz Druid", 1) == {(c,) for c in COLORS}


ELITE = """cards:
  - name: Test Elite
    types: [Creature]
    power: 1
    toughness: 3
    abilities:
      - activated:
          cost: "{T}"
          mana: {one_color: 1, amount_of: power}
          text: "{T}: Add X mana of any one color, where X is Test Elite's power."
  - name: Test Sanctum
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          mana: {one_color: 1, amount_of: life}
          text: "{T}: Add X mana of any one color, where X is your life total."
  - name: Test Shrinker
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [power_toughness], text: "Creatures get -1/-0."}
"""


@pytest.mark.cr("208.1")
@pytest.mark.cr("107.1b")
def test_x_as_power_and_as_life_total() -> None:
    """Heronblade Elite (power 1): one mana of any color. A test Elite with two +1/+1
    counters: power 3, {R}{R}{R} one way, {R}x4 none. At 0 or less life, the life-total
    ability adds nothing (CR 107.1b: a negative amount is 0); at 3 life, three of one
    color. An effect on power that isn't applied makes the answer not decided (CR
    613.4: its mana depends on layer 7)."""
    s = load_state_text(_board(["Heronblade Elite"]))
    assert activation_outcomes(s, "Heronblade Elite", 1) == {(c,) for c in COLORS}
    elite = _board(["{card: Test Elite, counters: {+1/+1: 2}}"], cards=ELITE)
    assert activation_outcomes(load_state_text(elite), "Test Elite", 1) == {
        (c,) * 3 for c in COLORS}
    assert _answer(elite, "{R}{R}{R}") == ("payable", 1)
    assert _answer(elite, "{R}{R}{R}{R}") == ("not payable", 0)
    shrunk = _board(["{card: Test Elite, counters: {+1/+1: 2}}", "Test Shrinker"],
                    cards=ELITE)
    assert _answer(shrunk, "{R}{R}{R}{R}")[0] == "not decided"
    for life, want in ((3, {(c,) * 3 for c in COLORS}), (0, set()), (-2, set())):
        s = load_state_text(_board(["Test Sanctum"], life=life, cards=ELITE))
        assert activation_outcomes(s, "Test Sanctum", 1) == want
    assert _answer(_board(["Test Sanctum"], life=3, cards=ELITE), "{G}{G}{G}") == (
        "payable", 1)


POOLS3 = "{card: Calciform Pools, counters: {storage: 3}}"


@pytest.mark.cr("107.3")
@pytest.mark.cr("118.3")
@pytest.mark.cr("605.3a")
def test_a_storage_land_with_three_counters_and_a_plains() -> None:
    """Calciform Pools ({T}: Add {C}; {1}, Remove X storage counters: X mana in any
    combination of {W} and/or {U}) with three counters, and a Plains. X runs 0..3 (CR
    118.3); X = 1..3 make 2 + 3 + 4 = 9 events. Its X ability has no {T}, so it could
    be activated again (CR 602.1); the solver uses it once per payment. Several
    activations removing the same counters in all pay {1} more each for the same mana
    (each unit is chosen on its own), so one is enough for the verdict: "payable" and
    "not payable" stand, counts are lower bounds (payments.leftout.
    one_activation_enough).

    {U}{U}: the X ability's {1} is paid by the Plains or by the Pools' own {C}, and it
    makes {U}{U}, {U}{U}{U} or {W}{U}{U}: 2 x 3 = 6. {W}{W}{U}{U}: the {C} pays the {1},
    the Plains a {W}, and X = 3 makes {W}{U}{U}: 1 (4 mana net of the {1}, the most
    there is). {W}{W}{W}{U}{U}: 5 mana: not payable. The brute force (one
    activation per permanent) finds the 3 with the Plains paying the {1}; the solver
    also the 3 where the Pools' own {T} ability pays it (CR 605.3a: two abilities of one
    permanent)."""
    s = load_state_text(_board([POOLS3]))
    assert activation_outcomes(s, "Calciform Pools", 3) == {
        (W,), (U,), (W, W), (W, U), (U, U), (W, W, W), (W, W, U), (W, U, U), (U, U, U)}
    assert could_produce(s, "Calciform Pools") == {C, W, U}
    text = _board([POOLS3, "Plains"])
    a = payment_answer(load_state_text(text), "A", "{U}{U}")
    assert a.payable and a.count is None and a.count_bounds is not None
    assert a.count_bounds.at_least == 6 and a.left_out == () and not a.complete
    st = load_state_text(text)
    brute = oracle(st, "A", ManaCost.parse("{U}{U}"))
    assert len(brute) == 3 and brute < {identity(st, p) for p in payments(st, "A", "{U}{U}")}
    assert _answer(text, "{W}{W}{U}{U}") == ("payable", None)
    assert _answer(text, "{W}{W}{W}{U}{U}") == ("not payable", 0)
    empty = load_state_text(_board(["Calciform Pools"]))
    assert activation_outcomes(empty, "Calciform Pools", 3) == frozenset()
    assert could_produce(empty, "Calciform Pools") == {C, W, U}  # costs ignored (106.7)


@pytest.mark.cr("107.3")
@pytest.mark.cr("118.3")
def test_mana_batteries_and_kyren_toy_add_x_plus_one() -> None:
    """Black Mana Battery with two charge counters: X = 0, 1 or 2 removed, {B} and X
    more: {B}, {B}{B}, {B}{B}{B}. {B}: each of the three (leftovers): 3; {B}{B}: 2;
    {B}x4: none. With no counters it still adds {B} (X = 0). Kyren Toy with two: {C} to
    {C}{C}{C}; {2}: 2."""
    text = _board(["{card: Black Mana Battery, counters: {charge: 2}}"])
    assert activation_outcomes(load_state_text(text), "Black Mana Battery", 2) == {
        (B,), (B, B), (B, B, B)}
    assert [_answer(text, c) for c in ("{B}", "{B}{B}", "{B}{B}{B}{B}")] == [
        ("payable", 3), ("payable", 2), ("not payable", 0)]
    assert _same_as_brute_force(text, "{B}") == 3
    none = load_state_text(_board(["Black Mana Battery"]))
    assert activation_outcomes(none, "Black Mana Battery", 2) == {(B,)}
    toy = _board(["{card: Kyren Toy, counters: {charge: 2}}"])
    assert activation_outcomes(load_state_text(toy), "Kyren Toy", 2) == {
        (C,), (C, C), (C, C, C)}
    assert _answer(toy, "{2}") == ("payable", 2)


@pytest.mark.cr("107.3")
def test_petalmane_baku_x_of_one_color() -> None:
    """Two ki counters: X = 1 or 2 mana of one color, ten events."""
    s = load_state_text(_board(["{card: Petalmane Baku, counters: {ki: 2}}"]))
    assert activation_outcomes(s, "Petalmane Baku", 1) == {
        (c,) * n for c in COLORS for n in (1, 2)}


@pytest.mark.cr("601.2g")
def test_goblin_clearcutter_three_mana_of_red_and_green() -> None:
    """Three mana in any combination of {R} and/or {G}: RRR, RRG, RGG, GGG. With a
    Forest (which may be tapped for {G} before it is sacrificed, CR 601.2g): {R}{R}{R}
    only from RRR (1); {R}{R}{G}: RRG alone, or RRR or RRG with the Forest's {G} (3)."""
    text = _board(["Goblin Clearcutter", "Forest"])
    assert activation_outcomes(load_state_text(text), "Goblin Clearcutter", 1) == {
        (R, R, R), (R, R, G), (R, G, G), (G, G, G)}
    assert _answer(text, "{R}{R}{R}") == ("payable", 1)
    assert _answer(text, "{R}{R}{G}") == ("payable", 3)
    assert _same_as_brute_force(text, "{R}{R}{G}") == 3


@pytest.mark.cr("105.1")
def test_firemind_vessel_two_mana_of_different_colors() -> None:
    """One each of two different colors: C(5, 2) = 10 events. {W}{U}: 1; {W}{W}: none;
    {1}: each of the ten (one left over): 10; with a Forest, {G}{G}: the Vessel with a
    {G} (4 events) and the Forest: 4."""
    text = _board(["Firemind Vessel"])
    assert activation_outcomes(load_state_text(text), "Firemind Vessel", 1) == {
        (a, b) for i, a in enumerate(COLORS) for b in COLORS[i + 1:]}
    assert [_answer(text, c) for c in ("{W}{U}", "{W}{W}", "{1}")] == [
        ("payable", 1), ("not payable", 0), ("payable", 10)]
    forest = _board(["Firemind Vessel", "Forest"])
    assert _answer(forest, "{G}{G}") == ("payable", 4)
    assert _same_as_brute_force(forest, "{G}{G}") == 4


PRIEST = """cards:
  - name: Test Priest
    types: [Creature]
    power: 1
    toughness: 2
    abilities:
      - activated:
          cost: ["{T}", {sacrifice: {count: 1, filter: {types: [Artifact], controller: you}}}]
          mana: {add: "{B}", per_sacrificed: mana_value}
          text: "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed
            artifact's mana value."
"""


@pytest.mark.cr("202.3")
def test_the_sacrificed_artifacts_mana_value() -> None:
    """Priest of Yawgmoth's ability (read by the riders' family: the sacrificed
    permanent's mana value, as Soldevi Adnate's), on a test card. Sol Ring (mana value
    1) or Mind Stone (2): {B} or {B}{B}. What it adds depends on what it sacrifices,
    which the payment solver doesn't model: left out, and a payment answer that needs
    it is not decided."""
    s = load_state_text(_board(["Test Priest", "Sol Ring", "Mind Stone"], cards=PRIEST))
    assert activation_outcomes(s, "Test Priest", 1) == {(B,), (B, B)}
    assert could_produce(s, "Test Priest") == {B}
    a = payment_answer(s, "A", "{B}{B}")
    assert a.verdict == "not decided" and "Test Priest (ability 1)" in a.left_out


CRYPT = """turn: {active_player: A, number: 3}
players:
  A:
    battlefield: [Crypt of Agadeem, Swamp, Swamp%s]
    graveyard: [Gravedigger, Gravedigger, Dark Ritual, Llanowar Elves]
  B:
    graveyard: [Gravedigger]
cards:
  - name: Test Painter
    types: [Enchantment]
    abilities:
      - static: {kind: other, affects: [colors], text: "Cards in graveyards are green."}
"""


@pytest.mark.cr("404.1")
@pytest.mark.cr("613.1e")
def test_crypt_of_agadeem_counts_black_creature_cards_in_your_graveyard() -> None:
    """Two Gravediggers in A's graveyard (Dark Ritual isn't a creature, Llanowar Elves
    isn't black, B's Gravedigger isn't A's): {B}{B}. With two Swamps: {B}{B} is the
    Crypt's {B} and a Swamp, both Swamps, or its {B}{B} paid for by both Swamps: 3;
    {B}{B}{B} only the Crypt's {B} and both Swamps: 1. An effect on colors that isn't
    applied makes the answer not decided (the count reads layer 5)."""
    s = load_state_text(CRYPT % "")
    assert activation_outcomes(s, "Crypt of Agadeem", 2) == {(B, B)}
    assert _answer(CRYPT % "", "{B}{B}") == ("payable", 3)
    assert _same_as_brute_force(CRYPT % "", "{B}{B}") == 3
    assert _answer(CRYPT % "", "{B}{B}{B}") == ("payable", 1)
    assert _answer(CRYPT % "", "{B}{B}{B}{B}") == ("not payable", 0)
    assert _answer(CRYPT % ", Test Painter", "{B}{B}{B}{B}")[0] == "not decided"


@pytest.mark.cr("106.1")
def test_a_count_word_before_one_symbol() -> None:
    """"Add six {G}." (Castle Garenbrig) is six green mana: the same data as
    "{G}{G}{G}{G}{G}{G}", written back with its count word; "Add six {G}{U}." isn't one
    symbol and stays unread."""
    r = read_line("{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature "
                  "spells or activate abilities of creatures.", "Castle Garenbrig")
    assert r.status == "read"
    assert r.ability["activated"]["mana"]["add"] == "{G}{G}{G}{G}{G}{G}"  # type: ignore[index]
    assert "_count_word" not in r.ability["activated"]["mana"]  # type: ignore[index]
    assert read_line("{T}: Add six {G}{U}.", "X").status == "unread"


@pytest.mark.cr("106.7")
def test_the_sacrificed_land_could_produce() -> None:
    """Squandered Resources' line reads as its built-in definition says (CR 106.7: any
    type the sacrificed land could produce)."""
    r = read_line("Sacrifice a land: Add one mana of any type the sacrificed land could "
                  "produce.", "Squandered Resources")
    assert r.status == "read"
    assert r.ability["activated"]["mana"] == {  # type: ignore[index]
        "could_produce": {"lands": "sacrificed", "of": "type"}}


@pytest.mark.cr("107.3")
@pytest.mark.cr("605.1b")
def test_one_activation_is_enough_only_when_several_add_nothing_more() -> None:
    """Calciform Pools' removal ability is used once: several activations removing the
    same counters pay {1} each for mana one activation can make, so "not payable"
    stands (three counters and a Plains: 4 mana at most, {5} not payable). Petalmane
    Baku adds X mana of one color per activation: with two ki counters and two Plains,
    {U}{B} is payable by the rules only with two activations (each Plains pays a {1},
    each removes one counter), so the Baku stays left out and the answer is "not
    decided", never "not payable". A triggered mana ability on the board that the
    removal doesn't set off (Dictate of Karametra: one more mana whenever a land is
    tapped for mana, CR 605.1b; the removal has no {T}, so it isn't tapping the Pools for
    mana, CR 106.12) leaves one activation enough: the Plains and the Pools' {T} make 2
    each, the removal 3 less its {1}: {6} payable, {7} not payable. A mana replacement
    effect keeps the Pools left out, also one of a resolved spell (Pale Moon). (One that
    each removal sets off, Caged Sun: tests/test_mana_added_triggers.py.)"""
    pools = _board([POOLS3, "Plains"])
    a = payment_answer(load_state_text(pools), "A", "{5}")
    assert a.verdict == "not payable" and a.left_out == ()
    baku = _board(["{card: Petalmane Baku, counters: {ki: 2}}", "Plains", "Plains"])
    b = payment_answer(load_state_text(baku), "A", "{U}{B}")
    assert b.verdict == "not decided" and b.left_out
    trig = _board([POOLS3, "Plains", "Dictate of Karametra"])
    assert payment_answer(load_state_text(trig), "A", "{6}").verdict == "payable"
    assert payment_answer(load_state_text(trig), "A", "{7}").verdict == "not payable"
    # A resolved spell's mana replacement effect counts as well (CR 611.2a: Pale Moon's
    # continuous effect is in the state's effects, not on a permanent).
    moon = _board([POOLS3, "Plains"]) + "effects: [{card: Pale Moon, controller: A}]\n"
    assert payment_answer(load_state_text(moon), "A", "{5}").verdict == "not decided"


def test_the_cli_says_why_a_storage_land_count_is_a_lower_bound(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """``pay`` on Calciform Pools (three counters) and a Plains: {U}{U} payable with at
    least 6 payments and why only at least (the removal ability used once); {5} not
    payable, exit 1 (one activation is enough for the verdict)."""
    from manacheck.cli import main

    path = tmp_path / "pools.yaml"
    path.write_text(_board([POOLS3, "Plains"]), encoding="utf-8")
    assert main(["pay", str(path), "{U}{U}", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "at least 6 distinct payments"
    assert main(["pay", str(path), "{U}{U}"]) == 0
    out = capsys.readouterr().out
    assert "payable, at least 6 distinct payments" in out and "used once" in out
    assert main(["pay", str(path), "{5}"]) == 1
    assert capsys.readouterr().out.startswith("{5}: not payable")
