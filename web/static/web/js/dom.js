// Small DOM helpers: build elements, find them, and the page's toast and dialog.
import { _ } from "./i18n.js";
import { createToaster } from "./pending.js";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const add = (el, ...children) => { el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false)); return el; };
export const $ = (sel, root) => (root || document).querySelector(sel);
export const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

// The page's toast: it leaves after `ms`, and at the next tap or key (an old message never
// stays through the next plays).
let toaster = null;
export function toast(text, ms) {
  const el = $("#toast");
  if (!el) return;
  if (!toaster) {
    toaster = createToaster(el);
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, () => toaster.action(), { capture: true });
  }
  toaster.show(text, ms || 3500);
}

export function dialog(content, { ok } = {}) {
  const dlg = $("#dialog");
  $("#dialog-body").replaceChildren(content);
  const okBtn = $("#dialog-ok");
  okBtn.hidden = !ok;
  if (ok) okBtn.textContent = ok;
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.returnValue = "";
    dlg.showModal();
  });
}

export const confirmDialog = (text, ok) => dialog(h("p", { text }), { ok: ok || _("OK") });

export function showError(root, key, text) {
  const el = $(`[data-error-for="${key}"]`, root) || $('[data-error-for="form"]', root);
  if (el) el.textContent = text; else toast(text);
}

export function clearErrors(root) { $$("[data-error-for]", root).forEach((el) => { el.textContent = ""; }); }
