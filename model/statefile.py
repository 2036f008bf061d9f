"""Loading and validating state files (YAML or JSON) into a :class:`GameState`.

Every problem is collected, each with its location (file, key path, line), and raised
together as one :class:`StateFileError`. Hostile input is refused early: files over
``MAX_BYTES``, nesting deeper than ``MAX_DEPTH``, YAML aliases (alias bombs), and
anything that isn't text.

Ids (a contract): every object's id is its explicit ``id``, else its card name, with
``#2``, ``#3`` ... for later copies in file order (players in file order, each
player's zones in the order written, then the stack). Automatic ids skip ids given
explicitly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .abilities import SpendRestriction
from .cards import CardDatabase, CardDefinition, builtin_cards, parse_cards
from .errors import BadInput, Location, ManacheckError, StateFileError
from .mana import ManaCost, ManaPool, PoolMana, parse_mana_types
from .state import Card, Counters, GameState, Permanent, Phase, Player, StackItem, Turn

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "dump_state",
    "dump_state_text",
    "load_state",
    "load_state_data",
    "load_state_text",
]

MAX_BYTES = 4_000_000
MAX_DEPTH = 64
MAX_NODES = 200_000

TOP_KEYS = ("turn", "players", "stack", "cards", "events", "activated_this_turn")
PLAYER_KEYS = ("life", "hand", "battlefield", "graveyard", "exile", "library_size", "mana_pool")
PERMANENT_KEYS = ("card", "id", "tapped", "summoning_sick", "counters", "chosen", "token",
                  "attached_to", "owner")
CARD_KEYS = ("card", "id")
STACK_KEYS = ("card", "id", "controller", "x", "alternative_cost", "targets", "ability_of",
              "ability", "trigger", "counters")
TURN_KEYS = ("active_player", "phase", "number")


# ---------------------------------------------------------------------------------------
# Reading text into plain data plus a key-path -> line map.
# ---------------------------------------------------------------------------------------


@dataclass
class _Doc:
    data: Any
    lines: dict[str, int] = field(default_factory=dict)


def _read_text(raw: bytes, name: str) -> str:
    if len(raw) > MAX_BYTES:
        raise StateFileError([(f"file is too large ({len(raw):,} bytes; the limit is "
                               f"{MAX_BYTES:,})", Location(name), None)])
    if b"\x00" in raw:
        raise StateFileError([("not a text file (it contains NUL bytes)", Location(name), None)])
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StateFileError([(f"not a UTF-8 text file (bad byte at offset {e.start})",
                               Location(name), None)]) from None


def _parse(text: str, name: str) -> _Doc:
    if name.endswith(".json"):
        return _parse_json(text, name)
    return _parse_yaml(text, name)


def _parse_json(text: str, name: str) -> _Doc:
    depth = 0
    in_str = False
    esc = False
    for ch in text:  # bounded pre-scan: refuse deep nesting before json recurses
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise StateFileError([(f"nesting deeper than {MAX_DEPTH} levels",
                                       Location(name), None)])
        elif ch in "]}":
            depth -= 1
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StateFileError([(f"malformed JSON: {e.msg}", Location(name, line=e.lineno),
                               None)]) from None
    return _Doc(data)


def _parse_yaml(text: str, name: str) -> _Doc:
    import yaml

    try:
        loader = yaml.SafeLoader(text)
        try:
            # Pre-scan events: refuse aliases (alias bombs) and deep nesting, count nodes.
            depth = 0
            nodes = 0
            while loader.check_event():
                ev = loader.get_event()
                if isinstance(ev, yaml.AliasEvent):
                    raise StateFileError([("YAML aliases (*name) are not allowed in state files",
                                           Location(name, line=ev.start_mark.line + 1), None)])
                if isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise StateFileError([(f"nesting deeper than {MAX_DEPTH} levels",
                                               Location(name, line=ev.start_mark.line + 1),
                                               None)])
                elif isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                    depth -= 1
                if isinstance(ev, yaml.NodeEvent):
                    nodes += 1
                    if nodes > MAX_NODES:
                        raise StateFileError([(f"more than {MAX_NODES:,} YAML nodes",
                                               Location(name), None)])
        finally:
            loader.dispose()
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return _Doc(None)
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = e.problem or e.context or "malformed YAML"
        raise StateFileError([(f"malformed YAML: {problem}", Location(name, line=line),
                               None)]) from None
    except yaml.YAMLError as e:
        raise StateFileError([(f"malformed YAML: {e}", Location(name), None)]) from None
    lines: dict[str, int] = {}
    _node_lines(node, "", lines)
    return _Doc(data, lines)


def _node_lines(node: Any, path: str, out: dict[str, int]) -> None:
    import yaml

    out.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = str(k.value)
            sub = f"{path}.{key}" if path else key
            out.setdefault(sub, k.start_mark.line + 1)
            _node_lines(v, sub, out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _node_lines(v, f"{path}[{i}]", out)


# ---------------------------------------------------------------------------------------
# Plain data -> GameState, collecting every problem.
# ---------------------------------------------------------------------------------------


class _Collector:
    def __init__(self, name: str | None, lines: Mapping[str, int]) -> None:
        self.name = name
        self.lines = lines
        self.problems: list[tuple[str, Location, str | None]] = []

    def add(self, message: str, path: str, suggestion: str | None = None) -> None:
        line = self.lines.get(path)
        probe = path
        while line is None and probe:
            probe = probe.rsplit("[", 1)[0] if probe.endswith("]") else probe.rpartition(".")[0]
            line = self.lines.get(probe)
        self.problems.append((message, Location(self.name, path, line), suggestion))


def _suggest(word: str, choices: Any) -> str | None:
    import difflib

    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _check_keys(d: Mapping[str, Any], allowed: tuple[str, ...], path: str, c: _Collector) -> None:
    for k in d:
        if k not in allowed:
            c.add(f"unknown key '{k}'", f"{path}.{k}" if path else str(k), _suggest(k, allowed))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Builder:
    def __init__(self, data: Mapping[str, Any], c: _Collector, db: CardDatabase) -> None:
        self.data = data
        self.c = c
        self.db = db
        self.taken: set[str] = set()
        self.counts: dict[str, int] = {}
        self.explicit: set[str] = set()
        self.player_names: list[str] = []

    # ids ---------------------------------------------------------------------------
    def collect_explicit(self, entry: Any, path: str) -> None:
        if isinstance(entry, Mapping) and "id" in entry:
            oid = entry["id"]
            if not isinstance(oid, str) or not oid:
                self.c.add("id must be a non-empty string", f"{path}.id")
            elif oid in self.explicit:
                self.c.add(f"duplicate id '{oid}'", f"{path}.id")
            else:
                self.explicit.add(oid)

    def new_id(self, entry: Any, name: str) -> str:
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

    # cards -------------------------------------------------------------------------
    def card(self, name: Any, path: str) -> CardDefinition | None:
        if not isinstance(name, str):
            self.c.add(f"expected a card name, got {type(name).__name__}", path)
            return None
        card = self.db.get(name)
        if card is None:
            self.c.add(f"unknown card '{name}'", path, self.db.suggest(name))
        return card

    def player_ref(self, name: Any, path: str) -> bool:
        if name not in self.player_names:
            self.c.add(f"unknown player '{name}'", path, _suggest(name, self.player_names))
            return False
        return True

    def bool_field(self, d: Mapping[str, Any], key: str, path: str) -> bool:
        v = d.get(key, False)
        if not isinstance(v, bool):
            self.c.add(f"expected true or false, got {v!r}", f"{path}.{key}")
            return False
        return v

    # zones -------------------------------------------------------------------------
    def entries(self, v: Any, path: str) -> list[tuple[Any, str]]:
        if v is None:
            return []
        if not isinstance(v, list):
            self.c.add(f"expected a list, got {type(v).__name__}", path)
            return []
        return [(e, f"{path}[{i}]") for i, e in enumerate(v)]

    def permanent(self, entry: Any, path: str, player: str) -> Permanent | None:
        if isinstance(entry, str):
            entry = {"card": entry}
            card = self.card(entry["card"], path)
        elif isinstance(entry, Mapping):
            _check_keys(entry, PERMANENT_KEYS, path, self.c)
            if "card" not in entry:
                self.c.add("missing key 'card'", path)
                return None
            card = self.card(entry["card"], f"{path}.card")
        else:
            self.c.add(f"expected a card name or a mapping, got {type(entry).__name__}", path)
            return None
        if card is None:
            return None
        counters = self.counters(entry.get("counters"), f"{path}.counters")
        chosen: list[tuple[str, str]] = []
        ch = entry.get("chosen")
        if ch is not None:
            if not isinstance(ch, Mapping):
                self.c.add("chosen must be a mapping such as {color: W}", f"{path}.chosen")
            else:
                for k, val in ch.items():
                    if k not in ("color", "creature_type", "card_type", "name"):
                        self.c.add(f"unknown choice '{k}'", f"{path}.chosen.{k}",
                                   _suggest(k, ("color", "creature_type", "card_type", "name")))
                    elif not isinstance(val, str):
                        self.c.add("a choice is a string", f"{path}.chosen.{k}")
                    elif k == "color" and val.strip("{}").upper() not in "WUBRG":
                        self.c.add(f"not a color: {val!r}", f"{path}.chosen.{k}",
                                   "use W, U, B, R or G")
                    else:
                        chosen.append((str(k), val.strip("{}").upper() if k == "color" else val))
        owner = entry.get("owner", player)
        if "owner" in entry:
            self.player_ref(owner, f"{path}.owner")
        attached = entry.get("attached_to")
        if attached is not None and not isinstance(attached, str):
            self.c.add("attached_to must be an object id", f"{path}.attached_to")
            attached = None
        return Permanent(
            id=self.new_id(entry, card.name),
            card=card,
            controller=player,
            owner=str(owner),
            tapped=self.bool_field(entry, "tapped", path),
            summoning_sick=self.bool_field(entry, "summoning_sick", path),
            counters=counters,
            chosen=tuple(sorted(chosen)),
            token=self.bool_field(entry, "token", path),
            attached_to=attached,
        )

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
            elif not _is_int(n):
                self.c.add(f"counter number must be a whole number, got {n!r}", f"{path}.{k}")
            elif n < 0:
                self.c.add(f"negative number of {k} counters: {n}", f"{path}.{k}")
            else:
                good[k] = n
        return Counters.of(good)

    def zone_card(self, entry: Any, path: str, player: str) -> Card | None:
        if isinstance(entry, str):
            card = self.card(entry, path)
            entry = {"card": entry}
        elif isinstance(entry, Mapping):
            _check_keys(entry, CARD_KEYS, path, self.c)
            if "card" not in entry:
                self.c.add("missing key 'card'", path)
                return None
            card = self.card(entry["card"], f"{path}.card")
        else:
            self.c.add(f"expected a card name or a mapping, got {type(entry).__name__}", path)
            return None
        if card is None:
            return None
        return Card(self.new_id(entry, card.name), card, player)

    def mana_pool(self, v: Any, path: str) -> ManaPool:
        if v is None or v == "":
            return ManaPool()
        items: list[PoolMana] = []
        specs = v if isinstance(v, list) else [v]
        for i, spec in enumerate(specs):
            p = f"{path}[{i}]" if isinstance(v, list) else path
            if isinstance(spec, str):
                try:
                    items.extend(PoolMana(t) for t in parse_mana_types(spec))
                except ManacheckError as e:
                    self.c.add(e.message, p, e.suggestion)
            elif isinstance(spec, Mapping):
                _check_keys(spec, ("mana", "snow", "from"), p, self.c)
                try:
                    types = parse_mana_types(str(spec.get("mana", "")))
                except ManacheckError as e:
                    self.c.add(e.message, f"{p}.mana", e.suggestion)
                    continue
                restriction = None
                if "from" in spec:
                    restriction = self.restriction_from(spec["from"], f"{p}.from")
                snow = self.bool_field(spec, "snow", p)
                items.extend(PoolMana(t, 1, snow, restriction) for t in types)
            else:
                self.c.add("mana_pool is mana text such as '{G}{G}' or a list of "
                           "{mana, snow, from} entries", p)
        return ManaPool.of(items)

    def restriction_from(self, name: Any, path: str) -> SpendRestriction | None:
        card = self.card(name, path)
        if card is None:
            return None
        for ab in card.activated_abilities:
            if ab.mana is not None and ab.mana.restriction is not None:
                return ab.mana.restriction
        self.c.add(f"'{name}' makes no mana with a spending restriction", path)
        return None

    def player(self, name: str, d: Any, path: str) -> Player | None:
        if d is None:
            d = {}
        if not isinstance(d, Mapping):
            self.c.add(f"expected a mapping for player '{name}'", path)
            return None
        _check_keys(d, PLAYER_KEYS, path, self.c)
        life = d.get("life", 20)
        if not _is_int(life):
            self.c.add(f"life must be a whole number, got {life!r}", f"{path}.life")
            life = 20
        lib = d.get("library_size", 0)
        if not _is_int(lib) or lib < 0:
            self.c.add(f"library_size must be a whole number ≥ 0, got {lib!r}",
                       f"{path}.library_size")
            lib = 0
        zones: dict[str, list[Any]] = {"hand": [], "battlefield": [], "graveyard": [],
                                       "exile": []}
        for zone in d:  # file order
            if zone not in zones:
                continue
            for entry, p in self.entries(d[zone], f"{path}.{zone}"):
                obj = (self.permanent(entry, p, name) if zone == "battlefield"
                       else self.zone_card(entry, p, name))
                if obj is not None:
                    zones[zone].append(obj)
        return Player(
            name=name,
            life=life,
            hand=tuple(zones["hand"]),
            battlefield=tuple(zones["battlefield"]),
            graveyard=tuple(zones["graveyard"]),
            exile=tuple(zones["exile"]),
            library_size=lib,
            mana_pool=self.mana_pool(d.get("mana_pool"), f"{path}.mana_pool"),
        )

    def stack_item(self, entry: Any, path: str) -> StackItem | None:
        if not isinstance(entry, Mapping):
            self.c.add("a stack entry is a mapping with 'card' (a spell) or 'ability_of'", path)
            return None
        _check_keys(entry, STACK_KEYS, path, self.c)
        controller = entry.get("controller")
        if controller is None:
            self.c.add("missing key 'controller'", path)
        else:
            self.player_ref(controller, f"{path}.controller")
        targets = entry.get("targets", [])
        if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            self.c.add("targets must be a list of object ids or player names", f"{path}.targets")
            targets = []
        if "card" in entry:
            card = self.card(entry["card"], f"{path}.card")
            if card is None:
                return None
            if not card.is_spell_card:
                self.c.add(f"'{card.name}' is a land: lands are never cast, so it can't be "
                           "a spell on the stack (CR 305.9)", f"{path}.card")
                return None
            x = entry.get("x")
            if x is not None:
                if not _is_int(x):
                    self.c.add(f"x must be a whole number, got {x!r}", f"{path}.x")
                    x = None
                elif x < 0:
                    self.c.add(f"x can't be negative (CR 107.3), got {x}", f"{path}.x")
                    x = None
                elif not card.has_variable_cost:
                    self.c.add(f"x given for '{card.name}', whose mana cost has no X",
                               f"{path}.x")
                    x = None
            alt = entry.get("alternative_cost")
            if alt is not None:
                names = [a.name for a in card.alternative_costs]
                if alt not in names:
                    self.c.add(f"'{card.name}' has no alternative cost '{alt}'",
                               f"{path}.alternative_cost",
                               f"it has: {', '.join(names)}" if names else "it has none")
                    alt = None
            return StackItem(id=self.new_id(entry, card.name), controller=str(controller),
                             card=card, x=x, alternative_cost=alt, targets=tuple(targets))
        if "ability_of" in entry and "trigger" in entry:
            # A triggered ability (resolution solver): its number among the source's
            # triggered abilities and the last-known counters it refers to (CR 608.2h).
            src = entry["ability_of"]
            t = entry["trigger"]
            if not _is_int(t) or t < 1:
                self.c.add(f"trigger must be a number from 1, got {t!r}", f"{path}.trigger")
                t = 1
            return StackItem(id=self.new_id(entry, f"trigger of {src}"),
                             controller=str(controller), source=str(src), trigger=t,
                             targets=tuple(targets),
                             counters=self.counters(entry.get("counters"), f"{path}.counters"))
        if "ability_of" in entry:
            src = entry["ability_of"]
            n = entry.get("ability", 1)
            if not _is_int(n) or n < 1:
                self.c.add(f"ability must be a number from 1, got {n!r}", f"{path}.ability")
                n = 1
            return StackItem(id=self.new_id(entry, f"ability of {src}"),
                             controller=str(controller), source=str(src), ability=n,
                             targets=tuple(targets))
        self.c.add("a stack entry needs 'card' (a spell) or 'ability_of' (an ability)", path)
        return None


def load_state_data(
    data: Any,
    *,
    name: str | None = None,
    lines: Mapping[str, int] | None = None,
    cards: CardDatabase | None = None,
) -> GameState:
    """Build a :class:`GameState` from already-parsed data (a dict).

    Raises
    ------
    StateFileError
        Listing every problem found, each with its location.
    """
    c = _Collector(name, lines or {})
    if not isinstance(data, Mapping):
        c.add(f"a state file is a mapping with 'players' and 'turn', got "
              f"{type(data).__name__ if data is not None else 'an empty file'}", "")
        raise StateFileError(c.problems)
    _check_keys(data, TOP_KEYS, "", c)
    db = cards if cards is not None else builtin_cards()
    extra = data.get("cards")
    if extra:
        try:
            db = db.extended(parse_cards(extra, path="cards"))
        except BadInput as e:
            c.add(e.message, getattr(e, "path", "cards"), e.suggestion)
    b = _Builder(data, c, db)
    players_data = data.get("players")
    if not isinstance(players_data, Mapping) or not players_data:
        c.add("'players' must map each player's name to their zones", "players")
        raise StateFileError(c.problems)
    b.player_names = [str(n) for n in players_data]
    # Explicit ids first, so automatic ids can skip them.
    for pname, pd in players_data.items():
        if isinstance(pd, Mapping):
            for zone in ("hand", "battlefield", "graveyard", "exile"):
                for entry, p in b.entries(pd.get(zone), f"players.{pname}.{zone}"):
                    b.collect_explicit(entry, p)
    stack_data = data.get("stack") or []
    if isinstance(stack_data, list):
        for i, entry in enumerate(stack_data):
            b.collect_explicit(entry, f"stack[{i}]")
    players = [p for n, d in players_data.items()
               if (p := b.player(str(n), d, f"players.{n}")) is not None]
    stack = [s for entry, p in b.entries(stack_data, "stack")
             if (s := b.stack_item(entry, p)) is not None]
    # Turn.
    td = data.get("turn")
    turn = Turn(b.player_names[0])
    if td is None:
        c.add("missing key 'turn' (e.g. turn: {active_player: Alice, phase: precombat_main})",
              "")
    elif not isinstance(td, Mapping):
        c.add("turn must be a mapping", "turn")
    else:
        _check_keys(td, TURN_KEYS, "turn", c)
        ap = td.get("active_player")
        if ap is None:
            c.add("missing key 'active_player'", "turn")
        elif b.player_ref(ap, "turn.active_player"):
            turn = Turn(str(ap))
        phase = td.get("phase", "precombat_main")
        try:
            ph = Phase(phase)
        except ValueError:
            c.add(f"unknown phase '{phase}'", "turn.phase",
                  _suggest(phase, [p.value for p in Phase]))
            ph = Phase.PRECOMBAT_MAIN
        num = td.get("number", 1)
        if not _is_int(num) or num < 1:
            c.add(f"turn number must be a whole number ≥ 1, got {num!r}", "turn.number")
            num = 1
        turn = Turn(turn.active_player, ph, num)
    ids = {o.id for p in players for z in (p.hand, p.battlefield, p.graveyard, p.exile)
           for o in z} | {s.id for s in stack}
    for i, s in enumerate(stack):
        if s.source is not None and s.source not in ids:
            c.add(f"unknown object '{s.source}'", f"stack[{i}].ability_of",
                  _suggest(s.source, ids))
        for t in s.targets:
            if t not in ids and t not in b.player_names:
                c.add(f"unknown target '{t}'", f"stack[{i}].targets",
                      _suggest(t, [*ids, *b.player_names]))
    for p in players:
        for perm in p.battlefield:
            if perm.attached_to is not None and perm.attached_to not in ids:
                c.add(f"unknown object '{perm.attached_to}'",
                      f"players.{p.name}.battlefield", _suggest(perm.attached_to, ids))
    activated: list[tuple[str, int]] = []
    for entry, p in b.entries(data.get("activated_this_turn"), "activated_this_turn"):
        if (not isinstance(entry, Mapping) or not isinstance(entry.get("object"), str)
                or not _is_int(entry.get("ability", 1))):
            c.add("expected {object: ID, ability: N}", p)
        elif entry["object"] not in ids:
            c.add(f"unknown object '{entry['object']}'", f"{p}.object",
                  _suggest(entry["object"], ids))
        else:
            activated.append((entry["object"], int(entry.get("ability", 1))))
    events = data.get("events") or []
    if not isinstance(events, list):
        c.add("events must be a list", "events")
        events = []
    if c.problems:
        raise StateFileError(c.problems)
    return GameState(players=tuple(players), turn=turn, stack=tuple(stack), cards=db,
                     activated_this_turn=tuple(activated), events=tuple(events), source=name)


def load_state_text(text: str, *, name: str = "<text>",
                    cards: CardDatabase | None = None) -> GameState:
    """Load a state from YAML or JSON text."""
    doc = _parse(text, name)
    return load_state_data(doc.data, name=name, lines=doc.lines, cards=cards)


def load_state(path: str | Path, *, cards: CardDatabase | None = None) -> GameState:
    """Load a state file.

    Raises
    ------
    StateFileError
        Every problem, each with file, key path and line.
    """
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise StateFileError([(f"can't read file: {e.strerror}", Location(str(path)), None)]) \
            from None
    text = _read_text(raw, str(path))
    doc = _parse(text, str(path))
    return load_state_data(doc.data, name=str(path), lines=doc.lines, cards=cards)


# ---------------------------------------------------------------------------------------
# GameState -> state-file data (so results can be fed back in).
# ---------------------------------------------------------------------------------------


def _perm_data(perm: Permanent) -> Any:
    d: dict[str, Any] = {"card": perm.card.name, "id": perm.id}
    if perm.tapped:
        d["tapped"] = True
    if perm.summoning_sick:
        d["summoning_sick"] = True
    if perm.counters:
        d["counters"] = perm.counters.as_dict()
    if perm.chosen:
        d["chosen"] = dict(perm.chosen)
    if perm.token:
        d["token"] = True
    if perm.attached_to:
        d["attached_to"] = perm.attached_to
    if perm.owner != perm.controller:
        d["owner"] = perm.owner
    return d


def dump_state(state: GameState) -> dict[str, Any]:
    """The state as state-file data (ids made explicit)."""
    players: dict[str, Any] = {}
    for p in state.players:
        pd: dict[str, Any] = {"life": p.life}
        if p.mana_pool:
            pd["mana_pool"] = p.mana_pool.text
        for zone in ("hand", "battlefield", "graveyard", "exile"):
            objs = getattr(p, zone)
            if objs:
                pd[zone] = [_perm_data(o) if zone == "battlefield"
                            else {"card": o.card.name, "id": o.id} for o in objs]
        if p.library_size:
            pd["library_size"] = p.library_size
        players[p.name] = pd
    out: dict[str, Any] = {
        "turn": {"active_player": state.turn.active_player, "phase": state.turn.phase.value,
                 "number": state.turn.number},
        "players": players,
    }
    if state.stack:
        stack = []
        for s in state.stack:
            sd: dict[str, Any] = {"id": s.id, "controller": s.controller}
            if s.card is not None:
                sd["card"] = s.card.name
                if s.x is not None:
                    sd["x"] = s.x
                if s.alternative_cost:
                    sd["alternative_cost"] = s.alternative_cost
            elif s.trigger is not None:
                sd["ability_of"] = s.source
                sd["trigger"] = s.trigger
                if s.counters:
                    sd["counters"] = s.counters.as_dict()
            else:
                sd["ability_of"] = s.source
                sd["ability"] = s.ability
            if s.targets:
                sd["targets"] = list(s.targets)
            stack.append(sd)
        out["stack"] = stack
    if state.activated_this_turn:
        out["activated_this_turn"] = [{"object": o, "ability": n}
                                      for o, n in state.activated_this_turn]
    return out


def dump_state_text(state: GameState) -> str:
    import yaml

    return str(yaml.safe_dump(dump_state(state), sort_keys=False, allow_unicode=True))


def parse_cost_arg(text: str) -> ManaCost:
    """Parse a cost given on the command line."""
    return ManaCost.parse(text)
