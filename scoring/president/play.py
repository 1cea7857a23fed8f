"""Plays, passes, tricks, going out and the end of a round (rules/president.md §2.3–§2.6, §6)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import Note
from scoring.president.deal import check_cards_exist
from scoring.president.events import Pass, Play
from scoring.president.going_out import finish, go_out, rank_rest, round_over
from scoring.president.proofs import exchange_proof, twos_lead_proof
from scoring.president.ranks import (
    Combo,
    analyse,
    is_four_of_a_kind,
    is_twos,
    naturals_of,
    rank_copies,
    response_kind,
)
from scoring.president.result_entry import check_seat
from scoring.president.state import PlayRecord, PresidentState, Round, Trick
from scoring.president.variants import PresidentVariants

RULE = "president.md §2.4"


def require_play(state: PresidentState) -> Round:
    rnd = state.current
    if rnd is None:
        raise RulesError("no_round_in_play", "Deal the round first.", rule="president.md §2.1")
    if rnd.phase == "redeal_due":
        raise RulesError(
            "redeal_required",
            "The Scum holds no J, Q or K: this round must be redealt (redeal_if_scum_has_no_face_cards).",
            rule="president.md §1.4",
        )
    if rnd.phase != "play":
        raise RulesError(
            "exchange_not_finished", "Finish the card exchange before the first lead.", rule="president.md §2.2"
        )
    return rnd


def next_active(rnd: Round, seat: int) -> int:
    """The next seat clockwise from ``seat`` still holding cards (§2.5)."""
    n = len(rnd.seating)
    i = rnd.seating.index(seat)
    for step in range(1, n + 1):
        cand = rnd.seating[(i + step) % n]
        if rnd.active(cand):
            return cand
    return seat


def advance(state: PresidentState, rnd: Round, trick: Trick, from_seat: int, skip: int) -> int | None:
    """Who acts after ``from_seat`` in this trick, or ``None`` when the trick is over (§2.4, §2.5).

    The trick ends when the turn would come back to the player of the top set, or reach a player
    who has passed since it; under ``pass_is_final`` players who passed in the trick are skipped.
    ``skip`` players lose their turn (``equal_play = allowed_skips_next``).
    """
    top = trick.top
    assert top is not None
    last = top.seat
    n = len(rnd.seating)
    i = rnd.seating.index(from_seat)
    for step in range(1, 2 * n + 1):
        cand = rnd.seating[(i + step) % n]
        if cand == last and rnd.active(last):
            return None
        if not rnd.active(cand):
            continue
        if state.variants.pass_is_final and cand in trick.passed_in_trick:
            continue
        if cand in trick.passes:
            return None
        if skip:
            skip -= 1
            continue
        return cand
    return None


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    left = list(hand)
    for card in cards:
        if card not in left:
            return None
        left.remove(card)
    return tuple(left)


def _check_supply(state: PresidentState, rnd: Round, seat: int, cards: Sequence[Card]) -> None:
    """Cards that cannot be in this hand (§6.1: a card played twice, or known to be elsewhere)."""
    v = state.variants
    names = state.players
    if rnd.hands is not None:
        if _remove(rnd.hands[seat], cards) is None:
            raise RulesError(
                "card_not_in_hand",
                "%(name)s does not hold %(cards)s.",
                rule="president.md §6.1",
                seat=seat,
                name=names[seat],
                cards=_pretty(cards),
            )
        return
    if len(cards) > rnd.sizes[seat]:
        raise RulesError(
            "not_enough_cards",
            "%(name)s holds only %(count)s card(s) (president.md §6.1).",
            rule="president.md §6.1",
            seat=seat,
            name=names[seat],
            count=rnd.sizes[seat],
        )
    for card in set(cards):
        copies = v.joker_count if card.is_joker else v.copies
        elsewhere = sum(rnd.received_left[o].count(card) for o in range(state.seats) if o != seat)
        if rnd.played.count(card) + cards.count(card) + elsewhere > copies:
            raise RulesError(
                "card_already_played",
                "%(pretty)s has already been played or is known to be in another hand (president.md §6.1).",
                rule="president.md §6.1",
                card=str(card),
                pretty=card.pretty,
            )


def _check_lead(state: PresidentState, rnd: Round, seat: int, cards: Sequence[Card], combo: Combo) -> None:
    v = state.variants
    if rnd.lead_card is not None and not rnd.played and rnd.lead_card not in cards:
        raise RulesError(
            "first_lead_card_required",
            "The first lead of the evening must contain the %(pretty)s (first_round_lead, president.md §2.3).",
            rule="president.md §2.3",
            card=str(rnd.lead_card),
            pretty=rnd.lead_card.pretty,
        )
    bomb = v.bombs == "four_of_a_kind" and is_four_of_a_kind(combo)
    lapses = v.no_lead_twos_or_bombs and is_twos(combo) and _may_hold_only_twos(state, rnd, seat)
    if v.no_lead_twos_or_bombs and (is_twos(combo) or bomb) and not lapses:
        raise RulesError(
            "lead_twos_or_bomb",
            "A lead may not be 2s or a bomb (no_lead_twos_or_bombs, president.md §2.4); "
            "this lapses only when every card left is a 2.",
            rule=RULE,
        )


def _may_hold_only_twos(state: PresidentState, rnd: Round, seat: int) -> bool:
    """§2.4 [our default]: the restriction lapses when every card left is a 2. With unknown hands
    the record cannot disprove it while enough 2s are unaccounted for."""
    if rnd.hands is not None:
        return all(not c.is_joker and c.rank == 2 for c in rnd.hands[seat])
    seen = sum(1 for c in rnd.played if not c.is_joker and c.rank == 2)
    seen += sum(1 for o in range(state.seats) if o != seat for c in rnd.received_left[o] if c.rank == 2)
    return rnd.sizes[seat] <= 4 * state.variants.decks - seen


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _classify(state: PresidentState, rnd: Round, trick: Trick, seat: int, cards: Sequence[Card], combo: Combo) -> str:
    """The kind of this play, after the turn and the pile are checked."""
    v = state.variants
    top = trick.top
    names = state.players
    quick = (
        top is not None
        and v.quick_clear
        and combo.wilds == 0
        and combo.key == top.combo.key
        and trick.run + combo.count == rank_copies(combo.key, v)
    )
    if quick:
        return "quick_clear"
    if rnd.to_act is not None and seat != rnd.to_act:
        if v.pass_is_final and seat in trick.passed_in_trick:
            raise RulesError(
                "already_passed",
                "It is %(turn)s's turn, not %(name)s's (pass_is_final: a player who passed waits for the pile to "
                "clear) (president.md §2.4).",
                rule=RULE,
                seat=seat,
                to_act=rnd.to_act,
                name=names[seat],
                turn=names[rnd.to_act],
            )
        raise RulesError(
            "not_your_turn",
            "It is %(turn)s's turn, not %(name)s's (president.md §2.4).",
            rule=RULE,
            seat=seat,
            to_act=rnd.to_act,
            name=names[seat],
            turn=names[rnd.to_act],
        )
    if top is None:
        return "lead"
    kind = response_kind(top.combo, combo, v, rnd.revolution)
    shown = {"seat": seat, "top": _pretty(top.cards), "play": _pretty(cards)}
    if kind == "wrong_count":
        raise RulesError(
            kind,
            "%(top)s must be answered with exactly %(count)s card(s), not %(given)s (president.md §2.4).",
            rule=RULE,
            count=top.combo.count,
            given=combo.count,
            **shown,
        )
    if kind == "does_not_beat":
        raise RulesError(kind, "%(play)s does not beat %(top)s (president.md §2.4).", rule=RULE, **shown)
    if kind == "equal_rank_not_allowed":
        raise RulesError(
            kind,
            "%(play)s only equals %(top)s; an equal set is not allowed (equal_play = not_allowed, president.md §2.4).",
            rule=RULE,
            **shown,
        )
    return kind


def apply_play(state: PresidentState, event: Play) -> PresidentState:
    """One play (§2.4): checked, classified (lead, beat, equal, quick clear), the proofs it gives,
    then the cards leave the hand and the trick clears, goes out or moves on."""
    rnd = require_play(state)
    v = state.variants
    seat, cards = event.seat, event.cards
    combo = _checked_combo(state, rnd, seat, cards)
    trick = rnd.trick if rnd.trick is not None else Trick(leader=seat)
    kind = _classify(state, rnd, trick, seat, cards, combo)
    if kind == "lead":
        _check_lead(state, rnd, seat, cards, combo)
        trick = Trick(leader=seat)
    top = trick.top
    twos_findings = twos_lead_proof(state, rnd, seat, cards)
    findings = exchange_proof(state, rnd, seat, cards) + twos_findings
    same_key = top is not None and top.combo.key == combo.key
    run = (trick.run if same_key else 0) + naturals_of(cards, combo.key, v)
    revolution = rnd.revolution != (v.revolution and is_four_of_a_kind(combo))
    record = PlayRecord(seat, cards, combo, kind)
    trick = dataclasses.replace(trick, plays=(*trick.plays, record), passes=frozenset(), run=run)
    rnd = dataclasses.replace(
        _cards_left_hand(rnd, seat, cards),
        revolution=revolution,
        trick=trick,
        flagged=rnd.flagged | {f.seat for f in findings if f.code == "exchange_not_best_cards"},
        twos_lead_claims=_twos_lead_claims(rnd, v, seat, cards, combo, kind, bool(twos_findings)),
        notes=rnd.notes + _revolution_notes(state, rnd, seat, revolution),
    )
    state = dataclasses.replace(state, findings=state.findings + findings)
    return _after_play(state, rnd, trick, seat, cards, combo, kind)


def _checked_combo(state: PresidentState, rnd: Round, seat: int, cards: tuple[Card, ...]) -> Combo:
    """The play is some cards of one rank that the seat, still in the round, may hold."""
    check_seat(state, seat, "play")
    if not cards:
        raise RulesError("empty_play", "A play lays at least one card; to not play, pass.", rule=RULE)
    if not rnd.active(seat):
        raise RulesError(
            "player_is_out",
            "%(name)s has no cards left.",
            rule="president.md §2.6",
            seat=seat,
            name=state.players[seat],
        )
    check_cards_exist(state, cards, "president.md §6.1")
    _check_supply(state, rnd, seat, cards)
    combo = analyse(cards, state.variants)
    if combo is None:
        raise RulesError(
            "mixed_ranks", "%(cards)s are not all of one rank (president.md §2.4).", rule=RULE, cards=_pretty(cards)
        )
    return combo


def _twos_lead_claims(
    rnd: Round, v: PresidentVariants, seat: int, cards: tuple[Card, ...], combo: Combo, kind: str, proven: bool
) -> frozenset[int]:
    """Seats whose twos lead is still to be proven (no_lead_twos_or_bombs with hands unknown)."""
    claims = rnd.twos_lead_claims - {seat} if proven else rnd.twos_lead_claims
    hidden_twos_lead = kind == "lead" and v.no_lead_twos_or_bombs and is_twos(combo) and rnd.hands is None
    if hidden_twos_lead and len(cards) < rnd.sizes[seat]:
        claims |= {seat}
    return claims


def _cards_left_hand(rnd: Round, seat: int, cards: tuple[Card, ...]) -> Round:
    """The round with ``cards`` out of the seat's hand, its size, its received cards and the count played."""
    received = list(rnd.received_left)
    left = list(received[seat])
    for card in cards:
        if card in left:
            left.remove(card)
    received[seat] = tuple(left)
    hands = rnd.hands
    if hands is not None:
        hand_list = list(hands)
        hand_list[seat] = _remove(hands[seat], cards) or ()
        hands = tuple(hand_list)
    sizes = list(rnd.sizes)
    sizes[seat] -= len(cards)
    played_counts = list(rnd.cards_played())
    played_counts[seat] += len(cards)
    return dataclasses.replace(
        rnd,
        hands=hands,
        sizes=tuple(sizes),
        played_counts=tuple(played_counts),
        played=rnd.played + cards,
        received_left=tuple(received),
    )


def _revolution_notes(state: PresidentState, rnd: Round, seat: int, revolution: bool) -> tuple[Note, ...]:
    """The explanation line when four of a kind turns the rank order (§2.4)."""
    if revolution == rnd.revolution:
        return ()
    name = state.players[seat]
    if revolution:
        return (
            Note("revolution", "%(name)s played four of a kind: the rank order is reversed (§2.4).", seat, name=name),
        )
    return (
        Note("revolution", "%(name)s played four of a kind: the rank order is back to normal (§2.4).", seat, name=name),
    )


def _after_play(
    state: PresidentState, rnd: Round, trick: Trick, seat: int, cards: tuple[Card, ...], combo: Combo, kind: str
) -> PresidentState:
    """Going out ends the round when one player is left; a clearing play leads again; else move on."""
    v = state.variants
    clears = (
        kind == "quick_clear"
        or (v.bombs == "four_of_a_kind" and is_four_of_a_kind(combo))
        or (v.twos_clear and is_twos(combo))
        or (kind == "equal" and v.equal_play == "allowed_skips_next" and trick.run >= 4)
    )
    if rnd.sizes[seat] == 0:
        rnd = go_out(state, rnd, seat, cards, combo, clears)
        if round_over(state, rnd):
            return finish(state, rank_rest(state, rnd))
    if clears:
        leader = seat if rnd.active(seat) else next_active(rnd, seat)
        return dataclasses.replace(state, current=dataclasses.replace(rnd, trick=Trick(leader=leader), to_act=leader))
    skip = 1 if kind == "equal" and v.equal_play == "allowed_skips_next" else 0
    return _move_on(state, rnd, trick, seat, skip)


def _move_on(state: PresidentState, rnd: Round, trick: Trick, from_seat: int, skip: int) -> PresidentState:
    nxt = advance(state, rnd, trick, from_seat, skip)
    if nxt is None:
        top = trick.top
        assert top is not None
        leader = top.seat if rnd.active(top.seat) else next_active(rnd, top.seat)
        return dataclasses.replace(state, current=dataclasses.replace(rnd, trick=Trick(leader=leader), to_act=leader))
    return dataclasses.replace(state, current=dataclasses.replace(rnd, trick=trick, to_act=nxt))


def apply_pass(state: PresidentState, event: Pass) -> PresidentState:
    rnd = require_play(state)
    seat = event.seat
    check_seat(state, seat, "pass")
    names = state.players
    if not rnd.active(seat):
        raise RulesError(
            "player_is_out", "%(name)s has no cards left.", rule="president.md §2.6", seat=seat, name=names[seat]
        )
    trick = rnd.trick
    if trick is None or trick.top is None:
        raise RulesError("cannot_pass_on_lead", "The leader must play; passing on a lead is not allowed.", rule=RULE)
    if seat != rnd.to_act:
        v = state.variants
        code = "already_passed" if v.pass_is_final and seat in trick.passed_in_trick else "not_your_turn"
        assert rnd.to_act is not None
        raise RulesError(
            code,
            "It is %(turn)s's turn, not %(name)s's (president.md §2.4).",
            rule=RULE,
            seat=seat,
            name=names[seat],
            turn=names[rnd.to_act],
        )
    trick = dataclasses.replace(trick, passes=trick.passes | {seat}, passed_in_trick=trick.passed_in_trick | {seat})
    return _move_on(state, rnd, trick, seat, 0)
