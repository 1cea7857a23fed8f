"""Closing a Tonk hand: the settlement enters the running ledger with its explanation (§3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from scoring.explain import Note
from scoring.tonk.settlement import Settlement
from scoring.tonk.state import HandRecord, TonkState


def explain(state: TonkState, settlement: Settlement, stake: int) -> list[Note]:
    """The headline, who collects, one line per payment, then one line per seat: what this player
    paid and received in all, and the net in money."""
    names = state.players
    notes = [settlement.headline]
    if settlement.winners:
        collecting = ", ".join(names[w] for w in settlement.winners)
        notes.append(Note("collecting", "Collecting: %(names)s.", None, names=collecting))
    notes += [p.note(names, stake) for p in settlement.payments]
    for seat, name in enumerate(names):
        paid = sum(p.stakes for p in settlement.payments if p.payer == seat)
        got = sum(p.stakes for p in settlement.payments if p.payee == seat)
        if not paid and not got:
            continue
        net = settlement.net[seat]
        money: dict[str, Any] = {"net": f"{net:+d}", "stake": stake, "amount": f"{net * stake:+d}"}
        if paid and got:
            notes.append(
                Note(
                    "seat_net",
                    "%(name)s paid %(paid)s and received %(count)s stake: net %(net)s × stake %(stake)s = %(amount)s.",
                    seat,
                    plural="%(name)s paid %(paid)s and received %(count)s stakes: "
                    "net %(net)s × stake %(stake)s = %(amount)s.",
                    name=name,
                    paid=paid,
                    count=got,
                    **money,
                )
            )
        elif paid:
            notes.append(
                Note(
                    "seat_net",
                    "%(name)s paid %(count)s stake: net %(net)s × stake %(stake)s = %(amount)s.",
                    seat,
                    plural="%(name)s paid %(count)s stakes: net %(net)s × stake %(stake)s = %(amount)s.",
                    name=name,
                    count=paid,
                    **money,
                )
            )
        else:
            notes.append(
                Note(
                    "seat_net",
                    "%(name)s received %(count)s stake: net %(net)s × stake %(stake)s = %(amount)s.",
                    seat,
                    plural="%(name)s received %(count)s stakes: net %(net)s × stake %(stake)s = %(amount)s.",
                    name=name,
                    count=got,
                    **money,
                )
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
            lines.append(
                Note("side_bet_returned", "Spades side bet: nobody showed a spade, the pot is returned.", None)
            )
        else:
            pot = sum(-v for s, v in side_bet.items() if s != side_bet_winner)
            lines.append(
                Note(
                    "side_bet_won",
                    "Spades side bet: %(name)s showed the highest spade and takes the pot "
                    "(%(pot)s from the other participants).",
                    side_bet_winner,
                    name=names[side_bet_winner],
                    pot=pot,
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
        players=state.players,
    )
    first = state.first_dealer if state.first_dealer is not None else state.dealer
    return dataclasses.replace(state, hands=(*state.hands, record), totals=totals, play=None, first_dealer=first)
