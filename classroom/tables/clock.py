"""The table services' clock, and the settings of time they share (the computer's pace, how
long a seat may go unseen)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import current_app


def now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def aware(when: datetime | None) -> datetime | None:
    """SQLite hands back naive date-times; they were stored in UTC."""
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when


def computer_pace() -> timedelta:
    """The pause before each computer player's action (config COMPUTER_PACE)."""
    return timedelta(seconds=float(current_app.config["COMPUTER_PACE"]))


def plays_in_requests() -> bool:
    """Does the current app play what is due at its tables in its requests, instead of the
    table clock's thread (classroom.live.clock)? Only a test app with TABLE_CLOCK_THREAD off:
    the suite drives time by its requests (Flask's test client, no thread between them).
    Never in production, where a read changes nothing."""
    app = current_app
    return bool(app.testing and not app.config.get("TABLE_CLOCK_THREAD", True))


def away_after() -> float:
    """Seconds a child's seat may go unseen on their turn (config AWAY_AFTER; 0: never away)."""
    return float(current_app.config["AWAY_AFTER"])
