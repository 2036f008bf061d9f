"""``manacheck pay``: output, JSON shape, exit codes (issue 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manacheck.cli import main

STATE = """\
turn: {active_player: Alice}
players:
  Alice:
    life: 2
    mana_pool: "{G}"
    hand: [Thought-Knot Seer, Gitaxian Probe, Fireball]
    battlefield: [Forest, Forest, Island, Sol Ring, Eldrazi Temple,
                  {card: Llanowar Elves, summoning_sick: true}]
  Bob:
    battlefield: [Plains]
"""


@pytest.fixture
def state(tmp_path: Path) -> str:
    path = tmp_path / "board.yaml"
    path.write_text(STATE, encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["pay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_payable_lists_and_counts(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "{1}{U}")
    assert code == 0
    # Island pays {U}; {1} from Forest, Sol Ring, Temple {C}, or the pool -> 4.
    assert out.splitlines()[0] == "{1}{U}: payable, 4 distinct payments"
    assert len(out.splitlines()) == 5


def test_json_shape(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "{1}{U}", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"cost", "payable", "count", "complete", "options", "order_complete"}
    assert (data["cost"], data["payable"], data["count"], data["complete"]) == \
        ("{1}{U}", True, 4, True)
    opt = data["options"][0]
    assert set(opt) >= {"activations", "pool", "life", "leftover", "assignment"}
    act = opt["activations"][0]
    assert set(act) >= {"object", "ability", "mana", "times"}


def test_limit_says_how_many_more(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "{1}{U}", "--limit", "1")
    assert code == 0
    assert "... and 3 more" in out


def test_count_only(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "{1}{U}", "--count")
    assert (code, out.strip()) == (0, "4")


@pytest.mark.cr("601.2h")
def test_not_payable_exit_1_with_reasons(state: str, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    code, out, _ = run(capsys, state, "{B}", "--json")
    data = json.loads(out)
    assert code == 1
    assert (data["payable"], data["count"]) == (False, 0)
    assert any(r.startswith("nothing can produce {B}") for r in data["reasons"])
    assert any("302.6" in r for r in data["reasons"])  # the sick Llanowar Elves


@pytest.mark.cr("106.6")
def test_for_a_card_in_hand_uses_its_cost_and_restrictions(
        state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "--for", "Thought-Knot Seer", "--count", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["cost"] == "{3}{C}" and data["count"] > 0
    # Without --for, the Temple's {C}{C} can't be spent: fewer payments.
    _, out2, _ = run(capsys, state, "{3}{C}", "--count")
    assert int(out2) < data["count"]


@pytest.mark.cr("107.3")
def test_x(state: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, state, "{X}{G}", "--x", "1", "--count")
    assert code == 0 and int(out) > 0


@pytest.mark.cr("107.3")
def test_the_answer_shows_the_cost_as_written_and_x(state: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15: ``{X}{X}{G} --x 1`` is shown with X, not only as ``{1}{1}{G}``."""
    code, out, _ = run(capsys, state, "{X}{X}{G}", "--x", "1")
    assert code == 0
    assert out.splitlines()[0].startswith("{X}{X}{G} with X=1 ({1}{1}{G}): payable")
    _, out, _ = run(capsys, state, "{X}{X}{G}", "--x", "1", "--json")
    data = json.loads(out)
    assert (data["cost"], data["cost_as_written"], data["x"]) == ("{1}{1}{G}", "{X}{X}{G}", 1)


@pytest.mark.parametrize("argv", [
    ["{W/Q}"],
    ["{U}", "--player", "Zed"],
    ["{X}{R}"],
    ["{X}{R}", "--x", "-1"],
    ["--for", "Nothing"],
    ["{U}", "--for", "Nothing"],
    [],
    ["{U}", "--limit", "-1"],
])
def test_bad_input_one_line_exit_2(state: str, capsys: pytest.CaptureFixture[str],
                                   argv: list[str]) -> None:
    code, out, err = run(capsys, state, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:")


def test_missing_state_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.yaml"), "{G}")
    assert code == 2 and "Traceback" not in err


def test_count_that_stops_says_so(state: str, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # With a tiny state limit the count stops: "complete": false, still payable.
    import importlib

    module = importlib.import_module("manacheck.solver.payments.limits")

    monkeypatch.setattr(module, "DEFAULT_MAX_STATES", 1)
    code, out, _ = run(capsys, state, "{1}{U}", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["payable"], data["complete"], data["count"]) == (True, False, None)
    assert data["options"]


def test_x_for_a_cost_without_x_is_bad_input(state: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Like the state file's "x given for a card without X": one line, exit 2.
    code, out, err = run(capsys, state, "{1}", "--x", "2")
    assert code == 2 and out == "" and err.count("\n") == 1 and "has no X" in err


def test_resolve_cost_checks_x_for_every_caller() -> None:
    # The check lives in resolve_cost, so the Python API refuses it too (CR 107.3).
    from manacheck.model import BadInput
    from manacheck.solver.payments import resolve_cost

    with pytest.raises(BadInput, match="has no X"):
        resolve_cost("{1}{G}", 2)
    assert resolve_cost("{X}{G}", 2).text == "{2}{G}"


@pytest.mark.cr("107.3p")
def test_y_is_a_variable_of_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    # Issue 15: {X}{Y}{G} with X=1, Y=2 costs {1}{2}{G} (four mana); Y isn't X.
    path = tmp_path / "b.yaml"
    path.write_text("turn: {active_player: A}\nplayers:\n  A: {battlefield: "
                    "[Forest, Forest, Forest, Island]}\n")
    assert main(["pay", str(path), "{X}{Y}{G}", "--x", "1", "--y", "2"]) == 0
    assert "{X}{Y}{G} with X=1, Y=2 ({1}{2}{G}): payable" in capsys.readouterr().out
    assert main(["pay", str(path), "{X}{Y}{G}", "--x", "1", "--y", "3"]) == 1
    assert main(["pay", str(path), "{X}{Y}{G}", "--x", "1"]) == 2
    assert "has Y but no value was given" in capsys.readouterr().err
    assert main(["pay", str(path), "{Z}"]) == 2
    assert "107.3p" in capsys.readouterr().err
