"""``--cards FILE`` with the card files users have: MTGJSON and Scryfall downloads.

:func:`load_download` reads a download (``cardfiles``), turns each card into card-format
entries through the oracle-text reader (``oracle.read_text``), and keeps the result in
the user's cache directory, so the next run with the same file reads only the cache.

How a record becomes a card definition:

* each face is a card of its own under its face name; a double-faced card's back face
  knows its front face, so that a state file can't put it in a hand or a library (CR
  712.8a), and a transforming card's back face has the front face's mana value (CR
  712.8e);
* every line of oracle text the reader understands becomes an ability; every other line
  stays on the card as an *unread* static ability (kind ``other``, no parameter), which
  makes every answer it could change "not decided" (``manacheck.solver.soundness``):
  nothing is dropped silently;
* the faces of split, aftermath, adventure, flip and meld cards also carry one unread
  line saying so: their characteristics off the stack (CR 709.4, 715.4, 709.2) aren't
  the face's alone, which the card format can't say;
* cards the rules here don't cover are skipped and counted: Un-cards, online-only cards,
  Planes, Schemes, Vanguards, Conspiracies, tokens, and cards whose mana cost or type
  line isn't read;
* a name that is already a built-in card keeps the built-in definition (it is checked
  by hand, the text reader is a floor); a name of the shipped 2022 card pool (``pool``)
  takes the file's definition (its text is likely newer).

The cache: one file per card file content (its SHA-256, streamed), in
``platformdirs.user_cache_dir("manacheck")`` or ``$MANACHECK_CACHE_DIR``; written to a
temporary file and renamed into place; one whose header, checksum or version doesn't
match is ignored and written again. The version is a hash of the modules that read and
translate, so a changed reader never uses an old cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cardfiles import CardRecord, FaceRecord, collect, read_records
from .cards import CARD_TYPES, SUPERTYPES, CardDatabase, LayeredCards, LazyCards
from .errors import ManacheckError
from .jsonstream import DEFAULT_MAX_DECOMPRESSED
from .mana import ManaCost
from .oracle import read_text

__all__ = ["CACHE_ENV", "UserCards", "cache_dir", "code_version", "entries_of", "file_sha256",
           "load_download", "translate_records"]

#: The environment variable that moves the cache (tests point it at a temporary folder).
CACHE_ENV = "MANACHECK_CACHE_DIR"

#: Layouts whose faces are cards of their own.
_OWN_FACES = frozenset({"normal", "leveler", "saga", "class", "case", "mutate", "prototype",
                        "transform", "modal_dfc", "meld", "split", "aftermath", "adventure",
                        "flip"})
#: Parameters of lines kept unread whose form says what they could change.
_UNREAD_BY_FORM = frozenset({"unread_trigger", "enters_with_unread_count"})

#: Layouts whose face alone isn't the card off the stack (one unread line says so).
_PART_OF = {"split": "CR 709.4", "aftermath": "CR 709.4", "adventure": "CR 715.4",
            "flip": "CR 710.1", "meld": "CR 712.8g"}
_SKIPPED_LAYOUTS = {"planar": "Planes and phenomena", "scheme": "Schemes",
                    "vanguard": "Vanguards", "token": "tokens", "double_faced_token": "tokens",
                    "emblem": "emblems", "art_series": "art cards",
                    # Scryfall's two-sided reprints: the card is read from its other
                    # printings.
                    "reversible_card": "reversible cards", "augment": "Un-cards",
                    "host": "Un-cards"}


@dataclass
class UserCards:
    """The card-format entries of a download (JSON text, by name) and what happened."""

    entries: dict[str, str] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    unread: int = 0
    cards: int = 0
    cached: bool = False
    #: The official rulings the file carries, by card name: (date, text) pairs.
    rulings: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    #: Each skipped card's name and its faces' names: why it was skipped (not cached).
    skipped_names: dict[str, str] = field(default_factory=dict)

    def note(self, file: str, builtin: int, pooled: int = 0) -> str:
        """One line: how many cards, how many kept unread text, how many were built in
        (``builtin``) or in the shipped pool (``pooled``), what was skipped."""
        n, faces = self.cards, len(self.entries)
        text = (f"{file}: {n} card{'s' * (n != 1)} read"
                + (f" ({faces} faces)" if faces != n else "")
                + f", {self.unread} with text not read (answers it could change are "
                "'not decided')")
        if builtin:
            text += f", {builtin} already built in (the built-in definitions are kept)"
        if pooled:
            text += f", {pooled} in the shipped 2022 pool (the file's definitions are used)"
        total = sum(self.skipped.values())
        if total:
            why = ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items()))
            text += f"; {total} skipped ({why})"
        return text + (" [cache]" if self.cached else "")


def _int_or_text(v: str | None) -> int | str | None:
    if v is None:
        return None
    return int(v) if re.fullmatch(r"-?\d+", v) else v


def _entry(face: FaceRecord, rec: CardRecord, front: FaceRecord | None
           ) -> tuple[dict[str, Any] | None, str | None, bool]:
    """(entry, why it was skipped, whether text was left unread) for one face."""
    types = []
    for t in face.types:
        t = t[:1].upper() + t[1:]
        types.append("Kindred" if t == "Tribal" else t)  # renamed in 2024, same rules
    bad = [t for t in types if t not in CARD_TYPES]
    if bad or not types:
        return None, (f"{bad[0]} cards" if bad else "cards without a card type"), False
    supers = list(face.supertypes)
    if any(s not in SUPERTYPES for s in supers):
        return None, "Un-cards", False
    try:
        cost = ManaCost.parse(face.mana_cost) if face.mana_cost else None
    except ManacheckError:
        return None, "cards with a mana cost not read", False
    abilities, keywords, unread = read_text(face.name, face.text, face.subtypes,
                                            face.mana_cost,
                                            spell=bool({"Instant", "Sorcery"} & set(types)))
    if rec.layout == "adventure" and front is None and "Creature" in types:
        # CR 715.4: off the stack (and on it not as an Adventure) an adventurer card has
        # only its normal characteristics, this face's: on the battlefield it is exactly
        # this creature. Only how the card may be cast (as the Adventure, 715.3) is
        # beyond this face: its own casting and spell costs.
        line = (f"(the adventurer card {rec.name} may also be cast as its Adventure, "
                "CR 715.3; not read)")
        abilities.append({"static": {"kind": "other", "text": line, "self_only": True,
                                     "affects": ["casting", "spell_costs"]}})
        unread.append(line)
    elif rec.layout in _PART_OF:
        line = (f"(one part of the {rec.layout} card {rec.name}: its characteristics off "
                f"the stack aren't this part's alone, {_PART_OF[rec.layout]}; not read)")
        abilities.append({"static": {"kind": "other", "text": line}})
        unread.append(line)
    out: dict[str, Any] = {"name": face.name}
    back = front is not None and rec.layout == "transform"
    if cost and not back:
        out["mana_cost"] = cost.text
    if supers:
        out["supertypes"] = supers
    out["types"] = types
    if face.subtypes:
        out["subtypes"] = list(face.subtypes)
    for key, value in (("power", face.power), ("toughness", face.toughness)):
        if value is not None:
            out[key] = _int_or_text(value)
    loyalty = _int_or_text(face.loyalty)
    if isinstance(loyalty, int):
        out["loyalty"] = loyalty
    if keywords:
        out["keywords"] = keywords
    colors = face.color_indicator
    if colors is None and face.colors is not None:
        printed = sorted(t.value for t in cost.colors) if cost else []
        if sorted(face.colors) != printed:
            colors = face.colors  # e.g. "Ghostfire is colorless", devoid
    if colors is not None:
        out["color_indicator"] = list(colors)
    out["text"] = face.text
    if abilities:
        out["abilities"] = abilities
    if back and front is not None:
        out["transforms_from"] = {"name": front.name, "mana_cost": front.mana_cost}
    elif front is not None and rec.layout == "modal_dfc":
        out["back_face_of"] = front.name
    return out, None, bool(unread)


def entries_of(rec: CardRecord) -> tuple[list[dict[str, Any]], str | None, int]:
    """The card-format entries of one card (a face each), or why it is skipped, and how
    many of them have unread text."""
    if rec.layout in _SKIPPED_LAYOUTS:
        return [], _SKIPPED_LAYOUTS[rec.layout], 0
    if rec.layout not in _OWN_FACES:
        return [], f"'{rec.layout}' layout cards", 0
    front = rec.faces[0] if len(rec.faces) > 1 else None
    out: list[dict[str, Any]] = []
    unread = 0
    for i, face in enumerate(rec.faces):
        entry, why, has_unread = _entry(face, rec, front if i else None)
        if entry is None:
            return [], why, 0
        out.append(entry)
        unread += has_unread
    return out, None, unread


def translate_records(records: Mapping[str, CardRecord], skipped: Mapping[str, int],
                      skipped_names: Mapping[str, str] | None = None) -> UserCards:
    """Card-format entries for every record, each checked by the card-format reader.

    ``skipped`` counts the cards already skipped, and ``skipped_names`` names them (why,
    by name); the result's ``skipped_names`` adds the records skipped here.
    """
    from .carddata import parse_card

    result = UserCards(skipped=dict(skipped), skipped_names=dict(skipped_names or {}))

    def skip(rec: CardRecord, why: str) -> None:
        result.skipped[why] = result.skipped.get(why, 0) + 1
        for n in (rec.name, *(f.name for f in rec.faces)):
            result.skipped_names.setdefault(n, why)

    for rec in records.values():
        entries, why, _ = entries_of(rec)
        if why is not None:
            skip(rec, why)
            continue
        texts = []
        unread = False
        for entry in entries:
            try:
                parse_card(entry, entry["name"])
            except ManacheckError:
                why = "cards the card format can't hold"
                break
            texts.append((entry["name"], json.dumps(entry, ensure_ascii=False,
                                                    separators=(",", ":"))))
            # Text not read: an unread line (a static without parameters) or an effect
            # kept unread inside a read ability (kind "other"), which resolve refuses.
            # (A trigger or a count kept unread by its form, too: resolve refuses it.)
            unread = unread or any(
                "params" not in a.get("static", {"params": 1})
                or bool(_UNREAD_BY_FORM & set(a.get("static", {}).get("params", {})))
                or any(e.get("kind") == "other"
                       for k in ("activated", "triggered", "spell")
                       for e in a.get(k, {}).get("effects", []))
                for a in entry.get("abilities", []))
        if why is not None:
            skip(rec, why)
            continue
        for name, text in texts:
            result.entries.setdefault(name, text)
        if rec.rulings:
            result.rulings.setdefault(rec.name, list(rec.rulings))
        result.unread += unread
        result.cards += 1
    return result


# ---- the cache ---------------------------------------------------------------------

_CODE = ("cardfiles.py", "jsonstream.py", "oracle.py", "usercards.py", "carddata.py",
         "cardformat.py")
#: Packages whose every module and grammar the reader runs (``oracle`` reads through
#: ``oracletext``'s grammar first).
_CODE_PACKAGES = ("oracletext",)


def code_version() -> str:
    """A hash of the modules whose output the cache holds (and the shipped card pool's
    index records): the reading modules and the grammar package they use."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    for name in _CODE:
        h.update((here / name).read_bytes())
    for package in _CODE_PACKAGES:
        for path in sorted((here / package).iterdir()):
            if path.suffix in (".py", ".lark"):
                h.update(f"{package}/{path.name}".encode())
                h.update(path.read_bytes())
    return h.hexdigest()[:16]


def cache_dir() -> Path:
    """``$MANACHECK_CACHE_DIR``, else the platform's user cache directory."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("manacheck"))


def file_sha256(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest()


_MAGIC = "manacheck-cards"


def _cache_path(digest: str) -> Path:
    return cache_dir() / f"cards-{digest}.json"


def read_cache(digest: str) -> UserCards | None:
    """The cached result for a file with this SHA-256, or None if there is none or it
    doesn't check out (a wrong header, version or checksum: a corrupt entry)."""
    try:
        raw = _cache_path(digest).read_bytes()
        head, sep, body = raw.partition(b"\n")
        header = json.loads(head)
        if (not sep or not isinstance(header, dict) or header.get("format") != _MAGIC
                or header.get("version") != code_version()
                or header.get("source_sha256") != digest
                or header.get("body_sha256") != hashlib.sha256(body).hexdigest()):
            return None
        data = json.loads(body)
        entries, skipped, unread = data["entries"], data["skipped"], data["unread"]
        count = data["cards"]
        if not (isinstance(entries, dict) and isinstance(skipped, dict)
                and isinstance(unread, int) and isinstance(count, int)
                and all(isinstance(k, str) and isinstance(v, str)
                        for k, v in entries.items())
                and all(isinstance(v, int) for v in skipped.values())):
            return None
        raw_rulings = data.get("rulings", {})
        if not (isinstance(raw_rulings, dict) and all(
                isinstance(v, list) and all(isinstance(r, list) and len(r) == 2
                                            and all(isinstance(x, str) for x in r)
                                            for r in v) for v in raw_rulings.values())):
            return None
        rulings = {k: [(r[0], r[1]) for r in v] for k, v in raw_rulings.items()}
        return UserCards(entries, skipped, unread, count, cached=True, rulings=rulings)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_cache(digest: str, cards: UserCards) -> bool:
    """Write the cache entry atomically (a temporary file renamed into place); False if
    the cache directory can't be written (the answer doesn't depend on it)."""
    body = json.dumps({"entries": cards.entries, "skipped": cards.skipped,
                       "unread": cards.unread, "cards": cards.cards,
                       "rulings": {k: [list(r) for r in v]
                                   for k, v in cards.rulings.items()}},
                      ensure_ascii=False).encode("utf-8")
    header = json.dumps({"format": _MAGIC, "version": code_version(),
                         "source_sha256": digest,
                         "body_sha256": hashlib.sha256(body).hexdigest()})
    target = _cache_path(digest)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".cards-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(header.encode("ascii") + b"\n" + body)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def read_download(path: str | Path, *, name: str | None = None,
                  max_decompressed: int = DEFAULT_MAX_DECOMPRESSED) -> UserCards:
    """The translated cards of a download, read from the file (no cache)."""
    label = name or str(path)
    found = collect(read_records(path, name=label, max_decompressed=max_decompressed),
                    name=label)
    if not found.cards and not found.skipped:
        from .errors import BadInput

        raise BadInput(f"{label}: no cards in the file")
    return translate_records(found.cards, found.skipped, found.skipped_names)


def download_rulings(path: str | Path, *, use_cache: bool = True
                     ) -> dict[str, list[tuple[str, str]]]:
    """The official rulings a download carries, by card name (from the cache when it
    has the file's entry, else read and cached)."""
    digest = file_sha256(path) if use_cache else ""
    cards = read_cache(digest) if use_cache else None
    if cards is None:
        cards = read_download(path, name=str(path))
        if use_cache:
            write_cache(digest, cards)
    return cards.rulings


def load_download(path: str | Path, base: CardDatabase, *,
                  note: Callable[[str], None] | None = None,
                  use_cache: bool = True) -> CardDatabase:
    """``base`` with the cards of the download ``path`` added (built-in names kept).

    Definitions are made only when a card is first looked up, from the cache or the
    file. ``note`` receives one line saying how many cards were read and skipped.

    Raises
    ------
    BadInput
        One line for a file that isn't a card download (see ``cardfiles``).
    """
    label = str(path)
    digest = file_sha256(path) if use_cache else ""
    cards = read_cache(digest) if use_cache else None
    if cards is None:
        cards = read_download(path, name=label)
        if use_cache:
            write_cache(digest, cards)
    base_cards = base.cards
    if not isinstance(base_cards, LazyCards | LayeredCards):
        from .carddata import parse_card

        base_cards = LazyCards(dict(base_cards), lambda n, e: parse_card(json.loads(e), n))
    # The shipped pool (``pool``) is below the download: its 2022 text loses to the
    # file's; the hand-written cards above it keep their definitions.
    top = base_cards.top if isinstance(base_cards, LayeredCards) else base_cards
    builtin = sum(1 for n in cards.entries if n in top)
    if note is not None:
        pooled = 0
        if isinstance(base_cards, LayeredCards):
            under = set(base_cards.under)  # the pool's names: its index, no shard
            pooled = sum(1 for n in cards.entries if n in under and n not in top)
        note(cards.note(label, builtin, pooled))
    return CardDatabase(base_cards.added(cards.entries))
