/* Companion phone UI. Talks to the REST API only (/api/v1/); no build step, no framework.
 *
 * - Every entry goes into an IndexedDB outbox first, with its client_event_id and the expected_seq
 *   the phone believed in; it is sent at once when online and on reconnect otherwise. The server
 *   applies a client_event_id at most once, so a replayed entry is never applied twice.
 * - The table polls the summary every 2.5 s with If-None-Match (ETag/304).
 * - Strings come from Django's JavaScript catalogue (gettext/ngettext), rules errors are translated
 *   from their stable `code`, never from the English message.
 */
(function () {
  "use strict";

  // ---------------------------------------------------------------- i18n
  const _ = window.gettext || ((s) => s);
  const pgettext = window.pgettext || ((c, s) => s);
  const ngettext = window.ngettext || ((s, p, n) => (n === 1 ? s : p));
  const fmt = (s, obj) => (window.interpolate ? window.interpolate(s, obj, true) : s.replace(/%\((\w+)\)s/g, (m, k) => obj[k]));

  const body = document.body;
  const API_ROOT = body.dataset.api || "/api/v1/";
  const POLL_MS = 2500;

  // ---------------------------------------------------------------- small DOM helpers
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }
  const add = (el, ...children) => { el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false)); return el; };
  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  function toast(text, ms) {
    const el = $("#toast");
    if (!el) return;
    el.textContent = text;
    el.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { el.hidden = true; }, ms || 3500);
  }

  function dialog(content, { ok } = {}) {
    const dlg = $("#dialog");
    const bodyEl = $("#dialog-body");
    bodyEl.replaceChildren(content);
    const okBtn = $("#dialog-ok");
    okBtn.hidden = !ok;
    if (ok) okBtn.textContent = ok;
    return new Promise((resolve) => {
      dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
      dlg.returnValue = "";
      dlg.showModal();
    });
  }
  const confirmDialog = (text, ok) => dialog(h("p", { text }), { ok: ok || _("OK") });

  function uuid4() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const x = Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  }

  // ---------------------------------------------------------------- settings remembered on the phone
  const store = {
    get(key, fallback) {
      try { const v = localStorage.getItem("companion." + key); return v === null ? fallback : JSON.parse(v); } catch (e) { return fallback; }
    },
    set(key, value) { try { localStorage.setItem("companion." + key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
    del(key) { try { localStorage.removeItem("companion." + key); } catch (e) { /* ignore */ } },
  };

  // ---------------------------------------------------------------- the REST API
  class ApiError extends Error {
    constructor(status, data) {
      super((data && data.message) || `HTTP ${status}`);
      this.status = status;
      this.data = data || {};
      this.code = this.data.code || (status === 0 ? "network" : `http_${status}`);
      this.params = this.data.params || {};
      this.fields = this.data.fields || {};
    }
  }

  async function api(path, { method = "GET", json, etag, raw } = {}) {
    // The API answers in the phone's language (explanations, rules errors, house-rule docs); the
    // language cookie is not sent (credentials are omitted), so the page's language is named here.
    const headers = { Accept: "application/json", "Accept-Language": body.dataset.language || "en" };
    const token = store.get("token", null);
    if (token) headers.Authorization = "Token " + token;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    if (etag) headers["If-None-Match"] = etag;
    let response;
    try {
      response = await fetch(API_ROOT + path, {
        method, headers, body: json === undefined ? undefined : JSON.stringify(json), cache: "no-store", credentials: "omit",
      });
    } catch (e) {
      throw new ApiError(0, { code: "network", message: String(e) });
    }
    if (raw) return response;
    if (response.status === 304) return { notModified: true };
    let data = null;
    const text = await response.text();
    if (text) { try { data = JSON.parse(text); } catch (e) { data = { message: text.slice(0, 200) }; } }
    if (!response.ok) {
      if (response.status === 401) store.del("token");
      throw new ApiError(response.status, data);
    }
    return data;
  }
  const listOf = (data) => (Array.isArray(data) ? data : (data && data.results) || []);

  const API = {
    guest: (name) => api("auth/guest", { method: "POST", json: { name } }),
    login: (username, password) => api("auth/token", { method: "POST", json: { username, password } }),
    games: () => api("games/").then(listOf),
    players: () => api("players/?limit=500").then(listOf),
    me: () => api("players/me"),
    leagues: () => api("leagues/").then(listOf),
    matches: () => api("matches/").then(listOf),
    createMatch: (data) => api("matches/", { method: "POST", json: data }),
    join: (code, seat) => api("matches/join", { method: "POST", json: seat === undefined ? { code } : { code, seat } }),
    match: (id) => api(`matches/${id}/`),
    summary: (id, etag) => api(`matches/${id}/summary/`, { etag, raw: true }),
    events: (id) => api(`matches/${id}/events/?limit=1000`).then(listOf),
    append: (id, entry) => api(`matches/${id}/events/`, {
      method: "POST",
      json: { type: entry.type, payload: entry.payload, client_event_id: entry.client_event_id, expected_seq: entry.expected_seq },
    }),
    legal: (id) => api(`matches/${id}/legal-actions/`),
    // A claim goes through the outbox like an event (its client_event_id makes a resend harmless).
    claim: (id, entry) => api(`matches/${id}/claims/`, {
      method: "POST",
      json: Object.assign({}, entry.payload, { client_event_id: entry.client_event_id, expected_seq: entry.expected_seq }),
    }),
    claimPoll: (path) => api(String(path).replace(/^\/?api\/v1\//, "")),
    claimAccept: (claimId, seat) => api(`claims/${claimId}/accept`, { method: "POST", json: { seat } }),
  };

  // ---------------------------------------------------------------- the outbox (IndexedDB)
  const Outbox = {
    db: null,
    open() {
      if (this.db) return Promise.resolve(this.db);
      return new Promise((resolve, reject) => {
        const req = indexedDB.open("companion", 1);
        req.onupgradeneeded = () => {
          const os = req.result.createObjectStore("outbox", { keyPath: "client_event_id" });
          os.createIndex("match", "match_id");
        };
        req.onsuccess = () => { this.db = req.result; resolve(this.db); };
        req.onerror = () => reject(req.error);
      });
    },
    async tx(mode, fn) {
      const db = await this.open();
      return new Promise((resolve, reject) => {
        const t = db.transaction("outbox", mode);
        const result = fn(t.objectStore("outbox"));
        t.oncomplete = () => resolve(result && "result" in result ? result.result : result);
        t.onerror = () => reject(t.error);
      });
    },
    put(entry) { return this.tx("readwrite", (os) => os.put(entry)); },
    remove(id) { return this.tx("readwrite", (os) => os.delete(id)); },
    async forMatch(matchId) {
      const all = await this.tx("readonly", (os) => os.index("match").getAll(String(matchId)));
      return (all || []).sort((a, b) => a.created - b.created);
    },
  };

  // ---------------------------------------------------------------- error texts
  // Rules errors of the engines arrive already in the user's language: the API renders the error's
  // template with its params into `message` (scoring.i18n.localize). This table only words the
  // errors of the service and of the phone itself (they have no engine template), and the checks
  // the phone makes before sending (26 penalty points, 120 card points), keyed by their stable code.
  function errorText(err) {
    const p = Object.assign({}, err.params || {});
    if (p.seat !== undefined && S.players) p.name = S.players[p.seat] || p.seat;
    const t = {
      network: _("No connection. The entry waits in the outbox and is sent when the connection returns."),
      // checked on the phone before sending (the field shows the running sum)
      points_must_total_26: fmt(_("Penalty points must total 26; these total %(total)s."), { total: p.total ?? "?" }),
      card_points_must_total_120: fmt(_("Card points must total 120; these total %(total)s."), { total: p.total ?? "?" }),
      // claims (docs/claims.md, service section)
      no_play_in_progress: _("A claim is made while a hand is played card by card; no hand is being played now."),
      claims_not_supported: _("This hand cannot be checked for a claim."),
      not_an_active_seat: fmt(_("%(name)s takes no part in this hand's play."), p),
      claim_kind_not_valid: _("This kind of claim is not possible here (a contract claim is the declarer's)."),
      laid_down_contradicts_record: _("The cards laid down do not fit the record: lay down the whole remaining hand of the claimant."),
      claimant_hand_unknown: _("The record does not show the claimant's cards: lay them down with the claim."),
      claimant_cannot_accept: _("The claimant cannot accept their own claim."),
      claim_pending: _("The claim is still being checked: accept it once it is answered."),
      claim_settled: _("The claim held and its plays are already recorded."),
      claim_stale: _("Cards were recorded after the claim: it can no longer be accepted."),
      claim_not_found: _("This claim does not exist."),
      // the claims service says how many tricks remain (a result entry's error comes from the engine)
      tricks_out_of_range: p.remaining !== undefined
        ? fmt(_("An at-least claim names 1 to %(remaining)s of the remaining tricks."), { remaining: p.remaining }) : null,
      // the service: recording, matches, tables, accounts
      match_finished: _("The match is over: only corrections can be recorded."),
      stale_seq: _("Another phone recorded first."),
      client_event_id_reused: _("This entry was already recorded differently."),
      unknown_game: _("Choose a game."),
      invalid_join_code: _("No table has this code. Check it and try again."),
      seat_required: _("Choose your seat."),
      seat_taken: _("That seat already belongs to someone else."),
      no_such_seat: _("There is no such seat at this table."),
      duplicate_player: _("A player can take only one seat."),
      not_authenticated: _("Please sign in again."),
      authentication_failed: _("Wrong user name or password."),
      invalid_credentials: _("Wrong user name or password."),
      permission_denied: _("Only the players at this table can record entries."),
      match_not_found: _("This match does not exist or you cannot see it."),
      not_a_league_member: _("Only a league's members can start its matches."),
      invalid: _("Please check the highlighted fields."),
    }[err.code];
    return t || err.message || _("Something went wrong.");
  }

  const POINTS = (n) => fmt(ngettext("%(count)s point", "%(count)s points", n), { count: n });

  // The engine's explanation lines arrive already in the user's language: the API renders each
  // line's template with its params (scoring.i18n.localize) into `text`.
  const explainText = (note) => note.text || note.code;

  const GAME_TITLES = {
    hearts: _("Hearts"), thousand: _("Thousand"), bourre: _("Bourré"), president: _("President"),
    tonk: _("Tonk"), tshirt: _("The T-Shirt Game"), "tshirt-game": _("The T-Shirt Game"),
  };
  const gameTitle = (g) => GAME_TITLES[g.name || g] || g.title || g;

  const WORDS = {
    left: _("left"), right: _("right"), across: _("across"), hold: _("hold (no pass)"), left2: _("2nd left"), right2: _("2nd right"),
    hand_entry: _("entering hands"), finished: _("finished"), play: _("play"), bidding: _("bidding"), deal: _("deal"),
    President: _("President"), "Vice-President": _("Vice-President"), Neutral: _("Neutral"), Citizen: _("Neutral"),
    "Vice-Scum": _("Vice-Scum"), Scum: _("Scum"), best: _("the best"), choice: _("chosen"),
  };
  const word = (v) => (typeof v === "string" && WORDS[v]) || v;

  // Game status keys shown as chips above the board (anything else a game adds is shown as well).
  const STATUS = {
    hand: _("Hand"), deal: _("Deal"), round: _("Round"), dealer: _("Dealer"), pass_direction: _("Pass"),
    target_score: _("Game to"), barrel: _("On the barrel"), barrel_deals_left: _("Barrel deals left"), deals_left: _("Deals left"),
    bolts: _("Bolts"), rospisat: _("Р marks"), r_marks: _("Р marks"), pot: _("Pot"), chips: _("Chips"), stakes: _("Stakes"),
    ledger: _("Stake ledger"), titles: _("Titles"), next_exchange: _("Next exchange"), judge: _("Judge"), points: _("Points"),
    trump: _("Trump"), contract: _("Contract"), declarer: _("Declarer"),
  };
  const SEAT_KEYS = new Set(["dealer", "judge", "declarer", "to_act", "leader", "winner"]);
  const PROTOCOL_KEYS = new Set(["game", "phase", "finished", "to_act", "totals", "result", "history", "findings", "seq", "players", "trick", "current_trick"]);

  // ---------------------------------------------------------------- header: theme, network, outbox
  function initChrome() {
    const btn = $("#theme");
    if (btn) btn.addEventListener("click", () => {
      const cur = document.documentElement.dataset.theme;
      const dark = cur === "dark" || (cur === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
      const next = dark ? "light" : "dark";
      document.documentElement.dataset.theme = next;
      store.set("theme", next);
      try { localStorage.setItem("companion.theme", next); } catch (e) { /* ignore */ }
    });
    const net = $("#net");
    const show = () => { if (net) { net.hidden = navigator.onLine; net.textContent = _("Offline"); } };
    addEventListener("online", show);
    addEventListener("offline", show);
    show();
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* not fatal */ });
    }
  }

  function signedIn() { return !!store.get("token", null); }

  function requireSignIn() {
    if (signedIn()) return true;
    location.href = "/?next=" + encodeURIComponent(location.pathname);
    return false;
  }

  function showError(root, key, text) {
    const el = $(`[data-error-for="${key}"]`, root) || $('[data-error-for="form"]', root);
    if (el) el.textContent = text; else toast(text);
  }
  function clearErrors(root) { $$("[data-error-for]", root).forEach((el) => { el.textContent = ""; }); }

  // ---------------------------------------------------------------- page: home
  async function pageHome() {
    const next = new URLSearchParams(location.search).get("next");
    const signin = $("#signin");
    const start = $("#start");
    const enter = (data) => {
      store.set("token", data.token || data.key);
      const name = data.name || (data.player && data.player.name) || data.username || "";
      store.set("me", name);
      store.set("username", data.username || "");
      location.href = next && next.startsWith("/") ? next : "/";
    };
    if (!signedIn()) {
      signin.hidden = false;
      $("#guest-name").value = store.get("me", "") || "";
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
      return;
    }
    start.hidden = false;
    $("#me").textContent = store.get("me", "?");
    $("#signout").addEventListener("click", async () => {
      // Forget this phone's copy of the matches too (the worker's cache and the stored summaries).
      store.del("token");
      try {
        for (const key of Object.keys(localStorage)) if (/^companion\.(summary|events|match)\./.test(key)) localStorage.removeItem(key);
        if (window.caches) for (const key of await caches.keys()) await caches.delete(key);
      } catch (e) { /* nothing to forget */ }
      location.reload();
    });
    const ul = $("#matches");
    try {
      const matches = await API.matches();
      ul.replaceChildren();
      if (!matches.length) ul.append(h("li", { class: "muted", text: _("No matches yet.") }));
      for (const m of matches) {
        const names = seatNames(m).join(", ");
        ul.append(h("li", {}, h("a", { href: `/m/${m.id}/` },
          h("span", {}, h("strong", { text: gameTitle(m.game) }), " · ", names),
          h("span", { class: "muted", text: m.status === "finished" ? _("finished") : _("open") }))));
      }
    } catch (e) {
      ul.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
    }
    // League pages (standings, ratings, records) are served by the league app with the session
    // that signing in opened alongside the token.
    const leagueList = $("#leagues");
    if (leagueList) {
      try {
        const leagues = await API.leagues();
        leagueList.replaceChildren();
        if (!leagues.length) leagueList.append(h("li", { class: "muted", text: _("No leagues yet.") }));
        for (const l of leagues) leagueList.append(h("li", {}, h("a", { href: `/leagues/${l.id}/`, text: l.name })));
      } catch (e) {
        leagueList.replaceChildren(h("li", { class: "muted", text: errorText(e) }));
      }
    }
  }

  function seatNames(match) {
    const seats = match.seats || match.players || [];
    return seats.map((s) => (typeof s === "string" ? s : s.name || (s.player && (s.player.name || s.player)) || s.player_name || "?"));
  }

  // ---------------------------------------------------------------- page: new match
  function humanize(key) { return String(key).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }

  function variantControl(v) {
    const id = "var-" + v.key;
    let input;
    if (v.type === "boolean") {
      input = h("input", { type: "checkbox", id, name: v.key });
      input.checked = !!v.default;
    } else if (v.choices && v.choices.length) {
      const choices = v.nullable && !v.choices.includes(null) ? [null, ...v.choices] : v.choices;
      // the server's labels are in the reader's language; a null added here reads "—"
      const labels = v.choice_labels && v.choice_labels.length === v.choices.length ? v.choice_labels : v.choices.map(humanize);
      const labelOf = (c) => (c === null ? "—" : labels[v.choices.indexOf(c)] ?? humanize(c));
      input = h("select", { id, name: v.key }, choices.map((c) => h("option", { value: JSON.stringify(c), text: labelOf(c) })));
      input.value = JSON.stringify(v.default);
    } else if (v.type === "integer" || v.type === "number") {
      input = h("input", { type: "number", id, name: v.key, inputmode: "numeric", min: v.minimum, max: v.maximum, step: v.multiple_of || 1, value: v.default ?? "" });
    } else if (v.type === "list") {
      input = h("input", { id, name: v.key, value: (v.default || []).join(" ") });
    } else {
      input = h("input", { id, name: v.key, value: v.default ?? "" });
    }
    input.dataset.variant = v.key;
    const shownDefault = v.type === "list" ? (v.default || []).join(" ") : v.type === "boolean" ? (v.default ? _("on") : _("off")) : v.default === null ? "—"
      : (v.choice_labels && v.choices && v.choices.indexOf(v.default) >= 0 ? v.choice_labels[v.choices.indexOf(v.default)] : humanize(v.default));
    return h("div", { class: "var" },
      v.type === "boolean"
        ? h("div", { class: "row" }, input, h("label", { for: id, text: v.label || humanize(v.key) }))
        : [h("label", { for: id, text: v.label || humanize(v.key) })],
      h("p", { class: "doc" }, v.doc || "", " ", h("span", { class: "muted", text: fmt(_("Default: %(value)s"), { value: shownDefault }) })),
      v.type === "boolean" ? null : input,
      h("p", { class: "error", dataset: { errorFor: "variant:" + v.key } }));
  }

  function readVariant(v, input) {
    let value;
    if (v.type === "boolean") value = input.checked;
    else if (v.choices && v.choices.length) value = input.value === "" ? v.default : JSON.parse(input.value);
    else if (v.type === "integer") value = input.value === "" ? null : parseInt(input.value, 10);
    else if (v.type === "list") value = input.value.split(/[\s,]+/).filter(Boolean);
    else value = input.value;
    return JSON.stringify(value) === JSON.stringify(v.default) ? undefined : value;
  }

  async function pageNew() {
    if (!requireSignIn()) return;
    const form = $("#new-form");
    let games = [];
    try { games = await API.games(); } catch (e) { showError(form, "form", errorText(e)); return; }
    let game = null;
    const playersOl = $("#players");
    const known = store.get("names", []);
    // Players from your leagues and earlier matches: a name that matches exactly one of them is
    // sent as that player's id, so their statistics stay in one place.
    const [players, me, leagues] = await Promise.all([API.players().catch(() => []), API.me().catch(() => null), API.leagues().catch(() => [])]);
    const byName = new Map();
    for (const p of players) byName.set(p.name, byName.has(p.name) ? null : p.id);
    if (me) byName.set(me.name, me.id);
    const names = Array.from(new Set([...(me ? [me.name] : []), ...players.map((p) => p.name), ...known]));
    const datalist = h("datalist", { id: "known-names" }, names.map((n) => h("option", { value: n })));
    add(form, datalist);
    let leagueSelect = null;
    if (leagues.length) {
      leagueSelect = h("select", { id: "league" }, h("option", { value: "", text: _("No league") }), leagues.map((l) => h("option", { value: l.id, text: l.name })));
      $("#players").closest("fieldset").before(h("fieldset", {}, h("legend", { text: _("League") }), leagueSelect));
    }

    function addPlayer(name) {
      const i = playersOl.children.length;
      const input = h("input", { name: "player", list: "known-names", value: name || "", "aria-label": fmt(_("Player %(n)s"), { n: i + 1 }), autocomplete: "off", required: true });
      const remove = h("button", { type: "button", class: "ghost", "aria-label": _("Remove"), onclick: () => { li.remove(); } }, "✕");
      const li = h("li", {}, h("div", {}, input, remove));
      playersOl.append(li);
      return input;
    }

    function choose(g) {
      game = g;
      $$("#games button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === g.name)));
      $("#players-hint").textContent = fmt(_("%(min)s to %(max)s players."), { min: g.min_players, max: g.max_players });
      const want = Math.max(g.min_players, Math.min(g.max_players, g.name === "hearts" || g.name === "bourre" ? 4 : g.min_players));
      while (playersOl.children.length < want) addPlayer(playersOl.children.length === 0 ? (me && me.name) || store.get("me", "") : "");
      $("#variants").replaceChildren(...(g.variants || []).map(variantControl));
      const count = (g.variants || []).length;
      $("#rules-summary").textContent = fmt(ngettext("%(count)s house rule at its usual default — tap to see or change it",
        "%(count)s house rules at their usual defaults — tap to see or change them", count), { count });
    }

    $("#games").replaceChildren(...games.map((g) => h("button", { type: "button", dataset: { game: g.name }, "aria-pressed": "false", onclick: () => choose(g) }, gameTitle(g))));
    $("#add-player").addEventListener("click", () => addPlayer("").focus());
    const wanted = new URLSearchParams(location.search).get("game");
    const initial = games.find((g) => g.name === wanted) || games[0];
    if (initial) choose(initial);

    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      clearErrors(form);
      const players = $$("input[name=player]", playersOl).map((i) => i.value.trim()).filter(Boolean);
      const variants = {};
      for (const v of game.variants || []) {
        const value = readVariant(v, $(`[data-variant="${v.key}"]`, form));
        if (value !== undefined) variants[v.key] = value;
      }
      $("#create").disabled = true;
      try {
        const seats = players.map((name) => byName.get(name) || name);
        const body = { game: game.name, players: seats, variants };
        if (leagueSelect && leagueSelect.value) body.league = parseInt(leagueSelect.value, 10);
        const match = await API.createMatch(body);
        store.set("names", Array.from(new Set([...players, ...known])).slice(0, 30));
        location.href = `/m/${match.id}/`;
      } catch (e) {
        $("#create").disabled = false;
        const fields = Object.keys(e.fields || {});
        const key = e.params.key || fields.find((f) => f !== "players" && f !== "game");
        if (e.code === "wrong_player_count" || fields.includes("players")) showError(form, "players", errorText(e));
        else if (key) { $("#rules-fold").open = true; showError(form, "variant:" + key, errorText(e) + (e.message ? ` (${e.message})` : "")); }
        else showError(form, "form", errorText(e));
      }
    });
  }

  // ---------------------------------------------------------------- page: join
  async function pageJoin() {
    if (!requireSignIn()) return;
    const form = $("#join-form");
    let seat;
    async function go() {
      clearErrors(form);
      const code = $("#join-code").value.trim().toUpperCase();
      if (!code) return;
      try {
        const match = await API.join(code, seat);
        location.href = `/m/${match.id || match.match_id}/`;
      } catch (e) {
        if (e.code === "seat_required") {
          const free = e.params.free_seats || [];
          const names = e.params.free_seat_names || e.params.names || {};
          let box = $("#seat-choice");
          if (!box) { box = h("div", { id: "seat-choice", class: "seg" }); $("#join-go").before(h("p", { text: _("Which seat is yours?") }), box); }
          box.replaceChildren(...free.map((s, i) => h("button", { type: "button", dataset: { seat: s }, onclick: () => { seat = s; go(); } },
            (Array.isArray(names) ? names[i] : names[s]) || fmt(_("Seat %(n)s"), { n: s + 1 }))));
          if (!free.length) showError(form, "code", _("Every seat at this table is taken."));
        } else showError(form, "code", errorText(e));
      }
    }
    form.addEventListener("submit", (ev) => { ev.preventDefault(); go(); });
    if (body.dataset.code) go();
  }

  // ---------------------------------------------------------------- page: table (state)
  const S = {
    id: null, match: null, game: null, players: [], summary: null, etag: null, events: [], legal: [],
    seq: 0, pending: [], conflicts: [], sending: false, tab: "entry", lastKey: null,
  };

  const cardRank = (c) => c.slice(0, -1).replace("T", "10");
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  function cardLabel(c) {
    if (!c) return "";
    c = String(c);
    if (c === "JK") return "🃏";
    const s = c.slice(-1);
    return SUITS[s] ? cardRank(c) + SUITS[s] : c;
  }
  const cardRed = (c) => /[HD♥♦]$/.test(String(c));

  async function pageTable() {
    if (!requireSignIn()) return;
    S.id = body.dataset.matchId;
    $$(".tabs button").forEach((b) => b.addEventListener("click", () => selectTab(b.dataset.tab)));
    $("#undo").addEventListener("click", undoLast);
    watchTyping();
    addEventListener("online", () => flush());
    try {
      S.match = await API.match(S.id);
      store.set("match." + S.id, S.match);
    } catch (e) {
      S.match = store.get("match." + S.id, null);
      if (!S.match) { $("#title").textContent = errorText(e); return; }
    }
    S.players = seatNames(S.match);
    try {
      const games = await API.games();
      store.set("games", games);
      S.game = games.find((g) => g.name === S.match.game);
    } catch (e) {
      S.game = (store.get("games", []) || []).find((g) => g.name === S.match.game);
    }
    S.game = S.game || { name: S.match.game, title: S.match.game, variants: [], events: {}, result_event_types: [] };
    $("#title").textContent = gameTitle(S.game) + " · " + S.players.join(", ");
    document.title = gameTitle(S.game) + " · Companion";
    renderShare();
    S.summary = store.get("summary." + S.id, null);
    S.events = store.get("events." + S.id, []);
    if (S.summary) renderAll();
    await refresh(true);
    await renderOutbox();
    flush();
    // Poll while the screen is visible; catch up at once when it comes back.
    setInterval(() => { if (!document.hidden) refresh(false); if (S.pending.length) flush(); }, POLL_MS);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) { refresh(false); flush(); } });
  }

  function watchTyping() {
    for (const id of ["#tab-entry", "#tab-cards"]) {
      const root = $(id);
      const mark = (ev) => { if (ev.target.closest("form")) root.dataset.dirty = "1"; };
      root.addEventListener("input", mark);
      root.addEventListener("click", mark);
    }
  }

  function selectTab(tab) {
    S.tab = tab;
    $$(".tabs button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === tab)));
    $$(".tab").forEach((s) => { s.hidden = s.id !== "tab-" + tab; });
  }

  // Fetch the summary (304 when unchanged), then the record and the legal actions, and apply them
  // together; an answer overtaken by a newer refresh is dropped, so the screen never goes back.
  async function refresh(force) {
    const ticket = (S.ticket = (S.ticket || 0) + 1);
    let response;
    try {
      response = await API.summary(S.id, force ? null : S.etag);
    } catch (e) { return; }
    if (response.status === 304 || !response.ok) return;
    const summary = await response.json();
    let events = null;
    let legal = null;
    try { events = await API.events(S.id); } catch (e) { /* keep the old list */ }
    try { legal = await API.legal(S.id); } catch (e) { /* keep the old actions */ }
    if (ticket !== S.ticket) return;
    S.etag = response.headers.get("ETag");
    S.summary = summary.summary || summary;
    S.claims = Array.isArray(summary.claims) ? summary.claims : [];
    store.set("summary." + S.id, S.summary);
    if (typeof summary.last_seq === "number") S.seq = summary.last_seq;
    if (events) { S.events = events; store.set("events." + S.id, events); }
    if (legal) {
      S.legal = Array.isArray(legal) ? legal : legal.actions || [];
      // The screen is "ready" for a seq once the legal actions after it are known (tests wait on it).
      S.readySeq = typeof legal.next_seq === "number" ? legal.next_seq - 1 : S.seq;
    }
    renderAll();
  }

  // Whose turn: the seat of every legal action when they agree (the engine's own answer), else the summary's.
  function toAct() {
    const seats = new Set(S.legal.map((a) => a.seat).filter((x) => typeof x === "number"));
    if (seats.size === 1 && S.legal.every((a) => typeof a.seat === "number")) return [...seats][0];
    return S.summary ? S.summary.to_act : null;
  }

  function renderAll() {
    if (typeof S.readySeq === "number") body.dataset.ready = S.readySeq;
    renderStatus();
    renderBoard();
    renderLog();
    const key = JSON.stringify([S.summary && S.summary.finished, S.legal.map((a) => [a.type, a.seat]), S.seq,
      Object.keys(S.checking || {}), (S.claims || []).map((c) => [c.seq, c.accepted, c.settled])]);
    if (key !== S.lastKey) {
      S.lastKey = key;
      // A form someone is typing in stays as it is (with the seq it was started on): if another
      // phone recorded meanwhile, sending it gives the conflict and shows the entry that won.
      for (const [id, render] of [["#tab-entry", renderEntry], ["#tab-cards", renderCards]]) {
        const root = $(id);
        if (root.dataset.dirty === "1" && +root.dataset.baseSeq !== S.seq) {
          if (!$(".stale", root)) root.prepend(h("p", { class: "stale", role: "status", text: _("Another phone recorded an entry while you were typing.") }));
          continue;
        }
        render();
        root.dataset.baseSeq = S.seq;
        delete root.dataset.dirty;
      }
    }
  }

  // The seq a form was started on (the record it was typed against).
  const baseOf = (el) => {
    const holder = el && el.closest("[data-base-seq]");
    return holder ? parseInt(holder.dataset.baseSeq, 10) : S.seq;
  };

  // ---------------------------------------------------------------- table: status and board
  // Keys that are internal or shown elsewhere (the board, the card picker).
  const STATUS_HIDE = new Set(["chips_conserved", "title_names", "first_judge", "cards", "decks", "hand_sizes", "current_deal", "deal",
    "table", "current_round", "provisional_deal", "league", "submitted", "seating", "winner_note", "barrel_level", "hand_number", "next_seq", "match", "status", "last_seq"]);
  const isEmpty = (v) => v === null || v === undefined || v === "" || v === false || (Array.isArray(v) && (!v.length || v.every((x) => x === 0 || x === false || x === null)))
    || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);
  const seatName = (v) => (typeof v === "number" ? S.players[v] ?? v : v);

  function compact(value) {
    if (value === null || value === undefined) return "—";
    if (Array.isArray(value)) return value.map(compact).join(", ");
    if (typeof value === "object") {
      return Object.entries(value).filter(([, v]) => !isEmpty(v)).map(([k, v]) => `${SEAT_KEYS.has(k) || k === "seat" || k === "from" || k === "to" ? "" : humanize(k) + " "}${SEAT_KEYS.has(k) || k === "seat" || k === "from" || k === "to" ? seatName(v) : compact(v)}`).join(" ");
    }
    if (typeof value === "boolean") return value ? _("yes") : _("no");
    return String(word(value));
  }

  // Game status that needs its own words (everything else is rendered generically below).
  const STATUS_RENDER = {
    barrel: (v) => (Array.isArray(v) ? v.filter((b) => b && b.on).map((b) => (b.deals_left === null || b.deals_left === undefined ? S.players[b.seat]
      : fmt(_("%(name)s (%(left)s left)"), { name: S.players[b.seat], left: b.deals_left }))).join(", ") : null),
    ledger: (v) => (v && typeof v === "object" ? Object.entries(v).map(([k, c]) => `${Array.isArray(v) ? S.players[k] : k} ${c > 0 ? "+" + c : c}`).join(" · ") : null),
    gold_set: (v) => (v && v.enabled ? (v.active ? _("yes") : _("no")) : null),
    reverse_barrel: (v) => (v && v.enabled && Array.isArray(v.seats) ? v.seats.filter((b) => b.on).map((b) => (b.deals_left === null || b.deals_left === undefined
      ? S.players[b.seat] : fmt(_("%(name)s (%(left)s left)"), { name: S.players[b.seat], left: b.deals_left }))).join(", ") || null : null),
    talon_to_reveal: (v) => (v ? _("the dark talon's cards can be entered now") : null),
    next_round: (v) => (v && Array.isArray(v.exchange) ? v.exchange.map((t) => `${S.players[t.giver]} → ${S.players[t.receiver]}: ${fmt(ngettext("%(count)s card", "%(count)s cards", t.count), { count: t.count })} (${word(t.kind)})`).join(" · ") || null : null),
    inactive_seat: (v) => (typeof v === "number" ? S.players[v] : null),
    compulsory_bidder: (v) => (typeof v === "number" ? S.players[v] : null),
    silenced: (v) => (Array.isArray(v) && v.length ? v.map(seatName).join(", ") : null),
    seated: (v) => (Array.isArray(v) && v.length !== S.players.length ? v.map(seatName).join(", ") : null),
    exempt_next_ante: (v) => (Array.isArray(v) && v.length ? v.map(seatName).join(", ") : null),
    next_dealer: (v) => (typeof v === "number" ? S.players[v] : null),
  };
  Object.assign(STATUS, {
    inactive_seat: _("Sits out"), compulsory_bidder: _("Opens the bidding"), minimum_bid: _("Minimum bid"), rospisat_counts: _("Р marks"),
    spisat_counts: _("Spisat'"), bombs_used: _("Bombs used"), silenced: _("Silenced"), gold_set: _("Gold set"), deal_number: _("Deal"),
    seated: _("Seated"), next_dealer: _("Next dealer"), exempt_next_ante: _("No ante next deal"), deal_forfeits: _("Forfeits"),
    next_round: _("Next exchange"), target_points: _("Game to"), reverse_barrel: _("On the minus barrel"), talon_to_reveal: _("Talon"), "bourre.ledger": _("Chips"), stake: _("Stake"), revolution: _("Revolution"),
  });

  function statusValue(key, value) {
    if (STATUS_RENDER[key]) return STATUS_RENDER[key](value);
    if (isEmpty(value) && typeof value !== "number") return null;
    if (SEAT_KEYS.has(key) && typeof value === "number") return S.players[value] ?? value;
    if (Array.isArray(value) && value.length === S.players.length && value.every((v) => typeof v !== "object" || v === null)) {
      return value.map((v, i) => `${S.players[i]} ${v === true ? "✓" : v === false || v === null ? "–" : word(v)}`).join(" · ");
    }
    if (Array.isArray(value) && value.some((v) => typeof v === "object" && v !== null)) return null;
    if (typeof value === "object" && !Array.isArray(value)) return null;
    return compact(value);
  }

  function renderStatus() {
    const s = S.summary;
    const el = $("#status");
    if (!s) return;
    const chips = [];
    if (s.finished) {
      const r = s.result || {};
      const winners = (r.winners || []).map((w) => S.players[w]).join(", ");
      chips.push(h("span", { class: "chip alert", text: fmt(_("Finished — winner: %(names)s"), { names: winners }) }));
    } else if (toAct() !== null && toAct() !== undefined) {
      chips.push(h("span", { class: "chip", dataset: { toAct: toAct() }, text: fmt(_("%(name)s to act"), { name: S.players[toAct()] }) }));
    }
    for (const [key, value] of Object.entries(s)) {
      if (PROTOCOL_KEYS.has(key) || STATUS_HIDE.has(key)) continue;
      const shown = statusValue(key, value);
      if (shown === null || shown === undefined || shown === "") continue;
      const name = STATUS[`${S.game.name}.${key}`] || STATUS[key] || humanize(key);
      chips.push(h("span", { class: "chip", dataset: { key } }, name + ": ", h("strong", { text: shown })));
    }
    for (const f of s.findings || []) chips.push(h("span", { class: "chip alert", dataset: { finding: f.code || "" }, text: f.text || f.message || f.code }));
    el.replaceChildren(...chips);
  }

  const isSeatNumbers = (v) => Array.isArray(v) && v.length === S.players.length && v.every((x) => typeof x === "number" || x === null);
  const runningTotals = (entry) => (isSeatNumbers(entry.totals) ? entry.totals : isSeatNumbers(entry.ledger) ? entry.ledger : null);

  // The number each seat scored in one history entry: the engine's own per-entry key when it has
  // one, else the change of the running totals since the entry before.
  function perSeat(entry, idx) {
    for (const k of ["scores", "entries", "net", "deltas", "score_changes", "changes", "points_scored", "points"]) {
      if (isSeatNumbers(entry[k])) return entry[k];
    }
    const totals = runningTotals(entry);
    if (!totals) return null;
    const history = (S.summary && S.summary.history) || [];
    const at = idx === undefined ? history.indexOf(entry) : idx;
    const before = at > 0 ? runningTotals(history[at - 1]) : null;
    return totals.map((t, i) => t - (before ? before[i] || 0 : 0));
  }

  function renderBoard() {
    const s = S.summary;
    if (!s) return;
    const n = S.players.length;
    const dealer = typeof s.dealer === "number" ? s.dealer : null;
    const head = h("tr", {}, h("th", { text: "#" }), S.players.map((p, i) => h("th", {
      class: [i === dealer ? "dealer" : "", i === toAct() ? "toact" : ""].join(" ").trim() || null,
      title: i === dealer ? _("Dealer") : null, text: p,
    })));
    const rows = (s.history || []).map((entry, idx) => {
      const vals = perSeat(entry, idx) || [];
      const totals = runningTotals(entry) || [];
      const label = entry.hand ?? entry.deal ?? entry.round ?? idx + 1;
      return h("tr", { dataset: { hand: idx } }, h("td", { class: "hand", text: label }),
        Array.from({ length: n }, (_x, seat) => h("td", {}, h("button", {
          type: "button", class: "n", dataset: { hand: idx, seat }, "aria-label": fmt(_("Why? Hand %(hand)s, %(name)s"), { hand: label, name: S.players[seat] }),
          onclick: () => explain(idx, seat),
        }, vals[seat] === undefined || vals[seat] === null ? "–" : signed(vals[seat]), totals[seat] !== undefined ? h("small", { text: totals[seat] }) : null))));
    });
    const winners = new Set((s.result && s.result.winners) || []);
    const totals = h("tr", { class: "totals" }, h("td", { class: "hand", text: "Σ" }), (s.totals || []).map((t, seat) => h("td", { class: winners.has(seat) ? "win" : null },
      h("button", { type: "button", class: "n", dataset: { total: seat }, onclick: () => explainTotal(seat) }, typeof t === "object" ? JSON.stringify(t) : t))));
    const finished = s.finished ? h("div", { class: "finished", text: (s.result && s.result.how) ? fmt(_("Game over: %(how)s"), { how: s.result.how }) : _("Game over") }) : null;
    $("#board").replaceChildren(...[finished, h("table", {}, h("thead", {}, head), h("tbody", {}, rows, totals))].filter(Boolean));
  }
  const signed = (v) => (typeof v === "number" && v > 0 && S.game.name !== "hearts" ? "+" + v : String(v));

  function explain(idx, seat) {
    const entry = (S.summary.history || [])[idx] || {};
    // This seat's own lines first, then the hand's other lines (a moon changes everyone's score).
    const all = entry.explain || [];
    const notes = [...all.filter((n) => n.seat === seat), ...all.filter((n) => n.seat !== seat)];
    const vals = perSeat(entry, idx) || [];
    const lines = [];
    if (Array.isArray(entry.points) && entry.points !== vals) lines.push(fmt(_("Penalty points taken: %(points)s"), { points: POINTS(entry.points[seat]) }));
    if (vals[seat] !== undefined) lines.push(fmt(_("Score for this hand: %(value)s"), { value: vals[seat] }));
    for (const note of notes) lines.push(explainText(note));
    const running = runningTotals(entry);
    if (running) lines.push(fmt(_("Total after this hand: %(value)s"), { value: running[seat] }));
    const label = entry.hand ?? entry.deal ?? entry.round ?? idx + 1;
    dialog(h("div", { class: "explain" }, h("h2", { text: fmt(_("%(name)s, hand %(hand)s"), { name: S.players[seat], hand: label }) }),
      h("ul", {}, lines.map((t) => h("li", { text: t })))));
  }

  function explainTotal(seat) {
    const hist = S.summary.history || [];
    const items = hist.map((e, i) => { const v = (perSeat(e, i) || [])[seat]; return v === undefined ? null : `${e.hand ?? i + 1}: ${v}`; }).filter(Boolean);
    dialog(h("div", {}, h("h2", { text: S.players[seat] }), h("p", { text: items.join(" · ") || _("No hands yet.") }),
      h("p", { text: fmt(_("Total: %(value)s"), { value: (S.summary.totals || [])[seat] }) })));
  }

  // ---------------------------------------------------------------- table: history and corrections
  function describe(ev) {
    const p = ev.payload || {};
    if (ev.type === "void") return fmt(_("Voided entry #%(seq)s"), { seq: p.seq });
    if (ev.type === "claim") {
      const v = p.verdict || {};
      return claimText(p) + (v.status ? " — " + valueLabel(v.status) : "");
    }
    if (ev.type === "claim_accept") return fmt(_("Claim #%(seq)s accepted by %(name)s"), { seq: p.seq, name: S.players[p.seat] ?? p.seat });
    if (ev.type === "amend") return fmt(_("Corrected entry #%(seq)s"), { seq: p.seq }) + (p.payload ? ": " + describe({ type: p.type, payload: p.payload }) : "");
    if (Array.isArray(p.points) && p.points.length === S.players.length) return S.players.map((n, i) => `${n} ${p.points[i]}`).join(", ");
    // Any other entry in the words of its form: field labels, seat names, cards, values.
    const parts = Object.entries(p).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${label(k)}: ${describeValue(k, v)}`);
    return parts.length ? `${label(ev.type)} — ${parts.join("; ")}` : label(ev.type);
  }

  function describeValue(key, v) {
    const isSeatKey = SEAT_RE.test(key) || ["to", "from", "seat"].includes(key);
    if (Array.isArray(v) && v.length === S.players.length && !ORDER_RE.test(key) && !SEAT_LISTS.has(key) && (PER_SEAT_RE.test(key) || v.some(Array.isArray))) {
      return S.players.map((n, i) => `${n} ${Array.isArray(v[i]) ? v[i].map(cardish).join(" ") || "–" : v[i] ?? "–"}`).join(", ");
    }
    if (Array.isArray(v)) return v.map((x) => (typeof x === "number" && (isSeatKey || ORDER_RE.test(key) || SEAT_LISTS.has(key) || key === "played") ? S.players[x] ?? x : cardish(x))).join(" ");
    if (typeof v === "number" && isSeatKey) return S.players[v] ?? v;
    if (typeof v === "boolean") return v ? _("yes") : _("no");
    if (typeof v === "string") return cardish(v);
    if (v && typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  // A card as a card face (QS → Q♠), any other word as the form would say it.
  const cardish = (x) => (typeof x === "string" && /^(10|[2-9TJQKA])[SHDC]$/.test(x) ? cardLabel(x) : typeof x === "string" ? valueLabel(x) : String(x));

  function whoWhen(ev) {
    let who = ev.recorded_by_name || (ev.recorded_by && (ev.recorded_by.name || ev.recorded_by.username)) || ev.recorded_by || "?";
    if (who === store.get("username", null)) who = store.get("me", who);
    else if (/^guest-/.test(who)) who = _("a guest");
    const when = ev.recorded_at ? new Date(ev.recorded_at).toLocaleString(body.dataset.language, { dateStyle: "short", timeStyle: "short" }) : "";
    return fmt(_("%(who)s at %(when)s"), { who, when });
  }

  function voidedMap() {
    const voided = new Map();
    for (const ev of S.events) if (ev.type === "void" && ev.payload) voided.set(ev.payload.seq, ev);
    return voided;
  }

  // The latest amend of each game event (an amend counts in the corrected event's place).
  function amendedMap() {
    const amended = new Map();
    for (const ev of S.events) if (ev.type === "amend" && ev.payload) amended.set(ev.payload.seq, ev);
    return amended;
  }

  // Corrections name a game event: not a correction, not a claim (docs/record-format.md).
  const NOT_CORRECTABLE = new Set(["void", "amend", "claim", "claim_accept"]);

  function renderLog() {
    // A correction being typed stays on the screen; the log catches up once it is sent or cancelled.
    if (S.amending !== null && S.amending !== undefined && $("#amend-form")) return;
    const voided = voidedMap();
    const amended = amendedMap();
    const amendable = new Set((S.game && S.game.result_event_types) || []);
    const ol = $("#log");
    const items = [...S.events].reverse().map((ev) => {
      const by = voided.get(ev.seq);
      const fix = amended.get(ev.seq);
      const correctable = !by && !NOT_CORRECTABLE.has(ev.type);
      const li = h("li", { value: ev.seq, class: by ? "voided" : fix ? "amended" : null, dataset: { seq: ev.seq } },
        h("div", { class: "what", text: describe(ev) }),
        h("div", { class: "who", text: whoWhen(ev) }),
        by ? h("div", { class: "who", text: fmt(_("Voided by %(who)s"), { who: whoWhen(by) }) }) : null,
        fix && !by ? h("div", { class: "who fix", text: fmt(_("Corrected by %(who)s: %(what)s"), { who: whoWhen(fix), what: describe({ type: fix.payload.type, payload: fix.payload.payload || {} }) }) }) : null);
      if (correctable) {
        li.append(h("div", { class: "actions" },
          amendable.has(ev.type) || amendable.has(fix && fix.payload.type) ? h("button", { type: "button", class: "ghost", dataset: { amend: ev.seq }, onclick: () => amendEntry(ev, li) }, _("Correct…")) : null,
          h("button", { type: "button", class: "ghost", dataset: { void: ev.seq }, onclick: () => voidEntry(ev) }, _("Void…"))));
      }
      return li;
    });
    ol.replaceChildren(...items);
    if (!items.length) ol.append(h("li", { class: "muted", text: _("Nothing recorded yet.") }));
  }

  async function voidEntry(ev) {
    const ok = await confirmDialog(fmt(_("Void entry #%(seq)s (%(what)s)? It stays in the history, but no longer counts."), { seq: ev.seq, what: describe(ev) }), _("Void"));
    if (ok) record("void", { seq: ev.seq });
  }

  // Correct an entry: the same form as the entry, filled with what counts now; an `amend` event
  // makes the entry count as corrected in its own place, and the history keeps both versions.
  function amendEntry(ev, li) {
    $$("#amend-form").forEach((el) => el.remove());
    const fix = amendedMap().get(ev.seq);
    const type = fix ? fix.payload.type : ev.type;
    const current = fix ? fix.payload.payload || {} : ev.payload || {};
    S.amending = ev.seq;
    const close = () => { S.amending = null; renderLog(); };
    const form = genericForm(type, current, {
      title: fmt(_("Correct entry #%(seq)s"), { seq: ev.seq }),
      submitLabel: _("Correct"),
      onSend: async (payload, from) => {
        const what = describe({ type, payload });
        const ok = await confirmDialog(fmt(_("Correct entry #%(seq)s to: %(what)s? The entry as first recorded stays in the history."), { seq: ev.seq, what }), _("Correct"));
        if (!ok) return;
        const entry = record("amend", { seq: ev.seq, type, payload }, { from, onError: (e) => toast(errorText(e), 6000) });
        S.amending = null;
        await entry;
        renderLog();
      },
    });
    li.append(h("div", { class: "card amend", id: "amend-form", dataset: { baseSeq: S.seq } }, form,
      h("button", { type: "button", class: "ghost", dataset: { cancel: "amend" }, onclick: close }, _("Cancel"))));
    form.scrollIntoView({ block: "nearest" });
  }

  async function undoLast() {
    const voided = voidedMap();
    const last = [...S.events].reverse().find((e) => !NOT_CORRECTABLE.has(e.type) && !voided.has(e.seq));
    if (!last) { toast(_("Nothing to undo.")); return; }
    const ok = await confirmDialog(fmt(_("Undo the last entry (#%(seq)s: %(what)s)?"), { seq: last.seq, what: describe(last) }), _("Undo"));
    if (ok) record("void", { seq: last.seq });
  }

  // ---------------------------------------------------------------- recording, outbox, conflicts
  async function record(type, payload, { onError, from, endpoint } = {}) {
    // The next seq follows the last one the phone knew when the entry was typed: the form's own
    // seq, or an entry of this phone still waiting in the outbox.
    const waiting = await Outbox.forMatch(S.id);
    const base = from ? baseOf(from) : S.seq;
    const last = Math.max(base, ...waiting.map((e) => e.expected_seq));
    const tab = from && from.closest(".tab");
    if (tab) delete tab.dataset.dirty;
    const entry = {
      client_event_id: uuid4(), match_id: String(S.id), type, payload,
      expected_seq: last + 1, created: Date.now(),
    };
    if (endpoint) entry.endpoint = endpoint;
    await Outbox.put(entry);
    S.errorHandlers = S.errorHandlers || {};
    if (onError) S.errorHandlers[entry.client_event_id] = onError;
    await renderOutbox();
    await flush();
    return entry;
  }

  async function renderOutbox() {
    S.pending = (await Outbox.forMatch(S.id)).filter((e) => !e.conflict);
    const waiting = S.pending.length;
    const el = $("#outbox");
    el.hidden = waiting === 0;
    el.textContent = fmt(ngettext("%(count)s entry waiting to be sent", "%(count)s entries waiting to be sent", waiting), { count: waiting });
    el.dataset.count = waiting;
  }

  async function flush() {
    if (S.sending || !S.id) return;
    S.sending = true;
    let worked = false;
    try {
      for (const entry of await Outbox.forMatch(S.id)) {
        if (entry.conflict) continue;
        let result;
        try {
          result = entry.endpoint === "claims" ? await API.claim(S.id, entry) : await API.append(S.id, entry);
        } catch (e) {
          if (e.status === 0 || e.status >= 500) break; // offline or server trouble: try again later
          worked = true;
          await Outbox.remove(entry.client_event_id);
          if (e.status === 409 && e.code === "stale_seq") {
            await showConflict(entry, e);
          } else {
            const handler = (S.errorHandlers || {})[entry.client_event_id];
            if (handler) handler(e); else toast(errorText(e), 6000);
            // Later entries were numbered after this one: it will never take its seq.
            for (const later of await Outbox.forMatch(S.id)) {
              if (later.created > entry.created) { later.expected_seq -= 1; await Outbox.put(later); }
            }
          }
          continue;
        }
        worked = true;
        await Outbox.remove(entry.client_event_id);
        if (entry.endpoint === "claims") claimAnswered(result);
        const ev = (result && (entry.endpoint === "claims" ? result.event || {} : result.event || result)) || {};
        const settled = (result && Array.isArray(result.settled_seqs)) ? result.settled_seqs : [];
        if (settled.length) S.seq = Math.max(S.seq, ...settled);
        if (typeof ev.seq === "number") {
          S.seq = Math.max(S.seq, ev.seq);
          // A form that was up to date before this phone's own entry is still up to date after it.
          $$("[data-base-seq]").forEach((el) => { if (+el.dataset.baseSeq === ev.seq - 1) el.dataset.baseSeq = ev.seq; });
        }
      }
    } finally {
      S.sending = false;
      await renderOutbox();
      if (worked) {
        await refresh(true);
        if (S.summary) { S.lastKey = null; renderAll(); }
        // An entry made while this pass was sending waits for no poll.
        if (S.pending.length) setTimeout(flush, 0);
      }
    }
  }

  async function showConflict(entry, err) {
    // The other phone's entry won: show it next to ours, and let the table decide.
    S.events = await API.events(S.id).catch(() => S.events);
    const winners = S.events.filter((ev) => ev.seq >= entry.expected_seq);
    const box = $("#conflict");
    box.hidden = false;
    const close = () => { box.hidden = true; box.replaceChildren(); };
    box.replaceChildren(
      h("strong", { text: _("Another phone recorded first.") }),
      h("p", { text: _("Recorded first:") }),
      h("ul", { class: "won" }, winners.map((ev) => h("li", { text: `#${ev.seq} ${describe(ev)} — ${whoWhen(ev)}` }))),
      h("p", {}, _("Your entry (not recorded):") + " ", h("em", { text: describe(entry) })),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "ghost", onclick: close }, _("Discard mine")),
        h("button", { type: "button", onclick: async () => { close(); await refresh(true); record(entry.type, entry.payload, { endpoint: entry.endpoint }); } }, _("Record mine as well"))));
    await refresh(true);
  }

  // ---------------------------------------------------------------- entry forms
  function legalOf(type) { return S.legal.filter((a) => a.type === type); }

  function renderEntry() {
    const root = $("#tab-entry");
    if (!S.summary) return;
    if (S.summary.finished) {
      root.replaceChildren(h("p", { class: "finished", text: _("The match is over. Corrections are still possible in the history.") }));
      return;
    }
    const fast = FAST[S.game.name];
    const resultTypes = S.game.result_event_types || [];
    let type = resultTypes.find((t) => !S.legal.length || legalOf(t).length);
    if (!type && S.legal.length) {
      // Something must come first (e.g. the T-Shirt Game's seating): offer exactly that.
      const first = S.legal.find((a) => !["end_session", "end_evening"].includes(a.type)) || S.legal[0];
      root.replaceChildren(genericForm(first.type, first, { title: label(first.type) }));
      return;
    }
    type = type || resultTypes[0];
    if (fast && type) { root.replaceChildren(fast(type)); return; }
    if (type) {
      const props = ((S.game.events || {})[type] || {}).properties || {};
      const hints = {};
      for (const key of ["round", "judge", "hand"]) if (key in props && typeof S.summary[key] === "number") hints[key] = S.summary[key];
      root.replaceChildren(genericForm(type, Object.assign(hints, legalOf(type)[0] || {})));
      return;
    }
    root.replaceChildren(h("p", { class: "muted", text: _("Use the card-by-card tab to record this game.") }));
  }

  function seatButtons(name, { nullable, value, onChange, multi, only } = {}) {
    const chosen = new Set(multi ? value || [] : value === null || value === undefined ? [] : [value]);
    const wrap = h("div", { class: "seg", role: multi ? "group" : "radiogroup", dataset: { field: name } });
    const paint = () => $$("button", wrap).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.seat === "" ? chosen.size === 0 : chosen.has(+b.dataset.seat))));
    const items = S.players.map((p, i) => [i, p]).filter(([i]) => !only || only.includes(i));
    if (nullable && !multi) items.unshift(["", _("nobody")]);
    for (const [seat, label] of items) {
      wrap.append(h("button", { type: "button", dataset: { seat }, onclick: () => {
        if (seat === "") chosen.clear();
        else if (multi) { if (chosen.has(seat)) chosen.delete(seat); else chosen.add(seat); }
        else { chosen.clear(); chosen.add(seat); }
        paint();
        if (onChange) onChange(wrap.value);
      } }, label));
    }
    Object.defineProperty(wrap, "value", { get: () => (multi ? [...chosen].sort((a, b) => a - b) : chosen.size ? [...chosen][0] : null) });
    paint();
    return wrap;
  }

  function stepper(id, { min = 0, max = 999, step = 1, value = 0, onInput, label }) {
    const input = h("input", { id, class: "num", type: "number", inputmode: "numeric", min, max, step, value, "aria-label": label });
    const bump = (d) => { const v = (parseInt(input.value, 10) || 0) + d; input.value = Math.max(min, Math.min(max, v)); input.dispatchEvent(new Event("input")); };
    if (onInput) input.addEventListener("input", onInput);
    input.addEventListener("focus", () => input.select());
    return h("div", { class: "ctl stepper" },
      h("button", { type: "button", "aria-label": "−", onclick: () => bump(-step) }, "−"), input,
      h("button", { type: "button", "aria-label": "+", onclick: () => bump(step) }, "+"));
  }

  function submitRow(form, label, send) {
    const btn = h("button", { type: "submit", class: "big", dataset: { submit: "1" } }, label);
    form.addEventListener("submit", (ev) => { ev.preventDefault(); clearErrors(form); send(); });
    return h("div", {}, h("p", { class: "error", dataset: { errorFor: "form" } }), btn);
  }

  function fieldError(form, err, guess) {
    const text = errorText(err);
    const p = err.params || {};
    const candidates = [];
    if (typeof p.seat === "number") candidates.push(`seat:${p.seat}`);
    if (guess && guess[err.code]) candidates.push(guess[err.code]);
    for (const f of Object.keys(err.fields || {})) candidates.push(f);
    for (const key of candidates) {
      const el = $(`[data-error-for="${key}"]`, form);
      if (el) {
        el.textContent = text;
        const fold = el.closest("details");
        if (fold) fold.open = true; // an error under "More" must be seen
        el.scrollIntoView({ block: "center" });
        return;
      }
    }
    showError(form, "form", text);
  }

  // ---- Hearts: penalty points per player, the 26 check, a moon button per player
  function heartsForm(type) {
    const v = S.match.variants || {};
    const n = S.players.length;
    const form = h("form", { class: "stack", id: "hearts-form", novalidate: true });
    const inputs = [];
    const sum = h("p", { class: "sum", dataset: { sum: "1" }, "aria-live": "polite" });
    const update = () => {
      const total = inputs.reduce((a, i) => a + (parseInt(i.value, 10) || 0), 0);
      sum.textContent = fmt(_("Total %(total)s of 26"), { total });
      sum.className = "sum " + (total === 26 ? "ok" : "bad");
      moonChoice.hidden = !(v.moon_scoring === "shooter_choice" && inputs.some((i) => +i.value === 26));
    };
    const moonChoice = h("div", { hidden: true }, h("p", { text: _("The shooter chooses:") }),
      h("div", { class: "seg", id: "moon-choice" }, [["add_to_others", _("+26 to everyone else")], ["subtract_from_shooter", _("−26 for me")]].map(([val, label]) =>
        h("button", { type: "button", dataset: { choice: val }, onclick: (e) => { $$("#moon-choice button", form).forEach((b) => b.classList.toggle("on", b === e.currentTarget)); } }, label))));
    const rows = S.players.map((name, seat) => {
      const st = stepper(`pts-${seat}`, { min: 0, max: 26, value: "", onInput: update, label: fmt(_("Penalty points of %(name)s"), { name }) });
      const input = $("input", st);
      input.placeholder = "0";
      inputs.push(input);
      const moon = h("button", { type: "button", class: "ghost", dataset: { moon: seat }, title: _("Shot the moon"), onclick: () => {
        inputs.forEach((i, s) => { i.value = s === seat ? 26 : 0; });
        update();
      } }, "☾ 26");
      return h("div", { class: "seat-row" }, h("label", { class: "name", for: `pts-${seat}`, text: name }), h("div", { class: "ctl" }, st, moon),
        h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
    });
    const jd = v.jack_of_diamonds && v.jack_of_diamonds !== "off" ? seatButtons("jd_taker", {}) : null;
    const noTricks = v.avoid_all_tricks_bonus ? seatButtons("no_tricks", { multi: true }) : null;
    const hand = S.summary.hand || (S.summary.history || []).length + 1;
    add(form, 
      h("h2", { text: fmt(_("Hand %(hand)s: penalty points"), { hand }) }),
      h("p", { class: "muted", text: _("Hearts 1 each, Q♠ 13. Leave a player empty for 0.") }),
      h("div", { class: "seat-rows" }, rows),
      h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "points" } })),
      moonChoice,
      jd ? h("div", {}, h("p", { text: v.jack_of_diamonds === "td_minus_10" ? _("Who took the 10♦?") : _("Who took the J♦?") }), jd, h("p", { class: "error", dataset: { errorFor: "jd_taker" } })) : null,
      noTricks ? h("div", {}, h("p", { text: _("Who took no trick?") }), noTricks) : null,
      submitRow(form, _("Record hand"), () => {
        const points = inputs.map((i) => parseInt(i.value, 10) || 0);
        const total = points.reduce((a, b) => a + b, 0);
        if (total !== 26) { fieldError(form, { code: "points_must_total_26", params: { total } }, { points_must_total_26: "points" }); return; }
        const payload = { points };
        if (jd) payload.jd_taker = jd.value;
        if (noTricks && noTricks.value.length) payload.no_tricks = noTricks.value;
        const chosen = $("#moon-choice button.on", form);
        if (!moonChoice.hidden && chosen) payload.moon_choice = chosen.dataset.choice;
        record(type, payload, { from: form, onError: (e) => fieldError(form, e, { points_must_total_26: "points", jd_taker_required: "jd_taker", moon_choice_required: "points" }) });
        inputs.forEach((i) => { i.value = ""; });
        update();
      }));
    update();
    return form;
  }

  // ---- Thousand: declarer, contract, card points (last = 120 − others), tricks, marriages
  const MARRIAGE_SUITS = ["S", "C", "D", "H"];
  function thousandForm(type) {
    const schema = ((S.game.events || {})[type] || {}).properties || {};
    const v = S.match.variants || {};
    const n = S.players.length;
    const form = h("form", { class: "stack", id: "thousand-form", novalidate: true });
    const inactive = typeof S.summary.inactive_seat === "number" ? S.summary.inactive_seat : null;
    const active = S.players.map((_x, i) => i).filter((i) => i !== inactive);
    const kinds = (schema.kind && schema.kind.enum) || ["played"];
    const reasons = ((unwrap(schema.reason)[0] || {}).enum) || [];
    const allowed = kinds.filter((k) => (k !== "rospisat" || v.rospisat !== false) && (k !== "bomb" || v.bomb)
      && (k !== "spisat" || v.rospisat_limit === "one_plus_one_spisat")
      && (k !== "dark_give_up" || (v.talon_visibility === "dark_if_uncontested_100" && v.dark_give_up !== false)));
    let kind = "played";
    let reason = null;
    const trickCount = n === 2 ? 10 : 8;
    const declarer = seatButtons("declarer", {});
    const minBid = S.summary.minimum_bid || 100;
    const contract = stepper("contract", { min: minBid, max: 400, step: v.bid_step || 5, value: minBid, label: _("Contract") });
    const pts = [];
    const tricks = [];
    const marr = [];
    const typed = { pts: new Set(), tricks: new Set() };
    const sum = h("p", { class: "sum", dataset: { sum: "1" } });
    // The one field nobody has typed in is filled with what is left: 120 card points, 8 tricks (§2.2).
    const fillLast = (inputs, which, total) => {
      const open = active.filter((s) => !typed[which].has(s));
      if (open.length !== 1) return;
      const rest = active.filter((s) => s !== open[0]).reduce((acc, s) => acc + (parseInt(inputs[s].value, 10) || 0), 0);
      inputs[open[0]].value = Math.max(0, total - rest);
      inputs[open[0]].dataset.auto = "1";
    };
    const update = () => {
      fillLast(pts, "pts", 120);
      fillLast(tricks, "tricks", trickCount);
      const total = active.reduce((acc, s) => acc + (parseInt(pts[s].value, 10) || 0), 0);
      sum.textContent = fmt(_("Card points %(total)s of 120"), { total });
      sum.className = "sum " + (total === 120 ? "ok" : "bad");
    };
    const rows = S.players.map((name, seat) => {
      const st = stepper(`cp-${seat}`, { min: 0, max: 120, step: 5, value: "", label: fmt(_("Card points of %(name)s"), { name }) });
      const input = $("input", st);
      input.step = 1;
      input.placeholder = "0";
      input.addEventListener("input", () => { typed.pts.add(seat); delete input.dataset.auto; update(); });
      pts[seat] = input;
      const tr = stepper(`tr-${seat}`, { min: 0, max: trickCount, value: "", label: fmt(_("Tricks of %(name)s"), { name }) });
      tricks[seat] = $("input", tr);
      tricks[seat].placeholder = "0";
      tricks[seat].addEventListener("input", () => { typed.tricks.add(seat); update(); });
      const noTrick = h("button", { type: "button", class: "ghost", dataset: { notrick: seat }, onclick: () => {
        tricks[seat].value = 0; pts[seat].value = 0; typed.pts.add(seat); typed.tricks.add(seat);
        marr[seat].forEach((b) => b.setAttribute("aria-pressed", "false")); update();
      } }, _("no trick"));
      marr[seat] = MARRIAGE_SUITS.map((suit) => h("button", { type: "button", class: "ghost" + (suit === "H" || suit === "D" ? " suit-h" : ""), dataset: { marriage: suit, seat }, "aria-pressed": "false",
        "aria-label": fmt(_("Marriage %(suit)s"), { suit: SUITS[suit] }), onclick: (e) => e.currentTarget.setAttribute("aria-pressed", String(e.currentTarget.getAttribute("aria-pressed") !== "true")) }, SUITS[suit]));
      return h("div", { class: "seat-row", hidden: seat === inactive, dataset: { seat } },
        h("label", { class: "name", for: `cp-${seat}`, text: name }), st,
        h("div", { class: "extra" }, h("span", { class: "muted", text: _("Tricks") }), tr, noTrick),
        h("div", { class: "extra seg marriages" }, h("span", { class: "muted", text: _("Marriages") }), marr[seat]),
        h("p", { class: "error", dataset: { errorFor: `seat:${seat}` } }));
    });
    const played = h("div", { class: "stack", dataset: { part: "played" } }, h("div", { class: "seat-rows" }, rows),
      h("div", {}, sum, h("p", { class: "error", dataset: { errorFor: "card_points" } }), h("p", { class: "error", dataset: { errorFor: "tricks" } })));
    const declaring = h("div", { class: "stack", dataset: { part: "declaring" } },
      h("p", { text: _("Declarer") }), declarer, h("p", { class: "error", dataset: { errorFor: "declarer" } }),
      h("label", { for: "contract", text: _("Contract") }), contract, h("p", { class: "error", dataset: { errorFor: "contract" } }));
    const reasonBox = h("div", { class: "seg", dataset: { field: "reason" }, hidden: true }, reasons.map((r) => h("button", { type: "button", dataset: { value: r }, "aria-pressed": "false", onclick: (e) => {
      reason = r; $$("button", reasonBox).forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
    } }, valueLabel(r))));
    const setKind = (k) => {
      kind = k;
      $$("#kind button", form).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.value === k)));
      played.hidden = k !== "played";
      declaring.hidden = k === "thrown_in";
      reasonBox.hidden = k !== "thrown_in";
    };
    const deal = S.summary.deal_number || (S.summary.history || []).length + 1;
    add(form,
      h("h2", { text: fmt(_("Deal %(deal)s"), { deal }) }),
      allowed.length > 1 ? h("div", { class: "seg", id: "kind" }, allowed.map((k) => h("button", { type: "button", dataset: { value: k }, onclick: () => setKind(k) }, valueLabel(k)))) : null,
      reasonBox, declaring, played,
      submitRow(form, _("Record deal"), () => {
        const payload = { kind };
        if (kind === "thrown_in") {
          if (reason) payload.reason = reason;
        } else {
          if (declarer.value === null) { showError(form, "declarer", _("Choose the declarer.")); return; }
          payload.declarer = declarer.value;
          payload.contract = parseInt($("#contract", form).value, 10);
        }
        if (kind === "played") {
          const cp = S.players.map((_x, s) => (active.includes(s) ? parseInt(pts[s].value, 10) || 0 : 0));
          const total = cp.reduce((acc, x) => acc + x, 0);
          if (total !== 120) { showError(form, "card_points", fmt(_("Card points must total 120; these total %(total)s."), { total })); return; }
          payload.card_points = cp;
          payload.tricks = S.players.map((_x, s) => (active.includes(s) ? parseInt(tricks[s].value, 10) || 0 : 0));
          payload.marriages = S.players.map((_x, s) => marr[s].filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.marriage));
          if (inactive !== null && "inactive" in schema) payload.inactive = inactive;
        }
        for (const key of Object.keys(payload)) if (Object.keys(schema).length && !(key in schema)) delete payload[key];
        record(type, payload, { from: form, onError: (e) => fieldError(form, e, { card_points_must_total_120: "card_points", tricks_must_total_8: "tricks", contract_below_minimum: "contract", bid_off_step: "contract" }) });
      }));
    setKind("played");
    update();
    return form;
  }

  const FAST = { hearts: heartsForm, thousand: thousandForm };

  // ---- Any event of any game, from the catalogue's JSON Schema
  const PER_SEAT_RE = /(point|trick|count|score|chip|value|card_points|amount|stake|penalt)/;
  const ORDER_RE = /(order|ranking|finish|place|seating)/;
  // Lists of seats whose names look like per-seat numbers (Hearts: who took no trick).
  const SEAT_LISTS = new Set(["no_tricks"]);
  const SEAT_RE = /(seat|declarer|winner|judge|taker|tonker|dealer|caller|player|shooter|leader|loser|inactive|by|who|offender|target|from|to|four_aces)$/;

  // Field labels and values of the result entries, translated (anything else: the key, humanized).
  const LABELS = {
    played: _("Who played"), tricks: _("Tricks"), order: _("Finishing order: tap the names, first out first"),
    end: _("How the hand ended"), by: _("By whom"), counts: _("Hand counts"), judge: _("Judge"), winner: _("Winner"),
    value: _("Hot or Not value"), boo_yah: _("BOO YAH!"), round: _("Round"), dealer: _("Dealer"), reneges: _("Reneges that stood"),
    recalled: _("Reneges taken back in time"), antes: _("Antes due"), up_card: _("Up card"), stake: _("Stake"),
    seating: _("Seating"), hand: _("Hand"), whole_hand: _("Whole hand laid down at once"), declarer: _("Declarer"),
    contract: _("Contract"), seat: _("Player"), card: _("Card"), amount: _("Amount"), cards: _("Cards"),
    hand_result: _("Hand result"), deal_result: _("Deal result"), round_result: _("Round result"), start_game: _("Start the game"),
    first_judge: _("First judge (the youngest player)"), bid: _("Bid"), pass: pgettext("bidding", "Pass"), deal: _("New deal"), play_card: _("Play a card"),
    take_talon: _("Take the talon"), give_card: _("Give a card"), raise_contract: _("Raise the contract"), give_up: _("Give up"),
    claim: _("Claim"), declare: _("Declare"), draw: _("Draw"), discard: _("Discard"), end_session: _("End the session"),
    end_evening: _("End the evening"), leave: _("Leave the table"), join: _("Join the table"), slogan_played: _("Slogan played"),
    exchange: _("Exchange"), play: _("Play"), to: _("To"), pass_cards: _("Pass cards"), pass_lead: _("Pass the lead"),
    retract_card: _("Take back a card"), renege_report: _("Report a renege"), moon_choice: _("Moon choice"), hands: _("Hands"), kitty: _("Kitty"),
    // the fields of the result entries, as the correction form shows them
    points: _("Points"), jd_taker: _("Who took the J♦?"), no_tricks: _("Who took no trick?"), offenders: _("Who reneged"),
    kind: _("Outcome"), blind: _("Blind"), card_points: _("Card points"), marriages: _("Marriages"), four_aces: _("Four aces"),
    inactive: _("Sits out"), talon: _("Talon"), reason: _("Reason"), renege_by: _("Who reneged"),
    // the card-by-card events and fields of every game (the catalogue's schema; a test checks the list)
    note: _("Note"), choice: _("Choice"), ace_up: _("An ace was turned up"), premature: _("Played before their turn"),
    folded_after_draw: _("Folded after the draw"), lo_no: _("Lo-No called"), count: _("How many"), discarded: _("Cards discarded"),
    received: _("Cards received"), take_up_card: _("The dealer takes the up-card"), recall: _("Take back a renege"),
    renege: _("Renege"), premature_signal: _("Signal before their turn"), redeal: _("Redeal"), giver: _("Gives"),
    receiver: _("Receives"), requested: _("Cards asked for"), look_at_hand: _("Look at the hand"), pile: _("Pile"),
    claim_redeal: _("Claim a redeal"), announce: _("Announcement"), reveal_talon: _("Reveal the talon"),
    double_double: _("Tonk paid four times"), side_bet_players: _("Side bet: who joined"), side_bet_amount: _("Side bet: amount each"),
    side_bet_spades: _("Side bet: the spade each showed"), upcard: _("Up card"), side_bet: _("Side bet"), players: _("Players"),
    spades: _("Spades shown"), claim_49: _("Claim 49"), drop: pgettext("tonk", "Drop"), source: _("Drawn from"), spread: _("Spread"),
    hit: _("Hit a spread"), show_hands: _("Show the hands"), stolen_from: _("Card taken from"), stolen_round: _("Card taken from round"),
    stolen_value: _("Value of the card taken"),
  };
  const VALUES = {
    auto_win: _("automatic win"), auto_draw: _("automatic draw"), tonk: _("tonk"), out_by_discard: _("out by discard"),
    drop: _("drop"), stock_exhausted: _("stock ran out"), played: _("played"), rospisat: _("Rospisat' (Р)"),
    spisat: _("Spisat'"), bomb: _("bomb"), dark_give_up: _("dark give-up"), thrown_in: _("thrown in"),
    holds: _("holds"), fails: _("fails"), undetermined: _("cannot be decided"),
    add_to_others: _("+26 to everyone else"), subtract_from_shooter: _("−26 for the shooter"),
    four_nines: _("four nines"), three_nines: _("three nines"), low_talon: _("low talon"), weak_hand: _("weak hand"),
    four_jacks: _("four jacks"), misdeal: _("misdeal"), bottom_card: _("bottom card"), renege_replay: _("renege, replayed"),
    marriage: _("marriage"), four_aces: _("four aces"), stock: _("the stock"), discard: _("the discard pile"),
  };
  const label = (name) => LABELS[name] || humanize(name);
  const valueLabel = (v) => VALUES[v] || word(v) || humanize(v);
  // The fields a table needs every hand; the others wait under "More".
  const MAIN_FIELDS = {
    bourre: ["played", "tricks"], president: ["order"], tonk: ["end", "by", "counts"],
    tshirt: ["round", "judge", "winner", "value", "boo_yah"],
  };

  function unwrap(schema) {
    let s = schema || {};
    let nullable = false;
    if (s.anyOf) { nullable = s.anyOf.some((x) => x.type === "null"); s = s.anyOf.find((x) => x.type !== "null") || {}; }
    return [s, nullable];
  }

  function schemaField(name, schema, prefill) {
    const [s, nullable] = unwrap(schema);
    const [items, itemsNullable] = unwrap(s.items);
    const err = h("p", { class: "error", dataset: { errorFor: name } });
    const pre = prefill[name];
    let get;
    let ctl;
    if (s.enum) {
      let value = pre ?? (nullable ? null : s.enum[0]);
      ctl = h("div", { class: "seg", dataset: { field: name } }, s.enum.map((o) => h("button", { type: "button", dataset: { value: o }, "aria-pressed": String(o === value), onclick: (e) => {
        value = o; $$("button", ctl).forEach((b) => b.setAttribute("aria-pressed", String(b === e.currentTarget)));
      } }, valueLabel(o))));
      get = () => value;
    } else if (s.type === "integer" && SEAT_RE.test(name)) {
      ctl = seatButtons(name, { nullable, value: pre });
      get = () => ctl.value;
    } else if (s.type === "integer") {
      ctl = stepper("f-" + name, { min: -9999, value: pre ?? "", label: label(name) });
      get = () => { const v = $("input", ctl).value; return v === "" ? (nullable ? null : 0) : parseInt(v, 10); };
    } else if (s.type === "boolean") {
      const box = h("input", { type: "checkbox", id: "f-" + name, dataset: { field: name } });
      box.checked = !!pre;
      ctl = h("div", { class: "row" }, box);
      get = () => box.checked;
    } else if (s.type === "array" && items.type === "integer" && ORDER_RE.test(name)) {
      // Finishing order: tap the names in order.
      const order = Array.isArray(pre) ? [...pre] : [];
      const shown = h("ol", { class: "order", dataset: { order: name } });
      const paint = () => {
        shown.replaceChildren(...order.map((seat) => h("li", { text: S.players[seat] })));
        $$("[data-seat]", ctl).forEach((b) => b.setAttribute("aria-pressed", String(order.includes(+b.dataset.seat))));
      };
      ctl = h("div", {}, h("div", { class: "seg", dataset: { field: name } }, S.players.map((p, i) => h("button", { type: "button", dataset: { seat: i }, onclick: () => {
        const at = order.indexOf(i);
        if (at >= 0) order.splice(at, 1); else order.push(i);
        paint();
      } }, p))), shown, h("button", { type: "button", class: "ghost", onclick: () => { order.length = 0; paint(); } }, _("Start again")));
      paint();
      get = () => [...order];
    } else if (s.type === "array" && items.type === "integer" && PER_SEAT_RE.test(name) && !SEAT_LISTS.has(name)) {
      const inputs = S.players.map((p, i) => h("input", { class: "num", type: "number", inputmode: "numeric", "aria-label": `${label(name)}: ${p}`, dataset: { seat: i }, value: pre && pre[i] !== undefined && pre[i] !== null ? pre[i] : "" }));
      ctl = h("div", { class: "seat-rows", dataset: { field: name } }, S.players.map((p, i) => h("div", { class: "seat-row" }, h("span", { class: "name", text: p }), inputs[i],
        h("p", { class: "error", dataset: { errorFor: `seat:${i}` } }))));
      get = () => inputs.map((i) => (i.value === "" ? (itemsNullable ? null : 0) : parseInt(i.value, 10)));
    } else if (s.type === "array" && items.type === "integer") {
      ctl = seatButtons(name, { multi: true, value: pre });
      get = () => ctl.value;
    } else if (s.type === "array" && items.type === "array") {
      // One list per seat (cards, suits …): a short text per player.
      const inputs = S.players.map((p, i) => h("input", { "aria-label": `${label(name)}: ${p}`, placeholder: "QS 10H …",
        value: Array.isArray(pre) && Array.isArray(pre[i]) ? pre[i].join(" ") : "" }));
      ctl = h("div", { class: "seat-rows", dataset: { field: name } }, S.players.map((p, i) => h("div", { class: "seat-row" }, h("span", { class: "name", text: p }), inputs[i])));
      get = () => (inputs.every((i) => !i.value.trim()) && nullable ? null
        : inputs.map((i) => (!i.value.trim() && itemsNullable ? null : i.value.split(/[\s,]+/).filter(Boolean))));
    } else if (s.type === "array") {
      ctl = h("input", { dataset: { field: name }, value: Array.isArray(pre) ? pre.join(" ") : "", placeholder: "QS 10H …" });
      get = () => { const v = ctl.value.split(/[\s,]+/).filter(Boolean); return !v.length && nullable ? null : v; };
    } else {
      ctl = h("input", { dataset: { field: name }, value: pre ?? "" });
      get = () => (ctl.value === "" && nullable ? null : ctl.value);
    }
    return { el: h("div", { class: "stack field", dataset: { name } }, h("label", { text: label(name) }), ctl, err), get, nullable };
  }

  // Which field a rules error concerns, when its params do not say.
  const FIELD_OF = {
    tricks_must_total_5: "tricks", tricks_out_of_range: "tricks", tricks_per_seat: "tricks", tricks_required: "tricks", passer_took_tricks: "played",
    ante_missing: "antes", ante_from_exempt_player: "antes", wrong_dealer: "dealer", dealer_required: "dealer", wrong_seating: "seating",
    by_required: "by", by_not_allowed: "by", counts_required: "counts", counts_per_seat: "counts", count_mismatch: "counts", impossible_count: "counts",
    whole_hand_required: "whole_hand", invalid_stake: "stake", side_bet_amount: "side_bet_amount", side_bet_players: "side_bet_players",
    judge_cannot_win: "winner", wrong_judge: "judge", wrong_round: "round", round_out_of_order: "round", round_already_recorded: "round",
    negative_value: "value", value_above_house_limit: "value", steal_without_boo_yah: "boo_yah", steal_incomplete: "stolen_from",
    cannot_steal_from_self: "stolen_from", duplicate_seat: "order",
  };

  // `onSend(payload)` instead of recording the event (an amend wraps it first).
  function genericForm(type, prefill, { title, onSend, submitLabel } = {}) {
    const schema = (S.game.events || {})[type] || { properties: {} };
    const form = h("form", { class: "stack", novalidate: true, dataset: { type } });
    const required = new Set(schema.required || []);
    const fields = Object.entries(schema.properties || {}).map(([name, fs]) => [name, schemaField(name, fs, prefill || {})]);
    const main = MAIN_FIELDS[S.game.name] && (S.game.result_event_types || []).includes(type) ? new Set(MAIN_FIELDS[S.game.name]) : null;
    const isMain = (name) => (main ? main.has(name) || required.has(name) : true);
    const more = fields.filter(([name]) => !isMain(name));
    add(form, h("h2", { text: title || humanize(type) }),
      fields.filter(([name]) => isMain(name)).map(([, f]) => f.el),
      more.length ? h("details", { class: "more" }, h("summary", { text: _("More") }), more.map(([, f]) => f.el)) : null,
      schema.description ? h("details", { class: "muted" }, h("summary", { text: _("About this entry") }), h("p", { text: schema.description })) : null,
      submitRow(form, submitLabel || _("Record"), () => {
        const payload = {};
        for (const [name, f] of fields) {
          const v = f.get();
          if (v === null && !required.has(name)) continue;
          if (Array.isArray(v) && !v.length && !required.has(name)) continue;
          if (v === false && !required.has(name)) continue;
          if (Array.isArray(v) && v.every((x) => x === null) && !required.has(name)) continue;
          payload[name] = v;
        }
        if (onSend) onSend(payload, form);
        else record(type, payload, { from: form, onError: (e) => fieldError(form, e, FIELD_OF) });
      }));
    return form;
  }

  // ---------------------------------------------------------------- card by card
  const RANKS = { thousand: ["A", "T", "K", "Q", "J", "9"] };
  const ALL_RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

  // The trick on the table, wherever the game's summary keeps it.
  function currentTrick() {
    const s = S.summary;
    for (const holder of [s, s.current_deal, s.hand_in_play, s.deal, s.current_round, s.table]) {
      if (holder && typeof holder === "object" && !Array.isArray(holder)) {
        const t = holder.trick || holder.current_trick;
        if (t) return { trick: t, holder };
      }
    }
    return { trick: null, holder: s.current_deal || s.hand_in_play || s.deal || s.current_round || null };
  }

  function actionLabel(a) {
    const who = typeof a.seat === "number" ? S.players[a.seat] : null;
    const to = typeof a.to === "number" ? " → " + S.players[a.to] : "";
    return `${label(a.type)}${who ? " — " + who : ""}${to}${a.kind ? " (" + valueLabel(a.kind) + ")" : ""}`;
  }

  // ---------------------------------------------------------------- claims (docs/claims.md, service section)
  // A claim is posted to /matches/{id}/claims/ through the outbox; the verdict is read back from the
  // match summary's `claims` (the record), and a check the server could not finish in the request
  // (202) is polled until it is done.
  const CLAIM_KINDS = {
    hearts: ["all_tricks", "at_least", "no_more_points"], thousand: ["all_tricks", "at_least", "contract"], bourre: ["all_tricks", "at_least"],
  };
  const CLAIM_KIND_LABELS = {
    all_tricks: _("All the remaining tricks"), at_least: _("At least N of the remaining tricks"),
    no_more_points: _("No more points"), contract: _("The contract is made"),
  };

  function claimText(c) {
    const name = S.players[c.seat] ?? c.seat;
    if (c.kind === "at_least") return fmt(ngettext("%(name)s claims at least %(count)s trick", "%(name)s claims at least %(count)s tricks", c.tricks || 0), { name, count: c.tricks || 0 });
    return fmt(_("%(name)s claims: %(kind)s"), { name, kind: CLAIM_KIND_LABELS[c.kind] || humanize(c.kind) });
  }

  function claimAnswered(result) {
    if (!result) return;
    if (result.status === "pending" && result.poll) {
      S.checking = S.checking || {};
      S.checking[result.claim] = result.poll;
      pollClaim(result.claim);
    }
  }

  async function pollClaim(id) {
    S.lastKey = null;
    renderAll();
    for (let i = 0; i < 600; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      let c;
      try { c = await API.claimPoll(S.checking[id]); } catch (e) { if (e.status >= 400 && e.status < 500) break; continue; }
      if (c && c.status !== "pending") break;
      if ((S.claims || []).some((x) => x.claim === id && x.verdict)) break; // the record already shows it
    }
    delete S.checking[id];
    await refresh(true);
    S.lastKey = null;
    renderAll();
  }

  // The claim of the hand in play (made after its deal), if any.
  function currentClaim() {
    const claims = S.claims || [];
    if (!claims.length) return null;
    const c = claims[claims.length - 1];
    const voided = voidedMap();
    const deals = (S.events || []).filter((ev) => ev.type === "deal" && !voided.has(ev.seq)).map((ev) => ev.seq);
    const lastDeal = deals.length ? Math.max(...deals) : 0;
    return (c.at_seq ?? c.seq) >= lastDeal ? c : null;
  }

  // Cards as the record writes them ("10H", "Q♠") in the picker's notation ("TH", "QS").
  const SUIT_LETTERS = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  const normCard = (c) => String(c).trim().toUpperCase().replace(/^10/, "T").replace(/[♠♥♦♣]$/, (m) => SUIT_LETTERS[m]);

  // The seats that take part in the hand being played (Thousand: not the dealer who sits out;
  // Bourré: those who stayed in), else every seat.
  function activeSeats() {
    const { holder } = currentTrick();
    const active = holder && Array.isArray(holder.active) ? holder.active.filter((x) => typeof x === "number") : null;
    return active && active.length ? active : S.players.map((_x, i) => i);
  }

  // The game events that count, in order, each in its corrected form (voided ones skipped).
  function countingEvents() {
    const voided = voidedMap();
    const amended = amendedMap();
    const out = [];
    for (const ev of S.events) {
      if (NOT_CORRECTABLE.has(ev.type) || voided.has(ev.seq)) continue;
      const fix = amended.get(ev.seq);
      out.push(fix ? { type: fix.payload.type, payload: fix.payload.payload || {} } : { type: ev.type, payload: ev.payload || {} });
    }
    return out;
  }

  // The hands of the hand being played as the record tells them, when its deal gave them and the
  // engine's summary does not (Thousand): the dealt hands, the talon taken, the cards given,
  // discarded and played. A seat whose cards the record loses track of is unknown (null).
  function handsFromRecord() {
    let hands = null;
    let talon = null;
    const drop = (seat, card) => {
      if (!hands || !hands[seat]) return;
      const at = hands[seat].indexOf(normCard(card));
      if (at >= 0) hands[seat].splice(at, 1); else hands[seat] = null;
    };
    for (const { type, payload: p } of countingEvents()) {
      if (type === "deal") {
        hands = Array.isArray(p.hands) && p.hands.length === S.players.length ? p.hands.map((x) => (Array.isArray(x) ? x.map(normCard) : null)) : null;
        talon = Array.isArray(p.talon) ? p.talon.map(normCard) : null;
        continue;
      }
      if (!hands || typeof p.seat !== "number") continue;
      if (type === "take_talon") {
        const cards = Array.isArray(p.cards) ? p.cards.map(normCard) : talon;
        if (hands[p.seat] && cards) hands[p.seat].push(...cards); else hands[p.seat] = null;
      } else if (type === "give_card") {
        if (typeof p.card === "string" && hands[p.seat] && typeof p.to === "number") {
          drop(p.seat, p.card);
          if (hands[p.to]) hands[p.to].push(normCard(p.card));
        } else {
          hands[p.seat] = null;
          if (typeof p.to === "number") hands[p.to] = null;
        }
      } else if (type === "discard" && Array.isArray(p.cards)) p.cards.forEach((c) => drop(p.seat, c));
      else if ((type === "play_card" || type === "play") && typeof p.card === "string") drop(p.seat, p.card);
      else if (["draw", "retract_card", "recall", "pass_cards", "exchange"].includes(type)) hands[p.seat] = null;
    }
    return hands || S.players.map(() => null);
  }

  // The cards recorded as played in the hand being played: the game events since its deal, each in
  // its corrected form, voided ones skipped, a card taken back returned to its hand.
  function playedThisHand() {
    const plays = [];
    for (const { type, payload: p } of countingEvents()) {
      if (type === "deal") plays.length = 0;
      else if ((type === "play_card" || type === "play") && typeof p.card === "string") plays.push([p.seat, normCard(p.card)]);
      else if (type === "retract_card" || type === "recall") {
        for (let i = plays.length - 1; i >= 0; i -= 1) if (plays[i][0] === p.seat) { plays.splice(i, 1); break; }
      }
    }
    return new Set(plays.map(([, c]) => c));
  }

  // The cards a claimant may lay down: their remaining hand when the record knows it, else every
  // card of the pack not yet seen played and not known to be in another hand.
  function claimableCards(seat) {
    const { holder } = currentTrick();
    const perSeat = (key) => {
      const v = holder && holder[key];
      if (Array.isArray(v) && v.length === S.players.length) return v.map((x) => (Array.isArray(x) ? x.map(normCard) : null));
      if (v && typeof v === "object" && !Array.isArray(v)) return S.players.map((_x, i) => (Array.isArray(v[i]) ? v[i].map(normCard) : null));
      return S.players.map(() => null);
    };
    const hands = perSeat("hands");
    const shown = perSeat("hands_known");
    // The engine's summary first; else the record's own account of the hands (Thousand).
    const recorded = hands.every((x) => x === null) && shown.every((x) => x === null) ? handsFromRecord() : S.players.map(() => null);
    const known = hands[seat] || shown[seat] || recorded[seat];
    if (known) return [...known].sort(byDeckOrder);
    const elsewhere = new Set();
    for (const list of [hands, shown, recorded, perSeat("known_cards")]) list.forEach((cards, s) => { if (s !== seat && cards) cards.forEach((c) => elsewhere.add(c)); });
    const removed = new Set((holder && Array.isArray(holder.removed) ? holder.removed : []).map(normCard));
    const played = playedThisHand();
    return deckOf().filter((c) => !played.has(c) && !elsewhere.has(c) && !removed.has(c));
  }

  function deckOf() {
    const deck = [];
    for (const suit of ["S", "H", "C", "D"]) for (const r of RANKS[S.game.name] || ALL_RANKS) deck.push(r + suit);
    return deck;
  }
  const byDeckOrder = (a, b) => { const d = deckOf(); return d.indexOf(a) - d.indexOf(b); };

  function claimForm(play) {
    const kinds = CLAIM_KINDS[S.game.name] || [];
    let kind = kinds[0];
    const laid = [];
    const form = h("form", { class: "stack", id: "claim-form" });
    const active = activeSeats();
    const grid = h("div", { class: "cards", id: "claim-cards" });
    // Only the claimant's possible cards are offered; another claimant, another choice.
    const paintCards = (seat) => {
      const cards = claimableCards(seat);
      for (let i = laid.length - 1; i >= 0; i -= 1) if (!cards.includes(laid[i])) laid.splice(i, 1);
      grid.replaceChildren(...cards.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": String(laid.includes(c)), onclick: (e) => {
        const at = laid.indexOf(c);
        if (at >= 0) laid.splice(at, 1); else laid.push(c);
        e.currentTarget.setAttribute("aria-pressed", String(laid.includes(c)));
      } }, cardLabel(c))));
    };
    const seats = seatButtons("claim_seat", { value: play.seat, only: active, onChange: (seat) => paintCards(seat ?? play.seat) });
    const tricks = stepper("claim-tricks", { min: 1, max: { thousand: 8, bourre: 5 }[S.game.name] || 13, value: 1, label: _("Tricks") });
    const tricksRow = h("div", { class: "stack", dataset: { field: "tricks" } }, h("span", { class: "muted", text: _("Tricks") }), tricks);
    const kindSeg = h("div", { class: "seg", role: "radiogroup", dataset: { field: "kind" } });
    const paint = () => {
      $$("button", kindSeg).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
      tricksRow.hidden = kind !== "at_least";
    };
    for (const k of kinds) kindSeg.append(h("button", { type: "button", dataset: { kind: k }, onclick: () => { kind = k; paint(); } }, CLAIM_KIND_LABELS[k]));
    paintCards(play.seat);
    form.append(
      h("span", { class: "muted", text: _("Who claims") }), seats,
      h("span", { class: "muted", text: _("What is claimed") }), kindSeg, tricksRow,
      h("details", {}, h("summary", { text: _("Cards laid down (optional)") }), grid),
      submitRow(form, _("Claim"), () => {
        const payload = { seat: seats.value ?? play.seat, kind };
        if (kind === "at_least") payload.tricks = parseInt($("#claim-tricks", form).value, 10) || 1;
        if (laid.length) payload.laid_down = [...laid];
        const btn = $("[data-submit]", form);
        btn.disabled = true;
        record("claim", payload, { from: form, endpoint: "claims", onError: (e) => { btn.disabled = false; toast(errorText(e), 6000); } });
      }));
    paint();
    return h("details", { class: "card", dataset: { action: "claim" } }, h("summary", { text: _("Claim the rest") }), form);
  }

  function claimBox(c) {
    const status = c.verdict || c.status;
    const line = Array.isArray(c.counter_line) ? c.counter_line : [];
    const bySeat = new Map();
    for (const p of line) {
      if (!bySeat.has(p.seat)) bySeat.set(p.seat, []);
      bySeat.get(p.seat).push(p.card);
    }
    const parts = [
      h("strong", { dataset: { verdict: status || "" }, text: fmt(_("Claim: %(verdict)s"), { verdict: valueLabel(status) }) }),
      h("p", { text: claimText(c) }),
    ];
    if (c.laid_down && c.laid_down.length) parts.push(h("p", { class: "muted", text: _("Cards laid down") + ": " + c.laid_down.map(cardLabel).join(" ") }));
    if (c.reason && status !== "holds") parts.push(h("p", { class: "muted reason", text: c.reason }));
    if (status === "fails" && bySeat.size) {
      parts.push(h("p", { text: _("Line that beats it:") }), h("dl", { class: "counter-line", id: "counter-line" },
        [...bySeat.entries()].flatMap(([seat, cards]) => [
          h("dt", { text: S.players[seat] ?? seat }),
          h("dd", { dataset: { seat } }, cards.map((card) => h("span", { class: "cardface" + (cardRed(card) ? " suit-h" : ""), text: cardLabel(card) + " " }))),
        ])));
    }
    if (c.settled) parts.push(h("p", { class: "settled", text: _("The hand is settled.") }));
    if (c.accepted) parts.push(h("p", { text: fmt(_("Accepted by %(name)s"), { name: S.players[c.accepted_by] ?? c.accepted_by }) }));
    if (!c.accepted && !c.settled && typeof c.claim === "number" && !(S.summary && S.summary.finished)) {
      // Only the players of this hand accept, and never the claimant.
      const others = activeSeats().filter((i) => i !== c.seat);
      parts.push(h("div", { class: "actions", id: "claim-accept" }, others.map((seat) => h("button", { type: "button", class: "ghost", dataset: { seat }, onclick: async (e) => {
        e.currentTarget.disabled = true;
        try { await API.claimAccept(c.claim, seat); } catch (err) { toast(errorText(err), 6000); }
        await refresh(true);
        S.lastKey = null;
        renderAll();
      } }, fmt(_("Accept — %(name)s"), { name: S.players[seat] })))));
    }
    return h("div", { class: "card", id: "claim-verdict", dataset: { status: status || "" } }, parts);
  }

  // `single`: the event names one card (`card`, e.g. a Thousand card given from a known hand).
  function cardChooser(a, payload, { single } = {}) {
    const chosen = [];
    const need = single ? 1 : typeof a.count === "number" ? a.count : null;
    const send = h("button", { type: "button", class: "big", disabled: true, dataset: { send: a.type, seat: a.seat ?? "", to: a.to ?? "" } }, actionLabel(a));
    const grid = h("div", { class: "cards" }, a.cards.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, "aria-pressed": "false", onclick: (e) => {
      const at = chosen.indexOf(c);
      if (at >= 0) chosen.splice(at, 1);
      else if (single) { chosen.splice(0, chosen.length, c); $$("button[data-card]", grid).forEach((b) => b.setAttribute("aria-pressed", "false")); }
      else if (need === null || chosen.length < need) chosen.push(c);
      e.currentTarget.setAttribute("aria-pressed", String(chosen.includes(c)));
      send.disabled = need !== null && chosen.length !== need;
    } }, cardLabel(c))));
    send.addEventListener("click", () => {
      send.disabled = true;
      record(a.type, Object.assign({}, payload, single ? { card: chosen[0] } : { cards: [...chosen] }), { onError: (e) => toast(errorText(e), 6000) });
    });
    const hint = need !== null ? fmt(ngettext("Choose %(count)s card", "Choose %(count)s cards", need), { count: need }) : _("Choose the cards");
    return h("div", { class: "card stack chooser", dataset: { action: a.type, seat: a.seat ?? "", to: a.to ?? "" } }, h("strong", { text: actionLabel(a) }), h("p", { class: "muted", text: hint }), grid, send);
  }

  function renderCards() {
    const root = $("#tab-cards");
    if (!S.summary) return;
    const types = Object.keys(S.game.events || {});
    const resultTypes = new Set(S.game.result_event_types || []);
    const play = S.legal.find((a) => a.type === "play_card" || (a.type === "play" && Array.isArray(a.cards)));
    const parts = [];
    const { trick, holder } = currentTrick();
    const next = toAct();
    if (next !== null && next !== undefined) parts.push(h("p", { class: "chip", dataset: { toAct: next }, text: fmt(_("%(name)s to play"), { name: S.players[next] }) }));
    if (holder && (holder.trump || holder.contract)) {
      parts.push(h("p", { class: "status" },
        holder.contract ? h("span", { class: "chip" }, _("Contract") + ": ", h("strong", { text: holder.contract })) : null,
        holder.declarer !== undefined && holder.declarer !== null ? h("span", { class: "chip" }, _("Declarer") + ": ", h("strong", { text: S.players[holder.declarer] })) : null,
        holder.trump ? h("span", { class: "chip" }, _("Trump") + ": ", h("strong", { class: cardRed(holder.trump) ? "suit-h" : null, text: SUITS[holder.trump] || holder.trump })) : null));
    }
    if (trick) {
      const plays = Array.isArray(trick) ? trick : trick.plays || trick.cards || [];
      // Plain cards are played in turn from the leader, to the left, skipping who sits out.
      const order = [];
      if (typeof trick.leader === "number") {
        const active = Array.isArray(holder && holder.active) ? holder.active : S.players.map((_x, i) => i);
        for (let k = 0, seat = trick.leader; k < S.players.length * 2 && order.length < plays.length; k += 1, seat = (seat + 1) % S.players.length) {
          if (active.includes(seat)) order.push(seat);
        }
      }
      parts.push(h("div", { class: "trick", id: "trick", "aria-label": _("Current trick") }, plays.map((p, i) => {
        const card = typeof p === "string" ? p : p.card || (Array.isArray(p.cards) ? p.cards.join(" ") : "");
        const seat = typeof p === "object" ? p.seat : order[i] ?? null;
        return h("div", { class: "played" }, h("div", { class: cardRed(card) ? "suit-h" : null, text: String(card).split(" ").map(cardLabel).join(" ") }), h("small", { text: seat !== null && seat !== undefined ? S.players[seat] : "" }));
      })));
    }
    if (play) {
      const legalCards = (play.cards || []).map(String);
      const deck = [];
      for (const suit of ["S", "H", "C", "D"]) for (const r of RANKS[S.game.name] || ALL_RANKS) deck.push(r + suit);
      const others = deck.filter((c) => !legalCards.includes(c));
      const pick = (c) => {
        $$("#quick-actions button, #other-cards button, #legal-cards button").forEach((b) => { b.disabled = true; });
        record(play.type, { seat: play.seat, card: c }, { onError: (e) => toast(errorText(e), 6000) });
      };
      parts.push(h("h2", { text: fmt(_("%(name)s plays a card"), { name: S.players[play.seat] }) }));
      if (legalCards.length) {
        parts.push(h("p", { class: "muted", text: _("Legal cards") }), h("div", { class: "cards", id: "legal-cards" }, legalCards.map((c) => h("button", { type: "button", class: "legal" + (cardRed(c) ? " red" : ""), dataset: { card: c }, onclick: () => pick(c) }, cardLabel(c)))));
      }
      const otherGrid = h("div", { class: "cards", id: "other-cards" }, others.map((c) => h("button", { type: "button", class: cardRed(c) ? "red" : null, dataset: { card: c }, onclick: () => pick(c) }, cardLabel(c))));
      if (play.hand_known === true) { /* the hand is known: only its legal cards can be played */ }
      else if (legalCards.length) parts.push(h("details", {}, h("summary", { text: _("Other cards (hand not known)") }), otherGrid));
      else parts.push(h("p", { class: "muted", text: _("Hands are not known: tap the card that was played.") }), otherGrid);
    }
    // Every other action the engine says may be recorded now (deal, bids, passes, talon, claims …):
    // one tap when the engine already gave every required field, else a short form.
    const other = S.legal.filter((a) => a !== play && !resultTypes.has(a.type));
    const buttons = [];
    for (const a of other) {
      const schema = (S.game.events || {})[a.type] || { properties: {}, required: [] };
      const prefill = Object.assign({}, a);
      // A list field the engine describes by a number (how many cards to reveal …) is still to be filled in.
      for (const [k, v] of Object.entries(prefill)) if (!Array.isArray(v) && unwrap((schema.properties || {})[k])[0].type === "array") delete prefill[k];
      if ("amount" in (schema.properties || {}) && prefill.amount === undefined && typeof a.min === "number") prefill.amount = a.min;
      const missing = (schema.required || []).filter((k) => prefill[k] === undefined || prefill[k] === null);
      const payload = {};
      for (const k of Object.keys(schema.properties || {})) if (prefill[k] !== undefined && prefill[k] !== null && !Array.isArray(prefill[k])) payload[k] = prefill[k];
      const props = schema.properties || {};
      if (Array.isArray(a.cards) && a.cards.length && ("cards" in props || "card" in props) && a.type !== "play_card") {
        // Choose cards from the known hand (a pass of three, a discard, the card given …).
        parts.push(cardChooser(a, payload, { single: !("cards" in props) }));
        continue;
      }
      if (!missing.length && !("amount" in props)) {
        const optional = Object.keys(props).filter((k) => prefill[k] === undefined || prefill[k] === null);
        if (optional.length) {
          // The same action with its optional details (the dealt hands, the talon cards …).
          parts.push(h("details", { class: "card", dataset: { action: a.type, detail: "1" } }, h("summary", { text: fmt(_("%(action)s, with details"), { action: actionLabel(a) }) }),
            genericForm(a.type, prefill, { title: actionLabel(a) })));
        }
        buttons.push(h("button", { type: "button", class: "ghost", dataset: { action: a.type, seat: a.seat ?? "", to: a.to ?? "" }, onclick: () => {
          // One tap, one entry: the buttons come back with the engine's next legal actions.
          $$("#quick-actions button, #other-cards button, #legal-cards button").forEach((b) => { b.disabled = true; });
          record(a.type, payload, { onError: (e) => toast(errorText(e), 6000) });
        } }, actionLabel(a)));
      } else {
        parts.push(h("details", { class: "card", dataset: { action: a.type }, open: a.type === "bid" ? true : null }, h("summary", { text: actionLabel(a) }), genericForm(a.type, prefill, { title: actionLabel(a) })));
      }
    }
    if (buttons.length) parts.push(h("div", { class: "actions", id: "quick-actions" }, buttons));
    if (play && CLAIM_KINDS[S.game.name] && !(S.summary && S.summary.finished)) parts.push(claimForm(play));
    if (Object.keys(S.checking || {}).length) parts.push(h("p", { class: "card", id: "claim-checking", role: "status", text: _("Checking the claim…") }));
    const claim = currentClaim();
    if (claim) parts.push(claimBox(claim));
    const nonResult = types.filter((t) => !resultTypes.has(t) && !["void", "amend"].includes(t));
    if (!parts.length) parts.push(h("p", { class: "muted", text: nonResult.length ? _("Nothing to record card by card right now.") : _("This game is recorded by result entry only.") }));
    root.replaceChildren(...parts);
  }

  // ---------------------------------------------------------------- share: code, QR, rules
  function renderShare() {
    const code = S.match.join_code || "";
    const link = `${location.origin}/join/${code}/`;
    $("#join-code").textContent = code;
    const a = $("#join-link");
    a.href = link;
    a.textContent = link;
    if (window.qrcode && code) {
      const qr = window.qrcode(0, "M");
      qr.addData(link);
      qr.make();
      $("#qr").innerHTML = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
    }
    const docs = Object.fromEntries(((S.game && S.game.variants) || []).map((v) => [v.key, v]));
    const rules = $("#rules");
    rules.replaceChildren(...Object.entries(S.match.variants || {}).flatMap(([k, v]) => [
      h("dt", { text: `${humanize(k)}: ${Array.isArray(v) ? v.join(" ") : v}` }), h("dd", { text: (docs[k] && docs[k].doc) || "" })]));
  }

  // ---------------------------------------------------------------- boot
  initChrome();
  const page = { home: pageHome, new: pageNew, join: pageJoin, table: pageTable }[body.dataset.page];
  if (page) page().catch((e) => { console.error(e); toast(errorText(e)); });
  window.Companion = { S, Outbox, API, flush, renderAll };
})();
