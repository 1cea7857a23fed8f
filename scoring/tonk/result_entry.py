"""Tonk result entry: one event per hand (rules/tonk.md §3.5)."""

from __future__ import annotations

from scoring.errors import RulesError
from scoring.explain import Note
from scoring.tonk.common import check_cards_allowed, check_seat, check_side_bet
from scoring.tonk.events import HandResult
from scoring.tonk.ledger import finish_hand
from scoring.tonk.melds import count, count_range, min_card_value
from scoring.tonk.settlement import (
    AUTO_DRAW,
    AUTO_WIN,
    DROP,
    OUT,
    STOCK,
    TONK,
    Settlement,
    auto_multiplier,
    settle_auto,
    settle_drop,
    settle_out,
    settle_stock,
    settle_tonk,
)
from scoring.tonk.state import TonkState

RULE = "tonk.md §3.5"


def _counts(state: TonkState, event: HandResult) -> tuple[int | None, ...] | None:
    """Per-seat counts from ``counts`` or from the cards left in ``hands`` (§1.3)."""
    v = state.variants
    if event.counts is not None and event.hands is not None:
        raise RulesError(
            "counts_or_hands", "Give either the counts or the cards left in each hand, not both.", rule=RULE
        )
    entries = event.counts if event.counts is not None else event.hands
    if entries is None:
        return None
    if len(entries) != state.seats:
        raise RulesError(
            "counts_per_seat",
            "Give one entry per seat (%(seats)s), not %(given)s.",
            rule=RULE,
            seats=state.seats,
            given=len(entries),
        )
    if event.hands is not None:
        every = [c for hand in event.hands if hand is not None for c in hand]
        check_cards_allowed(state, every)
        for seat, hand in enumerate(event.hands):
            if hand is not None and event.end in ("auto_win", "auto_draw") and len(hand) != v.hand_size:
                raise RulesError(
                    "wrong_hand_size",
                    "A dealt hand has %(expected)s cards; %(name)s shows %(count)s.",
                    rule="tonk.md §2.2",
                    seat=seat,
                    name=state.players[seat],
                    expected=v.hand_size,
                    count=len(hand),
                )
            if hand is not None and len(hand) > v.hand_size:
                raise RulesError(
                    "too_many_cards",
                    "%(name)s cannot hold %(count)s cards between turns (hand size %(hand_size)s).",
                    rule="tonk.md §6.1",
                    seat=seat,
                    name=state.players[seat],
                    count=len(hand),
                    hand_size=v.hand_size,
                )
        return tuple(None if hand is None else count(hand, v) for hand in event.hands)
    highest = count_range(v.hand_size, {}, v)[1]  # the hand's highest cards (K K K K Q is 64, not 65)
    for seat, value in enumerate(event.counts or ()):
        if value is not None and not min_card_value(v) <= value <= highest:
            raise RulesError(
                "impossible_count",
                "%(name)s's count %(count)s is impossible with %(hand_size)s cards or fewer.",
                rule="tonk.md §1.3",
                seat=seat,
                count=value,
                name=state.players[seat],
                hand_size=v.hand_size,
            )
    return tuple(event.counts or ())


def _require_all(counts: tuple[int | None, ...] | None, end: str) -> tuple[int, ...]:
    if counts is None or any(c is None for c in counts):
        raise RulesError(
            "counts_required",
            "A drop is settled on every player's count: give each seat's count or remaining cards."
            if end == DROP
            else "A stock end is settled on every player's count: give each seat's count or remaining cards.",
            rule=RULE,
            end=end,
        )
    return tuple(c for c in counts if c is not None)


def _auto(state: TonkState, event: HandResult, counts: tuple[int | None, ...] | None) -> Settlement:
    v = state.variants
    qualifiers = [s for s, c in enumerate(counts or ()) if c is not None and auto_multiplier(c, v) is not None]
    if event.end == AUTO_DRAW:
        if len(qualifiers) < 2:
            raise RulesError(
                "not_an_auto_draw",
                "An automatic draw needs two or more dealt hands that win automatically (give their counts).",
                rule="tonk.md §2.2",
                qualifying=qualifiers,
            )
        headline = Note(
            "hand_end",
            "Automatic draw: %(count)s dealt hand qualified; nobody pays.",
            None,
            plural="Automatic draw: %(count)s dealt hands qualified; nobody pays.",
            count=len(qualifiers),
        )
        return Settlement(state.seats, (), headline)
    by = event.by
    assert by is not None
    claim = counts[by] if counts is not None else None
    if claim is None:
        raise RulesError(
            "auto_claim_unproven", "An automatic win gives the winner's dealt count or cards.", rule="tonk.md §3.5"
        )
    claim_49 = v.auto_49_50 == "fifty_only_auto" and claim == 49
    if auto_multiplier(claim, v, claim_49=claim_49) is None:
        raise RulesError(
            "not_an_automatic_win",
            "A dealt count of %(count)s does not win automatically at this table "
            "(auto_49_50 = %(auto_49_50)s, low_count_auto = %(low_count_auto)s).",
            rule="tonk.md §2.2",
            count=claim,
            auto_49_50=v.auto_49_50,
            low_count_auto=v.low_count_auto,
        )
    others = [s for s in qualifiers if s != by]
    if others:
        raise RulesError(
            "multiple_auto_winners",
            "%(name)s also qualified for an automatic win: the hand is a draw (auto_draw).",
            rule="tonk.md §2.2",
            seat=others[0],
            name=state.players[others[0]],
        )
    return settle_auto(state.seats, by, claim, v, claim_49=claim_49)


def _settle(state: TonkState, event: HandResult, counts: tuple[int | None, ...] | None) -> Settlement:
    v = state.variants
    if event.end in (AUTO_WIN, AUTO_DRAW):
        return _auto(state, event, counts)
    by = event.by
    assert by is not None
    if event.end == TONK:
        if v.tonk_requires_six and event.whole_hand is None:
            raise RulesError(
                "whole_hand_required",
                "Under tonk_requires_six, say whether the whole hand went down in that one turn.",
                rule="tonk.md §3.3",
            )
        return settle_tonk(state.seats, by, v, whole_hand=bool(event.whole_hand), double_double=event.double_double)
    if event.end == OUT:
        return settle_out(state.seats, by)
    if event.end == DROP:
        return settle_drop(by, _require_all(counts, DROP), v)
    return settle_stock(_require_all(counts, STOCK), v)


def apply_hand_result(state: TonkState, event: HandResult) -> TonkState:
    if state.play is not None:
        raise RulesError(
            "hand_in_progress", "A hand is being recorded card by card; finish it first.", rule="tonk.md §2.1"
        )
    if event.hand is not None and event.hand != state.hand_number:
        raise RulesError(
            "wrong_hand_number",
            "The next hand is hand %(expected)s, not %(given)s.",
            rule=RULE,
            expected=state.hand_number,
            given=event.hand,
        )
    if event.dealer is not None:
        check_seat(state, event.dealer, "dealer")
        if state.hands and event.dealer != state.dealer:
            raise RulesError(
                "wrong_dealer",
                "%(name)s deals hand %(hand)s: the deal passes to the left.",
                rule="tonk.md §1.1",
                expected=state.dealer,
                name=state.players[state.dealer],
                hand=state.hand_number,
            )
        if not state.hands:
            state = _with_first_dealer(state, event.dealer)
    if event.end == AUTO_DRAW:
        if event.by is not None:
            raise RulesError("by_not_allowed", "Nobody wins an automatic draw: leave out by.", rule=RULE)
    elif event.by is None:
        raise RulesError("by_required", "Say who ended the hand (by).", rule=RULE, end=event.end)
    else:
        check_seat(state, event.by, "by")
    if event.double_double and (not state.variants.double_double or event.end != TONK):
        raise RulesError(
            "double_double_not_allowed",
            "Double-double applies only to a tonk at a table playing double_double.",
            rule="tonk.md §3.3",
        )
    stake = state.variants.stake if event.stake is None else event.stake
    if stake < 1:
        raise RulesError("invalid_stake", "A stake is a positive amount.", rule="tonk.md §3", stake=stake)
    counts = _counts(state, event)
    settlement = _settle(state, event, counts)
    side: dict[int, int] | None = None
    winner = None
    if event.side_bet_players or event.side_bet_amount is not None or event.side_bet_spades:
        winner, side = check_side_bet(state, event.side_bet_players, event.side_bet_amount, event.side_bet_spades)
    notes: tuple[Note, ...] = ()
    if counts is not None and any(c is not None for c in counts):
        shown = ", ".join(f"{state.players[s]} {c}" for s, c in enumerate(counts) if c is not None)
        notes = (Note("counts", "Counts: %(counts)s.", None, counts=shown),)
    return finish_hand(
        state,
        mode="result",
        end=event.end,
        by=event.by,
        stake=stake,
        counts=counts,
        settlement=settlement,
        side_bet=side,
        side_bet_winner=winner,
        notes=notes,
    )


def _with_first_dealer(state: TonkState, dealer: int) -> TonkState:
    import dataclasses

    return dataclasses.replace(state, first_dealer=dealer)
