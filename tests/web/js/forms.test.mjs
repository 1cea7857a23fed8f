// Form generation from the engine's entry-form description (scoring/forms.py) and from the
// catalogue's JSON Schema. The descriptions below are what the engines answer (see
// tests/scoring/test_entry_forms.py for where their numbers come from).
import assert from "node:assert/strict";
import { test } from "node:test";

import { check, fillLast, payloadOf, perSeatValues, visible } from "../../../web/static/web/js/forms/engine.js";
import { fieldKind, payloadOf as schemaPayload } from "../../../web/static/web/js/forms/schema.js";

// Hearts with spot hearts and the shooter's choice: 104 for the hearts (2 + … + 14) + 13 for Q♠.
const SPOT_HEARTS = {
  type: "hand_result", number: 1,
  fields: [
    { name: "points", kind: "per_seat", seats: [0, 1, 2, 3], min: 0, max: 117, fill: 0, total: 117, total_code: "points_must_total_26", shortcut: { value: 117 } },
    { name: "moon_choice", kind: "choice", choices: ["add_to_others", "subtract_from_shooter"], points: 117, when: { field: "points", has: 117 } },
  ],
};
const BOURRE = {
  type: "deal_result", number: 1,
  fields: [
    { name: "played", kind: "seats", seats: [0, 1, 2, 3], required: true },
    { name: "tricks", kind: "per_seat", seats: [], seats_from: "played", min: 0, max: 5, fill: 0, total: 5, total_code: "tricks_must_total_5", total_when: { field: "played", min_seats: 2 }, fill_last: true },
  ],
};
const THOUSAND = {
  type: "deal_result", number: 1,
  fields: [
    { name: "kind", kind: "choice", choices: ["played", "rospisat", "thrown_in"], default: "played" },
    { name: "declarer", kind: "seat", seats: [1, 2, 3], required: true, when: { field: "kind", in: ["played", "rospisat"] } },
    { name: "card_points", kind: "per_seat", seats: [1, 2, 3], min: 0, max: 120, fill: 0, total: 120, total_code: "card_points_must_total_120", fill_last: true, when: { field: "kind", in: ["played"] } },
    { name: "inactive", kind: "fixed", value: 0, when: { field: "kind", in: ["played"] } },
  ],
};

test("a spot-hearts hand totals 117, not 26", () => {
  const points = [104, 13, 0, 0];
  assert.equal(check(SPOT_HEARTS, { points }), null);
  assert.deepEqual(payloadOf(SPOT_HEARTS, { points, moon_choice: null }), { points });
  const err = check(SPOT_HEARTS, { points: [13, 13, 0, 0] });
  assert.deepEqual(err, { code: "points_must_total_26", field: "points", params: { total: 26, expected: 117 } });
});

test("the moon choice shows only when a seat took the whole hand", () => {
  const moon = SPOT_HEARTS.fields[1];
  assert.equal(visible(moon, { points: [0, 117, 0, 0] }), true);
  assert.equal(visible(moon, { points: [104, 13, 0, 0] }), false);
  assert.deepEqual(payloadOf(SPOT_HEARTS, { points: [0, 117, 0, 0], moon_choice: "add_to_others" }), { points: [0, 117, 0, 0], moon_choice: "add_to_others" });
});

test("Bourré asks tricks only of who played; the others send 0", () => {
  const tricks = BOURRE.fields[1];
  const values = { played: [0, 2] };
  assert.deepEqual(perSeatValues(tricks, ["3", "9", "", "9"], values, 4), [3, 0, 0, 0]);
  // the one who played and typed nothing gets what is left of 5 tricks
  assert.deepEqual(fillLast(tricks, ["3", "", "", ""], new Set([0]), values), { seat: 2, value: 2 });
  assert.deepEqual(payloadOf(BOURRE, { ...values, tricks: [3, 0, 2, 0] }), { played: [0, 2], tricks: [3, 0, 2, 0] });
  assert.deepEqual(check(BOURRE, { ...values, tricks: [3, 0, 1, 0] }).params, { total: 4, expected: 5 });
});

test("Bourré with one player: no tricks are asked or sent", () => {
  const values = { played: [1], tricks: [0, 0, 0, 0] };
  assert.equal(check(BOURRE, values), null);
  assert.deepEqual(payloadOf(BOURRE, values), { played: [1] });
  assert.equal(fillLast(BOURRE.fields[1], ["", "", "", ""], new Set(), values), null);
});

test("Thousand: the sitting-out seat is not asked, the last active seat is filled to 120", () => {
  const cp = THOUSAND.fields[2];
  assert.deepEqual(fillLast(cp, ["", "50", "40", ""], new Set([1, 2]), {}), { seat: 3, value: 30 });
  assert.equal(fillLast(cp, ["", "50", "", ""], new Set([1]), {}), null); // two seats still open
  const values = { kind: "played", declarer: 1, card_points: [0, 50, 40, 30] };
  assert.equal(check(THOUSAND, values), null);
  assert.deepEqual(payloadOf(THOUSAND, values), { kind: "played", declarer: 1, card_points: [0, 50, 40, 30], inactive: 0 });
});

test("a thrown-in deal sends neither declarer nor card points; a played deal needs its declarer", () => {
  assert.deepEqual(payloadOf(THOUSAND, { kind: "thrown_in", declarer: null, card_points: [0, 0, 0, 0] }), { kind: "thrown_in" });
  assert.deepEqual(check(THOUSAND, { kind: "played", declarer: null, card_points: [0, 60, 60, 0] }), { code: "required", field: "declarer", params: {} });
});

test("catalogue fields become the control their schema and name call for", () => {
  const ints = { type: "array", items: { type: "integer" } };
  assert.equal(fieldKind("tricks", ints), "per_seat");
  assert.equal(fieldKind("played", ints), "seats");
  assert.equal(fieldKind("no_tricks", ints), "seats");
  assert.equal(fieldKind("order", ints), "order");
  assert.equal(fieldKind("winner", { anyOf: [{ type: "integer" }, { type: "null" }] }), "seat");
  assert.equal(fieldKind("value", { type: "integer" }), "number");
  assert.equal(fieldKind("end", { enum: ["tonk", "drop"] }), "choice");
  assert.equal(fieldKind("hands", { type: "array", items: { type: "array", items: { type: "string" } } }), "lists_per_seat");
});

test("a generic form leaves out empty optional values but keeps required ones", () => {
  const values = { played: [0, 1], reneges: [], lo_no: false, dealer: null, antes: [null, null], up_card: "AS" };
  assert.deepEqual(schemaPayload(values, new Set(["played"])), { played: [0, 1], up_card: "AS" });
  assert.deepEqual(schemaPayload({ played: [] }, new Set(["played"])), { played: [] });
});
