"""Every cinch obligation of rules/bourre.md §3.6 as a table of rows (docs/games/bourre.md §2,
"The cinch when void").

Each row: the trump, the trick so far, the hand, tricks already won, trumps played in earlier
tricks, whether the player is last to the trick, house rules, and the exact legal set, with the
sure-trick arithmetic of §3.6 worked by hand in the comment. Every row runs twice: with the trump
given as a suit and as the :class:`TrickOrder` the engine passes (the form in which C-follow was
once silently switched off when the player was void in the suit led).
"""

from __future__ import annotations

import pytest

from scoring.bourre.legality import CinchView, PlayRules, TrickOrder, Trumps, basic_legal, legal, why_illegal
from scoring.cards import Suit, parse_card, parse_cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

# (id, trump, trick so far, hand, won, played earlier, last to play, rules, legal set)
ROWS = [
    # C-lead. A K Q of ♦: nothing outstanding above Q, Sure 3 (§6.3 C1); sequence accepts all three.
    ("lead-AKQ", D, "", "AD KD QD 7C 4S", 0, "", False, {}, "AD KD QD"),
    ("lead-AKQ-strict", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_equivalent_trumps": "strict"}, "AD"),
    ("lead-AKQ-adjacent", D, "", "AD KD QD 7C 4S", 0, "", False, {"cinch_equivalent_trumps": "adjacent_only"}, "AD KD"),
    # Won 3, no trump in hand: the lead is free (§3.6 C-lead, §6.3 C5).
    ("lead-no-trump", C, "", "9D 2H", 3, "", False, {}, "9D 2H"),
    # Won 2, Q♠ gone: K J 4 with A, 10 outstanding: A kills K, 10 kills 4, Sure 1 → cinch;
    # J is equivalent to K because the only trump between them (Q) has been played (§6.3 C6).
    ("lead-gap-played", S, "", "KS JS 4S", 2, "QS", False, {}, "KS JS"),
    # C-follow, trumps led, not last. 7♥ led; hand A K 9 8 of ♥. Outstanding 2 3 4 5 6 10 J Q:
    # 10 kills 8, J kills 9, Q cannot beat K → Killable 2, Sure 2. Won 1 → 3, cinch: A or K only
    # (9 is not equivalent: 10, J, Q are unaccounted for). Won 0 → no cinch, every trump beating 7♥.
    ("follow-trump-led", H, "7H", "AH KH 9H 8H 3C", 1, "", False, {}, "AH KH"),
    ("follow-trump-led-no-cinch", H, "7H", "AH KH 9H 8H 3C", 0, "", False, {}, "AH KH 9H 8H"),
    # C-follow, void in the suit led, not last (§6.3 C7): A K Q 4 of ♥, Sure 3; 4♥ would win.
    ("void-C7", H, "TD 2D", "AH KH QH 4H 8S", 0, "", False, {}, "AH KH QH"),
    ("void-C7-strict", H, "TD 2D", "AH KH QH 4H 8S", 0, "", False, {"cinch_equivalent_trumps": "strict"}, "AH"),
    (
        "void-C7-adjacent",
        H,
        "TD 2D",
        "AH KH QH 4H 8S",
        0,
        "",
        False,
        {"cinch_equivalent_trumps": "adjacent_only"},
        "AH KH",
    ),
    ("void-C7-akq-only", H, "TD 2D", "AH KH QH 4H 8S", 0, "", False, {"cinch_rules": "akq_only"}, "AH"),
    ("void-C7-no-cinch-rules", H, "TD 2D", "AH KH QH 4H 8S", 0, "", False, {"cinch_rules": "none"}, "AH KH QH 4H"),
    # Void, the trick already trumped low (3♥): every trump of A K Q 4 overtrumps. Outstanding
    # 2 5 6 7 8 9 10 J: 5 kills 4, nothing beats Q → Sure 3, cinch → A K Q, not 4♥.
    ("void-trumped-low", H, "TD 3H", "AH KH QH 4H 8S", 0, "", False, {}, "AH KH QH"),
    # Void, cinch from tricks won: won 2, A♠ 3♠; 4 kills 3 → Sure 1, 2 + 1 = 3. 3♠ would also beat K♦.
    ("void-won-two-ace", S, "KD", "AS 3S 7C", 2, "", False, {}, "AS"),
    # Void, cannot overtrump A♠: §3.4 rule 2 allows every trump, the cinch still wants the highest.
    # Won 1; K Q 5 with 2 3 4 6 7 8 9 10 J outstanding: 6 kills 5 → Sure 2, 1 + 2 = 3.
    ("void-cannot-overtrump", S, "9D AS", "KS QS 5S 2C", 1, "", False, {}, "KS QS"),
    # Play to win (trump_when_cannot_overtrump = false) allows any card, trumps included: the
    # cinch narrows the trumps to the highest (C-follow's "allowed to play a trump").
    (
        "void-cannot-overtrump-play-to-win",
        S,
        "9D AS",
        "KS QS 5S 2C",
        1,
        "",
        False,
        {"trump_when_cannot_overtrump": False},
        "KS QS",
    ),
    # Void, no cinch: A 4 3 of ♥, 5 kills 3, 6 kills 4 → Sure 1, won 0: any trump (§3.4 rule 2).
    ("void-no-cinch", H, "TD 2D", "AH 4H 3H 8S 9C", 0, "", False, {}, "AH 4H 3H"),
    # The side suit can be followed: the cinch adds nothing; 4♦ cannot head 10♦, so 4♦ alone.
    ("follow-side-suit", H, "TD", "AH KH QH 4D 8S", 0, "", False, {}, "4D"),
    # C-last: normal rules only (§6.3 C7b): every trump beats 10♦.
    ("void-last-C7b", H, "TD 2D", "AH KH QH 4H 8S", 0, "", True, {}, "AH KH QH 4H"),
    ("trump-led-last", H, "7H", "AH KH 9H 8H 3C", 1, "", True, {}, "AH KH 9H 8H"),
]


def _as_trumps(trump: Suit, form: str) -> Trumps:
    return TrickOrder(trump) if form == "order" else trump


@pytest.mark.parametrize("form", ["suit", "order"])
@pytest.mark.parametrize(
    ("row", "trump", "trick", "hand", "won", "played", "last", "rules", "expected"), ROWS, ids=[r[0] for r in ROWS]
)
def test_cinch_obligations(
    form: str,
    row: str,
    trump: Suit,
    trick: str,
    hand: str,
    won: int,
    played: str,
    last: bool,
    rules: dict[str, object],
    expected: str,
) -> None:
    seen = frozenset(parse_cards(played)) | frozenset(parse_cards(trick))
    view = CinchView(won=won, played=seen, last_to_play=last)
    play_rules = PlayRules(**rules)  # type: ignore[arg-type]
    cards = parse_cards(hand)
    got = legal(cards, parse_cards(trick), _as_trumps(trump, form), play_rules, view)
    assert {str(c) for c in got} == {str(c) for c in parse_cards(expected)}


@pytest.mark.parametrize("form", ["suit", "order"])
@pytest.mark.parametrize(
    ("row", "trump", "trick", "hand", "won", "card", "code"),
    [
        ("void-C7 4H", H, "TD 2D", "AH KH QH 4H 8S", 0, "4H", "cinch_must_play_highest_trump"),
        ("void-trumped-low 4H", H, "TD 3H", "AH KH QH 4H 8S", 0, "4H", "cinch_must_play_highest_trump"),
        ("void-won-two-ace 3S", S, "KD", "AS 3S 7C", 2, "3S", "cinch_must_play_highest_trump"),
        ("void-cannot-overtrump 5S", S, "9D AS", "KS QS 5S 2C", 1, "5S", "cinch_must_play_highest_trump"),
        ("follow-trump-led 9H", H, "7H", "AH KH 9H 8H 3C", 1, "9H", "cinch_must_play_highest_trump"),
        ("lead 7C", D, "", "AD KD QD 7C 4S", 0, "7C", "cinch_must_lead_trump"),
    ],
)
def test_cinch_breach_codes(
    form: str, row: str, trump: Suit, trick: str, hand: str, won: int, card: str, code: str
) -> None:
    """A breach is named as such: each card here obeys §3.4 (it follows, trumps or overtrumps as
    required), so the cinch is the only objection."""
    view = CinchView(won=won, played=frozenset(parse_cards(trick)))
    cards, played = parse_cards(hand), parse_cards(trick)
    assert parse_card(card) in basic_legal(cards, played, trump, PlayRules())
    assert why_illegal(parse_card(card), cards, played, _as_trumps(trump, form), PlayRules(), view) == code
