// The offline outbox: entries keep their order, their client_event_id and the seq they expect.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createOutbox, memoryBackend, nextExpectedSeq } from "../../../web/static/web/js/outbox.js";

function outbox() {
  let n = 0;
  let clock = 1000;
  return createOutbox(memoryBackend(), { uuid: () => `id-${++n}`, now: () => clock++ });
}

const refusal = (status, code) => Object.assign(new Error(code), { status, code });

test("the next seq follows the form's seq and this phone's waiting entries", () => {
  assert.equal(nextExpectedSeq(4, []), 5);
  assert.equal(nextExpectedSeq(4, [{ expected_seq: 5 }, { expected_seq: 6 }]), 7);
  assert.equal(nextExpectedSeq(9, [{ expected_seq: 5 }]), 10); // the form saw seq 9 already
});

test("entries typed offline queue up with consecutive seqs", async () => {
  const box = outbox();
  const a = await box.add(7, "hand_result", { points: [13, 5, 4, 4] }, { base: 2 });
  const b = await box.add(7, "hand_result", { points: [0, 26, 0, 0] }, { base: 2 });
  await box.add(8, "hand_result", {}, { base: 0 });
  assert.deepEqual([a.expected_seq, b.expected_seq], [3, 4]);
  assert.deepEqual((await box.forMatch(7)).map((e) => e.client_event_id), ["id-1", "id-2"]);
  assert.equal((await box.forMatch("8")).length, 1);
});

test("flush sends in order and empties the outbox", async () => {
  const box = outbox();
  await box.add(1, "hand_result", { n: 1 }, { base: 0 });
  await box.add(1, "hand_result", { n: 2 }, { base: 0 });
  const sent = [];
  const worked = await box.flush(1, { send: async (e) => { sent.push([e.payload.n, e.expected_seq]); return { event: { seq: e.expected_seq } }; } });
  assert.equal(worked, true);
  assert.deepEqual(sent, [[1, 1], [2, 2]]);
  assert.deepEqual(await box.forMatch(1), []);
});

test("offline or a server error keeps the entry for the next pass", async () => {
  for (const status of [0, 502]) {
    const box = outbox();
    await box.add(1, "hand_result", {}, { base: 0 });
    const worked = await box.flush(1, { send: async () => { throw refusal(status, status ? "http_502" : "network"); } });
    assert.equal(worked, false);
    assert.equal((await box.forMatch(1)).length, 1, `status ${status}`);
  }
});

test("a database_unavailable 503 keeps the entry, sent again later with the same id and seq", async () => {
  // The server's answer to a stuck database (api/middleware.py): the outbox retries, never drops it.
  const box = outbox();
  await box.add(1, "hand_result", { n: 1 }, { base: 4 });
  const tries = [];
  const send = (fail) => async (e) => {
    tries.push([e.client_event_id, e.expected_seq]);
    if (fail) throw refusal(503, "database_unavailable");
    return { event: { seq: e.expected_seq } };
  };
  assert.equal(await box.flush(1, { send: send(true) }), false);
  assert.equal(await box.flush(1, { send: send(false) }), true);
  assert.deepEqual(tries, [["id-1", 5], ["id-1", 5]]);
  assert.deepEqual(await box.forMatch(1), []);
});

test("a conflict (stale_seq) is handed over and removed; later entries keep their seqs", async () => {
  const box = outbox();
  await box.add(1, "hand_result", { n: 1 }, { base: 0 });
  const conflicts = [];
  await box.flush(1, { send: async () => { throw refusal(409, "stale_seq"); }, onConflict: (e) => conflicts.push(e.payload.n) });
  assert.deepEqual(conflicts, [1]);
  assert.deepEqual(await box.forMatch(1), []);
});

test("a refused entry steps the later ones back one seq (it never takes its own)", async () => {
  const box = outbox();
  await box.add(1, "hand_result", { n: 1 }, { base: 4 });
  await box.add(1, "hand_result", { n: 2 }, { base: 4 });
  await box.add(1, "hand_result", { n: 3 }, { base: 4 });
  const refused = [];
  const sent = [];
  await box.flush(1, {
    send: async (e) => { if (e.payload.n === 1) throw refusal(400, "points_must_total_26"); sent.push([e.payload.n, e.expected_seq]); return {}; },
    onRefused: (e, err) => refused.push([e.payload.n, err.code]),
  });
  assert.deepEqual(refused, [[1, "points_must_total_26"]]);
  assert.deepEqual(sent, [[2, 5], [3, 6]]); // were 6 and 7
});

test("onSent hears each answer", async () => {
  const box = outbox();
  await box.add(1, "claim", { seat: 0 }, { base: 0, endpoint: "claims" });
  const heard = [];
  await box.flush(1, { send: async () => ({ status: "pending" }), onSent: (e, r) => heard.push([e.endpoint, r.status]) });
  assert.deepEqual(heard, [["claims", "pending"]]);
});
