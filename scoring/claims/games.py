"""The play models: what may be played next and what a play does, for Hearts, Thousand and Bourré.

These are written for clarity from the rules files on top of :mod:`scoring.tricks`, on the
immutable :class:`~scoring.claims.position.Position`. They are the oracle: counter-lines are
replayed through them and the test suite's reference search uses them; the fast solver
(:mod:`scoring.claims.solver`) has its own bitmask form of the same rules and is cross-checked
against these.

>>> from scoring.cards import parse_cards, Suit
>>> pos = Position.bourre([parse_cards("AD 6D 9S 3S 2C"), parse_cards("QD KC"), parse_cards("4S 7H")],
...                       leader=1, trump=Suit.SPADES, trick=parse_cards("QD 4S"))
>>> [str(p.card) for p in legal_plays(pos)]   # bourre.md §6.2 T1: W is a trump, any diamond
['AD', '6D']
"""

from __future__ import annotations

from dataclasses import replace

from scoring.cards import ACE, JACK, KING, QUEEN, Card, Suit, card_of
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
from scoring.tricks import ACE_HIGH, TEN_HIGH, TrickRules, beats, legal_cards, winning_index

QUEEN_OF_SPADES = Card("QS")
#: thousand.md §2.2
THOUSAND_POINTS = {ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2, 9: 0}
#: bourre.md §7 Lo-No: the lower card wins (2 strongest, ace weakest).
LOW_WINS = {r: 15 - r for r in range(2, 15)}
#: thousand.md §2.3 (spades may be 60 by variant)
MARRIAGE_VALUES = {Suit.HEARTS: 100, Suit.DIAMONDS: 80, Suit.CLUBS: 60, Suit.SPADES: 40}


def penalty_points(card: Card) -> int:
    """Hearts penalty points of a card (hearts.md §1.3; the J♦ variant is not a penalty)."""
    if card.suit is Suit.HEARTS:
        return 1
    return 13 if card == QUEEN_OF_SPADES else 0


def card_points(game: GameName, card: Card) -> int:
    """The points a card carries for the claims that count points."""
    if game is GameName.HEARTS:
        return penalty_points(card)
    if game is GameName.THOUSAND:
        return THOUSAND_POINTS.get(card.rank, 0)
    return 0


def marriage_value(rules: ThousandPlay, suit: Suit) -> int:
    if suit is Suit.SPADES:
        return rules.spades_marriage_value
    return MARRIAGE_VALUES[suit]


def trick_rules(pos: Position) -> TrickRules:
    """The :class:`TrickRules` in force for the trick in progress."""
    rules = pos.rules
    if isinstance(rules, HeartsPlay):
        return TrickRules(strength=ACE_HIGH)
    if isinstance(rules, ThousandPlay):
        return TrickRules(
            strength=TEN_HIGH,
            trump=pos.trump,
            must_trump=rules.must_trump_when_void,
            head_when_following=rules.must_head_trick,
            head_when_trumping=rules.must_head_trick or rules.must_overtrump,
        )
    return TrickRules(
        strength=LOW_WINS if rules.low_wins else ACE_HIGH,
        trump=pos.trump,
        must_trump=pos.trump is not None,
        head_when_following=rules.head_trick_required,
        head_when_trumping=rules.head_trick_required,
    )


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
    if not pos.trick:
        if pos.first_trick and rules.first_lead != "left_of_dealer":
            # hearts.md §2.3 A: the lowest club in play (the 2♣ unless stripped), or any club.
            clubs = tuple(c for c in hand if c.suit is Suit.CLUBS)
            if clubs:
                if rules.first_lead == "any_club":
                    return clubs
                return (min(clubs, key=lambda c: c.rank),)
        if rules.must_break_hearts and not pos.hearts_broken:
            # §2.3 C: no heart lead before hearts break unless the hand holds nothing else.
            non_hearts = tuple(c for c in hand if c.suit is not Suit.HEARTS)
            if non_hearts:
                if rules.can_lead_hearts_instead_of_qs and non_hearts == (QUEEN_OF_SPADES,):
                    return hand
                return non_hearts
        return hand
    led = pos.trick[0].suit
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        return follow
    if pos.first_trick and rules.no_points_first_trick:
        # §2.3 B.2/B.3: no points on the first trick, unless the hand holds nothing else.
        clean = tuple(c for c in hand if penalty_points(c) == 0)
        if clean:
            return clean
        if rules.first_trick_fallback == "heart_only":
            hearts = tuple(c for c in hand if c.suit is Suit.HEARTS)
            if hearts:
                return hearts
    return hand


def can_announce(pos: Position, seat: int, card: Card) -> bool:
    """thousand.md §6.4: on lead, a trick won already, leading the K or Q while holding the other."""
    rules = pos.rules
    if not isinstance(rules, ThousandPlay) or pos.trick or card.rank not in (KING, QUEEN):
        return False
    assert card.suit is not None
    if card.suit in pos.announced:
        return False
    if rules.marriage_requires_won_trick and pos.tricks_won[seat] == 0:
        return False
    hand = pos.hands[seat] or ()
    other = Card(("Q" if card.rank == KING else "K") + card.suit.value)
    return other in hand and card in hand


def _bourre_legal(pos: Position, hand: tuple[Card, ...], rules: BourrePlay) -> tuple[Card, ...]:
    trump = pos.trump
    tr = trick_rules(pos)
    if not pos.trick:
        opening = Card(rules.opening_lead) if rules.opening_lead and not pos.played else None
        if opening is not None and opening in hand:
            return (opening,)  # §7 Lo-No: the dealer leads the turned card to the first trick
        normal = hand
    else:
        normal = legal_cards(hand, pos.trick, tr)
        led = pos.trick[0].suit
        following = any(c.suit is led for c in hand)
        best = pos.trick[winning_index(pos.trick, tr)]
        if (
            not following
            and not rules.trump_when_cannot_overtrump
            and trump is not None
            and not any(c.suit is trump and beats(c, best, led, tr) for c in hand)
        ):
            normal = hand  # §7 trump_when_cannot_overtrump = false: "play to win"
        if rules.must_beat_mode == "highest_card" and any(beats(c, best, led, tr) for c in normal):
            normal = (max(normal, key=lambda c: tr.strength[c.rank]),)
    if trump is None:
        return normal  # Lo-No: no trumps, no cinch (§7)
    seat = pos.to_act
    mine = [c for c in hand if c.suit is trump]
    if not mine:
        return normal
    if not has_cinch(pos, seat):
        if not pos.trick and rules.must_lead_trump_when_others_void and _others_void_in_trump(pos, seat):
            return tuple(mine)  # §7: lead a trump when every other player has shown out of trumps
        return normal
    last = len(pos.trick) == pos.seats - 1
    if pos.trick and (last or not any(c.suit is trump for c in normal)):
        return normal  # C-last, or following a side suit: nothing added
    equivalent = cinch_equivalents(pos, seat)
    return tuple(c for c in normal if c in equivalent)


def _others_void_in_trump(pos: Position, seat: int) -> bool:
    return all(pos.trump in pos.voids[s] for s in range(pos.seats) if s != seat)


def has_cinch(pos: Position, seat: int) -> bool:
    """bourre.md §3.6, the sure-trick test: won + |mine| - killable >= 3; under ``akq_only`` the
    player holds the rest of its A-K-Q of trumps; ``none`` and ``lay_down`` (a table procedure)
    impose nothing."""
    trump = pos.trump
    rules = pos.rules
    assert isinstance(rules, BourrePlay) and trump is not None
    if rules.cinch_rules in ("none", "lay_down"):
        return False
    hand = pos.hands[seat] or ()
    if rules.cinch_rules == "akq_only":
        top = [card_of(r, trump) for r in (ACE, KING, QUEEN)]
        return any(c in hand for c in top) and all(c in hand or c in pos.played_by[seat] for c in top)
    mine = sorted(c.rank for c in hand if c.suit is trump)
    gone = pos.played | set(pos.trick) | pos.known_out[seat]
    outstanding = sorted(r for r in range(2, 15) if r not in mine and card_of(r, trump) not in gone)
    killable = 0
    i = 0
    for o in outstanding:
        if i < len(mine) and o > mine[i]:
            killable += 1
            i += 1
    return pos.tricks_won[seat] + len(mine) - killable >= 3


def cinch_equivalents(pos: Position, seat: int) -> set[Card]:
    """The trumps accepted where the cinch demands the highest trump (§3.6, `cinch_equivalent_trumps`)."""
    rules = pos.rules
    assert isinstance(rules, BourrePlay)
    trump = pos.trump
    hand = pos.hands[seat] or ()
    mine = sorted((c for c in hand if c.suit is trump), key=lambda c: -c.rank)
    top = mine[0]
    out = {top}
    gone = pos.played | set(pos.trick)
    for t in mine[1:]:
        between = range(t.rank + 1, top.rank)
        in_hand = {c.rank for c in mine}
        played = {c.rank for c in gone if c.suit is trump}
        if rules.cinch_rules == "akq_only":
            ok = False  # the highest trump itself (bourre.md §7)
        elif rules.cinch_equivalent_trumps == "sequence":
            ok = all(r in in_hand or r in played for r in between)
        elif rules.cinch_equivalent_trumps == "adjacent_only":
            ok = t == mine[1] and all(r in played for r in between)
        else:
            ok = False
        if ok:
            out.add(t)
    return out


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
    if isinstance(pos.rules, HeartsPlay) and (
        play.card.suit is Suit.HEARTS or (pos.rules.queen_breaks_hearts and play.card == QUEEN_OF_SPADES)
    ):
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
        }
        changes |= _after_trick(pos, trick, winner, pts, last=sum(sizes) == 0)
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
    for play in line:
        pos = apply_play(pos, play)
    return pos


def line_beats_claim(pos: Position, claim: Claim, line: list[Play] | tuple[Play, ...]) -> bool:
    """Whether a complete legal line ends with the claim not achieved."""
    end = replay_line(pos, line)
    return is_over(end) and claim_score(end, claim) < claim_target(pos, claim)
