"""Token authentication: django-rest-knox (tokens hashed at rest, expiring, revocable)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication


class TokenAuthentication(KnoxTokenAuthentication):  # type: ignore[misc]
    """Knox's, without its sweep of the user's other tokens on every request (a query on the hot
    append path): expired tokens are refused here and deleted when the user signs in again."""

    def _cleanup_token(self, auth_token: Any) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False
