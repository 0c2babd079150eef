"""Views of child sign-in. Open to anyone who has the class code; nothing here reveals more
than the children's display names and pictures, which the class page exists to show."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from sqlalchemy import select
from wtforms import HiddenField, RadioField, StringField
from wtforms.validators import InputRequired, Length

from classroom.access import AWAY_CLASS_KEY, sign_in_child
from classroom.children import locks
from classroom.extensions import db
from classroom.forms import ConfirmForm, FormPage, choices, render_form
from classroom.models import Child, Classroom
from classroom.pictures import (
    AVATAR_PICTURES,
    SECRET_PICTURES,
    could_be_join_code,
    typed_join_code,
)
from classroom.signin import wrong_codes

bp = Blueprint("signin", __name__, url_prefix="/join")


class JoinForm(FlaskForm):
    code = StringField(
        lazy_gettext("Class code"),
        validators=[
            InputRequired(lazy_gettext("Type the class code.")),
            Length(max=12, message=lazy_gettext("A class code has 12 letters at most.")),
        ],
    )


class SecretForm(FlaskForm):
    picked = HiddenField()
    pick = RadioField(choices=choices((p, AVATAR_PICTURES[p]) for p in SECRET_PICTURES))


def class_or_404(code: str) -> Classroom:
    """The class with this code; a wrong code counts against the address (wrong_codes)."""
    typed = typed_join_code(code)
    classroom = None
    if could_be_join_code(typed):  # garbage is a wrong code without asking the database
        classroom = db.session.scalar(select(Classroom).where(Classroom.join_code == typed))
    if classroom is None:
        wrong_codes.wrong_code()
    assert classroom is not None  # wrong_code() aborted
    wrong_codes.let_in(classroom.join_code)
    return classroom


def child_of(classroom: Classroom, child_id: int) -> Child:
    child = db.session.get(Child, child_id)
    if child is None or child.class_id != classroom.id or child.archived_at is not None:
        abort(404)
    return child


def locked(child: Child) -> bool:
    return child.failed_tries >= int(current_app.config["CHILD_MAX_TRIES"])


@bp.route("", methods=["GET", "POST"])
def join() -> FormPage:
    """Where a child types their class code (or arrives from the QR code)."""
    form = JoinForm()
    if form.validate_on_submit():
        code = typed_join_code(form.code.data)
        if db.session.scalar(select(Classroom.id).where(Classroom.join_code == code)):
            wrong_codes.let_in(code)  # the same 429 as a wrong code, from a new browser
            return redirect(url_for("signin.class_page", code=code))
        wrong_codes.count_wrong_code()  # a 429 once over the limit
        form.code.errors.append(gettext("We could not find that class code. Ask your teacher."))
    return render_form("signin/join.html", form=form)


@bp.get("/<code>")
def class_page(code: str) -> str:
    """The class's pictures: each child finds and taps their own."""
    classroom = class_or_404(code)
    session.pop(AWAY_CLASS_KEY, None)  # the tablet is where the away note sent it
    return render_template(
        "signin/class_page.html",
        classroom=classroom,
        children=classroom.active_children,
        locked={c.id for c in classroom.active_children if locked(c)},
        confirm=ConfirmForm(),
        signed_out_for_being_away=request.args.get("away") == "1",
    )


@bp.route("/<code>/<int:child_id>", methods=["GET", "POST"])
def secret(code: str, child_id: int) -> FormPage:
    """The child taps their secret pictures in order (or just says "that's me")."""
    classroom = class_or_404(code)
    child = child_of(classroom, child_id)
    if locked(child):
        status = 403 if request.method == "POST" else 200
        return render_template("signin/locked.html", classroom=classroom, child=child), status
    needed = classroom.secret_length
    if needed == 0:
        form = ConfirmForm()
        if form.validate_on_submit():
            sign_in_child(child)
            wrong_codes.remember(classroom.join_code)  # the tablet stays this class's
            return redirect(url_for("child.home"))
        return render_template("signin/its_me.html", classroom=classroom, child=child, form=form)

    form = SecretForm()
    picks: list[str] = []
    message = None
    status = 200
    if request.method == "POST":
        picks = [p for p in (form.picked.data or "").split(",") if p]
        if (
            not form.validate()
            or form.pick.data is None
            or any(p not in SECRET_PICTURES for p in picks)
            or len(picks) >= needed
        ):
            abort(400)
        picks.append(form.pick.data)
        if len(picks) == needed:
            if picks == child.secret_pictures:
                child.failed_tries = 0
                db.session.commit()
                sign_in_child(child)
                wrong_codes.remember(classroom.join_code)
                return redirect(url_for("child.home"))
            locks.count_wrong_try(child.id, int(current_app.config["CHILD_MAX_TRIES"]))
            db.session.commit()
            if locked(child):
                return render_template("signin/locked.html", classroom=classroom, child=child), 403
            picks = []
            message = gettext("Oops! Those were not your secret pictures. Let's try again.")
    form.picked.data = ",".join(picks)
    return render_template(
        "signin/secret.html",
        classroom=classroom,
        child=child,
        form=form,
        picks=picks,
        needed=needed,
        choices=SECRET_PICTURES,
        labels=AVATAR_PICTURES,
        message=message,
    ), status
