"""A report as one self-contained HTML page, and a pool's index page.

The page needs nothing else: the stylesheet is inline (:mod:`.page_style`), boards are
inline SVG (:mod:`.svg`), there is no script, font or image to load. Per card: name,
mana cost, type line, rules text, a summary, the cases in the report's order (the
generator puts surprising ones first), each with its answer against the base board's,
the rules, the flip, the command, the board and the state YAML; then the rulings, each
linked to the cases that show it or with the reason none does.

Every string from the report is escaped (:func:`html.escape`). Anchors are stable: a
case's element has ``id="case-<slug of its id>"`` and ``data-case-id`` (its exact id), a
ruling's has ``id="ruling-<card slug>-<n>"`` and ``data-ruling-index`` (its index in the
card's rulings, from 0).

Rules
-----
The answers' rules are the report's (CR numbers as the generator cites them); the
board follows CR 405.1 (the stack's last entry on top) and CR 701.21a (tapped is
turned sideways).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any
from urllib.parse import quote

from .board import mana_symbols, read_board, reason_lines, rule_label, slug
from .page_style import CSS
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
from .svg import board_svgs

__all__ = ["render_html", "render_index_html"]


def _e(value: Any) -> str:
    return escape(text(value), quote=True)


def _page(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"manacheck\">\n"
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<main>\n{body}\n</main>\n</body>\n</html>\n")


def _cost(cost: Any) -> str:
    """A mana cost as symbols (``{2}{G}``), or its text if it isn't symbols."""
    syms = mana_symbols(text(cost))
    if not syms:
        return f'<span class="cost">{_e(cost)}</span>'
    parts = "".join(f'<span class="sym sym-{_e(s) if s in "WUBRGC" else "x"}" '
                    f'title="{{{_e(s)}}}">{_e(s)}</span>' for s in syms)
    return f'<span class="cost" aria-label="mana cost {_e(cost)}">{parts}</span>'


def _paras(value: Any, cls: str) -> str:
    lines = [ln for ln in text(value).splitlines() if ln.strip()]
    if not lines:
        return ""
    return f'<div class="{cls}">' + "".join(f"<p>{_e(ln)}</p>" for ln in lines) + "</div>"


def _verdict(answer: Any) -> str:
    v = text(answer.get("verdict")) if isinstance(answer, Mapping) else ""
    return f'<span class="verdict v-{slug(v)}">{_e(v or "?")}</span>'


def _answer(answer: Any) -> str:
    if not isinstance(answer, Mapping):
        return _verdict(answer)
    return f"{_verdict(answer)} {_e(answer.get('summary'))}"


def _reasons(answer: Any) -> str:
    items = [f'<li><span class="rule">{_e(rules)}</span> {_e(why)}</li>'
             for rules, why in reason_lines(answer)]
    return f'<ul class="reasons">{"".join(items)}</ul>' if items else ""


def _facts(answer: Any) -> str:
    if not isinstance(answer, Mapping) or not answer.get("facts"):
        return ""
    dumped = json.dumps(answer["facts"], indent=2, ensure_ascii=False, sort_keys=True,
                        default=str)
    return (f"<details class=\"facts\"><summary>Facts of the answer</summary>"
            f"<pre><code>{escape(dumped)}</code></pre></details>")


def _stats(stats: list[Stat]) -> str:
    items = "".join(f"<div><dt>{_e(s.label)}</dt><dd>{_e(s.value)}"
                    + (f"<small>{_e(s.note)}</small>" if s.note else "") + "</dd></div>"
                    for s in stats)
    return f'<dl class="summary">{items}</dl>'


def _tags(case: Mapping[str, Any]) -> str:
    tags = []
    if case.get("surprising") is True:
        tags.append('<li class="tag-surprising">surprising</li>')
    tags.append(f'<li>kind: {_e(case.get("kind"))}</li>')
    tags.append(f'<li>varied: {_e(case.get("dimension"))}</li>')
    q = case.get("question")
    if isinstance(q, Mapping) and q.get("command"):
        tags.append(f'<li>question: {_e(q.get("command"))}</li>')
    return f'<ul class="tags">{"".join(tags)}</ul>'


def _case_rulings(case: Mapping[str, Any], card: Mapping[str, Any], ci: int,
                  a: Anchors) -> str:
    rulings = listed(card.get("rulings"))
    links = []
    for i in case.get("rulings") or []:
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(rulings):
            r = rulings[i]
            date = text(r.get("date")) if isinstance(r, Mapping) else ""
            links.append(f'<a href="#{a.ruling(ci, i)}">ruling {i + 1}'
                         + (f" ({_e(date)})" if date else "") + "</a>")
        else:
            links.append(f"ruling {_e(i)} (not in this report)")
    if not links:
        return ""
    return f'<p class="shows">Shows {", ".join(links)}.</p>'


def _case(case: Mapping[str, Any], card: Mapping[str, Any], ci: int, a: Anchors) -> str:
    cid = text(case.get("id"))
    anchor = a.cases.get(cid, "case-" + slug(cid))
    q = mapping(case.get("question"))
    asked = text(q.get("object")) if isinstance(q, Mapping) and q.get("object") else None
    answer, base = case.get("answer"), case.get("base_answer")
    rules = listed(case.get("rules"))
    rules_html = "".join(f'<span class="rule">{_e(rule_label(text(r)))}</span>'
                         for r in rules)
    flip = case.get("flip")
    if isinstance(flip, Mapping):
        flip_html = (f'<div class="flip"><strong>Smallest change back:</strong> '
                     f'{_e(flip.get("change"))} → {_answer(flip.get("answer"))}</div>')
    else:
        flip_html = ('<div class="flip"><strong>Smallest change back:</strong> '
                     "none found</div>")
    board = read_board(case.get("state"))
    panels = "".join(board_svgs(board, subject=text(card.get("name")), asked=asked))
    merged = listed(case.get("merged"))
    merged_html = ("<p class=\"merged\">Same reason, merged here: "
                   + "; ".join(_e(m) for m in merged) + "</p>") if merged else ""
    flip_word = ' <span class="flipped">answer flips</span>' if flipped(case) else ""
    cls = "case surprising" if case.get("surprising") is True else "case"
    return (f'<article class="{cls}" id="{anchor}" data-case-id="{_e(cid)}">\n'
            f'<h4><a href="#{anchor}">{_e(case.get("title"))}</a></h4>\n{_tags(case)}\n'
            f'<dl class="answers"><dt>Answer</dt><dd>{_answer(answer)}{flip_word}</dd>'
            f'<dt>Base board</dt><dd>{_answer(base)}</dd></dl>\n'
            f'{_reasons(answer)}{_facts(answer)}\n'
            f'<div class="rules"><strong>Rules:</strong> {rules_html or "none cited"}</div>\n'
            f'{flip_html}\n<div class="command"><strong>Command</strong> (state saved as '
            f'STATE.yaml):<pre><code>{_e(case.get("command"))}</code></pre></div>\n'
            f'<figure class="board" aria-label="the board">{panels}'
            f'<figcaption>Case id <code>{_e(cid)}</code>. Tapped permanents are turned '
            f'sideways; dashed: summoning sick; gold outline: {_e(card.get("name"))}; '
            f'blue outline: the object asked about.</figcaption></figure>\n'
            f'<details class="state"><summary>State file (YAML)</summary>'
            f'<pre><code>{escape(state_yaml(case))}</code></pre></details>\n'
            f'{_case_rulings(case, card, ci, a)}{merged_html}\n</article>')


def _ruling(r: Mapping[str, Any], ri: int, ci: int, a: Anchors,
            titles: Mapping[str, str]) -> str:
    cases = listed(r.get("cases"))
    if cases:
        links = []
        for cid in cases:
            c = text(cid)
            if c in a.cases:
                links.append(f'<a href="#{a.cases[c]}">{_e(titles.get(c, c))}</a>')
            else:
                links.append(f"<code>{_e(c)}</code> (not in this report)")
        shown = f'<p class="ruling-cases">Shown by: {"; ".join(links)}</p>'
    else:
        kind = text(r.get("reason_kind"))
        shown = ('<p class="no-case">No case shows it'
                 + (f" ({_e(kind)})" if kind else "") + f": {_e(r.get('reason'))}</p>")
    return (f'<li id="{a.ruling(ci, ri)}" data-ruling-index="{ri}">'
            f'<span class="ruling-date">{_e(r.get("date"))}</span>'
            f'<p class="ruling-text">{_e(r.get("text"))}</p>{shown}</li>')


def _card(card: Mapping[str, Any], ci: int, a: Anchors) -> str:
    name = text(card.get("name"))
    cases = [c for c in card.get("cases") or [] if isinstance(c, Mapping)]
    rulings = [r for r in card.get("rulings") or [] if isinstance(r, Mapping)]
    titles = {text(c.get("id")): text(c.get("title")) for c in cases}
    cost = card.get("mana_cost")
    head = (f'<h2>{_e(name)} {_cost(cost) if cost else ""}</h2>\n'
            + (f'<p class="typeline">{_e(card.get("type_line"))}</p>\n'
               if card.get("type_line") else "")
            + _paras(card.get("text"), "oracle"))
    abilities = [ab for ab in card.get("abilities") or [] if isinstance(ab, Mapping)]
    if abilities:
        items = "".join(f"<li value=\"{_e(ab.get('index'))}\">{_e(ab.get('text'))}</li>"
                        if isinstance(ab.get("index"), int) else f"<li>{_e(ab.get('text'))}</li>"
                        for ab in abilities)
        head += (f'<details class="abilities"><summary>Abilities as numbered in commands '
                 f'(<code>--ability N</code>)</summary><ol>{items}</ol></details>')
    notes = [text(n) for n in card.get("notes") or []]
    notes_html = ("<h3>Notes</h3><ul class=\"notes\">"
                  + "".join(f"<li>{_e(n)}</li>" for n in notes) + "</ul>") if notes else ""
    case_html = "\n".join(_case(c, card, ci, a) for c in cases) or "<p>No cases.</p>"
    ruling_html = "\n".join(_ruling(r, i, ci, a, titles) for i, r in enumerate(rulings))
    ruling_html = f'<ol class="rulings">{ruling_html}</ol>' if rulings else \
        "<p>No official rulings.</p>"
    return (f'<section class="card-report" id="{a.cards[ci]}" data-card-name="{_e(name)}">\n'
            f"{head}\n{_stats(card_stats(card))}\n<h3>Cases ({len(cases)})</h3>\n"
            f"{case_html}\n<h3>Rulings ({len(rulings)})</h3>\n{ruling_html}\n{notes_html}\n"
            "</section>")


def _versions(data: Mapping[str, Any]) -> str:
    return (f'<p class="meta">manacheck {_e(data.get("manacheck_version"))} · '
            f'Comprehensive Rules {_e(data.get("cr_version"))}</p>')


def render_html(report: dict[str, Any]) -> str:
    """The report as one self-contained HTML page.

    Parameters
    ----------
    report
        A report (:data:`.schema.REPORT_SCHEMA`); its strings are escaped, its order kept.

    Returns
    -------
    str
        The page: inline CSS and SVG, no script, nothing to load.
    """
    cards = [c for c in report.get("cards") or [] if isinstance(c, Mapping)]
    a = anchors(report)
    subject = mapping(report.get("subject"))
    names = [text(c.get("name")) for c in cards]
    if isinstance(subject, Mapping) and subject.get("kind") == "state" and subject.get("file"):
        what = f"the objects of {text(subject.get('file'))}"
    else:
        what = ", ".join(names) or "no cards"
    toc = ""
    if len(cards) > 1:
        toc = '<ul class="toc">' + "".join(
            f'<li><a href="#{a.cards[i]}">{_e(n)}</a></li>' for i, n in enumerate(names)) + \
            "</ul>"
    totals = mapping(report.get("totals"))
    body = (f"<header><h1>Edge cases: {_e(what)}</h1>{_versions(report)}"
            f"{_stats(index_stats(totals)) if len(cards) > 1 and totals else ''}"
            f"{toc}</header>\n"
            + "\n".join(_card(c, i, a) for i, c in enumerate(cards)))
    return _page(f"manacheck edge cases: {what}", body)


def _href(path: str) -> str:
    """A relative link to ``path``; anything that could be a scheme gets ``./``."""
    href = quote(path, safe="/#?&=.-_~%+,")
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", path) or path.startswith("//"):
        href = "./" + quote(path, safe="/.-_~%+,")
    return escape(href, quote=True)


def _index_table(view: str, key: str, rows: list[Mapping[str, Any]], default: bool) -> str:
    heads = []
    for k, label in INDEX_COLUMNS:
        target = "by-" + k.replace("_", "-")
        sort = ' aria-sort="ascending"' if k == key and k == "name" else \
            ' aria-sort="descending"' if k == key else ""
        heads.append(f'<th scope="col"{sort}><a href="#{target}">{escape(label)}</a></th>')
    body = []
    for c in rows:
        name = _e(c.get("name"))
        link = f'<a href="{_href(text(c.get("file")))}">{name}</a>' if c.get("file") else name
        cells = "".join(f"<td>{_e(c.get(k))}</td>" for k, _ in INDEX_COLUMNS[1:])
        body.append(f'<tr data-card-name="{name}"><th scope="row">{link}</th>{cells}</tr>')
    cls = "view view-default" if default else "view"
    return (f'<div class="{cls} table-wrap" id="{view}"><table class="pool">'
            f'<thead><tr>{"".join(heads)}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def render_index_html(index: dict[str, Any]) -> str:
    """A pool's index page: one row a card (linked to its page) and the totals.

    The table sorts without a script: each column heading links to the same table in
    that column's order (CSS ``:target``), by name when nothing is chosen.

    Parameters
    ----------
    index
        ``{"format": "manacheck-report-index", "version": 1, "manacheck_version",
        "cr_version", "cards": [{"name", "file", "cases", "rulings", "rulings_matched",
        "undecided"}], "totals": {...}}`` (totals as in a report).

    Returns
    -------
    str
        The page, self-contained.
    """
    cards = [c for c in index.get("cards") or [] if isinstance(c, Mapping)]
    totals = mapping(index.get("totals"))
    views = sort_views(cards)
    # The default view (by name) goes last, so ':target ~' can hide it.
    tables = [_index_table(v, k, rows, False) for v, k, rows in views[1:]]
    tables.append(_index_table(*views[0], True))
    body = (f"<header><h1>Edge-case reports: {len(cards)} cards</h1>{_versions(index)}"
            f"</header>\n<h3>Totals</h3>{_stats(index_stats(totals or {}))}\n"
            f"<h3>Cards</h3><p class=\"meta\">Choose a column heading to sort by it.</p>"
            + "\n".join(tables))
    return _page("manacheck edge-case reports", body)
