// The table's status chips and scoreboard, and the "why?" of every number.
import { $, dialog, h, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt, ngettext } from "../i18n.js";
import { entryLabel, humanize, perSeat, points, runningTotals, signed, unitText, word } from "../format.js";
import { waitingResults, waitingRow } from "../pending.js";
import { settlementLines, standings, winnerNames } from "../result.js";
import { API } from "../session.js";
import { table } from "../store.js";
import { badge } from "../badge.js";
import { toAct } from "./page.js";

const S = table.state;

// Game status keys shown as chips above the board (anything else a game adds is shown as well).
const STATUS = {
  hand: _("Hand"), deal: _("Deal"), round: _("Round"), dealer: _("Dealer"), pass_direction: _("Pass"),
  target_score: _("Game to"), barrel: _("On the barrel"), barrel_deals_left: _("Barrel deals left"), deals_left: _("Deals left"),
  bolts: _("Bolts"), rospisat: _("Р marks"), r_marks: _("Р marks"), pot: _("Pot"), chips: _("Chips"), stakes: _("Stakes"),
  ledger: _("Stake ledger"), titles: _("Titles"), next_exchange: _("Next exchange"), judge: _("Judge"), points: _("Points"),
  trump: _("Trump"), contract: _("Contract"), declarer: _("Declarer"),
  inactive_seat: _("Sits out"), compulsory_bidder: _("Opens the bidding"), minimum_bid: _("Minimum bid"), rospisat_counts: _("Р marks"),
  spisat_counts: _("Spisat'"), bombs_used: _("Bombs used"), silenced: _("Silenced"), gold_set: _("Gold set"), deal_number: _("Deal"),
  seated: _("Seated"), next_dealer: _("Next dealer"), exempt_next_ante: _("No ante next deal"), deal_forfeits: _("Forfeits"),
  next_round: _("Next exchange"), target_points: _("Game to"), reverse_barrel: _("On the minus barrel"), talon_to_reveal: _("Talon"), "bourre.ledger": _("Chips"), stake: _("Stake"), revolution: _("Revolution"),
};
const SEAT_KEYS = new Set(["dealer", "judge", "declarer", "to_act", "leader", "winner"]);
const PROTOCOL_KEYS = new Set(["game", "phase", "finished", "to_act", "totals", "result", "history", "findings", "seq", "players", "trick", "current_trick"]);
// Keys that are internal or shown elsewhere (the board, the card picker).
const STATUS_HIDE = new Set(["chips_conserved", "title_names", "first_judge", "cards", "decks", "hand_sizes", "current_deal", "deal",
  "table", "current_round", "provisional_deal", "league", "submitted", "seating", "winner_note", "barrel_level", "hand_number", "next_seq", "match", "status", "last_seq"]);

// What the next hand or deal would be (its number, dealer, pass, opener, minimum bid): not shown
// once the match is finished, when there is no next one.
const NEXT_KEYS = new Set(["hand", "deal", "round", "deal_number", "dealer", "next_dealer", "pass_direction", "compulsory_bidder",
  "minimum_bid", "next_exchange", "next_round", "exempt_next_ante", "talon_to_reveal", "inactive_seat"]);

// The next hand's, deal's or round's number among them.
const UNIT_NUMBER_KEYS = new Set(["hand", "deal", "round", "deal_number"]);

const isEmpty = (v) => v === null || v === undefined || v === "" || v === false || (Array.isArray(v) && (!v.length || v.every((x) => x === 0 || x === false || x === null)))
  || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
const seatName = (v) => (typeof v === "number" ? S.players[v] ?? v : v);
const keyed = (k) => SEAT_KEYS.has(k) || k === "seat" || k === "from" || k === "to";

function compact(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(compact).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).filter(([, v]) => !isEmpty(v)).map(([k, v]) => `${keyed(k) ? "" : humanize(k) + " "}${keyed(k) ? seatName(v) : compact(v)}`).join(" ");
  }
  if (typeof value === "boolean") return value ? _("yes") : _("no");
  return String(word(value));
}

const barrelSeats = (list) => list.filter((b) => b && b.on).map((b) => (b.deals_left === null || b.deals_left === undefined ? S.players[b.seat]
  : fmt(_("%(name)s (%(left)s left)"), { name: S.players[b.seat], left: b.deals_left }))).join(", ");

// Game status that needs its own words (everything else is rendered generically below).
const STATUS_RENDER = {
  barrel: (v) => (Array.isArray(v) ? barrelSeats(v) : null),
  ledger: (v) => (v && typeof v === "object" ? Object.entries(v).map(([k, c]) => `${Array.isArray(v) ? S.players[k] : k} ${c > 0 ? "+" + c : c}`).join(" · ") : null),
  gold_set: (v) => (v && v.enabled ? (v.active ? _("yes") : _("no")) : null),
  reverse_barrel: (v) => (v && v.enabled && Array.isArray(v.seats) ? barrelSeats(v.seats) || null : null),
  talon_to_reveal: (v) => (v ? _("the dark talon's cards can be entered now") : null),
  next_round: (v) => (v && Array.isArray(v.exchange) ? v.exchange.map((t) => `${S.players[t.giver]} → ${S.players[t.receiver]}: ${fmt(ngettext("%(count)s card", "%(count)s cards", t.count), { count: t.count })} (${word(t.kind)})`).join(" · ") || null : null),
  inactive_seat: (v) => (typeof v === "number" ? S.players[v] : null),
  compulsory_bidder: (v) => (typeof v === "number" ? S.players[v] : null),
  silenced: (v) => (Array.isArray(v) && v.length ? v.map(seatName).join(", ") : null),
  seated: (v) => (Array.isArray(v) && v.length !== S.players.length ? v.map(seatName).join(", ") : null),
  exempt_next_ante: (v) => (Array.isArray(v) && v.length ? v.map(seatName).join(", ") : null),
  next_dealer: (v) => (typeof v === "number" ? S.players[v] : null),
  // Between deals the pot is shown as the table will see it, with the next deal's antes (the engine's sum).
  pot: (v) => { const w = S.summary && S.summary.pot_with_antes; return typeof w === "number" && w !== v ? fmt(_("%(chips)s with the antes"), { chips: w }) : String(v ?? "—"); },
  pot_with_antes: () => null,
};

function statusValue(key, value) {
  if (STATUS_RENDER[key]) return STATUS_RENDER[key](value);
  if (isEmpty(value) && typeof value !== "number") return null;
  if (SEAT_KEYS.has(key) && typeof value === "number") return S.players[value] ?? value;
  if (Array.isArray(value) && value.length === S.players.length && value.every((v) => typeof v !== "object" || v === null)) {
    return value.map((v, i) => `${S.players[i]} ${v === true ? "✓" : v === false || v === null ? "–" : word(v)}`).join(" · ");
  }
  if (Array.isArray(value) && value.some((v) => typeof v === "object" && v !== null)) return null;
  if (typeof value === "object" && !Array.isArray(value)) return null;
  return compact(value);
}

// How loudly a finding is shown (no alarm fatigue): a suspicion (a show-out, not yet proven) is a
// quiet note; a proven or reported one is an alert in its own hand or deal, and until the next one
// starts; after that it is told only by its row's Why.
function findingLevel(f) {
  if (f.status === "suspected") return "note";
  const unit = (S.game && S.game.unit) || "hand";
  const n = f[unit];
  if (typeof n !== "number") return "alert";
  const numbers = history().map((e) => e[unit]).filter((x) => typeof x === "number");
  const last = numbers.length ? Math.max(...numbers) : 0;
  const s = S.summary;
  const inPlay = [s.hand_in_play, s.current_deal, s.current_round].some((x) => x && typeof x === "object");
  if (n > last || (n === last && !inPlay)) return "alert";
  return null;
}

export function renderStatus() {
  const s = S.summary;
  if (!s) return;
  const chips = [];
  const next = toAct();
  if (s.finished) {
    const winners = winnerNames(s.result || {}, S.players, document.body.dataset.language);
    chips.push(h("span", { class: "chip win", text: fmt(_("Finished — winner: %(names)s"), { names: winners }) }));
  } else if (next !== null && next !== undefined) {
    chips.push(h("span", { class: "chip", dataset: { toAct: next }, text: fmt(_("%(name)s to act"), { name: S.players[next] }) }));
  }
  const game = (S.game && S.game.name) || (S.match && S.match.game);
  // Results still in the outbox: the server's "next hand" is behind the form. The chips name the
  // hand the form is for, and leave out what only the engine can say of it (dealer, pass, opener).
  const waiting = waitingResults(S.pending, (S.game && S.game.result_event_types) || []).length;
  for (const [key, value] of Object.entries(s)) {
    if (PROTOCOL_KEYS.has(key) || STATUS_HIDE.has(key) || (s.finished && NEXT_KEYS.has(key))) continue;
    if (waiting && NEXT_KEYS.has(key) && !(UNIT_NUMBER_KEYS.has(key) && typeof value === "number")) continue;
    const shown = waiting && UNIT_NUMBER_KEYS.has(key) ? String(value + waiting) : statusValue(key, value);
    if (shown === null || shown === undefined || shown === "") continue;
    chips.push(h("span", { class: "chip", dataset: { key } }, (STATUS[`${game}.${key}`] || STATUS[key] || humanize(key)) + ": ", h("strong", { text: shown })));
  }
  for (const f of s.findings || []) {
    const level = findingLevel(f);
    if (level) chips.push(h("span", { class: level === "alert" ? "chip alert" : "chip note", dataset: { finding: f.code || "", level }, text: f.text || f.message || f.code }));
  }
  $("#status").replaceChildren(...chips);
}

const history = () => (S.summary && S.summary.history) || [];
// The game's own word for a scored unit (deal, round, hand), from its catalogue entry.
const unit = () => (S.game && S.game.unit) || "hand";
// Penalty-point games (the catalogue's lower_is_better) show no "+" before a hand's score.
const show = (v) => signed(v, { lowerIsBetter: !!(S.game && S.game.lower_is_better) || !!(S.summary && S.summary.result && S.summary.result.lower_is_better) });

let drawn = null; // what the board was last drawn from

// The seat's player as the match answer gives it (with its colour and initials), if known.
const seatPlayer = (seat) => ((S.match && S.match.seats) || []).find((x) => x.seat === seat)?.player || null;

export function renderBoard() {
  const s = S.summary;
  if (!s) return;
  const n = S.players.length;
  const dealer = typeof s.dealer === "number" ? s.dealer : null;
  const next = toAct();
  // Drawn again only when something it shows changed: this phone's own answer draws it at once and
  // the refresh after it brings the same summary (a redraw would replace what is being tapped or read).
  const key = JSON.stringify([s, S.players, next, S.pending.map((e) => e.client_event_id), S.form && S.form.number, !!S.game]);
  if (key === drawn && $("#board table")) return;
  drawn = key;
  const head = h("tr", {}, h("th", { text: "#" }), S.players.map((p, i) => h("th", {
    class: [i === dealer ? "dealer" : "", i === next ? "toact" : ""].join(" ").trim() || null,
    title: i === dealer ? _("Dealer") : null,
  }, badge(seatPlayer(i)), p)));
  const rows = history().map((entry, idx) => {
    const vals = perSeat(history(), idx, n) || [];
    const totals = runningTotals(entry, n) || [];
    const label = entryLabel(entry, idx);
    return h("tr", { dataset: { hand: idx } }, h("td", { class: "hand", text: label }),
      Array.from({ length: n }, (_x, seat) => h("td", {}, h("button", {
        type: "button", class: "n", dataset: { hand: idx, seat },
        onclick: () => explain(idx, seat),
      }, cellOf(entry, seat, vals[seat] === undefined || vals[seat] === null ? "–" : show(vals[seat])), totals[seat] !== undefined ? h("small", { text: totals[seat] }) : null,
      // the visible number first, then what tapping it does (read, not shown): a label that replaced
      // the number would not say what the cell shows (axe: label-content-name-mismatch)
      h("span", { class: "sr-only", text: " " + unitText(unit(), "why", { hand: label, name: S.players[seat] }) })))));
  }).flatMap((row, idx) => {
    // A pot game's deal: who took the pot and who paid into it, under the deal's numbers.
    const settle = settlementLines(history()[idx], S.players);
    return settle.length ? [row, h("tr", { class: "settle", dataset: { settle: idx } }, h("td", { colspan: n + 1, text: settle.join(" · ") }))] : [row];
  });
  const winners = new Set((s.result && s.result.winners) || []);
  const totals = h("tr", { class: "totals" }, h("td", { class: "hand", text: "Σ" }), (s.totals || []).map((t, seat) => h("td", { class: winners.has(seat) ? "win" : null },
    h("button", { type: "button", class: "n", dataset: { total: seat }, onclick: () => explainTotal(seat) }, typeof t === "object" ? JSON.stringify(t) : t))));
  const finished = s.finished ? winnerBanner(s.result || {}) : null;
  $("#board").replaceChildren(...[finished, h("table", {}, h("thead", {}, head), h("tbody", {}, rows, waitingRows(n), totals))].filter(Boolean));
}

// This phone's entries still in the outbox, after the recorded ones, marked as waiting: the
// numbers when the entry has them per player, and a "waiting to be sent" line under them.
function waitingRows(n) {
  const waiting = waitingResults(S.pending, (S.game && S.game.result_event_types) || []);
  const first = (S.form && S.form.number) || history().length + 1;
  return waiting.flatMap((entry, i) => {
    const row = waitingRow(entry, i, first, n);
    const mark = h("span", { class: "waiting-mark", text: _("waiting to be sent") });
    const note = h("tr", { class: "waiting-note", dataset: { waitingNote: row.id } }, h("td", { colspan: n + 1 }, mark));
    if (!row.values) return [h("tr", { class: "waiting", dataset: { waiting: row.id } }, h("td", { class: "hand", text: String(row.number) }), h("td", { colspan: n }, mark))];
    return [h("tr", { class: "waiting", dataset: { waiting: row.id } }, h("td", { class: "hand", text: String(row.number) }), row.values.map((v) => h("td", { text: show(v) }))), note];
  });
}

// The winners named, the final standings (the engine's places and scores) and a one-tap rematch.
function winnerBanner(result) {
  const list = standings(result, S.players);
  const count = (result.winners || []).length;
  const title = fmt(ngettext("%(names)s wins!", "%(names)s win — a tie!", count), { names: winnerNames(result, S.players, document.body.dataset.language) });
  return h("div", { class: "finished banner", role: "status", dataset: { winners: (result.winners || []).join(" ") } },
    h("h2", { text: "★ " + title }),
    h("ol", { class: "standings" }, list.map((r) => h("li", { class: r.winner ? "win" : null, dataset: { seat: r.seat } },
      h("span", { class: "place", text: r.place ?? "" }), h("span", { class: "name", text: r.name }), h("strong", { text: r.score ?? "" })))),
    result.how ? h("p", { class: "muted", text: result.how }) : null,
    h("button", { type: "button", dataset: { rematch: "1" }, onclick: rematch }, _("Rematch: same players and house rules")));
}

async function rematch(ev) {
  const button = ev.currentTarget;
  button.disabled = true;
  try {
    const match = await API.rematch(S.id);
    location.href = `/m/${match.id}/`;
  } catch (e) {
    button.disabled = false;
    toast(errorText(e, S.players), 6000);
  }
}

// A game's own view may draw what its sheet writes beside a number (Thousand: Р, bolts, barrel)
// and explain one cell in its own words; other games get the generic cell and explanation.
const cellOf = (entry, seat, shown) => (S.view && S.view.boardCell ? S.view.boardCell(entry, seat, shown) : null) ?? shown;

function explain(idx, seat) {
  const entry = history()[idx] || {};
  const own = S.view && S.view.explainCell ? S.view.explainCell(entry, seat) : null;
  if (own) {
    dialog(h("div", { class: "explain" }, h("h2", { text: own.title }), h("ul", {}, own.lines.map((t) => h("li", { text: t })))));
    return;
  }
  // This seat's own lines first, then the hand's other lines (a moon changes everyone's score).
  const all = entry.explain || [];
  const notes = [...all.filter((n) => n.seat === seat), ...all.filter((n) => n.seat !== seat)];
  const vals = perSeat(history(), idx, S.players.length) || [];
  const lines = [];
  if (Array.isArray(entry.points) && entry.points !== vals) lines.push(fmt(_("Penalty points taken: %(points)s"), { points: points(entry.points[seat]) }));
  if (vals[seat] !== undefined) lines.push(unitText(unit(), "score", { value: vals[seat] }));
  // The engine's explanation lines arrive in the user's language (scoring.i18n.localize).
  for (const note of notes) lines.push(note.text || note.code);
  const running = runningTotals(entry, S.players.length);
  if (running) lines.push(unitText(unit(), "total", { value: running[seat] }));
  dialog(h("div", { class: "explain" }, h("h2", { text: unitText(unit(), "title", { name: S.players[seat], hand: entryLabel(entry, idx) }) }),
    h("ul", {}, lines.map((t) => h("li", { text: t })))));
}

function explainTotal(seat) {
  const items = history().map((e, i) => { const v = (perSeat(history(), i, S.players.length) || [])[seat]; return v === undefined ? null : `${e.hand ?? i + 1}: ${v}`; }).filter(Boolean);
  dialog(h("div", {}, h("h2", { text: S.players[seat] }), h("p", { text: items.join(" · ") || unitText(unit(), "empty", {}) }),
    h("p", { text: fmt(_("Total: %(value)s"), { value: (S.summary.totals || [])[seat] }) })));
}
