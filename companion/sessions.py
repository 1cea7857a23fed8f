"""Sessions that end when the person says so (issue 24 item 4).

Every ``login()`` (the API's sign-ins, ``auth/session``, the admin's form, any page added later)
sends ``user_logged_in``; its session key is recorded then (:class:`~companion.models.UserSession`),
and the API binds it to the token it was opened with. Signing out deletes the recorded sessions
with the session engine itself: ``auth/logout`` those of its token, ``auth/logout-all`` all the
user's. A deleted session is an anonymous one at its next request, whoever holds the cookie.
"""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone

from companion.models import UserSession


def _store() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore


def session_record(request: HttpRequest, user: Any, token_key: str = "") -> None:
    """Remember the request's (just signed-in) session for ``user``, bound to ``token_key``."""
    session = request.session
    if session.session_key is None:  # login() flushed another user's session: give it its key now
        session.save()
    UserSession.objects.update_or_create(
        session_key=session.session_key, defaults={"user": user, "token_key": token_key}
    )
    # sessions older than the cookie's age have expired anyway: keep the table small
    stale = timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    UserSession.objects.filter(user=user, created_at__lt=stale).delete()


def session_token_key(session_key: str) -> str:
    """The token a recorded session was opened with ("" if none)."""
    row = UserSession.objects.filter(session_key=session_key).values_list("token_key", flat=True).first()
    return row or ""


def sessions_end(user: Any, token_key: str | None = None) -> int:
    """Delete the user's recorded sessions (only those opened with ``token_key`` when given)."""
    rows = UserSession.objects.filter(user=user)
    if token_key is not None:
        rows = rows.filter(token_key=token_key)
    keys = list(rows.values_list("session_key", flat=True))
    store = _store()
    for key in keys:
        store().delete(key)
    rows.delete()
    return len(keys)


@receiver(user_logged_in, dispatch_uid="companion.session_record")
def _on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None and hasattr(request, "session"):
        session_record(request, user)
