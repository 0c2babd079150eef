"""The number check's rows: giving checks, recording answers, and reading results back as the
measures of classroom.insights.number_check (docs/number_check.md)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Row, func, select

from classroom.extensions import db
from classroom.insights.number_check import (
    CheckAnswer,
    CheckChange,
    CheckItem,
    CheckResult,
    ItemKind,
    check_change,
    check_result,
    make_check,
)
from classroom.models import (
    Child,
    Classroom,
    NumberCheck,
    NumberCheckAnswer,
    NumberCheckSettings,
    RoundRow,
    Teacher,
    now,
)
from classroom.zones import DEFAULT_ZONE, aware, local

DEFAULT_LINE_MAX = 10
DEFAULT_EVERY_DAYS = 7
# The grades whose check starts on the 0-20 line (the form calls it first grade's: the totals
# children add up there reach 20 and beyond); before first grade, and for mixed ages, 0-10.
FROM_FIRST_GRADE = ("Grade 1", "Grade 2", "Grade 3", "Grade 4")


def default_line_max(grade: str | None) -> int:
    """The number line a class's first check is given on, by its grade."""
    return 20 if grade in FROM_FIRST_GRADE else DEFAULT_LINE_MAX


def settings_of(classroom: Classroom) -> NumberCheckSettings:
    """The class's number check settings (the defaults for its grade, not yet saved, if it
    has none)."""
    found = db.session.get(NumberCheckSettings, classroom.id)
    if found is None:
        found = NumberCheckSettings(
            class_id=classroom.id,
            line_max=default_line_max(classroom.grade),
            every_days=DEFAULT_EVERY_DAYS,
        )
    return found


def latest_check(child_id: int) -> NumberCheck | None:
    """The check given to the child most recently."""
    return db.session.scalar(
        select(NumberCheck)
        .where(NumberCheck.child_id == child_id)
        .order_by(NumberCheck.assigned_at.desc(), NumberCheck.id.desc())
        .limit(1)
    )


@dataclass(frozen=True)
class NotYet:
    """Why a child may not be given a new check now."""

    until: datetime | None  # when they may have one; None: once they finish the one they have


def not_yet(check: NumberCheck | None, every_days: int) -> NotYet | None:
    """None if the child may be given a new check now. An unfinished check must be finished
    first; a new one comes `every_days` after the last was given."""
    if check is None:
        return None
    if check.finished_at is None:
        return NotYet(None)
    allowed = aware(check.assigned_at) + timedelta(days=every_days)
    return NotYet(allowed) if allowed > now() else None


@dataclass(frozen=True)
class Given:
    """What giving a check to several children did."""

    given: list[Child]
    waiting: list[tuple[Child, datetime | None]]  # not given: when they may have one (None:
    # after finishing the one they have)


def give_check(
    children: Iterable[Child],
    settings: NumberCheckSettings,
    teacher: Teacher,
    via: str | None = None,
) -> Given:
    """Give each child a new check on the class's line, unless they have an unfinished one or
    were given one within `every_days`. The caller commits."""
    given: list[Child] = []
    waiting: list[tuple[Child, datetime | None]] = []
    for child in children:
        wait = not_yet(latest_check(child.id), settings.every_days)
        if wait is not None:
            waiting.append((child, wait.until))
            continue
        db.session.add(
            NumberCheck(
                child_id=child.id,
                class_id=child.class_id,
                seed=secrets.randbelow(2**31),
                line_max=settings.line_max,
                assigned_by_id=teacher.id,
                via=via,
            )
        )
        given.append(child)
    return Given(given, waiting)


def open_check(child_id: int) -> NumberCheck | None:
    """The child's check still to do, if any."""
    check = latest_check(child_id)
    return check if check is not None and check.finished_at is None else None


def items_of(check: NumberCheck) -> tuple[CheckItem, ...]:
    """The check's items, dealt again from its seed."""
    return make_check(check.seed, check.line_max)


def answer_rows(check_ids: Sequence[int]) -> list[NumberCheckAnswer]:
    """The answer rows of these checks, in the order of the items."""
    if not check_ids:
        return []
    return list(
        db.session.scalars(
            select(NumberCheckAnswer)
            .where(NumberCheckAnswer.check_id.in_(check_ids))
            .order_by(NumberCheckAnswer.check_id, NumberCheckAnswer.item_number)
        )
    )


def as_answer(row: NumberCheckAnswer) -> CheckAnswer:
    """An answer row as the insights see it (the item as it was shown, from the row)."""
    item = CheckItem(row.item_number, ItemKind(row.kind), row.target, tuple(row.choices), 0)
    if item.kind is ItemKind.LINE:
        item = CheckItem(row.item_number, item.kind, row.target, (), row.line_max)
    return CheckAnswer(item, row.response)


def answered(check: NumberCheck) -> int:
    """How many items of the check have an answer."""
    return (
        db.session.scalar(select(func.count()).where(NumberCheckAnswer.check_id == check.id)) or 0
    )


def record_answer(
    check: NumberCheck, answer: CheckAnswer, items: int, when: datetime | None = None
) -> None:
    """Keep one answer, given `when` (now unless a simulated history says otherwise); the check
    is finished with its last item. The caller commits (a second answer to the same item
    fails there, on the unique item number)."""
    item = answer.item
    when = when or now()
    db.session.add(
        NumberCheckAnswer(
            check_id=check.id,
            child_id=check.child_id,
            class_id=check.class_id,
            created_at=when,
            item_number=item.number,
            kind=item.kind.value,
            target=item.target,
            choices=list(item.choices),
            line_max=check.line_max,
            response=answer.response,
            correct=answer.correct,
        )
    )
    if check.started_at is None:
        check.started_at = when
    if item.number == items - 1:
        check.finished_at = when


@dataclass(frozen=True)
class DoneCheck:
    """A finished check, its answers and its measures."""

    check: NumberCheck
    answers: list[CheckAnswer]
    result: CheckResult
    time_zone: str = DEFAULT_ZONE

    @property
    def when(self) -> datetime:
        """When the child finished it, in the class's time zone."""
        assert self.check.finished_at is not None
        return local(self.check.finished_at, self.time_zone)


@dataclass(frozen=True)
class Between:
    """The first finished check against the latest, and the play between them."""

    first: DoneCheck
    latest: DoneCheck
    change: CheckChange
    rounds: int

    @property
    def weeks(self) -> float:
        """Weeks between the two checks."""
        return (self.latest.when - self.first.when).total_seconds() / (7 * 24 * 3600)


def done_checks(
    child_ids: Sequence[int], time_zone: str = DEFAULT_ZONE
) -> dict[int, list[DoneCheck]]:
    """Every finished check of these children, oldest first, by child (times in the class's
    zone)."""
    checks = list(
        db.session.scalars(
            select(NumberCheck)
            .where(NumberCheck.child_id.in_(child_ids), NumberCheck.finished_at.is_not(None))
            .order_by(NumberCheck.finished_at, NumberCheck.id)
        )
    )
    rows: dict[int, list[CheckAnswer]] = {c.id: [] for c in checks}
    for row in answer_rows([c.id for c in checks]):
        rows[row.check_id].append(as_answer(row))
    out: dict[int, list[DoneCheck]] = {}
    for check in checks:
        answers = rows[check.id]
        result = check_result(items_of(check), answers)
        out.setdefault(check.child_id, []).append(DoneCheck(check, answers, result, time_zone))
    return out


def rounds_between(child_id: int, start: datetime, end: datetime) -> int:
    """Rounds of the game the child finished between two times."""
    return (
        db.session.scalar(
            select(func.count()).where(
                RoundRow.child_id == child_id,
                RoundRow.created_at > start,
                RoundRow.created_at < end,
            )
        )
        or 0
    )


def between(checks: Sequence[DoneCheck]) -> Between | None:
    """The first check against the latest (None with fewer than two)."""
    if len(checks) < 2:
        return None
    first, latest = checks[0], checks[-1]
    return Between(
        first,
        latest,
        check_change(first.result, latest.result),
        rounds_between(first.check.child_id, first.when, latest.when),
    )


def answers_for_export(class_id: int) -> Iterator[Row[tuple[NumberCheckAnswer, NumberCheck, str]]]:
    """Every answer of the class's children, with its check and the child's name, in order."""
    query = (
        select(NumberCheckAnswer, NumberCheck, Child.display_name)
        .join(NumberCheck, NumberCheck.id == NumberCheckAnswer.check_id)
        .join(Child, Child.id == NumberCheckAnswer.child_id)
        .where(NumberCheckAnswer.class_id == class_id)
        .order_by(
            Child.display_name,
            NumberCheck.assigned_at,
            NumberCheck.id,
            NumberCheckAnswer.item_number,
        )
    )
    yield from db.session.execute(query)
