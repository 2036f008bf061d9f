"""``manacheck schema``: print the JSON Schema of state files shipped in the package."""

from __future__ import annotations

import argparse
import json
from importlib import resources
from typing import Any

from manacheck.cli import EXIT_YES, write

COMMAND = "schema"
HELP = "print the JSON Schema of state files"


def register(p: argparse.ArgumentParser) -> None:
    p.set_defaults(func=handle)


def state_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of state files, from the installed package."""
    text = resources.files("manacheck.model").joinpath("data", "state.schema.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def handle(args: argparse.Namespace) -> int:
    # The schema is JSON either way; --json is accepted for uniformity.
    write(json.dumps(state_schema(), indent=2, ensure_ascii=False))
    return EXIT_YES
