"""Keeping the daily tallies up to date: in the transaction that writes a child's choice, look,
count or round result, its counts are added to `daily_tallies` (insights.tallies says what
each record counts toward). A rebuild recomputes them from the rows, should a key's meaning
ever change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import delete, event, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from classroom.insights.records import ChoiceRecord, CountRecord, LookRecord
from classroom.insights.tallies import (
    Count,
    choice_counts,
    count_counts,
    look_counts,
    round_counts,
)
from classroom.models import ChoiceRow, CountRow, DailyTally, LookRow, RoundRow

from .records import record_of

Where = tuple[int, int, date, str, str]  # child, class, day, level, key
TALLIED = (ChoiceRow, LookRow, CountRow, RoundRow)


def day_of(when: datetime | None) -> date:
    """The (UTC) day a row was written on; a row not yet stamped is written now."""
    if when is None:
        return datetime.now(UTC).date()
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return when.date()


def monday_of(day: date) -> date:
    """The Monday of the ISO week a day falls in."""
    return day - timedelta(days=day.weekday())


def counts_of(row: Any) -> Iterable[Count]:
    """What one recorded row counts toward."""
    record = record_of(row)
    if isinstance(record, ChoiceRecord):
        return choice_counts(record.facts)
    if isinstance(record, LookRecord):
        return look_counts(record)
    if isinstance(record, CountRecord):
        return count_counts(record)
    return round_counts(record)


def add_rows(rows: Iterable[Any], into: Counter[Where], chances: Counter[Where]) -> None:
    """Add the rows' counts to two counters (hits and chances) keyed by child, day and key."""
    for row in rows:
        for key, hit, chance in counts_of(row):
            where = (row.child_id, row.class_id, day_of(row.created_at), row.level, key)
            into[where] += hit
            chances[where] += chance


@cache
def _upsert(dialect_name: str) -> Any:
    """The INSERT ... ON CONFLICT DO UPDATE that adds counts to tallies, built once per
    dialect (building its `excluded` columns cost more than running it)."""
    table = DailyTally.__table__
    dialect = postgresql if dialect_name == "postgresql" else sqlite
    stmt = dialect.insert(table)
    return stmt.on_conflict_do_update(
        index_elements=["child_id", "day", "level", "key"],
        set_={
            "hits": table.c.hits + stmt.excluded.hits,
            "chances": table.c.chances + stmt.excluded.chances,
        },
    )


def write(connection: Connection, hits: Counter[Where], chances: Counter[Where]) -> None:
    """Add counts to the stored tallies: one upsert for all of them."""
    if not chances:
        return
    values = [
        {
            "child_id": child_id,
            "class_id": class_id,
            "day": day,
            "level": level,
            "key": key,
            "week": monday_of(day),
            "hits": hits[where],
            "chances": n,
        }
        for where, n in chances.items()
        for child_id, class_id, day, level, key in (where,)
    ]
    stmt = _upsert(connection.dialect.name)
    # Sorted so that two transactions touching the same child's rows lock them in one order.
    connection.execute(stmt, sorted(values, key=lambda v: (v["child_id"], v["day"], v["key"])))


@event.listens_for(Session, "after_flush")
def _keep_tallies(session: Session, _context: Any) -> None:
    """After a flush that wrote recorded rows, add their counts in the same transaction."""
    new = [obj for obj in session.new if isinstance(obj, TALLIED)]
    if not new:
        return
    hits: Counter[Where] = Counter()
    chances: Counter[Where] = Counter()
    add_rows(new, hits, chances)
    write(session.connection(), hits, chances)


def rebuild(session: Session, class_id: int) -> int:
    """Recompute a class's tallies from its recorded rows; returns how many tallies it wrote."""
    session.execute(delete(DailyTally).where(DailyTally.class_id == class_id))
    hits: Counter[Where] = Counter()
    chances: Counter[Where] = Counter()
    for model in TALLIED:
        rows = session.scalars(
            select(model).where(model.class_id == class_id).execution_options(yield_per=2000)
        )
        add_rows(rows, hits, chances)
    write(session.connection(), hits, chances)
    return len(chances)
