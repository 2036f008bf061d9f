"""Whole-pool reports: every card's report computed on a Dask cluster, resumable.

:func:`run_pool` sends one task per card to a ``distributed`` cluster and writes each
result as it arrives, so a run of thousands of cards holds only a small window of results
at a time and can be stopped and started again:

* ``scheduler=None`` starts a :class:`distributed.LocalCluster` on this machine (worker
  processes, one thread each, no dashboard); ``scheduler="tcp://HOST:PORT"`` uses the
  workers of a running ``dask scheduler``. Both go through the same
  :class:`distributed.Client` code: the local default is a cluster like any other.
* Cards go in tasks of a few (:func:`batch_size`), at most ``window`` tasks out at a
  time; results are fetched as they finish and written at once.
* Each card's report goes to ``OUT/cards/<slug>.json`` (a temporary file in the same
  folder, then :func:`os.replace`, so a file that is there is whole). A rerun skips every
  card whose file is there, parses and names that card; see :func:`card_slugs` for the
  file names.
* A card whose task raises is recorded in ``OUT/errors/<slug>.json`` (the error and its
  traceback) and counted, and the run goes on; ``OUT/errors.json`` lists them at the end.
  A rerun tries those cards again, and removes the error file of one that then succeeds.
* ``OUT/index.json`` (:data:`INDEX_FORMAT`) lists every card with its counts and the
  totals, from the card files, so the index of a resumed run is complete.
* Pages are another module's: ``render`` (a card's report to HTML) writes
  ``OUT/cards/<slug>.html`` and ``render_index`` writes ``OUT/index.html``, on this
  process, when given.

The task is ``task(name, *, cards_file=None) -> dict``: ``"module:function"`` text, imported
on the workers (by default :data:`DEFAULT_TASK`), or a callable, pickled here once with
cloudpickle: a module-level function (or a ``functools.partial`` of one) goes by reference,
so the workers must be able to import its module, unless that module is registered with
``cloudpickle.register_pickle_by_value`` (as the tests do with theirs). A ``cards_file``
(``--cards FILE``) must be readable at the same path on every worker; it is made
absolute here.

The names, file names, atomic writes and the index are :mod:`.poolfiles`' (its names are
also this module's).

Dask is imported only by :func:`run_pool` (and the functions it calls on the workers
don't need it): importing this module, or ``manacheck``, costs no Dask start-up.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import logging
import os
import pickle
import sys
import time
import traceback
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from .poolfiles import (
    INDEX_FORMAT,
    INDEX_VERSION,
    CardCounts,
    card_as_report,
    card_slugs,
    index_data,
    pool_names,
    read_report,
    slug_base,
    write_atomic,
)

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["DEFAULT_TASK", "INDEX_FORMAT", "INDEX_VERSION", "MAX_BATCH", "CardCounts",
           "CardTask", "PoolSummary", "Progress", "batch_size", "card_as_report",
           "card_slugs", "index_data", "pool_names", "read_report", "resolve_task",
           "run_card", "run_cards", "run_pool", "slug_base", "write_atomic"]

#: The per-card report function the pool runs unless told otherwise.
DEFAULT_TASK = "manacheck.solver.reports.card:card_report"
#: At most this many cards in one task (see :func:`batch_size`).
MAX_BATCH = 16
#: Seconds to wait for a remote scheduler's first workers.
WAIT_FOR_WORKERS_S = 60.0


class CardTask(Protocol):
    """A card's report: what the pool runs once per card (on a worker)."""

    def __call__(self, name: str, /, *, cards_file: str | None) -> dict[str, Any]: ...


Render = Callable[[dict[str, Any]], str]


# ---- on the workers -----------------------------------------------------------------

def resolve_task(task: CardTask | str | bytes) -> CardTask:
    """The callable that ``"package.module:function"`` names (imported here), that
    ``task`` pickles (as :func:`run_pool` sends a callable), or ``task`` itself."""
    if isinstance(task, bytes):
        return _unpickled(task)
    if not isinstance(task, str):
        return task
    module, sep, attr = task.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"a task is 'module:function', not {task!r}")
    found: Any = importlib.import_module(module)
    for part in attr.split("."):
        found = getattr(found, part)
    if not callable(found):
        raise TypeError(f"{task} is not callable")
    return found  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=4)
def _unpickled(blob: bytes) -> CardTask:
    # Once per worker process and task, not once per card.
    found = pickle.loads(blob)
    if not callable(found):
        raise TypeError(f"the task is {type(found).__name__}, not callable")
    return found  # type: ignore[no-any-return]


def run_card(task: CardTask | str | bytes, name: str, cards_file: str | None) -> dict[str, Any]:
    """One card's task, on a worker: ``{"name", "ok": True, "json": report text,
    "counts": CardCounts}``, or ``{"name", "ok": False, "error", "traceback"}`` when it
    raises (or returns something that isn't a JSON object). ``seconds`` either way."""
    start = time.perf_counter()
    try:
        report = resolve_task(task)(name, cards_file=cards_file)
        if not isinstance(report, dict):
            raise TypeError(f"the task returned {type(report).__name__}, not a dict")
        report.setdefault("seconds", round(time.perf_counter() - start, 4))
        from .report import manacheck_version

        report.setdefault("manacheck_version", manacheck_version())
        text = json.dumps(report, ensure_ascii=False, separators=(",", ":")) + "\n"
        return {"name": name, "ok": True, "json": text, "counts": CardCounts.of(name, report),
                "seconds": time.perf_counter() - start}
    except Exception as e:
        return {"name": name, "ok": False, "error": f"{type(e).__name__}: {e}",
                "traceback": traceback.format_exc(), "seconds": time.perf_counter() - start}


def run_cards(task: CardTask | str | bytes, names: Sequence[str], cards_file: str | None
              ) -> list[dict[str, Any]]:
    """:func:`run_card` for each name, in order (one task of the pool)."""
    return [run_card(task, name, cards_file) for name in names]


def _check_task(task: CardTask | str | bytes, warmup: str | None = None,
                cards_file: str | None = None) -> None:
    # Ctrl-C at the terminal reaches every process of its group: a worker leaves it to
    # the client, which stops the cluster (no traceback from each worker).
    import signal

    with contextlib.suppress(ValueError):  # (not the main thread: nothing to do)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    fn = resolve_task(task)
    if warmup is not None:
        with contextlib.suppress(Exception):  # its own run will say what is wrong
            fn(warmup, cards_file=cards_file)


# ---- progress -----------------------------------------------------------------------

def _duration(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class Progress:
    """``\\r  123/2000 cards  4.1/s  ETA 7m`` on a terminal, at most 10 times a second.

    The rate is of the cards done in this run (the cards skipped as done before count in
    the total and the done, not in the rate). Silent when ``enabled`` is false or the
    stream is not a terminal.
    """

    def __init__(self, total: int, done: int = 0, *, enabled: bool = True,
                 stream: IO[str] | None = None, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.total, self.done, self.new = total, done, 0
        self._clock = clock
        self._start = clock()
        self._shown = -1.0
        self._width = 0

    def line(self) -> str:
        """The progress text (without the carriage return)."""
        elapsed = self._clock() - self._start
        rate = self.new / elapsed if elapsed > 0 and self.new else 0.0
        left = self.total - self.done
        eta = _duration(left / rate) if rate else "?"
        return f"  {self.done}/{self.total} cards  {rate:.1f}/s  ETA {eta}"

    def update(self, n: int = 1) -> None:
        """``n`` more cards done."""
        self.done += n
        self.new += n
        now = self._clock()
        if self.enabled and (now - self._shown >= 0.1 or self.done == self.total):
            self._shown = now
            self._show()

    def _show(self) -> None:
        text = self.line()
        # Spaces over the rest of a longer line before: plain text, no escape codes.
        self.stream.write("\r" + text.ljust(self._width))
        self._width = len(text)
        self.stream.flush()

    def close(self) -> None:
        """Show the last counts and end the line."""
        if self.enabled and self._shown >= 0:
            self._show()
            self.stream.write("\n")
            self.stream.flush()


# ---- the run ------------------------------------------------------------------------

@dataclass(frozen=True)
class PoolSummary:
    """What a run did."""

    out_dir: Path
    #: The cards asked for (different names).
    cards: int
    #: Cards whose report this run computed and wrote.
    computed: int
    #: Cards whose report was there already (a resumed run).
    skipped: int
    #: The cards without a report after this run, each with its error.
    errors: tuple[tuple[str, str], ...]
    #: Worker threads of the cluster at the start.
    workers: int
    #: Wall time of the whole call, cluster start-up and index included.
    seconds: float
    #: Wall time from the first card sent to the last result written.
    compute_seconds: float
    #: The tasks' own time on the workers, added up.
    task_seconds: float
    index: Path
    #: Wall time of the ``warmup`` card on every worker at once (before the cards).
    warmup_seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Every card has its report."""
        return not self.errors

    @property
    def rate(self) -> float:
        """Cards computed per second of compute time (0 if none)."""
        return self.computed / self.compute_seconds if self.compute_seconds > 0 else 0.0

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON data (``--json``)."""
        return {"out_dir": str(self.out_dir), "index": str(self.index),
                "cards": self.cards, "computed": self.computed, "skipped": self.skipped,
                "errors": [{"name": n, "error": e} for n, e in self.errors],
                "workers": self.workers, "seconds": round(self.seconds, 3),
                "compute_seconds": round(self.compute_seconds, 3),
                "task_seconds": round(self.task_seconds, 3), "ok": self.ok}

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        """One line for the user."""
        line = (f"{self.cards} cards: {self.computed} computed, {self.skipped} already "
                f"done, {len(self.errors)} failed, on {self.workers} worker"
                f"{'s' * (self.workers != 1)} in {self.seconds:.1f} s; index "
                f"{self.index}")
        if self.errors:
            line += f"; errors in {self.out_dir / 'errors.json'}"
        return line


@contextmanager
def _client(scheduler: str | Client | None, workers: int | None) -> Iterator[Client]:
    """A client of a new local cluster, of the scheduler at an address, or ``scheduler``
    itself (a Client, left open)."""
    from distributed import Client, LocalCluster

    if scheduler is None:
        # Warnings while it runs are the user's; a worker's heartbeat that meets the
        # closed scheduler as the cluster stops is noise.
        log = logging.getLogger("distributed")
        level = log.level
        try:
            with LocalCluster(n_workers=workers or os.cpu_count() or 1,
                              threads_per_worker=1, processes=True, host="127.0.0.1",
                              dashboard_address=None) as cluster, Client(cluster) as client:
                try:
                    yield client
                finally:
                    with contextlib.suppress(Exception):
                        client.run(_quiet_logs)
                    log.setLevel(logging.CRITICAL)  # the scheduler runs here
        finally:
            log.setLevel(level)
    elif isinstance(scheduler, str):
        with Client(scheduler) as client:
            client.wait_for_workers(workers or 1, timeout=WAIT_FOR_WORKERS_S)
            yield client
    else:
        yield scheduler


def _quiet_logs() -> None:
    logging.getLogger("distributed").setLevel(logging.CRITICAL)


def _threads(client: Client) -> int:
    # nthreads(): every worker (scheduler_info() may list only the first few).
    return sum(int(n) for n in client.nthreads().values()) or 1


class _Run:
    """The files of one run in ``out``: cards/, errors/, errors.json, index.json."""

    def __init__(self, out: Path, names: Sequence[str], render: Render | None) -> None:
        self.out, self.names, self.render = out, names, render
        self.slugs = card_slugs(names)
        self.cards = out / "cards"
        self.error_dir = out / "errors"
        self.counts: dict[str, CardCounts] = {}
        self.errors: dict[str, dict[str, str]] = {}
        self.computed = 0
        self.cards.mkdir(parents=True, exist_ok=True)
        self.error_dir.mkdir(parents=True, exist_ok=True)

    def json_path(self, name: str) -> Path:
        return self.cards / f"{self.slugs[name]}.json"

    def scan(self) -> list[str]:
        """Read the reports there already; the names still to do."""
        todo = []
        for name in self.names:
            report = read_report(self.json_path(name), name)
            try:
                if report is None:
                    raise KeyError(name)
                self.counts[name] = CardCounts.of(name, report)
            except (KeyError, TypeError, AttributeError):  # not there, or not a report
                todo.append(name)
                continue
            html = self.cards / f"{self.slugs[name]}.html"
            if self.render is not None and not html.exists():
                self._render(name, report)
            if name not in self.errors:
                (self.error_dir / f"{self.slugs[name]}.json").unlink(missing_ok=True)
        return todo

    def _render(self, name: str, report: dict[str, Any]) -> None:
        assert self.render is not None
        try:
            write_atomic(self.cards / f"{self.slugs[name]}.html", self.render(report))
        except Exception as e:
            self.fail(name, f"render: {type(e).__name__}: {e}", traceback.format_exc())

    def fail(self, name: str, error: str, trace: str) -> None:
        slug = self.slugs[name]
        record = {"name": name, "error": error, "file": f"errors/{slug}.json"}
        self.errors[name] = record
        write_atomic(self.error_dir / f"{slug}.json",
                     json.dumps({**record, "traceback": trace}, ensure_ascii=False,
                                indent=1) + "\n")

    def result(self, res: Mapping[str, Any]) -> None:
        """Write one card's result (its report, or its error)."""
        name = res["name"]
        if not res["ok"]:
            self.fail(name, res["error"], res["traceback"])
            return
        write_atomic(self.json_path(name), res["json"])
        (self.error_dir / f"{self.slugs[name]}.json").unlink(missing_ok=True)
        self.counts[name] = res["counts"]
        self.computed += 1
        if self.render is not None:
            self._render(name, json.loads(res["json"]))

    def finish(self, render_index: Render | None) -> Path:
        """errors.json, index.json (and index.html): every card in the names' order."""
        errors = [self.errors[n] for n in self.names if n in self.errors]
        write_atomic(self.out / "errors.json",
                     json.dumps({"errors": errors}, ensure_ascii=False, indent=1) + "\n")
        index = index_data([self.counts[n] for n in self.names if n in self.counts],
                           self.slugs, errors)
        path = self.out / "index.json"
        write_atomic(path, json.dumps(index, ensure_ascii=False, indent=1) + "\n")
        if render_index is not None:
            write_atomic(self.out / "index.html", render_index(index))
        return path


def _failed(name: str, value: Any) -> dict[str, Any]:
    """The result of a task that didn't finish (its worker died, it was cancelled):
    as_completed gives ``(type, error, traceback)`` or the error."""
    error = value[1] if isinstance(value, tuple) and len(value) == 3 else value
    if not isinstance(error, BaseException):
        error = RuntimeError(f"the task didn't finish: {value!r}")
    return {"name": name, "ok": False, "error": f"{type(error).__name__}: {error}",
            "traceback": "".join(traceback.format_exception(error)), "seconds": 0.0}


def batch_size(cards: int, threads: int) -> int:
    """Cards per task: enough tasks for 16 per worker thread, at most ``MAX_BATCH``
    cards each (fewer round trips to the scheduler for many cards; one card each for a
    few, so that no worker waits on another's long batch)."""
    return max(1, min(MAX_BATCH, cards // (16 * max(1, threads))))


def _compute(client: Client, run: _Run, todo: Sequence[str], task: str | bytes,
             cards_file: str | None, progress: Progress, window: int, batch: int) -> float:
    """Send the cards, ``batch`` a task, at most ``window`` tasks at a time; write each
    result as it comes. The tasks' own seconds, added up."""
    from distributed import as_completed

    token = uuid.uuid4().hex[:8]
    batches = (list(todo[i:i + batch]) for i in range(0, len(todo), batch))
    pending: dict[Any, list[str]] = {}

    def submit(names: list[str]) -> Any:
        future = client.submit(run_cards, task, names, cards_file, pure=False,
                               key=f"manacheck-cards-{run.slugs[names[0]]}-{token}")
        pending[future] = names
        return future

    task_seconds = 0.0
    # with_results: the results are fetched in the background as they finish, not one
    # round trip each here; a task that didn't finish gives its error instead.
    queue = as_completed([submit(b) for b in islice(batches, window)], with_results=True,
                         raise_errors=False)
    for future, value in queue:
        names = pending.pop(future)
        results = value if future.status == "finished" else [_failed(n, value)
                                                              for n in names]
        future.release()
        for res in results:
            task_seconds += float(res.get("seconds", 0.0))
            run.result(res)
        progress.update(len(results))
        nxt = next(batches, None)
        if nxt is not None:
            queue.add(submit(nxt))
    return task_seconds


def run_pool(names: Iterable[str], out_dir: str | os.PathLike[str], *,
             cards_file: str | os.PathLike[str] | None = None,
             scheduler: str | Client | None = None, workers: int | None = None,
             task: CardTask | str = DEFAULT_TASK, progress: bool = True,
             render: Render | None = None, render_index: Render | None = None,
             window: int | None = None, batch: int | None = None,
             warmup: str | None = None) -> PoolSummary:
    """Every card's report in ``out_dir``, computed on a Dask cluster; see the module.

    Parameters
    ----------
    names
        The cards (see :func:`pool_names`); a name given twice is done once.
    out_dir
        Where the reports go (made if needed). A folder of an earlier run is resumed.
    cards_file
        ``--cards FILE``, passed to the task; readable at the same path on the workers.
    scheduler
        ``None``: a local cluster of ``workers`` processes (default: one per CPU).
        An address (``tcp://HOST:PORT``): that scheduler's workers; ``workers`` is then
        how many to wait for before starting (default 1, at most
        ``WAIT_FOR_WORKERS_S`` seconds). A :class:`distributed.Client`: its cluster,
        left open.
    task
        ``task(name, *, cards_file=...) -> dict`` (a CARD_REPORT_SCHEMA report), a
        callable (pickled with cloudpickle: see the module), or ``"module:function"``.
    progress
        A progress line on stderr when it is a terminal.
    render, render_index
        A card's report, and the index, to HTML (``cards/<slug>.html``, ``index.html``).
    window
        How many tasks are sent ahead at most (default: 4 per worker thread, at least
        8): the client holds no more results than ``window * batch``.
    batch
        Cards per task (default :func:`batch_size`). A worker that dies takes its
        task's cards with it: they are recorded as errors and done again by a rerun.
    warmup
        A card each worker reports first, not written and not in ``compute_seconds``
        (its one-time costs, such as reading ``cards_file``, in ``warmup_seconds``):
        for measuring.

    Returns
    -------
    PoolSummary
        The counts; ``errors`` names the cards that have no report.

    Raises
    ------
    ImportError, AttributeError, TypeError
        The workers can't import ``task`` (checked on every worker before any card).
    TimeoutError
        No worker joined the scheduler at ``scheduler`` in time.
    """
    start = time.perf_counter()
    names = list(dict.fromkeys(names))
    cards = os.path.abspath(cards_file) if cards_file is not None else None
    run = _Run(Path(out_dir), names, render)
    todo = run.scan()
    threads, compute_s, task_s, warm_s = 0, 0.0, 0.0, 0.0
    if todo:
        import cloudpickle  # distributed's; by value what the workers can't import

        # Pickled here, once, with cloudpickle, whatever it holds (distributed would
        # pickle a functools.partial by reference with pickle).
        spec = task if isinstance(task, str) else cloudpickle.dumps(task)
        with _client(scheduler, workers) as client:
            threads = _threads(client)
            t0 = time.perf_counter()
            # Fails fast: no card is tried with a task the workers can't import.
            client.run(_check_task, spec, warmup, cards)
            warm_s = time.perf_counter() - t0
            bar = Progress(len(names), len(names) - len(todo), enabled=progress)
            t0 = time.perf_counter()
            try:
                task_s = _compute(client, run, todo, spec, cards, bar,
                                  window or max(8, 4 * threads),
                                  batch or batch_size(len(todo), threads))
            finally:
                bar.close()
            compute_s = time.perf_counter() - t0
    index = run.finish(render_index)
    errors = tuple((n, run.errors[n]["error"]) for n in names if n in run.errors)
    return PoolSummary(run.out, len(names), run.computed, len(names) - len(todo),
                       errors, threads, time.perf_counter() - start, compute_s, task_s, index,
                       warm_s)
