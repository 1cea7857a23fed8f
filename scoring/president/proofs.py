"""Irregularities proven from the public record (rules/president.md §6): flagged, never penalised."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.cards import Card
from scoring.explain import Note
from scoring.president.ranks import exchange_value
from scoring.president.state import Finding, PresidentState, Round, round_finding


def exchange_proof(state: PresidentState, rnd: Round, seat: int, cards: Sequence[Card]) -> tuple[Finding, ...]:
    """§6.2 [our default]: a giver who later plays a card kept from before the exchange that ranks
    strictly higher than a card they gave did not hand over their best cards."""
    v = state.variants
    gave = rnd.gave_best[seat]
    if not gave or seat in rnd.flagged:
        return ()
    lowest_given = min(exchange_value(c, v) for c in gave)
    received = list(rnd.received_left[seat])
    for card in cards:
        if card in received:
            received.remove(card)
            continue
        if exchange_value(card, v) > lowest_given:
            low = min(gave, key=lambda c: exchange_value(c, v))
            return (
                round_finding(
                    "exchange_not_best_cards",
                    rnd.number,
                    seat,
                    Note(
                        "exchange_not_best_cards",
                        "%(name)s gave %(cards)s in the exchange but kept %(card)s, which ranks above %(low)s: "
                        "the best cards were not handed over. Flagged; the round stands.",
                        seat,
                        name=state.players[seat],
                        cards=" ".join(c.pretty for c in gave),
                        card=card.pretty,
                        low=low.pretty,
                    ),
                    "president.md §6.2",
                ),
            )
    return ()


def twos_lead_proof(state: PresidentState, rnd: Round, seat: int, cards: Sequence[Card]) -> tuple[Finding, ...]:
    """§6.1: a 2-lead accepted because the leader might hold only 2s is proven illegal when the
    same player later plays a card that is not a 2 (no card enters a hand after the exchange)."""
    if seat not in rnd.twos_lead_claims or all(not c.is_joker and c.rank == 2 for c in cards):
        return ()
    return (
        round_finding(
            "twos_lead_not_allowed",
            rnd.number,
            seat,
            Note(
                "twos_lead_not_allowed",
                "%(name)s led 2s although they still held another card (%(cards)s): "
                "a lead of 2s was not allowed (no_lead_twos_or_bombs). Flagged; the round stands.",
                seat,
                name=state.players[seat],
                cards=" ".join(c.pretty for c in cards),
            ),
            "president.md §2.4",
        ),
    )
