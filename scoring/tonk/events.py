"""Tonk events (rules/tonk.md §2, §3.5).

Result entry records a whole hand with one :class:`HandResult`. Card by card, a hand is a
:class:`Deal` followed by turns (:class:`Draw`, :class:`Spread`, :class:`Hit`, :class:`Discard`,
:class:`Drop`, :class:`Claim49`), automatic wins at the deal (:class:`Declare`), the spades side bet
(:class:`SideBet`) and, when the hands are not all known, :class:`ShowHands` at a drop or stock end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scoring.cards import Card
from scoring.events import Event

EndReason = Literal["auto_win", "auto_draw", "tonk", "out_by_discard", "drop", "stock_exhausted"]


@dataclass(frozen=True, slots=True)
class HandResult(Event):
    """One hand's outcome (§3.5): how it ended, by whom, and the counts (or cards) the end needs.

    ``counts``/``hands`` give one entry per seat (``null`` where unknown): every seat for a drop or
    stock end; the claimants' dealt counts or cards for an automatic win or draw. ``whole_hand`` says
    whether a tonk laid the whole hand in one turn (needed under ``tonk_requires_six``).
    ``side_bet_players``, ``side_bet_amount`` and ``side_bet_spades`` (the spade each shows, or
    ``null``) record the spades side bet.
    """

    TYPE = "hand_result"
    end: EndReason
    by: int | None = None
    counts: tuple[int | None, ...] | None = None
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    hand: int | None = None
    dealer: int | None = None
    stake: int | None = None
    whole_hand: bool | None = None
    double_double: bool = False
    side_bet_players: tuple[int, ...] = ()
    side_bet_amount: int | None = None
    side_bet_spades: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A new hand dealt card by card; ``hands`` (one per seat, ``null`` if private) are optional."""

    TYPE = "deal"
    dealer: int | None = None
    upcard: Card | None = None
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    stake: int | None = None


@dataclass(frozen=True, slots=True)
class Declare(Event):
    """Automatic wins shown right after the deal: the dealt cards of every claimant (``null`` for others).

    ``counts``: dealt counts, one per seat (``null`` where not given): a claimant may give a count
    instead of the cards, and the other players' dealt counts are recorded with the hand.
    """

    TYPE = "declare"
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    counts: tuple[int | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class SideBet(Event):
    """Spades side bet before play: the participants, the amount each stakes, the spade each shows."""

    TYPE = "side_bet"
    players: tuple[int, ...]
    amount: int
    spades: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Claim49(Event):
    """Under ``auto_49_50 = fifty_only_auto``: a dealt 49 claimed at the start of the holder's first turn."""

    TYPE = "claim_49"
    seat: int
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Drop(Event):
    """``seat`` drops (goes down) instead of drawing, claiming the lowest count (§2.3.1)."""

    TYPE = "drop"
    seat: int


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``seat`` takes the top card of the stock or of the discard pile; ``card`` if known."""

    TYPE = "draw"
    seat: int
    source: Literal["stock", "discard"]
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Spread(Event):
    """``seat`` lays a new book or run in front of themselves."""

    TYPE = "spread"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Hit(Event):
    """``seat`` adds ``cards`` to spread number ``spread`` (numbered 1, 2, … in the hand)."""

    TYPE = "hit"
    seat: int
    spread: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """``seat`` ends the turn by discarding ``card``."""

    TYPE = "discard"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ShowHands(Event):
    """At a drop or stock end: each seat's remaining cards, or count, where the record does not know them."""

    TYPE = "show_hands"
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    counts: tuple[int | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class EndSession(Event):
    """The session is over: the ledger's standings become the match result."""

    TYPE = "end_session"


ALL_EVENTS = (HandResult, Deal, Declare, SideBet, Claim49, Drop, Draw, Spread, Hit, Discard, ShowHands, EndSession)
