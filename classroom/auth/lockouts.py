"""Telling a teacher that their account was locked for new browsers.

Five wrong passwords a minute for an account (SIGN_IN_ACCOUNT_LIMIT) refuse its sign-in from
every browser it has not signed in on before: the trade-off that holds back guessing one
teacher's password from many addresses (docs/security.md, "Limits"). A stranger can use it to
lock a teacher out of a new computer, so the teacher is told: by email at the moment the
account is locked (where mail is configured), and on the page they reach at their next
sign-in, with when, how many tries and from how many addresses.

Each failed try for an email, known or not, is kept as a row (the email and the address as
keyed digests, never either) until the account's teacher signs in, and for a day at most.
Unknown emails are written too: a failed try then costs the same whether the email has an
account or not.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta

from flask import current_app, flash
from flask_limiter.util import get_remote_address
from sqlalchemy import delete, func, select

from classroom.emails import link, mail_configured, send
from classroom.extensions import db
from classroom.models import SignInFailure, Teacher
from classroom.zones import aware

KEEP = timedelta(days=1)


def _digest(value: str) -> str:
    """A keyed digest: enough to count distinct emails or addresses, not to name one."""
    key = str(current_app.config["SECRET_KEY"]).encode("utf-8")
    return hmac.new(key, value.encode("utf-8"), hashlib.sha256).hexdigest()


def _account(email: str) -> str:
    return _digest("account:" + email.strip().lower())


def failed(email: str, teacher: Teacher | None, *, locked: bool) -> None:
    """A failed try for the email typed (`teacher`: its account, if any) from this address;
    `locked`: the account's own limit refused it. The first such refusal since the teacher
    last signed in locks the account (noted, and told by email)."""
    now = datetime.now(UTC)
    db.session.execute(delete(SignInFailure).where(SignInFailure.failed_at < now - KEEP))
    db.session.add(
        SignInFailure(account=_account(email), address=_digest(get_remote_address()), failed_at=now)
    )
    newly_locked = teacher is not None and locked and teacher.locked_at is None
    if teacher is not None and newly_locked:
        teacher.locked_at = now
    db.session.commit()
    if teacher is not None and newly_locked and mail_configured():
        tries, addresses = counts(teacher)
        send(
            teacher.email,
            "Your Rat-a-Tat-Cat Classroom account was locked for new computers",
            "account_locked",
            wait=False,  # the 429 answers as fast as any other
            teacher=teacher,
            when=when(now),
            tries=tries,
            addresses=addresses,
            forgot=link("auth.forgot_password"),
        )


def forget_old_failures() -> int:
    """Delete the failed tries older than a day (`flask retention`, daily: rows are also
    deleted as new ones are written, but a quiet server writes none); how many."""
    cutoff = datetime.now(UTC) - KEEP
    gone = db.session.execute(delete(SignInFailure).where(SignInFailure.failed_at < cutoff))
    db.session.commit()
    return int(gone.rowcount or 0)  # type: ignore[attr-defined]


def counts(teacher: Teacher) -> tuple[int, int]:
    """How many failed tries the account has had since its teacher last signed in, and from
    how many addresses."""
    row = db.session.execute(
        select(func.count(), func.count(SignInFailure.address.distinct())).where(
            SignInFailure.account == _account(teacher.email)
        )
    ).one()
    return int(row[0]), int(row[1])


def when(moment: datetime) -> str:
    """A moment as the emails say it."""
    return aware(moment).astimezone(UTC).strftime("%d %b %Y at %H:%M UTC")


def told_at_sign_in(teacher: Teacher) -> None:
    """The teacher has just signed in: if their account was locked meanwhile, say so on the
    next page; the failed tries are then forgotten (committed by the caller's sign-in)."""
    if teacher.locked_at is not None:
        tries, addresses = counts(teacher)
        flash(
            f"Your account was locked for new computers on {when(teacher.locked_at)}: "
            f"{tries} wrong {'password' if tries == 1 else 'passwords'} from {addresses} "
            f"{'address' if addresses == 1 else 'addresses'}. Computers you had signed in on "
            "before could still sign in. If the wrong passwords were not yours, change your "
            "password.",
            "warning",
        )
        teacher.locked_at = None
    db.session.execute(
        delete(SignInFailure).where(SignInFailure.account == _account(teacher.email))
    )
