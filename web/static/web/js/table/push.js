// A live push applied: the server sends what an entry changed (companion/push.py), the phone draws
// the new state from it without asking. Only a push that follows the exact version the phone holds
// is applied; one that is late or twice changes nothing, and one after a gap (a lost push, another
// version, a reconnect behind) makes the phone fetch the summary: a wrong number is never shown.
// Pure functions: page.js holds the state and does the fetching.

// What to do with `msg` when the phone holds `held` ({seq, version}): "apply", "ignore" or "refetch".
export function decide(held, msg) {
  if (!msg || !Number.isInteger(msg.seq)) return "ignore";
  if (typeof held.seq === "number" && msg.seq <= held.seq) return "ignore"; // late or twice: already drawn
  if (msg.seq !== held.seq + 1 || !msg.version || msg.base !== held.version || !Array.isArray(msg.ops)) return "refetch";
  return "apply";
}

// `value` with `ops` applied: `[path, v]` sets v at path, `[path]` drops it (copies along the path only).
export function applyOps(value, ops) {
  let out = value;
  for (const op of ops) out = setAt(out, op[0], op.length > 1 ? op[1] : undefined, op.length < 2);
  return out;
}

function setAt(obj, path, v, drop) {
  if (!path.length) return v;
  const [key, ...rest] = path;
  const copy = Array.isArray(obj) ? [...obj] : { ...(obj && typeof obj === "object" ? obj : {}) };
  if (drop && !rest.length) delete copy[key];
  else copy[key] = setAt(copy[key], rest, v, drop);
  return copy;
}

// The history rows the phone holds ({rows, from, count, base}: rows from..count-1 of the whole
// history under the correction `base`) with `rows` (starting at row `at`) of the history `page` says.
// Rows held under another base are dropped: a correction may have rewritten them.
export function mergeRows(held, page, rows, at) {
  if (!page || !Array.isArray(rows)) return held && page && held.base === page.base ? { ...held, count: page.count } : held;
  const fresh = { rows: rows.slice(0, Math.max(0, page.count - at)), from: at, count: page.count, base: page.base };
  if (!held || held.base !== page.base || at < held.from || at > held.from + held.rows.length) return fresh;
  const kept = held.rows.slice(0, at - held.from);
  return { rows: kept.concat(fresh.rows), from: held.from, count: page.count, base: page.base };
}

// Older rows paged in (GET history: `answer.rows` start at `answer.from`) before the ones held.
export function prependRows(held, answer) {
  if (!held || answer.base !== held.base || answer.from + answer.rows.length !== held.from) return held;
  return { ...held, rows: answer.rows.concat(held.rows), from: answer.from };
}

export const complete = (held) => !!held && held.from === 0 && held.rows.length === held.count;

// The phone's view after `msg` (decide() said "apply"), and what it still has to fetch: `history`
// (rows the push left out: too large, or rewritten by a correction), `legal` (the next form: the
// push says how it changed from the one after the version held, `view.legal` when the phone has it).
// `view`: {seq, version, summary, history, claims, claimForm, legal, events}. null: fetch the summary.
export function applyPush(view, msg) {
  if (msg.claims === null) return null; // the claims were left out: the summary brings them
  const base = { ...(view.summary || {}) };
  delete base.history;
  const summary = applyOps(base, msg.ops);
  if (Array.isArray(msg.totals)) summary.totals = msg.totals.slice();
  const history = mergeRows(view.history, msg.history_page, msg.rows, msg.rows_from);
  summary.history = history ? history.rows : [];
  const known = new Set((view.events || []).map((e) => e.seq));
  const events = (view.events || []).concat((msg.events || []).filter((e) => !known.has(e.seq)));
  const next = {
    seq: msg.seq, version: msg.version, etag: msg.etag || null, status: msg.status, summary, history, events,
    claims: Array.isArray(msg.claims) ? msg.claims : view.claims,
    claimForm: "claim_form" in msg ? msg.claim_form : view.claimForm,
    legal: view.legal && Array.isArray(msg.legal_ops) ? applyOps(view.legal, msg.legal_ops) : null,
  };
  return { view: next, need: { history: !complete(history), legal: !next.legal } };
}
