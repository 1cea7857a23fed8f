"""Settings, read from the environment (django-environ).

No variables at all gives a development setup that just works: a SQLite file under ``var/`` (WAL,
busy timeout), Celery tasks run eagerly, a local-memory cache and DEBUG on.

``DATABASE_URL``  PostgreSQL (``postgres://user:pass@host:5432/name``), psycopg 3.
``REDIS_URL``     Redis for the cache and the Celery broker/result backend (real workers).
``DJANGO_DEBUG``  ``false`` for production: a real ``DJANGO_SECRET_KEY`` and ``DJANGO_ALLOWED_HOSTS``
                  are then required, and the HTTPS hardening of ``check --deploy`` is on.
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured

# Lets generic classes (ModelAdmin[Player], Serializer[Any]) be subscripted at runtime for the type checker.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()

#: The development key. Production refuses to start with it (see below).
DEV_SECRET_KEY = "django-insecure-companion-development-key-do-not-use-in-production"

DEBUG: bool = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY: str = env.str("DJANGO_SECRET_KEY", default=DEV_SECRET_KEY)
#: Earlier keys, newest first (comma-separated): what they signed (sessions, CSRF, signed values)
#: still verifies while new values are signed with SECRET_KEY only (docs/deploy.md "Rotating the key").
SECRET_KEY_FALLBACKS: list[str] = env.list("DJANGO_SECRET_KEY_FALLBACKS", default=[])
ALLOWED_HOSTS: list[str] = env.list("DJANGO_ALLOWED_HOSTS", default=[])
CSRF_TRUSTED_ORIGINS: list[str] = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

if DEBUG:
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["127.0.0.1", "localhost", "[::1]", "testserver"]
else:
    if SECRET_KEY == DEV_SECRET_KEY or len(SECRET_KEY) < 50:
        raise ImproperlyConfigured(
            "DJANGO_DEBUG=false needs DJANGO_SECRET_KEY: a random value of 50+ characters, not the development key."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("DJANGO_DEBUG=false needs DJANGO_ALLOWED_HOSTS (comma-separated host names).")
    if DEV_SECRET_KEY in SECRET_KEY_FALLBACKS:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY_FALLBACKS must not hold the development key.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "csp",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "companion",
    "api",
    "league",
    "web",
]

#: Django's database sessions, with the sign-out record kept in step (companion/session_store.py)
SESSION_ENGINE = "companion.session_store"

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "api.middleware.ApiBodySizeMiddleware",
    "api.text_guard.ApiQueryTextMiddleware",
    "api.middleware.ApiTrailingSlashMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last, so it sees the views' exceptions first: JSON 500/503 under /api/
    "api.middleware.ApiErrorMiddleware",
]

ROOT_URLCONF = "companion.urls"
WSGI_APPLICATION = "companion.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# -- database ---------------------------------------------------------------------------------------
if "DATABASE_URL" in env:
    DATABASES = {"default": env.db("DATABASE_URL")}
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("DATABASE_CONN_MAX_AGE", default=0))
    # A persistent connection killed under us (a restarted server, pg_terminate_backend) is noticed
    # before the next request uses it, instead of failing that request.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # No wait on the database without a bound (docs/deploy.md, "Database timeouts"): connecting,
        # a statement, a lock wait; and the client's own bound for a database that stopped answering.
        DATABASES["default"]["ENGINE"] = "companion.pg"
        _options = DATABASES["default"].setdefault("OPTIONS", {})
        _options.setdefault("connect_timeout", env.int("DATABASE_CONNECT_TIMEOUT_S", default=3))
        # A migration (and the test run's set-up of its database, which migrates) may rightly run
        # long and wait for locks: only serving processes get the statement and lock timeouts.
        _one_off = sys.argv[1:2] == ["migrate"] or "pytest" in sys.modules
        _statement_ms = 0 if _one_off else env.int("DATABASE_STATEMENT_TIMEOUT_MS", default=5000)
        _lock_ms = 0 if _one_off else env.int("DATABASE_LOCK_TIMEOUT_MS", default=3000)
        _server = f"-c statement_timeout={_statement_ms} -c lock_timeout={_lock_ms}"
        _options["options"] = f"{_options['options']} {_server}" if _options.get("options") else _server
        COMPANION_DB_CLIENT_TIMEOUT_S = env.float(
            "DATABASE_CLIENT_TIMEOUT_S", default=_statement_ms / 1000 + 1 if _statement_ms else 0
        )
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env.str("SQLITE_PATH", default=str(VAR_DIR / "companion.sqlite3")),
            "OPTIONS": {
                # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock at BEGIN so
                # two appends queue on the busy timeout instead of failing with "database is locked".
                "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA busy_timeout=5000",
                "transaction_mode": "IMMEDIATE",
                "timeout": 5,
            },
            # Keep connections: closing the last connection to a WAL database checkpoints and fsyncs,
            # which would cost every request tens of milliseconds.
            "CONN_MAX_AGE": env.int("DATABASE_CONN_MAX_AGE", default=600),
            "CONN_HEALTH_CHECKS": True,
        }
    }
if test_name := env.str("DATABASE_TEST_NAME", default=""):
    # The integration suite points its Celery worker at the test database by name.
    DATABASES["default"]["TEST"] = {"NAME": test_name}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# -- cache and Celery ---------------------------------------------------------------------------------
REDIS_URL: str = env.str("REDIS_URL", default="")
if REDIS_URL:
    # The cache is an optimisation (states replay, league reads recompute): with Redis unreachable,
    # django-redis answers "miss" and drops writes instead of failing the request. The throttles'
    # counters get their own key prefix; with Redis down they let requests through (fail open).
    _REDIS_CACHE = {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {
            "IGNORE_EXCEPTIONS": True,
            "SOCKET_CONNECT_TIMEOUT": env.float("REDIS_CONNECT_TIMEOUT_S", default=0.25),
            "SOCKET_TIMEOUT": env.float("REDIS_TIMEOUT_S", default=0.5),
        },
    }
    CACHES = {"default": _REDIS_CACHE, "throttle": {**_REDIS_CACHE, "KEY_PREFIX": "throttle"}}
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "companion"},
        # the throttles' counters, apart from the state snapshots (the tests reset them between tests)
        "throttle": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "throttle"},
    }

CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = None  # no task's caller waits for a result: nothing to store
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
#: Every task is acknowledged after it ran, and handed back to the queue when the process running it
#: dies (kill -9, out of memory): derived data is redone, never skipped.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=300)
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=270)
#: Seconds before Redis hands a task reserved by a vanished worker to another one. It must exceed the
#: longest task time limit (300 s, a league derivation), or a task still running would be run twice at once.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT_S", default=600)}
#: A publish to an unreachable broker gives up quickly (the outbox keeps the work for the sweep)
#: instead of holding the phone's request for Celery's default retries.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.1, "interval_max": 0.1}
CELERY_BROKER_CONNECTION_TIMEOUT = env.float("CELERY_BROKER_CONNECTION_TIMEOUT_S", default=1.0)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
#: The queue this deployment's tasks go to. The integration suite gives each run its own, so that two
#: checkouts testing against one Redis never execute each other's tasks.
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="celery")
#: Seconds an outbox change (or a pending claim check) may wait before the sweep queues it again.
#: With the outbox sweep every 10 s, a change whose publish was lost is derived within 20 s plus the
#: derivation (issue 28: ≤ 30 s); queueing a change twice is harmless (derivation is idempotent).
COMPANION_OUTBOX_GRACE_S = env.float("COMPANION_OUTBOX_GRACE_S", default=10.0)
#: Celery beat: the sweep that hands lost work to the workers again (one beat per deployment).
CELERY_BEAT_SCHEDULE = {
    "outbox-sweep": {"task": "league.outbox_sweep", "schedule": env.float("COMPANION_SWEEP_EVERY_S", default=10.0)},
    "claims-sweep": {"task": "companion.claims_sweep", "schedule": env.float("COMPANION_SWEEP_EVERY_S", default=30.0)},
}
CELERY_BEAT_SCHEDULE_FILENAME = env.str("CELERY_BEAT_SCHEDULE_FILENAME", default=str(VAR_DIR / "celerybeat-schedule"))

#: Live updates (companion/live.py, api/live.py): Redis pub/sub between processes when set, else
#: in-process (one process: the embedded default).
COMPANION_LIVE_REDIS_URL: str = env.str("COMPANION_LIVE_REDIS_URL", default=REDIS_URL)
COMPANION_LIVE_REDIS_TIMEOUT_S = env.float("COMPANION_LIVE_REDIS_TIMEOUT_S", default=0.5)
#: A stream holds a thread under WSGI: gunicorn's threaded server turns streams away (503, the phones
#: poll) and leaves them to the ASGI live server (deploy/gunicorn-live.conf.py); runserver serves them.
COMPANION_LIVE_WSGI = env.bool("COMPANION_LIVE_WSGI", default=True)
#: Seconds between keep-alive comments on a quiet stream, and a stream's longest life (then the phone
#: reconnects, so a server restart or a stale proxy connection never leaves a phone deaf for long).
COMPANION_LIVE_PING_S = env.float("COMPANION_LIVE_PING_S", default=15.0)
COMPANION_LIVE_MAX_S = env.float("COMPANION_LIVE_MAX_S", default=300.0)
#: Seconds a stream's ticket (issued by the API, checked by the live server without the database) is good for.
COMPANION_LIVE_TICKET_S = env.float("COMPANION_LIVE_TICKET_S", default=60.0)
#: Seconds between the publishers' heartbeats through the relay; a phone that hears none for about
#: three of them says it is not live and polls fast (web/static/web/js/table/live.js).
COMPANION_LIVE_HEARTBEAT_S = env.float("COMPANION_LIVE_HEARTBEAT_S", default=2.0)
#: The live server drops a connection whose request headers are not complete within this many seconds.
COMPANION_LIVE_HEADER_TIMEOUT_S = env.float("COMPANION_LIVE_HEADER_TIMEOUT_S", default=5.0)

#: Seconds a match's cached state snapshot lives in the cache (it can always be rebuilt by replay).
COMPANION_SNAPSHOT_TIMEOUT = env.int("COMPANION_SNAPSHOT_TIMEOUT", default=24 * 3600)
#: The shared cache gets the state after every K-th event only (a process missing a state replays at
#: most K - 1 events from the last one): pickling a long match's state on every append costs ~2 ms.
COMPANION_SNAPSHOT_EVERY = env.int("COMPANION_SNAPSHOT_EVERY", default=16)
#: Bytes of unpickled states each process keeps (measured as their pickled size, the latest first).
COMPANION_STATE_MEMO_BYTES = env.int("COMPANION_STATE_MEMO_BYTES", default=32 * 1024 * 1024)
#: The history rows a summary carries (its latest, at most this many and this many bytes of JSON);
#: the older ones are paged (GET /matches/{id}/history), so the answer does not grow with the match.
COMPANION_SUMMARY_HISTORY_ROWS = env.int("COMPANION_SUMMARY_HISTORY_ROWS", default=10)
COMPANION_SUMMARY_HISTORY_BYTES = env.int("COMPANION_SUMMARY_HISTORY_BYTES", default=1536)
#: A claim answered within this many milliseconds is answered in the request (201); else 202 + Celery.
COMPANION_CLAIM_REQUEST_BUDGET_MS = env.int("COMPANION_CLAIM_REQUEST_BUDGET_MS", default=200)
#: The Celery task's budget for a claim check, in seconds; past it the verdict is "undetermined".
COMPANION_CLAIM_BUDGET_S = env.float("COMPANION_CLAIM_BUDGET_S", default=2.0)
#: Claim checks one process runs in requests at once; beyond it a claim goes straight to the worker (202).
COMPANION_CLAIM_CONCURRENCY = env.int("COMPANION_CLAIM_CONCURRENCY", default=4)
#: The claim task's Celery limits, seconds: past the soft one the claim is answered "undetermined",
#: past the hard one the worker process is killed (and the check's message redelivered).
COMPANION_CLAIM_TASK_SOFT_LIMIT_S = env.int("COMPANION_CLAIM_TASK_SOFT_LIMIT_S", default=20)
COMPANION_CLAIM_TASK_TIME_LIMIT_S = env.int("COMPANION_CLAIM_TASK_TIME_LIMIT_S", default=30)

# -- auth, i18n, static -------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LANGUAGE_CODE = "en"
# The four languages Companion speaks (docs/translations.md): every language menu offers these only.
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fi", "Suomi"), ("ru", "Русский")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("DJANGO_STATIC_ROOT", default=str(VAR_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
LOGIN_URL = "/admin/login/"

#: The largest request body the API reads (bytes) and the deepest JSON nesting it parses.
COMPANION_MAX_BODY_BYTES = env.int("COMPANION_MAX_BODY_BYTES", default=5 * 1024 * 1024)
COMPANION_MAX_JSON_DEPTH = env.int("COMPANION_MAX_JSON_DEPTH", default=32)
DATA_UPLOAD_MAX_MEMORY_SIZE = COMPANION_MAX_BODY_BYTES
#: How many reverse proxies in front of the service append to X-Forwarded-For. 0 (the default): the
#: header is ignored and the client's address is the connection's (a client cannot choose it).
COMPANION_TRUSTED_PROXIES = env.int("COMPANION_TRUSTED_PROXIES", default=0)

#: Requests per period, per client address (``*_address``) and per signed-in user (``*_user``) or
#: per username tried (``signin_username``). Each can be set with COMPANION_THROTTLE_<SCOPE>.
THROTTLE_DEFAULTS = {
    "guest_address": "30/hour",
    "signin_address": "30/minute",
    "signin_username": "10/minute",
    "join_address": "60/minute",
    "join_user": "20/minute",
    "claims_address": "120/minute",
    "claims_user": "60/minute",
    "imports_address": "60/minute",
    "imports_user": "30/minute",
    # accounts (issue 25): sign-up and reset mails per address, reset per address and per e-mail asked
    "signup_address": "10/hour",
    "reset_address": "10/hour",
    "reset_username": "5/hour",
    "invites_address": "60/minute",
    "invites_user": "20/minute",
}
THROTTLE_RATES = {
    scope: env.str(f"COMPANION_THROTTLE_{scope.upper()}", default=rate) for scope, rate in THROTTLE_DEFAULTS.items()
}

#: An expired guest token still works for ``auth/upgrade`` (only) this many days after it expired.
COMPANION_GUEST_UPGRADE_GRACE_DAYS = env.int("COMPANION_GUEST_UPGRADE_GRACE_DAYS", default=90)

# -- mail (password reset, roster invitations): the console unless SMTP is configured (docs/deploy.md) ----------
EMAIL_HOST: str = env.str("COMPANION_EMAIL_HOST", default="")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env.int("COMPANION_EMAIL_PORT", default=587)
EMAIL_HOST_USER: str = env.str("COMPANION_EMAIL_USER", default="")
EMAIL_HOST_PASSWORD: str = env.str("COMPANION_EMAIL_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("COMPANION_EMAIL_TLS", default=True)
EMAIL_TIMEOUT = env.int("COMPANION_EMAIL_TIMEOUT_S", default=10)
DEFAULT_FROM_EMAIL: str = env.str("COMPANION_EMAIL_FROM", default="companion@localhost")
#: A reset link works once, for this long (Django's PasswordResetTokenGenerator).
PASSWORD_RESET_TIMEOUT = env.int("COMPANION_PASSWORD_RESET_TIMEOUT_S", default=3 * 3600)

# -- tokens (django-rest-knox): only a hash is stored; a token lives TOKEN_TTL after its last use --------------
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env.int("COMPANION_TOKEN_TTL_DAYS", default=30)),
    "AUTO_REFRESH": True,
    "AUTO_REFRESH_MAX_TTL": timedelta(days=env.int("COMPANION_TOKEN_MAX_TTL_DAYS", default=365)),
    # one write per token per hour at most, not one per request
    "MIN_REFRESH_INTERVAL": 3600,
    "AUTH_HEADER_PREFIX": "Token",
}

# -- Content-Security-Policy: scripts and styles from this site only (the phone keeps its token in
# script-readable storage, so no injected or third-party script may run) --------------------------------
from csp.constants import NONCE  # noqa: E402 - used only here

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        # a nonce for the two inline scripts of the phone pages (the import map, the table's first request)
        "script-src": ["'self'", NONCE],
        # the league pages and charts set style attributes; styles cannot read storage
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# -- REST framework -------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "companion.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["api.renderers.LocalizedJSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_PARSER_CLASSES": ["api.parsers.GuardedJSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "api.exceptions.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "api.schema.CompanionAutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    "NUM_PROXIES": COMPANION_TRUSTED_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Companion API",
    "DESCRIPTION": "Keeps score and settles rules disputes for card games played at a real table.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}},
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "companion.models.Match.Status",
        "ClaimStatusEnum": "companion.models.ClaimCheck.Status",
    },
}

# -- production hardening (check --deploy) -----------------------------------------------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# -- operations: probes, metrics, request ids, JSON logs, Sentry (ops/, docs/deploy.md) -------------
INSTALLED_APPS += ["django_prometheus", "ops"]
MIDDLEWARE = [
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    # First: every later line of the request (and its access line) carries the request id.
    "ops.middleware.RequestIdMiddleware",
    # Before SecurityMiddleware: probes reach a host by its address over plain HTTP.
    "ops.middleware.ProbeMiddleware",
    *MIDDLEWARE,
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]
#: Metric files of every process (web workers, Celery's pool) go here when set. Created now, before
#: any metric exists, so a process started by hand (not only by the systemd unit) never fails on it.
PROMETHEUS_MULTIPROC_DIR: str = env.str("PROMETHEUS_MULTIPROC_DIR", default="")
if PROMETHEUS_MULTIPROC_DIR:
    Path(PROMETHEUS_MULTIPROC_DIR).mkdir(parents=True, exist_ok=True)
#: ``/metrics`` answers a request with ``Authorization: Bearer <token>`` ...
COMPANION_METRICS_TOKEN: str = env.str("COMPANION_METRICS_TOKEN", default="")
#: ... or from one of these addresses (the peer address: keep nginx from proxying /metrics).
COMPANION_METRICS_ALLOW_IPS: list[str] = env.list(
    "COMPANION_METRICS_ALLOW_IPS", default=["127.0.0.1", "::1"] if DEBUG else []
)

LOG_FORMAT = env.str("COMPANION_LOG_FORMAT", default="text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "ops.logs.RequestIdFilter"}},
    "formatters": {
        # ISO 8601 time, UTC (ops/logs.py); gunicorn's own lines use the same (deploy/gunicorn*.conf.py).
        "json": {
            "()": "ops.logs.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["request_id"], "formatter": LOG_FORMAT},
    },
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
    "loggers": {
        # One JSON line per request (method, path, status, duration_ms, request_id); off: WARNING.
        "companion.access": {"level": env.str("COMPANION_ACCESS_LOG_LEVEL", default="WARNING" if DEBUG else "INFO")},
    },
}

#: Error reporting when set; started by the ops app (``ops.apps``), so settings import no app.
SENTRY_DSN: str = env.str("SENTRY_DSN", default="")
SENTRY_ENVIRONMENT: str = env.str("SENTRY_ENVIRONMENT", default="production")
