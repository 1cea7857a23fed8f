// Hearts: penalty points per player with the running sum, a moon button per player, the shooter's
// choice, the J♦ and no-trick extras; every number from the engine's entry form (26, or 117 with
// spot hearts; each card's points in the help line: hearts-help.js).
import { $, $$, add, h } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { valueLabel } from "../format.js";
import { pointsHelp } from "./hearts-help.js";
import { table } from "../store.js";
import { fieldError, seatButtons, stepper, submitRow } from "../forms/controls.js";
import { check, fieldOf, fillLast, payloadOf, perSeatValues, sumOf } from "../forms/engine.js";
import { asFieldError } from "../forms/messages.js";
import { record } from "../table/record.js";

const S = table.state;

function moonChoiceBox(field) {
  return h("div", { hidden: true }, h("p", { text: _("The shooter chooses:") }),
    h("div", { class: "seg", id: "moon-choice" }, field.choices.map((val) =>
      h("button", { type: "button", dataset: { choice: val }, onclick: (e) => { $$("#moon-choice button").forEach((b) => b.classList.toggle("on", b === e.currentTarget)); } },
        valueLabel(val, { points: field.points })))));
}

// `typed`: the seats whose points someone typed (the last one left is filled in from the total).
function pointRows(field, inputs, typed, update) {
  const moon = field.shortcut && field.shortcut.value;
  return S.players.map((name, seat) => {
    const onInput = () => { if (inputs[seat].value === "") typed.delete(seat); else typed.add(seat); update(); };
    const st = stepper(`pts-${seat}`, { min: field.min, max: field.max, value: "", onInput, label: fmt(_("Penalty points of %(name)s"), { name }) });
    const input = $("input", st);
    input.placeholder = "0";
    inputs.push(input);
    // One tap: the shooter took every point (then Record: the moon in 2 taps).
    // (the name starts with the visible "☾ 26", then says whose moon: a name without the visible
    // text fails voice control — axe: label-content-name-mismatch)
    const shoot = moon ? h("button", { type: "button", class: "ghost", dataset: { moon: seat }, title: _("Shot the moon"),
      "aria-label": `☾ ${moon}: ${fmt(_("%(name)s shot the moon"), { name })}`, onclick: () => {
        inputs.forEach((i, s) => { i.value = s === seat ? moon : 0; typed.add(s); });
        update();
      } }, `☾ ${moon}`) : null;
    return h("div", { class: "seat-row" }, h("label", { class: "name", for: `pts-${seat}`, text: name }), h("div", { class: "ctl" }, st, shoot),
      h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
  });
}

export function entryView(type, form) {
  const field = fieldOf(form, "points");
  const moonField = fieldOf(form, "moon_choice");
  const jdField = fieldOf(form, "jd_taker");
  const el = h("form", { class: "stack", id: "hearts-form", novalidate: true });
  const inputs = [];
  const typed = new Set();
  const sum = h("p", { class: "sum", dataset: { sum: "1" }, "aria-live": "polite" });
  const moonChoice = moonChoiceBox(moonField || { choices: [] });
  const values = () => ({ points: perSeatValues(field, inputs.map((i) => i.value), {}, S.players.length) });
  const update = () => {
    // The one player nobody typed gets what the others leave of the engine's total (26, 117 …).
    inputs.forEach((i, s) => { if (!typed.has(s) && i.dataset.filled) { i.value = ""; delete i.dataset.filled; } });
    const fill = fillLast(field, inputs.map((i) => i.value), typed, {});
    if (fill) { inputs[fill.seat].value = fill.value; inputs[fill.seat].dataset.filled = "1"; }
    const total = sumOf(field, values().points, {});
    sum.textContent = fmt(_("Total %(total)s of %(expected)s"), { total, expected: field.total });
    // red only once something is typed: an empty form is not wrong yet
    sum.className = "sum " + (total === field.total ? "ok" : typed.size ? "bad" : "");
    moonChoice.hidden = !(moonField && values().points.includes(moonField.when.has));
  };
  const rows = pointRows(field, inputs, typed, update);
  const help = pointsHelp(field);
  const jd = jdField ? seatButtons("jd_taker", {}) : null;
  const noTricks = fieldOf(form, "no_tricks") ? seatButtons("no_tricks", { multi: true }) : null;
  add(el,
    h("h2", { text: fmt(_("Hand %(hand)s: penalty points"), { hand: form.number }) }),
    help ? h("p", { class: "muted", text: help }) : null,
    h("div", { class: "seat-rows" }, rows),
    h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "points" } })),
    moonChoice,
    jd ? h("div", {}, h("p", { text: jdField.card === "TD" ? _("Who took the 10♦?") : _("Who took the J♦?") }), jd, h("p", { class: "error", dataset: { errorFor: "jd_taker" } })) : null,
    noTricks ? h("div", {}, h("p", { text: _("Who took no trick?") }), noTricks) : null,
    submitRow(el, _("Record hand"), () => {
      const chosen = $("#moon-choice button.on", el);
      const v = { ...values(), jd_taker: jd ? jd.value : null, no_tricks: noTricks ? noTricks.value : [], moon_choice: !moonChoice.hidden && chosen ? chosen.dataset.choice : null };
      const broken = check(form, v);
      if (broken) { fieldError(el, asFieldError(broken)); return; }
      // (the next hand's form replaces this one; a refused hand comes back as typed: record.js)
      record(type, payloadOf(form, v), { from: el, onError: (e) => fieldError(el, e, { [field.total_code]: "points", jd_taker_required: "jd_taker", moon_choice_required: "points" }) });
    }));
  update();
  return el;
}
