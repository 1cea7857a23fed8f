// The start page: sign in (guest or account), then the phone's matches and leagues.
import { $, h, showError, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _ } from "../i18n.js";
import { gameTitle } from "../format.js";
import { sameOriginPath } from "../next.js";
import { API, seatNames, signedIn } from "../session.js";
import { saved } from "../store.js";

function signIn(next) {
  const signin = $("#signin");
  const enter = (data) => {
    saved.set("token", data.token || data.key);
    saved.set("me", data.name || (data.player && data.player.name) || data.username || "");
    saved.set("username", data.username || "");
    location.href = sameOriginPath(next);
  };
  signin.hidden = false;
  $("#guest-name").value = saved.get("me", "") || "";
  $("#guest-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("#guest-name").value.trim();
    if (!name) return;
    try { enter(Object.assign({ name }, await API.guest(name))); } catch (e) { toast(errorText(e)); }
  });
  $("#login-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try { enter(Object.assign({ name: $("#login-user").value }, await API.login($("#login-user").value, $("#login-pass").value))); } catch (e) { showError(signin, "login", errorText(e)); }
  });
}

async function signOut() {
  // The server forgets the token (and the league pages' session); offline or already expired, the
  // phone forgetting it below still signs this phone out.
  try { await API.logout(); } catch (e) { /* see above */ }
  // Forget this phone's copy of the matches too (the worker's cache and the stored summaries).
  saved.del("token");
  try {
    for (const key of saved.keys()) if (/^(summary|events|match|games)\./.test(key)) saved.del(key);
    if (globalThis.caches) for (const key of await caches.keys()) await caches.delete(key);
  } catch (e) { /* nothing to forget */ }
  location.reload();
}

async function listMatches(ul) {
  try {
    const matches = await API.matches();
    ul.replaceChildren();
    if (!matches.length) ul.append(h("li", { class: "muted", text: _("No matches yet.") }));
    for (const m of matches) {
      ul.append(h("li", {}, h("a", { href: `/m/${m.id}/` },
        h("span", {}, h("strong", { text: gameTitle(m.game) }), " · ", seatNames(m).join(", ")),
        h("span", { class: "muted", text: m.status === "finished" ? _("finished") : _("open") }))));
    }
  } catch (e) {
    ul.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
  }
}

// League pages (standings, ratings, records) are served by the league app with the session that
// signing in opened alongside the token.
// The session is opened before leaving, so the league page arrives signed in: without it the page
// finds no session, is answered 401, asks for one itself (league/page.js, still the fallback) and
// reloads. A link opened in a new tab keeps the browser's own handling.
function openLeague(e) {
  if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const href = e.currentTarget.href;
  API.openSession().catch(() => null).finally(() => { location.href = href; });
}

async function listLeagues(ul) {
  if (!ul) return;
  try {
    const leagues = await API.leagues();
    ul.replaceChildren();
    if (!leagues.length) ul.append(h("li", { class: "muted", text: _("No leagues yet.") }));
    for (const l of leagues) ul.append(h("li", {}, h("a", { href: `/leagues/${l.id}/`, text: l.name, onclick: openLeague })));
  } catch (e) {
    ul.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
  }
}

export async function start() {
  if (!signedIn()) { signIn(new URLSearchParams(location.search).get("next")); return; }
  $("#start").hidden = false;
  $("#me").textContent = saved.get("me", "?");
  $("#signout").addEventListener("click", signOut);
  await Promise.all([listMatches($("#matches")), listLeagues($("#leagues"))]);
}
