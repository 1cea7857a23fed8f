// Issue 24: the start page's `next` accepts only same-origin paths (no open redirect).
import assert from "node:assert/strict";
import { test } from "node:test";

import { sameOriginPath } from "../../../web/static/web/js/next.js";

const HERE = "https://companion.example";

test("a path on this site is kept, with its query and fragment", () => {
  assert.equal(sameOriginPath("/leagues/3/", HERE), "/leagues/3/");
  assert.equal(sameOriginPath("/t/12?tab=log#end", HERE), "/t/12?tab=log#end");
});

for (const bad of [
  "//evil.example/phish",
  "/\\evil.example/phish",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "evil.example",
  "",
  null,
  undefined,
  42,
]) {
  test(`${JSON.stringify(bad)} goes home, not elsewhere`, () => {
    assert.equal(sameOriginPath(bad, HERE), "/");
  });
}
