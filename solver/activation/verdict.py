"""The answer to "can I activate this?": a verdict with every reason, a witness and fixes.

These are plain frozen values; :mod:`manacheck.solver.activation` computes them and
the CLI turns them into text or JSON with :meth:`Verdict.to_data`.

Rules
-----
CR 602.2: activating an ability; CR 601.2c–h: its steps (targets, costs, payment).
Every :class:`Reason` carries the rule number it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..notdecided import NotDecided
from ..soundness import Undecided

__all__ = ["Change", "Fix", "Reason", "Verdict", "Witness"]


@dataclass(frozen=True, slots=True)
class Reason:
    """One failing requirement: the rule it comes from and a one-line message."""

    rule: str
    message: str

    def to_data(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True, slots=True)
class Change:
    """A change to the game state, as data (see :mod:`manacheck.solver.activation.fixes`).

    ``kind`` is one of the documented change kinds (``untap_source``, ``tap_source``,
    ``no_summoning_sickness``, ``main_phase_empty_stack``, ``not_activated_this_turn``,
    ``add_spell``, ``add_card_to_hand``, ``add_card_to_graveyard``, ``add_permanent``,
    ``add_mana_source``, ``more_life``, ``more_counters``, ``activate_as``,
    ``hold_priority``, ``priority_step``); ``params``
    its arguments as sorted (key, value) pairs.
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.params)}


@dataclass(frozen=True, slots=True)
class Fix:
    """A smallest change that makes the activation legal, verified by re-checking.

    ``changes`` has one entry for a single change, two for a pair.
    """

    description: str
    rule: str
    changes: tuple[Change, ...]

    @property
    def change(self) -> Change:
        return self.changes[0]

    def to_data(self) -> dict[str, Any]:
        return {"description": self.description, "rule": self.rule,
                "change": [c.to_data() for c in self.changes]}


@dataclass(frozen=True, slots=True)
class Witness:
    """One complete legal way to activate the ability (CR 601.2c–h).

    ``targets`` in the ability's target order; ``x`` the value chosen for X (None when
    the ability has no X); ``discarded``, ``sacrificed``, ``exiled``, ``tapped``
    (permanents tapped for the cost: the source for {T}, and those of "tap an untapped
    ..." costs), ``untapped`` (the source for {Q}), ``revealed``; ``counters_removed``
    as (object, counter kind, number); ``life_paid``; ``payment`` the mana payment as
    the payment solver gives it (None when the ability has no mana cost).
    """

    targets: tuple[str, ...] = ()
    x: int | None = None
    discarded: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    exiled: tuple[str, ...] = ()
    tapped: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    counters_removed: tuple[tuple[str, str, int], ...] = ()
    life_paid: int = 0
    payment: object | None = None
    #: (object, counter kind, number) put on as a cost ([+1]: CR 606.4).
    counters_added: tuple[tuple[str, str, int], ...] = ()
    #: permanents returned to their owner's hand as a cost (ninjutsu, CR 702.49a)
    returned: tuple[str, ...] = ()
    #: energy counters paid ({E}, CR 107.14)
    energy_paid: int = 0

    def swapped(self, a: str, b: str) -> Witness:
        """This witness with objects ``a`` and ``b`` exchanged everywhere (the payment
        too, through its own ``swapped``): the same way for ``a``'s twin ``b``."""
        def sw(ids: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(b if o == a else a if o == b else o for o in ids)

        pay = self.payment
        swap_pay = getattr(pay, "swapped", None)
        if pay is not None:
            if not callable(swap_pay):
                raise TypeError(f"a payment without swapped(): {pay!r}")
            pay = swap_pay(a, b)
        return Witness(
            targets=sw(self.targets), x=self.x, discarded=sw(self.discarded),
            sacrificed=sw(self.sacrificed), exiled=sw(self.exiled), tapped=sw(self.tapped),
            untapped=sw(self.untapped), revealed=sw(self.revealed),
            counters_removed=tuple((sw((o,))[0], k, n) for o, k, n in self.counters_removed),
            life_paid=self.life_paid, payment=pay,
            counters_added=tuple((sw((o,))[0], k, n) for o, k, n in self.counters_added),
            returned=sw(self.returned), energy_paid=self.energy_paid)

    def to_data(self) -> dict[str, Any]:
        return {
            "targets": list(self.targets),
            "x": self.x,
            "discarded": list(self.discarded),
            "sacrificed": list(self.sacrificed),
            "exiled": list(self.exiled),
            "tapped": list(self.tapped),
            "untapped": list(self.untapped),
            "revealed": list(self.revealed),
            "counters_removed": [{"object": o, "counter": k, "number": n}
                                 for o, k, n in self.counters_removed],
            "life_paid": self.life_paid,
            "payment": payment_data(self.payment),
            **({"counters_added": [{"object": o, "counter": k, "number": n}
                                   for o, k, n in self.counters_added]}
               if self.counters_added else {}),
            **({"returned": list(self.returned)} if self.returned else {}),
            **({"energy_paid": self.energy_paid} if self.energy_paid else {}),
        }


def payment_data(payment: object | None) -> Any:
    """Plain data for a payment from the payment solver (its ``to_data`` if it has one)."""
    if payment is None:
        return None
    to_data = getattr(payment, "to_data", None)
    if callable(to_data):
        return to_data()
    return str(payment)


@dataclass(frozen=True)
class Verdict:
    """Whether a player may activate one ability now, and why.

    ``legal`` is True (legal), False (not legal) or None: **not decided** (``undecided``
    says why; a verdict made with ``undecided`` has ``legal`` None, whatever it was
    given). ``bool(verdict)`` is True or False for a decided verdict and raises
    :class:`~manacheck.solver.NotDecided` for one that isn't, so "not decided" is never
    read as "no". ``reasons`` lists EVERY failing requirement (empty when legal).
    ``witness`` is one complete legal way or None. ``ways`` counts the distinct ways
    (see :func:`manacheck.solver.activation.can_activate` for what "distinct" means);
    ``ways_complete`` is False when counting stopped at the limit (``ways`` is then a
    lower bound). ``fixes`` are the smallest verified changes for an illegal one.
    """

    object_id: str
    ability: int
    player: str
    legal: bool | None
    reasons: tuple[Reason, ...] = ()
    witness: Witness | None = None
    ways: int = 0
    ways_complete: bool = True
    fixes: tuple[Fix, ...] = field(default=())
    text: str = ""
    #: Not decided: the search hit a limit, or the mana cost isn't payable without
    #: sources the payment solver can't model (the message says which); ``legal`` is
    #: then None, and JSON gives ``"legal": null``.
    undecided: str = ""
    #: Mana sources the payment solver left out because it can't model them (their
    #: mana, a cost part or a condition): ``ways`` is then a lower bound.
    left_out: tuple[str, ...] = ()
    #: Effects on the board that could change the verdict and that can-activate
    #: doesn't apply (``manacheck.solver.soundness``): the verdict is then not decided.
    unapplied: tuple[Undecided, ...] = ()
    #: State-based actions performed before the player could act (CR 117.5), each
    #: with its rule: the verdict is about the state after them.
    state_based: tuple[str, ...] = ()
    #: When a choice before priority (CR 704.5j) gives different verdicts: each.
    by_choice: tuple[tuple[str, Verdict], ...] = ()
    #: A legal mana ability the player doesn't hold priority for: legal "only while
    #: paying a cost" (CR 605.3a), and why there is no priority now ("" otherwise).
    only_while_paying: str = ""

    def __post_init__(self) -> None:
        if self.undecided and self.legal is not None:
            object.__setattr__(self, "legal", None)

    @property
    def decided(self) -> bool:
        """Whether the verdict is decided (``legal`` is True or False)."""
        return self.legal is not None

    def __bool__(self) -> bool:
        """Legal? Raises :class:`~manacheck.solver.NotDecided` when not decided."""
        if self.legal is None:
            raise NotDecided(f"whether {self.player} may activate {self.object_id} ability "
                             f"{self.ability} is not decided: {self.undecided}",
                             undecided=self.unapplied, left_out=self.left_out,
                             reasons=tuple(f"CR {r.rule}: {r.message}"
                                           for r in self.reasons))
        return self.legal

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "object": self.object_id,
            "ability": self.ability,
            "legal": self.legal,
            "reasons": [r.to_data() for r in self.reasons],
            "witness": None if self.witness is None else self.witness.to_data(),
            "ways": self.ways,
            "fixes": [f.to_data() for f in self.fixes],
        }
        if not self.ways_complete:
            out["ways_limit_reached"] = True
        if self.undecided:
            out["legal"] = None
            out["undecided"] = [u.to_data() for u in self.unapplied] or [
                {"object": oid, "text": "", "why": self.undecided} for oid in
                (self.left_out or (self.object_id,))]
        if self.left_out:
            out["left_out"] = list(self.left_out)
        if self.only_while_paying:
            out["only_while_paying_a_cost"] = self.only_while_paying
        if self.state_based:
            out["state_based_actions"] = list(self.state_based)
        if self.by_choice:
            out["by_choice"] = [{"choice": c, **v.to_data()} for c, v in self.by_choice]
        return out
