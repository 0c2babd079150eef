"""Who may read a class: its own teachers (owner, co-teachers), and the coaches of its school,
who may only read. A coach's account writes nothing: every request that could change
something is refused before its view runs (`refuse_coach_writes`)."""

from __future__ import annotations

from flask import Flask, abort, request
from flask_login import current_user
from sqlalchemy import exists, or_, select

from classroom.extensions import db
from classroom.models import Child, Classroom, ClassTeacher, School, SchoolCoach
from classroom.security import LARGEST_ID

# What a coach's account may still send: signing out, and their own password.
OWN_ACCOUNT = frozenset(
    {"auth.sign_in", "auth.sign_out", "auth.sign_out_everywhere", "auth.password"}
)
# Pages a coach has no use for, since what they lead to is refused: a new class, a code.
WRITE_FORMS = frozenset({"classes.new", "classes.join"})
READ_ONLY = "A coach's account reads the school's classes and changes nothing."


def init_app(app: Flask) -> None:
    """Refuse every write of a coach's account, on every route, before its view runs."""
    app.before_request(refuse_coach_writes)


def is_coach(teacher_id: int) -> bool:
    """True when the account coaches a school."""
    return bool(db.session.scalar(select(exists().where(SchoolCoach.teacher_id == teacher_id))))


def refuse_coach_writes() -> None:
    """before_request: a coach's POST (or a class form) is a 403, whatever the route."""
    writes = request.method not in ("GET", "HEAD", "OPTIONS")
    if not writes and request.endpoint not in WRITE_FORMS:
        return
    if request.endpoint in OWN_ACCOUNT or not current_user.is_authenticated:
        return
    if is_coach(current_user.id):
        abort(403, READ_ONLY)


def coached_schools(teacher_id: int) -> list[School]:
    """The schools the account coaches, by name."""
    return list(
        db.session.scalars(
            select(School)
            .join(SchoolCoach, SchoolCoach.school_id == School.id)
            .where(SchoolCoach.teacher_id == teacher_id)
            .order_by(School.name)
        )
    )


def _readable(class_id_column: object) -> object:
    """The classes the signed-in account may read: its own, and those of schools it coaches."""
    mine = select(ClassTeacher.class_id).where(ClassTeacher.teacher_id == current_user.id)
    coached = (
        select(Classroom.id)
        .join(SchoolCoach, SchoolCoach.school_id == Classroom.school_id)
        .where(SchoolCoach.teacher_id == current_user.id)
    )
    return or_(class_id_column.in_(mine), class_id_column.in_(coached))  # type: ignore[attr-defined]


def readable_class_or_404(class_id: int) -> Classroom:
    """A class the signed-in teacher teaches or coaches; else a 404, as if it did not exist."""
    if not 0 < class_id <= LARGEST_ID:
        abort(404)
    found = db.session.scalar(
        select(Classroom).where(Classroom.id == class_id, _readable(Classroom.id))
    )
    if found is None:
        abort(404)
    return found  # type: ignore[no-any-return]


def readable_child_or_404(child_id: int) -> Child:
    """A child of a class the signed-in teacher teaches or coaches; else a 404."""
    if not 0 < child_id <= LARGEST_ID:
        abort(404)
    found = db.session.scalar(select(Child).where(Child.id == child_id, _readable(Child.class_id)))
    if found is None:
        abort(404)
    return found  # type: ignore[no-any-return]


def coached_school_or_404(school_id: int) -> School:
    """A school the signed-in account coaches; else a 404, as if it did not exist (a teacher
    reads their own classes, not the school's others)."""
    if not 0 < school_id <= LARGEST_ID:
        abort(404)
    found = db.session.scalar(
        select(School)
        .join(SchoolCoach, SchoolCoach.school_id == School.id)
        .where(School.id == school_id, SchoolCoach.teacher_id == current_user.id)
    )
    if found is None:
        abort(404)
    return found  # type: ignore[no-any-return]


def reads_only(classroom: Classroom) -> bool:
    """True when the signed-in account reads this class without teaching it (a coach)."""
    return classroom.role_of(current_user) is None
