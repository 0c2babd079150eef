"""Email, against a real SMTP server on localhost (aiosmtpd): sign-up confirms the address
before the account sees any child, "forgot password" mails a link that works once and
expires, a password change is told by email, and a co-teacher invitation is a link that
proves the invited address (issue 14, defect 5). Without mail: one-time codes and `flask
reset-password`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from classroom.auth.mailings import told_time
from classroom.extensions import db
from classroom.models import Classroom, ClassTeacher, CoTeacherInvite, Teacher
from tests.web.conftest import PASSWORD, Inbox, MadeClass, MadeTeacher, fetch, sign_in_teacher
from tests.web.helpers.access import (  # the access matrix's routes and its world of rows
    CHILD,
    PUBLIC,
    ROUTES,
    World,
    call,
    url_for_route,
    world,  # noqa: F401  (a fixture)
)

NEW = {
    "name": "Mr Ortiz",
    "email": "ortiz@school.example",
    "password": "a long enough password",
    "confirm": "a long enough password",
}
NEW_PASSWORD = "purple giraffes at noon"


def teacher_by_email(app: Flask, email: str) -> Teacher | None:
    with app.app_context():
        found = db.session.scalar(select(Teacher).where(Teacher.email == email))
        if found is not None:
            db.session.expunge(found)
        return found


def flashes(client: FlaskClient) -> str:
    """The page the last redirect went to, with its flashed messages."""
    return client.get("/teacher/check-email").get_data(as_text=True)


def test_sign_up_waits_for_the_address_to_be_confirmed(
    mail_app: Flask, smtp_server: Inbox, classroom: MadeClass
) -> None:
    client = mail_app.test_client()
    response = client.post("/teacher/sign-up", data=NEW)
    assert response.status_code == 302
    assert response.headers["Location"] == "/teacher/check-email"
    assert "We sent a message to ortiz@school.example." in flashes(client)
    account = teacher_by_email(mail_app, NEW["email"])
    assert account is not None and account.email_confirmed_at is None
    # Not signed in by sign-up; signed in by password, it sees only "check your email".
    assert client.get("/classes/").status_code == 302
    client.post("/teacher/sign-in", data={"email": NEW["email"], "password": NEW["password"]})
    for path in ("/classes/", "/classes/new", f"/classes/{classroom.id}", "/classes/join"):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response.headers["Location"] == "/teacher/check-email", path
    page = client.get("/teacher/check-email").get_data(as_text=True)
    assert "We sent a link to <strong>ortiz@school.example</strong>" in page
    # "Send the link again", then the newest link confirms the address.
    assert client.post("/teacher/check-email").status_code == 302
    messages = smtp_server.wait_for(NEW["email"], 2)  # the first sent after sign-up answered
    assert len(messages) == 2
    assert messages[0]["Subject"] == "Confirm your email for Rat-a-Tat-Cat Classroom"
    assert "noreply@school.example" in str(messages[0]["From"])
    link = Inbox.link(messages[-1], "/teacher/confirm/")
    assert "https://classroom.school.example/teacher/confirm/" in Inbox.text(messages[-1])
    response = client.get(link)
    assert response.headers["Location"] == "/classes/"
    assert client.get("/classes/").status_code == 200
    confirmed = teacher_by_email(mail_app, NEW["email"])
    assert confirmed is not None and confirmed.email_confirmed_at is not None


def test_a_confirmation_link_is_for_one_address_and_cannot_be_forged(
    mail_app: Flask, smtp_server: Inbox
) -> None:
    client = mail_app.test_client()
    client.post("/teacher/sign-up", data=NEW)
    link = Inbox.link(smtp_server.wait_for(NEW["email"], 1)[-1], "/teacher/confirm/")
    forged = link[:-3] + ("abc" if not link.endswith("abc") else "xyz")
    assert client.get(forged).status_code == 400
    with mail_app.app_context():
        account = db.session.scalar(select(Teacher).where(Teacher.email == NEW["email"]))
        assert account is not None
        account.email = "someone.else@school.example"
        db.session.commit()
    response = client.get(link)
    assert response.status_code == 400
    assert "This link no longer works" in response.get_data(as_text=True)


def test_sign_up_does_not_say_whether_an_address_has_an_account(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    fresh, taken = mail_app.test_client(), mail_app.test_client()
    new = fresh.post("/teacher/sign-up", data=NEW)
    old = taken.post("/teacher/sign-up", data=NEW | {"email": teacher.email, "name": "Impostor"})
    assert (new.status_code, new.headers["Location"]) == (old.status_code, old.headers["Location"])
    assert "We sent a message to lee@school.example." in flashes(taken)
    # The account's owner is told; the account is unchanged.
    told = smtp_server.wait_for(teacher.email, 1)[-1]  # sent after the page answered
    assert told["Subject"] == "Someone tried to make an account with your email"
    assert "/teacher/forgot-password" in Inbox.text(told)
    with mail_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Teacher)) == 2
    row = fetch(mail_app, Teacher, teacher.id)
    assert row.name == "Ms Lee" and row.check_password(PASSWORD)


def test_forgot_password_mails_a_link_that_works_once(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    client = mail_app.test_client()
    unknown = client.post("/teacher/forgot-password", data={"email": "nobody@school.example"})
    known = client.post("/teacher/forgot-password", data={"email": teacher.email.upper()})
    assert unknown.status_code == known.status_code == 302
    message = smtp_server.wait_for(teacher.email, 1)[-1]  # sent after the page answered
    assert smtp_server.to("nobody@school.example") == []
    assert message["Subject"] == "Set a new password for Rat-a-Tat-Cat Classroom"
    link = Inbox.link(message, "/teacher/reset-password/")
    page = client.get(link)
    assert page.status_code == 200
    assert teacher.email in page.get_data(as_text=True)
    weak = client.post(link, data={"password": "aaaaaaaaaa", "confirm": "aaaaaaaaaa"})
    assert weak.status_code == 400
    assert "too easy to guess" in weak.get_data(as_text=True)
    done = client.post(link, data={"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert done.status_code == 302 and done.headers["Location"] == "/classes/"
    assert client.get("/classes/").status_code == 200  # signed in
    row = fetch(mail_app, Teacher, teacher.id)
    assert row.check_password(NEW_PASSWORD) and not row.check_password(PASSWORD)
    notice = smtp_server.last_to(teacher.email)
    assert notice["Subject"] == "Your Rat-a-Tat-Cat Classroom password was changed"
    # Used once: the same link no longer works, to read or to post.
    again = mail_app.test_client()
    assert again.get(link).status_code == 400
    reuse = again.post(link, data={"password": "yet another long phrase", "confirm": "x"})
    assert reuse.status_code == 400
    assert "This link no longer works" in reuse.get_data(as_text=True)


def test_a_password_reset_link_expires(
    make_app: Callable[..., Flask], mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    mail_app.test_client().post("/teacher/forgot-password", data={"email": teacher.email})
    link = Inbox.link(smtp_server.wait_for(teacher.email, 1)[-1], "/teacher/reset-password/")
    # The same installation, a while later: here, its links last less than no time at all.
    later = make_app(PASSWORD_RESET_MINUTES=-1)
    response = later.test_client().get(link)
    assert response.status_code == 400
    assert "Send me a new link" in response.get_data(as_text=True)


def test_a_password_reset_confirms_an_unconfirmed_address(
    mail_app: Flask, smtp_server: Inbox, make_teacher: Callable[..., MadeTeacher]
) -> None:
    """The link came to the address: the owner of an address someone else signed up with
    takes the account back (the other's sessions end with the new password)."""
    squatted = make_teacher(email="kim@school.example", confirmed=False)
    squatter = mail_app.test_client()
    sign_in_teacher(squatter, squatted)
    owner = mail_app.test_client()
    owner.post("/teacher/forgot-password", data={"email": "kim@school.example"})
    reset = smtp_server.wait_for("kim@school.example", 1)[-1]
    link = Inbox.link(reset, "/teacher/reset-password/")
    owner.post(link, data={"password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert owner.get("/classes/").status_code == 200
    assert squatter.get("/teacher/check-email").status_code == 200
    assert squatter.get("/classes/").headers["Location"].startswith("/teacher/sign-in")


def test_changing_the_password_is_told_by_email(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    client = mail_app.test_client()
    sign_in_teacher(client, teacher)
    response = client.post(
        "/teacher/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert response.status_code == 302
    notice = smtp_server.last_to(teacher.email)
    assert notice["Subject"] == "Your Rat-a-Tat-Cat Classroom password was changed"
    text = Inbox.text(notice)
    assert "If it was not you, set a new password now:" in text
    assert "https://classroom.school.example/teacher/forgot-password" in text
    assert NEW_PASSWORD not in text


def test_an_emailed_invitation_proves_the_address(
    mail_app: Flask,
    smtp_server: Inbox,
    teacher: MadeTeacher,
    classroom: MadeClass,
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    owner = mail_app.test_client()
    sign_in_teacher(owner, teacher)
    response = owner.post(
        f"/classes/{classroom.id}/co-teachers", data={"email": "kim@school.example"}
    )
    assert response.status_code == 302
    assert "Invitation sent to kim@school.example" in owner.get(
        f"/classes/{classroom.id}/co-teachers"
    ).get_data(as_text=True)
    message = smtp_server.last_to("kim@school.example")
    assert message["Subject"] == f"An invitation to co-teach {classroom.name}"
    link = Inbox.link(message, "/classes/invitation/")
    # Someone who signed up with the invited address but never proved it: nothing to accept.
    impostor_account = make_teacher(email="kim@school.example", confirmed=False)
    impostor = mail_app.test_client()
    sign_in_teacher(impostor, impostor_account)
    with mail_app.app_context():
        invite_id = db.session.scalar(select(CoTeacherInvite.id))
    assert impostor.post(f"/classes/invites/{invite_id}/accept").status_code == 302
    assert impostor.get(f"/classes/{classroom.id}").headers["Location"] == "/teacher/check-email"
    # The link: a stranger is asked to sign in first, then lands back on it.
    stranger = mail_app.test_client()
    asked = stranger.get(link)
    assert asked.status_code == 302 and asked.headers["Location"].startswith("/teacher/sign-in")
    kim = make_teacher(email="kim.personal@home.example", name="Mr Kim")
    reader = mail_app.test_client()
    sign_in_teacher(reader, kim)
    page = reader.get(link).get_data(as_text=True)
    assert f"Co-teach {classroom.name}?" in page
    assert reader.post(link).headers["Location"] == f"/classes/{classroom.id}"
    assert reader.get(f"/classes/{classroom.id}").status_code == 200
    with mail_app.app_context():
        roles = db.session.scalars(
            select(ClassTeacher.role).where(ClassTeacher.teacher_id == kim.id)
        ).all()
        assert roles == ["co_teacher"]
    # Used: the link no longer works, for anyone.
    other = mail_app.test_client()
    sign_in_teacher(other, make_teacher())
    gone = other.get(link)
    assert gone.status_code == 404
    assert "This link no longer works" in gone.get_data(as_text=True)


def test_without_mail_an_invitation_to_an_address_is_never_accepted_by_whoever_signs_up(
    app: Flask, teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    """Defect 5: an invitation for an email once went to anyone who signed up with it."""
    with app.app_context():
        # An invitation by email left from a time when this server sent mail.
        from datetime import UTC, datetime, timedelta

        invite = CoTeacherInvite(
            class_id=classroom.id,
            email="kim@school.example",
            expires_at=datetime.now(UTC) + timedelta(days=3),
        )
        db.session.add(invite)
        db.session.commit()
        invite_id = invite.id
    impostor = app.test_client()
    impostor.post("/teacher/sign-up", data=NEW | {"email": "kim@school.example"})
    assert impostor.get("/classes/").status_code == 200  # no mail: the account works at once
    assert "invited you to co-teach" not in impostor.get("/classes/").get_data(as_text=True)
    assert impostor.post(f"/classes/invites/{invite_id}/accept").status_code == 404
    assert impostor.post(f"/classes/invites/{invite_id}/decline").status_code == 404
    assert impostor.get(f"/classes/{classroom.id}").status_code == 404


def test_without_mail_co_teachers_join_by_one_time_code(
    teacher_client: FlaskClient, classroom: MadeClass
) -> None:
    url = f"/classes/{classroom.id}/co-teachers"
    page = teacher_client.get(url).get_data(as_text=True)
    assert "Invite by email" not in page
    assert "This server sends no email" in page
    assert "Make a one-time code" in page
    refused = teacher_client.post(url, data={"email": "kim@school.example"})
    assert refused.status_code == 400
    assert "make a one-time code instead" in refused.get_data(as_text=True)


def test_without_mail_forgot_password_points_to_the_command(client: FlaskClient) -> None:
    page = client.get("/teacher/forgot-password").get_data(as_text=True)
    assert "flask reset-password YOUR-EMAIL" in page
    assert client.post("/teacher/forgot-password", data={"email": "a@b.example"}).status_code == 400


def test_reset_password_command(app: Flask, teacher: MadeTeacher) -> None:
    other_device = app.test_client()
    sign_in_teacher(other_device, teacher)
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=["reset-password", teacher.email.upper()], input=f"{NEW_PASSWORD}\n{NEW_PASSWORD}\n"
    )
    assert result.exit_code == 0, result.output
    assert "The password of Ms Lee (lee@school.example) is changed" in result.output
    assert fetch(app, Teacher, teacher.id).check_password(NEW_PASSWORD)
    assert other_device.get("/classes/").status_code == 302  # its session ended
    weak = runner.invoke(args=["reset-password", teacher.email, "--password", "aaaaaaaaaa"])
    assert weak.exit_code == 2
    assert "too easy to guess" in weak.output
    unknown = runner.invoke(args=["reset-password", "x@y.example", "--password", NEW_PASSWORD])
    assert unknown.exit_code == 2
    assert "No teacher has the email" in unknown.output


def test_reset_password_command_tells_the_teacher_where_mail_is_configured(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    result = mail_app.test_cli_runner().invoke(
        args=["reset-password", teacher.email, "--password", NEW_PASSWORD]
    )
    assert result.exit_code == 0, result.output
    assert "They were told by email." in result.output
    notice = smtp_server.last_to(teacher.email)
    assert "https://classroom.school.example/teacher/forgot-password" in Inbox.text(notice)


def test_a_mail_server_that_is_down_fails_no_page(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    from tests.web.conftest import free_port

    app = make_app(
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=free_port(),
        MAIL_USE_TLS=False,
        PUBLIC_URL="https://classroom.school.example",
    )
    client = app.test_client()
    assert client.post("/teacher/forgot-password", data={"email": teacher.email}).status_code == 302
    assert client.post("/teacher/sign-up", data=NEW).status_code == 302
    client.post("/teacher/sign-in", data={"email": NEW["email"], "password": NEW["password"]})
    client.post("/teacher/check-email")
    assert "We could not send the email just now" in flashes(client)


def test_an_unconfirmed_account_reaches_no_teacher_page(
    mail_app: Flask,
    world: World,  # noqa: F811  (the access matrix's fixture, imported above)
    make_teacher: Callable[..., MadeTeacher],
) -> None:
    """Every teacher route of the app (the access matrix's list), GET and POST, for an
    account whose address is unproven where mail is configured: "check your email", its own
    password page and signing out, nothing else, and no child's name anywhere."""
    unproven = make_teacher(email="unproven@school.example", confirmed=False)
    with mail_app.app_context():
        # Even a membership (which the owner cannot give an unproven address) opens nothing.
        db.session.add(
            ClassTeacher(class_id=world.classroom.id, teacher_id=unproven.id, role="co_teacher")
        )
        db.session.commit()
    own_account = {"auth.password", "auth.sign_out_everywhere"}
    checked = 0
    for endpoint, method in ROUTES:
        if endpoint in PUBLIC | CHILD | own_account:
            continue
        client = mail_app.test_client()
        sign_in_teacher(client, unproven)
        response = call(client, method, url_for_route(mail_app, endpoint, world))
        assert response.status_code == 302, f"{method} {endpoint}: {response.status_code}"
        assert response.headers["Location"] == "/teacher/check-email", endpoint
        checked += 1
    assert checked > 40
    client = mail_app.test_client()
    sign_in_teacher(client, unproven)
    assert client.get("/teacher/password").status_code == 200
    page = client.get("/teacher/check-email").get_data(as_text=True)
    assert world.child.display_name not in page and world.classroom.name not in page


def test_mail_without_public_url_is_refused_at_start(tmp_path: Any) -> None:
    """Links in emails come from PUBLIC_URL alone: an app with mail and without it does not
    start, and says what to set."""
    from classroom import create_app
    from classroom.settings import SettingsError
    from tests.conftest import base_config

    config = base_config("sqlite://", tmp_path / "instance") | {"MAIL_SERVER": "127.0.0.1"}
    with pytest.raises(SettingsError, match="PUBLIC_URL"):
        create_app(config)
    with pytest.raises(SettingsError, match="PUBLIC_URL must be"):
        create_app(config | {"PUBLIC_URL": "classroom.school.example"})
    assert create_app(config | {"PUBLIC_URL": "https://classroom.school.example"})


def test_a_reset_link_ignores_the_host_header(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    """A stranger asking for a teacher's password reset with `Host: evil.example` gets a mail
    sent to the teacher whose link still points at PUBLIC_URL."""
    client = mail_app.test_client()
    response = client.post(
        "/teacher/forgot-password",
        data={"email": teacher.email},
        headers={"Host": "evil.example"},
    )
    assert response.status_code == 302
    [message] = smtp_server.wait_for(teacher.email, 1)
    text = Inbox.text(message)
    assert "evil.example" not in text
    assert "https://classroom.school.example/teacher/reset-password/" in text


def test_a_link_is_never_built_from_the_host_header(app: Flask) -> None:
    from classroom.emails import link

    with app.test_request_context("/", headers={"Host": "evil.example"}):
        assert link("auth.reset_password", token="t") == ""


def test_the_password_change_notice_gives_the_time_in_the_teachers_zone(
    mail_app: Flask, smtp_server: Inbox, teacher: MadeTeacher
) -> None:
    """The notice's time is the teacher's class's local time, naming the zone (issue 40)."""
    with mail_app.app_context():
        row = db.session.get(Teacher, teacher.id)
        assert row is not None
        room = Classroom(name="Room 9", grade="Grade 1", secret_length=2, join_code="ZONE40")
        room.time_zone = "America/Los_Angeles"
        room.memberships.append(ClassTeacher(teacher_id=row.id, role="owner"))
        db.session.add(room)
        db.session.commit()
    client = mail_app.test_client()
    sign_in_teacher(client, teacher)
    client.post(
        "/teacher/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    text = Inbox.text(smtp_server.last_to(teacher.email))
    assert "(America/Los_Angeles time)" in text
    assert " UTC" not in text


def test_the_notice_time_follows_the_first_class_and_says_utc_without_one(app: Flask) -> None:
    """Several classes: the one joined first; none: UTC, said as such (issue 40)."""
    moment = datetime(2026, 11, 28, 14, 5, tzinfo=UTC)
    with app.app_context():
        alone = Teacher(email="alone@school.example", name="Ms Alone")
        alone.set_password(PASSWORD)
        db.session.add(alone)
        db.session.commit()
        assert told_time(alone, moment) == "28 Nov 2026 at 14:05 UTC"
        for name, zone_name, joined in [
            ("Paris room", "Europe/Paris", datetime(2026, 9, 1, tzinfo=UTC)),
            ("Tokyo room", "Asia/Tokyo", datetime(2026, 10, 1, tzinfo=UTC)),
        ]:
            room = Classroom(name=name, grade="Grade 1", secret_length=2, join_code=name[:5])
            room.time_zone = zone_name
            room.memberships.append(ClassTeacher(teacher=alone, role="owner", added_at=joined))
            db.session.add(room)
        db.session.commit()
        db.session.refresh(alone)
        assert told_time(alone, moment) == "28 Nov 2026 at 15:05 (Europe/Paris time)"
