"""The glue to the payment solver: the mana cost's questions for one activation.

A proposed activation asks the payment solver (:mod:`manacheck.solver.payments`) about
its mana cost with the objects its other costs use kept out: payable?, one payment,
how many, all of them. :class:`PayEntry` is one such question, asked once and
remembered; equal questions (those differing only in objects that can't make mana,
or, with no restricted mana anywhere, in what the mana is for) share one entry, cached
on the state. :class:`Payer` asks them for one activation, keeping the payments that
don't clash with what the cost sacrifices or exiles.

Rules
-----
CR 601.2g: mana abilities are activated before costs are paid, so a permanent tapped
to pay another cost can't also be tapped for mana, while a permanent the cost
sacrifices or exiles may first be tapped for mana (but not sacrificed or exiled by a
mana ability: it would be gone). CR 107.5 / 107.6: {T}/{Q} keep the source out of the
payment. CR 601.2h: the total cost is paid at once. CR 106.6: restricted mana makes
what the mana is for matter. CR 202.3e, 107.3: X. CR 602.2b, 601.2f: what is paid is the
total cost, X given, with every cost increase and reduction applied
(:func:`manacheck.solver.costs.ability_total_cost`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from manacheck.model import CostKind, GameState, ManaCost, Permanent, effective

from ..costs import TotalCost, ability_total_cost
from ..payments import NOT_STATED, Payment, Payments, Stated, search_payments, why_unpayable
from ..payments.copies import decide_with_copies
from . import limits
from .core import Activation, Uses
from .facts import mana_facts, self_spenders, tap_sensitive
from .limits import PAYMENT_SCAN_LIMIT

__all__ = ["PayEntry", "Payer"]

_NONE = object()  # "no payment" (a payment itself may be any object)


class Payer:
    """The mana cost's payment questions for one proposed activation, remembered."""

    def __init__(self, act: Activation) -> None:
        self.act = act
        self._pay_cache: dict[tuple[int, Uses], bool] = {}
        self._count_cache: dict[tuple[int, Uses], tuple[int, bool]] = {}
        self._entries: dict[tuple[int, frozenset[str], frozenset[str]], PayEntry] = {}
        #: Mana sources some payment question left out (the payment solver can't model
        #: them): a "can't pay" is then not decided, and counts are lower bounds.
        self.left_out: set[str] = set()
        self._totals: dict[int, TotalCost] = {}

    def total(self, x: int) -> TotalCost:
        """The total cost paid with X = x: the mana cost with the board's cost changes
        (CR 602.2b, 601.2f; X first, then increases and reductions)."""
        hit = self._totals.get(x)
        if hit is None:
            ab = self.act.ab
            cost = ab.mana_cost.mana_only
            if cost.has_variable:
                cost = cost.with_x(x)
            hit = ability_total_cost(self.act.state, self.act.source_id, ab, cost,
                                     self.act.you)
            self._totals[x] = hit
        return hit

    @functools.cached_property
    def base_uses(self) -> Uses:
        """What the source's own cost does to it, for the mana payment.

        {T}/{Q} (CR 107.5, 107.6): the source can't also be tapped for mana (hard).
        With {T} alone, a mana ability of the source that doesn't tap or untap it may
        still pay (Cryptic Trilobite's ruling: its "Remove a +1/+1 counter" mana pays
        for its own "{1}, {T}"): the payment then sees the source tapped, so none of
        its {T} abilities (and no other permanent's cost) can tap it, and none that
        sacrifices or exiles it may be used (CR 601.2g-h: it must still be there to
        be tapped).
        "Sacrifice/Exile this" without {T}: it may be tapped for mana first (CR 601.2g:
        mana abilities come before costs are paid), but not used by a mana ability
        that itself sacrifices or exiles it (soft).
        """
        if not self.act.is_permanent:
            return Uses(frozenset(), frozenset())
        if self.act.ab.tap and not self.act.ab.untap and self._pays_untapped():
            src = frozenset({self.act.source_id})
            return Uses(frozenset(), src & self_spenders(self.act.state), src)
        if self.act.ab.tap or self.act.ab.untap:
            src = frozenset({self.act.source_id})
            return Uses(src, frozenset(), src if self.act.ab.tap else frozenset())
        if self.act.has_sacrifice_self or self.act.has_exile_self or self.act.has_return_self:
            return Uses(frozenset(),
                        frozenset({self.act.source_id}) & self_spenders(self.act.state))
        return Uses(frozenset(), frozenset())

    def _pays_untapped(self) -> bool:
        """Whether the source has a mana ability whose cost neither taps nor untaps it
        ("Remove a +1/+1 counter from CARDNAME: Add {C}{C}"), and none with {Q} (which
        a source seen tapped could wrongly use). Not when the ability's cost removes
        counters too: the payment doesn't see those counters gone."""
        if any(c.kind is CostKind.REMOVE_COUNTERS for c in self.act.ab.costs):
            return False
        acts = effective(self.act.state)[self.act.source_id].activated
        manas = [ab for ab in acts if ab.is_mana_ability]
        return not any(ab.untap for ab in manas) and any(not ab.tap for ab in manas)

    @functools.cached_property
    def fixed_uses(self) -> Uses:
        """The uses every solution shares: the source's own, and a card discarded or
        exiled from a hand to pay its own cost (CR 601.2g: then it can't pay mana)."""
        base = self.base_uses
        act = self.act
        if act.has_discard_self or (act.has_exile_self and not act.is_permanent):
            return base | Uses(frozenset({act.source_id}), frozenset())
        # "Discard your hand" discards what is left after mana abilities (CR 601.2g), so
        # a card in hand may still pay mana first: no exclusion for it.
        return base

    def _entry(self, x: int, exclude: frozenset[str], tapped: frozenset[str]) -> PayEntry:
        key = (x, exclude, tapped)
        hit = self._entries.get(key)
        if hit is None:
            hit = _pay_entry(self.act.state, self.act.you, self.total(x).cost, None,
                             self.act.source_id, exclude, tapped, self.life_spent(x),
                             self.stated)
            self._entries[key] = hit
            self.left_out.update(hit.left_out)
        return hit

    def life_spent(self, x: int) -> int:
        """The life the ability's own "Pay N life" parts take (X: ``x``). CR 119.4,
        601.2h: the whole cost is paid at once, so the mana payment's life (Phyrexian
        symbols, K'rrik's {B}, Mana Confluence) comes out of what is left."""
        return sum(c.count if isinstance(c.count, int) else x for c in self.act.ab.costs
                   if c.kind is CostKind.PAY_LIFE)

    def payable(self, x: int, uses: Uses | None = None) -> bool:
        """Whether the mana cost can be paid with X = x and these objects spoken for."""
        uses = self.fixed_uses if uses is None else uses
        key = (x, uses)
        hit = self._pay_cache.get(key)
        if hit is None:
            hit = self._first(x, uses) is not _NONE
            self._pay_cache[key] = hit
        return hit

    def _first(self, x: int, uses: Uses) -> object:
        # The question without the soft objects is shared by every choice of what to
        # sacrifice; its payments are then filtered for each choice.
        loose = self._entry(x, uses.hard, uses.tapped)
        if not loose.ok():
            return _NONE
        if not uses.soft:
            return loose.first()
        for p, ids in loose.touching():
            if not ids & uses.soft or self._keeps(p, uses.soft):
                return p
        if len(loose.listed()) >= PAYMENT_SCAN_LIMIT:  # the scan stopped: ask the strict question
            strict = self._entry(x, uses.hard | uses.soft, uses.tapped)
            return strict.first() if strict.ok() else _NONE
        return _NONE

    def _keeps(self, payment: object, soft: frozenset[str]) -> bool:
        """A payment may tap a permanent that a cost then sacrifices or exiles, but not
        use a mana ability that sacrifices or exiles it itself (it would be gone)."""
        if not soft:
            return True
        # A sacrifice outlet (Ashnod's Altar) must still find enough to sacrifice among
        # the permanents the cost doesn't sacrifice or exile.
        avoiding = getattr(payment, "avoiding", None)
        if avoiding is not None and avoiding(soft) is None:
            return False
        need: dict[tuple[str, ...], int] = {}
        for use in getattr(payment, "activations", ()):
            if getattr(use, "zone", "battlefield") != "battlefield":
                continue
            group = tuple(use.group or use.ids or (use.object,))
            if not soft & set(group):
                continue
            perm = self.act.state.get(use.object)
            if not isinstance(perm, Permanent):
                continue
            acts = effective(self.act.state)[perm.id].activated
            ab = acts[use.ability - 1] if 1 <= use.ability <= len(acts) else None
            if ab is None or not any(c.kind in (CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF)
                                     for c in ab.costs):
                continue
            need[group] = need.get(group, 0) + use.times
        return all(sum(1 for m in g if m not in soft) >= n for g, n in need.items())

    def payment_count(self, x: int, uses: Uses) -> tuple[int, bool]:
        """How many distinct payments; False when the scan stopped at its limit.

        ``uses`` (like every ``uses`` below) already includes :meth:`base_uses`.
        """
        key = (x, uses)
        hit = self._count_cache.get(key)
        if hit is None:
            if not uses.soft:
                hit = (self._entry(x, uses.hard, uses.tapped).count(), True)
            else:
                entry = self._entry(x, uses.hard, uses.tapped)
                hit = (entry.count_keeping(uses.soft, self._keeps),
                       len(entry.listed()) < PAYMENT_SCAN_LIMIT)
            self._count_cache[key] = hit
        return hit

    def first_payment(self, x: int, uses: Uses) -> object | None:
        """One payment for this X and these uses (None when there is no mana cost)."""
        if not self.total(x).cost:
            return None
        p = self._first(x, uses)
        return None if p is _NONE else _avoiding(p, uses.soft)

    def all_payments(self, x: int, uses: Uses, limit: int) -> list[object | None]:
        """Every payment for this X and these uses, at most ``limit`` ([None] when
        there is no mana cost)."""
        if not self.total(x).cost:
            return [None]
        out: list[object | None] = []
        for p in self._entry(x, uses.hard, uses.tapped).iterate():
            if self._keeps(p, uses.soft):
                out.append(_avoiding(p, uses.soft))
                if len(out) >= limit:
                    break
        return out

    def _pay_kwargs(self, x: int) -> dict[str, Any]:
        return {"x": None, "for_object": self.act.source_id, "for_ability": True,
                "stated": self.stated}

    @property
    def stated(self) -> Stated:
        """The ability's cost as written: whether it contains {X} (CR 106.6, 107.3)."""
        return Stated("X" in self.act.ab.mana_cost.variables, True)

    def unpayable_text(self, x: int) -> str:
        """The payment solver's reasons why the mana cost can't be paid, in one line
        (empty when it gives none)."""
        state = self.act.state
        spent = self.life_spent(x)
        note = ""
        if spent > 0:  # the payment is asked with that life taken off (``_pay_entry``)
            payer = state.player(self.act.you)
            left = max(payer.life - spent, 0)
            state = state.with_player(replace(payer, life=left))
            note = (f"the cost also pays {spent} life, which leaves {left} life for the "
                    "mana payment (CR 119.4, 601.2h)")
        try:
            why = why_unpayable(
                state, self.act.you, self.total(x).cost,
                exclude=self.base_uses.hard | self.base_uses.soft, **self._pay_kwargs(x))
        except Exception:  # the reasons are a courtesy; the verdict doesn't depend on them
            return note
        return "; ".join([note] * bool(note) + [getattr(r, "message", str(r)) for r in why])


class PayEntry:
    """One payment question (cost, X, who pays, for what, objects kept out), asked of the
    payment solver once and remembered: payable?, the first payment, the count, and
    (only when a sacrificed permanent may have paid mana) the payments listed."""

    def __init__(self, state: GameState, player: str, cost: ManaCost, x: int | None,
                 for_object: str, exclude: frozenset[str], stated: Stated = NOT_STATED
                 ) -> None:
        self._pays: Payments = search_payments(state, player, cost, x=x,
                                               for_object=for_object, exclude=exclude,
                                               for_ability=True, stated=stated)
        self._ok: bool | None = None
        self._first: object = _NONE
        self._count: int | None = None
        self._listed: list[Payment] | None = None
        self._touch: list[tuple[Payment, frozenset[str]]] | None = None
        self._kept: dict[frozenset[str], int] = {}
        self._touched: frozenset[str] = frozenset()
        #: The search with pool-copying abilities, once asked (``left_out``).
        self._copies: bool | None = None

    @property
    def left_out(self) -> tuple[str, ...]:
        """The sources the payment solver left out; none when the only ones are
        pool-copying abilities (Doubling Cube) and the search with them proves that no
        payment exists either (``payments.copies``: CR 605.3a, 601.2g-h)."""
        out = tuple(self._pays.left_out)
        if out and self._pays.board.pool_copies and not self.ok():
            if self._copies is None:
                self._copies = decide_with_copies(self._pays.board).payable
            if self._copies is False:
                return ()
        return out

    def ok(self) -> bool:
        if self._ok is None:
            self._ok = bool(self._pays)
        return self._ok

    def first(self) -> object:
        if self._first is _NONE and self.ok():
            found = self._pays.first()
            self._first = _NONE if found is None else found
        return self._first

    def count(self) -> int:
        """The count of payments, within ``limits.WAYS_PAYMENT_CHECKS`` exact checks and
        ``limits.WAYS_PAYMENT_STATES`` states (:class:`~manacheck.solver.NotDecided`
        past them)."""
        if self._count is None:
            self._count = self._pays.count_found(limits.WAYS_PAYMENT_CHECKS,
                                                 limits.WAYS_PAYMENT_STATES) \
                if self.ok() else 0
        return self._count

    def count_keeping(self, soft: frozenset[str],
                      keeps: Callable[[object, frozenset[str]], bool]) -> int:
        """How many listed payments ``keeps`` accepts with ``soft`` objects spoken for.

        Only payments that use some soft object can be refused, so the answer depends
        only on ``soft`` ∩ (objects those payments use): cached on that.
        """
        touch = self.touching()
        key = soft & self._touched
        hit = self._kept.get(key)
        if hit is None:
            hit = sum(1 for p, ids in touch if not ids & key or keeps(p, key))
            self._kept[key] = hit
        return hit

    def touching(self) -> list[tuple[Payment, frozenset[str]]]:
        """The listed payments, each with the objects it could use."""
        if self._touch is None:
            self._touch = [(p, _ids_used(p)) for p in self.listed()]
            self._touched = frozenset().union(*(ids for _, ids in self._touch))
        return self._touch

    def iterate(self) -> Iterator[Payment]:
        return iter(self._pays) if self.ok() else iter(())

    def listed(self) -> list[Payment]:
        if self._listed is None:
            self._listed = list(itertools.islice(self._pays, PAYMENT_SCAN_LIMIT)) \
                if self.ok() else []
        return self._listed


def _avoiding(payment: object, soft: frozenset[str]) -> object:
    """The payment with its sacrifice outlets sacrificing nothing the cost sacrifices
    or exiles (the payment is known to allow it)."""
    avoiding = getattr(payment, "avoiding", None)
    if avoiding is None:
        return payment
    other = avoiding(soft)
    return payment if other is None else other


def _ids_used(payment: object) -> frozenset[str]:
    """Every object a payment's activations could use (their whole groups)."""
    out: set[str] = set(getattr(payment, "sacrificable", ()))
    for use in getattr(payment, "activations", ()):
        out.update(use.group or use.ids or (use.object,))
    return frozenset(out)


def _pay_entry(state: GameState, player: str, cost: ManaCost, x: int | None,
               for_object: str, exclude: frozenset[str], tapped: frozenset[str] = frozenset(),
               life_spent: int = 0, stated: Stated = NOT_STATED) -> PayEntry:
    """The shared :class:`PayEntry` for a payment question, cached on the state.

    Objects kept out can't be mana sources. Permanents the cost taps are also tapped in
    the state the payment solver sees when a mana ability could otherwise tap them for
    its own cost (Springleaf Drum): CR 601.2g, 107.5. Two questions are the same when
    they differ only in objects kept out that can't produce mana anyway, or (when no
    mana anywhere is restricted) in what the mana is for. ``life_spent``: life the rest
    of the cost pays, which the payment solver sees taken off the life total (CR 119.4:
    the life paid in all is at most the life total).
    """
    sources, restricted = mana_facts(state)
    # Objects kept out matter if they could make mana, or be sacrificed by a sacrifice
    # outlet's mana ability (Ashnod's Altar can't sacrifice what a cost taps, 601.2g-h).
    sources = sources | self_spenders(state)
    # (and a source its own {T} taps, which may still pay with a mana ability that
    # doesn't tap it: ``Payer.base_uses``)
    really_tapped = tapped & (tap_sensitive(state) | (sources - exclude))
    key = (player, cost, x, for_object if restricted else None, exclude & sources,
           really_tapped, life_spent, stated)
    cache: dict[object, PayEntry] = state.__dict__.setdefault("_activation_payments", {})
    hit = cache.get(key)
    if hit is None:
        seen = state
        for oid in sorted(really_tapped):
            seen = seen.with_permanent(replace(seen.permanent(oid), tapped=True))
        if life_spent > 0:
            payer = seen.player(player)
            seen = seen.with_player(replace(payer, life=max(payer.life - life_spent, 0)))
        hit = PayEntry(seen, player, cost, x, for_object, exclude & sources, stated)
        cache[key] = hit
    return hit

