"""A signed-in child at a card table: choosing who to play with, the game page, its live
updates and counting with cube bars."""

from classroom.play.reading import reading_attributes
from classroom.play.views import bp

# Every page's <body> says whether it reads itself aloud (base.html, static/js/speech.js).
bp.add_app_template_global(reading_attributes)

__all__ = ["bp"]
