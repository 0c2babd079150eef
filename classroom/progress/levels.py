"""The levels a child played at: the level on a given day (from the assignment history) and
the levels played over a range with their days (from the daily tallies, which keep the level
of every row), so a page about a past period tells that period's levels, not today's
(docs/progress.md, "Levels over time")."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from sqlalchemy import Row, func, select

from classroom.extensions import db
from classroom.game import Level
from classroom.models import AssignmentChange, Child, DailyTally
from classroom.zones import aware, day_start, local_day

ORDER = tuple(Level)
LEVEL_VALUES = [level.value for level in ORDER]


@dataclass(frozen=True, slots=True)
class LevelSpan:
    """One level a child played at in a range: its first and last day there, and its games."""

    level: Level
    first: date
    last: date
    games: int

    def text(self) -> str:
        """ "Ultra-Peek (5 Oct to 4 Nov)", or one day alone."""
        if self.first == self.last:
            return f"{self.level.label} ({self.first:%-d %b})"
        return f"{self.level.label} ({self.first:%-d %b} to {self.last:%-d %b})"


@dataclass(frozen=True, slots=True)
class Assigned:
    """What a child's assignment was at the end of one day: level and way of adding up."""

    level: Level
    scoring: str


def assigned_on(
    class_id: int, children: Sequence[Child], day: date, time_zone: str
) -> dict[int, Assigned]:
    """Each child's level and scoring at the end of `day` (the class's own day).

    The assignment history says what the assignment was then (the first change after that
    day, in its "before"). The tallies keep the level of every game: when the child played
    after the last change up to that day at a level the history does not give (games filled
    in before the level was set, as `flask history` does), the games' level is the one told.
    """
    found = {c.id: Assigned(Level.parse(c.level), c.scoring) for c in children}
    if not children:
        return found
    ids = [c.id for c in children]
    after = day_start(day + timedelta(days=1), time_zone)
    rows = assignment_changes(ids)
    changed: dict[int, date] = {}  # the day of each child's last change up to `day`
    seen: set[int] = set()
    for child_id, when, before, changed_to in rows:
        if aware(when) < after:
            changed[child_id] = local_day(when, time_zone)
            continue
        if child_id in seen:
            continue
        seen.add(child_id)
        # No "before": the child was added after that day, at the level they were given.
        then = before or changed_to
        level = then.get("level", found[child_id].level.value)
        found[child_id] = Assigned(Level.parse(level), then.get("scoring", found[child_id].scoring))
    for child_id, (played, levels) in last_day_played(class_id, ids, day).items():
        told = found[child_id]
        since = changed.get(child_id)
        if told.level.value in levels or (since is not None and played <= since):
            continue
        found[child_id] = Assigned(Level(sorted(levels, key=LEVEL_VALUES.index)[-1]), told.scoring)
    return found


def assignment_changes(child_ids: Sequence[int]) -> list[Row[Any]]:
    """The children's assignment changes, oldest first: child id, when, before, after."""
    return list(
        db.session.execute(
            select(
                AssignmentChange.child_id,
                AssignmentChange.changed_at,
                AssignmentChange.before,
                AssignmentChange.after,
            )
            .where(AssignmentChange.child_id.in_(child_ids))
            .order_by(AssignmentChange.changed_at, AssignmentChange.id)
        )
    )


def last_day_played(
    class_id: int, child_ids: Sequence[int], day: date
) -> dict[int, tuple[date, set[str]]]:
    """Each child's last day with a game up to `day`, and the levels played that day."""
    last = (
        select(DailyTally.child_id, func.max(DailyTally.day).label("day"))
        .where(
            DailyTally.class_id == class_id,
            DailyTally.child_id.in_(child_ids),
            DailyTally.key == "game",
            DailyTally.day <= day,
        )
        .group_by(DailyTally.child_id)
        .subquery()
    )
    rows = db.session.execute(
        select(DailyTally.child_id, DailyTally.day, DailyTally.level)
        .join(
            last,
            (DailyTally.child_id == last.c.child_id) & (DailyTally.day == last.c.day),
        )
        .where(DailyTally.class_id == class_id, DailyTally.key == "game")
    )
    found: dict[int, tuple[date, set[str]]] = {}
    for child_id, played, level in rows:
        if level in LEVEL_VALUES:
            found.setdefault(child_id, (played, set()))[1].add(level)
    return found


def levels_played(
    class_id: int, child_ids: Sequence[int], start: date, end: date
) -> dict[int, tuple[LevelSpan, ...]]:
    """The levels each child played at between `start` and `end`, in the order played."""
    rows = db.session.execute(
        select(
            DailyTally.child_id,
            DailyTally.level,
            func.min(DailyTally.day),
            func.max(DailyTally.day),
            func.sum(DailyTally.chances),
        )
        .where(
            DailyTally.class_id == class_id,
            DailyTally.child_id.in_(child_ids),
            DailyTally.day.between(start, end),
            DailyTally.key == "game",
        )
        .group_by(DailyTally.child_id, DailyTally.level)
    )
    found: dict[int, list[LevelSpan]] = defaultdict(list)
    for child_id, level, first, last, games in rows:
        if level in LEVEL_VALUES:
            found[child_id].append(LevelSpan(Level(level), first, last, int(games or 0)))
    return {
        child_id: tuple(sorted(spans, key=lambda s: (s.first, ORDER.index(s.level))))
        for child_id, spans in found.items()
    }
