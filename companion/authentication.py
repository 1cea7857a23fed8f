"""Token authentication: django-rest-knox (tokens hashed at rest, expiring, revocable)."""

from __future__ import annotations

import binascii
from datetime import timedelta
from hmac import compare_digest
from typing import Any

from django.conf import settings
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
            try:
                digest = hash_token(text)
            except (TypeError, binascii.Error):
                raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
            if not compare_digest(digest, auth_token.digest):
                continue
            if self._expired(auth_token):
                if self.accept_expired_guest:
                    return self.validate_user(auth_token)  # type: ignore[no-any-return]
                raise GuestTokenExpired()
            if knox_settings.AUTO_REFRESH and auth_token.expiry:
                self.renew_token(auth_token)
            return self.validate_user(auth_token)  # type: ignore[no-any-return]
        raise exceptions.AuthenticationFailed(_("Invalid token."))

    #: The guest-upgrade endpoint sets this: an expired guest token (within the grace period) still
    #: says whose guest it was, so its matches, statistics and rating can become an account's.
    accept_expired_guest = False

    def _expired(self, auth_token: Any) -> bool:
        """An expired token is refused. A guest's is kept (and answered ``guest_token_expired``) for
        ``COMPANION_GUEST_UPGRADE_GRACE_DAYS`` after it expired, so the phone can offer the upgrade;
        any other expired token is deleted and answered as a wrong one."""
        now = timezone.now()
        if auth_token.expiry is None or auth_token.expiry >= now:
            return False
        grace = timedelta(days=settings.COMPANION_GUEST_UPGRADE_GRACE_DAYS)
        user = auth_token.user
        is_guest = user.username.startswith("guest-") and not user.has_usable_password()
        if is_guest and auth_token.expiry + grace >= now:
            return True
        auth_token.delete()
        raise exceptions.AuthenticationFailed(_("Invalid token."))


class ExpiredGuestTokenAuthentication(TokenAuthentication):
    """For ``auth/upgrade`` only: a guest whose token expired may still turn into an account."""

    accept_expired_guest = True


class GuestTokenExpired(exceptions.AuthenticationFailed):
    default_detail = _(
        "Your guest sign-in has expired. Your matches are kept: set a user name and password "
        "(POST /api/v1/auth/upgrade with this token) to keep them."
    )
    default_code = "guest_token_expired"
