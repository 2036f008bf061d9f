"""A report as GitHub-flavoured Markdown, and a pool's index as Markdown.

The same content as the HTML page (:mod:`.render_html`): per card its text, a summary,
the cases in the report's order (each with its answer against the base board's, the
rules, the flip, the command, the board as a compact table and the state YAML in a
fenced block inside ``<details>``), then the rulings linked to their cases. Each case
has an ``<a id="case-<slug of its id>">`` anchor, as on the HTML page.

Text from the report is escaped for Markdown (``<`` ``>`` ``&`` as entities, Markdown's
punctuation with a backslash), so a card name can't turn into markup; code (commands,
YAML) goes in code spans and fences longer than any run of backticks inside.

Rules
-----
CR 405.1: the stack's last entry is on top (listed here top first).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .board import Board, Obj, Player, read_board, reason_lines, rule_label
from .pagedata import (
    INDEX_COLUMNS,
    Anchors,
    Stat,
    anchors,
    card_stats,
    flipped,
    index_stats,
    listed,
    mapping,
    sort_views,
    state_yaml,
    text,
)

__all__ = ["board_markdown", "md_escape", "render_index_markdown", "render_markdown"]

_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_START = re.compile(r"^(\s*)([-+*#=]+|\d+[.)])(?=\s|$)")


def md_escape(value: Any) -> str:
    """Text safe in Markdown: entities for ``& < >``, a backslash before punctuation."""
    s = text(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _SPECIAL.sub(r"\\\1", s)
    s = " ".join(s.split())
    return _START.sub(lambda m: m.group(1) + "\\" + m.group(2), s)


def _code(value: Any) -> str:
    """An inline code span that holds ``value`` whatever backticks it has."""
    s = text(value).replace("\n", " ")
    run = max((len(m) for m in re.findall(r"`+", s)), default=0)
    fence = "`" * (run + 1)
    pad = " " if s.startswith("`") or s.endswith("`") or not s.strip() else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def _fence(body: str, lang: str = "") -> str:
    run = max((len(m) for m in re.findall(r"`{3,}", body)), default=2)
    fence = "`" * (run + 1)
    return f"{fence}{lang}\n{body.rstrip()}\n{fence}"


def _verdict(answer: Any) -> str:
    if not isinstance(answer, Mapping):
        return "**?**"
    return f"**{md_escape(answer.get('verdict'))}**: {md_escape(answer.get('summary'))}"


def _stats(stats: list[Stat]) -> str:
    rows = ["| | |", "|---|---|"]
    for s in stats:
        note = f" ({md_escape(s.note)})" if s.note else ""
        rows.append(f"| {md_escape(s.label)} | {md_escape(s.value)}{note} |")
    return "\n".join(rows)


def _perm(o: Obj) -> str:
    words = [w for w, on in (("tapped", o.tapped), ("summoning sick", o.sick)) if on]
    words += [c.label for c in o.counters] + list(o.notes)
    shown = md_escape(o.name) + ("" if o.id == o.name else f" \\[{md_escape(o.id)}\\]")
    return shown + (f" ({md_escape(', '.join(words))})" if words else "")


def _player_cells(p: Player) -> list[str]:
    head = [f"**{md_escape(p.name)}**"
            + (" (their turn)" if p.active else "") + (" (priority)" if p.priority else "")]
    pool = " ".join(m.text + (" snow" if m.snow else "")
                    + (f" from {m.source}" if m.source else "") for m in p.pool)
    cells = [f"life {md_escape(p.life)}, library {md_escape(p.library)}",
             md_escape(pool) if pool else "—"]
    for zone in ("battlefield", "hand", "graveyard", "exile"):
        objs = p.zone(zone)
        cells.append("<br>".join(_perm(o) for o in objs) if objs else "—")
    return head + cells


def board_markdown(board: Board) -> str:
    """The board as a compact table (a column a player) and the stack, top first."""
    prio = md_escape(board.priority) if board.priority is not None else \
        "the player asking (not set)"
    lines = [f"Turn {md_escape(board.turn_number)}: **{md_escape(board.active)}**'s turn, "
             f"{md_escape(board.phase)}; priority: {prio}.", ""]
    if board.players:
        cols = [_player_cells(p) for p in board.players]
        labels = ["", "Life, library", "Mana pool", "Battlefield", "Hand", "Graveyard",
                  "Exile"]
        lines.append("| " + " | ".join([labels[0]] + [c[0] for c in cols])
                     + " |")
        lines.append("|---" * (len(cols) + 1) + "|")
        for i in range(1, len(labels)):
            lines.append("| " + " | ".join([labels[i]] + [c[i] for c in cols]) + " |")
        lines.append("")
    if board.stack:
        lines.append("Stack, top first (the top resolves first):")
        lines.append("")
        entries = board.stack_top_first
        for i, s in enumerate(entries):
            mark = "**top** " if i == 0 else "**bottom** " if i == len(entries) - 1 else ""
            rest = [f"controller {s.controller}", *s.details, *(c.label for c in s.counters)]
            lines.append(f"{i + 1}. {mark}{md_escape(s.title)} \\[{md_escape(s.id)}\\] — "
                         f"{md_escape(', '.join(rest))}")
        lines.append("")
    else:
        lines += ["Stack: empty.", ""]
    for title, items in (("Continuous effects", board.effects),
                         ("Activated this turn", board.activated),
                         ("Events, played in order", board.events)):
        if items:
            lines.append(f"{title}: " + "; ".join(f"({i + 1}) {md_escape(e)}"
                                                    for i, e in enumerate(items)) + ".")
            lines.append("")
    return "\n".join(lines).rstrip()


def _case(case: Mapping[str, Any], card: Mapping[str, Any], ci: int, a: Anchors) -> str:
    cid = text(case.get("id"))
    tags = [t for t, on in (("surprising", case.get("surprising") is True),) if on]
    tags += [f"kind: {text(case.get('kind'))}", f"varied: {text(case.get('dimension'))}"]
    rules = listed(case.get("rules"))
    flip = case.get("flip")
    flip_line = (f"{md_escape(flip.get('change'))} → {_verdict(flip.get('answer'))}"
                 if isinstance(flip, Mapping) else "none found")
    out = [f'<a id="{a.cases.get(cid, "")}"></a>', "",
           f"#### {md_escape(case.get('title'))}", "",
           f"{_code(cid)} · {md_escape(' · '.join(tags))}", "",
           f"- Answer: {_verdict(case.get('answer'))}"
           + (" *(answer flips)*" if flipped(case) else "")]
    answer = case.get("answer")
    for rules_cited, why in reason_lines(answer):
        out.append(f"  - {md_escape(rules_cited)}: {md_escape(why)}")
    out.append(f"- Base board: {_verdict(case.get('base_answer'))}")
    out.append("- Rules: " + (", ".join(md_escape(rule_label(text(r))) for r in rules)
                              or "none cited"))
    out.append(f"- Smallest change back: {flip_line}")
    rulings = listed(card.get("rulings"))
    shows = [f"[ruling {i + 1}](#{a.ruling(ci, i)})" for i in case.get("rulings") or []
             if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(rulings)]
    if shows:
        out.append("- Shows: " + ", ".join(shows))
    merged = listed(case.get("merged"))
    if merged:
        out.append("- Same reason, merged here: " + "; ".join(md_escape(m) for m in merged))
    out += ["", "Command (state saved as STATE.yaml):", "",
            _fence(text(case.get("command")), "sh"), "",
            board_markdown(read_board(case.get("state"))), "",
            "<details><summary>State file (YAML)</summary>", "",
            _fence(state_yaml(case), "yaml"), "", "</details>"]
    return "\n".join(out)


def _ruling(r: Mapping[str, Any], ri: int, ci: int, a: Anchors,
            titles: Mapping[str, str]) -> str:
    cases = listed(r.get("cases"))
    if cases:
        links = [f"[{md_escape(titles.get(text(c), text(c)))}](#{a.cases[text(c)]})"
                 if text(c) in a.cases else f"{_code(c)} (not in this report)"
                 for c in cases]
        shown = "Shown by: " + "; ".join(links)
    else:
        kind = text(r.get("reason_kind"))
        shown = "No case shows it" + (f" ({md_escape(kind)})" if kind else "") + \
            f": {md_escape(r.get('reason'))}"
    return (f'{ri + 1}. <a id="{a.ruling(ci, ri)}"></a>**{md_escape(r.get("date"))}** '
            f"{md_escape(r.get('text'))}<br>{shown}")


def _card(card: Mapping[str, Any], ci: int, a: Anchors) -> str:
    name = text(card.get("name"))
    cases = [c for c in card.get("cases") or [] if isinstance(c, Mapping)]
    rulings = [r for r in card.get("rulings") or [] if isinstance(r, Mapping)]
    titles = {text(c.get("id")): text(c.get("title")) for c in cases}
    cost = f" {md_escape(card.get('mana_cost'))}" if card.get("mana_cost") else ""
    out = [f'<a id="{a.cards[ci]}"></a>', "", f"## {md_escape(name)}{cost}", ""]
    if card.get("type_line"):
        out += [f"*{md_escape(card.get('type_line'))}*", ""]
    out += [f"> {md_escape(ln)}" + ("  " if i < len(lines) - 1 else "")
            for lines in [[ln for ln in text(card.get("text")).splitlines() if ln.strip()]]
            for i, ln in enumerate(lines)]
    out += ["", _stats(card_stats(card)), "", f"### Cases ({len(cases)})", ""]
    out += ["\n\n".join(_case(c, card, ci, a) for c in cases) or "No cases.", ""]
    out += [f"### Rulings ({len(rulings)})", ""]
    out += ["\n".join(_ruling(r, i, ci, a, titles) for i, r in enumerate(rulings))
            or "No official rulings.", ""]
    notes = [text(n) for n in card.get("notes") or []]
    if notes:
        out += ["### Notes", ""] + [f"- {md_escape(n)}" for n in notes] + [""]
    return "\n".join(out)


def render_markdown(report: dict[str, Any]) -> str:
    """The report as GitHub-flavoured Markdown.

    Parameters
    ----------
    report
        A report (:data:`.schema.REPORT_SCHEMA`); its order is kept.

    Returns
    -------
    str
        The Markdown text, ending in a newline.
    """
    cards = [c for c in report.get("cards") or [] if isinstance(c, Mapping)]
    a = anchors(report)
    names = ", ".join(md_escape(c.get("name")) for c in cards) or "no cards"
    out = [f"# Edge cases: {names}", "",
           f"manacheck {md_escape(report.get('manacheck_version'))} · Comprehensive Rules "
           f"{md_escape(report.get('cr_version'))}", ""]
    if len(cards) > 1:
        out += [" · ".join(f"[{md_escape(c.get('name'))}](#{a.cards[i]})"
                           for i, c in enumerate(cards)), ""]
    out += [_card(c, i, a) for i, c in enumerate(cards)]
    return "\n".join(out).rstrip() + "\n"


def render_index_markdown(index: dict[str, Any]) -> str:
    """A pool's index as Markdown: the totals, then one table row a card, by name.

    Parameters
    ----------
    index
        The index (see :func:`.render_html.render_index_html`).

    Returns
    -------
    str
        The Markdown text, ending in a newline.
    """
    cards = [c for c in index.get("cards") or [] if isinstance(c, Mapping)]
    totals = mapping(index.get("totals"))
    out = [f"# Edge-case reports: {len(cards)} cards", "",
           f"manacheck {md_escape(index.get('manacheck_version'))} · Comprehensive Rules "
           f"{md_escape(index.get('cr_version'))}", "", "## Totals", "",
           _stats(index_stats(totals or {})), "", "## Cards", "",
           "| " + " | ".join(label for _, label in INDEX_COLUMNS) + " |",
           "|---" + "|--:" * (len(INDEX_COLUMNS) - 1) + "|"]
    for c in sort_views(cards)[0][2]:
        name = md_escape(c.get("name"))
        f = text(c.get("file"))
        link = f"[{name}]({_link(f)})" if f else name
        out.append("| " + " | ".join([link] + [md_escape(c.get(k))
                                              for k, _ in INDEX_COLUMNS[1:]]) + " |")
    return "\n".join(out) + "\n"


def _link(path: str) -> str:
    """A relative link target: spaces and brackets encoded, no scheme (``./`` first)."""
    from urllib.parse import quote

    href = quote(path, safe="/#.-_~%+,")
    return "./" + href if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", path) else href
