"""Who may see what. Teachers sign in with Flask-Login; a child's session holds only their
own id. Every lookup of a class, child or group goes through here, scoped to the signed-in
teacher's classes: anything else is a 404, as if it did not exist."""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple, TypeVar

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    g,
    redirect,
    request,
    session,
    url_for,
)
from flask_login import current_user, logout_user, user_logged_in, user_logged_out
from sqlalchemy import Select, bindparam, delete, or_, select, update
from sqlalchemy.orm import InstrumentedAttribute
from werkzeug.local import LocalProxy
from werkzeug.wrappers import Response

from classroom.emails import awaiting_confirmation
from classroom.extensions import db, login_manager
from classroom.models import Child, Classroom, ClassTeacher, Group, Teacher, TeacherSession
from classroom.security import LARGEST_ID

CHILD_SESSION_KEY = "child_id"
# The child's session_version when they signed in: a session of an older version has ended.
CHILD_VERSION_KEY = "child_version"
# The token of this device's row in teacher_sessions.
TEACHER_SESSION_KEY = "teacher_session"
# When the signed-in child last did something (seconds since the epoch), for the idle sign-out.
CHILD_ACTIVE_KEY = "child_active"
# The class code of a child just signed out for being away: whichever request of the tablet
# noticed it (a poll, or any page whose header asks who is signed in, even a 404), the
# tablet's next child page goes to that class's pictures with the "you were away" note, not
# to the plain join page.
AWAY_CLASS_KEY = "away_class"
# Requests a page makes by itself (the table's polls): they show the child is looking, not
# that the child did anything, so they do not keep a child signed in.
PASSIVE_ENDPOINTS = frozenset({"play.state", "play.events"})
# The idle stamp is written at most this often, so the session cookie is not re-sent on
# every move.
ACTIVE_STAMP_EVERY = 60

Row = TypeVar("Row", Classroom, Child, Group)


def init_app(app: Flask) -> None:
    login_manager.login_view = "auth.sign_in"
    login_manager.login_message = "Please sign in to see that page."
    login_manager.login_message_category = "warning"
    login_manager.session_protection = "basic"
    # Looked up only when a template uses it (the nav does; a board fragment, drawn after the
    # move's commit expired the child, does not and so needs no query).
    app.context_processor(lambda: {"signed_in_child": LocalProxy(nav_child)})
    # Every login_user and logout_user, wherever it is called, starts or ends a device's row.
    user_logged_in.connect(_teacher_signed_in)
    user_logged_out.connect(_teacher_signed_out)


def _oldest_session_start() -> datetime:
    days = float(current_app.config["TEACHER_SESSION_DAYS"])
    return datetime.now(UTC) - timedelta(days=days)


@login_manager.user_loader
def load_teacher(login_token: str) -> Teacher | None:
    """The teacher of this session: their login token (new with each password) and this
    device's session row (gone once it signed out) must both still be there."""
    token = session.get(TEACHER_SESSION_KEY)
    if not isinstance(token, str):
        return None
    return db.session.scalar(
        select(Teacher)
        .join(TeacherSession, TeacherSession.teacher_id == Teacher.id)
        .where(
            Teacher.login_token == login_token,
            TeacherSession.token == token,
            TeacherSession.started_at > _oldest_session_start(),
        )
    )


def new_teacher_session(teacher_id: int) -> str:
    """Record a newly signed-in device of the teacher (and forget their expired ones); its token."""
    db.session.execute(
        delete(TeacherSession).where(
            TeacherSession.teacher_id == teacher_id,
            TeacherSession.started_at <= _oldest_session_start(),
        )
    )
    token = secrets.token_urlsafe(32)
    db.session.add(TeacherSession(teacher_id=teacher_id, token=token))
    db.session.commit()
    return token


def _teacher_signed_in(sender: Flask, user: Teacher, **extra: Any) -> None:
    session[TEACHER_SESSION_KEY] = new_teacher_session(user.id)


def _teacher_signed_out(sender: Flask, user: Any, **extra: Any) -> None:
    token = session.pop(TEACHER_SESSION_KEY, None)
    if isinstance(token, str):
        db.session.execute(delete(TeacherSession).where(TeacherSession.token == token))
        db.session.commit()


def end_teacher_sessions(someone: Teacher) -> None:
    """End every session of the teacher, on every device (a new login token and no rows)."""
    someone.login_token = secrets.token_urlsafe(32)
    db.session.execute(delete(TeacherSession).where(TeacherSession.teacher_id == someone.id))
    db.session.commit()


def require_teacher() -> Response | None:
    """before_request for every teacher blueprint: no signed-in teacher, no page."""
    if not current_user.is_authenticated:
        return login_manager.unauthorized()  # type: ignore[no-any-return]
    if awaiting_confirmation(current_user):
        # Where mail is configured, an address nobody has proven sees no children's data.
        return redirect(url_for("auth.check_email"))
    return None


def teacher_blueprint(name: str, import_name: str, **options: str) -> Blueprint:
    """A blueprint whose every route needs a signed-in teacher."""
    bp = Blueprint(name, import_name, **options)  # type: ignore[arg-type]
    bp.before_request(require_teacher)
    return bp


def teacher() -> Teacher:
    return current_user._get_current_object()  # type: ignore[no-any-return]


def _my_class_ids() -> Select[int]:
    return select(ClassTeacher.class_id).where(ClassTeacher.teacher_id == current_user.id)


def _in_my_classes(model: type[Row], ident: int, class_id: InstrumentedAttribute[int]) -> Row:
    """The row with this id if it belongs to one of the teacher's classes; else a 404."""
    if not 0 < ident <= LARGEST_ID:  # from a query string (a route's ids are bounded already)
        abort(404)
    row = db.session.scalar(select(model).where(model.id == ident, class_id.in_(_my_class_ids())))
    if row is None:
        abort(404)
    return row  # type: ignore[no-any-return]


def class_or_404(class_id: int) -> Classroom:
    return _in_my_classes(Classroom, class_id, Classroom.id)


def child_or_404(child_id: int) -> Child:
    return _in_my_classes(Child, child_id, Child.class_id)


def group_or_404(group_id: int) -> Group:
    return _in_my_classes(Group, group_id, Group.class_id)


def require_owner(classroom: Classroom) -> None:
    if classroom.role_of(teacher()) != "owner":
        abort(403, "Only the teacher who owns this class can do that.")


def sign_in_child(child: Child) -> None:
    """Start a child's session: nothing of a teacher's session survives it."""
    logout_user()
    session.clear()
    session[CHILD_SESSION_KEY] = child.id
    session[CHILD_VERSION_KEY] = child.session_version
    session[CHILD_ACTIVE_KEY] = int(time.time())


def sign_out_child() -> None:
    """Take the child's session off this device (the tablet is free for the next child)."""
    session.pop(CHILD_SESSION_KEY, None)
    session.pop(CHILD_VERSION_KEY, None)
    session.pop(CHILD_ACTIVE_KEY, None)
    session.pop(AWAY_CLASS_KEY, None)


def end_child_sessions(child_id: int) -> None:
    """End every session of the child, on every device (committed by the caller)."""
    db.session.execute(
        update(Child)
        .where(Child.id == child_id)
        .values(session_version=Child.session_version + 1)
        .execution_options(synchronize_session="fetch")
    )


def child_idle_too_long() -> bool:
    """Has the signed-in child done nothing for longer than CHILD_IDLE_MINUTES?"""
    minutes = float(current_app.config.get("CHILD_IDLE_MINUTES") or 0)
    stamp = session.get(CHILD_ACTIVE_KEY)
    # A session from before the stamp existed counts from now (note_child_active stamps it).
    if minutes <= 0 or not isinstance(stamp, int):
        return False
    return time.time() - stamp > minutes * 60


def note_child_active() -> None:
    """The child did something: restart the idle clock (at most once a minute)."""
    stamp = session.get(CHILD_ACTIVE_KEY)
    now = int(time.time())
    if not isinstance(stamp, int) or now - stamp >= ACTIVE_STAMP_EVERY:
        session[CHILD_ACTIVE_KEY] = now


def start_teacher_session() -> None:
    """Called before login_user: drop whatever the session held (a child's sign-in too)."""
    session.clear()


class SignedIn(NamedTuple):
    """The signed-in child's ids, and how the page's top bar shows them: what a table's
    requests need (the row itself, me(), is read only by a view that asks for it)."""

    child_id: int
    class_id: int
    display_name: str
    colour: str
    picture: str
    read_aloud: bool  # the child's setting: their pages read themselves aloud
    language: str  # the child's setting: the language of their pages (child/language.py)


def signed_in() -> SignedIn | None:
    """The signed-in child's ids, by current_child's rules (a child not archived, a session
    of their current version, not idle too long), in one small query and no ORM object: a
    move and each table's event stream ask it."""
    child_id = session.get(CHILD_SESSION_KEY)
    if not isinstance(child_id, int):
        return None
    kept = g.get("signed_in")
    if kept is not None and kept.child_id == child_id:
        return kept  # type: ignore[no-any-return]
    row = db.session.execute(_SIGNED_IN, {"child_id": child_id}).first()
    if row is None or row.archived_at is not None:
        return None
    if session.get(CHILD_VERSION_KEY) != row.session_version:
        return None  # signed out, or archived, since: a copy of the cookie opens nothing
    if child_idle_too_long():
        current_child()  # signs the child out, noting their class's pictures to go back to
        return None
    g.signed_in = SignedIn(
        child_id,
        row.class_id,
        row.display_name,
        row.colour,
        row.picture,
        row.read_aloud,
        row.language,
    )
    return g.signed_in  # type: ignore[no-any-return]


_CHILDREN = Child.__table__
_SIGNED_IN = select(
    _CHILDREN.c.class_id,
    _CHILDREN.c.archived_at,
    _CHILDREN.c.session_version,
    _CHILDREN.c.display_name,
    _CHILDREN.c.colour,
    _CHILDREN.c.picture,
    _CHILDREN.c.read_aloud,
    _CHILDREN.c.language,
).where(_CHILDREN.c.id == bindparam("child_id"))


def child_session_alive(child_id: int, version: object) -> bool:
    """Is the child's session of `version` still on (not signed out, archived or deleted)?
    Asked afresh, not from this request's first answer: an event stream outlives a request's
    usual length, and must end with the session. The connection is given back at once."""
    try:
        row = db.session.execute(_SIGNED_IN, {"child_id": child_id}).first()
    finally:
        db.session.close()
    return row is not None and row.archived_at is None and row.session_version == version


def nav_child() -> SignedIn | Child | None:
    """The child the top bar shows (name, colour, picture): from the sign-in check this
    request has made (require_child), with no second query for the row; else current_child."""
    kept = g.get("signed_in")
    if kept is not None and kept.child_id == session.get(CHILD_SESSION_KEY):
        return kept  # type: ignore[no-any-return]
    return current_child()


def my_ids() -> SignedIn:
    """The signed-in child's ids, in a view behind require_child."""
    ids = signed_in()
    assert ids is not None  # require_child ran first
    return ids


def require_child() -> Response | None:
    """before_request for every child blueprint: no signed-in child, back to the pictures."""
    if signed_in() is None:
        idle_class_code = g.pop("idle_class_code", None) or session.get(AWAY_CLASS_KEY)
        if isinstance(idle_class_code, str):
            # Signed out for being away: straight to the class's pictures, to tap back in. The
            # note rides in the address, not a flash: a poll's fetch follows this redirect
            # before table.js takes the tablet there, and would use a flash up.
            return redirect(url_for("signin.class_page", code=idle_class_code, away=1))
        ended_class_code = class_code_of_ended_session()
        if ended_class_code is not None:
            # Archived, or signed out on another tablet: a child who cannot read, or the next
            # child on this shared tablet, taps a picture rather than typing a code.
            return redirect(url_for("signin.class_page", code=ended_class_code))
        return redirect(url_for("signin.join"))
    if request.endpoint not in PASSIVE_ENDPOINTS:
        note_child_active()
    return None


def class_code_of_ended_session() -> str | None:
    """The class code of the child whose session on this device has ended, or None."""
    # Only on the signed-out path (a second query): the session still holds the id of a child
    # archived or signed out since, and the tablet is their class's. A child deleted since
    # (their class with them, or alone) leaves no class to go back to: the join page.
    # The row must show that this session ended (archived, or its version moved on): SQLite
    # may give a deleted child's id to a new child, whose class this tablet never was.
    child_id, version = session.get(CHILD_SESSION_KEY), session.get(CHILD_VERSION_KEY)
    if not isinstance(child_id, int) or not isinstance(version, int):
        return None
    return db.session.scalar(
        select(Classroom.join_code)
        .join(Child, Child.class_id == Classroom.id)
        .where(
            Child.id == child_id,
            or_(Child.archived_at.is_not(None), Child.session_version > version),
        )
    )


def me() -> Child:
    """The signed-in child, in a view behind require_child."""
    child = current_child()
    assert child is not None  # require_child ran first
    return child


def current_child() -> Child | None:
    """The signed-in child, or None (no child signed in, or their record was archived)."""
    child_id = session.get(CHILD_SESSION_KEY)
    if not isinstance(child_id, int):
        return None
    # A view asks two or three times: the first answer is kept for the request (keyed by the
    # id, so a sign-in or sign-out within the request is seen).
    kept = g.get("current_child")
    if kept is not None and kept[0] == child_id:
        child = kept[1]
    else:
        child = db.session.get(Child, child_id)
        g.current_child = (child_id, child)
    if child is None or child.archived_at is not None:
        return None
    if session.get(CHILD_VERSION_KEY) != child.session_version:
        return None  # signed out, or archived, since: a copy of the cookie opens nothing
    if child_idle_too_long():
        g.idle_class_code = child.classroom.join_code
        sign_out_child()
        session[AWAY_CLASS_KEY] = g.idle_class_code  # a sign-in (session.clear) forgets it
        return None
    return child
