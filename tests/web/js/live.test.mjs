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

const BEAT = "event: heartbeat\ndata: {}\n\n";

test("heartbeats are counted apart from seqs", () => {
  const { seqs, beats } = parseEvents(`retry: 1000\n\nid: 3\nevent: seq\ndata: {"seq": 3}\n\n${BEAT}: ping\n\n${BEAT}`);
  assert.deepEqual(seqs, [3]);
  assert.equal(beats, 2);
});

test("the phone hears each seq, is live while it hears the heartbeat, and reconnects when the stream ends", async () => {
  const calls = [];
  const answers = [streamOf([BEAT + 'data: {"seq": 2}\n\ndata: {"seq"', ': 3}\n\n']), streamOf([BEAT + 'data: {"seq": 4}\n\n'])];
  const seqs = [];
  const states = [];
  let live;
  await new Promise((resolve) => {
    live = listen({
      url: "/api/v1/matches/9/live",
      headers: { Accept: "text/event-stream" },
      ticket: async () => "t1ck",
      page: null,
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
  assert.equal(calls[0][1].headers.Authorization, "Ticket t1ck"); // in a header, never in the URL
  assert.equal(calls[0][1].credentials, "omit");
});

// A stream that stays open: the test pushes chunks into it; aborting its fetch ends the read, as in a browser.
function openStream(signal = null) {
  const waiting = [];
  const queued = [];
  const read = () => (queued.length ? Promise.resolve(queued.shift()) : new Promise((resolve, reject) => {
    waiting.push(resolve);
    if (signal) signal.addEventListener("abort", () => reject(new Error("aborted")));
  }));
  return {
    push(text) { const v = { value: new TextEncoder().encode(text), done: false }; waiting.length ? waiting.shift()(v) : queued.push(v); },
    response: { ok: true, status: 200, body: { getReader: () => ({ read }) } },
  };
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("an open stream that stops hearing the heartbeat says it is not live, and live again when it does", async () => {
  const stream = openStream();
  const states = [];
  const live = listen({
    url: "/x", page: null, onSeq: () => {}, onState: (up) => states.push(up), liveMs: 40,
    fetch: async () => stream.response,
  });
  await pause(5);
  assert.deepEqual(states, []); // open, but nothing heard: not live yet
  stream.push('retry: 1000\n\ndata: {"seq": 0}\n\n');
  await pause(5);
  assert.deepEqual(states, []); // the first seq comes from the ticket, not the relay: still not live
  stream.push(BEAT);
  await pause(5);
  assert.deepEqual(states, [true]);
  stream.push(": ping\n\n"); // the connection is up, but the publishers are silent
  await pause(80);
  assert.deepEqual(states, [true, false]);
  stream.push(BEAT);
  await pause(5);
  assert.deepEqual(states, [true, false, true]);
  live.stop();
  assert.deepEqual(states, [true, false, true, false]);
});

test("a page that goes away closes its stream at once; back from the cache it opens a new one", async () => {
  const page = new EventTarget();
  const signals = [];
  const live = listen({
    url: "/x", page, onSeq: () => {}, onState: () => {}, retryMs: 1,
    fetch: async (url, init) => { signals.push(init.signal); return openStream(init.signal).response; },
  });
  await pause(5);
  assert.equal(signals.length, 1);
  page.dispatchEvent(new Event("pagehide"));
  assert.equal(signals[0].aborted, true); // the connection is given back to the browser now
  await pause(10);
  assert.equal(signals.length, 1); // and no other opened while the page is hidden
  page.dispatchEvent(new Event("pageshow"));
  await pause(5);
  assert.equal(signals.length, 2);
  live.stop();
  assert.equal(signals[1].aborted, true);
});

test("no ticket for this phone (404) leaves the stream closed; a server error retries", async () => {
  let asked = 0;
  const refused = listen({
    url: "/x", page: null, onSeq: () => {}, onState: () => {}, retryMs: 1,
    ticket: async () => { asked += 1; throw Object.assign(new Error("no"), { status: 404 }); },
    fetch: async () => assert.fail("no stream without a ticket"),
  });
  await pause(20);
  refused.stop();
  assert.equal(asked, 1);
  let tries = 0;
  const flaky = listen({
    url: "/x", page: null, onSeq: () => {}, onState: () => {}, retryMs: 1,
    ticket: async () => { tries += 1; throw Object.assign(new Error("down"), { status: 0 }); },
    fetch: async () => assert.fail("no stream without a ticket"),
  });
  await pause(30);
  flaky.stop();
  assert.ok(tries >= 2);
});

test("a server that does not stream (503) is left alone: the phone polls", async () => {
  let asked = 0;
  const states = [];
  const live = listen({
    url: "/x", headers: {}, page: null, onSeq: () => {}, onState: (up) => states.push(up), unavailableMs: 60_000,
    fetch: async () => { asked += 1; return { ok: false, status: 503, body: null }; },
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
  live.stop();
  assert.equal(asked, 1);
  assert.ok(!states.includes(true));
});
