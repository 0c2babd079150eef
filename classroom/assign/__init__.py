"""Assigning a level and its options to a child, a group or a whole class."""

from classroom.assign.views import bp

__all__ = ["bp"]
