"""Sorting the class overview by any of its columns, on the server (plain ?sort= links work
without JavaScript and from the keyboard)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.insights import FlagKind, Move, Trend
from classroom.progress import ChildRow

# A key gives a comparable value, or None where the row has no figure: those rows always
# come last, whichever way the column is sorted, so "not enough yet" never hides the others.
Key = Callable[[ChildRow], Any]

TREND_ORDER = {Trend.DOWN: 0, Trend.STEADY: 1, Trend.UP: 2}
MOVE_ORDER = {Move.DOWN: 0, Move.STAY: 1, Move.UP: 2}


def has_flag(kind: FlagKind) -> Key:
    """1 when the child's row carries that flag, else 0."""
    return lambda row: int(any(flag.kind is kind for flag in row.summary.flags))


@dataclass(frozen=True, slots=True)
class Column:
    """A sortable column: its key, its heading, and the way a first click sorts it."""

    key: Key
    heading: str
    first: str  # "asc" or "desc": flags and the neediest children come first


COLUMNS: dict[str, Column] = {
    "name": Column(lambda row: row.name.casefold(), "Child", "asc"),
    "level": Column(lambda row: row.summary.level.number, "Level", "asc"),
    "games": Column(lambda row: row.summary.games_this_week, "Games, last 7 days", "desc"),
    "accuracy": Column(lambda row: row.summary.accuracy.value, "Comparisons right", "asc"),
    "trend": Column(
        lambda row: None if row.summary.trend is None else TREND_ORDER[row.summary.trend],
        "Trend",
        "asc",
    ),
    "cats": Column(has_flag(FlagKind.CAT_VERSUS_RAT), "Cat versus rat", "desc"),
    "memory": Column(has_flag(FlagKind.MEMORY), "Memory", "desc"),
    "counting": Column(has_flag(FlagKind.COUNTING), "Counting cubes", "desc"),
    "adding": Column(has_flag(FlagKind.ADDING), "Adding up", "desc"),
    "calling": Column(has_flag(FlagKind.CALLING), "Calling", "desc"),
    "recommendation": Column(
        lambda row: MOVE_ORDER[row.summary.recommendation.move], "Recommendation", "asc"
    ),
}
DEFAULT_SORT = "name"


def chosen(args: Mapping[str, str]) -> tuple[str, str]:
    """The column and direction asked for; anything unknown falls back to the child's name."""
    sort = args.get("sort", DEFAULT_SORT)
    if sort not in COLUMNS:
        sort = DEFAULT_SORT
    direction = args.get("dir", COLUMNS[sort].first)
    if direction not in ("asc", "desc"):
        direction = COLUMNS[sort].first
    return sort, direction


def sort_rows(rows: Sequence[ChildRow], sort: str, direction: str) -> list[ChildRow]:
    """The rows in the chosen order; ties (and rows without a figure) in name order."""
    key = COLUMNS[sort].key
    by_name = sorted(rows, key=lambda row: (row.name.casefold(), row.child_id))
    known = [row for row in by_name if key(row) is not None]
    unknown = [row for row in by_name if key(row) is None]
    # sorted() is stable, so equal values keep their name order in either direction.
    known.sort(key=key, reverse=direction == "desc")
    return known + unknown


def next_direction(column: str, sort: str, direction: str) -> str:
    """Where a heading's link leads: the other way round when it is already the sort."""
    if column == sort:
        return "desc" if direction == "asc" else "asc"
    return COLUMNS[column].first
