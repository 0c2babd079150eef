"""Default configuration. Later layers override it: instance/config.py, CLASSROOM_* environment
variables, then the test's dict (see create_app)."""

# Chosen at start-up: DATABASE_URL (or CLASSROOM_DATABASE_URL) if set, else SQLite in instance/.
DATABASE_URL: str | None = None
SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}

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

# Rate limits (Flask-Limiter). memory:// suits one process; set redis://... for several.
RATELIMIT_STORAGE_URI = "memory://"
RATELIMIT_HEADERS_ENABLED = False
# Sign-in and join-code limits count failed tries only (a school shares one address).
SIGN_IN_LIMIT = "10 per minute;50 per hour"
SIGN_UP_LIMIT = "5 per minute;30 per hour"
JOIN_CODE_LIMIT = "20 per minute;100 per hour"

# Child sign-in: wrong secret-picture tries before the child is sent to the teacher.
CHILD_MAX_TRIES = 3
# Classroom tablets are shared: a child who has done nothing for this many minutes is signed
# out, and the tablet goes back to the class's pictures, so the next child does not play (and
# get recorded) as them. Watching a table does not count as doing something; 0 turns it off.
CHILD_IDLE_MINUTES = 15
# How long a co-teacher code stays valid, in days.
CO_TEACHER_CODE_DAYS = 7

# Seconds a computer player waits before each of its actions, so a child can follow (0 in tests).
COMPUTER_PACE = 1.2
# How often a play page asks the server for news, in milliseconds.
TABLE_POLL_MS = 700
