"""Card-by-card behaviour of the kitty, J♦/10♦, pass-cycle and lead variants (rules/hearts.md §2, §5)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.hearts import GAME
from scoring.hearts.deal import penalty_points
from scoring.hearts.passing import pass_cycle, pass_target
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants
from scoring.tricks import TrickRules, trick_winner
from tests.scoring.hearts_support import ev, new_game, play_script


def _play_out(state: HeartsState, seed: int) -> tuple[HeartsState, Any]:
    """Play legal cards at random to the end of the hand; return the state and the last hand in play."""
    rng = random.Random(seed)
    last = state.current
    while state.current is not None:
        last = state.current
        action = next(a for a in GAME.legal_actions(state) if a["type"] == "play_card")
        state = ev(state, "play_card", seat=action["seat"], card=rng.choice(action["cards"]))
    return state, last


@pytest.mark.parametrize(
    ("kitty", "rule"),
    [("leftover_first_trick", "first"), ("leftover_last_trick", "last"), ("leftover_first_penalty", "penalty")],
)
def test_leftover_kitty_goes_where_the_variant_says(kitty: str, rule: str) -> None:
    # 3 players dealt evenly: 17 each and the A♥ face down. Hands are dealt so that the hand is
    # played legally (random legal cards from known hands).
    state = new_game({"short_deal_method": "kitty", "kitty": kitty, "pass_count": 0}, n=3)
    deck = [c for c in (r + s for s in "CDSH" for r in "23456789TJQKA") if c != "AH"]
    rng = random.Random(5)
    rng.shuffle(deck)
    state = ev(state, "deal", hands=[deck[0:17], deck[17:34], deck[34:51]], kitty=["AH"])
    state, last = _play_out(state, 1)
    record = state.hands[-1]
    assert record.kitty == ("AH",) and record.points is not None and sum(record.points) == 26
    tricks = list(last.tricks)  # the 16 tricks before the last card was played
    assert len(tricks) == 16
    final_trick = state.hands[-1]
    expected = {
        "first": tricks[0].winner,
        "penalty": next((t.winner for t in tricks if penalty_points(t.cards)), None),
    }.get(rule)
    if rule == "last":
        # The last trick: the cards before the final one, plus the final seat's only card.
        seat = last.trick.next_seat(3)
        cards = (*last.trick.cards, *last.known[seat])
        assert final_trick.kitty_to == (last.trick.leader + trick_winner(cards, TrickRules())) % 3
    else:
        assert record.kitty_to == expected


def test_unseen_kitty_is_counted_at_the_end() -> None:
    # A twin knows the hands (kitty 4H QS 2D 8C) and picks the cards; the recorded match saw nothing.
    variants = {"kitty": "four_player_12", "pass_count": 0}
    deck = [c for c in (r + s for s in "CDSH" for r in "23456789TJQKA") if c not in ("4H", "QS", "2D", "8C")]
    random.Random(9).shuffle(deck)
    twin = ev(new_game(variants), "deal", hands=[deck[i * 12 : (i + 1) * 12] for i in range(4)])
    blind = ev(new_game(variants), "deal")
    rng = random.Random(2)
    while twin.current is not None:
        action = next(a for a in GAME.legal_actions(twin) if a["type"] == "play_card")
        payload = {"seat": action["seat"], "card": rng.choice(action["cards"])}
        twin = GAME.apply_json(twin, "play_card", payload)
        blind = GAME.apply_json(blind, "play_card", payload)
    record = blind.hands[-1]
    assert record.kitty is not None and set(record.kitty) == {"4H", "QS", "2D", "8C"}
    assert record.points == twin.hands[-1].points and sum(record.points) == 26
    assert record.kitty_to == twin.hands[-1].kitty_to


def test_ten_of_diamonds_variant() -> None:
    state = new_game({"jack_of_diamonds": "td_minus_10", "pass_count": 0})
    state = ev(state, "deal")
    state = play_script(state, [(0, "2C 3C 4C 5C"), (3, "2D 3D TD 4D")])  # seat 1's TD wins trick 2
    hand = state.current
    assert hand is not None and hand.jack_taker == 1


@pytest.mark.parametrize(
    ("n", "cycle"),
    [
        (5, ("left", "right", "left2", "right2", "hold")),
        (6, ("left", "right", "left2", "right2", "across", "hold")),
        (3, ("left", "right", "hold")),
    ],
)
def test_extended_pass_cycle(n: int, cycle: tuple[str, ...]) -> None:
    assert pass_cycle(HeartsVariants(pass_cycle_other="extended"), n) == cycle


def test_extended_targets() -> None:
    assert [pass_target(0, d, 6) for d in ("left", "right", "left2", "right2", "across")] == [1, 5, 2, 4, 3]


def test_queen_breaks_hearts_card_by_card() -> None:
    state = ev(new_game({"queen_breaks_hearts": True, "pass_count": 0}), "deal")
    state = play_script(state, [(0, "2C 3C 4C 5C"), (3, "2D QS")])
    assert state.current is not None and state.current.hearts_broken


def test_heart_only_fallback_proof() -> None:
    # Seat 1 paints trick 1 with the Q♠ under heart_only: it showed it held no heart either.
    state = ev(new_game({"first_trick_fallback": "heart_only", "pass_count": 0}), "deal")
    state = play_script(state, [(0, "2C QS 3C 4C"), (3, "2H 3H 4H")])  # seat 1 plays 4H
    assert state.current is None
    assert state.findings[0].code == "no_points_first_trick"


def test_lead_heart_instead_of_queen_does_not_count_the_queen() -> None:
    variants = {"can_lead_hearts_instead_of_qs": True, "pass_count": 0}
    state = ev(new_game(variants), "deal")
    # Seat 3 leads 2H unbroken on trick 2 (only hearts and perhaps the Q♠), later plays the Q♠.
    state = play_script(state, [(0, "2C 3C 4C 5C"), (3, "2H 3H 4H 5H"), (2, "6H QS")])
    assert state.current is not None and not state.findings
    assert not [f for f in GAME.summary(state)["findings"] if f["status"] == "proven"]
