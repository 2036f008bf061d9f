"""``pay --for`` when the state-based actions before priority can't be told (an unread
static on the board that could change them): the answer is "not decided", with the
spell's mana cost shown, exit status 1. Found by porting XMage's
StrixhavenMasteryCardsTest (Witchbane Orb's "You have hexproof." was unread then; it is
read now, so an unread line of a test card stands in for it): before, the answer had no
cost as written and ``pay`` failed with an internal error (exit 3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from manacheck.cli import main

BOARD = """\
turn: {active_player: A, phase: precombat_main}
players:
  A:
    hand: [Baleful Mastery]
    battlefield: [Swamp, Swamp]
  B:
    battlefield: [Goblin Piker, Odd Totem]
cards:
  - name: Odd Totem
    types: [Artifact]
    abilities:
      - static: {kind: other, text: "Creatures may wither at dusk."}
"""


@pytest.mark.cr("117.5", "704.3")
def test_pay_for_with_undecided_state_based_actions(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")
    assert main(["pay", str(path), "--for", "Baleful Mastery"]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("{3}{B}: not decided") and "Odd Totem" in out.out
    assert "internal error" not in out.err
    assert main(["pay", str(path), "--for", "Baleful Mastery", "--json"]) == 1
    assert '"payable": null' in capsys.readouterr().out
