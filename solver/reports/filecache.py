"""What reports compute once per process: from a user's file, keyed by the file's
version, and from a card database, keyed by the database.

Rules
-----
None: this only avoids reading a ``--cards FILE`` or scanning a card database again
for each card of a pool.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar, cast

__all__ = ["file_version", "per_database"]

T = TypeVar("T")


def file_version(path: str) -> tuple[str, int, int]:
    """A file's absolute path, size and modification time: a key for what was read of
    it once per process, that changes when the file does."""
    st = os.stat(path)
    return (os.path.abspath(path), st.st_size, st.st_mtime_ns)


_PER_DATABASE: dict[tuple[int, str], tuple[object, object]] = {}


def per_database(db: object, what: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per card database and ``what`` (the report's probe cards, its
    card with {X}): a pool reports on thousands of cards of one database, and scanning
    23,000 cards for each would dominate. Keyed by the database object itself (an id
    reused by a later database doesn't hit)."""
    key = (id(db), what)
    hit = _PER_DATABASE.get(key)
    if hit is not None and hit[0] is db:
        return cast(T, hit[1])
    if len(_PER_DATABASE) > 32:
        _PER_DATABASE.clear()
    value = compute()
    _PER_DATABASE[key] = (db, value)
    return value
