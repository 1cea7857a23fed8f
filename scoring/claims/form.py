"""What the phone offers a claimant (:func:`claim_form`), from the engine's
claim position: the kinds of claim, the play seats, the tricks left and the cards each seat may lay
down, so that the phone repeats no rule (no pack, no ranks, no trick count)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.cards import Card, parse_cards, sort_cards
from scoring.claims.adapters import position_of_json
from scoring.errors import ScoringError
from scoring.protocol import JSON, Game


def claim_form(game: Game[Any, Any], state: Any) -> JSON | None:
    """What the phone offers a claimant now, so that it knows no rule of its own: ``kinds`` (of
    the game's ``claim_kinds``; ``contract`` only when there is a declarer), the play ``seats``,
    ``remaining_tricks`` and, per table seat, the ``cards`` it may lay down (its hand when the
    record knows it, else the cards not seen anywhere). ``None`` when no claim can be made."""
    if not game.claim_kinds:
        return None
    try:
        raw = game.claim_position(state)
        if raw is None or raw.get("leader") is None:
            return None
        return claim_form_of(raw, game.claim_kinds, game.deck)
    except (ValueError, KeyError, TypeError, ScoringError):  # a position the checker cannot take
        return None


def _cards_by_seat(raw: Mapping[str, Any], seats: Sequence[int], deck: Sequence[Card]) -> dict[str, list[str]]:
    """Per table seat: its remaining hand when the record shows it, else the unseen cards less those
    the record places in another hand (``known``, Hearts' partly known hands)."""
    hands = raw["hands"]
    unseen = parse_cards(list(raw.get("unseen") or []))
    known = [parse_cards(list(k or [])) for k in raw.get("known") or []]
    out: dict[str, list[str]] = {}
    for index, seat in enumerate(seats):
        cards: Sequence[Card]
        if hands[index] is not None:
            cards = parse_cards(list(hands[index]))
        else:
            elsewhere = {c for other, k in enumerate(known) if other != seat for c in k}
            cards = [c for c in unseen if c not in elsewhere]
        out[str(seat)] = [str(c) for c in _in_order(cards, deck)]
    return out


def _in_order(cards: Sequence[Card], deck: Sequence[Card]) -> list[Card]:
    """In the order of the game's pack (its own rank order), else suit by suit and by rank."""
    if not deck:
        return sort_cards(cards)
    index = {card: i for i, card in enumerate(deck)}
    return sorted(cards, key=lambda card: index.get(card, len(index)))


def claim_form_of(raw: Mapping[str, Any], kinds: Sequence[str], deck: Sequence[Card] = ()) -> dict[str, Any]:
    """The claim form of a claim position's JSON (``raw``, as ``Game.claim_position`` gives it)."""
    position = position_of_json(raw)
    seats = [int(s) for s in raw.get("seats", range(position.seats))]
    declarer = raw.get("declarer")
    return {
        # A contract claim is the declarer's (thousand.md §7): offered only when there is one.
        "kinds": [k for k in kinds if k != "contract" or declarer is not None],
        "seats": seats,
        "declarer": declarer,
        "remaining_tricks": position.remaining_tricks,
        "cards": _cards_by_seat(raw, seats, deck),
    }
