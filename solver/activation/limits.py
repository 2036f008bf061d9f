"""How far the activation search goes, and what it says when it stops.

Every limit is said when it is hit, never hidden: past ``WAYS_LIMIT`` solutions the
count of ways is a lower bound (``Verdict.ways_complete`` is False); a choice with more
than ``DOMAIN_LIMIT`` values raises :class:`ActivationSearchLimit` (the CLI reports the
activation as not decided); past ``PAYMENT_SCAN_LIMIT`` listed payments the stricter
payment question is asked instead.

Rules
-----
CR 107.3, 202.3e: X (``X_LIMIT`` bounds an X that only the mana cost bounds).
CR 601.2c–h: the choices searched (targets, costs, X, the mana payment).
"""

from __future__ import annotations

from ..notdecided import NotDecided

__all__ = [
    "DOMAIN_LIMIT",
    "PAYMENT_SCAN_LIMIT",
    "WAYS_LIMIT",
    "WAYS_PAYMENT_CHECKS",
    "WAYS_PAYMENT_STATES",
    "X_LIMIT",
    "ActivationSearchLimit",
]

#: Constraint solutions enumerated when counting ways; beyond it ``ways`` is a lower
#: bound and ``Verdict.ways_complete`` is False.
WAYS_LIMIT = 10_000
#: The largest X tried for an X that only the mana cost bounds.
X_LIMIT = 99
#: The most values one choice (e.g. "sacrifice X creatures") may have.
DOMAIN_LIMIT = 200_000
#: Payments scanned when a sacrificed permanent may have been tapped for mana first.
PAYMENT_SCAN_LIMIT = 10_000
#: Exact checks one count of a solution's payments may make while counting ways (the
#: payment solver's own count allows ``payments.limits.DEFAULT_MAX_CHECKS``): past it
#: that solution counts once and ``ways`` is a lower bound; the verdict never waits.
WAYS_PAYMENT_CHECKS = 300
#: ... and this many partial states (the payment solver's own: 300,000).
WAYS_PAYMENT_STATES = 20_000


class ActivationSearchLimit(NotDecided):
    """The choices of one activation are too many to search; said, not guessed (the
    verdict is not decided, never bad input)."""

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message, suggestion=suggestion, stopped=message)
