"""Deleting a child with all of their data: the one way the delete page and `flask retention`
both take (docs/security.md)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select

from classroom.children.export import child_tables
from classroom.extensions import db
from classroom.models import Child, DailyTally
from classroom.tables.leaving import leave_tables

# What a row of each table is, in a teacher's words (for the delete page), one and many.
ROW_WORDS = {
    "choices": ("choice in games", "choices in games"),
    "looks": ("look at their own cards", "looks at their own cards"),
    "counts": ("count of their cards", "counts of their cards"),
    "round_results": ("round result", "round results"),
    # Said as the days they hold (a tally row is one day, level and figure: 30 days played
    # read as "1150 days of progress figures"); `days_counted` counts them.
    "daily_tallies": ("day of progress figures", "days of progress figures"),
    "number_checks": ("number check", "number checks"),
    "number_check_answers": ("number check answer", "number check answers"),
    "table_seats": ("seat at a card table", "seats at card tables"),
}


def in_words(rows: dict[str, int]) -> list[str]:
    """The recorded rows of `rows_about`, as the delete page lists them ("120 choices in
    games"); the roster's own tables (history, groups) are said apart."""
    said = []
    for table, count in rows.items():
        if count and table not in ("assignment_changes", "group_members"):
            one, many = ROW_WORDS.get(table, (f"{table} row", f"{table} rows"))
            said.append(f"{count} {one if count == 1 else many}")
    return said


@dataclass(frozen=True)
class Deleted:
    """What went with one child: their name and class, and rows per table."""

    child_id: int
    name: str
    class_name: str
    rows: dict[str, int]

    def describe(self) -> str:
        counted = ", ".join(f"{n} {table}" for table, n in self.rows.items() if n)
        return f"{self.name} (child {self.child_id}, {self.class_name}): {counted or 'no rows'}"


def rows_about(child: Child) -> dict[str, int]:
    """How many rows each table holds about the child."""
    return {
        table.name: int(
            db.session.scalar(
                select(func.count()).select_from(table).where(table.c.child_id == child.id)
            )
            or 0
        )
        for table in child_tables()
    }


def days_counted(child: Child, rows: dict[str, int]) -> dict[str, int]:
    """`rows` with the daily tallies counted as the days they cover, as the delete page says
    them ("30 days of progress figures"), not as rows (one per day, level and figure)."""
    if not rows.get("daily_tallies"):
        return rows
    days = db.session.scalar(
        select(func.count(func.distinct(DailyTally.day))).where(DailyTally.child_id == child.id)
    )
    return {**rows, "daily_tallies": int(days or 0)}


def delete_child(child: Child) -> Deleted:
    """Delete the child and every row about them (committed by the caller). First each card
    table they sit at lets them go (committed table by table): a computer player takes their
    seat in a game in play, and no seat or game keeps their name."""
    leave_tables(child, forget=True)
    deleted = Deleted(child.id, child.display_name, child.classroom.name, rows_about(child))
    db.session.delete(child)
    db.session.flush()
    return deleted
