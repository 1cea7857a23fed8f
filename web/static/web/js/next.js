// Where the start page goes after signing in: `?next=` only when it is a path on this site.
// Issue 24: `/?next=//evil.example/phish` led a guest to evil.example (a check of startsWith("/")
// alone). "/x" is a path here; "//x" is another host, "/\x" is read by browsers as "//x", a tab or
// newline is dropped by them ("/\t/x" becomes "//x"), and "https:", "javascript:" are schemes.
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

export function sameOriginPath(next, origin = globalThis.location ? globalThis.location.origin : "http://localhost") {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || UNSAFE.test(next)) return "/";
  let url;
  try { url = new URL(next, origin); } catch { return "/"; }
  // the parser's last word: whatever the string, it must resolve to this origin
  return url.origin === origin ? url.pathname + url.search + url.hash : "/";
}
