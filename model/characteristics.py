"""Effective characteristics of objects, and whether an object matches a filter.

:func:`effective` gives every permanent's characteristics with the continuous effects
applied (the layers are in :mod:`.layers`), cached per state and, for a state that
differs from a recent one in a few permanents, computed again only for what could
have changed (:func:`~.layers.derive`). :func:`full_characteristics` always computes
everything. The printed characteristics and :func:`matches` are in :mod:`.matching`
and re-exported here.

Rules
-----
CR 613.1: the layers; CR 613.7: timestamp order; CR 613.8: dependency (see
:mod:`.layers`). CR 302.6, 702.10c: summoning sickness and haste
(:func:`tap_abilities_blocked`). CR 613.1e: color-setting effects that reach beyond the
battlefield (:func:`object_characteristics`).
"""

from __future__ import annotations

import itertools
import operator
from collections import deque
from collections.abc import Mapping

from .abilities import StaticAbility
from .layers import (
    Layered,
    Source,
    changed,
    color_set,
    compute,
    derive,
    devotion,
    record,
    statics,
    timestamps,
)
from .matching import Characteristics, bind_restriction, characteristics, matches, printed
from .state import GameState, Permanent, StackItem

__all__ = ["Characteristics", "bind_restriction", "changed_permanents", "characteristics",
           "devotion", "effective",
           "full_characteristics", "matches", "object_characteristics",
           "off_battlefield_colors", "order_sensitive",
           "printed", "tap_abilities_blocked", "timestamps"]


def effective(state: GameState) -> Mapping[str, Characteristics]:
    """Characteristics of every permanent on the battlefield, effects applied, keyed by
    id (in no particular order: look them up by id).

    Cached per state object. A state seen for the first time is derived from a recently
    computed one when that is exact (:func:`derive`): only the permanents that differ
    between the two are computed again; otherwise every permanent is computed
    (:func:`compute`). Either way the answer is the same.

    Rules
    -----
    CR 613.1: the layers, applied by :func:`compute`. CR 613.7, 613.8: timestamp order
    and dependency, which :func:`derive` keeps exact by computing again every object
    whose characteristics could depend on what changed.
    """
    cache: dict[str, Characteristics] | None = state.__dict__.get("_effective_cache")
    if cache is None:
        layered = derive(state, reversed(list(_RECENT)))
        if layered is None:
            layered = record(state, compute(state))
        cache = layered.chars
        state.__dict__["_effective_cache"] = cache
        state.__dict__["_layered"] = layered
        _RECENT.append((state, layered))
    return cache


def changed_permanents(old: GameState, new: GameState) -> tuple[Permanent, ...]:
    """The permanents of ``new``, in battlefield order, that ``old`` doesn't have, or
    whose permanent object (counters, tapped, controller, ...) or characteristics
    differ from ``old``'s. Every other permanent of ``new`` is the very object ``old``
    has, with the very same characteristics: whatever depends only on a permanent and
    its characteristics (a state-based action, CR 704.5f, 704.5q) is the same for it
    in both states.

    Rules
    -----
    CR 613.1: the characteristics compared are :func:`effective`'s.
    """
    effective(old)
    effective(new)
    ids = changed(old.__dict__["_layered"], new.__dict__["_layered"])
    if not ids:
        return ()
    perms = new.permanents
    return tuple(itertools.compress(perms, map(ids.__contains__, map(_ID, perms))))


def full_characteristics(state: GameState) -> dict[str, Characteristics]:
    """Every permanent's characteristics computed from nothing, never derived from
    another state's (the reference :func:`effective` is checked against).

    Rules
    -----
    CR 613.1: the layers (see :func:`compute`).
    """
    return compute(state)


def order_sensitive(state: GameState) -> tuple[tuple[str, str], ...]:
    """Pairs of layer-4 type-changing effects whose order the state file doesn't fix (no
    ``timestamp`` on either) and whose order changes some permanent's characteristics
    (Blood Moon and Prismatic Omen on a Tundra; Mycosynth Lattice and Imprisoned in the
    Moon on a creature): the answers then rest on the file's
    order, which is only the default (CR 613.7)."""
    hit: tuple[tuple[str, str], ...] | None = state.__dict__.get("_order_sensitive")
    if hit is not None:
        return hit
    everything: list[Source] = [*state.permanents, *state.effects]
    order = timestamps(state)
    sources = list(dict.fromkeys(p.id for p, _ in sorted(
        [*statics(everything, "land_types", order), *statics(everything, "type_change", order)],
        key=lambda e: order[e[0].id]) if p.timestamp is None))
    found = []
    if len(sources) > 1:
        base = effective(state)
        for i, a in enumerate(sources):
            for b in sources[i + 1:]:
                if compute(state, (a, b)) != base:
                    found.append((a, b))
    hit = tuple(found)
    state.__dict__["_order_sensitive"] = hit
    return hit


_ID = operator.attrgetter("id")
#: The states whose characteristics were computed last, to derive new ones from. A
#: derivation is exact whichever state it starts from (it compares the permanents
#: object by object), so sharing these between callers (and threads) is safe; they are
#: only a guess at the state a new one was made from.
_RECENT: deque[tuple[GameState, Layered]] = deque(maxlen=2)


def object_characteristics(state: GameState, object_id: str) -> Characteristics:
    """Effective characteristics of a permanent; of anything else, printed ones with the
    color-setting effects that reach beyond the battlefield (Celestial Dawn: "spells you
    control and nonland cards you own that aren't on the battlefield", CR 613.1e)."""
    obj = state.get(object_id)
    if isinstance(obj, Permanent):
        return effective(state)[obj.id]
    base = characteristics(obj)
    who = obj.controller if isinstance(obj, StackItem) else obj.owner
    for controller, ab in _off_battlefield_colors(state):
        # "Spells you control and nonland cards you own" (Celestial Dawn); with no
        # controller, every player's ("All cards that aren't on the battlefield,
        # spells, and permanents are colorless", Mycosynth Lattice).
        mine = ab.affected.controller is None or (ab.affected.controller == "you") == (
            controller == who)
        if mine and not ab.affected.not_types & base.types:
            base = Characteristics(
                base.name, base.supertypes, base.types, base.subtypes,
                color_set(str(ab.params.get("set_color"))),
                base.keywords, base.abilities, base.activated, base.power,
                base.toughness, base.mana_value, base.lost_abilities)
    return base


def off_battlefield_colors(state: GameState) -> tuple[tuple[str, StaticAbility], ...]:
    """(controller, effect) for each color-setting effect on the battlefield that also
    reaches spells and cards in other zones, in timestamp order (CR 613.1e, 613.7):
    with :func:`characteristics`, all that :func:`object_characteristics` reads of an
    object off the battlefield. Cached per state."""
    return _off_battlefield_colors(state)


def _off_battlefield_colors(state: GameState) -> tuple[tuple[str, StaticAbility], ...]:
    """(controller, effect) for each color-setting effect that also reaches spells and
    cards in other zones, in timestamp order (CR 613.7; once per state)."""
    hit: tuple[tuple[str, StaticAbility], ...] | None = state.__dict__.get("_off_bf_colors")
    if hit is None:
        chars = effective(state)
        order = timestamps(state)
        hit = tuple((src.controller, ab) for src in sorted(state.permanents,
                                                           key=lambda p: order[p.id])
                    for ab in chars[src.id].abilities
                    if isinstance(ab, StaticAbility) and ab.params.get("set_color") is not None
                    and ab.params.get("off_battlefield") is True)
        state.__dict__["_off_bf_colors"] = hit
    return hit


def _as_though_haste(state: GameState) -> frozenset[str]:
    """Permanents whose controller may activate their abilities as though they had
    haste (Thousand-Year Elixir: "creatures you control"). Cached per state."""
    hit = state.__dict__.get("_as_though_haste")
    if hit is None:
        chars = effective(state)
        found: set[str] = set()
        for src in state.permanents:
            for ab in chars[src.id].abilities:
                if isinstance(ab, StaticAbility) and ab.params.get("activate_as_though_haste"):
                    found.update(p.id for p in state.permanents
                                 if matches(ab.affected, chars[p.id], p, state,
                                            src.controller, src.id))
        hit = frozenset(found)
        state.__dict__["_as_though_haste"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def activation_prohibited_by(state: GameState, perm: Permanent, is_mana_ability: bool
                             ) -> Permanent | None:
    """The permanent whose static forbids activating ``perm``'s activated abilities
    ("Activated abilities of artifacts can't be activated.", Null Rod), or None.

    A mana ability is an activated ability (CR 605.1a): such a static stops it too,
    unless it says "unless they're mana abilities" (``cant_activate: nonmana``). The
    objects it names are matched with their characteristics after the layers; "your
    opponents" are its controller's (CR 109.5). CR 602.5: a player can't begin to
    activate a prohibited ability.
    """
    chars = effective(state)
    for source, ab, mode in _activation_bans(state):
        if mode == "nonmana" and is_mana_ability:
            continue
        if ab.params.get("named") == "chosen":
            if _named(source, perm.name):
                return source
        elif matches(ab.affected, chars[perm.id], perm, state, source.controller, source.id):
            return source
    return None


def named_activation_ban(state: GameState, name: str, is_mana_ability: bool
                         ) -> Permanent | None:
    """The permanent whose static forbids activating the abilities of every object named
    ``name`` in any zone ("Activated abilities of sources with the chosen name can't be
    activated", Pithing Needle: its ruling, "affects cards regardless of what zone
    they're in"; CR 602.5), or None. Without a name chosen it names nothing."""
    for source, ab, mode in _activation_bans(state):
        if mode == "nonmana" and is_mana_ability:
            continue
        if ab.params.get("named") == "chosen" and _named(source, name):
            return source
    return None


def _named(source: Permanent, name: str) -> bool:
    """Whether ``name`` is the card name chosen for ``source`` as it entered (CR 614.12;
    a double-faced card's name is its front face's here, CR 712.8a)."""
    chosen = source.choice("name")
    return chosen is not None and chosen.lower() == name.lower()


def _activation_bans(state: GameState) -> tuple[tuple[Permanent, StaticAbility, object], ...]:
    """(source, static, mode) for each static on the battlefield that forbids
    activating abilities ("cant_activate"), in battlefield order. Cached per state:
    :func:`activation_prohibited_by` is asked once per mana source and activation."""
    hit: tuple[tuple[Permanent, StaticAbility, object], ...] | None = \
        state.__dict__.get("_activation_bans")
    if hit is None:
        chars = effective(state)
        hit = tuple((source, ab, _ban_mode(ab))
                    for source in state.permanents for ab in chars[source.id].abilities
                    if isinstance(ab, StaticAbility) and ab.kind == "other"
                    and _ban_mode(ab) is not None)
        state.__dict__["_activation_bans"] = hit
    return hit


def _ban_mode(ab: StaticAbility) -> object:
    """A prohibition's mode ("all" or "nonmana"), or None: "Activated abilities of
    artifacts can't be activated." and Arrest's, which also names combat."""
    return ab.params.get("cant_activate") or ab.params.get("cant_activate_attack_block")


def tap_abilities_blocked(state: GameState, perm: Permanent) -> bool:
    """CR 302.6: a creature's {T} and {Q} abilities can't be activated unless it has been
    under its controller's control continuously since their most recent turn began,
    unless it has haste (702.10c) or an effect lets its controller activate its
    abilities as though it had haste (Thousand-Year Elixir). Noncreatures are exempt."""
    c = effective(state)[perm.id]
    return (c.is_creature and perm.summoning_sick and not c.has_haste
            and perm.id not in _as_though_haste(state))
