"""Least fixed points of monotone set equations over a dependency graph.

"What could this permanent produce?" (CR 106.7) is a system of equations: Reflecting
Pool's answer is made of its lands' answers, which may include other Reflecting Pools
and Exotic Orchards looking back at it. The meaning the rules give it is the *least*
fixed point: a type is produced only if some chain of abilities grounded in a real
producer gives it (Reflecting Pool's ruling: "Multiple Reflecting Pools won't help
each other produce mana"; Exotic Orchard's ruling on two Orchards and a Pool).

:func:`least_fixed_point` condenses the strongly connected components of the
dependency graph (networkx), solves them in topological order, and iterates inside
a component until nothing changes. There is no depth cap and no "already computing"
cut, so the answer does not depend on the order of evaluation.
:func:`naive_least_fixed_point` is the reference: iterate every equation until
nothing changes.

Rules
-----
CR 106.7: what a permanent "could produce".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import networkx as nx


__all__ = ["least_fixed_point", "naive_least_fixed_point"]

N = TypeVar("N", bound=Hashable)
V = TypeVar("V", bound=Hashable)

#: ``step(node, values)``: the node's value given the current values of the others.
Step = Callable[[N, Mapping[N, frozenset[V]]], frozenset[V]]


def least_fixed_point(
    nodes: Iterable[N],
    depends_on: Mapping[N, Iterable[N]],
    step: Callable[[N, Mapping[N, frozenset[V]]], frozenset[V]],
) -> dict[N, frozenset[V]]:
    """The least solution of ``value[n] = step(n, value)`` for every node.

    Parameters
    ----------
    nodes : iterable
        Every node of the system.
    depends_on : mapping
        ``depends_on[n]``: the nodes whose values ``step(n, ...)`` reads. Reading
        any other node is a bug in the caller.
    step : callable
        Must be monotone: more in the inputs never means less in the output.

    Returns
    -------
    dict
        The least fixed point: every value starts empty and only grows.

    Notes
    -----
    Builds the dependency ``DiGraph`` (edge ``d -> n`` when ``n`` reads ``d``),
    takes ``nx.condensation`` and walks ``nx.topological_sort`` of it. A component
    of one node without a self-loop is computed once; otherwise its members are
    re-evaluated until a whole pass changes nothing. With finite value sets (here at
    most six mana types per node) this terminates: each pass that continues adds at
    least one element. Cost: O(sum over components of |C| x passes x step).

    Rules
    -----
    CR 106.7: least fixed point; no evaluation order appears in the answer.
    """
    import networkx as nx  # imported here: it costs ~0.3 s, and most CLI runs never need it

    g: nx.DiGraph = nx.DiGraph()
    node_list = list(nodes)
    g.add_nodes_from(node_list)
    for n in node_list:
        for d in depends_on.get(n, ()):
            g.add_edge(d, n)
    values: dict[N, frozenset[V]] = {n: frozenset() for n in g}
    cond = nx.condensation(g)
    for comp in nx.topological_sort(cond):
        members = sorted(cond.nodes[comp]["members"], key=repr)
        cyclic = len(members) > 1 or g.has_edge(members[0], members[0])
        changed = True
        while changed:
            changed = False
            for n in members:
                new = values[n] | step(n, values)
                if new != values[n]:
                    values[n] = new
                    changed = True
            if not cyclic:
                break
    return {n: values[n] for n in node_list}


def naive_least_fixed_point(
    nodes: Iterable[N],
    step: Callable[[N, Mapping[N, frozenset[V]]], frozenset[V]],
) -> dict[N, frozenset[V]]:
    """Reference: Kleene iteration of every equation from empty until stable."""
    node_list = list(nodes)
    values: dict[N, frozenset[V]] = {n: frozenset() for n in node_list}
    changed = True
    while changed:
        changed = False
        for n in node_list:
            new = values[n] | step(n, values)
            if new != values[n]:
                values[n] = new
                changed = True
    return values
