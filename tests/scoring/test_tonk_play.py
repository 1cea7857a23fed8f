"""Tonk card by card (rules/tonk.md §2, §6.1): hit-lock, tonks, accounting and legality tables."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.cards import STANDARD_DECK
from scoring.errors import RulesError
from scoring.tonk import GAME, TonkState

ABC = ("A", "B", "C")
# Dealt hands used by most tests: A (seat 0), B (seat 1), C (seat 2).
HANDS = [
    ["8H", "KC", "QD", "JS", "9D"],
    ["5H", "6H", "7H", "2S", "3C"],
    ["KH", "KD", "4C", "9S", "TS"],
]
B_NO_SPADE = ["5H", "6H", "7H", "8C", "3C"]


def ev(state: TonkState, event_type: str, **payload: Any) -> TonkState:
    return GAME.apply_json(state, event_type, payload)


def code(state: TonkState, event_type: str, **payload: Any) -> str:
    with pytest.raises(RulesError) as info:
        ev(state, event_type, **payload)
    return info.value.code


def dealt(variants: dict[str, Any] | None = None, dealer: int = 0, hands: list[Any] | None = None) -> TonkState:
    state = GAME.start(variants or {}, ABC)
    payload: dict[str, Any] = {"dealer": dealer, "upcard": "2D", "hands": HANDS if hands is None else hands}
    if variants and variants.get("upcard") is False:
        del payload["upcard"]
    return GAME.apply_json(state, "deal", payload)


def turn(state: TonkState, seat: int, draw: str, *laid: tuple[str, Any], discard: str | None = None) -> TonkState:
    state = ev(state, "draw", seat=seat, source="stock", card=draw)
    for kind, arg in laid:
        if kind == "spread":
            state = ev(state, "spread", seat=seat, cards=arg)
        else:
            state = ev(state, "hit", seat=seat, spread=arg[0], cards=arg[1])
    if discard is not None:
        state = ev(state, "discard", seat=seat, card=discard)
    return state


def b_spread_then_a_hits(variants: dict[str, Any] | None = None) -> TonkState:
    """T-12 setup: B lays 5H 6H 7H; C plays; A adds 8H to B's run."""
    state = dealt(variants)
    state = turn(state, 1, "AC", ("spread", ["5H", "6H", "7H"]), discard="2S")
    state = turn(state, 2, "5D", discard="5D")
    return turn(state, 0, "6C", ("hit", (1, ["8H"])), discard="6C")


def test_t12_hit_lock_lasts_one_turn_of_the_owner() -> None:
    state = b_spread_then_a_hits()
    assert state.play is not None and state.play.locked == (0, 1, 0)
    assert code(state, "drop", seat=1) == "hit_locked"
    assert {"type": "drop", "seat": 1} not in GAME.legal_actions(state)
    state = turn(state, 1, "7D", discard="7D")
    assert state.play is not None and state.play.locked == (0, 0, 0)
    state = turn(turn(state, 2, "8D", discard="8D"), 0, "9H", discard="9H")
    state = ev(state, "drop", seat=1)
    # All hands known: A KC QD JS 9D = 39, B 3C AC = 4, C KH KD 4C 9S TS = 43 → B strictly lowest.
    assert state.play is None
    assert state.hands[-1].counts == (39, 4, 43)
    assert state.totals == (-1, 2, -1)


def test_t12_hit_lock_off_lets_the_owner_drop_at_once() -> None:
    state = b_spread_then_a_hits({"hit_lock": "off"})
    state = ev(state, "drop", seat=1)
    assert state.hands[-1].end == "drop"


def test_t12_two_hitters_lock_for_two_turns() -> None:
    hands = [["8H", "KC", "QD", "JS", "9D"], ["5H", "6H", "7H", "2S", "3C"], ["4H", "KD", "4C", "9S", "TS"]]
    state = dealt(hands=hands)
    state = turn(state, 1, "AC", ("spread", ["5H", "6H", "7H"]), discard="2S")
    state = turn(state, 2, "5D", ("hit", (1, ["4H"])), discard="5D")
    state = turn(state, 0, "6C", ("hit", (1, ["8H"])), discard="6C")
    assert state.play is not None and state.play.locked[1] == 2
    assert code(state, "drop", seat=1) == "hit_locked"
    state = turn(turn(turn(state, 1, "7D", discard="7D"), 2, "8D", discard="8D"), 0, "9H", discard="9H")
    assert code(state, "drop", seat=1) == "hit_locked"
    state = turn(turn(turn(state, 1, "TD", discard="TD"), 2, "JD", discard="JD"), 0, "QH", discard="QH")
    assert ev(state, "drop", seat=1).hands[-1].end == "drop"


def test_per_hitting_turn_counts_several_cards_once() -> None:
    state = dealt({"hit_lock": "per_hitting_turn"}, hands=[["8H", "9H", "QD", "JS", "9D"], *HANDS[1:]])
    state = turn(state, 1, "AC", ("spread", ["5H", "6H", "7H"]), discard="2S")
    state = turn(state, 2, "5D", discard="5D")
    state = turn(state, 0, "6C", ("hit", (1, ["8H"])), ("hit", (1, ["9H"])), discard="6C")
    assert state.play is not None and state.play.locked[1] == 1


def test_t14_tonk_requires_six_card_by_card() -> None:
    six = {"tonk_requires_six": True}
    hands = [["2S", "3S", "4S", "5S", "6S"], B_NO_SPADE, HANDS[2]]
    # A starts a turn with 5, draws 7S and lays all 6: tonk, A +4, B −2, C −2.
    state = turn(dealt(six, dealer=2, hands=hands), 0, "7S", ("spread", ["2S", "3S", "4S", "5S", "6S", "7S"]))
    assert state.hands[-1].end == "tonk"
    assert state.totals == (4, -2, -2)
    # A spreads 2S 3S 4S and discards KS, keeping 5S 6S; next turn A starts with 2 cards, draws 7S and
    # adds all three to the run: out without a discard but not the whole hand: single, A +2, B −1, C −1.
    state = dealt(six, dealer=2, hands=hands)
    state = turn(state, 0, "KS", ("spread", ["2S", "3S", "4S"]), discard="KS")  # A holds 5S 6S
    state = turn(state, 1, "AC", discard="AC")
    state = turn(state, 2, "AD", discard="AD")
    state = turn(state, 0, "7S", ("hit", (1, ["5S", "6S", "7S"])))  # 2 cards + draw, all 3 laid
    assert state.hands[-1].end == "tonk"
    assert state.totals == (2, -1, -1)


def test_t15_stock_accounting_and_stock_end() -> None:
    # 3 players, h = 5, upcard on: the stock starts at 52 − 15 − 1 = 36; the 37th stock draw ends the hand.
    state = GAME.apply_json(GAME.start({}, ABC), "deal", {"dealer": 2, "upcard": "2D"})
    assert state.play is not None and state.play.stock == 36
    spare = [c for c in STANDARD_DECK if str(c) != "2D"]
    for i in range(36):
        seat = i % 3
        state = ev(state, "draw", seat=seat, source="stock")
        state = ev(state, "discard", seat=seat, card=str(spare[i]))
    assert state.play is not None and state.play.stock == 0 and state.play.stock_draws == 36
    state = ev(state, "draw", seat=0, source="stock")
    assert GAME.summary(state)["phase"] == "showdown"
    assert code(state, "draw", seat=0, source="stock") == "hands_must_be_shown"
    assert code(state, "show_hands", counts=[14, 8, 80]) == "impossible_count"
    # the 36 discards and the upcard leave A♠ K♠ and the 13 hearts unseen: five of them count at
    # least A A 2 3 4 = 11 (§1.3), so B's 12 is possible (an 8 would be impossible_count)
    assert code(state, "show_hands", counts=[14, 8, 22]) == "impossible_count"
    state = ev(state, "show_hands", counts=[14, 12, 22])
    # T-9: A 14, B 12, C 22 → B +2, A −1, C −1.
    assert state.totals == (-1, 2, -1)
    assert state.hands[-1].end == "stock_exhausted"


def test_stock_end_on_last_card_ends_after_that_turn() -> None:
    state = GAME.apply_json(GAME.start({"stock_end": "on_last_card"}, ABC), "deal", {"dealer": 2, "upcard": "2D"})
    spare = [c for c in STANDARD_DECK if str(c) != "2D"]
    for i in range(36):
        state = ev(ev(state, "draw", seat=i % 3, source="stock"), "discard", seat=i % 3, card=str(spare[i]))
    assert GAME.summary(state)["phase"] == "showdown"
    state = ev(state, "show_hands", counts=[11, 11, 20])  # the lowest possible: see test_t15
    assert state.totals == (0, 0, 0)  # T-9 tie: default draw


def test_out_by_discard_and_tonk_by_hits() -> None:
    hands = [["2S", "3S", "4S", "5S", "QC"], B_NO_SPADE, HANDS[2]]
    state = turn(dealt(dealer=2, hands=hands), 0, "6S", ("spread", ["2S", "3S", "4S", "5S", "6S"]), discard="QC")
    assert state.hands[-1].end == "out_by_discard"
    assert state.totals == (2, -1, -1)


SITUATIONS = [
    # (description, events before, event, payload, error code)
    ("drop out of turn", [], "drop", {"seat": 0}, "not_your_turn"),
    ("draw out of turn", [], "draw", {"seat": 2, "source": "stock"}, "not_your_turn"),
    (
        "take a discard that is not the top",
        [],
        "draw",
        {"seat": 1, "source": "discard", "card": "3D"},
        "not_top_discard",
    ),
    ("spread before drawing", [], "spread", {"seat": 1, "cards": ["5H", "6H", "7H"]}, "must_draw_first"),
    ("two draws", [("draw", {"seat": 1, "source": "stock"})], "draw", {"seat": 1, "source": "stock"}, "already_drew"),
    ("drop after drawing", [("draw", {"seat": 1, "source": "stock"})], "drop", {"seat": 1}, "drop_after_draw"),
    (
        "spread neither a book nor a run",
        [("draw", {"seat": 1, "source": "stock"})],
        "spread",
        {"seat": 1, "cards": ["5H", "6H", "2S"]},
        "invalid_spread",
    ),
    (
        "hit on a spread that does not exist",
        [("draw", {"seat": 1, "source": "stock"})],
        "hit",
        {"seat": 1, "spread": 1, "cards": ["5H"]},
        "no_such_spread",
    ),
    (
        "hit that does not extend the run",
        [("draw", {"seat": 1, "source": "stock"}), ("spread", {"seat": 1, "cards": ["5H", "6H", "7H"]})],
        "hit",
        {"seat": 1, "spread": 1, "cards": ["3C"]},
        "invalid_hit",
    ),
    (
        "card not in a known hand",
        [("draw", {"seat": 1, "source": "stock", "card": "AC"})],
        "discard",
        {"seat": 1, "card": "KS"},
        "card_not_in_hand",
    ),
    (
        "card drawn from the stock already on the table",
        [],
        "draw",
        {"seat": 1, "source": "stock", "card": "2D"},
        "card_already_seen",
    ),
    (
        "throw back the card just taken",
        [("draw", {"seat": 1, "source": "discard"})],
        "discard",
        {"seat": 1, "card": "2D"},
        "rediscard_taken_card",
    ),
    ("claim 49 at a table without the variant", [], "claim_49", {"seat": 1}, "claim_49_not_played"),
    ("show hands when nothing ended", [], "show_hands", {"counts": [1, 2, 3]}, "nothing_to_show"),
    (
        "side bet at a table without it",
        [],
        "side_bet",
        {"players": [0, 1], "amount": 1, "spades": ["JS", "2S"]},
        "side_bet_not_played",
    ),
    ("a second deal mid-hand", [], "deal", {"upcard": "3D"}, "hand_in_progress"),
    ("result entry mid-hand", [], "hand_result", {"end": "tonk", "by": 0}, "hand_in_progress"),
    ("end the session mid-hand", [], "end_session", {}, "hand_in_progress"),
]


@pytest.mark.parametrize(
    ("what", "before", "event_type", "payload", "expected"), SITUATIONS, ids=[s[0] for s in SITUATIONS]
)
def test_illegal_events_are_rejected_with_their_code(
    what: str, before: list[tuple[str, dict[str, Any]]], event_type: str, payload: dict[str, Any], expected: str
) -> None:
    state = dealt()  # dealer A: B (seat 1) acts first; upcard 2D
    for event_type_before, payload_before in before:
        state = GAME.apply_json(state, event_type_before, payload_before)
    assert code(state, event_type, **payload) == expected


VARIANT_SITUATIONS = [
    (
        {"rediscard_taken_card": True},
        [("draw", {"seat": 1, "source": "discard"})],
        "discard",
        {"seat": 1, "card": "2D"},
        None,
    ),
    (
        {"discard_take_must_meld": True},
        [("draw", {"seat": 1, "source": "discard"})],
        "discard",
        {"seat": 1, "card": "3C"},
        "taken_discard_not_melded",
    ),
    (
        {"discard_take_must_meld": True},
        [("draw", {"seat": 1, "source": "discard"})],
        "spread",
        {"seat": 1, "cards": ["5H", "6H", "7H"]},
        "taken_discard_not_melded",
    ),
    (
        {"discard_take_must_meld": True},
        [("draw", {"seat": 1, "source": "discard"})],
        "spread",
        {"seat": 1, "cards": ["2D", "2S", "2C"]},
        "card_not_in_hand",
    ),
    ({"hit_runs_only": True}, [], "hit", {"seat": 1, "spread": 1, "cards": ["4H"]}, None),
    ({"one_hit_per_turn": True}, [], "hit", {"seat": 1, "spread": 1, "cards": ["4H", "3H"]}, "one_hit_per_turn"),
    ({"drop_timing": "also_after_deal"}, [], "drop", {"seat": 0}, None),
    ({}, [], "drop", {"seat": 0}, "not_your_turn"),
]


@pytest.mark.parametrize(("variants", "before", "event_type", "payload", "expected"), VARIANT_SITUATIONS)
def test_variant_legality(
    variants: dict[str, Any], before: list[Any], event_type: str, payload: dict[str, Any], expected: str | None
) -> None:
    if event_type == "hit":
        # B holds a run 5H 6H 7H as spread 1 after drawing 4H; B then hits from hand.
        hands = [HANDS[0], ["5H", "6H", "7H", "4H", "3H"], HANDS[2]]
        state = dealt(variants, hands=hands)
        state = ev(state, "draw", seat=1, source="stock", card="AC")
        state = ev(state, "spread", seat=1, cards=["5H", "6H", "7H"])
    else:
        state = dealt(variants)
    for event_type_before, payload_before in before:
        state = GAME.apply_json(state, event_type_before, payload_before)
    if expected is None:
        ev(state, event_type, **payload)
    else:
        assert code(state, event_type, **payload) == expected


def test_hit_runs_only_refuses_books() -> None:
    hands = [HANDS[0], ["7C", "7D", "7H", "7S", "3H"], HANDS[2]]
    state = ev(dealt({"hit_runs_only": True}, hands=hands), "draw", seat=1, source="stock", card="AC")
    state = ev(state, "spread", seat=1, cards=["7C", "7D", "7H"])
    assert code(state, "hit", seat=1, spread=1, cards=["7S"]) == "hit_runs_only"
    assert ev(dealt(hands=hands), "draw", seat=1, source="stock", card="AC") is not None


def test_a_book_holds_at_most_four() -> None:
    hands = [HANDS[0], ["7C", "7D", "7H", "7S", "3H"], HANDS[2]]
    state = ev(dealt(hands=hands), "draw", seat=1, source="stock", card="AC")
    state = ev(state, "spread", seat=1, cards=["7C", "7D", "7H", "7S"])
    assert code(state, "hit", seat=1, spread=1, cards=["3H"]) == "invalid_hit"


def test_private_hands_are_shown_at_a_drop() -> None:
    state = GAME.apply_json(GAME.start({}, ABC), "deal", {"dealer": 0, "upcard": "2D"})
    state = ev(state, "drop", seat=1)
    assert GAME.legal_actions(state) == [{"type": "show_hands", "seats": [0, 1, 2]}]
    assert code(state, "show_hands", hands=[["AC"], None, None]) == "wrong_number_of_cards"
    assert (
        code(state, "show_hands", hands=[None, ["2D", "AC", "AH", "AS", "3C"], None], counts=[30, None, 30])
        == "card_already_seen"
    )
    assert code(state, "show_hands", counts=[30, None, 30]) == "hand_required"
    state = ev(state, "show_hands", hands=[None, ["AD", "AC", "AH", "AS", "3C"], None], counts=[30, None, 30])
    # B drops with 1 + 1 + 1 + 1 + 3 = 7, strictly lowest: B +2.
    assert state.totals == (-1, 2, -1)


def test_declared_automatic_wins_with_private_hands() -> None:
    state = GAME.apply_json(GAME.start({}, ABC), "deal", {"dealer": 0, "upcard": "2D"})
    assert code(state, "declare", hands=[["AC", "2C", "3C", "4C", "5C"], None, None]) == "not_an_automatic_win"
    assert code(state, "declare", hands=[None, None, None]) == "nothing_declared"
    state = ev(state, "declare", hands=[["KS", "QH", "JD", "TC", "TH"], None, ["KH", "QS", "JC", "TD", "9H"]])
    # T-2: a 50 and a 49 → draw; the deal passes on.
    assert state.hands[-1].end == "auto_draw" and state.totals == (0, 0, 0)
    assert state.dealer == 1


def test_a_known_automatic_win_must_be_declared_before_play() -> None:
    hands = [["KS", "QH", "JD", "TC", "TH"], None, None]
    state = GAME.apply_json(GAME.start({}, ABC), "deal", {"dealer": 2, "upcard": "2D", "hands": hands})
    assert code(state, "draw", seat=0, source="stock") == "automatic_win_must_be_declared"
    assert GAME.legal_actions(state) == [{"type": "declare"}]
    # The known 50 counts as declared; the others show nothing.
    state = ev(state, "declare", hands=[None, None, None])
    assert state.totals == (4, -2, -2)


def test_fifty_only_auto_claim_and_lapse() -> None:
    v = {"auto_49_50": "fifty_only_auto"}
    hands = [["KS", "QH", "JD", "TC", "9H"], HANDS[1], HANDS[2]]
    state = dealt(v, dealer=2, hands=hands)
    assert state.play is not None  # a dealt 49 does not win at the deal under fifty_only_auto
    claimed = ev(state, "claim_49", seat=0)
    assert claimed.totals == (4, -2, -2)
    lapsed = ev(state, "draw", seat=0, source="stock", card="AC")
    assert [f.code for f in lapsed.findings] == ["claim_49_lapsed"]
    lapsed = ev(lapsed, "discard", seat=0, card="AC")
    lapsed = turn(turn(lapsed, 1, "AD", discard="AD"), 2, "AH", discard="AH")
    assert code(lapsed, "claim_49", seat=0) == "claim_49_too_late"


def test_spades_side_bet_card_by_card() -> None:
    v = {"spades_side_bet": True}
    state = dealt(v)
    # B shows 2S, C shows TS, A (JS in hand) shows nothing: C's 10 is the highest spade shown.
    state = ev(state, "side_bet", players=[0, 1, 2], amount=3, spades=[None, "2S", "TS"])
    assert [f.code for f in state.findings] == ["side_bet_spade_hidden"]
    state = ev(state, "drop", seat=1)
    # Drop: B 5+6+7+2+3 = 23 vs A 8+10+10+10+9 = 47, C 10+10+4+9+10 = 43 → B strictly lowest: +2 −1 −1.
    # Side pot 9: C +6, A −3, B −3. Net: A −4, B −1, C +5.
    assert state.totals == (-4, -1, 5)
    assert code(dealt(v), "side_bet", players=[0, 1], amount=1, spades=["JS", "3C"]) == "not_a_spade"


def test_upcard_off() -> None:
    state = dealt({"upcard": False})
    assert state.play is not None and state.play.stock == 37 and state.play.discards == ()
    assert code(state, "draw", seat=1, source="discard") == "discard_pile_empty"
    assert code(GAME.start({"upcard": False}, ABC), "deal", upcard="2D") == "no_upcard"
    assert code(GAME.start({}, ABC), "deal") == "upcard_required"


def test_jokers_wild_spreads_and_deck() -> None:
    v = {"jokers_wild": True}
    hands = [["JK", "5C", "7C", "QC", "QH"], HANDS[1], HANDS[2]]
    state = dealt(v, dealer=2, hands=hands)
    assert state.play is not None and state.play.stock == 54 - 15 - 1
    state = ev(ev(state, "draw", seat=0, source="stock", card="JK"), "spread", seat=0, cards=["5C", "JK", "7C"])
    assert state.play is not None and state.play.spreads[0].kinds == frozenset({"run"})
    # The second joker completes a book of queens and empties A's hand (5 dealt + 1 drawn): a tonk.
    state = ev(state, "spread", seat=0, cards=["QC", "QH", "JK"])
    assert state.hands[-1].end == "tonk" and state.totals == (4, -2, -2)
    assert code(GAME.start({}, ABC), "deal", upcard="2D", hands=hands) == "no_jokers"


def test_summary_explains_each_payment() -> None:
    state = GAME.apply_json(
        GAME.start({}, ("A", "B", "C", "D")), "hand_result", {"end": "drop", "by": 0, "counts": [9, 7, 9, 15]}
    )
    lines = [line["text"] for line in GAME.summary(state)["history"][0]["explain"]]
    # T-4 (pagat): A pays 2 each to B (7) and C (9), both ≤ A's 9; B, the lowest, collects 1 from A, C and D:
    # A 2 + 2 + 1 = 5 paid; B 2 + 1 + 1 + 1 = 5 received; C +2 - 1 = +1; D -1.
    assert "A paid 5 stakes: net -5 × stake 1 = -5." in lines
    assert "A pays B 2 stakes (2): caught, count 7 ≤ the dropper's 9." in lines
    assert "A pays B 1 stake (1): lowest count 7." in lines
    assert "C paid 1 and received 2 stakes: net +1 × stake 1 = +1." in lines


def test_end_session_gives_the_result() -> None:
    state = GAME.apply_json(GAME.start({}, ABC), "hand_result", {"end": "tonk", "by": 2})
    state = ev(state, "end_session")
    result = GAME.result(state)
    assert result is not None and result.winners == (2,) and result.places == (2, 2, 1)
    assert code(state, "hand_result", end="tonk", by=1) == "match_finished"


def _concrete_count(state: TonkState) -> int:
    total = 0
    for action in GAME.legal_actions(state):
        if action["type"] == "spread":
            total += len(action["spreads"])
        elif action["type"] == "discard":
            total += len(action["cards"])
        else:
            total += 1
    return total


def test_golden_counts_of_legal_continuations() -> None:
    # Start of B's turn (dealer A, all hands known, upcard 2D): drop, draw stock, take 2D → 3.
    state = dealt()
    assert _concrete_count(state) == 3
    # also_after_deal: any of the 3 players may drop before the first draw → 3 drops + 2 draws = 5.
    assert _concrete_count(dealt({"drop_timing": "also_after_deal"})) == 5
    # B draws AC: hand 5H 6H 7H 2S 3C AC. Spreads: only 5H 6H 7H (A, 2, 3 are of three suits);
    # no spread on the table to hit; 6 possible discards → 1 + 6 = 7.
    state = ev(state, "draw", seat=1, source="stock", card="AC")
    assert _concrete_count(state) == 7
    # After spreading 5H 6H 7H: 2S 3C AC form nothing and none extends 5H-7H; 3 discards → 3.
    state = ev(state, "spread", seat=1, cards=["5H", "6H", "7H"])
    assert _concrete_count(state) == 3
    # B takes the upcard 2D instead: 2D may not be thrown back (rediscard off), 5 discards + 1 spread = 6.
    assert _concrete_count(ev(dealt(), "draw", seat=1, source="discard")) == 6


TABLE_KEYS = [
    "player_count",
    "hand_size",
    "jokers_wild",
    "court_values",
    "upcard",
    "ace_in_runs",
    "auto_49_50",
    "low_count_auto",
    "multiple_auto_winners",
    "drop_timing",
    "discard_take_must_meld",
    "rediscard_taken_card",
    "one_hit_per_turn",
    "hit_runs_only",
    "hit_lock",
    "caught_payout",
    "stock_end",
    "stock_tie",
    "tonk_requires_six",
    "payout_scheme",
    "double_double",
    "spades_side_bet",
    "stake",
]


def test_every_variant_key_of_the_rules_file_is_in_the_catalogue() -> None:
    rows = {row["key"]: row for row in GAME.catalogue()["variants"]}
    assert set(TABLE_KEYS) <= set(rows)
    assert rows["caught_payout"]["choices"] == ["pagat", "dropper_only", "wikipedia", "low_only_double"]
    assert rows["auto_49_50"]["default"] == "both_double"
    assert rows["hand_size"]["choices"] == [5, 7, 9]


def test_player_count_and_stock() -> None:
    from scoring.errors import EventFormatError

    with pytest.raises(EventFormatError):
        GAME.start({}, ("A",))
    with pytest.raises(EventFormatError):
        GAME.start({}, tuple("ABCDEFG"))
    # §1.5: 6 players with 9 cards leave 52 − 54 − 1 < 1 → rejected; 6 with 7 leave 9.
    with pytest.raises(RulesError) as info:
        GAME.start({"hand_size": 9}, tuple("ABCDEF"))
    assert info.value.code == "no_stock_left"
    state = GAME.apply_json(GAME.start({"hand_size": 7}, tuple("ABCDEF")), "deal", {"upcard": "2D"})
    assert state.play is not None and state.play.stock == 9


def test_double_double_card_by_card() -> None:
    # 2 players, double_double on. A holds 3S 4S 5S 6S 7S, draws 8S and lays the run 3S–8S: a tonk on a run.
    # B holds 9S TS JS 2S QD: 9S TS JS and 2S extend the run, but QD does not → plain tonk, 2 stakes.
    v = {"double_double": True}
    a = ["3S", "4S", "5S", "6S", "7S"]
    state = GAME.start(v, ("A", "B"))
    state = ev(state, "deal", dealer=1, upcard="2D", hands=[a, ["9S", "TS", "JS", "2S", "QD"]])
    state = turn(state, 0, "8S", ("spread", ["3S", "4S", "5S", "6S", "7S", "8S"]))
    assert state.totals == (2, -2)
    # B holds 9S TS JS QS 2S: every card goes on the run in turn → double-double, 4 stakes.
    state = GAME.start(v, ("A", "B"))
    state = ev(state, "deal", dealer=1, upcard="2D", hands=[a, ["9S", "TS", "JS", "QS", "2S"]])
    state = turn(state, 0, "8S", ("spread", ["3S", "4S", "5S", "6S", "7S", "8S"]))
    assert state.totals == (4, -4)
    assert state.hands[-1].settlement.payments[0].code == "double_double"
