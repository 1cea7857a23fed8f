// Claims (docs/claims.md, service section): a claim is posted to /matches/{id}/claims through the
// outbox; the verdict is read back from the match summary's `claims` (the record), and a check the
// server could not finish in the request (202) is polled until it is done.
import { $, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt, ngettext } from "../i18n.js";
import { cardLabel, cardRed, humanize, valueLabel } from "../format.js";
import { API } from "../session.js";
import { table } from "../store.js";
import { seatButtons, stepper, submitRow } from "../forms/controls.js";
import { activeSeats, currentTrick } from "./cards.js";
import { voidedMap } from "./log.js";
import { record } from "./record.js";
import { refresh, renderAll } from "./page.js";

const S = table.state;

const CLAIM_KIND_LABELS = {
  all_tricks: _("All the remaining tricks"), at_least: _("At least N of the remaining tricks"),
  no_more_points: _("No more points"), contract: _("The contract is made"),
};
// What a claimant may claim now, from the engine (the summary's `claim_form`): the kinds, the
// play seats, the tricks left and each seat's cards to lay down. No pack or rule is kept here.
export const canClaim = () => Boolean(S.claimForm && S.claimForm.kinds && S.claimForm.kinds.length);
// Also the card grid's cards when a hand is not known: those the seat may still hold.
export const claimableCards = (seat) => ((S.claimForm && S.claimForm.cards) || {})[seat] || [];

export function claimText(c) {
  const name = S.players[c.seat] ?? c.seat;
  if (c.kind === "at_least") return fmt(ngettext("%(name)s claims at least %(count)s trick", "%(name)s claims at least %(count)s tricks", c.tricks || 0), { name, count: c.tricks || 0 });
  return fmt(_("%(name)s claims: %(kind)s"), { name, kind: CLAIM_KIND_LABELS[c.kind] || humanize(c.kind) });
}

export function claimAnswered(result) {
  if (!result) return;
  if (result.status === "pending" && result.poll) {
    table.update((s) => ({ checking: { ...s.checking, [result.claim]: result.poll } }));
    pollClaim(result.claim);
  }
}

async function pollClaim(id) {
  table.set({ lastKey: null });
  renderAll();
  for (let i = 0; i < 600; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    let c;
    try { c = await API.claimPoll(S.checking[id]); } catch (e) { if (e.status >= 400 && e.status < 500) break; continue; }
    if (c && c.status !== "pending") break;
    if (S.claims.some((x) => x.claim === id && x.verdict)) break; // the record already shows it
  }
  table.update((s) => { const checking = { ...s.checking }; delete checking[id]; return { checking }; });
  await refresh(true);
  table.set({ lastKey: null });
  renderAll();
}

// The claim of the hand in play (made after its deal), if any.
export function currentClaim() {
  const claims = S.claims || [];
  if (!claims.length) return null;
  const c = claims[claims.length - 1];
  const voided = voidedMap();
  const deals = (S.events || []).filter((ev) => ev.type === "deal" && !voided.has(ev.seq)).map((ev) => ev.seq);
  const lastDeal = deals.length ? Math.max(...deals) : 0;
  return (c.at_seq ?? c.seq) >= lastDeal ? c : null;
}

// The claim being typed lives in the store (S.claimDraft): the cards tab is drawn again as the play
// goes on (another phone's card, a push), and the box comes back open with what was chosen.
const draftOf = (kinds, seats, play) => {
  const d = S.claimDraft || {};
  return {
    open: !!d.open,
    kind: kinds.includes(d.kind) ? d.kind : kinds[0],
    seat: seats.includes(d.seat) ? d.seat : play.seat,
    tricks: Math.min(Math.max(d.tricks || 1, 1), S.claimForm.remaining_tricks),
    laid: Array.isArray(d.laid) ? [...d.laid] : [],
  };
};

export function claimForm(play) {
  const kinds = S.claimForm.kinds;
  const draft = draftOf(kinds, S.claimForm.seats, play);
  let kind = draft.kind;
  const laid = draft.laid;
  const form = h("form", { class: "stack", id: "claim-form" });
  const grid = h("div", { class: "cards", id: "claim-cards" });
  const box = h("details", { class: "card", open: draft.open || null, dataset: { action: "claim" } }, h("summary", { text: _("Claim the rest") }), form);
  const keep = () => table.set({ claimDraft: { open: box.open, kind, seat: seats.value ?? play.seat, tricks: parseInt($("#claim-tricks", form).value, 10) || 1, laid: [...laid] } });
  // Only the claimant's possible cards are offered; another claimant, another choice.
  const paintCards = (seat) => {
    const cards = claimableCards(seat);
    for (let i = laid.length - 1; i >= 0; i -= 1) if (!cards.includes(laid[i])) laid.splice(i, 1);
    grid.replaceChildren(...cards.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": String(laid.includes(c)), onclick: (e) => {
      const at = laid.indexOf(c);
      if (at >= 0) laid.splice(at, 1); else laid.push(c);
      e.currentTarget.setAttribute("aria-pressed", String(laid.includes(c)));
      keep();
    } }, cardLabel(c))));
  };
  const seats = seatButtons("claim_seat", { value: draft.seat, only: S.claimForm.seats, onChange: (seat) => { paintCards(seat ?? play.seat); keep(); } });
  const tricks = stepper("claim-tricks", { min: 1, max: S.claimForm.remaining_tricks, value: draft.tricks, label: _("Tricks"), onInput: () => keep() });
  const tricksRow = h("div", { class: "stack", dataset: { field: "tricks" } }, h("span", { class: "muted", text: _("Tricks") }), tricks);
  const kindSeg = h("div", { class: "seg", role: "radiogroup", dataset: { field: "kind" } });
  const paint = () => {
    kindSeg.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
    tricksRow.hidden = kind !== "at_least";
  };
  for (const k of kinds) kindSeg.append(h("button", { type: "button", dataset: { kind: k }, onclick: () => { kind = k; paint(); keep(); } }, CLAIM_KIND_LABELS[k]));
  paintCards(draft.seat);
  form.append(
    h("span", { class: "muted", text: _("Who claims") }), seats,
    h("span", { class: "muted", text: _("What is claimed") }), kindSeg, tricksRow,
    h("details", {}, h("summary", { text: _("Cards laid down (optional)") }), grid),
    submitRow(form, _("Claim"), () => {
      const payload = { seat: seats.value ?? play.seat, kind };
      if (kind === "at_least") payload.tricks = parseInt($("#claim-tricks", form).value, 10) || 1;
      if (laid.length) payload.laid_down = [...laid];
      const btn = $("[data-submit]", form);
      btn.disabled = true;
      const typed = S.claimDraft;
      table.set({ claimDraft: null }); // sent: the next claim starts afresh
      // refused: the claim comes back as it was typed, open, to be mended
      const onError = (e) => { btn.disabled = false; table.set({ claimDraft: { ...typed, open: true } }); box.open = true; toast(errorText(e, S.players), 6000); };
      record("claim", payload, { from: form, endpoint: "claims", onError });
    }));
  box.addEventListener("toggle", keep);
  paint();
  return box;
}

// The line that beats a failing claim, trick by trick: the first group completes the trick on the
// table, then one trick per round of the hand's players.
function counterLine(line) {
  if (!line.length) return [];
  const size = activeSeats().length;
  const { trick } = currentTrick();
  const onTable = trick ? (Array.isArray(trick) ? trick : trick.plays || trick.cards || []).length : 0;
  const tricks = [];
  let room = size - (onTable % size);
  for (const p of line) {
    if (!tricks.length || room === 0) { tricks.push([]); if (room === 0) room = size; }
    tricks[tricks.length - 1].push(p);
    room -= 1;
  }
  return [h("p", { text: _("Line that beats it:") }), h("ol", { class: "counter-line", id: "counter-line" },
    tricks.map((plays) => h("li", { dataset: { trick: "1" } }, plays.map((p) => h("span", { class: "play", dataset: { seat: p.seat } },
      h("span", { class: "muted", text: (S.players[p.seat] ?? p.seat) + " " }),
      h("span", { class: "cardface" + (cardRed(p.card) ? " suit-h" : ""), text: cardLabel(p.card) }))))))];
}

// What accepting did, in words: the plays recorded and the hand scored, or nothing to play out.
function acceptedText(c) {
  const name = S.players[c.accepted_by] ?? c.accepted_by;
  if (c.settled) return fmt(_("Accepted by %(name)s: the rest of the hand is recorded and scored."), { name });
  // A claim that holds but could not be played out: the hands are not recorded (not "no line").
  if ((c.verdict || c.status) === "holds") return fmt(_("Accepted by %(name)s. The other hands are not recorded: enter the rest of the hand as usual."), { name });
  return fmt(_("Accepted by %(name)s, but no line of play makes the claim: the hand is played on."), { name });
}

function acceptButtons(c) {
  // Only the players of this hand accept, and never the claimant.
  const others = activeSeats().filter((i) => i !== c.seat);
  return h("div", { class: "actions", id: "claim-accept" }, others.map((seat) => h("button", { type: "button", class: "ghost", dataset: { seat }, onclick: async (e) => {
    e.currentTarget.disabled = true;
    try {
      const done = await API.claimAccept(c.claim, seat);
      const settled = !!(done && ((done.claim && done.claim.settled) || (done.settled_seqs || []).length));
      if (done) toast(acceptedText({ ...c, accepted_by: seat, settled }), 6000);
    } catch (err) { toast(errorText(err, S.players), 6000); }
    await refresh(true);
    table.set({ lastKey: null });
    renderAll();
  } }, fmt(_("Accept — %(name)s"), { name: S.players[seat] }))));
}

export function claimBox(c) {
  const status = c.verdict || c.status;
  const parts = [
    h("strong", { dataset: { verdict: status || "" }, text: fmt(_("Claim: %(verdict)s"), { verdict: valueLabel(status) }) }),
    h("p", { text: claimText(c) }),
  ];
  if (c.laid_down && c.laid_down.length) parts.push(h("p", { class: "muted", text: _("Cards laid down") + ": " + c.laid_down.map(cardLabel).join(" ") }));
  if (c.reason && status !== "holds") parts.push(h("p", { class: "muted reason", text: c.reason }));
  if (status === "fails") parts.push(...counterLine(Array.isArray(c.counter_line) ? c.counter_line : []));
  if (c.settled && !c.accepted) parts.push(h("p", { class: "settled", text: _("The hand is settled.") }));
  if (c.accepted) parts.push(h("p", { class: "accepted", text: acceptedText(c) }));
  if (!c.accepted && !c.settled && typeof c.claim === "number" && !(S.summary && S.summary.finished)) parts.push(acceptButtons(c));
  return h("div", { class: "card", id: "claim-verdict", dataset: { status: status || "" } }, parts);
}
