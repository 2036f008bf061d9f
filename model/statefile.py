"""Loading and validating state files (YAML or JSON) into a :class:`GameState`.

Every problem is collected, each with its location (file, key path, line), and raised
together as one :class:`StateFileError`, in file order. Hostile input is refused early,
with one line, before anything is built: files over ``MAX_BYTES``, nesting deeper than
``MAX_DEPTH``, more than ``MAX_NODES`` values, YAML aliases (alias bombs), more than one
YAML document, empty files, and anything that isn't UTF-8 text. Neither reader recurses
on the input: the YAML pre-scan walks libyaml's events, the JSON pre-scan its tokens.
Duplicate mapping keys (which both YAML and JSON loaders silently merge) are errors.

Rules
-----
CR 305.9: a land is never a spell on the stack. CR 110.4: instants and sorceries are
never permanents. CR 107.3: only a spell with {X} in its mana cost has a chosen X.
CR 122.1: counters are never negative. CR 405.1: the stack's last entry is on top.

Ids (a contract): every object's id is its explicit ``id``, else its card name, with
``#2``, ``#3`` ... for later copies in file order (players in file order, each
player's zones in the order written, then the stack, then ``effects``). Automatic ids
skip ids given explicitly.

``effects:`` (optional) lists continuous effects of resolved spells that still apply
(CR 611.2a), e.g. ``[{card: Pale Moon, controller: Alice}]``: the card's static
abilities are the effect.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .abilities import SpendRestriction
from .carddata import builtin_cards, parse_card
from .cards import HOW_TO_ADD_A_CARD, CardDatabase, CardDefinition
from .characteristics import bind_restriction
from .errors import BadInput, Location, ManacheckError, StateFileError
from .mana import ManaPool, PoolMana, parse_mana_types
from .state import (
    Card,
    ContinuousEffect,
    Counters,
    GameState,
    Permanent,
    Phase,
    Player,
    StackItem,
    Turn,
)

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_NUMBER",
    "dump_state",
    "dump_state_text",
    "load_card_file",
    "load_state",
    "load_state_data",
    "load_state_text",
    "load_state_with_cards",
]

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 20_000
#: Largest number accepted for life, X, counters and library size.
MAX_NUMBER = 1_000_000

TOP_KEYS = ("turn", "players", "stack", "cards", "events", "activated_this_turn", "effects")
EFFECT_KEYS = ("card", "id", "controller")
PLAYER_KEYS = ("life", "hand", "battlefield", "graveyard", "exile", "library_size", "mana_pool")
PERMANENT_KEYS = ("card", "id", "tapped", "summoning_sick", "counters", "chosen", "token",
                  "attached_to", "owner")
CARD_KEYS = ("card", "id")
STACK_KEYS = ("card", "id", "controller", "x", "alternative_cost", "targets", "ability_of",
              "ability", "trigger", "counters")
TURN_KEYS = ("active_player", "phase", "number", "priority")


# ---------------------------------------------------------------------------------------
# Reading text into plain data plus a key-path -> line map.
# ---------------------------------------------------------------------------------------


@dataclass
class _Doc:
    data: Any
    lines: dict[str, int] = field(default_factory=dict)
    problems: list[tuple[str, Location, str | None]] = field(default_factory=list)


def _refuse(message: str, name: str, line: int | None = None,
            suggestion: str | None = None) -> StateFileError:
    return StateFileError([(message, Location(name, line=line), suggestion)])


def _read_text(raw: bytes, name: str) -> str:
    """Bytes -> text, refusing what isn't a small UTF-8 text file (one line each)."""
    if len(raw) > MAX_BYTES:
        raise _refuse(f"file is too large (over {MAX_BYTES:,} bytes); state files are "
                      "small text files", name)
    if b"\x00" in raw:
        raise _refuse("not a text file (it contains NUL bytes)", name)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _refuse(f"not a UTF-8 text file (bad byte at offset {e.start})", name) from None
    return text


def _check_text(text: str, name: str) -> None:
    if len(text) > MAX_BYTES:
        raise _refuse(f"text is too large (over {MAX_BYTES:,} characters)", name)
    if not text.strip():
        raise _refuse("the file is empty; a state file needs at least 'turn' and 'players'",
                      name, suggestion="see `manacheck schema` or examples/")
    bad = _CONTROL_RE.search(text)
    if bad is not None:
        line = text.count("\n", 0, bad.start()) + 1
        raise _refuse(f"not a text file (control character {ord(bad.group()):#04x})", name,
                      line)


_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _looks_like_json(text: str, name: str) -> bool:
    if name.endswith(".json"):
        return True
    if name.endswith((".yaml", ".yml")):
        return False
    return text.lstrip()[:1] in ("{", "[")


def _parse(text: str, name: str) -> _Doc:
    _check_text(text, name)
    if not _looks_like_json(text, name):
        return _parse_yaml(text, name)
    try:
        return _parse_json(text, name)
    except StateFileError:
        if name.endswith(".json"):
            raise
        return _parse_yaml(text, name)  # e.g. "{turn: {...}}": YAML flow style, not JSON


# JSON ----------------------------------------------------------------------------------
# One bounded pass over the tokens (depth, node count, duplicate keys, a line for every
# key path), then the C decoder for the values. Nothing recurses on the input.

_JSON_TOKEN = re.compile(
    r'''"(?:[^"\\\x00-\x1f]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+|\s+|.''', re.DOTALL
)


def _parse_json(text: str, name: str) -> _Doc:
    lines: dict[str, int] = {}
    problems: list[tuple[str, Location, str | None]] = []
    # Each open container: [is_object, path, index or current key, seen keys, expecting key]
    stack: list[list[Any]] = []
    line = 1
    nodes = 0
    pending_key: str | None = None
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c.isspace():
            line += tok.count("\n")
            continue
        if c in ":,":
            continue
        if c in "]}":
            if stack:
                stack.pop()
            continue
        # A key inside an object?
        if stack and stack[-1][0] and stack[-1][4] and c == '"':
            try:
                key = str(json.loads(tok))
            except ValueError:
                break  # let the decoder report it
            obj = stack[-1]
            path = f"{obj[1]}.{key}" if obj[1] else key
            if key in obj[3]:
                problems.append((f"duplicate key '{key}' (the later value would silently "
                                 "replace the earlier one)", Location(name, path, line), None))
            obj[3].add(key)
            lines.setdefault(path, line)
            pending_key = path
            obj[4] = False
            continue
        # A value.
        nodes += 1
        if nodes > MAX_NODES:
            raise _refuse(f"more than {MAX_NODES:,} values; state files are small", name, line)
        if not stack:
            path = ""
        elif stack[-1][0]:
            path = pending_key or stack[-1][1]
            stack[-1][4] = True
        else:
            path = f"{stack[-1][1]}[{stack[-1][2]}]"
            stack[-1][2] += 1
        lines.setdefault(path, line)
        if c in "[{":
            if len(stack) >= MAX_DEPTH:
                raise _refuse(f"nesting deeper than {MAX_DEPTH} levels", name, line)
            stack.append([c == "{", path, 0, set(), True])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise _refuse(f"malformed JSON: {e.msg} (column {e.colno})", name, e.lineno) from None
    except ValueError as e:  # e.g. a number with thousands of digits
        raise _refuse(f"malformed JSON: {_value_problem(e)}", name) from None
    except RecursionError:  # pragma: no cover - the pre-scan bounds depth
        raise _refuse(f"nesting deeper than {MAX_DEPTH} levels", name) from None
    return _Doc(data, lines, problems)


# YAML ----------------------------------------------------------------------------------


def _yaml_loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _value_problem(e: Exception) -> str:
    text = " ".join(str(e).split())
    if "Exceeds the limit" in text:
        return "a number has too many digits"
    return text[:200]


def _line(ev: Any) -> int | None:
    mark = getattr(ev, "start_mark", None)
    return int(mark.line) + 1 if mark is not None else None


def _parse_yaml(text: str, name: str) -> _Doc:
    import yaml

    loader_cls = _yaml_loader()
    try:
        loader = loader_cls(text)
        try:
            # Pre-scan events: refuse aliases (alias bombs), deep nesting and huge
            # documents before anything is built.
            depth = 0
            nodes = 0
            documents = 0
            while loader.check_event():
                ev = loader.get_event()
                if isinstance(ev, yaml.DocumentStartEvent):
                    documents += 1
                    if documents > 1:
                        raise _refuse("more than one YAML document (---); a state file is "
                                      "one document", name, _line(ev))
                if isinstance(ev, yaml.AliasEvent):
                    raise _refuse("YAML aliases (*name) are not allowed in state files", name,
                                  _line(ev), "write the value out in full")
                if isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                    depth += 1
                    if depth > MAX_DEPTH:
                        raise _refuse(f"nesting deeper than {MAX_DEPTH} levels", name,
                                      _line(ev))
                elif isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                    depth -= 1
                if isinstance(ev, yaml.NodeEvent):
                    nodes += 1
                    if nodes > MAX_NODES:
                        raise _refuse(f"more than {MAX_NODES:,} YAML values; state files are "
                                      "small", name, _line(ev))
        finally:
            loader.dispose()
        loader = loader_cls(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return _Doc(None)
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except StateFileError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = e.problem or e.context or "malformed YAML"
        if "maximum nesting depth" in problem:
            # PyYAML >= 6.0.4 has its own depth limit, met before our pre-scan: the same
            # refusal, in our words, whichever PyYAML is installed.
            raise _refuse(f"nesting deeper than {MAX_DEPTH} levels", name, line) from None
        if e.context and e.problem and e.context not in problem:
            problem = f"{problem} ({e.context})"
        raise _refuse(f"malformed YAML: {problem}", name, line) from None
    except yaml.YAMLError as e:
        raise _refuse(f"malformed YAML: {' '.join(str(e).split())}", name) from None
    except (ValueError, TypeError, OverflowError) as e:  # e.g. a bad timestamp value
        raise _refuse(f"malformed YAML: {_value_problem(e)}", name) from None
    lines: dict[str, int] = {}
    problems: list[tuple[str, Location, str | None]] = []
    _node_lines(node, "", lines, problems, name)
    return _Doc(data, lines, problems)


def _node_lines(root: Any, root_path: str, out: dict[str, int],
                problems: list[tuple[str, Location, str | None]], name: str) -> None:
    """A line for every key path, and duplicate keys (which YAML loaders silently merge)."""
    import yaml

    todo = [(root, root_path)]  # iterative: depth is already bounded, but stay flat
    while todo:
        node, path = todo.pop()
        out.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for k, v in node.value:
                key = str(k.value)
                sub = f"{path}.{key}" if path else key
                if key in seen:
                    problems.append((f"duplicate key '{key}' (the later value would silently "
                                     "replace the earlier one)",
                                     Location(name, sub, k.start_mark.line + 1), None))
                seen.add(key)
                out.setdefault(sub, k.start_mark.line + 1)
                todo.append((v, sub))
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                todo.append((v, f"{path}[{i}]"))


# ---------------------------------------------------------------------------------------
# Plain data -> GameState, collecting every problem.
# ---------------------------------------------------------------------------------------


class _Collector:
    def __init__(self, name: str | None, lines: Mapping[str, int]) -> None:
        self.name = name
        self.lines = lines
        self.problems: list[tuple[str, Location, str | None]] = []
        #: Names of inline card definitions that failed to load: their own problem is
        #: reported, so a reference to one is not reported again as an unknown card.
        self.broken_cards: set[str] = set()

    def add(self, message: str, path: str, suggestion: str | None = None) -> None:
        line = self.lines.get(path)
        probe = path
        while line is None and probe:
            probe = probe.rsplit("[", 1)[0] if probe.endswith("]") else probe.rpartition(".")[0]
            line = self.lines.get(probe)
        self.problems.append((message, Location(self.name, path, line), suggestion))

    def fail(self) -> StateFileError:
        """Every problem, in file order (problems without a line first)."""
        return StateFileError(sorted(self.problems, key=lambda p: p[1].line or 0))

    def add_card_error(self, e: BadInput, default_path: str) -> None:
        """A card-format error, with its key path moved into the location."""
        path = str(getattr(e, "path", default_path) or default_path)
        message = e.message
        suffix = f" at {path}"
        if message.endswith(suffix):
            message = message[: -len(suffix)]
        self.add(message, path, e.suggestion)


def _suggest(word: str, choices: Any) -> str | None:
    import difflib

    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    if not close:
        return None
    if close[0] == str(word):  # the same text, but read as a number or other non-text
        return f"write it as text: \"{word}\" (unquoted, YAML reads {word} as a number)"
    return f"did you mean '{close[0]}'?"


def _check_keys(d: Mapping[str, Any], allowed: tuple[str, ...], path: str, c: _Collector) -> None:
    for k in d:
        if k not in allowed:
            c.add(f"unknown key '{k}'", f"{path}.{k}" if path else str(k), _suggest(k, allowed))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _small_int(v: Any) -> bool:
    """A whole number no larger in size than :data:`MAX_NUMBER`."""
    return _is_int(v) and abs(v) <= MAX_NUMBER


class _Builder:
    def __init__(self, data: Mapping[str, Any], c: _Collector, db: CardDatabase) -> None:
        self.data = data
        self.c = c
        self.db = db
        self.taken: set[str] = set()
        self.counts: dict[str, int] = {}
        self.explicit: set[str] = set()
        self.player_names: list[str] = []
        self.paths: dict[str, str] = {}  # object id -> key path, in file order

    # ids ---------------------------------------------------------------------------
    def collect_explicit(self, entry: Any, path: str) -> None:
        if isinstance(entry, Mapping) and "id" in entry:
            oid = entry["id"]
            if not isinstance(oid, str) or not oid:
                self.c.add("id must be a non-empty string", f"{path}.id")
            elif oid in self.explicit:
                self.c.add(f"duplicate id '{oid}'", f"{path}.id", "every id must be unique")
            elif oid in self.player_names:
                self.c.add(f"id '{oid}' is also a player's name", f"{path}.id",
                           "targets name players and objects alike: choose another id")
            else:
                self.explicit.add(oid)

    def new_id(self, entry: Any, name: str, path: str) -> str:
        """The object's id: explicit, else its name with #2, #3... (skipping taken ids)."""
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str) and entry["id"]:
            self.paths.setdefault(str(entry["id"]), path)
            return str(entry["id"])
        n = self.counts.get(name, 0)
        while True:
            n += 1
            candidate = name if n == 1 else f"{name}#{n}"
            if candidate not in self.explicit and candidate not in self.taken:
                break
        self.counts[name] = n
        self.taken.add(candidate)
        self.paths[candidate] = path
        return candidate

    # cards -------------------------------------------------------------------------
    def card(self, name: Any, path: str) -> CardDefinition | None:
        if not isinstance(name, str):
            self.c.add(f"expected a card name, got {type(name).__name__}", path)
            return None
        card = self.db.get(name)
        if card is None and name.strip() in self.c.broken_cards:
            return None  # its definition's problem is already reported
        if card is None:
            suggestion = self.db.suggest(name)
            longer = sorted(n for n in self.db if n.startswith(name + ","))
            if longer:  # `{card: Kozilek, the Great Distortion}` splits at the comma
                suggestion = (f"did you mean '{longer[0]}'? In [..] and {{..}}, quote names "
                              "that contain commas")
            self.c.add(f"unknown card '{name}'", path, suggestion or HOW_TO_ADD_A_CARD)
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
    def entries(self, v: Any, path: str, *, quiet: bool = False) -> list[tuple[Any, str]]:
        if v is None:
            return []
        if not isinstance(v, list):
            if not quiet:
                self.c.add(f"expected a list, got {type(v).__name__}", path)
            return []
        return [(e, f"{path}[{i}]") for i, e in enumerate(v)]

    def permanent(self, entry: Any, path: str, player: str) -> Permanent | None:
        card_path = path
        if isinstance(entry, str):
            entry = {"card": entry}
            card = self.card(entry["card"], path)
        elif isinstance(entry, Mapping):
            _check_keys(entry, PERMANENT_KEYS, path, self.c)
            if "card" not in entry:
                self.c.add("missing key 'card'", path)
                return None
            card_path = f"{path}.card"
            card = self.card(entry["card"], card_path)
        else:
            self.c.add(f"expected a card name or a mapping, got {type(entry).__name__}", path)
            return None
        if card is None:
            return None
        if not card.is_permanent_card:
            self.c.add(f"'{card.name}' is a {' '.join(card.types).lower() or 'card'} card: "
                       "it can't be on the battlefield (CR 110.4)", card_path)
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
            id=self.new_id(entry, card.name, path),
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
            elif not _small_int(n):
                self.c.add(f"counter number must be a whole number up to {MAX_NUMBER:,}, "
                           f"got {n!r}", f"{path}.{k}")
            elif n < 0:
                self.c.add(f"negative number of {k} counters: {n} (CR 122.1)",
                           f"{path}.{k}", "leave the kind out for no counters")
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
        if card.front_face is not None:
            # CR 712.8a: off the battlefield a double-faced card has only its front face.
            self.c.add(f"'{card.name}' is the back face of '{card.front_face}': outside the "
                       f"battlefield a double-faced card is its front face (CR 712.8a)",
                       path, f"name the front face, '{card.front_face}'")
            return None
        return Card(self.new_id(entry, card.name, path), card, player)

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
                    self.c.add(f"bad mana text {spec!r}: {e.message}", p, e.suggestion)
            elif isinstance(spec, Mapping):
                _check_keys(spec, ("mana", "snow", "from", "chosen"), p, self.c)
                try:
                    types = parse_mana_types(str(spec.get("mana", "")))
                except ManacheckError as e:
                    self.c.add(f"bad mana text {spec.get('mana')!r}: {e.message}", f"{p}.mana",
                               e.suggestion)
                    continue
                restriction = None
                if "from" in spec:
                    restriction = self.restriction_from(spec["from"], f"{p}.from")
                    chosen = spec.get("chosen")
                    if chosen is not None:
                        if (not isinstance(chosen, Mapping) or set(chosen) != {"creature_type"}
                                or not isinstance(chosen["creature_type"], str)):
                            self.c.add("chosen must be {creature_type: NAME} (what the source "
                                       "chose, e.g. for Cavern of Souls)", f"{p}.chosen")
                        else:
                            restriction = bind_restriction(
                                restriction, None, creature_type=chosen["creature_type"])
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
        if not _small_int(life):
            self.c.add(f"life must be a whole number (it may be negative, CR 119), got "
                       f"{life!r}", f"{path}.life")
            life = 20
        lib = d.get("library_size", 0)
        if not _small_int(lib) or lib < 0:
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

    def effect(self, entry: Any, path: str) -> ContinuousEffect | None:
        """A resolved spell's continuous effect (CR 611.2a): {card, controller, id}."""
        if not isinstance(entry, Mapping):
            self.c.add("an effect is a mapping such as {card: Pale Moon, controller: Alice}",
                       path)
            return None
        _check_keys(entry, EFFECT_KEYS, path, self.c)
        controller = entry.get("controller")
        if controller is None:
            self.c.add("missing key 'controller'", path)
        elif not self.player_ref(controller, f"{path}.controller"):
            controller = None
        if "card" not in entry:
            self.c.add("missing key 'card'", path)
            return None
        card = self.card(entry["card"], f"{path}.card")
        if card is None or controller is None:
            return None
        if not card.static_abilities:
            self.c.add(f"'{card.name}' has no continuous effect to apply", f"{path}.card")
            return None
        return ContinuousEffect(self.new_id(entry, card.name, path), card, str(controller))

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
                self.c.add(f"'{card.name}' is a land: lands are played, never cast, so it "
                           "can't be a spell on the stack (CR 305.9)", f"{path}.card")
                return None
            x = entry.get("x")
            if x is not None:
                if not _small_int(x):
                    self.c.add(f"x must be a whole number up to {MAX_NUMBER:,}, got {x!r}",
                               f"{path}.x")
                    x = None
                elif x < 0:
                    self.c.add(f"x can't be negative (CR 107.3), got {x}", f"{path}.x")
                    x = None
                elif not card.has_variable_cost:
                    self.c.add(f"x given for '{card.name}', whose mana cost "
                               f"{card.mana_cost or '(none)'} has no X (CR 107.3)", f"{path}.x",
                               "remove 'x'")
                    x = None
            alt = entry.get("alternative_cost")
            if alt is not None:
                names = [a.name for a in card.alternative_costs]
                if alt not in names:
                    self.c.add(f"'{card.name}' has no alternative cost '{alt}'",
                               f"{path}.alternative_cost",
                               f"it has: {', '.join(names)}" if names else "it has none")
                    alt = None
            return StackItem(id=self.new_id(entry, card.name, path), controller=str(controller),
                             card=card, x=x, alternative_cost=alt, targets=tuple(targets))
        if "ability_of" in entry and "trigger" in entry:
            # A triggered ability (resolution solver): its number among the source's
            # triggered abilities and the last-known counters it refers to (CR 608.2h).
            src = entry["ability_of"]
            t = entry["trigger"]
            if not _small_int(t) or t < 1:
                self.c.add(f"trigger must be a number from 1, got {t!r}", f"{path}.trigger")
                t = 1
            return StackItem(id=self.new_id(entry, f"trigger of {src}", path),
                             controller=str(controller), source=str(src), trigger=t,
                             targets=tuple(targets),
                             counters=self.counters(entry.get("counters"), f"{path}.counters"))
        if "ability_of" in entry:
            src = entry["ability_of"]
            n = entry.get("ability", 1)
            if not _small_int(n) or n < 1:
                self.c.add(f"ability must be a number from 1, got {n!r}", f"{path}.ability")
                n = 1
            return StackItem(id=self.new_id(entry, f"ability of {src}", path),
                             controller=str(controller), source=str(src), ability=n,
                             targets=tuple(targets))
        self.c.add("a stack entry needs 'card' (a spell) or 'ability_of' (an ability)", path)
        return None


def _parse_card_list(data: Any, path: str, c: _Collector) -> list[CardDefinition]:
    """Card definitions, one problem per bad card (not just the first)."""
    if isinstance(data, Mapping) and set(data) == {"cards"}:
        data = data["cards"]
        path = f"{path}.cards" if path else "cards"
    if not isinstance(data, list):
        c.add("card definitions are a list of cards (see `manacheck card NAME --json`)", path)
        return []
    out: list[CardDefinition] = []
    for i, entry in enumerate(data):
        try:
            out.append(parse_card(entry, f"{path}[{i}]"))
        except BadInput as e:
            c.add_card_error(e, f"{path}[{i}]")
            if isinstance(entry, Mapping) and isinstance(entry.get("name"), str):
                c.broken_cards.add(entry["name"].strip())
    return out


def load_state_data(
    data: Any,
    *,
    name: str | None = None,
    lines: Mapping[str, int] | None = None,
    cards: CardDatabase | None = None,
    problems: list[tuple[str, Location, str | None]] | None = None,
) -> GameState:
    """Build a :class:`GameState` from already-parsed data (a dict).

    Parameters
    ----------
    data
        The parsed state file.
    name
        The file name, for error locations.
    lines
        Key path -> 1-based line, for error locations.
    cards
        The card database (default: the built-in cards); the file's ``cards:`` extend it.
    problems
        Problems already found while reading the text (e.g. duplicate keys).

    Raises
    ------
    StateFileError
        Listing every problem found, each with its location, in file order.

    Rules
    -----
    CR 305.9: a land is never cast, so it is never a spell on the stack.
    CR 110.4: instants and sorceries can't be on the battlefield.
    CR 107.3: only a spell with {X} in its cost has a chosen X.
    CR 122.1: counters are never negative.
    """
    c = _Collector(name, lines or {})
    c.problems.extend(problems or [])
    if not isinstance(data, Mapping):
        what = type(data).__name__ if data is not None else "an empty document"
        c.add(f"a state file is a mapping with 'turn' and 'players', got {what}", "")
        raise c.fail()
    _check_keys(data, TOP_KEYS, "", c)
    db = cards if cards is not None else builtin_cards()
    extra = data.get("cards")
    if extra is not None:
        db = db.extended(_parse_card_list(extra, "cards", c))
    b = _Builder(data, c, db)
    players_data = data.get("players")
    if not isinstance(players_data, Mapping) or not players_data:
        c.add("'players' must map each player's name to their zones "
              "(e.g. players: {Alice: {battlefield: [Forest]}})", "players")
        raise c.fail()
    b.player_names = [str(n) for n in players_data]
    for n in players_data:
        if not isinstance(n, str) or not n.strip():
            c.add(f"a player's name must be text, got {n!r}", f"players.{n}",
                  "quote it, e.g. \"1\":" if not isinstance(n, str) else None)
    # Explicit ids first, so automatic ids can skip them.
    for pname, pd in players_data.items():
        if isinstance(pd, Mapping):
            for zone in ("hand", "battlefield", "graveyard", "exile"):
                for entry, p in b.entries(pd.get(zone), f"players.{pname}.{zone}", quiet=True):
                    b.collect_explicit(entry, p)
    stack_data = data.get("stack")
    for entry, p in b.entries(stack_data, "stack", quiet=True):
        b.collect_explicit(entry, p)
    effects_data = data.get("effects")
    for entry, p in b.entries(effects_data, "effects", quiet=True):
        b.collect_explicit(entry, p)
    players = [pl for n, d in players_data.items()
               if (pl := b.player(str(n), d, f"players.{n}")) is not None]
    stack = [s for entry, sp in b.entries(stack_data, "stack")
             if (s := b.stack_item(entry, sp)) is not None]
    effects = [e for entry, ep in b.entries(effects_data, "effects")
               if (e := b.effect(entry, ep)) is not None]
    turn = _turn(data, b, c)
    ids = set(b.paths)
    for s in stack:
        path = b.paths[s.id]
        if s.source is not None and s.source not in ids:
            c.add(f"unknown object '{s.source}'", f"{path}.ability_of",
                  _suggest(s.source, ids))
        for j, t in enumerate(s.targets):
            if t not in ids and t not in b.player_names:
                c.add(f"unknown target '{t}' (targets are object ids or player names)",
                      f"{path}.targets[{j}]", _suggest(t, [*ids, *b.player_names]))
    for pl in players:
        for perm in pl.battlefield:
            if perm.attached_to is not None and perm.attached_to not in ids:
                c.add(f"unknown object '{perm.attached_to}'",
                      f"{b.paths[perm.id]}.attached_to", _suggest(perm.attached_to, ids))
    activated: list[tuple[str, int]] = []
    for entry, p in b.entries(data.get("activated_this_turn"), "activated_this_turn"):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("object"), str):
            c.add("expected {object: ID, ability: N}", p)
            continue
        _check_keys(entry, ("object", "ability"), p, c)
        n = entry.get("ability", 1)
        if not _small_int(n) or n < 1:
            c.add(f"ability must be a number from 1, got {n!r}", f"{p}.ability")
        elif entry["object"] not in ids:
            c.add(f"unknown object '{entry['object']}'", f"{p}.object",
                  _suggest(entry["object"], ids))
        else:
            activated.append((entry["object"], int(n)))
    events = data.get("events")
    if events is None:
        events = []
    elif not isinstance(events, list):
        c.add(f"events must be a list, got {type(events).__name__}", "events")
        events = []
    if c.problems:
        raise c.fail()
    return GameState(players=tuple(players), turn=turn, stack=tuple(stack), cards=db,
                     activated_this_turn=tuple(activated), events=tuple(events), source=name,
                     effects=tuple(effects))


def _turn(data: Mapping[str, Any], b: _Builder, c: _Collector) -> Turn:
    td = data.get("turn")
    turn = Turn(b.player_names[0])
    if td is None:
        c.add("missing key 'turn' (e.g. turn: {active_player: Alice, phase: precombat_main})",
              "")
        return turn
    if not isinstance(td, Mapping):
        c.add(f"turn must be a mapping such as {{active_player: Alice}}, got "
              f"{type(td).__name__}", "turn")
        return turn
    _check_keys(td, TURN_KEYS, "turn", c)
    ap = td.get("active_player")
    if ap is None:
        c.add("missing key 'active_player'", "turn")
    elif b.player_ref(ap, "turn.active_player"):
        turn = Turn(str(ap))
    phase = td.get("phase", "precombat_main")
    if isinstance(phase, str) and phase in Phase._value2member_map_:
        ph = Phase(phase)
    else:
        names = [p.value for p in Phase]
        within = [n for n in names if isinstance(phase, str) and phase and phase in n]
        suggestion = (_suggest(phase, names) if isinstance(phase, str) else None) or (
            "did you mean " + " or ".join(f"'{n}'" for n in within) + "?" if within
            else "phases are " + ", ".join(names))
        c.add(f"unknown phase {phase!r}", "turn.phase", suggestion)
        ph = Phase.PRECOMBAT_MAIN
    num = td.get("number", 1)
    if not _small_int(num) or num < 1:
        c.add(f"turn number must be a whole number ≥ 1, got {num!r}", "turn.number")
        num = 1
    prio = td.get("priority")
    if prio is not None and not b.player_ref(prio, "turn.priority"):
        prio = None
    return Turn(turn.active_player, ph, num, str(prio) if prio is not None else None)


def load_state_text(text: str, *, name: str = "<text>",
                    cards: CardDatabase | None = None) -> GameState:
    """Load a state from YAML or JSON text (JSON if ``name`` ends in .json or the text
    starts with ``{`` or ``[``).

    Examples
    --------
    >>> state = load_state_text("turn: {active_player: Bob}\\nplayers: {Bob: {}}")
    >>> state.turn.active_player
    'Bob'
    """
    doc = _parse(text, name)
    return load_state_data(doc.data, name=name, lines=doc.lines, cards=cards,
                           problems=doc.problems)


def _read_file(path: str | Path) -> str:
    p = Path(path)
    try:
        if p.exists() and not p.is_file():
            raise _refuse("not a regular file", str(path))
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise _refuse(f"can't read file: {e.strerror or e}", str(path)) from None
    return _read_text(raw, str(path))


def load_state(path: str | Path, *, cards: CardDatabase | None = None) -> GameState:
    """Load a state file (YAML, or JSON if it ends in .json).

    Raises
    ------
    StateFileError
        Every problem, each with file, key path and line.
    """
    text = _read_file(path)
    doc = _parse(text, str(path))
    return load_state_data(doc.data, name=str(path), lines=doc.lines, cards=cards,
                           problems=doc.problems)


def load_card_file(path: str | Path, base: CardDatabase | None = None) -> CardDatabase:
    """The card database extended with the card definitions in ``path``.

    The file is a list of cards in the built-in card format (or ``{cards: [...]}``),
    read with the same limits as state files.

    Raises
    ------
    StateFileError
        Every bad card, each with file, key path and line.
    """
    name = str(path)
    doc = _parse(_read_file(path), name)
    c = _Collector(name, doc.lines)
    c.problems.extend(doc.problems)
    extra = _parse_card_list(doc.data, "", c)
    if c.problems:
        raise c.fail()
    return (base if base is not None else builtin_cards()).extended(extra)


def load_state_with_cards(path: str | Path, cards_file: str | Path | None = None) -> GameState:
    """Load a state file, with extra card definitions from ``cards_file`` (``--cards``).

    Cards defined in the state file's own ``cards:`` override both the built-in cards
    and ``cards_file``.

    Raises
    ------
    StateFileError
        Every problem of the card file, or else of the state file.
    """
    db = load_card_file(cards_file) if cards_file else None
    return load_state(path, cards=db)


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


def _pool_data(pool: ManaPool, db: CardDatabase) -> Any:
    """Pool text, or entries keeping snow mana and spending restrictions (CR 106.6)."""
    if all(not e.snow and e.restriction is None for e in pool.entries):
        return pool.text
    out: list[Any] = []
    for e in pool.entries:
        entry: dict[str, Any] = {"mana": ("{" + e.type.value + "}") * e.amount}
        if e.snow:
            entry["snow"] = True
        if e.restriction is not None:
            source = _restriction_source(e.restriction, db)
            if source is not None:
                entry["from"] = source
        out.append(entry)
    return out


def _restriction_source(restriction: object, db: CardDatabase) -> str | None:
    """A card whose first restricted mana ability has this restriction (for ``from:``)."""
    for name in db:
        for ab in db[name].activated_abilities:
            if ab.mana is not None and ab.mana.restriction is not None:
                if ab.mana.restriction == restriction:
                    return name
                break
    return None


def dump_state(state: GameState) -> dict[str, Any]:
    """The state as state-file data (ids made explicit)."""
    players: dict[str, Any] = {}
    for p in state.players:
        pd: dict[str, Any] = {"life": p.life}
        if p.mana_pool:
            pd["mana_pool"] = _pool_data(p.mana_pool, state.cards)
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
                 "number": state.turn.number,
                 **({"priority": state.turn.priority} if state.turn.priority else {})},
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
    if state.effects:
        out["effects"] = [{"card": e.card.name, "id": e.id, "controller": e.controller}
                          for e in state.effects]
    if state.activated_this_turn:
        out["activated_this_turn"] = [{"object": o, "ability": n}
                                      for o, n in state.activated_this_turn]
    return out


def dump_state_text(state: GameState) -> str:
    import yaml

    return str(yaml.safe_dump(dump_state(state), sort_keys=False, allow_unicode=True))
