// The history's line for an entry, read in Russian with the phone's own catalogue
// (web/locale/ru/LC_MESSAGES/djangojs.po): a Thousand deal reads "Итог раздачи: сыграна", the
// outcome not repeated under a second "Итог" label.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const po = readFileSync(new URL("../../../web/locale/ru/LC_MESSAGES/djangojs.po", import.meta.url), "utf8");
const RU = {};
for (const m of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) if (m[2]) RU[m[1]] = m[2];
globalThis.gettext = (s) => RU[s] || s;

const { describeEntry } = await import("../../../web/static/web/js/format.js");
const players = ["Анна", "Борис", "Клара"];

test("a Thousand deal's history line reads naturally in Russian", () => {
  const line = describeEntry("deal_result", { kind: "played", declarer: 1, contract: 120 }, players);
  assert.ok(line.startsWith("Итог раздачи: сыграна — "), line);
  assert.ok(!line.includes("Итог:"), line);
  assert.ok(line.includes("Борис"), line);
});

test("an entry without a kind keeps its fields under their labels", () => {
  assert.equal(describeEntry("deal_result", {}, players), "Итог раздачи");
});
