"""The benchmark scripts behave (issue 36): each answers ``--help`` at once (exit status 0,
its usage and its targets) instead of starting a run, and running one writes nothing
into the checkout (Python's bytecode included: each moves it out first)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The scripts (``benchmarks/common.py`` is a helper module, not a script).
SCRIPTS = sorted(p.name for p in (REPO / "benchmarks").glob("*.py")
                 if '__name__ == "__main__"' in p.read_text(encoding="utf-8"))
#: What "at once" means: a script's imports, nothing run.
HELP_SECONDS = 30.0


def _checkout() -> dict[str, tuple[int, int]]:
    """Every file of the checkout (ignored ones too, such as ``__pycache__``; not
    ``.git``), with its modification time and size."""
    out: dict[str, tuple[int, int]] = {}
    for root, dirs, files in os.walk(REPO):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            path = os.path.join(root, name)
            st = os.stat(path)
            out[os.path.relpath(path, REPO)] = (st.st_mtime_ns, st.st_size)
    return out


def test_every_script_is_found() -> None:
    assert {"activation.py", "startup.py", "validate.py"} <= set(SCRIPTS)
    assert "common.py" not in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_is_fast_and_writes_nothing(script: str) -> None:
    # Allowed to write bytecode, and not told where: the script must move it itself.
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    before = _checkout()
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / script), "--help"],
                          cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=HELP_SECONDS * 4)
    took = time.monotonic() - started
    after = _checkout()
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage: "), done.stdout[:500]
    assert "target" in done.stdout.lower(), done.stdout  # what it checks is said
    assert took < HELP_SECONDS, f"--help took {took:.1f} s: it ran more than its imports"
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"{script} --help wrote into the checkout: {changed[:10]}"
