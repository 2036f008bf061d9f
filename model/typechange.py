"""Layer 4 (types) and layer 6 (abilities), each in dependency and timestamp order, and
the layer 7b power and toughness a type change sets.

Layer 4 holds three kinds of effect: land-type effects ("Nonbasic lands are
Mountains", Blood Moon; "Each land is a Swamp in addition to its other land types",
Urborg), the Theros gods' "isn't a creature" and type changes ("Each noncreature
artifact is an artifact creature with power and toughness each equal to its mana
value", March of the Machines; "All permanents are artifacts in addition to their other
types", Mycosynth Lattice; "Enchanted permanent is a colorless land ... and loses all
other card types and abilities", Imprisoned in the Moon). They are applied one by one
(:func:`layer4`): each time the earliest effect that depends on no other one still to
apply (CR 613.8a: applying the other would remove it, or change what it applies to),
in a loop the earliest (613.8b). Layer 6 (:func:`layer6`) does the same with
abilities granted and abilities removed.

A type change is one effect in several layers: the objects it applies to are found in
layer 4 and it applies to the same ones in layers 5, 6 and 7b (CR 613.6), so
:func:`layer4` returns them.

Rules
-----
CR 613.1d, 613.1f: layers 4 and 6. CR 613.4b: layer 7b. CR 613.6: the same set of
objects in every layer. CR 613.7, 613.8a-b: timestamp order, and dependency. CR 205.1a:
an effect that sets card types replaces the others, and the subtypes of the card types
lost go too; 205.3i: land types; 205.4b: supertypes stay. CR 305.7: a land whose land
type is set loses its old land types and its rules-text abilities. CR 208.3: a
noncreature permanent has no power or toughness. CR 700.5: devotion.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .abilities import Params, StaticAbility
from .mana import parse_mana_types
from .matching import Characteristics, matches
from .state import ContinuousEffect, GameState, Permanent

__all__ = ["LAND_TYPES", "Layer4", "devotion", "layer4", "layer6", "layer7b_set"]

Source = Permanent | ContinuousEffect
Effect = tuple[Source, StaticAbility]
Chars = dict[str, Characteristics]
#: What an effect applies to now, given the characteristics and the objects that lost
#: their abilities so far.
Targets = Callable[[Effect, Mapping[str, Characteristics], set[str]], frozenset[str]]
Apply = Callable[[Effect, Chars, set[str], frozenset[str]], None]

#: CR 205.3i: the land types (Urza's as card data spells it either way).
LAND_TYPES = frozenset({"Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine",
                        "Mountain", "Plains", "Planet", "Power-Plant", "Sphere", "Swamp",
                        "Tower", "Town", "Urza's", "Urza\u2019s"})


def devotion(state: GameState, player: str, colors: str) -> int:
    """CR 700.5, 700.5a: the mana symbols among the mana costs of the permanents
    ``player`` controls that are of one of ``colors`` ("{G}{U}"); a hybrid symbol of two
    of them counts once."""
    wanted = set(parse_mana_types(colors))
    n = 0
    for perm in state.player(player).battlefield:
        cost = perm.card.mana_cost
        if cost is not None:
            n += sum(1 for s in cost if set(s.colors) & wanted)
    return n


def in_order(effects: Sequence[Effect], chars: Chars, gone: set[str], targets: Targets,
             apply: Apply) -> list[tuple[Effect, frozenset[str]]]:
    """Applies ``effects`` (in timestamp order) to ``chars``: each time the first one
    that depends on none of the others still to apply (CR 613.8a), else the first
    (613.8b). An effect whose source is in ``gone`` (it lost its abilities) no longer
    exists. Returns each effect applied with the objects it applied to."""
    done: list[tuple[Effect, frozenset[str]]] = []
    pending = list(effects)
    while True:
        pending = [e for e in pending if e[0].id not in gone]
        if not pending:
            return done
        eff = pending[0]
        if len(pending) > 1:
            eff = next((b for b in pending
                        if not _depends(b, pending, chars, gone, targets, apply)), eff)
        pending.remove(eff)
        now = targets(eff, chars, gone)
        apply(eff, chars, gone, now)
        done.append((eff, now))


def _depends(b: Effect, pending: list[Effect], chars: Chars, gone: set[str],
             targets: Targets, apply: Apply) -> bool:
    """CR 613.8a: whether applying another pending effect would remove ``b`` (take its
    source's abilities) or change what it applies to."""
    mine: frozenset[str] | None = None
    for a in pending:
        if a is b:
            continue
        trial, trial_gone = dict(chars), set(gone)
        apply(a, trial, trial_gone, targets(a, chars, gone))
        if b[0].id in trial_gone:
            return True
        if mine is None:
            mine = targets(b, chars, gone)
        if targets(b, trial, trial_gone) != mine:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Layer4:
    """What layer 4 leaves for the later layers: ``lost``, the permanents whose
    rules-text abilities a land-type effect removed (CR 305.7); ``set_pt``, the power
    and toughness layer 7b gives (CR 613.4b); ``changes``, each type change applied,
    with the objects it applies to in every layer (CR 613.6), in the order applied."""

    lost: set[str]
    set_pt: dict[str, int | str]
    changes: list[tuple[Effect, frozenset[str]]]


def layer4(state: GameState, chars: Chars, perms: Sequence[Permanent],
           effects: Sequence[Effect]) -> Layer4:
    """Layer 4 (CR 613.1d): land-type effects, the gods' "isn't a creature" and type
    changes (``effects``, in timestamp order), in dependency order (:func:`in_order`).

    The land-type effects apply to lands only; one that sets a land type removes the
    old land types and the rules-text abilities (CR 305.7). A type change adds
    ``add_types`` or sets ``set_types`` (CR 205.1a: the subtypes of the card types
    lost go, the supertypes stay, 205.4b; a noncreature has no power or toughness,
    208.3)."""
    def targets(eff: Effect, now: Mapping[str, Characteristics], gone: set[str]
                ) -> frozenset[str]:
        src, ab = eff
        if ab.kind == "other":  # a god's own "isn't a creature" (CR 700.5)
            need = ab.params.get("not_creature_unless_devotion")
            return frozenset({src.id}) if isinstance(need, Params) and src.id in now and \
                devotion(state, src.controller, str(need.get("colors", ""))) \
                < need.int("count") else frozenset()
        return frozenset(p.id for p in perms
                         if (ab.kind != "land_types" or now[p.id].is_land)
                         and matches(ab.affected, now[p.id], p, state, src.controller,
                                     src.id))

    # Objects with the same characteristics share one result (lands of one card do;
    # the trials of :func:`_depends` apply the same effects again).
    done: dict[tuple[int, int], tuple[Characteristics, Characteristics]] = {}

    def apply(eff: Effect, now: Chars, gone: set[str], ids: frozenset[str]) -> None:
        ab = eff[1]
        for pid in ids:
            c = now[pid]
            hit = done.get((id(c), id(ab)))
            if hit is None or hit[0] is not c:
                hit = done[(id(c), id(ab))] = (c, _changed(c, ab))
            now[pid] = hit[1]
            if ab.set_subtypes:
                gone.add(pid)

    lost: set[str] = set()
    changes = [(e, t) for e, t in in_order(effects, chars, lost, targets, apply)
               if e[1].kind == "type_change"]
    set_pt: dict[str, int | str] = {}
    for (_, ab), ids in changes:  # (in the order applied: the latest last, CR 613.4b)
        if ab.set_power_toughness is not None:
            set_pt.update(dict.fromkeys(ids, ab.set_power_toughness))
    return Layer4(lost, set_pt, changes)


def _changed(c: Characteristics, ab: StaticAbility) -> Characteristics:
    """An object's characteristics with one layer-4 effect applied to it."""
    if ab.kind == "land_types":
        if ab.set_subtypes:  # CR 305.7
            c = replace(c, subtypes=frozenset(s for s in c.subtypes if s not in LAND_TYPES)
                        | frozenset(ab.set_subtypes), abilities=(), activated=(),
                        lost_abilities=True)
        if ab.add_subtypes:
            c = replace(c, subtypes=c.subtypes | frozenset(ab.add_subtypes))
        return c
    if ab.kind == "other":  # a god (CR 208.3: no power or toughness)
        return replace(c, types=c.types - {"Creature"}, power=None, toughness=None)
    if ab.set_types:
        # CR 205.1a: only Land is set (model.carddata), so only land types stay.
        types = frozenset(ab.set_types)
        c = replace(c, types=types, subtypes=frozenset(
            s for s in c.subtypes if "Land" in types and s in LAND_TYPES))
        if "Creature" not in types:
            c = replace(c, power=None, toughness=None)
    if ab.add_types and not frozenset(ab.add_types) <= c.types:
        c = replace(c, types=c.types | frozenset(ab.add_types))
    return c


def layer6(state: GameState, chars: Chars, perms: Sequence[Permanent], lost: set[str],
           grants: Sequence[Effect], changes: Sequence[tuple[Effect, frozenset[str]]],
           order: Mapping[str, int]) -> None:
    """Layer 6 (CR 613.1f): activated abilities and keywords granted (``grants``, from
    sources that still have them), and type changes' "loses all abilities" and granted
    ability, applied to the objects found in layer 4 (``changes``, CR 613.6). In timestamp
    order, except that an effect whose source would lose its abilities, or whose
    objects would change, waits for the effect that does it (CR 613.8a). An object that
    loses all its abilities loses its intrinsic ones too (CR 305.6: they are abilities;
    Imprisoned in the Moon's ruling: a Plains can't tap for {W}) and its keywords."""
    fixed = {(e[0].id, id(e[1])): ids for e, ids in changes}
    effects = sorted([*grants, *(e for e, _ in changes
                                 if e[1].lose_abilities or e[1].granted is not None)],
                     key=lambda e: order[e[0].id])

    def targets(eff: Effect, now: Mapping[str, Characteristics], gone: set[str]
                ) -> frozenset[str]:
        src, ab = eff
        if ab.kind == "type_change":
            return fixed[(src.id, id(ab))]
        if ab.self_only and ab.affected.is_empty:
            # "CARDNAME has first strike", "As long as it's your turn, ..." (its own)
            mine = ab.params.get("during") != "your_turn" or \
                state.turn.active_player == src.controller
            return frozenset({src.id}) if mine and src.id in now else frozenset()
        return frozenset(p.id for p in perms if matches(ab.affected, now[p.id], p, state,
                                                        src.controller, src.id))

    def apply(eff: Effect, now: Chars, gone: set[str], ids: frozenset[str]) -> None:
        ab = eff[1]
        for pid in ids:
            c = now[pid]
            if ab.lose_abilities:
                c = replace(c, abilities=(), activated=(), keywords=frozenset(),
                            lost_abilities=True)
                gone.add(pid)
            if ab.granted is not None:
                c = replace(c, activated=(*c.activated, ab.granted),
                            abilities=(*c.abilities, ab.granted))
            kws = ab.params.get("grant_keywords")
            if isinstance(kws, tuple):
                c = replace(c, keywords=c.keywords | frozenset(str(k) for k in kws))
            now[pid] = c

    if not any(e[1].lose_abilities or e[1].affected.keywords or e[1].affected.not_keywords
               for e in effects):
        # Granting only adds activated abilities and keywords, which no effect's
        # existence or objects depend on (no filter reads keywords): timestamp order
        # (CR 613.7).
        for eff in effects:
            if eff[0].id not in lost:
                apply(eff, chars, set(), targets(eff, chars, lost))
        return
    in_order(effects, chars, set(lost), targets, apply)


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
