"""Writes what reports read at run time from the repository's reference data:
``python -m manacheck.solver.reports.bundle`` (from a clone; run it after changing
``reference/`` or ``examples/rulings/``).

``data/rulings.json`` holds, for every built-in card (and every retired one,
``pool.RETIRED``), its official rulings (MTGJSON's
Gatherer rulings in ``reference/cards``; for a card with none there, the paragraphs of
the seed documents in ``reference/seeds`` that name it), and ``ruling_boards``: the text
of every ruling board in ``examples/rulings/``. ``tests/test_reports.py`` fails while the
shipped file differs from what the sources give.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

__all__ = ["RULINGS_FILE", "bundle_text", "main"]

RULINGS_FILE = Path(__file__).resolve().parent / "data" / "rulings.json"


def _seed_paragraphs(root: Path) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for f in sorted((root / "reference" / "seeds").glob("*.txt")):
        seed = f.name.split("_", 1)[0]
        for para in re.split(r"\n\s*\n", f.read_text(encoding="utf-8")):
            text = " ".join(para.split())
            if text:
                out.append((f"seed {seed}", text))
    return out


def bundle_data(root: Path) -> dict[str, Any]:
    """The bundle, from the repository at ``root``."""
    from manacheck.model.carddata import builtin_cards
    from manacheck.model.pool import RETIRED

    # The retired hand-written cards (issue 12) resolve from the pool now; their
    # reports keep their rulings.
    names = sorted({*builtin_cards(), *RETIRED})
    found: dict[str, list[dict[str, str]]] = {}
    for file in ("rulings.json", "mana-cards-rulings.json"):
        data = json.loads((root / "reference" / "cards" / file).read_text(encoding="utf-8"))
        for name, entries in data["rulings"].items():
            found.setdefault(name, [])
            for r in entries:
                entry = {"date": r["date"], "text": r["text"], "source": "Gatherer"}
                if entry not in found[name]:
                    found[name].append(entry)
    seeds = _seed_paragraphs(root)
    rulings: dict[str, list[dict[str, str]]] = {}
    for name in names:
        got = found.get(name, [])
        if not got:
            short = name.split(",")[0]
            got = [{"date": "", "text": t, "source": s} for s, t in seeds if short in t]
        if got:
            rulings[name] = got
    boards = {f.name: f.read_text(encoding="utf-8")
              for f in sorted((root / "examples" / "rulings").glob("*.yaml"))}
    return {"rulings": rulings, "ruling_boards": boards}


def bundle_text(root: Path) -> str:
    return json.dumps(bundle_data(root), ensure_ascii=False, indent=0, sort_keys=True) + "\n"


def main() -> None:
    root = Path.cwd()
    if not (root / "reference" / "cards").is_dir():
        raise SystemExit("run it from the root of a manacheck clone (no reference/cards here)")
    RULINGS_FILE.parent.mkdir(exist_ok=True)
    RULINGS_FILE.write_text(bundle_text(root), encoding="utf-8")
    print(f"wrote {RULINGS_FILE}")


if __name__ == "__main__":
    main()
