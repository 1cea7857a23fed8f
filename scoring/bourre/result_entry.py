"""Result entry of a whole deal (rules/bourre.md §4.8) and late renege claims (§5.3, §7)."""

from __future__ import annotations

import dataclasses

from scoring.bourre import lo_no
from scoring.bourre.events import DealResult, Renege
from scoring.bourre.session import (
    RULE_ENTRY,
    add_premature,
    check_seat,
    close_deal,
    names,
    open_deal,
    pay,
    with_penalties,
)
from scoring.bourre.state import Session, renege_finding
from scoring.errors import RulesError
from scoring.explain import Note


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
                "%(name)s did not play this deal and cannot have reneged (§5.1).",
                rule="bourre.md §5.1",
                seat=seat,
                name=state.players[seat],
            )
    if (event.reneges or event.recalled) and len(played) < 2:
        raise RulesError(
            "renege_without_play",
            "No cards are played in a lone-player or all-pass deal, so nobody can renege (§3.1.5, §8).",
            rule="bourre.md §3.1",
        )
    for seat in event.premature:
        check_seat(state, seat, "premature")
    for seat in event.folded_after_draw:
        check_seat(state, seat, "folded_after_draw")
        if not v.indiana or seat in played or seat not in state.seated:
            raise RulesError(
                "folded_after_draw_not_allowed",
                "Only in four-card Bourré may a seated player who did not play be listed as folding after the "
                "draw (§7).",
                rule="bourre.md §7",
                seat=seat,
            )
    pot_before = state.pot
    state, dealer, antes, notes = open_deal(state, event.dealer, event.antes)
    ace = (event.ace_up or (event.up_card is not None and event.up_card.rank == 14)) and v.up_card_owned
    if event.ace_up and event.up_card is not None and event.up_card.rank != 14:
        raise RulesError(
            "up_card_not_ace",
            "%(card_pretty)s is not an ace.",
            rule=RULE_ENTRY,
            card=str(event.up_card),
            card_pretty=event.up_card.pretty,
        )
    if event.lo_no:
        notes += (lo_no.check_call(state, event.up_card, dealer),)
        lo_no.check_entry(state, dealer, played)
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
    if v.stay_cost:
        # Double ante: one chip per player who plays; four-card Bourré: one to stay before the draw
        # (players and those who folded after it) and one more to stay after it (players).
        second = (*played, *event.folded_after_draw, *(played if v.indiana else ()))
        for seat in second:
            state = dataclasses.replace(state, ledger=pay(state.ledger, seat, v.stay_cost), pot=state.pot + v.stay_cost)
        notes += (Note("second_ante", "Stakes for playing from %(names)s (§7).", names=names(state, second)),)
    if lone:
        tricks = {played[0]: v.hand_size}
    for seat in event.premature:
        state = add_premature(state, seat)
    number = state.deal_number
    entered = [
        renege_finding(
            number,
            s,
            "renege_alleged",
            Note("renege_alleged", "renege entered with the result (§4.8, §5.3).", s),
            source="table",
            status="reported",
        )
        for s in event.reneges
    ] + [
        renege_finding(
            number,
            s,
            "renege_recalled",
            Note("renege_recalled", "recalled renege entered with the result (§5.2).", s),
            recalled=True,
            source="table",
            status="reported",
        )
        for s in event.recalled
    ]
    state = close_deal(
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
        lo_no=event.lo_no,
    )
    settled = with_penalties(state, entered, [f for f in entered if not f.recalled])
    return dataclasses.replace(state, findings=(*state.findings, *settled))


def _check_played(state: Session, event: DealResult, seated: tuple[int, ...]) -> tuple[int, ...]:
    for seat in event.played:
        check_seat(state, seat, "played")
        if seat not in state.seated:
            raise RulesError(
                "not_seated", "%(name)s is not seated.", rule=RULE_ENTRY, seat=seat, name=state.players[seat]
            )
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
            "Give tricks for each of the %(seats)s players, not %(count)s.",
            rule=RULE_ENTRY,
            seats=state.seats,
            count=len(event.tricks),
            field="tricks",
        )
    for seat, count in enumerate(event.tricks):
        if count < 0 or count > state.variants.hand_size:
            raise RulesError(
                "tricks_out_of_range",
                "%(name)s cannot take %(count)s tricks.",
                rule=RULE_ENTRY,
                seat=seat,
                name=state.players[seat],
                count=count,
                field="tricks",
            )
        if count and seat not in played:
            raise RulesError(
                "passer_took_tricks",
                "%(name)s did not play and cannot have taken a trick (§1).",
                rule=RULE_ENTRY,
                seat=seat,
                name=state.players[seat],
            )
    total = state.variants.hand_size
    if played and sum(event.tricks) != total:
        code = f"tricks_must_total_{total}"
        raise RulesError(
            code,
            "%(tricks)s tricks are played in every deal; these total %(total)s (§3.5).",
            rule="bourre.md §3.5",
            total=sum(event.tricks),
            tricks=total,
            field="tricks",
        )
    if not played and any(event.tricks):
        raise RulesError("passer_took_tricks", "Nobody played, so nobody took a trick.", rule=RULE_ENTRY)
    return {s: event.tricks[s] for s in played}


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
    finding = renege_finding(
        record.number,
        event.seat,
        "renege_alleged",
        Note(
            "renege_alleged",
            "late claim: renege in deal %(deal)s; pays %(chips)s into the current pot (§5.3, §7).",
            event.seat,
            deal=record.number,
            chips=amount,
        ),
        source="table",
        status="reported",
    )
    exempt = state.exempt | ({event.seat} if amount and v.exemptions_apply else set())
    return dataclasses.replace(
        state,
        ledger=pay(state.ledger, event.seat, amount),
        pot=state.pot + amount,
        exempt=frozenset(exempt),
        findings=(*state.findings, finding),
    )
