"""Mana the card format can't describe (``unmodelled: true``) is never guessed.

Could-produce leaves such abilities out and marks every answer that depends on them as a
lower bound; payments leave the source out and say so, instead of failing the whole
board or silently answering "no".
"""

from __future__ import annotations

import json

import pytest
from manacheck.model import load_state_text
from manacheck.solver.payments import count_payments, payments
from manacheck.solver.produce import (
    UnmodelledMana,
    activation_outcomes,
    could_produce,
    explain_could_produce,
    incomplete_answers,
)

from manacheck.cli import main

BOARD = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    battlefield: [Metalworker, Forest, "Nykthos, Shrine to Nyx", Reflecting Pool]
  B:
    battlefield: [Island]
"""


@pytest.mark.cr("106.7")
def test_could_produce_marks_answers_that_look_at_unmodelled_mana() -> None:
    state = load_state_text(BOARD)
    # Nykthos' first ability ({T}: Add {C}) is modelled; its devotion ability isn't.
    assert {t.value for t in could_produce(state, "Nykthos, Shrine to Nyx")} == {"C"}
    # Reflecting Pool looks at the lands A controls, Nykthos among them.
    assert {t.value for t in could_produce(state, "Reflecting Pool")} == {"G", "C"}
    assert incomplete_answers(state) == {"Metalworker", "Nykthos, Shrine to Nyx",
                                         "Reflecting Pool"}
    assert explain_could_produce(state, "Forest").complete
    assert not explain_could_produce(state, "Reflecting Pool").complete


def test_asking_what_an_unmodelled_ability_adds_names_it() -> None:
    state = load_state_text(BOARD)
    with pytest.raises(UnmodelledMana, match="Metalworker"):
        activation_outcomes(state, "Metalworker", 1)


@pytest.mark.cr("106.6")
def test_payments_leave_unmodelled_sources_out_and_say_so() -> None:
    state = load_state_text(BOARD)
    # Hand count for {G}: Forest, or Reflecting Pool making {G} (Nykthos' devotion and
    # Metalworker are left out).
    assert count_payments(state, "A", "{G}") == 2
    p = payments(state, "A", "{G}")
    assert set(p.left_out) == {"Metalworker (ability 1)", "Nykthos, Shrine to Nyx (ability 2)"}


def test_pay_cli_reports_a_lower_bound(capsys: pytest.CaptureFixture[str],
                                       tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "b.yaml"  # type: ignore[operator]
    path.write_text(BOARD)
    assert main(["pay", str(path), "{G}", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payable"] is True and data["count"] == 2 and data["complete"] is False
    assert "Metalworker (ability 1)" in data["left_out"]
    assert main(["pay", str(path), "{U}"]) == 1
    out = capsys.readouterr().out
    assert "not payable" in out and "Metalworker (ability 1) is left out" in out
    assert "Metalworker (ability 1) can't be activated" not in out
    assert main(["produce", str(path), "--json"]) == 0
    objects = {o["object"]: o for o in json.loads(capsys.readouterr().out)["objects"]}
    assert objects["Reflecting Pool"]["complete"] is False
    assert "complete" not in objects["Forest"]
