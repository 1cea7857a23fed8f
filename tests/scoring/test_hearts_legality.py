"""Table-driven legality (rules/hearts.md §2.3): a position and a known hand → exactly the legal
cards, or the error code of an illegal card. Each row's expectation is read from §2.3."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.cards import parse_card
from scoring.errors import RulesError
from scoring.hearts.legality import check_play, legal_cards
from scoring.hearts.variants import HeartsVariants
from tests.scoring.hearts_support import position

# (variants, hand, trick so far, trick number, hearts broken, → legal cards)
LEGAL_ROWS: list[tuple[dict[str, Any], str, str, int, bool, str]] = [
    # A. opening lead
    ({}, "2C 5C KH QS", "", 1, False, "2C"),
    ({"first_lead": "any_club"}, "2C 5C KH QS", "", 1, False, "2C 5C"),
    ({"first_lead": "left_of_dealer"}, "5C KH QS 3D", "", 1, False, "5C QS 3D"),
    ({"first_lead": "left_of_dealer", "must_break_hearts": False}, "5C KH 3D", "", 1, False, "5C KH 3D"),
    ({"first_lead": "left_of_dealer"}, "KH 2H", "", 1, False, "KH 2H"),  # only hearts
    # B.1 follow suit
    ({}, "3C 9C AH QS", "2C", 1, False, "3C 9C"),
    ({}, "2D KD AS", "7D", 4, False, "2D KD"),
    ({}, "QS 2S", "AS", 6, False, "QS 2S"),
    # B.2 first-trick discards
    ({}, "AH QS 5D 9S", "2C", 1, False, "5D 9S"),
    ({"no_points_first_trick": False}, "AH QS 5D 9S", "2C", 1, False, "AH QS 5D 9S"),
    ({"jack_of_diamonds": "jd_minus_10"}, "AH QS JD", "2C 3C", 1, False, "JD"),  # the J♦ is no penalty card
    # B.3 fallback
    ({}, "AH KH QS", "2C", 1, False, "AH KH QS"),
    ({"first_trick_fallback": "heart_only"}, "AH KH QS", "2C", 1, False, "AH KH"),
    ({"first_trick_fallback": "heart_only"}, "QS", "2C 3C 4C", 1, False, "QS"),
    # B: discards after trick 1 are free
    ({}, "AH QS 5D", "2C", 2, False, "AH QS 5D"),
    # C. leading
    ({}, "QS 3S 4D", "", 2, False, "QS 3S 4D"),
    ({}, "3H 9H KC", "", 5, False, "KC"),
    ({}, "3H 9H KC", "", 5, True, "3H 9H KC"),
    ({"must_break_hearts": False}, "3H 9H KC", "", 5, False, "3H 9H KC"),
    ({}, "2H 7H", "", 12, False, "2H 7H"),
    ({"all_hearts_unbroken_lead": "pass_lead"}, "2H 7H", "", 12, False, ""),
    ({}, "QS 5H 8H", "", 3, False, "QS"),
    ({"can_lead_hearts_instead_of_qs": True}, "QS 5H 8H", "", 3, False, "QS 5H 8H"),
    ({"can_lead_hearts_instead_of_qs": True}, "QS 5H 8C", "", 3, False, "QS 8C"),
]


@pytest.mark.parametrize(("variants", "hand", "trick", "number", "broken", "expected"), LEGAL_ROWS)
def test_legal_cards(variants: dict[str, Any], hand: str, trick: str, number: int, broken: bool, expected: str) -> None:
    pos = position(variants, hand=hand, seat=1, trick=trick, trick_number=number, hearts_broken=broken)
    legal = {str(c) for c in legal_cards(pos, HeartsVariants.from_json(variants), 1)}
    assert legal == set(expected.split())


# (variants, hand, trick so far, trick number, hearts broken, card played → error code)
ERROR_ROWS: list[tuple[dict[str, Any], str, str, int, bool, str, str]] = [
    ({}, "2C 5C KH", "", 1, False, "5C", "must_lead_two_of_clubs"),
    ({"first_lead": "any_club"}, "2C 5C KH", "", 1, False, "KH", "must_lead_a_club"),
    ({}, "3C 9C AH", "2C", 1, False, "AH", "must_follow_suit"),
    ({}, "AH QS 5D", "2C", 1, False, "QS", "no_points_first_trick"),
    ({}, "AH QS 5D", "2C", 1, False, "AH", "no_points_first_trick"),
    ({"first_trick_fallback": "heart_only"}, "AH QS", "2C", 1, False, "QS", "no_points_first_trick"),
    ({}, "3H 9H KC", "", 5, False, "3H", "hearts_not_broken"),
    ({}, "QS 5H 8H", "", 3, False, "5H", "hearts_not_broken"),
    ({"all_hearts_unbroken_lead": "pass_lead"}, "2H 7H", "", 12, False, "2H", "hearts_not_broken"),
    ({}, "3C 9C", "2C", 1, False, "4C", "card_not_in_hand"),
    ({}, "3C 9C", "2C", 1, False, "2C", "card_already_played"),
    ({}, "3C 9C", "2C", 1, False, "2D", "card_not_in_hand"),
]


@pytest.mark.parametrize(("variants", "hand", "trick", "number", "broken", "card", "code"), ERROR_ROWS)
def test_illegal_card(
    variants: dict[str, Any], hand: str, trick: str, number: int, broken: bool, card: str, code: str
) -> None:
    pos = position(variants, hand=hand, seat=1, trick=trick, trick_number=number, hearts_broken=broken)
    with pytest.raises(RulesError) as err:
        check_play(pos, HeartsVariants.from_json(variants), 1, parse_card(card))
    assert err.value.code == code


def test_card_not_in_pack_three_players() -> None:
    pos = position(hand="3C 9C", seat=1, trick="2C", n=3)
    with pytest.raises(RulesError) as err:
        check_play(pos, HeartsVariants(), 1, parse_card("2D"))
    assert err.value.code == "card_not_in_pack"


def test_not_your_turn() -> None:
    pos = position(hand="3C 9C", seat=1, trick="2C")
    with pytest.raises(RulesError) as err:
        check_play(pos, HeartsVariants(), 2, parse_card("4C"))
    assert err.value.code == "not_your_turn"
    assert err.value.params["expected"] == [1]


# Unknown hands: what may be recorded is every card not yet seen and not excluded, filtered by what
# §2.3 allows some hand to play. Rows: (trick so far, trick number, broken, excluded suits → count).
def test_unknown_hand_legal_set_is_every_unseen_card_on_a_follow() -> None:
    from scoring.hearts import GAME
    from tests.scoring.hearts_support import ev, new_game

    state = ev(new_game({"pass_count": 0}), "deal")
    state = ev(state, "play_card", seat=0, card="2C")
    seat1 = next(a for a in GAME.legal_actions(state) if a["type"] == "play_card")
    # 51 unseen cards; a void seat may discard anything (a point card from a hand of only points).
    assert seat1["seat"] == 1 and len(seat1["cards"]) == 51 and seat1["hand_known"] is False
    state = ev(state, "play_card", seat=1, card="5D")  # seat 1 shows out of clubs
    state = ev(state, "play_card", seat=2, card="3C")
    state = ev(state, "play_card", seat=3, card="4C")  # seat 3 wins, leads trick 2 with a club
    state = ev(state, "play_card", seat=3, card="5C")
    state = ev(state, "play_card", seat=0, card="6C")
    seat1 = next(a for a in GAME.legal_actions(state) if a["type"] == "play_card")
    # 52 - 6 seen = 46 unseen; seat 1 showed out of clubs: minus the 8 unseen clubs (7C…AC) = 38.
    assert len(seat1["cards"]) == 38 and not any(c.endswith("C") for c in seat1["cards"])


def test_the_cards_a_play_excludes_are_kept_in_card_order() -> None:
    """§2.3 B.1: Bea (hand unknown) discards 5♦ on the 2♣ lead, so she holds none of the other
    twelve clubs. The evidence lists them (and names a witness) in rank order, 3♣ up to A♣, not in
    a set's iteration order, which PYTHONHASHSEED changes."""
    from scoring.cards import Card, parse_cards
    from scoring.knowledge import Exclusion
    from tests.scoring.hearts_support import ev, new_game

    state = ev(new_game({"pass_count": 0}), "deal", hands=None)
    state = ev(ev(state, "play_card", seat=0, card="2C"), "play_card", seat=1, card="5D")
    assert state.current is not None
    (follow,) = [r for r in state.current.knowledge.restrictions if isinstance(r, Exclusion) and r.seat == 1]
    expected: tuple[Card, ...] = parse_cards("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    assert (follow.code, follow.cards) == ("must_follow_suit", expected)
