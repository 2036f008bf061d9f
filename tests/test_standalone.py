"""The repository stands alone: the reference data its tests read is inside it.

This file is quick and reads only this repository, so ``test_independence.py`` runs it in a
fresh clone of HEAD that has nothing beside it. Every copied file is checked against the
sha256 recorded in ``reference/SOURCES.md``, so a truncated or edited copy fails here.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "reference"
ROW = re.compile(r"^\| `([^`]+)` \| .* \| `([0-9a-f]{64})` \|$", re.MULTILINE)


def _manifest() -> dict[str, str]:
    text = (REFERENCE / "SOURCES.md").read_text(encoding="utf-8")
    return {rel: digest for rel, digest in ROW.findall(text)}


def test_every_reference_file_is_listed_with_its_checksum() -> None:
    listed = set(_manifest())
    present = {p.relative_to(REFERENCE).as_posix() for p in REFERENCE.rglob("*")
               if p.is_file() and p.name != "SOURCES.md"}
    assert listed == present, f"unlisted: {present - listed}; missing: {listed - present}"


@pytest.mark.parametrize("rel", sorted(_manifest()))
def test_reference_file_matches_its_recorded_sha256(rel: str) -> None:
    digest = hashlib.sha256((REFERENCE / rel).read_bytes()).hexdigest()
    assert digest == _manifest()[rel]


def test_rules_are_the_2026_01_16_text_and_hold_the_rules_we_cite() -> None:
    text = (REFERENCE / "rules" / "comprehensive-rules.txt").read_text(encoding="utf-8")
    assert "These rules are effective as of January 16, 2026." in text
    for rule in ("106.7", "107.4e", "118.7", "601.2f", "602.5e", "605.3a", "704.5j", "704.5q"):
        assert re.search(rf"^{re.escape(rule)}\.? ", text, re.MULTILINE), rule


def test_cards_and_rulings_load_and_agree() -> None:
    cards = json.loads((REFERENCE / "cards" / "cards.json").read_text(encoding="utf-8"))
    rulings = json.loads((REFERENCE / "cards" / "rulings.json").read_text(encoding="utf-8"))
    assert len(cards) == 186
    assert len(rulings["rulings"]) == 186
    assert sum(len(r) for r in rulings["rulings"].values()) == 411
    ozolith = next(c for c in cards if c["name"] == "The Ozolith")
    assert ozolith["rulings"] == rulings["rulings"]["The Ozolith"]


def test_the_card_pool_opens_as_mtgjson_atomic_cards() -> None:
    """Only the start of the 2.5 MB xz file is decompressed: enough to see its shape."""
    with lzma.open(REFERENCE / "cards" / "AtomicCards-2022-04.json.xz", "rt",
                   encoding="utf-8") as handle:
        head = handle.read(4096)
    assert head.lstrip().startswith("{")
    assert '"data"' in head and '"meta"' in head


def test_seed_documents_are_present() -> None:
    seeds = sorted((REFERENCE / "seeds").glob("*.txt"))
    assert len(seeds) == 3
    assert any("Ozolith" in s.read_text(encoding="utf-8") for s in seeds)
