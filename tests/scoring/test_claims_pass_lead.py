"""Claims under Hearts ``all_hearts_unbroken_lead = pass_lead`` (hearts.md §2.3 C.4; docs/games/
hearts.md §4): a leader holding only hearts while hearts are unbroken passes the lead to the left,
until every other player has passed (the last one leads a heart). Each verdict is worked by hand in
the docstring; the plain reference search (tests/scoring/claims_reference.py) agrees.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.cards import parse_cards
from scoring.claims import Claim, ClaimKind, check_claim
from scoring.claims.games import legal_plays, line_beats_claim, settle_lead
from scoring.claims.modelsearch import needs_model_search
from scoring.claims.position import HeartsPlay, Position, position_from_json, position_to_json
from tests.scoring.claims_reference import all_deals, reference_holds

PASS = HeartsPlay(all_hearts_unbroken_lead="pass_lead")
ALL = Claim(ClaimKind.ALL_TRICKS, claimant=0)


def _hearts_only_leader(rules: HeartsPlay) -> Position:
    """Two tricks left, hearts unbroken, seat 0 leads holding A♥ K♥ only."""
    return Position.hearts(
        [parse_cards("AH KH"), parse_cards("2C 3C"), parse_cards("2D 3D"), parse_cards("4C AS")],
        leader=0,
        rules=rules,
    )


def _cards(pos: Position) -> list[str]:
    return sorted(str(p.card) for p in legal_plays(pos))


def test_all_heart_leader_claims_all_tricks() -> None:
    """``lead_heart`` (C.2: nothing but hearts, so a heart may be led): seat 0 leads A♥, nobody can
    follow or beat it, then K♥ the same: 2 of 2 tricks, "all tricks" holds.

    ``pass_lead`` (C.4): seat 0 may not lead, seat 1 leads 2♣ or 3♣; seat 3 must follow with 4♣,
    which beats either, seat 0 (no club) discards a heart: seat 3 wins the trick, the claim fails.
    """
    lead = _hearts_only_leader(HeartsPlay())
    assert _cards(lead) == ["AH", "KH"]
    verdict = check_claim(lead, ALL, budget_s=30)
    assert verdict.status == "holds"
    assert reference_holds(lead, ALL)

    passing = _hearts_only_leader(PASS)
    assert needs_model_search(passing, ALL)
    settled = settle_lead(passing)
    assert (settled.leader, settled.lead_passes) == (1, 1)
    assert _cards(settled) == ["2C", "3C"]
    verdict = check_claim(passing, ALL, budget_s=30)
    assert verdict.status == "fails"
    assert verdict.counter_line[0].seat == 1
    assert line_beats_claim(passing, ALL, verdict.counter_line)
    assert not reference_holds(settled, ALL)


def test_every_other_player_passed_the_last_leads_a_heart() -> None:
    """Every hand is hearts only. Seats 0, 1, 2 pass (3 = seats − 1 passes); seat 3 must lead a
    heart (6♥ or 7♥). Seat 0 takes it with A♥ (hearts are now broken, no more passing), then leads
    K♥ and wins again: "at least 2" for seat 0 holds."""
    pos = Position.hearts(
        [parse_cards("AH KH"), parse_cards("2H 3H"), parse_cards("4H 5H"), parse_cards("6H 7H")],
        leader=0,
        rules=PASS,
    )
    settled = settle_lead(pos)
    assert (settled.leader, settled.lead_passes) == (3, 3)
    assert _cards(settled) == ["6H", "7H"]
    claim = Claim(ClaimKind.AT_LEAST, claimant=0, tricks=2)
    assert check_claim(pos, claim, budget_s=30).status == "holds"
    assert reference_holds(settled, claim)


def test_the_lead_passes_on_a_later_trick() -> None:
    """Three tricks; seat 1 leads a spade (it holds only spades), seats 2 and 3 follow with 5♠ and
    6♠, seat 0 with A♠ and wins. Seat 0 then holds A♥ K♥ only, hearts unbroken.

    ``lead_heart``: it leads A♥ and K♥, nobody holds a heart: 3 of 3 tricks, "all tricks" holds.
    ``pass_lead``: the lead passes to seat 1, which leads a spade; seats 2 and 3 (void) and seat 0
    discard, seat 1 wins: the claim fails (the pass happens inside the search, after a trick).
    """
    hands = [parse_cards("AS AH KH"), parse_cards("2S 3S 4S"), parse_cards("5S 2D 3D"), parse_cards("6S 4C 5C")]
    lead = Position.hearts(hands, leader=1)
    assert check_claim(lead, ALL, budget_s=30).status == "holds"
    assert reference_holds(lead, ALL)
    passing = replace(lead, rules=PASS)
    verdict = check_claim(passing, ALL, budget_s=30)
    assert verdict.status == "fails"
    assert [p.seat for p in verdict.counter_line[4:5]] == [1]  # trick 2 is led by seat 1
    assert line_beats_claim(passing, ALL, verdict.counter_line)
    assert not reference_holds(passing, ALL)


def test_queen_with_hearts_leads_the_queen() -> None:
    """C.3 ``can_lead_hearts_instead_of_qs`` lets a leader holding hearts and the Q♠ lead a heart;
    under ``pass_lead`` a heart may not be led while the lead may pass, and this hand (Q♠) does not
    pass: it leads the Q♠ (the engine refuses the heart with ``hearts_not_broken``)."""
    rules = HeartsPlay(can_lead_hearts_instead_of_qs=True)
    pos = Position.hearts(
        [parse_cards("QS 5H"), parse_cards("2C 3C"), parse_cards("2D 3D"), parse_cards("4C AS")],
        leader=0,
        rules=rules,
    )
    assert _cards(pos) == ["5H", "QS"]
    assert _cards(replace(pos, rules=replace(rules, all_hearts_unbroken_lead="pass_lead"))) == ["QS"]


def test_unknown_hands_every_deal_fails() -> None:
    """Only seat 0's A♥ K♥ known; the other six cards (no heart among them) lie in the others'
    hands. Under ``lead_heart`` seat 0 wins both tricks in every deal; under ``pass_lead`` seat 1
    (holding no heart) leads, and seat 0's hearts never win a trick of another suit: fails."""
    unseen = parse_cards("2C 3C 2D 3D 4C AS")
    kw: dict[str, object] = {"hand_sizes": (2, 2, 2, 2), "unseen": unseen}
    lead = Position.hearts([parse_cards("AH KH"), None, None, None], leader=0, **kw)
    assert check_claim(lead, ALL, budget_s=30).status == "holds"
    passing = replace(lead, rules=PASS)
    assert check_claim(passing, ALL, budget_s=30).status == "fails"
    deals = all_deals(passing)
    assert len(deals) == 90  # 6!/(2!·2!·2!) deals of the six cards
    assert not any(reference_holds(settle_lead(passing.with_hands(h)), ALL) for h in deals)


def test_json_keeps_the_passes() -> None:
    pos = replace(_hearts_only_leader(PASS), leader=1, lead_passes=1)
    assert position_from_json(position_to_json(pos)) == pos


def test_a_recorded_hand_with_passes() -> None:
    """The record of tests/scoring/test_claims_knowledge.py under ``pass_lead``: at trick 10 seat 3
    (2♥ 10♥ 5♥ 4♥) and then seat 0 (A♥ Q♥ 6♥ 3♥) hold only hearts, hearts unbroken: both pass,
    seat 1 (clubs left) is to lead. The claim position says so, the pass proves seat 3 holds no
    K♣ (the only unseen non-heart)."""
    from scoring.claims.adapters import position_of_json
    from scoring.hearts import GAME
    from scoring.hearts.play import play_position
    from tests.scoring.claims_reference import reference_holds_unknown
    from tests.scoring.test_claims_knowledge import HANDS, TRICKS

    state = GAME.start({"pass_count": 0, "all_hearts_unbroken_lead": "pass_lead"}, ["Ann", "Bob", "Cy", "Di"])
    state = GAME.apply_json(state, "deal", {"hands": [HANDS[0].split(), HANDS[1].split(), None, None]})
    for leader, cards in TRICKS:
        for i, card in enumerate(cards.split()):
            state = GAME.apply_json(state, "play_card", {"seat": (leader + i) % 4, "card": card})
    state = GAME.apply_json(state, "pass_lead", {"seat": 3})
    state = GAME.apply_json(state, "pass_lead", {"seat": 0})
    pos = position_of_json(play_position(state))
    assert (pos.leader, pos.lead_passes, pos.trick) == (1, 2, ())
    assert isinstance(pos.rules, HeartsPlay) and pos.rules.all_hearts_unbroken_lead == "pass_lead"
    assert parse_cards("KC")[0] in pos.not_held[3]
    # "At least 1" holds: seat 1 must lead a club (a heart lead is barred: 2 passes < 3), seat 2
    # follows with K♣ and wins, seats 3 and 0 discard hearts (seat 0 keeps A♥), hearts are broken;
    # seat 2, holding only hearts, leads one and A♥ takes a trick.
    assert check_claim(pos, Claim(ClaimKind.AT_LEAST, claimant=0, tricks=1), budget_s=30).status == "holds"
    three = Claim(ClaimKind.AT_LEAST, claimant=0, tricks=3)
    assert check_claim(pos, three, budget_s=30).status == "fails"
    assert reference_holds_unknown(pos, three) is False
