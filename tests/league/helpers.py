"""A small league whose every statistic is worked out by hand (see ``League`` below).

Thursday league (alice, bob, charlie, dave), Friday league (the same four):

- m1, Thursday, Hearts to 50, seats A B C D, finished 2026-01-10. Hand points [10,10,0,6],
  [13,13,0,0], [0,26,0,0] (B shoots the moon: scores [26,0,26,26]), [5,13,5,3]. Totals
  [54,36,31,35]: places A 4, B 3, C 1, D 2.
- m2, Thursday, Hearts to 50, seats B C D A, finished 2026-02-10. The same hands, so seat order gives
  B 54 (4th), C 36 (3rd, shot the moon), D 31 (1st), A 35 (2nd).
- m3, Thursday, Tonk, seats A B C, finished 2026-03-10 (see ``TONK``): net stakes A −6, B +4, C +2:
  places A 3, B 1, C 2.
- m4, Friday, Hearts to 50, seats A B C D, finished 2026-02-20. Hand points [0,10,10,6], [0,13,13,0],
  [0,13,0,13], [0,14,6,6]: totals [0,50,29,25]; B reached 50. Places A 1, D 2, C 3, B 4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.models import Event
from league import services
from tests.conftest import Person

Committing = Callable[[], AbstractContextManager[Any]]

HEARTS_A = ([10, 10, 0, 6], [13, 13, 0, 0], [0, 26, 0, 0], [5, 13, 5, 3])
HEARTS_B = ([0, 10, 10, 6], [0, 13, 13, 0], [0, 13, 0, 13], [0, 14, 6, 6])
TONK = (
    ("hand_result", {"end": "drop", "by": 1, "counts": [9, 6, 9]}),
    ("hand_result", {"end": "tonk", "by": 2}),
    ("hand_result", {"end": "drop", "by": 0, "counts": [9, 7, 12]}),
    ("end_session", {}),
)


@dataclass(frozen=True)
class League:
    thursday: int
    friday: int
    m1: int
    m2: int
    m3: int
    m4: int
    alice: Person
    bob: Person
    charlie: Person
    dave: Person


def league_create(owner: Person, name: str, members: Sequence[Person]) -> int:
    league = owner.post("/api/v1/leagues/", {"name": name}).json()
    for person in members:
        if person is not owner:
            assert owner.add_member(league["id"], person).status_code == 201
    return int(league["id"])


def match_play(
    owner: Person,
    seats: Sequence[Person],
    events: Sequence[tuple[str, dict[str, Any]]],
    committing: Committing,
    *,
    game: str = "hearts",
    league: int | None = None,
    variants: dict[str, Any] | None = None,
    finished: datetime | None = None,
) -> int:
    """Create and play a match through the API; optionally move its events to the day it finished."""
    fields: dict[str, Any] = {"variants": variants or {}}
    if league is not None:
        fields["league"] = league
    match = owner.create_match([p.player.pk for p in seats], game=game, **fields)
    for seq, (event_type, payload) in enumerate(events, start=1):
        with committing():
            response = owner.append(match["id"], event_type, payload, expected_seq=seq)
        assert response.status_code == 201, response.json()
    assert response.json()["status"] == "finished"
    if finished is not None:
        Event.objects.filter(match_id=match["id"]).update(recorded_at=finished)
        services.match_derive(match_id=match["id"])
    return int(match["id"])


def hearts(points: Sequence[Sequence[int]]) -> list[tuple[str, dict[str, Any]]]:
    return [("hand_result", {"points": list(p)}) for p in points]


def day(month: int, dom: int) -> datetime:
    return datetime(2026, month, dom, 20, 0, tzinfo=UTC)


def league_build(cast: Sequence[Person], committing: Committing) -> League:
    a, b, c, d = cast
    thursday = league_create(a, "Thursday", cast)
    friday = league_create(a, "Friday", cast)
    to50 = {"target_score": 50}
    m1 = match_play(a, [a, b, c, d], hearts(HEARTS_A), committing, league=thursday, variants=to50, finished=day(1, 10))
    m2 = match_play(a, [b, c, d, a], hearts(HEARTS_A), committing, league=thursday, variants=to50, finished=day(2, 10))
    m3 = match_play(a, [a, b, c], TONK, committing, game="tonk", league=thursday, finished=day(3, 10))
    m4 = match_play(a, [a, b, c, d], hearts(HEARTS_B), committing, league=friday, variants=to50, finished=day(2, 20))
    return League(thursday, friday, m1, m2, m3, m4, a, b, c, d)
