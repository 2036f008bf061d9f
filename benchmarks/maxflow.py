"""Why the solver has its own max-flow: ours against networkx on the real networks.

The exact check of the payment solver builds one small flow network per distinct
multiset of mana kinds (hundreds to thousands per count). This records every network
the exact check builds while counting the payments of generated "mixed" boards (filter
lands, two-mana rocks, snow, life: the boards where the general check runs), then
solves each of them with :class:`manacheck.solver.maxflow.FlowNetwork` and with
networkx's ``maximum_flow_value`` (building its graph included, as the solver would
have to), checks the values agree, and prints the times and their ratio.

Target: the same value on every network, and ours at least ``MIN_RATIO`` times faster
than networkx (the reason to keep a max-flow of our own; 17x when it was written). Exit
status 1 when either is missed.

Run: ``python benchmarks/maxflow.py`` (a few seconds).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

# Bytecode, this process's and its children's, goes to a folder of its own, never into
# the checkout (a PYTHONPYCACHEPREFIX already set is kept).
sys.pycache_prefix = os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "manacheck-bench-pycache"))

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import board
from manacheck.model import load_state_text
from manacheck.solver import maxflow
from manacheck.solver.payments import search_payments as payments

Network = tuple[int, list[tuple[int, int, int]], int, int]
MIN_RATIO = 5.0


def record(sizes: list[int]) -> list[Network]:
    """Every network the exact check solves while counting on boards of these sizes."""
    seen: list[Network] = []
    original = maxflow.FlowNetwork.maxflow

    def spy(self: maxflow.FlowNetwork, s: int, t: int) -> int:
        edges = [(self.to[e ^ 1], self.to[e], self.cap[e]) for e in range(0, len(self.to), 2)]
        seen.append((len(self.adj), edges, s, t))
        return original(self, s, t)

    maxflow.FlowNetwork.maxflow = spy  # type: ignore[method-assign]
    try:
        for n in sizes:
            for cost in ("{2}{W}{U}", "{3}{G}{G}", "{1}{B}{R}{S}"):
                state = load_state_text(board(n, "mixed", seed=n))
                payments(state, "A", cost).count()
    finally:
        maxflow.FlowNetwork.maxflow = original  # type: ignore[method-assign]
    return seen


def ours(net: Network) -> int:
    n, edges, s, t = net
    f = maxflow.FlowNetwork()
    for _ in range(n):
        f.node()
    for u, v, c in edges:
        f.edge(u, v, c)
    return f.maxflow(s, t)


def with_networkx(net: Network) -> int:
    n, edges, s, t = net
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for u, v, c in edges:
        if g.has_edge(u, v):
            g[u][v]["capacity"] += c
        else:
            g.add_edge(u, v, capacity=c)
    value: int = nx.maximum_flow_value(g, s, t)
    return value


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        epilog=f"Target: the same values, ours at least {MIN_RATIO:.0f}x faster than "
               "networkx; exit status 1 when missed.").parse_args(argv)
    nets = record([6, 10, 14])
    t0 = time.perf_counter()
    a = [ours(x) for x in nets]
    t_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    b = [with_networkx(x) for x in nets]
    t_nx = time.perf_counter() - t0
    if a != b:
        print("MISMATCH between the two max-flows", file=sys.stderr)
        return 1
    nodes = sum(x[0] for x in nets) / max(len(nets), 1)
    print(f"{len(nets)} exact-check networks (mean {nodes:.0f} nodes) from counting "
          f"'mixed' boards of 6, 10 and 14 sources:")
    print(f"  FlowNetwork (ours): {t_ours * 1000:8.1f} ms")
    print(f"  networkx:           {t_nx * 1000:8.1f} ms")
    print(f"  ratio:              {t_nx / t_ours:8.1f}x  (same values on every network)")
    ok = t_nx / t_ours >= MIN_RATIO
    print(f"target: at least {MIN_RATIO:.0f}x: {'holds' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
