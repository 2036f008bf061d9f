"""The foundation CLI commands (validate, show, schema, card) and the bundled examples."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
import yaml
from manacheck.model import load_state, load_state_data
from manacheck.model import statefile as sf

from manacheck.cli import main
from manacheck.commands.schema import state_schema

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples").glob("*.yaml"))
MY_EXAMPLES = ["kozilek.yaml", "reflecting.yaml", "payment.yaml"]
WriteFile = Callable[[str, "str | bytes"], Path]

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def call(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return call


# ---- examples ------------------------------------------------------------------------------


def test_at_least_three_examples() -> None:
    names = {p.name for p in EXAMPLES}
    assert set(MY_EXAMPLES) <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_validates(run: Run, path: Path) -> None:
    code, out, err = run("validate", str(path))
    assert (code, err) == (0, "")
    assert out.startswith(f"{path}: valid: ")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_matches_the_shipped_schema(path: Path) -> None:
    jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), state_schema())


@pytest.mark.cr("202.3e")
@pytest.mark.cr("118.9c")
def test_kozilek_example_holds_what_it_says() -> None:
    state = load_state(REPO / "examples" / "kozilek.yaml")
    assert state.get("fireball").mana_value() == 5  # {X}{R}, X=4, on the stack
    assert state.get("sheer-drop").mana_value() == 3  # awaken doesn't change it
    assert state.stack[-1].id == "sheer-drop"  # last entry is on top
    hand = {c.name: c.mana_value() for c in state.player("Alice").hand}
    assert hand == {"Sheer Drop": 3, "Fireball": 1, "Kitchen Finks": 3,
                    "Treasure Cruise": 8, "Island": 0}


# ---- schema --------------------------------------------------------------------------------


def test_schema_command_prints_the_packaged_schema(run: Run) -> None:
    code, out, _ = run("schema")
    assert code == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(data)
    assert data == state_schema()
    assert run("schema", "--json")[1] == out


def test_schema_keys_match_the_loader() -> None:
    s = state_schema()
    props = s["properties"]
    assert set(props) == set(sf.TOP_KEYS)
    assert set(props["turn"]["properties"]) == set(sf.TURN_KEYS)
    player = props["players"]["additionalProperties"]["properties"]
    assert set(player) == set(sf.PLAYER_KEYS)
    perm = player["battlefield"]["items"]["oneOf"][1]["properties"]
    assert set(perm) == set(sf.PERMANENT_KEYS)
    assert set(player["hand"]["items"]["oneOf"][1]["properties"]) == set(sf.CARD_KEYS)
    assert set(props["stack"]["items"]["properties"]) == set(sf.STACK_KEYS)
    assert set(props["effects"]["items"]["properties"]) == set(sf.EFFECT_KEYS)
    phases = props["turn"]["properties"]["phase"]["enum"]
    from manacheck.model import Phase

    assert phases == [p.value for p in Phase]


@pytest.mark.parametrize(
    "bad",
    [
        {"players": {"A": {}}},  # no turn
        {"turn": {"active_player": "A"}, "players": {"A": {"battlefeld": []}}},
        {"turn": {"active_player": "A"}, "players": {"A": {"battlefield": [
            {"card": "Forest", "counters": {"charge": -1}}]}}},
        {"turn": {"active_player": "A", "phase": "main"}, "players": {"A": {}}},
        {"turn": {"active_player": "A"}, "players": {"A": {}},
         "stack": [{"card": "Fireball", "controller": "A", "x": -1}]},
    ],
)
def test_schema_rejects_what_the_loader_rejects(bad: dict[str, object]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, state_schema())
    with pytest.raises(sf.StateFileError):
        load_state_data(bad)


# ---- validate -------------------------------------------------------------------------------


def test_validate_summary_line(run: Run) -> None:
    path = REPO / "examples" / "kozilek.yaml"
    code, out, err = run("validate", str(path))
    assert (code, err) == (0, "")
    assert out == (f"{path}: valid: 2 players (Alice, Bob), 18 permanents, 6 cards in hands, "
                   "2 on the stack; Bob's turn, precombat_main\n")


def test_validate_json_valid(run: Run) -> None:
    code, out, _ = run("validate", "--json", str(REPO / "examples" / "kozilek.yaml"))
    assert code == 0
    data = json.loads(out)
    assert data["valid"] is True and data["errors"] == []
    assert data["summary"] == {
        "players": ["Alice", "Bob"], "active_player": "Bob", "phase": "precombat_main",
        "permanents": 18, "cards_in_hands": 6, "cards_in_graveyards": 0,
        "cards_in_exile": 0, "cards_in_command_zones": 0, "stack": 2,
    }


BAD = """\
turn: {active_player: Alice}
players:
  Alice:
    battlefield:
      - Forrest
      - {card: Forest, counters: {charge: -1}}
stack:
  - {card: Forest, controller: Bob}
"""


def test_validate_every_error_one_per_line(run: Run, write_file: WriteFile) -> None:
    path = write_file("bad.yaml", BAD)
    code, out, err = run("validate", str(path))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines == [
        f"error: {path}: unknown card 'Forrest' at players.Alice.battlefield[0] (line 5); "
        "did you mean 'Forest'?",
        f"error: {path}: negative number of charge counters: -1 (CR 122.1) at "
        "players.Alice.battlefield[1].counters.charge (line 6); leave the kind out for no "
        "counters",
        f"error: {path}: unknown player 'Bob' at stack[0].controller (line 8)",
        f"error: {path}: 'Forest' is a land: lands are played, never cast, so it can't be a "
        "spell on the stack (CR 305.9) at stack[0].card (line 8)",
    ]


def test_validate_json_errors(run: Run, write_file: WriteFile) -> None:
    path = write_file("bad.yaml", BAD)
    code, out, err = run("validate", "--json", str(path))
    assert code == 2 and err == ""
    data = json.loads(out)
    assert data["valid"] is False and data["summary"] is None
    assert data["errors"][0] == {"message": "unknown card 'Forrest'", "file": str(path),
                                 "path": "players.Alice.battlefield[0]", "line": 5,
                                 "suggestion": "did you mean 'Forest'?"}
    assert [e["line"] for e in data["errors"]] == [5, 6, 8, 8]
    assert all(set(e) == {"message", "file", "path", "line", "suggestion"}
               for e in data["errors"])


CARDS = """\
- name: Test Signet
  mana_cost: "{2}"
  types: [Artifact]
  abilities:
    - activated: {cost: "{1}{T}", mana: {add: "{W}{U}"}}
"""


def test_validate_and_show_take_cards_file(run: Run, write_file: WriteFile) -> None:
    state = write_file("s.yaml", "turn: {active_player: A}\n"
                                 "players: {A: {battlefield: [Test Signet]}}\n")
    cards = write_file("cards.yaml", CARDS)
    assert run("validate", str(state))[0] == 2
    code, out, _ = run("validate", str(state), "--cards", str(cards))
    assert code == 0 and "1 permanent," in out
    code, out, _ = run("show", str(state), "--cards", str(cards))
    assert code == 0 and "    Test Signet\n" in out


def test_bad_cards_file_is_one_line_per_problem(run: Run, write_file: WriteFile) -> None:
    state = write_file("s.yaml", "turn: {active_player: A}\nplayers: {A: {}}\n")
    cards = write_file("cards.yaml", "- name: X\n  types: [Artifcat]\n")
    for argv in (["validate", str(state)], ["show", str(state)], ["card", "X"]):
        code, out, err = run(*argv, "--cards", str(cards))
        assert code == 2 and out == ""
        assert err.splitlines() == [f"error: {cards}: unknown card type 'Artifcat' at "
                                    "[0].types (line 2); did you mean 'Artifact'?"]
    code, _, err = run("card", "X", "--cards", str(cards) + ".missing")
    assert code == 2 and err.count("\n") == 1 and "can't read file" in err


# ---- show -----------------------------------------------------------------------------------


def test_show_board(run: Run) -> None:
    code, out, err = run("show", str(REPO / "examples" / "kozilek.yaml"))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "turn 1: Bob's turn, precombat main"
    assert lines[1] == "Alice: life 17, mana pool empty, library 40"
    assert "    Llanowar Elves: tapped" in lines
    assert "    Kozilek, the Great Distortion" in lines
    stack_at = lines.index("stack (2, top first):")
    assert lines[stack_at + 1] == ("  1. sheer-drop (Sheer Drop): spell, controlled by Bob, "
                                   "cast for its awaken cost, mana value 3, "
                                   "targets Llanowar Elves, Plains")
    assert lines[stack_at + 2] == ("  2. fireball (Fireball): spell, controlled by Bob, X=4, "
                                   "mana value 5, targets Alice")


def test_show_marks_pool_counters_and_sickness(run: Run) -> None:
    code, out, _ = run("show", str(REPO / "examples" / "payment.yaml"))
    assert code == 0
    assert "{G} {G} (snow) {C}{C} (only: " in out
    assert "    Birds of Paradise: summoning sick\n" in out
    assert "    Icehide Troll: counters +1/+1 x1\n" in out
    assert "    Birds of Paradise#2 (Birds of Paradise)\n" in out


def test_show_lists_continuous_effects(run: Run, write_file: WriteFile) -> None:
    path = write_file("e.yaml", "turn: {active_player: A}\nplayers: {A: {}, B: {}}\n"
                                "effects: [{card: Pale Moon, controller: B}]\n")
    code, out, _ = run("show", str(path))
    assert code == 0
    assert out.endswith("continuous effects (1, CR 611.2a):\n  Pale Moon: controlled by B\n")


# Extra card definitions (`cards:`) aren't written back by --json; those files are skipped.
@pytest.mark.parametrize(
    "path", [p for p in EXAMPLES if "cards" not in yaml.safe_load(p.read_text())],
    ids=lambda p: p.name)
def test_show_json_is_state_file_data(run: Run, path: Path) -> None:
    code, out, _ = run("show", "--json", str(path))
    assert code == 0
    # Loads back to the same state: snow mana and restricted mana (CR 106.6) included.
    assert load_state_data(json.loads(out)) == load_state(path)


# ---- card, usage ------------------------------------------------------------------------------


def test_card_command(run: Run) -> None:
    code, out, _ = run("card", "Sheer Drop")
    assert code == 0 and out.startswith("Sheer Drop  {2}{W}\nSorcery\n")
    assert "mana value 3" in out
    code, out, err = run("card", "Forrest")
    assert (code, out) == (2, "")
    assert err == "error: unknown card 'Forrest'; did you mean 'Forest'?\n"


def test_usage_errors_exit_2(run: Run) -> None:
    assert run()[0] == 2
    code, _, err = run("nope")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run("validate")
    assert code == 2 and err.count("\n") == 1


def test_missing_state_file(run: Run, tmp_path: Path) -> None:
    code, out, err = run("validate", str(tmp_path / "none.yaml"))
    assert (code, out) == (2, "")
    assert err == f"error: {tmp_path / 'none.yaml'}: can't read file: No such file or directory\n"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"[" * 50_000, "nesting deeper than"),
        (b"\x00\x01\x02binary", "not a text file"),
        (b"a: &x [1]\nb: *x\n", "YAML aliases"),
        (b"", "the file is empty"),
    ],
    ids=["deep", "binary", "alias", "empty"],
)
def test_hostile_files_through_the_console_command(write_file: WriteFile, content: bytes,
                                                   expected: str) -> None:
    path = write_file("h.yaml", content)
    done = subprocess.run([sys.executable, "-m", "manacheck", "validate", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and expected in done.stderr
    assert "Traceback" not in done.stderr


def test_card_numbers_abilities_as_every_other_command(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    # Issue 15: Kozilek's activated ability is "ability 1" everywhere (it used to be
    # "[2]" in `card`); a basic land's intrinsic ability is ability 1 (CR 305.6).
    from manacheck.cli import main as cli_main

    assert cli_main(["card", "Kozilek, the Great Distortion"]) == 0
    out = capsys.readouterr().out
    assert "  ability 1: Discard a card with mana value X" in out
    assert "  triggered 1: When you cast this spell" in out
    assert cli_main(["card", "Forest"]) == 0
    assert "ability 1: {T}: Add {G}." in capsys.readouterr().out
