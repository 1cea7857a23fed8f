"""Claims under the house rules that were once refused (issue #18): each verdict is worked by hand
in the comments and agrees with the plain reference search (tests/scoring/claims_reference.py).

Rules cited: docs/games/bourre.md §4 (house rules), §5 (Lo-No), §6; docs/games/thousand.md §4
(``trump_change_timing``); docs/games/hearts.md §4 (``kitty``), §6 (spot hearts).
"""

from __future__ import annotations

from dataclasses import replace

from scoring.cards import Suit, parse_cards
from scoring.claims import Claim, ClaimKind, check_claim
from scoring.claims.games import legal_plays, line_beats_claim
from scoring.claims.position import BourrePlay, HeartsPlay, Position, ThousandPlay
from tests.scoring.claims_reference import reference_holds


def _verdict(pos: Position, claim: Claim) -> str:
    verdict = check_claim(pos, claim, budget_s=30)
    expected = "holds" if reference_holds(pos, claim) else "fails"
    assert verdict.status == expected, (verdict.status, expected)
    if verdict.status == "fails":
        assert line_beats_claim(pos, claim, verdict.counter_line)
    return verdict.status


def test_bourre_akq_only_cinch() -> None:
    """Trump ♦. Seat 0 has won 3 tricks and holds 3♦ A♥; seat 1 holds 7♣ Q♦; seat 0 leads.

    Under ``pagat`` (won 3 ≥ 3) seat 0 has a cinch and must lead its highest trump, 3♦: Q♦ heads it,
    seat 1 leads 7♣ and seat 0, out of trumps, throws A♥: no trick, so "at least 1" fails.
    Under ``akq_only`` a cinch is holding the A-K-Q of trumps (bourre.md §4): none here, so seat 0
    leads A♥; seat 1 must trump with Q♦ and leads 7♣, which seat 0 trumps with 3♦: 1 trick, holds.
    """
    pagat = Position.bourre(
        [parse_cards("3D AH"), parse_cards("7C QD")],
        leader=0,
        trump=Suit.DIAMONDS,
        tricks_won=(3, 0),
        played=frozenset(parse_cards("2S 4S 5C 6D 8C 8D")),
    )
    claim = Claim(ClaimKind.AT_LEAST, claimant=0, tricks=1)
    assert [str(p.card) for p in legal_plays(pagat)] == ["3D"]
    assert _verdict(pagat, claim) == "fails"
    akq = replace(pagat, rules=BourrePlay(cinch_rules="akq_only"))
    assert sorted(str(p.card) for p in legal_plays(akq)) == ["3D", "AH"]
    assert _verdict(akq, claim) == "holds"


def test_bourre_akq_only_holder_leads_the_ace() -> None:
    """Seat 0 played K♠ and Q♠ itself and holds A♠ 7♦: the rest of its A-K-Q, a cinch under
    ``akq_only``; it must lead A♠ (the highest trump, no equivalents). Seat 1 (8♦ 2♠) follows with
    2♠, then heads 7♦ with 8♦: seat 0 makes 1 trick, not 2."""
    pos = Position.bourre(
        [parse_cards("AS 7D"), parse_cards("8D 2S")],
        leader=0,
        trump=Suit.SPADES,
        rules=BourrePlay(cinch_rules="akq_only"),
        played=frozenset(parse_cards("KS QS 3C 4C")),
        played_by=(frozenset(parse_cards("KS QS")), frozenset()),
    )
    assert [str(p.card) for p in legal_plays(pos)] == ["AS"]
    assert _verdict(pos, Claim(ClaimKind.AT_LEAST, claimant=0, tricks=1)) == "holds"
    assert _verdict(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)) == "fails"


def test_bourre_must_lead_trump_when_others_void() -> None:
    """Trump ♠, three players. Seats 1 and 2 have shown out of trumps; seat 0 (leader) holds 4♠ 8♦.
    It must lead 4♠ (bourre.md §4), which wins; then 8♦: seat 1's 9♦ heads it. Seat 1 claims 1:
    holds. Without the rule seat 0 could lead 8♦ first, but 9♦ still heads it: holds too."""
    pos = Position.bourre(
        [parse_cards("4S 8D"), parse_cards("9D 3C"), parse_cards("5C 6C")],
        leader=0,
        trump=Suit.SPADES,
        rules=BourrePlay(must_lead_trump_when_others_void=True, cinch_rules="none"),
        voids=(frozenset(), frozenset({Suit.SPADES}), frozenset({Suit.SPADES})),
    )
    assert [str(p.card) for p in legal_plays(pos)] == ["4S"]
    assert _verdict(pos, Claim(ClaimKind.AT_LEAST, claimant=1, tricks=1)) == "holds"
    # Seat 0 "both": 4♠ wins, 8♦ loses to 9♦ — fails.
    assert _verdict(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)) == "fails"
    free = replace(pos, rules=BourrePlay(cinch_rules="none"))
    assert sorted(str(p.card) for p in legal_plays(free)) == ["4S", "8D"]
    assert _verdict(free, Claim(ClaimKind.AT_LEAST, claimant=1, tricks=1)) == "holds"


def test_bourre_lo_no_low_cards_win() -> None:
    """Lo-No (bourre.md §5): no trump, the lowest card of the suit led wins. Seat 0 holds 2♠ 3♦,
    seat 1 A♠ K♦: every lead of seat 0 is the lowest of its suit, so seat 0 takes both."""
    pos = Position.bourre(
        [parse_cards("2S 3D"), parse_cards("AS KD")], leader=0, trump=None, rules=BourrePlay(low_wins=True)
    )
    assert _verdict(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)) == "holds"
    # With aces high the same cards give seat 1 both tricks.
    high = replace(pos, trump=Suit.CLUBS, rules=BourrePlay())
    assert _verdict(high, Claim(ClaimKind.AT_LEAST, claimant=0, tricks=1)) == "fails"


def test_thousand_trump_change_next_trick() -> None:
    """Three players, trump ♠; 6 tricks played (2 each); seat 0 (K♥ Q♥) leads, seats 1 (9♣ K♣) and
    2 (9♠ 10♠) hold no heart. Seat 0 claims 2 tricks.

    ``immediate`` (thousand.md §4): K♥ announced, hearts are trumps at once — K♥ and Q♥ win: holds.
    ``next_trick``: spades stay trumps for this trick, seat 2 trumps K♥ with 9♠ and leads 10♠ (now
    hearts are trumps): seat 0 trumps with Q♥ — 1 trick: fails.
    """
    pos = Position.thousand(
        [parse_cards("KH QH"), parse_cards("9C KC"), parse_cards("9S TS")],
        leader=0,
        trump=Suit.SPADES,
        announced=frozenset({Suit.SPADES}),
        tricks_won=(2, 2, 2),
    )
    claim = Claim(ClaimKind.AT_LEAST, claimant=0, tricks=2)
    assert _verdict(pos, claim) == "holds"
    later = replace(pos, rules=ThousandPlay(trump_change_timing="next_trick"))
    assert _verdict(later, claim) == "fails"


def test_thousand_pending_trump_change() -> None:
    """``next_trick``: seat 0 led K♥ announcing the marriage, so hearts become trumps from the next
    trick; this trick is still at spades. Seat 1 (9♠ J♦), void in hearts, must trump K♥ with 9♠ and
    wins, then leads J♦: seat 0, void in diamonds, trumps with Q♥ (hearts are trumps now) and wins.
    Seat 0 claims 1 trick: holds; 2: fails."""
    pos = Position.thousand(
        [parse_cards("QH"), parse_cards("9S JD")],
        leader=0,
        trick=parse_cards("KH"),
        trump=Suit.SPADES,
        next_trump=Suit.HEARTS,
        announced=frozenset({Suit.SPADES, Suit.HEARTS}),
        rules=ThousandPlay(trump_change_timing="next_trick"),
        tricks_won=(5, 5),
        hand_sizes=(1, 2),
    )
    assert [str(p.card) for p in legal_plays(pos)] == ["9S"]
    assert _verdict(pos, Claim(ClaimKind.AT_LEAST, claimant=0, tricks=1)) == "holds"
    assert _verdict(pos, Claim(ClaimKind.ALL_TRICKS, claimant=0)) == "fails"


def test_hearts_kitty_to_the_last_trick() -> None:
    """``kitty = leftover_last_trick`` (hearts.md §4): the Q♠ lies in the kitty, which goes to the
    winner of the last trick. Seat 2 (7♣ 10♣) claims no more points. Seat 0 leads 4♣; seats 1 and 3
    have no club and throw spades; seat 2 wins with 7♣ (no penalty card in it), leads 10♣ and wins
    the last trick too — and with it the kitty's Q♠: fails. Without the kitty it holds."""
    pos = Position.hearts(
        [parse_cards("4C KD"), parse_cards("3S KS"), parse_cards("7C TC"), parse_cards("2S 8D")],
        leader=0,
        hearts_broken=True,
        tricks_won=(4, 4, 3, 0),
    )
    claim = Claim(ClaimKind.NO_MORE_POINTS, claimant=2)
    assert _verdict(pos, claim) == "holds"
    kitty = replace(pos, kitty_pending=parse_cards("QS"), rules=HeartsPlay(kitty_receipt="last_trick"))
    verdict = check_claim(kitty, claim)
    assert verdict.status == "fails" and _verdict(kitty, claim) == "fails"
    # A kitty without penalty cards brings nothing: holds again.
    clean = replace(kitty, kitty_pending=parse_cards("5D"))
    assert _verdict(clean, claim) == "holds"


def test_hearts_kitty_in_the_claim_position() -> None:
    """Three players with ``short_deal_method = kitty`` (hearts.md §2.4): 17 cards each and one in the
    kitty, which the winner of trick 1 receives (``leftover_first_trick``). Until then the claim
    position names that trick; the kitty's card is known when the deal names it, else ``null``."""
    from scoring.hearts import GAME
    from scoring.hearts.play import play_position

    state = GAME.start({"pass_count": 0, "short_deal_method": "kitty"}, ["Ann", "Bob", "Cy"])
    data = play_position(GAME.apply_json(state, "deal", {}))
    assert data is not None and data["rules"]["kitty_receipt"] == "first_trick"
    assert data["kitty_pending"] is None and len(data["unseen"]) == 52  # 3 × 17 + the kitty
    shown = play_position(GAME.apply_json(state, "deal", {"kitty": ["QS"]}))
    assert shown is not None and shown["kitty_pending"] == ["QS"]
