"""Teacher accounts: sign up, sign in (rate limited, saying nothing about which emails
exist), sign out, change password."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from classroom.extensions import db
from classroom.models import Teacher
from tests.web.conftest import PASSWORD, MadeTeacher, fetch

GOOD = {
    "name": "Mr  Ortiz ",
    "email": " Ortiz@School.Example ",
    "password": "a long enough password",
    "confirm": "a long enough password",
}


def test_sign_up_makes_an_account_and_signs_in(client: FlaskClient, app: Flask) -> None:
    response = client.post("/teacher/sign-up", data=GOOD)
    assert response.status_code == 302
    assert response.headers["Location"] == "/classes/new"
    with app.app_context():
        teacher = db.session.scalar(select(Teacher))
        assert teacher is not None
        assert teacher.email == "ortiz@school.example"
        assert teacher.name == "Mr Ortiz"
        assert teacher.password_hash.startswith("pbkdf2:")  # the test config's method
        assert "a long enough password" not in teacher.password_hash
    assert client.get("/classes/").status_code == 200


def test_passwords_are_hashed_with_scrypt_by_default(make_app: Callable[..., Flask]) -> None:
    app = make_app(PASSWORD_HASH_METHOD="scrypt")
    with app.app_context():
        teacher = Teacher(email="s@school.example", name="S")
        teacher.set_password("a long enough password")
        assert teacher.password_hash.startswith("scrypt:")
        assert teacher.check_password("a long enough password")
        assert not teacher.check_password("a wrong password")
    from classroom import config

    assert config.PASSWORD_HASH_METHOD == "scrypt"


def test_sign_up_rejects_bad_input(client: FlaskClient, teacher: MadeTeacher) -> None:
    cases = [
        GOOD | {"email": "not an email"},
        GOOD | {"password": "short", "confirm": "short"},
        GOOD | {"confirm": "something else entirely"},
        GOOD | {"name": ""},
        GOOD | {"name": "x" * 81},
        GOOD | {"email": teacher.email},
        {"garbage": "yes"},
    ]
    for data in cases:
        response = client.post("/teacher/sign-up", data=data)
        assert response.status_code == 400, data
        assert 'class="error"' in response.get_data(as_text=True)


def test_sign_in_and_out(client: FlaskClient, teacher: MadeTeacher) -> None:
    response = client.post(
        "/teacher/sign-in", data={"email": teacher.email.upper(), "password": PASSWORD}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/classes/"
    assert client.get("/classes/").status_code == 200
    response = client.post("/teacher/sign-out")
    assert response.status_code == 302
    assert client.get("/classes/").status_code == 302


def test_sign_in_goes_on_to_next_but_only_on_this_site(
    client: FlaskClient, teacher: MadeTeacher
) -> None:
    data = {"email": teacher.email, "password": PASSWORD}
    response = client.post("/teacher/sign-in?next=/teacher/password", data=data)
    assert response.headers["Location"] == "/teacher/password"
    for evil in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        response = client.post(f"/teacher/sign-in?next={evil}", data=data)
        assert response.headers["Location"] == "/classes/"


def test_sign_in_never_says_which_emails_exist(client: FlaskClient, teacher: MadeTeacher) -> None:
    wrong_password = client.post(
        "/teacher/sign-in", data={"email": teacher.email, "password": "wrong password"}
    )
    unknown_email = client.post(
        "/teacher/sign-in", data={"email": "nobody@school.example", "password": "wrong password"}
    )
    assert wrong_password.status_code == unknown_email.status_code == 400
    message = "That email and password do not match an account."
    assert message in wrong_password.get_data(as_text=True)
    assert message in unknown_email.get_data(as_text=True)


def test_sign_in_is_rate_limited(make_app: Callable[..., Flask], teacher: MadeTeacher) -> None:
    app = make_app(RATELIMIT_ENABLED=True, SIGN_IN_LIMIT="3 per minute")
    client = app.test_client()
    data = {"email": teacher.email, "password": "wrong password"}
    statuses = [client.post("/teacher/sign-in", data=data).status_code for _ in range(4)]
    assert statuses == [400, 400, 400, 429]
    limited = client.post("/teacher/sign-in", data={"email": teacher.email, "password": PASSWORD})
    assert limited.status_code == 429
    assert "Too many tries" in limited.get_data(as_text=True)
    assert client.get("/teacher/sign-in").status_code == 200  # only POSTs count


def test_change_password_signs_out_other_devices(
    app: Flask, client: FlaskClient, teacher: MadeTeacher
) -> None:
    other_device = app.test_client()
    for c in (client, other_device):
        c.post("/teacher/sign-in", data={"email": teacher.email, "password": PASSWORD})
    response = client.post(
        "/teacher/password",
        data={
            "current": PASSWORD,
            "password": "a brand new password",
            "confirm": "a brand new password",
        },
    )
    assert response.status_code == 302
    assert client.get("/classes/").status_code == 200
    assert other_device.get("/classes/").status_code == 302
    row = fetch(app, Teacher, teacher.id)
    assert row.check_password("a brand new password")


def test_change_password_needs_the_current_one(client: FlaskClient, teacher: MadeTeacher) -> None:
    client.post("/teacher/sign-in", data={"email": teacher.email, "password": PASSWORD})
    response = client.post(
        "/teacher/password",
        data={
            "current": "not it",
            "password": "a brand new password",
            "confirm": "a brand new password",
        },
    )
    assert response.status_code == 400
    assert "That is not your current password." in response.get_data(as_text=True)


def test_successful_sign_ins_do_not_use_up_the_limit(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    """A staff room shares one school address: only failed tries count."""
    app = make_app(RATELIMIT_ENABLED=True, SIGN_IN_LIMIT="2 per minute")
    client = app.test_client()
    for _ in range(5):
        response = client.post(
            "/teacher/sign-in", data={"email": teacher.email, "password": PASSWORD}
        )
        assert response.status_code == 302


def test_signed_in_teacher_skips_the_sign_in_page(teacher_client: FlaskClient) -> None:
    response = teacher_client.get("/teacher/sign-in")
    assert response.status_code == 302
    assert response.headers["Location"] == "/classes/"


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("aaaaaaaaaa", 'too easy to guess (Repeats like "aaa" are easy to guess)'),
        ("password123", "too easy to guess (This is a very common password)"),
        ("1234567890", "too easy to guess"),
        ("teacher2024", "too easy to guess"),
        ("nine char", "at least 10 characters"),
    ],
)
def test_sign_up_refuses_weak_passwords(
    client: FlaskClient, app: Flask, password: str, message: str
) -> None:
    response = client.post(
        "/teacher/sign-up", data=GOOD | {"password": password, "confirm": password}
    )
    assert response.status_code == 400
    assert message in response.get_data(as_text=True).replace("&#34;", '"')
    with app.app_context():
        assert db.session.scalar(select(Teacher)) is None


def test_a_new_password_must_be_strong_too(teacher_client: FlaskClient) -> None:
    response = teacher_client.post(
        "/teacher/password",
        data={"current": PASSWORD, "password": "aaaaaaaaaa", "confirm": "aaaaaaaaaa"},
    )
    assert response.status_code == 400
    assert "too easy to guess" in response.get_data(as_text=True)


def test_the_demo_password_is_strong_enough() -> None:
    from classroom.auth.passwords import password_problem
    from classroom.cli import DEMO_EMAIL, DEMO_PASSWORD

    assert password_problem(DEMO_PASSWORD, hints=(DEMO_EMAIL, "Ms Demo")) is None


def test_guesses_from_elsewhere_do_not_lock_a_teacher_out_of_their_own_computer(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    """The per-account limit holds back guessing one teacher's password from many places; a
    browser the teacher has signed in on before (its known-device cookie) is exempt from it."""
    app = make_app(
        RATELIMIT_ENABLED=True, SIGN_IN_LIMIT="100 per minute", SIGN_IN_ACCOUNT_LIMIT="3 per minute"
    )
    own = app.test_client()
    right = {"email": teacher.email, "password": PASSWORD}
    assert own.post("/teacher/sign-in", data=right).status_code == 302
    own.post("/teacher/sign-out")
    guesser = app.test_client()
    wrong = {"email": teacher.email, "password": "a guess"}
    statuses = [guesser.post("/teacher/sign-in", data=wrong).status_code for _ in range(4)]
    assert statuses == [400, 400, 400, 429]
    # A new browser is held back, the right password too; the teacher's own computer is not.
    assert app.test_client().post("/teacher/sign-in", data=right).status_code == 429
    assert own.post("/teacher/sign-in", data=right).status_code == 302
    own.post("/teacher/sign-out")
    # Typed with other capitals and spaces, it is the same account.
    loose = {"email": f"  {teacher.email.upper()} ", "password": PASSWORD}
    assert own.post("/teacher/sign-in", data=loose).status_code == 302
    # The cookie names accounts by a keyed digest, never the email; a forged one counts for
    # nothing, nor does one for another account.
    cookie = own.get_cookie("known_teacher", path="/teacher")
    assert cookie is not None and teacher.email.split("@")[0] not in cookie.value
    forger = app.test_client()
    forger.set_cookie("known_teacher", cookie.value[:-4] + "AAAA", path="/teacher")
    assert forger.post("/teacher/sign-in", data=right).status_code == 429
    other = app.test_client()
    other.set_cookie("known_teacher", cookie.value, path="/teacher")
    stranger = {"email": "someone.else@school.example", "password": "a guess"}
    assert [other.post("/teacher/sign-in", data=stranger).status_code for _ in range(4)][-1] == 429


def limited_app(make_app: Callable[..., Flask], **limits: str) -> Flask:
    config = {
        "RATELIMIT_ENABLED": True,
        "SIGN_IN_LIMIT": "100 per minute",
        "SIGN_IN_ACCOUNT_LIMIT": "3 per minute",
        "SIGN_IN_DEVICE_LIMIT": "3 per minute",
    }
    return make_app(**(config | limits))


def lock_out_new_devices(app: Flask, teacher: MadeTeacher) -> None:
    """Someone elsewhere uses up the account's limit with guesses."""
    guesser = app.test_client()
    wrong = {"email": teacher.email, "password": "a guess"}
    assert [guesser.post("/teacher/sign-in", data=wrong).status_code for _ in range(4)][-1] == 429


def known_browser(app: Flask, teacher: MadeTeacher) -> FlaskClient:
    own = app.test_client()
    right = {"email": teacher.email, "password": PASSWORD}
    assert own.post("/teacher/sign-in", data=right).status_code == 302
    return own


@pytest.mark.parametrize("how", ["sign out everywhere", "password changed elsewhere"])
def test_sign_out_everywhere_and_a_new_password_revoke_the_device_cookie(
    make_app: Callable[..., Flask], teacher: MadeTeacher, how: str
) -> None:
    """The known_teacher cookie is tied to the account's login token: "sign out everywhere"
    and a new password (made on another browser) end its exemption from the account's limit."""
    app = limited_app(make_app)
    own = known_browser(app, teacher)
    if how == "sign out everywhere":
        own.post("/teacher/sign-out-everywhere")
    else:
        other = known_browser(app, teacher)
        changed = other.post(
            "/teacher/password",
            data={"current": PASSWORD, "password": "purple giraffes at noon",
                  "confirm": "purple giraffes at noon"},
        )  # fmt: skip
        assert changed.status_code == 302
        own.post("/teacher/sign-out")
    lock_out_new_devices(app, teacher)
    # The old cookie is a stranger's now: held back like any new browser.
    right = {"email": teacher.email, "password": PASSWORD}
    assert own.post("/teacher/sign-in", data=right).status_code == 429


def test_a_new_password_keeps_the_browser_it_was_set_on_known(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    app = limited_app(make_app)
    own = known_browser(app, teacher)
    new = "purple giraffes at noon"
    changed = own.post(
        "/teacher/password", data={"current": PASSWORD, "password": new, "confirm": new}
    )
    assert changed.status_code == 302
    own.post("/teacher/sign-out")
    lock_out_new_devices(app, teacher)
    assert (
        own.post("/teacher/sign-in", data={"email": teacher.email, "password": new}).status_code
        == 302
    )


def test_a_copied_device_cookie_has_only_its_own_few_tries(
    make_app: Callable[..., Flask], teacher: MadeTeacher
) -> None:
    """A cookie copied to another browser still passes the account's limit, but its own
    failures are counted (SIGN_IN_DEVICE_LIMIT, 3 here) wherever it is used: a copy is no
    way to guess on."""
    app = limited_app(make_app, SIGN_IN_ACCOUNT_LIMIT="100 per minute")
    own = known_browser(app, teacher)
    own.post("/teacher/sign-out")
    cookie = own.get_cookie("known_teacher", path="/teacher")
    assert cookie is not None
    copy = app.test_client()
    copy.set_cookie("known_teacher", cookie.value, path="/teacher")
    wrong = {"email": teacher.email, "password": "a guess"}
    statuses = [copy.post("/teacher/sign-in", data=wrong).status_code for _ in range(2)]
    statuses += [own.post("/teacher/sign-in", data=wrong).status_code for _ in range(2)]
    assert statuses == [400, 400, 400, 429]
    # A successful sign-in gives its try back, as always.
    right = {"email": teacher.email, "password": PASSWORD}
    assert app.test_client().post("/teacher/sign-in", data=right).status_code == 302


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_the_device_cookie_is_secure_with_the_session_cookie(
    app: Flask, teacher: MadeTeacher, scheme: str
) -> None:
    client = app.test_client()
    response = client.post(
        "/teacher/sign-in",
        data={"email": teacher.email, "password": PASSWORD},
        base_url=f"{scheme}://localhost",
    )
    assert response.status_code == 302
    cookies = {c.split("=", 1)[0]: c for c in response.headers.getlist("Set-Cookie")}
    session_secure = "Secure" in cookies["session"]
    assert session_secure == (scheme == "https")
    assert ("Secure" in cookies["known_teacher"]) == session_secure
