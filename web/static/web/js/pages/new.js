// A new match: the game, the players (known names offered), an optional league and the house rules,
// each rule's control built from the games catalogue.
import { $, $$, add, clearErrors, h, showError } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt, ngettext } from "../i18n.js";
import { gameTitle, humanize } from "../format.js";
import { API, requireSignIn } from "../session.js";
import { attachSuggestions, seatRef } from "../suggest.js";
import { saved } from "../store.js";

export function variantControl(v) {
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

// The value to send, or undefined when it is the default (the match keeps only what differs).
export function readVariant(v, input) {
  let value;
  if (v.type === "boolean") value = input.checked;
  else if (v.choices && v.choices.length) value = input.value === "" ? v.default : JSON.parse(input.value);
  else if (v.type === "integer") value = input.value === "" ? null : parseInt(input.value, 10);
  else if (v.type === "list") value = input.value.split(/[\s,]+/).filter(Boolean);
  else value = input.value;
  return JSON.stringify(value) === JSON.stringify(v.default) ? undefined : value;
}

function addPlayer(playersOl, name) {
  const i = playersOl.children.length;
  const input = h("input", { name: "player", list: "known-names", value: name || "", "aria-label": fmt(_("Player %(n)s"), { n: i + 1 }), autocomplete: "off", required: true });
  const li = h("li", {}, h("div", {}, input, h("button", { type: "button", class: "ghost", "aria-label": _("Remove"), onclick: () => li.remove() }, "✕")));
  playersOl.append(li);
  return input;
}

// The players you recently sat with: one tap puts a name in the first empty seat (or a new one);
// a name already seated is not offered twice.
function showRoster(recent) {
  if (!recent.length) return;
  const box = h("div", { class: "roster", role: "group", "aria-label": _("Recent players") });
  const paint = () => {
    const seated = new Set($$("input[name=player]").map((i) => i.value.trim()));
    $$("button", box).forEach((b) => { b.hidden = seated.has(b.dataset.name); });
  };
  const put = (name) => {
    const empty = $$("input[name=player]").find((i) => !i.value.trim());
    (empty || addPlayer($("#players"), "")).value = name;
    paint();
  };
  box.append(...recent.map((p) => h("button", { type: "button", class: "ghost", dataset: { name: p.name }, onclick: () => put(p.name) }, "+ " + p.name)));
  $("#add-player").after(h("p", { class: "muted", text: _("Recent players:") }), box);
  $("#players").addEventListener("input", paint);
  $("#players").addEventListener("click", paint); // (a removed row frees its name)
  paint();
}

function choose(g, me) {
  $$("#games button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.game === g.name)));
  $("#players-hint").textContent = fmt(_("%(min)s to %(max)s players."), { min: g.min_players, max: g.max_players });
  // The usual table, as the engine's catalogue entry says (four for Hearts and Bourré).
  const want = Math.max(g.min_players, Math.min(g.max_players, g.usual_players || g.min_players));
  const playersOl = $("#players");
  while (playersOl.children.length < want) addPlayer(playersOl, playersOl.children.length === 0 ? (me && me.name) || saved.get("me", "") : "");
  $("#variants").replaceChildren(...(g.variants || []).map(variantControl));
  const count = (g.variants || []).length;
  $("#rules-summary").textContent = fmt(ngettext("%(count)s house rule at its usual default — tap to see or change it",
    "%(count)s house rules at their usual defaults — tap to see or change them", count), { count });
}

function showCreateError(form, e) {
  const fields = Object.keys(e.fields || {});
  const key = e.params.key || fields.find((f) => f !== "players" && f !== "game");
  if (e.code === "wrong_player_count" || fields.includes("players")) showError(form, "players", errorText(e));
  else if (key) { $("#rules-fold").open = true; showError(form, "variant:" + key, errorText(e) + (e.message ? ` (${e.message})` : "")); }
  else showError(form, "form", errorText(e));
}

export async function start() {
  if (!requireSignIn()) return;
  const form = $("#new-form");
  let games = [];
  try { games = await API.games(); } catch (e) { showError(form, "form", errorText(e)); return; }
  const known = saved.get("names", []);
  // Players from your leagues and earlier matches: a name that matches exactly one of them is
  // sent as that player's id, so their statistics stay in one place.
  const [players, me, leagues, recent] = await Promise.all([API.players().catch(() => []), API.me().catch(() => null), API.leagues().catch(() => []),
    API.recentPlayers().catch(() => [])]);
  const byName = new Map();
  for (const p of players) byName.set(p.name, byName.has(p.name) ? null : p.id);
  // the roster's players are sent by their id (the one you last sat with, when a name is shared)
  for (const p of recent) byName.set(p.name, p.id);
  if (me) byName.set(me.name, me.id);
  showRoster(recent);
  attachSuggestions($("#players"), API.suggest);
  const names = Array.from(new Set([...(me ? [me.name] : []), ...players.map((p) => p.name), ...known]));
  add(form, h("datalist", { id: "known-names" }, names.map((n) => h("option", { value: n }))));
  let leagueSelect = null;
  if (leagues.length) {
    leagueSelect = h("select", { id: "league", "aria-label": _("League") }, h("option", { value: "", text: _("No league") }), leagues.map((l) => h("option", { value: l.id, text: l.name })));
    $("#players").closest("fieldset").before(h("fieldset", {}, h("legend", { text: _("League") }), leagueSelect));
  }
  const chosen = { game: null };
  const pick = (g) => { chosen.game = g; choose(g, me); };
  $("#games").replaceChildren(...games.map((g) => h("button", { type: "button", dataset: { game: g.name }, "aria-pressed": "false", onclick: () => pick(g) }, gameTitle(g))));
  $("#add-player").addEventListener("click", () => addPlayer($("#players"), "").focus());
  const wanted = new URLSearchParams(location.search).get("game");
  const initial = games.find((g) => g.name === wanted) || games[0];
  if (initial) pick(initial);

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    const game = chosen.game;
    const inputs = $$("input[name=player]", $("#players")).filter((i) => i.value.trim());
    const typed = inputs.map((i) => i.value.trim());
    const variants = {};
    for (const v of game.variants || []) {
      const value = readVariant(v, $(`[data-variant="${v.key}"]`, form));
      if (value !== undefined) variants[v.key] = value;
    }
    $("#create").disabled = true;
    try {
      const data = { game: game.name, players: inputs.map((i) => seatRef(i) || byName.get(i.value.trim()) || i.value.trim()), variants };
      if (leagueSelect && leagueSelect.value) data.league = parseInt(leagueSelect.value, 10);
      const match = await API.createMatch(data);
      saved.set("names", Array.from(new Set([...typed, ...known])).slice(0, 30));
      location.href = `/m/${match.id}/`;
    } catch (e) {
      $("#create").disabled = false;
      showCreateError(form, e);
    }
  });
}
