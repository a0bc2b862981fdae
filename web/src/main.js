// The mtgc rules playground: edit an edition's .mtg files and a
// conformance script, see the checker's diagnostics as you type, run the
// script on the interpreter and read its rule-cited trace, see the edited
// rules' coverage, and share it all as a link. mtgc itself runs in Web
// Workers (worker.js, cmd/mtgc-wasm); see web/README.md.

import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { textMateLanguage } from "./tmlang.js";
import { encodeShare, decodeShare } from "./share.js";
import mtgGrammar from "../../editors/vscode/syntaxes/mtg.tmLanguage.json";
import scriptGrammar from "../../editors/vscode/syntaxes/mtg-script.tmLanguage.json";

// The limits a run gets (internal/playground.Limits: the script's own
// timeout is 10s, as mtgc test's -timeout), plus a grace period; past it
// the worker is terminated, whatever the script is doing.
const RUN_DEADLINE_MS = 15000;
const CHECK_DELAY_MS = 250;
// A check (or coverage) that takes longer restarts the checker's worker:
// the rules of a shared link are untrusted too.
const CHECK_DEADLINE_MS = 20000;

const mtgLang = textMateLanguage(mtgGrammar);
const scriptLang = textMateLanguage(scriptGrammar);

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
};

// Client is one worker running mtgc.
class Client {
  constructor(module) {
    this.worker = new Worker("worker.js");
    this.pending = new Map();
    this.next = 1;
    this.ready = new Promise((resolve, reject) => {
      this.rejectReady = reject;
      this.worker.onmessage = (ev) => {
        const m = ev.data;
        if ("ready" in m) return m.ready ? resolve() : reject(new Error(m.error));
        if (m.exited) {
          for (const p of this.pending.values()) p.reject(new Error("mtgc exited: " + m.log));
          this.pending.clear();
          return;
        }
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(JSON.parse(m.result));
      };
      this.worker.onerror = (ev) => reject(new Error(ev.message));
    });
    this.worker.postMessage({ init: module });
  }
  async call(op, ...args) {
    await this.ready;
    if (this.dead) throw new Error(this.dead);
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, args });
    });
  }
  terminate(why) {
    this.worker.terminate();
    this.dead = this.dead || why;
    this.rejectReady(new Error(why));
    for (const p of this.pending.values()) p.reject(new Error(why));
    this.pending.clear();
  }
}

const app = {
  module: null,
  checker: null,
  editions: [],
  edition: "",
  base: {},      // the edition's embedded files
  files: {},     // the edited files
  states: {},    // one EditorState per file
  open: "",
  diagnostics: [],
  coverage: null, // rule -> status
  checkTimer: 0,
  checking: false,
  checkAgain: false,
  run: null,     // the Client running a script
  runDeadlineMs: RUN_DEADLINE_MS,
};

const rulesView = new EditorView({ parent: $("#rules-editor") });
const scriptView = new EditorView({ parent: $("#script-editor") });

function rulesState(name, text) {
  return EditorState.create({
    doc: text,
    extensions: [
      basicSetup,
      lintGutter(),
      name.endsWith(".mtg") ? mtgLang : [],
      EditorState.readOnly.of(name.endsWith(".tsv")),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        app.files[name] = u.state.doc.toString();
        app.states[name] = u.state;
        renderTabs();
        scheduleCheck();
      }),
    ],
  });
}

function setScript(text) {
  scriptView.setState(EditorState.create({
    doc: text,
    extensions: [
      basicSetup,
      lintGutter(),
      scriptLang,
      keymap.of([{ key: "Mod-Enter", run: () => { runScript(); return true; } }]),
      EditorView.updateListener.of((u) => { if (u.docChanged) scheduleCheck(); }),
    ],
  }));
}

function status(text, kind = "") {
  const s = $("#status");
  s.textContent = text;
  s.className = kind;
}

function fileNames() {
  return Object.keys(app.files).sort((a, b) => (a.endsWith(".tsv") - b.endsWith(".tsv")) || a.localeCompare(b));
}

function renderTabs() {
  const tabs = $("#file-tabs");
  tabs.replaceChildren();
  for (const name of fileNames()) {
    const errs = app.diagnostics.filter((d) => d.file === name).length;
    const changed = app.files[name] !== app.base[name];
    tabs.append(el("button", {
      class: "tab" + (name === app.open ? " active" : "") + (errs ? " has-errors" : ""),
      "data-file": name,
      onclick: () => openFile(name),
    }, name, changed ? " •" : "", errs ? el("span", { class: "count" }, String(errs)) : null));
  }
}

function openFile(name, line) {
  if (!Object.hasOwn(app.files, name)) return;
  if (app.open !== name) {
    if (app.open) app.states[app.open] = rulesView.state;
    app.open = name;
    rulesView.setState(app.states[name] || (app.states[name] = rulesState(name, app.files[name])));
    applyDiagnostics();
    renderTabs();
  }
  if (line) {
    const doc = rulesView.state.doc;
    const l = doc.line(Math.max(1, Math.min(line, doc.lines)));
    rulesView.dispatch({ selection: { anchor: l.from, head: l.to }, effects: EditorView.scrollIntoView(l.from, { y: "center" }) });
    rulesView.focus();
  }
}

// toRange converts a diagnostic's line and column to a document range
// covering the word there.
function toRange(doc, d) {
  if (!d.line) return { from: 0, to: Math.min(1, doc.length) };
  const l = doc.line(Math.max(1, Math.min(d.line, doc.lines)));
  const from = Math.min(l.from + Math.max(0, d.col - 1), l.to);
  let to = from;
  while (to < l.to && /[\w.]/.test(doc.sliceString(to, to + 1))) to++;
  if (to === from) to = Math.min(from + 1, l.to);
  return { from, to };
}

function applyDiagnostics() {
  const toCM = (view, list) => list.map((d) => ({ ...toRange(view.state.doc, d), severity: "error", message: d.msg, source: "mtgc" }));
  rulesView.dispatch(setDiagnostics(rulesView.state, toCM(rulesView, app.diagnostics.filter((d) => d.file === app.open))));
  scriptView.dispatch(setDiagnostics(scriptView.state, toCM(scriptView, app.diagnostics.filter((d) => d.file === "script"))));
}

function renderDiagnostics(res) {
  const box = $("#diagnostics");
  box.replaceChildren();
  if (res.diagnostics.length === 0) {
    box.append(el("p", { class: "ok" }, `The rules check: ${res.edition}, ${res.title}.`));
    return;
  }
  const ul = el("ul");
  for (const d of res.diagnostics) {
    const where = d.file === "script" ? `script:${d.line}:${d.col}` : `rules/${d.file}:${d.line}:${d.col}`;
    ul.append(el("li", { class: "diagnostic" },
      el("a", { href: "#", onclick: (e) => { e.preventDefault(); if (d.file === "script") focusScript(d.line); else openFile(d.file, d.line); } }, where),
      ": " + d.msg));
  }
  box.append(ul);
}

function focusScript(line) {
  const doc = scriptView.state.doc;
  const l = doc.line(Math.max(1, Math.min(line || 1, doc.lines)));
  scriptView.dispatch({ selection: { anchor: l.from }, effects: EditorView.scrollIntoView(l.from, { y: "center" }) });
  scriptView.focus();
}

function scheduleCheck() {
  clearTimeout(app.checkTimer);
  app.checkTimer = setTimeout(check, CHECK_DELAY_MS);
}

// checkerCall is a call to the checker's worker, which is replaced by a
// new one if the call runs past CHECK_DEADLINE_MS.
async function checkerCall(op, ...args) {
  const client = app.checker;
  const timer = setTimeout(() => {
    client.terminate(`stopped: ${op} ran past ${CHECK_DEADLINE_MS / 1000}s, so the checker's worker was restarted`);
    if (app.checker === client) app.checker = new Client(app.module);
  }, CHECK_DEADLINE_MS);
  try {
    return await client.call(op, ...args);
  } finally {
    clearTimeout(timer);
  }
}

async function check() {
  if (app.checking) { app.checkAgain = true; return; }
  app.checking = true;
  try {
    const res = await checkerCall("check", JSON.stringify(app.files), scriptView.state.doc.toString());
    app.diagnostics = res.diagnostics;
    applyDiagnostics();
    renderTabs();
    renderDiagnostics(res);
    // The heading over the script counts the script's problems; each
    // .mtg file's tab counts its own.
    const n = res.diagnostics.filter((d) => d.file === "script").length;
    const inRules = res.diagnostics.length - n;
    $("#check-state").textContent = n ? `${n} problem${n > 1 ? "s" : ""}` : inRules ? "checks (the rules have problems)" : "checks";
    $("#check-state").className = n ? "bad" : inRules ? "" : "good";
    renderCards(res);
    if (res.ok) await loadCoverage();
  } catch (err) {
    status("check failed: " + err.message, "bad");
  } finally {
    app.checking = false;
    if (app.checkAgain) { app.checkAgain = false; check(); }
  }
}

// renderCards lists the cards the rules declare (the cards.mtg tab, and
// any other file's card declarations): what an object a script makes
// with the attribute card starts with, linked to its declaration.
function renderCards(res) {
  const box = $("#cards");
  if (!res.ok) {
    box.replaceChildren(el("p", {}, "The rules do not check: the cards are listed once they do."));
    return;
  }
  const cards = res.cards || [];
  box.replaceChildren(el("p", {}, `${cards.length} card${cards.length === 1 ? "" : "s"} declared. Edit cards.mtg (or any rules file) to declare more; a script names one with the attribute card: battlefield p1 'Goblin Raider' card. Share carries the cards with the rules.`));
  if (!cards.length) return;
  const table = el("table", { class: "cards" }, el("tr", {}, el("th", {}, "card"), el("th", {}, "cost"), el("th", {}, "types"), el("th", {}, "P/T"), el("th", {}, "keywords"), el("th", {}, "abilities")));
  for (const c of cards) {
    table.append(el("tr", {},
      el("td", {}, el("a", { href: "#", title: `rules/${c.file}:${c.line}`, onclick: (e) => { e.preventDefault(); openFile(c.file, c.line); } }, c.name)),
      el("td", {}, c.cost),
      el("td", {}, c.types + (c.subtypes.length ? " — " + c.subtypes.join(" ") : "")),
      el("td", {}, c.pt),
      el("td", {}, c.keywords.join(", ")),
      el("td", {}, c.abilities ? String(c.abilities) : "")));
  }
  box.append(table);
}

async function loadCoverage() {
  try {
    const cov = await checkerCall("coverage", JSON.stringify(app.files));
    app.coverage = {};
    for (const s of cov.sections) for (const r of s.rules || []) app.coverage[r.rule] = r.status;
    renderCoverage(cov);
  } catch (err) {
    $("#coverage").textContent = "coverage: " + err.message;
  }
}

function renderCoverage(cov) {
  const box = $("#coverage");
  box.replaceChildren(el("p", {}, `${cov.edition}: ${cov.total}. Each cell is a rule: tested, untested, missing, excluded or out of scope, from the edited rules and the edition's corpus (scripts' # rules: lines).`));
  for (const s of cov.sections) {
    const cells = el("div", { class: "cells" });
    for (const r of s.rules || []) {
      cells.append(el("a", {
        href: "#", class: "cell " + r.status, id: "cov-" + r.rule, title: `${r.rule} ${r.title}: ${r.status}` + (r.scripts.length ? ` (${r.scripts.length} scripts)` : ""),
        onclick: (e) => { e.preventDefault(); if (r.cites.length) openFile(r.cites[0].file, r.cites[0].line); },
      }, r.rule));
    }
    box.append(el("div", { class: "section" }, el("h3", {}, `${s.section} ${s.title}`, el("span", { class: "summary" }, " " + s.summary)), cells));
  }
}

function showCoverageOf(rule) {
  showPanel("coverage");
  const cell = document.getElementById("cov-" + rule);
  if (!cell) return;
  cell.scrollIntoView({ block: "center" });
  cell.classList.add("flash");
  setTimeout(() => cell.classList.remove("flash"), 1500);
}

function ruleLink(rule, cites) {
  if (!rule) return el("span", { class: "rule" }, "-");
  if (!cites.length) return el("span", { class: "rule", title: "not cited by the .mtg (a runtime mechanism or the harness)" }, rule);
  return el("a", { href: "#", class: "rule", title: cites.map((c) => `rules/${c.file}:${c.line} (${c.what})`).join("\n"),
    onclick: (e) => { e.preventDefault(); openFile(cites[0].file, cites[0].line); } }, rule);
}

function renderRun(res) {
  const v = $("#verdict");
  v.textContent = res.verdict.toUpperCase() + (res.elapsed_ms ? ` in ${res.elapsed_ms.toFixed(0)} ms` : "");
  v.className = "verdict " + res.verdict;
  showReason(res.reason || "", res.reason_line || 0);
  $("#log").textContent = res.log;
  const box = $("#trace");
  box.replaceChildren();
  if (res.diagnostics.length) renderDiagnostics({ diagnostics: res.diagnostics });
  res.games.forEach((g, i) => {
    if (res.games.length > 1) box.append(el("h3", {}, `game ${i + 1}`));
    if (g.elided) box.append(el("p", {}, `... ${g.elided} earlier events`));
    const table = el("table", { class: "trace" }, el("tr", {}, el("th", {}, "rule"), el("th", {}, "event"), el("th", {}, "title"), el("th", {}, "coverage"), el("th", {}, "in the .mtg")));
    for (const e of g.events) {
      const st = app.coverage?.[e.rule] ?? "";
      table.append(el("tr", { class: "event" },
        el("td", {}, ruleLink(e.rule, e.cites)),
        el("td", { class: "text" }, e.text),
        el("td", { class: "title" }, e.title),
        el("td", {}, st ? el("a", { href: "#", class: "status " + st, title: "show the rule in the coverage grid", onclick: (ev) => { ev.preventDefault(); showCoverageOf(e.rule); } }, st) : ""),
        el("td", { class: "cites" }, ...e.cites.slice(0, 3).map((c) => el("a", { href: "#", onclick: (ev) => { ev.preventDefault(); openFile(c.file, c.line); } }, `${c.file}:${c.line} `)))));
    }
    box.append(table);
  });
  showPanel(res.games.length ? "trace" : "log");
}

// showReason puts why a run did not pass beside its verdict, above every
// panel, linked to the script's line it is about.
function showReason(text, line) {
  const r = $("#reason");
  r.hidden = !text;
  r.replaceChildren(line ? el("a", { href: "#", onclick: (e) => { e.preventDefault(); focusScript(line); } }, text) : text);
}

async function runScript() {
  if (app.run) app.run.terminate("stopped");
  const client = new Client(app.module);
  app.run = client;
  $("#run").disabled = true;
  $("#stop").disabled = false;
  const v = $("#verdict");
  v.textContent = "running…";
  v.className = "verdict running";
  showReason("", 0);
  const ms = app.runDeadlineMs;
  const deadline = setTimeout(() => client.terminate(`stopped: the script ran past ${ms / 1000}s (its time limit and a grace period), so its worker was terminated`), ms);
  try {
    const res = await client.call("run", JSON.stringify(app.files), scriptView.state.doc.toString());
    renderRun(res);
  } catch (err) {
    v.textContent = err.message.startsWith("stopped") ? "STOPPED" : "ERROR";
    v.className = "verdict fail";
    showReason(err.message, 0);
    $("#log").textContent = err.message;
    showPanel("log");
  } finally {
    clearTimeout(deadline);
    client.terminate("done");
    if (app.run === client) app.run = null;
    $("#run").disabled = false;
    $("#stop").disabled = true;
  }
}

function showPanel(name) {
  for (const b of document.querySelectorAll("#panel-tabs button")) b.classList.toggle("active", b.dataset.panel === name);
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== name + "-panel";
}

async function loadEdition(name, shared) {
  const ed = await app.checker.call("edition", name);
  app.edition = ed.name;
  app.base = ed.files;
  app.files = { ...ed.files, ...(shared?.files || {}) };
  for (const k of Object.keys(app.files)) if (!Object.hasOwn(app.base, k)) delete app.files[k];
  app.states = {};
  app.open = "";
  $("#edition").value = ed.name;
  const sel = $("#scripts");
  sel.replaceChildren(el("option", { value: "" }, "corpus scripts…"), ...ed.scripts.map((s) => el("option", { value: s }, s)));
  const script = shared ? shared.script : await app.checker.call("script", ed.name, ed.script);
  setScript(script);
  sel.value = shared ? "" : ed.script;
  openFile(shared?.open && Object.hasOwn(app.files, shared.open) ? shared.open : (app.files["turn.mtg"] !== undefined ? "turn.mtg" : fileNames()[0]));
  await check();
}

async function share() {
  const changed = {};
  for (const [k, v] of Object.entries(app.files)) if (app.base[k] !== v) changed[k] = v;
  const hash = await encodeShare({ edition: app.edition, files: changed, script: scriptView.state.doc.toString(), open: app.open });
  history.replaceState(null, "", hash);
  const link = location.href;
  $("#share-link").value = link;
  $("#share-link").hidden = false;
  try { await navigator.clipboard.writeText(link); status(`link copied (${link.length} characters): ${Object.keys(changed).length} changed file(s) and the script`); }
  catch { status(`link made (${link.length} characters): copy it from the box`); }
}

async function main() {
  status("loading mtgc (WebAssembly)…");
  app.module = await WebAssembly.compileStreaming(fetch("mtgc.wasm"));
  app.checker = new Client(app.module);
  app.editions = await app.checker.call("editions");
  const edSel = $("#edition");
  edSel.replaceChildren(...app.editions.map((e) => el("option", { value: e.name, title: e.title }, e.name + (e.default ? " (default)" : ""))));
  edSel.addEventListener("change", () => {
    const edited = Object.keys(app.files).some((k) => app.files[k] !== app.base[k]);
    if (edited && !confirm(`Open ${edSel.value}'s files? Your edits to ${app.edition}'s are lost (Share keeps them in a link).`)) {
      edSel.value = app.edition;
      return;
    }
    loadEdition(edSel.value);
  });
  $("#scripts").addEventListener("change", async (ev) => {
    if (!ev.target.value) return;
    setScript(await app.checker.call("script", app.edition, ev.target.value));
    scheduleCheck();
  });
  $("#run").addEventListener("click", runScript);
  $("#stop").addEventListener("click", () => app.run?.terminate("stopped by you"));
  $("#share").addEventListener("click", share);
  for (const b of document.querySelectorAll("#panel-tabs button")) b.addEventListener("click", () => showPanel(b.dataset.panel));
  let shared = null;
  try {
    shared = await decodeShare(location.hash);
  } catch (err) {
    status("this link's fragment is not a playground state: " + err.message, "bad");
  }
  const def = app.editions.find((e) => e.default)?.name;
  await loadEdition(shared && app.editions.some((e) => e.name === shared.edition) ? shared.edition : def, shared);
  if (shared) status(`opened a shared link: ${shared.edition}, ${Object.keys(shared.files).length} changed file(s) and a script. A shared script runs with mtgc test's limits in a worker that is stopped if it runs away.`);
  else status("ready");
  document.body.dataset.ready = "true";
}

// For the browser test and the console: the page's state and editors.
window.mtgcPlayground = { app, rulesView, scriptView, openFile };

main().catch((err) => status("could not start: " + err.message, "bad"));
