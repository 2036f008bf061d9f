"""Sources of unusual shape, for :func:`.sources.collect`: one permanent tapped for mana
and then sacrificed for more (Eye of Ramos), a mana ability that counts cards in the hand
while one of them is being cast (Metalworker), another player's any-player source when a
triggered mana ability looks at who adds the mana (Caged Sun).

Rules
-----
CR 601.2a: a spell being cast is on the stack. CR 601.2g, 605.3a: mana abilities are
activated in any order while paying. CR 107.5, 701.21a. CR 109.5, 602.2, 605.1b.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from manacheck.model import ActivatedAbility, GameState
from manacheck.model.abilities import Params

from .board import Board
from .kinds import LeftOut, Option, note

__all__ = ["not_who_adds", "state_seen", "tap_then_sacrifice"]


def tap_then_sacrifice(b: Board, oid: str, opts: list[Option],
                       outlets: bool) -> list[Option]:
    """A permanent that may tap (or untap) for mana and then sacrifice itself for more
    (Eye of Ramos: "{T}: Add {U}." and "Sacrifice Eye of Ramos: Add {U}.").

    Its {T}/{Q} abilities and its self-sacrificing abilities that don't tap are used
    once each per permanent, independently: any of them may be activated in the same
    payment, the tapping one first (CR 601.2g, 605.3a: mana abilities are activated in
    any order while paying; CR 107.5: {T} needs it untapped, which sacrificing it
    later doesn't touch; CR 701.21a: it is sacrificed once). So the self-sacrificing
    options become their own block, one activation per permanent (``repeat`` 1, not
    ``exclusive``: ``Group.blocks``), beside the block of the tapping ones. A tapped
    permanent may still pay another source's "tap an untapped creature" cost first and
    be sacrificed after: the tappers' count, which looks at exclusive uses only, allows
    that too.

    Not done, and the source left out (answers are lower bounds), when an ability both
    taps and sacrifices it (Lotus Petal's "{T}, Sacrifice": it would use both blocks)
    or when a mana ability on the board sacrifices other permanents (the sacrifice
    plans count a permanent's own sacrifice as an exclusive use).
    """
    taps_only = [o for o in opts if o.exclusive and not o.gone]
    gone_only = [o for o in opts if o.gone and not o.taps_self]
    if not (taps_only and gone_only):
        return opts
    if not outlets and all(o in taps_only or o in gone_only for o in opts if o.exclusive):
        return [dataclasses.replace(o, exclusive=False, repeat=1) if o in gone_only else o
                for o in opts]
    n = gone_only[0].ability
    b.left_out.append(f"{oid} (ability {n})")
    b.notes.append(note(oid, n, LeftOut(
        "tapping it for mana and then sacrificing it for more (CR 601.2g, 605.3a) is "
        "not modelled here (with an ability that both taps and sacrifices it, or a mana "
        "ability on the board that sacrifices other permanents): one of its abilities "
        "is used per payment")))
    return opts


def state_seen(b: Board, ab: ActivatedAbility) -> GameState:
    """The state a mana ability is activated in while paying, as far as it looks at the
    hand: the card being cast is on the stack while its cost is paid (CR 601.2a), so for
    an ability that counts or checks its controller's hand ("Reveal any number of
    artifact cards in your hand", Metalworker; "Activate only if you have no cards in
    hand", CR 602.5b) it is not there. Else the question's state."""
    if b.for_object is None or not _reads_hand(ab) \
            or b.state.zone_of(b.for_object) != "hand":
        return b.state
    p = b.player
    return b.state.with_player(dataclasses.replace(
        p, hand=tuple(c for c in p.hand if c.id != b.for_object)))


def _reads_hand(ab: ActivatedAbility) -> bool:
    """Whether a mana ability's amount or activation condition looks at the hand."""
    if ab.mana is not None and ab.mana.amount_of == "revealed":
        return True
    amount = ab.condition.params.get("amount") if ab.condition is not None else None
    return isinstance(amount, Mapping | Params) and amount.get("cards") == "hand"


def not_who_adds(b: Board, oid: str, number: int) -> None:
    """Another player's mana ability any player may activate, with a triggered mana
    ability on the board that looks at who adds the mana ("causes you to add", Caged
    Sun): the one who adds it is the activator, not the permanent's controller (CR
    602.2, 109.5), which is not modelled: left out."""
    b.left_out.append(f"{oid} (ability {number})")
    b.notes.append(note(oid, number, LeftOut(
        "it is another player's, and a triggered mana ability on the board looks at who "
        "adds the mana (CR 605.1b, 109.5), which is not modelled for abilities any "
        "player may activate")))
