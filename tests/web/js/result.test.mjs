// The end of a match and a pot game's settlement, from the engine's own numbers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { settlementLines, standings, winnerNames } from "../../../web/static/web/js/result.js";
import { changedRules, ruleValue } from "../../../web/static/web/js/rules.js";

const PLAYERS = ["Anna", "Ben", "Cleo", "Dan"];

test("the winners are the engine's, named in a list; a tie names both", () => {
  // Hearts to 100 (lower is better): Ben 41 and Dan 41 share first place.
  const result = { winners: [1, 3], places: [3, 1, 4, 1], scores: [88, 41, 103, 41], lower_is_better: true };
  assert.equal(winnerNames(result, PLAYERS, "en"), "Ben and Dan");
  assert.equal(winnerNames({ winners: [0] }, PLAYERS, "en"), "Anna");
  assert.deepEqual(standings(result, PLAYERS).map((r) => [r.place, r.name, r.score, r.winner]), [
    [1, "Ben", 41, true], [1, "Dan", 41, true], [3, "Anna", 88, false], [4, "Cleo", 103, false],
  ]);
});

test("a Bourré deal says who took the pot and who paid into it, by name", () => {
  // Pot 7: Anna takes it with 3 tricks; Cleo took none (bourré) and matches the pot, 7 chips;
  // Dan reneged and pays 2 (the engine's amounts, passed through).
  const entry = { taken: [{ seat: 0, chips: 7 }], payments: [{ seat: 2, chips: 7, code: "bourre" }, { seat: 3, chips: 2, code: "renege" }] };
  assert.deepEqual(settlementLines(entry, PLAYERS), [
    "Anna takes 7 from the pot",
    "Cleo pays 7 into the pot (bourré)",
    "Dan pays 2 into the pot (renege)",
  ]);
  assert.deepEqual(settlementLines({ hand: 1, points: [1, 2] }, PLAYERS), []);
});

test("a split pot is named under the deal, in the engine's words", () => {
  const entry = { deal: 2, tied: [0, 3], taken: [], payments: [{ seat: 1, chips: 13, code: "bourre" }], explain: [
    { code: "antes", text: "Antes: 6 chips from A, B, D, E, F, G (§2.5, §4.5)." },
    { code: "split_pot", text: "Anna, Dan tied with 2 tricks: split pot, it carries over (§4.2)." },
  ] };
  assert.deepEqual(settlementLines(entry, PLAYERS), [
    "Anna, Dan tied with 2 tricks: split pot, it carries over (§4.2).",
    "Ben pays 13 into the pot (bourré)",
  ]);
});

test("a Tonk hand's payments are the engine's own lines, never 'undefined pays undefined'", () => {
  // The shape of scoring/tonk/settlement.py Payment.as_json: payer/payee/stakes and the line `why`.
  const entry = { hand: 1, payments: [
    { payer: 1, payee: 0, stakes: 1, amount: 1, code: "discard_out", why: { code: "discard_out", seat: 1, text: "Ben pays Anna 1 stake (1): out by discarding the last card, single." } },
    { payer: 2, payee: 0, stakes: 1, amount: 1, code: "discard_out", why: { code: "discard_out", seat: 2, text: "Cleo pays Anna 1 stake (1): out by discarding the last card, single." } },
  ] };
  const lines = settlementLines(entry, PLAYERS);
  assert.deepEqual(lines, [
    "Ben pays Anna 1 stake (1): out by discarding the last card, single.",
    "Cleo pays Anna 1 stake (1): out by discarding the last card, single.",
  ]);
  assert.ok(lines.every((l) => !l.includes("undefined")));
  assert.deepEqual(settlementLines({ payments: [{ code: "odd" }] }, PLAYERS), []);
});

test("Share lists only the house rules that differ from the defaults, by their labels", () => {
  const catalogue = [
    { key: "target_score", label: "Target score", type: "integer", default: 100, doc: "The game ends at this total." },
    { key: "moon_scoring", label: "Moon scoring", type: "string", default: "add_to_others", choices: ["add_to_others", "shooter_choice"], choice_labels: ["Add to others", "Shooter choice"] },
    { key: "counts_jack", label: "Counts jack", type: "boolean", default: false },
    { key: "player_count", label: "Player count", type: "integer", default: null, nullable: true },
  ];
  const variants = { target_score: 50, moon_scoring: "add_to_others", counts_jack: true, player_count: null };
  assert.deepEqual(changedRules(variants, catalogue).map((r) => [r.label, r.value]), [["Target score", "50"], ["Counts jack", "on"]]);
  assert.equal(ruleValue(catalogue[1], "shooter_choice"), "Shooter choice");
  assert.deepEqual(changedRules({ target_score: 100 }, catalogue), []);
});
