"""The search over an activation's solutions: the first legal way, the count, every way.

A solution of the constraint problem (:mod:`.problem`) is a legal way once its mana
cost can be paid with what the solution uses; the first such one is the witness.
Counting adds, over every solution, the number of payments with that solution's
tapped and sacrificed objects kept out. Both stop at their limits and say so.

Rules
-----
CR 601.2c–h: a legal way chooses targets, X and the objects the costs use, then pays
the total cost at once (601.2h). CR 601.2g: what a solution taps for a cost can't pay
mana; what it sacrifices or exiles may first be tapped for mana.
"""

from __future__ import annotations

from collections.abc import Iterator

from manacheck.model import GameState

from ..notdecided import NotDecided
from .core import Activation
from .limits import WAYS_LIMIT
from .lookup import default_player, resolve_ability
from .problem import Problem
from .reasons import fixed_reasons
from .verdict import Witness
from .witness import build_witness

__all__ = ["search", "ways"]


def search(problem: Problem, count: bool, limit: int) -> tuple[Witness | None, int, bool]:
    """The first way (a witness), and with ``count`` the number of ways.

    Returns (witness or None, ways, complete); ``complete`` is False when the count
    stopped at ``limit`` solutions, a payment scan stopped at its limit, or counting a
    solution's payments stopped at its budget (that solution then counts once: it has a
    payment, the witness's or one found before). The witness never waits for a count.
    """
    witness: Witness | None = None
    total = 0
    complete = True
    payer = problem.payer
    has_mana = bool(problem.act.ab.mana_cost)
    for i, sol in enumerate(problem.solutions()):
        if count and i >= limit:
            if witness is not None:
                return witness, total, False
            count, complete = False, False  # keep looking for a witness, stop counting
        x, uses = problem.x_of(sol), problem.uses_of(sol)
        if has_mana and not payer.payable(x, uses):
            continue
        if witness is None:
            witness = build_witness(problem, sol,
                                    payer.first_payment(x, uses) if has_mana else None)
            if not count:
                return witness, 1, False
        if has_mana:
            try:
                n, done = payer.payment_count(x, uses)
            except NotDecided:  # the count's budget: this solution pays, at least once
                n, done = 1, False
            total += n
            complete = complete and done
        else:
            total += 1
    return witness, total, complete


def ways(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    limit: int = WAYS_LIMIT,
) -> Iterator[Witness]:
    """Every distinct legal way to activate the ability (``--all``), lazily.

    Yields nothing when the activation is illegal for a reason that doesn't depend on
    the choices (timing, {T}, 302.6, ...). Stops after ``limit`` ways. See
    :func:`~manacheck.solver.activation.can_activate` for what makes two ways distinct.
    """
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)
    act = Activation(state, object_id, number, ab, you)
    problem = Problem(act)
    if fixed_reasons(act):
        return
    n = 0
    for sol in problem.solutions():
        x = problem.x_of(sol)
        uses = problem.uses_of(sol)
        if ab.mana_cost and not problem.payer.payable(x, uses):
            continue
        for pay in problem.payer.all_payments(x, uses, limit - n):
            yield build_witness(problem, sol, pay)
            n += 1
            if n >= limit:
                return
