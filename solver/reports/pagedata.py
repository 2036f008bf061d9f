"""What both page renderers (HTML, Markdown) take from a report, computed once.

A report is a dict that follows :data:`.schema.REPORT_SCHEMA`; it comes from a file, so
these helpers read it defensively (a missing optional field is an empty one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from .board import slug

__all__ = ["INDEX_COLUMNS", "Anchors", "Stat", "anchors", "card_stats", "flipped",
           "index_stats", "listed", "mapping", "sort_views", "state_yaml", "text"]

#: The index table's columns: (key in an index card entry, heading).
INDEX_COLUMNS = (("name", "Card"), ("cases", "Cases"), ("rulings", "Rulings"),
                 ("rulings_matched", "Rulings shown"), ("undecided", "Undecided"))


def listed(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one."""
    return value if isinstance(value, list) else []


def mapping(value: Any) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def text(value: Any) -> str:
    """A report value as text ('' for none)."""
    return "" if value is None else value if isinstance(value, str) else str(value)


def state_yaml(case: Mapping[str, Any]) -> str:
    """The case's state as YAML: its ``state_yaml``, else ``state`` dumped in order."""
    given = case.get("state_yaml")
    if isinstance(given, str) and given.strip():
        return given
    return str(yaml.safe_dump(case.get("state", {}), sort_keys=False, allow_unicode=True))


def flipped(case: Mapping[str, Any]) -> bool:
    """Whether the case's verdict differs from the base board's."""
    a, b = case.get("answer"), case.get("base_answer")
    return isinstance(a, Mapping) and isinstance(b, Mapping) and \
        a.get("verdict") != b.get("verdict")


@dataclass(frozen=True)
class Anchors:
    """Stable, unique anchors: ``card-<slug of its name>``, ``case-<slug of its id>``,
    ``ruling-<card's slug>-<n>`` (n from 1); the prefixes keep the three kinds apart."""

    cases: dict[str, str]
    cards: list[str]

    def ruling(self, card_index: int, ruling_index: int) -> str:
        """The anchor of ruling ``ruling_index`` (from 0) of card ``card_index``."""
        return f"ruling-{self.cards[card_index].removeprefix('card-')}-{ruling_index + 1}"


def _unique(base: str, taken: set[str]) -> str:
    out, n = base, 1
    while out in taken:
        n += 1
        out = f"{base}-{n}"
    taken.add(out)
    return out


def anchors(report: Mapping[str, Any]) -> Anchors:
    """The anchors of every card and case of ``report`` (a clash gets ``-2``, ``-3``…)."""
    taken: set[str] = set()
    cards: list[str] = []
    cases: dict[str, str] = {}
    for card in _cards(report):
        cards.append(_unique("card-" + slug(text(card.get("name"))), taken))
    for card in _cards(report):
        for case in _list(card.get("cases")):
            cid = text(case.get("id"))
            if cid not in cases:
                cases[cid] = _unique("case-" + slug(cid), taken)
    return Anchors(cases, cards)


def _list(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _cards(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return _list(report.get("cards"))


@dataclass(frozen=True)
class Stat:
    """One summary figure: its label, value and a short note."""

    label: str
    value: str
    note: str = ""


def _by(counts: Any) -> str:
    if not isinstance(counts, Mapping) or not counts:
        return ""
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0])))


def card_stats(card: Mapping[str, Any]) -> list[Stat]:
    """A card's summary: cases (surprising, by kind, flipped), rulings, undecided."""
    cases = _list(card.get("cases"))
    rulings = _list(card.get("rulings"))
    kinds: dict[str, int] = {}
    for c in cases:
        kinds[text(c.get("kind"))] = kinds.get(text(c.get("kind")), 0) + 1
    matched = sum(1 for r in rulings if r.get("cases"))
    unmatched: dict[str, int] = {}
    for r in rulings:
        if not r.get("cases"):
            k = text(r.get("reason_kind")) or "no reason kind"
            unmatched[k] = unmatched.get(k, 0) + 1
    undecided = card.get("undecided")
    n_undecided = sum(v for v in undecided.values() if isinstance(v, int)) \
        if isinstance(undecided, Mapping) else 0
    out = [Stat("Cases", str(len(cases)), _by(kinds)),
           Stat("Surprising", str(sum(1 for c in cases if c.get("surprising") is True)),
                "a plain reading misleads"),
           Stat("Answer flips", str(sum(1 for c in cases if flipped(c))),
                "verdict differs from the base board"),
           Stat("Rulings shown", f"{matched} of {len(rulings)}", _by(unmatched)),
           Stat("Undecided", str(n_undecided), _by(undecided))]
    seconds = card.get("seconds")
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        out.append(Stat("Time", f"{seconds:.1f} s", "to build this report"))
    return out


def index_stats(totals: Mapping[str, Any]) -> list[Stat]:
    """A pool's totals: cards, cases, rulings matched, unmatched by reason, undecided."""
    rulings = totals.get("rulings")
    unmatched = totals.get("rulings_unmatched")
    undecided = totals.get("undecided")
    n_unmatched = sum(v for v in unmatched.values() if isinstance(v, int)) \
        if isinstance(unmatched, Mapping) else 0
    n_undecided = sum(v for v in undecided.values() if isinstance(v, int)) \
        if isinstance(undecided, Mapping) else 0
    return [Stat("Cards", text(totals.get("cards"))),
            Stat("Cases", text(totals.get("cases"))),
            Stat("Rulings shown", f"{text(totals.get('rulings_matched'))} of {text(rulings)}"),
            Stat("Rulings unmatched", str(n_unmatched), _by(unmatched)),
            Stat("Undecided answers", str(n_undecided), _by(undecided))]


def _num(card: Mapping[str, Any], key: str) -> int:
    v = card.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def sort_views(cards: Sequence[Mapping[str, Any]]
               ) -> list[tuple[str, str, list[Mapping[str, Any]]]]:
    """The index table's orders: (anchor, column key, rows), by name first, then by each
    count, largest first (ties by name)."""
    by_name = sorted(cards, key=lambda c: text(c.get("name")).casefold())
    out = [("by-name", "name", by_name)]
    for key, _ in INDEX_COLUMNS[1:]:
        def largest_first(c: Mapping[str, Any], k: str = key) -> int:
            return -_num(c, k)

        rows = sorted(by_name, key=largest_first)
        out.append((f"by-{key.replace('_', '-')}", key, rows))
    return out
