"""The questions: can this ability be activated now (with fixes), and every ability's verdict.

:func:`can_activate` is the legality check (:mod:`.check`) and, for an illegal
activation, the smallest verified changes that would make it legal (:mod:`.fixes`).
:func:`abilities` asks it for every ability a player could consider, solving each set
of twins (:mod:`.twins`) once.

Rules
-----
CR 602.2, 602.5, 605.3a, 107.5, 107.6, 302.6, 601.2c–h, 115, 118.3, 119.4, 202.3 (see
:mod:`manacheck.solver.activation`). CR 113.6: a card's abilities in a hand or
graveyard are listed only when they work from there.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace

from manacheck.model import GameState, Zone, effective
from manacheck.model.abilities import Ability

from ..notdecided import NotDecided
from ..settle import before_priority
from ..soundness import may_be_activated
from .check import budget_words, check
from .fixes import find_fixes as search_fixes
from .limits import WAYS_LIMIT
from .twins import for_twin, twin_key
from .verdict import Verdict

__all__ = ["abilities", "can_activate"]


def can_activate(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    count_ways: bool = True,
    find_fixes: bool = True,
    ways_limit: int = WAYS_LIMIT,
) -> Verdict:
    """Whether ``player`` may activate the object's ability now, with every reason.

    Parameters
    ----------
    state : GameState
    object_id : str
        A permanent, or a card in a hand or graveyard.
    ability : int, optional
        1-based number among the object's activated abilities
        (:func:`~.lookup.activated_abilities`); may be omitted when only one could be meant.
    player : str, optional
        Who activates it; the object's controller (owner for a card) by default.
    count_ways : bool
        Count the distinct ways (may enumerate up to ``ways_limit`` choices).
    find_fixes : bool
        For an illegal activation, search the smallest changes that make it legal.
    ways_limit : int
        Stop counting after this many choices of targets and objects.

    Returns
    -------
    Verdict
        ``legal``; ``reasons``: every failing requirement (not just the first), each
        with its rule; ``witness``: one complete legal way; ``ways``; ``fixes``.

    Raises
    ------
    BadInput, AmbiguousInput, UnknownObject
        Unknown object or player, no such ability, or ``ability`` needed.

    Notes
    -----
    **Distinct ways.** Two ways are distinct when they differ in the target chosen
    for some instance of "target", the value of X, the set of objects chosen for some
    object-choosing cost part (sacrifice, discard, exile from a graveyard, tap
    untapped, reveal: the order in which a part's objects are chosen doesn't
    matter), or the mana payment (distinct as the payment solver defines it). Costs
    that leave no choice ({T}, {Q}, sacrifice or exile this, discard your hand, pay N
    life, remove N counters) don't multiply. ``ways`` is the sum, over every solution
    of the constraint problem on the non-mana choices, of the number of payments of
    the mana cost with that solution's tapped and sacrificed objects kept out.

    The constraint problem has one variable per target and per object-choosing cost
    part (its domain: the candidate objects, or combinations of them) and X; filters
    with ``mana_value: X`` are constraints tying those variables to X. The first
    solution whose mana cost the payment solver can pay is the witness (memoized on
    X and the objects kept out of the payment).

    Rules
    -----
    See the module docstring: CR 602.2, 602.5, 605.3a, 107.5, 107.6, 302.6, 601.2c–h,
    115, 118.3, 119.4, 202.3.

    Examples
    --------
    >>> from manacheck.model import load_state_text
    >>> s = load_state_text('''
    ... turn: {active_player: Alice}
    ... players:
    ...   Alice: {battlefield: [{card: Llanowar Elves, summoning_sick: true}]}
    ... ''')
    >>> v = can_activate(s, "Llanowar Elves", find_fixes=False)
    >>> v.legal, [r.rule for r in v.reasons]
    (False, ['302.6'])
    >>> bool(v)
    False
    """
    verdict = check(state, object_id, ability, player, count_ways=count_ways,
                    ways_limit=ways_limit)
    if not verdict.legal and find_fixes and not verdict.undecided:
        fixes = search_fixes(state, object_id, verdict.ability, verdict.player,
                             verdict.reasons)
        verdict = replace(verdict, fixes=fixes)
    return verdict


def abilities(
    state: GameState, player: str, *, find_fixes: bool = False, count_ways: bool = True,
) -> list[tuple[str, int, Verdict]]:
    """A verdict for every activated ability ``player`` could consider now.

    Every ability of every permanent the player controls, and the abilities of cards in
    their hand or graveyard that work from there (CR 113.6), in battlefield, hand,
    graveyard order. Fixes are off by default (they re-check many changed states).
    """
    me = state.player(player)
    out: list[tuple[str, int, Verdict]] = []

    def one(object_id: str, number: int, text: str) -> Verdict:
        # One ability whose search ran out of budget doesn't stop the listing: it is
        # reported as not decided, with the limit that stopped it (never a dead list).
        try:
            return can_activate(state, object_id, number, player, count_ways=count_ways,
                                find_fixes=find_fixes)
        except NotDecided as e:
            return Verdict(object_id, number, player, legal=None, text=text,
                           undecided=budget_words(e))

    # Twins (see twin_key) have the same verdict up to exchanging them: each set of
    # twins is solved once, and the others get that verdict with the two exchanged.
    # Not when state-based actions are pending: the game's choice among them (which
    # legendary permanent to keep, CR 704.5j) tells them apart.
    twins_ok = not find_fixes and not before_priority(state).changed
    solved: dict[Hashable, Verdict] = {}
    for perm in me.battlefield:
        for i, ab in enumerate(effective(state)[perm.id].activated, 1):
            key = twin_key(state, perm, i) if twins_ok else None
            twin = solved.get(key) if key is not None else None
            v = for_twin(twin, perm.id) if twin is not None else None
            if v is None:
                v = one(perm.id, i, ab.text)
                if key is not None and not v.undecided:
                    solved.setdefault(key, v)
            out.append((perm.id, i, v))
    for zone, cards in ((Zone.HAND, me.hand), (Zone.GRAVEYARD, me.graveyard)):
        for card in cards:
            for i, ab in enumerate(card.card.activated_abilities, 1):
                if ab.zone is zone:
                    out.append((card.id, i, one(card.id, i, ab.text)))
    out.extend(_unread_rows(state, player))
    return out


def _unread_rows(state: GameState, player: str) -> list[tuple[str, int, Verdict]]:
    """A "not decided" row (ability number 0) for each line of text that wasn't read on
    the player's permanents and on the cards in their hand and graveyard: such a line
    may be an activated ability (one that works from the hand, such as channel), which
    the listing would otherwise leave out without a word."""
    me = state.player(player)
    chars = effective(state)
    found: list[tuple[str, Iterable[Ability]]] = [
        (perm.id, chars[perm.id].abilities) for perm in me.battlefield]
    found += [(card.id, card.card.abilities) for card in (*me.hand, *me.graveyard)]
    rows = []
    for object_id, abs_ in found:
        for ab in abs_:
            if may_be_activated(ab):
                text = getattr(ab, "text", "")
                rows.append((object_id, 0, Verdict(
                    object_id, 0, player, legal=False, text=text,
                    undecided="this text isn't read: it may be an activated ability "
                    f"{player} could activate, which this list would then be missing")))
    return rows
