"""What one activation of a mana ability adds now, with its triggered mana.

This is the contract with the payment solver: :func:`activation_outcomes` lists every
mana event one activation could add right now, after replacement effects in any order
the player may choose, optionally with the mana of the triggered mana abilities it
sets off.

Rules
-----
CR 605.1a, 605.1b, 106.12a: activated and triggered mana abilities. CR 616.1:
replacement effects in the affected player's order. CR 106.7 for "could produce"
amounts (Reflecting Pool).
"""

from __future__ import annotations

import itertools

from manacheck.model import (
    ActivatedAbility,
    GameState,
    ManaProductionKind,
    ManaType,
    Permanent,
    TriggeredAbility,
    effective,
    matches,
)
from manacheck.model.errors import BadInput

from ..amounts import Amounts
from ..replacement import listed
from .could import solver_for
from .events import (
    ManaEvent,
    base_outcomes,
    sacrifice_candidates,
)

__all__ = [
    "activation_amounts",
    "activation_outcomes",
    "mana_triggers",
    "trigger_options",
    "with_triggered",
]


# ---------------------------------------------------------------------------------------
# One activation: the payment solver's contract.
# ---------------------------------------------------------------------------------------


def mana_triggers(state: GameState, source: Permanent, ability: ActivatedAbility
                  ) -> tuple[tuple[Permanent, TriggeredAbility], ...]:
    """The triggered mana abilities that activating ``ability`` of ``source`` sets off.

    "Whenever ... is tapped for mana" (``tapped_for_mana``) needs a mana ability with
    {T} in its cost (Leyline of Abundance's and Kinnan's rulings); "whenever a land's
    ability causes you to add mana" (``mana_added``, Caged Sun) any mana ability of its
    subject, and only its controller's ("you": the player who adds the mana, who for an
    ability only its controller may activate is the source's controller, CR 602.2).
    State-file order. A condition on the mana added (``only_if_adds``) is checked on
    each event by :func:`trigger_options`.

    Rules
    -----
    CR 106.12a, 605.1b: triggered mana abilities.
    """
    if ability.mana is None:
        return ()
    chars = effective(state)
    src_chars = chars[source.id]
    out = []
    for perm in state.permanents:
        for trig in chars[perm.id].abilities:
            if not isinstance(trig, TriggeredAbility) or trig.mana is None or not (
                    (trig.event == "tapped_for_mana" and ability.tap)
                    or trig.event == "mana_added"):
                continue
            if trig.self_only and perm.id != source.id:
                continue
            if matches(trig.subject, src_chars, source, state, perm.controller, perm.id):
                out.append((perm, trig))
    return tuple(out)


def trigger_options(state: GameState, perm: Permanent, trig: TriggeredAbility,
                    produced: Amounts) -> frozenset[Amounts]:
    """What one triggered mana ability adds, given the mana its event added (after
    replacement effects): nothing when its condition on that mana fails ("one or more
    mana of the chosen color", CR 106.12a), or when nothing was added (CR 106.12a: it
    triggers when the ability "produces mana")."""
    assert trig.mana is not None
    if not produced:
        return frozenset({Amounts.of(())})
    if trig.only_if_adds == "chosen_color":
        chosen = perm.choice("color")  # (none chosen: no mana of it, CR 106.5)
        if chosen is None or not produced.count(ManaType[chosen]):
            return frozenset({Amounts.of(())})
    if trig.mana.kind is ManaProductionKind.PRODUCED_TYPE:
        # "one mana of any type that land produced": after replacement effects (Mana
        # Flare's and Contamination's rulings); nothing if it produced nothing.
        opts = frozenset(Amounts.one(t, trig.mana.amount) for t in produced.types)
    else:
        opts = frozenset(Amounts.of(e) for e in base_outcomes(state, perm, trig.mana))
    return opts or frozenset({Amounts.of(())})


def with_triggered(state: GameState, triggers: tuple[tuple[Permanent, TriggeredAbility], ...],
                   events: frozenset[Amounts]) -> frozenset[Amounts]:
    """Each event with the mana of the triggered mana abilities it sets off added, in
    each combination of their choices (CR 605.1b)."""
    if not triggers:
        return events
    combined: set[Amounts] = set()
    for ev in events:
        options = [trigger_options(state, tp, trig, ev) for tp, trig in triggers]
        for extra in itertools.product(*options):
            total = ev
            for e in extra:
                total = total + e
            combined.add(total)
    return frozenset(combined)


def activation_outcomes(
    state: GameState,
    object_id: str,
    ability: int | ActivatedAbility,
    *,
    sacrificed: str | None = None,
    include_triggered: bool = False,
) -> frozenset[ManaEvent]:
    """Every mana event one activation of this mana ability could add now, listed
    one mana at a time: :func:`activation_amounts` as sorted tuples of types.

    Raises
    ------
    EnumerationLimit
        If an event holds more than ``replacement.MAX_LISTED_MANA`` mana (thirty
        Nyxbloom Ancients): :func:`activation_amounts` keeps such amounts exact.
    """
    cache: dict[object, frozenset[ManaEvent]] = state.__dict__.setdefault(
        "_activation_outcomes_cache", {})
    key = (object_id, ability, sacrificed, include_triggered)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = listed(activation_amounts(
            state, object_id, ability, sacrificed=sacrificed,
            include_triggered=include_triggered))
    return hit


def activation_amounts(
    state: GameState,
    object_id: str,
    ability: int | ActivatedAbility,
    *,
    sacrificed: str | None = None,
    include_triggered: bool = False,
) -> frozenset[Amounts]:
    """Every mana event one activation of this mana ability could add now, exact.

    Parameters
    ----------
    state : GameState
    object_id : str
        The permanent whose ability it is.
    ability : int or ActivatedAbility
        1-based number among the permanent's activated abilities (as in
        ``Characteristics.activated``), or the ability itself.
    sacrificed : str, optional
        For "any type the sacrificed land could produce" (Squandered Resources): the
        land sacrificed (its could-produce answer before it left, CR 608.2h). Without
        it, any land its controller controls.
    include_triggered : bool
        Also add the mana of the triggered mana abilities the activation sets off
        (Mana Flare, Wild Growth, ...), each combination of their choices.

    Returns
    -------
    frozenset of Amounts
        Exact counts per type (no cap on amounts, CR 107.1); empty if the ability
        would add no mana.

    Raises
    ------
    BadInput
        Unknown object, no such ability, or ``sacrificed`` not a land its
        controller controls.

    Notes
    -----
    Could-produce references use the least fixed point of :func:`~.could.produced_types_all`;
    replacement effects are applied in every order through the application-state
    graph (:mod:`manacheck.solver.replacement`). Memoized per state object on
    (object, ability, sacrificed, include_triggered).

    Rules
    -----
    CR 605.1a: only mana abilities are asked about. CR 106.5: undefined types produce
    nothing. CR 106.7, 616.1, 616.1f, 614.5: replacement effects in any order.
    CR 106.12a, 605.1b: triggered mana abilities (not affected by Mana Reflection or
    Contamination: they are not the land's mana).
    """
    cache: dict[object, frozenset[Amounts]] = state.__dict__.setdefault(
        "_activation_amounts_cache", {})
    key = (object_id, ability, sacrificed, include_triggered)
    hit = cache.get(key)
    if hit is not None:
        return hit
    perm = state.permanent(object_id)
    ab = _ability(state, perm, ability)
    if ab.mana is None:
        cache[key] = frozenset()
        return cache[key]
    solver = solver_for(state)
    # ``sacrificed`` only matters to "the sacrificed land could produce"; other
    # abilities that sacrifice (Ashnod's Altar) ignore it.
    sac = sacrificed if ab.mana.could_produce is not None and \
        ab.mana.could_produce.lands == "sacrificed" else None
    if sacrificed is not None and ab.mana.per_sacrificed_mana_value:
        if sacrificed not in sacrifice_candidates(state, perm, ab):
            raise BadInput(f"'{sacrificed}' can't be sacrificed for {perm.id}'s ability "
                           f"{ability}", suggestion="name a permanent its cost accepts")
        sac = sacrificed
    elif sac is not None:
        land = state.permanent(sac)
        if not effective(state)[land.id].is_land or land.controller != perm.controller:
            raise BadInput(f"'{sac}' is not a land {perm.controller} controls",
                           suggestion="name a land its controller can sacrifice")
    # Only could-produce abilities look at the fixed point (computed lazily).
    values = solver.values if ab.mana.kind is ManaProductionKind.COULD_PRODUCE else {}
    result = solver.outcomes(perm, ab, values, sac)
    if include_triggered:
        result = with_triggered(state, mana_triggers(state, perm, ab), result)
    cache[key] = result
    return result


def _ability(state: GameState, perm: Permanent, ability: int | ActivatedAbility
             ) -> ActivatedAbility:
    if isinstance(ability, ActivatedAbility):
        return ability
    acts = effective(state)[perm.id].activated
    if not 1 <= ability <= len(acts):
        raise BadInput(f"'{perm.id}' has no activated ability {ability} "
                       f"(it has {len(acts)})")
    return acts[ability - 1]
