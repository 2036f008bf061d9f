"""One search budget for a whole question (could-produce, CR 106.7).

A could-produce question may build many replacement graphs (one per ability, per
event, per permanent). A cap per graph doesn't bound the total: :class:`Budget` is
shared by every graph of one question and charged as each graph grows (one unit per
new application state), so the whole question stops within ``limit`` states.

Hitting the budget is not bad input (:class:`~.notdecided.NotDecided`, never
``BadInput``): :class:`BudgetExhausted` carries which limit was
hit and where, and the commands answer "not decided" (``complete: false``) with it.

Rules
-----
CR 616.1, 616.1f, 614.5: the application states the budget counts. CR 106.7.
"""

from __future__ import annotations

from .notdecided import NotDecided

__all__ = ["MAX_STATES", "Budget", "BudgetExhausted", "EnumerationLimit"]

#: The most application states one question may explore, over every graph it builds.
MAX_STATES = 200_000


class EnumerationLimit(NotDecided):
    """An enumeration stopped at its limit; the message says which and where.

    (Defined here, re-exported by :mod:`manacheck.solver.replacement`.) Library calls
    raise it; the commands turn it into an answer that is not decided (never bad
    input: a :class:`~.notdecided.NotDecided`).
    """

    def __init__(self, message: str, *, suggestion: str | None = None) -> None:
        super().__init__(message, suggestion=suggestion, stopped=message)


class BudgetExhausted(EnumerationLimit):
    """The question's search budget is spent; the message says which and where.

    A subclass of :class:`EnumerationLimit` so callers
    that already stop on enumeration limits keep doing so.
    """

    def __init__(self, limit: int, where: str) -> None:
        super().__init__(f"search budget: stopped after {limit:,} application states in "
                         f"total ({where})",
                         suggestion="remove some replacement effects from the state")
        self.limit = limit
        self.where = where


class Budget:
    """States left for one question; :meth:`spend` raises when none are left.

    Parameters
    ----------
    limit : int, optional
        The most application states the question may explore, all graphs together
        (default :data:`MAX_STATES`, read when the budget is made).

    Examples
    --------
    >>> b = Budget(2)
    >>> b.spend(2, "here")
    >>> b.spent
    2
    >>> try:
    ...     b.spend(1, "there")
    ... except BudgetExhausted as e:
    ...     print(e.limit, e.where)
    2 there
    """

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int | None = None) -> None:
        self.limit = MAX_STATES if limit is None else limit
        self.spent = 0

    @property
    def left(self) -> int:
        return self.limit - self.spent

    def spend(self, n: int, where: str) -> None:
        """Charge ``n`` states; raise :class:`BudgetExhausted` past the limit.

        Rules
        -----
        CR 616.1 (the states are application states of replacement effects).
        """
        if self.spent + n > self.limit:
            self.spent = self.limit
            raise BudgetExhausted(self.limit, where)
        self.spent += n
