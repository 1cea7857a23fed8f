"""Item 8 of issue 16 (for a phone): events listed after a seq, a page at a time."""

from __future__ import annotations

from typing import Any

from tests.conftest import Person

HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6])


def test_events_come_a_page_at_a_time_after_a_seq(alice: Person, hearts_match: dict[str, Any]) -> None:
    for seq, points in enumerate(HANDS, start=1):
        assert alice.append(hearts_match["id"], "hand_result", {"points": points}, expected_seq=seq).status_code == 201
    url = f"/api/v1/matches/{hearts_match['id']}/events/"
    assert [e["seq"] for e in alice.get(url).json()] == [1, 2, 3, 4]
    assert [e["seq"] for e in alice.get(url + "?after=1&limit=2").json()] == [2, 3]
    assert [e["seq"] for e in alice.get(url + "?after=3&limit=2").json()] == [4]
    response = alice.get(url + f"?limit={2**64}")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
