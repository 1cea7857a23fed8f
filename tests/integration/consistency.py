"""What every fault test checks from the database at the end (issue: "Never a wrong number")."""

from __future__ import annotations

import json
from typing import Any

from django.db import transaction

from companion import selectors
from companion.models import Event, Match, MatchChange
from league.models import MatchRow, PlayerResultRow
from league.services import league_rebuild
from league.snapshot import derived_snapshot
from tests.integration.processes import Phone


def record_check(acknowledged: dict[str, int], match_ids: list[int]) -> dict[str, int]:
    """Every acknowledged event (client_event_id → seq) stored exactly once at its seq; seqs gapless."""
    rows = Event.objects.filter(match_id__in=match_ids).values_list("client_event_id", "seq")
    stored: dict[str, list[int]] = {}
    for client_event_id, seq in rows:
        stored.setdefault(str(client_event_id), []).append(seq)
    lost = [cid for cid in acknowledged if cid not in stored]
    duplicated = [cid for cid, seqs in stored.items() if len(seqs) > 1]
    moved = [cid for cid, seq in acknowledged.items() if cid in stored and stored[cid] != [seq]]
    assert not lost and not duplicated and not moved, f"lost {lost}, twice {duplicated}, elsewhere {moved}"
    for match in Match.objects.filter(pk__in=match_ids):
        seqs = list(Event.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, match.last_seq + 1)), f"match {match.pk}: seqs {seqs}"
    total = Event.objects.filter(match_id__in=match_ids).count()
    return {"acknowledged": len(acknowledged), "stored": total, "lost": len(lost), "duplicated": len(duplicated)}


def summaries_check(phones: list[Phone], match_ids: list[int]) -> None:
    """Every web process serves, for every match, the summary of the replayed record (as served: its
    history's latest rows, ``selectors.match_summary_get``)."""
    for match in Match.objects.filter(pk__in=match_ids):
        served = selectors.match_summary_get(match=match, state=selectors.match_state_replay(match))
        replayed = json.loads(json.dumps(served["summary"]))
        for phone in phones:
            status, body = phone.call("GET", f"/api/v1/matches/{match.pk}/summary/")
            assert status == 200, body
            assert (body["last_seq"], body["summary"]) == (match.last_seq, replayed), f"{phone.base} match {match.pk}"


def derived_check(match_ids: list[int]) -> None:
    """Finished matches have their derived rows exactly once, open ones none, all equal to a rebuild."""
    assert not MatchChange.objects.filter(match_id__in=match_ids, drained_at__isnull=True).exists()
    for match in Match.objects.filter(pk__in=match_ids):
        rows = PlayerResultRow.objects.filter(match_id=match.pk).count()
        finished = match.status == Match.Status.FINISHED
        assert rows == (match.seats.count() if finished else 0), f"match {match.pk}: {rows} result rows"
        assert MatchRow.objects.filter(match_id=match.pk).exists() == finished
    before = derived_snapshot()
    with transaction.atomic():
        league_rebuild()
        rebuilt = derived_snapshot()
        transaction.set_rollback(True)
    assert before == rebuilt, "derived rows differ from a rebuild from the event logs"


def all_drained(match_ids: list[int]) -> bool:
    finished = Match.objects.filter(pk__in=match_ids, status=Match.Status.FINISHED).count()
    pending = MatchChange.objects.filter(match_id__in=match_ids, drained_at__isnull=True).exists()
    return not pending and MatchRow.objects.filter(match_id__in=match_ids).count() == finished


def figures(name: str, **values: Any) -> None:
    """Print one line of figures (collected into bench/RESULTS.md); shown with -s or in the log."""
    print(f"FAULT {name}: " + ", ".join(f"{k}={v}" for k, v in values.items()), flush=True)
