"""Card notation (issue 2 item 3): every common spelling parses, one canonical form comes out."""

from __future__ import annotations

import pickle

import pytest

from scoring.cards import JOKER, STANDARD_DECK, Card, Suit, card_of, parse_card, parse_cards
from scoring.errors import EventFormatError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("10H", "TH"),
        ("TH", "TH"),
        ("th", "TH"),
        ("Q♠", "QS"),
        ("Q♤", "QS"),
        ("10♥", "TH"),
        ("A♦", "AD"),
        ("2♣", "2C"),
        (" 9d ", "9D"),
        ("JK", "JK"),
        ("joker", "JK"),
    ],
)
def test_it_reads_every_common_notation(text: str, canonical: str) -> None:
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "Q", "1X", "11H", "ZS", "QQ", "10", "♠"])
def test_it_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(EventFormatError) as excinfo:
        parse_card(text)
    assert excinfo.value.code == "invalid_card"


def test_cards_are_interned_values() -> None:
    assert parse_card("10H") is parse_card("TH") is card_of(10, Suit.HEARTS)
    assert Card("QS") is parse_card("Q♠")
    assert pickle.loads(pickle.dumps(parse_card("QS"))) is parse_card("QS")
    with pytest.raises(AttributeError):
        parse_card("QS").rank = 3  # type: ignore[misc]


def test_a_standard_deck_has_52_distinct_cards() -> None:
    assert len(STANDARD_DECK) == 52
    assert len(set(STANDARD_DECK)) == 52
    assert JOKER not in STANDARD_DECK


def test_lists_and_strings_of_cards_parse() -> None:
    assert [str(c) for c in parse_cards("2C, 10H Q♠")] == ["2C", "TH", "QS"]
    assert [str(c) for c in parse_cards(["ah", "jk"])] == ["AH", "JK"]


def test_pretty_form_uses_symbols_and_ten() -> None:
    assert parse_card("TH").pretty == "10♥"
    assert parse_card("QS").pretty == "Q♠"
