// What the table shows of entries not yet recorded, when a form is drawn again, and the toast.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createToaster, formFate, nextNumber, waitingResults, waitingRow } from "../../../web/static/web/js/pending.js";

const hand = (id, created, points) => ({ client_event_id: id, created, type: "hand_result", payload: { points }, expected_seq: created });

test("waiting results are the outbox's hands, oldest first, without claims, corrections or conflicts", () => {
  const pending = [
    hand("b", 2, [0, 26, 0, 0]),
    hand("a", 1, [13, 5, 4, 4]),
    { client_event_id: "c", created: 3, type: "claim", endpoint: "claims", payload: {} },
    { client_event_id: "d", created: 4, type: "void", payload: { seq: 1 } },
    { ...hand("e", 5, [1, 1, 1, 23]), conflict: true },
  ];
  assert.deepEqual(waitingResults(pending, ["hand_result"]).map((e) => e.client_event_id), ["a", "b"]);
  assert.deepEqual(waitingResults(undefined, ["hand_result"]), []);
});

test("the next form's number counts the hands still waiting", () => {
  // The engine describes hand 3 (two recorded); two more wait in the outbox: the form is hand 5.
  const form = { type: "hand_result", number: 3, fields: [] };
  assert.equal(nextNumber(form, [hand("a", 1, []), hand("b", 2, [])]).number, 5);
  assert.equal(nextNumber(form, []).number, 3);
  assert.equal(form.number, 3); // the engine's description is not changed
});

test("a waiting hand's row: its number and the points per player when the payload has them", () => {
  assert.deepEqual(waitingRow(hand("a", 1, [13, 5, 4, 4]), 1, 3, 4), { id: "a", number: 4, values: [13, 5, 4, 4] });
  const deal = { client_event_id: "t", payload: { declarer: 0, contract: 100, card_points: [100, 10, 10] } };
  assert.deepEqual(waitingRow(deal, 0, 2, 3), { id: "t", number: 2, values: null });
});

test("a form being typed is never reset: kept at the same seq, kept with a warning after another phone's entry", () => {
  assert.equal(formFate({ dirty: false, baseSeq: 3, seq: 4 }), "render");
  // a late reply to this phone's own entry moved the form's seq along with the record's: kept as typed
  assert.equal(formFate({ dirty: true, baseSeq: 4, seq: 4 }), "keep");
  assert.equal(formFate({ dirty: true, baseSeq: 3, seq: 4 }), "stale");
});

function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    setTimer: (fn) => { timers.set(next, fn); return next++; },
    clearTimer: (id) => { timers.delete(id); },
    fire: () => { for (const [id, fn] of [...timers]) { timers.delete(id); fn(); } },
    count: () => timers.size,
  };
}

test("a toast leaves after its time", () => {
  const el = { hidden: true, textContent: "" };
  const t = fakeTimers();
  const toaster = createToaster(el, t);
  toaster.show("Another phone recorded first.", 4000, 1000);
  assert.equal(el.hidden, false);
  assert.equal(t.count(), 1);
  t.fire();
  assert.equal(el.hidden, true);
  assert.equal(el.textContent, "");
});

test("a toast leaves at the next action, not at the tap that caused it", () => {
  const el = { hidden: true, textContent: "" };
  const t = fakeTimers();
  const toaster = createToaster(el, t);
  toaster.show("No connection.", 6000, 1000);
  toaster.action(1100); // the same tap (within 400 ms)
  assert.equal(el.hidden, false);
  toaster.action(2000); // the next play
  assert.equal(el.hidden, true);
  assert.equal(t.count(), 0); // its timer is gone with it
  // a new toast replaces the old one's timer
  toaster.show("a", 4000, 3000);
  toaster.show("b", 4000, 3001);
  assert.equal(t.count(), 1);
  assert.equal(el.textContent, "b");
});
