"""Bourré Lo-No (rules/bourre.md §7) through the API: a Lo-No deal recorded card by card, a refused
call, and a claim checked under §7 (no trump, low cards win)."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import Person

HANDS = [
    ["6D", "8D", "KC", "QS", "AH"],  # alice
    ["2D", "2H", "2C", "7S", "9D"],  # bob
    ["4D", "2S", "3C", "KH", "9H"],  # charlie, dealer: 4♦ turned
]


def lo_no_match(alice: Person, bob: Person, charlie: Person) -> int:
    players = [alice.player.pk, bob.player.pk, charlie.player.pk]
    match = alice.create_match(players, game="bourre", variants={"lo_no": True})
    events: list[tuple[str, dict[str, Any]]] = [("deal", {"dealer": 2, "up_card": "4D", "lo_no": True, "hands": HANDS})]
    for seat in (0, 1, 2):
        events += [("declare", {"seat": seat, "play": True}), ("draw", {"seat": seat, "count": 0})]
    for seq, (event_type, payload) in enumerate(events, start=1):
        response = alice.append(match["id"], event_type, payload, expected_seq=seq)
        assert response.status_code == 201, response.json()
    return int(match["id"])


def test_lo_no_deal_and_a_claim(alice: Person, bob: Person, charlie: Person, record_of: Any) -> None:
    match_id = lo_no_match(alice, bob, charlie)
    # The dealer must lead the turned card: 2♠ is refused with a 422 naming §7.
    response = alice.append(match_id, "play_card", {"seat": 2, "card": "2S"}, expected_seq=8)
    assert response.status_code == 422 and response.json()["code"] == "lo_no_must_lead_up_card"
    # A claim is checked under §7 (docs/claims.md). Alice (6♦ 8♦ K♣ Q♠ A♥) claims one trick: in every
    # suit bob or charlie holds a lower card, so she wins none unless bob leads 9♦ to her low
    # diamonds — which he need not do. Fails; the claim event is recorded (seq 8), nothing else.
    before = record_of(match_id)
    response = alice.post(
        f"/api/v1/matches/{match_id}/claims/",
        {"seat": 0, "kind": "at_least", "tricks": 1, "client_event_id": str(uuid.uuid4())},
    )
    assert response.status_code == 201, response.json()
    assert response.json()["claim"]["verdict"] == "fails" and response.json()["settled_seqs"] == []
    after = record_of(match_id)
    assert after[:-1] == before and after[-1][1] == "claim"
    # The whole deal (tests/scoring/test_bourre_lo_no.py): bob 3 tricks, charlie 2, alice 0.
    cards = ["4D", "8D", "2D", "2H", "KH", "AH", "2C", "3C", "KC", "7S", "2S", "QS", "9H", "6D", "9D"]
    seats = [2, 0, 1, 1, 2, 0, 1, 2, 0, 1, 2, 0, 2, 0, 1]
    for seq, (seat, card) in enumerate(zip(seats, cards, strict=True), start=9):
        response = alice.append(match_id, "play_card", {"seat": seat, "card": card}, expected_seq=seq)
        assert response.status_code == 201, response.json()
    entry = alice.get(f"/api/v1/matches/{match_id}/history").json()["rows"][-1]
    # B = 3 antes; bob takes 3; alice is bourré and pays 3.
    assert entry["lo_no"] is True and entry["taken"] == [{"seat": 1, "chips": 3}]
    assert entry["payments"] == [{"seat": 0, "chips": 3, "code": "bourre"}]


def test_lo_no_call_on_a_high_card_is_refused(alice: Person, bob: Person, charlie: Person) -> None:
    players = [alice.player.pk, bob.player.pk, charlie.player.pk]
    match = alice.create_match(players, game="bourre", variants={"lo_no": True})
    response = alice.append(match["id"], "deal", {"dealer": 2, "up_card": "9D", "lo_no": True}, expected_seq=1)
    assert response.status_code == 422
    assert response.json()["code"] == "lo_no_card_not_low" and "§7" in response.json()["message"]
