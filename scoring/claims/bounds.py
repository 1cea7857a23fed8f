"""Cheap bounds on what the claimant can still make, which settle a node without searching it."""

from __future__ import annotations

from scoring.claims.bits import HEARTS_I, _bits, popcount, sm
from scoring.claims.fastrules import RulesMixin
from scoring.claims.position import BourrePlay, HeartsPlay


class BoundsMixin(RulesMixin):
    """(lower, upper) bounds on the claimant's further gain; see :meth:`bounds`.

    The classes form one chain (``EngineState`` → rules → bounds → ``Engine``) rather than mixins,
    because mypyc compiles single inheritance only (see :mod:`scoring.claims.native`)."""

    lo_rel: int  # the cards whose ranks the last ranked_bounds' lower bound read
    hi_rel: int  # ... and its upper bound
    cash_rel: int  # ... the last _cashes count read
    sure_rel: int  # ... the last opponents_sure_trick read

    def bounds(self) -> tuple[int, int]:
        """Cheap (lower, upper) bounds on what the claimant can still gain from here."""
        rem_tricks = (popcount(self.allm) + len(self.trick)) // self.n
        claimant_played = self.trick and ((self.claimant - self.leader) % self.n) < len(self.trick)
        if self.per_trick:
            lo, hi = 0, rem_tricks
            if claimant_played and (self.leader + self.winner_index()) % self.n != self.claimant:
                hi -= 1  # this trick is already lost to the claimant
            elif not self.trick and self.use_bounds:
                if self.hearts_never_wins():
                    return 0, 0
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
        if self.nmp:
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
        t = sm(self.trump)
        me = self.hands[self.claimant] & t
        opp = self._opponents() & t
        if self.thousand and self._opponents_may_announce():
            return 0, 0, 0
        top_opp = opp.bit_length()
        mine = me >> top_opp << top_opp if top_opp else me
        pts = 0
        for c in _bits(mine):
            pts += self.value[c]
        theirs = 0
        if not self.pool_mode and not (self.thousand and self.potential_marriages()):
            top_me = me.bit_length()
            for seat, h in enumerate(self.hands):
                if seat != self.claimant:
                    above = (h & t) >> top_me
                    theirs = max(theirs, popcount(above))
        return popcount(mine), pts, theirs

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
        if not self.thousand:
            return 0
        h = self.hands[self.claimant]
        total = 0
        for s in range(4):
            pair = (1 << (s * 16 + 2)) | (1 << (s * 16 + 3))
            if not self.announced >> s & 1 and h & pair == pair:
                total += self.mvals[s]
        return total

    def quick_tricks(self) -> tuple[int, int]:
        """Claimant on lead: winners it can cash one after another (count, their own points)."""
        me = self.hands[self.claimant]
        opp = self._opponents()
        rules = self.rules
        if isinstance(rules, HeartsPlay) and self.first:
            return 0, 0
        skip_hearts = isinstance(rules, HeartsPlay) and self.must_break and not self.broken
        if self.cinch or (isinstance(rules, BourrePlay) and rules.must_beat_mode != "any_beating_card"):
            return 0, 0
        trump = self.trump
        opp_trumps = opp & sm(trump) if trump >= 0 else 0
        count = pts = 0
        cashed = [0, 0, 0, 0]
        for s in range(4):
            if opp_trumps and s != trump:
                continue  # a void opponent could ruff
            if skip_hearts and s == HEARTS_I:
                continue  # hearts may not be led yet
            mine = me & sm(s)
            top = (opp & sm(s)).bit_length()
            for c in _bits(mine):
                if c + 1 > top:
                    count += 1
                    cashed[s] += 1
                    pts += self.value[c]
        if self.contract and count and not self.pool_mode:
            pts += self._followed_points(cashed)
        return count, pts

    def _followed_points(self, cashed: list[int]) -> int:
        """Thousand, the claimant cashing ``cashed[s]`` top cards of each suit: an opponent holding at
        least that many cards of every such suit must follow each of those tricks (thousand.md §6.2),
        so it gives at least its lowest cards of the suit; a higher card is worth at least as much
        (ten-high order: 9 J Q K 10 A is also the order of points). An opponent that could run out
        of a suit might discard from another before it is cashed, and is counted for nothing."""
        total = 0
        for seat, h in enumerate(self.hands):
            if seat == self.claimant:
                continue
            given = 0
            for s in range(4):
                k = cashed[s]
                if not k:
                    continue
                theirs = _bits(h & sm(s))  # lowest first
                if len(theirs) < k:
                    given = 0
                    break
                for c in theirs[:k]:
                    given += self.value[c]
            total += given
        return total

    def claimant_always_under(self) -> bool:
        """Hearts, at a trick boundary: every card of the claimant is below every card the others
        hold in its suit, so it never wins a trick it did not lead, and if it leads now it can lead
        a suit the others must overtake. Then it takes no more points."""
        if not isinstance(self.rules, HeartsPlay) or self.first or self._under_in_shared_suits() < 0:
            return False
        if self.leader != self.claimant:
            # the claimant never wins, so never leads; a suit the others lack is never led to it
            return True
        # it leads a suit the others hold (a heart only once hearts may be led), loses, and never
        # leads again
        me = self.hands[self.claimant]
        opp = self._opponents()
        hearts_barred = self.must_break and not self.broken and bool(me & ~sm(HEARTS_I))
        return any(me & sm(s) and opp & sm(s) and not (s == HEARTS_I and hearts_barred) for s in range(4))

    def hearts_never_wins(self) -> bool:
        """Hearts (no trump), at a trick boundary: in every suit the claimant holds, the others hold
        a card and all of theirs are above all of the claimant's. Then the claimant wins no more
        tricks: a suit it follows was led (or is headed) by a higher card, a discard never wins,
        and a suit it leads is one the others must follow higher — so, not on lead, it never gets
        the lead; on lead, it loses it at once and never gets it back. The others' cards in a suit
        only leave, so "all above" stays true."""
        if not isinstance(self.rules, HeartsPlay) or self.first:
            return False
        return self._never_wins_rel() >= 0

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
            mine = me & sm(s)
            if not mine:
                continue
            low = mine & -mine
            under = low - 1  # cards below the claimant's lowest in this suit
            lead = lead_hand & sm(s) & under
            if not lead:
                continue
            if s == HEARTS_I and self.must_break and not self.broken and lead_hand & ~sm(HEARTS_I):
                continue
            points = s == HEARTS_I or bool(lead & self.qs)
            ok = True
            for o in others:
                h = self.hands[o]
                if h & sm(s):
                    if not h & sm(s) & under:
                        ok = False
                        break
                    if h & sm(s) & under & self.qs:
                        points = True
                elif h & (sm(HEARTS_I) | self.qs):
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
            if not lead_hand & sm(s):
                continue
            if (
                isinstance(rules, HeartsPlay)
                and s == HEARTS_I
                and self.must_break
                and not self.broken
                and lead_hand & ~sm(HEARTS_I)
            ):
                continue  # hearts may not be led yet
            if trump >= 0 and s != trump and not me & sm(s) and me & sm(trump):
                continue  # the claimant could ruff
            mine = me & sm(s)
            if (opp & sm(s)).bit_length() > mine.bit_length():
                cashes = self._leader_cashes()
                # what it read: the claimant's top card of s and up (the others' card above it)
                self.sure_rel = sm(s) & ~((1 << (mine.bit_length() - 1)) - 1) if mine else 0
                if cashes > 1:
                    self.sure_rel |= self.cash_rel
                return max(1, cashes)
        return 0

    def _leader_cashes(self) -> int:
        """No trump: the leader's cards above every other card of their suit each win a trick, one
        after the other, the leader keeping the lead (the claimant's top cards are counted the
        same way in :meth:`quick_tricks`)."""
        return 0 if self.trump >= 0 else self._cashes(self.leader)

    def _cashes(self, seat: int) -> int:
        """With no trump, how many cards ``seat`` (on lead) holds above every other card of their
        suit; sets ``cash_rel`` to the others' top card of each suit counted, and up."""
        hand = self.hands[seat]
        others = self.allm & ~hand
        skip_hearts = self.hearts and self.must_break and not self.broken
        k = rel = 0
        for s in range(4):
            if skip_hearts and s == HEARTS_I:
                continue
            top = (others & sm(s)).bit_length()
            cashed = popcount((hand & sm(s)) >> top)
            if cashed:
                k += cashed
                if top:
                    rel |= sm(s) & ~((1 << (top - 1)) - 1)
        self.cash_rel = rel
        return k

    # ------------------------------------------------------------------ bounds saying what they read
    # Hearts trick claims with every hand known (the relevant-ranks table, scoring/claims/ranktable.py):
    # the bounds above, each also setting which cards' ranks it relied on (lo_rel, hi_rel).

    def ranked_bounds(self) -> tuple[int, int]:
        """:meth:`bounds` for a Hearts trick claim with every hand known, setting ``lo_rel`` and
        ``hi_rel``: the cards whose ranks the lower and the upper bound rest on."""
        self.lo_rel = self.hi_rel = 0
        rem_tricks = (popcount(self.allm) + len(self.trick)) // self.n
        if self.trick:
            mine_at = (self.claimant - self.leader) % self.n
            wi = self.winner_index()
            if mine_at < len(self.trick) and (self.leader + wi) % self.n != self.claimant:
                w = self.trick[wi]
                if self.trick[mine_at] >> 4 == w >> 4:
                    self.hi_rel = sm(w >> 4) & ~((1 << w) - 1)  # it lost by rank to w
                return 0, rem_tricks - 1
            return 0, rem_tricks
        if not self.use_bounds or self.first:
            return 0, rem_tricks
        never = self._never_wins_rel()
        if never >= 0:
            self.hi_rel = never
            return 0, 0
        if self.leader == self.claimant:
            lo = self._cashes(self.claimant)
            self.lo_rel = self.cash_rel
            return lo, rem_tricks
        sure = self.opponents_sure_trick()
        if sure:
            self.hi_rel = self.sure_rel
        return 0, rem_tricks - sure

    def _never_wins_rel(self) -> int:
        """:meth:`hearts_never_wins` (the mask of cards it read), or -1 when it does not apply: on
        lead, a suit the others lack is one the claimant may cash."""
        if self.leader == self.claimant:
            me = self.hands[self.claimant]
            opp = self._opponents()
            if any(me & sm(s) and not opp & sm(s) for s in range(4)):
                return -1
        return self._under_in_shared_suits()

    def _under_in_shared_suits(self) -> int:
        """In every suit both the claimant and the others hold, all the claimant's cards are below
        all theirs: the cards that reads (each such suit from the claimant's top card up), else -1."""
        me = self.hands[self.claimant]
        opp = self._opponents()
        rel = 0
        for s in range(4):
            mine = me & sm(s)
            theirs = opp & sm(s)
            if not mine or not theirs:
                continue
            top = mine.bit_length() - 1
            if top > (theirs & -theirs).bit_length() - 1:
                return -1
            rel |= sm(s) & ~((1 << top) - 1)
        return rel
