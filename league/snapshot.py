"""A comparable picture of every derived row, to prove a rebuild gives identical rows."""

from __future__ import annotations

from typing import Any

from django.db import models

from league.models import HandResultRow, MatchRow, PlayerResultRow, PlayerStatRow, Rating, RatingHistoryRow

_FIELDS: dict[type[models.Model], tuple[str, ...]] = {
    MatchRow: (
        "match_id",
        "league_id",
        "game",
        "profile",
        "finished_at",
        "hands",
        "winners",
        "lower_is_better",
        "how",
        "how_line",
    ),
    PlayerResultRow: ("match_id", "seat", "player_id", "place", "score", "is_winner", "finished_at"),
    PlayerStatRow: ("match_id", "player_id", "key", "value"),
    HandResultRow: ("match_id", "hand", "seat", "player_id", "score", "total", "details"),
    Rating: ("game", "profile", "player_id", "mu", "sigma", "ordinal", "matches"),
    RatingHistoryRow: ("match_id", "player_id", "place", "mu_before", "sigma_before", "mu", "sigma", "ordinal"),
}


def _rounded(value: Any) -> Any:
    return round(value, 9) if isinstance(value, float) else value


def derived_snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every derived row as sorted tuples (ids left out: a rebuild renumbers them)."""
    return {
        model.__name__: sorted(
            (tuple(_rounded(v) for v in row) for row in model._default_manager.values_list(*fields)), key=repr
        )
        for model, fields in _FIELDS.items()
    }
