"""An independent port of XMage's mana tests (magefree/mage, Mage.Tests), as an engine
author would do it.

Each test names the XMage test class and method it ports. The board is written as a
manacheck state file (inline YAML); the expected answers are derived from the
Comprehensive Rules, never copied from XMage. XMage's "mana options" (every combination
of mana a player could make) become manacheck questions: each option is payable as a
cost, a cost one mana larger than the maximum is not payable, a type nobody can make is
not payable, and ``produce`` gives each permanent's types (CR 106.7).

Where XMage's own expectation is wrong or incomplete by the rules, the docstring says so.

A scenario manacheck answers wrongly, or leaves "not decided" (``payable is None``)
where the rules give a definite answer, is kept as ``xfail(strict=True)`` with the exact
reason, so it fails loudly once fixed.

Rules used throughout: CR 106.1 (mana types), 106.7 (could produce), 106.12 (tapped for
mana), 107.4e (hybrid symbols), 107.5 ({T}), 118.3 (a cost needs the resources),
601.2g (mana abilities are activated before costs are paid, and may be activated
during the payment, so a mana ability's own mana cost may be paid with mana from other
mana abilities), 601.2h (partial payments are not allowed), 602.5b (once each turn),
605.1a/605.1b (activated and triggered mana abilities), 605.3a-b, 605.4a, 614.1a and
616.1 (replacement effects), 700.5 (devotion).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver import can_activate
from manacheck.solver.payments import PaymentAnswer, payment_answer
from manacheck.solver.produce import explain_could_produce, mana_abilities

from manacheck.cli import main

# ---- helpers --------------------------------------------------------------------------


def load(text: str) -> GameState:
    """A state file, written inline."""
    return load_state_text(textwrap.dedent(text))


def board(*battlefield: str, opponent: tuple[str, ...] = (), hand: tuple[str, ...] = (),
          extra: str = "", library: int | None = None) -> GameState:
    """Alice's turn, precombat main phase; Alice controls ``battlefield``, Bob
    ``opponent``. Each entry is a YAML flow item (a name or a mapping)."""
    lines = ["turn: {active_player: Alice, phase: precombat_main}", "players:", "  Alice:"]
    if library is not None:
        lines.append(f"    library_size: {library}")
    if hand:
        lines.append("    hand: [" + ", ".join(hand) + "]")
    lines.append("    battlefield: [" + ", ".join(battlefield) + "]")
    lines.append("  Bob:")
    lines.append("    battlefield: [" + ", ".join(opponent) + "]")
    return load_state_text("\n".join(lines) + "\n" + textwrap.dedent(extra))


def ask(state: GameState, cost: str | None, player: str = "Alice",
        **kw: object) -> PaymentAnswer:
    return payment_answer(state, player, cost, list_payments=False, **kw)  # type: ignore[arg-type]


def payable(state: GameState, cost: str | None, player: str = "Alice",
            **kw: object) -> bool | None:
    return ask(state, cost, player, **kw).payable


def activation(state: GameState, obj: str, ability: int | None = None) -> bool | None:
    """can-activate's verdict: True, False, or None when not decided (``undecided``)."""
    v = can_activate(state, obj, ability) if ability is not None else can_activate(state, obj)
    return None if v.undecided else v.legal


def produce(state: GameState) -> dict[str, str]:
    """Permanent id -> the types it could produce (CR 106.7), in WUBRGC order, as one
    string, for every permanent with a mana ability that could produce something; a
    "not decided" answer ends in "?" (``manacheck produce`` says "not decided")."""
    out: dict[str, str] = {}
    for p in state.permanents:
        if not mana_abilities(state, p.id):
            continue
        d = explain_could_produce(state, p.id, explain=False).as_dict(explain=False)
        types = "".join(str(t) for t in d["mana_types"])  # type: ignore[union-attr]
        if d.get("undecided") or d.get("complete") is False:
            types += "?"
        if types:
            out[p.id] = types
    return out


def repeat(sym: str, n: int) -> str:
    """``repeat("G", 3)`` is ``"{G}{G}{G}"``."""
    return "".join("{" + sym + "}" for _ in range(n))


# ---- ManaOptionsTest (Mage.Tests/src/test/java/org/mage/test/utils) ---------------------


@pytest.mark.cr("601.2h")
def test_mana_options_simple_mana() -> None:
    """ManaOptionsTest.testSimpleMana: three Forests.

    CR 305.6, 601.2h: {G}{G}{G} is payable; a fourth mana is not.
    """
    s = board("Forest", "Forest", "Forest")
    assert payable(s, "{G}{G}{G}") is True
    assert payable(s, "{4}") is False
    assert produce(s) == {"Forest": "G", "Forest#2": "G", "Forest#3": "G"}


@pytest.mark.cr("601.2h")
def test_mana_options_tinder_farm() -> None:
    """ManaOptionsTest.testTinderFarm: three untapped Tinder Farms ({T}: Add {G}. {T},
    Sacrifice: Add {R}{W}).

    Each Farm gives {G} or {R}{W} (both need its {T}, CR 107.5), so every option from
    {G}{G}{G} to {R}{R}{R}{W}{W}{W} is payable, six mana at most, and no more than three
    green ones. A mix such as {R}{R}{R}{W}{W}{G} would need four activations.
    """
    s = board("Tinder Farm", "Tinder Farm", "Tinder Farm")
    for option in ("{G}{G}{G}", "{R}{G}{G}{W}", "{R}{R}{G}{W}{W}", "{R}{R}{R}{W}{W}{W}"):
        assert payable(s, option) is True, option
    assert payable(s, "{7}") is False
    assert payable(s, "{R}{R}{R}{W}{W}{G}") is False
    assert payable(s, "{G}{G}{G}{G}") is False


@pytest.mark.cr("106.1")
def test_mana_options_adarkar_wastes() -> None:
    """ManaOptionsTest.testAdarkarWastes: three Adarkar Wastes ({T}: Add {C}. {T}: Add
    {W} or {U}; 1 damage to you).

    All ten options ({C}{C}{C} ... {U}{U}{U}) are payable: damage is an effect, not a
    cost (CR 119.4 doesn't apply). Three mana at most.
    """
    s = board("Adarkar Wastes", "Adarkar Wastes", "Adarkar Wastes")
    for option in ("{C}{C}{C}", "{C}{W}{U}", "{W}{U}{U}", "{U}{U}{U}", "{W}{W}{W}"):
        assert payable(s, option) is True, option
    assert payable(s, "{4}") is False
    assert produce(s)["Adarkar Wastes"] == "WUC"


@pytest.mark.cr("601.2g")
def test_mana_options_chromatic_sphere() -> None:
    """ManaOptionsTest.testChromaticSphere: two Plains and two Chromatic Spheres ({1},
    {T}, Sacrifice: Add one mana of any color).

    Each Plains may pay one Sphere (CR 601.2g), so two mana of any colors ({Any}{Any}):
    {U}{B} is payable, and so is {W}{U} (one Plains for itself, one for a Sphere). Never
    three mana (the Spheres' costs eat the Plains), never {W}{W}{U}.
    """
    s = board("Plains", "Plains", "Chromatic Sphere", "Chromatic Sphere")
    assert payable(s, "{U}{B}") is True
    assert payable(s, "{W}{U}") is True
    assert payable(s, "{3}") is False
    assert payable(s, "{W}{W}{U}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_orochi_leafcaller() -> None:
    """ManaOptionsTest.testOrochiLeafcaller: two Plains, two Forests, Orochi Leafcaller
    ({G}: Add one mana of any color).

    {W}{W}{Any}{Any}: each Forest's {G} may be turned into any color, so {W}{W}{B}{B} is
    payable; four mana at most (the Leafcaller only converts).
    """
    s = board("Plains", "Plains", "Forest", "Forest", "Orochi Leafcaller")
    assert payable(s, "{W}{W}{B}{B}") is True
    assert payable(s, "{W}{W}{G}{U}") is True
    # the current XMage test's checks, hybrid symbols included (CR 107.4e)
    for cost in ("{4}", "{G}{G}{W}{W}", "{U}{U}{W}{W}", "{W/G}{W/U}", "{W/U}{W/U}{2/W}"):
        assert payable(s, cost) is True, cost
    assert payable(s, "{5}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_crystal_quarry_too_few_lands() -> None:
    """ManaOptionsTest.testCrystalQuarry: two Plains, two Forests, Crystal Quarry ({T}:
    Add {C}. {5}, {T}: Add {W}{U}{B}{R}{G}).

    Only four other lands: the {5} ability can't be paid (CR 118.3), so five mana at most
    ({C}{G}{G}{W}{W}) and no {U}, {B} or {R}.
    """
    s = board("Plains", "Plains", "Forest", "Forest", "Crystal Quarry")
    assert payable(s, "{C}{G}{G}{W}{W}") is True
    assert payable(s, "{5}") is True
    assert payable(s, "{W}{U}{B}{R}{G}") is False
    assert payable(s, "{U}") is False
    assert payable(s, "{6}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_crystal_quarry_five_lands() -> None:
    """ManaOptionsTest.testCrystalQuarry2: two Plains, three Forests, Crystal Quarry.

    Options {C}{G}{G}{G}{W}{W} (tap all) and {W}{U}{B}{R}{G} (five lands pay the
    Quarry). Six mana at most; {W}{U}{B}{R}{G} plus one more is not payable.
    """
    s = board("Plains", "Plains", "Forest", "Forest", "Forest", "Crystal Quarry")
    assert payable(s, "{C}{G}{G}{G}{W}{W}") is True
    assert payable(s, "{W}{U}{B}{R}{G}") is True
    assert payable(s, "{W}{U}{B}{R}{G}{G}") is False
    assert payable(s, "{C}{W}{U}{B}{R}{G}") is False   # the Quarry taps once
    assert payable(s, "{7}") is False


NYKTHOS = '"Nykthos, Shrine to Nyx"'


@pytest.mark.cr("700.5")
def test_mana_options_nykthos_green_and_white_devotion() -> None:
    """ManaOptionsTest.testNykthos1: four Sedge Scorpions ({G}), three Forests, four
    Silvercoat Lions ({1}{W}), Nykthos.

    Devotion to green 4, to white 4 (CR 700.5). Options: {C}{G}{G}{G}; two Forests pay
    {2} for {G}x4 plus the third Forest: {G}x5; or {W}x4 plus {G}. Five mana at most,
    never five white.
    """
    s = board(*["Sedge Scorpion"] * 4, "Forest", "Forest", "Forest",
              *["Silvercoat Lion"] * 4, NYKTHOS)
    assert payable(s, "{C}{G}{G}{G}") is True
    assert payable(s, "{G}{G}{G}{G}{G}") is True
    assert payable(s, "{G}{W}{W}{W}{W}") is True
    assert payable(s, "{W}{W}{W}{W}{W}") is False
    # the current XMage test: {G}{G}{W} can't be paid (white needs two Forests on
    # Nykthos's {2}, leaving one {G})
    assert payable(s, "{G}{G}{W}") is False
    assert payable(s, "{6}") is False


@pytest.mark.cr("700.5")
def test_mana_options_nykthos_caryatid() -> None:
    """ManaOptionsTest.testNykthos3: Sylvan Caryatid ({1}{G}, {T}: any color), Forest,
    Nykthos.

    Devotion to green is 1, so paying {2} for it only loses mana: the best is
    {C}{G}{Any}. Three mana at most; {G}{G}{G} is not payable ({G} from Forest and
    Caryatid only, Nykthos's {2} ability would eat both).
    """
    s = board("Sylvan Caryatid", "Forest", NYKTHOS)
    assert payable(s, "{C}{G}{U}") is True
    assert payable(s, "{C}{G}{G}") is True
    assert payable(s, "{C}{G}{W}") is True
    assert payable(s, "{4}") is False
    assert payable(s, "{G}{G}{G}") is False


@pytest.mark.cr("700.5")
def test_mana_options_nykthos_green_only() -> None:
    """ManaOptionsTest.testNykthos4a: four Sedge Scorpions, three Forests, Nykthos.

    {C}{G}{G}{G} or {G}x5 (two Forests pay for devotion 4); six mana never.
    """
    s = board(*["Sedge Scorpion"] * 4, "Forest", "Forest", "Forest", NYKTHOS)
    assert payable(s, "{C}{G}{G}{G}") is True
    assert payable(s, "{G}{G}{G}{G}{G}") is True
    assert payable(s, "{6}") is False


@pytest.mark.cr("614.1a")
def test_mana_options_nykthos_damping_sphere() -> None:
    """ManaOptionsTest.testNykthos4b: Damping Sphere ("If a land is tapped for two or
    more mana, it produces {C} instead of any other type and amount"), four Sedge
    Scorpions, three Forests, Nykthos.

    Nykthos's devotion ability would add {G}{G}{G}{G}: replaced by one {C} (CR 614.1a,
    106.12b). Paying {2} for one {C} only loses mana, so the maximum is {C}{G}{G}{G}:
    {G}{G}{G}{G} and five mana are not payable. Nykthos could produce only {C} (CR 106.7:
    devotion to other colors is 0, so no other type).
    """
    s = board("Damping Sphere", *["Sedge Scorpion"] * 4, "Forest", "Forest", "Forest",
              NYKTHOS)
    assert payable(s, "{C}{G}{G}{G}") is True
    assert payable(s, "{G}{G}{G}{G}") is False
    assert payable(s, "{G}{G}{G}{G}{G}") is False
    assert payable(s, "{5}") is False
    assert produce(s)["Nykthos, Shrine to Nyx"] == "C"


@pytest.mark.cr("106.7")
def test_nykthos_damping_sphere_devotion_one_is_not_replaced() -> None:
    """Companion of ManaOptionsTest.testNykthos4b: with devotion 1, Nykthos adds one mana,
    which Damping Sphere ("two or more mana") doesn't replace: Nykthos could produce {C}
    (first ability) and {G} (CR 106.7 ignores the {2} cost)."""
    s = board("Damping Sphere", "Sedge Scorpion", NYKTHOS)
    assert produce(s)["Nykthos, Shrine to Nyx"] == "GC"


@pytest.mark.cr("700.5")
def test_mana_options_nykthos_two_lions() -> None:
    """ManaOptionsTest.testNykthos5: two Silvercoat Lions, four Sedge Scorpions, three
    Forests, Nykthos.

    {G}{W}{W} (devotion to white 2), {C}{G}{G}{G}, {G}x5. Never {G}{G}{G}{W}{W}.
    """
    s = board("Silvercoat Lion", "Silvercoat Lion", *["Sedge Scorpion"] * 4,
              "Forest", "Forest", "Forest", NYKTHOS)
    assert payable(s, "{G}{W}{W}") is True
    assert payable(s, "{G}{G}{G}{G}{G}") is True
    assert payable(s, "{G}{G}{G}{W}{W}") is False
    assert payable(s, "{G}{G}{W}{W}") is False
    assert payable(s, "{6}") is False


AKROAN_BOARD = (*["Sedge Scorpion"] * 4, *["Akroan Crusader"] * 3,
                "Forest", "Forest", "Forest", NYKTHOS)


@pytest.mark.cr("603.2")
def test_mana_options_nykthos_red_devotion() -> None:
    """ManaOptionsTest.testNykthos2: four Sedge Scorpions, three Akroan Crusaders ({R}),
    three Forests, Nykthos.

    Devotion to red 3: {R}{R}{R}{G} payable; {G}x5 payable; {R}{R}{R}{G}{G} and six mana
    not payable.
    """
    s = board(*AKROAN_BOARD)
    assert payable(s, "{R}{R}{R}{G}") is True
    assert payable(s, "{G}{G}{G}{G}{G}") is True
    assert payable(s, "{R}{R}{R}{G}{G}") is False
    assert payable(s, "{R}{R}{R}{R}") is False
    assert payable(s, "{6}") is False


NYKTHOS6_BOARD = (*["Sedge Scorpion"] * 4, "Forest", "Forest", "Forest",
                  *["Silvercoat Lion"] * 4, NYKTHOS, '"Radha, Heart of Keld"',
                  "Precognition Field", "Mystic Forge", "Experimental Frenzy",
                  "Elsha of the Infinite", '"Bolas\'s Citadel"', "Verge Rangers",
                  '"Vivien, Monsters\' Advocate"', "Vizier of the Menagerie")


@pytest.mark.cr("700.5")
def test_mana_options_nykthos_many_permanents() -> None:
    """ManaOptionsTest.testNykthos6: testNykthos1's board plus Radha, Heart of Keld
    ({1}{R}{G}), Precognition Field ({2}{U}), Mystic Forge ({4}), Experimental Frenzy
    ({3}{R}), Elsha of the Infinite ({2}{U}{R}{W}), Bolas's Citadel ({3}{B}{B}{B}),
    Verge Rangers ({2}{W}), Vivien, Monsters' Advocate ({3}{G}{G}), Vizier of the
    Menagerie ({3}{G}).

    Devotion (CR 700.5, planeswalkers count): green 4+1+2+1 = 8, white 4+1+1 = 6, red 3,
    black 3, blue 2. {G}x9 (two Forests pay, devotion 8, third Forest) is payable; ten
    mana never (Nykthos's {2} eats two lands). XMage agrees ({G}x9 is its largest
    option). The other permanents' statics change no mana ability: looking at the
    library's top card (CR 401.2), playing lands and casting spells from it (CR 305.1,
    601.2a; Bolas's Citadel's life instead of a spell's mana cost, CR 118.9), first
    strike (CR 702.7), and spending mana as any type to cast creature spells (CR 609.4b:
    no cost here is a creature spell's).
    """
    s = board(*NYKTHOS6_BOARD)
    assert payable(s, repeat("G", 9)) is True
    assert payable(s, "{G}" + repeat("W", 6)) is True
    assert payable(s, "{R}{R}{R}{G}") is True
    assert payable(s, "{B}{B}{B}{G}") is True
    assert payable(s, "{G}{U}{U}") is True
    assert payable(s, repeat("G", 10)) is False
    assert payable(s, "{10}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_duplicated_have() -> None:
    """ManaOptionsTest.testDuplicatedHave: Chromatic Star, Chromatic Sphere (each {1},
    {T}, Sacrifice: any color), Urza's Tower (alone: {C}), Grove of the Burnwillows
    ({T}: {C}, or {R}/{G} and each opponent gains 1 life).

    Two mana at most: {C}{C}, {C}{Any}, {Any}{Any} (Tower pays the Star, Grove pays the
    Sphere). So {U}{B} payable, three mana not.
    """
    s = board("Chromatic Star", "Chromatic Sphere", '"Urza\'s Tower"',
              "Grove of the Burnwillows")
    assert payable(s, "{C}{C}") is True
    assert payable(s, "{U}{B}") is True
    assert payable(s, "{G}{G}") is True       # the current XMage test's checks
    assert payable(s, "{R}{R}") is True
    assert payable(s, "{C}{R}{R}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("107.4e")
def test_mana_options_fetid_heath() -> None:
    """ManaOptionsTest.testFetidHeath: Fetid Heath ({T}: {C}. {W/B}, {T}: Add {W}{W},
    {W}{B} or {B}{B}) and a Plains.

    The Plains' {W} pays the hybrid {W/B} (CR 107.4e): {B}{B}, {W}{B}, {W}{W}, or tap both
    for {C}{W}. Two mana at most.
    """
    s = board("Fetid Heath", "Plains")
    for option in ("{C}{W}", "{W}{W}", "{W}{B}", "{B}{B}"):
        assert payable(s, option) is True, option
    assert payable(s, "{3}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_cabal_coffers_one_swamp() -> None:
    """ManaOptionsTest.testCabalCoffers1: Cabal Coffers ({2}, {T}: Add {B} for each Swamp
    you control), Plains, Swamp.

    Using Coffers turns two mana into one {B}, so the best is {W}{B}; {B}{B} is not
    payable.
    """
    s = board("Cabal Coffers", "Plains", "Swamp")
    assert payable(s, "{W}{B}") is True
    assert payable(s, "{B}{B}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_cabal_coffers_two_swamps() -> None:
    """ManaOptionsTest.testCabalCoffers2: Cabal Coffers, Plains, two Swamps.

    Plains and a Swamp pay {2} for {B}{B}, the other Swamp {B}: {B}{B}{B}; or {W}{B}{B}
    by tapping. Never four mana, never {W}{B}{B}{B}.
    """
    s = board("Cabal Coffers", "Plains", "Swamp", "Swamp")
    assert payable(s, "{B}{B}{B}") is True
    assert payable(s, "{W}{B}{B}") is True
    assert payable(s, "{W}{B}{B}{B}") is False
    assert payable(s, "{B}{B}{B}{B}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("107.3")
def test_mana_options_mage_ring_network_no_counters() -> None:
    """ManaOptionsTest.testMageRingNetwork: Mage-Ring Network without storage counters,
    Plains, Swamp: {C}{W}{B}, three mana at most (its storage ability adds no mana)."""
    s = board("Mage-Ring Network", "Plains", "Swamp")
    assert payable(s, "{C}{W}{B}") is True
    assert payable(s, "{4}") is False


@pytest.mark.cr("107.3")
def test_mana_options_mage_ring_network_four_counters() -> None:
    """ManaOptionsTest.testMageRingNetwork2: Mage-Ring Network with four storage
    counters, Plains, Swamp.

    {T}, Remove X storage counters: Add {C} x X, with X = 4: {C}x4 {W}{B}. Its two mana
    abilities both need {T}, so never seven mana.
    """
    s = board("{card: Mage-Ring Network, counters: {storage: 4}}", "Plains", "Swamp")
    assert payable(s, "{C}{C}{C}{C}{W}{B}") is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("605.1b")
def test_mana_options_crypt_ghast() -> None:
    """ManaOptionsTest.testCryptGhast: Crypt Ghast ("Whenever you tap a Swamp for mana,
    add an additional {B}") and a Swamp.

    A triggered mana ability (CR 605.1b, 106.12a) resolves right away (605.4a): {B}{B};
    never three.
    """
    s = board("Crypt Ghast", "Swamp")
    assert payable(s, "{B}{B}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("614.1a")
def test_mana_options_damping_sphere_eldrazi_temple() -> None:
    """ManaOptionsTest.testDampingSphere: Damping Sphere and Eldrazi Temple ({T}: {C}.
    {T}: {C}{C}, spend only on colorless Eldrazi).

    The {C}{C} ability would add two mana: it adds {C} instead (CR 614.1a). One mana at
    most: {C} payable, {2} not; Temple could produce only {C}.
    """
    s = board("Damping Sphere", "Eldrazi Temple")
    assert payable(s, "{C}") is True
    assert payable(s, "{C}{C}") is False
    assert payable(s, "{2}") is False
    assert produce(s) == {"Eldrazi Temple": "C"}


@pytest.mark.cr("601.2h", "701.17b", "605.1a")
def test_mana_options_charmed_pendant() -> None:
    """ManaOptionsTest.testCharmedPedant: Charmed Pendant ({T}, Mill a card: add one
    mana of each colored symbol of the milled card's mana cost; as an instant) and
    Eldrazi Temple.

    The Pendant's ability could add mana and has no target: a mana ability (CR 605.1a),
    its mana not read. Whatever the library holds, the Temple's {T}: Add {C} pays {1}
    (CR 601.2h): another mana ability can only add ways to pay. XMage lists {C}{C} (the
    Temple's restricted {C}{C}, counted as an option). With an empty library, the
    Pendant's cost can't be paid at all (CR 701.17b, 118.3), so {2} and {C}{C}{C} for an
    unrestricted cost are definitely not payable (the Temple's {C}{C} is for colorless
    Eldrazi only, CR 106.6).
    """
    s = board("Charmed Pendant", "Eldrazi Temple", library=40)
    assert payable(s, "{1}") is True
    s0 = board("Charmed Pendant", "Eldrazi Temple", library=0)
    assert payable(s0, "{1}") is True
    assert payable(s0, "{2}") is False
    assert payable(s0, "{C}{C}{C}") is False


@pytest.mark.cr("601.2h")
def test_mana_options_charmed_pendant_never_colorless() -> None:
    """ManaOptionsTest.testCharmedPedant, its last check: whatever is milled, the Pendant
    adds only colored mana (one for each colored symbol, CR 105.1, 107.4), so with the
    Temple's single unrestricted {C}, {C}{C}{C} is never payable (the current XMage test
    asserts this too). manacheck: its mana isn't read, but "Activate only as an
    instant" is (CR 602.5e): it can't be activated while the cost is paid (the Lion's
    Eye Diamond ruling), so what it would add doesn't matter: not payable, definitely.
    """
    s = board("Charmed Pendant", "Eldrazi Temple", library=40)
    assert payable(s, "{C}{C}{C}") is False
    assert payable(s, "{2}") is False
    why = " ".join(ask(s, "{2}").reasons)
    assert "Charmed Pendant (ability 1) can't be activated" in why and "602.5e" in why


@pytest.mark.cr("601.2g")
def test_mana_options_mana_sources_with_costs() -> None:
    """ManaOptionsTest.testManaSourcesWithCosts: Crystal Quarry, three Fetid Heaths,
    three Plains.

    Each Plains pays one Heath's {W/B}: six mana from the Heaths plus the Quarry's {C}:
    seven at most, e.g. {C}{B}x6. An older XMage version listed 16 options, all with {C}
    and without {U}/{R}/{G}: incomplete by the rules (the current version asserts
    {C}{W}{U}{B}{R}{G}: one Heath taps for {C}, two Plains filter through the other two
    Heaths, and those four plus the third Plains pay the Quarry). Two Heaths filtered (4 mana) plus
    the third Heath's {C} pay the Quarry's {5} (CR 601.2g), and the third Plains is left:
    {W}{U}{B}{R}{G}{W} is payable; or all three Heaths filtered (6 mana), five of them pay
    the Quarry and one is left: {W}{U}{B}{R}{G}{B} is payable too. Eight mana never.
    """
    s = board("Crystal Quarry", "Fetid Heath", "Fetid Heath", "Fetid Heath",
              "Plains", "Plains", "Plains")
    assert payable(s, "{C}{B}{B}{B}{B}{B}{B}") is True
    assert payable(s, "{C}{W}{W}{W}{W}{W}{W}") is True
    assert payable(s, "{W}{U}{B}{R}{G}{W}") is True   # missing from XMage's options
    assert payable(s, "{W}{U}{B}{R}{G}{B}") is True   # missing from XMage's options
    assert payable(s, "{C}{W}{U}{B}{R}{G}") is True
    assert payable(s, "{8}") is False
    assert payable(s, "{W}{U}{B}{R}{G}{U}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_sungrass_prairie_alloy_myr() -> None:
    """ManaOptionsTest.testSungrassPrairie: Sungrass Prairie ({1}, {T}: Add {G}{W}) and
    two Alloy Myr (any color), turn 3 (no summoning sickness).

    A Myr pays the Prairie: {G}{W}{Any}; or {Any}{Any}. Three mana at most.
    """
    s = board("Sungrass Prairie", "Alloy Myr", "Alloy Myr")
    assert payable(s, "{G}{W}{U}") is True
    assert payable(s, "{U}{U}") is True
    assert payable(s, "{4}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_sungrass_prairie_many() -> None:
    """ManaOptionsTest.testSungrassPrairie2: five Sungrass Prairies, nine Tundras, three
    Tropical Islands.

    Five Tundras pay the five Prairies ({G}{W} each): 10 + 7 other lands = 17 mana at
    most. {G}x8 {W}x9 and {G}x8 {W}x8 {U} are payable (XMage's two checked options);
    {G} comes only from Prairies (5) and Tropical Islands (3): nine green never.
    """
    s = board(*["Sungrass Prairie"] * 5, *["Tundra"] * 9, *["Tropical Island"] * 3)
    assert payable(s, repeat("G", 8) + repeat("W", 9)) is True
    assert payable(s, repeat("G", 8) + repeat("W", 8) + "{U}") is True
    assert payable(s, repeat("G", 8) + repeat("W", 7) + "{U}") is True   # current XMage
    assert payable(s, repeat("G", 8) + repeat("W", 8)) is True
    assert payable(s, "{18}") is False
    assert payable(s, repeat("G", 9)) is False


@pytest.mark.cr("601.2g")
def test_mana_options_sungrass_prairie_one_each() -> None:
    """ManaOptionsTest.testSungrassPrairie3: Sungrass Prairie, Tundra, Tropical Island.

    {U}{U}; {G}{G}{W} (Tundra pays the Prairie); {G}{W}{U}; {G}{W}{W} (Tropical pays).
    Three mana at most, two green at most.
    """
    s = board("Sungrass Prairie", "Tundra", "Tropical Island")
    for option in ("{U}{U}", "{G}{G}{W}", "{G}{W}{U}", "{G}{W}{W}"):
        assert payable(s, option) is True, option
    assert payable(s, "{G}{G}{G}") is False
    assert payable(s, "{4}") is False


# ---- NonTappingManaAbilitiesTest (org/mage/test/cards/mana) -----------------------------


@pytest.mark.cr("118.3")
def test_non_tapping_druids_repository() -> None:
    """NonTappingManaAbilitiesTest.druidsRepositoryTest: Druids' Repository with two
    charge counters ("Remove a charge counter: Add one mana of any color"), after two
    Silvercoat Lions attacked.

    Two mana of any color: {W}{W} payable (XMage casts Alaborn Grenadier {W}{W}); a
    third mana is not (CR 118.3: no third counter).
    """
    s = board("{card: Silvercoat Lion, tapped: true}", "{card: Silvercoat Lion, tapped: true}",
              '{card: "Druids\' Repository", counters: {charge: 2}}')
    assert payable(s, "{W}{W}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("118.3")
def test_non_tapping_workhorse() -> None:
    """NonTappingManaAbilitiesTest.TestWorkhorse: Workhorse with four +1/+1 counters
    ("Remove a +1/+1 counter: Add {C}").

    {C}{C}{C}{C} payable; five not (CR 118.3).
    """
    s = board('{card: Workhorse, counters: {"+1/+1": 4}}')
    assert payable(s, "{C}{C}{C}{C}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("118.3")
def test_non_tapping_morselhoarder() -> None:
    """NonTappingManaAbilitiesTest.TestMorselhoarder: two Morselhoarders with two -1/-1
    counters each ("Remove a -1/-1 counter: Add one mana of any color"), two Swamps.

    {B}{B}{Any}x4: {U}{U}{U}{U}{B}{B} payable; seven mana not.
    """
    s = board('{card: Morselhoarder, counters: {"-1/-1": 2}}',
              '{card: Morselhoarder, counters: {"-1/-1": 2}}', "Swamp", "Swamp")
    assert payable(s, "{U}{U}{U}{U}{B}{B}") is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("601.2g")
def test_non_tapping_farrelite_priest() -> None:
    """NonTappingManaAbilitiesTest.TestFarrelitePriest: Farrelite Priest ({1}: Add {W})
    and four Swamps.

    Each Swamp's {B} may be converted: {W}x4 .. {B}x4 (XMage's five options) payable;
    five mana never. manacheck: 'not decided'.
    """
    s = board("Farrelite Priest", "Swamp", "Swamp", "Swamp", "Swamp")
    assert payable(s, "{W}{W}{W}{W}") is True
    assert payable(s, "{W}{B}{B}{B}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("118.3")
def test_non_tapping_crystalline_crawler() -> None:
    """NonTappingManaAbilitiesTest.TestCrystallineCrawler: Crystalline Crawler with two
    +1/+1 counters ("Remove a +1/+1 counter: Add one mana of any color"; "{T}: Put a
    +1/+1 counter on it" is not a mana ability, so it can't be used while paying,
    CR 605.1a, 605.3a).

    {Any}{Any}: {U}{R} payable; three mana never.
    """
    s = board('{card: Crystalline Crawler, counters: {"+1/+1": 2}}', hand=("Balduvian Bears",))
    assert payable(s, "{U}{R}") is True
    assert payable(s, "{3}") is False
    # the current XMage version: Balduvian Bears ({1}{G}) is castable
    assert payable(s, None, for_object="Balduvian Bears") is True


# ---- ReflectingPoolTest (org/mage/test/cards/mana) --------------------------------------


@pytest.mark.cr("106.7")
def test_reflecting_pool_with_exotic_orchard() -> None:
    """ReflectingPoolTest.testWithExoticOrchard: Bob has a Mountain; Alice has
    Reflecting Pool and Exotic Orchard.

    Orchard could produce {R} (Bob's Mountain), so the Pool could produce {R} (CR 106.7):
    {R}{R} payable, three mana not.
    """
    s = board("Reflecting Pool", "Exotic Orchard", opponent=("Mountain",))
    assert payable(s, "{R}{R}") is True
    assert payable(s, "{3}") is False
    got = produce(s)
    assert (got["Reflecting Pool"], got["Exotic Orchard"]) == ("R", "R")


@pytest.mark.cr("106.7")
def test_reflecting_pool_two_pools_with_exotic_orchard() -> None:
    """ReflectingPoolTest.test2WithExoticOrchard: two Reflecting Pools and an Exotic
    Orchard (Bob's Mountain): {R}{R}{R}."""
    s = board("Reflecting Pool", "Reflecting Pool", "Exotic Orchard", opponent=("Mountain",))
    assert payable(s, "{R}{R}{R}") is True
    assert payable(s, "{4}") is False


@pytest.mark.cr("106.7")
def test_reflecting_pool_with_two_exotic_orchards() -> None:
    """ReflectingPoolTest.testWith2ExoticOrchard: Reflecting Pool and two Exotic
    Orchards (Bob's Mountain): {R}{R}{R}."""
    s = board("Reflecting Pool", "Exotic Orchard", "Exotic Orchard", opponent=("Mountain",))
    assert payable(s, "{R}{R}{R}") is True
    assert payable(s, "{U}") is False


@pytest.mark.cr("106.7")
def test_reflecting_pool_with_gaeas_cradle() -> None:
    """ReflectingPoolTest.testWithGaeasCradle: Silvercoat Lion, Reflecting Pool, Gaea's
    Cradle.

    With one creature, Cradle could produce {G}, so the Pool could too: {G}{G}; three
    mana never (the Cradle adds one {G} for one creature).
    """
    s = board("Silvercoat Lion", "Reflecting Pool", '"Gaea\'s Cradle"')
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{3}") is False
    assert produce(s)["Reflecting Pool"] == "G"


@pytest.mark.cr("106.7")
def test_reflecting_pool_with_different_lands() -> None:
    """ReflectingPoolTest.testWithDifferentLands: Alice: Silvercoat Lion, Reflecting
    Pool, Exotic Orchard, Forest; Bob: Exotic Orchard, Plains.

    Alice's Orchard: {W} (Bob's Plains) and {G} (Bob's Orchard sees Alice's Forest); her
    Pool: {G}, {W}. Alice: {G}{G}{G}, {W}{G}{G}, {W}{W}{G}; never {W}{W}{W} (only two
    permanents make {W}). Bob: Plains {W} and Orchard {W} or {G}: {W}{W}, {W}{G}; never
    {G}{G}.
    """
    s = board("Silvercoat Lion", "Reflecting Pool", "Exotic Orchard", "Forest",
              opponent=("Exotic Orchard", "Plains"))
    for option in ("{G}{G}{G}", "{W}{G}{G}", "{W}{W}{G}"):
        assert payable(s, option) is True, option
    assert payable(s, "{W}{W}{W}") is False
    assert payable(s, "{W}{W}", player="Bob") is True
    assert payable(s, "{W}{G}", player="Bob") is True
    assert payable(s, "{G}{G}", player="Bob") is False
    got = produce(s)
    assert got["Reflecting Pool"] == "WG"
    assert got["Exotic Orchard"] == "WG"
    assert got["Exotic Orchard#2"] == "WG"


@pytest.mark.cr("106.7")
def test_reflecting_pool_gives_no_mana_alone() -> None:
    """ReflectingPoolTest.testReflectingPoolGiveNonMana and ...GiveNonMana2: one or two
    Reflecting Pools alone could produce nothing (CR 106.7, the Pool's ruling): nothing
    is payable."""
    for pools in (("Reflecting Pool",), ("Reflecting Pool", "Reflecting Pool")):
        s = board(*pools)
        assert payable(s, "{1}") is False
        assert produce(s) == {}


@pytest.mark.cr("106.7")
def test_reflecting_pool_basic_mana() -> None:
    """ReflectingPoolTest.testReflectingPoolGiveBasicManaNeed / ...NotNeed: with a Forest,
    the Pool gives {G} ({G}{G} payable); with a Plains it gives only {W} ({G} not
    payable)."""
    assert payable(board("Forest", "Reflecting Pool"), "{G}{G}") is True
    s = board("Plains", "Reflecting Pool")
    assert payable(s, "{G}") is False
    assert payable(s, "{W}{W}") is True


@pytest.mark.cr("106.7")
def test_reflecting_pool_any_mana_without_condition() -> None:
    """ReflectingPoolTest.testReflectingPoolAnyManaNeedWithoutCondition: two Plains, City
    of Brass, Reflecting Pool, Upwelling; Razorclaw Bear costs {2}{G}{G}.

    The Pool could produce every color City of Brass could: City {G}, Pool {G}, Plains
    {2}: payable.
    """
    s = board("Plains", "Plains", "City of Brass", "Reflecting Pool", "Upwelling")
    assert payable(s, "{2}{G}{G}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.7")
def test_reflecting_pool_any_mana_with_condition() -> None:
    """ReflectingPoolTest.testReflectingPoolAnyManaNeedWithCondition: Cavern of Souls
    (chosen: Human), Reflecting Pool, Upwelling; Grizzly Bears ({1}{G}) in hand.

    The Pool could produce any type the Cavern could (CR 106.7: {C} and every color);
    the Cavern's spending restriction is not copied. Cavern {C} + Pool {G} pay Grizzly
    Bears (CR 106.6: the Cavern's colored mana couldn't, a Bear not being Human).
    """
    s = board("{card: Cavern of Souls, chosen: {creature_type: Human}}", "Reflecting Pool",
              "Upwelling", hand=("Grizzly Bears",))
    assert payable(s, "{1}{G}") is True
    assert payable(s, None, for_object="Grizzly Bears") is True
    assert produce(s)["Reflecting Pool"] == "WUBRGC"


@pytest.mark.cr("106.7")
def test_reflecting_pool_any_mana_tapped() -> None:
    """ReflectingPoolTest.testReflectingPoolAnyManaTapped: Plains and City of Brass
    tapped (their mana is spent), Reflecting Pool untapped, Upwelling.

    CR 106.7 ignores costs, so a tapped City still could produce black: the Pool makes
    {B} (XMage expects one {B} in the pool).
    """
    s = board("{card: Plains, tapped: true}", "{card: City of Brass, tapped: true}",
              "Reflecting Pool", "Upwelling")
    assert payable(s, "{B}") is True
    assert payable(s, "{2}") is False
    assert produce(s)["Reflecting Pool"] == "WUBRG"


# ---- NykthosShrineToNyxTest (org/mage/test/cards/mana) ----------------------------------


@pytest.mark.cr("700.5")
def test_nykthos_normal_use() -> None:
    """NykthosShrineToNyxTest.testNormalUse: two Forests, Nykthos, Kiora's Follower
    ({G}{U}), two Kalonian Tuskers ({G}{G}), Omnath, Locus of Mana ({1}{G}).

    Devotion to green 1+4+1 = 6: two Forests pay {2}: {G}x6 (XMage: 6 green). Kiora's
    Follower's untap ability targets, so it is no mana ability (CR 605.1a) and can't be
    used while paying: seven mana never.
    """
    s = board("Forest", "Forest", NYKTHOS, '"Kiora\'s Follower"', "Kalonian Tusker",
              "Kalonian Tusker", '"Omnath, Locus of Mana"')
    assert payable(s, repeat("G", 6)) is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("700.5")
def test_nykthos_with_tokens() -> None:
    """NykthosShrineToNyxTest.testNormalUseWithTokens: two Forests, three Islands (spent
    on Cackling Counterpart), Nykthos, Omnath ({1}{G}), Simic Guildmage ({G/U}{G/U}) and
    a token copy of it.

    A token copy has the mana cost of what it copies (CR 707.2) and hybrid symbols count
    toward both colors (CR 700.5): devotion to green 1+2+2 = 5. Two Forests pay {2}:
    {G}x5 payable (XMage: 5 green); six never; devotion to blue 4: {U}x5 never.
    """
    s = board("Forest", "Forest", "{card: Island, tapped: true}", "{card: Island, tapped: true}",
              "{card: Island, tapped: true}", NYKTHOS, '"Omnath, Locus of Mana"',
              "Simic Guildmage", "{card: Simic Guildmage, token: true}")
    assert payable(s, repeat("G", 5)) is True
    assert payable(s, repeat("G", 6)) is False
    assert payable(s, repeat("U", 5)) is False


@pytest.mark.cr("700.5")
def test_nykthos_devotion_accurate() -> None:
    """NykthosShrineToNyxTest.testNykthosDevotionAccurate: Nykthos, Stronghold Assassin
    ({1}{B}{B}), Graf Harvest ({B}), Erebos, God of the Dead ({3}{B}; not a creature
    here), two Wastes.

    Devotion to black 2+1+1 = 4: the Wastes pay {2}: {B}x4 payable; {B}x5 never.
    Graf Harvest's "Zombies you control have menace" changes blocks only (CR 702.111),
    Erebos's "Your opponents can't gain life" only life (CR 119.7): neither changes a
    mana ability or devotion (CR 700.5 counts permanents, creature or not).
    """
    s = board(NYKTHOS, "Stronghold Assassin", "Graf Harvest", '"Erebos, God of the Dead"',
              "Wastes", "Wastes")
    assert payable(s, repeat("B", 4)) is True
    assert payable(s, repeat("B", 5)) is False


# ---- DoublingCubeTest (org/mage/test/cards/mana) ----------------------------------------


@pytest.mark.cr("605.1a")
def test_doubling_cube_available_mana() -> None:
    """DoublingCubeTest.test_AvailableMana: Doubling Cube, four Forests, four Mountains.

    Doubling Cube's ability is a mana ability (CR 605.1a; its ruling). Tap all eight
    lands, spend three on the Cube, double the five left: ten mana. Paying {3} with three
    {G} leaves {R}x4 {G}, doubled {R}x8 {G}{G}: payable, and so are {R}x6{G}x4, {R}x4{G}x6,
    {R}x2{G}x8; eleven mana never, nine {R} never ({R} before doubling is at most 4).
    """
    s = board("Doubling Cube", *["Forest"] * 4, *["Mountain"] * 4)
    assert payable(s, repeat("R", 8) + "{G}{G}") is True
    assert payable(s, repeat("R", 2) + repeat("G", 8)) is True
    assert payable(s, "{11}") is False
    assert payable(s, repeat("R", 9)) is False


@pytest.mark.cr("605.1a")
def test_doubling_cube_available_mana_two_cubes() -> None:
    """DoublingCubeTest.test_AvailableMana2: two Doubling Cubes, two Castle Sengirs ({T}:
    {C}; {1},{T}: {B}; {2},{T}: {U} or {R}), four Forests, four Mountains.

    Ten lands: 10 mana; the first Cube: 7 left, doubled 14; the second: 11, doubled 22.
    XMage's first option has 22 mana ({C}x8 {R}x14). {22} payable, {23} not.
    """
    s = board("Doubling Cube", "Doubling Cube", "Castle Sengir", "Castle Sengir",
              *["Forest"] * 4, *["Mountain"] * 4)
    assert payable(s, "{22}") is True
    assert payable(s, "{23}") is False


# ---- LimitPerTurnTest (org/mage/test/cards/mana) ----------------------------------------

SHIRE_SCARECROW = """\
cards:
  - name: Shire Scarecrow
    mana_cost: "{2}"
    types: [Artifact, Creature]
    subtypes: [Scarecrow]
    power: 0
    toughness: 3
    keywords: [Defender]
    text: "Defender\\n{1}: Add one mana of any color. Activate only once each turn."
    abilities:
      - activated:
          cost: "{1}"
          mana: {any_color: 1}
          once_each_turn: true
          text: "{1}: Add one mana of any color. Activate only once each turn."
"""


@pytest.mark.cr("602.5b")
def test_limit_once_per_turn() -> None:
    """LimitPerTurnTest.test_LimitOncePerTurn: Shire Scarecrow (2023, so written in
    ``cards:``; "{1}: Add one mana of any color. Activate only once each turn.") and two
    Swamps.

    Elite Vanguard ({W}) and Raging Goblin ({R}) are each castable; after the Scarecrow
    made {W} this turn, {R} is not (CR 602.5b), while {B} still is.
    """
    s = board("Shire Scarecrow", "Swamp", "Swamp", extra=SHIRE_SCARECROW)
    assert payable(s, "{W}") is True
    assert payable(s, "{R}") is True
    assert payable(s, "{W}{R}") is False   # one activation a turn
    used = board("Shire Scarecrow", "Swamp", "Swamp", extra=SHIRE_SCARECROW
                 + "activated_this_turn: [{object: Shire Scarecrow, ability: 1}]\n")
    assert payable(used, "{R}") is False
    assert payable(used, "{B}") is True


@pytest.mark.cr("602.5b")
def test_limit_multiple_scarecrows() -> None:
    """LimitPerTurnTest.test_MultipleScarecrows: three Shire Scarecrows, five Swamps.

    "Once each turn" is per object (CR 602.5b): three {R}/{G} at most. Boggart Ram-Gang
    ({R/G}x3) castable, Deus of Calamity ({R/G}x5) not.
    """
    s = board("Shire Scarecrow", "Shire Scarecrow", "Shire Scarecrow",
              *["Swamp"] * 5, extra=SHIRE_SCARECROW)
    assert payable(s, "{R/G}{R/G}{R/G}") is True
    assert payable(s, "{R/G}{R/G}{R/G}{R/G}{R/G}") is False
    assert payable(s, "{R}{R}{G}{B}{B}") is True


# ---- CryptGhastTest, ManaFlareTest, VorinclexVoiceOfHungerTest --------------------------


@pytest.mark.cr("106.12a")
def test_crypt_ghast_badlands() -> None:
    """CryptGhastTest.TestNormal: Crypt Ghast, Swamp, Badlands (a Swamp Mountain);
    Erebos's Titan costs {1}{B}{B}{B}.

    Badlands is a Swamp, so tapping it for {R} or {B} triggers the Ghast (CR 106.12a,
    605.1b): four mana, {1}{B}{B}{B} and even {B}{B}{B}{B} payable, five never.
    """
    s = board("Crypt Ghast", "Swamp", "Badlands")
    assert payable(s, "{1}{B}{B}{B}") is True
    assert payable(s, "{B}{B}{B}{B}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("601.2f")
def test_crypt_ghast_cast_erebos_titan() -> None:
    """CryptGhastTest.TestNormal, asked as XMage does: cast Erebos's Titan
    ({1}{B}{B}{B}) from hand with Crypt Ghast, Swamp, Badlands: payable (as above).
   """
    s = board("Crypt Ghast", "Swamp", "Badlands", hand=('"Erebos\'s Titan"',))
    assert payable(s, None, for_object="Erebos's Titan") is True


@pytest.mark.cr("601.2h")
def test_crypt_ghast_gone() -> None:
    """CryptGhastTest.TestExiled: Crypt Ghast was exiled; Swamp and Badlands alone: two
    mana, {1}{B}{B}{B} not payable."""
    s = board("Swamp", "Badlands")
    assert payable(s, "{1}{B}{B}{B}") is False


@pytest.mark.cr("106.12a")
def test_mana_flare_island() -> None:
    """ManaFlareTest.testIsland: Mana Flare and an Island; Vedalken Mastermind costs
    {U}{U}.

    Mana Flare's triggered mana ability adds one mana of a type the Island produced
    (CR 605.1b, 106.12a): {U}{U}, castable; three mana never.
    """
    s = board("Mana Flare", "Island", hand=("Vedalken Mastermind",))
    assert payable(s, "{U}{U}") is True
    assert payable(s, None, for_object="Vedalken Mastermind") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("106.12a")
def test_mana_flare_watery_grave() -> None:
    """ManaFlareTest.testWateryGrave: Bob controls Mana Flare and Watery Grave (Island
    Swamp); Nantuko Shade costs {B}{B}.

    Tapped for {B}, the Flare adds {B}: {B}{B} payable by Bob (XMage's bug was a {C}).
    """
    s = load("""\
        turn: {active_player: Bob}
        players:
          Alice: {}
          Bob:
            battlefield: [Mana Flare, Watery Grave]
        """)
    assert payable(s, "{B}{B}", player="Bob") is True
    assert payable(s, "{U}{B}", player="Bob") is False
    assert payable(s, "{3}", player="Bob") is False


@pytest.mark.cr("106.12a")
def test_vorinclex_river_of_tears() -> None:
    """VorinclexVoiceOfHungerTest.testRiverOfTears: Vorinclex, Voice of Hunger and River
    of Tears, no land played this turn; Vedalken Mastermind costs {U}{U}.

    By the rules {U}{U} is payable (River {U}, Vorinclex's trigger {U}); the state file
    can't say whether a land was played this turn, so the port asks what holds either
    way: {2} payable, {3} not.
    """
    s = board('"Vorinclex, Voice of Hunger"', "River of Tears")
    assert payable(s, "{2}") is True
    assert payable(s, "{3}") is False


# ---- SylvokExplorerTest, GaeasGradleTest, ChromaticOrreryTest ---------------------------


@pytest.mark.cr("106.7")
def test_sylvok_explorer_one_instance() -> None:
    """SylvokExplorerTest.testOneInstance: Bob has an Island and a Mountain; Alice has
    Sylvok Explorer ("any color that a land an opponent controls could produce") and a
    Plains: {W}{R} and {W}{U} payable, {W}{G} not."""
    s = board("Sylvok Explorer", "Plains", opponent=("Island", "Mountain"))
    assert payable(s, "{W}{R}") is True
    assert payable(s, "{W}{U}") is True
    assert payable(s, "{W}{G}") is False
    assert produce(s)["Sylvok Explorer"] == "UR"


@pytest.mark.cr("106.7")
def test_sylvok_explorer_two_instances() -> None:
    """SylvokExplorerTest.testTwoInstances: Bob has two Exotic Orchards; Alice has two
    Sylvok Explorers and a Plains.

    Bob's Orchards could produce {W} (Alice's Plains); the Explorers see them: {W} each.
    {W}{W}{W} payable, {U} not (nothing else feeds the loop: least fixed point).
    """
    s = board("Sylvok Explorer", "Sylvok Explorer", "Plains",
              opponent=("Exotic Orchard", "Exotic Orchard"))
    assert payable(s, "{W}{W}{W}") is True
    assert payable(s, "{U}") is False
    assert produce(s)["Sylvok Explorer"] == "W"


@pytest.mark.cr("106.1")
def test_gaeas_cradle_counts_own_creatures() -> None:
    """GaeasGradleTest.testGradle: Gaea's Cradle, two Grizzly Bears; Bob's Ornithopter
    doesn't count ("for each creature you control"): {G}{G}, never {G}{G}{G}."""
    s = board('"Gaea\'s Cradle"', "Grizzly Bears", "Grizzly Bears", opponent=("Ornithopter",))
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{G}{G}{G}") is False


@pytest.mark.cr("609.4b")
def test_chromatic_orrery_spend_as_any_color() -> None:
    """ChromaticOrreryTest.testSpendManyAsThoughAnyColor: Chromatic Orrery ({T}: Add
    {C}{C}{C}{C}{C}; you may spend mana as though it were mana of any color); Sliver
    Overlord ({W}{U}{B}{R}{G}) in hand.

    CR 609.4b: the five {C} pay the five colored symbols: castable; six mana never.
    """
    s = board("Chromatic Orrery", hand=("Sliver Overlord",))
    assert payable(s, "{W}{U}{B}{R}{G}") is True
    assert payable(s, None, for_object="Sliver Overlord") is True
    assert payable(s, "{6}") is False


# ---- the command line on one XMage board ------------------------------------------------


def test_cli_produce_and_pay_on_reflecting_pool_board(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ReflectingPoolTest.testWithDifferentLands through the CLI: ``produce --json``
    gives each permanent's types; ``pay`` exits 0 payable, 1 not payable (README)."""
    f = tmp_path / "pool.yaml"
    f.write_text(textwrap.dedent("""\
        turn: {active_player: Alice}
        players:
          Alice:
            battlefield: [Silvercoat Lion, Reflecting Pool, Exotic Orchard, Forest]
          Bob:
            battlefield: [Exotic Orchard, Plains]
        """), encoding="utf-8")
    assert main(["produce", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    got = {o["object"]: o["mana_types"] for o in data["objects"]}
    assert got["Reflecting Pool"] == ["W", "G"]
    assert got["Plains"] == ["W"]
    assert main(["pay", str(f), "{W}{W}{G}", "--count"]) == 0
    capsys.readouterr()
    assert main(["pay", str(f), "{W}{W}{W}"]) == 1
    capsys.readouterr()


# ---- HarvesterDruidTest, NagaVitalistTest, EldraziTempleTest, HybridManaTest -----------


@pytest.mark.cr("106.7")
def test_harvester_druid_one_instance() -> None:
    """HarvesterDruidTest.testOneInstance: Island, Mountain, Harvester Druid ("any color
    that a land you control could produce").

    {U}{R}{R} and {U}{U}{R}; three mana at most; never {G}. The Druid could produce
    {U} and {R}.
    """
    s = board("Island", "Mountain", "Harvester Druid")
    assert payable(s, "{U}{R}{R}") is True
    assert payable(s, "{U}{U}{R}") is True
    assert payable(s, "{4}") is False
    assert payable(s, "{G}") is False
    assert produce(s)["Harvester Druid"] == "UR"


@pytest.mark.cr("106.7")
def test_harvester_druid_two_instances() -> None:
    """HarvesterDruidTest.testTwoInstances: Island, Mountain, two Harvester Druids.

    {U}{R}{R}{R}, {U}{U}{R}{R}, {U}{U}{U}{R}; never four blue (the Mountain makes only
    {R}), never five mana.
    """
    s = board("Island", "Mountain", "Harvester Druid", "Harvester Druid")
    for option in ("{U}{R}{R}{R}", "{U}{U}{R}{R}", "{U}{U}{U}{R}"):
        assert payable(s, option) is True, option
    assert payable(s, "{U}{U}{U}{U}") is False
    assert payable(s, "{5}") is False


GIFT_ON_SWAMP = ("Upwelling", "{card: Forest, tapped: true}", "{card: Forest, tapped: true}",
                 "{card: Forest, tapped: true}", "{card: Swamp, id: swamp}",
                 "{card: Gift of Paradise, attached_to: swamp}", "Naga Vitalist")


@pytest.mark.cr("106.7")
def test_naga_vitalist_gift_of_paradise_on_swamp() -> None:
    """NagaVitalistTest.nagaVitalist_GiftOfParadiseCanAnyColor and
    ..._GiftOfParadisesLandCanGiveAnyColorToNaga_*: Upwelling, three tapped Forests, a
    Swamp enchanted by Gift of Paradise, Naga Vitalist ("one mana of any type that a land
    you control could produce").

    The Swamp could produce {B} and every color (the granted ability, CR 613.1f), so Naga
    Vitalist could produce every color and {B} (CR 106.7): W U B R G. {R}{R} from the
    Swamp plus {R} from the Naga: {R}{R}{R} payable; four mana never.
    """
    s = board(*GIFT_ON_SWAMP)
    assert payable(s, "{R}{R}{R}") is True
    assert payable(s, "{4}") is False
    got = produce(s)
    assert got["swamp"] == "WUBRG"
    assert got["Naga Vitalist"] == "WUBRG"


@pytest.mark.cr("106.7")
def test_naga_vitalist_gift_of_paradise_on_forest() -> None:
    """NagaVitalistTest.nagaVitalist_InteractionGiftOfParadise (XMage issue #3315): three
    Forests, one enchanted by Gift of Paradise, Naga Vitalist, Upwelling.

    Naga Vitalist could produce every color through the enchanted Forest: {R} payable;
    five mana at most (2 + 1 + 1 + 1), six never.
    """
    s = board("{card: Forest, id: f1}", "Forest", "Forest",
              "{card: Gift of Paradise, attached_to: f1}", "Naga Vitalist", "Upwelling")
    assert payable(s, "{R}") is True
    assert payable(s, "{5}") is True
    assert payable(s, "{6}") is False


@pytest.mark.cr("106.6")
def test_eldrazi_temple_without_damping_sphere() -> None:
    """EldraziTempleTest.TestWithoutDampingSphere: Eldrazi Temple and three Mountains;
    Barrage Tyrant ({4}{R}, devoid: a colorless Eldrazi spell) in hand.

    The Temple's restricted {C}{C} may pay a colorless Eldrazi spell (CR 106.6): five
    mana, castable. For an unrestricted {4}{R} the Temple gives only {C}: not payable.
    """
    s = board("Eldrazi Temple", "Mountain", "Mountain", "Mountain", hand=("Barrage Tyrant",))
    assert payable(s, None, for_object="Barrage Tyrant") is True
    assert payable(s, "{4}{R}") is False


@pytest.mark.cr("614.1a")
def test_eldrazi_temple_with_damping_sphere() -> None:
    """EldraziTempleTest.TestWithDampingSphere: as above, Bob controls Damping Sphere.

    Eldrazi Temple tapped for {C}{C} produces {C} instead (CR 614.1a): four mana at most,
    Barrage Tyrant ({4}{R}) can't be cast, whatever the Sphere's cost increase adds (an
    increase only raises the cost, CR 601.2f).
    """
    s = board("Eldrazi Temple", "Mountain", "Mountain", "Mountain", hand=("Barrage Tyrant",),
              opponent=("Damping Sphere",))
    assert payable(s, None, for_object="Barrage Tyrant") is False
    # Payable before the increase: how much the Sphere adds isn't known (the spells cast
    # this turn aren't in the state), so that stays not decided (CR 601.2f).
    s = board("Eldrazi Temple", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain",
              hand=("Barrage Tyrant",), opponent=("Damping Sphere",))
    assert payable(s, None, for_object="Barrage Tyrant") is None


@pytest.mark.cr("106.6")
def test_eldrazi_temple_unconditional_mana() -> None:
    """EldraziTempleTest.TestUseOfUnconditionalMana: Eldrazi Temple and two Mountains;
    Abzan Banner ({3}, an artifact, not Eldrazi).

    The Temple's unrestricted {T}: Add {C} pays the third mana: castable. With one
    Mountain, only two mana may be spent on it: not castable (CR 106.6).
    """
    s = board("Eldrazi Temple", "Mountain", "Mountain", hand=("Abzan Banner",))
    assert payable(s, None, for_object="Abzan Banner") is True
    s = board("Eldrazi Temple", "Mountain", hand=("Abzan Banner",))
    assert payable(s, None, for_object="Abzan Banner") is False


@pytest.mark.cr("107.4e")
def test_hybrid_reaper_king() -> None:
    """HybridManaTest.testCastReaperKingMonoHybrid: one each of Island, Mountain, Forest,
    Swamp, Plains; Reaper King ({2/W}{2/U}{2/B}{2/R}{2/G}).

    Each monocolored hybrid symbol is paid with one mana of its color (CR 107.4e):
    castable. Without the Plains, {2/W} needs two generic mana: four lands can't.
    Nine Islands pay it ({U} plus 4 x {2}), eight can't.
    """
    s = board("Island", "Mountain", "Forest", "Swamp", "Plains", hand=("Reaper King",))
    assert payable(s, None, for_object="Reaper King") is True
    s = board("Island", "Mountain", "Forest", "Swamp", hand=("Reaper King",))
    assert payable(s, None, for_object="Reaper King") is False
    assert payable(board(*["Island"] * 9, hand=("Reaper King",)), None,
                   for_object="Reaper King") is True
    assert payable(board(*["Island"] * 8, hand=("Reaper King",)), None,
                   for_object="Reaper King") is False


# ---- TappedForManaRelatedTest (org/mage/test/cards/mana) --------------------------------


@pytest.mark.cr("106.12a")
def test_wild_growth_on_gaeas_cradle_without_creatures() -> None:
    """TappedForManaRelatedTest.TestCradleWithWildGrowthNoCreatures: Gaea's Cradle
    enchanted by Wild Growth ("Whenever enchanted land is tapped for mana, its controller
    adds an additional {G}"), a Forest, no creatures.

    XMage expects {G}{G}; by the rules that is wrong. The Cradle's ability produces no
    mana with no creatures, and a "tapped for mana" trigger triggers only when the mana
    ability "resolves and produces mana" (CR 106.12a, the very rule XMage's comment
    quotes): Wild Growth doesn't trigger. One mana at most: {G} payable, {G}{G} not.
    """
    s = board("{card: \"Gaea's Cradle\", id: cradle}", "{card: Wild Growth, attached_to: cradle}",
              "Forest")
    assert payable(s, "{G}") is True
    assert payable(s, "{G}{G}") is False   # XMage: {G}{G}


@pytest.mark.cr("106.12a")
def test_wild_growth_on_gaeas_cradle_two_creatures() -> None:
    """TappedForManaRelatedTest.TestCradleWithWildGrowthTwoCreatures: as above with two
    Silvercoat Lions: Cradle {G}{G}, Wild Growth {G}, Forest {G}: {G}x4, never five."""
    s = board("{card: \"Gaea's Cradle\", id: cradle}", "{card: Wild Growth, attached_to: cradle}",
              "Forest", "Silvercoat Lion", "Silvercoat Lion")
    assert payable(s, "{G}{G}{G}{G}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.12a")
def test_wild_growth_on_forest() -> None:
    """TappedForManaRelatedTest.TestWildGrowth: a Forest enchanted by Wild Growth (two
    Silvercoat Lions don't matter): {G}{G}, never three."""
    s = board("{card: Forest, id: f}", "{card: Wild Growth, attached_to: f}",
              "Silvercoat Lion", "Silvercoat Lion")
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("107.3")
def test_calciform_pools_without_counters() -> None:
    """TappedForManaRelatedTest.TestCalciformPools: Calciform Pools without storage
    counters ({T}: Add {C}; {1}, {T}: put a storage counter; {1}, Remove X storage
    counters: Add X mana in any combination of {W} and/or {U}).

    X can only be 0 (CR 107.3, 118.3), adding nothing: {C} is payable, {W} and {2} are
    not. manacheck: 'not decided'.
    """
    s = board("Calciform Pools")
    assert payable(s, "{C}") is True
    assert payable(s, "{W}") is False
    assert payable(s, "{2}") is False


@pytest.mark.cr("601.2g")
def test_calciform_pools_two_counters() -> None:
    """TappedForManaRelatedTest.TestCalciformPools2Counter: Calciform Pools with two
    storage counters.

    Tap it for {C}, spend that {C} on the {1} of the removal ability (no {T} in it,
    CR 601.2g), remove 2: {W}{W}, {W}{U} or {U}{U}; or just {C}. Two mana never come
    with {C} ({C}{W} not payable); three mana never. (Activating the removal twice only
    pays {1} twice for the same mana: one activation is enough for the verdict.)
    """
    s = board("{card: Calciform Pools, counters: {storage: 2}}")
    for option in ("{W}{W}", "{W}{U}", "{U}{U}", "{C}"):
        assert payable(s, option) is True, option
    assert payable(s, "{C}{W}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("605.1b")
def test_calciform_pools_caged_sun() -> None:
    """TappedForManaRelatedTest.TestCalciformPools2CounterAndTrigger: Calciform Pools with
    two storage counters and Caged Sun (white chosen).

    {W}{W} gets one more {W} from Caged Sun's triggered mana ability (CR 605.1b): {W}x3;
    {W}{U}: {W}{W}{U}; {U}{U} triggers nothing. Four mana never: each activation costs
    {1} and adds at most one more than the counters it removes, and the only other mana
    is the {C} of its {T} ability, so the mana left is at most 1 + 2 (removing one
    counter twice, the second paid with the first's {W}: {W}{W}{W} again; CR 602.1).
    """
    s = board("{card: Calciform Pools, counters: {storage: 2}}",
              "{card: Caged Sun, chosen: {color: W}}")
    assert payable(s, "{W}{W}{W}") is True
    assert payable(s, "{W}{W}{U}") is True
    assert payable(s, "{U}{U}{U}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("601.2g")
def test_castle_sengir_with_mountain() -> None:
    """TappedForManaRelatedTest.TestCastleSengir: Castle Sengir ({T}: {C}; {1},{T}: {B};
    {2},{T}: {U} or {R}) and a Mountain: {C}{R} or {B}; {U} needs two other mana: not
    payable; three mana never."""
    s = board("Castle Sengir", "Mountain")
    assert payable(s, "{C}{R}") is True
    assert payable(s, "{B}") is True
    assert payable(s, "{U}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("601.2g")
def test_castle_sengir_with_two_plains() -> None:
    """TappedForManaRelatedTest.TestCastleSengir2: Castle Sengir and two Plains:
    {C}{W}{W}, {W}{B}, {U}, {R}; never {B}{B}, never four mana."""
    s = board("Castle Sengir", "Plains", "Plains")
    for option in ("{C}{W}{W}", "{W}{B}", "{U}", "{R}"):
        assert payable(s, option) is True, option
    assert payable(s, "{B}{B}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("601.2g")
def test_eye_of_ramos() -> None:
    """TappedForManaRelatedTest.TestEyeOfRamos: two Eyes of Ramos ({T}: Add {U};
    Sacrifice: Add {U}).

    Each Eye taps for {U} and then is sacrificed for another (both mana abilities, any
    number may be activated while paying, CR 601.2g, 605.3a): {U}x4 payable, five never.
    """
    s = board("Eye of Ramos", "Eye of Ramos")
    assert payable(s, "{U}{U}{U}{U}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.1")
def test_chromatic_orrery_mana() -> None:
    """TappedForManaRelatedTest.TestChromaticOrrery: Chromatic Orrery alone: {C}x5, never
    six."""
    s = board("Chromatic Orrery")
    assert payable(s, "{C}{C}{C}{C}{C}") is True
    assert payable(s, "{6}") is False


@pytest.mark.cr("208.1")
def test_viridian_joiner_power() -> None:
    """TappedForManaRelatedTest.TestViridianJoiner: Viridian Joiner ({T}: Add {G} equal
    to its power; a 1/2) pumped to 4/5 by Giant Growth, three Forests: {G}x7.

    The state file's ``effects`` take no targets, so Giant Growth's +3/+3 is written as
    three +1/+1 counters (the same power, 4, CR 613.4c). {G}x7 payable, eight never.
    Without any pump: Joiner and a Forest make {G}{G}.
    """
    s = board("Viridian Joiner", "Forest")
    assert payable(s, "{G}{G}") is True            # manacheck: False
    s = board('{card: Viridian Joiner, counters: {"+1/+1": 3}}', "Forest", "Forest", "Forest")
    assert payable(s, repeat("G", 7)) is True      # manacheck: False
    assert payable(s, "{8}") is False


# ---- AddManaOfAnyTypeProducedTest, MultipleTimesUsable..., ManaSourceTest ---------------


@pytest.mark.cr("106.12a")
def test_vorinclex_gemstone_caverns() -> None:
    """AddManaOfAnyTypeProducedTest.testGemstoneCavern: Vorinclex, Voice of Hunger and
    Gemstone Caverns with a luck counter (any color instead of {C}).

    Vorinclex adds one mana of a type the land produced (CR 106.12a): {W}{W} for
    Silvercoat Lion's {1}{W}; never {W}{U} (one color chosen, Vorinclex copies its type),
    never three mana.
    """
    s = board('"Vorinclex, Voice of Hunger"', "{card: Gemstone Caverns, counters: {luck: 1}}")
    assert payable(s, "{W}{W}") is True
    assert payable(s, "{W}{U}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("601.2h")
def test_cast_vorinclex_with_gemstone_caverns() -> None:
    """AddManaOfAnyTypeProducedTest.testCastWithGemstoneCavern: seven Forests and Gemstone
    Caverns with a luck counter: Vorinclex ({6}{G}{G}) is castable."""
    s = board(*["Forest"] * 7, "{card: Gemstone Caverns, counters: {luck: 1}}",
              hand=('"Vorinclex, Voice of Hunger"',))
    assert payable(s, None, for_object="Vorinclex, Voice of Hunger") is True


@pytest.mark.cr("605.1b")
def test_kinnan_gruul_signet() -> None:
    """AddManaOfAnyTypeProducedTest.testChooseColorRed / testChooseColorGreen: Kinnan,
    Bonder Prodigy ("Whenever you tap a nonland permanent for mana, add one mana of any
    type that permanent produced"), Wastes, Gruul Signet ({1},{T}: Add {R}{G}).

    Wastes pays the Signet: {R}{G} plus {R} or {G}: Massive Raid ({1}{R}{R}) and Hail
    Storm ({1}{G}{G}) are each castable; {R}{R}{R} and four mana never.
    """
    s = board('"Kinnan, Bonder Prodigy"', "Wastes", "Gruul Signet")
    assert payable(s, "{1}{R}{R}") is True
    assert payable(s, "{1}{G}{G}") is True
    assert payable(s, "{R}{R}{R}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("118.3")
def test_seton_krosan_protector() -> None:
    """MultipleTimesUsableActivatedManaAbilitiesTest.testCanBeCastWithSetonKrosanProtector:
    Seton, Krosan Protector (a Centaur Druid: "Tap an untapped Druid you control: Add
    {G}") and three Citanul Druids; Leatherback Baloth costs {G}{G}{G}.

    The ability may be activated once per untapped Druid, Seton included (tapping for a
    cost other than {T} ignores summoning sickness, CR 302.6): {G}x4 payable, five never.
    """
    s = board('"Seton, Krosan Protector"', "Citanul Druid", "Citanul Druid", "Citanul Druid")
    assert payable(s, "{G}{G}{G}{G}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.6")
def test_simian_spirit_guide_is_no_creature_for_myr_superion() -> None:
    """ManaSourceTest.testCantCastWithCreatureCard: Simian Spirit Guide in hand ("Exile
    it from your hand: Add {R}"), Manakin ({T}: {C}); Myr Superion ({2}, "Spend only mana
    produced by creatures to cast this spell").

    "Creatures" means creature permanents on the battlefield (CR 109.2): the Spirit
    Guide's {R} comes from a card in hand and can't pay Myr Superion (CR 106.6);
    Manakin's {C} alone is one mana: not castable. {1}{R} as a plain cost is payable.
    """
    s = board("Manakin", hand=("Simian Spirit Guide", "Myr Superion"))
    assert payable(s, None, for_object="Myr Superion") is False
    assert payable(s, "{1}{R}") is True


# ---- SpendManaAsThoughItWereManaOfAnyColorTest, LeylineOfAbundanceTest, ... -------------

DAWN_MOUNTAINS = (*["Mountain"] * 8, "Celestial Dawn")


@pytest.mark.cr("609.4b")
def test_celestial_dawn_spend_other_mana_as_colorless() -> None:
    """SpendManaAsThoughItWereManaOfAnyColorTest.testCelestialDawn, the payment itself:
    eight Mountains (Plains under Celestial Dawn: {W}) and {B} in the pool (from Black
    Market).

    "You may spend other mana only as though it were colorless mana" (CR 609.4b): the
    {B} still pays generic mana, so {9} (Darksteel Forge's cost) is payable, {10} not.
    With only that {B}, a {B} symbol is not payable (it may be spent only as colorless),
    {1} is; with a {W}, {B} is (white as any color).
    """
    s = load(f"""\
        turn: {{active_player: Alice}}
        players:
          Alice:
            mana_pool: "{{B}}"
            battlefield: [{", ".join(DAWN_MOUNTAINS)}]
        """)
    assert payable(s, "{9}") is True
    assert payable(s, "{10}") is False
    only_b = load("""\
        turn: {active_player: Alice}
        players:
          Alice: {mana_pool: "{B}", battlefield: [Celestial Dawn]}
        """)
    assert payable(only_b, "{B}") is False
    assert payable(only_b, "{1}") is True
    only_w = load("""\
        turn: {active_player: Alice}
        players:
          Alice: {mana_pool: "{W}", battlefield: [Celestial Dawn]}
        """)
    assert payable(only_w, "{B}") is True


@pytest.mark.cr("609.4b")
def test_celestial_dawn_darksteel_forge() -> None:
    """SpendManaAsThoughItWereManaOfAnyColorTest.testCelestialDawn as XMage asks it:
    eight Mountains, Celestial Dawn, Black Market with one charge counter whose {B} is in
    the pool; Darksteel Forge ({9}) in hand: castable (see the test above). Black
    Market's triggers (a creature dying, a phase beginning) can't happen while paying
    (CR 603.2, 605.5a); the Forge's "Artifacts you control have indestructible" changes
    only destruction (CR 702.12).
    """
    market = "{card: Black Market, counters: {charge: 1}}"
    s = load(f"""\
        turn: {{active_player: Alice}}
        players:
          Alice:
            mana_pool: "{{B}}"
            hand: [Darksteel Forge]
            battlefield: [{", ".join(DAWN_MOUNTAINS)}, {market}]
        """)
    assert payable(s, None, for_object="Darksteel Forge") is True


@pytest.mark.cr("609.4b")
def test_celestial_dawn_white_as_any_color() -> None:
    """SpendManaAsThoughItWereManaOfAnyColorTest.testCelestialDawnAny: two Mountains
    (Plains: {W}) and Celestial Dawn; Vedalken Mastermind ({U}{U}) is castable (white
    spent as though blue, CR 609.4b). The Mountains could produce only {W} (CR 106.7,
    305.7)."""
    s = board("Mountain", "Mountain", "Celestial Dawn", hand=("Vedalken Mastermind",))
    assert payable(s, None, for_object="Vedalken Mastermind") is True
    assert payable(s, "{U}{U}") is True
    assert payable(s, "{3}") is False
    assert produce(s) == {"Mountain": "W", "Mountain#2": "W"}


@pytest.mark.cr("605.1b")
def test_leyline_of_abundance_only_its_controller() -> None:
    """LeylineOfAbundanceTest.testOpponentsManaCreatures: Alice and Bob each control
    Leyline of Abundance ("Whenever you tap a creature for mana, add an additional {G}");
    Bob controls Llanowar Elves.

    Bob's Elves trigger only Bob's Leyline: Bob makes {G}{G}, never three; Alice can make
    nothing.
    """
    s = load("""\
        turn: {active_player: Bob}
        players:
          Alice:
            battlefield: [Leyline of Abundance]
          Bob:
            battlefield: [Llanowar Elves, Leyline of Abundance]
        """)
    assert payable(s, "{G}{G}", player="Bob") is True
    assert payable(s, "{3}", player="Bob") is False
    assert payable(s, "{G}", player="Alice") is False


@pytest.mark.cr("601.2g")
def test_orcish_lumberjack() -> None:
    """AddManaAnyCombinationTest.testOrcishLumberjack: Orcish Lumberjack and a Forest;
    Living Twister costs {R}{R}{G}.

    Sacrificing the Forest adds three mana in any combination of {R}/{G}: {R}{R}{G}
    payable. The Forest may first tap for {G} (mana abilities are activated before costs
    are paid, CR 601.2g): four mana, e.g. {R}{R}{R}{G}; never four {R}, never five mana.
    manacheck: 'not decided'.
    """
    s = board("Orcish Lumberjack", "Forest")
    assert payable(s, "{R}{R}{G}") is True
    assert payable(s, "{R}{R}{R}{G}") is True
    assert payable(s, "{R}{R}{R}{R}") is False
    assert payable(s, "{5}") is False


# ---- ManaReflectionTest (org/mage/test/cards/replacement) -------------------------------


@pytest.mark.cr("616.1")
def test_mana_reflection_marwyn() -> None:
    """ManaReflectionTest.generatesCorrectManaFromMarwyn: Mana Reflection ("If you tap a
    permanent for mana, it produces twice as much of that mana instead"), Marwyn, the
    Nurturer with two +1/+1 counters (power 3), Upwelling.

    Marwyn adds {G}x3, doubled (CR 614.1a, 106.12b): {G}x6, never seven.
    """
    s = board("Mana Reflection", '{card: "Marwyn, the Nurturer", counters: {"+1/+1": 2}}',
              "Upwelling")
    assert payable(s, repeat("G", 6)) is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("616.1")
def test_mana_reflection_gemstone_caverns() -> None:
    """ManaReflectionTest.generatesCorrectManaFromGemstoneCaverns: Mana Reflection and
    Gemstone Caverns with a luck counter: one color, doubled: {G}{G}; never {W}{U}, never
    three."""
    s = board("Mana Reflection", "{card: Gemstone Caverns, counters: {luck: 1}}", "Upwelling")
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{W}{U}") is False
    assert payable(s, "{3}") is False


@pytest.mark.cr("616.1")
def test_mana_reflection_llanowar_elves() -> None:
    """ManaReflectionTest.generatesCorrectManaFromLlanowarElves: a creature is a
    permanent too: {G}{G}, never three."""
    s = board("Mana Reflection", "Llanowar Elves", "Upwelling")
    assert payable(s, "{G}{G}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("616.1")
def test_mana_reflection_goblin_clearcutter() -> None:
    """ManaReflectionTest.ManaReflectionWithGoblinClearcutterTest: Mana Reflection,
    Goblin Clearcutter, a Forest.

    The Forest taps for {G}{G} (doubled) and is then sacrificed to the Clearcutter (CR
    601.2g) for three {R}/{G} doubled: eight mana, {R}x6{G}x2 .. {G}x8 (XMage's four
    options); nine never; seven {R} never (three {R} doubled). manacheck: 'not decided'.
    """
    s = board("Mana Reflection", "Goblin Clearcutter", "Forest")
    assert payable(s, repeat("R", 6) + "{G}{G}") is True
    assert payable(s, repeat("G", 8)) is True
    assert payable(s, repeat("R", 7)) is False
    assert payable(s, "{9}") is False


@pytest.mark.cr("616.1")
def test_mana_reflection_havenwood_battleground() -> None:
    """ManaReflectionTest.ManaReflectionWithHavenwoodBattlegroundTest: Mana Reflection and
    Havenwood Battleground ({T}: {G}; {T}, Sacrifice: {G}{G}): the sacrifice ability also
    taps it, so it is doubled: {G}x4; never five."""
    s = board("Mana Reflection", "Havenwood Battleground", "Upwelling")
    assert payable(s, "{G}{G}{G}{G}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("616.1")
def test_nyxbloom_ancient_and_mana_reflection() -> None:
    """Nyxbloom Ancient ("three times as much") and Mana Reflection with one Forest
    (beside ManaReflectionTest): the player orders the two replacement effects (CR
    616.1), each applies once (614.5): {G} x3 x2 = {G}x6 either way; never seven. Alone
    with two Forests, Nyxbloom gives {G}x6 too."""
    s = board("Nyxbloom Ancient", "Mana Reflection", "Forest")
    assert payable(s, repeat("G", 6)) is True
    assert payable(s, "{7}") is False
    s = board("Nyxbloom Ancient", "Forest", "Forest")
    assert payable(s, repeat("G", 6)) is True
    assert payable(s, "{7}") is False


# ---- ManaOptionsTest, current version (assertCanPay / assertCannotPay) ------------------


@pytest.mark.cr("601.2g")
def test_mana_options_chromatic_sphere_current() -> None:
    """ManaOptionsTest.testChromaticSphere (current version): a Forest, two Plains, two
    Chromatic Spheres.

    The Plains pay the Spheres, the Forest adds {G}: {G}{R}{R} payable; {2} payable;
    {B}{B}{B} never (two Spheres).
    """
    s = board("Forest", "Plains", "Plains", "Chromatic Sphere", "Chromatic Sphere")
    assert payable(s, "{G}{R}{R}") is True
    assert payable(s, "{2}") is True
    assert payable(s, "{B}{B}{B}") is False
    assert payable(s, "{4}") is False


@pytest.mark.cr("106.1")
def test_mana_options_city_of_brass() -> None:
    """ManaOptionsTest.testDuplicatedDontHave1: two Cities of Brass (any color, 1 damage)
    and two Forests: {G}{G} plus two of any one color, {G}x4; {W}x3 never."""
    s = board("City of Brass", "City of Brass", "Forest", "Forest")
    for cost in ("{G}{G}{W}{W}", "{G}{G}{U}{U}", "{G}{G}{B}{B}", "{G}{G}{R}{R}", "{G}{G}{G}{G}"):
        assert payable(s, cost) is True, cost
    assert payable(s, "{W}{W}{W}") is False


@pytest.mark.cr("106.1")
def test_mana_options_grove_of_the_burnwillows() -> None:
    """ManaOptionsTest.testDuplicatedDontHave3: two Groves of the Burnwillows ({C}, or
    {R}/{G}) and two Forests: {G}x4 and {G}{G}{R}{R}; {R}x4 never."""
    s = board("Grove of the Burnwillows", "Grove of the Burnwillows", "Forest", "Forest")
    assert payable(s, "{G}{G}{G}{G}") is True
    assert payable(s, "{G}{G}{R}{R}") is True
    assert payable(s, "{R}{R}{R}{R}") is False


@pytest.mark.cr("601.2g")
def test_mana_options_cascading_cataracts() -> None:
    """ManaOptionsTest.testCascadingCataracts (XMage issue 7710, a stress test): five each
    of Plains, Island, Swamp, Mountain, Forest and Desert, three Cascading Cataracts
    ({T}: {C}; {5}, {T}: five mana in any combination of colors).

    For white: five Plains plus three Cataracts paid by 15 of the 25 other lands: 20
    {W}; 21 never (and the same for each color). In total 33 mana (every land and
    Cataract tapped for one), never 34. Checked for white and green.
    """
    lands = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Desert"]
    s = board(*[land for land in lands for _ in range(5)], *["Cascading Cataracts"] * 3)
    for color in "WG":
        assert payable(s, repeat(color, 20)) is True, color
        assert payable(s, repeat(color, 21)) is False, color
    assert payable(s, "{33}") is True
    assert payable(s, "{34}") is False


@pytest.mark.cr("605.1a")
def test_mana_options_deathrite_shaman_pay() -> None:
    """ManaOptionsTest.testDeathriteShaman: Deathrite Shaman, a Forest in the graveyard.

    "{T}: Exile target land card from a graveyard. Add one mana of any color." targets,
    so it is not a mana ability (CR 605.1a): it uses the stack and can't be activated
    while a cost is being paid (CR 601.2g, 605.3a). XMage counts its mana as available;
    as a payment question, {W} is not payable.
    """
    s = load("""\
        turn: {active_player: Alice}
        players:
          Alice:
            graveyard: [Forest]
            battlefield: [Deathrite Shaman]
        """)
    assert payable(s, "{W}") is False


@pytest.mark.cr("106.7")
def test_mana_options_deathrite_shaman_could_produce() -> None:
    """ManaOptionsTest.testDeathriteShaman as a could-produce question: XMage expects
    {W}, {U}, {B}, {R}, {G}. By CR 106.7 (costs ignored, any ability that would add mana
    if it resolved), Deathrite Shaman could produce every color."""
    s = load("""\
        turn: {active_player: Alice}
        players:
          Alice:
            graveyard: [Forest]
            battlefield: [Deathrite Shaman]
        """)
    d = explain_could_produce(s, "Deathrite Shaman", explain=False).as_dict(explain=False)
    assert d["mana_types"] == ["W", "U", "B", "R", "G"]


@pytest.mark.cr("106.6")
def test_mana_options_crucible_of_the_spirit_dragon() -> None:
    """ManaOptionsTest.testCrucibleOfTheSpiritDragon: Crucible of the Spirit Dragon with
    three storage counters.

    Both mana abilities need {T}: either {C}, or up to three colored mana for Dragons
    only (CR 106.6). {1} payable; Dragon Hatchling ({1}{R}) castable (X=2); {2} for no
    Dragon never. XMage expects {C}{C}{C} to be producible: wrong, the storage ability
    adds colored mana, and {C} comes only from {T}: Add {C}. manacheck: 'not decided'.
    """
    s = board("{card: Crucible of the Spirit Dragon, counters: {storage: 3}}",
              hand=("Dragon Hatchling",))
    assert payable(s, "{1}") is True
    assert payable(s, None, for_object="Dragon Hatchling") is True
    assert payable(s, "{2}") is False
    assert payable(s, "{C}{C}") is False


# ---- NonTappingManaAbilitiesTest, current version ----------------------------------------


@pytest.mark.cr("601.2g")
def test_non_tapping_coal_golem_and_dromars_attendant() -> None:
    """NonTappingManaAbilitiesTest.TestCoalGolemAndDromarsAttendant and ...Order2: a
    Forest, Dromar's Attendant ({1}, Sacrifice: Add {W}{U}{B}), Coal Golem ({3},
    Sacrifice: Add {R}{R}{R}).

    {G}; or the Forest pays the Attendant: {W}{U}{B}; or those three pay the Golem:
    {R}{R}{R} (CR 601.2g: mana abilities may be activated while paying another's cost).
    The order of the cards doesn't matter. Never four mana, never {W}{R}{R}{R}.
    """
    attendant = '"Dromar\'s Attendant"'
    for order in ((attendant, "Coal Golem"), ("Coal Golem", attendant)):
        s = board("Forest", *order)
        assert payable(s, "{G}") is True
        assert payable(s, "{W}{U}{B}") is True
        assert payable(s, "{R}{R}{R}") is True
        assert payable(s, "{W}{R}{R}{R}") is False
        assert payable(s, "{4}") is False


WOOD_TOKEN = """\
cards:
  - name: Wood
    types: [Creature]
    color_indicator: [G]
    subtypes: [Wall]
    power: 0
    toughness: 1
    keywords: [Defender]
    text: Defender
"""


@pytest.mark.cr("118.3")
def test_non_tapping_jungle_patrol() -> None:
    """NonTappingManaAbilitiesTest.TestJunglePatrol: two tapped Forests, a tapped Jungle
    Patrol and three Wood tokens (0/1 green Wall, defender; written in ``cards:``).

    One {R} per Wood sacrificed (CR 118.3): {R}{R}{R}, never four. manacheck: 'not
    decided'.
    """
    s = board("{card: Forest, tapped: true}", "{card: Forest, tapped: true}",
              "{card: Jungle Patrol, tapped: true}", *["{card: Wood, token: true}"] * 3,
              extra=WOOD_TOKEN)
    assert payable(s, "{R}{R}{R}") is True
    assert payable(s, "{4}") is False


@pytest.mark.cr("106.7")
def test_non_tapping_squandered_resources() -> None:
    """NonTappingManaAbilitiesTest.TestSquanderedResources: Forest, Taiga, Calciform Pools
    (no counters), River of Tears, Squandered Resources ("Sacrifice a land: Add one mana
    of any type the sacrificed land could produce").

    Each land taps for one mana, then is sacrificed for one of any type it could produce
    (CR 106.7 ignores costs, so Calciform Pools could produce {C}, {W}, {U}); with no land
    played, River of Tears makes {U}: XMage's {C}{R}{G}{G}{G}{W}{U}{U} is payable. The
    state file can't say whether a land was played, so the port asserts what holds
    either way: {C}{R}{G}{G}{G}{W} payable, nine mana never (four lands x 2).
    """
    s = board("Forest", "Taiga", "Calciform Pools", "River of Tears", "Squandered Resources")
    assert payable(s, "{C}{R}{G}{G}{G}{W}") is True
    assert payable(s, "{9}") is False


@pytest.mark.cr("106.7")
def test_non_tapping_squandered_resources_mana_confluence() -> None:
    """NonTappingManaAbilitiesTest.TestSquanderedResourcesWithManaConfluence: Forest,
    Mana Confluence, Squandered Resources: {G}{G}{Any}{Any} ({G}{G}{W}{U} payable, 2
    life); five never."""
    s = board("Forest", "Mana Confluence", "Squandered Resources")
    assert payable(s, "{G}{G}{W}{U}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("106.7")
def test_non_tapping_squandered_resources_two_swamps() -> None:
    """NonTappingManaAbilitiesTest.TestSquanderedResourcesTwoSwamps: two Swamps and
    Squandered Resources.

    XMage asserts three {B} at least; by the rules each Swamp taps for {B} and is then
    sacrificed for {B} (CR 601.2g, 106.7): four {B}, never five.
    """
    s = board("Swamp", "Swamp", "Squandered Resources")
    assert payable(s, "{B}{B}{B}{B}") is True
    assert payable(s, "{5}") is False


@pytest.mark.cr("119.4")
def test_non_tapping_treasonous_ogre() -> None:
    """NonTappingManaAbilitiesTest.TestTreasonousOgre: Treasonous Ogre ("Pay 3 life: Add
    {R}") at 20 life: six activations (18 life); the seventh needs 3 life with 2 left
    (CR 119.4): {R}x6 payable, {R}x7 not."""
    s = board("Treasonous Ogre")
    assert payable(s, repeat("R", 6)) is True
    assert payable(s, repeat("R", 7)) is False


@pytest.mark.cr("602.2")
def test_non_tapping_mana_cache() -> None:
    """NonTappingManaAbilitiesTest.Test_ManaCache and Test_ManaCacheOpponent: Mana Cache
    with two charge counters and two Swamps, controlled by Alice.

    On Alice's turn: {C}{C}{B}{B}. On Bob's turn, Bob may activate it ("Any player may
    activate this ability but only during their turn before the end step", CR 602.2):
    {C}{C} for Bob, never three.
    """
    s = board("Swamp", "Swamp", "{card: Mana Cache, counters: {charge: 2}}")
    assert payable(s, "{C}{C}{B}{B}") is True
    assert payable(s, "{5}") is False
    bobs_turn = load("""\
        turn: {active_player: Bob}
        players:
          Alice:
            battlefield: [Swamp, Swamp, {card: Mana Cache, counters: {charge: 2}}]
          Bob: {}
        """)
    assert payable(bobs_turn, "{C}{C}", player="Bob") is True
    assert payable(bobs_turn, "{3}", player="Bob") is False


@pytest.mark.cr("605.1a")
def test_non_tapping_spirit_guides() -> None:
    """NonTappingManaAbilitiesTest.testAvailableManaWithSpiritGuides: Simian and Elvish
    Spirit Guide in hand ("Exile this card from your hand: Add {R}/{G}", mana abilities
    that work from the hand): {R}{G}, never three."""
    s = board(hand=("Simian Spirit Guide", "Elvish Spirit Guide"))
    assert payable(s, "{R}{G}") is True
    assert payable(s, "{3}") is False



# ---- PhyrexianManaTest (K'rrik), RosheenMeandererManaXTest -------------------------------

KRRIK = '"K\'rrik, Son of Yawgmoth"'


@pytest.mark.cr("119.4")
def test_krrik_only_usable_by_controller() -> None:
    """PhyrexianManaTest.testKrrikOnlyUsableByController: Alice controls K'rrik ("For
    each {B} in a cost, you may pay 2 life rather than pay that mana"); both players have
    Banehound ({B}) in hand and no lands.

    Alice casts it for 2 life (CR 119.4); K'rrik's "you" is Alice only, so Bob can't.
    """
    s = load(f"""\
        turn: {{active_player: Alice}}
        players:
          Alice:
            hand: [Banehound]
            battlefield: [{KRRIK}]
          Bob:
            hand: [{{card: Banehound, id: bobs-hound}}]
        """)
    a = ask(s, None, for_object="Banehound")
    assert a.payable is True
    assert payable(s, None, player="Bob", for_object="bobs-hound") is False


@pytest.mark.cr("119.4")
def test_krrik_without_black_mana_and_without_krrik() -> None:
    """PhyrexianManaTest.testPlayerCanCastBanehoundWithoutAvailableBlackMana and
    testPlayerEffectNotUsableIfKrrikNotOnBattlefield: with K'rrik, Banehound is castable
    with no mana (2 life); once K'rrik is in the graveyard, it is not."""
    s = board(KRRIK, hand=("Banehound",))
    assert payable(s, None, for_object="Banehound") is True
    s = load(f"""\
        turn: {{active_player: Alice}}
        players:
          Alice:
            hand: [Banehound]
            graveyard: [{KRRIK}]
        """)
    assert payable(s, None, for_object="Banehound") is False


@pytest.mark.cr("119.4")
def test_krrik_crypt_ghast() -> None:
    """PhyrexianManaTest.testKrrikTriggeredAbility, the payment: four Swamps and K'rrik;
    Crypt Ghast ({3}{B}) castable (four Swamps, or three and 2 life)."""
    s = board(KRRIK, "Swamp", "Swamp", "Swamp", "Swamp", hand=("Crypt Ghast",))
    assert payable(s, None, for_object="Crypt Ghast") is True


@pytest.mark.cr("119.4")
def test_krrik_activated_ability() -> None:
    """PhyrexianManaTest.testKrrikActivatedAbility: K'rrik works on ability costs too:
    Frozen Shade's "{B}: +1/+1" can be activated with the only Swamp tapped, paying 2
    life; at 1 life it can't (CR 119.4)."""
    def shade(life: int) -> GameState:
        return load(f"""\
            turn: {{active_player: Alice}}
            players:
              Alice:
                life: {life}
                battlefield: [{KRRIK}, {{card: Swamp, tapped: true}}, Frozen Shade]
              Bob: {{}}
            """)
    assert activation(shade(20), "Frozen Shade") is True
    assert activation(shade(1), "Frozen Shade") is False


@pytest.mark.cr("601.2f")
def test_krrik_trinisphere() -> None:
    """PhyrexianManaTest.testKrrikTrinispherePostPay: a Swamp, K'rrik, Trinisphere;
    Dismember ({1}{B/P}{B/P}).

    The total cost is already three mana (each Phyrexian symbol is one mana, CR 107.4f,
    601.2f), so Trinisphere adds nothing; paying both {B/P} with life leaves {1}: one
    Swamp and 4 life pay it. With the Swamp tapped, {1} can't be paid with life: not
    castable.
    """
    s = board(KRRIK, "Swamp", "Trinisphere", hand=("Dismember",))
    assert payable(s, None, for_object="Dismember") is True
    s = board(KRRIK, "{card: Swamp, tapped: true}", "Trinisphere", hand=("Dismember",))
    assert payable(s, None, for_object="Dismember") is False


@pytest.mark.cr("106.6")
def test_rosheen_meanderer_x_costs() -> None:
    """RosheenMeandererManaXTest.test_PayXForDragonAbility / test_PayXForCondescendPrevent
    / test_KickerWithXZero: Rosheen Meanderer ({T}: Add {C}{C}{C}{C}, "Spend this mana
    only on costs that contain {X}") and a Mountain.

    Flameblast Dragon's {X}{R} with X=3: Rosheen pays {3}, the Mountain {R}: payable.
    {3}{R} (no {X}) can't use Rosheen's mana (CR 106.6): not payable. Condescend's {X}
    with X=2: payable. The ruling (2017-11-17): even with X=0 the cost contains {X}, so
    with two Forests, kicked Verdeloth ({X}{4}{G}{G}, X=0) is payable.
    """
    s = board("Rosheen Meanderer", "Mountain")
    assert payable(s, "{X}{R}", x=3) is True
    assert payable(s, "{3}{R}") is False
    assert payable(s, "{X}", x=2) is True
    s = board("Rosheen Meanderer", "Forest", "Forest")
    assert payable(s, "{X}{4}{G}{G}", x=0) is True
    assert payable(s, "{4}{G}{G}") is False


# ---- Urza lands: ImprisonedInTheMoonTest, HeartbeatOfSpringTest, SpendOtherManaTest -----

TRON = ('"Urza\'s Mine"', '"Urza\'s Tower"', '"Urza\'s Power Plant"')


@pytest.mark.cr("106.1")
def test_urza_lands_tron() -> None:
    """SpendOtherManaTest.testOathOfNissa's lands alone: Urza's Mine (2 with the other
    two), Urza's Tower (3), Urza's Power Plant (2): seven {C}, never eight."""
    s = board(*TRON)
    assert payable(s, "{7}") is True
    assert payable(s, "{8}") is False


@pytest.mark.cr("613.1d")
def test_imprisoned_in_the_moon_urza_mine() -> None:
    """ImprisonedInTheMoonTest.testEnchantUrzaLand: Bob's Imprisoned in the Moon on
    Alice's Urza's Mine; Alice also has Urza's Tower and Power Plant; Wurmcoil Engine
    ({6}) in hand.

    The Mine loses its ability but stays a land and keeps its land type Urza's Mine (the
    card's ruling: "it retains those types even though it loses any intrinsic mana
    abilities"): the Mine makes {C}, the Tower {C}{C}{C}, the Power Plant {C}{C}: six.
    Wurmcoil is castable, seven
    mana never (XMage: Bonesplitter can't be cast after). Layers 4 (Land, CR 205.1a,
    613.1d), 5 (colorless) and 6 (loses all abilities, gains "{T}: Add {C}", 613.1f).
    """
    s = board("{card: \"Urza's Mine\", id: mine}", *TRON[1:],
              "{card: Imprisoned in the Moon, attached_to: mine, owner: Bob}",
              hand=("Wurmcoil Engine",))
    assert payable(s, None, for_object="Wurmcoil Engine") is True
    assert payable(s, "{7}") is False


@pytest.mark.cr("106.12a")
def test_heartbeat_of_spring_urza_mine() -> None:
    """HeartbeatOfSpringTest.testWorksForUrzasLand, the payment: three tapped Forests
    (spent on Heartbeat of Spring), Urza's Mine alone ({C}), Heartbeat of Spring
    ("Whenever a player taps a land for mana, that player adds one mana of any type that
    land produced"): {C}{C}, so Angel's Feather's {2} is payable; three never."""
    s = board(*["{card: Forest, tapped: true}"] * 3, TRON[0], "Heartbeat of Spring")
    assert payable(s, "{2}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("601.2f")
def test_heartbeat_of_spring_cast_angels_feather() -> None:
    """HeartbeatOfSpringTest.testWorksForUrzasLand as XMage asks it: cast Angel's Feather
    ({2}) with the board above: castable."""
    s = board(*["{card: Forest, tapped: true}"] * 3, TRON[0], "Heartbeat of Spring",
              hand=('"Angel\'s Feather"',))
    assert payable(s, None, for_object="Angel's Feather") is True


@pytest.mark.cr("609.4b")
def test_oath_of_nissa_tron_chandra() -> None:
    """SpendOtherManaTest.testOathOfNissa: Oath of Nissa and the three Urza lands;
    Chandra, Flamecaller ({4}{R}{R}) castable: seven {C}, two spent as though red
    (CR 609.4b). As a plain cost, {4}{R}{R} is not payable."""
    s = board("Oath of Nissa", *TRON, hand=('"Chandra, Flamecaller"',))
    assert payable(s, None, for_object="Chandra, Flamecaller") is True
    assert payable(s, "{4}{R}{R}") is False


@pytest.mark.cr("609.4b")
def test_oath_of_nissa_dark_petition_mana() -> None:
    """SpendOtherManaTest.testOathOfNissaWithDarkPetition: Oath of Nissa, {B}{B}{B} in the
    pool (Dark Petition's spell mastery), Nissa, Voice of Zendikar ({1}{G}{G}) in hand:
    castable with the black mana (CR 609.4b); {1}{G}{G} as a plain cost is not."""
    s = load("""\
        turn: {active_player: Alice}
        players:
          Alice:
            mana_pool: "{B}{B}{B}"
            hand: ["Nissa, Voice of Zendikar"]
            battlefield: [Oath of Nissa]
        """)
    assert payable(s, None, for_object="Nissa, Voice of Zendikar") is True
    assert payable(s, "{1}{G}{G}") is False


@pytest.mark.cr("609.4b")
def test_mycosynth_lattice_sydri() -> None:
    """SpendOtherManaTest.testColorlessCanBeUsed: Mycosynth Lattice, Sydri, Galvanic
    Genius, Unknown Shores; Bob's Mountain.

    The Lattice makes the Mountain a noncreature artifact (layer 4, CR 613.1d), a legal
    target for Sydri's "{U}: Target noncreature artifact becomes an artifact creature";
    Unknown Shores' {C} is spent as though blue (CR 609.4b): legal.
    """
    s = board("Mycosynth Lattice", '"Sydri, Galvanic Genius"', "Unknown Shores",
              opponent=("Mountain",))
    assert activation(s, "Sydri, Galvanic Genius", 1) is True


# ---- ConditionalManaTest (org/mage/test/cards/mana/conditional) -------------------------


@pytest.mark.cr("106.6")
def test_conditional_pillar_of_the_paruns_multicolored() -> None:
    """ConditionalManaTest.testNormalUse: two Pillars of the Paruns ("any color; spend
    this mana only to cast a multicolored spell"); Heroes' Reunion ({G}{W}, multicolored)
    is castable (CR 106.6)."""
    s = board("Pillar of the Paruns", "Pillar of the Paruns", hand=('"Heroes\' Reunion"',))
    assert payable(s, None, for_object="Heroes' Reunion") is True


@pytest.mark.cr("106.6")
def test_conditional_pillar_of_the_paruns_monocolored() -> None:
    """ConditionalManaTest.testNotAllowedUse: the Pillars' mana can't pay Silvercoat Lion
    ({1}{W}, monocolored): not castable (CR 106.6)."""
    s = board("Pillar of the Paruns", "Pillar of the Paruns", hand=("Silvercoat Lion",))
    assert payable(s, None, for_object="Silvercoat Lion") is False


@pytest.mark.cr("601.2h")
def test_cast_lightning_bolt_with_a_mountain() -> None:
    """The simplest cast of XMage's mana tests (ReflectingPoolTest.testTriggeredManaAbility
    and ManaFlareTest cast Lightning Bolt; ConditionalManaTest.DictateOfKarametra_*
    casts Precision Bolt): a Mountain pays Lightning Bolt's {R}."""
    s = board("Mountain", hand=("Lightning Bolt",))
    assert payable(s, None, for_object="Lightning Bolt") is True


@pytest.mark.cr("106.7")
def test_conditional_sliver_hive_and_reflecting_pool() -> None:
    """ConditionalManaTest.testWorkingWithReflectingPool2: Reflecting Pool and Sliver Hive
    ({T}: {C}; {T}: any color, only for Sliver spells).

    The Pool could produce every color the Hive could (CR 106.7), without the Hive's
    restriction: Hive {C} + Pool {W} cast Silvercoat Lion ({1}{W}).
    """
    s = board("Reflecting Pool", "Sliver Hive", hand=("Silvercoat Lion",))
    assert payable(s, None, for_object="Silvercoat Lion") is True
    assert produce(s)["Reflecting Pool"] == "WUBRGC"


@pytest.mark.cr("106.6")
def test_conditional_shrine_of_the_forsaken_gods() -> None:
    """ConditionalManaTest.testPayColorlessWithConditionalMana: Shrine of the Forsaken
    Gods and eight Plains (nine lands); Kozilek, the Great Distortion ({8}{C}{C},
    colorless).

    The Shrine's {C}{C} may be spent on a colorless spell and pays {C}{C}; the Plains pay
    {8}: castable. With five Plains (six lands) the Shrine gives only {C}: not castable.
    As a plain cost, {8}{C}{C} is not payable (the {C}{C} is restricted). manacheck:
    'not decided'.
    """
    s = board("Shrine of the Forsaken Gods", *["Plains"] * 8,
              hand=('"Kozilek, the Great Distortion"',))
    assert payable(s, None, for_object="Kozilek, the Great Distortion") is True
    assert payable(s, "{8}{C}{C}") is False
    s = board("Shrine of the Forsaken Gods", *["Plains"] * 5,
              hand=('"Kozilek, the Great Distortion"',))
    assert payable(s, None, for_object="Kozilek, the Great Distortion") is False


@pytest.mark.cr("106.6")
def test_conditional_cultivator_drone() -> None:
    """ConditionalManaTest.CultivatorDroneColorlessSpell / ...ColorlessAbility /
    ...ColorlessCost: Cultivator Drone's restricted {C}.

    With a Plains: Spatial Contortion ({1}{C}, colorless) castable. With Wastes:
    Endbringer's "{C}{C}, {T}: Draw a card" (a colorless permanent's ability) can be
    activated. Alone: a cost containing {C} (Gravity Negator's "you may pay {C}") is
    payable, a plain {1} is not (CR 106.6).
    """
    s = board("Cultivator Drone", "Silvercoat Lion", "Plains", hand=("Spatial Contortion",))
    assert payable(s, None, for_object="Spatial Contortion") is True
    s = board("Cultivator Drone", "Wastes", "Endbringer")
    assert activation(s, "Endbringer", 3) is True
    s = board("Cultivator Drone", "Gravity Negator")
    assert payable(s, "{C}") is True
    assert payable(s, "{1}") is False


@pytest.mark.cr("605.1a")
def test_conditional_empowered_autogenerator() -> None:
    """ConditionalManaTest.EmpoweredAutogeneratorAddsCountWithMana and
    ...AddsDoubleCountersWithDoubleSeason: the counter is put as the ability resolves,
    then X counts it (a mana ability, its ruling 2019-08-23).

    No counters: one mana ({R} for Lightning Bolt), never two. With Doubling Season the
    first activation puts two counters (CR 614.1a): {R}{R}, never three.
    """
    s = board("Empowered Autogenerator")
    assert payable(s, "{R}") is True
    assert payable(s, "{R}{R}") is False
    s = board("Empowered Autogenerator", "Doubling Season")
    assert payable(s, "{R}{R}") is True
    assert payable(s, "{3}") is False


@pytest.mark.cr("106.12a")
def test_conditional_dictate_of_karametra() -> None:
    """ConditionalManaTest.DictateOfKarametra_ManualPay / _AutoPay /
    TriggeredManaAbilityMustGivesExtraManaOptions: Dictate of Karametra ("Whenever you
    tap a land for mana, add one mana of any type that land produced").

    One Mountain: {R}{R}. Two Mountains: {R}x4, so Precision Bolt's {2}{R} is payable;
    five never.
    """
    assert payable(board("Dictate of Karametra", "Mountain"), "{R}{R}") is True
    assert payable(board("Dictate of Karametra", "Mountain"), "{3}") is False
    s = board("Dictate of Karametra", "Mountain", "Mountain")
    assert payable(s, "{R}{R}{R}{R}") is True
    assert payable(s, "{2}{R}") is True
    assert payable(s, "{5}") is False


# ---- ForbiddenOrchardTest, CrypticTrilobiteTest ------------------------------------------


@pytest.mark.cr("605.1b")
def test_forbidden_orchard() -> None:
    """ForbiddenOrchardTest.testSpiritCreation: a Mountain and Forbidden Orchard ({T}: any
    color): Silvercoat Lion ({1}{W}) castable; {W}{W} never (the Mountain makes only
    {R})."""
    s = board("Mountain", "Forbidden Orchard", hand=("Silvercoat Lion",))
    assert payable(s, "{1}{W}") is True
    assert payable(s, None, for_object="Silvercoat Lion") is True
    assert payable(s, "{W}{W}") is False


TRILOBITE = '{card: Cryptic Trilobite, counters: {"+1/+1": 5}}'
TAPPED_SWAMPS = ("{card: Swamp, tapped: true}",) * 10


@pytest.mark.cr("106.6")
def test_cryptic_trilobite() -> None:
    """CrypticTrilobiteTest.testUse / testCantUse: Cryptic Trilobite
    with five +1/+1 counters (cast for X=5 with ten Swamps, now tapped).

    Its {C}{C} may only be spent to activate abilities (CR 106.6): Aegis Automaton ({2})
    can't be cast; Deathknell Kami's "{2}: +1/+1" can be activated.
    """
    s = board(TRILOBITE, *TAPPED_SWAMPS, hand=("Aegis Automaton",))
    assert payable(s, None, for_object="Aegis Automaton") is False
    s = board(TRILOBITE, *TAPPED_SWAMPS, "Deathknell Kami")
    assert activation(s, "Deathknell Kami", 1) is True


@pytest.mark.cr("106.7")
def test_could_produce_all_gift_of_paradise() -> None:
    """NagaVitalistTest.nagaVitalist_GiftOfParadiseCanAnyColor through
    ``manacheck.solver.could_produce_all``: the enchanted Swamp could produce {B} and
    every color; Naga Vitalist every color (CR 106.7, 613.1f)."""
    from manacheck.solver import could_produce_all
    got = could_produce_all(board(*GIFT_ON_SWAMP))
    assert {t.value for t in got["swamp"]} == set("WUBRG")
    assert {t.value for t in got["Naga Vitalist"]} == set("WUBRG")
