"""Lo-No (rules/bourre.md §7 ``lo_no``; our reading in docs/games/bourre.md, "Lo-No").

"If a low card is turned the dealer may call Lo-No: no trumps, low cards win, dealer must play and
leads the turned card." Every expected value below is worked out by hand in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.bourre import GAME, BourreVariants, Session
from scoring.bourre.claims import play_position as claims_hook
from scoring.bourre.legality import LO_NO, CinchView, PlayRules, legal, why_illegal, winning_card
from scoring.bourre.play import play_position
from scoring.cards import parse_card, parse_cards
from scoring.claims import Claim, ClaimKind, check_claim
from scoring.claims.adapters import position_of_json
from scoring.claims.games import legal_plays
from scoring.errors import RulesError, VariantError
from tests.scoring.bourre_helpers import decide, play, start, step
from tests.scoring.claims_reference import reference_holds

A, B, C, D = range(4)


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


def expect(state: Session, code: str, event_type: str, **payload: Any) -> RulesError:
    with pytest.raises(RulesError) as err:
        GAME.apply_json(state, event_type, payload)
    assert err.value.code == code
    return err.value


# -- legality under Lo-No (§3.4 read with no trump and low cards winning) ---------------------------

# (id, trick so far, hand, house rules, exact legal set)
LO_NO_ROWS = [
    # W = 5♦ (lower than the 7♦ led); 4♦ and 2♦ are lower still, so one of them must be played.
    ("head-lower", "7D 5D", "9D 4D 2D KS", {}, "4D 2D"),
    # No diamond below 5♦: any diamond (follow suit only).
    ("cannot-head", "7D 5D", "9D 6D KS", {}, "9D 6D"),
    # Void in ♦ and no trumps exist: any card (none of them can win).
    ("void", "7D", "AS 2C KH", {}, "AS 2C KH"),
    # The up-card's suit is no trump under Lo-No: a void player need not play it.
    ("no-must-trump", "7C", "2D 9S", {}, "2D 9S"),
    # Aces are high (§1), so under Lo-No an ace is the worst card: it does not beat K♠, the 10 does.
    ("ace-is-worst", "KS", "AS TS", {}, "TS"),
    # must_beat_mode = highest_card, read as "the strongest card": under Lo-No the lowest one.
    ("strongest", "9H", "8H 3H 2H QH", {"must_beat_mode": "highest_card"}, "2H"),
    ("strongest-cannot-beat", "2H", "8H 3H", {"must_beat_mode": "highest_card"}, "8H 3H"),
    ("no-head-rule", "7D 5D", "9D 4D", {"head_trick_required": False}, "9D 4D"),
    # A-K-Q of diamonds would be a cinch with ♦ trumps (§6.3 C1); with no trumps it is no cinch.
    ("no-cinch", "", "AD KD QD 7C 4S", {}, "AD KD QD 7C 4S"),
]


@pytest.mark.parametrize(("row", "trick", "hand", "rules", "expected"), LO_NO_ROWS, ids=[r[0] for r in LO_NO_ROWS])
def test_lo_no_legal_sets(row: str, trick: str, hand: str, rules: dict[str, Any], expected: str) -> None:
    got = legal(parse_cards(hand), parse_cards(trick), LO_NO, PlayRules(**rules), CinchView())
    assert {str(c) for c in got} == cards(expected)


ERROR_ROWS = [
    ("follow", "7C", "8C 2D", "2D", "must_follow_suit"),
    ("head", "7C", "8C 3C", "8C", "must_head_trick"),
    ("head-at-turn", "9C 4C", "6C 2C", "6C", "must_head_trick"),  # W = 4♣, 6♣ does not beat it
]


@pytest.mark.parametrize(("row", "trick", "hand", "card", "code"), ERROR_ROWS, ids=[r[0] for r in ERROR_ROWS])
def test_lo_no_error_codes(row: str, trick: str, hand: str, card: str, code: str) -> None:
    got = why_illegal(parse_card(card), parse_cards(hand), parse_cards(trick), LO_NO, PlayRules(), CinchView())
    assert got == code


def test_lo_no_trick_winner_is_the_lowest_card_of_the_suit_led() -> None:
    # 7♦ led, 2♦ is the lowest diamond; 3♣ is lower than nothing: a third suit never wins (§3.3).
    assert winning_card(parse_cards("7D 2D AD 3C"), LO_NO) == parse_card("2D")
    assert winning_card(parse_cards("KS AS"), LO_NO) == parse_card("KS")


def test_opening_lead_is_the_turned_card() -> None:
    view = CinchView(opening_lead=parse_card("4D"))
    hand = parse_cards("4D 2S 3C KH 9H")
    assert legal(hand, (), LO_NO, PlayRules(), view) == (parse_card("4D"),)
    assert why_illegal(parse_card("2S"), hand, (), LO_NO, PlayRules(), view) == "lo_no_must_lead_up_card"


# -- a whole deal card by card --------------------------------------------------------------------

HANDS = [
    ["6D", "8D", "KC", "QS", "AH"],  # A
    ["2D", "2H", "2C", "7S", "9D"],  # B
    ["4D", "2S", "3C", "KH", "9H"],  # C, dealer: 4♦ turned
]


def lo_no_deal(**variants: Any) -> Session:
    s = start("ABC", lo_no=True, **variants)
    return step(s, "deal", dealer=C, up_card="4D", lo_no=True, hands=HANDS)


def test_whole_lo_no_deal_card_by_card() -> None:
    s = lo_no_deal()
    assert GAME.summary(s)["deal"]["trump"] is None and GAME.summary(s)["deal"]["lo_no"] is True
    s = decide(s, "0:+0 1:+0")
    # The dealer must play: a pass is refused, and legal_actions offer only "play".
    assert expect(s, "dealer_must_play_lo_no", "declare", seat=C, play=False).rule == "bourre.md §7"
    assert GAME.legal_actions(s)[0] == {"type": "declare", "seat": C, "play": [True]}
    s = step(s, "declare", seat=C, play=True)
    # The dealer keeps the turned card for the lead: discarding it, or all five, is refused.
    expect(s, "lo_no_keep_up_card", "draw", seat=C, count=1, discarded=["4D"], received=["5S"])
    expect(s, "lo_no_keep_up_card", "draw", seat=C, count=5)
    assert GAME.legal_actions(s)[0]["max"] == 4
    s = step(s, "draw", seat=C, count=0)

    # Trick 1: the dealer C leads, and only 4♦ (§7), then A, B clockwise.
    assert GAME.legal_actions(s)[0] == {"type": "play_card", "seat": C, "cards": ["4D"], "hand_known": True}
    assert expect(s, "lo_no_must_lead_up_card", "play_card", seat=C, card="2S").rule == "bourre.md §7"
    s = play(s, "4D")
    # A holds 6♦ 8♦: neither is below W = 4♦, so either diamond; K♣ is a failure to follow.
    assert set(GAME.legal_actions(s)[0]["cards"]) == {"6D", "8D"}
    expect(s, "must_follow_suit", "play_card", seat=A, card="KC")
    s = play(s, "8D")
    # B holds 2♦ 9♦: W is still 4♦ (8♦ does not beat it); 2♦ beats it and must be played.
    assert GAME.legal_actions(s)[0]["cards"] == ["2D"]
    expect(s, "must_head_trick", "play_card", seat=B, card="9D")
    s = play(s, "2D")  # B wins trick 1 with the lowest diamond
    # Trick 2: B leads 2♥; C's 9♥/K♥ cannot beat it: either heart; A follows with A♥. B wins.
    s = play(s, "2H")
    assert GAME.legal_actions(s)[0]["cards"] == ["9H", "KH"]
    s = play(s, "KH AH")
    # Trick 3: B leads 2♣; C must follow with 3♣, A with K♣. B wins (3 tricks).
    s = play(s, "2C 3C KC")
    # Trick 4: B leads 7♠; C's 2♠ beats it and must be played (9♥ would not follow); A's Q♠. C wins.
    s = play(s, "7S")
    expect(s, "must_follow_suit", "play_card", seat=C, card="9H")
    s = play(s, "2S QS")
    # Trick 5: C leads 9♥; A (6♦) and B (9♦) are void: 6♦ is lower but of another suit. C wins.
    s = play(s, "9H 6D 9D")
    summary = GAME.summary(s)
    assert summary["deal"]["tricks_won"] == {"0": 0, "1": 3, "2": 2}
    entry = summary["history"][-1]  # provisional settlement of the complete deal
    # Antes 1+1+1 = 3 = B. B took most tricks (3-2-0) and takes 3; A took none: bourré, pays 3.
    # Pot after: 3 − 3 + 3 = 3. Ledger: A −1 −3 = −4, B −1 +3 = +2, C −1; −4 + 2 − 1 = −3 = −pot.
    assert entry["lo_no"] is True and entry["tricks"] == [0, 3, 2]
    assert entry["pot_at_play"] == 3
    assert entry["taken"] == [{"seat": B, "chips": 3}]
    assert entry["payments"] == [{"seat": A, "chips": 3, "code": "bourre"}]
    assert entry["pot_after"] == 3 and entry["ledger"] == [-4, 2, -1]
    assert entry["exempt_next"] == [A]  # a bourré payer skips the next ante (§4.5)
    assert summary["findings"] == []
    # The next deal is an ordinary one: 9♠ turned, spades are trumps again; antes B, C → pot 5.
    s = step(s, "deal", up_card="9S")
    assert GAME.summary(s)["deal"]["trump"] == "S" and GAME.summary(s)["pot"] == 5


def test_play_position_under_lo_no() -> None:
    s = decide(lo_no_deal(), "0:+0 1:+0 2:+0")
    pos = play_position(s)
    assert pos.trump is None and pos.ranking == LO_NO
    assert pos.to_play == C and pos.legal_cards() == (parse_card("4D"),)
    pos = pos.play(parse_card("4D"))  # the opening lead is made: A follows as usual
    assert set(map(str, pos.legal_cards() or ())) == {"6D", "8D"}
    pos = pos.play(parse_card("6D")).play(parse_card("2D"))
    assert pos.leader == B and pos.tricks_taken() == {A: 0, B: 1, C: 0}


def test_claims_in_a_lo_no_deal() -> None:
    """docs/claims.md: a Lo-No deal is checked under §7 (no trump, the lowest card of the suit led
    wins, the dealer leads the turned card)."""
    s = decide(lo_no_deal(), "0:+0 1:+0 2:+0")
    pos = position_of_json(claims_hook(s))
    assert pos.trump is None and [str(p.card) for p in legal_plays(pos)] == ["4D"]  # C leads 4♦ only
    # The deal of test_whole_lo_no_deal_card_by_card after three tricks (B has 3): A Q♠ 6♦,
    # B 7♠ 9♦, C 2♠ 9♥, B to lead.
    s = play(s, "4D 8D 2D 2H KH AH 2C 3C KC")
    pos = position_of_json(claims_hook(s))
    # play seats = table seats here (all three play)
    # C "both": B leads 9♦, A must head it with 6♦ and wins: fails.
    v = check_claim(pos, Claim(ClaimKind.ALL_TRICKS, claimant=C))
    assert v.status == "fails" and str(v.counter_line[0]) == "1:9D"
    # C "at least one": 7♠ led → C's 2♠ heads it; 9♦ led → A wins with 6♦ and leads Q♠, C heads
    # B's 7♠ with the 2♠ it kept. Holds.
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, claimant=C, tricks=1)).status == "holds"
    # A "at least one": B leads 7♠ (C wins, then C's 9♥ wins the last): fails.
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, claimant=A, tricks=1)).status == "fails"
    for claim in (Claim(ClaimKind.ALL_TRICKS, C), Claim(ClaimKind.AT_LEAST, C, 1), Claim(ClaimKind.AT_LEAST, A, 1)):
        assert reference_holds(pos, claim) == (claim == Claim(ClaimKind.AT_LEAST, C, 1))


def test_everyone_else_passes_the_dealer_collects() -> None:
    # §3.1.5 with Lo-No: A and B pass; the dealer, who must play anyway, plays alone and takes 3.
    s = decide(lo_no_deal(), "0:- 1:-")
    s = step(s, "deal", up_card="9S")
    entry = GAME.summary(s)["history"][0]
    assert entry["lo_no"] is True and entry["active"] == [C] and entry["taken"] == [{"seat": C, "chips": 3}]


def test_dealer_cannot_pass_even_when_the_pot_would_carry_over() -> None:
    s = decide(lo_no_deal(all_pass_policy="carry_over"), "0:- 1:-")
    expect(s, "dealer_must_play_lo_no", "declare", seat=C, play=False)


# -- the call: only on a low card, only where the table plays Lo-No ---------------------------------


def test_call_refused_when_the_turned_card_is_not_low() -> None:
    # Default lo_no_max_rank = 6: a 7 is not low.
    err = expect(start("ABC", lo_no=True), "lo_no_card_not_low", "deal", dealer=C, up_card="7D", lo_no=True)
    assert err.rule == "bourre.md §7" and "§7" in err.message
    assert err.params["maximum"] == 6 and err.params["card"] == "7D"
    # The boundary: a 6 is low; a table with lo_no_max_rank = 7 accepts the 7.
    step(start("ABC", lo_no=True), "deal", dealer=C, up_card="6D", lo_no=True)
    step(start("ABC", lo_no=True, lo_no_max_rank=7), "deal", dealer=C, up_card="7D", lo_no=True)
    # An ace is never low (A = 14, §1).
    expect(start("ABC", lo_no=True, lo_no_max_rank=8), "lo_no_card_not_low", "deal", up_card="AD", lo_no=True)


def test_call_refused_without_the_house_rule() -> None:
    err = expect(start("ABC"), "lo_no_not_allowed", "deal", dealer=C, up_card="2D", lo_no=True)
    assert err.rule == "bourre.md §7"


def test_lo_no_variants_are_validated() -> None:
    assert BourreVariants.from_json({"lo_no": True}).lo_no_max_rank == 6
    with pytest.raises(VariantError):
        BourreVariants.from_json({"lo_no": True, "lo_no_max_rank": 9})  # above the middle rank 8
    with pytest.raises(VariantError) as err:
        BourreVariants.from_json({"lo_no": True, "trump_source": "separate_card_no_owner"})
    assert err.value.code == "variant_conflict"  # nobody could lead an ownerless card


# -- result entry -----------------------------------------------------------------------------------


def test_result_entry_of_a_lo_no_deal() -> None:
    s = start("ABCD", lo_no=True)
    # Deal 1, D deals and turns 5♣ (low), calls Lo-No; A, C, D play; A 1 trick, C 0, D 4.
    # Antes 4 = B. D takes 4; C is bourré and pays 4. Pot: 4 − 4 + 4 = 4.
    s = step(s, "deal_result", dealer=D, up_card="5C", lo_no=True, played=[A, C, D], tricks=[1, 0, 0, 4])
    entry = GAME.summary(s)["history"][0]
    assert entry["lo_no"] is True
    assert entry["taken"] == [{"seat": D, "chips": 4}]
    assert entry["payments"] == [{"seat": C, "chips": 4, "code": "bourre"}]
    assert entry["pot_after"] == 4
    # Ledger: A −1, B −1, C −1 −4 = −5, D −1 +4 = +3; the sum −4 is the pot.
    assert entry["ledger"] == [-1, -1, -5, 3]
    assert any(n["code"] == "lo_no" for n in entry["explain"])
    # Deal 2 (A deals, an ordinary deal): antes A, B, D (C paid bourré) → 4 + 3 = 7.
    s = step(s, "deal_result", up_card="9H", played=[A, B], tricks=[3, 2, 0, 0])
    second = GAME.summary(s)["history"][1]
    assert second["lo_no"] is False and second["pot_at_play"] == 7


def test_result_entry_rejections() -> None:
    s = start("ABCD", lo_no=True)
    both = {"dealer": D, "lo_no": True}
    # The dealer who called Lo-No must be among the players; nobody playing is impossible too.
    expect(s, "dealer_must_play_lo_no", "deal_result", up_card="5C", played=[A, C], tricks=[3, 0, 2, 0], **both)
    expect(s, "dealer_must_play_lo_no", "deal_result", up_card="5C", played=[], **both)
    # The turned card must be entered, and low.
    expect(s, "lo_no_needs_up_card", "deal_result", played=[A, D], tricks=[3, 0, 0, 2], **both)
    expect(s, "lo_no_card_not_low", "deal_result", up_card="JC", played=[A, D], tricks=[3, 0, 0, 2], **both)
    expect(start("ABCD"), "lo_no_not_allowed", "deal_result", up_card="5C", played=[A, D], tricks=[3, 0, 0, 2], **both)
    assert GAME.summary(s)["history"] == []  # nothing was recorded


# -- reneges proven from the record (§8) under Lo-No ------------------------------------------------


def hidden_lo_no_deal() -> Session:
    """P1…P4 (seats 0–3), P4 deals and calls Lo-No on 3♠; everyone plays, stands pat, hands hidden."""
    s = start(4, lo_no=True)
    s = step(s, "deal", dealer=3, up_card="3S", lo_no=True)
    return decide(s, "0:+0 1:+0 2:+0 3:+0")


def findings(s: Session) -> list[tuple[int, int | None, str, str | None]]:
    return [(f["seat"], f["trick"], f["code"], f["proven_by"]) for f in GAME.summary(s)["findings"]]


def test_dealer_not_leading_the_turned_card_is_proven_at_once() -> None:
    # The turned 3♠ is known to be in P4's hand (§8): leading 9♥ instead is proven by it at once.
    s = play(hidden_lo_no_deal(), "9H")
    assert findings(s) == [(3, 1, "lo_no_must_lead_up_card", "3S")]


def test_failure_to_head_proven_and_w_at_the_players_turn() -> None:
    s = hidden_lo_no_deal()
    # Trick 1 (P4 leads): 3♠, 9♠, 5♠, 7♠. W = 3♠ throughout; P4 wins with the lowest spade.
    s = play(s, "3S 9S 5S 7S")
    assert findings(s) == []
    # Trick 2 (P4 leads 8♥): P1 6♥ (W = 6♥), P2 2♠ (shows out of hearts), P3 K♥. P1 wins.
    s = play(s, "8H 6H 2S KH")
    # P2 held 2♠ at trick 1, where it would have beaten W = 3♠: failure to head, proven by 2♠.
    assert findings(s) == [(1, 1, "must_head_trick", "2S")]
    # Trick 3 (P1 leads 5♥): P2 9♣, P3 7♥, P4 4♥. P3's 7♥ is lower than the 8♥ led in trick 2 but
    # not lower than W = 6♥ at P3's turn there: no violation (the Lo-No form of §6.7 A3).
    s = play(s, "5H 9C 7H 4H")
    assert findings(s) == [(1, 1, "must_head_trick", "2S")]
