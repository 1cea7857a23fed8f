// The REST API client (/api/v1/): JSON in and out, the token from the phone's storage, errors as
// ApiError with the server's machine-readable `code`.

export class ApiError extends Error {
  constructor(status, data) {
    super((data && data.message) || `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
    this.code = this.data.code || (status === 0 ? "network" : `http_${status}`);
    this.params = this.data.params || {};
    this.fields = this.data.fields || {};
    // The field and seat a rules error concerns, when the engine named them (docs/api-errors.md).
    this.field = this.data.field ?? this.params.field ?? null;
    if (typeof this.data.seat === "number" && this.params.seat === undefined) this.params = { ...this.params, seat: this.data.seat };
  }
}

// The summary after this phone's own append, from the compact answer (`Prefer: return=minimal`:
// the event, `last_seq` and the running `totals`), so the board shows the new totals at once; the
// rest (history, whose turn) comes with the next full summary. An answer behind the seq the phone
// already knows (`knownSeq`: another phone's entry came in since), or without totals, changes nothing.
export function summaryAfterAppend(summary, knownSeq, answer) {
  if (!summary || !answer || !Array.isArray(answer.totals) || typeof answer.last_seq !== "number") return summary;
  if (typeof knownSeq === "number" && answer.last_seq < knownSeq) return summary;
  return Object.assign({}, summary, { totals: answer.totals.slice() });
}

export const listOf = (data) => (Array.isArray(data) ? data : (data && data.results) || []);

// `token()` reads the stored token, `forget()` drops it after a 401; `language` names the page's
// language (the cookie is not sent: credentials are omitted).
export function createApi({ root = "/api/v1/", language = "en", token = () => null, forget = () => {}, fetch = globalThis.fetch } = {}) {
  async function call(path, { method = "GET", json, etag, raw, prefer, cache = "no-store", credentials = "omit" } = {}) {
    const headers = { Accept: "application/json", "Accept-Language": language };
    if (prefer) headers.Prefer = prefer;
    const t = token();
    if (t) headers.Authorization = "Token " + t;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (etag) headers["If-None-Match"] = etag;
    let response;
    try {
      response = await fetch(root + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json), cache, credentials });
    } catch (e) {
      throw new ApiError(0, { code: "network", message: String(e) });
    }
    if (raw) return response;
    if (response.status === 304) return { notModified: true };
    let data = null;
    const text = await response.text();
    if (text) { try { data = JSON.parse(text); } catch (e) { data = { message: text.slice(0, 200) }; } }
    if (!response.ok) {
      if (response.status === 401) forget(data && data.code);
      throw new ApiError(response.status, data);
    }
    return data;
  }

  return {
    call,
    guest: (name) => call("auth/guest", { method: "POST", json: { name } }),
    login: (username, password) => call("auth/token", { method: "POST", json: { username, password } }),
    // Revokes the token; the cookie goes along only here, so the session the league pages opened with
    // this token (POST auth/session) ends with it.
    logout: () => call("auth/logout", { method: "POST", credentials: "same-origin" }),
    // Opens the browser session the league pages use, from this token (api/auth_session.py).
    openSession: () => call("auth/session", { method: "POST", credentials: "same-origin" }),
    games: () => call("games").then(listOf),
    // One game's catalogue entry at a versioned URL: the browser's cache may keep it.
    // `omit: "variants"`: without the house rules' documentation (a table needs it only in Share).
    game: (name, version, { omit } = {}) => call(`games?game=${encodeURIComponent(name)}&v=${encodeURIComponent(version || "")}${omit ? "&omit=" + omit : ""}`, { cache: "default" }).then((l) => listOf(l)[0] || null),
    players: () => call("players?limit=500").then(listOf),
    me: () => call("players/me"),
    // The players the caller recently sat with (a new match's roster), most recent first.
    recentPlayers: () => call("players/recent").then(listOf),
    leagues: () => call("leagues").then(listOf),
    matches: () => call("matches").then(listOf),
    createMatch: (data) => call("matches", { method: "POST", json: data }),
    // The same players, seats, house rules and league, as a new match.
    rematch: (id) => call(`matches/${id}/rematch`, { method: "POST", json: {} }),
    join: (code, seat) => call("matches/join", { method: "POST", json: seat === undefined ? { code } : { code, seat } }),
    match: (id) => call(`matches/${id}`),
    summary: (id, etag) => call(`matches/${id}/summary`, { etag, raw: true }),
    // The latest page of the record (the server keeps a page to 500 events), then what came after.
    events: (id) => call(`matches/${id}/events?before=${2 ** 31 - 1}&limit=500`).then(listOf),
    eventsBefore: (id, seq) => call(`matches/${id}/events?before=${seq}&limit=500`).then(listOf),
    eventsAfter: (id, seq) => call(`matches/${id}/events?after=${seq}&limit=500`).then(listOf),
    // A page of the summary's history: the rows before row `before` (the summary has the latest ones).
    history: (id, before) => call(`matches/${id}/history?before=${before}&limit=50`),
    // The full answer, not the compact one (`Prefer: return=minimal`, for clients that only need the
    // totals): the phone draws its own entry from it at once, a round trip before any reload.
    append: (id, entry) => call(`matches/${id}/events`, {
      method: "POST",
      json: { type: entry.type, payload: entry.payload, client_event_id: entry.client_event_id, expected_seq: entry.expected_seq },
    }),
    legal: (id) => call(`matches/${id}/legal-actions`),
    // A claim goes through the outbox like an event (its client_event_id makes a resend harmless).
    claim: (id, entry) => call(`matches/${id}/claims`, {
      method: "POST",
      json: Object.assign({}, entry.payload, { client_event_id: entry.client_event_id, expected_seq: entry.expected_seq }),
    }),
    claimPoll: (path) => call(String(path).replace(/^\/?api\/v1\//, "")),
    claimAccept: (claimId, seat) => call(`claims/${claimId}/accept`, { method: "POST", json: { seat } }),
    // accounts and people (docs/people.md)
    signup: (body) => call("auth/signup", { method: "POST", json: body }),
    upgrade: (body) => call("auth/upgrade", { method: "POST", json: body }),
    account: () => call("account"),
    passwordChange: (old_password, new_password) => call("auth/password", { method: "POST", json: { old_password, new_password } }),
    resetAsk: (email) => call("auth/password-reset", { method: "POST", json: { email } }),
    resetConfirm: (uid, token, new_password) => call("auth/password-reset/confirm", { method: "POST", json: { uid, token, new_password } }),
    myData: () => call("account/data", { raw: true }),
    deleteAccount: (password, name) => call("account", { method: "DELETE", json: { password, name } }),
    badge: (colour, initials) => call("players/me/badge", { method: "POST", json: { colour, initials } }),
    suggest: (q) => call(`players/suggest?q=${encodeURIComponent(q)}`).then(listOf),
    dispute: (matchId, seat) => call(`matches/${matchId}/dispute`, { method: "POST", json: { seat } }),
    invite: (secret) => call(`invites/${encodeURIComponent(secret)}`),
    inviteAccept: (secret) => call(`invites/${encodeURIComponent(secret)}`, { method: "POST", json: {} }),
    roster: (league) => call(`leagues/${league}/roster`),
    rosterImport: (league, csv) => call(`leagues/${league}/roster`, { method: "POST", json: { csv } }),
    roleSet: (league, player, role) => call(`leagues/${league}/members/${player}`, { method: "PATCH", json: { role } }),
    inviteLinks: (league) => call(`leagues/${league}/invite-links`),
    inviteLinkNew: (league, body) => call(`leagues/${league}/invite-links`, { method: "POST", json: body }),
    inviteLinkRevoke: (league, id) => call(`leagues/${league}/invite-links/${id}`, { method: "DELETE" }),
    merge: (league, player, into) => call(`leagues/${league}/merges`, { method: "POST", json: { player, into } }),
    merges: (league) => call(`leagues/${league}/merges`),
    unmerge: (id) => call(`merges/${id}/undo`, { method: "POST", json: {} }),
  };
}
