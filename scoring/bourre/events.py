"""Bourré events (rules/bourre.md). Seats are 0-based indexes into the record's players.

Session: :class:`Leave`, :class:`Join`, :class:`PrematureSignal`, :class:`EndSession`.
Result entry (one event per deal, §4.8): :class:`DealResult`.
Card by card: :class:`Deal`, :class:`Declare`, :class:`Draw`, :class:`PlayCard`, :class:`Recall`,
:class:`Renege` (a renege the table alleges that the record cannot show, §5.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Card
from scoring.events import Event


@dataclass(frozen=True, slots=True)
class DealResult(Event):
    """One whole deal entered as its result (§4.8).

    ``played`` are the seats that played (everyone else seated passed); ``tricks`` gives tricks per
    seat (one number for every player of the record, 0 for passers) and is required when two or more
    played. ``reneges`` stood (§5.3), ``recalled`` were taken back in time (§5.2). ``antes``, when
    given, must name exactly the seats whose ante is due (§2.5, §4.5). Instead of the ``up_card``
    the table may just say ``ace_up`` (§4.8: "or at least whether it is an ace"). In four-card
    Bourré ``folded_after_draw`` lists who stayed, drew, then folded (they paid one chip).
    ``lo_no``: the dealer called Lo-No (§7); the ``up_card`` must then be given and be low.
    """

    TYPE = "deal_result"
    played: tuple[int, ...]
    tricks: tuple[int, ...] | None = None
    dealer: int | None = None
    up_card: Card | None = None
    ace_up: bool = False
    antes: tuple[int, ...] | None = None
    reneges: tuple[int, ...] = ()
    recalled: tuple[int, ...] = ()
    premature: tuple[int, ...] = ()
    folded_after_draw: tuple[int, ...] = ()
    lo_no: bool = False


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """Start of a deal recorded card by card: the up-card, and the hands when known.

    ``hands`` has one list per player of the record; an empty list means unknown (or not seated).
    A known dealer's hand includes the up-card (§2.6). ``lo_no``: the dealer, having turned a low
    card, calls Lo-No before anyone plays or passes (§7).
    """

    TYPE = "deal"
    up_card: Card
    dealer: int | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    antes: tuple[int, ...] | None = None
    lo_no: bool = False


@dataclass(frozen=True, slots=True)
class Declare(Event):
    """A seated player plays or passes (§3.1)."""

    TYPE = "declare"
    seat: int
    play: bool


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """An active player exchanges ``count`` cards (0 = standing pat, §3.1.2).

    ``discarded``/``received`` name the cards when known; with a known hand both are needed to
    keep knowing it. A dealer who discards the up-card must name it (§8: it is public). Under
    ``trump_source = separate_card_dealer_may_take`` the dealer may take the up-card as one of the
    ``count`` replacements (``take_up_card``; §7: "discards 4, takes the trump, receives 3").
    ``hand``: the cards the player holds after the draw, when the table enters them (discards and
    received cards optional); the hand is known from then on and every card of it is checked.
    """

    TYPE = "draw"
    seat: int
    count: int
    discarded: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    take_up_card: bool = False
    hand: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayCard(Event):
    """One card played to the current trick (§3.3)."""

    TYPE = "play_card"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Recall(Event):
    """The last card played is taken back as a renege corrected in time (§5.2)."""

    TYPE = "recall"
    seat: int


@dataclass(frozen=True, slots=True)
class Renege(Event):
    """The table alleges a renege the record cannot show (§5.3), in the deal being recorded card by
    card (until the next deal starts). ``recalled`` says whether it was corrected in time (§5.2).

    ``deal`` names an earlier, settled deal: allowed only under ``renege_claim_deadline =
    end_of_session`` and between deals; the offender then pays that deal's renege penalty into the
    current pot and that deal's result otherwise stands. A result-entry deal is corrected with an
    ``amend`` of its ``deal_result`` instead.
    """

    TYPE = "renege"
    seat: int
    recalled: bool = False
    deal: int | None = None


@dataclass(frozen=True, slots=True)
class PrematureSignal(Event):
    """A player signalled play/pass or a discard count before their turn (§3.1.6)."""

    TYPE = "premature_signal"
    seat: int


@dataclass(frozen=True, slots=True)
class Leave(Event):
    """A player leaves the table from the next deal (§2.3)."""

    TYPE = "leave"
    seat: int


@dataclass(frozen=True, slots=True)
class Join(Event):
    """A player (re)joins the table from the next deal (§2.3)."""

    TYPE = "join"
    seat: int


@dataclass(frozen=True, slots=True)
class EndSession(Event):
    """The session ends; the ledger is final (chips left in the pot stay there, see docs)."""

    TYPE = "end_session"


EVENT_CLASSES: tuple[type[Event], ...] = (
    DealResult,
    Deal,
    Declare,
    Draw,
    PlayCard,
    Recall,
    Renege,
    PrematureSignal,
    Leave,
    Join,
    EndSession,
)
