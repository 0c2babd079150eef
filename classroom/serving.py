"""How bin/run serves the app: `python -m classroom.serving` prints the gunicorn worker class
the configuration needs ("gevent" when play pages listen to pushed updates, else "sync")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def push_seconds(config: Mapping[str, Any]) -> float:
    """TABLE_PUSH as a number of seconds (0: off; so is anything that is not a number)."""
    try:
        seconds = float(config.get("TABLE_PUSH") or 0)
    except (TypeError, ValueError):
        return 0.0
    return seconds if seconds > 0 else 0.0  # a NaN compares false: off


def worker_class(config: Mapping[str, Any]) -> str:
    """The gunicorn worker class for this configuration: an open event stream a play page
    (TABLE_PUSH) would tie up a sync worker, so pushed updates are served by gevent."""
    return "gevent" if push_seconds(config) > 0 else "sync"


# A gevent worker runs many requests at once, and each holds a pooled connection from its first
# query to its end, while it waits its turn for the worker's one core. SQLAlchemy keeps 5 and
# closes each connection made beyond them as it is given back: in a burst (a class signing in
# together, every tablet moving at once) a worker held about 15, so nearly every request opened
# a connection, and PostgreSQL started a process for it (17 a second under the stress figure:
# about 30 % of PostgreSQL's CPU; docs/performance.md, "Connections kept under gevent"). 15 are
# kept, 20 at most: two workers keep 30 of PostgreSQL's 100 (more workers or hosts: set
# SQLALCHEMY_ENGINE_OPTIONS, or put PgBouncer in front).
GEVENT_POOL = {"pool_size": 15, "max_overflow": 5}


def engine_pool(config: Mapping[str, Any], url: str) -> dict[str, Any]:
    """The connection pool's size for a database server's URL under this configuration's
    worker class; nothing for SQLite (opening its file costs no server process, and a
    database in memory has a pool of one connection)."""
    if worker_class(config) != "gevent" or url.startswith("sqlite"):
        return {}
    return dict(GEVENT_POOL)


def main() -> None:
    """Print the worker class for the configuration bin/run starts the app with."""
    from classroom import create_app

    print(worker_class(create_app().config))


if __name__ == "__main__":
    main()
