"""Reading a state or card file: bytes -> text -> plain data, with a line for each key path.

JSON or YAML, whichever the name or the text says. Hostile input is refused early, with
one line, before anything is built: files over ``MAX_BYTES``, nesting deeper than
``MAX_DEPTH``, more than ``MAX_NODES`` values, YAML aliases (alias bombs), more than one
YAML document, empty files, and anything that isn't UTF-8 text. Neither reader recurses
on the input: the YAML pre-scan walks libyaml's events, the JSON pre-scan its tokens.
Duplicate mapping keys (which both YAML and JSON loaders silently merge) are reported as
problems of the :class:`Document`, to be listed with the others.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Location, StateFileError
from .problems import Problem

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "Document",
    "parse_bytes",
    "parse_text",
    "read_file",
    "read_text",
]

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 20_000


@dataclass
class Document:
    """A file read into plain data: ``lines`` maps each key path to its 1-based line;
    ``problems`` are those found while reading (duplicate keys)."""

    data: Any
    lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def _refuse(message: str, name: str, line: int | None = None,
            suggestion: str | None = None) -> StateFileError:
    return StateFileError([(message, Location(name, line=line), suggestion)])


def read_text(raw: bytes, name: str) -> str:
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


def parse_text(text: str, name: str) -> Document:
    """Text -> :class:`Document`: JSON if ``name`` ends in .json, or if it doesn't end in
    .yaml/.yml and the text starts with ``{`` or ``[`` (then YAML flow style if it isn't
    JSON); else YAML."""
    _check_text(text, name)
    if not _looks_like_json(text, name):
        return _parse_yaml(text, name)
    try:
        return _parse_json(text, name)
    except StateFileError:
        if name.endswith(".json"):
            raise
        return _parse_yaml(text, name)  # e.g. "{turn: {...}}": YAML flow style, not JSON


def parse_bytes(raw: bytes, name: str) -> Document:
    """A file's bytes -> :class:`Document` (:func:`read_text`, then :func:`parse_text`).

    Raises
    ------
    StateFileError
        One line, for input that isn't a small UTF-8 text file or isn't well-formed.
    """
    return parse_text(read_text(raw, name), name)


def read_file(path: str | Path) -> str:
    """A file's text, read with the limits of :func:`read_text` (one line each)."""
    p = Path(path)
    try:
        if p.exists() and not p.is_file():
            raise _refuse("not a regular file", str(path))
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        raise _refuse(f"can't read file: {e.strerror or e}", str(path)) from None
    return read_text(raw, str(path))


# JSON ----------------------------------------------------------------------------------
# One bounded pass over the tokens (depth, node count, duplicate keys, a line for every
# key path), then the C decoder for the values. Nothing recurses on the input.

_JSON_TOKEN = re.compile(
    r'''"(?:[^"\\\x00-\x1f]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+|\s+|.''', re.DOTALL
)


def _parse_json(text: str, name: str) -> Document:
    lines: dict[str, int] = {}
    problems: list[Problem] = []
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
    return Document(data, lines, problems)


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


def _parse_yaml(text: str, name: str) -> Document:
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
                return Document(None)
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
    problems: list[Problem] = []
    _node_lines(node, "", lines, problems, name)
    return Document(data, lines, problems)


def _node_lines(root: Any, root_path: str, out: dict[str, int],
                problems: list[Problem], name: str) -> None:
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
