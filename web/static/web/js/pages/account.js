// Your account: a guest keeps their matches with a name and a password; an account changes its
// password, its colour and initials, downloads its data or is deleted (docs/people.md).
import { $, clearErrors, confirmDialog, h, showError, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _ } from "../i18n.js";
import { API, requireSignIn } from "../session.js";
import { saved } from "../store.js";

function signedInAs(answer) {
  saved.set("token", answer.token);
  saved.set("username", answer.username || "");
  saved.del("guest_expired");
}

function onSubmit(form, handler) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    try { await handler(new FormData(form)); } catch (e) { showError(form, form.id, errorText(e)); }
  });
}

async function download() {
  const response = await API.myData();
  if (!response.ok) throw new Error(_("The download did not work. Try again."));
  const url = URL.createObjectURL(await response.blob());
  const a = Object.assign(document.createElement("a"), { href: url, download: "companion-data.zip" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function wireAccount(me) {
  $("#account-name").textContent = me.username;
  onSubmit($("#password-form"), async (data) => {
    await API.passwordChange(data.get("old_password"), data.get("new_password"));
    $("#password-form").reset();
    toast(_("Password changed. Other phones are signed out."));
  });
  onSubmit($("#badge-form"), async (data) => {
    const badge = await API.badge(data.get("colour") || "", data.get("initials") || "");
    toast(_("Saved."));
    $("#badge-preview").textContent = badge.initials;
    $("#badge-preview").style.background = badge.colour;
  });
}

// "That Bea was me": ask to merge a name-only player into yours; confirm or refuse what others ask
// of the names you recorded (docs/people.md, One player per person).
async function wireClaims() {
  const [players, asked] = await Promise.all([API.players(), API.call("merges")]);
  const names = players.filter((p) => !p.has_account);
  $("#claims").hidden = false;
  $("#claim-player").replaceChildren(...names.map((p) => h("option", { value: p.id, text: p.name })));
  onSubmit($("#claim-form"), async () => {
    await API.call("merges", { method: "POST", json: { player: Number($("#claim-player").value) } });
    toast(_("Asked. The recorder of those matches or a league admin confirms."));
  });
  const answer = (m, how, li) => API.call(`merges/${m.id}/${how}`, { method: "POST", json: {} })
    .then(() => { li.remove(); toast(_("Saved.")); }).catch((e) => toast(errorText(e)));
  $("#to-confirm").replaceChildren(...asked.map((m) => {
    const li = h("li", { class: "row" }, h("span", { class: "grow", text: `${m.player_name} → ${m.into_name}` }));
    li.append(h("button", { type: "button", text: _("Confirm"), onclick: () => answer(m, "confirm", li) }),
      h("button", { type: "button", class: "ghost", text: _("Refuse"), onclick: () => answer(m, "refuse", li) }));
    return li;
  }));
}

export async function start() {
  if (!requireSignIn()) return;
  let expired = !!saved.get("guest_expired", false);
  let me = { is_guest: true, username: "" };
  if (!expired) {
    try { me = await API.account(); } catch (e) { if (e.code !== "guest_token_expired") throw e; expired = true; }
  }
  $("#guest-expired").hidden = !expired;
  $("#upgrade").hidden = !me.is_guest;
  $("#account").hidden = me.is_guest;
  onSubmit($("#upgrade-form"), async (data) => {
    signedInAs(await API.upgrade({ username: data.get("username") || "", email: data.get("email") || "", password: data.get("password") }));
    toast(_("Your matches are now kept with your account."));
    location.href = "/";
  });
  if (!me.is_guest) { wireAccount(me); wireClaims().catch(() => null); }
  $("#download").addEventListener("click", () => download().catch((e) => toast(errorText(e))));
  onSubmit($("#delete-form"), async (data) => {
    const ok = await confirmDialog(_("Delete your account? Your matches stay, under the name you chose."), _("Delete"));
    if (!ok) return;
    await API.deleteAccount(data.get("password") || "", data.get("name") || "");
    saved.del("token");
    location.href = "/";
  });
}
