// The store: the phone's only mutable state, and what it remembers between visits.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createSaved, createStore } from "../../../web/static/web/js/store.js";

test("set changes the state and tells subscribers which keys changed", () => {
  const store = createStore({ seq: 0, summary: null });
  const heard = [];
  store.subscribe((state, changed) => heard.push([state.seq, changed]));
  store.set({ seq: 3, summary: null });
  assert.equal(store.state.seq, 3);
  assert.deepEqual(heard, [[3, ["seq"]]]);
});

test("a patch that changes nothing notifies nobody; unsubscribe stops the calls", () => {
  const store = createStore({ tab: "entry" });
  let calls = 0;
  const stop = store.subscribe(() => { calls += 1; });
  store.set({ tab: "entry" });
  assert.equal(calls, 0);
  store.set({ tab: "log" });
  stop();
  store.set({ tab: "cards" });
  assert.equal(calls, 1);
});

test("update derives the patch from the current state (nested values are replaced, not mutated)", () => {
  const store = createStore({ checking: { 7: "/poll/7" } });
  const before = store.state.checking;
  store.update((s) => ({ checking: { ...s.checking, 8: "/poll/8" } }));
  assert.deepEqual(store.state.checking, { 7: "/poll/7", 8: "/poll/8" });
  assert.deepEqual(before, { 7: "/poll/7" });
});

test("the initial object is copied, so two stores never share state", () => {
  const initial = { seq: 0 };
  const a = createStore(initial);
  a.set({ seq: 5 });
  assert.equal(initial.seq, 0);
  assert.equal(createStore(initial).state.seq, 0);
});

function fakeStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k),
    get raw() { return m; },
  };
}

test("saved values are JSON under the companion. prefix; a broken value reads as the fallback", () => {
  const storage = fakeStorage();
  const saved = createSaved(storage);
  saved.set("token", "abc");
  saved.set("names", ["Anna", "Ben"]);
  assert.equal(storage.raw.get("companion.token"), '"abc"');
  assert.deepEqual(saved.get("names", []), ["Anna", "Ben"]);
  storage.setItem("companion.broken", "{not json");
  assert.equal(saved.get("broken", "fallback"), "fallback");
  assert.equal(saved.get("missing", 7), 7);
  saved.del("token");
  assert.equal(saved.get("token", null), null);
});

test("a storage that throws (private mode) never breaks the page", () => {
  const throwing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); }, removeItem() { throw new Error("denied"); } };
  const saved = createSaved(throwing);
  assert.doesNotThrow(() => saved.set("a", 1));
  assert.equal(saved.get("a", "x"), "x");
  assert.doesNotThrow(() => saved.del("a"));
});
