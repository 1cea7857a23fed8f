// Your account: a guest keeps their matches with a name and a password; an account changes its
// password, its colour and initials, downloads its data or is deleted (docs/people.md).
import { $, clearErrors, confirmDialog, showError, toast } from "../dom.js";
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
  if (!me.is_guest) wireAccount(me);
  $("#download").addEventListener("click", () => download().catch((e) => toast(errorText(e))));
  onSubmit($("#delete-form"), async (data) => {
    const ok = await confirmDialog(_("Delete your account? Your matches stay, under the name you chose."), _("Delete"));
    if (!ok) return;
    await API.deleteAccount(data.get("password") || "", data.get("name") || "");
    saved.del("token");
    location.href = "/";
  });
}
