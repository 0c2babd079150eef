"""Recording a child's choices, looks, counts and round results, and keeping the daily tallies
up to date: `record` writes the rows and adds their counts to `daily_tallies` in the same
transaction (insights.tallies says what each record counts toward); a move, a look, a count
and the simulated history all write them through it. A row's day is the class's own local day
(its time zone, classroom/zones.py). A rebuild recomputes the tallies from the rows, should a
key's meaning or the class's time zone change."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import bindparam, delete, insert, inspect, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, scoped_session

from classroom.insights.records import ChoiceRecord, CountRecord, LookRecord
from classroom.insights.tallies import (
    Count,
    choice_counts,
    count_counts,
    look_counts,
    round_counts,
)
from classroom.models import ChoiceRow, Classroom, CountRow, DailyTally, LookRow, RoundRow
from classroom.zones import DEFAULT_ZONE, local_day

from .records import record_of

Where = tuple[int, int, date, str, str]  # child, class, day, level, key
TALLIED = (ChoiceRow, LookRow, CountRow, RoundRow)
CHUNK = 5000  # rows per INSERT: big enough to be quick, small enough for any driver


def day_of(when: datetime | None, zone: str | None = DEFAULT_ZONE) -> date:
    """The class's local day a row was written on; a row not yet stamped is written now."""
    return local_day(when, zone)


def zones_of(connection: Connection, class_ids: Iterable[int]) -> dict[int, str]:
    """The time zone of each class named (one small query a class, by primary key)."""
    zones: dict[int, str] = {}
    for class_id in sorted(set(class_ids)):
        zone = connection.execute(_zone_query(), {"id": class_id}).scalar()
        if zone is not None:
            zones[class_id] = str(zone)
    return zones


@cache
def _zone_query() -> Any:
    """zones_of's query, built once. One id, not an expanding IN, which SQLAlchemy compiles
    again at every execution (47 against 104 µs a query; a move's rows are of one class)."""
    return select(Classroom.time_zone).where(Classroom.id == bindparam("id"))


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


def add_rows(
    rows: Iterable[Any],
    into: Counter[Where],
    chances: Counter[Where],
    zones: Mapping[int, str] | None = None,
) -> None:
    """Add the rows' counts to two counters (hits and chances) keyed by child, day and key;
    the day is the local day of the row's class (`zones`: class id -> zone, UTC if absent)."""
    for row in rows:
        day = day_of(row.created_at, (zones or {}).get(row.class_id, DEFAULT_ZONE))
        for key, hit, chance in counts_of(row):
            where = (row.child_id, row.class_id, day, row.level, key)
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


def record(
    session: Session | scoped_session[Any],
    rows: Sequence[Any],
    zones: Mapping[int, str] | None = None,
) -> int:
    """Record a child's choices, looks, counts or round results (new, unsaved rows): the rows,
    and the tallies they count toward, written in the session's transaction (a move's own,
    or the caller's), which the caller commits. The one way these rows are written. `zones`:
    the time zones of classes the caller has read already (class id -> zone; the others are
    read here). Returns how many tallies it changed."""
    if not rows:
        return 0
    stamp = datetime.now(UTC)
    batches: dict[tuple[type, frozenset[str]], list[dict[str, Any]]] = {}
    for row in rows:
        if row.created_at is None:  # stamped now, so that its row and its tally agree
            row.created_at = stamp
        columns = _columns(row)
        batches.setdefault((type(row), frozenset(columns)), []).append(columns)
    # One bulk INSERT per kind of row and set of columns, on the table: nobody reads these
    # rows back in this transaction, and the ORM's bulk path would cost more than the INSERT.
    connection = session.connection()
    for (model, _), batch in batches.items():
        for start in range(0, len(batch), CHUNK):
            connection.execute(_insert(model), batch[start : start + CHUNK])
    hits: Counter[Where] = Counter()
    chances: Counter[Where] = Counter()
    known = dict(zones or {})
    known |= zones_of(connection, (r.class_id for r in rows if r.class_id not in known))
    add_rows(rows, hits, chances, known)
    write(connection, hits, chances)
    return len(chances)


@cache
def _insert(model: Hashable) -> Any:
    """The INSERT of a kind of recorded row, on its table (built once). Inline: nothing is
    asked back (a single row would otherwise return its new id, which nobody reads)."""
    return insert(model.__table__).inline()  # type: ignore[attr-defined]


def _columns(row: Any) -> dict[str, Any]:
    """The columns set on an unsaved row (those left unset get their defaults)."""
    names = _column_names(row.__class__)
    return {name: value for name in names if (value := row.__dict__.get(name)) is not None}


@cache
def _column_names(model: Hashable) -> tuple[str, ...]:
    """The column attributes of a row model."""
    return tuple(str(attr.key) for attr in inspect(model).column_attrs)


def rebuild(session: Session, class_id: int) -> int:
    """Recompute a class's tallies from its recorded rows; returns how many tallies it wrote."""
    session.execute(delete(DailyTally).where(DailyTally.class_id == class_id))
    hits: Counter[Where] = Counter()
    chances: Counter[Where] = Counter()
    zones = zones_of(session.connection(), [class_id])
    for model in TALLIED:
        rows = session.scalars(
            select(model).where(model.class_id == class_id).execution_options(yield_per=2000)
        )
        add_rows(rows, hits, chances, zones)
    write(session.connection(), hits, chances)
    return len(chances)
