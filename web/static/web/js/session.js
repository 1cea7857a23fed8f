// The phone's connection, made once per page: the API client (with the stored token); seats' names.
import { createApi } from "./api.js";
import { saved } from "./store.js";

const body = document.body;

export const API = createApi({
  root: body.dataset.api || "/api/v1/",
  language: body.dataset.language || "en",
  token: () => saved.get("token", null),
  forget: () => saved.del("token"),
  fetch: (...args) => fetch(...args),
});

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
