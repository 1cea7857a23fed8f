"""The phone UI's pages, language switch, service worker and translation catalogues (no browser)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[2] / "web" / "locale"


@pytest.fixture(autouse=True)
def _static_files(settings: Any) -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.mark.parametrize("path", ["/", "/new/", "/join/", "/join/ABC123/", "/m/7/"])
def test_every_page_is_an_app_shell_that_loads_the_script(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/web/js/main.js" in html
    assert "/jsi18n/, inline" in html and "django.catalog" in html  # the catalogue is in the page
    assert 'name="viewport"' in html


def test_the_join_link_carries_its_code_to_the_page(client: Client) -> None:
    html = client.get("/join/abc123/").content.decode()
    assert 'data-code="ABC123"' in html


def test_the_table_page_knows_its_match(client: Client) -> None:
    assert 'data-match-id="42"' in client.get("/m/42/").content.decode()


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Continue as guest"), ("de", "Als Gast weiter"), ("fi", "Jatka vieraana"), ("ru", "Продолжить как гость")],
)
def test_the_start_page_speaks_the_chosen_language(client: Client, language: str, text: str) -> None:
    client.cookies["django_language"] = language
    response = client.get("/")
    assert text in response.content.decode()
    assert response["Content-Language"] == language


def test_the_browser_language_is_used_until_one_is_chosen(client: Client) -> None:
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="fi-FI,fi;q=0.9,en;q=0.5").content.decode()
    assert 'lang="fi"' in html


def test_the_language_switch_is_remembered_in_a_cookie(client: Client) -> None:
    response = client.post("/language/", {"language": "ru", "next": "/new/"})
    assert response.status_code == 302
    assert response["Location"] == "/new/"
    assert response.cookies["django_language"].value == "ru"
    assert response.cookies["django_language"]["max-age"] == 365 * 24 * 3600
    assert 'lang="ru"' in client.get("/new/").content.decode()


def test_the_language_switch_refuses_other_sites_and_unknown_languages(client: Client) -> None:
    response = client.post("/language/", {"language": "xx", "next": "https://evil.example/"})
    assert response["Location"] == "/"
    assert "django_language" not in response.cookies


@pytest.mark.parametrize(("language", "word"), [("de", "Einträge"), ("fi", "kirjausta"), ("ru", "записей")])
def test_the_javascript_catalogue_has_the_languages_plural_forms(client: Client, language: str, word: str) -> None:
    client.cookies["django_language"] = language
    body = client.get("/jsi18n/").content.decode()
    assert json.dumps(word)[1:-1] in body  # the catalogue is JSON with \\u escapes
    assert "pluralidx" in body


def test_the_service_worker_is_served_from_the_root_and_never_cached(client: Client) -> None:
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert "/static/web/js/main.js" in body and "/static/web/vendor/qrcode-generator-1.4.4.js" in body
    # The routing rules live in sw-rules.js (unit-tested in tests/web/js/sw-rules.test.mjs), loaded here;
    # writes belong to the outbox, never to the cache.
    assert "importScripts(" in body and "sw-rules" in body
    rules = (Path(__file__).resolve().parents[2] / "web" / "static" / "web" / "sw-rules.js").read_text()
    assert 'request.method !== "GET"' in rules


def test_the_service_worker_cache_follows_the_static_files(
    client: Client, tmp_path: Path, monkeypatch: Any, settings: Any
) -> None:
    """The cache name is a hash of the static files' contents: change a file, get a new name."""
    import shutil

    from web import views

    settings.DEBUG = True  # read the files on every request, as while developing

    first = views.shell()["name"]
    assert first in client.get("/sw.js").content.decode()
    copy = tmp_path / "static"
    shutil.copytree(views.STATIC_DIR, copy)
    (copy / "web" / "js" / "dom.js").write_text("// changed\n", encoding="utf-8")
    monkeypatch.setattr(views, "STATIC_DIR", copy)
    assert views.shell()["name"] != first


def test_pages_load_modules_through_an_import_map_with_preloads(client: Client) -> None:
    response = client.get("/m/7/")
    html = response.content.decode()
    assert '<script type="importmap" nonce="' in html  # inline: allowed by the page's CSP nonce
    nonce = html.split('<script type="importmap" nonce="', 1)[1].split('"', 1)[0]
    assert f"script-src 'self' 'nonce-{nonce}'" in response["Content-Security-Policy"]
    assert 'rel="modulepreload" href="/static/web/js/table/page.js"' in html
    assert 'data-qr="/static/web/vendor/qrcode-generator-1.4.4.js"' in html
    assert '<script src="/static/web/vendor/qrcode' not in html  # the QR library waits for Share


def test_the_manifest_names_the_app(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.json()["start_url"] == "/"


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 очко"),
        (2, "2 очка"),
        (5, "5 очков"),
        (11, "11 очков"),
        (21, "21 очко"),
        (22, "22 очка"),
        (25, "25 очков"),
    ],
)
def test_russian_points_take_the_right_plural(count: int, expected: str) -> None:
    # The same catalogue entry the browser uses (djangojs domain), read through gettext's plural rule.
    import gettext

    catalogue = gettext.translation("djangojs", localedir=str(LOCALE), languages=["ru"])
    assert catalogue.ngettext("%(count)s point", "%(count)s points", count) % {"count": count} == expected


@pytest.mark.parametrize(("language", "one", "many"), [("de", "1 Punkt", "5 Punkte"), ("fi", "1 piste", "5 pistettä")])
def test_german_and_finnish_points_take_the_right_plural(language: str, one: str, many: str) -> None:
    import gettext

    catalogue = gettext.translation("djangojs", localedir=str(LOCALE), languages=[language])
    assert catalogue.ngettext("%(count)s point", "%(count)s points", 1) % {"count": 1} == one
    assert catalogue.ngettext("%(count)s point", "%(count)s points", 5) % {"count": 5} == many


def _entries(po: Path) -> list[tuple[str, list[str], bool]]:
    """(msgid, msgstrs, fuzzy) for every entry but the header."""
    rows = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        ident = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not ident or block.lstrip().startswith("#~"):
            continue
        text = "".join(re.findall(r'"(.*)"', ident.group(1)))
        if not text:
            continue
        strs = [
            "".join(re.findall(r'"(.*)"', m)) for m in re.findall(r"^msgstr(?:\[\d\])? ((?:\".*\"\n?)+)", block, re.M)
        ]
        rows.append((text, strs, "fuzzy" in block.split("msgid")[0]))
    return rows


@pytest.mark.parametrize("language", ["de", "fi", "ru"])
@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_string_is_translated_and_compiled(language: str, domain: str) -> None:
    po = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    mo = po.with_suffix(".mo")
    entries = _entries(po)
    assert len(entries) > 20
    untranslated = [msgid for msgid, strs, fuzzy in entries if fuzzy or not strs or not all(strs)]
    assert untranslated == []
    # Placeholders survive translation, so interpolation never breaks a screen.
    for msgid, strs, _ in entries:
        for s in strs:
            assert set(re.findall(r"%\(\w+\)s", s)) == set(re.findall(r"%\(\w+\)s", msgid)), (msgid, s)
    # The compiled catalogue is committed and not older than its source.
    assert mo.exists()
    assert mo.stat().st_size > 500


def test_django_uses_the_compiled_catalogue() -> None:
    with translation.override("de"):
        assert translation.gettext("Continue as guest") == "Als Gast weiter"


def test_the_page_carries_its_languages_catalogue_and_its_inline_scripts_the_nonce(client: Client) -> None:
    client.cookies["django_language"] = "de"
    response = client.get("/m/7/")
    html = response.content.decode()
    assert json.dumps("Einträge")[1:-1] in html  # the German catalogue, not another language's
    nonce = html.split('<script type="importmap" nonce="', 1)[1].split('"', 1)[0]
    inline = [tag for tag in html.split("<script")[1:] if "src=" not in tag.split(">", 1)[0]]
    assert len(inline) >= 4 and all(f'nonce="{nonce}"' in tag.split(">", 1)[0] for tag in inline)
