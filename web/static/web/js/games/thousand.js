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
  // The declarer's marriages are in view; another player's open with one tap (the form stays short).
  const row = h("div", { class: "seat-row", hidden: !f.points.seats.includes(seat), dataset: { seat } });
  const toggle = h("button", { type: "button", class: "ghost marr-toggle", dataset: { marrToggle: seat }, "aria-expanded": "false",
    "aria-label": fmt(_("Marriages of %(name)s"), { name }), onclick: () => {
      const open = row.classList.toggle("marr-open");
      toggle.setAttribute("aria-expanded", String(open));
    } }, "♠♣♦♥");
  add(row, h("label", { class: "name", for: `cp-${seat}`, text: name }), st, noTrick, toggle,
    h("div", { class: "extra seg marriages" }, h("span", { class: "muted", text: _("Marriages") }), parts.marr[seat]),
    h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
  return row;
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
// `onChip`: a chip was tapped (the form moves on to the declarer's card points).
function contractBox(f, onChip = () => {}) {
  const st = stepper("contract", { min: f.min, max: f.max, step: f.step, value: f.default, label: _("Contract") });
  const input = $("input", st);
  const chips = h("div", { class: "seg chips", dataset: { field: "contract" } }, (f.chips || []).map((c) => h("button", { type: "button", dataset: { contract: c }, "aria-pressed": String(c === f.default), onclick: () => { input.value = c; paint(); onChip(); } }, String(c))));
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
    // Nothing typed yet is not an error; a sum put right clears the error it caused.
    const ok = total === f.points.total;
    sum.className = "sum " + (ok ? "ok" : state.typed.pts.size ? "bad" : "");
    if (ok) $$(`[data-error-for="card_points"], [data-error-for^="seat:"]`, sum.closest("form") || document).forEach((e) => { e.textContent = ""; });
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
    h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "card_points" } })));
  // Tricks are optional (the engine tells who took one from the card points): below Record.
  const tricks = h("div", { class: "stack", dataset: { part: "tricks" } }, tricksBox(f, parts, onTyped), h("p", { class: "error", dataset: { errorFor: "tricks" } }));
  return { el, tricks, update, putFirst };
}

export function entryView(type, form) {
  const f = fieldsOf(form);
  const el = h("form", { class: "stack", id: "thousand-form", novalidate: true });
  const ctx = { state: { kind: f.kind.default, reason: null, typed: { pts: new Set(), tricks: new Set() } }, parts: { pts: [], tricks: [], marr: [] } };
  const { state, parts } = ctx;
  ctx.raw = (which) => S.players.map((_x, s) => (parts[which][s] ? parts[which][s].value : ""));
  // After the contract chip, the declarer's card points are typed next: no tap into the field.
  const contract = contractBox(f.contract, () => {
    const input = declarer.value === null ? null : parts.pts[declarer.value];
    if (input && input.value === "") input.focus();
  });
  const played = pointsPart(f, ctx);
  const declarer = seatButtons("declarer", { only: f.declarer.seats, onChange: played.putFirst });
  const values = () => ({
    kind: state.kind, reason: state.reason, declarer: declarer.value, contract: contract.value(),
    card_points: perSeatValues(f.points, ctx.raw("pts"), {}, S.players.length),
    tricks: trickValues(f.tricks, ctx.raw("tricks"), S.players.length),
    marriages: S.players.map((_x, s) => (parts.marr[s] || []).filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.marriage)),
  });
  const declaring = h("div", { class: "stack", dataset: { part: "declaring" } },
    h("p", { class: "sr", text: _("Declarer") }), declarer, h("p", { class: "error", dataset: { errorFor: "declarer" } }),
    h("p", { class: "sr", text: _("Contract") }), contract.el, h("p", { class: "error", dataset: { errorFor: "contract" } }));
  const reasonBox = segment("reason", f.reason.choices, (r) => {
    state.reason = r; $$("button", reasonBox).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === r)));
  });
  const setKind = (k) => {
    state.kind = k;
    $$("#kind button", el).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === k)));
    played.el.hidden = !f.points.when.in.includes(k);
    played.tricks.hidden = played.el.hidden;
    declaring.hidden = !f.declarer.when.in.includes(k);
    reasonBox.hidden = !f.reason.when.in.includes(k);
  };
  add(el, h("h2", { text: fmt(_("Deal %(deal)s"), { deal: form.number }) }),
    f.kind.choices.length > 1 ? segment("kind", f.kind.choices, setKind) : null,
    reasonBox, declaring, played.el, submitRow(el, _("Record deal"), () => send(el, type, form, f, values())), played.tricks);
  setKind(state.kind);
  played.update();
  showNewRow();
  return el;
}

// After Record the scoreboard's new row is in view with the next deal's form under it: the form
// ends at the screen's bottom (it is short enough that the board's last rows show above it); on a
// screen too small for both, the new row wins. (The waiting row is drawn at once, the recorded one
// in its place.)
// When Record was tapped: each drawing of the next deal's form soon after (the phone's own guess,
// then the engine's answer) brings the new row into view again.
let recordedAt = 0;

function showNewRow() {
  if (Date.now() - recordedAt > 3000) return;
  requestAnimationFrame(() => {
    const rows = $$("#board tbody tr").filter((r) => !r.classList.contains("totals") && !r.classList.contains("settle"));
    const last = rows[rows.length - 1];
    const submit = $("#thousand-form [data-submit]");
    if (submit) submit.scrollIntoView({ block: "end" });
    if (last && last.getBoundingClientRect().top < 60) last.scrollIntoView({ block: "start" });
  });
}

function send(el, type, form, f, v) {
  if (f.declarer.when.in.includes(v.kind) && v.declarer === null) { showError(el, "declarer", _("Choose the declarer.")); return; }
  const broken = check(form, v);
  if (broken) { fieldError(el, asFieldError(broken)); return; }
  recordedAt = Date.now();
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
