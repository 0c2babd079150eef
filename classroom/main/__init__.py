"""The public front of the app: the landing page."""

from classroom.main.views import bp

__all__ = ["bp"]
