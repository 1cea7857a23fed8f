"""Applying the play-phase events of a card-by-card hand, and scoring it (rules/hearts.md §2.3, §3, §6)."""

from __future__ import annotations

import dataclasses
from typing import Any

from scoring.cards import format_cards, sort_cards
from scoring.errors import RulesError
from scoring.explain import Note
from scoring.hearts.deal import penalty_points
from scoring.hearts.events import MoonChoice, PassLead, PlayCard, RenegeReport, RetractCard
from scoring.hearts.hand import Action, Finding, Hand
from scoring.hearts.hand_score import HandScore, abandoned_hand, moon_shooter, score_hand
from scoring.hearts.play import penalty_note, rebuild, retract_window, step
from scoring.hearts.result_entry import finish_hand
from scoring.hearts.state import HeartsState


def _hand_in_play(state: HeartsState, *, allow_moon_choice: bool = False) -> Hand:
    hand = state.current
    if hand is None:
        raise RulesError(
            "no_hand_dealt",
            "Record the deal of hand %(hand)s before its play.",
            rule="hearts.md §2.1",
            hand=state.hand_number,
        )
    if hand.phase == "pass":
        waiting = [s for s, done in enumerate(hand.passed) if not done]
        raise RulesError(
            "pass_not_finished",
            "The pass is not finished: %(names)s still to pass.",
            rule="hearts.md §2.2",
            seats=waiting,
            names=", ".join(hand.name(s) for s in waiting),
        )
    if hand.phase == "moon_choice" and not allow_moon_choice:
        raise RulesError(
            "moon_choice_pending",
            "The hand is over: the shooter chooses how the moon is scored.",
            rule="hearts.md §3.2",
        )
    return hand


def _with_hand(state: HeartsState, hand: Hand, before: int) -> HeartsState:
    """Store the hand, ending it at a new proof (abandon_26) or after its last trick."""
    if len(hand.proven) > before and state.variants.renege_penalty == "abandon_26":
        return abandon(state, hand, (hand.proven[-1].seat,), hand.proven[before:])
    if len(hand.tricks) == hand.config.per_player:
        return end_of_play(state, hand)
    return dataclasses.replace(state, current=hand)


def apply_play(state: HeartsState, event: PlayCard) -> HeartsState:
    hand = _hand_in_play(state)
    before = len(hand.proven)
    return _with_hand(state, step(hand, state.variants, Action("play", event.seat, event.card)), before)


def apply_pass_lead(state: HeartsState, event: PassLead) -> HeartsState:
    hand = _hand_in_play(state)
    return _with_hand(state, step(hand, state.variants, Action("pass_lead", event.seat)), len(hand.proven))


def apply_retract(state: HeartsState, event: RetractCard) -> HeartsState:
    hand = _hand_in_play(state)
    index = retract_window(hand, event.seat)
    if index is None:
        raise RulesError(
            "correction_window_closed",
            "%(name)s has no card that can still be taken back: a card may be replaced only until "
            "the first card of the next trick is played.",
            rule="hearts.md §3.5",
            seat=event.seat,
            name=hand.name(event.seat),
        )
    return dataclasses.replace(state, current=rebuild(hand, state.variants, hand.actions[:index]))


def apply_report(state: HeartsState, event: RenegeReport) -> HeartsState:
    hand = _hand_in_play(state, allow_moon_choice=True)
    offenders = event.offenders
    if not offenders or len(set(offenders)) != len(offenders):
        raise RulesError("offenders_required", "Name each offending seat once.", rule="hearts.md §3.5")
    for seat in offenders:
        if not 0 <= seat < hand.seats:
            raise RulesError(
                "no_such_seat",
                "There is no seat %(seat)s at this table (seats 0–%(last)s).",
                rule="hearts.md §3.5",
                seat=seat,
                last=hand.seats - 1,
            )
    findings = tuple(
        Finding(
            unit="hand",
            number=hand.number,
            seat=seat,
            code="renege_reported",
            status="reported",
            trick=None,
            proven_at_trick=hand.trick_number,
            note=reported_note(hand.name(seat), seat, event.note),
            penalty=penalty_note(state.variants, seat, hand.name(seat), seat not in hand.charged),
        )
        for seat in offenders
    )
    if state.variants.renege_penalty == "abandon_26":
        return abandon(state, hand, offenders, findings)
    return dataclasses.replace(state, current=dataclasses.replace(hand, reported=hand.reported + findings))


def reported_note(name: str, seat: int, note: str | None) -> Note:
    """A renege the table agreed on; the table's own words (``note``) are kept as typed."""
    if note:
        return Note("renege_reported", "The table agreed that %(name)s reneged: %(note)s", seat, name=name, note=note)
    return Note("renege_reported", "The table agreed that %(name)s reneged.", seat, name=name)


def apply_moon_choice(state: HeartsState, event: MoonChoice) -> HeartsState:
    hand = state.current
    if hand is None or hand.phase != "moon_choice":
        raise RulesError("moon_choice_not_allowed", "Nobody has a moon to score now.", rule="hearts.md §3.2")
    shooter = moon_shooter(hand.points, hand.jack_taker, state.variants)
    if event.seat != shooter:
        raise RulesError(
            "not_the_shooter",
            "%(shooter_name)s shot the moon and chooses, not %(name)s.",
            rule="hearts.md §3.2",
            seat=event.seat,
            shooter=shooter if shooter is not None else -1,
            shooter_name=hand.name(shooter) if shooter is not None else "",
            name=hand.name(event.seat),
        )
    return score_played_hand(state, hand, event.choice)


def abandon(state: HeartsState, hand: Hand, offenders: tuple[int, ...], findings: tuple[Finding, ...]) -> HeartsState:
    """§3.5 default: the hand ends now, each offender 26, everyone else 0, no moon, no J♦."""
    score = abandoned_hand(state.players, offenders, state.variants)
    proof = tuple(f.note for f in findings)
    fields: dict[str, object] = {
        "points": None,
        "jd_taker": None,
        "offenders": offenders,
        "mode": "cards",
        "tricks_won": hand.tricks_won,
        "tricks": hand.tricks,
    }
    new = finish_hand(state, fields, dataclasses.replace(score, notes=proof + score.notes))
    recorded = hand.findings + tuple(f for f in findings if f not in hand.findings)
    return dataclasses.replace(new, current=None, findings=state.findings + recorded)


def end_of_play(state: HeartsState, hand: Hand) -> HeartsState:
    """After the last trick: an unseen kitty is what nobody played; score or await a moon choice."""
    kitty = hand.kitty
    if hand.config.kitty_size and kitty is None:
        kitty = hand.config.pack - hand.seen
    hand = dataclasses.replace(hand, kitty=kitty)
    if hand.kitty_to is not None and not hand.kitty_counted and kitty is not None:
        value = penalty_points(kitty, spot=hand.config.spot)
        points = tuple(p + (value if s == hand.kitty_to else 0) for s, p in enumerate(hand.points))
        jack = hand.config.jack
        taker = hand.kitty_to if jack is not None and jack in kitty else hand.jack_taker
        hand = dataclasses.replace(hand, points=points, jack_taker=taker, kitty_counted=True)
    shooter = moon_shooter(hand.points, hand.jack_taker, state.variants)
    if shooter is not None and state.variants.moon_scoring == "shooter_choice":
        return dataclasses.replace(state, current=dataclasses.replace(hand, phase="moon_choice"))
    return score_played_hand(state, hand, None)


def _took_notes(hand: Hand) -> tuple[Note, ...]:
    notes = []
    spot = hand.config.spot
    for seat in range(hand.seats):
        cards = [c for t in hand.tricks if t.winner == seat for c in t.cards]
        if hand.kitty_to == seat and hand.kitty:
            cards += list(hand.kitty)
        counted = [c for c in sort_cards(cards) if penalty_points((c,), spot=spot)]
        params: dict[str, Any] = {
            "name": hand.name(seat),
            "count": hand.tricks_won[seat],
            "cards": ", ".join(c.pretty for c in counted),
            "points": hand.points[seat],
        }
        if hand.kitty_to == seat:
            notes.append(
                Note(
                    "took_points",
                    "%(name)s won %(count)s trick and the kitty: %(cards)s = %(points)s.",
                    seat,
                    plural="%(name)s won %(count)s tricks and the kitty: %(cards)s = %(points)s.",
                    **params,
                )
                if counted
                else Note(
                    "took_points",
                    "%(name)s won %(count)s trick and the kitty: no penalty cards.",
                    seat,
                    plural="%(name)s won %(count)s tricks and the kitty: no penalty cards.",
                    **params,
                )
            )
        elif counted:
            notes.append(
                Note(
                    "took_points",
                    "%(name)s won %(count)s trick: %(cards)s = %(points)s.",
                    seat,
                    plural="%(name)s won %(count)s tricks: %(cards)s = %(points)s.",
                    **params,
                )
            )
        else:
            notes.append(
                Note(
                    "took_points",
                    "%(name)s won %(count)s trick: no penalty cards.",
                    seat,
                    plural="%(name)s won %(count)s tricks: no penalty cards.",
                    **params,
                )
            )
    return tuple(notes)


def score_played_hand(state: HeartsState, hand: Hand, choice: str | None) -> HeartsState:
    variants = state.variants
    offenders = hand.charged if variants.renege_penalty == "score_as_played_plus_26" else ()
    no_tricks = tuple(s for s, won in enumerate(hand.tricks_won) if won == 0)
    score: HandScore = score_hand(
        hand.points,
        variants=variants,
        players=state.players,
        jd_taker=hand.jack_taker,
        moon_choice=choice,
        no_tricks=no_tricks,
        renege_offenders=offenders,
    )
    fields: dict[str, object] = {
        "points": hand.points,
        "jd_taker": hand.jack_taker,
        "offenders": offenders,
        "mode": "cards",
        "tricks_won": hand.tricks_won,
        "tricks": hand.tricks,
        "kitty_to": hand.kitty_to,
        "kitty": tuple(format_cards(sort_cards(hand.kitty))) if hand.kitty else None,
    }
    new = finish_hand(state, fields, dataclasses.replace(score, notes=_took_notes(hand) + score.notes))
    return dataclasses.replace(new, current=None, findings=state.findings + hand.findings)
