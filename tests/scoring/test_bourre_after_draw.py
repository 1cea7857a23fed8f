"""Hands entered after the draw (docs/games/bourre.md §1.3; rules/bourre.md §3.1.2, §3.6, §8).

The deal below is worked by hand; the service test (tests/service/test_bourre_after_draw.py)
records the same deal through the API. A(0), B(1), C(2); C deals and turns 6♥: hearts are trumps.
Hands after the draw (nobody names discards or received cards):

* A: 10♦ 9♦ 8♦ 2♣ 3♣ (no trump)
* B: A♥ K♥ Q♥ 4♥ 8♠ — void in ♦. Before trick 1: Mine A K Q 4, Outstanding 2 3 5 6 7 8 9 10 J
  (B cannot know 6♥ is the dealer's): 5 kills 4, nothing beats Q → Killable 1, Sure 3: a cinch.
* C: 6♥ J♦ 5♠ 7♣ 9♠ (the up-card kept)

Trick 1: A 10♦; B, void in ♦ and not last, must play A♥, K♥ or Q♥ (C-follow) — 4♥ is refused;
B A♥; C J♦ (must follow; W is a trump). B wins.
Trick 2: B (won 1; K Q 4 vs 2 3 5 6 7 8 9 10 J: 5 kills 4, Sure 2; 1 + 2 = 3) must lead K♥ or Q♥
(A♥ played, so Q♥ is equivalent); 8♠ is refused. The leader's left plays next: B K♥, C 6♥ (its
only heart, cannot beat K♥), A 2♣ (no heart, no trump). B wins.
Trick 3: B (won 2; Q 4 vs 2 3 5 7 8 9 10 J: 5 kills 4, Sure 1) leads Q♥; C 5♠, A 3♣. B wins.
Trick 4: B (won 3) leads 4♥, its last trump; C 7♣, A 9♦. B wins.
Trick 5: B 8♠, C 9♠ (follows and heads), A 8♦. C wins.

Tricks A0 B4 C1. B = 3 antes; B takes 3; A is bourré and pays 3. Ledger A −1 −3 = −4, B −1 + 3 = +2,
C −1; pot 3. Next antes: B and C (A exempt, §4.5) → next pot 3 + 2 = 5.
"""

from __future__ import annotations

import pytest

from scoring.bourre import GAME, Session
from scoring.errors import RulesError
from tests.scoring.bourre_helpers import start, step

AFTER = {0: "TD 9D 8D 2C 3C", 1: "AH KH QH 4H 8S", 2: "6H JD 5S 7C 9S"}
COUNTS = {0: 3, 1: 2, 2: 0}


def after_draw(**variants: object) -> Session:
    s = start("ABC", **variants)
    s = step(s, "deal", dealer=2, up_card="6H")
    for seat in (0, 1, 2):
        s = step(s, "declare", seat=seat, play=True)
        s = step(s, "draw", seat=seat, count=COUNTS[seat], hand=AFTER[seat].split())
    return s


def refused(s: Session, code: str, event_type: str, **payload: object) -> RulesError:
    with pytest.raises(RulesError) as err:
        step(s, event_type, **payload)
    assert err.value.code == code, err.value
    return err.value


def test_whole_deal_with_hands_after_the_draw_and_a_void_cinch_holder() -> None:
    s = after_draw()
    assert GAME.summary(s)["deal"]["hands_known"] == [sorted(AFTER[seat].split()) for seat in (0, 1, 2)]
    s = step(s, "play_card", seat=0, card="TD")
    err = refused(s, "cinch_must_play_highest_trump", "play_card", seat=1, card="4H")
    assert err.rule == "bourre.md §3.6" and sorted(err.params["legal"]) == ["AH", "KH", "QH"]
    for seat, card in [(1, "AH"), (2, "JD")]:
        s = step(s, "play_card", seat=seat, card=card)
    err = refused(s, "cinch_must_lead_trump", "play_card", seat=1, card="8S")
    assert sorted(err.params["legal"]) == ["KH", "QH"]
    plays = [(1, "KH"), (2, "6H"), (0, "2C"), (1, "QH"), (2, "5S"), (0, "3C")]
    plays += [(1, "4H"), (2, "7C"), (0, "9D"), (1, "8S"), (2, "9S"), (0, "8D")]
    for seat, card in plays:
        s = step(s, "play_card", seat=seat, card=card)
    s = step(s, "deal", up_card="3C")
    summary = GAME.summary(s)
    deal = summary["history"][0]
    assert deal["tricks"] == [0, 4, 1] and deal["taken"] == [{"seat": 1, "chips": 3}]
    assert deal["payments"] == [{"seat": 0, "chips": 3, "code": "bourre"}]
    assert deal["ledger"] == [-4, 2, -1] and deal["pot_after"] == 3
    assert summary["findings"] == [] and summary["pot"] == 5


def test_known_hand_before_the_draw_must_keep_the_rest() -> None:
    """With the hand before the draw known, exactly ``count`` cards are new (§3.1.2)."""
    s = start("ABC")
    hands = [["TD", "9D", "8D", "KS", "QS"], [], ["6H", "JD", "5S", "7C", "9S"]]
    s = step(s, "deal", dealer=2, up_card="6H", hands=hands)
    s = step(s, "declare", seat=0, play=True)
    # Exchanging 2 but showing 3 new cards (2♣ 3♣ 4♣ for K♠ Q♠ and 8♦): refused.
    refused(s, "hand_after_draw_count", "draw", seat=0, count=2, hand=["TD", "9D", "2C", "3C", "4C"])
    s = step(s, "draw", seat=0, count=2, hand=["TD", "9D", "8D", "2C", "3C"])
    # The cards that left the known hand are A's discards (§8): A can no longer play K♠.
    assert s.deal is not None and {str(c) for c in s.deal.discards[0]} == {"KS", "QS"}


@pytest.mark.parametrize(
    ("seat", "count", "hand", "extra", "code"),
    [
        (0, 3, "TD 9D 8D 2C", {}, "wrong_hand_size"),
        (0, 3, "TD 9D 8D 2C 2C", {}, "wrong_hand_size"),
        (0, 3, "TD 9D 8D 2C 6H", {}, "card_in_other_hand"),  # the dealer's up-card
        (0, 3, "TD 9D 8D 2C 3C", {"discarded": ["2C"]}, "card_discarded"),
        (0, 3, "TD 9D 8D 2C 3C", {"received": ["4C"]}, "hand_after_draw_missing_card"),
    ],
)
def test_hand_after_the_draw_refusals(seat: int, count: int, hand: str, extra: dict[str, object], code: str) -> None:
    s = step(start("ABC"), "deal", dealer=2, up_card="6H")
    s = step(s, "declare", seat=seat, play=True)
    refused(s, code, "draw", seat=seat, count=count, hand=hand.split(), **extra)


def test_a_card_in_another_hand_after_the_draw_is_refused() -> None:
    s = step(start("ABC"), "deal", dealer=2, up_card="6H")
    s = step(s, "declare", seat=0, play=True)
    s = step(s, "draw", seat=0, count=3, hand=AFTER[0].split())
    s = step(s, "declare", seat=1, play=True)
    refused(s, "card_in_other_hand", "draw", seat=1, count=2, hand=["TD", "KH", "QH", "4H", "8S"])


def test_dealer_without_the_up_card_discarded_it() -> None:
    """The dealer's hand after the draw lacks 6♥: the up-card was discarded (public, §8), so it is
    out of play for the cinch test; in a Lo-No deal that is refused (§7: the dealer leads it)."""
    s = step(start("ABC"), "deal", dealer=2, up_card="6H")
    for seat in (0, 1):
        s = step(s, "declare", seat=seat, play=True)
        s = step(s, "draw", seat=seat, count=COUNTS[seat], hand=AFTER[seat].split())
    s = step(s, "declare", seat=2, play=True)
    s = step(s, "draw", seat=2, count=1, hand=["2H", "JD", "5S", "7C", "9S"])
    assert s.deal is not None and s.deal.up_out
    lo = step(start("ABC", lo_no=True), "deal", dealer=2, up_card="4D", lo_no=True)
    for seat in (0, 1):
        lo = step(lo, "declare", seat=seat, play=True)
        lo = step(lo, "draw", seat=seat, count=0)
    lo = step(lo, "declare", seat=2, play=True)
    refused(lo, "lo_no_keep_up_card", "draw", seat=2, count=1, hand=["2H", "JD", "5S", "7C", "9S"])
