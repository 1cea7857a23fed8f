"""Live streams: a stream opens only with a ticket, and a ticket (``POST /matches/{id}/live-ticket``)
is issued only to someone who may read the match; every refusal is a JSON error before any stream
starts (nothing subscribed). Each test is the request and the answer."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from companion import live
from tests.conftest import Person


def _ticket(client: Any, match_id: int) -> Any:
    return client.post(f"/api/v1/matches/{match_id}/live-ticket")


def _listen(match_id: int, authorization: str) -> Any:
    return APIClient().get(
        f"/api/v1/matches/{match_id}/live", HTTP_ACCEPT="text/event-stream", HTTP_AUTHORIZATION=authorization
    )


def test_no_token_or_a_revoked_one_gets_no_ticket_and_no_stream(alice: Person, hearts_match: dict[str, Any]) -> None:
    before = live.hub.count()
    anonymous = _ticket(APIClient(), hearts_match["id"])
    assert (anonymous.status_code, anonymous["Content-Type"]) == (401, "application/json")
    assert _listen(hearts_match["id"], "").status_code == 403  # no ticket: no stream
    assert alice.post("/api/v1/auth/logout").status_code == 204
    revoked = _ticket(alice.client, hearts_match["id"])
    assert (revoked.status_code, revoked.json()["code"]) == (401, "authentication_failed")
    assert live.hub.count() == before


def test_someone_elses_match_and_a_missing_one_answer_alike(hearts_match: dict[str, Any], db: None) -> None:
    mallory = Person("mallory")
    for target in (hearts_match["id"], 999_999, 2**63 - 1):
        answer = _ticket(mallory.client, target)
        assert (answer.status_code, answer.json()["code"]) == (404, "match_not_found")


def test_a_league_member_who_only_reads_may_listen(alice: Person, bob: Person, settings: Any) -> None:
    from companion.models import League, Membership

    settings.COMPANION_LIVE_MAX_S = 0  # the stream ends after its first event
    league = League.objects.get(pk=alice.post("/api/v1/leagues", {"name": "Friday"}).json()["id"])
    Membership.objects.create(league=league, player=bob.player, role="member")
    match = alice.create_match([alice.player.pk, "B", "C"], league=league.pk)["id"]
    issued = _ticket(bob.client, match)
    assert issued.status_code == 201
    stream = _listen(match, f"Ticket {issued.json()['ticket']}")
    assert stream.status_code == 200
    assert b'event: seq\ndata: {"seq": 0}\n\n' in b"".join(stream.streaming_content)
    stream.close()
