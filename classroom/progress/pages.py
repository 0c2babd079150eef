"""The page data of the class overview, a child's page and a progress report."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from classroom.game import Level
from classroom.insights import ChildSummary, PairGrid, WeekPoint
from classroom.insights.comparison import WeeklyExample, examples_per_week, slips_of
from classroom.insights.fading import FlagState, active_flags, flag_states, settled
from classroom.insights.grid import pair_grid_of
from classroom.insights.readiness import Recommendation
from classroom.insights.summary import summary_of
from classroom.insights.tallies import Sums, Tally
from classroom.insights.trends import weekly_of
from classroom.models import AssignmentChange, Child, Classroom
from classroom.zones import DEFAULT_ZONE, aware, day_start

from . import source
from .levels import Assigned, LevelSpan, assigned_on, levels_played

MOST_DAYS = 400  # a school year and a little, both ends counted; longer asks are refused
DEFAULT_DAYS = 28  # a page with no range shows the last four weeks
# The next step, and whether a flag is active, are judged over these days up to the page's
# last day whatever range is shown, so a child has one next step a day on every page.
STEP_DAYS = 28


EARLIEST_DAY = date(2000, 1, 1)  # the earliest and latest days a page's range may hold
LATEST_DAY = date(2099, 12, 31)


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
        """A range from two ISO dates (either may be missing), up to today; ValueError says why."""
        default = cls.last_days(today)
        try:
            first = date.fromisoformat(start) if start else default.start
            last = date.fromisoformat(end) if end else default.end
        except ValueError:
            raise ValueError("Dates look like 2026-11-02 (year, month, day).") from None
        # Days far from any school year would overflow the date arithmetic of the pages.
        if first < EARLIEST_DAY or last > LATEST_DAY:
            raise ValueError(
                f"Choose days from {EARLIEST_DAY.year} to {LATEST_DAY.year} (year, month, day)."
            )
        if first > today:
            raise ValueError(
                f"Those dates are in the future: choose a first day up to today, {today:%-d %b %Y}."
            )
        # Nothing has been played after today: a later end means "up to today", and says so.
        last = min(last, today)
        if first > last:
            raise ValueError("The first day must come before the last day.")
        if (last - first).days + 1 > MOST_DAYS:
            raise ValueError(f"Choose a range of at most {MOST_DAYS} days.")
        return cls(first, last)

    @property
    def days(self) -> int:
        """How many days the range covers."""
        return (self.end - self.start).days + 1

    def since(self, time_zone: str = DEFAULT_ZONE) -> datetime:
        """The first moment of the range's first (local) day, in UTC."""
        return day_start(self.start, time_zone)

    def until(self, time_zone: str = DEFAULT_ZONE) -> datetime:
        """The first moment after the range's last (local) day, in UTC."""
        return day_start(self.end + timedelta(days=1), time_zone)

    def text(self) -> str:
        """ "2 Nov 2026 to 29 Nov 2026"."""
        return f"{self.start:%-d %b %Y} to {self.end:%-d %b %Y}"

    def as_of(self, today: date) -> date:
        """The day the "now" figures (trend, next step) look back from: the range's last day,
        or today when the range runs past it."""
        return min(self.end, today)


@dataclass(frozen=True, slots=True)
class ChildRow:
    """One child's row of the class overview."""

    child_id: int
    name: str
    picture: str
    colour: str
    summary: ChildSummary
    flags: tuple[FlagState, ...] = ()  # the summary's flags, each with when last seen
    recommendation: Recommendation | None = None  # the summary's, settled against the flags
    levels: tuple[LevelSpan, ...] = ()  # the levels played in the range, in the order played
    scoring: str = "cubes"  # the way of adding up the child had on the range's last day
    minutes: int = 0  # minutes of play in the range (source.minutes_played), beside the games

    @property
    def active_flags(self) -> tuple[FlagState, ...]:
        """The flags whose habit was seen over the last chances."""
        return active_flags(self.flags)

    def flag(self, kind: str) -> FlagState | None:
        """The flag of one kind, if raised in the range."""
        return next((state for state in self.flags if state.kind.value == kind), None)

    @property
    def next_step(self) -> Recommendation:
        """The recommendation shown: never "move up" while an active flag says otherwise."""
        return self.recommendation or self.summary.recommendation


@dataclass(frozen=True, slots=True)
class ClassOverview:
    """Every active child of a class with their summary, and the class's pair grid."""

    range: DateRange
    today: date
    rows: list[ChildRow]
    grid: PairGrid

    @property
    def as_of(self) -> date:
        """The last day the trend and the next step look at."""
        return self.range.as_of(self.today)


@dataclass(frozen=True, slots=True)
class ChildProgress:
    """Everything on a child's page and progress report."""

    range: DateRange
    today: date
    summary: ChildSummary
    weeks: list[WeekPoint]
    slips: list[WeeklyExample]  # wrong comparisons counted per week, latest week first
    history: list[AssignmentChange]  # level history, newest first
    flags: tuple[FlagState, ...] = ()  # the summary's flags, each with when last seen
    recommendation: Recommendation | None = None  # settled against the active flags
    levels: tuple[LevelSpan, ...] = ()  # the levels played in the range, in the order played
    scoring: str = "cubes"  # the way of adding up the child had on the range's last day
    minutes: int = 0  # minutes of play in the range (source.minutes_played), beside the games

    @property
    def as_of(self) -> date:
        """The last day the trend and the next step look at."""
        return self.range.as_of(self.today)

    @property
    def active_flags(self) -> tuple[FlagState, ...]:
        """The flags whose habit was seen over the last chances."""
        return active_flags(self.flags)

    @property
    def next_step(self) -> Recommendation:
        """The recommendation shown: never "move up" while an active flag says otherwise."""
        return self.recommendation or self.summary.recommendation

    def days_of(self, monday: date) -> tuple[date, date, bool]:
        """The first and last days the period holds of the week beginning `monday`, and
        whether it holds all seven (a week the period cuts counts its own days only)."""
        first = max(monday, self.range.start)
        last = min(monday + timedelta(days=6), self.range.end)
        return first, last, (last - first).days == 6


@dataclass(frozen=True, slots=True)
class TodayActivity:
    """What the class has played on its own today, for the overview's live panel; every
    figure comes from the same reading of today's rows, so none contradicts another."""

    day: date  # today in the class's time zone
    time_zone: str
    games: int  # tables at which a child made a choice today
    tables_playing: int  # the class's tables in play now (the tables page's "playing" rows)
    choices: int  # choices the children made today
    per_child: dict[int, int]  # child id -> choices today
    last_choice_at: datetime | None  # the children's last choice today
    rounds: int = 0  # rounds finished today at the class's tables (one per table and round)
    waiting: int = 0  # of the tables in play now, those at which no child has chosen today


@dataclass(frozen=True, slots=True)
class RangeFlag(FlagState):
    """A flag raised over the range shown but not over the STEP_DAYS up to its last day, when
    the next step is judged: shown with its evidence, never as active (an active flag beside
    "Move up" was two answers for one child)."""

    judged_until: date | None = None

    @property
    def active(self) -> bool:
        """Never: the days the next step is judged on do not raise it."""
        return False

    @property
    def quiet(self) -> bool:
        """True: raised over the range, not over the last STEP_DAYS days up to its end."""
        return True

    def seen_text(self) -> str:
        """ "last seen 12 Nov; not raised over the 4 weeks up to 27 Nov"."""
        until = f"{self.judged_until:%-d %b}" if self.judged_until else "the last day"
        seen = f"last seen {self.last_seen:%-d %b}; " if self.last_seen else ""
        return f"{seen}not raised over the {STEP_DAYS // 7} weeks up to {until}"


def step_window(as_of: date) -> DateRange:
    """The days a next step (and a flag's being active) is judged on: STEP_DAYS up to `as_of`."""
    return DateRange.last_days(as_of, STEP_DAYS)


def shown_flags(
    states: tuple[FlagState, ...], judged: tuple[FlagState, ...], as_of: date
) -> tuple[FlagState, ...]:
    """The range's flags, each active only while the next step's days hold it active too."""
    current = {state.kind for state in active_flags(judged)}
    return tuple(
        state
        if not state.active or state.kind in current
        else RangeFlag(state.flag, state.last_seen, state.chances_since, state.needed, as_of)
        for state in states
    )


def row_of(
    child: Child,
    found: source.Tallied,
    habits: list[Tally],
    as_of: date,
    judged: tuple[list[Tally], list[Tally]] | None = None,
    assigned: Assigned | None = None,
    levels: tuple[LevelSpan, ...] = (),
    minutes: int = 0,
) -> ChildRow:
    """One child's figures over the range, flags with when last seen, and the next step.

    The level is the one the child had on the range's last day (a page about October tells
    October's level after a move in November). The next step is judged on the STEP_DAYS up to
    that day, its flags too (`judged`: those days' tallies and habit days, when the range is
    another), so it is the same whatever range is shown.
    """
    assigned = assigned or Assigned(Level.parse(child.level), child.scoring)
    recent = found.recent.get(child.id, [])
    summary = summary_of(assigned.level, found.period.get(child.id, []), today=as_of, recent=recent)
    states = flag_states(summary.flags, habits)
    if judged is None:
        judged_states = states
    else:
        window = summary_of(assigned.level, judged[0], today=as_of, recent=recent)
        judged_states = flag_states(window.flags, judged[1])
    return ChildRow(
        child.id,
        child.display_name,
        child.picture,
        child.colour,
        summary,
        shown_flags(states, judged_states, as_of),
        settled(summary.recommendation, judged_states, summary.level),
        levels,
        assigned.scoring,
        minutes,
    )


def rows_of(
    classroom_id: int,
    children: list[Child],
    found: source.Tallied,
    dates: DateRange,
    as_of: date,
    time_zone: str,
) -> list[ChildRow]:
    """The rows of some children of a class: figures of `dates`, next steps of `as_of`."""
    ids = [c.id for c in children]
    habits = source.habit_days(classroom_id, ids, dates)
    window = step_window(as_of)
    judged: dict[int, tuple[list[Tally], list[Tally]]] | None = None
    if window != dates:
        period = source.summed(classroom_id, ids, window)
        window_habits = source.habit_days(classroom_id, ids, window)
        judged = {i: (period.get(i, []), window_habits.get(i, [])) for i in ids}
    assigned = assigned_on(classroom_id, children, as_of, time_zone)
    levels = levels_played(classroom_id, ids, dates.start, dates.end)
    # The minutes in the same days as the games beside them (the range, in the class's zone).
    minutes = source.minutes_played(classroom_id, ids, dates, time_zone)
    return [
        row_of(
            c,
            found,
            habits.get(c.id, []),
            as_of,
            None if judged is None else judged[c.id],
            assigned[c.id],
            levels.get(c.id, ()),
            minutes.get(c.id, 0),
        )
        for c in children
    ]


def overview(classroom: Classroom, dates: DateRange, today: date) -> ClassOverview:
    """The class overview: a summary per active child, and the pair grid over the range.

    Every figure is the range's; the trend and the next step look back from its last day (or
    today), never past it.
    """
    children = classroom.active_children
    everyone = [c.id for c in classroom.children]  # archived children count in the grid
    as_of = dates.as_of(today)
    found = source.tallied(classroom.id, everyone, dates, as_of)
    rows = rows_of(classroom.id, children, found, dates, as_of, classroom.time_zone)
    # The grid counts every child of the range, archived ones too: their slips happened.
    grid = pair_grid_of(Sums(tallies) for tallies in found.period.values())
    return ClassOverview(dates, today, rows, grid)


def child_progress(child: Child, dates: DateRange, today: date) -> ChildProgress:
    """One child's page: summary, weekly trends, slips per week and level history."""
    as_of = dates.as_of(today)
    found = source.tallied(child.class_id, [child.id], dates, as_of)
    period = found.period.get(child.id, [])
    (row,) = rows_of(child.class_id, [child], found, dates, as_of, child.classroom.time_zone)
    # Memory week by week leaves out what the summary leaves out (cat-cat slips when the
    # cat-versus-rat pattern shows), so the chart and the figure above it agree.
    # The charts start at the class's first game: a school year's range began with weeks of
    # empty points before anyone played.
    first = source.first_game(child.class_id)
    weeks = weekly_of(
        source.weekly_tallies(child.id, dates),
        start=max(dates.start, first) if first is not None and first <= dates.end else dates.start,
        end=dates.end,
        cat_versus_rat=row.summary.cats.pattern,
    )
    # The level history up to the period's end: a page about October does not tell a move
    # made in November.
    until = dates.until(child.classroom.time_zone)
    history = sorted(
        (change for change in child.history if aware(change.changed_at) < until),
        key=lambda change: change.changed_at,
        reverse=True,
    )
    return ChildProgress(
        dates,
        today,
        row.summary,
        weeks,
        examples_per_week(slips_of(period)),
        history,
        row.flags,
        row.recommendation,
        row.levels,
        row.scoring,
        row.minutes,
    )


def recommendation(child: Child, dates: DateRange, today: date) -> Recommendation:
    """The next step the child's page shows for `dates` (what a level move checks again)."""
    as_of = dates.as_of(today)
    found = source.tallied(child.class_id, [child.id], dates, as_of)
    (row,) = rows_of(child.class_id, [child], found, dates, as_of, child.classroom.time_zone)
    return row.next_step


def activity_today(classroom: Classroom, today: date) -> TodayActivity:
    """The class's play on `today` (its own local day): games, choices, rounds, tables."""
    children = [child.id for child in classroom.active_children]
    found = source.today_of(classroom.id, children, DateRange(today, today), classroom.time_zone)
    return TodayActivity(
        day=today,
        time_zone=classroom.time_zone,
        games=found.games,
        tables_playing=found.tables_playing,
        choices=sum(found.per_child.values()),
        per_child=found.per_child,
        last_choice_at=found.last_move_at,
        rounds=found.rounds,
        waiting=found.waiting,
    )
