"""Hearts events. Result entry: one :class:`HandResult` per hand (rules/hearts.md §3.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scoring.cards import Card
from scoring.events import Event


@dataclass(frozen=True, slots=True)
class HandResult(Event):
    """One hand's outcome: penalty points per seat (hearts 1, Q♠ 13; never the J♦)."""

    TYPE = "hand_result"
    points: tuple[int, ...] | None = None
    jd_taker: int | None = None
    moon_choice: Literal["add_to_others", "subtract_from_shooter"] | None = None
    no_tricks: tuple[int, ...] = ()
    offenders: tuple[int, ...] = ()


# -- card by card (rules/hearts.md §2) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A new hand is dealt (the dealer follows from the hands already played, §1.5).

    ``hands`` gives each seat's dealt cards, or ``null`` for a seat whose hand is not entered; the
    whole field may be left out. ``kitty`` is the face-down kitty when the table looked at it.
    """

    TYPE = "deal"
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    kitty: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class PassCards(Event):
    """A seat's pass (§2.2): ``cards`` the cards passed, ``[]`` a declined pass (``optional_pass``),
    or ``null`` when the seat passed but the cards are not recorded."""

    TYPE = "pass_cards"
    seat: int
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayCard(Event):
    """A card played to the current trick."""

    TYPE = "play_card"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PassLead(Event):
    """The leader holds only hearts before they are broken and passes the lead to the left
    (``all_hearts_unbroken_lead = pass_lead``, §2.3 C.4)."""

    TYPE = "pass_lead"
    seat: int


@dataclass(frozen=True, slots=True)
class RetractCard(Event):
    """Take back a card within the correction window (§3.5): before the next trick is led. The
    cards played after it in the same trick are taken back too."""

    TYPE = "retract_card"
    seat: int


@dataclass(frozen=True, slots=True)
class RenegeReport(Event):
    """The table agrees that these seats reneged (§3.5); the configured penalty applies now."""

    TYPE = "renege_report"
    offenders: tuple[int, ...]
    note: str | None = None


@dataclass(frozen=True, slots=True)
class MoonChoice(Event):
    """The shooter's choice after a moon under ``moon_scoring = shooter_choice`` (§3.2)."""

    TYPE = "moon_choice"
    seat: int
    choice: Literal["add_to_others", "subtract_from_shooter"]


CARD_EVENTS: tuple[type[Event], ...] = (Deal, PassCards, PlayCard, PassLead, RetractCard, RenegeReport, MoonChoice)
