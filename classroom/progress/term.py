"""The term view of the class overview: each child's start of the range against its end (the
first 4 weeks of play against the last 4), the trend over the whole range, and a class
summary (children per level then and now, moves up, flags raised and faded, minutes played).
The range starts at the class's first game when it began before it (docs/dashboards.md,
"The term view")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from classroom.game import Level
from classroom.insights import Rate, Trend
from classroom.insights.summary import TREND_STEP, summary_of
from classroom.models import Classroom

from . import source
from .levels import Assigned, assigned_on
from .pages import ClassOverview, DateRange

WINDOW_DAYS = 28  # the start and the end of a term: its first and last 4 weeks of play
ORDER = [level.value for level in Level]


@dataclass(frozen=True, slots=True)
class TermRow:
    """One child: the start of the range against its end."""

    child_id: int
    name: str
    level_start: Level
    level_now: Level
    first: Rate  # comparisons right in the first window, with their chance level
    last: Rate  # the same in the last window
    cat_first: Rate  # cat-cat pairs right in the first window
    cat_last: Rate
    trend: Trend | None  # the last window against the first; None with too few in either


@dataclass(frozen=True, slots=True)
class TermView:
    """The class over a range: its windows, each child's row, and the class summary."""

    first_game: date | None  # the class's first game ever (charts and windows start there)
    start: DateRange  # the first window of play in the range
    end: DateRange  # the last window, up to the range's last day
    rows: list[TermRow]
    by_level_start: dict[str, int]
    by_level_now: dict[str, int]
    moved_up: int  # children at a higher level now than at the start
    flags_raised: int  # flags raised over the range (active or not)
    flags_faded: int  # of those, the ones not active on its last day
    minutes: int  # minutes of play of the class's children in the range


def windows(dates: DateRange, as_of: date, first: date | None) -> tuple[DateRange, DateRange]:
    """The first and last windows of play in the range: 4 weeks each, or its halves when it
    is shorter than 8 weeks; the first starts at the class's first game when that is later."""
    start = max(dates.start, first) if first is not None else dates.start
    start = min(start, as_of)
    days = (as_of - start).days + 1
    size = min(WINDOW_DAYS, max(1, days // 2))
    return (
        DateRange(start, start + timedelta(days=size - 1)),
        DateRange(as_of - timedelta(days=size - 1), as_of),
    )


def term_trend(first: Rate, last: Rate) -> Trend | None:
    """Up, steady or down: the last window's share right against the first window's."""
    if first.value is None or last.value is None:
        return None
    if last.value - first.value >= TREND_STEP:
        return Trend.UP
    if first.value - last.value >= TREND_STEP:
        return Trend.DOWN
    return Trend.STEADY


def moved_up(start: dict[int, Assigned], now: dict[int, Assigned]) -> int:
    """The children at a higher level now than at the start: counted from the same levels
    the page shows then and now, so the two cannot disagree (history filled in at a level
    set later, as the demo's, would otherwise count moves that no level shows)."""
    return sum(
        1
        for child_id, then in start.items()
        if child_id in now
        and ORDER.index(now[child_id].level.value) > ORDER.index(then.level.value)
    )


def levels_then_and_now(
    classroom: Classroom, dates: DateRange, as_of: date
) -> tuple[dict[int, Assigned], dict[int, Assigned], DateRange, DateRange, date | None]:
    """Each active child's level at the start of play in the range and at its end, with the
    two windows and the class's first game."""
    children = classroom.active_children
    first = source.first_game(classroom.id)
    start, end = windows(dates, as_of, first)
    return (
        assigned_on(classroom.id, children, start.start, classroom.time_zone),
        assigned_on(classroom.id, children, as_of, classroom.time_zone),
        start,
        end,
        first,
    )


def term_view(classroom: Classroom, data: ClassOverview) -> TermView:
    """The term view of an overview's range (its rows give the flags over the range)."""
    dates, as_of = data.range, data.as_of
    children = classroom.active_children
    ids = [c.id for c in children]
    at_start, at_end, start, end, first = levels_then_and_now(classroom, dates, as_of)
    early = source.summed(classroom.id, ids, start)
    late = source.summed(classroom.id, ids, end)
    rows = []
    for child in children:
        then = summary_of(at_start[child.id].level, early.get(child.id, []), today=start.end)
        now = summary_of(at_end[child.id].level, late.get(child.id, []), today=as_of)
        rows.append(
            TermRow(
                child.id,
                child.display_name,
                at_start[child.id].level,
                at_end[child.id].level,
                then.accuracy,
                now.accuracy,
                then.by_family["cat-cat"],
                now.by_family["cat-cat"],
                term_trend(then.accuracy, now.accuracy),
            )
        )
    by_start, by_now = dict.fromkeys(ORDER, 0), dict.fromkeys(ORDER, 0)
    for child in children:
        by_start[at_start[child.id].level.value] += 1
        by_now[at_end[child.id].level.value] += 1
    raised = [state for row in data.rows for state in row.flags]
    return TermView(
        first,
        start,
        end,
        rows,
        by_start,
        by_now,
        moved_up(at_start, at_end),
        len(raised),
        sum(1 for state in raised if not state.active),
        # The class's minutes: its children's, as the overview shows them beside their games.
        sum(source.minutes_played(classroom.id, ids, dates, classroom.time_zone).values()),
    )
