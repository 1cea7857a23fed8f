// A form for any event of any game, built from the catalogue's JSON Schema (corrections, card-by-
// card details, and games whose engine gives no entry-form description).
import { $, $$, add, h, showError } from "../dom.js";
import { _, fmt, ngettext } from "../i18n.js";
import { cardLabel, cardRed, humanize, label, valueLabel } from "../format.js";
import { table } from "../store.js";
import { record } from "../table/record.js";
import { fieldError, seatButtons, stepper, submitRow } from "./controls.js";
import { FIELD_OF, fieldKind, payloadOf, unwrap } from "./schema.js";
import { cardsNeeded, isCardList, pickStatus, pickedValue, toggleCard } from "./cardpick.js";

const S = table.state;
const splitList = (text) => text.split(/[\s,]+/).filter(Boolean);

// The engine's description of a field, when its entry form has one: its choices' words (a moon
// choice reads "Others +26", not `add_to_others`).
const engineField = (name) => ((S.form && Array.isArray(S.form.fields) && S.form.fields.find((f) => f.name === name)) || {});

// A house rule's value of the same name, as the catalogue words it (translated by the API).
function catalogueLabel(v) {
  for (const rule of (S.game && S.game.variants) || []) {
    const at = (rule.choices || []).indexOf(v);
    if (at >= 0 && Array.isArray(rule.choice_labels) && rule.choice_labels[at]) return rule.choice_labels[at];
  }
  return null;
}
const choiceLabel = (name, v) => { const f = engineField(name); return f.points !== undefined ? valueLabel(v, f) : catalogueLabel(v) || valueLabel(v, f); };

function choiceField(name, s, nullable, pre) {
  // Nothing is chosen for the table unless the engine says so (a default, or a single choice):
  // Tonk's "how the hand ended" does not start on "automatic win".
  let value = pre ?? s.default ?? (nullable || s.enum.length !== 1 ? null : s.enum[0]);
  const ctl = h("div", { class: "seg", dataset: { field: name } }, s.enum.map((o) => h("button", { type: "button", dataset: { value: o }, "aria-pressed": String(o === value), onclick: (e) => {
    value = o; $$("button", ctl).forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
  } }, choiceLabel(name, o))));
  return [ctl, () => value];
}

function orderField(name, pre) {
  // Finishing order: tap the names in order.
  const order = Array.isArray(pre) ? [...pre] : [];
  const shown = h("ol", { class: "order", dataset: { order: name } });
  let ctl = null;
  const paint = () => {
    shown.replaceChildren(...order.map((seat) => h("li", { text: S.players[seat] })));
    $$("[data-seat]", ctl).forEach((b) => b.setAttribute("aria-pressed", String(order.includes(+b.dataset.seat))));
  };
  ctl = h("div", {}, h("div", { class: "seg", dataset: { field: name } }, S.players.map((p, i) => h("button", { type: "button", dataset: { seat: i }, onclick: () => {
    const at = order.indexOf(i);
    if (at >= 0) order.splice(at, 1); else order.push(i);
    paint();
  } }, p))), shown, h("button", { type: "button", class: "ghost", onclick: () => { order.length = 0; paint(); } }, _("Start again")));
  paint();
  return [ctl, () => [...order]];
}

function perSeatField(name, pre, itemsNullable) {
  const inputs = S.players.map((p, i) => h("input", { class: "num", type: "number", inputmode: "numeric", "aria-label": `${label(name)}: ${p}`, dataset: { seat: i }, value: pre && pre[i] !== undefined && pre[i] !== null ? pre[i] : "" }));
  const ctl = h("div", { class: "seat-rows", dataset: { field: name } }, S.players.map((p, i) => h("div", { class: "seat-row" }, h("span", { class: "name", text: p }), inputs[i],
    h("p", { class: "error", dataset: { errorFor: `seat:${i}` } }))));
  return [ctl, () => inputs.map((i) => (i.value === "" ? (itemsNullable ? null : 0) : parseInt(i.value, 10)))];
}

function listsPerSeatField(name, pre, nullable, itemsNullable) {
  // One list per seat (cards, suits …): a short text per player.
  const inputs = S.players.map((p, i) => h("input", { "aria-label": `${label(name)}: ${p}`, placeholder: "QS 10H …",
    value: Array.isArray(pre) && Array.isArray(pre[i]) ? pre[i].join(" ") : "" }));
  const ctl = h("div", { class: "seat-rows", dataset: { field: name } }, S.players.map((p, i) => h("div", { class: "seat-row" }, h("span", { class: "name", text: p }), inputs[i])));
  return [ctl, () => (inputs.every((i) => !i.value.trim()) && nullable ? null
    : inputs.map((i) => (!i.value.trim() && itemsNullable ? null : splitList(i.value))))];
}

function cardGridField(name, pre, need) {
  // A seat's cards (a Bourré hand after the draw): tap them in the deck's grid, up to `need`.
  const deck = S.game.deck;
  let chosen = Array.isArray(pre) ? pre.filter((c) => deck.includes(c)) : [];
  const hint = need !== null ? fmt(ngettext("Choose %(count)s card", "Choose %(count)s cards", need), { count: need }) : _("Choose the cards");
  const status = h("p", { class: "muted", dataset: { pickStatus: name }, "aria-live": "polite" });
  const grid = h("div", { class: "cards", dataset: { field: name } });
  const paint = () => {
    $$("button[data-card]", grid).forEach((b) => b.setAttribute("aria-pressed", String(chosen.includes(b.dataset.card))));
    const st = pickStatus(chosen, need);
    status.textContent = `${hint} · ${st.chosen}${need !== null ? "/" + need : ""}`;
    status.dataset.complete = String(st.complete);
  };
  grid.append(...deck.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": "false", onclick: () => { chosen = toggleCard(chosen, c, need); paint(); } }, cardLabel(c))));
  paint();
  return [h("div", { class: "stack" }, grid, status), () => pickedValue(chosen, deck)];
}

export function schemaField(name, schema, prefill) {
  const [s, nullable] = unwrap(schema);
  const [, itemsNullable] = unwrap(s.items);
  const pre = prefill[name];
  let ctl;
  let get;
  switch (fieldKind(name, schema)) {
    case "choice": [ctl, get] = choiceField(name, s, nullable, pre); break;
    case "seat": ctl = seatButtons(name, { nullable, value: pre }); get = () => ctl.value; break;
    case "number":
      ctl = stepper("f-" + name, { min: -9999, value: pre ?? "", label: label(name) });
      get = () => { const v = $("input", ctl).value; return v === "" ? (nullable ? null : 0) : parseInt(v, 10); };
      break;
    case "boolean": {
      const box = h("input", { type: "checkbox", id: "f-" + name, dataset: { field: name } });
      box.checked = !!pre;
      ctl = h("div", { class: "row" }, box);
      get = () => box.checked;
      break;
    }
    case "order": [ctl, get] = orderField(name, pre); break;
    case "per_seat": [ctl, get] = perSeatField(name, pre, itemsNullable); break;
    case "seats": ctl = seatButtons(name, { multi: true, value: pre }); get = () => ctl.value; break;
    case "lists_per_seat": [ctl, get] = listsPerSeatField(name, pre, nullable, itemsNullable); break;
    case "list":
      if (isCardList(name, S.game.deck)) { [ctl, get] = cardGridField(name, pre, cardsNeeded(name, prefill)); break; }
      ctl = h("input", { dataset: { field: name }, value: Array.isArray(pre) ? pre.join(" ") : "", placeholder: "QS 10H …" });
      get = () => { const v = splitList(ctl.value); return !v.length && nullable ? null : v; };
      break;
    default:
      ctl = h("input", { dataset: { field: name }, value: pre ?? "" });
      get = () => (ctl.value === "" && nullable ? null : ctl.value);
  }
  return { el: h("div", { class: "stack field", dataset: { name } }, h("label", { text: label(name) }), ctl, h("p", { class: "error", dataset: { errorFor: name } })), get, nullable, kind: fieldKind(name, schema) };
}

// `main`: the fields shown at once (the others wait under "More"); `onSend(payload, form)`
// instead of recording the event (an amend wraps it first).
export function genericForm(type, prefill, { title, onSend, submitLabel, main, skip } = {}) {
  const schema = (S.game.events || {})[type] || { properties: {} };
  const form = h("form", { class: "stack", novalidate: true, dataset: { type } });
  const required = new Set(schema.required || []);
  const fields = Object.entries(schema.properties || {}).filter(([name]) => !skip || !skip.has(name)).map(([name, fs]) => [name, schemaField(name, fs, prefill || {})]);
  const isMain = (name) => (main ? main.has(name) || required.has(name) : true);
  const more = fields.filter(([name]) => !isMain(name));
  add(form, title === false ? null : h("h2", { text: title || humanize(type) }),
    fields.filter(([name]) => isMain(name)).map(([, f]) => f.el),
    more.length ? h("details", { class: "more" }, h("summary", { text: _("More") }), more.map(([, f]) => f.el)) : null,
    schema.description ? h("details", { class: "muted" }, h("summary", { text: _("About this entry") }), h("p", { text: schema.description })) : null,
    onSend === false ? null : submitRow(form, submitLabel || _("Record"), () => {
      const unchosen = fields.find(([name, f]) => f.kind === "choice" && required.has(name) && f.get() === null);
      if (unchosen) { showError(form, unchosen[0], _("Choose one.")); return; }
      const payload = payloadOf(Object.fromEntries(fields.map(([name, f]) => [name, f.get()])), required);
      if (onSend) onSend(payload, form);
      else record(type, payload, { from: form, onError: (e) => fieldError(form, e, FIELD_OF) });
    }));
  form.values = () => payloadOf(Object.fromEntries(fields.map(([name, f]) => [name, f.get()])), required);
  return form;
}
