"""Item 5 of issue 16: tokens are hashed at rest, expire, can be revoked (sign-out); pages carry a CSP."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.conftest import Person


def _guest() -> dict[str, Any]:
    response = APIClient().post("/api/v1/auth/guest", {"name": "Ann"}, format="json")
    assert response.status_code == 201
    return dict(response.json())


def test_the_database_holds_only_a_hash_of_the_token(db: None) -> None:
    token = _guest()["token"]
    stored = AuthToken.objects.get()
    assert token not in (stored.digest, stored.token_key)
    assert len(stored.digest) == 128  # sha512, hex
    assert AuthToken.objects.filter(digest__contains=token).count() == 0


def test_a_token_says_when_it_expires_and_expires_then(db: None) -> None:
    body = _guest()
    assert body["expiry"] is not None
    client = APIClient(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert client.get("/api/v1/ping").status_code == 200
    AuthToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    response = client.get("/api/v1/ping")
    # a guest's expired token says so (the phone offers to keep the matches with an account, issue
    # 25 item 2); it is kept for the upgrade's grace period, then deleted when next shown
    assert (response.status_code, response.json()["code"]) == (401, "guest_token_expired")
    assert AuthToken.objects.count() == 1
    AuthToken.objects.update(expiry=timezone.now() - timedelta(days=91))
    response = client.get("/api/v1/ping")
    assert (response.status_code, response.json()["code"]) == (401, "authentication_failed")
    assert AuthToken.objects.count() == 0


def test_using_a_token_extends_it(db: None) -> None:
    body = _guest()
    soon = timezone.now() + timedelta(days=1)
    AuthToken.objects.update(expiry=soon)
    APIClient(HTTP_AUTHORIZATION=f"Token {body['token']}").get("/api/v1/ping")
    assert AuthToken.objects.get().expiry > soon + timedelta(days=20)


def test_signing_out_revokes_the_token_in_use_only(alice: Person) -> None:
    other = APIClient().post("/api/v1/auth/token", {"username": "alice", "password": "alice-secret-pw"}, format="json")
    second = APIClient(HTTP_AUTHORIZATION=f"Token {other.json()['token']}")
    assert alice.post("/api/v1/auth/logout").status_code == 204
    assert alice.get("/api/v1/ping").status_code == 401
    assert second.get("/api/v1/ping").status_code == 200


def test_signing_out_everywhere_revokes_every_token(alice: Person) -> None:
    other = APIClient().post("/api/v1/auth/token", {"username": "alice", "password": "alice-secret-pw"}, format="json")
    second = APIClient(HTTP_AUTHORIZATION=f"Token {other.json()['token']}")
    assert second.post("/api/v1/auth/logout-all").status_code == 204
    assert alice.get("/api/v1/ping").status_code == 401
    assert second.get("/api/v1/ping").status_code == 401


def test_the_pages_carry_a_content_security_policy_without_inline_scripts(db: None) -> None:
    for url in ("/", "/join/", "/new/", "/api/docs/"):
        response = APIClient().get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        html = response.content.decode()
        assert "<script>" not in html and "onchange=" not in html, url
