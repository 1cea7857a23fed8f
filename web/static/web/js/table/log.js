// The history tab: every entry in the words of its form, who recorded it when, and corrections
// (void, amend: an amend counts in the corrected entry's place; the history keeps both).
import { $, $$, confirmDialog, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
import { describeEntry, valueLabel } from "../format.js";
import { saved, table } from "../store.js";
import { genericForm } from "../forms/generic.js";
import { claimText } from "./claims.js";
import { record } from "./record.js";

const S = table.state;

// Corrections name a game event: not a correction, not a claim (docs/record-format.md).
export const NOT_CORRECTABLE = new Set(["void", "amend", "claim", "claim_accept"]);

export function describe(ev) {
  const p = ev.payload || {};
  if (ev.type === "void") return fmt(_("Voided entry #%(seq)s"), { seq: p.seq });
  if (ev.type === "claim") {
    const v = p.verdict || {};
    return claimText(p) + (v.status ? " — " + valueLabel(v.status) : "");
  }
  if (ev.type === "claim_accept") return fmt(_("Claim #%(seq)s accepted by %(name)s"), { seq: p.seq, name: S.players[p.seat] ?? p.seat });
  if (ev.type === "amend") return fmt(_("Corrected entry #%(seq)s"), { seq: p.seq }) + (p.payload ? ": " + describe({ type: p.type, payload: p.payload }) : "");
  if (Array.isArray(p.points) && p.points.length === S.players.length) return S.players.map((n, i) => `${n} ${p.points[i]}`).join(", ");
  return describeEntry(ev.type, p, S.players);
}

export function whoWhen(ev) {
  let who = ev.recorded_by_name || (ev.recorded_by && (ev.recorded_by.name || ev.recorded_by.username)) || ev.recorded_by || "?";
  if (who === saved.get("username", null)) who = saved.get("me", who);
  else if (/^guest-/.test(who)) who = _("a guest");
  const when = ev.recorded_at ? new Date(ev.recorded_at).toLocaleString(document.body.dataset.language, { dateStyle: "short", timeStyle: "short" }) : "";
  return fmt(_("%(who)s at %(when)s"), { who, when });
}

const latestBy = (type) => {
  const map = new Map();
  for (const ev of S.events) if (ev.type === type && ev.payload) map.set(ev.payload.seq, ev);
  return map;
};
export const voidedMap = () => latestBy("void");
// The latest amend of each game event.
export const amendedMap = () => latestBy("amend");

// The game events that count, in order, each in its corrected form (voided ones skipped).
export function countingEvents() {
  const voided = voidedMap();
  const amended = amendedMap();
  const out = [];
  for (const ev of S.events) {
    if (NOT_CORRECTABLE.has(ev.type) || voided.has(ev.seq)) continue;
    const fix = amended.get(ev.seq);
    out.push(fix ? { type: fix.payload.type, payload: fix.payload.payload || {} } : { type: ev.type, payload: ev.payload || {} });
  }
  return out;
}

function logItem(ev, voided, amended, amendable) {
  const by = voided.get(ev.seq);
  const fix = amended.get(ev.seq);
  const li = h("li", { value: ev.seq, class: by ? "voided" : fix ? "amended" : null, dataset: { seq: ev.seq } },
    h("div", { class: "what", text: describe(ev) }),
    h("div", { class: "who", text: whoWhen(ev) }),
    by ? h("div", { class: "who", text: fmt(_("Voided by %(who)s"), { who: whoWhen(by) }) }) : null,
    fix && !by ? h("div", { class: "who fix", text: fmt(_("Corrected by %(who)s: %(what)s"), { who: whoWhen(fix), what: describe({ type: fix.payload.type, payload: fix.payload.payload || {} }) }) }) : null);
  if (!by && !NOT_CORRECTABLE.has(ev.type)) {
    li.append(h("div", { class: "actions" },
      amendable.has(ev.type) || amendable.has(fix && fix.payload.type) ? h("button", { type: "button", class: "ghost", dataset: { amend: ev.seq }, onclick: () => amendEntry(ev, li) }, _("Correct…")) : null,
      h("button", { type: "button", class: "ghost", dataset: { void: ev.seq }, onclick: () => voidEntry(ev) }, _("Void…"))));
  }
  return li;
}

export function renderLog() {
  // A correction being typed stays on the screen; the log catches up once it is sent or cancelled.
  if (S.amending !== null && $("#amend-form")) return;
  const voided = voidedMap();
  const amended = amendedMap();
  const amendable = new Set((S.game && S.game.result_event_types) || []);
  const items = [...S.events].reverse().map((ev) => logItem(ev, voided, amended, amendable));
  const ol = $("#log");
  ol.replaceChildren(...items);
  if (!items.length) ol.append(h("li", { class: "muted", text: _("Nothing recorded yet.") }));
}

async function voidEntry(ev) {
  const ok = await confirmDialog(fmt(_("Void entry #%(seq)s (%(what)s)? It stays in the history, but no longer counts."), { seq: ev.seq, what: describe(ev) }), _("Void"));
  if (ok) record("void", { seq: ev.seq });
}

// The event's fields this table does not play (the engine's entry form leaves them out under its
// house rules: no J♦ question with the J♦ rule off) and the entry left empty: not asked again.
function notPlayedHere(type, current) {
  const described = S.form && S.form.type === type && Array.isArray(S.form.fields) ? new Set(S.form.fields.map((f) => f.name)) : null;
  if (!described) return undefined;
  const set = (v) => !(v === null || v === undefined || v === false || (Array.isArray(v) && !v.length));
  const props = Object.keys(((S.game.events || {})[type] || {}).properties || {});
  return new Set(props.filter((k) => !described.has(k) && !set(current[k])));
}

// Correct an entry: the same form as the entry, filled with what counts now.
function amendEntry(ev, li) {
  $$("#amend-form").forEach((el) => el.remove());
  const fix = amendedMap().get(ev.seq);
  const type = fix ? fix.payload.type : ev.type;
  const current = fix ? fix.payload.payload || {} : ev.payload || {};
  table.set({ amending: ev.seq });
  const close = () => { table.set({ amending: null }); renderLog(); };
  const form = genericForm(type, current, {
    skip: notPlayedHere(type, current),
    title: fmt(_("Correct entry #%(seq)s"), { seq: ev.seq }),
    submitLabel: _("Correct"),
    onSend: async (payload, from) => {
      const what = describe({ type, payload });
      const ok = await confirmDialog(fmt(_("Correct entry #%(seq)s to: %(what)s? The entry as first recorded stays in the history."), { seq: ev.seq, what }), _("Correct"));
      if (!ok) return;
      const entry = record("amend", { seq: ev.seq, type, payload }, { from, onError: (e) => toast(errorText(e, S.players), 6000) });
      table.set({ amending: null });
      await entry;
      renderLog();
    },
  });
  li.append(h("div", { class: "card amend", id: "amend-form", dataset: { baseSeq: S.seq } }, form,
    h("button", { type: "button", class: "ghost", dataset: { cancel: "amend" }, onclick: close }, _("Cancel"))));
  form.scrollIntoView({ block: "nearest" });
}

export async function undoLast() {
  const voided = voidedMap();
  const last = [...S.events].reverse().find((e) => !NOT_CORRECTABLE.has(e.type) && !voided.has(e.seq));
  if (!last) { toast(_("Nothing to undo.")); return; }
  const ok = await confirmDialog(fmt(_("Undo the last entry (#%(seq)s: %(what)s)?"), { seq: last.seq, what: describe(last) }), _("Undo"));
  if (ok) record("void", { seq: last.seq });
}
