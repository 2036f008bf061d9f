"""The search budgets of the payment solver, each said when it is spent.

A question that hits one of them answers "not decided" / ``complete: false``
(:class:`~manacheck.solver.payments.values.PaymentSearchLimit`), never a wrong count.
Code reads them as ``limits.NAME`` at call time, so a caller (or a test) can change
one for a run.

Rules
-----
CR 605.3a: mana abilities that cost mana may pay each other's costs in any order;
``MAX_CHAIN`` bounds how many such activations one payment orders.
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_MAX_CHECKS",
    "DEFAULT_MAX_SCAN",
    "DEFAULT_MAX_STATES",
    "MAX_CHAIN",
    "SAC_COUNT_LIMIT",
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
