"""The German and Russian screens: every visible string translated, Russian plurals right."""

from __future__ import annotations

import gettext
from typing import Any

import pytest

from companion.models import Event
from scoring.explain import fill
from scoring.registry import GAME_MODULES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Clara", "Dmitri"]


def enter_hand(page: Any, points: list[int]) -> None:
    for seat, value in enumerate(points):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")


def test_the_german_screens(phones: Any) -> None:
    phone = phones(language="de")
    page = phone.goto("/")
    assert "Als Gast weiter" in page.inner_text("#signin")
    phone.sign_in_as_guest("Anna")
    assert "Neue Partie" in page.inner_text("#start")
    match_id = phone.create_match("hearts", PLAYERS)
    assert match_id
    assert "Spiel 1: Strafpunkte" in page.inner_text("#hearts-form")
    # The 26 check speaks German.
    page.fill("#pts-0", "13")
    page.click("#hearts-form [data-submit]")
    assert "müssen zusammen 26 ergeben; hier sind es 13" in page.inner_text("#hearts-form")
    enter_hand(page, [13, 5, 4, 4])
    page.wait_for_selector("#board tr[data-hand='0']")
    assert "Geber" in page.inner_text("#status")
    assert [t.inner_text() for t in page.query_selector_all(".tabs button")] == [
        "Eintragen",
        "Karte für Karte",
        "Verlauf",
        "Teilen",
    ]
    phone.shot("10-table-de")


def test_the_russian_screens_and_plural_forms(phones: Any) -> None:
    phone = phones(language="ru")
    page = phone.goto("/")
    assert "Продолжить как гость" in page.inner_text("#signin")
    phone.sign_in_as_guest("Анна")
    phone.create_match("hearts", PLAYERS)
    enter_hand(page, [1, 2, 5, 18])
    page.wait_for_selector("#board tr[data-hand='0']")
    seen = {}
    for seat in range(3):
        page.click(f"#board button.n[data-hand='0'][data-seat='{seat}']")
        seen[seat] = page.inner_text("#dialog")
        page.click("#dialog-cancel")
    assert "Взято штрафных: 1 очко" in seen[0]
    assert "Взято штрафных: 2 очка" in seen[1]
    assert "Взято штрафных: 5 очков" in seen[2]

    # The outbox counts in Russian too: 1 запись, 2 записи, 5 записей.
    phone.context.set_offline(True)
    page.wait_for_function("!navigator.onLine")
    assert page.wait_for_selector("#net:has-text('Нет сети')")
    counts = {}
    for n, points in enumerate(([26, 0, 0, 0], [0, 26, 0, 0], [0, 0, 26, 0], [0, 0, 0, 26], [13, 13, 0, 0]), start=1):
        enter_hand(page, points)
        page.wait_for_selector(f"#outbox[data-count='{n}']")
        counts[n] = page.inner_text("#outbox")
    assert counts[1] == "1 запись ждёт отправки"
    assert counts[2] == "2 записи ждут отправки"
    assert counts[5] == "5 записей ждут отправки"
    phone.shot("11-outbox-ru")
    phone.context.set_offline(False)
    page.wait_for_selector("#outbox[data-count='0']", state="attached")
    page.wait_for_selector("#board tr[data-hand='5']")
    phone.shot("12-table-ru")


def test_a_rules_error_from_the_server_is_shown_next_to_its_field_in_german(phones: Any) -> None:
    if "tshirt" not in GAME_MODULES:
        pytest.skip("the T-Shirt Game engine has not landed on this branch")
    phone = phones(language="de")
    phone.sign_in_as_guest("Anna")
    match_id = phone.create_match("tshirt", PLAYERS)
    page = phone.page
    page.click("#tab-entry [data-field='first_judge'] button[data-seat='0']")
    page.click("#tab-entry [data-submit]")
    page.wait_for_selector("#tab-entry [data-field='winner']")
    # The judge (Anna) cannot win her own round: the engine says judge_cannot_win (422).
    page.click("#tab-entry [data-field='winner'] button[data-seat='0']")
    page.fill("#f-value", "2")
    with page.expect_response(lambda r: r.url.endswith("/events") and r.request.method == "POST") as answer:
        page.click("#tab-entry [data-submit]")
    body = answer.value.json()
    assert answer.value.status == 422 and body["code"] == "judge_cannot_win"
    # The phone shows the server's message, which the API rendered in German from the error's
    # template and params (not the engine's English).
    error = page.wait_for_selector("#tab-entry [data-error-for='winner']:not(:empty)")
    assert error.inner_text() == body["message"]
    assert body.get("template"), "the error carries no template (engine conversion pending)"
    assert body["message"] != fill(body["template"], body.get("params") or {}), "the API sent the English message"
    assert Event.objects.filter(match_id=match_id).count() == 1  # only the seating
    phone.shot("17-rules-error-de", top=False)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_an_explanation_line_is_shown_in_the_players_language(phones: Any, language: str) -> None:
    # Tap a number: the engine's lines come from the server already in the reader's language
    # (the API renders each line's template and params); the phone shows them as given.
    phone = phones(language=language)
    phone.sign_in_as_guest("Anna")
    phone.create_match("hearts", PLAYERS)
    page = phone.page
    page.click('#hearts-form [data-moon="1"]')  # Boris shoots the moon: everyone else +26
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='0']")
    line = page.evaluate(
        "window.Companion.S.summary.history[0].explain.find((n) => n.code === 'moon_add_to_others') || null"
    )
    assert line is not None and line["seat"] == 1
    page.click("#board button.n[data-hand='0'][data-seat='1']")
    shown = page.inner_text("#dialog")
    assert line["text"] in shown
    assert line.get("template"), "the Hearts line carries no template (Hearts conversion pending)"
    english = fill(line["template"], line.get("params") or {})
    assert english not in shown and line["text"] != english, "the explanation line is still English"
    phone.shot(f"05b-explain-{language}")
    page.click("#dialog-cancel")


class _MarkedGerman(gettext.NullTranslations):
    """A stand-in for the engines' German catalogues: every template comes back marked."""

    def gettext(self, message: str) -> str:
        return "⟦de⟧ " + message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return "⟦de⟧ " + (msgid1 if n == 1 else msgid2)


def test_the_phone_shows_engine_text_as_the_server_renders_it(phones: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever the engines' catalogues say, the phone shows the server's rendering of every engine
    # text — explanation lines, rules errors, house-rule docs — and never the English template it
    # could have kept. (The live server runs in this process, so its catalogue can be stood in for.)
    from scoring import i18n

    monkeypatch.setattr(
        i18n, "translations", lambda language: _MarkedGerman() if language == "de" else gettext.NullTranslations()
    )
    phone = phones(language="de")
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/new/?game=hearts")
    page.wait_for_selector('[data-variant="moon_scoring"]', state="attached")
    docs = page.locator("#variants .doc").all_text_contents()
    assert docs and all(doc.startswith("⟦de⟧ ") for doc in docs)  # the house rules' one-line explanations
    # ...their names, and the names of their values
    labels = page.locator("#variants .var > label, #variants .var .row > label").all_text_contents()
    assert labels and all(label.startswith("⟦de⟧ ") for label in labels), labels
    values = page.locator('[data-variant="jack_of_diamonds"] option').all_text_contents()
    assert values == ["⟦de⟧ Off", "⟦de⟧ Jd minus 10", "⟦de⟧ Td minus 10"]
    phone.create_match("hearts", PLAYERS)
    # A rules error of the engine, next to its field: 27 points for Anna.
    for seat, value in enumerate([27, 0, 0, -1]):
        page.fill(f"#pts-{seat}", str(value))
    page.click("#hearts-form [data-submit]")
    error = page.wait_for_selector("#hearts-form [data-error-for='seat:0']:not(:empty)")
    assert error.inner_text().startswith("⟦de⟧ ")
    # An explanation line: Boris shoots the moon.
    page.click('#hearts-form [data-moon="1"]')
    page.click("#hearts-form [data-submit]")
    page.wait_for_selector("#board tr[data-hand='0']")
    page.click("#board button.n[data-hand='0'][data-seat='1']")
    lines = page.locator("#dialog li").all_inner_texts()
    moon = [line for line in lines if "moon" in line]
    assert moon and all(line.startswith("⟦de⟧ ") for line in moon), lines
    page.click("#dialog-cancel")


def test_the_language_switch_changes_the_screen_and_is_remembered(phones: Any) -> None:
    phone = phones()
    phone.sign_in_as_guest("Anna")
    page = phone.goto("/new/")
    page.wait_for_selector("#games button")
    page.select_option("#language", "fi")
    page.wait_for_selector("text=Uusi peli")
    assert page.inner_text("#create") == "Aloita peli"
    page = phone.goto("/")
    assert "Uusi peli" in page.inner_text("#start")
    assert page.evaluate("document.documentElement.lang") == "fi"
