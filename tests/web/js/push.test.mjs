// A live push applied (table/push.js): only on the exact version it follows; late, twice or after a
// gap it never changes a number; the history rows it carries join those held.
import assert from "node:assert/strict";
import { test } from "node:test";

import { applyOps, applyPush, complete, decide, mergeRows, prependRows } from "../../../web/static/web/js/table/push.js";

// Hearts, four seats, two hands entered: 10+3 / 6+13 / 4+5 / 6+5 (hand 1: 10 6 4 6, hand 2: 3 13 5 5).
const row1 = { hand: 1, points: [10, 6, 4, 6], totals: [10, 6, 4, 6] };
const row2 = { hand: 2, points: [3, 13, 5, 5], totals: [13, 19, 9, 11] };
const held = () => ({
  seq: 2, version: "u-2", claims: [], claimForm: null,
  legal: { next_seq: 3, actions: [{ type: "hand_result", hand: 3 }], entry_form: { number: 3, fields: [{ name: "points" }] } },
  summary: { totals: [13, 19, 9, 11], to_act: null, hand: 3, dealer: 2, history: [row1, row2] },
  history: { rows: [row1, row2], from: 0, count: 2, base: 0 },
  events: [{ seq: 1, type: "hand_result" }, { seq: 2, type: "hand_result" }],
});
// Hand 3: 0 8 9 9 → totals 13 27 18 20; the next hand is 4, dealt by seat 3.
const row3 = { hand: 3, points: [0, 8, 9, 9], totals: [13, 27, 18, 20] };
const push3 = () => ({
  seq: 3, version: "u-3", base: "u-2", status: "open", totals: [13, 27, 18, 20],
  events: [{ seq: 3, type: "hand_result", payload: { points: [0, 8, 9, 9] } }],
  ops: [[["totals"], [13, 27, 18, 20]], [["hand"], 4], [["dealer"], 3]],
  history_page: { from: 2, count: 3, base: 0 }, rows: [row3], rows_from: 2,
  claim_form: null, legal_ops: [[["next_seq"], 4], [["actions"], [{ type: "hand_result", hand: 4 }]], [["entry_form", "number"], 4]],
});

test("the next push on the version held is applied; the board then shows the new hand and totals", () => {
  const view = held();
  assert.equal(decide(view, push3()), "apply");
  const { view: next, need } = applyPush(view, push3());
  assert.deepEqual(next.summary.totals, [13, 27, 18, 20]);
  assert.equal(next.summary.hand, 4);
  assert.equal(next.summary.dealer, 3);
  assert.deepEqual(next.summary.history, [row1, row2, row3]);
  assert.deepEqual(next.events.map((e) => e.seq), [1, 2, 3]);
  assert.equal(next.version, "u-3");
  assert.deepEqual(next.legal, { next_seq: 4, actions: [{ type: "hand_result", hand: 4 }], entry_form: { number: 4, fields: [{ name: "points" }] } });
  assert.deepEqual(need, { history: false, legal: false });
  assert.deepEqual(view.summary.totals, [13, 19, 9, 11]); // the view held is not changed in place
});

test("a push twice or late is ignored; after a gap, another version or a reconnect ahead, the phone fetches", () => {
  const view = held();
  assert.equal(decide(view, { ...push3(), seq: 2, version: "u-2" }), "ignore"); // its own entry, twice
  assert.equal(decide(view, { ...push3(), seq: 1, version: "u-1", base: "u-0" }), "ignore"); // late
  assert.equal(decide(view, { ...push3(), seq: 4, version: "u-4", base: "u-3" }), "refetch"); // 3 was lost
  assert.equal(decide(view, { ...push3(), base: "v-2" }), "refetch"); // follows a version not held
  assert.equal(decide(view, { seq: 5 }), "refetch"); // a stream's first message, the table moved on
  assert.equal(decide(view, { seq: 2 }), "ignore"); // …or did not
  assert.equal(decide(view, { ...push3(), ops: null }), "refetch"); // the server could not say the change
  assert.equal(decide(view, { type: "heartbeat" }), "ignore");
});

test("out of order: 4 before 3 is a gap (fetch), 3 after the fetch brought 4 is late (ignored)", () => {
  const view = held();
  const push4 = { ...push3(), seq: 4, version: "u-4", base: "u-3" };
  assert.equal(decide(view, push4), "refetch");
  const fetched = { ...view, seq: 4, version: "u-4" };
  assert.equal(decide(fetched, push3()), "ignore");
});

test("ops set nested values, drop keys and leave everything else as it was", () => {
  const before = { a: 1, b: { c: [1, 2], d: "x" }, e: null };
  const after = applyOps(before, [[["b", "c"], [3]], [["b", "d"]], [["e"], 5], [["f"], { g: 1 }]]);
  assert.deepEqual(after, { a: 1, b: { c: [3] }, e: 5, f: { g: 1 } });
  assert.deepEqual(before, { a: 1, b: { c: [1, 2], d: "x" }, e: null });
});

test("a push whose row was too large says what to fetch; the rows held stay", () => {
  const { view: next, need } = applyPush(held(), { ...push3(), rows: null, legal_ops: null });
  assert.equal(need.history, true);
  assert.equal(need.legal, true);
  assert.deepEqual(next.history.rows, [row1, row2]);
  assert.equal(next.history.count, 3);
  assert.equal(complete(next.history), false);
  // legal actions not yet in for the version held: the change cannot be applied to them
  assert.equal(applyPush({ ...held(), legal: null }, push3()).need.legal, true);
});

test("a completed last row replaces the one held; rows under another correction base start afresh", () => {
  const done2 = { ...row2, moon: true };
  const merged = mergeRows({ rows: [row1, row2], from: 0, count: 2, base: 0 }, { from: 1, count: 2, base: 0 }, [done2], 1);
  assert.deepEqual(merged.rows, [row1, done2]);
  const corrected = mergeRows({ rows: [row1, row2], from: 0, count: 2, base: 0 }, { from: 1, count: 2, base: 7 }, [done2], 1);
  assert.deepEqual(corrected, { rows: [done2], from: 1, count: 2, base: 7 });
  assert.equal(complete(corrected), false);
  const back = prependRows(corrected, { from: 0, count: 2, base: 7, rows: [row1] });
  assert.deepEqual(back.rows, [row1, done2]);
  assert.equal(complete(back), true);
  // a page from before another correction does not join
  assert.equal(prependRows(corrected, { from: 0, count: 2, base: 0, rows: [row1] }), corrected);
});

test("a claim push carries the claim box; a push whose claims were left out makes the phone fetch", () => {
  const claim = { seq: 3, verdict: "holds", accepted: false };
  const { view: next } = applyPush(held(), { ...push3(), claims: [claim] });
  assert.deepEqual(next.claims, [claim]);
  assert.equal(applyPush(held(), { ...push3(), claims: null }), null);
});
