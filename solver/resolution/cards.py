"""Cards the resolution solver makes itself: the drawn ``Unknown Card`` and tokens.

A drawn card's identity isn't part of the state (it knows the library's size, not its
cards), so a draw puts an ``Unknown Card`` into the hand. Tokens an effect creates are
defined here (``TOKENS``, by the name an effect's ``token`` parameter gives).
``SYNTHETIC_CARDS`` pairs each definition with its card data, which
:func:`~manacheck.solver.resolution.outcome.state_text` writes into a resulting state
file whose cards the built-in card data doesn't have.

Rules
-----
CR 121.1, 401.2: a player draws the top card of their library, a hidden zone.
CR 111.1, 111.4: an effect creates a token; the effect sets its name, subtypes and
characteristics (Hangarback Walker's 1/1 colorless Thopter artifact creature token with
flying).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from manacheck.model import CardDefinition

__all__ = ["SYNTHETIC_CARDS", "THOPTER", "TOKENS", "UNKNOWN_CARD"]

#: A card drawn from the library: the state knows the library's size, not its cards.
UNKNOWN_CARD = CardDefinition(name="Unknown Card", types=(),
                              text="A card drawn from the library; its identity isn't "
                                   "part of the state.")
#: Hangarback Walker's Thopter token.
THOPTER = CardDefinition(name="Thopter", types=("Artifact", "Creature"),
                         subtypes=("Thopter",), power=1, toughness=1, keywords=("Flying",),
                         text="A 1/1 colorless Thopter artifact creature token with flying.")
SYNTHETIC_CARDS: Mapping[str, tuple[CardDefinition, dict[str, Any]]] = {
    "Unknown Card": (UNKNOWN_CARD, {"name": "Unknown Card", "types": [],
                                    "text": UNKNOWN_CARD.text}),
    "Thopter": (THOPTER, {"name": "Thopter", "types": ["Artifact", "Creature"],
                          "subtypes": ["Thopter"], "power": 1, "toughness": 1,
                          "keywords": ["Flying"], "text": THOPTER.text}),
}
TOKENS = {"Thopter": THOPTER}
