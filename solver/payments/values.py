"""What a payment is: the values every payment question answers with.

A *payment* (issue 3) is identified by the multiset of (interchangeable source group,
ability, mana that activation adds), the pool mana spent, the life paid and the cards
delved. How mana is assigned to symbols is shown (one valid assignment) but does not
make payments distinct.

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 107.4f, 119.4: life paid for Phyrexian symbols. CR 701.21a: what a sacrifice outlet
sacrifices (shown, not part of identity). CR 702.66a: delve.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from manacheck.model import ManaType

from ..amounts import Amounts, fmt_amounts
from ..notdecided import NotDecided

__all__ = [
    "Assigned",
    "ManaUse",
    "Payment",
    "PaymentSearchLimit",
    "SacrificePlan",
    "fmt_types",
    "use_key",
]


def fmt_types(types: Iterable[ManaType]) -> str:
    """Mana types as symbols in WUBRG order: ``{W}{G}``."""
    return "".join("{" + t.value + "}" for t in sorted(types, key=lambda t: t.order))


@dataclass(frozen=True, slots=True)
class ManaUse:
    """Activations of one ability of one group of interchangeable sources.

    ``object`` is the first id used, ``ids`` the ids used (``times`` of them, or one
    id activated ``times`` times for repeatable abilities), ``group`` every
    interchangeable id, ``ability`` the 1-based ability number (as in
    ``Characteristics.activated``; for a card in hand, among the card's activated
    abilities), ``mana`` what each activation adds: exact (CR 107.1; a tuple of types
    given here is turned into :class:`~manacheck.solver.amounts.Amounts`).
    """

    object: str
    ability: int
    mana: Amounts
    times: int = 1
    ids: tuple[str, ...] = ()
    group: tuple[str, ...] = ()
    zone: str = "battlefield"
    #: Permanents these activations sacrifice for a "Sacrifice a creature" cost (Ashnod's
    #: Altar): one valid choice, shown, not part of what makes payments distinct.
    sacrificed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        mana: Amounts | Iterable[ManaType] = self.mana
        if not isinstance(mana, Amounts):
            object.__setattr__(self, "mana", Amounts.of(mana))

    @property
    def mana_text(self) -> str:
        """What each activation adds, compact for long runs (``{G}×27``)."""
        return fmt_amounts(self.mana)


#: Which permanents each outlet activation sacrifices, by (object, ability, mana).
SacrificePlan = dict[tuple[str, int, Amounts], tuple[str, ...]]


def use_key(u: ManaUse) -> tuple[str, int, Amounts]:
    return (u.object, u.ability, u.mana)


@dataclass(frozen=True, slots=True)
class Assigned:
    """``times`` mana (or 2 life each) paying one symbol, or one generic mana of a symbol
    each (``{1}``): identical units are one entry, so an amount of any size is one."""

    symbol: str
    paid_with: str
    source: str
    part_of: str = ""  # "" for the cost itself, else "activating <id> ability <n>"
    times: int = 1


@dataclass(frozen=True, eq=False)
class Payment:
    """One distinct payment. Equal payments have equal :attr:`identity` (issue 3).

    ``activations`` name every source used; ``pool`` the pool mana spent; ``life`` the
    life paid (Phyrexian symbols and life in activation costs); ``leftover`` the mana
    added but not spent (exact); ``assignment`` one valid way the mana pays the symbols.
    """

    activations: tuple[ManaUse, ...]
    pool: tuple[ManaType, ...] = ()
    life: int = 0
    leftover: Amounts = Amounts((0, 0, 0, 0, 0, 0))
    assignment: tuple[Assigned, ...] = ()
    colors_left: frozenset[ManaType] = frozenset()
    pool_detail: tuple[str, ...] = ()  # each pool mana spent, e.g. "{G}", "{G} (snow)"
    #: With sacrifice outlets: whether the outlets still find enough to sacrifice when
    #: some permanents aren't available (a cost sacrifices them), and every permanent
    #: they might sacrifice. Not part of what makes payments distinct.
    sacrifice_check: Callable[[frozenset[str]], SacrificePlan | None] | None = field(
        default=None, repr=False)
    sacrificable: frozenset[str] = frozenset()
    #: Cards exiled from the graveyard with delve, each paying {1} (CR 702.66a). Which
    #: cards is a cost choice: only how many makes payments distinct.
    delved: int = 0

    def avoiding(self, unavailable: frozenset[str]) -> Payment | None:
        """This payment with its outlets sacrificing none of ``unavailable`` (a cost
        sacrifices them), or None if the outlets can't then find enough."""
        if self.sacrifice_check is None or not unavailable:
            return self
        plan = self.sacrifice_check(unavailable)
        if plan is None:
            return None
        return dataclasses.replace(self, activations=tuple(
            dataclasses.replace(u, sacrificed=plan.get(use_key(u), ()))
            for u in self.activations))

    @property
    def identity(self) -> tuple[object, ...]:
        acts = sorted(
            (tuple(sorted(u.group or (u.object,))), u.ability, fmt_amounts(u.mana), u.times)
            for u in self.activations
        )
        merged: dict[tuple[object, ...], int] = {}
        for g, a, m, t in acts:
            merged[(g, a, m)] = merged.get((g, a, m), 0) + t
        pool = tuple(sorted(self.pool_detail)) if self.pool_detail else \
            tuple(fmt_types([t]) for t in sorted(self.pool, key=lambda t: t.order))
        return (tuple(sorted(merged.items(), key=repr)), pool, self.life, self.delved)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Payment) and self.identity == other.identity

    def __hash__(self) -> int:
        return hash(self.identity)

    @property
    def permanents(self) -> int:
        """How many activations (sources) the payment uses."""
        return sum(u.times for u in self.activations)

    def sort_key(self) -> tuple[int, int, str]:
        """Best first: fewest sources, then most colors still available."""
        return (self.permanents, -len(self.colors_left), self.text)

    @property
    def text(self) -> str:
        parts = []
        for u in self.activations:
            times = f" x{u.times}" if u.times > 1 else ""
            sac = f"; sacrificing {' and '.join(u.sacrificed)}" if u.sacrificed else ""
            how = "convoke" if u.ability == 0 else f"ability {u.ability}"
            parts.append(f"{u.object}{times} [{how}: {u.mana_text}{sac}]")
        if self.pool:
            plain = all(d.startswith("{") and d.endswith("}") for d in self.pool_detail)
            parts.append(f"pool {fmt_types(self.pool)}" if plain else
                         "pool " + " ".join(sorted(self.pool_detail)))
        if self.life:
            parts.append(f"{self.life} life")
        if self.delved:
            parts.append(f"delve: exile {self.delved} card{'s' if self.delved > 1 else ''} "
                         f"from your graveyard")
        text = ", ".join(parts) if parts else "nothing"
        if self.leftover:
            text += f" (leftover {fmt_amounts(self.leftover)})"
        return text

    def to_data(self) -> dict[str, Any]:
        return {
            "activations": [
                {"object": u.object, "ability": u.ability, "mana": u.mana_text,
                 "amounts": u.mana.to_data(), "times": u.times, "ids": list(u.ids),
                 "group": list(u.group),
                 "zone": u.zone, **({"sacrificed": list(u.sacrificed)} if u.sacrificed
                                    else {})}
                for u in self.activations
            ],
            "pool": fmt_types(self.pool),
            **({"pool_detail": sorted(self.pool_detail)}
               if any(" " in d for d in self.pool_detail) else {}),
            "life": self.life,
            **({"delve": self.delved} if self.delved else {}),
            "leftover": fmt_amounts(self.leftover),
            "leftover_amounts": self.leftover.to_data(),
            "assignment": [
                {"symbol": a.symbol, "paid_with": a.paid_with, "source": a.source,
                 **({"for": a.part_of} if a.part_of else {}),
                 **({"times": a.times} if a.times != 1 else {})}
                for a in self.assignment
            ],
        }

    def __repr__(self) -> str:
        return f"Payment({self.text})"

    def swapped(self, a: str, b: str) -> Payment:
        """This payment with objects ``a`` and ``b`` exchanged everywhere.

        For twins (interchangeable objects that nothing else refers to), exchanging them
        maps the game onto itself, so this is a payment of the same cost for the twin.
        A group that holds both stays as it is (it is the same set); ids keep the
        group's order.
        """
        def sw(o: str) -> str:
            return b if o == a else a if o == b else o

        uses = []
        for u in self.activations:
            ids = tuple(sw(i) for i in u.ids)
            group = u.group if {a, b} <= set(u.group) else tuple(sw(g) for g in u.group)
            if group:
                order = {g: n for n, g in enumerate(group)}
                ids = tuple(sorted(ids, key=lambda i: order.get(i, len(order))))
            obj = ids[0] if ids else sw(u.object)
            uses.append(dataclasses.replace(u, object=obj, ids=ids, group=group,
                                            sacrificed=tuple(sw(m) for m in u.sacrificed)))

        def part(text: str) -> str:
            head = "activating "
            return head + sw(text[len(head):]) if text.startswith(head) else text

        assignment = sorted((Assigned(x.symbol, x.paid_with, sw(x.source), part(x.part_of),
                                      x.times)
                             for x in self.assignment),
                            key=lambda x: (x.part_of, x.symbol, x.paid_with, x.source))
        return dataclasses.replace(self, activations=tuple(uses), assignment=tuple(assignment))


class PaymentSearchLimit(NotDecided):
    """A search of the payment solver stopped at its budget (:mod:`.limits`): the
    answer it was for is not decided (never bad input); ``stopped`` is the message."""

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message, suggestion=suggestion, stopped=message)


class StatesSpent(PaymentSearchLimit):
    """The counting programme's state budget is spent (the listing, which keeps at
    least as many states, would spend its own too)."""


# ---------------------------------------------------------------------------------------
# Sources, kinds and groups
# ---------------------------------------------------------------------------------------

