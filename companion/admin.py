from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from companion.models import ClaimCheck, Event, League, Match, MatchChange, MatchSeat, Membership, Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("name", "user", "created_at")
    search_fields = ("name",)


class MembershipInline(admin.TabularInline[Membership, League]):
    model = Membership
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin[League]):
    list_display = ("name", "created_at")
    inlines = [MembershipInline]


class SeatInline(admin.TabularInline[MatchSeat, Match]):
    model = MatchSeat
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
    list_display = ("id", "game", "status", "league", "last_seq", "join_code", "created_at")
    list_filter = ("game", "status")
    inlines = [SeatInline]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    """Read-only: the record is append-only, corrections are new events."""

    list_display = ("match", "seq", "type", "recorded_by", "recorded_at")
    list_filter = ("type",)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(MatchChange)
class MatchChangeAdmin(admin.ModelAdmin[MatchChange]):
    """The outbox, for an operator looking for derived data that has not caught up."""

    list_display = ("id", "match", "seq", "created_at", "drained_at")
    list_filter = (("drained_at", admin.EmptyFieldListFilter),)


@admin.register(ClaimCheck)
class ClaimCheckAdmin(admin.ModelAdmin[ClaimCheck]):
    """Read-only: a claim's verdict is the checker's and lands in the record as an event."""

    list_display = ("id", "match", "seat", "kind", "status", "event_seq", "accepted_by_seat", "settled", "created_at")
    list_filter = ("status", "kind")

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
