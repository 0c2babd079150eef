"""A pooled PostgreSQL connection that the server dropped is replaced at checkout, so the
first request after a database restart is answered (no 500), and a connection the server
merely spoke on (a notification) is kept: classroom/extensions._dropped_by_the_server."""

from __future__ import annotations

import select

import pytest
from flask import Flask
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from classroom.extensions import db


def from_outside(app: Flask, sql: str, **params: object) -> None:
    """Run a statement on a connection of its own, not the app's pool."""
    with app.app_context():
        engine = create_engine(db.engine.url, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text(sql), params)
    engine.dispose()


def backend_pid(app: Flask) -> int:
    """The server process of the connection a request would check out now."""
    with app.app_context():
        pid = int(db.session.scalar(text("SELECT pg_backend_pid()")) or 0)
        db.session.remove()  # the connection goes back to the pool
        return pid


def test_a_connection_the_server_dropped_is_replaced_before_a_request_uses_it(
    pg_app: Flask,
) -> None:
    first = backend_pid(pg_app)
    assert backend_pid(pg_app) == first  # the pool keeps it
    # Ended from outside, as a restart would (waiting up to 5 s until its process is gone).
    from_outside(pg_app, "SELECT pg_terminate_backend(:pid, 5000)", pid=first)
    # The pooled connection is dead: the request gets a fresh one instead of an error.
    assert pg_app.test_client().get("/").status_code == 200
    second = backend_pid(pg_app)
    assert second != first
    assert backend_pid(pg_app) == second


def test_a_connection_with_a_message_waiting_is_asked_and_kept(pg_app: Flask) -> None:
    with pg_app.app_context():
        listening = db.session.connection()
        pid = int(listening.scalar(text("SELECT pg_backend_pid()")) or 0)
        listening.execute(text("LISTEN pool_checkout_test"))
        db.session.commit()
        db.session.remove()
    from_outside(pg_app, "NOTIFY pool_checkout_test")
    # The notification waits on the pooled connection's socket: the checkout asks the
    # server (SELECT 1), which answers, and the connection is kept.
    assert backend_pid(pg_app) == pid
    with pg_app.app_context():
        db.session.execute(text("UNLISTEN *"))
        db.session.commit()


def test_the_check_looks_at_the_socket_with_the_systems_poll_even_under_gevent(
    pg_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gevent replaces select.poll with its own (a watcher and a timer at every call); a look
    that never waits needs none of it, so the check keeps the system's: with select.poll
    made unusable, connections are still kept, and a dropped one still replaced."""

    def patched(*_args: object) -> None:
        raise AssertionError("the checkout used select.poll as patched")

    monkeypatch.setattr(select, "poll", patched)
    first = backend_pid(pg_app)
    assert backend_pid(pg_app) == first
    from_outside(pg_app, "SELECT pg_terminate_backend(:pid, 5000)", pid=first)
    assert pg_app.test_client().get("/").status_code == 200
    assert backend_pid(pg_app) not in (first, 0)
