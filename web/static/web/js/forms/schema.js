// What control a JSON Schema field of the games catalogue becomes (pure; tested under Node).
import { ORDER_RE, PER_SEAT_RE, SEAT_LISTS, SEAT_RE } from "../format.js";

export function unwrap(schema) {
  let s = schema || {};
  let nullable = false;
  if (s.anyOf) { nullable = s.anyOf.some((x) => x.type === "null"); s = s.anyOf.find((x) => x.type !== "null") || {}; }
  return [s, nullable];
}

// "choice" | "seat" | "number" | "boolean" | "order" | "per_seat" | "seats" | "lists_per_seat" | "list" | "text"
export function fieldKind(name, schema) {
  const [s] = unwrap(schema);
  const [items] = unwrap(s.items);
  if (s.enum) return "choice";
  if (s.type === "integer") return SEAT_RE.test(name) ? "seat" : "number";
  if (s.type === "boolean") return "boolean";
  if (s.type === "array" && items.type === "integer") {
    if (ORDER_RE.test(name)) return "order";
    return PER_SEAT_RE.test(name) && !SEAT_LISTS.has(name) ? "per_seat" : "seats";
  }
  if (s.type === "array" && items.type === "array") return "lists_per_seat";
  if (s.type === "array") return "list";
  return "text";
}

// The payload of a generic form: empty optional values are left out.
export function payloadOf(values, required) {
  const payload = {};
  for (const [name, v] of Object.entries(values)) {
    const optional = !required.has(name);
    if (optional && (v === null || v === false || (Array.isArray(v) && (!v.length || v.every((x) => x === null))))) continue;
    payload[name] = v;
  }
  return payload;
}

// Which field a rules error concerns, when its params do not say.
export const FIELD_OF = {
  tricks_must_total_5: "tricks", tricks_out_of_range: "tricks", tricks_per_seat: "tricks", tricks_required: "tricks", passer_took_tricks: "played",
  ante_missing: "antes", ante_from_exempt_player: "antes", wrong_dealer: "dealer", dealer_required: "dealer", wrong_seating: "seating",
  by_required: "by", by_not_allowed: "by", counts_required: "counts", counts_per_seat: "counts", count_mismatch: "counts", impossible_count: "counts",
  whole_hand_required: "whole_hand", invalid_stake: "stake", side_bet_amount: "side_bet_amount", side_bet_players: "side_bet_players",
  judge_cannot_win: "winner", wrong_judge: "judge", wrong_round: "round", round_out_of_order: "round", round_already_recorded: "round",
  negative_value: "value", value_above_house_limit: "value", steal_without_boo_yah: "boo_yah", steal_incomplete: "stolen_from",
  cannot_steal_from_self: "stolen_from", duplicate_seat: "order",
};
