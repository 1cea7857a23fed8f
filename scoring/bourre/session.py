"""The session around the deals: seating, dealer rotation, antes, settlement into the ledger,
and result entry (rules/bourre.md §2.3, §2.5, §4, §5.5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from scoring.bourre.events import DealResult, Renege
from scoring.bourre.settlement import Outcome, settle
from scoring.bourre.state import DealRecord, Finding, Note, Session
from scoring.cards import Card
from scoring.errors import RulesError
from scoring.protocol import MatchResult, places_from_scores

RULE_SEATS = "bourre.md §2.3"
RULE_ANTE = "bourre.md §2.5"
RULE_ENTRY = "bourre.md §4.8"


def check_seat(state: Session, seat: int, what: str = "seat") -> None:
    if not 0 <= seat < state.seats:
        raise RulesError(
            "no_such_seat",
            f"{what} names seat {seat}, but this table has seats 0–{state.seats - 1}.",
            rule=RULE_SEATS,
            seat=seat,
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
            notes.append(Note("deal_skipped", f"{state.players[seat]} forfeits this turn to deal (§5.5).", seat))
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
            "wrong_player_count",
            f"A deal needs {low}–{high} seated players, not {len(seated)}.",
            rule="bourre.md §2.1",
            seated=len(seated),
        )
    expected, forfeits, notes = expected_dealer(state)
    if expected is None:
        if dealer is not None:
            check_seat(state, dealer, "dealer")
            if dealer not in state.seated:
                raise RulesError("not_seated", f"{state.players[dealer]} is not seated.", rule=RULE_SEATS, seat=dealer)
        actual = seated[0] if dealer is None else dealer
    else:
        if dealer is not None and dealer != expected:
            raise RulesError(
                "wrong_dealer",
                f"It is {state.players[expected]}'s turn to deal, not seat {dealer}'s (§2.3, §5.5).",
                rule=RULE_SEATS,
                expected=expected,
                seat=dealer,
            )
        actual = expected
    due, payers = ante_plan(state, actual)
    if antes is not None:
        _check_antes(state, antes, due)
    ledger = state.ledger
    for seat, chips in payers:
        ledger = pay(ledger, seat, chips)
    paid = sum(c for _, c in payers)
    notes += (Note("antes", f"Antes: {paid} chips from {_names(state, due) or 'nobody'} (§2.5, §4.5)."),)
    state = dataclasses.replace(state, ledger=ledger, pot=state.pot + paid, forfeits=forfeits)
    return state, actual, payers, notes


def _check_antes(state: Session, antes: tuple[int, ...], due: tuple[int, ...]) -> None:
    for seat in antes:
        check_seat(state, seat, "antes")
        if seat not in state.seated:
            raise RulesError("not_seated", f"{state.players[seat]} is not seated.", rule=RULE_ANTE, seat=seat)
        if seat not in due:
            raise RulesError(
                "ante_from_exempt_player",
                f"{state.players[seat]} is exempt from this ante: they paid the pot or tied for a split pot (§4.5).",
                rule="bourre.md §4.5",
                seat=seat,
            )
    missing = [s for s in due if s not in antes]
    if missing or len(set(antes)) != len(antes):
        raise RulesError(
            "ante_missing" if missing else "duplicate_ante",
            f"Every seated player who is not exempt antes: {_names(state, due)} (§2.5).",
            rule=RULE_ANTE,
            missing=missing,
        )


def _names(state: Session, seats: Iterable[int]) -> str:
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
        Note("pot_after", f"Pot {pot} − {out.total_taken} taken + {out.total_paid} paid = {pot_after} (§4.7)."),
    )
    if out.exempt_next:
        closing += (
            Note(
                "exempt_next_ante",
                f"Exempt from the next ante: {_names(state, sorted(out.exempt_next))} (paid the pot or tied, §4.5).",
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


def apply_deal_result(state: Session, event: DealResult) -> Session:
    """Result entry of one whole deal (§4.8)."""
    v = state.variants
    seated = tuple(sorted(state.seated))
    played = _check_played(state, event, seated)
    tricks = _check_tricks(state, event, played)
    for seat in (*event.reneges, *event.recalled):
        check_seat(state, seat, "reneges")
        if seat not in played:
            raise RulesError(
                "renege_by_non_player",
                f"{state.players[seat]} did not play this deal and cannot have reneged (§5.1).",
                rule="bourre.md §5.1",
                seat=seat,
            )
    if (event.reneges or event.recalled) and len(played) < 2:
        raise RulesError(
            "renege_without_play",
            "No cards are played in a lone-player or all-pass deal, so nobody can renege (§3.1.5, §8).",
            rule="bourre.md §3.1",
        )
    for seat in event.premature:
        check_seat(state, seat, "premature")
    pot_before = state.pot
    state, dealer, antes, notes = open_deal(state, event.dealer, event.antes)
    ace = event.up_card is not None and event.up_card.rank == 14 and v.up_card_owned
    if ace and v.dealer_must_play_on_ace and dealer not in played:
        raise RulesError(
            "dealer_must_play_ace",
            "The up-card is an ace: the dealer must play (§3.1.4).",
            rule="bourre.md §3.1",
            seat=dealer,
        )
    lone = len(played) == 1
    if not played and v.all_pass_policy == "dealer_collects":
        played = (dealer,)
        lone = True
        notes += (Note("all_pass_dealer", "Everyone passed: the dealer collects as a lone player (§3.1.5).", dealer),)
    second: tuple[int, ...] = ()
    if v.second_ante:
        second = played
        for seat in played:
            state = dataclasses.replace(
                state, ledger=pay(state.ledger, seat, v.ante_amount), pot=state.pot + v.ante_amount
            )
        notes += (Note("second_ante", f"Second ante from {_names(state, played)} (§7 double ante)."),)
    if lone:
        tricks = {played[0]: 5}
    state = _premature(state, event.premature)
    return close_deal(
        state,
        mode="result",
        dealer=dealer,
        seated=seated,
        up_card=event.up_card,
        antes=antes,
        second_antes=second,
        pot_before=pot_before,
        tricks=tricks,
        lone=lone,
        recalled=event.recalled,
        uncorrected=event.reneges,
        notes=notes,
    )


def _check_played(state: Session, event: DealResult, seated: tuple[int, ...]) -> tuple[int, ...]:
    for seat in event.played:
        check_seat(state, seat, "played")
        if seat not in state.seated:
            raise RulesError("not_seated", f"{state.players[seat]} is not seated.", rule=RULE_ENTRY, seat=seat)
    if len(set(event.played)) != len(event.played):
        raise RulesError("duplicate_seat", "A player is listed twice in played.", rule=RULE_ENTRY)
    return tuple(s for s in seated if s in event.played)


def _check_tricks(state: Session, event: DealResult, played: tuple[int, ...]) -> dict[int, int]:
    if event.tricks is None:
        if len(played) >= 2:
            raise RulesError(
                "tricks_required", "Two or more played: enter the tricks each took (§4.8).", rule=RULE_ENTRY
            )
        return {}
    if len(event.tricks) != state.seats:
        raise RulesError(
            "tricks_per_seat",
            f"Give tricks for each of the {state.seats} players, not {len(event.tricks)}.",
            rule=RULE_ENTRY,
        )
    for seat, count in enumerate(event.tricks):
        if count < 0 or count > 5:
            raise RulesError("tricks_out_of_range", f"Seat {seat} cannot take {count} tricks.", rule=RULE_ENTRY)
        if count and seat not in played:
            raise RulesError(
                "passer_took_tricks",
                f"{state.players[seat]} did not play and cannot have taken a trick (§1).",
                rule=RULE_ENTRY,
                seat=seat,
            )
    if played and sum(event.tricks) != 5:
        raise RulesError(
            "tricks_must_total_5",
            f"Five tricks are played in every deal; these total {sum(event.tricks)} (§3.5).",
            rule="bourre.md §3.5",
            total=sum(event.tricks),
        )
    if not played and any(event.tricks):
        raise RulesError("passer_took_tricks", "Nobody played, so nobody took a trick.", rule=RULE_ENTRY)
    return {s: event.tricks[s] for s in played}


def _premature(state: Session, seats: Iterable[int]) -> Session:
    for seat in seats:
        state = add_premature(state, seat)
    return state


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
        raise RulesError("not_seated", f"{state.players[seat]} is not seated.", rule=RULE_SEATS, seat=seat)
    forfeits = list(state.forfeits)
    forfeits[seat] = 0
    return dataclasses.replace(state, seated=state.seated - {seat}, forfeits=tuple(forfeits))


def join(state: Session, seat: int) -> Session:
    check_seat(state, seat)
    if seat in state.seated:
        raise RulesError("already_seated", f"{state.players[seat]} is already seated.", rule=RULE_SEATS, seat=seat)
    return dataclasses.replace(state, seated=state.seated | {seat})


def end_session(state: Session) -> Session:
    scores = state.ledger
    best = max(scores)
    winners = tuple(s for s, c in enumerate(scores) if c == best)
    how = f"Net chips at the end of the session; {state.pot} chips stay in the pot."
    result = MatchResult(winners, places_from_scores(scores, lower_is_better=False), scores, False, how)
    return dataclasses.replace(state, finished=True, result=result)


def late_claim(state: Session, event: Renege) -> Session:
    """§5.3 / §7 ``renege_claim_deadline = end_of_session``: a renege in an earlier deal."""
    v = state.variants
    rule = "bourre.md §5.3"
    if v.renege_claim_deadline != "end_of_session":
        raise RulesError(
            "renege_claim_too_late",
            "A renege may be alleged only until the next deal is dealt; after that the result stands (§5.3).",
            rule=rule,
            deal=event.deal,
        )
    if state.deal is not None:
        raise RulesError("deal_in_progress", "Enter a late renege claim between deals.", rule=rule)
    record = next((h for h in state.history if h.number == event.deal), None)
    if record is None or event.seat not in record.active or event.recalled:
        raise RulesError(
            "renege_by_non_player",
            "A late claim names a settled deal in which that player played, and a renege that stood (§5.3).",
            rule=rule,
            deal=event.deal,
            seat=event.seat,
        )
    pot = record.pot_at_play
    amount = {"match_pot": v.cap(pot), "double_pot": v.cap(2 * pot), "retraction_only": 0}[v.renege_uncorrected_penalty]
    finding = Finding(
        record.number,
        event.seat,
        "renege_alleged",
        f"late claim: renege in deal {record.number}; pays {amount} into the current pot (§5.3, §7).",
        source="table",
    )
    exempt = state.exempt | ({event.seat} if amount and v.exemptions_apply else set())
    return dataclasses.replace(
        state,
        ledger=pay(state.ledger, event.seat, amount),
        pot=state.pot + amount,
        exempt=frozenset(exempt),
        findings=(*state.findings, finding),
    )
