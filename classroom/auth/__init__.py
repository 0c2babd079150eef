"""Teacher accounts: sign up, sign in, sign out, change password, and what works by email
(confirming an address, a forgotten password)."""

from classroom.auth import email_views  # noqa: F401  (its routes are on bp)
from classroom.auth.views import bp

__all__ = ["bp"]
