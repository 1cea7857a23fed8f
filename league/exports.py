"""Exports (CSV for spreadsheets, BG Stats push-play JSON) and batch imports of records."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import quote

from django.contrib.auth.models import User
from django.db import transaction

from companion import services as match_services
from companion.errors import Conflict, Invalid, ServiceError
from companion.models import League, Match
from league.models import HandResultRow, ImportedRecord, MatchRow, PlayerResultRow
from scoring.errors import ScoringError
from scoring.record import load
from scoring.registry import get_game

MATCH_COLUMNS = ["match", "league", "game", "profile", "finished_at", "seat", "player", "place", "score", "winner"]
HAND_COLUMNS = ["match", "game", "finished_at", "hand", "seat", "player", "score", "total"]


#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): = + - @, and a tab or
#: a carriage return before one of them.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A cell a spreadsheet shows as typed: text that would start a formula (a player named
    ``=HYPERLINK(…)``) gets a leading single quote, as OWASP recommends. Numbers stay numbers (a
    score of -3 is a number, not a formula)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """CSV text starting with a UTF-8 byte-order mark, so spreadsheets read names like «Зоя» right;
    every text cell through :func:`spreadsheet_safe`."""
    buffer = io.StringIO()
    buffer.write("\ufeff")
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows([spreadsheet_safe(cell) for cell in row] for row in rows)
    return buffer.getvalue()


def matches_csv(rows: Iterable[MatchRow]) -> str:
    ids = [r.pk for r in rows]
    results = (
        PlayerResultRow.objects.filter(match_id__in=ids)
        .select_related("player")
        .order_by("finished_at", "match_id", "seat")
    )
    return _csv(
        MATCH_COLUMNS,
        (
            (
                r.match_id,
                r.league_id or "",
                r.game,
                r.profile,
                r.finished_at.isoformat(),
                r.seat,
                r.player.name,
                r.place,
                r.score,
                "yes" if r.is_winner else "no",
            )
            for r in results
        ),
    )


def hands_csv(rows: Iterable[MatchRow]) -> str:
    by_id = {r.pk: r for r in rows}
    hands = HandResultRow.objects.filter(match_id__in=list(by_id)).select_related("player")
    return _csv(
        HAND_COLUMNS,
        (
            (
                h.match_id,
                by_id[h.match_id].game,
                by_id[h.match_id].finished_at.isoformat(),
                h.hand,
                h.seat,
                h.player.name,
                h.score,
                "" if h.total is None else h.total,
            )
            for h in hands.order_by("match_id", "hand", "seat")
        ),
    )


def bgstats_play(row: MatchRow) -> dict[str, Any]:
    """A finished match as a BG Stats push play; ``sourcePlayId`` lets BG Stats drop duplicates."""
    game = get_game(row.game)
    players = PlayerResultRow.objects.filter(match=row).select_related("player").order_by("seat")
    return {
        "sourceName": "Companion",
        "sourcePlayId": f"companion-match-{row.pk}",
        "playDate": row.finished_at.strftime("%Y-%m-%d %H:%M:%S"),
        "comments": f"{game.title}, {row.profile_label}. {row.how}".strip(),
        "game": {
            "name": game.title,
            "sourceGameId": f"companion-{row.game}",
            "highestWins": not row.lower_is_better,
            "noPoints": False,
        },
        "players": [
            {
                "name": p.player.name,
                "sourcePlayerId": f"companion-player-{p.player_id}",
                "score": str(p.score),
                "winner": p.is_winner,
                "startPlayer": p.seat == 0,
                "rank": p.place,
            }
            for p in players
        ],
    }


def bgstats_link(play: dict[str, Any]) -> str:
    """The link that opens BG Stats on a phone with the play filled in."""
    return "bgstats://app.bgstatsapp.com/createPlay.html?data=" + quote(json.dumps(play, separators=(",", ":")))


def record_fingerprint(data: Any) -> str:
    """Identity of a record's content: same game, rules, players and events → same fingerprint."""
    record = load(data)
    canonical = {
        "game": record.game,
        "variants": get_game(record.game).variants(record.variants).to_json(),
        "players": list(record.players),
        "events": [{"type": e.type, "payload": dict(e.payload)} for e in record.events],
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@transaction.atomic
def records_import(*, records: Sequence[Any], user: User, league: League | None = None) -> list[Match]:
    """Import one or many records, all or nothing.

    Each is replayed through its engine; a record that breaks a rule, is malformed, or has the same
    content as a match already stored (or as another record of the batch) rejects the whole batch
    with that record's error and its index, and nothing is stored.
    """
    if not records:
        raise Invalid("empty_import", "There is no record to import.", fields={"records": "empty"})
    seen: set[str] = set()
    stored = []
    for index, data in enumerate(records):
        try:
            fingerprint = record_fingerprint(data)
            if fingerprint in seen or ImportedRecord.objects.filter(fingerprint=fingerprint).exists():
                raise Conflict("duplicate_record", f"Record {index} is already stored.", index=index)
            seen.add(fingerprint)
            match = match_services.record_import(data=data, user=user, league=league)
        except (ScoringError, ServiceError) as exc:
            exc.params["index"] = index
            exc.message = f"Record {index}: {exc.message}"
            raise
        ImportedRecord.objects.create(fingerprint=fingerprint, match=match)
        stored.append(match)
    return stored
