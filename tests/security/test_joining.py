"""Item 3 of issue 16: tables nobody can walk into. Codes cannot be guessed, only those who may
record see them, a wrong code reveals nothing, and the creator can renew or revoke the code."""

from __future__ import annotations

from typing import Any

from companion.models import Match
from companion.services import JOIN_CODE_ALPHABET
from tests.conftest import Person


def _league_with_member(alice: Person, bob: Person, role: str = "member") -> int:
    from companion.models import League, Membership

    league = League.objects.get(pk=alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"])
    Membership.objects.create(league=league, player=bob.player, role=role)
    return league.pk


def test_a_code_carries_80_random_bits(alice: Person) -> None:
    codes = {alice.create_match([alice.player.pk, "B", "C"])["join_code"] for _ in range(5)}
    assert len(codes) == 5
    for code in codes:
        assert len(code) == 16 and set(code) <= set(JOIN_CODE_ALPHABET)
    # 32 symbols = 5 bits each: 16 of them are 80 bits, ~1.2e24 codes (a 6-character code had ~1.07e9)
    assert len(JOIN_CODE_ALPHABET) ** 16 == 2**80


def test_a_wrong_code_reveals_nothing(alice: Person, bob: Person) -> None:
    alice.create_match([alice.player.pk, "B", "C"])
    response = bob.post("/api/v1/matches/join", {"code": "AAAAAAAAAAAAAAAA"})
    assert response.status_code == 404
    assert response.json() == {
        "code": "invalid_join_code",
        "message": "No match has this join code.",
        "params": {},
    }


def test_a_code_typed_in_groups_and_lower_case_still_works(alice: Person, bob: Person) -> None:
    code = alice.create_match([alice.player.pk, "Bobby", "C"])["join_code"]
    typed = f"{code[:4].lower()}-{code[4:8]} {code[8:12]}-{code[12:]}"
    assert bob.post("/api/v1/matches/join", {"code": typed, "seat": 1}).status_code == 200


def test_a_league_member_who_only_reads_does_not_see_the_codes(alice: Person, bob: Person) -> None:
    league = _league_with_member(alice, bob)
    match = alice.create_match([alice.player.pk, "B", "C"], league=league)
    assert len(match["join_code"]) == 16  # the creator sees it
    listed = bob.get(f"/api/v1/matches/?league={league}").json()["results"]
    assert [m["join_code"] for m in listed] == [None]
    assert bob.get(f"/api/v1/matches/{match['id']}/").json()["join_code"] is None
    # ...and so may not record either
    assert bob.append(match["id"], "hand_result", {"points": [20, 6, 0]}, expected_seq=1).status_code == 403


def test_a_league_admin_sees_the_code(alice: Person, bob: Person) -> None:
    league = _league_with_member(alice, bob, role="admin")
    match = alice.create_match([alice.player.pk, "B", "C"], league=league)
    assert bob.get(f"/api/v1/matches/{match['id']}/").json()["join_code"] == match["join_code"]


def test_a_player_seated_with_the_code_sees_it(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    joined = bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1}).json()
    assert joined["join_code"] == match["join_code"]


def test_the_creator_renews_the_code_and_the_old_one_stops_working(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    renewed = alice.post(f"/api/v1/matches/{match['id']}/join-code")
    assert renewed.status_code == 200
    new_code = renewed.json()["join_code"]
    assert new_code != match["join_code"] and len(new_code) == 16
    assert bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1}).status_code == 404
    assert bob.post("/api/v1/matches/join", {"code": new_code, "seat": 1}).status_code == 200


def test_the_creator_turns_joining_off(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    assert alice.client.delete(f"/api/v1/matches/{match['id']}/join-code").status_code == 204
    assert Match.objects.get(pk=match["id"]).join_code is None
    assert alice.get(f"/api/v1/matches/{match['id']}/").json()["join_code"] is None
    answer = bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    assert (answer.status_code, answer.json()["code"]) == (404, "invalid_join_code")


def test_a_seated_player_may_not_renew_the_code(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "C"])
    bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    answer = bob.post(f"/api/v1/matches/{match['id']}/join-code")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_match_creator")


def test_a_stranger_cannot_touch_the_code(alice: Person, bob: Person) -> None:
    match: dict[str, Any] = alice.create_match([alice.player.pk, "Bobby", "C"])
    answer = bob.client.delete(f"/api/v1/matches/{match['id']}/join-code")
    assert (answer.status_code, answer.json()["code"]) == (404, "match_not_found")


def test_joining_takes_two_calls_at_most_and_says_where_you_sit(alice: Person, bob: Person) -> None:
    match = alice.create_match([alice.player.pk, "Bobby", "Cat"])
    asked = bob.post("/api/v1/matches/join", {"code": match["join_code"]})
    assert (asked.status_code, asked.json()["code"]) == (400, "seat_required")
    assert (asked.json()["params"]["free_seats"], asked.json()["params"]["free_seat_names"]) == (
        [1, 2],
        ["Bobby", "Cat"],
    )
    joined = bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    assert joined.status_code == 200
    assert (joined.json()["my_seat"], joined.json()["totals"]) == (1, [0, 0, 0])
    seated = joined.json()["seats"][1]["player"]
    assert {k: seated[k] for k in ("id", "name", "has_account", "initials")} == {
        "id": bob.player.pk,
        "name": "Bob",
        "has_account": True,
        "initials": "BO",
    }
