"""The site's URLs. The apps above companion (web, api, league pages) are included and named by dotted
path: companion is wired to them by configuration and never imports them (layers: README, Architecture)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("", include("web.urls")),
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("api/v1/", include("league.urls")),
    path("", include("league.page_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    # Unknown API addresses answer in the API's error shape, not with an HTML page.
    path("api/", include("api.fallback_urls")),
]

# Django's error handlers, in the API's error shape under /api/ (the pages keep HTML ones).
handler400 = "api.exceptions.handler400"
handler403 = "api.exceptions.handler403"
handler404 = "api.exceptions.handler404"
handler500 = "api.exceptions.handler500"
