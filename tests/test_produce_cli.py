"""``manacheck produce STATE [OBJECT...] [--explain] [--json]`` (CR 106.7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manacheck.cli import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "could_produce.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.cr("106.7")
def test_json_lists_every_permanent_with_a_mana_ability(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "produce", str(EXAMPLE), "--json")
    assert code == 0
    data = json.loads(out)
    got = {o["object"]: o["mana_types"] for o in data["objects"]}
    # Reality Twist: Forest -> {B}, Plains -> {R}. The Orchards look across at each
    # other and at those lands (least fixed point); Mana Reflection only doubles.
    assert got == {"Forest": ["B"], "Exotic Orchard": ["B", "R"], "Naga Vitalist": ["B", "R"],
                   "Plains": ["R"], "Exotic Orchard#2": ["B", "R"],
                   "Reflecting Pool": ["B", "R"]}
    assert "Mana Reflection" not in got  # no mana ability
    # The derivations are built (and shown) only with --explain.
    assert all("derivation" not in o for o in data["objects"])
    code, out, _ = run(capsys, "produce", str(EXAMPLE), "--json", "--explain")
    assert code == 0
    for o in json.loads(out)["objects"]:
        assert [d["mana_type"] for d in o["derivation"]] == o["mana_types"]


@pytest.mark.cr("616.1")
def test_explain_shows_abilities_lands_and_replacement_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "produce", str(EXAMPLE), "Forest", "Reflecting Pool",
                       "--explain")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["Forest", "B"]
    assert "Reality Twist" in lines[1] and "616.1" in lines[1] and "305.6" in lines[1]
    assert any("because" in ln and "Exotic Orchard#2" in ln for ln in lines)


def test_wubrgc_order_and_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("turn: {active_player: A}\n"
                 "players:\n"
                 "  A: {battlefield: [Wastes, Forest, Plains, Reflecting Pool]}\n"
                 "  B: {battlefield: [Exotic Orchard]}\n", encoding="utf-8")
    code, out, _ = run(capsys, "produce", str(f), "Reflecting Pool", "Exotic Orchard",
                       "--json")
    assert code == 0
    objs = json.loads(out)["objects"]
    assert objs[0]["mana_types"] == ["W", "G", "C"]
    assert objs[1]["mana_types"] == ["W", "G"]  # colors only
    f.write_text("turn: {active_player: A}\n"
                 "players: {A: {battlefield: [Wastes]}, B: {battlefield: [Exotic Orchard]}}\n",
                 encoding="utf-8")
    code, out, _ = run(capsys, "produce", str(f), "Exotic Orchard", "--explain")
    assert "(nothing)" in out and "106.5" in out


def test_unknown_object_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "produce", str(EXAMPLE), "Reflectng Pool")
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "unknown object 'Reflectng Pool'" in err and "Reflecting Pool" in err


def test_object_not_on_the_battlefield_is_exit_2(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("turn: {active_player: A}\nplayers: {A: {hand: [Forest]}}\n",
                 encoding="utf-8")
    code, _, err = run(capsys, "produce", str(f), "Forest")
    assert code == 2 and "not on the battlefield" in err


def test_bad_state_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("turn: {active_player: A}\nplayers: {A: {battlefield: [Forrest]}}\n",
                 encoding="utf-8")
    code, _, err = run(capsys, "produce", str(f))
    assert code == 2 and "did you mean 'Forest'" in err


@pytest.mark.cr("611.2a")
def test_pale_moon_as_an_effect(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("turn: {active_player: A}\n"
                 "players: {A: {battlefield: [Tundra, Island]}, B: {}}\n"
                 "effects: [{card: Pale Moon, controller: B}]\n", encoding="utf-8")
    code, out, _ = run(capsys, "produce", str(f), "--json")
    assert code == 0
    got = {o["object"]: o["mana_types"] for o in json.loads(out)["objects"]}
    assert got == {"Tundra": ["C"], "Island": ["U"]}
