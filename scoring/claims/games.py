"""The play models: what may be played next and what a play does, for Hearts, Thousand and Bourré.

These are written for clarity on the immutable :class:`~scoring.claims.position.Position`; what
may be played comes from :mod:`scoring.obligations`, the one description of each game's play
obligations that the engines read as well. They are the oracle: counter-lines are
replayed through them and the test suite's reference search uses them; the fast solver
(:mod:`scoring.claims.solver`) turns the same obligations into bitmasks and flags once per search
(:meth:`scoring.claims.fastrules.RulesMixin.read_obligations`) and is cross-checked against these.

>>> from scoring.cards import parse_cards, Suit
>>> pos = Position.bourre([parse_cards("AD 6D 9S 3S 2C"), parse_cards("QD KC"), parse_cards("4S 7H")],
...                       leader=1, trump=Suit.SPADES, trick=parse_cards("QD 4S"))
>>> [str(p.card) for p in legal_plays(pos)]   # bourre.md §6.2 T1: W is a trump, any diamond
['AD', '6D']
"""

from __future__ import annotations

from dataclasses import replace

from scoring.cards import Card, Suit
from scoring.claims.position import (
    BourrePlay,
    Claim,
    ClaimKind,
    GameName,
    HeartsPlay,
    Play,
    Position,
    ThousandPlay,
)
from scoring.obligations import bourre as bourre_ob
from scoring.obligations import hearts as hearts_ob
from scoring.obligations import thousand as thousand_ob
from scoring.tricks import ACE_HIGH, TrickRules, legal_cards, winning_index


def penalty_points(card: Card) -> int:
    """Hearts penalty points of a card (hearts.md §1.3; the J♦ variant is not a penalty)."""
    if card.suit is Suit.HEARTS:
        return 1
    return 13 if card == hearts_ob.QUEEN_OF_SPADES else 0


def card_points(game: GameName, card: Card) -> int:
    """The points a card carries for the claims that count points."""
    if game is GameName.HEARTS:
        return penalty_points(card)
    if game is GameName.THOUSAND:
        return thousand_ob.POINTS.get(card.rank, 0)
    return 0


def marriage_value(rules: ThousandPlay, suit: Suit) -> int:
    return thousand_ob.marriage_value(suit, rules.spades_marriage_value)


def trick_rules(pos: Position) -> TrickRules:
    """The :class:`TrickRules` in force for the trick in progress."""
    rules = pos.rules
    if isinstance(rules, HeartsPlay):
        return TrickRules(strength=ACE_HIGH)
    if isinstance(rules, ThousandPlay):
        return thousand_ob.trick_rules(rules, pos.trump)
    return bourre_ob.trick_rules(_order(pos))


def _order(pos: Position) -> bourre_ob.TrickOrder:
    rules = pos.rules
    assert isinstance(rules, BourrePlay)
    return bourre_ob.TrickOrder(pos.trump, low_wins=rules.low_wins)


# --------------------------------------------------------------------------------------------- legality
def legal_plays(pos: Position) -> list[Play]:
    """Every play the player to act may make (the hand to act must be known)."""
    seat = pos.to_act
    hand = pos.hands[seat]
    if hand is None:
        raise ValueError(f"seat {seat}'s hand is not known")
    if not hand:
        return []
    rules = pos.rules
    if isinstance(rules, HeartsPlay):
        return [Play(seat, c) for c in _hearts_legal(pos, hand, rules)]
    if isinstance(rules, ThousandPlay):
        plays = [Play(seat, c) for c in legal_cards(hand, pos.trick, trick_rules(pos))]
        if not pos.trick:
            plays += [Play(seat, c, True) for c in hand if can_announce(pos, seat, c)]
        return plays
    return [Play(seat, c) for c in _bourre_legal(pos, hand, rules)]


def _hearts_legal(pos: Position, hand: tuple[Card, ...], rules: HeartsPlay) -> tuple[Card, ...]:
    """hearts.md §2.3 from the one description (:mod:`scoring.obligations.hearts`)."""
    ob = hearts_ob.Obligations.of(rules)
    if not pos.trick and pos.first_trick:
        return hearts_ob.opening_legal(ob, hand, hearts_broken=pos.hearts_broken)
    led = pos.trick[0].suit if pos.trick else None
    cards = hearts_ob.legal_from_hand(ob, hand, led=led, first_trick=pos.first_trick, hearts_broken=pos.hearts_broken)
    if led is None and hearts_ob.heart_lead_barred(
        ob, hearts_broken=pos.hearts_broken, passes=pos.lead_passes, seats=pos.seats
    ):
        # C.4 pass_lead: no heart lead while the lead may pass (the Q♠ of C.3 is then the lead)
        cards = tuple(c for c in cards if c.suit is not Suit.HEARTS) or cards
    return cards


def may_pass_lead(pos: Position, rules: HeartsPlay) -> bool:
    """hearts.md §2.3 C.4 ``pass_lead`` still in force: hearts unbroken (the fast search has no
    passes: it would lead a heart from an all-heart hand)."""
    return rules.all_hearts_unbroken_lead == "pass_lead" and rules.must_break_hearts and not pos.hearts_broken


def settle_lead(pos: Position) -> Position:
    """hearts.md §2.3 C.4 ``pass_lead``: before a trick is led, the lead passes left from each
    leader holding only hearts while unbroken (forced, so not a choice in the search) until a
    leader holds another suit or every other player has passed."""
    rules = pos.rules
    if pos.trick or not isinstance(rules, HeartsPlay) or rules.all_hearts_unbroken_lead != "pass_lead":
        return pos
    ob = hearts_ob.Obligations.of(rules)
    while (hand := pos.hands[pos.leader]) is not None and hearts_ob.lead_passes(
        ob, hand, hearts_broken=pos.hearts_broken, passes=pos.lead_passes, seats=pos.seats
    ):
        pos = replace(pos, leader=(pos.leader + 1) % pos.seats, lead_passes=pos.lead_passes + 1)
    return pos


def can_announce(pos: Position, seat: int, card: Card) -> bool:
    """thousand.md §6.4 (:mod:`scoring.obligations.thousand`): on lead, a trick won already,
    leading the K or Q while holding the other, in a suit not announced yet."""
    rules = pos.rules
    if not isinstance(rules, ThousandPlay):
        return False
    if not thousand_ob.may_announce(rules, on_lead=not pos.trick, won_a_trick=pos.tricks_won[seat] > 0):
        return False
    return card in thousand_ob.marriage_leads(pos.hands[seat] or (), pos.announced)


def _bourre_legal(pos: Position, hand: tuple[Card, ...], rules: BourrePlay) -> tuple[Card, ...]:
    """bourre.md §3.4, §3.6, §7 from the one description (:mod:`scoring.obligations.bourre`)."""
    seat = pos.to_act
    view = bourre_ob.CinchView(
        won=pos.tricks_won[seat],
        played=frozenset(pos.played | set(pos.trick)),
        known_out=frozenset(pos.known_out[seat]),
        last_to_play=bool(pos.trick) and len(pos.trick) == pos.seats - 1,
        others_void_in_trump=pos.trump is not None and _others_void_in_trump(pos, seat),
        own_played=frozenset(pos.played_by[seat]),
        opening_lead=Card(rules.opening_lead) if rules.opening_lead and not pos.played else None,
    )
    return bourre_ob.legal(hand, pos.trick, _order(pos), bourre_ob.PlayRules.of(rules), view)


def _others_void_in_trump(pos: Position, seat: int) -> bool:
    return all(pos.trump in pos.voids[s] for s in range(pos.seats) if s != seat)


# --------------------------------------------------------------------------------------------- playing
def apply_play(pos: Position, play: Play, *, check: bool = True) -> Position:
    """The position after ``play``; raises ``ValueError`` if it is not legal (unless ``check`` is off,
    for callers that took the play from :func:`legal_plays`)."""
    if check and play not in legal_plays(pos):
        raise ValueError(f"illegal play {play} in {pos.describe()}")
    seat = play.seat
    hands = list(pos.hands)
    hand = hands[seat] or ()
    hands[seat] = tuple(c for c in hand if c != play.card)
    sizes = list(pos.hand_sizes)
    sizes[seat] -= 1
    trick = (*pos.trick, play.card)
    changes: dict[str, object] = {"hands": tuple(hands), "hand_sizes": tuple(sizes), "trick": trick}
    if play.announce:
        changes |= _announce(pos, play)
    trump = changes.get("trump", pos.trump)
    assert trump is None or isinstance(trump, Suit)
    if isinstance(pos.rules, HeartsPlay) and hearts_ob.breaks_hearts(hearts_ob.Obligations.of(pos.rules), play.card):
        changes["hearts_broken"] = True
    if isinstance(pos.rules, BourrePlay):
        changes |= _bourre_facts(pos, seat, play.card)
    if len(trick) == pos.seats:
        rules = trick_rules(pos) if trump is pos.trump else trick_rules(replace(pos, trump=trump))
        winner = (pos.leader + winning_index(trick, rules)) % pos.seats
        won = list(pos.tricks_won)
        won[winner] += 1
        pts = list(pos.points_won)
        pts[winner] += sum(card_points(pos.game, c) for c in trick)
        changes |= {
            "trick": (),
            "leader": winner,
            "tricks_won": tuple(won),
            "points_won": tuple(pts),
            "played": pos.played | set(trick),
            "first_trick": False,
            "lead_passes": 0,
        }
        changes |= _after_trick(pos, trick, winner, pts, last=sum(sizes) == 0)
        return settle_lead(replace(pos, **changes))  # type: ignore[arg-type]
    return replace(pos, **changes)  # type: ignore[arg-type]


def _announce(pos: Position, play: Play) -> dict[str, object]:
    """A Thousand marriage (§6.4): its value at once; its suit trumps at once, or from the next
    trick under ``trump_change_timing = next_trick``."""
    suit = play.card.suit
    assert suit is not None and isinstance(pos.rules, ThousandPlay)
    bonus = tuple(b + marriage_value(pos.rules, suit) if s == play.seat else b for s, b in enumerate(pos.bonus))
    changes: dict[str, object] = {"bonus": bonus, "announced": pos.announced | {suit}}
    if pos.rules.trump_change_timing == "next_trick":
        changes["next_trump"] = suit
    else:
        changes["trump"] = suit
    return changes


def _after_trick(
    pos: Position, trick: tuple[Card, ...], winner: int, pts: list[int], *, last: bool
) -> dict[str, object]:
    """What a finished trick changes besides the winner's count: a Thousand trump change pending
    under ``next_trick`` takes effect; a Hearts kitty goes to the winner of its trick (§2.4)."""
    if pos.next_trump is not None:
        return {"trump": pos.next_trump, "next_trump": None}
    rules = pos.rules
    if not isinstance(rules, HeartsPlay) or rules.kitty_receipt == "none" or not pos.kitty_pending:
        return {}
    receipt = rules.kitty_receipt
    if (
        (receipt == "first_trick" and pos.first_trick)
        or (receipt == "last_trick" and last)
        or (receipt == "first_penalty" and any(penalty_points(c) for c in trick))
    ):
        pts[winner] += sum(penalty_points(c) for c in pos.kitty_pending)
        return {"points_won": tuple(pts), "kitty_pending": ()}
    return {}


def _bourre_facts(pos: Position, seat: int, card: Card) -> dict[str, object]:
    """The facts a Bourré play adds that the variants read: the cards each seat played (``akq_only``)
    and the seats shown out of trumps (``must_lead_trump_when_others_void``, as the engine's
    ``shown_void_in_trump``: no trump on a trump lead, or no trump when it had to trump)."""
    rules = pos.rules
    assert isinstance(rules, BourrePlay)
    out: dict[str, object] = {}
    if rules.cinch_rules == "akq_only":
        out["played_by"] = tuple(p | {card} if s == seat else p for s, p in enumerate(pos.played_by))
    trump = pos.trump
    if rules.must_lead_trump_when_others_void and pos.trick and trump is not None and card.suit is not trump:
        led = pos.trick[0].suit
        best = pos.trick[winning_index(pos.trick, trick_rules(pos))]
        if led is trump or (card.suit is not led and (rules.trump_when_cannot_overtrump or best.suit is not trump)):
            out["voids"] = tuple(v | {trump} if s == seat else v for s, v in enumerate(pos.voids))
    return out


def is_over(pos: Position) -> bool:
    return not pos.trick and all(s == 0 for s in pos.hand_sizes)


# --------------------------------------------------------------------------------------------- claims
def claim_score(pos: Position, claim: Claim) -> int:
    """The claimant's running measure for the claim: higher is better for the claimant."""
    c = claim.claimant
    if claim.kind is ClaimKind.NO_MORE_POINTS:
        return -pos.points_won[c]
    if claim.kind is ClaimKind.CONTRACT:
        return pos.points_won[c] + pos.bonus[c]
    return pos.tricks_won[c]


def claim_target(pos: Position, claim: Claim) -> int:
    """The final :func:`claim_score` the claim needs, computed at the moment of the claim."""
    c = claim.claimant
    if claim.kind is ClaimKind.ALL_TRICKS:
        return pos.tricks_won[c] + pos.remaining_tricks
    if claim.kind is ClaimKind.AT_LEAST:
        return pos.tricks_won[c] + claim.tricks
    if claim.kind is ClaimKind.NO_MORE_POINTS:
        return -pos.points_won[c]
    return claim.bid


def check_claim_kind(pos: Position, claim: Claim) -> None:
    if claim.kind is ClaimKind.NO_MORE_POINTS and pos.game is not GameName.HEARTS:
        raise ValueError("'no more points' is a Hearts claim")
    if claim.kind is ClaimKind.CONTRACT and pos.game is not GameName.THOUSAND:
        raise ValueError("'I make my contract' is a Thousand claim")
    if not 0 <= claim.claimant < pos.seats:
        raise ValueError("no such claimant seat")
    if pos.hands[claim.claimant] is None:
        raise ValueError("the claimant's hand must be known")


def replay_line(pos: Position, line: list[Play] | tuple[Play, ...]) -> Position:
    """Replay plays through the model (each must be legal) and return the final position."""
    pos = settle_lead(pos)
    for play in line:
        pos = apply_play(pos, play)
    return pos


def line_beats_claim(pos: Position, claim: Claim, line: list[Play] | tuple[Play, ...]) -> bool:
    """Whether a complete legal line ends with the claim not achieved."""
    end = replay_line(pos, line)
    return is_over(end) and claim_score(end, claim) < claim_target(pos, claim)
