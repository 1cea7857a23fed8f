// The service worker's decisions (web/static/web/sw-rules.js): a stream is never touched, an answer
// that must not be kept is never put in the cache.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const source = readFileSync(new URL("../../../web/static/web/sw-rules.js", import.meta.url), "utf8");
const rules = {};
vm.runInNewContext(`${source}; out.swRoute = swRoute; out.swCacheable = swCacheable;`, { URL, out: rules });
const { swRoute, swCacheable } = rules;
const ORIGIN = "https://companion.example.org";

const request = (path, { method = "GET", accept = "*/*", mode = "cors", origin = ORIGIN } = {}) => ({
  method, mode, url: origin + path, headers: new Headers({ Accept: accept }),
});
const response = (status, headers = {}, { type = "basic", redirected = false } = {}) => ({
  status, type, redirected, headers: new Headers(headers),
});

test("a live stream is left to the browser, with or without the slash, or by what it accepts", () => {
  assert.equal(swRoute(request("/api/v1/matches/13/live"), ORIGIN), "skip");
  assert.equal(swRoute(request("/api/v1/matches/13/live/"), ORIGIN), "skip");
  assert.equal(swRoute(request("/api/v1/anything/else", { accept: "text/event-stream" }), ORIGIN), "skip");
});

test("pages and API reads are network first, static files cache first, the rest untouched", () => {
  assert.equal(swRoute(request("/m/13/", { mode: "navigate", accept: "text/html" }), ORIGIN), "fresh");
  assert.equal(swRoute(request("/api/v1/matches/13/summary"), ORIGIN), "fresh");
  assert.equal(swRoute(request("/api/v1/matches/13/live-ticket", { method: "POST" }), ORIGIN), "skip");
  assert.equal(swRoute(request("/static/web/js/main.js"), ORIGIN), "static");
  assert.equal(swRoute(request("/api/v1/matches/13", { origin: "https://elsewhere.example" }), ORIGIN), "skip");
  assert.equal(swRoute(request("/admin/"), ORIGIN), "skip");
});

test("only a whole, plain 200 of our own is kept", () => {
  assert.equal(swCacheable(response(200, { "Content-Type": "application/json" })), true);
  assert.equal(swCacheable(response(200, { "Content-Type": "text/event-stream" })), false);
  assert.equal(swCacheable(response(200, { "Cache-Control": "no-store" })), false);
  assert.equal(swCacheable(response(200, { "Cache-Control": "private, No-Store" })), false);
  assert.equal(swCacheable(response(206)), false);
  assert.equal(swCacheable(response(404)), false);
  assert.equal(swCacheable(response(0, {}, { type: "opaque" })), false);
  assert.equal(swCacheable(response(200, {}, { redirected: true })), false);
});
