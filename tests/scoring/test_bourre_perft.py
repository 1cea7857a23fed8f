"""Perft-style golden counts: legal card sequences from small recorded positions (§3.4, §3.6).

Each count is worked out by hand in the comments; any change in legality changes a number.
"""

from __future__ import annotations

from scoring.bourre import Session
from scoring.bourre.play import PlayPosition, play_position
from tests.scoring.bourre_helpers import decide, start, step


def perft(position: PlayPosition, depth: int) -> int:
    if depth == 0 or position.finished:
        return 1
    cards = position.legal_cards()
    assert cards is not None
    return sum(perft(position.play(card), depth - 1) for card in cards)


def two_players() -> Session:
    # Trump ♠ (Bob's up-card 2♠). Ann: A♠ K♥ Q♥ 3♦ 4♣; Bob: 2♠ A♥ 5♦ 6♦ 7♣. Ann leads.
    s = start("AB")
    s = step(s, "deal", dealer=1, up_card="2S", hands=[["AS", "KH", "QH", "3D", "4C"], ["2S", "AH", "5D", "6D", "7C"]])
    return decide(s, "0:+0 1:+0")


def test_two_player_counts() -> None:
    position = play_position(two_players())
    # Ann has one trump (Sure 1, no cinch): any of 5 leads.
    assert perft(position, 1) == 5
    # Bob's replies: A♠ → 2♠ (must trump-follow); K♥ → A♥; Q♥ → A♥; 3♦ → 5♦ or 6♦; 4♣ → 7♣: 1+1+1+2+1 = 6.
    assert perft(position, 2) == 6


def test_three_player_first_trick() -> None:
    # Trump ♥ (P3's up-card 8♥). P1: A♠ 2♠ 3♥ 9♦ 4♣; P2: K♠ 5♥ 6♥ 2♦ 3♣; P3: Q♠ 7♠ 8♦ T♦ 8♥.
    s = start(3)
    hands = [["AS", "2S", "3H", "9D", "4C"], ["KS", "5H", "6H", "2D", "3C"], ["QS", "7S", "8D", "TD", "8H"]]
    s = step(s, "deal", dealer=2, up_card="8H", hands=hands)
    position = play_position(decide(s, "0:+0 1:+0 2:+0"))
    # A♠: P2 K♠; P3 Q♠ or 7♠ (cannot beat A♠) → 2.   2♠: P2 must head with K♠; P3 Q♠/7♠ → 2.
    # 3♥: P2 5♥ or 6♥ (both beat); P3 must beat with 8♥ → 2.   9♦: P2 2♦; P3 must head with T♦ → 1.
    # 4♣: P2 3♣; P3 void in ♣ must trump 8♥ → 1.   Total 2 + 2 + 2 + 1 + 1 = 8.
    assert perft(position, 3) == 8
    assert perft(position, 1) == 5


def test_cinch_lead_counts() -> None:
    # §6.3 C1 at the table: trump ♦ (Bob's up-card 2♦); Ann A♦ K♦ Q♦ 7♣ 4♠ has a cinch (Sure 3).
    # Bob 2♦ 5♣ 6♣ 7♠ 8♠.
    hands = [["AD", "KD", "QD", "7C", "4S"], ["2D", "5C", "6C", "7S", "8S"]]
    counts = {}
    for mode in ("sequence", "adjacent_only", "strict"):
        s = start("AB", cinch_equivalent_trumps=mode)
        s = step(s, "deal", dealer=1, up_card="2D", hands=hands)
        position = play_position(decide(s, "0:+0 1:+0"))
        counts[mode] = (perft(position, 1), perft(position, 2))
    # Leads: sequence A♦ K♦ Q♦ (3), adjacent_only A♦ K♦ (2), strict A♦ (1); Bob must follow with
    # his only trump 2♦ each time (1 reply).
    assert counts == {"sequence": (3, 3), "adjacent_only": (2, 2), "strict": (1, 1)}
