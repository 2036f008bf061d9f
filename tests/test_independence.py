"""A clone of HEAD with nothing beside it runs the reference-data tests (issue 11).

The clone lands in a fresh temporary folder, so no shared folder (or anything else) sits
beside it; ``test_standalone.py`` then runs there under the clone's own conftest, whose
guard refuses any read beside the repository.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: How a path to the folder beside the repository is spelled (split so this file doesn't match).
BESIDE_MARKERS = ("../" + "shared", '.parent / "' + 'shared"')


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.skipif(shutil.which("git") is None or not (REPO / ".git").exists(),
                    reason="needs git and a git checkout")
def test_a_clone_with_nothing_beside_it_passes_the_reference_tests(tmp_path: Path) -> None:
    alone = tmp_path / "alone"
    alone.mkdir()
    clone = alone / "manacheck"
    done = _git("clone", "--quiet", "--no-hardlinks", str(REPO), str(clone), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in alone.iterdir()) == ["manacheck"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=--import-mode=importlib",
         "-p", "no:cacheprovider", "tests/test_standalone.py"],
        cwd=clone, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout


def test_the_guard_refuses_a_read_beside_the_repository() -> None:
    beside = REPO.parent / "elsewhere" / "cards.json"
    with pytest.raises(PermissionError, match="outside the repository"):
        beside.open(encoding="utf-8")


def test_no_test_or_benchmark_names_the_folder_beside_the_repository() -> None:
    offenders = []
    for folder in ("tests", "benchmarks"):
        for path in (REPO / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if any(marker in text for marker in BESIDE_MARKERS):
                offenders.append(path.relative_to(REPO).as_posix())
    assert offenders == []
