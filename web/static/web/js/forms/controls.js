// The controls every entry form is made of: seat buttons, steppers, the submit row, field errors.
import { $, $$, h, showError } from "../dom.js";
import { errorText } from "../errors.js";
import { _ } from "../i18n.js";
import { table } from "../store.js";

const S = table.state;

export function seatButtons(name, { nullable, value, onChange, multi, only } = {}) {
  const chosen = new Set(multi ? value || [] : value === null || value === undefined ? [] : [value]);
  const wrap = h("div", { class: "seg", role: multi ? "group" : "radiogroup", dataset: { field: name } });
  const paint = () => $$("button", wrap).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.seat === "" ? chosen.size === 0 : chosen.has(+b.dataset.seat))));
  const items = S.players.map((p, i) => [i, p]).filter(([i]) => !only || only.includes(i));
  if (nullable && !multi) items.unshift(["", _("nobody")]);
  for (const [seat, text] of items) {
    wrap.append(h("button", { type: "button", dataset: { seat }, onclick: () => {
      if (seat === "") chosen.clear();
      else if (multi) { if (chosen.has(seat)) chosen.delete(seat); else chosen.add(seat); }
      else { chosen.clear(); chosen.add(seat); }
      paint();
      if (onChange) onChange(wrap.value);
    } }, text));
  }
  Object.defineProperty(wrap, "value", { get: () => (multi ? [...chosen].sort((a, b) => a - b) : chosen.size ? [...chosen][0] : null) });
  paint();
  return wrap;
}

export function stepper(id, { min = 0, max = 999, step = 1, value = 0, onInput, label }) {
  const input = h("input", { id, class: "num", type: "number", inputmode: "numeric", min, max, step, value, "aria-label": label });
  const bump = (d) => { const v = (parseInt(input.value, 10) || 0) + d; input.value = Math.max(min, Math.min(max, v)); input.dispatchEvent(new Event("input")); };
  if (onInput) input.addEventListener("input", onInput);
  input.addEventListener("focus", () => input.select());
  return h("div", { class: "ctl stepper" },
    h("button", { type: "button", "aria-label": "−", onclick: () => bump(-step) }, "−"), input,
    h("button", { type: "button", "aria-label": "+", onclick: () => bump(step) }, "+"));
}

export function submitRow(form, label, send) {
  const btn = h("button", { type: "submit", class: "big", dataset: { submit: "1" } }, label);
  form.addEventListener("submit", (ev) => { ev.preventDefault(); $$("[data-error-for]", form).forEach((el) => { el.textContent = ""; }); send(); });
  return h("div", {}, h("p", { class: "error", dataset: { errorFor: "form" } }), btn);
}

// Show an error next to the field it concerns: the seat it names, the field the `guess` table
// gives for its code, or the fields the server named; else above the submit button.
export function fieldError(form, err, guess) {
  const text = errorText(err, S.players);
  const p = err.params || {};
  const candidates = [];
  if (typeof p.seat === "number") candidates.push(`seat:${p.seat}`);
  if (err.field) candidates.push(err.field);
  if (guess && guess[err.code]) candidates.push(guess[err.code]);
  for (const f of Object.keys(err.fields || {})) candidates.push(f);
  for (const key of candidates) {
    const el = $(`[data-error-for="${key}"]`, form);
    if (el) {
      el.textContent = text;
      const fold = el.closest("details");
      if (fold) fold.open = true; // an error under "More" must be seen
      el.scrollIntoView({ block: "center" });
      return;
    }
  }
  showError(form, "form", text);
}
