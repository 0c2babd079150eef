"""The page data of the class overview, a child's page and a progress report."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from classroom.insights import ChildSummary, PairGrid, WeekPoint
from classroom.insights.comparison import WeeklyExample, examples_per_week, slips_of
from classroom.insights.grid import pair_grid_of
from classroom.insights.readiness import Recommendation, readiness_of
from classroom.insights.summary import summary_of
from classroom.insights.tallies import Sums
from classroom.insights.trends import weekly_of
from classroom.models import AssignmentChange, Child, Classroom

from . import source

LONGEST_RANGE = timedelta(days=400)  # a school year and a little; longer asks are refused
DEFAULT_DAYS = 28  # a page with no range shows the last four weeks


@dataclass(frozen=True, slots=True)
class DateRange:
    """The days a page covers, both included."""

    start: date
    end: date

    @classmethod
    def last_days(cls, today: date, days: int = DEFAULT_DAYS) -> DateRange:
        """The `days` days up to and including `today`."""
        return cls(today - timedelta(days=days - 1), today)

    @classmethod
    def parse(cls, start: str | None, end: str | None, today: date) -> DateRange:
        """A range from two ISO dates (either may be missing); ValueError says what is wrong."""
        default = cls.last_days(today)
        try:
            first = date.fromisoformat(start) if start else default.start
            last = date.fromisoformat(end) if end else default.end
        except ValueError:
            raise ValueError("Dates look like 2026-11-02 (year, month, day).") from None
        if first > last:
            raise ValueError("The first day must come before the last day.")
        if last - first > LONGEST_RANGE:
            raise ValueError("Choose a range of at most 400 days.")
        return cls(first, last)

    @property
    def days(self) -> int:
        """How many days the range covers."""
        return (self.end - self.start).days + 1

    def since(self) -> datetime:
        """The first moment of the range (UTC)."""
        return datetime.combine(self.start, time.min, tzinfo=UTC)

    def until(self) -> datetime:
        """The first moment after the range (UTC)."""
        return datetime.combine(self.end + timedelta(days=1), time.min, tzinfo=UTC)

    def text(self) -> str:
        """ "2 Nov 2026 to 29 Nov 2026"."""
        return f"{self.start:%-d %b %Y} to {self.end:%-d %b %Y}"


@dataclass(frozen=True, slots=True)
class ChildRow:
    """One child's row of the class overview."""

    child_id: int
    name: str
    picture: str
    colour: str
    summary: ChildSummary


@dataclass(frozen=True, slots=True)
class ClassOverview:
    """Every active child of a class with their summary, and the class's pair grid."""

    range: DateRange
    today: date
    rows: list[ChildRow]
    grid: PairGrid


@dataclass(frozen=True, slots=True)
class ChildProgress:
    """Everything on a child's page and progress report."""

    range: DateRange
    today: date
    summary: ChildSummary
    weeks: list[WeekPoint]
    slips: list[WeeklyExample]  # wrong comparisons counted per week, latest week first
    history: list[AssignmentChange]  # level history, newest first


@dataclass(frozen=True, slots=True)
class TodayActivity:
    """What the class has played today, for the overview's live panel."""

    games: int  # tables of the class started today
    tables_playing: int  # tables in play now
    choices: int  # choices recorded today
    per_child: dict[int, int]  # child id -> choices today
    last_choice_at: datetime | None  # the last move at any of the class's tables
    rounds: int = 0  # rounds the children finished today (one per child and round)


def overview(classroom: Classroom, dates: DateRange, today: date) -> ClassOverview:
    """The class overview: a summary per active child, and the pair grid over the range."""
    children = classroom.active_children
    everyone = [c.id for c in classroom.children]  # archived children count in the grid
    found = source.tallied(classroom.id, everyone, dates, today)
    rows = [
        ChildRow(
            c.id,
            c.display_name,
            c.picture,
            c.colour,
            summary_of(
                c.level,
                found.period.get(c.id, []),
                today=today,
                recent=found.recent.get(c.id, []),
            ),
        )
        for c in children
    ]
    # The grid counts every child of the range, archived ones too: their slips happened.
    grid = pair_grid_of(Sums(tallies) for tallies in found.period.values())
    return ClassOverview(dates, today, rows, grid)


def child_progress(child: Child, dates: DateRange, today: date) -> ChildProgress:
    """One child's page: summary, weekly trends, slips per week and level history."""
    found = source.tallied(child.class_id, [child.id], dates, today)
    period = found.period.get(child.id, [])
    summary = summary_of(child.level, period, today=today, recent=found.recent.get(child.id, []))
    weeks = weekly_of(source.weekly_tallies(child.id, dates), start=dates.start, end=dates.end)
    history = sorted(child.history, key=lambda change: change.changed_at, reverse=True)
    return ChildProgress(dates, today, summary, weeks, examples_per_week(slips_of(period)), history)


def recommendation(child: Child, today: date) -> Recommendation:
    """Move up, stay or move down, from the child's recent days only (what a level move checks)."""
    found = source.recent(child.class_id, [child.id], today)
    return readiness_of(child.level, found.get(child.id, []), today=today)


def activity_today(classroom: Classroom, today: date) -> TodayActivity:
    """Today's games, tables in play and choices of the class."""
    found = source.today_of(classroom.id, DateRange(today, today))
    return TodayActivity(
        games=found.games,
        tables_playing=found.tables_playing,
        choices=sum(found.per_child.values()),
        per_child=found.per_child,
        last_choice_at=found.last_move_at,
        rounds=found.rounds,
    )
