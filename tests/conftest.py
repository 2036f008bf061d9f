"""Shared test fixtures. Keep this small: fixtures used by more than one test file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

#: The repository root and the read-only reference material beside it (never copied in).
REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
EXAMPLES = REPO / "examples"


@pytest.fixture
def shared() -> Path:
    """``../shared``: the rules, the cards with their rulings, the seeds."""
    return SHARED


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
