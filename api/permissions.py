"""Who may record: seated players, the match's creator and the league's admins. Who may read is
decided by the selectors (a match you cannot read is a 404, not a 403)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from companion.models import League, Match
from companion.selectors import league_is_admin, match_can_record


class CanRecord(BasePermission):
    message = "Only the match's seated players, its creator and the league's admins may record events."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return isinstance(obj, Match) and match_can_record(user=request.user, match=obj)


class IsLeagueAdmin(BasePermission):
    message = "Only the league's admins may do this."

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return isinstance(obj, League) and league_is_admin(user=request.user, league=obj)
