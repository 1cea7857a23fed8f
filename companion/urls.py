"""The site's URLs. The apps above companion (web, api, league pages) are included by dotted name:
companion is wired to them by configuration, and never imports them (layers: README, Architecture)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("", include("web.urls")),
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("api/v1/", include("league.urls")),
    path("", include("league.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # Unknown API addresses answer in the API's error shape, not with an HTML page.
    path("api/", include("api.fallback_urls")),
]
