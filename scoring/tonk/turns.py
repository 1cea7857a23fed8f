"""Tonk card by card: a turn — drop, draw, spreads and hits, discard (rules/tonk.md §2.3, §2.4)."""

from __future__ import annotations

import dataclasses

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.tonk.deal import finish, must_declare, settle_pending
from scoring.tonk.events import Discard, Draw, Drop, Hit, Spread
from scoring.tonk.hands import add_known, add_unknown, take
from scoring.tonk.melds import BOOK, RUN, count, hit_kinds, spread_kinds
from scoring.tonk.settlement import DROP, OUT, STOCK, TONK, settle_out, settle_tonk
from scoring.tonk.state import Finding, Play, TableSpread, TonkState


def _turn_action(state: TonkState, play: Play, seat: int, what: str) -> None:
    if must_declare(state, play):
        raise RulesError(
            "automatic_win_must_be_declared",
            "A dealt hand wins automatically: declare it (and any other) before play.",
            rule="tonk.md §2.2",
        )
    if seat != play.turn:
        raise RulesError(
            "not_your_turn",
            f"It is seat {play.turn}'s turn, not seat {seat}'s ({what}).",
            rule="tonk.md §2.3",
            seat=seat,
            to_act=play.turn,
        )


def _after_draw_action(state: TonkState, play: Play, seat: int, what: str) -> None:
    _turn_action(state, play, seat, what)
    if not play.drawn:
        raise RulesError("must_draw_first", f"Draw before you {what} (§2.3).", rule="tonk.md §2.3", seat=seat)


def _lapse_49(state: TonkState, play: Play, seat: int) -> TonkState:
    """Under fifty_only_auto a 49 not claimed at the start of the first turn is lost (§2.2)."""
    held = play.held[seat]
    if (
        state.variants.auto_49_50 == "fifty_only_auto"
        and play.turns_taken[seat] == 0
        and play.dealt_known[seat]
        and held.fully_known
        and count(held.known, state.variants) == 49
    ):
        finding = Finding(
            state.hand_number, "claim_49_lapsed", seat, f"Seat {seat} held 49 but played on: the claim lapsed."
        )
        return dataclasses.replace(state, findings=(*state.findings, finding))
    return state


def drop(state: TonkState, play: Play, event: Drop) -> TonkState:
    seat = event.seat
    if state.variants.drop_timing == "also_after_deal" and not play.any_draw:
        # also_after_deal: anyone may drop right after the deal, before any draw (§2.3.1).
        if must_declare(state, play):
            _turn_action(state, play, seat, "drop")
    else:
        _turn_action(state, play, seat, "drop")
        if play.drawn:
            raise RulesError(
                "drop_after_draw", "A drop is made at the start of the turn, before drawing.", rule="tonk.md §2.3"
            )
    if play.locked[seat] > 0:
        raise RulesError(
            "hit_locked",
            f"Seat {seat}'s spreads were hit: no drop for {play.locked[seat]} more turn(s) (hit and hold, §2.4).",
            rule="tonk.md §2.4",
            seat=seat,
            turns=play.locked[seat],
        )
    state = _lapse_49(state, play, seat)
    play = dataclasses.replace(play, pending=(DROP, seat), auto_open=False)
    return _pending(state, play)


def _pending(state: TonkState, play: Play) -> TonkState:
    if all(h.fully_known for h in play.held):
        return settle_pending(state, play)
    return dataclasses.replace(state, play=play)


def draw(state: TonkState, play: Play, event: Draw) -> TonkState:
    seat = event.seat
    _turn_action(state, play, seat, "draw")
    if play.drawn:
        raise RulesError("already_drew", "One draw per turn (§2.3).", rule="tonk.md §2.3", seat=seat)
    state = _lapse_49(state, play, seat)
    start = dataclasses.replace(
        play, drawn=True, auto_open=False, any_draw=True, start_size=play.held[seat].size, laid=(), hit_cards=0
    )
    if event.source == "stock":
        if play.stock == 0:
            # §2.3.2: drawing from the empty stock ends the hand (stock_end = on_draw_from_empty).
            return _pending(state, dataclasses.replace(start, pending=(STOCK, seat)))
        start = dataclasses.replace(start, stock=play.stock - 1, stock_draws=play.stock_draws + 1)
        new = add_known(start, seat, event.card, fresh=True) if event.card is not None else add_unknown(start, seat)
        return dataclasses.replace(state, play=new)
    if not play.discards:
        raise RulesError("discard_pile_empty", "There is no discard to take.", rule="tonk.md §2.3")
    top = play.discards[-1]
    if event.card is not None and event.card != top:
        raise RulesError(
            "not_top_discard",
            f"Only the top discard ({top}) may be taken, not {event.card} (§1.5, §6.1).",
            rule="tonk.md §6.1",
            top=str(top),
        )
    start = dataclasses.replace(start, discards=play.discards[:-1], taken=top)
    return dataclasses.replace(state, play=add_known(start, seat, top, fresh=False))


def _check_meld_first(state: TonkState, play: Play, seat: int, cards: tuple[Card, ...]) -> None:
    """discard_take_must_meld: the card taken from the discard pile is used at once, in the first lay (§2.3.2)."""
    taken = play.taken
    held = play.held[seat].known
    if state.variants.discard_take_must_meld and taken is not None and taken in held and taken not in cards:
        raise RulesError(
            "taken_discard_not_melded",
            f"{taken} was taken from the discard pile and must be laid at once, before anything else.",
            rule="tonk.md §2.3",
        )


def _after_lay(state: TonkState, play: Play, seat: int) -> TonkState:
    if play.held[seat].size > 0:
        return dataclasses.replace(state, play=play)
    # §2.3.3: the hand emptied by spreads and hits: tonk, no discard.
    h = state.variants.hand_size
    whole = play.start_size == h and len(play.laid) == h + 1
    dd = state.variants.double_double and _double_double(state, play, seat)
    settlement = settle_tonk(state.seats, seat, state.variants, whole_hand=whole, double_double=dd)
    return finish(state, play, TONK, seat, settlement)


def _double_double(state: TonkState, play: Play, seat: int) -> bool:
    """§3.3 double-double: the tonk went down on a run and every other known hand could go out on it."""
    runs = [(s.cards, s.kinds & {RUN}) for s in play.spreads if RUN in s.kinds and any(c in play.laid for c in s.cards)]
    others = [h for s, h in enumerate(play.held) if s != seat]
    if not runs or not all(h.fully_known for h in others):
        return False
    return all(_goes_out_on(list(h.known), list(runs), state) for h in others)


def _goes_out_on(cards: list[Card], runs: list[tuple[tuple[Card, ...], frozenset[str]]], state: TonkState) -> bool:
    """Could these cards all be laid, one after another, on these runs?"""
    progress = True
    while cards and progress:
        progress = False
        for card in list(cards):
            for i, (run, kinds) in enumerate(runs):
                if hit_kinds(run, kinds, (card,), state.variants):
                    runs[i] = ((*run, card), kinds)
                    cards.remove(card)
                    progress = True
                    break
    return not cards


def spread(state: TonkState, play: Play, event: Spread) -> TonkState:
    seat = event.seat
    _after_draw_action(state, play, seat, "spread")
    kinds = spread_kinds(event.cards, state.variants)
    if not kinds:
        raise RulesError(
            "invalid_spread",
            f"{' '.join(map(str, event.cards))} is neither a book (3–4 of a rank) nor a run (3+ in sequence, one suit; "
            f"ace {state.variants.ace_in_runs.replace('_', ' ')}).",
            rule="tonk.md §2.3",
            cards=[str(c) for c in event.cards],
        )
    _check_meld_first(state, play, seat, event.cards)
    play = take(play, seat, event.cards)
    new = TableSpread(len(play.spreads) + 1, seat, event.cards, kinds)
    play = dataclasses.replace(play, spreads=(*play.spreads, new), laid=(*play.laid, *event.cards))
    return _after_lay(state, play, seat)


def hit(state: TonkState, play: Play, event: Hit) -> TonkState:
    seat, v = event.seat, state.variants
    _after_draw_action(state, play, seat, "hit")
    if not 1 <= event.spread <= len(play.spreads):
        raise RulesError(
            "no_such_spread",
            f"There is no spread {event.spread} on the table (spreads 1–{len(play.spreads)}).",
            rule="tonk.md §2.3",
            spread=event.spread,
        )
    target = play.spreads[event.spread - 1]
    if v.hit_runs_only and RUN not in target.kinds:
        raise RulesError(
            "hit_runs_only", "At this table cards are added to runs only, never to books.", rule="tonk.md §2.3"
        )
    if v.one_hit_per_turn and play.hit_cards + len(event.cards) > 1:
        raise RulesError("one_hit_per_turn", "At most one card may be added to spreads per turn.", rule="tonk.md §2.3")
    kinds = hit_kinds(target.cards, target.kinds, event.cards, v)
    if v.hit_runs_only:
        kinds = kinds - {BOOK}
    if not event.cards or not kinds:
        raise RulesError(
            "invalid_hit",
            f"{' '.join(map(str, event.cards))} does not extend spread {event.spread} "
            f"({' '.join(map(str, target.cards))}); a book holds at most 4 cards.",
            rule="tonk.md §2.3",
            spread=event.spread,
        )
    _check_meld_first(state, play, seat, event.cards)
    play = take(play, seat, event.cards)
    spreads = list(play.spreads)
    spreads[event.spread - 1] = dataclasses.replace(target, cards=(*target.cards, *event.cards), kinds=kinds)
    locked = list(play.locked)
    owners = play.hit_owners
    if target.owner != seat and v.hit_lock != "off":
        # §2.4 hit and hold: one turn per card, or once per hitting turn.
        if v.hit_lock == "per_card":
            locked[target.owner] += len(event.cards)
        elif target.owner not in owners:
            locked[target.owner] += 1
        owners = owners | {target.owner}
    play = dataclasses.replace(
        play,
        spreads=tuple(spreads),
        locked=tuple(locked),
        hit_owners=owners,
        hit_cards=play.hit_cards + len(event.cards),
        laid=(*play.laid, *event.cards),
    )
    return _after_lay(state, play, seat)


def discard(state: TonkState, play: Play, event: Discard) -> TonkState:
    seat, v = event.seat, state.variants
    _after_draw_action(state, play, seat, "discard")
    held = play.held[seat]
    last = held.size == 1
    taken = play.taken
    if taken is not None and taken in held.known:
        if v.discard_take_must_meld:
            raise RulesError(
                "taken_discard_not_melded",
                f"{taken} was taken from the discard pile and must be laid in a spread or hit this turn.",
                rule="tonk.md §2.3",
            )
        if event.card == taken and not v.rediscard_taken_card and not last:
            raise RulesError(
                "rediscard_taken_card",
                f"{taken} was just taken from the discard pile and may not be thrown back (rediscard_taken_card).",
                rule="tonk.md §2.3",
            )
    play = take(play, seat, (event.card,))
    play = dataclasses.replace(play, discards=(*play.discards, event.card))
    if play.held[seat].size == 0:
        return finish(state, play, OUT, seat, settle_out(state.seats, seat))
    locked = list(play.locked)
    locked[seat] = max(0, locked[seat] - 1)  # §2.4: a lock lasts to the end of the owner's turn
    taken_turns = list(play.turns_taken)
    taken_turns[seat] += 1
    play = dataclasses.replace(
        play,
        locked=tuple(locked),
        turns_taken=tuple(taken_turns),
        turn=(seat + 1) % state.seats,
        drawn=False,
        taken=None,
        laid=(),
        hit_cards=0,
        hit_owners=frozenset(),
    )
    if v.stock_end == "on_last_card" and play.stock == 0:
        # §2.3.2 variant: the turn that drew the last stock card is finished: the hand ends.
        return _pending(state, dataclasses.replace(play, pending=(STOCK, seat)))
    return dataclasses.replace(state, play=play)
