// The start page: sign in (guest or account), then the phone's matches and leagues.
import { $, confirmDialog, h, showError, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
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
  $("#signup-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const who = $("#signup-user").value.trim();
    const body = who.includes("@") ? { email: who } : { username: who };
    try { enter(await API.signup(Object.assign(body, { password: $("#signup-pass").value }))); } catch (e) { showError(signin, "signup", errorText(e)); }
  });
  $("#forgot-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try { await API.resetAsk($("#forgot-email").value.trim()); showError(signin, "forgot", _("If an account has this address, a reset link is on its way.")); } catch (e) { showError(signin, "forgot", errorText(e)); }
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
        h("span", { class: "muted", text: m.status === "finished" ? _("finished") : _("open") })),
        m.seated_by ? recordedBy(m) : null));
    }
  } catch (e) {
    ul.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
  }
}

// A recorder seated this phone's player (they did not join themselves): say who, and let them say
// "that was not me" (the seat goes back to a name; docs/people.md).
function recordedBy(m) {
  const line = h("p", { class: "muted recorded-by" }, fmt(_("Recorded by %(name)s."), { name: m.seated_by }), " ");
  line.append(h("button", { type: "button", class: "link", text: _("Not me"), onclick: async () => {
    if (!(await confirmDialog(_("Leave this seat? The match keeps its totals under your name, without your account."), _("Not me")))) return;
    try { await API.dispute(m.id, m.my_seat); line.textContent = _("You left this seat."); } catch (e) { toast(errorText(e)); }
  } }));
  return line;
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
    for (const l of leagues) {
      ul.append(h("li", { class: "row" }, h("a", { class: "grow", href: `/leagues/${l.id}/`, text: l.name, onclick: openLeague }),
        h("a", { href: `/leagues/${l.id}/people/`, text: _("Members") })));
    }
  } catch (e) {
    ul.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
  }
}

export async function start() {
  if (!signedIn()) { signIn(new URLSearchParams(location.search).get("next")); return; }
  $("#start").hidden = false;
  $("#me").textContent = saved.get("me", "?");
  $("#signout").addEventListener("click", signOut);
  API.account().then((me) => { $("#keep").hidden = !me.is_guest; }).catch(() => null);
  await Promise.all([listMatches($("#matches")), listLeagues($("#leagues"))]);
}
