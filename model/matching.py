"""Characteristics as printed, and whether an object matches a filter.

:class:`Characteristics` is an object's characteristics after the continuous effects
that apply (computed by :mod:`.layers`); :func:`printed` and :func:`characteristics`
give the printed ones; :func:`matches` says whether an object matches an
:class:`~.abilities.ObjectFilter`; :func:`bind_restriction` binds "the chosen type".
:mod:`.characteristics` is the module to import these from.

Rules
-----
CR 109.3: an object's characteristics. CR 202.3e: a spell's mana value counts its X on
the stack. CR 106.6: a spending restriction applies to the mana an ability produced.
CR 303.4: "enchanted" is the object an Aura is attached to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .abilities import Ability, ActivatedAbility, ObjectFilter, SpendRestriction
from .cards import CardDefinition
from .mana import ManaType
from .state import Card, GameState, Permanent, Phase, StackItem

__all__ = ["Characteristics", "bind_restriction", "characteristics", "matches", "printed"]


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


def printed(card: CardDefinition) -> Characteristics:
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
        base = printed(obj.card)
        return _replace_mv(base, obj.mana_value())
    return printed(obj.card)


def _replace_mv(c: Characteristics, mv: int) -> Characteristics:
    from dataclasses import replace

    return replace(c, mana_value=mv)


def _bind_filter(flt: ObjectFilter | None, chosen: str | None) -> ObjectFilter | None:
    from dataclasses import replace

    if flt is not None and flt.any_of:
        # "a creature spell of the chosen type or a legendary creature spell"
        flt = replace(flt, any_of=tuple(b for a in flt.any_of
                                        if (b := _bind_filter(a, chosen)) is not None))
    if flt is None or not flt.chosen_creature_type:
        return flt

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


def _value_of(chars: Characteristics, what: str) -> int | None:
    if what == "mana_value":
        return chars.mana_value
    if "Creature" not in chars.types:
        return None  # CR 208.3: a noncreature permanent has no power or toughness
    return chars.power if what == "power" else chars.toughness


def _in_combat(flt: str, obj: Permanent | Card | StackItem, state: GameState) -> bool:
    """CR 506.4: attacking and blocking creatures, as the state file declares them; CR
    509.1h: from the declare blockers step on, an attacking creature is blocked or
    unblocked (before blockers are declared it is neither)."""
    if not isinstance(obj, Permanent):
        return False
    if flt == "attacking":
        return obj.attacking
    if flt == "blocking":
        return obj.blocking
    if flt == "attacking_or_blocking":
        return obj.attacking or obj.blocking
    if not obj.attacking or state.turn.phase in (Phase.DECLARE_ATTACKERS,):
        return False
    return obj.blocked if flt == "blocked" else not obj.blocked


def _matches_more(flt: ObjectFilter, chars: Characteristics,
                  obj: Permanent | Card | StackItem, state: GameState,
                  bindings: Mapping[str, int] | None, source_id: str | None) -> bool:
    """The filter's keyword, color, token, counter, comparison and combat parts."""
    if flt.keywords and not flt.keywords <= chars.keywords:
        return False
    if flt.not_keywords & chars.keywords:
        return False
    if flt.not_colors & chars.colors:
        return False
    if flt.not_subtypes & chars.subtypes:
        return False
    if flt.token is not None and (not isinstance(obj, Permanent) or obj.token != flt.token):
        return False
    if flt.counter is not None and (not isinstance(obj, Permanent)
                                    or obj.counters[flt.counter] == 0):
        return False
    for what, op, bound in flt.compare:
        if isinstance(bound, str):
            if bindings is None or bound not in bindings:
                continue  # an unbound variable matches anything
            n = bindings[bound]
        else:
            n = bound
        v = _value_of(chars, what)
        if v is None or (v > n if op == "<=" else v < n):
            return False
    if flt.chosen_color and not _has_chosen_color(chars, state, source_id):
        return False
    return flt.combat is None or _in_combat(flt.combat, obj, state)


def _has_chosen_color(chars: Characteristics, state: GameState, source_id: str | None
                      ) -> bool:
    """"Of the chosen color": the object has the color chosen for the source (CR 105.1;
    none chosen, or no source: nothing has it)."""
    if source_id is None or source_id not in state:
        return False
    source = state.get(source_id)
    chosen = source.choice("color") if isinstance(source, Permanent) else None
    return chosen is not None and ManaType[chosen] in chars.colors


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
    if not _matches_more(flt, chars, obj, state, bindings, source_id):
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
