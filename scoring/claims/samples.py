"""Random positions and claims from a seed, for the cross-check tests and the benchmark.

Positions are deals of the remaining cards (the rest counts as played in earlier tricks), optionally
a few random legal cards into the trick in progress, with a claim of a kind the game allows.

The draws never follow the iteration order of a set (a card's hash is its name's string hash, which
``PYTHONHASHSEED`` changes): a seed gives the same positions in every process, so a failure found
by a cross-check reproduces.

>>> import random
>>> pos, claim = random_case(random.Random(1), "hearts", 3)
>>> pos.seats, max(pos.hand_sizes) <= 3
(4, True)
"""

from __future__ import annotations

import random
from dataclasses import replace

from scoring.cards import Card, Suit, card_of, sort_cards
from scoring.claims.games import (
    apply_play,
    card_points,
    claim_score,
    legal_plays,
)
from scoring.claims.position import (
    BourrePlay,
    Claim,
    ClaimKind,
    GameName,
    HeartsPlay,
    Position,
    ThousandPlay,
)

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
FULL_DECK = tuple(card_of(r, s) for s in SUITS for r in range(2, 15))
THOUSAND_DECK = tuple(card_of(r, s) for s in SUITS for r in (9, 10, 11, 12, 13, 14))


def random_position(rng: random.Random, game: str, size: int, *, players: int | None = None) -> Position:
    """A random position with ``size`` cards in each hand at a trick boundary, then 0..n-1 random
    legal cards into the trick."""
    name = GameName(game)
    if name is GameName.HEARTS:
        n = players or 4
        deck = list(FULL_DECK)
    elif name is GameName.THOUSAND:
        n = players or 3
        deck = list(THOUSAND_DECK)
    else:
        n = players or rng.randint(2, 5)
        deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = [sorted(deck[i * size : (i + 1) * size], key=str) for i in range(n)]
    rest = deck[n * size :]
    leader = rng.randrange(n)
    kw: dict[str, object] = {}
    if name is GameName.HEARTS:
        total = 13 if n == 4 else 52 // n
        played = frozenset(rest) if size < total else frozenset()
        first = size == total
        if first:
            two = min((c for h in hands for c in h if c.suit is Suit.CLUBS), key=lambda c: c.rank)
            leader = next(i for i, h in enumerate(hands) if two in h)
        broken = any(c.suit is Suit.HEARTS for c in played) and rng.random() < 0.9
        pts = [0] * n
        for c in sort_cards(played):
            pts[rng.randrange(n)] += card_points(name, c)
        done = total - size
        won = _split(rng, done, n)
        kw = {
            "played": played,
            "hearts_broken": broken,
            "first_trick": first,
            "points_won": tuple(pts),
            "tricks_won": won,
        }
        pos = Position(name, HeartsPlay(), tuple(tuple(h) for h in hands), leader, **kw)  # type: ignore[arg-type]
    elif name is GameName.THOUSAND:
        done = 8 - size
        played_cards = rest[: max(0, len(rest) - 0)]
        trump = rng.choice([None, *SUITS]) if done else None
        won = _split(rng, done, n)
        pts = [0] * n
        for c in played_cards:
            pts[rng.randrange(n)] += card_points(name, c)
        announced = frozenset({trump}) if trump is not None else frozenset()
        pos = Position(
            name,
            ThousandPlay(must_head_trick=rng.random() < 0.2),
            tuple(tuple(h) for h in hands),
            leader,
            trump=trump,
            announced=announced,
            played=frozenset(played_cards),
            tricks_won=won,
            points_won=tuple(pts),
        )
    else:
        done = 5 - size
        trump = rng.choice(SUITS)
        played_cards = rest[: n * done]
        won = _split(rng, done, n)
        r = rng.random()
        rules = BourrePlay(
            cinch_rules="none" if r < 0.2 else "pagat",
            must_beat_mode="highest_card" if 0.2 <= r < 0.3 else "any_beating_card",
            trump_when_cannot_overtrump=not (0.3 <= r < 0.4),
            cinch_equivalent_trumps=rng.choice(["sequence", "sequence", "adjacent_only", "strict"]),
        )
        pos = Position(
            name,
            rules,
            tuple(tuple(h) for h in hands),
            leader,
            trump=trump,
            played=frozenset(played_cards),
            tricks_won=won,
        )
    for _ in range(rng.randrange(n)):
        plays = legal_plays(pos)
        pos = apply_play(pos, rng.choice(plays))
        if not pos.trick:
            break
    return pos


def _split(rng: random.Random, total: int, n: int) -> tuple[int, ...]:
    won = [0] * n
    for _ in range(total):
        won[rng.randrange(n)] += 1
    return tuple(won)


def random_claim(rng: random.Random, pos: Position, claimant: int | None = None) -> Claim:
    c = rng.randrange(pos.seats) if claimant is None else claimant
    kinds = [ClaimKind.ALL_TRICKS, ClaimKind.AT_LEAST]
    if pos.game is GameName.HEARTS:
        kinds.append(ClaimKind.NO_MORE_POINTS)
    if pos.game is GameName.THOUSAND:
        kinds += [ClaimKind.CONTRACT, ClaimKind.CONTRACT]
    kind = rng.choice(kinds)
    if kind is ClaimKind.AT_LEAST:
        return Claim(kind, c, tricks=rng.randint(1, pos.remaining_tricks))
    if kind is ClaimKind.CONTRACT:
        have = claim_score(pos, Claim(kind, c))
        live = sum(card_points(pos.game, x) for h in pos.hands for x in (h or ())) + sum(
            card_points(pos.game, x) for x in pos.trick
        )
        bid = have + rng.randint(0, max(1, live // 2))
        return Claim(kind, c, bid=bid)
    return Claim(kind, c)


def random_case(rng: random.Random, game: str, max_size: int) -> tuple[Position, Claim]:
    pos = random_position(rng, game, rng.randint(1, max_size))
    return pos, random_claim(rng, pos)


def hide_others(rng: random.Random, pos: Position, claimant: int) -> Position:
    """The same position seen by the claimant only: the other hands become unseen cards, and each
    suit a hidden hand really lacks is, by chance, recorded as a shown void."""
    hands: list[tuple[Card, ...] | None] = []
    unseen: list[Card] = []
    voids = []
    for s, h in enumerate(pos.hands):
        assert h is not None
        if s == claimant:
            hands.append(h)
            voids.append(pos.voids[s])
            continue
        hands.append(None)
        unseen += h
        lacking = [x for x in SUITS if all(c.suit is not x for c in h)]
        voids.append(frozenset(x for x in lacking if rng.random() < 0.5))
    return replace(pos, hands=tuple(hands), unseen=tuple(sorted(unseen, key=str)), voids=tuple(voids))
