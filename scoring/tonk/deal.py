"""Tonk card by card: the deal, the automatic-win check, the side bet and the showdown (§1.5, §2.2, §3)."""

from __future__ import annotations

import dataclasses

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import Note
from scoring.tonk.common import check_cards_allowed, check_seat, check_side_bet
from scoring.tonk.events import Claim49, Deal, Declare, ShowHands, SideBet
from scoring.tonk.hands import check_unseen, reveal
from scoring.tonk.ledger import finish_hand
from scoring.tonk.melds import count, count_range
from scoring.tonk.settlement import (
    AUTO_DRAW,
    AUTO_WIN,
    DROP,
    Settlement,
    auto_multiplier,
    settle_auto,
    settle_drop,
    settle_stock,
)
from scoring.tonk.state import Held, Play, TonkState, add_seen, hand_finding


def deal(state: TonkState, event: Deal) -> TonkState:
    v = state.variants
    n, h = state.seats, v.hand_size
    if state.play is not None:
        raise RulesError("hand_in_progress", "The hand being played is not finished.", rule="tonk.md §2.1")
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
            state = dataclasses.replace(state, first_dealer=event.dealer)
    if v.upcard and event.upcard is None:
        raise RulesError("upcard_required", "Record the upcard turned after the deal.", rule="tonk.md §1.5")
    if not v.upcard and event.upcard is not None:
        raise RulesError("no_upcard", "This table deals no upcard (upcard = off).", rule="tonk.md §1.5")
    hands = event.hands if event.hands is not None else (None,) * n
    if len(hands) != n:
        raise RulesError("hands_per_seat", "Give one hand (or null) per seat: %(seats)s.", rule="tonk.md §1.5", seats=n)
    every = [c for hand in hands if hand is not None for c in hand] + ([event.upcard] if event.upcard else [])
    check_cards_allowed(state, every)
    for seat, hand in enumerate(hands):
        if hand is not None and len(hand) != h:
            raise RulesError(
                "wrong_hand_size",
                "%(name)s was dealt %(count)s cards; each player gets %(expected)s.",
                rule="tonk.md §1.5",
                seat=seat,
                name=state.players[seat],
                count=len(hand),
                expected=h,
            )
    stake = v.stake if event.stake is None else event.stake
    if stake < 1:
        raise RulesError("invalid_stake", "A stake is a positive amount.", rule="tonk.md §3", stake=stake)
    dealer = state.dealer
    play = Play(
        dealer=dealer,
        stake=stake,
        held=tuple(Held(hand, 0) if hand is not None else Held((), h) for hand in hands),
        dealt_known=tuple(hand is not None for hand in hands),
        stock=v.deck_size - n * h - (1 if event.upcard else 0),
        discards=(event.upcard,) if event.upcard else (),
        seen=add_seen((), tuple(every)),
        turn=(dealer + 1) % n,
        locked=(0,) * n,
        turns_taken=(0,) * n,
    )
    state = dataclasses.replace(state, play=play)
    if all(play.dealt_known):
        qualifiers = _known_qualifiers(state, play)
        if qualifiers:
            return _settle_auto(state, play, qualifiers, _dealt_counts(state, play, (None,) * n))
    return state


def _known_qualifiers(state: TonkState, play: Play) -> dict[int, int]:
    """Seats whose fully known dealt hand wins automatically at the deal (§2.2), with their counts."""
    out = {}
    for seat, held in enumerate(play.held):
        if play.dealt_known[seat] and held.fully_known:
            value = count(held.known, state.variants)
            if auto_multiplier(value, state.variants) is not None:
                out[seat] = value
    return out


def _settle_auto(
    state: TonkState, play: Play, qualifiers: dict[int, int], counts: tuple[int | None, ...] | None = None
) -> TonkState:
    names = state.players
    if len(qualifiers) >= 2:
        shown = ", ".join(f"{names[s]} {c}" for s, c in qualifiers.items())
        headline = Note(
            "hand_end", "Automatic draw (dealt %(counts)s): nobody pays, the deal passes on.", None, counts=shown
        )
        settlement = Settlement(state.seats, (), headline)
        return _finish(state, play, AUTO_DRAW, None, settlement, counts)
    (seat, value), *_ = qualifiers.items()
    return _finish(state, play, AUTO_WIN, seat, settle_auto(state.seats, seat, value, state.variants), counts)


def _finish(
    state: TonkState,
    play: Play,
    end: str,
    by: int | None,
    settlement: Settlement,
    counts: tuple[int | None, ...] | None,
) -> TonkState:
    side = dict(enumerate(play.side_bet)) if play.side_bet_done else None
    notes: tuple[Note, ...] = ()
    if counts is not None:
        shown = ", ".join(f"{state.players[s]} {c}" for s, c in enumerate(counts) if c is not None)
        notes = (Note("counts", "Counts: %(counts)s.", None, counts=shown),)
    return finish_hand(
        state,
        mode="cards",
        end=end,
        by=by,
        stake=play.stake,
        counts=counts,
        settlement=settlement,
        side_bet=side,
        side_bet_winner=play.side_bet_winner,
        notes=notes,
    )


def finish(state: TonkState, play: Play, end: str, by: int | None, settlement: Settlement) -> TonkState:
    return _finish(state, play, end, by, settlement, None)


def declare(state: TonkState, play: Play, event: Declare) -> TonkState:
    """Automatic wins at the deal (§2.2), shown by dealt cards (``hands``) or dealt counts (``counts``,
    §3.5: "the dealt count, or better the dealt cards"). A shown hand must win automatically; a count
    that does not is one of the other players' dealt counts, recorded with the hand (docs/games/tonk.md §2.1)."""
    if not play.auto_open:
        raise RulesError(
            "declare_too_late", "Automatic wins are declared right after the deal, before play.", rule="tonk.md §2.2"
        )
    n = state.seats
    hands = event.hands if event.hands is not None else (None,) * n
    given = event.counts if event.counts is not None else (None,) * n
    if len(hands) != n or len(given) != n:
        raise RulesError("hands_per_seat", "Give one hand (or null) per seat: %(seats)s.", rule="tonk.md §2.2", seats=n)
    for seat, cards in enumerate(hands):
        if cards is not None:
            play = reveal(play, seat, cards)
    shown = tuple(k or h is not None for k, h in zip(play.dealt_known, hands, strict=True))
    known = dataclasses.replace(play, dealt_known=shown)
    qualifiers = _known_qualifiers(state, known)
    _check_shown_qualify(state, play, hands, qualifiers)
    counts = _dealt_counts(state, known, given)
    for seat, value in enumerate(counts):
        if value is not None and auto_multiplier(value, state.variants) is not None:
            qualifiers.setdefault(seat, value)
    if not qualifiers:
        raise RulesError(
            "nothing_declared",
            "A declaration shows at least one dealt hand that wins automatically.",
            rule="tonk.md §2.2",
        )
    return _settle_auto(state, play, dict(sorted(qualifiers.items())), counts)


def _check_shown_qualify(
    state: TonkState, play: Play, hands: tuple[tuple[Card, ...] | None, ...], qualifiers: dict[int, int]
) -> None:
    """Dealt cards are shown to claim an automatic win: each shown hand must qualify (§2.2)."""
    seat = next((s for s, cards in enumerate(hands) if cards is not None and s not in qualifiers), None)
    if seat is not None:
        raise RulesError(
            "not_an_automatic_win",
            "%(name)s's dealt count %(count)s does not win automatically at this table.",
            rule="tonk.md §2.2",
            seat=seat,
            name=state.players[seat],
            count=count(play.held[seat].known, state.variants),
        )


def _dealt_counts(state: TonkState, play: Play, given: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """Each seat's dealt count where known: from its known dealt cards, else the count given."""
    return tuple(
        _checked_count(state, play, seat, value) if play.dealt_known[seat] or value is not None else None
        for seat, value in enumerate(given)
    )


def must_declare(state: TonkState, play: Play) -> bool:
    """A known dealt hand wins automatically, but other hands are private: the table must declare."""
    return play.auto_open and bool(_known_qualifiers(state, play))


def claim_49(state: TonkState, play: Play, event: Claim49) -> TonkState:
    rule = "tonk.md §2.2"
    if state.variants.auto_49_50 != "fifty_only_auto":
        raise RulesError("claim_49_not_played", "A 49 is claimed in turn only under fifty_only_auto.", rule=rule)
    if event.seat != play.turn or play.drawn or play.turns_taken[event.seat] > 0:
        raise RulesError(
            "claim_49_too_late",
            "A 49 is claimed at the start of the holder's first turn, before dropping or drawing.",
            rule=rule,
            seat=event.seat,
        )
    if event.cards is not None:
        play = reveal(play, event.seat, event.cards)
    held = play.held[event.seat]
    if not held.fully_known:
        raise RulesError("cards_required", "Show the five cards that count 49.", rule=rule)
    value = count(held.known, state.variants)
    if value != 49:
        raise RulesError(
            "not_49",
            "%(name)s's hand counts %(count)s, not 49.",
            rule=rule,
            count=value,
            seat=event.seat,
            name=state.players[event.seat],
        )
    return finish(
        state, play, AUTO_WIN, event.seat, settle_auto(state.seats, event.seat, 49, state.variants, claim_49=True)
    )


def side_bet_event(state: TonkState, play: Play, event: SideBet) -> TonkState:
    rule = "tonk.md §3.3"
    if play.side_bet_done or not play.auto_open:
        raise RulesError("side_bet_too_late", "The side bet is made once, before play.", rule=rule)
    winner, net = check_side_bet(state, event.players, event.amount, event.spades)
    findings = list(state.findings)
    fresh = []
    for seat, card in zip(event.players, event.spades, strict=True):
        held = play.held[seat]
        if card is not None and card not in held.known:
            if held.fully_known:
                raise RulesError(
                    "card_not_in_hand",
                    "%(card)s is not in %(name)s's hand.",
                    rule=rule,
                    seat=seat,
                    card=card.pretty,
                    name=state.players[seat],
                )
            fresh.append(card)
            hands = list(play.held)
            hands[seat] = Held((*held.known, card), held.unknown - 1)
            play = dataclasses.replace(play, held=tuple(hands))
        if held.fully_known:
            spades = [c.rank for c in play.held[seat].known if c.suit is not None and c.suit.value == "S"]
            shown = card.rank if card is not None else 0
            if spades and max(spades) > shown:
                findings.append(
                    hand_finding(
                        state.hand_number,
                        Note(
                            "side_bet_spade_hidden",
                            "%(name)s held a higher spade than the one shown in the side bet (honour, §3.3).",
                            seat,
                            name=state.players[seat],
                        ),
                    )
                )
    check_unseen(play, fresh, rule)
    play = dataclasses.replace(
        play,
        seen=add_seen(play.seen, tuple(fresh)),
        side_bet=tuple(net.get(s, 0) for s in range(state.seats)),
        side_bet_winner=winner,
        side_bet_done=True,
    )
    return dataclasses.replace(state, play=play, findings=tuple(findings))


def settle_pending(state: TonkState, play: Play) -> TonkState:
    """Every hand is known: settle the pending drop or stock end on the counts."""
    assert play.pending is not None
    end, by = play.pending
    counts = tuple(count(held.known, state.variants) for held in play.held)
    settlement = settle_drop(by, counts, state.variants) if end == DROP else settle_stock(counts, state.variants)
    return _finish(state, play, end, by, settlement, counts)


def show_hands(state: TonkState, play: Play, event: ShowHands) -> TonkState:
    rule = "tonk.md §3.5"
    pending = play.pending
    if pending is None:
        raise RulesError("nothing_to_show", "Hands are shown only at a drop or a stock end.", rule=rule)
    n = state.seats
    hands = event.hands or (None,) * n
    counts = event.counts or (None,) * n
    if len(hands) != n or len(counts) != n:
        raise RulesError("hands_per_seat", "Give one entry (or null) per seat: %(seats)s.", rule=rule, seats=n)
    final: list[int] = []
    for seat in range(n):
        if hands[seat] is not None:
            play = reveal(play, seat, hands[seat] or ())
        value = _checked_count(state, play, seat, counts[seat])
        if value is None:
            raise RulesError(
                "hand_required",
                "Give %(name)s's remaining cards or count.",
                rule=rule,
                seat=seat,
                name=state.players[seat],
            )
        final.append(value)
    end, by = pending
    counts_t = tuple(final)
    v = state.variants
    settlement = settle_drop(by, counts_t, v) if end == DROP else settle_stock(counts_t, v)
    return _finish(state, play, end, by, settlement, counts_t)


def _checked_count(state: TonkState, play: Play, seat: int, value: int | None) -> int | None:
    """A seat's count: its cards' when all are known (a given count must agree), else the given count,
    which must be possible for the cards it holds (§6.1); ``None`` when neither is known."""
    v = state.variants
    held = play.held[seat]
    if held.fully_known:
        known = count(held.known, v)
        if value is not None and value != known:
            raise RulesError(
                "count_mismatch",
                "%(name)s's cards count %(count)s, not %(given)s.",
                rule="tonk.md §6.1",
                seat=seat,
                name=state.players[seat],
                count=known,
                given=value,
            )
        return known
    if value is None:
        return None
    base = count(held.known, v)
    # the unknown cards are cards nobody has seen: five of them count 6 at the least, not 5 (§1.3)
    low, high = (base + bound for bound in count_range(held.unknown, dict(play.seen), v))
    if not low <= value <= high:
        raise RulesError(
            "impossible_count",
            "%(name)s holds %(cards)s cards; their count must be %(low)s–%(high)s, not %(count)s.",
            rule="tonk.md §6.1",
            seat=seat,
            count=value,
            name=state.players[seat],
            cards=held.size,
            low=low,
            high=high,
        )
    return value
