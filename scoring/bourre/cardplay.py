"""Recording a deal card by card (rules/bourre.md §2.6, §3, §5.2, §8).

The deal, each play-or-pass, each draw, every card. With a hand known the engine refuses an illegal
card (a recording correction that costs nothing, §5.3); with hands unknown it proves reneges from
the record (:mod:`scoring.bourre.proofs`).
"""

from __future__ import annotations

import dataclasses

from scoring.bourre import lo_no, result_entry
from scoring.bourre.events import Deal, PlayCard, Recall, Renege
from scoring.bourre.legality import legal, why_illegal
from scoring.bourre.proofs import ILLEGAL_PLAY, PROOF_BY_NAME, proven_reneges, table_error, table_note
from scoring.bourre.session import close_deal, open_deal, with_penalties
from scoring.bourre.state import CardDeal, Finding, Session, renege_finding
from scoring.bourre.tricks_view import cinch_view, play_rules, tricks, tricks_won
from scoring.bourre.turns import RULE_DEAL, RULE_PLAY, check_in_pack, expect, next_step
from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import Note


def start_deal(state: Session, event: Deal) -> Session:
    v = state.variants
    if event.up_card.is_joker:
        raise RulesError("not_in_pack", "Bourré uses a 52-card pack without jokers (§2.2).", rule="bourre.md §2.2")
    pot_before = state.pot
    seated = tuple(sorted(state.seated))
    state, dealer, antes, notes = open_deal(state, event.dealer, event.antes)
    hands = _check_hands(state, event, dealer, seated)
    order = tuple(s for s in ((dealer + i) % state.seats for i in range(1, state.seats + 1)) if s in state.seated)
    stock = 52 - v.hand_size * len(seated) - (0 if v.up_card_owned else 1)
    trump = event.up_card.suit
    assert trump is not None
    if event.lo_no:
        notes += (lo_no.check_call(state, event.up_card, dealer),)
    else:
        notes += (
            Note(
                "trump",
                "Up-card %(card)s: %(suit)s are trumps (§2.6).",
                dealer,
                card=event.up_card.pretty,
                suit=trump.symbol,
            ),
        )
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
        up_out=not v.up_card_owned,
        hand=v.hand_size,
        stock=stock,
        notes=notes,
        lo_no=event.lo_no,
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
            "Give one hand per player (%(seats)s); an empty list means unknown.",
            rule=RULE_DEAL,
            seats=state.seats,
        )
    seen: set[Card] = set()
    out: list[frozenset[Card] | None] = []
    owned = state.variants.up_card_owned
    for seat, cards in enumerate(event.hands):
        if not cards:
            out.append(None)
            continue
        if seat not in seated:
            raise RulesError(
                "not_seated",
                "%(name)s is not seated and has no hand.",
                rule=RULE_DEAL,
                name=state.players[seat],
                seat=seat,
            )
        size = state.variants.hand_size
        if len(cards) != size or len(set(cards)) != size:
            raise RulesError(
                "wrong_hand_size", "A hand is %(size)s different cards (§2.6).", rule=RULE_DEAL, seat=seat, size=size
            )
        for card in cards:
            if card in seen or card.is_joker:
                raise RulesError(
                    "duplicate_card",
                    "%(card_pretty)s is dealt twice.",
                    rule=RULE_DEAL,
                    card=str(card),
                    card_pretty=card.pretty,
                )
            seen.add(card)
        has_up = event.up_card in cards
        if owned and has_up != (seat == dealer):
            raise RulesError(
                "up_card_belongs_to_dealer",
                "The up-card %(card_pretty)s is one of the dealer's five cards (§2.6).",
                rule=RULE_DEAL,
                seat=seat,
                card=str(event.up_card),
                card_pretty=event.up_card.pretty,
            )
        if not owned and has_up:
            raise RulesError("up_card_in_hand", "Under this trump source nobody holds the up-card.", rule=RULE_DEAL)
        out.append(frozenset(cards))
    return tuple(out)


# -- the play ---------------------------------------------------------------------------------------


def play_card(state: Session, event: PlayCard) -> Session:
    deal = expect(state, "play", event.seat)
    v = state.variants
    seat, card = event.seat, event.card
    _check_card_possible(state, deal, seat, card)
    hand = deal.hands[seat]
    trick_list = tricks(deal)
    current = trick_list[-1]
    extra: tuple[Note, ...] = ()
    if hand is not None:
        view = cinch_view(deal, seat, v, trick_list)
        code = why_illegal(card, hand, current.cards, deal.ranking, play_rules(v), view)
        if code is not None and code.startswith("cinch") and not v.cinch_breach_is_renege:
            # §7 cinch_breach_is_renege = false: the breach is noted, the card stands, no penalty.
            extra = (
                Note(
                    "cinch_breach",
                    "%(name)s broke the cinch: must lead the highest trump (not a renege here)."
                    if code == "cinch_must_lead_trump"
                    else "%(name)s broke the cinch: must play the highest trump (not a renege here).",
                    seat,
                    name=state.players[seat],
                ),
            )
            code = None
        if code is not None:
            allowed = legal(hand, current.cards, deal.ranking, play_rules(v), view)
            raise table_error(
                code,
                ILLEGAL_PLAY[code],
                rule=f"bourre.md {_section(code)}",
                seat=seat,
                card=str(card),
                legal=[str(c) for c in allowed],
                name=state.players[seat],
                card_pretty=card.pretty,
                legal_cards=" ".join(c.pretty for c in allowed),
            )
        hand = hand - {card}
    hands = tuple(hand if s == seat else h for s, h in enumerate(deal.hands))
    before = {(f.seat, f.trick, f.code) for f in proven_reneges(deal, v, deal.number)}
    new_deal = dataclasses.replace(deal, plays=(*deal.plays, (seat, card)), hands=hands)
    notes = new_deal.notes + extra
    for finding in proven_reneges(new_deal, v, deal.number):
        if (finding.seat, finding.trick, finding.code) not in before:
            notes += (
                table_note(
                    "renege_proven",
                    PROOF_BY_NAME[finding.code],
                    finding.seat,
                    name=state.players[finding.seat],
                    **finding.note.params,
                ),
            )
    return dataclasses.replace(state, deal=dataclasses.replace(new_deal, notes=notes))


def _section(code: str) -> str:
    """The rules-file section an illegal play breaks: the cinch, Lo-No's opening lead, or §3.4."""
    return "§3.6" if code.startswith("cinch") else "§7" if code.startswith("lo_no") else "§3.4"


def _check_card_possible(state: Session, deal: CardDeal, seat: int, card: Card) -> None:
    check_in_pack(card)
    if any(c == card for _, c in deal.plays):
        raise RulesError(
            "card_already_played",
            "%(card_pretty)s has already been played this deal.",
            rule=RULE_PLAY,
            card=str(card),
            card_pretty=card.pretty,
        )
    hand = deal.hands[seat]
    if hand is not None and card not in hand:
        raise RulesError(
            "card_not_in_hand",
            "%(card_pretty)s is not in %(name)s's hand.",
            rule=RULE_PLAY,
            card=str(card),
            card_pretty=card.pretty,
            name=state.players[seat],
        )
    if card in deal.discards[seat]:
        raise RulesError(
            "card_discarded",
            "%(name)s discarded %(card_pretty)s in the draw and cannot hold it (§3.2, §8).",
            rule="bourre.md §8",
            card=str(card),
            card_pretty=card.pretty,
            name=state.players[seat],
        )
    elsewhere = any(h is not None and card in h for s, h in enumerate(deal.hands) if s != seat)
    up_with_dealer = not deal.up_out and seat != deal.dealer and card == deal.up_card
    # An ownerless up-card not taken by the dealer lies face up on the table: nobody holds it.
    not_owned = not state.variants.up_card_owned and deal.up_out and card == deal.up_card
    if elsewhere or up_with_dealer or not_owned:
        raise RulesError(
            "card_in_other_hand",
            "%(card_pretty)s is known to be in another hand (or is the ownerless up-card) (§8).",
            rule="bourre.md §8",
            card=str(card),
            card_pretty=card.pretty,
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
            "Another card has been played since %(name)s's: the renege stands (§5.2).",
            rule="bourre.md §5.2",
            seat=event.seat,
            name=state.players[event.seat],
        )
    if deal.hands[seat] is not None:
        raise RulesError(
            "recall_of_legal_card",
            "%(card_pretty)s was checked legal against the known hand; a played card is not taken back (§5.2).",
            rule="bourre.md §5.2",
            card=str(card),
            card_pretty=card.pretty,
        )
    trick = tricks(dataclasses.replace(deal, plays=deal.plays[:-1]))[-1].number
    note = Note(
        "renege_recalled",
        "%(name)s takes back %(card)s (trick %(trick)s): a renege corrected in time; cannot win the "
        "pot and loses the next turn to deal (§5.2).",
        seat,
        name=state.players[seat],
        card=card.pretty,
        trick=trick,
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
    if event.deal is not None and (deal is None or event.deal != deal.number):
        return result_entry.late_claim(state, event)
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
    alleged = Note(
        "renege_alleged",
        "The table records a renege by %(name)s that recalled in time (§5.3)."
        if event.recalled
        else "The table records a renege by %(name)s that stood (§5.3).",
        event.seat,
        name=state.players[event.seat],
    )
    deal = dataclasses.replace(
        deal, alleged=(*deal.alleged, (event.seat, event.recalled)), notes=(*deal.notes, alleged)
    )
    return dataclasses.replace(state, deal=deal)


# -- closing ----------------------------------------------------------------------------------------


def deal_findings(state: Session) -> list[Finding]:
    deal = state.deal
    if deal is None:
        return []
    found = proven_reneges(deal, state.variants, deal.number)
    for seat, card, trick in deal.recalled_cards:
        found.append(
            renege_finding(
                deal.number,
                seat,
                "renege_recalled",
                Note(
                    "renege_recalled",
                    "trick %(trick)s: %(card)s taken back in time (§5.2).",
                    seat,
                    trick=trick,
                    card=card.pretty,
                ),
                trick=trick,
                card=card,
                recalled=True,
                source="recall",
            )
        )
    for seat, recalled in deal.alleged:
        found.append(
            renege_finding(
                deal.number,
                seat,
                "renege_alleged",
                Note("renege_alleged", "renege entered by the table (§5.3).", seat),
                recalled=recalled,
                source="table",
                status="reported",
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
    won = {active[0]: deal.hand} if lone else (tricks_won(deal) if active else {})
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
        lo_no=deal.lo_no,
    )
    settled = with_penalties(state, findings, counts)
    return dataclasses.replace(state, findings=(*state.findings, *settled))
