"""Is this cost payable at all? A networkx max-flow from mana sources to symbols.

The network is a *relaxation* of the payment problem: every source group may send up
to (members x most mana one activation adds) units, each to any symbol one of its
options could pay; pool mana and (for Phyrexian symbols) 2-life payments are sources
too; every symbol is a sink of its mana value at the cheapest mode ({2/W} counts 1,
generic {n} counts n). A real payment always gives such a flow, so a max-flow below the
demand proves the cost unpayable: this is the fast "no" of ``is_payable`` and the
independent cross-check in the tests. When every source adds one mana, no source has
a mana or life cost and the cost has no {2/W}, the flow is exact (each unit of flow is
one source's choice).

Rules
-----
CR 601.2h: the whole cost is paid at once. CR 107.4c, 107.4e, 107.4f, 107.4h: who pays
{C}, hybrid, Phyrexian and {S}. CR 119.4: life can be paid only up to the life total.
CR 106.6: restricted mana only where allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx
from manacheck.model import GameState, ManaCost, ManaType, SymbolKind

if TYPE_CHECKING:
    from .payments import _Board

__all__ = ["flow_payable", "max_payable_units", "payable_upper_bound"]


def _slot_accepts(kind: SymbolKind, colors: tuple[ManaType, ...], t: ManaType, snow: bool
                  ) -> bool:
    if kind is SymbolKind.COLORED or kind is SymbolKind.HYBRID or \
            kind is SymbolKind.PHYREXIAN or kind is SymbolKind.HYBRID_PHYREXIAN:
        return t in colors
    if kind is SymbolKind.COLORLESS:
        return t is ManaType.C
    if kind is SymbolKind.SNOW:
        return snow
    return True  # generic, and {2/W} relaxed to "one unit of anything"


def _network(board: _Board) -> tuple[nx.DiGraph, int]:
    g = nx.DiGraph()
    demand = 0
    slots: list[tuple[str, SymbolKind, tuple[ManaType, ...]]] = []
    for i, s in enumerate(board.cost):
        units = s.amount if s.kind is SymbolKind.GENERIC else 1
        if units == 0:
            continue
        name = f"sym{i}"
        g.add_edge(name, "T", capacity=units)
        demand += units
        slots.append((name, s.kind, s.colors))
    for gi, grp in enumerate(board.groups):
        cap = 0
        node = f"grp{gi}"
        for o in grp.options:
            kind = board.kinds[o.kind]
            if not board.allowed_main(kind.restriction):
                continue
            cap = max(cap, len(kind.event) * (1 if o.exclusive else o.repeat))
            for name, sk, colors in slots:
                if any(_slot_accepts(sk, colors, t, kind.snow) for t in kind.event):
                    g.add_edge(node, name, capacity=demand)
        if cap:
            g.add_edge("S", node, capacity=cap * grp.size)
    for pi, pk in enumerate(board.pool):
        if not pk.allowed:
            continue
        node = f"pool{pi}"
        g.add_edge("S", node, capacity=pk.amount)
        for name, sk, colors in slots:
            if _slot_accepts(sk, colors, pk.type, pk.snow):
                g.add_edge(node, name, capacity=demand)
    life_units = min(board.phyrexian, max(board.life, 0) // 2)
    if life_units:
        g.add_edge("S", "life", capacity=life_units)
        for name, sk, _ in slots:
            if sk in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
                g.add_edge("life", name, capacity=1)
    g.add_node("S")
    g.add_node("T")
    return g, demand


def max_payable_units(board: _Board) -> tuple[int, int]:
    """(max-flow value, demand) of the relaxed network."""
    g, demand = _network(board)
    if demand == 0:
        return 0, 0
    value: int = nx.maximum_flow_value(g, "S", "T")
    return value, demand


def payable_upper_bound(board: _Board) -> bool:
    """False only if the cost is certainly unpayable (max-flow below the demand)."""
    value, demand = max_payable_units(board)
    return value >= demand


def flow_payable(state: GameState, player: str, cost: ManaCost | str, *,
                 x: int | None = None, for_object: str | None = None,
                 exclude: frozenset[str] = frozenset()) -> bool:
    """The max-flow answer to "payable?" for the same arguments as ``payments``.

    Exact for one-mana sources without mana or life costs and costs without {2/W};
    otherwise an upper bound (False means unpayable).
    """
    from .payments import _Board, _board, _delve_most

    b = _board(state, player, cost, x, for_object, exclude)
    most = _delve_most(b)
    if most:  # delve (CR 702.66a): the cheapest total cost, every card exiled
        b = _Board(state, player, b.cost.reduced(most), b.for_object, b.exclude,
                   delve_done=True)
    return payable_upper_bound(b)
