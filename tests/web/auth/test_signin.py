"""Child sign-in by pictures: class page, own picture, secret pictures, lock-out and reset."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from classroom.models import Child
from tests.web.conftest import MadeChild, MadeClass, MadeTeacher, fetch, sign_in_teacher
from tests.web.helpers.signin import tap, wrong_secret


def test_join_by_code(client: FlaskClient, classroom: MadeClass, child: MadeChild) -> None:
    response = client.post("/join", data={"code": " " + classroom.join_code.lower() + " "})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/join/{classroom.join_code}"
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert child.display_name in page
    assert "Find your picture!" in page


def test_unknown_code_is_a_gentle_400(client: FlaskClient) -> None:
    response = client.post("/join", data={"code": "NOPE99"})
    assert response.status_code == 400
    assert "We could not find that class code" in response.get_data(as_text=True)
    # Said aloud too: a child who cannot read it hears to ask the teacher.
    assert re.search(
        r'data-speak="[^"]*We could not find that class code. Ask your teacher."',
        response.get_data(as_text=True),
    )
    assert client.get("/join/NOPE99").status_code == 404


def test_the_class_code_page_reads_aloud_what_to_do(client: FlaskClient) -> None:
    """The page "I'm a child" leads to: its speaker says what to do, as every child's page."""
    page = client.get("/join").get_data(as_text=True)
    assert re.search(
        r'class="speaker-button" data-speak="Hello! Let(&#39;|\')s find your class\. Show the '
        r"tablet(&#39;|')s camera the square code on your card, or ask your teacher to type the "
        r'class code\."',
        page,
    )
    assert "js/speech.js" in page


def test_happy_path(
    app: Flask, client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    page = client.get(f"/join/{classroom.join_code}/{child.id}")
    assert page.status_code == 200
    assert "Tap your secret pictures." in page.get_data(as_text=True)
    first = tap(client, classroom, child, child.secret[:1])
    assert first.status_code == 200
    assert "1 of 2 secret pictures tapped" in first.get_data(as_text=True)
    response = tap(client, classroom, child, child.secret)
    assert response.status_code == 302
    assert response.headers["Location"] == "/me"
    home = client.get("/me").get_data(as_text=True)
    assert f"Hello, {child.display_name}!" in home
    assert "Ultra-Peek" in home


def test_wrong_pictures_then_lock_out_then_teacher_reset(
    app: Flask, client: FlaskClient, teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    wrong = wrong_secret(child)
    for attempt in (1, 2):
        response = tap(client, classroom, child, wrong)
        assert response.status_code == 200
        assert "Oops! Those were not your secret pictures." in response.get_data(as_text=True)
        assert fetch(app, Child, child.id).failed_tries == attempt
    third = tap(client, classroom, child, wrong)
    assert third.status_code == 403
    assert "ask your teacher" in third.get_data(as_text=True)
    # Locked: even the right pictures do not work now.
    locked = client.post(
        f"/join/{classroom.join_code}/{child.id}", data={"picked": "", "pick": child.secret[0]}
    )
    assert locked.status_code == 403
    assert client.get("/me").status_code == 302

    teacher_client = app.test_client()
    sign_in_teacher(teacher_client, teacher)
    assert "needs you" in teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    teacher_client.post(f"/children/{child.id}/reset-sign-in")
    assert fetch(app, Child, child.id).failed_tries == 0
    assert tap(client, classroom, child, child.secret).status_code == 302


def test_success_clears_earlier_wrong_tries(
    app: Flask, client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    tap(client, classroom, child, wrong_secret(child))
    assert fetch(app, Child, child.id).failed_tries == 1
    tap(client, classroom, child, child.secret)
    assert fetch(app, Child, child.id).failed_tries == 0


def test_no_secret_class(
    client: FlaskClient,
    teacher: MadeTeacher,
    make_class: Callable[..., MadeClass],
    make_child: Callable[..., MadeChild],
) -> None:
    youngest = make_class(teacher, name="Pre-K bears", secret_length=0)
    child = make_child(youngest, "Ben")
    assert child.secret == []
    page = client.get(f"/join/{youngest.join_code}").get_data(as_text=True)
    assert f'action="/join/{youngest.join_code}/{child.id}"' in page
    response = client.post(f"/join/{youngest.join_code}/{child.id}")
    assert response.status_code == 302
    assert "Hello, Ben!" in client.get("/me").get_data(as_text=True)


def test_forged_secret_forms_are_400(
    client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    url = f"/join/{classroom.join_code}/{child.id}"
    for data in (
        {"picked": "", "pick": "dragon"},
        {"picked": "dragon", "pick": "cat"},
        {"picked": "cat,dog", "pick": "owl"},  # more taps than the secret has
        {"picked": ""},
        {},
    ):
        assert client.post(url, data=data).status_code == 400, data


def test_child_of_another_class_or_archived_is_404(
    app: Flask,
    client: FlaskClient,
    teacher: MadeTeacher,
    classroom: MadeClass,
    child: MadeChild,
    make_class: Callable[..., MadeClass],
) -> None:
    other = make_class(teacher, name="Room 5")
    assert client.get(f"/join/{other.join_code}/{child.id}").status_code == 404
    sign_in_teacher(client, teacher)
    client.post(f"/children/{child.id}/archive")
    client.post("/teacher/sign-out")
    assert client.get(f"/join/{classroom.join_code}/{child.id}").status_code == 404
    assert child.display_name not in client.get(f"/join/{classroom.join_code}").get_data(
        as_text=True
    )


def test_child_sign_in_ends_a_teacher_session(
    client: FlaskClient, teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    sign_in_teacher(client, teacher)
    assert client.get("/classes/").status_code == 200
    tap(client, classroom, child, child.secret)
    assert client.get("/me").status_code == 200
    assert client.get("/classes/").status_code == 302
    assert client.get(f"/children/{child.id}").status_code == 302


def test_teacher_sign_in_ends_a_child_session(
    client: FlaskClient, teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    tap(client, classroom, child, child.secret)
    client.post("/teacher/sign-in", data={"email": teacher.email, "password": teacher.password})
    assert client.get("/me").status_code == 302


def test_child_signs_out_back_to_the_class_page(
    client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    tap(client, classroom, child, child.secret)
    response = client.post("/me/sign-out")
    assert response.headers["Location"] == f"/join/{classroom.join_code}"
    assert client.get("/me").status_code == 302


def test_deleted_child_session_ends(
    app: Flask, client: FlaskClient, teacher: MadeTeacher, classroom: MadeClass, child: MadeChild
) -> None:
    tap(client, classroom, child, child.secret)
    teacher_client = app.test_client()
    sign_in_teacher(teacher_client, teacher)
    teacher_client.post(f"/children/{child.id}/delete")
    assert client.get("/me").status_code == 302


def test_wrong_class_codes_are_rate_limited_but_a_class_is_not(
    make_app: Callable[..., Flask], classroom: MadeClass, make_child: Callable[..., MadeChild]
) -> None:
    """A whole class signs in from one school address: only wrong codes count, and the
    class's own tablets keep their pictures page when someone else's wrong codes used up the
    address's limit."""
    app = make_app(RATELIMIT_ENABLED=True, JOIN_CODE_LIMIT="3 per minute")
    tablet = app.test_client()
    children = [make_child(classroom, f"Child {i}") for i in range(5)]
    for child in children:  # far more than 3 pages of a real code, and wrong pictures too
        assert tablet.get(f"/join/{classroom.join_code}").status_code == 200
        assert tap(tablet, classroom, child, wrong_secret(child)).status_code == 200
        assert tablet.get(f"/join/{classroom.join_code}/{child.id}").status_code == 200
    stranger = app.test_client()  # same address (the test client's 127.0.0.1)
    statuses = [stranger.post("/join", data={"code": f"WRONG{i}"}).status_code for i in range(3)]
    assert statuses == [400, 400, 400]
    assert stranger.get("/join/NOSUCH").status_code == 429
    # Over the limit, a real code looks like a wrong one to a browser new to it...
    assert stranger.get(f"/join/{classroom.join_code}").status_code == 429
    assert stranger.post("/join", data={"code": classroom.join_code}).status_code == 429
    # ...while the class's tablet keeps its pictures, and a child still signs in on it.
    assert tablet.get(f"/join/{classroom.join_code}").status_code == 200
    fresh = make_child(classroom, "Child new")
    assert tap(tablet, classroom, fresh, fresh.secret).status_code == 302
    assert tablet.get(f"/join/{classroom.join_code}").status_code == 200


def test_hand_over_signs_the_teacher_out(
    teacher_client: FlaskClient, classroom: MadeClass, child: MadeChild
) -> None:
    response = teacher_client.post(f"/classes/{classroom.id}/hand-over")
    assert response.headers["Location"] == f"/join/{classroom.join_code}"
    assert teacher_client.get("/classes/").status_code == 302
    page = teacher_client.get(f"/join/{classroom.join_code}").get_data(as_text=True)
    assert child.display_name in page
    assert "My classes" not in page
