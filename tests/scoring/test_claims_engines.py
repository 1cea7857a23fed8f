"""Claims on real engine states, through each engine's play_position(state); and the claim
checker's play model against the engines' own legality on random playouts."""

from __future__ import annotations

import random

from scoring.claims import Claim, ClaimKind, check_claim
from scoring.claims.adapters import claim_position_from_state
from scoring.claims.games import apply_play, legal_plays
from scoring.registry import get_game
from tests.scoring.bourre_helpers import decide, start, step
from tests.scoring.hearts_support import known_position
from tests.scoring.test_thousand_cardplay import T24_PLAY, deal, exchange, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all
from tests.scoring.thousand_helpers import start as thousand_start


def test_hearts_state() -> None:
    # Every hand known, seat 0 to lead trick 12, hearts broken. Seat 0: A♠ K♠, the top spades; it
    # leads both and wins both (everyone else follows with lower spades, or has none). Seat 1 holds
    # 2♠ 3♠, the lowest spades: it never wins a trick, so takes no more points. Seat 3 must follow
    # A♠ with 6♠ and then drops 2♥ on K♠: seat 0 cannot avoid that point.
    state = known_position(["AS KS", "2S 3S", "4S 5S", "6S 2H"], leader=0, trick_number=12, hearts_broken=True)
    setup = claim_position_from_state(get_game("hearts"), state, 0)
    assert setup.claimant == 0 and setup.position.hand_sizes == (2, 2, 2, 2)
    assert check_claim(setup.position, Claim(ClaimKind.ALL_TRICKS, 0)).status == "holds"
    assert check_claim(setup.position, Claim(ClaimKind.NO_MORE_POINTS, 1)).status == "holds"
    # Seat 0 must win both tricks: if seat 3 drops 2♥ on one of them, seat 0 takes a point.
    assert check_claim(setup.position, Claim(ClaimKind.NO_MORE_POINTS, 0)).status == "fails"


def test_thousand_state() -> None:
    # T-24's deal with hands known, at trick 7 (as in test_perft_last_two_tricks): C on lead holds
    # A♣ 9♥, A holds T♥ A♥, B holds Q♣ 9♣; no trumps. C's A♣ wins whenever led; 9♥ loses to A's
    # hearts. So C makes exactly one of the two tricks.
    hands = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
    state = deal(thousand_start({"bid_ceiling": "unlimited"}, dealer=C), hands, "QS 9C TD")
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = exchange(state, A, {B: "9C", C: "9H"})
    state = plays(state, " ".join(T24_PLAY.split()[:18]))
    setup = claim_position_from_state(get_game("thousand"), state, C)
    assert setup.contract == 130
    assert [len(h or ()) for h in setup.position.hands] == [2, 2, 2]
    claimant = setup.claimant
    assert check_claim(setup.position, Claim(ClaimKind.AT_LEAST, claimant, tricks=1)).status == "holds"
    assert check_claim(setup.position, Claim(ClaimKind.ALL_TRICKS, claimant)).status == "fails"


def _bourre_two() -> object:
    # Trump ♠ (Bob's up-card 2♠). Ann: A♠ K♥ Q♥ 3♦ 4♣; Bob: 2♠ A♥ 5♦ 6♦ 7♣. Ann leads.
    s = start("AB")
    s = step(s, "deal", dealer=1, up_card="2S", hands=[["AS", "KH", "QH", "3D", "4C"], ["2S", "AH", "5D", "6D", "7C"]])
    return decide(s, "0:+0 1:+0")


def test_bourre_state() -> None:
    # Ann's A♠ is the top trump: one trick is certain. All five are not: Bob's A♥ heads her hearts,
    # and he must head 3♦ with a higher diamond.
    setup = claim_position_from_state(get_game("bourre"), _bourre_two(), 0)
    assert check_claim(setup.position, Claim(ClaimKind.AT_LEAST, setup.claimant, tricks=1)).status == "holds"
    assert check_claim(setup.position, Claim(ClaimKind.ALL_TRICKS, setup.claimant)).status == "fails"


def test_bourre_legality_matches_the_engine_on_random_playouts() -> None:
    from scoring.bourre.play import play_position

    rng = random.Random(3)
    hands3 = [["AS", "2S", "3H", "9D", "4C"], ["KS", "5H", "6H", "2D", "3C"], ["QS", "7S", "8D", "TD", "8H"]]
    s3 = step(start(3), "deal", dealer=2, up_card="8H", hands=hands3)
    for session in (_bourre_two(), decide(s3, "0:+0 1:+0 2:+0")):
        for _ in range(30):
            # The engine's position and the claim checker's, played on side by side.
            pp = play_position(session)  # type: ignore[arg-type]
            pos = claim_position_from_state(get_game("bourre"), session, pp.active[0]).position
            while not pp.finished:
                engine_cards = pp.legal_cards()
                assert engine_cards is not None
                mine = {p.card: p for p in legal_plays(pos)}
                assert set(mine) == set(engine_cards), (pos, engine_cards)
                card = rng.choice(list(engine_cards))
                pp = pp.play(card)
                pos = apply_play(pos, mine[card])


def test_hearts_legality_matches_the_engine_on_random_playouts() -> None:
    from scoring.cards import parse_cards
    from scoring.hearts import GAME
    from scoring.hearts.play import play_position
    from tests.scoring.hearts_support import ev, new_game

    rng = random.Random(9)
    deck = [str(c) for c in parse_cards([r + s for s in "CDHS" for r in "23456789TJQKA"])]
    for variants in (
        {},
        {"queen_breaks_hearts": True, "first_lead": "any_club"},
        {"must_break_hearts": False},
        {"can_lead_hearts_instead_of_qs": True, "first_trick_fallback": "heart_only"},
    ):
        for _ in range(6):
            rng.shuffle(deck)
            state = ev(
                new_game({**variants, "pass_count": 0}), "deal", hands=[deck[i * 13 : (i + 1) * 13] for i in range(4)]
            )
            while True:
                actions = [a for a in GAME.legal_actions(state) if a["type"] == "play_card"]
                if not actions or play_position(state) is None:
                    break
                (action,) = actions
                setup = claim_position_from_state(get_game("hearts"), state, action["seat"])
                mine = sorted(str(p.card) for p in legal_plays(setup.position))
                assert mine == sorted(action["cards"]), (setup.position, action)
                state = ev(state, "play_card", seat=action["seat"], card=rng.choice(action["cards"]))


def test_thousand_legality_matches_the_engine_on_random_playouts() -> None:
    from scoring.thousand import GAME

    rng = random.Random(4)
    hands = ["AS KS AH TH KC JD 9H", "9S JS TS 9D QD JC QC", "KD AD JH QH KH TC AC"]
    for variants in (
        {"bid_ceiling": "unlimited"},
        {"bid_ceiling": "unlimited", "must_head_trick": True},
        {"bid_ceiling": "unlimited", "trump_change_timing": "next_trick"},
        {"bid_ceiling": "unlimited", "must_overtrump": True},
        {"bid_ceiling": "unlimited", "must_trump_when_void": False},
    ):
        for _ in range(10):
            state = deal(thousand_start(variants, dealer=C), hands, "QS 9C TD")
            state = apply_all(
                state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})]
            )
            state = exchange(state, A, {B: "9C", C: "9H"})
            while state.deal is not None and state.deal.phase in ("declare", "play"):
                (action,) = [a for a in GAME.legal_actions(state) if a["type"] == "play_card"]
                setup = claim_position_from_state(get_game("thousand"), state, action["seat"])
                plays_ = legal_plays(setup.position)
                assert sorted(str(p.card) for p in plays_ if not p.announce) == sorted(action["cards"])
                assert sorted(str(p.card) for p in plays_ if p.announce) == sorted(action.get("marriage", []))
                option = rng.choice(plays_)
                payload = {"seat": action["seat"], "card": str(option.card)}
                if option.announce:
                    payload["announce"] = "marriage"
                state = GAME.apply_json(state, "play_card", payload)


def test_bourre_variants_match_the_engine_on_random_playouts() -> None:
    """The house rules the play model added for issue #18 (docs/games/bourre.md §4, §5): the claim
    checker's legal cards equal the engine's own (``legal_actions``) along random playouts."""
    from scoring.bourre import GAME

    rng = random.Random(18)
    spades = [["AS", "KS", "QS", "9D", "4C"], ["2S", "5H", "6H", "2D", "3C"], ["3S", "7S", "8D", "TD", "6S"]]
    low = [["AS", "2S", "3H", "9D", "4C"], ["KS", "5H", "6H", "2D", "3C"], ["QS", "7S", "8D", "TD", "4H"]]
    configs = [
        ({"cinch_rules": "akq_only"}, "6S", spades),  # seat 0 holds A-K-Q of trumps: a cinch
        ({"must_lead_trump_when_others_void": True, "cinch_rules": "none"}, "6S", spades),
        ({"cinch_rules": "lay_down"}, "6S", spades),
        ({"lo_no": True}, "4H", low),
        ({"must_beat_mode": "highest_card", "cinch_equivalent_trumps": "adjacent_only"}, "6S", spades),
        ({"trump_when_cannot_overtrump": False, "cinch_equivalent_trumps": "strict"}, "6S", spades),
        ({"head_trick_required": False}, "6S", spades),
    ]
    for variants, up, deal_hands in configs:
        lo_no = bool(variants.get("lo_no"))
        for _ in range(15):
            s = step(
                start(3, **variants),
                "deal",
                dealer=2,
                up_card=up,
                hands=deal_hands,
                **({"lo_no": True} if lo_no else {}),
            )
            s = decide(s, "0:+0 1:+0 2:+0")
            while True:
                actions = [a for a in GAME.legal_actions(s) if a["type"] == "play_card"]
                if not actions:
                    break
                (action,) = actions
                setup = claim_position_from_state(get_game("bourre"), s, action["seat"])
                mine = sorted(str(p.card) for p in legal_plays(setup.position))
                assert mine == sorted(action["cards"]), (variants, setup.position, action)
                s = step(s, "play_card", seat=action["seat"], card=rng.choice(action["cards"]))
