"""The one max-flow of the solver: a small Edmonds–Karp network on integer arrays.

Every "does this mana pay these symbols?" question is a bipartite flow from units of
mana (and life) to symbol slots. Both users of a max-flow go through this module:

* the exact check of a payment (:mod:`manacheck.solver.payments.exact`), asked once per
  distinct multiset of mana kinds, often tens of thousands of times per question;
* the "payable at all?" relaxation (:mod:`manacheck.solver.payments.precheck`), asked
  once per question.

Why not networkx's ``maximum_flow_value``: the networks here have 5–60 nodes and are
built and solved in the counting programme's inner loop. networkx builds a residual
graph of dicts per call; ``benchmarks/maxflow.py`` runs both on the same networks
(431 networks of about 13 nodes: 37 ms against 625 ms, 17x, on 2026-12-01). networkx
stays the independent reference: ``tests/test_maxflow.py`` compares the two on random
networks.

Rules
-----
None: this is plain graph arithmetic. The rules live in the networks built on it
(CR 601.2h: the whole cost is paid at once, so a payment is a flow that saturates
every symbol).
"""

from __future__ import annotations

__all__ = ["FlowNetwork"]


class FlowNetwork:
    """A directed network with integer capacities and a max-flow (Edmonds–Karp).

    Nodes are integers from :meth:`node`; :meth:`edge` returns the edge's index, whose
    flow after :meth:`maxflow` is :meth:`flow_on`.

    Examples
    --------
    >>> net = FlowNetwork()
    >>> s, a, t = net.node(), net.node(), net.node()
    >>> e = net.edge(s, a, 3)
    >>> _ = net.edge(a, t, 2)
    >>> net.maxflow(s, t), net.flow_on(e)
    (2, 2)
    """

    __slots__ = ("adj", "cap", "to")

    def __init__(self) -> None:
        self.adj: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []

    def node(self) -> int:
        """A new node."""
        self.adj.append([])
        return len(self.adj) - 1

    def edge(self, u: int, v: int, c: int) -> int:
        """An edge u -> v of capacity ``c`` (and its residual twin); its index."""
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(c)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)
        return len(self.to) - 2

    def flow_on(self, e: int) -> int:
        """The flow on edge ``e`` after :meth:`maxflow` (its residual twin's capacity)."""
        return self.cap[e ^ 1]

    def maxflow(self, s: int, t: int) -> int:
        """The value of a maximum s-t flow; the capacities become the residual network.

        Shortest augmenting paths (breadth-first), each pushed by its bottleneck:
        O(V E^2) in theory, a handful of paths on these networks.
        """
        total = 0
        adj, to, cap = self.adj, self.to, self.cap
        while True:
            prev = [-1] * len(adj)
            prev[s] = -2
            queue = [s]
            for u in queue:
                if u == t:
                    break
                for e in adj[u]:
                    v = to[e]
                    if cap[e] > 0 and prev[v] == -1:
                        prev[v] = e
                        queue.append(v)
            if prev[t] == -1:
                return total
            # The bottleneck: no sentinel "infinity" (capacities are exact integers of
            # any size: 3^30 mana is more than 2^40, 3^40 more than 2^60).
            v = t
            push = cap[prev[v]]
            while v != s:
                e = prev[v]
                push = min(push, cap[e])
                v = to[e ^ 1]
            v = t
            while v != s:
                e = prev[v]
                cap[e] -= push
                cap[e ^ 1] += push
                v = to[e ^ 1]
            total += push
