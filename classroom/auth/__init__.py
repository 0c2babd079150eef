"""Teacher accounts: sign up, sign in, sign out, change password."""

from classroom.auth.views import bp

__all__ = ["bp"]
