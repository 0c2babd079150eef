"""What the school page tells a coach about each class: children per level, comparisons
right against chance, active flags by kind, moves up this term, the number check's first
against latest, and the children the class page lists today (docs/dashboards.md)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from classroom.check.service import done_checks
from classroom.game import Level
from classroom.insights import Rate
from classroom.insights.measures import MIN_COMPARISONS, rate
from classroom.models import Classroom
from classroom.progress import DateRange, NeedsYou, needs_you, overview
from classroom.progress.term import levels_then_and_now, moved_up

ORDER = [level.value for level in Level]


@dataclass(frozen=True, slots=True)
class CheckChange:
    """The number check across a class: children with two checks or more, and the means of
    "Which is more?" right and of the line's error, first check against latest."""

    children: int
    more_first: float
    more_latest: float
    line_first: float | None
    line_latest: float | None


@dataclass(frozen=True, slots=True)
class ClassLine:
    """One class on the school page."""

    classroom: Classroom
    children: int
    by_level: dict[str, int]  # level value -> active children at it now
    comparisons: Rate  # over the term, with its chance level
    flags: dict[str, int]  # flag kind -> children with it active
    moved_up: int  # children at a higher level now than at the term's first game
    check: CheckChange | None
    needs: NeedsYou


def check_change(classroom: Classroom) -> CheckChange | None:
    """The class's number check, first against latest, over the children who did two."""
    done = done_checks([c.id for c in classroom.active_children], classroom.time_zone)
    pairs = [(checks[0].result, checks[-1].result) for checks in done.values() if len(checks) > 1]
    if not pairs:
        return None
    lines = [(a.pae, b.pae) for a, b in pairs if a.pae is not None and b.pae is not None]
    return CheckChange(
        len(pairs),
        sum(a.comparisons.hits for a, _ in pairs) / len(pairs),
        sum(b.comparisons.hits for _, b in pairs) / len(pairs),
        sum(a for a, _ in lines) / len(lines) if lines else None,
        sum(b for _, b in lines) / len(lines) if lines else None,
    )


def class_line(classroom: Classroom, term: DateRange, today: date, max_tries: int) -> ClassLine:
    """One class's line on the school page, over the term up to today."""
    data = overview(classroom, term, today)
    by_level = dict.fromkeys(ORDER, 0)
    for child in classroom.active_children:
        by_level[child.level] = by_level.get(child.level, 0) + 1
    flags: dict[str, int] = {}
    for row in data.rows:
        for state in row.active_flags:
            flags[state.kind.value] = flags.get(state.kind.value, 0) + 1
    hits = sum(row.summary.accuracy.hits for row in data.rows)
    chances = sum(row.summary.accuracy.chances for row in data.rows)
    chance = sum(row.summary.accuracy.chance or 0.0 for row in data.rows)
    return ClassLine(
        classroom,
        len(classroom.active_children),
        by_level,
        rate(hits, chances, MIN_COMPARISONS).with_chance(chance),
        flags,
        moved_up(*levels_then_and_now(classroom, term, today)[:2]),
        check_change(classroom),
        needs_you(classroom, today, max_tries),
    )
