"""The two-minute number check outside the game: the child's pages (`bp`) and the teacher's
(`teacher_bp`), docs/number_check.md."""

from classroom.check.child import bp
from classroom.check.teacher import teacher_bp

__all__ = ["bp", "teacher_bp"]
