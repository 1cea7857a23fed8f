"""Table-driven legality rows: rules/bourre.md §6.2 (T1–T7) and §6.3 (C1–C7b), plus error codes."""

from __future__ import annotations

import pytest

from scoring.bourre.legality import CinchView, PlayRules, has_cinch, legal, outstanding_trumps, sure_tricks, why_illegal
from scoring.cards import Suit, parse_card, parse_cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


# (id, trump, trick so far, hand, house rules, exact legal set)
T_ROWS = [
    ("T1", S, "QD 4S", "AD 6D 9S 3S 2C", {}, "AD 6D"),
    ("T1b", S, "QD 5D", "AD 6D 9S 3S 2C", {}, "AD"),
    ("T2", C, "9H JH", "AH QH 2H KS 3D", {}, "AH QH"),
    ("T2-highest", C, "9H JH", "AH QH 2H KS 3D", {"must_beat_mode": "highest_card"}, "AH"),
    ("T3", H, "KC 2C", "TH 3H AD 7S 5S", {}, "TH 3H"),
    ("T4", H, "KC 9H", "JH 4H AS 8D 2D", {}, "JH"),
    ("T5", H, "KC 9H", "8H 4H AS 8D 2D", {}, "8H 4H"),
    ("T5-play-to-win", H, "KC 9H", "8H 4H AS 8D 2D", {"trump_when_cannot_overtrump": False}, "8H 4H AS 8D 2D"),
    ("T6", S, "TS QS", "KS 3S AH 5D 6C", {}, "KS"),
    ("T6b", S, "TS QS", "JS 3S AH 5D 6C", {}, "JS 3S"),
    ("T7", S, "7D", "AC KH 2H 5C 9C", {}, "AC KH 2H 5C 9C"),
    # Not in §6.2: head_trick_required = false keeps follow/trump but drops heading.
    ("no-head", S, "QD 5D", "AD 6D 9S", {"head_trick_required": False}, "AD 6D"),
]


@pytest.mark.parametrize(("row", "trump", "trick", "hand", "rules", "expected"), T_ROWS, ids=[r[0] for r in T_ROWS])
def test_six_two_legal_sets(
    row: str, trump: Suit, trick: str, hand: str, rules: dict[str, object], expected: str
) -> None:
    view = CinchView()  # 0 tricks won, nothing played: T3 notes "no cinch: Sure 0"
    got = legal(parse_cards(hand), parse_cards(trick), trump, PlayRules(**rules), view)  # type: ignore[arg-type]
    assert {str(c) for c in got} == cards(expected)


ERROR_ROWS = [
    ("T1 9S", S, "QD 4S", "AD 6D 9S 3S 2C", "9S", "must_follow_suit"),
    ("T1 2C", S, "QD 4S", "AD 6D 9S 3S 2C", "2C", "must_follow_suit"),
    ("T1b 6D", S, "QD 5D", "AD 6D 9S 3S 2C", "6D", "must_head_trick"),
    ("T3 AD", H, "KC 2C", "TH 3H AD 7S 5S", "AD", "must_trump"),
    ("T4 4H", H, "KC 9H", "JH 4H AS 8D 2D", "4H", "must_overtrump"),
    ("T6 3S", S, "TS QS", "KS 3S AH 5D 6C", "3S", "must_head_trick"),
    ("C1 7C", D, "", "AD KD QD 7C 4S", "7C", "cinch_must_lead_trump"),
    ("C7 4H", H, "TD 2D", "AH KH QH 4H 8S", "4H", "cinch_must_play_highest_trump"),
]


@pytest.mark.parametrize(("row", "trump", "trick", "hand", "card", "code"), ERROR_ROWS, ids=[r[0] for r in ERROR_ROWS])
def test_error_codes(row: str, trump: Suit, trick: str, hand: str, card: str, code: str) -> None:
    view = CinchView()
    got = why_illegal(parse_card(card), parse_cards(hand), parse_cards(trick), trump, PlayRules(), view)
    assert got == code
    for ok in legal(parse_cards(hand), parse_cards(trick), trump, PlayRules(), view):
        assert why_illegal(ok, parse_cards(hand), parse_cards(trick), trump, PlayRules(), view) is None


# §6.3: (id, trump, trick so far, hand, won, played before, last to play, rules, cinch?, legal set)
C_ROWS = [
    ("C1", D, "", "AD KD QD 7C 4S", 0, "", False, {}, True, "AD KD QD"),
    ("C1-strict", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_equivalent_trumps": "strict"}, True, "AD"),
    ("C1-adjacent", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_equivalent_trumps": "adjacent_only"}, True, "AD KD"),
    ("C2", H, "", "KH QH TH 9H 8H", 0, "", False, {}, True, "KH QH"),
    ("C3", H, "", "KH QH 5C 4C 2D", 0, "", False, {}, False, "KH QH 5C 4C 2D"),
    ("C4", S, "", "AS KS 9H 4D", 1, "", False, {}, True, "AS KS"),
    ("C5", C, "", "6C 9D", 3, "", False, {}, True, "6C"),
    ("C5-no-trump", C, "", "9D 2H", 3, "", False, {}, True, "9D 2H"),
    ("C6", S, "", "KS JS 4S", 2, "QS", False, {}, True, "KS JS"),
    ("C7", H, "TD 2D", "AH KH QH 4H 8S", 0, "", False, {}, True, "AH KH QH"),
    ("C7b", H, "TD 2D", "AH KH QH 4H 8S", 0, "", True, {}, True, "AH KH QH 4H"),
    ("C1-no-cinch-rules", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_rules": "none"}, False, "AD KD QD 7C 4S"),
    ("akq-only", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_rules": "akq_only"}, True, "AD"),
    ("akq-only-KQJ", D, "", "KD QD JD 7C 4S", 0, "", False, {"cinch_rules": "akq_only"}, False, "KD QD JD 7C 4S"),
]


@pytest.mark.parametrize(
    ("row", "trump", "trick", "hand", "won", "played", "last", "rules", "cinch", "expected"),
    C_ROWS,
    ids=[r[0] for r in C_ROWS],
)
def test_six_three_cinch(
    row: str,
    trump: Suit,
    trick: str,
    hand: str,
    won: int,
    played: str,
    last: bool,
    rules: dict[str, object],
    cinch: bool,
    expected: str,
) -> None:
    seen = frozenset(parse_cards(played)) | frozenset(parse_cards(trick))
    view = CinchView(won=won, played=seen, last_to_play=last)
    play_rules = PlayRules(**rules)  # type: ignore[arg-type]
    if trump in {c.suit for c in parse_cards(hand)}:
        assert has_cinch(parse_cards(hand), trump, view, play_rules) is cinch
    got = legal(parse_cards(hand), parse_cards(trick), trump, play_rules, view)
    assert {str(c) for c in got} == cards(expected)


@pytest.mark.parametrize(
    ("hand", "gone", "sure"),
    [
        ("AS KS QS", "", 3),  # §3.6: A-K-Q → Sure 3
        ("KS QS TS 9S 8S", "", 3),  # A and J kill two
        ("AS KS", "", 2),
        ("AS QS JS", "", 2),  # K kills one
        ("KS QS", "", 1),
        ("AS KS 5S 4S 3S", "", 2),
        ("KS JS 4S", "QS", 1),  # C6: A kills K or J, 10 kills 4
    ],
)
def test_sure_trick_counts(hand: str, gone: str, sure: int) -> None:
    mine = parse_cards(hand)
    assert sure_tricks(mine, outstanding_trumps(S, mine, parse_cards(gone))) == sure


def test_must_lead_trump_when_others_void() -> None:
    rules = PlayRules(must_lead_trump_when_others_void=True)
    hand = parse_cards("5S 9D 2H")
    assert legal(hand, (), S, rules, CinchView(others_void_in_trump=True)) == (parse_card("5S"),)
    assert set(legal(hand, (), S, rules, CinchView(others_void_in_trump=False))) == set(hand)
    assert why_illegal(parse_card("9D"), hand, (), S, rules, CinchView(others_void_in_trump=True)) == "must_lead_trump"
