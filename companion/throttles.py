"""Rate limits on the endpoints that create accounts, check passwords, guess codes or burn CPU.

Each scope is counted twice: per client address and per signed-in user (per username tried, for
sign-in), so neither a botnet of fresh guests nor one account from many addresses gets around it.
The address is the connection's unless ``COMPANION_TRUSTED_PROXIES`` says how many proxies in front
append to X-Forwarded-For (DRF's ``NUM_PROXIES``): a client cannot pick its own address.
Rates come from ``settings.THROTTLE_RATES`` (``COMPANION_THROTTLE_<SCOPE>``), read at each request.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.core.cache import caches
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from companion.text import text_check


class _ScopedThrottle(SimpleRateThrottle):
    """``view.throttle_scope`` + ``suffix`` names the rate; ``key_for`` says whom it counts."""

    suffix = ""

    def __init__(self) -> None:  # the rate is looked up per request, in allow_request
        self.cache = caches["throttle"]

    def allow_request(self, request: Request, view: Any) -> bool:
        scope = getattr(view, "throttle_scope", None)
        if scope is None or request.method in ("GET", "HEAD", "OPTIONS"):  # only writes cost
            return True
        self.scope = f"{scope}_{self.suffix}"
        self.rate = settings.THROTTLE_RATES.get(self.scope)
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        who = self.key_for(request)
        return None if who is None else f"throttle_{self.scope}_{who}"

    def key_for(self, request: Request) -> str | None:
        raise NotImplementedError


class AddressThrottle(_ScopedThrottle):
    suffix = "address"

    def key_for(self, request: Request) -> str | None:
        return self.get_ident(request)


class UserThrottle(_ScopedThrottle):
    suffix = "user"

    def key_for(self, request: Request) -> str | None:
        return str(request.user.pk) if request.user and request.user.is_authenticated else None


class UsernameThrottle(_ScopedThrottle):
    """Password guessing against one account, from however many addresses."""

    suffix = "username"

    def key_for(self, request: Request) -> str | None:
        data = request.data
        # the name tried at sign-in, or the address a reset is asked for
        username = (data.get("username") or data.get("email")) if isinstance(data, dict) else None
        if not isinstance(username, str) or not username.strip():
            return None
        # the one text check first: a lone surrogate cannot be encoded to be hashed (a 400, not a
        # 500; the JSON parser refuses it before, this keeps the key safe whatever parsed the body)
        text_check(username, "username")
        # hashed: a username may hold any character, a cache key may not
        return hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]


#: What the throttled views list: per address, per user, per username (each applies only where its
#: scope has a rate).
THROTTLES = [AddressThrottle, UserThrottle, UsernameThrottle]
