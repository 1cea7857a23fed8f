"""Issue 24 item 3 on PostgreSQL (``scripts/test.py --integration``): the write-endpoint fuzz of
``tests/security/test_write_fuzz.py`` with more examples, where a NUL in a text column or a number
past bigint is refused by a real server (a ``DataError`` was a 500 here). No 5xx, nothing stored
on refusal."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from tests.conftest import Person
from tests.security.test_write_fuzz import NAMES, fuzz, make_world

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def world(alice: Person, bob: Person, charlie: Person, dave: Person, settings: Any) -> dict[str, Any]:
    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL variant: run by scripts/test.py --integration")
    settings.THROTTLE_RATES = {}
    return {**make_world(alice, bob, charlie, dave), "client": alice.client}


@pytest.mark.parametrize("name", NAMES)
def test_on_postgresql_no_write_endpoint_answers_a_5xx_or_stores_on_refusal(world: dict[str, Any], name: str) -> None:
    fuzz(world, world["client"], name, examples=80)
