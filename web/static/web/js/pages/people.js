// A league's people (/leagues/<id>/people/): members and roles, invite links with their QR code,
// a roster import and merging two names (admins); everyone sees the member list.
import { badge } from "../badge.js";
import { $, clearErrors, h, showError, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
import { drawQr } from "../qr.js";
import { API, requireSignIn } from "../session.js";

const ROLES = () => [["admin", _("admin")], ["recorder", _("recorder")], ["member", _("member")]];


function memberRow(league, m, admin) {
  const role = admin
    ? h("select", { "aria-label": _("Role"), onchange: (ev) => API.roleSet(league, m.player, ev.target.value).then(() => toast(_("Saved."))).catch((e) => { toast(errorText(e)); ev.target.value = m.role; }) },
      ...ROLES().map(([v, t]) => h("option", { value: v, selected: v === m.role, text: t })))
    : h("span", { class: "muted", text: (ROLES().find(([v]) => v === m.role) || [0, m.role])[1] });
  return h("li", { class: "row", dataset: { player: m.player } }, badge(m), h("span", { class: "grow", text: m.name }), role);
}

async function paintMembers(league, admin, known) {
  const ul = $("#members");
  const members = known || await API.roster(league);
  ul.replaceChildren(...members.map((m) => memberRow(league, m, admin)));
  return members;
}

async function newLink(league, form) {
  const data = new FormData(form);
  const maxUses = data.get("max_uses") ? Number(data.get("max_uses")) : null;
  const link = await API.inviteLinkNew(league, { role: data.get("role"), days: Number(data.get("days") || 14), max_uses: maxUses });
  const a = $("#invite-url");
  a.href = link.url;
  a.textContent = link.url;
  $("#invite-out").hidden = false;
  await drawQr($("#invite-qr"), link.url).catch(() => { /* the link is still there */ });
  await paintHistory(league);
}

function wireAdmin(league) {
  $("#admin").hidden = false;
  const linkForm = $("#link-form");
  linkForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    clearErrors(linkForm);
    newLink(league, linkForm).catch((e) => showError(linkForm, "link-form", errorText(e)));
  });
  const roster = $("#roster-form");
  roster.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearErrors(roster);
    try {
      const made = await API.rosterImport(league, $("#roster-csv").value);
      $("#roster-csv").value = "";
      $("#roster-out").replaceChildren(...made.rows.map((r) => h("li", {}, h("a", { href: r.url, text: r.email || r.url }))));
      await paintMembers(league, true).then((m) => fillMerge(m));
      await paintHistory(league);
    } catch (e) { showError(roster, "roster-form", errorText(e)); }
  });
  const merge = $("#merge-form");
  merge.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearErrors(merge);
    try {
      await API.merge(league, Number($("#merge-from").value), Number($("#merge-into").value));
      toast(_("Merged. Standings and ratings follow shortly."));
      await paintMembers(league, true).then((m) => fillMerge(m));
      await paintHistory(league);
    } catch (e) { showError(merge, "merge-form", errorText(e)); }
  });
}

// The league's invite links (revocable) and merges (undoable), newest first.
async function paintHistory(league) {
  const [links, merges] = await Promise.all([API.inviteLinks(league), API.merges(league)]);
  $("#links").replaceChildren(...links.filter((l) => !l.revoked).map((l) => {
    const li = h("li", { class: "row" }, h("span", { class: "grow", text: `${(ROLES().find(([v]) => v === l.role) || [0, l.role])[1]} · ${fmt(_("%(uses)s used"), { uses: l.uses })}` }));
    li.append(h("button", { type: "button", class: "ghost", text: _("Revoke"), onclick: () => API.inviteLinkRevoke(league, l.id).then(() => li.remove()).catch((e) => toast(errorText(e))) }));
    return li;
  }));
  $("#merges").replaceChildren(...merges.map((m) => {
    const li = h("li", { class: "row" }, h("span", { class: "grow", text: `${m.player_name} → ${m.into_name}` }));
    if (m.status === "done") {
      li.append(h("button", { type: "button", class: "ghost", text: _("Undo"), onclick: () => API.unmerge(m.id).then(() => paintHistory(league)).catch((e) => toast(errorText(e))) }));
    } else li.append(h("span", { class: "muted", text: m.status === "undone" ? _("undone") : m.status }));
    return li;
  }));
}

function fillMerge(members) {
  const names = members.filter((m) => !m.has_account);
  for (const id of ["#merge-from", "#merge-into"]) {
    $(id).replaceChildren(...names.map((m) => h("option", { value: m.player, text: m.name })));
  }
}

export async function start() {
  if (!requireSignIn()) return;
  const league = document.body.dataset.league;
  const [members, me] = await Promise.all([API.roster(league), API.me()]);
  const admin = members.some((m) => m.player === me.id && m.role === "admin");
  await paintMembers(league, admin, members);
  if (admin) { wireAdmin(league); fillMerge(members); paintHistory(league).catch(() => null); }
}
