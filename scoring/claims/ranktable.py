"""The transposition table keyed by relevant ranks (DDS's "relevant ranks"), for Hearts trick claims.

The plain table (:meth:`Engine.key`) answers a position only when every live card lies with the
same hand, up to which equivalent cards were played. Most of a result, though, rests on a few high
cards: who won a trick *by rank* (over another card of the suit led), and the cards a bound read.
Here each search also returns **which cards' ranks it relied on** (``rel``: a mask of cards, each
suit's part closed upward, i.e. "the cards of spades from the ten up"), and an entry stores, per
suit, only who holds the top ``k`` live cards of that suit, ``k`` being how many live cards ``rel``
covers. The entry then answers every position with the same leader, flags and suit lengths per
hand whose top ``k`` cards of each suit lie alike — the low cards ("x") may lie anywhere.

Why that is sound (Hearts: no trump, a trick goes to the highest card of the suit led). Take the
searched position P and a position P' matching the entry. Map P' onto P: a relevant card to the
card of the same relative rank (same holder), and a hand's i-th lowest x of a suit to its i-th
lowest x of that suit in P (the lengths are equal). Legality reads suits only (and the Q♠, kept
relevant while it matters, see :meth:`RankTable.q_matters`), so legal plays correspond. A trick
goes to the same seat: the winner in P was relevant whenever it beat another card of the suit led
(that is what the search adds), and a relevant card is above every x; an x only wins a trick where
it is the only card of the suit led. So every line from P' scores as its image from P, and by
induction (a child's relevant cards are among the parent's) the bound found for P holds for P'.
Moves merge equivalent cards (a run of one hand's adjacent cards): when a run is partly relevant,
the whole run is made relevant (:meth:`RankTable.run_closure`), so the image of a merged card is
one the search did try.
"""

from __future__ import annotations

from typing import Final

from scoring.claims.bits import HEARTS_I, INF, _bits, popcount, sm
from scoring.claims.bounds import BoundsMixin

#: Bits per holder in a suit's holder code (up to 8 seats; Hearts has 3–6). Final: compiled, a
#: plain module constant is looked up by name at every use.
HB: Final = 3


class RankBucket:
    """The entries of one key (leader, flags, suit lengths): the shapes in use (how many top cards
    of each suit an entry covers, 4 bits a suit) and, per shape and holders of those cards, the
    [lower, upper] bounds on the claimant's further gain."""

    def __init__(self) -> None:
        self.shapes: list[int] = []
        self.bounds: dict[int, list[int]] = {}


def _pattern(codes: list[int], ks: int) -> int:
    """The holders of the top k cards of each suit (``ks``), packed in one number."""
    p = 0
    for s in range(4):
        p = p << 40 | codes[s] & ((1 << HB * (ks >> 4 * s & 15)) - 1)
    return p


def up_from(cid: int) -> int:
    """The cards of ``cid``'s suit from ``cid`` up."""
    return sm(cid >> 4) & ~((1 << cid) - 1)


class RankTable(BoundsMixin):
    """The relevant-ranks table: its key, the holder codes of a position, probing and storing."""

    ranked: bool  # this search uses the relevant-ranks table (Hearts trick claims, hands known)
    rel: int  # the cards whose ranks the last search result relied on
    owner: list[int]  # which seat holds each card (hands known: it never changes)
    rtt: dict[int, RankBucket]
    kill: list[int]  # killer moves by (cards left, card heading the trick or 512, leader)

    def init_ranked(self) -> None:
        self.rel = self.lo_rel = self.hi_rel = self.cash_rel = self.sure_rel = 0
        self.rtt = {}
        # (the killer list only for this search: an engine is built per deal of a claimant-only check)
        self.kill = [-1] * (64 << 10) if self.ranked else []
        self.owner = [0] * 64
        for seat, h in enumerate(self.hands):
            for c in _bits(h):
                self.owner[c] = seat

    def q_matters(self) -> bool:
        """The Q♠ is live and not just a spade: it breaks hearts, may be led for hearts, or is a
        penalty card on the first trick. Its whole suit from the Q♠ up is then relevant."""
        if not self.qs or not (self.allm | self.tmask) & self.qs:
            return False
        return self.first or self.qbreaks or (self.hearts_for_qs and self.must_break and not self.broken)

    def lengths_key(self) -> int:
        """Leader, flags, every hand's suit lengths and, while it matters, the Q♠'s place among the
        live spades."""
        key = 0
        for h in self.hands:
            for s in range(4):
                key = key << 4 | popcount(h & sm(s))
        spades = self.allm & sm(3)
        qpos = 0
        if self.q_matters():
            qpos = 1 + popcount(spades >> self.qs.bit_length())
        key = key << 4 | qpos
        return ((key << 3 | self.leader) << 1 | int(self.broken)) << 1 | int(self.first)

    def holder_codes(self) -> list[int]:
        """Per suit, the holders of its live cards from the top, ``HB`` bits each (top card lowest)."""
        codes = [0, 0, 0, 0]
        owner = self.owner
        for s in range(4):
            lv = self.allm & sm(s)
            code = 0
            shift = 0
            while lv:
                c = lv.bit_length() - 1
                code |= owner[c] << shift
                shift += HB
                lv ^= 1 << c
            codes[s] = code
        return codes

    def top_mask(self, ks: int) -> int:
        """The cards of each suit s from its k-th highest live card up (k: 4 bits of ``ks`` each)."""
        m = 0
        for s in range(4):
            k = ks >> 4 * s & 15
            lv = self.allm & sm(s)
            c = -1
            while k and lv:
                c = lv.bit_length() - 1
                lv ^= 1 << c
                k -= 1
            if c >= 0:
                m |= up_from(c)
        return m

    def probe(self, bucket: RankBucket, codes: list[int], need: int) -> int:
        """1 (holds) or 0 (fails) from an entry of ``bucket`` matching the position, setting
        ``rel``; -1 when none answers."""
        for ks in bucket.shapes:
            entry = bucket.bounds.get(_pattern(codes, ks) << 16 | ks)
            if entry is None:
                continue
            if need <= entry[0]:
                self.rel = self.top_mask(ks)
                return 1
            if need > entry[1]:
                self.rel = self.top_mask(ks)
                return 0
        return -1

    def store(self, lkey: int, codes: list[int], need: int, result: bool) -> None:
        """Record "worth at least ``need``" (or "at most ``need`` − 1") for the cards of ``rel``."""
        ks = 0
        for s in range(4):
            ks |= popcount(self.allm & sm(s) & self.rel) << 4 * s
        bucket = self.rtt.get(lkey)
        if bucket is None:
            bucket = self.rtt[lkey] = RankBucket()
        index = _pattern(codes, ks) << 16 | ks
        entry = bucket.bounds.get(index)
        if entry is None:
            entry = bucket.bounds[index] = [-INF, INF]
            if ks not in bucket.shapes:
                bucket.shapes.append(ks)
        if result:
            entry[0] = max(entry[0], need)
        else:
            entry[1] = min(entry[1], need - 1)

    def run_closure(self, rel: int, seat: int, cid: int) -> int:
        """``rel`` widened to the whole run of ``seat``'s cards that ``cid`` stood for (moves merge a
        run of adjacent cards of one hand into its top card) when ``cid`` is relevant."""
        if not rel >> cid & 1:
            return rel
        live = self.allm | self.tmask
        hand = self.hands[seat]
        cur = cid
        while True:
            below = live & sm(cid >> 4) & ((1 << cur) - 1)
            if not below:
                break
            nxt = below.bit_length() - 1
            if not hand >> nxt & 1 or self.cls[nxt] != self.cls[cid]:
                break
            cur = nxt
        return rel | up_from(cur)

    def trick_rel(self, cards: list[int], w: int) -> int:
        """A completed trick's winner ``w`` is relevant when it beat another card of its suit."""
        s = w >> 4
        for c in cards:
            if c != w and c >> 4 == s:
                return up_from(w)
        return 0

    # ------------------------------------------------------------------ the search
    def solve_ranked(self, need: int) -> bool:
        """Can the claimant make at least ``need`` more tricks from here? Also sets ``rel``, the
        cards whose ranks the answer rests on."""
        self.tick()
        lo, hi = self.ranked_bounds()
        if need <= lo:
            self.rel = self.lo_rel
            return True
        if need > hi:
            self.rel = self.hi_rel
            return False
        if self.trick:
            result = self._search_ranked(need)
        else:
            lkey = self.lengths_key()
            codes = self.holder_codes()
            bucket = self.rtt.get(lkey)
            if bucket is not None:
                hit = self.probe(bucket, codes, need)
                if hit >= 0:
                    return hit == 1
            result = self._search_ranked(need)
            self._close_queen()
            self.store(lkey, codes, need, result)
            return result
        self._close_queen()
        return result

    def _close_queen(self) -> None:
        if self.q_matters():
            self.rel |= up_from(self.qs.bit_length() - 1)

    def _search_ranked(self, need: int) -> bool:
        """Every move in turn until one settles the node. ``rel``: the settling child's cards, else
        every child's; each with the trick's winner when it won by rank, and widened to the run
        of equivalent cards the move stood for."""
        seat = self.to_act()
        maxi = seat == self.claimant
        moves = self.ranked_moves(seat, maxi)
        kk = popcount(self.allm) << 10 | (self.trick[self.wstack[-1]] << 3 if self.trick else 512) | self.leader
        killer = self.kill[kk]
        if killer >= 0 and moves[0] != killer and killer in moves:
            moves.remove(killer)
            moves.insert(0, killer)  # the move that settled a sibling position first
        union = 0
        for m in moves:
            r = self._try(seat, m, need)
            rel = self.run_closure(self.rel, seat, m)
            if r == maxi:
                self.kill[kk] = m
                self.rel = rel
                return maxi
            union |= rel
        self.rel = union
        return not maxi

    def _try(self, seat: int, cid: int, need: int) -> bool:
        """Play ``cid``, search the rest, take the card back (no allocation beyond the trick's)."""
        bit = 1 << cid
        self.hands[seat] ^= bit
        self.allm ^= bit
        broken = self.broken
        if cid >> 4 == HEARTS_I or (self.qbreaks and bit == self.qs):
            self.broken = True
        self._add_to_trick(cid)
        r = self.solve_ranked(need) if len(self.trick) < self.n else self._next_trick(need)
        self.broken = broken
        self.trick.pop()
        self.wstack.pop()
        self.tmask ^= bit
        self.allm ^= bit
        self.hands[seat] ^= bit
        return r

    def _next_trick(self, need: int) -> bool:
        """The trick is complete: its winner leads the rest; ``rel`` gains the winner if it won by rank."""
        # one field at a time: compiled, a tuple assignment would allocate a tuple
        trick = self.trick
        wstack = self.wstack
        tmask = self.tmask
        leader = self.leader
        first = self.first
        w = trick[wstack[-1]]
        winner = (leader + wstack[-1]) % self.n
        self.played |= tmask
        self.trick = []
        self.wstack = []
        self.tmask = 0
        self.leader = winner
        self.first = False
        r = self.solve_ranked(need - 1 if winner == self.claimant else need)
        self.rel |= self.trick_rel(trick, w)
        self.trick = trick
        self.wstack = wstack
        self.tmask = tmask
        self.leader = leader
        self.first = first
        self.played ^= tmask
        return r

    def ranked_moves(self, seat: int, maxi: bool) -> list[int]:
        """The legal moves, one per run of equivalent cards (its top card), in the search order of
        :meth:`Engine._order` for trick claims: on lead the highest first; following, for the
        claimant a sure winner first, then the cheapest winner, then the lowest card; for the
        others the cheapest winner first (the highest when overtaking the claimant)."""
        reps = self._reps(self.legal_mask(seat))
        if not self.trick:
            return _by_strength(reps, True)
        w = self.trick[self.wstack[-1]]
        beats = reps & sm(w >> 4) & ~((2 << w) - 1)
        rest = reps & ~beats
        if maxi:
            later = 0
            for k in range(1, self.n - len(self.trick)):
                later |= self.hands[(seat + k) % self.n]
            top_later = (later & sm(self.trick[0] >> 4)).bit_length()
            sure = beats >> top_later << top_later if top_later else beats
            return _by_strength(sure, False) + _by_strength(beats & ~sure, False) + _by_strength(rest, False)
        claimant_winning = (self.leader + self.wstack[-1]) % self.n == self.claimant
        return _by_strength(beats, claimant_winning) + _by_strength(rest, False)

    def _reps(self, legal: int) -> int:
        """``legal`` less every card whose next live card up is also legal and alike (the same
        card for the search: only the top of such a run is tried)."""
        live = self.allm | self.tmask
        cls = self.cls
        reps = legal
        for s in range(4):
            lv = live & sm(s)
            above = -1  # the next live card above, walking down
            while lv:
                c = lv.bit_length() - 1
                lv ^= 1 << c
                if above >= 0 and legal >> c & 1 and legal >> above & 1 and cls[above] == cls[c]:
                    reps ^= 1 << c
                above = c
        return reps


def _by_strength(mask: int, high_first: bool) -> list[int]:
    """The cards of ``mask`` by strength (lowest first, or highest), suits in order on a tie: the
    mask is transposed to strength-major order (bit ``4·strength + suit``, the suit reversed when
    reading from the top) and read off."""
    flip = 3 if high_first else 0
    t = 0
    for s in range(4):
        m = mask >> (s << 4) & 0x1FFF
        while m:
            low = m & -m
            t |= 1 << ((low.bit_length() - 1) << 2 | (s ^ flip))
            m ^= low
    out: list[int] = []
    while t:
        b = t.bit_length() - 1 if high_first else (t & -t).bit_length() - 1
        out.append(((b & 3) ^ flip) << 4 | b >> 2)
        t ^= 1 << b
    return out
