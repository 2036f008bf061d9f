"""A fast start, checked structurally (no timings here; see benchmarks/startup.py): the
CLI imports only what the chosen command needs."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import manacheck.commands as commands_pkg
from manacheck import cli

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("manacheck.solver.activation", "manacheck.solver.payments", "networkx", "constraint")


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json\n"
                          "print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_command_table_matches_the_modules() -> None:
    found = {}
    for info in pkgutil.iter_modules(commands_pkg.__path__):
        mod = importlib.import_module(f"manacheck.commands.{info.name}")
        found[mod.COMMAND] = (info.name, mod.HELP)
    assert found == cli.COMMANDS


def test_building_the_parser_imports_no_solver() -> None:
    loaded = _modules_after("from manacheck.cli import build_parser\n"
                            "build_parser(['validate'], everything=False)")
    assert not [m for m in HEAVY if m in loaded]


def test_validate_imports_no_solver() -> None:
    loaded = _modules_after("from manacheck.cli import main\n"
                            "main(['validate', 'examples/payment.yaml'])")
    assert not [m for m in HEAVY if m in loaded]


#: What ``pay`` on a board with nothing pending never needs (issue 36): the oracle-text
#: reader (lark), the whole-pool runner (Dask) and the reports, the resolution solver
#: (only for pending state-based actions), the activation solver, python-constraint
#: (and the multiprocessing its parallel solver imports) and networkx.
NOT_FOR_PAY = ("lark", "dask", "distributed", "manacheck.model.oracletext",
               "manacheck.solver.reports", "manacheck.solver.resolution",
               "manacheck.solver.activation", "manacheck.solver.produce.explain",
               "constraint", "multiprocessing", "concurrent.futures", "networkx")


def test_pay_imports_only_what_paying_needs() -> None:
    loaded = _modules_after("from manacheck.cli import main\n"
                            "main(['pay', 'examples/payment.yaml', '{1}{G}'])")
    assert "manacheck.solver.payments" in loaded
    assert not [m for m in NOT_FOR_PAY if m in loaded]


def test_every_help_is_the_full_parsers_help() -> None:
    full = cli.build_parser()
    sub = next(a for a in full._actions if a.dest == "command")
    assert cli.build_parser([], everything=False).format_help() == full.format_help()
    for name, parser in sub.choices.items():  # type: ignore[attr-defined]
        lazy = cli.build_parser([name], everything=False)
        lazy_sub = next(a for a in lazy._actions if a.dest == "command")
        assert lazy_sub.choices[name].format_help() == parser.format_help()  # type: ignore[attr-defined]


def test_compiled_cards_are_what_the_sources_give() -> None:
    from manacheck.model.carddata import COMPILED_CARDS, compiled_cards_text

    shipped = (ROOT / "model" / "data" / COMPILED_CARDS).read_text(encoding="utf-8")
    assert shipped == compiled_cards_text(), "run python -m manacheck.model.compile_cards"


def test_lazy_cards_equal_the_full_parse() -> None:
    from manacheck.model.carddata import builtin_cards, parse_builtin_sources

    full = parse_builtin_sources()
    lazy = builtin_cards()
    assert list(lazy) == list(full)
    for name in full:
        assert lazy[name] == full[name], name


def test_validate_parses_only_the_cards_it_names() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from manacheck.cli import main\n"
         "main(['validate', 'examples/payment.yaml'])\n"
         "from manacheck.model import builtin_cards\n"
         "print(builtin_cards().cards.parsed(), len(builtin_cards()))"],
        capture_output=True, text=True, check=True, cwd=ROOT)
    parsed, total = map(int, out.stdout.splitlines()[-1].split())
    assert 0 < parsed <= 20 < total
