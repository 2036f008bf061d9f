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
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from .abilities import (
    Ability,
    ActivatedAbility,
    AlternativeCost,
    ManaProduction,
    ManaProductionKind,
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
    "LazyCards",
    "intrinsic_mana_ability",
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


#: Said when a name matches no card at all: how a user adds one.
HOW_TO_ADD_A_CARD = ("to use a card manacheck doesn't know, define it under 'cards:' in the "
                     "state file or in a file given with --cards, in the format of the "
                     "built-in cards (model/data/cards/*.yaml; README, 'Extra cards'), or "
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
            canonical = self._by_lower.get(name.strip().lower())
            card = self.cards[canonical] if canonical is not None else None
        return card

    @functools.cached_property
    def _by_lower(self) -> dict[str, str]:
        return {n.lower(): n for n in self.cards}

    def suggest(self, name: str) -> str | None:
        """'did you mean ...?' for the nearest card names: names that contain what was
        typed (``Gaea`` gives Gaea's Cradle), then names spelled alike."""
        lower = self._by_lower
        typed = name.strip().lower()
        if not typed:
            return None
        faces = [lower[p] for p in typed.split(" // ") if p in lower]
        if " // " in typed and faces:
            # "Fire // Ice": each face is a card of its own here.
            return ("each face is a card of its own: did you mean "
                    + " or ".join(f"'{c}'" for c in faces) + "?")
        close = sorted(lower[n] for n in lower if typed in n and n != typed)[:3]
        if not close:
            close = difflib.get_close_matches(name, list(self.cards), n=3, cutoff=0.6)
        if not close:
            close = [lower[c] for c in difflib.get_close_matches(typed, list(lower),
                                                                 n=3, cutoff=0.6)]
        close = [c for c in close if c != name]
        if not close:
            return None
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"

    def search(self, query: str, *, field: str = "any") -> list[CardDefinition]:
        """The cards every word of ``query`` occurs in (any letter case), by name.

        ``field`` is where to look: ``name``, ``type`` (the type line), ``text`` (the
        rules text and the abilities' texts) or ``any`` of them.
        """
        words = query.lower().split()
        out = []
        for name in sorted(self.cards):
            card = self.cards[name]
            parts = {"name": card.name, "type": card.type_line,
                     "text": " ".join([card.text, *(getattr(a, "text", "")
                                                    for a in card.abilities),
                                       *card.keywords])}
            hay = " ".join(parts.values()) if field == "any" else parts[field]
            if all(w in hay.lower() for w in words):
                out.append(card)
        return out

    def extended(self, extra: Sequence[CardDefinition]) -> CardDatabase:
        if isinstance(self.cards, LazyCards):
            return CardDatabase(self.cards.extended(extra))
        merged = dict(self.cards)
        for card in extra:
            merged[card.name] = card
        return CardDatabase(merged)



def intrinsic_mana_ability(land_type: str) -> ActivatedAbility:
    """CR 305.6: the intrinsic "{T}: Add [mana]" of a basic land type."""
    t = BASIC_LAND_TYPES[land_type]
    return ActivatedAbility(
        tap=True,
        mana=ManaProduction(ManaProductionKind.FIXED, mana=(t,), amount=0),
        text=f"{{T}}: Add {{{t.value}}}. (CR 305.6: intrinsic to {land_type})",
    )

