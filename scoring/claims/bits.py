"""Bitmask encoding of cards for the fast claim search, and the search state's basic facts.

A card is bit ``16·suit + strength`` (suits C D H S; strength 0 = lowest of the game's rank order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from scoring.cards import Card, Suit, card_of
from scoring.claims.position import ClaimKind, GameName, PlayRules
from scoring.tricks import TEN_HIGH

# Final: compiled (mypyc), the constants are read without a module dictionary lookup
SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_INDEX: Final = {s: i for i, s in enumerate(SUITS)}
HEARTS_I: Final = 2
ANNOUNCE: Final = 64  # move flag: Thousand marriage announced with this lead
INF: Final = 10**9


class Timeout(Exception):
    """The time budget ran out."""


class Stats:
    def __init__(self) -> None:
        self.nodes = 0


def _strength(game: GameName, rank: int) -> int:
    return TEN_HIGH[rank] if game is GameName.THOUSAND else rank - 2


def cid_of(game: GameName, card: Card) -> int:
    assert card.suit is not None
    return SUIT_INDEX[card.suit] * 16 + _strength(game, card.rank)


def card_of_cid(game: GameName, cid: int) -> Card:
    suit = SUITS[cid >> 4]
    st = cid & 15
    rank = next(r for r, s in TEN_HIGH.items() if s == st) if game is GameName.THOUSAND else st + 2
    return card_of(rank, suit)


def mask_of(game: GameName, cards: tuple[Card, ...] | frozenset[Card] | list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << cid_of(game, c)
    return m


def sm(suit: int) -> int:
    """A suit's 13 strengths (not 16 bits: every mask then stays below 2**61, a machine word when
    compiled). A function, not a tuple: compiled, indexing a constant tuple builds the tuple anew."""
    return 0x1FFF << (suit << 4)


def popcount(x: int) -> int:
    """The number of cards in a mask (below 2**61). Not ``int.bit_count``: mypyc has no primitive
    for it, so compiled it would box the int and call a method — the search's hottest cost."""
    x -= (x >> 1) & 0x1555555555555555
    x = (x & 0x1333333333333333) + ((x >> 2) & 0x1333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


_Done = tuple[int, list[int], list[int], int, int]
_Undo = tuple[int, int, tuple[int, int, bool, int, bool], int | None, _Done | None, int]


class EngineState:
    """The fields of the search state (set by :class:`~scoring.claims.solver.Engine`) and the
    facts every part of the search reads."""

    game: GameName
    rules: PlayRules
    n: int
    claimant: int
    kind: ClaimKind
    pool_mode: bool
    hands: list[int]
    pool: int
    voids: list[int]
    leader: int
    trick: list[int]
    trump: int
    broken: bool
    first: bool
    won: list[int]
    announced: int
    played: int
    known_out: list[int]
    full: tuple[int, ...]
    qs: int
    value: list[int]
    cls: list[int]
    sign: int
    per_trick: bool
    cinch: bool
    use_bounds: bool
    allm: int
    tmask: int
    wstack: list[int]
    live_pts: int
    # facts of the claim and rules read at every node, kept as plain fields (cheap when compiled)
    nmp: bool  # a Hearts "no more points" claim
    contract: bool  # a Thousand contract claim
    thousand: bool
    hearts: bool
    qbreaks: bool  # Hearts: the Q♠ breaks hearts
    mvals: list[int]  # Thousand: each suit's marriage value (0 in other games)
    # the play obligations (scoring/obligations/), read once per search into flags and masks
    club_lead: bool  # Hearts §2.3 A: the first lead is a club when held
    any_club: bool  # ... any club (else the lowest)
    must_break: bool  # Hearts C.2: no heart lead before hearts are broken
    hearts_for_qs: bool  # Hearts C.3: hearts may be led when the rest is the Q♠
    clean_first: bool  # Hearts B.2: no penalty card on the first trick when able
    heart_fallback: bool  # Hearts B.3: else a heart before the Q♠
    pen: int  # Hearts: the penalty cards (is_penalty_card)
    must_trump: bool  # void in the suit led, trump (Thousand must_trump_when_void; Bourré)
    head_follow: bool  # head the trick when following
    head_trump: bool  # head the trick when trumping
    mreq_won: bool  # Thousand §6.4: a marriage only after a won trick
    highest: bool  # Bourré must_beat_mode highest_card
    trump_any: bool  # Bourré trump_when_cannot_overtrump
    cinch_need: int  # Bourré §3.6: won + sure tricks for a cinch
    equiv: str  # Bourré: which trumps count as the highest (strict / sequence / adjacent_only)
    stats: Stats
    clock: Callable[[], float] | None
    deadline: float

    def tick(self) -> None:
        """Count a position; every 1,024 of them, stop if the time budget ran out."""
        self.stats.nodes += 1
        if self.clock is not None and self.stats.nodes & 1023 == 0 and self.clock() > self.deadline:
            raise Timeout

    def _add_to_trick(self, cid: int) -> None:
        if self.trick:
            w = self.wstack[-1]
            self.wstack.append(len(self.trick) if self._beats(cid, self.trick[w]) else w)
        else:
            self.wstack.append(0)
        self.trick.append(cid)
        self.tmask |= 1 << cid

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def trick_mask(self) -> int:
        return self.tmask

    def all_cards(self) -> int:
        return self.allm

    def cards_left(self) -> int:
        return popcount(self.allm)

    def winner_index(self) -> int:
        """Index in the trick of the card winning it so far."""
        return self.wstack[-1] if self.wstack else 0

    def _beats(self, x: int, w: int) -> bool:
        if x >> 4 == w >> 4:
            return (x & 15) > (w & 15)
        return x >> 4 == self.trump

    def beat_mask(self, w: int) -> int:
        """Cards that would beat ``w`` when it is winning the trick."""
        s = w >> 4
        m = sm(s) & ~((2 << w) - 1)
        if self.trump >= 0 and s != self.trump:
            m |= sm(self.trump)
        return m

    def live(self) -> int:
        m = self.all_cards() | self.trick_mask()
        if self.cinch:
            m |= self.full[self.trump] & ~self.played
        return m

    def _opponents(self) -> int:
        m = self.pool
        for s, h in enumerate(self.hands):
            if s != self.claimant:
                m |= h
        return m


_PEXT: Final[dict[tuple[int, int], int]] = {}


def _pext(live: int, owned: int) -> int:
    """``owned``'s bits renumbered by their rank among ``live``'s bits (parallel bit extract)."""
    if not owned:
        return 0
    k = (live, owned)
    r = _PEXT.get(k)
    if r is None:
        r = 0
        for i, b in enumerate(_bits(live)):
            if owned >> b & 1:
                r |= 1 << i
        if len(_PEXT) < 1_000_000:
            _PEXT[k] = r
    return r


def _full_suit(game: GameName, s: int) -> int:
    n = 6 if game is GameName.THOUSAND else 13
    return ((1 << n) - 1) << (16 * s)
