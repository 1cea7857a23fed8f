"""Dealing and passing a hand recorded card by card (rules/hearts.md §1.4, §2.2)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.hearts.deal import deal_config
from scoring.hearts.events import Deal, PassCards
from scoring.hearts.hand import Hand, start_knowledge
from scoring.hearts.passing import pass_direction, pass_target
from scoring.hearts.state import HeartsState
from scoring.tricks import Trick

DEAL = "hearts.md §1.4"
PASS = "hearts.md §2.2"


def _check_cards(hand_cards: Iterable[Card], pack: frozenset[Card], taken: set[Card], name: str | None) -> None:
    """``name``: the player dealt the cards, ``None`` for the kitty."""
    for card in hand_cards:
        if card not in pack:
            raise RulesError(
                "card_not_in_pack",
                "%(card)s (dealt to %(name)s) is not in this pack."
                if name
                else "%(card)s (kitty) is not in this pack.",
                rule=DEAL,
                card=card.pretty,
                name=name or "",
            )
        if card in taken:
            raise RulesError("duplicate_card", "%(card)s is dealt twice.", rule=DEAL, card=card.pretty)
        taken.add(card)


def deduce(
    known: tuple[frozenset[Card], ...], complete: tuple[bool, ...], kitty: frozenset[Card] | None, pack: frozenset[Card]
) -> tuple[tuple[frozenset[Card], ...], tuple[bool, ...], frozenset[Card] | None]:
    """Fill in the one hand (or the kitty) that the other known cards determine."""
    missing = [s for s, done in enumerate(complete) if not done]
    placed = frozenset(c for cards in known for c in cards)
    if len(missing) == 1 and kitty is not None:
        seat = missing[0]
        others = frozenset(c for s, cards in enumerate(known) if s != seat for c in cards)
        known = tuple(pack - others - kitty if s == seat else cards for s, cards in enumerate(known))
        complete = (True,) * len(known)
    elif not missing and kitty is None:
        kitty = pack - placed
    return known, complete, kitty


def apply_deal(state: HeartsState, event: Deal) -> HeartsState:
    if state.current is not None:
        raise RulesError(
            "hand_in_progress", "Hand %(hand)s is still being played.", rule="hearts.md §2.1", hand=state.hand_number
        )
    seats = state.seats
    config = deal_config(state.variants, seats)
    hands = event.hands if event.hands is not None else (None,) * seats
    if len(hands) != seats:
        raise RulesError(
            "hands_per_seat", "Give one hand (or null) for each of the %(seats)s seats.", rule=DEAL, seats=seats
        )
    taken: set[Card] = set()
    for seat, cards in enumerate(hands):
        if cards is None:
            continue
        if len(cards) != config.per_player:
            raise RulesError(
                "wrong_hand_size",
                "%(name)s is dealt %(expected)s cards with %(seats)s players, not %(given)s.",
                rule=DEAL,
                seat=seat,
                expected=config.per_player,
                name=state.players[seat],
                seats=seats,
                given=len(cards),
            )
        _check_cards(cards, config.pack, taken, state.players[seat])
    kitty: frozenset[Card] | None = None
    if config.kitty_size == 0:
        kitty = frozenset()
        if event.kitty:
            raise RulesError("no_kitty", "This table deals no kitty.", rule="hearts.md §2.4")
    elif event.kitty is not None:
        if len(event.kitty) != config.kitty_size:
            raise RulesError(
                "wrong_kitty_size",
                "The kitty holds %(expected)s cards, not %(given)s.",
                rule="hearts.md §2.4",
                expected=config.kitty_size,
                given=len(event.kitty),
            )
        _check_cards(event.kitty, config.pack, taken, None)
        kitty = frozenset(event.kitty)
    known = tuple(frozenset(cards or ()) for cards in hands)
    complete = tuple(cards is not None for cards in hands)
    known, complete, kitty = deduce(known, complete, kitty, config.pack)
    direction = pass_direction(state.variants, seats, state.hand_number)
    hand = Hand(
        number=state.hand_number,
        dealer=state.dealer,
        direction=direction,
        seats=seats,
        config=config,
        kitty=kitty if config.kitty_size else None,
        phase="pass",
        dealt_known=known,
        dealt_complete=complete,
        passes=(None,) * seats,
        passed=(False,) * seats,
        players=tuple(state.players),
    )
    if direction == "hold":
        hand = start_play(hand, state, known, complete)
    return dataclasses.replace(state, current=hand)


def start_play(hand: Hand, state: HeartsState, known: tuple[frozenset[Card], ...], complete: tuple[bool, ...]) -> Hand:
    """The position before the first card: nothing played, hands as after the pass."""
    seats = hand.seats
    kitty = hand.kitty if hand.config.kitty_size else frozenset()
    known, complete, kitty = deduce(known, complete, kitty, hand.config.pack)
    leader = (hand.dealer + 1) % seats if state.variants.first_lead == "left_of_dealer" else None
    return dataclasses.replace(
        hand,
        phase="play",
        kitty=kitty if hand.config.kitty_size else None,
        start_known=known,
        start_complete=complete,
        known=known,
        complete=complete,
        played=((),) * seats,
        trick=Trick(leader) if leader is not None else None,
        points=(0,) * seats,
        tricks_won=(0,) * seats,
        knowledge=start_knowledge(known, kitty if hand.config.kitty_size else None),
    )


def apply_pass(state: HeartsState, event: PassCards) -> HeartsState:
    hand = state.current
    if hand is None:
        raise RulesError("no_hand_dealt", "Record the deal before the pass.", rule="hearts.md §2.1")
    if hand.direction == "hold":
        raise RulesError(
            "no_pass_on_hold_hand", "Hand %(hand)s is a hold hand: no cards are passed.", rule=PASS, hand=hand.number
        )
    if hand.phase != "pass":
        raise RulesError("pass_finished", "Every seat has passed; play has begun.", rule=PASS)
    seat = event.seat
    if not 0 <= seat < hand.seats:
        raise RulesError(
            "no_such_seat",
            "There is no seat %(seat)s at this table (seats 0–%(last)s).",
            rule=PASS,
            seat=seat,
            last=hand.seats - 1,
        )
    if hand.passed[seat]:
        raise RulesError("already_passed", "%(name)s has already passed.", rule=PASS, seat=seat, name=hand.name(seat))
    cards = event.cards
    _check_declines(hand, seat, declining=cards == ())
    if cards is not None:
        _check_pass_cards(state, hand, seat, cards)
    passes = tuple(cards if s == seat else p for s, p in enumerate(hand.passes))
    passed = tuple(True if s == seat else p for s, p in enumerate(hand.passed))
    hand = dataclasses.replace(hand, passes=passes, passed=passed)
    if all(passed):
        hand = _after_pass(state, hand)
    return dataclasses.replace(state, current=hand)


def _check_declines(hand: Hand, seat: int, *, declining: bool) -> None:
    """[our reading of optional_pass, §2.2 rule 5] hands must stay the same size, so a pass is
    declined by the whole table or not at all: the first seat's choice binds the others."""
    for other, done in enumerate(hand.passed):
        if done and (hand.passes[other] == ()) != declining:
            raise RulesError(
                "optional_pass_all_or_none",
                "%(other)s declined the pass: every player must do the same, or hands would end up different sizes."
                if hand.passes[other] == ()
                else "%(other)s made the pass: every player must do the same, or hands would end up different sizes.",
                rule=PASS,
                seat=seat,
                other=hand.name(other),
            )


def _check_pass_cards(state: HeartsState, hand: Hand, seat: int, cards: tuple[Card, ...]) -> None:
    count = state.variants.pass_count
    if not cards and state.variants.optional_pass:
        return
    if len(cards) != count:
        raise RulesError(
            "wrong_pass_count",
            "Each player passes %(expected)s cards, not %(given)s (this table allows declining with an empty pass)."
            if state.variants.optional_pass
            else "Each player passes %(expected)s cards, not %(given)s.",
            rule=PASS,
            expected=count,
            given=len(cards),
        )
    if len(set(cards)) != len(cards):
        raise RulesError("duplicate_card", "The same card is passed twice.", rule=PASS)
    for card in cards:
        if card not in hand.config.pack:
            raise RulesError("card_not_in_pack", "%(card)s is not in this pack.", rule=DEAL, card=card.pretty)
        if hand.dealt_complete[seat] and card not in hand.dealt_known[seat]:
            raise RulesError(
                "card_not_in_hand",
                "%(name)s was not dealt %(card)s.",
                rule=PASS,
                card=card.pretty,
                seat=seat,
                name=hand.name(seat),
            )
        holders = [s for s, known in enumerate(hand.dealt_known) if s != seat and card in known]
        holders += [s for s, given in enumerate(hand.passes) if given and card in given]
        if holders or (hand.kitty and card in hand.kitty):
            raise RulesError(
                "card_not_in_hand",
                "%(card)s belongs to %(holder_name)s, not %(name)s."
                if holders
                else "%(card)s is in the kitty, not with %(name)s.",
                rule=PASS,
                card=card.pretty,
                name=hand.name(seat),
                holder_name=hand.name(holders[0]) if holders else "",
            )


def _after_pass(state: HeartsState, hand: Hand) -> Hand:
    """Hands after the pass: a seat's hand is known where its own and the incoming pass are."""
    seats = hand.seats
    giver = {pass_target(s, hand.direction, seats): s for s in range(seats)}
    known: list[frozenset[Card]] = []
    complete: list[bool] = []
    for seat in range(seats):
        own, incoming = hand.passes[seat], hand.passes[giver[seat]]
        kept = hand.dealt_known[seat] - frozenset(own) if own is not None else frozenset()
        known.append(kept | frozenset(incoming or ()))
        complete.append(hand.dealt_complete[seat] and own is not None and incoming is not None)
    return start_play(hand, state, tuple(known), tuple(complete))
