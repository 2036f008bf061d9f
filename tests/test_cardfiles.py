"""``--cards FILE`` with MTGJSON and Scryfall downloads (``manacheck.model.cardfiles``,
``usercards``): every format and compression reads to the same records; the cards
work in the CLI; the cache; and every hostile file is one line, exit 2.

Every file here is generated in ``tmp_path`` from :data:`CARDS`.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from manacheck.model import builtin_cards
from manacheck.model.cardfiles import CardRecord, FaceRecord, collect, detect, read_records
from manacheck.model.errors import BadInput
from manacheck.model.jsonstream import JsonStream
from manacheck.model.usercards import CACHE_ENV, file_sha256, load_download

from manacheck.cli import main


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(cache))
    return cache


# ---- the cards, and each format's way of writing them --------------------------------

def face(name: str, cost: str, type_line: str, text: str, *, side: str | None = None,
         power: str | None = None, toughness: str | None = None,
         colors: tuple[str, ...] = (), indicator: tuple[str, ...] | None = None
         ) -> FaceRecord:
    left, _, right = type_line.partition(" — ")
    sup = tuple(w for w in left.split() if w in ("Legendary", "Basic", "Snow"))
    return FaceRecord(name=name, side=side, mana_cost=cost, type_line=type_line,
                      supertypes=sup, types=tuple(w for w in left.split() if w not in sup),
                      subtypes=tuple(right.split()), text=text, power=power,
                      toughness=toughness, colors=colors, color_indicator=indicator)


CARDS = [
    CardRecord("Quartz Prism", "normal", (face("Quartz Prism", "{2}", "Artifact",
                                               "{T}: Add {C}{C}."),)),
    CardRecord("Grovetender Sprite", "normal", (face(
        "Grovetender Sprite", "{G}", "Creature — Faerie Druid", "Flying\n{T}: Add {G}.",
        power="1", toughness="1", colors=("G",)),),
        rulings=(("2021-06-18", "Grovetender Sprite's ability is a mana ability."),
                 ("2021-06-18", "It can't be activated the turn it comes under your "
                  "control."))),
    CardRecord("Moonrise Tracker // Moonlit Hunter", "transform", (
        face("Moonrise Tracker", "{1}{G}", "Creature — Human Werewolf",
             "At the beginning of each upkeep, if no spells were cast last turn, transform "
             "Moonrise Tracker.", side="a", power="2", toughness="2", colors=("G",)),
        face("Moonlit Hunter", "", "Creature — Werewolf", "Trample", side="b", power="3",
             toughness="3", colors=("G",), indicator=("G",)))),
    CardRecord("Oddity Vale", "normal", (face(
        "Oddity Vale", "", "Land", "{T}: Add {C}.\n{T}: Add one mana of any color in your "
        "commander's color identity. Activate only if you control your commander."),)),
    CardRecord("Sillyhorn the Unlikely", "normal", (face(
        "Sillyhorn the Unlikely", "{G}", "Creature — Unicorn", "{T}: Add {G}.", power="1",
        toughness="1", colors=("G",)),), funny=True),
    CardRecord("Digitized Druid", "normal", (face(
        "Digitized Druid", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", power="1",
        toughness="1", colors=("G",)),), online_only=True),
]
KEPT = {c.name: c for c in CARDS if not (c.funny or c.online_only)}


def mtgjson_objects(card: CardRecord) -> list[dict[str, Any]]:
    out = []
    for f in card.faces:
        obj: dict[str, Any] = {
            "name": card.name, "layout": card.layout, "manaCost": f.mana_cost,
            "type": f.type_line, "supertypes": list(f.supertypes), "types": list(f.types),
            "subtypes": list(f.subtypes), "text": f.text, "colors": list(f.colors or ()),
            "rulings": [{"date": d, "text": t} for d, t in card.rulings],
            "legalities": {"vintage": "Legal"}, "printings": ["TST"],
            "identifiers": {"scryfallOracleId": "0000"}}
        if len(card.faces) > 1:
            obj["faceName"], obj["side"] = f.name, f.side
        for key, value in (("power", f.power), ("toughness", f.toughness),
                           ("colorIndicator", f.color_indicator)):
            if value is not None:
                obj[key] = list(value) if isinstance(value, tuple) else value
        if not f.mana_cost:
            del obj["manaCost"]
        if card.funny:
            obj["isFunny"] = True
        if card.online_only:
            obj["isOnlineOnly"] = True
        out.append(obj)
    return out


def scryfall_object(card: CardRecord) -> dict[str, Any]:
    def fields(f: FaceRecord) -> dict[str, Any]:
        d: dict[str, Any] = {"name": f.name, "mana_cost": f.mana_cost,
                             "type_line": f.type_line, "oracle_text": f.text,
                             "colors": list(f.colors or ())}
        for key, value in (("power", f.power), ("toughness", f.toughness),
                           ("color_indicator", f.color_indicator)):
            if value is not None:
                d[key] = list(value) if isinstance(value, tuple) else value
        return d

    obj: dict[str, Any] = {"object": "card", "id": "x", "oracle_id": "y", "lang": "en",
                           "layout": card.layout, "set": "tst",
                           "set_type": "funny" if card.funny else "expansion",
                           "digital": card.online_only, "legalities": {}}
    if len(card.faces) > 1:
        obj["name"] = card.name
        obj["type_line"] = " // ".join(f.type_line for f in card.faces)
        obj["card_faces"] = [{"object": "card_face", **fields(f)} for f in card.faces]
    else:
        obj.update(fields(card.faces[0]))
    return obj


def atomic(cards: list[CardRecord]) -> Any:
    return {"meta": {"date": "2024-01-01", "version": "5.2.2"},
            "data": {c.name: mtgjson_objects(c) for c in cards}}


def all_printings(cards: list[CardRecord]) -> Any:
    # Each face is its own card object; a reprint in the second set; tokens to skip.
    first = [o for c in cards for o in mtgjson_objects(c)]
    token = {"name": "Saproling", "type": "Token Creature — Saproling", "types": ["Creature"]}
    return {"meta": {"version": "5.2.2"}, "data": {
        "TS1": {"baseSetSize": len(first), "booster": {"default": {"boosters": [{}]}},
                "cards": first[::-1], "code": "TS1", "name": "Test One",
                "tokens": [token], "type": "expansion"},
        "TS2": {"baseSetSize": 1, "cards": mtgjson_objects(cards[0]), "code": "TS2",
                "tokens": [], "type": "core"}}}


def set_file(cards: list[CardRecord]) -> Any:
    objs = [o for c in cards for o in mtgjson_objects(c)]
    return {"meta": {"version": "5.2.2"}, "data": {
        "baseSetSize": len(objs), "block": "Test", "booster": {"default": {}},
        "cards": objs, "code": "TST", "name": "Test Set", "releaseDate": "2024-01-01",
        "tokens": [{"name": "Saproling", "type": "Token Creature — Saproling"}],
        "totalSetSize": len(objs), "type": "expansion"}}


def scryfall_bulk(cards: list[CardRecord]) -> Any:
    return [scryfall_object(c) for c in cards]


def scryfall_page(cards: list[CardRecord]) -> Any:
    return {"object": "list", "total_cards": len(cards), "has_more": False,
            "data": [scryfall_object(c) for c in cards]}


FORMATS: dict[str, Callable[[list[CardRecord]], Any]] = {
    "atomic": atomic, "allprintings": all_printings, "setfile": set_file,
    "scryfall-bulk": scryfall_bulk, "scryfall-page": scryfall_page}


def write(path: Path, data: Any, compression: str = "none") -> Path:
    raw = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    if compression == "gzip":
        raw = gzip.compress(raw)
    elif compression == "xz":
        raw = lzma.compress(raw)
    elif compression == "bzip2":
        raw = bz2.compress(raw)
    elif compression == "zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("AtomicCards.json", raw)
        return path
    path.write_bytes(raw)
    return path


def expected(name: str, fmt: str) -> CardRecord:
    card = KEPT[name]
    if fmt.startswith("scryfall"):
        # Scryfall's card objects carry no rulings, and a single face has no side.
        return CardRecord(card.name, card.layout, card.faces, ())
    return CardRecord(card.name, card.layout, card.faces, card.rulings)


# ---- round trips ---------------------------------------------------------------------

@pytest.mark.parametrize("compression", ["none", "gzip", "xz", "bzip2", "zip"])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_and_compression_reads_to_the_same_records(
        tmp_path: Path, fmt: str, compression: str) -> None:
    # The file name says nothing: the format is told from the content.
    path = write(tmp_path / "download.bin", FORMATS[fmt](CARDS), compression)
    assert detect(path) is not None
    got = collect(read_records(path))
    assert got.cards == {n: expected(n, fmt) for n in KEPT}
    assert got.skipped == {"Un-cards": 1, "online-only": 1}


def test_a_card_is_skipped_only_when_every_printing_is(tmp_path: Path) -> None:
    paper = CardRecord("Digitized Druid", "normal", CARDS[5].faces)
    data = atomic([CARDS[0]])
    data["data"]["Digitized Druid"] = mtgjson_objects(CARDS[5])
    got = collect([*read_records(write(tmp_path / "a.json", data)), paper])
    assert "Digitized Druid" in got.cards and got.skipped == {}


def test_the_manacheck_card_format_is_still_read_as_before(tmp_path: Path) -> None:
    ours = tmp_path / "cards.json"
    ours.write_text(json.dumps([{"name": "Plain Rock", "keywords": ["Flash"],
                                 "types": ["Artifact"]}]))
    assert detect(ours) is None
    # Scryfall's card objects have keywords too, and it is their type_line that tells.
    ours.write_text(json.dumps([{"name": "Plain Rock", "keywords": [],
                                 "type_line": "Artifact"}]))
    assert detect(ours) == "scryfall"
    ours.write_text(json.dumps([{"name": "Plain Rock"}]))  # the card format's, broken
    assert detect(ours) is None
    yaml_file = tmp_path / "cards.yaml"
    yaml_file.write_text("- name: Plain Rock\n  types: [Artifact]\n")
    assert detect(yaml_file) is None


# ---- card definitions --------------------------------------------------------------

def test_records_become_definitions_through_the_oracle_reader(tmp_path: Path) -> None:
    db = load_download(write(tmp_path / "a.json.xz", atomic(CARDS), "xz"), builtin_cards())
    prism = db["Quartz Prism"]
    assert [a.text for a in prism.activated_abilities] == ["{T}: Add {C}{C}."]
    assert not prism.static_abilities  # every line read
    sprite = db["Grovetender Sprite"]
    assert sprite.keywords == ("Flying",) and sprite.power == 1
    # The line the reader doesn't know stays, as an unread static ability (with its
    # "Activate only ..." it isn't taken as a mana ability of unmodelled mana).
    vale = db["Oddity Vale"]
    assert [a.text for a in vale.activated_abilities] == ["{T}: Add {C}."]
    assert [(s.kind, s.text, s.params.items) for s in vale.static_abilities] == [
        ("other", "{T}: Add one mana of any color in your commander's color identity. "
                  "Activate only if you control your commander.", ())]
    # The back face: no mana cost of its own, its front face's mana value (CR 712.8e).
    back = db["Moonlit Hunter"]
    assert back.mana_cost is None and back.mana_value() == 2
    assert [t.value for t in back.colors] == ["G"] and back.keywords == ("Trample",)
    assert db["Moonrise Tracker"].mana_value() == 2
    assert "Sillyhorn the Unlikely" not in db and "Digitized Druid" not in db
    # The full name, as the file writes it, is the front face (CR 712.8a).
    assert db["Moonrise Tracker // Moonlit Hunter"].name == "Moonrise Tracker"


def test_a_built_in_card_keeps_its_definition(tmp_path: Path) -> None:
    forest = CardRecord("Llanowar Elves", "normal", (face(
        "Llanowar Elves", "{G}", "Creature — Elf Druid", "Some other text.", power="1",
        toughness="1", colors=("G",)),))
    notes: list[str] = []
    db = load_download(write(tmp_path / "a.json", atomic([forest, CARDS[0]])),
                       builtin_cards(), note=notes.append)
    assert db["Llanowar Elves"] == builtin_cards()["Llanowar Elves"]
    assert "1 already built in" in notes[0]


# ---- the CLI -----------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_card_command_with_a_download(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "oracle-cards.json.gz", scryfall_bulk(CARDS), "gzip")
    code, out, err = run(capsys, "card", "Moonlit Hunter", "--cards", str(path))
    assert code == 0, err
    assert out.splitlines()[:3] == ["Moonlit Hunter", "Creature — Werewolf", "3/3"]
    assert "mana value 2" in out
    assert err.splitlines() == [
        f"note: {path}: 4 cards read (5 faces), 2 with text not read (answers it could "
        "change are 'not decided'); 2 skipped (Un-cards 1, online-only 1)"]
    code, out, err = run(capsys, "card", "Oddity Vale", "--cards", str(path))
    assert code == 0 and out.splitlines()[2:] == [
        "  ability 1: {T}: Add {C}.",
        "  not read: {T}: Add one mana of any color in your commander's color identity. "
        "Activate only if you control your commander.",
        "mana value 0"]
    code, _, err = run(capsys, "card", "Sillyhorn the Unlikely", "--cards", str(path))
    assert code == 2 and "unknown card 'Sillyhorn the Unlikely'" in err


STATE = """
turn: {active_player: A, phase: precombat_main}
players:
  A:
    battlefield: [Grovetender Sprite, Forest, Quartz Prism]
  B: {}
"""


def test_pay_and_produce_with_cards_only_in_the_download(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = write(tmp_path / "AtomicCards.json.bz2", atomic(CARDS), "bzip2")
    state = tmp_path / "state.yaml"
    state.write_text(STATE)
    code, out, _ = run(capsys, "pay", str(state), "{G}{G}", "--cards", str(cards), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["count"] == 1
    code, out, _ = run(capsys, "pay", str(state), "{3}{G}", "--cards", str(cards), "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run(capsys, "produce", str(state), "--cards", str(cards), "--json")
    assert code == 0
    got = {o["object"]: o["mana_types"] for o in json.loads(out)["objects"]}
    assert got == {"Grovetender Sprite": ["G"], "Forest": ["G"], "Quartz Prism": ["C"]}
    assert all(o.get("complete", True) for o in json.loads(out)["objects"])


def test_unread_text_makes_the_answers_it_could_change_not_decided(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = write(tmp_path / "AtomicCards.json", atomic(CARDS))
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("Quartz Prism", "Oddity Vale"))
    code, out, _ = run(capsys, "pay", str(state), "{G}{G}", "--cards", str(cards))
    assert code == 1 and out.startswith("{G}{G}: not decided")
    assert "Activate only if you control your commander" in out
    code, out, _ = run(capsys, "produce", str(state), "--cards", str(cards), "--json")
    assert code == 0
    assert not any(o.get("complete", True) for o in json.loads(out)["objects"])


def test_unread_text_of_a_card_in_hand_counts_when_it_is_paid_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    odd = CardRecord("Ghostly Bargain", "normal", (face(
        "Ghostly Bargain", "{3}{G}", "Sorcery", "This spell costs {1} less to cast for each "
        "creature you control.\nDraw two cards.", colors=("G",)),))
    cards = write(tmp_path / "AtomicCards.json", atomic([*CARDS, odd]))
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("B: {}", "  hand: [Ghostly Bargain]\n  B: {}"))
    code, out, err = run(capsys, "pay", str(state), "{3}{G}", "--for", "Ghostly Bargain",
                         "--cards", str(cards))
    assert code == 1, err
    assert out.startswith("{3}{G}: not decided") and "costs {1} less" in out


# ---- the cache ---------------------------------------------------------------------

def test_the_second_run_reads_the_cache(tmp_path: Path, _cache: Path,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "cards.json.xz", atomic(CARDS), "xz")
    assert run(capsys, "card", "Quartz Prism", "--cards", str(path))[0] == 0
    entry = _cache / f"cards-{file_sha256(path)}.json"
    assert entry.is_file() and not list(_cache.glob(".cards-*"))  # no temporary file left

    def no_reading(*args: object, **kwargs: object) -> Iterator[CardRecord]:
        raise AssertionError("the file was read again")

    monkeypatch.setattr("manacheck.model.usercards.read_records", no_reading)
    code, out, err = run(capsys, "card", "Quartz Prism", "--cards", str(path))
    assert code == 0 and "{T}: Add {C}{C}." in out and err.rstrip().endswith("[cache]")


def test_another_file_content_is_another_cache_entry(tmp_path: Path, _cache: Path) -> None:
    path = write(tmp_path / "cards.json", atomic(CARDS[:2]))
    load_download(path, builtin_cards())
    write(path, atomic(CARDS))
    db = load_download(path, builtin_cards())
    assert "Oddity Vale" in db and len(list(_cache.glob("cards-*.json"))) == 2


@pytest.mark.parametrize("damage", ["garbage", "truncated", "body", "version"])
def test_a_corrupt_cache_entry_is_ignored_and_rebuilt(tmp_path: Path, _cache: Path,
                                                      damage: str) -> None:
    path = write(tmp_path / "cards.json", atomic(CARDS))
    load_download(path, builtin_cards())
    entry = _cache / f"cards-{file_sha256(path)}.json"
    good = entry.read_bytes()
    head, _, body = good.partition(b"\n")
    bad = {"garbage": b"\x00\xffnot json",
           "truncated": good[:len(good) // 2],
           "body": head + b"\n" + body.replace(b"Quartz Prism", b"Quartz Prisn"),
           "version": head.replace(b'"version": "', b'"version": "0') + b"\n" + body}[damage]
    entry.write_bytes(bad)
    notes: list[str] = []
    db = load_download(path, builtin_cards(), note=notes.append)
    assert "Quartz Prism" in db and "Quartz Prisn" not in db
    assert not notes[0].endswith("[cache]")  # read from the file again
    assert entry.read_bytes() == good  # and written again


def test_an_unwritable_cache_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))  # under a file: can't be made
    db = load_download(write(tmp_path / "cards.json", atomic(CARDS)), builtin_cards())
    assert "Quartz Prism" in db


# ---- hostile files -----------------------------------------------------------------

def refused(capsys: pytest.CaptureFixture[str], path: Path, *needles: str) -> str:
    code, out, err = run(capsys, "card", "Quartz Prism", "--cards", str(path))
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 1, err
    assert lines[0].startswith(f"error: {path}: ") and "Traceback" not in err
    for needle in needles:
        assert needle in lines[0]
    return lines[0]


def test_truncated_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(atomic(CARDS))
    for cut in (len(text) // 2, len(text) - 1, 20):
        path = tmp_path / f"cut{cut}.json"
        path.write_text(text[:cut])
        refused(capsys, path, "ends early", "byte offset")


def test_truncated_compressed_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                   ) -> None:
    raw = lzma.compress(json.dumps(atomic(CARDS)).encode())
    path = tmp_path / "cards.json.xz"
    path.write_bytes(raw[:len(raw) // 2])
    refused(capsys, path, "xz data ends early")


def test_wrong_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"meta": {}, "data": {"Quartz Prism": {"name": 1}}}))
    refused(capsys, path, "not a set object", "data['Quartz Prism']")
    path.write_text(json.dumps({"meta": {}, "data": {"Quartz Prism": [{"nome": "x"}]}}))
    refused(capsys, path, "not an MTGJSON card object", "data['Quartz Prism'][0]",
            "byte offset")
    path.write_text(json.dumps({"meta": {}, "sets": []}))
    refused(capsys, path, "no 'data' key")
    path.write_text(json.dumps([{"object": "card", "name": "X", "type_line": 5}]))
    refused(capsys, path, "'type_line' should be text, not a number", "at [0]")
    path.write_text(json.dumps({"object": "error", "code": "not_found"}))
    refused(capsys, path, "Scryfall error")


def test_a_list_of_names_instead_of_cards(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "names.json"
    path.write_text(json.dumps(["Forest", "Island"]))
    refused(capsys, path, "'Forest'", "a list of card names is not a card file", "at [0]",
            "AtomicCards")
    path.write_text(json.dumps({"meta": {}, "data": ["Forest", "Island"]}))
    refused(capsys, path, "'Forest'", "at data[0]")


def _repeat_gzip(block: bytes, times: int) -> bytes:
    """``times`` gzip members of ``block``: a small file of ``times * len(block)`` bytes
    once decompressed (several members are one valid gzip file, RFC 1952)."""
    return gzip.compress(block) * times


def test_a_gigabyte_of_junk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "junk.json.gz"
    path.write_bytes(_repeat_gzip(bytes(1 << 20), 1024))  # 1 GiB of zero bytes
    assert path.stat().st_size < 2 << 20
    refused(capsys, path, "not a card file", "byte offset 0")


def test_a_gigabyte_of_blanks_is_a_compression_bomb(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    # Valid JSON so far: "[" then blanks, which the reader would step through.
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b"[") + _repeat_gzip(b" " * (1 << 20), 1024))
    refused(capsys, path, "compression bomb", "the cap is 200 times")


def test_a_plain_file_over_the_grace_is_no_bomb(tmp_path: Path) -> None:
    # Uncompressed, 17 MiB and a short last block: its ratio is 1, whatever the block.
    from manacheck.model.jsonstream import CHUNK, RATIO_GRACE, open_chunks

    path = tmp_path / "oracle-cards.json"
    path.write_bytes(b" " * (RATIO_GRACE + CHUNK + 100))
    assert sum(len(b) for b in open_chunks(path)) == RATIO_GRACE + CHUNK + 100


def test_a_zip_bomb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z, \
            z.open("AtomicCards.json", "w", force_zip64=True) as m:
        m.write(b'{"data": [')
        block = b" " * (1 << 20)
        for _ in range(64):
            m.write(block)
    assert path.stat().st_size < 1 << 20
    refused(capsys, path, "compression bomb", "the cap is 200 times")


def test_the_decompressed_size_cap(tmp_path: Path) -> None:
    path = write(tmp_path / "cards.json.gz", atomic(CARDS * 1), "gzip")
    with pytest.raises(BadInput, match=r"more than 1 KiB once decompressed \(gzip\); the "
                       r"cap is 1 KiB"):
        list(read_records(path, max_decompressed=1024))


def test_a_zip_with_two_members(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("a.json", "[]")
        z.writestr("b.json", "[]")
    refused(capsys, path, "holds 2 (a.json, b.json)")


def test_damaged_gzip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = bytearray(gzip.compress(json.dumps(atomic(CARDS)).encode()))
    raw[20:40] = bytes(20)
    path = tmp_path / "bad.json.gz"
    path.write_bytes(bytes(raw))
    refused(capsys, path, "damaged gzip data")


def test_not_utf8_and_too_deep_and_trailing_data(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b'[{"object": "card", "name": "\xff"}]')
    refused(capsys, path, "UTF-8", "29")
    path.write_text('{"data": ' + "[" * 100_000 + "]" * 100_000 + "}")
    refused(capsys, path, "nested too deeply")
    path.write_text(json.dumps(scryfall_bulk(CARDS[:1])) + " junk")
    refused(capsys, path, "after the JSON document")


def test_an_oversized_value_is_refused_in_bounded_memory() -> None:
    def chunks() -> Iterator[bytes]:
        yield b'[{"name": "'
        while True:
            yield b"a" * (1 << 20)

    stream = JsonStream(chunks(), "big.json", max_value=8 << 20)
    with pytest.raises(BadInput, match=r"big.json: a single JSON value longer than 8 MiB"):
        for _ in stream.items():
            stream.value()


def test_a_number_split_across_chunks_is_read_whole() -> None:
    def chunks() -> Iterator[bytes]:
        yield b"[1" + b" " * (1 << 20)
        yield b", 12"
        yield b"34]"

    stream = JsonStream(chunks(), "n.json")
    assert [stream.value() for _ in stream.items()] == [1, 1234]
    stream.finish()


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.json.gz"
    path.write_bytes(gzip.compress(b""))
    refused(capsys, path, "empty")
    path.write_bytes(zlib.compress(b"[]"))  # raw zlib is not a format read here
    assert detect(path) is None


def test_abilities_lists_unread_text_as_not_decided(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Channel works from the hand: the listing can't leave it out without a word.
    channel = CardRecord("Grove of Echoes", "normal", (face(
        "Grove of Echoes", "", "Legendary Land", "{T}: Add {G}.\nChannel — {1}{G}, Discard "
        "Grove of Echoes: Draw two cards."),))
    cards = write(tmp_path / "AtomicCards.json", atomic([*CARDS, channel]))
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("Quartz Prism", "Oddity Vale").replace(
        "B: {}", "  hand: [Grove of Echoes]\n  B: {}"))
    code, out, _ = run(capsys, "abilities", str(state), "--cards", str(cards), "--json")
    rows = json.loads(out)["abilities"]
    shared = {u["id"]: u for u in json.loads(out)["undecided"]}  # each effect once
    unread = [(r["object"], r["ability"], r["text"]) for r in rows if r["ability"] == 0]
    assert unread == [
        ("Oddity Vale", 0, "{T}: Add one mana of any color in your commander's color "
         "identity. Activate only if you control your commander.")]
    assert all(r["legal"] is None for r in rows if r["ability"] == 0)
    # Channel is read by the grammar: its cost ({1}{G}, discard it) works from the hand
    # (CR 602.1a); only its effect ("Draw two cards.") is kept unread, which
    # can-activate doesn't need and resolve refuses.
    # Its answer is not decided only because of Oddity Vale's unread line on the
    # battlefield, which is named; nothing of the Channel ability itself is.
    channel_rows = [r for r in rows if r["object"] == "Grove of Echoes" and r["ability"] == 2]
    assert len(channel_rows) == 1
    assert [shared[i]["object"] for i in channel_rows[0]["undecided_ids"]] == ["Oddity Vale"]
    code, out, err = run(capsys, "can-activate", str(state), "Grove of Echoes",
                         "--ability", "2", "--cards", str(cards), "--json")
    assert code == 1, err
    assert [u["object"] for u in json.loads(out)["undecided"]] == ["Oddity Vale"]


def _stream(text: str, chunk: int = 7) -> JsonStream:
    raw = text.encode("utf-8")
    return JsonStream(iter([raw[i:i + chunk] for i in range(0, len(raw), chunk)]), "t.json")


def test_skipping_steps_over_strings_with_brackets_across_chunks() -> None:
    text = '{"booster": {"a": ["]}{[", "\\"]", {"b": [1, 2, {"c": "}"}]}]}, "cards": [5]}'
    stream = _stream(text)
    got = {}
    for key in stream.members():
        if key == "cards":
            got[key] = stream.value()
        else:
            stream.skip()
    stream.finish()
    assert got == {"cards": [5]}


@pytest.mark.parametrize(("text", "message"), [
    ('{"a": [1, 2}', "a '}' that closes nothing open"),
    ('{"a": [1, "x', "ends early"),
    ('{"a": [1, 2', "ends early"),
    ('{"a": [1, \\u], "b": 1}', "outside a string"),
])
def test_skipping_bad_json_is_refused(text: str, message: str) -> None:
    stream = _stream(text)
    with pytest.raises(BadInput, match=message):
        for _ in stream.members():
            stream.skip()


def test_a_large_skipped_member_is_stepped_over(tmp_path: Path) -> None:
    # A set file's other members (here 5 MB of them, past many buffer refills) are
    # stepped over, not decoded.
    path = tmp_path / "set.json"
    with open(path, "w") as f:
        f.write('{"data": {"baseSetSize": 1, "booster": [')
        f.write(",".join(['{"s": "x]", "n": [1, 2, 3]}'] * 200_000))
        f.write('], "cards": ' + json.dumps(mtgjson_objects(CARDS[0])) + "}}")
    assert [r.name for r in read_records(path)] == ["Quartz Prism"]


def test_the_byte_offset_counts_bytes_not_characters() -> None:
    text = '[{"name": "Æther Ünicorn", "type_line": "Creature"}, 5]'
    stream = _stream(text, chunk=3)
    with pytest.raises(BadInput, match=f"at \\[1\\] \\(byte offset {text.encode().index(b'5')}\\)"):
        list(collect(_card_list_of(stream)))


def _card_list_of(stream: JsonStream) -> Iterator[CardRecord]:
    from manacheck.model.cardfiles import _card_list

    return _card_list(stream, "")


def test_memory_stays_bounded_while_a_long_stream_is_read() -> None:
    import tracemalloc

    one = json.dumps({**scryfall_object(CARDS[1]), "flavor_text": "x" * 2000}).encode()
    n = 12_000  # about 28 MB of card objects, made as they are read

    def chunks() -> Iterator[bytes]:
        yield b"["
        block = b",".join([one] * 100)
        for i in range(n // 100):
            yield (b"," if i else b"") + block
        yield b"]"

    assert n * len(one) > 25 << 20
    tracemalloc.start()
    try:
        stream = JsonStream(chunks(), "long.json")
        count = sum(1 for _ in _card_list_of(stream))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == n
    assert peak < 12 << 20  # a few buffers' worth, not the 28 MB read


def test_a_double_faced_cards_back_face_is_only_on_the_battlefield(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mdfc = CardRecord("Skyclave Summons // Skyclave Ruins", "modal_dfc", (
        face("Skyclave Summons", "{5}{W}{W}", "Sorcery", "Draw two cards.", side="a",
             colors=("W",)),
        face("Skyclave Ruins", "", "Land", "{T}: Add {W}.", side="b")))
    cards = write(tmp_path / "AtomicCards.json", atomic([*CARDS, mdfc]))
    db = load_download(cards, builtin_cards())
    # The back face up, its own characteristics: a land with mana value 0 (CR 712.8f).
    assert db["Skyclave Ruins"].mana_value() == 0 and db["Skyclave Summons"].mana_value() == 7
    # The card format holds it (back_face_of), and the dump loads back to the same card.
    from manacheck.model.carddata import parse_card
    from manacheck.model.carddump import dump_card

    for name in ("Skyclave Ruins", "Moonlit Hunter", "Oddity Vale"):
        dumped = dump_card(db[name])
        assert parse_card(dumped, name) == db[name]
    assert dump_card(db["Skyclave Ruins"])["back_face_of"] == "Skyclave Summons"
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("Quartz Prism", "Skyclave Ruins"))
    code, out, _ = run(capsys, "produce", str(state), "Skyclave Ruins", "--cards", str(cards),
                       "--json")
    assert code == 0 and json.loads(out)["objects"][0]["mana_types"] == ["W"]
    for back in ("Skyclave Ruins", "Moonlit Hunter"):
        state.write_text(STATE.replace("B: {}", f"  hand: [{back}]\n  B: {{}}"))
        code, _, err = run(capsys, "validate", str(state), "--cards", str(cards))
        assert code == 2 and f"'{back}' is the back face of" in err


def test_a_folder_is_not_a_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    with pytest.raises(BadInput, match="not a regular file"):
        list(read_records(tmp_path))
    assert detect(tmp_path) is None
    refused(capsys, tmp_path, "not a regular file")


@pytest.mark.cr("709.4")
def test_a_split_cards_halves_are_cards_with_a_line_that_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    split = CardRecord("Blaze // Frost", "split", (
        face("Blaze", "{1}{R}", "Instant", "Blaze deals 2 damage to any target.", side="a",
             colors=("R",)),
        face("Frost", "{1}{U}", "Instant", "Tap target creature.", side="b", colors=("U",))))
    cards = write(tmp_path / "AtomicCards.json", atomic([*CARDS, split]))
    db = load_download(cards, builtin_cards())
    for half in ("Blaze", "Frost"):
        notes = [s.text for s in db[half].static_abilities]
        assert "(one part of the split card Blaze // Frost: its characteristics off the " \
               "stack aren't this part's alone, CR 709.4; not read)" in notes
    # In a hand the card is both halves (its mana value 4, CR 709.4b): not decided.
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("B: {}", "  hand: [Blaze]\n  B: {}"))
    code, out, _ = run(capsys, "pay", str(state), "{1}{R}", "--for", "Blaze", "--cards",
                       str(cards))
    assert code == 1 and out.startswith("{1}{R}: not decided") and "CR 709.4" in out
