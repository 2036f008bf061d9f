"""The judges' page's overhead (issue 33): a question asked through the page's server
against the same question through the Python API, and the autocomplete over the pool.

The page round trip is what the page does: an HTTP POST to ``/api/ask`` of a local
server (``manacheck.web``, on 127.0.0.1, a free port) with the board as JSON, the answer
read back and decoded. The Python API is ``load_state_text`` of the same board, then
the command's ``reply`` and its text (what the CLI prints, without a process). Both are
run in turn, ``--runs`` times each after a warm-up, and the medians compared: the
overhead must be at most ``MAX_OVERHEAD_MS`` ms. The autocomplete is ``GET
/api/complete`` of queries over the whole pool (23,000 names): each at most
``MAX_COMPLETE_MS`` ms. Exit status 1 when a target doesn't hold.

Writes nothing into the checkout (bytecode goes to a temporary folder).
Run: python benchmarks/web.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

import http.client
import json
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_OVERHEAD_MS = 50.0
MAX_COMPLETE_MS = 50.0
ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "kozilek.yaml"
KOZILEK = "Kozilek, the Great Distortion"
QUESTIONS: list[dict[str, Any]] = [
    {"kind": "can-activate", "object": KOZILEK},
    {"kind": "pay", "object": "Kitchen Finks", "player": "Alice"},
    {"kind": "produce"},
]
QUERIES = ["f", "forest", "kozilek, the", "llanowar elves", "of the", "zzz", "dragon",
           "island"]


def _median_ms(fn: Callable[[], Any], runs: int) -> float:
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=(
        f"targets: page overhead at most {MAX_OVERHEAD_MS:g} ms over the Python API; "
        f"autocomplete at most {MAX_COMPLETE_MS:g} ms a query"))
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each (15)")
    args = parser.parse_args()

    import yaml
    from manacheck.model.statefile import load_state_text

    from manacheck.commands import can_activate, pay, produce
    from manacheck.web.server import make_server

    text = BOARD.read_text(encoding="utf-8")
    board = yaml.safe_load(text)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(method: str, path: str, body: Any = None) -> Any:
        raw = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=raw, headers={"Content-Type": "application/json"})
        return json.loads(conn.getresponse().read())

    def api(q: dict[str, Any]) -> str:
        state = load_state_text(text, name="board.yaml")
        if q["kind"] == "can-activate":
            r = can_activate.reply(state, q["object"])
        elif q["kind"] == "pay":
            r = pay.reply(state, None, player=q["player"], for_object=q["object"])
        else:
            r = produce.reply(state)
        return r.text()

    ok = True
    print(f"board: {BOARD.relative_to(ROOT)}; medians of {args.runs} runs")
    for q in QUESTIONS:
        page = _median_ms(lambda q=q: request("POST", "/api/ask",  # type: ignore[misc]
                                              {"board": board, "question": q}), args.runs)
        direct = _median_ms(lambda q=q: api(q), args.runs)  # type: ignore[misc]
        over = page - direct
        holds = over <= MAX_OVERHEAD_MS
        ok &= holds
        print(f"  {q['kind']:<13} page {page:7.1f} ms  API {direct:7.1f} ms  overhead "
              f"{over:6.1f} ms (ratio {page / direct:4.2f}; target <= {MAX_OVERHEAD_MS:g} ms: "
              f"{'holds' if holds else 'MISSED'})")
    worst = 0.0
    for query in QUERIES:
        path = f"/api/complete?q={query.replace(' ', '%20')}"
        worst = max(worst, _median_ms(lambda path=path: request("GET", path),  # type: ignore[misc]
                                      args.runs))
    names = len(server.api.names)
    holds = worst <= MAX_COMPLETE_MS
    ok &= holds
    print(f"  autocomplete over {names:,} names: slowest query's median {worst:.1f} ms "
          f"(target <= {MAX_COMPLETE_MS:g} ms: {'holds' if holds else 'MISSED'})")
    conn.close()
    server.shutdown()
    server.server_close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
