"""Django settings for Scorebook.

Everything that differs between a laptop, CI and production comes from the environment:

    DATABASE_URL            postgres://user@host:5432/name; unset or empty means SQLite (db.sqlite3)
    SCOREBOOK_PG_PREPARE    "off" stops PostgreSQL's prepared statements (on by default; off
                            only behind a pooler that cannot keep them: docs/deploy.md)
    CACHE_URL               redis://host:6379/1: the cache every app server shares (Redis); unset
                            or empty means each process's own memory (one process only, no server)
    DJANGO_DEBUG            "1" (default, development) or "0" (production)
    DJANGO_SECRET_KEY       required in production; the default is for development only
    DJANGO_ALLOWED_HOSTS    comma-separated; default "127.0.0.1,localhost,testserver"
    DJANGO_CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. "https://scores.example.org"
    DJANGO_SECURE_SSL_REDIRECT   "1"/"0"; defaults to on when DEBUG is off. Turn it off to
                                 serve plain HTTP on loopback (benchmarks, a local gunicorn)
    DJANGO_SECURE_PROXY_SSL_HEADER  "1" when a proxy in front sets X-Forwarded-Proto
    DJANGO_NUM_PROXIES      how many proxies in front add to X-Forwarded-For (default 0: the
                            client's address is REMOTE_ADDR); throttles and lockouts count by it
    DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS, DJANGO_SECURE_HSTS_PRELOAD  "1" to opt in (default off:
                            both bind every subdomain, and a preload is hard to undo)
    SCOREBOOK_BUILD_ID      what the rendered parts in the cache are keyed by (default: a hash of the
                            templates, static files, translations and code, made at start-up)
    SCOREBOOK_RATE_USER, _ANON, _TOKEN, _IMPORT, _SIGNUP, _JOIN  request rates, e.g. "1200/min";
                            "off" turns one off (docs/security.md says what each counts)
    SCOREBOOK_RATE_SIGNIN_FAILURES  failed sign-ins from one address, whatever the user name, before
                            its sign-ins and sign-ups are refused (default "30/hour")
    SCOREBOOK_LOGIN_FAILURES, SCOREBOOK_LOCKOUT_MINUTES  failed sign-ins before a lockout (5), and
                            how long it lasts (15)
    SCOREBOOK_TOKEN_DAYS    how long an API token lives (30)
    SCOREBOOK_MAX_MEMBERS   how many people may join one match besides its owner (20)
    SCOREBOOK_MAX_BODY_MB   the largest request body or match file, in MB (default 2.5: a match
                            file of 1,000 writes is under 2)
"""
import hashlib
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """Read "1"/"0" (also "true"/"false", "yes"/"no") from the environment."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    return value in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in (os.environ.get(name) or default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)
DEVELOPMENT_KEY = "django-insecure-dev-only-scorebook-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or DEVELOPMENT_KEY
# Production never runs on the public development key (anyone could sign sessions and reset
# tokens with it), nor on a short or placeholder one: refuse to start instead.
if not DEBUG and (SECRET_KEY == DEVELOPMENT_KEY or SECRET_KEY.startswith("django-insecure")
                  or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5):
    raise ImproperlyConfigured("DJANGO_DEBUG=0 needs DJANGO_SECRET_KEY: 50 or more random characters, "
                               "e.g. python -c 'import secrets; print(secrets.token_urlsafe(50))'")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served from our own static files, no CDN
    "django_htmx",
    "template_partials",
    "axes",
    "scorebook",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # right after SecurityMiddleware, as documented
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # after sessions, before CommonMiddleware
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # After authentication: a session older than its user's last "sign out everywhere" ends.
    "scorebook.accounts.SessionEpochMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "scorebook.web.middleware.ContentSecurityPolicy",  # django-csp's, but not on a 204 or a 304
    "scorebook.web.middleware.NoStore",  # the token page, the exports and the API: no cache keeps them
    "django_htmx.middleware.HtmxMiddleware",
    # The write path's refusals (scorebook/errors.py) as Django's 404 and 403.
    "scorebook.web.middleware.DomainErrors",
    # After CSRF and authentication: a page's write counts against its writer's rate (the API's).
    "scorebook.web.middleware.PageWrites",
    # A sign-in refused for the address's failed sign-ins (scorebook/limits.py) answers 429.
    "scorebook.limits.FailedSignInsAnswer",
    "axes.middleware.AxesMiddleware",  # last, as documented: turns a lockout into its answer
]

ROOT_URLCONF = "scorebook.urls"
WSGI_APPLICATION = "scorebook.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # The guest places a signed-in browser holds, offered to its user (base.html).
                "scorebook.web.people.guest_places_context",
            ],
        },
    },
]

# DATABASE_URL alone switches SQLite <-> PostgreSQL. `or`, not a default argument: a set but
# empty DATABASE_URL would otherwise parse to {} and fail with KeyError: 'ENGINE' (gotcha 3).
# No ATOMIC_REQUESTS: with SQLite IMMEDIATE every GET would wait for the write lock (gotcha 1).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",  # take the write lock at BEGIN: no SQLITE_BUSY halfway
        "timeout": 5,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not the in-memory shared-cache database: threaded tests (live_server, two phones)
    # fail there with "database table is locked", which ignores the busy timeout (gotcha 2).
    # A file, not memory (threaded tests, gotcha 2); SCOREBOOK_TEST_DB lets two runs sit side by side.
    DATABASES["default"]["TEST"] = {"NAME": os.environ.get("SCOREBOOK_TEST_DB") or str(BASE_DIR / "test_db.sqlite3")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with a health check that looks at the socket before it asks the server
    # (scorebook/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "scorebook.postgresql"
    # The statements a worker sends again and again (a poll's, an append's) are planned once per
    # connection, not on every request: psycopg prepares a statement on its 5th use, which needs the
    # parameters sent apart from the query (server-side binding). Parsing and planning an append's two
    # statements cost PostgreSQL more than running them. SCOREBOOK_PG_PREPARE=off turns it off
    # (a pooler in front that cannot keep prepared statements: docs/deploy.md).
    DATABASES["default"]["OPTIONS"] = {
        "server_side_binding": True,
        "prepare_threshold": None if os.environ.get("SCOREBOOK_PG_PREPARE", "").strip() == "off" else 5,
    }
# Persistent connections per worker (health-checked before reuse): on SQLite too, where opening
# the file and running the PRAGMAs above cost more than a poll's whole answer.
DATABASES["default"]["CONN_MAX_AGE"] = 600

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The build: what the rendered parts are made of (templates, static files, compiled translations
# and the code), hashed once at start-up; or SCOREBOOK_BUILD_ID (a release's commit) when set. It is
# in the key prefix of every rendered part (scorebook/caches.py): a deploy that changes any of them
# never serves a page or a sheet rendered by the one before.
def build_id() -> str:
    given = (os.environ.get("SCOREBOOK_BUILD_ID") or "").strip()
    if given:
        return given
    digest = hashlib.sha256()
    for folder, pattern in ((BASE_DIR / "templates", "*.html"), (BASE_DIR / "static", "*"),
                            (BASE_DIR / "scorebook" / "locale", "*.mo"), (BASE_DIR / "scorebook", "*.py"),
                            (BASE_DIR / "referee", "*.py")):
        for path in sorted(folder.rglob(pattern)):
            if path.is_file():
                digest.update(str(path.relative_to(BASE_DIR)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


SCOREBOOK_BUILD_ID = build_id()

# The cache: each match's version entry and the request counters (default), and what is rendered
# of each match (rendered: its prefix names the build). Shared by every app server through Redis
# (django-redis: Django's cache API, one redis-py client per server; Django's own backend makes a
# new client for every call, which cost a poll ~90 µs a call: docs/performance.md); without
# CACHE_URL each process keeps its own in memory, which needs no server and is right for one
# process. Nothing secret is kept there (docs/security.md).
CACHE_URL = (os.environ.get("CACHE_URL") or "").strip()
CACHES: dict[str, dict[str, Any]]
if CACHE_URL:
    CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": CACHE_URL,
                    "KEY_PREFIX": "scorebook"},
        "rendered": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": CACHE_URL,
                     "KEY_PREFIX": f"scorebook:{SCOREBOOK_BUILD_ID}"},
    }
    # The session from the cache, the database behind it: no query per request for it.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "scorebook",
                    "OPTIONS": {"MAX_ENTRIES": 20_000}},
        "rendered": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "scorebook-rendered",
                     "KEY_PREFIX": f"scorebook:{SCOREBOOK_BUILD_ID}", "OPTIONS": {"MAX_ENTRIES": 20_000}},
    }
    # Sessions stay in the database: with a cache of its own, a process would still know a session
    # that another process signed out.
    SESSION_ENGINE = "django.contrib.sessions.backends.db"
# How long a match's version entry stays in the cache. Writes set it, so a shared cache may keep it
# long; a process's own memory keeps it seconds, in case other processes write.
SCOREBOOK_LIVE_TTL = 60 * 60 if CACHE_URL else 5

# A larger body answers 413 in the API (scorebook/api/errors.py); the import page refuses a larger file.
DATA_UPLOAD_MAX_MEMORY_SIZE = int(float(os.environ.get("SCOREBOOK_MAX_BODY_MB") or 2.5) * 1024 * 1024)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    # Refuses nothing: a new password deletes the user's API token (scorebook/accounts.py).
    {"NAME": "scorebook.accounts.TokensEndWithThePassword"},
]

# The first two refuse a sign-in before any password is hashed: from an address over its rate of
# failed sign-ins (scorebook/limits.py), then a locked-out user name at an address (axes). The
# third keeps a session's "sign out everywhere" epoch in the same query as its user
# (scorebook/accounts.py).
AUTHENTICATION_BACKENDS = [
    "scorebook.limits.FailedSignInsBackend",
    "axes.backends.AxesStandaloneBackend",
    "scorebook.accounts.EpochBackend",
]

LOGIN_URL = "web:login"
LOGIN_REDIRECT_URL = "web:home"
LOGOUT_REDIRECT_URL = "web:home"

# Languages: English source strings, Russian and Ukrainian translations in scorebook/locale/.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ru", "Русский"),
    ("uk", "Українська"),
]
LOCALE_PATHS = [BASE_DIR / "scorebook" / "locale"]
# The language switch's cookie goes with the site's own requests and top-level links only (Django
# sets no SameSite on it by default), and in production over HTTPS only, as the session's and CSRF's.
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = not DEBUG
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Django's two finders, then the browser's engine: Pyodide from node_modules/ (``make`` installs it)
# and referee/ as one archive named by its content (scorebook/phone/bundle.py).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "scorebook.phone.bundle.EngineFinder",
]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names in production (run collectstatic first). In development the
    # plain storage, so no manifest is needed; tests force it too (tests/conftest.py, gotcha 5).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# ---------------------------------------------------------------- limits (docs/security.md)

def env_rate(name: str, default: str) -> str | None:
    """A request rate ("1200/min") from the environment; "off" (or "0", "none") turns it off."""
    value = (os.environ.get(name) or default).strip()
    return None if value.lower() in {"off", "0", "none"} else value


# A table of six phones polling the API every 3 s makes 120 requests a minute; the rates leave
# room for that many times over. Counted in the cache, atomically, in a sliding window
# (scorebook/limits.py): shared by every process with CACHE_URL, per process without it. The
# pages' writes count against "user" too.
SCOREBOOK_RATES = {
    "user": env_rate("SCOREBOOK_RATE_USER", "1200/min"),  # each signed-in user, every API request
    "anon": env_rate("SCOREBOOK_RATE_ANON", "120/min"),  # each address, API requests without a user
    "token": env_rate("SCOREBOOK_RATE_TOKEN", "10/min"),  # each address (or user), /api/token/
    "import": env_rate("SCOREBOOK_RATE_IMPORT", "30/hour"),  # each user: an import replays 1,000 writes
    "signup": env_rate("SCOREBOOK_RATE_SIGNUP", "10/hour"),  # each address, accounts created
    "join": env_rate("SCOREBOOK_RATE_JOIN", "30/hour"),  # each address, people joining tables (page, API)
    # Each address, failed sign-ins whatever the name (a spray): six friends behind one router who
    # mistype four times each make 24 (docs/security.md). Checked before a password is hashed.
    "signin_failures": env_rate("SCOREBOOK_RATE_SIGNIN_FAILURES", "30/hour"),
}
SCOREBOOK_TOKEN_TTL = timedelta(days=int(os.environ.get("SCOREBOOK_TOKEN_DAYS") or 30))
# How many people may join one match besides its owner (a table of 6 players, their phones and a
# few watchers fits easily): an invite link passed around lets no flood of guests in.
SCOREBOOK_MAX_MEMBERS = int(os.environ.get("SCOREBOOK_MAX_MEMBERS") or 20)

# Failed sign-ins (pages, admin, /api/token/): the same user name from the same address is locked
# out after 5 failures for 15 minutes; every failure meanwhile starts the 15 minutes again. Not by
# address alone: six friends behind one router must not lock each other out.
AXES_FAILURE_LIMIT = int(os.environ.get("SCOREBOOK_LOGIN_FAILURES") or 5)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SCOREBOOK_LOCKOUT_MINUTES") or 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorebook.limits.locked_out"  # 429, Retry-After, the API's shape or a page
AXES_CLIENT_IP_CALLABLE = "scorebook.limits.client_address"  # the address the throttles count by
AXES_DISABLE_ACCESS_LOG = True  # only failures are kept: no row per successful sign-in

REST_FRAMEWORK = {
    # Token first: an unauthenticated request answers 401 with "WWW-Authenticate: Token" (the first
    # class names the scheme; with the session first it was a 403 without it).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "scorebook.api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "scorebook.api.authentication.GuestAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "scorebook.limits.PerUser",
        "scorebook.limits.PerAddress",
        "scorebook.limits.PerView",
    ],
    # The browsable API only in development: in production the API answers JSON alone.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "NUM_PROXIES": int(os.environ.get("DJANGO_NUM_PROXIES") or 0),
    # Signed in; a guest (his key) only at the views of the match he joined.
    "DEFAULT_PERMISSION_CLASSES": ["scorebook.api.authentication.GuestsWelcome"],
    # JSON only: form parsers would turn 0 into "0" and hide shape errors (gotcha 8).
    # Ours refuses JSON nested too deep (scorebook/limits.py).
    "DEFAULT_PARSER_CLASSES": ["scorebook.api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    # Every refused write answers in API.md's {"violations": [...]} shape.
    "EXCEPTION_HANDLER": "scorebook.api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Scorebook API",
    "DESCRIPTION": "Scoresheets for card games; every entry is checked against the rules. "
                   "Every violation code: docs/codes.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,  # separate request schemas keep minLength etc. (gotcha 8)
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The roles at a table: what a member may be, and what anyone at the table is (the owner too).
    "ENUM_NAME_OVERRIDES": {"MemberRoleEnum": "referee.roles.GRANTABLE", "TableRoleEnum": "referee.roles.ROLES",
                            "DealStatusEnum": "referee.roles.STATUSES", "RowStatusEnum": "referee.roles.ROW_STATUSES",
                            # A deal's history, in the API's answers and in a match file alike.
                            "RevisionKindEnum": "scorebook.api.answers.KINDS"},
}

# Production hardening: on whenever DEBUG is off, so `manage.py check --deploy` is clean.
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    # Opt-in: both bind every subdomain of the site's domain to HTTPS for a year, and a preload
    # list entry takes months to undo. check --deploy warns when they are off; that is the choice.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_flag("DJANGO_SECURE_HSTS_PRELOAD", False)
    SILENCED_SYSTEM_CHECKS = ([] if SECURE_HSTS_INCLUDE_SUBDOMAINS else ["security.W005"]) + (
        [] if SECURE_HSTS_PRELOAD else ["security.W021"])
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
if env_flag("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# No inline script anywhere (static/js/); style attributes only (the sheet's --players and the
# like): no <style> element, so htmx's own indicator style is off (base.html) and in app.css.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
