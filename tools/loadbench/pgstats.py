"""The benchmark's PostgreSQL server: where it is, a connection to its `postgres` database for
the work done beside the app's (making and dropping a run's database, reading statistics), and
how many connections it started for a run's database: each is a server process, forked and
set up, and a pool too small for its workers' bursts opens and closes one for nearly every
request (docs/performance.md, "Connections kept under gevent")."""

from __future__ import annotations

from typing import Any

PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"


def admin() -> Any:
    """A connection (autocommit) to the server's `postgres` database, not a run's own: what is
    done there starts no connection to the run's database."""
    import psycopg

    return psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, dbname="postgres", autocommit=True,
        connect_timeout=5,
    )  # fmt: skip


def connections_started(database: str) -> int | None:
    """The sessions the server has started for `database` so far (`pg_stat_database.sessions`,
    PostgreSQL 14 and later); None where it cannot say."""
    import psycopg

    try:
        with admin() as connection:
            row = connection.execute(
                "SELECT sessions FROM pg_stat_database WHERE datname = %s", (database,)
            ).fetchone()
    except psycopg.Error:  # an older server (no such column), or none to ask
        return None
    return None if row is None or row[0] is None else int(row[0])
