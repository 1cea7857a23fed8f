import { test } from "node:test";
import assert from "node:assert/strict";
import { cellMarks, cellWhy, trickValues } from "../../../web/static/web/js/games/thousand-sheet.js";

// One history entry of a three-player table with seat 0's cell built from `marks` (each mark points
// at its explanation line by index, as scoring/thousand/sheet.py sends it).
function entry(score, lines) {
  const explain = lines.map(([code, params, mark, extra]) => ({ code, seat: 0, text: `line ${code}`, params: params || {} }));
  const marks = lines.map(([, , mark, extra], line) => (mark ? { mark, line, ...(extra || {}) } : null)).filter(Boolean);
  return { explain, cells: [{ score, marks, why: { title: { text: "Deal 4, Ann: 0." }, lines: [0], total: { text: "Total after deal 4: 80." } } }] };
}

test("a Rospisat' cell reads Р, with the engine's line as its title", () => {
  assert.deepEqual(cellMarks(entry(0, [["rospisat", {}, "rospisat"]]), 0), [{ kind: "rospisat", symbol: "Р", title: "line rospisat" }]);
});

test("the third bolt draws three strokes; its −120 is the cell's number, so not written twice", () => {
  const e = entry(-120, [["bolt", { number: 3 }, "bolt"], ["bolt_penalty", {}, "fine", { amount: -120 }]]);
  assert.deepEqual(cellMarks(e, 0).map((m) => m.symbol), ["///"]);
});

test("a fine beside another number is written", () => {
  const e = entry(-60, [["fine", {}, "fine", { amount: -120 }]]);
  assert.deepEqual(cellMarks(e, 0).map((m) => [m.kind, m.symbol]), [["fine", "−120"]]);
});

test("the barrel: on, deals left, fell off", () => {
  const on = cellMarks(entry(35, [["barrel_clamp", {}, "barrel_on"]]), 0);
  const left = cellMarks(entry(0, [["barrel_deal", {}, "barrel", { deals_left: 2 }]]), 0);
  const fell = cellMarks(entry(-120, [["barrel_fall", {}, "barrel_fell"]]), 0);
  assert.deepEqual([on, left, fell].map((m) => [m[0].kind, m[0].symbol]), [["barrel", "↑"], ["barrel", "2"], ["barrel", "↓"]]);
});

test("a cell without marks writes nothing; a game without cells gets null from why", () => {
  assert.deepEqual(cellMarks(entry(10, [["defender_points"]]), 0), []);
  assert.equal(cellWhy({ explain: [] }, 0), null);
});

test("why: the heading, that seat's lines, the total", () => {
  assert.deepEqual(cellWhy(entry(0, [["rospisat", {}, "rospisat"]]), 0), { title: "Deal 4, Ann: 0.", lines: ["line rospisat", "Total after deal 4: 80."] });
});

test("tricks are not sent until one is typed; then every asked seat gets a number", () => {
  const field = { seats: [0, 1, 2], fill: 0 };
  assert.equal(trickValues(field, ["", "", ""], 3), null);
  assert.deepEqual(trickValues(field, ["5", "", "3"], 4), [5, 0, 3, 0]);
});
