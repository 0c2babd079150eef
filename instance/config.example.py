# Copy to instance/config.py and change what you need. Environment variables named
# CLASSROOM_<SETTING> override anything here (for example CLASSROOM_DATABASE_URL).

# PostgreSQL for a school or a district (several app processes share it):
# DATABASE_URL = "postgresql://classroom:secret@db.school.example:5432/classroom"

# Share rate limits between processes:
# RATELIMIT_STORAGE_URI = "redis://127.0.0.1:6379/0"

# Behind a reverse proxy that sets X-Forwarded-For / X-Forwarded-Proto:
# TRUSTED_PROXIES = 1

# Wrong secret-picture tries before a child is asked to fetch the teacher:
# CHILD_MAX_TRIES = 3
