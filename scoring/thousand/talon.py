"""Talon, exchange, raise, give-ups and redeal claims, card by card (rules/thousand.md §4.4, §5, §8)."""

from __future__ import annotations

from scoring.cards import JACK, Card
from scoring.errors import RulesError
from scoring.explain import N_
from scoring.thousand.bidding import DECK_SET, check_ceiling
from scoring.thousand.deal_scoring import Outcome, score_deal
from scoring.thousand.events import ClaimRedeal, Discard, GiveCard, GiveUp, RaiseContract, TakeTalon
from scoring.thousand.match import current_seating, is_silenced, minimum_bid, throw_in
from scoring.thousand.result_entry import check_give_up, fail, on_step, throw_in_allowed
from scoring.thousand.rules import points_of, rule
from scoring.thousand.state import DealState, ThousandState, evolve, hand_of, known_holder

BEFORE_PLAY = ("talon", "exchange", "discard", "declare")


def _declarer(state: ThousandState, deal: DealState, seat: int, phases: tuple[str, ...], what: str) -> int:
    """``what``: the template of the ``wrong_phase`` error (marked with ``N_`` by the caller)."""
    if deal.phase not in phases:
        raise fail("wrong_phase", what, "§5.1", phase=deal.phase)
    if deal.declarer is None or seat != deal.declarer:
        raise RulesError(
            "not_declarer",
            "Only the declarer (%(declarer)s) may do this."
            if deal.declarer is not None
            else "Only the declarer may do this.",
            rule=rule("§5.1"),
            seat=seat,
            name=state.name(seat),
            declarer=state.name(deal.declarer),
        )
    return seat


def apply_take_talon(state: ThousandState, deal: DealState, e: TakeTalon) -> ThousandState:
    seat = _declarer(state, deal, e.seat, ("talon",), N_("The talon cannot be taken at this point of the deal."))
    two = len(deal.active) == 2
    cards = e.cards
    if two and state.variants.two_player_talons == "both":
        # §3.3 [U] variant: the declarer takes both piles (14 cards) and lays four aside.
        if e.pile is not None:
            raise fail("no_pile_choice", "The declarer takes both talon piles here (§3.3).", "§3.3")
        known = deal.talon
        size = 4
    elif two:
        if e.pile not in (0, 1):
            raise fail("pile_required", "With two players the declarer picks pile 0 or pile 1 (§3.3).", "§3.3")
        known = deal.talon[2 * e.pile : 2 * e.pile + 2] if deal.talon is not None else None
        size = 2
    else:
        if e.pile is not None:
            raise fail("no_piles", "Only the two-player game has two talon piles.", "§3.3")
        known = deal.talon
        size = 3
    if cards is not None:
        if len(cards) != size or len(set(cards)) != size or not set(cards) <= DECK_SET:
            raise fail("bad_talon", "The talon taken is %(count)s different cards.", "§5.1", count=size)
        if known is not None and set(cards) != set(known):
            raise fail("talon_mismatch", "These are not the talon cards that were dealt.", "§5.1")
        if any(known_holder(deal, c) is not None for c in cards):
            raise fail("talon_mismatch", "These are not the talon cards that were dealt.", "§5.1")
    taken = tuple(known) if known is not None else cards
    if taken is None and state.seats == 4 and state.variants.four_player_inactive_bonus != "none":
        raise fail("talon_required", "Give the talon cards: the sitting-out player scores from them.", "§3.2")
    hands = deal.hands
    held = hand_of(deal, seat)
    if hands is not None and held is not None:
        # A known declarer taking a talon whose cards are not entered no longer has a known hand.
        new = held | set(taken) if taken is not None else None
        hands = tuple(new if s == seat else h for s, h in enumerate(hands))
    phase = "discard" if two else "exchange"
    talon = deal.talon if deal.talon is not None or two else taken
    deal = evolve(deal, phase=phase, hands=hands, talon_known=taken, talon=talon, pile=e.pile)
    return evolve(state, deal=deal)


def _remove(
    state: ThousandState, deal: DealState, seat: int, cards: tuple[Card, ...]
) -> tuple[frozenset[Card] | None, ...] | None:
    hands = deal.hands
    held = hand_of(deal, seat)
    if hands is None or held is None:
        return hands
    for card in cards:
        if card not in held:
            raise fail(
                "card_not_in_hand",
                "%(name)s does not hold %(card)s.",
                "§5.1",
                card=card.pretty,
                seat=seat,
                name=state.name(seat),
            )
    return tuple(held - set(cards) if s == seat else h for s, h in enumerate(hands))


def apply_give_card(state: ThousandState, deal: DealState, e: GiveCard) -> ThousandState:
    seat = _declarer(state, deal, e.seat, ("exchange",), N_("A card cannot be given at this point of the deal."))
    if e.to not in deal.active or e.to == seat:
        raise fail(
            "give_to_defender", "%(name)s is not a defender of this deal.", "§5.1", seat=e.to, name=state.name(e.to)
        )
    if any(to == e.to for to, _c in deal.given):
        raise fail(
            "already_given",
            "%(name)s already has a card from the declarer.",
            "§5.1",
            seat=e.to,
            name=state.name(e.to),
        )
    hands = deal.hands
    if e.card is None:
        if hand_of(deal, seat) is not None:
            raise fail("card_required", "The hands are known: say which card is given.", "§5.1")
        if hand_of(deal, e.to) is not None:
            # §16.1: a seat whose hand is known stays known only if the card it receives is given.
            raise fail(
                "card_required",
                "%(name)s's hand is known: say which card is given to them.",
                "§5.1",
                seat=e.to,
                name=state.name(e.to),
            )
    else:
        if any(c == e.card for _to, c in deal.given):
            raise fail("card_already_given", "%(card)s was already given.", "§5.1", card=e.card.pretty)
        holder = known_holder(deal, e.card)
        if hand_of(deal, seat) is None and holder is not None and holder != seat:
            raise fail("card_not_in_hand", "The record puts %(card)s in another hand.", "§16.1", card=e.card.pretty)
        hands = _remove(state, deal, seat, (e.card,))
        received = hand_of(deal, e.to)
        if hands is not None and received is not None:
            hands = tuple(received | {e.card} if s == e.to else h for s, h in enumerate(hands))
    given = (*deal.given, (e.to, e.card))
    phase = "declare" if len(given) == len(deal.active) - 1 else "exchange"
    return evolve(state, deal=evolve(deal, hands=hands, given=given, phase=phase))


def apply_discard(state: ThousandState, deal: DealState, e: Discard) -> ThousandState:
    seat = _declarer(state, deal, e.seat, ("discard",), N_("Cards cannot be laid aside at this point of the deal."))
    count = 4 if state.variants.two_player_talons == "both" else 2
    if len(e.cards) != count or len(set(e.cards)) != count:
        if count == 4:
            raise fail(
                "discard_four", "Holding both talons, the declarer lays four different cards aside (§3.3).", "§3.3"
            )
        raise fail("discard_two", "The declarer lays exactly two different cards aside (§3.3).", "§3.3")
    if not set(e.cards) <= DECK_SET or any(c in deal.played for c in e.cards):
        raise fail("bad_discard", "The cards laid aside are cards of the deck not yet played.", "§3.3")
    if hand_of(deal, seat) is None:
        for card in e.cards:
            holder = known_holder(deal, card)
            if holder is not None and holder != seat:
                raise fail("card_not_in_hand", "The record puts %(card)s in another hand.", "§16.1", card=card.pretty)
    hands = _remove(state, deal, seat, e.cards)
    return evolve(state, deal=evolve(deal, hands=hands, discards=e.cards, phase="declare"))


def apply_raise(state: ThousandState, deal: DealState, e: RaiseContract) -> ThousandState:
    v = state.variants
    seat = _declarer(state, deal, e.seat, ("declare",), N_("The contract cannot be raised at this point of the deal."))
    if not v.raise_after_talon:
        raise fail("raise_not_allowed", "This table does not raise after the talon.", "§4.4")
    if deal.blind:
        raise fail("blind_cannot_raise", "A blind contract cannot be raised (§4.6).", "§4.6")
    if e.amount <= deal.contract:
        raise fail(
            "contract_not_raised", "A raise must exceed %(current)s; never lower.", "§4.4", current=deal.contract
        )
    if not on_step(state, e.amount):
        step = v.step_at(e.amount)
        raise fail("bid_off_step", "%(amount)s is not a multiple of %(step)s.", "§4.4", step=step, amount=e.amount)
    if is_silenced(state, seat):
        raise fail(
            "silenced_player_bid",
            "%(name)s is silenced and may not raise (§4.5).",
            "§4.5",
            seat=seat,
            name=state.name(seat),
        )
    check_ceiling(state, seat, e.amount, hand_of(deal, seat), "raise")
    return evolve(state, deal=evolve(deal, contract=e.amount, raised=True))


def check_give_up_now(state: ThousandState, deal: DealState, seat: int, kind: str) -> None:
    """Whether the declarer may give up this way at this point of the deal (§5.2, §8)."""
    _declarer(state, deal, seat, BEFORE_PLAY, N_("The declarer cannot give up at this point of the deal."))
    if kind in ("rospisat", "spisat", "dark_give_up") and deal.phase == "talon":
        raise fail("talon_first", "The declarer gives up after taking the talon (§8.1).", "§8.1")
    if kind == "dark_give_up" and not deal.dark:
        raise fail("dark_give_up_not_allowed", "The talon was not taken dark.", "§5.2")
    if kind in ("bomb", "dark_give_up") and (len(deal.bids) > 1 or deal.raised):
        raise fail(f"{kind}_needs_uncontested", "This needs the compulsory bid, uncontested.", "§8.2")
    check_give_up(state, current_seating(state), kind, seat, deal.contract)


def give_up_allowed(state: ThousandState, deal: DealState, seat: int, kind: str) -> bool:
    try:
        check_give_up_now(state, deal, seat, kind)
    except RulesError:
        return False
    return True


def apply_give_up(state: ThousandState, deal: DealState, e: GiveUp) -> ThousandState:
    seat = e.seat
    check_give_up_now(state, deal, seat, e.kind)
    talon = deal.talon_known if deal.talon_known is not None else deal.talon
    if talon is None and state.seats == 4 and state.variants.four_player_inactive_bonus != "none":
        raise fail("talon_required", "Give the talon cards: the sitting-out player scores from them.", "§3.2")
    outcome = Outcome(e.kind, seat, deal.contract, deal.active, deal.inactive, deal.blind, talon=talon, mode="cards")
    return score_deal(state, outcome)


def apply_claim_redeal(state: ThousandState, deal: DealState | None, e: ClaimRedeal) -> ThousandState:
    """§5.3 redeal claims, checked against the claimant's cards where the rule needs them."""
    v = state.variants
    reason = e.reason
    throw_in_allowed(state, reason)
    if reason == "renege_replay":
        raise fail("not_a_claim", "A renege replay follows from a proof, not a claim.", "§16.4")
    if reason in ("misdeal", "bottom_card"):
        if deal is not None and deal.phase not in ("bidding", *BEFORE_PLAY):
            raise fail("wrong_phase", "Play has begun: too late to throw the deal in.", "§5.3")
        return throw_in(state, reason, e.seat, "cards")
    if deal is None:
        raise fail("no_deal", "Record the deal before a redeal claim.", "§5.3")
    seat = e.seat
    if seat is None or seat not in deal.active:
        raise fail("claimant_required", "Say which active seat claims the redeal.", "§5.3")
    if reason == "low_talon":
        if seat != deal.declarer or deal.phase not in ("exchange", "discard", "declare"):
            raise fail("wrong_phase", "The declarer claims a low talon after taking it.", "§5.3")
        if deal.talon_known is None:
            raise fail("talon_required", "Give the talon cards to claim a low talon.", "§5.3")
        threshold = v.low_talon_redeal or 0
        value = points_of(deal.talon_known)
        if value >= threshold:
            raise fail(
                "claim_not_valid",
                "The talon holds %(value)s points, not fewer than %(threshold)s.",
                "§5.3",
                value=value,
                threshold=threshold,
            )
        if v.low_talon_min_bid_only and deal.contract != minimum_bid(state):
            raise fail("claim_not_valid", "A low-talon redeal only on the minimum contract.", "§5.3")
        return throw_in(state, reason, seat, "cards")
    if deal.phase != "declare":
        raise fail("wrong_phase", "This claim is made after the exchange, before the first lead.", "§5.3")
    hand = _claimant_hand(state, deal, seat, e.hand)
    nines = [c for c in hand if c.rank == 9]
    if reason in ("four_nines", "three_nines"):
        need = 3 if v.four_nines_redeal == "three_nines" else 4
        if len(nines) < need:
            raise fail(
                "claim_not_valid",
                "%(name)s holds %(count)s nines, not %(need)s.",
                "§5.3",
                seat=seat,
                name=state.name(seat),
                count=len(nines),
                need=need,
            )
        if v.four_nines_redeal == "original_hand_only":
            received = [c for to, c in deal.given if to == seat]
            if received and received[0] is not None and received[0].rank == 9 and len(nines) - 1 < need:
                raise fail("claim_not_valid", "The fourth nine was passed by the declarer (§5.3).", "§5.3")
    elif reason == "weak_hand":
        threshold = v.weak_hand_redeal or 0
        value = points_of(hand)
        if value >= threshold:
            raise fail(
                "claim_not_valid",
                "The hand holds %(value)s points, not fewer than %(threshold)s.",
                "§5.3",
                value=value,
                threshold=threshold,
            )
        overbid = any(s == seat and amount > minimum_bid(state) for s, amount, _b in deal.bids)
        if v.weak_hand_requires_no_overbid and overbid:
            raise fail(
                "claim_not_valid", "%(name)s bid above the minimum (§5.3).", "§5.3", seat=seat, name=state.name(seat)
            )
    elif reason == "four_jacks" and sum(1 for c in hand if c.rank == JACK) < 4:
        raise fail("claim_not_valid", "%(name)s does not hold four jacks.", "§5.3", seat=seat, name=state.name(seat))
    return throw_in(state, reason, seat, "cards")


def _claimant_hand(state: ThousandState, deal: DealState, seat: int, hand: tuple[Card, ...] | None) -> frozenset[Card]:
    """§16.3: the claimant's cards, from the record or entered with the claim (and consistent)."""
    known = hand_of(deal, seat)
    if known is not None:
        if hand is not None and set(hand) != known:
            raise fail("hand_mismatch", "That is not %(name)s's hand.", "§16.3", seat=seat, name=state.name(seat))
        return known
    if hand is None:
        raise fail("hand_required", "The hands were not recorded: enter the claimant's cards (§16.3).", "§16.3")
    for held in hand:
        holder = known_holder(deal, held)
        if holder is not None and holder != seat:
            raise fail("hand_mismatch", "The record puts %(card)s in another hand.", "§16.3", card=held.pretty)
    size = 10 if len(deal.active) == 2 else 8
    if len(hand) != size or len(set(hand)) != size or not set(hand) <= DECK_SET:
        raise fail("bad_hand", "A hand after the exchange is %(count)s different cards.", "§16.3", count=size)
    for to, card in deal.given:
        if card is not None and (to == seat) != (card in hand):
            raise fail(
                "hand_mismatch",
                "%(card)s was given to %(name)s.",
                "§16.3",
                card=card.pretty,
                seat=to,
                name=state.name(to),
            )
    return frozenset(hand)
