// Hands entered by tapping cards (pure, tested under Node): each card of the pack belongs to at most
// one place (a seat's hand or the talon); a tap gives the card to the place being filled, a second
// tap takes it back. The payload names every place; a seat nobody filled is unknown (`unknown`:
// null, or [] where the event's schema does not allow null), a seat sitting out gets [].
export function createHands(places) {
  const owner = new Map(); // card → place
  return {
    places,
    owner: (card) => owner.get(card) ?? null,
    tap(card, place) {
      if (owner.get(card) === place) owner.delete(card);
      else owner.set(card, place);
    },
    cardsOf(place, deck) { return deck.filter((c) => owner.get(c) === place); },
    count(place) { let n = 0; for (const p of owner.values()) if (p === place) n += 1; return n; },
  };
}

export function handsPayload(model, deck, { seats, sittingOut = null, unknown = null, talon = false }) {
  const hands = Array.from({ length: seats }, (_x, s) => {
    const cards = model.cardsOf(s, deck);
    if (s === sittingOut) return [];
    return cards.length ? cards : unknown;
  });
  const payload = { hands };
  const rest = model.cardsOf("talon", deck);
  if (talon && rest.length) payload.talon = rest;
  return payload;
}
