"""Writes the compiled form of the built-in cards (``data/compiled_cards.json``) from
their sources in ``data/cards/``: ``python -m manacheck.model.compile_cards``.

Run it after editing a card source; ``tests/test_startup.py`` fails while the compiled
form differs from what the sources give.
"""

from __future__ import annotations

from pathlib import Path

from .carddata import COMPILED_CARDS, compiled_cards_text

__all__ = ["main"]


def main() -> None:
    target = Path(__file__).resolve().parent / "data" / COMPILED_CARDS
    target.write_text(compiled_cards_text(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
