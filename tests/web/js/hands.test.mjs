import { test } from "node:test";
import assert from "node:assert/strict";
import { createHands, handsPayload } from "../../../web/static/web/js/table/hands-model.js";

const DECK = ["AS", "TS", "KS", "QS", "AH", "TH"];

test("a tap gives a card to the seat being filled; a second tap takes it back; a card has one owner", () => {
  const m = createHands([0, 1, 2, "talon"]);
  m.tap("AS", 0);
  m.tap("TS", 0);
  m.tap("TS", 0); // taken back
  m.tap("KS", 1);
  m.tap("KS", 2); // moved to seat 2
  assert.deepEqual([m.cardsOf(0, DECK), m.cardsOf(1, DECK), m.cardsOf(2, DECK)], [["AS"], [], ["KS"]]);
  assert.equal(m.owner("KS"), 2);
  assert.equal(m.count(0), 1);
});

test("the payload: unknown seats as the schema allows, the sitting-out seat [], the talon when given", () => {
  const m = createHands([0, 1, 2, 3, "talon"]);
  m.tap("AS", 1);
  m.tap("AH", "talon");
  assert.deepEqual(handsPayload(m, DECK, { seats: 4, sittingOut: 0, unknown: null, talon: true }), { hands: [[], ["AS"], null, null], talon: ["AH"] });
  assert.deepEqual(handsPayload(m, DECK, { seats: 3, unknown: [] }), { hands: [[], ["AS"], []] });
});
