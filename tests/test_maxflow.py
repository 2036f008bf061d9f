"""The solver's one max-flow (:mod:`manacheck.solver.maxflow`) against networkx's.

networkx is the independent reference: on random networks (bipartite ones shaped like
the payment networks, and general ones with cycles and parallel edges) both give the
same max-flow value, and the flow ours reports is a valid flow of that value
(capacities respected, conservation at every inner node).
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st
from manacheck.solver.maxflow import FlowNetwork

Edge = tuple[int, int, int]


@st.composite
def networks(draw: st.DrawFn) -> tuple[int, list[Edge]]:
    n = draw(st.integers(2, 9))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                    st.integers(0, 12)), max_size=30))
    return n, [(u, v, c) for u, v, c in edges if u != v]


@st.composite
def payment_like(draw: st.DrawFn) -> tuple[int, list[Edge]]:
    """Source -> units -> slots -> sink, with a leftover node, as the exact check builds."""
    units = draw(st.integers(1, 6))
    slots = draw(st.integers(1, 6))
    s, t, left = 0, 1, 2
    edges: list[Edge] = [(left, t, draw(st.integers(0, 5)))]
    for i in range(units):
        u = 3 + i
        edges.append((s, u, draw(st.integers(0, 4))))
        edges.append((u, left, draw(st.integers(0, 3))))
        for j in range(slots):
            if draw(st.booleans()):
                edges.append((u, 3 + units + j, 1 << 40))
    for j in range(slots):
        edges.append((3 + units + j, t, draw(st.integers(0, 4))))
    return 3 + units + slots, edges


def check(n: int, edges: list[Edge]) -> None:
    net = FlowNetwork()
    for _ in range(n):
        net.node()
    ids = [net.edge(u, v, c) for u, v, c in edges]
    value = net.maxflow(0, n - 1)
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    for u, v, c in edges:  # parallel edges add up
        if g.has_edge(u, v):
            g[u][v]["capacity"] += c
        else:
            g.add_edge(u, v, capacity=c)
    assert value == nx.maximum_flow_value(g, 0, n - 1)
    net_flow = [0] * n
    for (u, v, c), e in zip(edges, ids, strict=True):
        f = net.flow_on(e)
        assert 0 <= f <= c
        net_flow[u] -= f
        net_flow[v] += f
    assert net_flow[n - 1] == value and net_flow[0] == -value
    assert all(x == 0 for x in net_flow[1:n - 1])


@settings(max_examples=300, deadline=None)
@given(networks())
def test_general_networks_agree_with_networkx(net: tuple[int, list[Edge]]) -> None:
    check(*net)


@settings(max_examples=300, deadline=None)
@given(payment_like())
def test_payment_shaped_networks_agree_with_networkx(net: tuple[int, list[Edge]]) -> None:
    n, edges = net
    # the sink is node 1 in this shape: relabel it to the last node
    relabel = {1: n - 1, n - 1: 1}
    check(n, [(relabel.get(u, u), relabel.get(v, v), c) for u, v, c in edges])


def test_a_known_network() -> None:
    # CLRS figure 26.1: max-flow 23.
    edges = [(0, 1, 16), (0, 2, 13), (1, 3, 12), (2, 1, 4), (2, 4, 14), (3, 2, 9),
             (3, 5, 20), (4, 3, 7), (4, 5, 4)]
    net = FlowNetwork()
    for _ in range(6):
        net.node()
    for u, v, c in edges:
        net.edge(u, v, c)
    assert net.maxflow(0, 5) == 23
