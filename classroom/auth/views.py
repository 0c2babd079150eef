"""Views for teacher accounts."""

from __future__ import annotations

import re

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_login import current_user, login_required, login_user, logout_user
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash
from werkzeug.wrappers import Response

from classroom import demo_account
from classroom.access import end_teacher_sessions, start_teacher_session, teacher
from classroom.auth import devices, lockouts, sign_in_tries
from classroom.auth.forms import PasswordForm, SignInForm, SignUpForm
from classroom.auth.mailings import send_password_changed, sign_up_by_email
from classroom.emails import mail_configured
from classroom.extensions import db, limiter
from classroom.forms import render_form
from classroom.models import Teacher

bp = Blueprint("auth", __name__, url_prefix="/teacher")

# Checked when an email is unknown, so a wrong email takes as long as a wrong password.
_NO_SUCH_TEACHER = generate_password_hash("no such teacher")


def typed_email() -> str:
    """The account a sign-in try is for (known or not, so a limit says nothing of which exist)."""
    return (request.form.get("email") or "").strip().lower()


def sign_up_limit() -> str:
    return str(current_app.config["SIGN_UP_LIMIT"])


# A path of this site: one slash, then only the characters a URL path and query may hold as
# they are. No whitespace or control characters (browsers drop a tab or newline, so "/\t/evil"
# becomes "//evil", another site), no backslash (some browsers read it as a slash), no second
# slash at the start (a scheme-relative URL).
SITE_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*")


def safe_next(target: str | None) -> str:
    """Only ever go on to a page of this site; anything else goes to the teacher's home page."""
    if target and SITE_PATH.fullmatch(target):
        return target
    return url_for("classes.index")


@bp.route("/sign-up", methods=["GET", "POST"])
@limiter.limit(sign_up_limit, methods=["POST"])
def sign_up() -> Response | tuple[str, int] | str:
    """Make a teacher account."""
    form = SignUpForm()
    valid = form.validate_on_submit()  # once: its password check (zxcvbn) is not cheap
    if valid and mail_configured():
        return sign_up_by_email(form)
    if valid:
        exists = db.session.scalar(select(Teacher.id).where(Teacher.email == form.email.data))
        if exists is None:
            new = Teacher(email=form.email.data, name=form.name.data)
            new.set_password(form.password.data)
            db.session.add(new)
            try:
                db.session.commit()
            except IntegrityError:  # the same email signed up a moment ago
                db.session.rollback()
            else:
                start_teacher_session()
                login_user(new)
                flash(f"Welcome, {new.name}! Make your first class.", "success")
                response = redirect(url_for("classes.new"))
                return devices.remember(response, new.email, new.login_token)
        form.email.errors.append("There is already an account for this email: please sign in.")
    return render_form("auth/sign_up.html", form=form)


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> Response | tuple[str, int] | str:
    """Sign a teacher in; the message never says which emails have accounts. Each try is
    counted against the limits before its password is checked (sign_in_tries)."""
    if current_user.is_authenticated and request.method == "GET":
        return redirect(url_for("classes.index"))
    form = SignInForm()
    if request.method == "POST":
        email = typed_email()
        found = db.session.scalar(select(Teacher).where(Teacher.email == email))
        counted = sign_in_tries.count(email, found)
        if not counted.within:
            if counted.account_locked:  # not a flood held back by its address alone
                lockouts.failed(email, found, locked=True)
            abort(429)
        if form.validate_on_submit():
            if found is not None and found.check_password(form.password.data):
                sign_in_tries.signed_in(counted)
                start_teacher_session()
                lockouts.told_at_sign_in(found)  # committed with the new session's row
                login_user(found)
                response = redirect(safe_next(request.args.get("next")))
                return devices.remember(response, found.email, found.login_token)
            if found is None:
                check_password_hash(_NO_SUCH_TEACHER, form.password.data)
            lockouts.failed(email, found, locked=False)  # a row, whether the email is known
            form.password.errors.append("That email and password do not match an account.")
    return render_form("auth/sign_in.html", form=form, demo_hint=demo_account.hint_shown())


@bp.post("/sign-out")
def sign_out() -> Response:
    """Sign the teacher out of this device (its session row goes: a copied cookie is dead)."""
    if current_user.is_authenticated:
        logout_user()
    flash("You are signed out.", "success")
    return redirect(url_for("main.index"))


@bp.post("/sign-out-everywhere")
@login_required
def sign_out_everywhere() -> Response:
    """Sign the teacher out on every device, this one too (a lost phone, a shared computer)."""
    end_teacher_sessions(teacher())
    logout_user()
    flash("You are signed out on every computer and tablet.", "success")
    return redirect(url_for("main.index"))


@bp.route("/password", methods=["GET", "POST"])
@login_required
def password() -> Response | tuple[str, int] | str:
    """Change the teacher's password (this signs out every other device)."""
    form = PasswordForm()
    me = teacher()
    if form.validate_on_submit():
        if me.check_password(form.current.data):
            me.set_password(form.password.data)
            end_teacher_sessions(me)  # commits the password with the end of every session
            login_user(me)  # this device only: a new session with the new login token
            send_password_changed(me)
            flash("Your password is changed. Other devices are signed out.", "success")
            # Every browser the account was known on is forgotten (the login token is new),
            # but this one, where the teacher just proved the password.
            return devices.remember(redirect(url_for("classes.index")), me.email, me.login_token)
        form.current.errors.append("That is not your current password.")
    return render_form("auth/password.html", form=form)
