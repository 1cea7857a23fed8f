"""Token authentication: django-rest-knox (tokens hashed at rest, expiring, revocable)."""

from __future__ import annotations

import binascii
from hmac import compare_digest
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.models import get_token_model
from knox.settings import CONSTANTS, knox_settings
from rest_framework import exceptions


class TokenAuthentication(KnoxTokenAuthentication):  # type: ignore[misc]
    """Knox's, without its sweep of the user's other tokens on every request (a query on the hot
    append path): expired tokens are refused here and deleted when the user signs in again. The
    user's player comes with the token (one join): an answer naming its recorder by their player's
    name (``recorded_by``) costs no query of its own."""

    def authenticate_credentials(self, token: bytes) -> tuple[Any, Any]:
        # knox.auth.TokenAuthentication.authenticate_credentials (5.1.0), with user__player joined
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:  # a header's bytes that are no text cannot be a token: a 401, not a 500
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        candidates = get_token_model().objects.filter(token_key=text[: CONSTANTS.TOKEN_KEY_LENGTH])
        for auth_token in candidates.select_related("user", "user__player"):
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(text)
            except (TypeError, binascii.Error):
                raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
            if compare_digest(digest, auth_token.digest):
                if knox_settings.AUTO_REFRESH and auth_token.expiry:
                    self.renew_token(auth_token)
                return self.validate_user(auth_token)  # type: ignore[no-any-return]
        raise exceptions.AuthenticationFailed(_("Invalid token."))

    def _cleanup_token(self, auth_token: Any) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False
