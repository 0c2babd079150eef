"""Retention (issue 14): `flask retention` deletes the children archived longer than
RETENTION_DAYS (365 by default) with all of their data, prints what it deleted, and leaves
everyone else alone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import select, update

from classroom.access import TEACHER_SESSION_KEY
from classroom.extensions import db
from classroom.models import Child, ChoiceRow, RoundRow, TeacherSession
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, teacher_session
from tests.web.helpers.tables import child_client, count_rows, play_to_end, start_table


def archive(app: Flask, child: MadeChild, days_ago: float) -> None:
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.archived_at = datetime.now(UTC) - timedelta(days=days_ago)
        db.session.commit()


def test_retention_deletes_only_children_archived_too_long(
    app: Flask,
    runner: FlaskCliRunner,
    classroom: MadeClass,
    make_child: Callable[..., MadeChild],
) -> None:
    assert app.config["RETENTION_DAYS"] == 365
    gone = make_child(classroom, "Old Ava")
    recent = make_child(classroom, "Recent Ben")
    active = make_child(classroom, "Still Cleo")
    table_id = start_table(app, [gone, active])
    play_to_end(app, {0: child_client(app, gone), 1: child_client(app, active)}, table_id)
    choices = count_rows(app, ChoiceRow, child_id=gone.id)
    assert choices > 0
    archive(app, gone, 366)
    archive(app, recent, 364)

    dry = runner.invoke(args=["retention", "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "1 child archived more than 365 days ago would be deleted." in dry.output
    assert fetch(app, Child, gone.id) is not None

    result = runner.invoke(args=["retention"])
    assert result.exit_code == 0, result.output
    assert "Deleted 1 child archived more than 365 days ago." in result.output
    assert f"Old Ava (child {gone.id}, {classroom.name}): " in result.output
    assert f"{choices} choices" in result.output
    assert fetch(app, Child, gone.id) is None
    assert count_rows(app, ChoiceRow, child_id=gone.id) == 0
    assert count_rows(app, RoundRow, child_id=gone.id) == 0
    assert fetch(app, Child, recent.id) is not None
    assert fetch(app, Child, active.id) is not None
    assert count_rows(app, ChoiceRow, child_id=active.id) > 0

    again = runner.invoke(args=["retention"])
    assert "Deleted 0 children" in again.output


def test_the_retention_period_is_a_setting(
    app: Flask, runner: FlaskCliRunner, child: MadeChild
) -> None:
    archive(app, child, 40)
    app.config["RETENTION_DAYS"] = 30
    result = runner.invoke(args=["retention"])
    assert "Deleted 1 child archived more than 30 days ago." in result.output
    with app.app_context():
        assert db.session.scalars(select(Child)).all() == []


def test_retention_forgets_teachers_sessions_that_ended_by_age(
    app: Flask, runner: FlaskCliRunner, teacher: MadeTeacher
) -> None:
    teacher_session(app, teacher)
    old = teacher_session(app, teacher)
    with app.app_context():
        db.session.execute(
            update(TeacherSession)
            .where(TeacherSession.token == old[TEACHER_SESSION_KEY])
            .values(started_at=datetime.now(UTC) - timedelta(days=31))
        )
        db.session.commit()
    result = runner.invoke(args=["retention"])
    assert "Forgot 1 teacher session older than 30 days." in result.output
    with app.app_context():
        assert len(db.session.scalars(select(TeacherSession)).all()) == 1
