"""Play or pass and the draw, with the stock running out (rules/bourre.md §3.1, §3.2)."""

from __future__ import annotations

import dataclasses

from scoring.bourre import after_draw, lo_no
from scoring.bourre.events import Declare, Draw
from scoring.bourre.session import pay
from scoring.bourre.state import CardDeal, DrawRecord, Session
from scoring.bourre.turns import RULE_DEAL, RULE_DECIDE, expect
from scoring.cards import Card, Suit
from scoring.errors import RulesError
from scoring.explain import Note

RULE_DRAW = "bourre.md §3.2"


def declare(state: Session, event: Declare) -> Session:
    if _dealer_confirms(state, event):
        return _confirm_dealer_alone(state)
    deal = expect(state, "declare", event.seat)
    if any(s == event.seat for s, _ in deal.decisions):
        return _second_chance(state, deal, event)
    lo_no.check_dealer_plays(state, deal, event.seat, event.play)
    v = state.variants
    seat = event.seat
    name = state.players[seat]
    ace = deal.up_card.rank == 14 and v.up_card_owned
    if not event.play and seat == deal.dealer and ace and v.dealer_must_play_on_ace:
        raise RulesError(
            "dealer_must_play_ace", "The up-card is an ace: the dealer must play (§3.1.4).", rule=RULE_DECIDE
        )
    notes = deal.notes
    pool = deal.pool
    up_out = deal.up_out
    ledger, pot = state.ledger, state.pot
    second = deal.second_antes
    if event.play:
        notes += (Note("plays", "%(name)s plays.", seat, name=name),)
        _check_may_stay(state, deal, seat)
        if v.stay_cost:
            ledger, pot, second = pay(ledger, seat, v.stay_cost), pot + v.stay_cost, (*second, seat)
            notes += (
                Note(
                    "second_ante",
                    "%(name)s adds the second ante: %(chips)s (§7)."
                    if v.second_ante
                    else "%(name)s adds a chip to stay: %(chips)s (§7).",
                    seat,
                    name=name,
                    chips=v.stay_cost,
                ),
            )
    else:
        notes += (
            Note("passes", "%(name)s passes: out of this deal, the ante stays in the pot (§3.1.3).", seat, name=name),
        )
        pool += deal.hand  # the folded hand can be recycled (§3.2)
        up_out = up_out or seat == deal.dealer
    # A folded hand goes to the discard pool and may be dealt again (§3.2): it is no longer anyone's.
    hands = deal.hands if event.play else tuple(None if s == seat else h for s, h in enumerate(deal.hands))
    deal = dataclasses.replace(
        deal,
        decisions=(*deal.decisions, (seat, event.play)),
        notes=notes,
        pool=pool,
        up_out=up_out,
        second_antes=second,
        hands=hands,
    )
    state = dataclasses.replace(state, deal=deal, ledger=ledger, pot=pot)
    return _dealer_alone(state)


def _check_may_stay(state: Session, deal: CardDeal, seat: int) -> None:
    """§7 four-card Bourré: a player may stay only holding a trump or a club (checked when known)."""
    hand = deal.hands[seat]
    if not state.variants.indiana or hand is None:
        return
    if not any(c.suit in (deal.trump, Suit.CLUBS) for c in hand):
        raise RulesError(
            "cannot_stay",
            "%(name)s holds neither a trump nor a club and may not stay (§7 four-card Bourré).",
            rule="bourre.md §7",
            seat=seat,
            name=state.players[seat],
        )


def _second_chance(state: Session, deal: CardDeal, event: Declare) -> Session:
    """§7 four-card Bourré: after the draw each player may still fold; staying costs a chip."""
    v = state.variants
    seat, name = event.seat, state.players[event.seat]
    ledger, pot, second = state.ledger, state.pot, deal.second_antes
    hands = deal.hands
    if event.play:
        ledger, pot, second = pay(ledger, seat, v.stay_cost), pot + v.stay_cost, (*second, seat)
        note = Note(
            "stays", "%(name)s stays after the draw and adds %(chips)s (§7).", seat, name=name, chips=v.stay_cost
        )
    else:
        hands = tuple(None if s == seat else h for s, h in enumerate(hands))
        note = Note(
            "folds", "%(name)s folds after the draw: out of this deal, stakes stay in the pot (§7).", seat, name=name
        )
    deal = dataclasses.replace(
        deal,
        second_round=(*deal.second_round, (seat, event.play)),
        second_antes=second,
        hands=hands,
        notes=(*deal.notes, note),
    )
    return dataclasses.replace(state, deal=deal, ledger=ledger, pot=pot)


def _dealer_alone(state: Session) -> Session:
    """§3.1.5 [our default]: everyone before the dealer passed → the dealer plays alone and collects."""
    deal = state.deal
    assert deal is not None
    v = state.variants
    others = [s for s in deal.order if s != deal.dealer]
    decided = dict(deal.decisions)
    if v.all_pass_policy != "dealer_collects" or deal.dealer in decided:
        return state
    if not all(s in decided and not decided[s] for s in others):
        return state
    try:
        _check_may_stay(state, deal, deal.dealer)
    except RulesError:
        return state  # four-card Bourré: a dealer who may not stay decides (and passes) themselves
    note = Note("all_pass_dealer", "Everyone else passed: the dealer plays alone and collects (§3.1.5).", deal.dealer)
    deal = dataclasses.replace(deal, notes=(*deal.notes, note))
    state = dataclasses.replace(state, deal=deal)
    return declare(state, Declare(seat=deal.dealer, play=True))


def _dealer_confirms(state: Session, event: Declare) -> bool:
    """The table taps "play" for a dealer whom everyone else passed to (§3.1.5): the engine has
    already made that dealer the lone player, so the tap is the same outcome, accepted once."""
    deal = state.deal
    if deal is None or not event.play or event.seat != deal.dealer or deal.active != (deal.dealer,):
        return False
    auto = any(n.code == "all_pass_dealer" for n in deal.notes)
    confirmed = any(n.code == "dealer_confirms" for n in deal.notes)
    return auto and not confirmed and not deal.plays


def _confirm_dealer_alone(state: Session) -> Session:
    deal = state.deal
    assert deal is not None
    note = Note(
        "dealer_confirms",
        "%(name)s, the dealer, plays: the same lone-player outcome (§3.1.5).",
        deal.dealer,
        name=state.players[deal.dealer],
    )
    return dataclasses.replace(state, deal=dataclasses.replace(deal, notes=(*deal.notes, note)))


def draw(state: Session, event: Draw) -> Session:
    deal = expect(state, "draw", event.seat)
    v = state.variants
    seat = event.seat
    cap = v.discard_cap(len(deal.seated))
    if not 0 <= event.count <= cap:
        raise RulesError(
            "too_many_discards",
            "A player exchanges 0 to %(maximum)s cards, not %(count)s (§3.1.2, §7).",
            rule=RULE_DECIDE,
            maximum=cap,
            count=event.count,
        )
    if len(event.discarded) > event.count or len(event.received) > event.count:
        raise RulesError(
            "draw_cards_count",
            "At most %(count)s cards are discarded and received.",
            rule=RULE_DRAW,
            count=event.count,
        )
    lo_no.check_keeps_up_card(state, deal, seat, event.discarded, event.count)
    hand = deal.hands[seat]
    _check_draw_cards(state, deal, event, hand)
    take = _check_take(state, deal, event)
    wanted = event.count - take
    from_stock = min(wanted, deal.stock)
    rest = wanted - from_stock
    stock, pool = deal.stock - from_stock, deal.pool
    notes = deal.notes
    if rest:
        if rest > pool:
            raise RulesError("stock_exhausted", "Not enough cards left to serve this draw (§3.2).", rule=RULE_DRAW)
        notes += (
            Note(
                "stock_recycled",
                "Stock ran out: %(from_stock)s from the stock, then %(pool)s discarded/folded cards of players who "
                "already acted are shuffled and %(rest)s dealt from them (§3.2).",
                seat,
                from_stock=from_stock,
                pool=pool,
                rest=rest,
            ),
        )
        stock, pool = pool - rest, 0
    pool += event.count  # this player's discards become recyclable only after they are served
    known = hand is not None and len(event.discarded) == event.count and len(event.received) == wanted
    taken = {deal.up_card} if take else set()
    new_hand = (hand - set(event.discarded)) | set(event.received) | taken if known and hand is not None else None
    thrown = set(event.discarded)
    if event.hand is not None:
        new_hand = after_draw.check(state, deal, event, hand, bool(take))
        thrown |= after_draw.discarded(deal, event, hand, new_hand)
    hands = tuple(new_hand if s == seat else h for s, h in enumerate(deal.hands))
    discards = tuple(d | thrown if s == seat else d for s, d in enumerate(deal.discards))
    # §8: whether the dealer discarded the up-card is public; exchanging all five discards it too.
    up_out = deal.up_out or (seat == deal.dealer and (deal.up_card in thrown or event.count == deal.hand))
    if take:
        up_out = False
        notes += (Note("up_card_taken", "The dealer takes the up-card %(card)s (§7).", seat, card=deal.up_card.pretty),)
    notes += (
        Note(
            "draw",
            "%(name)s exchanges %(count)s (stock left %(stock)s).",
            seat,
            name=state.players[seat],
            count=event.count,
            stock=stock,
        ),
    )
    record = DrawRecord(seat, event.count, event.discarded, event.received, from_stock, rest)
    deal = dataclasses.replace(
        deal,
        draws=(*deal.draws, record),
        stock=stock,
        pool=pool,
        hands=hands,
        discards=discards,
        up_out=up_out,
        notes=notes,
    )
    return dataclasses.replace(state, deal=deal)


def _check_take(state: Session, deal: CardDeal, event: Draw) -> int:
    """§7 ``separate_card_dealer_may_take``: the dealer may take the up-card as a replacement."""
    if not event.take_up_card:
        return 0
    allowed = state.variants.trump_source == "separate_card_dealer_may_take"
    if not allowed or event.seat != deal.dealer or event.count < 1:
        raise RulesError(
            "take_up_card_not_allowed",
            "Only the dealer, exchanging at least one card, may take the up-card, and only under "
            "trump_source = separate_card_dealer_may_take (§7).",
            rule="bourre.md §7",
        )
    return 1


def _check_draw_cards(state: Session, deal: CardDeal, event: Draw, hand: frozenset[Card] | None) -> None:
    for card in event.discarded:
        if hand is not None and card not in hand:
            raise RulesError(
                "card_not_in_hand",
                "%(card_pretty)s is not in this hand.",
                rule=RULE_DRAW,
                card=str(card),
                card_pretty=card.pretty,
            )
        if hand is None and card == deal.up_card and event.seat != deal.dealer and not deal.up_out:
            raise RulesError("card_in_other_hand", "The up-card is the dealer's.", rule=RULE_DEAL, card=str(card))
    ownerless = not state.variants.up_card_owned and deal.up_out
    for card in event.received:
        if card.is_joker or card in event.discarded:
            raise RulesError(
                "impossible_card",
                "%(card_pretty)s cannot be received here.",
                rule=RULE_DRAW,
                card=str(card),
                card_pretty=card.pretty,
            )
        if card == deal.up_card and (ownerless or not deal.up_out):
            raise RulesError(
                "card_in_other_hand",
                "%(card_pretty)s is the up-card: the dealer's, or face up on the table (§2.6, §7).",
                rule=RULE_DEAL,
                card=str(card),
                card_pretty=card.pretty,
            )
        for other, held in enumerate(deal.hands):
            if held is not None and card in held and other != event.seat:
                raise RulesError(
                    "card_in_other_hand",
                    "%(card_pretty)s is in another player's hand.",
                    rule=RULE_DRAW,
                    card=str(card),
                    card_pretty=card.pretty,
                )
        if hand is not None and card in hand - set(event.discarded):
            raise RulesError(
                "duplicate_card",
                "%(card_pretty)s is already in this hand.",
                rule=RULE_DRAW,
                card=str(card),
                card_pretty=card.pretty,
            )
