"""The command-line tool: a thin shell over the Python API.

Each command lives in ``manacheck/commands/<name>.py`` and defines ``COMMAND`` (its
name), ``HELP`` and ``register(parser)`` that adds its arguments and sets
``func(args) -> int``. Exit status everywhere: 0 yes (legal, payable, valid), 1 a
well-formed "no" (and a file that could not be fetched, ``cards fetch``), 2 bad input
or usage, 3 an internal error (a bug); ``cards fetch`` interrupted with Ctrl-C is 130.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from manacheck.model import CR_VERSION, ManacheckError, StateFileError

__all__ = ["CARDS_HELP", "EXIT_BAD_INPUT", "EXIT_INTERNAL", "EXIT_NO", "EXIT_YES", "Reply",
           "card_note", "cards_file", "emit", "emit_reply", "main", "reason_lines",
           "reason_refs", "reasons_data", "run", "write"]

EXIT_YES = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

#: The help of every command's ``--cards FILE``.
CARDS_HELP = ("extra cards: the card format (YAML, JSON), an MTGJSON or Scryfall download "
              "(.json, .gz, .xz, .bz2, .zip), or 'scryfall' for the file that 'manacheck "
              "cards fetch' downloaded (./scryfall is a file of that name)")


def cards_file(value: str) -> str:
    """The ``type`` of every ``--cards`` option: the file ``value`` names (the fetched
    oracle-cards file for the reserved word ``scryfall``, see
    ``manacheck.model.cardfetch.resolve_cards_path``); a usage error, one line and exit
    status 2, when ``scryfall`` is given and nothing has been fetched."""
    if value != "scryfall":
        return value
    from manacheck.model.cardfetch import resolve_cards_path

    try:
        return resolve_cards_path(value)
    except ManacheckError as e:
        raise argparse.ArgumentTypeError(e.one_line()) from None


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


class _UsageError(Exception):
    pass


def order_note(state: Any) -> str | None:
    """One line when the answer rests on the order of type-changing effects that the
    state file fixes only by their places in it (CR 613.7)."""
    from manacheck.model.characteristics import order_sensitive

    pairs = order_sensitive(state)
    if not pairs:
        return None
    named = "; ".join(f"{a} before {b}" for a, b in pairs)
    return (f"note: this rests on the timestamp order (CR 613.7) {named}, taken from their "
            "places in the state file; give them 'timestamp' keys to fix another order")


def same_name_note(state: Any, object_id: str | None) -> str | None:
    """One line when ``object_id`` is a card name that other objects share: the answer
    is about the object with that exact id, and the others have ids of their own."""
    if object_id is None:
        return None
    others = state.same_name(object_id)
    if not others:
        return None
    def where(zone: str) -> str:
        return f"on the {zone}" if zone in ("battlefield", "stack") else f"in the {zone}"

    return (f"note: '{object_id}' is the object with that id ({where(state.zone_of(object_id))}"
            "); " + ", ".join(f"{oid} is the one {where(z)}" for oid, z in others)
            + " (use its id to ask about it)")


def reason_refs(ids: Sequence[int]) -> str:
    """References to an answer's shared reasons: ``#1-#3, #5``."""
    parts: list[str] = []
    run: list[int] = []
    for i in sorted(ids):
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if run:
            parts.append(f"#{run[0]}" if len(run) == 1 else f"#{run[0]}-#{run[-1]}")
        run = [i]
    if run:
        parts.append(f"#{run[0]}" if len(run) == 1 else f"#{run[0]}-#{run[-1]}")
    return ", ".join(parts)


def reason_lines(reasons: Sequence[Any]) -> list[str]:
    """An answer's shared reasons, once each, numbered from 1 as its rows refer to
    them (``manacheck.solver.soundness.shared_reasons``)."""
    if not reasons:
        return []
    return ["not decided because:", *(f"  #{i} {u}" for i, u in enumerate(reasons, 1))]


def reasons_data(reasons: Sequence[Any]) -> list[dict[str, Any]]:
    """The shared reasons as JSON, each with its ``id`` (1, 2, ...), which the rows'
    ``undecided_ids`` name."""
    return [{"id": i, **u.to_data()} for i, u in enumerate(reasons, 1)]


def emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str]) -> None:
    """Print ``data`` as JSON with --json, else the human-readable text."""
    if getattr(args, "json", False):
        write(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        write(text() if callable(text) else text)


@dataclass(frozen=True)
class Reply:
    """A question's answer as a command gives it: ``data`` (what ``--json`` prints),
    ``text`` (made only when it is printed) and the exit status. The web page
    (``manacheck.web``) shows the same reply the command prints."""

    data: Any
    text: Callable[[], str]
    status: int


def emit_reply(args: argparse.Namespace, reply: Reply) -> int:
    """Print ``reply`` (as :func:`emit`) and return its exit status."""
    emit(args, reply.data, reply.text)
    return reply.status


def card_note(text: str) -> None:
    """One line on standard error, ``note: TEXT`` (what was read from a card file)."""
    print(f"note: {text}", file=sys.stderr)


def write(text: str) -> None:
    """Print ``text`` to standard output; a reader that has gone (``| head -1``) is fine.

    The answer's exit status must not depend on when the reader closed the pipe, so a
    closed pipe only sends the rest of the output to the null device (as Python's own
    docs advise for SIGPIPE); the command goes on and returns its status as usual.
    """
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()


def _discard_stdout() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a captured stream)
        pass
    finally:
        os.close(devnull)


# Every command, its module and its one-line help, so that the parser can be built without
# importing any command module (and the solvers they import) but the chosen one. A test
# keeps this table equal to each module's COMMAND and HELP.
COMMANDS: dict[str, tuple[str, str]] = {
    "abilities": ("abilities",
                  "list every activated ability a player could consider, each with its verdict"),
    "can-activate": ("can_activate", "may a player activate an object's ability now? every "
                     "reason, a witness, fixes"),
    "card": ("card", "print a card's definition (built-in, the 2022 pool, or from --cards FILE)"),
    "cards": ("cards", "the card pool: search by name, type line or rules text (cards search "
              "TEXT), download Scryfall's oracle cards (cards fetch), the reader's coverage "
              "(cards coverage)"),
    "parse": ("parse", "read oracle text with the grammar: the card-format data and its "
              "rendering, or the sentence not read"),
    "pay": ("pay", "list and count every distinct way to pay a mana cost (CR 601.2g-h)"),
    "produce": ("produce", "what mana types each permanent could produce now (CR 106.7)"),
    "report": ("report", "edge-case reports: where a card's answers flip, with its rulings "
               "(HTML, Markdown, JSON)"),
    "resolve": ("resolve", "play out the events: state-based actions, triggers, resolution "
                "(CR 603, 608, 704)"),
    "schema": ("schema", "print the JSON Schema of state files"),
    "serve": ("serve", "a local web page: build a board from card names and ask the four "
              "questions"),
    "show": ("show", "print the board: players, zones with ids, the stack (top first), the turn"),
    "vectors": ("vectors", "check published test vectors: ask each again (vectors verify "
                "FILE)"),
    "validate": ("validate", "check a state file: a one-line summary, or every problem with "
                 "file, key path, line"),
}


def _chosen_command(argv: Sequence[str] | None) -> str | None:
    """The command ``argv`` names (its first argument that is not an option), if any."""
    for arg in argv if argv is not None else sys.argv[1:]:
        if not arg.startswith("-"):
            return arg
    return None


def build_parser(argv: Sequence[str] | None = None, *,
                 everything: bool = True) -> argparse.ArgumentParser:
    """The parser of the whole tool.

    With ``everything`` false, only the command that ``argv`` names gets its arguments
    (and its module imported), and the others are left out (nothing shows them then:
    its usage errors are its own); with no command named, or an unknown one, the others
    are listed with their help, which is all that ``manacheck --help`` and a usage
    error show of them.
    """
    parser = _Parser(
        prog="manacheck",
        description="Exact answers to Magic: The Gathering rules questions about mana and "
        f"activated abilities (Comprehensive Rules {CR_VERSION}).",
    )
    parser.add_argument("--version", action="version", version="manacheck 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    chosen = None if everything else _chosen_command(argv)
    for command in sorted(COMMANDS, key=lambda c: COMMANDS[c][0]):
        if not everything and chosen in COMMANDS and command != chosen:
            continue  # (a parser for each costs start-up time: none is shown)
        module, help_text = COMMANDS[command]
        p = sub.add_parser(command, help=help_text, description=help_text)
        p.add_argument("--json", action="store_true", help="print the answer as JSON")
        if everything or command == chosen:
            importlib.import_module(f"manacheck.commands.{module}").register(p)
    return parser


def _say_not_decided(args: argparse.Namespace | None, e: ManacheckError) -> None:
    """The answer of a command that met a question it couldn't decide (a
    ``manacheck.solver.NotDecided`` that the command didn't turn into its own answer):
    "not decided" and why, on standard output (exit status 1, never 2)."""
    why = e.one_line()
    if args is not None and getattr(args, "json", False):
        write(json.dumps({"decided": False, "not_decided": why}, indent=2,
                         ensure_ascii=False))
    else:
        write(f"not decided: {why}")


def main(argv: Sequence[str] | None = None, *, one_shot: bool = False) -> int:
    """Run the CLI with ``argv``; return the exit status (never raises for bad input).

    A question the solver couldn't decide (``NotDecided``, a spent search budget) is an
    answer, "not decided", with exit status 1; 2 is for bad input only. ``one_shot``
    (the console script: one command, then the process ends): once the command's
    modules are loaded, everything made so far is left out of the garbage collector's
    later passes (``gc.freeze``), which then walk only what the command makes."""
    args: argparse.Namespace | None = None
    try:
        parser = build_parser(argv, everything=False)
        if one_shot:
            gc.freeze()
        args = parser.parse_args(list(argv) if argv is not None else None)
        if not getattr(args, "command", None):
            write(parser.format_help().rstrip("\n"))
            return EXIT_BAD_INPUT
        result: int = args.func(args)
        return result
    except _UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except StateFileError as e:
        for line in e.lines():
            print(f"error: {line}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ManacheckError as e:
        if e.not_decided:  # a spent search budget or the like: an answer, never exit 2
            _say_not_decided(args, e)
            return EXIT_NO
        print(f"error: {e.one_line()}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecursionError:
        print("error: input nested too deeply", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # output outside write(): only argparse's -h and --version (0)
        _discard_stdout()
        return EXIT_YES
    except Exception as e:  # a bug in manacheck: one line, never a traceback
        print(f"internal error (please report it): {type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL


def run() -> None:
    """Console-script entry point."""
    status = main(one_shot=True)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
    sys.exit(status)
