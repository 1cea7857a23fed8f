"""Issue 24 item 8: the secret key can be rotated (``DJANGO_SECRET_KEY_FALLBACKS``, docs/deploy.md
"Rotating the secret key"). What was signed under the old key keeps working while that key is a
fallback, and stops when the fallback is dropped; API tokens do not depend on the key at all."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest
from django.core import signing
from django.test import Client

from tests.conftest import Person

OLD = "old-" + "k" * 60
NEW = "new-" + "n" * 60


def _rotate(settings: Any, *, fallbacks: list[str]) -> None:
    settings.SECRET_KEY = NEW
    settings.SECRET_KEY_FALLBACKS = fallbacks


def test_a_signed_value_verifies_under_the_fallback_and_not_after(settings: Any) -> None:
    settings.SECRET_KEY = OLD
    value = signing.dumps({"match": 7}, salt="companion.test")
    _rotate(settings, fallbacks=[OLD])
    assert signing.loads(value, salt="companion.test") == {"match": 7}
    assert signing.loads(signing.dumps("new", salt="s"), salt="s") == "new"  # new values: the new key
    _rotate(settings, fallbacks=[])
    with pytest.raises(signing.BadSignature):
        signing.loads(value, salt="companion.test")


def test_a_session_made_under_the_old_key_lasts_while_it_is_a_fallback(alice: Person, settings: Any) -> None:
    settings.SECRET_KEY = OLD
    used, idle = Client(), Client()
    for browser in (used, idle):
        assert browser.post("/api/v1/auth/session", HTTP_AUTHORIZATION=f"Token {alice.token}").status_code == 204
        assert browser.get("/api/v1/players/me").status_code == 200
    _rotate(settings, fallbacks=[OLD])
    # verified by the fallback, then re-signed under the new key (Django cycles the session's key)
    assert used.get("/api/v1/players/me").status_code == 200
    _rotate(settings, fallbacks=[])
    assert idle.get("/api/v1/players/me").status_code in (401, 403)  # never re-signed: anonymous again
    assert used.get("/api/v1/players/me").status_code == 200
    # the re-signed session is still the one signing out ends (its new key was recorded)
    assert alice.post("/api/v1/auth/logout").status_code == 204
    assert used.get("/api/v1/players/me").status_code in (401, 403)


def test_an_api_token_survives_any_rotation(alice: Person, settings: Any) -> None:
    settings.SECRET_KEY = OLD
    _rotate(settings, fallbacks=[])  # knox stores a SHA-512 of the token: no key involved
    assert alice.get("/api/v1/players/me").status_code == 200


def test_the_fallbacks_come_from_the_environment() -> None:
    env = {**os.environ, "DJANGO_SECRET_KEY_FALLBACKS": f"{OLD},{NEW}", "DJANGO_SETTINGS_MODULE": "companion.settings"}
    code = "from django.conf import settings; print(settings.SECRET_KEY_FALLBACKS)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str([OLD, NEW])
