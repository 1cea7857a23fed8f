// Recording: every entry goes into the outbox first, is sent at once when online and on reconnect
// otherwise; a conflict (another phone recorded first) shows both entries and lets the table decide.
import { $, $$, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt, ngettext } from "../i18n.js";
import { summaryAfterAppend } from "../api.js";
import { createOutbox, idbBackend, memoryBackend } from "../outbox.js";
import { API } from "../session.js";
import { table } from "../store.js";
import { applyOwnAnswer, baseOf, refresh, renderAll } from "./page.js";
import { renderBoard, renderStatus } from "./board.js";

const S = table.state;

function uuid4() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// This page's outbox (IndexedDB; in memory where a browser has none).
const outbox = createOutbox(globalThis.indexedDB ? idbBackend(indexedDB) : memoryBackend(), { uuid: uuid4 });

export async function record(type, payload, { onError, from, endpoint } = {}) {
  // The next seq follows the last one the phone knew when the entry was typed: the form's own seq,
  // or an entry of this phone still waiting in the outbox.
  const tab = from && from.closest(".tab");
  if (tab) delete tab.dataset.dirty;
  // A result entry's form is kept aside while the entry waits: refused, it comes back as typed.
  const form = tab && tab.id === "tab-entry" ? from.closest("form") : null;
  // Until the next hand's form replaces it (after the outbox write), nothing can be typed into the
  // form on its way: a fast player's next hand would go into it and vanish with it.
  if (form) form.inert = true;
  let entry;
  try {
    entry = await outbox.add(S.id, type, payload, { base: from ? baseOf(from) : S.seq, endpoint });
  } catch (e) {
    if (form) form.inert = false; // not stored: the form stays as typed
    throw e;
  }
  if (onError || form) {
    const handler = (e) => { if (form) putBack(form, tab); if (onError) onError(e); else toast(errorText(e, S.players), 6000); };
    table.update((s) => ({ errorHandlers: { ...s.errorHandlers, [entry.client_event_id]: handler } }));
  }
  await renderOutbox();
  if (form) nextForm(form, tab);
  await flush();
  return entry;
}

// The next hand's form at once (its number counts the entries waiting); another form being typed
// in the tab (a refused one put back) stays.
function nextForm(form, tab) {
  const others = $$("form", tab).filter((f) => f !== form);
  if (others.length) { form.remove(); tab.dataset.dirty = "1"; return; }
  if (S.entry) S.entry.renderEntry();
}

function putBack(form, tab) {
  form.inert = false;
  if (form.isConnected) return;
  if (tab.dataset.dirty === "1") tab.prepend(form); else tab.replaceChildren(form);
  // Kept as typed (renderAll leaves a form being typed in alone), against the record as it is now.
  tab.dataset.dirty = "1";
  tab.dataset.baseSeq = S.seq;
}

export async function renderOutbox() {
  const pending = (await outbox.forMatch(S.id)).filter((e) => !e.conflict);
  table.set({ pending });
  renderBoard(); // the entries waiting show on the scoreboard
  renderStatus(); // and the status names the hand the form is for
  const el = $("#outbox");
  el.hidden = pending.length === 0;
  el.textContent = fmt(ngettext("%(count)s entry waiting to be sent", "%(count)s entries waiting to be sent", pending.length), { count: pending.length });
  el.dataset.count = pending.length;
}

async function sent(entry, result) {
  // (claims and the history are loaded with their tabs)
  if (entry.endpoint === "claims") (await import("./claims.js")).claimAnswered(result);
  const ev = (result && (entry.endpoint === "claims" ? result.event || {} : result.event || result)) || {};
  const settled = result && Array.isArray(result.settled_seqs) ? result.settled_seqs : [];
  let seq = S.seq;
  if (settled.length) seq = Math.max(seq, ...settled);
  if (typeof ev.seq === "number") {
    seq = Math.max(seq, ev.seq);
    // A form that was up to date before this phone's own entry is still up to date after it.
    $$("[data-base-seq]").forEach((el) => { if (+el.dataset.baseSeq === ev.seq - 1) el.dataset.baseSeq = ev.seq; });
  }
  if (!entry.endpoint && result && result.summary) {
    // The full answer (what the phone asks for): its own board shows the new entry at once.
    table.set({ seq });
    applyOwnAnswer(result, { result: ((S.game && S.game.result_event_types) || []).includes(entry.type) });
    return;
  }
  // A compact answer (a client that asked for `Prefer: return=minimal`) carries the new totals: the
  // board shows them before the full reload.
  const summary = entry.endpoint === "claims" ? S.summary : summaryAfterAppend(S.summary, S.seq, result);
  const changed = summary !== S.summary;
  table.set({ seq, summary });
  if (changed) renderBoard();
}

export async function flush() {
  if (S.sending || !S.id) return;
  table.set({ sending: true });
  let worked = false;
  try {
    worked = await outbox.flush(S.id, {
      send: (entry) => (entry.endpoint === "claims" ? API.claim(S.id, entry) : API.append(S.id, entry)),
      onSent: sent,
      onConflict: showConflict,
      onRefused: (entry, e) => {
        const handler = S.errorHandlers[entry.client_event_id];
        if (handler) handler(e); else toast(errorText(e, S.players), 6000);
      },
    });
  } finally {
    table.set({ sending: false });
    await renderOutbox();
    if (worked) {
      await refresh(true);
      if (S.summary) { table.set({ lastKey: null }); renderAll(); }
      // An entry made while this pass was sending waits for no poll.
      if (S.pending.length) setTimeout(flush, 0);
    }
  }
}

async function showConflict(entry) {
  // The other phone's entry won: show it next to ours, and let the table decide.
  const { describe, whoWhen } = await import("./log.js");
  table.set({ events: await API.events(S.id).catch(() => S.events) });
  const winners = S.events.filter((ev) => ev.seq >= entry.expected_seq);
  // Shown where the user is looking (above the open tab's form), until it no longer applies.
  const box = $("#conflict");
  const here = $("#tab-" + S.tab);
  if (here) here.before(box);
  box.hidden = false;
  box.dataset.seq = "";
  const close = () => { box.hidden = true; box.replaceChildren(); };
  box.replaceChildren(
    h("strong", { text: _("Another phone recorded first.") }),
    h("p", { text: _("Recorded first:") }),
    h("ul", { class: "won" }, winners.map((ev) => h("li", { text: `#${ev.seq} ${describe(ev)} — ${whoWhen(ev)}` }))),
    h("p", {}, _("Your entry (not recorded):") + " ", h("em", { text: describe(entry) })),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "ghost", onclick: close }, _("Discard mine")),
      h("button", { type: "button", onclick: async () => { close(); await refresh(true); record(entry.type, entry.payload, { endpoint: entry.endpoint }); } }, _("Record mine as well"))));
  box.scrollIntoView({ block: "nearest" });
  await refresh(true);
  // Once the record moves past what the box shows (a later entry), it no longer applies (page.js).
  box.dataset.seq = S.seq;
}
