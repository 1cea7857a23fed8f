// What a Thousand sheet writes in a cell besides the number, from the engine's `cells` (pure, tested
// under Node): Р for a Rospisat', one "/" per bolt so far, the barrel (↑ on, the deals left, ↓ off or
// fallen, ✓ won from it), a fine that is not already the cell's whole number. The title is the
// engine's own line for the mark, in the reader's language.
const BARREL = { barrel_on: "↑", barrel_fell: "↓", barrel_off: "↓", barrel_win: "✓" };

function symbolOf(mark, score) {
  const p = mark.params || {};
  if (mark.mark === "rospisat") return "Р";
  if (mark.mark === "bolt") return "/".repeat(Math.max(1, Math.min(9, p.number || 1)));
  if (mark.mark === "barrel") return typeof mark.deals_left === "number" ? String(mark.deals_left) : "•";
  if (mark.mark in BARREL) return BARREL[mark.mark];
  if (mark.mark === "fine") return typeof mark.amount === "number" && mark.amount !== score ? String(mark.amount).replace("-", "−") : null;
  if (mark.mark === "samosval") return "0";
  return null;
}

// [{ kind, symbol, title }] for one seat's cell of a history entry; marks with nothing to write
// are left out. A mark's title is its line of the deal's explanation (`line`, an index).
export function cellMarks(entry, seat) {
  const cell = entry && Array.isArray(entry.cells) ? entry.cells[seat] : null;
  const out = [];
  for (const m of (cell && cell.marks) || []) {
    const line = (entry.explain || [])[m.line] || {};
    const symbol = symbolOf({ ...m, params: line.params }, cell.score);
    if (symbol === null) continue;
    out.push({ kind: m.mark.startsWith("barrel") ? "barrel" : m.mark, symbol, title: line.text || m.mark });
  }
  return out;
}

// "Why?" on one cell: the engine's heading, the deal's lines about that seat, the total after it.
export function cellWhy(entry, seat) {
  const cell = entry && Array.isArray(entry.cells) ? entry.cells[seat] : null;
  const why = cell && cell.why;
  if (!why || !why.title) return null;
  const text = (n) => (n && (n.text || n.code)) || "";
  return { title: text(why.title), lines: [...(why.lines || []).map((i) => text((entry.explain || [])[i])), text(why.total)].filter(Boolean) };
}

// Tricks are optional: null (not sent) until someone types one, then one number per seat.
export function trickValues(field, raw, players) {
  const asked = new Set((field && field.seats) || []);
  if (![...asked].some((s) => String(raw[s] ?? "").trim() !== "")) return null;
  return Array.from({ length: players }, (_x, s) => (asked.has(s) ? parseInt(raw[s], 10) || 0 : field.fill ?? 0));
}
