"""Predefined tokens (CR 111.10) by name on the battlefield, and tokens that copy a card.

The expectations come from the rules' definitions (111.10a-u) and, for payments, from a
small brute force over the mana each source could add (one mana each, CR 106.1).
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from manacheck.model import StateFileError, dump_state_text, load_state_text
from manacheck.model.tokens import PREDEFINED, generated_text, predefined_token
from manacheck.solver.payments import payment_answer
from manacheck.solver.resolution import resolve

from manacheck.cli import main

REPO = Path(__file__).resolve().parents[1]
Run = Callable[..., tuple[int, str, str]]
WUBRG = "WUBRG"


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def call(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return call


def board(battlefield: str, hand: str = "[]", pool: str = "") -> str:
    return ("turn: {active_player: Alice}\nplayers:\n  Alice:\n"
            f"    battlefield: {battlefield}\n    hand: {hand}\n"
            + (f"    mana_pool: {pool}\n" if pool else "") + "  Bob: {}\n")


def test_the_shipped_token_data_is_what_the_rules_text_gives() -> None:
    shipped = (REPO / "model" / "data" / "tokens.json").read_text(encoding="utf-8")
    assert shipped == generated_text(), "run: python -m manacheck.model.tokens"


def test_the_list_is_the_rules_list() -> None:
    """Every predefined token 111.10 defines, by its letter (111.10a-u; the rules
    skip the letters l and o), and no other."""
    rules = (REPO / "reference" / "rules" / "comprehensive-rules.txt").read_text(
        encoding="utf-8")
    letters = set(re.findall(r"^(111\.10[a-z]) ", rules, flags=re.MULTILINE))
    assert {rule for rule, *_ in PREDEFINED} == letters


@pytest.mark.cr("111.10")
@pytest.mark.parametrize(("written", "name", "types", "subtypes"), [
    (t[1].removesuffix(" Token") if t[1] != "Phyrexian Token" else t[1], t[1], t[2], t[3])
    for t in PREDEFINED
])
def test_each_predefined_token_by_name_is_a_token(written: str, name: str,
                                                  types: tuple[str, ...],
                                                  subtypes: tuple[str, ...]) -> None:
    s = load_state_text(board(f"[\"{written}\"]"))
    perm = s.player("Alice").battlefield[0]
    assert perm.token and perm.card.name == name and perm.id == written
    assert perm.card.types == types and perm.card.subtypes == subtypes
    assert perm.card.mana_cost is None  # CR 111.3: a token has no mana cost
    # CR 111.10: every one colorless but the 2/2 black Zombie Walker (111.10d)
    assert [c.value for c in perm.card.colors] == (["B"] if name == "Walker" else [])


@pytest.mark.cr("111.4")
def test_names_follow_111_4() -> None:
    """CR 111.4: a token whose effect gives no name is named for its subtype plus
    "Token"; the Walker and the Roles are named by their definitions."""
    assert predefined_token("Treasure").name == "Treasure Token"
    assert predefined_token("treasure token").name == "Treasure Token"
    assert predefined_token("Walker").name == "Walker"
    assert predefined_token("Cursed Role").name == "Cursed"
    assert predefined_token("Treasure Cruise") is None


# ---- mana: a brute force over what each source could add ---------------------------------


def brute_force(sources: dict[str, str], cost: str) -> int:
    """Distinct payments of ``cost`` (generic count + colored letters, e.g. "1G") from
    ``sources`` (id -> the letters it could add, one mana), each source used at most
    once: sets of (source, letter) whose letters pay the cost exactly (CR 601.2h)."""
    generic = sum(int(c) for c in cost if c.isdigit())
    colored = Counter(c for c in cost if c.isalpha())
    need = generic + sum(colored.values())
    found = 0
    for chosen in itertools.combinations(sorted(sources), need):
        for letters in itertools.product(*(sources[s] for s in chosen)):
            have = Counter(letters)
            if all(have[c] >= n for c, n in colored.items()):
                found += 1
    return found


@pytest.mark.cr("111.10a", "111.10c", "111.10h")
@pytest.mark.parametrize(("spell", "cost", "sources"), [
    # An artifact spell: Powerstone's mana may pay for it (111.10h).
    ("Sol Ring", "1", {"Treasure": WUBRG, "Gold": WUBRG, "Powerstone": "C"}),
    # A nonartifact spell: it may not.
    ("Llanowar Elves", "G", {"Treasure": WUBRG, "Gold": WUBRG}),
    ("Grizzly Bears", "1G", {"Treasure": WUBRG, "Gold": WUBRG}),
    ("Grizzly Bears", "1G", {"Treasure": WUBRG, "Gold": WUBRG, "Forest": "G"}),
])
def test_token_mana_against_a_brute_force(spell: str, cost: str,
                                          sources: dict[str, str]) -> None:
    field = ["Treasure", "Gold", "Powerstone", *(["Forest"] if "Forest" in sources else [])]
    s = load_state_text(board(json.dumps(field), hand=f"[\"{spell}\"]"))
    a = payment_answer(s, "Alice", None, for_object=spell)
    assert a.count == brute_force(sources, cost)
    assert a.payable is (a.count > 0)


@pytest.mark.cr("111.10h")
def test_powerstone_mana_pays_for_abilities_but_not_nonartifact_spells() -> None:
    """Powerstone: "This mana can't be spent to cast a nonartifact spell." An
    ability's cost isn't a spell: Food's {2} takes the Powerstone's {C} and one of the
    Treasure's five colors (5 payments); Llanowar Elves can't be paid with {C}."""
    s = load_state_text(board("[Food, Treasure, Powerstone]", hand="[Llanowar Elves]"))
    food = payment_answer(s, "Alice", None, for_object="Food")
    assert food.count == brute_force({"Treasure": WUBRG, "Powerstone": "C"}, "2") == 5
    s = load_state_text(board("[Powerstone]", hand="[Llanowar Elves, Ornithopter]"))
    assert payment_answer(s, "Alice", "{1}", for_object="Llanowar Elves").payable is False
    assert payment_answer(s, "Alice", "{1}", for_object="Ornithopter").payable is True


@pytest.mark.cr("106.6", "111.10h")
def test_powerstone_pool_mana_keeps_its_restriction_and_round_trips() -> None:
    s = load_state_text(board("[]", hand="[Llanowar Elves, Ornithopter]",
                              pool="[{mana: \"{C}\", from: Powerstone}]"))
    assert payment_answer(s, "Alice", "{1}", for_object="Llanowar Elves").payable is False
    assert payment_answer(s, "Alice", "{1}", for_object="Ornithopter").payable is True
    back = load_state_text(dump_state_text(s))
    assert back.player("Alice").mana_pool == s.player("Alice").mana_pool


@pytest.mark.cr("302.6")
def test_a_treasure_that_just_arrived_still_taps_for_mana() -> None:
    """CR 302.6: summoning sickness is a creature's: a new Treasure can pay."""
    s = load_state_text(board("[{card: Treasure, summoning_sick: true}]"))
    assert payment_answer(s, "Alice", "{R}").count == 1


@pytest.mark.cr("111.10a")
def test_a_tapped_treasure_cant_pay_but_gold_needs_no_tap() -> None:
    """Treasure's cost has {T} (111.10a); Gold's is only "Sacrifice this token"
    (111.10c)."""
    s = load_state_text(board("[{card: Treasure, tapped: true}, {card: Gold, tapped: true}]"))
    assert payment_answer(s, "Alice", "{B}").count == 1  # the Gold alone
    assert payment_answer(s, "Alice", "{B}{B}").payable is False


def test_can_activate_a_clue(run: Run, tmp_path: Path) -> None:
    f = tmp_path / "clue.yaml"
    f.write_text(board("[Clue, Forest, Island]"), encoding="utf-8")
    code, out, _ = run("can-activate", str(f), "Clue")
    assert code == 0 and "sacrifice Clue" in out


# ---- where tokens can be ------------------------------------------------------------------


@pytest.mark.cr("111.7")
def test_a_predefined_token_in_a_hand_is_refused() -> None:
    with pytest.raises(StateFileError) as e:
        load_state_text(board("[]", hand="[Treasure]"))
    (message, _, _), = e.value.problems
    assert "111.7" in message and "Treasure Cruise" not in message


def test_a_predefined_token_is_always_a_token() -> None:
    with pytest.raises(StateFileError) as e:
        load_state_text(board("[{card: Gold, token: false}]"))
    assert "always a token" in e.value.problems[0][0]


def test_blood_on_the_battlefield_is_the_token_and_in_hand_the_sorcery() -> None:
    """The sorcery Blood (Flesh // Blood) can't be on the battlefield (CR 110.4)."""
    s = load_state_text(board("[Blood]", hand="[Blood]"))
    assert s.player("Alice").battlefield[0].card.name == "Blood Token"
    assert s.player("Alice").hand[0].card.types == ("Sorcery",)


def test_a_misspelt_token_gets_the_token_suggested() -> None:
    with pytest.raises(StateFileError) as e:
        load_state_text(board("[Tresure]"))
    assert "'Treasure' (a predefined token" in str(e.value.problems[0][2])


def test_tokens_round_trip() -> None:
    s = load_state_text(board("[Treasure, Treasure, {card: Llanowar Elves, token: true}]"))
    back = load_state_text(dump_state_text(s))
    assert [(p.id, p.card.name, p.token) for p in back.player("Alice").battlefield] == [
        ("Treasure", "Treasure Token", True), ("Treasure#2", "Treasure Token", True),
        ("Llanowar Elves", "Llanowar Elves", True)]


def test_pay_names_no_treasure_cruise(run: Run, tmp_path: Path) -> None:
    f = tmp_path / "t.yaml"
    f.write_text(board("[Treasure]"), encoding="utf-8")
    code, out, err = run("pay", str(f), "{U}")
    assert code == 0 and "Treasure Cruise" not in out + err
    assert "1 distinct payment" in out


# ---- tokens that copy a card (CR 111.2, 707) ---------------------------------------------


@pytest.mark.cr("707.2")
def test_a_token_copy_has_the_cards_mana_ability() -> None:
    s = load_state_text(board("[{card: Llanowar Elves, token: true}]"))
    assert payment_answer(s, "Alice", "{G}").count == 1


@pytest.mark.cr("111.7", "704.5d")
def test_a_token_copy_returned_to_hand_ceases_to_exist() -> None:
    """A token isn't a card (111.6): put into a hand it ceases to exist (111.7)."""
    text = board("[{card: Llanowar Elves, token: true, id: elf}, "
                 "{card: Llanowar Elves, id: real}]")
    out = resolve(load_state_text(text), [{"return_to_hand": "elf"},
                                          {"return_to_hand": "real"}])
    alice = out.state.player("Alice")
    assert [c.id for c in alice.hand] == ["real"]
    assert alice.battlefield == ()
    assert "111.7" in out.log_text()


# ---- resolve creates predefined tokens (CR 111.10) ----------------------------------------

SMITH = """turn: {active_player: Alice}
players:
  Alice:
    battlefield: [{card: Test Smith, id: smith}%s]
  Bob: {}
stack:
  - {ability_of: smith, ability: 1, controller: Alice}
cards:
  - name: Test Smith
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          effects: [{kind: create_tokens, token: Treasure, count: 2}]
          text: "{T}: Create two Treasure tokens."
"""


@pytest.mark.cr("111.1", "111.10a")
def test_resolve_creates_treasures_that_then_pay() -> None:
    out = resolve(load_state_text(SMITH % ""), ["resolve"])
    made = [p for p in out.state.player("Alice").battlefield if p.token]
    assert [(p.id, p.card.name) for p in made] == [("Treasure", "Treasure Token"),
                                                   ("Treasure#2", "Treasure Token")]
    assert "111.10" in out.log_text()
    # Two Treasures, any color each: {R}{G} is paid one way (CR 111.10a).
    again = load_state_text(out.state_text(yaml.safe_load(SMITH % "")["cards"]))
    assert payment_answer(again, "Alice", "{R}{G}").count == 1


def test_resolve_with_doubling_season_is_not_decided() -> None:
    """Doubling Season's token half isn't applied: resolve stops, naming it."""
    from manacheck.solver.resolution import Unsupported

    with pytest.raises(Unsupported, match="Doubling Season"):
        resolve(load_state_text(SMITH % ", Doubling Season"), ["resolve"])
