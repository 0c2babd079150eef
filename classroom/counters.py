"""Rate-limit counters in the app's own database, for the limits library behind Flask-Limiter.

`RATELIMIT_STORAGE_URI = "database://"` (the default) keeps every limit's count in the table
rate_limit_counters, so two gunicorn workers, or two hosts on one PostgreSQL, count the same
tries: a limit of 10 a minute means 10, not 10 per process. Where Redis is configured
(`redis://...`), Flask-Limiter uses it instead and this module is not involved.

Each count is one row per key and window (fixed windows, Flask-Limiter's default strategy),
changed by one atomic upsert, so tries arriving at once on two processes are all counted.
"""

from __future__ import annotations

import hashlib
import random
import time
import weakref

from flask import current_app
from limits.storage import Storage
from sqlalchemy import Engine, case, create_engine, delete, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from classroom.extensions import db
from classroom.models import RateLimitCounter

SCHEME = "database"
# About one increment in this many also deletes windows that have ended, so the table keeps
# only the current windows (a few rows per address and account that failed lately).
SWEEP_ONE_IN = 200

_TABLE = RateLimitCounter.__table__


def _engine() -> Engine:
    """The counters' own engine, with a pool apart from the requests': a count is taken
    while the request's session holds a connection, and where many requests run at once
    (gevent, threads) they must never all hold one and wait for a second from the same pool.
    A database in memory has only the app's engine."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    engine: Engine | None = app.extensions.get("counters_engine")
    if engine is None:
        url = db.engine.url
        if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
            engine = db.engine
        else:
            # One connection kept, a few more while sign-ins come at once: counts are rare
            # (failed tries), and a database server allows only so many connections.
            options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
            options = options | {"pool_size": 1, "max_overflow": 9}
            engine = create_engine(url, **options)
            # Its connections are closed with the app, not left for the garbage collector.
            weakref.finalize(app, engine.dispose)
        app.extensions["counters_engine"] = engine
    return engine


def digest(key: str) -> str:
    """The row's key: a limit's key names an address or an email, which we need not keep."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class DatabaseStorage(Storage):
    """Fixed-window counters in rate_limit_counters (the app's SQLite or PostgreSQL)."""

    STORAGE_SCHEME = [SCHEME]

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Add `amount` to the key's window, starting a new window if the last one ended."""
        now = time.time()
        insert = (postgresql if db.engine.dialect.name == "postgresql" else sqlite).insert
        alive = _TABLE.c.expires_at > now
        statement = (
            insert(_TABLE)
            .values(key=digest(key), count=amount, expires_at=now + expiry)
            .on_conflict_do_update(
                index_elements=[_TABLE.c.key],
                set_={
                    "count": case((alive, _TABLE.c.count + amount), else_=amount),
                    "expires_at": case((alive, _TABLE.c.expires_at), else_=now + expiry),
                },
            )
            .returning(_TABLE.c.count)
        )
        with _engine().begin() as connection:
            count = connection.execute(statement).scalar_one()
            if random.randrange(SWEEP_ONE_IN) == 0:
                connection.execute(delete(_TABLE).where(_TABLE.c.expires_at <= now))
        return int(count)

    def get(self, key: str) -> int:
        """The key's count in its current window (0 when there is none)."""
        with _engine().connect() as connection:
            count = connection.execute(
                select(_TABLE.c.count).where(
                    _TABLE.c.key == digest(key), _TABLE.c.expires_at > time.time()
                )
            ).scalar()
        return int(count or 0)

    def get_expiry(self, key: str) -> float:
        """When the key's current window ends (now, when there is none)."""
        now = time.time()
        with _engine().connect() as connection:
            expires = connection.execute(
                select(_TABLE.c.expires_at).where(
                    _TABLE.c.key == digest(key), _TABLE.c.expires_at > now
                )
            ).scalar()
        return float(expires or now)

    def check(self) -> bool:
        """Is the database there?"""
        try:
            with _engine().connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        """Forget every count."""
        with _engine().begin() as connection:
            return int(connection.execute(delete(_TABLE)).rowcount)

    def clear(self, key: str) -> None:
        """Forget one key's count."""
        with _engine().begin() as connection:
            connection.execute(delete(_TABLE).where(_TABLE.c.key == digest(key)))
