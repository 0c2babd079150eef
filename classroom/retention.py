"""`flask retention`: children archived longer than RETENTION_DAYS are deleted with all of
their data, and teachers' sessions older than TEACHER_SESSION_DAYS are forgotten
(docs/security.md). Run it daily, by cron or a systemd timer (README)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import delete, select

from classroom.auth.lockouts import forget_old_failures
from classroom.children.removal import Deleted, delete_child
from classroom.extensions import db
from classroom.models import Child, TeacherSession


def archived_too_long(days: float, now: datetime | None = None) -> list[Child]:
    """Children archived more than `days` days before `now`."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
    return list(
        db.session.scalars(
            select(Child)
            .where(Child.archived_at.is_not(None), Child.archived_at < cutoff)
            .order_by(Child.archived_at, Child.id)
        )
    )


def apply_retention(days: float) -> list[Deleted]:
    """Delete every child archived longer than `days` days, each in its own transaction."""
    deleted = []
    for child in archived_too_long(days):
        deleted.append(delete_child(child))
        db.session.commit()
    return deleted


def forget_expired_sessions() -> int:
    """Delete the rows of teachers' sessions that have ended by age (a teacher who never signs
    in again leaves them behind otherwise); how many."""
    days = float(current_app.config["TEACHER_SESSION_DAYS"])
    cutoff = datetime.now(UTC) - timedelta(days=days)
    gone = db.session.execute(delete(TeacherSession).where(TeacherSession.started_at <= cutoff))
    db.session.commit()
    return int(gone.rowcount or 0)  # type: ignore[attr-defined]


def children(n: int) -> str:
    return f"{n} child" if n == 1 else f"{n} children"


@click.command("retention")
@with_appcontext
@click.option("--dry-run", is_flag=True, help="Only list the children who would be deleted.")
def retention_command(dry_run: bool) -> None:
    """Delete children archived longer than RETENTION_DAYS (365) with all of their data."""
    days = float(current_app.config["RETENTION_DAYS"])
    if dry_run:
        due = archived_too_long(days)
        click.echo(f"{children(len(due))} archived more than {days:g} days ago would be deleted.")
        for child in due:
            click.echo(f"- {child.display_name} (child {child.id}, {child.classroom.name})")
        return
    deleted = apply_retention(days)
    click.echo(f"Deleted {children(len(deleted))} archived more than {days:g} days ago.")
    for gone in deleted:
        click.echo(f"- {gone.describe()}")
    sessions = forget_expired_sessions()
    click.echo(
        f"Forgot {sessions} teacher {'session' if sessions == 1 else 'sessions'} older than "
        f"{current_app.config['TEACHER_SESSION_DAYS']:g} days."
    )
    failures = forget_old_failures()
    click.echo(
        f"Forgot {failures} failed sign-in {'try' if failures == 1 else 'tries'} older than a day."
    )
