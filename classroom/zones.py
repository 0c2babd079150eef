"""A class's own time zone: its days ("today", a date range, the tallies' days) and the times
it shows and exports are the class's local ones (docs/dashboards.md, "Days and time zones")."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

DEFAULT_ZONE = "UTC"  # a class made before zones existed, or whose browser gave none


@cache
def known_zones() -> frozenset[str]:
    """Every IANA zone name this machine knows ("Europe/Paris", "America/Los_Angeles")."""
    return frozenset(available_timezones()) | {DEFAULT_ZONE}


def is_zone(name: str | None) -> bool:
    """True for an IANA zone name that zoneinfo can load."""
    return bool(name) and name in known_zones()


@cache
def zone(name: str | None) -> ZoneInfo:
    """The ZoneInfo of a zone name; UTC for a missing or unknown one (never a 500)."""
    if not is_zone(name):
        return ZoneInfo(DEFAULT_ZONE)
    try:
        return ZoneInfo(name or DEFAULT_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def aware(when: datetime) -> datetime:
    """A stamp with its zone: SQLite hands back UTC without one."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def local(when: datetime, name: str | None) -> datetime:
    """A stored (UTC) stamp as the class's local time."""
    return aware(when).astimezone(zone(name))


def local_day(when: datetime | None, name: str | None) -> date:
    """The class's local day a stamp falls on; a row not yet stamped is written now."""
    return local(when or datetime.now(UTC), name).date()


def today_in(name: str | None, now: datetime | None = None) -> date:
    """Today in the class's zone."""
    return local_day(now or datetime.now(UTC), name)


def day_start(day: date, name: str | None) -> datetime:
    """The first moment of a local day, in UTC (for comparing with stored stamps)."""
    return datetime.combine(day, time.min, tzinfo=zone(name)).astimezone(UTC)


def offset_text(when: datetime, name: str | None) -> str:
    """A stamp in the class's zone with its offset, to the second: 2026-11-20T16:05:00-08:00."""
    return local(when, name).isoformat(timespec="seconds")
