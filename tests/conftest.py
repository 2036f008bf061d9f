"""Shared test fixtures. Keep this small: fixtures used by more than one test file."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

#: The repository root and the reference material the project carries (reference/SOURCES.md).
REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO / "reference"
EXAMPLES = REPO / "examples"


def _outside_reads_guard() -> None:
    """Refuse any read of a file beside the repository (its parent folder, outside it).

    A user's clone has nothing beside it, so a test that reads a sibling folder would pass
    here and fail for them. Python's own files (``sys.prefix``, the import path) and
    temporary folders are elsewhere and stay allowed; a venv kept inside the repository
    is inside it.
    """
    outside = REPO.parent
    allowed = [Path(p).resolve() for p in {sys.prefix, sys.base_prefix, sys.exec_prefix}]
    allowed += [Path(p).resolve() for p in sys.path if p and Path(p).is_absolute()
                and not REPO.is_relative_to(Path(p).resolve())]
    # pytest's own temporary folders (tmp_path), which sit beside a clone made directly
    # in the temporary folder (/tmp/manacheck): /tmp/pytest-of-<user>/...
    temproot = Path(os.path.abspath(
        os.environ.get("PYTEST_DEBUG_TEMPROOT") or tempfile.gettempdir()))

    def pytest_temp(path: Path) -> bool:
        return path.is_relative_to(temproot) and path != temproot and \
            path.relative_to(temproot).parts[0].startswith("pytest-of-")

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event != "open" or not args or not isinstance(args[0], str | Path):
            return
        try:
            path = Path(os.path.abspath(args[0]))
        except (TypeError, ValueError):
            return
        if not path.is_relative_to(outside) or path.is_relative_to(REPO):
            return
        if any(path.is_relative_to(a) for a in allowed) or pytest_temp(path):
            return
        raise PermissionError(f"a test read {path}, outside the repository {REPO}: "
                              "copy what it needs into reference/ (see reference/SOURCES.md)")

    sys.addaudithook(hook)


_outside_reads_guard()


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write text (or bytes) to a file named ``name`` in a fresh folder; return its path."""

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return write
