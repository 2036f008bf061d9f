// manacheck serve: the judges' page. The board is state-file data (the CLI's format);
// the server loads it and answers every question with the CLI's own code. Nothing here
// decides a rule: this file only edits the board and shows the server's answers.
"use strict";

const CONFIG = JSON.parse(document.getElementById("config").textContent);
const ZONES = [["battlefield", "Battlefield"], ["hand", "Hand"], ["graveyard", "Graveyard"],
  ["exile", "Exile"]];
const COLORS = [["", "(none)"], ["W", "white"], ["U", "blue"], ["B", "black"], ["R", "red"],
  ["G", "green"]];
const $ = (id) => document.getElementById(id);

let board = freshBoard();
let ids = { players: {}, stack: [] };   // the ids the loader gives, from the server
let refreshTimer = null;
let uid = 0;
const openDetails = new Set();   // the permanents whose details are open, kept on redraws

function freshBoard() {
  return { turn: { active_player: "Alice", phase: "precombat_main" },
    players: { Alice: { life: 20, battlefield: [], hand: [] },
      Bob: { life: 20, battlefield: [], hand: [] } } };
}

// -- talking to the server ------------------------------------------------------------

// (window.__pending and window.__dirty let a test wait until the page has settled)
window.__pending = 0;
window.__dirty = false;

async function post(path, body) {
  window.__pending++;
  try {
    const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok && !data.error) data.error = `the server answered ${r.status}`;
    return data;
  } catch (e) {
    return { error: `the server can't be reached (${e.message}); the board is kept here: ` +
      "start 'manacheck serve' again and reload" };
  } finally { window.__pending--; }
}

async function get(path) {
  window.__pending++;
  try { return await (await fetch(path)).json(); } catch (e) { return { error: e.message }; }
  finally { window.__pending--; }
}

// -- small builders -------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "value") e.value = v;
    else if (k === "checked") e.checked = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function field(labelText, control) { return el("label", {}, labelText, control); }

function select(id, options, value, onchange) {
  const s = el("select", { id, onchange });
  for (const [v, t] of options) s.append(el("option", { value: v, text: t }));
  s.value = value === undefined || value === null ? "" : String(value);
  return s;
}

function say(text) { $("notice").textContent = text; }

// -- entries: a name, or a mapping with "card" ----------------------------------------

function entryName(e) { return typeof e === "string" ? e : (e && (e.card || e.ability_of)) || "?"; }
function asObject(list, i) {
  if (typeof list[i] !== "object" || list[i] === null) list[i] = { card: String(list[i]) };
  return list[i];
}
function setKey(list, i, key, value) {
  const o = asObject(list, i);
  if (value === undefined || value === null || value === "" || value === false ||
      (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length)) {
    delete o[key];
  } else o[key] = value;
  if (Object.keys(o).length === 1 && "card" in o) list[i] = o.card;
  changed();
}

function counterText(c) {
  return c ? Object.entries(c).map(([k, v]) => `${k}: ${v}`).join(", ") : "";
}
function parseCounters(text) {
  const out = {};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = part.match(/^(.+?)\s*[:=]\s*(-?\d+)$/) || part.match(/^(-?\d+)\s+(.+)$/);
    if (!m) return null;
    const [kind, n] = /^-?\d+$/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
    out[kind.trim()] = Number(n);
  }
  return out;
}

function playerNames() { return Object.keys(board.players || {}); }
function playerOptions(blank) {
  const o = playerNames().map((p) => [p, p]);
  return blank ? [["", blank], ...o] : o;
}
function permanentIds() {
  const out = [];
  for (const p of playerNames()) for (const id of (ids.players[p] || {}).battlefield || []) out.push(id);
  return out;
}
function idOf(player, zone, i) {
  const z = (ids.players[player] || {})[zone] || [];
  return z[i] !== undefined ? z[i] : entryName(board.players[player][zone][i]);
}

// -- the card-name combobox (ARIA 1.2 combobox with a listbox popup) ---------------------

function combo(label, onPick, button) {
  const n = ++uid, listId = `combo-list-${n}`, inputId = `combo-${n}`;
  const input = el("input", { id: inputId, type: "text", role: "combobox", autocomplete: "off",
    spellcheck: "false", "aria-autocomplete": "list", "aria-expanded": "false",
    "aria-controls": listId });
  const list = el("ul", { id: listId, role: "listbox", "aria-label": `${label}: names`, hidden: true });
  const msg = el("div", { class: "message", "aria-live": "polite" });
  let options = [], active = -1, timer = null, seq = 0;

  function close() { list.hidden = true; input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant"); active = -1; }
  function mark(i) {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute("aria-selected", j === i ? "true" : "false"));
    if (i >= 0) { input.setAttribute("aria-activedescendant", list.children[i].id);
      list.children[i].scrollIntoView({ block: "nearest" }); }
  }
  function show(names) {
    options = names; list.replaceChildren();
    names.forEach((name, i) => list.append(el("li", { id: `${listId}-${i}`, role: "option",
      "aria-selected": "false", text: name,
      onmousedown: (ev) => { ev.preventDefault(); input.value = name; close(); pick(); } })));
    if (names.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); }
    else close();
  }
  async function pick() {
    const name = input.value.trim();
    if (!name) { msg.textContent = "Type a card name first."; msg.className = "message bad"; return; }
    const card = await get(`/api/card?name=${encodeURIComponent(name)}`);
    if (!card.known) {
      msg.className = "message bad";
      msg.replaceChildren(`${card.error || "unknown card"}`);
      if ((card.suggestions || []).length) {
        msg.append(" Pick one: ");
        for (const s of card.suggestions) {
          msg.append(el("button", { type: "button", class: "small", text: s,
            onclick: () => { input.value = s; pick(); } }), " ");
        }
      }
      input.focus();
      return;
    }
    msg.textContent = ""; msg.className = "message";
    input.value = "";
    close();
    onPick(card.name, card);
  }
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const q = input.value, mine = ++seq;
    timer = setTimeout(async () => {
      if (!q.trim()) { close(); return; }
      const r = await get(`/api/complete?q=${encodeURIComponent(q)}`);
      if (mine === seq) show(r.names || []);
    }, 60);
  });
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowDown" && options.length) {
      ev.preventDefault(); if (list.hidden) show(options); mark(Math.min(active + 1, options.length - 1));
    } else if (ev.key === "ArrowUp" && options.length) {
      ev.preventDefault(); mark(Math.max(active - 1, 0));
    } else if (ev.key === "Enter") {
      ev.preventDefault();
      if (!list.hidden && active >= 0) input.value = options[active];
      close(); pick();
    } else if (ev.key === "Escape") { close(); }
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
  const wrap = el("div", { class: "combo" }, el("label", { for: inputId, text: label }), input, list);
  const add = el("button", { type: "button", class: "small", text: button || "Add",
    onclick: () => pick() });
  return el("div", { class: "combo-row" }, el("div", { class: "row" }, wrap, add), msg);
}

// -- the editor ---------------------------------------------------------------------

function renderTurn() {
  const t = board.turn || (board.turn = {});
  const names = playerOptions();
  const active = select("turn-active", names, t.active_player, (e) => { t.active_player = e.target.value; changed(true); });
  $("turn-active").replaceWith(active);
  const phase = select("turn-phase", CONFIG.phases.map((p) => [p, p.replaceAll("_", " ")]),
    t.phase || "precombat_main", (e) => { t.phase = e.target.value; changed(); });
  $("turn-phase").replaceWith(phase);
  const prio = select("turn-priority", playerOptions("(the player asking)"), t.priority,
    (e) => { if (e.target.value) t.priority = e.target.value; else delete t.priority; changed(); });
  $("turn-priority").replaceWith(prio);
  const num = $("turn-number");
  num.value = t.number || 1;
  num.onchange = () => { const v = parseInt(num.value, 10); if (v > 1) t.number = v; else delete t.number; changed(); };
}

function renamePlayer(old, name) {
  name = name.trim();
  if (!name || name === old || name in board.players) { render(); return; }
  const players = {};
  for (const [k, v] of Object.entries(board.players)) players[k === old ? name : k] = v;
  board.players = players;
  const t = board.turn || {};
  for (const k of ["active_player", "priority"]) if (t[k] === old) t[k] = name;
  for (const s of board.stack || []) if (s && s.controller === old) s.controller = name;
  changed(true);
}

function renderPlayer(name, pi) {
  const p = board.players[name];
  const hid = `p${pi}-h`;
  const tags = [];
  if ((board.turn || {}).active_player === name) tags.push(el("span", { class: "tag", text: "active player" }));
  if ((board.turn || {}).priority === name) tags.push(el("span", { class: "tag", text: "has priority" }));
  const sec = el("section", { class: "player panel", "aria-labelledby": hid },
    el("h3", { id: hid }, name, ...tags));
  const num = (key, label, dflt) => {
    const i = el("input", { id: `p${pi}-${key}`, type: "number", inputmode: "numeric", value: p[key] ?? dflt });
    i.onchange = () => { const v = parseInt(i.value, 10); if (Number.isNaN(v) || v === dflt) delete p[key]; else p[key] = v; changed(); };
    return field(label, i);
  };
  const nameInput = el("input", { id: `p${pi}-name`, type: "text", value: name, autocomplete: "off" });
  nameInput.onchange = () => renamePlayer(name, nameInput.value);
  const pool = el("input", { id: `p${pi}-pool`, type: "text", spellcheck: "false", placeholder: "{G}{G}",
    value: typeof p.mana_pool === "string" ? p.mana_pool : (p.mana_pool ? JSON.stringify(p.mana_pool) : "") });
  pool.onchange = () => { if (pool.value.trim()) p.mana_pool = pool.value.trim(); else delete p.mana_pool; changed(); };
  sec.append(el("div", { class: "row" }, field("Name", nameInput), num("life", "Life", 20),
    field("Mana pool", pool)));
  // The commander (CR 903.3): a name, or two partners.
  const cmd = p.commander ? [].concat(p.commander) : [];
  const cmdRow = el("div", { class: "row" }, el("span", { text: cmd.length ?
    `Commander: ${cmd.join(" and ")}` : "Commander: none" }));
  if (cmd.length) cmdRow.append(el("button", { type: "button", class: "small remove",
    text: "Remove the commander", onclick: () => { delete p.commander; changed(true); } }));
  sec.append(cmdRow, combo(`${name}'s commander`, (card) => {
    p.commander = cmd.length === 1 ? [cmd[0], card] : card; changed(true);
  }, "Set as commander"));
  for (const [zone, title] of ZONES) sec.append(renderZone(name, pi, zone, title));
  sec.append(el("div", { class: "actions" }, el("button", { type: "button", class: "small remove",
    text: `Remove player ${name}`, onclick: () => {
      delete board.players[name];
      if ((board.turn || {}).active_player === name) board.turn.active_player = playerNames()[0] || "";
      if ((board.turn || {}).priority === name) delete board.turn.priority;
      changed(true);
    } })));
  return sec;
}

function renderZone(player, pi, zone, title) {
  const p = board.players[player];
  const list = Array.isArray(p[zone]) ? p[zone] : [];
  const hid = `p${pi}-${zone}-h`;
  const ul = el("ul", { "aria-labelledby": hid });
  list.forEach((entry, i) => ul.append(zone === "battlefield" ? permanentItem(player, pi, i)
    : cardItem(player, pi, zone, i)));
  return el("div", { class: "zone" },
    el("h4", { id: hid }, `${title} `, el("span", { class: "count", text: `(${list.length})` })),
    ul, combo(`Add a card to ${player}'s ${zone}`, (card) => {
      (p[zone] = Array.isArray(p[zone]) ? p[zone] : []).push(card); changed(true);
    }));
}

function cardItem(player, pi, zone, i) {
  const list = board.players[player][zone];
  const id = idOf(player, zone, i), name = entryName(list[i]);
  const actions = el("div", { class: "actions" });
  if (zone === "hand") {
    actions.append(el("button", { type: "button", class: "small", onclick: () =>
      ask({ kind: "pay", object: id, player }) }, "How can I pay? ", el("span", { class: "visually-hidden", text: `(${id})` })));
  }
  actions.append(removeButton(list, i, id));
  return el("li", { class: "item" }, el("span", { class: "title", text: name }),
    id !== name ? el("span", { class: "id", text: ` id: ${id}` }) : null, actions);
}

function removeButton(list, i, id) {
  return el("button", { type: "button", class: "small remove", onclick: () => { list.splice(i, 1); changed(true); } },
    "Remove ", el("span", { class: "visually-hidden", text: id }));
}

function permanentItem(player, pi, i) {
  const list = board.players[player].battlefield;
  const e = list[i], o = typeof e === "object" && e ? e : {};
  const id = idOf(player, "battlefield", i), name = entryName(e), base = `p${pi}-bf${i}`;
  const flags = [o.tapped && "tapped", o.summoning_sick && "summoning sick", o.token && "token",
    o.counters && Object.keys(o.counters).length && `counters ${counterText(o.counters)}`,
    o.chosen && `chosen ${Object.values(o.chosen).join(", ")}`,
    o.attached_to && `attached to ${o.attached_to}`].filter(Boolean);
  const check = (key, label) => el("label", { class: "check" }, el("input", { type: "checkbox", id: `${base}-${key}`,
    checked: !!o[key], onchange: (ev) => setKey(list, i, key, ev.target.checked) }), label);
  const counters = el("input", { id: `${base}-counters`, type: "text", spellcheck: "false",
    placeholder: "+1/+1: 2, charge: 1", value: counterText(o.counters) });
  const cmsg = el("span", { class: "message bad", "aria-live": "polite" });
  counters.onchange = () => {
    const c = parseCounters(counters.value);
    if (c === null) { cmsg.textContent = "Write counters as kind: number, separated by commas."; return; }
    setKey(list, i, "counters", c);
  };
  const chosen = o.chosen || {};
  const setChosen = (k, v) => { const c = { ...chosen }; if (v) c[k] = v; else delete c[k]; setKey(list, i, "chosen", c); };
  const color = select(`${base}-color`, COLORS, chosen.color, (ev) => setChosen("color", ev.target.value));
  const ctype = el("input", { id: `${base}-ctype`, type: "text", value: chosen.creature_type || "",
    onchange: (ev) => setChosen("creature_type", ev.target.value.trim()) });
  const others = permanentIds().filter((x) => x !== id);
  const attach = select(`${base}-attach`, [["", "(nothing)"], ...others.map((x) => [x, x])], o.attached_to,
    (ev) => setKey(list, i, "attached_to", ev.target.value));
  const more = el("details", {}, el("summary", {}, "Counters, choices, attachment ",
    el("span", { class: "visually-hidden", text: `of ${id}` })),
  el("div", { class: "row" }, field("Counters", counters), field("Chosen color", color),
    field("Chosen creature type", ctype), field("Attached to", attach), check("token", "token")), cmsg);
  more.open = openDetails.has(id);
  more.addEventListener("toggle", () => { if (more.open) openDetails.add(id); else openDetails.delete(id); });
  const abil = el("ul", { class: "abilities", id: `${base}-abilities`, hidden: true });
  const sr = (t) => el("span", { class: "visually-hidden", text: ` (${t})` });
  const actions = el("div", { class: "actions" },
    el("button", { type: "button", class: "small", "aria-expanded": "false", "aria-controls": abil.id,
      onclick: (ev) => showAbilities(ev.target.closest("button"), abil, id, player) }, "Abilities", sr(id)),
    el("button", { type: "button", class: "small", onclick: () => ask({ kind: "produce", object: id }) },
      "What could it produce?", sr(id)),
    removeButton(list, i, id));
  return el("li", { class: "item", "data-id": id },
    el("span", { class: "title", text: name }), id !== name ? el("span", { class: "id", text: ` id: ${id}` }) : null,
    flags.length ? el("div", { class: "flags", text: flags.join(" · ") }) : null,
    el("div", { class: "row" }, check("tapped", "tapped"), check("summoning_sick", "summoning sick")),
    more, actions, abil);
}

async function showAbilities(button, ul, id, player) {
  if (!ul.hidden) { ul.hidden = true; button.setAttribute("aria-expanded", "false"); return; }
  const r = await post("/api/abilities", { board, object: id });
  ul.replaceChildren();
  if (r.error || r.problems) {
    ul.append(el("li", { class: "message bad", text: r.error || "The board has problems: see them under Questions." }));
  } else if (!r.abilities.length) {
    ul.append(el("li", { text: `${id} has no activated abilities.` }));
  }
  for (const a of r.abilities || []) {
    ul.append(el("li", {}, el("span", { text: `ability ${a.n}: ${a.text} ` }),
      el("button", { type: "button", class: "small ask", onclick: () =>
        ask({ kind: "can-activate", object: id, ability: a.n, player: (board.turn || {}).priority || undefined }) },
      "Can it activate?", el("span", { class: "visually-hidden", text: ` (${id} ability ${a.n})` }))));
  }
  ul.hidden = false; button.setAttribute("aria-expanded", "true");
}

function renderStack() {
  const stack = Array.isArray(board.stack) ? board.stack : [];
  const ol = $("stack-list");
  ol.replaceChildren();
  $("stack-count").textContent = `(${stack.length})`;
  for (let i = stack.length - 1; i >= 0; i--) ol.append(stackItem(stack, i, stack.length - i));
  if (!stack.length) ol.append(el("li", { class: "hint", text: "The stack is empty." }));
  const adder = combo("Cast a spell: card name", (card) => {
    const s = { card, controller: $("spell-controller").value || playerNames()[0] };
    (board.stack = stack).push(s); changed(true);
  }, "Put it on the stack");
  const who = select("spell-controller", playerOptions(), (board.turn || {}).active_player);
  $("add-spell").replaceChildren(el("div", { class: "row" }, field("Controller of the spell", who)), adder);
  $("ability-of").replaceWith(select("ability-of", permanentIds().map((x) => [x, x]), $("ability-of").value));
  $("ask-resolve").disabled = !stack.length && !(board.events || []).length;
}

function stackItem(stack, i, place) {
  const s = typeof stack[i] === "object" && stack[i] ? stack[i] : { card: String(stack[i]) };
  stack[i] = s;
  const id = ids.stack[i] || entryName(s), base = `st${i}`;
  const what = s.ability_of ? `${s.trigger ? "triggered ability " + s.trigger : "ability " + (s.ability || 1)} of ${s.ability_of}`
    : s.card;
  const set = (k, v) => { if (v === "" || v === null || v === undefined || (Array.isArray(v) && !v.length)) delete s[k]; else s[k] = v; changed(); };
  const ctl = select(`${base}-controller`, playerOptions(), s.controller, (ev) => set("controller", ev.target.value));
  const targets = el("input", { id: `${base}-targets`, type: "text", value: (s.targets || []).join(", "),
    onchange: (ev) => set("targets", ev.target.value.split(",").map((x) => x.trim()).filter(Boolean)) });
  const row = el("div", { class: "row" }, field("Controller", ctl), field("Targets (ids or players, commas)", targets));
  if (!s.ability_of) {
    const x = el("input", { id: `${base}-x`, type: "number", min: "0", value: s.x ?? "",
      onchange: (ev) => set("x", ev.target.value === "" ? "" : parseInt(ev.target.value, 10)) });
    const alt = el("input", { id: `${base}-alt`, type: "text", value: s.alternative_cost || "",
      onchange: (ev) => set("alternative_cost", ev.target.value.trim()) });
    row.append(field("X", x), field("Alternative cost", alt));
  }
  return el("li", { class: "item" }, el("span", { class: "title", text: `${place}. ${what}` }),
    el("span", { class: "id", text: ` id: ${id}${place === 1 ? " (top)" : ""}` }), row,
    el("div", { class: "actions" }, removeButton(stack, i, id)));
}

function renderQuestions() {
  const pp = $("pay-player"), pf = $("pay-for");
  const keepP = pp.value, keepF = pf.value;
  pp.replaceChildren(...playerOptions().map(([v, t]) => el("option", { value: v, text: t })));
  pp.value = playerNames().includes(keepP) ? keepP : ((board.turn || {}).active_player || "");
  const opts = [["", "(nothing: the cost alone)"]];
  for (const p of playerNames()) {
    for (const zone of ["hand", "battlefield"]) {
      for (const id of (ids.players[p] || {})[zone] || []) opts.push([id, `${id} (${p}'s ${zone})`]);
    }
  }
  for (const id of ids.stack) opts.push([id, `${id} (stack)`]);
  pf.replaceChildren(...opts.map(([v, t]) => el("option", { value: v, text: t })));
  pf.value = opts.some(([v]) => v === keepF) ? keepF : "";
}

function render() {
  const focused = document.activeElement && document.activeElement.id;
  uid = 0;
  renderTurn();
  $("players").replaceChildren(...playerNames().map((n, i) => renderPlayer(n, i)));
  renderStack();
  renderQuestions();
  if (focused && $(focused) && document.activeElement !== $(focused)) $(focused).focus();
}

// -- after each change: check the board, draw it, keep it in the address -----------------

function changed(structural) {
  if (structural) render();
  window.__dirty = true;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 150);
}

async function refresh() {
  window.__dirty = false;
  const r = await post("/api/board", { board });
  if (r.ids) {
    const before = JSON.stringify(ids);
    ids = { players: r.ids, stack: r.stack || [] };
    if (JSON.stringify(ids) !== before) render();
  }
  showProblems(r);
  if (r.svg) $("picture-body").innerHTML = r.svg.join("");
  $("yaml-text").value = (await post("/api/yaml", { board })).text || "";
  const link = await post("/api/link", { board });
  if (link.fragment) history.replaceState(null, "", `#${link.fragment}`);
}

function showProblems(r) {
  const box = $("problems");
  box.replaceChildren();
  if (r.valid) { box.append(el("p", { class: "message" }, el("span", { "aria-hidden": "true", text: "✔ " }),
    `Valid: ${r.summary.replace(/^board: valid: /, "")}`)); return; }
  if (r.error) { box.append(el("p", { class: "message bad", text: `✘ ${r.error}` })); return; }
  const probs = r.problems || [];
  box.append(el("p", { class: "message bad" }, el("span", { "aria-hidden": "true", text: "✘ " }),
    `The board has ${probs.length} problem${probs.length === 1 ? "" : "s"}: questions wait until it is fixed.`));
  const ul = el("ul", { class: "problems" });
  for (const p of probs) {
    const li = el("li", { text: p.text.replace(/^board\.json: /, "") });
    const m = /did you mean '([^']+)'/.exec(p.suggestion || "");
    if (m && p.path) li.append(" ", el("button", { type: "button", class: "small",
      onclick: () => { replaceAt(p.path, m[1]); } }, `Use ${m[1]}`));
    ul.append(li);
  }
  box.append(ul);
}

function replaceAt(path, name) {
  // A path such as players.Alice.battlefield[0] or players.Alice.battlefield[0].card.
  const parts = [];
  for (const seg of path.split(".")) {
    const m = /^(.*?)((\[\d+\])*)$/.exec(seg);
    if (m[1]) parts.push(m[1]);
    for (const n of m[2].matchAll(/\[(\d+)\]/g)) parts.push(Number(n[1]));
  }
  let node = board;
  for (const k of parts.slice(0, -1)) { node = node && node[k]; }
  const last = parts[parts.length - 1];
  if (!node) return;
  if (typeof node[last] === "string") node[last] = name;
  else if (node[last] && typeof node[last] === "object") node[last].card = name;
  changed(true);
}

// -- questions and answers ------------------------------------------------------------

const VERDICT = { legal: ["yes", "✔"], payable: ["yes", "✔"], resolved: ["yes", "✔"],
  answered: ["yes", "✔"], "not legal": ["no", "✘"], "not payable": ["no", "✘"],
  "not decided": ["undecided", "?"], "stopped at a choice": ["undecided", "…"] };

async function ask(q) {
  if ($("opt-all").checked && (q.kind === "can-activate" || q.kind === "resolve")) q.all = true;
  if ($("opt-explain").checked && q.kind === "produce") q.explain = true;
  const body = $("answer-body");
  body.replaceChildren(el("p", { class: "hint", text: "Asking…" }));
  const r = await post("/api/ask", { board, question: q });
  const [cls, mark] = VERDICT[r.verdict] || ["other", "!"];
  const parts = [el("p", { class: `verdict ${cls}` }, el("span", { "aria-hidden": "true", text: `${mark} ` }),
    r.verdict || "error")];
  if (r.command) parts.push(el("p", { class: "hint" }, "Asked as ", el("code", { text: r.command })));
  if (r.text) parts.push(el("pre", { class: "answer-text", text: r.text }));
  if (r.error) parts.push(el("p", { class: "message bad", text: r.error }));
  if (r.problems) {
    parts.push(el("p", { class: "message bad", text: "The board has problems (see above); fix them first:" }),
      el("ul", { class: "problems" }, ...r.problems.map((p) => el("li", { text: p.text.replace(/^board\.json: /, "") }))));
  }
  body.replaceChildren(...parts);
  $("answer").focus();
}

// -- files and links ------------------------------------------------------------------

async function loadBoard(data, how) {
  board = data;
  if (!board.players || typeof board.players !== "object") board.players = {};
  render();
  await refresh();
  say(how);
}

async function fromText(text, name) {
  const r = await post("/api/read", { text, name });
  if (r.error || !r.board) {
    const why = r.error || (r.problems || []).map((p) => p.text).join("; ");
    say(`Not loaded (the board is unchanged): ${why}`);
    return;
  }
  await loadBoard(r.board, `Loaded ${name}.`);
}

function setup() {
  $("new-board").onclick = () => loadBoard(freshBoard(), "A new board.");
  $("load-file").onchange = async (ev) => {
    const f = ev.target.files[0];
    if (f) await fromText(await f.text(), f.name);
    ev.target.value = "";
  };
  $("save-file").onclick = async () => {
    const r = await post("/api/yaml", { board });
    if (r.error) { say(r.error); return; }
    const a = el("a", { href: URL.createObjectURL(new Blob([r.text], { type: "application/yaml" })),
      download: "board.yaml" });
    document.body.append(a); a.click(); a.remove();
    say("Saved board.yaml: 'manacheck validate board.yaml' reads it.");
  };
  $("share").onclick = async () => {
    const r = await post("/api/link", { board });
    if (r.error) { say(r.error); return; }
    history.replaceState(null, "", `#${r.fragment}`);
    $("link").value = location.href;
    $("link-box").hidden = false;
    $("link").focus(); $("link").select();
    try { await navigator.clipboard.writeText(location.href); say("The link is copied."); }
    catch (e) { say("Copy the link from the box."); }
  };
  $("apply-yaml").onclick = () => fromText($("yaml-text").value, "board.yaml");
  $("add-player").onclick = () => {
    const n = $("new-player").value.trim();
    if (!n) { say("Type the new player's name first."); return; }
    if (n in board.players) { say(`There is already a player named ${n}.`); return; }
    board.players[n] = { life: 20 };
    if (!(board.turn || {}).active_player) (board.turn = board.turn || {}).active_player = n;
    $("new-player").value = "";
    changed(true);
  };
  $("add-ability").onclick = () => {
    const of = $("ability-of").value;
    if (!of) { say("Put a permanent on the battlefield first."); return; }
    const entry = { ability_of: of, controller: (board.turn || {}).active_player };
    entry[$("ability-kind").value] = parseInt($("ability-number").value, 10) || 1;
    (board.stack = Array.isArray(board.stack) ? board.stack : []).push(entry);
    changed(true);
  };
  $("ask-resolve").onclick = () => ask({ kind: "resolve" });
  $("ask-produce-all").onclick = () => ask({ kind: "produce" });
  $("pay-form").onsubmit = (ev) => {
    ev.preventDefault();
    ask({ kind: "pay", cost: $("pay-cost").value, x: $("pay-x").value, player: $("pay-player").value,
      object: $("pay-for").value || undefined });
  };
  window.addEventListener("hashchange", () => fromHash());
}

async function fromHash() {
  if (!location.hash.startsWith("#board=")) return false;
  const r = await post("/api/unlink", { fragment: location.hash });
  if (r.board) { await loadBoard(r.board, "The board from the link."); return true; }
  say(`The link's board can't be read (${r.error}); a new board instead.`);
  return false;
}

setup();
render();
fromHash().then((loaded) => { if (!loaded) refresh(); });
