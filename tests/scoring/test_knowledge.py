"""The shared card-knowledge model (scoring/knowledge.py) and the three trick engines that prove
reneges with it (rules/hearts.md §6.1, rules/bourre.md §8, rules/thousand.md §16.2).

Every expected value is worked out by hand in the comments: no card enters a hand after the pass,
draw or exchange, so a card played at trick t was held at every trick up to t, and a card a
recorded movement placed in a hand is held from trick 1 until played.
"""

from __future__ import annotations

from typing import Any

from scoring.bourre import GAME as BOURRE
from scoring.cards import STANDARD_DECK, Card, Suit, parse_cards
from scoring.hearts import GAME as HEARTS
from scoring.knowledge import CardKnowledge, Exclusion, Obligation, Play
from scoring.thousand import GAME as THOUSAND
from scoring.thousand.rules import DECK as THOUSAND_DECK
from tests.scoring.bourre_helpers import decide, play, start, step
from tests.scoring.test_claims_knowledge import TRICKS, hearts_led_unbroken
from tests.scoring.thousand_helpers import A, B, C, apply_all
from tests.scoring.thousand_helpers import start as thousand_start


def card(text: str) -> Card:
    return parse_cards(text)[0]


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def tricks_of(script: list[tuple[list[int], str]]) -> list[Play]:
    """Plays from ``(seats in play order, cards)`` per trick, numbered from 1, with the suit led."""
    out: list[Play] = []
    for number, (seats, played) in enumerate(script, start=1):
        row = parse_cards(played)
        out += [Play(number, s, c, row[0].suit if i else None) for i, (s, c) in enumerate(zip(seats, row, strict=True))]
    return out


# -- the core model, by hand ---------------------------------------------------------------------
def test_a_card_played_at_trick_4_was_held_at_trick_2() -> None:
    # Seat 1 plays 9♦ at trick 4: it held 9♦ at tricks 1-4, not at trick 5; no other seat held it.
    k = CardKnowledge.of([Play(4, 1, card("9D"))])
    assert k.held(1, 2, card("9D")) and k.held(1, 4, card("9D"))
    assert not k.held(1, 5, card("9D")) and k.not_held(1, 5, card("9D"))
    assert k.not_held(0, 2, card("9D")) and not k.held(0, 2, card("9D"))
    assert k.held_at(1, 2) == cards("9D")
    assert k.held_at(1, 5) == set()
    assert k.not_held_at(1, 5) == cards("9D")
    # An unplayed card nobody placed: neither proven held nor proven not held.
    assert not k.held(1, 2, card("TD")) and not k.not_held(1, 2, card("TD"))


def test_a_card_given_in_the_exchange_is_held_from_trick_1_until_played() -> None:
    # Thousand §5: the declarer (seat 0) gives Q♠ to seat 2, who plays it at trick 3.
    k = CardKnowledge.of([Play(3, 2, card("QS"))], placed={card("QS"): 2, card("9H"): 1}, out=cards("TC"))
    assert k.held(2, 1, card("QS")) and k.held(2, 3, card("QS")) and not k.held(2, 4, card("QS"))
    assert card("QS") in k.held_at(2, 1) and card("QS") not in k.held_at(2, 4)
    # 9♥ given to seat 1 and not played: held at every trick, never by seat 2.
    assert k.held_at(1, 6) == cards("9H") and k.holding(1) == cards("9H")
    assert k.not_held(2, 1, card("9H"))
    # T♣ is out of play (a discard): no seat holds it.
    assert all(k.not_held(s, 1, card("TC")) for s in range(3))


def test_hearts_heart_lead_before_broken_then_a_non_heart_proves_the_renege() -> None:
    # §2.3 C: seat 3 leads 2♥ at trick 10 with hearts unbroken, legal only if it held no non-heart.
    # Unplayed non-hearts then: K♣ (say). Seat 3 plays K♣ at trick 11: it held K♣ at trick 10.
    lead = Exclusion(3, 10, (card("KC"),), "hearts_not_broken", kind="heart_lead", card=card("2H"))
    k = CardKnowledge.of([Play(10, 3, card("2H"))]).restrict(lead)
    assert k.proven_violations() == ()
    assert k.excluded(3) == cards("KC")
    k = k.play(Play(11, 3, card("KC"), Suit.CLUBS))
    (v,) = k.proven_violations()
    assert (v.seat, v.trick, v.code, v.witness) == (3, 10, "hearts_not_broken", card("KC"))
    # The witness is the first excluded card proven held, in the exclusion's order.
    k2 = CardKnowledge.of([Play(5, 0, card("AS")), Play(6, 0, card("KS"))])
    both = Exclusion(0, 2, (card("KS"), card("AS")), "must_follow_suit")
    assert [v.witness for v in k2.violations(both)] == [card("KS")]
    # Played before the trick of the exclusion: proves nothing.
    assert k2.violations(Exclusion(0, 6, (card("AS"),), "must_follow_suit")) == ()


def test_bourre_cinch_predicate_proven_by_known_trumps() -> None:
    # §3.6: Won + Sure ≥ 3. Seat 1 has won 1 trick and leads 9♦ at trick 2 (trumps ♣); with A♣ K♣
    # (no trump above K outstanding) Sure = 2, 1 + 2 = 3: a cinch, so it had to lead a trump.
    def cinch(known: frozenset[Card]) -> str | None:
        held = {c for c in known if c.suit == Suit.CLUBS}
        return "cinch_must_lead_trump" if cards("AC KC") <= held else None

    plays = [Play(2, 1, card("9D")), Play(3, 1, card("AC")), Play(4, 1, card("2H")), Play(5, 1, card("KC"))]
    k = CardKnowledge.of(plays[:3]).restrict(Obligation(1, 2, cinch, card=card("9D")))
    assert k.proven_violations() == ()  # only A♣ known: not yet a cinch
    k = k.play(plays[3])  # K♣ at trick 5 completes A-K: the cinch is proven, K♣ the witness
    (v,) = k.proven_violations()
    assert (v.seat, v.trick, v.code, v.witness) == (1, 2, "cinch_must_lead_trump", card("KC"))
    # A card placed in the hand (the turned card K♣) counts from the play itself: A♣ at trick 3
    # completes A-K and is the witness; with both placed, the cinch is proven by the first of them.
    up = CardKnowledge.of(plays[:2], placed={card("KC"): 1})
    (v,) = up.violations(Obligation(1, 2, cinch, card=card("9D")))
    assert v.witness == card("AC")
    both = CardKnowledge.of(plays[:1], placed={card("AC"): 1, card("KC"): 1})
    (v,) = both.violations(Obligation(1, 2, cinch, card=card("9D")))
    assert v.witness == card("AC")


def test_voids_and_claim_view() -> None:
    # Seat 1 discards 4♥ on a club lead: void in clubs; the claim view of seat 1 among the unseen.
    k = CardKnowledge.of(tricks_of([([0, 1], "2C 4H")]), placed={card("AS"): 1})
    k = k.restrict(Exclusion(1, 1, (card("KD"),), "x")).show_void(1, Suit.SPADES)
    assert k.voids(1) == {Suit.CLUBS, Suit.SPADES} and k.voids(0) == set()
    view = k.seat_view(1, 2, frozenset(cards("AS KD QD 2C")))
    assert (view.size, view.held, view.not_held) == (2, cards("AS"), cards("KD 2C"))
    assert view.may_hold(card("AS")) and view.may_hold(card("QD")) and not view.may_hold(card("KD"))


# -- the engines prove their reneges with the shared model ---------------------------------------
def test_hearts_engine_proof_is_the_models() -> None:
    # test_claims_knowledge's record: seat 3 leads 2♥ at trick 10, hearts unbroken. Seat 0 has left
    # Q♥ A♥ 6♥ 3♥ and seat 1 9♥ J♣ 9♣ J♥. T10: 2♥ 3♥ 9♥ 4♥ (seat 1 wins with 9♥);
    # T11: seat 1 leads J♣, seat 2 5♥, seat 3 K♣ (a non-heart held at trick 10: renege).
    state = hearts_led_unbroken()
    for seat, text in [(0, "3H"), (1, "9H"), (2, "4H"), (1, "JC"), (2, "5H"), (3, "KC")]:
        state = HEARTS.apply_json(state, "play_card", {"seat": seat, "card": text})
    (finding,) = state.findings  # the hand is abandoned once the renege is proven (§3.5)
    script = [([(leader + i) % 4 for i in range(4)], row) for leader, row in TRICKS]
    plays = [*tricks_of(script), Play(10, 3, card("2H")), Play(10, 0, card("3H"), Suit.HEARTS)]
    plays += [Play(10, 1, card("9H"), Suit.HEARTS), Play(10, 2, card("4H"), Suit.HEARTS)]
    plays += [Play(11, 1, card("JC")), Play(11, 2, card("5H"), Suit.CLUBS), Play(11, 3, card("KC"), Suit.CLUBS)]
    # §2.3 C: the non-hearts not played before the lead at trick 10 (the pack less tricks 1-9).
    seen = {p.card for p in plays if p.trick < 10}
    non_hearts = tuple(c for c in STANDARD_DECK if c not in seen and c.suit != Suit.HEARTS)
    lead = Exclusion(3, 10, non_hearts, "hearts_not_broken", kind="heart_lead", card=card("2H"))
    (v,) = CardKnowledge.of(plays).violations(lead)
    assert (finding.seat, finding.trick, finding.code) == (v.seat, v.trick, v.code) == (3, 10, "hearts_not_broken")
    assert finding.proven_at_trick == 11 and finding.note.params["played"] == v.witness.pretty == card("KC").pretty


def _thousand_given_9d() -> Any:
    # T-22 of test_thousand_cardplay (dealer C, A declares 100), but A gives 9♦ to C in the exchange.
    state = THOUSAND.apply_json(thousand_start({}, dealer=C), "deal", {})
    state = apply_all(state, [("bid", {"seat": A, "amount": 100}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = apply_all(
        state,
        [
            ("take_talon", {"seat": A}),
            ("give_card", {"seat": A, "to": B}),
            ("give_card", {"seat": A, "to": C, "card": "9D"}),
        ],
    )
    # T1 A♠ 9♠ Q♣ (A wins) · T2 K♥ marriage, A♥ J♥ (B wins: hearts trumps) · T3 B T♦, C J♣, A K♦.
    moves = [(A, "AS", None), (B, "9S", None), (C, "QC", None), (A, "KH", "marriage"), (B, "AH", None)]
    moves += [(C, "JH", None), (B, "TD", None), (C, "JC", None)]
    for seat, text, announce in moves:
        payload: dict[str, Any] = {"seat": seat, "card": text} | ({"announce": announce} if announce else {})
        state = THOUSAND.apply_json(state, "play_card", payload)
    return state


def test_thousand_engine_proof_is_the_models() -> None:
    # C plays J♣ on B's T♦ lead at trick 3 while holding 9♦, given to it before trick 1 (§16.2):
    # the renege is proven at once, with 9♦ as the witness.
    state = _thousand_given_9d()
    (finding,) = state.findings
    plays = tricks_of([([A, B, C], "AS 9S QC"), ([A, B, C], "KH AH JH"), ([B, C], "TD JC")])
    diamonds = tuple(c for c in THOUSAND_DECK if c.suit == Suit.DIAMONDS)
    (v,) = CardKnowledge.of(plays, placed={card("9D"): C}).violations(Exclusion(C, 3, diamonds, "must_follow_suit"))
    assert (finding.seat, finding.trick, finding.code) == (v.seat, v.trick, v.code) == (C, 3, "must_follow_suit")
    assert finding.proven_at_trick == 3
    assert finding.note.params["witness"] == v.witness.pretty == card("9D").pretty


def test_bourre_engine_proof_is_the_models() -> None:
    # §6.7 A5: P4 (seat 3) deals, 2♣ turned (trumps ♣). P2 (seat 1) wins tricks 1-3, leads 9♦ at
    # trick 4 and shows 6♣ at trick 5. Won 3 ≥ 3: a cinch whatever the trumps, so holding 6♣ it had
    # to lead a trump at trick 4.
    s = decide(step(start(4), "deal", dealer=3, up_card="2C"), "0:+0 1:+0 2:+0 3:+0")
    s = play(s, "2H AH 3H 4H")
    s = play(s, "AS 2S 3S 4S")
    s = play(s, "AD 2D 3D 4D")
    s = play(s, "9D 5D 6D 7D")
    s = play(s, "6C")
    (finding,) = [f for f in BOURRE.summary(s)["findings"] if f["source"] == "record"]

    def cinch_won_3(known: frozenset[Card]) -> str | None:
        return "cinch_must_lead_trump" if any(c.suit == Suit.CLUBS for c in known) else None

    order = [[0, 1, 2, 3], [1, 2, 3, 0], [1, 2, 3, 0], [1, 2, 3, 0], [1]]
    rows = ["2H AH 3H 4H", "AS 2S 3S 4S", "AD 2D 3D 4D", "9D 5D 6D 7D", "6C"]
    k = CardKnowledge.of(tricks_of(list(zip(order, rows, strict=True))), placed={card("2C"): 3})
    (v,) = k.violations(Obligation(1, 4, cinch_won_3, card=card("9D")))
    assert (finding["seat"], finding["trick"], finding["code"], finding["proven_by"]) == (
        v.seat,
        v.trick,
        v.code,
        str(v.witness),
    )
    assert (v.seat, v.trick, v.code, v.witness) == (1, 4, "cinch_must_lead_trump", card("6C"))
