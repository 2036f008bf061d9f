"""Packaging proof: one import name, ``manacheck``; no bare ``model`` or ``solver``.

Builds the wheel, installs it into a fresh venv (dependencies from the package index),
and uses it from a folder outside the repository; then checks ``pip install -e`` too.
Slow (a minute or so), so marked ``slow``; CI runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "kozilek.yaml"

pytestmark = pytest.mark.slow


def _run(*argv: str | Path, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)
    assert done.returncode == 0, f"{argv}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", out, REPO, cwd=out)
    (whl,) = out.glob("manacheck-*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Path:
    root = tmp_path_factory.mktemp("venv")
    env_dir = root / "env"
    _run(sys.executable, "-m", "venv", env_dir, cwd=root)
    _run(env_dir / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=root)
    return env_dir


def test_wheel_has_only_the_manacheck_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"manacheck"}
    for needed in ("manacheck/model/__init__.py", "manacheck/solver/__init__.py",
                   "manacheck/model/data/state.schema.json", "manacheck/model/py.typed",
                   "manacheck/cli.py", "manacheck/commands/validate.py"):
        assert needed in names
    assert any(n.startswith("manacheck/model/data/cards/") and n.endswith(".yaml")
               for n in names)
    # The shipped 2022 card pool (issue 12): its index, search index and 64 shards.
    pool = {n.rsplit("/", 1)[1] for n in names if n.startswith("manacheck/model/data/pool/")}
    assert pool == {"index.json", "search.xz", *(f"shard-{i:02d}.xz" for i in range(64))}


def test_installed_wheel_works_outside_the_repo(venv: Path, tmp_path: Path) -> None:
    py = venv / "bin" / "python"
    code = (
        "import manacheck, manacheck.model, manacheck.solver, json\n"
        "from manacheck.model import builtin_cards, load_state\n"
        "from manacheck.solver import produce\n"
        f"s = load_state({str(EXAMPLE)!r})\n"
        "print(json.dumps({'file': manacheck.model.__file__, 'cards': len(builtin_cards()),"
        " 'mv': s.get('fireball').mana_value()}))\n"
    )
    done = _run(py, "-c", code, cwd=tmp_path)
    import json

    info = json.loads(done.stdout)
    assert not info["file"].startswith(str(REPO))
    assert "site-packages" in info["file"]
    assert info["cards"] >= 50 and info["mv"] == 5
    helped = _run(py, "-m", "manacheck", "--help", cwd=tmp_path)
    assert "validate" in helped.stdout and "schema" in helped.stdout
    valid = _run(venv / "bin" / "manacheck", "validate", EXAMPLE, cwd=tmp_path)
    assert ": valid: " in valid.stdout
    schema = _run(venv / "bin" / "manacheck", "schema", cwd=tmp_path)
    assert json.loads(schema.stdout)["title"] == "manacheck state file"
    pooled = _run(venv / "bin" / "manacheck", "card", "leyline prowler", cwd=tmp_path)
    assert pooled.stdout.startswith("Leyline Prowler  {1}{B}{G}")  # from the shipped pool


def test_no_bare_model_or_solver_in_site_packages(venv: Path, tmp_path: Path) -> None:
    py = venv / "bin" / "python"
    done = _run(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                cwd=tmp_path)
    site = Path(done.stdout.strip())
    assert (site / "manacheck").is_dir()
    for bare in ("model", "solver", "model.py", "solver.py"):
        assert not (site / bare).exists(), bare
    # A user's own model.py is theirs; ours never shadows it, nor it ours.
    (tmp_path / "model.py").write_text("MINE = True\n")
    _run(py, "-c", "import model, manacheck.model; assert model.MINE;"
                   " assert manacheck.model.ManaCost", cwd=tmp_path)
    missing = subprocess.run([str(py), "-c", "import solver"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode != 0 and "No module named 'solver'" in missing.stderr


def test_editable_install_works(venv: Path, tmp_path: Path) -> None:
    py = venv / "bin" / "python"
    _run(py, "-m", "pip", "uninstall", "-y", "-q", "manacheck", cwd=tmp_path)
    _run(py, "-m", "pip", "install", "-q", "--no-deps", "-e", REPO, cwd=tmp_path)
    done = _run(py, "-c", "import manacheck.model, manacheck.solver;"
                          " print(manacheck.model.__file__)", cwd=tmp_path)
    assert Path(done.stdout.strip()) == REPO / "model" / "__init__.py"
    valid = _run(venv / "bin" / "manacheck", "validate", EXAMPLE, cwd=tmp_path)
    assert ": valid: " in valid.stdout
