"""Random Bourré sessions choosing only legal actions (hypothesis), checking the invariants of
STYLE.md after every event and every deal: five tricks per deal, chips conserved between players
and pot, ``apply`` never changes its input, every event round-trips through JSON, and replaying
the record equals the state built step by step. Legal play with hidden hands proves no renege.
Tables with the Lo-No house rule call it whenever the turned card allows (§7).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bourre import GAME, Session
from scoring.bourre.play import play_position
from scoring.bourre.turns import next_step
from scoring.cards import STANDARD_DECK, Card
from scoring.record import MatchRecord, RecordedEvent, replay


class Table:
    """The physical cards of one deal, so that draws and plays are real."""

    def __init__(self, rng: random.Random, seated: list[int], dealer: int, seats: int, size: int, owned: bool) -> None:
        deck = list(STANDARD_DECK)
        rng.shuffle(deck)
        order = [s for s in ((dealer + i) % seats for i in range(1, seats + 1)) if s in seated]
        self.hands: dict[int, list[Card]] = {s: [] for s in order}
        for _ in range(size):
            for s in order:
                self.hands[s].append(deck.pop())
        self.up = self.hands[dealer][-1] if owned else deck.pop()
        self.stock = deck
        self.pool: list[Card] = []


def _apply(state: Session, events: list[tuple[str, dict[str, Any]]], kind: str, payload: dict[str, Any]) -> Session:
    event = GAME.parse_event(kind, payload)
    assert GAME.parse_event(*GAME.dump_event(event)) == event  # JSON round trip
    frozen = copy.deepcopy(state)
    new = GAME.apply(state, event)
    assert state == frozen  # apply never mutates its input
    summary = GAME.summary(new)
    assert summary["chips_conserved"]
    assert sum(summary["totals"]) + summary["pot"] == 0
    events.append(GAME.dump_event(event))
    return new


def _card_deal(rng: random.Random, state: Session, events: list[Any], known: bool) -> Session:
    seated = sorted(state.seated)
    expected = GAME.legal_actions(state)
    dealer = next(a["dealer"] for a in expected if a["type"] == "deal")
    dealer = seated[0] if dealer is None else dealer
    v = state.variants
    table = Table(rng, seated, dealer, state.seats, v.hand_size, v.up_card_owned)
    payload: dict[str, Any] = {"up_card": str(table.up), "dealer": dealer}
    lo_no = v.lo_no_card(table.up.rank) and rng.random() < 0.7
    if lo_no:
        payload["lo_no"] = True
    if known:
        payload["hands"] = [[str(c) for c in table.hands.get(s, [])] for s in range(state.seats)]
    state = _apply(state, events, "deal", payload)
    while (step := next_step(state)) is not None:
        kind, seat = step
        if kind == "declare":
            options = next(a["play"] for a in GAME.legal_actions(state) if a["type"] == "declare")
            choice = rng.choice(options)
            if not choice and all(s != seat for s, _ in state.deal.decisions):  # type: ignore[union-attr]
                table.pool += table.hands[seat]
            state = _apply(state, events, "declare", {"seat": seat, "play": choice})
        elif kind == "draw":
            cap = next(a["max"] for a in GAME.legal_actions(state) if a["type"] == "draw")
            count = rng.randint(0, cap)
            hand = table.hands[seat]
            kept = table.up if lo_no and seat == dealer else None  # §7: the Lo-No dealer leads it
            out = rng.sample([c for c in hand if c != kept], count)
            got = []
            for _ in range(count):
                if not table.stock:  # §3.2: recycle what players who acted discarded or folded
                    table.stock, table.pool = table.pool, []
                    rng.shuffle(table.stock)
                got.append(table.stock.pop())
            table.hands[seat] = [c for c in hand if c not in out] + got
            table.pool += out
            body: dict[str, Any] = {"seat": seat, "count": count}
            if known or rng.random() < 0.5 or table.up in out:  # a discarded up-card is public (§8)
                body |= {"discarded": [str(c) for c in out], "received": [str(c) for c in got]}
            state = _apply(state, events, "draw", body)
        else:
            position = play_position(state)
            legal = position.legal_for(frozenset(table.hands[seat]))
            assert legal
            if known:
                assert set(position.legal_cards() or ()) == set(legal)
            card = rng.choice(legal)
            table.hands[seat].remove(card)
            state = _apply(state, events, "play_card", {"seat": seat, "card": str(card)})
    deal = state.deal
    assert deal is not None
    if len(deal.active) >= 2:
        taken = play_position(state).tricks_taken()
        assert sum(taken.values()) == v.hand_size  # §3.5
    summary = GAME.summary(state)
    assert summary["findings"] == [] or all(f["deal"] != deal.number for f in summary["findings"])
    return state


def _result_deal(rng: random.Random, state: Session, events: list[Any]) -> Session:
    seated = sorted(state.seated)
    played = sorted(rng.sample(seated, rng.randint(0, len(seated))))
    tricks = [0] * state.seats
    for _ in range(state.variants.hand_size):
        if played:
            tricks[rng.choice(played)] += 1
    payload: dict[str, Any] = {"played": played, "up_card": "2C"}
    dealer = next(a["dealer"] for a in GAME.legal_actions(state) if a["type"] == "deal_result")
    dealer = seated[0] if dealer is None else dealer
    if state.variants.lo_no and dealer in played and rng.random() < 0.5:
        payload |= {"lo_no": True, "dealer": dealer}  # §7: the dealer who calls Lo-No plays
    if len(played) >= 2:
        payload["tricks"] = tricks
        if rng.random() < 0.3:
            payload["reneges"] = [rng.choice(played)]
    return _apply(state, events, "deal_result", payload)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), deals=st.integers(1, 4))
def test_random_sessions(seed: int, players: int, deals: int) -> None:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    variants: dict[str, Any] = {}
    optional: list[tuple[str, Any]] = [
        ("second_ante", True),
        ("pot_limit", rng.randint(3, 20)),
        ("decision_mode", "separate_rounds"),
        ("all_pass_policy", "carry_over"),
        ("split_pot_handling", "share_equally"),
        ("ante_payer", "dealer_for_all"),
        ("max_discard", "by_table_size"),
        ("renege_uncorrected_penalty", "double_pot"),
        ("forfeited_pot_policy", "next_best_eligible"),
        ("renege_and_bourre_stack", True),
    ]
    for key, value in optional:
        if rng.random() < 0.25:
            variants[key] = value
    if rng.random() < 0.2:
        variants |= {"bourre_payment": "fixed", "bourre_fixed_amount": rng.randint(1, 5)}
    if rng.random() < 0.15:
        variants.pop("second_ante", None)
        variants |= {"hand_size": 4, "trump_source": "separate_card_no_owner"}
    elif rng.random() < 0.1:
        variants["trump_source"] = "separate_card_no_owner"
    elif rng.random() < 0.3:
        variants |= {"lo_no": True, "lo_no_max_rank": rng.randint(2, 8)}
    state = GAME.start(variants, names)
    events: list[tuple[str, dict[str, Any]]] = []
    for _ in range(deals):
        mode = rng.choice(("result", "hidden"))  # known hands: tests/scoring/test_playouts.py
        if mode == "result":
            state = _result_deal(rng, state, events)
        else:
            state = _card_deal(rng, state, events, known=mode == "known")
        for entry in GAME.summary(state)["history"]:
            if entry["tricks"] is not None and len(entry["active"]) >= 2:
                assert sum(entry["tricks"]) == state.variants.hand_size
    state = _apply(state, events, "end_session", {})
    record = MatchRecord(
        "bourre", variants, tuple(names), tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(events, start=1))
    )
    assert GAME.summary(replay(record)) == GAME.summary(state)  # replay equals step by step
    # Legal play never proves a renege; only entered reneges appear.
    assert all(f["source"] == "table" or f["code"] == "renege_alleged" for f in GAME.summary(state)["findings"])
