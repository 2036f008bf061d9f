"""A double-faced or adventurer card by its full name, as Scryfall and MTGJSON write it.

CR 712.8a: a double-faced card has its front face's characteristics everywhere but on
the stack cast as its back face (or transformed on the battlefield); CR 715.4: an
adventurer card is its creature except as an Adventure on the stack. So "A // B" names
the front face. A split card is not one of its halves (CR 709.4: in a hand it has both
halves' characteristics combined), so its full name stays unknown, with its halves
suggested.
"""

from __future__ import annotations

import pytest
from manacheck.model import load_state_text
from manacheck.model.errors import UnknownObject
from manacheck.model.pool import default_cards


@pytest.mark.cr("712.8a")
@pytest.mark.parametrize(("full", "front"), [
    ("Garruk Relentless // Garruk, the Veil-Cursed", "Garruk Relentless"),
    ("Valki, God of Lies // Tibalt, Cosmic Impostor", "Valki, God of Lies"),
    ("Bonecrusher Giant // Stomp", "Bonecrusher Giant"),
])
def test_a_full_name_is_the_front_face(full: str, front: str) -> None:
    assert default_cards()[full].name == front


@pytest.mark.cr("709.4")
def test_a_split_cards_full_name_is_not_a_half() -> None:
    with pytest.raises(UnknownObject) as err:
        default_cards()["Grind // Dust"]
    assert "'Grind' or 'Dust'" in str(err.value.suggestion)
    # Two faces that aren't one card's aren't one either.
    assert default_cards().get("Garruk Relentless // Stomp") is None


def test_a_state_file_may_use_the_full_name() -> None:
    s = load_state_text("""
turn: {active_player: A}
players:
  A: {battlefield: [{card: "Bonecrusher Giant // Stomp", id: giant}]}
  B: {}
""")
    assert s.get("giant").card.types == ("Creature",)
