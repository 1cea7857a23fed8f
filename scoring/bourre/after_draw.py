"""A seat's hand entered after the draw (docs/games/bourre.md §1.3, rules/bourre.md §3.1.2, §8).

At a real table a player who wants their cards checked enters the cards they hold after the draw;
nobody names discards or the cards received. From then on that hand is known, exactly like a hand
given with the ``deal`` (every card it plays is checked, §5.3). The discards stay optional: when
the hand before the draw was known, they are whatever left it.

What a hand after the draw must satisfy (each is a fact the record already holds):

* ``hand_size`` different cards of the pack (§2.6);
* none of the cards this draw names as discarded; every card it names as received;
* no card of another known hand; not the up-card while the dealer holds it or nobody may (§2.6, §7);
* with the hand before the draw known: exactly ``count`` new cards (the rest were kept);
* the dealer's hand after the draw: without the up-card it was discarded (public, §8) — refused in
  a Lo-No deal, where the dealer leads it (§7); with ``take_up_card`` it includes the up-card.
"""

from __future__ import annotations

from scoring.bourre import lo_no
from scoring.bourre.events import Draw
from scoring.bourre.state import CardDeal, Session
from scoring.bourre.turns import check_in_pack
from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import N_

RULE_AFTER_DRAW = "bourre.md §3.1.2"


def check(state: Session, deal: CardDeal, event: Draw, before: frozenset[Card] | None, taken: bool) -> frozenset[Card]:
    """The hand ``event`` enters for its seat after the draw, checked against the record."""
    assert event.hand is not None
    after = frozenset(event.hand)
    _check_cards(deal, event, after)
    _check_names(event, after)
    _check_others(state, deal, event, after, taken)
    if before is not None and len(after - before) != event.count:
        raise _mismatch(
            "hand_after_draw_count",
            N_(
                "%(name)s exchanged %(count)s cards, but this hand has %(new)s cards that were not in the hand "
                "before the draw (§3.1.2)."
            ),
            state,
            event,
            new=len(after - before),
        )
    if event.seat == deal.dealer and not deal.up_out and deal.up_card not in after:
        lo_no.check_keeps_up_card(state, deal, event.seat, (deal.up_card,), event.count)
    return after


def discarded(deal: CardDeal, event: Draw, before: frozenset[Card] | None, after: frozenset[Card]) -> set[Card]:
    """Cards the hand after the draw shows were discarded: the known hand's cards it no longer holds,
    and the dealer's up-card when it is missing (whether the dealer discarded it is public, §8)."""
    out = set(before - after) if before is not None else set()
    if event.seat == deal.dealer and not deal.up_out and deal.up_card not in after:
        out.add(deal.up_card)
    return out


def _check_cards(deal: CardDeal, event: Draw, after: frozenset[Card]) -> None:
    assert event.hand is not None
    if len(event.hand) != deal.hand or len(after) != deal.hand:
        raise RulesError(
            "wrong_hand_size",
            "A hand is %(size)s different cards (§2.6).",
            rule="bourre.md §2.6",
            seat=event.seat,
            size=deal.hand,
        )
    for card in event.hand:
        check_in_pack(card)


def _check_names(event: Draw, after: frozenset[Card]) -> None:
    """The optional discards and received cards, when named, agree with the hand."""
    for card in event.discarded:
        if card in after:
            raise RulesError(
                "card_discarded",
                "%(card_pretty)s is named as discarded but is in the hand after the draw (§3.1.2).",
                rule=RULE_AFTER_DRAW,
                card=str(card),
                card_pretty=card.pretty,
                seat=event.seat,
            )
    for card in event.received:
        if card not in after:
            raise RulesError(
                "hand_after_draw_missing_card",
                "%(card_pretty)s is named as received but is not in the hand after the draw (§3.1.2).",
                rule=RULE_AFTER_DRAW,
                card=str(card),
                card_pretty=card.pretty,
                seat=event.seat,
            )


def _check_others(state: Session, deal: CardDeal, event: Draw, after: frozenset[Card], taken: bool) -> None:
    """No card of another known hand; the up-card only where this seat may hold it."""
    for other, held in enumerate(deal.hands):
        clash = sorted(after & held, key=str) if held is not None and other != event.seat else []
        if clash:
            raise RulesError(
                "card_in_other_hand",
                "%(card_pretty)s is in another player's hand.",
                rule="bourre.md §8",
                card=str(clash[0]),
                card_pretty=clash[0].pretty,
            )
    up = deal.up_card
    dealer_keeps = event.seat == deal.dealer and not deal.up_out
    ownerless = not state.variants.up_card_owned and deal.up_out
    if up in after and not taken and (ownerless or (not deal.up_out and not dealer_keeps)):
        raise RulesError(
            "card_in_other_hand",
            "%(card_pretty)s is the up-card: the dealer's, or face up on the table (§2.6, §7).",
            rule="bourre.md §2.6",
            card=str(up),
            card_pretty=up.pretty,
        )
    if taken and up not in after:
        raise _mismatch(
            "hand_after_draw_missing_card",
            N_("%(name)s took the up-card %(card_pretty)s, which is not in the hand after the draw (§7)."),
            state,
            event,
            card=str(up),
            card_pretty=up.pretty,
        )


def _mismatch(code: str, template: str, state: Session, event: Draw, **params: object) -> RulesError:
    return RulesError(
        code,
        template,
        rule=RULE_AFTER_DRAW,
        name=state.players[event.seat],
        seat=event.seat,
        count=event.count,
        **params,
    )
