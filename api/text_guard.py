"""The one text check (companion.text) on what an API request carries outside its JSON body: the
query string. ``?game=%00`` reached PostgreSQL as a NUL in a filter, which it cannot hold (a 500
``DataError``/``ValueError``); it is a 400 ``invalid_text`` here, before any view reads it. (Django
decodes a query string with replacement characters, so only the NUL can arrive this way.)"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from companion.text import CODE, text_problem


class ApiQueryTextMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/") and request.GET:
            for name, values in request.GET.lists():
                bad = next((p for p in map(text_problem, [name, *values]) if p is not None), None)
                if bad is not None:
                    from api.exceptions import error_body

                    body = {**error_body(CODE, f"{name}: {bad}"), "fields": {name: bad}}
                    return JsonResponse(body, status=400)
        return self.get_response(request)
