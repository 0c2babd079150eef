"""The access matrix: every route of the app (read from app.url_map, so a new route is in here
the moment it exists) for an anonymous visitor, a signed-in child, the right teacher and the
wrong teacher. The wrong teacher always gets 404, as if the class did not exist, and a refused
request changes nothing: every row of every table (the card table's version too) is read
before and after it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from classroom.extensions import db
from classroom.models import (
    PlayTable,
)
from tests.web.conftest import (
    sign_in_child,
    sign_in_teacher,
)
from tests.web.helpers.access import (
    ANY_TEACHER,
    CHILD,
    PUBLIC,
    ROUTES,
    World,
    call,
    url_for_route,
)

# A teacher's table streams: with pushed updates off (TABLE_PUSH 0, as in the tests' shared
# app) they are a 404 for everyone; test_live_publish.py reads them with pushed updates on.
PUSHED = {"watch.watch_events", "watch.play_events"}
# The dashboards (docs/dashboards.md), named so the matrix is seen to cover them: like every
# class page, the right teacher 200, the wrong one 404, anyone else sent to the sign-in.
DASHBOARD = {
    "dashboard.class_overview",
    "dashboard.class_today",
    "dashboard.summary_csv",
    "dashboard.choices_csv",
    "dashboard.child_page",
    "dashboard.move_level",
    "dashboard.report",
    "dashboard.class_reports",
}
# A school's coach only (test_access_coach.py): a teacher of the school gets 404, as a teacher
# reads their own classes, not the others of the school.
COACH_ONLY = {"schools.school_page"}
# Everything else is a teacher page about one class, child, group or invitation:
# anonymous and child sessions are sent to the teacher sign-in, the wrong teacher gets 404.


def everything(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database, in a fixed order."""
    with app.app_context():
        rows = {
            name: sorted((tuple(row) for row in db.session.execute(table.select())), key=repr)
            for name, table in db.metadata.tables.items()
        }
        versions = db.session.execute(db.select(PlayTable.id, PlayTable.version)).all()
        rows["(table versions)"] = sorted(tuple(row) for row in versions)
        return rows


def assert_nothing_changed(app: Flask, before: dict[str, Any], what: str) -> None:
    after = everything(app)
    changed = [name for name in before if before[name] != after[name]]
    assert not changed, f"a refused {what} changed {changed}"


def is_sign_in_redirect(response: Any) -> bool:
    return response.status_code == 302 and "/teacher/sign-in" in response.headers["Location"]


def test_every_route_is_classified() -> None:
    endpoints = {endpoint for endpoint, _ in ROUTES}
    assert endpoints >= PUBLIC | CHILD | ANY_TEACHER | DASHBOARD, "a listed endpoint is gone"
    assert len(endpoints) > 30


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_anonymous(app: Flask, world: World, endpoint: str, method: str) -> None:
    before = everything(app)
    response = call(app.test_client(), method, url_for_route(app, endpoint, world))
    assert response.status_code < 500
    if endpoint in PUBLIC:
        assert not is_sign_in_redirect(response)
    elif endpoint in CHILD:
        assert response.status_code == 302
        assert "/join" in response.headers["Location"]
        assert_nothing_changed(app, before, f"{method} {endpoint}")
    else:
        assert is_sign_in_redirect(response), f"{endpoint} is open to anonymous visitors"
        assert_nothing_changed(app, before, f"{method} {endpoint}")


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_child_session(app: Flask, world: World, endpoint: str, method: str) -> None:
    client = app.test_client()
    sign_in_child(client, world.child)
    before = everything(app)
    response = call(client, method, url_for_route(app, endpoint, world))
    assert response.status_code < 500
    if endpoint not in PUBLIC | CHILD:
        assert is_sign_in_redirect(response), f"a child's session reached {endpoint}"
        assert_nothing_changed(app, before, f"{method} {endpoint}")
    elif endpoint == "child.home":
        assert response.status_code == 200
        assert world.child.display_name in response.get_data(as_text=True)


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_wrong_teacher(app: Flask, world: World, endpoint: str, method: str) -> None:
    client = app.test_client()
    sign_in_teacher(client, world.wrong)
    before = everything(app)
    response = call(client, method, url_for_route(app, endpoint, world))
    assert response.status_code < 500
    if endpoint in CHILD:
        assert response.status_code == 302
        assert_nothing_changed(app, before, f"{method} {endpoint}")
    elif endpoint not in PUBLIC | ANY_TEACHER:
        assert response.status_code == 404, f"the wrong teacher reached {endpoint}"
        assert_nothing_changed(app, before, f"{method} {endpoint}")
    page = response.get_data(as_text=True)
    if endpoint not in PUBLIC:
        assert world.child.display_name not in page


@pytest.mark.parametrize(("endpoint", "method"), sorted(r for r in ROUTES if r[0] in CHILD))
def test_child_of_another_class(app: Flask, world: World, endpoint: str, method: str) -> None:
    """A child of another class reaches nothing of this class's table, and changes nothing."""
    client = app.test_client()
    sign_in_child(client, world.other_child)
    url = url_for_route(app, endpoint, world)
    before = everything(app)
    response = call(client, method, url)
    assert response.status_code < 500
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    if rule.arguments & {"table_id", "check_id"}:  # this class's table or check: refused
        assert response.status_code in (302, 404), f"{endpoint} gave {response.status_code}"
        assert_nothing_changed(app, before, f"{method} {endpoint}")
    assert world.child.display_name not in response.get_data(as_text=True)


@pytest.mark.parametrize(("endpoint", "method"), ROUTES)
def test_right_teacher(app: Flask, world: World, endpoint: str, method: str) -> None:
    client = app.test_client()
    sign_in_teacher(client, world.right)
    response = call(client, method, url_for_route(app, endpoint, world))
    assert response.status_code < 500
    if endpoint in CHILD:
        assert response.status_code == 302
    elif endpoint in COACH_ONLY or endpoint in PUSHED:
        assert response.status_code == 404
    elif endpoint not in PUBLIC:
        assert response.status_code != 404, f"the right teacher could not reach {endpoint}"
        if method == "GET":
            assert response.status_code == 200
        else:
            # An empty POST either does its job (redirect) or says what is missing (400).
            assert response.status_code in (302, 400)


GARBAGE_FIELDS = (
        "name", "grade", "secret_length", "display_name", "names", "picture", "colour",
        "level", "power_cards", "scoring", "series_end", "rounds", "points_limit",
        "limit_ending", "computer_players", "reason", "members", "email", "code", "picked",
        "pick", "password", "confirm", "current", "think_aloud", "outside_face_up",
        "computer", "sit_in", "leave_open", "time_zone", "same_for_all",
)  # fmt: skip
GARBAGE_VALUES = [
    "\x00<script>alert(1)</script>' OR 1=1 --" + "9" * 400,  # too long for every field
    "Mia\x00",  # a NUL byte, which PostgreSQL refuses to store
    "<script>alert(1)</script>",
    "-1",
    # Blanks: a choice sent blank is refused with the form, never stored (a CHECK's 500).
    "\t",
    "\r\n",
]


@pytest.mark.parametrize(("endpoint", "method"), [r for r in ROUTES if r[1] == "POST"])
def test_garbage_input_is_never_a_server_error(
    app: Flask, world: World, endpoint: str, method: str
) -> None:
    for value in GARBAGE_VALUES:
        for signed_in in (True, False):
            client = app.test_client()
            if signed_in:
                sign_in_teacher(client, world.right)
            url = url_for_route(app, endpoint, world)
            data = dict.fromkeys(GARBAGE_FIELDS, value) | {"members": [value, "1e99"]}
            response = client.post(url, data=data)
            assert response.status_code < 500, f"{endpoint} gave {response.status_code}"
            assert "<script>alert" not in response.get_data(as_text=True)
