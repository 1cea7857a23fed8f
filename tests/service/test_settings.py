"""Settings come from the environment; production refuses unsafe ones. Each case runs in a subprocess
so that it reads its own environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SERVICE_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DATABASE_TEST_NAME",
    # Set by the browser tests' session fixture while Chromium runs (tests/browser/conftest.py);
    # inherited, it makes `check --deploy` report async.E001 when this file runs after them.
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "x7!kq2#vR9pL0mZ4sT8wY1bN6cF3hJ5dG0aE2uI7oP9lK4jH6gQ",
    "DJANGO_ALLOWED_HOSTS": "companion.example.org",
}


def _manage(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # the browser tests lift Django's async guard for their session; a deployment never has it
    clean = {k: v for k, v in os.environ.items() if k not in SERVICE_VARS and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean["SQLITE_PATH"] = str(tmp_path / "settings-test.sqlite3")
    clean["DJANGO_STATIC_ROOT"] = str(tmp_path / "static")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _setting(expression: str, tmp_path: Path, **env: str) -> str:
    code = f"from django.conf import settings; print({expression})"
    result = _manage("shell", "--no-imports", "-c", code, tmp_path=tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_production_refuses_the_development_secret_key(tmp_path: Path) -> None:
    result = _manage("check", tmp_path=tmp_path, DJANGO_DEBUG="false", DJANGO_ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts(tmp_path: Path) -> None:
    env = {**PRODUCTION, "DJANGO_ALLOWED_HOSTS": ""}
    result = _manage("check", tmp_path=tmp_path, **env)
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr


def test_check_deploy_is_clean_under_production_settings(tmp_path: Path) -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", tmp_path=tmp_path, **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_no_variables_give_sqlite_in_wal_mode_eager_celery_and_a_local_cache(tmp_path: Path) -> None:
    code = (
        "from django.db import connection; c = connection.cursor(); "
        "c.execute('PRAGMA journal_mode'); print(c.fetchone()[0]); c.execute('PRAGMA busy_timeout'); print(c.fetchone()[0])"
    )
    result = _manage("shell", "--no-imports", "-c", code, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["wal", "5000"]
    assert _setting("settings.CELERY_TASK_ALWAYS_EAGER, settings.DEBUG", tmp_path) == "True True"
    assert _setting("settings.CACHES['default']['BACKEND']", tmp_path).endswith("LocMemCache")


def test_database_url_switches_to_postgresql(tmp_path: Path) -> None:
    engine = _setting(
        "settings.DATABASES['default']['ENGINE']", tmp_path, DATABASE_URL="postgres://u:p@db:5432/companion"
    )
    assert engine == "companion.pg"  # Django's PostgreSQL backend with its waits bounded


def test_postgresql_timeouts_come_from_the_environment(tmp_path: Path) -> None:
    expression = (
        "settings.DATABASES['default']['OPTIONS']['connect_timeout'], "
        "settings.DATABASES['default']['OPTIONS']['options'], settings.COMPANION_DB_CLIENT_TIMEOUT_S"
    )
    url = "postgres://u:p@db:5432/companion"
    defaults = _setting(expression, tmp_path, DATABASE_URL=url)
    assert defaults == "3 -c statement_timeout=5000 -c lock_timeout=3000 6.0"
    env = {
        "DATABASE_CONNECT_TIMEOUT_S": "2",
        "DATABASE_STATEMENT_TIMEOUT_MS": "1500",
        "DATABASE_LOCK_TIMEOUT_MS": "700",
    }
    assert (
        _setting(expression, tmp_path, DATABASE_URL=url, **env) == "2 -c statement_timeout=1500 -c lock_timeout=700 2.5"
    )


def test_redis_url_switches_the_cache_and_celery_to_redis(tmp_path: Path) -> None:
    expression = "settings.CACHES['default']['BACKEND'], settings.CELERY_BROKER_URL, settings.CELERY_TASK_ALWAYS_EAGER"
    out = _setting(expression, tmp_path, REDIS_URL="redis://cache:6379/1")
    assert out == "django_redis.cache.RedisCache redis://cache:6379/1 False"


@pytest.mark.parametrize("name", ["CELERY_TASK_TIME_LIMIT", "CELERY_TASK_SOFT_TIME_LIMIT"])
def test_celery_has_explicit_time_limits_and_json(name: str) -> None:
    from django.conf import settings

    assert getattr(settings, name) > 0
    assert settings.CELERY_ACCEPT_CONTENT == ["json"]
