"""The report pages: report JSON → one self-contained HTML page, and → Markdown.

The fixtures are reports built from real state files (``examples/``), the cards' real
text and rulings (``reference/cards/cards.json``), each checked against REPORT_SCHEMA
first. The HTML is read with :mod:`html.parser` (never regex) and, where Debian's
``chromium`` is installed, rendered headless: the DOM it builds still has every case and
ruling, and screenshots at laptop and phone widths are written for a person to look at.
"""

from __future__ import annotations

import copy
import html
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from manacheck.solver.reports.board import counter_label, read_board, slug
from manacheck.solver.reports.render_html import render_html, render_index_html
from manacheck.solver.reports.render_md import render_index_markdown, render_markdown
from manacheck.solver.reports.schema import REPORT_SCHEMA

REPO = Path(__file__).resolve().parents[1]
RULINGS = REPO / "examples" / "rulings"
HOSTILE = '<script>alert("x")</script> & \'Bob\'s\', "quoted" </svg><b>'


def _state(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _card_data(name: str) -> dict[str, Any]:
    cards = json.loads((REPO / "reference" / "cards" / "cards.json").read_text("utf-8"))
    return next(c for c in cards if c["name"] == name)


def _answer(verdict: str, summary: str, rule: str = "", **facts: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"verdict": verdict, "summary": summary, "facts": facts}
    if rule:
        out["reasons"] = [{"rule": rule, "text": summary}]
    return out


def _case(card: str, key: str, title: str, state: dict[str, Any], command: str,
          answer: dict[str, Any], base: dict[str, Any], rules: list[str], *,
          kind: str = "ruling", dimension: str = "events", surprising: bool = False,
          flip: dict[str, Any] | None = None, rulings: list[int] | None = None,
          question: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"id": f"{slug(card)}/{key}", "title": title, "kind": kind,
            "dimension": dimension, "surprising": surprising,
            "question": question or {"command": "resolve"}, "state": state,
            "command": command, "answer": answer, "base_answer": base, "rules": rules,
            "flip": flip, "rulings": rulings or []}


def _card_report(name: str, cases: list[dict[str, Any]], matched: dict[int, list[str]],
                 ) -> dict[str, Any]:
    data = _card_data(name)
    rulings = []
    for i, r in enumerate(data["rulings"]):
        ids = matched.get(i, [])
        rulings.append({"date": r["date"], "text": r["text"], "cases": ids,
                        "reason": None if ids else "a rule of play, not a board question",
                        "reason_kind": None if ids else "not-a-question"})
    lines = [ln for ln in data["oracle_text"].splitlines() if ln.strip()]
    return {"name": name, "text": data["oracle_text"], "type_line": data["type_line"],
            "mana_cost": data["mana_cost"],
            "abilities": [{"index": i + 1, "text": t} for i, t in enumerate(lines)],
            "cases": cases, "rulings": rulings, "notes": ["no board varies the turn number"],
            "undecided": {}, "seconds": 1.25}


def _ozolith() -> dict[str, Any]:
    n = "The Ozolith"
    resolved = "resolve STATE.yaml"
    base = _answer("resolved", "The Ozolith gets the counters", "608.2h",
                   counters={"The Ozolith": {"+1/+1": 2, "flying": 1}})
    second = _answer("resolved", "each Ozolith gets 3 +1/+1", "603.2",
                     counters={"Ozolith A": {"+1/+1": 3}, "Ozolith B": {"+1/+1": 3}})
    cases = [
        _case(n, "r1/second-ozolith", "A second Ozolith gets the same counters too",
              _state(RULINGS / "ozolith-second-ozolith.yaml"), f"manacheck {resolved}",
              second, base, ["603.2", "608.2h", "704.5j"], surprising=True,
              flip={"change": "remove Ozolith B", "answer": base}, rulings=[0]),
        _case(n, "r2/illegal-target", "The target left: the move does nothing",
              _state(RULINGS / "ozolith-illegal-target.yaml"), f"manacheck {resolved}",
              _answer("resolved", "nothing happens: its target is illegal", "608.2b"),
              base, ["608.2b"], surprising=True,
              flip={"change": "don't exile Llanowar Elves", "answer": base}, rulings=[2]),
        _case(n, "base", "The creature dies with counters: The Ozolith gets them",
              _state(RULINGS / "ozolith-puts-same-counters.yaml"), f"manacheck {resolved}",
              base, base, ["122.8", "608.2h"], kind="base", dimension="none", rulings=[0]),
        _case(n, "r3/leaves", "The Ozolith left first: last-known counters move",
              _state(RULINGS / "ozolith-leaves-before-resolution.yaml"),
              f"manacheck {resolved}",
              _answer("resolved", "Llanowar Elves get 2 +1/+1, 1 flying", "608.2h"),
              base, ["608.2h", "113.7a"], flip=None, rulings=[3]),
    ]
    return _card_report(n, cases, {0: [cases[0]["id"], cases[2]["id"]], 2: [cases[1]["id"]],
                                   3: [cases[3]["id"]]})


def _kozilek() -> dict[str, Any]:
    n = "Kozilek, the Great Distortion"
    board = _state(REPO / "examples" / "kozilek.yaml")
    q = {"command": "can-activate", "object": n, "ability": 2, "player": None}
    cmd = f'manacheck can-activate STATE.yaml "{n}" --ability 2'
    legal = _answer("legal", "Alice may counter Sheer Drop (mana value 3)", "602.2", ways=2)
    tapped = copy.deepcopy(board)
    tapped["players"]["Alice"]["battlefield"][0] = {
        "card": n, "id": n, "tapped": True, "summoning_sick": True,
        "counters": {"+1/+1": 2, "-1/-1": 1, "charge": 3}}
    empty_hand = copy.deepcopy(tapped)
    empty_hand["players"]["Alice"]["hand"] = ["Island"]
    empty_hand["players"]["Alice"]["mana_pool"] = [{"mana": "{C}{C}", "from": "Eldrazi Temple"},
                                                  "{G}"]
    cases = [
        _case(n, "a2/hand", "No card in hand matches a spell's mana value", empty_hand, cmd,
              _answer("not legal", "no card in hand has mana value 3 or 5", "602.2b"), legal,
              ["602.2b", "601.2c"], kind="variation", dimension="hand", surprising=True,
              flip={"change": "add Sheer Drop to Alice's hand", "answer": legal},
              question=q),
        _case(n, "a2/base", "Kozilek counters Sheer Drop", board, cmd, legal, legal,
              ["602.2", "118.9c", "202.3e"], kind="base", dimension="none", question=q),
        _case(n, "a2/tapped", "Tapped Kozilek still activates (no {T} in the cost)", tapped,
              cmd, legal, legal, ["602.2", "302.6"], kind="variation", dimension="tapped",
              question=q),
        _case(n, "r/cast-trigger", "Kozilek isn't in hand when its trigger checks",
              _state(RULINGS / "kozilek-cast-trigger-draws.yaml"), "manacheck resolve STATE.yaml",
              _answer("resolved", "draws 4 (library 20 → 16)", "603.4", drawn=4),
              _answer("resolved", "draws 3"), ["603.4", "601.2a"], surprising=True,
              flip={"change": "two more cards in hand",
                    "answer": _answer("resolved", "draws 3")}, rulings=[0]),
    ]
    return _card_report(n, cases, {0: [cases[3]["id"]]})


def _report(cards: list[dict[str, Any]]) -> dict[str, Any]:
    matched = sum(1 for c in cards for r in c["rulings"] if r["cases"])
    total = sum(len(c["rulings"]) for c in cards)
    return {"format": "manacheck-report", "version": 1, "manacheck_version": "0.1.0",
            "cr_version": "2026-01-16",
            "subject": {"kind": "cards", "names": [c["name"] for c in cards], "file": None},
            "cards": cards,
            "totals": {"cards": len(cards), "cases": sum(len(c["cases"]) for c in cards),
                       "rulings": total, "rulings_matched": matched,
                       "rulings_unmatched": {"not-a-question": total - matched},
                       "undecided": {}}}


def _hostile() -> dict[str, Any]:
    """Every string a page shows holds markup, ampersands and both quotes."""
    card = _kozilek()
    card["name"] = HOSTILE
    card["text"] = HOSTILE
    card["type_line"] = HOSTILE
    card["mana_cost"] = "{2}<i>{G}"
    case = card["cases"][0]
    case["id"] = "hostile/" + HOSTILE
    case["title"] = HOSTILE
    case["command"] = f"manacheck pay STATE.yaml '{HOSTILE}'"
    case["rules"] = [HOSTILE]
    case["answer"]["summary"] = HOSTILE
    case["state"]["players"][HOSTILE] = {
        "life": HOSTILE, "battlefield": [{"card": HOSTILE, "id": HOSTILE, "tapped": True,
                                          "counters": {HOSTILE: 2}}],
        "hand": [HOSTILE], "mana_pool": HOSTILE}
    case["state"]["stack"].append({"card": HOSTILE, "controller": HOSTILE,
                                   "targets": [HOSTILE]})
    case["state"]["events"] = [{"dies": HOSTILE}]
    card["rulings"][0]["text"] = HOSTILE
    card["rulings"][0]["cases"] = [case["id"]]
    card["notes"] = [HOSTILE]
    return _report([card])


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    r = _report([_ozolith(), _kozilek()])
    jsonschema.validate(r, REPORT_SCHEMA)
    return r


def _index(report: dict[str, Any]) -> dict[str, Any]:
    cards = [{"name": c["name"], "file": f"{slug(c['name'])}.html", "cases": len(c["cases"]),
              "rulings": len(c["rulings"]),
              "rulings_matched": sum(1 for r in c["rulings"] if r["cases"]), "undecided": 0}
             for c in report["cards"]]
    cards.append({"name": HOSTILE, "file": "javascript:alert(1)", "cases": 9, "rulings": 0,
                  "rulings_matched": 0, "undecided": 2})
    totals = dict(report["totals"], undecided={"replacement": 2})
    return {"format": "manacheck-report-index", "version": 1, "manacheck_version": "0.1.0",
            "cr_version": "2026-01-16", "cards": cards, "totals": totals}


class Tree(HTMLParser):
    """The page's elements as (tag, attributes, text inside, ancestors' tags)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict[str, str]]] = []
        self.elements: list[dict[str, Any]] = []
        self.text: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.scripts += tag == "script"
        self.elements.append({"tag": tag, "attrs": a, "path": [t for t, _ in self.open],
                              "open_attrs": [at for _, at in self.open]})
        if tag not in {"meta", "br", "rect", "img", "link", "input", "circle", "path"}:
            self.open.append((tag, a))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append({"tag": tag, "attrs": {k: v or "" for k, v in attrs},
                              "path": [t for t, _ in self.open]})

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            t, _ = self.open.pop()
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def with_attr(self, name: str, value: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.elements if name in e["attrs"]
                and (value is None or e["attrs"][name] == value)]


def _tree(page: str) -> Tree:
    t = Tree()
    t.feed(page)
    t.close()
    return t


def test_fixtures_are_valid_reports(report: dict[str, Any]) -> None:
    jsonschema.validate(_hostile(), REPORT_SCHEMA)
    assert sum(len(c["cases"]) for c in report["cards"]) == 8


def test_every_case_and_ruling_is_on_the_page(report: dict[str, Any]) -> None:
    t = _tree(render_html(report))
    ids = [e["attrs"]["data-case-id"] for e in t.with_attr("data-case-id")]
    assert ids == [c["id"] for card in report["cards"] for c in card["cases"]]  # order kept
    for e in t.with_attr("data-case-id"):
        assert e["attrs"]["id"] == "case-" + slug(e["attrs"]["data-case-id"])
    for card in report["cards"]:
        section = t.with_attr("data-card-name", card["name"])
        assert len(section) == 1
        rulings = [e for e in t.with_attr("data-ruling-index")
                   if section[0]["attrs"] in e["open_attrs"]]
        assert [int(e["attrs"]["data-ruling-index"]) for e in rulings] == \
            list(range(len(card["rulings"])))
    text = " ".join(" ".join(t.text).split())
    for card in report["cards"]:
        for r in card["rulings"]:
            assert " ".join(r["text"].split()) in text
        for c in card["cases"]:
            assert c["title"] in text and c["command"] in text
    assert t.scripts == 0
    assert not [e for e in t.elements if e["tag"] in {"link", "img", "iframe"}
                or "src" in e["attrs"]]
    page = render_html(report)
    assert "url(" not in page and "@import" not in page and "http://" not in \
        page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert page == render_html(copy.deepcopy(report))  # stable: same report, same page


def test_ruling_links_reach_their_cases(report: dict[str, Any]) -> None:
    t = _tree(render_html(report))
    ids = {e["attrs"]["id"] for e in t.elements if "id" in e["attrs"]}
    hrefs = [e["attrs"]["href"] for e in t.elements if e["tag"] == "a"]
    assert hrefs and all(h[1:] in ids for h in hrefs if h.startswith("#"))
    first = report["cards"][0]
    for r in first["rulings"]:
        for cid in r["cases"]:
            assert "#case-" + slug(cid) in hrefs
    assert len(ids) == len([e for e in t.elements if "id" in e["attrs"]])  # unique


def test_tapped_permanents_turn_and_counters_badge(report: dict[str, Any]) -> None:
    t = _tree(render_html(report))
    perms = t.with_attr("data-tapped")
    tapped = [e for e in perms if e["attrs"]["data-tapped"] == "true"]
    untapped = [e for e in perms if e["attrs"]["data-tapped"] == "false"]
    assert tapped and untapped
    assert all("rotate(90)" in e["attrs"]["transform"] for e in tapped)
    assert not any("rotate" in e["attrs"]["transform"] for e in untapped)
    kozilek = [e for e in tapped if e["attrs"]["data-object-id"] == report["cards"][1]["name"]]
    assert len(kozilek) == 2 and all(e["attrs"]["data-sick"] == "true" for e in kozilek)
    badges = {(e["attrs"]["data-counter"], e["attrs"]["data-count"])
              for e in t.with_attr("data-counter")}
    assert {("+1/+1", "2"), ("-1/-1", "1"), ("charge", "3"), ("+1/+1", "3")} <= badges
    text = " ".join(t.text)
    for label in ("+1/+1 ×2", "-1/-1", "charge 3", "flying 1"):
        assert label in text
    assert counter_label("-1/-1", 1) == "-1/-1"


def test_the_stack_is_drawn_top_first(report: dict[str, Any]) -> None:
    state = report["cards"][1]["cases"][1]["state"]
    page = render_html(_report([dict(report["cards"][1], cases=[report["cards"][1]["cases"][1]])]))
    t = _tree(page)
    entries = t.with_attr("data-stack-id")
    assert [e["attrs"]["data-stack-id"] for e in entries] == \
        [s["id"] for s in reversed(state["stack"])]
    assert [e["attrs"]["data-stack-position"] for e in entries] == ["2", "1"]
    assert entries[0]["attrs"].get("data-stack-top") == "true"
    assert "data-stack-top" not in entries[1]["attrs"]
    assert "TOP" in t.text and "BOTTOM" in t.text


def test_board_reads_ids_as_the_loader_gives_them() -> None:
    state = {"turn": {"active_player": "A"},
             "players": {"A": {"battlefield": ["Forest", "Forest", {"card": "Forest",
                                                                   "id": "Forest#2"}],
                               "hand": ["Forest"]}},
             "stack": [{"ability_of": "Forest", "controller": "A"}]}
    board = read_board(state)
    ids = [o.id for z, objs in board.players[0].zones for o in objs]
    assert ids == ["Forest", "Forest#3", "Forest#2", "Forest#4"]
    assert board.stack[0].id == "ability of Forest"
    garbage = read_board({"players": {"A": "x", "B": None}, "stack": "no", "turn": 3})
    assert [p.name for p in garbage.players] == ["A", "B"]


def test_each_case_draws_its_board(report: dict[str, Any]) -> None:
    t = _tree(render_html(report))
    cases = {c["id"]: c for card in report["cards"] for c in card["cases"]}
    panels: dict[str, list[str]] = {}
    for e in t.elements:
        if e["tag"] == "svg":
            owner = next(a for a in reversed(e["open_attrs"]) if "data-case-id" in a)
            panels.setdefault(owner["data-case-id"], []).append(
                e["attrs"]["data-panel"] + ":" + e["attrs"].get("data-player", ""))
            assert e["attrs"]["width"] == "100%" and e["attrs"]["viewbox"].startswith("0 0 ")
    for cid, case in cases.items():
        assert panels[cid] == ["game:"] + [f"player:{p}" for p in case["state"]["players"]]


def test_stack_triggers_effects_and_the_turn_are_drawn() -> None:
    state = {"turn": {"active_player": "Alice", "phase": "beginning_of_combat",
                      "priority": "Bob", "number": 3},
             "players": {"Alice": {"battlefield": [{"card": "The Ozolith", "id": "oz"}],
                                   "graveyard": ["Llanowar Elves"], "exile": ["Forest"],
                                   "library_size": 7},
                         "Bob": {"mana_pool": [{"mana": "{G}", "snow": True}]}},
             "stack": [{"ability_of": "oz", "trigger": 1, "controller": "Alice",
                        "counters": {"+1/+1": 2}},
                       {"ability_of": "oz", "ability": 2, "controller": "Alice",
                        "targets": ["Bob"]}],
             "effects": [{"card": "Pale Moon", "controller": "Bob"}],
             "activated_this_turn": [{"object": "oz", "ability": 1}]}
    card = _ozolith()
    card["cases"] = [dict(card["cases"][0], state=state, state_yaml="# given\n")]
    page = render_html(_report([card]))
    t = _tree(page)
    text = " ".join(t.text)
    for words in ("Turn 3: Alice's turn", "Phase: beginning of combat", "Priority: Bob",
                  "Library 7 cards", "triggered ability 1 of oz", "ability 2 of oz",
                  "targets Bob", "Pale Moon (Bob)", "ability 1 of oz", "(snow)",
                  "Graveyard · 1", "Exile · 1", "# given"):
        assert words in text, words
    assert [e["attrs"]["data-stack-kind"] for e in t.with_attr("data-stack-kind")] == \
        ["ability", "trigger"]
    prio = [e for e in t.with_attr("data-player", "Bob") if e["tag"] == "svg"]
    assert prio and "priority" in text and "their turn" in text
    assert {e["attrs"]["data-zone"] for e in t.with_attr("data-zone")} == {"graveyard",
                                                                          "exile"}
    md = render_markdown(_report([card]))
    assert "triggered ability 1 of oz" in md and "Pale Moon (Bob)" in md


def test_rulings_without_a_case_say_why(report: dict[str, Any]) -> None:
    card = copy.deepcopy(report["cards"][0])
    card["rulings"][1]["cases"] = []
    card["rulings"][1]["reason"] = "needs a second game"
    card["rulings"][4]["cases"] = ["no-such-case"]
    card["rulings"][4]["reason"] = None
    card["cases"][0]["flip"] = None
    r = _report([card])
    r["subject"] = {"kind": "state", "file": "board & more.yaml"}
    t = _tree(render_html(r))
    text = " ".join(" ".join(t.text).split())
    assert "needs a second game" in text and "(not-a-question)" in text
    assert "no-such-case (not in this report)" in text
    assert "Edge cases: the objects of board & more.yaml" in text
    assert "none found" in text
    md = render_markdown(r)
    assert "needs a second game" in md and "`no-such-case` (not in this report)" in md


def test_hostile_strings_are_escaped() -> None:
    for page in (render_html(_hostile()), render_index_html(_index(_report([_ozolith()])))):
        assert "<script" not in page and "<b>" not in page and "<i>" not in page
        assert "&lt;script&gt;" in page
        t = _tree(page)
        assert t.scripts == 0
        assert HOSTILE in " ".join(t.text)
        assert not [e for e in t.elements if e["tag"] == "a"
                    and e["attrs"].get("href", "").startswith("javascript:")]
    t = _tree(render_html(_hostile()))
    assert next(e["attrs"]["data-case-id"] for e in t.with_attr("data-case-id")) == \
        "hostile/" + HOSTILE
    assert t.with_attr("data-card", HOSTILE)


def test_index_page_lists_every_card_and_the_totals(report: dict[str, Any]) -> None:
    index = _index(report)
    t = _tree(render_index_html(index))
    rows = t.with_attr("data-card-name")
    for c in index["cards"]:
        assert sum(1 for e in rows if e["attrs"]["data-card-name"] == c["name"]) == 5
    links = {e["attrs"]["href"] for e in t.elements if e["tag"] == "a"}
    assert {"the-ozolith.html", "kozilek-the-great-distortion.html",
            "./javascript%3Aalert%281%29"} <= links  # a relative file, never a script
    assert {"#by-name", "#by-cases", "#by-rulings-matched", "#by-undecided"} <= links
    text = " ".join(t.text)
    assert "not-a-question" in text and "replacement: 2" in text


def _outside_code(md: str) -> str:
    """The Markdown text outside fenced blocks and code spans (where markup would act)."""
    out, fence = [], ""
    for line in md.splitlines():
        stripped = line.lstrip()
        if fence:
            fence = "" if stripped.startswith(fence) and not stripped.strip("`") else fence
            continue
        if stripped.startswith("```"):
            fence = stripped[: len(stripped) - len(stripped.lstrip("`"))]
            continue
        out.append(" ".join(line.split("`")[0::2]))
    return "\n".join(out)


def test_markdown_has_every_case_and_ruling(report: dict[str, Any]) -> None:
    md = render_markdown(report)
    for card in report["cards"]:
        assert card["name"] in md
        for c in card["cases"]:
            assert c["title"] in md and c["command"] in md and f"`{c['id']}`" in md
            assert f'<a id="case-{slug(c["id"])}"></a>' in md
        for r in card["rulings"]:
            assert r["text"] in md
    assert "```yaml" in md and "<details>" in md
    assert "+1/+1 ×2" in md and "(tapped)" in md
    top = md.index("**top**")
    assert md.index("Sheer Drop", top) < md.index("Fireball", top)
    hostile = render_markdown(_hostile())
    assert "&lt;script&gt;alert" in hostile
    assert "<script" not in _outside_code(hostile) and "<b>" not in _outside_code(hostile)
    index = render_index_markdown(_index(report))
    assert "[The Ozolith](the-ozolith.html)" in index and "| Card |" in index


def _chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        if os.environ.get("CI"):  # .ci/run installs it: in CI the test never skips
            pytest.fail("Debian's chromium isn't installed in CI (.ci/run installs it)")
        pytest.skip("Debian's chromium isn't installed (apt-get install chromium): "
                    "the headless browser test needs it")
    return exe


def _browse(exe: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--no-first-run", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_browser_renders_every_case_and_ruling(report: dict[str, Any],
                                                 tmp_path: Path) -> None:
    exe = _chromium()
    page = tmp_path / "report.html"
    page.write_text(render_html(report), encoding="utf-8")
    dom = _browse(exe, "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    t = _tree(dom.stdout)
    assert [e["attrs"]["data-case-id"] for e in t.with_attr("data-case-id")] == \
        [c["id"] for card in report["cards"] for c in card["cases"]]
    assert len(t.with_attr("data-ruling-index")) == \
        sum(len(c["rulings"]) for c in report["cards"])
    assert [e for e in t.elements if e["tag"] == "svg"]
    for name, size in (("laptop", "1280,2000"), ("phone", "390,2000")):
        shot = tmp_path / f"{name}.png"
        run = _browse(exe, f"--screenshot={shot}", f"--window-size={size}", page.as_uri())
        assert run.returncode == 0 and shot.stat().st_size > 10_000, run.stderr[-2000:]


_PROBE = """window.addEventListener("load", function () {
  var d = document.getElementById("page").contentDocument, w = d.documentElement.clientWidth;
  var wide = [];
  d.querySelectorAll("main *").forEach(function (e) {
    if (e.closest("pre") || e.closest("svg") || e.closest(".table-wrap")) return;
    if (e.getBoundingClientRect().right > w + 0.5) wide.push(e.tagName + "." + e.className);
  });
  document.body.setAttribute("data-probe", JSON.stringify(
    {scroll: d.documentElement.scrollWidth, width: w, wide: wide.slice(0, 5)}));
});"""


def _width_probe(exe: str, page: str, width: int, tmp_path: Path) -> dict[str, Any]:
    """Lay ``page`` out ``width`` px wide (an iframe: headless windows are 500 px or
    more) and measure: the page's scroll width and any element past its right edge."""
    wrapper = (f'<!DOCTYPE html><html><body style="margin:0"><iframe id="page" '
               f'style="width:{width}px;height:900px;border:0" '
               f'srcdoc="{html.escape(page, quote=True)}"></iframe>'
               f"<script>{_PROBE}</script></body></html>")
    path = tmp_path / f"probe-{width}.html"
    path.write_text(wrapper, encoding="utf-8")
    dom = _browse(exe, "--window-size=1400,1000", "--dump-dom", path.as_uri())
    probe = [e["attrs"]["data-probe"] for e in _tree(dom.stdout).with_attr("data-probe")]
    assert probe, dom.stderr[-2000:]
    result: dict[str, Any] = json.loads(probe[0])
    return result


def test_no_sideways_scrolling_on_a_phone(report: dict[str, Any], tmp_path: Path) -> None:
    exe = _chromium()
    for page in (render_html(report), render_html(_hostile()),
                 render_index_html(_index(report))):
        for width in (375, 1280):
            probe = _width_probe(exe, page, width, tmp_path)
            assert probe["scroll"] <= probe["width"] and not probe["wide"], (width, probe)
