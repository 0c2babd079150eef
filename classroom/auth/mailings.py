"""The emails of a teacher's account, and sign-up where mail is configured."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, flash, redirect, url_for
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response

from classroom.auth import tokens
from classroom.auth.forms import SignUpForm
from classroom.emails import link, send
from classroom.extensions import db
from classroom.models import Teacher
from classroom.zones import DEFAULT_ZONE, is_zone, local


def send_confirmation(teacher: Teacher, *, wait: bool = True) -> bool:
    """Mail the link that confirms the teacher's address (`wait`: see emails.send)."""
    token = tokens.make(tokens.CONFIRM, {"t": teacher.id, "e": teacher.email})
    return send(
        teacher.email,
        "Confirm your email for Rat-a-Tat-Cat Classroom",
        "confirm_email",
        wait=wait,
        teacher=teacher,
        url=link("auth.confirm_email", token=token),
        days=current_app.config["CONFIRM_EMAIL_DAYS"],
    )


def send_password_reset(teacher: Teacher) -> bool:
    """Mail a link that sets a new password, once, within PASSWORD_RESET_MINUTES."""
    fingerprint = tokens.password_fingerprint(teacher.password_hash)
    token = tokens.make(tokens.RESET, {"t": teacher.id, "p": fingerprint})
    return send(
        teacher.email,
        "Set a new password for Rat-a-Tat-Cat Classroom",
        "reset_password",
        wait=False,  # the page answers as fast for an address with no account
        teacher=teacher,
        url=link("auth.reset_password", token=token),
        minutes=current_app.config["PASSWORD_RESET_MINUTES"],
    )


def send_password_changed(teacher: Teacher) -> bool:
    """Tell the teacher their password was changed, in case it was not them."""
    return send(
        teacher.email,
        "Your Rat-a-Tat-Cat Classroom password was changed",
        "password_changed",
        teacher=teacher,
        when=told_time(teacher, datetime.now(UTC)),
        forgot=link("auth.forgot_password"),
    )


def teacher_zone(teacher: Teacher) -> str:
    """The teacher's own time zone: their class's, or their first class's (the one they
    joined first) when they have several; UTC when they have none."""
    joined = sorted(teacher.memberships, key=lambda m: (m.added_at.timestamp(), m.class_id))
    for membership in joined:
        if is_zone(membership.classroom.time_zone):
            return membership.classroom.time_zone
    return DEFAULT_ZONE


def told_time(teacher: Teacher, when: datetime) -> str:
    """A moment in the teacher's zone, saying which: "28 Nov 2026 at 06:05 (America/
    Los_Angeles)", or "28 Nov 2026 at 14:05 UTC" for a teacher with no class."""
    name = teacher_zone(teacher)
    moment = local(when, name).strftime("%d %b %Y at %H:%M")
    return f"{moment} UTC" if name == DEFAULT_ZONE else f"{moment} ({name} time)"


def sign_up_by_email(form: SignUpForm) -> Response:
    """Sign-up where mail is configured: the account waits for its address to be confirmed,
    and the page is the same whether the address had an account or not (that account's owner
    is told by email instead), and as fast: the password is hashed (the slow part) whether or
    not an account is made, and either email goes from a thread of its own after the page
    answered (tests/web/auth/test_sign_up_timing.py)."""
    email = form.email.data
    new = Teacher(email=email, name=form.name.data)
    new.set_password(form.password.data)  # in both branches, so both take as long
    existing = db.session.scalar(select(Teacher).where(Teacher.email == email))
    if existing is None:
        db.session.add(new)
        try:
            db.session.commit()
        except IntegrityError:  # the same email signed up a moment ago
            db.session.rollback()
            existing = db.session.scalar(select(Teacher).where(Teacher.email == email))
        else:
            send_confirmation(new, wait=False)
    if existing is not None:
        send(
            existing.email,
            "Someone tried to make an account with your email",
            "already_signed_up",
            wait=False,
            teacher=existing,
            sign_in=link("auth.sign_in"),
            forgot=link("auth.forgot_password"),
        )
    flash(
        f"We sent a message to {email}.",
        "success",
    )
    return redirect(url_for("auth.check_email"))
