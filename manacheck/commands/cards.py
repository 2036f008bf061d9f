"""``manacheck cards ACTION``: the card pool (``cards search TEXT``, ``cards fetch``).

``cards coverage [FILE]`` measures the oracle-text reader on a card pool (the shipped
one, or a download): mana abilities and activated abilities read, by template, and the
lines it can't read (``manacheck.model.oracletext.coverage``); exit status 0 when issue
12's targets (97% and 90%) are met, 1 when not.

``cards search TEXT`` finds cards by name, type line or rules text: every word of TEXT
must occur (any letter case); ``--in name|type|text`` narrows where. It searches the
built-in cards and the shipped 2022 card pool (its search index, so only the cards found
are made), and ``--cards FILE`` too. Exit status 0 when something matched, 1 when
nothing did.

``cards fetch [--url URL] [--force] [--timeout SECONDS]`` downloads Scryfall's current
oracle-cards bulk file into the user cache directory (``manacheck.model.cardfetch``),
with a progress bar on standard error; ``--cards scryfall`` then reads it.

Notes
-----
Exit status of ``cards fetch``: 0 fetched, or already current; 1 the file could not be
fetched (offline, DNS, a refused connection, an HTTP error, a timeout, a malformed
bulk-data object, a size mismatch, a cache folder that can't be written: a failure, not
bad input); 2 bad input (a ``--url`` that is not http or https, a bad ``--timeout``);
130 interrupted (Ctrl-C), with the part downloaded so far kept for the next run to
resume. Each failure is one line on standard error, never a traceback.

Each action is a subcommand (its own options and ``--help``); another one is one more
``_ACTIONS`` entry and its ``register`` function.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from manacheck.cli import CARDS_HELP, EXIT_NO, EXIT_YES, cards_file, emit

COMMAND = "cards"
HELP = ("the card pool: search by name, type line or rules text (cards search TEXT), "
        "download Scryfall's oracle cards (cards fetch), the reader's coverage (cards "
        "coverage)")

#: The exit status of an interrupted ``cards fetch`` (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def register(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True,
                           parser_class=type(p))
    for name, (help_text, add) in _ACTIONS.items():
        action = sub.add_parser(name, help=help_text, description=help_text)
        # Also after the action (`cards fetch --json`); unset unless given there, so that
        # `cards --json fetch` keeps the command's own --json.
        action.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                            help="print the answer as JSON")
        add(action)


def _register_search(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="+", metavar="TEXT", help="words to look for")
    p.add_argument("--in", dest="field", choices=["any", "name", "type", "text"],
                   default="any", help="where to look (default: anywhere)")
    p.add_argument("--cards", metavar="FILE", type=cards_file, help=CARDS_HELP)
    p.set_defaults(func=handle_search)


def _register_fetch(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", metavar="URL",
                   help="the bulk-data object to read (default: $MANACHECK_SCRYFALL_BULK_URL, "
                   "else https://api.scryfall.com/bulk-data/oracle-cards)")
    p.add_argument("--force", action="store_true",
                   help="download again even when the cached file is current")
    p.add_argument("--timeout", metavar="SECONDS",
                   help="the socket timeout of each request (default: "
                   "$MANACHECK_FETCH_TIMEOUT, else 30)")
    p.set_defaults(func=handle_fetch)


def _register_coverage(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", metavar="FILE", type=cards_file,
                   help="a card download (MTGJSON or Scryfall, as --cards reads; "
                   "'scryfall' for the fetched file); default: the shipped 2022 pool")
    p.add_argument("--top", type=int, default=20, metavar="N",
                   help="how many templates and unread lines to list (default 20)")
    p.set_defaults(func=handle_coverage)


_ACTIONS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "search": ("find cards by name, type line or rules text (every word must occur)",
               _register_search),
    "fetch": ("download Scryfall's current oracle-cards bulk file into the user cache "
              "directory (then --cards scryfall reads it)", _register_fetch),
    "coverage": ("how much of a card pool the oracle-text reader reads: by kind, by "
                 "template, the lines not read", _register_coverage),
}


def handle_coverage(args: argparse.Namespace) -> int:
    """``cards coverage [FILE]``: the reader's coverage (``oracletext.coverage``); exit
    status 0 when both of issue 12's targets are met, 1 when one isn't."""
    from manacheck.model.errors import BadInput
    from manacheck.model.oracletext.coverage import coverage, describe, faces_of, pool_faces

    if args.top < 1:
        raise BadInput(f"--top must be at least 1, not {args.top}")
    if args.file is None:
        source = "the shipped 2022 pool"
        faces = pool_faces()
    else:
        from manacheck.model.cardfiles import collect, read_records

        source = str(args.file)
        faces = faces_of(collect(read_records(args.file, name=source), name=source).cards)
    data = coverage(faces).to_data(args.top)
    data["source"] = source
    m, a = data["mana_cards"], data["activated_abilities"]
    met = bool(m["met"] and a["met"])  # exact: read * 100 >= target * total
    emit(args, data, lambda: describe(data, source))
    return EXIT_YES if met else EXIT_NO


def handle_search(args: argparse.Namespace) -> int:
    from .card import load_db

    db = load_db(args.cards)
    query = " ".join(args.text)
    found = db.search(query, field=args.field)
    data = {"query": query, "in": args.field, "count": len(found),
            "cards": [{"name": c.name, "type_line": c.type_line,
                       "mana_cost": c.mana_cost.text if c.mana_cost else None}
                      for c in found]}

    def text() -> str:
        if not found:
            return f"no card matches '{query}'"
        lines = [f"{len(found)} card(s) match '{query}':"]
        lines += [f"  {c.name}" + (f"  {c.mana_cost}" if c.mana_cost else "")
                  + f" — {c.type_line}" for c in found]
        return "\n".join(lines)

    emit(args, data, text)
    return EXIT_YES if found else EXIT_NO


# ---- cards fetch -------------------------------------------------------------------


def human_size(n: float) -> str:
    """``n`` bytes as people read them: ``512 B``, ``1.5 MiB``."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


class ProgressBar:
    """The download's progress on ``stream``: bytes so far and the total, the percent
    and the rate.

    Notes
    -----
    On a terminal the line is redrawn in place (``\\r``) at most ten times a second;
    elsewhere (a log, a pipe) a plain line is written each time another tenth of the
    file has arrived (one line at the end when the total isn't known), so that a log
    holds at most a dozen lines.
    """

    def __init__(self, stream: TextIO, *, tty: bool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.tty = stream.isatty() if tty is None else tty
        self.clock = clock
        self.started: float | None = None
        self.first = 0
        self.last_draw = -1.0
        self.last_tenth = -1
        self.done = 0
        self.total: int | None = None
        self.drawn = False

    def line(self) -> str:
        """The progress line, as it stands."""
        elapsed = self.clock() - (self.started if self.started is not None else 0.0)
        rate = (self.done - self.first) / elapsed if elapsed > 0 else 0.0
        text = human_size(self.done)
        if self.total:
            text += f" / {human_size(self.total)}  {100 * self.done // self.total:3d}%"
        return f"{text}  {human_size(rate)}/s"

    def __call__(self, done: int, total: int | None) -> None:
        now = self.clock()
        if self.started is None:
            self.started, self.first = now, done
        self.done, self.total = done, total
        if self.tty:
            if now - self.last_draw >= 0.1 or (total is not None and done >= total):
                self.last_draw = now
                self.stream.write("\r" + self.line().ljust(48))
                self.stream.flush()
                self.drawn = True
        elif total:
            tenth = min(10, 10 * done // total)
            if tenth > self.last_tenth and (tenth > 0 or done == 0):
                self.last_tenth = tenth
                self.stream.write(self.line() + "\n")
                self.stream.flush()

    def finish(self) -> None:
        """End the progress output (a newline after a redrawn line)."""
        if self.tty and self.drawn:
            self.stream.write("\r" + self.line().ljust(48) + "\n")
        elif not self.tty and not self.total and self.started is not None:
            self.stream.write(self.line() + "\n")
        self.stream.flush()
        self.drawn = False
        self.started = None


def handle_fetch(args: argparse.Namespace) -> int:
    from manacheck.model.cardfetch import FetchError, fetch, fetched_file

    bar = ProgressBar(sys.stderr)
    try:
        result = fetch(args.url, force=args.force, timeout=args.timeout, progress=bar)
    except FetchError as e:
        bar.finish()
        print(f"error: {e}", file=sys.stderr)
        return EXIT_NO
    except KeyboardInterrupt:
        bar.finish()
        part = fetched_file().with_name(fetched_file().name + ".part")
        print(f"interrupted: what had arrived is kept in {part}; run 'manacheck cards "
              "fetch' again to resume" if part.is_file() and part.stat().st_size else
              "interrupted: nothing was downloaded", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as e:  # the cache folder can't be written
        bar.finish()
        print(f"error: cannot write the download to {e.filename or fetched_file().parent}: "
              f"{e.strerror or e}", file=sys.stderr)
        return EXIT_NO
    bar.finish()

    def text() -> str:
        if result.current:
            return (f"Scryfall oracle cards (updated {result.updated_at}) are already "
                    f"current: {result.path} ({human_size(result.bytes)}); --force "
                    "downloads them again\nuse them with --cards scryfall")
        how = ", resumed" if result.resumed else ""
        return (f"fetched Scryfall oracle cards (updated {result.updated_at}): "
                f"{result.path} ({human_size(result.bytes)}{how})\n"
                "use them with --cards scryfall (or --cards FILE with that path), e.g. "
                "manacheck card 'Llanowar Elves' --cards scryfall")

    emit(args, result.as_json(), text)
    return EXIT_YES
