"""One random-playout harness for all six games (../shared/STYLE.md, "Invariants to test").

Each playout starts a match and records only what the engine offers: the cards decide through
``chance_event`` (deals, Bourré's draw, a Hot or Not card), the players choose among
``legal_events``. After every event, for every game:

- the event round-trips through its JSON form;
- ``apply`` never changes its input;
- every event ``legal_events`` lists is accepted (checked where the list is short);
- the summary is plain JSON with the protocol's keys (scoring/protocol.py), and the typed reading
  (``to_act``, ``is_terminal``, ``returns``, ``is_legal``) says what the summary says;
- the game's own invariants hold (below, each citing its docs/games section).

At the end, replaying the record equals the state built step by step.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from scoring.cards import JOKER, STANDARD_DECK
from scoring.errors import EventFormatError, RulesError
from scoring.events import Event
from scoring.hearts.deal import deal_config
from scoring.president.deal import full_deck
from scoring.protocol import Game
from scoring.record import MatchRecord, RecordedEvent, replay
from scoring.registry import get_game

ENVELOPE = {"game", "players", "house_rules", "phase", "finished", "to_act", "totals", "result", "history", "findings"}

#: Per game: (players, house rules) tables the playouts cycle through.
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "hearts": [
        (4, {}),
        (3, {"jack_of_diamonds": "jd_minus_10", "moon_scoring": "shooter_choice"}),
        (5, {"queen_breaks_hearts": True, "first_trick_fallback": "heart_only"}),
        (4, {"all_hearts_unbroken_lead": "pass_lead", "optional_pass": True}),
        (6, {"short_deal_method": "kitty", "kitty": "leftover_last_trick"}),
        (4, {"kitty": "four_player_12", "first_lead": "any_club"}),
    ],
    "bourre": [
        (4, {}),
        (2, {}),
        (6, {"second_ante": True, "decision_mode": "separate_rounds"}),
        (5, {"lo_no": True, "lo_no_max_rank": 8}),
        (4, {"hand_size": 4, "trump_source": "separate_card_no_owner"}),
        (7, {"all_pass_policy": "carry_over", "max_discard": "by_table_size"}),
    ],
    "president": [
        (4, {"league_rounds": 2}),
        (3, {"league_rounds": 2, "jokers": "wild", "equal_play": "allowed"}),
        (5, {"league_rounds": 2, "exchange_scheme": "president_picks", "bombs": "four_of_a_kind"}),
        (6, {"league_rounds": 2, "revolution": True, "quick_clear": True, "decks": 2}),
        (4, {"league_rounds": 2, "twos_clear": True, "round_end": "count_cards"}),
    ],
    "thousand": [
        (3, {}),
        (2, {}),
        (4, {"four_player_inactive_bonus": "talon_points_and_pair"}),
        (3, {"blind_bidding": True, "bomb": True, "four_aces_bonus": 200}),
        (2, {"two_player_talons": "both"}),
        (3, {"must_head_trick": True, "trump_change_timing": "next_trick"}),
    ],
    "tonk": [
        (2, {}),
        (3, {"jokers_wild": True, "hit_lock": "per_hitting_turn"}),
        (4, {"hand_size": 7, "upcard": False}),
        (3, {"discard_take_must_meld": True, "one_hit_per_turn": True, "hit_runs_only": True}),
        (5, {"payout_scheme": "texas", "auto_49_50": "fifty_only_auto"}),
    ],
    "tshirt": [
        (3, {}),
        (4, {"boo_yah_mode": "steal_only", "target_points": 1000}),
        (6, {"boo_yah_mode": "first_draw_no_value", "hot_or_not_deck_size": 12}),
    ],
}

#: Finished scoring units (hands, deals, rounds) after which a playout stops.
UNITS = {"hearts": 2, "bourre": 3, "president": 2, "thousand": 3, "tonk": 2, "tshirt": 30}
SEEDS = range(12)


def _units(state: Any) -> int:
    for name in ("hands", "history", "rounds"):
        done = getattr(state, name, None)
        if isinstance(done, tuple):
            return len(done)
    raise AssertionError("no finished units")


# -- per-game invariants --------------------------------------------------------------------------


def _hearts(state: Any) -> None:
    hand = state.current
    if hand is not None and hand.phase == "play":
        # docs/games/hearts.md §8.3: every card of the pack is played, held or in the kitty.
        held = [c for k in hand.known for c in k]
        assert Counter([*hand.seen, *held, *(hand.kitty or ())]) == Counter(hand.config.pack)
        for done, nxt in zip(hand.tricks, hand.tricks[1:], strict=False):
            assert nxt.leader == (done.winner + len(nxt.lead_passed_by)) % hand.seats  # the winner leads
    for record in state.hands:
        assert record.points is not None and sum(record.points) == 26  # docs/games/hearts.md §8.4: 13 hearts + Q♠ 13
        assert sum(record.tricks_won) == deal_config(state.variants, state.seats).per_player


def _bourre(state: Any) -> None:
    # docs/games/bourre.md §7.6: chips move between players and the pot, never appear or vanish.
    assert sum(state.ledger) + state.pot == 0
    for entry in get_game("bourre").summary(state)["history"]:
        if entry["tricks"] is not None and len(entry["active"]) >= 2:
            assert sum(entry["tricks"]) == state.variants.hand_size  # docs/games/bourre.md §7.4: five tricks


def _president(state: Any) -> None:
    n = state.seats
    for record in state.rounds:
        assert sorted(record.order) == list(range(n))  # docs/games/president.md §8.4: an order of all
    rnd = state.current
    if rnd is not None and rnd.hands is not None:
        held = Counter(c for hand in rnd.hands for c in hand)
        assert held + Counter(rnd.played) == Counter(full_deck(state.variants))  # cards conserved


def _thousand(state: Any) -> None:
    for record in state.history:
        forfeit = any(n.code == "forfeit" for n in record.notes)
        if record.kind == "played" and record.card_points is not None and not forfeit:
            assert sum(record.card_points) == 120  # docs/games/thousand.md §7.1: the pack's points
            assert record.tricks is not None and sum(record.tricks) in (8, 10)
    if state.variants == type(state.variants)():
        assert all(total % 5 == 0 for total in state.totals)  # docs/games/thousand.md §7.5: entries rounded to 5


def _tonk(state: Any) -> None:
    assert sum(state.totals) == 0  # docs/games/tonk.md §5.5: stakes paid are stakes received
    play = state.play
    if play is None:
        return
    cards: Counter[Any] = Counter(play.discards)
    for held in play.held:
        cards.update(held.known)
    for spread in play.spreads:
        cards.update(spread.cards)
    pack = Counter(list(STANDARD_DECK) + ([JOKER, JOKER] if state.variants.jokers_wild else []))
    assert not cards - pack  # no card twice
    assert sum(cards.values()) + play.stock == sum(pack.values())  # docs/games/tonk.md §5.1: the rest is the stock


def _tshirt(state: Any) -> None:
    # docs/games/tshirt.md §4.3: each round gives one Hot or Not card; a steal moves one.
    assert sum(len(mine) for mine in state.cards) <= len(state.rounds)
    assert sum(state.totals) == sum(c.counts for mine in state.cards for c in mine)


INVARIANTS: dict[str, Callable[[Any], None]] = {
    "hearts": _hearts,
    "bourre": _bourre,
    "president": _president,
    "thousand": _thousand,
    "tonk": _tonk,
    "tshirt": _tshirt,
}


# -- the harness ----------------------------------------------------------------------------------


def _step(game: Game[Any, Any], state: Any, event: Event, check_pure: bool) -> tuple[Any, tuple[str, Any]]:
    event_type, payload = game.dump_event(event)
    payload = json.loads(json.dumps(payload))
    assert game.parse_event(event_type, payload) == event  # JSON round trip
    before = copy.deepcopy(state) if check_pure else None
    new = game.apply(state, event)
    if before is not None:
        assert state == before  # apply never changes its input
    return new, (event_type, payload)


def _all_accepted(game: Game[Any, Any], state: Any, options: list[Event]) -> None:
    if len(options) > 12:
        return
    for option in options:
        try:
            game.apply(state, option)
        except RulesError as err:  # pragma: no cover - the failure message names the event
            raise AssertionError(f"listed but refused: {option} ({err.code})") from err
        assert game.is_legal(state, option), option


def _typed_reading_agrees(game: Game[Any, Any], state: Any) -> None:
    summary = game.summary(state)
    assert game.to_act(state) == summary["to_act"]
    assert game.is_terminal(state) is summary["finished"]
    returns = game.returns(state)
    if summary["result"] is None:
        assert returns is None
    else:
        sign = -1 if summary["result"]["lower_is_better"] else 1
        assert returns == tuple(sign * score for score in summary["result"]["scores"])


def playout(name: str, seed: int) -> None:
    game = get_game(name)
    seats, variants = TABLES[name][seed % len(TABLES[name])]
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(seats)]
    state = game.start(variants, players)
    events: list[tuple[str, Any]] = []
    while not game.is_terminal(state) and _units(state) < UNITS[name]:
        chance = game.chance_event(state, rng)
        options = game.legal_events(state) if chance is None else []
        assert chance is not None or options, f"{name}: stuck at {game.summary(state)['phase']}"
        _all_accepted(game, state, options)
        event = chance if chance is not None else rng.choice(options)
        state, dumped = _step(game, state, event, check_pure=len(events) % 5 == 0)
        events.append(dumped)
        INVARIANTS[name](state)
        if len(events) % 5 == 0:
            _typed_reading_agrees(game, state)
        assert len(events) < 3000
    _typed_reading_agrees(game, state)
    summary = json.loads(json.dumps(game.summary(state)))
    assert set(summary) >= ENVELOPE and summary["players"] == players
    record = MatchRecord(
        name, variants, tuple(players), tuple(RecordedEvent(i, t, p) for i, (t, p) in enumerate(events, 1))
    )
    assert game.summary(replay(record)) == game.summary(state)  # replay equals step by step


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_random_playout(name: str, seed: int) -> None:
    playout(name, seed)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_finished_match_takes_no_event(name: str) -> None:
    """scoring/protocol.py: one ``match_finished`` check for every game (docs/api-errors.md)."""
    game = get_game(name)
    seats, variants = TABLES[name][0]
    state = game.start(variants, [f"P{i}" for i in range(seats)])
    rng = random.Random(1)
    event = game.chance_event(state, rng) or game.legal_events(state)[0]
    finished = _finish(game, state)
    with pytest.raises(RulesError) as err:
        game.apply(finished, event)
    assert err.value.code == "match_finished"


def _finish(game: Game[Any, Any], state: Any) -> Any:
    """The match ended: the result set as the game's own end would (the check reads only that)."""
    import dataclasses

    from scoring.protocol import MatchResult

    result = MatchResult((0,), tuple(range(1, state.seats + 1)), (0,) * state.seats, game.lower_is_better)
    changes: dict[str, Any] = {"result": result}
    if hasattr(state, "finished"):
        changes["finished"] = True
    return dataclasses.replace(state, **changes)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_wrong_player_count_is_an_input_error(name: str) -> None:
    """docs/api-errors.md: ``wrong_player_count`` is the same 400 (EventFormatError) in every game."""
    game = get_game(name)
    with pytest.raises(EventFormatError) as err:
        game.start({}, [f"P{i}" for i in range(game.max_players + 1)])
    assert err.value.code == "wrong_player_count"
    assert err.value.fields == {"players": f"{game.min_players}–{game.max_players} players"}
