"""T-Shirt Game state: immutable values replayed from the record."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.explain import Note
from scoring.protocol import MatchResult
from scoring.tshirt.events import RoundResult
from scoring.tshirt.variants import TShirtVariants


@dataclass(frozen=True, slots=True)
class HotCard:
    """A Hot or Not card in front of a player: the round it was drawn, its printed and counted value."""

    round: int
    printed: int
    counts: int
    boo_yah: bool = False

    def as_json(self) -> dict[str, object]:
        return {"round": self.round, "printed": self.printed, "counts": self.counts, "boo_yah": self.boo_yah}


@dataclass(frozen=True, slots=True)
class RoundRecord:
    event: RoundResult
    totals: tuple[int, ...]
    notes: tuple[Note, ...]

    def as_json(self) -> dict[str, object]:
        e = self.event
        return {
            "round": e.round,
            "judge": e.judge,
            "winner": e.winner,
            "value": e.value,
            "boo_yah": e.boo_yah,
            "stolen_from": e.stolen_from,
            "stolen_round": e.stolen_round,
            "stolen_value": e.stolen_value,
            "totals": list(self.totals),
            "explain": [n.as_json() for n in self.notes],
        }


@dataclass(frozen=True, slots=True)
class TShirtState:
    variants: TShirtVariants
    players: tuple[str, ...]
    first_judge: int | None = None
    cards: tuple[tuple[HotCard, ...], ...] = ()
    rounds: tuple[RoundRecord, ...] = ()
    #: Slogan Cards played this round (card tracking), by seat.
    submitted: frozenset[int] = frozenset()
    hand_sizes: tuple[int, ...] = ()
    slogan_deck: int = 0
    slogan_discards: int = 0
    tshirt_deck: int = 0
    tshirt_discards: int = 0
    hot_or_not_left: int = 0
    result: MatchResult | None = None
    #: How the game ended, translatable (``result.how`` is its English text).
    result_note: Note | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def round_number(self) -> int:
        """The round being played next (1-based)."""
        return len(self.rounds) + 1

    @property
    def judge(self) -> int | None:
        """Youngest first, then one seat to the left each round (steps 1 and 7)."""
        if self.first_judge is None:
            return None
        return (self.first_judge + len(self.rounds)) % self.seats

    @property
    def totals(self) -> tuple[int, ...]:
        """A score is the sum of the Hot or Not cards in front of a player ("Scoring model")."""
        return tuple(sum(c.counts for c in mine) for mine in self.cards)
