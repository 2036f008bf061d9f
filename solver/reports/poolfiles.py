"""The files of a whole-pool run (:mod:`.pool`): which cards, their file names, atomic
writes, and the index.

* :func:`pool_names`: the built-in cards, or every card of a ``--cards FILE``;
* :func:`card_slugs`: a file name for every card, unique and safe on every file system;
* :func:`write_atomic` and :func:`read_report`: a card's file is whole or absent, and
  counts as done only if it parses and names the card;
* :class:`CardCounts` and :func:`index_data`: ``index.json`` (:data:`INDEX_FORMAT`), its
  totals as a whole report's (:func:`.report.totals`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["DIGEST_LENGTH", "INDEX_FORMAT", "INDEX_VERSION", "MAX_SLUG", "CardCounts",
           "card_as_report", "card_slugs", "index_data", "pool_names", "read_report",
           "slug_base", "write_atomic"]

INDEX_FORMAT = "manacheck-report-index"
INDEX_VERSION = 1
#: A slug's readable part is at most this long (the file system's limit is 255 bytes).
MAX_SLUG = 80
#: Hex digits of the name's SHA-256 that tell apart names with the same readable slug.
DIGEST_LENGTH = 8
# Names Windows reserves for devices, in any letter case and with any extension.
_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                       *(f"lpt{i}" for i in range(10))})


# ---- names and file names -----------------------------------------------------------

def pool_names(cards_file: str | Path | None = None) -> list[str]:
    """The names of the cards a whole-pool report covers, in the database's order.

    Parameters
    ----------
    cards_file
        ``--cards FILE``: every card defined in the file (the built-in card format), or
        every card a download (MTGJSON, Scryfall) gives, each face under its own name as
        ``--cards`` reads it. ``None``: the built-in cards, then the retired ones
        (``pool.RETIRED``, read from the pool).

    Raises
    ------
    StateFileError, BadInput
        As ``--cards`` does, for a file that can't be read.
    """
    from manacheck.model.carddata import builtin_cards
    from manacheck.model.pool import RETIRED

    if cards_file is None:
        # The retired hand-written cards (issue 12) too, as before they were retired.
        return list(dict.fromkeys([*builtin_cards(), *RETIRED]))
    from manacheck.model.cards import CardDatabase
    from manacheck.model.statefile import load_card_file

    # On an empty database: only the file's own cards.
    return list(dict.fromkeys(load_card_file(cards_file, CardDatabase())))


# Letters that Unicode doesn't decompose into ASCII ones (Æther, Jötun are decomposed).
_LETTERS = str.maketrans({"Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss",
                          "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
                          "Þ": "Th", "þ": "th", "Ł": "L", "ł": "l"})


def slug_base(name: str) -> str:
    """The readable part of a card's file name: ASCII letters and digits in lower case,
    ``-`` between words (``Lim-Dûl's Vault`` gives ``lim-duls-vault``, ``Æther Vial``
    ``aether-vial``)."""
    folded = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    folded = folded.encode("ascii", "ignore").decode("ascii")
    folded = re.sub(r"['’`]", "", folded.lower())
    base = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return base[:MAX_SLUG].rstrip("-") or "card"


def _digest(name: str, length: int) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:length]


def card_slugs(names: Iterable[str]) -> dict[str, str]:
    """A file-system-safe file name (without extension) for every name, all different.

    A name whose :func:`slug_base` no other name shares (and that isn't a device name
    on Windows) keeps it; names that share one (``Fire // Ice`` and ``Fire, Ice``, or
    two spellings that differ only in letter case, which a case-insensitive file system
    can't tell apart) each add the first hex digits of their SHA-256. The result depends
    only on the set of names, not on their order.
    """
    groups: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        groups.setdefault(slug_base(name), []).append(name)
    plain = {base for base, members in groups.items()
             if len(members) == 1 and base not in _RESERVED}
    out: dict[str, str] = {}
    used = set(plain)
    for base in sorted(groups):
        if base in plain:
            out[groups[base][0]] = base
            continue
        for name in sorted(groups[base]):
            length = DIGEST_LENGTH
            while (slug := f"{base}-{_digest(name, length)}") in used:
                length += 4  # only if another name's plain slug looks like this one
            used.add(slug)
            out[name] = slug
    return out


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a temporary file in the
    same folder, then renamed over ``path``.

    Not synced to the disk (that took most of the time of a small report): a process
    that stops leaves the file whole or absent; after a power cut a file may be left
    empty, which :func:`read_report` refuses, so the card is done again.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes it 0600; a report is for reading as any other file written
        # (0644 under the usual umask 022).
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_report(path: Path, name: str) -> dict[str, Any] | None:
    """The report in ``path`` if it is there, parses, and is ``name``'s (any letter
    case); else None (the card is to be done again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return None
    return data if data["name"].casefold() == name.casefold() else None


# ---- the counts of a report ---------------------------------------------------------

@dataclass(frozen=True)
class CardCounts:
    """What the index says of one card's report."""

    name: str
    cases: int = 0
    rulings: int = 0
    rulings_matched: int = 0
    #: Rulings no case shows, by their ``reason_kind`` (``other`` when it has none).
    rulings_unmatched: Mapping[str, int] = field(default_factory=dict)
    #: Undecided answers by effect family.
    undecided: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, name: str, report: Mapping[str, Any]) -> CardCounts:
        """The counts of one CARD_REPORT_SCHEMA report, as a whole report's totals
        count them (:func:`.report.totals`: cases other than the base board).

        Raises
        ------
        KeyError, TypeError
            A report without the schema's keys.
        """
        from .report import totals

        t = totals([report])
        return cls(name, t["cases"], t["rulings"], t["rulings_matched"],
                   dict(t["rulings_unmatched"]), dict(t["undecided"]))

    def entry(self, slug: str) -> dict[str, Any]:
        """The card's line in ``index.json``."""
        return {"name": self.name, "file": f"cards/{slug}.html",
                "json": f"cards/{slug}.json", "cases": self.cases, "rulings": self.rulings,
                "rulings_matched": self.rulings_matched,
                "undecided": sum(self.undecided.values())}


def _versions() -> tuple[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    from manacheck.model import CR_VERSION

    try:
        return version("manacheck"), CR_VERSION
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown", CR_VERSION


def index_data(counts: Sequence[CardCounts], slugs: Mapping[str, str],
               errors: Sequence[Mapping[str, str]] = ()) -> dict[str, Any]:
    """``index.json``: every card with its counts, in ``counts``' order, and the totals.

    ``errors`` are the cards that have no report (``name``, ``error``, ``file``).
    """
    unmatched: Counter[str] = Counter()
    undecided: Counter[str] = Counter()
    for c in counts:
        unmatched.update(c.rulings_unmatched)
        undecided.update(c.undecided)
    manacheck_version, cr_version = _versions()
    return {
        "format": INDEX_FORMAT, "version": INDEX_VERSION,
        "manacheck_version": manacheck_version, "cr_version": cr_version,
        "cards": [c.entry(slugs[c.name]) for c in counts],
        "totals": {"cards": len(counts), "cases": sum(c.cases for c in counts),
                   "rulings": sum(c.rulings for c in counts),
                   "rulings_matched": sum(c.rulings_matched for c in counts),
                   "rulings_unmatched": dict(sorted(unmatched.items())),
                   "undecided": dict(sorted(undecided.items())),
                   "errors": len(errors)},
        "errors": [dict(e) for e in errors],
    }


def card_as_report(card: dict[str, Any], *, cards_file: str | None = None
                   ) -> dict[str, Any]:
    """One card's report as a whole report (REPORT_SCHEMA) of that card alone: what a
    renderer of whole reports takes, e.g. ``render=lambda c:
    render_html(card_as_report(c))``."""
    from .report import totals
    from .schema import REPORT_FORMAT, REPORT_VERSION

    manacheck_version, cr_version = _versions()
    return {"format": REPORT_FORMAT, "version": REPORT_VERSION,
            "manacheck_version": manacheck_version, "cr_version": cr_version,
            "subject": {"kind": "cards", "names": [card["name"]], "file": cards_file},
            "cards": [card], "totals": totals([card])}
