"""Groups of children inside a class ("Table 2", "Tuesday group")."""

from classroom.groups.views import bp

__all__ = ["bp"]
