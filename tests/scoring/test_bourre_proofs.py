"""Renege proofs from hidden hands are sound and, once the deal is over, complete (§8).

Random deals with hidden hands where players sometimes play an illegal card. The truth is the
legality of §3.4/§3.6 applied to the real hand, with the cinch judged on what the record lets the
player know (§3.6 step 3). After every card: every proven renege is a real one. After trick 5:
every real renege is proven. Some deals are Lo-No deals (§7: no trumps, low cards win, the dealer
leads the turned card).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bourre import GAME, Session
from scoring.bourre.legality import legal
from scoring.bourre.tricks_view import cinch_view, play_rules, tricks
from scoring.bourre.turns import next_step
from scoring.cards import STANDARD_DECK, Card
from tests.scoring.bourre_helpers import step


def proven(state: Session) -> set[tuple[int, int]]:
    return {(f["seat"], f["trick"]) for f in GAME.summary(state)["findings"] if f["source"] == "record"}


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), cheat=st.sampled_from([0.1, 0.3]))
def test_proofs_sound_and_complete(seed: int, players: int, cheat: float) -> None:
    rng = random.Random(seed)
    variants = rng.choice(
        [
            {},
            {"must_beat_mode": "highest_card"},
            {"cinch_equivalent_trumps": "strict"},
            {"cinch_equivalent_trumps": "adjacent_only"},
            {"cinch_rules": "akq_only"},
            {"trump_when_cannot_overtrump": False},
            {"head_trick_required": False},
            {"must_lead_trump_when_others_void": True},
        ]
    )
    lo_no = rng.random() < 0.3
    if lo_no:
        variants = {**variants, "lo_no": True, "lo_no_max_rank": 8}
    state = GAME.start(variants, [f"P{i}" for i in range(players)])
    deck = list(STANDARD_DECK)
    rng.shuffle(deck)
    dealer = players - 1
    hands: dict[int, list[Card]] = {s: [deck.pop() for _ in range(5)] for s in range(players)}
    low = next((c for c in deck if c.rank <= 8), None)
    if lo_no and low is not None and hands[dealer][0].rank > 8:  # the dealer turns a low card
        deck.remove(low)
        deck.append(hands[dealer][0])
        hands[dealer][0] = low
    lo_no = lo_no and hands[dealer][0].rank <= 8
    state = step(state, "deal", dealer=dealer, up_card=str(hands[dealer][0]), lo_no=lo_no)
    for seat in range(players):  # everyone plays and stands pat: hands stay hidden
        state = step(state, "declare", seat=seat, play=True)
        if next_step(state) == ("draw", seat):
            state = step(state, "draw", seat=seat, count=0)
    truth: set[tuple[int, int]] = set()
    v = state.variants
    while (turn := next_step(state)) is not None:
        _, seat = turn
        deal = state.deal
        assert deal is not None
        current = tricks(deal)[-1]
        allowed = legal(hands[seat], current.cards, deal.ranking, play_rules(v), cinch_view(deal, seat, v))
        card = rng.choice(hands[seat]) if rng.random() < cheat else rng.choice(allowed)
        if card not in allowed:
            truth.add((seat, current.number))
        hands[seat].remove(card)
        state = step(state, "play_card", seat=seat, card=str(card))
        assert proven(state) <= truth  # sound: never a false renege
    assert proven(state) == truth  # complete once every hand is known
