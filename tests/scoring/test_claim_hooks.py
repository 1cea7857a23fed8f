"""The Thousand and Bourré ``claims.play_position`` hooks: the checker's position JSON of a deal in
play (the service builds its claim positions from them, with the unseen cards and voids shown)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.bourre import GAME as BOURRE
from scoring.bourre.claims import play_position as bourre_hook
from scoring.claims import Claim, ClaimKind, check_claim
from scoring.claims.position import Position, position_from_json
from scoring.errors import RulesError
from scoring.thousand import GAME
from scoring.thousand.claims import play_position as thousand_hook
from tests.scoring.test_thousand_cardplay import T24_PLAY, deal, exchange, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all, start


class Setup:
    def __init__(self, raw: dict[str, Any], seat: int) -> None:
        self.seats = tuple(raw["seats"])
        self.claimant = self.seats.index(seat) if seat in self.seats else None
        self.position: Position = position_from_json(raw)


def claim_position_from_state(game: str, state: Any, seat: int) -> Setup:
    setup = Setup((thousand_hook if game == "thousand" else bourre_hook)(state), seat)
    if setup.claimant is None:
        raise ValueError(f"seat {seat} takes no part")
    return setup


T24_HANDS = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]


def thousand_at_trick_7() -> Any:
    state = deal(start({"bid_ceiling": "unlimited"}, dealer=C), T24_HANDS, "QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = exchange(state, A, {B: "9C", C: "9H"})
    return plays(state, " ".join(T24_PLAY.split()[:18]))


def test_thousand_position_at_trick_7() -> None:
    # test_perft_last_two_tricks: C on lead with A♣ 9♥, A holds T♥ A♥, B Q♣ 9♣; no trumps.
    setup = claim_position_from_state("thousand", thousand_at_trick_7(), C)
    pos = setup.position
    assert setup.seats == (0, 1, 2) and setup.claimant == 2 and pos.leader == 2
    assert pos.hand_sizes == (2, 2, 2) and pos.trump is None and pos.all_known
    # C can make A♣ (B follows, A has no clubs and no trumps exist) but then leads 9♥ into A's A♥:
    # one trick, not two → all_tricks fails; at_least 1 holds.
    assert check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 2)).status == "fails"
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 2, tricks=1)).status == "holds"
    # A: whatever C leads, A wins the heart trick with A♥ (or T♥) → at least 1 holds for A too.
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 0, tricks=1)).status == "holds"


def test_thousand_unknown_hands_give_the_unseen_cards_and_the_voids() -> None:
    # T-24's play recorded without the hands: after 6 tricks the 6 unplayed cards (A: T♥ A♥, B: 9♣ Q♣,
    # C: 9♥ A♣) are unseen, two per seat; C showed out of spades on trick 1 (K♦ on A♠).
    state = deal(start({"bid_ceiling": "unlimited"}, dealer=C))
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = plays(exchange(state, A, {B: "9C", C: "9H"}), " ".join(T24_PLAY.split()[:18]))
    raw = thousand_hook(state)
    assert raw["hands"] == [None, None, None] and raw["hand_sizes"] == [2, 2, 2]
    assert raw["unseen"] == sorted(["TH", "AH", "9C", "QC", "9H", "AC"])
    assert "S" in raw["voids"][2]
    assert position_from_json(raw).remaining_tricks == 2


def _t24_talon_only(give: dict[int, str | None]) -> Any:
    """T-24 with the hands not entered, the talon Q♠ 9♣ T♦ entered; A declares 130 and passes on."""
    state = deal(start({"bid_ceiling": "unlimited"}, dealer=C), None, "QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = GAME.apply_json(state, "take_talon", {"seat": A})
    for to, card in give.items():
        state = GAME.apply_json(state, "give_card", {"seat": A, "to": to} | ({"card": card} if card else {}))
    return state


def test_thousand_talon_cards_the_declarer_kept_are_held_by_the_declarer() -> None:
    # thousand.md §16.2: A took Q♠ 9♣ T♦ and gave 9♣ to B and 9♥ (from A's own hand) to C: A keeps
    # Q♠ and T♦. B holds 9♣, C holds 9♥ (§5).
    state = _t24_talon_only({B: "9C", C: "9H"})
    assert thousand_hook(state)["held"] == [["QS", "TD"], ["9C"], ["9H"]]
    # Trick 1 (A♠ 9♠ K♦) and trick 2 (K♠ J♠ A♦) leave them in place; A plays Q♠ at trick 3
    # (Q♠ T♠ Q♥): only T♦ is still known in A's hand.
    state = plays(state, " ".join(T24_PLAY.split()[:9]))
    assert thousand_hook(state)["held"] == [["TD"], ["9C"], ["9H"]]


def test_thousand_talon_cards_are_not_placed_when_a_gift_is_unrecorded() -> None:
    # §16.2: the card given to C is not recorded, so it may have been Q♠ or T♦: neither is placed.
    state = _t24_talon_only({B: "9C", C: None})
    assert thousand_hook(state)["held"] == [[], ["9C"], []]


def test_thousand_outside_play_has_no_position() -> None:
    state = deal(start(dealer=C), T24_HANDS, "QS 9C TD")
    with pytest.raises(RulesError):
        claim_position_from_state("thousand", state, A)


def bourre_after_ace_of_trumps() -> Any:
    s = BOURRE.start({}, ["Ann", "Bob", "Cy"])
    hands = [["AS", "KH", "QH", "3D", "4C"], ["3S", "AH", "5D", "6D", "7C"], ["KS", "2S", "8D", "9D", "8C"]]
    s = BOURRE.apply_json(s, "deal", {"dealer": 2, "up_card": "2S", "hands": hands})
    while (action := BOURRE.legal_actions(s)[0])["type"] != "play_card":
        if action["type"] == "declare":
            s = BOURRE.apply_json(s, "declare", {"seat": action["seat"], "play": action["seat"] != 1})
        else:
            s = BOURRE.apply_json(s, "draw", {"seat": action["seat"], "count": 0})
    return BOURRE.apply_json(s, "play_card", {"seat": 0, "card": "AS"})


def test_bourre_position_leaves_out_the_seat_who_passed() -> None:
    setup = claim_position_from_state("bourre", bourre_after_ace_of_trumps(), 2)
    assert setup.seats == (0, 2) and setup.claimant == 1
    pos = setup.position
    assert [str(c) for c in pos.trick] == ["AS"] and pos.hand_sizes == (4, 5)
    # Cy (K♠ 2♠ 8♦ 9♦ 8♣) follows A♠ and loses trick 1; Ann then holds K♥ Q♥ 3♦ 4♣ without trumps,
    # and whatever she leads Cy wins: a heart with K♠ (void, must trump), a diamond with 8♦/9♦ over
    # 3♦, a club with 8♣ over 4♣ — and keeps winning: 4 tricks of 4. At least 2 holds; Ann's 2 fail.
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 1, tricks=2)).status == "holds"
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 0, tricks=2)).status == "fails"
    with pytest.raises(ValueError):
        claim_position_from_state("bourre", bourre_after_ace_of_trumps(), 1)  # Bob passed
