// The header on every page: light/dark theme, the offline badge, the service worker.
import { $ } from "./dom.js";
import { _ } from "./i18n.js";
import { saved } from "./store.js";

export function initChrome() {
  const btn = $("#theme");
  if (btn) btn.addEventListener("click", () => {
    const cur = document.documentElement.dataset.theme;
    const dark = cur === "dark" || (cur === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    const next = dark ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    // the page's first inline script reads the raw value before any module runs
    try { localStorage.setItem("companion.theme", next); } catch (e) { /* private mode */ }
  });
  const net = $("#net");
  const show = () => { if (net) { net.hidden = navigator.onLine; net.textContent = _("Offline"); } };
  addEventListener("online", show);
  addEventListener("offline", show);
  show();
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* not fatal */ });
  }
  return saved;
}
