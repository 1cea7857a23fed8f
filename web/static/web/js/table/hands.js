// The dealt hands entered by tapping cards in a grid of the pack (the catalogue's `deck`, not typed
// codes): choose whose hand (or the talon) is being filled, tap its cards; a card already given
// elsewhere shows whose it is.
import { $$, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
import { cardLabel, cardRed } from "../format.js";
import { table } from "../store.js";
import { unwrap } from "../forms/schema.js";
import { createHands, handsPayload, lastPlace } from "./hands-model.js";
import { record } from "./record.js";

const S = table.state;
// What has been tapped so far survives a redraw of the tab (a poll, another phone's entry): it is
// kept per match, action and record position, and forgotten once the record moves on.
let kept = null;

function keptFor(key, places) {
  if (!kept || kept.key !== key) kept = { key, model: createHands(places), current: places[0], open: false };
  return kept;
}

function placeName(place) {
  return place === "talon" ? _("Talon") : S.players[place];
}

export function handsForm(a, payload, title) {
  const props = ((S.game.events || {})[a.type] || {}).properties || {};
  const [list] = unwrap(props.hands);
  const [, nullable] = unwrap(list.items);
  const sittingOut = typeof S.summary.inactive_seat === "number" ? S.summary.inactive_seat : null;
  const seats = S.players.map((_x, i) => i).filter((i) => i !== sittingOut);
  const places = "talon" in props ? [...seats, "talon"] : seats;
  const keep = keptFor(`${S.id}:${a.type}:${S.events.length}`, places);
  const model = keep.model;
  const deck = S.game.deck || []; // the pack, from the games catalogue
  const picker = h("div", { class: "seg", id: "hand-places", role: "radiogroup" });
  const grid = h("div", { class: "cards", id: "hand-cards" });
  const paint = () => {
    const last = lastPlace(model, deck); // filled in when sent: the cards nobody tapped
    picker.replaceChildren(...places.map((p) => h("button", { type: "button", dataset: { place: p, filled: last && last.place === p ? "1" : null }, "aria-pressed": String(p === keep.current), onclick: () => { keep.current = p; paint(); } },
      `${placeName(p)} (${last && last.place === p ? "= " + last.cards.length : model.count(p)})`)));
    for (const b of $$("button", grid)) {
      const owner = model.owner(b.dataset.card);
      b.setAttribute("aria-pressed", String(owner === keep.current));
      b.classList.toggle("taken", owner !== null && owner !== keep.current);
      b.querySelector("small").textContent = owner !== null && owner !== keep.current ? placeName(owner).slice(0, 2) : "";
    }
  };
  grid.append(...deck.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": "false",
    onclick: () => { model.tap(c, keep.current); paint(); } }, cardLabel(c), h("small", {}))));
  const send = h("button", { type: "button", class: "big", dataset: { send: "hands" }, onclick: () => {
    send.disabled = true;
    const body = handsPayload(model, deck, { seats: S.players.length, sittingOut, unknown: nullable ? null : [], talon: "talon" in props });
    record(a.type, Object.assign({}, payload, body), { onError: (e) => { send.disabled = false; toast(errorText(e, S.players), 6000); } });
  } }, fmt(_("%(action)s with these hands"), { action: title })); // not a second plain "New deal" button
  paint();
  const box = h("details", { class: "card", open: keep.open || null, dataset: { action: a.type, detail: "hands" } },
    h("summary", { text: fmt(_("%(action)s, with the hands"), { action: title }) }),
    h("div", { class: "stack" }, h("p", { class: "muted", text: _("Whose cards: tap a name, then the cards.") }), picker, grid, send));
  box.addEventListener("toggle", () => { keep.open = box.open; });
  return box;
}
