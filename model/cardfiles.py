"""Card files as users have them: MTGJSON and Scryfall downloads, read as raw records.

:func:`read_records` streams a file (plain JSON, or gzip, xz, bzip2 or zip compressed)
and yields one :class:`CardRecord` per card object in it, in bounded memory (see
``jsonstream``). The format is told from the content:

* MTGJSON ``AtomicCards`` (``{"meta", "data": {NAME: [face, ...]}}``), ``AllPrintings``
  (``{"data": {SETCODE: {"cards": [...]}}}``) and a set file (``{"data": {"code",
  "cards": [...]}}``); a card object there is one face (``faceName``, ``side``);
* Scryfall bulk data (``oracle-cards``, ``default-cards``: a JSON list of card objects,
  ``card_faces`` for the faces) and a search result page (``{"object": "list",
  "data": [...]}``).

:func:`collect` merges the records of one card (AllPrintings repeats a card in each set
it was printed in, and gives each face of a card as its own object) and says which
were skipped: Un-cards (``isFunny``, Scryfall's ``funny`` sets) and online-only cards,
when every printing of them is.

Anything else (a truncated file, another schema, a list of names) is refused with one
line naming the file, the key path and the byte offset.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import BadInput
from .jsonstream import DEFAULT_MAX_DECOMPRESSED, JsonStream, open_chunks

__all__ = ["CardRecord", "Collected", "FaceRecord", "collect", "detect", "read_records"]

#: Supertypes as type lines print them (Host and Elite only on Un-cards).
TYPE_LINE_SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Host",
                                  "Elite"})

#: The keys of an MTGJSON set object: a ``data`` whose first key is one of these is a set
#: file (card names, AtomicCards' keys, never are).
MTGJSON_SET_KEYS = frozenset({
    "baseSetSize", "block", "booster", "cards", "cardsphereSetId", "code", "codeV3",
    "decks", "isForeignOnly", "isFoilOnly", "isNonFoilOnly", "isOnlineOnly",
    "isPaperOnly", "isPartialPreview", "keyruneCode", "languages", "mcmId",
    "mcmIdExtras", "mcmName", "mtgoCode", "name", "parentCode", "releaseDate",
    "sealedProduct", "tcgplayerGroupId", "tokens", "tokenSetCode", "totalSetSize",
    "translations", "type"})

#: The most distinct cards a file may hold (all of Magic is under 40,000).
MAX_CARDS = 400_000


@dataclass(frozen=True)
class FaceRecord:
    """One face of a card as the file gives it. ``colors`` is None when the file
    doesn't say (a Scryfall split card's halves)."""

    name: str
    side: str | None = None
    mana_cost: str = ""
    type_line: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None


@dataclass(frozen=True)
class CardRecord:
    """One card (every face of it), with its rulings where the file has them
    (``(date, text)`` pairs) and whether it is an Un-card or online-only."""

    name: str
    layout: str = "normal"
    faces: tuple[FaceRecord, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()
    funny: bool = False
    online_only: bool = False


# ---- the two card object schemas ---------------------------------------------------

def split_type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(supertypes, card types, subtypes) of a type line (CR 205.1)."""
    left, _, right = line.partition(" — ")
    words = left.split()
    return (tuple(w for w in words if w in TYPE_LINE_SUPERTYPES),
            tuple(w for w in words if w not in TYPE_LINE_SUPERTYPES), tuple(right.split()))


class _Where:
    """Where a card object is, for messages: file, key path, byte offset."""

    def __init__(self, stream: JsonStream, path: str) -> None:
        self.stream, self.path = stream, path
        self.offset = stream.offset()

    def fail(self, what: str, suggestion: str | None = None) -> BadInput:
        return BadInput(f"{self.stream.name}: {what} at {self.path} (byte offset "
                        f"{self.offset})", suggestion=suggestion)


def _text(obj: Mapping[str, Any], key: str, where: _Where, default: str = "") -> str:
    v = obj.get(key, default)
    if v is None:
        return default
    if not isinstance(v, str):
        raise where.fail(f"'{key}' should be text, not {_json_type(v)}")
    return v


def _opt(obj: Mapping[str, Any], key: str, where: _Where) -> str | None:
    v = obj.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, str | int | float):
        raise where.fail(f"'{key}' should be text or a number, not {_json_type(v)}")
    return str(v)


def _strs(obj: Mapping[str, Any], key: str, where: _Where) -> tuple[str, ...] | None:
    v = obj.get(key)
    if v is None:
        return None
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise where.fail(f"'{key}' should be a list of text")
    return tuple(v)


def _json_type(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        return json_literal(v)
    return {str: "text", int: "a number", float: "a number", list: "a list",
            dict: "an object"}.get(type(v), type(v).__name__)


def json_literal(v: Any) -> str:
    return {True: "true", False: "false", None: "null"}[v]


def _not_a_card(v: Any, where: _Where, schema: str) -> BadInput:
    if isinstance(v, str):
        return where.fail(f"found the text {v[:40]!r} where a card object belongs (a list "
                          "of card names is not a card file)",
                          suggestion="give the full card data: MTGJSON AtomicCards.json or "
                          "Scryfall's oracle-cards bulk file")
    if isinstance(v, Mapping):
        keys = ", ".join(list(v)[:4]) or "no keys"
        return where.fail(f"not {schema} card object (it has {keys})")
    return where.fail(f"found {_json_type(v)} where {schema} card object belongs")


def mtgjson_face(obj: Any, where: _Where) -> CardRecord:
    """A record from one MTGJSON card object (one face)."""
    if not isinstance(obj, Mapping) or not isinstance(obj.get("name"), str) or not (
            "type" in obj or "types" in obj):
        raise _not_a_card(obj, where, "an MTGJSON")
    type_line = _text(obj, "type", where)
    sup, types, sub = split_type_line(type_line)
    multi = "faceName" in obj
    face = FaceRecord(
        name=_text(obj, "faceName", where) if multi else obj["name"],
        side=_opt(obj, "side", where),
        mana_cost=_text(obj, "manaCost", where),
        type_line=type_line,
        supertypes=_strs(obj, "supertypes", where) or sup,
        types=_strs(obj, "types", where) or types,
        subtypes=_strs(obj, "subtypes", where) or sub,
        text=_text(obj, "text", where),
        power=_opt(obj, "power", where),
        toughness=_opt(obj, "toughness", where),
        loyalty=_opt(obj, "loyalty", where),
        colors=_strs(obj, "colors", where),
        color_indicator=_strs(obj, "colorIndicator", where),
    )
    rulings: list[tuple[str, str]] = []
    raw = obj.get("rulings") or []
    if not isinstance(raw, list):
        raise where.fail("'rulings' should be a list")
    for r in raw:
        if not isinstance(r, Mapping) or not isinstance(r.get("text"), str):
            raise where.fail("a ruling should be {\"date\", \"text\"}")
        rulings.append((str(r.get("date") or ""), r["text"]))
    return CardRecord(name=obj["name"], layout=_text(obj, "layout", where, "normal"),
                      faces=(face,), rulings=tuple(rulings),
                      funny=bool(obj.get("isFunny")),
                      online_only=bool(obj.get("isOnlineOnly")))


def scryfall_card(obj: Any, where: _Where) -> CardRecord:
    """A record from one Scryfall card object (its faces from ``card_faces``)."""
    if not isinstance(obj, Mapping) or not isinstance(obj.get("name"), str) or not (
            "type_line" in obj or "card_faces" in obj):
        raise _not_a_card(obj, where, "a Scryfall")
    raw_faces = obj.get("card_faces")
    if raw_faces is not None and (not isinstance(raw_faces, list) or not all(
            isinstance(f, Mapping) for f in raw_faces)):
        raise where.fail("'card_faces' should be a list of objects")
    sources: list[Mapping[str, Any]] = list(raw_faces) if raw_faces else [obj]
    faces = []
    for i, src in enumerate(sources):
        type_line = _text(src, "type_line", where)
        sup, types, sub = split_type_line(type_line)
        faces.append(FaceRecord(
            name=_text(src, "name", where),
            side="abcde"[i] if raw_faces and i < 5 else None,
            mana_cost=_text(src, "mana_cost", where),
            type_line=type_line, supertypes=sup, types=types, subtypes=sub,
            text=_text(src, "oracle_text", where),
            power=_opt(src, "power", where), toughness=_opt(src, "toughness", where),
            loyalty=_opt(src, "loyalty", where),
            colors=_strs(src, "colors", where) if "colors" in src or not raw_faces
            else None,
            color_indicator=_strs(src, "color_indicator", where)))
    return CardRecord(name=obj["name"], layout=_text(obj, "layout", where, "normal"),
                      faces=tuple(faces),
                      funny=obj.get("set_type") == "funny",
                      online_only=bool(obj.get("digital")))


def _card_object(obj: Any, where: _Where) -> CardRecord:
    """A card object of either schema, told apart by its keys."""
    if isinstance(obj, Mapping) and ("type_line" in obj or "card_faces" in obj
                                     or obj.get("object") == "card"):
        return scryfall_card(obj, where)
    if isinstance(obj, Mapping) and obj.get("object") not in (None, "card"):
        raise where.fail(f"a Scryfall '{obj.get('object')}' object, not a card"
                         + (f": {obj.get('details')}" if obj.get("details") else ""))
    return mtgjson_face(obj, where)


# ---- the file layouts ---------------------------------------------------------------

def detect(path: str | Path, *, name: str | None = None) -> str | None:
    """The card file format of ``path``, from its content: ``mtgjson`` or ``scryfall``
    for the downloads :func:`read_records` reads, None for anything else (the
    manacheck card format, YAML, or not a card file at all).

    Compressed files are always downloads. A plain JSON list is Scryfall's unless its
    first element is a card-format entry (it has ``types`` or ``abilities`` before any
    of Scryfall's ``object``, ``type_line``, ``oracle_text``, ``card_faces``); an object
    is a download if its first key is ``meta``, ``data`` or ``object``.
    """
    label = name or str(path)
    try:
        if not Path(path).is_file():
            return None  # the card format's reader says what is wrong
        with open(path, "rb") as f:
            head = f.read(8)
    except OSError:
        return None
    from .jsonstream import compression_of

    if compression_of(head) != "none":
        return "download"
    stream = JsonStream(open_chunks(path, name=label), label)
    try:
        k = stream.kind()
        if k == "array":
            for _ in stream.items():
                if stream.kind() != "object":
                    return "scryfall"  # and refused there, with its path
                for key in stream.members():
                    if key in ("object", "type_line", "oracle_text", "card_faces"):
                        return "scryfall"
                    if key in ("types", "abilities", "alternative_costs", "transforms_from",
                               "back_face_of"):
                        return None
                    stream.skip()
                return None  # neither: the card format's reader says what is missing
            return None  # an empty list: the card format's, with no cards
        if k == "object":
            for key in stream.members():
                return "download" if key in ("meta", "data", "object") else None
        return None
    except BadInput:
        return None  # not JSON: YAML, or the card format's reader says what is wrong


def read_records(path: str | Path, *, name: str | None = None,
                 max_decompressed: int = DEFAULT_MAX_DECOMPRESSED) -> Iterator[CardRecord]:
    """Every card object in the file, in file order (see the module docstring).

    Raises
    ------
    BadInput
        One line: the file, what is wrong, the key path and the byte offset.
    """
    label = name or str(path)
    stream = JsonStream(open_chunks(path, max_decompressed=max_decompressed, name=label),
                        label)
    k = stream.kind()
    if k == "array":
        yield from _card_list(stream, "")
    elif k == "object":
        yield from _top_object(stream)
    elif k == "end":
        raise stream.error("the file is empty")
    else:
        raise stream.error(f"not a card file: it starts with {stream._token()}",
                           suggestion="give MTGJSON AtomicCards.json (or AllPrintings, a set "
                           "file) or a Scryfall bulk file, as .json, .json.gz, .json.xz, "
                           ".json.bz2 or .zip")
    stream.finish()


def _card_list(stream: JsonStream, path: str) -> Iterator[CardRecord]:
    for i in stream.items():
        where = _Where(stream, f"{path}[{i}]")
        yield _card_object(stream.value(), where)


def _top_object(stream: JsonStream) -> Iterator[CardRecord]:
    found = False
    kind: str | None = None
    for key in stream.members():
        if key == "object":
            kind = str(stream.value())
            if kind == "error":
                raise stream.error("a Scryfall error response, not cards")
        elif key == "data":
            found = True
            k = stream.kind()
            if k == "array":
                yield from _card_list(stream, "data")
            elif k == "object":
                yield from _mtgjson_data(stream)
            else:
                raise stream.error(f"'data' holds {k}, not cards")
        else:
            stream.skip()
    if not found:
        raise stream.error("not a card file: no 'data' key (MTGJSON and Scryfall lists keep "
                           "their cards there)",
                           suggestion="give MTGJSON AtomicCards.json or a Scryfall bulk file")


def _mtgjson_data(stream: JsonStream) -> Iterator[CardRecord]:
    mode: str | None = None
    for key in stream.members():
        path = f"data[{key!r}]"
        k = stream.kind()
        if mode is None:
            if key in MTGJSON_SET_KEYS:
                mode = "set"
            elif k == "array":
                mode = "atomic"
            elif k == "object":
                mode = "all"
            else:
                raise stream.error(f"{path} holds {k}: not MTGJSON card data (AtomicCards "
                                   "maps names to lists of faces, AllPrintings set codes to "
                                   "sets)")
        if mode == "set":
            if key == "cards":
                yield from _card_list(stream, "data.cards")
            else:
                stream.skip()
        elif mode == "atomic":
            where = _Where(stream, path)
            faces = stream.value()
            if not isinstance(faces, list) or not faces:
                raise where.fail(f"expected a list of card faces, found {_json_type(faces)}"
                                 if not isinstance(faces, list) else
                                 "expected a list of card faces, found an empty list")
            for j, face in enumerate(faces):
                where.path = f"{path}[{j}]"
                yield mtgjson_face(face, where)
        else:
            if k != "object":
                raise stream.error(f"{path} holds {k}, not a set object (AllPrintings maps "
                                   "set codes to sets)")
            where = _Where(stream, path)
            has_cards = False
            for member in stream.members():
                if member == "cards":
                    has_cards = True
                    yield from _card_list(stream, f"{path}.cards")
                else:
                    stream.skip()
            if not has_cards:
                raise where.fail("not a set object (it has no 'cards'; AllPrintings maps "
                                 "set codes to sets)")


# ---- one record per card ------------------------------------------------------------

@dataclass
class Collected:
    """The cards of a file, one record each, and how many were skipped and why."""

    cards: dict[str, CardRecord] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    #: Each skipped card's name (and its faces' names): why it was skipped.
    skipped_names: dict[str, str] = field(default_factory=dict)


def collect(records: Iterable[CardRecord], *, name: str = "card file") -> Collected:
    """One record per card name: the faces of a card merged (by side, first wins), a
    card reprinted kept once, and Un-cards and online-only cards skipped (a card is
    skipped only when all its printings are)."""
    kept: dict[str, CardRecord] = {}
    skipped: dict[str, CardRecord] = {}
    for rec in records:
        bad = rec.funny or rec.online_only
        into = skipped if bad else kept
        if not bad and rec.name in skipped:
            del skipped[rec.name]
        elif bad and rec.name in kept:
            continue
        old = into.get(rec.name)
        if old is None:
            if len(kept) + len(skipped) >= MAX_CARDS:
                raise BadInput(f"{name}: more than {MAX_CARDS} different cards (all of Magic "
                               "has fewer than 40,000): not a card file")
            into[rec.name] = rec
            continue
        sides = {f.side for f in old.faces}
        new = tuple(f for f in rec.faces if f.side is not None and f.side not in sides)
        if new:
            faces = tuple(sorted(old.faces + new, key=lambda f: f.side or ""))
            into[rec.name] = replace(old, faces=faces, rulings=old.rulings or rec.rulings)
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for rec in skipped.values():
        why = "Un-cards" if rec.funny else "online-only"
        counts[why] = counts.get(why, 0) + 1
        for n in (rec.name, *(f.name for f in rec.faces)):
            names.setdefault(n, why)
    return Collected(kept, counts, names)
