"""JSON in the player's language.

Engine explanation lines, rules errors and claim verdicts travel as dicts with an English
``template`` and its ``params``; house rules carry a ``doc``. This renderer translates them into
the request's language (:func:`companion.language.pick_language`) as the response is written, so
caches, snapshots and the event log stay language-free. English responses are written untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.cache import patch_vary_headers
from rest_framework.renderers import JSONRenderer

from companion.language import pick_language
from scoring.i18n import localize


class LocalizedJSONRenderer(JSONRenderer):
    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Mapping[str, Any] | None = None
    ) -> bytes:
        context = renderer_context or {}
        request = context.get("request")
        response = context.get("response")
        if request is not None:
            language = pick_language(request)
            data = localize(data, language)
            if response is not None:
                response["Content-Language"] = language
                patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return super().render(data, accepted_media_type, dict(context))
