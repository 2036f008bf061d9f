"""Branches before priority that differ only in which objects the game kept: what an
activation's verdict in each can share.

:func:`~manacheck.solver.settle.before_priority` gives one branch per choice the game
asks for before a player receives priority, such as which legendary permanent to keep
(CR 704.5j): forty copies of one legendary creature give forty branches, each the same
board but for which copy stayed. A verdict is asked of every branch, and solving each
from nothing costs forty times one. :func:`branch_shape` finds that shape once per state:

* ``moved``: the objects whose zone isn't the same in every branch (the copies);
* the branches are *alike*: equal but for the moved objects (every other object in the
  same place, each permanent with the same characteristics after the layers, the same
  stack, turn and players; nothing refers to a moved object);
* interchangeable branches (``rep``): two alike branches whose kept objects are twins
  (:func:`~.twins.twin_key`) map onto each other by exchanging those objects, so a
  verdict in one is, with them exchanged, the verdict in the other;
* ``inert``: the moved objects have no static ability, make no mana, and have no
  effect that an activation or a payment reads (:mod:`manacheck.solver.soundness`).

:func:`sees_moved` tells, for one ability, whether its verdict could read a moved
object: when it can't (and the moved objects are inert), the verdict is the same in
every branch and is solved once.

Rules
-----
CR 117.5, 704.3, 704.5j: the states a player receives priority in. CR 613.1: the
characteristics compared are the layers' result. CR 601.2c, 118.3: a target or a cost
that chooses objects reads the objects it could choose; CR 601.2g-h: paying mana reads
every mana source (an ability with mana to pay is never taken as blind here).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace

from manacheck.model import (
    ActivatedAbility,
    CostKind,
    GameState,
    ObjectFilter,
    StaticAbility,
    TriggeredAbility,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.characteristics import changed_permanents, off_battlefield_colors
from manacheck.model.effects import kind_of_ability, kind_of_keyword

from ..costs import ability_total_cost
from ..settle import BeforePriority
from ..soundness import ACTIVATION_PT, PAYMENT_FOR
from .candidates import CHOOSING
from .facts import looks_at_source
from .twins import referenced_ids, twin_key
from .verdict import Verdict

__all__ = ["BranchShape", "branch_shape", "renamed", "sees_moved"]

#: Cost parts that choose no object other than the source, so read no moved object
#: (a moved object is never in a hand, and the source isn't moved when this is asked).
_NOT_CHOOSING = frozenset({
    CostKind.SACRIFICE_SELF, CostKind.DISCARD_HAND, CostKind.PAY_LIFE,
    CostKind.REMOVE_COUNTERS, CostKind.ADD_COUNTERS, CostKind.EXILE_SELF,
    CostKind.DISCARD_SELF, CostKind.RETURN_SELF, CostKind.REVEAL_SELF, CostKind.PAY_ENERGY,
    CostKind.DISCARD_RANDOM, CostKind.MILL, CostKind.EXERT_SELF})
#: Target zones that hold no moved object (moved objects are on the battlefield or in a
#: graveyard).
_TARGETS_ELSEWHERE = frozenset({"stack", "player"})
#: Target zones that hold permanents.
_TARGETS_PERMANENTS = frozenset({"battlefield", "any", "player_or_planeswalker"})
#: Where moved objects may be (or nowhere: a token that left the battlefield).
_MOVED_ZONES = frozenset({"battlefield", "graveyard", ""})
_CACHE = "_activation_branch_shape"


@dataclass(frozen=True, slots=True)
class BranchShape:
    """How alike branches differ (see the module docstring).

    ``kept[i]``: the moved objects on branch ``i``'s battlefield, in battlefield order.
    ``rep[i]``: the first branch interchangeable with branch ``i`` (``i`` itself when
    none is before it). ``pairs[i]``: the objects (``rep[i]``'s, branch ``i``'s) that
    exchanged map branch ``rep[i]`` onto branch ``i``. ``inert``: see the module
    docstring.
    """

    moved: frozenset[str]
    kept: tuple[tuple[str, ...], ...]
    rep: tuple[int, ...]
    pairs: tuple[tuple[tuple[str, str], ...], ...]
    inert: bool

    @property
    def representatives(self) -> tuple[int, ...]:
        """One branch of each set of interchangeable branches, in branch order (the
        first branch among them)."""
        return tuple(sorted(set(self.rep)))

    def counterpart(self, branch: int, object_id: str) -> str:
        """The object of branch ``rep[branch]`` that the exchange maps onto
        ``object_id`` of branch ``branch`` (itself when not exchanged)."""
        for a, b in self.pairs[branch]:
            if b == object_id:
                return a
        return object_id


def branch_shape(state: GameState, before: BeforePriority) -> BranchShape | None:
    """The shape of ``before``'s branches (``state``'s, see
    :func:`~manacheck.solver.settle.before_priority`), or None when they aren't alike
    (or there is one). Cached on ``state``.

    Rules
    -----
    CR 704.5j: the branches differ in the legendary permanent kept. CR 613.1: each
    other permanent's characteristics are compared after the layers.
    """
    if _CACHE in state.__dict__:
        hit: BranchShape | None = state.__dict__[_CACHE]
        return hit
    shape = None
    if len(before.branches) > 1 and not before.undecided:
        shape = _shape([b.state for b in before.branches])
    state.__dict__[_CACHE] = shape
    return shape


def _places(st: GameState) -> dict[str, str]:
    """Each object's zone (players' zones and the stack), by id."""
    out: dict[str, str] = {}
    for p in st.players:
        for zone, objs in (("battlefield", p.battlefield), ("hand", p.hand),
                           ("graveyard", p.graveyard), ("exile", p.exile)):
            out.update((o.id, zone + ":" + p.name) for o in objs)
    out.update((item.id, "stack") for item in st.stack)
    return out


def _rest(st: GameState, moved: frozenset[str]) -> Hashable:
    """The state without the moved objects (what alike branches share)."""
    players = tuple(replace(p, battlefield=tuple(x for x in p.battlefield if x.id not in moved),
                            graveyard=tuple(x for x in p.graveyard if x.id not in moved))
                    for p in st.players)
    return (players, st.turn, st.stack, st.activated_this_turn, st.effects)


def _shape(states: Sequence[GameState]) -> BranchShape | None:
    places = [_places(st) for st in states]
    ids = set().union(*places)
    moved = frozenset(i for i in ids if len({pl.get(i, "") for pl in places}) > 1)
    if not moved or any(pl.get(i, "").split(":")[0] not in _MOVED_ZONES
                        for pl in places for i in moved):
        return None
    first, rest = states[0], _rest(states[0], moved)
    colors = off_battlefield_colors(first)
    for st in states:
        if st is not first and (_rest(st, moved) != rest
                                or off_battlefield_colors(st) != colors
                                or _recharacterised(first, st, moved)):
            return None
        if referenced_ids(st) & moved:
            return None
    kept = tuple(tuple(p.id for p in st.permanents if p.id in moved) for st in states)
    rep, pairs = _interchangeable(states, moved, kept)
    return BranchShape(moved, kept, rep, pairs, _inert(states, moved))


def _recharacterised(first: GameState, st: GameState, moved: frozenset[str]) -> bool:
    """Whether a permanent that isn't moved has other characteristics in ``st`` than in
    ``first`` (CR 613.1; :func:`changed_permanents` may name equal ones too)."""
    old, new = effective(first), effective(st)
    return any(p.id not in moved and old.get(p.id) != new[p.id]
               for p in changed_permanents(first, st))


def _interchangeable(states: Sequence[GameState], moved: frozenset[str],
                     kept: tuple[tuple[str, ...], ...]
                     ) -> tuple[tuple[int, ...], tuple[tuple[tuple[str, str], ...], ...]]:
    """Each branch's first interchangeable branch and the objects to exchange (see
    :class:`BranchShape`). Two alike branches are interchangeable when their kept
    objects, in order of controller and name, are twins in their own branch (nothing
    refers to them, same card, status and characteristics): exchanging each pair maps
    one branch onto the other, the moved cards in graveyards too (the same cards)."""
    first_of: dict[Hashable, int] = {}
    rep: list[int] = []
    pairs: list[tuple[tuple[str, str], ...]] = []
    for i, st in enumerate(states):
        perms = sorted((st.permanent(k) for k in kept[i]),
                       key=lambda p: (p.controller, p.card.name))
        keys = tuple(twin_key(st, p, 0) for p in perms)
        order = [(p.controller, p.card.name) for p in perms]
        yard = sorted((c.card.name, id(c.card), c.owner) for pl in st.players
                      for c in pl.graveyard if c.id in moved)
        key: Hashable = (keys, tuple(yard))
        if any(k is None for k in keys) or len(set(order)) < len(order):
            key = ("alone", i)
        r = first_of.setdefault(key, i)
        rep.append(r)
        theirs = sorted((states[r].permanent(k) for k in kept[r]),
                        key=lambda p: (p.controller, p.card.name))
        pairs.append(tuple((a.id, b.id) for a, b in zip(theirs, perms, strict=True)
                           if a.id != b.id))
    return tuple(rep), tuple(pairs)


def _makes_mana(ab: object) -> bool:
    return (isinstance(ab, ActivatedAbility) and ab.is_mana_ability) or (
        isinstance(ab, TriggeredAbility) and ab.mana is not None)


def _inert(states: Sequence[GameState], moved: frozenset[str]) -> bool:
    """Whether no moved object, where it is in any branch, has a static ability, makes
    mana, has an effect in a family an activation or a payment reads, is attached to
    something, or has lost abilities (whose order with keyword counters matters)."""
    reads = ACTIVATION_PT.reads | PAYMENT_FOR.reads
    for st in states:
        chars = effective(st)
        for perm in st.permanents:
            if perm.id not in moved:
                continue
            c = chars[perm.id]
            if perm.attached_to is not None or c.lost_abilities or any(
                    isinstance(ab, StaticAbility) or _makes_mana(ab) for ab in c.abilities):
                return False
            kinds = [kind_of_ability(ab) for ab in c.abilities] + [
                kind_of_keyword(kw) for kw in c.keywords]
            if any(k is not None and k.families & reads for k in kinds):
                return False
        for pl in st.players:
            for card in pl.graveyard:
                if card.id in moved and any(isinstance(ab, StaticAbility) or _makes_mana(ab)
                                            for ab in card.card.abilities):
                    return False
    return True


def sees_moved(shape: BranchShape, before: BeforePriority, object_id: str,
               ab: ActivatedAbility, you: str) -> bool:
    """Whether the verdict on activating ``ab`` of ``object_id`` could read a moved
    object (True when it can't be told it doesn't). False only when the moved objects
    are inert, the object isn't moved, the ability has no condition and no mana to pay
    (its total cost in the first branch has none), and no target or cost part could
    choose a moved object where it is in any branch: the verdict is then the same in
    every branch (they are equal but for objects it doesn't read).

    Rules
    -----
    CR 601.2c (targets), 118.3 (costs that choose objects), 602.5 (conditions), 601.2f-h
    (the total cost and its payment, which reads every mana source: not blind).
    """
    if not shape.inert or object_id in shape.moved or ab.condition is not None \
            or ab.mana_cost.symbols:
        return True
    first = before.branches[0].state
    total = ability_total_cost(first, object_id, ab, ab.mana_cost, you)
    if total.cost.symbols or total.unread:
        return True
    for spec in ab.targets:
        if spec.zone in _TARGETS_ELSEWHERE:
            continue
        if spec.zone in _TARGETS_PERMANENTS:
            flt = ObjectFilter() if spec.zone == "player_or_planeswalker" else spec.filter
            if _kept_match(shape, before, flt, you, object_id):
                return True
        elif spec.zone != "graveyard" or _card_match(shape, before, spec.filter, you,
                                                     object_id):
            return True
    for part in ab.costs:
        if part.kind in _NOT_CHOOSING or CHOOSING.get(part.kind) == "hand":
            continue
        zone = CHOOSING.get(part.kind)
        if zone == "battlefield":
            if _kept_match(shape, before, part.filter, you, object_id):
                return True
        elif zone != "graveyard" or _card_match(shape, before, part.filter, you, object_id):
            return True
    return False


def _memo(before: BeforePriority) -> dict[Hashable, bool]:
    """Which filters match a moved object, cached on the first branch's state."""
    memo: dict[Hashable, bool] = before.branches[0].state.__dict__.setdefault(
        "_activation_moved_matches", {})
    return memo


def _kept_match(shape: BranchShape, before: BeforePriority, flt: ObjectFilter, you: str,
                source: str) -> bool:
    """Whether a moved permanent, in a branch that keeps it, matches ``flt``."""
    key = ("kept", flt, you, source if looks_at_source(flt) else None)
    memo = _memo(before)
    hit = memo.get(key)
    if hit is None:
        hit = False
        for branch, kept in zip(before.branches, shape.kept, strict=True):
            st = branch.state
            chars = effective(st)
            if any(matches(flt, chars[k], st.permanent(k), st, you, source) for k in kept):
                hit = True
                break
        memo[key] = hit
    return hit


def _card_match(shape: BranchShape, before: BeforePriority, flt: ObjectFilter, you: str,
                source: str) -> bool:
    """Whether a moved card, in a branch whose graveyard has it, matches ``flt``."""
    key = ("card", flt, you, source if looks_at_source(flt) else None)
    memo = _memo(before)
    hit = memo.get(key)
    if hit is None:
        hit = False
        left = set(shape.moved)
        for branch in before.branches:
            st = branch.state
            for pl in st.players:
                for card in pl.graveyard:
                    if card.id in left:
                        left.discard(card.id)
                        hit = hit or matches(flt, object_characteristics(st, card.id), card,
                                             st, you, source)
            if hit or not left:
                break
        memo[key] = hit
    return hit


def renamed(verdict: Verdict, pairs: tuple[tuple[str, str], ...], object_id: str
            ) -> Verdict | None:
    """``verdict`` (in one branch) as the verdict in an interchangeable branch: about
    ``object_id``, its witness with each pair exchanged. None when that can't be said
    (a reason, a left-out source or the priority note names an exchanged object; or
    the verdict is undecided): it is then solved in that branch.

    Exchanging the pairs maps one branch onto the other (see :class:`BranchShape`), so
    the ability is legal there exactly when it is here, with as many ways."""
    if not pairs:
        return replace(verdict, object_id=object_id)
    ids = {x for pair in pairs for x in pair}
    texts = [r.message for r in verdict.reasons] + [*verdict.left_out,
                                                    verdict.only_while_paying]
    if verdict.undecided or verdict.fixes or verdict.unapplied or verdict.by_choice \
            or any(i in t for t in texts for i in ids):
        return None
    witness = verdict.witness
    for a, b in pairs:
        witness = witness.swapped(a, b) if witness is not None else None
    return replace(verdict, object_id=object_id, witness=witness)
