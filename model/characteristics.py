"""Effective characteristics of objects, and whether an object matches a filter.

Only the layers that mana and activation questions need are applied: type-changing
effects (layer 4) and ability-adding/removing effects (layer 6), keyword counters, and
power and toughness changes from +1/+1 and -1/-1 counters and from static "get +N/+N"
effects (layer 7c).

Rules
-----
CR 305.6: each basic land type gives an intrinsic "{T}: Add [mana]" ability.
CR 305.7: an effect that sets a land's subtype to a basic land type removes its old
land types and the abilities from its rules text, and gives the new intrinsic ones.
CR 613.1d, 613.1f: layers 4 (type) and 6 (abilities); within a layer, in timestamp
order (613.7), except that an effect whose existence depends on another is applied
after it (613.8). Timestamps follow the state file's order (players in order, then
their battlefields in order).
CR 122.1b: keyword counters grant keywords. CR 613.4c: counters change power and
toughness.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .abilities import (
    Ability,
    ActivatedAbility,
    ObjectFilter,
    Params,
    SpendRestriction,
    StaticAbility,
)
from .cards import BASIC_LAND_TYPES, CardDefinition, intrinsic_mana_ability
from .mana import ManaType, parse_mana_types
from .state import KEYWORD_COUNTERS, Card, ContinuousEffect, GameState, Permanent, StackItem

__all__ = ["Characteristics", "bind_restriction", "characteristics", "effective", "matches",
           "order_sensitive", "tap_abilities_blocked", "timestamps"]


@dataclass(frozen=True, slots=True)
class Characteristics:
    """An object's characteristics after the applicable continuous effects.

    ``activated`` lists the object's activated abilities in the order users number
    them (1-based in the CLI): intrinsic basic-land abilities first (they come from
    the type line), then printed, then granted ones. ``lost_abilities`` is True when
    an effect removed the rules-text abilities (Blood Moon).
    """

    name: str
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    colors: frozenset[ManaType]
    keywords: frozenset[str]
    abilities: tuple[Ability, ...]
    activated: tuple[ActivatedAbility, ...]
    power: int | None
    toughness: int | None
    mana_value: int
    lost_abilities: bool = False
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        # Solvers key caches on characteristics (identical permanents share answers);
        # the hash is computed once, not re-walked through every ability each time.
        h = self._hash
        if not h:
            h = hash((self.name, self.supertypes, self.types, self.subtypes, self.colors,
                      self.keywords, self.abilities, self.activated, self.power,
                      self.toughness, self.mana_value, self.lost_abilities)) or 1
            object.__setattr__(self, "_hash", h)
        return h

    def has_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_snow(self) -> bool:
        return "Snow" in self.supertypes

    @property
    def has_haste(self) -> bool:
        return "Haste" in self.keywords


def _base(card: CardDefinition) -> Characteristics:
    """The card's printed characteristics: one shared (immutable) object per card
    definition, so identical permanents share it and its hash is computed once."""
    hit = card.__dict__.get("_base_characteristics")
    if hit is None:
        hit = _compute_base(card)
        card.__dict__["_base_characteristics"] = hit
    return hit  # type: ignore[no-any-return,unused-ignore]


def _compute_base(card: CardDefinition) -> Characteristics:
    return Characteristics(
        name=card.name,
        supertypes=frozenset(card.supertypes),
        types=frozenset(card.types),
        subtypes=frozenset(card.subtypes),
        colors=frozenset(card.colors),
        keywords=frozenset(k[:1].upper() + k[1:] for k in card.keywords),
        abilities=card.abilities,
        activated=card.activated_abilities,
        power=card.power if isinstance(card.power, int) else None,
        toughness=card.toughness if isinstance(card.toughness, int) else None,
        mana_value=card.mana_value(0),
    )


def characteristics(obj: Permanent | Card | StackItem) -> Characteristics:
    """Printed characteristics of an object not on the battlefield (or ignoring effects).

    For a spell on the stack the mana value uses its chosen X (CR 202.3e).
    """
    if isinstance(obj, StackItem):
        if obj.card is None:
            return Characteristics(obj.name, frozenset(), frozenset(), frozenset(), frozenset(),
                                   frozenset(), (), (), None, None, 0)
        base = _base(obj.card)
        return _replace_mv(base, obj.mana_value())
    return _base(obj.card)


def _replace_mv(c: Characteristics, mv: int) -> Characteristics:
    from dataclasses import replace

    return replace(c, mana_value=mv)


def effective(state: GameState) -> Mapping[str, Characteristics]:
    """Characteristics of every permanent on the battlefield, effects applied.

    Cached per state object.
    """
    cache: dict[str, Characteristics] | None = state.__dict__.get("_effective_cache")
    if cache is None:
        cache = _compute(state)
        state.__dict__["_effective_cache"] = cache
    return cache


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


def _statics(state: GameState, kind: str, swap: tuple[str, str] | None = None
             ) -> list[tuple[Source, StaticAbility]]:
    """The static abilities of a kind, of permanents and of resolved spells' continuous
    effects (CR 611.2a), in timestamp order (CR 613.7, 613.7b)."""
    order = timestamps(state, swap)
    sources: list[Source] = [*state.permanents, *state.effects]
    return sorted(((src, ab) for src in sources
                   for ab in src.card.static_abilities if ab.kind == kind),
                  key=lambda pa: order[pa[0].id])


def order_sensitive(state: GameState) -> tuple[tuple[str, str], ...]:
    """Pairs of layer-4 type-changing effects whose order the state file doesn't fix (no
    ``timestamp`` on either) and whose order changes some permanent's characteristics
    (Blood Moon and Prismatic Omen on a Tundra): the answers then rest on the file's
    order, which is only the default (CR 613.7)."""
    hit: tuple[tuple[str, str], ...] | None = state.__dict__.get("_order_sensitive")
    if hit is not None:
        return hit
    sources = list(dict.fromkeys(p.id for p, _ in _statics(state, "land_types")
                                 if p.timestamp is None))
    found = []
    if len(sources) > 1:
        base = effective(state)
        for i, a in enumerate(sources):
            for b in sources[i + 1:]:
                if _compute(state, (a, b)) != base:
                    found.append((a, b))
    hit = tuple(found)
    state.__dict__["_order_sensitive"] = hit
    return hit


def _compute(state: GameState, swap: tuple[str, str] | None = None
             ) -> dict[str, Characteristics]:
    """Every permanent's characteristics, layer by layer (CR 613.1): 4 (types), 6
    (abilities), 5 (colors; independent of 6 here), 7c (power and toughness), then
    counters. ``swap`` exchanges two sources' timestamps (see :func:`order_sensitive`)."""
    chars: dict[str, Characteristics] = {p.id: _base(p.card) for p in state.permanents}
    lost = _layer4_land_types(state, chars, swap)
    _layer4_gods(state, chars, lost)
    _intrinsic_abilities(state, chars)
    _layer6_grants(state, chars, lost)
    order = timestamps(state)
    # Layers 5 and 7c read permanents' (remaining) abilities and resolved spells'
    # continuous effects (CR 611.2a), in timestamp order (613.7).
    layered: list[tuple[Source, tuple[Ability, ...]]] = sorted(
        [*((p, chars[p.id].abilities) for p in state.permanents if p.id not in lost),
         *((e, e.card.abilities) for e in state.effects)],
        key=lambda sa: order[sa[0].id])
    _layer5_colors(state, chars, layered)
    _layer7_and_counters(state, chars, _layer7c_pumps(state, chars, layered))
    return chars


def _layer4_land_types(state: GameState, chars: dict[str, Characteristics],
                       swap: tuple[str, str] | None) -> set[str]:
    """Layer 4 (CR 613.1d, 305.7): type-changing effects, in timestamp order (CR 613.7)
    except that an effect that depends on another is applied after it (CR 613.8a): an
    effect whose source is a land that a "set the land type" effect (Blood Moon,
    Celestial Dawn) would strip of its abilities depends on that effect, so the set
    effect applies first and the dependent effect no longer exists (Urborg's ruling:
    "no matter in what order those effects started to apply"). A dependency loop falls
    back to timestamp order (CR 613.8b). Returns the permanents that lost their
    rules-text abilities."""
    from dataclasses import replace

    lost: set[str] = set()
    perms = state.permanents
    pending = list(_statics(state, "land_types", swap))
    while pending:
        pending = [e for e in pending if e[0].id not in lost]
        if not pending:
            break
        free = [a for a in pending
                if not any(b is not a and _strips(b, a[0], chars, state) for b in pending)]
        src, ab = (free or pending)[0]
        pending.remove((src, ab))
        for p in perms:
            c = chars[p.id]
            if not c.is_land or not matches(ab.affected, c, p, state, src.controller, src.id):
                continue
            if ab.set_subtypes:
                # CR 305.7: old land types and rules-text abilities are lost.
                chars[p.id] = replace(
                    c,
                    subtypes=frozenset(s for s in c.subtypes if s not in _LAND_SUBTYPES)
                    | frozenset(ab.set_subtypes),
                    abilities=(),
                    activated=(),
                    lost_abilities=True,
                )
                lost.add(p.id)
            if ab.add_subtypes:
                chars[p.id] = replace(chars[p.id],
                                      subtypes=chars[p.id].subtypes | frozenset(ab.add_subtypes))
    return lost


def _layer4_gods(state: GameState, chars: dict[str, Characteristics], lost: set[str]
                 ) -> None:
    """Layer 4 (CR 613.1d): "As long as your devotion to green and blue is less than
    seven, Kruphix isn't a creature" (the Theros gods). Devotion (CR 700.5) counts mana
    symbols in mana costs, which no layer changes."""
    from dataclasses import replace

    for src in state.permanents:
        if src.id in lost:
            continue
        for god in chars[src.id].abilities:
            need = god.params.get("not_creature_unless_devotion") \
                if isinstance(god, StaticAbility) else None
            if isinstance(need, Params) and \
                    devotion(state, src.controller, str(need.get("colors", ""))) \
                    < need.int("count"):
                c = chars[src.id]
                # CR 208.3: a noncreature permanent has no power or toughness.
                chars[src.id] = replace(c, types=c.types - {"Creature"}, power=None,
                                        toughness=None)


def _intrinsic_abilities(state: GameState, chars: dict[str, Characteristics]) -> None:
    """CR 305.6: intrinsic mana abilities from basic land types, listed first. (Lands
    with the same characteristics so far share one result object.)"""
    from dataclasses import replace

    with_intrinsic: dict[int, Characteristics] = {}
    for p in state.permanents:
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


def _layer6_grants(state: GameState, chars: dict[str, Characteristics], lost: set[str]
                   ) -> None:
    """Layer 6 (CR 613.1f): granted activated abilities, from sources that still have
    them."""
    from dataclasses import replace

    for src, ab in _statics(state, "grant_ability"):
        if src.id in lost or ab.granted is None:
            continue
        for p in state.permanents:
            c = chars[p.id]
            if matches(ab.affected, c, p, state, src.controller, src.id):
                chars[p.id] = replace(c, activated=(*c.activated, ab.granted),
                                      abilities=(*c.abilities, ab.granted))


def _layer5_colors(state: GameState, chars: dict[str, Characteristics],
                   layered: list[tuple[Source, tuple[Ability, ...]]]) -> None:
    """Layer 5 (CR 613.1e): color-setting effects ("Nonland permanents you control are
    white", Celestial Dawn), in timestamp order."""
    from dataclasses import replace

    for src, src_abilities in layered:
        for dawn in src_abilities:
            color = dawn.params.get("set_color") if isinstance(dawn, StaticAbility) else None
            if color is None or not isinstance(dawn, StaticAbility):
                continue
            colors = frozenset(parse_mana_types(str(color)))
            for p in state.permanents:
                if matches(dawn.affected, chars[p.id], p, state, src.controller, src.id):
                    chars[p.id] = replace(chars[p.id], colors=colors)


def _layer7c_pumps(state: GameState, chars: dict[str, Characteristics],
                   layered: list[tuple[Source, tuple[Ability, ...]]]
                   ) -> dict[str, tuple[int, int]]:
    """CR 613.4c (layer 7c): static effects that modify power and toughness ("Other Elf
    creatures you control get +1/+1"), from sources that still have them, applied to
    what they affect after the type and ability layers. "For each" amounts are counted
    now (Faeburrow Elder: colors among permanents you control, after layer 5; Omnath:
    unspent green mana); ``self`` effects change only their source."""
    pumps: dict[str, tuple[int, int]] = {}
    for src, src_abilities in layered:
        for lord in src_abilities:
            if not isinstance(lord, StaticAbility):
                continue
            pump = lord.params.get("pump")
            if not isinstance(pump, Params):
                continue
            times = _pump_times(state, src, str(pump.get("per", "")), chars)
            dp, dt = pump.int("power") * times, pump.int("toughness") * times
            only_self = lord.params.get("self") is True
            for p in state.permanents:
                if only_self and p.id != src.id:
                    continue
                if chars[p.id].is_creature and matches(lord.affected, chars[p.id], p, state,
                                                       src.controller, src.id):
                    have = pumps.get(p.id, (0, 0))
                    pumps[p.id] = (have[0] + dp, have[1] + dt)
    return pumps


def _layer7_and_counters(state: GameState, chars: dict[str, Characteristics],
                         pumps: dict[str, tuple[int, int]]) -> None:
    """CR 122.1b keyword counters; CR 613.4c +1/+1 and -1/-1 counters, with the
    layer-7c changes."""
    from dataclasses import replace

    for p in state.permanents:
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


def _strips(effect: tuple[Source, StaticAbility], land: Source,
            chars: Mapping[str, Characteristics], state: GameState) -> bool:
    """CR 613.8a: whether ``effect`` (a set-land-type effect) would remove ``land``'s
    rules-text abilities (CR 305.7), so an effect of ``land`` depends on it."""
    src, ab = effect
    if not ab.set_subtypes or land.id not in chars or not isinstance(land, Permanent):
        return False
    c = chars[land.id]
    return c.is_land and matches(ab.affected, c, land, state, src.controller, src.id)


_LAND_SUBTYPES = frozenset(
    {*BASIC_LAND_TYPES, "Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower",
     "Urza's", "Cave", "Sphere", "Town"}
)


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
        if controller == who and not ab.affected.not_types & base.types:
            base = Characteristics(
                base.name, base.supertypes, base.types, base.subtypes,
                frozenset(parse_mana_types(str(ab.params.get("set_color")))),
                base.keywords, base.abilities, base.activated, base.power,
                base.toughness, base.mana_value, base.lost_abilities)
    return base


def _off_battlefield_colors(state: GameState) -> tuple[tuple[str, StaticAbility], ...]:
    """(controller, effect) for each color-setting effect that also reaches spells and
    cards in other zones (once per state)."""
    hit: tuple[tuple[str, StaticAbility], ...] | None = state.__dict__.get("_off_bf_colors")
    if hit is None:
        chars = effective(state)
        hit = tuple((src.controller, ab) for src in state.permanents
                    for ab in chars[src.id].abilities
                    if isinstance(ab, StaticAbility) and ab.params.get("set_color") is not None
                    and ab.params.get("off_battlefield") is True)
        state.__dict__["_off_bf_colors"] = hit
    return hit


def _bind_filter(flt: ObjectFilter | None, chosen: str | None) -> ObjectFilter | None:
    if flt is None or not flt.chosen_creature_type:
        return flt
    from dataclasses import replace

    if chosen is None:
        return flt  # unbound: matches nothing (see ``matches``)
    return replace(flt, chosen_creature_type=False, subtypes=flt.subtypes | {chosen})


def bind_restriction(r: SpendRestriction | None, source: Permanent | None,
                     *, creature_type: str | None = None) -> SpendRestriction | None:
    """A spending restriction with "the chosen type" replaced by its source's choice.

    Cavern of Souls: "Spend this mana only to cast a creature spell of the chosen type"
    refers to the creature type chosen as that Cavern entered (``chosen:
    {creature_type: Elf}`` in the state file), or ``creature_type`` when given. Without
    a choice the restriction stays unbound and no spell satisfies it.

    Rules
    -----
    CR 106.6: a spending restriction applies to the mana the ability produced.
    """
    if r is None:
        return None
    from dataclasses import replace

    chosen = creature_type
    if chosen is None and source is not None:
        chosen = source.choice("creature_type")
    return replace(r, spells=_bind_filter(r.spells, chosen),
                   abilities=_bind_filter(r.abilities, chosen))


def _controller_of(obj: Permanent | Card | StackItem) -> str:
    if isinstance(obj, Permanent | StackItem):
        return obj.controller
    return obj.owner


def matches(
    flt: ObjectFilter,
    chars: Characteristics,
    obj: Permanent | Card | StackItem,
    state: GameState,
    you: str,
    source_id: str | None = None,
    bindings: Mapping[str, int] | None = None,
) -> bool:
    """Whether an object with these characteristics matches the filter.

    ``you`` is the controller of the ability doing the looking; ``source_id`` its
    source (for "another"); ``bindings`` gives values to variables such as X in
    ``mana_value: X``. An unbound variable matches anything.
    """
    if flt.chosen_creature_type:
        # "of the chosen type" still unbound (no source choice): nothing matches it.
        # Bind it first with ``bind_restriction`` (CR 106.6).
        return False
    if flt.types and not flt.types <= chars.types:
        return False
    if flt.any_types and not flt.any_types & chars.types:
        return False
    if flt.not_types & chars.types:
        return False
    if flt.subtypes and not flt.subtypes <= chars.subtypes:
        return False
    if flt.any_subtypes and not flt.any_subtypes & chars.subtypes:
        return False
    if flt.supertypes and not flt.supertypes <= chars.supertypes:
        return False
    if flt.not_supertypes & chars.supertypes:
        return False
    if flt.colors and not flt.colors & chars.colors:
        return False
    if flt.colorless is not None and flt.colorless != (not chars.colors):
        return False
    if flt.multicolored is not None and flt.multicolored != (len(chars.colors) > 1):
        return False
    if flt.mana_value is not None:
        mv = flt.mana_value
        if isinstance(mv, int):
            if chars.mana_value != mv:
                return False
        elif bindings is not None and mv in bindings and chars.mana_value != bindings[mv]:
            return False
    if flt.controller is not None:
        ctl = _controller_of(obj)
        if (flt.controller == "you") != (ctl == you):
            return False
    if flt.another and source_id is not None and obj.id == source_id:
        return False
    if flt.tapped is not None and (not isinstance(obj, Permanent) or obj.tapped != flt.tapped):
        return False
    if flt.has_counters is not None and (
        not isinstance(obj, Permanent) or bool(obj.counters) != flt.has_counters
    ):
        return False
    if flt.any_of and not any(matches(f, chars, obj, state, you, source_id, bindings)
                              for f in flt.any_of):
        return False
    if flt.enchanted:
        # "enchanted land": the object the source is attached to (CR 303.4).
        src = state.get(source_id) if source_id is not None and source_id in state else None
        if not isinstance(src, Permanent) or src.attached_to != obj.id:
            return False
    return flt.name is None or chars.name == flt.name


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


def tap_abilities_blocked(state: GameState, perm: Permanent) -> bool:
    """CR 302.6: a creature's {T} and {Q} abilities can't be activated unless it has been
    under its controller's control continuously since their most recent turn began,
    unless it has haste (702.10c) or an effect lets its controller activate its
    abilities as though it had haste (Thousand-Year Elixir). Noncreatures are exempt."""
    c = effective(state)[perm.id]
    return (c.is_creature and perm.summoning_sick and not c.has_haste
            and perm.id not in _as_though_haste(state))
