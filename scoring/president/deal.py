"""Dealing, redealing and the card exchange (rules/president.md §1.4, §2.2, §2.3, §6.2)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from scoring.cards import JOKER, STANDARD_DECK, Card, format_cards, parse_card
from scoring.errors import RulesError
from scoring.president.events import Deal, Exchange, Redeal
from scoring.president.ranks import FACE_RANKS, exchange_value
from scoring.president.result_entry import check_seat, round_dealer, round_seating
from scoring.president.state import PresidentState, Round
from scoring.president.titles import Transfer, later_leader, left_of
from scoring.president.variants import PresidentVariants


def full_deck(v: PresidentVariants) -> tuple[Card, ...]:
    """The pack of §1.2: one or two decks, with 2 jokers per deck when jokers are used."""
    return STANDARD_DECK * v.decks + (JOKER,) * v.joker_count


def deal_sizes(total: int, seating: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Cards per seat (§1.4): one at a time from the dealer's left; the first ``total mod n``
    players from the dealer's left get one extra card.

    >>> deal_sizes(52, (0, 1, 2, 3, 4), 4)
    (11, 11, 10, 10, 10)
    >>> deal_sizes(54, (0, 1, 2, 3), 3)
    (14, 14, 13, 13)
    """
    n = len(seating)
    sizes = [0] * n
    start = seating.index(dealer) + 1
    for i in range(n):
        seat = seating[(start + i) % n]
        sizes[seat] = total // n + (1 if i < total % n else 0)
    return tuple(sizes)


def _check_hands(state: PresidentState, hands: tuple[tuple[Card, ...], ...], sizes: Sequence[int]) -> None:
    if len(hands) != state.seats:
        raise RulesError(
            "hands_per_seat",
            "Give one hand for each of the %(seats)s seats, not %(given)s.",
            rule="president.md §1.4",
            seats=state.seats,
            given=len(hands),
        )
    for seat, hand in enumerate(hands):
        if len(hand) != sizes[seat]:
            raise RulesError(
                "wrong_hand_size",
                "%(name)s is dealt %(expected)s cards, not %(given)s (president.md §1.4).",
                rule="president.md §1.4",
                seat=seat,
                expected=sizes[seat],
                name=state.players[seat],
                given=len(hand),
            )
    dealt = Counter(c for hand in hands for c in hand)
    pack = Counter(full_deck(state.variants))
    if dealt != pack:
        extra_cards = sorted((dealt - pack).elements(), key=str)
        missing_cards = sorted((pack - dealt).elements(), key=str)
        # Every hand has its size, so the pack's count is right: a card too many means one missing.
        raise RulesError(
            "not_the_deck",
            "The hands must hold exactly the pack of §1.2: extra %(extra_shown)s, missing %(missing_shown)s.",
            rule="president.md §1.2",
            extra=[str(c) for c in extra_cards],
            missing=[str(c) for c in missing_cards],
            extra_shown=" ".join(c.pretty for c in extra_cards) or "—",
            missing_shown=" ".join(c.pretty for c in missing_cards) or "—",
        )


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def holder_from_left(hands: Sequence[Sequence[Card]], card: Card, seating: Sequence[int], dealer: int) -> int:
    """The first holder of ``card`` clockwise from the dealer's left (§2.3, two decks)."""
    start = seating.index(dealer) + 1
    for i in range(len(seating)):
        seat = seating[(start + i) % len(seating)]
        if card in hands[seat]:
            return seat
    raise AssertionError("every card of the pack is dealt")


def apply_deal(state: PresidentState, event: Deal) -> PresidentState:
    """A round dealt (§1.4, §2.1): the dealer and seating, the hands if entered, then the exchange
    owed from the last round (or, in round 1, who leads)."""
    v = state.variants
    if state.current is not None:
        raise RulesError(
            "round_in_progress",
            "Round %(round)s is still being played.",
            rule="president.md §2.1",
            round=state.round_number,
        )
    dealer = round_dealer(state, event.dealer)
    if dealer is None:
        raise RulesError(
            "dealer_required", "Say who deals the first round (random or by cut).", rule="president.md §1.4"
        )
    seating = round_seating(state, event.seating)
    sizes = deal_sizes(len(full_deck(v)), seating, dealer)
    hands = event.hands
    if hands is not None:
        _check_hands(state, hands, sizes)
    elif v.round_end == "count_values":
        raise RulesError(
            "hands_required",
            "Under round_end = count_values the hands must be entered: the values left decide the places.",
            rule="president.md §2.6",
        )
    transfers, titles, to_act, lead_card = _round_opening(state, dealer, seating, hands)
    n = state.seats
    current = Round(
        number=state.round_number,
        dealer=dealer,
        seating=seating,
        sizes=sizes,
        hands=hands,
        transfers=transfers,
        titles=titles,
        phase=_first_phase(state, transfers, hands),
        to_act=to_act,
        places=(None,) * n,
        lead_card=lead_card,
        gave_best=((),) * n,
        received_left=((),) * n,
    )
    return dataclasses.replace(state, current=current)


def _round_opening(
    state: PresidentState, dealer: int, seating: tuple[int, ...], hands: tuple[tuple[Card, ...], ...] | None
) -> tuple[tuple[Transfer, ...], tuple[str, ...] | None, int | None, Card | None]:
    """The exchange owed, last round's titles, who acts first and the card that must lead (round 1:
    first_round_lead; later rounds: later_round_lead, §2.3)."""
    v = state.variants
    last = state.last
    if last is not None:
        return last.next_transfers, last.titles, later_leader(last.order, dealer, seating, v), None
    if v.first_round_lead == "left_of_dealer":
        return (), None, left_of(dealer, seating), None
    lead_card = parse_card("3C" if v.first_round_lead == "three_of_clubs" else "3S")
    to_act = holder_from_left(hands, lead_card, seating, dealer) if hands is not None else None
    return (), None, to_act, lead_card


def _first_phase(
    state: PresidentState, transfers: tuple[Transfer, ...], hands: tuple[tuple[Card, ...], ...] | None
) -> str:
    """Exchange when cards are owed, else play; a redeal when the Scum holds no face card and the
    table redeals then (redeal_if_scum_has_no_face_cards, §1.4)."""
    last = state.last
    no_face = last is not None and hands is not None and not _has_face(hands[last.order[-1]])
    if no_face and state.variants.redeal_if_scum_has_no_face_cards:
        return "redeal_due"
    return "exchange" if transfers else "play"


def _has_face(hand: Sequence[Card]) -> bool:
    return any(not c.is_joker and c.rank in FACE_RANKS for c in hand)


def apply_redeal(state: PresidentState, event: Redeal) -> PresidentState:
    rnd = state.current
    rule = "president.md §1.4"
    if not state.variants.redeal_if_scum_has_no_face_cards:
        raise RulesError("redeal_not_in_use", "This table does not redeal for a Scum without face cards.", rule=rule)
    last = state.last
    if rnd is None or last is None or rnd.done or rnd.played:
        raise RulesError(
            "redeal_not_now",
            "A redeal is claimed after a deal of round 2 or later, before any card is exchanged or played.",
            rule=rule,
        )
    scum = last.order[-1]
    if rnd.hands is not None and _has_face(rnd.hands[scum]):
        raise RulesError(
            "scum_has_face_cards",
            "%(name)s (Scum) holds a J, Q or K: no redeal.",
            rule=rule,
            seat=scum,
            name=state.players[scum],
        )
    return dataclasses.replace(state, current=None, redeals=state.redeals + 1)


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` without ``cards`` (as a multiset), or None if it does not hold them all."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return None
        left.remove(card)
    return tuple(left)


def check_cards_exist(state: PresidentState, cards: Sequence[Card], rule: str) -> None:
    v = state.variants
    for card in cards:
        if card.is_joker and v.jokers == "none":
            raise RulesError(
                "no_such_card", "This table plays without jokers (president.md §1.2).", rule="president.md §1.2"
            )
    for card, count in Counter(cards).items():
        if count > v.copies + (v.joker_count - 1 if card.is_joker else 0):
            raise RulesError(
                "duplicate_card",
                "The pack holds %(pretty)s only %(copies)s time(s).",
                rule=rule,
                card=str(card),
                pretty=card.pretty,
                copies=v.copies,
            )


def apply_exchange(state: PresidentState, event: Exchange) -> PresidentState:
    """One hand-over of the card exchange (§2.2): checked against the next expected transfer, then
    the cards (or their count, with hands unknown) move from giver to receiver."""
    rule = "president.md §2.2"
    rnd = _exchanging_round(state)
    check_seat(state, event.giver, "giver")
    check_seat(state, event.receiver, "receiver")
    expected = rnd.transfers[rnd.done]
    _check_transfer_order(state, rnd, event, expected)
    count = _exchange_count(state, event, expected)
    check_cards_exist(state, event.cards, rule)
    hands = _hands_after_exchange(state, rnd, event, expected)
    if hands is None and expected.kind == "requested" and event.requested and len(event.requested) != count:
        raise RulesError("wrong_request_count", "The President names %(count)s card(s).", rule=rule, count=count)
    return dataclasses.replace(state, current=_round_after_exchange(rnd, event, expected, hands, count))


def _exchanging_round(state: PresidentState) -> Round:
    rnd = state.current
    if rnd is None or rnd.phase == "play":
        raise RulesError("no_exchange_now", "There is no card exchange to record now.", rule="president.md §2.2")
    if rnd.phase == "redeal_due":
        raise RulesError(
            "redeal_required",
            "The Scum holds no J, Q or K: this round must be redealt (redeal_if_scum_has_no_face_cards).",
            rule="president.md §1.4",
        )
    return rnd


def _check_transfer_order(state: PresidentState, rnd: Round, event: Exchange, expected: Transfer) -> None:
    """The hand-over is the next one due, pair by pair from the top (and a request only where asked)."""
    rule = "president.md §2.2"
    names = state.players
    if (event.giver, event.receiver) != (expected.giver, expected.receiver):
        later = any((t.giver, t.receiver) == (event.giver, event.receiver) for t in rnd.transfers[rnd.done :])
        code = "exchange_out_of_order" if later else "no_such_exchange"
        raise RulesError(
            code,
            "Next in the exchange: %(giver)s gives %(receiver)s %(count)s card(s) (pair by pair, top pair first)."
            if later
            else "Next in the exchange: %(giver)s gives %(receiver)s %(count)s card(s); "
            "%(name)s owes %(other)s nothing.",
            rule=rule,
            expected_giver=expected.giver,
            expected_receiver=expected.receiver,
            giver=names[expected.giver],
            receiver=names[expected.receiver],
            count=expected.count,
            name=names[event.giver],
            other=names[event.receiver],
        )
    if event.requested and expected.kind != "requested":
        raise RulesError(
            "no_request_here",
            "Only under exchange_scheme = president_picks does the upper player name cards, and only for the lower "
            "player's hand-over.",
            rule=rule,
        )


def _exchange_count(state: PresidentState, event: Exchange, expected: Transfer) -> int:
    """How many cards change hands: the cards listed, or the count given; exactly the count due."""
    rule = "president.md §2.2"
    cards = event.cards
    if cards and event.count is not None and event.count != len(cards):
        raise RulesError(
            "wrong_exchange_count",
            "count says %(count)s but %(listed)s cards are listed.",
            rule=rule,
            count=event.count,
            listed=len(cards),
        )
    count = len(cards) if cards else event.count
    if count is None:
        raise RulesError("exchange_needs_cards", "Give the cards handed over, or at least their count.", rule=rule)
    if count != expected.count:
        names = state.players
        raise RulesError(
            "wrong_exchange_count",
            "%(name)s hands over exactly %(expected)s card(s) to %(receiver)s, not %(given)s.",
            rule=rule,
            expected=expected.count,
            given=count,
            seat=event.giver,
            name=names[event.giver],
            receiver=names[event.receiver],
        )
    return count


def _hands_after_exchange(
    state: PresidentState, rnd: Round, event: Exchange, expected: Transfer
) -> tuple[tuple[Card, ...], ...] | None:
    """The known hands with the cards moved (the giver must hold them and give what is owed); with
    hands unknown, only that the cards could have been the giver's."""
    hands = rnd.hands
    cards = event.cards
    if hands is None:
        _check_hidden_supply(state, rnd, event.giver, cards)
        return None
    rule = "president.md §2.2"
    if not cards:
        raise RulesError("exchange_cards_required", "The hands are known: list the cards handed over.", rule=rule)
    kept = _remove(hands[event.giver], cards)
    if kept is None:
        raise RulesError(
            "card_not_in_hand",
            "%(name)s does not hold %(cards)s.",
            rule=rule,
            seat=event.giver,
            name=state.players[event.giver],
            cards=_pretty(cards),
        )
    _check_obligation(state, rnd, expected.kind, event, kept)
    new_hands = list(hands)
    new_hands[event.giver] = kept
    new_hands[event.receiver] = hands[event.receiver] + cards
    return tuple(new_hands)


def _round_after_exchange(
    rnd: Round, event: Exchange, expected: Transfer, hands: tuple[tuple[Card, ...], ...] | None, count: int
) -> Round:
    """Sizes, received cards and the best cards given updated; play starts after the last transfer."""
    sizes = list(rnd.sizes)
    sizes[event.giver] -= count
    sizes[event.receiver] += count
    received = [list(r) for r in rnd.received_left]
    for card in event.cards:
        if card in received[event.giver]:
            received[event.giver].remove(card)
        received[event.receiver].append(card)
    gave = list(rnd.gave_best)
    if expected.kind == "best":
        gave[event.giver] = gave[event.giver] + event.cards
    done = rnd.done + 1
    return dataclasses.replace(
        rnd,
        hands=hands,
        sizes=tuple(sizes),
        done=done,
        phase="play" if done == len(rnd.transfers) else "exchange",
        received_left=tuple(tuple(r) for r in received),
        gave_best=tuple(gave),
    )


def _check_hidden_supply(state: PresidentState, rnd: Round, giver: int, cards: Sequence[Card]) -> None:
    """With hidden hands a card already handed to another player cannot be given again (§6.1)."""
    v = state.variants
    for card in set(cards):
        copies = v.joker_count if card.is_joker else v.copies
        elsewhere = sum(rnd.received_left[o].count(card) for o in range(state.seats) if o != giver)
        if elsewhere + cards.count(card) > copies:
            raise RulesError(
                "card_not_in_hand",
                "%(pretty)s is known to be in another player's hand (president.md §6.1).",
                rule="president.md §6.1",
                card=str(card),
                pretty=card.pretty,
            )


def best_cards_ok(hand_before: Sequence[Card], given: Sequence[Card], v: PresidentVariants) -> bool:
    """Whether ``given`` are the best cards of ``hand_before`` (equal ranks: giver's choice, §1.3).

    >>> from scoring.cards import parse_cards
    >>> v = PresidentVariants()
    >>> hand = parse_cards("2S AH AD KC 9D")
    >>> best_cards_ok(hand, parse_cards("2S AD"), v), best_cards_ok(hand, parse_cards("2S KC"), v)
    (True, False)
    """
    values = sorted((exchange_value(c, v) for c in hand_before), reverse=True)
    return sorted((exchange_value(c, v) for c in given), reverse=True) == values[: len(given)]


def _check_obligation(state: PresidentState, rnd: Round, kind: str, event: Exchange, kept: Sequence[Card]) -> None:
    v = state.variants
    names = state.players
    if kind == "best" and not best_cards_ok(tuple(kept) + event.cards, event.cards, v):
        best = sorted(tuple(kept) + event.cards, key=lambda c: exchange_value(c, v), reverse=True)[: len(event.cards)]
        raise RulesError(
            "must_give_best_cards",
            "%(name)s must hand over their best card(s) (%(best_shown)s or equal ranks), not %(cards)s.",
            rule="president.md §2.2",
            seat=event.giver,
            best=format_cards(best),
            name=names[event.giver],
            best_shown=_pretty(best),
            cards=_pretty(event.cards),
        )
    if kind == "requested" and event.requested:
        if len(event.requested) != len(event.cards):
            raise RulesError(
                "wrong_request_count",
                "The President names %(count)s card(s).",
                rule="president.md §2.2",
                count=len(event.cards),
            )
        held = list(tuple(kept) + event.cards)
        given = list(event.cards)
        for card in event.requested:
            if card in held:
                held.remove(card)
                if card not in given:
                    raise RulesError(
                        "must_give_requested_card",
                        "%(name)s holds %(pretty)s, which the President named, and must hand it over.",
                        rule="president.md §2.2",
                        seat=event.giver,
                        card=str(card),
                        name=names[event.giver],
                        pretty=card.pretty,
                    )
                given.remove(card)
