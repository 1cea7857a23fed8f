import { test } from "node:test";
import assert from "node:assert/strict";
import { pointsHelp } from "../../../web/static/web/js/games/hearts-help.js";

// The points field's `card_points` as scoring/hearts/forms.py sends it: rules/hearts.md §1.3 (a heart
// 1, the Q♠ 13) and §3.2 spot hearts (a heart its pips: 2…10, J 11, Q 12, K 13, A 14).
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const hearts = (value) => Object.fromEntries(RANKS.map((r, i) => [`${r}H`, value(i + 2)]));

test("plain hearts: 1 each, the Q♠ 13", () => {
  const field = { card_points: { ...hearts(() => 1), QS: 13 } };
  assert.equal(pointsHelp(field), "Hearts 1 each, Q♠ 13. Leave a player empty for 0.");
});

test("spot hearts: the face cards' pips, from the form", () => {
  const field = { card_points: { ...hearts((pips) => pips), QS: 13 } };
  assert.equal(pointsHelp(field), "Hearts count their pips (J 11, Q 12, K 13, A 14), Q♠ 13. Leave a player empty for 0.");
});

test("the numbers are the engine's, not the phone's: a Q♠ worth 10, hearts 2 each", () => {
  const field = { card_points: { ...hearts(() => 2), QS: 10 } };
  assert.equal(pointsHelp(field), "Hearts 2 each, Q♠ 10. Leave a player empty for 0.");
});

test("a form without card points shows no help line", () => {
  assert.equal(pointsHelp({ count: "plain" }), null);
});
