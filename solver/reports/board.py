"""A report case's state, read for drawing: players, zones, the stack, the turn.

The renderers (:mod:`.render_html`, :mod:`.render_md`) draw the board of each case from
its ``state`` (state-file data, ``manacheck schema``). The state comes from a report
file, so nothing in it is trusted: every value is read defensively (a wrong type becomes
text or is skipped), never raised on; the loader (``manacheck validate``) is the place
that refuses bad states. Objects get the ids the loader would give them, so the drawing
names the same ids as the command.

Rules
-----
CR 405.1: the stack's last entry is on top (a state file lists the stack bottom first).
CR 122.1: counters by kind. CR 302.6: summoning sickness. CR 117.1b: priority.
CR 106.4: the mana pool.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from manacheck.model.statefile.builder import AutoIds

__all__ = [
    "ZONES",
    "Board",
    "Counter",
    "Mana",
    "Obj",
    "Player",
    "StackEntry",
    "compact",
    "counter_label",
    "mana_symbols",
    "phase_text",
    "read_board",
    "rule_label",
    "slug",
]

#: The zones drawn as cards, in drawing order (the library is a count).
ZONES = ("battlefield", "hand", "graveyard", "exile")

_PT = re.compile(r"^[+-]\d+/[+-]\d+$")
_SYMBOL = re.compile(r"\{([^{}]{1,12})\}")


@dataclass(frozen=True)
class Counter:
    """Counters of one kind on an object (CR 122.1)."""

    kind: str
    n: int

    @property
    def label(self) -> str:
        """The badge text: ``+1/+1 ×2``, ``-1/-1``, ``charge 3``."""
        return counter_label(self.kind, self.n)


@dataclass(frozen=True)
class Obj:
    """A card or permanent in a zone, with the id the loader gives it."""

    id: str
    name: str
    zone: str
    tapped: bool = False
    sick: bool = False
    token: bool = False
    counters: tuple[Counter, ...] = ()
    attached_to: str | None = None
    owner: str | None = None
    chosen: tuple[tuple[str, str], ...] = ()

    @property
    def notes(self) -> tuple[str, ...]:
        """Short words for what else is true of it (token, attached, chosen, owner)."""
        out: list[str] = []
        if self.token:
            out.append("token")
        if self.attached_to:
            out.append(f"attached to {self.attached_to}")
        out.extend(f"{k}: {v}" for k, v in self.chosen)
        if self.owner:
            out.append(f"owner {self.owner}")
        return tuple(out)


@dataclass(frozen=True)
class Mana:
    """One mana-pool entry: its symbols, snow, and the card whose restriction it has."""

    symbols: tuple[str, ...]
    text: str
    snow: bool = False
    source: str | None = None


@dataclass(frozen=True)
class Player:
    """A player: life, library count, mana pool, zones; whose turn and priority."""

    name: str
    life: str
    library: str
    pool: tuple[Mana, ...]
    zones: tuple[tuple[str, tuple[Obj, ...]], ...]
    active: bool
    priority: bool

    def zone(self, name: str) -> tuple[Obj, ...]:
        """The objects in zone ``name`` (empty if none)."""
        return next((objs for z, objs in self.zones if z == name), ())


@dataclass(frozen=True)
class StackEntry:
    """A spell or ability on the stack; ``position`` 1 is the bottom (CR 405.1)."""

    position: int
    id: str
    kind: str
    title: str
    controller: str
    details: tuple[str, ...]
    counters: tuple[Counter, ...] = ()


@dataclass(frozen=True)
class Board:
    """Everything drawn for one state."""

    turn_number: str
    active: str
    phase: str
    priority: str | None
    players: tuple[Player, ...]
    stack: tuple[StackEntry, ...]
    effects: tuple[str, ...]
    activated: tuple[str, ...]
    events: tuple[str, ...]

    @property
    def stack_top_first(self) -> tuple[StackEntry, ...]:
        """The stack from the top (resolves first) down to the bottom."""
        return tuple(reversed(self.stack))


def counter_label(kind: str, n: int) -> str:
    """A counter badge: ``+1/+1 ×2`` and ``-1/-1`` for P/T counters, else ``charge 3``."""
    if _PT.match(kind):
        return kind if n == 1 else f"{kind} ×{n}"
    return f"{kind} {n}"


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits joined by ``-`` (``x`` if nothing is left)."""
    import unicodedata

    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    s = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return s or "x"


def rule_label(rule: str) -> str:
    """``CR 602.2`` for a rule number (kept as it is if it already names its source)."""
    r = rule.strip()
    return r if not r[:1].isdigit() else f"CR {r}"


def reason_lines(answer: Any) -> list[tuple[str, str]]:
    """An answer's reasons as (rules label, text), each text once: a reason the solver
    gives under two rule numbers ("601.2g" and "601.2h" for one payment) is one line
    naming both ("CR 601.2g, 601.2h")."""
    from collections.abc import Mapping

    if not isinstance(answer, Mapping) or not isinstance(answer.get("reasons"), list):
        return []
    by_text: dict[str, list[str]] = {}
    for r in answer["reasons"]:
        if not isinstance(r, Mapping):
            continue
        rules = by_text.setdefault(str(r.get("text") or ""), [])
        rule = str(r.get("rule") or "").strip()
        if rule and rule not in rules:
            rules.append(rule)
    out = []
    for t, rules in by_text.items():
        label = ", ".join(rules)
        out.append((rule_label(label) if label else "", t))
    return out


def phase_text(phase: str) -> str:
    """``precombat_main`` as ``precombat main``."""
    return phase.replace("_", " ")


def compact(value: Any) -> str:
    """Any state-file value as one short line: ``dies: Hei Bai``, ``[a, b]``."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {compact(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def mana_symbols(text: str) -> tuple[str, ...]:
    """The symbols of mana text (``{2}{G}`` → ``2``, ``G``); none if it isn't symbols."""
    t = text.strip()
    if not t or _SYMBOL.sub("", t).strip():
        return ()
    return tuple(m.group(1) for m in _SYMBOL.finditer(t))


def _text(value: Any, default: str = "") -> str:
    if value is None:
        return default
    return compact(value) if not isinstance(value, str) else value


def _counters(value: Any) -> tuple[Counter, ...]:
    if not isinstance(value, Mapping):
        return ()
    out: list[Counter] = []
    for k, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int):
            continue
        if n > 0:
            out.append(Counter(str(k), n))
    return tuple(out)


def _pool(value: Any) -> tuple[Mana, ...]:
    entries = value if isinstance(value, list) else [value] if value else []
    out: list[Mana] = []
    for e in entries:
        if isinstance(e, Mapping):
            text = _text(e.get("mana"))
            src = e.get("from")
            out.append(Mana(mana_symbols(text), text, snow=e.get("snow") is True,
                            source=_text(src) if src is not None else None))
        elif e is not None:
            text = _text(e)
            out.append(Mana(mana_symbols(text), text))
    return tuple(out)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _explicit_ids(players: Mapping[Any, Any], data: Mapping[str, Any]) -> list[str]:
    entries: list[Any] = []
    for pd in players.values():
        if isinstance(pd, Mapping):
            for zone in ZONES:
                entries.extend(_list(pd.get(zone)))
    entries += _list(data.get("stack")) + _list(data.get("effects"))
    return [e["id"] for e in entries
            if isinstance(e, Mapping) and isinstance(e.get("id"), str) and e["id"]]


def _obj(entry: Any, zone: str, ids: AutoIds) -> Obj:
    if not isinstance(entry, Mapping):
        name = _text(entry, "?")
        return Obj(id=ids.of(entry, name), name=name, zone=zone)
    name = _text(entry.get("card"), "?")
    chosen = entry.get("chosen")
    owner = entry.get("owner")
    attached = entry.get("attached_to")
    return Obj(id=ids.of(entry, name), name=name, zone=zone,
               tapped=entry.get("tapped") is True,
               sick=entry.get("summoning_sick") is True,
               token=entry.get("token") is True,
               counters=_counters(entry.get("counters")),
               attached_to=_text(attached) if attached is not None else None,
               owner=_text(owner) if owner is not None else None,
               chosen=tuple((str(k), _text(v)) for k, v in chosen.items())
               if isinstance(chosen, Mapping) else ())


def _stack_entry(position: int, entry: Any, ids: AutoIds) -> StackEntry:
    e: Mapping[str, Any] = entry if isinstance(entry, Mapping) else {"card": entry}
    assert isinstance(e, Mapping)
    controller = _text(e.get("controller"), "?")
    details: list[str] = []
    counters: tuple[Counter, ...] = ()
    if "card" in e:
        kind, title = "spell", _text(e.get("card"), "?")
        if e.get("x") is not None:
            details.append(f"X = {_text(e.get('x'))}")
        if e.get("alternative_cost"):
            details.append(f"cast for its {_text(e.get('alternative_cost'))} cost")
        name = title
    else:
        src = _text(e.get("ability_of"), "?")
        if "trigger" in e:
            kind, title = "trigger", f"triggered ability {_text(e.get('trigger'))} of {src}"
            counters = _counters(e.get("counters"))
            name = f"trigger of {src}"
        else:
            kind = "ability"
            title = f"ability {_text(e.get('ability', 1))} of {src}"
            name = f"ability of {src}"
    targets = [_text(t) for t in _list(e.get("targets"))]
    if targets:
        details.append("targets " + ", ".join(targets))
    return StackEntry(position=position, id=ids.of(e, name), kind=kind, title=title,
                      controller=controller, details=tuple(details), counters=counters)


def read_board(state: Any) -> Board:
    """The board of state-file data ``state``; never raises, whatever it holds."""
    data: Mapping[str, Any] = state if isinstance(state, Mapping) else {}
    raw_turn = data.get("turn")
    turn: Mapping[str, Any] = raw_turn if isinstance(raw_turn, Mapping) else {}
    raw_players = data.get("players")
    players_data: Mapping[Any, Any] = raw_players if isinstance(raw_players, Mapping) else {}
    ids = AutoIds(_explicit_ids(players_data, data))
    active = _text(turn.get("active_player"), "?")
    prio_raw = turn.get("priority")
    priority = _text(prio_raw) if prio_raw is not None else None
    players: list[Player] = []
    for pname, pd in players_data.items():
        d: Mapping[str, Any] = pd if isinstance(pd, Mapping) else {}
        zones: dict[str, tuple[Obj, ...]] = {}
        for zone in d:  # the order written, as the loader gives ids
            if zone in ZONES:
                zones[zone] = tuple(_obj(e, zone, ids) for e in _list(d[zone]))
        name = _text(pname)
        players.append(Player(
            name=name, life=_text(d.get("life", 20)), library=_text(d.get("library_size", 0)),
            pool=_pool(d.get("mana_pool")),
            zones=tuple((z, zones.get(z, ())) for z in ZONES),
            active=name == active, priority=priority is not None and name == priority))
    stack = tuple(_stack_entry(i + 1, e, ids) for i, e in enumerate(_list(data.get("stack"))))
    effects = []
    for e in _list(data.get("effects")):
        m: Mapping[str, Any] = e if isinstance(e, Mapping) else {"card": e}
        card = _text(m.get("card"), "?")
        eid = ids.of(m, card)
        who = f" ({_text(m.get('controller'))})" if m.get("controller") is not None else ""
        effects.append(card + who + (f" [{eid}]" if eid != card else ""))
    activated = tuple(f"ability {_text(a.get('ability', 1))} of {_text(a.get('object'))}"
                      if isinstance(a, Mapping) else _text(a)
                      for a in _list(data.get("activated_this_turn")))
    events = tuple(compact(e) for e in _list(data.get("events")))
    return Board(turn_number=_text(turn.get("number", 1)), active=active,
                 phase=phase_text(_text(turn.get("phase"), "precombat_main")),
                 priority=priority, players=tuple(players), stack=stack,
                 effects=tuple(effects), activated=activated, events=events)
