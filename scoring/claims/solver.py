"""The fast claim search: a boolean double-dummy search in the manner of bridge solvers (DDS).

The claimant (MAX) plays against every other seat together (MIN). A claim is a threshold on a
quantity the claimant accumulates trick by trick (tricks won; minus Hearts penalty points; Thousand
card points plus marriages), so the search answers one yes/no question — *can the claimant make
at least ``need`` more?* — instead of computing an exact value. What makes it fast:

* **bitmask hands**: a card is bit ``16·suit + strength``; legality is a few integer operations;
* **rank equivalence**: two cards of one hand with no live card between them (and the same points
  and role) are the same card, so only one of them is searched;
* **bounds and cut-offs**: before searching a node, cheap lower/upper bounds on what the claimant
  can still make (remaining tricks or points; the claimant's top winners when on lead; a trick the
  opponents have already won) settle it when the claim is already won or already lost;
* **transposition table** at every trick boundary, keyed by the *normalised* position (per suit,
  who holds the live cards in rank order, not which cards they are), holding bounds on the value;
* **move ordering**: likely winners (or, for the opponents, likely spoilers) first.

The same engine runs in *pool mode* for claimant-only claims (see :mod:`scoring.claims.unknown`):
the opponents then share one pool of unseen cards, play any of them not in a suit they have shown
out of, and choose among themselves who leads after they win — a game more generous to them than
any real distribution, so a claim that holds there holds for every distribution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.cards import Card, Suit, card_of
from scoring.claims.games import THOUSAND_POINTS, marriage_value, penalty_points
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
from scoring.tricks import TEN_HIGH

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SM = tuple(0xFFFF << (16 * i) for i in range(4))
HEARTS_I = 2
ANNOUNCE = 64  # move flag: Thousand marriage announced with this lead
INF = 10**9


class Timeout(Exception):
    """The time budget ran out."""


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


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


_Done = tuple[int, list[int], list[int], int, int]
_Undo = tuple[int, int, tuple[int, int, bool, int, bool], int | None, _Done | None, int]


@dataclass
class Stats:
    nodes: int = 0


class Engine:
    """A mutable search state with ``push``/``pop``; built from a :class:`Position` and a claim."""

    def __init__(
        self,
        pos: Position,
        claim: Claim,
        *,
        pool_mode: bool = False,
        clock: Callable[[], float] | None = None,
        deadline: float = float("inf"),
        tt: dict[object, list[int]] | None = None,
        use_bounds: bool = True,
    ) -> None:
        g = self.game = pos.game
        self.rules = pos.rules
        self.n = pos.seats
        self.claimant = claim.claimant
        self.kind = claim.kind
        self.pool_mode = pool_mode
        self.hands = [mask_of(g, h or ()) for h in pos.hands]
        self.pool = mask_of(g, pos.unseen) if pool_mode else 0
        if pool_mode:
            # known hands of the others join the pool: more freedom for them, still sound
            for s in range(self.n):
                if s != claim.claimant:
                    self.pool |= self.hands[s]
                    self.hands[s] = 0
        self.voids = [sum(SM[SUIT_INDEX[s]] for s in v) for v in pos.voids]
        self.leader = pos.leader
        self.trick: list[int] = [cid_of(g, c) for c in pos.trick]
        self.trump = -1 if pos.trump is None else SUIT_INDEX[pos.trump]
        self.broken = pos.hearts_broken
        self.first = pos.first_trick
        self.won = list(pos.tricks_won)
        self.announced = sum(1 << SUIT_INDEX[s] for s in pos.announced)
        self.played = mask_of(g, pos.played)
        self.known_out = [mask_of(g, k) for k in pos.known_out]
        self.full = tuple(_full_suit(g, i) for i in range(4))
        self.qs = 1 << cid_of(g, Card("QS")) if g is not GameName.THOUSAND else 0
        # What a card is worth to the claimant's measure, and the class that keeps otherwise
        # adjacent cards apart in rank equivalence.
        self.value = [0] * 64
        self.cls = [0] * 64
        for cid in range(64):
            if (cid & 15) > (5 if g is GameName.THOUSAND else 12):
                continue
            card = card_of_cid(g, cid)
            if g is GameName.HEARTS:
                pp = penalty_points(card)
                self.value[cid] = pp if self.kind is ClaimKind.NO_MORE_POINTS else 0
                self.cls[cid] = 2 if card == Card("QS") else (1 if pp and self.value[cid] else 0)
            elif g is GameName.THOUSAND:
                pts = THOUSAND_POINTS[card.rank]
                self.value[cid] = pts if self.kind is ClaimKind.CONTRACT else 0
                self.cls[cid] = (pts + 1) if self.kind is ClaimKind.CONTRACT or card.rank in (12, 13) else 0
        self.sign = -1 if self.kind is ClaimKind.NO_MORE_POINTS else 1
        self.per_trick = self.kind in (ClaimKind.ALL_TRICKS, ClaimKind.AT_LEAST)
        self.cinch = isinstance(self.rules, BourrePlay) and self.rules.cinch_rules != "none" and self.trump >= 0
        self.undo: list[_Undo] = []
        self.tt: dict[object, list[int]] = {} if tt is None else tt
        self.clock = clock
        self.deadline = deadline
        self.stats = Stats()
        self.use_bounds = use_bounds
        self._sigs: dict[tuple[int, int], tuple[int, ...]] = {}
        self.killers: dict[int, int] = {}
        self.horizon = -1  # iterative deepening: stop at trick boundaries with this many cards left
        self.tt_h: dict[object, int] = {}
        # incremental facts, kept up to date by push/pop
        self.allm = self.pool
        for h in self.hands:
            self.allm |= h
        self.tmask = 0
        self.wstack: list[int] = []
        trick, self.trick = self.trick, []
        for c in trick:
            self._add_to_trick(c)
        self.live_pts = sum(self.value[c] for c in _bits(self.allm | self.tmask))

    def _add_to_trick(self, cid: int) -> None:
        if self.trick:
            w = self.wstack[-1]
            self.wstack.append(len(self.trick) if self._beats(cid, self.trick[w]) else w)
        else:
            self.wstack.append(0)
        self.trick.append(cid)
        self.tmask |= 1 << cid

    # ------------------------------------------------------------------ basic facts
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def trick_mask(self) -> int:
        return self.tmask

    def all_cards(self) -> int:
        return self.allm

    def cards_left(self) -> int:
        return self.allm.bit_count()

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
        m = SM[s] & ~((2 << w) - 1)
        if self.trump >= 0 and s != self.trump:
            m |= SM[self.trump]
        return m

    # ------------------------------------------------------------------ legality
    def legal_mask(self, seat: int) -> int:
        if self.pool_mode and seat != self.claimant:
            return self.pool & ~self.voids[seat]
        h = self.hands[seat]
        rules = self.rules
        if isinstance(rules, HeartsPlay):
            return self._hearts(h, rules)
        if isinstance(rules, ThousandPlay):
            return self._thousand(h, rules)
        assert isinstance(rules, BourrePlay)
        return self._bourre(seat, h, rules)

    def _hearts(self, h: int, rules: HeartsPlay) -> int:
        if not self.trick:
            if self.first and rules.first_lead != "left_of_dealer":
                clubs = h & SM[0]
                if clubs:
                    return clubs if rules.first_lead == "any_club" else clubs & -clubs
            if rules.must_break_hearts and not self.broken:
                nh = h & ~SM[HEARTS_I]
                if nh:
                    if rules.can_lead_hearts_instead_of_qs and nh == self.qs:
                        return h
                    return nh
            return h
        f = h & SM[self.trick[0] >> 4]
        if f:
            return f
        if self.first and rules.no_points_first_trick:
            clean = h & ~(SM[HEARTS_I] | self.qs)
            if clean:
                return clean
            if rules.first_trick_fallback == "heart_only":
                hh = h & SM[HEARTS_I]
                if hh:
                    return hh
        return h

    def _thousand(self, h: int, rules: ThousandPlay) -> int:
        if not self.trick:
            return h
        led = self.trick[0] >> 4
        w = self.trick[self.winner_index()]
        f = h & SM[led]
        if f:
            if rules.must_head_trick:
                return (f & self.beat_mask(w)) or f
            return f
        allowed = h
        if rules.must_trump_when_void and self.trump >= 0 and led != self.trump:
            t = h & SM[self.trump]
            if t:
                allowed = t
        if rules.must_head_trick or rules.must_overtrump:
            return (allowed & self.beat_mask(w)) or allowed
        return allowed

    def _bourre(self, seat: int, h: int, rules: BourrePlay) -> int:
        trump = self.trump
        if not self.trick:
            normal = h
        else:
            led = self.trick[0] >> 4
            w = self.trick[self.winner_index()]
            bm = self.beat_mask(w)
            f = h & SM[led]
            if f:
                normal = ((f & bm) or f) if rules.head_trick_required else f
            else:
                t = h & SM[trump] if trump >= 0 else 0
                if t:
                    normal = ((t & bm) or t) if rules.head_trick_required else t
                    if not rules.trump_when_cannot_overtrump and not (t & bm):
                        normal = h
                else:
                    normal = h
            if rules.must_beat_mode == "highest_card" and normal & bm:
                normal = 1 << (normal.bit_length() - 1)
        if not self.cinch:
            return normal
        mine = h & SM[trump]
        if not mine or not self.has_cinch(seat):
            return normal
        last = len(self.trick) == self.n - 1
        if self.trick and (last or not normal & SM[trump]):
            return normal
        return normal & self.cinch_equivalents(mine)

    def has_cinch(self, seat: int) -> bool:
        trump = self.trump
        mine = self.hands[seat] & SM[trump]
        gone = self.played | self.trick_mask() | self.known_out[seat]
        outstanding = self.full[trump] & ~mine & ~gone
        ms = _bits(mine)
        killable = 0
        i = 0
        for o in _bits(outstanding):
            if i < len(ms) and o > ms[i]:
                killable += 1
                i += 1
        return self.won[seat] + len(ms) - killable >= 3

    def cinch_equivalents(self, mine: int) -> int:
        rules = self.rules
        assert isinstance(rules, BourrePlay)
        top = mine.bit_length() - 1
        out = 1 << top
        gone = self.played | self.trick_mask()
        second = (mine ^ out).bit_length() - 1
        for t in _bits(mine ^ out):
            between = ((1 << top) - 1) & ~((2 << t) - 1)
            if rules.cinch_equivalent_trumps == "sequence":
                ok = not between & ~(mine | gone)
            elif rules.cinch_equivalent_trumps == "adjacent_only":
                ok = t == second and not between & ~gone
            else:
                ok = False
            if ok:
                out |= 1 << t
        return out

    def announce_ok(self, seat: int, cid: int) -> bool:
        """thousand.md §6.4: on lead, holding both K and Q, a trick won already, suit not announced."""
        rules = self.rules
        if not isinstance(rules, ThousandPlay) or self.trick:
            return False
        st = cid & 15
        if st not in (2, 3):  # Q, K in ten-high strength
            return False
        s = cid >> 4
        if self.announced >> s & 1:
            return False
        pair = (1 << (s * 16 + 2)) | (1 << (s * 16 + 3))
        if self.pool_mode and seat != self.claimant:
            return (self.pool & pair) == pair
        if rules.marriage_requires_won_trick and self.won[seat] == 0:
            return False
        return (self.hands[seat] & pair) == pair

    # ------------------------------------------------------------------ moves
    def live(self) -> int:
        m = self.all_cards() | self.trick_mask()
        if self.cinch:
            m |= self.full[self.trump] & ~self.played
        return m

    def moves(self, seat: int) -> list[int]:
        """Legal moves, one per class of equivalent cards, in search order."""
        legal = self.legal_mask(seat)
        live = self.live()
        cls = self.cls
        reps = []
        for c in _bits(legal):
            above = live & SM[c >> 4] & ~((2 << c) - 1)
            if above:
                nxt = (above & -above).bit_length() - 1
                if legal >> nxt & 1 and cls[nxt] == cls[c]:
                    continue  # the next live card up is ours and alike: the same card for the search
            reps.append(c)
        if isinstance(self.rules, ThousandPlay) and not self.trick:
            reps += [c | ANNOUNCE for c in reps if self.announce_ok(seat, c)]
            # the partner of an announced K/Q may have been merged away: it never is (class keeps K, Q apart)
        return self._order(seat, reps)

    def _order(self, seat: int, reps: list[int]) -> list[int]:
        maxi = seat == self.claimant
        if not self.trick:
            # Leads: the claimant leads high (cash winners) unless avoiding points; opponents lead high
            # to win, or low to make the claimant win a Hearts trick.
            if self.kind is ClaimKind.NO_MORE_POINTS:
                if maxi:
                    return sorted(reps, key=lambda c: c & 15)
                me = self.hands[self.claimant]

                def lead_key(c: int) -> int:
                    # lead under the claimant's cards in a suit it must follow: it may have to win
                    mine = me & SM[c >> 4]
                    if not mine:
                        return 200 + (c & 15)
                    low = (mine & -mine).bit_length() - 1
                    return (0 if low > c else 100) + (c & 15)

                return sorted(reps, key=lead_key)
            return sorted(reps, key=lambda c: -(c & 15) - (100 if c & ANNOUNCE else 0))
        w = self.trick[self.winner_index()]
        claimant_winning = (self.leader + self.winner_index()) % self.n == self.claimant
        claimant_played = (self.claimant - self.leader) % self.n < len(self.trick)
        led = self.trick[0] >> 4

        def key(c: int) -> int:
            c &= 63
            wins = self._beats(c, w)
            st = c & 15
            if self.kind is ClaimKind.NO_MORE_POINTS:
                if maxi:  # duck with the highest card that does not win, then the lowest winner
                    return (0 if not wins else 100) + (-st if not wins else st)
                if claimant_winning:  # dump points on the claimant's trick
                    return -self.value[c] * 10 + (100 if wins else 0) - st
                if claimant_played:  # the claimant is out of this trick: shed high cards, keep points
                    return self.value[c] * 10 - st
                if c >> 4 == led:  # before the claimant: keep the trick low so the claimant must win it
                    return st
                return -self.value[c] * 10 - st  # a discard: points first
            if self.kind is ClaimKind.CONTRACT:
                if maxi:  # win cheaply, else throw the fewest points
                    return (0 if wins else 100) + (st if wins else self.value[c])
                if claimant_winning:  # overtake high, else give the fewest points
                    return -st if wins else 100 + self.value[c]
                if claimant_played:  # the trick is ours: smear points onto it
                    return -self.value[c]
            if maxi or not claimant_winning:
                return (0 if wins else 100) + st  # win cheaply, else throw the lowest
            return -st if wins else 100 + st  # overtake the claimant as high as possible

        return sorted(reps, key=key)

    # ------------------------------------------------------------------ play
    def push(self, move: int) -> int:
        """Play a move; return what the claimant gained by it (a completed trick, a marriage)."""
        seat = self.to_act()
        cid = move & 63
        bit = 1 << cid
        gain = 0
        saved = (self.trump, self.announced, self.broken, self.leader, self.first)
        saved_voids = self.voids[seat] if self.pool_mode and seat != self.claimant else None
        if self.pool_mode and seat != self.claimant:
            self.pool ^= bit
            if self.trick:
                led = self.trick[0] >> 4
                if cid >> 4 != led:
                    self.voids[seat] |= SM[led]
                    if (
                        self.trump >= 0
                        and led != self.trump
                        and cid >> 4 != self.trump
                        and isinstance(self.rules, (ThousandPlay, BourrePlay))
                        and (not isinstance(self.rules, ThousandPlay) or self.rules.must_trump_when_void)
                        and (not isinstance(self.rules, BourrePlay) or self.rules.trump_when_cannot_overtrump)
                    ):
                        self.voids[seat] |= SM[self.trump]
        else:
            self.hands[seat] ^= bit
        if move & ANNOUNCE:
            s = cid >> 4
            self.trump = s
            self.announced |= 1 << s
            if seat == self.claimant and self.kind is ClaimKind.CONTRACT:
                assert isinstance(self.rules, ThousandPlay)
                gain += marriage_value(self.rules, SUITS[s])
        if cid >> 4 == HEARTS_I or (
            isinstance(self.rules, HeartsPlay) and self.rules.queen_breaks_hearts and bit == self.qs
        ):
            self.broken = True
        self.allm ^= bit
        self._add_to_trick(cid)
        done: _Done | None = None
        if len(self.trick) == self.n:
            winner = (self.leader + self.wstack[-1]) % self.n
            cards = self.trick
            pts = 0
            for c in cards:
                pts += self.value[c]
            if winner == self.claimant:
                gain += 1 if self.per_trick else self.sign * pts
            self.won[winner] += 1
            done = (winner, cards, self.wstack, self.tmask, pts)
            self.played |= self.tmask
            self.live_pts -= pts
            self.trick = []
            self.wstack = []
            self.tmask = 0
            self.leader = winner
            self.first = False
        self.undo.append((seat, move, saved, saved_voids, done, gain))
        return gain

    def pop(self) -> None:
        seat, move, saved, saved_voids, done, _gain = self.undo.pop()
        cid = move & 63
        self.trump, self.announced, self.broken, self.leader, self.first = saved
        if done is not None:
            winner, cards, wstack, tmask, pts = done
            self.won[winner] -= 1
            self.played &= ~tmask
            self.live_pts += pts
            self.trick, self.wstack, self.tmask = cards, wstack, tmask
        self.trick.pop()
        self.wstack.pop()
        self.tmask &= ~(1 << cid)
        self.allm ^= 1 << cid
        if saved_voids is not None:
            self.voids[seat] = saved_voids
            self.pool ^= 1 << cid
        else:
            self.hands[seat] ^= 1 << cid

    def set_leader(self, seat: int) -> None:
        """Pool mode: the opponents choose which of them won their trick (see module docstring)."""
        self.leader = seat

    # ------------------------------------------------------------------ bounds
    def bounds(self) -> tuple[int, int]:
        """Cheap (lower, upper) bounds on what the claimant can still gain from here."""
        rem_tricks = (self.allm.bit_count() + len(self.trick)) // self.n
        claimant_played = self.trick and ((self.claimant - self.leader) % self.n) < len(self.trick)
        if self.per_trick:
            lo, hi = 0, rem_tricks
            if claimant_played and (self.leader + self.winner_index()) % self.n != self.claimant:
                hi -= 1  # this trick is already lost to the claimant
            elif not self.trick and self.use_bounds:
                if self.leader == self.claimant:
                    lo = self.quick_tricks()[0]
                elif not self.pool_mode:
                    hi -= self.opponents_sure_trick()
                if self.trump >= 0:
                    mine, _pts, theirs = self.top_trumps()
                    lo = max(lo, mine)
                    hi = min(hi, rem_tricks - theirs)
            return lo, hi
        live_pts = self.live_pts
        if self.kind is ClaimKind.NO_MORE_POINTS:
            if not self.trick and self.use_bounds:
                if self.claimant_always_under():
                    return 0, 0
                if self.leader != self.claimant and not self.pool_mode:
                    return -live_pts, -self.opponents_force_points()
            return -live_pts, 0
        hi = live_pts + self.potential_marriages()
        lo = 0
        if not self.trick and self.use_bounds:
            if self.leader == self.claimant:
                lo = self.quick_tricks()[1]
            if self.trump >= 0:
                lo = max(lo, self.top_trumps()[1])
        return lo, hi

    def top_trumps(self) -> tuple[int, int, int]:
        """With a trump that cannot change: the claimant's trumps above every other trump each win
        their trick whenever played (count, their own points); and the most trumps one opponent
        holds above all the claimant's (each wins a trick the claimant loses; 0 in pool mode)."""
        t = SM[self.trump]
        me = self.hands[self.claimant] & t
        opp = self._opponents() & t
        if isinstance(self.rules, ThousandPlay) and self._opponents_may_announce():
            return 0, 0, 0
        top_opp = opp.bit_length()
        mine = me >> top_opp << top_opp if top_opp else me
        pts = 0
        for c in _bits(mine):
            pts += self.value[c]
        theirs = 0
        if not self.pool_mode and not (isinstance(self.rules, ThousandPlay) and self.potential_marriages()):
            top_me = me.bit_length()
            for seat, h in enumerate(self.hands):
                if seat != self.claimant:
                    above = (h & t) >> top_me
                    theirs = max(theirs, above.bit_count())
        return mine.bit_count(), pts, theirs

    def _opponents_may_announce(self) -> bool:
        holders = [self.pool] if self.pool_mode else [h for s, h in enumerate(self.hands) if s != self.claimant]
        for s in range(4):
            if self.announced >> s & 1:
                continue
            pair = (1 << (s * 16 + 2)) | (1 << (s * 16 + 3))
            if any(h & pair == pair for h in holders):
                return True
        return False

    def potential_marriages(self) -> int:
        if not isinstance(self.rules, ThousandPlay):
            return 0
        h = self.hands[self.claimant]
        total = 0
        for s in range(4):
            pair = (1 << (s * 16 + 2)) | (1 << (s * 16 + 3))
            if not self.announced >> s & 1 and h & pair == pair:
                total += marriage_value(self.rules, SUITS[s])
        return total

    def _opponents(self) -> int:
        m = self.pool
        for s, h in enumerate(self.hands):
            if s != self.claimant:
                m |= h
        return m

    def quick_tricks(self) -> tuple[int, int]:
        """Claimant on lead: winners it can cash one after another (count, their own points)."""
        me = self.hands[self.claimant]
        opp = self._opponents()
        rules = self.rules
        if isinstance(rules, HeartsPlay) and self.first:
            return 0, 0
        skip_hearts = isinstance(rules, HeartsPlay) and rules.must_break_hearts and not self.broken
        if self.cinch or (isinstance(rules, BourrePlay) and rules.must_beat_mode != "any_beating_card"):
            return 0, 0
        trump = self.trump
        opp_trumps = opp & SM[trump] if trump >= 0 else 0
        count = pts = 0
        for s in range(4):
            if opp_trumps and s != trump:
                continue  # a void opponent could ruff
            if skip_hearts and s == HEARTS_I:
                continue  # hearts may not be led yet
            mine = me & SM[s]
            top = (opp & SM[s]).bit_length()
            for c in _bits(mine):
                if c + 1 > top:
                    count += 1
                    pts += self.value[c]
        return count, pts

    def claimant_always_under(self) -> bool:
        """Hearts, at a trick boundary: every card of the claimant is below every card the others
        hold in its suit, so it never wins a trick it did not lead, and if it leads now it can lead
        a suit the others must overtake. Then it takes no more points."""
        rules = self.rules
        if not isinstance(rules, HeartsPlay) or self.first:
            return False
        me = self.hands[self.claimant]
        opp = self._opponents()
        can_lose_lead = False
        for s in range(4):
            mine = me & SM[s]
            if not mine:
                continue
            theirs = opp & SM[s]
            if not theirs:
                continue
            if mine.bit_length() > (theirs & -theirs).bit_length():
                return False
            if s != HEARTS_I or not rules.must_break_hearts or self.broken or not me & ~SM[HEARTS_I]:
                can_lose_lead = True
        if self.leader != self.claimant:
            # the claimant never wins, so never leads; a suit the others lack is never led to it
            return True
        return can_lose_lead  # it leads that suit, loses, and never leads again

    def opponents_force_points(self) -> int:
        """Hearts, an opponent on lead: 1 if the others can make the claimant win this very trick
        with a penalty card in it — a suit the claimant must follow in which every other player can
        play under the claimant's lowest card (or is void), and a heart led or a penalty card to
        drop on it."""
        rules = self.rules
        if not isinstance(rules, HeartsPlay) or self.first:
            return 0
        me = self.hands[self.claimant]
        lead_hand = self.hands[self.leader]
        others = [s for s in range(self.n) if s != self.claimant and s != self.leader]
        for s in range(4):
            mine = me & SM[s]
            if not mine:
                continue
            low = mine & -mine
            under = low - 1  # cards below the claimant's lowest in this suit
            lead = lead_hand & SM[s] & under
            if not lead:
                continue
            if s == HEARTS_I and rules.must_break_hearts and not self.broken and lead_hand & ~SM[HEARTS_I]:
                continue
            points = s == HEARTS_I or bool(lead & self.qs)
            ok = True
            for o in others:
                h = self.hands[o]
                if h & SM[s]:
                    if not h & SM[s] & under:
                        ok = False
                        break
                    if h & SM[s] & under & self.qs:
                        points = True
                elif h & (SM[HEARTS_I] | self.qs):
                    points = True
            if ok and points:
                return 1
        return 0

    def opponents_sure_trick(self) -> int:
        """An opponent on lead holding the top card of a suit the claimant must follow (or cannot
        ruff) takes this trick: the opponents lead that suit and play the top card."""
        rules = self.rules
        if isinstance(rules, BourrePlay) or (isinstance(rules, HeartsPlay) and self.first):
            return 0
        lead_hand = self.hands[self.leader]
        me = self.hands[self.claimant]
        opp = self._opponents()
        trump = self.trump
        for s in range(4):
            if not lead_hand & SM[s]:
                continue
            if (
                isinstance(rules, HeartsPlay)
                and s == HEARTS_I
                and rules.must_break_hearts
                and not self.broken
                and lead_hand & ~SM[HEARTS_I]
            ):
                continue  # hearts may not be led yet
            if trump >= 0 and s != trump and not me & SM[s] and me & SM[trump]:
                continue  # the claimant could ruff
            if (opp & SM[s]).bit_length() > (me & SM[s]).bit_length():
                return max(1, self._leader_cashes())
        return 0

    def _leader_cashes(self) -> int:
        """No trump: the leader's cards above every other card of their suit each win a trick, one
        after the other, the leader keeping the lead (the claimant's top cards are counted the
        same way in :meth:`quick_tricks`)."""
        if self.trump >= 0:
            return 0
        rules = self.rules
        lead_hand = self.hands[self.leader]
        others = self.allm & ~lead_hand
        skip_hearts = isinstance(rules, HeartsPlay) and rules.must_break_hearts and not self.broken
        k = 0
        for s in range(4):
            if skip_hearts and s == HEARTS_I:
                continue
            top = (others & SM[s]).bit_length()
            k += ((lead_hand & SM[s]) >> top).bit_count()
        return k

    # ------------------------------------------------------------------ search
    def key(self) -> object:
        """The normalised position at a trick boundary: per suit, the classes of the live cards in
        rank order and which of them each hand holds (compressed to the live cards), so positions
        that differ only by which equivalent cards were played share an entry."""
        live = self.live()
        parts: list[object] = [self.leader, self.trump, self.announced, self.broken, self.first]
        if isinstance(self.rules, ThousandPlay):
            parts.append(sum(1 << s for s, w in enumerate(self.won) if w))
        if self.cinch:
            parts.extend(self.won)
        holders = [self.hands[self.claimant], self.pool] if self.pool_mode else self.hands
        if self.pool_mode:
            parts.extend(self.voids)
        sigs = self._sigs
        for s in range(4):
            sh = 16 * s
            lv = (live >> sh) & 0xFFFF
            sig = sigs.get((s, lv))
            if sig is None:
                sig = sigs[(s, lv)] = tuple(self.cls[sh + i] for i in _bits(lv))
            parts.append(sig)
            for h in holders:
                parts.append(_pext(lv, (h >> sh) & 0xFFFF))
        return tuple(parts)

    def tick(self) -> None:
        self.stats.nodes += 1
        if self.clock is not None and self.stats.nodes & 1023 == 0 and self.clock() > self.deadline:
            raise Timeout

    def solve(self, need: int) -> bool:
        """Can the claimant make at least ``need`` more from here, whatever the others do?"""
        self.tick()
        if self.pool_mode and not self.legal_mask(self.to_act()) and (self.cards_left() or self.trick):
            return True  # an opponent with no card it could hold: a line no deal allows
        lo, hi = self.bounds()
        if need <= lo:
            return True
        if need > hi:
            return False
        at_start = not self.trick
        key = None
        if at_start:
            if self.horizon >= 0 and self.allm.bit_count() <= self.horizon:
                return True  # iterative deepening: not caught within the horizon
            key = self.key()
            entry = self.tt.get(key)
            if entry is not None:
                if need <= entry[0]:
                    return True
                if need > entry[1]:
                    return False
            if self.horizon >= 0 and need <= self.tt_h.get(key, -INF):
                return True
        result = self._search(need)
        if key is not None:
            if result and self.horizon >= 0:
                # a success short of the horizon says nothing beyond it
                self.tt_h[key] = max(self.tt_h.get(key, -INF), need)
                return result
            entry = self.tt.get(key)
            if entry is None:
                entry = self.tt[key] = [-INF, INF]
            if result:
                entry[0] = max(entry[0], need)
            else:
                entry[1] = min(entry[1], need - 1)
        return result

    def solve_deepening(self, need: int) -> bool:
        """:meth:`solve` by iterative deepening on the number of tricks: first "can the others beat
        the claim within 1 trick, 2, 4…", which finds short refutations (a Hearts claimant caught
        early) in small trees; the last pass has no horizon and is exact. Failures found under a
        horizon are failures of the whole game and are kept in the table between passes."""
        total = self.allm.bit_count()
        tricks = 1
        while True:
            self.horizon = total - tricks * self.n
            if self.horizon <= 0:
                self.horizon = -1
            self.tt_h = {}
            if not self.solve(need):
                return False
            if self.horizon < 0:
                return True
            tricks *= 2

    def _search(self, need: int) -> bool:
        seat = self.to_act()
        maxi = seat == self.claimant
        moves = self.moves(seat)
        if not moves:
            # only in pool mode: an opponent with no card it could hold is a line no deal allows
            return True
        depth = self.allm.bit_count()
        killer = self.killers.get(depth)
        if killer is not None and killer in moves and moves[0] != killer:
            moves.remove(killer)
            moves.insert(0, killer)  # the move that settled a sibling position first (killer heuristic)
        for m in moves:
            g = self.push(m)
            try:
                r = self._after(need - g)
            finally:
                self.pop()
            if r == maxi:
                self.killers[depth] = m
                return maxi
        return not maxi

    def _after(self, need: int) -> bool:
        """After a push: in pool mode the opponents pick their trick's leader among themselves."""
        if self.pool_mode and not self.trick and self.leader != self.claimant and self.undo[-1][4] is not None:
            actual = self.leader
            for s in self._opponent_seats():
                self.leader = s
                if not self.solve(need):
                    self.leader = actual
                    return False
            self.leader = actual
            return True
        return self.solve(need)

    def _opponent_seats(self) -> list[int]:
        return [s for s in range(self.n) if s != self.claimant]

    # ------------------------------------------------------------------ counter-line
    def counter_line(self, need: int) -> list[Play]:
        """A line of play beating the claim from here: the claimant's first try at each turn
        (every try fails), each refuted by the others. Only valid when ``solve(need)`` is False.
        In pool mode the opponents' choices of leader show in the seats of the plays."""
        line: list[Play] = []
        depth = 0
        while self.cards_left() or self.trick:
            seat = self.to_act()
            moves = self.moves(seat)
            if not moves:
                break  # pool mode: the pooled line has left this seat nothing it could hold
            chosen = moves[0] if seat == self.claimant else None
            if chosen is None:
                for m in moves:
                    g = self.push(m)
                    try:
                        ok = self._after(need - g)
                    finally:
                        self.pop()
                    if not ok:
                        chosen = m
                        break
            if chosen is None:
                if self.pool_mode:
                    break  # the bounds cut off a pooled line that runs into a deal no one could hold
                raise AssertionError("no refutation found")  # pragma: no cover - solve said False
            line.append(Play(seat, card_of_cid(self.game, chosen & 63), bool(chosen & ANNOUNCE)))
            need -= self.push(chosen)
            depth += 1
            if self.pool_mode and not self.trick and self.leader != self.claimant and self.undo[-1][4] is not None:
                for s in self._opponent_seats():
                    self.leader = s
                    if not self.solve(need):
                        break
        for _ in range(depth):
            self.pop()
        return line


_PEXT: dict[tuple[int, int], int] = {}


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
