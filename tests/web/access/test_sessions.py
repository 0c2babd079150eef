"""Sessions that end (issue 14, defect 4): signing out, "sign out everywhere", a password
change, handing the device to the children, archiving or deleting a child and removing a
co-teacher end every session they concern. A cookie copied before is replayed afterwards on
every page its owner could open (the access matrix's routes, from app.url_map) and opens none."""

# ruff: noqa: F401, F811  (the access matrix's `world` fixture is imported, and named by each test)
from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from classroom.extensions import db
from classroom.game import actions
from classroom.models import ClassTeacher, TeacherSession
from tests.web.conftest import PASSWORD, MadeChild, MadeClass, MadeTeacher
from tests.web.helpers.access import (
    ANY_TEACHER,
    CHILD,
    PUBLIC,
    ROUTES,
    World,
    url_for_route,
    world,
)
from tests.web.helpers.tables import post_move, snapshot, start_table

COOKIE = "session"


def copy_of(client: FlaskClient) -> str:
    """The session cookie as an onlooker could copy it from the browser."""
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    return cookie.value


def replay(app: Flask, cookie: str) -> FlaskClient:
    """A fresh browser carrying a copied session cookie."""
    client = app.test_client()
    client.set_cookie(COOKIE, cookie)
    return client


def signed_in_teacher(app: Flask, teacher: MadeTeacher) -> FlaskClient:
    """A browser where the teacher signed in with the form."""
    client = app.test_client()
    data = {"email": teacher.email, "password": PASSWORD}
    assert client.post("/teacher/sign-in", data=data).status_code == 302
    return client


def signed_in_child(app: Flask, classroom: MadeClass, child: MadeChild) -> FlaskClient:
    """A tablet where the child signed in with their pictures."""
    client = app.test_client()
    url = f"/join/{classroom.join_code}/{child.id}"
    picked: list[str] = []
    for picture in child.secret:
        response = client.post(url, data={"picked": ",".join(picked), "pick": picture})
        picked.append(picture)
    assert response.headers["Location"] == "/me"
    return client


def teacher_gets_in(client: FlaskClient, path: str = "/classes/") -> bool:
    return client.get(path).status_code == 200


def child_gets_in(client: FlaskClient) -> bool:
    return client.get("/me").status_code == 200


def teacher_pages(app: Flask, world: World) -> list[str]:
    """Every GET page a teacher can open (class, child, group, dashboards, account)."""
    return sorted(
        {
            url_for_route(app, endpoint, world)
            for endpoint, method in ROUTES
            if method == "GET" and endpoint not in PUBLIC | CHILD
        }
    )


def child_pages(app: Flask, world: World) -> list[str]:
    return sorted({url_for_route(app, e, world) for e, m in ROUTES if m == "GET" and e in CHILD})


def assert_teacher_cookie_dead(app: Flask, world: World, cookie: str) -> None:
    for path in teacher_pages(app, world):
        response = replay(app, cookie).get(path)
        assert response.status_code == 302, (path, response.status_code)
        assert "/teacher/sign-in" in response.headers["Location"], path


def assert_child_cookie_dead(app: Flask, world: World, cookie: str) -> None:
    for path in child_pages(app, world):
        response = replay(app, cookie).get(path)
        assert response.status_code == 302, (path, response.status_code)
        assert "/join" in response.headers["Location"], path


# --- a teacher's sessions --------------------------------------------------------------------


def test_sign_out_ends_the_copied_session(app: Flask, world: World) -> None:
    client = signed_in_teacher(app, world.right)
    other_device = signed_in_teacher(app, world.right)
    cookie = copy_of(client)
    assert teacher_gets_in(replay(app, cookie))
    client.post("/teacher/sign-out")
    assert_teacher_cookie_dead(app, world, cookie)
    assert teacher_gets_in(other_device), "signing out here leaves the teacher's other devices"


def test_sign_out_everywhere_ends_every_device(app: Flask, world: World) -> None:
    devices = [signed_in_teacher(app, world.right) for _ in range(3)]
    cookies = [copy_of(d) for d in devices]
    response = devices[0].post("/teacher/sign-out-everywhere")
    assert response.status_code == 302
    for cookie in cookies:
        assert_teacher_cookie_dead(app, world, cookie)
    with app.app_context():
        assert db.session.scalars(select(TeacherSession)).all() == []
    assert teacher_gets_in(signed_in_teacher(app, world.right)), "they can sign in again"


def test_sign_out_everywhere_needs_a_teacher(app: Flask) -> None:
    response = app.test_client().post("/teacher/sign-out-everywhere")
    assert "/teacher/sign-in" in response.headers["Location"]


def test_a_password_change_ends_every_other_session(app: Flask, world: World) -> None:
    here = signed_in_teacher(app, world.right)
    elsewhere = copy_of(signed_in_teacher(app, world.right))
    before = copy_of(here)
    new = "a much longer pass phrase 42"
    response = here.post(
        "/teacher/password", data={"current": PASSWORD, "password": new, "confirm": new}
    )
    assert response.status_code == 302
    assert teacher_gets_in(here), "the teacher stays signed in where they changed it"
    assert_teacher_cookie_dead(app, world, elsewhere)
    assert_teacher_cookie_dead(app, world, before)


def test_handing_the_device_over_ends_the_teacher_session(app: Flask, world: World) -> None:
    client = signed_in_teacher(app, world.right)
    cookie = copy_of(client)
    client.post(f"/classes/{world.classroom.id}/hand-over")
    assert_teacher_cookie_dead(app, world, cookie)


def test_a_teacher_session_ends_after_its_days(app: Flask, world: World) -> None:
    client = signed_in_teacher(app, world.right)
    days = app.config["TEACHER_SESSION_DAYS"]
    with app.app_context():
        db.session.execute(
            update(TeacherSession).values(
                started_at=datetime.now(UTC) - timedelta(days=days, minutes=1)
            )
        )
        db.session.commit()
    assert not teacher_gets_in(client)
    signed_in_teacher(app, world.right)  # signing in again forgets the expired row
    with app.app_context():
        assert len(db.session.scalars(select(TeacherSession)).all()) == 1


def test_a_forged_cookie_without_a_session_row_opens_nothing(app: Flask, world: World) -> None:
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = world.right.login_token
        session["_fresh"] = True
    assert not teacher_gets_in(client)


def test_a_removed_co_teacher_no_longer_reaches_the_class(
    app: Flask, world: World, make_teacher: Callable[..., MadeTeacher]
) -> None:
    helper = make_teacher(email="helper@school.example")
    with app.app_context():
        db.session.add(
            ClassTeacher(class_id=world.classroom.id, teacher_id=helper.id, role="co_teacher")
        )
        db.session.commit()
    theirs = signed_in_teacher(app, helper)
    class_page = f"/classes/{world.classroom.id}"
    assert teacher_gets_in(theirs, class_page)
    owner = signed_in_teacher(app, world.right)
    owner.post(f"/classes/{world.classroom.id}/co-teachers/{helper.id}/remove")
    about_the_class = [
        url_for_route(app, rule.endpoint, world)
        for rule in app.url_map.iter_rules()
        if rule.arguments and "GET" in (rule.methods or set())
        and rule.endpoint not in PUBLIC | CHILD | ANY_TEACHER
    ]  # fmt: skip
    assert len(about_the_class) > 20
    for path in about_the_class:
        assert theirs.get(path).status_code == 404, path
    assert teacher_gets_in(theirs), "they are still a teacher, with their own classes"


# --- a child's sessions ----------------------------------------------------------------------


def test_a_child_signing_out_ends_the_copied_session(app: Flask, world: World) -> None:
    tablet = signed_in_child(app, world.classroom, world.child)
    cookie = copy_of(tablet)
    assert child_gets_in(replay(app, cookie))
    tablet.post("/me/sign-out")
    assert_child_cookie_dead(app, world, cookie)
    again = signed_in_child(app, world.classroom, world.child)
    assert child_gets_in(again), "the child signs in again as ever"


@pytest.mark.parametrize("ending", ["archive", "delete"])
def test_archiving_or_deleting_a_child_ends_their_sessions(
    app: Flask, world: World, ending: str
) -> None:
    tablets = [signed_in_child(app, world.classroom, world.child) for _ in range(2)]
    cookies = [copy_of(t) for t in tablets]
    teacher = signed_in_teacher(app, world.right)
    assert teacher.post(f"/children/{world.child.id}/{ending}").status_code == 302
    for cookie in cookies:
        assert_child_cookie_dead(app, world, cookie)
    if ending == "archive":
        teacher.post(f"/children/{world.child.id}/restore")
        for cookie in cookies:
            assert not child_gets_in(replay(app, cookie)), "restoring brings no session back"
        assert child_gets_in(signed_in_child(app, world.classroom, world.child))


def test_a_child_cookie_from_before_session_versions_opens_nothing(
    app: Flask, world: World
) -> None:
    client = app.test_client()
    with client.session_transaction() as session:
        session["child_id"] = world.child.id
    assert not child_gets_in(client)


# --- where a tablet goes once its child's session has ended ----------------------------------

JSON = {"Accept": "application/json"}


def test_an_archived_childs_tablet_goes_back_to_the_class_pictures(
    app: Flask, world: World
) -> None:
    """An archived child's next page, table page, poll and move send the tablet to their class's
    pictures (no code to type, no "you were away" note), and the move is not applied."""
    table_id = start_table(app, [world.child], ["solid"])
    tablet = signed_in_child(app, world.classroom, world.child)
    assert tablet.get(f"/play/tables/{table_id}").status_code == 200
    teacher = signed_in_teacher(app, world.right)
    assert teacher.post(f"/children/{world.child.id}/archive").status_code == 302
    version, _, state = snapshot(app, table_id)  # archiving moved the table on (their seat)
    pictures = f"/join/{world.classroom.join_code}"
    for response in (
        tablet.get("/me"),
        tablet.get(f"/play/tables/{table_id}"),
        tablet.get(f"/play/tables/{table_id}/state?version=-1", headers=JSON),
        post_move(tablet, table_id, actions.DRAW, version, headers=JSON),
    ):
        assert response.status_code == 302
        assert response.headers["Location"] == pictures
    assert snapshot(app, table_id)[0] == version and snapshot(app, table_id)[2] == state
    shown = tablet.get(pictures)
    assert shown.status_code == 200
    page = shown.get_data(as_text=True)
    assert "You were away" not in page and world.child.display_name not in page
    assert not child_gets_in(tablet), "the archived child's session stays ended"


def test_a_child_signed_out_on_another_tablet_leaves_this_one_on_the_class_pictures(
    app: Flask, world: World
) -> None:
    """The child's session version moved on (they signed out on another tablet): this shared
    tablet goes back to their class's pictures, where the next child taps in."""
    here = signed_in_child(app, world.classroom, world.child)
    there = signed_in_child(app, world.classroom, world.child)
    assert there.post("/me/sign-out").status_code == 302
    for response in (here.get("/me"), here.get("/me", headers=JSON)):
        assert response.status_code == 302
        assert response.headers["Location"] == f"/join/{world.classroom.join_code}"
    assert child_gets_in(signed_in_child(app, world.classroom, world.child))


def test_a_deleted_childs_tablet_and_a_visitor_get_the_join_page(app: Flask, world: World) -> None:
    """No class to go back to (the child deleted with their row) or none ever (a visitor): the
    page to type the class code, which names no class."""
    tablet = signed_in_child(app, world.classroom, world.child)
    teacher = signed_in_teacher(app, world.right)
    assert teacher.post(f"/children/{world.child.id}/delete").status_code == 302
    for client in (tablet, app.test_client()):
        for response in (client.get("/me"), client.get("/me", headers=JSON)):
            assert response.status_code == 302
            assert response.headers["Location"] == "/join"


def test_a_deleted_childs_tablet_never_signs_in_as_a_child_added_after(
    app: Flask,
    world: World,
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
) -> None:
    """The id of a deleted child is never given to a child added after it (SQLite gave a new
    row the largest id plus one, so the newest child's id came back): the deleted child's
    tablet, whose cookie still holds that id and version 0, opens nothing of the new child's,
    who may be in another teacher's class, and is not sent to that class's pictures."""
    newest = make_child(world.classroom, "Newest child")  # the largest id so far
    tablet = signed_in_child(app, world.classroom, newest)
    teacher = signed_in_teacher(app, world.right)
    assert teacher.post(f"/children/{newest.id}/delete").status_code == 302
    elsewhere = make_class(world.wrong, name="Another room")
    added = make_child(elsewhere, "Added after")
    assert added.id != newest.id
    response = tablet.get("/me")
    assert response.status_code == 302 and response.headers["Location"] == "/join"
