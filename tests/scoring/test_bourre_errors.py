"""Bad input: each rejected with its own code, naming the rule, and the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.bourre import GAME, Session
from scoring.errors import RulesError
from tests.scoring.bourre_helpers import decide, play, start, step

HANDS = [
    ["AD", "6D", "9S", "3S", "7C"],  # P1
    ["QD", "KH", "2H", "5C", "9C"],  # P2
    ["4S", "7D", "JH", "TC", "8H"],  # P3
    ["7S", "5D", "3H", "4C", "6C"],  # P4, dealer, up-card 7♠
]


def known_deal() -> Session:
    s = start(4)
    s = step(s, "deal", dealer=3, up_card="7S", hands=HANDS)
    return decide(s, "0:+0 1:+0 2:+0 3:+0")


def expect(state: Session, code: str, event_type: str, **payload: Any) -> RulesError:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, event_type, payload)
    assert err.value.code == code
    assert str(err.value.rule).startswith("bourre.md §")
    return err.value


def test_card_out_of_turn() -> None:
    s = known_deal()
    before = GAME.summary(s)
    error = expect(s, "not_your_turn", "play_card", seat=1, card="QD")
    assert error.params["expected"] == 0
    assert GAME.summary(s) == before  # nothing changed


def test_card_already_played_and_not_in_hand() -> None:
    s = start(4)
    s = step(s, "deal", dealer=3, up_card="7S")
    s = decide(s, "0:+0 1:+0 2:+0 3:+0")
    s = play(s, "QD")
    expect(s, "card_already_played", "play_card", seat=1, card="QD")
    s = known_deal()
    expect(s, "card_not_in_hand", "play_card", seat=0, card="KD")


def test_card_the_player_cannot_hold() -> None:
    s = start(4)
    s = step(s, "deal", dealer=3, up_card="7S")
    s = decide(s, "0:+0")
    s = step(s, "declare", seat=1, play=True)
    s = step(s, "draw", seat=1, count=1, discarded=["KC"])
    s = decide(s, "2:+0 3:+0")
    s = play(s, "2D")
    expect(s, "card_discarded", "play_card", seat=1, card="KC")  # discarded in the draw (§8)
    expect(s, "card_in_other_hand", "play_card", seat=1, card="7S")  # the dealer's up-card


def test_illegal_card_with_known_hand_is_refused() -> None:
    s = play(known_deal(), "7C")
    error = expect(s, "must_head_trick", "play_card", seat=1, card="5C")  # 9♣ beats W = 7♣
    assert error.params["legal"] == ["9C"]
    s = play(s, "9C")  # the refusal cost nothing: the legal card is accepted
    assert GAME.summary(s)["findings"] == []


@pytest.mark.parametrize(
    ("cards", "seat", "card", "code"),
    [
        ("6D", 1, "KH", "must_follow_suit"),  # P2 holds Q♦
        ("6D QD", 2, "4S", "must_follow_suit"),  # P3 holds 7♦
        ("6D QD 7D", 3, "3H", "must_follow_suit"),  # P4 holds 5♦
        ("7C", 1, "5C", "must_head_trick"),  # 9♣ beats W = 7♣
        ("7C 9C", 2, "4S", "must_follow_suit"),  # P3 holds T♣
        ("7C 9C TC", 3, "7S", "must_follow_suit"),  # P4 holds 4♣ 6♣ (neither beats T♣: any club)
        ("6D QD 7D 5D KH 8H 3H", 0, "7C", "must_trump"),  # P1 void in ♥ holding 9♠ 3♠
    ],
)
def test_refusals_table(cards: str, seat: int, card: str, code: str) -> None:
    s = play(known_deal(), cards)
    expect(s, code, "play_card", seat=seat, card=card)


def test_result_entry_errors() -> None:
    s = start("ABCDE")
    expect(s, "tricks_must_total_5", "deal_result", played=[0, 1, 2], tricks=[2, 2, 0, 0, 0])
    expect(s, "passer_took_tricks", "deal_result", played=[0, 1], tricks=[2, 2, 1, 0, 0])
    expect(s, "tricks_required", "deal_result", played=[0, 1])
    expect(s, "renege_by_non_player", "deal_result", played=[0, 1], tricks=[3, 2, 0, 0, 0], reneges=[4])
    expect(s, "dealer_must_play_ace", "deal_result", dealer=0, up_card="AS", played=[1, 2], tricks=[0, 3, 2, 0, 0])
    expect(s, "dealer_must_play_ace", "deal_result", ace_up=True, played=[], dealer=0)
    expect(s, "up_card_not_ace", "deal_result", ace_up=True, up_card="KS", played=[0, 1], tricks=[3, 2, 0, 0, 0])
    expect(s, "ante_missing", "deal_result", antes=[0, 1], played=[0, 1], tricks=[3, 2, 0, 0, 0])
    s = step(s, "deal_result", played=[0, 1], tricks=[5, 0, 0, 0, 0])
    expect(s, "ante_from_exempt_player", "deal", up_card="2C", antes=[0, 1, 2, 3, 4])
    expect(s, "wrong_dealer", "deal", up_card="2C", dealer=0)


def test_phase_errors() -> None:
    s = known_deal()
    expect(s, "deal_in_progress", "deal", up_card="2C")
    s = start(8, max_discard="three_with_7_or_8")
    s = step(s, "deal", dealer=7, up_card="2C")
    s = step(s, "declare", seat=0, play=True)
    expect(s, "too_many_discards", "draw", seat=0, count=4)
    s2 = step(start(3), "end_session")
    expect(s2, "match_finished", "deal_result", played=[])


def test_recall_rules() -> None:
    s = play(known_deal(), "7C")
    expect(s, "recall_of_legal_card", "recall", seat=0)  # checked legal against the known hand
    s = start(4, renege_correction_window="none")
    s = step(s, "deal", dealer=3, up_card="7S")
    s = play(decide(s, "0:+0 1:+0 2:+0 3:+0"), "2D")
    expect(s, "recall_not_allowed", "recall", seat=0)


def test_legal_actions_list_the_legal_cards_of_a_known_hand() -> None:
    s = play(known_deal(), "7C")
    (action,) = [a for a in GAME.legal_actions(s) if a["type"] == "play_card"]
    assert action == {"type": "play_card", "seat": 1, "cards": ["9C"], "hand_known": True}


# rules/bourre.md §7, every key of the variants table.
SECTION_7_KEYS = [
    "player_count",
    "hand_size",
    "first_dealer",
    "ante_amount",
    "ante_payer",
    "second_ante",
    "double_ante_exemptions",
    "decision_mode",
    "trump_source",
    "max_discard",
    "stock_exhaustion",
    "dealer_must_play_on_ace",
    "lone_player_wins",
    "all_pass_policy",
    "premature_signal_penalty",
    "head_trick_required",
    "must_beat_mode",
    "trump_when_cannot_overtrump",
    "cinch_rules",
    "cinch_equivalent_trumps",
    "cinch_breach_is_renege",
    "must_lead_trump_when_others_void",
    "split_pot_handling",
    "tied_players_skip_ante",
    "bourre_payment",
    "bourre_fixed_amount",
    "pot_limit",
    "renege_uncorrected_penalty",
    "renege_correction_window",
    "uncorrected_renege_forfeits_pot",
    "renege_and_bourre_stack",
    "uncorrected_renege_forfeits_deal",
    "forfeited_pot_policy",
    "renege_claim_deadline",
    "lo_no",
]


def test_every_rules_file_variant_is_declared() -> None:
    declared = {row["key"] for row in GAME.catalogue()["variants"]}
    # lo_no_max_rank is ours: §7 lo_no says "a low card" without saying which (docs/games/bourre.md).
    assert declared == {*SECTION_7_KEYS, "lo_no_max_rank"}
