"""Bad input is a 400 that changes nothing, never a 500; and when something does go wrong on
our side, the answer is the app's own page with its security headers, after a rollback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import AssignmentChange, Child
from classroom.security import HEADERS
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    assignment_form,
    sign_in_teacher,
)

BLANKS = [" ", "\t", "\r\n", ""]


def changes(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(AssignmentChange)) or 0)


def think_aloud_of(app: Flask, child: MadeChild) -> str:
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        return row.think_aloud


@pytest.mark.parametrize("blank", BLANKS)
@pytest.mark.parametrize("form", ["child", "group", "class"])
def test_a_blank_choice_is_a_400_that_changes_nothing(
    app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    make_group: Callable[..., Any],
    form: str,
    blank: str,
) -> None:
    group = make_group(classroom, "Table 2", [child])
    client = app.test_client()
    sign_in_teacher(client, teacher)
    url = {
        "child": f"/children/{child.id}/assignment",
        "group": f"/groups/{group.id}/assignment",
        "class": f"/classes/{classroom.id}/assignment",
    }[form]
    before, rows = think_aloud_of(app, child), changes(app)
    # Another setting changes too, so a form let through would write a row.
    data = assignment_form(think_aloud=blank, rounds="3", series_end="rounds")
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert "Not a valid choice" in response.get_data(as_text=True)
    assert think_aloud_of(app, child) == before
    assert changes(app) == rows


def test_a_form_without_the_choice_keeps_each_childs_own(
    app: Flask, teacher: MadeTeacher, child: MadeChild
) -> None:
    client = app.test_client()
    sign_in_teacher(client, teacher)
    data = assignment_form(rounds="3")
    del data["think_aloud"]
    response = client.post(f"/children/{child.id}/assignment", data=data)
    assert response.status_code == 302
    assert think_aloud_of(app, child) == "level"


def test_a_server_error_rolls_back_and_answers_with_the_apps_page(
    make_app: Callable[..., Flask], teacher: MadeTeacher, child: MadeChild
) -> None:
    """A write the database refuses (here a CHECK constraint) is a 500 that is the app's own
    page: the transaction rolled back, the page drawn with a signed-in teacher's top bar
    (which reads the database again), with the security headers of every other page."""
    app = make_app(PROPAGATE_EXCEPTIONS=False)

    @app.post("/test-only/break")
    def breaks() -> str:
        row = db.session.get(Child, child.id)
        assert row is not None
        row.display_name = "Changed"
        row.think_aloud = "\t"  # refused by the database's CHECK
        db.session.commit()
        return "never"

    client = app.test_client()
    sign_in_teacher(client, teacher)
    response = client.post("/test-only/break")
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert "Something went wrong on our side" in page
    assert "Sign out" in page  # the top bar of a signed-in teacher, read after the rollback
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value
    assert response.headers["Cache-Control"] == "no-store"
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None and row.display_name == child.display_name
