"""The deal and the auction, card by card (rules/thousand.md §3, §4)."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.protocol import JSON
from scoring.thousand.events import Bid, Deal, LookAtHand, Pass
from scoring.thousand.match import current_seating, is_silenced, minimum_bid, on_barrel
from scoring.thousand.result_entry import fail, fix_dealer, on_step
from scoring.thousand.rules import DECK, TOTAL_POINTS, hand_size, marriage_value, pairs_in, rule
from scoring.thousand.state import DealState, ThousandState, dealt_of, evolve

DECK_SET = frozenset(DECK)


def start_deal(state: ThousandState, e: Deal) -> ThousandState:
    """§3: a new deal; hands (each seat's, or only some) and talon are optional."""
    state = fix_dealer(state, e.dealer)
    seat = current_seating(state)
    n_active = len(seat.active)
    talon_size = 4 if n_active == 2 else 3
    hands: tuple[frozenset[Card] | None, ...] | None = None
    talon = e.talon
    if talon is not None and (len(talon) != talon_size or len(set(talon)) != talon_size or not set(talon) <= DECK_SET):
        raise fail("bad_talon", "The talon is %(count)s different cards of the 24-card deck.", "§3", count=talon_size)
    if e.hands is not None:
        if len(e.hands) != state.seats:
            raise fail("hands_per_seat", "Give a hand for each of the %(seats)s seats.", "§3", seats=state.seats)
        size = hand_size(n_active)
        seen: set[Card] = set(talon or ())
        for s, cards in enumerate(e.hands):
            if cards is None:
                continue  # §16.1: this seat's cards are not known (partially known hands)
            want = size if s in seat.active else 0
            if len(cards) != want or len(set(cards)) != want:
                raise fail(
                    "bad_hand",
                    "%(name)s is dealt %(count)s different cards, not %(given)s.",
                    "§3",
                    seat=s,
                    name=state.name(s),
                    count=want,
                    given=len(cards),
                )
            if not set(cards) <= DECK_SET or seen & set(cards):
                raise fail(
                    "bad_hand",
                    "%(name)s's hand repeats a card or is not from the deck.",
                    "§3",
                    seat=s,
                    name=state.name(s),
                )
            seen |= set(cards)
        rest = DECK_SET - seen
        missing = [s for s in seat.active if e.hands[s] is None]
        given = list(e.hands)
        if len(missing) == 1 and talon is not None:
            # Every other hand and the talon are known: the last hand is the rest of the deck.
            given[missing[0]] = tuple(c for c in DECK if c in rest)
            rest = frozenset()
        complete = all(given[s] is not None for s in seat.active)
        piles = n_active == 2 and state.variants.two_player_talons == "choose_one"
        if complete and talon is None and piles:
            pass  # §3.3: the 4 cards left are known, but not which pile is which (take_talon names them)
        elif complete and talon is None:
            talon = tuple(c for c in DECK if c in rest)
        elif complete and rest:
            raise fail("bad_hand", "Hands and talon together are not the 24-card deck.", "§3")
        known = [
            frozenset(h) if h is not None else (frozenset() if s not in seat.active else None)
            for s, h in enumerate(given)
        ]
        hands = tuple(known) if any(known[s] is not None for s in seat.active) else None
    deal = DealState(
        dealer=seat.dealer,
        active=seat.active,
        inactive=seat.inactive,
        phase="bidding",
        hands=hands,
        dealt=hands,
        talon=talon,
        to_act=seat.first,
    )
    return evolve(state, deal=deal)


def _next_bidder(deal: DealState, after: int, passed: frozenset[int]) -> int:
    order = deal.active
    i = order.index(after)
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if s not in passed:
            return s
    return after


def _compulsory(state: ThousandState) -> bool:
    return state.variants.compulsory_bidder == "left_of_dealer"


def check_ceiling(state: ThousandState, seat: int, amount: int, held: Iterable[Card] | None, what: str) -> None:
    """§4.3 (and §9.6 Lviv): whether ``amount`` is allowed to ``seat`` holding ``held`` (None: unknown);
    ``what`` is ``"bid"`` or ``"raise"``."""
    v = state.variants
    if amount <= TOTAL_POINTS:
        return
    if v.lviv and on_barrel(state, seat):
        raise fail(
            "barrel_bid_limit",
            "At the Lviv barrel marriages are worth nothing: at most %(maximum)s.",
            "§9.6",
            maximum=TOTAL_POINTS,
        )
    if v.bid_ceiling == "unlimited":
        return
    cap = TOTAL_POINTS + 280 + v.four_aces_bonus
    if amount > cap:
        raise fail(
            "bid_above_ceiling", "No hand can make %(amount)s: at most %(maximum)s.", "§4.3", maximum=cap, amount=amount
        )
    if held is None:
        return  # proven or not from the record at the end of the deal (§16.2)
    limit = ceiling_for(state, held)
    if amount > limit:
        code = "bid_needs_marriage" if v.bid_ceiling == "marriage_required" else "bid_above_marriages"
        raise fail(
            code,
            "A raise to %(amount)s is above %(maximum)s, the most this hand allows (§4.3)."
            if what == "raise"
            else "A bid of %(amount)s is above %(maximum)s, the most this hand allows (§4.3).",
            "§4.3",
            maximum=limit,
            amount=amount,
        )


def max_bid(state: ThousandState, seat: int, held: Iterable[Card] | None) -> int | None:
    """The highest bid ``seat`` may make (None: no limit the record can check now)."""
    v = state.variants
    if v.lviv and on_barrel(state, seat):
        return TOTAL_POINTS
    if v.bid_ceiling == "unlimited":
        return None
    cap = TOTAL_POINTS + 280 + v.four_aces_bonus
    return cap if held is None else min(cap, ceiling_for(state, held))


def ceiling_for(state: ThousandState, held: Iterable[Card]) -> int:
    """The highest bid a hand allows under ``bid_ceiling`` (§4.3)."""
    v = state.variants
    pairs = pairs_in(held)
    if v.bid_ceiling == "unlimited":
        return 10**6
    if v.bid_ceiling == "marriage_required":
        return TOTAL_POINTS + 280 + v.four_aces_bonus if pairs else TOTAL_POINTS
    return TOTAL_POINTS + sum(marriage_value(s, v) for s in pairs)


def apply_bid(state: ThousandState, deal: DealState, e: Bid) -> ThousandState:
    v = state.variants
    _turn(state, deal, e.seat)
    low = minimum_bid(state)
    opening = not deal.bids
    if opening and e.amount < low:
        raise fail("bid_below_minimum", "The opening bid is at least %(minimum)s.", "§4.1", minimum=low)
    if not opening and e.amount <= deal.high:
        raise fail("bid_not_higher", "A bid must exceed %(current)s.", "§4.2", current=deal.high)
    if not on_step(state, e.amount):
        step = v.step_at(e.amount)
        raise fail(
            "bid_off_step", "Bids are multiples of %(step)s; %(amount)s is not.", "§4.2", step=step, amount=e.amount
        )
    if is_silenced(state, e.seat) and not (opening and e.amount == low and e.seat == deal.active[0]):
        raise fail(
            "silenced_player_bid",
            "%(name)s is silenced and may not bid (§4.5).",
            "§4.5",
            seat=e.seat,
            name=state.name(e.seat),
        )
    blind_seats = deal.blind_seats
    looked = deal.looked
    if e.blind:
        if not v.blind_bidding:
            raise fail("blind_not_allowed", "This table does not play blind bids.", "§4.6")
        if e.seat in looked:
            raise fail(
                "blind_after_looking", "%(name)s has looked at the hand.", "§4.6", seat=e.seat, name=state.name(e.seat)
            )
        if v.blind_max_bid is not None and e.amount > v.blind_max_bid:
            raise fail("blind_bid_too_high", "A blind bid may be at most %(maximum)s.", "§4.6", maximum=v.blind_max_bid)
        # §4.6 with blind_max_bid empty: the bid is still judged on the 7 cards held (§4.3), though
        # the bidder has not seen them; unknown hands are judged from the record at the deal's end.
        check_ceiling(state, e.seat, e.amount, dealt_of(deal, e.seat), "bid")
        blind_seats = blind_seats | {e.seat}
    else:
        blind_seats = blind_seats - {e.seat}
        looked = looked | {e.seat}
        held = dealt_of(deal, e.seat)
        check_ceiling(state, e.seat, e.amount, held, "bid")
    bids = (*deal.bids, (e.seat, e.amount, e.blind))
    deal = evolve(deal, bids=bids, high=e.amount, high_bidder=e.seat, blind_seats=blind_seats, looked=looked)
    return _after_auction_step(state, deal, e.seat)


def apply_pass(state: ThousandState, deal: DealState, e: Pass) -> ThousandState:
    _turn(state, deal, e.seat)
    if not deal.bids and e.seat == deal.active[0] and _compulsory(state):
        low = minimum_bid(state)
        raise fail(
            "compulsory_opening",
            "%(name)s must open with at least %(minimum)s (§4.1).",
            "§4.1",
            minimum=low,
            seat=e.seat,
            name=state.name(e.seat),
        )
    deal = evolve(deal, passed=deal.passed | {e.seat})
    return _after_auction_step(state, deal, e.seat)


def apply_look(state: ThousandState, deal: DealState, e: LookAtHand) -> ThousandState:
    if deal.phase != "bidding":
        raise fail("not_bidding", "Looking at the hand matters only during the auction.", "§4.6")
    if e.seat not in deal.blind_seats:
        raise fail("not_blind", "%(name)s is not bidding blind.", "§4.6", seat=e.seat, name=state.name(e.seat))
    return evolve(state, deal=evolve(deal, blind_seats=deal.blind_seats - {e.seat}, looked=deal.looked | {e.seat}))


def _turn(state: ThousandState, deal: DealState, seat: int) -> None:
    if deal.phase != "bidding":
        raise fail("auction_over", "The auction is over.", "§4.2")
    if seat in deal.passed:
        raise fail(
            "already_passed", "%(name)s has passed: passing is final (§4.2).", "§4.2", seat=seat, name=state.name(seat)
        )
    if seat != deal.to_act:
        raise RulesError(
            "not_your_turn",
            "It is %(next)s's turn to bid, not %(name)s's.",
            rule=rule("§4.2"),
            seat=seat,
            name=state.name(seat),
            next=state.name(deal.to_act),
        )


def _after_auction_step(state: ThousandState, deal: DealState, seat: int) -> ThousandState:
    remaining = [s for s in deal.active if s not in deal.passed]
    if deal.bids and len(remaining) == 1 and deal.high_bidder == remaining[0]:
        return evolve(state, deal=_won(state, deal, remaining[0], deal.high))
    if not remaining:
        # §4.1 dealer_if_all_pass: nobody opened, the dealer is stuck with the opening bid.
        return evolve(state, deal=_won(state, deal, deal.dealer, minimum_bid(state)))
    return evolve(state, deal=evolve(deal, to_act=_next_bidder(deal, seat, deal.passed)))


def _won(state: ThousandState, deal: DealState, declarer: int, contract: int) -> DealState:
    v = state.variants
    blind = declarer in deal.blind_seats
    uncontested = len(deal.bids) <= 1 and contract == minimum_bid(state)
    dark = (
        blind
        or {
            "exposed": False,
            "dark_always": True,
            "dark_if_uncontested_100": uncontested,
            "dark_below_threshold": contract < v.dark_talon_threshold,
        }[v.talon_visibility]
    )
    return evolve(
        deal,
        phase="talon",
        declarer=declarer,
        contract=contract,
        blind=blind,
        dark=dark,
        to_act=declarer,
        high=contract,
        high_bidder=declarer,
    )


def bidding_actions(state: ThousandState, deal: DealState) -> list[JSON]:
    v = state.variants
    seat = deal.to_act
    low = minimum_bid(state)
    minimum = low if not deal.bids else deal.high + v.step_at(deal.high + v.bid_step)
    actions: list[JSON] = []
    silenced = is_silenced(state, seat)
    top = max_bid(state, seat, dealt_of(deal, seat))
    if silenced:
        top = minimum if (not deal.bids and seat == deal.active[0]) else 0
    if top is None or minimum <= top:
        actions.append({"type": "bid", "seat": seat, "min": minimum, "max": top, "step": v.step_at(minimum)})
        if v.blind_bidding and seat not in deal.looked:
            cap = v.blind_max_bid
            if top is not None:  # §4.6: a blind bid is held to the same ceiling (§4.3) as an open one
                cap = top if cap is None else min(cap, top)
            if cap is None or minimum <= cap:
                actions.append({"type": "bid", "seat": seat, "blind": True, "min": minimum, "max": cap})
    if deal.bids or seat != deal.active[0] or not _compulsory(state):
        actions.append({"type": "pass", "seat": seat})
    if seat in deal.blind_seats:
        actions.append({"type": "look_at_hand", "seat": seat})
    return actions
