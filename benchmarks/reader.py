"""Benchmark: reading the whole 2022 card pool with the oracle-text grammar (issue 12).

Run: ``python benchmarks/reader.py [--sample N]``.

* the whole pool (``reference/cards/AtomicCards-2022-04.json.xz``) through
  ``usercards.read_download``, the path ``--cards`` and the shipped pool use: CPU time
  on one core, against the target of 60 s;
* the grammar's parser (LALR(1), contextual lexer) against a naive baseline on the same
  lines in the same run: the same grammar parsed by Lark's Earley parser, which needs
  no LALR table but tries every derivation; the ratio is printed;
* coverage (``oracletext.coverage``): mana abilities and activated abilities read.

Exit status 1 when the whole pool takes longer than 60 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

from lark import Lark
from lark.exceptions import LarkError
from manacheck.model.cardfiles import collect, read_records
from manacheck.model.oracletext.coverage import coverage, faces_of
from manacheck.model.oracletext.reading import parser
from manacheck.model.usercards import read_download

ROOT = Path(__file__).resolve().parents[1]
POOL = ROOT / "reference" / "cards" / "AtomicCards-2022-04.json.xz"
GRAMMAR = ROOT / "model" / "oracletext" / "grammar.lark"
MAX_S = 60.0


def cost_texts(sample: int) -> list[str]:
    """The cost parts (before the top-level colon) of a seeded sample of pool lines."""
    found = collect(read_records(POOL), name=POOL.name)
    costs = []
    for face in faces_of(found.cards):
        for line in face.text.replace(face.name, "CARDNAME").split("\n"):
            head, sep, _ = line.partition(": ")
            if sep and '"' not in head and not head.startswith("["):
                costs.append(head.split(" — ")[-1])
    random.Random(7).shuffle(costs)
    return costs[:sample]


def parse_all(p: Lark, texts: list[str]) -> tuple[float, int]:
    t = time.process_time()
    ok = 0
    for text in texts:
        try:
            p.parse(text, start="costs")
            ok += 1
        except LarkError:
            pass
    return time.process_time() - t, ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog=f"Targets: the whole pool read in under {MAX_S:.0f} s of CPU (exit status 1 "
               "when missed); coverage as issue 12 asks (97% of mana cards, 90% of "
               "activated abilities: said, not checked here).")
    ap.add_argument("--sample", type=int, default=2000,
                    help="cost texts parsed by both parsers (default 2000)")
    args = ap.parse_args(argv)
    t = time.process_time()
    cards = read_download(POOL)
    whole = time.process_time() - t
    print(f"whole pool: {cards.cards:,} cards ({len(cards.entries):,} faces) read in "
          f"{whole:.1f} s CPU (target < {MAX_S:.0f} s: {'holds' if whole <= MAX_S else 'MISSED'}"
          f"); {cards.unread:,} keep some text unread")
    texts = cost_texts(args.sample)
    lalr = parser()
    earley = Lark(GRAMMAR.read_text(encoding="utf-8"), parser="earley",
                  start=["costs", "mana_sentence", "rider", "target_phrase"])
    t_lalr, ok_lalr = parse_all(lalr, texts)
    t_earley, ok_earley = parse_all(earley, texts)
    print(f"{len(texts):,} costs: LALR {t_lalr * 1000:.0f} ms ({ok_lalr:,} parsed), Earley "
          f"baseline {t_earley * 1000:.0f} ms ({ok_earley:,} parsed): "
          f"{t_earley / max(t_lalr, 1e-9):.1f}x")
    found = collect(read_records(POOL), name=POOL.name)
    data = coverage(faces_of(found.cards)).to_data()
    m, a = data["mana_cards"], data["activated_abilities"]
    print(f"mana cards with every mana ability read: {m['every_mana_ability_read']:,} of "
          f"{m['total']:,} ({m['percent']}%, target {m['target_percent']}%: "
          f"{_holds(m['percent'], m['target_percent'])})")
    print(f"activated abilities read: {a['read']:,} of {a['total']:,} ({a['percent']}%, "
          f"target {a['target_percent']}%: {_holds(a['percent'], a['target_percent'])})")
    return 0 if whole <= MAX_S else 1


def _holds(percent: float, target: float) -> str:
    return "holds" if percent >= target else "MISSED"


if __name__ == "__main__":
    sys.exit(main())
