// A player's colour and initials (docs/people.md, Recognisable players): the API gives both for every
// player (chosen, or derived from the id and the name). Decorative: the name is always beside it.
import { h } from "./dom.js";

export function badge(player) {
  if (!player || !player.initials) return null;
  const el = h("span", { class: "badge", "aria-hidden": "true", text: player.initials });
  el.style.background = player.colour; // through the CSSOM: the CSP refuses style attributes
  return el;
}
