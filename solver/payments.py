"""How can I pay this? Every distinct payment of a mana cost, lazily, and their count.

A *payment* (issue 3) is identified by the multiset of (interchangeable source group,
ability, mana that activation adds), the pool mana spent and the life paid. Permanents
are interchangeable when they are the same card in the same status (tapped, summoning
sickness, counters, chosen values, controller) and offer the same mana options. How
mana is assigned to symbols is shown (one valid assignment) but does not make payments
distinct. Every activated source contributes at least one mana; the rest of a
multi-mana activation is *leftover*.

Design
------
* Sources are grouped; the constraint problem (``manacheck.solver.csp``) has one
  integer variable per (group, option): how many members of the group make that
  option, plus one per pool entry (how much of it is spent) and one for how many
  Phyrexian symbols are paid with life. Symmetric duplicates are never visited.
* Hybrid and {2/W} choices are *not* variables: they don't distinguish payments, so
  they are decided inside the exact check, a small max-flow over mana units and
  symbol slots (with a leftover allowance that enforces "at least one mana from each
  activation"). The check depends only on the multiset of mana *kinds*, so it is
  memoized.
* :meth:`Payments.count` counts combinatorially: a dynamic programme over the groups
  whose state is the multiset of kinds made so far, checked once per distinct state.
* :mod:`manacheck.solver.flow` (networkx max-flow) is the fast "payable?" pre-check.

Rules
-----
CR 601.2g-h: mana abilities are activated before costs are paid; the total cost is paid
at once; partial payments are not allowed.
CR 605.3a: mana abilities can be activated while paying. CR 302.6: a creature's {T}/{Q}
abilities need it under its controller's control since their turn began (or haste,
CR 702.10). CR 107.5 / 107.6: {T} needs it untapped, {Q} tapped.
CR 107.4c: {C} only with colorless mana. CR 107.4e: hybrid by either half, {2/W} by W or
two mana. CR 107.4f: Phyrexian by its color or 2 life. CR 107.4h: {S} by mana from a
snow source. CR 107.3: X. CR 119.4, 119.4b: life can be paid only up to the life total
(0 always). CR 106.6: spending restrictions. CR 106.12a: triggered mana (through
``activation_outcomes``).

Mana abilities that cost mana (filter lands) are paid from other sources, the pool,
or the mana of an activation made before them: every order of those activations is
tried (at most ``MAX_CHAIN`` of them in one payment), so Swamp -> Graven Cairns ->
Graven Cairns chains are found (CR 605.3a).

Limits that say when they are hit: counting stops (``PaymentSearchLimit``, the CLI
prints "complete": false) past ``DEFAULT_MAX_STATES`` partial states or
``DEFAULT_MAX_CHECKS`` exact checks; best-first listing examines at most
``DEFAULT_MAX_SCAN`` payments per number of sources (``Payments.best_complete``).

Activation conditions (Mox Opal's metalcraft) are evaluated
(:func:`manacheck.model.conditions.condition_holds`); a mana ability that may be
activated only as an instant (Lion's Eye Diamond) is never activated while paying
(its ruling).

Sacrifice outlets ("Sacrifice a creature: Add {C}{C}", Ashnod's Altar, Krark-Clan
Ironworks, Phyrexian Tower) are sources like any other: each activation needs its own
permanent to sacrifice (CR 701.21a), which may have been tapped for mana first (CR
601.2g) but may not sacrifice itself for mana too. The permanents they sacrifice are a
budget shared by every group (Hall's condition over the outlets' filters, checked with
each solution); which permanent is sacrificed is a cost choice (like the creature
Springleaf Drum taps) and doesn't make payments distinct: one valid choice is shown
(``ManaUse.sacrificed``). With outlets, payments are counted one by one (up to
``SAC_COUNT_LIMIT``).

Delve (CR 702.66a): for a spell with delve, :func:`payments` returns a
:class:`DelvePayments`, the union over each number of cards exiled (``Payment.delved``;
which cards doesn't make payments distinct). Affinity is applied to the total cost by
:func:`reduce_for_casting`. Convoke (CR 702.51a): each untapped creature is a source
("ability 0") adding one mana of one of its colors, or {C} if colorless (left out when
the cost has {C} or {S}, where {C} mana and a generic payment differ).

Known limits (said, not hidden): a permanent activates each exclusive ({T},
{Q}, sacrifice, exile) ability at most once; sources whose mana, cost parts (discard,
exile another permanent, variable amounts, {X}), condition, or repeated activations
of a mana-costing ability ("{R}: Add {B}") can't be modelled are *left out*
(:attr:`Payments.left_out`), and every answer then says it is a lower bound (a "not
payable" becomes "not decided"); mana a trigger adds (Mana Flare) counts as coming
from the tapped source for {S}.
"""

from __future__ import annotations

import dataclasses
import functools
import heapq
import inspect
import itertools
from collections import Counter as _Multiset
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from manacheck.model import (
    COLORS,
    ActivatedAbility,
    CardDefinition,
    CostKind,
    GameState,
    ManaCost,
    ManaProductionKind,
    ManaSymbol,
    ManaType,
    ObjectFilter,
    Permanent,
    SpendRestriction,
    StackItem,
    SymbolKind,
    Zone,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.characteristics import bind_restriction, tap_abilities_blocked
from manacheck.model.conditions import condition_holds
from manacheck.model.errors import BadInput, UnknownObject
from manacheck.model.state import Card

from . import produce
from .csp import CSP

__all__ = [
    "DEFAULT_MAX_STATES",
    "DelvePayments",
    "ManaUse",
    "Payment",
    "Payments",
    "cost_for_object",
    "count_payments",
    "is_payable",
    "payments",
    "reduce_for_casting",
    "resolve_cost",
    "unpayable_reasons",
]

#: The counting programme gives up (raising ``PaymentSearchLimit``) past this many states.
DEFAULT_MAX_STATES = 2_000_000
#: At most this many activations of mana abilities that cost mana are ordered in one
#: payment (their orders are tried one by one).
MAX_CHAIN = 6
#: The counting programme gives up after this many exact (max-flow) checks.
DEFAULT_MAX_CHECKS = 30_000
#: ``Payments.best`` examines at most this many payments per number of sources.
DEFAULT_MAX_SCAN = 2_000
#: With sacrifice outlets, payments are counted one by one, up to this many.
SAC_COUNT_LIMIT = 20_000

_T = ManaType


def _fmt(types: Iterable[ManaType]) -> str:
    return "".join("{" + t.value + "}" for t in sorted(types, key=lambda t: t.order))


# ---------------------------------------------------------------------------------------
# Public result types
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ManaUse:
    """Activations of one ability of one group of interchangeable sources.

    ``object`` is the first id used, ``ids`` the ids used (``times`` of them, or one
    id activated ``times`` times for repeatable abilities), ``group`` every
    interchangeable id, ``ability`` the 1-based ability number (as in
    ``Characteristics.activated``; for a card in hand, among the card's activated
    abilities), ``mana`` what each activation adds.
    """

    object: str
    ability: int
    mana: tuple[ManaType, ...]
    times: int = 1
    ids: tuple[str, ...] = ()
    group: tuple[str, ...] = ()
    zone: str = "battlefield"
    #: Permanents these activations sacrifice for a "Sacrifice a creature" cost (Ashnod's
    #: Altar): one valid choice, shown, not part of what makes payments distinct.
    sacrificed: tuple[str, ...] = ()

    @property
    def mana_text(self) -> str:
        return _fmt(self.mana)


#: Which permanents each outlet activation sacrifices, by (object, ability, mana).
SacrificePlan = dict[tuple[str, int, tuple[ManaType, ...]], tuple[str, ...]]


def _use_key(u: ManaUse) -> tuple[str, int, tuple[ManaType, ...]]:
    return (u.object, u.ability, u.mana)


@dataclass(frozen=True, slots=True)
class Assigned:
    """One mana (or 2 life) paying one symbol (or one generic mana of a symbol)."""

    symbol: str
    paid_with: str
    source: str
    part_of: str = ""  # "" for the cost itself, else "activating <id> ability <n>"


@dataclass(frozen=True, eq=False)
class Payment:
    """One distinct payment. Equal payments have equal :attr:`identity` (issue 3).

    ``activations`` name every source used; ``pool`` the pool mana spent; ``life`` the
    life paid (Phyrexian symbols and life in activation costs); ``leftover`` the mana
    added but not spent; ``assignment`` one valid way the mana pays the symbols.
    """

    activations: tuple[ManaUse, ...]
    pool: tuple[ManaType, ...] = ()
    life: int = 0
    leftover: tuple[ManaType, ...] = ()
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
            dataclasses.replace(u, sacrificed=plan.get(_use_key(u), ()))
            for u in self.activations))

    @property
    def identity(self) -> tuple[object, ...]:
        acts = sorted(
            (tuple(sorted(u.group or (u.object,))), u.ability, _fmt(u.mana), u.times)
            for u in self.activations
        )
        merged: dict[tuple[object, ...], int] = {}
        for g, a, m, t in acts:
            merged[(g, a, m)] = merged.get((g, a, m), 0) + t
        pool = tuple(sorted(self.pool_detail)) if self.pool_detail else \
            tuple(_fmt([t]) for t in sorted(self.pool, key=lambda t: t.order))
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
            parts.append(f"pool {_fmt(self.pool)}" if plain else
                         "pool " + " ".join(sorted(self.pool_detail)))
        if self.life:
            parts.append(f"{self.life} life")
        if self.delved:
            parts.append(f"delve: exile {self.delved} card{'s' if self.delved > 1 else ''} "
                         f"from your graveyard")
        text = ", ".join(parts) if parts else "nothing"
        if self.leftover:
            text += f" (leftover {_fmt(self.leftover)})"
        return text

    def to_data(self) -> dict[str, Any]:
        return {
            "activations": [
                {"object": u.object, "ability": u.ability, "mana": u.mana_text,
                 "times": u.times, "ids": list(u.ids), "group": list(u.group),
                 "zone": u.zone, **({"sacrificed": list(u.sacrificed)} if u.sacrificed
                                    else {})}
                for u in self.activations
            ],
            "pool": _fmt(self.pool),
            **({"pool_detail": sorted(self.pool_detail)}
               if any(" " in d for d in self.pool_detail) else {}),
            "life": self.life,
            **({"delve": self.delved} if self.delved else {}),
            "leftover": _fmt(self.leftover),
            "assignment": [
                {"symbol": a.symbol, "paid_with": a.paid_with, "source": a.source,
                 **({"for": a.part_of} if a.part_of else {})}
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

        assignment = sorted((Assigned(x.symbol, x.paid_with, sw(x.source), part(x.part_of))
                             for x in self.assignment),
                            key=lambda x: (x.part_of, x.symbol, x.paid_with, x.source))
        return dataclasses.replace(self, activations=tuple(uses), assignment=tuple(assignment))


class PaymentSearchLimit(BadInput):
    """Counting stopped: the problem is beyond the configured state limit."""


# ---------------------------------------------------------------------------------------
# Sources, kinds and groups
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Kind:
    """What validity depends on: the mana of one activation and its cost side-effects."""

    event: tuple[ManaType, ...]
    snow: bool
    restriction: SpendRestriction | None
    mana_cost: ManaCost  # paid with other sources' mana (filter lands)
    life: int  # life paid as part of the activation cost (CR 119.4)
    filter_source: str  # card name of a mana-costing ability's source, else ""
    taps_other: int  # "Tap an untapped creature you control" (not {T}: no CR 302.6)
    taps_filter: ObjectFilter | None
    sacs_other: int = 0  # "Sacrifice a creature" (Ashnod's Altar): permanents it uses up
    sac_filter: int = -1  # index in _Board.sac_filters of what it may sacrifice


@dataclass(frozen=True, slots=True)
class _Option:
    ability: int
    kind: int
    exclusive: bool  # {T}, {Q}, sacrifice or exile: once per permanent
    repeat: int  # max activations per permanent when not exclusive
    taps_self: bool
    life: int = 0  # life paid as part of the activation cost (CR 119.4)
    event: tuple[ManaType, ...] = ()  # the mana it really adds (kinds may merge types)
    gone: bool = False  # it sacrifices or exiles its own source (Lotus Petal)


@dataclass(slots=True)
class _Group:
    ids: tuple[str, ...]
    name: str
    zone: str
    options: tuple[_Option, ...]
    tappers: int  # members that could be tapped for a tap_untapped cost (0 or len(ids))
    tapper_filter_ok: tuple[bool, ...] = ()

    @property
    def size(self) -> int:
        return len(self.ids)


@dataclass(frozen=True, slots=True)
class _PoolKind:
    type: ManaType
    snow: bool
    allowed: bool
    amount: int


@functools.cache
def _takes_triggered(fn: Any) -> bool:
    return "include_triggered" in inspect.signature(fn).parameters


def _call_outcomes(state: GameState, object_id: str, number: int
                   ) -> frozenset[tuple[ManaType, ...]]:
    fn = getattr(produce, "activation_outcomes", None)
    if fn is None:  # pragma: no cover - only while a colleague edits produce.py
        perm = state.permanent(object_id)
        ab = effective(state)[perm.id].activated[number - 1]
        return produce.base_outcomes(state, perm, ab.mana) if ab.mana else frozenset()
    if _takes_triggered(fn):
        out: frozenset[tuple[ManaType, ...]] = fn(state, object_id, number,
                                                  include_triggered=True)
        return out
    out = fn(state, object_id, number)
    return out


_UNMODELLED_WHY = ("what it adds is not modelled by manacheck, so payments using it are not "
                   "listed or counted")


class _LeftOut(str):
    """Why a source is left out although it might be activated: the payment solver
    can't model it (its mana, a cost part, a condition). The answer is a lower bound."""


def _note(object_id: str, number: int, why: str) -> str:
    """Why a source isn't used: it can't be activated now, or it is left out."""
    if isinstance(why, _LeftOut):
        return f"{object_id} (ability {number}) is left out: {why}"
    return f"{object_id} (ability {number}) can't be activated: {why}"


_EXCLUSIVE_COSTS = {CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF}
_SUPPORTED_COSTS = {CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF, CostKind.PAY_LIFE,
                    CostKind.REMOVE_COUNTERS, CostKind.TAP_UNTAPPED, CostKind.REVEAL}


class _Board:
    """Everything the search needs, computed once per question."""

    def __init__(self, state: GameState, player: str, cost: ManaCost,
                 for_object: str | None, exclude: frozenset[str],
                 delve_done: bool = False) -> None:
        self.state = state
        self.delve_done = delve_done  # delve is handled by DelvePayments around it
        self.player = state.player(player)
        self.cost = cost
        self.for_object = for_object
        self.exclude = exclude
        self.notes: list[str] = []  # why sources were left out (for unpayable_reasons)
        #: Sources the solver can't fully model (their mana, a cost part or condition, or
        #: repeated activations of a mana-costing ability): answers are lower bounds
        #: when this isn't empty.
        self.left_out: list[str] = []
        self.kinds: list[_Kind] = []
        self._kind_index: dict[_Kind, int] = {}
        self.groups: list[_Group] = []
        self.id_group: dict[str, int] = {}
        self.extra_tappers = 0  # creatures that can pay tap_untapped but make no mana
        costs = [ab.mana_cost for perm in self.player.battlefield if perm.id not in exclude
                 for ab in effective(state)[perm.id].activated if ab.is_mana_ability]
        costs += [ab.mana_cost for c in self.player.hand for ab in c.card.activated_abilities
                  if ab.is_mana_ability]
        self.costly_abilities = any(bool(c) for c in costs)
        self.type_class = _type_classes([cost, *costs])
        self.snow_matters = any(sym.kind is SymbolKind.SNOW for c in [cost, *costs]
                                for sym in c)
        #: The most activations a payment could use: each adds some mana to the cost or
        #: to a mana-costing activation's cost (those activate at most once each).
        self._useful = sum(_max_units(s) for c in [cost, *costs] for s in c)
        #: What sacrifice outlets may sacrifice: (filter, source for "another").
        self.sac_filters: list[tuple[ObjectFilter, str | None]] = []
        self._sac_index: dict[tuple[ObjectFilter, str | None], int] = {}
        self.sac_split = False
        self._outlets: list[tuple[str, int]] = []
        #: "Spend only mana produced by creatures to cast this spell" (Myr Superion).
        self.creature_mana_only = self._creature_mana_only()
        #: Convoke (CR 702.51a): untapped creatures may be tapped to pay (ability 0).
        self.convoke = False
        self._other_ways_to_pay()
        self._collect()
        self.uses_sacs = any(k.sacs_other for k in self.kinds)
        if self.uses_sacs:
            self._sac_classes()
        self.pool = self._pool()
        self.life = self.player.life
        self.phyrexian = sum(1 for s in cost if s.kind in (SymbolKind.PHYREXIAN,
                                                             SymbolKind.HYBRID_PHYREXIAN))
        self._memo: dict[tuple[object, ...], bool] = {}
        self._group_colors: dict[int, frozenset[ManaType]] = {}
        self._slots_cache: dict[tuple[int, ...], list[_Slot]] = {}
        #: Exact (max-flow) checks made, and the most a count may make (None: no limit).
        self.flows = 0
        self.max_flows: int | None = None
        self.uses_tappers = any(k.taps_other for k in self.kinds)
        self.d_main_max = sum(_max_units(s) for s in cost)
        self.d_main_min = sum(1 if s.kind is SymbolKind.MONO_HYBRID else _max_units(s)
                              for s in cost)
        # Every activation gives at least one mana to the cost or to a later
        # activation's cost, so sources without a mana cost number at most the cost's
        # mana plus what the mana-costing activations ask; those are at most how many
        # the board offers (each permanent activates one exclusive ability).
        # (in mana, not symbols: Pili-Pala's {2} asks for two mana)
        cmax = max((sum(_max_units(s) for s in k.mana_cost) for k in self.kinds
                    if k.mana_cost), default=0)
        f_avail = sum(g.size if any(o.exclusive for o in g.options
                                    if self.kinds[o.kind].mana_cost) else 0
                      for g in self.groups)
        f_avail += sum(g.size * o.repeat for g in self.groups for o in g.options
                       if not o.exclusive and self.kinds[o.kind].mana_cost)
        self.max_activations = self.d_main_max + f_avail * (1 + cmax)
        #: Activations without a mana cost: N + F <= demand <= d_main_max + F * cmax.
        self.max_plain = self.d_main_max + f_avail * max(cmax - 1, 0)
        self._simple = self._simple_check_data()

    # -- restrictions (CR 106.6) -------------------------------------------------------
    def allowed_main(self, r: object) -> bool:
        if r is None:
            return True
        if not isinstance(r, SpendRestriction) or self.for_object is None:
            return False
        obj = self.state.get(self.for_object)
        chars = object_characteristics(self.state, self.for_object)
        flt = r.abilities if isinstance(obj, Permanent) else r.spells
        if isinstance(obj, StackItem) and not obj.is_spell:
            flt = r.abilities
        return flt is not None and matches(flt, chars, obj, self.state, self.player.name)

    def allowed_filter(self, r: SpendRestriction | None, filter_kind: _Kind) -> bool:
        if r is None:
            return True
        if r.abilities is None:
            return False
        chars_all = effective(self.state)
        for perm in self.player.battlefield:
            if perm.card.name == filter_kind.filter_source:
                return matches(r.abilities, chars_all[perm.id], perm, self.state,
                               self.player.name)
        return False

    # -- sources ----------------------------------------------------------------------
    def _kind(self, k: _Kind) -> int:
        i = self._kind_index.get(k)
        if i is None:
            i = len(self.kinds)
            self.kinds.append(k)
            self._kind_index[k] = i
        return i

    @functools.cached_property
    def spell_card(self) -> CardDefinition | None:
        """The card of the spell being paid for (a card in hand or a spell on the stack),
        or None when an ability is being paid for, or nothing in particular."""
        return _spell_card(self.state, self.for_object)

    def _creature_mana_only(self) -> bool:
        """Whether the spell being cast may be paid only with mana produced by creatures
        (a static of the card itself, Myr Superion; CR 106.6)."""
        card = self.spell_card
        return card is not None and any(
            ab.params.get("spend_only_mana_from") == "creature"
            for ab in card.static_abilities)

    def _other_ways_to_pay(self) -> None:
        """Convoke (CR 702.51a: tap creatures to pay) is not part of the payment model:
        when the spell being cast has it and could use it, that is said, and every
        answer is a lower bound. So is delve (CR 702.66a) on a board built directly;
        :func:`payments` handles delve itself (:class:`DelvePayments`)."""
        card = self.spell_card
        if card is None:
            return
        kws = {k.strip().lower() for k in card.keywords}
        generic = any(s.kind is SymbolKind.GENERIC and s.amount for s in self.cost)
        if "delve" in kws and generic and self.player.graveyard and not self.delve_done:
            self.left_out.append("delve (cards in your graveyard)")
            self.notes.append("delve is left out: exiling cards from your graveyard to pay "
                              "generic mana (CR 702.66a) isn't modelled by the payment solver")
        chars = effective(self.state)
        if "convoke" not in kws or not any(chars[p.id].is_creature and not p.tapped
                                           for p in self.player.battlefield):
            return
        if any(s.kind in (SymbolKind.COLORLESS, SymbolKind.SNOW) for s in self.cost):
            # A colorless creature's convoke pays only generic mana, which a {C} or {S}
            # symbol would tell apart from {C} mana: not modelled then.
            self.left_out.append("convoke (untapped creatures)")
            self.notes.append("convoke is left out: with {C} or {S} in the cost, tapping "
                              "creatures to pay (CR 702.51a) isn't modelled")
            return
        self.convoke = True

    def _convoke_options(self, chars: Any) -> list[_Option]:
        """CR 702.51a: tapping an untapped creature you control pays one generic mana, or
        one colored mana of a color it has. As an option it is "ability 0": it taps the
        creature (exclusive, so not also for its own {T} ability; not the {T} symbol, so
        summoning sickness doesn't matter, CR 302.6) and adds one mana of one of its
        colors, or {C} for a colorless creature (only when the cost has no {C} or {S},
        so that {C} pays exactly what a generic mana pays)."""
        colors = sorted((c for c in chars.colors if c.is_color), key=lambda t: t.order)
        out = []
        for t in colors or [ManaType.C]:
            merged = (self.type_class[t],)
            k = _Kind(merged, False, None, ManaCost(()), 0, "", 0, None)
            out.append(_Option(0, self._kind(k), True, 1, True, 0, (t,)))
        return out

    def _not_from_creature(self, oid: str, number: int) -> None:
        """Myr Superion's rule keeps a noncreature source out. If a creature's mana
        ability costs mana, that source might still pay it and so help: then it is left
        out (a lower bound), not excluded."""
        if self._feeds_creatures:
            self.left_out.append(f"{oid} (ability {number})")
            self.notes.append(_note(oid, number, _LeftOut(
                "only mana produced by creatures may pay for this spell, and mana it adds "
                "could pay a creature's mana ability, which the payment solver doesn't "
                "model")))
        else:
            self.notes.append(_note(oid, number, "only mana produced by creatures may pay "
                                                 "for this spell (CR 106.6)"))

    def _collect(self) -> None:
        state = self.state
        chars_all = effective(state)
        self._feeds_creatures = self.creature_mana_only and any(
            ab.is_mana_ability and bool(ab.mana_cost)
            for p in self.player.battlefield if chars_all[p.id].is_creature
            for ab in chars_all[p.id].activated)
        keyed: dict[Hashable, list[tuple[str, tuple[_Option, ...], bool]]] = {}
        names: dict[Hashable, tuple[str, str]] = {}
        tap_filters = self._tap_filters(chars_all)
        # Identical permanents (same card, status and effective characteristics, nothing
        # attached) make the same mana: ask activation_outcomes once for them.
        options_cache: dict[Hashable, list[_Option]] = {}
        tapper_cache: dict[Hashable, bool] = {}
        attached = {p.attached_to for p in state.permanents if p.attached_to}
        for perm in self.player.battlefield:
            if perm.id in self.exclude:
                continue
            chars = chars_all[perm.id]
            opts: list[_Option] = []
            for number, ab in enumerate(chars.activated, 1):
                if not ab.is_mana_ability or ab.zone is not Zone.BATTLEFIELD:
                    continue
                if self.creature_mana_only and not chars.is_creature:
                    self._not_from_creature(perm.id, number)
                    continue
                why = self._cannot(perm, tap_abilities_blocked(state, perm), ab, number)
                if why:
                    self.notes.append(_note(perm.id, number, why))
                    continue
                outlet = any(c.kind is CostKind.SACRIFICE for c in ab.costs)
                if outlet:
                    self._outlets.append((perm.id, number))
                # (an outlet's options name what it may sacrifice, which may depend on it)
                okey: Hashable = (perm.card.name, perm.tapped, perm.summoning_sick,
                                  perm.counters, perm.chosen, perm.controller, chars, number,
                                  perm.id if outlet else None)
                hit = options_cache.get(okey) if perm.id not in attached else None
                if hit is None:
                    events = _call_outcomes(state, perm.id, number)
                    hit = self._options(ab, number, events, chars.is_snow, perm.card.name,
                                        perm)
                    if perm.id not in attached:
                        options_cache[okey] = hit
                if hit and not hit[0].exclusive and ab.mana_cost:
                    # "{R}: Add {B}" could be activated again and again; only one
                    # activation is modelled, so answers are lower bounds.
                    self.left_out.append(f"{perm.id} (ability {number})")
                    self.notes.append(_note(perm.id, number, _LeftOut(
                        "it is used at most once: repeated activations of a mana ability "
                        "that costs mana are not modelled")))
                opts.extend(hit)
            taps_only = [o for o in opts if o.exclusive and not o.gone]
            gone_only = [o for o in opts if o.gone and not o.taps_self]
            if taps_only and gone_only:
                # One permanent may tap for mana and then sacrifice itself for more (Horn
                # of Ramos); the solver uses one exclusive ability per permanent, so
                # answers are lower bounds.
                n = gone_only[0].ability
                self.left_out.append(f"{perm.id} (ability {n})")
                self.notes.append(_note(perm.id, n, _LeftOut(
                    "tapping it for mana and then sacrificing it for more is not modelled "
                    "(one of its abilities is used per payment)")))
            if self.convoke and chars.is_creature and not perm.tapped:
                opts.extend(self._convoke_options(chars))
            tkey = (perm.card.name, perm.tapped, perm.summoning_sick, perm.counters,
                    perm.chosen, perm.controller, chars)
            tapper = tapper_cache.get(tkey) if perm.id not in attached else None
            if tapper is None:
                tapper = (not perm.tapped) and any(
                    matches(f, chars, perm, state, self.player.name) for f in tap_filters)
                if perm.id not in attached:
                    tapper_cache[tkey] = tapper
            if not opts:
                if tapper:
                    self.extra_tappers += 1
                continue
            key: Hashable = ("battlefield", perm.card.name, perm.tapped, perm.summoning_sick,
                   perm.counters, perm.chosen, perm.token, perm.controller, tuple(opts),
                   tapper)
            keyed.setdefault(key, []).append((perm.id, tuple(opts), tapper))
            names[key] = (perm.card.name, "battlefield")
        for card in self.player.hand:
            if card.id in self.exclude:
                continue
            opts = []
            for number, ab in enumerate(card.card.activated_abilities, 1):
                if not ab.is_mana_ability or ab.zone is not Zone.HAND:
                    continue
                if self.creature_mana_only:  # a card in a hand is not a creature
                    self._not_from_creature(card.id, number)
                    continue
                why = self._cannot(None, False, ab, number)
                if why:
                    self.notes.append(_note(card.id, number, why))
                    continue
                fake = Permanent(card.id, card.card, self.player.name, card.owner)
                events = produce.base_outcomes(state, fake, ab.mana) if ab.mana else frozenset()
                opts.extend(self._options(ab, number, events, "Snow" in card.card.supertypes,
                                          card.card.name, None))
            if opts:
                hkey: Hashable = ("hand", card.card.name, tuple(opts))
                keyed.setdefault(hkey, []).append((card.id, tuple(opts), False))
                names[hkey] = (card.card.name, "hand")
        for key, members in keyed.items():
            name, zone = names[key]
            g = _Group(tuple(m[0] for m in members), name, zone, members[0][1],
                       len(members) if members[0][2] else 0)
            for m in members:
                self.id_group[m[0]] = len(self.groups)
            self.groups.append(g)

    def _tap_filters(self, chars_all: Mapping[str, Any]) -> list[ObjectFilter]:
        out = []
        for perm in self.player.battlefield:
            for ab in chars_all[perm.id].activated:
                for c in ab.costs:
                    if c.kind is CostKind.TAP_UNTAPPED:
                        out.append(c.filter)
        return list(dict.fromkeys(out))

    def _cannot(self, perm: Permanent | None, sick: bool, ab: ActivatedAbility,
                number: int) -> str:
        """Why this mana ability can't be activated now ("" if it can)."""
        if perm is not None:
            if ab.tap and perm.tapped:
                return "it is tapped (CR 107.5: {T} needs an untapped permanent)"
            if ab.untap and not perm.tapped:
                return "it is untapped (CR 107.6: {Q} needs a tapped permanent)"
            if (ab.tap or ab.untap) and sick:
                return ("it is a creature that hasn't been under your control since your "
                        "most recent turn began (CR 302.6)")
            if ab.once_each_turn and (perm.id, number) in self.state.activated_this_turn:
                return "it was already activated this turn (CR 602.5b)"
        if ab.timing == "as_instant":
            # Ruling (Lion's Eye Diamond): a mana ability that may be activated "only as
            # an instant" can't be activated while a spell or ability is being paid for.
            return ("it can be activated only when you could cast an instant, not while "
                    "paying a cost (CR 602.5e)")
        holds = None if ab.condition is None else condition_holds(
            self.state, ab.condition, self.player.name, perm.id if perm is not None else "")
        why = self._unmodelled(perm, ab, ab.condition is not None and holds is None)
        if why:
            self.left_out.append(f"{perm.id if perm is not None else 'a card in hand'} "
                                 f"(ability {number})")
            return why
        if ab.condition is not None and holds is not None and not holds[0]:
            return f"its condition '{ab.condition.kind}' doesn't hold (CR 602.1b)"
        for c in ab.costs:
            if c.kind is CostKind.REMOVE_COUNTERS and perm is not None and \
                    isinstance(c.count, int) and perm.counters[c.counter] < c.count:
                return f"it has fewer than {c.count} {c.counter} counter(s) (CR 602.2b)"
            if c.kind is CostKind.EXILE_SELF and perm is not None:
                return "its exile cost works from another zone"
        return ""

    def _unmodelled(self, perm: Permanent | None, ab: ActivatedAbility,
                    unknown_condition: bool) -> _LeftOut | None:
        """Why the payment solver can't use an ability it might be able to activate: then
        the source is left out and every answer is a lower bound (never a guess)."""
        if ab.mana is not None and ab.mana.kind is ManaProductionKind.UNMODELLED:
            return _LeftOut(_UNMODELLED_WHY)
        if unknown_condition and ab.condition is not None:
            return _LeftOut(f"its condition '{ab.condition.kind}' is not modelled by the "
                            f"payment solver")
        for c in ab.costs:
            if c.kind is CostKind.SACRIFICE and ab.mana is not None and (
                    ab.mana.could_produce is not None or ab.mana.per_sacrificed_mana_value):
                return _LeftOut("what it adds depends on the permanent it sacrifices")
            if c.kind is CostKind.SACRIFICE and perm is not None and isinstance(c.count, int):
                continue  # a sacrifice outlet (Ashnod's Altar): see _Board.sacs_fit
            if c.kind not in _SUPPORTED_COSTS:
                return _LeftOut(f"its cost part '{c.text}' is not modelled by the payment "
                                f"solver")
            if not isinstance(c.count, int):
                return _LeftOut(f"its cost part '{c.text}' has a variable amount")
        if ab.mana_cost.has_variable:
            return _LeftOut("its mana cost has X")
        return None

    def _repeats(self, ab: ActivatedAbility, perm: Permanent | None, life: int, taps: int,
                 tflt: ObjectFilter | None, sacs: int = 0, sac_index: int = -1) -> int:
        """How many times one permanent may activate a mana ability with no {T}, {Q},
        sacrifice or exile in its cost (CR 602.1: as often as its costs can be paid):
        bounded by its counters (Pentad Prism), by the untapped permanents its "tap an
        untapped ..." cost could tap (Grand Architect; the tapper budget then decides
        each payment), by the life total (CR 119.4), and by the mana the cost needs
        (each activation must add some of the mana the payment needs)."""
        bound = self._useful
        for c in ab.costs:
            if c.kind is CostKind.REMOVE_COUNTERS and perm is not None:
                bound = min(bound, perm.counters[c.counter] // int(c.count))
        if taps and tflt is not None:
            chars = effective(self.state)
            can_tap = sum(1 for p in self.player.battlefield
                          if not p.tapped and p.id not in self.exclude
                          and matches(tflt, chars[p.id], p, self.state, self.player.name))
            bound = min(bound, can_tap // taps)
        if life:
            bound = min(bound, max(self.player.life, 0) // life)
        if sacs and sac_index >= 0:
            bound = min(bound, len(self._sacrificable(sac_index)) // sacs)
        return max(bound, 0)

    # -- sacrifice outlets ("Sacrifice a creature: Add {C}{C}") ---------------------------
    def _sac_filter(self, flt: ObjectFilter, perm: Permanent | None) -> int:
        """The index of what an outlet may sacrifice (one per filter, and per source
        when the filter looks at it: "another creature")."""
        looks = flt.another or flt.enchanted or flt.chosen_creature_type
        src = perm.id if perm is not None and looks else None
        key = (flt, src)
        if key not in self._sac_index:
            self._sac_index[key] = len(self.sac_filters)
            self.sac_filters.append(key)
        return self._sac_index[key]

    def _sacrificable(self, index: int) -> tuple[str, ...]:
        """Permanents the player controls that fit outlet filter ``index`` (CR 701.21a:
        you sacrifice only your own permanents), objects kept out excepted."""
        flt, src = self.sac_filters[index]
        chars = effective(self.state)
        return tuple(p.id for p in self.player.battlefield if p.id not in self.exclude
                     and matches(flt, chars[p.id], p, self.state, self.player.name, src))

    def _sac_classes(self) -> None:
        """Who could be sacrificed to which outlet: for each group, whether its members
        fit each outlet filter (a group whose members differ, which an "another" filter
        can cause, leaves its outlets out); permanents in no group by id."""
        self.sac_group_sig: dict[int, tuple[bool, ...]] = {}
        self.sac_extra: dict[str, tuple[bool, ...]] = {}
        fits = [set(self._sacrificable(i)) for i in range(len(self.sac_filters))]
        for gi, g in enumerate(self.groups):
            sigs = {tuple(m in f for f in fits) for m in g.ids}
            if len(sigs) > 1:
                self.sac_split = True
                for oid, n in self._outlets:
                    self.left_out.append(f"{oid} (ability {n})")
                    self.notes.append(_note(oid, n, _LeftOut(
                        "interchangeable permanents differ in whether it may sacrifice "
                        "them, which the payment solver doesn't model")))
                return
            (sig,) = sigs
            if any(sig):
                self.sac_group_sig[gi] = sig
        for m in set().union(*fits):
            if m not in self.id_group:
                self.sac_extra[m] = tuple(m in f for f in fits)

    def sacs_fit(self, demand: Sequence[int], gone_used: Mapping[int, int],
                 unavailable: frozenset[str] = frozenset()) -> bool:
        """Whether every outlet activation gets its own permanent to sacrifice: Hall's
        condition over the outlet filters (for every set of filters, the permanents
        fitting any of them number at least what they ask). A permanent that sacrifices
        itself for mana (``gone_used`` per group), or is ``unavailable`` (a cost
        sacrifices it), can't be sacrificed again; one tapped for mana first can (CR
        601.2g: mana abilities may be activated in any order before costs are paid)."""
        wanted = [i for i, d in enumerate(demand) if d]
        if not wanted:
            return True
        if self.sac_split:
            return False
        classes: list[tuple[tuple[bool, ...], int]] = []
        for gi, sig in self.sac_group_sig.items():
            g = self.groups[gi]
            n = g.size - gone_used.get(gi, 0) - sum(1 for m in g.ids if m in unavailable)
            if n > 0:
                classes.append((sig, n))
        for m, sig in self.sac_extra.items():
            if m not in unavailable:
                classes.append((sig, 1))
        for r in range(1, len(wanted) + 1):
            for subset in itertools.combinations(wanted, r):
                need = sum(demand[i] for i in subset)
                have = sum(n for sig, n in classes if any(sig[i] for i in subset))
                if need > have:
                    return False
        return True

    def assign_sacrifices(self, demands: Sequence[int], gone_ids: frozenset[str]
                          ) -> list[str] | None:
        """One permanent for each outlet demand (its filter index), none twice and none
        in ``gone_ids``: a small augmenting-path matching. None if there is none."""
        cands = [[m for m in self._sacrificable(f) if m not in gone_ids] for f in demands]
        owner: dict[str, int] = {}

        def place(i: int, seen: set[str]) -> bool:
            for m in cands[i]:
                if m in seen:
                    continue
                seen.add(m)
                if m not in owner or place(owner[m], seen):
                    owner[m] = i
                    return True
            return False

        if not all(place(i, set()) for i in range(len(demands))):
            return None
        out = [""] * len(demands)
        for m, i in owner.items():
            out[i] = m
        return out

    def _options(self, ab: ActivatedAbility, number: int,
                 events: Iterable[tuple[ManaType, ...]], snow: bool, name: str,
                 perm: Permanent | None) -> list[_Option]:
        assert ab.mana is not None
        life = sum(int(c.count) for c in ab.costs if c.kind is CostKind.PAY_LIFE)
        taps = sum(int(c.count) for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED)
        tflt = next((c.filter for c in ab.costs if c.kind is CostKind.TAP_UNTAPPED), None)
        sacs = sum(int(c.count) for c in ab.costs if c.kind is CostKind.SACRIFICE)
        sflt = next((c.filter for c in ab.costs if c.kind is CostKind.SACRIFICE), None)
        sac_index = self._sac_filter(sflt, perm) if sacs and sflt is not None else -1
        exclusive = ab.tap or ab.untap or any(c.kind in _EXCLUSIVE_COSTS for c in ab.costs)
        gone = any(c.kind in _EXCLUSIVE_COSTS for c in ab.costs)
        repeat = 1 if exclusive or ab.mana_cost else \
            self._repeats(ab, perm, life, taps, tflt, sacs, sac_index)
        out = []
        for ev in sorted(events, key=lambda e: [t.order for t in e]):
            if not ev:
                continue
            # Kinds keep only what validity depends on: the snow flag only when some
            # cost has {S}, the restriction only when it forbids something here.
            # CR 106.6: "the chosen type" is this source's choice (Cavern of Souls).
            restriction = bind_restriction(ab.mana.restriction, perm)
            if restriction is not None and self.allowed_main(restriction) \
                    and not self.costly_abilities:
                restriction = None
            real = tuple(sorted(ev, key=lambda t: t.order))
            # Types no symbol tells apart (e.g. {G} and {C} for a generic-only cost)
            # share one representative in the kind: validity can't see the difference.
            merged = tuple(sorted((self.type_class[t] for t in real), key=lambda t: t.order))
            k = _Kind(merged, snow and self.snow_matters,
                      restriction, ab.mana_cost, 0, name if ab.mana_cost else "", taps, tflt,
                      sacs, sac_index)
            out.append(_Option(number, self._kind(k), exclusive, repeat, ab.tap, life, real,
                               gone))
        return out

    def group_colors(self, gi: int) -> frozenset[ManaType]:
        cache = self._group_colors
        if gi not in cache:
            cache[gi] = frozenset(t for o in self.groups[gi].options
                                  for t in o.event if t.is_color)
        return cache[gi]

    def pool_text(self, i: int) -> str:
        """One pool mana of entry ``i``, with what sets it apart (snow, restriction)."""
        e = self.player.mana_pool.entries[i]
        text = "{" + e.type.value + "}"
        if e.snow:
            text += " (snow)"
        if e.restriction is not None:
            r = e.restriction
            text += f" (restricted: {r.text if isinstance(r, SpendRestriction) else r})"
        return text

    def _pool(self) -> list[_PoolKind]:
        entries = self.player.mana_pool.entries
        if self.creature_mana_only and entries:
            # Where pool mana came from isn't recorded: it might be a creature's.
            self.left_out.append("the mana pool")
            self.notes.append("the mana pool is left out: only mana produced by creatures "
                              "may pay for this spell, and where pool mana came from isn't "
                              "recorded")
            return [_PoolKind(e.type, e.snow, False, e.amount) for e in entries]
        return [_PoolKind(e.type, e.snow, self.allowed_main(e.restriction), e.amount)
                for e in entries]

    # -- the exact check ----------------------------------------------------------------
    def valid(self, counts: Sequence[int], pool: Sequence[int], life_syms: int,
              tap_need: int = 0, tap_avail: int = 0, act_life: int = 0) -> bool:
        """Whether these activations (kind counts), this pool mana, these Phyrexian
        symbols paid with life and this life paid for activations pay the cost."""
        if act_life + 2 * life_syms > max(self.life, 0) and act_life + 2 * life_syms > 0:
            return False  # CR 119.4, 119.4b
        key = (tuple(counts), tuple(pool), life_syms, tap_need <= tap_avail)
        r = self._memo.get(key)
        if r is None:
            if tap_need > tap_avail:
                r = False
            elif self._simple is not None:
                r = self._simple_valid(counts, pool, life_syms)
            else:
                self.flows += 1
                if self.max_flows is not None and self.flows > self.max_flows:
                    raise PaymentSearchLimit(
                        f"counting stopped after {self.max_flows} exact checks",
                        suggestion="list payments with --limit instead")
                r = self.solve(counts, pool, life_syms) is not None
            self._memo[key] = r
        return r

    def _simple_check_data(self) -> tuple[int, dict[ManaType, int]] | None:
        """For the common case -- costs of colored, {C} and generic symbols only, every
        source adding one unrestricted mana with no mana or life cost -- validity is
        arithmetic: every unit is spent (each activation gives exactly one), so the
        total is the cost's and each type covers its own symbols. None otherwise."""
        need: dict[ManaType, int] = {}
        total = 0
        for s in self.cost:
            if s.kind is SymbolKind.GENERIC:
                total += s.amount
            elif s.kind is SymbolKind.COLORED or s.kind is SymbolKind.COLORLESS:
                t = s.colors[0] if s.kind is SymbolKind.COLORED else _T.C
                need[t] = need.get(t, 0) + 1
                total += 1
            else:
                return None
        for k in self.kinds:
            if len(k.event) != 1 or k.mana_cost or k.restriction is not None:
                return None
        if any(o.life for g in self.groups for o in g.options):
            return None
        if any(not pk.allowed for pk in self.pool):
            return None
        return total, need

    def _simple_valid(self, counts: Sequence[int], pool: Sequence[int], life_syms: int
                      ) -> bool:
        assert self._simple is not None
        total, need = self._simple
        if life_syms or sum(counts) + sum(pool) != total:
            return False
        have: dict[ManaType, int] = {}
        for k, n in enumerate(counts):
            if n:
                t = self.kinds[k].event[0]
                have[t] = have.get(t, 0) + n
        for i, n in enumerate(pool):
            if n:
                t = self.pool[i].type
                have[t] = have.get(t, 0) + n
        return all(have.get(t, 0) >= n for t, n in need.items())

    def solve(self, counts: Sequence[int], pool: Sequence[int], life_syms: int,
              act_life: int = 0) -> _Flow | None:
        """A max-flow witness that this multiset of kinds pays the cost, or None."""
        total_life = act_life + 2 * life_syms
        if total_life > 0 and total_life > self.life:  # CR 119.4, 119.4b
            return None
        if life_syms > self.phyrexian:
            return None
        # Quick necessary test: each activation gives 1..size mana, the pool and life
        # are spent in full, the demand lies between its cheapest and dearest modes.
        acts = produced = fmin = fmax = 0
        for k, n in enumerate(counts):
            if n:
                kind = self.kinds[k]
                acts += n
                produced += n * len(kind.event)
                if kind.mana_cost:
                    fmin += n * sum(1 if s.kind is SymbolKind.MONO_HYBRID else _max_units(s)
                                    for s in kind.mana_cost)
                    fmax += n * sum(_max_units(s) for s in kind.mana_cost)
        extra = sum(pool) + life_syms
        if acts + extra > self.d_main_max + fmax or produced + extra < self.d_main_min + fmin:
            return None
        filters = [k for k, n in enumerate(counts) if n and self.kinds[k].mana_cost
                   for _ in range(n)]
        if len(filters) > MAX_CHAIN:
            raise PaymentSearchLimit(
                f"{len(filters)} activations of mana abilities with a mana cost in one "
                f"payment; at most {MAX_CHAIN} are ordered (CR 605.3a)")
        if len(filters) > 1 and self._try_orders(counts, pool, life_syms,
                                                 tuple(sorted(filters)), True) is None:
            return None  # not even with every activation paying every other's cost
        for order in _orderings(filters):
            flow = self._try_orders(counts, pool, life_syms, order, False)
            if flow is not None:
                return flow
        return None

    def _try_orders(self, counts: Sequence[int], pool: Sequence[int], life_syms: int,
                    order: tuple[int, ...], relaxed: bool) -> _Flow | None:
        """The flow for one order of the mana-costing activations (each mode of the
        {2/W} symbols); ``relaxed`` lets any of them pay any other's cost."""
        slots_base = self._slots_cache.get(order)
        if slots_base is None:
            slots_base = self._slots_cache[order] = _slots(self, order)
        mono = [(i, s) for i, s in enumerate(slots_base) if s.mono]
        ranges = [range(s.count + 1) for _, s in mono]
        for choice in itertools.product(*ranges):
            slots = list(slots_base)
            for (i, s), m in zip(mono, choice, strict=True):
                slots[i] = _Slot(s.owner, s.accepts, False, False, s.count - m, False,
                                 s.symbol)
                if m:
                    slots.append(_Slot(s.owner, None, False, False, 2 * m, False,
                                       s.symbol))
            flow = _flow(self, counts, pool, life_syms, slots, order, relaxed)
            if flow is not None:
                return flow
        return None


def _orderings(filters: list[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of the mana-costing activations (kinds may repeat)."""
    if not filters:
        yield ()
        return
    seen: set[tuple[int, ...]] = set()
    for perm in itertools.permutations(sorted(filters)):
        if perm not in seen:
            seen.add(perm)
            yield perm


def _type_classes(costs: Iterable[ManaCost]) -> dict[ManaType, ManaType]:
    """Map each mana type to a representative of the types that every symbol of these
    costs treats alike (same "can this type pay it?" answers)."""
    symbols = [sym for c in costs for sym in c]

    def pays(sym: ManaSymbol, t: ManaType) -> bool:
        k = sym.kind
        if k is SymbolKind.COLORLESS:
            return t is ManaType.C
        if k in (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.MONO_HYBRID,
                 SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN):
            return t in sym.colors
        return True

    rep: dict[tuple[bool, ...], ManaType] = {}
    out: dict[ManaType, ManaType] = {}
    for t in (*COLORS, ManaType.C):
        sig = tuple(pays(sym, t) for sym in symbols)
        out[t] = rep.setdefault(sig, t)
    return out


def _max_units(s: ManaSymbol) -> int:
    if s.kind is SymbolKind.GENERIC:
        return s.amount
    if s.kind is SymbolKind.MONO_HYBRID:
        return 2
    return 1


@dataclass(frozen=True, slots=True)
class _Slot:
    """``count`` symbol units of one class. ``owner`` -1 is the cost itself, else the
    kind whose activation cost this is. ``accepts`` None means any type."""

    owner: int
    accepts: frozenset[ManaType] | None
    snow: bool
    life: bool
    count: int
    mono: bool
    symbol: str


def _symbol_slot(owner: int, s: ManaSymbol, n: int) -> _Slot:
    k = s.kind
    if k is SymbolKind.COLORED:
        return _Slot(owner, frozenset(s.colors), False, False, n, False, s.text)
    if k is SymbolKind.COLORLESS:
        return _Slot(owner, frozenset({_T.C}), False, False, n, False, s.text)
    if k is SymbolKind.GENERIC:
        return _Slot(owner, None, False, False, n * s.amount, False, s.text)
    if k is SymbolKind.HYBRID:
        return _Slot(owner, frozenset(s.colors), False, False, n, False, s.text)
    if k is SymbolKind.MONO_HYBRID:
        return _Slot(owner, frozenset(s.colors), False, False, n, True, s.text)
    if k is SymbolKind.PHYREXIAN or k is SymbolKind.HYBRID_PHYREXIAN:
        return _Slot(owner, frozenset(s.colors), False, owner == -1, n, False, s.text)
    if k is SymbolKind.SNOW:
        return _Slot(owner, None, True, False, n, False, s.text)
    raise BadInput(f"{s.text} can't be paid with mana", suggestion="give X a value with --x")


def _slots(board: _Board, order: Sequence[int]) -> list[_Slot]:
    """Symbol slots: the cost's (owner -1), then each mana-costing activation's own
    (owner = its position in ``order``)."""
    merged: dict[tuple[int, str], int] = {}
    sym_of: dict[str, ManaSymbol] = {}
    for s in board.cost:
        merged[(-1, s.text)] = merged.get((-1, s.text), 0) + 1
        sym_of[s.text] = s
    for pos, k in enumerate(order):
        for s in board.kinds[k].mana_cost:
            merged[(pos, s.text)] = merged.get((pos, s.text), 0) + 1
            sym_of[s.text] = s
    return [_symbol_slot(o, sym_of[t], n) for (o, t), n in merged.items() if n]


@dataclass(slots=True)
class _Flow:
    """A witness: units of (kind, type) or (pool index) or life sent to each slot."""

    slots: list[_Slot]
    sends: list[tuple[tuple[str, int, ManaType | None], int, int]]  # (unit, slot, amount)
    order: tuple[int, ...] = ()  # kinds of the mana-costing activations, in order


class _Net:
    """A tiny max-flow network (Edmonds-Karp with bottleneck augmentation)."""

    __slots__ = ("adj", "cap", "to")

    def __init__(self) -> None:
        self.adj: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []

    def node(self) -> int:
        self.adj.append([])
        return len(self.adj) - 1

    def edge(self, u: int, v: int, c: int) -> int:
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(c)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)
        return len(self.to) - 2

    def maxflow(self, s: int, t: int) -> int:
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
            push = 1 << 60
            v = t
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


_INF = 1 << 40


def _flow(board: _Board, counts: Sequence[int], pool: Sequence[int], life_syms: int,
          slots: list[_Slot], order: tuple[int, ...] = (), relaxed: bool = False
          ) -> _Flow | None:
    """Max-flow check that these activations, this pool mana and this life pay every
    slot, each activation giving at least one mana (its leftover is capped at its
    size minus one), pool mana and life all spent.

    Activations whose ability costs mana are taken one by one in ``order``: the mana
    of one of them may pay the cost of a later one (CR 605.3a), never its own or an
    earlier one's. The other activations are aggregated by kind.
    """
    demand = sum(s.count for s in slots)
    acts = sum(counts)
    spent = sum(pool)
    produced = sum(n * len(board.kinds[k].event) for k, n in enumerate(counts))
    # Every activation gives at least one mana, pool mana and life are all spent.
    if acts + spent + life_syms > demand or produced + spent + life_syms < demand:
        return None
    net = _Net()
    s, t, left = net.node(), net.node(), net.node()
    supply = produced + spent + life_syms
    net.edge(left, t, supply - demand)
    slot_nodes = [net.node() for _ in slots]
    for sn, sl in zip(slot_nodes, slots, strict=True):
        net.edge(sn, t, sl.count)
    units: list[tuple[tuple[str, int, ManaType | None], list[tuple[int, int]]]] = []
    # (tag, index, kind, how many activations, position in order or -1)
    sources = [("kind", k, k, n, -1) for k, n in enumerate(counts)
               if n and not board.kinds[k].mana_cost]
    sources += [("act", pos, k, 1, pos) for pos, k in enumerate(order)]
    for tag, idx, k, n, pos in sources:
        kind = board.kinds[k]
        lk = net.node()
        net.edge(lk, left, n * (len(kind.event) - 1))
        main_ok = board.allowed_main(kind.restriction)
        for ty, m in _Multiset(kind.event).items():
            u = net.node()
            net.edge(s, u, n * m)
            net.edge(u, lk, _INF)
            edges = []
            for j, sl in enumerate(slots):
                if sl.owner == -1:
                    if not main_ok:
                        continue
                elif (sl.owner == pos if relaxed else sl.owner <= pos) or \
                        not board.allowed_filter(
                        kind.restriction, board.kinds[order[sl.owner]]):
                    continue  # only later activations' costs; restrictions (CR 106.6)
                if sl.snow and not kind.snow:
                    continue
                if sl.accepts is not None and ty not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], _INF)))
            units.append(((tag, idx, ty), edges))
    for i, amount in enumerate(pool):
        if not amount:
            continue
        pk = board.pool[i]
        u = net.node()
        net.edge(s, u, amount)
        edges = []
        if pk.allowed:
            for j, sl in enumerate(slots):
                if sl.snow and not pk.snow:
                    continue
                if sl.accepts is not None and pk.type not in sl.accepts:
                    continue
                edges.append((j, net.edge(u, slot_nodes[j], _INF)))
        units.append((("pool", i, pk.type), edges))
    if life_syms:
        u = net.node()
        net.edge(s, u, life_syms)
        edges = [(j, net.edge(u, slot_nodes[j], _INF)) for j, sl in enumerate(slots) if sl.life]
        units.append((("life", 0, None), edges))
    if net.maxflow(s, t) != supply:
        return None
    sends = []
    for unit, edges in units:
        for j, e in edges:
            f = net.cap[e ^ 1]
            if f:
                sends.append((unit, j, f))
    return _Flow(slots, sends, order)


# ---------------------------------------------------------------------------------------
# Cost resolution
# ---------------------------------------------------------------------------------------


def resolve_cost(cost: ManaCost | str, x: int | None) -> ManaCost:
    """Parse cost text and substitute X (CR 107.3).

    Raises
    ------
    BadInput
        Bad cost text, X missing for a cost with X, X given for a cost without X, or
        a negative X.
    """
    c = ManaCost.parse(cost) if isinstance(cost, str) else cost
    c = c.mana_only
    if x is not None and x < 0:
        raise BadInput(f"X can't be negative (got {x})", suggestion="CR 107.3: X is 0 or more")
    if x is not None and not c.has_variable:
        raise BadInput(f"X given, but the cost {c.text or '{0}'} has no X",
                       suggestion="leave out X (--x), or give a cost with {X}")
    if c.has_variable:
        if x is None:
            raise BadInput(f"the cost {c.text} has X but no value was given",
                           suggestion="give it with --x N")
        c = c.with_x(x)
    return c


_AFFINITY = {"affinity for artifacts": ObjectFilter(types=frozenset({"Artifact"}),
                                                   controller="you")}


def reduce_for_casting(state: GameState, object_id: str, cost: ManaCost,
                       player: str) -> ManaCost:
    """The total cost of casting a spell after the cost reductions it has itself (CR
    601.2f): affinity for artifacts, {1} less for each artifact ``player`` controls (CR
    702.41a). Other objects' costs are returned unchanged."""
    card = _spell_card(state, object_id)
    if card is None:
        return cost
    n = 0
    chars = effective(state)
    for kw in card.keywords:
        flt = _AFFINITY.get(kw.strip().lower())
        if flt is not None:
            n += sum(1 for p in state.player(player).battlefield
                     if matches(flt, chars[p.id], p, state, player))
    return cost.reduced(n) if n else cost


def cost_for_object(state: GameState, object_id: str) -> tuple[ManaCost, frozenset[str]]:
    """The mana cost of a card in hand / spell, or of a permanent's one ability with a
    mana cost, and the ids that can't also pay for it (the permanent, if the ability
    taps it: CR 107.5).

    Raises
    ------
    UnknownObject
        No such object.
    BadInput
        The object has no such cost, or several abilities (give COST).
    """
    obj = state.get(object_id)
    if isinstance(obj, Card | StackItem):
        card = obj.card
        if card is None or card.mana_cost is None:
            raise BadInput(f"'{object_id}' has no mana cost", suggestion="give COST")
        return card.mana_cost, frozenset()
    chars = effective(state)[obj.id]
    cands = [a for a in chars.activated if a.mana_cost and not a.is_mana_ability]
    if len(cands) != 1:
        raise BadInput(f"'{object_id}' has {len(cands)} non-mana abilities with a mana cost",
                       suggestion="give the COST to pay (with --for for restrictions)")
    ab = cands[0]
    return ab.mana_cost, frozenset({obj.id}) if ab.tap or ab.untap else frozenset()


# ---------------------------------------------------------------------------------------
# The lazy result
# ---------------------------------------------------------------------------------------


class Payments:
    """Every distinct payment of a cost, lazily (like python-chess ``legal_moves``).

    ``bool(p)`` stops at the first payment; ``p.count()`` counts without listing;
    iterating yields payments layer by layer (fewest sources first); ``proposed in p``
    checks one payment without searching; :meth:`best` gives the best ``n``.
    """

    def __init__(self, board: _Board, limit: int | None = None) -> None:
        self._b = board
        self.limit = limit
        self._count: int | None = None
        #: False when ``best`` stopped scanning a layer at its limit.
        self.best_complete = True

    @property
    def cost(self) -> ManaCost:
        return self._b.cost

    @property
    def left_out(self) -> tuple[str, ...]:
        """Sources left out because the payment solver can't model them (what they add,
        a cost part or a condition): every answer is then a lower bound."""
        return tuple(self._b.left_out)

    # -- the CSP ------------------------------------------------------------------------
    def _csp(self, layer: int | None) -> tuple[CSP, list[tuple[str, int, int]]]:
        b = self._b
        p = CSP()
        names: list[tuple[str, int, int]] = []
        act_names: list[tuple[str, int, int]] = []
        cap = b.max_activations
        for gi, g in enumerate(b.groups):
            excl: list[tuple[str, int, int]] = []
            for oi, o in enumerate(g.options):
                top = g.size if o.exclusive else g.size * o.repeat
                name = ("n", gi, oi)
                p.add_variable(name, range(min(top, cap) + 1))
                names.append(name)
                act_names.append(name)
                if o.exclusive:
                    excl.append(name)
            if len(excl) > 1:
                p.add_max_sum(excl, g.size)
        for i, pk in enumerate(b.pool):
            name = ("p", i, 0)
            p.add_variable(name, range(pk.amount + 1))
            names.append(name)
        life_top = min(b.phyrexian, max(b.life, 0) // 2)
        p.add_variable(("l", 0, 0), range(life_top + 1))
        names.append(("l", 0, 0))
        if layer is not None:
            if act_names:
                p.add_exact_sum(act_names, layer)
            elif layer:
                p.add_variable(("never", 0, 0), [0])
                p.add_predicate([("never", 0, 0)], lambda _v: False)
        elif act_names:
            p.add_max_sum(act_names, cap)
        plain = [nm for nm in act_names
                 if not b.kinds[b.groups[nm[1]].options[nm[2]].kind].mana_cost]
        if len(plain) < len(act_names):
            p.add_max_sum(plain, b.max_plain)
        self._add_color_bounds(p, act_names)
        p.add_predicate(names, self._check(names))
        return p, names

    def _add_color_bounds(self, p: CSP, act_names: list[tuple[str, int, int]]) -> None:
        """Necessary per-type bounds: strict {c} / {C} / {S} symbols need that many
        units able to pay them (prunes the search before the exact check)."""
        b = self._b
        need: dict[str, int] = {}
        for s in b.cost:
            if s.kind is SymbolKind.COLORED:
                need[s.colors[0].value] = need.get(s.colors[0].value, 0) + 1
            elif s.kind is SymbolKind.COLORLESS:
                need["C"] = need.get("C", 0) + 1
            elif s.kind is SymbolKind.SNOW:
                need["S"] = need.get("S", 0) + 1
        for what, n in need.items():
            vars_: list[Hashable] = []
            weights: list[int] = []
            for name in act_names:
                _, gi, oi = name
                kind = b.kinds[b.groups[gi].options[oi].kind]
                if not b.allowed_main(kind.restriction):
                    continue
                w = len(kind.event) if what == "S" and kind.snow else (
                    kind.event.count(_T(what)) if what != "S" else 0)
                if w:
                    vars_.append(name)
                    weights.append(w)
            for i, pk in enumerate(b.pool):
                ok = pk.allowed and (pk.snow if what == "S" else pk.type.value == what)
                if ok:
                    vars_.append(("p", i, 0))
                    weights.append(1)
            if not vars_:
                p.add_variable(("never", what, 0), [0])
                p.add_predicate([("never", what, 0)], lambda _v: False)
            else:
                p.add_min_sum(vars_, n, weights)

    def _check(self, names: list[tuple[str, int, int]]) -> Any:
        b = self._b
        nk = len(b.kinds)
        npool = len(b.pool)
        # Precomputed per variable: what a value of it adds (kept flat for speed).
        acts = []  # (position, kind, taps_other, group if it taps itself else -1, life)
        pools = []  # (position, pool index)
        sac_acts = []  # (position, outlet filter or -1, sacrifices, group if it's gone or -1)
        life_at = -1
        for pos, (tag, i, j) in enumerate(names):
            if tag == "n":
                o = b.groups[i].options[j]
                acts.append((pos, o.kind, b.kinds[o.kind].taps_other,
                             i if o.taps_self else -1, o.life))
                k = b.kinds[o.kind]
                if b.uses_sacs and (k.sacs_other or o.gone):
                    sac_acts.append((pos, k.sac_filter, k.sacs_other, i if o.gone else -1))
            elif tag == "p":
                pools.append((pos, i))
            elif tag == "l":
                life_at = pos
        tappers = [(gi, g.tappers) for gi, g in enumerate(b.groups) if g.tappers]
        uses_tappers = b.uses_tappers
        valid = b.valid

        def ok(*values: int) -> bool:
            counts = [0] * nk
            need = act_life = 0
            used: dict[int, int] = {}
            for pos, kind, taps, gi, life in acts:
                v = values[pos]
                if v:
                    counts[kind] += v
                    act_life += v * life
                    if uses_tappers:
                        need += v * taps
                        if gi >= 0:
                            used[gi] = used.get(gi, 0) + v
            pool = [0] * npool
            for pos, i in pools:
                pool[i] = values[pos]
            avail = 0
            if uses_tappers:
                avail = b.extra_tappers + sum(t - used.get(gi, 0) for gi, t in tappers)
            if sac_acts:
                demand = [0] * len(b.sac_filters)
                gone: dict[int, int] = {}
                for pos, f, n, gi in sac_acts:
                    v = values[pos]
                    if v and n:
                        demand[f] += v * n
                    if v and gi >= 0:
                        gone[gi] = gone.get(gi, 0) + v
                if not b.sacs_fit(demand, gone):
                    return False
            return valid(counts, pool, values[life_at] if life_at >= 0 else 0, need, avail,
                         act_life)

        return ok

    def _colors_left(self, sol: Mapping[Any, Any]) -> frozenset[ManaType]:
        """Colors the sources this payment doesn't use could still make."""
        b = self._b
        used: dict[int, int] = {}
        for (tag, i, j), v in sol.items():
            if tag == "n" and v and b.groups[i].options[j].exclusive:
                used[i] = used.get(i, 0) + v
        left: set[ManaType] = set()
        for gi, g in enumerate(b.groups):
            if used.get(gi, 0) < g.size:
                left.update(b.group_colors(gi))
        return frozenset(left)

    def _sort_key(self, sol: Mapping[Any, Any]) -> tuple[int, str]:
        picked = sorted((k, v) for k, v in sol.items() if v and k[0] != "never")
        return (-len(self._colors_left(sol)), repr(picked))

    # -- lazy protocol -------------------------------------------------------------------
    def _layers(self) -> range:
        """Numbers of activations worth trying: each adds at most ``widest`` mana
        (the pool and 2-life payments cover the rest), each at least one."""
        b = self._b
        widest = max((len(b.kinds[o.kind].event) - (1 if b.kinds[o.kind].mana_cost else 0)
                      for g in b.groups for o in g.options), default=1)
        need = b.d_main_min - sum(pk.amount for pk in b.pool if pk.allowed) \
            - min(b.phyrexian, max(b.life, 0) // 2)
        low = max(0, -(-need // max(widest, 1)))
        return range(low, b.max_activations + 1)

    def _solutions(self) -> Iterator[dict[Any, Any]]:
        if not _flow_possible(self._b):
            return
        for layer in self._layers():
            csp, _ = self._csp(layer)
            yield from csp.solutions()

    def __iter__(self) -> Iterator[Payment]:
        for n, sol in enumerate(self._solutions()):
            if self.limit is not None and n >= self.limit:
                return
            yield self._payment(sol)

    def __bool__(self) -> bool:
        """Payable? The max-flow pre-check first (exact when every source adds one
        unrestricted mana and the cost has only colored, {C} and generic symbols);
        otherwise the first solution of the grouped constraint problem, searched
        without fixing the number of sources (much faster to a first answer than
        walking the layers in order)."""
        b = self._b
        if not _flow_possible(b):
            return False
        if b._simple is not None and not b.uses_tappers and not b.uses_sacs:
            return True
        if self._count is not None:
            return self._count > 0
        csp, _ = self._csp(None)
        return csp.first() is not None

    def first(self) -> Payment | None:
        return next(iter(self), None)

    def best(self, n: int, max_scan: int = DEFAULT_MAX_SCAN) -> list[Payment]:
        """The ``n`` best payments: fewest sources, then most colors the unused sources
        could still make.

        Layers (numbers of sources) are walked in order; within a layer at most
        ``max_scan`` payments are examined, with O(n) memory. When that limit cut a
        layer short, :attr:`best_complete` is False (the order inside that layer is
        then "best of the first ``max_scan`` found").
        """
        out: list[Payment] = []
        self.best_complete = True
        if n <= 0 or not _flow_possible(self._b):
            return out
        for layer in self._layers():
            if len(out) >= n:
                break
            csp, _ = self._csp(layer)
            it = csp.solutions()
            scanned = itertools.islice(it, max_scan)
            top = heapq.nsmallest(n - len(out), scanned, key=self._sort_key)
            if next(it, None) is not None:
                self.best_complete = False
            out.extend(self._payment(s) for s in top)
        return out

    def count(self) -> int:
        """How many distinct payments (combinatorial count, no listing)."""
        if self._count is None:
            if not _flow_possible(self._b):
                self._count = 0
            elif self._b.uses_sacs:
                # What outlets sacrifice is a budget shared by every group (Hall's
                # condition), which the counting programme doesn't track: count the
                # constraint problem's solutions instead, up to a limit.
                n = 0
                for _ in self._solutions():
                    n += 1
                    if n > SAC_COUNT_LIMIT:
                        raise PaymentSearchLimit(
                            f"counting stopped after {SAC_COUNT_LIMIT:,} payments with "
                            f"sacrifice outlets")
                self._count = n
            else:
                self._count = _count(self._b)
        if self.limit is not None:
            return min(self._count, self.limit)
        return self._count

    def count_by_enumeration(self) -> int:
        """The same count, by walking every CSP solution (for cross-checks)."""
        return sum(1 for _ in self._solutions())

    def __contains__(self, proposed: object) -> bool:
        if not isinstance(proposed, Payment):
            return False
        return _check_proposed(self._b, proposed)

    # -- building a Payment ---------------------------------------------------------------
    def _payment(self, sol: Mapping[Any, Any]) -> Payment:
        b = self._b
        counts = [0] * len(b.kinds)
        pool = [0] * len(b.pool)
        uses: list[ManaUse] = []
        acts: list[tuple[str, int, tuple[ManaType, ...]]] = []
        taken: dict[int, int] = {}
        used_excl: dict[int, int] = {}
        gone_ids: set[str] = set()
        sac_wants: list[tuple[int, int]] = []  # (index in uses, outlet filter), one a sacrifice
        life_syms = act_life = 0
        for key, v in sorted(sol.items(), key=lambda kv: repr(kv[0])):
            tag, i, j = key
            if tag == "p":
                pool[i] = v
            elif tag == "l":
                life_syms = v
            elif tag == "n" and v:
                g = b.groups[i]
                o = g.options[j]
                counts[o.kind] += v
                act_life += v * o.life
                if o.exclusive:
                    start = taken.get(i, 0)
                    ids = g.ids[start:start + v]
                    taken[i] = start + v
                    used_excl[i] = used_excl.get(i, 0) + v
                    acts.extend((obj, o.kind, o.event) for obj in ids)
                    if o.gone:
                        gone_ids.update(ids)
                else:
                    per = max(o.repeat, 1)
                    ids = tuple(dict.fromkeys(g.ids[k // per] for k in range(v)))
                    acts.extend((g.ids[k // per], o.kind, o.event) for k in range(v))
                k = b.kinds[o.kind]
                sac_wants.extend((len(uses), k.sac_filter)
                                 for _ in range(v * k.sacs_other))
                uses.append(ManaUse(ids[0], o.ability, o.event, v, ids, g.ids,
                                    g.zone))
        check: Callable[[frozenset[str]], SacrificePlan | None] | None = None
        sacrificable: frozenset[str] = frozenset()
        if sac_wants:
            wants = tuple((_use_key(uses[ui]), f) for ui, f in sac_wants)
            check = functools.partial(_plan_sacrifices, b, wants, frozenset(gone_ids))
            sacrificable = frozenset(m for f in {f for _, f in sac_wants}
                                     for m in b._sacrificable(f))
            plan = check(frozenset())
            if plan is not None:
                uses = [dataclasses.replace(u, sacrificed=plan.get(_use_key(u), ()))
                        for u in uses]
        flow = b.solve(counts, pool, life_syms, act_life)
        leftover: list[ManaType] = []
        assignment: list[Assigned] = []
        if flow is not None:
            leftover, assignment = _explain(b, acts, flow)
        spent_pool = [b.pool[i].type for i, v in enumerate(pool) for _ in range(v)]
        detail = [b.pool_text(i) for i, v in enumerate(pool) for _ in range(v)]
        life = act_life + 2 * life_syms
        left = self._colors_left(sol)
        uses.sort(key=lambda u: (u.zone, u.object, u.ability, [t.order for t in u.mana]))
        return Payment(tuple(uses), tuple(spent_pool), life, tuple(leftover),
                       tuple(assignment), left, tuple(detail), check, sacrificable)


def _plan_sacrifices(b: _Board, wants: tuple[tuple[tuple[str, int, tuple[ManaType, ...]],
                                                   int], ...],
                     gone: frozenset[str], unavailable: frozenset[str]) -> SacrificePlan | None:
    """One permanent for each sacrifice the outlets ask (``wants``: the use and its
    outlet filter, once per permanent), none that sacrifices itself for mana (``gone``)
    or is ``unavailable``; None if there is no such choice (CR 701.21a)."""
    picked = b.assign_sacrifices([f for _, f in wants], gone | unavailable)
    if picked is None:
        return None
    plan: dict[tuple[str, int, tuple[ManaType, ...]], list[str]] = {}
    for (key, _), m in zip(wants, picked, strict=True):
        plan.setdefault(key, []).append(m)
    return {k: tuple(v) for k, v in plan.items()}


def _explain(b: _Board, activations: list[tuple[str, int, tuple[ManaType, ...]]],
             flow: _Flow) -> tuple[list[ManaType], list[Assigned]]:
    """Turn the flow witness into one assignment of mana to symbols, and the leftover.

    ``activations`` lists (object id, kind, mana it really adds) for every activation
    of the payment; the flow speaks of kinds, whose types may stand for a class of
    types the cost can't tell apart, so each unit is matched back to real mana.
    """
    cls = b.type_class
    per_kind: dict[int, list[tuple[str, list[ManaType]]]] = {}
    for obj, k, real in activations:
        per_kind.setdefault(k, []).append((obj, list(real)))
    at_pos: dict[int, tuple[str, list[ManaType]]] = {}
    seen: dict[int, int] = {}
    for pos, k in enumerate(flow.order):
        i = seen.get(k, 0)
        seen[k] = i + 1
        at_pos[pos] = per_kind[k][i]

    def take(mana: list[ManaType], ty: ManaType) -> ManaType | None:
        for x in mana:
            if cls[x] is ty:
                mana.remove(x)
                return x
        return None

    def assigned(slot: _Slot, ty: ManaType | None, source: str) -> Assigned:
        part = "" if slot.owner == -1 else f"activating {at_pos[slot.owner][0]}"
        generic = slot.accepts is None and not slot.snow and slot.symbol[1:-1].isdigit()
        return Assigned("{1}" if generic else slot.symbol,
                        "{" + ty.value + "}" if ty else "", source, part)

    out: list[Assigned] = []
    rest: list[tuple[tuple[str, int, ManaType | None], int, int]] = []
    for (tag, k, ty), j, f in flow.sends:
        if tag == "act" and ty is not None:
            obj, mana = at_pos[k]
            for _ in range(f):
                out.append(assigned(flow.slots[j], take(mana, ty), obj))
            continue
        if tag != "kind" or ty is None:
            rest.append(((tag, k, ty), j, f))
            continue
        # First give every activation of the kind one unit, so each visibly contributes.
        for obj, mana in per_kind.get(k, []):
            if f and len(mana) == len(b.kinds[k].event):
                x = take(mana, ty)
                if x is not None:
                    out.append(assigned(flow.slots[j], x, obj))
                    f -= 1
        if f:
            rest.append(((tag, k, ty), j, f))
    for (tag, k, ty), j, f in rest:
        for _ in range(f):
            if tag == "kind" and ty is not None:
                for obj, mana in per_kind[k]:
                    x = take(mana, ty)
                    if x is not None:
                        out.append(assigned(flow.slots[j], x, obj))
                        break
            elif tag == "pool":
                out.append(assigned(flow.slots[j], ty, "pool"))
            else:
                out.append(Assigned(flow.slots[j].symbol, "2 life", "life"))
    leftover = sorted((t for lst in per_kind.values() for _, m in lst for t in m),
                      key=lambda t: t.order)
    out.sort(key=lambda a: (a.part_of, a.symbol, a.paid_with, a.source))
    return leftover, out


def _check_proposed(b: _Board, proposed: Payment) -> bool:
    counts = [0] * len(b.kinds)
    per_group: dict[int, int] = {}
    seen: set[str] = set()
    need = act_life = 0
    demand = [0] * len(b.sac_filters)
    gone: dict[int, int] = {}
    for u in proposed.activations:
        ids = u.ids or (u.object,)
        if any(i not in b.id_group for i in ids):
            return False
        gis = {b.id_group[i] for i in ids}
        if len(gis) != 1:
            return False
        gi = gis.pop()
        g = b.groups[gi]
        match = [o for o in g.options if o.ability == u.ability
                 and o.event == tuple(sorted(u.mana, key=lambda t: t.order))]
        if not match or u.times < 1:
            return False
        o = match[0]
        if o.exclusive:
            if len(ids) != u.times or len(set(ids)) != len(ids) or seen & set(ids):
                return False
            seen.update(ids)
            per_group[gi] = per_group.get(gi, 0) + u.times
        elif u.times > g.size * o.repeat:
            return False
        counts[o.kind] += u.times
        act_life += u.times * o.life
        need += u.times * b.kinds[o.kind].taps_other
        if b.kinds[o.kind].sacs_other:
            demand[b.kinds[o.kind].sac_filter] += u.times * b.kinds[o.kind].sacs_other
        if o.gone:
            gone[gi] = gone.get(gi, 0) + u.times
    if any(n > b.groups[gi].size for gi, n in per_group.items()):
        return False
    if b.uses_sacs and not b.sacs_fit(demand, gone):
        return False
    want = _Multiset(proposed.pool)
    extra = proposed.life - act_life
    if extra < 0 or extra % 2:
        return False
    avail = b.extra_tappers + sum(g.tappers - per_group.get(gi, 0)
                                  for gi, g in enumerate(b.groups) if g.tappers)
    return any(b.valid(counts, split, extra // 2, need, avail, act_life)
               for split in _pool_splits(b, want))


def _pool_splits(b: _Board, want: _Multiset[ManaType]) -> Iterator[list[int]]:
    ranges = [range(pk.amount + 1) for pk in b.pool]
    for combo in itertools.product(*ranges):
        got: _Multiset[ManaType] = _Multiset()
        for pk, n in zip(b.pool, combo, strict=True):
            got[pk.type] += n
        if +got == +want:
            yield list(combo)


def _flow_possible(b: _Board) -> bool:
    """The max-flow pre-check (:func:`manacheck.solver.flow.payable_upper_bound`),
    asked once per board."""
    hit = b.__dict__.get("_flow_possible")
    if hit is None:
        from .flow import payable_upper_bound

        hit = payable_upper_bound(b)
        b.__dict__["_flow_possible"] = hit
    return bool(hit)


# ---------------------------------------------------------------------------------------
# Counting (dynamic programme over groups)
# ---------------------------------------------------------------------------------------


def _count(b: _Board, max_states: int | None = None) -> int:
    """The number of distinct payments, by dynamic programming over the groups.

    A state is (activations of each kind..., activations in total, creatures needed by
    "tap an untapped creature" costs, group members tapped for their own {T}); each
    maps to how many distinct partial payments reach it. A group is added one option
    at a time with a "members used so far" counter, so a group of ``s`` members and
    ``k`` options costs O(k * s) per state instead of one step per multiset of
    options. Validity depends only on the final state (plus pool and life), so it is
    checked once per distinct state.
    """
    if max_states is None:
        max_states = DEFAULT_MAX_STATES
    b.max_flows, b.flows = b.flows + DEFAULT_MAX_CHECKS, b.flows
    try:
        return _count_checked(b, max_states)
    finally:
        b.max_flows = None


def _count_checked(b: _Board, max_states: int) -> int:
    if b._simple is not None and not b.uses_tappers:
        return _count_simple(b, max_states)
    nk = len(b.kinds)
    cap = b.max_plain  # the total dimension counts activations without a mana cost
    tappers = b.uses_tappers
    # kinds..., plain activations, creatures needed, self taps, life paid for abilities
    need_i, self_i, life_i = nk + 1, nk + 2, nk + 3
    # Life paid for abilities only matters if it could get within reach of the life
    # total together with the Phyrexian symbols; usually it can't, and then it isn't
    # tracked (fewer states).
    most_life = b.max_activations * max((o.life for g in b.groups for o in g.options),
                                        default=0)
    track_life = most_life > 0 and most_life + 2 * b.phyrexian > max(b.life, 0)
    if not track_life:
        b = _without_life(b)
    states: dict[tuple[int, ...], int] = {tuple([0] * (nk + 4)): 1}
    for gi, g in enumerate(b.groups):
        excl = [o for o in g.options if o.exclusive]
        blocks = [(excl, g.size)] if excl else []
        blocks += [([o], g.size * o.repeat) for o in g.options if not o.exclusive]
        for options, bound in blocks:
            if len(options) == 1:
                states = _add_option(b, g, options[0], bound, states, cap, tappers)
            else:
                states = _add_block(b, g, options, bound, states, cap, tappers)
            if len(states) > max_states:
                raise PaymentSearchLimit(
                    f"counting stopped after {max_states} partial states at group "
                    f"{gi + 1} of {len(b.groups)}",
                    suggestion="list payments with --limit instead")
    total_tappers = b.extra_tappers + sum(g.tappers for g in b.groups)
    pool_ranges = [range(pk.amount + 1) for pk in b.pool]
    life_top = min(b.phyrexian, max(b.life, 0) // 2)
    total = 0
    for st, ways in states.items():
        counts = st[:nk]
        need, avail = (st[need_i], total_tappers - st[self_i]) if tappers else (0, 0)
        for pool in itertools.product(*pool_ranges):
            for life in range(life_top + 1):
                if b.valid(counts, pool, life, need, avail, st[life_i]):
                    total += ways
    return total


def _without_life(b: _Board) -> _Board:
    """A shallow copy of the board whose options pay no life (for counting when the
    life they pay can never matter)."""
    import copy

    nb = copy.copy(b)
    nb.__dict__.pop("_flow_possible", None)  # asked again of the new options
    nb.groups = [_Group(g.ids, g.name, g.zone,
                        tuple(_Option(o.ability, o.kind, o.exclusive, o.repeat, o.taps_self,
                                      0, o.event) for o in g.options),
                        g.tappers, g.tapper_filter_ok) for g in b.groups]
    return nb


def _count_simple(b: _Board, max_states: int) -> int:
    """The count when validity is arithmetic (see ``_Board._simple_check_data``).

    A state is (mana so far, then for each type the cost names: that type's mana so
    far, saturated at what the cost needs of it): valid at the end iff the total is
    the cost's and every saturated count is full. Types the cost doesn't name are
    only counted in the total, so the state space stays tiny however many sources.
    """
    assert b._simple is not None
    total_needed, need = b._simple
    needed = sorted(need, key=lambda t: t.order)
    col = {t: i + 1 for i, t in enumerate(needed)}
    caps = [total_needed] + [need[t] for t in needed]

    def add(st: tuple[int, ...], t: ManaType, m: int) -> tuple[int, ...] | None:
        if st[0] + m > total_needed:
            return None
        lst = list(st)
        lst[0] += m
        i = col.get(t)
        if i is not None:
            lst[i] = min(caps[i], lst[i] + m)
        return tuple(lst)

    states: dict[tuple[int, ...], int] = {tuple([0] * len(caps)): 1}
    for g in b.groups:
        excl = [o for o in g.options if o.exclusive]
        blocks = [(excl, g.size)] if excl else []
        blocks += [([o], g.size * o.repeat) for o in g.options if not o.exclusive]
        for options, bound in blocks:
            cur: dict[tuple[tuple[int, ...], int], int] = {
                (st, 0): w for st, w in states.items()}
            for o in options:
                t = b.kinds[o.kind].event[0]
                nxt: defaultdict[tuple[tuple[int, ...], int], int] = defaultdict(int)
                for (st, used), w in cur.items():
                    nxt[(st, used)] += w
                    for m in range(1, bound - used + 1):
                        new = add(st, t, m)
                        if new is None:
                            break
                        nxt[(new, used + m)] += w
                cur = nxt
            merged: defaultdict[tuple[int, ...], int] = defaultdict(int)
            for (st, _used), w in cur.items():
                merged[st] += w
            states = merged
            if len(states) > max_states:
                raise PaymentSearchLimit(f"counting stopped after {max_states} states")
    total = 0
    pool_ranges = [range(pk.amount + 1) for pk in b.pool]
    for pool in itertools.product(*pool_ranges):
        for st, w in states.items():
            end: tuple[int, ...] | None = st
            for i, n in enumerate(pool):
                if n and end is not None:
                    end = add(end, b.pool[i].type, n)
            if end is not None and end[0] == total_needed and all(
                    end[i] == caps[i] for i in range(1, len(caps))):
                total += w
    return total


def _step(b: _Board, g: _Group, o: _Option, tappers: bool) -> tuple[int, int, int, int]:
    """(kind index, total index, creatures needed per activation, self taps)."""
    nk = len(b.kinds)
    return (o.kind, nk, b.kinds[o.kind].taps_other if tappers else 0,
            1 if tappers and o.taps_self and g.tappers else 0)


def _add_option(b: _Board, g: _Group, o: _Option, bound: int,
                states: dict[tuple[int, ...], int], cap: int, tappers: bool
                ) -> dict[tuple[int, ...], int]:
    """Add 0..bound activations of one option to every state.

    Along a line of states that differ only in this option's kind, the new count at
    ``j`` is the sum of the old counts at ``j - bound .. j``: a sliding window, so
    the step costs O(states) rather than O(states * bound).
    """
    if tappers or o.life:
        return _add_block(b, g, [o], bound, states, cap, tappers)
    k = o.kind
    tot_i = len(b.kinds)
    plain = 0 if b.kinds[k].mana_cost else 1  # mana-costing ones aren't in the total
    lines: defaultdict[tuple[int, ...], dict[int, int]] = defaultdict(dict)
    for st, w in states.items():
        lines[(*st[:k], 0, *st[k + 1:tot_i], st[tot_i] - plain * st[k], *st[tot_i + 1:])
              ][st[k]] = w
    out: dict[tuple[int, ...], int] = {}
    for rest, row in lines.items():
        base_tot = rest[tot_i]
        lo = min(row)
        hi = max(row) + bound
        if plain:
            hi = min(hi, cap - base_tot)
        window = 0
        lst = list(rest)
        for j in range(lo, hi + 1):
            window += row.get(j, 0)
            if j - bound - 1 >= lo:
                window -= row.get(j - bound - 1, 0)
            if window:
                lst[k] = j
                lst[tot_i] = base_tot + plain * j
                out[tuple(lst)] = window
    return out


def _prefix_step(k: int, tot_i: int, bound: int, cap: int,
                 cur: dict[tuple[tuple[int, ...], int], int], plain: int = 1
                 ) -> dict[tuple[tuple[int, ...], int], int]:
    """Add any number m >= 0 of kind ``k`` while ``used + m <= bound`` and the total
    stays within ``cap``: along a line (other kinds fixed, ``used - st[k]`` fixed) the
    new count at ``j`` is the sum of the old counts at or below ``j``. ``plain`` is 0
    for kinds that cost mana (they are not in the total)."""
    lines: defaultdict[tuple[tuple[int, ...], int], dict[int, int]] = defaultdict(dict)
    for (st, used), w in cur.items():
        rest = (*st[:k], 0, *st[k + 1:tot_i], st[tot_i] - plain * st[k], *st[tot_i + 1:])
        lines[(rest, used - st[k])][st[k]] = w
    out: dict[tuple[tuple[int, ...], int], int] = {}
    for (rest, d), row in lines.items():
        base_tot = rest[tot_i]
        lo = min(row)
        hi = bound - d
        if plain:
            hi = min(hi, cap - base_tot)
        running = 0
        lst = list(rest)
        for j in range(lo, hi + 1):
            running += row.get(j, 0)
            if running:
                lst[k] = j
                lst[tot_i] = base_tot + plain * j
                out[(tuple(lst), d + j)] = running
    return out


def _add_block(b: _Board, g: _Group, options: list[_Option], bound: int,
               states: dict[tuple[int, ...], int], cap: int, tappers: bool
               ) -> dict[tuple[int, ...], int]:
    """Add activations of several options sharing one bound (a group's members).

    The state carries "members used so far"; without tap costs each option is added
    with a running (prefix) sum along its kind, O(states) per option.
    """
    nk = len(b.kinds)
    cur: dict[tuple[tuple[int, ...], int], int] = {(st, 0): w for st, w in states.items()}
    if not tappers and not any(o.life for o in options):
        for o in options:
            cur = _prefix_step(o.kind, nk, bound, cap, cur,
                               0 if b.kinds[o.kind].mana_cost else 1)
        merged0: defaultdict[tuple[int, ...], int] = defaultdict(int)
        for (st, _used), w in cur.items():
            merged0[st] += w
        return merged0
    for o in options:
        k, tot_i, taps, self_tap = _step(b, g, o, tappers)
        plain = 0 if b.kinds[k].mana_cost else 1
        nxt: defaultdict[tuple[tuple[int, ...], int], int] = defaultdict(int)
        for (st, used), w in cur.items():
            nxt[(st, used)] += w
            room = bound - used
            if plain:
                room = min(room, cap - st[tot_i])
            if room <= 0:
                continue
            lst = list(st)
            for m in range(1, room + 1):
                lst[k] += 1
                lst[tot_i] += plain
                lst[nk + 1] += taps
                lst[nk + 2] += self_tap
                lst[nk + 3] += o.life
                nxt[(tuple(lst), used + m)] += w
        cur = nxt
    merged: defaultdict[tuple[int, ...], int] = defaultdict(int)
    for (st, _used), w in cur.items():
        merged[st] += w
    return merged


# ---------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------


def _board(state: GameState, player: str, cost: ManaCost | str, x: int | None,
           for_object: str | None, exclude: frozenset[str]) -> _Board:
    c = resolve_cost(cost, x)
    if for_object is not None and for_object not in state:
        state.get(for_object)  # raises UnknownObject with a suggestion
    for e in exclude:
        if e not in state:
            raise UnknownObject(f"unknown object '{e}' in exclude")
    excluded = frozenset(exclude)
    if for_object is not None and state.zone_of(for_object) == "hand":
        # CR 601.2a: a spell being cast is on the stack while it is paid for, so the
        # card's own hand abilities (Elvish Spirit Guide) can't pay for it.
        excluded |= {for_object}
    return _Board(state, player, c, for_object, excluded)


def payments(state: GameState, player: str, cost: ManaCost | str, *, x: int | None = None,
             for_object: str | None = None, exclude: frozenset[str] = frozenset(),
             limit: int | None = None) -> Payments:
    """Every distinct way ``player`` can pay ``cost`` now, lazily.

    Parameters
    ----------
    state : GameState
    player : str
        Who pays.
    cost : ManaCost or str
        The cost ({T}/{Q} are ignored: they aren't mana).
    x : int, optional
        The value of X (CR 107.3); required when the cost has X.
    for_object : str, optional
        What is being paid for: a card in hand or spell on the stack (cast), or a
        permanent whose ability is activated. Spending restrictions are tested
        against it (CR 106.6); without it restricted mana is not used.
    exclude : frozenset of str
        Objects that can't be used as mana sources (the permanent whose {T} ability
        is being paid for, objects tapped or sacrificed for other costs).
    limit : int, optional
        Iterate at most this many payments.

    Returns
    -------
    Payments
        ``bool()``, ``count()``, iteration, ``in``.

    Raises
    ------
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Forest, Island]\\n")
    >>> p = payments(s, "A", "{1}{G}")
    >>> p.count()
    2
    >>> sorted(q.text for q in p)
    ['Forest [ability 1: {G}], Island [ability 1: {U}]', 'Forest x2 [ability 1: {G}]']
    >>> bool(p), p.first() in p
    (True, True)

    Notes
    -----
    See the module docstring for the encoding and the known limits.

    Rules
    -----
    CR 601.2g-h, 605.3a, 302.6, 107.4, 119.4, 106.6 (see the module docstring).
    """
    board = _board(state, player, cost, x, for_object, exclude)
    most = _delve_most(board)
    if most:
        parts = [(k, Payments(_Board(state, player, board.cost.reduced(k), board.for_object,
                                     board.exclude, delve_done=True), limit))
                 for k in range(most + 1)]
        return DelvePayments(board, parts, limit)
    return Payments(board, limit)


def _spell_card(state: GameState, object_id: str | None) -> CardDefinition | None:
    """The card of ``object_id`` if it is a spell being cast (a card, or a spell on the
    stack); None for a permanent's or an ability's cost."""
    if object_id is None or object_id not in state:
        return None
    obj = state.get(object_id)
    if isinstance(obj, Card) or (isinstance(obj, StackItem) and obj.is_spell):
        return obj.card
    return None


def _delve_most(b: _Board) -> int:
    """How many cards delve could exile for this payment: the spell being cast has delve
    (CR 702.66a), and each card pays one generic mana of the total cost; 0 otherwise.
    The spell itself, on the stack while it is paid for, is not in the graveyard."""
    card = b.spell_card
    if card is None or "delve" not in {k.strip().lower() for k in card.keywords}:
        return 0
    generic = sum(s.amount for s in b.cost if s.kind is SymbolKind.GENERIC)
    cards = sum(1 for c in b.player.graveyard if c.id != b.for_object)
    return min(generic, cards)


class DelvePayments(Payments):
    """The payments of a spell with delve (CR 702.66a): for each number k of cards
    exiled from the graveyard, the payments of the cost with k generic mana less,
    each marked ``delved=k``. Counts and listings are their sums and unions."""

    def __init__(self, board: _Board, parts: list[tuple[int, Payments]],
                 limit: int | None = None) -> None:
        super().__init__(board, limit)
        self._parts = parts

    @property
    def left_out(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x for _, p in self._parts for x in p.left_out))

    def __iter__(self) -> Iterator[Payment]:
        n = 0
        for k, p in self._parts:
            for q in p:
                if self.limit is not None and n >= self.limit:
                    return
                n += 1
                yield dataclasses.replace(q, delved=k)

    def __bool__(self) -> bool:
        return any(bool(p) for _, p in self._parts)

    def count(self) -> int:
        total = sum(p.count() for _, p in self._parts)
        return min(total, self.limit) if self.limit is not None else total

    def count_by_enumeration(self) -> int:
        return sum(p.count_by_enumeration() for _, p in self._parts)

    def best(self, n: int, max_scan: int = DEFAULT_MAX_SCAN) -> list[Payment]:
        found: list[Payment] = []
        self.best_complete = True
        for k, p in self._parts:
            found.extend(dataclasses.replace(q, delved=k) for q in p.best(n, max_scan))
            self.best_complete = self.best_complete and p.best_complete
        return sorted(found, key=lambda q: (q.permanents + q.delved, *q.sort_key()[1:]))[:n]

    def __contains__(self, proposed: object) -> bool:
        if not isinstance(proposed, Payment):
            return False
        for k, p in self._parts:
            if k == proposed.delved:
                return dataclasses.replace(proposed, delved=0) in p
        return False


def count_payments(state: GameState, player: str, cost: ManaCost | str, *,
                   x: int | None = None, for_object: str | None = None,
                   exclude: frozenset[str] = frozenset(), limit: int | None = None) -> int:
    """How many distinct payments there are (counted, not listed). See :func:`payments`."""
    return payments(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                    limit=limit).count()


def is_payable(state: GameState, player: str, cost: ManaCost | str, *,
               x: int | None = None, for_object: str | None = None,
               exclude: frozenset[str] = frozenset(), limit: int | None = None) -> bool:
    """Whether the cost can be paid now: a max-flow pre-check, then the first payment.

    See :func:`payments`. Rules: CR 601.2h (unpayable costs can't be paid).
    """
    return bool(payments(state, player, cost, x=x, for_object=for_object,
                         exclude=exclude, limit=limit))


def unpayable_reasons(state: GameState, player: str, cost: ManaCost | str, *,
                      x: int | None = None, for_object: str | None = None,
                      exclude: frozenset[str] = frozenset(), limit: int | None = None
                      ) -> list[str]:
    """Why the cost can't be paid, as every failing reason (empty if it can be).

    Each reason names the symbol or amount and the rule, e.g.
    ``"nothing can produce {U} (CR 601.2h: unpayable costs can't be paid)"``.
    Sources left out (tapped, summoning sick ...) are listed after the reasons.
    """
    b = _board(state, player, cost, x, for_object, exclude)
    most = _delve_most(b)
    if most:
        # Delve (CR 702.66a): not payable even with every card it could exile.
        b = _Board(state, player, b.cost.reduced(most), b.for_object, b.exclude,
                   delve_done=True)
    if Payments(b):
        return []
    units: set[tuple[ManaType, bool]] = set()
    max_units = 0
    max_of: dict[ManaType, int] = dict.fromkeys(ManaType, 0)
    for g in b.groups:
        best = 0
        best_of: dict[ManaType, int] = {}
        for o in g.options:
            kind = b.kinds[o.kind]
            if not b.allowed_main(kind.restriction):
                continue
            per = g.size * (1 if o.exclusive else o.repeat)
            best = max(best, len(o.event) * per)
            for t in o.event:
                units.add((t, kind.snow))
                best_of[t] = max(best_of.get(t, 0), o.event.count(t) * per)
        max_units += best
        for t, n in best_of.items():
            max_of[t] += n
    for pk in b.pool:
        if pk.allowed:
            units.add((pk.type, pk.snow))
            max_units += pk.amount
            max_of[pk.type] += pk.amount
    types = {t for t, _ in units}
    reasons: list[str] = []
    seen: set[str] = set()
    life_ok = b.life >= 2
    for s in b.cost:
        if s.text in seen:
            continue
        seen.add(s.text)
        k = s.kind
        if k is SymbolKind.COLORED and s.colors[0] not in types:
            reasons.append(f"nothing can produce {s.text} (CR 601.2h: unpayable costs "
                           "can't be paid)")
        elif k is SymbolKind.COLORLESS and _T.C not in types:
            reasons.append("nothing can produce colorless mana for {C} (CR 107.4c: {C} is "
                           "paid only with colorless mana)")
        elif k is SymbolKind.HYBRID and not set(s.colors) & types:
            reasons.append(f"nothing can produce {_fmt(s.colors)[:3]} or "
                           f"{_fmt(s.colors)[3:]} for {s.text} (CR 107.4e)")
        elif k in (SymbolKind.PHYREXIAN, SymbolKind.HYBRID_PHYREXIAN) and \
                not set(s.colors) & types and not life_ok:
            reasons.append(f"nothing can produce {_fmt(s.colors[:1])} for {s.text} and "
                           f"life {b.life} is less than 2 (CR 107.4f, 119.4)")
        elif k is SymbolKind.SNOW and not any(snow for _, snow in units):
            reasons.append("no snow source can produce mana for {S} (CR 107.4h)")
    need_min = sum(1 if s.kind in (SymbolKind.MONO_HYBRID,) else _max_units(s)
                   for s in b.cost if s.kind not in (SymbolKind.PHYREXIAN,
                                                      SymbolKind.HYBRID_PHYREXIAN))
    need_min += sum(1 for s in b.cost if s.kind in (SymbolKind.PHYREXIAN,
                                                     SymbolKind.HYBRID_PHYREXIAN)
                    ) - min(b.phyrexian, max(b.life, 0) // 2)
    if max_units < need_min:
        reasons.append(f"at most {max_units} mana can be made but {b.cost.text or '{0}'} "
                       f"needs {need_min} (CR 601.2h)")
    for t in (*COLORS, _T.C):
        strict = sum(1 for s in b.cost if (s.kind is SymbolKind.COLORED and s.colors[0] is t)
                     or (s.kind is SymbolKind.COLORLESS and t is _T.C))
        if 0 < max_of[t] < strict:
            reasons.append(f"{b.cost.text} needs {('{' + t.value + '}') * strict} but at most "
                           f"{max_of[t]} {{{t.value}}} can be made (CR 601.2h)")
    if not reasons:
        reasons.append(f"no combination of the available sources pays {b.cost.text} "
                       "(CR 601.2h: partial payments are not allowed)")
    restricted = [g.ids[0] for g in b.groups for o in g.options
                  if b.kinds[o.kind].restriction is not None
                  and not b.allowed_main(b.kinds[o.kind].restriction)]
    for r in dict.fromkeys(restricted):
        reasons.append(f"mana from {r} has a spending restriction this payment doesn't meet "
                       "(CR 106.6)")
    if most:
        reasons.insert(0, f"even with delve exiling {most} card{'s' if most > 1 else ''} "
                          f"from your graveyard (CR 702.66a), {b.cost.text} is left to pay")
    reasons.extend(b.notes)
    return reasons
