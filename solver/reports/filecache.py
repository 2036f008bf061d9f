"""What reports read once per process from a user's file, keyed by the file's version.

Rules
-----
None: this only avoids reading a ``--cards FILE`` again for each card of a pool.
"""

from __future__ import annotations

import os

__all__ = ["file_version"]


def file_version(path: str) -> tuple[str, int, int]:
    """A file's absolute path, size and modification time: a key for what was read of
    it once per process, that changes when the file does."""
    st = os.stat(path)
    return (os.path.abspath(path), st.st_size, st.st_mtime_ns)
