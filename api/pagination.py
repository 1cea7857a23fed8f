"""Paging of list endpoints: ``limit`` and ``offset`` bounded, so no number reaches the database raw."""

from __future__ import annotations

from typing import Any

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

from companion.limits import DB_INT_MAX, query_int


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 200

    def get_limit(self, request: Request) -> int | None:
        limit = query_int(request.query_params, self.limit_query_param, default=self.default_limit)
        if limit is None or limit == 0:
            return self.default_limit
        return min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        offset = query_int(request.query_params, self.offset_query_param, default=0) or 0
        # SQLite's OFFSET is a signed 64-bit integer too, and LIMIT + OFFSET must not overflow it
        return min(offset, DB_INT_MAX - self.max_limit)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            bounds = {"limit": (1, self.max_limit), "offset": (0, DB_INT_MAX - self.max_limit)}[parameter["name"]]
            parameter["schema"].update(minimum=bounds[0], maximum=bounds[1])
        return parameters
