"""Realistic history for a class: simulated children with child-like habits
(classroom.insights.simulate) play real games through the engine on school days over some
weeks, each as their assignment has them play (level, power cards, rounds or a points limit,
computer players, way of adding up), and what they did is written as the play side writes it
(rows and daily tallies): a child who adds up with cube bars only has no typed total.

The demo class on first start uses it, so a newcomer sees full dashboards; the scale benchmark
uses it for a school year. Simulated games sit at no table (table_id is empty).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from itertools import chain

from classroom.assignments import Assignment
from classroom.extensions import db
from classroom.game import Level
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.simulate import Recorded, play_game
from classroom.models import Classroom
from classroom.zones import DEFAULT_ZONE, zone

from .keep import monday_of, record
from .records import Record, row_of


@dataclass(frozen=True, slots=True)
class Story:
    """How a simulated child plays over the weeks: one habit, then maybe another."""

    name: str
    first: Habit
    then: Habit
    switch: float  # the share of the weeks played with `first`


# Children differ: most compare well, some learn over the weeks that 3 is lower than 4, some
# miscount cubes for a while, some forget what they saw. Cycled over the class; forgetting
# only shows where cards must be remembered, so those children are at Outside Peek or Standard.
STORIES = (
    Story("steady", Habit.CORRECT, Habit.CORRECT, 1.0),
    Story("learns cats from cats", Habit.CATS_ALIKE, Habit.CORRECT, 0.6),
    Story("learns to count", Habit.MISCOUNTS, Habit.CORRECT, 0.5),
    Story("steady", Habit.CORRECT, Habit.CORRECT, 1.0),
    Story("treats cats alike", Habit.CATS_ALIKE, Habit.CATS_ALIKE, 1.0),
)
REMEMBERING_STORIES = (
    Story("forgets", Habit.FORGETFUL, Habit.FORGETFUL, 1.0),
    Story("steady", Habit.CORRECT, Habit.CORRECT, 1.0),
    Story("learns cats from cats", Habit.CATS_ALIKE, Habit.CORRECT, 0.6),
)


def stories(levels: Sequence[str], seed: int = 0) -> list[Story]:
    """A story for each child at these levels, cycling through the stories that can show."""
    seen = {False: seed, True: seed}
    chosen = []
    for level in levels:
        remembering = Level.parse(level).asks_memory
        pool = REMEMBERING_STORIES if remembering else STORIES
        chosen.append(pool[seen[remembering] % len(pool)])
        seen[remembering] += 1
    return chosen


@dataclass(frozen=True, slots=True)
class Filled:
    """What was written."""

    children: int
    games: int
    choices: int
    tallies: int


def school_days(end: date, weeks: int) -> list[date]:
    """Monday to Friday of the `weeks` weeks up to `end` (its own week included), in order,
    `end` itself left out: it is today for the demo and `flask history`, whose play is the
    children's own (the Today panel), and a simulated game must never be stamped later than
    the moment it is written."""
    first = monday_of(end) - timedelta(weeks=weeks - 1)
    days = (first + timedelta(days=i) for i in range(weeks * 7))
    return [d for d in days if d.weekday() < 5 and d < end]


def game_days(
    days: Sequence[date], games: int, rng: random.Random, time_zone: str = DEFAULT_ZONE
) -> list[datetime]:
    """`games` moments spread over the school days, in order, in the class's school hours
    (9:00 to 14:30 local), stamped in UTC as rows are."""
    moments = []
    for i in range(games):
        day = days[min(len(days) - 1, i * len(days) // games + rng.randrange(2))]
        minute = rng.randrange(9 * 60, 14 * 60 + 30)
        at = datetime.combine(day, time(minute // 60, minute % 60), tzinfo=zone(time_zone))
        moments.append(at.astimezone(UTC))
    return sorted(moments)


# A child whose assignment allows no computer player plays only with classmates; one of the
# same level stands in for them, played by Tabby (the solid player).
CLASSMATE = "solid"


def opponents(assignment: Assignment) -> tuple[str, ...]:
    """Whom the child may play: the computer players their assignment allows (taken in turn,
    as a child picks one or another), else a classmate."""
    return assignment.computer_players or (CLASSMATE,)


def play_child(
    child_id: int,
    assignment: Assignment,
    story: Story,
    moments: Sequence[datetime],
    seed: int,
) -> Recorded:
    """One simulated child's games, one at each moment, as their assignment has them play:
    its level and engine options (power cards, rounds or a points limit, tables/options.py),
    its computer players, and its way of adding up (cube bars, typing the total, or both;
    only what it asks is recorded, as tables/counting.py records it)."""
    out = Recorded()
    first = HabitPlayer(story.first, f"{seed}-first")
    then = HabitPlayer(story.then, f"{seed}-then")
    switch = int(len(moments) * story.switch)
    players = opponents(assignment)
    options = assignment.engine_options()
    for i, when in enumerate(moments):
        out.extend(
            play_game(
                first if i < switch else then,
                assignment.level,
                seed=seed * 100_000 + i,
                game_id=f"history-{child_id}-{i}",
                child_id=child_id,
                start=when,
                opponent=players[i % len(players)],
                options=options,
                cubes=assignment.counts_cubes,
                total=assignment.types_total,
            )
        )
    return out


def write_recorded(recorded: Recorded, class_id: int) -> int:
    """Write one child's records as the rows the play side writes (at no table), with their
    tallies (keep.record, as a move writes them); returns the tallies changed."""
    records: Iterator[Record] = chain(
        recorded.choices, recorded.looks, recorded.counts, recorded.rounds
    )
    return record(db.session, [row_of(one, class_id) for one in records])


def fill_history(
    class_id: int,
    children: Sequence[tuple[int, Assignment]],
    *,
    end: date,
    weeks: int = 8,
    games: int = 24,
    seed: int = 0,
) -> Filled:
    """Give each (child id, assignment) `games` simulated games over the `weeks` weeks up to
    `end` (the day before it, at the latest), played as that assignment has the child play
    (`Assignment.of(child)` for the child's own).

    Written in the caller's transaction; the caller commits.
    """
    days = school_days(end, weeks)
    classroom = db.session.get(Classroom, class_id)
    time_zone = classroom.time_zone if classroom is not None else DEFAULT_ZONE
    rng = random.Random(seed)
    written = Filled(0, 0, 0, 0)
    chosen = stories([assignment.level for _, assignment in children], seed)
    for index, ((child_id, assignment), story) in enumerate(zip(children, chosen, strict=True)):
        moments = game_days(days, games, rng, time_zone)
        recorded = play_child(child_id, assignment, story, moments, seed + index)
        changed = write_recorded(recorded, class_id)
        written = Filled(
            written.children + 1,
            written.games + games,
            written.choices + len(recorded.choices),
            written.tallies + changed,
        )
    return written
