// The "Share" tab: the table code, its join link as a QR code and the house rules. The QR library
// (56 KB) is loaded only when the tab opens.
import { $, h } from "../dom.js";
import { humanize } from "../format.js";
import { API } from "../session.js";
import { table } from "../store.js";

const S = table.state;

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const el = document.createElement("script");
    el.src = src;
    el.onload = resolve;
    el.onerror = reject;
    document.head.append(el);
  });
}

async function drawQr(link) {
  const box = $("#qr");
  if (!box || box.dataset.link === link) return;
  // The vendored qrcode-generator is a classic script (it defines window.qrcode).
  if (!globalThis.qrcode) await loadScript(document.body.dataset.qr);
  const qr = globalThis.qrcode(0, "M");
  qr.addData(link);
  qr.make();
  box.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
  box.dataset.link = link;
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

function paintRules() {
  const docs = Object.fromEntries(((S.game && S.game.variants) || []).map((v) => [v.key, v]));
  $("#rules").replaceChildren(...Object.entries(S.match.variants || {}).flatMap(([k, v]) => [
    h("dt", { text: `${humanize(k)}: ${Array.isArray(v) ? v.join(" ") : v}` }), h("dd", { text: (docs[k] && docs[k].doc) || "" })]));
}
