from __future__ import annotations

from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from api import exceptions as api_errors
from api.exceptions import not_found_json

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
    re_path(r"^api/", not_found_json),
]

handler400 = api_errors.handler400
handler403 = api_errors.handler403
handler404 = api_errors.handler404
handler500 = api_errors.handler500
