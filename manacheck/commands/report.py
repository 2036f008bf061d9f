"""``manacheck report CARD [CARD ...] | --state FILE | --all``: edge-case reports.

For each card (or each object of a state file with an activated ability): the boards
on which an answer flips, each with its state, command, answer, deciding rules and the
smallest change that flips it back, and each official ruling with the cases that show
it (:mod:`manacheck.solver.reports`). ``-o FILE`` writes it as HTML (``.html``),
Markdown (``.md``) or JSON (``.json``); ``--vectors FILE`` writes its test vectors
(check them later with ``manacheck vectors verify FILE``). ``--all -o DIR`` reports
on every card (built-in, or of ``--cards FILE``) on Dask distributed: a local cluster
by default, ``--scheduler ADDRESS`` for an existing one; it resumes where it stopped.

Exit status 0 when the report is written, 2 for bad input (an unknown card, a bad
state or card file, a bad output name).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from pathlib import Path
from typing import Any

from manacheck.cli import CARDS_HELP, EXIT_YES, cards_file, emit, write
from manacheck.model.errors import BadInput

COMMAND = "report"
HELP = "edge-case reports: where a card's answers flip, with its rulings (HTML, Markdown, JSON)"

_FORMATS = (".html", ".md", ".json")


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("cards", metavar="CARD", nargs="*", help="card names")
    p.add_argument("--state", metavar="FILE", help="report around every object of a state file")
    p.add_argument("--all", action="store_true",
                   help="every card (built-in, or of --cards FILE) into the folder -o DIR")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the report: .html, .md or .json (with --all: a folder)")
    p.add_argument("--vectors", metavar="FILE", help="also write its test vectors (JSON)")
    p.add_argument("--cards", dest="cards_file", metavar="FILE", type=cards_file,
                   help=CARDS_HELP)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --all: a Dask scheduler (tcp://host:port); default: a local "
                   "cluster")
    p.add_argument("--workers", type=_positive, metavar="N",
                   help="with --all and no --scheduler: local workers (default: CPUs)")
    p.add_argument("--limit", type=_positive, metavar="N",
                   help="with --all: the first N cards")
    p.set_defaults(func=handle)


def _positive(text: str) -> int:
    """A whole number of at least 1 (argparse reports anything else in one line)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


def _write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all; a path that can't be written is
    bad input (one line naming it)."""
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise BadInput(f"{path}: can't write it ({e.strerror or e})") from None


def _check_output(path: str | None) -> None:
    if path is not None and Path(path).suffix.lower() not in _FORMATS:
        raise BadInput(f"-o {path}: unknown report format '{Path(path).suffix or path}'",
                       suggestion="use a name ending in .html, .md or .json")


def write_report(report: dict[str, Any], path: str) -> None:
    """Write ``report`` as HTML, Markdown or JSON, by the name's ending (atomically)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".html":
        from manacheck.solver.reports.render_html import render_html

        text = render_html(report)
    elif suffix == ".md":
        from manacheck.solver.reports.render_md import render_markdown

        text = render_markdown(report)
    else:
        text = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
    _write(path, text)


def report_text(report: dict[str, Any]) -> str:
    """The report in a few lines per card: its cases, surprising ones marked '!'."""
    lines: list[str] = []
    for card in report["cards"]:
        cases = [c for c in card["cases"] if c["kind"] != "base"]
        matched = sum(1 for r in card["rulings"] if r["cases"])
        lines.append(f"{card['name']}: {len(cases)} case(s), "
                     f"{sum(c['surprising'] for c in cases)} surprising; rulings shown "
                     f"{matched}/{len(card['rulings'])}")
        for c in cases:
            mark = "!" if c["surprising"] else "-"
            rules = f"  [CR {', '.join(c['rules'][:6])}]" if c["rules"] else ""
            lines.append(f"  {mark} {c['title']}: {c['answer']['summary']}{rules}")
        for r in card["rulings"]:
            if not r["cases"]:
                lines.append(f"  ruling {r['date'] or r.get('source', '')}: no case "
                             f"({r['reason_kind']}): {r['text'][:70]}...")
        lines.extend(f"  note: {n}" for n in card["notes"])
    t = report["totals"]
    lines.append(f"{t['cards']} card(s), {t['cases']} case(s), rulings shown "
                 f"{t['rulings_matched']}/{t['rulings']}")
    return "\n".join(lines)


def handle(args: argparse.Namespace) -> int:
    from manacheck.solver.reports.report import cards_report, state_report, vectors

    if args.all:
        return _handle_all(args)
    if bool(args.cards) == bool(args.state):
        raise BadInput("report: name one or more cards, or --state FILE (not both)",
                       suggestion="manacheck report 'The Ozolith' -o ozolith.html")
    _check_output(args.output)
    if args.state:
        from manacheck.model.statefile import load_state_with_cards

        state = load_state_with_cards(args.state, args.cards_file)
        report = state_report(state, args.state)
    else:
        report = cards_report(args.cards, cards_file=args.cards_file)
    if args.output:
        write_report(report, args.output)
    if args.vectors:
        _write(args.vectors, json.dumps(vectors(report), indent=1, ensure_ascii=False) + "\n")
    if args.output and not args.json:
        t = report["totals"]
        write(f"wrote {args.output}: {t['cards']} card(s), {t['cases']} case(s), "
              f"rulings shown {t['rulings_matched']}/{t['rulings']}")
    else:
        emit(args, report, lambda: report_text(report))
    return EXIT_YES


def _handle_all(args: argparse.Namespace) -> int:
    if not args.output:
        raise BadInput("report --all needs -o DIR: the folder to write the reports into")
    if args.cards or args.state:
        raise BadInput("report --all takes no card names and no --state")
    from manacheck.solver.reports.pool import pool_names, run_pool
    from manacheck.solver.reports.poolfiles import card_as_report
    from manacheck.solver.reports.render_html import render_html, render_index_html

    names = pool_names(args.cards_file)
    if args.limit is not None:
        names = names[:args.limit]

    def page(card: dict[str, Any]) -> str:
        return render_html(card_as_report(card, cards_file=args.cards_file))

    try:
        os.makedirs(args.output, exist_ok=True)
    except OSError as e:
        raise BadInput(f"-o {args.output}: can't make the folder ({e.strerror or e})") from None
    try:
        summary = run_pool(names, args.output, cards_file=args.cards_file,
                           scheduler=args.scheduler, workers=args.workers, render=page,
                           render_index=render_index_html)
    except OSError as e:
        if args.scheduler:  # distributed's connection errors are OSErrors
            raise BadInput(f"--scheduler {args.scheduler}: can't reach it ({e})") from None
        raise BadInput(f"-o {args.output}: can't write the reports ({e})") from None
    emit(args, summary.to_data(), lambda: str(summary))
    return EXIT_YES
