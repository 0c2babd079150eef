"""The teacher dashboards of a class and a child, the printable progress report and the CSV
export (docs/dashboards.md). The figures come from `classroom.progress`; this package only
lays them out."""

from classroom.dashboard.views import bp

__all__ = ["bp"]
