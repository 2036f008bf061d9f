"""ruff and mypy --strict stay clean (STYLE.md: "Lint and types: ruff and mypy in strict
mode, clean"). Both are in the `test` extra, so CI runs these."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    # The script runs `python -m mypy`: this test's Python (its venv first on PATH), which
    # has the dependencies installed for mypy to read.
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run(["bash", ".ci/typecheck"], cwd=REPO, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PATH": path})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Success: no issues found" in done.stdout
