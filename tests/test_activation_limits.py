"""A search limit on one ability doesn't stop the `abilities` listing."""

from __future__ import annotations

import json

import pytest
from manacheck.model import load_state_text
from manacheck.solver import NotDecided
from manacheck.solver.activation import abilities, can_activate

from manacheck.cli import main

BOARD = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    battlefield: [Candelabra of Tawnos, Sol Ring] + LANDS
""".replace("] + LANDS", ", " + ", ".join(["Forest"] * 24) + "]")


def test_one_huge_search_is_undecided_and_the_rest_are_answered() -> None:
    state = load_state_text(BOARD)
    v = can_activate(state, "Candelabra of Tawnos")  # 2^24 ways to choose X lands
    assert v.legal is None and "search budget" in v.undecided
    with pytest.raises(NotDecided):  # never read as "no"
        bool(v)
    rows = {(obj, n): v for obj, n, v in abilities(state, "A")}
    candelabra = rows[("Candelabra of Tawnos", 1)]
    assert candelabra.undecided and candelabra.legal is None
    assert "combinations" in candelabra.undecided
    assert rows[("Sol Ring", 1)].legal
    assert rows[("Forest#24", 1)].legal


def test_abilities_cli_marks_it_undecided(tmp_path: pytest.TempPathFactory,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.yaml"  # type: ignore[operator]
    path.write_text(BOARD)
    assert main(["abilities", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["abilities"]
    candelabra = next(r for r in rows if r["object"] == "Candelabra of Tawnos")
    assert candelabra["legal"] is None
    assert any("limit" in u["why"] for u in candelabra["undecided"])
    assert main(["abilities", str(path)]) == 0
    assert "??  Candelabra of Tawnos [1]" in capsys.readouterr().out  # aligned like "no "
