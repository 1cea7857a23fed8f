"""What the record proves when the hands were not entered (rules/thousand.md §16.1, §16.2).

After the exchange no card enters or leaves a hand except by being played, so a card is known to
be in P's hand at trick t when P plays it at t or later, or a recorded movement (a card given by
the declarer, a talon card the declarer kept) put it there and P has not played it before t. It is
known **not** to be there when P played it before t, another player plays it, or a movement put it
elsewhere. That bookkeeping, and the proof step, are the shared card-knowledge model's
(:mod:`scoring.knowledge`); this module says which cards each play excludes (§6.2) and what a
broken exclusion proves. Each check below names one violation the record establishes, never "one
of two".

>>> from scoring.thousand.rules import DECK
>>> len(DECK)
24
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from scoring.cards import ACE, KING, QUEEN, Card, Suit, card_of
from scoring.explain import Note
from scoring.knowledge import CardKnowledge, Exclusion, Play
from scoring.thousand.rules import DECK, RANKS, TOTAL_POINTS
from scoring.thousand.state import Announcement, DealState, all_hands_known, dealt_of, known_holder
from scoring.tricks import Trick, TrickRules, beats, head_violation, winning_index

SUIT_CARDS: dict[Suit, tuple[Card, ...]] = {s: tuple(card_of(r, s) for r in RANKS) for s in Suit}


@dataclass(frozen=True, slots=True)
class Proof:
    seat: int
    trick: int | None
    code: str
    note: Note  # what the record proves, for the summary
    announcement: int | None = None  # index of the announcement it voids

    @property
    def text(self) -> str:
        return self.note.text


def evidence(deal: DealState) -> CardKnowledge:
    """Who is known to hold what, from the plays and movements of one deal (the shared model)."""
    played = {c for _t, _s, c in deal.plays}
    placed: dict[Card, int] = {}
    declarer = deal.declarer
    for to, card in deal.given:
        if card is not None:
            placed[card] = to
    out: set[Card] = set(deal.discards)
    # Talon cards stay with the declarer only if every card passed on is known (§16.2).
    all_known = all(card is not None for _to, card in deal.given)
    if declarer is not None and deal.talon_known is not None and all_known:
        for card in deal.talon_known:
            if card not in placed and card not in out:
                placed[card] = declarer
    if len(deal.active) == 2 and deal.talon is not None and deal.pile is not None:
        unused = deal.talon[2 * (1 - deal.pile) : 2 * (1 - deal.pile) + 2]
        out.update(unused)
    if deal.hands is not None or deal.dealt is not None:
        # §16.1 partially known hands: the seats whose cards were entered place them exactly.
        for card in DECK:
            if card not in placed and card not in out and card not in played:
                holder = known_holder(deal, card)
                if holder is not None:
                    placed[card] = holder
    return CardKnowledge.of(_plays(deal), placed=placed, out=out)


def _plays(deal: DealState) -> list[Play]:
    """The deal's plays, each with the suit led to its trick (``None`` for the lead)."""
    out: list[Play] = []
    led: dict[int, Suit | None] = {}
    for t, s, c in deal.plays:
        out.append(Play(t, s, c, led.get(t)))
        led.setdefault(t, c.suit)
    return out


def trick_rules(base: TrickRules, trump: Suit | None) -> TrickRules:
    return base if base.trump == trump else base.with_trump(trump)


def play_proofs(deal: DealState, base: TrickRules, players: tuple[str, ...]) -> list[Proof]:
    """Every follow/trump/head violation and illegal announcement that the card just played proves.

    Only new evidence can prove something: a suspect play (off the led suit, or any follower's
    play when heading is required) is re-examined when the new card is of its led suit or of the
    trump suit at its trick (a witness, or the card completing a void), or when it is the new card.
    """
    if not deal.plays:
        return []
    _last_trick, last_seat, last = deal.plays[-1]
    tricks = [(t, tr) for t, _w, tr in deal.completed]
    if deal.trick is not None and deal.trick.cards:
        tricks.append((deal.trick, deal.trump))
    relevant = _suspects_to_recheck(deal, base, tricks)
    announced = [
        (index, ann)
        for index, ann in enumerate(deal.announcements)
        if index not in deal.void_announcements and last_seat != ann.seat and last in _partners(ann)
    ]
    if not relevant and not announced:
        return []
    ev = evidence(deal)
    order = deal.active
    proofs: list[Proof] = []
    for number, i in relevant:
        trick, trump = tricks[number - 1]
        seat = order[(order.index(trick.leader) + i) % len(order)]
        rules = trick_rules(base, trump)
        proof = _check(ev, seat, number, trick.cards[i], trick.cards[:i], trick.cards[0].suit, trump, rules, players)
        if proof is not None and (seat, number, proof.code) not in deal.proven:
            proofs.append(proof)
    proofs.extend(_announcement_proof(index, ann, last, players[last_seat], players) for index, ann in announced)
    return proofs


def _suspects_to_recheck(
    deal: DealState, base: TrickRules, tricks: list[tuple[Trick, Suit | None]]
) -> list[tuple[int, int]]:
    """(trick number, index in the trick) of the plays the card just played may prove illegal."""
    last_trick, _seat, last = deal.plays[-1]
    if base.head_when_following or base.head_when_trumping:
        suspects = [(n, i) for n, (t, _tr) in enumerate(tricks, start=1) for i in range(1, len(t.cards))]
    else:
        suspects = list(deal.offsuit)
    relevant = []
    for number, i in suspects:
        trick, trump = tricks[number - 1]
        is_new = number == last_trick and i == len(trick.cards) - 1
        if is_new or last.suit == trick.cards[0].suit or (trump is not None and last.suit == trump):
            relevant.append((number, i))
    return relevant


def _announcement_proof(index: int, ann: Announcement, card: Card, other: str, players: tuple[str, ...]) -> Proof:
    """The announcement ``index`` was illegal: ``other`` played ``card``, one it needed (§6.4)."""
    code = "illegal_marriage" if ann.kind == "marriage" else "illegal_four_aces"
    note = Note(
        code,
        "%(name)s announced the %(suit)s marriage at trick %(trick)s without holding %(card)s, "
        "which %(other)s played (§6.4)."
        if ann.suit is not None
        else "%(name)s announced four aces at trick %(trick)s without holding %(card)s, which %(other)s played (§6.4).",
        ann.seat,
        name=players[ann.seat],
        suit=ann.suit.symbol if ann.suit is not None else "",
        trick=ann.trick,
        card=card.pretty,
        other=other,
    )
    return Proof(ann.seat, ann.trick, code, note, index)


def _partners(ann: Announcement) -> tuple[Card, ...]:
    if ann.kind == "marriage" and ann.suit is not None:
        return (card_of(QUEEN if ann.card.rank == KING else KING, ann.suit),)
    return tuple(card_of(ACE, s) for s in Suit)


def _check(
    ev: CardKnowledge,
    seat: int,
    number: int,
    card: Card,
    before: tuple[Card, ...],
    led: Suit | None,
    trump: Suit | None,
    rules: TrickRules,
    players: tuple[str, ...],
) -> Proof | None:
    """The first of the play's restrictions the shared model proves broken, as a proof."""
    if led is None:
        return None
    found = ev.violations(*_restrictions(ev, seat, number, card, before, led, trump, rules))
    if not found:
        return None
    broken, witness = found[0].restriction, found[0].witness.pretty
    assert isinstance(broken, Exclusion)
    return Proof(seat, number, broken.code, _note(broken.kind, seat, players[seat], card, led, number, witness))


def _note(kind: str, seat: int, name: str, card: Card, led: Suit, trick: int, witness: str) -> Note:
    """What a broken restriction of kind ``kind`` proves (§6.2)."""
    if kind == "follow":
        return Note(
            "must_follow_suit",
            "%(name)s played %(card)s to %(suit)s at trick %(trick)s while holding %(witness)s (§6.2).",
            seat,
            name=name,
            card=card.pretty,
            suit=led.symbol,
            trick=trick,
            witness=witness,
        )
    if kind == "trump":
        return Note(
            "must_trump",
            "%(name)s, void in %(suit)s at trick %(trick)s, discarded %(card)s while "
            "holding the trump %(witness)s (§6.2).",
            seat,
            name=name,
            suit=led.symbol,
            trick=trick,
            card=card.pretty,
            witness=witness,
        )
    return Note(
        "must_head_trick",
        "%(name)s under-trumped at trick %(trick)s while holding %(witness)s (§6.2)."
        if kind == "head_trump"
        else "%(name)s did not head trick %(trick)s while holding %(witness)s (§6.2).",
        seat,
        name=name,
        trick=trick,
        witness=witness,
    )


def _restrictions(
    ev: CardKnowledge,
    seat: int,
    number: int,
    card: Card,
    before: tuple[Card, ...],
    led: Suit,
    trump: Suit | None,
    rules: TrickRules,
) -> list[Exclusion]:
    """The cards ``seat`` must not have held at trick ``number`` for ``card`` to be legal (§6.2),
    each list in the order a witness is named; must trump only once the void in ``led`` is proven."""

    def exclusion(code: str, kind: str, cards: Iterable[Card]) -> Exclusion:
        return Exclusion(seat, number, tuple(cards), code, rule="thousand.md §6.2", kind=kind, card=card)

    if card.suit == led:
        if not rules.head_when_following:
            return []
        heads = (w for w in SUIT_CARDS[led] if head_violation(w, card, before, rules))
        return [exclusion("must_head_trick", "head_follow", heads)]
    out = [exclusion("must_follow_suit", "follow", SUIT_CARDS[led])]
    must_trump = rules.must_trump and trump is not None and trump != led and card.suit != trump
    if must_trump and trump is not None and all(ev.not_held(seat, number, c) for c in SUIT_CARDS[led]):
        out.append(exclusion("must_trump", "trump", SUIT_CARDS[trump]))
    if rules.head_when_trumping and trump is not None and card.suit == trump != led:
        best = before[winning_index(before, rules)]
        if best.suit == trump and not beats(card, best, led, rules):
            beaters = (w for w in SUIT_CARDS[trump] if w != card and beats(w, best, led, rules))
            out.append(exclusion("must_head_trick", "head_trump", beaters))
    return out


def bid_proofs(deal: DealState, ceiling: Callable[[frozenset[Card]], int], players: tuple[str, ...]) -> list[Proof]:
    """§16.2, T-24: bids above 120 that the reconstructed dealt hand did not allow (deal end only)."""
    if all_hands_known(deal) or deal.declarer is None:
        return []
    played = _played_by_seat(deal)
    dealt = _dealt_hands(deal, played)
    proofs: list[Proof] = []
    for s, amount, blind in deal.bids:
        if amount <= TOTAL_POINTS or s not in dealt or any(p.seat == s for p in proofs):
            continue
        if amount > ceiling(dealt[s]):
            proofs.append(_bid_proof(s, amount, blind, dealt[s], players))
    if deal.raised and deal.contract > TOTAL_POINTS and not any(p.seat == deal.declarer for p in proofs):
        hand8 = frozenset(played[deal.declarer])
        if len(hand8) == (10 if len(deal.active) == 2 else 8) and deal.contract > ceiling(hand8):
            note = Note(
                "illegal_raise",
                "%(name)s raised to %(amount)s without a marriage after passing (§4.4).",
                deal.declarer,
                name=players[deal.declarer],
                amount=deal.contract,
            )
            proofs.append(Proof(deal.declarer, None, "illegal_raise", note))
    return proofs


def _played_by_seat(deal: DealState) -> dict[int, set[Card]]:
    played: dict[int, set[Card]] = {s: set() for s in deal.active}
    for _t, s, c in deal.plays:
        played[s].add(c)
    return played


def _dealt_hands(deal: DealState, played: dict[int, set[Card]]) -> dict[int, frozenset[Card]]:
    """The hands dealt to the seats whose cards were not entered, where the record shows them:
    declarer = (cards played ∪ cards passed) − talon; defender = cards played − card received.
    Without the talon or a passed card the hand is unknown and left out."""
    dealt: dict[int, frozenset[Card]] = {}
    received = dict(deal.given)
    for s in deal.active:
        if dealt_of(deal, s) is not None:
            continue  # a known hand's bids were checked when they were made (§4.3)
        if s == deal.declarer:
            taken = deal.talon_known
            passed = [c for _to, c in deal.given] + list(deal.discards)
            if taken is None or any(c is None for c in passed):
                continue
            dealt[s] = frozenset((played[s] | {c for c in passed if c is not None}) - set(taken))
        elif len(deal.active) == 2:
            dealt[s] = frozenset(played[s])
        else:
            card = received.get(s)
            if card is None:
                continue
            dealt[s] = frozenset(played[s] - {card})
    return dealt


def _bid_proof(seat: int, amount: int, blind: bool, dealt: frozenset[Card], players: tuple[str, ...]) -> Proof:
    """A bid of ``amount`` no marriage in the dealt hand allows (§4.3; blind, §4.6: judged alike)."""
    hand = " ".join(c.pretty for c in sorted(dealt, key=str))
    code = "illegal_blind_bid" if blind else "illegal_bid"
    note = Note(
        code,
        "%(name)s bid %(amount)s blind, dealt %(hand)s: no marriage allows it (§4.6, §4.3)."
        if blind
        else "%(name)s bid %(amount)s holding %(hand)s: no marriage allows it (§4.3).",
        seat,
        name=players[seat],
        amount=amount,
        hand=hand,
    )
    return Proof(seat, None, code, note)
