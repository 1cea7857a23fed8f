/* The service worker's decisions (web/templates/web/sw.js loads this with importScripts; the unit
 * test tests/web/js/sw-rules.test.mjs runs it in a bare context). A classic script, not a module:
 * module service workers are not supported by every phone browser yet.
 *
 * A stream (the live updates) never goes through the worker: a cache.put would read its endless
 * body and keep the connection open after the page has gone, until the browser's six connections
 * per host are used up and every later page stays on "Loading…" (issue 23). */

// How the worker answers a request: "skip" (the browser's own network, untouched), "static"
// (cache first) or "fresh" (network first, the cache offline).
function swRoute(request, origin) {
  if (request.method !== "GET") return "skip";
  const url = new URL(request.url);
  if (url.origin !== origin) return "skip";
  if ((request.headers.get("Accept") || "").includes("text/event-stream")) return "skip";
  if (/^\/api\/v1\/matches\/\d+\/live\/?$/.test(url.pathname)) return "skip";
  if (url.pathname.startsWith("/static/")) return "static";
  if (request.mode === "navigate" || url.pathname.startsWith("/api/v1/") || url.pathname === "/jsi18n/") return "fresh";
  return "skip";
}

// Whether an answer may be kept for offline use: a whole, plain 200 of our own that says nothing
// against it (an opaque or redirected answer, an error, "no-store" or a stream never is).
function swCacheable(response) {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  if (/no-store/i.test(response.headers.get("Cache-Control") || "")) return false;
  return !(response.headers.get("Content-Type") || "").includes("text/event-stream");
}
