// A new password from a reset link (/account/reset/#uid=…&token=…: the fragment never reaches a
// server log or a Referer).
import { $, clearErrors, showError, toast } from "../dom.js";
import { errorText } from "../errors.js";
import { _ } from "../i18n.js";
import { API } from "../session.js";

export async function start() {
  const params = new URLSearchParams(location.hash.slice(1));
  const form = $("#reset-form");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearErrors(form);
    try {
      await API.resetConfirm(params.get("uid") || "", params.get("token") || "", $("#reset-pass").value);
      toast(_("Password changed. Sign in with the new one."));
      location.href = "/";
    } catch (e) { showError(form, "reset", errorText(e)); }
  });
}
