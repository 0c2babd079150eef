"""A teacher's classes: make and edit them, co-teachers, join codes and printable cards."""

from classroom.classes.views import bp

__all__ = ["bp"]
