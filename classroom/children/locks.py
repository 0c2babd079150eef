"""A child locked out by wrong secret pictures (CHILD_MAX_TRIES in a row): counted in one
statement with when the lock began, and said on the class page with why, beside the one tap
that lets them try again."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import case, update

from classroom.extensions import db
from classroom.models import Child
from classroom.zones import local, today_in


def count_wrong_try(child_id: int, max_tries: int) -> None:
    """One more wrong try of the secret pictures (one atomic UPDATE: tries from two tablets at
    once are both counted); the try that reaches `max_tries` notes when the lock began."""
    db.session.execute(
        update(Child)
        .where(Child.id == child_id)
        .values(
            failed_tries=Child.failed_tries + 1,
            locked_at=case(
                (Child.failed_tries + 1 == max_tries, datetime.now(UTC)), else_=Child.locked_at
            ),
        )
        .execution_options(synchronize_session=False)
    )


def why_locked(child: Child, time_zone: str | None) -> str:
    """Why the child cannot sign in, in the class's time, for the class page's Sign-in
    column: "Locked at 10:42 after 3 wrong tries" (with the day, when it was not today)."""
    count = child.failed_tries
    tries = f"{count} wrong {'try' if count == 1 else 'tries'}"
    if child.locked_at is None:
        return f"Locked after {tries}"
    when = local(child.locked_at, time_zone)
    day = "" if when.date() == today_in(time_zone) else f"on {when.day} {when:%b} "
    return f"Locked {day}at {when:%H:%M} after {tries}"
