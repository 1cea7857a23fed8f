"""The home page, the OpenAPI schema, the locally served Swagger UI and the demo command."""

from __future__ import annotations

from django.core.management import call_command
from django.test import Client

from companion.models import League, Match


def test_the_home_page_renders(db: None) -> None:
    response = Client().get("/")
    assert response.status_code == 200
    assert b"Companion" in response.content


def test_the_schema_describes_the_api(db: None) -> None:
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/v1/matches/{match_id}/events" in paths
    assert "/api/v1/records/import" in paths


def test_swagger_ui_is_served_without_a_cdn(db: None) -> None:
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html
    assert "/static/drf_spectacular_sidecar/" in html


def test_the_demo_command_is_idempotent(db: None) -> None:
    call_command("demo", verbosity=0)
    first = (League.objects.count(), Match.objects.count(), list(Match.objects.values_list("status", "last_seq")))
    call_command("demo", verbosity=0)
    assert (
        League.objects.count(),
        Match.objects.count(),
        list(Match.objects.values_list("status", "last_seq")),
    ) == first
    statuses = sorted(s for s, _ in first[2])
    assert statuses == ["finished", "finished", "finished", "open"]


def test_the_admin_shows_the_record_read_only(db: None) -> None:
    from django.contrib.auth.models import User

    call_command("demo", verbosity=0)
    admin = User.objects.create_superuser("root", "root@example.org", "root-password")
    client = Client()
    client.force_login(admin)
    for url in ("/admin/companion/match/", "/admin/companion/event/", "/admin/companion/league/1/change/"):
        assert client.get(url).status_code == 200, url
    assert client.get("/admin/companion/event/add/").status_code == 403
