"""Issue 24 item 6: ``GET /claims/{id}`` of someone else's claim answered ``match_not_found`` (naming
the match) while a missing id answered ``claim_not_found``: an outsider could tell which ids exist
and in which match. Both now answer the same, byte for byte apart from the id."""

from __future__ import annotations

from typing import Any

from companion.models import ClaimCheck
from tests.conftest import Person
from tests.service.test_claims import claim, hearts_play  # noqa: F401  (the fixture)


def _answer(response: Any, claim_id: int) -> tuple[int, dict[str, Any]]:
    body = response.json()
    return response.status_code, {**body, "message": body["message"].replace(str(claim_id), "N"), "params": {}}


def test_someone_elses_claim_answers_like_a_missing_one(alice: Person, hearts_play: int) -> None:  # noqa: F811
    made = claim(alice, hearts_play, seat=0, kind="all_tricks").json()["claim"]["claim"]
    eve = Person("eve")
    missing = made + 1000
    assert not ClaimCheck.objects.filter(pk=missing).exists()
    for path in ("", "/accept"):
        send = eve.get if not path else (lambda url: eve.post(url, {}))
        theirs = send(f"/api/v1/claims/{made}{path}")
        absent = send(f"/api/v1/claims/{missing}{path}")
        assert _answer(theirs, made) == _answer(absent, missing) == (404, _answer(absent, missing)[1])
        assert theirs.json()["code"] == "claim_not_found"
        assert set(theirs.json()["params"]) == {"claim"}  # the match is not named
    assert ClaimCheck.objects.get(pk=made).accepted_by_seat is None
