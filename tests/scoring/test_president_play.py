"""President card by card: worked examples PR-1 … PR-7 and PR-13 … PR-18, and table-driven legality.

Seats 0…n−1 are P1…Pn; in round 1 seat n−1 deals so P1 sits on the dealer's left.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.president import GAME
from scoring.president.deal import deal_sizes
from tests.scoring.president_helpers import build_hands, deal4, ev, pass_, play, position, start

P1, P2, P3, P4, P5 = range(5)


# -- PR-1 deal sizes ------------------------------------------------------------------------------
def test_pr1_deal_sizes() -> None:
    # PR-1: 5 players, 52 cards, dealer P5: P1 11, P2 11, P3 10, P4 10, P5 10.
    assert deal_sizes(52, (0, 1, 2, 3, 4), 4) == (11, 11, 10, 10, 10)
    # 8 players, 2 decks: 13 each.
    assert deal_sizes(104, tuple(range(8)), 7) == (13,) * 8
    # 4 players with 2 jokers: the two players after the dealer get 14, the others 13.
    assert deal_sizes(54, (0, 1, 2, 3), 1) == (13, 13, 14, 14)


def test_pr1_deal_rejects_wrong_hand_sizes_and_wrong_pack() -> None:
    state = start(5)
    hands = build_hands(5, 4, {})
    hands[0].append(hands[4].pop())  # P1 12, P5 9
    with pytest.raises(RulesError) as err:
        ev(state, "deal", dealer=4, hands=hands)
    assert err.value.code == "wrong_hand_size"
    hands = build_hands(5, 4, {})
    hands[0][0] = hands[1][0]  # one card twice, another missing
    with pytest.raises(RulesError) as err:
        ev(state, "deal", dealer=4, hands=hands)
    assert err.value.code == "not_the_deck"
    with pytest.raises(RulesError) as err:
        ev(state, "deal", hands=build_hands(5, 4, {}))
    assert err.value.code == "dealer_required"


# -- table-driven legality: (variants, P1's lead, P2's cards, P2's play → "ok" or error code) -----
P2_HAND = "9S 9H 2S 2H KD 8C 8D 8H 7C 7D JS"
PILE_ROWS: list[tuple[dict[str, Any], str, str, str]] = [
    # PR-2: top = pair of 7s.
    ({}, "7S 7H", "9S 9H", "ok"),
    ({}, "7S 7H", "2S 2H", "ok"),
    ({}, "7S 7H", "KD", "wrong_count"),
    ({}, "7S 7H", "8C 8D 8H", "wrong_count"),
    ({}, "7S 7H", "7C 7D", "equal_rank_not_allowed"),
    ({"equal_play": "allowed"}, "7S 7H", "7C 7D", "ok"),
    ({"jokers": "wild"}, "7S 7H", "JS JK", "ok"),
    ({"jokers": "high"}, "7S 7H", "JS JK", "mixed_ranks"),
    # Lower ranks never beat.
    ({}, "9C 9D", "8C 8D", "does_not_beat"),
    # PR-5: top = three Ks.
    ({}, "KS KH KC", "2S", "wrong_count"),
    ({"single_two_beats_any": True}, "KS KH KC", "2S", "ok"),
    ({}, "KS KH KC", "2S 2H", "wrong_count"),
    ({"twos_beat_one_larger": True}, "KS KH KC", "2S 2H", "ok"),
    ({"twos_beat_one_larger": True}, "KS KH KC", "2S", "wrong_count"),
    # PR-17: twos low — a single 2 on a single 3 is illegal.
    ({"rank_order": "twos_low"}, "3S", "2S", "does_not_beat"),
    ({}, "3S", "2S", "ok"),
    # PR-16: bomb on a pair of Ks (here P2 bombs directly).
    ({"bombs": "four_of_a_kind"}, "KS KH", "8C 8D 8H 8S", "ok"),
    ({}, "KS KH", "8C 8D 8H 8S", "wrong_count"),
]


@pytest.mark.parametrize(("variants", "lead", "cards", "expected"), PILE_ROWS)
def test_responses(variants: dict[str, Any], lead: str, cards: str, expected: str) -> None:
    p2 = P2_HAND + (" JK" if variants.get("jokers", "none") != "none" else "")
    if "8S" in cards:
        p2 = p2.replace("JS", "8S")
    state = deal4({P1: lead, P2: p2}, **variants)
    state = play(state, P1, lead)
    if expected == "ok":
        after = play(state, P2, cards)
        assert after.current is not None and after.current.sizes[P2] == state.current.sizes[P2] - len(cards.split())  # type: ignore[union-attr]
    else:
        with pytest.raises(RulesError) as err:
            play(state, P2, cards)
        assert err.value.code == expected


LEAD_ROWS: list[tuple[dict[str, Any], str, str]] = [
    # PR-3: empty pile.
    ({}, "5C 5D 5H 5S", "ok"),
    ({}, "2S", "ok"),
    ({}, "4S 5S", "mixed_ranks"),
    ({"no_lead_twos_or_bombs": True, "bombs": "four_of_a_kind"}, "2S", "lead_twos_or_bomb"),
    ({"no_lead_twos_or_bombs": True, "bombs": "four_of_a_kind"}, "5C 5D 5H 5S", "lead_twos_or_bomb"),
    ({"no_lead_twos_or_bombs": True, "bombs": "four_of_a_kind"}, "5C 5D 5H", "ok"),
    ({"no_lead_twos_or_bombs": True}, "5C 5D 5H 5S", "ok"),  # without bombs four 5s are an ordinary set
    ({"jokers": "wild"}, "JK", "ok"),
]


@pytest.mark.parametrize(("variants", "cards", "expected"), LEAD_ROWS)
def test_leads(variants: dict[str, Any], cards: str, expected: str) -> None:
    hand = "5C 5D 5H 5S 2S 4S" + (" JK" if variants.get("jokers", "none") != "none" else "")
    state = deal4({P1: hand}, **variants)
    if expected == "ok":
        play(state, P1, cards)
    else:
        with pytest.raises(RulesError) as err:
            play(state, P1, cards)
        assert err.value.code == expected


def test_no_lead_twos_lapses_when_only_twos_are_left() -> None:
    # §2.4 [our default]: the restriction lapses when every card left is a 2.
    state = deal4({P1: "2S 2H"}, no_lead_twos_or_bombs=True)
    state = position(state, {P1: "2S 2H", P2: "9C", P3: "9D", P4: "9H"}, P1, [None] * 4)
    after = play(state, P1, "2S")
    assert after.current is not None and after.current.sizes[P1] == 1


def test_pr3_first_lead_must_contain_three_of_clubs() -> None:
    # PR-3: round 1, P3 holds 3♣ and 3♥: legal first leads {3♣} or {3♣, 3♥}; {9♠} illegal.
    state = deal4({P3: "3C 3H 9S"}, first_round_lead="three_of_clubs", filler_order="4C 3D 3S")
    assert GAME.summary(state)["to_act"] == P3
    leads = [a["cards"] for a in GAME.legal_actions(state) if a["type"] == "play"]
    assert sorted(leads) == [["3C"], ["3C", "3H"]]
    with pytest.raises(RulesError) as err:
        play(state, P3, "9S")
    assert err.value.code == "first_lead_card_required"
    with pytest.raises(RulesError) as err:
        play(state, P1, "4C")
    assert err.value.code == "not_your_turn"


def test_first_lead_with_hidden_hands_and_three_of_spades() -> None:
    state = ev(start(4), "deal", dealer=3)
    assert GAME.summary(state)["to_act"] is None  # whoever holds the 3♣ leads
    with pytest.raises(RulesError) as err:
        play(state, P2, "9S")
    assert err.value.code == "first_lead_card_required"
    after = play(state, P2, "3C 3D")
    assert after.current is not None and after.current.to_act == P3
    state = ev(start(4, first_round_lead="three_of_spades"), "deal", dealer=3)
    with pytest.raises(RulesError):
        play(state, P2, "3C")
    play(state, P2, "3S")


def test_pr4_two_on_an_ace() -> None:
    # PR-4: top = single A; P2 plays a single 2 → legal; P3, P4, P1 may only pass; then P2 leads.
    state = deal4({P1: "AS", P2: "2S"})
    state = play(play(state, P1, "AS"), P2, "2S")
    for seat in (P3, P4, P1):
        assert GAME.legal_actions(state) == [{"type": "pass", "seat": seat}]
        state = pass_(state, seat)
    assert state.current is not None and state.current.to_act == P2 and state.current.trick is not None
    assert state.current.trick.plays == ()
    # With twos_clear the pile clears at once and P2 leads; P3 gets no turn.
    state = deal4({P1: "AS", P2: "2S"}, twos_clear=True)
    state = play(play(state, P1, "AS"), P2, "2S")
    assert state.current is not None and state.current.to_act == P2 and state.current.trick.plays == ()  # type: ignore[union-attr]


def _pr6(**variants: Any) -> Any:
    # PR-6: P1 leads 5; P2 passes; P3 plays 8; P4 passes; P1 plays J.
    state = deal4({P1: "5S JS", P2: "KS", P3: "8S"}, **variants)
    state = play(state, P1, "5S")
    state = pass_(state, P2)
    state = play(state, P3, "8S")
    state = pass_(state, P4)
    return play(state, P1, "JS")


def test_pr6_passing_and_re_entry() -> None:
    state = play(_pr6(), P2, "KS")  # legal by default
    # PR-7: P3, P4 and P1 pass → the trick ends and P2 leads.
    for seat in (P3, P4, P1):
        state = pass_(state, seat)
    assert state.current is not None and state.current.to_act == P2 and state.current.trick.plays == ()  # type: ignore[union-attr]
    with pytest.raises(RulesError) as err:
        play(_pr6(pass_is_final=True), P2, "KS")
    assert err.value.code == "already_passed"
    # Under pass_is_final P2 is skipped: after P1's J the turn goes to P3.
    assert _pr6(pass_is_final=True).current.to_act == P3


def test_pass_is_final_trick_ends_when_all_others_have_passed() -> None:
    # §2.5 [our default]: passes made before the last play count too.
    state = deal4({P1: "5S JS", P2: "KS", P3: "8S"}, pass_is_final=True)
    state = play(state, P1, "5S")
    state = pass_(state, P2)
    state = play(state, P3, "8S")
    state = pass_(state, P4)
    state = pass_(state, P1)  # P2 passed before the 8: nobody is left; P3 leads
    assert state.current is not None and state.current.to_act == P3 and state.current.trick.plays == ()  # type: ignore[union-attr]


def test_pr7_lead_passes_on_when_the_last_player_is_out() -> None:
    # PR-7: if the K was P2's last card, P2 is out (1st); after P3, P4, P1 pass, P3 leads.
    state = deal4({})
    state = position(state, {P1: "5S JS 4D", P2: "KS", P3: "8S 3C", P4: "9D 3D"}, P1, [None] * 4)
    state = play(state, P1, "5S")
    state = pass_(state, P2)
    state = play(state, P3, "8S")
    state = pass_(state, P4)
    state = play(state, P1, "JS")
    state = play(state, P2, "KS")
    assert state.current is not None and state.current.places[P2] == 1
    for seat in (P3, P4, P1):
        state = pass_(state, seat)
    assert state.current is not None and state.current.to_act == P3


def test_pr13_skip_on_equal() -> None:
    # PR-13: 5 players. P1 plays a single 9; P2 plays a single 9.
    def after(**variants: Any) -> Any:
        state = deal4({P1: "9S", P2: "9H"}, n=5, **variants)
        return play(play(state, P1, "9S"), P2, "9H")

    assert after(equal_play="allowed_skips_next").current.to_act == P4  # P3 is skipped
    assert after(equal_play="allowed").current.to_act == P3
    with pytest.raises(RulesError) as err:
        after()
    assert err.value.code == "equal_rank_not_allowed"


def test_skip_on_equal_fourth_card_clears() -> None:
    # §2.5: under allowed_skips_next the fourth equal card clears the pile and its player leads.
    state = deal4({P1: "9S", P2: "9H 9D", P4: "9C"}, n=5, equal_play="allowed_skips_next")
    state = play(play(state, P1, "9S"), P2, "9H")  # P3 is skipped
    state = play(state, P4, "9C")  # P5 is skipped
    assert state.current is not None and state.current.to_act == P1
    state = play(pass_(state, P1), P2, "9D")  # the fourth 9
    assert state.current is not None and state.current.to_act == P2 and state.current.trick.plays == ()  # type: ignore[union-attr]


def test_pr14_quick_clear() -> None:
    # PR-14: P1 leads a pair of 6s; before P2 acts, P4 lays the other two 6s → cleared, P4 leads.
    state = deal4({P1: "6C 6D", P4: "6H 6S"}, quick_clear=True)
    state = play(play(state, P1, "6C 6D"), P4, "6H 6S")
    assert state.current is not None and state.current.to_act == P4 and state.current.trick.plays == ()  # type: ignore[union-attr]
    # Off: out of turn.
    state = play(deal4({P1: "6C 6D", P4: "6H 6S"}), P1, "6C 6D")
    with pytest.raises(RulesError) as err:
        play(state, P4, "6H 6S")
    assert err.value.code == "not_your_turn"
    # On P4's own turn the pair of 6s is legal only with equal_play.
    turn = pass_(pass_(state, P2), P3)
    with pytest.raises(RulesError) as err:
        play(turn, P4, "6H 6S")
    assert err.value.code == "equal_rank_not_allowed"
    state = play(deal4({P1: "6C 6D", P4: "6H 6S"}, equal_play="allowed"), P1, "6C 6D")
    play(pass_(pass_(state, P2), P3), P4, "6H 6S")


@pytest.mark.parametrize(("variant", "bob_place", "alice_place"), [(True, 4, 3), (False, 3, 4)])
def test_pr15_cannot_finish_on_two(variant: bool, bob_place: int, alice_place: int) -> None:
    # PR-15: places 1 and 2 taken; Bob holds {A, 2}, Alice {K, 5}. Bob plays A, Alice passes,
    # Bob leads his last card, the 2 → Bob 4th (Scum), Alice 3rd; with the variant off Bob 3rd.
    alice, bob = P1, P2
    state = deal4({}, cannot_finish_on_two=variant)
    state = position(state, {alice: "KH 5H", bob: "AS 2S"}, bob, [None, None, 1, 2])
    state = play(state, bob, "AS")
    state = pass_(state, alice)
    state = play(state, bob, "2S")
    record = state.rounds[0]
    assert (record.places[bob], record.places[alice]) == (bob_place, alice_place)
    assert record.titles[bob] == ("Scum" if variant else "Vice-Scum")


def test_pr16_bomb_clears() -> None:
    # PR-16: top = pair of Ks; P3 plays four 5s → legal; the pile clears and P3 leads.
    state = deal4({P1: "KS KH", P3: "5C 5D 5H 5S"}, bombs="four_of_a_kind")
    state = pass_(play(state, P1, "KS KH"), P2)
    state = play(state, P3, "5C 5D 5H 5S")
    assert state.current is not None and state.current.to_act == P3 and state.current.trick.plays == ()  # type: ignore[union-attr]


def test_pr17_twos_low_ace_is_unbeatable() -> None:
    # PR-17: twos_low; top = single A; nothing beats it; after all others pass P1 leads.
    state = play(deal4({P1: "AS", P2: "2S 2H"}, rank_order="twos_low"), P1, "AS")
    assert GAME.legal_actions(state) == [{"type": "pass", "seat": P2}]
    for seat in (P2, P3, P4):
        state = pass_(state, seat)
    assert state.current is not None and state.current.to_act == P1


def test_pr18_count_cards_round_end() -> None:
    # PR-18: P2 goes out first; cards left P1 3, P3 1, P4 5 → order P2, P3, P1, P4.
    state = deal4({}, round_end="count_cards")
    state = position(state, {P1: "4C 4D 5C", P2: "9S", P3: "6C", P4: "7C 7D 8C 8D TC"}, P2, [None] * 4)
    state = play(state, P2, "9S")
    record = state.rounds[0]
    assert record.order == (P2, P3, P1, P4)
    assert [record.titles[s] for s in record.order] == ["President", "Vice-President", "Vice-Scum", "Scum"]


def test_count_cards_ties_go_clockwise_from_the_first_out() -> None:
    # §2.6 [our default]: P3 goes out; P1 and P4 hold 2 cards each: P4 sits nearer after P3.
    state = deal4({}, round_end="count_cards")
    state = position(state, {P1: "4C 4D", P2: "5C 5D 5H", P3: "9S", P4: "7C 7D"}, P3, [None] * 4)
    state = play(state, P3, "9S")
    assert state.rounds[0].order == (P3, P4, P1, P2)


def test_count_values_round_end() -> None:
    # count_values: value = position in the rank order (3 = 1 … A = 12, 2 = 13).
    state = deal4({}, round_end="count_values")
    # P1: 2 (13) = 13; P2: 3 3 (1 + 1) = 2; P4: A (12) = 12.
    state = position(state, {P1: "2C", P2: "3C 3D", P3: "9S", P4: "AC"}, P3, [None] * 4)
    state = play(state, P3, "9S")
    assert state.rounds[0].order == (P3, P2, P4, P1)
    with pytest.raises(RulesError) as err:
        ev(start(4, round_end="count_values"), "deal", dealer=3)
    assert err.value.code == "hands_required"


def test_revolution_reverses_until_round_end() -> None:
    # §2.4 revolution: four of a kind reverses the rank order until the round ends.
    state = deal4({}, revolution=True)
    state = position(state, {P1: "5C 5D 5H 5S 9C", P2: "4C 3C", P3: "2C", P4: "KD"}, P1, [None] * 4)
    state = play(state, P1, "5C 5D 5H 5S")
    assert state.current is not None and state.current.revolution
    for seat in (P2, P3, P4):
        state = pass_(state, seat)
    state = play(state, P1, "9C")
    state = play(state, P2, "4C")  # a 4 now beats a 9
    with pytest.raises(RulesError) as err:
        play(state, P3, "2C")  # and the 2 is the lowest card
    assert err.value.code == "does_not_beat"


def test_wrong_turn_pass_on_lead_and_out_player() -> None:
    state = deal4({P1: "5S"})
    with pytest.raises(RulesError) as err:
        pass_(state, P1)
    assert err.value.code == "cannot_pass_on_lead"
    with pytest.raises(RulesError) as err:
        play(state, P2, "9S")
    assert err.value.code in ("not_your_turn", "card_not_in_hand")
    with pytest.raises(RulesError) as err:
        play(state, P1, "AH")
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(RulesError) as err:
        ev(state, "play", seat=P1, cards=[])
    assert err.value.code == "empty_play"
    with pytest.raises(RulesError) as err:
        play(state, P1, "JK")
    assert err.value.code == "no_such_card"


def test_hidden_hands_card_played_twice() -> None:
    state = ev(start(4, first_round_lead="left_of_dealer"), "deal", dealer=3)
    state = play(state, P1, "5S")
    with pytest.raises(RulesError) as err:
        play(state, P2, "5S")
    assert err.value.code == "card_already_played"


def _hidden_late(state: Any, size: int) -> Any:
    """A late position with hidden hands: every seat holds ``size`` cards (test fixture)."""
    import dataclasses

    rnd = dataclasses.replace(state.current, sizes=(size,) * state.seats)
    return dataclasses.replace(state, current=rnd)


def test_hidden_two_lead_accepted_then_proven_illegal() -> None:
    # §2.4 / §6.1: with hidden hands a 2-lead is accepted while the leader might hold only 2s; when
    # the same player later plays a card that is not a 2, the illegal lead is proven (flagged).
    state = ev(start(4, first_round_lead="left_of_dealer", no_lead_twos_or_bombs=True), "deal", dealer=3)
    state = _hidden_late(state, 3)  # P1's 3 cards could all be 2s (four are unaccounted for)
    state = play(state, P1, "2S")
    for seat in (P2, P3, P4):
        state = pass_(state, seat)
    state = play(state, P1, "2H")  # still only 2s: proves nothing
    assert GAME.summary(state)["findings"] == []
    for seat in (P2, P3, P4):
        state = pass_(state, seat)
    state = play(state, P1, "5C")
    findings = GAME.summary(state)["findings"]
    assert [(f["code"], f["seat"]) for f in findings] == [("twos_lead_not_allowed", P1)]


def test_hidden_two_lead_rejected_when_not_enough_twos_are_unaccounted() -> None:
    # P1 holds 13 cards but only 4 twos exist: leading a 2 is provably not a lapse.
    state = ev(start(4, first_round_lead="left_of_dealer", no_lead_twos_or_bombs=True), "deal", dealer=3)
    with pytest.raises(RulesError) as err:
        play(state, P1, "2S")
    assert err.value.code == "lead_twos_or_bomb"


def test_end_evening_mid_round_discards_the_round() -> None:
    state = ev(start(4), "round_result", order=[0, 1, 2, 3], dealer=0)
    state = ev(ev(state, "deal"), "end_evening")
    assert state.result is not None and "unfinished round" in state.result.how
    assert state.result.scores == (2, 1, -1, -2)


def test_two_decks_first_holder_from_the_dealers_left_leads() -> None:
    # §2.3: with two decks the first 3♣ holder clockwise from the dealer's left leads.
    state = start(5, decks=2)
    hands = build_hands(5, 4, {P2: "3C", P4: "3C"}, state.variants)
    state = ev(state, "deal", dealer=4, hands=hands)
    assert GAME.summary(state)["to_act"] == P2
    state = start(5, decks=2)
    hands = build_hands(5, 1, {P2: "3C", P4: "3C"}, state.variants)
    state = ev(state, "deal", dealer=1, hands=hands)  # P3 is on the dealer's left: P4 comes first
    assert GAME.summary(state)["to_act"] == P4


def test_two_decks_quick_clear_needs_all_eight() -> None:
    state = deal4({P1: "6C 6D 6H 6S", P3: "6C 6D 6H", P4: "6S"}, decks=2, quick_clear=True)
    state = play(state, P1, "6C 6D 6H 6S")
    with pytest.raises(RulesError) as err:
        play(state, P3, "6C 6D 6H")  # 7 of 8: no quick clear, and out of turn
    assert err.value.code == "not_your_turn"


def test_cannot_finish_on_a_clearing_play() -> None:
    # §2.6 variant: going out with any play that clears the pile (here a bomb) → lowest free place.
    state = deal4({}, cannot_finish_on_two=True, bombs="four_of_a_kind")
    state = position(state, {P1: "9C", P2: "5C 5D 5H 5S", P3: "KC KD", P4: "QC QD"}, P1, [None] * 4)
    state = play(state, P1, "9C")
    state = play(state, P2, "5C 5D 5H 5S")
    assert state.current is not None and state.current.places[P2] == 4
    explain = GAME.summary(state)["current_round"]["explain"]
    assert explain[-1]["code"] == "finished_on_two" and explain[-1]["seat"] == P2


def test_card_round_history_explains_going_out() -> None:
    state = deal4({}, cannot_finish_on_two=True)
    state = position(state, {P1: "KH 5H", P2: "AS 2S"}, P2, [None, None, 1, 2])
    state = play(pass_(play(state, P2, "AS"), P1), P2, "2S")
    entry = GAME.summary(state)["history"][0]
    codes = [(n["code"], n["seat"]) for n in entry["explain"]]
    assert ("finished_on_two", P2) in codes and ("last_holder", P1) in codes
    assert entry["mode"] == "cards" and entry["order"] == [2, 3, P1, P2]


# -- exact legal sets: (variants, P1's lead, P2's hand → every play P2 may record) -----------------
EXACT_ROWS: list[tuple[dict[str, Any], str, str, list[list[str]]]] = [
    # Pair of 7s: only the pair of 9s (a single 2 is the wrong count; equal 7s not allowed).
    ({}, "7S 7H", "9S 9H 2S KD 7C 7D", [["9H", "9S"]]),
    ({"equal_play": "allowed"}, "7S 7H", "9S 9H 2S KD 7C 7D", [["7C", "7D"], ["9H", "9S"]]),
    # Wild joker completes a pair with either natural card.
    ({"jokers": "wild"}, "7S 7H", "9S JK KD", [["9S", "JK"], ["JK", "KD"]]),
    # Three Ks: single 2s with single_two_beats_any, the pair of 2s too with twos_beat_one_larger.
    ({"single_two_beats_any": True}, "KS KH KC", "2S 2H AD", [["2H"], ["2S"]]),
    (
        {"single_two_beats_any": True, "twos_beat_one_larger": True},
        "KS KH KC",
        "2S 2H AD",
        [["2H"], ["2H", "2S"], ["2S"]],
    ),
    # A bomb goes on anything.
    ({"bombs": "four_of_a_kind"}, "KS", "5C 5D 5H 5S 3C", [["5C", "5D", "5H", "5S"]]),
    # Twos low: nothing beats an ace.
    ({"rank_order": "twos_low"}, "AS", "2S 2H KD", []),
    # Red threes high: a red 3 beats a 2-less ace; a lone 2 is a black 3 and beats nothing.
    ({"rank_order": "red_threes_high"}, "AS", "3H 2S 3C", [["3H"]]),
]


@pytest.mark.parametrize(("variants", "lead", "hand", "expected"), EXACT_ROWS)
def test_exact_legal_sets(variants: dict[str, Any], lead: str, hand: str, expected: list[list[str]]) -> None:
    state = deal4({}, **variants)
    state = position(state, {P1: lead + " 4D", P2: hand, P3: "6C", P4: "6D"}, P1, [None] * 4)
    state = play(state, P1, lead)
    actions = GAME.legal_actions(state)
    plays = sorted(sorted(a["cards"]) for a in actions if a["type"] == "play")
    assert plays == sorted(sorted(e) for e in expected)
    assert {"type": "pass", "seat": P2} in actions


def test_quick_clear_listed_for_the_holder_out_of_turn() -> None:
    state = deal4({}, quick_clear=True)
    state = position(state, {P1: "6C 6D 9C", P2: "KD", P3: "QD", P4: "6H 6S"}, P1, [None] * 4)
    state = play(state, P1, "6C 6D")
    actions = GAME.legal_actions(state)
    assert {"type": "play", "seat": P4, "cards": ["6H", "6S"]} in actions
    assert [a for a in actions if a["seat"] == P3] == []  # P3 holds no 6 and it is not P3's turn


def test_reseat_by_title_changes_the_turn_order() -> None:
    # §2.7 reseat_by_title: after round 1 (order 2, 0, 3, 1) the seating is 2, 0, 3, 1 clockwise, so
    # after the President (seat 2) leads, the Vice-President (seat 0) acts next, not seat 3.
    state = ev(start(4, reseat_by_title=True, exchange_scheme="none"), "round_result", order=[2, 0, 3, 1], dealer=0)
    state = ev(state, "deal")
    assert state.current is not None and state.current.seating == (2, 0, 3, 1) and state.current.dealer == 1
    state = play(state, 2, "5S")
    assert state.current is not None and state.current.to_act == 0
    # Without reseating the seats keep their places: seat 3 follows seat 2.
    state = ev(start(4, exchange_scheme="none"), "round_result", order=[2, 0, 3, 1], dealer=0)
    state = play(ev(state, "deal"), 2, "5S")
    assert state.current is not None and state.current.to_act == 3
