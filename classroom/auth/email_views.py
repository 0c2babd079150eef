"""Teacher account pages that work through email: signing up where mail is configured,
confirming an address, and a forgotten password (docs/security.md, "Email")."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, flash, redirect, render_template, url_for
from flask_login import current_user, login_user
from sqlalchemy import select

from classroom.access import end_teacher_sessions, start_teacher_session
from classroom.auth import devices, tokens
from classroom.auth.forms import ForgotForm, ResetForm
from classroom.auth.mailings import send_confirmation, send_password_changed, send_password_reset
from classroom.auth.views import bp, sign_up_limit
from classroom.emails import mail_configured
from classroom.extensions import db, limiter
from classroom.forms import ConfirmForm, FormPage, render_form
from classroom.models import Teacher


@bp.route("/check-email", methods=["GET", "POST"])
@limiter.limit(sign_up_limit, methods=["POST"])
def check_email() -> FormPage:
    """Where an account waits for its address to be confirmed (and can have the link again)."""
    me = current_user if current_user.is_authenticated else None
    if me is not None and (me.email_confirmed_at is not None or not mail_configured()):
        return redirect(url_for("classes.index"))
    form = ConfirmForm()
    if me is not None and form.validate_on_submit():
        if send_confirmation(me):
            flash(f"We sent the link again to {me.email}.", "success")
        else:
            flash("We could not send the email just now. Please try again later.", "warning")
        return redirect(url_for("auth.check_email"))
    return render_template("auth/check_email.html", me=me, form=form)


@bp.get("/confirm/<token>")
def confirm_email(token: str) -> FormPage:
    """The link mailed at sign-up: it proves the address, and the account can see its classes."""
    days = float(current_app.config["CONFIRM_EMAIL_DAYS"])
    payload = tokens.read(tokens.CONFIRM, token, days * 86400)
    found = None
    if payload is not None and isinstance(payload.get("t"), int):
        found = db.session.get(Teacher, payload["t"])
    if found is None or payload is None or found.email != payload.get("e"):
        return link_expired("confirm")
    if found.email_confirmed_at is None:
        found.email_confirmed_at = datetime.now(UTC)
        db.session.commit()
    flash("Your email address is confirmed.", "success")
    if current_user.is_authenticated and current_user.id == found.id:
        return redirect(url_for("classes.index"))
    return redirect(url_for("auth.sign_in"))


@bp.route("/forgot-password", methods=["GET", "POST"])
@limiter.limit(sign_up_limit, methods=["POST"])
def forgot_password() -> FormPage:
    """Ask for a link that sets a new password (or, without mail, learn who can set one)."""
    form = ForgotForm()
    if mail_configured() and form.validate_on_submit():
        found = db.session.scalar(select(Teacher).where(Teacher.email == form.email.data))
        if found is not None:
            send_password_reset(found)
        minutes = current_app.config["PASSWORD_RESET_MINUTES"]
        flash(
            f"If {form.email.data} has an account here, we have sent it a link to set a new "
            f"password. The link works once, for {minutes} minutes.",
            "success",
        )
        return redirect(url_for("auth.sign_in"))
    return render_form("auth/forgot_password.html", form=form, mail=mail_configured())


def teacher_of_reset_link(token: str) -> Teacher | None:
    """The account a reset link is for, while the link is young and its password unchanged."""
    minutes = float(current_app.config["PASSWORD_RESET_MINUTES"])
    payload = tokens.read(tokens.RESET, token, minutes * 60)
    if payload is None or not isinstance(payload.get("t"), int):
        return None
    found = db.session.get(Teacher, payload["t"])
    if found is None or tokens.password_fingerprint(found.password_hash) != payload.get("p"):
        return None
    return found


@bp.route("/reset-password/<token>", methods=["GET", "POST"])
@limiter.limit(sign_up_limit, methods=["POST"])
def reset_password(token: str) -> FormPage:
    """Set a new password from the link mailed by "Forgot your password?"."""
    found = teacher_of_reset_link(token)
    if found is None:
        return link_expired("reset")
    form = ResetForm()
    form.hints = (found.email, found.name)
    if form.validate_on_submit():
        found.set_password(form.password.data)
        if found.email_confirmed_at is None:  # the link came to this address
            found.email_confirmed_at = datetime.now(UTC)
        end_teacher_sessions(found)  # commits, and every other session of the account ends
        send_password_changed(found)
        start_teacher_session()
        login_user(found)
        flash("Your new password is set, and you are signed in.", "success")
        response = redirect(url_for("classes.index"))
        return devices.remember(response, found.email, found.login_token)
    return render_form("auth/reset_password.html", form=form, teacher=found)


def link_expired(kind: str) -> tuple[str, int]:
    """A mailed link that is used up, too old, or not ours: say what to do instead."""
    return render_template("auth/link_expired.html", kind=kind), 400
