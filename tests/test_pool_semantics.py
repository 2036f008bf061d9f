"""What ``produce``, ``pay`` and ``can-activate`` answer for real cards read by the oracle
text reader (``model/oracletext``), checked against answers derived by hand (issue 12).

The draw: seed :data:`SEED` = 20260412, ``random.Random(SEED).sample(names, 170)`` over
the sorted names of the cards of ``reference/cards/AtomicCards-2022-04.json.xz`` that

* are not built-in hand-written cards (``builtin_cards()``),
* ``usercards.entries_of`` takes (no skipped layout or type) with no unread line, so
  every line is read by ``oracletext.read_line`` (``read`` or ``partial``) or by
  ``oracle.read_text``'s templates and the card's answers are decided, and
* have at least one activated ability (mana or not).

The drawn names, in draw order, are :data:`tests.pool_semantics_cases.DRAW`. The draw was
made with the reader of commit 4a81367, when 2,364 names were eligible; as the reader
reads more cards the population grows (and built-in cards may be added), so the test
doesn't redraw: it checks that every drawn card is still eligible (the reader still reads
every line of it), so that a reader change that loses one of them fails here.

Each case of :data:`tests.pool_semantics_cases.CASES` is a small board (``board``'s
notation), a question and the answer derived from the
card's printed text and the Comprehensive Rules, never from manacheck's output; the
cards skipped (no board can express their question) are listed there, with why.

The download the CLI reads is the drawn cards' own MTGJSON records, written once per
module to a temporary AtomicCards file; the CLI runs in-process (``--cards``, ``--json``).
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from manacheck.model.carddata import builtin_cards
from manacheck.model.cardfiles import collect, read_records
from manacheck.model.usercards import CACHE_ENV, entries_of

from manacheck.cli import main
from tests.pool_semantics_cases import CASES, DRAW, REASONS, SKIPPED, Case
from tests.pool_semantics_more import MORE_CASES

ALL_CASES = CASES + MORE_CASES

SEED = 20260412
POOL = Path(__file__).resolve().parents[1] / "reference" / "cards" / "AtomicCards-2022-04.json.xz"


def eligible(*, builtins: bool = False) -> list[str]:
    """The sorted names the draw is made from (module docstring); with ``builtins``,
    also the built-in cards the reader reads whole (the generated mana cards, which
    grow with the reader: Beastcaller Savant and Loam Dryad joined them after the
    draw)."""
    records = collect(read_records(POOL)).cards
    built = builtin_cards()
    out = []
    for name in sorted(records):
        if name in built and not builtins:
            continue
        entries, why, unread = entries_of(records[name])
        if why is not None or unread:
            continue
        if any("activated" in a for e in entries for a in e.get("abilities", [])):
            out.append(name)
    return out


def test_every_drawn_card_is_still_read_whole() -> None:
    population = eligible(builtins=True)
    assert len(population) >= 2_364  # the population the draw was made from
    assert len(set(DRAW)) == len(DRAW) == 170
    assert [n for n in DRAW if n not in set(population)] == []


def test_every_drawn_card_is_checked_or_skipped() -> None:
    checked = {c.card for c in ALL_CASES}
    assert {c.card for c in MORE_CASES} <= {c.card for c in CASES}
    assert checked | set(SKIPPED) == set(DRAW)
    assert not checked & set(SKIPPED)
    assert len(checked) >= 150


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The drawn cards' records as an AtomicCards download, and a cache for it."""
    root = tmp_path_factory.mktemp("pool")
    raw = json.loads(lzma.decompress(POOL.read_bytes()))
    data = {"meta": raw["meta"], "data": {n: raw["data"][n] for n in DRAW}}
    path = root / "AtomicCards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(CACHE_ENV, str(root / "cache"))
        yield path


#: Names with a comma, kept whole when a board's list is split at commas.
COMMA_NAMES = sorted({n for n in DRAW if ", " in n} | {"Kozilek, the Great Distortion"},
                     key=len, reverse=True)


def _split(names: str) -> list[str]:
    for i, name in enumerate(COMMA_NAMES):
        names = names.replace(name, f"\0{i}\0")
    out = []
    for x in names.split(","):
        for i, name in enumerate(COMMA_NAMES):
            x = x.replace(f"\0{i}\0", name)
        if x.strip():
            out.append(x.strip())
    return out


def _permanent(text: str) -> Any:
    """``sick:NAME``, ``tapped:NAME``, ``NAME[kind=n]`` or a plain name."""
    entry: dict[str, Any] = {}
    while ":" in text.split("[")[0] and text.split(":", 1)[0] in ("sick", "tapped"):
        flag, text = text.split(":", 1)
        entry["summoning_sick" if flag == "sick" else "tapped"] = True
    if text.endswith("]"):
        text, _, counters = text[:-1].partition("[")
        entry["counters"] = {k: int(v) for k, v in (c.split("=") for c in counters.split(","))}
    if not entry:
        return text
    return {"card": text, **entry}


def board(spec: str) -> str:
    """The state file of a board: ``;``-separated parts, the first A's battlefield
    (comma-separated), then ``hand=``, ``gy=``, ``life=`` (A's), ``B=`` (B's
    battlefield), ``stack=`` (B's spells), ``done=NAME#N`` (ability N of NAME was
    activated this turn), ``phase=`` and ``active=`` (A keeps priority); names as
    :func:`_permanent` reads them."""
    parts = [p.strip() for p in spec.split(";")]
    a: dict[str, Any] = {"battlefield": [_permanent(x) for x in _split(parts[0])]}
    b: dict[str, Any] = {}
    stack: list[Any] = []
    extra: dict[str, Any] = {}
    turn = {"active_player": "A", "phase": "precombat_main"}
    for p in parts[1:]:
        key, _, value = p.partition("=")
        names = _split(value)
        if key == "hand":
            a["hand"] = names
        elif key == "gy":
            a["graveyard"] = names
        elif key == "life":
            a["life"] = int(value)
        elif key == "B":
            b["battlefield"] = [_permanent(x) for x in names]
        elif key == "done":
            data_done = [{"object": n.rsplit("#", 1)[0], "ability": int(n.rsplit("#", 1)[1])}
                         for n in names]
            extra["activated_this_turn"] = data_done
        elif key == "stack":
            stack = [{"card": n, "controller": "B"} for n in names]
        elif key == "phase":
            turn["phase"] = value
        elif key == "active":
            turn["active_player"] = value
            turn["priority"] = "A"
        else:
            raise ValueError(f"unknown board part {p!r}")
    data: dict[str, Any] = {"turn": turn, "players": {"A": a, "B": b}}
    if stack:
        data["stack"] = stack
    data.update(extra)
    return yaml.safe_dump(data, sort_keys=False)


def ask(case: Case, state: Path, cards: Path, capsys: pytest.CaptureFixture[str]
        ) -> tuple[int, Any]:
    kind, _, arg = case.question.partition(" ")
    if kind == "act":
        number, _, obj = arg.partition(" ")  # "act N [OBJECT]": a back face by name
        obj = obj or case.card.split(" // ")[0]
        argv = ["can-activate", str(state), obj, "--ability", number or "1"]
    elif kind == "produce":
        argv = ["produce", str(state), arg or case.card]
    else:
        cost, _, spell = arg.partition(" for ")
        argv = ["pay", str(state), cost, *(["--for", spell] if spell else [])]
    code = main([*argv, "--cards", str(cards), "--json"])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    return code, json.loads(out)


def answer(case: Case, data: Any) -> Any:
    """The answer in the table's terms: True, a reason name, a set of mana types, a
    payable flag, or None for "not decided"."""
    kind = case.question.split(" ", 1)[0]
    if kind == "act":
        if data["legal"] is None:
            return None
        if data["legal"]:
            return True
        rules = {r["rule"] for r in data["reasons"]}
        found = [name for name, rs in REASONS.items() if rules & rs]
        return found[0] if len(found) == 1 else tuple(sorted(rules))
    if kind == "produce":
        types = {t for o in data["objects"] for t in o["mana_types"]}
        return "".join(sorted(types, key="WUBRGC".index))
    return data["payable"]


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{c.card}-{i}", marks=c.marks)
                                  for i, c in enumerate(ALL_CASES)])
def test_case(case: Case, cards: Path, tmp_path: Path,
              capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "state.yaml"
    state.write_text(board(case.board), encoding="utf-8")
    _, data = ask(case, state, cards, capsys)
    assert answer(case, data) == case.expected, case.why
