"""State files: loading, the id contract, every error with its location, hostile input.

Each error test writes a small file by hand and states the expected message, key path
and line, counted by reading the file text.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from manacheck.model import (
    GameState,
    ManaType,
    Permanent,
    Phase,
    StateFileError,
    builtin_cards,
    dump_state,
    load_state,
    load_state_data,
    load_state_text,
)
from manacheck.model.statefile import (
    MAX_BYTES,
    MAX_DEPTH,
    load_card_file,
    load_state_with_cards,
)

WriteFile = Callable[[str, "str | bytes"], Path]


def yaml_text(s: str) -> str:
    return textwrap.dedent(s).lstrip("\n")


def problems(text: str, name: str = "s.yaml") -> list[tuple[str, str, int | None, str | None]]:
    """(message, path, line, suggestion) for every problem in ``text``."""
    with pytest.raises(StateFileError) as info:
        load_state_text(text, name=name)
    return [(m, loc.path, loc.line, sug) for m, loc, sug in info.value.problems]


# ---- loading and defaults ------------------------------------------------------------------

ISSUE_EXAMPLE = yaml_text("""
    turn: {active_player: Alice, phase: precombat_main}
    players:
      Alice:
        life: 20
        mana_pool: "{G}"
        hand: [Sheer Drop, Fireball]
        battlefield:
          - Forest
          - {card: Llanowar Elves, summoning_sick: true}
          - {card: Island, tapped: true}
          - {card: The Ozolith, counters: {"+1/+1": 2, flying: 1}}
          - {card: Forest, id: back-forest}
        graveyard: []
      Bob:
        battlefield: [Plains, Exotic Orchard]
    stack:
      - {card: Fireball, controller: Bob, x: 4}
      - {card: Sheer Drop, controller: Bob, alternative_cost: awaken}
    cards: []
""")


def test_issue_example_loads() -> None:
    state = load_state_text(ISSUE_EXAMPLE)
    alice, bob = state.players
    assert (alice.name, bob.name) == ("Alice", "Bob")
    assert state.turn.active_player == "Alice"
    assert state.turn.phase is Phase.PRECOMBAT_MAIN
    assert alice.life == 20 and bob.life == 20  # default life
    assert alice.mana_pool.amount(ManaType.G) == 1 and alice.mana_pool.total == 1
    assert [c.name for c in alice.hand] == ["Sheer Drop", "Fireball"]
    elves = state.permanent("Llanowar Elves")
    assert elves.summoning_sick and not elves.tapped
    assert state.permanent("Island").tapped
    ozolith = state.permanent("The Ozolith")
    assert ozolith.counters["+1/+1"] == 2 and ozolith.counters["flying"] == 1
    assert not state.permanent("Plains").tapped and not state.permanent("Plains").counters
    assert bob.hand == () and bob.graveyard == () and bob.exile == ()
    fireball, sheer = state.stack  # last entry is on top
    assert (fireball.x, fireball.controller) == (4, "Bob")
    assert fireball.mana_value() == 5  # CR 202.3e: {X}{R} with X=4
    assert sheer.alternative_cost == "awaken" and sheer.mana_value() == 3  # CR 118.9c


@pytest.mark.cr("302.6")
def test_defaults_untapped_not_sick_no_counters() -> None:
    state = load_state_text("turn: {active_player: A}\nplayers: {A: {battlefield: [Forest]}}")
    perm = state.permanent("Forest")
    assert isinstance(perm, Permanent)
    assert (perm.tapped, perm.summoning_sick, perm.counters.total) == (False, False, 0)
    assert perm.controller == perm.owner == "A"
    assert state.player("A").library_size == 0
    assert state.turn.phase is Phase.PRECOMBAT_MAIN and state.turn.number == 1


def test_json_file_loads_like_yaml(write_file: WriteFile) -> None:
    import yaml

    data = yaml.safe_load(ISSUE_EXAMPLE)
    path = write_file("s.json", json.dumps(data, indent=2))
    assert load_state(path) == load_state_text(ISSUE_EXAMPLE)


def test_dump_then_load_is_the_same_state() -> None:
    state = load_state_text(ISSUE_EXAMPLE)
    again = load_state_data(dump_state(state))
    assert again == state
    assert [o for o in again.object_ids()] == [o for o in state.object_ids()]


# ---- the id contract -----------------------------------------------------------------------


def test_ids_card_name_then_numbered_in_file_order_players_then_stack() -> None:
    state = load_state_text(yaml_text("""
        turn: {active_player: Alice}
        players:
          Alice:
            hand: [Forest]
            battlefield: [Forest, Island, Forest]
          Bob:
            battlefield: [Forest, {card: Island}]
            graveyard: [Fireball]
        stack:
          - {card: Fireball, controller: Bob, x: 1}
    """))
    assert state.player("Alice").hand[0].id == "Forest"
    assert [p.id for p in state.player("Alice").battlefield] == ["Forest#2", "Island",
                                                                  "Forest#3"]
    assert [p.id for p in state.player("Bob").battlefield] == ["Forest#4", "Island#2"]
    assert state.player("Bob").graveyard[0].id == "Fireball"
    assert state.stack[0].id == "Fireball#2"


def test_explicit_ids_win_and_automatic_ids_skip_them() -> None:
    state = load_state_text(yaml_text("""
        turn: {active_player: Alice}
        players:
          Alice:
            battlefield:
              - Forest
              - {card: Island, id: "Forest#2"}
              - Forest
              - {card: Forest, id: mine}
    """))
    assert [p.id for p in state.permanents] == ["Forest", "Forest#2", "Forest#3", "mine"]
    assert state.permanent("Forest#2").name == "Island"
    assert state.permanent("mine").name == "Forest"


def test_explicit_id_later_in_file_is_skipped_by_earlier_automatic_ids() -> None:
    state = load_state_text(yaml_text("""
        turn: {active_player: Alice}
        players:
          Alice: {battlefield: [Forest]}
          Bob: {battlefield: [{card: Island, id: Forest}]}
    """))
    assert state.permanent("Forest").name == "Island"
    assert state.permanent("Forest#2").name == "Forest"


def test_id_order_in_a_player_follows_the_zones_as_written() -> None:
    state = load_state_text(yaml_text("""
        turn: {active_player: A}
        players:
          A:
            battlefield: [Forest]
            hand: [Forest]
    """))
    assert state.player("A").battlefield[0].id == "Forest"
    assert state.player("A").hand[0].id == "Forest#2"


# ---- every error, with path and line ---------------------------------------------------------


def test_unknown_card_message_exactly_as_documented() -> None:
    text = yaml_text("""
        turn: {active_player: Alice}
        players:
          Alice:
            battlefield:
              - Forrest
    """)
    with pytest.raises(StateFileError) as info:
        load_state_text(text, name="s.yaml")
    assert info.value.lines() == [
        "s.yaml: unknown card 'Forrest' at players.Alice.battlefield[0] (line 5); "
        "did you mean 'Forest'?"
    ]


@pytest.mark.parametrize(
    ("body", "message", "path", "line"),
    [
        # bad mana text
        ("players:\n  A:\n    mana_pool: '{G}{W/Q}'\n",
         "bad mana text '{G}{W/Q}': unknown mana symbol {W/Q} at position 2",
         "players.A.mana_pool", 3),
        ("players:\n  A:\n    mana_pool: '{1}'\n",
         "bad mana text '{1}': {1} at position 1 is not a mana type that can be added",
         "players.A.mana_pool", 3),
        # negative counters (CR 122.1)
        ("players:\n  A:\n    battlefield:\n      - {card: Forest, counters: {charge: -2}}\n",
         "negative number of charge counters: -2 (CR 122.1)",
         "players.A.battlefield[0].counters.charge", 4),
        # X for a card without X (CR 107.3)
        ("players: {A: {}}\nstack:\n  - {card: Sheer Drop, controller: A, x: 2}\n",
         "x given for 'Sheer Drop', whose mana cost {2}{W} has no X (CR 107.3)",
         "stack[0].x", 3),
        ("players: {A: {}}\nstack:\n  - {card: Fireball, controller: A, x: -1}\n",
         "x can't be negative (CR 107.3), got -1", "stack[0].x", 3),
        # a land on the stack (CR 305.9)
        ("players: {A: {}}\nstack:\n  - {card: Forest, controller: A}\n",
         "'Forest' is a land: lands are played, never cast, so it can't be a spell on the "
         "stack (CR 305.9)", "stack[0].card", 3),
        # an instant/sorcery on the battlefield (CR 110.4)
        ("players:\n  A:\n    battlefield: [Forest, Fireball]\n",
         "'Fireball' is a sorcery card: it can't be on the battlefield (CR 110.4)",
         "players.A.battlefield[1]", 3),
        # unknown player names anywhere
        ("players: {A: {}}\nstack:\n  - {card: Fireball, controller: B, x: 1}\n",
         "unknown player 'B'", "stack[0].controller", 3),
        ("players:\n  A:\n    battlefield: [{card: Forest, owner: Zed}]\n",
         "unknown player 'Zed'", "players.A.battlefield[0].owner", 3),
        ("players: {A: {battlefield: [Forest]}}\nstack:\n"
         "  - {card: Fireball, controller: A, x: 1, targets: [Forest, Bobb]}\n",
         "unknown target 'Bobb' (targets are object ids or player names)",
         "stack[0].targets[1]", 3),
        # duplicate ids
        ("players:\n  A:\n    battlefield:\n      - {card: Forest, id: f}\n"
         "      - {card: Island, id: f}\n", "duplicate id 'f'",
         "players.A.battlefield[1].id", 5),
        ("players:\n  A:\n    battlefield: [{card: Forest, id: A}]\n",
         "id 'A' is also a player's name", "players.A.battlefield[0].id", 3),
        # wrong types
        ("players:\n  A:\n    life: twenty\n",
         "life must be a whole number (it may be negative, CR 119), got 'twenty'",
         "players.A.life", 3),
        ("players:\n  A:\n    battlefield: Forest\n", "expected a list, got str",
         "players.A.battlefield", 3),
        ("players:\n  A:\n    battlefield: [{card: Forest, tapped: maybe}]\n",
         "expected true or false, got 'maybe'", "players.A.battlefield[0].tapped", 3),
        ("players:\n  A:\n    battlefield: [{card: Forest, counters: {charge: 1.5}}]\n",
         "counter number must be a whole number up to 1,000,000, got 1.5",
         "players.A.battlefield[0].counters.charge", 3),
        ("players:\n  A:\n    battlefield: [{card: 7}]\n", "expected a card name, got int",
         "players.A.battlefield[0].card", 3),
        ("players: [A, B]\n",
         "'players' must map each player's name to their zones "
         "(e.g. players: {Alice: {battlefield: [Forest]}})", "players", 1),
        # unknown keys
        ("players:\n  A:\n    battlefeld: [Forest]\n", "unknown key 'battlefeld'",
         "players.A.battlefeld", 3),
        ("players:\n  A:\n    battlefield:\n      - {card: Forest, taped: true}\n",
         "unknown key 'taped'", "players.A.battlefield[0].taped", 4),
        ("players: {A: {}}\nstak: []\n", "unknown key 'stak'", "stak", 2),
        # duplicate keys, which YAML would silently merge
        ("players:\n  A: {}\n  A: {life: 3}\n",
         "duplicate key 'A' (the later value would silently replace the earlier one)",
         "players.A", 3),
        # the turn
        ("players: {A: {}}\n", None, None, None),
    ],
)
def test_each_error_with_path_and_line(body: str, message: str | None, path: str | None,
                                       line: int | None) -> None:
    if message is None or line is None:  # no turn at all
        found = problems(body)
        assert found[0][0].startswith("missing key 'turn'")
        return
    text = "turn: {active_player: A}\n" + body
    found = problems(text)
    # ``line`` counts lines of ``body``; the file starts with the turn line.
    assert (message, path, line + 1) in [(m, p, ln) for m, p, ln, _ in found], found


def test_suggestions_for_player_names_and_keys() -> None:
    found = problems(yaml_text("""
        turn: {active_player: Alise}
        players:
          Alice:
            battlefeld: [Forest]
    """))
    assert ("unknown player 'Alise'", "turn.active_player", 1, "did you mean 'Alice'?") in found
    assert ("unknown key 'battlefeld'", "players.Alice.battlefeld", 4,
            "did you mean 'battlefield'?") in found


def test_card_name_with_comma_in_flow_style_gets_a_quoting_hint() -> None:
    found = problems(yaml_text("""
        turn: {active_player: A}
        players:
          A: {battlefield: [{card: Kozilek, the Great Distortion}]}
    """))
    (sug,) = [s for m, _, _, s in found if m == "unknown card 'Kozilek'"]
    assert sug is not None and "'Kozilek, the Great Distortion'" in sug and "quote" in sug


def test_all_problems_reported_at_once_in_file_order() -> None:
    text = yaml_text("""
        turn: {active_player: Alise, phase: main}
        players:
          Alice:
            life: twenty
            battlefield:
              - Forrest
              - {card: Forest, counters: {"+1/+1": -1}}
            mana_pool: "{W/Q}"
        stack:
          - {card: Plains, controller: Bob}
          - {card: Sheer Drop, controller: Alice, x: 3}
        extra: 1
    """)
    found = problems(text)
    msgs = [m for m, _, _, _ in found]
    assert len(found) == 10, msgs
    lines = [ln for _, _, ln, _ in found]
    assert lines == [1, 1, 4, 6, 7, 8, 10, 10, 11, 12]
    assert ("unknown phase 'main'", "turn.phase", 1,
            "did you mean 'precombat_main' or 'postcombat_main'?") in found
    assert "unknown player 'Bob'" in msgs


@pytest.mark.parametrize(
    ("body", "path", "line"),
    [
        # nested block style
        ("players:\n  A:\n    battlefield:\n      - card: Forest\n        counters:\n"
         "          charge: -1\n", "players.A.battlefield[0].counters.charge", 7),
        # flow style spread over lines
        ("players: {A: {battlefield: [\n    Forest,\n    {card: Forest,\n"
         "     counters: {charge: -1}}]}}\n", "players.A.battlefield[1].counters.charge", 5),
        # all on one line
        ("players: {A: {battlefield: [Forest, {card: Forest, counters: {charge: -1}}]}}\n",
         "players.A.battlefield[1].counters.charge", 2),
    ],
)
def test_line_numbers_nested_and_flow_style(body: str, path: str, line: int) -> None:
    found = problems("turn: {active_player: A}\n" + body)
    assert [(p, ln) for m, p, ln, _ in found if m.startswith("negative")] == [(path, line)]


def test_json_errors_have_lines(write_file: WriteFile) -> None:
    text = textwrap.dedent("""\
        {
          "turn": {"active_player": "A"},
          "players": {
            "A": {
              "battlefield": [
                "Forest",
                {"card": "Forrest"},
                {"card": "Forest", "counters": {"charge": -1}}
              ],
              "life": "x"
            }
          },
          "stack": [{"card": "Forest", "controller": "A"}]
        }
    """)
    with pytest.raises(StateFileError) as info:
        load_state(write_file("s.json", text))
    got = [(loc.path, loc.line) for _, loc, _ in info.value.problems]
    assert got == [
        ("players.A.battlefield[1].card", 7),
        ("players.A.battlefield[2].counters.charge", 8),
        ("players.A.life", 10),
        ("stack[0].card", 13),
    ]


def test_json_duplicate_keys_are_reported() -> None:
    text = '{"turn": {"active_player": "A"},\n "players": {"A": {}, \n "A": {}}}'
    found = problems(text, name="s.json")
    assert ("duplicate key 'A' (the later value would silently replace the earlier one)",
            "players.A", 3, None) in found


@pytest.mark.parametrize(
    ("name", "text", "start", "line"),
    [
        ("s.yaml", "turn: {active_player: A\nplayers: {}\n", "malformed YAML: ", 2),
        ("s.yaml", "players:\n  A: {}\n   bad: 1\n", "malformed YAML: ", 3),
        ("s.json", '{"turn": {"active_player": "A"},\n "players": }', "malformed JSON: ", 2),
        ("s.json", '{"turn": 1,}', "malformed JSON: ", 1),
        ("s.yaml", "a: 1\n---\nb: 2\n", "more than one YAML document", 2),
        ("s.yaml", "- Forest\n", "a state file is a mapping with 'turn' and 'players', got list",
         None),
        ("s.yaml", "just text\n",
         "a state file is a mapping with 'turn' and 'players', got str", None),
        ("s.yaml", "", "the file is empty", None),
        ("s.yaml", "\n  \n", "the file is empty", None),
        ("s.yaml", "# only a comment\n",
         "a state file is a mapping with 'turn' and 'players', got an empty document", None),
        ("s.yaml", "turn: {active_player: A}\x07\n", "not a text file (control character", 1),
    ],
)
def test_malformed_text(name: str, text: str, start: str, line: int | None) -> None:
    found = problems(text, name=name)
    assert len(found) == 1
    assert found[0][0].startswith(start), found
    if line is not None:
        assert found[0][2] == line


def test_file_that_is_not_text(write_file: WriteFile) -> None:
    with pytest.raises(StateFileError, match="not a text file"):
        load_state(write_file("s.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
    with pytest.raises(StateFileError, match="not a UTF-8 text file"):
        load_state(write_file("t.yaml", b"turn: \xff\xfe\n"))


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(StateFileError, match="can't read file"):
        load_state(tmp_path / "nope.yaml")
    with pytest.raises(StateFileError, match="not a regular file"):
        load_state(tmp_path)


def test_error_lines_are_single_lines() -> None:
    text = "turn: {active_player: A}\nplayers:\n  A:\n    mana_pool: \"{W/Q}\"\n"
    with pytest.raises(StateFileError) as info:
        load_state_text(text)
    assert all("\n" not in ln for ln in info.value.lines())


# ---- extra cards -------------------------------------------------------------------------

EXTRA_CARD = """
- name: Test Mana Rock
  mana_cost: "{2}"
  types: [Artifact]
  abilities:
    - activated: {cost: "{T}", mana: {add: "{C}{C}"}}
"""


def test_cards_in_state_file_and_in_cards_file(write_file: WriteFile) -> None:
    state_text = "turn: {active_player: A}\nplayers: {A: {battlefield: [Test Mana Rock]}}\n"
    with pytest.raises(StateFileError, match="unknown card 'Test Mana Rock'"):
        load_state_text(state_text)
    inline = load_state_text(state_text + "cards:" + textwrap.indent(EXTRA_CARD, "  "))
    assert inline.permanent("Test Mana Rock").card.mana_value() == 2
    cards = write_file("cards.yaml", EXTRA_CARD)
    path = write_file("s.yaml", state_text)
    state = load_state_with_cards(path, cards)
    assert state.permanent("Test Mana Rock").card.types == ("Artifact",)
    assert "Test Mana Rock" in load_card_file(cards)
    assert "Test Mana Rock" not in builtin_cards()


def test_bad_cards_file_reports_each_bad_card_with_line(write_file: WriteFile) -> None:
    cards = write_file("cards.yaml", yaml_text("""
        - name: Good
          types: [Artifact]
        - name: Bad One
          types: [Artifcat]
        - name: Bad Two
          types: [Land]
          mana_cost: "{W/Q}"
    """))
    with pytest.raises(StateFileError) as info:
        load_card_file(cards)
    got = [(loc.path, loc.line) for _, loc, _ in info.value.problems]
    assert got == [("[1].types", 4), ("[2].mana_cost", 7)]
    assert all(str(cards) in ln for ln in info.value.lines())


def test_cards_file_that_is_not_a_list(write_file: WriteFile) -> None:
    with pytest.raises(StateFileError, match="card definitions are a list"):
        load_card_file(write_file("cards.yaml", "name: X\n"))


# ---- hostile files: refused with one line, bounded time and memory ----------------------------

_REFUSE = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
from manacheck.model import StateFileError, load_state
try:
    load_state(sys.argv[1])
except StateFileError as e:
    print(e.lines()[0])
    sys.exit(2)
print("loaded")
"""


def _hostile(name: str) -> bytes:
    if name == "alias_bomb.yaml":
        rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        for i in range(1, 9):
            prev, cur = chr(96 + i), chr(97 + i)
            rows.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
        return "\n".join(rows).encode()
    if name == "deep_flow.yaml":
        return b"[" * 50_000 + b"]" * 50_000
    if name == "deep_block.yaml":
        return "".join(" " * i + "-\n" for i in range(0, 2 * 200, 2)).encode()
    if name == "deep.json":
        return b'{"a":' * 50_000 + b"1" + b"}" * 50_000
    if name == "junk.yaml":
        return (b"a: [b, {c: d]]\n:: }{\n" * 40_000)[: MAX_BYTES - 1]
    if name == "huge.yaml":
        return b"x" * (MAX_BYTES * 3)
    if name == "binary.yaml":
        return bytes(range(256)) * 3_000
    if name == "long_line.yaml":
        return b"players: " + b"x" * (MAX_BYTES - 20)
    if name == "many_values.json":
        return b"[" + b"1," * (MAX_BYTES // 2 - 2) + b"1]"
    raise AssertionError(name)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("alias_bomb.yaml", "YAML aliases (*name) are not allowed in state files"),
        ("deep_flow.yaml", f"nesting deeper than {MAX_DEPTH} levels"),
        ("deep_block.yaml", f"nesting deeper than {MAX_DEPTH} levels"),
        ("deep.json", f"nesting deeper than {MAX_DEPTH} levels"),
        ("junk.yaml", "malformed YAML"),
        ("huge.yaml", "file is too large"),
        ("binary.yaml", "not a text file"),
        ("long_line.yaml", "'players' must map each player's name"),
        ("many_values.json", "values; state files are small"),
    ],
)
def test_hostile_file_refused_with_one_line(write_file: WriteFile, name: str,
                                            expected: str) -> None:
    path = write_file(name, _hostile(name))
    # The timeout only catches hangs; speed is measured in benchmarks/validate.py.
    done = subprocess.run([sys.executable, "-c", _REFUSE, str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr == ""
    out = done.stdout.strip()
    assert "\n" not in out and expected in out and len(out) < 300, out


# ---- robustness: arbitrary data never escapes as anything but StateFileError ------------------

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**7), st.floats(),
                     st.sampled_from(["Forest", "A", "B", "{G}", "{X}", "Fireball", "x", "",
                                      "precombat_main", "Sheer Drop", "awaken", "Forest#2"]))
_keys = st.sampled_from(["turn", "players", "stack", "cards", "A", "B", "battlefield", "hand",
                         "card", "id", "counters", "x", "controller", "targets", "life",
                         "mana_pool", "active_player", "phase", "tapped", "owner",
                         "ability_of", "ability", "trigger", "alternative_cost", "chosen",
                         "activated_this_turn", "object", "events", "+1/+1", "mana", "from"])
_data = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(_keys, inner, max_size=5)), max_leaves=25)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({"turn": _data, "players": _data},
                             optional={"stack": _data, "cards": _data,
                                       "activated_this_turn": _data}))
def test_arbitrary_data_gives_a_state_or_state_file_error(data: dict[str, Any]) -> None:
    try:
        state = load_state_data(data)
    except StateFileError as e:
        assert e.problems and all("\n" not in ln for ln in e.lines())
    else:
        assert isinstance(state, GameState)


def test_yaml_flow_mapping_without_json_extension() -> None:
    # Starts with "{" but is YAML flow style, not JSON: falls back to YAML.
    state = load_state_text("{turn: {active_player: A}, players: {A: {battlefield: [Forest]}}}")
    assert state.permanent("Forest").controller == "A"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab: -[]{},\n#&*!|>'\"\t%@`?~\\", max_size=200),
       st.sampled_from(["s.yaml", "s.json", "<text>"]))
def test_arbitrary_text_gives_a_state_or_state_file_error(text: str, name: str) -> None:
    try:
        load_state_text(text, name=name)
    except StateFileError as e:
        assert e.problems and all("\n" not in ln for ln in e.lines())


@pytest.mark.parametrize(("text", "name"), [('{"turn": ' + "9" * 5000 + "}", "s.json"),
                                            ("turn: " + "9" * 5000, "s.yaml")])
def test_number_with_thousands_of_digits(text: str, name: str) -> None:
    found = problems(text, name=name)
    assert [m for m, *_ in found] == [
        f"malformed {'JSON' if name.endswith('json') else 'YAML'}: a number has too many digits"]


def test_player_names_must_be_text() -> None:
    found = problems("turn: {active_player: A}\nplayers:\n  A: {}\n  1: {}\n")
    assert ("a player's name must be text, got 1", "players.1", 4, 'quote it, e.g. "1":') in found


# ---- property: the id contract against a brute force ------------------------------------------

_NAMES = ["Forest", "Island", "Sol Ring", "Llanowar Elves"]
_SPELLS = ["Fireball", "Sheer Drop"]


@st.composite
def _boards(draw: st.DrawFn) -> dict[str, Any]:
    """Valid state data with repeated names and some explicit ids."""
    explicit = iter(draw(st.lists(st.sampled_from(["Forest", "Forest#2", "Island#3", "x", "y",
                                                    "Sol Ring#2", "Fireball"]),
                                  unique=True, max_size=4)))
    players: dict[str, Any] = {}
    for name in draw(st.sampled_from([["A"], ["A", "B"], ["B", "A"]])):
        pd: dict[str, Any] = {}
        for zone in draw(st.permutations(["battlefield", "hand", "graveyard"])):
            entries: list[Any] = []
            for card in draw(st.lists(st.sampled_from(_NAMES), max_size=4)):
                if draw(st.booleans()) and (oid := next(explicit, None)) is not None:
                    entries.append({"card": card, "id": oid})
                elif zone == "battlefield" and draw(st.booleans()):
                    entries.append({"card": card, "tapped": draw(st.booleans()),
                                    "counters": {"charge": draw(st.integers(0, 3))}})
                else:
                    entries.append(card)
            if entries or draw(st.booleans()):
                pd[zone] = entries
        players[name] = pd
    stack = [{"card": c, "controller": "A", **({"x": 1} if c == "Fireball" else {})}
             for c in draw(st.lists(st.sampled_from(_SPELLS), max_size=3))]
    if stack and (oid := next(explicit, None)) is not None:
        stack[-1]["id"] = oid
    return {"turn": {"active_player": "A"}, "players": players, "stack": stack}


def _expected_ids(data: dict[str, Any]) -> list[str]:
    """The id rule, written out plainly: explicit id, else name, name#2, ... skipping ids
    given explicitly anywhere; players in file order (zones as written), then the stack."""
    entries: list[Any] = []
    for pd in data["players"].values():
        for zone in pd:
            entries.extend(pd[zone])
    entries.extend(data["stack"])
    explicit = {e["id"] for e in entries if isinstance(e, dict) and "id" in e}
    used: set[str] = set()
    out = []
    for e in entries:
        if isinstance(e, dict) and "id" in e:
            out.append(e["id"])
            continue
        name = e if isinstance(e, str) else e["card"]
        n = 1
        while True:
            candidate = name if n == 1 else f"{name}#{n}"
            if candidate not in explicit and candidate not in used:
                break
            n += 1
        used.add(candidate)
        out.append(candidate)
    return out


def _ids_in_file_order(state: GameState, data: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for p in state.players:
        for zone in data["players"][p.name]:
            out.extend(o.id for o in getattr(p, zone))
    out.extend(s.id for s in state.stack)
    return out


@settings(max_examples=150, deadline=None)
@given(_boards())
def test_ids_match_the_written_rule_and_survive_a_round_trip(data: dict[str, Any]) -> None:
    state = load_state_data(data)
    assert _ids_in_file_order(state, data) == _expected_ids(data)
    assert len(set(state.object_ids())) == len(_expected_ids(data))
    again = load_state_data(dump_state(state))
    assert again == state
    assert sorted(again.object_ids()) == sorted(state.object_ids())


@pytest.mark.parametrize(("battlefield", "stack", "message"), [
    ("[{card: Wild Growth, id: wg, attached_to: wg}, Forest]", "[]",
     "attached to itself"),
    ("[{card: Sol Ring, attached_to: Forest}, Forest]", "[]",
     "isn't an Aura, Equipment or Fortification"),
    ("[Forest]", "[{ability_of: Forest, ability: 7, controller: A}]",
     "has no activated ability 7"),
    ("[Forest]", "[{ability_of: Forest, ability: 1, controller: A}]",
     "is a mana ability, which doesn't use the stack (CR 605.3b)"),
    ("[Vizier of Tumbling Sands, Forest, Island]",
     "[{ability_of: Vizier of Tumbling Sands, ability: 1, controller: A, "
     "targets: [Forest, Island]}]", "has 2 target(s) but needs 1"),
])
def test_impossible_states_are_refused_with_the_rule(battlefield: str, stack: str,
                                                     message: str) -> None:
    # Issue 15: validate refuses what can't be, naming the rule.
    with pytest.raises(StateFileError, match=re.escape(message)):
        load_state_text(f"""
turn: {{active_player: A}}
players:
  A: {{battlefield: {battlefield}}}
stack: {stack}
""")
