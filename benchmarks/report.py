"""Whole-pool reports on Dask: the per-card report over the same cards on 1 and then 2
local workers, the speed-up, and the time the whole 2022 pool would take.

Each run is ``run_pool`` (solver/reports/pool.py) with a new local cluster and a fresh
output folder, on the same names: the built-in cards, or ``--cards FILE`` (a card
download, e.g. a Scryfall or MTGJSON file of the pool) sampled evenly to ``--limit``
cards (default 2000 with a file). The rate is of the compute phase (first card sent to
last result written; the workers have imported the task before it starts), the cluster's
start-up is shown apart, and so is the warm-up: one card reported on every worker first,
outside the rate (the per-process costs: imports, reading ``--cards FILE`` once). "In
tasks" is the share of the workers' time spent in the task (where a busy machine slows
every task, that share stays high while the rate doesn't grow: contention, not the
pool's overhead). The projection for the whole 2022 pool (``POOL_2022`` cards) is the
warm-up plus the cards at the rate per worker measured with 2 workers, assuming linear
scaling per worker.

The machine is shared: the load average before and after each run is printed with it,
and first what 2 processes of a plain CPU loop give against 1 (the most the pool could);
then the same cards in plain processes, without Dask (1 process, then 2 of half the cards
each at the same time): what the machine allows the pool at that moment; last, the rate
with an empty task (the client, the scheduler and the files alone).
Exit status 1 when the speed-up from 1 to 2 workers is under ``MIN_SPEEDUP`` (or a card
failed), 2 when the per-card report (``manacheck.solver.reports.card``) isn't there.

Run: python benchmarks/report.py [--cards FILE] [--limit N] [--task MODULE:FUNCTION]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

from manacheck.solver.reports.pool import (
    DEFAULT_TASK,
    PoolSummary,
    pool_names,
    resolve_task,
    run_pool,
)

MIN_SPEEDUP = 1.7
#: Cards in the 2022 pool the projection is for.
POOL_2022 = 23_052
PROJECT_WORKERS = (2, 64)
DEFAULT_LIMIT_WITH_FILE = 2000


def sample(names: list[str], limit: int | None) -> list[str]:
    """At most ``limit`` names spread evenly over ``names`` (all of them if None)."""
    if limit is None or limit >= len(names):
        return names
    step = len(names) / limit
    return [names[int(i * step)] for i in range(limit)]


def _burn(n: int) -> float:
    start = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i % 7
    return time.perf_counter() - start


def _plain(task: str, names: list[str], cards_file: str | None) -> float:
    """Seconds for one plain process to run the task over ``names`` (imports first)."""
    fn = resolve_task(task)
    with contextlib.suppress(Exception):  # warm-up, as the pool's
        fn(names[0], cards_file=cards_file)
    start = time.perf_counter()
    for name in names:
        with contextlib.suppress(Exception):
            fn(name, cards_file=cards_file)
    return time.perf_counter() - start


def plain_speedup(task: str, names: list[str], cards_file: str | None
                  ) -> tuple[float, float, float]:
    """The same cards without Dask: (seconds in 1 process, seconds in 2 processes of
    half the cards each, at the same time; speed-up): what this machine allows now."""
    with ProcessPoolExecutor(1) as one:
        t1 = one.submit(_plain, task, names, cards_file).result()
    with ProcessPoolExecutor(2) as two:
        halves = [two.submit(_plain, task, names[k::2], cards_file) for k in (0, 1)]
        t2 = max(h.result() for h in halves)
    return t1, t2, t1 / t2 if t2 else 0.0


def machine_speedup(n: int = 10_000_000) -> float:
    """What 2 processes give now on a plain CPU loop, against 1 (2.0 on an idle
    machine of 2 cores): how much of a second core the other users of the machine
    leave."""
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [1000, 1000]))  # started
        one = next(pool.map(_burn, [n]))
        two = max(pool.map(_burn, [n, n]))
    return 2 * one / two


def empty_report(name: str, *, cards_file: str | None = None) -> dict[str, Any]:
    """No work: what the pool itself costs a card (run from here, so pickled by value)."""
    return {"name": name, "text": "", "abilities": [], "cases": [], "rulings": [],
            "notes": [], "undecided": {}}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def busy(s: PoolSummary, workers: int) -> float:
    """The share of the workers' time spent in the task (the rest: the pool's own
    overhead and waiting)."""
    return s.task_seconds / (s.compute_seconds * workers) if s.compute_seconds else 0.0


def hours(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        epilog=f"Target: a speed-up of at least {MIN_SPEEDUP}x from 1 to 2 workers, every "
               "card reported. Exit status 1 when missed, 2 when the per-card report "
               "isn't there.")
    ap.add_argument("--cards", metavar="FILE", help="the cards of this file (the pool)")
    ap.add_argument("--limit", type=int, help="at most this many cards, spread evenly "
                    f"(default: all built-in cards; {DEFAULT_LIMIT_WITH_FILE} of a file)")
    ap.add_argument("--task", default=DEFAULT_TASK,
                    help=f"the per-card function, module:function (default {DEFAULT_TASK})")
    args = ap.parse_args(argv)
    module = args.task.partition(":")[0]
    if importlib.util.find_spec(module) is None:
        print(f"can't run: {module} (the per-card report, {args.task}) isn't there yet; "
              "no numbers")
        return 2
    limit = args.limit
    if limit is None and args.cards:
        limit = DEFAULT_LIMIT_WITH_FILE
    names = sample(pool_names(args.cards), limit)
    where = args.cards or "the built-in cards"
    print(f"{len(names)} cards of {where}, task {args.task}, {os.cpu_count()} CPUs")
    print(f"the machine now: 2 processes of a plain CPU loop run {machine_speedup():.2f}x "
          f"1 ({load()})")
    runs: dict[int, PoolSummary] = {}
    with tempfile.TemporaryDirectory(prefix="manacheck-report-bench-") as tmp:
        for workers in (1, 2):
            before = load()
            runs[workers] = run_pool(names, Path(tmp) / f"w{workers}", cards_file=args.cards,
                                     workers=workers, task=args.task,
                                     progress=sys.stderr.isatty(), warmup=names[0])
            print(f"  {workers} worker{'s' * (workers > 1)}: {before} before, {load()} after")
        before = load()
        plain = plain_speedup(args.task, names, args.cards)
        print(f"  plain processes: {before} before, {load()} after")
        ceiling = run_pool([f"Empty {i}" for i in range(4000)], Path(tmp) / "empty",
                           workers=2, task=empty_report, progress=False).rate
    print(f"  {'workers':>7} {'cards':>6} {'failed':>6} {'compute s':>10} {'start-up s':>10} "
          f"{'warm-up s':>9} "
          f"{'cards/s':>8} {'per worker':>10} {'task s':>8} {'in tasks':>8}")
    rates = {}
    for workers, s in runs.items():
        done = s.computed + len(s.errors)
        rates[workers] = done / s.compute_seconds if s.compute_seconds > 0 else 0.0
        print(f"  {workers:>7} {done:>6} {len(s.errors):>6} {s.compute_seconds:>10.2f} "
              f"{s.seconds - s.compute_seconds - s.warmup_seconds:>10.2f} "
              f"{s.warmup_seconds:>9.2f} {rates[workers]:>8.2f} "
              f"{rates[workers] / workers:>10.2f} {s.task_seconds:>8.1f} "
              f"{busy(s, workers):>7.0%}")
    speedup = rates[2] / rates[1] if rates[1] else 0.0
    print(f"without Dask, the same cards: 1 process {plain[0]:.2f} s, 2 processes of half "
          f"each {plain[1]:.2f} s: {plain[2]:.2f}x (what the machine allows now)")
    per_worker = rates[2] / 2
    print(f"speed-up 1 -> 2 workers: {speedup:.2f}x (target at least {MIN_SPEEDUP}x)")
    warm = runs[2].warmup_seconds
    print(f"the 2022 pool ({POOL_2022:,} cards), assuming linear scaling per worker at "
          f"{per_worker:.2f} cards/s per worker (measured with 2), after each worker's "
          f"warm-up of {warm:.1f} s (measured with 2):")
    for workers in PROJECT_WORKERS:
        t = warm + POOL_2022 / (per_worker * workers) if per_worker else float("inf")
        print(f"  {workers:>3} workers: {hours(t)}")
    print(f"the pool itself (an empty task, 2 workers, this machine): {ceiling:.0f} cards/s "
          f"at most, so the 2022 pool in no less than {hours(POOL_2022 / ceiling)} here "
          "whatever the workers")
    ok = True
    failed = sum(len(s.errors) for s in runs.values())
    if failed:
        print(f"FAIL: {failed} card reports failed (see errors.json of a run)")
        ok = False
    if speedup < MIN_SPEEDUP:
        print(f"FAIL: the speed-up {speedup:.2f}x is under {MIN_SPEEDUP}x")
        ok = False
    if ok:
        print(f"ok: speed-up at least {MIN_SPEEDUP}x, every card reported")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
