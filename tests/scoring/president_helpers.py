"""Shared helpers for the President tests (not a test module)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.cards import parse_cards
from scoring.president import GAME, PresidentState
from scoring.president.deal import deal_sizes, full_deck
from scoring.president.variants import PresidentVariants

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def start(n: int, **variants: Any) -> PresidentState:
    return GAME.start(variants, list(NAMES[:n]))


def ev(state: PresidentState, event_type: str, **payload: Any) -> PresidentState:
    return GAME.apply_json(state, event_type, payload)


def build_hands(
    n: int, dealer: int, fixed: Mapping[int, str], variants: PresidentVariants | None = None, filler_order: str = ""
) -> list[list[str]]:
    """Full hands for a deal: each seat in ``fixed`` gets those cards first; the rest of the pack is
    dealt to fill every hand to its size of §1.4, lowest-first in the pack order (or ``filler_order``
    cards first)."""
    v = variants or PresidentVariants()
    sizes = deal_sizes(len(full_deck(v)), tuple(range(n)), dealer)
    pack = list(full_deck(v))
    hands: list[list[str]] = [[] for _ in range(n)]
    for seat, text in fixed.items():
        for card in parse_cards(text):
            pack.remove(card)
            hands[seat].append(str(card))
    preferred = list(parse_cards(filler_order)) if filler_order else []
    for card in preferred:
        pack.remove(card)
    pack = preferred + pack
    for seat in range(n):
        while len(hands[seat]) < sizes[seat]:
            hands[seat].append(str(pack.pop(0)))
    assert not pack
    return hands


def play(state: PresidentState, seat: int, cards: str) -> PresidentState:
    return ev(state, "play", seat=seat, cards=cards.split())


def pass_(state: PresidentState, seat: int) -> PresidentState:
    return ev(state, "pass", seat=seat)


def orders(state: PresidentState) -> list[tuple[int, ...]]:
    return [r.order for r in state.rounds]


def seats_json(seq: Sequence[int]) -> list[int]:
    return list(seq)


def deal4(fixed: Mapping[int, str], filler_order: str = "", n: int = 4, **variants: Any) -> PresidentState:
    """Round 1 with hands: seat n−1 deals, so seat 0 (P1) is on the dealer's left. Unless the test
    sets it, ``first_round_lead = left_of_dealer`` so that P1 may lead anything."""
    variants.setdefault("first_round_lead", "left_of_dealer")
    state = start(n, **variants)
    hands = build_hands(n, n - 1, fixed, state.variants, filler_order)
    return ev(state, "deal", dealer=n - 1, hands=hands)


def position(
    state: PresidentState, hands: Mapping[int, str], to_act: int, places: Sequence[int | None]
) -> PresidentState:
    """A recorded late position: the current round's hands replaced by small ones (a test fixture for
    end-of-round rules; the pack is not conserved in such a position)."""
    import dataclasses

    from scoring.president.state import Trick

    rnd = state.current
    assert rnd is not None
    new_hands = tuple(parse_cards(hands.get(s, "")) for s in range(state.seats))
    rnd = dataclasses.replace(
        rnd,
        hands=new_hands,
        sizes=tuple(len(h) for h in new_hands),
        places=tuple(places),
        to_act=to_act,
        trick=Trick(leader=to_act),
        lead_card=None,
        played=(),
    )
    return dataclasses.replace(state, current=rnd)
