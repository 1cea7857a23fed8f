// Thousand: outcome, declarer and contract, then card points and tricks for the active seats (the
// last one filled with what is left) and their marriages. Every number (120 card points, 8 or 10
// tricks, the minimum contract and its step, the outcomes the house allows, who sits out) comes
// from the engine's entry form.
import { $, $$, add, h, showError } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { SUITS, valueLabel } from "../format.js";
import { table } from "../store.js";
import { fieldError, seatButtons, stepper, submitRow } from "../forms/controls.js";
import { check, fieldOf, fillLast, payloadOf, perSeatValues, sumOf } from "../forms/engine.js";
import { asFieldError } from "../forms/messages.js";
import { record } from "../table/record.js";

const S = table.state;

function seatRow(name, seat, f, parts, onTyped) {
  const st = stepper(`cp-${seat}`, { min: f.points.min, max: f.points.max, step: 5, value: "", label: fmt(_("Card points of %(name)s"), { name }) });
  const input = $("input", st);
  input.step = 1;
  input.placeholder = "0";
  input.addEventListener("input", () => { delete input.dataset.auto; onTyped("pts", seat); });
  parts.pts[seat] = input;
  const tr = stepper(`tr-${seat}`, { min: f.tricks.min, max: f.tricks.max, value: "", label: fmt(_("Tricks of %(name)s"), { name }) });
  parts.tricks[seat] = $("input", tr);
  parts.tricks[seat].placeholder = "0";
  parts.tricks[seat].addEventListener("input", () => onTyped("tricks", seat));
  const noTrick = h("button", { type: "button", class: "ghost", dataset: { notrick: seat }, onclick: () => {
    parts.tricks[seat].value = 0; parts.pts[seat].value = 0;
    parts.marr[seat].forEach((b) => b.setAttribute("aria-pressed", "false"));
    onTyped("pts", seat); onTyped("tricks", seat);
  } }, _("no trick"));
  parts.marr[seat] = f.marriages.suits.map((suit) => h("button", { type: "button", class: "ghost" + (suit === "H" || suit === "D" ? " suit-h" : ""), dataset: { marriage: suit, seat }, "aria-pressed": "false",
    "aria-label": fmt(_("Marriage %(suit)s"), { suit: SUITS[suit] }), onclick: (e) => e.currentTarget.setAttribute("aria-pressed", String(e.currentTarget.getAttribute("aria-pressed") !== "true")) }, SUITS[suit]));
  return h("div", { class: "seat-row", hidden: !f.points.seats.includes(seat), dataset: { seat } },
    h("label", { class: "name", for: `cp-${seat}`, text: name }), st,
    h("div", { class: "extra" }, h("span", { class: "muted", text: _("Tricks") }), tr, noTrick),
    h("div", { class: "extra seg marriages" }, h("span", { class: "muted", text: _("Marriages") }), parts.marr[seat]),
    h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
}

function segment(id, field, choices, onPick) {
  return h("div", { class: "seg", id, dataset: { field: field.name } }, choices.map((c) => h("button", { type: "button", dataset: { value: c }, "aria-pressed": "false", onclick: () => onPick(c) }, valueLabel(c))));
}

export function entryView(type, form) {
  const f = { kind: fieldOf(form, "kind"), reason: fieldOf(form, "reason"), declarer: fieldOf(form, "declarer"), contract: fieldOf(form, "contract"),
    points: fieldOf(form, "card_points"), tricks: fieldOf(form, "tricks"), marriages: fieldOf(form, "marriages") };
  const el = h("form", { class: "stack", id: "thousand-form", novalidate: true });
  const state = { kind: f.kind.default, reason: null, typed: { pts: new Set(), tricks: new Set() } };
  const parts = { pts: [], tricks: [], marr: [] };
  const sum = h("p", { class: "sum", dataset: { sum: "1" } });
  const declarer = seatButtons("declarer", { only: f.declarer.seats });
  const contract = stepper("contract", { min: f.contract.min, max: f.contract.max, step: f.contract.step, value: f.contract.default, label: _("Contract") });
  const raw = (which) => parts[which].map((i) => i.value);
  const values = () => ({
    kind: state.kind, reason: state.reason, declarer: declarer.value, contract: parseInt($("#contract", contract).value, 10),
    card_points: perSeatValues(f.points, raw("pts"), {}, S.players.length), tricks: perSeatValues(f.tricks, raw("tricks"), {}, S.players.length),
    marriages: S.players.map((_x, s) => (parts.marr[s] || []).filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.marriage)),
  });
  // The one field nobody has typed in is filled with what is left (§2.2).
  const update = () => {
    for (const [which, field] of [["pts", f.points], ["tricks", f.tricks]]) {
      const fill = fillLast(field, raw(which), state.typed[which], {});
      if (fill) { parts[which][fill.seat].value = fill.value; parts[which][fill.seat].dataset.auto = "1"; }
    }
    const total = sumOf(f.points, values().card_points, {});
    sum.textContent = fmt(_("Card points %(total)s of %(expected)s"), { total, expected: f.points.total });
    sum.className = "sum " + (total === f.points.total ? "ok" : "bad");
  };
  const rows = S.players.map((name, seat) => seatRow(name, seat, f, parts, (which, s) => { state.typed[which].add(s); update(); }));
  const played = h("div", { class: "stack", dataset: { part: "played" } }, h("div", { class: "seat-rows" }, rows),
    h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "card_points" } }), h("p", { class: "error", dataset: { errorFor: "tricks" } })));
  const declaring = h("div", { class: "stack", dataset: { part: "declaring" } },
    h("p", { text: _("Declarer") }), declarer, h("p", { class: "error", dataset: { errorFor: "declarer" } }),
    h("label", { for: "contract", text: _("Contract") }), contract, h("p", { class: "error", dataset: { errorFor: "contract" } }));
  const reasonBox = segment("reason", f.reason, f.reason.choices, (r) => {
    state.reason = r; $$("button", reasonBox).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === r)));
  });
  const setKind = (k) => {
    state.kind = k;
    $$("#kind button", el).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === k)));
    played.hidden = !f.points.when.in.includes(k);
    declaring.hidden = !f.declarer.when.in.includes(k);
    reasonBox.hidden = !f.reason.when.in.includes(k);
  };
  add(el,
    h("h2", { text: fmt(_("Deal %(deal)s"), { deal: form.number }) }),
    f.kind.choices.length > 1 ? segment("kind", f.kind, f.kind.choices, setKind) : null,
    reasonBox, declaring, played,
    submitRow(el, _("Record deal"), () => {
      const v = values();
      if (f.declarer.when.in.includes(v.kind) && v.declarer === null) { showError(el, "declarer", _("Choose the declarer.")); return; }
      const broken = check(form, v);
      if (broken) { fieldError(el, asFieldError(broken)); return; }
      record(type, payloadOf(form, v), { from: el, onError: (e) => fieldError(el, e, { [f.points.total_code]: "card_points", [f.tricks.total_code]: "tricks", contract_below_minimum: "contract", bid_off_step: "contract" }) });
    }));
  setKind(state.kind);
  update();
  return el;
}
