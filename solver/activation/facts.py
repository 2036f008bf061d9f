"""What the board's mana abilities could do to objects, computed once per game state.

The payment glue (:mod:`.paying`) asks these to decide which objects kept out of a
payment matter, and which payments could clash with a cost: objects that could be mana
sources, whether any mana is restricted, permanents a mana ability could sacrifice or
exile (Lotus Petal, Treasure, Ashnod's Altar), and permanents a mana ability could tap
as a cost (Springleaf Drum). Each answer is cached on the state.

Rules
-----
CR 106.6: a spending restriction makes what the mana is for matter. CR 601.2g: mana
abilities are activated before costs are paid, so what a cost taps, sacrifices or
exiles can clash with a mana ability that would tap, sacrifice or exile it too
(CR 107.5: a tapped permanent can't be tapped again).
"""

from __future__ import annotations

from manacheck.model import CostKind, GameState, ObjectFilter, effective, matches

__all__ = ["looks_at_source", "mana_facts", "self_spenders", "tap_sensitive"]


def mana_facts(state: GameState) -> tuple[frozenset[str], bool]:
    """Objects that could be mana sources, and whether any mana carries a spending
    restriction (only then does what the mana is for matter, CR 106.6). Cached."""
    hit = state.__dict__.get("_activation_mana_facts")
    if hit is None:
        sources: set[str] = set()
        restricted = any(getattr(m, "restriction", None) is not None
                         for p in state.players for m in p.mana_pool.entries)
        chars = effective(state)
        for perm in state.permanents:
            c = chars[perm.id]
            for ab in c.activated:
                if ab.mana is not None:
                    sources.add(perm.id)
                    restricted = restricted or ab.mana.restriction is not None
            for trig in perm.card.triggered_abilities:
                if trig.mana is not None and trig.mana.restriction is not None:
                    restricted = True
        for p in state.players:
            for card in (*p.hand, *p.graveyard):
                for ab in card.card.activated_abilities:
                    if ab.mana is not None:
                        sources.add(card.id)
                        restricted = restricted or ab.mana.restriction is not None
        hit = (frozenset(sources), restricted)
        state.__dict__["_activation_mana_facts"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def looks_at_source(flt: ObjectFilter) -> bool:
    """Whether the filter's answer depends on which object is looking ("another",
    "the chosen creature type", "of the chosen color", "enchanted")."""
    return bool(flt.another or flt.chosen_creature_type or flt.chosen_color
                or getattr(flt, "enchanted", False))


def self_spenders(state: GameState) -> frozenset[str]:
    """Permanents with a mana ability that sacrifices or exiles them (Lotus Petal,
    Treasure), and those a sacrifice outlet's mana ability could sacrifice (Ashnod's
    Altar). Only for these can a payment clash with a cost that sacrifices or exiles
    them (see :class:`.paying.Payer`). Cached."""
    hit = state.__dict__.get("_activation_self_spenders")
    if hit is None:
        chars = effective(state)
        spenders = {
            perm.id for perm in state.permanents for ab in chars[perm.id].activated
            if ab.is_mana_ability and any(c.kind in (CostKind.SACRIFICE_SELF, CostKind.EXILE_SELF)
                                          for c in ab.costs)}
        # And what a sacrifice outlet's mana ability (Ashnod's Altar) could sacrifice.
        for src in state.permanents:
            for ab in chars[src.id].activated:
                if not ab.is_mana_ability:
                    continue
                for c in ab.costs:
                    if c.kind is CostKind.SACRIFICE:
                        spenders.update(
                            p.id for p in state.permanents if p.controller == src.controller
                            and matches(c.filter, chars[p.id], p, state, src.controller,
                                        src.id))
        hit = frozenset(spenders)
        state.__dict__["_activation_self_spenders"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def tap_sensitive(state: GameState) -> frozenset[str]:
    """Permanents some mana ability could tap as a cost other than its own {T}
    (Springleaf Drum's "Tap an untapped creature you control"). Cached."""
    hit = state.__dict__.get("_activation_tap_sensitive")
    if hit is None:
        chars = effective(state)
        # (the source matters only to a filter that looks at it: "another creature")
        flts = list(dict.fromkeys(
            (perm.controller, perm.id if looks_at_source(part.filter) else None, part.filter)
            for perm in state.permanents for ab in chars[perm.id].activated
            if ab.mana is not None
            for part in ab.costs if part.kind is CostKind.TAP_UNTAPPED))
        hit = frozenset(p.id for p in state.permanents
                        for ctl, src, flt in flts
                        if p.controller == ctl and matches(flt, chars[p.id], p, state, ctl, src))
        state.__dict__["_activation_tap_sensitive"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]
