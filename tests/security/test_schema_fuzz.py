"""A bounded, seeded schemathesis run over the whole API (issue 16, items 1 and 7): no generated
request, valid or not, gets a server error, and every answer conforms to the schema: its status is
documented, its content type and body match what is documented (every error: the error shape).

Each operation gets a fixed number of examples (``derandomize``: the same requests every run), sent
in-process through the WSGI app as alice, with a Hearts match (id 1 or so) in the database.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import Person

EXAMPLES = 10
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


def _schema() -> Any:
    from companion.wsgi import application

    loaded = schemathesis.openapi.from_dict(SchemaGenerator().get_schema(request=None, public=True))
    loaded.app = application
    return loaded


SCHEMA = _schema()
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_every_generated_request_gets_a_documented_answer(
    operation: Any, alice: Person, hearts_match: dict[str, Any]
) -> None:
    headers = {"Authorization": f"Token {alice.token}"}

    @given(case=operation.as_strategy())
    @settings(
        max_examples=EXAMPLES, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    def check(case: Any) -> None:
        response = case.call(headers=headers)
        case.validate_response(response, checks=CHECKS)
        if response.status_code >= 400:
            body = response.json()
            assert {"code", "message", "params"} <= set(body), (case.method, case.formatted_path, body)

    check()
