"""What a card is: :class:`CardDefinition`, the card types, and the card database.

Cards are data, never code. Reading the card format (YAML or JSON card entries) is in
``carddata`` (whole cards and abilities, and the built-in cards) and ``cardformat``
(the values inside them: filters, costs, mana, targets, effects).

Rules
-----
CR 109.3: an object's characteristics. CR 202.2: a card's colors come from its mana
cost or color indicator; CR 202.3: its mana value. CR 300.2a, 305.9: every card but a
land can be cast. CR 305.6: basic land types give intrinsic mana abilities; they are not
written in the card data, they follow from the subtypes (see ``characteristics``).
CR 712.8e: the back face of a transforming double-faced card has its front face's mana
value.
"""

from __future__ import annotations

import difflib
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .abilities import (
    Ability,
    ActivatedAbility,
    AlternativeCost,
    ManaProduction,
    ManaProductionKind,
    SpellText,
    StaticAbility,
    TriggeredAbility,
)
from .errors import UnknownObject
from .mana import ManaCost, ManaType

__all__ = [
    "BASIC_LAND_TYPES",
    "CARD_TYPES",
    "HOW_TO_ADD_A_CARD",
    "PERMANENT_TYPES",
    "SUPERTYPES",
    "CardDatabase",
    "CardDefinition",
    "CardLayer",
    "LayeredCards",
    "LazyCards",
    "intrinsic_mana_ability",
    "search_fields",
]

CARD_TYPES = frozenset(
    {
        "Artifact",
        "Battle",
        "Creature",
        "Enchantment",
        "Instant",
        "Kindred",
        "Land",
        "Planeswalker",
        "Sorcery",
    }
)
SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
# CR 305.6: the basic land types and the mana ability each one grants.
BASIC_LAND_TYPES: Mapping[str, ManaType] = {
    "Plains": ManaType.W,
    "Island": ManaType.U,
    "Swamp": ManaType.B,
    "Mountain": ManaType.R,
    "Forest": ManaType.G,
}
PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


@dataclass(frozen=True)
class CardDefinition:
    """A card's printed characteristics and abilities (CR 109.3).

    ``mana_cost`` is None for a card with no mana cost (lands); ``colors`` is the
    card's color (CR 202.2): from its mana cost unless ``color_indicator`` or devoid
    says otherwise.
    """

    name: str
    mana_cost: ManaCost | None = None
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    loyalty: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    alternative_costs: tuple[AlternativeCost, ...] = ()
    color_indicator: tuple[ManaType, ...] | None = None
    text: str = ""
    #: For the back face of a transforming double-faced card: its front face's name and
    #: mana cost (CR 712.8e: the back face up, the mana value is the front face's).
    front_face: str | None = None
    front_face_mana_cost: ManaCost | None = None
    #: An instant's or sorcery's lines read as what it does as it resolves (CR 608.2),
    #: written ``{spell: {effects, targets, text}}`` among its abilities.
    spell: SpellText | None = None

    @property
    def colors(self) -> tuple[ManaType, ...]:
        """CR 202.2: a card's colors come from its mana cost, or its color indicator.

        Devoid (CR 702.114a) makes it colorless.
        """
        if "Devoid" in self.keywords:
            return ()
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors if self.mana_cost is not None else ()

    def mana_value(self, x: int = 0) -> int:
        """CR 202.3: 0 with no mana cost (202.3a); ``x`` only on the stack (202.3e).

        A transformed permanent (a back face) has its front face's mana value (CR
        712.8e), though no mana cost of its own.
        """
        if self.mana_cost is None and self.front_face_mana_cost is not None:
            return self.front_face_mana_cost.mana_value(0)
        return self.mana_cost.mana_value(x) if self.mana_cost is not None else 0

    @property
    def is_permanent_card(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def is_spell_card(self) -> bool:
        """Cards that can be cast: every card that isn't a land (CR 300.2a, 305.9)."""
        return "Land" not in self.types

    @property
    def has_variable_cost(self) -> bool:
        return self.mana_cost is not None and self.mana_cost.has_variable

    @property
    def activated_abilities(self) -> tuple[ActivatedAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, ActivatedAbility))

    @property
    def triggered_abilities(self) -> tuple[TriggeredAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, TriggeredAbility))

    @property
    def static_abilities(self) -> tuple[StaticAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, StaticAbility))

    @property
    def type_line(self) -> str:
        left = " ".join((*self.supertypes, *self.types))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left



class LazyCards(Mapping[str, CardDefinition]):
    """Card definitions by name, each made from its entry only when first asked for.

    The names (and so iteration, ``len`` and ``in``) need no definition at all, so a
    lookup by name or a "did you mean" reads just the names' index.
    """

    def __init__(self, entries: Mapping[str, str | CardDefinition],
                 make: Callable[[str, str], CardDefinition]) -> None:
        self._entries = dict(entries)
        self._make = make

    def __getitem__(self, name: str) -> CardDefinition:
        entry = self._entries[name]
        if isinstance(entry, str):
            entry = self._entries[name] = self._make(name, entry)
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def raw(self) -> Mapping[str, str | CardDefinition]:
        """Each name's entry as it is now: card-format JSON text not yet made into a
        definition, or the definition (read-only; nothing is made)."""
        return self._entries

    def parsed(self) -> int:
        """How many definitions have been made so far."""
        return sum(1 for e in self._entries.values() if not isinstance(e, str))

    def added(self, entries: Mapping[str, str]) -> LazyCards:
        """These cards with the entries (card-format JSON text, by name) whose names
        aren't here yet; the names already here keep their definitions."""
        merged: dict[str, str | CardDefinition] = dict(entries)
        merged.update(self._entries)
        return LazyCards(merged, self._make)

    def extended(self, extra: Sequence[CardDefinition]) -> LazyCards:
        """These cards with ``extra`` added (later ones override), still lazy."""
        merged: dict[str, str | CardDefinition] = dict(self._entries)
        for card in extra:
            merged[card.name] = card
        return LazyCards(merged, self._make)


def search_fields(card: CardDefinition) -> dict[str, str]:
    """Where :meth:`CardDatabase.search` looks, by field: ``name``, ``type`` (the type
    line) and ``text`` (the rules text, the abilities' texts and the keywords)."""
    return {"name": card.name, "type": card.type_line,
            "text": " ".join([card.text, *(getattr(a, "text", "") for a in card.abilities),
                              *card.keywords])}


def _matches(card: CardDefinition, words: Sequence[str], field: str) -> bool:
    parts = search_fields(card)
    hay = " ".join(parts.values()) if field == "any" else parts[field]
    return all(w in hay.lower() for w in words)


class CardLayer(Mapping[str, CardDefinition], ABC):
    """Cards by name that can also say which of them match a search without making
    every definition (the shipped card pool, ``manacheck.model.pool``)."""

    @abstractmethod
    def matching(self, words: Sequence[str], field: str) -> list[str]:
        """The names of the cards every one of ``words`` (lower case) occurs in, in
        ``field`` as :func:`search_fields` names it, or in ``any`` of them."""

    def canonical(self, name: str) -> str | None:
        """The name of the card here whose name is ``name`` in any letter case (as
        ``str.lower`` compares), or None (default: by every name)."""
        key = name.lower()
        return next((n for n in self if n.lower() == key), None)

    def why_not(self, name: str) -> str | None:
        """Why a card named ``name`` (any letter case) is left out of these cards, as
        a sentence, or None if it isn't known to be (default: None)."""
        return None


class LayeredCards(Mapping[str, CardDefinition]):
    """``top``'s cards over ``under``'s: a name in both is ``top``'s definition.

    ``top`` holds the hand-written built-in cards and whatever a run adds (``--cards``,
    a state file's ``cards:``); ``under`` is the card pool, read only by name.
    Iteration gives ``top``'s names first, then the other names of ``under``.
    """

    def __init__(self, top: LazyCards, under: CardLayer) -> None:
        self.top = top
        self.under = under

    def __getitem__(self, name: str) -> CardDefinition:
        if name in self.top:
            return self.top[name]
        return self.under[name]

    def __contains__(self, name: object) -> bool:
        return name in self.top or name in self.under

    def __iter__(self) -> Iterator[str]:
        yield from self.top
        yield from (n for n in self.under if n not in self.top)

    def __len__(self) -> int:
        return len(self.top) + sum(1 for n in self.under if n not in self.top)

    def added(self, entries: Mapping[str, str]) -> LayeredCards:
        """As :meth:`LazyCards.added` on ``top``: the new entries beat ``under``'s
        definitions but not the names ``top`` already has."""
        return LayeredCards(self.top.added(entries), self.under)

    def extended(self, extra: Sequence[CardDefinition]) -> LayeredCards:
        """As :meth:`LazyCards.extended` on ``top``: ``extra`` beats every layer."""
        return LayeredCards(self.top.extended(extra), self.under)


#: Said when a name matches no card at all: how a user adds one.
HOW_TO_ADD_A_CARD = ("to use a card manacheck doesn't know, define it under 'cards:' in the "
                     "state file or in a file given with --cards, in the format of the "
                     "built-in cards (model/data/cards/*.yaml; docs/card-files.md), or "
                     "give --cards a card download (MTGJSON AtomicCards.json, Scryfall "
                     "oracle-cards)")


@dataclass(frozen=True)
class CardDatabase:
    """Card definitions by name; later definitions override earlier ones."""

    cards: Mapping[str, CardDefinition] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        """As :meth:`get`: any letter case."""
        return isinstance(name, str) and self.get(name) is not None

    def __getitem__(self, name: str) -> CardDefinition:
        card = self.get(name)
        if card is None:
            raise UnknownObject(f"unknown card '{name}'",
                                suggestion=self.suggest(name) or HOW_TO_ADD_A_CARD)
        return card

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, name: str) -> CardDefinition | None:
        """The card named ``name``; letter case doesn't matter (``llanowar elves``), but an
        exact spelling wins when two definitions differ only in case."""
        card = self.cards.get(name)
        if card is None:
            key = name.strip().lower()
            cards = self.cards
            if isinstance(cards, LayeredCards):
                # The upper layer's names, then the layer's own lookup (the pool reads
                # one shard, not every name).
                canonical = self._top_by_lower.get(key)
                if canonical is None:
                    canonical = cards.under.canonical(name.strip())
            else:
                canonical = self._by_lower.get(key)
            card = self.cards[canonical] if canonical is not None else None
        if card is None and " // " in name:
            card = self._whole_card(name.strip())
        return card

    def _whole_card(self, name: str) -> CardDefinition | None:
        """A double-faced or adventurer card by its full name ("Garruk Relentless //
        Garruk, the Veil-Cursed", as Scryfall and MTGJSON write it): its front face, whose
        characteristics it has everywhere but on the stack as its back face or Adventure
        (CR 712.8a, 715.4). A split card's full name isn't one face (709.4: in a hand or
        library it has both halves' characteristics combined), so it stays unknown."""
        front_name, _, back_name = name.partition(" // ")
        front, back = self.get(front_name), self.get(back_name)
        if front is None or back is None:
            return None
        if back.front_face == front.name:
            return front
        marker = f"(the adventurer card {name} "
        if any(str(getattr(ab, "text", "")).startswith(marker) for ab in front.abilities):
            return front
        return None

    @functools.cached_property
    def _by_lower(self) -> dict[str, str]:
        cards = self.cards
        # The later name wins: the pool's first, so that a layer above it wins.
        names = ([*cards.under, *cards.top] if isinstance(cards, LayeredCards)
                 else list(cards))
        return {n.lower(): n for n in names}

    def above_pool(self) -> CardDatabase:
        """These cards without the shipped card pool underneath: the built-in cards and
        the run's own (``--cards``, ``cards:``). What a report draws its nearby cards
        from, so that the pool's 23,000 cards are never all made."""
        return self._above_pool

    @functools.cached_property
    def _above_pool(self) -> CardDatabase:
        if isinstance(self.cards, LayeredCards):
            return CardDatabase(self.cards.top)
        return self

    @functools.cached_property
    def _scopes(self) -> tuple[dict[str, str], ...]:
        """Where suggestions look, in turn: with the pool underneath, the cards above it
        (hand-written, the run's own) first, then every name."""
        if isinstance(self.cards, LayeredCards):
            return self._top_by_lower, self._by_lower
        return (self._by_lower,)

    @functools.cached_property
    def _top_by_lower(self) -> dict[str, str]:
        top = self.cards.top if isinstance(self.cards, LayeredCards) else self.cards
        return {n.lower(): n for n in top}

    def suggest(self, name: str) -> str | None:
        """'did you mean ...?' for the nearest card names: names that contain what was
        typed (``Gaea`` gives Gaea's Cradle), then names spelled alike.

        With the shipped pool underneath, the built-in (hand-written) cards and the
        run's own are searched first, and the pool's names only when none of theirs is
        near; a name the pool leaves out on purpose (an Un-card) is said to be.
        """
        typed = name.strip().lower()
        if not typed:
            return None
        if isinstance(self.cards, LayeredCards):
            why = self.cards.under.why_not(name.strip())
            if why is not None:  # e.g. an Un-card: known, and left out on purpose
                return why
        best: tuple[int, float, str] | None = None
        for lower in self._scopes:
            found = _nearest(name, typed, lower)
            # A wider scope's suggestion only if it is nearer: a name containing what
            # was typed where the narrower had only look-alikes, or a closer look-alike.
            if found is not None and (best is None or found[:2] < best[:2]):
                best = found
        return best[2] if best is not None else None

    def starting_with(self, prefix: str) -> list[str]:
        """The names that start with ``prefix`` (as typed), sorted: with the pool
        underneath, the cards above it if any of theirs does, else the pool's."""
        for lower in self._scopes:
            found = sorted(n for n in lower.values() if n.startswith(prefix))
            if found:
                return found
        return []

    def search(self, query: str, *, field: str = "any") -> list[CardDefinition]:
        """The cards every word of ``query`` occurs in (any letter case), by name.

        ``field`` is where to look: ``name``, ``type`` (the type line), ``text`` (the
        rules text and the abilities' texts) or ``any`` of them.
        """
        words = query.lower().split()
        cards = self.cards
        top: Mapping[str, CardDefinition] = (cards.top if isinstance(cards, LayeredCards)
                                             else cards)
        found = {name: top[name] for name in top if _matches(top[name], words, field)}
        if isinstance(cards, LayeredCards):
            # The pool says which names match from its index: only those are made.
            for name in cards.under.matching(words, field):
                if name not in top:
                    found[name] = cards.under[name]
        return [found[name] for name in sorted(found)]

    def extended(self, extra: Sequence[CardDefinition]) -> CardDatabase:
        if isinstance(self.cards, LazyCards | LayeredCards):
            return CardDatabase(self.cards.extended(extra))
        merged = dict(self.cards)
        for card in extra:
            merged[card.name] = card
        return CardDatabase(merged)



def _nearest(name: str, typed: str, lower: Mapping[str, str]
             ) -> tuple[int, float, str] | None:
    """:meth:`CardDatabase.suggest` among the names ``lower`` maps (lower case to name):
    (how near, 0 nearest, then minus the similarity of the best look-alike, the
    suggestion), or None."""
    faces = [lower[p] for p in typed.split(" // ") if p in lower]
    if " // " in typed and faces:
        # "Fire // Ice": each face is a card of its own here.
        return (0, 0.0, "each face is a card of its own: did you mean "
                + " or ".join(f"'{c}'" for c in faces) + "?")
    rank, close = 1, sorted(lower[n] for n in lower if typed in n and n != typed)[:3]
    if not close:
        rank, close = 2, difflib.get_close_matches(name, list(lower.values()), n=3,
                                                   cutoff=0.6)
    if not close:
        close = [lower[c] for c in difflib.get_close_matches(typed, list(lower),
                                                             n=3, cutoff=0.6)]
    close = [c for c in close if c != name]
    if not close:
        return None
    score = (-difflib.SequenceMatcher(None, typed, close[0].lower()).ratio()
             if rank == 2 else 0.0)
    return rank, score, "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


def intrinsic_mana_ability(land_type: str) -> ActivatedAbility:
    """CR 305.6: the intrinsic "{T}: Add [mana]" of a basic land type."""
    t = BASIC_LAND_TYPES[land_type]
    return ActivatedAbility(
        tap=True,
        mana=ManaProduction(ManaProductionKind.FIXED, mana=(t,), amount=0),
        text=f"{{T}}: Add {{{t.value}}}. (CR 305.6: intrinsic to {land_type})",
    )

