"""The standings' rating reads in the reader's number format: 27,8 in Russian (decimal comma, as
every other number on the page), 27.8 in English."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from league.pages import _rating_words


def _rating_cell(language: str) -> str:
    # μ 27.84, σ 8.2: the estimate 27.8 and the range μ ± 2σ = 11.44 … 44.24, rounded to 11 and 44.
    row = {"player": 1, "name": "Anna", "matches": 3, "wins": 2, "win_rate": 66.7, "average_place": 1.3}
    row["rating_words"] = _rating_words({"mu": 27.84, "sigma": 8.2})
    row["figure_cells"] = []
    block = {"game": "hearts", "title": "Hearts", "figures": [], "rows": [row]}
    with translation.override(language):
        html = render_to_string("league/_standings.html", {"standings": [block]})
    return html.split('class="rating">', 1)[1].split("</td>", 1)[0]


@pytest.mark.parametrize(
    ("language", "expected"),
    [("ru", "27,8, вероятно, от 11 до 44"), ("en", "27.8, likely between 11 and 44"), ("de", "27,8")],
)
def test_the_rating_is_written_in_the_readers_number_format(language: str, expected: str) -> None:
    assert _rating_cell(language).startswith(expected)
