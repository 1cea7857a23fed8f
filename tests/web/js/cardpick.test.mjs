// The deck grid that enters a hand by tapping cards (forms/cardpick.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardsNeeded, isCardList, pickStatus, pickedValue, toggleCard } from "../../../web/static/web/js/forms/cardpick.js";

const DECK = ["2C", "3C", "AS", "KH", "QH", "JD", "TD"];

test("only a hand field of a game with a deck is picked from the grid", () => {
  assert.equal(isCardList("hand", DECK), true);
  assert.equal(isCardList("hand", []), false);
  assert.equal(isCardList("discarded", DECK), false);
});

test("the engine's draw action says how many cards a hand is (bourre.md §2.6: five)", () => {
  assert.equal(cardsNeeded("hand", { type: "draw", seat: 1, min: 0, max: 5, hand_size: 5 }), 5);
  assert.equal(cardsNeeded("hand", { type: "draw", seat: 1 }), null);
  assert.equal(cardsNeeded("hand", null), null);
});

test("a tap adds a card, a second tap takes it back, and no more than the hand holds are taken", () => {
  let chosen = [];
  for (const c of ["AS", "KH", "QH"]) chosen = toggleCard(chosen, c, 3);
  assert.deepEqual(chosen, ["AS", "KH", "QH"]);
  assert.deepEqual(toggleCard(chosen, "2C", 3), ["AS", "KH", "QH"]); // full: a fourth card is refused
  assert.deepEqual(toggleCard(chosen, "KH", 3), ["AS", "QH"]);
  assert.deepEqual(toggleCard(["AS"], "2C", null), ["AS", "2C"]); // no size given: no limit
});

test("the status counts the cards chosen against the hand", () => {
  assert.deepEqual(pickStatus(["AS", "KH"], 5), { chosen: 2, need: 5, complete: false });
  assert.deepEqual(pickStatus(["AS", "KH", "QH", "JD", "TD"], 5), { chosen: 5, need: 5, complete: true });
  assert.deepEqual(pickStatus([], null), { chosen: 0, need: null, complete: false });
});

test("the value is the cards in deck order, or null when none was tapped", () => {
  assert.deepEqual(pickedValue(["TD", "2C", "AS"], DECK), ["2C", "AS", "TD"]);
  assert.equal(pickedValue([], DECK), null);
});
