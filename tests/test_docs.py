"""The README and the manual in docs/ stay true (issue 32).

* the README stays short (under :data:`README_MAX_LINES` lines);
* every page of docs/ is linked from docs/README.md or the README;
* every relative link, and every ``#anchor``, in the README and docs/*.md resolves;
* every rule cited as "CR nnn.n" exists in the Comprehensive Rules the repository ships
  (``reference/rules/comprehensive-rules.txt``);
* every ``$ manacheck ...`` line of a ```` ```console ```` block is run from the
  repository's root and prints what is shown (a line ``...`` stands for any lines, a
  last line ``(exit status N)`` is the exit status); ```` ```text ```` blocks are not run;
* the ``>>>`` examples of the pages, and the docstrings' doctests of every module, pass;
* docs/layout.md names every module, and docs/state-files.md every state-file key.

Each checker is also run on a small made-up text, so that a check which could never
fail is caught too.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
from manacheck.model import statefile as sf

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
RULES = REPO / "reference" / "rules" / "comprehensive-rules.txt"
README_MAX_LINES = 300

PAGES = [REPO / "README.md", *sorted(DOCS.glob("*.md"))]


def page_id(path: Path) -> str:
    return str(path.relative_to(REPO))


# ---- reading Markdown --------------------------------------------------------------------


def prose(text: str) -> str:
    """The text outside fenced code blocks and inline code spans."""
    kept: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            kept.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(kept)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in a page (repeats get -1, -2, ... as on GitHub)."""
    found: set[str] = set()
    fenced = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"#{1,6} (.*)", line)):
            base = slug(m.group(1))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def links(text: str) -> list[str]:
    return LINK.findall(prose(text))


def broken_links(page: Path, text: str) -> list[str]:
    """The relative links of a page whose file or #anchor doesn't exist."""
    bad: list[str] = []
    for target in links(text):
        if re.match(r"[a-z]+:", target):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        missing_anchor = bool(anchor) and dest.exists() and (
            dest.suffix != ".md" or anchor not in anchors(dest.read_text(encoding="utf-8")))
        if not dest.exists() or missing_anchor:
            bad.append(target)
    return bad


# ---- rule numbers ------------------------------------------------------------------------

_ONE = r"\d{3}(?:\.\d+[a-z]?)?(?!\d)"
_ITEM = rf"{_ONE}(?:[-–](?:\d{{3}}\.\d+[a-z]?|[a-z]))?"
CITED = re.compile(rf"\bCR ({_ITEM}(?:, {_ITEM})*)")


def cited_rules(text: str) -> set[str]:
    """Every rule number cited after "CR", lists ("CR 107.5, 302.6") and ranges
    ("CR 601.2g-h", "CR 606.3-606.4") included."""
    out: set[str] = set()
    for m in CITED.finditer(text):
        for item in m.group(1).split(", "):
            first, *rest = re.split(r"[-–]", item, maxsplit=1)
            out.add(first)
            for end in rest:
                out.add(end if "." in end else re.sub(r"[a-z]$", "", first) + end)
    return out


def rule_numbers(rules_text: str) -> set[str]:
    """Every rule and subrule number the rules define ("601", "601.2", "601.2g")."""
    found: set[str] = set()
    for line in rules_text.split("\n"):
        if m := re.match(r"(\d{3})(?:\.(\d+)([a-z]?))?\.? ", line):
            section, rule, sub = m.groups()
            found.add(section)
            if rule:
                found.add(f"{section}.{rule}{sub}")
    return found


# ---- console examples --------------------------------------------------------------------


def console_examples(text: str) -> list[tuple[str, list[str]]]:
    """(command, expected lines) for each ``$ `` line of the page's console blocks."""
    out: list[tuple[str, list[str]]] = []
    block: list[str] | None = None
    for line in text.split("\n"):
        if block is None:
            if line.startswith("```console"):
                block = []
            continue
        if line.startswith("```"):
            command: str | None = None
            expected: list[str] = []
            for row in block:
                if row.startswith("$ "):
                    if command is not None:
                        out.append((command, expected))
                    command, expected = row[2:], []
                elif command is not None:
                    expected.append(row)
            if command is not None:
                out.append((command, expected))
            block = None
        else:
            block.append(line)
    return out


def output_matches(want: list[str], got: list[str]) -> bool:
    """Whether ``got`` is ``want``, trailing whitespace aside; a ``...`` line of ``want``
    stands for any number of lines."""
    want = [w.rstrip() for w in want]
    got = [g.rstrip() for g in got]
    if not want:
        return not got
    if want[0] == "...":
        return any(output_matches(want[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and output_matches(want[1:], got[1:])


def split_status(expected: list[str]) -> tuple[list[str], int | None]:
    if expected and (m := re.fullmatch(r"\(exit status (\d+)\)", expected[-1].strip())):
        return expected[:-1], int(m.group(1))
    return expected, None


EXAMPLES = [(page, command, expected) for page in PAGES
            for command, expected in console_examples(page.read_text(encoding="utf-8"))]


# ---- the checks --------------------------------------------------------------------------


def test_readme_is_short() -> None:
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines < README_MAX_LINES


def test_readme_keeps_the_command_ci_runs() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    command = "python -m pip install -e '.[test]' && python -m pytest"
    assert command in ci
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    assert f"```bash\n{command}\n```" in section


def test_every_docs_page_is_linked_from_an_index() -> None:
    linked: set[Path] = set()
    for index in (REPO / "README.md", DOCS / "README.md"):
        for target in links(index.read_text(encoding="utf-8")):
            linked.add((index.parent / target.partition("#")[0]).resolve())
    assert sorted(p.name for p in DOCS.glob("*.md") if p.resolve() not in linked
                  and p.name != "README.md") == []
    assert (DOCS / "README.md").resolve() in linked


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_links_resolve(page: Path) -> None:
    assert broken_links(page, page.read_text(encoding="utf-8")) == []


def test_link_checker_finds_broken_links() -> None:
    page = DOCS / "pay.md"
    text = ("[a](produce.md) [b](nowhere.md) [c](produce.md#not-an-anchor) "
            "[d](#manacheck-pay--every-distinct-way-to-pay-a-cost) [e](https://x.invalid) "
            "`[f](ignored.md)`\n```text\n[g](ignored.md)\n```\n")
    assert broken_links(page, text) == ["nowhere.md", "produce.md#not-an-anchor"]
    assert slug("`manacheck validate STATE [--cards FILE]`") == \
        "manacheck-validate-state---cards-file"


RULES_DEFINED = rule_numbers(RULES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_cited_rules_exist(page: Path) -> None:
    cited = cited_rules(page.read_text(encoding="utf-8"))
    assert sorted(cited - RULES_DEFINED) == []


def test_rule_checker() -> None:
    assert {"106.7", "601.2g", "601.2h", "606.3", "606.4", "704.5f", "704.3", "408"} == \
        cited_rules("(CR 106.7) CR 601.2g-h; [CR 704.5f, 704.3] CR 606.3-606.4 (CR 408)")
    assert {"106.7", "601.2g", "704.5k", "601"} <= RULES_DEFINED
    assert {"601.2z", "999.1", "704.5l"}.isdisjoint(RULES_DEFINED)
    assert len(cited_rules((REPO / "README.md").read_text(encoding="utf-8"))) >= 10


def test_every_page_with_commands_has_tested_examples() -> None:
    pages = {page.name for page, _, _ in EXAMPLES}
    assert {"README.md", "commands.md", "pay.md", "produce.md", "can-activate.md",
            "resolve.md", "report.md", "parse.md", "commander.md"} <= pages


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES,
                         ids=[f"{page_id(p)}: {c}" for p, c, _ in EXAMPLES])
def test_console_example(page: Path, command: str, expected: list[str]) -> None:
    assert command.startswith("manacheck ")
    want, status = split_status(expected)
    done = subprocess.run(["bash", "-c", f"{sys.executable} -m {command} 2>&1"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    got = done.stdout.rstrip("\n").split("\n") if done.stdout.strip() else []
    assert output_matches(want, got), "\n".join(got)
    if status is not None:
        assert done.returncode == status


def test_output_matcher() -> None:
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d  "])
    assert output_matches(["a", "..."], ["a"])
    assert not output_matches(["a", "d"], ["a", "b", "d"])
    assert not output_matches(["a", "...", "e"], ["a", "b", "d"])
    assert not output_matches(["a"], ["a", "b"])
    assert split_status(["x", "(exit status 2)"]) == (["x"], 2)
    text = "```console\n$ manacheck a\nx\n$ manacheck b\n```\n```text\n$ manacheck c\n```\n"
    assert console_examples(text) == [("manacheck a", ["x"]), ("manacheck b", [])]


@pytest.mark.parametrize("page", [p for p in PAGES if ">>> " in p.read_text(encoding="utf-8")],
                         ids=page_id)
def test_python_examples(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def module_names() -> list[str]:
    import manacheck.model
    import manacheck.solver

    names: list[str] = []
    for package in (manacheck, manacheck.model, manacheck.solver):
        names.append(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(set(names))


def test_module_doctests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    attempted, failures = 0, []
    for name in module_names():
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
        attempted += result.attempted
        if result.failed:
            failures.append(name)
    assert failures == []
    assert attempted >= 150


def layout_entries(text: str) -> set[str]:
    """The paths the layout tree names: each name under its folders; continuation lines
    (the description column) name more files of the entry's folder."""
    tree = text.split("```text\n", 1)[1].split("```", 1)[0]
    found: set[str] = set()
    folders: list[str] = []
    for line in tree.split("\n"):
        m = re.match(r"( *)(\S.*?)(?: {2,}(.*))?$", line)
        if m is None:
            continue
        indent, names, description = len(m.group(1)), m.group(2), m.group(3) or ""
        if indent >= 20:  # a continuation of the description
            found.update("".join(folders) + n for n in re.findall(r"[\w.]+\.py", names))
            continue
        folders = folders[: indent // 2]
        for name in (n.strip() for n in names.split(",")):
            if name.endswith("/"):
                folders.append(name)
                found.update("".join(folders) + n
                             for n in re.findall(r"[\w.]+\.py", description))
            else:
                found.add("".join(folders) + name)
    return found


def test_layout_names_every_module() -> None:
    entries = layout_entries((DOCS / "layout.md").read_text(encoding="utf-8"))
    modules = [str(p.relative_to(REPO)) for root in ("manacheck", "model", "solver")
               for p in sorted((REPO / root).rglob("*.py")) if p.name != "__init__.py"]
    assert len(modules) > 100
    assert [m for m in modules if m not in entries] == []
    made_up = "```text\nmodel/  x\n  a.py, b.py   y\n  sub/  z: c.py,\n" + " " * 27 + "d.py\n```"
    assert layout_entries(made_up) == {"model/a.py", "model/b.py", "model/sub/c.py",
                                       "model/sub/d.py"}


def test_state_file_page_example_loads_and_lists_every_key() -> None:
    text = (DOCS / "state-files.md").read_text(encoding="utf-8")
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    state = sf.load_state_text(block)
    assert [p.name for p in state.players] == ["Alice", "Bob"]
    keys = {*sf.TOP_KEYS, *sf.TURN_KEYS, *sf.PLAYER_KEYS, *sf.PERMANENT_KEYS, *sf.STACK_KEYS,
            *sf.CARD_KEYS, *sf.EFFECT_KEYS}
    missing = sorted(k for k in keys if not re.search(rf"(?<!\w){re.escape(k)}(?!\w)", text))
    assert missing == []
