"""The one description of each trick game's play obligations (scoring/obligations/): the engines
and the claim checker's play model read the same keys from it, and give the same legal cards
(the random playouts side by side are in test_claims_engines.py)."""

from __future__ import annotations

import dataclasses

import pytest

from scoring.bourre.variants import BourreVariants
from scoring.cards import Suit, parse_cards
from scoring.claims.position import BourrePlay, HeartsPlay, ThousandPlay
from scoring.hearts.variants import HeartsVariants
from scoring.obligations import bourre, hearts, thousand
from scoring.thousand.variants import ThousandVariants


@pytest.mark.parametrize(
    ("keys", "engine", "model"),
    [
        (hearts.PLAY_KEYS, HeartsVariants, HeartsPlay),
        (thousand.PLAY_KEYS, ThousandVariants, ThousandPlay),
        (bourre.PLAY_KEYS, BourreVariants, BourrePlay),
    ],
)
def test_engine_and_claim_model_carry_every_key_of_the_description(
    keys: tuple[str, ...], engine: type, model: type
) -> None:
    for cls in (engine, model):
        names = {f.name for f in dataclasses.fields(cls)}
        assert set(keys) <= names, (cls, set(keys) - names)


def test_hearts_description_on_a_known_hand() -> None:
    ob = hearts.Obligations()
    # §2.3 A: the holder of the lowest club leads it (2♣ held: nothing else).
    assert hearts.opening_legal(ob, parse_cards("2C 5C AH"), hearts_broken=False) == tuple(parse_cards("2C"))
    # §2.3 C: hearts unbroken, a hand of Q♠ and hearts leads the Q♠; with can_lead_hearts_instead_of_qs
    # it may lead a heart instead.
    hand = parse_cards("QS 5H 9H")
    assert hearts.legal_from_hand(ob, hand, led=None, first_trick=False, hearts_broken=False) == tuple(
        parse_cards("QS")
    )
    lenient = dataclasses.replace(ob, can_lead_hearts_instead_of_qs=True)
    assert hearts.legal_from_hand(lenient, hand, led=None, first_trick=False, hearts_broken=False) == tuple(hand)
    # §2.3 B.3 heart_only: void in clubs on trick 1 with only Q♠ and hearts, a heart (not the Q♠).
    strict = dataclasses.replace(ob, first_trick_fallback="heart_only")
    assert hearts.legal_from_hand(strict, hand, led=Suit.CLUBS, first_trick=True, hearts_broken=False) == tuple(
        parse_cards("5H 9H")
    )


def test_thousand_description_reads_the_house_rules() -> None:
    # §6.2 must_overtrump: void in spades, trumps ♥: a trump that beats the 9♥ already played.
    rules = thousand.trick_rules(ThousandPlay(must_overtrump=True), Suit.HEARTS)
    assert thousand.legal_cards(parse_cards("TH JH 9D"), parse_cards("AS 9H"), rules) == tuple(parse_cards("TH JH"))
    assert thousand.marriage_value(Suit.SPADES, 60) == 60 and thousand.marriage_value(Suit.HEARTS, 40) == 100
    assert not thousand.may_announce(ThousandPlay(), on_lead=True, won_a_trick=False)
    assert thousand.may_announce(ThousandPlay(marriage_requires_won_trick=False), on_lead=True, won_a_trick=False)


def test_bourre_description_from_either_side_is_the_same() -> None:
    variants = BourreVariants(cinch_rules="akq_only", must_beat_mode="highest_card")
    model = BourrePlay(cinch_rules="akq_only", must_beat_mode="highest_card")
    assert bourre.PlayRules.of(variants) == bourre.PlayRules.of(model)
