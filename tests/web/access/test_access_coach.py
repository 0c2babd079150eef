"""The coach in the access matrix (issue 40): every route of the app, every verb, for a coach
of the class's school (reads the dashboards, writes nothing) and a coach of another school
(sees nothing of the class). A co-teacher keeps today's rights (test_access.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import Child, Classroom, SchoolCoach
from tests.web.conftest import MadeTeacher, sign_in_teacher
from tests.web.helpers.access import (
    ANY_TEACHER,
    CHILD,
    PUBLIC,
    ROUTES,
    World,
    call,
    url_for_route,
    world,  # noqa: F401  (the fixture)
)

# What a coach reads: the dashboards of every class of the school, and the school page.
COACH_READS = {
    "dashboard.class_overview",
    "dashboard.class_today",
    "dashboard.summary_csv",
    "dashboard.choices_csv",
    "dashboard.child_page",
    "dashboard.report",
    "dashboard.class_reports",
    "dashboard.column_guide",
    "schools.school_page",
}
# What a coach may still send about their own account.
OWN_ACCOUNT = {"auth.sign_in", "auth.sign_out", "auth.sign_out_everywhere", "auth.password"}


def coach_of(app: Flask, make_teacher: Callable[..., MadeTeacher], class_id: int) -> MadeTeacher:
    """A coach of the school of the class."""
    coach = make_teacher(email=f"coach{class_id}@district.example", name="Mr Coach")
    with app.app_context():
        school_id = db.session.get(Classroom, class_id).school_id
        db.session.add(SchoolCoach(school_id=school_id, teacher_id=coach.id))
        db.session.commit()
    return coach


def fingerprint(app: Flask) -> dict[str, Any]:
    """Every table's row count, and every class's and child's stored columns."""
    with app.app_context():
        found: dict[str, Any] = {
            table.name: db.session.scalar(select(func.count()).select_from(table))
            for table in db.metadata.sorted_tables
            if table.name not in ("teacher_sessions", "rate_limits", "counters")
        }
        for model in (Classroom, Child):
            for row in db.session.scalars(select(model)):
                found[f"{model.__tablename__}:{row.id}"] = {
                    c.name: getattr(row, c.key, None) for c in model.__table__.columns
                }
        return found


@pytest.fixture
def school_values(app: Flask, world: World) -> World:  # noqa: F811
    with app.app_context():
        world.values["school_id"] = db.session.get(Classroom, world.classroom.id).school_id
    return world


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_a_coach_reads_every_class_of_the_school_and_writes_nothing(
    app: Flask,
    school_values: World,
    make_teacher: Callable[..., MadeTeacher],
    endpoint: str,
    method: str,
) -> None:
    w = school_values
    coach = coach_of(app, make_teacher, w.classroom.id)
    client = app.test_client()
    sign_in_teacher(client, coach)
    before = fingerprint(app)
    response = call(client, method, url_for_route(app, endpoint, w))
    assert response.status_code < 500
    if endpoint in OWN_ACCOUNT or endpoint in CHILD:
        return
    if endpoint in COACH_READS and method == "GET":
        assert response.status_code == 200, f"the coach could not read {endpoint}"
    elif method != "GET":
        # Refused before the view: 403 (a coach's account), or 404 for a class page the
        # coach does not teach; never a redirect that did the job.
        assert response.status_code in (403, 404), f"a coach's {method} {endpoint} went through"
    elif endpoint not in PUBLIC | ANY_TEACHER:
        assert response.status_code in (403, 404), f"a coach reached {endpoint}"
    assert fingerprint(app) == before, f"a coach's {method} {endpoint} changed something"


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_a_coach_of_another_school_sees_nothing_of_the_class(
    app: Flask,
    school_values: World,
    make_teacher: Callable[..., MadeTeacher],
    make_class: Callable[..., Any],
    endpoint: str,
    method: str,
) -> None:
    w = school_values
    elsewhere = make_class(w.wrong, name="Another school's room")
    coach = coach_of(app, make_teacher, elsewhere.id)
    client = app.test_client()
    sign_in_teacher(client, coach)
    response = call(client, method, url_for_route(app, endpoint, w))
    assert response.status_code < 500
    if endpoint not in PUBLIC | ANY_TEACHER | CHILD | OWN_ACCOUNT:
        assert response.status_code in (403, 404), f"another school's coach reached {endpoint}"
    if endpoint not in PUBLIC:
        assert w.child.display_name not in response.get_data(as_text=True)


def test_a_teacher_does_not_get_the_school_page(app: Flask, school_values: World) -> None:
    """The school page is the coach's: a teacher reads their own classes, not the others'."""
    client = app.test_client()
    sign_in_teacher(client, school_values.right)
    response = client.get(f"/schools/{school_values.values['school_id']}")
    assert response.status_code == 404


def test_flask_coach_makes_a_coach_and_refuses_a_teacher(app: Flask, school_values: World) -> None:
    """`flask coach SCHOOL EMAIL` makes the account, whose home lists the school; an account
    that teaches a class is refused (a coach's account writes nothing)."""
    school_id = school_values.values["school_id"]
    runner = app.test_cli_runner()
    made = runner.invoke(
        args=[
            "coach",
            str(school_id),
            "Coach@District.example",
            "--name",
            "Ms Rivera",
            "--password",
            "a long coach password 7",
        ]
    )
    assert made.exit_code == 0, made.output
    assert "coaches" in made.output and "read-only" in made.output
    client = app.test_client()
    signed = client.post(
        "/teacher/sign-in",
        data={"email": "coach@district.example", "password": "a long coach password 7"},
    )
    assert signed.status_code in (302, 303), signed.get_data(as_text=True)[-500:]
    home = client.get("/classes/").get_data(as_text=True)
    assert "Schools you coach" in home and "Make a class" not in home
    page = client.get(f"/schools/{school_id}").get_data(as_text=True)
    assert school_values.classroom.name in page
    refused = runner.invoke(args=["coach", str(school_id), school_values.right.email])
    assert refused.exit_code != 0 and "teaches a class" in refused.output
    listed = runner.invoke(args=["schools"])
    assert "coach@district.example" in listed.output
