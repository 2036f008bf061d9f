"""Keywords granted by statics read from the pool's text, applied in layer 6.

"Equipped creature has shroud and haste." (Lightning Greaves), "Equipped creature has
hexproof and haste." (Swiftfoot Boots), "Artifact creatures you control have haste."
(Thopter Engineer): the keywords are the affected objects' own from layer 6 on (CR
613.1f), so haste lets a creature's {T} abilities be activated the turn it came under
its controller's control (CR 302.6, 702.10), and shroud and hexproof stop targets (CR
702.18a, 702.11b). Each verdict is derived by hand from those rules; none rests on the
grant being left "not decided".
"""

from __future__ import annotations

import pytest
from manacheck.model import GameState, load_state_text
from manacheck.solver.activation import can_activate


def board(mine: str, theirs: str = "", active: str = "A") -> GameState:
    return load_state_text(f"""
turn: {{active_player: {active}}}
players:
  A:
    battlefield:
{mine}
  B:
    battlefield:
{theirs or "      []"}
""")


def verdict(state: GameState, object_id: str, player: str = "A") -> bool | None:
    return can_activate(state, object_id, 1, player, count_ways=False,
                        find_fixes=False).legal


SICK_ELF = "      - {card: Llanowar Elves, id: elf, summoning_sick: true}\n"


@pytest.mark.cr("302.6", "702.10")
@pytest.mark.parametrize("equipment", ["Lightning Greaves", "Swiftfoot Boots"])
def test_equipped_haste_lets_a_new_creature_tap(equipment: str) -> None:
    s = board(SICK_ELF + f"      - {{card: {equipment}, attached_to: elf}}\n"
              "      - {card: Llanowar Elves, id: other, summoning_sick: true}\n")
    assert verdict(s, "elf") is True
    # The other new Elf isn't equipped: no haste, a definite no (CR 302.6).
    assert verdict(s, "other") is False


@pytest.mark.cr("301.5", "302.6")
def test_equipment_attached_to_nothing_grants_nothing() -> None:
    s = board(SICK_ELF + "      - {card: Lightning Greaves}\n")
    assert verdict(s, "elf") is False


@pytest.mark.cr("302.6", "702.10")
def test_thopter_engineer_hastes_only_artifact_creatures() -> None:
    s = board("      - {card: Thopter Engineer}\n"
              "      - {card: Palladium Myr, id: myr, summoning_sick: true}\n" + SICK_ELF)
    assert verdict(s, "myr") is True
    assert verdict(s, "elf") is False


@pytest.mark.cr("115.4", "702.18a", "702.11b")
@pytest.mark.parametrize(("equipment", "mine_legal", "theirs_legal"), [
    # Shroud: no player's spell or ability may target it; hexproof: no opponent's.
    ("Lightning Greaves", False, False),
    ("Swiftfoot Boots", True, False),
])
def test_granted_shroud_and_hexproof_stop_targets(equipment: str, mine_legal: bool,
                                                 theirs_legal: bool) -> None:
    # Royal Assassin: "{T}: Destroy target tapped creature." Alice's tapped Hill Giant
    # wears the Equipment; it is the only tapped creature.
    mine = ("      - {card: Royal Assassin, id: mine}\n"
            "      - {card: Hill Giant, id: giant, tapped: true}\n"
            f"      - {{card: {equipment}, attached_to: giant}}\n")
    theirs = "      - {card: Royal Assassin, id: theirs}\n"
    assert verdict(board(mine, theirs), "mine") is mine_legal
    assert verdict(board(mine, theirs, active="B"), "theirs", "B") is theirs_legal
