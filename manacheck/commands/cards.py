"""``manacheck cards search TEXT``: find cards by name, type line or rules text.

Every word of TEXT must occur (any letter case); ``--in name|type|text`` narrows where.
Searches the built-in cards and the shipped 2022 card pool (its search index, so
only the cards found are made), and ``--cards FILE`` too. Exit status 0 when something
matched, 1 when nothing did.
"""

from __future__ import annotations

import argparse

from manacheck.cli import EXIT_NO, EXIT_YES, emit

from .card import load_db

COMMAND = "cards"
HELP = "search the cards by name, type line or rules text (cards search TEXT)"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=["search"], help="what to do (search)")
    p.add_argument("text", nargs="+", metavar="TEXT", help="words to look for")
    p.add_argument("--in", dest="field", choices=["any", "name", "type", "text"],
                   default="any", help="where to look (default: anywhere)")
    p.add_argument("--cards", metavar="FILE",
                   help="extra cards: the card format (YAML, JSON), or an MTGJSON or "
                   "Scryfall download (.json, .gz, .xz, .bz2, .zip)")
    p.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
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
