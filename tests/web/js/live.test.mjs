// The live stream's reader: events parsed across chunk boundaries, comments ignored, reconnection.
import assert from "node:assert/strict";
import { test } from "node:test";

import { listen, parseEvents } from "../../../web/static/web/js/table/live.js";

test("complete events give their seqs; a half-received event waits for the rest", () => {
  const text = 'retry: 1000\n\nid: 4\nevent: seq\ndata: {"seq": 4}\n\n: ping\n\nid: 5\nevent: seq\ndata: {"se';
  const { seqs, rest } = parseEvents(text);
  assert.deepEqual(seqs, [4]);
  assert.equal(rest, 'id: 5\nevent: seq\ndata: {"se');
  assert.deepEqual(parseEvents(rest + 'q": 5}\n\n').seqs, [5]);
});

test("CRLF line ends and unreadable data are tolerated", () => {
  assert.deepEqual(parseEvents('data: {"seq": 7}\r\n\r\ndata: nonsense\n\n').seqs, [7]);
});

// A response whose body yields the given chunks, then ends.
function streamOf(chunks) {
  const encoded = chunks.map((c) => new TextEncoder().encode(c));
  return { ok: true, status: 200, body: { getReader: () => ({ read: async () => (encoded.length ? { value: encoded.shift(), done: false } : { done: true }) }) } };
}

test("the phone hears each seq, says when the stream is up, and reconnects when it ends", async () => {
  const calls = [];
  const answers = [streamOf(['data: {"seq": 2}\n\ndata: {"seq"', ': 3}\n\n']), streamOf(['data: {"seq": 4}\n\n'])];
  const seqs = [];
  const states = [];
  let live;
  await new Promise((resolve) => {
    live = listen({
      url: "/api/v1/matches/9/live",
      headers: { Authorization: "Token t0k" },
      fetch: async (url, init) => { calls.push([url, init]); return answers.shift() || new Promise(() => {}); },
      onSeq: (seq) => { seqs.push(seq); if (seq === 4) resolve(); },
      onState: (up) => states.push(up),
      retryMs: 1,
    });
  });
  live.stop();
  assert.deepEqual(seqs, [2, 3, 4]);
  assert.deepEqual(states.slice(0, 3), [true, false, true]);
  assert.equal(calls[0][0], "/api/v1/matches/9/live");
  assert.equal(calls[0][1].headers.Authorization, "Token t0k"); // in a header, never in the URL
  assert.equal(calls[0][1].credentials, "omit");
});

test("a server that does not stream (503) is left alone: the phone polls", async () => {
  let asked = 0;
  const states = [];
  const live = listen({
    url: "/x", headers: {}, onSeq: () => {}, onState: (up) => states.push(up), unavailableMs: 60_000,
    fetch: async () => { asked += 1; return { ok: false, status: 503, body: null }; },
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  live.stop();
  assert.equal(asked, 1);
  assert.ok(!states.includes(true));
});
