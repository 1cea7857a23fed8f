"""DRF permissions. Who may record in a match is checked by ``event_append`` itself (under the match
lock, see ``selectors.match_recording_check``); who may read is decided by the selectors (a match you
cannot read is a 404, not a 403)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from companion.models import League
from companion.selectors import league_is_admin


class IsLeagueAdmin(BasePermission):
    message = "Only the league's admins may do this."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return isinstance(obj, League) and league_is_admin(user=request.user, league=obj)
