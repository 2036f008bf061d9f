"""How much of a card pool the reader reads: by ability kind, by template, and the most
frequent sentences it can't read.

A line of a card's oracle text is one of:

* a **mana ability**: an activated ability whose effect adds mana (CR 605.1a: "Add" in
  its effect, outside quotation marks), with no target and not a loyalty ability
  (:func:`could_be_mana_ability`), or a basic land type's intrinsic ability (CR 305.6,
  read from the type line, its reminder text checked);
* another **activated ability** ("[Cost]: [Effect]", CR 602.1a), a loyalty ability
  ("[+1]: [Effect]", CR 606: activated, even when it adds mana), or a keyword ability
  that is one (equip, cycling and its variants, crew, ninjutsu, level up, outlast,
  reconfigure, unearth, embalm, eternalize, scavenge, transmute, fortify: CR 702;
  not retrace, a static ability that lets a card be cast, CR 702.81a);
* **other**: static and triggered abilities, keywords, spell text.

Counted as read: a mana ability only when every part of it was derived and rendered
back (status ``read``); an activated ability when its cost, timing, restrictions and
targets were (``read`` or ``partial``: its effect may stay unread, which only
``resolve`` needs). Other lines are counted read when ``oracle.read_text`` reads them.

A card "has every mana ability read" when each of its mana abilities is read; the
issue's target is 97% of the cards with a mana ability, and 90% of activated abilities.

Rules
-----
CR 605.1a (mana abilities), 602.1a (activated abilities), 606 (loyalty abilities), 305.6
(intrinsic abilities), 702 (keyword abilities).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .forms import could_be_mana_ability
from .reading import read_line

__all__ = ["ACTIVATED_KEYWORDS", "Coverage", "FaceText", "could_be_mana_ability", "coverage",
           "describe", "faces_of", "pool_faces"]

#: Keyword abilities that are activated abilities (CR 702), as a line starts.
ACTIVATED_KEYWORDS = re.compile(
    r"^(Equip|Cycling|[A-Z][a-z]+cycling|Basic landcycling|Crew|Ninjutsu|Level up|Outlast|"
    r"Reconfigure|Unearth|Embalm|Eternalize|Scavenge|Transmute|Fortify|Transfigure|"
    r"Encore|Boast|Adapt|Monstrosity|Forecast|Bloodrush|Auraswap)"
    r"(?= \{| \d| —|—| X|$| \()")
_MANA = re.compile(r"^[^\"]*?: (?:[^\"]*\. )?Add ")
_SYMBOLS = re.compile(r"\{[^}]+\}")


@dataclass(frozen=True, slots=True)
class FaceText:
    """One face to measure: its card's name, its own name, text, subtypes and mana
    cost (a reminder line is checked against it)."""

    card: str
    name: str
    text: str
    subtypes: tuple[str, ...] = ()
    mana_cost: str = ""
    #: its card types: an instant's or sorcery's lines may be its spell effects
    types: tuple[str, ...] = ()


@dataclass
class Coverage:
    """Counts of one run of :func:`coverage` (see the module docstring)."""

    cards: int = 0
    mana_cards: int = 0
    mana_cards_read: int = 0
    lines: Counter[tuple[str, str]] = field(default_factory=Counter)
    templates: Counter[str] = field(default_factory=Counter)
    unread: Counter[str] = field(default_factory=Counter)

    def percent(self, read: int, total: int) -> float:
        return 100.0 * read / total if total else 100.0

    @property
    def activated(self) -> tuple[int, int]:
        """(read, total) activated abilities that aren't mana abilities."""
        total = sum(v for (k, _), v in self.lines.items() if k == "activated")
        read = self.lines["activated", "read"] + self.lines["activated", "partial"]
        return read, total

    def to_data(self, top: int = 20) -> dict[str, Any]:
        act_read, act_total = self.activated
        kinds = {}
        for kind in ("mana", "activated", "other"):
            n = {s: v for (k, s), v in self.lines.items() if k == kind}
            kinds[kind] = {"lines": sum(n.values()), **dict(sorted(n.items()))}
        return {
            "cards": self.cards,
            "mana_cards": {"total": self.mana_cards, "every_mana_ability_read":
                           self.mana_cards_read,
                           "percent": round(self.percent(self.mana_cards_read,
                                                         self.mana_cards), 1),
                           "target_percent": 97,
                           # exact, not the rounded percent (96.996% isn't 97%)
                           "met": self.mana_cards_read * 100 >= 97 * self.mana_cards},
            "activated_abilities": {"total": act_total, "read": act_read,
                                    "percent": round(self.percent(act_read, act_total), 1),
                                    "target_percent": 90,
                                    "met": act_read * 100 >= 90 * act_total},
            "by_kind": kinds,
            "templates": [{"template": t, "lines": n}
                          for t, n in self.templates.most_common(top)],
            "unread": [{"sentence": s, "lines": n} for s, n in self.unread.most_common(top)],
        }


def _general(why: str) -> str:
    """An unread reason with its mana symbols and numbers generalised, for counting."""
    return re.sub(r"\b\d+\b", "N", _SYMBOLS.sub("{S}", why))[:160]


def coverage(faces: Iterable[FaceText]) -> Coverage:
    """Read every face's lines and count what was read (module docstring)."""
    from ..oracle import read_text
    from .wording import reader_wording

    out = Coverage()
    mana_ok: dict[str, bool] = {}
    seen: set[str] = set()
    for face in faces:
        if face.card not in seen:
            seen.add(face.card)
            out.cards += 1
        basics = [t for t in face.subtypes if t in ("Plains", "Island", "Swamp", "Mountain",
                                                     "Forest")]
        if basics:
            mana_ok.setdefault(face.card, True)
        for raw in (s.strip() for s in face.text.split("\n")):
            if not raw:
                continue
            # (today's wording and older ones count as the reader reads them)
            line = reader_wording(raw, face.name)
            r = read_line(line, face.name)
            if r.mana or could_be_mana_ability(r.normalised):
                kind = "mana"
            elif r.why != "not an activated ability" or ACTIVATED_KEYWORDS.match(
                    r.normalised):
                kind = "activated"
            else:
                kind = "other"
            if kind == "other":
                _, _keywords, unread = read_text(
                    face.name, line, face.subtypes, face.mana_cost,
                    spell=bool({"Instant", "Sorcery"} & set(face.types)))
                status = "unread" if unread else "read"
                if unread:
                    out.unread[_general(r.normalised or line)] += 1
            else:
                status = r.status
                if status == "unread":
                    why = r.why
                    if why in ("a target not read", "not an activated ability", "no effect"):
                        why = f"{why}: {r.normalised}"
                    out.unread[_general(why)] += 1
                else:
                    out.templates[kind + " " + r.template] += 1
            out.lines[kind, status] += 1
            if kind == "mana":
                ok = status == "read"
                mana_ok[face.card] = mana_ok.get(face.card, True) and ok
    out.mana_cards = len(mana_ok)
    out.mana_cards_read = sum(mana_ok.values())
    return out


def pool_faces() -> Iterable[FaceText]:
    """The faces of the shipped pool (``model/pool.py``), from the card-format
    entries' own text: each face counts as a card here."""
    import json

    from ..pool import PoolCards

    for name, entry in sorted(PoolCards().entries()):
        data = json.loads(entry)
        card = str(data.get("back_face_of") or data.get("transforms_from") or name)
        yield FaceText(card, name, str(data.get("text", "")),
                       tuple(data.get("subtypes", ())), str(data.get("mana_cost", "")),
                       tuple(data.get("types", ())))


def faces_of(records: Mapping[str, Any]) -> Iterable[FaceText]:
    """The faces of collected card records (``cardfiles.collect``), Un-cards and the
    others ``usercards`` skips left out."""
    from ..usercards import entries_of

    for rec in records.values():
        _, why, _ = entries_of(rec)
        if why is not None:
            continue
        for f in rec.faces:
            yield FaceText(rec.name, f.name, f.text, tuple(f.subtypes), f.mana_cost,
                           tuple(f.types))


def _short(read: int, total: int, target: int) -> str:
    """", not met: N short" when fewer than ``target`` percent are read (exactly: a
    rounded 97.0% may be 96.996%), else nothing."""
    need = -(-target * total // 100)  # the fewest that make target percent
    return "" if read >= need else f", not met: {need - read:,} short"


def describe(data: Mapping[str, Any], source: str) -> str:
    """The text of ``manacheck cards coverage``: the targets, the kinds, the templates
    and the most frequent lines not read (``Coverage.to_data``)."""
    m, a = data["mana_cards"], data["activated_abilities"]
    lines = [f"{source}: {data['cards']:,} cards",
             f"mana abilities: {m['every_mana_ability_read']:,} of {m['total']:,} cards with "
             f"a mana ability have every one read ({m['percent']}%; target "
             f"{m['target_percent']}%{_short(m['every_mana_ability_read'], m['total'], 97)})",
             f"activated abilities: {a['read']:,} of {a['total']:,} read in cost, timing, "
             f"restrictions and targets ({a['percent']}%; target {a['target_percent']}%"
             f"{_short(a['read'], a['total'], 90)})",
             "by kind (lines):"]
    for kind, n in data["by_kind"].items():
        parts = ", ".join(f"{k} {v:,}" for k, v in n.items() if k != "lines")
        lines.append(f"  {kind}: {n['lines']:,} ({parts})")
    lines.append("most used templates:")
    lines += [f"  {t['lines']:6,}  {t['template']}" for t in data["templates"]]
    lines.append("most frequent lines not read (symbols as {S}, numbers as N):")
    lines += [f"  {u['lines']:6,}  {u['sentence']}" for u in data["unread"]]
    return "\n".join(lines)
