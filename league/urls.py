from __future__ import annotations

from django.urls import path

from league import api

urlpatterns = [
    path("stats/standings", api.StandingsView.as_view(), name="stats-standings"),
    path("stats/players/<id:player_id>", api.PlayerStatsView.as_view(), name="stats-player"),
    path("stats/head-to-head", api.HeadToHeadView.as_view(), name="stats-head-to-head"),
    path("stats/records", api.RecordsView.as_view(), name="stats-records"),
    path("stats/ratings", api.RatingsView.as_view(), name="stats-ratings"),
    path("stats/rating-history", api.RatingHistoryView.as_view(), name="stats-rating-history"),
    path("stats/export/<str:kind>.csv", api.CsvExportView.as_view(), name="stats-export"),
    path("matches/<id:match_id>/bgstats", api.BgStatsView.as_view(), name="match-bgstats"),
    path("records/import-many", api.RecordsImportView.as_view(), name="records-import-many"),
]
