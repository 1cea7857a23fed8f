"""One line of an explanation, shared by every game's summary.

Every number a summary shows (a hand's score, a payment, a barrel fall) carries ``explain`` lines:
a stable ``code`` the phone UI can translate, the ``seat`` it concerns, and English ``text``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Note:
    """One line explaining a number: a code for translation, its seat and English text."""

    code: str
    text: str
    seat: int | None = None

    def as_json(self) -> dict[str, object]:
        return {"code": self.code, "seat": self.seat, "text": self.text}
