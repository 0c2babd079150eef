"""Where the page data comes from: the daily tallies (classroom/progress/keep.py), added up by
the database, so a page reads a few rows per child whatever the range (docs/progress.md)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select

from classroom.extensions import db
from classroom.insights.tallies import Tally
from classroom.models import DailyTally, PlayTable

TREND_DAYS = 28  # the trend compares the last two fortnights up to today
# What the trend, readiness and "this week" read from the recent days.
RECENT_KEYS = ("cmp", "fam:cat-cat", "fam:cat-rat", "fam:rat-rat", "mem", "game")


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
    return Tallied(period, recent(class_id, child_ids, today))


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
    """A class's figures of one day."""

    games: int  # tables of the class started that day
    rounds: int  # rounds the children finished that day (one per child and round)
    per_child: dict[int, int]  # child id -> choices that day
    tables_playing: int  # tables in play now
    last_move_at: datetime | None


def today_of(class_id: int, dates: Any) -> Today:
    """Games, rounds and choices per child of one class on one day, and tables in play now."""
    per_child: dict[int, int] = {}
    rounds = 0
    rows = db.session.execute(
        select(DailyTally.child_id, DailyTally.key, func.sum(DailyTally.chances))
        .where(
            DailyTally.class_id == class_id,
            DailyTally.day == dates.start,
            DailyTally.key.in_(("choice", "round")),
        )
        .group_by(DailyTally.child_id, DailyTally.key)
    )
    for child_id, key, chances in rows:
        if key == "choice":
            per_child[child_id] = int(chances)
        else:
            rounds += int(chances)
    started = PlayTable.status != "open"
    games, playing, last = db.session.execute(
        select(
            func.count(PlayTable.id).filter(
                started, PlayTable.created_at >= dates.since(), PlayTable.created_at < dates.until()
            ),
            func.count(PlayTable.id).filter(PlayTable.status.in_(("playing", "counting"))),
            func.max(PlayTable.updated_at).filter(started),
        ).where(PlayTable.class_id == class_id)
    ).one()
    return Today(int(games or 0), rounds, per_child, int(playing or 0), last)
