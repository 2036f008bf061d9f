"""What mana an ability would add, and what mana a permanent could produce (CR 106.7).

This module is the contract between the payment solver and the could-produce solver:

* :func:`activation_outcomes` — every mana event one activation of a mana ability could
  add right now, each as a sorted tuple of mana types (a multiset), after replacement
  effects in any order the player may choose (CR 616.1). The payment solver reads only
  this.
* :func:`could_produce` / :func:`could_produce_all` — CR 106.7.

Rules
-----
CR 106.7: "could produce" ignores costs and takes replacement effects into account in
any possible order.
CR 106.5: an ability that would produce an undefined type produces nothing.
CR 605.1a: mana abilities.
"""

from __future__ import annotations

import itertools

from manacheck.model import (
    COLORS,
    MANA_TYPES,
    ActivatedAbility,
    GameState,
    ManaProduction,
    ManaProductionKind,
    ManaType,
    Permanent,
    effective,
    matches,
)
from manacheck.model.errors import BadInput

__all__ = [
    "ManaEvent",
    "activation_outcomes",
    "base_outcomes",
    "count_per",
]

#: One mana production event: the mana added, as a sorted tuple (a multiset).
ManaEvent = tuple[ManaType, ...]


def _sorted(types: tuple[ManaType, ...] | list[ManaType]) -> ManaEvent:
    return tuple(sorted(types, key=lambda t: t.order))


def count_per(state: GameState, source: Permanent, prod: ManaProduction) -> int:
    """How many times ``per`` multiplies the production ("for each Swamp you control")."""
    if prod.per is None:
        return 1
    chars = effective(state)
    return sum(
        1
        for p in state.permanents
        if matches(prod.per, chars[p.id], p, state, source.controller, source.id)
    )


def base_outcomes(
    state: GameState,
    source: Permanent,
    prod: ManaProduction,
    could_produce_types: frozenset[ManaType] = frozenset(),
) -> frozenset[ManaEvent]:
    """The mana events an ability's production could add before replacement effects.

    ``could_produce_types`` is the set of types a COULD_PRODUCE ability may choose
    from (computed by the could-produce solver); an empty set means the ability
    produces nothing (CR 106.5, 106.7).
    """
    k = prod.kind
    n = count_per(state, source, prod)
    if k is ManaProductionKind.FIXED:
        return frozenset({_sorted(list(prod.mana) * n)}) if prod.mana and n else frozenset()
    if k is ManaProductionKind.CHOICE:
        if n == 0:
            return frozenset()
        # "for each" with a choice: each repetition chooses independently.
        return frozenset(
            _sorted([t for opt in combo for t in opt])
            for combo in itertools.combinations_with_replacement(prod.options, n)
        )
    amount = prod.amount * n
    if amount == 0:
        return frozenset()
    if k is ManaProductionKind.ANY_COLOR:
        return frozenset(
            _sorted(list(c)) for c in itertools.combinations_with_replacement(COLORS, amount)
        )
    if k is ManaProductionKind.ONE_COLOR:
        return frozenset((c,) * amount for c in COLORS)
    if k is ManaProductionKind.CHOSEN_COLOR:
        chosen = source.choice("color")
        if chosen is None:
            return frozenset()  # CR 106.5: undefined type, no mana
        return frozenset({(ManaType[chosen],) * amount})
    if k is ManaProductionKind.COULD_PRODUCE:
        return frozenset((t,) * amount for t in could_produce_types)
    if k is ManaProductionKind.PRODUCED_TYPE:
        return frozenset((t,) * amount for t in MANA_TYPES)
    raise BadInput(f"unknown mana production kind {k}")


def activation_outcomes(
    state: GameState,
    object_id: str,
    ability: int | ActivatedAbility,
    *,
    sacrificed: str | None = None,
) -> frozenset[ManaEvent]:
    """Every mana event one activation of this mana ability could add now.

    Parameters
    ----------
    state : GameState
    object_id : str
        The permanent whose ability it is.
    ability : int or ActivatedAbility
        1-based number among the permanent's activated abilities (as in
        ``Characteristics.activated``), or the ability itself.
    sacrificed : str, optional
        For "any type the sacrificed land could produce" (Squandered Resources).

    Returns
    -------
    frozenset of ManaEvent
        Sorted tuples of mana types; empty if the ability would add no mana.

    Notes
    -----
    The basic version here handles fixed, choice, any-color, one-color and
    chosen-color productions. The could-produce solver extends it with CR 106.7
    references and replacement effects in every order (CR 616.1).

    Rules
    -----
    CR 605.1a: only mana abilities are asked about.
    CR 106.5: undefined types produce nothing.
    """
    perm = state.permanent(object_id)
    ab = _ability(state, perm, ability)
    if ab.mana is None:
        return frozenset()
    return base_outcomes(state, perm, ab.mana)


def _ability(state: GameState, perm: Permanent, ability: int | ActivatedAbility
             ) -> ActivatedAbility:
    if isinstance(ability, ActivatedAbility):
        return ability
    acts = effective(state)[perm.id].activated
    if not 1 <= ability <= len(acts):
        raise BadInput(f"'{perm.id}' has no activated ability {ability} "
                       f"(it has {len(acts)})")
    return acts[ability - 1]
