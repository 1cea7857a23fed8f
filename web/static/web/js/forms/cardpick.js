// Cards entered by tapping them in a grid of the game's deck (a Bourré hand after the draw …):
// which list fields get the grid, what a tap does, and what the picker says. Pure; tested under Node.

// The list fields that hold a seat's cards, entered from the grid when the game has a deck.
export const CARD_LISTS = new Set(["hand"]);

// Whether a list field is picked from the deck grid.
export const isCardList = (name, deck) => CARD_LISTS.has(name) && Array.isArray(deck) && deck.length > 0;

// How many cards the field needs, when the engine's action says (`hand_size` for `hand`), else null.
export function cardsNeeded(name, action) {
  const n = action ? action[`${name}_size`] : undefined;
  return typeof n === "number" && n > 0 ? n : null;
}

// A tap: the card leaves the choice if chosen, else joins it while fewer than `need` are chosen.
export function toggleCard(chosen, card, need) {
  if (chosen.includes(card)) return chosen.filter((c) => c !== card);
  if (need !== null && chosen.length >= need) return chosen;
  return [...chosen, card];
}

// What the picker shows under the grid: { chosen, need, complete }.
export const pickStatus = (chosen, need) => ({ chosen: chosen.length, need, complete: need === null ? chosen.length > 0 : chosen.length === need });

// The field's value: the cards in deck order, or null when none was tapped (the field is optional).
export function pickedValue(chosen, deck) {
  if (!chosen.length) return null;
  const order = new Map(deck.map((c, i) => [c, i]));
  return [...chosen].sort((a, b) => (order.get(a) ?? 99) - (order.get(b) ?? 99));
}
