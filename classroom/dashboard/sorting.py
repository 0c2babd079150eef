"""Sorting the class overview by any of its columns, on the server (plain ?sort= links work
without JavaScript and from the keyboard)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.insights import FlagKind, Move, Rate, Trend
from classroom.progress import ChildRow

# A key gives a comparable value, or None where the row has no figure: those rows always
# come last, whichever way the column is sorted, so "not enough yet" never hides the others.
Key = Callable[[ChildRow], Any]

TREND_ORDER = {Trend.DOWN: 0, Trend.STEADY: 1, Trend.UP: 2}
MOVE_ORDER = {Move.DOWN: 0, Move.STAY: 1, Move.UP: 2}


def has_flag(kind: FlagKind) -> Key:
    """2 when the child's row carries that flag and it is active, 1 when it has faded, else 0."""

    def key(row: ChildRow) -> int:
        state = row.flag(kind.value)
        return 0 if state is None else 2 if state.active else 1

    return key


@dataclass(frozen=True, slots=True)
class Column:
    """A sortable column: its key, its heading, the way a first click sorts it, and a short
    explanation a teacher can open from the heading."""

    key: Key
    heading: str
    first: str  # "asc" or "desc": flags and the neediest children come first
    explain: str = ""
    flag: str | None = None  # a flag column: the flag kind it shows
    # A flag column's figure (its chances and minimum): a column with no chances for anyone
    # is folded into one note; below the minimum a cell says "too few yet", not "no flag".
    figure: Callable[[ChildRow], Rate] | None = None
    # Every figure the flag needs has its minimum (cat versus rat needs two families).
    ready: Callable[[ChildRow], bool] | None = None
    # Below the minimum, the figure that is short of it and what it counts, when the flag
    # needs more than `figure` (cat versus rat: the cat-cat or the cat-rat pairs).
    short: Callable[[ChildRow], tuple[Rate, str]] | None = None

    def has_data(self, row: ChildRow) -> bool:
        """Has this row any chance of the flag's habit?"""
        return self.figure is not None and self.figure(row).chances > 0

    def enough(self, row: ChildRow) -> bool:
        """Has this row enough chances for the flag to be judged ("no flag" means something)?"""
        if self.figure is None:
            return True
        if self.ready is not None:
            return self.ready(row)
        return self.figure(row).enough

    def too_few(self, row: ChildRow) -> tuple[Rate | None, str]:
        """What a "too few yet" cell counts: the figure short of its minimum, and its words
        ("" when it is the column's own figure)."""
        if self.short is not None:
            return self.short(row)
        return (self.figure(row) if self.figure is not None else None), ""


def _cats_short(row: ChildRow) -> tuple[Rate, str]:
    """Cat versus rat's figure short of its minimum: the cat-cat pairs, else the cat-rat."""
    pairs = row.summary.by_family
    if not pairs["cat-cat"].enough:
        return pairs["cat-cat"], "two cats"
    return pairs["cat-rat"], "a cat and a rat"


def next_move(row: ChildRow) -> int:
    """Move down first, then stay, then move up; a child with no games last."""
    return MOVE_ORDER[row.next_step.move] if row.summary.games else 3


COLUMNS: dict[str, Column] = {
    "name": Column(lambda row: row.name.casefold(), "Child", "asc", "Opens the child's own page."),
    "recommendation": Column(
        next_move,
        "Next step",
        "asc",
        "Move up, stay or move down a level, from the comparisons at the child's level in the "
        '2 weeks up to the range\'s last day; never "move up" while a flag is active. '
        "Open it for the evidence. You decide.",
    ),
    "level": Column(
        lambda row: row.summary.level.number, "Level", "asc", "The level the child plays at now."
    ),
    "games": Column(
        lambda row: row.summary.games,
        "Games, minutes",
        "desc",
        "Games with a choice, a count or a round result in the range, and beside them the "
        "minutes of play in the same range: the child's moves, looks and counts in stretches "
        "less than 5 minutes apart, each timed from its first to its last (a table left idle "
        "adds nothing). Sorted by games.",
    ),
    "accuracy": Column(
        lambda row: row.summary.accuracy.value,
        "Comparisons right",
        "asc",
        "How often the child kept the lower card when a lower card came, over the range. "
        "A figure needs enough chances; until then it says how many more are needed. "
        '"Does not yet tell which card is lower" marks a child whose drawn cards go in (or stay '
        "out) whatever their number: right often, but by a habit, not by comparing.",
    ),
    "trend": Column(
        lambda row: None if row.summary.trend is None else TREND_ORDER[row.summary.trend],
        "Trend",
        "asc",
        "Comparisons right in the last 2 weeks against the 2 weeks before, up to the range's "
        "last day: up or down by 10 points or more, else steady.",
    ),
    "cats": Column(
        has_flag(FlagKind.CAT_VERSUS_RAT),
        "Cat versus rat",
        "desc",
        "Compares a cat (0-6) with a rat (7-9) well but two cats poorly: keeps a 4 when a 3 comes.",
        "cat_versus_rat",
        lambda row: row.summary.by_family["cat-cat"],
        lambda row: (
            row.summary.by_family["cat-cat"].enough and row.summary.by_family["cat-rat"].enough
        ),
        _cats_short,
    ),
    "memory": Column(
        has_flag(FlagKind.MEMORY),
        "Memory",
        "desc",
        "Choices that went against a card the child had seen but could no longer see "
        "(Outside Peek and Standard).",
        "memory",
        lambda row: row.summary.memory.held,
    ),
    "counting": Column(
        has_flag(FlagKind.COUNTING),
        "Counting cubes",
        "desc",
        "Cube bars not as long as the number on the card, as first placed.",
        "counting",
        lambda row: row.summary.numerals.overall,
    ),
    "adding": Column(
        has_flag(FlagKind.ADDING),
        "Adding up",
        "desc",
        "Typed totals of the four cards that were not exact.",
        "adding",
        lambda row: row.summary.adding.exact,
    ),
    "calling": Column(
        has_flag(FlagKind.CALLING),
        "Calling",
        "desc",
        'Called "Rat-a-Tat-Cat" without the lowest score, and lost those rounds.',
        "calling",
        lambda row: row.summary.calling.lowest_at_call,
    ),
}


def shown_columns(rows: Sequence[ChildRow]) -> tuple[dict[str, Column], list[Column]]:
    """The columns with data for at least one child, and the flag columns with none (folded
    into one note under the table)."""
    shown: dict[str, Column] = {}
    folded: list[Column] = []
    for name, column in COLUMNS.items():
        if column.figure is not None and not any(column.has_data(row) for row in rows):
            folded.append(column)
        else:
            shown[name] = column
    return shown, folded


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
