// Join a table by its code (and, when asked, by choosing a free seat).
import { $, clearErrors, h, showError } from "../dom.js";
import { errorText } from "../errors.js";
import { _, fmt } from "../i18n.js";
import { API, requireSignIn } from "../session.js";

function seatChoice(form, e, go) {
  const free = e.params.free_seats || [];
  const names = e.params.free_seat_names || e.params.names || {};
  let box = $("#seat-choice");
  if (!box) { box = h("div", { id: "seat-choice", class: "seg" }); $("#join-go").before(h("p", { text: _("Which seat is yours?") }), box); }
  box.replaceChildren(...free.map((s, i) => h("button", { type: "button", dataset: { seat: s }, onclick: () => go(s) },
    (Array.isArray(names) ? names[i] : names[s]) || fmt(_("Seat %(n)s"), { n: s + 1 }))));
  if (!free.length) showError(form, "code", _("Every seat at this table is taken."));
}

export async function start() {
  if (!requireSignIn()) return;
  const form = $("#join-form");
  async function go(seat) {
    clearErrors(form);
    const code = $("#join-code").value.trim().toUpperCase();
    if (!code) return;
    try {
      const match = await API.join(code, seat);
      location.href = `/m/${match.id || match.match_id}/`;
    } catch (e) {
      if (e.code === "seat_required") seatChoice(form, e, go);
      else showError(form, "code", errorText(e));
    }
  }
  form.addEventListener("submit", (ev) => { ev.preventDefault(); go(); });
  if (document.body.dataset.code) go();
}
