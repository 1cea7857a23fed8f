"""Playing a Hearts hand card by card: tricks, evidence and proven reneges (rules/hearts.md §2.3, §6).

Each play-phase event is an :class:`~scoring.hearts.hand.Action` folded by :func:`step` into the
hand. A retraction (§3.5 correction window) rebuilds the hand from the position after the pass
without the retracted cards, so no trace of them remains.

:func:`play_position` is the read-only view the claims checker uses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from scoring.cards import Card, Suit, format_cards, sort_cards
from scoring.explain import Note
from scoring.hearts.deal import QUEEN_OF_SPADES, hand_total, is_penalty_card, penalty_points
from scoring.hearts.hand import Action, DoneTrick, Finding, Hand, evidence, start_knowledge, voids_shown
from scoring.hearts.legality import check_play, legal_cards, pass_lead_exclusions, seats_to_act
from scoring.hearts.state import HeartsState
from scoring.hearts.texts import PROOF, rejection
from scoring.hearts.variants import HeartsVariants
from scoring.knowledge import Exclusion, Play
from scoring.tricks import Trick, TrickRules, trick_winner

#: No trumps, follow suit, ace high (§1.2).
HEARTS_TRICKS = TrickRules()


def penalty_note(variants: HeartsVariants, seat: int, name: str, first: bool) -> Note:
    """The penalty a renege brings (§3.5); the hand's total is 26, or 117 with spot hearts."""
    value = hand_total(variants)
    if variants.renege_penalty == "abandon_26":
        return Note(
            "renege_abandon_26",
            "hand abandoned: %(name)s is charged %(value)s, every other player 0 (§3.5)",
            seat,
            name=name,
            value=value,
        )
    if variants.renege_penalty == "score_as_played_plus_26":
        return Note(
            "renege_plus_26",
            "the hand is scored as played and %(name)s gets +%(value)s (§3.5)"
            if first
            else "%(name)s is already charged +%(value)s in this hand (once per hand, §3.5)",
            seat,
            name=name,
            value=value,
        )
    return Note("renege_no_penalty", "no penalty: this table plays renege_penalty = none (§3.5)", seat)


def _add_restrictions(hand: Hand, restrictions: list[Exclusion]) -> Hand:
    """Keep each restriction as evidence against a seat whose hand the record does not show."""
    kept = [r for r in restrictions if not hand.complete[r.seat] and r.cards]
    # a known hand was checked exactly: nothing left to prove
    return dataclasses.replace(hand, knowledge=hand.knowledge.restrict(*kept))


def _prove(hand: Hand, variants: HeartsVariants, seat: int, card: Card) -> Hand:
    """``seat`` played ``card`` that its earlier evidence excluded: the shared card-knowledge model
    proves the renege (§6.1)."""
    led = hand.trick.cards[0].suit if hand.trick is not None and hand.trick.cards else None
    knowledge = hand.knowledge.play(Play(hand.trick_number, seat, card, led))
    broken = knowledge.proven_violations()
    # The contradicted evidence is false; the rest still stands.
    hand = dataclasses.replace(hand, knowledge=knowledge.without(v.restriction for v in broken))
    proof = next((v for v in broken if isinstance(v.restriction, Exclusion)), None)
    if proof is None or not isinstance(first := proof.restriction, Exclusion):
        return hand
    already = seat in hand.charged
    finding = Finding(
        unit="hand",
        number=hand.number,
        seat=seat,
        code=first.code,
        status="proven",
        trick=first.trick,
        proven_at_trick=hand.trick_number,
        note=evidence(first, PROOF, trick=first.trick, at=hand.trick_number, played=proof.witness.pretty),
        penalty=penalty_note(variants, seat, hand.name(seat), not already),
    )
    return dataclasses.replace(hand, proven=(*hand.proven, finding))


def _close_trick(hand: Hand) -> Hand:
    assert hand.trick is not None
    trick, n = hand.trick, hand.seats
    winner = (trick.leader + trick_winner(trick.cards, HEARTS_TRICKS)) % n
    spot = hand.config.spot
    taken = penalty_points(trick.cards, spot=spot)
    points = list(hand.points)
    points[winner] += taken
    won = tuple(w + (1 if s == winner else 0) for s, w in enumerate(hand.tricks_won))
    jack = hand.config.jack
    jack_taker = winner if jack is not None and jack in trick.cards else hand.jack_taker
    tricks = (*hand.tricks, DoneTrick(trick.leader, trick.cards, winner, taken, hand.lead_passers))
    kitty_to, counted = hand.kitty_to, hand.kitty_counted
    rule = hand.config.kitty_rule
    if kitty_to is None and (
        (rule in ("four_player_12", "leftover_first_penalty") and any(map(is_penalty_card, trick.cards)))
        or (rule == "leftover_first_trick" and len(tricks) == 1)
        or (rule == "leftover_last_trick" and len(tricks) == hand.config.per_player)
    ):
        kitty_to = winner
    if kitty_to is not None and not counted and hand.kitty is not None:
        # §2.4: the kitty's cards count for the player who receives it.
        points[kitty_to] += penalty_points(hand.kitty, spot=spot)
        if jack is not None and jack in hand.kitty:
            jack_taker = kitty_to
        counted = True
    return dataclasses.replace(
        hand,
        points=tuple(points),
        tricks_won=won,
        jack_taker=jack_taker,
        tricks=tricks,
        trick=Trick(winner),
        lead_passers=(),
        kitty_to=kitty_to,
        kitty_counted=counted,
    )


def step(hand: Hand, variants: HeartsVariants, action: Action) -> Hand:
    """The hand after one play-phase action; raises RulesError when the action is illegal."""
    seat = action.seat
    if action.kind == "pass_lead":
        restrictions = pass_lead_exclusions(hand, variants, seat)
        held = sort_cards(c for r in restrictions for c in frozenset(r.cards) & hand.known[seat])
        if held:
            raise rejection(
                "all_hearts_unbroken_lead",
                "pass_lead",
                "hearts.md §2.3 C.4",
                {"name": hand.name(seat), "cards": ", ".join(c.pretty for c in held), "seat": seat},
            )
        hand = _add_restrictions(hand, restrictions)
        return dataclasses.replace(
            hand,
            trick=Trick((seat + 1) % hand.seats),
            lead_passers=(*hand.lead_passers, seat),
            actions=(*hand.actions, action),
        )
    card = action.card
    assert card is not None
    restrictions = check_play(hand, variants, seat, card)
    hand = _prove(hand, variants, seat, card)
    hand = _add_restrictions(hand, restrictions)
    trick = hand.trick if hand.trick is not None else Trick(seat)
    broken = (
        hand.hearts_broken or card.suit == Suit.HEARTS or (card == QUEEN_OF_SPADES and variants.queen_breaks_hearts)
    )
    hand = dataclasses.replace(
        hand,
        actions=(*hand.actions, action),
        known=tuple(k - {card} if s == seat else k for s, k in enumerate(hand.known)),
        played=tuple((*p, card) if s == seat else p for s, p in enumerate(hand.played)),
        trick=trick.add(card),
        hearts_broken=broken,
    )
    if len(trick.cards) + 1 == hand.seats:
        hand = _close_trick(hand)
    return hand


def rebuild(hand: Hand, variants: HeartsVariants, actions: tuple[Action, ...]) -> Hand:
    """The hand replayed from the position after the pass through ``actions``."""
    n = hand.seats
    leader = (hand.dealer + 1) % n if variants.first_lead == "left_of_dealer" else None
    base = dataclasses.replace(
        hand,
        actions=(),
        known=hand.start_known,
        complete=hand.start_complete,
        played=((),) * n,
        tricks=(),
        trick=Trick(leader) if leader is not None else None,
        lead_passers=(),
        hearts_broken=False,
        points=(0,) * n,
        tricks_won=(0,) * n,
        jack_taker=None,
        kitty_to=None,
        kitty_counted=False,
        knowledge=start_knowledge(hand.start_known, hand.kitty),
        proven=(),
    )
    for action in actions:
        base = step(base, variants, action)
    return base


def retract_window(hand: Hand, seat: int) -> int | None:
    """Index in ``hand.actions`` of ``seat``'s card that may still be taken back, if any (§3.5).

    The window is the current trick, or the trick just finished while the next has no card yet.
    """
    if hand.trick is None:
        return None
    plays = [i for i, a in enumerate(hand.actions) if a.kind == "play"]
    size = len(hand.trick.cards) if hand.trick.cards else (hand.seats if hand.tricks else 0)
    for index in plays[len(plays) - size :]:
        if hand.actions[index].seat == seat:
            return index
    return None


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """What the claims checker needs to know about a hand being played.

    ``hands`` holds each seat's remaining cards when the record shows the whole hand, else
    ``None``; ``known`` the cards the record places in each hand even when it is incomplete.
    """

    variants: HeartsVariants
    seats: int
    hands: tuple[tuple[Card, ...] | None, ...]
    known: tuple[tuple[Card, ...], ...]
    trick_number: int
    trick_leader: int | None
    trick_cards: tuple[Card, ...]
    to_act: tuple[int, ...]
    hearts_broken: bool
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    kitty: tuple[Card, ...] | None
    kitty_to: int | None
    jack_taker: int | None

    def legal_cards(self, state: HeartsState, seat: int) -> list[Card]:
        """Legal cards for ``seat`` in ``state`` (the state this position was read from)."""
        assert state.current is not None
        return legal_cards(state.current, self.variants, seat)

    def as_json(self) -> dict[str, Any]:
        return {
            "hands": [format_cards(h) if h is not None else None for h in self.hands],
            "known": [format_cards(k) for k in self.known],
            "trick_number": self.trick_number,
            "trick": {"leader": self.trick_leader, "cards": format_cards(self.trick_cards)},
            "to_act": list(self.to_act),
            "hearts_broken": self.hearts_broken,
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "kitty": format_cards(self.kitty) if self.kitty is not None else None,
            "kitty_to": self.kitty_to,
            "jack_taker": self.jack_taker,
            "variants": self.variants.to_json(),
        }


def read_position(state: HeartsState) -> PlayPosition | None:
    """The hand in play as typed values, or ``None`` when no hand is in its play phase.

    >>> from scoring.hearts import GAME
    >>> state = GAME.start({"pass_count": 0}, ["Ann", "Bob", "Cy", "Di"])
    >>> state = GAME.apply_json(state, "deal", {})
    >>> state = GAME.apply_json(state, "play_card", {"seat": 2, "card": "2C"})
    >>> position = read_position(state)
    >>> position.trick_number, position.trick_leader, position.to_act, position.hands
    (1, 2, (3,), (None, None, None, None))
    """
    hand = state.current
    if hand is None or hand.phase != "play":
        return None
    variants = state.variants
    trick = hand.trick
    return PlayPosition(
        variants=variants,
        seats=hand.seats,
        hands=tuple(tuple(sort_cards(hand.known[s])) if hand.complete[s] else None for s in range(hand.seats)),
        known=tuple(tuple(sort_cards(k)) for k in hand.known),
        trick_number=hand.trick_number,
        trick_leader=trick.leader if trick is not None else None,
        trick_cards=trick.cards if trick is not None else (),
        to_act=seats_to_act(hand, variants),
        hearts_broken=hand.hearts_broken,
        points=hand.points,
        tricks_won=hand.tricks_won,
        kitty=tuple(sort_cards(hand.kitty)) if hand.kitty is not None else None,
        kitty_to=hand.kitty_to,
        jack_taker=hand.jack_taker,
    )


#: The Hearts house rules that bear on the play, as the claims checker names them.
PLAY_RULE_KEYS = (
    "first_lead",
    "no_points_first_trick",
    "first_trick_fallback",
    "must_break_hearts",
    "queen_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
    "all_hearts_unbroken_lead",
)


def play_position(state: HeartsState) -> dict[str, Any] | None:
    """The hand in play as JSON for the claims checker (``scoring.claims`` position form), or
    ``None`` when no hand is in its play phase.

    Keys: ``game``, ``rules`` (the play variants), ``hands`` (remaining cards per seat when the
    record shows the whole hand, else ``null``), ``leader`` (of the current trick; before the
    opening lead the 2♣ holder when known, else ``null``), ``trick`` (cards so far), ``played``
    (cards of finished tricks), ``tricks_won``, ``points_won`` (penalty points so far, kitty
    included once received and known), ``hearts_broken``, ``first_trick``, ``hand_sizes``
    (cards left per seat), ``unseen`` (cards not played, not in a known hand or the known kitty),
    ``voids`` (suits each seat showed out of); and also ``trick_number``, ``to_act``, ``known``
    (cards placed in each hand even when incomplete), ``kitty``, ``kitty_to``, ``jack_taker`` and
    ``variants`` (every house rule).

    >>> from scoring.hearts import GAME
    >>> state = GAME.start({"pass_count": 0}, ["Ann", "Bob", "Cy", "Di"])
    >>> state = GAME.apply_json(state, "deal", {})
    >>> state = GAME.apply_json(state, "play_card", {"seat": 2, "card": "2C"})
    >>> data = play_position(state)
    >>> data["leader"], data["trick"], data["trick_number"], data["hand_sizes"], len(data["unseen"])
    (2, ['2C'], 1, [13, 13, 12, 13], 51)
    """
    position = read_position(state)
    hand = state.current
    if position is None or hand is None:
        return None
    leader = position.trick_leader
    if leader is None and len(position.to_act) == 1:
        leader = position.to_act[0]
    complete_cards = frozenset(c for s, k in enumerate(hand.known) if hand.complete[s] for c in k)
    trick_cards = frozenset(position.trick_cards)
    unseen = hand.config.pack - hand.seen - complete_cards - (hand.kitty or frozenset())
    played = hand.seen - trick_cards
    per_seat_played = [len(p) for p in hand.played]
    data = position.as_json()
    data.update(
        {
            "game": "hearts",
            "rules": {key: getattr(state.variants, key) for key in PLAY_RULE_KEYS},
            "leader": leader,
            "trick": format_cards(position.trick_cards),
            "trump": None,
            "played": sorted(map(str, played)),
            "tricks_won": list(position.tricks_won),
            "points_won": list(position.points),
            "bonus": [0] * hand.seats,
            "first_trick": position.trick_number == 1,
            "hand_sizes": [hand.config.per_player - n for n in per_seat_played],
            "unseen": sorted(map(str, unseen)),
            "voids": [sorted(map(str, v)) for v in voids_shown(hand)],
            "known_out": [[] for _ in range(hand.seats)],
            "lead_passes": len(hand.lead_passers),
        }
    )
    data.update(_card_facts(hand))
    data.update(_kitty_facts(hand, unseen))
    data["rules"]["kitty_receipt"] = _kitty_receipt(hand)
    return data


def _card_facts(hand: Hand) -> dict[str, Any]:
    """What the record proves about the hands it does not show (docs/claims.md, "card knowledge"):
    cards placed in them (``held``: e.g. received in a recorded pass) and cards each seat's own
    plays showed it did not hold (``not_held``: the evidence that proves a renege, §6.1)."""
    unknown = [not hand.complete[s] for s in range(hand.seats)]
    return {
        "held": [sorted(map(str, hand.known[s])) if unknown[s] else [] for s in range(hand.seats)],
        "not_held": [sorted(map(str, hand.knowledge.excluded(s))) if unknown[s] else [] for s in range(hand.seats)],
    }


#: Which trick's winner receives the kitty (§2.4), as the claim checker names it.
_KITTY_RECEIPT = {
    "four_player_12": "first_penalty",
    "leftover_first_penalty": "first_penalty",
    "leftover_first_trick": "first_trick",
    "leftover_last_trick": "last_trick",
}


def _kitty_receipt(hand: Hand) -> str:
    if hand.config.kitty_size == 0 or hand.kitty_to is not None:
        return "none"  # no kitty, or received already
    return _KITTY_RECEIPT.get(hand.config.kitty_rule, "none")


def _kitty_facts(hand: Hand, unseen: frozenset[Card]) -> dict[str, Any]:
    """The kitty still to be received: its cards when known; with every hand known, the unseen cards."""
    if _kitty_receipt(hand) == "none":
        return {"kitty_pending": None}
    if hand.kitty is not None:
        return {"kitty_pending": sorted(map(str, hand.kitty))}
    return {"kitty_pending": sorted(map(str, unseen)) if all(hand.complete) else None}
