// The "Share" tab: the table code, its join link as a QR code (../qr.js, loaded only when the tab
// opens) and the house rules.
import { $, h } from "../dom.js";
import { drawQr as drawShared } from "../qr.js";
import { _ } from "../i18n.js";
import { changedRules } from "../rules.js";
import { API } from "../session.js";
import { table } from "../store.js";

const S = table.state;

function drawQr(link) {
  return drawShared($("#qr"), link);
}

// `open`: the tab is being shown (draw the QR code now).
export function renderShare(open) {
  if (!S.match) return;
  const code = S.match.join_code || "";
  const link = `${location.origin}/join/${code}/`;
  $("#join-code").textContent = code;
  const a = $("#join-link");
  a.href = link;
  a.textContent = link;
  if (open && code) drawQr(link).catch(() => { /* the link is still there */ });
  paintRules();
  if (open && S.game && !S.game.variants) {
    // The table loaded its game without the house rules' documentation: fetch it now.
    API.game(S.game.name, document.body.dataset.catalogue).then((full) => {
      if (full) { table.set({ game: { ...S.game, variants: full.variants } }); paintRules(); }
    }).catch(() => { /* the rules' values are shown without their docs */ });
  }
}

// Only the rules this table plays differently, in the reader's language (labels from the catalogue,
// which the API translates); nothing until the catalogue's rules are known.
function paintRules() {
  const known = S.game && S.game.variants;
  const box = $("#rules");
  if (!known) { box.replaceChildren(); return; }
  const changed = changedRules(S.match.variants || {}, known);
  box.replaceChildren(...(changed.length ? changed.flatMap((r) => [
    h("dt", { dataset: { rule: r.key } }, r.label + ": ", h("strong", { text: r.value })), h("dd", { text: r.doc })])
    : [h("dd", { class: "muted", text: _("Every house rule at its usual default.") })]));
}
