"""The demo command."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import func, select

from classroom import create_app
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
from tests.conftest import base_config


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


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[Flask]:
    """The app as bin/run starts it on a laptop: no DATABASE_URL, so SQLite in the instance
    folder (whatever database the other tests use), and no mail."""
    config = base_config("", tmp_path / "instance")
    del config["DATABASE_URL"]
    app = create_app(config)
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.engine.dispose()


def test_first_start_fills_a_laptops_empty_database_once(laptop: Flask) -> None:
    """bin/run's first start gives a laptop its demo class (README's start command)."""
    runner = laptop.test_cli_runner()
    first = runner.invoke(args=["demo", "--first-start"])
    assert first.exit_code == 0, first.output
    assert DEMO_EMAIL in first.output
    second = runner.invoke(args=["demo", "--first-start"])
    assert second.exit_code == 0
    assert second.output == ""
    page = laptop.test_client().get("/teacher/sign-in").get_data(as_text=True)
    assert "demo@example.com" in page and "rat-a-tat-cat" in page


def test_first_start_makes_no_demo_on_a_configured_database(
    app: Flask, runner: FlaskCliRunner
) -> None:
    """A DATABASE_URL (a school's PostgreSQL) gets no public login unasked: only `flask demo`
    makes one there."""
    first = runner.invoke(args=["demo", "--first-start"])
    assert first.exit_code == 0
    assert "No demo class made" in first.output and DEMO_PASSWORD not in first.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Teacher.id))) == 0
    assert "demo@example.com" not in app.test_client().get("/teacher/sign-in").get_data(
        as_text=True
    )


def test_first_start_makes_no_demo_where_mail_is_configured(laptop: Flask) -> None:
    laptop.config.update(MAIL_SERVER="127.0.0.1", PUBLIC_URL="https://classroom.school.example")
    result = laptop.test_cli_runner().invoke(args=["demo", "--first-start"])
    assert "No demo class made" in result.output
    with laptop.app_context():
        assert db.session.scalar(select(func.count(Teacher.id))) == 0


def test_the_sign_in_hint_only_while_the_demo_password_works(
    app: Flask, runner: FlaskCliRunner
) -> None:
    """The sign-in page names demo@example.com / rat-a-tat-cat only while that account exists
    with that password, and never on a server with mail configured."""
    client = app.test_client()
    assert "demo@example.com" not in client.get("/teacher/sign-in").get_data(as_text=True)
    runner.invoke(args=["demo"])
    page = client.get("/teacher/sign-in").get_data(as_text=True)
    assert "demo@example.com" in page and "rat-a-tat-cat" in page
    app.config.update(MAIL_SERVER="127.0.0.1", PUBLIC_URL="https://classroom.school.example")
    assert "demo@example.com" not in client.get("/teacher/sign-in").get_data(as_text=True)
    app.config["MAIL_SERVER"] = None
    with app.app_context():
        demo = db.session.scalar(select(Teacher).where(Teacher.email == DEMO_EMAIL))
        assert demo is not None
        demo.set_password("a password of the school's own")
        db.session.commit()
    assert "rat-a-tat-cat" not in client.get("/teacher/sign-in").get_data(as_text=True)


def test_demo_remove_deletes_the_demo_teacher_and_their_class(
    app: Flask, runner: FlaskCliRunner
) -> None:
    runner.invoke(args=["demo"])
    result = runner.invoke(args=["demo", "--remove"])
    assert result.exit_code == 0, result.output
    assert "Deleted the demo teacher demo@example.com" in result.output
    with app.app_context():
        for model in (Teacher, Classroom, Child, Group, AssignmentChange, RoundRow, DailyTally):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model
    assert "demo@example.com" not in app.test_client().get("/teacher/sign-in").get_data(
        as_text=True
    )
    again = runner.invoke(args=["demo", "--remove"])
    assert "nothing was changed" in again.output


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
