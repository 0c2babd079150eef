"""A child's number checks as the teacher's pages show them: each finished check with its
date and measures, its number line drawn (the child's taps against the true places), and the
first check against the latest. The measures are those of classroom.insights.number_check;
this only lays them out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from classroom.check.service import (
    Between,
    DoneCheck,
    between,
    done_checks,
    open_check,
    rounds_between,
)
from classroom.insights.number_check import (
    CheckAnswer,
    LineShape,
    fit_sentence,
)
from classroom.models import Child, NumberCheck
from classroom.zones import local

SHAPE_NAMES = {
    LineShape.LINEAR: "straight (even)",
    LineShape.LOGARITHMIC: "logarithmic (small numbers spread out)",
    LineShape.REVERSED: "runs the other way",
    LineShape.NO_PATTERN: "no pattern yet",
}


LABEL_ROWS = 3  # rows of tapped labels above the line, room for which is always drawn
ROW_HEIGHT = 24  # a row of tapped labels, in the drawing's units
LABEL_WIDTH = 26  # a label's circle and a little room, in the drawing's units


@dataclass(frozen=True)
class Mark:
    """One numeral on the drawing: where it belongs and where the child put it (x in the
    drawing's units), and which row its tapped label sits on (so near taps do not overlap)."""

    numeral: int
    placed: float
    true_x: float
    tap_x: float
    row: int
    off_by: float  # how far from its place the tap was, in line units (CheckAnswer.error)

    @property
    def y(self) -> int:
        """The y of the tapped label's centre (row 0 just above the line)."""
        return 66 - ROW_HEIGHT * self.row


@dataclass(frozen=True)
class LineDrawing:
    """The number line of one check, as the SVG in templates/dashboard/_number_line.html."""

    line_max: int
    marks: list[Mark]
    width: int = 600
    start: float = 30
    end: float = 570
    rows: int = LABEL_ROWS  # rows of tapped labels: more when taps crowd one place

    @property
    def rise(self) -> int:
        """How far the drawing reaches above its usual top, for rows past LABEL_ROWS."""
        return ROW_HEIGHT * max(0, self.rows - LABEL_ROWS)

    def x(self, place: float) -> float:
        """The drawing's x of a place on the line."""
        return self.start + (self.end - self.start) * place / self.line_max

    @property
    def ends(self) -> list[tuple[int, float]]:
        """The two ends, labelled."""
        return [(0, self.start), (self.line_max, self.end)]


def drawing(answers: Sequence[CheckAnswer], line_max: int) -> LineDrawing:
    """The check's number line: each tap above the line, each true place below it."""
    empty = LineDrawing(line_max, [])
    taps = sorted((a for a in answers if a.error is not None), key=lambda a: a.response)
    marks: list[Mark] = []
    last_x = [-1e9] * LABEL_ROWS
    for answer in taps:
        numeral, placed = answer.item.target, answer.response
        tap_x = empty.x(placed)
        # Rows of tapped labels: a label goes on the lowest row where it clears the last label,
        # or on a new row above. Labels never cover each other: a child who tapped one place
        # every time shows as a column of all ten (three rows hid seven of them).
        clear = [row for row in range(len(last_x)) if tap_x - last_x[row] >= LABEL_WIDTH]
        if not clear:
            last_x.append(-1e9)
            clear = [len(last_x) - 1]
        row = clear[0]
        last_x[row] = tap_x
        marks.append(Mark(numeral, placed, empty.x(numeral), tap_x, row, answer.error or 0.0))
    return LineDrawing(line_max, sorted(marks, key=lambda m: m.numeral), rows=len(last_x))


@dataclass(frozen=True)
class ChildChecks:
    """Everything the child's page and the report show of the number check."""

    done: list[DoneCheck]
    drawings: dict[int, LineDrawing]  # by check id
    change: Between | None
    waiting: NumberCheck | None  # a check given and not finished
    time_zone: str  # the class's: every date shown is its own day

    def day(self, when: datetime) -> str:
        """A stored time as the class's day ("3 Nov 2026")."""
        return f"{local(when, self.time_zone):%-d %b %Y}"

    @staticmethod
    def fit_text(done: DoneCheck, figures: bool = True) -> str:
        """The check's line fit in a sentence (with its R² values unless `figures` is off)."""
        return fit_sentence(done.result.fit, figures)

    @staticmethod
    def shape_name(shape: LineShape | None) -> str:
        """A line shape's name on the pages."""
        return SHAPE_NAMES[shape] if shape is not None else "-"

    @property
    def first(self) -> DoneCheck | None:
        """The first finished check."""
        return self.done[0] if self.done else None

    @property
    def latest(self) -> DoneCheck | None:
        """The latest finished check."""
        return self.done[-1] if self.done else None


def child_checks(child: Child) -> ChildChecks:
    """The child's finished checks, oldest first, drawn, and the change from first to latest."""
    time_zone = child.classroom.time_zone
    done = done_checks([child.id], time_zone).get(child.id, [])
    return ChildChecks(
        time_zone=time_zone,
        done=done,
        drawings={d.check.id: drawing(d.answers, d.check.line_max) for d in done},
        change=between(done),
        waiting=open_check(child.id),
    )


@dataclass(frozen=True)
class ReportCheck:
    """The number check on a parent report, whose figures belong to the report's period or
    say plainly that they do not (docs/number_check.md): the check taken in the period (the
    latest, if several), else the latest one before it; and the child's first check, to
    compare with, when it came before that one. A check after the period is not shown."""

    shown: DoneCheck
    shown_before: bool  # taken before the period's first day
    first: DoneCheck | None  # the first check of all, when it is earlier than `shown`
    first_before: bool  # the first check was taken before the period's first day
    rounds: int  # rounds of the game the child finished between `first` and `shown`


def report_check(checks: ChildChecks, start: date, end: date) -> ReportCheck | None:
    """The number check a report for the days `start` to `end` (the class's days) shows, or
    None when no check was finished by `end`."""
    upto = [d for d in checks.done if d.when.date() <= end]
    if not upto:
        return None
    shown = upto[-1]
    first = upto[0] if upto[0] is not shown else None
    rounds = 0
    if first is not None:
        rounds = rounds_between(shown.check.child_id, first.when, shown.when)
    return ReportCheck(
        shown=shown,
        shown_before=shown.when.date() < start,
        first=first,
        first_before=first is not None and first.when.date() < start,
        rounds=rounds,
    )


def change_text(checks: Sequence[DoneCheck]) -> list[str]:
    """A child's change from the first check to the latest in three short lines (the
    overview's narrow column): the line error, "Which is more?" right of 10, numerals found of
    6 (the column's help says "of 10", "of 6")."""
    if not checks:
        return []
    latest = checks[-1].result
    if len(checks) == 1:
        return (
            ["one check", f"line {latest.pae:.0f} %"] if latest.pae is not None else ["one check"]
        )
    first = checks[0].result
    lines = []
    # Each count says out of how many ("more 10 → 10" alone does not say it): the
    # line's error in %, "Which is more?" right, numerals found. The column is narrow: the
    # overview fits 1366 px with all twelve columns.
    if first.pae is not None and latest.pae is not None:
        lines.append(f"line {first.pae:.0f} → {latest.pae:.0f} %")
    more = latest.comparisons
    lines.append(f"more {first.comparisons.hits} → {more.hits} of {more.chances}")
    lines.append(f"found {first.found.hits} → {latest.found.hits} of {latest.found.chances}")
    return lines


def class_changes(children: Sequence[Child]) -> dict[int, list[str]]:
    """Each child's change since their first check, by child id (empty without a check)."""
    done = done_checks([c.id for c in children])  # times unused: counts only
    return {c.id: change_text(done.get(c.id, [])) for c in children}
