"""A card's official rulings, and the cases that show them.

Two ways a case shows a ruling:

* a **ruling board** of ``examples/rulings/`` (bundled in ``data/rulings.json``) quotes
  the ruling in its header; the board is a case of the report (its question is
  ``resolve`` when it has events, else ``can-activate`` of the card's first ability),
  and it shows the ruling it quotes;
* a **variation** shows a ruling when the ruling is about exactly what the variation
  decides: the ruling speaks of {X} and the case's rules include 107.3; of summoning
  sickness, haste or continuous control and 302.6; of the legend rule and 704.5j; of
  timing ("only as a sorcery", "any time you could cast an instant") and 602.5d or 307.1;
  of "once each turn" and 602.5b; of priority and 117.1; of replacement effects and
  614.1a; of a land's type and 305.7 or 613.1d; of several copies of the card not
  helping each other and a variation that adds a copy; of -1/-1 counters making
  toughness 0 and 704.5f; of objects that can't have counters and 122.5.

A ruling no case shows gets its reason: ``not-a-question`` when it speaks of nothing
manacheck answers (no activation, cost, mana, target, counter, trigger or resolution),
or of deck building, formats, errata or combat (``_NOT_ASKED``),
``not-modelled`` when the card has text manacheck doesn't read, else ``no-board`` (a
question manacheck answers, for which no ruling board exists yet).

Rules
-----
The rulings are Wizards of the Coast's (Gatherer, via MTGJSON), quoted as published.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["RulingBoard", "attach_rulings", "board_states", "card_rulings", "ruling_boards"]

_DATA = Path(__file__).resolve().parent / "data" / "rulings.json"


@functools.cache
def _bundle() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_DATA.read_text(encoding="utf-8"))
    return data


_DOWNLOADED: dict[tuple[str, int, int], dict[str, list[tuple[str, str]]]] = {}


def card_rulings(name: str, cards_file: str | None = None) -> list[dict[str, str]]:
    """The official rulings of a card (date, text, source): the bundled ones of a
    built-in card, else those a card download (``--cards FILE``) carries."""
    bundled = _bundle()["rulings"].get(name)
    if bundled is not None or cards_file is None:
        return list(bundled or [])
    import os

    from manacheck.model.cardfiles import detect

    if detect(cards_file) is None:  # a card-format file: no rulings
        return []
    from .filecache import file_version

    key = file_version(cards_file)
    found = _DOWNLOADED.get(key)
    if found is None:
        from manacheck.model.usercards import download_rulings

        _DOWNLOADED.clear()
        found = _DOWNLOADED[key] = download_rulings(cards_file)
    return [{"date": d, "text": t, "source": os.path.basename(cards_file)}
            for d, t in found.get(name, [])]


def _norm(text: str) -> str:
    t = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = " ".join(t.lower().split())
    # The old and the current templating read alike (CR 202.3: "mana value" replaced
    # "converted mana cost" in 2021).
    return t.replace("converted mana cost", "mana value")


class RulingBoard:
    """A ruling board: its file name, text, the card it is about and the quote."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        header: list[str] = []
        for line in text.splitlines():
            if not line.startswith("#"):
                break
            header.append(line[1:].strip())
        joined = " ".join(header)
        m = re.match(r"(.+?)(?:, ruling [0-9-]+)?\s*\((?:seed [0-9]+)\)|(.+?), ruling ",
                     joined)
        self.card = (m.group(1) or m.group(2)).strip() if m else ""
        # The quote ends at the quotation mark before the board's own words (a quote
        # may itself hold quoted words: "... triggers "whenever you tap" something").
        q = (re.search(r'"(.+?)"(?=\s*(?:Question:|CR \d|Expected|$))', joined)
             or re.search(r'"(.+?)"', joined))
        self.quote = q.group(1) if q else ""
        self.comment = joined
        rest = joined[joined.find(self.quote) + len(self.quote) + 1:] if self.quote else joined
        #: What the header says after the quote: the rules and the expected answer.
        self.note = re.sub(r"Question: \S+ .+?(?= CR |$)", "", rest).strip(" .:")
        #: The rules the header names ("CR 700.5, 106.7."), and what it says happens in
        #: words (the header's sentences after them, without "Expected: ...").
        self.cited: tuple[str, ...] = ()
        self.description = self.note
        m4 = re.match(r"CR ([^.]*(?:\.\d+[a-z]?[^.]*)*)\.\s*(.*)$", self.note)
        if m4:
            self.cited = tuple(re.findall(r"\b\d{3}\.\d+[a-z]?\b", m4.group(1)))
            self.description = m4.group(2)
        self.description = re.sub(r"\s*Expected:.*$", "", self.description).strip(" .")
        #: "Question: produce OBJECT", "Question: can-activate OBJECT N" or "Question:
        #: pay COST" in the header says what the board asks (else: resolve its events).
        self.question: tuple[str, str, int | None] | None = None
        for line in header:
            m2 = re.match(r"Question: (produce|can-activate) (.+?)(?: (\d+))?$", line)
            if m2:
                self.question = (m2.group(1), m2.group(2),
                                 int(m2.group(3)) if m2.group(3) else None)
            m3 = re.match(r"Question: pay (\S+)$", line)  # "pay COST" (its mana cost)
            if m3:
                self.question = ("pay", m3.group(1), None)

    def shows(self, ruling_text: str) -> bool:
        """Whether the board quotes this ruling (its first 60 characters, at least)."""
        q = _norm(self.quote).strip(". \u2026")
        return bool(q) and _norm(ruling_text).find(q[:60]) >= 0


@functools.cache
def ruling_boards() -> tuple[RulingBoard, ...]:
    """Every bundled ruling board (read once: a pool asks for them for every card)."""
    return tuple(RulingBoard(f, t) for f, t in sorted(_bundle()["ruling_boards"].items()))


#: (words in a ruling, rules one of which a case must cite, or dimensions one of which
#: it must vary) for a variation to show it.
_TOPICS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\{x\}|\bx is\b|value of x|\bx\b.*\b0\b"), ("107.3",)),
    (re.compile(r"summoning sick|haste|controlled continuously|continuously controlled|"
                r"comes? under (your|its controller's) control"),
     ("302.6",)),
    (re.compile(r"legend rule|legendary"), ("704.5j",)),
    (re.compile(r"only as a sorcery|any time you could cast an instant|sorcery speed"),
     ("602.5d", "307.1")),
    (re.compile(r"once each turn|only once"), ("602.5b",)),
    (re.compile(r"priority"), ("117.1", "117.1b")),
    (re.compile(r"replacement effect"), ("614.1a",)),
    (re.compile(r"land's type|land type|type of a land|becomes? a (mountain|forest|island|"
                r"plains|swamp)"), ("305.7", "613.1d")),
    (re.compile(r"multiple [a-z' -]+s won't|two [a-z' -]+s|another [a-z' -]+ named|"
                r"other [a-z' -]+s? won't help"), ("dimension:copies",)),
    (re.compile(r"-1/-1 counters?.*(toughness|dies|0 or less)|toughness 0"), ("704.5f",)),
    (re.compile(r"can't have counters|no counters are (put|moved)"), ("122.5",)),
    # A snow source's mana pays {S}; another's doesn't (a pay case, CR 107.4h).
    (re.compile(r"the \{s\} symbol .*snow source"), ("dimension:snow",)),
    # Devotion counts colored symbols only: two Grizzly Bears ({1}{G}) give devotion 2
    # to green, and the amount case pays {G}{G}, never more (CR 700.5).
    (re.compile(r"(numeric|generic) mana symbols .*devotion"), ("700.5",)),
    # "This is a mana ability": it is activated while paying a cost, even while another
    # player holds priority (the case citing CR 605.3a).
    (re.compile(r"\bis a mana ability\b|part of the [a-z]+ mana ability\. it doesn't "
                r"use the stack"), ("605.3a",)),
)

#: (words in a ruling, rules one of which a base board's case must cite) for a base
#: board to show it: a dual land's produce answer derives each type from an intrinsic
#: basic land ability (CR 305.6).
_BASE_TOPICS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"mana abilities associated with (both of )?its basic land types"),
     ("305.6",)),
    # A Desert has no intrinsic mana ability: its base board could produce only what
    # its own abilities make (CR 106.7; no 305.6 derivation, see attach_rulings).
    (re.compile(r"desert is a land subtype .*doesn't grant the land an intrinsic mana "
                r"ability"), ("106.7",)),
)

#: (words of a ruling saying a change doesn't matter, the dimension of that change): an
#: unchanged variation of that dimension shows it.
_HOLDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"even if [^.]{0,60}\b(is|are) tapped|whether [^.]{0,40}\buntapped|"
                r"doesn't check (their|its) costs|regardless of whether [^.]{0,40}tapped"),
     "lands"),
    # (the Ramos artifacts: "{T}: Add {U}" and "Sacrifice: Add {U}")
    (re.compile(r"activate the sacrifice ability while this card is tapped"), "tapped"),
)

#: Words of rulings about deck building, formats, errata and combat: manacheck answers
#: none of these, whatever else the ruling mentions.
_NOT_ASKED = re.compile(
    r"companion|starting deck|sideboard|limited event|booster|sealed deck|card pool|"
    r"\berrata\b|oracle text|commander from the command zone|cast from the command zone|"
    r"combat damage|\bblocks?\b|\battacks?\b|gets \+\d|\+\d/\+\d until end of turn")

_ANSWERED = re.compile(
    r"activat|abilit|\bcost|\bpay|\bmana\b|\btap|untap|counter|target|resolv|trigger|"
    r"\bstack\b|discard|sacrific|leaves the battlefield|\bdies\b|enters|\bspell")


def board_states(name: str, db: Any, notes: list[str]
                 ) -> list[tuple[RulingBoard, Any, Any]]:
    """The card's ruling boards that load with ``db``: (board, state, parsed data)."""
    import yaml
    from manacheck.model.statefile import load_state_text

    out: list[tuple[RulingBoard, Any, Any]] = []
    for board in ruling_boards():
        if board.card != name:
            continue
        try:
            state = load_state_text(board.text, name=board.file, cards=db)
            data = yaml.safe_load(board.text)
        except Exception as e:  # a board this card database can't load (its --cards)
            notes.append(f"ruling board {board.file} was not loaded: {e}")
            continue
        out.append((board, state, data))
    return out


def _unread(card: Any) -> bool:
    from manacheck.model.effects import kind_of_ability

    for ab in card.abilities:
        k = kind_of_ability(ab)
        if k is not None and k.key.endswith(":unread"):
            return True
    return False


def attach_rulings(name: str, cases: list[Any], db: Any,
                   cards_file: str | None = None, unchanged: Sequence[Any] = ()
                   ) -> list[dict[str, Any]]:
    """The card's rulings, each with the cases that show it or why none does (the
    ruling boards' cases are among ``cases``, with their ``board``). An ``unchanged``
    case (a variation that didn't change the answer) joins ``cases`` when a ruling says
    that change doesn't matter (``_HOLDS``)."""
    rulings = card_rulings(name, cards_file)
    by_file = {b.file: b for b in ruling_boards()}
    board_cases = [(by_file[c.board], c) for c in cases
                   if c.kind == "ruling" and c.board in by_file]
    card = db.get(name)
    out: list[dict[str, Any]] = []
    for i, r in enumerate(rulings):
        shown: list[str] = []
        for b, case in board_cases:
            if b.shows(r["text"]):
                shown.append(case.id)
                case.rulings.append(i)
        text = _norm(r["text"])
        for pattern, rules in _TOPICS:
            if not pattern.search(text):
                continue
            for case in cases:
                if case.kind == "variation" and (set(rules) & {
                        *case.rules, f"dimension:{case.dimension}"}):
                    if case.id not in shown:
                        shown.append(case.id)
                    if i not in case.rulings:
                        case.rulings.append(i)
        for pattern, rules in _BASE_TOPICS:
            if not pattern.search(text):
                continue
            for case in cases:
                if (case.kind == "base" and set(rules) & set(case.rules)
                        and ("305.6" in rules or "305.6" not in case.rules)
                        and (case.question.command == "produce" or "305.6" in rules)):
                    if case.id not in shown:
                        shown.append(case.id)
                    if i not in case.rulings:
                        case.rulings.append(i)
        for pattern, dimension in _HOLDS:
            if not pattern.search(text):
                continue
            for case in unchanged:
                if case.dimension == dimension:
                    if case not in cases:
                        cases.append(case)
                    if case.id not in shown:
                        shown.append(case.id)
                    if i not in case.rulings:
                        case.rulings.append(i)
        entry: dict[str, Any] = {"date": r["date"], "text": r["text"],
                                 "source": r.get("source", ""), "cases": shown,
                                 "reason": None, "reason_kind": None}
        if not shown:
            if _NOT_ASKED.search(text) or not _ANSWERED.search(text):
                entry["reason_kind"] = "not-a-question"
                entry["reason"] = ("not about a question manacheck answers (activation, "
                                   "payment, mana, targets, counters, resolution)")
            elif card is not None and _unread(card):
                entry["reason_kind"] = "not-modelled"
                entry["reason"] = "the card has text manacheck doesn't read yet"
            else:
                entry["reason_kind"] = "no-board"
                entry["reason"] = ("about a question manacheck answers, but no case shows "
                                   "it yet (no ruling board in examples/rulings/)")
        out.append(entry)
    return out
