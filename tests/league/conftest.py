from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from tests.conftest import Person
from tests.league.helpers import League, league_build


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Memoised league reads live in the process-wide local-memory cache: start every test empty."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def committing(django_capture_on_commit_callbacks: Any) -> Callable[[], AbstractContextManager[Any]]:
    """Tasks are queued on commit; tests run inside one transaction, so run them when a write ends."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def cast(alice: Person, bob: Person, charlie: Person, dave: Person) -> list[Person]:
    return [alice, bob, charlie, dave]


@pytest.fixture
def league(cast: list[Person], committing: Callable[[], AbstractContextManager[Any]]) -> League:
    """The hand-worked league of ``tests.league.helpers``."""
    return league_build(cast, committing)
