"""The search budgets of the payment solver, each said when it is spent.

A question that hits one of them answers "not decided" / ``complete: false``
(:class:`~manacheck.solver.payments.values.PaymentSearchLimit`), never a wrong count.
Code reads them as ``limits.NAME`` at call time, so a caller (or a test) can change
one for a run.

Rules
-----
CR 605.3a: mana abilities that cost mana may pay each other's costs in any order;
``MAX_ORDER_CHECKS`` bounds the max-flows spent ordering them in one question.
"""

from __future__ import annotations

__all__ = [
    "BOUND_CHECKS",
    "BOUND_STATES",
    "BOUND_STEPS",
    "DEFAULT_MAX_CHECKS",
    "DEFAULT_MAX_SCAN",
    "DEFAULT_MAX_STATES",
    "FIRST_LIST_STATES",
    "MAX_LIST_STATES",
    "MAX_ORDER_CHECKS",
    "SAC_COUNT_LIMIT",
]

#: The counting programme gives up (raising ``PaymentSearchLimit``) past this many states.
DEFAULT_MAX_STATES = 300_000
#: Ordering the activations of mana abilities that cost mana (``exact.find_order``)
#: gives up after this many max-flows in one question; usually one or two suffice.
MAX_ORDER_CHECKS = 20_000
#: Listing (``listing``) keeps at most this many partial states, over every step.
MAX_LIST_STATES = 300_000
#: The counting programme gives up after this many exact (max-flow) checks, and as
#: many max-flows ordering mana-costing activations (``Board.order_limit``).
DEFAULT_MAX_CHECKS = 8_000
#: ``Payments.first`` (one payment to show, fewest sources first) lists within this many
#: partial states; past it, the greedy witness (``quick``) is shown instead.
FIRST_LIST_STATES = 20_000
#: ``Payments.best`` examines at most this many payments per number of sources.
DEFAULT_MAX_SCAN = 2_000
#: With sacrifice outlets, payments are counted one by one, up to this many.
SAC_COUNT_LIMIT = 20_000
#: When a count stops, its lower bound's counts (``bounds``) make at most this many
#: states in all ...
BOUND_STATES = 100_000
#: ... and this many exact checks in all.
BOUND_CHECKS = 3_000
#: The upper bound's programme (``bounds``) takes at most this many steps.
BOUND_STEPS = 600_000
