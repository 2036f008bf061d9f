"""What every part of building a state from data shares: object ids, card and player
references, and the small values read everywhere (true/false, lists, counters, numbers).

Ids (a contract): every object's id is its explicit ``id``, else its card name, with
``#2``, ``#3`` ... for later copies in file order (players in file order, each
player's zones in the order written, then the stack, then ``effects``). Automatic ids
skip ids given explicitly.

Rules
-----
CR 109: objects (the ids are ours). CR 122.1: counters are never negative.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import HOW_TO_ADD_A_CARD, CardDatabase, CardDefinition
from ..state import Counters
from .problems import Collector, suggest

__all__ = ["MAX_NUMBER", "AutoIds", "Builder", "small_int"]

#: Largest number accepted for life, X, counters and library size.
MAX_NUMBER = 1_000_000


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def small_int(v: Any) -> bool:
    """A whole number no larger in size than :data:`MAX_NUMBER`."""
    return _is_int(v) and abs(v) <= MAX_NUMBER


class AutoIds:
    """The id contract's automatic part: an explicit ``id`` is kept; otherwise the card's
    name, with ``#2``, ``#3`` ... for later copies, skipping ids given explicitly and ids
    already handed out. One instance per state, called in file order."""

    def __init__(self, explicit: Iterable[str] = ()) -> None:
        self.explicit: set[str] = set(explicit)
        self.taken: set[str] = set()
        self.counts: dict[str, int] = {}

    def of(self, entry: Any, name: str) -> str:
        """The id of ``entry`` (a file entry) for a card named ``name``."""
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str) and entry["id"]:
            return str(entry["id"])
        n = self.counts.get(name, 0)
        while True:
            n += 1
            candidate = name if n == 1 else f"{name}#{n}"
            if candidate not in self.explicit and candidate not in self.taken:
                break
        self.counts[name] = n
        self.taken.add(candidate)
        return candidate


class Builder:
    """The state being built: its collector, card database, ids and player names."""

    def __init__(self, c: Collector, db: CardDatabase) -> None:
        self.c = c
        self.db = db
        self.ids = AutoIds()
        self.explicit = self.ids.explicit  # filled by collect_explicit
        self.player_names: list[str] = []
        self.paths: dict[str, str] = {}  # object id -> key path, in file order
        #: CR 903.7: some player names a commander (life starts at 40).
        self.commander_game = False

    # ids ---------------------------------------------------------------------------
    def collect_explicit(self, entry: Any, path: str) -> None:
        if isinstance(entry, Mapping) and "id" in entry:
            oid = entry["id"]
            if not isinstance(oid, str) or not oid:
                self.c.add("id must be a non-empty string", f"{path}.id")
            elif oid in self.explicit:
                self.c.add(f"duplicate id '{oid}'", f"{path}.id", "every id must be unique")
            elif oid in self.player_names:
                self.c.add(f"id '{oid}' is also a player's name", f"{path}.id",
                           "targets name players and objects alike: choose another id")
            else:
                self.explicit.add(oid)

    def new_id(self, entry: Any, name: str, path: str) -> str:
        """The object's id: explicit, else its name with #2, #3... (skipping taken ids)."""
        oid = self.ids.of(entry, name)
        self.paths.setdefault(oid, path)
        return oid

    # cards -------------------------------------------------------------------------
    def card(self, name: Any, path: str) -> CardDefinition | None:
        if not isinstance(name, str):
            self.c.add(f"expected a card name, got {type(name).__name__}", path)
            return None
        card = self.db.get(name)
        if card is None and name.strip() in self.c.broken_cards:
            return None  # its definition's problem is already reported
        if card is None:
            from ..tokens import predefined_token

            token = predefined_token(name)
            if token is not None:
                self.c.add(f"'{name}' is a predefined token ({token.name}, CR 111.10): a "
                           "token exists only on the battlefield; anywhere else it ceases "
                           "to exist (CR 111.7, 704.5d)", path,
                           "put it on a battlefield")
                return None
            suggestion = self._token_suggestion(name) or self.db.suggest(name)
            longer = self.db.starting_with(name + ",")
            if longer:  # `{card: Kozilek, the Great Distortion}` splits at the comma
                suggestion = (f"did you mean '{longer[0]}'? In [..] and {{..}}, quote names "
                              "that contain commas")
            self.c.add(f"unknown card '{name}'", path, suggestion or HOW_TO_ADD_A_CARD)
        return card

    def permanent_card(self, name: Any, path: str) -> tuple[CardDefinition | None, bool]:
        """The card of a permanent on the battlefield, and whether it is a predefined
        token (CR 111.10): a card the database has (a permanent card) first, then a
        predefined token by name ("Treasure", "Treasure Token"; the sorcery Blood can't
        be on the battlefield, CR 110.4, so "Blood" there is the Blood token)."""
        from ..tokens import predefined_token

        card = self.db.get(name) if isinstance(name, str) else None
        if card is not None and card.is_permanent_card:
            return card, False
        token = predefined_token(name)
        if token is not None:
            return token, True
        return (card if card is not None else self.card(name, path)), False

    @staticmethod
    def _token_suggestion(name: str) -> str | None:
        """A predefined token's name close to a misspelled one ("Tresure")."""
        import difflib

        from ..tokens import token_names

        close = difflib.get_close_matches(name, token_names(), n=1, cutoff=0.8)
        return f"did you mean '{close[0]}' (a predefined token, CR 111.10)?" if close else None

    def player_ref(self, name: Any, path: str) -> bool:
        if name not in self.player_names:
            self.c.add(f"unknown player '{name}'", path, suggest(name, self.player_names))
            return False
        return True

    def bool_field(self, d: Mapping[str, Any], key: str, path: str) -> bool:
        v = d.get(key, False)
        if not isinstance(v, bool):
            self.c.add(f"expected true or false, got {v!r}", f"{path}.{key}")
            return False
        return v

    # zones -------------------------------------------------------------------------
    def entries(self, v: Any, path: str, *, quiet: bool = False) -> list[tuple[Any, str]]:
        if v is None:
            return []
        if not isinstance(v, list):
            if not quiet:
                self.c.add(f"expected a list, got {type(v).__name__}", path)
            return []
        return [(e, f"{path}[{i}]") for i, e in enumerate(v)]

    def counters(self, v: Any, path: str) -> Counters:
        if v is None:
            return Counters()
        if not isinstance(v, Mapping):
            self.c.add("counters must be a mapping such as {\"+1/+1\": 2}", path)
            return Counters()
        good: dict[str, int] = {}
        for k, n in v.items():
            if not isinstance(k, str) or not k.strip():
                self.c.add(f"bad counter kind {k!r}", path)
            elif not small_int(n):
                self.c.add(f"counter number must be a whole number up to {MAX_NUMBER:,}, "
                           f"got {n!r}", f"{path}.{k}")
            elif n < 0:
                self.c.add(f"negative number of {k} counters: {n} (CR 122.1)",
                           f"{path}.{k}", "leave the kind out for no counters")
            else:
                good[k] = n
        return Counters.of(good)
