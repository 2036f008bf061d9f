"""Who or what each choice could pick: target candidates and cost candidates.

Each target (CR 601.2c) and each cost part that chooses objects (sacrifice, discard,
exile, exile from a graveyard, tap an untapped permanent, reveal) becomes one
:class:`~.core.Var` whose candidates are the objects that fit it on their own, X
unbound. The candidates are cached on the state (per player, ability part and, when
the filter looks at it, the source).

Rules
-----
CR 115.1–115.4, 601.2c: a target needs a legal choice ("any target": a creature,
planeswalker, battle or player). CR 702.18a shroud, 702.11b/d hexproof, 702.16b/j
protection make a permanent an illegal target (kept, with the keyword and rule, for
the reason). CR 118.3: a cost is paid only with the resources it names; an object a
cost part already uses (the source, when the cost also sacrifices, exiles, discards
or taps it) can't pay another part.
"""

from __future__ import annotations

from manacheck.model import (
    CostKind,
    CostPart,
    GameState,
    ObjectFilter,
    StaticAbility,
    TargetSpec,
    effective,
    matches,
)
from manacheck.model.keywords import untargetable_reason

from .core import Activation, Var
from .words import cost_label, describe_filter, zone_noun

__all__ = ["CHOOSING", "Shielded", "cost_candidates", "target_candidates", "variables"]

#: Permanents that fit a target's filter but can't be targeted by this source, as
#: (id, rule, keyword).
Shielded = tuple[tuple[str, str, str], ...]

#: Cost parts whose payment chooses objects, and the zone they choose from.
CHOOSING = {
    CostKind.SACRIFICE: "battlefield",
    CostKind.DISCARD: "hand",
    CostKind.EXILE_FROM_GRAVEYARD: "graveyard",
    CostKind.TAP_UNTAPPED: "battlefield",
    CostKind.TAP_TOTAL_POWER: "battlefield",
    CostKind.RETURN: "battlefield",
    CostKind.REVEAL: "hand",
    CostKind.EXILE: "battlefield",
    CostKind.EXILE_FROM_HAND: "hand",
}


def target_candidates(act: Activation, spec: TargetSpec) -> tuple[tuple[str, ...], Shielded]:
    """Legal choices for one target, X unbound (CR 115, 601.2c), and the permanents
    that fit it but can't be targeted. Cached per state and source characteristics
    (protection looks at them)."""
    cache: dict[object, tuple[tuple[str, ...], Shielded]] = \
        act.state.__dict__.setdefault("_activation_target_candidates", {})
    key = (spec, act.you, act.source_key(spec.filter), act.source_chars)
    hit = cache.get(key)
    if hit is None:
        hit = _target_candidates(act, spec)
        cache[key] = hit
    return hit


def _target_candidates(act: Activation, spec: TargetSpec) -> tuple[tuple[str, ...], Shielded]:
    st = act.state
    out: list[str] = []
    shielded: list[tuple[str, str, str]] = []
    chars = effective(st)
    if spec.zone == "stack":
        for item in st.stack:
            if spec.spell and not item.is_spell:
                continue  # an ability on the stack is not a spell
            if act.matches(spec.filter, item.id):
                out.append(item.id)
    elif spec.zone in ("battlefield", "any", "player_or_planeswalker"):
        # "target player or planeswalker", "target opponent or planeswalker": the filter
        # is the player's; any planeswalker will do (CR 115.1).
        flt = ObjectFilter() if spec.zone == "player_or_planeswalker" else spec.filter
        for perm in st.permanents:
            c = chars[perm.id]
            if spec.zone == "any" and not c.types & {"Creature", "Planeswalker", "Battle"}:
                continue  # CR 115.4: "any target"
            if spec.zone == "player_or_planeswalker" and "Planeswalker" not in c.types:
                continue
            if not matches(flt, c, perm, st, act.you, act.source_id):
                continue
            # CR 702.18a shroud, 702.11b/d hexproof, 702.16b/j protection.
            why = untargetable_reason(c.keywords, perm.controller, act.source_chars,
                                      act.you)
            if why is not None:
                shielded.append((perm.id, *why))
                continue
            out.append(perm.id)
    elif spec.zone == "graveyard":
        for p in st.players:
            for card in p.graveyard:
                if act.matches(spec.filter, card.id):
                    out.append(card.id)
    if spec.zone in ("player", "any", "player_or_planeswalker"):
        for p in st.players:
            ctl = spec.filter.controller
            if ctl == "you" and p.name != act.you:
                continue
            if ctl == "opponent" and p.name == act.you:
                continue
            # CR 702.11c, 702.18a: a player with hexproof or shroud ("You have hexproof.")
            why = untargetable_reason(player_keywords(st, p.name), p.name,
                                      act.source_chars, act.you)
            if why is not None:
                rule = "702.11c" if why[1] == "hexproof" else why[0]  # (on a player)
                shielded.append((p.name, rule, why[1]))
                continue
            out.append(p.name)
    return tuple(out), tuple(shielded)


def player_keywords(state: GameState, player: str) -> tuple[str, ...]:
    """The keywords ``player`` has from the permanents they control ("You have
    hexproof.", Witchbane Orb; CR 109.5: "you" is the controller; a static ability works
    while its permanent has it, layer 6)."""
    chars = effective(state)
    return tuple(str(k) for perm in state.permanents if perm.controller == player
                 for ab in chars[perm.id].abilities
                 if isinstance(ab, StaticAbility) and ab.kind == "other"
                 for k in _as_list(ab.params.get("player_keywords")))


def _as_list(v: object) -> tuple[object, ...]:
    return tuple(v) if isinstance(v, list | tuple) else ()


def cost_candidates(act: Activation, part: CostPart) -> tuple[str, ...]:
    """Objects that could pay one object-choosing cost part (CR 118.3)."""
    cache: dict[object, tuple[str, ...]] = act.state.__dict__.setdefault(
        "_activation_candidates", {})
    key = ("cost", part.kind, part.filter, act.you, act.source_key(part.filter))
    raw = cache.get(key)
    if raw is None:
        raw = _cost_candidates(act, part)
        cache[key] = raw
    # The source is already spoken for when another part of the cost uses it.
    if part.kind in (CostKind.SACRIFICE, CostKind.EXILE, CostKind.RETURN):
        taken = act.has_sacrifice_self or act.has_return_self or (
            act.has_exile_self and act.is_permanent)
    elif part.kind in (CostKind.TAP_UNTAPPED, CostKind.TAP_TOTAL_POWER):
        taken = act.ab.tap or act.ab.untap
    elif part.kind in (CostKind.DISCARD, CostKind.REVEAL, CostKind.EXILE_FROM_HAND):
        taken = act.has_exile_self or act.has_discard_self
    else:
        taken = act.has_exile_self
    if taken and act.source_id in raw:
        return tuple(o for o in raw if o != act.source_id)
    return raw


def _cost_candidates(act: Activation, part: CostPart) -> tuple[str, ...]:
    st = act.state
    me = st.player(act.you)
    flt = part.filter
    out: list[str] = []
    tapping = (CostKind.TAP_UNTAPPED, CostKind.TAP_TOTAL_POWER)
    if part.kind in (CostKind.SACRIFICE, CostKind.EXILE, CostKind.RETURN, *tapping):
        chars = effective(st)
        for perm in me.battlefield:
            if part.kind in tapping and perm.tapped:
                continue
            if matches(flt, chars[perm.id], perm, st, act.you, act.source_id):
                out.append(perm.id)
    elif part.kind in (CostKind.DISCARD, CostKind.REVEAL, CostKind.EXILE_FROM_HAND):
        for card in me.hand:
            if act.matches(flt, card.id):
                out.append(card.id)
    elif part.kind is CostKind.EXILE_FROM_GRAVEYARD:
        # "from your graveyard" is written as controller: you; otherwise any graveyard.
        for p in st.players:
            for card in p.graveyard:
                if act.matches(flt, card.id):
                    out.append(card.id)
    return tuple(out)


def variables(act: Activation) -> tuple[list[Var], dict[TargetSpec, Shielded]]:
    """One variable per target, then one per object-choosing cost part, in the
    ability's order; and per target the permanents it can't target (CR 601.2c)."""
    out: list[Var] = []
    untargetable: dict[TargetSpec, Shielded] = {}
    for i, spec in enumerate(act.ab.targets):
        found, untargetable[spec] = target_candidates(act, spec)
        out.append(Var(f"target{i}", "target", i, found,
                       spec.count,
                       spec.filter,
                       spec.text or "target " + describe_filter(spec.filter,
                                                                 zone_noun(spec.zone)),
                       spec.up_to))
    for i, part in enumerate(act.ab.costs):
        if part.kind in CHOOSING:
            noun = "card" if CHOOSING[part.kind] != "battlefield" else "permanent"
            out.append(Var(f"cost{i}", part.kind.value, i, cost_candidates(act, part),
                           part.count, part.filter, cost_label(part, noun)))
    return out, untargetable
