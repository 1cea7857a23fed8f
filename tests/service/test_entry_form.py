"""/api/v1/matches/{id}/entry-form/ and the form in /legal-actions/; /games/?game= (issue 13)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Person


def test_the_entry_form_follows_the_house_rules(alice: Person, bob: Person) -> None:
    match = alice.create_match(["alice", "bob", "carol", "dan"], variants={"spot_hearts": True})
    body = alice.get(f"/api/v1/matches/{match['id']}/entry-form/").json()
    points = body["entry_form"]["fields"][0]
    assert (body["next_seq"], points["name"], points["total"]) == (1, "points", 117)  # 104 hearts + Q♠ 13
    assert bob.get(f"/api/v1/matches/{match['id']}/entry-form/").status_code in (403, 404)


def test_legal_actions_carry_the_entry_form(alice: Person, hearts_match: dict[str, Any]) -> None:
    body = alice.get(f"/api/v1/matches/{hearts_match['id']}/legal-actions/").json()
    assert body["entry_form"]["type"] == "hand_result"
    assert body["entry_form"]["fields"][0]["total"] == 26


def test_one_games_catalogue_entry_cached_by_version(alice: Person) -> None:
    everything = alice.get("/api/v1/games/")
    one = alice.get("/api/v1/games/?game=hearts")
    assert [g["name"] for g in one.json()] == ["hearts"]
    assert len(everything.json()) > 1
    assert alice.get("/api/v1/games/?game=hearts", HTTP_IF_NONE_MATCH=one["ETag"]).status_code == 304
    from companion.selectors import catalogue_version

    cached = alice.get(f"/api/v1/games/?game=hearts&v={catalogue_version()}")
    assert "max-age" in cached["Cache-Control"]
