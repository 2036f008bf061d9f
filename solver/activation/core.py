"""One proposed activation: who activates which ability of which object, and where.

:class:`Activation` holds what every part of the question reads and nothing that
depends on the choices: the state, the source, the ability, the player, and the
lookups they all ask (mana values, filters, the source's characteristics), cached for
this activation. :class:`Var` (one choice: a target or an object-choosing cost part)
and :class:`Uses` (what a choice's costs do to objects that could pay mana) are the
values the other modules pass around.

Rules
-----
CR 602.2: only an object's controller (or owner, if it has none) may activate its
abilities. CR 202.3, 202.3e: mana value ({X} is 0 off the stack). CR 601.2c: the
choices (targets, then costs) are made in order. CR 601.2g: mana abilities come
before costs are paid (what :class:`Uses` records).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from manacheck.model import (
    ActivatedAbility,
    Card,
    Characteristics,
    CostKind,
    GameState,
    ObjectFilter,
    Permanent,
    matches,
    object_characteristics,
)

from .facts import looks_at_source
from .lookup import zone_of

__all__ = ["Activation", "Uses", "Var"]


@dataclass(frozen=True)
class Uses:
    """Objects a proposed activation's other costs use: ``hard`` can't help pay the mana
    cost at all; ``soft`` may be tapped for mana first but not sacrificed or exiled by a
    mana ability (they are about to be sacrificed or exiled by the cost)."""

    hard: frozenset[str]
    soft: frozenset[str]
    tapped: frozenset[str] = frozenset()  # the permanents among ``hard`` the cost taps

    def __or__(self, other: Uses) -> Uses:
        return Uses(self.hard | other.hard, self.soft | other.soft,
                    self.tapped | other.tapped)


@dataclass(frozen=True)
class Var:
    """One choice of the activation: a target or a cost part that picks objects."""

    name: str
    kind: str  # "target" or a CostKind value
    index: int  # index in ability.targets or ability.costs
    candidates: tuple[str, ...]
    count: int | str  # how many objects (targets: 1)
    filter: ObjectFilter
    label: str
    up_to: bool = False  # "up to N": any number from 0 to N (CR 115.1d)


class Activation:
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

    def matches(self, flt: ObjectFilter, object_id: str,
                bindings: Mapping[str, int] | None = None) -> bool:
        """Whether the object fits the filter, as the player and this source see it
        (``bindings`` gives variables such as X their values)."""
        chars = object_characteristics(self.state, object_id)
        return matches(flt, chars, self.state.get(object_id), self.state, self.you,
                       self.source_id, bindings)

    @functools.cached_property
    def has_exile_self(self) -> bool:
        return any(c.kind is CostKind.EXILE_SELF for c in self.ab.costs)

    @functools.cached_property
    def has_discard_self(self) -> bool:
        return any(c.kind is CostKind.DISCARD_SELF for c in self.ab.costs)

    @functools.cached_property
    def has_sacrifice_self(self) -> bool:
        return any(c.kind is CostKind.SACRIFICE_SELF for c in self.ab.costs)

    @functools.cached_property
    def has_return_self(self) -> bool:
        """"Return this to its owner's hand": like sacrificing it, it leaves as the cost
        is paid (it may be tapped for mana first, CR 601.2g)."""
        return any(c.kind is CostKind.RETURN_SELF for c in self.ab.costs)

    def source_key(self, flt: ObjectFilter) -> str | None:
        """The source, when the filter's answer depends on which object is looking."""
        return self.source_id if looks_at_source(flt) else None

    @functools.cached_property
    def source_chars(self) -> Characteristics:
        """The source's characteristics (what protection and hexproof look at)."""
        return object_characteristics(self.state, self.source_id)
