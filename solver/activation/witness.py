"""One complete legal way to activate: a constraint solution and a payment as a Witness.

The witness names every choice the activation makes: the targets in the ability's
order, X, the objects each cost part uses (with the source itself for "sacrifice /
discard / exile this", {T} and {Q}), the cards "discard your hand" discards, the
counters removed, the life paid, and the mana payment.

Rules
-----
CR 601.2c–h: the steps of activating (targets, X, total cost, paying it).
CR 601.2g: mana abilities are activated before costs are paid, so "discard your hand"
discards only the cards still in hand after mana abilities used some (an Elvish Spirit
Guide exiled for mana is not discarded). CR 107.5 / 107.6: {T} taps the source, {Q}
untaps it. CR 119.4: life paid. CR 118.3: counters removed.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from manacheck.model import CostKind

from .problem import Problem
from .verdict import Witness

__all__ = ["build_witness"]


def build_witness(problem: Problem, sol: Mapping[str, Hashable], payment: object | None
                  ) -> Witness:
    """The witness for a solution and a payment (the costs the choices pay)."""
    act = problem.act
    ab = act.ab
    picks: dict[str, list[str]] = {k: [] for k in
                                   ("discarded", "sacrificed", "exiled", "tapped",
                                    "revealed", "returned")}
    field_of = {CostKind.DISCARD.value: "discarded", CostKind.SACRIFICE.value: "sacrificed",
                CostKind.EXILE_FROM_GRAVEYARD.value: "exiled",
                CostKind.TAP_UNTAPPED.value: "tapped", CostKind.REVEAL.value: "revealed",
                CostKind.TAP_TOTAL_POWER.value: "tapped", CostKind.RETURN.value: "returned",
                CostKind.EXILE.value: "exiled", CostKind.EXILE_FROM_HAND.value: "exiled"}
    targets: list[str] = []
    for v in problem.vars:
        if v.kind == "target":
            chosen = sol[v.name]
            assert isinstance(chosen, tuple)
            targets.extend(str(t) for t in chosen)
        else:
            sel = sol[v.name]
            assert isinstance(sel, tuple)
            picks[field_of[v.kind]].extend(str(s) for s in sel)
    x = problem.x_of(sol) if problem.uses_x else None
    counters: list[tuple[str, str, int]] = []
    added: list[tuple[str, str, int]] = []
    life = 0
    energy = 0
    for part in ab.costs:
        if part.kind is CostKind.SACRIFICE_SELF:
            picks["sacrificed"].insert(0, act.source_id)
        elif part.kind is CostKind.DISCARD_SELF:
            picks["discarded"].insert(0, act.source_id)
        elif part.kind is CostKind.EXILE_SELF:
            picks["exiled"].insert(0, act.source_id)
        elif part.kind is CostKind.RETURN_SELF:
            picks["returned"].insert(0, act.source_id)
        elif part.kind is CostKind.REVEAL_SELF:
            picks["revealed"].insert(0, act.source_id)
        elif part.kind is CostKind.DISCARD_HAND:
            spent = {u.object for u in getattr(payment, "activations", ())
                     if getattr(u, "zone", "") == "hand"}
            picks["discarded"].extend(c.id for c in act.state.player(act.you).hand
                                      if c.id != act.source_id and c.id not in spent)
        elif part.kind is CostKind.PAY_ENERGY:
            energy += int(part.count)
        elif part.kind is CostKind.PAY_LIFE:
            life += part.count if isinstance(part.count, int) else (x or 0)
        elif part.kind is CostKind.REMOVE_COUNTERS:
            n = part.count if isinstance(part.count, int) else (x or 0)
            counters.append((act.source_id, part.counter, n))
        elif part.kind is CostKind.ADD_COUNTERS:
            n = part.count if isinstance(part.count, int) else (x or 0)
            added.append((act.source_id, part.counter, n))
    tapped = ([act.source_id] if ab.tap else []) + picks["tapped"]
    return Witness(
        targets=tuple(targets), x=x, discarded=tuple(picks["discarded"]),
        sacrificed=tuple(picks["sacrificed"]), exiled=tuple(picks["exiled"]),
        tapped=tuple(tapped), untapped=(act.source_id,) if ab.untap else (),
        revealed=tuple(picks["revealed"]), returned=tuple(picks["returned"]),
        counters_removed=tuple(counters),
        life_paid=life, payment=payment, counters_added=tuple(added), energy_paid=energy,
    )

