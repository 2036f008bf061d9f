"""Is this cost payable at all? A relaxed max-flow from mana sources to symbols.

The network is a *relaxation* of the payment problem: every source group may send up
to (members x most mana one activation adds) units, each to any symbol one of its
options could pay; pool mana and (for Phyrexian symbols) 2-life payments are sources
too; every symbol is a sink of its mana value at the cheapest mode ({2/W} counts 1,
generic {n} counts n). The groups' units pass through one hub whose capacity is
the pool's mana plus the most mana activations can bring net of their own mana
costs (:func:`net_units`: three Cascading Cataracts, "{5}, {T}: Add five mana",
bring at most three). A real payment always gives such a flow, so a max-flow below the
demand proves the cost unpayable: this is the fast "no" of ``is_payable`` and an
independent cross-check in the tests. When every source adds one mana, no source has
a mana or life cost and the cost has no {2/W}, the flow is exact (each unit of flow is
one source's choice).

Rules
-----
CR 601.2h: the whole cost is paid at once. CR 605.3a, 601.2g: mana abilities that cost
mana are paid while the cost is, from the same mana. CR 107.4c, 107.4e, 107.4f, 107.4h: who pays
{C}, hybrid, Phyrexian and {S}. CR 119.4: life can be paid only up to the life total.
CR 106.6: restricted mana only where allowed. CR 702.66a: with delve, the cheapest
total cost (every card it could exile) is checked.
"""

from __future__ import annotations

import copy
import dataclasses

from manacheck.model import GameState, ManaCost, ManaType, SymbolKind

from ..maxflow import FlowNetwork
from .board import Board
from .kinds import accepts
from .sources import board_for, build_board

__all__ = ["flow_payable", "flow_possible", "max_payable_units", "payable_upper_bound"]


def _slot_accepts(kind: SymbolKind, ok: frozenset[ManaType] | None, t: ManaType, snow: bool
                  ) -> bool:
    if kind is SymbolKind.SNOW:
        return snow
    if kind is SymbolKind.MONO_HYBRID:
        return True  # {2/W} relaxed to "one unit of anything"
    return ok is None or t in ok  # CR 107.4, with 609.4b's spend rule


def max_payable_units(board: Board) -> tuple[int, int]:
    """(max-flow value, demand) of the relaxed network."""
    net = FlowNetwork()
    s, t = net.node(), net.node()
    demand = 0
    slots: list[tuple[int, SymbolKind, frozenset[ManaType] | None]] = []
    life_slots: list[int] = []
    for sym in board.cost:
        units = sym.amount if sym.kind is SymbolKind.GENERIC else 1
        if units == 0:
            continue
        node = net.node()
        net.edge(node, t, units)
        demand += units
        slots.append((node, sym.kind, accepts(sym, board.spend)))
        if board.life_payable(sym):  # CR 107.4f; K'rrik
            life_slots.append(node)
    if demand == 0:
        return 0, 0
    # Every unit of mana that reaches the cost passes through the hub: at most the
    # pool's mana plus what the activations add, less what their own mana costs take
    # (see net_units; pool mana may pay an activation's cost instead of the cost).
    hub = net.node()
    net.edge(s, hub, net_units(board) + sum(pk.amount for pk in board.pool))
    for grp in board.groups:
        cap = 0
        node = net.node()
        for options, bound in grp.blocks():
            widest = 0
            for o in options:
                kind = board.kinds[o.kind]
                if not board.allowed_main(kind.restriction):
                    continue
                widest = max(widest, kind.event.total)
                for slot, sk, colors in slots:
                    if any(_slot_accepts(sk, colors, ty, kind.snow) for ty in kind.event.types):
                        net.edge(node, slot, demand)
            cap += widest * bound
        if cap:
            net.edge(hub, node, cap)
    for pk in board.pool:
        if not pk.allowed:
            continue
        node = net.node()
        net.edge(hub, node, pk.amount)
        for slot, sk, colors in slots:
            if _slot_accepts(sk, colors, pk.type, pk.snow):
                net.edge(node, slot, demand)
    life_units = min(board.phyrexian, max(board.life, 0) // 2)
    if life_units:
        node = net.node()
        net.edge(s, node, life_units)
        for slot in life_slots:
            net.edge(node, slot, 1)
    return net.maxflow(s, t), demand


def net_units(board: Board) -> int:
    """The most mana the groups' activations can bring to the cost beyond what pays
    their own costs: for each block of options sharing a bound (``Group.blocks``),
    the bound times its best option's gain, what it adds less the fewest units its
    own mana cost takes (never below 0: an option that adds less than it costs is
    better not used).

    Every unit an activation adds is spent on the cost, on another activation's cost,
    or left over, and each activation's cost takes at least its fewest units (a
    {2/W} symbol one), so the units reaching the cost are at most the sum of
    (adds - costs) over the activations made, which this bounds.
    """
    total = 0
    for grp in board.groups:
        for options, bound in grp.blocks():
            gain = max((board.kinds[o.kind].event.total
                        - board.fewest_units(board.kinds[o.kind].mana_cost)
                        for o in options), default=0)
            total += max(gain, 0) * bound
    return total


def payable_upper_bound(board: Board) -> bool:
    """False only if the cost is certainly unpayable (max-flow below the demand)."""
    value, demand = max_payable_units(board)
    return value >= demand


def plain_sources_pay(board: Board) -> bool:
    """Whether the sources whose abilities cost no mana pay the cost on their own,
    decided exactly: True only then (False means "not this way", nothing more).

    A fast sufficient test of "payable?" for boards with mana abilities that cost mana
    (a payment that uses no Signet is a payment). Only options that add one
    unrestricted mana, pay no life and cost no mana are used, the cost must have only
    colored, {C} and generic symbols, and no spend-as-though rule, tapper or outlet may
    be in play: then the relaxed max-flow is exact (each unit of flow is one
    activation of a real payment).

    Rules
    -----
    CR 601.2g-h: any set of activations that pays the whole cost is a payment, so a
    payment found among fewer sources is one of the board's. CR 106.6, 119.4: options
    with a spending restriction or a life cost are not among them.
    """
    if board.spend or board.spend_sources or board.uses_tappers or board.uses_sacs or board.convoke:
        return False
    if any(not pk.allowed or pk.not_generic for pk in board.pool):
        return False
    if any(sym.kind not in (SymbolKind.GENERIC, SymbolKind.COLORED, SymbolKind.COLORLESS)
           for sym in board.cost):
        return False
    groups = []
    for g in board.groups:
        # Only the options the relaxed flow decides exactly; leaving others out is
        # sound for a "yes" (a payment without them is a payment).
        opts = tuple(o for o in g.options
                     if not board.kinds[o.kind].mana_cost and o.event.total == 1
                     and board.kinds[o.kind].restriction is None and not o.life)
        if opts:
            groups.append(dataclasses.replace(g, options=opts))
    plain = copy.copy(board)
    plain.groups = groups
    return payable_upper_bound(plain)


def flow_possible(board: Board) -> bool:
    """:func:`payable_upper_bound`, asked once per board."""
    if board.flow_possible is None:
        board.flow_possible = payable_upper_bound(board)
    return board.flow_possible


def flow_payable(state: GameState, player: str, cost: ManaCost | str, *,
                 x: int | None = None, for_object: str | None = None,
                 exclude: frozenset[str] = frozenset()) -> bool:
    """The max-flow answer to "payable?" for the same arguments as ``payments``.

    Exact for one-mana sources without mana or life costs and costs without {2/W};
    otherwise an upper bound (False means unpayable).
    """
    b = board_for(state, player, cost, x, for_object, exclude)
    most = b.delve_most()
    if most:  # delve (CR 702.66a): the cheapest total cost, every card exiled
        b = build_board(state, player, b.cost.reduced(most), b.for_object, b.exclude,
                        delve_done=True)
    return payable_upper_bound(b)
