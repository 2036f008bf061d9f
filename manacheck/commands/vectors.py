"""``manacheck vectors verify FILE``: ask every test vector again; ``manacheck vectors
schema``: the JSON Schema of vector files.

A vector file (``manacheck report ... --vectors FILE``) holds each case's state,
question and expected answer. ``verify`` asks each question of its state and lists
every vector whose verdict or facts differ today. Exit status 0 when all agree, 1 when
any differs, 2 for a file that isn't a vector file.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from manacheck.cli import EXIT_NO, EXIT_YES, emit, write
from manacheck.model.errors import BadInput

COMMAND = "vectors"
HELP = "check published test vectors: ask each again (vectors verify FILE)"


def register(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=["verify", "schema"],
                   help="verify: ask every vector again; schema: print the JSON Schema "
                   "of vector files (states with their events, questions, answers, facts)")
    p.add_argument("file", metavar="FILE", nargs="?", help="a vector file (JSON), to verify")
    p.set_defaults(func=handle)


def load_vectors(path: str) -> dict[str, Any]:
    """The vector file, checked against its schema (one line naming the problem)."""
    import jsonschema

    from manacheck.solver.reports.schema import VECTORS_SCHEMA

    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as e:
        raise BadInput(f"{path}: can't read it ({e.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: not JSON ({e})") from None
    err = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(VECTORS_SCHEMA).iter_errors(data))
    if err is not None:
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        raise BadInput(f"{path}: not a manacheck vector file: at {where}: {err.message}")
    out: dict[str, Any] = data
    return out


def handle(args: argparse.Namespace) -> int:
    from manacheck.solver.reports.report import verify_vectors

    if args.action == "schema":
        from manacheck.solver.reports.schema import vectors_schema

        write(json.dumps(vectors_schema(), indent=2, ensure_ascii=False))
        return EXIT_YES
    if args.file is None:
        raise BadInput("vectors verify needs FILE: a vector file (JSON)")
    data = load_vectors(args.file)
    bad = verify_vectors(data)
    n = len(data["vectors"])
    result = {"vectors": n, "agree": n - len(bad), "disagree": bad}

    def text() -> str:
        lines = [f"{n - len(bad)}/{n} vectors agree"]
        for b in bad:
            if b["expected"]["verdict"] != b["got"]["verdict"]:
                lines.append(f"  {b['id']}: expected {b['expected']['verdict']} "
                             f"({b['expected']['summary']}), got {b['got']['verdict']} "
                             f"({b['got']['summary']})")
            else:  # the same verdict: the facts that differ, not two equal lines
                lines.append(f"  {b['id']}: {b['got']['verdict']}, but the facts differ:")
            lines.extend(f"    {d}" for d in b.get("differences", ()))
        return "\n".join(lines)

    emit(args, result, text)
    return EXIT_YES if not bad else EXIT_NO
