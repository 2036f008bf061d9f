"""Land types set or added by statics read from the pool's text (layer 4).

"Enchanted land is an Island." (Spreading Seas) sets the land's subtype: it loses its
other land types and the abilities of its rules text and has {T}: Add {U} (CR 305.7);
"in addition to its other types" adds (205.1b) and keeps what it had; an Aura attached
to nothing changes nothing (303.4). Each answer is what the permanent could produce
(CR 106.7), derived by hand from those rules.
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.solver.produce import could_produce


def produced(battlefield: str, object_id: str) -> str:
    s = load_state_text("turn: {active_player: A}\nplayers:\n  A:\n    battlefield:\n"
                        + battlefield + "  B: {}\n")
    return "".join(sorted(t.value for t in could_produce(s, object_id)))


@pytest.mark.cr("305.7")
@pytest.mark.parametrize(("land", "aura", "expect"), [
    ("Forest", "Spreading Seas", "U"),
    ("Watery Grave", "Contaminated Ground", "B"),   # loses {U}: its type line's Island
    ("Wastes", "Lush Growth", "GRW"),
    ("Command Tower", "Lingering Mirage", "U"),     # its own ability is gone (305.7)
])
def test_an_aura_that_sets_the_land_type(land: str, aura: str, expect: str) -> None:
    board = (f"      - {{card: {land}, id: land}}\n"
             f"      - {{card: {aura}, attached_to: land}}\n")
    assert produced(board, "land") == expect


@pytest.mark.cr("205.1b")
def test_an_aura_that_adds_every_basic_land_type() -> None:
    board = ("      - {card: Wastes, id: land}\n"
             "      - {card: Nylea's Presence, attached_to: land}\n")
    assert produced(board, "land") == "BCGRUW"


@pytest.mark.cr("303.4")
def test_an_unattached_aura_changes_nothing() -> None:
    board = "      - {card: Forest, id: land}\n      - {card: Spreading Seas}\n"
    assert produced(board, "land") == "G"


@pytest.mark.cr("205.1b", "305.7")
@pytest.mark.parametrize(("source", "land", "expect"), [
    ("Stormtide Leviathan", "Mountain", "RU"),   # All lands are Islands in addition
    ("Glaciers", "Mountain", "W"),               # All Mountains are Plains.
    ("Glaciers", "Forest", "G"),
    ("Magus of the Moon", "Watery Grave", "R"),  # Nonbasic lands are Mountains.
])
def test_board_wide_land_types(source: str, land: str, expect: str) -> None:
    board = f"      - {{card: {source}}}\n      - {{card: {land}, id: land}}\n"
    assert produced(board, "land") == expect
