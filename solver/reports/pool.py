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

Dask is imported only by :func:`run_pool` (and the functions it calls on the workers
don't need it): importing this module, or ``manacheck``, costs no Dask start-up.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
import pickle
import re
import sys
import tempfile
import time
import traceback
import unicodedata
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["DEFAULT_TASK", "INDEX_FORMAT", "INDEX_VERSION", "MAX_BATCH", "CardCounts",
           "CardTask", "PoolSummary", "Progress", "batch_size", "card_slugs", "index_data",
           "pool_names", "read_report", "resolve_task", "run_card", "run_cards", "run_pool",
           "slug_base", "write_atomic"]

#: The per-card report function the pool runs unless told otherwise.
DEFAULT_TASK = "manacheck.solver.reports.card:card_report"
INDEX_FORMAT = "manacheck-report-index"
INDEX_VERSION = 1
#: A slug's readable part is at most this long (the file system's limit is 255 bytes).
MAX_SLUG = 80
#: Hex digits of the name's SHA-256 that tell apart names with the same readable slug.
DIGEST_LENGTH = 8
#: At most this many cards in one task (see :func:`batch_size`).
MAX_BATCH = 16
#: Seconds to wait for a remote scheduler's first workers.
WAIT_FOR_WORKERS_S = 60.0
# Names Windows reserves for devices, in any letter case and with any extension.
_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                       *(f"lpt{i}" for i in range(10))})


class CardTask(Protocol):
    """A card's report: what the pool runs once per card (on a worker)."""

    def __call__(self, name: str, /, *, cards_file: str | None) -> dict[str, Any]: ...


Render = Callable[[dict[str, Any]], str]


# ---- names and file names -----------------------------------------------------------

def pool_names(cards_file: str | Path | None = None) -> list[str]:
    """The names of the cards a whole-pool report covers, in the database's order.

    Parameters
    ----------
    cards_file
        ``--cards FILE``: every card defined in the file (the built-in card format), or
        every card a download (MTGJSON, Scryfall) gives, each face under its own name as
        ``--cards`` reads it. ``None``: the built-in cards.

    Raises
    ------
    StateFileError, BadInput
        As ``--cards`` does, for a file that can't be read.
    """
    from manacheck.model.carddata import builtin_cards

    if cards_file is None:
        return list(builtin_cards())
    from manacheck.model.cards import CardDatabase
    from manacheck.model.statefile import load_card_file

    # On an empty database: only the file's own cards.
    return list(dict.fromkeys(load_card_file(cards_file, CardDatabase())))


# Letters that Unicode doesn't decompose into ASCII ones (Æther, Jötun are decomposed).
_LETTERS = str.maketrans({"Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss",
                          "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
                          "Þ": "Th", "þ": "th", "Ł": "L", "ł": "l"})


def slug_base(name: str) -> str:
    """The readable part of a card's file name: ASCII letters and digits in lower case,
    ``-`` between words (``Lim-Dûl's Vault`` gives ``lim-duls-vault``, ``Æther Vial``
    ``aether-vial``)."""
    folded = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    folded = folded.encode("ascii", "ignore").decode("ascii")
    folded = re.sub(r"['’`]", "", folded.lower())
    base = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return base[:MAX_SLUG].rstrip("-") or "card"


def _digest(name: str, length: int) -> str:
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:length]


def card_slugs(names: Iterable[str]) -> dict[str, str]:
    """A file-system-safe file name (without extension) for every name, all different.

    A name whose :func:`slug_base` no other name shares (and that isn't a device name
    on Windows) keeps it; names that share one (``Fire // Ice`` and ``Fire, Ice``, or
    two spellings that differ only in letter case, which a case-insensitive file system
    can't tell apart) each add the first hex digits of their SHA-256. The result depends
    only on the set of names, not on their order.
    """
    groups: dict[str, list[str]] = {}
    for name in dict.fromkeys(names):
        groups.setdefault(slug_base(name), []).append(name)
    plain = {base for base, members in groups.items()
             if len(members) == 1 and base not in _RESERVED}
    out: dict[str, str] = {}
    used = set(plain)
    for base in sorted(groups):
        if base in plain:
            out[groups[base][0]] = base
            continue
        for name in sorted(groups[base]):
            length = DIGEST_LENGTH
            while (slug := f"{base}-{_digest(name, length)}") in used:
                length += 4  # only if another name's plain slug looks like this one
            used.add(slug)
            out[name] = slug
    return out


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a temporary file in the
    same folder, then renamed over ``path``.

    Not synced to the disk (that took most of the time of a small report): a process
    that stops leaves the file whole or absent; after a power cut a file may be left
    empty, which :func:`read_report` refuses, so the card is done again.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_report(path: Path, name: str) -> dict[str, Any] | None:
    """The report in ``path`` if it is there, parses, and is ``name``'s (any letter
    case); else None (the card is to be done again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return None
    return data if data["name"].casefold() == name.casefold() else None


# ---- the counts of a report ---------------------------------------------------------

@dataclass(frozen=True)
class CardCounts:
    """What the index says of one card's report."""

    name: str
    cases: int = 0
    rulings: int = 0
    rulings_matched: int = 0
    #: Rulings no case shows, by their ``reason_kind`` (``unexplained`` when it has none).
    rulings_unmatched: Mapping[str, int] = field(default_factory=dict)
    #: Undecided answers by effect family.
    undecided: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, name: str, report: Mapping[str, Any]) -> CardCounts:
        """The counts of one CARD_REPORT_SCHEMA report."""
        rulings = [r for r in report.get("rulings") or [] if isinstance(r, Mapping)]
        unmatched = Counter(str(r.get("reason_kind") or "unexplained")
                            for r in rulings if not r.get("cases"))
        undecided = {str(k): int(v) for k, v in (report.get("undecided") or {}).items()}
        return cls(name, len(report.get("cases") or []), len(rulings),
                   len(rulings) - sum(unmatched.values()), dict(unmatched), undecided)

    def entry(self, slug: str) -> dict[str, Any]:
        """The card's line in ``index.json``."""
        return {"name": self.name, "file": f"cards/{slug}.html",
                "json": f"cards/{slug}.json", "cases": self.cases, "rulings": self.rulings,
                "rulings_matched": self.rulings_matched,
                "undecided": sum(self.undecided.values())}


def _versions() -> tuple[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    from manacheck.model import CR_VERSION

    try:
        return version("manacheck"), CR_VERSION
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown", CR_VERSION


def index_data(counts: Sequence[CardCounts], slugs: Mapping[str, str],
               errors: Sequence[Mapping[str, str]] = ()) -> dict[str, Any]:
    """``index.json``: every card with its counts, in ``counts``' order, and the totals.

    ``errors`` are the cards that have no report (``name``, ``error``, ``file``).
    """
    unmatched: Counter[str] = Counter()
    undecided: Counter[str] = Counter()
    for c in counts:
        unmatched.update(c.rulings_unmatched)
        undecided.update(c.undecided)
    manacheck_version, cr_version = _versions()
    return {
        "format": INDEX_FORMAT, "version": INDEX_VERSION,
        "manacheck_version": manacheck_version, "cr_version": cr_version,
        "cards": [c.entry(slugs[c.name]) for c in counts],
        "totals": {"cards": len(counts), "cases": sum(c.cases for c in counts),
                   "rulings": sum(c.rulings for c in counts),
                   "rulings_matched": sum(c.rulings_matched for c in counts),
                   "rulings_unmatched": dict(sorted(unmatched.items())),
                   "undecided": dict(sorted(undecided.items())),
                   "errors": len(errors)},
        "errors": [dict(e) for e in errors],
    }


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


def _check_task(task: CardTask | str | bytes) -> str:
    resolve_task(task)
    return os.getcwd()


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

    @property
    def ok(self) -> bool:
        """Every card has its report."""
        return not self.errors

    @property
    def rate(self) -> float:
        """Cards computed per second of compute time (0 if none)."""
        return self.computed / self.compute_seconds if self.compute_seconds > 0 else 0.0

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
        with LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                          processes=True, host="127.0.0.1", dashboard_address=None) as cluster, \
                Client(cluster) as client:
            yield client
    elif isinstance(scheduler, str):
        with Client(scheduler) as client:
            client.wait_for_workers(workers or 1, timeout=WAIT_FOR_WORKERS_S)
            yield client
    else:
        yield scheduler


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
            if report is None:
                todo.append(name)
                continue
            self.counts[name] = CardCounts.of(name, report)
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
             window: int | None = None, batch: int | None = None) -> PoolSummary:
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
    threads, compute_s, task_s = 0, 0.0, 0.0
    if todo:
        import cloudpickle  # distributed's; by value what the workers can't import

        # Pickled here, once, with cloudpickle, whatever it holds (distributed would
        # pickle a functools.partial by reference with pickle).
        spec = task if isinstance(task, str) else cloudpickle.dumps(task)
        with _client(scheduler, workers) as client:
            threads = _threads(client)
            client.run(_check_task, spec)  # fails fast: no card tried with a bad task
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
                       errors, threads, time.perf_counter() - start, compute_s, task_s, index)
