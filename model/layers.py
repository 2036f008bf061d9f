"""The layers (CR 613): every permanent's characteristics, all of them or some.

:func:`compute` applies the continuous effects layer by layer to the printed
characteristics (:func:`~.matching.printed`): to every permanent, or to a
:class:`Scope` (some permanents, with every layer source). :func:`record` keeps what a
state's characteristics were computed from (:class:`Layered`); :func:`derive` computes
a new state's from a recorded one, again only for what differs, when that is exact.

Only the layers that mana and activation questions need are applied: type-changing
effects (layer 4: land types, the gods' "isn't a creature", card types added or set;
:mod:`.typechange`), color-setting effects (layer 5), ability-adding and -removing
effects (layer 6, :mod:`.typechange`), keyword counters, power and toughness set to a
value (layer 7b) and changed by +1/+1 and -1/-1 counters and static "get +N/+N"
effects (layer 7c).

Rules
-----
CR 305.6: each basic land type gives an intrinsic "{T}: Add [mana]" ability.
CR 305.7: an effect that sets a land's subtype to a basic land type removes its old
land types and the abilities from its rules text, and gives the new intrinsic ones.
CR 613.1d, 613.1e, 613.1f: layers 4 (type), 5 (color) and 6 (abilities); within a
layer, in timestamp order (613.7), except that an effect whose existence or objects
depend on another is applied after it (613.8). An effect in several layers applies to
the objects found in the first (613.6). Timestamps follow the state file's order (players
in order, then their battlefields in order) unless the file gives them.
CR 122.1b: keyword counters grant keywords. CR 613.4c: counters and "get +N/+N"
effects change power and toughness. CR 700.5: devotion.
"""

from __future__ import annotations

import itertools
import operator
import weakref
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .abilities import Ability, Params, StaticAbility
from .cards import BASIC_LAND_TYPES, CardDefinition, intrinsic_mana_ability
from .mana import ManaType, parse_mana_types
from .matching import Characteristics, matches, printed
from .state import KEYWORD_COUNTERS, ContinuousEffect, GameState, Permanent
from .typechange import devotion, layer4, layer6, layer7b_set

__all__ = ["Layered", "Scope", "Source", "battlefield_changes", "changed", "color_set",
           "compute", "derive", "devotion", "record", "statics", "timestamps"]


def timestamps(state: GameState, swap: tuple[str, str] | None = None) -> dict[str, int]:
    """Each permanent's place in timestamp order (CR 613.7): by its ``timestamp`` where
    the state file gives one, else by its place in the file (players in order, then
    their battlefields in order); ``swap`` exchanges two permanents' places."""
    everything: list[Permanent | ContinuousEffect] = [*state.permanents, *state.effects]
    keyed = sorted(((p.timestamp if p.timestamp is not None else i, i, p.id)
                    for i, p in enumerate(everything)))
    order = {pid: n for n, (_, _, pid) in enumerate(keyed)}
    if swap is not None:
        a, b = swap
        order[a], order[b] = order[b], order[a]
    return order


Source = Permanent | ContinuousEffect
_ID = operator.attrgetter("id")


def statics(sources: Sequence[Source], kind: str, order: Mapping[str, int]
             ) -> list[tuple[Source, StaticAbility]]:
    """The static abilities of a kind, of permanents and of resolved spells' continuous
    effects (CR 611.2a), in timestamp order (CR 613.7, 613.7b)."""
    return sorted(((src, ab) for src in sources
                   for ab in src.card.static_abilities if ab.kind == kind),
                  key=lambda pa: order[pa[0].id])


@dataclass(frozen=True, slots=True)
class Scope:
    """A part of the battlefield to compute (see :func:`compute`): ``perms``, which
    hold every layer source among the permanents; ``sources``, every object whose
    static abilities could apply (those permanents, then the continuous effects);
    ``order``, the sources' timestamp ranks; ``others``, the (final) characteristics of
    the permanents not in ``perms``."""

    perms: Sequence[Permanent]
    sources: Sequence[Source]
    order: Mapping[str, int]
    others: Mapping[str, Characteristics]


def compute(state: GameState, swap: tuple[str, str] | None = None,
             scope: Scope | None = None) -> dict[str, Characteristics]:
    """Every permanent's characteristics, layer by layer (CR 613.1): 4 (types), 5
    (colors), 6 (abilities), 7b and 7c (power and toughness), then counters. ``swap``
    exchanges two sources' timestamps (see :func:`order_sensitive`).

    With a ``scope``, only its permanents are computed, reading only its sources'
    abilities: exact when no other permanent is a layer source (:func:`_is_source`), so
    that every effect that exists is among the sources (see :func:`derive`).

    Rules
    -----
    CR 613.1d, 613.1e, 613.1f, 613.4c: layers 4, 5, 6 and 7c; CR 613.7 timestamp order
    within a layer; CR 613.8a dependency (layers 4 and 6, :mod:`.typechange`).
    """
    if scope is None:
        perms: Sequence[Permanent] = state.permanents
        sources: Sequence[Source] = [*state.permanents, *state.effects]
        order: Mapping[str, int] = timestamps(state)
        order4 = timestamps(state, swap) if swap is not None else order
        counted: Mapping[str, Characteristics] | None = None
    else:
        perms, sources, order = scope.perms, scope.sources, scope.order
        order4 = order
        counted = scope.others
    chars: dict[str, Characteristics] = {p.id: printed(p.card) for p in perms}
    four = layer4(state, chars, perms, sorted(
        [*statics(sources, "land_types", order4), *statics(sources, "type_change", order4),
         *((s, a) for s, a in statics(sources, "other", order4)
           if a.params.get("not_creature_unless_devotion") is not None)],
        key=lambda e: order4[e[0].id]))
    lost = four.lost
    _intrinsic_abilities(chars, perms)
    # Layer 5 reads the abilities the sources have after layer 4 (layer 6 comes
    # after it, CR 613.1), of permanents and of resolved spells' continuous effects
    # (CR 611.2a), in timestamp order (613.7); layer 7c those left after layer 6.
    _layer5_colors(state, chars, perms, _layered(sources, chars, lost, order),
                   four.changes, order)
    layer6(state, chars, perms, lost,
           [*(e for e in statics(sources, "grant_ability", order) if e[1].granted is not None),
            *(e for e in statics(sources, "other", order)
              if e[1].params.get("grant_keywords") is not None)],
           four.changes, order)
    layered = _layered(sources, chars, lost, order)
    # "For each" counts read every permanent's colors after layer 5 (which layers 6 and
    # 7 don't change): the ones computed here, else the ones given.
    colors: Mapping[str, Characteristics] = chars if counted is None \
        else _Overlay(chars, counted)
    layer7b_set(chars, four.set_pt)
    _layer7_and_counters(chars, perms, _layer7c_pumps(state, chars, perms, layered, colors))
    return chars


def _intrinsic_abilities(chars: dict[str, Characteristics], perms: Sequence[Permanent]
                         ) -> None:
    """CR 305.6: intrinsic mana abilities from basic land types, listed first. (Lands
    with the same characteristics so far share one result object.)"""
    from dataclasses import replace

    with_intrinsic: dict[int, Characteristics] = {}
    for p in perms:
        c = chars[p.id]
        if not c.is_land:
            continue
        done = with_intrinsic.get(id(c))
        if done is None:
            intrinsic = tuple(
                intrinsic_mana_ability(t) for t in BASIC_LAND_TYPES if t in c.subtypes
            )
            done = replace(c, activated=intrinsic + c.activated) if intrinsic else c
            with_intrinsic[id(c)] = done
        chars[p.id] = done


def _layered(sources: Sequence[Source], chars: Mapping[str, Characteristics],
             lost: set[str], order: Mapping[str, int]
             ) -> list[tuple[Source, tuple[Ability, ...]]]:
    """The sources with the abilities they have now (a permanent's from ``chars``, a
    resolved spell's effect's its own, CR 611.2a), but for those a land-type effect
    took them from, in timestamp order (CR 613.7)."""
    return sorted(
        [(s, chars[s.id].abilities) if isinstance(s, Permanent) else (s, s.card.abilities)
         for s in sources if not (isinstance(s, Permanent) and s.id in lost)],
        key=lambda sa: order[sa[0].id])


def color_set(text: str) -> frozenset[ManaType]:
    """The colors a color-setting effect gives ("{W}"; "{C}": colorless, CR 105.2c)."""
    return frozenset(t for t in parse_mana_types(text) if t.is_color)


def _layer5_colors(state: GameState, chars: dict[str, Characteristics],
                   perms: Sequence[Permanent],
                   layered: list[tuple[Source, tuple[Ability, ...]]],
                   changes: Sequence[tuple[tuple[Source, StaticAbility], frozenset[str]]],
                   order: Mapping[str, int]) -> None:
    """Layer 5 (CR 613.1e): color-setting effects ("Nonland permanents you control are
    white", Celestial Dawn; a type change's colors, to the objects it applied to in
    layer 4, CR 613.6), in timestamp order (CR 613.7)."""
    from dataclasses import replace

    steps: list[tuple[int, Source, StaticAbility, frozenset[str] | None]] = [
        (order[src.id], src, dawn, None) for src, src_abilities in layered
        for dawn in src_abilities
        if isinstance(dawn, StaticAbility) and dawn.params.get("set_color") is not None]
    steps += [(order[src.id], src, ab, ids) for (src, ab), ids in changes
              if ab.set_colors is not None]
    for _, src, dawn, ids in sorted(steps, key=operator.itemgetter(0)):
        colors = color_set(str(dawn.set_colors if ids is not None
                               else dawn.params.get("set_color")))
        for p in perms:
            if p.id in ids if ids is not None else matches(
                    dawn.affected, chars[p.id], p, state, src.controller, src.id):
                chars[p.id] = replace(chars[p.id], colors=colors)


def _layer7c_pumps(state: GameState, chars: dict[str, Characteristics],
                   perms: Sequence[Permanent],
                   layered: list[tuple[Source, tuple[Ability, ...]]],
                   colors: Mapping[str, Characteristics]) -> dict[str, tuple[int, int]]:
    """CR 613.4c (layer 7c): static effects that modify power and toughness ("Other Elf
    creatures you control get +1/+1"), from sources that still have them, applied to
    what they affect after the type and ability layers. "For each" amounts are counted
    now (Faeburrow Elder: colors among permanents you control, after layer 5, read from
    ``colors``; Omnath: unspent green mana); ``self`` effects change only their
    source."""
    pumps: dict[str, tuple[int, int]] = {}
    for src, src_abilities in layered:
        for lord in src_abilities:
            if not isinstance(lord, StaticAbility):
                continue
            pump = lord.params.get("pump")
            if not isinstance(pump, Params):
                continue
            times = _pump_times(state, src, str(pump.get("per", "")), colors)
            dp, dt = pump.int("power") * times, pump.int("toughness") * times
            only_self = lord.params.get("self") is True
            for p in perms:
                if only_self and p.id != src.id:
                    continue
                if chars[p.id].is_creature and matches(lord.affected, chars[p.id], p, state,
                                                       src.controller, src.id):
                    have = pumps.get(p.id, (0, 0))
                    pumps[p.id] = (have[0] + dp, have[1] + dt)
    return pumps


def _layer7_and_counters(chars: dict[str, Characteristics], perms: Sequence[Permanent],
                         pumps: dict[str, tuple[int, int]]) -> None:
    """CR 122.1b keyword counters; CR 613.4c +1/+1 and -1/-1 counters, with the
    layer-7c changes."""
    from dataclasses import replace

    for p in perms:
        c = chars[p.id]
        kws = c.keywords | frozenset(
            k[:1].upper() + k[1:] for k in p.counters if k in KEYWORD_COUNTERS
        )
        delta = p.counters["+1/+1"] - p.counters["-1/-1"]
        dp, dt = pumps.get(p.id, (0, 0))
        if kws != c.keywords or delta or dp or dt:
            power = None if c.power is None else c.power + delta + dp
            tough = None if c.toughness is None else c.toughness + delta + dt
            chars[p.id] = replace(c, keywords=kws, power=power, toughness=tough)


class _Overlay(Mapping[str, Characteristics]):
    """``first``'s entries, then ``second``'s for the keys ``first`` lacks."""

    def __init__(self, first: Mapping[str, Characteristics],
                 second: Mapping[str, Characteristics]) -> None:
        self.first, self.second = first, second

    def __getitem__(self, key: str) -> Characteristics:
        c = self.first.get(key)
        return self.second[key] if c is None else c

    def __iter__(self) -> Iterator[str]:
        return iter({**self.second, **self.first})

    def __len__(self) -> int:
        return len({**self.second, **self.first})


def _is_source(card: CardDefinition) -> bool:
    """Whether a permanent with this card is a layer source: it has a static ability
    that :func:`compute` reads (a ``land_types`` or ``grant_ability`` one, or any with
    parameters: color setting, power/toughness changes, the gods' devotion). Granted
    abilities are activated ones (``StaticAbility.granted``), so no layer gives a
    permanent a static ability it doesn't print: only these can make an effect exist.
    Cached on the card definition."""
    hit = card.__dict__.get("_layer_source")
    if hit is None:
        hit = any(ab.kind in ("land_types", "grant_ability", "type_change")
                  or ab.params.items for ab in card.static_abilities)
        card.__dict__["_layer_source"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def _spreads(card: CardDefinition) -> bool:
    """Whether an effect of this card changes other objects by an amount counted from
    the board ("get +1/+1 for each ..." not only on itself): then any change anywhere
    could change what it does to every object it affects (CR 613.4c). So does a type
    change that sets card types or removes abilities: the order of the effects in
    layers 4 and 6 (CR 613.8a) is found from every object they apply to."""
    for ab in card.static_abilities:
        if ab.set_types or ab.lose_abilities:
            return True
        pump = ab.params.get("pump")
        if isinstance(pump, Params) and pump.get("per") and ab.params.get("self") is not True:
            return True
    return False


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Layered:
    """What :func:`effective` keeps of a state to derive the next one from.

    ``chars`` and ``perms`` (the permanent objects they were computed for) are keyed by
    id, in the same order (battlefield order, except that a derived record keeps the
    old order and puts new permanents last: a copy, not a rebuild); ``battlefields``
    are the players' battlefields (their order is the battlefield order); ``sources``
    the layer sources among the permanents (:func:`_is_source`), in battlefield order;
    ``order`` the timestamp ranks of the sources and the continuous effects;
    ``stamped`` whether one of those has an explicit timestamp; ``spreads`` whether one
    of them counts the board for others (:func:`_spreads`). A derived record has its
    ``parent`` (weakly: a chain of them keeps nothing alive) and ``delta``, the ids whose
    permanent or characteristics object differs from the parent's (see
    :func:`changed`)."""

    chars: dict[str, Characteristics]
    perms: dict[str, Permanent]
    battlefields: tuple[tuple[Permanent, ...], ...]
    sources: tuple[Permanent, ...]
    order: dict[str, int]
    stamped: bool
    spreads: bool
    players: tuple[str, ...]
    effects: tuple[ContinuousEffect, ...]
    parent: weakref.ReferenceType[Layered] | None = None
    delta: frozenset[str] = frozenset()


def record(state: GameState, chars: dict[str, Characteristics]) -> Layered:
    """The record of a state whose characteristics were all computed.

    Rules
    -----
    CR 613.7: the sources' timestamp order is kept with it.
    """
    perms = {p.id: p for p in state.permanents}
    sources = tuple(p for p in state.permanents if _is_source(p.card))
    ranks = timestamps(state)
    keep: list[Source] = [*sources, *state.effects]
    return Layered(chars=chars, perms=perms,
                   battlefields=tuple(p.battlefield for p in state.players),
                   sources=sources, order={s.id: ranks[s.id] for s in keep},
                   stamped=any(s.timestamp is not None for s in keep),
                   spreads=any(_spreads(s.card) for s in keep),
                   players=state.player_names, effects=state.effects)


def derive(new: GameState, recent: Iterable[tuple[GameState, Layered]]
           ) -> Layered | None:
    """``new``'s characteristics from a recently computed state's, or None when that
    can't be done exactly (then everything is computed).

    The permanents of the two states are compared object by object (they are
    immutable: an unchanged permanent is the same object). Only the permanents that are
    new or changed are computed again, with every layer source; every other permanent
    keeps its characteristics. That is exact when, besides those permanents, nothing
    any characteristic depends on differs:

    * the layer sources (the only permanents whose abilities create effects, see
      :func:`_is_source`) are the same objects, in the same relative order, none of
      them changed, added or removed (else effects could appear, vanish, change what
      they apply to or their order: CR 613.1, 613.7, and dependencies, 613.8);
    * the continuous effects of resolved spells (CR 611.2a) and the players are equal;
    * when a source or effect has an explicit timestamp, the permanents kept their
      places (a place is a permanent's timestamp when the file gives none, CR 613.7);
    * no effect counts the board for other objects (:func:`_spreads`: "for each"
      amounts, CR 613.4c): what it does to each could change with anything.

    What an effect applies to is decided by the affected object's own characteristics
    and status (:func:`matches`), so a permanent that didn't change and whose sources
    didn't change has the same characteristics. The sources are always computed again:
    what they do to themselves may count the board (devotion, CR 700.5; "for each"
    counts on themselves: Faeburrow Elder, Omnath), read from ``new``.

    Rules
    -----
    CR 613.1 (layers), 613.4c ("for each" amounts), 613.7 (timestamps), 613.8
    (dependency), 611.2a (resolved spells' effects), 700.5 (devotion).
    """
    for old, lay in recent:
        if old is not new:
            got = _derive_from(new, lay)
            if got is not None:
                return got
    return None


class _Changes:
    """How ``new``'s permanents differ from a record's: ``todo``, the permanents that
    are new or changed (none of them a source), and ``chars`` and ``perms`` for
    ``new`` in battlefield order, with the old entries for the others."""

    __slots__ = ("chars", "perms", "same_places", "sources", "todo")

    def __init__(self, todo: list[Permanent], chars: dict[str, Characteristics],
                 perms: dict[str, Permanent], sources: Sequence[Permanent],
                 same_places: bool) -> None:
        self.todo, self.chars, self.perms = todo, chars, perms
        self.sources, self.same_places = sources, same_places


def _derive_from(new: GameState, lay: Layered) -> Layered | None:
    if lay.players != new.player_names or (new.effects is not lay.effects
                                           and new.effects != lay.effects):
        return None
    limit = max(16, len(lay.perms) // 4)  # past this, computing everything is as quick
    ch = _quick_changes(new, lay, limit)
    if ch is None:
        ch = _changes(new, lay, limit)
    if ch is False or ch is None or len(ch.sources) != len(lay.sources) or any(
            a is not b for a, b in zip(ch.sources, lay.sources, strict=True)):
        return None  # a source changed, entered or left, or the sources' order changed
    if lay.spreads or (lay.stamped and not ch.same_places):
        return None
    chars = ch.chars
    delta = {p.id for p in ch.todo}
    if lay.sources or ch.todo:
        scope = Scope(perms=[*ch.todo, *lay.sources], sources=[*lay.sources, *new.effects],
                      order=lay.order, others=lay.chars)
        for pid, c in compute(new, scope=scope).items():
            was = lay.chars.get(pid)
            if was is not None and was == c:
                chars[pid] = was  # an unchanged source keeps its object
            else:
                chars[pid] = c
                delta.add(pid)
    return Layered(chars=chars, perms=ch.perms,
                   battlefields=tuple(p.battlefield for p in new.players),
                   sources=lay.sources, order=lay.order, stamped=lay.stamped,
                   spreads=lay.spreads, players=lay.players, effects=new.effects,
                   parent=weakref.ref(lay), delta=frozenset(delta))


def _quick_changes(new: GameState, lay: Layered, limit: int
                   ) -> _Changes | Literal[False] | None:
    """The changes when, on each battlefield, permanents were only replaced in their
    places, added at the end, or taken out (what counters, tapping, a permanent
    entering and permanents leaving make), found by comparing the battlefields object
    by object without a Python loop over them. False when a source changed, entered or
    left (compute everything); None for any other change (:func:`_changes` looks)."""
    found = battlefield_changes(lay.battlefields, new, limit)
    if found is None:
        return None
    changed, added, gone, before = found
    old_perms = lay.perms
    if any(p.id in old_perms for p in added):
        return None  # moved, not new
    if any(_is_source(p.card) for p in (*changed, *added, *gone, *before)):
        return False
    chars, perms = dict(lay.chars), dict(old_perms)  # new ones last: see ``Layered``
    for p in gone:
        del chars[p.id], perms[p.id]
    for p in changed:
        perms[p.id] = p
    for p in added:
        perms[p.id] = p
        chars[p.id] = printed(p.card)  # a place, filled in later
    return _Changes(changed + added, chars, perms, lay.sources, not added and not gone)


def battlefield_changes(old: Sequence[tuple[Permanent, ...]], new: GameState, limit: int
                        ) -> tuple[list[Permanent], list[Permanent], list[Permanent],
                                   list[Permanent]] | None:
    """How ``new``'s battlefields differ from ``old`` (the same players' battlefields in
    an earlier state), as (replaced, added, gone, replaced before): permanents replaced
    in their places by ones with the same id (as they are in ``new``, then as they
    were), added at the end of a battlefield, or taken out. None for any other change
    (permanents moved or reordered), or more than ``limit`` of them. Found by comparing
    the battlefields object by object without a Python loop over them; in every case
    the permanents ``new`` has in common with ``old`` are the same objects in the same
    order.

    Rules
    -----
    CR 400.7: a permanent that left and came back is a new object (here: taken out and
    added); CR 613.7: a permanent's place is its timestamp when the file gives none,
    so a move is never taken for a replacement in place.
    """
    changed: list[Permanent] = []
    before: list[Permanent] = []
    added: list[Permanent] = []
    gone: list[Permanent] = []
    if len(old) != len(new.players):
        return None
    for player, was in zip(new.players, old, strict=True):
        bf = player.battlefield
        if bf is was:
            continue
        if len(bf) >= len(was):
            grew, rest = bf[len(was):], was
        else:
            left, out = _taken_out(was, bf, limit)
            if left is None:
                return None
            grew, rest = (), left
            gone += out
        # The battlefield's first len(rest) permanents against ``rest`` (the old one
        # without what left): where the objects differ, the ids must be the same (a
        # permanent replaced in its place), else permanents moved or were put elsewhere
        # than at the end. (``map`` stops at the shorter of the two.)
        at = list(itertools.compress(range(len(rest)), map(operator.is_not, bf, rest)))
        if len(at) > limit or any(bf[i].id != rest[i].id for i in at):
            return None
        changed += (bf[i] for i in at)
        before += (rest[i] for i in at)
        added += grew
        if len(changed) + len(added) + len(gone) > limit:
            return None
    return changed, added, gone, before


def _taken_out(old: tuple[Permanent, ...], bf: tuple[Permanent, ...], limit: int
               ) -> tuple[tuple[Permanent, ...] | None, list[Permanent]]:
    """(``old`` without the permanents whose ids ``bf`` lacks, those permanents), or
    (None, []) when that isn't how ``bf`` came from ``old`` (more than ``limit`` left,
    or ids repeated or new). Loops only over the ones that left."""
    old_ids = list(map(_ID, old))
    missing = set(old_ids).difference(map(_ID, bf))
    if len(missing) != len(old) - len(bf) or len(missing) > limit:
        return None, []
    at = sorted(old_ids.index(m) for m in missing)
    rest = tuple(itertools.chain.from_iterable(
        old[a + 1:b] for a, b in zip([-1, *at], [*at, len(old)], strict=True)))
    return rest, [old[i] for i in at]


def _changes(new: GameState, lay: Layered, limit: int) -> _Changes | None:
    """The changes, found by looking at every permanent of ``new``; None when there
    are too many or a source changed or entered."""
    old_perms, old_chars = lay.perms, lay.chars
    old_ids = tuple(p.id for bf in lay.battlefields for p in bf)  # battlefield order
    perms = new.permanents
    same_places = len(perms) == len(old_ids)
    source_ids = {p.id for p in lay.sources}
    chars: dict[str, Characteristics] = {}
    now: dict[str, Permanent] = {}
    todo: list[Permanent] = []
    sources: list[Permanent] = []
    for i, p in enumerate(perms):
        pid = p.id
        now[pid] = p
        if same_places and pid != old_ids[i]:
            same_places = False
        if old_perms.get(pid) is p:
            chars[pid] = old_chars[pid]
            if pid in source_ids:
                sources.append(p)
            continue
        if _is_source(p.card) or len(todo) >= limit:
            return None  # a source changed or entered: effects may have changed
        todo.append(p)
        chars[pid] = old_chars.get(pid) or printed(p.card)  # a place, filled in later
    # A permanent that left needs nothing computed: unless it was a source (then
    # ``sources`` lacks it), no other permanent's characteristics depended on it.
    return _Changes(todo, chars, now, sources, same_places)


def changed(old: Layered, new: Layered) -> set[str]:
    """The ids of the permanents of ``new`` that ``old`` lacks, or whose permanent
    object or characteristics object differs from ``old``'s (equal ones that were
    computed again may count as different: a superset is safe). When ``new`` was
    derived from ``old`` through a few records still alive, the union of their deltas
    (those of them still on the battlefield); else compared without a Python loop over
    the permanents.

    Rules
    -----
    CR 613.1: the characteristics compared are the layers' results.
    """
    ids: set[str] = set()
    cur: Layered | None = new
    for _ in range(32):
        if cur is old:
            return {i for i in ids if i in new.perms}
        if cur is None or cur.parent is None:
            break
        ids.update(cur.delta)
        cur = cur.parent()
    op, oc = old.perms, old.chars
    ids = set(itertools.compress(new.perms, map(operator.is_not, new.perms.values(),
                                                map(op.get, new.perms))))
    ids.update(itertools.compress(new.chars, map(operator.is_not, new.chars.values(),
                                                 map(oc.get, new.chars))))
    return ids


def _pump_times(state: GameState, src: Source, per: str,
                chars: Mapping[str, Characteristics]) -> int:
    """How many times a "get +N/+N for each ..." applies (1 with no "for each")."""
    if not per:
        return 1
    if per == "colors_among_permanents_you_control":
        return len({c for p in state.player(src.controller).battlefield
                    for c in chars[p.id].colors if c.is_color})
    if per == "unspent_green_mana":
        return state.player(src.controller).mana_pool.amount(ManaType.G)
    raise ValueError(f"unknown 'for each' of a power/toughness effect: {per}")
