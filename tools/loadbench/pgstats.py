"""How many connections the PostgreSQL server started for the benchmark's database: each is a
server process, forked and set up, and a pool too small for its workers' bursts opens and
closes one for nearly every request (docs/performance.md, "Connections kept under gevent")."""

from __future__ import annotations

import psycopg
from sqlalchemy.engine import make_url


def connections_started(url: str) -> int | None:
    """The sessions PostgreSQL has started for the database of `url` so far
    (`pg_stat_database.sessions`, PostgreSQL 14 and later), read from another database so
    that the reading adds none; None where the server cannot say."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql") or not parsed.database:
        return None
    admin = {"host": parsed.host, "port": parsed.port or 5432, "user": parsed.username}
    if parsed.password:
        admin["password"] = parsed.password
    try:
        with psycopg.connect(**admin, dbname="postgres", autocommit=True) as connection:  # type: ignore[arg-type]
            row = connection.execute(
                "SELECT sessions FROM pg_stat_database WHERE datname = %s", (parsed.database,)
            ).fetchone()
    except psycopg.Error:  # an older server (no such column), or none to ask
        return None
    return None if row is None or row[0] is None else int(row[0])
