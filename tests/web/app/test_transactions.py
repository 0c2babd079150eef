"""A session's transaction that only read ends with COMMIT on PostgreSQL, so psycopg keeps its
prepared statements; one that wrote, or holds unsaved changes, is rolled back as before, on
both databases: classroom/transactions.py."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import select, text, update

from classroom.extensions import db
from classroom.models import Child
from classroom.transactions import reading
from tests.web.conftest import MadeChild

PREPARE_AFTER = 5  # psycopg prepares a statement at its fifth run on a connection


def name_of(app: Flask, child_id: int) -> str:
    with app.app_context():
        name = db.session.scalar(select(Child.display_name).where(Child.id == child_id))
        db.session.remove()
        return str(name)


def test_a_core_write_left_uncommitted_is_rolled_back(app: Flask, child: MadeChild) -> None:
    with app.app_context():
        db.session.execute(select(Child.id).where(Child.id == child.id)).all()
        db.session.execute(
            update(Child).where(Child.id == child.id).values(display_name="Never kept")
        )
        db.session.remove()  # as a request's teardown: nothing committed this write
    assert name_of(app, child.id) == child.display_name


@pytest.mark.parametrize("flushed", [True, False], ids=["flushed-by-a-read", "never-flushed"])
def test_a_change_of_a_row_left_uncommitted_is_not_kept(
    app: Flask, child: MadeChild, flushed: bool
) -> None:
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        row.display_name = "Never kept"
        if flushed:  # the read flushes the change first (autoflush): the transaction wrote
            db.session.execute(select(Child.id)).all()
        db.session.remove()  # dirty or written: the close must not commit it
    assert name_of(app, child.id) == child.display_name


def test_rows_read_stay_readable_after_the_close(app: Flask, child: MadeChild) -> None:
    with app.app_context():
        row = db.session.get(Child, child.id)
        assert row is not None
        db.session.close()  # a commit of the reads must not expire the row it leaves detached
        assert row.display_name == child.display_name


def test_a_failed_read_is_closed_without_error(app: Flask, child: MadeChild) -> None:
    with app.app_context():
        with pytest.raises(Exception, match="no_such_table"):
            db.session.execute(text("SELECT * FROM no_such_table")).all()
        db.session.remove()
        # The next request's session is as good as new.
        assert db.session.scalar(select(Child.id).where(Child.id == child.id)) == child.id
        db.session.remove()


def prepared_here() -> set[str]:
    """The statements prepared on the session's connection (its server process's own)."""
    rows = db.session.scalars(text("SELECT statement FROM pg_prepared_statements"))
    return {str(statement) for statement in rows}


def test_reads_of_requests_one_after_another_are_prepared(pg_app: Flask, child: MadeChild) -> None:
    query = select(Child.display_name).where(Child.id == child.id)
    with pg_app.app_context():
        for _ in range(PREPARE_AFTER + 1):
            # A request that only reads: its session closes at the end (a rollback made
            # psycopg forget every prepared statement, and nothing ever was).
            assert db.session.scalar(query) == child.display_name
            db.session.remove()
        assert any("FROM children" in statement for statement in prepared_here())
        db.session.remove()


def test_reads_on_a_connection_of_their_own_are_prepared(pg_app: Flask, child: MadeChild) -> None:
    query = select(Child.display_name).where(Child.id == child.id)
    with pg_app.app_context():
        for _ in range(PREPARE_AFTER + 1):
            with reading(db.engine) as connection:  # as an event stream's shared read
                assert connection.scalar(query) == child.display_name
        assert any("FROM children" in statement for statement in prepared_here())
        db.session.remove()


def test_a_read_of_its_own_sends_no_begin_and_leaves_the_pool_as_it_was(pg_app: Flask) -> None:
    with pg_app.app_context():
        with reading(db.engine) as connection:
            dbapi = connection.connection.dbapi_connection
            assert dbapi is not None and dbapi.autocommit  # no BEGIN, no COMMIT: one round trip
            assert connection.scalar(text("SELECT 1")) == 1
        # The pool's next user (a request's session) gets the connection back in transactions.
        assert db.engine.pool.checkedout() == 0
        session_connection = db.session.connection().connection.dbapi_connection
        assert session_connection is dbapi and not dbapi.autocommit
        db.session.remove()
