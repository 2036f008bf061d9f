"""``manacheck resolve STATE [--all-choices] [--json]``: play out the state file's events.

Prints each event, the state-based actions it causes (CR 704), the abilities it
triggers (CR 603) and their resolution, each line with rule numbers, then the resulting
state as a state file (so it can be fed back in). By default it stops at the first
choice the file leaves open and lists the options (exit status 1: the outcome isn't
determined yet); ``--all-choices`` plays out every combination and prints each distinct
outcome once (exit status 0). A board that needs an effect the solver doesn't model:
"not decided", naming it, exit status 1. Bad events: one line naming the event, exit
status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from manacheck.cli import (
    CARDS_HELP,
    EXIT_NO,
    EXIT_YES,
    Reply,
    card_note,
    cards_file,
    emit_reply,
)
from manacheck.model import GameState
from manacheck.model.statefile import load_state_with_cards, parse_bytes
from manacheck.solver.resolution import MAX_OUTCOMES, Outcome, outcomes, resolve

COMMAND = "resolve"
HELP = "play out the events: state-based actions, triggers, resolution (CR 603, 608, 704)"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("state", metavar="STATE", help="state file (YAML or JSON) with events:")
    p.add_argument("--all-choices", action="store_true",
                   help="play out every combination of the choices the file leaves open")
    p.add_argument("--limit", type=int, default=MAX_OUTCOMES,
                   help=f"with --all-choices, at most this many runs (default {MAX_OUTCOMES})")
    p.add_argument("--cards", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.set_defaults(func=handle)


def _input_cards(path: str) -> list[dict[str, Any]]:
    """The state file's own ``cards:`` entries, to copy into the printed result."""
    with open(path, "rb") as fh:
        doc = parse_bytes(fh.read(), path)
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    return [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []


def _outcome_text(o: Outcome, extra: list[dict[str, Any]]) -> list[str]:
    lines = [o.log_text()] if o.log else ["(no events)"]
    if o.stopped:
        lines.append(f"STOPPED: {o.stopped}")
    if o.open_choice is not None:
        ch = o.open_choice
        rules = f"  [CR {', '.join(ch.rules)}]" if ch.rules else ""
        lines.append(f"OPEN CHOICE for {ch.player}: {ch.prompt}{rules}")
        for x in ch.options:
            lines.append(f"  - {x}    (event: {json.dumps(ch.choose_event(x))})")
        lines.append("(stopped here; add a choose event, or use --all-choices)")
        if o.pending:
            lines.append("triggered abilities waiting to go on the stack (not in the state "
                         "below): " + "; ".join(o.pending))
        lines.append("state so far:")
    else:
        lines.append("resulting state:")
    lines.append(o.state_text(extra).rstrip())
    return lines


def handle(args: argparse.Namespace) -> int:

    state = load_state_with_cards(args.state, args.cards, note=card_note)
    return emit_reply(args, reply(state, _input_cards(args.state),
                                  all_choices=args.all_choices, limit=args.limit))


def reply(state: GameState, extra: list[dict[str, Any]], *, all_choices: bool = False,
          limit: int = MAX_OUTCOMES) -> Reply:
    """The command's answer for ``state`` (``extra``: the state file's own ``cards:``,
    copied into the printed result): its JSON, its text and its exit status (the web
    page shows the same, ``manacheck.web``)."""
    from manacheck.solver.resolution import Unsupported

    try:
        return _answer(state, extra, all_choices, limit)
    except Unsupported as e:
        # An effect the solver doesn't model is not bad input: the outcome is not
        # decided (exit status 1), and the answer names the effect.
        why = e.one_line()
        return Reply({"decided": False, "not_decided": why}, lambda: f"not decided: {why}",
                     EXIT_NO)


def _answer(state: GameState, extra: list[dict[str, Any]], all_choices: bool,
            limit: int) -> Reply:
    if all_choices:
        outs = outcomes(state, limit=max(1, limit))
        data = {"outcomes": [o.to_data(extra) for o in outs]}

        def text() -> str:
            done = [o for o in outs if o.open_choice is None]
            lines = [f"{len(done)} distinct outcome(s)"]
            if any(o.stopped for o in outs):
                lines[0] += " (INCOMPLETE: " + "; ".join(
                    sorted({o.stopped for o in outs if o.stopped})) + ")"
            for i, o in enumerate(outs, 1):
                made = "; ".join(f"{c}: {a}" for c, a in o.choices) or "no open choices"
                lines.append(f"=== outcome {i} ({made})")
                lines.extend(_outcome_text(o, extra))
            return "\n".join(lines)

        return Reply(data, text, EXIT_YES)
    out = resolve(state)
    return Reply(out.to_data(extra), lambda: "\n".join(_outcome_text(out, extra)),
                 EXIT_YES if out.complete else EXIT_NO)
