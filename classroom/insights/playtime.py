"""Minutes of play, from the times a child's acts were recorded (choices, looks at own cards,
counts; docs/dashboards.md, "Minutes played"). Pure: the web side reads the times.

Acts less than PLAYING_GAP apart are one stretch of play, timed from its first act to its
last; a longer gap (a table left idle, a break, the next day) counts nothing. So a game's
minutes run from the child's first act at the table to their last, and a child who walks
away from a table adds no time while away."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from itertools import pairwise

PLAYING_GAP = timedelta(minutes=5)  # acts closer than this are one stretch of play


def seconds_played(moments: Iterable[float], gap: timedelta = PLAYING_GAP) -> float:
    """Seconds of play in these moments (each in seconds on one clock, in any order): each
    gap shorter than `gap` added up."""
    longest = gap.total_seconds()
    steps = pairwise(sorted(moments))
    return sum(after - before for before, after in steps if after - before < longest)


def minutes_of(seconds: float) -> int:
    """Whole minutes, a half minute rounded up (a page shows whole minutes)."""
    return int(seconds / 60 + 0.5)
