"""Phone UI routes; included at the site root by ``companion/urls.py``."""

from __future__ import annotations

from django.urls import path

from web import views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_match, name="new"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("m/<str:match_id>/", views.table, name="table"),
    path("account/", views.account, name="account"),
    path("account/reset/", views.password_reset, name="password-reset"),
    path("i/<str:secret>/", views.invite, name="invite"),
    path("leagues/<int:league_id>/people/", views.league_people, name="league-people"),
    path("language/", views.set_language, name="set-language"),
    path("jsi18n/", views.javascript_catalog, name="jsi18n"),
    path("sw.js", views.service_worker, name="sw"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
