"""``manacheck validate STATE``: is this a well-formed state file?

Exit status 0 with a one-line summary, or 2 with every problem, one per line, each with
its file, key path and line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from manacheck.cli import CARDS_HELP, EXIT_BAD_INPUT, EXIT_YES, card_note, cards_file, emit
from manacheck.model import GameState, StateFileError
from manacheck.model.english import plural
from manacheck.model.statefile import load_state_with_cards

COMMAND = "validate"
HELP = "check a state file: a one-line summary, or every problem with file, key path, line"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON)")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def summary(state: GameState) -> dict[str, Any]:
    """Counts of what the state holds."""
    return {
        "players": [p.name for p in state.players],
        "active_player": state.turn.active_player,
        "phase": state.turn.phase.value,
        "permanents": len(state.permanents),
        "cards_in_hands": sum(len(p.hand) for p in state.players),
        "cards_in_graveyards": sum(len(p.graveyard) for p in state.players),
        "cards_in_exile": sum(len(p.exile) for p in state.players),
        "cards_in_command_zones": sum(len(p.command) for p in state.players),
        "stack": len(state.stack),
    }


def summary_line(state: GameState, name: str) -> str:
    s = summary(state)
    n = len(s["players"])
    return (f"{name}: valid: {plural(n, 'player')} "
            f"({', '.join(s['players'])}), {plural(s['permanents'], 'permanent')}, "
            f"{plural(s['cards_in_hands'], 'card in hands', 'cards in hands')}, "
            f"{s['stack']} on the stack; "
            f"{s['active_player']}'s turn, {s['phase']}")


def handle(args: argparse.Namespace) -> int:
    try:
        state = load_state_with_cards(args.state, args.cards, note=card_note)
    except StateFileError as e:
        if args.json:
            errors = [{"message": m, "file": loc.file, "path": loc.path, "line": loc.line,
                       "suggestion": sug} for m, loc, sug in e.problems]
            emit(args, {"valid": False, "errors": errors, "summary": None}, "")
        else:
            for line in e.lines():
                print(f"error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    emit(args, {"valid": True, "errors": [], "summary": summary(state)},
         lambda: summary_line(state, args.state))
    return EXIT_YES
