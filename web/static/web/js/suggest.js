// Name suggestions while a recorder types a seat's name (docs/people.md): the league's members
// first ("Bea — Friday"), then the people they played with. A tap puts that player in the seat (sent
// by id, so one person stays one player); typing on makes it a plain name again.
import { badge } from "./badge.js";
import { h } from "./dom.js";

const WAIT_MS = 180;

// The seat's player as the form sends it: the picked player's id while the name is unchanged.
export function seatRef(input) {
  const picked = input.dataset.player;
  return picked && input.dataset.pickedName === input.value.trim() ? Number(picked) : null;
}

export function attachSuggestions(list, fetchSuggestions) {
  let timer = null;
  let box = null;
  const close = () => { if (box) { box.remove(); box = null; } };
  const show = (input, found) => {
    close();
    const fresh = found.filter((s) => s.name.toLowerCase() !== input.value.trim().toLowerCase() || s.league);
    if (!fresh.length) return;
    box = h("div", { class: "suggest", role: "listbox" }, ...fresh.map((s) => h("button", {
      type: "button", class: "ghost", role: "option", dataset: { player: s.player },
      onclick: () => { input.value = s.name; input.dataset.player = String(s.player); input.dataset.pickedName = s.name; close(); },
    }, badge(s), " ", s.text)));
    input.closest("li").append(box);
  };
  list.addEventListener("input", (ev) => {
    const input = ev.target;
    if (!(input instanceof HTMLInputElement) || input.name !== "player") return;
    clearTimeout(timer);
    const q = input.value.trim();
    if (!q) { close(); return; }
    timer = setTimeout(() => fetchSuggestions(q).then((found) => { if (input.value.trim() === q) show(input, found); }).catch(() => null), WAIT_MS);
  });
}
