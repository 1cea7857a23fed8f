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

from scoring.claims.bits import (
    ANNOUNCE,
    HEARTS_I,
    INF,
    SUIT_INDEX,
    SUITS,
    Stats,
    Timeout,
    _bits,
    _Done,
    _full_suit,
    _pext,
    _Undo,
    card_of_cid,
    cid_of,
    mask_of,
    popcount,
    sm,
)
from scoring.claims.games import penalty_points
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
from scoring.claims.ranktable import RankTable
from scoring.obligations import hearts, thousand

__all__ = ["ANNOUNCE", "Engine", "Stats", "Timeout", "card_of_cid", "cid_of", "mask_of"]


class Engine(RankTable):
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
        self.voids = [sum(sm(SUIT_INDEX[s]) for s in v) for v in pos.voids]
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
        self.qs = 1 << cid_of(g, hearts.QUEEN_OF_SPADES) if g is not GameName.THOUSAND else 0
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
                self.cls[cid] = 2 if card == hearts.QUEEN_OF_SPADES else (1 if pp and self.value[cid] else 0)
            elif g is GameName.THOUSAND:
                pts = thousand.POINTS[card.rank]
                self.value[cid] = pts if self.kind is ClaimKind.CONTRACT else 0
                self.cls[cid] = (pts + 1) if self.kind is ClaimKind.CONTRACT or card.rank in (12, 13) else 0
        self.sign = -1 if self.kind is ClaimKind.NO_MORE_POINTS else 1
        self.nmp = self.kind is ClaimKind.NO_MORE_POINTS
        self.contract = self.kind is ClaimKind.CONTRACT
        self.thousand = isinstance(self.rules, ThousandPlay)
        self.hearts = isinstance(self.rules, HeartsPlay)
        self.read_obligations()
        rules = self.rules
        mval = thousand.marriage_value
        self.mvals = [mval(s, rules.spades_marriage_value) if isinstance(rules, ThousandPlay) else 0 for s in SUITS]
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
        self.best: dict[object, int] = {}  # position key -> the move that last settled it
        self.last_cut: int | None = None
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
        # Hearts trick claims, every hand known: the table keyed by relevant ranks (ranktable.py)
        self.ranked = self.hearts and self.per_trick and not pool_mode and self.trump < 0 and use_bounds
        self.init_ranked()

    # ------------------------------------------------------------------ basic facts
    def moves(self, seat: int) -> list[int]:
        """Legal moves, one per class of equivalent cards, in search order."""
        legal = self.legal_mask(seat)
        live = self.live()
        cls = self.cls
        reps = []
        for c in _bits(legal):
            above = live & sm(c >> 4) & ~((2 << c) - 1)
            if above:
                nxt = (above & -above).bit_length() - 1
                if legal >> nxt & 1 and cls[nxt] == cls[c]:
                    continue  # the next live card up is ours and alike: the same card for the search
            reps.append(c)
        if self.thousand and not self.trick:
            reps += [c | ANNOUNCE for c in reps if self.announce_ok(seat, c)]
            # the partner of an announced K/Q may have been merged away: it never is (class keeps K, Q apart)
        return self._order(seat, reps)

    def _order(self, seat: int, reps: list[int]) -> list[int]:
        maxi = seat == self.claimant
        if not self.trick:
            # Leads: the claimant leads high (cash winners) unless avoiding points; opponents lead high
            # to win, or low to make the claimant win a Hearts trick.
            if self.nmp:
                if maxi:
                    return sorted(reps, key=lambda c: c & 15)
                me = self.hands[self.claimant]

                def lead_key(c: int) -> int:
                    # lead under the claimant's cards in a suit it must follow: it may have to win
                    mine = me & sm(c >> 4)
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
        top_later = 0
        if maxi and self.trump < 0 and not self.pool_mode:
            later = 0
            for k in range(1, self.n - len(self.trick)):
                later |= self.hands[(seat + k) % self.n]
            top_later = (later & sm(led)).bit_length()

        def key(c: int) -> int:
            c &= 63
            wins = self._beats(c, w)
            st = c & 15
            if self.nmp:
                if maxi:  # duck with the highest card that does not win, then the lowest winner
                    return (0 if not wins else 100) + (-st if not wins else st)
                if claimant_winning:  # dump points on the claimant's trick
                    return -self.value[c] * 10 + (100 if wins else 0) - st
                if claimant_played:  # the claimant is out of this trick: shed high cards, keep points
                    return self.value[c] * 10 - st
                if c >> 4 == led:  # before the claimant: keep the trick low so the claimant must win it
                    return st
                return -self.value[c] * 10 - st  # a discard: points first
            if self.contract:
                if maxi:  # win cheaply, else throw the fewest points
                    return (0 if wins else 100) + (st if wins else self.value[c])
                if claimant_winning:  # overtake high, else give the fewest points
                    return -st if wins else 100 + self.value[c]
                if claimant_played:  # the trick is ours: smear points onto it
                    return -self.value[c]
            if maxi and self.trump < 0 and not self.pool_mode and wins:
                # a sure winner (above every card still to come in the led suit) first
                return st if c >= top_later else 50 + st
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
                    self.voids[seat] |= sm(led)
                    if (
                        self.trump >= 0
                        and led != self.trump
                        and cid >> 4 != self.trump
                        and self.must_trump
                        and (self.thousand or self.trump_any)
                    ):
                        self.voids[seat] |= sm(self.trump)
        else:
            self.hands[seat] ^= bit
        if move & ANNOUNCE:
            s = cid >> 4
            self.trump = s
            self.announced |= 1 << s
            if seat == self.claimant and self.contract:
                gain += self.mvals[s]
        if cid >> 4 == HEARTS_I or (self.qbreaks and bit == self.qs):
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

    def key(self) -> object:
        """The normalised position at a trick boundary: per suit, the classes of the live cards in
        rank order and which of them each hand holds (compressed to the live cards), so positions
        that differ only by which equivalent cards were played share an entry."""
        live = self.live()
        parts: list[object] = [self.leader, self.trump, self.announced, self.broken, self.first]
        if self.thousand:
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

    def solve(self, need: int) -> bool:
        """Can the claimant make at least ``need`` more from here, whatever the others do?"""
        if self.ranked:
            return self.solve_ranked(need)
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
            if self.horizon >= 0 and popcount(self.allm) <= self.horizon:
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
        result = self._search(need, None if key is None else self.best.get(key))
        if key is not None:
            if self.last_cut is not None:
                self.best[key] = self.last_cut
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
        total = popcount(self.allm)
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

    def _search(self, need: int, hint: int | None = None) -> bool:
        seat = self.to_act()
        maxi = seat == self.claimant
        moves = self.moves(seat)
        self.last_cut = None
        if not moves:
            # only in pool mode: an opponent with no card it could hold is a line no deal allows
            return True
        depth = popcount(self.allm)
        # killers per depth *and* the card heading the trick (or the leader, on a lead): the reply
        # that refuted a sibling is only likely to work again against the same winning card
        # (one int, not a tuple: no allocation per node; the card heading is < 64, so < 2**9 with the leader)
        kk = depth << 10 | ((self.trick[self.wstack[-1]] << 3 | self.leader) if self.trick else 512 | self.leader)
        killer = self.killers.get(kk)
        if killer is not None and killer in moves and moves[0] != killer:
            moves.remove(killer)
            moves.insert(0, killer)  # the move that settled a sibling position first (killer heuristic)
        if hint is not None and hint in moves and moves[0] != hint:
            moves.remove(hint)
            moves.insert(0, hint)  # the move that settled this very position before, at another need
        for m in moves:
            g = self.push(m)
            try:
                r = self._after(need - g)
            finally:
                self.pop()
            if r == maxi:
                self.killers[kk] = m
                self.last_cut = m
                return maxi
        self.last_cut = None
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
