"""The play of the cards (rules/thousand.md §6), proofs and penalties (§16), and the end of a deal.

Tricks use :mod:`scoring.tricks` with the ``TEN_HIGH`` rank order; marriages change trumps at once
(or from the next trick under ``trump_change_timing = next_trick``).

:func:`play_position` gives the claims checker what it needs from a state in the play phase.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from scoring.cards import ACE, KING, QUEEN, Card, Suit, card_of
from scoring.errors import RulesError
from scoring.explain import N_
from scoring.obligations.thousand import marriage_leads, may_announce, partner, trick_rules
from scoring.thousand.bidding import DECK_SET, ceiling_for
from scoring.thousand.deal_scoring import Outcome, score_deal
from scoring.thousand.events import PlayCard
from scoring.thousand.match import FINE, throw_in
from scoring.thousand.proofs import Proof, bid_proofs, play_proofs
from scoring.thousand.result_entry import fail_from
from scoring.thousand.rules import POINTS, TOTAL_POINTS, marriage_value, note, rule, tricks_per_deal
from scoring.thousand.state import (
    Announcement,
    DealState,
    PendingReveal,
    ThousandState,
    all_hands_known,
    deal_finding,
    evolve,
    hand_of,
    known_holder,
)
from scoring.thousand.variants import ThousandVariants
from scoring.tricks import Trick, TrickRules, legal_cards, violation, winning_index

_RULES: dict[tuple[int, Suit | None], tuple[ThousandVariants, TrickRules]] = {}


def base_rules(variants: ThousandVariants, trump: Suit | None = None) -> TrickRules:
    """§6.2 obligations from the house rules, with ``trump`` (cached by identity: hashing the
    variants on every card would dominate replay time)."""
    key = (id(variants), trump)
    hit = _RULES.get(key)
    if hit is not None and hit[0] is variants:
        return hit[1]
    rules = trick_rules(variants, trump)
    if len(_RULES) > 256:
        _RULES.clear()
    _RULES[key] = (variants, rules)
    return rules


def next_seat(deal: DealState) -> int:
    """The seat to play next to the trick in progress (active seats only, clockwise)."""
    trick = deal.trick
    assert trick is not None
    order = deal.active
    return order[(order.index(trick.leader) + len(trick.cards)) % len(order)]


def start_play(deal: DealState) -> DealState:
    """The deal at its first lead: trick 1 led by the declarer, nobody's points or tricks yet."""
    n = len(deal.dealt) if deal.dealt is not None else 0
    seats = max(n, max(deal.active) + 1, (deal.inactive or 0) + 1)
    return evolve(
        deal,
        phase="play",
        trick=Trick(deal.declarer or 0),
        trick_number=1,
        points=(0,) * seats,
        won=(0,) * seats,
    )


def known_elsewhere(deal: DealState, seat: int, card: Card) -> bool:
    """Hands unknown: a recorded movement put ``card`` in another hand or out of play."""
    for to, given in deal.given:
        if given == card:
            return to != seat
    if card in deal.discards:
        return True
    holder = known_holder(deal, card)  # §16.1: a seat whose cards are known holds it
    if holder is not None:
        return holder != seat
    all_known = all(given is not None for _to, given in deal.given)
    if deal.talon_known is not None and card in deal.talon_known and seat != deal.declarer and all_known:
        return True  # a talon card the declarer kept (none of the passed cards is unknown)
    if len(deal.active) == 2 and deal.talon is not None and deal.pile is not None:
        unused = deal.talon[2 * (1 - deal.pile) : 2 * (1 - deal.pile) + 2]
        return card in unused
    return False


def _announce(
    state: ThousandState, deal: DealState, e: PlayCard, hand: frozenset[Card] | None
) -> tuple[Announcement, DealState]:
    v = state.variants
    seat, card = e.seat, e.card
    assert deal.trick is not None
    if deal.trick.cards:
        raise fail_play("announce_not_on_lead", "A marriage or four aces is announced only on lead (§6.4).", "§6.4")
    first = deal.trick_number == 1
    if first and (v.marriage_requires_won_trick or seat != deal.declarer):
        raise fail_play("marriage_on_first_trick", "No announcement before winning a trick (§6.4).", "§6.4")
    if e.announce == "marriage":
        if card.rank not in (KING, QUEEN) or card.suit is None:
            raise fail_play("marriage_needs_king_or_queen", "A marriage is announced by leading its K or Q.", "§6.4")
        suit = card.suit
        if any(a.kind == "marriage" and a.suit == suit for a in deal.announcements):
            raise fail_play(
                "marriage_suit_announced", "The %(suit)s marriage was already announced.", "§6.4", suit=suit.symbol
            )
        other = partner(card)
        if other in deal.played or (hand is not None and other not in hand) or known_elsewhere(deal, seat, other):
            raise fail_play(
                "marriage_partner_not_held",
                "%(name)s does not hold %(card)s for the marriage.",
                "§6.4",
                seat=seat,
                name=state.name(seat),
                card=other.pretty,
            )
        ann = Announcement(seat, "marriage", suit, deal.trick_number, card, marriage_value(suit, v))
        # §6.4: trumps at once, including this trick (or from the next trick under the variant).
        immediate = v.trump_change_timing == "immediate"
        deal = evolve(deal, trump=suit) if immediate else evolve(deal, next_trump=suit)
        return ann, deal
    if not v.four_aces_bonus:
        raise fail_play("four_aces_not_allowed", "This table does not score four aces.", "§6.5")
    if card.rank != ACE:
        raise fail_play("four_aces_needs_ace", "Four aces are announced by leading an ace.", "§6.5")
    if any(a.kind == "four_aces" for a in deal.announcements):
        raise fail_play("four_aces_announced", "Four aces were already announced.", "§6.5")
    for s in Suit:
        ace = card_of(ACE, s)
        if ace in deal.played or (hand is not None and ace not in hand) or known_elsewhere(deal, seat, ace):
            raise fail_play(
                "four_aces_not_held",
                "%(name)s does not hold %(card)s.",
                "§6.5",
                seat=seat,
                name=state.name(seat),
                card=ace.pretty,
            )
    return Announcement(seat, "four_aces", None, deal.trick_number, card, v.four_aces_bonus), deal


#: Why a card may not be played (``scoring.tricks.violation`` codes).
ILLEGAL_PLAY = {
    "must_follow_suit": N_("%(name)s may not play %(card)s here: they must follow suit (§6.2)."),
    "must_trump": N_("%(name)s may not play %(card)s here: they must trump (§6.2)."),
    "must_head_trick": N_("%(name)s may not play %(card)s here: they must beat the best card so far (§6.2)."),
    "illegal_card": N_("%(name)s may not play %(card)s here (§6.2)."),
}


def fail_play(code: str, message: str, section: str, **params: object) -> RulesError:
    return RulesError(code, message, rule=rule(section), **params)


def apply_play(state: ThousandState, deal: DealState, e: PlayCard) -> ThousandState:
    v = state.variants
    if deal.phase == "declare":
        deal = start_play(deal)
    elif deal.phase != "play":
        raise fail_play("not_playing", "No card can be played at this point of the deal.", "§6.1", phase=deal.phase)
    trick = deal.trick
    assert trick is not None
    expected = next_seat(deal)
    if e.seat != expected:
        raise RulesError(
            "not_your_turn",
            "%(next)s plays next, not %(name)s.",
            rule=rule("§6.1"),
            seat=e.seat,
            name=state.name(e.seat),
            next=state.name(expected),
        )
    card = e.card
    if card not in DECK_SET:
        raise fail_play("card_not_in_deck", "%(card)s is not in the 24-card Thousand deck.", "§2.1", card=card.pretty)
    if card in deal.played:
        raise fail_play("card_already_played", "%(card)s has already been played.", "§16.2", card=card.pretty)
    hands = deal.hands
    hand = hand_of(deal, e.seat)
    if hand is not None and card not in hand:
        raise fail_play(
            "card_not_in_hand",
            "%(name)s does not hold %(card)s.",
            "§16.2",
            card=card.pretty,
            seat=e.seat,
            name=state.name(e.seat),
        )
    if hand is None and known_elsewhere(deal, e.seat, card):
        raise fail_play(
            "card_not_in_hand", "The record puts %(card)s in another hand.", "§16.2", card=card.pretty, seat=e.seat
        )
    announcements = deal.announcements
    if e.announce is not None:
        ann, deal = _announce(state, deal, e, hand)
        announcements = (*announcements, ann)
    rules = base_rules(v, deal.trump)
    # Following suit is always legal unless the table makes players head the trick (fast path).
    follows = bool(trick.cards) and card.suit == trick.cards[0].suit and not rules.head_when_following
    if hand is not None and trick.cards and not follows:
        legal = legal_cards(hand, trick.cards, rules)
        if card not in legal:
            code = violation(hand, card, trick.cards, rules) or "illegal_card"
            template = ILLEGAL_PLAY.get(code, ILLEGAL_PLAY["illegal_card"])
            raise fail_from(code, template, "§6.2", seat=e.seat, name=state.name(e.seat), card=card.pretty)
    trick = trick.add(card)
    if hands is not None and hand is not None:
        new_hands = list(hands)
        new_hands[e.seat] = hand - {card}
        hands = tuple(new_hands)
    changes: dict[str, object] = {}
    if trick.cards and card.suit != trick.cards[0].suit:
        changes["offsuit"] = (*deal.offsuit, (deal.trick_number, len(trick.cards) - 1))
    changes |= {
        "trick": trick,
        "hands": hands,
        "plays": (*deal.plays, (deal.trick_number, e.seat, card)),
        "played": deal.played | {card},
        "announcements": announcements,
    }
    if len(trick.cards) == len(deal.active):
        changes.update(_complete_trick(deal, trick, rules))
    deal = evolve(deal, **changes)
    if not all_hands_known(deal):
        proofs = play_proofs(deal, base_rules(v), state.players)
        if deal.trick is None:
            proofs += bid_proofs(deal, functools.partial(_ceiling, state), state.players)
        if proofs:
            return _penalise(state, deal, proofs)
    if deal.trick is None:
        return finish(state, deal)
    return evolve(state, deal=deal)


def _ceiling(state: ThousandState, hand: frozenset[Card]) -> int:
    return ceiling_for(state, hand)


def _complete_trick(deal: DealState, trick: Trick, rules: TrickRules) -> dict[str, object]:
    """The changes a complete trick makes: winner, points, trump change (next_trick), next leader."""
    order = deal.active
    winner = order[(order.index(trick.leader) + winning_index(trick.cards, rules)) % len(order)]
    points = list(deal.points)
    won = list(deal.won)
    points[winner] += sum(POINTS[c.rank] for c in trick.cards)
    won[winner] += 1
    trump = deal.trump
    next_trump = deal.next_trump
    if next_trump is not None:
        trump, next_trump = next_trump, None
    last = deal.trick_number == tricks_per_deal(len(order))
    return {
        "completed": (*deal.completed, (trick, winner, deal.trump)),
        "points": tuple(points),
        "won": tuple(won),
        "trump": trump,
        "next_trump": next_trump,
        "trick": None if last else Trick(winner),
        "trick_number": deal.trick_number if last else deal.trick_number + 1,
        "last_trick_winner": winner,
    }


def _penalise(state: ThousandState, deal: DealState, proofs: list[Proof]) -> ThousandState:
    """§16.4: record the findings and apply ``renege_penalty``."""
    v = state.variants
    penalty = v.renege_penalty
    label = {
        "contract_forfeit": N_("contract forfeit: the deal ends here"),
        "fixed_120": N_("−%(fine)s to the offender"),
        "replay": N_("the deal is void and redealt"),
    }[penalty]
    findings = list(state.findings)
    proven = set(deal.proven)
    voided = set(deal.void_announcements)
    fines = list(deal.fines)
    at = deal.plays[-1][0] if deal.plays else deal.trick_number  # the trick of the proving card
    for p in proofs:
        penalty_note = note(penalty, label, p.seat, fine=FINE)
        findings.append(deal_finding(state.deal_number, p.seat, p.code, p.trick, at, p.note, penalty_note))
        proven.add((p.seat, p.trick or 0, p.code))
        if p.announcement is not None:
            voided.add(p.announcement)
        if penalty == "fixed_120":
            fines.append((p.seat, FINE, p.code))
    deal = evolve(deal, proven=frozenset(proven), void_announcements=frozenset(voided), fines=tuple(fines))
    state = evolve(state, findings=tuple(findings), deal=deal)
    if penalty == "replay":
        return throw_in(state, "renege_replay", proofs[0].seat, "cards")
    if penalty == "contract_forfeit":
        # §16.4: the deal ends at the proof. Several violations proven by the same card are all
        # reported; the declarer's, if any, decides the forfeit (the contract fails).
        seats = [p.seat for p in proofs]
        return finish(state, deal, offender=deal.declarer if deal.declarer in seats else seats[0])
    if deal.trick is None:
        return finish(state, deal)
    return state


def _marriages(deal: DealState, seats: int) -> tuple[tuple[tuple[Suit, ...], ...], int | None]:
    per: list[list[Suit]] = [[] for _ in range(seats)]
    aces: int | None = None
    for i, a in enumerate(deal.announcements):
        if i in deal.void_announcements:
            continue
        if a.kind == "marriage" and a.suit is not None:
            per[a.seat].append(a.suit)
        else:
            aces = a.seat
    return tuple(tuple(m) for m in per), aces


def finish(state: ThousandState, deal: DealState, offender: int | None = None) -> ThousandState:
    """The end of a played deal: card points (with the two-player piles) → §13 scoring."""
    v = state.variants
    n = state.seats
    points = list(deal.points) + [0] * (n - len(deal.points))
    won = list(deal.won) + [0] * (n - len(deal.won))
    if len(deal.active) == 2 and offender is None and deal.last_trick_winner is not None:
        # §3.3: the cards never played go to the winner of the last trick (discards per variant).
        rest = TOTAL_POINTS - sum(points)
        discards = sum(POINTS[c.rank] for c in deal.discards)
        if v.two_player_discard_points_to == "declarer" and deal.declarer is not None:
            points[deal.declarer] += discards
            rest -= discards
        points[deal.last_trick_winner] += rest
    marriages, aces = _marriages(deal, n)
    outcome = Outcome(
        "played",
        deal.declarer if deal.declarer is not None else 0,
        deal.contract,
        deal.active,
        deal.inactive,
        deal.blind,
        tuple(points[:n]),
        tuple(won[:n]),
        marriages,
        aces,
        deal.talon_known if len(deal.active) == 3 else None,
        offender,
        deal.fines,
        mode="cards",
    )
    before = evolve(state, deal=None, reveal=None)
    scored = score_deal(before, outcome)
    if deal.talon_known is None and deal.declarer is not None:
        # §16.1: the talon was never entered (taken dark); it may be revealed right after the deal.
        return evolve(scored, reveal=PendingReveal(before, deal, offender))
    return scored


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """What a claim check needs from a deal in play (hands ``None`` when not recorded)."""

    active: tuple[int, ...]
    hands: dict[int, tuple[Card, ...] | None]
    trick_leader: int
    trick_cards: tuple[Card, ...]
    trick_number: int
    tricks_left: int
    trump: Suit | None
    next_trump: Suit | None
    declarer: int
    contract: int
    points: dict[int, int]
    tricks_won: dict[int, int]
    marriages: tuple[tuple[int, Suit], ...]
    four_aces: int | None
    rules: TrickRules

    def as_json(self) -> dict[str, object]:
        return {
            "active": list(self.active),
            "hands": {str(s): None if h is None else [str(c) for c in h] for s, h in self.hands.items()},
            "trick": {"leader": self.trick_leader, "cards": [str(c) for c in self.trick_cards]},
            "trick_number": self.trick_number,
            "tricks_left": self.tricks_left,
            "trump": None if self.trump is None else self.trump.value,
            "declarer": self.declarer,
            "contract": self.contract,
            "points": {str(s): p for s, p in self.points.items()},
            "tricks_won": {str(s): p for s, p in self.tricks_won.items()},
            "marriages": [[s, suit.value] for s, suit in self.marriages],
            "four_aces": self.four_aces,
        }


def play_position(state: ThousandState) -> PlayPosition:
    """The position of a card-by-card deal in play, for the claims helper.

    Raises ``RulesError("not_playing")`` unless a deal is between its first lead and its last card
    (the deal must be in the ``declare`` phase, about to lead, or in ``play``). Points are card
    points of completed tricks; marriages are those announced so far (each counts for its
    announcer, §6.4); ``rules`` are the trick obligations with the current trump.
    """
    deal = state.deal
    if deal is None or deal.phase not in ("declare", "play") or deal.declarer is None:
        raise fail_play("not_playing", "There is no deal in play.", "§6")
    declarer = deal.declarer
    if deal.phase == "declare":
        deal = start_play(deal)
    trick = deal.trick
    assert trick is not None
    hands = {s: _sorted(hand_of(deal, s)) for s in deal.active}
    marriages, aces = _marriages(deal, state.seats)
    return PlayPosition(
        active=deal.active,
        hands=hands,
        trick_leader=trick.leader,
        trick_cards=trick.cards,
        trick_number=deal.trick_number,
        tricks_left=tricks_per_deal(len(deal.active)) - len(deal.completed),
        trump=deal.trump,
        next_trump=deal.next_trump,
        declarer=declarer,
        contract=deal.contract,
        points={s: deal.points[s] for s in deal.active},
        tricks_won={s: deal.won[s] for s in deal.active},
        marriages=tuple((s, suit) for s, suits in enumerate(marriages) for suit in suits),
        four_aces=aces,
        rules=base_rules(state.variants, deal.trump),
    )


def _sorted(hand: frozenset[Card] | None) -> tuple[Card, ...] | None:
    return None if hand is None else tuple(sorted(hand, key=str))


def legal_plays(state: ThousandState, deal: DealState) -> list[dict[str, object]]:
    """``play_card`` actions: legal cards when the hand is known, announcements on lead (with the
    hand unknown, the K and Q the player may still hold with their partner, so a table can announce
    a marriage with the card it taps)."""
    v = state.variants
    if deal.phase == "declare":
        deal = start_play(deal)
    trick = deal.trick
    assert trick is not None
    seat = next_seat(deal)
    action: dict[str, object] = {"type": "play_card", "seat": seat}
    hand = hand_of(deal, seat)
    first = deal.trick_number == 1
    may = may_announce(v, on_lead=not trick.cards, won_a_trick=not first) and not (first and seat != deal.declarer)
    announced = {a.suit for a in deal.announcements if a.kind == "marriage" and a.suit is not None}
    if hand is None:
        if may:
            possible = [
                c for c in sorted(DECK_SET, key=str) if c not in deal.played and not known_elsewhere(deal, seat, c)
            ]
            marriage = [str(c) for c in marriage_leads(possible, announced)]
            if marriage:
                action["marriage"] = marriage
        return [action]
    rules = base_rules(v, deal.trump)
    cards = sorted(legal_cards(hand, trick.cards, rules), key=str) if trick.cards else sorted(hand, key=str)
    action["cards"] = [str(c) for c in cards]
    if may:
        marriage = [str(c) for c in marriage_leads(cards, announced)]
        if marriage:
            action["marriage"] = marriage
        fresh = not any(a.kind == "four_aces" for a in deal.announcements)
        if v.four_aces_bonus and fresh and all(card_of(ACE, s) in hand for s in Suit):
            action["four_aces"] = [str(card_of(ACE, s)) for s in Suit]
    return [action]
