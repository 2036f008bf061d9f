"""State files (YAML or JSON) to a :class:`~manacheck.model.state.GameState` and back.

Every problem is collected, each with its location (file, key path, line), and raised
together as one :class:`~manacheck.model.errors.StateFileError`, in file order. Hostile
input is refused early, with one line, before anything is built (see ``reading``).

The parts, in the order a file goes through them:

- ``reading``: bytes -> text -> plain data with a line for each key path (JSON, YAML),
  within ``MAX_BYTES``, ``MAX_DEPTH`` and ``MAX_NODES``;
- ``problems``: the collector that reports every problem at once;
- ``building``: plain data -> ``GameState`` (top level, turn, references), with
  ``builder`` (ids, card and player references), ``players`` (players, their zones,
  mana pools) and ``stack`` (stack items, continuous effects);
- ``loading``: the entry points (``load_state``, ``load_state_text``, ...);
- ``dumping``: ``GameState`` -> state-file data and text.

Ids (a contract): every object's id is its explicit ``id``, else its card name, with
``#2``, ``#3`` ... for later copies in file order (players in file order, each
player's zones in the order written, then the stack, then ``effects``). Automatic ids
skip ids given explicitly.

``effects:`` (optional) lists continuous effects of resolved spells that still apply
(CR 611.2a), e.g. ``[{card: Pale Moon, controller: Alice}]``: the card's static
abilities are the effect.

Rules
-----
CR 305.9: a land is never a spell on the stack. CR 110.4: instants and sorceries are
never permanents. CR 107.3: only a spell with {X} in its mana cost has a chosen X.
CR 122.1: counters are never negative. CR 405.1: the stack's last entry is on top.
CR 611.2a: continuous effects of resolved spells.
"""

from ..errors import StateFileError
from .builder import MAX_NUMBER
from .building import TOP_KEYS, TURN_KEYS
from .dumping import dump_state, dump_state_text
from .loading import (
    load_card_file,
    load_state,
    load_state_data,
    load_state_text,
    load_state_with_cards,
)
from .players import CARD_KEYS, PERMANENT_KEYS, PLAYER_KEYS
from .reading import MAX_BYTES, MAX_DEPTH, MAX_NODES, Document, parse_bytes
from .stack import EFFECT_KEYS, STACK_KEYS

__all__ = [
    "CARD_KEYS",
    "EFFECT_KEYS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "PERMANENT_KEYS",
    "PLAYER_KEYS",
    "STACK_KEYS",
    "TOP_KEYS",
    "TURN_KEYS",
    "Document",
    "StateFileError",
    "dump_state",
    "dump_state_text",
    "load_card_file",
    "load_state",
    "load_state_data",
    "load_state_text",
    "load_state_with_cards",
    "parse_bytes",
]
