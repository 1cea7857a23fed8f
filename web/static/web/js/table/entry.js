// The "Enter" tab: the result entry the engine expects next. Games with a view of their own
// (games/<name>.js, loaded with the page) get it; any other described form is generated from the
// engine's entry form; without one, from the event's JSON Schema.
import { $, h } from "../dom.js";
import { _ } from "../i18n.js";
import { label } from "../format.js";
import { table } from "../store.js";
import { engineForm } from "../forms/engine-view.js";
import { genericForm } from "../forms/generic.js";
import { nextNumber, waitingResults } from "../pending.js";

const S = table.state;

// The games with a view of their own, loaded when a table of that game opens.
export const VIEWS = {
  hearts: () => import("../games/hearts.js"),
  thousand: () => import("../games/thousand.js"),
};

export async function loadView(name) {
  const load = VIEWS[name];
  table.set({ view: load ? await load().catch(() => null) : null });
}

// The fields a table needs every hand when the engine describes no form; the others wait under "More".
const MAIN_FIELDS = { president: ["order"], tonk: ["end", "by", "counts"], tshirt: ["round", "judge", "winner", "value", "boo_yah"] };

const legalOf = (type) => S.legal.filter((a) => a.type === type);

export function renderEntry() {
  const root = $("#tab-entry");
  if (!S.summary) return;
  if (S.summary.finished) {
    root.replaceChildren(h("p", { class: "finished", text: _("The match is over. Corrections are still possible in the history.") }));
    return;
  }
  const resultTypes = S.game.result_event_types || [];
  let type = resultTypes.find((t) => !S.legal.length || legalOf(t).length);
  if (!type && S.legal.length) {
    // Something must come first (e.g. the T-Shirt Game's seating): offer exactly that.
    const first = S.legal.find((a) => !["end_session", "end_evening"].includes(a.type)) || S.legal[0];
    root.replaceChildren(genericForm(first.type, first, { title: label(first.type) }));
    return;
  }
  type = type || resultTypes[0];
  if (type && S.form && S.form.type === type) {
    // The hands still waiting in the outbox come before this one: its number counts them.
    const form = nextNumber(S.form, waitingResults(S.pending, resultTypes));
    root.replaceChildren(S.view ? S.view.entryView(type, form) : engineForm(type, form));
    return;
  }
  if (type) {
    const props = ((S.game.events || {})[type] || {}).properties || {};
    const hints = {};
    for (const key of ["round", "judge", "hand"]) if (key in props && typeof S.summary[key] === "number") hints[key] = S.summary[key];
    const main = MAIN_FIELDS[S.game.name] ? new Set(MAIN_FIELDS[S.game.name]) : null;
    root.replaceChildren(genericForm(type, Object.assign(hints, legalOf(type)[0] || {}), { main }));
    return;
  }
  root.replaceChildren(h("p", { class: "muted", text: _("Use the card-by-card tab to record this game.") }));
}
