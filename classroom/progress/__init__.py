"""What the teacher dashboards and reports show: the insights of a class or a child over a
date range, read from the recorded rows (docs/progress.md).

The pages import only from here: `overview`, `child_progress`, `recommendation`,
`activity_today` and their dataclasses. The figures come from `classroom.insights` (pure
functions); this package loads what they need from the database.
"""

from .attention import NeedsYou, Reason, needs_you
from .pages import (
    ChildProgress,
    ChildRow,
    ClassOverview,
    DateRange,
    TodayActivity,
    activity_today,
    child_progress,
    overview,
    recommendation,
)

__all__ = [
    "ChildProgress",
    "ChildRow",
    "ClassOverview",
    "DateRange",
    "NeedsYou",
    "Reason",
    "TodayActivity",
    "activity_today",
    "child_progress",
    "needs_you",
    "overview",
    "recommendation",
]
