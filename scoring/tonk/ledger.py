"""Closing a Tonk hand: the settlement enters the running ledger with its explanation (§3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from scoring.explain import Note
from scoring.tonk.settlement import Settlement
from scoring.tonk.state import HandRecord, TonkState


def _plural(n: int) -> str:
    return f"{n} stake" if n == 1 else f"{n} stakes"


def explain(state: TonkState, settlement: Settlement, stake: int) -> list[Note]:
    """One line per payment, then one line per seat: why this player paid or received what."""
    names = state.players
    headline = settlement.headline
    if settlement.winners:
        headline += " Collecting: " + ", ".join(names[w] for w in settlement.winners) + "."
    notes = [Note("hand_end", headline)]
    for p in settlement.payments:
        notes.append(
            Note(
                p.code,
                f"{names[p.payer]} pays {names[p.payee]} {_plural(p.stakes)} ({p.stakes * stake}): {p.why}.",
                p.payer,
            )
        )
    for seat, name in enumerate(names):
        paid = [p for p in settlement.payments if p.payer == seat]
        got = [p for p in settlement.payments if p.payee == seat]
        if not paid and not got:
            continue
        parts = []
        if paid:
            detail = ", ".join(f"{p.stakes} to {names[p.payee]}" for p in paid)
            parts.append(f"paid {_plural(sum(p.stakes for p in paid))} ({detail})")
        if got:
            detail = ", ".join(f"{p.stakes} from {names[p.payer]}" for p in got)
            parts.append(f"received {_plural(sum(p.stakes for p in got))} ({detail})")
        net = settlement.net[seat]
        notes.append(
            Note("seat_net", f"{name} {' and '.join(parts)}: net {net:+d} × stake {stake} = {net * stake:+d}.", seat)
        )
    return notes


def finish_hand(
    state: TonkState,
    *,
    mode: str,
    end: str,
    by: int | None,
    stake: int,
    counts: tuple[int | None, ...] | None,
    settlement: Settlement,
    side_bet: Mapping[int, int] | None = None,
    side_bet_winner: int | None = None,
    notes: tuple[Note, ...] = (),
) -> TonkState:
    """Add a settled hand to the ledger; the deal passes to the left (§1.1)."""
    side = tuple((side_bet or {}).get(s, 0) for s in range(state.seats))
    lines = [*notes, *explain(state, settlement, stake)]
    if side_bet:
        names = state.players
        if side_bet_winner is None:
            lines.append(Note("side_bet_returned", "Spades side bet: nobody showed a spade, the pot is returned."))
        else:
            pot = sum(-v for s, v in side_bet.items() if s != side_bet_winner)
            lines.append(
                Note(
                    "side_bet_won",
                    f"Spades side bet: {names[side_bet_winner]} showed the highest spade and takes the pot "
                    f"({pot} from the other participants).",
                    side_bet_winner,
                )
            )
    net = tuple(n * stake + side[s] for s, n in enumerate(settlement.net))
    totals = tuple(t + n for t, n in zip(state.totals, net, strict=True))
    record = HandRecord(
        number=state.hand_number,
        dealer=state.dealer,
        mode=mode,
        end=end,
        by=by,
        stake=stake,
        counts=counts,
        settlement=settlement,
        side_bet=side,
        side_bet_winner=side_bet_winner,
        net=net,
        totals=totals,
        notes=tuple(lines),
    )
    first = state.first_dealer if state.first_dealer is not None else state.dealer
    return dataclasses.replace(state, hands=(*state.hands, record), totals=totals, play=None, first_dealer=first)
