"""A signed-in child at a card table: choosing who to play with, the game page, its live
updates and counting with cube bars."""

from classroom.play.views import bp

__all__ = ["bp"]
