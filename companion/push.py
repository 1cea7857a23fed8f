"""What a live message carries: the change an entry made, small enough to push to every phone.

A phone that holds the summary of version ``base`` applies the message and draws version ``version``
without asking the server: the new event, the totals, the summary's changed parts (``ops``: set a
value at a path, or drop it), the history rows that are new or changed, whose turn (in the ops),
the claims when a claim or an accept was recorded, and the legal actions with the next entry form
(``legal_ops``: the change from those after the version before). Anything that would make the
message larger than :data:`PUSH_BUDGET` is left out and named as such (``rows`` / ``legal_ops``
null): the phone fetches that part only. A phone holding another version, or
a message that is not the next one (lost, late, twice), re-fetches the summary instead
(web/static/web/js/table/push.js).

Built after COMMIT from the states before and after the entry (both in this process's memo when
the entry was appended here); language-free like the summary: the live server localizes it per stream.
"""

from __future__ import annotations

import json
from typing import Any

from companion import selectors
from companion.models import Event, Match
from scoring.claims.form import claim_form
from scoring.record import ANNOTATION_TYPES, CORRECTION_TYPES

#: The most bytes of JSON a push carries (issue 23: ≤ 2 KB at any match length).
PUSH_BUDGET = 2048

Op = list[Any]


def size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), default=str))


def diff(before: Any, after: Any, path: tuple[str, ...] = ()) -> list[Op]:
    """The ops that turn ``before`` into ``after``: ``[path, value]`` sets, ``[path]`` drops. Objects
    are compared key by key; lists, and translatable texts (a ``template`` dict), are replaced whole."""
    if before == after:
        return []
    if not (isinstance(before, dict) and isinstance(after, dict)) or "template" in before or "template" in after:
        return [[list(path), after]]
    ops: list[Op] = [[[*path, key]] for key in before if key not in after]
    for key, value in after.items():
        if key not in before:
            ops.append([[*path, key], value])
        else:
            ops.extend(diff(before[key], value, (*path, key)))
    return ops


def event_json(event: Event) -> dict[str, Any]:
    """The event as ``GET events`` lists it (api/serializers.py ``EventOutput``)."""
    player = getattr(event.recorded_by, "player", None) if event.recorded_by is not None else None
    name = player.name if player is not None else None
    return {
        "seq": event.seq,
        "type": event.type,
        "payload": event.payload,
        "client_event_id": str(event.client_event_id),
        "recorded_by": name,
        "recorded_by_name": name,
        "recorded_at": event.recorded_at.isoformat().replace("+00:00", "Z"),
    }


def message(match: Match, event: Event, state: Any) -> dict[str, Any]:
    """The push after ``event`` (the match's latest), with ``state`` the state after it."""
    game = selectors.match_game(match)
    seq = match.last_seq
    out: dict[str, Any] = {
        "seq": seq,
        "version": selectors.summary_version(match),
        "base": f"{match.uid.hex}-{seq - 1}",
        "status": match.status,
        "events": [event_json(event)],
        "totals": game.totals(state),
    }
    previous = selectors.snapshot_load(match, seq - 1)
    if previous is None:  # not in this process: the phones fetch (the seq and totals still tell)
        return out | {"ops": None}
    before, before_count = game.summary_head(previous, 1)
    after, count = game.summary_head(state, 1)
    marks = selectors.match_marks_get(match=match)
    page = selectors.history_page(count, 0, marks)
    out["ops"] = diff(_without_history(before), _without_history(after))
    out["history_page"] = page
    out["rows"], out["rows_from"] = _changed_rows(game, state, before["history"], before_count, count)
    if event.type in ANNOTATION_TYPES:
        out["claims"] = selectors._claims_of(match, marks)
    out["claim_form"] = claim_form(game, state)
    # the next form as a change of the one before (a hand's form differs from the last in its number)
    out["legal_ops"] = diff(_legal(game, previous, seq - 1), _legal(game, state, seq))
    if event.type in CORRECTION_TYPES:
        out["rows"] = None  # a correction may rewrite any row: the phone pages the history again
    return _within_budget(out)


def _legal(game: Any, state: Any, seq: int) -> dict[str, Any]:
    """What ``GET legal-actions`` answers after ``seq``."""
    return {"next_seq": seq + 1, "actions": game.legal_actions(state), "entry_form": game.entry_form(state)}


def _without_history(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "history"}


def changed_rows(match: Match, state: Any) -> dict[str, Any] | None:
    """The history rows the entry at ``match.last_seq`` added or completed (``from``: the first one's
    index), or None when the state before it is not at hand: what the writer's full answer adds to
    the summary's latest rows, so its phone holds the whole history without a page."""
    previous = selectors.snapshot_load(match, match.last_seq - 1)
    if previous is None:
        return None
    game = selectors.match_game(match)
    before, before_count = game.summary_head(previous, 1)
    rows, start = _changed_rows(game, state, before["history"], before_count, len(game.summary_parts(state).history))
    return None if rows is None else {"from": start, "rows": rows}


def _changed_rows(
    game: Any, state: Any, before_last: list[dict[str, Any]], before_count: int, count: int
) -> tuple[list[dict[str, Any]] | None, int]:
    """The rows from the first one that is new or changed: an entry adds rows, or completes the last
    one (the engines change no earlier row but by a correction). ``None`` when rows went away."""
    if count < before_count:
        return None, 0
    start = before_count
    if before_count and game.history_rows(state, before_count - 1, before_count) != before_last:
        start = before_count - 1
    return game.history_rows(state, start, count), start


def _within_budget(out: dict[str, Any]) -> dict[str, Any]:
    """Leave out (null: fetch it) what makes the message too large: the rows, then the legal actions,
    then the ops (then the phone fetches the summary, as before pushes carried anything)."""
    for key in ("rows", "legal_ops", "ops", "claims"):
        if size(out) <= PUSH_BUDGET:
            break
        if key in out:
            out[key] = None
    return out
