// The table page: loads the match (its summary comes with it, so the scoreboard shows after the
// first response), then the game's catalogue entry, the record and the legal actions; listens to
// the live stream (live.js), whose pushes carry what each entry changed (push.js: drawn without a
// request; a gap makes it fetch), and polls the summary (ETag/304: every 2.5 s, every 15 s while
// the stream is up) and re-renders from the store. The summary carries the history's latest rows;
// the phone pages back for the older ones (GET history) and keeps them.
import { $, $$, h } from "../dom.js";
import { errorText } from "../errors.js";
import { _ } from "../i18n.js";
import { gameTitle } from "../format.js";
import { API, requireSignIn, seatNames } from "../session.js";
import { saved, table } from "../store.js";
import { renderBoard, renderStatus } from "./board.js";
import { formFate } from "../pending.js";
import { listen } from "./live.js";
import { applyPush, complete, decide, mergeRows, prependRows } from "./push.js";

const S = table.state;
const POLL_MS = 2500;
const LIVE_POLL_MS = 15000;
const body = document.body;

// The entry form and the recording (outbox) modules load once the scoreboard is drawn.
const loadForms = () => Promise.all([import("./entry.js"), import("./record.js")]).then(([entry, rec]) => table.set({ entry, rec }));
export const flush = () => (S.rec ? S.rec.flush() : Promise.resolve());

// The tabs besides "Enter" load their modules when first opened (the first screen needs none).
const TABS = {
  cards: () => import("./cards.js").then((m) => ({ render: m.renderCards })),
  log: () => import("./log.js").then((m) => ({ render: m.renderLog, undoLast: m.undoLast })),
  share: () => import("./share.js").then((m) => ({ render: () => m.renderShare(true) })),
};

async function openTab(tab) {
  // (lastKey reset: the next renderAll draws the new tab even when nothing else changed)
  if (!S.tabs[tab] && TABS[tab]) table.set({ tabs: { ...S.tabs, [tab]: await TABS[tab]() }, lastKey: null });
  return S.tabs[tab];
}

async function selectTab(tab) {
  table.set({ tab });
  $$(".tabs button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === tab)));
  $$(".tab").forEach((s) => { s.hidden = s.id !== "tab-" + tab; });
  const first = !S.tabs[tab];
  const module = await openTab(tab);
  if (!module || !S.game || !S.summary) return;
  if (tab === "cards" && first) { renderCardsTab(module); return; }
  if (tab !== "cards") module.render();
}

function renderCardsTab(module) {
  const root = $("#tab-cards");
  module.render();
  root.dataset.baseSeq = S.seq;
  delete root.dataset.dirty;
}

function watchTyping() {
  for (const id of ["#tab-entry", "#tab-cards"]) {
    const root = $(id);
    const mark = (ev) => { if (ev.target.closest("form")) root.dataset.dirty = "1"; };
    root.addEventListener("input", mark);
    root.addEventListener("click", mark);
  }
}

// The seq a form was started on (the record it was typed against).
export const baseOf = (el) => {
  const holder = el && el.closest("[data-base-seq]");
  return holder ? parseInt(holder.dataset.baseSeq, 10) : S.seq;
};

// Whose turn: the seat of every legal action when they agree (the engine's own answer), else the summary's.
export function toAct() {
  const seats = new Set(S.legal.map((a) => a.seat).filter((x) => typeof x === "number"));
  if (seats.size === 1 && S.legal.every((a) => typeof a.seat === "number")) return [...seats][0];
  return S.summary ? S.summary.to_act : null;
}

// The summary, record and legal actions of one answer, applied together. The summary's history rows
// join those the phone holds (the board draws the whole history once the older pages are in).
function apply(summary, events, legal) {
  const patch = { summary: summary.summary || summary, claims: Array.isArray(summary.claims) ? summary.claims : S.claims };
  if (summary.history_page && patch.summary) {
    const page = summary.history_page;
    let held = S.history;
    // Without the last row, the summary cannot say whether the one held is still the same (an entry
    // may complete it): it is fetched again, unless the answer names the rows its entry changed.
    if (held && page.from === page.count && page.count && summary.version !== S.version && !summary.history_rows) {
      held = { ...held, rows: held.rows.slice(0, Math.max(0, Math.min(held.from + held.rows.length, page.count) - 1 - held.from)) };
    }
    if (summary.history_rows) held = mergeRows(held, page, summary.history_rows.rows, summary.history_rows.from);
    patch.history = mergeRows(held, page, patch.summary.history || [], page.from);
    patch.summary = { ...patch.summary, history: patch.history.rows };
  }
  if (summary.version) patch.version = summary.version;
  if (typeof summary.last_seq === "number") patch.seq = summary.last_seq;
  if ("claim_form" in summary) patch.claimForm = summary.claim_form; // the engine's, for claims.js
  if (events) patch.events = events;
  if (legal) {
    patch.legal = Array.isArray(legal) ? legal : legal.actions || [];
    patch.form = legal.entry_form || null;
    // The screen is "ready" for a seq once the legal actions after it are known (tests wait on it).
    patch.readySeq = typeof legal.next_seq === "number" ? legal.next_seq - 1 : patch.seq ?? S.seq;
    patch.formSeq = patch.readySeq; // the seq the form follows (applyOwnAnswer moves its number on)
  }
  table.set(patch);
  saved.set("summary." + S.id, S.summary);
  if (S.history) saved.set("history." + S.id, S.history);
  if (events) saved.set("events." + S.id, events);
  if (S.history && !complete(S.history)) fillHistory();
}

// The older history rows, a page at a time back from the first one held; drawn once all are in.
let filling = null;
function fillHistory() {
  filling = filling || (async () => {
    try {
      for (let pages = 0; S.history && !complete(S.history) && pages < 100; pages++) {
        const held = S.history;
        const after = held.from + held.rows.length < held.count; // rows after those held (a push left them out)
        const answer = await API.history(S.id, after ? held.count : held.from);
        if (S.history !== held) continue; // a newer answer came in meanwhile: go on from what it holds
        const joined = after ? mergeRows(held, answer, answer.rows, answer.from) : prependRows(held, answer);
        // (rows from another base: a correction came in; start again from the latest rows)
        const next = joined === held ? { rows: [], from: answer.count, count: answer.count, base: answer.base } : joined;
        table.set({ history: next, summary: { ...S.summary, history: next.rows } });
      }
      saved.set("history." + S.id, S.history);
      renderAll();
    } catch (e) { /* offline: the next answer tries again */ } finally { filling = null; }
  })();
  return filling;
}

// The record: the latest page at first, then only the events after the last one held.
async function fetchEvents() {
  const last = S.events.length ? S.events[S.events.length - 1].seq : null;
  if (last === null || last > S.seq) return API.events(S.id);
  const newer = await API.eventsAfter(S.id, last);
  return S.events.concat(newer.filter((e) => e.seq > last));
}

// Fetch the summary (304 when unchanged), then the record and the legal actions, and apply them
// together; an answer overtaken by a newer refresh is dropped, so the screen never goes back.
export async function refresh(force) {
  const ticket = S.ticket + 1;
  table.set({ ticket });
  let response;
  try { response = await API.summary(S.id, force ? null : S.etag); } catch (e) { return; }
  if (response.status === 304 || !response.ok) return;
  const summary = await response.json();
  const [events, legal] = await Promise.all([fetchEvents().catch(() => null), API.legal(S.id).catch(() => null)]);
  // (an answer older than what the screen shows, e.g. this phone's own 201 applied meanwhile, is dropped)
  if (ticket !== S.ticket || (typeof summary.last_seq === "number" && summary.last_seq < S.seq)) return;
  table.set({ etag: response.headers.get("ETag") });
  apply(summary, events, legal);
  renderAll();
}

// This phone's own entry answered (a 201 carries the summary after it): the board and status show
// it at once, without waiting for the refresh that brings the record and the next form; a refresh
// already on its way (with the record before this entry) is dropped.
// `result`: the entry was a hand's result, so until the engine's next form arrives the one kept
// numbers the hand after it (a waiting entry typed meanwhile, e.g. offline, counts from there).
export function applyOwnAnswer(answer, { result = false } = {}) {
  if (!answer || !answer.summary || typeof answer.last_seq !== "number" || answer.last_seq < S.seq) return;
  const form = S.form;
  table.set({ ticket: S.ticket + 1 });
  // The full answer carries the new event and the next legal actions: nothing is left to fetch.
  const events = answer.event && !S.events.some((e) => e.seq === answer.event.seq) ? S.events.concat([answer.event]) : null;
  apply(answer, events, answer.legal || null);
  if (result && form && typeof form.number === "number" && answer.last_seq === S.formSeq + 1) {
    table.set({ form: { ...form, number: form.number + 1 }, formSeq: answer.last_seq });
  }
  renderStatus();
  renderBoard();
}

export function renderAll() {
  if (typeof S.readySeq === "number" && S.game) body.dataset.ready = S.readySeq;
  renderStatus();
  renderBoard();
  if (!S.game) return; // the forms wait for the game's catalogue entry
  if (S.tabs.log) S.tabs.log.render();
  // readySeq: the legal actions (and the entry form) may arrive after the summary of the same seq.
  const key = JSON.stringify([S.summary && S.summary.finished, S.legal.map((a) => [a.type, a.seat]), S.seq, S.readySeq,
    Object.keys(S.checking), S.claims.map((c) => [c.seq, c.accepted, c.settled])]);
  closeOldConflict();
  if (key === S.lastKey) return;
  table.set({ lastKey: key });
  // A form someone is typing in stays as it is (with the seq it was started on): if another phone
  // recorded meanwhile, sending it gives the conflict and shows the entry that won.
  for (const [id, render] of [["#tab-entry", S.entry && S.entry.renderEntry], ["#tab-cards", S.tabs.cards && S.tabs.cards.render]]) {
    const root = $(id);
    if (!render) continue;
    const fate = formFate({ dirty: root.dataset.dirty === "1", baseSeq: +root.dataset.baseSeq, seq: S.seq });
    if (fate === "stale") {
      if (!$(".stale", root)) root.prepend(h("p", { class: "stale", role: "status", text: _("Another phone recorded an entry while you were typing.") }));
      continue;
    }
    // (a result form being typed is never reset, not even by a late reply to this phone's entry)
    if (fate === "keep" && id === "#tab-entry") continue;
    render();
    root.dataset.baseSeq = S.seq;
    delete root.dataset.dirty;
  }
}

// A conflict stays until a later entry is recorded (then it no longer applies).
function closeOldConflict() {
  const box = $("#conflict");
  if (box && !box.hidden && box.dataset.seq && S.seq > +box.dataset.seq) { box.hidden = true; box.replaceChildren(); }
}

// The game's catalogue entry: kept on the phone per catalogue version and language.
async function loadGame(name) {
  const key = `games.${body.dataset.catalogue || "0"}.${body.dataset.language}.${name}`;
  const kept = saved.get(key, null);
  if (kept) return kept;
  try {
    const game = await API.game(name, body.dataset.catalogue, { omit: "variants" });
    if (game) {
      for (const old of saved.keys()) if (old.startsWith("games.")) saved.del(old);
      saved.set(key, game);
    }
    return game;
  } catch (e) {
    return null;
  }
}

function showTitle() {
  const title = gameTitle(S.game || S.match.game) + " · " + S.players.join(", ");
  $("#title").textContent = title;
  document.title = gameTitle(S.game || S.match.game) + " · Companion";
}

// The match as the page's inline script already asked for it (while the modules loaded), else now.
async function firstAnswer() {
  const pending = window.companionFirstMatch;
  delete window.companionFirstMatch;
  const response = pending ? await pending.catch(() => null) : null;
  return response && response.ok ? response.json() : API.match(S.id);
}

async function loadMatch() {
  try {
    const match = await firstAnswer();
    saved.set("match." + S.id, match);
    return match;
  } catch (e) {
    const kept = saved.get("match." + S.id, null);
    if (!kept) $("#title").textContent = errorText(e);
    return kept;
  }
}

// Another phone's entry: the push carries what changed and is drawn at once (push.js); after a gap
// (a push lost, late or from another version, a reconnect behind) the summary (ETag) brings the rest.
export function onPush(msg) {
  body.dataset.liveSeq = msg.seq;
  if (msg.seq === S.seq && msg.version === S.version && msg.etag) table.set({ etag: msg.etag }); // our own entry
  const verdict = decide({ seq: S.seq, version: S.version }, msg);
  if (verdict === "refetch") refresh(true);
  if (verdict !== "apply") return;
  // (the legal actions held follow the version held only once they are in: readySeq)
  const legal = S.readySeq === S.seq ? { next_seq: S.seq + 1, actions: S.legal, entry_form: S.form } : null;
  const done = applyPush({ seq: S.seq, version: S.version, summary: S.summary, history: S.history, claims: S.claims, claimForm: S.claimForm, events: S.events, legal }, msg);
  if (!done) { refresh(true); return; }
  const { view, need } = done;
  const patch = { ticket: S.ticket + 1, seq: view.seq, version: view.version, summary: view.summary, history: view.history, events: view.events, claims: view.claims, claimForm: view.claimForm };
  if (view.etag) patch.etag = view.etag;
  if (view.legal) Object.assign(patch, { legal: view.legal.actions || [], form: view.legal.entry_form || null, readySeq: view.seq, formSeq: view.seq });
  table.set(patch);
  saved.set("summary." + S.id, S.summary);
  saved.set("events." + S.id, S.events);
  if (need.history) fillHistory();
  if (need.legal) API.legal(S.id).then((legal) => { if (S.seq === view.seq) { apply({ summary: S.summary, claims: S.claims }, null, legal); renderAll(); } }).catch(() => {});
  renderAll();
}

// "Not live" in the header while the table is not live (no heartbeat: Redis or the live server
// down, the stream cut), after a short grace so that opening a page never flashes it.
let notLive = null;
function showLive(up) {
  let chip = $("#not-live");
  if (!chip) {
    chip = h("span", { id: "not-live", class: "not-live", role: "status", hidden: true, text: _("Not live") });
    ($("#net") || $("#title")).after(chip);
  }
  clearTimeout(notLive);
  if (up) chip.hidden = true;
  else notLive = setTimeout(() => { chip.hidden = false; }, 3000);
}

// Another phone's entry: the stream names the new seq, the summary (ETag) brings the rest. The
// stream opens with a ticket from the API (live.js); becoming live again catches up at once.
function listenLive() {
  body.dataset.live = "off";
  showLive(false);
  listen({
    url: `${body.dataset.api || "/api/v1/"}matches/${S.id}/live`,
    headers: { Accept: "text/event-stream", "Accept-Language": body.dataset.language || "en" },
    ticket: () => API.call(`matches/${S.id}/live-ticket`, { method: "POST", json: {} }).then((t) => t.ticket),
    onMessage: onPush,
    onState: (up) => { if (up && !S.live) refresh(false); table.set({ live: up }); body.dataset.live = up ? "on" : "off"; showLive(up); },
  });
}

export async function start() {
  if (!requireSignIn()) return;
  // For the browser tests and the console: the store's state and the page's actions.
  window.Companion = { S, store: table, API, flush, renderAll, onPush };
  const id = body.dataset.matchId;
  table.set({ id, summary: saved.get("summary." + id, null), history: saved.get("history." + id, null), events: saved.get("events." + id, []) });
  $$(".tabs button").forEach((b) => b.addEventListener("click", () => selectTab(b.dataset.tab)));
  $("#undo").addEventListener("click", async () => (await openTab("log")).undoLast());
  watchTyping();
  addEventListener("online", () => flush());
  // The record and the legal actions are asked for at once, beside the match.
  const events = API.events(S.id).catch(() => null);
  const legal = API.legal(S.id).catch(() => null);
  const match = await loadMatch();
  if (!match) return;
  table.set({ match, players: seatNames(match) });
  showTitle();
  // The match's answer carries its summary: the scoreboard is drawn from the first response.
  if (match.summary) apply(match, null, null);
  if (S.summary) renderAll();
  const forms = loadForms().then(() => S.entry.loadView(match.game));
  const [game, ev, lg] = await Promise.all([loadGame(match.game), events, legal, forms]);
  table.set({ game: game || { name: match.game, title: match.game, variants: [], events: {}, result_event_types: [] } });
  showTitle();
  if (S.summary || ev) apply(S.summary ? { summary: S.summary, claims: S.claims, last_seq: S.seq } : {}, ev, lg);
  renderAll();
  await S.rec.renderOutbox();
  flush();
  listenLive();
  // Poll while the screen is visible (rarely while the live stream is up); catch up at once when it comes back.
  let polled = 0;
  setInterval(() => {
    if (!document.hidden && (!S.live || Date.now() - polled >= LIVE_POLL_MS)) { polled = Date.now(); refresh(false); }
    if (S.pending.length) flush();
  }, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { refresh(false); flush(); } });
}
