"""The whole answer to "how can I pay this?", with its meaning decided here.

:func:`payment_answer` asks the payment solver once and says: payable, not payable or
not decided; whether the count is complete; why an answer is not decided (sources the
solver can't model were left out, or a search budget was spent); the reasons a cost
can't be paid; and the best payments. The CLI only formats a :class:`PaymentAnswer`,
so a Python caller and ``manacheck pay`` can't disagree.

Rules
-----
CR 601.2h: a cost that can't be paid in full can't be paid. Soundness: "not payable"
rests only on sources the solver models; with a source left out it is "not decided".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from manacheck.model import GameState, ManaCost

from .questions import payments
from .reasons import unpayable_reasons
from .values import Payment, PaymentSearchLimit

__all__ = ["PaymentAnswer", "payment_answer"]

#: How many payments an answer lists unless asked for another number.
DEFAULT_SHOW = 50


@dataclass(frozen=True)
class PaymentAnswer:
    """One complete answer to "how can I pay this cost now?".

    Attributes
    ----------
    cost : ManaCost
        The cost paid (X given a value, the spell's own reductions applied).
    payable : bool or None
        True, False, or None: not decided (see :attr:`undecided_because`).
    count : int or None
        How many distinct payments; None when the count stopped at its budget. 0 when
        not payable.
    complete : bool
        The count is exact and no source was left out (else it is a lower bound).
    left_out : tuple of str
        Sources the payment solver can't model (every count is then a lower bound).
    stopped : str
        Which search budget was spent ("" if none).
    reasons : tuple of str
        When not payable or not decided: every reason, each with its rule.
    options : tuple of Payment
        The best payments (fewest sources, then most colors left), at most ``show``.
    order_complete : bool
        False when the best-first order was taken among the first payments found.
    """

    cost: ManaCost
    payable: bool | None
    count: int | None
    complete: bool
    left_out: tuple[str, ...] = ()
    stopped: str = ""
    reasons: tuple[str, ...] = ()
    options: tuple[Payment, ...] = ()
    order_complete: bool = True
    listed: bool = field(default=False, repr=False)

    @property
    def verdict(self) -> Literal["payable", "not payable", "not decided"]:
        """The answer in words."""
        if self.payable is None:
            return "not decided"
        return "payable" if self.payable else "not payable"

    @property
    def undecided_because(self) -> tuple[str, ...]:
        """Why the answer is not decided (empty when it is decided)."""
        if self.payable is not None:
            return ()
        why = []
        if self.left_out:
            why.append("not payable without the sources left out, and the payment solver "
                       "can't model them: " + ", ".join(self.left_out))
        if self.stopped:
            why.append(self.stopped)
        return tuple(why)

    def __bool__(self) -> bool:
        """True only when certainly payable."""
        return self.payable is True

    def to_data(self) -> dict[str, Any]:
        """The answer as JSON-ready data (the ``pay --json`` shape)."""
        data: dict[str, Any] = {"cost": self.cost.text or "{0}", "payable": self.payable,
                                "count": self.count, "complete": self.complete}
        if self.listed:
            data["options"] = [q.to_data() for q in self.options]
            data["order_complete"] = self.order_complete
        if self.payable is not True:
            data["reasons"] = list(self.reasons)
        if self.left_out:
            data["left_out"] = list(self.left_out)
        if self.stopped:
            data["stopped"] = self.stopped
        return data


def payment_answer(state: GameState, player: str, cost: ManaCost | str, *,
                   x: int | None = None, for_object: str | None = None,
                   exclude: frozenset[str] = frozenset(), show: int = DEFAULT_SHOW,
                   list_payments: bool = True) -> PaymentAnswer:
    """Ask everything about paying ``cost`` once: verdict, count, reasons, best payments.

    Parameters
    ----------
    state, player, cost, x, for_object, exclude
        As for :func:`~manacheck.solver.payments.payments`.
    show : int
        List at most this many payments (best first).
    list_payments : bool
        False to skip listing (a count only).

    Returns
    -------
    PaymentAnswer

    Raises
    ------
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Island]\\n")
    >>> a = payment_answer(s, "A", "{1}{G}")
    >>> a.verdict, a.count, a.complete
    ('payable', 1, True)
    >>> payment_answer(s, "A", "{B}").verdict
    'not payable'

    Rules
    -----
    CR 601.2h: partial payments are not allowed.
    """
    p = payments(state, player, cost, x=x, for_object=for_object, exclude=exclude)
    count: int | None
    stopped = ""
    try:
        count = p.count()
    except PaymentSearchLimit as e:
        count, stopped = None, f"the count stopped at its budget: {e.message}"
    payable: bool | None
    if count is not None:
        payable = count > 0
    else:
        try:
            payable = bool(p)
        except PaymentSearchLimit as e:
            payable, stopped = None, f"the search stopped at its budget: {e.message}"
    left_out = p.left_out
    options: tuple[Payment, ...] = ()
    order_complete = True
    if payable and list_payments:
        options = tuple(p.best(show))
        order_complete = p.best_complete
    reasons: tuple[str, ...] = ()
    if payable is False:
        count = 0
        reasons = tuple(unpayable_reasons(state, player, cost, x=x, for_object=for_object,
                                          exclude=exclude))
        if left_out:
            # A source left out might pay it: not decided (never a confident "no").
            payable = None
    return PaymentAnswer(p.cost, payable, count, count is not None and not left_out,
                         left_out, stopped, reasons, options, order_complete,
                         listed=bool(payable) and list_payments)
