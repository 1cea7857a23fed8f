"""The league and player pages: status, the hand-worked numbers in the HTML, charts with tables, bad input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from tests.conftest import Person
from tests.league.helpers import League

pytestmark = pytest.mark.django_db


def page(person: Person, url: str, language: str | None = None, **headers: str) -> Any:
    """Pages read the session user; the phone's API token works too (Authorization header)."""
    client = Client()
    if language is not None:
        client.cookies["django_language"] = language
    response = client.get(url, HTTP_AUTHORIZATION=f"Token {person.token}", **headers)
    # the labels a phone shows beside each value of a card (data-label) aside, the cells as in a table
    response.content = re.sub(rb' data-label="[^"]*"', b"", response.content)
    return response


def chart_data(html: str, chart_id: str) -> dict[str, Any]:
    found = re.search(rf'<script id="{chart_id}" type="application/json">(.*?)</script>', html, re.S)
    assert found, chart_id
    return dict(json.loads(found.group(1)))


def test_league_page_shows_standings_records_and_charts(league: League) -> None:
    response = page(league.alice, f"/leagues/{league.thursday}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Thursday" in html
    # Standings (Thursday Hearts): Dave 2 matches, 1 win, 50.0 %, average place 1.5; Bob's 11.25 points a hand.
    assert re.search(r">Dave</a></td><td>2</td><td>1</td><td>50.0</td><td>1.5</td>", html)
    assert "<td>11.25</td>" in html
    # Tonk figures: net stakes −6, 4, 2 (Alice, Bob, Charlie).
    assert re.search(r">Bob</a></td><td>1</td><td>1</td><td>100.0</td><td>1.0</td>", html)
    # The Chart.js file is served from our static files, never a CDN.
    assert "/static/league/vendor/chart.umd.min.js" in html and "cdn" not in html.lower()
    # The rating chart and its table carry the same numbers.
    hearts = chart_data(html, "rating-hearts")
    assert hearts["players"] == ["Alice", "Bob", "Charlie", "Dave"]
    assert len(hearts["labels"]) == 2  # m1 and m2 in Thursday's league
    for value in hearts["series"][0]["data"]:
        assert f"{value:.2f}" in html
    # Totals over the latest match (m3, Tonk): running totals −1, −3, −6 for Alice.
    totals = chart_data(html, "totals-chart")
    assert totals["match"] == league.m3 and totals["series"][0]["data"] == [-1, -3, -6]
    assert "<td>-6 <span" in html
    # Records: Thursday Hearts best run of hands, 2 by Charlie in m1.
    assert "Most hands won in a row" in html


def test_league_page_shows_a_chosen_match(league: League) -> None:
    html = page(league.alice, f"/leagues/{league.thursday}/?match={league.m1}").content.decode()
    totals = chart_data(html, "totals-chart")
    # m1 totals: [10,10,0,6] → [23,23,0,6] → [49,23,26,32] → [54,36,31,35].
    assert totals["series"][0]["data"] == [10, 23, 49, 54]
    assert totals["series"][2]["data"] == [0, 0, 26, 31]
    assert "<td>54 <span" in html


def test_league_page_filters(league: League) -> None:
    html = page(league.alice, f"/leagues/{league.thursday}/?game=hearts&season_start=2026-02-01").content.decode()
    # February on: m2 only; Dave won it.
    assert re.search(r">Dave</a></td><td>1</td><td>1</td><td>100.0</td><td>1.0</td>", html)
    assert "rating-tonk" not in html


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("?game=snap", 400, "unknown_game"),
        ("?season_start=2026-03-01&season_end=2026-01-01", 400, "season_end_before_start"),
        ("?season_start=soon", 400, "invalid_filter"),
        ("?colour=red", 400, "unknown_filter"),
        ("?match=abc", 404, "match_not_found"),
        ("?match=99999", 404, "match_not_found"),
    ],
)
def test_league_page_bad_input(league: League, query: str, status: int, code: str) -> None:
    response = page(league.alice, f"/leagues/{league.thursday}/{query}")
    assert response.status_code == status
    # the message in words, never the machine code (that is the API's)
    assert "<h1>" in response.content.decode() and code not in response.content.decode()


def test_league_page_is_for_members(league: League) -> None:
    assert page(league.alice, "/leagues/99999/").status_code == 404
    # no session and no token: a page that signs the phone in with its stored token, or offers sign-in
    anonymous = Client().get(f"/leagues/{league.thursday}/")
    assert anonymous.status_code == 401 and 'id="signin"' in anonymous.content.decode()
    assert page(Person("eve"), f"/leagues/{league.thursday}/").status_code == 404


def test_player_page(league: League) -> None:
    response = page(league.alice, f"/players/{league.alice.player.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    # Alice's Hearts: m1 4th, m2 2nd, m4 1st → 3 matches, 1 win, 33.3 %, average 2.33.
    assert re.search(r">Alice</a></td><td>3</td><td>1</td><td>33.3</td><td>2.33</td>", html)
    hearts = chart_data(html, "rating-hearts")
    assert hearts["players"] == ["Alice"] and len(hearts["series"][0]["data"]) == 3
    assert [row["cells"][0][1] for row in hearts["table"]] == [4, 2, 1]
    # Across games in finishing order m1 (L), m2 (L), m4 (W), m3 (L): longest 1, current 0.
    assert "Longest win streak: <strong>1</strong> match · current: <strong>0</strong> matches" in html
    assert f'href="/leagues/{league.friday}/?match={league.m4}"' in html
    # Head-to-head against Bob: hearts m1 (behind), m2 and m4 (ahead), tonk m3 (behind) → 4, 2, 2, 0.
    assert re.search(r">Bob</a></td><td>4</td><td>2</td><td>2</td><td>0</td>", html)
    # Against Dave: m1 behind, m2 behind, m4 ahead → 3, 1, 2, 0.
    assert re.search(r">Dave</a></td><td>3</td><td>1</td><td>2</td><td>0</td>", html)


def test_player_page_bad_input(league: League) -> None:
    assert page(league.alice, "/players/99999/").status_code == 404
    assert page(league.alice, f"/players/{league.alice.player.pk}/?game=snap").status_code == 400


def test_pages_are_phone_sized(league: League) -> None:
    html = page(league.alice, f"/leagues/{league.thursday}/").content.decode()
    assert 'name="viewport" content="width=device-width, initial-scale=1' in html
    assert "overflow-x:auto" in html  # wide tables scroll inside a 360 px screen


def test_chart_js_is_vendored_with_its_version_and_licence() -> None:
    from pathlib import Path

    vendor = Path(__file__).resolve().parents[2] / "league" / "static" / "league" / "vendor"
    script = (vendor / "chart.umd.min.js").read_text(encoding="utf-8")
    assert script.startswith("/*!\n * Chart.js v4.6.1") and "Released under the MIT License" in script[:300]
    readme = (vendor / "README.md").read_text(encoding="utf-8")
    assert "4.6.1" in readme and "MIT" in readme and "npm pack chart.js@4" in readme
    assert "MIT" in (vendor / "chart.js-LICENSE.md").read_text(encoding="utf-8")


def test_static_chart_files_are_served(league: League) -> None:
    from django.contrib.staticfiles import finders

    assert finders.find("league/vendor/chart.umd.min.js")
    assert finders.find("league/charts.js")


# -- languages: the pages speak the reader's language like the phone pages (cookie, then browser) ---------------


def test_league_page_in_german(league: League) -> None:
    response = page(league.alice, f"/leagues/{league.thursday}/", "de")
    assert response.status_code == 200 and response["Content-Language"] == "de"
    html = response.content.decode()
    assert 'lang="de"' in html
    for heading in ("<h2>Tabelle</h2>", "<h2>Wertungen</h2>", "<h2>Rekorde</h2>", "<h2>Letzte Partien</h2>"):
        assert heading in html
    assert "<th>Spieler</th><th>Partien</th><th>Siege</th>" in html
    assert "Meiste gewonnene Spiele in Folge" in html  # the record label of league.figures
    assert "Standings" not in html and "Most hands won in a row" not in html
    # the numbers are the same as in English
    assert re.search(r">Dave</a></td><td>2</td><td>1</td><td>50.0</td><td>1.5</td>", html)


def test_league_page_in_russian_from_the_browser_language(league: League) -> None:
    # No cookie: Accept-Language decides, as on the phone pages; the memoised HTML is per language.
    english = page(league.alice, f"/leagues/{league.thursday}/").content.decode()
    assert "<h2>Standings</h2>" in english
    html = page(league.alice, f"/leagues/{league.thursday}/", HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    assert "<h2>Турнирная таблица</h2>" in html and "<h2>Рекорды</h2>" in html
    assert "<h3>Червы</h3>" in html  # the game's title
    assert "Standings" not in html


def test_player_page_in_russian_with_plural_forms(league: League) -> None:
    html = page(league.alice, f"/players/{league.alice.player.pk}/", "ru").content.decode()
    assert "<h2>Личные встречи</h2>" in html and "<h2>История рейтинга</h2>" in html
    # Alice's streaks (see test_player_page): longest 1, current 0 — 1 партия, 0 партий.
    assert "Самая длинная серия побед: <strong>1</strong> партия" in html
    assert "сейчас: <strong>0</strong> партий" in html
    # German: 1 Partie, 0 Partien
    german = page(league.alice, f"/players/{league.alice.player.pk}/", "de").content.decode()
    assert "Längste Siegesserie: <strong>1</strong> Partie · aktuell: <strong>0</strong> Partien" in german
    assert "<h2>Direkter Vergleich</h2>" in german


@pytest.mark.parametrize(
    ("n", "form"),
    [(1, "партия"), (2, "партии"), (3, "партии"), (5, "партий"), (11, "партий"), (21, "партия"), (22, "партии")],
)
def test_russian_plural_forms_of_the_league_catalogue(n: int, form: str) -> None:
    from django.utils import translation

    with translation.override("ru"):
        text = translation.ngettext(
            "Longest win streak: <strong>%(count)s</strong> match",
            "Longest win streak: <strong>%(count)s</strong> matches",
            n,
        ) % {"count": n}
    assert text == f"Самая длинная серия побед: <strong>{n}</strong> {form}"


@pytest.mark.parametrize("language", ["de", "fi", "ru"])
def test_the_league_catalogue_is_complete(language: str) -> None:
    import gettext
    from pathlib import Path

    import polib

    folder = Path(__file__).resolve().parents[2] / "league" / "locale" / language / "LC_MESSAGES"
    po = polib.pofile(str(folder / "django.po"))
    assert not po.metadata_is_fuzzy
    placeholders = re.compile(r"%\(\w+\)s")
    for entry in po:
        assert entry.translated() and "fuzzy" not in entry.flags, entry.msgid
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if text:
                assert sorted(placeholders.findall(text)) == sorted(placeholders.findall(entry.msgid)), entry.msgid
    # the compiled catalogue is committed and says what the .po says
    with (folder / "django.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in po:
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if not entry.msgid_plural:
            assert compiled.gettext(key) == entry.msgstr, entry.msgid


def test_percent_headings_render(league: League) -> None:
    english = page(league.alice, f"/leagues/{league.thursday}/").content.decode()
    assert "<th>Win %</th>" in english
    assert "<th>Siege %</th>" in page(league.alice, f"/leagues/{league.thursday}/", "de").content.decode()


def test_how_a_match_ended_is_in_the_readers_language(league: League) -> None:
    """The recent-matches list shows the engine's result line, rendered from its template per reader."""
    english = page(league.alice, f"/leagues/{league.thursday}/").content.decode()
    german = page(league.alice, f"/leagues/{league.thursday}/", "de").content.decode()
    assert "lowest total when someone reached the target" in english  # the two Hearts matches (target 50)
    assert "niedrigste Summe, als jemand das Ziel erreichte" in german
    assert "lowest total when someone reached the target" not in german


def test_league_and_player_pages_have_one_h1_and_offer_the_four_languages(league: League) -> None:
    # Issue 29 item 9: one level-one heading (the league's or the player's name), and the language
    # menu lists the four languages Companion speaks (docs/translations.md), not Django's 99.
    import re

    html = page(league.alice, f"/leagues/{league.thursday}/").content.decode()
    assert html.count("<h1") == 1
    menu = re.search(r'<select id="language".*?</select>', html, re.S)
    assert menu is not None
    assert re.findall(r'<option value="(\w+)"', menu.group(0)) == ["en", "de", "fi", "ru"]
