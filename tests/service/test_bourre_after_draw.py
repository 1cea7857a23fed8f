"""Issue 18's "done when" for Bourré, through the API: a whole deal with every hand entered after the
draw (no discards named) and a cinch holder void in the suit led, recorded card by card; the illegal
follow (a low trump) and the illegal lead are refused with 422 and change nothing.

The deal and its arithmetic are worked by hand in tests/scoring/test_bourre_after_draw.py
(docs/games/bourre.md §1.3, rules/bourre.md §3.6): tricks A0 B4 C1, B takes the 3-chip pot, A is
bourré and pays 3; ledger A −4, B +2, C −1, pot 3.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import Person

AFTER = [["TD", "9D", "8D", "2C", "3C"], ["AH", "KH", "QH", "4H", "8S"], ["6H", "JD", "5S", "7C", "9S"]]
COUNTS = [3, 2, 0]
PLAYS = [(0, "TD"), (1, "AH"), (2, "JD"), (1, "KH"), (2, "6H"), (0, "2C"), (1, "QH"), (2, "5S"), (0, "3C")]
PLAYS += [(1, "4H"), (2, "7C"), (0, "9D"), (1, "8S"), (2, "9S"), (0, "8D")]


def test_hands_after_the_draw_and_a_void_cinch_holder(
    alice: Person, bob: Person, charlie: Person, record_of: Any
) -> None:
    match = alice.create_match([alice.player.pk, bob.player.pk, charlie.player.pk], game="bourre")
    match_id = match["id"]
    events: list[tuple[str, dict[str, Any]]] = [("deal", {"dealer": 2, "up_card": "6H"})]
    for seat in (0, 1, 2):
        events += [("declare", {"seat": seat, "play": True})]
        events += [("draw", {"seat": seat, "count": COUNTS[seat], "hand": AFTER[seat]})]
    events += [("play_card", {"seat": seat, "card": card}) for seat, card in PLAYS]
    for seq, (event_type, payload) in enumerate(events, start=1):
        if payload == {"seat": 1, "card": "AH"}:
            # B is void in ♦, holds a cinch and is not last: 4♥ would win but is refused (§3.6 C-follow).
            before = record_of(match_id)
            response = alice.append(match_id, "play_card", {"seat": 1, "card": "4H"}, expected_seq=seq)
            body = response.json()
            assert response.status_code == 422, body
            assert body["code"] == "cinch_must_play_highest_trump"
            assert sorted(body["params"]["legal"]) == ["AH", "KH", "QH"]
            assert record_of(match_id) == before
        if payload == {"seat": 1, "card": "KH"}:
            # On lead with a cinch: the highest trump (K♥ or the equivalent Q♥), not 8♠ (§3.6 C-lead).
            response = alice.append(match_id, "play_card", {"seat": 1, "card": "8S"}, expected_seq=seq)
            assert response.status_code == 422 and response.json()["code"] == "cinch_must_lead_trump"
        response = alice.append(match_id, event_type, payload, expected_seq=seq)
        assert response.status_code == 201, (event_type, payload, response.json())
    summary = response.json()["summary"]
    assert summary["phase"] == "deal_complete" and summary["provisional_deal"] == 1
    deal = alice.get(f"/api/v1/matches/{match_id}/history").json()["rows"][0]
    assert deal["tricks"] == [0, 4, 1] and deal["taken"] == [{"seat": 1, "chips": 3}]
    assert deal["payments"] == [{"seat": 0, "chips": 3, "code": "bourre"}]
    assert summary["totals"] == [-4, 2, -1] and summary["pot"] == 3 and summary["findings"] == []
