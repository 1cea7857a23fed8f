"""The ``claim`` / ``claim_accept`` annotations: checked for shape, skipped by replay (DESIGN.md §2)."""

from __future__ import annotations

import pytest

from scoring.errors import EventFormatError, RulesError
from scoring.record import FORMAT, RecordedEvent, ReplayError, effective_events, load, replay
from scoring.registry import get_game

VERDICT = {"status": "holds", "reason": "r", "counter_line": []}


def hand(*points: int) -> dict[str, object]:
    return {"type": "hand_result", "payload": {"points": list(points)}}


def claim(at_seq: int, **extra: object) -> dict[str, object]:
    return {
        "type": "claim",
        "payload": {"at_seq": at_seq, "seat": 1, "kind": "all_tricks", "verdict": VERDICT, **extra},
    }


def record(*events: dict[str, object]) -> dict[str, object]:
    numbered = [{"seq": i, **e} for i, e in enumerate(events, start=1)]
    return {"format": FORMAT, "game": "hearts", "variants": {}, "players": ["A", "B", "C", "D"], "events": numbered}


def totals(data: dict[str, object]) -> list[int]:
    return list(get_game("hearts").summary(replay(load(data)))["totals"])


def test_annotations_change_nothing_in_the_replay() -> None:
    plain = record(hand(3, 18, 0, 5), hand(0, 0, 26, 0))
    annotated = record(
        hand(3, 18, 0, 5),
        claim(1, laid_down=["AS", "KS"]),
        {"type": "claim_accept", "payload": {"seq": 2, "seat": 0}},
        hand(0, 0, 26, 0),
    )
    # the second hand is a moon shot by seat 2 (hearts.md: the others take 26 each):
    # 3+26, 18+26, 0+0, 5+26 in both records, since the annotations are skipped
    assert totals(plain) == totals(annotated) == [29, 44, 0, 31]
    events = load(annotated).events
    assert [e.seq for e in effective_events(events)] == [1, 4]


def test_a_voided_event_before_a_claim_still_replays() -> None:
    data = record(hand(3, 18, 0, 5), claim(1), {"type": "void", "payload": {"seq": 1}})
    assert totals(data) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("payload", "error"),
    [
        ({"at_seq": 2, "seat": 1, "kind": "all_tricks", "verdict": VERDICT}, EventFormatError),  # its own seq
        ({"at_seq": 1, "seat": -1, "kind": "all_tricks", "verdict": VERDICT}, EventFormatError),
        ({"at_seq": 1, "seat": 1, "kind": "everything", "verdict": VERDICT}, EventFormatError),
        ({"at_seq": 1, "seat": 1, "kind": "at_least", "tricks": -2, "verdict": VERDICT}, EventFormatError),
        ({"at_seq": 1, "seat": 1, "kind": "all_tricks", "laid_down": "AS", "verdict": VERDICT}, EventFormatError),
        ({"at_seq": 1, "seat": 1, "kind": "all_tricks"}, EventFormatError),  # no verdict
        ({"at_seq": 1, "seat": 1, "kind": "all_tricks", "verdict": VERDICT, "x": 1}, EventFormatError),
    ],
)
def test_malformed_claims_are_refused(payload: dict[str, object], error: type[Exception]) -> None:
    events = [RecordedEvent(1, "hand_result", {"points": [26, 0, 0, 0]}), RecordedEvent(2, "claim", payload)]
    with pytest.raises(error):
        effective_events(events)


def test_an_accept_names_an_earlier_claim() -> None:
    events = [
        RecordedEvent(1, "hand_result", {"points": [26, 0, 0, 0]}),
        RecordedEvent(2, "claim_accept", {"seq": 1, "seat": 0}),  # event 1 is not a claim
    ]
    with pytest.raises(RulesError) as info:
        effective_events(events)
    assert info.value.code == "no_such_claim"
    with pytest.raises(ReplayError):
        replay(load(record(hand(26, 0, 0, 0), {"type": "claim_accept", "payload": {"seq": 1, "seat": 0}})))


def test_corrections_cannot_target_or_make_a_claim() -> None:
    with pytest.raises(ReplayError) as info:
        replay(load(record(hand(26, 0, 0, 0), claim(1), {"type": "void", "payload": {"seq": 2}})))
    assert info.value.code == "no_such_event"
    amend = {"type": "amend", "payload": {"seq": 1, "type": "claim", "payload": {}}}
    with pytest.raises(ReplayError):
        replay(load(record(hand(26, 0, 0, 0), amend)))
