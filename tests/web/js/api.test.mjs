// The API client: headers, JSON, ETag answers and errors with their machine-readable code.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ApiError, createApi, summaryAfterAppend } from "../../../web/static/web/js/api.js";

function fakeFetch(answer) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push([url, init]);
    if (answer instanceof Error) throw answer;
    const { status = 200, body = "" } = answer;
    return { status, ok: status >= 200 && status < 300, text: async () => (typeof body === "string" ? body : JSON.stringify(body)) };
  };
  return { fetch, calls };
}

test("requests carry the token, the page's language and JSON", async () => {
  const { fetch, calls } = fakeFetch({ status: 201, body: { event: { seq: 3 } } });
  const api = createApi({ root: "/api/v1/", language: "fi", token: () => "t0k", fetch });
  const entry = { type: "hand_result", payload: { points: [26, 0, 0, 0] }, client_event_id: "c1", expected_seq: 3, match_id: "9" };
  assert.deepEqual(await api.append(9, entry), { event: { seq: 3 } });
  const [url, init] = calls[0];
  assert.equal(url, "/api/v1/matches/9/events");
  assert.equal(init.headers.Authorization, "Token t0k");
  assert.equal(init.headers["Accept-Language"], "fi");
  assert.equal(init.credentials, "omit");
  assert.deepEqual(JSON.parse(init.body), { type: "hand_result", payload: { points: [26, 0, 0, 0] }, client_event_id: "c1", expected_seq: 3 });
});

test("a refusal becomes an ApiError with the server's code, params and fields", async () => {
  const { fetch } = fakeFetch({ status: 400, body: { code: "points_must_total_26", message: "…", params: { total: 20 }, fields: { points: "x" } } });
  const api = createApi({ fetch });
  await assert.rejects(api.legal(1), (e) => e instanceof ApiError && e.code === "points_must_total_26" && e.params.total === 20 && "points" in e.fields);
});

test("401 forgets the token; no connection is the code network", async () => {
  let forgotten = false;
  const api = createApi({ fetch: fakeFetch({ status: 401, body: { code: "not_authenticated" } }).fetch, forget: () => { forgotten = true; } });
  await assert.rejects(api.me(), (e) => e.status === 401);
  assert.equal(forgotten, true);
  const offline = createApi({ fetch: fakeFetch(new TypeError("Failed to fetch")).fetch });
  await assert.rejects(offline.me(), (e) => e.code === "network" && e.status === 0);
});

test("one game's catalogue entry is asked for at a versioned URL the browser may cache", async () => {
  const { fetch, calls } = fakeFetch({ body: [{ name: "hearts" }] });
  const api = createApi({ fetch });
  assert.deepEqual(await api.game("hearts", "abc", { omit: "variants" }), { name: "hearts" });
  assert.equal(calls[0][0], "/api/v1/games?game=hearts&v=abc&omit=variants");
  assert.equal(calls[0][1].cache, "default");
});

test("an append asks for the full answer (the phone draws its own entry from it); no call sends Prefer", async () => {
  const { fetch, calls } = fakeFetch({ status: 201, body: { event: { seq: 4 }, last_seq: 4, summary: { totals: [0, 26, 0, 0] } } });
  const api = createApi({ fetch });
  await api.append(9, { type: "hand_result", payload: {}, client_event_id: "c1", expected_seq: 4 });
  assert.equal("Prefer" in calls[0][1].headers, false);
  await api.legal(9);
  assert.equal("Prefer" in calls[1][1].headers, false);
});

test("the compact answer's totals replace the board's at once, unless the phone knows a later seq", () => {
  const summary = { totals: [10, 0, 3, 13], to_act: 2, history: [{ hand: 1 }] };
  // Hearts: a hand of [0, 26, 0, 0] after [10, 0, 3, 13] gives [10, 26, 3, 13].
  const answer = { event: { seq: 2 }, last_seq: 2, totals: [10, 26, 3, 13] };
  const after = summaryAfterAppend(summary, 1, answer);
  assert.deepEqual(after.totals, [10, 26, 3, 13]);
  assert.deepEqual(after.history, [{ hand: 1 }]);
  assert.deepEqual(summary.totals, [10, 0, 3, 13], "the old summary is not changed in place");
  // Another phone's entry (seq 3) is already known: this answer is older and changes nothing.
  assert.equal(summaryAfterAppend(summary, 3, answer), summary);
  // A full answer (no top-level totals) or no summary yet: nothing to patch.
  assert.equal(summaryAfterAppend(summary, 1, { event: { seq: 2 }, summary: {} }), summary);
  assert.equal(summaryAfterAppend(null, 1, answer), null);
});

test("a rules error names the field and seat it concerns, for the form to show it beside them", () => {
  const e = new ApiError(422, { code: "points_out_of_range", message: "…", params: { name: "Anna", value: 27 }, field: "points", seat: 0 });
  assert.equal(e.field, "points");
  assert.equal(e.params.seat, 0);
  const total = new ApiError(422, { code: "tricks_must_total_8", params: { total: 0, count: 8, field: "tricks" } });
  assert.equal(total.field, "tricks");
  assert.equal(total.params.seat, undefined);
});

test("every path the phone asks for is in the one convention: no trailing slash", async () => {
  const { fetch, calls } = fakeFetch({ body: [] });
  const api = createApi({ fetch });
  const entry = { type: "hand_result", payload: {}, client_event_id: "c1", expected_seq: 1 };
  await Promise.all([
    api.games(), api.game("hearts", "v1"), api.players(), api.me(), api.recentPlayers(), api.leagues(), api.matches(),
    api.createMatch({}), api.rematch(9), api.join("CODE", 0), api.match(9), api.summary(9), api.events(9),
    api.append(9, entry), api.legal(9), api.claim(9, entry), api.claimAccept(4, 1), api.logout(),
  ]);
  const paths = calls.map(([url]) => url.split("?")[0]);
  assert.equal(paths.length, 18);
  assert.deepEqual(paths.filter((path) => path.endsWith("/")), []);
});

test("signing out sends the cookie, so the league pages' session ends with the token; nothing else does", async () => {
  const { fetch, calls } = fakeFetch({ status: 204 });
  const api = createApi({ token: () => "t0k", fetch });
  await api.matches();
  await api.logout();
  assert.deepEqual(calls.map(([url, init]) => [url, init.method, init.credentials]), [
    ["/api/v1/matches", "GET", "omit"],
    ["/api/v1/auth/logout", "POST", "same-origin"],
  ]);
  assert.equal(calls[1][1].headers.Authorization, "Token t0k");
});

test("opening the league's session posts the token with the cookie allowed, so the session sticks", async () => {
  const { fetch, calls } = fakeFetch({ status: 204, body: "" });
  const api = createApi({ root: "/api/v1/", token: () => "t0k", fetch });
  assert.equal(await api.openSession(), null);
  const [url, init] = calls[0];
  assert.equal(url, "/api/v1/auth/session");
  assert.equal(init.method, "POST");
  assert.equal(init.credentials, "same-origin");
  assert.equal(init.headers.Authorization, "Token t0k");
});
