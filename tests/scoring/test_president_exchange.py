"""The card exchange (rules/president.md §2.2, §6.2; worked examples PR-10, PR-11)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.errors import RulesError
from scoring.president import GAME, PresidentState
from tests.scoring.president_helpers import build_hands, ev, play, start

# Round 1 finishing order 0, 1, 2, 3: President 0, VP 1, Vice-Scum 2, Scum 3; the Scum deals round 2.
PRES, VP, VSCUM, SCUM = 0, 1, 2, 3
SCUM_HAND = "2S AH AD KC 9D 3C 3D 3H 3S 4C 4D 4H 4S"
VSCUM_HAND = "AC KS KD 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D"


def round2(hands: dict[int, str] | None = None, n: int = 4, **variants: Any) -> PresidentState:
    state = ev(start(n, **variants), "round_result", order=list(range(n)), dealer=0)
    if hands is None:
        return ev(state, "deal")
    return ev(state, "deal", hands=build_hands(n, n - 1, hands, state.variants))


def test_pr11_scum_must_give_two_and_one_ace() -> None:
    # PR-11: the Scum holds {2♠, A♥, A♦, K♣, 9♦, …}: must give 2♠ and one of A♥/A♦.
    state = round2({SCUM: SCUM_HAND, VSCUM: VSCUM_HAND})
    best = GAME.legal_actions(state)[0]
    assert (best["giver"], best["receiver"], best["count"], best["kind"]) == (SCUM, PRES, 2, "best")
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["2S", "KC"])
    assert err.value.code == "must_give_best_cards"
    for ace in ("AH", "AD"):
        ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["2S", ace])
    state = ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["2S", "AD"])
    # The President then returns any 2 cards — here the 2♠ just received and a low card.
    president_low = str(state.current.hands[PRES][0])  # type: ignore[union-attr]
    state = ev(state, "exchange", giver=PRES, receiver=SCUM, cards=["2S", president_low])
    # Vice-Scum holds {A♣, K♠, K♦, …}: must give A♣ to the VP.
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=VSCUM, receiver=VP, cards=["KS"])
    assert err.value.code == "must_give_best_cards"
    state = ev(state, "exchange", giver=VSCUM, receiver=VP, cards=["AC"])
    state = ev(state, "exchange", giver=VP, receiver=VSCUM, cards=[str(state.current.hands[VP][0])])  # type: ignore[union-attr]
    assert state.current is not None and state.current.phase == "play"
    assert state.current.to_act == PRES  # §2.3: the President leads after the exchange
    assert state.current.sizes == (13, 13, 13, 13)


def test_pr11_with_jokers_scum_gives_joker_and_two() -> None:
    # PR-11: with jokers, a Scum holding a joker and 2♠ must give exactly those two.
    state = round2({SCUM: "JK 2S AH AD 3C 3D 3H 3S 4C 4D 4H 4S 5C"}, jokers="high")
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["2S", "AH"])
    assert err.value.code == "must_give_best_cards"
    ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["JK", "2S"])


def test_pr10_three_players_single_best_card() -> None:
    # PR-10: order A, C, B; B holds 2♥ and A♠ → must give 2♥; A returns any one card.
    a, b, c = 0, 1, 2
    state = ev(start(3), "round_result", order=[a, c, b], dealer=a)
    state = ev(state, "deal", hands=build_hands(3, b, {b: "2H AS"}, state.variants, "3C 3D 3H 3S"))
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=b, receiver=a, cards=["AS"])
    assert err.value.code == "must_give_best_cards"
    state = ev(state, "exchange", giver=b, receiver=a, cards=["2H"])
    state = ev(state, "exchange", giver=a, receiver=b, cards=["2H"])
    assert state.current is not None and state.current.phase == "play"


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"giver": SCUM, "receiver": PRES, "count": 1}, "wrong_exchange_count"),
        ({"giver": SCUM, "receiver": PRES, "count": 3}, "wrong_exchange_count"),
        ({"giver": SCUM, "receiver": PRES, "cards": ["2S"], "count": 2}, "wrong_exchange_count"),
        ({"giver": SCUM, "receiver": PRES}, "exchange_needs_cards"),
        ({"giver": PRES, "receiver": SCUM, "count": 2}, "exchange_out_of_order"),
        ({"giver": VSCUM, "receiver": VP, "count": 1}, "exchange_out_of_order"),
        ({"giver": SCUM, "receiver": VP, "count": 2}, "no_such_exchange"),
        ({"giver": 9, "receiver": PRES, "count": 2}, "no_such_seat"),
        ({"giver": SCUM, "receiver": PRES, "count": 2, "requested": ["2S", "2H"]}, "no_request_here"),
    ],
)
def test_exchange_errors_hidden_hands(payload: dict[str, Any], code: str) -> None:
    state = round2()
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, "exchange", payload)
    assert err.value.code == code
    assert state.current is not None and state.current.done == 0


def test_exchange_before_the_deal_and_playing_during_it() -> None:
    state = ev(start(4), "round_result", order=[0, 1, 2, 3], dealer=0)
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=SCUM, receiver=PRES, count=2)
    assert err.value.code == "no_exchange_now"
    state = ev(state, "deal")
    with pytest.raises(RulesError) as err:
        play(state, PRES, "5S")
    assert err.value.code == "exchange_not_finished"


def test_hidden_hands_exchange_by_count() -> None:
    state = round2()
    for giver, receiver, count in ((SCUM, PRES, 2), (PRES, SCUM, 2), (VSCUM, VP, 1), (VP, VSCUM, 1)):
        state = ev(state, "exchange", giver=giver, receiver=receiver, count=count)
    assert state.current is not None and state.current.phase == "play"


def _after_exchange(scum_gives: list[str], president_returns: list[str]) -> PresidentState:
    state = round2()
    state = ev(state, "exchange", giver=SCUM, receiver=PRES, cards=scum_gives)
    state = ev(state, "exchange", giver=PRES, receiver=SCUM, cards=president_returns)
    state = ev(state, "exchange", giver=VSCUM, receiver=VP, count=1)
    return ev(state, "exchange", giver=VP, receiver=VSCUM, count=1)


def _lead_round(state: PresidentState, scum_card: str) -> PresidentState:
    """President leads a 3, VP, Vice-Scum pass, the Scum plays ``scum_card``."""
    state = play(state, PRES, "3C")
    state = ev(state, "pass", seat=VP)
    state = ev(state, "pass", seat=VSCUM)
    return play(state, SCUM, scum_card)


def test_exchange_proof_flags_a_kept_higher_card() -> None:
    # §6.2: the Scum gave A♥ A♦ but later plays the 2♠, not received in the exchange → proven.
    state = _lead_round(_after_exchange(["AH", "AD"], ["4H", "4D"]), "2S")
    findings = GAME.summary(state)["findings"]
    assert [(f["code"], f["seat"], f["round"]) for f in findings] == [("exchange_not_best_cards", SCUM, 2)]
    assert findings[0]["penalty"] is None  # flagged only; the round stands


@pytest.mark.parametrize(
    ("gives", "returns", "played"),
    [
        (["AH", "AD"], ["2S", "4D"], "2S"),  # the 2♠ came back from the President: proves nothing
        (["AH", "AD"], ["4H", "4D"], "AC"),  # an equal rank proves nothing (§1.3: suit is the giver's choice)
        (["2H", "AD"], ["4H", "4D"], "KC"),  # lower than both cards given
    ],
)
def test_exchange_proof_never_flags_an_honest_giver(gives: list[str], returns: list[str], played: str) -> None:
    state = _lead_round(_after_exchange(gives, returns), played)
    assert GAME.summary(state)["findings"] == []


def test_president_picks_requested_cards() -> None:
    state = round2({SCUM: SCUM_HAND, VSCUM: VSCUM_HAND}, exchange_scheme="president_picks")
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["3C", "3D"], requested=["KC", "3D"])
    assert err.value.code == "must_give_requested_card"
    # A requested card the Scum does not hold is replaced by one of their choice.
    state = ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["KC", "3D"], requested=["KC", "QH"])
    assert state.current is not None and state.current.done == 1


def test_redeal_when_scum_has_no_face_cards() -> None:
    # §1.4 variant: the Scum (seat 3) holds no J, Q or K → the round is redealt by the same dealer.
    no_face = "2S AH AD 9D 3C 3D 3H 3S 4C 4D 4H 4S 5C"
    state = round2({SCUM: no_face}, redeal_if_scum_has_no_face_cards=True)
    assert GAME.summary(state)["phase"] == "redeal_due"
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["2S", "AH"])
    assert err.value.code == "redeal_required"
    state = ev(state, "redeal")
    assert state.current is None and GAME.legal_actions(state)[0] == {"type": "deal", "dealer": SCUM}
    state = round2({SCUM: SCUM_HAND}, redeal_if_scum_has_no_face_cards=True)
    with pytest.raises(RulesError) as err:
        ev(state, "redeal")
    assert err.value.code == "scum_has_face_cards"
    with pytest.raises(RulesError) as err:
        ev(round2({SCUM: no_face}), "redeal")
    assert err.value.code == "redeal_not_in_use"


def test_no_exchange_in_round_one_and_under_none() -> None:
    state = ev(start(4), "deal", dealer=3)
    assert state.current is not None and state.current.phase == "play"
    state = round2(exchange_scheme="none")
    assert state.current is not None and state.current.phase == "play" and state.current.to_act == PRES


def test_later_round_lead_scum() -> None:
    state = round2(later_round_lead="scum", exchange_scheme="none")
    assert state.current is not None and state.current.to_act == SCUM


def test_hidden_hands_card_known_elsewhere_cannot_be_given() -> None:
    # §6.1: the A♥ went to the President; the Vice-Scum cannot hand it over as well.
    state = round2()
    state = ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["AH", "AD"])
    state = ev(state, "exchange", giver=PRES, receiver=SCUM, count=2)
    with pytest.raises(RulesError) as err:
        ev(state, "exchange", giver=VSCUM, receiver=VP, cards=["AH"])
    assert err.value.code == "card_not_in_hand"
    # The President may return a card just received (it is theirs now).
    state = round2()
    state = ev(state, "exchange", giver=SCUM, receiver=PRES, cards=["AH", "AD"])
    state = ev(state, "exchange", giver=PRES, receiver=SCUM, cards=["AH", "3C"])
    assert state.current is not None
    assert sorted(map(str, state.current.received_left[SCUM])) == ["3C", "AH"]
    assert [str(c) for c in state.current.received_left[PRES]] == ["AD"]
