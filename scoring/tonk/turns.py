"""Tonk card by card: a turn — drop, draw, spreads and hits, discard (rules/tonk.md §2.3, §2.4)."""

from __future__ import annotations

import dataclasses

from scoring.cards import Card
from scoring.errors import RulesError
from scoring.explain import N_, Note
from scoring.tonk.deal import finish, must_declare, settle_pending
from scoring.tonk.events import Discard, Draw, Drop, Hit, Spread
from scoring.tonk.hands import add_known, add_unknown, take
from scoring.tonk.melds import BOOK, RUN, count, hit_kinds, spread_kinds
from scoring.tonk.settlement import DROP, OUT, STOCK, TONK, settle_out, settle_tonk
from scoring.tonk.state import Play, TableSpread, TonkState, hand_finding


def _turn_action(state: TonkState, play: Play, seat: int) -> None:
    if must_declare(state, play):
        raise RulesError(
            "automatic_win_must_be_declared",
            "A dealt hand wins automatically: declare it (and any other) before play.",
            rule="tonk.md §2.2",
        )
    if seat != play.turn:
        raise RulesError(
            "not_your_turn",
            "It is %(turn_name)s's turn, not %(name)s's.",
            rule="tonk.md §2.3",
            seat=seat,
            to_act=play.turn,
            name=state.players[seat],
            turn_name=state.players[play.turn],
        )


def _after_draw_action(state: TonkState, play: Play, seat: int, draw_first: str) -> None:
    """A spread, hit or discard: ``draw_first`` is the error's template when ``seat`` has not drawn yet."""
    _turn_action(state, play, seat)
    if not play.drawn:
        raise RulesError("must_draw_first", draw_first, rule="tonk.md §2.3", seat=seat)


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
        note = Note(
            "claim_49_lapsed", "%(name)s held 49 but played on: the claim lapsed.", seat, name=state.players[seat]
        )
        finding = hand_finding(state.hand_number, note)
        return dataclasses.replace(state, findings=(*state.findings, finding))
    return state


def drop(state: TonkState, play: Play, event: Drop) -> TonkState:
    seat = event.seat
    if state.variants.drop_timing == "also_after_deal" and not play.any_draw:
        # also_after_deal: anyone may drop right after the deal, before any draw (§2.3.1).
        if must_declare(state, play):
            _turn_action(state, play, seat)
    else:
        _turn_action(state, play, seat)
        if play.drawn:
            raise RulesError(
                "drop_after_draw", "A drop is made at the start of the turn, before drawing.", rule="tonk.md §2.3"
            )
    if play.locked[seat] > 0:
        raise RulesError(
            "hit_locked",
            "%(name)s's spreads were hit: no drop yet (turns to wait: %(turns)s; hit and hold, §2.4).",
            rule="tonk.md §2.4",
            seat=seat,
            name=state.players[seat],
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
    _turn_action(state, play, seat)
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
            "Only the top discard (%(top)s) may be taken, not %(card)s (§1.5, §6.1).",
            rule="tonk.md §6.1",
            top=top.pretty,
            card=event.card.pretty,
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
            "%(card)s was taken from the discard pile and must be laid at once, before anything else.",
            rule="tonk.md §2.3",
            card=taken.pretty,
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
    _after_draw_action(state, play, seat, N_("Draw before you lay a spread (§2.3)."))
    kinds = spread_kinds(event.cards, state.variants)
    if not kinds:
        raise RulesError(
            "invalid_spread",
            "%(shown)s is neither a book (3–4 of a rank) nor a run (3+ in sequence, one suit; ace low only)."
            if state.variants.ace_in_runs == "low_only"
            else "%(shown)s is neither a book (3–4 of a rank) nor a run (3+ in sequence, one suit; ace low or high).",
            rule="tonk.md §2.3",
            cards=[str(c) for c in event.cards],
            shown=" ".join(c.pretty for c in event.cards),
        )
    _check_meld_first(state, play, seat, event.cards)
    play = take(play, seat, event.cards)
    new = TableSpread(len(play.spreads) + 1, seat, event.cards, kinds)
    play = dataclasses.replace(play, spreads=(*play.spreads, new), laid=(*play.laid, *event.cards))
    return _after_lay(state, play, seat)


def hit(state: TonkState, play: Play, event: Hit) -> TonkState:
    seat, v = event.seat, state.variants
    _after_draw_action(state, play, seat, N_("Draw before you hit a spread (§2.3)."))
    if not 1 <= event.spread <= len(play.spreads):
        raise RulesError(
            "no_such_spread",
            "There is no spread %(spread)s on the table (spreads 1–%(last)s)."
            if play.spreads
            else "There is no spread %(spread)s: no spread is on the table yet.",
            rule="tonk.md §2.3",
            spread=event.spread,
            last=len(play.spreads),
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
            "%(shown)s does not extend spread %(spread)s (%(target)s); a book holds at most 4 cards.",
            rule="tonk.md §2.3",
            spread=event.spread,
            shown=" ".join(c.pretty for c in event.cards),
            target=" ".join(c.pretty for c in target.cards),
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
    _after_draw_action(state, play, seat, N_("Draw before you discard (§2.3)."))
    held = play.held[seat]
    last = held.size == 1
    taken = play.taken
    if taken is not None and taken in held.known:
        if v.discard_take_must_meld:
            raise RulesError(
                "taken_discard_not_melded",
                "%(card)s was taken from the discard pile and must be laid in a spread or hit this turn.",
                rule="tonk.md §2.3",
                card=taken.pretty,
            )
        if event.card == taken and not v.rediscard_taken_card and not last:
            raise RulesError(
                "rediscard_taken_card",
                "%(card)s was just taken from the discard pile and may not be thrown back (rediscard_taken_card).",
                rule="tonk.md §2.3",
                card=taken.pretty,
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
