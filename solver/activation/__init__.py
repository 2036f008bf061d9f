"""Can a player activate this ability now? One constraint problem per activation.

:func:`can_activate` answers with a :class:`~manacheck.solver.activation.verdict.Verdict`:
every failing requirement with its rule number, one complete legal way (a witness), how
many distinct ways there are, and (for an illegal activation) the smallest verified
changes that would make it legal (:mod:`manacheck.solver.activation.fixes`). :func:`ways`
lists the ways; :func:`abilities` gives a verdict for every ability a player could
consider.

The choices made while activating (CR 601.2c–h via 602.2b) are the variables of one
constraint problem: one per target (CR 601.2c), one per cost part that chooses objects
(sacrifice, discard, exile from a graveyard, tap untapped permanents, reveal), and X
when the ability mentions X. Filters that share X ("Discard a card with mana value X:
Counter target spell with mana value X") become constraints between those variables.
The mana cost is then checked for each solution by the payment solver
(:mod:`manacheck.solver.payments`), with the objects the other costs use kept out.

Rules
-----
CR 602.2: only an object's controller (or owner, if it has none) may activate its
abilities. CR 113.6: abilities work from the battlefield unless they say otherwise.
CR 602.5d, 307.1: "activate only as a sorcery": your main phase, empty stack.
CR 602.5b: "activate only once each turn". CR 117.1b, 117.3a, 514.3: priority (who
holds it; nobody in the untap step or an uneventful cleanup step). CR 605.3a: mana
abilities (no stack; also activated while paying a cost, so priority doesn't stop
them).
CR 107.5 / 107.6: {T} needs the permanent untapped; {Q} needs it tapped.
CR 302.6, 602.5a, 702.10c: a creature's {T}/{Q} abilities need it to have been under
its controller's control since their most recent turn began, or haste. Tapping an
untapped creature for another cost ("Tap an untapped creature you control") is not
{T} and ignores 302.6.
CR 601.2c, 115.1–115.3: each target needs a legal choice; the same object can't be
chosen twice for one instance of "target". CR 702.11b, 702.18a: hexproof, shroud.
CR 118.3, 601.2h: a cost can't be paid without the resources; partial payments are
not allowed. CR 119.4, 119.4b: paying life needs life total ≥ the amount; 0 is
always payable. CR 202.3e: {X} of a card not on the stack is 0; on the stack, the
chosen value. CR 118.9c: an alternative cost doesn't change mana value.
CR 601.2g: mana abilities are activated before costs are paid, so a permanent tapped
to pay another cost can't also be tapped for mana, while a permanent the cost
sacrifices or exiles may first be tapped for mana (but not sacrificed for it).
CR 606.3: loyalty abilities.

Notes
-----
Assumptions and limits (said, not hidden):

* Who holds priority (CR 117.1b) is ``turn.priority`` in the state file; when it is left
  out, the player asking is taken to hold it. Nobody holds it in the untap step
  (117.3a), nor in a cleanup step with an empty stack (514.3). Mana abilities are
  exempt: they may be activated while paying a cost (605.3a).
* A permanent tapped for a cost ("Tap an untapped creature you control") is kept out of
  the mana payment entirely, even though a mana ability of it that doesn't tap it
  (say, "Remove a counter: Add {G}") could in principle have been used first.
* Ability conditions supported: ``hand_size_less_than``, ``controls_at_least``,
  ``your_turn``; any other condition is refused as bad input rather than guessed.
* "Exile a card from a graveyard" without ``controller: you`` accepts any graveyard.
* Shroud, hexproof, "hexproof from" and protection (from a color, each color,
  multicolored, monocolored, colorless, a card type, everything) make a permanent an
  illegal target (CR 702.18a, 702.11b/d, 702.16b/j). Ward is a triggered ability, not a
  targeting restriction (CR 702.21a): it doesn't change whether an activation is legal.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from manacheck.model import (
    ActivatedAbility,
    BadInput,
    Card,
    CardDefinition,
    Characteristics,
    CostKind,
    CostPart,
    GameState,
    ManaCost,
    ObjectFilter,
    Permanent,
    Phase,
    TargetSpec,
    Zone,
    effective,
    matches,
    object_characteristics,
)
from manacheck.model.characteristics import tap_abilities_blocked
from manacheck.model.conditions import CONDITION_KINDS, condition_holds
from manacheck.model.keywords import untargetable_reason

from .constraints import Constraint, iter_solutions
from .facts import looks_at_source, mana_facts, self_spenders, tap_sensitive
from .limits import (
    DOMAIN_LIMIT,
    PAYMENT_SCAN_LIMIT,
    WAYS_LIMIT,
    X_LIMIT,
    ActivationSearchLimit,
)
from .lookup import activated_abilities, default_player, resolve_ability, zone_of
from .verdict import Fix, Reason, Verdict, Witness
from .words import ability_text, cost_label, describe_filter, zone_noun

__all__ = [
    "DOMAIN_LIMIT",
    "WAYS_LIMIT",
    "X_LIMIT",
    "ActivationSearchLimit",
    "abilities",
    "activated_abilities",
    "can_activate",
    "describe_filter",
    "is_legal",
    "resolve_ability",
    "ways",
]

# Cost parts whose payment chooses objects, and the zone they choose from.
_CHOOSING = {
    CostKind.SACRIFICE: "battlefield",
    CostKind.DISCARD: "hand",
    CostKind.EXILE_FROM_GRAVEYARD: "graveyard",
    CostKind.TAP_UNTAPPED: "battlefield",
    CostKind.REVEAL: "hand",
    CostKind.EXILE: "battlefield",
}


# ---------------------------------------------------------------------------------------
# The problem
# ---------------------------------------------------------------------------------------


_NONE = object()  # "no payment" (a payment itself may be any object)


@dataclass(frozen=True)
class _Uses:
    """Objects a proposed activation's other costs use: ``hard`` can't help pay the mana
    cost at all; ``soft`` may be tapped for mana first but not sacrificed or exiled by a
    mana ability (they are about to be sacrificed or exiled by the cost)."""

    hard: frozenset[str]
    soft: frozenset[str]
    tapped: frozenset[str] = frozenset()  # the permanents among ``hard`` the cost taps

    def __or__(self, other: _Uses) -> _Uses:
        return _Uses(self.hard | other.hard, self.soft | other.soft,
                     self.tapped | other.tapped)


@dataclass(frozen=True)
class _Var:
    """One choice of the activation: a target or a cost part that picks objects."""

    name: str
    kind: str  # "target" or a CostKind value
    index: int  # index in ability.targets or ability.costs
    candidates: tuple[str, ...]
    count: int | str  # how many objects (targets: 1)
    filter: ObjectFilter
    label: str


class _Activation:
    """Everything about one proposed activation that doesn't depend on the choices."""

    def __init__(self, state: GameState, object_id: str, number: int,
                 ability: ActivatedAbility, player: str) -> None:
        self.state = state
        self.source_id = object_id
        self.number = number
        self.ab = ability
        self.you = player
        self.obj = state.get(object_id)
        self.zone = zone_of(state, object_id)
        self._mv_cache: dict[str, int] = {}
        self._pay_cache: dict[tuple[int, _Uses], bool] = {}
        self._count_cache: dict[tuple[int, _Uses], tuple[int, bool]] = {}
        self._x_domain: tuple[int, ...] | None = None
        self._entries: dict[tuple[int, frozenset[str], frozenset[str]], _PayEntry] = {}
        #: Mana sources some payment question left out (the payment solver can't model
        #: them): a "can't pay" is then not decided, and counts are lower bounds.
        self.left_out: set[str] = set()
        #: Per target: the permanents that fit its filter but can't be targeted by this
        #: source, as (id, rule, keyword).
        self.untargetable: dict[TargetSpec, tuple[tuple[str, str, str], ...]] = {}
        self.vars = self._variables()
        self.x_vars = [v for v in self.vars
                       if v.filter.mana_value == "X" or v.count == "X"]
        self.uses_x = (bool(self.x_vars) or ability.mana_cost.has_variable
                       or any(c.count == "X" for c in ability.costs))

    # -- helpers ---------------------------------------------------------------------
    @property
    def is_permanent(self) -> bool:
        return isinstance(self.obj, Permanent)

    def controller(self) -> str:
        """CR 602.2: the controller of a permanent, the owner of a card."""
        if isinstance(self.obj, Permanent):
            return self.obj.controller
        if isinstance(self.obj, Card):
            return self.obj.owner
        return self.obj.controller

    def mana_value(self, object_id: str) -> int:
        """CR 202.3: the object's mana value where it is (X = 0 off the stack, 202.3e)."""
        mv = self._mv_cache.get(object_id)
        if mv is None:
            mv = object_characteristics(self.state, object_id).mana_value
            self._mv_cache[object_id] = mv
        return mv

    def _matches(self, flt: ObjectFilter, object_id: str) -> bool:
        chars = object_characteristics(self.state, object_id)
        return matches(flt, chars, self.state.get(object_id), self.state, self.you,
                       self.source_id)

    @functools.cached_property
    def has_exile_self(self) -> bool:
        return any(c.kind is CostKind.EXILE_SELF for c in self.ab.costs)

    @functools.cached_property
    def has_discard_self(self) -> bool:
        return any(c.kind is CostKind.DISCARD_SELF for c in self.ab.costs)

    @functools.cached_property
    def has_sacrifice_self(self) -> bool:
        return any(c.kind is CostKind.SACRIFICE_SELF for c in self.ab.costs)

    # -- candidates ------------------------------------------------------------------
    def _source_key(self, flt: ObjectFilter) -> str | None:
        """The source, when the filter's answer depends on which object is looking."""
        return self.source_id if looks_at_source(flt) else None

    @functools.cached_property
    def source_chars(self) -> Characteristics:
        """The source's characteristics (what protection and hexproof look at)."""
        return object_characteristics(self.state, self.source_id)

    def target_candidates(self, spec: TargetSpec) -> tuple[str, ...]:
        """Legal choices for one target, X unbound (CR 115, 601.2c). Cached per state
        and source characteristics (protection looks at them)."""
        cache: dict[object, tuple[tuple[str, ...], tuple[tuple[str, str, str], ...]]] = \
            self.state.__dict__.setdefault("_activation_target_candidates", {})
        key = (spec, self.you, self._source_key(spec.filter), self.source_chars)
        hit = cache.get(key)
        if hit is None:
            hit = self._target_candidates(spec)
            cache[key] = hit
        self.untargetable[spec] = hit[1]
        return hit[0]

    def _target_candidates(self, spec: TargetSpec
                           ) -> tuple[tuple[str, ...], tuple[tuple[str, str, str], ...]]:
        st = self.state
        out: list[str] = []
        shielded: list[tuple[str, str, str]] = []
        chars = effective(st)
        if spec.zone == "stack":
            for item in st.stack:
                if spec.spell and not item.is_spell:
                    continue  # an ability on the stack is not a spell
                if self._matches(spec.filter, item.id):
                    out.append(item.id)
        elif spec.zone in ("battlefield", "any"):
            for perm in st.permanents:
                c = chars[perm.id]
                if spec.zone == "any" and not c.types & {"Creature", "Planeswalker", "Battle"}:
                    continue  # CR 115.4: "any target"
                if not matches(spec.filter, c, perm, st, self.you, self.source_id):
                    continue
                # CR 702.18a shroud, 702.11b/d hexproof, 702.16b/j protection.
                why = untargetable_reason(c.keywords, perm.controller, self.source_chars,
                                          self.you)
                if why is not None:
                    shielded.append((perm.id, *why))
                    continue
                out.append(perm.id)
        elif spec.zone == "graveyard":
            for p in st.players:
                for card in p.graveyard:
                    if self._matches(spec.filter, card.id):
                        out.append(card.id)
        if spec.zone in ("player", "any"):
            for p in st.players:
                ctl = spec.filter.controller
                if ctl == "you" and p.name != self.you:
                    continue
                if ctl == "opponent" and p.name == self.you:
                    continue
                out.append(p.name)
        return tuple(out), tuple(shielded)

    def cost_candidates(self, part: CostPart) -> tuple[str, ...]:
        """Objects that could pay one object-choosing cost part (CR 118.3)."""
        cache: dict[object, tuple[str, ...]] = self.state.__dict__.setdefault(
            "_activation_candidates", {})
        key = ("cost", part.kind, part.filter, self.you, self._source_key(part.filter))
        raw = cache.get(key)
        if raw is None:
            raw = self._cost_candidates(part)
            cache[key] = raw
        # The source is already spoken for when another part of the cost uses it.
        if part.kind in (CostKind.SACRIFICE, CostKind.EXILE):
            taken = self.has_sacrifice_self or (self.has_exile_self and self.is_permanent)
        elif part.kind is CostKind.TAP_UNTAPPED:
            taken = self.ab.tap or self.ab.untap
        elif part.kind in (CostKind.DISCARD, CostKind.REVEAL):
            taken = self.has_exile_self or self.has_discard_self
        else:
            taken = self.has_exile_self
        if taken and self.source_id in raw:
            return tuple(o for o in raw if o != self.source_id)
        return raw

    def _cost_candidates(self, part: CostPart) -> tuple[str, ...]:
        st = self.state
        me = st.player(self.you)
        flt = part.filter
        out: list[str] = []
        if part.kind in (CostKind.SACRIFICE, CostKind.TAP_UNTAPPED, CostKind.EXILE):
            chars = effective(st)
            for perm in me.battlefield:
                if part.kind is CostKind.TAP_UNTAPPED and perm.tapped:
                    continue
                if matches(flt, chars[perm.id], perm, st, self.you, self.source_id):
                    out.append(perm.id)
        elif part.kind in (CostKind.DISCARD, CostKind.REVEAL):
            for card in me.hand:
                if self._matches(flt, card.id):
                    out.append(card.id)
        elif part.kind is CostKind.EXILE_FROM_GRAVEYARD:
            # "from your graveyard" is written as controller: you; otherwise any graveyard.
            for p in st.players:
                for card in p.graveyard:
                    if self._matches(flt, card.id):
                        out.append(card.id)
        return tuple(out)

    def _variables(self) -> list[_Var]:
        out: list[_Var] = []
        for i, spec in enumerate(self.ab.targets):
            out.append(_Var(f"target{i}", "target", i, self.target_candidates(spec),
                            spec.count,
                            spec.filter,
                            spec.text or "target " + describe_filter(spec.filter,
                                                                      zone_noun(spec.zone))))
        for i, part in enumerate(self.ab.costs):
            if part.kind in _CHOOSING:
                noun = "card" if _CHOOSING[part.kind] != "battlefield" else "permanent"
                out.append(_Var(f"cost{i}", part.kind.value, i, self.cost_candidates(part),
                                part.count, part.filter, cost_label(part, noun)))
        return out

    # -- requirements that don't depend on choices -----------------------------------
    def fixed_reasons(self) -> list[Reason]:
        """Who, where, when, {T}/{Q}, summoning sickness, life and counters."""
        st = self.state
        ab = self.ab
        reasons: list[Reason] = []
        name = self.obj.name
        controller = self.controller()
        if self.you != controller:
            reasons.append(Reason("602.2", f"{self.you} can't activate it: only its "
                                           f"{'controller' if self.is_permanent else 'owner'} "
                                           f"{controller} may activate {name}'s abilities"))
        reasons.extend(self._priority_reasons())
        if ab.zone is not self.zone:
            reasons.append(Reason("113.6", f"this ability works only from the {ab.zone.value}, "
                                           f"and {name} is in the {self.zone.value}"))
        if ab.timing == "sorcery":
            problems = []
            if st.turn.active_player != self.you:
                problems.append(f"it is {st.turn.active_player}'s turn")
            if not st.turn.phase.is_main:
                problems.append(f"it is the {st.turn.phase.value.replace('_', ' ')} step")
            if st.stack:
                problems.append(f"the stack has {len(st.stack)} object(s)")
            if problems:
                reasons.append(Reason("602.5d", "activate only as a sorcery: needs your main "
                                                "phase and an empty stack, but "
                                      + " and ".join(problems)))
        if ab.loyalty:
            # CR 606.3: main phase of your turn, empty stack, and no loyalty ability of
            # this permanent activated yet this turn.
            acts = activated_abilities(st, self.source_id)
            if ab.timing != "sorcery" and (st.turn.active_player != self.you
                                           or not st.turn.phase.is_main or st.stack):
                reasons.append(Reason("606.3", "a loyalty ability needs your main phase and "
                                               "an empty stack"))
            if any(o == self.source_id and 1 <= n <= len(acts) and acts[n - 1].loyalty
                   for o, n in st.activated_this_turn):
                reasons.append(Reason("606.3", f"a loyalty ability of {name} was already "
                                               f"activated this turn"))
        if ab.once_each_turn and (self.source_id, self.number) in st.activated_this_turn:
            reasons.append(Reason("602.5b", "activate only once each turn: already activated "
                                            "this turn"))
        perm = self.obj if isinstance(self.obj, Permanent) else None
        if perm is not None and ab.zone is Zone.BATTLEFIELD:
            if ab.tap and perm.tapped:
                reasons.append(Reason("107.5", f"{name} is tapped, so it can't be tapped to "
                                               f"pay {{T}}"))
            if ab.untap and not perm.tapped:
                reasons.append(Reason("107.6", f"{name} is untapped, so it can't be untapped "
                                               f"to pay {{Q}}"))
            if (ab.tap or ab.untap) and tap_abilities_blocked(st, perm):
                sym = "{T}" if ab.tap else "{Q}"
                reasons.append(Reason("302.6", f"{name} is a creature that hasn't been under "
                                               f"{perm.controller}'s control since their most "
                                               f"recent turn began and has no haste, so its "
                                               f"{sym} abilities can't be activated"))
        life = st.player(self.you).life
        for part in ab.costs:
            if part.kind is CostKind.PAY_LIFE and isinstance(part.count, int) \
                    and part.count > 0 and life < part.count:
                reasons.append(Reason("119.4", f"can't pay {part.count} life with a life total "
                                               f"of {life}"))
            if part.kind is CostKind.REMOVE_COUNTERS and isinstance(part.count, int):
                have = perm.counters[part.counter] if perm is not None else 0
                if have < part.count:
                    reasons.append(Reason("118.3", f"{name} has {have} {part.counter} "
                                                   f"counter(s); the cost removes "
                                                   f"{part.count}"))
        if ab.condition is not None:
            reasons.extend(self._condition_reasons())
        return reasons

    def _priority_reasons(self) -> list[Reason]:
        """CR 117.1b: an ability is activated by a player holding priority. Nobody gets
        it in the untap step (117.3a) or, unless something triggers or a state-based
        action happens, in the cleanup step (514.3, 514.3a: an empty stack there means
        nothing did). A mana ability may also be activated while a cost is being paid
        (605.3a), so none of this stops one."""
        if self.ab.is_mana_ability:
            return []
        st = self.state
        out: list[Reason] = []
        if st.turn.phase is Phase.UNTAP:
            out.append(Reason("117.3a", "no player receives priority during the untap "
                                        "step, so no ability can be activated then"))
        elif st.turn.phase is Phase.CLEANUP and not st.stack:
            out.append(Reason("514.3", "players receive no priority in the cleanup step "
                                       "unless a state-based action or a trigger happens "
                                       "(the stack is empty)"))
        holder = st.turn.priority
        if holder is not None and holder != self.you:
            out.append(Reason("117.1b", f"{self.you} doesn't hold priority ({holder} does); "
                                        f"a player activates an ability only when they "
                                        f"hold priority"))
        return out

    def _condition_reasons(self) -> list[Reason]:
        """CR 602.1b, 602.5: the ability's "activate only if" condition
        (:func:`manacheck.model.conditions.condition_holds`)."""
        cond = self.ab.condition
        assert cond is not None
        got = condition_holds(self.state, cond, self.you, self.source_id)
        if got is None:
            raise BadInput(f"ability condition '{cond.kind}' is not supported by "
                           f"can-activate", suggestion="supported: "
                           + ", ".join(CONDITION_KINDS))
        holds, seen = got
        if holds:
            return []
        n = cond.params.int("count")
        if cond.kind == "hand_size_less_than":
            return [Reason("602.1b", f"activate only if you have fewer than {n} cards in "
                                     f"hand (you have {seen})")]
        if cond.kind == "controls_at_least":
            flt = cond.params.get("filter")
            what = describe_filter(flt if isinstance(flt, ObjectFilter) else ObjectFilter())
            return [Reason("602.1b", f"activate only if you control {n} or more {what}s "
                                     f"(you control {seen})")]
        return [Reason("602.1b", "activate only during your turn")]

    # -- X -------------------------------------------------------------------------------
    def x_domain(self) -> tuple[int, ...]:
        """Values X can take. Bound by filters ("mana value X"), counters, or the mana."""
        if self._x_domain is None:
            self._x_domain = self._compute_x_domain()
        return self._x_domain

    def _compute_x_domain(self) -> tuple[int, ...]:
        if not self.uses_x:
            return ()
        bounds: list[set[int]] = []
        for v in self.vars:
            if v.filter.mana_value == "X":
                bounds.append({self.mana_value(c) for c in v.candidates
                               if c not in self.state.player_names})
        perm = self.obj if isinstance(self.obj, Permanent) else None
        for part in self.ab.costs:
            if part.kind is CostKind.REMOVE_COUNTERS and part.count == "X":
                have = perm.counters[part.counter] if perm is not None else 0
                bounds.append(set(range(have + 1)))
        for v in self.vars:
            if v.count == "X":
                bounds.append(set(range(len(v.candidates) + 1)))
        if bounds:
            dom = set.intersection(*bounds)
            return tuple(sorted(x for x in dom if x <= X_LIMIT))
        # Only the mana cost bounds X: every X up to the largest payable one (paying
        # more generic mana is never easier, so payability is monotone in X).
        # Binary search for the largest payable X: O(log X_LIMIT) payment questions.
        if not self.payable(0):
            return (0,)  # unpayable even with X = 0: reported by choice_reasons
        lo, hi = 0, X_LIMIT  # payable(lo) holds
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.payable(mid):
                lo = mid
            else:
                hi = mid - 1
        return tuple(range(lo + 1))

    # -- the mana cost --------------------------------------------------------------------
    @functools.cached_property
    def _base_uses(self) -> _Uses:
        return self._compute_base_uses()

    def base_uses(self) -> _Uses:
        return self._base_uses

    def _compute_base_uses(self) -> _Uses:
        """What the source's own cost does to it, for the mana payment.

        {T}/{Q} (CR 107.5, 107.6): the source can't also be tapped for mana (hard).
        "Sacrifice/Exile this" without {T}: it may be tapped for mana first (CR 601.2g:
        mana abilities come before costs are paid), but not used by a mana ability
        that itself sacrifices or exiles it (soft).
        """
        if not self.is_permanent:
            return _Uses(frozenset(), frozenset())
        if self.ab.tap or self.ab.untap:
            src = frozenset({self.source_id})
            return _Uses(src, frozenset(), src if self.ab.tap else frozenset())
        if self.has_sacrifice_self or self.has_exile_self:
            return _Uses(frozenset(), frozenset({self.source_id}) & self_spenders(self.state))
        return _Uses(frozenset(), frozenset())

    def _entry(self, x: int, exclude: frozenset[str], tapped: frozenset[str]) -> _PayEntry:
        key = (x, exclude, tapped)
        hit = self._entries.get(key)
        if hit is None:
            hit = _pay_entry(self.state, self.you, self.ab.mana_cost,
                             x if self.ab.mana_cost.has_variable else None,
                             self.source_id, exclude, tapped)
            self._entries[key] = hit
            self.left_out.update(hit.left_out)
        return hit

    def payable(self, x: int, uses: _Uses | None = None) -> bool:
        """Whether the mana cost can be paid with X = x and these objects spoken for."""
        uses = self._fixed_uses if uses is None else uses
        key = (x, uses)
        hit = self._pay_cache.get(key)
        if hit is None:
            hit = self._first(x, uses) is not _NONE
            self._pay_cache[key] = hit
        return hit

    def _first(self, x: int, uses: _Uses) -> object:
        # The question without the soft objects is shared by every choice of what to
        # sacrifice; its payments are then filtered for each choice.
        loose = self._entry(x, uses.hard, uses.tapped)
        if not loose.ok():
            return _NONE
        if not uses.soft:
            return loose.first()
        for p, ids in loose.touching():
            if not ids & uses.soft or self._keeps(p, uses.soft):
                return p
        if len(loose.listed()) >= PAYMENT_SCAN_LIMIT:  # the scan stopped: ask the strict question
            strict = self._entry(x, uses.hard | uses.soft, uses.tapped)
            return strict.first() if strict.ok() else _NONE
        return _NONE

    def _keeps(self, payment: object, soft: frozenset[str]) -> bool:
        """A payment may tap a permanent that a cost then sacrifices or exiles, but not
        use a mana ability that sacrifices or exiles it itself (it would be gone)."""
        if not soft:
            return True
        # A sacrifice outlet (Ashnod's Altar) must still find enough to sacrifice among
        # the permanents the cost doesn't sacrifice or exile.
        avoiding = getattr(payment, "avoiding", None)
        if avoiding is not None and avoiding(soft) is None:
            return False
        need: dict[tuple[str, ...], int] = {}
        for use in getattr(payment, "activations", ()):
            if getattr(use, "zone", "battlefield") != "battlefield":
                continue
            group = tuple(use.group or use.ids or (use.object,))
            if not soft & set(group):
                continue
            perm = self.state.get(use.object)
            if not isinstance(perm, Permanent):
                continue
            acts = effective(self.state)[perm.id].activated
            ab = acts[use.ability - 1] if 1 <= use.ability <= len(acts) else None
            if ab is None or not any(c.kind in (CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF)
                                     for c in ab.costs):
                continue
            need[group] = need.get(group, 0) + use.times
        return all(sum(1 for m in g if m not in soft) >= n for g, n in need.items())

    def payment_count(self, x: int, uses: _Uses) -> tuple[int, bool]:
        """How many distinct payments; False when the scan stopped at its limit.

        ``uses`` (like every ``uses`` below) already includes :meth:`base_uses`.
        """
        key = (x, uses)
        hit = self._count_cache.get(key)
        if hit is None:
            if not uses.soft:
                hit = (self._entry(x, uses.hard, uses.tapped).count(), True)
            else:
                entry = self._entry(x, uses.hard, uses.tapped)
                hit = (entry.count_keeping(uses.soft, self._keeps),
                       len(entry.listed()) < PAYMENT_SCAN_LIMIT)
            self._count_cache[key] = hit
        return hit

    def first_payment(self, x: int, uses: _Uses) -> object | None:
        if not self.ab.mana_cost:
            return None
        p = self._first(x, uses)
        return None if p is _NONE else _avoiding(p, uses.soft)

    def all_payments(self, x: int, uses: _Uses, limit: int) -> list[object | None]:
        if not self.ab.mana_cost:
            return [None]
        out: list[object | None] = []
        for p in self._entry(x, uses.hard, uses.tapped).iterate():
            if self._keeps(p, uses.soft):
                out.append(_avoiding(p, uses.soft))
                if len(out) >= limit:
                    break
        return out

    def _pay_kwargs(self, x: int) -> dict[str, Any]:
        return {"x": x if self.ab.mana_cost.has_variable else None,
                "for_object": self.source_id}

    def unpayable_text(self, x: int) -> str:
        try:
            why = _payments().unpayable_reasons(
                self.state, self.you, self.ab.mana_cost,
                exclude=self.base_uses().hard | self.base_uses().soft, **self._pay_kwargs(x))
        except Exception:  # the reasons are a courtesy; the verdict doesn't depend on them
            return ""
        if not why:
            return ""
        return "; ".join(getattr(r, "message", str(r)) for r in why)

    # -- the constraint problem ------------------------------------------------------------
    def domains_and_constraints(self) -> tuple[dict[str, list[Hashable]], list[Constraint]]:
        domains: dict[str, list[Hashable]] = {}
        cons: list[Constraint] = []
        x_dom = self.x_domain() if self.uses_x else ()
        if self.uses_x:
            domains["X"] = list(x_dom)
        for v in self.vars:
            # A target variable's value is the tuple of objects chosen for that instance
            # of "target" (CR 115.3: distinct); a cost part's, the set of objects it uses.
            sizes: Sequence[int]
            if v.count == "X":
                sizes = [x for x in x_dom if x <= len(v.candidates)]
            else:
                assert isinstance(v.count, int)
                sizes = [v.count]
            size = sum(math.comb(len(v.candidates), n) for n in sizes)
            if size > DOMAIN_LIMIT:
                raise ActivationSearchLimit(
                    f"too many ways to choose the objects for '{v.label}' "
                    f"({size:,} combinations; the limit is {DOMAIN_LIMIT:,}); the search "
                    f"stops here rather than run for ever")
            domains[v.name] = [combo for n in sizes
                               for combo in itertools.combinations(v.candidates, n)]
            if v.count == "X":
                cons.append((lambda sel, x: len(sel) == x, (v.name, "X")))
            if v.filter.mana_value == "X":
                cons.append((_mv_equals(self), (v.name, "X")))
        # An object can't be sacrificed, discarded, exiled or tapped twice by two parts
        # of the same kind (CR 118.3: the resource is gone once used).
        by_kind: dict[str, list[str]] = {}
        for v in self.vars:
            if v.kind != "target":
                by_kind.setdefault(v.kind, []).append(v.name)
        for names in by_kind.values():
            for a, b in itertools.combinations(names, 2):
                cons.append((lambda s, t: not set(s) & set(t), (a, b)))
        # CR 115.3: one instance of "target" can't choose the same object twice; distinct
        # instances may. Each TargetSpec is one instance, so no constraint between them.
        return domains, cons

    def solutions(self) -> Iterator[dict[str, Hashable]]:
        domains, cons = self.domains_and_constraints()
        return iter_solutions(domains, cons)

    @functools.cached_property
    def _cost_vars(self) -> tuple[tuple[str, str], ...]:
        """(variable, "soft" | "hard" | "tap") for the object-choosing cost parts."""
        out = []
        for v in self.vars:
            if v.kind == "target":
                continue
            if v.kind in (CostKind.SACRIFICE.value, CostKind.EXILE.value):
                out.append((v.name, "soft"))
            elif v.kind == CostKind.TAP_UNTAPPED.value:
                out.append((v.name, "tap"))
            else:
                out.append((v.name, "hard"))
        return tuple(out)

    @functools.cached_property
    def _fixed_uses(self) -> _Uses:
        """The uses every solution shares: the source's own, and a card discarded or
        exiled from a hand to pay its own cost (CR 601.2g: then it can't pay mana)."""
        base = self.base_uses()
        if self.has_discard_self or (self.has_exile_self and not self.is_permanent):
            return base | _Uses(frozenset({self.source_id}), frozenset())
        # "Discard your hand" discards what is left after mana abilities (CR 601.2g), so
        # a card in hand may still pay mana first: no exclusion for it.
        return base

    def uses_of(self, sol: Mapping[str, Hashable]) -> _Uses:
        """What a solution's costs do to objects that could otherwise pay mana (with
        :meth:`base_uses` included).

        Hard (can't pay mana at all): permanents tapped for a cost (CR 601.2g: mana
        abilities come first, and a tapped permanent can't be tapped again, 107.5), and
        cards discarded, revealed or exiled from a graveyard (a card used for mana from
        a hand, e.g. exiled by Elvish Spirit Guide, is no longer there). Soft:
        permanents sacrificed or exiled by the cost, which may first be tapped for mana;
        only those whose own mana abilities sacrifice or exile them are kept (for the
        others no payment could clash with the cost, so nothing needs checking).
        """
        fixed = self._fixed_uses
        if not self._cost_vars:
            return fixed
        hard: set[str] = set(fixed.hard)
        soft: set[str] = set(fixed.soft)
        spenders = self_spenders(self.state)
        tapped: set[str] = set(fixed.tapped)
        for name, how in self._cost_vars:
            sel = sol[name]
            assert isinstance(sel, tuple)
            if how == "soft":
                soft.update(o for o in sel if o in spenders)
            else:
                hard.update(sel)
                if how == "tap":
                    tapped.update(sel)
        return _Uses(frozenset(hard), frozenset(soft), frozenset(tapped))

    def x_of(self, sol: Mapping[str, Hashable]) -> int:
        x = sol.get("X", 0)
        assert isinstance(x, int)
        return x

    def witness(self, sol: Mapping[str, Hashable], payment: object | None) -> Witness:
        """The witness for a solution and a payment (the costs the choices pay)."""
        ab = self.ab
        picks: dict[str, list[str]] = {k: [] for k in
                                       ("discarded", "sacrificed", "exiled", "tapped",
                                        "revealed")}
        field_of = {CostKind.DISCARD.value: "discarded", CostKind.SACRIFICE.value: "sacrificed",
                    CostKind.EXILE_FROM_GRAVEYARD.value: "exiled",
                    CostKind.TAP_UNTAPPED.value: "tapped", CostKind.REVEAL.value: "revealed",
                    CostKind.EXILE.value: "exiled"}
        targets: list[str] = []
        for v in self.vars:
            if v.kind == "target":
                chosen = sol[v.name]
                assert isinstance(chosen, tuple)
                targets.extend(str(t) for t in chosen)
            else:
                sel = sol[v.name]
                assert isinstance(sel, tuple)
                picks[field_of[v.kind]].extend(str(s) for s in sel)
        x = self.x_of(sol) if self.uses_x else None
        counters: list[tuple[str, str, int]] = []
        life = 0
        for part in ab.costs:
            if part.kind is CostKind.SACRIFICE_SELF:
                picks["sacrificed"].insert(0, self.source_id)
            elif part.kind is CostKind.DISCARD_SELF:
                picks["discarded"].insert(0, self.source_id)
            elif part.kind is CostKind.EXILE_SELF:
                picks["exiled"].insert(0, self.source_id)
            elif part.kind is CostKind.DISCARD_HAND:
                spent = {u.object for u in getattr(payment, "activations", ())
                         if getattr(u, "zone", "") == "hand"}
                picks["discarded"].extend(c.id for c in self.state.player(self.you).hand
                                          if c.id != self.source_id and c.id not in spent)
            elif part.kind is CostKind.PAY_LIFE:
                life += part.count if isinstance(part.count, int) else (x or 0)
            elif part.kind is CostKind.REMOVE_COUNTERS:
                n = part.count if isinstance(part.count, int) else (x or 0)
                counters.append((self.source_id, part.counter, n))
        tapped = ([self.source_id] if ab.tap else []) + picks["tapped"]
        return Witness(
            targets=tuple(targets), x=x, discarded=tuple(picks["discarded"]),
            sacrificed=tuple(picks["sacrificed"]), exiled=tuple(picks["exiled"]),
            tapped=tuple(tapped), untapped=(self.source_id,) if ab.untap else (),
            revealed=tuple(picks["revealed"]), counters_removed=tuple(counters),
            life_paid=life, payment=payment,
        )

    # -- reasons for the choices -------------------------------------------------------------
    def choice_reasons(self) -> list[Reason]:
        """Each target and cost part on its own, then the mana cost on its own."""
        return self.var_reasons() + self._mana_reasons()

    def var_reasons(self) -> list[Reason]:
        """Each target and object-choosing cost part on its own (CR 601.2c, 118.3)."""
        reasons: list[Reason] = []
        for v in self.vars:
            need = v.count if isinstance(v.count, int) else 0
            if len(v.candidates) >= need:
                continue
            if v.kind == "target":
                spec = self.ab.targets[v.index]
                where = {"stack": "on the stack", "graveyard": "in a graveyard"}.get(
                    spec.zone, "")
                shielded = self.untargetable.get(spec, ())
                detail = "; ".join(f"{oid} has {kw} (CR {rule})"
                                   for oid, rule, kw in shielded[:5])
                if len(shielded) > 5:
                    detail += f"; and {len(shielded) - 5} more"
                reasons.append(Reason("601.2c", f"no legal choice for {v.label}"
                                      + (f" (nothing {where} qualifies)" if where else "")
                                      + (f" ({detail})" if detail else "")))
            else:
                reasons.append(Reason("118.3", f"can't pay '{v.label}': "
                                               f"{len(v.candidates)} candidate(s), "
                                               f"{need} needed"))
        return reasons

    def _mana_reasons(self) -> list[Reason]:
        """The mana cost on its own (CR 601.2h)."""
        reasons: list[Reason] = []
        if self.ab.mana_cost:
            dom = self.x_domain() if self.uses_x else (0,)
            x0 = dom[0] if dom else 0
            if not self.payable(x0):
                extra = self.unpayable_text(x0)
                cost = self.ab.mana_cost.with_x(x0).text if self.ab.mana_cost.has_variable \
                    else self.ab.mana_cost.text
                reasons.append(Reason("601.2h", f"the mana cost {cost} can't be paid"
                                      + (f" ({extra})" if extra else "")
                                      + (" with " + self.obj.name + " itself spoken for"
                                         if self.base_uses().hard else "")))
        return reasons

    def joint_reason(self) -> Reason:
        """Every part is payable alone, but no choice pays them all at once."""
        parts = [v.label for v in self.vars]
        if self.ab.mana_cost:
            parts.append(f"the mana cost {self.ab.mana_cost.text}")
        shared = [v.label for v in self.x_vars]
        if len(shared) >= 2:
            return Reason("601.2c" if any(v.kind == "target" for v in self.x_vars)
                          else "601.2h",
                          "no value of X fits every part at once: "
                          + " and ".join(shared)
                          + " must all have the same mana value X")
        return Reason("601.2h", "each part of the cost is payable alone, but no single "
                                "choice pays all of them: " + "; ".join(parts))


class _PayEntry:
    """One payment question (cost, X, who pays, for what, objects kept out), asked of the
    payment solver once and remembered: payable?, the first payment, the count, and
    (only when a sacrificed permanent may have paid mana) the payments listed."""

    def __init__(self, state: GameState, player: str, cost: ManaCost, x: int | None,
                 for_object: str, exclude: frozenset[str]) -> None:
        self._pays = _payments().payments(state, player, cost, x=x, for_object=for_object,
                                          exclude=exclude)
        self._ok: bool | None = None
        self._first: object = _NONE
        self._count: int | None = None
        self._listed: list[object] | None = None
        self._touch: list[tuple[object, frozenset[str]]] | None = None
        self._kept: dict[frozenset[str], int] = {}
        self._touched: frozenset[str] = frozenset()

    @property
    def left_out(self) -> tuple[str, ...]:
        return tuple(self._pays.left_out)

    def ok(self) -> bool:
        if self._ok is None:
            self._ok = bool(self._pays)
        return self._ok

    def first(self) -> object:
        if self._first is _NONE and self.ok():
            self._first = next(iter(self._pays), _NONE)
        return self._first

    def count(self) -> int:
        if self._count is None:
            self._count = self._pays.count() if self.ok() else 0
        return self._count

    def count_keeping(self, soft: frozenset[str],
                      keeps: Callable[[object, frozenset[str]], bool]) -> int:
        """How many listed payments ``keeps`` accepts with ``soft`` objects spoken for.

        Only payments that use some soft object can be refused, so the answer depends
        only on ``soft`` ∩ (objects those payments use): cached on that.
        """
        touch = self.touching()
        key = soft & self._touched
        hit = self._kept.get(key)
        if hit is None:
            hit = sum(1 for p, ids in touch if not ids & key or keeps(p, key))
            self._kept[key] = hit
        return hit

    def touching(self) -> list[tuple[object, frozenset[str]]]:
        """The listed payments, each with the objects it could use."""
        if self._touch is None:
            self._touch = [(p, _ids_used(p)) for p in self.listed()]
            self._touched = frozenset().union(*(ids for _, ids in self._touch))
        return self._touch

    def iterate(self) -> Iterator[object]:
        return iter(self._pays) if self.ok() else iter(())

    def listed(self) -> list[object]:
        if self._listed is None:
            self._listed = list(itertools.islice(self._pays, PAYMENT_SCAN_LIMIT)) \
                if self.ok() else []
        return self._listed


def _avoiding(payment: object, soft: frozenset[str]) -> object:
    """The payment with its sacrifice outlets sacrificing nothing the cost sacrifices
    or exiles (the payment is known to allow it)."""
    avoiding = getattr(payment, "avoiding", None)
    if avoiding is None:
        return payment
    other = avoiding(soft)
    return payment if other is None else other


def _ids_used(payment: object) -> frozenset[str]:
    """Every object a payment's activations could use (their whole groups)."""
    out: set[str] = set(getattr(payment, "sacrificable", ()))
    for use in getattr(payment, "activations", ()):
        out.update(use.group or use.ids or (use.object,))
    return frozenset(out)


def _pay_entry(state: GameState, player: str, cost: ManaCost, x: int | None,
               for_object: str, exclude: frozenset[str], tapped: frozenset[str] = frozenset()
               ) -> _PayEntry:
    """The shared :class:`_PayEntry` for a payment question, cached on the state.

    Objects kept out can't be mana sources. Permanents the cost taps are also tapped in
    the state the payment solver sees when a mana ability could otherwise tap them for
    its own cost (Springleaf Drum): CR 601.2g, 107.5. Two questions are the same when
    they differ only in objects kept out that can't produce mana anyway, or (when no
    mana anywhere is restricted) in what the mana is for.
    """
    sources, restricted = mana_facts(state)
    # Objects kept out matter if they could make mana, or be sacrificed by a sacrifice
    # outlet's mana ability (Ashnod's Altar can't sacrifice what a cost taps, 601.2g-h).
    sources = sources | self_spenders(state)
    really_tapped = tapped & tap_sensitive(state)
    key = (player, cost, x, for_object if restricted else None, exclude & sources,
           really_tapped)
    cache: dict[object, _PayEntry] = state.__dict__.setdefault("_activation_payments", {})
    hit = cache.get(key)
    if hit is None:
        seen = state
        for oid in sorted(really_tapped):
            seen = seen.with_permanent(replace(seen.permanent(oid), tapped=True))
        hit = _PayEntry(seen, player, cost, x, for_object, exclude & sources)
        cache[key] = hit
    return hit


def _mv_equals(act: _Activation) -> Any:
    players = frozenset(act.state.player_names)

    def every(sel: tuple[str, ...], x: int) -> bool:
        # A player has no mana value: it never matches "with mana value X".
        return all(o not in players and act.mana_value(o) == x for o in sel)
    return every


def _payments() -> Any:
    import importlib

    # The module (``manacheck.solver.payments`` the attribute is the function).
    return importlib.import_module("manacheck.solver.payments")


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def _referenced_ids(state: GameState) -> frozenset[str]:
    """Every string by which the state could refer to an object: attachments and
    choices of permanents, everything on the stack but card definitions (targets,
    sources), abilities activated this turn, mana in pools, continuous effects and
    events. A permanent whose id is among them is referred to by something else (so it
    has no twin). Cached."""
    hit = state.__dict__.get("_activation_referenced")
    if hit is None:
        found: set[str] = set()

        def walk(v: object) -> None:
            if isinstance(v, str):
                found.add(v)
            elif isinstance(v, tuple | list | frozenset | set):
                for item in v:
                    walk(item)
            elif isinstance(v, dict):
                for k, item in v.items():
                    walk(k)
                    walk(item)
            elif dataclasses.is_dataclass(v) and not isinstance(v, type | CardDefinition):
                for f in dataclasses.fields(v):
                    if f.name != "id":
                        walk(getattr(v, f.name))

        for player in state.players:
            for perm in player.battlefield:
                if perm.attached_to is not None:
                    found.add(perm.attached_to)
                walk(perm.chosen)
            walk(player.mana_pool)
        for name in ("stack", "activated_this_turn", "effects", "events"):
            walk(getattr(state, name))
        hit = frozenset(found)
        state.__dict__["_activation_referenced"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def _twin_key(state: GameState, perm: Permanent, number: int) -> Hashable | None:
    """A key shared by the same ability of *twins*: permanents with the same card,
    controller, owner, status, counters, choices, attachment and effective
    characteristics, neither referred to by anything else in the state. Swapping two
    twins maps the game state onto itself, so an ability of one has exactly as many
    legal ways as the same ability of the other. None when ``perm`` can't have a twin."""
    if perm.id in _referenced_ids(state):
        return None
    return (perm.card.name, id(perm.card), perm.controller, perm.owner, perm.tapped,
            perm.summoning_sick, perm.counters, perm.chosen, perm.token, perm.attached_to,
            effective(state)[perm.id], number)


def _for_twin(verdict: Verdict, twin: str) -> Verdict | None:
    """``verdict`` (for one of two twins) turned into the twin's verdict, or None when
    it can't be (a reason names either object: it is then asked afresh).

    Exchanging twins maps the game state onto itself (see :func:`_twin_key`), so the
    twin's ability is legal exactly when this one is, with as many ways, for the same
    reasons, and the witness with the two exchanged is a legal way for it.
    """
    a = verdict.object_id
    texts = [r.message for r in verdict.reasons] + list(verdict.left_out)
    if any(a in t or twin in t for t in texts) or verdict.fixes or verdict.undecided:
        return None
    witness = verdict.witness.swapped(a, twin) if verdict.witness is not None else None
    return replace(verdict, object_id=twin, witness=witness)


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
        (:func:`activated_abilities`); may be omitted when only one could be meant.
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
    """
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)  # UnknownObject for an unknown player
    act = _Activation(state, object_id, number, ab, you)
    reasons = act.fixed_reasons()
    decided = bool(reasons) or bool(act.var_reasons())
    choice = act.choice_reasons()
    reasons.extend(choice)
    witness: Witness | None = None
    n_ways = 0
    complete = True
    if not choice:
        # One pass over the solutions: the first payable one is the witness; with
        # count_ways (and nothing else failing) the rest are counted.
        witness, n_ways, complete = _search(act, count_ways and not reasons, ways_limit)
        if witness is None:
            reasons.append(act.joint_reason())
    legal = not reasons and witness is not None
    if legal and not count_ways:
        n_ways, complete = 1, False
    if legal and act.left_out:
        complete = False  # payments using the sources left out aren't counted
    if not legal:
        n_ways, complete = 0, True
    # Only the mana cost failed, and the payment solver left out sources it can't model
    # (one of them might pay it): not decided, never a guessed "no".
    undecided = ""
    if not legal and not decided and act.left_out:
        undecided = ("no way was found to pay the mana cost without "
                     + ", ".join(sorted(act.left_out))
                     + ", which the payment solver can't model; one of them might pay it")
    fixes: tuple[Fix, ...] = ()
    if not legal and find_fixes and not undecided:
        from .fixes import find_fixes as _find

        fixes = _find(state, object_id, number, you, tuple(reasons))
    return Verdict(object_id=object_id, ability=number, player=you, legal=legal,
                   reasons=tuple(reasons), witness=witness if legal else None,
                   ways=n_ways if legal else 0, ways_complete=complete, fixes=fixes,
                   text=ability_text(ab), undecided=undecided,
                   left_out=tuple(sorted(act.left_out)))


def is_legal(state: GameState, object_id: str, ability: int, player: str) -> bool:
    """Just the yes/no of :func:`can_activate` (no counting, no fixes)."""
    return can_activate(state, object_id, ability, player, count_ways=False,
                        find_fixes=False).legal


def _search(act: _Activation, count: bool, limit: int) -> tuple[Witness | None, int, bool]:
    """The first way (a witness), and with ``count`` the number of ways.

    Returns (witness or None, ways, complete); ``complete`` is False when the count
    stopped at ``limit`` solutions or a payment scan stopped at its limit.
    """
    witness: Witness | None = None
    total = 0
    complete = True
    has_mana = bool(act.ab.mana_cost)
    for i, sol in enumerate(act.solutions()):
        if count and i >= limit:
            if witness is not None:
                return witness, total, False
            count, complete = False, False  # keep looking for a witness, stop counting
        x, uses = act.x_of(sol), act.uses_of(sol)
        if has_mana and not act.payable(x, uses):
            continue
        if witness is None:
            witness = act.witness(sol, act.first_payment(x, uses) if has_mana else None)
            if not count:
                return witness, 1, False
        if has_mana:
            n, done = act.payment_count(x, uses)
            total += n
            complete = complete and done
        else:
            total += 1
    return witness, total, complete


def ways(
    state: GameState,
    object_id: str,
    ability: int | None = None,
    player: str | None = None,
    *,
    limit: int = WAYS_LIMIT,
) -> Iterator[Witness]:
    """Every distinct legal way to activate the ability (``--all``), lazily.

    Yields nothing when the activation is illegal for a reason that doesn't depend on
    the choices (timing, {T}, 302.6, ...). Stops after ``limit`` ways. See
    :func:`can_activate` for what makes two ways distinct.
    """
    number, ab = resolve_ability(state, object_id, ability)
    you = player if player is not None else default_player(state, object_id)
    state.player(you)
    act = _Activation(state, object_id, number, ab, you)
    if act.fixed_reasons():
        return
    n = 0
    for sol in act.solutions():
        x = act.x_of(sol)
        uses = act.uses_of(sol)
        if ab.mana_cost and not act.payable(x, uses):
            continue
        for pay in act.all_payments(x, uses, limit - n):
            yield act.witness(sol, pay)
            n += 1
            if n >= limit:
                return


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
        # One ability whose choices are too many to search doesn't stop the listing:
        # it is reported as undecided, with the limit that stopped it.
        try:
            return can_activate(state, object_id, number, player, count_ways=count_ways,
                                find_fixes=find_fixes)
        except ActivationSearchLimit as e:
            return Verdict(object_id, number, player, legal=False, text=text,
                           undecided=e.one_line())

    # Twins (see _twin_key) have the same verdict up to exchanging them: each set of
    # twins is solved once, and the others get that verdict with the two exchanged.
    solved: dict[Hashable, Verdict] = {}
    for perm in me.battlefield:
        for i, ab in enumerate(effective(state)[perm.id].activated, 1):
            key = _twin_key(state, perm, i) if not find_fixes else None
            twin = solved.get(key) if key is not None else None
            v = _for_twin(twin, perm.id) if twin is not None else None
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
    return out

