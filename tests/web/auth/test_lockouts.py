"""Lock-outs told: a teacher whose account a stranger locked for new computers is told (on
their next sign-in, and by email where mail is configured) when, how many tries and from how
many addresses; the class page says why a child is locked out, and lets them try again in one
tap."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import func, select

from classroom.extensions import db
from classroom.models import Child, SignInFailure, Teacher
from tests.web.conftest import PASSWORD, Inbox, MadeChild, MadeClass, MadeTeacher, fetch
from tests.web.helpers.signin import tap, wrong_secret

LIMITS = {
    "RATELIMIT_ENABLED": True,
    "SIGN_IN_LIMIT": "100 per minute",
    "SIGN_IN_ACCOUNT_LIMIT": "3 per minute",
}


def guess_from(app: Flask, teacher: MadeTeacher, address: str) -> int:
    client = app.test_client()
    response = client.post(
        "/teacher/sign-in",
        data={"email": teacher.email, "password": "a guess"},
        environ_base={"REMOTE_ADDR": address},
    )
    return response.status_code


def lock(app: Flask, teacher: MadeTeacher) -> list[int]:
    """Four guesses from three addresses: the fourth is refused by the account's limit."""
    addresses = ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.1"]
    return [guess_from(app, teacher, a) for a in addresses]


def flashes(client: FlaskClient) -> list[str]:
    with client.session_transaction() as session:
        return [message for _, message in session.get("_flashes", [])]


def test_a_teacher_is_told_at_the_next_sign_in_that_their_account_was_locked(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    app = make_app(**LIMITS)
    # The teacher's own computer, known to the account (the limit does not stop it).
    own = app.test_client()
    right = {"email": teacher.email, "password": PASSWORD}
    assert own.post("/teacher/sign-in", data=right).status_code == 302
    own.post("/teacher/sign-out")
    flashes(own)  # read the sign-out's
    assert lock(app, teacher) == [400, 400, 400, 429]
    assert fetch(app, Teacher, teacher.id).locked_at is not None

    response = own.post("/teacher/sign-in", data=right)
    assert response.status_code == 302
    page = own.get(response.headers["Location"]).get_data(as_text=True)
    assert "Your account was locked for new computers on" in page
    assert "4 wrong passwords from 3 addresses" in page
    # Told once: the lock and its tries are forgotten.
    assert fetch(app, Teacher, teacher.id).locked_at is None
    own.post("/teacher/sign-out")
    own.post("/teacher/sign-in", data=right)
    assert "locked" not in own.get("/classes/").get_data(as_text=True)


def test_a_sign_in_without_a_lock_says_nothing_and_keeps_nothing(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    app = make_app(**LIMITS)
    assert guess_from(app, teacher, "203.0.113.9") == 400
    client = app.test_client()
    right = {"email": teacher.email, "password": PASSWORD}
    assert client.post("/teacher/sign-in", data=right).status_code == 302
    assert "locked" not in client.get("/classes/").get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SignInFailure)) == 0


def test_the_teacher_is_emailed_when_the_account_is_locked(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    mail_app.config.update(LIMITS)
    assert lock(mail_app, teacher) == [400, 400, 400, 429]
    [message] = smtp_server.wait_for(teacher.email, 1)
    assert message["Subject"] == "Your Rat-a-Tat-Cat Classroom account was locked for new computers"
    text = " ".join(Inbox.text(message).split())
    assert "4 wrong passwords from 3 addresses" in text
    assert "https://classroom.school.example/teacher/forgot-password" in text
    # Once a lock: further refused tries send nothing more.
    assert guess_from(mail_app, teacher, "203.0.113.4") == 429
    assert len(smtp_server.wait_for(teacher.email, 1)) == 1


def test_an_unknown_email_is_counted_as_a_known_one(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    """A failed try writes one row whether the email has an account or not (the same work,
    so the same time), and never the email or the address."""
    app = make_app(**LIMITS)
    client = app.test_client()
    for email in (teacher.email, "nobody@school.example"):
        client.post("/teacher/sign-in", data={"email": email, "password": "a guess"})
    with app.app_context():
        rows = db.session.scalars(select(SignInFailure)).all()
        assert len(rows) == 2
        for row in rows:
            assert "@" not in row.account and "127.0.0.1" not in row.address


def test_the_class_page_says_why_a_child_is_locked_and_unlocks_in_one_tap(
    app: Flask,
    client: FlaskClient,
    teacher_client: FlaskClient,
    classroom: MadeClass,
    child: MadeChild,
    make_child: Callable[..., MadeChild],
) -> None:
    make_child(classroom, "Leo")
    for _ in range(3):
        tap(client, classroom, child, wrong_secret(child))
    row = fetch(app, Child, child.id)
    assert row.failed_tries == 3 and row.locked_at is not None
    page = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert re.search(r"Locked at \d\d:\d\d after 3 wrong tries\.<", page)
    assert page.count("Let them try again") == 1  # Mia's row only
    # One tap, and the teacher stays on the class page.
    response = teacher_client.post(f"/children/{child.id}/reset-sign-in?back=class")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/classes/{classroom.id}"
    after = teacher_client.get(f"/classes/{classroom.id}").get_data(as_text=True)
    assert f"{child.display_name} can sign in again." in after
    assert "Let them try again" not in after
    assert tap(client, classroom, child, child.secret).status_code == 302


def test_flask_retention_forgets_failed_tries_older_than_a_day(
    app: Flask, runner: FlaskCliRunner, teacher: MadeTeacher
) -> None:
    from datetime import UTC, datetime, timedelta

    with app.app_context():
        old, new = datetime.now(UTC) - timedelta(days=2), datetime.now(UTC)
        db.session.add_all(
            [
                SignInFailure(account="a" * 64, address="b" * 64, failed_at=when)
                for when in (old, new)
            ]
        )
        db.session.commit()
    result = runner.invoke(args=["retention"])
    assert "Forgot 1 failed sign-in try older than a day." in result.output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(SignInFailure)) == 1
