"""Match-level rules: dealer rotation, gold set, silenced players, thrown-in deals, winning (§3, §4.5,
§4.7, §5.3, §12)."""

from __future__ import annotations

from dataclasses import replace

from scoring.explain import N_, Note
from scoring.protocol import MatchResult, places_from_scores
from scoring.thousand.reverse_barrel import losers, reverse_barrel_steps
from scoring.thousand.rules import Seating, note, seating
from scoring.thousand.state import DealRecord, ThousandState
from scoring.thousand.variants import ThousandVariants

FINE = 120  # §5.3: every procedural fine in the game is 120


def new_state(variants: ThousandVariants, players: tuple[str, ...]) -> ThousandState:
    n = len(players)
    zeros = (0,) * n
    return ThousandState(
        variants=variants,
        players=players,
        totals=zeros,
        barrel=(None,) * n,
        barrel_falls=zeros,
        reverse_barrel=(None,) * n,
        reverse_lifts=zeros,
        bolts=zeros,
        rospisat_counts=zeros,
        spisat_counts=zeros,
        bombs_used=zeros,
        gold_active=variants.gold_set,
    )


def current_seating(state: ThousandState) -> Seating:
    return seating(state.seats, state.dealer, state.variants)


def is_silenced(state: ThousandState, seat: int) -> bool:
    """§4.5: a total below ``silence_threshold`` silences the player."""
    threshold = state.variants.silence_threshold
    return threshold is not None and state.totals[seat] < threshold


def minimum_bid(state: ThousandState) -> int:
    """§4.1, §4.7: the compulsory opening, 120 in the gold set."""
    v = state.variants
    return max(v.compulsory_bid, 120) if state.gold_active else v.compulsory_bid


def on_barrel(state: ThousandState, seat: int) -> bool:
    """Standard: on the barrel; Lviv: total in the barrel zone at the start of the deal (§9.6)."""
    v = state.variants
    if v.lviv:
        return v.effective_barrel_level <= state.totals[seat] < v.win_total
    return state.barrel[seat] is not None


def _win_check(state: ThousandState, declarer: int | None) -> ThousandState:
    """§12: the declarer wins ties; otherwise the highest total; equal totals share."""
    win = state.variants.win_total
    reached = [s for s, t in enumerate(state.totals) if t >= win]
    lost = losers(state.variants, state.totals)
    if not reached and not lost:
        return state
    if not reached:
        # §11 reverse barrel [D]: a losing total ends the game; the best of the others wins.
        rest = [s for s in range(state.seats) if s not in lost] or list(range(state.seats))
        best = max(state.totals[s] for s in rest)
        winners: tuple[int, ...] = tuple(s for s in rest if state.totals[s] == best)
        how = Note(
            "win_reverse_barrel",
            "%(name)s reached %(total)s, the losing total of the reverse barrel (§11): the highest other total wins",
            lost[0],
            name=state.name(lost[0]),
            total=state.totals[lost[0]],
        )
    elif declarer in reached:
        winners = (declarer,)
        how = Note(
            "win_declarer",
            "the declarer reached the winning total (declarer wins the tie, §12)"
            if len(reached) > 1
            else "the declarer reached the winning total",
            declarer,
        )
    else:
        best = max(state.totals[s] for s in reached)
        winners = tuple(s for s in reached if state.totals[s] == best)
        if len(winners) > 1:
            how = Note("win_shared", "equal winning totals share the win (§12)", None)
        elif len(reached) > 1:
            how = Note(
                "win_highest", "highest winning total (defenders both reached it: the higher wins, §12)", winners[0]
            )
        else:
            how = Note("win_highest", "highest winning total", winners[0])
    # Winners share place 1; the others are ranked by total behind them.
    others = [s for s in range(state.seats) if s not in winners]
    ranked = places_from_scores([state.totals[s] for s in others], lower_is_better=False)
    places = [1] * state.seats
    for s, place in zip(others, ranked, strict=True):
        places[s] = len(winners) + place
    result = MatchResult(winners, tuple(places), state.totals, lower_is_better=False, how=how.text, how_note=how)
    return replace(state, result=result, winner_note=how)


def after_deal(state: ThousandState, record: DealRecord, *, made_contract: bool) -> ThousandState:
    """Close a deal that reached a result: history, dealer, gold set, win check."""
    notes = list(record.notes)
    changes: dict[str, object] = {}
    if state.gold_active:
        deals = state.gold_deals + 1
        made = state.gold_made or made_contract
        if deals >= state.seats:
            if made:
                changes.update(gold_active=False, gold_deals=0, gold_made=False)
                notes.append(Note("gold_set_over", "The gold set is over (§4.7).", None))
            else:
                changes.update(gold_deals=0, gold_made=False, gold_rounds=state.gold_rounds + 1)
                notes.append(Note("gold_set_again", "Nobody made a contract in the gold set: played again.", None))
                if state.variants.gold_set_replay_resets_scores:
                    changes["totals"] = (0,) * state.seats
                    changes["reverse_barrel"] = (None,) * state.seats  # §11: nobody is at −880 any more
                    notes.append(Note("gold_set_reset", "Totals reset to 0 for the new gold set (§4.7).", None))
        else:
            changes.update(gold_deals=deals, gold_made=made)
    if "totals" in changes:
        record = replace(record, totals=(0,) * state.seats)
    record = replace(record, notes=tuple(notes))
    state = replace(
        state,
        history=(*state.history, record),
        deal=None,
        deal_number=state.deal_number + 1,
        dealer=(state.dealer + 1) % state.seats,
        dealer_fixed=True,
        redeal_streak=0,
        recut_streak=0,
        **changes,  # type: ignore[arg-type]
    )
    return _win_check(state, record.declarer)


#: The explanation of a thrown-in deal, by reason (§5.3).
THROWN_IN = {
    "four_nines": N_("Deal thrown in (four nines): nobody scores (§5.3)."),
    "three_nines": N_("Deal thrown in (three nines): nobody scores (§5.3)."),
    "low_talon": N_("Deal thrown in (low talon): nobody scores (§5.3)."),
    "weak_hand": N_("Deal thrown in (weak hand): nobody scores (§5.3)."),
    "four_jacks": N_("Deal thrown in (four jacks): nobody scores (§5.3)."),
    "misdeal": N_("Deal thrown in (misdeal): nobody scores (§5.3)."),
    "bottom_card": N_("Deal thrown in (bottom card): nobody scores (§5.3)."),
    "renege_replay": N_("Deal thrown in (renege replay): nobody scores (§5.3)."),
}


def throw_in(state: ThousandState, reason: str, claimant: int | None, mode: str) -> ThousandState:
    """§5.3: nobody scores and the same dealer deals again, unless a fine passes the deal."""
    v = state.variants
    n = state.seats
    notes = [note("thrown_in", THROWN_IN[reason], claimant)]
    nines = reason in ("four_nines", "three_nines")
    redeal_streak = state.redeal_streak + 1 if nines else 0
    recut_streak = state.recut_streak + 1 if reason == "bottom_card" else 0
    fined: int | None = None
    if reason == "misdeal" and v.misdeal_penalty == "dealer_minus_120_deal_passes":
        fined = state.dealer
        notes.append(Note("misdeal_fine", "Misdeal: dealer −%(fine)s, the deal passes (§5.3).", fined, fine=FINE))
    elif nines and v.four_nines_triple_penalty and redeal_streak >= 3:
        fined, redeal_streak = state.dealer, 0
        notes.append(Note("four_nines_fine", "Third four-nines redeal in a row: dealer −%(fine)s.", fined, fine=FINE))
    elif reason == "bottom_card" and recut_streak >= 3:
        fined = state.dealer if v.jack_bottom_recut == "jack" else (state.dealer + 1) % n
        recut_streak = 0
        notes.append(
            Note("recut_fine", "Third bottom-card re-cut in a row: −%(fine)s, the deal passes.", fined, fine=FINE)
        )
    totals = list(state.totals)
    penalties = [0] * n
    barrel = list(state.barrel)
    if fined is not None:
        totals[fined] -= FINE
        penalties[fined] = -FINE
        level = v.effective_barrel_level
        if barrel[fined] is not None and totals[fined] < level:
            barrel[fined] = None
            notes.append(Note("barrel_left", "Below %(level)s: off the barrel (§9.3).", fined, level=level))
        if v.reverse_barrel:
            reverse = list(state.reverse_barrel)
            lifts = list(state.reverse_lifts)
            was_on = [r is not None for r in reverse]
            reverse_barrel_steps(v, was_on, totals, reverse, lifts, notes, penalties, declarer=None, counts=False)
            state = replace(state, reverse_barrel=tuple(reverse), reverse_lifts=tuple(lifts))
        if v.dump_truck != "off" and (
            totals[fined] == v.dump_truck_value
            or (v.dump_truck == "both_signs" and totals[fined] == -v.dump_truck_value)
        ):
            totals[fined] = 0
            notes.append(Note("samosval", "Samosval: total 0 (§11).", fined))
    record = DealRecord(
        number=state.deal_number,
        dealer=state.dealer,
        kind="thrown_in",
        mode=mode,
        declarer=None,
        contract=None,
        blind=False,
        gold=state.gold_active,
        inactive=None,
        card_points=None,
        tricks=None,
        bonus=None,
        raw=(0,) * n,
        entries=(0,) * n,
        penalties=tuple(penalties),
        totals=tuple(totals),
        notes=tuple(notes),
        reason=reason,
    )
    state = replace(
        state,
        totals=tuple(totals),
        barrel=tuple(barrel),
        history=(*state.history, record),
        deal=None,
        dealer=(state.dealer + 1) % n if fined is not None else state.dealer,
        dealer_fixed=True,
        redeal_streak=redeal_streak,
        recut_streak=recut_streak,
    )
    return _win_check(state, None) if losers(v, state.totals) else state
