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
from typing import Any

from scoring.explain import N_, Note
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
    """``payer`` pays ``payee`` ``stakes`` basic stakes, for the reason ``code``.

    ``template`` is the English template of the line explaining it: ``%(payer)s`` and ``%(payee)s`` are
    the players' names, ``%(amount)s`` the stakes times the hand's stake, the rest are ``params``.
    """

    payer: int
    payee: int
    stakes: int
    code: str
    template: str
    params: tuple[tuple[str, int], ...] = ()

    def note(self, names: Sequence[str], stake: int) -> Note:
        """The explanation line of this payment at a table of ``names`` playing for ``stake``."""
        params: dict[str, Any] = dict(self.params)
        return Note(
            self.code,
            self.template,
            self.payer,
            payer=names[self.payer],
            payee=names[self.payee],
            amount=self.stakes * stake,
            **params,
        )

    def as_json(self, stake: int, names: Sequence[str]) -> dict[str, object]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "stakes": self.stakes,
            "amount": self.stakes * stake,
            "code": self.code,
            "why": self.note(names, stake).as_json(),
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The payments of one hand and a headline saying who won and why."""

    seats: int
    payments: tuple[Payment, ...]
    headline: Note
    winners: tuple[int, ...] = ()

    @property
    def net(self) -> tuple[int, ...]:
        """Net stakes per seat: received minus paid."""
        net = [0] * self.seats
        for p in self.payments:
            net[p.payer] -= p.stakes
            net[p.payee] += p.stakes
        return tuple(net)


def everyone_pays(
    seats: int, winner: int, stakes: int, code: str, why: str, headline: Note, **params: int
) -> Settlement:
    """Each other player pays the winner ``stakes`` (§3.1); ``why`` is the payment's template (see :class:`Payment`)."""
    payments = tuple(Payment(s, winner, stakes, code, why, tuple(params.items())) for s in range(seats) if s != winner)
    return Settlement(seats, payments, headline, (winner,))


def _headline(template: str, **params: Any) -> Note:
    return Note("hand_end", template, None, **params)


#: Automatic wins at the deal (§2.2): stakes each other player pays, the headline and the payment line.
AUTO_KINDS: dict[str, tuple[int, str, str]] = {
    "dealt_double": (
        2,
        N_("Automatic win: dealt %(value)s, double."),
        N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): dealt %(value)s, double."),
    ),
    "texas_50": (
        2,
        N_("Automatic win: dealt 50, double (Texas)."),
        N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): dealt 50, double (Texas)."),
    ),
    "texas_49": (
        1,
        N_("Automatic win: dealt 49, single (Texas)."),
        N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): dealt 49, single (Texas)."),
    ),
    "claimed_49": (
        2,
        N_("Automatic win: 49 claimed at the start of the first turn, double."),
        N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): 49 claimed at the start of the first turn, double."),
    ),
    "low_triple": (
        3,
        N_("Automatic win: dealt %(value)s ≤ %(limit)s, triple."),
        N_("%(payer)s pays %(payee)s 3 stakes (%(amount)s): dealt %(value)s ≤ %(limit)s, triple."),
    ),
    "low_double": (
        2,
        N_("Automatic win: dealt %(value)s ≤ %(limit)s, double."),
        N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): dealt %(value)s ≤ %(limit)s, double."),
    ),
}


def auto_multiplier(
    count: int, variants: TonkVariants, *, claim_49: bool = False
) -> tuple[int, str, dict[str, int]] | None:
    """Stakes each other player pays a dealt hand of ``count``, the kind of win (a key of
    :data:`AUTO_KINDS`) and its params, or None if it is no automatic win (§2.2).

    ``claim_49`` is the in-turn claim of a 49 under ``auto_49_50 = fifty_only_auto``.

    >>> v = TonkVariants(low_count_auto="le13_double_le9_triple")
    >>> auto_multiplier(9, v), auto_multiplier(12, v)[:2], auto_multiplier(14, v)
    ((3, 'low_triple', {'value': 9, 'limit': 9}), (2, 'low_double'), None)
    """
    mode = variants.auto_49_50
    if count in (49, 50) and mode != "off":
        if mode == "both_double":
            return 2, "dealt_double", {"value": count}
        if mode == "texas":
            return (2, "texas_50", {"value": 50}) if count == 50 else (1, "texas_49", {"value": 49})
        if count == 50:
            return 2, "dealt_double", {"value": 50}
        if claim_49:
            return 2, "claimed_49", {"value": 49}
    low = variants.low_count_auto
    if low == "le13_double_le9_triple" and count <= 9:
        return 3, "low_triple", {"value": count, "limit": 9}
    if low in ("le13_double", "le13_double_le9_triple") and count <= 13:
        return 2, "low_double", {"value": count, "limit": 13}
    if low == "le15_double" and count <= 15:
        return 2, "low_double", {"value": count, "limit": 15}
    return None


def settle_auto(seats: int, winner: int, count: int, variants: TonkVariants, *, claim_49: bool = False) -> Settlement:
    found = auto_multiplier(count, variants, claim_49=claim_49)
    assert found is not None
    stakes, kind, params = found
    _, headline, why = AUTO_KINDS[kind]
    return everyone_pays(seats, winner, stakes, AUTO_WIN, why, _headline(headline, **params), **params)


def settle_tonk(
    seats: int, winner: int, variants: TonkVariants, *, whole_hand: bool, double_double: bool
) -> Settlement:
    """Tonk pays 2; a partial lay-down under tonk_requires_six pays 1; double-double pays 4 (§3.3)."""
    if double_double:
        return everyone_pays(
            seats,
            winner,
            4,
            "double_double",
            N_("%(payer)s pays %(payee)s 4 stakes (%(amount)s): double-double tonk."),
            _headline(N_("Double-double tonk.")),
        )
    if variants.tonk_requires_six and not whole_hand:
        return everyone_pays(
            seats,
            winner,
            1,
            TONK,
            N_(
                "%(payer)s pays %(payee)s 1 stake (%(amount)s): out without a discard, but not the whole hand"
                " in one turn (tonk_requires_six), single."
            ),
            _headline(N_("Out without a discard, single stake.")),
        )
    return everyone_pays(
        seats,
        winner,
        2,
        TONK,
        N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): tonk, every card laid down without a discard, double."),
        _headline(N_("Tonk.")),
    )


def settle_out(seats: int, winner: int) -> Settlement:
    return everyone_pays(
        seats,
        winner,
        1,
        OUT,
        N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): out by discarding the last card, single."),
        _headline(N_("Out by discard.")),
    )


def settle_stock(counts: Sequence[int], variants: TonkVariants) -> Settlement:
    """Stock exhausted: the unique lowest count collects 1; a tie is a draw or a split (§3.1)."""
    seats = len(counts)
    low = min(counts)
    tied = tuple(s for s, c in enumerate(counts) if c == low)
    if len(tied) == 1:
        return everyone_pays(
            seats,
            tied[0],
            1,
            STOCK,
            N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): lowest count %(low)s when the stock ran out, single."),
            _headline(N_("Stock exhausted.")),
            low=low,
        )
    if variants.stock_tie == "draw":
        return Settlement(
            seats, (), _headline(N_("Stock exhausted, tie for lowest (%(low)s): a draw, nobody pays."), low=low)
        )
    why = N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): tied lowest (%(low)s) at the stock end, split.")
    payments = tuple(
        Payment(s, w, 1, "stock_tie_split", why, (("low", low),)) for w in tied for s in range(seats) if s not in tied
    )
    return Settlement(
        seats, payments, _headline(N_("Stock exhausted, tie for lowest (%(low)s): split."), low=low), tied
    )


def settle_drop(dropper: int, counts: Sequence[int], variants: TonkVariants) -> Settlement:
    """A drop wins if strictly lowest; otherwise it is caught and paid per ``caught_payout`` (§3.1, §3.2)."""
    seats = len(counts)
    d = counts[dropper]
    others = [s for s in range(seats) if s != dropper]
    m = min(counts[s] for s in others)
    if m > d:
        return everyone_pays(
            seats,
            dropper,
            1,
            "drop_won",
            N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): dropped with %(dropper)s, strictly lowest, single."),
            _headline(N_("Drop won.")),
            dropper=d,
        )
    winners = tuple(s for s in others if counts[s] == m)
    rest = [s for s in others if s not in winners]
    payments: list[Payment] = []
    mode = "low_only_double" if variants.payout_scheme == "texas" else variants.caught_payout
    if mode in ("pagat", "dropper_only"):
        why = N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): caught, count %(own)s ≤ the dropper's %(dropper)s.")
        payments += [
            Payment(dropper, s, 2, "caught_drop", why, (("own", counts[s]), ("dropper", d)))
            for s in others
            if counts[s] <= d
        ]
        if mode == "pagat":
            payments += _winners_collect(winners, [dropper, *rest], m)
    elif mode == "wikipedia":
        if m < d:
            why = N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): count %(own)s below the dropper's %(dropper)s.")
            payments += [
                Payment(dropper, s, 1, "caught_drop", why, (("own", counts[s]), ("dropper", d)))
                for s in others
                if counts[s] < d
            ]
        else:
            why = N_("%(payer)s pays %(payee)s 2 stakes (%(amount)s): tied the dropper's %(dropper)s, caught.")
            payments += [Payment(dropper, w, 2, "caught_drop", why, (("dropper", d),)) for w in winners]
        payments += _winners_collect(winners, [dropper, *rest], m)
    else:  # low_only_double (and Texas Tonk, §3.3)
        why = N_(
            "%(payer)s pays %(payee)s 2 stakes (%(amount)s): the lowest count (%(low)s) catches the dropper's %(dropper)s, double."
        )
        for w in winners:
            payments.append(Payment(dropper, w, 2, "caught_drop", why, (("low", m), ("dropper", d))))
            payments += _winners_collect([w], rest, m)
    return Settlement(seats, tuple(payments), _headline(N_("Drop caught (%(mode)s)."), mode=mode), winners)


def _winners_collect(winners: Sequence[int], losers: Sequence[int], m: int) -> list[Payment]:
    """Every member of W collects 1 from every player not in W (§3.2 step 2)."""
    why = N_("%(payer)s pays %(payee)s 1 stake (%(amount)s): lowest count %(low)s.")
    return [Payment(s, w, 1, "lowest_hand", why, (("low", m),)) for w in winners for s in losers]


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
