"""Who pays whom at the end of a Tonk hand (rules/tonk.md §3).

Payments are in stakes (multiples of the basic stake ``s``); every payment is explained, and a hand's
payments always net to 0 because each one moves stakes from one seat to another.

>>> from scoring.tonk.variants import TonkVariants
>>> # T-4: A drops with 9; B 7, C 9, D 15 (default caught_payout = pagat).
>>> settle_drop(0, (9, 7, 9, 15), TonkVariants()).net
(-5, 5, 1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.tonk.variants import TonkVariants

AUTO_WIN, AUTO_DRAW, TONK, OUT, DROP, STOCK = (
    "auto_win",
    "auto_draw",
    "tonk",
    "out_by_discard",
    "drop",
    "stock_exhausted",
)
END_REASONS = (AUTO_WIN, AUTO_DRAW, TONK, OUT, DROP, STOCK)


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``stakes`` basic stakes, for the reason ``code``/``why``."""

    payer: int
    payee: int
    stakes: int
    code: str
    why: str

    def as_json(self, stake: int) -> dict[str, object]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "stakes": self.stakes,
            "amount": self.stakes * stake,
            "code": self.code,
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The payments of one hand and a headline saying who won and why."""

    seats: int
    payments: tuple[Payment, ...]
    headline: str
    winners: tuple[int, ...] = ()

    @property
    def net(self) -> tuple[int, ...]:
        """Net stakes per seat: received minus paid."""
        net = [0] * self.seats
        for p in self.payments:
            net[p.payer] -= p.stakes
            net[p.payee] += p.stakes
        return tuple(net)


def everyone_pays(seats: int, winner: int, stakes: int, code: str, why: str, headline: str) -> Settlement:
    """Each other player pays the winner ``stakes`` (§3.1)."""
    payments = tuple(Payment(s, winner, stakes, code, why) for s in range(seats) if s != winner)
    return Settlement(seats, payments, headline, (winner,))


def auto_multiplier(count: int, variants: TonkVariants, *, claim_49: bool = False) -> tuple[int, str] | None:
    """Stakes each other player pays a dealt hand of ``count``, or None if it is no automatic win (§2.2).

    ``claim_49`` is the in-turn claim of a 49 under ``auto_49_50 = fifty_only_auto``.

    >>> v = TonkVariants(low_count_auto="le13_double_le9_triple")
    >>> auto_multiplier(9, v), auto_multiplier(12, v), auto_multiplier(14, v)
    ((3, 'dealt 9 ≤ 9: triple'), (2, 'dealt 12 ≤ 13: double'), None)
    """
    mode = variants.auto_49_50
    if count in (49, 50) and mode != "off":
        if mode == "both_double":
            return 2, f"dealt {count}: double"
        if mode == "texas":
            return (2, "dealt 50: double (Texas)") if count == 50 else (1, "dealt 49: single (Texas)")
        if count == 50:
            return 2, "dealt 50: double"
        if claim_49:
            return 2, "49 claimed at the start of the first turn: double"
    low = variants.low_count_auto
    if low == "le13_double_le9_triple" and count <= 9:
        return 3, f"dealt {count} ≤ 9: triple"
    if low in ("le13_double", "le13_double_le9_triple") and count <= 13:
        return 2, f"dealt {count} ≤ 13: double"
    if low == "le15_double" and count <= 15:
        return 2, f"dealt {count} ≤ 15: double"
    return None


def settle_auto(seats: int, winner: int, count: int, variants: TonkVariants, *, claim_49: bool = False) -> Settlement:
    found = auto_multiplier(count, variants, claim_49=claim_49)
    assert found is not None
    stakes, why = found
    return everyone_pays(seats, winner, stakes, AUTO_WIN, why, f"Automatic win: {why}.")


def settle_tonk(
    seats: int, winner: int, variants: TonkVariants, *, whole_hand: bool, double_double: bool
) -> Settlement:
    """Tonk pays 2; a partial lay-down under tonk_requires_six pays 1; double-double pays 4 (§3.3)."""
    if double_double:
        return everyone_pays(seats, winner, 4, "double_double", "double-double tonk: 4 stakes", "Double-double tonk.")
    if variants.tonk_requires_six and not whole_hand:
        why = "went out without a discard, but not the whole hand in one turn (tonk_requires_six): single"
        return everyone_pays(seats, winner, 1, TONK, why, "Out without a discard, single stake.")
    return everyone_pays(seats, winner, 2, TONK, "tonk: laid every card down, no discard: double", "Tonk.")


def settle_out(seats: int, winner: int) -> Settlement:
    return everyone_pays(seats, winner, 1, OUT, "went out by discarding the last card: single", "Out by discard.")


def settle_stock(counts: Sequence[int], variants: TonkVariants) -> Settlement:
    """Stock exhausted: the unique lowest count collects 1; a tie is a draw or a split (§3.1)."""
    seats = len(counts)
    low = min(counts)
    tied = tuple(s for s, c in enumerate(counts) if c == low)
    if len(tied) == 1:
        winner = tied[0]
        return everyone_pays(
            seats, winner, 1, STOCK, f"lowest count {low} when the stock ran out: single", "Stock exhausted."
        )
    if variants.stock_tie == "draw":
        return Settlement(seats, (), f"Stock exhausted, tie for lowest ({low}): a draw, nobody pays.")
    payments = tuple(
        Payment(s, w, 1, "stock_tie_split", f"tied lowest ({low}) at stock end: split")
        for w in tied
        for s in range(seats)
        if s not in tied
    )
    return Settlement(seats, payments, f"Stock exhausted, tie for lowest ({low}): split.", tied)


def settle_drop(dropper: int, counts: Sequence[int], variants: TonkVariants) -> Settlement:
    """A drop wins if strictly lowest; otherwise it is caught and paid per ``caught_payout`` (§3.1, §3.2)."""
    seats = len(counts)
    d = counts[dropper]
    others = [s for s in range(seats) if s != dropper]
    m = min(counts[s] for s in others)
    if m > d:
        return everyone_pays(seats, dropper, 1, "drop_won", f"dropped with {d}, strictly lowest: single", "Drop won.")
    winners = tuple(s for s in others if counts[s] == m)
    rest = [s for s in others if s not in winners]
    payments: list[Payment] = []
    mode = "low_only_double" if variants.payout_scheme == "texas" else variants.caught_payout
    catch = f"caught: count ≤ the dropper's {d}"
    if mode in ("pagat", "dropper_only"):
        payments += [Payment(dropper, s, 2, "caught_drop", f"{catch} ({counts[s]})") for s in others if counts[s] <= d]
        if mode == "pagat":
            payments += _winners_collect(winners, [dropper, *rest], m)
    elif mode == "wikipedia":
        if m < d:
            payments += [
                Payment(dropper, s, 1, "caught_drop", f"count {counts[s]} below the dropper's {d}")
                for s in others
                if counts[s] < d
            ]
        else:
            payments += [Payment(dropper, w, 2, "caught_drop", f"tied the dropper's {d}: caught") for w in winners]
        payments += _winners_collect(winners, [dropper, *rest], m)
    else:  # low_only_double (and Texas Tonk, §3.3)
        for w in winners:
            payments.append(Payment(dropper, w, 2, "caught_drop", f"lowest ({m}) catches the dropper's {d}: double"))
            payments += [Payment(s, w, 1, "lowest_hand", f"lowest count {m}") for s in rest]
    return Settlement(seats, tuple(payments), f"Drop caught ({mode}).", winners)


def _winners_collect(winners: Sequence[int], losers: Sequence[int], m: int) -> list[Payment]:
    """Every member of W collects 1 from every player not in W (§3.2 step 2)."""
    return [Payment(s, w, 1, "lowest_hand", f"lowest count {m}") for w in winners for s in losers]


def side_bet(participants: Sequence[int], shown: Sequence[object], amount: int) -> tuple[int | None, dict[int, int]]:
    """The highest spade shown takes the pot; with no spade the pot is returned (§3.3).

    ``shown`` holds each participant's spade rank (2–14, ace high) or None. Returns the winner and the
    net amount per participant.

    >>> side_bet([0, 1, 2], [12, None, 14], 5)
    (2, {0: -5, 1: -5, 2: 10})
    """
    ranked = [(r, s) for s, r in zip(participants, shown, strict=True) if isinstance(r, int)]
    if not ranked:
        return None, dict.fromkeys(participants, 0)
    winner = max(ranked)[1]
    return winner, {s: (amount * (len(participants) - 1) if s == winner else -amount) for s in participants}
