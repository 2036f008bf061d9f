"""The whole-pool runner (solver/reports/pool.py) on Dask: a local cluster, and a real
``dask scheduler`` with two ``dask worker`` processes on loopback.

The tasks here are module-level functions of this test module. Pytest imports it with
``--import-mode=importlib``, under a name the workers can't import, so the module is
registered with cloudpickle to be pickled by value (``register_pickle_by_value``): the
workers get the functions themselves, not a reference to a module they don't have. Each
task call leaves a file in a folder given with ``functools.partial``, so a test counts
the calls the workers made.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cloudpickle
import pytest
from manacheck.solver.reports import pool
from manacheck.solver.reports.pool import (
    Progress,
    card_slugs,
    pool_names,
    read_report,
    run_pool,
    slug_base,
    write_atomic,
)

import manacheck

REPO = Path(__file__).resolve().parents[1]

#: Names with what makes slugs hard: commas, apostrophes, split cards, non-ASCII, case.
NAMES = ["Kozilek, the Great Distortion", "Lim-Dûl's Vault", "Fire // Ice", "Fire, Ice",
         "Gaea's Cradle", "Æther Vial", "Llanowar Elves", "LLANOWAR ELVES", "Con",
         "Broken Card"]


@pytest.fixture(scope="module", autouse=True)
def _tasks_by_value() -> Iterator[None]:
    module = sys.modules[__name__]
    cloudpickle.register_pickle_by_value(module)
    yield
    cloudpickle.unregister_pickle_by_value(module)


def report_task(name: str, *, cards_file: str | None = None, calls: str = "",
                broken: tuple[str, ...] = ("Broken Card",),
                crash: tuple[str, ...] = ("Crash Card",)) -> dict[str, Any]:
    """A made-up CARD_REPORT_SCHEMA report whose counts follow the name's length."""
    if calls:
        Path(calls, f"{os.getpid()}-{time.monotonic_ns()}.call").write_text(
            name, encoding="utf-8")
    if name in broken:
        raise ValueError(f"no report for {name}")
    if name in crash:
        os._exit(3)  # the worker process dies
    n = len(name)
    rulings = [{"date": "2020-01-01", "text": "r", "cases": ["c"] if i % 2 else [],
                "reason": None if i % 2 else "why",
                "reason_kind": None if i % 2 else "no-board"} for i in range(n % 4)]
    cases = [{"id": f"{name}/{i}", "kind": "variation" if i else "base"}
             for i in range(n % 5 + 1)]
    return {"name": name, "text": "", "abilities": [], "cases": cases, "rulings": rulings,
            "notes": [cards_file or ""], "undecided": {"cost": n % 3, "other": 1},
            "seconds": 0.001}


def calls_in(folder: Path) -> list[str]:
    return sorted(p.read_text(encoding="utf-8") for p in folder.glob("*.call"))


def expected_totals(names: list[str], errors: int = 1) -> dict[str, Any]:
    """A whole report's totals (report.totals) of these cards' reports."""
    from manacheck.solver.reports.report import totals

    return {**totals([report_task(n, broken=()) for n in names]), "errors": errors}


# ---- names, slugs, files ------------------------------------------------------------

def test_slugs_are_unique_safe_and_depend_only_on_the_set() -> None:
    names = [*NAMES, "火の玉", "水の玉", "x" * 300, "Con", "fire-ice-00000000"]
    slugs = card_slugs(names)
    assert set(slugs) == set(names)
    assert len(set(slugs.values())) == len(slugs)
    # Unique on a case-insensitive file system too, and safe everywhere.
    assert len({s.lower() for s in slugs.values()}) == len(slugs)
    for slug in slugs.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug) and len(slug) <= 100, slug
        assert slug.split("-")[0] not in {"con", "nul", "aux", "prn"} or "-" in slug
    assert slugs["Lim-Dûl's Vault"] == "lim-duls-vault"
    assert slugs["Kozilek, the Great Distortion"] == "kozilek-the-great-distortion"
    assert slugs["Æther Vial"] == "aether-vial"
    assert slugs["Fire // Ice"] != slugs["Fire, Ice"]
    assert slugs["Fire // Ice"].startswith("fire-ice-")
    assert slugs["Llanowar Elves"] != slugs["LLANOWAR ELVES"]
    assert slugs["Con"] != "con"
    assert card_slugs(reversed(names)) == slugs
    assert slug_base("") == "card" and slug_base("//") == "card"


def test_a_report_file_counts_only_if_it_parses_and_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    assert read_report(path, "A") is None
    path.write_text('{"name": "A", "cases": [', encoding="utf-8")  # cut short
    assert read_report(path, "A") is None
    path.write_text('{"name": "B"}', encoding="utf-8")
    assert read_report(path, "A") is None
    path.write_text('{"name": "a"}', encoding="utf-8")
    assert read_report(path, "A") == {"name": "a"}


def test_writes_are_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "card.json"
    write_atomic(path, "old\n")

    def fail(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["card.json"]  # no temporary left


def test_pool_names_builtin_and_card_files(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from manacheck.model import builtin_cards
    from manacheck.model.pool import RETIRED
    from manacheck.model.usercards import CACHE_ENV

    names = pool_names()
    # The built-in cards, then the retired hand-written ones the pool gives (issue 12).
    assert names == list(dict.fromkeys([*builtin_cards(), *RETIRED]))
    assert len(names) == len(set(names)) >= 500
    own = tmp_path / "cards.yaml"
    own.write_text("- {name: My Land, types: [Land]}\n"
                   "- {name: 'Lim-Dûl, Test', types: [Artifact], mana_cost: '{2}'}\n",
                   encoding="utf-8")
    assert pool_names(own) == ["My Land", "Lim-Dûl, Test"]
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    download = tmp_path / "oracle-cards.json"
    face = {"object": "card", "id": "x", "oracle_id": "y", "lang": "en", "set": "tst",
            "set_type": "expansion", "digital": False, "legalities": {}}
    split = {**face, "layout": "split", "name": "Fire // Ice", "type_line":
             "Instant // Instant", "card_faces": [
                 {"object": "card_face", "name": "Fire", "mana_cost": "{1}{R}",
                  "type_line": "Instant", "oracle_text": "Fire deals 2 damage."},
                 {"object": "card_face", "name": "Ice", "mana_cost": "{1}{U}",
                  "type_line": "Instant", "oracle_text": "Tap target permanent."}]}
    elf = {**face, "layout": "normal", "name": "Llanowar Elves", "mana_cost": "{G}",
           "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.",
           "power": "1", "toughness": "1"}
    download.write_text(json.dumps([split, elf]), encoding="utf-8")
    assert pool_names(download) == ["Fire", "Ice", "Llanowar Elves"]


def test_progress_line_on_a_terminal_only() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    now = [0.0]
    out = Tty()
    bar = Progress(2000, 100, stream=out, clock=lambda: now[0])
    now[0] = 10.0
    for _ in range(41):
        bar.update()
    assert bar.line() == "  141/2000 cards  4.1/s  ETA 7m"
    bar.close()
    shown = out.getvalue()
    assert shown.startswith("\r  101/2000 cards")  # the first, then at most 10 a second
    assert shown.endswith("\r  141/2000 cards  4.1/s  ETA 7m   \n")  # over a longer one
    quiet = io.StringIO()
    bar = Progress(10, stream=quiet)
    bar.update()
    bar.close()
    assert quiet.getvalue() == ""
    assert Progress(10, stream=Tty(), enabled=False).enabled is False


def test_batch_sizes() -> None:
    assert pool.batch_size(10, 2) == 1  # a few cards: one a task
    assert pool.batch_size(100, 2) == 3  # 16 tasks a worker
    assert pool.batch_size(628, 2) == pool.MAX_BATCH == 16
    assert pool.batch_size(23_052, 64) == pool.MAX_BATCH
    assert pool.batch_size(0, 0) == 1


def test_importing_the_pool_imports_no_dask() -> None:
    code = ("import sys, manacheck, manacheck.cli, manacheck.solver.reports.pool\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('dask', 'distributed', 'tornado')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=REPO, timeout=60)
    assert done.stdout.strip() == "[]"


# ---- a local cluster (the default) --------------------------------------------------

def test_written_files_are_readable_by_all_as_any_file(tmp_path: Path) -> None:
    """Issue 35: a pool's files were 0600 (mkstemp's mode); now the umask's, as any
    file the user writes (0644 under umask 022)."""
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "card.json", "{}\n")
        assert stat.S_IMODE((tmp_path / "card.json").stat().st_mode) == 0o644
        os.umask(0o077)
        write_atomic(tmp_path / "private.json", "{}\n")
        assert stat.S_IMODE((tmp_path / "private.json").stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_local_cluster_writes_resumes_and_records_errors(tmp_path: Path) -> None:
    out, calls = tmp_path / "out", tmp_path / "calls"
    calls.mkdir()
    task = functools.partial(report_task, calls=str(calls))
    first = run_pool(NAMES, out, workers=2, task=task, progress=False)
    good = [n for n in NAMES if n != "Broken Card"]
    assert calls_in(calls) == sorted(NAMES)  # each card once
    assert (first.cards, first.computed, first.skipped, first.workers) == (10, 9, 0, 2)
    assert first.errors == (("Broken Card", "ValueError: no report for Broken Card"),)
    assert not first.ok and "1 failed" in first.text()
    slugs = card_slugs(NAMES)
    for name in good:
        data = json.loads((out / "cards" / f"{slugs[name]}.json").read_text("utf-8"))
        assert data.pop("manacheck_version") == manacheck.__version__  # (issue 35)
        assert data == report_task(name, broken=())
    assert sorted(p.name for p in (out / "cards").iterdir()) == sorted(
        f"{slugs[n]}.json" for n in good)  # no temporary files, no html without render
    error = json.loads((out / "errors" / f"{slugs['Broken Card']}.json").read_text("utf-8"))
    assert error["name"] == "Broken Card" and "ValueError" in error["traceback"]
    assert json.loads((out / "errors.json").read_text("utf-8"))["errors"] == [
        {"name": "Broken Card", "error": "ValueError: no report for Broken Card",
         "file": f"errors/{slugs['Broken Card']}.json"}]
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert index["format"] == "manacheck-report-index" and index["version"] == 1
    from manacheck.model import CR_VERSION
    assert index["cr_version"] == CR_VERSION and index["manacheck_version"]
    assert [c["name"] for c in index["cards"]] == good
    kozilek = index["cards"][0]
    assert kozilek == {"name": "Kozilek, the Great Distortion",
                       "file": "cards/kozilek-the-great-distortion.html",
                       "json": "cards/kozilek-the-great-distortion.json",
                       "cases": 29 % 5, "rulings": 29 % 4, "rulings_matched": 0,
                       "undecided": 29 % 3 + 1}
    assert index["totals"] == expected_totals(good)

    # Resumed: one card file cut short, one deleted; the rest isn't done again.
    mtimes = {p.name: p.stat().st_mtime_ns for p in (out / "cards").iterdir()}
    (out / "cards" / f"{slugs['Fire // Ice']}.json").write_text('{"name": ', "utf-8")
    (out / "cards" / f"{slugs['Con']}.json").unlink()
    for p in calls.iterdir():
        p.unlink()
    fixed = functools.partial(report_task, calls=str(calls), broken=())
    rendered: list[str] = []

    def render(report: dict[str, Any]) -> str:
        rendered.append(report["name"])
        return f"<h1>{report['name']}</h1>"

    # Two cards a task, one task out at a time.
    second = run_pool(NAMES, out, workers=2, task=fixed, progress=False, render=render,
                      render_index=lambda index: f"{index['totals']['cards']} cards",
                      batch=2, window=1)
    assert calls_in(calls) == sorted(["Fire // Ice", "Con", "Broken Card"])
    assert (second.computed, second.skipped, second.errors) == (3, 7, ())
    for name in good:
        p = out / "cards" / f"{slugs[name]}.json"
        if name not in ("Fire // Ice", "Con"):
            assert p.stat().st_mtime_ns == mtimes[p.name], name  # not written again
    assert sorted(rendered) == sorted(NAMES)  # every page made, done before or not
    assert (out / "cards" / f"{slugs['Con']}.html").read_text("utf-8") == "<h1>Con</h1>"
    assert (out / "index.html").read_text("utf-8") == "10 cards"
    assert not list((out / "errors").iterdir())  # the card that works now: error gone
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert [c["name"] for c in index["cards"]] == NAMES
    assert index["totals"] == expected_totals(NAMES, errors=0)

    # Everything done: no cluster is even started.
    third = run_pool(NAMES, out, scheduler="tcp://127.0.0.1:9", task=fixed, progress=False)
    assert (third.computed, third.skipped, third.workers) == (0, 10, 0)


# ---- a real scheduler and workers ---------------------------------------------------

def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """End each process group this test started: SIGTERM, then SIGKILL after 10 s."""
    for p in procs:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    for p in procs:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):  # the rest of the group
            os.killpg(p.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1 (ports the
    system picks), without dashboards; the scheduler's address."""
    tmp = tmp_path_factory.mktemp("dask")
    info = tmp / "scheduler.json"
    dask = [sys.executable, "-m", "dask"]
    procs: list[subprocess.Popen[bytes]] = []

    def start(*argv: str, log: str) -> None:
        # A task that kills its worker is given up at once (not tried on 3 more).
        env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
        with open(tmp / log, "wb") as f:
            procs.append(subprocess.Popen([*dask, *argv], stdout=f, stderr=subprocess.STDOUT,
                                          cwd=tmp, start_new_session=True, env=env))

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(info), log="scheduler.log")
        deadline = time.monotonic() + 30
        while not info.exists() or not info.read_text(encoding="utf-8").strip():
            assert procs[0].poll() is None, (tmp / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler didn't start in 30 s"
            time.sleep(0.1)
        address = json.loads(info.read_text(encoding="utf-8"))["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for i in range(2):
            start("worker", address, "--nworkers", "1", "--nthreads", "1", "--host",
                  "127.0.0.1", "--no-dashboard", "--local-directory", str(tmp / f"w{i}"),
                  log=f"worker{i}.log")
        yield address
    finally:
        _stop(procs)
    assert all(p.poll() is not None for p in procs)


def test_a_real_scheduler_and_two_workers(dask_cluster: str, tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    calls.mkdir()
    task = functools.partial(report_task, calls=str(calls))
    summary = run_pool(NAMES, tmp_path / "out", scheduler=dask_cluster, workers=2,
                       task=task, progress=False, warmup="Warm-up Card")
    assert summary.workers == 2
    assert (summary.computed, summary.skipped, len(summary.errors)) == (9, 0, 1)
    # The warm-up card once on each worker, and not written.
    assert calls_in(calls) == sorted([*NAMES, "Warm-up Card", "Warm-up Card"])
    assert summary.warmup_seconds > 0
    assert not (tmp_path / "out" / "cards" / "warm-up-card.json").exists()
    pids = {p.name.split("-")[0] for p in calls.iterdir()}
    assert str(os.getpid()) not in pids  # done on the workers
    index = json.loads((tmp_path / "out" / "index.json").read_text("utf-8"))
    assert index["totals"] == expected_totals([n for n in NAMES if n != "Broken Card"])


def test_a_task_the_workers_cant_import_fails_before_any_card(dask_cluster: str,
                                                              tmp_path: Path) -> None:
    with pytest.raises(ModuleNotFoundError, match="manacheck_no_such_module"):
        run_pool(["Forest"], tmp_path / "out", scheduler=dask_cluster,
                 task="manacheck_no_such_module:card_report", progress=False)
    assert not list((tmp_path / "out" / "cards").iterdir())
    with pytest.raises(ValueError, match="module:function"):
        pool.resolve_task("no colon")


def test_a_card_that_kills_its_worker_is_an_error_and_the_run_goes_on(
        dask_cluster: str, tmp_path: Path) -> None:
    names = ["Forest", "Crash Card", "Island", "Swamp", "Plains", "Mountain"]
    summary = run_pool(names, tmp_path / "out", scheduler=dask_cluster, workers=2,
                       task=report_task, progress=False)
    failed = [n for n, _ in summary.errors]
    # A card that was on the same worker when it died may be given up too.
    assert "Crash Card" in failed and summary.computed + len(failed) == len(names)
    assert all("KilledWorker" in e for _, e in summary.errors)
    index = json.loads((tmp_path / "out" / "index.json").read_text("utf-8"))
    assert [c["name"] for c in index["cards"]] == [n for n in names if n not in failed]
    assert index["totals"]["errors"] == len(failed)
    # Resumed with a task that doesn't crash: just the cards that failed, and all done.
    again = run_pool(names, tmp_path / "out", scheduler=dask_cluster, workers=2,
                     task=functools.partial(report_task, crash=()), progress=False)
    assert (again.computed, again.skipped, again.errors) == (len(failed),
                                                            summary.computed, ())


def test_the_benchmark_says_it_cant_run_without_the_per_card_report() -> None:
    done = subprocess.run([sys.executable, "benchmarks/report.py", "--task",
                           "manacheck_no_such_module:card_report"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "can't run" in done.stdout and "speed-up" not in done.stdout


def test_the_real_card_report_on_a_real_cluster(dask_cluster: str, tmp_path: Path) -> None:
    """The default task (manacheck.solver.reports.card:card_report, imported by name on
    the workers): each file is the card's report, the index totals are a whole report's."""
    import jsonschema
    from manacheck.solver.reports.card import card_report
    from manacheck.solver.reports.render_html import render_html, render_index_html
    from manacheck.solver.reports.report import totals
    from manacheck.solver.reports.schema import CARD_REPORT_SCHEMA

    names = ["Sol Ring", "Kozilek, the Great Distortion", "Gaea's Cradle", "No Such Card"]
    summary = run_pool(names, tmp_path / "out", scheduler=dask_cluster, workers=2,
                       progress=False, render=lambda c: render_html(pool.card_as_report(c)),
                       render_index=render_index_html)
    data = summary.to_data()
    assert data["computed"] == 3 and data["errors"][0]["name"] == "No Such Card"
    assert json.loads(json.dumps(data)) == data and str(summary) == summary.text()
    assert summary.computed == 3
    assert [n for n, _ in summary.errors] == ["No Such Card"]
    assert "unknown card" in summary.errors[0][1]
    slugs = card_slugs(names)
    reports = []
    for name in names[:3]:
        data = json.loads((tmp_path / "out" / "cards" / f"{slugs[name]}.json")
                          .read_text("utf-8"))
        jsonschema.validate(data, CARD_REPORT_SCHEMA)
        here = card_report(name)
        assert data.pop("manacheck_version") == manacheck.__version__  # (issue 35)
        assert {**data, "seconds": 0} == {**here, "seconds": 0}
        reports.append(data)
    index = json.loads((tmp_path / "out" / "index.json").read_text("utf-8"))
    assert index["totals"] == {**totals(reports), "errors": 1}
    assert [c["name"] for c in index["cards"]] == names[:3]
    page = (tmp_path / "out" / index["cards"][1]["file"]).read_text("utf-8")
    assert "Kozilek, the Great Distortion" in page and page.startswith("<!")
    assert "kozilek-the-great-distortion.html" in (tmp_path / "out" / "index.html"
                                                   ).read_text("utf-8")
