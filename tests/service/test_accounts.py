"""Issue 25 items 1 and 2: sign-up, password change, reset by e-mail, a guest becoming an account."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from companion.models import Player
from tests.conftest import Person

GOOD = "correct horse battery staple"


def _anon() -> APIClient:
    return APIClient()


def _post(client: APIClient, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, format="json")


def test_sign_up_with_a_username_then_sign_in(db: None) -> None:
    made = _post(_anon(), "/api/v1/auth/signup", {"username": "bea", "password": GOOD, "name": "Bea"})
    assert made.status_code == 201, made.json()
    assert (made.json()["username"], made.json()["player"]["name"]) == ("bea", "Bea")
    me = APIClient(HTTP_AUTHORIZATION=f"Token {made.json()['token']}").get("/api/v1/account")
    assert me.json() == {"username": "bea", "email": "", "is_guest": False, "player": made.json()["player"]["id"]}
    signed_in = _post(_anon(), "/api/v1/auth/token", {"username": "bea", "password": GOOD})
    assert signed_in.status_code == 200


def test_sign_up_with_an_email_only_uses_it_as_the_username(db: None) -> None:
    made = _post(_anon(), "/api/v1/auth/signup", {"email": "Bea@Example.org", "password": GOOD})
    assert (made.status_code, made.json()["username"], made.json()["player"]["name"]) == (201, "bea@example.org", "bea")
    assert _post(_anon(), "/api/v1/auth/token", {"username": "bea@example.org", "password": GOOD}).status_code == 200


def test_sign_up_errors_name_the_rule(alice: Person) -> None:
    cases = [
        ({"username": "Alice", "password": GOOD}, 409, "username_taken"),
        ({"username": "zed", "password": "zed"}, 400, "weak_password"),
        ({"username": "zed", "password": "password123"}, 400, "weak_password"),  # Django's common list
        ({"password": GOOD}, 400, "username_or_email_required"),
        ({"username": "guest-1234", "password": GOOD}, 400, "username_reserved"),
        ({"username": "zed", "email": "not-an-address", "password": GOOD}, 400, "invalid"),
    ]
    for body, status, code in cases:
        response = _post(_anon(), "/api/v1/auth/signup", body)
        assert (response.status_code, response.json()["code"]) == (status, code), body
    User.objects.filter(username="alice").update(email="alice@example.org")
    taken = _post(_anon(), "/api/v1/auth/signup", {"username": "al", "email": "ALICE@example.org", "password": GOOD})
    assert (taken.status_code, taken.json()["code"]) == (409, "email_taken")
    assert User.objects.count() == 1


def test_sign_up_is_throttled_per_address(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup_address": "2/hour"}
    codes = [
        _post(_anon(), "/api/v1/auth/signup", {"username": f"u{i}", "password": GOOD}).status_code for i in range(3)
    ]
    assert codes == [201, 201, 429]


def test_password_change_keeps_this_device_and_ends_the_others(alice: Person) -> None:
    other = AuthToken.objects.create(user=alice.user)[1]
    wrong = alice.post("/api/v1/auth/password", {"old_password": "nope", "new_password": GOOD})
    assert (wrong.status_code, wrong.json()["code"]) == (400, "wrong_password")
    weak = alice.post("/api/v1/auth/password", {"old_password": "alice-secret-pw", "new_password": "alice"})
    assert (weak.status_code, weak.json()["code"]) == (400, "weak_password")
    done = alice.post("/api/v1/auth/password", {"old_password": "alice-secret-pw", "new_password": GOOD})
    assert done.status_code == 204
    assert alice.get("/api/v1/ping").status_code == 200
    assert APIClient(HTTP_AUTHORIZATION=f"Token {other}").get("/api/v1/ping").status_code == 401
    assert _post(_anon(), "/api/v1/auth/token", {"username": "alice", "password": GOOD}).status_code == 200


def _reset_link(mail: Any) -> tuple[str, str]:
    found = re.search(r"#uid=([^&\s]+)&token=(\S+)", mail.body)
    assert found, mail.body
    return found.group(1), found.group(2)


def test_password_reset_by_email_works_once(
    alice: Person, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    User.objects.filter(pk=alice.user.pk).update(email="alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        asked = _post(_anon(), "/api/v1/auth/password-reset", {"email": "ALICE@example.org"})
    assert asked.status_code == 202
    assert [m.to for m in mailoutbox] == [["alice@example.org"]]
    uid, token = _reset_link(mailoutbox[0])
    body = {"uid": uid, "token": token, "new_password": GOOD}
    assert _post(_anon(), "/api/v1/auth/password-reset/confirm", body).status_code == 204
    assert alice.get("/api/v1/ping").status_code == 401  # every token ended with the old password
    assert _post(_anon(), "/api/v1/auth/token", {"username": "alice", "password": GOOD}).status_code == 200
    again = _post(_anon(), "/api/v1/auth/password-reset/confirm", {**body, "new_password": GOOD + "!"})
    assert (again.status_code, again.json()["code"]) == (400, "invalid_reset_link")


def test_a_reset_link_expires(
    alice: Person, mailoutbox: list[Any], settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    User.objects.filter(pk=alice.user.pk).update(email="alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        _post(_anon(), "/api/v1/auth/password-reset", {"email": "alice@example.org"})
    uid, token = _reset_link(mailoutbox[0])
    settings.PASSWORD_RESET_TIMEOUT = -1  # the token's age (0 s) is now past the timeout
    late = _post(_anon(), "/api/v1/auth/password-reset/confirm", {"uid": uid, "token": token, "new_password": GOOD})
    assert (late.status_code, late.json()["code"]) == (400, "invalid_reset_link")


def test_reset_answers_the_same_for_an_unknown_address(
    alice: Person, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    User.objects.filter(pk=alice.user.pk).update(email="alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        known = _post(_anon(), "/api/v1/auth/password-reset", {"email": "alice@example.org"})
        unknown = _post(_anon(), "/api/v1/auth/password-reset", {"email": "nobody@example.org"})
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert len(mailoutbox) == 1
    forged = _post(_anon(), "/api/v1/auth/password-reset/confirm", {"uid": "MQ", "token": "x-y", "new_password": GOOD})
    assert (forged.status_code, forged.json()["code"]) == (400, "invalid_reset_link")


def test_reset_is_throttled_per_address_asked(db: None, settings: Any) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "reset_username": "2/hour", "reset_address": "100/hour"}
    codes = [_post(_anon(), "/api/v1/auth/password-reset", {"email": "a@example.org"}).status_code for _ in range(3)]
    assert codes == [202, 202, 429]


def _guest(name: str = "Ann") -> dict[str, Any]:
    body = _post(_anon(), "/api/v1/auth/guest", {"name": name}).json()
    return dict(body)


def test_a_guest_becomes_an_account_keeping_the_same_player_and_matches(db: None) -> None:
    guest = _guest()
    client = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    match = client.post("/api/v1/matches/", {"game": "hearts", "players": ["Ann", "B", "C", "D"]}, format="json")
    assert match.status_code == 201
    assert client.get("/api/v1/account").json()["is_guest"] is True
    upgraded = client.post("/api/v1/auth/upgrade", {"username": "ann", "password": GOOD}, format="json")
    assert upgraded.status_code == 200, upgraded.json()
    account = APIClient(HTTP_AUTHORIZATION=f"Token {upgraded.json()['token']}")
    assert account.get("/api/v1/players/me").json()["id"] == guest["player"]["id"]
    assert [m["id"] for m in account.get("/api/v1/matches/").json()["results"]] == [match.json()["id"]]
    assert account.get("/api/v1/account").json()["is_guest"] is False
    assert Player.objects.count() == 4 and User.objects.count() == 1
    again = account.post("/api/v1/auth/upgrade", {"username": "ann2", "password": GOOD}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "not_a_guest")


def test_an_expired_guest_token_says_so_and_can_still_upgrade(db: None) -> None:
    guest = _guest()
    AuthToken.objects.update(expiry=timezone.now() - timedelta(days=3))
    client = APIClient(HTTP_AUTHORIZATION=f"Token {guest['token']}")
    refused = client.get("/api/v1/matches/")
    assert (refused.status_code, refused.json()["code"]) == (401, "guest_token_expired")
    upgraded = client.post("/api/v1/auth/upgrade", {"email": "ann@example.org", "password": GOOD}, format="json")
    assert upgraded.status_code == 200, upgraded.json()
    assert APIClient(HTTP_AUTHORIZATION=f"Token {upgraded.json()['token']}").get("/api/v1/ping").status_code == 200
    assert client.get("/api/v1/ping").status_code == 401  # the old guest token is gone


def test_an_expired_account_token_cannot_upgrade(alice: Person) -> None:
    AuthToken.objects.filter(user=alice.user).update(expiry=timezone.now() - timedelta(days=1))
    response = alice.post("/api/v1/auth/upgrade", {"username": "x", "password": GOOD})
    assert (response.status_code, response.json()["code"]) == (401, "authentication_failed")
