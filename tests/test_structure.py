"""The code's layout stays as docs/layout.md describes it (issue 11).

Read from the source files with :mod:`ast`, not by importing them, so a cycle that
Python would tolerate (a lazy import inside a function, an import under
``TYPE_CHECKING``) is still a cycle here:

* the import graph of the ``manacheck`` modules has no cycle (networkx finds them);
* ``manacheck.model`` never imports ``manacheck.solver`` or the CLI, and the solver never
  imports the CLI;
* no module imports another module's private (underscore-prefixed) name;
* no function is over :data:`MAX_FUNCTION_LINES` lines. Modules have no line cap: a
  module is as long as its concept (issue 32), and splits follow concepts.

Each check is also run on a small synthetic tree, so that a check which could never fail
is caught too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

REPO = Path(__file__).resolve().parents[1]

#: Where each installed package's source lives (pyproject.toml's package-dir).
ROOTS = {"manacheck": REPO / "manacheck", "manacheck.model": REPO / "model",
         "manacheck.solver": REPO / "solver"}

MAX_FUNCTION_LINES = 150


@dataclass(frozen=True)
class Import:
    """One imported name: ``from <module> import <name>`` (name is None for ``import m``)."""

    importer: str
    module: str
    name: str | None
    line: int


def modules(roots: dict[str, Path]) -> dict[str, Path]:
    """Every module's dotted name and file, packages as their ``__init__.py``."""
    found: dict[str, Path] = {}
    for package, folder in roots.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def imports(name: str, path: Path) -> Iterator[Import]:
    """Every import in a module, wherever it stands (functions and TYPE_CHECKING too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(name, alias.name, None, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                yield Import(name, module, alias.name, node.lineno)


def import_graph(mods: dict[str, Path]) -> tuple[nx.DiGraph, list[Import]]:
    """The module graph (an edge per import of one module by another) and the imports."""
    graph = nx.DiGraph()
    graph.add_nodes_from(mods)
    every: list[Import] = []
    for name, path in mods.items():
        for imp in imports(name, path):
            every.append(imp)
            if imp.name is not None and f"{imp.module}.{imp.name}" in mods:
                target = f"{imp.module}.{imp.name}"   # from package import submodule
            elif imp.module in mods:
                target = imp.module
            else:
                continue
            if target != name:
                graph.add_edge(name, target, line=imp.line)
    return graph, every


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    return [sorted(c) for c in nx.simple_cycles(graph)]


def private_imports(mods: dict[str, Path], every: list[Import]) -> list[str]:
    """``from m import _x`` where m is another manacheck module and _x isn't a submodule."""
    bad = []
    for imp in every:
        if (imp.name and imp.name.startswith("_") and not imp.name.startswith("__")
                and imp.module in mods and imp.module != imp.importer
                and f"{imp.module}.{imp.name}" not in mods):
            bad.append(f"{imp.importer}:{imp.line} imports {imp.module}.{imp.name}")
    return bad


def layering(graph: nx.DiGraph) -> list[str]:
    """model never imports solver or the CLI; solver never imports the CLI."""
    bad = []
    for a, b in graph.edges:
        if a.startswith("manacheck.model") and not b.startswith("manacheck.model"):
            bad.append(f"{a} imports {b}")
        if a.startswith("manacheck.solver") and not b.startswith(("manacheck.model",
                                                                  "manacheck.solver")):
            bad.append(f"{a} imports {b}")
    return bad


def long_parts(mods: dict[str, Path]) -> list[str]:
    """Functions over MAX_FUNCTION_LINES lines."""
    bad = []
    for name, path in mods.items():
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    bad.append(f"{name}.{node.name} (line {node.lineno}): {length} lines")
    return bad


# --- the project ---------------------------------------------------------------------

MODS = modules(ROOTS)
GRAPH, EVERY = import_graph(MODS)


def test_the_graph_sees_the_packages() -> None:
    assert {"manacheck.cli", "manacheck.model", "manacheck.solver",
            "manacheck.solver.payments", "manacheck.model.state"} <= set(MODS)
    assert GRAPH.number_of_edges() > 50


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


def test_no_private_names_across_modules() -> None:
    assert private_imports(MODS, EVERY) == []


def test_model_knows_no_solver_and_solver_no_cli() -> None:
    assert layering(GRAPH) == []


def test_no_long_functions() -> None:
    assert long_parts(MODS) == []


# --- the checks themselves, on a synthetic tree --------------------------------------

@pytest.fixture
def tree(tmp_path: Path) -> dict[str, Path]:
    root = tmp_path / "src" / "pkg"
    (root / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from .a import thing\n",
        "a.py": "def thing() -> None:\n    from .b import _hidden\n",
        "b.py": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
                 "_hidden = 1\n"),
        "sub/__init__.py": "",
        "sub/c.py": "from .. import b\n" + "x = 1\n" * 2000,
        "sub/d.py": "def f() -> None:\n" + "    pass\n" * MAX_FUNCTION_LINES,
    }
    for rel, text in files.items():
        (root / rel).write_text(text, encoding="utf-8")
    return modules({"pkg": root})


def test_checks_find_a_lazy_and_a_type_checking_cycle(tree: dict[str, Path]) -> None:
    graph, _ = import_graph(tree)
    assert ["pkg.a", "pkg.b"] in cycles(graph)
    assert graph.has_edge("pkg.sub.c", "pkg.b")


def test_checks_find_a_private_import(tree: dict[str, Path]) -> None:
    _, every = import_graph(tree)
    assert private_imports(tree, every) == ["pkg.a:2 imports pkg.b._hidden"]


def test_checks_find_long_parts(tree: dict[str, Path]) -> None:
    found = long_parts(tree)
    assert [f for f in found if f.startswith("pkg.sub.d.f ")] == found
    assert len(found) == 1  # (a long module, c.py, is no longer one)


def test_checks_find_a_model_importing_the_solver() -> None:
    graph = nx.DiGraph([("manacheck.model.x", "manacheck.solver.y"),
                        ("manacheck.solver.y", "manacheck.cli"),
                        ("manacheck.cli", "manacheck.solver.y")])
    assert layering(graph) == ["manacheck.model.x imports manacheck.solver.y",
                               "manacheck.solver.y imports manacheck.cli"]
