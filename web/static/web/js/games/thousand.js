// Thousand: a deal in a few taps, as a dedicated counter takes it — outcome (played by default),
// declarer, a contract chip, the declarer's card points first, then the opponents' (the last one
// filled with what is left, "no trick" for none), marriages by tapping the suit; tricks only under
// "Tricks" when a trick worth nothing must be told apart. Rospisat': outcome, declarer, record.
// Every number (120 card points, 8 or 10 tricks, the minimum, the contract chips, the outcomes the
// house allows, who sits out) comes from the engine's entry form.
//
// It also draws the sheet's cells as paper does (boardCell: Р, bolts, the barrel, fines) and
// explains one cell in the engine's words (explainCell), from the summary's `cells`.
import { $, $$, add, h, showError } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { SUITS, valueLabel } from "../format.js";
import { table } from "../store.js";
import { fieldError, seatButtons, stepper, submitRow } from "../forms/controls.js";
import { check, fieldOf, fillLast, payloadOf, perSeatValues, sumOf } from "../forms/engine.js";
import { asFieldError } from "../forms/messages.js";
import { record } from "../table/record.js";
import { cellMarks, cellWhy, trickValues } from "./thousand-sheet.js";

const S = table.state;

function marriageButtons(seat, f) {
  return f.marriages.suits.map((suit) => h("button", { type: "button", class: "ghost" + (suit === "H" || suit === "D" ? " suit-h" : ""), dataset: { marriage: suit, seat }, "aria-pressed": "false",
    "aria-label": fmt(_("Marriage %(suit)s"), { suit: SUITS[suit] }), onclick: (e) => e.currentTarget.setAttribute("aria-pressed", String(e.currentTarget.getAttribute("aria-pressed") !== "true")) }, SUITS[suit]));
}

function seatRow(name, seat, f, parts, onTyped) {
  const st = stepper(`cp-${seat}`, { min: f.points.min, max: f.points.max, step: 5, value: "", label: fmt(_("Card points of %(name)s"), { name }) });
  const input = $("input", st);
  input.step = 1;
  input.placeholder = "0";
  input.addEventListener("input", () => { delete input.dataset.auto; onTyped("pts", seat); });
  parts.pts[seat] = input;
  parts.marr[seat] = marriageButtons(seat, f);
  const noTrick = h("button", { type: "button", class: "ghost", dataset: { notrick: seat }, onclick: () => {
    parts.pts[seat].value = 0;
    if (parts.tricks[seat]) parts.tricks[seat].value = "";
    parts.marr[seat].forEach((b) => b.setAttribute("aria-pressed", "false"));
    onTyped("pts", seat);
  } }, _("no trick"));
  return h("div", { class: "seat-row", hidden: !f.points.seats.includes(seat), dataset: { seat } },
    h("label", { class: "name", for: `cp-${seat}`, text: name }), st,
    h("div", { class: "extra seg marriages" }, h("span", { class: "muted", text: _("Marriages") }), parts.marr[seat], noTrick),
    h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
}

// Tricks are optional (the engine tells who took one from the card points): folded away.
function tricksBox(f, parts, onTyped) {
  const rows = f.tricks.seats.map((seat) => {
    const tr = stepper(`tr-${seat}`, { min: f.tricks.min, max: f.tricks.max, value: "", label: fmt(_("Tricks of %(name)s"), { name: S.players[seat] }) });
    parts.tricks[seat] = $("input", tr);
    parts.tricks[seat].placeholder = "–";
    parts.tricks[seat].addEventListener("input", () => onTyped("tricks", seat));
    return h("div", { class: "seat-row" }, h("label", { class: "name", for: `tr-${seat}`, text: S.players[seat] }), tr);
  });
  return h("details", { class: "more", dataset: { part: "tricks" } }, h("summary", { text: _("Tricks") }), h("div", { class: "seat-rows" }, rows));
}

function segment(id, choices, onPick) {
  return h("div", { class: "seg", id }, choices.map((c) => h("button", { type: "button", dataset: { value: c }, "aria-pressed": "false", onclick: () => onPick(c) }, valueLabel(c))));
}

// The contract: one tap on a chip the engine suggests, or the stepper for any other bid.
function contractBox(f) {
  const st = stepper("contract", { min: f.min, max: f.max, step: f.step, value: f.default, label: _("Contract") });
  const input = $("input", st);
  const chips = h("div", { class: "seg chips", dataset: { field: "contract" } }, (f.chips || []).map((c) => h("button", { type: "button", dataset: { contract: c }, "aria-pressed": String(c === f.default), onclick: () => { input.value = c; paint(); } }, String(c))));
  const paint = () => $$("button", chips).forEach((b) => b.setAttribute("aria-pressed", String(+b.dataset.contract === parseInt(input.value, 10))));
  input.addEventListener("input", paint);
  $$("button", st).forEach((b) => b.addEventListener("click", paint));
  return { el: h("div", { class: "stack" }, chips, st), value: () => parseInt(input.value, 10) };
}

function fieldsOf(form) {
  return { kind: fieldOf(form, "kind"), reason: fieldOf(form, "reason"), declarer: fieldOf(form, "declarer"), contract: fieldOf(form, "contract"),
    points: fieldOf(form, "card_points"), tricks: fieldOf(form, "tricks"), marriages: fieldOf(form, "marriages") };
}

// Card points (declarer's row first), the running sum, tricks folded away. `ctx` holds the form's
// state and its inputs; `update` fills the one seat nobody typed in with what is left (§2.2).
function pointsPart(f, ctx) {
  const { state, parts } = ctx;
  const sum = h("p", { class: "sum", dataset: { sum: "1" } });
  const update = () => {
    for (const [which, field] of [["pts", f.points], ["tricks", f.tricks]]) {
      if (which === "tricks" && !state.typed.tricks.size) continue; // tricks only once begun
      const fill = fillLast(field, ctx.raw(which), state.typed[which], {});
      if (fill) { parts[which][fill.seat].value = fill.value; parts[which][fill.seat].dataset.auto = "1"; }
    }
    const total = sumOf(f.points, perSeatValues(f.points, ctx.raw("pts"), {}, S.players.length), {});
    sum.textContent = fmt(_("Card points %(total)s of %(expected)s"), { total, expected: f.points.total });
    sum.className = "sum " + (total === f.points.total ? "ok" : "bad");
  };
  const onTyped = (which, s) => { state.typed[which].add(s); update(); };
  const rows = S.players.map((name, seat) => seatRow(name, seat, f, parts, onTyped));
  const rowBox = h("div", { class: "seat-rows" }, rows);
  // The declarer's row comes first: their card points are the number typed first.
  const putFirst = (d) => {
    rowBox.replaceChildren(...(d === null ? rows : [rows[d], ...rows.filter((_r, i) => i !== d)]));
    rows.forEach((r, i) => r.classList.toggle("declarer", i === d));
  };
  const el = h("div", { class: "stack", dataset: { part: "played" } }, rowBox,
    h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "card_points" } })),
    tricksBox(f, parts, onTyped), h("p", { class: "error", dataset: { errorFor: "tricks" } }));
  return { el, update, putFirst };
}

export function entryView(type, form) {
  const f = fieldsOf(form);
  const el = h("form", { class: "stack", id: "thousand-form", novalidate: true });
  const ctx = { state: { kind: f.kind.default, reason: null, typed: { pts: new Set(), tricks: new Set() } }, parts: { pts: [], tricks: [], marr: [] } };
  const { state, parts } = ctx;
  ctx.raw = (which) => S.players.map((_x, s) => (parts[which][s] ? parts[which][s].value : ""));
  const contract = contractBox(f.contract);
  const played = pointsPart(f, ctx);
  const declarer = seatButtons("declarer", { only: f.declarer.seats, onChange: played.putFirst });
  const values = () => ({
    kind: state.kind, reason: state.reason, declarer: declarer.value, contract: contract.value(),
    card_points: perSeatValues(f.points, ctx.raw("pts"), {}, S.players.length),
    tricks: trickValues(f.tricks, ctx.raw("tricks"), S.players.length),
    marriages: S.players.map((_x, s) => (parts.marr[s] || []).filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.marriage)),
  });
  const declaring = h("div", { class: "stack", dataset: { part: "declaring" } },
    h("p", { text: _("Declarer") }), declarer, h("p", { class: "error", dataset: { errorFor: "declarer" } }),
    h("p", { text: _("Contract") }), contract.el, h("p", { class: "error", dataset: { errorFor: "contract" } }));
  const reasonBox = segment("reason", f.reason.choices, (r) => {
    state.reason = r; $$("button", reasonBox).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === r)));
  });
  const setKind = (k) => {
    state.kind = k;
    $$("#kind button", el).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === k)));
    played.el.hidden = !f.points.when.in.includes(k);
    declaring.hidden = !f.declarer.when.in.includes(k);
    reasonBox.hidden = !f.reason.when.in.includes(k);
  };
  add(el, h("h2", { text: fmt(_("Deal %(deal)s"), { deal: form.number }) }),
    f.kind.choices.length > 1 ? segment("kind", f.kind.choices, setKind) : null,
    reasonBox, declaring, played.el, submitRow(el, _("Record deal"), () => send(el, type, form, f, values())));
  setKind(state.kind);
  played.update();
  return el;
}

function send(el, type, form, f, v) {
  if (f.declarer.when.in.includes(v.kind) && v.declarer === null) { showError(el, "declarer", _("Choose the declarer.")); return; }
  const broken = check(form, v);
  if (broken) { fieldError(el, asFieldError(broken)); return; }
  record(type, payloadOf(form, v), { from: el, onError: (e) => fieldError(el, e, { [f.points.total_code]: "card_points", [f.tricks.total_code]: "tricks", contract_below_minimum: "contract", bid_below_minimum: "contract", bid_off_step: "contract" }) });
}

// The sheet's cell (table/board.js asks): the number, then what paper writes beside it; a 0 that
// paper writes as Р or a bolt is not written (§8.1, §10).
export function boardCell(entry, seat, shown) {
  if (!entry || !Array.isArray(entry.cells)) return null;
  const marks = cellMarks(entry, seat);
  const instead = marks.some((m) => m.kind === "rospisat" || m.kind === "bolt") && entry.cells[seat].score === 0;
  return [instead ? null : shown, ...marks.map((m) => h("span", { class: `mark ${m.kind}`, title: m.title, dataset: { mark: m.kind } }, m.symbol))];
}

// "Why?" on a cell: the engine's heading, that player's lines in that deal, the total after it.
export const explainCell = cellWhy;
