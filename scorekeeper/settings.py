"""Settings for the scorekeeper, read from environment variables.

One file for every environment: the defaults are safe for a laptop (SQLite
under var/, DEBUG off), and production sets what it needs through the
environment (see README, "Deploy").
"""

import os
import re
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


RATE_UNITS = {"s": 1, "m": 60, "h": 60 * 60, "d": 24 * 60 * 60}


def env_rates(name: str, default: str) -> list[tuple[int, int]]:
    """ "5/h,20/d": at most 5 an hour and 20 a day, as (tries, seconds); a typo stops the server at start."""
    rates = []
    for rate in env_list(name, default):
        tries, _, unit = rate.partition("/")
        if unit not in RATE_UNITS or not tries.isdigit():
            raise ValueError(f"{name}: {rate!r} is not a rate such as 5/h (s, m, h or d)")
        rates.append((int(tries), RATE_UNITS[unit]))
    return rates


DEBUG = env_bool("DJANGO_DEBUG")
# Without a key Django refuses to sign anything (sessions, CSRF), which is the
# point: a production server must be given one. Commands that sign nothing
# (migrate, replay) still work without it; serving does not (see
# scorekeeper/checks.py, run by `check --deploy` and by gunicorn at start).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "django-insecure-development-and-tests-only"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "csp",
    "scorekeeper.apps.ScorekeeperConfig",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages shrink to a third on a phone's slow link. Below WhiteNoise, which
    # serves static files already compressed; Django's gzip pads its output
    # against BREACH, and the CSRF token is masked per response anyway.
    "scorekeeper.middleware.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the phone's cookie (the footer's switch, or a signed-in
    # person's own language, put there at sign-in: docs/I18N.md), else the browser's
    # Accept-Language; a league's own language overrides both on its public
    # pages (games.permissions.shown_in_its_language). Sets <html lang>.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A table link's phone (no account) sent to log in: 403, with a link back to its game.
    "games.views.guests.TableGuestMiddleware",
    "scorekeeper.middleware.HtmxMessagesMiddleware",
    "scorekeeper.middleware.HtmxVaryMiddleware",
    "scorekeeper.middleware.LeagueTimeZoneMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

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

WSGI_APPLICATION = "scorekeeper.wsgi.application"

# SQLite is the embedded default. Several phones write to one game at once, so
# it runs in WAL mode, takes the write lock at BEGIN (IMMEDIATE) and waits up
# to 20 s for it instead of failing with "database is locked".
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "var" / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{SQLITE_PATH}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    SQLITE_PATH.parent.mkdir(parents=True, exist_ok=True)
    # Connections are kept like PostgreSQL's: opening one (and its PRAGMAs)
    # cost a trivial request more than half its time under load. An idle
    # connection holds no snapshot, so WAL checkpoints still complete.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file, not the default shared-cache memory database: it locks
    # whole tables and fails at once instead of waiting, so the tests of
    # phones writing at the same time would not see what production sees.
    # The process id keeps two runs in one checkout apart.
    DATABASES["default"]["TEST"] = {"NAME": str(SQLITE_PATH.parent / f"test-{os.getpid()}.sqlite3")}
else:
    # Several checkouts may share one PostgreSQL server (and its test
    # database): name the test database after the checkout.
    checkout = re.sub(r"\W", "_", BASE_DIR.name).lower()
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{checkout}"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "games:home"

LANGUAGE_CODE = "en"
# The table's languages (issue 25): English and the four the catalogs under
# locale/ carry. Names in their own language, as a switch shows them.
LANGUAGES = [
    ("en", "English"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("fr", "Français"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates, times and percentages as each language writes them, before Django's
# own formats (scorekeeper/formats/; docs/I18N.md).
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
# The footer's switch is kept a year on this phone, as the theme is kept (a
# session cookie would forget it when the browser closes).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    # css/app.bundle.css and js/app.bundle.js: every page's assets in two files.
    "scorekeeper.bundles.BundleFinder",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# DEBUG (and the tests, scorekeeper/settings_test.py) serve straight from the source folders.
WHITENOISE_USE_FINDERS = DEBUG
if WHITENOISE_USE_FINDERS:
    # WhiteNoise warns on every request when STATIC_ROOT is missing, though it
    # serves from the source folders here; collectstatic fills it in production.
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# WhiteNoise's own table lacks the web app manifest; browsers want its real type.
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Login attempts and imports are counted in games.models.Attempts, one atomic
# statement a try, so every gunicorn worker and every container sees the same
# count, bursts included. The "ratelimit" cache below is django-ratelimit's
# (its table made by migration 0003); its get-then-set counters under-count a
# burst, so a brake on guessing belongs in Attempts.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Counters live a minute; room for a flood from many addresses without
    # culling (the default 300 entries let junk names push real ones out).
    "ratelimit": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "ratelimit_cache",
        "OPTIONS": {"MAX_ENTRIES": 1_000_000},
    },
}
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_IP_META_KEY = "games.views.logins.client_address"

# What one account or one address may import (README, Configuration): every
# try counts, refused or not, before its file is read. A league file copied
# again and again grew the database by 31-49 MB a try, some 30 GB an hour.
# manage.py import_league, the server's own command line, is not counted.
LEAGUE_IMPORTS_PER_ACCOUNT = env_rates("LEAGUE_IMPORTS_PER_ACCOUNT", "5/h,20/d")
LEAGUE_IMPORTS_PER_ADDRESS = env_rates("LEAGUE_IMPORTS_PER_ADDRESS", "10/h,50/d")
# A scoresheet is one game of at most 2,000 hands, into a league the account scores in.
GAME_IMPORTS_PER_ACCOUNT = env_rates("GAME_IMPORTS_PER_ACCOUNT", "30/h,200/d")
GAME_IMPORTS_PER_ADDRESS = env_rates("GAME_IMPORTS_PER_ADDRESS", "60/h,400/d")
# The biggest league file the import page takes: about 2,800 games. Bigger
# backups go through manage.py import_league, as the page says.
LEAGUE_FILE_MAX_MB = env_int("LEAGUE_FILE_MAX_MB", 5)
# A league's ceiling, for the web, the imports and the command line alike, so
# that every league the app holds can be exported and imported again; the
# 20,000-game league of benchmarks/league_backup.py has some 250,000 hands.
# Hands are counted where a league file or a scoresheet brings them; at the
# table a league grows by the games it holds, of at most 2,000 hands each.
LEAGUE_MOST_GAMES = env_int("LEAGUE_MOST_GAMES", 20_000)
LEAGUE_MOST_PLAYERS = env_int("LEAGUE_MOST_PLAYERS", 1_000)
LEAGUE_MOST_HANDS = env_int("LEAGUE_MOST_HANDS", 1_000_000)

# A forgotten password is reset by its holder through a link sent to the
# account's e-mail address (Django's password reset; games/views/accounts.py),
# which works once, for an hour. No one else can set an account's password
# (issue 34): an organizer's link for a member was the way into their account.
PASSWORD_RESET_TIMEOUT = 60 * 60

# E-mail: the reset links. DEBUG (`make run`) prints each message on the
# console; a server sends through the SMTP server given here. A message that
# can't be sent is logged, and the page says the same as for one sent (it
# never tells whether an address has an account).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend" if DEBUG else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# Security. Cookies are secure unless we are developing on plain http.
SECURE_COOKIES = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
LANGUAGE_COOKIE_SECURE = SECURE_COOKIES
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", False)
# Docker's health check asks over plain http from inside the container.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
BEHIND_TLS_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# No inline script anywhere: htmx is configured through a <meta> tag and our
# own code lives in static/js.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals_without_traceback": {"()": "scorekeeper.log_filters.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # One line for each refused request (403), not a traceback.
    "loggers": {"django.request": {"filters": ["refusals_without_traceback"]}},
}
