"""Item 7 of issue 16, from a client's side: the schema says exactly what comes back. Each operation
is called the way a phone calls it, with data that succeeds (random generated requests rarely get
past the rules, so schemathesis mostly sees errors), and each answer is checked against the schema
made strict: every documented status, every property typed, and no property the schema leaves out
(``additionalProperties: false`` wherever the schema lists properties). The open parts are the
ones the schema declares open (a game's own summary, payloads, house-rule values).
"""

from __future__ import annotations

import uuid
from functools import cache
from typing import Any

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.conftest import Person
from tests.league.helpers import League, league_build
from tests.service.test_claims import HANDS, claim, post_events


@pytest.fixture
def hand_worked(
    alice: Person, bob: Person, charlie: Person, dave: Person, django_capture_on_commit_callbacks: Any
) -> League:
    """The hand-worked league of ``tests.league.helpers`` (its statistics are all non-empty)."""
    from django.core.cache import cache as memo

    memo.clear()
    return league_build([alice, bob, charlie, dave], lambda: django_capture_on_commit_callbacks(execute=True))


@cache
def _schema() -> dict[str, Any]:
    return dict(SchemaGenerator().get_schema(request=None, public=True))


def _strict(node: Any) -> Any:
    """The OpenAPI 3.0 schema as JSON Schema, refs inlined, ``nullable`` as a null alternative and
    objects closed: a property the schema does not list is a violation."""
    if isinstance(node, list):
        return [_strict(n) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _strict(_schema()["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]])
    out = {
        k: _strict(v) if k in ("items", "allOf", "oneOf", "anyOf", "additionalProperties") else v
        for k, v in node.items()
    }
    if "properties" in node:
        out["properties"] = {name: _strict(sub) for name, sub in node["properties"].items()}
        out.setdefault("additionalProperties", False)
    if out.pop("nullable", False):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def conforms(response: Any, method: str, path: str) -> Any:
    """Assert ``response`` is documented for ``method path`` and its body matches; returns the body."""
    responses = _schema()["paths"][path][method.lower()]["responses"]
    status = str(response.status_code)
    assert status in responses, f"{method} {path}: {status} is not documented ({sorted(responses)})"
    content = responses[status].get("content")
    if content is None:
        assert not response.content, f"{method} {path}: {status} documents no body"
        return None
    media = response["Content-Type"].split(";")[0]
    assert media in content, f"{method} {path}: {media} is not documented ({sorted(content)})"
    if media != "application/json":
        return response.content.decode()
    body = response.json()
    schema = _strict(content["application/json"]["schema"])
    jsonschema.validate(body, schema, cls=jsonschema.Draft7Validator)
    return body


def test_signing_in_and_out(alice: Person) -> None:
    from rest_framework.test import APIClient

    anonymous = APIClient()
    guest = anonymous.post("/api/v1/auth/guest", {"name": "Ann"}, format="json")
    assert guest.status_code == 201
    assert conforms(guest, "POST", "/api/v1/auth/guest")["player"]["name"] == "Ann"
    token = anonymous.post("/api/v1/auth/token", {"username": "alice", "password": "alice-secret-pw"}, format="json")
    assert token.status_code == 200
    conforms(token, "POST", "/api/v1/auth/token")
    wrong = anonymous.post("/api/v1/auth/token", {"username": "alice", "password": "guess"}, format="json")
    assert conforms(wrong, "POST", "/api/v1/auth/token")["code"] == "invalid_credentials"
    assert conforms(alice.get("/api/v1/ping"), "GET", "/api/v1/ping") == {"ok": True}
    assert conforms(alice.post("/api/v1/auth/logout"), "POST", "/api/v1/auth/logout") is None
    assert conforms(alice.get("/api/v1/ping"), "GET", "/api/v1/ping")["code"] == "authentication_failed"
    everywhere = APIClient(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert conforms(everywhere.post("/api/v1/auth/logout-all"), "POST", "/api/v1/auth/logout-all") is None


def test_players_leagues_and_invitations(alice: Person, bob: Person) -> None:
    conforms(alice.post("/api/v1/players/", {"name": "Zoe"}), "POST", "/api/v1/players")
    assert conforms(alice.get("/api/v1/players/"), "GET", "/api/v1/players")["count"] == 2
    conforms(alice.get("/api/v1/players/me"), "GET", "/api/v1/players/me")
    league = conforms(alice.post("/api/v1/leagues/", {"name": "Friday"}), "POST", "/api/v1/leagues")
    conforms(alice.get("/api/v1/leagues/"), "GET", "/api/v1/leagues")
    conforms(alice.get(f"/api/v1/leagues/{league['id']}/"), "GET", "/api/v1/leagues/{league_id}")
    members = f"/api/v1/leagues/{league['id']}/members/"
    invited = alice.post(members, {"player": bob.player.pk})
    assert invited.status_code == 202
    conforms(invited, "POST", "/api/v1/leagues/{league_id}/members")
    [invitation] = conforms(bob.get("/api/v1/invitations/"), "GET", "/api/v1/invitations")
    accepted = bob.post(f"/api/v1/invitations/{invitation['id']}/accept")
    assert accepted.status_code == 201
    conforms(accepted, "POST", "/api/v1/invitations/{invitation_id}/accept")
    assert len(conforms(alice.get(members), "GET", "/api/v1/leagues/{league_id}/members")) == 2
    charlie = Person("charlie")
    assert alice.post(members, {"player": charlie.player.pk}).status_code == 202
    [offer] = charlie.get("/api/v1/invitations").json()
    declined = charlie.post(f"/api/v1/invitations/{offer['id']}/decline")
    assert declined.status_code == 204
    conforms(declined, "POST", "/api/v1/invitations/{invitation_id}/decline")
    stranger = bob.get("/api/v1/leagues/999999/")
    assert conforms(stranger, "GET", "/api/v1/leagues/{league_id}")["code"] == "league_not_found"


def _append(person: Person, match_id: int, seq: int, **body: Any) -> Any:
    body = {"type": "hand_result", "payload": {"points": [26, 0, 0, 0]}, "expected_seq": seq, **body}
    body.setdefault("client_event_id", str(uuid.uuid4()))
    return person.post(f"/api/v1/matches/{match_id}/events/", body)


def test_a_match_from_creation_to_export(alice: Person, bob: Person) -> None:
    match = conforms(
        alice.post("/api/v1/matches/", {"game": "hearts", "players": ["Alice", "Bob", "C", "D"]}),
        "POST",
        "/api/v1/matches",
    )
    m, base = match["id"], f"/api/v1/matches/{match['id']}"
    joined = bob.post("/api/v1/matches/join", {"code": match["join_code"], "seat": 1})
    conforms(joined, "POST", "/api/v1/matches/join")
    conforms(alice.get("/api/v1/matches/"), "GET", "/api/v1/matches")
    created = _append(alice, m, 1, client_event_id="00000000-0000-4000-8000-000000000001")
    assert created.status_code == 201
    conforms(created, "POST", "/api/v1/matches/{match_id}/events")
    retried = _append(alice, m, 1, client_event_id="00000000-0000-4000-8000-000000000001")
    assert retried.status_code == 200
    conforms(retried, "POST", "/api/v1/matches/{match_id}/events")
    stale = _append(bob, m, 1)
    assert conforms(stale, "POST", "/api/v1/matches/{match_id}/events")["current"]["next_seq"] == 2
    rule = _append(bob, m, 2, payload={"points": [1, 0, 0, 0]})
    assert conforms(rule, "POST", "/api/v1/matches/{match_id}/events")["code"] == "points_must_total_26"
    # 27 for seat 0 is more than a hand's 26 (hearts.md §1.3): the 422 names the field and the seat
    beyond = conforms(
        _append(bob, m, 2, payload={"points": [27, 0, 0, 0]}), "POST", "/api/v1/matches/{match_id}/events"
    )
    assert (beyond["code"], beyond["field"], beyond["seat"]) == ("points_out_of_range", "points", 0)
    assert _append(bob, m, 2).status_code == 201  # bob, seated with the code, records
    void = alice.post(f"{base}/events/2/void", {"client_event_id": str(uuid.uuid4())})
    assert void.status_code == 201, void.json()
    conforms(void, "POST", "/api/v1/matches/{match_id}/events/{seq}/void")
    amend = {"client_event_id": str(uuid.uuid4()), "type": "hand_result", "payload": {"points": [0, 26, 0, 0]}}
    amended = alice.post(f"{base}/events/1/amend", amend)
    assert amended.status_code == 201, amended.json()
    conforms(amended, "POST", "/api/v1/matches/{match_id}/events/{seq}/amend")
    assert len(conforms(alice.get(f"{base}/events/"), "GET", "/api/v1/matches/{match_id}/events")) == 4
    for tail in ("/", "/legal-actions/", "/entry-form/", "/record/"):
        conforms(alice.get(base + tail), "GET", "/api/v1/matches/{match_id}" + tail.rstrip("/"))
    summary = alice.get(f"{base}/summary/")
    conforms(summary, "GET", "/api/v1/matches/{match_id}/summary")
    unchanged = alice.get(f"{base}/summary/", HTTP_IF_NONE_MATCH=summary["ETag"])
    assert unchanged.status_code == 304
    conforms(unchanged, "GET", "/api/v1/matches/{match_id}/summary")
    record = alice.get(f"{base}/record/").json()
    conforms(alice.post("/api/v1/records/import", record), "POST", "/api/v1/records/import")
    conforms(alice.post("/api/v1/records/import-many", {"records": [record]}), "POST", "/api/v1/records/import-many")
    conforms(alice.post(f"{base}/join-code"), "POST", "/api/v1/matches/{match_id}/join-code")
    conforms(alice.client.delete(f"{base}/join-code"), "DELETE", "/api/v1/matches/{match_id}/join-code")


def test_a_rematch_and_the_recent_players(alice: Person) -> None:
    match = alice.create_match([alice.player.pk, "Yan", "Zoe"])
    again = alice.post(f"/api/v1/matches/{match['id']}/rematch")
    assert again.status_code == 201
    rematch = conforms(again, "POST", "/api/v1/matches/{match_id}/rematch")
    assert [seat["player"]["name"] for seat in rematch["seats"]] == ["Alice", "Yan", "Zoe"]
    assert rematch["created_by"] == "Alice"
    recent = conforms(alice.get("/api/v1/players/recent"), "GET", "/api/v1/players/recent")
    assert {p["name"] for p in recent} >= {"Yan", "Zoe"}
    unknown = alice.post("/api/v1/matches/999999/rematch")
    assert conforms(unknown, "POST", "/api/v1/matches/{match_id}/rematch")["code"] == "match_not_found"


def test_a_token_opens_a_session(alice: Person) -> None:
    from rest_framework.test import APIClient

    opened = APIClient(HTTP_AUTHORIZATION=f"Token {alice.token}").post("/api/v1/auth/session")
    assert opened.status_code == 204
    conforms(opened, "POST", "/api/v1/auth/session")
    assert "sessionid" in opened.cookies
    refused = APIClient(HTTP_AUTHORIZATION="Token not-a-token").post("/api/v1/auth/session")
    assert conforms(refused, "POST", "/api/v1/auth/session")["code"] == "authentication_failed"


def test_the_live_stream_is_documented_as_server_sent_events(
    alice: Person, bob: Person, hearts_match: dict[str, Any], settings: Any
) -> None:
    # a stream that ends at once (after its first event) so the test reads all of it
    settings.COMPANION_LIVE_MAX_S = 0
    url, path = f"/api/v1/matches/{hearts_match['id']}/live", "/api/v1/matches/{match_id}/live"
    ticket = conforms(alice.post(url + "-ticket"), "POST", path + "-ticket")["ticket"]
    stream = APIClient().get(url, HTTP_ACCEPT="text/event-stream", HTTP_AUTHORIZATION=f"Ticket {ticket}")
    assert stream.status_code == 200
    responses = _schema()["paths"][path]["get"]["responses"]
    assert list(responses["200"]["content"]) == [stream["Content-Type"]] == ["text/event-stream"]
    body = b"".join(stream.streaming_content).decode()
    stream.close()
    # (and the publishers' heartbeat, when one came through lately)
    assert (
        body.removesuffix("event: heartbeat\ndata: {}\n\n") == 'retry: 1000\n\nid: 0\nevent: seq\ndata: {"seq": 0}\n\n'
    )
    stranger = Person("mallory").post(url + "-ticket")
    assert conforms(stranger, "POST", path + "-ticket")["code"] == "match_not_found"
    assert conforms(alice.get(url), "GET", path)["code"] == "live_ticket_refused"  # a token is not a ticket
    settings.COMPANION_LIVE_WSGI = False
    assert conforms(alice.get(url), "GET", path)["code"] == "live_unavailable"


def test_the_games_catalogue(alice: Person) -> None:
    games = alice.get("/api/v1/games/", HTTP_ACCEPT_ENCODING="identity")
    assert {g["name"] for g in conforms(games, "GET", "/api/v1/games")} >= {"hearts", "thousand", "bourre"}
    short = alice.get("/api/v1/games/?game=hearts&omit=variants", HTTP_ACCEPT_ENCODING="identity")
    assert "variants" not in conforms(short, "GET", "/api/v1/games")[0]
    again = alice.get("/api/v1/games/", HTTP_IF_NONE_MATCH=games["ETag"], HTTP_ACCEPT_ENCODING="identity")
    assert again.status_code == 304
    conforms(again, "GET", "/api/v1/games")


def test_claims(alice: Person, bob: Person, charlie: Person, dave: Person) -> None:
    players = [p.player.pk for p in (alice, bob, charlie, dave)]
    m = alice.create_match(players, variants={"pass_count": 0})["id"]
    trick_1 = [("play_card", {"seat": s, "card": c}) for s, c in ((3, "2C"), (0, "2S"), (1, "2H"), (2, "2D"))]
    post_events(alice, m, [("deal", {"hands": HANDS}), *trick_1])
    # alice (spades only) claims the rest: dave leads clubs nobody can follow, so it fails
    made = claim(alice, m, seat=0, kind="all_tricks")
    assert made.status_code == 201
    check = conforms(made, "POST", "/api/v1/matches/{match_id}/claims")["claim"]
    conforms(alice.get(f"/api/v1/matches/{m}/claims/"), "GET", "/api/v1/matches/{match_id}/claims")
    conforms(alice.get(f"/api/v1/claims/{check['claim']}"), "GET", "/api/v1/claims/{claim_id}")
    own = alice.post(f"/api/v1/claims/{check['claim']}/accept", {"seat": 0})
    assert conforms(own, "POST", "/api/v1/claims/{claim_id}/accept")["code"] == "claimant_cannot_accept"
    accepted = bob.post(f"/api/v1/claims/{check['claim']}/accept", {"seat": 1})
    conforms(accepted, "POST", "/api/v1/claims/{claim_id}/accept")
    detail = alice.get(f"/api/v1/matches/{m}/", HTTP_ACCEPT_ENCODING="identity")
    assert conforms(detail, "GET", "/api/v1/matches/{match_id}")["claims"][0]["verdict"] == "fails"


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("/api/v1/stats/standings?league={thursday}", "/api/v1/stats/standings"),
        ("/api/v1/stats/players/{alice}", "/api/v1/stats/players/{player_id}"),
        ("/api/v1/stats/head-to-head?a={alice}&b={bob}", "/api/v1/stats/head-to-head"),
        ("/api/v1/stats/records", "/api/v1/stats/records"),
        ("/api/v1/stats/ratings?game=hearts", "/api/v1/stats/ratings"),
        ("/api/v1/stats/rating-history?player={alice}", "/api/v1/stats/rating-history"),
        ("/api/v1/matches/{m1}/bgstats", "/api/v1/matches/{match_id}/bgstats"),
        ("/api/v1/stats/export/matches.csv", "/api/v1/stats/export/{kind}.csv"),
    ],
)
def test_statistics(hand_worked: League, url: str, path: str) -> None:
    league = hand_worked
    ids = {"thursday": league.thursday, "alice": league.alice.player.pk, "bob": league.bob.player.pk, "m1": league.m1}
    response = league.alice.get(url.format(**ids))
    assert response.status_code == 200, response.json()
    body = conforms(response, "GET", path)
    # the hand-worked league fills every list (and the export has a row per seat of each match)
    assert body and (isinstance(body, str) or all(body.values())), body


def test_a_lost_database_is_a_documented_503_of_every_operation(
    alice: Person, hearts_match: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ApiErrorMiddleware`` answers any /api/ request whose database connection is lost with a JSON
    503 ``database_unavailable`` (docs/api-errors.md): the schema lists it among every operation's
    default errors, in the error shape."""
    from django.db import OperationalError

    from companion import selectors

    operations = [(p, m) for p, ops in _schema()["paths"].items() if p.startswith("/api/v1/") for m in ops]
    assert len(operations) > 20
    assert [(p, m) for p, m in operations if "503" not in _schema()["paths"][p][m]["responses"]] == []

    def lost(**_: Any) -> Any:
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(selectors, "match_get_for_user", lost)
    response = alice.get(f"/api/v1/matches/{hearts_match['id']}/summary")
    assert response.status_code == 503 and response["Retry-After"] == "2"
    assert conforms(response, "GET", "/api/v1/matches/{match_id}/summary")["code"] == "database_unavailable"


def test_accounts_and_people(
    alice: Person, bob: Person, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 25: every account, invitation, roster, merge, dispute and data endpoint as documented."""
    from rest_framework.test import APIClient

    good = "correct horse battery staple"
    anonymous = APIClient()
    made = anonymous.post(
        "/api/v1/auth/signup", {"username": "bea", "email": "bea@example.org", "password": good}, format="json"
    )
    assert conforms(made, "POST", "/api/v1/auth/signup")["username"] == "bea"
    taken = anonymous.post("/api/v1/auth/signup", {"username": "bea", "password": good}, format="json")
    assert conforms(taken, "POST", "/api/v1/auth/signup")["code"] == "username_taken"
    guest = anonymous.post("/api/v1/auth/guest", {"name": "Ann"}, format="json").json()
    as_guest = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    assert conforms(as_guest.get("/api/v1/account"), "GET", "/api/v1/account")["is_guest"] is True
    upgraded = as_guest.post("/api/v1/auth/upgrade", {"username": "ann", "password": good}, format="json")
    conforms(upgraded, "POST", "/api/v1/auth/upgrade")
    changed = alice.post("/api/v1/auth/password", {"old_password": "alice-secret-pw", "new_password": good})
    assert conforms(changed, "POST", "/api/v1/auth/password") is None
    with django_capture_on_commit_callbacks(execute=True):
        asked = anonymous.post("/api/v1/auth/password-reset", {"email": "bea@example.org"}, format="json")
    conforms(asked, "POST", "/api/v1/auth/password-reset")
    wrong = anonymous.post(
        "/api/v1/auth/password-reset/confirm", {"uid": "x", "token": "y", "new_password": good}, format="json"
    )
    conforms(wrong, "POST", "/api/v1/auth/password-reset/confirm")
    badge = alice.post("/api/v1/players/me/badge", {"colour": "#1f6feb", "initials": "AL"})
    conforms(badge, "POST", "/api/v1/players/me/badge")
    league = alice.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"]
    link = conforms(
        alice.post(f"/api/v1/leagues/{league}/invite-links", {"max_uses": 5}),
        "POST",
        "/api/v1/leagues/{league_id}/invite-links",
    )
    conforms(alice.get(f"/api/v1/leagues/{league}/invite-links"), "GET", "/api/v1/leagues/{league_id}/invite-links")
    conforms(anonymous.get(f"/api/v1/invites/{link['secret']}"), "GET", "/api/v1/invites/{secret}")
    conforms(bob.post(f"/api/v1/invites/{link['secret']}"), "POST", "/api/v1/invites/{secret}")
    roster = alice.post(f"/api/v1/leagues/{league}/roster", {"csv": "Cal,cal@example.org\nDan\n"})
    conforms(roster, "POST", "/api/v1/leagues/{league_id}/roster")
    conforms(alice.get(f"/api/v1/leagues/{league}/roster"), "GET", "/api/v1/leagues/{league_id}/roster")
    member = f"/api/v1/leagues/{league}/members/{bob.player.pk}"
    conforms(
        alice.client.patch(member, {"role": "recorder"}, format="json"),
        "PATCH",
        "/api/v1/leagues/{league_id}/members/{player_id}",
    )
    conforms(alice.get("/api/v1/players/suggest?q=c"), "GET", "/api/v1/players/suggest")
    cal, dan = (r["player"] for r in roster.json()["rows"])
    merged = conforms(
        alice.post(f"/api/v1/leagues/{league}/merges", {"player": dan, "into": cal}),
        "POST",
        "/api/v1/leagues/{league_id}/merges",
    )
    conforms(alice.get(f"/api/v1/leagues/{league}/merges"), "GET", "/api/v1/leagues/{league_id}/merges")
    conforms(alice.post(f"/api/v1/merges/{merged['id']}/undo"), "POST", "/api/v1/merges/{merge_id}/undo")
    claim = conforms(bob.post("/api/v1/merges", {"player": dan}), "POST", "/api/v1/merges")
    conforms(alice.get("/api/v1/merges"), "GET", "/api/v1/merges")
    conforms(alice.post(f"/api/v1/merges/{claim['id']}/refuse"), "POST", "/api/v1/merges/{merge_id}/refuse")
    again = alice.post(f"/api/v1/merges/{claim['id']}/confirm")
    assert conforms(again, "POST", "/api/v1/merges/{merge_id}/confirm")["code"] == "merge_not_pending"
    match = alice.post(
        "/api/v1/matches/", {"game": "hearts", "players": [alice.player.pk, bob.player.pk, "C", "D"], "league": league}
    ).json()
    conforms(bob.get("/api/v1/matches/"), "GET", "/api/v1/matches")
    conforms(
        bob.post(f"/api/v1/matches/{match['id']}/dispute", {"seat": 1}), "POST", "/api/v1/matches/{match_id}/dispute"
    )
    data = bob.get("/api/v1/account/data")
    documented = _schema()["paths"]["/api/v1/account/data"]["get"]["responses"]["200"]["content"]
    assert (data.status_code, data["Content-Type"] in documented) == (200, True)
    conforms(
        alice.client.delete(f"/api/v1/leagues/{league}/invite-links/{link['id']}"),
        "DELETE",
        "/api/v1/leagues/{league_id}/invite-links/{link_id}",
    )
    conforms(alice.client.delete(member), "DELETE", "/api/v1/leagues/{league_id}/members/{player_id}")
    gone = bob.client.delete("/api/v1/account", {"password": "bob-secret-pw"}, format="json")
    conforms(gone, "DELETE", "/api/v1/account")
