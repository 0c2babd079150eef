"""Days of play spread over a term, for the pages that read a window of days."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from flask import Flask

from classroom.extensions import db
from classroom.game.players.habits import Habit, HabitPlayer
from classroom.insights.simulate import Recorded, play_game
from classroom.progress.history import write_recorded
from tests.web.conftest import MadeChild, MadeClass

FIRST = date(2026, 10, 5)  # a Monday


SLIPPING_DAYS = 16  # one game a day of treating all cats alike


LEARNED_DAYS = 14  # then one game a day comparing every pair right


LAST_SLIP_DAY = FIRST + timedelta(days=SLIPPING_DAYS - 1)


def play_days(
    app: Flask, classroom: MadeClass, child: MadeChild, days: int = SLIPPING_DAYS + LEARNED_DAYS
) -> None:
    """A child who treats all cats alike for 16 days, then compares right for 14 days."""
    recorded = Recorded()
    for i in range(days):
        habit = Habit.CATS_ALIKE if i < SLIPPING_DAYS else Habit.CORRECT
        day = FIRST + timedelta(days=i)
        recorded.extend(
            play_game(
                HabitPlayer(habit, f"window-{i}"),
                "ultra_peek",
                seed=1000 + i,
                game_id=f"window-{i}",
                child_id=child.id,
                start=datetime.combine(day, time(10), tzinfo=UTC),
            )
        )
    with app.app_context():
        write_recorded(recorded, classroom.id)
        db.session.commit()
