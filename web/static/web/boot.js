// Runs in <head> before the page paints (no inline scripts: the Content-Security-Policy allows only
// scripts from this site). The saved theme, then the language switch that submits when changed.
try { var t = localStorage.getItem("companion.theme"); if (t) document.documentElement.dataset.theme = t; } catch (e) {}
document.addEventListener("DOMContentLoaded", function () {
  var select = document.getElementById("language");
  if (select && select.form) select.addEventListener("change", function () { select.form.submit(); });
  document.querySelectorAll("a[data-back]").forEach(function (a) {
    a.addEventListener("click", function (ev) { if (history.length > 1) { ev.preventDefault(); history.back(); } });
  });
});
