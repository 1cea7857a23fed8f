"""Which card may be played: rules/hearts.md §2.3, judged on what the record shows.

A play is checked in this order: whose turn it is, whether the card can be in the player's hand at
all (:func:`check_card`), the opening lead, then the restrictions of §2.3 B–C. Each restriction is
expressed as the cards the player must *not* hold for the play to be legal
(:func:`rule_exclusions`). When the record already places such a card in the player's hand, the
play is illegal for certain and rejected; otherwise the exclusion is kept as evidence (§6.1).

>>> from scoring.hearts import GAME
>>> state = GAME.start({"pass_count": 0}, ["Ann", "Bob", "Cy", "Di"])
>>> state = GAME.apply_json(state, "deal", {})
>>> GAME.legal_actions(state)[0]
{'type': 'play_card', 'seat': 0, 'cards': ['2C'], 'hand_known': False}
"""

from __future__ import annotations

from scoring.cards import Card, Suit, sort_cards
from scoring.errors import RulesError
from scoring.explain import ParamValue
from scoring.hearts.hand import Hand
from scoring.hearts.texts import rejection
from scoring.hearts.variants import HeartsVariants
from scoring.knowledge import CardKnowledge, Exclusion
from scoring.obligations.hearts import Obligations, exclusions, heart_lead_barred

PLAY = "hearts.md §2.3"
#: The params each kind of evidence names (:mod:`scoring.hearts.texts`).
_EVIDENCE = {"follow": ("card", "suit"), "first_trick": ("card",), "first_trick_queen": (), "heart_lead": ("card",)}


def restriction(
    hand: Hand, seat: int, cards: frozenset[Card], code: str, kind: str, played: Card | None, /, **params: ParamValue
) -> Exclusion:
    """A restriction of this trick (:class:`scoring.knowledge.Exclusion`): for the play of ``played``
    to be legal ``seat`` must not hold any of ``cards`` (rule ``code``); ``kind`` and the params
    (with the seat's name) tell the evidence (:mod:`scoring.hearts.texts`). The cards are kept in
    the game's card order, the order a witness is named in, whatever a set's iteration order."""
    params_ = _params(hand, seat, **params)
    return Exclusion(seat, hand.trick_number, tuple(sort_cards(cards)), code, kind=kind, params=params_, card=played)


def _suit(cards: frozenset[Card], suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in cards if c.suit == suit)


def opening_options(hand: Hand) -> tuple[Card, ...]:
    """Clubs that may be the lowest club held by a player: the opening card of §1.4.

    With no kitty, or a kitty the table looked at, this is one card. With an unseen kitty, the
    i-th lowest club qualifies while the i lower clubs could all lie in the kitty (H-2).
    """
    clubs = sorted(_suit(hand.config.pack - (hand.kitty or frozenset()), Suit.CLUBS), key=lambda c: c.rank)
    if hand.kitty is not None or hand.config.kitty_size == 0:
        return (clubs[0],)
    placed = frozenset(c for cards in hand.known for c in cards)
    options: list[Card] = []
    for index, club in enumerate(clubs):
        if index > hand.config.kitty_size:
            break
        options.append(club)
        if club in placed:
            break
    return tuple(options)


def seats_to_act(hand: Hand, variants: HeartsVariants) -> tuple[int, ...]:
    """Seats that may play the next card (several only for an opening lead by an unknown holder)."""
    if hand.phase != "play":
        return ()
    if hand.trick is not None:
        return (hand.trick.next_seat(hand.seats),)
    options = opening_options(hand)
    return tuple(s for s in range(hand.seats) if any(hand.could_hold(s, c) for c in options))


def check_turn(hand: Hand, variants: HeartsVariants, seat: int) -> None:
    if not 0 <= seat < hand.seats:
        raise RulesError(
            "no_such_seat",
            "There is no seat %(seat)s at this table (seats 0–%(last)s).",
            rule="hearts.md §1.1",
            seat=seat,
            last=hand.seats - 1,
        )
    allowed = seats_to_act(hand, variants)
    if seat not in allowed:
        opening = hand.trick is None
        raise RulesError(
            "not_your_turn",
            "%(name)s cannot play now: the opening lead belongs to the holder of %(cards)s (§1.4)."
            if opening
            else "%(name)s cannot play now: it is %(turn)s's turn (play goes clockwise, the trick's winner "
            "leads next).",
            rule="hearts.md §2.3",
            seat=seat,
            expected=list(allowed),
            name=hand.name(seat),
            cards="/".join(c.pretty for c in opening_options(hand)),
            turn=hand.name(allowed[0]) if allowed else "",
        )


def check_card(hand: Hand, seat: int, card: Card) -> None:
    """The card exists in this pack, has not been played, and can be in ``seat``'s hand."""
    if card not in hand.config.pack:
        removed = sort_cards(hand.config.removed)
        raise RulesError(
            "card_not_in_pack",
            "%(card)s is not in the pack for %(count)s players (removed: %(removed)s)."
            if removed
            else "%(card)s is not in the pack.",
            rule="hearts.md §1.4",
            card=card.pretty,
            count=hand.seats,
            removed=", ".join(c.pretty for c in removed),
        )
    if card in hand.seen:
        raise RulesError(
            "card_already_played",
            "%(card)s has already been played in this hand.",
            rule="hearts.md §6.1",
            card=card.pretty,
        )
    if hand.kitty is not None and card in hand.kitty:
        raise RulesError(
            "card_not_in_hand",
            "%(card)s is in the kitty, not in %(name)s's hand.",
            rule="hearts.md §2.4",
            card=card.pretty,
            name=hand.name(seat),
        )
    for other, cards in enumerate(hand.known):
        if other != seat and card in cards:
            raise RulesError(
                "card_not_in_hand",
                "%(card)s is in %(holder_name)s's hand (as dealt or passed), not %(name)s's.",
                rule="hearts.md §6",
                card=card.pretty,
                holder=other,
                holder_name=hand.name(other),
                name=hand.name(seat),
            )
    if hand.complete[seat] and card not in hand.known[seat]:
        raise RulesError(
            "card_not_in_hand",
            "%(name)s does not hold %(card)s.",
            rule="hearts.md §6",
            card=card.pretty,
            seat=seat,
            name=hand.name(seat),
        )


def _opening_restrictions(hand: Hand, variants: HeartsVariants, seat: int, card: Card) -> list[Exclusion]:
    options = opening_options(hand)
    if variants.first_lead == "any_club":
        return _any_club_opening(hand, seat, card, options)
    if card not in options:
        raise RulesError(
            "must_lead_two_of_clubs",
            "The first trick is led with %(opening)s (the lowest club in play), not %(card)s.",
            rule="hearts.md §2.3 A",
            card=card.pretty,
            opening=options[0].pretty,
            expected=[str(c) for c in options],
        )
    below = hand.config.clubs_below(card) - (hand.kitty or frozenset())
    if not below:
        return []
    # An unseen kitty: leading a higher club says the lower clubs are in the kitty (H-2).
    return [
        restriction(hand, s, below, "must_lead_lowest_club", "lowest_club", card, card=card.pretty)
        for s in range(hand.seats)
    ]


def _any_club_opening(hand: Hand, seat: int, card: Card, options: tuple[Card, ...]) -> list[Exclusion]:
    """``first_lead = any_club``: a club, any; the opening card, when there is one, is then the
    leader's (nobody else may hold it)."""
    if card.suit != Suit.CLUBS:
        raise RulesError(
            "must_lead_a_club",
            "The first trick must be led with a club, not %(card)s.",
            rule=PLAY,
            card=card.pretty,
        )
    if len(options) != 1 or card == options[0]:
        return []
    return [
        restriction(
            hand,
            other,
            frozenset(options),
            "must_lead_lowest_club",
            "any_club",
            card,
            leader=hand.name(seat),
            card=card.pretty,
            opening=options[0].pretty,
        )
        for other in range(hand.seats)
        if other != seat
    ]


def rule_exclusions(hand: Hand, variants: HeartsVariants, seat: int, card: Card) -> list[Exclusion]:
    """The restrictions a play of ``card`` by ``seat`` relies on; raises when illegal for any hand."""
    if hand.trick is None:
        return _opening_restrictions(hand, variants, seat, card)
    pack = hand.config.pack - hand.seen - {card}
    led = hand.trick.cards[0].suit if hand.trick.cards else None
    if led is None and card.suit == Suit.HEARTS:
        _check_lead_passes(hand, variants, seat, card)
    found = exclusions(
        Obligations.of(variants),
        card,
        pack,
        led=led,
        first_trick=hand.trick_number == 1,
        hearts_broken=hand.hearts_broken,
    )
    given: dict[str, ParamValue] = {"card": card.pretty, "suit": led.symbol if led is not None else ""}
    return [
        restriction(hand, seat, x.cards, x.code, x.kind, card, **{k: given[k] for k in _EVIDENCE[x.kind]})
        for x in found
    ]


def _check_lead_passes(hand: Hand, variants: HeartsVariants, seat: int, card: Card) -> None:
    """§2.3 C.4 ``pass_lead``: with only hearts, unbroken, the lead passes left instead."""
    ob = Obligations.of(variants)
    if heart_lead_barred(ob, hearts_broken=hand.hearts_broken, passes=len(hand.lead_passers), seats=hand.seats):
        raise RulesError(
            "hearts_not_broken",
            "Hearts are not broken: %(name)s may not lead %(card)s; with only hearts the lead passes left.",
            rule="hearts.md §2.3 C.4",
            card=card.pretty,
            name=hand.name(seat),
        )


def pass_lead_exclusions(hand: Hand, variants: HeartsVariants, seat: int) -> list[Exclusion]:
    """``pass_lead``: legal only for the leader, hearts unbroken, holding only hearts (§2.3 C.4)."""
    if variants.all_hearts_unbroken_lead != "pass_lead":
        raise RulesError(
            "pass_lead_not_allowed", "This table leads a heart from an all-heart hand.", rule="hearts.md §2.3 C.4"
        )
    if hand.trick is None or hand.trick.cards or seat != hand.trick.leader:
        raise RulesError(
            "not_your_turn", "%(name)s is not leading a trick now.", rule=PLAY, seat=seat, name=hand.name(seat)
        )
    if hand.hearts_broken or not variants.must_break_hearts:
        raise RulesError(
            "pass_lead_not_allowed", "Hearts may be led now: the lead does not pass.", rule="hearts.md §2.3 C.4"
        )
    if len(hand.lead_passers) >= hand.seats - 1:
        raise RulesError(
            "pass_lead_not_allowed",
            "Every other player passed the lead: this player leads a heart.",
            rule="hearts.md §2.3 C.4",
        )
    others = frozenset(c for c in hand.config.pack - hand.seen if c.suit != Suit.HEARTS)
    return [restriction(hand, seat, others, "all_hearts_unbroken_lead", "pass_lead", None)]


def certain_violation(hand: Hand, restrictions: list[Exclusion]) -> Exclusion | None:
    """The first restriction the record already breaks: the shared model proves a card it excludes
    held now (a card the record places in the seat's hand, ``hand.known``)."""
    now = CardKnowledge.of(placed={c: s for s, cards in enumerate(hand.known) for c in cards})
    broken = [v.restriction for v in now.violations(*restrictions)]
    return next((r for r in broken if isinstance(r, Exclusion)), None)


def _params(hand: Hand, seat: int, **params: ParamValue) -> tuple[tuple[str, ParamValue], ...]:
    """The evidence's params: the name of the seat it is against, and the rest."""
    return tuple(sorted({"name": hand.name(seat), **params}.items()))


def reject(restriction: Exclusion, hand: Hand) -> RulesError:
    held_cards = sort_cards(frozenset(restriction.cards) & hand.known[restriction.seat])
    held = sorted(map(str, held_cards))
    rule = {
        "must_follow_suit": "hearts.md §2.3 B.1",
        "no_points_first_trick": "hearts.md §2.3 B.2",
        "hearts_not_broken": "hearts.md §2.3 C.2",
        "all_hearts_unbroken_lead": "hearts.md §2.3 C.4",
    }.get(restriction.code, "hearts.md §2.3 A")
    params: dict[str, object] = {
        **dict(restriction.params),
        "cards": ", ".join(c.pretty for c in held_cards),
        "seat": restriction.seat,
        "held": held,
    }
    return rejection(restriction.code, restriction.kind, rule, params)


def check_play(hand: Hand, variants: HeartsVariants, seat: int, card: Card) -> list[Exclusion]:
    """Raise if the play is illegal for certain; else return the restrictions it relies on."""
    check_turn(hand, variants, seat)
    check_card(hand, seat, card)
    restrictions = rule_exclusions(hand, variants, seat, card)
    broken = certain_violation(hand, restrictions)
    if broken is not None:
        raise reject(broken, hand)
    return restrictions


def legal_cards(hand: Hand, variants: HeartsVariants, seat: int) -> list[Card]:
    """Exactly the legal cards when ``seat``'s hand is known; otherwise the cards not yet seen,
    not placed elsewhere and not excluded by the seat's shown voids, that would be legal."""
    out = []
    for card in hand.possible(seat):
        try:
            check_play(hand, variants, seat, card)
        except RulesError:
            continue
        out.append(card)
    return sort_cards(out)
