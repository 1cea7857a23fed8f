"""The API answers in the player's language (issue 7): explanation lines, rules errors and house-rule
docs are translated from their templates as the response is written; nothing stored changes."""

from __future__ import annotations

import gettext
from typing import Any

import pytest
from django.test import RequestFactory

from companion.language import pick_language
from tests.conftest import Person


class _Prefixing(gettext.NullTranslations):
    """A stand-in catalogue that marks every message, so these tests prove the plumbing whatever the
    real catalogues hold."""

    def gettext(self, message: str) -> str:
        return "«de» " + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "«de» " + (singular if n == 1 else plural)


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    import scoring.i18n

    monkeypatch.setattr(scoring.i18n, "translations", lambda language: _Prefixing())


@pytest.mark.parametrize(
    ("cookie", "header", "expected"),
    [
        ("ru", "de-DE,de;q=0.9", "ru"),  # the switch's cookie wins
        ("", "fi-FI,fi;q=0.9,en;q=0.8", "fi"),
        ("", "en;q=0.5, de;q=0.9", "de"),  # by quality, not by position
        ("", "fr-FR,fr;q=0.9", "en"),
        ("xx", "", "en"),
    ],
)
def test_the_language_comes_from_the_cookie_then_the_browser(cookie: str, header: str, expected: str) -> None:
    request = RequestFactory().get("/", HTTP_ACCEPT_LANGUAGE=header)
    if cookie:
        request.COOKIES["django_language"] = cookie
    assert pick_language(request) == expected


def test_a_summary_etag_names_its_language(alice: Person, hearts_match: dict[str, Any]) -> None:
    url = f"/api/v1/matches/{hearts_match['id']}/summary/"
    english = alice.get(url)
    german = alice.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert english["ETag"] != german["ETag"]
    assert german["Content-Language"] == "de"
    assert "Accept-Language" in german["Vary"]
    # a phone that switched language must not get a 304 for the English body
    assert alice.get(url, HTTP_IF_NONE_MATCH=english["ETag"], HTTP_ACCEPT_LANGUAGE="de").status_code == 200
    assert alice.get(url, HTTP_IF_NONE_MATCH=german["ETag"], HTTP_ACCEPT_LANGUAGE="de").status_code == 304


def test_a_rules_error_is_written_in_the_players_language(
    alice: Person, hearts_match: dict[str, Any], german: None, record_of: Any
) -> None:
    before = record_of(hearts_match["id"])
    english = alice.append(hearts_match["id"], "hand_result", {"points": [1, 2, 3]}, expected_seq=1).json()
    response = alice.append(
        hearts_match["id"], "hand_result", {"points": [1, 2, 3]}, expected_seq=1, HTTP_ACCEPT_LANGUAGE="de"
    )
    body = response.json()
    assert response.status_code == 422, body
    assert english["code"] == body["code"] == "points_per_seat"
    assert body["message"] == "«de» " + english["message"]  # the template translated, then filled
    assert "«de»" not in english["message"]
    assert record_of(hearts_match["id"]) == before  # nothing recorded changed


def test_explanations_and_house_rule_docs_are_translated(
    alice: Person, hearts_match: dict[str, Any], german: None
) -> None:
    alice.append(hearts_match["id"], "hand_result", {"points": [0, 0, 26, 0]}, expected_seq=1)
    url = f"/api/v1/matches/{hearts_match['id']}/summary/"
    url = f"/api/v1/matches/{hearts_match['id']}/history"  # (a hand's explanation: the summary may page it)
    lines = alice.get(url, HTTP_ACCEPT_LANGUAGE="de").json()["rows"][0]["explain"]
    english = alice.get(url).json()["rows"][0]["explain"]
    assert [line["text"] for line in lines] == ["«de» " + line["text"] for line in english]
    games = alice.get("/api/v1/games/", HTTP_ACCEPT_LANGUAGE="de").json()
    hearts = next(game for game in games if game["name"] == "hearts")
    docs = [option["doc"] for option in hearts["variants"]]
    assert docs and all(doc.startswith("«de» ") for doc in docs)
    # the house rules' names and the names of their values too (numbers and symbols stay as they are)
    assert all(option["label"].startswith("«de» ") for option in hearts["variants"])
    passing = next(option for option in hearts["variants"] if option["key"] == "jack_of_diamonds")
    assert passing["choices"] == ["off", "jd_minus_10", "td_minus_10"]
    assert passing["choice_labels"] == ["«de» Off", "«de» Jd minus 10", "«de» Td minus 10"]
