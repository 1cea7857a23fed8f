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
  const last = lastPlace(model, deck);
  const cardsOf = (place) => (last && last.place === place ? last.cards : model.cardsOf(place, deck));
  const hands = Array.from({ length: seats }, (_x, s) => {
    const cards = cardsOf(s);
    if (s === sittingOut) return [];
    return cards.length ? cards : unknown;
  });
  const payload = { hands };
  const rest = cardsOf("talon");
  if (talon && rest.length) payload.talon = rest;
  return payload;
}

// The one place nobody tapped gets the cards nobody tapped, when that can only be its hand: every
// other hand holds the same number of cards n and the cards left are n for a seat (or fewer than
// n for the talon). Returns that place and its cards, or null (nothing is guessed otherwise: a
// stripped pack or cards not dealt leave it empty).
export function lastPlace(model, deck) {
  const empty = model.places.filter((p) => model.count(p) === 0);
  if (empty.length !== 1) return null;
  const sizes = model.places.filter((p) => p !== "talon" && p !== empty[0]).map((p) => model.count(p));
  if (!sizes.length || sizes.some((n) => n !== sizes[0])) return null;
  const left = deck.filter((c) => model.owner(c) === null);
  const fits = empty[0] === "talon" ? left.length > 0 && left.length < sizes[0] : left.length === sizes[0];
  return fits ? { place: empty[0], cards: left } : null;
}
