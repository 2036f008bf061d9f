"""Spend restrictions on costs, kicked spells and special uses, and "spend mana as though
it were mana of any color to cast ..." statics (CR 106.6, 609.4b; issues 12 and 16).

Each expectation is derived by hand from the rules and the cards' rulings: which mana
may pay the cost asked (CR 106.6), whether that cost contains {X} as written (CR 107.3,
601.2f; Rosheen Meanderer's rulings: any part of such a cost, even with X = 0), whether
the spell is kicked (CR 702.33d: only if its kicker cost is paid; a total cost computed
from the card has none), and what a colored symbol accepts with a spend static
(CR 609.4b).
"""

from __future__ import annotations

import textwrap

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.model.oracletext import read_line
from manacheck.model.oracletext.spendstatic import read_spend_static
from manacheck.solver import can_activate
from manacheck.solver.payments import payment_answer

from manacheck.cli import main

#: Test cards: a kicker spell ({G}{G}, kicker {1}), a plain spell ({G}{G}), an instant
#: and a creature ({U}{U}), each with no other text (nothing unread on them).
CARDS = """\
cards:
  - {name: Kicker Spell, mana_cost: "{G}{G}", types: [Sorcery], keywords: ["Kicker {1}"]}
  - {name: Plain Spell, mana_cost: "{G}{G}", types: [Sorcery]}
  - {name: Blue Instant, mana_cost: "{U}{U}", types: [Instant]}
  - {name: Blue Creature, mana_cost: "{U}{U}", types: [Creature], power: 1, toughness: 1}
  - {name: Morph Creature, mana_cost: "{U}{U}", types: [Creature], power: 2, toughness: 2,
     keywords: ["Morph {1}{U}"]}
  - {name: Flashback Spell, mana_cost: "{R}{R}", types: [Sorcery],
     keywords: ["Flashback {1}{R}"]}
  - {name: Test Walker, mana_cost: "{G}{G}", types: [Planeswalker], loyalty: 3}
  - name: W Filter
    types: [Artifact]
    abilities:
      - {activated: {cost: "{W}{T}", mana: {add: "{G}{G}"}, text: "{W}, {T}: Add {G}{G}."}}
  - name: Mixed Engine
    mana_cost: "{3}"
    types: [Artifact]
    abilities:
      - {activated: {cost: "{X}{T}", effects: [{kind: draw, count: 1}], text: "{X}: Draw."}}
      - {activated: {cost: "{2}{T}", effects: [{kind: draw, count: 1}], text: "{2}: Draw."}}
  - name: C Filter
    mana_cost: "{1}{U}"
    types: [Artifact]
    abilities:
      - {activated: {cost: "{C}{T}", mana: {add: "{U}{U}"}, text: "{C}, {T}: Add {U}{U}."}}
"""


def board(*battlefield: str, hand: tuple[str, ...] = (), graveyard: tuple[str, ...] = (),
          theirs: tuple[str, ...] = ()) -> GameState:
    return load_state_text(textwrap.dedent(f"""\
        turn: {{active_player: A, phase: precombat_main}}
        players:
          A:
            hand: [{", ".join(hand)}]
            graveyard: [{", ".join(graveyard)}]
            battlefield: [{", ".join(battlefield)}]
          B:
            graveyard: [{", ".join(theirs)}]
        """) + CARDS)


def payable(state: GameState, cost: str | None, **kw: object) -> bool | None:
    return payment_answer(state, "A", cost, list_payments=False,  # type: ignore[arg-type]
                          **kw).payable


# ---- reading: each line read and rendered back exactly --------------------------------

LINES = [
    ("Rosheen Meanderer", "{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that "
     "contain {X}.", {"costs": ["with_x"]}),
    ("Elementalist's Palette", "{T}: Add {C} for each charge counter on Elementalist's "
     "Palette. Spend this mana only on costs that contain {X}.", {"costs": ["with_x"]}),
    ("Cultivator Drone", "{T}: Add {C}. Spend this mana only to cast a colorless spell, "
     "activate an ability of a colorless permanent, or pay a cost that contains {C}.",
     {"spells": {"colorless": True}, "abilities": {"colorless": True},
      "costs": ["with_c"]}),
    ("Elfhame Druid", "{T}: Add {G}{G}. Spend this mana only to cast kicked spells.",
     {"spells": {}, "kicked": True}),
    ("Throne of Makindi", "{T}, Remove a charge counter from Throne of Makindi: Add two "
     "mana of any one color. Spend this mana only to cast kicked spells.",
     {"spells": {}, "kicked": True}),
    ("Adarkar Unicorn", "{T}: Add {U} or {C}{U}. Spend this mana only to pay cumulative "
     "upkeep costs.", {"costs": ["cumulative_upkeep"]}),
    ("Titans' Nest", "Exile a card from your graveyard: Add {C}. Spend this mana only to "
     "cast a spell that's one or more colors without {X} in its mana cost.",
     {"spells": {"colorless": False}, "no_x_mana_cost": True}),
    ("Karfell Harbinger", "{T}: Add {U}. Spend this mana only to foretell a card from your "
     "hand or cast an instant or sorcery spell.",
     {"costs": ["foretell"], "spells": {"any_types": ["instant", "sorcery"]}}),
    ("Qarsi Deceiver", "{T}: Add {C}. Spend this mana only to cast a face-down creature "
     "spell, pay a mana cost to turn a manifested creature face up, or pay a morph cost. "
     "(A megamorph cost is a morph cost.)", {"costs": ["face_down", "manifest", "morph"]}),
    ("Altar of the Lost", "{T}: Add two mana in any combination of colors. Spend this "
     "mana only to cast spells with flashback from a graveyard.",
     {"spells": {}, "keyword_from_a_graveyard": "Flashback"}),
    ("Unblinking Observer", "{T}: Add {U}. Spend this mana only to pay a disturb cost or "
     "cast an instant or sorcery spell.",
     {"costs": ["disturb"], "spells": {"any_types": ["instant", "sorcery"]}}),
]


@pytest.mark.cr("106.6")
@pytest.mark.parametrize(("name", "line", "restriction"), LINES)
def test_spend_restriction_read(name: str, line: str, restriction: dict[str, object]
                                ) -> None:
    """The restriction is read into the generic vocabulary and renders back to the line
    (else the line would stay unread)."""
    r = read_line(line, name)
    assert r.status == "read", r.why
    assert r.ability is not None
    got = dict(r.ability["activated"]["mana"]["restriction"])
    assert got.pop("text") == line[line.index("Spend"):].split(" (")[0]
    assert got == restriction


@pytest.mark.cr("106.6")
def test_spend_restriction_near_misses_unread() -> None:
    """A symbol other than the one the rule names is not read as it (no guessing)."""
    assert read_line("{T}: Add {C}. Spend this mana only on costs that contain {C}.",
                     "Test Card").status != "read"
    assert read_line("{T}: Add {C}. Spend this mana only to cast a spell with devoid.",
                     "Test Card").status == "read"  # (the rule beside the new ones still reads)


@pytest.mark.cr("609.4b")
def test_spend_statics_read() -> None:
    """Oath of Nissa (to cast planeswalker spells: ``affected``), Mycosynth Lattice's
    spend line (every player) and Chromatic Orrery's; "any type" and a filter the
    riders don't read stay unread."""
    oath = "You may spend mana as though it were mana of any color to cast planeswalker " \
           "spells."
    assert read_spend_static(oath) == {"static": {
        "kind": "spend_as_any_color", "affected": {"types": ["planeswalker"]}, "text": oath}}
    lattice = "Players may spend mana as though it were mana of any color."
    assert read_spend_static(lattice) == {"static": {
        "kind": "spend_as_any_color", "params": {"players": "all"}, "text": lattice}}
    orrery = "You may spend mana as though it were mana of any color."
    assert read_spend_static(orrery) == {"static": {"kind": "spend_as_any_color",
                                                    "text": orrery}}
    assert read_spend_static("You may spend mana as though it were mana of any type to "
                             "cast creature spells.") is None
    assert read_spend_static("You may spend mana as though it were mana of any color to "
                             "cast creature spells with mana value equal to the chosen "
                             "number.") is None


# ---- costs that contain {X} (Rosheen Meanderer) ---------------------------------------


@pytest.mark.cr("106.6", "107.3", "601.2f")
def test_rosheen_total_cost_of_a_spell() -> None:
    """Rosheen ({C}{C}{C}{C} for costs with {X}) and a Mountain. Fireball ({X}{R}) cast
    for its mana cost has {X} in its total cost: X=3 and X=4 are payable (Rosheen's four
    pay {X}, the Mountain {R}), X=5 not (six mana, five made). Grizzly Bears ({1}{G}) has
    no {X}: Rosheen's mana can't pay it, and there is no green: not payable."""
    s = board("Rosheen Meanderer", "Mountain", hand=("Fireball", "Grizzly Bears"))
    assert payable(s, None, for_object="Fireball", x=3) is True
    assert payable(s, None, for_object="Fireball", x=4) is True
    assert payable(s, None, for_object="Fireball", x=5) is False
    assert payable(s, None, for_object="Grizzly Bears") is False
    s = board("Rosheen Meanderer", "Forest", hand=("Grizzly Bears",))
    assert payable(s, None, for_object="Grizzly Bears") is False  # the Forest alone


@pytest.mark.cr("106.6", "107.3")
def test_rosheen_given_cost_says_x() -> None:
    """A cost given with its {X} contains one even once X is given (X=0 too, the
    ruling); the same symbols given without {X} don't. ``contains_x`` says it for a
    cost given with X already substituted (the CLI's way)."""
    s = board("Rosheen Meanderer", "Mountain")
    assert payable(s, "{X}{R}", x=0) is True
    assert payable(s, "{2}{R}") is False
    assert payable(s, "{2}{R}", contains_x=True) is True
    assert payable(s, "{2}{R}", contains_x=False) is False


@pytest.mark.cr("106.6", "601.2f")
def test_rosheen_spell_given_cost() -> None:
    """A cost given without {X} for a spell whose mana cost has {X} (Fireball): casting
    it for its mana cost, its total cost contains {X} (CR 601.2f): payable."""
    s = board("Rosheen Meanderer", "Mountain", hand=("Fireball",))
    assert payable(s, "{3}{R}", for_object="Fireball") is True


@pytest.mark.cr("106.6", "602.2b")
def test_rosheen_abilities_with_and_without_x() -> None:
    """Mixed Engine: "{X}, {T}: Draw a card." and "{2}, {T}: Draw a card."; Rosheen
    alone pays. can-activate knows which ability: the first (X=2, its cost has {X}) is
    legal, the second ({2}, no {X}) is not. "{2}" given for the Engine may be either
    ability's cost (with X=2 or not): Rosheen is left out and nothing else pays: not
    decided; "{X}" with X=2 says it: payable."""
    s = board("Rosheen Meanderer", '"Mixed Engine"')
    v = can_activate(s, "Mixed Engine", 1)
    assert not v.undecided and v.legal
    v = can_activate(s, "Mixed Engine", 2)
    assert not v.undecided and not v.legal
    assert payable(s, "{2}", for_object="Mixed Engine") is None
    assert payable(s, "{X}", x=2, for_object="Mixed Engine") is True


@pytest.mark.cr("106.6")
def test_rosheen_cli(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """manacheck pay: "{X}{R}" with --x 3 is payable (exit 0), "{3}{R}" is not (exit 1)."""
    from pathlib import Path
    path = Path(str(tmp_path)) / "s.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A:\n    battlefield: "
                    "[Rosheen Meanderer, Mountain]\n", encoding="utf-8")
    assert main(["pay", str(path), "{X}{R}", "--x", "3"]) == 0
    assert main(["pay", str(path), "{3}{R}"]) == 1
    out = capsys.readouterr().out
    assert "not payable" in out


# ---- Cultivator Drone: a colorless spell, a colorless permanent's ability, a {C} cost --


@pytest.mark.cr("106.6", "105.2c")
def test_cultivator_drone() -> None:
    """Drone ({C}) and a Plains: Mind Stone ({2}, colorless) castable with both; Silvercoat
    Lion ({1}{W}, white, no {C}) only with the Plains: not. Drone alone: "{C}" (a cost
    that contains {C}) payable, "{1}" not. Mind Stone's "{1}, {T}, Sacrifice: Draw a
    card" (a colorless permanent's ability; its {T} keeps its own mana out, CR 107.5):
    the Drone pays it."""
    s = board("Cultivator Drone", "Plains", hand=("Mind Stone", "Silvercoat Lion"))
    assert payable(s, None, for_object="Mind Stone") is True
    assert payable(s, None, for_object="Silvercoat Lion") is False
    s = board("Cultivator Drone")
    assert payable(s, "{C}") is True
    assert payable(s, "{1}") is False
    v = can_activate(board("Cultivator Drone", "Mind Stone"), "Mind Stone", 2)
    assert not v.undecided and v.legal


@pytest.mark.cr("106.6", "605.3a")
def test_cultivator_drone_pays_a_mana_abilitys_c_cost() -> None:
    """C Filter (a blue artifact: "{C}, {T}: Add {U}{U}", not a colorless permanent's
    ability) and the Drone: the filter's cost contains {C},
    so the Drone's {C} pays it (CR 605.3a: a mana ability activated while paying), and
    {U}{U} pays "{U}{U}": payable. Without the Drone: not (nothing pays the {C})."""
    assert payable(board("Cultivator Drone", '"C Filter"'), "{U}{U}") is True
    assert payable(board('"C Filter"'), "{U}{U}") is False


@pytest.mark.cr("106.6", "109.2")
def test_cultivator_drone_not_for_a_cards_ability() -> None:
    """Drifting Meadow in hand (a colorless card; cycling {2}): "an ability of a
    colorless permanent" names a permanent (CR 109.2), and {2} has no {C}, so the
    Drone's mana can't pay the cycling: with a Plains only one usable mana: not legal;
    with two Plains: legal."""
    v = can_activate(board("Cultivator Drone", "Plains", hand=('"Drifting Meadow"',)),
                     "Drifting Meadow")
    assert not v.undecided and not v.legal
    v = can_activate(board("Plains", "Plains", hand=('"Drifting Meadow"',)),
                     "Drifting Meadow")
    assert not v.undecided and v.legal


# ---- kicked spells (Elfhame Druid) ----------------------------------------------------


@pytest.mark.cr("106.6", "702.33d")
def test_elfhame_druid_kicked() -> None:
    """Elfhame Druid: {G}, or {G}{G} only for kicked spells (one {T}: one of them).

    Plain Spell ({G}{G}) has no kicker, so it is never kicked (CR 702.33d): the Druid
    gives it only {G}: not payable, definitely, asked for its total cost or given. Kicker
    Spell ({G}{G}, kicker {1}): whether the question's cast is kicked isn't in the state
    (nor the kicker's part of its total cost): not decided either way, never guessed.
    """
    s = board("Elfhame Druid", hand=('"Kicker Spell"', '"Plain Spell"'))
    assert payable(s, None, for_object="Plain Spell") is False
    assert payable(s, "{G}{G}", for_object="Plain Spell") is False
    assert payable(s, None, for_object="Kicker Spell") is None
    assert payable(s, "{1}{G}{G}", for_object="Kicker Spell") is None
    assert payable(s, "{G}") is True  # the unrestricted {G}


# ---- instant or sorcery spells; cumulative upkeep -------------------------------------


@pytest.mark.cr("106.6")
def test_karfell_and_unblinking_instants() -> None:
    """Two Karfell Harbingers (or Unblinking Observers): {U}{U} for Blue Instant
    (payable), not for Blue Creature; nothing in particular ("{U}"): not (foretell and
    disturb costs are no question's)."""
    for name in ("Karfell Harbinger", "Unblinking Observer"):
        s = board(name, name, hand=('"Blue Instant"', '"Blue Creature"'))
        assert payable(s, None, for_object="Blue Instant") is True
        assert payable(s, None, for_object="Blue Creature") is False
        assert payable(s, "{U}") is False


@pytest.mark.cr("106.6", "702.24a")
def test_adarkar_unicorn_only_cumulative_upkeep() -> None:
    """Adarkar Unicorn's mana pays only cumulative upkeep costs, which no payment
    question is: "{U}" not payable, nor a blue spell."""
    s = board("Adarkar Unicorn", hand=('"Blue Instant"',))
    assert payable(s, "{U}") is False
    assert payable(s, None, for_object="Blue Instant") is False


@pytest.mark.cr("106.6", "702.37c")
def test_qarsi_deceiver_face_down_not_guessed() -> None:
    """Three Qarsi Deceivers ({C} each, only for a face-down spell, turning a manifested
    creature face up, or a morph cost) and an Island. Morph Creature ({U}{U}, morph
    {1}{U}) for its mana cost is cast face up: the Deceivers can't pay, one Island can't
    pay {U}{U}: not payable. "{3}" given for it may be casting it face down (CR 702.37c):
    the Deceivers are left out and nothing else pays three: not decided. "{3}" for
    nothing in particular: the Deceivers' mana isn't for it: not payable."""
    s = board("Qarsi Deceiver", "Qarsi Deceiver", "Qarsi Deceiver", "Island",
              hand=('"Morph Creature"',))
    assert payable(s, None, for_object="Morph Creature") is False
    assert payable(s, "{3}", for_object="Morph Creature") is None
    assert payable(s, "{3}") is False


# ---- spend as though any color to cast planeswalker spells (Oath of Nissa) -------------


@pytest.mark.cr("609.4b")
def test_oath_of_nissa_only_planeswalkers() -> None:
    """Oath of Nissa and three Wastes: Nissa, Voice of Zendikar ({1}{G}{G}) castable
    ({C} spent as though green), Grizzly Bears ({1}{G}, a creature) not."""
    s = board("Oath of Nissa", "Wastes", "Wastes", "Wastes",
              hand=('"Nissa, Voice of Zendikar"', "Grizzly Bears"))
    assert payable(s, None, for_object="Nissa, Voice of Zendikar") is True
    assert payable(s, None, for_object="Grizzly Bears") is False


@pytest.mark.cr("609.4b", "605.3a")
def test_oath_of_nissa_not_for_mana_abilities_costs() -> None:
    """Oath of Nissa lets mana be spent as though any color to cast planeswalker spells,
    not to activate mana abilities on the way. Test Walker ({G}{G}): with two Wastes,
    payable ({C}{C} as though green). With one Wastes and W Filter ("{W}, {T}: Add
    {G}{G}"): the Wastes' {C} can't pay the Filter's {W} (that cost isn't the spell's),
    and alone it is one mana: not payable."""
    s = board("Oath of Nissa", "Wastes", "Wastes", hand=('"Test Walker"',))
    assert payable(s, None, for_object="Test Walker") is True
    s = board("Oath of Nissa", "Wastes", '"W Filter"', hand=('"Test Walker"',))
    assert payable(s, None, for_object="Test Walker") is False


@pytest.mark.cr("106.6", "702.34a")
def test_altar_of_the_lost_flashback_from_a_graveyard() -> None:
    """Altar of the Lost (two mana in any combination of colors, only for spells with
    flashback cast from a graveyard, anyone's: its rulings). Flashback Spell ({R}{R},
    flashback {1}{R}) in A's graveyard or in B's: payable ({R}{R} from the Altar); in
    A's hand: not (not from a graveyard). Plain Spell ({G}{G}, no flashback) in the
    graveyard: not."""
    s = board("Altar of the Lost", graveyard=('"Flashback Spell"', '"Plain Spell"'))
    assert payable(s, None, for_object="Flashback Spell") is True
    assert payable(s, None, for_object="Plain Spell") is False
    s = board("Altar of the Lost", theirs=('"Flashback Spell"',))
    assert payable(s, None, for_object="Flashback Spell") is True
    s = board("Altar of the Lost", hand=('"Flashback Spell"',))
    assert payable(s, None, for_object="Flashback Spell") is False
