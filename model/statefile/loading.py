"""Loading state files and card files: the entry points of the ``statefile`` package.

Each reads the text (``reading``), builds what it describes (``building``) and raises
every problem at once as one ``StateFileError`` (``problems``).

Rules
-----
CR 305.9: a land is never a spell on the stack. CR 110.4: instants and sorceries are
never permanents. CR 107.3: only a spell with {X} in its mana cost has a chosen X.
CR 122.1: counters are never negative.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..cards import CardDatabase
from ..pool import default_cards
from ..state import GameState
from .building import build_state, parse_card_list
from .problems import Collector, Problem
from .reading import parse_text, read_file

__all__ = [
    "load_card_file",
    "load_state",
    "load_state_data",
    "load_state_text",
    "load_state_with_cards",
]


def load_state_data(
    data: Any,
    *,
    name: str | None = None,
    lines: Mapping[str, int] | None = None,
    cards: CardDatabase | None = None,
    problems: list[Problem] | None = None,
) -> GameState:
    """Build a :class:`GameState` from already-parsed data (a dict).

    Parameters
    ----------
    data
        The parsed state file.
    name
        The file name, for error locations.
    lines
        Key path -> 1-based line, for error locations.
    cards
        The card database (default: the built-in cards over the shipped card pool,
        ``pool.default_cards``); the file's ``cards:`` extend it.
    problems
        Problems already found while reading the text (e.g. duplicate keys).

    Raises
    ------
    StateFileError
        Listing every problem found, each with its location, in file order.

    Rules
    -----
    CR 305.9: a land is never cast, so it is never a spell on the stack.
    CR 110.4: instants and sorceries can't be on the battlefield.
    CR 107.3: only a spell with {X} in its cost has a chosen X.
    CR 122.1: counters are never negative.
    """
    c = Collector(name, lines or {})
    c.problems.extend(problems or [])
    return build_state(data, c, cards, name)


def load_state_text(text: str, *, name: str = "<text>",
                    cards: CardDatabase | None = None) -> GameState:
    """Load a state from YAML or JSON text (JSON if ``name`` ends in .json or the text
    starts with ``{`` or ``[``).

    Examples
    --------
    >>> state = load_state_text("turn: {active_player: Bob}\\nplayers: {Bob: {}}")
    >>> state.turn.active_player
    'Bob'
    """
    doc = parse_text(text, name)
    return load_state_data(doc.data, name=name, lines=doc.lines, cards=cards,
                           problems=doc.problems)


def load_state(path: str | Path, *, cards: CardDatabase | None = None) -> GameState:
    """Load a state file (YAML, or JSON if it ends in .json).

    Raises
    ------
    StateFileError
        Every problem, each with file, key path and line.
    """
    text = read_file(path)
    doc = parse_text(text, str(path))
    return load_state_data(doc.data, name=str(path), lines=doc.lines, cards=cards,
                           problems=doc.problems)


def load_card_file(path: str | Path, base: CardDatabase | None = None, *,
                   note: Callable[[str], None] | None = None) -> CardDatabase:
    """The card database extended with the card definitions in ``path``.

    The file is a list of cards in the built-in card format (or ``{cards: [...]}``),
    read with the same limits as state files; or a card download (MTGJSON, Scryfall;
    told from its content, see ``manacheck.model.usercards``), whose cards are added
    where the built-in cards don't have them, and ``note`` gets one line on what was
    read and skipped.

    Raises
    ------
    StateFileError
        Every bad card, each with file, key path and line.
    BadInput
        One line, for a download that can't be read.
    """
    from ..cardfiles import detect

    if detect(path) is not None:
        from ..usercards import load_download

        return load_download(path, base if base is not None else default_cards(), note=note)
    name = str(path)
    doc = parse_text(read_file(path), name)
    c = Collector(name, doc.lines)
    c.problems.extend(doc.problems)
    extra = parse_card_list(doc.data, "", c)
    if c.problems:
        raise c.fail()
    return (base if base is not None else default_cards()).extended(extra)


def load_state_with_cards(path: str | Path, cards_file: str | Path | None = None, *,
                          note: Callable[[str], None] | None = None) -> GameState:
    """Load a state file, with extra card definitions from ``cards_file`` (``--cards``).

    Cards defined in the state file's own ``cards:`` override both the built-in cards
    and ``cards_file``.

    Raises
    ------
    StateFileError
        Every problem of the card file, or else of the state file.
    """
    db = load_card_file(cards_file, note=note) if cards_file else None
    return load_state(path, cards=db)
