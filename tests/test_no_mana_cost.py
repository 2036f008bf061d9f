"""No mana cost is an unpayable cost (CR 118.6, 118.6a, 202.1b): "pay --for" a card with
none is a definite "not payable" with its rule, not bad input; Sphere of Resistance's
increase leaves it unpayable, and an ordinary cost given as text is still paid."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from manacheck.model import load_state_text
from manacheck.solver.payments import payment_answer

STATE = """
turn: {active_player: A}
players:
  A:
    hand: [Sol Talisman, Ancestral Vision, Forest]
    battlefield: [Forest, Island, Sol Ring, Sphere of Resistance]
  B: {}
"""


@pytest.mark.cr("118.6")
@pytest.mark.parametrize("name", ["Sol Talisman", "Ancestral Vision", "Forest"])
def test_a_card_with_no_mana_cost_is_not_payable(name: str) -> None:
    s = load_state_text(STATE)
    card = next(c for c in s.player("A").hand if c.name == name)
    a = payment_answer(s, "A", None, for_object=card.id)
    assert a.payable is False and a.count == 0
    assert "CR 118.6" in a.reasons[0]
    assert a.to_data()["cost"] is None


@pytest.mark.cr("118.6")
def test_the_cli_says_not_payable_with_exit_1(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(STATE, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "manacheck", "pay", str(f), "--for",
                          "Sol Talisman", "--json"], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 1, run.stderr
    assert json.loads(run.stdout)["payable"] is False
    # A cost given as text is paid as usual, whatever it is for.
    run = subprocess.run([sys.executable, "-m", "manacheck", "pay", str(f), "{2}"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0 and "payable" in run.stdout
