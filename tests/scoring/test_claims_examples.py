"""Hand-written claims whose verdicts are reasoned by hand in the comments."""

from __future__ import annotations

import itertools

import pytest

from scoring.cards import Card, Suit, parse_cards
from scoring.claims import Claim, ClaimKind, Position, check_claim
from scoring.claims.games import line_beats_claim
from scoring.claims.position import ThousandPlay
from scoring.claims.samples import random_position

H = parse_cards


def _fails_with_line(pos: Position, claim: Claim) -> list[str]:
    v = check_claim(pos, claim)
    assert v.status == "fails", v
    assert line_beats_claim(pos, claim, v.counter_line)
    return [str(p) for p in v.counter_line]


# ------------------------------------------------------------------------------------------- Hearts
def test_hearts_top_spades_take_every_trick() -> None:
    # Seat 0 leads A♠ then K♠; everyone must follow with lower spades: 2 of 2 tricks.
    pos = Position.hearts([H("AS KS"), H("2S 3S"), H("4S 5S"), H("6S 7S")], leader=0, hearts_broken=True)
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0))
    assert v.status == "holds"
    assert v.positions >= 1 and v.elapsed_s >= 0


def test_hearts_claim_all_with_low_spades_fails_at_once() -> None:
    # Seat 1 holds 2♠ 3♠ against A♠: seat 0 leads A♠ and wins; the claim is already lost.
    pos = Position.hearts([H("AS KS"), H("2S 3S"), H("4S 5S"), H("6S 7S")], leader=0, hearts_broken=True)
    line = _fails_with_line(pos, Claim(ClaimKind.ALL_TRICKS, 1))
    assert line[0] == "0:AS"


def test_hearts_no_more_points_with_the_lowest_hearts_holds() -> None:
    # Seat 0 has 2♥ 3♥, every other heart is higher: whoever leads hearts, seat 0 follows low and a
    # higher heart wins; seat 0 never wins a trick.
    pos = Position.hearts([H("2H 3H"), H("4H 5H"), H("6H 7H"), H("8H 9H")], leader=0, hearts_broken=True)
    assert check_claim(pos, Claim(ClaimKind.NO_MORE_POINTS, 0)).status == "holds"


def test_hearts_no_more_points_fails_when_the_ace_must_follow() -> None:
    # Seat 0 holds A♥ 2♣. Seat 1 leads 3♥ (hearts broken): seats 2, 3 follow 5♥ 7♥, seat 0 must play
    # A♥ and takes 4 points. The line the solver gives must do exactly that kind of thing.
    pos = Position.hearts([H("AH 2C"), H("3H 4C"), H("5H 6C"), H("7H 8C")], leader=1, hearts_broken=True)
    line = _fails_with_line(pos, Claim(ClaimKind.NO_MORE_POINTS, 0))
    assert "0:AH" in line


def test_hearts_off_suit_ace_never_wins() -> None:
    # Seat 0 holds A♥ 2♣ but every other card is a club: clubs are led, 2♣ loses, then A♥ is a
    # discard on a club trick and cannot win (hearts.md §1.2). No points for seat 0.
    pos = Position.hearts([H("AH 2C"), H("3C 4C"), H("5C 6C"), H("7C 8C")], leader=1, hearts_broken=True)
    assert check_claim(pos, Claim(ClaimKind.NO_MORE_POINTS, 0)).status == "holds"


def test_hearts_at_least_n() -> None:
    # Seat 0: A♠ K♠ 2♦; seat 0 leads. A♠, K♠ win (nobody can beat them); 2♦ loses to 3♦.
    pos = Position.hearts([H("AS KS 2D"), H("2S 3S 3D"), H("4S 5S 4D"), H("6S 7S 5D")], leader=0, hearts_broken=True)
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 0, tricks=2)).status == "holds"
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 0, tricks=3)).status == "fails"


# ----------------------------------------------------------------------------------------- Thousand
def test_thousand_contract_counts_a_marriage_announced_on_lead() -> None:
    # Seat 0 has won a trick (20 points so far) and holds K♥ Q♥ A♥; others have no hearts.
    # Leading K♥ with the announcement scores 100 and makes hearts trumps (thousand.md §6.4); seat 0
    # then wins all three tricks: its own 11+4+3 and the others' 0+10+2 and 0+10+2 = 42 card points.
    # Total 20 + 42 + 100 = 162: a bid of 160 is made, 165 is not.
    pos = Position.thousand(
        [H("KH QH AH"), H("9C TC JC"), H("9D TD JD")],
        leader=0,
        tricks_won=(1, 0, 0),
        points_won=(20, 0, 0),
    )
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=160)).status == "holds"
    line = _fails_with_line(pos, Claim(ClaimKind.CONTRACT, 0, bid=165))
    assert len(line) == 9


def test_thousand_ace_first_then_the_marriage() -> None:
    # Same cards but seat 0 has won no trick yet: it cannot announce on this lead (§6.4 condition
    # 2), but it can lead A♥ first (nobody has a heart and there is no trump: it wins), and then
    # lead K♥ announcing, with Q♥ still in hand. So 162 is still reachable, 163 is not.
    pos = Position.thousand(
        [H("KH QH AH"), H("9C TC JC"), H("9D TD JD")], leader=0, points_won=(20, 0, 0), tricks_won=(0, 1, 1)
    )
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=162)).status == "holds"
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=163)).status == "fails"


def test_thousand_no_marriage_before_winning_a_trick() -> None:
    # Seat 0 holds only K♥ Q♥ and has won no trick: whichever it leads first cannot be announced;
    # after that trick it no longer holds both. Card points: K♥ trick 4+0+0, Q♥ trick 3+10+10:
    # 20 + 27 = 47 at most. With `marriage_requires_won_trick` off it announces at once: 147.
    hands = [H("KH QH"), H("9C TC"), H("9D TD")]
    pos = Position.thousand(hands, leader=0, points_won=(20, 0, 0), tricks_won=(0, 1, 1))
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=47)).status == "holds"
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=48)).status == "fails"
    pos_off = Position.thousand(
        hands, leader=0, points_won=(20, 0, 0), rules=ThousandPlay(marriage_requires_won_trick=False)
    )
    assert check_claim(pos_off, Claim(ClaimKind.CONTRACT, 0, bid=147)).status == "holds"
    assert check_claim(pos_off, Claim(ClaimKind.CONTRACT, 0, bid=148)).status == "fails"


def test_thousand_must_trump_when_void() -> None:
    # Trump ♠. Seat 1 leads A♦; seat 0 (claimant) is void in ♦ and holds 9♠: it must trump
    # (thousand.md §6.2) and wins the trick: 1 trick. Seat 2 follows 9♦.
    pos = Position.thousand(
        [H("9S"), H("AD"), H("9D")], leader=1, trump=Suit.SPADES, announced=frozenset({Suit.SPADES})
    )
    assert check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0)).status == "holds"


# ------------------------------------------------------------------------------------------- Bourré
def test_bourre_head_the_trick_forces_the_ace() -> None:
    # Trump ♠. Seat 0 leads Q♦; seat 1 (claimant) holds A♦ 6♦ and must beat Q♦ (bourre.md §3.4):
    # A♦ wins. Seat 1 leads 6♦: seat 2 has no ♦ and no trump (3♥), seat 0 is void in ♦ and must
    # trump with 2♠, which wins. So 1 trick is certain, 2 are not. If seat 0 leads 2♠ first, seat 1
    # discards and then must still head Q♦ with A♦: again exactly 1.
    pos = Position.bourre([H("QD 2S"), H("AD 6D"), H("KD 3H")], leader=0, trump=Suit.SPADES)
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 1, tricks=1)).status == "holds"
    _fails_with_line(pos, Claim(ClaimKind.ALL_TRICKS, 1))


def test_bourre_cinch_forces_the_trump_lead() -> None:
    # bourre.md §6.3 C5: trump ♣, seat 0 won tricks 1-3 and holds 6♣ 9♦: the cinch makes it lead 6♣.
    # Nobody else has a club, so 6♣ wins; then 9♦ beats 2♦ (seat 2 has no ♦ or trump). 2 of 2.
    pos = Position.bourre([H("6C 9D"), H("2D 3H"), H("4S 5S")], leader=0, trump=Suit.CLUBS, tricks_won=(3, 0, 0))
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0))
    assert v.status == "holds"


# ------------------------------------------------------------------------------------ claimant only
def test_claimant_only_top_spades_hold_for_every_deal() -> None:
    pos = Position.hearts(
        [H("AS KS"), None, None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("2S 3S 4S 5S 6S 7S"),
    )
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0))
    assert v.status == "holds"


def test_claimant_only_fails_with_the_deal_that_beats_it() -> None:
    # Seat 0: A♠ 2♣, leads. Unseen: 3♣ 4♣ 5♣ 6♠ 7♠ 8♠. Whatever the deal, 2♣ is the lowest club and
    # loses to whoever holds a higher one... but every opponent holding clubs could follow: in every
    # deal some higher club is out, so the claim fails; the answer names a deal and a line.
    pos = Position.hearts(
        [H("AS 2C"), None, None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("3C 4C 5C 6S 7S 8S"),
    )
    claim = Claim(ClaimKind.ALL_TRICKS, 0)
    v = check_claim(pos, claim)
    assert v.status == "fails"
    assert v.distribution is not None
    full = pos.with_hands(v.distribution)
    assert line_beats_claim(full, claim, v.counter_line)
    assert v.as_json()["distribution"] is not None


def test_claimant_only_shown_voids_can_make_a_claim_hold() -> None:
    # Seat 0: A♠ 2♦. Unseen: 3♦ and five spades. Seats 2 and 3 have shown out of ♦, so seat 1
    # holds 3♦, and 2♦ cannot win... unless seat 1 has to play 3♦ earlier: seat 0 leads A♠ (seat 1
    # must follow with a spade if it has one). Seat 1 holds 3♦ + one spade: it follows A♠ with the
    # spade, then beats 2♦ with 3♦. So the claim fails, and every failing deal gives 3♦ to seat 1.
    pos = Position.hearts(
        [H("AS 2D"), None, None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("3D 4S 5S 6S 7S 8S"),
        voids=(frozenset(), frozenset(), frozenset({Suit.DIAMONDS}), frozenset({Suit.DIAMONDS})),
    )
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0))
    assert v.status == "fails"
    assert v.distribution is not None and "3D" in [str(c) for c in v.distribution[1]]
    # When every opponent has shown out of ♦ too, no deal fits the record: undetermined.
    bad = Position.hearts(
        [H("AS 2D"), None, None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("3D 4S 5S 6S 7S 8S"),
        voids=(frozenset(),) + (frozenset({Suit.DIAMONDS}),) * 3,
    )
    assert check_claim(bad, Claim(ClaimKind.ALL_TRICKS, 0)).status == "undetermined"
    # And with the 3♦ gone (it was played), A♠ and 2♦ both win: holds for every deal.
    ok = Position.hearts(
        [H("AS 2D"), None, None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("3S 4S 5S 6S 7S 8S"),
    )
    assert check_claim(ok, Claim(ClaimKind.ALL_TRICKS, 0)).status == "holds"


# --------------------------------------------------------------------------------------- budget, API
def test_the_budget_gives_undetermined() -> None:
    # A full 13-card Hearts deal, "no more points" for seat 1, with a clock that advances 10 s per
    # reading: the search reads it every 1024 positions, finds the 2 s budget spent at the first
    # reading and answers undetermined (this claim needs far more than 1024 positions).
    import random

    pos = random_position(random.Random(1), "hearts", 13)
    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 10.0

    v = check_claim(pos, Claim(ClaimKind.NO_MORE_POINTS, 1), clock=clock, budget_s=2.0)
    assert v.status == "undetermined"
    assert v.positions == 1024
    assert "budget" in v.reason


def test_claim_kinds_must_fit_the_game() -> None:
    pos = Position.bourre([H("QD 2S"), H("AD 6D")], leader=0, trump=Suit.SPADES)
    with pytest.raises(ValueError):
        check_claim(pos, Claim(ClaimKind.NO_MORE_POINTS, 0))
    with pytest.raises(ValueError):
        check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=100))


def test_verdict_json() -> None:
    pos = Position.hearts([H("AS KS"), H("2S 3S"), H("4S 5S"), H("6S 7S")], leader=0, hearts_broken=True)
    out = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 1)).as_json()
    assert out["status"] == "fails"
    assert out["counter_line"][0] == {"seat": 0, "card": "AS"}  # type: ignore[index]
    assert isinstance(out["elapsed_ms"], float) and isinstance(out["positions"], int)


def test_partly_known_hands() -> None:
    # Seat 0: A♠ 2♦, leads; seat 1 has laid down 3♦ 4♠ (known); seats 2 and 3 unknown, holding
    # 5♠ 6♠ 7♠ 8♠ between them. Seat 1 follows A♠ with 4♠ and beats 2♦ with 3♦ in every deal.
    pos = Position.hearts(
        [H("AS 2D"), H("3D 4S"), None, None],
        leader=0,
        hearts_broken=True,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("5S 6S 7S 8S"),
    )
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, 0))
    assert v.status == "fails"
    assert v.distribution is not None and v.distribution[1] == H("3D 4S")
    # 1 trick (A♠) holds in every deal
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, 0, tricks=1)).status == "holds"


def test_deal_counts() -> None:
    from scoring.claims.unknown import distributions

    # 6 unseen cards, three unknown hands of 2: 6!/(2!·2!·2!) = 90 deals.
    pos = Position.hearts(
        [H("AS 2D"), None, None, None], leader=0, hand_sizes=(2, 2, 2, 2), unseen=H("3C 4C 5S 6S 7S 8S")
    )
    assert len(list(distributions(pos))) == 90
    # Seat 2 has shown out of clubs: both clubs to seat 1 (then seat 2 takes 2 of the 4 spades: 6),
    # both to seat 3 (6), or one each (2 ways × 4!/(1!·1!·2!) = 12 → 24): 36 deals.
    void = Position.hearts(
        [H("AS 2D"), None, None, None],
        leader=0,
        hand_sizes=(2, 2, 2, 2),
        unseen=H("3C 4C 5S 6S 7S 8S"),
        voids=(frozenset(), frozenset(), frozenset({Suit.CLUBS}), frozenset()),
    )
    deals = list(distributions(void))
    assert len(deals) == 36 and len(set(deals)) == 36
    # Pinned cards come first, and nothing is lost or repeated.
    pinned = list(distributions(void, {Card("3C"): 3}))
    assert sorted(map(str, pinned)) == sorted(map(str, deals))
    assert all(Card("3C") in d[3] for d in pinned[:12]) and Card("3C") not in pinned[-1][3]


def test_thousand_cashing_aces_counts_the_cards_the_others_must_follow_with() -> None:
    # Seat 0 leads with A♠ A♥, the tops of their suits, no trump; seat 1 holds K♠ 10♥, seat 2 Q♠ K♥.
    # Both must follow each ace (thousand.md §6.2): A♠ trick 11+4+3 = 18, A♥ trick 11+10+4 = 25,
    # 43 in all, which the search's lower bound (own aces + the cards followed with) sees at once.
    pos = Position.thousand([H("AS AH"), H("KS TH"), H("QS KH")], leader=0)
    holds = check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=43))
    assert holds.status == "holds"
    assert holds.positions == 1
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=44)).status == "fails"


def test_thousand_an_opponent_short_in_a_cashed_suit_is_not_counted() -> None:
    # Seat 0 leads A♠ T♠ (both above every other spade); seat 1 holds K♠ 9♦, seat 2 9♠ J♠.
    # A♠ trick: 11 + 4 (K♠, seat 1's only spade) + one of seat 2's spades; T♠ trick: 10 + 0 (9♦
    # thrown) + the other spade. 11 + 4 + 10 + 0 + 0 + 2 = 27 whatever the order. Seat 1 could
    # run out of spades, so only seat 2's cards count in the lower bound (23): the search decides.
    pos = Position.thousand([H("AS TS"), H("KS 9D"), H("9S JS")], leader=0)
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=27)).status == "holds"
    assert check_claim(pos, Claim(ClaimKind.CONTRACT, 0, bid=28)).status == "fails"
