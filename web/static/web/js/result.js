// A finished match as the table announces it: the winners and the final standings, all from the
// engine's result (winners, places, scores; scoring/protocol.py), nothing computed here; and a
// pot game's settlement per deal. Pure (players are passed in), tested under Node.
import { _, fmt } from "./i18n.js";

// [{ place, seat, name, score, winner }] in the engine's places (ties share a place), then seat order.
export function standings(result, players) {
  const winners = new Set(result.winners || []);
  const places = result.places || [];
  const scores = result.scores || [];
  return players.map((name, seat) => ({ place: places[seat] ?? null, seat, name, score: scores[seat] ?? null, winner: winners.has(seat) }))
    .sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.seat - b.seat);
}

// The winners' names in the engine's order, joined as the language joins a list ("Ann and Bob").
export function winnerNames(result, players, language = "en") {
  const names = (result.winners || []).map((s) => players[s] ?? String(s));
  try { return new Intl.ListFormat(language, { type: "conjunction" }).format(names); } catch (e) { return names.join(", "); }
}

// Who pays whom in one deal of a pot game (Bourré's settlement in the engine's history entry:
// `taken` from the pot, `payments` into it, each with its reason; Tonk's payments between players
// carry the engine's own line, `why`): one line each, by name.
const REASONS = { bourre: () => _("bourré"), bourre_and_renege: () => _("bourré and renege"), renege: () => _("renege") };
export function settlementLines(entry, players) {
  const name = (s) => players[s] ?? String(s);
  const lines = [];
  // A split pot (nobody takes it) is named under the deal in the engine's words, like Why says it.
  for (const n of entry.explain || []) if (n && (n.code === "split_pot" || n.code === "split_shared") && typeof n.text === "string") lines.push(n.text);
  for (const t of entry.taken || []) lines.push(fmt(_("%(name)s takes %(chips)s from the pot"), { name: name(t.seat), chips: t.chips }));
  for (const p of entry.payments || []) {
    // A payment the engine explains itself (Tonk: who pays whom, and why) is shown in its words.
    if (p.why && typeof p.why.text === "string") { lines.push(p.why.text); continue; }
    if (typeof p.seat !== "number") continue; // a shape this view does not know: say nothing rather than "undefined"
    const why = REASONS[p.code] ? REASONS[p.code]() : String(p.code || "").replace(/_/g, " ");
    lines.push(fmt(_("%(name)s pays %(chips)s into the pot (%(why)s)"), { name: name(p.seat), chips: p.chips, why }));
  }
  return lines;
}
