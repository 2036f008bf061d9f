"""Layer 4 card-type changes and the layer 7b power and toughness they set.

"Each noncreature artifact is an artifact creature with power and toughness each equal
to its mana value" (March of the Machines) is one effect in two layers: the objects it
applies to are found in layer 4 (:func:`layer4_type_changes`) and get their power and
toughness in layer 7b (:func:`layer7b_set`). :func:`~.layers.compute` calls both.

Rules
-----
CR 613.1d: layer 4, type-changing effects. CR 613.4b: layer 7b, effects that set power
and toughness. CR 613.6: an effect that begins to apply in one layer applies to the
same set of objects in the later ones. CR 613.7, 613.8a-b: timestamp order, and
dependency. CR 208.3: a noncreature permanent has no power or toughness.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .abilities import StaticAbility
from .matching import Characteristics, matches
from .state import ContinuousEffect, GameState, Permanent

__all__ = ["layer4_type_changes", "layer7b_set"]

Source = Permanent | ContinuousEffect


def layer4_type_changes(state: GameState, chars: dict[str, Characteristics],
                         perms: Sequence[Permanent], lost: set[str],
                         effects: list[tuple[Source, StaticAbility]]
                         ) -> dict[str, int | str]:
    """Layer 4 (CR 613.1d): "each noncreature artifact is an artifact creature" (March of
    the Machines): the ``affected`` objects gain ``add_types``. Applied after the
    land-type and the gods' effects, which can change what such an effect applies to
    (whether an object is a creature) but not the other way round (none of these adds
    or removes Land, which a land-type effect looks at; CR 613.8a); among themselves in
    timestamp order (CR 613.7), except that one whose application changes what another
    applies to goes first (CR 613.8a; in a loop, timestamp order, 613.8b). Returns, for
    layer 7b, the power and toughness each affected object gets (CR 613.6: an effect
    that began to apply in layer 4 applies in 7b to the same objects; the latest
    timestamp last, CR 613.4b)."""
    def applies(eff: tuple[Source, StaticAbility], now: Mapping[str, Characteristics]
                ) -> frozenset[str]:
        src, ab = eff
        return frozenset(p.id for p in perms
                         if matches(ab.affected, now[p.id], p, state, src.controller, src.id))

    def apply(eff: tuple[Source, StaticAbility], now: dict[str, Characteristics]) -> None:
        add = frozenset(eff[1].add_types)
        for pid in applies(eff, now):
            c = now[pid]
            if not add <= c.types:
                now[pid] = replace(c, types=c.types | add)

    set_pt: dict[str, int | str] = {}
    pending = [e for e in effects if e[0].id not in lost]
    while pending:
        def depends(b: tuple[Source, StaticAbility]) -> bool:
            for a in pending:
                if a is b:
                    continue
                trial = dict(chars)
                apply(a, trial)
                if applies(b, trial) != applies(b, chars):
                    return True
            return False

        free = [e for e in pending if not depends(e)] if len(pending) > 1 else pending
        eff = (free or pending)[0]
        pending.remove(eff)
        pt = eff[1].set_power_toughness
        if pt is not None:
            for pid in applies(eff, chars):
                set_pt[pid] = pt
        apply(eff, chars)
    return set_pt


def layer7b_set(chars: dict[str, Characteristics], set_pt: Mapping[str, int | str]) -> None:
    """Layer 7b (CR 613.4b): power and toughness set to a number, or each to the object's
    own mana value (March of the Machines; CR 202.3: X is 0 on the battlefield), before
    the counters and the changes of 7c."""
    for pid, pt in set_pt.items():
        c = chars[pid]
        if not c.is_creature:
            continue  # CR 208.3: a noncreature has no power or toughness
        n = c.mana_value if pt == "mana_value" else int(pt)
        if c.power != n or c.toughness != n:
            chars[pid] = replace(c, power=n, toughness=n)
