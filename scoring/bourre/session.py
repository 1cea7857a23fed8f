"""The session around the deals: seating, dealer rotation, antes, settlement into the ledger,
and result entry (rules/bourre.md §2.3, §2.5, §4, §5.5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from scoring.bourre.settlement import Outcome, settle
from scoring.bourre.state import DealRecord, Finding, Session
from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import Note
from scoring.protocol import MatchResult, places_from_scores

RULE_SEATS = "bourre.md §2.3"
RULE_ANTE = "bourre.md §2.5"
RULE_ENTRY = "bourre.md §4.8"


def check_seat(state: Session, seat: int, what: str = "seat") -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            "%(field)s names seat %(seat)s, but this table has seats 0–%(last)s.",
            rule=RULE_SEATS,
            seat=seat,
            field=what,
            last=state.seats - 1,
        )


def left_of(state: Session, seat: int, seated: Iterable[int]) -> int:
    """The first seat in ``seated`` clockwise after ``seat``."""
    pool = set(seated)
    for step in range(1, state.seats + 1):
        candidate = (seat + step) % state.seats
        if candidate in pool:
            return candidate
    raise RulesError("nobody_seated", "Nobody is seated.", rule=RULE_SEATS)


def expected_dealer(state: Session) -> tuple[int | None, tuple[int, ...], tuple[Note, ...]]:
    """§2.3/§5.5: the next dealer, the forfeits left after skipping, and why (None: first deal)."""
    if state.last_dealer is None:
        return None, state.forfeits, ()
    forfeits = list(state.forfeits)
    notes: list[Note] = []
    seat = state.last_dealer
    while True:
        seat = left_of(state, seat, state.seated)
        if forfeits[seat] > 0:
            forfeits[seat] -= 1
            notes.append(
                Note("deal_skipped", "%(name)s forfeits this turn to deal (§5.5).", seat, name=state.players[seat])
            )
            continue
        return seat, tuple(forfeits), tuple(notes)


def ante_plan(state: Session, dealer: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Seats whose ante is due (§2.5, §4.5) and who pays how much (``ante_payer``)."""
    v = state.variants
    due = tuple(s for s in sorted(state.seated) if not (v.exemptions_apply and s in state.exempt))
    if not due:
        return due, ()
    if v.ante_payer == "dealer_for_all":
        return due, ((dealer, v.ante_amount * len(due)),)
    return due, tuple((s, v.ante_amount) for s in due)


def pay(ledger: tuple[int, ...], seat: int, chips: int) -> tuple[int, ...]:
    """Move ``chips`` from a player to the pot (negative: from the pot to the player)."""
    return tuple(c - chips if s == seat else c for s, c in enumerate(ledger))


def open_deal(
    state: Session, dealer: int | None, antes: tuple[int, ...] | None
) -> tuple[Session, int, tuple[tuple[int, int], ...], tuple[Note, ...]]:
    """Check the seating and the dealer, collect the antes; return (state, dealer, antes, notes)."""
    v = state.variants
    low, high = v.seat_range
    seated = sorted(state.seated)
    if not low <= len(seated) <= high:
        raise RulesError(
            "wrong_seated_count",
            "A deal needs %(low)s–%(high)s seated players, not %(seated)s.",
            rule="bourre.md §2.1",
            seated=len(seated),
            low=low,
            high=high,
        )
    expected, forfeits, notes = expected_dealer(state)
    if expected is None:
        if dealer is not None:
            check_seat(state, dealer, "dealer")
            if dealer not in state.seated:
                raise RulesError(
                    "not_seated", "%(name)s is not seated.", rule=RULE_SEATS, seat=dealer, name=state.players[dealer]
                )
        actual = seated[0] if dealer is None else dealer
    else:
        if dealer is not None and dealer != expected:
            raise RulesError(
                "wrong_dealer",
                "It is %(name)s's turn to deal, not %(other)s's (§2.3, §5.5).",
                rule=RULE_SEATS,
                expected=expected,
                seat=dealer,
                name=state.players[expected],
                other=state.players[dealer] if 0 <= dealer < state.seats else dealer,
            )
        actual = expected
    due, payers = ante_plan(state, actual)
    if antes is not None:
        _check_antes(state, antes, due)
    ledger = state.ledger
    for seat, chips in payers:
        ledger = pay(ledger, seat, chips)
    paid = sum(c for _, c in payers)
    notes += (
        Note("antes", "Antes: %(chips)s chips from %(names)s (§2.5, §4.5).", chips=paid, names=names(state, due))
        if due
        else Note("antes", "Antes: %(chips)s chips from nobody (§2.5, §4.5).", chips=paid),
    )
    state = dataclasses.replace(state, ledger=ledger, pot=state.pot + paid, forfeits=forfeits)
    return state, actual, payers, notes


def _check_antes(state: Session, antes: tuple[int, ...], due: tuple[int, ...]) -> None:
    for seat in antes:
        check_seat(state, seat, "antes")
        if seat not in state.seated:
            raise RulesError(
                "not_seated", "%(name)s is not seated.", rule=RULE_ANTE, seat=seat, name=state.players[seat]
            )
        if seat not in due:
            raise RulesError(
                "ante_from_exempt_player",
                "%(name)s is exempt from this ante: they paid the pot or tied for a split pot (§4.5).",
                rule="bourre.md §4.5",
                seat=seat,
                name=state.players[seat],
            )
    missing = [s for s in due if s not in antes]
    if missing or len(set(antes)) != len(antes):
        raise RulesError(
            "ante_missing" if missing else "duplicate_ante",
            "Every seated player who is not exempt antes: %(names)s (§2.5).",
            rule=RULE_ANTE,
            missing=missing,
            names=names(state, due),
        )


def names(state: Session, seats: Iterable[int]) -> str:
    return ", ".join(state.players[s] for s in seats)


def close_deal(
    state: Session,
    *,
    mode: str,
    dealer: int,
    seated: tuple[int, ...],
    up_card: Card | None,
    antes: tuple[tuple[int, int], ...],
    second_antes: tuple[int, ...],
    pot_before: int,
    tricks: dict[int, int],
    lone: bool,
    recalled: tuple[int, ...],
    uncorrected: tuple[int, ...],
    notes: tuple[Note, ...],
    plays: tuple[tuple[int, Card], ...] = (),
    lo_no: bool = False,
) -> Session:
    """Settle the deal (§4) into the ledger and the pot, and add it to the history."""
    v = state.variants
    pot = state.pot
    out: Outcome = settle(v, state.players, pot, tricks, lone=lone, recalled=recalled, uncorrected=uncorrected)
    ledger = state.ledger
    for seat, chips in out.taken:
        ledger = pay(ledger, seat, -chips)
    for seat, chips, _ in out.payments:
        ledger = pay(ledger, seat, chips)
    pot_after = pot - out.total_taken + out.total_paid
    forfeits = list(state.forfeits)
    for seat in out.forfeits:
        forfeits[seat] += 1
    trick_list = tuple(tricks.get(s, 0) for s in range(state.seats)) if tricks else None
    closing: tuple[Note, ...] = (
        Note(
            "pot_after",
            "Pot %(pot)s − %(taken)s taken + %(paid)s paid = %(pot_after)s (§4.7).",
            pot=pot,
            taken=out.total_taken,
            paid=out.total_paid,
            pot_after=pot_after,
        ),
    )
    if out.exempt_next:
        closing += (
            Note(
                "exempt_next_ante",
                "Exempt from the next ante: %(names)s (paid the pot or tied, §4.5).",
                names=names(state, sorted(out.exempt_next)),
            ),
        )
    record = DealRecord(
        number=state.deal_number,
        mode=mode,
        dealer=dealer,
        seated=seated,
        up_card=up_card,
        antes=antes,
        second_antes=second_antes,
        pot_before=pot_before,
        pot_at_play=pot,
        active=tuple(sorted(tricks)),
        tricks=trick_list,
        winner=out.winner,
        tied=out.tied,
        taken=out.taken,
        payments=out.payments,
        pot_after=pot_after,
        exempt_next=tuple(sorted(out.exempt_next)),
        forfeits=out.forfeits,
        offenders=tuple(sorted(set(recalled) | set(uncorrected))),
        recalled=tuple(sorted(set(recalled))),
        ledger=ledger,
        notes=notes + out.notes + closing,
        plays=plays,
        lo_no=lo_no,
    )
    assert sum(ledger) + pot_after == 0, "chips are conserved (§4.7)"
    return dataclasses.replace(
        state,
        ledger=ledger,
        pot=pot_after,
        exempt=out.exempt_next,
        forfeits=tuple(forfeits),
        last_dealer=dealer,
        deal=None,
        history=(*state.history, record),
    )


def add_premature(state: Session, seat: int) -> Session:
    """§3.1.6: a premature signal forfeits the signaller's next turn to deal."""
    check_seat(state, seat)
    if state.variants.premature_signal_penalty == "none":
        return state
    forfeits = list(state.forfeits)
    forfeits[seat] += 1
    return dataclasses.replace(state, forfeits=tuple(forfeits))


def leave(state: Session, seat: int) -> Session:
    """§2.3: a leaving player is no longer seated; pending deal forfeits lapse."""
    check_seat(state, seat)
    if seat not in state.seated:
        raise RulesError("not_seated", "%(name)s is not seated.", rule=RULE_SEATS, seat=seat, name=state.players[seat])
    forfeits = list(state.forfeits)
    forfeits[seat] = 0
    return dataclasses.replace(state, seated=state.seated - {seat}, forfeits=tuple(forfeits))


def join(state: Session, seat: int) -> Session:
    check_seat(state, seat)
    if seat in state.seated:
        raise RulesError(
            "already_seated", "%(name)s is already seated.", rule=RULE_SEATS, seat=seat, name=state.players[seat]
        )
    return dataclasses.replace(state, seated=state.seated | {seat})


def end_session(state: Session) -> Session:
    scores = state.ledger
    best = max(scores)
    winners = tuple(s for s, c in enumerate(scores) if c == best)
    how = Note("session_end", "Net chips at the end of the session; %(pot)s chips stay in the pot.", pot=state.pot)
    places = places_from_scores(scores, lower_is_better=False)
    result = MatchResult(winners, places, scores, False, how.text, how_note=how)
    return dataclasses.replace(state, finished=True, result=result)


def with_penalties(state: Session, findings: Iterable[Finding], counted: Iterable[Finding]) -> tuple[Finding, ...]:
    """Say on each finding which penalty the settlement of its deal applied (§5.2, §5.3)."""
    record = state.history[-1]
    forfeits = state.variants.uncorrected_renege_forfeits_pot
    counted_keys = {(f.seat, f.trick, f.code, f.source) for f in counted}
    paid = {seat: chips for seat, chips, reason in record.payments if "renege" in reason}
    out = []
    for f in findings:
        chips = paid.get(f.seat)
        if f.recalled:
            text = Note("recalled", "corrected in time: cannot win the pot, loses the next turn to deal (§5.2)", f.seat)
        elif (f.seat, f.trick, f.code, f.source) not in counted_keys:
            text = Note("not_penalised", "not penalised: cinch_breach_is_renege is false (§7)", f.seat)
        elif chips is not None:
            text = Note(
                "stood",
                "stood: cannot win the pot, pays %(chips)s (§5.3)" if forfeits else "stood, pays %(chips)s (§5.3)",
                f.seat,
                chips=chips,
            )
        else:
            text = Note(
                "stood",
                "stood: cannot win the pot, no renege payment of its own (§5.3, §7)"
                if forfeits
                else "stood, no renege payment of its own (§5.3, §7)",
                f.seat,
            )
        out.append(dataclasses.replace(f, penalty=text))
    return tuple(out)
