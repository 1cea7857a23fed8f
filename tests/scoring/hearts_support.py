"""Helpers for the Hearts tests: scripted hands, positions built for legality tables."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.cards import Card, parse_cards, sort_cards
from scoring.hearts import GAME
from scoring.hearts.deal import deal_config
from scoring.hearts.hand import DoneTrick, Hand
from scoring.hearts.hand_setup import start_play
from scoring.hearts.state import HeartsState
from scoring.hearts.variants import HeartsVariants
from scoring.tricks import Trick

Script = Sequence[tuple[int, str]]


def players(n: int = 4) -> list[str]:
    return ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"][:n]


def new_game(variants: Mapping[str, Any] | None = None, n: int = 4, totals: Sequence[int] | None = None) -> HeartsState:
    state = GAME.start(dict(variants or {}), players(n))
    if totals is not None:
        state = dataclasses.replace(state, totals=tuple(totals))
    return state


def rotate(script: Script, shift: int, n: int = 4) -> list[tuple[int, str]]:
    """The same tricks with every seat moved ``shift`` places to the left."""
    return [((leader + shift) % n, cards) for leader, cards in script]


def hands_of(script: Script, n: int = 4) -> list[list[str]]:
    """Each seat's hand: the cards it plays in the script."""
    hands: list[list[Card]] = [[] for _ in range(n)]
    for leader, cards in script:
        for i, card in enumerate(parse_cards(cards)):
            hands[(leader + i) % n].append(card)
    return [[str(c) for c in sort_cards(h)] for h in hands]


def ev(state: HeartsState, event_type: str, **payload: Any) -> HeartsState:
    return GAME.apply_json(state, event_type, payload)


def deal_for(state: HeartsState, post_pass: list[list[str]], *, known: bool = True) -> HeartsState:
    """Deal so that after this hand's pass (each seat passing its 3 lowest-sorted receivable cards)
    the hands are ``post_pass``; record the passes. ``known=False`` deals with hands unknown."""
    from scoring.hearts.passing import pass_direction, pass_target

    n = state.seats
    direction = pass_direction(state.variants, n, state.hand_number)
    if direction == "hold":
        return ev(state, "deal", hands=post_pass if known else None)
    k = state.variants.pass_count
    # seat s passes to t = target(s); the passed cards come out of t's final hand.
    passed = {s: post_pass[pass_target(s, direction, n)][:k] for s in range(n)}
    giver = {pass_target(s, direction, n): s for s in range(n)}
    pre = [[c for c in post_pass[s] if c not in passed[giver[s]]] + passed[s] for s in range(n)]
    state = ev(state, "deal", hands=pre if known else None)
    for s in range(n):
        state = ev(state, "pass_cards", seat=s, cards=passed[s] if known else None)
    return state


def play_script(state: HeartsState, script: Script, *, stop_after: int | None = None) -> HeartsState:
    """Play the tricks of a script (each: leader, cards in play order)."""
    count = 0
    n = state.seats
    for leader, cards in script:
        for i, card in enumerate(parse_cards(cards)):
            state = ev(state, "play_card", seat=(leader + i) % n, card=str(card))
            count += 1
            if stop_after is not None and count >= stop_after:
                return state
    return state


def position(
    variants: Mapping[str, Any] | None = None,
    *,
    hand: str,
    seat: int = 1,
    trick: str = "",
    trick_number: int = 1,
    hearts_broken: bool = False,
    n: int = 4,
    dealer: int = 0,
) -> Hand:
    """A hand in play where ``seat`` holds exactly ``hand`` (known) and is next to play to ``trick``.

    Earlier tricks are stand-ins (no cards); other hands are unknown. ``trick_number = 1`` with an
    empty ``trick`` is the opening lead (or the left-of-dealer lead under that variant).
    """
    v = HeartsVariants.from_json(dict(variants or {}))
    state = GAME.start(v, players(n))
    config = deal_config(v, n)
    base = Hand(
        number=1,
        dealer=dealer,
        direction="hold",
        seats=n,
        config=config,
        kitty=None,
        phase="pass",
        dealt_known=(frozenset(),) * n,
        dealt_complete=(False,) * n,
        players=tuple(players(n)),
    )
    known = tuple(frozenset(parse_cards(hand)) if s == seat else frozenset() for s in range(n))
    complete = tuple(s == seat for s in range(n))
    start = start_play(base, state, known, complete)
    cards = parse_cards(trick)
    leader = (seat - len(cards)) % n
    played: list[tuple[Card, ...]] = [() for _ in range(n)]
    for i, card in enumerate(cards):
        played[(leader + i) % n] = (card,)
    opening = trick_number == 1 and not cards and v.first_lead != "left_of_dealer"
    return dataclasses.replace(
        start,
        tricks=tuple(DoneTrick(0, (), 0, 0) for _ in range(trick_number - 1)),
        trick=None if opening else Trick(leader, cards),
        played=tuple(played),
        hearts_broken=hearts_broken,
    )


def known_position(
    hands: Sequence[str],
    *,
    leader: int,
    trick_number: int,
    hearts_broken: bool,
    variants: Mapping[str, Any] | None = None,
) -> HeartsState:
    """A state whose hand in play has every seat's remaining cards known, ``leader`` to lead
    trick ``trick_number`` (earlier tricks are stand-ins)."""
    state = new_game({**(variants or {}), "pass_count": 0}, n=len(hands))
    state = ev(state, "deal")
    hand = state.current
    assert hand is not None
    hand = dataclasses.replace(
        hand,
        known=tuple(frozenset(parse_cards(h)) for h in hands),
        complete=(True,) * len(hands),
        tricks=tuple(DoneTrick(0, (), 0, 0) for _ in range(trick_number - 1)),
        trick=Trick(leader),
        hearts_broken=hearts_broken,
    )
    return dataclasses.replace(state, current=hand)
