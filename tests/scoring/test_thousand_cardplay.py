"""Card-by-card Thousand: §14 T-18, T-19, T-22 … T-24, and the auction/talon/play rules (§4–§6).

Hands below were built by hand so that every example is a consistent deal; the numbers asserted are
worked out in the comments from rules/thousand.md, not read from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.play import play_position
from scoring.thousand.state import ThousandState
from tests.scoring.thousand_helpers import A, B, C, apply_all, start


def deal(state: ThousandState, hands: list[str] | None = None, talon: str | None = None) -> ThousandState:
    payload: dict[str, Any] = {}
    if hands is not None:
        payload["hands"] = [h.split() for h in hands]
    if talon is not None:
        payload["talon"] = talon.split()
    return GAME.apply_json(state, "deal", payload)


def plays(state: ThousandState, cards: str, announce: dict[str, str] | None = None) -> ThousandState:
    """Play cards in the order given, each by the seat whose turn it is ("KH!" announces a marriage)."""
    for text in cards.split():
        seat = GAME.summary(state)["to_act"]
        if state.deal is not None and state.deal.phase in ("declare", "play"):
            seat = next(a["seat"] for a in GAME.legal_actions(state) if a["type"] == "play_card")
        payload: dict[str, Any] = {"seat": seat, "card": text.rstrip("!*")}
        if text.endswith("!"):
            payload["announce"] = "marriage"
        elif text.endswith("*"):
            payload["announce"] = "four_aces"
        state = GAME.apply_json(state, "play_card", payload)
    return state


def error(fn: Any, *args: Any) -> str:
    with pytest.raises(RulesError) as err:
        fn(*args)
    assert err.value.params["rule"].startswith("thousand.md §")
    return err.value.code


# -- T-22: renege and failure to trump proven from the record -----------------------------------
# After the exchange (dealer C, A declares 100; cards entered only as they are played):
#   A: A♠ K♥ K♦ Q♠ Q♥ J♦ T♠ A♦   B: 9♠ A♥ T♦ K♠ T♣ Q♦ T♥ J♠   C: Q♣ J♥ J♣ A♣ K♣ 9♦ 9♥ 9♣
# T1 A♠ 9♠ Q♣ (A) · T2 K♥! A♥ J♥ (B; hearts trumps) · T3 T♦ J♣ K♦ (B; C reneges, holds 9♦)
# T4 K♠ A♣ Q♠ (B; C void in ♠ fails to trump, holds 9♥) · T5 T♣ K♣ Q♥ (A) · T6 J♦ Q♦ 9♦ (B)
# T7 T♥ 9♥ T♠ (B) · T8 J♠ 9♣ A♦ (B)
T22_AUCTION = [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B}), ("pass", {"seat": C})]
T22_PLAY = "AS 9S QC KH! AH JH TD JC KD KS AC QS TC KC QH JD QD 9D TH 9H TS JS 9C AD"


def t22_state(variants: dict[str, Any], give: tuple[str | None, str | None] = (None, None)) -> ThousandState:
    state = deal(start(variants, dealer=C))
    state = apply_all(state, T22_AUCTION)
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B} | ({"card": give[0]} if give[0] else {})),
            ("give_card", {"seat": A, "to": C} | ({"card": give[1]} if give[1] else {})),
        ],
    )
    return state


def test_t22_renege_proven_at_trick_6_forfeit() -> None:
    state = plays(t22_state({}), " ".join(T22_PLAY.split()[:18]))
    (finding,) = state.findings  # docs/games/thousand.md §7.7: a proven renege forfeits the contract
    assert (finding.seat, finding.code, finding.trick, finding.proven_at_trick) == (C, "must_follow_suit", 3, 6)
    # §16.4 contract_forfeit, defender offended: contract counts as made (+100); C 0; B keeps what
    # B had taken: T2 17 + T3 16 + T4 18 + T6 5 = 56 → 55. No bolts.
    assert state.deal is None
    assert state.totals == (100, 55, 0)
    assert state.bolts == (0, 0, 0)
    with pytest.raises(RulesError):  # later plays of that deal are rejected: the deal is over
        GAME.apply_json(state, "play_card", {"seat": B, "card": "TH"})


def test_t22_both_proofs_with_fixed_120() -> None:
    state = plays(t22_state({"renege_penalty": "fixed_120"}), T22_PLAY)
    found = [(f.seat, f.code, f.trick, f.proven_at_trick) for f in state.findings]
    # The failure to trump at trick 4 needs C's spade void: J♠ is unplayed until trick 8, so it
    # is proven only at the end of the deal (§16.2).
    assert found == [(C, "must_follow_suit", 3, 6), (C, "must_trump", 4, 8)]
    # Scored as played: A 14 + 17 + ♥100 = 131 ≥ 100 → +100; B 89 → 90; C no trick → 0 and a
    # bolt; C −120 −120 for the two proofs.
    assert state.totals == (100, 90, -240)
    assert state.bolts == (0, 0, 1)


def test_t22_trump_failure_proven_at_trick_7_when_movement_places_the_spade() -> None:
    # The declarer gave J♠ to B: every spade is known to be elsewhere once T♠ is played at trick 7.
    state = t22_state({"renege_penalty": "fixed_120"}, give=("JS", None))
    state = plays(state, " ".join(T22_PLAY.split()[:21]))
    assert [(f.code, f.trick, f.proven_at_trick) for f in state.findings] == [
        ("must_follow_suit", 3, 6),
        ("must_trump", 4, 7),
    ]


def test_t22_known_hands_reject_the_renege() -> None:
    hands = ["AS KH KD QS QH JD TS", "9S AH TD KS TC QD TH", "QC JH JC AC KC 9D 9H"]
    state = deal(start(dealer=C), hands, "9C AD JS")
    state = apply_all(state, T22_AUCTION)
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "JS"}),
            ("give_card", {"seat": A, "to": C, "card": "9C"}),
        ],
    )
    state = plays(state, "AS 9S QC KH! AH JH TD")
    assert error(plays, state, "JC") == "must_follow_suit"
    state = plays(state, "9D KD KS")  # B won trick 3 and leads K♠; C is void in ♠ and holds 9♥
    assert error(plays, state, "AC") == "must_trump"


# -- T-23: illegal marriage ----------------------------------------------------------------------
# A wins tricks 1–4 with A♠ A♣ A♦ T♠, then leads K♥ announcing hearts; B follows with Q♥.
T23_PLAY = "AS 9S JS AC 9C JC AD 9D JD TS QS KS"


def t23_state() -> ThousandState:
    state = deal(start(dealer=C))
    state = apply_all(state, T22_AUCTION)
    state = apply_all(
        state, [("take_talon", {"seat": A}), ("give_card", {"seat": A, "to": B}), ("give_card", {"seat": A, "to": C})]
    )
    return plays(state, T23_PLAY)


def test_t23_partner_played_by_another_player() -> None:
    state = plays(t23_state(), "KH! QH")
    (finding,) = state.findings
    assert (finding.seat, finding.code, finding.trick, finding.proven_at_trick) == (A, "illegal_marriage", 5, 5)
    # The declarer offended: contract failed −100; the defenders had taken no trick (trick 5 is
    # unfinished and counts for nobody); no bolts; the 100 is void.
    assert state.totals == (-100, 0, 0)
    assert state.history[-1].bonus == (0, 0, 0)


def test_t23_partner_already_played_by_announcer_or_first_trick() -> None:
    state = deal(start(dealer=C))
    state = apply_all(state, T22_AUCTION)
    state = apply_all(
        state, [("take_talon", {"seat": A}), ("give_card", {"seat": A, "to": B}), ("give_card", {"seat": A, "to": C})]
    )
    assert error(plays, state, "KH!") == "marriage_on_first_trick"
    state = plays(state, "AS 9S JS AC 9C JC QH 9H JH TS QS KS")
    assert error(plays, state, "KH!") == "marriage_partner_not_held"
    state = plays(state, "KH")  # leading the K without announcing is allowed and scores nothing
    assert state.deal is not None and state.deal.trump is None


# -- T-24: bid above 120 without a marriage ------------------------------------------------------
T24_PLAY = "AS 9S KD KS JS AD QS TS QH 9D JH TD JD QD KH JC TC KC AC TH QC 9H AH 9C"


def t24_state(second_card: bool) -> ThousandState:
    state = deal(start(dealer=C), talon="QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    give_c: dict[str, Any] = {"seat": A, "to": C} | ({"card": "9H"} if second_card else {})
    state = apply_all(
        state,
        [("take_talon", {"seat": A}), ("give_card", {"seat": A, "to": B, "card": "9C"}), ("give_card", give_c)],
    )
    return plays(state, T24_PLAY)


def test_t24_illegal_bid_proven_at_deal_end() -> None:
    state = t24_state(second_card=True)
    (finding,) = state.findings
    assert (finding.seat, finding.code) == (A, "illegal_bid")
    assert "9♥" in finding.text and "K♠" in finding.text
    # Card points: A 15 + 17 + 12 + 11 = 55, B 16 + 9 = 25, C 16 + 24 = 40 (see T24_PLAY).
    # Forfeit by the declarer: −130; defenders keep 25 and 40.
    assert state.totals == (-130, 25, 40)


def test_t24_not_provable_without_second_passed_card() -> None:
    state = t24_state(second_card=False)
    assert state.findings == ()
    assert state.totals == (-130, 25, 40)  # 55 < 130 fails anyway


def test_t24_known_hand_rejects_the_bid() -> None:
    hands = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
    state = deal(start(dealer=C), hands, "QS 9C TD")
    assert error(apply_all, state, [("bid", {"seat": A, "amount": 130})]) == "bid_needs_marriage"


# -- T-18: redeal claims -------------------------------------------------------------------------
T18_HANDS = ["KC AS AC AD AH TS TC", "KS QS 9C QC JD KD TD", "9S 9D 9H JS JC JH QD"]
T18_TALON = "QH KH TH"


def exchange(state: ThousandState, declarer: int, give: dict[int, str]) -> ThousandState:
    state = GAME.apply_json(state, "take_talon", {"seat": declarer})
    for to, card in give.items():
        state = GAME.apply_json(state, "give_card", {"seat": declarer, "to": to, "card": card})
    return state


def test_t18a_low_talon() -> None:
    hands = ["AS KS QS JS TS 9S AC", "KC QC JC TC AD KD QD", "TD 9D AH KH QH JH TH"]
    v = {"low_talon_redeal": 5}
    state = deal(start(v, dealer=C), hands, "9C JD 9H")  # 0 + 2 + 0 = 2 points < 5
    state = apply_all(state, [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = GAME.apply_json(state, "take_talon", {"seat": A})
    after = GAME.apply_json(state, "claim_redeal", {"reason": "low_talon", "seat": A})
    assert after.deal is None and after.dealer == C and after.history[-1].kind == "thrown_in"
    only = deal(start({**v, "low_talon_min_bid_only": True}, dealer=C), hands, "9C JD 9H")
    only = apply_all(
        only,
        [
            ("bid", {"seat": A, "amount": 100}),
            ("bid", {"seat": B, "amount": 105}),
            ("pass", {"seat": C}),
            ("bid", {"seat": A, "amount": 110}),
            ("bid", {"seat": B, "amount": 115}),
            ("pass", {"seat": A}),
            ("take_talon", {"seat": B}),
        ],
    )
    assert error(GAME.apply_json, only, "claim_redeal", {"reason": "low_talon", "seat": B}) == "claim_not_valid"


def t18_auction(state: ThousandState) -> ThousandState:
    # A 100, B pass, C 105, A 110, C pass → A declares 110; C bid above the minimum.
    return apply_all(
        state,
        [
            ("bid", {"seat": A, "amount": 100}),
            ("pass", {"seat": B}),
            ("bid", {"seat": C, "amount": 105}),
            ("bid", {"seat": A, "amount": 110}),
            ("pass", {"seat": C}),
        ],
    )


def test_t18b_weak_hand() -> None:
    # C after the exchange: 9♠ 9♦ 9♥ J♠ J♣ J♥ Q♦ K♣ = 2+2+2+3+4 = 13 < 14.
    v: dict[str, Any] = {"weak_hand_redeal": 14}
    state = exchange(t18_auction(deal(start(v, dealer=C), T18_HANDS, T18_TALON)), A, {B: "QH", C: "KC"})
    after = GAME.apply_json(state, "claim_redeal", {"reason": "weak_hand", "seat": C})
    assert after.history[-1].reason == "weak_hand"
    v2 = {**v, "weak_hand_requires_no_overbid": True}
    state = exchange(t18_auction(deal(start(v2, dealer=C), T18_HANDS, T18_TALON)), A, {B: "QH", C: "KC"})
    assert error(GAME.apply_json, state, "claim_redeal", {"reason": "weak_hand", "seat": C}) == "claim_not_valid"


def test_t18c_fourth_nine_passed() -> None:
    hands = ["9C AS AC AD AH TS TC", "KS QS KC QC JD KD TD", T18_HANDS[2]]
    state = exchange(t18_auction(deal(start(dealer=C), hands, T18_TALON)), A, {B: "QH", C: "9C"})
    after = GAME.apply_json(state, "claim_redeal", {"reason": "four_nines", "seat": C})
    assert after.history[-1].reason == "four_nines" and after.totals == (0, 0, 0)
    strict = deal(start({"four_nines_redeal": "original_hand_only"}, dealer=C), hands, T18_TALON)
    strict = exchange(t18_auction(strict), A, {B: "QH", C: "9C"})
    assert error(GAME.apply_json, strict, "claim_redeal", {"reason": "four_nines", "seat": C}) == "claim_not_valid"


# -- T-19: four aces -------------------------------------------------------------------------------
T19_HANDS = ["AS AC AD AH KD TD QD", "9D TS KS QS JC QC KC", "JD TC 9H JH QH KH TH"]


def t19_state() -> ThousandState:
    state = deal(start({"four_aces_bonus": 200}, dealer=C), T19_HANDS, "9S JS 9C")
    state = apply_all(
        state,
        [
            ("bid", {"seat": A, "amount": 100}),
            ("bid", {"seat": B, "amount": 105}),
            ("pass", {"seat": C}),
            ("bid", {"seat": A, "amount": 120}),
            ("pass", {"seat": B}),
        ],
    )
    return exchange(state, A, {B: "9S", C: "JS"})


def test_t19_four_aces() -> None:
    state = plays(t19_state(), "KD 9D JD")  # A wins trick 1 with K♦
    state = plays(state, "AC*")
    assert state.deal is not None
    (ann,) = state.deal.announcements
    assert (ann.seat, ann.kind, ann.value) == (A, "four_aces", 200)
    assert state.deal.trump is None  # §6.5: four aces do not change trumps
    pos = play_position(state)
    assert pos.four_aces == A and pos.trump is None and pos.trick_cards[0].__str__() == "AC"


def test_perft_t19_trick_2_lead() -> None:
    # A on lead at trick 2 holds A♠ A♣ A♦ A♥ T♦ Q♦ 9♣: 7 plain leads, plus announcing four
    # aces with any of the 4 aces; Q♦'s partner K♦ is gone, so no marriage: 7 + 4 = 11.
    state = plays(t19_state(), "KD 9D JD")
    assert perft(state, 1) == 11


def perft(state: ThousandState, depth: int) -> int:
    """Number of play_card sequences of ``depth`` cards from ``state`` (announcements count)."""
    if depth == 0 or state.deal is None:
        return 1
    total = 0
    for action in GAME.legal_actions(state):
        if action["type"] != "play_card":
            continue
        options: list[dict[str, Any]] = [{"card": c} for c in action["cards"]]
        options += [{"card": c, "announce": "marriage"} for c in action.get("marriage", [])]
        options += [{"card": c, "announce": "four_aces"} for c in action.get("four_aces", [])]
        for option in options:
            total += perft(GAME.apply_json(state, "play_card", {"seat": action["seat"], **option}), depth - 1)
    return total


def test_perft_last_two_tricks() -> None:
    # T-24's deal with the hands known, at the start of trick 7: C (on lead) A♣ 9♥, A T♥ A♥,
    # B Q♣ 9♣; no trumps. C leads A♣: A (void) 2 × B (follows ♣) 2, then 1 way → 4.
    # C leads 9♥: A follows ♥ 2 × B (void) 2, then 1 way → 4. Total 8; after one card: 2.
    hands = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
    state = deal(start({"bid_ceiling": "unlimited"}, dealer=C), hands, "QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = exchange(state, A, {B: "9C", C: "9H"})
    state = plays(state, " ".join(T24_PLAY.split()[:18]))
    assert perft(state, 1) == 2
    assert perft(state, 3) == 8
    assert perft(state, 6) == 8


# -- §4 auction ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variants", "events", "code"),
    [
        ({}, [("pass", {"seat": A})], "compulsory_opening"),
        ({}, [("bid", {"seat": B, "amount": 100})], "not_your_turn"),
        ({}, [("bid", {"seat": A, "amount": 95})], "bid_below_minimum"),
        ({}, [("bid", {"seat": A, "amount": 102})], "bid_off_step"),
        ({}, [("bid", {"seat": A, "amount": 100}), ("bid", {"seat": B, "amount": 100})], "bid_not_higher"),
        ({"bid_step": 10}, [("bid", {"seat": A, "amount": 100}), ("bid", {"seat": B, "amount": 105})], "bid_off_step"),
        (
            {},
            [
                ("bid", {"seat": A, "amount": 100}),
                ("pass", {"seat": B}),
                ("bid", {"seat": C, "amount": 105}),
                ("bid", {"seat": A, "amount": 110}),
                ("bid", {"seat": B, "amount": 115}),
            ],
            "already_passed",
        ),
        ({}, [("bid", {"seat": A, "amount": 100, "blind": True})], "blind_not_allowed"),
        ({"blind_bidding": True}, [("bid", {"seat": A, "amount": 125, "blind": True})], "blind_bid_too_high"),
        ({"gold_set": True}, [("bid", {"seat": A, "amount": 115})], "bid_below_minimum"),
        ({}, [("bid", {"seat": A, "amount": 125})], "bid_needs_marriage"),
        ({"bid_ceiling": "sum_of_marriages"}, [("bid", {"seat": A, "amount": 165})], "bid_above_marriages"),
    ],
)
def test_auction_errors(variants: dict[str, Any], events: list[tuple[str, dict[str, Any]]], code: str) -> None:
    # A holds the ♠ pair (120 + 40 = 160 under sum_of_marriages); C holds no pair at all.
    hands = ["KS QS AS 9S JS TS 9C", "AC KC TC QD KD AD TD", "JC QC 9D JD 9H JH QH"]
    state = deal(start(variants, dealer=C), hands, "KH TH AH")
    if code == "bid_needs_marriage":
        events = [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B}), ("bid", {"seat": C, "amount": 125})]
    assert error(apply_all, state, events) == code


def test_auction_flow_and_legal_actions() -> None:
    state = deal(start(dealer=C))
    acts = GAME.legal_actions(state)
    assert acts == [{"type": "bid", "seat": A, "min": 100, "max": 400, "step": 5}]  # no pass: compulsory
    state = apply_all(state, [("bid", {"seat": A, "amount": 100}), ("bid", {"seat": B, "amount": 105})])
    assert {a["type"] for a in GAME.legal_actions(state)} == {"bid", "pass"}
    assert GAME.legal_actions(state)[0]["min"] == 110
    state = apply_all(state, [("pass", {"seat": C}), ("pass", {"seat": A})])
    assert state.deal is not None and (state.deal.declarer, state.deal.contract, state.deal.phase) == (B, 105, "talon")


def test_dealer_if_all_pass() -> None:
    state = deal(start({"compulsory_bidder": "dealer_if_all_pass"}, dealer=C))
    state = apply_all(state, [("pass", {"seat": A}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    assert state.deal is not None and (state.deal.declarer, state.deal.contract) == (C, 100)


def test_blind_bid_contract_and_dark_talon() -> None:
    state = deal(start({"blind_bidding": True}, dealer=C))
    state = apply_all(
        state, [("bid", {"seat": A, "amount": 110, "blind": True}), ("pass", {"seat": B}), ("pass", {"seat": C})]
    )
    assert state.deal is not None and state.deal.blind and state.deal.dark
    state = exchange(state, A, {})
    state = apply_all(state, [("give_card", {"seat": A, "to": B}), ("give_card", {"seat": A, "to": C})])
    assert error(GAME.apply_json, state, "raise_contract", {"seat": A, "amount": 120}) == "blind_cannot_raise"
    looked = deal(start({"blind_bidding": True}, dealer=C))
    looked = apply_all(
        looked,
        [
            ("bid", {"seat": A, "amount": 100, "blind": True}),
            ("look_at_hand", {"seat": A}),
            ("bid", {"seat": B, "amount": 105}),
        ],
    )
    looked = apply_all(looked, [("pass", {"seat": C}), ("bid", {"seat": A, "amount": 110}), ("pass", {"seat": B})])
    assert looked.deal is not None and not looked.deal.blind


def test_dark_talon_variants() -> None:
    unc = deal(start({"talon_visibility": "dark_if_uncontested_100"}, dealer=C))
    unc = apply_all(unc, [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    assert unc.deal is not None and unc.deal.dark
    unc = GAME.apply_json(unc, "take_talon", {"seat": A})
    gave_up = GAME.apply_json(unc, "give_up", {"seat": A, "kind": "dark_give_up"})
    assert gave_up.totals == (-100, 50, 50)  # T-20 card by card
    below = deal(start({"talon_visibility": "dark_below_threshold"}, dealer=C))
    below = apply_all(below, [("bid", {"seat": A, "amount": 115}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    assert below.deal is not None and below.deal.dark


# -- §5 talon, exchange, raise and Rospisat' card by card -----------------------------------------
def test_exchange_raise_and_rospisat() -> None:
    state = t18_auction(deal(start(dealer=C), T18_HANDS, T18_TALON))
    assert error(GAME.apply_json, state, "take_talon", {"seat": B}) == "not_declarer"
    state = GAME.apply_json(state, "take_talon", {"seat": A})
    assert state.deal is not None and len(state.deal.hands[A]) == 10  # type: ignore[index]
    assert error(GAME.apply_json, state, "give_card", {"seat": A, "to": A, "card": "QH"}) == "give_to_defender"
    assert error(GAME.apply_json, state, "give_card", {"seat": A, "to": B, "card": "9S"}) == "card_not_in_hand"
    state = apply_all(
        state, [("give_card", {"seat": A, "to": B, "card": "TS"}), ("give_card", {"seat": A, "to": C, "card": "TC"})]
    )
    assert error(GAME.apply_json, state, "raise_contract", {"seat": A, "amount": 105}) == "contract_not_raised"
    # A now holds K♥ Q♥ (from the talon): a raise above 120 is allowed (§4.4).
    raised = GAME.apply_json(state, "raise_contract", {"seat": A, "amount": 150})
    assert raised.deal is not None and raised.deal.contract == 150
    r = GAME.apply_json(raised, "give_up", {"seat": A, "kind": "rospisat"})
    assert r.totals == (0, 60, 60) and r.rospisat_counts == (1, 0, 0)  # §8.1


def test_rospisat_needs_talon() -> None:
    state = t18_auction(deal(start(dealer=C), T18_HANDS, T18_TALON))
    assert error(GAME.apply_json, state, "give_up", {"seat": A, "kind": "rospisat"}) == "talon_first"


# -- §6 play ------------------------------------------------------------------------------------
def test_play_rules_with_known_hands() -> None:
    state = exchange(t18_auction(deal(start(dealer=C), T18_HANDS, T18_TALON)), A, {B: "QH", C: "KC"})
    assert error(GAME.apply_json, state, "play_card", {"seat": B, "card": "QS"}) == "not_your_turn"
    state = plays(state, "AS")  # A leads A♠; B holds K♠ Q♠ → must follow
    assert GAME.legal_actions(state)[0]["cards"] == ["KS", "QS"]
    assert error(plays, state, "9C") == "must_follow_suit"
    state = plays(state, "KS 9S")
    assert state.deal is not None and state.deal.won[A] == 1 and state.deal.points[A] == 11 + 4
    # A on lead at trick 2 holds K♥ (Q♥ was passed to B): no marriage possible.
    assert "marriage" not in GAME.legal_actions(state)[0]


def test_marriage_changes_trump_immediately_and_next_trick() -> None:
    for timing, expected in (("immediate", "H"), ("next_trick", None)):
        state = exchange(
            t18_auction(deal(start({"trump_change_timing": timing}, dealer=C), T18_HANDS, T18_TALON)),
            A,
            {B: "TS", C: "TC"},
        )
        state = plays(state, "AS QS 9S KH!")
        assert state.deal is not None
        trump = state.deal.trump
        assert (trump.value if trump else None) == expected


def test_card_errors_unknown_hands() -> None:
    state = t23_state()
    assert error(plays, state, "AS") == "card_already_played"
    assert error(GAME.apply_json, state, "play_card", {"seat": A, "card": "2H"}) == "card_not_in_deck"
    assert error(GAME.apply_json, state, "play_card", {"seat": B, "card": "KH"}) == "not_your_turn"


def test_play_position_shape() -> None:
    state = plays(t19_state(), "KD 9D")
    pos = play_position(state)
    assert pos.declarer == A and pos.contract == 120 and pos.trick_leader == A
    assert [str(c) for c in pos.trick_cards] == ["KD", "9D"]
    hand_c = pos.hands[C]
    assert hand_c is not None and len(hand_c) == 8
    assert pos.as_json()["trick"] == {"leader": A, "cards": ["KD", "9D"]}


def test_two_player_card_by_card() -> None:
    # Dealer B; A (non-dealer) opens 100. Talon piles [9S JS] [9C JC]; A takes pile 0 and lays
    # 9♠ J♠ aside. A leads and wins all 10 tricks (B plays T♦ under A♦ and 9♦ under K♦).
    hands = ["AS KS QS TS AC KC QC TC AD KD", "AH KH QH TH JH 9H QD TD JD 9D"]
    state = deal(start(players=2, dealer=B), hands, "9S JS 9C JC")
    state = apply_all(
        state,
        [
            ("bid", {"seat": A, "amount": 100}),
            ("pass", {"seat": B}),
            ("take_talon", {"seat": A, "pile": 0}),
            ("discard", {"seat": A, "cards": ["9S", "JS"]}),
        ],
    )
    seq = "AS 9H KS JH QS QH TS KH AC TH KC AH QC QD TC JD AD TD KD 9D"
    state = plays(state, seq)
    # A's cards 71 (A K Q T of ♠ and ♣ = 28 each, A♦ K♦ 15) + B's 45 = 116 from tricks; the piles
    # (9♣ J♣ = 2, discards 9♠ J♠ = 2) go to the last-trick winner A: 120. A made 100; B took no
    # trick → 0 and a bolt.
    assert state.history[-1].card_points == (120, 0)
    assert state.totals == (100, 0) and state.bolts == (0, 1)


# -- §6.2 obligations: (house rules, trump, hand, cards so far) → exact legal set -----------------
@pytest.mark.parametrize(
    ("variants", "trump", "hand", "trick", "legal"),
    [
        ({}, None, "AS 9S KH", "TS", "AS 9S"),  # follow suit
        ({}, None, "KH QD", "TS", "KH QD"),  # void, no trumps: anything
        ({}, "H", "KH 9H QD", "TS", "KH 9H"),  # void in ♠: must trump
        ({"must_trump_when_void": False}, "H", "KH QD", "TS", "KH QD"),
        ({}, "H", "9S KH", "TS", "9S"),  # following beats trumping; no need to head
        ({"must_head_trick": True}, None, "AS 9S", "TS", "AS"),  # Polish: beat the best card
        ({"must_head_trick": True}, None, "KS 9S", "TS", "KS 9S"),  # cannot beat: any of the suit
        ({"must_head_trick": True}, "H", "KH 9H", "TS QH", "KH"),  # over-trump when able
        ({"must_overtrump": True}, "H", "KH 9H", "TS QH", "KH"),
        ({"must_overtrump": True}, "H", "JH 9H", "TS QH", "JH 9H"),
        ({}, "H", "KH 9H", "TS QH", "KH 9H"),  # default: no obligation to over-trump
        ({}, "H", "AS QD", "KH", "AS QD"),  # §6.3 marriage lead in the trump suit, void: anything
    ],
)
def test_follow_rules_table(variants: dict[str, Any], trump: str | None, hand: str, trick: str, legal: str) -> None:
    from scoring.cards import Suit, parse_cards
    from scoring.thousand import ThousandVariants
    from scoring.thousand.play import base_rules
    from scoring.tricks import legal_cards

    rules = base_rules(ThousandVariants.from_json(variants), Suit(trump) if trump else None)
    got = legal_cards(parse_cards(hand), parse_cards(trick), rules)
    assert sorted(map(str, got)) == sorted(legal.split())


def test_summary_to_act_follows_the_play() -> None:
    state = plays(t19_state(), "KD")
    summary = GAME.summary(state)
    assert summary["phase"] == "play" and summary["to_act"] == B
    assert summary["current_deal"]["trick"] == {"leader": A, "cards": ["KD"]}
    state = plays(state, "9D JD")
    assert GAME.summary(state)["to_act"] == A  # A won trick 1 and leads


def hidden_deal(variants: dict[str, Any]) -> ThousandState:
    """Dealer C, A declares 100, hands not recorded, cards given face down."""
    state = deal(start(variants, dealer=C))
    state = apply_all(state, T22_AUCTION)
    return apply_all(
        state, [("take_talon", {"seat": A}), ("give_card", {"seat": A, "to": B}), ("give_card", {"seat": A, "to": C})]
    )


def test_head_violation_proven_from_the_record() -> None:
    # must_head_trick: trick 1 K♠ 9♠ J♠ — B followed low; at trick 2 B plays A♠, which would have
    # beaten K♠: B failed to head trick 1, proven at trick 2.
    state = plays(hidden_deal({"must_head_trick": True, "renege_penalty": "fixed_120"}), "KS 9S JS QS AS")
    assert [(f.seat, f.code, f.trick, f.proven_at_trick) for f in state.findings] == [(B, "must_head_trick", 1, 2)]
    plain = plays(hidden_deal({"renege_penalty": "fixed_120"}), "KS 9S JS QS AS")
    assert plain.findings == ()  # default: no obligation to head (§6.2)


def test_illegal_four_aces_proven() -> None:
    # A wins trick 1 with K♠ and leads A♣ announcing four aces; B later plays A♦.
    state = plays(hidden_deal({"four_aces_bonus": 200}), "KS 9S JS AC* 9C JC AS QS TS KD AD")
    (finding,) = state.findings
    assert (finding.seat, finding.code, finding.trick) == (A, "illegal_four_aces", 2)
    # Forfeit by the declarer (§16.4): −100; B and C had won no trick yet: 0 each.
    assert state.totals == (-100, 0, 0)


@pytest.mark.parametrize(
    ("variants", "events", "code"),
    [
        (
            {"silence_threshold": -300},
            [("bid", {"seat": A, "amount": 100}), ("bid", {"seat": B, "amount": 105})],
            "silenced_player_bid",
        ),
        (
            {},
            [
                ("bid", {"seat": A, "amount": 100}),
                ("pass", {"seat": B}),
                ("pass", {"seat": C}),
                ("take_talon", {"seat": A}),
                ("give_card", {"seat": A, "to": B}),
                ("give_card", {"seat": A, "to": C}),
                ("raise_contract", {"seat": A, "amount": 112}),
            ],
            "bid_off_step",
        ),
        (
            {"raise_after_talon": False},
            [
                ("bid", {"seat": A, "amount": 100}),
                ("pass", {"seat": B}),
                ("pass", {"seat": C}),
                ("take_talon", {"seat": A}),
                ("give_card", {"seat": A, "to": B}),
                ("give_card", {"seat": A, "to": C}),
                ("raise_contract", {"seat": A, "amount": 110}),
            ],
            "raise_not_allowed",
        ),
        (
            {},
            [
                ("bid", {"seat": A, "amount": 100}),
                ("pass", {"seat": B}),
                ("pass", {"seat": C}),
                ("take_talon", {"seat": A}),
                ("give_card", {"seat": A, "to": B}),
                ("give_card", {"seat": A, "to": B}),
            ],
            "already_given",
        ),
        ({}, [("play_card", {"seat": A, "card": "AS"})], "not_playing"),
    ],
)
def test_section_16_immediate_errors(
    variants: dict[str, Any], events: list[tuple[str, dict[str, Any]]], code: str
) -> None:
    state = deal(start(variants, dealer=C, totals=(0, -400, 0)))
    assert error(apply_all, state, events) == code


def test_four_players_card_by_card() -> None:
    # Dealer D (seat 3) sits out; A, B, C play. D cannot be given a card or play.
    from tests.scoring.thousand_helpers import D

    state = deal(start({"four_player_inactive_bonus": "aces_and_pair"}, players=4, dealer=D), talon="AS KH QH")
    assert state.deal is not None and state.deal.inactive == D and state.deal.active == (A, B, C)
    state = apply_all(state, T22_AUCTION)
    state = GAME.apply_json(state, "take_talon", {"seat": A})
    assert error(GAME.apply_json, state, "give_card", {"seat": A, "to": D}) == "give_to_defender"
    state = apply_all(state, [("give_card", {"seat": A, "to": B}), ("give_card", {"seat": A, "to": C})])
    state = GAME.apply_json(state, "give_up", {"seat": A, "kind": "rospisat"})
    # §3.2 aces_and_pair: A♠ 40 + ♥ pair 100 = 140 for D; Rospisat': A 0, B and C +60.
    assert state.totals == (0, 60, 60, 140)
    assert GAME.summary(state)["inactive_seat"] == A  # next dealer A sits out


def test_defender_illegal_bid_and_declarer_proven_together() -> None:
    # T-24's deal with B bidding 125 first: B's dealt hand = cards B played − 9♣ received =
    # 9♠ J♠ T♠ 9♦ Q♦ J♣ Q♣: no pair. Both bids are proven at the end of the deal; the declarer's
    # violation decides the forfeit: A −130, defenders keep 25 and 40 (see T-24).
    state = deal(start(dealer=C), talon="QS 9C TD")
    state = apply_all(
        state,
        [
            ("bid", {"seat": A, "amount": 100}),
            ("bid", {"seat": B, "amount": 125}),
            ("pass", {"seat": C}),
            ("bid", {"seat": A, "amount": 130}),
            ("pass", {"seat": B}),
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B, "card": "9C"}),
            ("give_card", {"seat": A, "to": C, "card": "9H"}),
        ],
    )
    state = plays(state, T24_PLAY)
    assert [(f.seat, f.code) for f in state.findings] == [(B, "illegal_bid"), (A, "illegal_bid")]
    assert state.totals == (-130, 25, 40)
