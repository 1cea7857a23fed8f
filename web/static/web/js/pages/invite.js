// An invite link (/i/<secret>/): which league it opens, then one tap to join (signed-in phones;
// others sign in or continue as a guest first and come back here).
import { $, h, showError } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
import { API, signedIn } from "../session.js";

export async function start() {
  const secret = document.body.dataset.secret;
  const box = $("#invite");
  let invite;
  try { invite = await API.invite(secret); } catch (e) { showError(box, "invite", errorText(e)); return; }
  $("#invite-league").textContent = invite.league.name;
  if (invite.player_name) $("#invite-as").textContent = fmt(_("You join as %(name)s."), { name: invite.player_name });
  const go = $("#invite-go");
  go.hidden = false;
  if (!signedIn()) {
    go.textContent = _("Sign in to join");
    go.addEventListener("click", () => { location.href = "/?next=" + encodeURIComponent(location.pathname); });
    return;
  }
  go.addEventListener("click", async () => {
    try {
      await API.inviteAccept(secret);
      await API.openSession().catch(() => null);
      location.href = `/leagues/${invite.league.id}/`;
    } catch (e) { showError(box, "invite", errorText(e)); }
  });
  box.append(h("p", { class: "muted", text: _("Joining a league shows your results in its standings.") }));
}
