"""Phone pages of the league (included at the site root)."""

from __future__ import annotations

from django.urls import path

from league import pages

urlpatterns = [
    path("leagues/<id:league_id>/", pages.league_page, name="league-page"),
    path("players/<id:player_id>/", pages.player_page, name="player-page"),
]
