"""One finding type for every game: an irregularity the record proves or the table reports.

A finding names the scoring unit it belongs to in the game's own word (``unit``: ``"hand"`` in
Hearts and Tonk, ``"deal"`` in Bourré and Thousand, ``"round"`` in President) and its number, the
seat, a machine code, a translatable ``note`` saying what was proven, and the ``penalty`` applied
(a note, a short code, or ``None`` when the game only flags it). Trick-taking games add the trick
where it happened and the trick whose play proved it.

Its JSON carries the note's ``text``/``template``/``params`` (so the API can translate it), the
unit's number under the unit's name (``{"hand": 3, ...}``), and every other field, so that one
reader (the phone, the league's statistics) can show any game's findings.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.cards import Card
from scoring.explain import Note


@dataclass(frozen=True, slots=True)
class Finding:
    """A proven (or table-reported) irregularity and what was done about it."""

    unit: str  # "hand" | "deal" | "round": the game's word for one scoring unit
    number: int
    seat: int
    code: str
    note: Note  # what the record proves, as a translatable line
    penalty: Note | str | None = None
    trick: int | None = None
    proven_at_trick: int | None = None
    status: str = "proven"  # "proven" from the record | "reported" by the table
    source: str = "record"  # "record" | "table": who brought it (Bourré §5.3 entered reneges)
    card: Card | None = None
    proven_by: Card | None = None
    recalled: bool = False
    rule: str | None = None

    @property
    def text(self) -> str:
        return self.note.text

    def as_json(self) -> dict[str, object]:
        penalty = self.penalty.as_json() if isinstance(self.penalty, Note) else self.penalty
        return {
            **self.note.as_json(),
            self.unit: self.number,
            "seat": self.seat,
            "code": self.code,
            "status": self.status,
            "source": self.source,
            "trick": self.trick,
            "proven_at_trick": self.proven_at_trick,
            "card": str(self.card) if self.card is not None else None,
            "proven_by": str(self.proven_by) if self.proven_by is not None else None,
            "recalled": self.recalled,
            "rule": self.rule,
            "penalty": penalty,
        }
