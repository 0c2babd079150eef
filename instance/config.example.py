# Copy to instance/config.py and change what you need. Environment variables named
# CLASSROOM_<SETTING> override anything here (for example CLASSROOM_DATABASE_URL).

# PostgreSQL for a school or a district (several app processes share it):
# DATABASE_URL = "postgresql://classroom:secret@db.school.example:5432/classroom"

# Rate limits count in the app's database, which every process shares; or in Redis:
# RATELIMIT_STORAGE_URI = "redis://127.0.0.1:6379/0"

# Email: invitations, sign-up confirmations, password resets and notices (README, "Email").
# MAIL_SERVER = "smtp.school.example"
# MAIL_PORT = 587
# MAIL_USE_TLS = True
# MAIL_USERNAME = "classroom@school.example"
# MAIL_PASSWORD = "..."
# MAIL_DEFAULT_SENDER = "Rat-a-Tat-Cat Classroom <noreply@school.example>"
# PUBLIC_URL = "https://classroom.school.example"  # required with MAIL_SERVER

# Behind a reverse proxy that sets X-Forwarded-For / X-Forwarded-Proto:
# TRUSTED_PROXIES = 1

# Wrong secret-picture tries before a child is asked to fetch the teacher:
# CHILD_MAX_TRIES = 3
