"""PostgreSQL connections under gevent (classroom.green_wait): a query's answer looked at
before waiting, and a wait that lets the other greenlets run. gevent must patch the standard
library before anything else is imported, so the checks run in a process of their own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine

import classroom.extensions  # noqa: F401  (its do_connect hook is what is checked)
from classroom.green_wait import GreenConnection

ROOT = Path(__file__).resolve().parent.parent

UNDER_GEVENT = r"""
from gevent import monkey

monkey.patch_all()

import json
import sys
import time

import gevent
import psycopg
from psycopg import errors, generators
from sqlalchemy import create_engine, text

import classroom.extensions  # noqa: F401  (the do_connect hook)
from classroom.green_wait import GreenConnection

engine = create_engine(sys.argv[1], pool_size=12)
found = {}

with engine.connect() as connection:
    found["class"] = type(connection.connection.dbapi_connection).__name__

# Ten greenlets, each on its own connection, each sleeping 0.3 s in the server: waiting
# cooperatively they take about 0.3 s in all, one after the other they would take 3 s.
connections = [engine.connect() for _ in range(10)]
for connection in connections:
    connection.execute(text("SELECT 1"))
started = time.perf_counter()
gevent.joinall(
    [gevent.spawn(c.execute, text("SELECT pg_sleep(0.3)")) for c in connections], raise_error=True
)
found["ten_sleeps_s"] = time.perf_counter() - started

# Answers reach the greenlet that asked, many times over, while the others ask too.
def ask(connection, n):
    return all(
        connection.execute(text("SELECT :n * 2 + :i"), {"n": n, "i": i}).scalar() == n * 2 + i
        for i in range(200)
    )

jobs = [gevent.spawn(ask, c, n) for n, c in enumerate(connections)]
gevent.joinall(jobs, raise_error=True)
found["answers_right"] = all(job.value for job in jobs)

# A query's error is the server's, and the connection goes on after a rollback.
first = connections[0]
try:
    first.execute(text("SELECT 1 / 0"))
    found["error"] = None
except Exception as problem:
    found["error"] = type(getattr(problem, "orig", problem)).__name__
first.rollback()
found["after_error"] = first.execute(text("SELECT 7")).scalar()

# A deadline ends a wait for an answer that does not come in time.
green = GreenConnection.connect(sys.argv[2], autocommit=True)
green.pgconn.send_query(b"SELECT pg_sleep(2)")
started = time.perf_counter()
try:
    green.wait(generators.execute(green.pgconn), timeout=0.2)
    found["timeout"] = None
except errors._WaitTimeout:
    found["timeout"] = time.perf_counter() - started
green.close()

# A connection the server ends raises an error at its next query instead of waiting forever.
victim = connections[1]
pid = victim.execute(text("SELECT pg_backend_pid()")).scalar()
victim.commit()
connections[2].execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
connections[2].commit()
with gevent.Timeout(20, False):
    try:
        victim.execute(text("SELECT 1"))
        found["ended"] = "answered"
    except Exception as problem:
        found["ended"] = type(getattr(problem, "orig", problem)).__name__
for connection in connections:
    connection.invalidate() if connection is victim else connection.close()
print(json.dumps(found))
"""


def test_a_connection_outside_gevent_keeps_psycopgs_own(database_url: str) -> None:
    """Outside gevent (this process, a sync worker) the driver's own connection and its C
    wait: nothing is changed."""
    if not database_url.startswith("postgresql"):
        pytest.skip("a database server's connections: the PostgreSQL pass runs this")
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            dbapi = connection.connection.dbapi_connection
            assert isinstance(dbapi, psycopg.Connection)
            assert not isinstance(dbapi, GreenConnection)
    finally:
        engine.dispose()


def test_under_gevent_queries_wait_together_and_answer_right(database_url: str) -> None:
    """Under gevent: the engine's connections are GreenConnections; ten queries that each
    wait 0.3 s in the server take far less than ten times that together; every answer reaches
    the greenlet that asked; an error, a deadline and a connection the server ended each
    raise as psycopg's own wait does."""
    if not database_url.startswith("postgresql"):
        pytest.skip("a database server's connections: the PostgreSQL pass runs this")
    done = subprocess.run(
        [sys.executable, "-c", UNDER_GEVENT, database_url, _libpq(database_url)],
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["class"] == "GreenConnection"
    # One after the other: 3 s. Together: 0.3 s and the machine's delays (a busy CI).
    assert found["ten_sleeps_s"] < 1.5
    assert found["answers_right"] is True
    assert found["error"] == "DivisionByZero"
    assert found["after_error"] == 7
    assert found["timeout"] is not None and 0.15 < found["timeout"] < 1.5
    assert found["ended"] in {"OperationalError", "AdminShutdown"}


def _libpq(url: str) -> str:
    """A SQLAlchemy URL as libpq's own (postgresql://...), for a connection of the driver's."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)
