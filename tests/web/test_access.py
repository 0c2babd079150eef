"""The access matrix: every route of the app (read from app.url_map, so a new route is in here
the moment it exists) for an anonymous visitor, a signed-in child, the right teacher and the
wrong teacher. The wrong teacher always gets 404, as if the class did not exist, and a refused
request changes nothing: every row of every table (the card table's version too) is read
before and after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom import create_app
from classroom.auth import tokens
from classroom.extensions import db
from classroom.models import (
    Child,
    Classroom,
    ClassTeacher,
    CoTeacherInvite,
    NumberCheck,
    PlayTable,
)
from classroom.tables.seating import open_table, seat_child, start_table
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    sign_in_child,
    sign_in_teacher,
)
from tests.web.tables import leave

# Open to everyone (what they show is checked in their own tests).
PUBLIC = {
    "main.index",
    "static",
    "auth.sign_in",
    "auth.sign_up",
    "auth.sign_out",
    "auth.check_email",
    "auth.confirm_email",
    "auth.forgot_password",
    "auth.reset_password",
    "signin.join",
    "signin.class_page",
    "signin.secret",
}
# Only a signed-in child.
CHILD = {
    "child.home",
    "child.sign_out",
    "play.computer",
    "play.start_with_computer",
    "play.friends",
    "play.open_new",
    "play.join",
    "play.start",
    "play.table",
    "play.state",
    "play.events",
    "play.move",
    "play.look",
    "play.count",
    "check.show",
    "check.start",
    "check.answer",
}
# A teacher's table streams: with pushed updates off (TABLE_PUSH 0, as in the tests' shared
# app) they are a 404 for everyone; test_live_publish.py reads them with pushed updates on.
PUSHED = {"watch.watch_events", "watch.play_events"}
# Any signed-in teacher; they show only the teacher's own things.
ANY_TEACHER = {
    "classes.index",
    "classes.new",
    "classes.join",
    "auth.password",
    "auth.sign_out_everywhere",
    "dashboard.column_guide",
    # An emailed invitation's link, for whoever reads that mailbox (test_email.py).
    "classes.invitation",
}
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


def all_routes() -> list[tuple[str, str]]:
    app = create_app({"SECRET_KEY": "x", "DATABASE_URL": "sqlite://"})
    routes = []
    for rule in app.url_map.iter_rules():
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            routes.append((rule.endpoint, method))
    return sorted(set(routes))


ROUTES = all_routes()


@dataclass
class World:
    right: MadeTeacher
    wrong: MadeTeacher
    classroom: MadeClass
    child: MadeChild
    other_child: MadeChild
    values: dict[str, Any]
    email_invite_id: int


@pytest.fixture
def world(
    app: Flask,
    make_teacher: Callable[..., MadeTeacher],
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
    make_group: Callable[..., Any],
) -> World:
    right = make_teacher(email="right@school.example")
    wrong = make_teacher(email="wrong@school.example")
    colleague = make_teacher(email="colleague@school.example")
    classroom = make_class(right)
    wrong_class = make_class(wrong, name="Wrong room")
    child = make_child(classroom)
    other_child = make_child(wrong_class, "Other child")
    group = make_group(classroom, "Table 2", [child])
    soon = datetime.now(UTC) + timedelta(days=3)
    with app.app_context():
        db.session.add(
            ClassTeacher(class_id=classroom.id, teacher_id=colleague.id, role="co_teacher")
        )
        code_invite = CoTeacherInvite(class_id=classroom.id, code="AAAA-CCCC-DDDD", expires_at=soon)
        # An invitation from the wrong teacher's class to the right teacher's email.
        email_invite = CoTeacherInvite(class_id=wrong_class.id, email=right.email, expires_at=soon)
        db.session.add_all([code_invite, email_invite])
        db.session.commit()
        code_invite_id, email_invite_id = code_invite.id, email_invite.id
        # The link mailed with that invitation (the mailed links of auth refuse it).
        token = tokens.make(tokens.INVITE, {"i": email_invite_id, "e": right.email})
        seated = db.session.get(Child, child.id)
        table = open_table(classroom.id, "ultra_peek", {}, "cubes")
        seat_child(table.id, seated)
        start_table(table.id, ["solid"])
        table_id = table.id
        number_check = NumberCheck(child_id=child.id, class_id=classroom.id, seed=1, line_max=10)
        db.session.add(number_check)
        db.session.commit()
        check_id = number_check.id
        school_id = db.session.get(Classroom, classroom.id).school_id
    values = {
        "class_id": classroom.id,
        "child_id": child.id,
        "group_id": group.id,
        "invite_id": code_invite_id,
        "teacher_id": colleague.id,
        "code": classroom.join_code,
        "filename": "css/app.css",
        "table_id": table_id,
        "seat": 0,
        "check_id": check_id,
        "token": token,
        "school_id": school_id,
    }
    # The child's tablet was closed ten minutes ago: any read of the table that may act on it
    # (advance_computers) has a move to make there, which only a request allowed there may.
    leave(app, table_id, 0)
    return World(right, wrong, classroom, child, other_child, values, email_invite_id)


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


def url_for_route(app: Flask, endpoint: str, world: World) -> str:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    missing = set(rule.arguments) - set(world.values)
    assert not missing, f"{endpoint}: the access matrix needs a value for {missing}"
    values = {name: world.values[name] for name in rule.arguments}
    if endpoint in {"classes.accept_invite", "classes.decline_invite"}:
        values["invite_id"] = world.email_invite_id
    with app.test_request_context():
        from flask import url_for

        return url_for(endpoint, **values)


def call(client: FlaskClient, method: str, url: str) -> Any:
    response = client.open(url, method=method, data={})
    response.get_data()  # read it all, then let go of any file a static response holds
    response.close()
    return response


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
