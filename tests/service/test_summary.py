"""/api/v1/matches/{id}/summary/ (ETag, 304), /legal-actions/ and /api/v1/games/."""

from __future__ import annotations

import uuid
from typing import Any

from tests.conftest import Person


def test_the_summary_answers_304_while_nothing_changed(alice: Person, hearts_match: dict[str, Any]) -> None:
    url = f"/api/v1/matches/{hearts_match['id']}/summary/"
    first = alice.get(url)
    etag = first["ETag"]
    assert first.status_code == 200
    assert alice.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    changed = alice.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert changed.json()["summary"]["totals"] == [3, 18, 0, 5]


def test_the_summary_explains_each_number(alice: Person, hearts_match: dict[str, Any]) -> None:
    alice.append(hearts_match["id"], "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=1)
    summary = alice.get(f"/api/v1/matches/{hearts_match['id']}/summary/").json()["summary"]
    assert summary["totals"] == [26, 26, 0, 26]  # charlie shot the moon: the others take 26 (default)
    history = alice.get(f"/api/v1/matches/{hearts_match['id']}/history").json()
    assert history["count"] == 1 and history["rows"][0]["explain"]


def test_legal_actions_name_the_next_event(alice: Person, hearts_match: dict[str, Any]) -> None:
    body = alice.get(f"/api/v1/matches/{hearts_match['id']}/legal-actions/").json()
    assert body.pop("entry_form")["type"] == "hand_result"  # the form, tests/service/test_entry_form.py
    # Between hands a Hearts table may deal (card by card) or enter the hand's result.
    assert body == {
        "next_seq": 1,
        "actions": [{"type": "deal", "hand": 1, "dealer": 0}, {"type": "hand_result", "hand": 1}],
    }


def test_the_catalogue_lists_every_registered_game(alice: Person) -> None:
    from scoring.registry import GAME_MODULES

    games = alice.get("/api/v1/games/").json()
    assert sorted(g["name"] for g in games) == sorted(GAME_MODULES)
    hearts = next(g for g in games if g["name"] == "hearts")
    target = next(v for v in hearts["variants"] if v["key"] == "target_score")
    assert (target["type"], target["default"], target["multiple_of"]) == ("integer", 100, 25)
    moon = next(v for v in hearts["variants"] if v["key"] == "moon_scoring")
    assert moon["choices"] == ["add_to_others", "subtract_from_shooter", "shooter_choice"]
    assert "hand_result" in hearts["events"]


def test_an_unknown_api_url_is_a_json_404(alice: Person) -> None:
    response = alice.get("/api/v1/matches/1/nothing-here/")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_a_void_changes_the_etag_too(alice: Person, hearts_match: dict[str, Any]) -> None:
    url = f"/api/v1/matches/{hearts_match['id']}/summary/"
    alice.append(hearts_match["id"], "hand_result", {"points": [3, 18, 0, 5]}, expected_seq=1)
    etag = alice.get(url)["ETag"]
    alice.post(f"/api/v1/matches/{hearts_match['id']}/events/1/void", {"client_event_id": str(uuid.uuid4())})
    changed = alice.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["summary"]["totals"] == [0, 0, 0, 0]
