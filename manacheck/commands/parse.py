"""``manacheck parse "ORACLE TEXT" [--name NAME] [--type-line LINE]``: what the reader
makes of oracle text.

Each line of the text is shown with its status: ``read`` (every part derived, and the
card-format data renders back to the line, after the normalisation of
``manacheck.model.oracletext.normal``), ``partial`` (an activated ability whose cost,
timing, restrictions and targets are read, with effect sentences kept unread), a
keyword, or ``unread`` with the exact reason or sentence. ``--json`` prints the card
format data of each line. Exit status 0 when every line is read, 1 when one isn't.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from manacheck.cli import EXIT_NO, EXIT_YES, emit

COMMAND = "parse"
HELP = "read oracle text with the grammar: the card-format data and its rendering, or " \
    "the sentence not read"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", metavar="TEXT", help="oracle text (lines separated by newlines "
                   "or by ' \\n ')")
    p.add_argument("--name", default="", help="the card's name (its text may use it)")
    p.add_argument("--type-line", default="", metavar="LINE",
                   help="the type line (basic land types give intrinsic mana abilities, "
                   "and their reminder text is checked against them)")
    p.set_defaults(func=handle)


def read_lines(text: str, name: str, type_line: str) -> list[dict[str, Any]]:
    """One entry per non-empty line: status, the ability data or keywords, the
    rendering, and why a line isn't read."""
    from manacheck.model.cardfiles import TYPE_LINE_SUPERTYPES, split_type_line
    from manacheck.model.cardformat import suggest
    from manacheck.model.cards import CARD_TYPES
    from manacheck.model.errors import BadInput
    from manacheck.model.oracle import read_text
    from manacheck.model.oracletext import read_line

    known = CARD_TYPES | TYPE_LINE_SUPERTYPES
    for word in type_line.partition(" — ")[0].split():
        if word not in known:  # CR 205.1: supertypes and card types before the dash
            raise BadInput(f"--type-line: '{word}' is not a card type or supertype "
                           "(CR 205.2a, 205.4a)", suggestion=suggest(word, known))
    subtypes = split_type_line(type_line)[2] if type_line else ()
    out: list[dict[str, Any]] = []
    for line in (s.strip() for s in text.replace("\\n", "\n").split("\n")):
        if not line:
            continue
        r = read_line(line, name)
        row: dict[str, Any] = {"line": line, "normalised": r.normalised}
        if r.ability is not None:
            row.update(status=r.status, mana_ability=r.mana, template=r.template,
                       ability=r.ability, rendered=r.rendered)
            if r.unread:
                row["unread"] = list(r.unread)
        else:
            abilities, keywords, unread = read_text(name, line, subtypes)
            if unread:
                row.update(status="unread", why=r.why if r.why != "not an activated "
                           "ability" else "no template reads it", rendered=r.rendered)
            elif keywords:
                row.update(status="read", keywords=keywords)
            else:
                row.update(status="read", ability=abilities[0] if abilities else None,
                           note="read by the line templates of model/oracle.py"
                           if abilities else "reminder text of the basic land types "
                           "(CR 305.6), checked against the type line")
        out.append(row)
    return out


def handle(args: argparse.Namespace) -> int:
    rows = read_lines(args.text, args.name, args.type_line)
    ok = all(r["status"] == "read" for r in rows)
    data = {"name": args.name, "type_line": args.type_line, "read": ok, "lines": rows}

    def text() -> str:
        lines: list[str] = []
        for r in rows:
            lines.append(f"{r['status']}: {r['line']}")
            if "ability" in r and r["ability"] is not None:
                lines.append("  data: " + json.dumps(r["ability"], ensure_ascii=False))
            if "keywords" in r:
                lines.append("  keywords: " + ", ".join(r["keywords"]))
            if r.get("rendered") and r["status"] != "unread":
                lines.append("  renders as: " + r["rendered"])
            for s in r.get("unread", []):
                lines.append(f"  effect kept unread: {s}")
            if r["status"] == "unread":
                lines.append(f"  why: {r['why']}")
        return "\n".join(lines) if lines else "no text"

    emit(args, data, text)
    return EXIT_YES if ok else EXIT_NO
