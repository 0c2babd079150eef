"""Classes: making and editing them, join codes, co-teachers, printable cards, deleting."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import (
    AssignmentChange,
    Child,
    Classroom,
    ClassTeacher,
    CoTeacherInvite,
    Group,
)
from classroom.pictures import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH
from tests.web.conftest import (
    MadeChild,
    MadeClass,
    MadeTeacher,
    fetch,
    sign_in_teacher,
)


def test_make_a_class(app: Flask, teacher_client: FlaskClient) -> None:
    response = teacher_client.post(
        "/classes/new",
        data={"name": " Room  4 Cats ", "grade": "Kindergarten", "secret_length": "2"},
    )
    assert response.status_code == 302
    with app.app_context():
        classroom = db.session.scalar(select(Classroom))
        assert classroom is not None
        assert classroom.name == "Room 4 Cats"
        assert len(classroom.join_code) == JOIN_CODE_LENGTH
        assert set(classroom.join_code) <= set(JOIN_CODE_ALPHABET)
        assert [m.role for m in classroom.memberships] == ["owner"]
    assert response.headers["Location"] == f"/classes/{classroom.id}/children/paste"


def test_class_form_rejects_bad_input(teacher_client: FlaskClient) -> None:
    for data in (
        {"name": "", "grade": "Grade 1", "secret_length": "2"},
        {"name": "Room", "grade": "Grade 99", "secret_length": "2"},
        {"name": "Room", "grade": "Grade 1", "secret_length": "7"},
        {"name": "Room", "grade": "Grade 1", "secret_length": "'; drop table classes"},
        {"name": "R" * 81, "grade": "Grade 1", "secret_length": "2"},
        {"name": "   ", "grade": "Grade 1", "secret_length": "2"},
    ):
        assert teacher_client.post("/classes/new", data=data).status_code == 400, data


def test_a_name_of_spaces_only_is_refused_everywhere(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    """A class, child or group named "   " was saved: a nameless row on the roster and on the
    children's sign-in pictures. The trimmed name is empty, and empty names are refused."""
    room = classroom.id
    for url, data in (
        (f"/classes/{room}/children/new", {"display_name": "   "}),
        (f"/classes/{room}/groups/new", {"name": " \t "}),
        (f"/classes/{room}/edit", {"name": "   ", "grade": "Grade 1", "secret_length": "2"}),
    ):
        response = teacher_client.post(url, data=data)
        assert response.status_code == 400, (url, response.status_code)
    with app.app_context():
        assert db.session.scalars(db.select(Child).where(Child.class_id == room)).all() == []
        assert db.session.scalars(db.select(Group)).all() == []
        assert db.session.get(Classroom, room).name == classroom.name


def test_class_page_shows_levels_at_a_glance(
    teacher_client: FlaskClient, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    make_child(classroom, "Mia K.")
    make_child(classroom, "Noah B.")
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert "Mia K." in page
    assert "Noah B." in page
    assert "<strong>2</strong> Ultra-Peek" in page
    assert classroom.join_code in page


def test_changing_the_secret_length_gives_new_secrets(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    response = teacher_client.post(
        f"/classes/{classroom.id}/edit",
        data={"name": "Room 4", "grade": "Grade 1", "secret_length": "3"},
    )
    assert response.status_code == 302
    assert len(fetch(app, Child, child.id).secret_pictures) == 3
    teacher_client.post(
        f"/classes/{classroom.id}/edit",
        data={"name": "Room 4", "grade": "Grade 1", "secret_length": "0"},
    )
    assert fetch(app, Child, child.id).secret_pictures == []


def test_new_join_code(app: Flask, teacher_client: FlaskClient, classroom: MadeClass) -> None:
    teacher_client.post(f"/classes/{classroom.id}/join-code")
    new_code = fetch(app, Classroom, classroom.id).join_code
    assert new_code != classroom.join_code
    assert teacher_client.get(f"/join/{classroom.join_code}").status_code == 404


def test_co_teacher_by_email(
    mail_app: Flask,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    """Where mail is configured; the emailed link has its own tests (test_email.py)."""
    app = mail_app
    teacher_client = app.test_client()
    sign_in_teacher(teacher_client, teacher)
    colleague = make_teacher(email="kim@school.example", name="Mr Kim")
    response = teacher_client.post(
        f"/classes/{classroom.id}/co-teachers", data={"email": "KIM@school.example"}
    )
    assert response.status_code == 302
    other = app.test_client()
    sign_in_teacher(other, colleague)
    assert other.get(f"/classes/{classroom.id}").status_code == 404
    index = other.get("/classes/").get_data(as_text=True)
    assert "invited you to co-teach" in index
    with app.app_context():
        invite_id = db.session.scalar(select(CoTeacherInvite.id))
    assert other.post(f"/classes/invites/{invite_id}/accept").status_code == 302
    assert child.display_name in other.get(f"/classes/{classroom.id}").get_data(as_text=True)
    # A co-teacher cannot invite, delete the class or remove the owner.
    assert (
        other.post(
            f"/classes/{classroom.id}/co-teachers", data={"email": "x@y.example"}
        ).status_code
        == 403
    )
    assert other.get(f"/classes/{classroom.id}/delete").status_code == 403
    assert (
        other.post(f"/classes/{classroom.id}/co-teachers/{classroom.owner_id}/remove").status_code
        == 404
    )
    # The owner removes the co-teacher again.
    teacher_client.post(f"/classes/{classroom.id}/co-teachers/{colleague.id}/remove")
    assert other.get(f"/classes/{classroom.id}").status_code == 404


def test_co_teacher_by_one_time_code(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    teacher_client.post(f"/classes/{classroom.id}/co-teachers/code")
    with app.app_context():
        code = db.session.scalar(select(CoTeacherInvite.code))
    assert code
    first, second = make_teacher(), make_teacher()
    one = app.test_client()
    sign_in_teacher(one, first)
    assert one.post("/classes/join", data={"code": code.lower()}).status_code == 302
    assert one.get(f"/classes/{classroom.id}").status_code == 200
    two = app.test_client()
    sign_in_teacher(two, second)
    used = two.post("/classes/join", data={"code": code})
    assert used.status_code == 400
    assert "That code does not work" in used.get_data(as_text=True)
    assert two.get(f"/classes/{classroom.id}").status_code == 404


def test_a_co_teacher_code_works_however_it_is_typed(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    """A review found "KT4MAPX39HWC" (the code without its dashes) refused as not working."""
    from classroom.pictures import typed_invite_code

    for typed in ("kt4mapx39hwc", " KT4M APX3 9HWC ", "kt4m-apx3-9hwc", "KT4M—APX3—9HWC"):
        assert typed_invite_code(typed) == "KT4M-APX3-9HWC", typed
    for dashes_left_out in (str.lower, lambda c: c.replace("-", ""), lambda c: " ".join(c)):
        teacher_client.post(f"/classes/{classroom.id}/co-teachers/code")
        with app.app_context():
            code = db.session.scalar(
                select(CoTeacherInvite.code).order_by(CoTeacherInvite.id.desc())
            )
        assert code
        colleague = app.test_client()
        sign_in_teacher(colleague, make_teacher())
        typed = dashes_left_out(code)
        assert colleague.post("/classes/join", data={"code": typed}).status_code == 302, typed
        assert colleague.get(f"/classes/{classroom.id}").status_code == 200


def test_printable_cards(
    teacher_client: FlaskClient, classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    mia = make_child(classroom, "Mia K.")
    make_child(classroom, "Noah B.")
    page = teacher_client.get(f"/classes/{classroom.id}/cards").get_data(as_text=True)
    assert page.count('class="signin-card"') == 2
    assert "<svg" in page  # the QR code, inline
    assert 'class="segno"' in page
    assert "print-a4.css" in page
    assert f"/join/{classroom.join_code}" in page
    for picture in mia.secret:
        assert f"pictures/{picture}.svg" in page
    letter = teacher_client.get(f"/classes/{classroom.id}/cards?paper=letter").get_data(
        as_text=True
    )
    assert "print-letter.css" in letter
    one = teacher_client.get(f"/classes/{classroom.id}/cards?child={mia.id}").get_data(as_text=True)
    assert one.count('class="signin-card"') == 1
    assert teacher_client.get(f"/classes/{classroom.id}/cards?paper=../../etc").status_code == 200


def test_cards_of_a_child_from_another_class_are_404(
    teacher_client: FlaskClient,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
) -> None:
    other = make_class(teacher, name="Room 5")
    elsewhere = make_child(other, "Zed")
    assert (
        teacher_client.get(f"/classes/{classroom.id}/cards?child={elsewhere.id}").status_code == 404
    )


def test_print_css_sizes_the_paper() -> None:
    from pathlib import Path

    static = Path(__file__).parents[3] / "static" / "css"
    assert "size: A4" in (static / "print-a4.css").read_text()
    assert "size: letter" in (static / "print-letter.css").read_text()


def test_delete_a_class_removes_everything_in_it(
    app: Flask,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    make_group: Callable[..., object],
) -> None:
    make_group(classroom, "Table 1", [child])
    page = teacher_client.get(f"/classes/{classroom.id}/delete").get_data(as_text=True)
    assert "1 children" in page or "1 child" in page
    assert teacher_client.post(f"/classes/{classroom.id}/delete").status_code == 302
    with app.app_context():
        for model in (Classroom, Child, Group, AssignmentChange, ClassTeacher):
            assert db.session.scalar(select(func.count()).select_from(model)) == 0, model


def test_inviting_the_same_email_twice(
    mail_app: Flask, teacher: MadeTeacher, classroom: MadeClass
) -> None:
    teacher_client = mail_app.test_client()
    sign_in_teacher(teacher_client, teacher)
    url = f"/classes/{classroom.id}/co-teachers"
    assert teacher_client.post(url, data={"email": "kim@school.example"}).status_code == 302
    again = teacher_client.post(url, data={"email": "kim@school.example"})
    assert again.status_code == 400
    assert "already invited" in again.get_data(as_text=True)


def test_owner_only_actions_say_why(
    app: Flask,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    colleague = make_teacher()
    with app.app_context():
        db.session.add(
            ClassTeacher(class_id=classroom.id, teacher_id=colleague.id, role="co_teacher")
        )
        db.session.commit()
    client = app.test_client()
    sign_in_teacher(client, colleague)
    response = client.get(f"/classes/{classroom.id}/delete")
    assert response.status_code == 403
    assert "Only the teacher who owns this class can do that." in response.get_data(as_text=True)
