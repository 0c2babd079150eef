"""The demo command."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import func, select

from classroom.cli import DEMO_EMAIL, DEMO_PASSWORD
from classroom.extensions import db
from classroom.models import (
    AssignmentChange,
    Child,
    Classroom,
    DailyTally,
    Group,
    NumberCheck,
    RoundRow,
    Teacher,
)


def test_demo_makes_a_class_to_look_around(app: Flask, runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    assert DEMO_EMAIL in result.output
    assert DEMO_PASSWORD in result.output
    with app.app_context():
        teacher = db.session.scalar(select(Teacher).where(Teacher.email == DEMO_EMAIL))
        assert teacher is not None
        assert teacher.check_password(DEMO_PASSWORD)
        classroom = db.session.scalar(select(Classroom))
        assert classroom is not None
        assert f"/join/{classroom.join_code}" in result.output
        assert db.session.scalar(select(func.count(Child.id))) == 12
        assert db.session.scalar(select(func.count(Group.id))) == 3
        levels = set(db.session.scalars(select(Child.level)))
        assert levels == {"ultra_peek", "peek", "outside_peek", "standard"}
        assert db.session.scalar(select(func.count(AssignmentChange.id))) > 12
    client = app.test_client()
    response = client.post(
        "/teacher/sign-in", data={"email": DEMO_EMAIL, "password": DEMO_PASSWORD}
    )
    assert response.status_code == 302


def test_demo_twice_changes_nothing(app: Flask, runner: FlaskCliRunner) -> None:
    runner.invoke(args=["demo"])
    again = runner.invoke(args=["demo"])
    assert again.exit_code == 0
    assert "already exists" in again.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Teacher.id))) == 1


def test_first_start_only_fills_an_empty_database(app: Flask, runner: FlaskCliRunner) -> None:
    first = runner.invoke(args=["demo", "--first-start"])
    assert DEMO_EMAIL in first.output
    second = runner.invoke(args=["demo", "--first-start"])
    assert second.exit_code == 0
    assert second.output == ""


def test_the_demo_class_has_weeks_of_play_behind_it(app: Flask, runner: FlaskCliRunner) -> None:
    """A newcomer sees full dashboards: every child has simulated games and tallies."""
    result = runner.invoke(args=["demo"])
    assert "8 weeks of play" in result.output
    with app.app_context():
        played = set(db.session.scalars(select(RoundRow.child_id)))
        assert played == set(db.session.scalars(select(Child.id)))
        assert db.session.scalar(select(func.count()).select_from(DailyTally)) > 100
        first = db.session.scalar(select(func.min(AssignmentChange.changed_at)))
        oldest_game = db.session.scalar(select(func.min(RoundRow.created_at)))
        assert first is not None and oldest_game is not None
        assert first.replace(tzinfo=None) <= oldest_game.replace(tzinfo=None)
        # The children joined before their first number check, not after it.
        first_check = db.session.scalar(select(func.min(NumberCheck.finished_at)))
        assert first_check is not None
        assert first.replace(tzinfo=None) < first_check.replace(tzinfo=None)


def first_rounds() -> int:
    """How many games have been recorded: their first rounds (in an app context)."""
    return db.session.scalar(select(func.count()).where(RoundRow.round_number == 1)) or 0


def test_history_gives_a_class_simulated_games(app: Flask, runner: FlaskCliRunner) -> None:
    """`flask history CODE` plays games for every active child; tallies rebuild the same."""
    runner.invoke(args=["demo"])
    with app.app_context():
        code = db.session.scalar(select(Classroom.join_code))
        before = first_rounds()
    result = runner.invoke(args=["history", code.lower(), "--weeks", "2", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "36 games" in result.output
    with app.app_context():
        # 36 new games (a game of 3 rounds, or to a points limit, has more than one round).
        assert first_rounds() == before + 36
        kept = sorted(
            (t.child_id, t.day, t.level, t.key, t.hits, t.chances)
            for t in db.session.scalars(select(DailyTally))
        )
    rebuilt = runner.invoke(args=["tallies", code])
    assert rebuilt.exit_code == 0, rebuilt.output
    with app.app_context():
        again = sorted(
            (t.child_id, t.day, t.level, t.key, t.hits, t.chances)
            for t in db.session.scalars(select(DailyTally))
        )
    assert again == kept


def test_history_of_an_unknown_class_says_so(runner: FlaskCliRunner) -> None:
    """A wrong code is a usage error with a sentence, not a traceback."""
    result = runner.invoke(args=["history", "NOPE42"])
    assert result.exit_code == 2
    assert "No class has the join code 'NOPE42'" in result.output
    assert runner.invoke(args=["history", "X", "--weeks", "0"]).exit_code == 2
