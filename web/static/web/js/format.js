// Formatting shared by every view: cards, signed numbers, the words of the record and the
// scoreboard's per-seat numbers. Pure functions (players are passed in), tested under Node.
import { _, fmt, ngettext, pgettext } from "./i18n.js";

export const humanize = (key) => String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
export const points = (n) => fmt(ngettext("%(count)s point", "%(count)s points", n), { count: n });

// ---- cards
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const cardRank = (c) => c.slice(0, -1).replace("T", "10");
export function cardLabel(c) {
  if (!c) return "";
  c = String(c);
  if (c === "JK") return "🃏";
  const s = c.slice(-1);
  return SUITS[s] ? cardRank(c) + SUITS[s] : c;
}
export const cardRed = (c) => /[HD♥♦]$/.test(String(c));
// Cards as the record writes them ("10H", "Q♠") in the picker's notation ("TH", "QS").
export const normCard = (c) => String(c).trim().toUpperCase().replace(/^10/, "T").replace(/[♠♥♦♣]$/, (m) => SUIT_LETTERS[m]);
export const isCard = (x) => typeof x === "string" && /^(10|[2-9TJQKA])[SHDC]$/.test(x);

// A positive score with its sign, unless the game counts penalty points (lower is better).
export const signed = (v, { lowerIsBetter = false } = {}) => (typeof v === "number" && v > 0 && !lowerIsBetter ? "+" + v : String(v));

// ---- words
const GAME_TITLES = {
  hearts: _("Hearts"), thousand: _("Thousand"), bourre: _("Bourré"), president: _("President"),
  tonk: _("Tonk"), tshirt: _("The T-Shirt Game"), "tshirt-game": _("The T-Shirt Game"),
};
export const gameTitle = (g) => GAME_TITLES[(g && g.name) || g] || (g && g.title) || g;

const WORDS = {
  left: _("left"), right: _("right"), across: _("across"), hold: _("hold (no pass)"), left2: _("2nd left"), right2: _("2nd right"),
  hand_entry: _("entering hands"), finished: _("finished"), play: _("play"), bidding: _("bidding"), deal: _("deal"),
  President: _("President"), "Vice-President": _("Vice-President"), Neutral: _("Neutral"), Citizen: _("Neutral"),
  "Vice-Scum": _("Vice-Scum"), Scum: _("Scum"), best: _("the best"), choice: _("chosen"),
};
export const word = (v) => (typeof v === "string" && WORDS[v]) || v;

// Field labels and values of the entries, translated (anything else: the key, humanized).
export const LABELS = {
  played: _("Who played"), tricks: _("Tricks"), order: _("Finishing order: tap the names, first out first"),
  end: _("How the hand ended"), by: _("By whom"), counts: _("Hand counts"), judge: _("Judge"), winner: _("Winner"),
  value: _("Hot or Not value"), boo_yah: _("BOO YAH!"), round: _("Round"), dealer: _("Dealer"), reneges: _("Reneges that stood"),
  recalled: _("Reneges taken back in time"), antes: _("Antes due"), up_card: _("Up card"), stake: _("Stake"),
  seating: _("Seating"), hand: _("Hand"), whole_hand: _("Whole hand laid down at once"), declarer: _("Declarer"),
  contract: _("Contract"), seat: _("Player"), card: _("Card"), amount: _("Amount"), cards: _("Cards"),
  hand_result: _("Hand result"), deal_result: _("Deal result"), round_result: _("Round result"), start_game: _("Start the game"),
  first_judge: _("First judge (the youngest player)"), bid: _("Bid"), pass: pgettext("bidding", "Pass"), deal: _("New deal"), play_card: _("Play a card"),
  take_talon: _("Take the talon"), give_card: _("Give a card"), raise_contract: _("Raise the contract"), give_up: _("Give up"),
  claim: _("Claim"), declare: _("Declare"), draw: _("Draw"), discard: _("Discard"), end_session: _("End the session"),
  end_evening: _("End the evening"), leave: _("Leave the table"), join: _("Join the table"), slogan_played: _("Slogan played"),
  exchange: _("Exchange"), play: _("Play"), to: _("To"), pass_cards: _("Pass cards"), pass_lead: _("Pass the lead"),
  retract_card: _("Take back a card"), renege_report: _("Report a renege"), moon_choice: _("Moon choice"), hands: _("Hands"), kitty: _("Kitty"),
  // the fields of the result entries, as the correction form shows them
  points: _("Points"), jd_taker: _("Who took the J♦?"), no_tricks: _("Who took no trick?"), offenders: _("Who reneged"),
  kind: _("Outcome"), blind: _("Blind"), card_points: _("Card points"), marriages: _("Marriages"), four_aces: _("Four aces"),
  inactive: _("Sits out"), talon: _("Talon"), reason: _("Reason"), renege_by: _("Who reneged"),
  // the card-by-card events and fields of every game (the catalogue's schema; a test checks the list)
  note: _("Note"), choice: _("Choice"), ace_up: _("An ace was turned up"), premature: _("Played before their turn"),
  folded_after_draw: _("Folded after the draw"), lo_no: _("Lo-No called"), count: _("How many"), discarded: _("Cards discarded"),
  received: _("Cards received"), take_up_card: _("The dealer takes the up-card"), recall: _("Take back a renege"),
  renege: _("Renege"), premature_signal: _("Signal before their turn"), redeal: _("Redeal"), giver: _("Gives"),
  receiver: _("Receives"), requested: _("Cards asked for"), look_at_hand: _("Look at the hand"), pile: _("Pile"),
  claim_redeal: _("Claim a redeal"), concede: _("The rest conceded"), announce: _("Announcement"), reveal_talon: _("Reveal the talon"),
  double_double: _("Tonk paid four times"), side_bet_players: _("Side bet: who joined"), side_bet_amount: _("Side bet: amount each"),
  side_bet_spades: _("Side bet: the spade each showed"), upcard: _("Up card"), side_bet: _("Side bet"), players: _("Players"),
  spades: _("Spades shown"), claim_49: _("Claim 49"), drop: pgettext("tonk", "Drop"), source: _("Drawn from"), spread: _("Spread"),
  hit: _("Hit a spread"), show_hands: _("Show the hands"), stolen_from: _("Card taken from"), stolen_round: _("Card taken from round"),
  stolen_value: _("Value of the card taken"),
};
const VALUES = {
  auto_win: _("automatic win"), auto_draw: _("automatic draw"), tonk: _("tonk"), out_by_discard: _("out by discard"),
  drop: _("drop"), stock_exhausted: _("stock ran out"), played: _("played"), rospisat: _("Rospisat' (Р)"),
  spisat: _("Spisat'"), bomb: _("bomb"), dark_give_up: _("dark give-up"), thrown_in: _("thrown in"),
  holds: _("holds"), fails: _("fails"), undetermined: _("cannot be decided"),
  four_nines: _("four nines"), three_nines: _("three nines"), low_talon: _("low talon"), weak_hand: _("weak hand"),
  four_jacks: _("four jacks"), misdeal: _("misdeal"), bottom_card: _("bottom card"), renege_replay: _("renege, replayed"),
  marriage: _("marriage"), four_aces: _("four aces"), stock: _("the stock"), discard: _("the discard pile"),
};
// A moon choice names the points it moves (the engine's hand total: 26, or 117 with spot hearts).
const MOON = {
  add_to_others: (n) => fmt(_("+%(points)s to everyone else"), { points: n }),
  subtract_from_shooter: (n) => fmt(_("−%(points)s for the shooter"), { points: n }),
};
export const label = (name) => LABELS[name] || humanize(name);
// Never a raw code: a value with no word of its own reads as its key, humanized.
export const valueLabel = (v, params = {}) => (MOON[v] && params.points !== undefined ? MOON[v](params.points) : VALUES[v] || (typeof v === "string" && WORDS[v]) || humanize(v));

// ---- what a payload key holds (seats, per-seat numbers, orders)
export const PER_SEAT_RE = /(point|trick|count|score|chip|value|card_points|amount|stake|penalt)/;
export const ORDER_RE = /(order|ranking|finish|place|seating)/;
// Lists of seats whose names look like per-seat numbers (Hearts: who took no trick).
export const SEAT_LISTS = new Set(["no_tricks", "antes", "reneges", "recalled", "premature", "folded_after_draw", "offenders", "second_antes"]);
export const SEAT_RE = /(seat|declarer|winner|judge|taker|tonker|dealer|caller|player|shooter|leader|loser|inactive|by|who|offender|target|from|to|four_aces)$/;

// A card as a card face (QS → Q♠), any other word as the form would say it.
export const cardish = (x) => (isCard(x) ? cardLabel(x) : typeof x === "string" ? valueLabel(x) : String(x));

// Keys whose one-letter values are suits (Thousand's marriages "C D H" read ♣ ♦ ♥).
const SUIT_KEY_RE = /(marriage|suit|trump)/;

export function describeValue(key, v, players) {
  const isSeatKey = SEAT_RE.test(key) || ["to", "from", "seat"].includes(key);
  const item = SUIT_KEY_RE.test(key) ? (x) => SUITS[x] || cardish(x) : cardish;
  if (Array.isArray(v) && v.length === players.length && !ORDER_RE.test(key) && !SEAT_LISTS.has(key) && (PER_SEAT_RE.test(key) || v.some(Array.isArray))) {
    return players.map((n, i) => `${n} ${Array.isArray(v[i]) ? v[i].map(item).join(" ") || "–" : v[i] ?? "–"}`).join(", ");
  }
  if (Array.isArray(v)) return v.map((x) => (typeof x === "number" && (isSeatKey || ORDER_RE.test(key) || SEAT_LISTS.has(key) || key === "played") ? players[x] ?? x : item(x))).join(" ");
  if (typeof v === "number" && isSeatKey) return players[v] ?? v;
  if (typeof v === "boolean") return v ? _("yes") : _("no");
  if (typeof v === "string") return item(v);
  if (v && typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// An entry in the words of its form: field labels, seat names, cards, values. Its `kind` (how the
// deal ended: played, Rospisat'…) is the entry's own outcome, so it follows the entry's name
// directly ("Deal result: played") instead of under a second label that repeats it (Russian read
// "Итог раздачи — Итог: сыграна").
export function describeEntry(type, payload, players) {
  const shown = Object.entries(payload || {}).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length));
  const kind = shown.find(([k]) => k === "kind");
  const head = kind ? `${label(type)}: ${describeValue("kind", kind[1], players)}` : label(type);
  const parts = shown.filter(([k]) => k !== "kind").map(([k, v]) => `${label(k)}: ${describeValue(k, v, players)}`);
  return parts.length ? `${head} — ${parts.join("; ")}` : head;
}

// ---- the scoreboard's numbers
export const isSeatNumbers = (v, n) => Array.isArray(v) && v.length === n && v.every((x) => typeof x === "number" || x === null);
export const runningTotals = (entry, n) => (isSeatNumbers(entry.totals, n) ? entry.totals : isSeatNumbers(entry.ledger, n) ? entry.ledger : null);

// The number each seat scored in one history entry: the engine's own per-entry key when it has
// one, else the change of the running totals since the entry before.
export function perSeat(history, idx, n) {
  const entry = history[idx] || {};
  for (const k of ["scores", "entries", "net", "deltas", "score_changes", "changes", "points_scored", "points"]) {
    if (isSeatNumbers(entry[k], n)) return entry[k];
  }
  const totals = runningTotals(entry, n);
  if (!totals) return null;
  const before = idx > 0 ? runningTotals(history[idx - 1], n) : null;
  return totals.map((t, i) => t - (before ? before[i] || 0 : 0));
}

export const entryLabel = (entry, idx) => entry.hand ?? entry.deal ?? entry.round ?? idx + 1;

// ---- the game's own word for one scored unit (the catalogue's `unit`: Thousand and Bourré play
// deals, President rounds, Hearts hands). Whole sentences per unit, never a word put into a
// sentence: "hand", "deal" and "round" differ in gender and case in Russian, German and Finnish.
const UNIT_TEXTS = {
  hand: {
    why: _("Why? Hand %(hand)s, %(name)s"), title: _("%(name)s, hand %(hand)s"),
    score: _("Score for this hand: %(value)s"), total: _("Total after this hand: %(value)s"),
    empty: _("No hands yet."),
  },
  deal: {
    why: _("Why? Deal %(hand)s, %(name)s"), title: _("%(name)s, deal %(hand)s"),
    score: _("Score for this deal: %(value)s"), total: _("Total after this deal: %(value)s"),
    empty: _("No deals yet."),
  },
  round: {
    why: _("Why? Round %(hand)s, %(name)s"), title: _("%(name)s, round %(hand)s"),
    score: _("Score for this round: %(value)s"), total: _("Total after this round: %(value)s"),
    empty: _("No rounds yet."),
  },
};
/** One sentence (`why`, `title`, `score`, `total`, `empty`) in the game's unit; an unknown unit reads "hand". */
export const unitText = (unit, key, args) => fmt((UNIT_TEXTS[unit] || UNIT_TEXTS.hand)[key], args);
