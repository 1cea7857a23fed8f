// The "Card by card" tab: the trick on the table, the card to play (legal cards first), and every
// other action the engine says may be recorded now, as one tap or a short form; claims.
import { $, $$, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt, ngettext } from "../i18n.js";
import { SUITS, cardLabel, cardRed, label, valueLabel } from "../format.js";
import { table } from "../store.js";
import { genericForm } from "../forms/generic.js";
import { unwrap } from "../forms/schema.js";
import { canClaim, claimBox, claimForm, claimableCards, currentClaim } from "./claims.js";
import { toAct } from "./page.js";
import { record } from "./record.js";
import { handsForm } from "./hands.js";

const S = table.state;
const oops = (e) => toast(errorText(e, S.players), 6000);
const disableAll = () => $$("#quick-actions button, #other-cards button, #legal-cards button").forEach((b) => { b.disabled = true; });

// The trick on the table, wherever the game's summary keeps it.
export function currentTrick() {
  const s = S.summary;
  for (const holder of [s, s.current_deal, s.hand_in_play, s.deal, s.current_round, s.table]) {
    if (holder && typeof holder === "object" && !Array.isArray(holder)) {
      const t = holder.trick || holder.current_trick;
      if (t) return { trick: t, holder };
    }
  }
  return { trick: null, holder: s.current_deal || s.hand_in_play || s.deal || s.current_round || null };
}

// The seats that take part in the hand being played (Thousand: not the dealer who sits out;
// Bourré: those who stayed in), else every seat.
export function activeSeats() {
  const { holder } = currentTrick();
  const active = holder && Array.isArray(holder.active) ? holder.active.filter((x) => typeof x === "number") : null;
  return active && active.length ? active : S.players.map((_x, i) => i);
}

function actionLabel(a) {
  const who = typeof a.seat === "number" ? S.players[a.seat] : null;
  const to = typeof a.to === "number" ? " → " + S.players[a.to] : "";
  return `${label(a.type)}${who ? " — " + who : ""}${to}${a.kind ? " (" + valueLabel(a.kind) + ")" : ""}`;
}

// `single`: the event names one card (`card`, e.g. a Thousand card given from a known hand).
function cardChooser(a, payload, { single } = {}) {
  const chosen = [];
  const need = single ? 1 : typeof a.count === "number" ? a.count : null;
  const send = h("button", { type: "button", class: "big", disabled: true, dataset: { send: a.type, seat: a.seat ?? "", to: a.to ?? "" } }, actionLabel(a));
  const grid = h("div", { class: "cards" }, a.cards.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": "false", onclick: (e) => {
    const at = chosen.indexOf(c);
    if (at >= 0) chosen.splice(at, 1);
    else if (single) { chosen.splice(0, chosen.length, c); $$("button[data-card]", grid).forEach((b) => b.setAttribute("aria-pressed", "false")); }
    else if (need === null || chosen.length < need) chosen.push(c);
    e.currentTarget.setAttribute("aria-pressed", String(chosen.includes(c)));
    send.disabled = need !== null && chosen.length !== need;
  } }, cardLabel(c))));
  send.addEventListener("click", () => {
    send.disabled = true;
    record(a.type, Object.assign({}, payload, single ? { card: chosen[0] } : { cards: [...chosen] }), { onError: oops });
  });
  const hint = need !== null ? fmt(ngettext("Choose %(count)s card", "Choose %(count)s cards", need), { count: need }) : _("Choose the cards");
  return h("div", { class: "card stack chooser", dataset: { action: a.type, seat: a.seat ?? "", to: a.to ?? "" } }, h("strong", { text: actionLabel(a) }), h("p", { class: "muted", text: hint }), grid, send);
}

function trickView(trick, holder) {
  const plays = Array.isArray(trick) ? trick : trick.plays || trick.cards || [];
  // Plain cards are played in turn from the leader, to the left, skipping who sits out.
  const order = [];
  if (typeof trick.leader === "number") {
    const active = Array.isArray(holder && holder.active) ? holder.active : S.players.map((_x, i) => i);
    for (let k = 0, seat = trick.leader; k < S.players.length * 2 && order.length < plays.length; k += 1, seat = (seat + 1) % S.players.length) {
      if (active.includes(seat)) order.push(seat);
    }
  }
  return h("div", { class: "trick", id: "trick", "aria-label": _("Current trick") }, plays.map((p, i) => {
    const card = typeof p === "string" ? p : p.card || (Array.isArray(p.cards) ? p.cards.join(" ") : "");
    const seat = typeof p === "object" ? p.seat : order[i] ?? null;
    return h("div", { class: "played" }, h("div", { class: cardRed(card) ? "suit-h" : null, text: String(card).split(" ").map(cardLabel).join(" ") }), h("small", { text: seat !== null && seat !== undefined ? S.players[seat] : "" }));
  }));
}

// The trick taken last and who took it, kept in view while the next one is played: the engine's
// `last_trick` (Thousand) or the last of the hand's `tricks` (Hearts, Bourré).
function lastTrickOf(holder) {
  if (!holder) return null;
  if (holder.last_trick) return holder.last_trick;
  const done = Array.isArray(holder.tricks) ? holder.tricks.filter((t) => t && typeof t.winner === "number") : [];
  return done.length ? done[done.length - 1] : null;
}

function lastTrickView(t) {
  const plays = (t.cards || []).map((p, i) => (typeof p === "string" ? { card: p, seat: (t.seats || [])[i] } : p));
  return h("div", { class: "card last-trick", id: "last-trick" },
    h("p", { class: "muted", text: fmt(_("Last trick: %(name)s took it"), { name: S.players[t.winner] ?? t.winner }) }),
    h("div", { class: "trick" }, plays.map((p) => h("div", { class: "played" + (p.seat === t.winner ? " won" : "") },
      h("div", { class: cardRed(p.card) ? "suit-h" : null, text: cardLabel(p.card) }), h("small", { text: S.players[p.seat] ?? "" })))));
}

// One undo for the card-by-card screen: the last entry is voided, with a confirmation (History).
function undoButton() {
  return h("button", { type: "button", class: "ghost", id: "cards-undo", onclick: () => import("./log.js").then((m) => m.undoLast()) }, _("Undo the last entry"));
}

// The engine's correction window (a card taken back before the next trick, e.g. a renege put
// right) for each seat that may use it, folded under one line.
function retractBox(actions) {
  const buttons = actions.map((a) => h("button", { type: "button", class: "ghost", dataset: { action: a.type, seat: a.seat ?? "" }, onclick: () => { disableAll(); record(a.type, { seat: a.seat }, { onError: oops }); } },
    S.players[a.seat] ?? String(a.seat)));
  return h("details", { class: "card", dataset: { action: "retract_card" } }, h("summary", { text: _("Take back a card") }), h("div", { class: "actions" }, buttons));
}

function contractChips(holder) {
  return h("p", { class: "status" },
    holder.contract ? h("span", { class: "chip" }, _("Contract") + ": ", h("strong", { text: holder.contract })) : null,
    holder.declarer !== undefined && holder.declarer !== null ? h("span", { class: "chip" }, _("Declarer") + ": ", h("strong", { text: S.players[holder.declarer] })) : null,
    holder.trump ? h("span", { class: "chip" }, _("Trump") + ": ", h("strong", { class: cardRed(holder.trump) ? "suit-h" : null, text: SUITS[holder.trump] || holder.trump })) : null);
}

// Leading a K or Q the engine says may announce a marriage: announce it, or just play the card.
function marriageChoice(play, card, send) {
  const suit = SUITS[card.slice(-1)] || card.slice(-1);
  return h("div", { class: "card stack", id: "marriage-choice" },
    h("strong", { text: fmt(_("%(name)s leads %(card)s"), { name: S.players[play.seat], card: cardLabel(card) }) }),
    h("div", { class: "actions" },
      h("button", { type: "button", class: "big", dataset: { announce: "marriage" }, onclick: () => send(card, "marriage") }, fmt(_("Announce the %(suit)s marriage"), { suit })),
      h("button", { type: "button", class: "ghost", dataset: { announce: "" }, onclick: () => send(card, null) }, fmt(_("Just play %(card)s"), { card: cardLabel(card) }))));
}

function playPicker(play, parts) {
  const legalCards = (play.cards || []).map(String);
  // With the hand unknown, the cards the seat may still hold (never one already played), from the engine.
  const possible = claimableCards(play.seat);
  const others = (possible.length ? possible : S.game.deck || []).filter((c) => !legalCards.includes(c));
  const marriages = new Set((play.marriage || []).map(String));
  const send = (c, announce) => { disableAll(); record(play.type, Object.assign({ seat: play.seat, card: c }, announce ? { announce } : {}), { onError: oops }); };
  const pick = (c) => {
    if (!marriages.has(c)) return send(c, null);
    const old = $("#marriage-choice");
    const box = marriageChoice(play, c, send);
    if (old) old.replaceWith(box); else $("#play-cards").prepend(box);
    box.scrollIntoView({ block: "nearest" });
  };
  const button = (c, cls) => h("button", { type: "button", class: [cls, cardRed(c) ? "red" : null, marriages.has(c) ? "marriage" : null].filter(Boolean).join(" ") || null, dataset: { card: c }, onclick: () => pick(c) }, cardLabel(c));
  const box = h("div", { id: "play-cards" });
  parts.push(h("h2", { text: fmt(_("%(name)s plays a card"), { name: S.players[play.seat] }) }), box);
  if (legalCards.length) box.append(h("p", { class: "muted", text: _("Legal cards") }), h("div", { class: "cards", id: "legal-cards" }, legalCards.map((c) => button(c, "legal"))));
  if (play.hand_known === true) return; // the hand is known: only its legal cards can be played
  const otherGrid = h("div", { class: "cards", id: "other-cards" }, others.map((c) => button(c, null)));
  if (legalCards.length) box.append(h("details", {}, h("summary", { text: _("Other cards (hand not known)") }), otherGrid));
  else box.append(h("p", { class: "muted", text: _("Hands are not known: tap the card that was played.") }), otherGrid);
}

// One action the engine offers: a card chooser, one tap (with an optional "with details" form), or a short form.
function detailsForm(a, prefill) {
  return h("details", { class: "card", dataset: { action: a.type, detail: "1" } }, h("summary", { text: fmt(_("%(action)s, with details"), { action: actionLabel(a) }) }),
    genericForm(a.type, prefill, { title: actionLabel(a) }));
}

function actionView(a, parts, buttons) {
  const schema = (S.game.events || {})[a.type] || { properties: {}, required: [] };
  const props = schema.properties || {};
  const prefill = Object.assign({}, a);
  // A list field the engine describes by a number (how many cards to reveal …) is still to be filled in.
  for (const [k, v] of Object.entries(prefill)) if (!Array.isArray(v) && unwrap(props[k])[0].type === "array") delete prefill[k];
  if ("amount" in props && prefill.amount === undefined && typeof a.min === "number") prefill.amount = a.min;
  const missing = (schema.required || []).filter((k) => prefill[k] === undefined || prefill[k] === null);
  const payload = {};
  for (const k of Object.keys(props)) if (prefill[k] !== undefined && prefill[k] !== null && !Array.isArray(prefill[k])) payload[k] = prefill[k];
  if (Array.isArray(a.cards) && a.cards.length && ("cards" in props || "card" in props) && a.type !== "play_card") {
    // Choose cards from the known hand (a pass of three, a discard, the card given …).
    parts.push(cardChooser(a, payload, { single: !("cards" in props) }));
    return;
  }
  // A yes/no the engine's action does not name is not this action's (no "Blind" box on an open bid,
  // nor with blind bidding off: the engine offers a blind bid as an action of its own).
  const skip = new Set(Object.keys(props).filter((k) => unwrap(props[k])[0].type === "boolean" && !(k in a)));
  if (missing.length || "amount" in props) {
    parts.push(h("details", { class: "card", dataset: { action: a.type }, open: a.type === "bid" ? true : null }, h("summary", { text: actionLabel(a) }), genericForm(a.type, prefill, { title: actionLabel(a), skip })));
    return;
  }
  const open = Object.keys(props).filter((k) => prefill[k] === undefined || prefill[k] === null);
  if ("hands" in props && !Array.isArray(prefill.hands)) {
    // Other details the engine takes instead of the hands (Tonk's dealt counts) keep their form.
    if (open.some((k) => k !== "hands" && k !== "talon")) parts.push(detailsForm(a, prefill));
    parts.push(handsForm(a, payload, actionLabel(a)));
  } else if (open.length) {
    // The same action with its optional details (the talon cards …).
    parts.push(detailsForm(a, prefill));
  }
  buttons.push(h("button", { type: "button", class: "ghost", dataset: { action: a.type, seat: a.seat ?? "", to: a.to ?? "" }, onclick: () => {
    // One tap, one entry: the buttons come back with the engine's next legal actions.
    disableAll();
    record(a.type, payload, { onError: oops });
  } }, actionLabel(a)));
}

export function renderCards() {
  const root = $("#tab-cards");
  if (!S.summary) return;
  const resultTypes = new Set(S.game.result_event_types || []);
  const play = S.legal.find((a) => a.type === "play_card" || (a.type === "play" && Array.isArray(a.cards)));
  const parts = [];
  const { trick, holder } = currentTrick();
  const next = toAct();
  // A claim's verdict first: it decides whether the hand is played on at all.
  if (Object.keys(S.checking).length) parts.push(h("p", { class: "card", id: "claim-checking", role: "status", text: _("Checking the claim…") }));
  const claim = currentClaim();
  if (claim) parts.push(claimBox(claim));
  if (next !== null && next !== undefined) parts.push(h("p", { class: "chip", dataset: { toAct: next }, text: fmt(_("%(name)s to play"), { name: S.players[next] }) }));
  if (holder && (holder.trump || holder.contract)) parts.push(contractChips(holder));
  if (trick) parts.push(trickView(trick, holder));
  const last = lastTrickOf(holder);
  if (last) parts.push(lastTrickView(last));
  if (play) playPicker(play, parts);
  const buttons = [];
  const retracts = S.legal.filter((x) => x.type === "retract_card");
  for (const a of S.legal.filter((x) => x !== play && !resultTypes.has(x.type) && x.type !== "retract_card")) actionView(a, parts, buttons);
  if (buttons.length) parts.push(h("div", { class: "actions", id: "quick-actions" }, buttons));
  if (play && canClaim() && !S.summary.finished) parts.push(claimForm(play));
  if (retracts.length) parts.push(retractBox(retracts));
  if (S.events && S.events.length && parts.length) parts.push(h("div", { class: "actions" }, undoButton()));
  const nonResult = Object.keys(S.game.events || {}).filter((t) => !resultTypes.has(t) && !["void", "amend"].includes(t));
  if (!parts.length) parts.push(h("p", { class: "muted", text: nonResult.length ? _("Nothing to record card by card right now.") : _("This game is recorded by result entry only.") }));
  root.replaceChildren(...parts);
}
