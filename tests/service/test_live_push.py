"""Issue 23 items 2 and 3: a live push carries the change (applied, it gives the next summary), the
summary carries the history's latest rows (the rest paged), claims and corrections are read by
index, the shared snapshot follows a schedule and the in-process memo is bounded by bytes."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from companion import live, push, selectors, services
from companion.models import Match
from scoring.registry import get_game
from tests.conftest import Person

#: Hand results of a 4-seat Hearts match (26 points each, no moon), with totals worked out by hand:
#: 3 18 0 5 → 3 18 0 5; 10 6 4 6 → 13 24 4 11; 0 8 9 9 → 13 32 13 20.
HANDS = ([3, 18, 0, 5], [10, 6, 4, 6], [0, 8, 9, 9])
TOTALS = ([3, 18, 0, 5], [13, 24, 4, 11], [13, 32, 13, 20])

#: Real commits: the memo and the push are published after COMMIT only.
pytestmark = pytest.mark.django_db(transaction=True)


def apply_ops(value: Any, ops: list[list[Any]]) -> Any:
    """web/static/web/js/table/push.js's applyOps, in Python: what a phone does with a push."""
    for op in ops:
        value = _set_at(value, op[0], op[1] if len(op) > 1 else None, len(op) < 2)
    return value


def _set_at(obj: Any, path: list[str], value: Any, drop: bool) -> Any:
    if not path:
        return value
    copy = dict(obj) if isinstance(obj, dict) else {}
    if drop and len(path) == 1:
        copy.pop(path[0], None)
    else:
        copy[path[0]] = _set_at(copy.get(path[0]), path[1:], value, drop)
    return copy


def _without_history(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "history"}


def heard(subscription: live.Subscription, timeout: float) -> Any:
    """The next message in the mailbox, past any heartbeat (a heartbeat thread may run in this process)."""
    while (got := subscription.get(timeout)) == live.HEARTBEAT:
        pass
    return got


@pytest.fixture
def watching(hearts_match: dict[str, Any]) -> Any:
    subscription = live.subscribe(hearts_match["id"])
    yield subscription
    live.unsubscribe(subscription)


def test_a_push_applied_to_the_summary_before_gives_the_summary_after(
    alice: Person, hearts_match: dict[str, Any], watching: live.Subscription
) -> None:
    match_id = hearts_match["id"]
    url = f"/api/v1/matches/{match_id}/summary"
    for seq, (points, totals) in enumerate(zip(HANDS, TOTALS, strict=True), start=1):
        before = alice.get(url).json()
        assert alice.append(match_id, "hand_result", {"points": points}, expected_seq=seq).status_code == 201
        message = heard(watching, 1)
        after = alice.get(url).json()
        assert message["seq"] == seq and message["totals"] == totals
        assert message["base"] == before["version"] and message["version"] == after["version"]
        assert [e["payload"] for e in message["events"]] == [{"points": points}]
        assert apply_ops(_without_history(before["summary"]), message["ops"]) == _without_history(after["summary"])
        assert after["history_page"] == {"from": seq - 1, "count": seq, "base": 0}  # (a row is ~1.1 KB: one fits)
        assert (message["history_page"]["count"], message["history_page"]["base"]) == (seq, 0)
        assert message["rows_from"] == seq - 1 and message["rows"] == after["summary"]["history"][-1:]
        assert [op[0] for op in message["legal_ops"]][:1] == [["next_seq"]]
        assert len(json.dumps(message, separators=(",", ":"))) <= push.PUSH_BUDGET


def test_a_correction_pushes_its_change_and_sends_the_phones_back_to_the_history(
    alice: Person, hearts_match: dict[str, Any], watching: live.Subscription
) -> None:
    match_id = hearts_match["id"]
    for seq, points in enumerate(HANDS[:2], start=1):
        alice.append(match_id, "hand_result", {"points": points}, expected_seq=seq)
        heard(watching, 1)
    response = alice.post(
        f"/api/v1/matches/{match_id}/events/1/void", {"expected_seq": 3, "client_event_id": str(uuid.uuid4())}
    )
    assert response.status_code == 201, response.json()
    message = heard(watching, 1)
    assert message["totals"] == [10, 6, 4, 6]  # only hand 2 counts now
    assert (message["history_page"]["count"], message["history_page"]["base"]) == (1, 3)
    assert message["rows"] is None


def _long_match(alice: Person, game: str, seats: int, events: int) -> Match:
    """A match recorded card by card (random legal events, fixed seed) through the append service."""
    engine = get_game(game)
    players = [alice.player.pk, *(f"P{i}" for i in range(1, seats))]
    match = services.match_create(game=game, players=players, created_by=alice.user)
    state, rng = selectors.match_state_get(match), random.Random(5)
    for seq in range(1, events + 1):
        event = engine.chance_event(state, rng) or rng.choice(engine.legal_events(state))
        event_type, payload = engine.dump_event(event)
        state = services.event_append(
            match_id=match.pk,
            type=event_type,
            payload=payload,
            client_event_id=uuid.uuid4(),
            expected_seq=seq,
            user=None,
        ).state
    return Match.objects.get(pk=match.pk)


@pytest.mark.parametrize(("game", "seats"), [("hearts", 4), ("thousand", 3)])
def test_a_long_match_summary_has_the_latest_rows_and_the_pages_give_the_whole_history(
    alice: Person, game: str, seats: int
) -> None:
    match = _long_match(alice, game, seats, 260)
    whole = get_game(game).summary(selectors.match_state_replay(match))["history"]
    assert len(whole) >= 3  # (the deals of 260 card-by-card events)
    answer = alice.get(f"/api/v1/matches/{match.pk}/summary").json()
    page = answer["history_page"]
    assert page["count"] == len(whole) and page["from"] + len(answer["summary"]["history"]) == len(whole)
    assert answer["summary"]["history"] == whole[page["from"] :]
    assert len(json.dumps(answer["summary"]["history"], separators=(",", ":"))) <= 1536
    rows, before = [], page["count"]
    while before > 0:
        got = alice.get(f"/api/v1/matches/{match.pk}/history?before={before}&limit=2").json()
        assert got["count"] == len(whole) and got["base"] == 0 and len(got["rows"]) <= 2
        rows, before = got["rows"] + rows, got["from"]
    assert rows == whole


def test_every_push_of_a_long_card_by_card_match_fits_in_2_kb(alice: Person, settings: Any) -> None:
    sizes: list[int] = []
    real = live.publish

    def measure(match_id: int, seq: int, message: Any = None) -> None:
        sizes.append(len(json.dumps({**(message or {}), "seq": seq}, separators=(",", ":"))))
        real(match_id, seq, message)

    live.publish = measure  # type: ignore[assignment]
    try:
        _long_match(alice, "hearts", 4, 200)
    finally:
        live.publish = real  # type: ignore[assignment]
    assert len(sizes) == 200 and max(sizes) <= push.PUSH_BUDGET


def test_the_summary_reads_claims_and_corrections_by_index_not_every_event(
    alice: Person, hearts_match: dict[str, Any]
) -> None:
    match_id = hearts_match["id"]
    alice.append(match_id, "hand_result", {"points": HANDS[0]}, expected_seq=1)
    selectors.memo_clear()
    alice.get(f"/api/v1/matches/{match_id}/summary")  # (a replay reads the events once; then cached)
    with CaptureQueriesContext(connection) as queries:
        assert alice.get(f"/api/v1/matches/{match_id}/summary").status_code == 200
    event_reads = [q["sql"] for q in queries if 'FROM "companion_event"' in q["sql"]]
    assert event_reads and all('"type" IN' in sql for sql in event_reads), event_reads


def test_the_redundant_match_index_is_gone_and_the_marks_index_is_there(db: None) -> None:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "companion_event")
    indexed = [c["columns"] for c in constraints.values() if c["index"] or c["unique"]]
    assert ["match_id"] not in indexed
    assert constraints["event_marks"]["columns"] == ["match_id", "seq"]


def test_a_state_missing_here_is_replayed_from_the_last_scheduled_snapshot(
    alice: Person, hearts_match: dict[str, Any], settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.COMPANION_SNAPSHOT_EVERY = 2
    match_id = hearts_match["id"]
    for seq, points in enumerate(HANDS, start=1):
        alice.append(match_id, "hand_result", {"points": points}, expected_seq=seq)
    match = Match.objects.get(pk=match_id)
    kept = selectors.snapshot_load(match, 2)
    selectors.memo_clear()
    selectors._memo_put(selectors.snapshot_key(match, 2), kept, 1)  # the scheduled state, as the cache has it
    monkeypatch.setattr(selectors, "recorded_events", lambda match: pytest.fail("replayed every event"))
    assert get_game("hearts").totals(selectors.match_state_get(match)) == TOTALS[2]


def test_the_memo_is_bounded_by_bytes(alice: Person, hearts_match: dict[str, Any], settings: Any) -> None:
    settings.COMPANION_STATE_MEMO_BYTES = 3000
    selectors.memo_clear()
    for seq, points in enumerate(HANDS * 3, start=1):
        alice.append(hearts_match["id"], "hand_result", {"points": points}, expected_seq=seq)
        assert selectors.memo_bytes() <= 3000 or len(selectors._LIVE_STATES) == 1
    assert len(selectors._LIVE_STATES) < 9


def test_events_before_give_the_latest_page_in_seq_order(alice: Person, hearts_match: dict[str, Any]) -> None:
    match_id = hearts_match["id"]
    for seq, points in enumerate(HANDS, start=1):
        alice.append(match_id, "hand_result", {"points": points}, expected_seq=seq)
    latest = alice.get(f"/api/v1/matches/{match_id}/events?before=100&limit=2").json()
    assert [e["seq"] for e in latest] == [2, 3]
    older = alice.get(f"/api/v1/matches/{match_id}/events?before=2&limit=2").json()
    assert [e["seq"] for e in older] == [1]


def test_the_full_append_answer_carries_the_next_legal_actions(alice: Person, hearts_match: dict[str, Any]) -> None:
    answer = alice.append(hearts_match["id"], "hand_result", {"points": HANDS[0]}, expected_seq=1).json()
    legal = alice.get(f"/api/v1/matches/{hearts_match['id']}/legal-actions").json()
    assert answer["legal"] == legal and answer["version"].endswith("-1")
