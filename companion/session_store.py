"""Django's database session engine, keeping :class:`~companion.models.UserSession` in step when a
session changes its key. Django cycles a key on its own (a session verified by a fallback secret key
is re-signed under a new key, a password change keeps the session under a new key); without this
the record would name a key that no longer exists and signing out could not find the session."""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore


class SessionStore(DatabaseSessionStore):
    def cycle_key(self) -> None:
        old = self.session_key
        super().cycle_key()
        if old is not None and self.session_key != old:
            from companion.models import UserSession  # the engine is imported before the apps are ready

            UserSession.objects.filter(session_key=old).update(session_key=self.session_key)
