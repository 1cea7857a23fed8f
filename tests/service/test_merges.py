"""Issue 25 item 3: one player per person — suggestions, claims ("that Bea was me"), admin merges,
unmerges, and the league re-derived through the outbox to what a rebuild gives."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from companion.models import MatchChange, MatchSeat, PeopleAudit, Player, PlayerMerge
from league import services as league_services
from league.models import PlayerResultRow, Rating
from league.snapshot import derived_snapshot
from tests.conftest import Person
from tests.league.helpers import HEARTS_A, HEARTS_B, hearts

Committing = Callable[[], AbstractContextManager[Any]]


@pytest.fixture
def committing(django_capture_on_commit_callbacks: Any) -> Committing:
    return lambda: django_capture_on_commit_callbacks(execute=True)


def _league(admin: Person) -> int:
    return int(admin.post("/api/v1/leagues/", {"name": "Friday"}).json()["id"])


def _played(admin: Person, league: int, names: list[Any], points: Any, committing: Committing) -> int:
    """A finished Hearts match to 50 in the league (the helpers' hand-worked hands)."""
    match = admin.create_match(names, league=league, variants={"target_score": 50})
    for seq, (kind, payload) in enumerate(hearts(points), start=1):
        with committing():
            response = admin.append(match["id"], kind, payload, expected_seq=seq)
        assert response.status_code == 201, response.json()
    assert response.json()["status"] == "finished"
    return int(match["id"])


def _bea_twice(alice: Person, committing: Committing) -> tuple[int, int, int, int]:
    """Two Beas typed at two tables of one league: the league, the two players, the second match."""
    league = _league(alice)
    m1 = _played(alice, league, [alice.player.pk, "Bea", "Cal", "Dan"], HEARTS_A, committing)
    m2 = _played(alice, league, [alice.player.pk, "bea", "Cal2", "Dan2"], HEARTS_B, committing)
    bea1 = MatchSeat.objects.get(match_id=m1, seat=1).player_id
    bea2 = MatchSeat.objects.get(match_id=m2, seat=1).player_id
    return league, bea1, bea2, m2


def test_suggestions_put_league_members_first(alice: Person, committing: Committing) -> None:
    league = _league(alice)
    bea = alice.post("/api/v1/players/", {"name": "Bea"}).json()
    alice.post(f"/api/v1/leagues/{league}/members/", {"player": bea["id"]})
    alice.post("/api/v1/players/", {"name": "Beatrix"})
    found = alice.get("/api/v1/players/suggest?q=be").json()
    assert [(s["name"], s["text"]) for s in found] == [("Bea", "Bea — Friday"), ("Beatrix", "Beatrix")]
    assert alice.get("/api/v1/players/suggest?q=").json() == []


def test_an_admin_merge_re_derives_the_league_to_what_a_rebuild_gives(alice: Person, committing: Committing) -> None:
    league, bea1, bea2, _ = _bea_twice(alice, committing)
    assert Rating.objects.filter(player_id__in=[bea1, bea2]).count() == 2
    before = MatchChange.objects.count()
    with committing():
        merged = alice.post(f"/api/v1/leagues/{league}/merges", {"player": bea2, "into": bea1})
    assert merged.status_code == 201, merged.json()
    assert MatchChange.objects.count() - before == 1  # one finished match's seats moved: one change
    assert MatchChange.objects.filter(drained_at__isnull=True).count() == 0
    # Bea: HEARTS_A seat 1 total 36 (3rd), HEARTS_B seat 1 total 50 (4th), both now one player
    assert sorted(PlayerResultRow.objects.filter(player_id=bea1).values_list("score", "place")) == [(36, 3), (50, 4)]
    assert not PlayerResultRow.objects.filter(player_id=bea2).exists()
    assert Rating.objects.get(player_id=bea1).matches == 2
    alice.post(f"/api/v1/leagues/{league}/members/", {"player": bea1})
    alice.post(f"/api/v1/leagues/{league}/members/", {"player": bea2})  # (merged: not listed)
    assert [m["player"] for m in alice.get(f"/api/v1/leagues/{league}/roster").json()] == [alice.player.pk, bea1]
    derived = derived_snapshot()
    league_services.league_rebuild()
    assert derived_snapshot() == derived
    assert PeopleAudit.objects.filter(action="merge_done").count() == 1


def test_an_unmerge_puts_exactly_those_seats_back(alice: Person, committing: Committing) -> None:
    league, bea1, bea2, m2 = _bea_twice(alice, committing)
    original = derived_snapshot()
    with committing():
        merge = alice.post(f"/api/v1/leagues/{league}/merges", {"player": bea2, "into": bea1}).json()
    with committing():
        undone = alice.post(f"/api/v1/merges/{merge['id']}/undo")
    assert (undone.status_code, undone.json()["status"]) == (200, "undone")
    assert MatchSeat.objects.get(match_id=m2, seat=1).player_id == bea2
    assert Player.objects.get(pk=bea2).merged_into_id is None
    assert derived_snapshot() == original
    assert [a.action for a in PeopleAudit.objects.order_by("id")] == ["merge_done", "merge_undone"]
    twice = alice.post(f"/api/v1/merges/{merge['id']}/undo")
    assert (twice.status_code, twice.json()["code"]) == (409, "merge_not_done")


def test_merge_errors_are_clear(alice: Person, bob: Person, committing: Committing) -> None:
    league, bea1, bea2, _ = _bea_twice(alice, committing)
    itself = alice.post(f"/api/v1/leagues/{league}/merges", {"player": bea1, "into": bea1})
    assert (itself.status_code, itself.json()["code"]) == (400, "merge_into_itself")
    account = alice.post(f"/api/v1/leagues/{league}/merges", {"player": bea1, "into": alice.player.pk})
    assert (account.status_code, account.json()["code"]) == (403, "account_not_consenting")
    same_table = alice.post(
        f"/api/v1/leagues/{league}/merges",
        {"player": bea1, "into": MatchSeat.objects.filter(player__name="Cal").get().player_id},
    )
    assert (same_table.status_code, same_table.json()["code"]) == (409, "same_table")
    stranger = bob.post(f"/api/v1/leagues/{league}/merges", {"player": bea2, "into": bea1})
    assert (stranger.status_code, stranger.json()["code"]) == (404, "league_not_found")
    assert PlayerMerge.objects.filter(status="done").count() == 0


def test_a_claim_is_confirmed_by_the_recorder(alice: Person, bob: Person, committing: Committing) -> None:
    league, bea1, _, _ = _bea_twice(alice, committing)
    secret = alice.post(f"/api/v1/leagues/{league}/invite-links", {}).json()["secret"]
    bob.post(f"/api/v1/invites/{secret}")
    claim = bob.post("/api/v1/merges", {"player": bea1})
    assert (claim.status_code, claim.json()["status"]) == (201, "pending")
    assert bob.post(f"/api/v1/merges/{claim.json()['id']}/confirm").json()["code"] == "merge_not_found"
    assert [m["id"] for m in alice.get("/api/v1/merges").json()] == [claim.json()["id"]]
    with committing():
        confirmed = alice.post(f"/api/v1/merges/{claim.json()['id']}/confirm")
    assert (confirmed.status_code, confirmed.json()["status"]) == (200, "done")
    assert sorted(PlayerResultRow.objects.filter(player=bob.player).values_list("score", flat=True)) == [36]
    derived = derived_snapshot()
    league_services.league_rebuild()
    assert derived_snapshot() == derived


def test_a_refused_claim_moves_nothing(alice: Person, bob: Person, committing: Committing) -> None:
    league, bea1, _, _ = _bea_twice(alice, committing)
    secret = alice.post(f"/api/v1/leagues/{league}/invite-links", {}).json()["secret"]
    bob.post(f"/api/v1/invites/{secret}")
    claim = bob.post("/api/v1/merges", {"player": bea1}).json()
    refused = alice.post(f"/api/v1/merges/{claim['id']}/refuse")
    assert refused.json()["status"] == "refused"
    assert not MatchSeat.objects.filter(player=bob.player).exists()
    again = alice.post(f"/api/v1/merges/{claim['id']}/confirm")
    assert (again.status_code, again.json()["code"]) == (409, "merge_not_pending")


def test_a_merge_that_fails_half_way_leaves_nothing_behind(
    alice: Person, committing: Committing, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fault is injected after the seats moved (at the outbox write): the one transaction rolls
    back, so no seat, membership, merge row or outbox change remains, and the league is as it was."""
    from django.db import DatabaseError

    from companion import outbox

    league, bea1, bea2, m2 = _bea_twice(alice, committing)
    before, changes = derived_snapshot(), MatchChange.objects.count()

    def lost(**_: Any) -> Any:
        raise DatabaseError("connection lost")

    monkeypatch.setattr(outbox, "publish", lost)
    with pytest.raises(DatabaseError):
        from companion import people

        people.players_merge(league=_league_obj(league), source_id=bea2, target_id=bea1, user=alice.user)
    assert MatchSeat.objects.get(match_id=m2, seat=1).player_id == bea2
    assert Player.objects.get(pk=bea2).merged_into_id is None
    assert (PlayerMerge.objects.count(), PeopleAudit.objects.count(), MatchChange.objects.count()) == (0, 0, changes)
    assert derived_snapshot() == before


def _league_obj(league_id: int) -> Any:
    from companion.models import League

    return League.objects.get(pk=league_id)
