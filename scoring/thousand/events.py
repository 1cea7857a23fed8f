"""Thousand events (rules/thousand.md §7.4 result entry; §4–§6, §16.1 card by card).

Result entry is one :class:`DealResult` per deal. Card by card, a deal is ``deal``, the auction
(``bid``/``pass``/``look_at_hand``), ``take_talon``, ``give_card`` ×2 (``discard`` with two
players), optional ``raise_contract``/``claim_redeal``/``give_up``, then ``play_card`` ×24 (×20) — or a ``concede`` ending the play when an accepted claim
cannot be played out (§16.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scoring.cards import Card, Suit
from scoring.events import Event

Kind = Literal["played", "rospisat", "spisat", "bomb", "dark_give_up", "thrown_in"]
ThrowInReason = Literal[
    "four_nines", "three_nines", "low_talon", "weak_hand", "four_jacks", "misdeal", "bottom_card", "renege_replay"
]
GiveUpKind = Literal["rospisat", "spisat", "bomb", "dark_give_up"]


@dataclass(frozen=True, slots=True)
class DealResult(Event):
    """One deal's outcome (§7.4). Lists are per seat (the sitting-out seat gets 0 / []).

    ``marriages[s]`` are the suits seat s announced; ``four_aces`` the seat that announced four aces;
    ``renege_by`` a seat found to have reneged (§16.4, contract_forfeit: points are what each
    player had taken at the proof, so they need not total 120); ``dealer`` fixes the first dealer.
    """

    TYPE = "deal_result"
    kind: Kind = "played"
    declarer: int | None = None
    contract: int | None = None
    blind: bool = False
    card_points: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    marriages: tuple[tuple[Suit, ...], ...] = ()
    four_aces: int | None = None
    inactive: int | None = None
    talon: tuple[Card, ...] | None = None
    reason: ThrowInReason | None = None
    renege_by: int | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A new deal (§3). ``hands`` per seat (sitting-out seat: []) and ``talon`` are optional; a
    seat's hand may be ``null`` when only some hands are known (§16.1); with two players the
    talon is four cards, pile 0 then pile 1 (§3.3)."""

    TYPE = "deal"
    hands: tuple[tuple[Card, ...] | None, ...] | None = None
    talon: tuple[Card, ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Bid(Event):
    """A bid in the auction (§4); ``blind`` when the bidder has not looked at the hand (§4.6)."""

    TYPE = "bid"
    seat: int
    amount: int
    blind: bool = False


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """A pass: final for the rest of the auction (§4.2)."""

    TYPE = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class LookAtHand(Event):
    """A blind bidder looks at the hand and bids on as an ordinary bidder (§4.6)."""

    TYPE = "look_at_hand"
    seat: int


@dataclass(frozen=True, slots=True)
class TakeTalon(Event):
    """The declarer takes the talon (§5.1); ``cards`` when not known from the deal (dark: entered
    privately); ``pile`` 0 or 1 with two players (§3.3)."""

    TYPE = "take_talon"
    seat: int
    cards: tuple[Card, ...] | None = None
    pile: int | None = None


@dataclass(frozen=True, slots=True)
class GiveCard(Event):
    """The declarer gives one card to a defender (§5.1); the card may be unknown (face down)."""

    TYPE = "give_card"
    seat: int
    to: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Discard(Event):
    """Two players: the declarer lays two cards aside (§3.3)."""

    TYPE = "discard"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RaiseContract(Event):
    """The declarer raises the contract after the talon (§4.4)."""

    TYPE = "raise_contract"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ClaimRedeal(Event):
    """The deal is thrown in (§5.3): a redeal claim by ``seat`` (with the claimant's ``hand`` when
    the hands were not dealt in the record), a misdeal or a bottom-card re-cut."""

    TYPE = "claim_redeal"
    reason: ThrowInReason
    seat: int | None = None
    hand: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class GiveUp(Event):
    """The declarer gives up before the first lead: Rospisat', Spisat', bomb or dark give-up (§8)."""

    TYPE = "give_up"
    seat: int
    kind: GiveUpKind = "rospisat"


@dataclass(frozen=True, slots=True)
class PlayCard(Event):
    """A card played; ``announce`` a marriage or four aces with the lead (§6.4, §6.5)."""

    TYPE = "play_card"
    seat: int
    card: Card
    announce: Literal["marriage", "four_aces"] | None = None


@dataclass(frozen=True, slots=True)
class Concede(Event):
    """The others concede every remaining trick to ``seat``: a claim "the rest are mine" accepted
    while the hands are not entered (§16.3); ``cards`` are the claimant's unplayed cards, laid down."""

    TYPE = "concede"
    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class RevealTalon(Event):
    """The talon of the deal just finished, entered after it when it was taken without being
    entered (dark, §5.2): completes the record and lets the proofs use it (§16.1, §16.2).
    Three cards, or the two of the pile taken with two players."""

    TYPE = "reveal_talon"
    cards: tuple[Card, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    DealResult,
    Deal,
    Bid,
    Pass,
    LookAtHand,
    TakeTalon,
    GiveCard,
    Discard,
    RaiseContract,
    ClaimRedeal,
    GiveUp,
    PlayCard,
    Concede,
    RevealTalon,
)
