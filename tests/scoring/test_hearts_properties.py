"""Hearts invariants over random legal playouts (hypothesis), and perft-style golden counts."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.hearts import GAME
from scoring.hearts.deal import deal_config
from scoring.hearts.state import HeartsState
from scoring.record import MatchRecord, RecordedEvent, replay
from tests.scoring.hearts_support import ev, hands_of, known_position, new_game
from tests.scoring.test_hearts_examples import H3

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


def _check_hand(state: HeartsState, before: HeartsState) -> None:
    record = state.hands[-1]
    assert record.points is not None and sum(record.points) == 26
    assert record.tricks_won is not None
    assert sum(record.tricks_won) == deal_config(state.variants, state.seats).per_player
    totals = tuple(t + s for t, s in zip(before.totals, record.scores, strict=True))
    assert state.totals == totals or state.variants.exact_target_rule != "none"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), variants=st.sampled_from(VARIANT_SETS))
def test_random_playouts_with_known_hands(seed: int, players: int, variants: dict[str, Any]) -> None:
    if variants.get("kitty") == "four_player_12":
        players = 4
    rng = random.Random(seed)
    state = new_game(variants, n=players)
    events: list[tuple[str, dict[str, Any]]] = []
    for _ in range(2):
        if state.result is not None:
            break
        start = state
        kind, payload = "deal", _deal(rng, state)
        while True:
            snapshot = json.dumps(GAME.summary(state), sort_keys=True)
            event = GAME.parse_event(kind, payload)
            dumped = GAME.dump_event(event)
            assert GAME.parse_event(*dumped) == event  # JSON round-trip
            new = GAME.apply(state, event)
            assert json.dumps(GAME.summary(state), sort_keys=True) == snapshot  # apply never mutates
            events.append(dumped)
            state = new
            hand = state.current
            if hand is None:
                break
            if hand.phase == "play":
                # Cards conserved: played + remaining known + kitty = the pack.
                held = [c for k in hand.known for c in k]
                kitty = list(hand.kitty or ())
                assert sorted(map(str, [*hand.seen, *held, *kitty])) == sorted(map(str, hand.config.pack))
                assert len(set(held)) == len(held)
                for done, nxt in zip(hand.tricks, hand.tricks[1:], strict=False):
                    # the winner leads next (or the seat the lead was passed to)
                    assert nxt.leader == (done.winner + len(nxt.lead_passed_by)) % players
                if hand.tricks and hand.trick is not None:
                    assert hand.trick.leader == (hand.tricks[-1].winner + len(hand.lead_passers)) % players
                assert GAME.summary(state)["findings"] == []  # known hands: nothing to suspect
            kind, payload = _choose(rng, state)
        _check_hand(state, start)
    # Replay of the record equals the state built step by step.
    record = MatchRecord(
        "hearts",
        variants,
        tuple(state.players),
        tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(events, start=1)),
    )
    assert GAME.summary(replay(record)) == GAME.summary(state)


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


# -- perft: number of complete legal play sequences from small known positions ----------------


def perft(state: HeartsState, depth: int) -> int:
    if depth == 0 or state.current is None:
        return 1
    total = 0
    for action in GAME.legal_actions(state):
        if action["type"] != "play_card":
            continue
        for card in action["cards"]:
            total += perft(ev(state, "play_card", seat=action["seat"], card=card), depth - 1)
    return total


def test_perft_last_two_tricks() -> None:
    # Seat 0 leads trick 12, hearts broken. 2S lead: seat 1 follows 4S/5S (2), seats 2 and 3 are
    # void (2 × 2): 8; seat 1 wins and the last trick is forced. 3D lead: seat 1 void (2), seat 2
    # must play 6D (1), seat 3 void (2): 4. Total 12; depth 1 = 2, depth 2 = 2 + 2.
    state = known_position(["2S 3D", "4S 5S", "6D 7H", "8H 9H"], leader=0, trick_number=12, hearts_broken=True)
    assert [perft(state, d) for d in (1, 2, 8)] == [2, 4, 12]


def test_perft_follow_and_discard() -> None:
    # Seat 2 leads: AH → seat 3 KH (1), seat 0 void (2), seat 1 hearts (2) = 4; 2C → seat 3 3C (1),
    # seats 0 and 1 void (2 × 2) = 4. Total 8.
    state = known_position(["QS 4D", "5H 6H", "AH 2C", "KH 3C"], leader=2, trick_number=12, hearts_broken=True)
    assert perft(state, 8) == 8


def test_perft_unbroken_hearts_lead() -> None:
    # Hearts unbroken: seat 0 holds 2H 3C and must lead 3C (1); seat 1 follows 4C (1); seat 2
    # void: 2; seat 3 void: 2 → 4 for trick 12. With must_break_hearts off, 2H may also be led:
    # 2H lead → seat 1 5H (1), seats 2 and 3 void (2 × 2) = 4; total 8.
    hands = ["2H 3C", "4C 5H", "7S 7D", "8S 9D"]
    assert perft(known_position(hands, leader=0, trick_number=12, hearts_broken=False), 8) == 4
    loose = known_position(hands, leader=0, trick_number=12, hearts_broken=False, variants={"must_break_hearts": False})
    assert perft(loose, 8) == 8


def test_perft_first_trick_of_h3() -> None:
    # H-3's deal: seat 3 leads 2C (1); seat 0 holds 3 clubs (QC AC 8C), seat 1 four (6C JC 3C KC),
    # seat 2 one (4C): 1 × 3 × 4 × 1 = 12 ways to play trick 1.
    state = GAME.apply_json(new_game({"pass_count": 0}), "deal", {"hands": hands_of(H3)})
    assert perft(state, 4) == 12


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
