"""Reneges proven from the record alone (rules/bourre.md §8, examples §6.7).

No card enters a hand after the draw, so the cards a player plays in tricks k…5 were all in their
hand at trick k (and the dealer's up-card, unless discarded, is in the dealer's hand from the start).
A play is a **proven** renege when it is illegal for *every* hand containing those known cards:

* with the whole hand known (trick 5 reveals it), the exact §3.4/§3.6 legality is applied;
* before that, only what one known card proves: a card of the led suit held (failure to follow),
  a trump held while playing a third suit (failure to trump), a card that would have beaten W,
  computed at the player's turn (failure to head, A2/A3), and a cinch that the known trumps already
  make certain (the §3.6 test is monotone: more trumps never lower Sure), e.g. A5.

In a Lo-No deal (§7) the same proofs run with no trump and low cards winning (W is the lowest card
of the suit led, a card "beats" W by being lower), and a dealer who does not lead the turned card
to the first trick is proven at once: the turned card is known to be in the dealer's hand.

What each seat is proven to hold or not, and the proof step, are the shared card-knowledge model's
(:mod:`scoring.knowledge`): each play is an obligation over the cards held, tested below.
"""

from __future__ import annotations

from collections.abc import Collection

from scoring.bourre.legality import (
    CinchView,
    PlayRules,
    TrickOrder,
    card_beats,
    has_cinch,
    why_illegal,
    winning_card,
)
from scoring.bourre.state import CardDeal, Finding, renege_finding
from scoring.bourre.tricks_view import PlayContext, play_contexts, play_rules
from scoring.bourre.variants import BourreVariants
from scoring.cards import Card, Suit, card_of
from scoring.errors import RulesError
from scoring.explain import N_, Note, ParamValue
from scoring.knowledge import CardKnowledge, Obligation, Play, Violation

#: What each renege code says a play did (§3.4, §3.6, §7 Lo-No), as a proof's text (``finding.text``), the
#: same with the player's name (the ``renege_proven`` note) and as the error refusing a known-hand play.
PROOF = {
    "must_follow_suit": N_("trick %(trick)s: %(card)s failed to follow suit; proven by %(witness)s."),
    "must_trump": N_("trick %(trick)s: %(card)s failed to trump; proven by %(witness)s."),
    "must_head_trick": N_("trick %(trick)s: %(card)s failed to head the trick; proven by %(witness)s."),
    "must_overtrump": N_("trick %(trick)s: %(card)s failed to overtrump; proven by %(witness)s."),
    "must_lead_trump": N_("trick %(trick)s: %(card)s failed to lead a trump; proven by %(witness)s."),
    "cinch_must_lead_trump": N_(
        "trick %(trick)s: %(card)s broke the cinch: must lead the highest trump; proven by %(witness)s."
    ),
    "cinch_must_play_highest_trump": N_(
        "trick %(trick)s: %(card)s broke the cinch: must play the highest trump; proven by %(witness)s."
    ),
    "lo_no_must_lead_up_card": N_(
        "trick %(trick)s: %(card)s was led instead of the turned card (Lo-No); proven by %(witness)s."
    ),
}
PROOF_BY_NAME = {
    "must_follow_suit": N_("%(name)s: trick %(trick)s: %(card)s failed to follow suit; proven by %(witness)s."),
    "must_trump": N_("%(name)s: trick %(trick)s: %(card)s failed to trump; proven by %(witness)s."),
    "must_head_trick": N_("%(name)s: trick %(trick)s: %(card)s failed to head the trick; proven by %(witness)s."),
    "must_overtrump": N_("%(name)s: trick %(trick)s: %(card)s failed to overtrump; proven by %(witness)s."),
    "must_lead_trump": N_("%(name)s: trick %(trick)s: %(card)s failed to lead a trump; proven by %(witness)s."),
    "cinch_must_lead_trump": N_(
        "%(name)s: trick %(trick)s: %(card)s broke the cinch: must lead the highest trump; proven by %(witness)s."
    ),
    "cinch_must_play_highest_trump": N_(
        "%(name)s: trick %(trick)s: %(card)s broke the cinch: must play the highest trump; proven by %(witness)s."
    ),
    "lo_no_must_lead_up_card": N_(
        "%(name)s: trick %(trick)s: %(card)s was led instead of the turned card (Lo-No); proven by %(witness)s."
    ),
}
ILLEGAL_PLAY = {
    "must_follow_suit": N_("%(name)s failed to follow suit with %(card_pretty)s; legal: %(legal_cards)s (§3.4)."),
    "must_trump": N_("%(name)s failed to trump with %(card_pretty)s; legal: %(legal_cards)s (§3.4)."),
    "must_head_trick": N_("%(name)s failed to head the trick with %(card_pretty)s; legal: %(legal_cards)s (§3.4)."),
    "must_overtrump": N_("%(name)s failed to overtrump with %(card_pretty)s; legal: %(legal_cards)s (§3.4)."),
    "must_lead_trump": N_("%(name)s failed to lead a trump with %(card_pretty)s; legal: %(legal_cards)s (§3.4)."),
    "cinch_must_lead_trump": N_(
        "%(name)s broke the cinch: must lead the highest trump with %(card_pretty)s; legal: %(legal_cards)s (§3.6)."
    ),
    "cinch_must_play_highest_trump": N_(
        "%(name)s broke the cinch: must play the highest trump with %(card_pretty)s; legal: %(legal_cards)s (§3.6)."
    ),
    "lo_no_must_lead_up_card": N_(
        "%(name)s must lead the turned card to the first trick, not %(card_pretty)s; legal: %(legal_cards)s (§7)."
    ),
}


def table_note(code: str, template: str, seat: int | None, **params: ParamValue) -> Note:
    """A note whose template was picked from a table of templates (each entry marked ``N_``)."""
    return Note(code, template, seat, plural=None, **params)


def table_error(code: str, template: str, *, rule: str, **params: object) -> RulesError:
    """A rules error whose template was picked from a table of templates (each entry marked ``N_``)."""
    return RulesError(code, template, rule=rule, **params)


def proven_reneges(deal: CardDeal, v: BourreVariants, number: int) -> list[Finding]:
    """Every renege the deal's record proves so far (one per offending play).

    Each play by a seat whose hand is unknown is an obligation over the cards it held (the §3.4/§3.6
    tests below); the shared card-knowledge model proves it broken with the cards known held then."""
    if len(deal.active) < 2:
        return []
    contexts = play_contexts(deal, v)
    knowledge = card_knowledge(deal, contexts)
    unknown = [ctx for s in deal.active if deal.hands[s] is None for ctx in contexts if ctx.seat == s]
    obligations = [_obligation(deal, v, knowledge, ctx) for ctx in unknown]
    return [_finding(number, broken) for broken in knowledge.violations(*obligations)]


def card_knowledge(deal: CardDeal, contexts: list[PlayContext]) -> CardKnowledge:
    """What the record proves: the plays; the known hands and the up-card (the dealer's from the
    start, unless discarded: §8) placed; each seat's own recorded discards out of its hand."""
    plays = (Play(ctx.trick, ctx.seat, ctx.card, ctx.before[0].suit if ctx.before else None) for ctx in contexts)
    placed = {c: other for other, hand in enumerate(deal.hands) if hand is not None for c in hand}
    if not deal.up_out:
        placed[deal.up_card] = deal.dealer
    discards = {s: deal.discards[s] for s in deal.active} if deal.discards else {}
    return CardKnowledge.of(plays, placed=placed, seat_out=discards)


def _obligation(deal: CardDeal, v: BourreVariants, knowledge: CardKnowledge, ctx: PlayContext) -> Obligation:
    """The play is legal only for a hand passing :func:`_violation` (with the cards proven out of it)."""
    hand_size = deal.hand - (ctx.trick - 1)
    outside = knowledge.not_held_at(ctx.seat, ctx.trick)
    rules, order = play_rules(v), deal.ranking

    def test(known: frozenset[Card]) -> str | None:
        return _violation(ctx.card, known, hand_size, ctx.before, order, rules, ctx.view, outside)

    return Obligation(ctx.seat, ctx.trick, test, card=ctx.card, rule="bourre.md §8")


def _finding(number: int, broken: Violation) -> Finding:
    code, seat, trick, card, witness = broken.code, broken.seat, broken.trick, broken.restriction.card, broken.witness
    assert card is not None
    note = table_note(code, PROOF[code], seat, trick=trick, card=card.pretty, witness=witness.pretty)
    return renege_finding(number, seat, code, note, trick=trick, card=card, proven_by=witness)


def _violation(
    card: Card,
    known: frozenset[Card],
    hand_size: int,
    trick: tuple[Card, ...],
    order: TrickOrder,
    rules: PlayRules,
    view: CinchView,
    outside: Collection[Card],
) -> str | None:
    if len(known) >= hand_size:
        return why_illegal(card, known, trick, order, rules, view)
    others = known - {card}
    trump = order.trump
    if not trick and view.opening_lead is not None and view.opening_lead in others:
        return "lo_no_must_lead_up_card"  # §7 Lo-No: the turned card is in the dealer's hand
    if trick:
        led = trick[0].suit
        best = winning_card(trick, order)
        if card.suit != led and any(c.suit == led for c in others):
            return "must_follow_suit"
        # §7 trump_when_cannot_overtrump = false: only a trump that beats W had to be played.
        if (
            trump is not None
            and card.suit not in (led, trump)
            and any(
                c.suit == trump and (rules.trump_when_cannot_overtrump or card_beats(c, best, led, order))
                for c in others
            )
        ):
            return "must_trump"
        code = _head(card, others, trick, order, rules, best)
        if code is not None:
            return code
    if trump is None:
        return None  # Lo-No: no trumps, so no cinch (§3.6, §7)
    return _cinch(card, known, trick, trump, rules, view, outside)


def _head(
    card: Card, others: frozenset[Card], trick: tuple[Card, ...], order: TrickOrder, rules: PlayRules, best: Card
) -> str | None:
    if not rules.head_trick_required:
        return None
    led = trick[0].suit
    trump = order.trump
    if card.suit == led:
        group, code = [c for c in others if c.suit == led], "must_head_trick"
    elif trump is not None and card.suit == trump:
        group, code = [c for c in others if c.suit == trump], "must_overtrump"
    else:
        return None
    beaters = [c for c in group if card_beats(c, best, led, order)]
    if beaters and not card_beats(card, best, led, order):
        return code
    if beaters and rules.must_beat_mode == "highest_card" and any(order.stronger(c, card) for c in group):
        return code
    return None


def _cinch(
    card: Card,
    known: frozenset[Card],
    trick: tuple[Card, ...],
    trump: Suit,
    rules: PlayRules,
    view: CinchView,
    outside: Collection[Card],
) -> str | None:
    trumps = [c for c in known if c.suit == trump]
    if not trumps:
        return None
    if not trick and rules.must_lead_trump_when_others_void and view.others_void_in_trump and card.suit != trump:
        return "must_lead_trump"
    if rules.cinch_rules != "pagat" or not has_cinch(known, trump, view, rules):
        return None
    if not trick and card.suit != trump:
        return "cinch_must_lead_trump"
    if card.suit != trump or (trick and view.last_to_play):
        return None
    higher = [c for c in trumps if c.rank > card.rank]
    if not higher:
        return None
    top = max(c.rank for c in higher)
    if rules.cinch_equivalent_trumps == "strict":
        return _code(trick)
    if rules.cinch_equivalent_trumps == "adjacent_only":
        return None  # decided at the end of the deal, when the whole hand is known
    played = {c.rank for c in view.played if c.suit == trump}
    for rank in range(card.rank + 1, top):
        gap = card_of(rank, trump)
        if rank not in played and gap in outside:
            return _code(trick)
    return None


def _code(trick: tuple[Card, ...]) -> str:
    return "cinch_must_play_highest_trump" if trick else "cinch_must_lead_trump"
