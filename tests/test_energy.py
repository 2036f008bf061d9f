"""Energy (CR 107.14): "{E}" is paid by removing an energy counter from yourself. The
state file gives each player's energy; a cost "Pay {E}{E}" is read from oracle text and
checked by can-activate. The payment solver doesn't model energy in mana abilities'
costs: such a source (Aether Hub) is left out and the answer says "not decided".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from manacheck.model import load_state_data, load_state_text
from manacheck.model.oracletext.reading import read_line
from manacheck.model.statefile.dumping import dump_state_text
from manacheck.solver.activation import can_activate
from manacheck.solver.payments import payment_answer

from manacheck.cli import main

_LINE = "{T}, Pay {E}{E}: Test Renegade deals 1 damage to target creature."
_RENEGADE = {"name": "Test Renegade", "mana_cost": "{2}{R}", "types": ["Creature"],
             "power": 2, "toughness": 2, "abilities": [read_line(_LINE, "Test Renegade")
                                                        .ability]}


def _state(energy: int, extra: dict[str, Any] | None = None) -> Any:
    return load_state_data({
        "turn": {"active_player": "Alice"},
        "players": {"Alice": {"energy": energy, "battlefield": ["Test Renegade"]},
                    "Bob": {"battlefield": ["Grizzly Bears"]}},
        "cards": [_RENEGADE, *([extra] if extra else [])]})


def test_pay_energy_is_read() -> None:
    r = read_line(_LINE, "Test Renegade")
    assert r.status == "read"  # (its damage effect is composed too, issue 34)
    assert r.ability is not None and r.ability["activated"]["cost"] == ["{T}",
                                                                       {"pay_energy": 2}]
    assert read_line("{T}, Pay {E}{R}: Draw a card.", "X").status == "unread"


@pytest.mark.parametrize(("energy", "legal"), [(0, False), (1, False), (2, True), (5, True)])
def test_energy_pays_exactly_as_many_as_the_cost_shows(energy: int, legal: bool) -> None:
    v = can_activate(_state(energy), "Test Renegade", 1, "Alice", find_fixes=False)
    assert not v.undecided
    assert v.legal is legal
    if legal:
        assert v.witness is not None and v.witness.energy_paid == 2
        assert v.ways == 2  # either creature is a target
    else:
        assert [r.rule for r in v.reasons] == ["107.14"]
        assert f"with {energy} energy" in v.reasons[0].message


def test_energy_survives_a_dump_and_is_checked(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    s = load_state_data({"turn": {"active_player": "Alice"},
                         "players": {"Alice": {"energy": 3}, "Bob": {}}})
    again = load_state_text(dump_state_text(s))
    assert again.player("Alice").energy == 3
    f = tmp_path / "bad.yaml"
    f.write_text("turn: {active_player: Alice}\nplayers:\n  Alice: {energy: -1}\n")
    assert main(["show", str(f)]) == 2
    err = capsys.readouterr().err
    assert "energy must be a whole number ≥ 0" in err and "players.Alice.energy" in err


def test_a_mana_ability_that_pays_energy_is_left_out_and_says_so() -> None:
    hub = {"name": "Test Hub", "types": ["Land"], "abilities": [
        read_line("{T}, Pay {E}: Add one mana of any color.", "Test Hub").ability]}
    s = load_state_data({"turn": {"active_player": "Alice"},
                         "players": {"Alice": {"energy": 1, "battlefield": ["Test Hub"]},
                                     "Bob": {}}, "cards": [hub]})
    a = payment_answer(s, "Alice", "{G}")
    assert a.payable is None and a.verdict != "not payable"  # never a confident no
    assert any("Test Hub" in lo for lo in a.left_out)
