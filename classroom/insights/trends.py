"""Trends: the measures week by week (ISO weeks) over a date range, for a child's charts."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Protocol, TypeVar

from .comparison import by_family_of
from .counting import adding_of, numerals_of
from .discrimination import Discrimination, discrimination_of
from .measures import MIN_COMPARISONS, MIN_GROUP, Mean, Rate
from .memory import contradictions_of, looks_per_turn_of, memory_of
from .records import ChoiceRecord, CountRecord, LookRecord, RoundRecord, iso_week
from .tallies import Sums, Tally, tally, within


class Dated(Protocol):
    """Any record with a date-time."""

    @property
    def when(self) -> datetime:
        """When it happened."""
        ...


R = TypeVar("R", bound=Dated)


@dataclass(frozen=True, slots=True)
class WeekPoint:
    """One ISO week of a child's measures (figures are None where chances were too few)."""

    week: str  # "2026-W07"
    monday: date
    games: int
    comparisons: Rate
    telling: Discrimination  # drawn cards put in when lower and when higher: d' and its bound
    cat_cat: Rate
    memory_held: Rate
    looks_per_turn: Mean
    cubes: Rate
    totals_exact: Rate


def in_range(records: Iterable[R], start: date, end: date) -> list[R]:
    """The records dated from `start` to `end`, both days included."""
    return [r for r in records if start <= r.when.date() <= end]


def by_week(records: Iterable[R]) -> dict[str, list[R]]:
    """Records grouped by ISO week ("2026-W07")."""
    groups: dict[str, list[R]] = defaultdict(list)
    for record in records:
        groups[iso_week(record.when)].append(record)
    return groups


def mondays(start: date, end: date) -> list[date]:
    """The Monday of every ISO week that `start`..`end` touches, in order."""
    first = start - timedelta(days=start.weekday())
    return [first + timedelta(weeks=i) for i in range((end - first).days // 7 + 1)]


def count_games(*groups: Iterable[ChoiceRecord | RoundRecord | CountRecord | LookRecord]) -> int:
    """How many different games the records come from."""
    return len({record.game_id for group in groups for record in group})


def weekly(
    choices: Sequence[ChoiceRecord],
    looks: Sequence[LookRecord] = (),
    counts: Sequence[CountRecord] = (),
    *,
    start: date,
    end: date,
    cat_versus_rat: bool = False,
) -> list[WeekPoint]:
    """Every ISO week from `start` to `end` (empty weeks included), each with its measures."""
    tallies = tally(choices, looks, counts)
    points = weekly_of(tallies, start=start, end=end, cat_versus_rat=cat_versus_rat)
    # Records name their games, so a week counts its games without round results.
    played: list[ChoiceRecord | CountRecord] = [*choices, *counts]
    games = by_week(in_range(played, start, end))
    return [replace(p, games=count_games(games.get(p.week, []))) for p in points]


def weekly_of(
    tallies: Iterable[Tally], *, start: date, end: date, cat_versus_rat: bool = False
) -> list[WeekPoint]:
    """Every ISO week from `start` to `end` (empty weeks included), from tallies.
    `cat_versus_rat`: the period's summary shows the pattern, so memory leaves out cat-cat
    contradictions week by week as the summary does (the chart and the figure agree)."""
    weeks: dict[str, list[Tally]] = defaultdict(list)
    for t in within(tallies, start, end):
        weeks[iso_week(t.day)].append(t)
    points = []
    for monday in mondays(start, end):
        week = iso_week(monday)
        mine = weeks.get(week, [])
        sums = Sums(mine)
        points.append(
            WeekPoint(
                week=week,
                monday=monday,
                games=sums.chances["game"],
                comparisons=sums.rate("cmp", MIN_COMPARISONS),
                telling=discrimination_of(sums),
                cat_cat=by_family_of(sums, MIN_GROUP)["cat-cat"],
                memory_held=memory_of(
                    sums, contradictions_of(mine), cat_versus_rat=cat_versus_rat
                ).held,
                looks_per_turn=looks_per_turn_of(sums),
                cubes=numerals_of(sums).overall,
                totals_exact=adding_of(sums).exact,
            )
        )
    return points
