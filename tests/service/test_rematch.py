"""/api/v1/matches/<id>/rematch — the same players, seats, house rules and league, one tap."""

from __future__ import annotations

from tests.conftest import Person


def test_a_rematch_keeps_the_players_their_seats_and_the_house_rules(alice: Person, bob: Person) -> None:
    first = alice.create_match([alice.player.pk, "Zoe", "Yuri", "Xena"], variants={"target_score": 50})
    response = alice.post(f"/api/v1/matches/{first['id']}/rematch", {})
    assert response.status_code == 201, response.json()
    again = response.json()
    assert again["id"] != first["id"]
    assert again["game"] == "hearts"
    assert again["variants"]["target_score"] == 50
    assert [s["player"] for s in again["seats"]] == [s["player"] for s in first["seats"]]
    assert again["join_code"] != first["join_code"]


def test_only_someone_who_may_record_starts_a_rematch(alice: Person, bob: Person) -> None:
    first = alice.create_match([alice.player.pk, "Zoe", "Yuri", "Xena"])
    response = bob.post(f"/api/v1/matches/{first['id']}/rematch", {})
    assert (response.status_code, response.json()["code"]) == (404, "match_not_found")
