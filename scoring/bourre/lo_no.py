"""Lo-No (rules/bourre.md §7 ``lo_no``): a dealer who turns a low card may call it.

"If a low card is turned the dealer may call Lo-No: no trumps, low cards win, dealer must play and
leads the turned card." The engine reads this as (docs/games/bourre.md, "Lo-No"):

* the call is part of the deal (``lo_no`` on ``deal`` / ``deal_result``), before anyone plays or
  passes; it needs the house rule and a turned card no higher than ``lo_no_max_rank`` (default 6);
* no suit is trump and the **lowest** card of the suit led wins the trick (ranks as §1, aces high,
  so a 2 is best and an ace worst); heading the trick (§3.4) means playing a lower card of the suit
  led than W when able; a player void in the suit led may play anything (there is nothing to trump
  with); the cinch (§3.6) is about trumps and never applies;
* the dealer must play (a pass is refused), keeps the turned card through the draw and leads it to
  the first trick; afterwards the winner of each trick leads as usual;
* settlement is unchanged (§4): most tricks take the pot, no trick is bourré.

This module holds the checks of the call itself; the play is :class:`~scoring.bourre.legality.TrickOrder`
(:data:`~scoring.bourre.legality.LO_NO`) threaded through the ordinary legality and proofs.
"""

from __future__ import annotations

from scoring.bourre.state import CardDeal, Session
from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import Note

RULE_LO_NO = "bourre.md §7"


def check_call(state: Session, up_card: Card | None, dealer: int) -> Note:
    """The dealer calls Lo-No on ``up_card``: refuse it unless the table plays Lo-No and the card is
    low; otherwise the note that explains the deal."""
    v = state.variants
    if not v.lo_no:
        raise RulesError(
            "lo_no_not_allowed",
            "This table does not play Lo-No: set the house rule lo_no to call it (§7).",
            rule=RULE_LO_NO,
        )
    if up_card is None:
        raise RulesError(
            "lo_no_needs_up_card",
            "Enter the turned card of a Lo-No deal: only a low card allows the call (§7).",
            rule=RULE_LO_NO,
        )
    if not v.lo_no_card(up_card.rank):
        raise RulesError(
            "lo_no_card_not_low",
            "Lo-No may be called only on a low card, 2 to %(maximum)s; %(card_pretty)s is not (§7).",
            rule=RULE_LO_NO,
            card=str(up_card),
            card_pretty=up_card.pretty,
            maximum=v.lo_no_max_rank,
            seat=dealer,
        )
    return Note(
        "lo_no",
        "%(name)s turns %(card)s and calls Lo-No: no trumps, the lowest card of the suit led wins; "
        "%(name)s must play and leads %(card)s to the first trick (§7).",
        dealer,
        name=state.players[dealer],
        card=up_card.pretty,
    )


def check_dealer_plays(state: Session, deal: CardDeal, seat: int, play: bool) -> None:
    """§7: in a Lo-No deal the dealer must play."""
    if deal.lo_no and seat == deal.dealer and not play:
        raise _dealer_must_play(state, seat)


def _dealer_must_play(state: Session, dealer: int) -> RulesError:
    return RulesError(
        "dealer_must_play_lo_no",
        "%(name)s called Lo-No and must play this deal (§7).",
        rule=RULE_LO_NO,
        name=state.players[dealer],
        seat=dealer,
    )


def check_keeps_up_card(state: Session, deal: CardDeal, seat: int, discarded: tuple[Card, ...], count: int) -> None:
    """§7: the dealer of a Lo-No deal leads the turned card, so cannot exchange it in the draw."""
    if not deal.lo_no or seat != deal.dealer:
        return
    if deal.up_card in discarded or count >= deal.hand:
        raise RulesError(
            "lo_no_keep_up_card",
            "%(name)s called Lo-No and leads %(card_pretty)s to the first trick: it cannot be discarded (§7).",
            rule=RULE_LO_NO,
            name=state.players[seat],
            seat=seat,
            card=str(deal.up_card),
            card_pretty=deal.up_card.pretty,
        )


def check_entry(state: Session, dealer: int, played: tuple[int, ...]) -> None:
    """§7 in result entry: the dealer who called Lo-No is among the players."""
    if dealer not in played:
        raise _dealer_must_play(state, dealer)
