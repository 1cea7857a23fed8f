// The phone's connection, made once per page: the API client (with the stored token); seats' names.
import { createApi } from "./api.js";
import { saved } from "./store.js";

const body = document.body;

export const API = createApi({
  root: body.dataset.api || "/api/v1/",
  language: body.dataset.language || "en",
  token: () => saved.get("token", null),
  // An expired guest token is kept: the account page can still turn the guest into an account
  // (docs/people.md); any other refused token is forgotten.
  forget: (code) => {
    if (code !== "guest_token_expired") { saved.del("token"); return; }
    saved.set("guest_expired", true);
    if (!location.pathname.startsWith("/account/")) location.href = "/account/?expired=1";
  },
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
