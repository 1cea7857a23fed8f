"""A whole game of Thousand by result entry through the API: onto the barrel, then out at 1000.

Every total below is worked by hand from rules/thousand.md (§7 entries, §9 barrel, §12 winning).
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Person


def deal(
    declarer: int, contract: int, points: list[int], tricks: list[int], marriages: list[list[str]]
) -> dict[str, Any]:
    return {"declarer": declarer, "contract": contract, "card_points": points, "tricks": tricks, "marriages": marriages}


# Anna (seat 0) declares 280 with the ♥ and ♦ marriages (100 + 80) and 100 card points: 280 made.
# Boris and Clara each take a trick worth 10 (already a multiple of 5, §7.2).
MADE_280 = deal(0, 280, [100, 10, 10], [6, 1, 1], [["H", "D"], [], []])


def test_a_game_reaches_the_barrel_and_is_won_from_it(alice: Person) -> None:
    match = alice.create_match(["Anna", "Boris", "Clara"], game="thousand")
    entries = [
        MADE_280,  # [280, 10, 10]
        MADE_280,  # [560, 20, 20]
        MADE_280,  # [840, 30, 30]
        # 840 + 100 = 940 lies in [880, 1000): Anna is put on the barrel at 880 (§9.1).
        deal(0, 100, [100, 10, 10], [6, 1, 1], [[], [], []]),  # [880, 40, 40]
        # Barrel deal 1: Boris makes 100; Anna defends on the barrel and scores nothing (§9.3).
        deal(1, 100, [10, 100, 10], [1, 6, 1], [[], [], []]),  # [880, 140, 50]
        # Barrel deal 2: Anna makes 120 (100 card points + the ♠ marriage 40): 880 + 120 = 1000 wins.
        deal(0, 120, [100, 10, 10], [6, 1, 1], [["S"], [], []]),  # [1000, 150, 60]
    ]
    summaries = []
    for seq, payload in enumerate(entries, start=1):
        response = alice.append(match["id"], "deal_result", payload, expected_seq=seq)
        assert response.status_code == 201, response.json()
        summaries.append(response.json())

    assert [s["summary"]["totals"] for s in summaries] == [
        [280, 10, 10],
        [560, 20, 20],
        [840, 30, 30],
        [880, 40, 40],
        [880, 140, 50],
        [1000, 150, 60],
    ]
    on_barrel = summaries[3]["summary"]["barrel"][0]
    assert (on_barrel["on"], on_barrel["deals_left"]) == (True, 3)
    assert summaries[4]["summary"]["barrel"][0]["deals_left"] == 2
    final = summaries[-1]
    assert final["status"] == "finished"
    assert final["summary"]["result"]["winners"] == [0]
    assert final["summary"]["result"]["places"] == [1, 2, 3]

    # Nothing more can be recorded: 422 with the rule's code, and the record is unchanged.
    late = alice.append(match["id"], "deal_result", MADE_280, expected_seq=7)
    assert late.status_code == 422
    assert late.json()["code"] == "match_finished"
    assert len(alice.get(f"/api/v1/matches/{match['id']}/events/").json()) == 6


def test_a_bad_deal_is_refused_with_its_rule_and_changes_nothing(alice: Person) -> None:
    match = alice.create_match(["Anna", "Boris", "Clara"], game="thousand")
    # 100 + 10 + 5 = 115 card points: a three-player deal always totals 120 (§2.2).
    response = alice.append(match["id"], "deal_result", deal(0, 100, [100, 10, 5], [6, 1, 1], [[], [], []]), 1)
    assert response.status_code == 422
    assert response.json()["code"] == "card_points_must_total_120"
    # Bids go in steps of 5 (§4.2): 103 is not a legal contract.
    response = alice.append(match["id"], "deal_result", deal(0, 103, [100, 10, 10], [6, 1, 1], [[], [], []]), 1)
    assert response.status_code == 422
    assert response.json()["code"] == "bid_off_step"
    assert alice.get(f"/api/v1/matches/{match['id']}/events/").json() == []
