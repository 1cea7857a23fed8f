"""Small helpers shared by the service tests."""

from __future__ import annotations

from tests.conftest import Person

#: Hands that total 26 without a moon; cycled, they end a 4-player game to 100 in 15 hands.
HANDS = ([10, 6, 4, 6], [3, 13, 5, 5], [0, 8, 9, 9], [14, 2, 4, 6], [5, 5, 3, 13], [7, 0, 17, 2])


def finish(person: Person, match_id: int) -> int:
    """Append hands until the match is finished; return the seq of the last one."""
    seq = 1
    while True:
        response = person.append(match_id, "hand_result", {"points": HANDS[(seq - 1) % len(HANDS)]}, expected_seq=seq)
        assert response.status_code == 201, response.json()
        if response.json()["status"] == "finished":
            return seq
        seq += 1
