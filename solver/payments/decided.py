"""The documented payment helpers, which can't lose "not decided".

:func:`is_payable`, :func:`count_payments` and :func:`unpayable_reasons` answer as
``manacheck pay`` does (they ask :func:`.answer.payment_answer`: pending state-based
actions first, soundness, sources left out, search budgets): where its answer is
"payable", "not payable" or an exact count they return it; where it is *not decided*
they raise :class:`~manacheck.solver.NotDecided`, with the effects the solver doesn't
apply, the sources it left out, the budget that was spent and any proven bounds on the
count attached. A bool or an int can't say "not decided", so it is never returned for
one. :func:`payments` gives the lazy :class:`~.enumeration.Payments` only for a
question the solver can decide; its ``bool()`` and ``count()`` raise
:class:`~manacheck.solver.NotDecided` where the sources left out could change them.

Rules
-----
CR 601.2h: a cost that can't be paid in full can't be paid; "not payable" rests only
on what the solver models and applies, "payable" on a payment found. CR 117.5: the
answer is about the game when the player receives priority (after state-based
actions).
"""

from __future__ import annotations

from manacheck.model import GameState, ManaCost

from ..notdecided import NotDecided
from ..settle import before_priority
from ..soundness import PAYMENT, PAYMENT_FOR
from .answer import not_decided, payment_answer, unapplied_for_payment
from .copies import decide_with_copies
from .enumeration import Payments
from .kinds import NOT_STATED, Stated
from .questions import search_payments

__all__ = ["count_payments", "is_payable", "not_decided", "payments", "unpayable_reasons"]


def is_payable(state: GameState, player: str, cost: ManaCost | str, *,
               x: int | None = None, for_object: str | None = None,
               exclude: frozenset[str] = frozenset(), limit: int | None = None) -> bool:
    """Whether ``player`` can pay ``cost`` now: True or False, decided.

    Parameters are those of :func:`payments` (``limit`` is ignored: one payment is
    enough). The answer is ``manacheck pay``'s without the count: one payment found
    (greedily first, :mod:`.quick`) is "payable"; a proof is "not payable".

    Raises
    ------
    NotDecided
        When the answer is not decided: an effect on the board the solver doesn't
        apply (Null Rod), a source it left out that might pay it, a spent search
        budget. Never ``BadInput`` for those.
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Island]\\n")
    >>> is_payable(s, "A", "{1}{G}"), is_payable(s, "A", "{B}")
    (True, False)

    Rules
    -----
    CR 601.2g-h (unpayable costs can't be paid), 117.5.
    """
    a = payment_answer(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                       list_payments=False, counting=False)
    if a.payable is None:
        raise not_decided(a)
    return a.payable


def count_payments(state: GameState, player: str, cost: ManaCost | str, *,
                   x: int | None = None, for_object: str | None = None,
                   exclude: frozenset[str] = frozenset(), limit: int | None = None) -> int:
    """How many distinct payments there are (counted, not listed), exactly.

    See :func:`payments` for the parameters; with ``limit``, at most that number.

    Raises
    ------
    NotDecided
        When the verdict is not decided, or the count isn't exact: it stopped at its
        budget, or sources left out (or used once) make it a lower bound. The proven
        bounds are ``at_least`` and ``at_most`` (None when unknown).
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Rules
    -----
    CR 601.2g-h, 117.5.
    """
    a = payment_answer(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                       list_payments=False)
    if a.payable is False:
        return 0
    if a.payable is None or a.count is None or not a.complete:
        raise not_decided(a)
    return a.count if limit is None else min(a.count, limit)


def unpayable_reasons(state: GameState, player: str, cost: ManaCost | str, *,
                      x: int | None = None, for_object: str | None = None,
                      exclude: frozenset[str] = frozenset(), limit: int | None = None,
                      for_ability: bool = False, stated: Stated = NOT_STATED) -> list[str]:
    """Why the cost can't be paid, as every failing reason (empty if it can be).

    Each reason names the symbol or amount and the rule, e.g.
    ``"nothing can produce {U} (CR 601.2h: unpayable costs can't be paid)"``.
    Sources that can't be activated (tapped, summoning sick ...) are listed after.

    Raises
    ------
    NotDecided
        When whether it can be paid is not decided (the reasons the solver has are on
        the exception's ``reasons``).
    BadInput
        Bad cost text, X missing or negative, unknown player or object.
    """
    a = payment_answer(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                       list_payments=False, counting=False, for_ability=for_ability,
                       contains_x=stated.contains_x)
    if a.payable is None:
        raise not_decided(a)
    return [] if a.payable else list(a.reasons)


def payments(state: GameState, player: str, cost: ManaCost | str, *, x: int | None = None,
             for_object: str | None = None, exclude: frozenset[str] = frozenset(),
             limit: int | None = None, for_ability: bool = False,
             stated: Stated = NOT_STATED) -> Payments:
    """Every distinct way ``player`` can pay ``cost`` now, lazily.

    Parameters
    ----------
    state : GameState
    player : str
        Who pays.
    cost : ManaCost or str
        The cost ({T}/{Q} are ignored: they aren't mana).
    x : int, optional
        The value of X (CR 107.3); required when the cost has X.
    for_object : str, optional
        What is being paid for: a card in hand or spell on the stack (cast), or a
        permanent whose ability is activated. Spending restrictions are tested
        against it (CR 106.6); without it restricted mana is not used.
    for_ability : bool
        The cost is an activated ability's of ``for_object``, not its casting.
    exclude : frozenset of str
        Objects that can't be used as mana sources.
    limit : int, optional
        Iterate at most this many payments.
    stated : Stated
        What the question says of its cost beyond its symbols (CR 106.6).

    Returns
    -------
    Payments
        ``bool()``, ``count()``, iteration, ``in``; ``left_out`` names the sources the
        solver can't model (the payments listed are then some of them).

    Raises
    ------
    NotDecided
        At once, when an effect on the board that the solver doesn't apply could
        change the payments (Null Rod), or state-based actions are pending (CR 117.5:
        :func:`~.answer.payment_answer` answers for the state after them); from
        ``bool()`` when no payment is found but a source left out might pay it, and
        from ``count()`` when the count is only a lower bound or stopped at its
        budget.
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Forest, Island]\\n")
    >>> p = payments(s, "A", "{1}{G}")
    >>> p.count()
    2
    >>> sorted(q.text for q in p)
    ['Forest [ability 1: {G}], Island [ability 1: {U}]', 'Forest x2 [ability 1: {G}]']
    >>> bool(p), p.first() in p
    (True, True)

    Rules
    -----
    CR 601.2g-h, 605.3a, 302.6, 107.4, 119.4, 106.6 (see :mod:`manacheck.solver.payments`).
    """
    p = search_payments(state, player, cost, x=x, for_object=for_object, exclude=exclude,
                        limit=limit, for_ability=for_ability, stated=stated)
    before = before_priority(state)
    if before.undecided or before.changed:
        raise NotDecided("state-based actions are pending, which the game performs before "
                         "a player may pay (CR 117.5); payment_answer answers for the state "
                         "after them", undecided=before.undecided)
    question = PAYMENT_FOR if for_object is not None else PAYMENT
    undecided = unapplied_for_payment(state, player, p.cost, question, for_object)
    if undecided:
        raise NotDecided(f"{p.cost.text or '{0}'}: not decided: " + "; ".join(
            f"{u.object_id} ({u.text}) is not applied by the payment solver and could "
            "change the answer" for u in undecided), undecided=undecided)
    p.strict = True
    p.decide_copies = lambda b: decide_with_copies(b).payable
    return p
