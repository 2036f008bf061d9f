"""The game as data: objects, zones, counters, players, the turn and the stack.

One immutable :class:`GameState` is the centre of the API, the way ``chess.Board`` is
for python-chess. Every object has a stable id (CR 109: objects; the ids are ours).

Rules
-----
CR 302.6: a creature's {T}/{Q} abilities need it to have been under its controller's
control continuously since their most recent turn began (``summoning_sick`` is the
negation of that), unless it has haste (CR 702.10).
CR 122.1: counters; CR 122.1b: keyword counters grant their keyword.
CR 202.3e: a spell's {X} counts its chosen value on the stack; CR 118.9c: an
alternative cost never changes mana value.
CR 405: the stack; its last entry is on top.
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from .cards import CardDatabase, CardDefinition
from .english import plural
from .errors import UnknownObject
from .mana import ManaPool, ManaType

__all__ = [
    "CR_VERSION",
    "KEYWORD_COUNTERS",
    "Card",
    "ContinuousEffect",
    "Counters",
    "GameState",
    "Permanent",
    "Phase",
    "Player",
    "StackItem",
    "Turn",
]

#: The Comprehensive Rules version every rule number here was checked against.
CR_VERSION = "2026-01-16"

#: CR 122.1b: keyword counters and the keyword each grants.
KEYWORD_COUNTERS = frozenset(
    {
        "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted",
        "haste", "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow",
        "trample", "vigilance",
    }
)


class Phase(enum.Enum):
    """Phases and steps (CR 500.1), in turn order."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main(self) -> bool:
        """CR 505.1: precombat and postcombat main phases."""
        return self in (Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN)


@dataclass(frozen=True, slots=True)
class Counters:
    """Counters on an object (CR 122), as sorted (kind, number) pairs; no zeros.

    Examples
    --------
    >>> c = Counters.of({"+1/+1": 2, "flying": 1})
    >>> c["+1/+1"], c["-1/-1"]
    (2, 0)
    >>> c.total
    3
    """

    items: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def of(mapping: Mapping[str, int]) -> Counters:
        for k, n in mapping.items():
            if n < 0:
                raise ValueError(f"negative number of {k} counters: {n}")
        return Counters(tuple(sorted((k, n) for k, n in mapping.items() if n > 0)))

    def __getitem__(self, kind: str) -> int:
        for k, n in self.items:
            if k == kind:
                return n
        return 0

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.items)

    def as_dict(self) -> dict[str, int]:
        return dict(self.items)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.items)

    def add(self, kind: str, n: int) -> Counters:
        d = self.as_dict()
        d[kind] = d.get(kind, 0) + n
        return Counters.of(d)

    def remove(self, kind: str, n: int) -> Counters:
        d = self.as_dict()
        d[kind] = max(0, d.get(kind, 0) - n)
        return Counters.of(d)

    def plus(self, other: Counters) -> Counters:
        d = self.as_dict()
        for k, n in other.items:
            d[k] = d.get(k, 0) + n
        return Counters.of(d)


@dataclass(frozen=True, slots=True)
class Permanent:
    """A permanent on the battlefield (CR 110).

    ``summoning_sick`` is True when the permanent has NOT been under its controller's
    control continuously since their most recent turn began (CR 302.6); it only
    matters for creatures. ``chosen`` holds choices made as it entered ("color": "W",
    "creature_type": "Elf").
    """

    id: str
    card: CardDefinition
    controller: str
    owner: str
    tapped: bool = False
    summoning_sick: bool = False
    counters: Counters = Counters()
    chosen: tuple[tuple[str, str], ...] = ()
    token: bool = False
    attached_to: str | None = None
    #: CR 613.7: its timestamp, when the state file gives one (smaller is earlier);
    #: without one, its place in the file (players in order, battlefields in order).
    timestamp: int | None = None
    #: CR 506.4, 508.1: declared as an attacker this combat (only during the combat
    #: phase, from the declare attackers step on).
    attacking: bool = False
    #: CR 509.1: declared as a blocker this combat (from the declare blockers step on;
    #: it stays a blocking creature if the creature it blocks leaves combat).
    blocking: bool = False
    #: CR 509.1h: an attacking creature that became blocked this combat (it stays
    #: blocked after its blockers leave). From the declare blockers step on, an
    #: attacking creature not marked blocked is unblocked.
    blocked: bool = False
    #: CR 508.1: it was declared as an attacker this turn (boast, CR 702.142a); an
    #: attacking creature has.
    attacked_this_turn: bool = False
    #: CR 120.3e, 120.6: damage marked on it (a creature's; removed in the cleanup step,
    #: 514.3a). Lethal damage destroys a creature as a state-based action (704.5g).
    damage: int = 0

    @property
    def name(self) -> str:
        return self.card.name

    def choice(self, key: str) -> str | None:
        for k, v in self.chosen:
            if k == key:
                return v
        return None


@dataclass(frozen=True, slots=True)
class Card:
    """A card in a hand, graveyard or exile (CR 108)."""

    id: str
    card: CardDefinition
    owner: str

    @property
    def name(self) -> str:
        return self.card.name

    def mana_value(self) -> int:
        """CR 202.3e: off the stack, {X} is 0."""
        return self.card.mana_value(0)


@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell or ability on the stack (CR 405).

    For a spell, ``card`` is its card, ``x`` the chosen X and ``alternative_cost``
    the name of an alternative cost used (e.g. ``"awaken"``). For an ability,
    ``source`` is the id of its source and ``ability`` its 1-based number.
    """

    id: str
    controller: str
    card: CardDefinition | None = None
    x: int | None = None
    alternative_cost: str | None = None
    targets: tuple[str, ...] = ()
    source: str | None = None
    ability: int | None = None
    #: A triggered ability: its 1-based number among the source card's triggered
    #: abilities (``ability`` is then None). Added for the resolution solver.
    trigger: int | None = None
    #: CR 603.10a, 608.2h: the counters, by last-known information, of the object
    #: whose leaving the battlefield triggered this ability.
    counters: Counters = Counters()

    @property
    def is_spell(self) -> bool:
        return self.card is not None

    @property
    def name(self) -> str:
        if self.card is not None:
            return self.card.name
        if self.trigger is not None:
            return f"triggered ability {self.trigger} of {self.source}"
        return f"ability {self.ability} of {self.source}"

    def mana_value(self) -> int:
        """CR 202.3e: X is its chosen value on the stack; 118.9c: an alternative cost
        doesn't change mana value. An ability has mana value 0 (it has no mana cost)."""
        if self.card is None:
            return 0
        return self.card.mana_value(self.x or 0)


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell that still applies (CR 611.2a).

    E.g. Pale Moon's "until end of turn, if a player taps a nonbasic land for mana, it
    produces colorless mana instead". ``card``'s static abilities are the effect;
    ``controller`` is the player who controlled the spell (its "you").
    """

    id: str
    card: CardDefinition
    controller: str
    #: CR 613.7b: when the spell that made it resolved, if the state file says
    #: (smaller is earlier); without one, after every permanent, in file order.
    timestamp: int | None = None

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(frozen=True, slots=True)
class Player:
    """A player and their zones (CR 102, 400)."""

    name: str
    life: int = 20
    hand: tuple[Card, ...] = ()
    battlefield: tuple[Permanent, ...] = ()
    graveyard: tuple[Card, ...] = ()
    exile: tuple[Card, ...] = ()
    #: The command zone (CR 408): in the Commander variant, the player's commanders
    #: that are there (CR 903.6, 903.9).
    command: tuple[Card, ...] = ()
    library_size: int = 0
    mana_pool: ManaPool = ManaPool()
    #: energy counters the player has (CR 107.14: {E} is paid by removing one)
    energy: int = 0
    #: The names of the player's commander cards (the Commander variant, CR 903.3;
    #: two with partner, 702.124a); none outside the variant.
    commanders: tuple[str, ...] = ()
    #: Their color identity, combined (CR 903.4, 702.124c), in WUBRG order; None with
    #: no commander (903.4f) or when the card format can't say it (``model.identity``).
    commander_identity: tuple[ManaType, ...] | None = None
    #: How many times the player has cast each commander from the command zone this
    #: game, by name (CR 903.8: the commander tax; 702.124d: partners counted apart).
    #: A commander not listed: none.
    commander_casts: tuple[tuple[str, int], ...] = ()
    #: How many lands the player has played this turn (CR 305.2; "If you played a land
    #: this turn", River of Tears).
    lands_played: int = 0
    #: The life the player has gained this turn (CR 119.3; Accomplished Alchemist) and
    #: the cards they have drawn this turn (CR 121.1; Kydele); None when the state
    #: doesn't say (a mana amount that reads it is then not decided).
    life_gained: int | None = None
    cards_drawn: int | None = None

    def casts_from_command_zone(self, commander: str) -> int:
        """How many times the player has cast ``commander`` from the command zone this
        game (CR 903.8; 702.124d: each of two commanders counted apart)."""
        return dict(self.commander_casts).get(commander, 0)


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is, which step (CR 500), and who holds priority (CR 117).

    ``priority`` is None when the state file doesn't say: the player asking is then
    taken to hold it.
    """

    active_player: str
    phase: Phase = Phase.PRECOMBAT_MAIN
    number: int = 1
    priority: str | None = None


GameObject = Permanent | Card | StackItem
_ID = operator.attrgetter("id")


@dataclass(frozen=True)
class GameState:
    """A game situation: players in turn order, the stack, the turn, the cards.

    Immutable and hashable; change it with :func:`dataclasses.replace` or the
    ``with_*`` helpers. ``activated_this_turn`` lists (object id, ability number)
    pairs already activated this turn ("activate only once each turn", CR 602.5b).
    ``events`` are the raw events of the state file (played out by the resolution
    solver).
    """

    players: tuple[Player, ...]
    turn: Turn
    stack: tuple[StackItem, ...] = ()
    cards: CardDatabase = field(default_factory=CardDatabase, compare=False, hash=False)
    activated_this_turn: tuple[tuple[str, int], ...] = ()
    events: tuple[object, ...] = field(default=(), compare=False, hash=False)
    source: str | None = field(default=None, compare=False, hash=False)
    effects: tuple[ContinuousEffect, ...] = ()

    # ---- lookups -------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise UnknownObject(
            f"unknown player '{name}'",
            suggestion="players are " + ", ".join(repr(p.name) for p in self.players),
        )

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def opponents(self, name: str) -> tuple[Player, ...]:
        """CR 102.2: in a two-player game each player's opponent is the other."""
        return tuple(p for p in self.players if p.name != name)

    @functools.cached_property
    def permanents(self) -> tuple[Permanent, ...]:
        """Every permanent on the battlefield, players in turn order (computed once)."""
        return tuple(itertools.chain.from_iterable(p.battlefield for p in self.players))

    @functools.cached_property
    def _index(self) -> dict[str, tuple[str, GameObject, str]]:
        """id -> (zone, object, player name or '' for the stack)."""
        out: dict[str, tuple[str, GameObject, str]] = {}
        # Zone by zone without a Python loop over the objects (a state is made for each
        # event a resolution plays, and this is read for each).
        for p in self.players:
            zones: tuple[tuple[str, tuple[GameObject, ...]], ...] = (
                ("battlefield", p.battlefield), ("hand", p.hand),
                ("graveyard", p.graveyard), ("exile", p.exile), ("command", p.command))
            for zone, objs in zones:
                out.update(zip(map(_ID, objs), zip(itertools.repeat(zone), objs,
                                                   itertools.repeat(p.name)), strict=True))
        out.update(zip(map(_ID, self.stack), zip(itertools.repeat("stack"), self.stack,
                                                 itertools.repeat("")), strict=True))
        return out

    def __contains__(self, object_id: object) -> bool:
        return object_id in self._index

    def get(self, object_id: str) -> GameObject:
        """The object with this id, wherever it is."""
        try:
            return self._index[object_id][1]
        except KeyError:
            raise UnknownObject(f"unknown object '{object_id}'",
                                suggestion=self._suggest_id(object_id)) from None

    def zone_of(self, object_id: str) -> str:
        self.get(object_id)
        return self._index[object_id][0]

    def permanent(self, object_id: str) -> Permanent:
        obj = self.get(object_id)
        if not isinstance(obj, Permanent):
            raise UnknownObject(f"'{object_id}' is not on the battlefield "
                                f"(it is in the {self._index[object_id][0]})")
        return obj

    def same_name(self, object_id: str) -> tuple[tuple[str, str], ...]:
        """The other objects whose card has the name ``object_id`` is written as, with
        their zones, when ``object_id`` is an id that is also a card name (ids default
        to the card name, then ``Name#2``...): so a bare name that could mean several
        objects can be said to."""
        if object_id not in self:
            return ()
        name = getattr(self.get(object_id), "name", None)
        if name != object_id:
            return ()
        return tuple((oid, zone) for oid, (zone, obj, _) in self._index.items()
                     if oid != object_id and getattr(obj, "name", None) == name)

    def object_ids(self) -> tuple[str, ...]:
        return tuple(self._index)

    def _suggest_id(self, object_id: str) -> str | None:
        import difflib

        close = difflib.get_close_matches(object_id, list(self._index), n=3, cutoff=0.5)
        if not close:
            return None
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"

    # ---- changes (each returns a new state) -----------------------------------------
    def with_player(self, player: Player) -> GameState:
        return replace(
            self, players=tuple(player if p.name == player.name else p for p in self.players)
        )

    def with_permanent(self, perm: Permanent) -> GameState:
        """Replace the permanent with the same id (it stays with its controller)."""
        for p in self.players:
            ids = list(map(_ID, p.battlefield))  # no Python loop over the permanents
            if perm.id in ids:
                i = ids.index(perm.id)
                bf = p.battlefield
                return self.with_player(replace(p, battlefield=(*bf[:i], perm, *bf[i + 1:])))
        raise UnknownObject(f"unknown permanent '{perm.id}'")

    def __repr__(self) -> str:
        """A one-line summary. The whole state, as a state file that loads back, is
        ``manacheck.model.dump_state_text(state)`` (files and formats are not the state's
        business)."""
        source = f" from {self.source!r}" if self.source else ""
        return (f"<GameState{source}: turn {self.turn.number}, {self.turn.active_player}'s "
                f"{self.turn.phase.value}; players {', '.join(self.player_names)}; "
                f"{plural(len(self.permanents), 'permanent')}, {len(self.stack)} on the "
                f"stack>")
