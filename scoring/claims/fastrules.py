"""The play rules in bitmask form, for the fast search (the readable form is
:mod:`scoring.claims.games`; the tests check that both give the same legal cards)."""

from __future__ import annotations

from scoring.claims.bits import HEARTS_I, SM, EngineState, _bits
from scoring.claims.position import BourrePlay, HeartsPlay, ThousandPlay


class RulesMixin(EngineState):
    """Legal cards of the seat to act, the Bourré cinch, Thousand announcements."""

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
