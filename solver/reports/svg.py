"""A case's board as inline SVG: one panel for the turn and the stack, one per player.

Each panel is an ``<svg>`` with a ``viewBox`` and ``width="100%"``, so the page lays the
panels side by side on a laptop and one under another on a phone, each scaled to fit.
Permanents are card rectangles with their name; a tapped one is turned 90° (the card's
group carries ``data-tapped="true"`` and ``rotate(90)``; its words stay upright), its
counters are badges, a summoning-sick one is dashed and marked. The stack is drawn top
first, the top marked ``TOP``. Every string is escaped: names come from a report file.

Rules
-----
CR 405.1: the stack's last entry is on top. CR 701.21a: a tapped permanent is turned
sideways. CR 122.1: counters. CR 302.6: summoning sickness. CR 117.1b: priority.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .board import Board, Counter, Mana, Obj, Player, StackEntry

__all__ = ["board_svgs", "wrap"]

PANEL_W = 350
PAD = 10
SLOT_W, SLOT_H = 110, 112
CARD_W, CARD_H = 78, 104
MINI_W, MINI_H, MINI_SLOT_H = 104, 32, 38
PER_ROW = 3
CHAR = 0.6  # average glyph width, in font sizes (a sans-serif estimate)

_LAND_FILL = {"Plains": "#f7f1d4", "Island": "#d8e7f6", "Swamp": "#e0d6dd",
              "Mountain": "#f6dacd", "Forest": "#d7ead2", "Wastes": "#e8e8e8"}
_MANA_FILL = {"W": "#f8f4d8", "U": "#b3d4f0", "B": "#c9bfc4", "R": "#f4b49c",
              "G": "#a7d4a0", "C": "#dadada", "S": "#e4f1f7"}


def _a(value: str) -> str:
    return escape(value, quote=True)


def wrap(text: str, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` characters (``…`` if cut)."""
    width = max(width, 4)
    out: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        last = out[-1]
        out[-1] = (last[: width - 1] if len(last) >= width else last) + "…"
    return out or [""]


def _chars(px: float, size: float) -> int:
    return int(px / (size * CHAR))


def _text(x: float, y: float, s: str, cls: str, anchor: str = "start") -> str:
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:g}" y="{y:g}" class="{cls}"{a}>{escape(s)}</text>'


def _pill(x: float, y: float, s: str, cls: str) -> tuple[str, float]:
    """A rounded tag at (x, y) top-left; returns it and its width."""
    w = len(s) * 9 * 0.7 + 10  # bold capitals are wide
    return (f'<g class="{cls}"><rect x="{x:g}" y="{y:g}" width="{w:g}" height="15" rx="7"/>'
            f'{_text(x + w / 2, y + 11, s, "pill-t", "middle")}</g>'), w


def _badge(x: float, y: float, w: float, c: Counter) -> str:
    """A counter badge, its top-left at (x, y) in the card's upright frame."""
    kind = "plus" if c.kind.startswith("+") else "minus" if c.kind.startswith("-") else "other"
    label = wrap(c.label if c.n else c.kind, int((w - 4) / (8.5 * 0.55)), 1)[0]
    data = f' data-counter="{_a(c.kind)}" data-count="{c.n}"' if c.n else ""
    return (f'<g class="badge badge-{kind}"{data}>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="13" rx="6"/>'
            f'{_text(x + w / 2, y + 10, label, "badge-t", "middle")}</g>')


def _badges(counters: Sequence[Counter], fw: float, fh: float, rows: int) -> list[str]:
    """Counter badges at the bottom of a card of footprint ``fw`` × ``fh``: one column,
    or two when they don't fit in ``rows`` rows; the last says how many more."""
    cols = 1 if len(counters) <= rows else 2
    cap = rows * cols
    shown = list(counters) if len(counters) <= cap else list(counters[: cap - 1])
    if len(counters) > cap:
        shown.append(Counter(f"{len(counters) - cap + 1} more", 0))  # n 0: not a counter
    used = (len(shown) + cols - 1) // cols
    w = (fw - 8 - 3 * (cols - 1)) / cols
    out = []
    for i, c in enumerate(shown):
        x = -fw / 2 + 4 + (i % cols) * (w + 3)
        y = fh / 2 - 4 - (used - i // cols) * 15 + 2
        out.append(_badge(x, y, w, c))
    return out


def _perm(obj: Obj, cx: float, cy: float, subject: str, asked: str | None) -> str:
    """A permanent centred at (cx, cy): turned 90° when tapped."""
    fw, fh = (CARD_H, CARD_W) if obj.tapped else (CARD_W, CARD_H)
    tags = [t for t, on in (("TAPPED", obj.tapped), ("SICK", obj.sick),
                            ("TOKEN", obj.token)) if on]
    rows = 2 if obj.tapped else 3
    n_rows = min(rows, len(obj.counters)) if len(obj.counters) <= rows else \
        min(rows, (len(obj.counters) + 1) // 2)
    free = fh - 12 - n_rows * 15 - (12 if tags else 0)
    name_lines = wrap(obj.name, _chars(fw - 8, 10.5), max(1, int(free // 12)))
    label: list[str] = []
    y = -fh / 2 + 15
    for line in name_lines:
        label.append(_text(0, y, line, "card-name", "middle"))
        y += 12
    if tags:
        label.append(_text(0, y, " · ".join(tags), "card-tag", "middle"))
    label.extend(_badges(obj.counters, fw, fh, rows))
    words = ["tapped" if obj.tapped else "untapped", *(["summoning sick"] if obj.sick else []),
             *(c.label for c in obj.counters), *obj.notes]
    fill = _LAND_FILL.get(obj.name, "#fffdf6")
    frame = "card" + (" sick" if obj.sick else "") + (" subject" if obj.name == subject else "") \
        + (" asked" if asked is not None and obj.id == asked else "")
    attrs = (f'class="perm" data-object-id="{_a(obj.id)}" data-card="{_a(obj.name)}" '
             f'data-tapped="{"true" if obj.tapped else "false"}"'
             + (' data-sick="true"' if obj.sick else "")
             + (' data-asked="true"' if asked is not None and obj.id == asked else ""))
    rotate = " rotate(90)" if obj.tapped else ""
    body = "".join(label)
    if obj.tapped:
        body = f'<g transform="rotate(-90)">{body}</g>'
    return (f'<g {attrs} transform="translate({cx:g} {cy:g}){rotate}">'
            f'<title>{escape(obj.name)} [{escape(obj.id)}]: {escape(", ".join(words))}</title>'
            f'<rect class="{frame}" x="{-CARD_W / 2:g}" y="{-CARD_H / 2:g}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="6" fill="{fill}"/>'
            f'<rect class="band" x="{-CARD_W / 2 + 3:g}" y="{-CARD_H / 2 + 3:g}" '
            f'width="{CARD_W - 6}" height="4" rx="2"/>{body}</g>')


def _mini(obj: Obj, x: float, y: float, subject: str) -> str:
    lines = wrap(obj.name, _chars(MINI_W - 8, 10), 2)
    ty = y + (13 if len(lines) == 2 else 20)
    words = "".join(_text(x + MINI_W / 2, ty + 12 * i, s, "mini-name", "middle")
                    for i, s in enumerate(lines))
    cls = "mini" + (" subject" if obj.name == subject else "")
    return (f'<g class="zcard" data-object-id="{_a(obj.id)}" data-card="{_a(obj.name)}" '
            f'data-zone="{obj.zone}"><title>{escape(obj.name)} [{escape(obj.id)}]</title>'
            f'<rect class="{cls}" x="{x:g}" y="{y:g}" width="{MINI_W}" height="{MINI_H}" '
            f'rx="4"/>{words}</g>')


def _mana(pool: Sequence[Mana], x: float, y: float) -> tuple[str, float]:
    """The mana pool as coloured symbols from (x, y); returns it and the height used."""
    parts: list[str] = []
    cx, cy = x, y
    for m in pool:
        syms = m.symbols or (wrap(m.text, _chars(PANEL_W - 2 * PAD - 70, 10), 1)[0],)
        for s in syms:
            w = max(18.0, len(s) * 10 * CHAR + 8)
            if cx + w > PANEL_W - PAD:
                cx, cy = x, cy + 22
            fill = _MANA_FILL.get(s, "#cfcfcf" if s.isdigit() else "#e6dcf2")
            parts.append(f'<g class="mana" data-mana="{_a(s)}"><rect x="{cx:g}" y="{cy:g}" '
                         f'width="{w:g}" height="18" rx="9" fill="{fill}"/>'
                         f'{_text(cx + w / 2, cy + 13, s, "mana-t", "middle")}</g>')
            cx += w + 4
        extra = [w for w, on in (("snow", m.snow), (f"from {m.source}", m.source)) if on]
        if extra:
            note = "(" + ", ".join(extra) + ")"
            if cx + len(note) * 10 * CHAR > PANEL_W - PAD:
                cx, cy = x, cy + 22
            parts.append(_text(cx, cy + 13, note, "small"))
            cx += len(note) * 10 * CHAR + 6
    return "".join(parts), cy - y + 22


def _player(p: Player, subject: str, asked: str | None) -> str:
    name = wrap(p.name, _chars(PANEL_W - 2 * PAD - 150, 15), 1)[0]
    parts: list[str] = [_text(PAD, 24, name, "player-name")]
    x = PAD + len(name) * 15 * 0.62 + 10
    for tag, on, cls in (("their turn", p.active, "pill pill-turn"),
                         ("priority", p.priority, "pill pill-prio")):
        if on:
            pill, w = _pill(x, 12, tag, cls)
            parts.append(pill)
            x += w + 6
    stat = f"Life {p.life}   ·   Library {p.library} cards"
    parts.append(_text(PAD, 46, wrap(stat, _chars(PANEL_W - 2 * PAD, 12), 1)[0], "stat"))
    y = 56.0
    if p.pool:
        parts.append(_text(PAD, y + 13, "Mana pool", "small"))
        mana, h = _mana(p.pool, PAD + 62, y)
        parts.append(mana)
        y += h + 2
    for zone, objs in p.zones:
        if zone != "battlefield" and not objs:
            continue
        y += 8
        head = f"{zone.capitalize()} · {len(objs)}" if objs else f"{zone.capitalize()}: empty"
        parts.append(_text(PAD, y + 10, head, "zone"))
        y += 16
        for start in range(0, len(objs), PER_ROW):
            row = objs[start:start + PER_ROW]
            if zone == "battlefield":
                # A row of tapped permanents only is as tall as a card is wide.
                h = SLOT_H if any(not o.tapped for o in row) else CARD_W + 8
                for col, obj in enumerate(row):
                    parts.append(_perm(obj, PAD + col * SLOT_W + SLOT_W / 2, y + h / 2,
                                       subject, asked))
            else:
                h = MINI_SLOT_H
                for col, obj in enumerate(row):
                    parts.append(_mini(obj, PAD + col * SLOT_W + 3, y + 3, subject))
            y += h
    height = y + PAD
    return _svg(height, f"{p.name}'s side", "player",
                f' data-player="{_a(p.name)}"', "".join(parts))


def _svg(height: float, label: str, kind: str, attrs: str, body: str) -> str:
    return (f'<svg class="panel panel-{kind}" data-panel="{kind}"{attrs} '
            'xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {PANEL_W} {height:g}" width="100%" role="img" '
            f'aria-label="{_a(label)}" font-family="system-ui, sans-serif">'
            f'<rect class="panel-bg" x="0.5" y="0.5" width="{PANEL_W - 1}" '
            f'height="{height - 1:g}" rx="8"/>{body}</svg>')


def _stack_item(s: StackEntry, y: float, top: bool, bottom: bool) -> tuple[str, float]:
    width = PANEL_W - 2 * PAD
    tx = PAD + 62
    chars = _chars(width - 66, 10.5)
    lines = wrap(s.title, _chars(width - 66, 12), 2)
    more = wrap(" · ".join((f"controller {s.controller}", *s.details,
                            *(c.label for c in s.counters))), chars, 3)
    h = 10 + 15 * len(lines) + 13 * len(more)
    marker = "TOP" if top else "BOTTOM" if bottom else f"#{s.position}"
    body = [f'<rect class="stack-item{" top" if top else ""}" x="{PAD}" y="{y:g}" '
            f'width="{width}" height="{h:g}" rx="6"/>',
            _pill(PAD + 6, y + 7, marker, "pill pill-top" if top else "pill pill-pos")[0]]
    ty = y + 18
    for line in lines:
        body.append(_text(tx, ty, line, "stack-title"))
        ty += 15
    for line in more:
        body.append(_text(tx, ty - 2, line, "small"))
        ty += 13
    attrs = (f'class="stack-entry" data-stack-id="{_a(s.id)}" data-stack-position="{s.position}" '
             f'data-stack-kind="{s.kind}"' + (' data-stack-top="true"' if top else ""))
    return (f'<g {attrs}><title>{escape(s.title)} [{escape(s.id)}], position {s.position} '
            f'from the bottom</title>{"".join(body)}</g>'), h + 6


def _lines(title: str, items: Sequence[str], y: float, numbered: bool) -> tuple[str, float]:
    parts = [_text(PAD, y + 10, title, "zone")]
    y += 16
    for i, item in enumerate(items):
        prefix = f"{i + 1}. " if numbered else "• "
        for j, line in enumerate(wrap(prefix + item, _chars(PANEL_W - 2 * PAD, 11), 3)):
            parts.append(_text(PAD + (14 if j else 0), y + 11, line, "small"))
            y += 14
    return "".join(parts), y


def _game(board: Board) -> str:
    turn = f"Turn {board.turn_number}: {board.active}'s turn"
    prio = board.priority if board.priority is not None else "the player asking (not set)"
    parts = [_text(PAD, 24, wrap(turn, _chars(PANEL_W - 2 * PAD, 15), 1)[0], "player-name"),
             _text(PAD, 44, f"Phase: {board.phase}", "stat"),
             _text(PAD, 62, wrap(f"Priority: {prio}", _chars(PANEL_W - 2 * PAD, 12), 1)[0],
                   "stat")]
    y = 76.0
    if board.stack:
        parts.append(_text(PAD, y + 10, f"Stack · {len(board.stack)} (top resolves first)",
                           "zone"))
        y += 18
        entries = board.stack_top_first
        for i, s in enumerate(entries):
            item, h = _stack_item(s, y, i == 0, i == len(entries) - 1 and i > 0)
            parts.append(item)
            y += h
    else:
        parts.append(_text(PAD, y + 10, "Stack: empty", "zone"))
        y += 18
    for title, items, numbered in (("Continuous effects", board.effects, False),
                                   ("Activated this turn", board.activated, False),
                                   ("Events, played in order", board.events, True)):
        if items:
            block, y = _lines(title, items, y + 6, numbered)
            parts.append(block)
    return _svg(y + PAD, "the turn and the stack", "game", "", "".join(parts))


def board_svgs(board: Board, *, subject: str = "", asked: str | None = None) -> list[str]:
    """The board's panels: the turn and stack first, then each player in turn order.

    Parameters
    ----------
    board
        The board (:func:`.board.read_board`).
    subject
        The report's card: its objects are outlined.
    asked
        The id of the object the question is about, outlined too.
    """
    return [_game(board), *(_player(p, subject, asked) for p in board.players)]
