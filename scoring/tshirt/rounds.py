"""Applying T-Shirt Game events (rules/tshirt-game.md, "Turn structure" and "Scoring model")."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.errors import RulesError
from scoring.explain import Note
from scoring.protocol import MatchResult, places_from_scores
from scoring.tshirt.events import RoundResult, SloganPlayed, StartGame
from scoring.tshirt.state import HotCard, RoundRecord, TShirtState

RULE_ROUND = "tshirt-game.md Turn structure"
RULE_ENTRY = "tshirt-game.md Result entry for one round"
RULE_SCORE = "tshirt-game.md Scoring model and end of game"


def _check_seat(state: TShirtState, seat: int, what: str) -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            "%(field)s names seat %(seat)s, but this table has seats 0–%(last)s.",
            rule=RULE_ENTRY,
            seat=seat,
            field=what,
            last=state.seats - 1,
        )


def start_game(state: TShirtState, event: StartGame) -> TShirtState:
    if state.first_judge is not None:
        raise RulesError("game_already_started", "The seating was already recorded.", rule=RULE_ROUND)
    _check_seat(state, event.first_judge, "first_judge")
    n, hand = state.seats, state.variants.hand_size
    # Step 1: the youngest deals 3 Slogan Cards to every player, judge included [our default].
    return dataclasses.replace(
        state,
        first_judge=event.first_judge,
        cards=((),) * n,
        hand_sizes=(hand,) * n,
        slogan_deck=state.variants.slogan_deck_size - n * hand,
        tshirt_deck=state.variants.tshirt_deck_size,
        hot_or_not_left=state.variants.hot_or_not_deck_size,
    )


def _require_started(state: TShirtState) -> int:
    judge = state.judge
    if judge is None:
        raise RulesError(
            "game_not_started",
            "Record the seating first (start_game with the first judge, the youngest player).",
            rule="tshirt-game.md Turn structure 1",
        )
    return judge


def slogan_played(state: TShirtState, event: SloganPlayed) -> TShirtState:
    judge = _require_started(state)
    if event.round != state.round_number:
        raise RulesError(
            "wrong_round",
            "Round %(expected)s is being played, not round %(given)s.",
            rule=RULE_ROUND,
            expected=state.round_number,
            given=event.round,
        )
    _check_seat(state, event.seat, "slogan_played")
    if event.seat == judge:
        raise RulesError(
            "judge_cannot_submit",
            "%(name)s is the judge this round and plays no Slogan Card.",
            rule=RULE_ROUND,
            seat=judge,
            name=state.players[judge],
        )
    if event.seat in state.submitted:
        raise RulesError(
            "already_submitted",
            "%(name)s already played a Slogan Card this round (exactly one each, step 3).",
            rule=RULE_ROUND,
            seat=event.seat,
            name=state.players[event.seat],
        )
    sizes = list(state.hand_sizes)
    sizes[event.seat] -= 1
    return dataclasses.replace(state, submitted=state.submitted | {event.seat}, hand_sizes=tuple(sizes))


def _check_duplicate(state: TShirtState, event: RoundResult) -> None:
    """Each round is recorded once; a repeat never awards a card twice ("Scoring model")."""
    if event.round < 1 or event.round > state.round_number:
        raise RulesError(
            "round_out_of_order",
            "The next round to record is round %(expected)s, not round %(given)s.",
            rule=RULE_SCORE,
            expected=state.round_number,
            given=event.round,
        )
    if event.round < state.round_number:
        recorded = state.rounds[event.round - 1].event
        if recorded == event:
            raise RulesError(
                "round_already_recorded",
                "Round %(round)s is already recorded with exactly this result; nothing was applied again.",
                rule=RULE_SCORE,
                round=event.round,
                duplicate=True,
            )
        raise RulesError(
            "round_result_conflict",
            "Round %(round)s is already recorded with a different result; correct it with an amend, "
            "not a new submission.",
            rule=RULE_SCORE,
            round=event.round,
        )


def _check_value(state: TShirtState, value: int) -> None:
    v = state.variants
    if value < 0 and not v.allow_negative_values:
        raise RulesError(
            "negative_value",
            "The Hot or Not card cannot be worth %(value)s: no Hot or Not card is negative "
            "(house rule allow_negative_values).",
            rule=RULE_SCORE,
            value=value,
        )
    if v.max_hot_or_not_value is not None and value > v.max_hot_or_not_value:
        raise RulesError(
            "value_above_house_limit",
            "The Hot or Not card is worth %(value)s, but this table removed cards worth more than %(limit)s.",
            rule="tshirt-game.md Variants max_hot_or_not_value",
            value=value,
            limit=v.max_hot_or_not_value,
        )


def _steal(state: TShirtState, event: RoundResult) -> HotCard | None:
    """Check the BOO YAH! details and return the card taken, if any."""
    fields = (event.stolen_from, event.stolen_round, event.stolen_value)
    given = [f is not None for f in fields]
    if not event.boo_yah:
        if any(given):
            raise RulesError(
                "steal_without_boo_yah", "Only a BOO YAH! card lets its drawer take a card.", rule=RULE_SCORE
            )
        return None
    if not any(given):
        return None  # declined, or nothing to take: only the card's own value counts
    if not all(given):
        raise RulesError(
            "steal_incomplete",
            "A BOO YAH! steal names the player, the round the card was won in and its value.",
            rule=RULE_ENTRY,
        )
    if not state.variants.boo_yah_can_steal:
        raise RulesError(
            "steal_not_allowed",
            "This table plays BOO YAH! for its value only (boo_yah_mode = value_only).",
            rule="tshirt-game.md Variants boo_yah_mode",
        )
    victim = event.stolen_from
    assert victim is not None
    _check_seat(state, victim, "stolen_from")
    if victim == event.winner:
        raise RulesError("cannot_steal_from_self", "BOO YAH! takes a card from another player.", rule=RULE_SCORE)
    card = next((c for c in state.cards[victim] if c.round == event.stolen_round), None)
    if card is None:
        raise RulesError(
            "no_such_card",
            "%(name)s holds no Hot or Not card won in round %(round)s.",
            rule=RULE_SCORE,
            seat=victim,
            round=event.stolen_round,
            name=state.players[victim],
        )
    if card.printed != event.stolen_value:
        raise RulesError(
            "stolen_value_mismatch",
            "The card %(name)s won in round %(round)s is worth %(recorded)s, not %(given)s.",
            rule=RULE_SCORE,
            recorded=card.printed,
            given=event.stolen_value,
            seat=victim,
            name=state.players[victim],
            round=card.round,
        )
    return card


def _counted_value(state: TShirtState, event: RoundResult) -> tuple[int, Note | None]:
    mode = state.variants.boo_yah_mode
    if not event.boo_yah:
        return event.value, None
    if mode == "steal_only":
        return 0, Note("boo_yah_no_value", "BOO YAH! counts nothing itself at this table (steal_only).", event.winner)
    if mode == "first_draw_no_value" and not state.rounds:
        return 0, Note(
            "boo_yah_first_draw",
            "BOO YAH! was the game's first Hot or Not card: it counts 0 (first_draw_no_value).",
            event.winner,
        )
    return event.value, None


def _end(
    state: TShirtState, winner: int, totals: tuple[int, ...], hot_left: int
) -> tuple[MatchResult, Note, Note] | None:
    """The result, the round's line saying so, and ``how`` as a translatable line."""
    target = state.variants.target_points
    places = places_from_scores(totals, lower_is_better=False)
    if totals[winner] >= target:
        note = Note(
            "reached_target",
            "%(name)s reached %(total)s ≥ %(target)s: the game ends at once.",
            winner,
            name=state.players[winner],
            total=totals[winner],
            target=target,
        )
        how = Note("first_to_target", "first to reach %(target)s", target=target)
        result = MatchResult(
            (winner,),
            tuple(1 if s == winner else p for s, p in enumerate(places)),
            totals,
            False,
            how.text,
            how_note=how,
        )
        return result, note, how
    if hot_left == 0:
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        note = Note(
            "hot_or_not_exhausted", "The Hot or Not deck is empty: the highest total (%(best)s) wins.", best=best
        )
        how = Note("highest_when_exhausted", "highest total when the Hot or Not deck ran out")
        return MatchResult(winners, places, totals, False, how.text, how_note=how), note, how
    return None


def round_result(state: TShirtState, event: RoundResult) -> TShirtState:
    """One judged round: checked, the Hot or Not card (and a BOO YAH! steal) moved, totals noted,
    and the game ended when the target is reached or the deck runs out."""
    judge = _require_started(state)
    _check_round(state, event, judge)
    _check_value(state, event.value)
    stolen = _steal(state, event)
    counted, boo_note = _counted_value(state, event)
    names = state.players
    notes = [
        Note(
            "round_won",
            "Judge %(judge)s chose %(name)s's slogan; %(name)s drew a Hot or Not card worth %(value)s (BOO YAH!)."
            if event.boo_yah
            else "Judge %(judge)s chose %(name)s's slogan; %(name)s drew a Hot or Not card worth %(value)s.",
            event.winner,
            judge=names[judge],
            name=names[event.winner],
            value=event.value,
        )
    ]
    if boo_note is not None:
        notes.append(boo_note)
    new_cards = _cards_after_round(state, event, counted, stolen, notes)
    totals = tuple(sum(c.counts for c in mine) for mine in new_cards)
    notes += _total_notes(state, state.totals, totals)
    hot_left = state.hot_or_not_left - 1
    ended = _end(state, event.winner, totals, hot_left)
    if ended is not None:
        notes.append(ended[1])
    new = _after_round(state, event, new_cards, totals, notes, hot_left, ended[0] if ended else None)
    return dataclasses.replace(new, result_note=ended[2]) if ended else new


def _check_round(state: TShirtState, event: RoundResult, judge: int) -> None:
    """The round's judge, a winner other than the judge, and every slogan in when they are tracked."""
    _check_duplicate(state, event)
    if event.judge != judge:
        raise RulesError(
            "wrong_judge",
            "Round %(round)s is judged by %(name)s (youngest first, then one seat to the left), not %(other)s.",
            rule="tshirt-game.md Turn structure 7",
            expected=judge,
            given=event.judge,
            round=event.round,
            name=state.players[judge],
            other=state.players[event.judge] if 0 <= event.judge < state.seats else event.judge,
        )
    _check_seat(state, event.winner, "winner")
    if event.winner == judge:
        raise RulesError(
            "judge_cannot_win",
            "%(name)s judges round %(round)s and cannot win it; the winner is another player.",
            rule="tshirt-game.md Turn structure 5",
            seat=judge,
            name=state.players[judge],
            round=event.round,
        )
    missing = [s for s in range(state.seats) if s != judge and s not in state.submitted]
    if state.submitted and missing:
        raise RulesError(
            "entries_missing",
            "Every player but the judge plays a Slogan Card; %(name)s has not.",
            rule="tshirt-game.md Turn structure 3",
            seats=missing,
            name=state.players[missing[0]],
        )


def _cards_after_round(
    state: TShirtState, event: RoundResult, counted: int, stolen: HotCard | None, notes: list[Note]
) -> tuple[tuple[HotCard, ...], ...]:
    """Each seat's Hot or Not cards with the round's card won and a BOO YAH! steal moved (noted)."""
    names = state.players
    cards = [list(mine) for mine in state.cards]
    cards[event.winner].append(HotCard(event.round, event.value, counted, event.boo_yah))
    if stolen is not None:
        victim = event.stolen_from
        assert victim is not None
        cards[victim].remove(stolen)
        cards[event.winner].append(stolen)
        notes.append(
            Note(
                "boo_yah_steal",
                "BOO YAH!: %(taker)s took %(name)s's card from round %(round)s (worth %(value)s); %(name)s loses it.",
                victim,
                taker=names[event.winner],
                name=names[victim],
                round=stolen.round,
                value=stolen.counts,
            )
        )
    elif event.boo_yah:
        notes.append(Note("boo_yah_no_steal", "BOO YAH!: no card was taken.", event.winner))
    return tuple(tuple(mine) for mine in cards)


def _total_notes(state: TShirtState, before: Sequence[int], totals: Sequence[int]) -> list[Note]:
    """A line for each total the round changed."""
    return [
        Note(
            "total",
            "%(name)s: %(before)s → %(total)s.",
            seat,
            name=state.players[seat],
            before=before[seat],
            total=totals[seat],
        )
        for seat in range(state.seats)
        if totals[seat] != before[seat]
    ]


def _after_round(
    state: TShirtState,
    event: RoundResult,
    cards: tuple[tuple[HotCard, ...], ...],
    totals: tuple[int, ...],
    notes: list[Note],
    hot_left: int,
    result: MatchResult | None,
) -> TShirtState:
    """Steps 6–8: discards, the next judge, and the refill to 3 (decks reshuffled when empty)."""
    n = state.seats
    played = n - 1
    tshirt_deck, tshirt_discards = state.tshirt_deck - 1, state.tshirt_discards + 1
    if tshirt_deck == 0:  # [our default] reshuffle the T-Shirt discards into a new deck
        tshirt_deck, tshirt_discards = tshirt_discards, 0
    slogan_deck, slogan_discards = state.slogan_deck, state.slogan_discards + played
    if slogan_deck < played:  # [our default] reshuffle the Slogan discards when the deck runs short
        slogan_deck, slogan_discards = slogan_deck + slogan_discards, 0
        notes.append(Note("slogans_reshuffled", "The Slogan deck ran out: the discards were reshuffled."))
    slogan_deck -= played
    record = RoundRecord(event, totals, tuple(notes))
    return dataclasses.replace(
        state,
        cards=cards,
        rounds=(*state.rounds, record),
        submitted=frozenset(),
        hand_sizes=(state.variants.hand_size,) * n,
        slogan_deck=slogan_deck,
        slogan_discards=slogan_discards,
        tshirt_deck=tshirt_deck,
        tshirt_discards=tshirt_discards,
        hot_or_not_left=hot_left,
        result=result,
    )
