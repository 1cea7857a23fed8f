"""Included last under ``/api/``: any address no view took answers the API's JSON 404."""

from __future__ import annotations

from django.urls import re_path

from api.exceptions import not_found_json

urlpatterns = [re_path(r"", not_found_json)]
