// A result-entry form generated from the engine's description (forms/engine.js): the described
// fields first, the event's other fields (from the catalogue's schema) under "More".
import { $, $$, add, h } from "../dom.js";
import { _, fmt } from "../i18n.js";
import { label, valueLabel } from "../format.js";
import { table } from "../store.js";
import { record } from "../table/record.js";
import { fieldError, seatButtons, stepper, submitRow } from "./controls.js";
import { askedSeats, check, fillLast, payloadOf, perSeatValues, visible } from "./engine.js";
import { schemaField } from "./generic.js";
import { asFieldError } from "./messages.js";
import { FIELD_OF, payloadOf as schemaPayload } from "./schema.js";

const S = table.state;

function perSeatControl(field, refresh) {
  const typed = new Set();
  const inputs = S.players.map((p, i) => h("input", { class: "num", type: "number", inputmode: "numeric", min: field.min, max: field.max, "aria-label": `${label(field.name)}: ${p}`, dataset: { seat: i }, placeholder: "0" }));
  const rows = S.players.map((p, i) => h("div", { class: "seat-row", dataset: { seat: i } }, h("span", { class: "name", text: p }), inputs[i],
    h("p", { class: "error", dataset: { errorFor: `seat:${i}` } })));
  inputs.forEach((input, i) => input.addEventListener("input", () => { typed.add(i); refresh(); }));
  const el = h("div", { class: "seat-rows", dataset: { field: field.name } }, rows);
  return {
    el,
    raw: () => inputs.map((i) => i.value),
    // Only the asked seats show; the one left untyped gets what is left of the total.
    paint(values) {
      const asked = askedSeats(field, values);
      rows.forEach((row, i) => { row.hidden = !asked.includes(i); });
      const fill = fillLast(field, inputs.map((i) => i.value), typed, values);
      if (fill) inputs[fill.seat].value = fill.value;
    },
    get: (values) => perSeatValues(field, inputs.map((i) => i.value), values, S.players.length),
  };
}

function choiceControl(field, refresh) {
  let value = field.default ?? (field.nullable ? null : field.choices[0]);
  const el = h("div", { class: "seg", dataset: { field: field.name } }, field.choices.map((c) => h("button", { type: "button", dataset: { value: c }, "aria-pressed": String(c === value), onclick: (e) => {
    value = c; $$("button", el).forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget))); refresh();
  } }, valueLabel(c, field))));
  return { el, get: () => value };
}

function control(field, refresh) {
  switch (field.kind) {
    case "per_seat": return perSeatControl(field, refresh);
    case "seats": { const el = seatButtons(field.name, { multi: true, only: field.seats, onChange: refresh }); return { el, get: () => el.value }; }
    case "seat": { const el = seatButtons(field.name, { nullable: field.nullable, only: field.seats, onChange: refresh }); return { el, get: () => el.value }; }
    case "choice": return choiceControl(field, refresh);
    case "number": {
      const el = stepper("f-" + field.name, { min: field.min, max: field.max, step: field.step, value: field.default ?? field.min, label: label(field.name) });
      return { el, get: () => parseInt($("input", el).value, 10) };
    }
    default: return { el: null, get: () => field.value ?? null };
  }
}

export function engineForm(type, form) {
  const el = h("form", { class: "stack", novalidate: true, dataset: { type } });
  const schema = (S.game.events || {})[type] || { properties: {} };
  const described = new Set(form.fields.map((f) => f.name));
  const controls = new Map();
  const values = () => {
    const v = {};
    for (const f of form.fields) if (f.kind !== "per_seat") v[f.name] = controls.get(f.name).get(v);
    for (const f of form.fields) if (f.kind === "per_seat") v[f.name] = controls.get(f.name).get(v);
    return v;
  };
  const refresh = () => {
    const v = values();
    for (const f of form.fields) {
      const c = controls.get(f.name);
      if (c.paint) c.paint(v);
      if (c.wrap) c.wrap.hidden = !visible(f, v);
    }
  };
  for (const f of form.fields) {
    const c = control(f, refresh);
    if (c.el) c.wrap = h("div", { class: "stack field", dataset: { name: f.name } }, h("label", { text: label(f.name) }), c.el, h("p", { class: "error", dataset: { errorFor: f.name } }));
    controls.set(f.name, c);
  }
  const required = new Set(schema.required || []);
  const extras = Object.entries(schema.properties || {}).filter(([name]) => !described.has(name)).map(([name, fs]) => [name, schemaField(name, fs, {})]);
  add(el, h("h2", { text: fmt(_("%(what)s %(number)s"), { what: label(type), number: form.number }) }),
    form.fields.map((f) => controls.get(f.name).wrap),
    extras.filter(([name]) => required.has(name)).map(([, x]) => x.el),
    extras.some(([name]) => !required.has(name)) ? h("details", { class: "more" }, h("summary", { text: _("More") }), extras.filter(([name]) => !required.has(name)).map(([, x]) => x.el)) : null,
    schema.description ? h("details", { class: "muted" }, h("summary", { text: _("About this entry") }), h("p", { text: schema.description })) : null,
    submitRow(el, _("Record"), () => {
      const v = values();
      const broken = check(form, v);
      if (broken) { fieldError(el, asFieldError(broken)); return; }
      const payload = { ...schemaPayload(Object.fromEntries(extras.map(([name, x]) => [name, x.get()])), required), ...payloadOf(form, v) };
      const guess = { ...FIELD_OF };
      for (const f of form.fields) if (f.total_code) guess[f.total_code] = f.name;
      record(type, payload, { from: el, onError: (e) => fieldError(el, e, guess) });
    }));
  refresh();
  return el;
}
