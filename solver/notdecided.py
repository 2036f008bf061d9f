""""Not decided" as an exception: what the bool- and int-returning helpers raise.

The answers that carry their own meaning (:class:`~.payments.PaymentAnswer`'s
``payable``, :class:`~.activation.Verdict`'s ``legal``: ``None`` when not decided) say
"not decided" in a field. A helper whose return value is a plain ``bool`` or ``int``
(:func:`~.payments.is_payable`, :func:`~.payments.count_payments`,
``bool(verdict)``, :func:`~.produce.could_produce`) can't: it raises
:class:`NotDecided` instead, so a caller can never take "not decided" for "no" or for
an exact count. The exception carries what the answer would have said: the effects
the question doesn't apply (``undecided``), the sources the payment solver left out
(``left_out``), the search budget that was spent (``stopped``) and any proven bounds.

A spent search budget is not bad input: :class:`NotDecided` is a
:class:`~manacheck.model.ManacheckError` but never a
:class:`~manacheck.model.BadInput`, and the CLI turns one that reaches it into "not
decided" with exit status 1 (2 is for bad input only). The budgets' own exceptions
(``PaymentSearchLimit``, ``ActivationSearchLimit``, ``EnumerationLimit``,
``BudgetExhausted``, ``ProduceNotDecided``) are its subclasses.

Rules
-----
Soundness (``manacheck.solver.soundness``): an answer rests only on what the question
applies; what it can't apply, or a search it couldn't finish, could change the answer
(CR 601.2h for payments: a cost not shown payable and not shown unpayable is neither).
"""

from __future__ import annotations

from typing import ClassVar

from manacheck.model.errors import ManacheckError

from .soundness import Undecided

__all__ = ["NotDecided"]


class NotDecided(ManacheckError):
    """An answer manacheck could not decide; never bad input.

    Parameters
    ----------
    message : str
        Why, in one line.
    undecided : tuple of Undecided
        Effects on the board the question doesn't apply that could change the answer.
    left_out : tuple of str
        Mana sources the payment solver can't model (one might pay the cost).
    stopped : str
        The search budget that was spent ("" if none).
    reasons : tuple of str
        Other reasons, each with its rule (what the answer lists).
    at_least, at_most : int, optional
        Proven bounds on a count that is not decided.

    Examples
    --------
    >>> e = NotDecided("the count stopped at its budget", stopped="300,000 states",
    ...                at_least=2)
    >>> e.not_decided, e.at_least, isinstance(e, ValueError)
    (True, 2, True)
    """

    not_decided: ClassVar[bool] = True

    def __init__(self, message: str, *, suggestion: str | None = None,
                 undecided: tuple[Undecided, ...] = (), left_out: tuple[str, ...] = (),
                 stopped: str = "", reasons: tuple[str, ...] = (),
                 at_least: int | None = None, at_most: int | None = None) -> None:
        super().__init__(message, suggestion=suggestion)
        self.undecided = undecided
        self.left_out = left_out
        self.stopped = stopped
        self.reasons = reasons
        self.at_least = at_least
        self.at_most = at_most

    @property
    def why(self) -> tuple[str, ...]:
        """Every reason, one line each: the effects, the sources left out, the budget."""
        out = [str(u) for u in self.undecided]
        if self.left_out:
            out.append("sources the payment solver can't model were left out: "
                       + ", ".join(self.left_out))
        if self.stopped:
            out.append(self.stopped)
        out += self.reasons
        return tuple(out) or (self.message,)
