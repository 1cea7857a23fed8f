"""Hearts with hands the record does not know, over random legal playouts (hypothesis).

Random playouts with known hands and the golden counts are the shared harnesses'
(tests/scoring/test_playouts.py, test_perft.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.hearts import GAME
from scoring.hearts.deal import deal_config
from scoring.hearts.state import HeartsState
from tests.scoring.hearts_support import ev, new_game

VARIANT_SETS: list[dict[str, Any]] = [
    {},
    {"jack_of_diamonds": "jd_minus_10", "moon_scoring": "shooter_choice"},
    {"queen_breaks_hearts": True, "first_trick_fallback": "heart_only", "avoid_all_tricks_bonus": -5},
    {"first_lead": "any_club", "can_lead_hearts_instead_of_qs": True, "pass_cycle_other": "extended"},
    {"first_lead": "left_of_dealer", "must_break_hearts": False, "no_points_first_trick": False},
    {"all_hearts_unbroken_lead": "pass_lead", "optional_pass": True},
    {"short_deal_method": "kitty", "kitty": "leftover_last_trick"},
    {"short_deal_method": "kitty", "kitty": "leftover_first_penalty", "jack_of_diamonds": "td_minus_10"},
    {"kitty": "four_player_12"},
]


def _choose(rng: random.Random, state: HeartsState) -> tuple[str, dict[str, Any]]:
    kinds = ("play_card", "pass_cards", "pass_lead", "moon_choice")
    # A leader with only hearts under pass_lead has no card to play: it passes the lead.
    actions = [a for a in GAME.legal_actions(state) if a["type"] in kinds and a.get("cards") != []]
    action = rng.choice(actions)
    kind = action["type"]
    if kind == "pass_cards":
        cards = action["cards"]
        if action["count"] == 0:
            return kind, {"seat": action["seat"], "cards": []}
        if cards is None:
            return kind, {"seat": action["seat"]}
        if action["may_decline"] and rng.random() < 0.3:
            return kind, {"seat": action["seat"], "cards": []}
        return kind, {"seat": action["seat"], "cards": rng.sample(cards, action["count"])}
    if kind == "play_card":
        return kind, {"seat": action["seat"], "card": rng.choice(action["cards"])}
    if kind == "moon_choice":
        return kind, {"seat": action["seat"], "choice": rng.choice(action["choices"])}
    return kind, {"seat": action["seat"]}


def _deal(rng: random.Random, state: HeartsState) -> dict[str, Any]:
    config = deal_config(state.variants, state.seats)
    pack = sorted(map(str, config.pack))
    rng.shuffle(pack)
    each = config.per_player
    payload: dict[str, Any] = {"hands": [pack[i * each : (i + 1) * each] for i in range(state.seats)]}
    if config.kitty_size and rng.random() < 0.5:
        payload["kitty"] = pack[state.seats * each :]
    return payload


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), variants=st.sampled_from(VARIANT_SETS[:6]))
def test_unknown_hands_accept_every_legal_play_and_prove_nothing(
    seed: int, players: int, variants: dict[str, Any]
) -> None:
    """A twin state knows the hands and picks legal cards; the recorded state knows nothing. The
    recorded state must accept each play, list it among its candidates, find no renege, and
    score the hand the same way."""
    rng = random.Random(seed)
    variants = {**variants, "pass_count": 0}
    twin = new_game(variants, n=players)
    blind = new_game(variants, n=players)
    twin = GAME.apply_json(twin, "deal", _deal(rng, twin))
    blind = GAME.apply_json(blind, "deal", {})
    while twin.current is not None:
        kind, payload = _choose(rng, twin)
        if kind == "play_card":
            offered = [
                a for a in GAME.legal_actions(blind) if a["type"] == "play_card" and a["seat"] == payload["seat"]
            ]
            assert offered and payload["card"] in offered[0]["cards"]
        twin = GAME.apply_json(twin, kind, payload)
        blind = GAME.apply_json(blind, kind, payload)
        summary = json.loads(json.dumps(GAME.summary(blind)))  # plain JSON in every phase
        assert not [f for f in summary["findings"] if f["status"] != "suspected"]
        json.dumps(GAME.legal_actions(blind))
    assert blind.current is None
    assert blind.hands[-1].scores == twin.hands[-1].scores
    assert blind.totals == twin.totals


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 6),
    variants=st.sampled_from([{}, {"queen_breaks_hearts": True}, {"first_trick_fallback": "heart_only"}]),
)
def test_an_injected_renege_is_always_proven_before_the_hand_ends(
    seed: int, players: int, variants: dict[str, Any]
) -> None:
    """Every card held is played in the end, so a renege recorded without the hands is always proven
    (§6.1), against its offender, no earlier than the renege itself."""
    import dataclasses

    from scoring.cards import parse_card
    from scoring.hearts.legality import legal_cards

    rng = random.Random(seed)
    variants = {**variants, "pass_count": 0}
    state = new_game(variants, n=players)
    dealt = _deal(rng, state)["hands"]
    state = GAME.apply_json(state, "deal", {})
    true_hands = [set(map(parse_card, h)) for h in dealt]
    offender: int | None = None
    plays = 0
    while state.current is not None:
        hand = state.current
        oracle = dataclasses.replace(hand, known=tuple(frozenset(h) for h in true_hands), complete=(True,) * players)
        seat = next(a for a in GAME.legal_actions(state) if a["type"] == "play_card" and a["seat"] is not None)["seat"]
        if hand.trick is None:  # opening lead: the 2♣ (or lowest club) holder
            seat = next(s for s in range(players) if legal_cards(oracle, state.variants, s))
        legal = legal_cards(oracle, state.variants, seat)
        illegal = sorted(true_hands[seat] - set(legal), key=str)
        card = legal[rng.randrange(len(legal))]
        if offender is None and illegal and plays > players and rng.random() < 0.2:
            card = illegal[rng.randrange(len(illegal))]
            try:
                state = ev(state, "play_card", seat=seat, card=str(card))
            except Exception:  # the record already shows it illegal: rejected at once
                continue
            offender = seat
            true_hands[seat].discard(card)
            plays += 1
            continue
        state = ev(state, "play_card", seat=seat, card=str(card))
        true_hands[seat].discard(card)
        plays += 1
    proven = [f for f in state.findings if f.status == "proven"]
    if offender is None:
        assert proven == []
    else:
        assert [f.seat for f in proven] == [offender]
        assert state.hands[-1].offenders == (offender,)
