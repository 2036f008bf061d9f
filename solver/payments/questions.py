"""The payment solver's search as a function: :func:`search_payments`.

What it finds is the solver's: payments without the sources it leaves out and without
the board's effects it doesn't apply. The answers with their meaning ("not decided"
included) are :func:`.answer.payment_answer` and the helpers of :mod:`.decided`
(``payments``, ``is_payable``, ``count_payments``, ``unpayable_reasons``).

Rules
-----
CR 601.2g-h: mana abilities are activated, then the total cost is paid at once.
CR 107.3: X. CR 702.66a: delve (:class:`~.delve.DelvePayments`).
"""

from __future__ import annotations

from manacheck.model import GameState, ManaCost

from .delve import DelvePayments
from .enumeration import Payments
from .kinds import NOT_STATED, Stated
from .sources import board_for, build_board

__all__ = ["search_payments"]


def search_payments(state: GameState, player: str, cost: ManaCost | str, *,
                    x: int | None = None, for_object: str | None = None,
                    exclude: frozenset[str] = frozenset(), limit: int | None = None,
                    for_ability: bool = False, stated: Stated = NOT_STATED) -> Payments:
    """Every distinct way ``player`` can pay ``cost`` now that the solver finds, lazily
    (the public :func:`~.decided.payments` adds the meaning: "not decided").

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
        The cost is an activated ability's of ``for_object`` (a card in a hand or a
        graveyard too: cycling), not its casting; restrictions read what it allows
        for abilities (CR 106.6).
    exclude : frozenset of str
        Objects that can't be used as mana sources (the permanent whose {T} ability
        is being paid for, objects tapped or sacrificed for other costs).
    limit : int, optional
        Iterate at most this many payments.
    stated : Stated
        What the question says of its cost beyond its symbols (whether it contains {X}
        as written; whether it is ``for_object``'s total cost), for restrictions that
        look at the cost (CR 106.6). A cost given with its {X} says the first itself.

    Returns
    -------
    Payments
        ``bool()``, ``count()``, iteration, ``in``.

    Raises
    ------
    BadInput
        Bad cost text, X missing or negative, unknown player or object.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text("turn: {active_player: A}\\nplayers:\\n  A:\\n"
    ...                     "    battlefield: [Forest, Forest, Island]\\n")
    >>> p = search_payments(s, "A", "{1}{G}")
    >>> p.count()
    2
    >>> sorted(q.text for q in p)
    ['Forest [ability 1: {G}], Island [ability 1: {U}]', 'Forest x2 [ability 1: {G}]']
    >>> bool(p), p.first() in p
    (True, True)

    Notes
    -----
    See :mod:`manacheck.solver.payments` for the encoding and the known limits.

    Rules
    -----
    CR 601.2g-h, 605.3a, 302.6, 107.4, 119.4, 106.6 (see :mod:`manacheck.solver.payments`).
    """
    board = board_for(state, player, cost, x, for_object, exclude, for_ability, stated)
    most = board.delve_most()
    if most:
        parts = [(k, Payments(build_board(state, player, board.cost.reduced(k),
                                          board.for_object, board.exclude, delve_done=True,
                                          for_ability=for_ability,
                                          stated=board.stated),
                              limit))
                 for k in range(most + 1)]
        return DelvePayments(board, parts, limit)
    return Payments(board, limit)
