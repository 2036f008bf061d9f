"""The Commander variant (CR 903): the command zone, the commander tax, 40 life, partner
commanders, and commanders `validate` refuses.

Every expectation is derived by hand from the rules cited (and, for payments, counted
against the same board asked for the cost written out in full: a commander's total
cost is its mana cost plus {2} per earlier cast from the command zone, CR 903.8).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from manacheck.model import GameState, StateFileError, dump_state_text, load_state_text
from manacheck.solver.payments import payment_answer
from manacheck.solver.resolution import resolve

from manacheck.cli import main

Run = Callable[..., tuple[int, str, str]]

ATRAXA = "Atraxa, Praetors' Voice"  # {G}{W}{U}{B}
ROGRAKH = "Rograkh, Son of Rohgahh"  # {0}, partner
KYDELE = "Kydele, Chosen of Kruphix"  # {2}{G}{U}, partner


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def call(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return call


def board(alice: str, bob: str = "{}", extra: str = "") -> str:
    return (f"turn: {{active_player: Alice}}\nplayers:\n  Alice: {alice}\n"
            f"  Bob: {bob}\n{extra}")


def problems(text: str) -> list[str]:
    with pytest.raises(StateFileError) as e:
        load_state_text(text)
    return [m for m, _, _ in e.value.problems]


# ---- 40 life (CR 903.7) -------------------------------------------------------------------


@pytest.mark.cr("903.7")
def test_life_is_40_in_a_game_with_commanders() -> None:
    s = load_state_text(board(f"{{commander: \"{ATRAXA}\"}}", "{life: 33}"))
    assert s.player("Alice").life == 40  # the default of a Commander game
    assert s.player("Bob").life == 33  # an explicit life wins


@pytest.mark.cr("903.7")
def test_every_player_starts_at_40_once_one_names_a_commander() -> None:
    s = load_state_text(board(f"{{commander: \"{ATRAXA}\"}}"))
    assert s.player("Bob").life == 40


def test_life_is_20_without_commanders() -> None:
    s = load_state_text(board("{battlefield: [Forest]}"))
    assert [p.life for p in s.players] == [20, 20]


# ---- the command zone and the tax (CR 408, 903.6, 903.8) --------------------------------


def tax_board(casts: int, lands: str, *, zone: str = "command",
              commander: str = ROGRAKH) -> str:
    return board(f"{{commander: \"{commander}\", commander_casts: {{\"{commander}\": {casts}}}, "
                 f"{zone}: [\"{commander}\"], battlefield: [{lands}]}}")


@pytest.mark.cr("903.8")
@pytest.mark.parametrize("casts", [0, 1, 2, 3])
def test_the_tax_is_two_per_earlier_cast_from_the_command_zone(casts: int) -> None:
    s = load_state_text(tax_board(casts, "Forest, Forest, Island, Swamp, Plains, Mountain"))
    a = payment_answer(s, "Alice", None, for_object=ROGRAKH)
    assert a.cost.text == f"{{{2 * casts}}}"
    # Independent expectation: the same board paying the cost written out.
    plain = payment_answer(s, "Alice", f"{{{2 * casts}}}")
    assert (a.payable, a.count) == (plain.payable, plain.count)
    if casts:
        assert a.commander_tax is not None and a.commander_tax.amount == 2 * casts
        assert any("CR 903.8" in c for c in a.cost_changes)
    else:
        assert a.commander_tax is None and a.cost_changes == ()


@pytest.mark.cr("903.8")
def test_the_tax_counts_generic_payments_by_brute_force() -> None:
    """Rograkh ({0}) cast a second time: {2}. With four distinct basic lands the
    payments are the 2-element subsets of them (each land adds one mana): C(4, 2) = 6;
    a third cast ({4}) takes all four: 1; a fourth ({6}): none."""
    lands = ["Forest", "Island", "Swamp", "Plains"]
    for casts in (1, 2, 3):
        s = load_state_text(tax_board(casts, ", ".join(lands)))
        a = payment_answer(s, "Alice", None, for_object=ROGRAKH)
        brute = sum(1 for _ in itertools.combinations(lands, 2 * casts))
        assert a.count == brute
        assert a.payable is (brute > 0)


@pytest.mark.cr("903.8")
def test_no_tax_when_cast_from_the_hand() -> None:
    """Command Beacon's and Sanctum of Eternity's rulings: casting a commander from
    your hand doesn't require the commander tax."""
    s = load_state_text(tax_board(2, "Forest", zone="hand"))
    a = payment_answer(s, "Alice", None, for_object=ROGRAKH)
    assert a.cost.text == "{0}" and a.commander_tax is None and a.payable


@pytest.mark.cr("702.124d")
def test_partners_are_taxed_apart() -> None:
    """CR 702.124d: casting one partner ignores how many times the other was cast."""
    text = board(f"{{commander: [\"{ROGRAKH}\", \"{KYDELE}\"], "
                 f"commander_casts: {{\"{KYDELE}\": 3}}, "
                 f"command: [\"{ROGRAKH}\", \"{KYDELE}\"]}}")
    s = load_state_text(text)
    assert payment_answer(s, "Alice", None, for_object=ROGRAKH).cost.text == "{0}"
    assert payment_answer(s, "Alice", None, for_object=KYDELE).cost.text == "{8}{G}{U}"


@pytest.mark.cr("903.8")
def test_the_tax_comes_before_reductions() -> None:
    """CR 601.2f: the total cost is the mana cost plus additional costs (the tax) and
    increases, minus reductions: Sphere of Resistance adds {1}, so Atraxa's third cast
    from the command zone costs {5}{G}{W}{U}{B}."""
    text = board(f"{{commander: \"{ATRAXA}\", commander_casts: {{\"{ATRAXA}\": 2}}, "
                 f"command: [\"{ATRAXA}\"], battlefield: [Sphere of Resistance]}}")
    a = payment_answer(load_state_text(text), "Alice", None, for_object=ATRAXA)
    assert a.cost.text == "{5}{G}{W}{U}{B}"
    assert len(a.cost_changes) == 2 and "903.8" in a.cost_changes[0]


@pytest.mark.cr("903.8")
def test_a_commander_spell_on_the_stack_is_not_decided_after_earlier_casts() -> None:
    """Where a spell on the stack was cast from isn't in the state: with earlier casts
    from the command zone, its tax can't be known."""
    text = board(f"{{commander: \"{ROGRAKH}\", commander_casts: {{\"{ROGRAKH}\": 1}}, "
                 "battlefield: [Forest]}",
                 extra=f"stack: [{{card: \"{ROGRAKH}\", controller: Alice}}]\n")
    a = payment_answer(load_state_text(text), "Alice", None, for_object=ROGRAKH)
    assert a.payable is None
    assert "command zone" in json.dumps(a.to_data())


@pytest.mark.cr("903.3")
def test_jeweled_lotus_mana_pays_the_commander_with_its_tax() -> None:
    """Jeweled Lotus: "Spend this mana only to cast your commander." Three mana of one
    color pays Rograkh's {2} tax (second cast from the command zone), never another
    spell (its Kydele isn't Alice's commander here)."""
    text = board(f"{{commander: \"{ROGRAKH}\", commander_casts: {{\"{ROGRAKH}\": 1}}, "
                 f"command: [\"{ROGRAKH}\"], hand: [\"Ornithopter\"], "
                 "mana_pool: [{mana: \"{G}{G}{G}\", from: Jeweled Lotus}]}")
    s = load_state_text(text)
    assert payment_answer(s, "Alice", None, for_object=ROGRAKH).payable is True
    hand_id = s.player("Alice").hand[0].id
    assert payment_answer(s, "Alice", "{1}", for_object=hand_id).payable is False


def test_the_command_zone_and_casts_round_trip() -> None:
    s = load_state_text(tax_board(2, "Forest"))
    back = load_state_text(dump_state_text(s))
    assert back.player("Alice").command == s.player("Alice").command
    assert back.player("Alice").commander_casts == ((ROGRAKH, 2),)
    assert back.zone_of(ROGRAKH) == "command"


# ---- what validate refuses (CR 903.3, 702.124) ------------------------------------------


@pytest.mark.parametrize(("commander", "why"), [
    ("Llanowar Elves", "CR 903.3"),  # not legendary
    ("Sol Ring", "CR 903.3"),  # not a creature
    (f"[\"{KYDELE}\", \"{ATRAXA}\"]", "no partner ability"),  # 702.124a
    (f"[\"{KYDELE}\", \"Pir, Imaginative Rascal\"]", "702.124f"),  # different kinds
    ("[\"Pir, Imaginative Rascal\", \"Brallin, Skyshark Rider\"]", "no partner ability in"),
    (f"[\"{KYDELE}\", \"{KYDELE}\"]", "702.124a"),
    (f"[\"{KYDELE}\", \"{ROGRAKH}\", \"{ATRAXA}\"]", "702.124g"),
])
def test_validate_refuses_a_commander_that_cant_be_one(commander: str, why: str) -> None:
    value = commander if commander.startswith("[") else json.dumps(commander)
    got = problems(board(f"{{commander: {value}}}"))
    assert len(got) == 1 and why in got[0], got


@pytest.mark.parametrize("pair", [
    [KYDELE, ROGRAKH],  # partner (702.124h)
    ["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"],  # partner with (702.124j)
    ["Bjorna, Nightfall Alchemist", "Cecily, Haunted Mage"],  # friends forever (702.124i)
    ["Will Kenrith", "Rowan Kenrith"],  # can be your commander (903.3a), partner with
])
def test_two_commanders_that_partner_are_accepted(pair: list[str]) -> None:
    s = load_state_text(board(f"{{commander: {json.dumps(pair)}}}"))
    assert s.player("Alice").commanders == tuple(pair)


BACKGROUND_CARDS = """cards:
  - {name: Test Background, mana_cost: "{1}{W}", supertypes: [Legendary],
     types: [Enchantment], subtypes: [Background], abilities: []}
  - {name: Test Chooser, mana_cost: "{2}{B}", supertypes: [Legendary], types: [Creature],
     subtypes: [Human], power: 2, toughness: 2, keywords: [Choose a Background],
     abilities: []}
"""


@pytest.mark.cr("702.124k")
def test_a_background_leads_only_beside_choose_a_background() -> None:
    ok = load_state_text(board("{commander: [Test Chooser, Test Background]}",
                               extra=BACKGROUND_CARDS))
    assert ok.player("Alice").commander_identity is not None
    assert {c.value for c in ok.player("Alice").commander_identity} == {"W", "B"}
    alone = problems(board("{commander: Test Background}", extra=BACKGROUND_CARDS))
    assert len(alone) == 1 and "702.124k" in alone[0]
    with_other = problems(board(f"{{commander: [\"{KYDELE}\", Test Background]}}",
                                extra=BACKGROUND_CARDS))
    assert len(with_other) == 1 and "CR 702.124" in with_other[0]


def test_only_the_players_commanders_are_in_their_command_zone() -> None:
    got = problems(board(f"{{commander: \"{ATRAXA}\", command: [\"{KYDELE}\"]}}"))
    assert len(got) == 1 and "903.6" in got[0]
    got = problems(board(f"{{command: [\"{ATRAXA}\"]}}"))
    assert len(got) == 1 and "command zone" in got[0]


def test_commander_casts_names_the_players_commanders() -> None:
    got = problems(board(f"{{commander: \"{ATRAXA}\", commander_casts: {{Atraxa: 1}}}}"))
    assert len(got) == 1 and "903.8" in got[0]
    got = problems(board(f"{{commander: \"{ATRAXA}\", commander_casts: {{\"{ATRAXA}\": -1}}}}"))
    assert len(got) == 1 and "≥ 0" in got[0]


# ---- the CLI ------------------------------------------------------------------------------


def test_pay_for_a_commander_says_its_tax(run: Run, tmp_path: Path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(tax_board(2, "Forest, Island, Swamp, Plains"), encoding="utf-8")
    code, out, _ = run("pay", str(f), "--for", ROGRAKH)
    assert code == 0
    assert "total cost {4}" in out and "commander tax, {4} more" in out
    assert "CR 903.8" in out and "1 distinct payment" in out
    code, out, _ = run("pay", str(f), "--for", ROGRAKH, "--json")
    data = json.loads(out)
    assert data["commander_tax"] == {"commander": ROGRAKH, "casts": 2, "tax": "{4}"}
    code, out, _ = run("show", str(f))
    assert "command zone (1): " + ROGRAKH in out and "tax {4}" in out


def test_validate_refuses_a_non_commander_in_one_line(run: Run, tmp_path: Path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(board("{commander: Llanowar Elves}"), encoding="utf-8")
    code, _, err = run("validate", str(f))
    assert code == 2
    assert err.count("\n") == 1 and "CR 903.3" in err and "Traceback" not in err


# ---- the bundled four-player example -------------------------------------------------------

EXAMPLE = str(Path(__file__).resolve().parents[1] / "examples" / "commander.yaml")


def canonical_payments(sources: list[tuple[str, str]], cost: str) -> int:
    """Brute force: the distinct payments of ``cost`` (generic count + colored letters)
    from ``sources`` ((kind, letters it could add), one mana each, each used at most
    once); identical permanents are one kind, so a payment is the multiset of (kind,
    letter) it uses (CR 601.2h: the cost paid exactly)."""
    generic = sum(int(c) for c in cost if c.isdigit())
    colored = {c: cost.count(c) for c in set(cost) if c.isalpha()}
    need = generic + sum(colored.values())
    found = set()
    for chosen in itertools.combinations(range(len(sources)), need):
        for letters in itertools.product(*(sources[i][1] for i in chosen)):
            if all(letters.count(c) >= n for c, n in colored.items()):
                found.add(tuple(sorted((sources[i][0], x)
                                       for i, x in zip(chosen, letters, strict=True))))
    return len(found)


def test_the_example_validates(run: Run) -> None:
    code, out, _ = run("validate", "--json", EXAMPLE)
    assert code == 0
    summary = json.loads(out)["summary"]
    assert summary["players"] == ["Alice", "Bob", "Carol", "Dave"]
    assert summary["permanents"] == 24 and summary["cards_in_command_zones"] == 3
    s = load_state_text(Path(EXAMPLE).read_text(encoding="utf-8"))
    # CR 903.7: 40 unless the file says otherwise (Bob 31, Dave 22)
    assert [p.life for p in s.players] == [40, 31, 40, 22]


def test_the_example_atraxa_with_its_tax(run: Run) -> None:
    """Atraxa ({G}{W}{U}{B}) cast a second time from the command zone: {2}{G}{W}{U}{B}
    (CR 903.8). Alice's sources for a nonartifact spell: Command Tower and Arcane Signet
    (Atraxa's identity WUBG, CR 903.4), Forest, Plains, two Treasures and a Gold (any
    color, 111.10a, c); the Island is tapped, the Powerstone's mana can't cast a
    nonartifact spell (111.10h), Clue and Food make none."""
    code, out, _ = run("pay", EXAMPLE, "--for", ATRAXA, "--json", "--limit", "0")
    data = json.loads(out)
    assert code == 0 and data["cost"] == "{2}{G}{W}{U}{B}"
    assert data["commander_tax"] == {"commander": ATRAXA, "casts": 1, "tax": "{2}"}
    sources = [("Tower", "WUBG"), ("Signet", "WUBG"), ("Forest", "G"), ("Plains", "W"),
               ("Treasure", "WUBRG"), ("Treasure", "WUBRG"), ("Gold", "WUBRG")]
    assert data["count"] == canonical_payments(sources, "2GWUB") == 1084


def test_the_example_partners_and_the_lotus(run: Run) -> None:
    """Bob's Kydele ({2}{G}{U}), cast twice before: {6}{G}{U}, 8 mana from 5 sources:
    not payable (exit 1). Dave's Rograkh ({0}), cast three times before: {6}: Jeweled
    Lotus's three mana of one color (5 choices, spendable on the commander) and the
    three Mountains: 5 payments."""
    code, out, _ = run("pay", EXAMPLE, "--for", "Kydele", "--player", "Bob")
    assert code == 1 and "total cost {6}{G}{U}: not payable" in out and "{4} more" in out
    code, out, _ = run("pay", EXAMPLE, "--for", "Rograkh", "--player", "Dave")
    assert code == 0 and "total cost {6}: payable, 5 distinct payments" in out


# ---- the rulings of Command Tower, Arcane Signet and Commander's Sphere (2020-11-10) ----


@pytest.mark.cr("903.4", "702.124c", "903.4f")
@pytest.mark.parametrize("source", ["Command Tower", "Arcane Signet", "Commander's Sphere"])
@pytest.mark.parametrize(("commander", "color", "payable"), [
    # "If you have two commanders, the ability adds one mana of any color in their
    # combined color identities." Kydele is {G}{U}, Akiri {R}{W}.
    ("[\"Kydele, Chosen of Kruphix\", \"Akiri, Line-Slinger\"]", "{R}", True),
    ("[\"Kydele, Chosen of Kruphix\", \"Akiri, Line-Slinger\"]", "{U}", True),
    ("[\"Kydele, Chosen of Kruphix\", \"Akiri, Line-Slinger\"]", "{B}", False),
    # "If your commander is a card that has no colors in its color identity, ... produces
    # no mana. It doesn't produce {C}." Kozilek's identity is colorless ({C} isn't a
    # color, CR 105.1).
    ("\"Kozilek, the Great Distortion\"", "{1}", False),
    # "If you don't have a commander, ... produces no mana."
    (None, "{1}", False),
])
def test_commander_identity_mana_rulings(source: str, commander: str | None, color: str,
                                        payable: bool) -> None:
    who = f"{{commander: {commander}, battlefield: [\"{source}\"]}}" if commander else \
        f"{{battlefield: [\"{source}\"]}}"
    s = load_state_text(board(who))
    a = payment_answer(s, "Alice", color)
    assert a.payable is payable
    if payable:
        assert a.count == 1


# ---- resolve: a commander leaving the battlefield (CR 903.9) ------------------------------

KENRITH = "Kenrith, the Returned King"


def kenrith_board(token: bool = False) -> GameState:
    return load_state_text(board(
        f"{{commander: \"{KENRITH}\", battlefield: [{{card: \"{KENRITH}\", id: k, "
        f"token: {str(token).lower()}}}]}}"))


@pytest.mark.cr("903.9a", "903.9b")
@pytest.mark.parametrize(("event", "zone"), [("dies", "graveyard"), ("exile", "exile"),
                                             ("return_to_hand", "hand")])
def test_a_commander_leaving_may_go_to_the_command_zone(event: str, zone: str) -> None:
    """903.9a (graveyard, exile: a state-based action) and 903.9b (a hand: a
    replacement): its owner may put it into the command zone. resolve stops at that
    choice; each answer gives its zone."""
    s = kenrith_board()
    stopped = resolve(s, [{event: "k"}])
    assert stopped.open_choice is not None and stopped.open_choice.kind == "may"
    assert stopped.open_choice.player == "Alice"
    yes = resolve(s, [{event: "k"}, {"choose": {"may": "yes"}}])
    assert [c.id for c in yes.state.player("Alice").command] == ["k"]
    assert yes.state.zone_of("k") == "command"
    no = resolve(s, [{event: "k"}, {"choose": {"may": "no"}}])
    assert no.state.zone_of("k") == zone and no.state.player("Alice").command == ()


@pytest.mark.cr("903.3", "111.7")
def test_a_token_copy_of_a_commander_isnt_one() -> None:
    """CR 903.3: a copy of a commander isn't a commander; a token ceases to exist."""
    out = resolve(kenrith_board(token=True), [{"dies": "k"}])
    assert out.complete and "k" not in out.state


# ---- resolve: life for each player, at a four-player table (CR 119.3) ---------------------

LIFE_BOARD = """turn: {active_player: Alice}
players:
  Alice: {battlefield: [{card: Spiteflame Witch, id: witch}, {card: Test Giver, id: giver}]}
  Bob: {life: 30}
  Carol: {commander: "Kenrith, the Returned King"}
  Dave: {life: 1}
stack:
  - {ability_of: %s, ability: 1, controller: Alice}
cards:
  - name: Test Giver
    mana_cost: "{1}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          effects: [{kind: gain_life, amount: 2, who: each_opponent}]
          text: "{T}: Each opponent gains 2 life."
"""


@pytest.mark.cr("119.3", "102.2")
def test_each_player_and_each_opponent_life() -> None:
    """Spiteflame Witch's "Each player loses 1 life." takes 1 from all four (40, 30, 40,
    1: Dave at 0, and so loses the game, 704.5a); "Each opponent gains 2 life." gives 2
    to Bob, Carol and Dave, not to Alice."""
    out = resolve(load_state_text(LIFE_BOARD % "witch"), ["resolve"])
    assert [p.life for p in out.state.players] == [39, 29, 39, 0]
    assert "Dave has 0 life and loses the game" in out.log_text()
    assert "704.5a" in out.log_text()
    out = resolve(load_state_text(LIFE_BOARD % "giver"), ["resolve"])
    assert [p.life for p in out.state.players] == [40, 32, 42, 3]


DOCTOR_CARDS = """cards:
  - {name: Test Companion, mana_cost: "{1}{W}", supertypes: [Legendary], types: [Creature],
     subtypes: [Human], power: 1, toughness: 1, keywords: ["Doctor's companion"],
     abilities: []}
  - {name: Test Doctor, mana_cost: "{2}{U}", supertypes: [Legendary], types: [Creature],
     subtypes: [Time Lord, Doctor], power: 2, toughness: 2, abilities: []}
  - {name: Test Rogue Doctor, mana_cost: "{2}{U}", supertypes: [Legendary],
     types: [Creature], subtypes: [Time Lord, Doctor, Rogue], power: 2, toughness: 2,
     abilities: []}
  - {name: Test Ship, mana_cost: "{3}", supertypes: [Legendary], types: [Artifact],
     subtypes: [Spacecraft], power: 3, toughness: 3, abilities: []}
  - {name: Test Station, mana_cost: "{3}", supertypes: [Legendary], types: [Artifact],
     subtypes: [Spacecraft], abilities: []}
"""


@pytest.mark.cr("702.124m")
def test_doctors_companion_pairs_with_a_time_lord_doctor_only() -> None:
    ok = load_state_text(board("{commander: [Test Companion, Test Doctor]}",
                               extra=DOCTOR_CARDS))
    assert ok.player("Alice").commanders == ("Test Companion", "Test Doctor")
    # "... a legendary Time Lord Doctor creature card that has no other creature types"
    got = problems(board("{commander: [Test Companion, Test Rogue Doctor]}",
                         extra=DOCTOR_CARDS))
    assert len(got) == 1 and "702.124" in got[0]


@pytest.mark.cr("903.3")
def test_a_spacecraft_leads_only_with_a_power_toughness_box() -> None:
    assert load_state_text(board("{commander: Test Ship}", extra=DOCTOR_CARDS)).player(
        "Alice").commanders == ("Test Ship",)
    got = problems(board("{commander: Test Station}", extra=DOCTOR_CARDS))
    assert len(got) == 1 and "903.3" in got[0]
