"""A game-independent snapshot of the play of a hand, and the claims made about it.

A :class:`Position` is everything the claim checker needs and nothing else: the hands (or, for the
players whose cards are not known, how many they hold and which suits they have shown out of), the
trick in progress, and the few facts of the hand so far that the play rules or the claim depend on
(trump, hearts broken, marriages announced, tricks and points already won, cards played face up).

Seats are *play seats*: ``0 … n-1`` in clockwise order, counting only the players who take part in
the play (an adapter maps table seats to play seats; Bourré players who passed are left out).

>>> from scoring.cards import parse_cards
>>> pos = Position.hearts([parse_cards("AS KS"), parse_cards("2S 3S"), parse_cards("4S 5S"), parse_cards("6S 7S")],
...                       leader=0, hearts_broken=True)
>>> pos.to_act, pos.remaining_tricks
(0, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from scoring.cards import Card, Suit
from scoring.obligations.hearts import Obligations


class GameName(StrEnum):
    HEARTS = "hearts"
    THOUSAND = "thousand"
    BOURRE = "bourre"


@dataclass(frozen=True, slots=True)
class HeartsPlay(Obligations):
    """The Hearts house rules that bear on the play (hearts.md §2.3, §5): the engine's play
    obligations (:class:`scoring.obligations.hearts.Obligations`, one description), and the kitty."""

    #: A kitty still to be received (§2.4): ``none``, or the trick whose winner receives it
    #: (``first_trick``, ``last_trick``, ``first_penalty``: the first trick holding a penalty card).
    kitty_receipt: str = "none"


@dataclass(frozen=True, slots=True)
class ThousandPlay:
    """The Thousand house rules that bear on the play (thousand.md §6, §15)."""

    must_trump_when_void: bool = True
    must_head_trick: bool = False
    must_overtrump: bool = False
    marriage_requires_won_trick: bool = True
    spades_marriage_value: int = 40
    trump_change_timing: str = "immediate"  # or next_trick (§6.4)


@dataclass(frozen=True, slots=True)
class BourrePlay:
    """The Bourré house rules that bear on the play (bourre.md §3.4, §3.6, §7)."""

    head_trick_required: bool = True
    must_beat_mode: str = "any_beating_card"  # or highest_card
    trump_when_cannot_overtrump: bool = True
    cinch_rules: str = "pagat"  # or none / akq_only / lay_down
    cinch_equivalent_trumps: str = "sequence"  # or adjacent_only / strict
    must_lead_trump_when_others_void: bool = False
    #: Lo-No (§7): no trump, the lowest card of the suit led wins.
    low_wins: bool = False
    #: Lo-No (§7): the turned card the dealer must lead to the first trick, until it is led.
    opening_lead: str | None = None


PlayRules = HeartsPlay | ThousandPlay | BourrePlay


class ClaimKind(StrEnum):
    ALL_TRICKS = "all_tricks"
    AT_LEAST = "at_least"
    NO_MORE_POINTS = "no_more_points"  # Hearts
    CONTRACT = "contract"  # Thousand


@dataclass(frozen=True, slots=True)
class Claim:
    """What the claimant says: every remaining trick, at least ``tricks`` of them, no more Hearts
    penalty points, or (Thousand) that card points plus marriages reach ``bid``."""

    kind: ClaimKind
    claimant: int
    tricks: int = 0
    bid: int = 0


@dataclass(frozen=True, slots=True)
class Play:
    """One card played by a seat; ``announce`` marks a Thousand marriage announced with the lead."""

    seat: int
    card: Card
    announce: bool = False

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}{'+' if self.announce else ''}"

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat, "card": str(self.card)}
        if self.announce:
            out["announce"] = True
        return out


@dataclass(frozen=True, slots=True)
class Position:
    """The play of one hand, from the claim checker's point of view.

    ``hands[s]`` is ``None`` when seat ``s``'s cards are not known; then ``hand_sizes`` gives how
    many it holds and ``unseen`` lists the cards the unknown hands hold between them. ``voids[s]``
    are the suits seat ``s`` has shown out of. ``played`` are the cards played face up in earlier
    tricks of this hand; ``known_out[s]`` are cards seat ``s`` knows to be out of play (its own
    Bourré discards), which the cinch test needs.

    What the record proves about an unknown hand beyond its voids (:mod:`scoring.claims.knowledge`):
    ``held[s]`` are unseen cards the record places in seat ``s``'s hand (e.g. cards passed to it),
    ``not_held[s]`` unseen cards it cannot hold (e.g. every non-heart after it led a heart before
    hearts were broken). ``unseen`` may hold more cards than the unknown hands: the rest lie
    out of play (a Hearts kitty nobody saw, the Bourré stock and other players' discards).

    ``next_trump`` is a Thousand trump change pending under ``trump_change_timing = next_trick``;
    ``kitty_pending`` the Hearts kitty still to be received (``rules.kitty_receipt``), ``None`` while nobody
    saw it (a deal of the unseen cards then puts in it the cards that lie in no hand);
    ``played_by[s]`` the cards seat ``s`` played this deal (Bourré ``akq_only`` cinch);
    ``lead_passes`` how often the lead of the current trick passed already (Hearts ``pass_lead``).
    """

    game: GameName
    rules: PlayRules
    hands: tuple[tuple[Card, ...] | None, ...]
    leader: int
    trick: tuple[Card, ...] = ()
    trump: Suit | None = None
    played: frozenset[Card] = frozenset()
    tricks_won: tuple[int, ...] = ()
    points_won: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()
    announced: frozenset[Suit] = frozenset()
    hearts_broken: bool = False
    first_trick: bool = False
    hand_sizes: tuple[int, ...] = ()
    unseen: tuple[Card, ...] = ()
    voids: tuple[frozenset[Suit], ...] = ()
    known_out: tuple[frozenset[Card], ...] = field(default=())
    held: tuple[frozenset[Card], ...] = field(default=())
    not_held: tuple[frozenset[Card], ...] = field(default=())
    next_trump: Suit | None = None
    kitty_pending: tuple[Card, ...] | None = None
    played_by: tuple[frozenset[Card], ...] = field(default=())
    lead_passes: int = 0

    def __post_init__(self) -> None:
        n = len(self.hands)
        zeros = (0,) * n
        object.__setattr__(self, "unseen", tuple(sorted(self.unseen, key=str)))
        for name in ("tricks_won", "points_won", "bonus"):
            if not getattr(self, name):
                object.__setattr__(self, name, zeros)
        if not self.voids:
            object.__setattr__(self, "voids", (frozenset(),) * n)
        for name in ("known_out", "held", "not_held", "played_by"):
            if not getattr(self, name):
                object.__setattr__(self, name, (frozenset(),) * n)
        if not self.hand_sizes:
            if any(h is None for h in self.hands):
                raise ValueError("hand_sizes is required when some hands are unknown")
            object.__setattr__(self, "hand_sizes", tuple(len(h or ()) for h in self.hands))
        elif any(h is not None and len(h) != k for h, k in zip(self.hands, self.hand_sizes, strict=True)):
            # a known hand's size is its length
            sizes = tuple(k if h is None else len(h) for h, k in zip(self.hands, self.hand_sizes, strict=True))
            object.__setattr__(self, "hand_sizes", sizes)

    # ----------------------------------------------------------------- constructors
    @classmethod
    def hearts(
        cls, hands: Sequence[Sequence[Card] | None], leader: int, *, rules: HeartsPlay | None = None, **kw: object
    ) -> Position:
        return cls(GameName.HEARTS, rules or HeartsPlay(), _hands(hands), leader, **kw)  # type: ignore[arg-type]

    @classmethod
    def thousand(
        cls, hands: Sequence[Sequence[Card] | None], leader: int, *, rules: ThousandPlay | None = None, **kw: object
    ) -> Position:
        return cls(GameName.THOUSAND, rules or ThousandPlay(), _hands(hands), leader, **kw)  # type: ignore[arg-type]

    @classmethod
    def bourre(
        cls,
        hands: Sequence[Sequence[Card] | None],
        leader: int,
        trump: Suit,
        *,
        rules: BourrePlay | None = None,
        **kw: object,
    ) -> Position:
        return cls(GameName.BOURRE, rules or BourrePlay(), _hands(hands), leader, trump=trump, **kw)  # type: ignore[arg-type]

    # ----------------------------------------------------------------- derived facts
    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    @property
    def all_known(self) -> bool:
        return all(h is not None for h in self.hands)

    @property
    def remaining_tricks(self) -> int:
        """Tricks still to be completed, counting the one in progress."""
        return self.hand_sizes[self.leader] if self.trick == () else self.hand_sizes[self.leader] + 1

    def with_hands(self, hands: Sequence[Sequence[Card]]) -> Position:
        """The same position with every hand known (one distribution of the unseen cards)."""
        full = _hands(hands)
        kitty = self.kitty_pending
        if kitty is None and isinstance(self.rules, HeartsPlay) and self.rules.kitty_receipt != "none":
            dealt = {c for h in full for c in h or ()}
            kitty = tuple(sorted((c for c in self.unseen if c not in dealt), key=str))  # the cards in no hand
        return replace(self, hands=full, unseen=(), held=(), not_held=(), kitty_pending=kitty)

    def describe(self) -> dict[str, object]:
        return {
            "game": str(self.game),
            "hands": [None if h is None else [str(c) for c in h] for h in self.hands],
            "leader": self.leader,
            "trick": [str(c) for c in self.trick],
            "trump": None if self.trump is None else str(self.trump),
        }


def _hands(hands: Sequence[Sequence[Card] | None]) -> tuple[tuple[Card, ...] | None, ...]:
    return tuple(None if h is None else tuple(h) for h in hands)


# --------------------------------------------------------------------------------------------- JSON
_RULES = {GameName.HEARTS: HeartsPlay, GameName.THOUSAND: ThousandPlay, GameName.BOURRE: BourrePlay}


def position_to_json(pos: Position) -> dict[str, object]:
    """A JSON form of a position (for benchmark files, logs and the service)."""

    def cards(cs: Sequence[Card] | frozenset[Card]) -> list[str]:
        return sorted(str(c) for c in cs)

    return {
        "game": str(pos.game),
        "rules": {f: getattr(pos.rules, f) for f in pos.rules.__dataclass_fields__},
        "hands": [None if h is None else [str(c) for c in h] for h in pos.hands],
        "leader": pos.leader,
        "trick": [str(c) for c in pos.trick],
        "trump": None if pos.trump is None else str(pos.trump),
        "played": cards(pos.played),
        "tricks_won": list(pos.tricks_won),
        "points_won": list(pos.points_won),
        "bonus": list(pos.bonus),
        "announced": sorted(str(s) for s in pos.announced),
        "hearts_broken": pos.hearts_broken,
        "first_trick": pos.first_trick,
        "hand_sizes": list(pos.hand_sizes),
        "unseen": cards(pos.unseen),
        "voids": [sorted(str(s) for s in v) for v in pos.voids],
        "known_out": [cards(k) for k in pos.known_out],
        "held": [cards(k) for k in pos.held],
        "not_held": [cards(k) for k in pos.not_held],
        "next_trump": None if pos.next_trump is None else str(pos.next_trump),
        "kitty_pending": None if pos.kitty_pending is None else cards(pos.kitty_pending),
        "played_by": [cards(k) for k in pos.played_by],
        "lead_passes": pos.lead_passes,
    }


def position_from_json(data: Mapping[str, Any]) -> Position:
    """Inverse of :func:`position_to_json`.

    >>> from scoring.cards import parse_cards
    >>> p = Position.bourre([parse_cards("AS 2D"), None], leader=0, trump=Suit.SPADES, hand_sizes=(2, 2),
    ...                     unseen=parse_cards("3D 4D"))
    >>> position_from_json(position_to_json(p)) == p
    True
    """
    from scoring.cards import parse_cards

    game = GameName(data["game"])
    return Position(
        game=game,
        rules=_RULES[game](**data["rules"]),
        hands=tuple(None if h is None else parse_cards(h) for h in data["hands"]),
        leader=data["leader"],
        trick=parse_cards(data["trick"]),
        trump=None if data["trump"] is None else Suit(data["trump"]),
        played=frozenset(parse_cards(data["played"])),
        tricks_won=tuple(data["tricks_won"]),
        points_won=tuple(data["points_won"]),
        bonus=tuple(data["bonus"]),
        announced=frozenset(Suit(s) for s in data["announced"]),
        hearts_broken=data["hearts_broken"],
        first_trick=data["first_trick"],
        hand_sizes=tuple(data["hand_sizes"]),
        unseen=parse_cards(data["unseen"]),
        voids=tuple(frozenset(Suit(s) for s in v) for v in data["voids"]),
        known_out=tuple(frozenset(parse_cards(k)) for k in data["known_out"]),
        # older files (bench positions) have no card facts beyond the voids
        held=tuple(frozenset(parse_cards(k)) for k in data.get("held") or ()),
        not_held=tuple(frozenset(parse_cards(k)) for k in data.get("not_held") or ()),
        next_trump=None if data.get("next_trump") is None else Suit(data["next_trump"]),
        kitty_pending=None if data.get("kitty_pending") is None else parse_cards(data["kitty_pending"]),
        played_by=tuple(frozenset(parse_cards(k)) for k in data.get("played_by") or ()),
        lead_passes=int(data.get("lead_passes") or 0),
    )


def claim_to_json(claim: Claim) -> dict[str, object]:
    return {"kind": str(claim.kind), "claimant": claim.claimant, "tricks": claim.tricks, "bid": claim.bid}


def claim_from_json(data: Mapping[str, Any]) -> Claim:
    return Claim(ClaimKind(data["kind"]), int(data["claimant"]), int(data.get("tricks", 0)), int(data.get("bid", 0)))
