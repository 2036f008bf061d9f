"""manacheck.model: the game as data and the rules' meaning of it. No searching here.

Rules
-----
Every rule number in this package was checked against the Comprehensive Rules
effective 2026-01-16 (``CR_VERSION``).
"""

from .abilities import (
    ActivatedAbility,
    Condition,
    CostKind,
    CostPart,
    Effect,
    ManaProduction,
    ManaProductionKind,
    ManaReplacement,
    ObjectFilter,
    SpendRestriction,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
    Zone,
)
from .carddata import builtin_cards, parse_card, parse_cards
from .cards import CardDatabase, CardDefinition
from .characteristics import Characteristics, effective, matches, object_characteristics
from .errors import (
    AmbiguousInput,
    BadInput,
    CardDataError,
    IllegalAction,
    ManacheckError,
    ManaSyntaxError,
    StateFileError,
    UnknownObject,
)
from .mana import COLORS, MANA_TYPES, ManaCost, ManaPool, ManaSymbol, ManaType, PoolMana, SymbolKind
from .pool import default_cards
from .state import (
    CR_VERSION,
    Card,
    Counters,
    GameState,
    Permanent,
    Phase,
    Player,
    StackItem,
    Turn,
)
from .statefile import dump_state, dump_state_text, load_state, load_state_data, load_state_text

__all__ = [
    "COLORS",
    "CR_VERSION",
    "MANA_TYPES",
    "ActivatedAbility",
    "AmbiguousInput",
    "BadInput",
    "Card",
    "CardDataError",
    "CardDatabase",
    "CardDefinition",
    "Characteristics",
    "Condition",
    "CostKind",
    "CostPart",
    "Counters",
    "Effect",
    "GameState",
    "IllegalAction",
    "ManaCost",
    "ManaPool",
    "ManaProduction",
    "ManaProductionKind",
    "ManaReplacement",
    "ManaSymbol",
    "ManaSyntaxError",
    "ManaType",
    "ManacheckError",
    "ObjectFilter",
    "Permanent",
    "Phase",
    "Player",
    "PoolMana",
    "SpendRestriction",
    "StackItem",
    "StateFileError",
    "StaticAbility",
    "SymbolKind",
    "TargetSpec",
    "TriggeredAbility",
    "Turn",
    "UnknownObject",
    "Zone",
    "builtin_cards",
    "default_cards",
    "dump_state",
    "dump_state_text",
    "effective",
    "load_state",
    "load_state_data",
    "load_state_text",
    "matches",
    "object_characteristics",
    "parse_card",
    "parse_cards",
]
