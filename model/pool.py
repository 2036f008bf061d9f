"""The shipped card pool: every card of the 2022 MTGJSON AtomicCards file, by name.

``python -m manacheck.model.poolbuild`` writes it (see there) into ``data/pool/``, from
the download reader's output (``usercards.read_download``: the oracle-text reader, the
same skipping rules as ``--cards``):

* ``shard-NN.xz`` (``SHARDS`` of them, xz): lines ``name<TAB>entry``, sorted by name,
  where ``entry`` is the face's card-format entry as the reader gave it (compact JSON
  text); a name's shard is the CRC-32 of its UTF-8 case-folded form modulo ``SHARDS``
  (:func:`shard_of`), so a lookup reads one shard, about 20 KB;
* ``search.xz``: lines ``name<TAB>type line<TAB>text``, sorted by name, the
  :func:`~.cards.search_fields` of each parsed definition (line breaks as spaces), so
  that ``cards search`` reads one file and makes only the cards it finds;
* ``index.json``: the source file's name and SHA-256, the reader's version
  (``usercards.code_version``), the counts the reader gave, every name (sorted: what
  iteration, case-insensitive lookups and "did you mean" read) and the names the reader
  left out, with why (an Un-card's name gets a one-line reason, not a guess).

:func:`default_cards` is the card database every user-facing command starts from: the
hand-written built-in cards (``carddata.builtin_cards``) over the pool. The built-in
definitions win for the names they have; ``--cards`` and a state file's ``cards:`` are
layered above the pool (``cards.LayeredCards``) as they are above the built-ins, so a
newer download's text beats the pool's 2022 text.
"""

from __future__ import annotations

import functools
import json
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .carddata import builtin_cards, parse_card
from .cards import CardDatabase, CardDefinition, CardLayer, LayeredCards, LazyCards

__all__ = ["FORMAT", "INDEX", "POOL_DIR", "RETIRED", "SEARCH", "SHARDS", "SOURCE", "PoolCards",
           "default_cards", "shard_file", "shard_of"]

#: Where the shipped pool is, beside this module as installed.
POOL_DIR = Path(__file__).resolve().parent / "data" / "pool"
#: The reference file the pool is read from (in the repository, not installed).
SOURCE = Path("reference") / "cards" / "AtomicCards-2022-04.json.xz"
#: How many shards the entries are split into (about 360 faces, 20 KB, each).
SHARDS = 64
#: The shipped form's own format: bumped when the layout of the files changes.
FORMAT = "manacheck-pool-1"
INDEX = "index.json"
SEARCH = "search.xz"


#: The hand-written definitions retired (issue 12): each parsed to exactly the reader's
#: reading of the card (the pool's entry) but for the displayed text, which the reader
#: gives with the oracle's line breaks. Those in ``reference/cards/mana-cards.json`` are
#: the reader's output in ``data/cards/40_generated.json`` now (built in, as fast to look
#: up as before); the rest (Branching Evolution, Elvish Archdruid, ...) resolve from the
#: pool. The reports' rulings bundle and the whole-pool report's default run cover every
#: one, as they did when they were hand-written.
RETIRED: tuple[str, ...] = (
    "Agent of Stromgald", "Ancient Tomb", "Ancient Ziggurat", "Ashnod's Altar",
    "Azorius Signet", "Badlands", "Bayou", "Birds of Paradise", "Black Lotus",
    "Blood Moon", "Blood Vassal", "Bloom Tender", "Branching Evolution", "Cabal Coffers",
    "Cascade Bluffs", "Cascading Cataracts", "Celestial Prism", "Chromatic Lantern",
    "Chromatic Sphere", "Coldsteel Heart", "Cryptolith Rite", "Darksteel Ingot",
    "Darkwater Catacombs", "Deserted Temple", "Doubling Cube", "Eldrazi Temple",
    "Elvish Archdruid", "Elvish Spirit Guide", "Endless One", "Exotic Orchard",
    "Fellwar Stone", "Fetid Heath", "Fire-Lit Thicket", "Flooded Grove", "Forest",
    "Gaea's Cradle", "Gemstone Mine", "Gilded Lotus", "Graven Cairns", "Harvester Druid",
    "Heartstone", "Hyrax Tower Scout", "Island", "Kozilek's Channeler",
    "Krark-Clan Ironworks", "Lion's Eye Diamond", "Llanowar Elves", "Lotus Petal",
    "Mage-Ring Network", "Mana Confluence", "Metalworker", "Mind Stone",
    "Mishra's Workshop", "Mossfire Valley", "Mountain", "Mox Amber", "Mox Opal",
    "Mystic Gate", "Naga Vitalist", "Overgrowth", "Pentad Prism", "Phyrexian Altar",
    "Phyrexian Tower", "Pillar of the Paruns", "Plains", "Plateau", "Power Artifact",
    "Priest of Titania", "Prismatic Omen", "Reflecting Pool", "Rugged Prairie", "Savannah",
    "Scrubland", "Serra's Sanctum", "Shadowblood Ridge", "Shimmering Grotto",
    "Simian Spirit Guide", "Sisay's Ring", "Skycloud Expanse", "Snow-Covered Forest",
    "Snow-Covered Island", "Snow-Covered Mountain", "Snow-Covered Plains",
    "Snow-Covered Swamp", "Sol Ring", "Soldevi Adnate", "Sphere of Resistance",
    "Springleaf Drum", "Squandered Resources", "Sungrass Prairie", "Sunken Ruins", "Swamp",
    "Sylvan Caryatid", "Taiga", "Tarnished Citadel", "Thalia, Guardian of Thraben",
    "Thran Dynamo", "Tolarian Academy", "Training Grounds", "Tropical Island", "Tundra",
    "Twilight Mire", "Underground Sea", "Urborg, Tomb of Yawgmoth", "Urza's Mine",
    "Urza's Power Plant", "Urza's Tower", "Volcanic Island", "Voltaic Key", "Wastes",
    "Wild Growth", "Wooded Bastion", "Yavimaya, Cradle of Growth",
)


def shard_of(name: str, shards: int = SHARDS) -> int:
    """The shard a card name's entry is in: CRC-32 of its case-folded UTF-8, mod
    ``shards`` (stable across runs and Python versions, unlike ``hash``)."""
    return zlib.crc32(name.casefold().encode("utf-8")) % shards


def shard_file(i: int) -> str:
    """The file name of shard ``i``."""
    return f"shard-{i:02d}.xz"


def _lines(text: str) -> Iterator[tuple[str, str]]:
    for line in text.splitlines():
        name, _, rest = line.partition("\t")
        yield name, rest


class PoolCards(CardLayer):
    """The shipped pool as cards by name: a shard is read when a name in it is first
    looked up, a definition made when it is first asked for.

    Parameters
    ----------
    folder
        The pool's folder (default :data:`POOL_DIR`).
    """

    def __init__(self, folder: Path = POOL_DIR) -> None:
        self.folder = folder
        self._shards: dict[int, dict[str, str]] = {}
        self._made: dict[str, CardDefinition] = {}

    def _read(self, file: str) -> str:
        import lzma

        return lzma.decompress((self.folder / file).read_bytes()).decode("utf-8")

    def entry(self, name: str) -> str | None:
        """The card-format entry (JSON text) of the face ``name`` (exact spelling),
        or None if the pool has no such face."""
        i = shard_of(name)
        shard = self._shards.get(i)
        if shard is None:
            shard = self._shards[i] = dict(_lines(self._read(shard_file(i))))
        return shard.get(name)

    def canonical(self, name: str) -> str | None:
        """The pool's name for ``name`` in any letter case, from ``name``'s shard alone
        (names equal but for case fold alike, so they share a shard)."""
        if self.entry(name) is not None:
            return name
        key = name.lower()
        shard = self._shards[shard_of(name)]
        return next((n for n in shard if n.lower() == key), None)

    def entries(self) -> Iterator[tuple[str, str]]:
        """Every (face name, entry) of the pool, shard by shard (all 64 are read)."""
        for i in range(SHARDS):
            shard = self._shards.get(i)
            if shard is None:
                shard = self._shards[i] = dict(_lines(self._read(shard_file(i))))
            yield from shard.items()

    def shards_read(self) -> int:
        """How many shards have been read so far."""
        return len(self._shards)

    def __getitem__(self, name: str) -> CardDefinition:
        card = self._made.get(name)
        if card is None:
            entry = self.entry(name) if isinstance(name, str) else None
            if entry is None:
                raise KeyError(name)
            card = self._made[name] = parse_card(json.loads(entry), name)
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.entry(name) is not None

    @functools.cached_property
    def index(self) -> dict[str, Any]:
        """``index.json``: the source, the reader's version, the counts, the names."""
        data: dict[str, Any] = json.loads((self.folder / INDEX).read_text(encoding="utf-8"))
        return data

    @functools.cached_property
    def _names(self) -> tuple[str, ...]:
        return tuple(self.index["names"])

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    @functools.cached_property
    def _left_out(self) -> dict[str, tuple[str, str]]:
        skipped: dict[str, str] = self.index["skipped_names"]
        return {n.casefold(): (n, why) for n, why in skipped.items()}

    def why_not(self, name: str) -> str | None:
        """Why the pool's source has a card named ``name`` (any letter case) but the
        pool doesn't: an Un-card, an online-only card, a Scheme... (None otherwise)."""
        found = self._left_out.get(name.casefold())
        if found is None:
            return None
        what = "online-only cards" if found[1] == "online-only" else found[1]
        return (f"'{found[0]}' is left out of the 2022 card pool: {what} are outside "
                "the rules manacheck answers for")

    def matching(self, words: Sequence[str], field: str) -> list[str]:
        """The names whose search fields hold every one of ``words`` (lower case),
        read from ``search.xz`` alone."""
        column = {"name": 0, "type": 1, "text": 2}.get(field)
        out = []
        for line in self._read(SEARCH).splitlines():
            name = line.partition("\t")[0]
            hay = (line if column is None else line.split("\t")[column]).lower()
            if all(w in hay for w in words):
                out.append(name)
        return out


@functools.cache
def default_cards() -> CardDatabase:
    """The cards a command knows without ``--cards``: the hand-written built-in cards
    over the shipped pool (a built-in definition wins for its name).

    ``carddata.builtin_cards`` stays the hand-written cards alone: what the reports
    and the built-in card tests go through.
    """
    builtin = builtin_cards().cards
    top = builtin if isinstance(builtin, LazyCards) else LazyCards(dict(builtin), _make)
    return CardDatabase(LayeredCards(top, PoolCards()))


def _make(name: str, entry: str) -> CardDefinition:
    return parse_card(json.loads(entry), name)
