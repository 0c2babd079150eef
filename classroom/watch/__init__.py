"""A teacher's card tables: the class's live tables, setting one up, watching any table with
every card visible, and sitting in as a player."""

from classroom.watch.views import bp

__all__ = ["bp"]
