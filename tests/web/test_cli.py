"""The demo command."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import func, select

from classroom.cli import DEMO_EMAIL, DEMO_PASSWORD
from classroom.extensions import db
from classroom.models import AssignmentChange, Child, Classroom, Group, Teacher


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
