"""Worked examples H-1 … H-16 of rules/hearts.md §4, recorded card by card (and by result entry
where the example is about scoring). Expected values are the rules file's."""

from __future__ import annotations

import pytest

from scoring.cards import parse_cards
from scoring.errors import RulesError
from scoring.hearts import GAME
from scoring.hearts.deal import deal_config
from scoring.hearts.legality import legal_cards
from scoring.hearts.passing import pass_direction, pass_target
from scoring.hearts.variants import HeartsVariants
from tests.scoring.hearts_support import deal_for, ev, hands_of, new_game, play_script, position, rotate

# A hand in which seat 3 wins every trick but trick 2 (seat 0 takes it with A♦ and the J♦ falls
# there): seat 3 takes all 13 hearts and the Q♠. Written by hand; each trick lists the leader and
# the cards in play order. Hearts to seat 3: T5 2H, T6 TH 6H 3H, T7 9H 5H, T10 AH 8H 4H, T11 KH 7H,
# T12 QH, T13 JH = 13, and the Q♠ on T3: 26.
MOON_3 = [
    (0, "2C 5C 8C AC"),
    (3, "2D AD JD 3D"),
    (0, "3S 6S JS QS"),
    (3, "KC 3C 6C 9C"),
    (3, "QC 4C 7C 2H"),
    (3, "JC TH 6H 3H"),
    (3, "TC 9H 5H 4D"),
    (3, "AS 4S 7S 9S"),
    (3, "KS 5S 8S TS"),
    (3, "AH 8H 4H 5D"),
    (3, "KH 7H 2S 6D"),
    (3, "QH KD TD 7D"),
    (3, "JH QD 9D 8D"),
]

# H-3: seat 0 takes 3 hearts (T12 2H 7H, T13 9H), seat 1 the Q♠ (T7) and 5 hearts (T8 3H, T11 JH
# 6H QH 4H), seat 2 nothing, seat 3 5 hearts (T9 8H KH AH TH, T10 5H).
H3 = [
    (3, "2C QC 6C 4C"),
    (0, "QD 3D 6D KD"),
    (3, "TC AC JC TD"),
    (0, "8C 3C 5D 9C"),
    (3, "5S 6S 4S 9S"),
    (2, "2D 4D 7D AD"),
    (1, "QS 8S 2S 7S"),
    (1, "KC KS 7C 3H"),
    (1, "8H KH AH TH"),
    (3, "AS JS 5H 3S"),
    (3, "JH 6H QH 4H"),
    (1, "2H 9D TS 7H"),
    (0, "JD 9H 8D 5C"),
]

# H-6 first part (J♦ on): seat 0 takes the J♦ (T2) and 2 hearts (T7 7H 9H), seat 1 the Q♠ (T4),
# seat 2 11 hearts (T8 4H, T9 QH 8H 2H 6H, T10 KH, T12 JH 3H 5H TH, T13 AH), seat 3 nothing.
H6 = [
    (3, "2C 8C 6C AC"),
    (2, "2D 6D JD 7D"),
    (0, "TC 9C 7C JC"),
    (3, "9S KS AS QS"),
    (1, "4S AD 6S JS"),
    (0, "KD 4D TD 4C"),
    (0, "5D 7H 3D 9H"),
    (0, "8D 3C 9D 4H"),
    (2, "QH 8H 2H 6H"),
    (2, "QD 3S KH 5S"),
    (2, "QC 8S 5C 7S"),
    (2, "JH 3H 5H TH"),
    (2, "KC AH TS 2S"),
]


def record(script, variants=None, totals=None, known=True):  # type: ignore[no-untyped-def]
    state = new_game(variants, totals=totals)
    state = deal_for(state, hands_of(script), known=known)
    return play_script(state, script)


def test_h1_pass_direction() -> None:
    v = HeartsVariants()
    four = {h: pass_direction(v, 4, h) for h in (1, 2, 3, 4, 5, 10, 12)}
    assert four == {1: "left", 2: "right", 3: "across", 4: "hold", 5: "left", 10: "right", 12: "hold"}
    three = {h: pass_direction(v, 3, h) for h in (1, 2, 3, 4, 6)}
    assert three == {1: "left", 2: "right", 3: "hold", 4: "left", 6: "hold"}
    assert [pass_target(2, d, 4) for d in ("left", "right", "across")] == [3, 1, 0]


def test_h1_pass_targets_in_legal_actions() -> None:
    state = ev(new_game(), "deal")
    targets = {a["seat"]: a["to"] for a in GAME.legal_actions(state) if a["type"] == "pass_cards"}
    assert targets == {0: 1, 1: 2, 2: 3, 3: 0}


def test_h1_pass_on_hold_hand_is_rejected() -> None:
    state = new_game({"pass_cycle_4p": ["hold"]})
    state = ev(state, "deal")
    with pytest.raises(RulesError) as err:
        ev(state, "pass_cards", seat=0, cards=["2C", "3C", "4C"])
    assert err.value.code == "no_pass_on_hold_hand"


@pytest.mark.parametrize(
    ("n", "variants", "removed", "each", "kitty", "lead"),
    [
        (3, {}, {"2D"}, 17, 0, "2C"),
        (5, {}, {"2D", "2C"}, 10, 0, "3C"),
        (6, {}, {"2D", "3D", "2C", "3C"}, 8, 0, "4C"),
        (4, {"kitty": "four_player_12"}, set(), 12, 4, "2C"),
    ],
)
def test_h2_deal_configuration(
    n: int, variants: dict[str, str], removed: set[str], each: int, kitty: int, lead: str
) -> None:
    config = deal_config(HeartsVariants.from_json(variants), n)
    assert {str(c) for c in config.removed} == removed
    assert (config.per_player, config.kitty_size, str(config.lowest_club)) == (each, kitty, lead)
    # Through the engine: the opening lead is exactly that card (the kitty, if any, seen).
    kitty = {"kitty": ["AH", "KH", "QH", "JH"]} if kitty else {}
    state = ev(new_game({**variants, "pass_count": 0}, n=n), "deal", **kitty)
    assert {c for a in GAME.legal_actions(state) if a["type"] == "play_card" for c in a["cards"]} == {lead}


def test_h2_two_of_clubs_in_the_kitty_lowest_club_held_leads() -> None:
    state = new_game({"kitty": "four_player_12", "pass_count": 0})
    state = ev(state, "deal", kitty=["2C", "4H", "QS", "2D"])
    leads = {c for a in GAME.legal_actions(state) if a["type"] == "play_card" for c in a["cards"]}
    assert leads == {"3C"}
    with pytest.raises(RulesError) as err:
        ev(state, "play_card", seat=0, card="2C")
    assert err.value.code == "card_not_in_hand"


def test_h2_unseen_kitty_lowest_club_proven_later() -> None:
    # The kitty is not looked at: 3C may open (the 2C could be in the kitty); when a player later
    # plays the 2C, it held the lowest club and should have led it (service assumption of H-2).
    state = ev(new_game({"kitty": "four_player_12", "pass_count": 0}), "deal")
    options = {c for a in GAME.legal_actions(state) if a["type"] == "play_card" for c in a["cards"]}
    assert options == {"2C", "3C", "4C", "5C", "6C"}  # up to 4 lower clubs may be in the kitty
    state = play_script(state, [(0, "3C 4C 5C 2C")])
    assert state.current is None
    assert state.hands[-1].scores == (0, 0, 0, 26)
    assert state.findings[0].code == "must_lead_lowest_club"


def test_h3_hand_score_no_moon_card_by_card() -> None:
    state = record(H3, totals=[10, 40, 22, 31])
    assert state.hands[-1].points == (3, 18, 0, 5)
    assert state.hands[-1].scores == (3, 18, 0, 5)
    assert state.totals == (13, 58, 22, 36)


def test_h3_hand_score_no_moon_result_entry() -> None:
    state = ev(new_game(totals=[10, 40, 22, 31]), "hand_result", points=[3, 18, 0, 5])
    assert state.totals == (13, 58, 22, 36)


def test_h4_moon_add_to_others() -> None:
    state = record(rotate(MOON_3, -1), totals=[40, 55, 70, 20])  # seat 2 shoots
    assert state.hands[-1].scores == (26, 26, 0, 26)
    assert state.totals == (66, 81, 70, 46)
    assert state.hands[-1].moon_shooter == 2


def test_h5_moon_subtract_from_shooter() -> None:
    state = record(rotate(MOON_3, -1), {"moon_scoring": "subtract_from_shooter"}, totals=[40, 55, 70, 20])
    assert state.hands[-1].scores == (0, 0, -26, 0)
    assert state.totals == (40, 55, 44, 20)


@pytest.mark.parametrize(
    ("choice", "totals", "finished", "winners"),
    [
        ("add_to_others", (116, 60, 106, 121), True, (1,)),
        ("subtract_from_shooter", (90, 34, 80, 95), False, None),
    ],
)
def test_h5_moon_shooter_choice(choice: str, totals: tuple[int, ...], finished: bool, winners: object) -> None:
    state = record(rotate(MOON_3, -2), {"moon_scoring": "shooter_choice"}, totals=[90, 60, 80, 95])  # seat 1
    assert GAME.summary(state)["phase"] == "moon_choice"
    assert GAME.legal_actions(state)[0] == {
        "type": "moon_choice",
        "seat": 1,
        "choices": ["add_to_others", "subtract_from_shooter"],
    }
    with pytest.raises(RulesError) as err:
        ev(state, "moon_choice", seat=0, choice=choice)
    assert err.value.code == "not_the_shooter"
    state = ev(state, "moon_choice", seat=1, choice=choice)
    assert state.totals == totals
    assert GAME.summary(state)["finished"] is finished
    assert (state.result.winners if state.result else None) == winners


def test_h6_jack_of_diamonds() -> None:
    state = record(H6, {"jack_of_diamonds": "jd_minus_10"})
    assert state.hands[-1].scores == (-8, 13, 11, 0)
    assert sum(state.hands[-1].scores) == 16


def test_h6_moon_with_the_jack_elsewhere() -> None:
    state = record(MOON_3, {"jack_of_diamonds": "jd_minus_10"})
    assert state.hands[-1].jd_taker == 0
    assert state.hands[-1].scores == (16, 26, 26, 0)


def test_h6_moon_requires_jd() -> None:
    state = record(MOON_3, {"jack_of_diamonds": "jd_minus_10", "moon_requires_jd": True})
    assert state.hands[-1].scores == (-10, 0, 0, 26)


def _legal(hand_pos, variants=None, seat=1):  # type: ignore[no-untyped-def]
    return {str(c) for c in legal_cards(hand_pos, HeartsVariants.from_json(variants or {}), seat)}


@pytest.mark.parametrize(
    ("variants", "expected"),
    [({}, {"2C"}), ({"first_lead": "any_club"}, {"2C", "5C"})],
)
def test_h7_opening_lead(variants: dict[str, str], expected: set[str]) -> None:
    assert _legal(position(variants, hand="2C 5C KH"), variants) == expected


@pytest.mark.parametrize(
    "variants",
    [
        {},
        {"first_lead": "any_club"},
        {"first_lead": "left_of_dealer"},
        {"must_break_hearts": False},
    ],
)
def test_h7_heart_opening_lead_illegal(variants: dict[str, object]) -> None:
    assert "KH" not in _legal(position(variants, hand="2C 5C KH"), variants)


def test_h7_heart_opening_lead_left_of_dealer_without_breaking() -> None:
    variants = {"first_lead": "left_of_dealer", "must_break_hearts": False}
    assert _legal(position(variants, hand="2C 5C KH"), variants) == {"2C", "5C", "KH"}


def test_h8_first_trick_discard() -> None:
    pos = position(hand="AH QS 5D 9S", seat=1, trick="2C")
    assert _legal(pos) == {"5D", "9S"}
    off = {"no_points_first_trick": False}
    assert _legal(position(off, hand="AH QS 5D 9S", seat=1, trick="2C"), off) == {"AH", "QS", "5D", "9S"}


HEARTS_12_QS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"


def test_h9_first_trick_fallback() -> None:
    pos = position(hand=HEARTS_12_QS, seat=3, trick="2C 3C 4C")
    assert _legal(pos, seat=3) == set(HEARTS_12_QS.split())
    only = {"first_trick_fallback": "heart_only"}
    pos = position(only, hand=HEARTS_12_QS, seat=3, trick="2C 3C 4C")
    assert _legal(pos, only, seat=3) == set(HEARTS_12_QS.split()) - {"QS"}


@pytest.mark.parametrize(("variants", "expected"), [({}, {"KC"}), ({"queen_breaks_hearts": True}, {"3H", "9H", "KC"})])
def test_h10_heart_lead_before_broken(variants: dict[str, bool], expected: set[str]) -> None:
    # Trick 5 lead; the Q♠ was discarded on trick 3 and no heart has been played: recorded for real.
    state = new_game({**variants, "pass_count": 0})
    state = ev(state, "deal")
    script = [
        (0, "2C 3C 4C 5C"),  # seat 3 wins
        (3, "6C 7C 8C 9C"),  # seat 2 wins
        (2, "4D 3D QS 2D"),  # trick 3: seat 0 discards the Q♠; seat 2 wins
        (2, "5D 6D 7S 8D"),  # seat 0 (void in diamonds) plays 7S; seat 1 wins and leads trick 5
    ]
    state = play_script(state, script)
    hand = state.current
    assert hand is not None and hand.hearts_broken is variants.get("queen_breaks_hearts", False)
    import dataclasses

    hand = dataclasses.replace(
        hand,
        known=tuple(frozenset(parse_cards("3H 9H KC")) if s == 1 else k for s, k in enumerate(hand.known)),
        complete=tuple(s == 1 for s in range(4)),
    )
    assert hand.trick_number == 5
    assert {str(c) for c in legal_cards(hand, state.variants, 1)} == expected


def test_h11_all_heart_hand_unbroken() -> None:
    pos = position(hand="2H 7H", seat=0, trick_number=12)
    assert _legal(pos, seat=0) == {"2H", "7H"}


def test_h11_hearts_broken_after_the_lead() -> None:
    # Seat 0 ends with only hearts and leads one while hearts are unbroken.
    state = _all_hearts_leader({})
    state = ev(state, "play_card", seat=0, card="2H")
    assert state.current is not None and state.current.hearts_broken


def test_h11_pass_lead() -> None:
    state = _all_hearts_leader({"all_hearts_unbroken_lead": "pass_lead"})
    actions = GAME.legal_actions(state)
    assert {"type": "pass_lead", "seat": 0} in actions
    assert next(a for a in actions if a["type"] == "play_card")["cards"] == []
    with pytest.raises(RulesError) as err:
        ev(state, "play_card", seat=0, card="2H")
    assert err.value.code == "hearts_not_broken"
    state = ev(state, "pass_lead", seat=0)
    assert GAME.summary(state)["to_act"] == 1


def _all_hearts_leader(variants: dict[str, str]):  # type: ignore[no-untyped-def]
    """Seat 0 wins trick 1 with the A♣ and then leads holding only hearts, hearts unbroken."""
    hands = [
        "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    state = new_game({**variants, "pass_count": 0})
    state = ev(state, "deal", hands=[h.split() for h in hands])
    # Trick 1: seat 1 leads 2C, seat 2 2D, seat 3 2S, seat 0 AC wins: seat 0 leads trick 2.
    return play_script(state, [(1, "2C 2D 2S AC")])


@pytest.mark.parametrize(
    ("hand", "variants", "expected"),
    [
        ("QS 3S 4D", {}, {"QS", "3S", "4D"}),
        ("QS 5H 8H", {}, {"QS"}),
        ("QS 5H 8H", {"can_lead_hearts_instead_of_qs": True}, {"QS", "5H", "8H"}),
    ],
)
def test_h12_queen_lead(hand: str, variants: dict[str, bool], expected: set[str]) -> None:
    assert _legal(position(variants, hand=hand, seat=2, trick_number=2), variants, seat=2) == expected


def test_h13_follow_suit_and_trick_winner() -> None:
    assert _legal(position(hand="2D KD AS", seat=1, trick="7D", trick_number=4)) == {"2D", "KD"}
    for discard, points, broken in (("AS", 0, False), ("AH", 1, True)):
        state = _h13(discard)
        hand = state.current
        assert hand is not None
        assert hand.tricks[-1].winner == 1 and hand.tricks[-1].points == points
        assert hand.points[1] == points and hand.hearts_broken is broken


def _h13(discard: str):  # type: ignore[no-untyped-def]
    # Trick 1: seat 3 wins with AC; trick 2: seat 3 leads 2S and seat 0's KS wins, so seat 0 leads
    # trick 3 with 7D: QD (seat 1), the discard (seat 2, void), 9D (seat 3).
    state = ev(new_game({"pass_count": 0}), "deal")
    state = play_script(state, [(0, "2C 3C 4C AC"), (3, "2S KS 3S 4S")])
    return play_script(state, [(0, f"7D QD {discard} 9D")])


def test_h14_proven_renege() -> None:
    state = ev(new_game({"pass_count": 0}), "deal")
    script = [
        (0, "2C 3C 4C 5C"),  # seat 3 wins (5C)
        (3, "5D 2D 3D 4D"),  # seat 3 wins (5D)
        (3, "9D 6D 7D 8D"),  # seat 3 wins (9D)
        (3, "8C 6C 7C 9H"),  # trick 4: clubs led, seat 2 plays 9H (shows out of clubs); seat 3 wins
    ]
    state = play_script(state, script)
    summary = GAME.summary(state)
    assert [f["status"] for f in summary["findings"] if f["seat"] == 2] == ["suspected"]
    state = play_script(
        state,
        [
            (3, "TD JD QD KD"),  # trick 5 led before any claim: seat 2 wins with KD
            (2, "AD 2S 3S 4S"),  # seat 2 wins
            (2, "5S 6S 7S 8S"),  # seat 1 wins with 8S
            (1, "9S TS JS QS"),  # seat 0 wins with QS
            (0, "KS AS TC"),  # trick 9: seat 2 plays TC, so it held a club at trick 4
        ],
    )
    assert state.current is None  # the hand ends at the proof
    last = state.hands[-1]
    assert last.scores == (0, 0, 26, 0)
    assert last.offenders == (2,)
    finding = GAME.summary(state)["findings"][0]
    assert (finding["seat"], finding["code"], finding["status"], finding["trick"]) == (
        2,
        "must_follow_suit",
        "proven",
        4,
    )
    assert finding["proven_at_trick"] == 9
    with pytest.raises(RulesError) as err:  # later play events of that hand are rejected
        ev(state, "play_card", seat=3, card="2H")
    assert err.value.code == "no_hand_dealt"


def test_h15_game_end_and_ties() -> None:
    from scoring.hearts.hand_score import end_of_hand

    assert end_of_hand((98, 104, 73, 73), HeartsVariants()).result.winners == (2, 3)  # type: ignore[union-attr]
    assert end_of_hand((98, 104, 73, 73), HeartsVariants(tie_break="play_on")).result is None
    assert end_of_hand((100, 60, 70, 80), HeartsVariants()).result.winners == (1,)  # type: ignore[union-attr]
    half = end_of_hand((100, 60, 70, 80), HeartsVariants(exact_target_rule="reset_to_half"))
    assert half.result is None and half.totals == (50, 60, 70, 80)
    exact = end_of_hand((100, 60, 70, 80), HeartsVariants(exact_target_rule="exact_wins"))
    assert exact.result is not None and exact.result.winners == (0,)


def test_h15_card_by_card_hand_ends_the_game() -> None:
    # [97, 42, 70, 70] + H-3's [3, 18, 0, 5] = [100, 60, 70, 75]: seat 0 reached 100, seat 1 wins.
    state = record(H3, totals=[97, 42, 70, 70])
    assert state.totals == (100, 60, 70, 75)
    assert state.result is not None and state.result.winners == (1,)
    with pytest.raises(RulesError) as err:
        ev(state, "deal")
    assert err.value.code == "match_finished"


def test_h16_kitty() -> None:
    state = new_game({"kitty": "four_player_12", "pass_count": 0})
    state = ev(state, "deal", kitty=["4H", "QS", "2D", "8C"])
    # Trick 1 has no penalty card (seat 3 wins with AC); trick 2: seat 3 leads 2S, seat 0 3S,
    # seat 1 AS wins, seat 2 discards 5H: seat 1 takes the first penalty card and the kitty.
    state = play_script(state, [(0, "2C 3C 4C AC"), (3, "2S 3S AS 5H")])
    hand = state.current
    assert hand is not None
    assert hand.tricks[0].points == 0
    assert hand.tricks[1].winner == 1
    assert hand.kitty_to == 1
    assert hand.points[1] == 15  # 1 + 1 + 13


def test_h4_history_explains_every_number() -> None:
    state = record(rotate(MOON_3, -1), totals=[40, 55, 70, 20])
    entry = GAME.summary(state)["history"][0]
    codes = [(line["code"], line["seat"]) for line in entry["explain"]]
    took = [("took_points", seat) for seat in range(4)]
    assert codes == [*took, ("moon_add_to_others", 2)]
    assert entry["explain"][2]["text"].endswith("= 26.")
    # rotated by one seat: the shooter is seat 2 and trick 2 (A♦) goes to seat 3
    assert entry["points"] == [0, 0, 26, 0] and entry["tricks_won"] == [0, 0, 12, 1]


def test_play_position_for_the_claims_checker() -> None:
    from scoring.hearts import play_position

    state = ev(new_game({"pass_count": 0}), "deal", hands=hands_of(H3))
    state = play_script(state, H3, stop_after=40)  # ten tricks of H-3 played; seat 3 won trick 10
    data = play_position(state)
    assert data is not None
    # What is left of H-3's script: tricks 11–13 read by seat.
    assert [set(h) for h in data["hands"]] == [
        {"6H", "7H", "JD"},
        {"QH", "2H", "9H"},
        {"4H", "9D", "8D"},
        {"JH", "TS", "5C"},
    ]
    assert (data["leader"], data["trick"], data["trick_number"]) == (3, [], 11)
    # Seat 1: Q♠ (T7) + 3H (T8) = 14; seat 3: four hearts (T9) + 5H (T10) = 5.
    assert data["points_won"] == [0, 14, 0, 5]
    assert data["hearts_broken"] is True and data["first_trick"] is False
    assert data["hand_sizes"] == [3, 3, 3, 3] and data["unseen"] == []
    assert data["rules"]["must_break_hearts"] is True and data["variants"]["target_score"] == 100
