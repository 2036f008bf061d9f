"""Every printed command of a report reproduces its case (issue 35).

A case prints the command that asks its question of its own board; run in-process on
the case's state file, that command must give the case's answer: the same verdict,
and for produce the same mana types, for pay the same number of payments, for
resolve the same number of outcomes. (Before
issue 35 a case where Blood Moon or Celestial Dawn removed an ability printed
``--ability 1``, which then meant the land's new basic land ability.)

The cards are a deterministic sample of the built-in pool (the whole pool takes
minutes: set ``MANACHECK_ALL_COMMANDS=1`` to run them all), always including the cards
whose boards change or remove abilities.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
from pathlib import Path
from typing import Any

import pytest
from manacheck.solver.reports.card import card_report
from manacheck.solver.reports.pool import pool_names

from manacheck.cli import main

#: Cards with abilities that an effect removes (Blood Moon, Celestial Dawn make them
#: basic land types: CR 305.7) or renumbers, and cards with ruling boards.
ALWAYS = ("City of Brass", "Cavern of Souls", "Nykthos, Shrine to Nyx", "Opal Palace",
          "Taiga", "Hei Bai, Spirit of Balance", "The Ozolith", "Mana Reflection",
          "Doubling Cube", "Basalt Monolith", "Cabal Coffers", "Wild Growth")
STEP = 37


def sample() -> list[str]:
    names = pool_names(None)
    if os.environ.get("MANACHECK_ALL_COMMANDS"):
        return names
    return list(dict.fromkeys([*ALWAYS, *names[::STEP]]))


def run_command(case: dict[str, Any], folder: Path) -> tuple[int, Any]:
    """Run the case's printed command on its state file, in-process: exit status and
    its JSON answer."""
    path = folder / "STATE.yaml"
    path.write_text(case["state_yaml"], encoding="utf-8")
    argv = shlex.split(case["command"])
    assert argv[0] == "manacheck"
    argv = [str(path) if a == "STATE.yaml" else a for a in argv[1:]] + ["--json"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status != 2, f"{case['command']}: {err.getvalue()}"
    return status, json.loads(out.getvalue())


def command_answer(case: dict[str, Any], data: Any) -> tuple[str, Any]:
    """The verdict (and the fact compared) the command's JSON gives."""
    command = case["question"]["command"]
    if command == "can-activate":
        legal = data.get("legal")
        return ({True: "legal", False: "not legal", None: "not decided"}[legal], None)
    if command == "produce":
        row = next(r for r in data["objects"] if r["object"] == case["question"]["object"])
        if row.get("decided") is False or row.get("undecided_ids"):
            return ("not decided", None)
        return ("produces", row["mana_types"])
    if command == "pay":
        payable = data.get("payable")
        if payable is None:
            return ("not decided", None)
        return ("payable", data["count"]) if payable else ("not payable", None)
    if data.get("decided") is False or any(o.get("stopped") for o in data["outcomes"]):
        return ("not decided", None)
    return ("resolved", len(data["outcomes"]))


def case_answer(case: dict[str, Any]) -> tuple[str, Any]:
    a = case["answer"]
    if a["verdict"] == "produces":
        return ("produces", a["facts"]["types"])
    if a["verdict"] == "payable":
        return ("payable", a["facts"]["count"])
    if a["verdict"] == "resolved":
        return ("resolved", len(a["facts"]["outcomes"]))
    return (a["verdict"], None)


@pytest.mark.parametrize("name", sample())
def test_every_printed_command_gives_its_case_answer(name: str, tmp_path: Path) -> None:
    report = card_report(name)
    wrong = []
    for case in report["cases"]:
        _, data = run_command(case, tmp_path)
        got = command_answer(case, data)
        if got != case_answer(case):
            wrong.append(f"{case['id']}: {case['command']} gives {got}, the case says "
                         f"{case_answer(case)}")
    assert not wrong, "\n".join(wrong)


def test_a_removed_ability_is_named_by_its_text(tmp_path: Path) -> None:
    """Blood Moon makes City of Brass a Mountain (CR 305.7): it loses "{T}, City of
    Brass deals 1 damage to you: Add one mana of any color" and gains "{T}: Add {R}",
    which is its ability 1 now. The case's command names the lost ability by its text
    (not "--ability 1", which is legal on that board), and the answer cites 305.7 and
    layer 4 (613.1d), not layer 6."""
    report = card_report("City of Brass")
    gone = [c for c in report["cases"]
            if c["question"]["command"] == "can-activate"
            and c["answer"]["facts"].get("has_ability") is False]
    assert gone, "no case where the ability is removed"
    for case in gone:
        assert "--ability-text" in case["command"]
        assert "--ability 1" not in case["command"]
        assert "305.7" in case["rules"] and "613.1d" in case["rules"]
        assert "613.1f" not in case["answer"]["reasons"][0]["rule"]
        status, data = run_command(case, tmp_path)
        assert status == 1 and data["legal"] is False and data["has_ability"] is False
        # and by its number on that board, ability 1 is the Mountain's {T}: Add {R}
        argv = case["command"].split(" --ability-text")[0] + " --ability 1"
        _, data = run_command({**case, "command": argv}, tmp_path)
        assert data["legal"] is True
