"""scoring.claims.form.claim_form: what the phone offers a claimant, from the engine (no pack, ranks or trick count
in the phone). Positions from tests/scoring/test_claim_hooks.py, worked out there by hand."""

from __future__ import annotations

from scoring.claims.form import claim_form
from scoring.hearts import GAME as HEARTS
from scoring.registry import get_game
from scoring.thousand import GAME as THOUSAND
from tests.scoring.test_claim_hooks import thousand_at_trick_7
from tests.scoring.test_thousand_cardplay import T24_PLAY, deal, exchange, plays
from tests.scoring.thousand_helpers import A, B, C, apply_all, start


def test_thousand_known_hands_at_trick_7() -> None:
    form = claim_form(THOUSAND, thousand_at_trick_7())
    assert form is not None
    # A is the declarer (bid 130): a contract claim is offered; two tricks are left.
    assert form["kinds"] == ["all_tricks", "at_least", "contract"] and form["declarer"] == A
    assert form["seats"] == [0, 1, 2] and form["remaining_tricks"] == 2
    # Each seat's remaining hand (A: T♥ A♥, B: 9♣ Q♣, C: 9♥ A♣), clubs before hearts.
    assert form["cards"] == {"0": ["TH", "AH"], "1": ["9C", "QC"], "2": ["AC", "9H"]}


def test_thousand_unknown_hands_offer_the_unseen_cards() -> None:
    state = deal(start({"bid_ceiling": "unlimited"}, dealer=C))
    state = apply_all(state, [("bid", {"seat": A, "amount": 130}), ("pass", {"seat": B}), ("pass", {"seat": C})])
    state = plays(exchange(state, A, {B: "9C", C: "9H"}), " ".join(T24_PLAY.split()[:18]))
    form = claim_form(THOUSAND, state)
    assert form is not None
    unseen = ["9C", "QC", "AC", "9H", "TH", "AH"]
    assert form["cards"] == {"0": unseen, "1": unseen, "2": unseen}


def test_hearts_without_recorded_hands() -> None:
    state = HEARTS.start({"pass_count": 0}, ["Ann", "Bob", "Cy", "Di"])
    state = HEARTS.apply_json(state, "deal", {})
    assert claim_form(HEARTS, state) is None  # no lead yet: the 2♣ holder is not known
    state = HEARTS.apply_json(state, "play_card", {"seat": 2, "card": "2C"})
    form = claim_form(HEARTS, state)
    assert form is not None
    # No contract in Hearts; 13 tricks left, counting the one in progress; any of the 51 unplayed cards.
    assert form["kinds"] == ["all_tricks", "at_least", "no_more_points"] and form["declarer"] is None
    assert form["remaining_tricks"] == 13
    assert all(len(cards) == 51 and "2C" not in cards for cards in form["cards"].values())


def test_games_without_claims() -> None:
    for name in ("president", "tonk", "tshirt"):
        game = get_game(name)
        assert game.claim_kinds == () and game.catalogue()["claim_kinds"] == []
