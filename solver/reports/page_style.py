"""The one stylesheet of the report pages, inlined in each page (no external files).

It reads on a laptop (a centred column, the board's panels side by side) and on a
375-px phone (one column, panels full width, only code blocks scroll sideways).
"""

from __future__ import annotations

__all__ = ["CSS"]

CSS = """
:root { --ink: #1d2330; --muted: #5b6473; --line: #d9dde5; --bg: #f6f7f9; --card: #fff;
  --accent: #3451b2; --ok: #1a7f37; --bad: #b42318; --warn: #9a6700; --info: #0b6e99; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main { max-width: 1120px; margin: 0 auto; padding: 16px; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: .2em 0; line-height: 1.25; }
h2 { font-size: 1.4rem; margin: 0; line-height: 1.25; }
h3 { font-size: 1.15rem; margin: 1.4em 0 .5em; }
h4 { font-size: 1.05rem; margin: 0 0 .4em; line-height: 1.35; }
a { color: var(--accent); }
p, li, dd, td, th, h1, h2, h4 { overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: .9rem; margin: 0; }
.toc { display: flex; flex-wrap: wrap; gap: 6px 14px; padding: 0; list-style: none; }
section.card-report { background: var(--card); border: 1px solid var(--line);
  border-radius: 12px; padding: 18px; margin: 18px 0; }
.cost { white-space: nowrap; font-size: 1rem; vertical-align: middle; }
.sym { display: inline-block; min-width: 1.45em; height: 1.45em; line-height: 1.45em;
  border-radius: 1em; text-align: center; font-size: .8rem; font-weight: 700;
  background: #d4d4d4; border: 1px solid #0003; margin: 0 1px; padding: 0 .2em; }
.sym-W { background: #f8f4d8; } .sym-U { background: #b3d4f0; }
.sym-B { background: #c9bfc4; } .sym-R { background: #f4b49c; }
.sym-G { background: #a7d4a0; } .sym-C { background: #dadada; }
.typeline { font-style: italic; color: var(--muted); margin: .3em 0; }
.oracle { border-left: 3px solid var(--line); padding: .1em 0 .1em .8em; margin: .6em 0; }
.oracle p { margin: .25em 0; }
.abilities { font-size: .9rem; color: var(--muted); }
.summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 8px; margin: 12px 0; padding: 0; }
.summary div { background: var(--bg); border-radius: 8px; padding: 8px 10px; }
.summary dt { font-size: .78rem; color: var(--muted); text-transform: uppercase;
  letter-spacing: .03em; }
.summary dd { margin: 0; font-size: 1.25rem; font-weight: 650; }
.summary dd small { display: block; font-size: .8rem; font-weight: 400; color: var(--muted); }
article.case { border: 1px solid var(--line); border-radius: 10px; padding: 14px;
  margin: 14px 0; background: #fcfcfd; }
article.case.surprising { border-left: 5px solid var(--warn); }
article.case:target { outline: 3px solid var(--accent); }
.tags { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 8px; padding: 0;
  list-style: none; font-size: .78rem; }
.tags li { border: 1px solid var(--line); border-radius: 99px; padding: 0 8px;
  background: #fff; color: var(--muted); }
.tags li.tag-surprising { background: #fff4d6; border-color: #e9c46a; color: #6b4a00;
  font-weight: 600; }
.answers { display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px;
  margin: 8px 0; }
.answers dt { font-weight: 600; color: var(--muted); }
.answers dd { margin: 0; }
.verdict { display: inline-block; font-weight: 700; border-radius: 5px; padding: 0 7px;
  font-size: .9rem; border: 1px solid; white-space: nowrap; }
.v-legal, .v-payable { color: var(--ok); background: #e7f6ec; }
.v-not-legal, .v-not-payable { color: var(--bad); background: #fdecea; }
.v-produces, .v-resolved { color: var(--info); background: #e5f4fa; }
.v-not-decided { color: var(--warn); background: #fff4d6; }
.flipped { font-size: .8rem; color: var(--warn); font-weight: 600; }
.reasons { margin: 4px 0 8px; padding-left: 1.2em; font-size: .93rem; }
.rule { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem;
  background: #eef1f6; border-radius: 4px; padding: 0 5px; }
.rules { display: flex; flex-wrap: wrap; gap: 5px; align-items: baseline; margin: 6px 0; }
.flip { background: #f1f5ff; border-radius: 8px; padding: 8px 10px; margin: 8px 0; }
pre { background: #0f1720; color: #e6edf3; border-radius: 8px; padding: 10px 12px;
  overflow-x: auto; font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace;
  margin: 6px 0; max-width: 100%; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
details { margin: 8px 0; }
summary { cursor: pointer; color: var(--accent); font-weight: 600; }
figure.board { margin: 10px 0; display: flex; flex-wrap: wrap; gap: 10px;
  align-items: flex-start; }
figure.board svg.panel { flex: 1 1 300px; max-width: 460px; min-width: 0; height: auto; }
figure.board figcaption { flex-basis: 100%; font-size: .85rem; color: var(--muted); }
svg .panel-bg { fill: #fff; stroke: var(--line); }
svg .player-name { font-size: 15px; font-weight: 700; fill: var(--ink); }
svg .stat { font-size: 12px; fill: var(--ink); }
svg .small { font-size: 10.5px; fill: #394150; }
svg .zone { font-size: 11px; font-weight: 700; fill: var(--muted); letter-spacing: .04em; }
svg .card { stroke: #7a8292; stroke-width: 1.2; }
svg .card.sick { stroke-dasharray: 5 3; stroke: #9a6700; stroke-width: 1.6; }
svg .card.subject { stroke: #b8860b; stroke-width: 2.4; }
svg .card.asked { stroke: var(--accent); stroke-width: 3; }
svg .band { fill: #8a94a6; }
svg .perm[data-tapped="true"] .band { fill: #c0392b; }
svg .card-name { font-size: 10.5px; font-weight: 600; fill: #1d2330; }
svg .card-tag { font-size: 8.5px; font-weight: 700; fill: #9a3412; letter-spacing: .05em; }
svg .mini { fill: #f3f4f7; stroke: #9aa3b2; }
svg .mini.subject { stroke: #b8860b; stroke-width: 2; }
svg .mini-name { font-size: 10px; fill: #1d2330; }
svg .badge rect { stroke: #0003; }
svg .badge-plus rect { fill: #c9ecd2; } svg .badge-minus rect { fill: #f8d0cc; }
svg .badge-other rect { fill: #e3dcf5; }
svg .badge-t { font-size: 8.5px; font-weight: 700; fill: #1d2330; }
svg .pill rect { fill: #eef1f6; stroke: #c5ccd8; }
svg .pill-turn rect { fill: #dbe7ff; stroke: #7d98e0; }
svg .pill-prio rect { fill: #fff0c2; stroke: #d9a400; }
svg .pill-top rect { fill: #3451b2; stroke: #3451b2; } svg .pill-top .pill-t { fill: #fff; }
svg .pill-t { font-size: 9px; font-weight: 700; fill: #1d2330; }
svg .mana rect { stroke: #0004; } svg .mana-t { font-size: 10px; font-weight: 700; }
svg .stack-item { fill: #f6f8fc; stroke: #aab4c8; }
svg .stack-item.top { fill: #eef2ff; stroke: #3451b2; stroke-width: 2; }
svg .stack-title { font-size: 12px; font-weight: 650; fill: #1d2330; }
ol.rulings { padding-left: 1.4em; }
ol.rulings li { margin: 0 0 12px; }
ol.rulings li:target { outline: 3px solid var(--accent); }
.ruling-date { font-weight: 600; color: var(--muted); font-size: .9rem; }
.ruling-text { margin: .15em 0; }
.ruling-cases, .no-case { font-size: .9rem; margin: 0; }
.no-case { color: var(--warn); }
.notes { color: var(--muted); font-size: .92rem; }
table.pool { border-collapse: collapse; width: 100%; background: #fff; font-size: .95rem; }
table.pool th, table.pool td { border-bottom: 1px solid var(--line); padding: 6px 8px;
  text-align: right; }
table.pool th:first-child, table.pool td:first-child { text-align: left; }
table.pool thead th a { text-decoration: none; color: var(--ink); white-space: nowrap; }
table.pool thead th a::after { content: " \\2195"; color: var(--muted); }
table.pool thead th[aria-sort] a::after { content: " \\25BE"; color: var(--accent); }
table.pool tbody th { font-weight: 600; }
table.pool tbody tr:nth-child(even) { background: #f8f9fb; }
.table-wrap { overflow-x: auto; }
.view { display: none; } .view-default { display: block; }
.view:target { display: block; } .view:target ~ .view-default { display: none; }
@media (max-width: 600px) {
  main { padding: 10px; }
  section.card-report { padding: 12px; border-radius: 10px; }
  article.case { padding: 10px; }
  .answers { grid-template-columns: 1fr; }
  .answers dt { margin-top: 4px; }
  figure.board svg.panel { max-width: none; flex-basis: 100%; }
  table.pool { font-size: .85rem; }
  table.pool thead th a { white-space: normal; }
  table.pool th, table.pool td { padding: 5px 4px; }
}
"""
