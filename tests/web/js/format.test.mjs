// Formatting: cards, signs, the record's words and the scoreboard's per-seat numbers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardLabel, cardRed, describeValue, normCard, perSeat, runningTotals, signed, valueLabel } from "../../../web/static/web/js/format.js";
import { errorText } from "../../../web/static/web/js/errors.js";

test("cards read as faces, in either notation", () => {
  assert.equal(cardLabel("TH"), "10♥");
  assert.equal(cardLabel("QS"), "Q♠");
  assert.equal(cardLabel("JK"), "🃏");
  assert.equal(normCard("10h"), "TH");
  assert.equal(normCard("Q♠"), "QS");
  assert.equal(cardRed("9D"), true);
  assert.equal(cardRed("9C"), false);
});

test("scores get a + unless lower is better (penalty points)", () => {
  assert.equal(signed(5), "+5");
  assert.equal(signed(-5), "-5");
  assert.equal(signed(0), "0");
  assert.equal(signed(5, { lowerIsBetter: true }), "5");
});

test("a moon choice names the points the engine says it moves", () => {
  assert.equal(valueLabel("add_to_others", { points: 117 }), "+117 to everyone else");
  assert.equal(valueLabel("subtract_from_shooter", { points: 26 }), "−26 for the shooter");
  assert.equal(valueLabel("thrown_in"), "thrown in");
});

test("per-seat numbers: the entry's own scores, else the change of the running totals", () => {
  const history = [{ totals: [13, 5, 4, 4] }, { totals: [39, 5, 30, 30] }];
  assert.deepEqual(perSeat(history, 1, 4), [26, 0, 26, 26]);
  assert.deepEqual(perSeat([{ scores: [1, 2, 3, 4], totals: [9, 9, 9, 9] }], 0, 4), [1, 2, 3, 4]);
  assert.deepEqual(runningTotals({ ledger: [3, -1, -1, -1] }, 4), [3, -1, -1, -1]);
  assert.equal(perSeat([{ totals: [1, 2] }], 0, 4), null); // not one number per seat
});

test("the record's values in words: seats by name, per-seat lists, cards", () => {
  const players = ["Anna", "Ben", "Cleo", "Dan"];
  assert.equal(describeValue("played", [0, 2], players), "Anna Cleo");
  assert.equal(describeValue("tricks", [3, 2, 0, 0], players), "Anna 3, Ben 2, Cleo 0, Dan 0");
  assert.equal(describeValue("declarer", 1, players), "Ben");
  assert.equal(describeValue("up_card", "QS", players), "Q♠");
  assert.equal(describeValue("lo_no", true, players), "yes");
});

test("errors: the phone's own text first, then the service's words, then the server's message", () => {
  assert.equal(errorText({ code: "points_must_total_26", text: "Penalty points must total 117; these total 26." }), "Penalty points must total 117; these total 26.");
  assert.equal(errorText({ code: "stale_seq" }), "Another phone recorded first.");
  assert.equal(errorText({ code: "not_an_active_seat", params: { seat: 1 } }, ["Anna", "Ben"]), "Ben takes no part in this hand's play.");
  assert.equal(errorText({ code: "engine_rule", message: "Vom Server übersetzt." }), "Vom Server übersetzt.");
});

test("Bourré's lists of seats read as names in the history", () => {
  const players = ["Anna", "Ben", "Cleo", "Dan", "Eve"];
  assert.equal(describeValue("antes", [2, 3, 4], players), "Cleo Dan Eve");
  assert.equal(describeValue("reneges", [1], players), "Ben");
  assert.equal(describeValue("played", [0, 2], players), "Anna Cleo");
});

test("Thousand's marriages read as suits in the history, never as letters", () => {
  const players = ["Anna", "Boris", "Clara"];
  assert.equal(describeValue("marriages", [["C", "D", "H"], [], ["S"]], players), "Anna ♣ ♦ ♥, Boris –, Clara ♠");
  assert.equal(describeValue("trump", "H", players), "♥");
});

test("the board's sentences use the game's own word for a unit, whole sentences per unit", async () => {
  const { unitText } = await import("../../../web/static/web/js/format.js");
  assert.equal(unitText("deal", "title", { name: "Clara", hand: 1 }), "Clara, deal 1");
  assert.equal(unitText("round", "why", { name: "Ann", hand: 3 }), "Why? Round 3, Ann");
  assert.equal(unitText("hand", "total", { value: 26 }), "Total after this hand: 26");
  assert.equal(unitText("deal", "score", { value: -120 }), "Score for this deal: -120");
  // a catalogue entry from before the key existed reads as a hand
  assert.equal(unitText(undefined, "title", { name: "Bo", hand: 2 }), "Bo, hand 2");
});

test("an empty sheet says which units it has none of yet", async () => {
  const { unitText } = await import("../../../web/static/web/js/format.js");
  assert.equal(unitText("round", "empty", {}), "No rounds yet.");
  assert.equal(unitText("deal", "empty", {}), "No deals yet.");
});
