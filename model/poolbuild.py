"""Builds the shipped card pool (``data/pool/``, read by ``pool``) from the reference
AtomicCards file: ``python -m manacheck.model.poolbuild [SOURCE]``, from the repository.

Every card goes through ``usercards.read_download`` unchanged (the oracle-text reader
and its skipping rules), so when the reader improves, a rebuild ships what it reads now.

The bytes are deterministic: the same source and reader give the same files, and a file
whose content (decompressed) is unchanged is not rewritten, so a rebuild shows in git
only where the reader's output changed (and a different xz library can't churn the
files). ``tests/test_pool.py`` rebuilds the pool from the reference file and fails while
the shipped form differs; the index records the source's SHA-256 and the reader's
version, so a stale pool says so.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .carddata import parse_card
from .cards import search_fields
from .pool import FORMAT, INDEX, POOL_DIR, SEARCH, SHARDS, SOURCE, shard_file, shard_of
from .usercards import code_version, file_sha256, read_download

__all__ = ["BuiltPool", "build_pool", "main", "read_pool", "write_pool"]


@dataclass(frozen=True)
class BuiltPool:
    """The shipped form's content, uncompressed: file name -> text."""

    files: dict[str, str]


def _field(text: str) -> str:
    return " ".join(text.split("\t")).replace("\r", " ").replace("\n", " ")


def build_pool(source: Path, *, label: str | None = None) -> BuiltPool:
    """The pool's files (uncompressed text) from the card download ``source``, read
    through ``usercards.read_download``.

    Parameters
    ----------
    source
        An MTGJSON or Scryfall download.
    label
        The source's name as the index records it (default: the file's name).
    """
    cards = read_download(source, name=label or source.name)
    names = sorted(cards.entries)
    shards: list[list[str]] = [[] for _ in range(SHARDS)]
    search = []
    for name in names:
        entry = cards.entries[name]
        if "\t" in name or "\n" in name or "\n" in entry:
            raise ValueError(f"{name!r}: a name or entry the pool's lines can't hold")
        shards[shard_of(name)].append(f"{name}\t{entry}\n")
        fields = search_fields(parse_card(json.loads(entry), name))
        search.append("\t".join(_field(fields[k]) for k in ("name", "type", "text")) + "\n")
    index = {"format": FORMAT, "source": label or source.name,
             "source_sha256": file_sha256(source), "reader_version": code_version(),
             "shards": SHARDS, "shard_of": "crc32(utf-8 of the casefolded name) % shards",
             "cards": cards.cards, "faces": len(names), "with_unread_text": cards.unread,
             "skipped": dict(sorted(cards.skipped.items())),
             "skipped_names": {n: cards.skipped_names[n] for n in sorted(cards.skipped_names)
                               if n not in cards.entries},
             "names": names}
    files = {INDEX: json.dumps(index, ensure_ascii=False, indent=0) + "\n",
             SEARCH: "".join(search)}
    for i, lines in enumerate(shards):
        files[shard_file(i)] = "".join(lines)
    return BuiltPool(files)


def _compress(text: str) -> bytes:
    import lzma

    data = text.encode("utf-8")
    dict_size = 1 << max(16, (len(data) - 1).bit_length())  # no bigger than needed
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32,
                         filters=[{"id": lzma.FILTER_LZMA2, "preset": 9,
                                   "dict_size": dict_size}])


def read_pool(folder: Path = POOL_DIR) -> BuiltPool:
    """The shipped form's content as :func:`build_pool` gives it (decompressed), for
    every file in ``folder``."""
    import lzma

    files = {}
    for path in sorted(folder.iterdir()):
        if path.name == INDEX:
            files[path.name] = path.read_text(encoding="utf-8")
        elif path.suffix == ".xz":
            files[path.name] = lzma.decompress(path.read_bytes()).decode("utf-8")
    return BuiltPool(files)


def write_pool(pool: BuiltPool, folder: Path = POOL_DIR) -> list[str]:
    """Write the files whose content changed (and remove stale shards); the names of
    the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    old = read_pool(folder).files
    written = []
    for name, text in pool.files.items():
        if old.get(name) == text:
            continue
        data = text.encode("utf-8") if name == INDEX else _compress(text)
        (folder / name).write_bytes(data)
        written.append(name)
    for name in old:
        if name not in pool.files:
            (folder / name).unlink()
            written.append(name)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m manacheck.model.poolbuild [SOURCE]``: rebuild ``data/pool/`` from the
    reference AtomicCards file (run from the repository's root)."""
    args = list(sys.argv[1:] if argv is None else argv)
    source = Path(args[0]) if args else SOURCE
    pool = build_pool(source, label=source.name)
    written = write_pool(pool)
    index: Mapping[str, Any] = json.loads(pool.files[INDEX])
    print(f"{source}: {index['faces']} faces of {index['cards']} cards; "
          f"{len(written)} file(s) written in {POOL_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
