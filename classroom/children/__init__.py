"""A class's roster: add, rename, archive and delete children; their sign-in pictures."""

from classroom.children.views import bp

__all__ = ["bp"]
