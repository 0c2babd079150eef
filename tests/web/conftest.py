"""Factories for the web tests: make_teacher, make_class, make_child, make_group, and helpers
to sign a teacher or a child in on a test client."""

from __future__ import annotations

import email
import email.policy
import itertools
import random
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.access import (
    CHILD_SESSION_KEY,
    CHILD_VERSION_KEY,
    TEACHER_SESSION_KEY,
    new_teacher_session,
)
from classroom.assign.mixed import shown_text
from classroom.assignments import DEFAULT_ASSIGNMENT
from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, Group, Teacher
from classroom.pictures import new_join_code
from classroom.roster import enrol

PASSWORD = "correct horse battery"
_numbers = itertools.count(1)


@dataclass
class MadeTeacher:
    id: int
    email: str
    name: str
    login_token: str
    password: str = PASSWORD


@dataclass
class MadeClass:
    id: int
    join_code: str
    name: str
    secret_length: int
    owner_id: int


@dataclass
class MadeChild:
    id: int
    class_id: int
    display_name: str
    secret: list[str] = field(default_factory=list)


@dataclass
class MadeGroup:
    id: int
    class_id: int
    name: str


@pytest.fixture(autouse=True)
def deals_of_this_test(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables a test opens are dealt from seeds drawn from the test's own name: a deal that
    fails a test fails it on every run, not now and then (the app's deals are unpredictable)."""
    from classroom.tables import seating

    seeds = random.Random(request.node.nodeid)
    monkeypatch.setattr(seating, "deal_seed", lambda: seeds.getrandbits(48))


@pytest.fixture
def make_teacher(app: Flask) -> Callable[..., MadeTeacher]:
    def make(
        email: str | None = None, name: str = "Ms Lee", *, confirmed: bool = True
    ) -> MadeTeacher:
        """A teacher; `confirmed` as an account whose address was proven (or made before
        addresses were confirmed): unconfirmed ones see nothing where mail is configured."""
        email = email or f"teacher{next(_numbers)}@school.example"
        with app.app_context():
            teacher = Teacher(email=email, name=name)
            if confirmed:
                teacher.email_confirmed_at = datetime.now(UTC)
            teacher.set_password(PASSWORD)
            db.session.add(teacher)
            db.session.commit()
            return MadeTeacher(teacher.id, email, name, teacher.login_token)

    return make


@pytest.fixture
def make_class(app: Flask) -> Callable[..., MadeClass]:
    def make(
        teacher: MadeTeacher, name: str = "Room 4", secret_length: int = 2, grade: str = "Grade 1"
    ) -> MadeClass:
        with app.app_context():
            classroom = Classroom(
                name=name, grade=grade, secret_length=secret_length, join_code=new_join_code()
            )
            classroom.memberships.append(ClassTeacher(teacher_id=teacher.id, role="owner"))
            db.session.add(classroom)
            db.session.commit()
            return MadeClass(classroom.id, classroom.join_code, name, secret_length, teacher.id)

    return make


@pytest.fixture
def make_child(app: Flask) -> Callable[..., MadeChild]:
    def make(classroom: MadeClass, name: str = "Mia K.") -> MadeChild:
        with app.app_context():
            room = db.session.get(Classroom, classroom.id)
            teacher = db.session.get(Teacher, classroom.owner_id)
            assert room is not None
            assert teacher is not None
            child = enrol(room, name, teacher)
            assert child is not None
            db.session.commit()
            return MadeChild(child.id, room.id, name, child.secret_pictures)

    return make


@pytest.fixture
def make_group(app: Flask) -> Callable[..., MadeGroup]:
    def make(classroom: MadeClass, name: str, members: list[MadeChild]) -> MadeGroup:
        with app.app_context():
            children = [db.session.get(Child, m.id) for m in members]
            group = Group(class_id=classroom.id, name=name, members=children)
            db.session.add(group)
            db.session.commit()
            return MadeGroup(group.id, classroom.id, name)

    return make


def assignment_form(**changes: object) -> dict[str, object]:
    """What the assignment form posts when it showed the default assignment, with changes
    (only the settings that differ from what it showed are changed, classroom/assign/mixed.py)."""
    data: dict[str, object] = {
        "shown": shown_text(DEFAULT_ASSIGNMENT),
        "level": "ultra_peek",
        "power_cards": "y",
        "scoring": "cubes",
        "series_end": "rounds",
        "rounds": "1",
        "points_limit": "100",
        "limit_ending": "last_seat_left",
        "computer_players": ["beginner", "solid"],
        "think_aloud": "level",
        "read_aloud": "y",
        "reason": "",
    }
    data.update(changes)
    return data


def teacher_session(app: Flask, teacher: MadeTeacher) -> dict[str, Any]:
    """What a teacher's session cookie holds once they signed in on a new device (its row in
    teacher_sessions is made here): for a test client, or signed into a browser's cookie."""
    with app.app_context():
        token = new_teacher_session(teacher.id)
        login_token = db.session.get(Teacher, teacher.id).login_token
    return {"_user_id": login_token, "_fresh": True, TEACHER_SESSION_KEY: token}


def sign_in_teacher(client: FlaskClient, teacher: MadeTeacher) -> None:
    """Put the teacher's session cookie on the client (the sign-in form has its own tests)."""
    values = teacher_session(client.application, teacher)
    with client.session_transaction() as session:
        session.clear()
        session.update(values)


def child_session(app: Flask, child: MadeChild) -> dict[str, Any]:
    """What a child's session cookie holds once they signed in with their pictures."""
    with app.app_context():
        version = db.session.get(Child, child.id).session_version
    return {CHILD_SESSION_KEY: child.id, CHILD_VERSION_KEY: version}


def sign_in_child(client: FlaskClient, child: MadeChild) -> None:
    """Put the child's session cookie on the client (the pictures sign-in has its own tests)."""
    values = child_session(client.application, child)
    with client.session_transaction() as session:
        session.clear()
        session.update(values)


@pytest.fixture
def pg_app(make_app: Callable[..., Flask], database_url: str) -> Flask:
    """An app of its own on PostgreSQL, whose pool nothing else uses (the session's shared app
    may still have a stream or a watcher of an earlier test reading through its pool): a test
    of what the server and psycopg do with a connection; skipped on SQLite."""
    if not database_url.startswith("postgresql"):
        pytest.skip("a PostgreSQL connection's own behaviour: PostgreSQL only")
    app = make_app(POOL_OF_ITS_OWN=True)  # any setting makes an app apart from the shared one
    with app.app_context():
        db.engine.dispose()
    return app


def fetch(app: Flask, model: type[Any], ident: int) -> Any:
    """Read a row as it is now in the database (None if gone)."""
    with app.app_context():
        row = db.session.get(model, ident)
        if row is not None:
            db.session.expunge(row)
        return row


@pytest.fixture
def teacher(make_teacher: Callable[..., MadeTeacher]) -> MadeTeacher:
    return make_teacher(email="lee@school.example", name="Ms Lee")


@pytest.fixture
def classroom(make_class: Callable[..., MadeClass], teacher: MadeTeacher) -> MadeClass:
    return make_class(teacher)


@pytest.fixture
def child(make_child: Callable[..., MadeChild], classroom: MadeClass) -> MadeChild:
    return make_child(classroom)


@pytest.fixture
def teacher_client(client: FlaskClient, teacher: MadeTeacher) -> FlaskClient:
    sign_in_teacher(client, teacher)
    return client


class Inbox:
    """What a real SMTP server on localhost (aiosmtpd) received, as an aiosmtpd handler."""

    def __init__(self) -> None:
        self.port = 0
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        """Every message sent to this address, oldest first."""
        return [m for m in self.messages if address in str(m["To"])]

    def wait_for(self, address: str, count: int, timeout: float = 10) -> list[EmailMessage]:
        """The messages to this address once there are `count` of them (some are sent from a
        thread of their own, after the page answered)."""
        deadline = time.monotonic() + timeout
        while len(self.to(address)) < count:
            assert time.monotonic() < deadline, f"{count} emails to {address} never came"
            time.sleep(0.02)
        return self.to(address)

    def last_to(self, address: str) -> EmailMessage:
        received = self.to(address)
        assert received, f"no email to {address}"
        return received[-1]

    @staticmethod
    def text(message: EmailMessage) -> str:
        body = message.get_body(preferencelist=("plain",))
        assert body is not None
        return str(body.get_content())

    @classmethod
    def link(cls, message: EmailMessage, path_start: str) -> str:
        """The path of the message's one link that starts with this path (after the host)."""
        paths = [
            word.split("://", 1)[1].split("/", 1)[1]
            for word in cls.text(message).split()
            if "://" in word
        ]
        found = ["/" + p for p in paths if ("/" + p).startswith(path_start)]
        assert len(found) == 1, f"links to {path_start} in: {cls.text(message)}"
        return found[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def smtp_server() -> Iterator[Inbox]:
    """A real SMTP server on localhost for the test; its Inbox holds what it received."""
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    inbox.port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def mail_app(make_app: Callable[..., Flask], smtp_server: Inbox) -> Flask:
    """The app with mail configured: it sends to the test's SMTP server."""
    return make_app(  # type: ignore[no-any-return]
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=smtp_server.port,
        MAIL_USE_TLS=False,
        MAIL_DEFAULT_SENDER="Rat-a-Tat-Cat Classroom <noreply@school.example>",
        PUBLIC_URL="https://classroom.school.example",
    )
