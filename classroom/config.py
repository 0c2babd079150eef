"""Default configuration. Later layers override it: instance/config.py, CLASSROOM_* environment
variables, then the test's dict (see create_app)."""

# Chosen at start-up: DATABASE_URL (or CLASSROOM_DATABASE_URL) if set, else SQLite in instance/.
DATABASE_URL: str | None = None
# Engine options; settings.finish adds the JSON columns' codec (classroom/jsoncodec.py) unless
# these name their own. (A pooled connection the server dropped is replaced at checkout:
# classroom/extensions.py.)
SQLALCHEMY_ENGINE_OPTIONS: dict[str, object] = {}

# None means: read instance/secret_key, generating it on first start.
SECRET_KEY: str | None = None

# werkzeug's scrypt: memory-hard, the modern default.
PASSWORD_HASH_METHOD = "scrypt"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
# Secure cookies are also set per request whenever the request came over HTTPS.
SESSION_COOKIE_SECURE = False
# Number of proxies in front of the app whose X-Forwarded-* headers are trusted (0: none).
TRUSTED_PROXIES = 0

# A tablet may sit on the sign-in page all morning: the CSRF token lives as long as the session.
WTF_CSRF_TIME_LIMIT = None

# Rate limits (Flask-Limiter). "database://" keeps the counts in the app's own database, which
# every worker and host shares (classroom/counters.py); redis://HOST:6379/0 uses Redis instead.
RATELIMIT_STORAGE_URI = "database://"
RATELIMIT_HEADERS_ENABLED = False
# Sign-in and join-code limits count failed tries only. Failed teacher sign-ins count twice:
# per address, with a high ceiling (a school's staff share one address), and per account (the
# email typed), with a low one, which is what holds back guessing one teacher's password.
SIGN_IN_LIMIT = "20 per minute;200 per hour"
SIGN_IN_ACCOUNT_LIMIT = "5 per minute;30 per hour"
# Failed sign-ins from a browser the account has signed in on before (its known_teacher
# cookie), which the account's limit does not hold back: low, as a copied cookie's.
SIGN_IN_DEVICE_LIMIT = "3 per minute;10 per hour"
SIGN_UP_LIMIT = "5 per minute;30 per hour"
JOIN_CODE_LIMIT = "20 per minute;100 per hour"

# Email (Flask-Mailman). With no MAIL_SERVER the app sends nothing (a laptop): co-teachers join
# with one-time codes, and `flask reset-password EMAIL` sets a forgotten password. With one, it
# mails invitations, sign-up confirmations, password-reset links and password-change notices.
MAIL_SERVER: str | None = None
MAIL_PORT = 587
MAIL_USE_TLS = True  # STARTTLS on MAIL_PORT; MAIL_USE_SSL = True for TLS from the start (465)
MAIL_USE_SSL = False
MAIL_USERNAME: str | None = None
MAIL_PASSWORD: str | None = None
# The From of every email, e.g. "Rat-a-Tat-Cat Classroom <noreply@school.example>".
MAIL_DEFAULT_SENDER: str | None = None
MAIL_TIMEOUT = 10
# Always SMTP (Flask-Mailman would keep mail in memory under TESTING; our tests read a real
# SMTP server).
MAIL_BACKEND = "smtp"
# The address the links in emails start with, e.g. "https://classroom.school.example". Links
# are built from it alone, never from a request's Host header (which a stranger asking for
# someone's password reset could choose): with MAIL_SERVER set, the app does not start
# without it (settings.check_public_url).
PUBLIC_URL: str | None = None
# How long a password-reset link works (it works once), and a sign-up confirmation link.
PASSWORD_RESET_MINUTES = 60
CONFIRM_EMAIL_DAYS = 7

# Child sign-in: wrong secret-picture tries before the child is sent to the teacher.
CHILD_MAX_TRIES = 3
# Classroom tablets are shared: a child who has done nothing for this many minutes is signed
# out, and the tablet goes back to the class's pictures, so the next child does not play (and
# get recorded) as them. Watching a table does not count as doing something; 0 turns it off.
CHILD_IDLE_MINUTES = 15
# Seconds a child's seat may go unseen (no page or poll from it) on their turn before a
# computer player plays for them (docs/play.md, "A child who leaves"); 0 turns it off.
AWAY_AFTER = 90
# A teacher's session on a device ends after this many days (then they sign in again).
TEACHER_SESSION_DAYS = 30
# Children archived longer than this many days are deleted with all their data by
# `flask retention` (run daily; docs/security.md).
RETENTION_DAYS = 365
# How long a co-teacher code stays valid, in days.
CO_TEACHER_CODE_DAYS = 7

# Seconds a computer player waits before each of its actions, so a child can follow (0 in tests).
COMPUTER_PACE = 1.0
# The table clock (classroom/live/clock.py) plays the computer players' moves in a thread of
# each app process. Only a test app (TESTING) may turn it off: its requests then play what is
# due themselves, as the suite drives time with Flask's test client (tests/conftest.py).
TABLE_CLOCK_THREAD = True
# How often a play page asks the server for news, in milliseconds.
TABLE_POLL_MS = 700
# How often the "Play with friends" page looks for tables friends have opened, in milliseconds.
FRIENDS_POLL_MS = 3000
# How often the teacher's Card tables page brings its live tables up to date, in milliseconds.
LIVE_TABLES_POLL_MS = 5000
# Pushed updates: a play page listens to a server-sent event stream that sends the poll's
# answer each time its table moves on, and polls no more; a stream lasts this many seconds,
# then the browser opens it again. A page that hears nothing from its stream (a proxy on the
# way holding it back) polls instead. 0: off, every page polls. Needs workers made for many
# open connections (bin/run serves with gevent when it is on; docs/play.md, "Pushed
# updates"): one core carries about four times as many children as with polls.
TABLE_PUSH = 55
# Moves relayed between app processes (a Redis URL, redis://HOST:6379/0; empty: off): with
# pushed updates, the process that takes a move gives it to the other processes' event streams
# at that table, which then neither read the table nor wait for their watcher's next read
# (classroom/live/relay.py; docs/play.md, "Moves relayed between processes"). Without it, on
# PostgreSQL the processes learn of changes by LISTEN/NOTIFY (classroom/live/notify.py).
TABLE_RELAY = ""
