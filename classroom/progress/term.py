"""The term view of the class overview: each child's start of the range against its end (the
first 4 weeks of play against the last 4), the trend over the whole range, and a class
summary (children per level then and now, moves up, flags raised and faded, minutes played).
The range starts at the class's first game when it began before it (docs/dashboards.md,
"The term view")."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import pairwise

from sqlalchemy import select

from classroom.extensions import db
from classroom.game import Level
from classroom.insights import Rate, Trend
from classroom.insights.summary import TREND_STEP, summary_of
from classroom.models import AssignmentChange, Child, ChoiceRow, Classroom
from classroom.zones import aware, day_start

from . import source
from .levels import assigned_on
from .pages import ClassOverview, DateRange

WINDOW_DAYS = 28  # the start and the end of a term: its first and last 4 weeks of play
PLAYING_GAP = timedelta(minutes=5)  # choices closer than this are one stretch of play
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
    moves_up: int
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


def moves_up(class_ids: list[int], since: date, until: date, time_zone: str) -> int:
    """Level moves up made to the children of these classes between two days."""
    count = 0
    for before, after in db.session.execute(
        select(AssignmentChange.before, AssignmentChange.after)
        .join(Child, Child.id == AssignmentChange.child_id)
        .where(
            Child.class_id.in_(class_ids),
            AssignmentChange.changed_at >= day_start(since, time_zone),
            AssignmentChange.changed_at < day_start(until + timedelta(days=1), time_zone),
        )
    ):
        old, new = (before or {}).get("level"), (after or {}).get("level")
        if old in ORDER and new in ORDER and ORDER.index(new) > ORDER.index(old):
            count += 1
    return count


def minutes_played(class_id: int, child_ids: list[int], dates: DateRange, zone: str) -> int:
    """Minutes the children played in the range: each child's choices, in stretches whose
    choices are less than 5 minutes apart, from the first choice of a stretch to its last."""
    if not child_ids:
        return 0
    times: dict[int, list[datetime]] = defaultdict(list)
    for child_id, when in db.session.execute(
        select(ChoiceRow.child_id, ChoiceRow.created_at)
        .where(
            ChoiceRow.class_id == class_id,
            ChoiceRow.child_id.in_(child_ids),
            ChoiceRow.created_at >= dates.since(zone),
            ChoiceRow.created_at < dates.until(zone),
        )
        .order_by(ChoiceRow.child_id, ChoiceRow.created_at)
    ):
        times[child_id].append(aware(when))
    total = timedelta()
    for moments in times.values():
        for before, after in pairwise(moments):
            if after - before < PLAYING_GAP:
                total += after - before
    return round(total.total_seconds() / 60)


def term_view(classroom: Classroom, data: ClassOverview) -> TermView:
    """The term view of an overview's range (its rows give the flags over the range)."""
    dates, as_of = data.range, data.as_of
    children = classroom.active_children
    ids = [c.id for c in children]
    first = source.first_game(classroom.id)
    start, end = windows(dates, as_of, first)
    at_start = assigned_on(classroom.id, children, start.start, classroom.time_zone)
    at_end = assigned_on(classroom.id, children, as_of, classroom.time_zone)
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
        moves_up([classroom.id], dates.start, as_of, classroom.time_zone),
        len(raised),
        sum(1 for state in raised if not state.active),
        minutes_played(classroom.id, ids, dates, classroom.time_zone),
    )
