"""The access matrix: every route, who may call it, and a world of classes to call it in."""

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
)
from classroom.tables.seating import open_table, seat_child, start_table
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
)
from tests.web.helpers.tables import leave

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
    # The child's tablet was closed ten minutes ago: a stand-in is due at the table, which only
    # a request allowed there may play (in a test app, its requests play what is due).
    leave(app, table_id, 0)
    return World(right, wrong, classroom, child, other_child, values, email_invite_id)


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
