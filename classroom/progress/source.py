"""Where the page data comes from: the daily tallies (classroom/progress/keep.py), added up by
the database, so a page reads a few rows per child whatever the range (docs/progress.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select, union_all

from classroom.extensions import db
from classroom.insights.discrimination import READINESS_KEYS
from classroom.insights.fading import habit_keys
from classroom.insights.playtime import minutes_of, seconds_played
from classroom.insights.tallies import DISTANCES, Tally
from classroom.models import IN_PLAY, ChoiceRow, CountRow, DailyTally, LookRow, PlayTable, RoundRow
from classroom.zones import aware

TREND_DAYS = 28  # the trend compares the last two fortnights up to today
# What the trend, readiness and "this week" read from the recent days: readiness judges the
# comparisons against their chance level and cat-cat pairs against cat-rat ones at matched
# distances.
RECENT_KEYS = (
    "cmp",
    "chance:cmp",
    *(f"{twin}dist:{group}" for twin in ("", "chance:") for group in ("1", "2")),
    "fam:cat-cat",
    "fam:cat-rat",
    "fam:rat-rat",
    *(f"famdist:{pair}:{group}" for pair in ("cat-cat", "cat-rat") for group in DISTANCES),
    "mem",
    "chance:mem",  # the memory flag needs its choices above chance
    "game",
    *READINESS_KEYS,  # moving up needs the child to tell which card is lower
)


def _prefixed(prefix: str) -> ColumnElement[bool]:
    """Keys starting with `prefix` (which ends in ":").

    On SQLite (byte order) as a key range, which the class index seeks to; elsewhere with
    LIKE, since a locale's collation may not order "slip:" and "slip;" by their bytes.
    """
    key = DailyTally.key
    if db.session.get_bind().dialect.name == "sqlite":
        return and_(key >= prefix, key < prefix[:-1] + ";")  # ";" follows ":" in byte order
    return key.like(prefix + "%")


DATED = ("slip:", "memslip:")  # the examples: their day is kept when a range is added up


@dataclass(frozen=True, slots=True)
class Tallied:
    """Each child's tallies: the chosen range added up, and the recent days one by one."""

    period: dict[int, list[Tally]]
    recent: dict[int, list[Tally]]


def tallied(class_id: int, child_ids: Sequence[int], dates: Any, today: date) -> Tallied:
    """The tallies of some children of a class over `dates`, and of the recent days.

    The range is added up per child and key in the database; the examples keep their day.
    The recent four weeks come day by day and level by level, for the trend, the readiness
    and "this week", since they are about today whatever the range. Every query names the
    class, the children and a key or key range, so the class index serves it.
    """
    return Tallied(summed(class_id, child_ids, dates), recent(class_id, child_ids, today))


def summed(class_id: int, child_ids: Sequence[int], dates: Any) -> dict[int, list[Tally]]:
    """Each child's tallies over `dates` added up per key (the examples keep their day)."""
    mine = (DailyTally.class_id == class_id, DailyTally.child_id.in_(child_ids))
    in_range = (*mine, DailyTally.day.between(dates.start, dates.end))
    period: dict[int, list[Tally]] = defaultdict(list)
    summed = db.session.execute(
        select(
            DailyTally.child_id,
            DailyTally.key,
            func.sum(DailyTally.hits),
            func.sum(DailyTally.chances),
        )
        .where(*in_range)
        .group_by(DailyTally.child_id, DailyTally.key)
    )
    for child_id, key, hits, chances in summed:
        if not key.startswith(DATED):
            period[child_id].append(Tally(dates.start, "", key, int(hits), int(chances)))
    for prefix in DATED:
        dated = db.session.execute(
            select(DailyTally.child_id, DailyTally.day, DailyTally.key, DailyTally.chances).where(
                *in_range, _prefixed(prefix)
            )
        )
        for child_id, day, key, chances in dated:
            period[child_id].append(Tally(day, "", key, 0, chances))
    return period


def recent(class_id: int, child_ids: Sequence[int], today: date) -> dict[int, list[Tally]]:
    """The tallies of the four weeks up to `today` that the trend, the readiness and "this
    week" read, day by day and level by level."""
    mine = (DailyTally.class_id == class_id, DailyTally.child_id.in_(child_ids))
    found: dict[int, list[Tally]] = defaultdict(list)
    days = DailyTally.day.between(today - timedelta(days=TREND_DAYS - 1), today)
    columns = (
        DailyTally.child_id,
        DailyTally.day,
        DailyTally.level,
        DailyTally.key,
        DailyTally.hits,
        DailyTally.chances,
    )
    for keys in (DailyTally.key.in_(RECENT_KEYS), _prefixed("memslip:")):
        for child_id, when, level, key, hits, chances in db.session.execute(
            select(*columns).where(*mine, keys, days)
        ):
            found[child_id].append(Tally(when, level, key, hits, chances))
    return found


# The rows whose times make a child's minutes of play: their choices, looks and counts.
PLAYED = (ChoiceRow, LookRow, CountRow)


def _seconds(column: Any) -> Any:
    """A time as seconds on one clock, worked out by the database: the minutes need only the
    gaps, and reading thousands of times as datetimes cost most of a page's time."""
    if db.session.get_bind().dialect.name == "sqlite":
        return func.julianday(column) * 86400.0
    return func.extract("epoch", column)


def minutes_played(
    class_id: int, child_ids: Sequence[int], dates: Any, zone: str
) -> dict[int, int]:
    """Each child's minutes of play in the range's days (the class's own, `zone`): the times
    of their choices, looks and counts in stretches less than 5 minutes apart, each from its
    first act to its last (insights.playtime). Children with none are left out."""
    if not child_ids:
        return {}
    since, until = dates.since(zone), dates.until(zone)
    played = union_all(
        *(
            select(model.child_id.label("child_id"), _seconds(model.created_at).label("at")).where(
                model.class_id == class_id,
                model.child_id.in_(child_ids),
                model.created_at >= since,
                model.created_at < until,
            )
            for model in PLAYED
        )
    )
    times: dict[int, list[float]] = defaultdict(list)
    for child_id, at in db.session.execute(played):
        times[child_id].append(float(at))
    return {child_id: minutes_of(seconds_played(moments)) for child_id, moments in times.items()}


def first_game(class_id: int) -> date | None:
    """The class's first day with a game (charts and the term view start there)."""
    return db.session.scalar(
        select(func.min(DailyTally.day)).where(
            DailyTally.class_id == class_id, DailyTally.key == "game"
        )
    )


def habit_days(class_id: int, child_ids: Sequence[int], dates: Any) -> dict[int, list[Tally]]:
    """Each child's tallies of the flags' habits (insights.fading) over `dates`, day by day
    (levels added up): when a habit was last seen, and the chances since."""
    found: dict[int, list[Tally]] = defaultdict(list)
    keys = [key for key in habit_keys() if not key.startswith("stack:")]
    rows = db.session.execute(
        select(
            DailyTally.child_id,
            DailyTally.day,
            DailyTally.key,
            func.sum(DailyTally.hits),
            func.sum(DailyTally.chances),
        )
        .where(
            DailyTally.class_id == class_id,
            DailyTally.child_id.in_(child_ids),
            DailyTally.day.between(dates.start, dates.end),
            DailyTally.key.in_(keys) | _prefixed("stack:"),
        )
        .group_by(DailyTally.child_id, DailyTally.day, DailyTally.key)
    )
    for child_id, day, key, hits, chances in rows:
        found[child_id].append(Tally(day, "", key, int(hits), int(chances)))
    return found


def weekly_tallies(child_id: int, dates: Any) -> list[Tally]:
    """One child's tallies added up per ISO week of `dates` (dated the week's first day in it)."""
    rows = db.session.execute(
        select(
            DailyTally.week,
            DailyTally.key,
            func.sum(DailyTally.hits),
            func.sum(DailyTally.chances),
        )
        .where(DailyTally.child_id == child_id, DailyTally.day.between(dates.start, dates.end))
        .group_by(DailyTally.week, DailyTally.key)
    )
    return [
        Tally(max(week, dates.start), "", key, int(hits), int(chances))
        for week, key, hits, chances in rows
    ]


@dataclass(frozen=True, slots=True)
class Today:
    """A class's play on one of its days, from one reading of the children's rows."""

    games: int  # tables at which a child of the class made a choice that day
    rounds: int  # rounds the children finished that day (one per child and round)
    per_child: dict[int, int]  # child id -> choices that day
    tables_playing: int  # the class's tables in play now (IN_PLAY), as the tables page lists
    waiting: int  # of those, the ones at which no child has made a choice that day
    last_move_at: datetime | None  # the children's last choice that day


def today_of(class_id: int, child_ids: Sequence[int], dates: Any, time_zone: str) -> Today:
    """Games, rounds and choices per child of one class on one (local) day, all read from the
    children's own rows of that day, so the figures cannot disagree; and the tables in play.

    Each query names the children and a time range, which their (child, when) index serves.
    """
    since, until = dates.since(time_zone), dates.until(time_zone)
    per_child: dict[int, int] = defaultdict(int)
    tables: set[int] = set()
    last: datetime | None = None
    if child_ids:
        rows = db.session.execute(
            select(
                ChoiceRow.child_id,
                ChoiceRow.table_id,
                func.count(ChoiceRow.id),
                func.max(ChoiceRow.created_at),
            )
            .where(
                ChoiceRow.child_id.in_(child_ids),
                ChoiceRow.created_at >= since,
                ChoiceRow.created_at < until,
            )
            .group_by(ChoiceRow.child_id, ChoiceRow.table_id)
        )
        for child_id, table_id, count, latest in rows:
            per_child[child_id] += int(count)
            if table_id is not None:
                tables.add(table_id)
            latest = aware(latest)
            last = latest if last is None or latest > last else last
    rounds = 0
    if child_ids:
        # A round of a table, however many of the class's children played it: two children
        # at one table who finish a round finish one round (beside "Games today", a table each).
        finished = (
            select(RoundRow.table_id, RoundRow.round_number)
            .where(
                RoundRow.child_id.in_(child_ids),
                RoundRow.created_at >= since,
                RoundRow.created_at < until,
            )
            .distinct()
            .subquery()
        )
        rounds = int(db.session.scalar(select(func.count()).select_from(finished)) or 0)
    in_play = set(
        db.session.scalars(
            select(PlayTable.id).where(
                PlayTable.class_id == class_id, PlayTable.status.in_(IN_PLAY)
            )
        )
    )
    return Today(
        games=len(tables),
        rounds=rounds,
        per_child=dict(per_child),
        # Every table in play counts, whoever moved last (a child, a computer, a stand-in for
        # an away child): the Card tables page lists the same ones as "playing".
        tables_playing=len(in_play),
        waiting=len(in_play - tables),
        last_move_at=last,
    )
