"""President events (rules/president.md §2, §3.1).

Result entry: one :class:`RoundResult` per round. Card by card: :class:`Deal`, :class:`Exchange`
(rounds 2+), :class:`Redeal`, :class:`Play` and :class:`Pass`. Either way :class:`EndEvening`
closes a league evening that has no fixed length.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Card
from scoring.events import Event


@dataclass(frozen=True, slots=True)
class RoundResult(Event):
    """One round entered as its finishing order: seats from first out to last (§3.1). ``dealer``
    is needed only in round 1 (later it follows from the titles); ``seating`` only when players moved."""

    TYPE = "round_result"
    order: tuple[int, ...]
    dealer: int | None = None
    seating: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A round is dealt. ``hands`` (one list per seat, optional) lets every rule be checked."""

    TYPE = "deal"
    dealer: int | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    seating: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """The Scum holds no J, Q or K: the round is dealt again (``redeal_if_scum_has_no_face_cards``)."""

    TYPE = "redeal"


@dataclass(frozen=True, slots=True)
class Exchange(Event):
    """One hand-over of the exchange (§2.2): the cards, or only their ``count`` when not shown.
    ``requested`` are the cards the President named under ``exchange_scheme = president_picks``."""

    TYPE = "exchange"
    giver: int
    receiver: int
    cards: tuple[Card, ...] = ()
    count: int | None = None
    requested: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Play(Event):
    """A seat lays a set of cards of one rank (wild cards fill in) (§2.4)."""

    TYPE = "play"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """A seat passes on the current pile (§2.4)."""

    TYPE = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class EndEvening(Event):
    """The table closes the evening: the league standings become the result (§3 ``league_end``)."""

    TYPE = "end_evening"


EVENT_CLASSES: tuple[type[Event], ...] = (RoundResult, Deal, Redeal, Exchange, Play, Pass, EndEvening)
