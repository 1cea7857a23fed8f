"""The play rules in bitmask form, for the fast search (the readable form is
:mod:`scoring.claims.games`; the tests check that both give the same legal cards).

Every rule constant and house-rule flag comes from the one description of the play obligations
(:mod:`scoring.obligations`): :meth:`RulesMixin.read_obligations` turns it into plain flags and
masks once per search, so the hot loop below reads fields only."""

from __future__ import annotations

from scoring.cards import Suit, card_of
from scoring.claims.bits import HEARTS_I, SUITS, EngineState, _bits, cid_of, sm
from scoring.claims.position import BourrePlay, HeartsPlay, ThousandPlay
from scoring.obligations import bourre, hearts, thousand


class RulesMixin(EngineState):
    """Legal cards of the seat to act, the Bourré cinch, Thousand announcements."""

    def read_obligations(self) -> None:
        """The fast form (flags, masks) of the obligations that the claim position's rules name."""
        rules = self.rules
        self._read_hearts(hearts.Obligations.of(rules) if isinstance(rules, HeartsPlay) else hearts.Obligations())
        self.must_trump = self.head_follow = self.head_trump = self.mreq_won = False
        self.highest = self.trump_any = False
        self.cinch_need = bourre.CINCH_TRICKS
        self.equiv = "strict"
        if isinstance(rules, ThousandPlay):
            tr = thousand.trick_rules(rules, None if self.trump < 0 else SUITS[self.trump])
            self.must_trump, self.head_follow, self.head_trump = (
                tr.must_trump,
                tr.head_when_following,
                tr.head_when_trumping,
            )
            self.mreq_won = not thousand.may_announce(rules, on_lead=True, won_a_trick=False)
        elif isinstance(rules, BourrePlay):
            self._read_bourre(bourre.PlayRules.of(rules))

    def _read_hearts(self, ob: hearts.Obligations) -> None:
        self.club_lead = ob.first_lead != "left_of_dealer"
        self.any_club = ob.first_lead == "any_club"
        self.must_break = ob.must_break_hearts
        self.hearts_for_qs = ob.can_lead_hearts_instead_of_qs
        self.clean_first = ob.no_points_first_trick
        self.heart_fallback = ob.first_trick_fallback == "heart_only"
        self.qbreaks = ob.queen_breaks_hearts
        self.pen = 0
        if self.hearts:
            for suit in Suit:
                for rank in range(2, 15):
                    card = card_of(rank, suit)
                    if hearts.is_penalty_card(card):
                        self.pen |= 1 << cid_of(self.game, card)

    def _read_bourre(self, pr: bourre.PlayRules) -> None:
        # §3.4 rule 3: void in the suit led, a trump (unless "play to win" lets a losing one go)
        self.must_trump = self.trump >= 0
        self.head_follow = self.head_trump = pr.head_trick_required
        self.highest = pr.must_beat_mode == "highest_card"
        self.trump_any = pr.trump_when_cannot_overtrump
        self.equiv = bourre.equivalence_mode(pr)

    def legal_mask(self, seat: int) -> int:
        if self.pool_mode and seat != self.claimant:
            return self.pool & ~self.voids[seat]
        h = self.hands[seat]
        if self.hearts:
            return self._hearts(h)
        if self.thousand:
            return self._thousand(h)
        return self._bourre(seat, h)

    def _hearts(self, h: int) -> int:
        if not self.trick:
            if self.first and self.club_lead:
                clubs = h & sm(0)
                if clubs:
                    return clubs if self.any_club else clubs & -clubs
            if self.must_break and not self.broken:
                nh = h & ~sm(HEARTS_I)
                if nh:
                    if self.hearts_for_qs and nh == self.qs:
                        return h
                    return nh
            return h
        f = h & sm(self.trick[0] >> 4)
        if f:
            return f
        if self.first and self.clean_first:
            clean = h & ~self.pen
            if clean:
                return clean
            if self.heart_fallback:
                hh = h & sm(HEARTS_I)
                if hh:
                    return hh
        return h

    def _thousand(self, h: int) -> int:
        if not self.trick:
            return h
        led = self.trick[0] >> 4
        w = self.trick[self.winner_index()]
        f = h & sm(led)
        if f:
            if self.head_follow:
                return (f & self.beat_mask(w)) or f
            return f
        allowed = h
        if self.must_trump and self.trump >= 0 and led != self.trump:
            t = h & sm(self.trump)
            if t:
                allowed = t
        if self.head_trump:
            return (allowed & self.beat_mask(w)) or allowed
        return allowed

    def _bourre(self, seat: int, h: int) -> int:
        trump = self.trump
        if not self.trick:
            normal = h
        else:
            led = self.trick[0] >> 4
            w = self.trick[self.winner_index()]
            bm = self.beat_mask(w)
            f = h & sm(led)
            if f:
                normal = ((f & bm) or f) if self.head_follow else f
            else:
                t = h & sm(trump) if trump >= 0 else 0
                if t:
                    normal = ((t & bm) or t) if self.head_trump else t
                    if not self.trump_any and not (t & bm):
                        normal = h
                else:
                    normal = h
            if self.highest and normal & bm:
                normal = 1 << (normal.bit_length() - 1)
        if not self.cinch:
            return normal
        mine = h & sm(trump)
        if not mine or not self.has_cinch(seat):
            return normal
        last = len(self.trick) == self.n - 1
        if self.trick and (last or not normal & sm(trump)):
            return normal
        return normal & self.cinch_equivalents(mine)

    def has_cinch(self, seat: int) -> bool:
        trump = self.trump
        mine = self.hands[seat] & sm(trump)
        gone = self.played | self.trick_mask() | self.known_out[seat]
        outstanding = self.full[trump] & ~mine & ~gone
        ms = _bits(mine)
        killable = 0
        i = 0
        for o in _bits(outstanding):
            if i < len(ms) and o > ms[i]:
                killable += 1
                i += 1
        return self.won[seat] + len(ms) - killable >= self.cinch_need

    def cinch_equivalents(self, mine: int) -> int:
        top = mine.bit_length() - 1
        out = 1 << top
        gone = self.played | self.trick_mask()
        second = (mine ^ out).bit_length() - 1
        for t in _bits(mine ^ out):
            between = ((1 << top) - 1) & ~((2 << t) - 1)
            if self.equiv == "sequence":
                ok = not between & ~(mine | gone)
            elif self.equiv == "adjacent_only":
                ok = t == second and not between & ~gone
            else:
                ok = False
            if ok:
                out |= 1 << t
        return out

    def announce_ok(self, seat: int, cid: int) -> bool:
        """thousand.md §6.4: on lead, holding both K and Q, a trick won already, suit not announced."""
        if not self.thousand or self.trick:
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
        if self.mreq_won and self.won[seat] == 0:
            return False
        return (self.hands[seat] & pair) == pair
