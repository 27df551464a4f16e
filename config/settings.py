"""Settings come from the environment; every value has a default that runs
on one machine with nothing but Python (SQLite, in-memory channels, eager
Celery, console email)."""

from pathlib import Path

import environ
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _
from pythonjsonlogger.core import RESERVED_ATTRS

from config.error_reporting import start_error_reporting
from config.redis_hosts import channel_layer_host

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("DJANGO_SECRET_KEY", default="insecure-development-key-change-me" if DEBUG else environ.Env.NOTSET)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env("SITE_URL", default="http://localhost:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    # Kept for its migrations: 0004 of accounts moves its tokens into accounts.ApiToken and empties it.
    "rest_framework.authtoken",
    "knox",
    "drf_spectacular",
    "channels",
    "allauth",
    "allauth.account",
    "csp",
    "django_guid",
    "plumbing",
    "accounts",
    "games",
    "rankings",
    "notifications",
]

MIDDLEWARE = [
    # A player's view of a game and a move go through HOT_PATH_MIDDLEWARE instead of the rest (config/hot_path.py).
    "config.hot_path.HotPathMiddleware",
    # Every later limit, throttle and log line sees the proxy-aware client address.
    "config.client_address.ClientAddressMiddleware",
    # The request's id (X-Request-ID, made up when absent or not a UUID) for every log line it causes.
    "django_guid.middleware.guid_middleware",
    "config.access_log.AccessLogMiddleware",
    "config.body_limit.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # django-csp's, with the header built once (config/csp.py).
    "config.csp.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # request.htmx: views answer htmx's requests with the fragment it swaps in, other requests with the page.
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Reads request.user. Under ASGI the whole chain runs in one thread (config/http_handler.py).
    "accounts.middleware.UserPreferencesMiddleware",
    "config.db_busy.DatabaseBusyMiddleware",
]

# MIDDLEWARE without what a JSON answer of the two hot API views never needs (config/hot_path.py says why).
HOT_PATH_LEFT_OUT = {
    "config.hot_path.HotPathMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
}
HOT_PATH_MIDDLEWARE = [path for path in MIDDLEWARE if path not in HOT_PATH_LEFT_OUT]

ROOT_URLCONF = "config.urls"
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
                "django.template.context_processors.i18n",
                "notifications.context_processors.bell",
            ],
        },
    },
]
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One process serves pages, the API and the inline bot at once: SQLite as a server wants it.
    # WAL lets readers go on while one writes; a write transaction takes the write lock when it
    # begins (IMMEDIATE), so it waits its turn (the timeout) instead of failing with "database is
    # locked" when it would have to upgrade a read lock another writer stands in front of.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20,
        transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    )
elif env.int("DATABASE_POOL_SIZE", default=10) > 0:
    # Under ASGI each request runs in a context of its own, so a persistent connection would be
    # opened (and left behind) per request; a pool hands the same few connections round instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # Parameters bound on the server, and statements prepared once a connection has run them
    # twice: PostgreSQL then stops parsing and planning the same few queries for every request
    # (Django leaves preparing off, for poolers outside the process; this pool is inside it).
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 2
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 2,
        "max_size": env.int("DATABASE_POOL_SIZE", default=10),
        "timeout": 10,
    }
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # One stuck lock or runaway query must not hold requests (and pooled connections) for long: the
    # statement is cancelled and the request answered with 503 (config/db_busy.py). 0 turns either off.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = " ".join(
        [
            DATABASES["default"].get("OPTIONS", {}).get("options", ""),
            f"-c statement_timeout={env.int('DATABASE_STATEMENT_TIMEOUT_MS', default=15000)}",
            f"-c lock_timeout={env.int('DATABASE_LOCK_TIMEOUT_MS', default=5000)}",
        ]
    ).strip()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# Sessions are read on every signed-in page and WebSocket connect: from the cache, the database behind it.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# Django's cookie-then-session storage, made only when a message is used (config/messages.py).
MESSAGE_STORAGE = "config.messages.LazyFallbackStorage"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

# Accounts (django-allauth): sign in with the username or the email address; a new address counts
# only once its owner followed the link sent to it (accounts/emails.py), and no page tells whether
# an address has an account (signing up with a taken one emails its owner instead).
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm", "signup": "accounts.forms.SignupForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
# allauth's own address page (/accounts/email/: send the link again, change the address) asks for the
# password first, as the settings page does: a left-open session must not be enough to take the account.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_REAUTHENTICATION_REQUIRED = True
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https:") else "http"
# allauth counts per REMOTE_ADDR, which config.client_address has already set from the trusted proxies
# (TRUSTED_PROXY_COUNT below); reading X-Forwarded-For a second time would count what a client forged.
ALLAUTH_TRUSTED_PROXY_COUNT = 0
# Attempts per client address ("ip"), per target address ("key") or per signed-in user ("user").
AUTH_ATTEMPTS_PER_MINUTE = env.int("AUTH_ATTEMPTS_PER_MINUTE", default=20)
ACCOUNT_RATE_LIMITS = {
    "login": f"{AUTH_ATTEMPTS_PER_MINUTE}/m/ip",
    "login_failed": f"{AUTH_ATTEMPTS_PER_MINUTE}/m/ip,5/5m/key",
    "signup": f"{AUTH_ATTEMPTS_PER_MINUTE}/m/ip",
    # Reset emails one client may ask for, and one address may receive, per hour.
    "reset_password": "5/h/ip,3/h/key",
    "reset_password_from_key": f"{AUTH_ATTEMPTS_PER_MINUTE}/m/ip",
    # Changing the email address (settings page and API) and wrong passwords given for it.
    "manage_email": "10/h/user",
    "change_password": "5/m/user",
    "confirm_email": "1/3m/key",
    "reauthenticate": "10/h/user",
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Texts read from data files and translated when shown (manage.py rebuild_catalogs adds them).
CATALOG_DATA_MESSAGES = ["games.catalog_data.data_messages"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": REDIS_URL,
            # An unreachable Redis costs a page at most this long per operation.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CHANNEL_LAYERS = {
        # Redis pushes each announcement to the subscribed web workers (one PUBLISH per group); the
        # list-based layer polled Redis several round trips per message and fell seconds behind at
        # 100 moves a second. Announcements only say "version n": one lost in a Redis restart is
        # made good by the clients' next ping.
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [channel_layer_host(REDIS_URL)]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# The Redis keys of the games' read snapshots (games/services/read_snapshot.py), per database: game
# ids are only unique within one.
READ_SNAPSHOT_PREFIX = f"game-read:{DATABASES['default'].get('NAME', '')}:"

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
# One Redis client per channel for publishing (plumbing/broker.py); other brokers keep kombu's transport.
CELERY_BROKER_TRANSPORT = "plumbing.broker:Transport" if CELERY_BROKER_URL.startswith("redis://") else None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# With late acks, a task whose worker died goes back to the queue after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600)}
# A hand-over to an unreachable broker gives up after this long (the outbox sweep hands the work out
# again), instead of keeping the web process's thread for the default four seconds per task.
CELERY_BROKER_CONNECTION_TIMEOUT = env.float("CELERY_BROKER_CONNECTION_TIMEOUT", default=1)
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "sweep-outbox": {"task": "plumbing.tasks.sweep_outbox", "schedule": env.float("OUTBOX_SWEEP_SECONDS", 30)},
    "sweep-timeouts": {"task": "games.tasks.sweep_timeouts", "schedule": env.int("TIMEOUT_SWEEP_SECONDS", 60)},
    "advance-tournaments": {"task": "rankings.tasks.advance_tournaments", "schedule": 300},
    "send-reminders": {
        "task": "notifications.tasks.send_reminders",
        "schedule": env.int("REMINDER_SWEEP_SECONDS", 300),
    },
    "send-digests": {"task": "notifications.tasks.send_digests", "schedule": env.int("DIGEST_SWEEP_SECONDS", 300)},
}

# The outbox (plumbing/outbox.py): follow-up work still pending this long after it was due is handed
# out again by the sweep; a failing entry is tried again after 30 s, 60 s, 120 s, ... and given up
# (marked failed, shown in the admin) after the last attempt; done entries are kept for some days.
OUTBOX_GRACE_SECONDS = env.float("OUTBOX_GRACE_SECONDS", default=60)
# A bot's turns run under a lease its loop renews as it plays: a worker that died mid-turn leaves the
# game to the next sweep after this long (with the 30 s sweep, a bot moves again within a minute).
BOT_LEASE_SECONDS = env.int("BOT_LEASE_SECONDS", default=20)
OUTBOX_RETRY_SECONDS = env.float("OUTBOX_RETRY_SECONDS", default=30)
OUTBOX_MAX_ATTEMPTS = env.int("OUTBOX_MAX_ATTEMPTS", default=8)
OUTBOX_KEEP_DAYS = env.int("OUTBOX_KEEP_DAYS", default=7)
# Without a broker (CELERY_TASK_ALWAYS_EAGER) there is no beat: a web process runs the due entries
# (retries, postponed work, lost hand-overs) after a request's answer, at most this often; 0: never.
OUTBOX_EAGER_SWEEP_SECONDS = env.float("OUTBOX_EAGER_SWEEP_SECONDS", default=30)

# Days per calendar year on which a player's correspondence deadlines may stand still.
VACATION_DAYS_PER_YEAR = env.int("VACATION_DAYS_PER_YEAR", default=30)

EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
if "EMAIL_URL" not in env and env("EMAIL_HOST", default=""):
    # The usual separate settings work too: EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, ...
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env("EMAIL_HOST")
    EMAIL_PORT = env.int("EMAIL_PORT", default=587)
    EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=EMAIL_PORT == 587)
    EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=EMAIL_PORT == 465)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=20)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Boardgame Club <noreply@localhost>")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "accounts.authentication.CachedTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "plumbing.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "plumbing.api.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"auth": env("AUTH_THROTTLE_RATE", default="20/min")},
    # REMOTE_ADDR already holds the proxy-aware client address; never read X-Forwarded-For again.
    "NUM_PROXIES": 0,
}
# How long an API token works after it was handed out; asking again with the password gives a new one.
API_TOKEN_DAYS = env.int("API_TOKEN_DAYS", default=90)
# One token per device, stored as a digest (accounts.ApiToken); accounts/tokens.py hands them out.
KNOX_TOKEN_MODEL = "accounts.ApiToken"
REST_KNOX = {"AUTH_HEADER_PREFIX": "Token"}
# knox's own migrations create its table even when its model is swapped out, as here; without them
# nothing of knox is in the database.
MIGRATION_MODULES = {"knox": None}
SPECTACULAR_SETTINGS = {
    "TITLE": "Boardgame Club API",
    "DESCRIPTION": "Tables, games, moves, chat and accounts.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# No request of this site needs more; larger bodies are refused with 413 before they are read
# (config/body_limit.py), whatever the path.
REQUEST_BODY_MAX_BYTES = env.int("REQUEST_BODY_MAX_BYTES", default=256 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_BODY_MAX_BYTES
# Proxies in front of the web process that append to X-Forwarded-For (config/client_address.py);
# 0: the address the connection came from is the client's.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)

if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # The load balancer asks over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]

# Every page works with scripts, styles and images of its own origin only: no inline script or style,
# no other host. 'self' also admits the WebSockets of the same host (ws:/wss:); CSP_CONNECT_SRC adds
# others, e.g. when the sockets are served under another name.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        # The nonce is sent only on answers whose page used it (the browsable API's code highlighting).
        "style-src": [SELF, NONCE],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF, *env.list("CSP_CONNECT_SRC", default=[])],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        **({"report-uri": [env("CSP_REPORT_URI")]} if env("CSP_REPORT_URI", default="") else {}),
    },
}

DJANGO_GUID = {
    "GUID_HEADER_NAME": "X-Request-ID",
    "VALIDATE_GUID": True,
    "EXPOSE_HEADER": False,
}

# Errors go to Sentry only when SENTRY_DSN is set.
SENTRY_DSN = env("SENTRY_DSN", default="")
start_error_reporting(
    SENTRY_DSN,
    environment=env("SENTRY_ENVIRONMENT", default=""),
    release=env("SENTRY_RELEASE", default=""),
    traces_sample_rate=env.float("SENTRY_TRACES_SAMPLE_RATE", default=0.0),
)

# One JSON object per line (production default) or plain text (development default), each with the
# id of the request that caused it; one access line per request unless ACCESS_LOG is false.
LOG_FORMAT = env("LOG_FORMAT", default="text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "django_guid.log_filters.CorrelationId", "correlation_id_field": "request_id"}},
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"levelname": "level", "name": "logger"},
            "timestamp": "time",
            # uvicorn repeats each of its messages with terminal colours.
            "reserved_attrs": [*RESERVED_ATTRS, "color_message"],
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT, "filters": ["request_id"]}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
    "loggers": {
        "boardgames.access": {"level": "INFO" if env.bool("ACCESS_LOG", default=True) else "WARNING"},
        # uvicorn's own lines (start-up, errors) in the same format.
        "uvicorn": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # The access line above has the request id; uvicorn's own stays off as scripts/web.sh asks.
        "uvicorn.access": {"handlers": [], "propagate": False},
    },
}
