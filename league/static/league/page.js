// The league and player pages (rendered by the server): the theme switch as on the table, and the
// phone's sign-in: a page that found no session asks the API for one with the phone's token
// (POST /api/v1/auth/session, api/auth_session.py) and shows itself again, now signed in.
document.addEventListener("DOMContentLoaded", function () {
  var theme = document.getElementById("theme");
  if (theme) theme.addEventListener("click", function () {
    var cur = document.documentElement.dataset.theme;
    var dark = cur === "dark" || (cur === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    var next = dark ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    try { localStorage.setItem("companion.theme", next); } catch (e) { /* private mode */ }
  });
  var signin = document.getElementById("signin");
  if (!signin) return;
  var token = null;
  try { token = JSON.parse(localStorage.getItem("companion.token")); } catch (e) { /* none */ }
  var show = function () { signin.hidden = false; document.getElementById("signin-wait").hidden = true; };
  // once per page: a token the server refuses must not reload the page for ever
  if (!token || sessionStorage.getItem("companion.session-tried") === location.pathname) { show(); return; }
  sessionStorage.setItem("companion.session-tried", location.pathname);
  fetch("/api/v1/auth/session", { method: "POST", credentials: "same-origin", headers: { Authorization: "Token " + token, Accept: "application/json" } })
    .then(function (r) { if (r.ok) location.reload(); else show(); })
    .catch(show);
});
