"""Recording a deal card by card (rules/bourre.md §2.6, §3, §5.2, §8).

The deal, each play-or-pass, each draw, every card. With a hand known the engine refuses an illegal
card (a recording correction that costs nothing, §5.3); with hands unknown it proves reneges from
the record (:mod:`scoring.bourre.proofs`).
"""

from __future__ import annotations

import dataclasses

from scoring.bourre.events import Deal, Declare, Draw, PlayCard, Recall, Renege
from scoring.bourre.legality import legal, why_illegal
from scoring.bourre.proofs import describe, proven_reneges
from scoring.bourre.session import close_deal, open_deal, pay
from scoring.bourre.state import CardDeal, DrawRecord, Finding, Note, Session
from scoring.bourre.tricks_view import cinch_view, play_rules, tricks, tricks_won
from scoring.cards import STANDARD_DECK, Card
from scoring.errors import RulesError

RULE_DEAL = "bourre.md §2.6"
RULE_DECIDE = "bourre.md §3.1"
RULE_DRAW = "bourre.md §3.2"
RULE_PLAY = "bourre.md §3.3"
HAND = 5


def start_deal(state: Session, event: Deal) -> Session:
    v = state.variants
    if event.up_card.is_joker:
        raise RulesError("not_in_pack", "Bourré uses a 52-card pack without jokers (§2.2).", rule="bourre.md §2.2")
    pot_before = state.pot
    seated = tuple(sorted(state.seated))
    state, dealer, antes, notes = open_deal(state, event.dealer, event.antes)
    hands = _check_hands(state, event, dealer, seated)
    order = tuple(s for s in ((dealer + i) % state.seats for i in range(1, state.seats + 1)) if s in state.seated)
    stock = 52 - HAND * len(seated) - (0 if v.up_card_owned else 1)
    trump = event.up_card.suit
    assert trump is not None
    notes += (Note("trump", f"Up-card {event.up_card.pretty}: {trump.symbol} are trumps (§2.6).", dealer),)
    deal = CardDeal(
        number=state.deal_number,
        dealer=dealer,
        seated=seated,
        up_card=event.up_card,
        pot_before=pot_before,
        antes=antes,
        order=order,
        hands=hands,
        discards=(frozenset(),) * state.seats,
        stock=stock,
        notes=notes,
    )
    return dataclasses.replace(state, deal=deal)


def _check_hands(
    state: Session, event: Deal, dealer: int, seated: tuple[int, ...]
) -> tuple[frozenset[Card] | None, ...]:
    if event.hands is None:
        return (None,) * state.seats
    if len(event.hands) != state.seats:
        raise RulesError(
            "hands_per_seat",
            f"Give one hand per player ({state.seats}); an empty list means unknown.",
            rule=RULE_DEAL,
        )
    seen: set[Card] = set()
    out: list[frozenset[Card] | None] = []
    owned = state.variants.up_card_owned
    for seat, cards in enumerate(event.hands):
        if not cards:
            out.append(None)
            continue
        if seat not in seated:
            raise RulesError("not_seated", f"{state.players[seat]} is not seated and has no hand.", rule=RULE_DEAL)
        if len(cards) != HAND or len(set(cards)) != HAND:
            raise RulesError("wrong_hand_size", f"A hand is {HAND} different cards (§2.6).", rule=RULE_DEAL, seat=seat)
        for card in cards:
            if card in seen or card.is_joker:
                raise RulesError("duplicate_card", f"{card.pretty} is dealt twice.", rule=RULE_DEAL, card=str(card))
            seen.add(card)
        has_up = event.up_card in cards
        if owned and has_up != (seat == dealer):
            raise RulesError(
                "up_card_belongs_to_dealer",
                f"The up-card {event.up_card.pretty} is one of the dealer's five cards (§2.6).",
                rule=RULE_DEAL,
                seat=seat,
            )
        if not owned and has_up:
            raise RulesError("up_card_in_hand", "Under this trump source nobody holds the up-card.", rule=RULE_DEAL)
        out.append(frozenset(cards))
    return tuple(out)


# -- whose turn -------------------------------------------------------------------------------------


def next_step(state: Session) -> tuple[str, int] | None:
    """``("declare"|"draw"|"play", seat)`` expected next in the current deal, or ``None`` when complete."""
    deal = state.deal
    if deal is None:
        return None
    v = state.variants
    decided = {s for s, _ in deal.decisions}
    drawn = {d.seat for d in deal.draws}
    active = deal.active
    if len(decided) == len(deal.order) and len(active) <= 1:
        return None
    combined = v.decision_mode == "combined_rotation"
    for seat in deal.order:
        if seat not in decided:
            return ("declare", seat)
        if combined and seat in active and seat not in drawn:
            return ("draw", seat)
    for seat in active:
        if seat not in drawn:
            return ("draw", seat)
    if len(deal.plays) >= HAND * len(active):
        return None
    to_play = tricks(deal)[-1].to_play
    assert to_play is not None
    return ("play", to_play)


def _expect(state: Session, kind: str, seat: int) -> CardDeal:
    deal = state.deal
    if deal is None:
        raise RulesError("no_deal", "Record a deal first.", rule=RULE_DEAL)
    step = next_step(state)
    if step is None:
        raise RulesError("deal_complete", "This deal is complete: record the next deal.", rule=RULE_PLAY)
    if step != (kind, seat):
        expected_kind, expected_seat = step
        raise RulesError(
            "not_your_turn",
            f"Next is {state.players[expected_seat]} to {expected_kind}, not {state.players[seat] if 0 <= seat < state.seats else seat} to {kind} (§3.1, §3.3).",
            rule=RULE_PLAY if expected_kind == "play" else RULE_DECIDE,
            expected=expected_seat,
            expected_action=expected_kind,
            seat=seat,
        )
    return deal


# -- play or pass, draw -----------------------------------------------------------------------------


def declare(state: Session, event: Declare) -> Session:
    deal = _expect(state, "declare", event.seat)
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
        notes += (Note("plays", f"{name} plays.", seat),)
        if v.second_ante:
            ledger, pot, second = pay(ledger, seat, v.ante_amount), pot + v.ante_amount, (*second, seat)
            notes += (Note("second_ante", f"{name} adds the second ante: {v.ante_amount} (§7).", seat),)
    else:
        notes += (Note("passes", f"{name} passes: out of this deal, the ante stays in the pot (§3.1.3).", seat),)
        pool += HAND  # the folded hand can be recycled (§3.2)
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
    note = Note("all_pass_dealer", "Everyone else passed: the dealer plays alone and collects (§3.1.5).", deal.dealer)
    deal = dataclasses.replace(deal, notes=(*deal.notes, note))
    state = dataclasses.replace(state, deal=deal)
    return declare(state, Declare(seat=deal.dealer, play=True))


def draw(state: Session, event: Draw) -> Session:
    deal = _expect(state, "draw", event.seat)
    v = state.variants
    seat = event.seat
    cap = v.discard_cap(len(deal.seated))
    if not 0 <= event.count <= cap:
        raise RulesError(
            "too_many_discards",
            f"A player exchanges 0 to {cap} cards, not {event.count} (§3.1.2, §7).",
            rule=RULE_DECIDE,
            maximum=cap,
            count=event.count,
        )
    if len(event.discarded) > event.count or len(event.received) > event.count:
        raise RulesError("draw_cards_count", f"At most {event.count} cards are discarded and received.", rule=RULE_DRAW)
    hand = deal.hands[seat]
    _check_draw_cards(state, deal, event, hand)
    from_stock = min(event.count, deal.stock)
    rest = event.count - from_stock
    stock, pool = deal.stock - from_stock, deal.pool
    notes = deal.notes
    if rest:
        if rest > pool:
            raise RulesError("stock_exhausted", "Not enough cards left to serve this draw (§3.2).", rule=RULE_DRAW)
        notes += (
            Note(
                "stock_recycled",
                f"Stock ran out: {from_stock} from the stock, then {pool} discarded/folded cards of players who "
                f"already acted are shuffled and {rest} dealt from them (§3.2).",
                seat,
            ),
        )
        stock, pool = pool - rest, 0
    pool += event.count  # this player's discards become recyclable only after they are served
    known = hand is not None and len(event.discarded) == event.count and len(event.received) == event.count
    new_hand = (hand - set(event.discarded)) | set(event.received) if known and hand is not None else None
    hands = tuple(new_hand if s == seat else h for s, h in enumerate(deal.hands))
    discards = tuple(d | set(event.discarded) if s == seat else d for s, d in enumerate(deal.discards))
    # §8: whether the dealer discarded the up-card is public; exchanging all five discards it too.
    up_out = deal.up_out or (seat == deal.dealer and (deal.up_card in event.discarded or event.count == HAND))
    notes += (Note("draw", f"{state.players[seat]} exchanges {event.count} (stock left {stock}).", seat),)
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


def _check_draw_cards(state: Session, deal: CardDeal, event: Draw, hand: frozenset[Card] | None) -> None:
    for card in event.discarded:
        if hand is not None and card not in hand:
            raise RulesError("card_not_in_hand", f"{card.pretty} is not in this hand.", rule=RULE_DRAW, card=str(card))
        if hand is None and card == deal.up_card and event.seat != deal.dealer:
            raise RulesError("card_in_other_hand", "The up-card is the dealer's.", rule=RULE_DEAL, card=str(card))
    for card in event.received:
        if card.is_joker or card in event.discarded:
            raise RulesError("impossible_card", f"{card.pretty} cannot be received here.", rule=RULE_DRAW)
        for other, held in enumerate(deal.hands):
            if held is not None and card in held and other != event.seat:
                raise RulesError(
                    "card_in_other_hand", f"{card.pretty} is in another player's hand.", rule=RULE_DRAW, card=str(card)
                )
        if hand is not None and card in hand - set(event.discarded):
            raise RulesError("duplicate_card", f"{card.pretty} is already in this hand.", rule=RULE_DRAW)


# -- the play ---------------------------------------------------------------------------------------


def play_card(state: Session, event: PlayCard) -> Session:
    deal = _expect(state, "play", event.seat)
    v = state.variants
    seat, card = event.seat, event.card
    _check_card_possible(state, deal, seat, card)
    hand = deal.hands[seat]
    trick_list = tricks(deal)
    current = trick_list[-1]
    if hand is not None:
        view = cinch_view(deal, seat, v, trick_list)
        code = why_illegal(card, hand, current.cards, deal.trump, play_rules(v), view)
        if code is not None:
            allowed = legal(hand, current.cards, deal.trump, play_rules(v), view)
            raise RulesError(
                code,
                f"{state.players[seat]} {describe(code)} with {card.pretty}; legal: "
                f"{' '.join(c.pretty for c in allowed)} ({'§3.6' if code.startswith('cinch') else '§3.4'}).",
                rule="bourre.md §3.6" if code.startswith("cinch") else "bourre.md §3.4",
                seat=seat,
                card=str(card),
                legal=[str(c) for c in allowed],
            )
        hand = hand - {card}
    hands = tuple(hand if s == seat else h for s, h in enumerate(deal.hands))
    before = {(f.seat, f.trick, f.code) for f in proven_reneges(deal, v, deal.number)}
    new_deal = dataclasses.replace(deal, plays=(*deal.plays, (seat, card)), hands=hands)
    notes = new_deal.notes
    for finding in proven_reneges(new_deal, v, deal.number):
        if (finding.seat, finding.trick, finding.code) not in before:
            notes += (Note("renege_proven", f"{state.players[finding.seat]}: {finding.text}", finding.seat),)
    return dataclasses.replace(state, deal=dataclasses.replace(new_deal, notes=notes))


def _check_card_possible(state: Session, deal: CardDeal, seat: int, card: Card) -> None:
    if card not in STANDARD_DECK:
        raise RulesError("not_in_pack", f"{card.pretty} is not in a 52-card pack.", rule="bourre.md §2.2")
    if any(c == card for _, c in deal.plays):
        raise RulesError(
            "card_already_played", f"{card.pretty} has already been played this deal.", rule=RULE_PLAY, card=str(card)
        )
    hand = deal.hands[seat]
    if hand is not None and card not in hand:
        raise RulesError(
            "card_not_in_hand", f"{card.pretty} is not in {state.players[seat]}'s hand.", rule=RULE_PLAY, card=str(card)
        )
    if card in deal.discards[seat]:
        raise RulesError(
            "card_discarded",
            f"{state.players[seat]} discarded {card.pretty} in the draw and cannot hold it (§3.2, §8).",
            rule="bourre.md §8",
            card=str(card),
        )
    elsewhere = any(h is not None and card in h for s, h in enumerate(deal.hands) if s != seat)
    up_with_dealer = state.variants.up_card_owned and not deal.up_out and seat != deal.dealer and card == deal.up_card
    not_owned = not state.variants.up_card_owned and card == deal.up_card
    if elsewhere or up_with_dealer or not_owned:
        raise RulesError(
            "card_in_other_hand",
            f"{card.pretty} is known to be in another hand (or is the ownerless up-card) (§8).",
            rule="bourre.md §8",
            card=str(card),
        )


def recall(state: Session, event: Recall) -> Session:
    """§5.2: the offender takes back the last card before anyone plays another."""
    deal = state.deal
    v = state.variants
    if deal is None or not deal.plays:
        raise RulesError("nothing_to_recall", "No card has been played in this deal.", rule="bourre.md §5.2")
    if v.renege_correction_window == "none":
        raise RulesError(
            "recall_not_allowed", "This table allows no correction of a renege (§7).", rule="bourre.md §5.2"
        )
    seat, card = deal.plays[-1]
    if seat != event.seat:
        raise RulesError(
            "recall_window_closed",
            f"Another card has been played since {state.players[event.seat]}'s: the renege stands (§5.2).",
            rule="bourre.md §5.2",
            seat=event.seat,
        )
    if deal.hands[seat] is not None:
        raise RulesError(
            "recall_of_legal_card",
            f"{card.pretty} was checked legal against the known hand; a played card is not taken back (§5.2).",
            rule="bourre.md §5.2",
        )
    trick = tricks(dataclasses.replace(deal, plays=deal.plays[:-1]))[-1].number
    note = Note(
        "renege_recalled",
        f"{state.players[seat]} takes back {card.pretty} (trick {trick}): a renege corrected in time; cannot win the "
        "pot and loses the next turn to deal (§5.2).",
        seat,
    )
    deal = dataclasses.replace(
        deal,
        plays=deal.plays[:-1],
        recalled=(*deal.recalled, seat),
        recalled_cards=(*deal.recalled_cards, (seat, card, trick)),
        notes=(*deal.notes, note),
    )
    return dataclasses.replace(state, deal=deal)


def allege(state: Session, event: Renege) -> Session:
    deal = state.deal
    if deal is None:
        raise RulesError(
            "no_deal_to_allege",
            "A renege is alleged during or right after a card-by-card deal; amend a deal_result instead (§5.3).",
            rule="bourre.md §5.3",
        )
    if event.seat not in deal.active:
        raise RulesError(
            "renege_by_non_player",
            "Only a player who played can renege (§5.1).",
            rule="bourre.md §5.1",
            seat=event.seat,
        )
    word = "recalled in time" if event.recalled else "stood"
    note = Note(
        "renege_alleged", f"The table records a renege by {state.players[event.seat]} that {word} (§5.3).", event.seat
    )
    deal = dataclasses.replace(deal, alleged=(*deal.alleged, (event.seat, event.recalled)), notes=(*deal.notes, note))
    return dataclasses.replace(state, deal=deal)


# -- closing ----------------------------------------------------------------------------------------


def deal_findings(state: Session) -> list[Finding]:
    deal = state.deal
    if deal is None:
        return []
    found = proven_reneges(deal, state.variants, deal.number)
    for seat, card, trick in deal.recalled_cards:
        found.append(
            Finding(
                deal.number,
                seat,
                "renege_recalled",
                f"trick {trick}: {card.pretty} taken back in time (§5.2).",
                trick=trick,
                card=card,
                recalled=True,
                source="recall",
            )
        )
    for seat, recalled in deal.alleged:
        found.append(
            Finding(
                deal.number,
                seat,
                "renege_alleged",
                "renege entered by the table (§5.3).",
                recalled=recalled,
                source="table",
            )
        )
    return found


def finish_deal(state: Session) -> Session:
    """Settle a complete card-by-card deal (§4) and record its findings."""
    deal = state.deal
    assert deal is not None and next_step(state) is None
    v = state.variants
    findings = deal_findings(state)
    counts = [f for f in findings if not f.recalled and f.source != "recall"]
    if not v.cinch_breach_is_renege:
        counts = [f for f in counts if not f.code.startswith("cinch")]
    uncorrected = tuple(sorted({f.seat for f in counts}))
    recalled = tuple(sorted({f.seat for f in findings if f.recalled}))
    active = deal.active
    lone = len(active) == 1
    won = {active[0]: 5} if lone else (tricks_won(deal) if active else {})
    state = close_deal(
        state,
        mode="cards",
        dealer=deal.dealer,
        seated=deal.seated,
        up_card=deal.up_card,
        antes=deal.antes,
        second_antes=deal.second_antes,
        pot_before=deal.pot_before,
        tricks=won,
        lone=lone,
        recalled=recalled,
        uncorrected=uncorrected,
        notes=deal.notes,
        plays=deal.plays,
    )
    return dataclasses.replace(state, findings=(*state.findings, *findings))
