"""Factories for the web tests: make_teacher, make_class, make_child, make_group, and helpers
to sign a teacher or a child in on a test client."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

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


@pytest.fixture
def make_teacher(app: Flask) -> Callable[..., MadeTeacher]:
    def make(email: str | None = None, name: str = "Ms Lee") -> MadeTeacher:
        email = email or f"teacher{next(_numbers)}@school.example"
        with app.app_context():
            teacher = Teacher(email=email, name=name)
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
    """What the assignment form posts for the default assignment, with changes."""
    data: dict[str, object] = {
        "level": "ultra_peek",
        "power_cards": "y",
        "scoring": "cubes",
        "series_end": "rounds",
        "rounds": "1",
        "points_limit": "100",
        "limit_ending": "last_seat_left",
        "computer_players": ["beginner", "solid"],
        "reason": "",
    }
    data.update(changes)
    return data


def sign_in_teacher(client: FlaskClient, teacher: MadeTeacher) -> None:
    """Put the teacher's session cookie on the client (the sign-in form has its own tests)."""
    with client.session_transaction() as session:
        session.clear()
        session["_user_id"] = teacher.login_token
        session["_fresh"] = True


def sign_in_child(client: FlaskClient, child: MadeChild) -> None:
    with client.session_transaction() as session:
        session.clear()
        session["child_id"] = child.id


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
