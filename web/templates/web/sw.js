/* Companion service worker: keeps the app shell and the open match readable offline.
 * Static files: cache first. Pages and API reads: network first, falling back to the cache.
 * Writes (POST) are never cached or replayed here: the page's IndexedDB outbox owns them, so an
 * entry is sent with its client_event_id and the server applies it at most once. */
// The cache's name is a hash of the static files' contents (web.views.shell): a new deploy names a
// new cache, and activating it drops the old one. The files are listed by their hashed URLs.
const SHELL = "{{ shell }}";
const PRECACHE = ["/", "/new/", "/join/", "/jsi18n/", "/manifest.webmanifest", ...{{ files|safe }}];
// swRoute and swCacheable: which requests the worker answers, which answers it keeps.
importScripts("{{ rules }}");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function networkFirst(request) {
  return fetch(request).then((response) => {
    if (swCacheable(response)) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put(request, copy));
    }
    return response;
  }).catch(() => caches.match(request, {ignoreVary: true}).then((hit) => hit || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const route = swRoute(request, self.location.origin);
  if (route === "static") {
    event.respondWith(caches.match(request).then((hit) => hit || networkFirst(request)));
  } else if (route === "fresh") {
    // The open match (/m/<id>/ and its API reads) and every page: fresh when online, cached offline.
    event.respondWith(networkFirst(request));
  }
  // "skip": the browser fetches it itself (streams, writes, other origins).
});
