"""Counting tries against a limit atomically: a try is counted first and then compared with
the limit, in the one statement that counts it (the storage's increment: an upsert that
returns the new count in the database, INCRBY in Redis). Checking the limit before a request
and counting it after let a burst sent at once through (all were checked before any was
counted); counted first, the limit's own number of tries get through, however many arrive
together and on however many processes. A try that turns out not to count (a successful
sign-in) is given back afterwards.

The counts live where Flask-Limiter keeps its own (the database by default, or Redis where
configured), so every app process sees the same tries.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import current_app
from limits import RateLimitItem, parse_many

from classroom.extensions import limiter

Limits = Sequence[RateLimitItem]


def limits_of(setting: str) -> list[RateLimitItem]:
    """The limits of a setting, e.g. SIGN_IN_LIMIT = "20 per minute;200 per hour"."""
    return parse_many(str(current_app.config[setting]))


def enabled() -> bool:
    """Are limits on (RATELIMIT_ENABLED; tests turn them off unless they test them)?"""
    return bool(current_app.config.get("RATELIMIT_ENABLED", True))


def key(*parts: str) -> tuple[str, ...]:
    """The identifiers of a count: the configured prefix (RATELIMIT_KEY_PREFIX), then `parts`."""
    prefix = str(current_app.config.get("RATELIMIT_KEY_PREFIX") or "")
    return tuple(part for part in (prefix, *parts) if part)


def take(limits: Limits, identifiers: Sequence[str]) -> bool:
    """Count one try against every limit of `limits` now; True if it is within all of them.
    Each count is increment-then-compare in one statement, so of tries arriving together
    exactly the limit's number are within it."""
    within = True
    for item in limits:
        # Every limit counts the try, even once another is over (a list, not all()'s
        # short cut), so the per-minute and per-hour counts stay in step.
        if not limiter.limiter.hit(item, *identifiers):
            within = False
    return within


def give_back(limits: Limits, identifiers: Sequence[str]) -> None:
    """Uncount a try counted by take() that turned out not to count (a successful sign-in)."""
    storage = limiter.limiter.storage
    for item in limits:
        storage.incr(item.key_for(*identifiers), item.get_expiry(), amount=-1)


def over(limits: Limits, identifiers: Sequence[str]) -> bool:
    """Is this count already at one of its limits (nothing counted)?"""
    return not all(limiter.limiter.test(item, *identifiers) for item in limits)
