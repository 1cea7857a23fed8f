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

test("the last hand nobody tapped is the cards left, when nothing else can be meant", async () => {
  const { lastPlace } = await import("../../../web/static/web/js/table/hands-model.js");
  // Hearts, four players, 52 cards: three hands of 13 tapped, Dan's are the 13 left (52 − 39).
  const deck = ["C", "D", "H", "S"].flatMap((s) => ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"].map((r) => r + s));
  const m = createHands([0, 1, 2, 3]);
  deck.slice(0, 39).forEach((c, i) => m.tap(c, Math.floor(i / 13)));
  const last = lastPlace(m, deck);
  assert.equal(last.place, 3);
  assert.deepEqual(last.cards, deck.slice(39));
  assert.deepEqual(handsPayload(m, deck, { seats: 4 }).hands[3], deck.slice(39));
  // Thousand: three hands of 7 and the talon left: 24 − 21 = 3 cards, fewer than a hand.
  const pack = deck.filter((c) => /^[9TJQKA]/.test(c));
  const t = createHands([0, 1, 2, "talon"]);
  pack.slice(0, 21).forEach((c, i) => t.tap(c, Math.floor(i / 7)));
  assert.deepEqual(handsPayload(t, pack, { seats: 3, talon: true }).talon, pack.slice(21));
  // Two places empty, or hands of different sizes: nothing is guessed.
  const two = createHands([0, 1, 2, 3]);
  deck.slice(0, 26).forEach((c, i) => two.tap(c, Math.floor(i / 13)));
  assert.equal(lastPlace(two, deck), null);
  const odd = createHands([0, 1, 2, 3]);
  deck.slice(0, 38).forEach((c, i) => odd.tap(c, i < 13 ? 0 : i < 26 ? 1 : 2));
  assert.equal(lastPlace(odd, deck), null);
});
