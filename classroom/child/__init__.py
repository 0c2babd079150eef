"""A signed-in child's own pages. A child's session reaches these and nothing else."""

from classroom.child.views import bp

__all__ = ["bp"]
