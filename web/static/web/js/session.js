// The phone's connections, made once per page: the API client (with the stored token) and the outbox.
import { createApi } from "./api.js";
import { createOutbox, idbBackend, memoryBackend } from "./outbox.js";
import { saved } from "./store.js";

const body = document.body;

export const API = createApi({
  root: body.dataset.api || "/api/v1/",
  language: body.dataset.language || "en",
  token: () => saved.get("token", null),
  forget: () => saved.del("token"),
  fetch: (...args) => fetch(...args),
});

function uuid4() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export const outbox = createOutbox(globalThis.indexedDB ? idbBackend(indexedDB) : memoryBackend(), { uuid: uuid4 });

export const signedIn = () => !!saved.get("token", null);

export function requireSignIn() {
  if (signedIn()) return true;
  location.href = "/?next=" + encodeURIComponent(location.pathname);
  return false;
}

export function seatNames(match) {
  const seats = match.seats || match.players || [];
  return seats.map((s) => (typeof s === "string" ? s : s.name || (s.player && (s.player.name || s.player)) || s.player_name || "?"));
}
